//! One worker's upstream groups: which server takes the next request
//! (smooth weighted round-robin, as nginx does it), which servers are left
//! out after a failure (passive health: for `fail_timeout`, then tried
//! again), and the idle keep-alive connections kept to each server.
//!
//! Owned by one worker thread: no locks, no sharing, except each server's
//! `ServerState` (its health-check verdict and current address), which the
//! upstream monitor's thread writes.

use super::ServerStates;
use crate::config::Upstream;
use crate::config::UpstreamAddress;
use crate::net::BackendStream;
use rustls::ClientConfig;
use std::collections::VecDeque;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

pub struct Upstreams {
    groups: Vec<Group>,
    shared: Arc<ServerStates>,
}

struct Group {
    config: Upstream,
    /// The TLS client configuration, for an upstream with `tls = true`.
    tls: Option<Arc<ClientConfig>>,
    servers: Vec<ServerState>,
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
            groups: configs
                .iter()
                .enumerate()
                .map(|(i, c)| Group {
                    servers: c.servers.iter().map(|_| ServerState::default()).collect(),
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
    /// those health checks took out, and those in `tried`. None: no server
    /// is available (answer 502).
    pub fn pick(&mut self, group: usize, tried: &[usize]) -> Option<usize> {
        let now = Instant::now();
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

    /// Leaves a server out for `fail_timeout`; its idle connections go too.
    /// Returns true when it was up until now (so the caller logs it once).
    pub fn mark_failed(&mut self, group: usize, server: usize) -> bool {
        let g = &mut self.groups[group];
        let s = &mut g.servers[server];
        let now = Instant::now();
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
        let mut found = None;
        while let Some((conn, since)) = idle.pop_back() {
            // The server may have closed it meanwhile (its own idle timeout):
            // such a connection would fail the request it is given.
            if since.elapsed() < timeout
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

    /// Keeps a connection whose response ended cleanly, within the limit.
    pub fn put_idle(&mut self, group: usize, server: usize, conn: BackendStream) {
        let g = &mut self.groups[group];
        let idle = &mut g.servers[server].idle;
        let before = idle.len();
        let now = Instant::now();
        let timeout = g.config.keepalive_timeout;
        idle.retain(|(_, since)| now.duration_since(*since) < timeout);
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
        let picks: Vec<usize> = (0..7).map(|_| u.pick(0, &[]).unwrap()).collect();
        // nginx's smooth sequence for 5/1/1: a a b a c a a.
        assert_eq!(picks, vec![0, 0, 1, 0, 2, 0, 0]);
    }

    #[test]
    fn failed_servers_are_left_out_until_ok() {
        let mut u = upstreams(&[1, 1]);
        assert!(u.mark_failed(0, 0));
        assert!(!u.mark_failed(0, 0), "already down: not logged again");
        assert!((0..4).all(|_| u.pick(0, &[]) == Some(1)));
        assert_eq!(u.pick(0, &[1]), None, "the only other server was tried");
        u.mark_failed(0, 1);
        assert_eq!(u.pick(0, &[]), None);
        u.mark_ok(0, 0);
        assert_eq!(u.pick(0, &[]), Some(0));
    }
}
