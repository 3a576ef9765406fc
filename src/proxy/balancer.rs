//! One worker's upstream groups: which server takes the next request
//! (smooth weighted round-robin, as nginx does it; the fewest exchanges in
//! progress; or a consistent hash of a key: rendezvous hashing, where each
//! server scores each key and the best score wins), which servers are left
//! out after a failure (passive health: for `fail_timeout`, then tried
//! again), and the idle keep-alive connections kept to each server.
//!
//! Owned by one worker thread: no locks, no sharing, except each server's
//! `ServerState` (its health-check verdict and current address), which the
//! upstream monitor's thread writes.

use super::ServerStates;
use crate::clock::coarse_now;
use crate::config::UpstreamAddress;
use crate::config::{Balance, Upstream};
use crate::net::BackendStream;
use rustls::ClientConfig;
use std::collections::VecDeque;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

pub struct Upstreams {
    groups: Vec<Group>,
    shared: Arc<ServerStates>,
    /// Buffers that held a back end's response head and the start of its
    /// body, kept for the next response: a head buffer is too large for
    /// malloc's per-thread cache, and zeroing a new one cost more than the
    /// rest of reading the head (see `take_head_buffer`).
    spare_heads: Vec<Vec<u8>>,
}

/// The size of a response head buffer: most heads fit, a larger one grows
/// its buffer (which is then not kept).
const HEAD_BUFFER: usize = 4096;

/// Head buffers a worker keeps (`HEAD_BUFFER` each): one per response in
/// flight at once, up to this many.
const SPARE_HEADS: usize = 64;

struct Group {
    config: Upstream,
    /// The TLS client configuration, for an upstream with `tls = true`.
    tls: Option<Arc<ClientConfig>>,
    servers: Vec<ServerState>,
    /// `balance = "hash"`: each server's seed (the hash of its name).
    seeds: Vec<u64>,
    /// `balance = "least_conn"`: where the next tie is broken from.
    cursor: usize,
}

/// A 64-bit hash, the same in every process and build (FNV-1a, then
/// splitmix64's finalizer to spread FNV's weak low bits): fleets of
/// servers, and a restart, send a key to the same back end.
pub fn hash64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// Rendezvous (highest random weight) hashing: server `seed` scores the
/// key, weighted as in Schindelhauer and Schomaker's logarithmic method
/// (`-weight / ln(u)`, u uniform in (0, 1]), so each server's share is its
/// weight's, up to sampling noise, with no ring to build or keep; adding a
/// server moves only the keys it now wins, removing one only its own.
fn rendezvous_score(key: u64, seed: u64, weight: u32) -> f64 {
    let h = hash64(&(key ^ seed).to_le_bytes());
    // (h + 1) / 2^64, in (0, 1]; its logarithm is negative or 0.
    let u = ((h >> 11) as f64 + 1.0) / (1u64 << 53) as f64;
    -f64::from(weight) / u.ln()
}

#[derive(Default)]
struct ServerState {
    current_weight: i64,
    down_until: Option<Instant>,
    /// Idle connections, most recently used last, with when they went idle.
    idle: VecDeque<(BackendStream, Instant)>,
}

impl Upstreams {
    /// `tls`: each group's client configuration, as the load phase built
    /// them; `shared`: each server's verdict and address, `[group][server]`.
    pub fn new(
        configs: &[Upstream],
        tls: &[Option<Arc<ClientConfig>>],
        shared: Arc<ServerStates>,
    ) -> Upstreams {
        Upstreams {
            shared,
            spare_heads: Vec::new(),
            groups: configs
                .iter()
                .enumerate()
                .map(|(i, c)| Group {
                    servers: c.servers.iter().map(|_| ServerState::default()).collect(),
                    seeds: match c.balance {
                        Balance::Hash(_) => c
                            .servers
                            .iter()
                            .map(|s| hash64(s.name.as_bytes()))
                            .collect(),
                        _ => Vec::new(),
                    },
                    cursor: 0,
                    config: c.clone(),
                    tls: tls.get(i).cloned().flatten(),
                })
                .collect(),
        }
    }

    pub fn config(&self, group: usize) -> &Upstream {
        &self.groups[group].config
    }

    pub fn tls(&self, group: usize) -> Option<&Arc<ClientConfig>> {
        self.groups[group].tls.as_ref()
    }

    /// The next server for a request, skipping those that failed lately,
    /// those health checks took out, and those in `tried`: by the group's
    /// `balance` (`key`: the request's hashed key, for `hash`; without
    /// one, round-robin). None: no server is available (answer 502).
    pub fn pick(&mut self, group: usize, tried: &[usize], key: Option<u64>) -> Option<usize> {
        let now = coarse_now();
        match (&self.groups[group].config.balance, key) {
            (Balance::Hash(_), Some(key)) => return self.pick_by_key(group, tried, key, now),
            (Balance::LeastConn, _) => return self.pick_least_busy(group, tried, now),
            _ => {}
        }
        let g = &mut self.groups[group];
        let checked = &self.shared[group];
        let mut total = 0i64;
        let mut best: Option<(usize, i64)> = None;
        for (i, s) in g.servers.iter_mut().enumerate() {
            if tried.contains(&i) || s.down_until.is_some_and(|t| t > now) || !checked[i].is_up() {
                continue;
            }
            let weight = i64::from(g.config.servers[i].weight);
            s.current_weight += weight;
            total += weight;
            if best.is_none_or(|(_, w)| s.current_weight > w) {
                best = Some((i, s.current_weight));
            }
        }
        let (chosen, _) = best?;
        g.servers[chosen].current_weight -= total;
        Some(chosen)
    }

    fn available(&self, group: usize, server: usize, tried: &[usize], now: Instant) -> bool {
        !tried.contains(&server)
            && self.groups[group].servers[server]
                .down_until
                .is_none_or(|t| t <= now)
            && self.shared[group][server].is_up()
    }

    /// The available server whose score for `key` is highest.
    fn pick_by_key(&self, group: usize, tried: &[usize], key: u64, now: Instant) -> Option<usize> {
        let g = &self.groups[group];
        (0..g.servers.len())
            .filter(|&server| self.available(group, server, tried, now))
            .map(|server| {
                let weight = g.config.servers[server].weight;
                (rendezvous_score(key, g.seeds[server], weight), server)
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, server)| server)
    }

    /// The server with the fewest exchanges in progress (every worker's)
    /// for its weight; ties go round in turn.
    fn pick_least_busy(&mut self, group: usize, tried: &[usize], now: Instant) -> Option<usize> {
        let n = self.groups[group].servers.len();
        let cursor = self.groups[group].cursor;
        let mut best: Option<(usize, u64, u64)> = None;
        for server in (0..n).map(|i| (cursor + i) % n) {
            if !self.available(group, server, tried, now) {
                continue;
            }
            let active = self.shared[group][server].counters.active.load(Relaxed);
            let weight = u64::from(self.groups[group].config.servers[server].weight);
            // active/weight < best_active/best_weight, without division.
            if best.is_none_or(|(_, a, w)| active * w < a * weight) {
                best = Some((server, active, weight));
            }
        }
        let (chosen, _, _) = best?;
        self.groups[group].cursor = (chosen + 1) % n;
        Some(chosen)
    }

    /// Leaves a server out for `fail_timeout`; its idle connections go too.
    /// Returns true when it was up until now (so the caller logs it once).
    pub fn mark_failed(&mut self, group: usize, server: usize) -> bool {
        let g = &mut self.groups[group];
        let s = &mut g.servers[server];
        let now = coarse_now();
        let was_up = s.down_until.is_none_or(|t| t <= now);
        s.down_until = Some(now + g.config.fail_timeout);
        let dropped = s.idle.len();
        s.idle.clear();
        self.idle_changed(group, server, dropped, 0);
        was_up
    }

    /// A request to this server succeeded: it is up.
    pub fn mark_ok(&mut self, group: usize, server: usize) {
        self.groups[group].servers[server].down_until = None;
    }

    /// The server's state every worker shares (verdict, address, counters).
    pub fn state(&self, group: usize, server: usize) -> &Arc<super::ServerState> {
        &self.shared[group][server]
    }

    /// Tells the shared idle count that this worker's pool for a server
    /// went from `before` to `after` connections.
    fn idle_changed(&self, group: usize, server: usize, before: usize, after: usize) {
        let idle = &self.shared[group][server].counters.idle;
        if after > before {
            idle.fetch_add((after - before) as u64, Relaxed);
        } else {
            idle.fetch_sub((before - after) as u64, Relaxed);
        }
    }

    /// Where a new connection to this server goes now.
    pub fn address(&self, group: usize, server: usize) -> UpstreamAddress {
        self.shared[group][server].address()
    }

    /// An idle connection to this server that is still open, if any.
    pub fn take_idle(&mut self, group: usize, server: usize) -> Option<BackendStream> {
        let shared = &self.shared[group][server];
        // Its name resolved to a new address: connections to the old one
        // are not reused (only paid for once a server has moved).
        let moved_to = (shared.moves() > 0).then(|| shared.address());
        let g = &mut self.groups[group];
        let timeout = g.config.keepalive_timeout;
        let idle = &mut g.servers[server].idle;
        let before = idle.len();
        let now = coarse_now();
        let mut found = None;
        while let Some((conn, since)) = idle.pop_back() {
            // The server may have closed it meanwhile (its own idle timeout):
            // such a connection would fail the request it is given.
            if now.saturating_duration_since(since) < timeout
                && conn.is_open_and_quiet()
                && moved_to.as_ref().is_none_or(|a| conn.is_to(a))
            {
                found = Some(conn);
                break;
            }
        }
        let after = idle.len();
        self.idle_changed(group, server, before, after);
        found
    }

    /// A buffer of `HEAD_BUFFER` bytes to read a response head into: a
    /// spare one, or a new one.
    pub fn take_head_buffer(&mut self) -> Vec<u8> {
        self.spare_heads
            .pop()
            .unwrap_or_else(|| vec![0; HEAD_BUFFER])
    }

    /// A response is over: its head buffer may serve the next one (kept
    /// only at its first size, so the spares stay `SPARE_HEADS` x
    /// `HEAD_BUFFER` at most).
    pub fn give_back_head_buffer(&mut self, buf: Vec<u8>) {
        if buf.len() == HEAD_BUFFER && self.spare_heads.len() < SPARE_HEADS {
            self.spare_heads.push(buf);
        }
    }

    /// Keeps a connection whose response ended cleanly, within the limit.
    pub fn put_idle(&mut self, group: usize, server: usize, conn: BackendStream) {
        let g = &mut self.groups[group];
        let idle = &mut g.servers[server].idle;
        let before = idle.len();
        let now = coarse_now();
        let timeout = g.config.keepalive_timeout;
        // Oldest first (kept at the back, taken from the back): only the
        // front can have expired.
        while idle
            .front()
            .is_some_and(|(_, since)| now.duration_since(*since) >= timeout)
        {
            idle.pop_front();
        }
        if idle.len() < g.config.keepalive {
            conn.settle();
            idle.push_back((conn, now));
        }
        let after = idle.len();
        self.idle_changed(group, server, before, after);
    }
}

impl Drop for Upstreams {
    /// A generation's pool goes with it: its connections leave the shared
    /// idle counts.
    fn drop(&mut self) {
        for (g, group) in self.groups.iter().enumerate() {
            for (s, server) in group.servers.iter().enumerate() {
                self.idle_changed(g, s, server.idle.len(), 0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{UpstreamAddress, UpstreamServer};
    use std::time::Duration;

    fn upstream(weights: &[u32]) -> Upstream {
        Upstream {
            name: "app".into(),
            servers: weights
                .iter()
                .enumerate()
                .map(|(i, w)| UpstreamServer {
                    name: format!("127.0.0.1:{}", 9000 + i),
                    resolve: false,
                    address: UpstreamAddress::Tcp(
                        format!("127.0.0.1:{}", 9000 + i).parse().unwrap(),
                    ),
                    weight: *w,
                    tls_name: None,
                })
                .collect(),
            keepalive: 4,
            pass_underscore_headers: false,
            keepalive_timeout: Duration::from_secs(60),
            connect_timeout: Duration::from_secs(1),
            read_timeout: Duration::from_secs(1),
            fail_timeout: Duration::from_secs(60),
            proxy_protocol: false,
            tunnel_timeout: Duration::from_secs(3600),
            health_check: None,
            resolve_interval: None,
            tls: None,
            retry_body_bytes: 0,
            balance: Balance::RoundRobin,
        }
    }

    fn upstreams(weights: &[u32]) -> Upstreams {
        let configs = [upstream(weights)];
        let shared = super::super::ServerBoard::default().states_for(&configs);
        Upstreams::new(&configs, &[], shared)
    }

    #[test]
    fn weighted_round_robin_is_smooth_and_proportional() {
        let mut u = upstreams(&[5, 1, 1]);
        let picks: Vec<usize> = (0..7).map(|_| u.pick(0, &[], None).unwrap()).collect();
        // nginx's smooth sequence for 5/1/1: a a b a c a a.
        assert_eq!(picks, vec![0, 0, 1, 0, 2, 0, 0]);
    }

    #[test]
    fn failed_servers_are_left_out_until_ok() {
        let mut u = upstreams(&[1, 1]);
        assert!(u.mark_failed(0, 0));
        assert!(!u.mark_failed(0, 0), "already down: not logged again");
        assert!((0..4).all(|_| u.pick(0, &[], None) == Some(1)));
        assert_eq!(
            u.pick(0, &[1], None),
            None,
            "the only other server was tried"
        );
        u.mark_failed(0, 1);
        assert_eq!(u.pick(0, &[], None), None);
        u.mark_ok(0, 0);
        assert_eq!(u.pick(0, &[], None), Some(0));
    }

    #[test]
    fn head_buffers_are_reused_and_bounded() {
        let mut u = upstreams(&[1]);
        let first = u.take_head_buffer();
        assert_eq!(first.len(), HEAD_BUFFER);
        let at = first.as_ptr() as usize;
        u.give_back_head_buffer(first);
        let again = u.take_head_buffer();
        assert_eq!(again.as_ptr() as usize, at, "the spare one is handed out");
        // A buffer that grew for a large head is not kept.
        let mut grown = again;
        grown.resize(2 * HEAD_BUFFER, 0);
        u.give_back_head_buffer(grown);
        assert!(u.spare_heads.is_empty());
        for _ in 0..SPARE_HEADS + 10 {
            u.give_back_head_buffer(vec![0; HEAD_BUFFER]);
        }
        assert_eq!(u.spare_heads.len(), SPARE_HEADS);
    }

    /// Connections to a listener of the test's own, as a pool holds them.
    async fn backend_connections(n: usize) -> (tokio::net::TcpListener, Vec<BackendStream>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let mut conns = Vec::new();
        for _ in 0..n {
            let stream = tokio::net::TcpStream::connect(address).await.unwrap();
            conns.push(BackendStream::Tcp(stream));
        }
        (listener, conns)
    }

    #[tokio::test(flavor = "current_thread")]
    async fn idle_connections_past_keepalive_timeout_leave_the_pool_oldest_first() {
        let mut u = upstreams(&[1]);
        u.groups[0].config.keepalive_timeout = Duration::from_secs(10);
        let (_listener, mut conns) = backend_connections(3).await;
        let newest = conns.pop().unwrap();
        let (old, recent) = (conns.remove(0), conns.remove(0));
        let local = |c: &BackendStream| match c {
            BackendStream::Tcp(s) => s.local_addr().unwrap(),
            _ => unreachable!(),
        };
        let recent_addr = local(&recent);
        u.put_idle(0, 0, old);
        u.put_idle(0, 0, recent);
        // Went idle 20 s and 5 s ago: the first is past the timeout.
        let idle = &mut u.groups[0].servers[0].idle;
        idle[0].1 = Instant::now() - Duration::from_secs(20);
        idle[1].1 = Instant::now() - Duration::from_secs(5);
        u.put_idle(0, 0, newest);
        let idle = &u.groups[0].servers[0].idle;
        assert_eq!(idle.len(), 2, "the expired one was dropped");
        assert_eq!(local(&idle[0].0), recent_addr, "the recent one stays");
        assert_eq!(u.shared[0][0].counters.idle.load(Relaxed), 2);
    }

    fn hashed(n: usize) -> Upstreams {
        let mut config = upstream(&vec![1; n]);
        config.balance = Balance::Hash(crate::config::HashKey::ClientAddress);
        let configs = [config];
        let shared = super::super::ServerBoard::default().states_for(&configs);
        Upstreams::new(&configs, &[], shared)
    }

    #[test]
    fn consistent_hashing_spreads_keys_and_moves_few_when_a_server_joins() {
        let keys: Vec<u64> = (0..10_000u32)
            .map(|k| hash64(format!("user-{k}").as_bytes()))
            .collect();
        let mut four = hashed(4);
        let before: Vec<usize> = keys
            .iter()
            .map(|&k| four.pick(0, &[], Some(k)).unwrap())
            .collect();
        for server in 0..4 {
            let share = before.iter().filter(|&&s| s == server).count();
            assert!(
                (2250..=2750).contains(&share),
                "server {server}: {share} of 10000"
            );
        }
        let mut five = hashed(5);
        let after: Vec<usize> = keys
            .iter()
            .map(|&k| five.pick(0, &[], Some(k)).unwrap())
            .collect();
        let moved = before.iter().zip(&after).filter(|(a, b)| a != b).count();
        // The newcomer's share, and only to it.
        assert!(moved <= 2300, "{moved} keys moved");
        assert!(before.iter().zip(&after).all(|(a, b)| a == b || *b == 4));
        for server in 0..5 {
            let share = after.iter().filter(|&&s| s == server).count();
            assert!(
                (1800..=2200).contains(&share),
                "server {server}: {share} of 10000"
            );
        }
        // A server tried (or down) gives its keys to their next choice.
        let k = keys[0];
        let first = five.pick(0, &[], Some(k)).unwrap();
        let second = five.pick(0, &[first], Some(k)).unwrap();
        assert_ne!(first, second);
    }

    #[test]
    fn least_conn_picks_the_least_busy_by_weight_and_takes_turns() {
        let mut config = upstream(&[1, 1, 2]);
        config.balance = Balance::LeastConn;
        let configs = [config];
        let shared = super::super::ServerBoard::default().states_for(&configs);
        let mut u = Upstreams::new(&configs, &[], shared.clone());
        let active = |s: usize, n: u64| shared[0][s].counters.active.store(n, Relaxed);
        active(0, 3);
        active(1, 1);
        active(2, 3);
        // 1/1 < 3/2 < 3/1.
        assert_eq!(u.pick(0, &[], None), Some(1));
        active(1, 2);
        // 3/2 < 2/1.
        assert_eq!(u.pick(0, &[], None), Some(2));
        active(0, 0);
        active(1, 0);
        active(2, 0);
        let turns: Vec<usize> = (0..3).map(|_| u.pick(0, &[], None).unwrap()).collect();
        assert_eq!(turns, [0, 1, 2]);
    }
}
