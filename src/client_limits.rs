//! Per-client limits, shared by every worker: request rates (a token
//! bucket per client and rule, nginx's `limit_req` with `burst` and
//! `nodelay`) and open connections (nginx's `limit_conn`).
//!
//! A client is an address group: its /24 (IPv4) or /64 (IPv6) by default,
//! so one host cannot multiply its share by taking more addresses from
//! the block it is given. The state is shared across workers, so a client
//! whose connections land on several workers gets the configured rate,
//! not that rate per worker. It lives in sharded mutexes: a request to a
//! route with a rule takes one uncontended lock (the benchmark measures
//! it); a request without one touches nothing.
//!
//! Memory is bounded: a full shard first forgets the buckets that have
//! refilled (a client idle long enough is as if new), and when still full
//! lets the new client through uncounted rather than refusing clients it
//! cannot tell apart (counted in `table_full`). The connection counts
//! hold only clients with open connections.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

const SHARDS: usize = 16;
/// Buckets kept per shard (about 40 bytes each): 262,144 clients in all.
const BUCKETS_PER_SHARD: usize = 16_384;

/// How addresses are grouped into clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grouping {
    pub ipv4_prefix: u8,
    pub ipv6_prefix: u8,
}

impl Default for Grouping {
    fn default() -> Self {
        Grouping {
            ipv4_prefix: 24,
            ipv6_prefix: 64,
        }
    }
}

/// A client: its address group's first address and prefix length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientKey {
    network: u128,
    v6: bool,
}

impl Grouping {
    pub fn key(&self, address: IpAddr) -> ClientKey {
        match address.to_canonical() {
            IpAddr::V4(a) => ClientKey {
                network: u128::from(u32::from(a) & mask32(self.ipv4_prefix)),
                v6: false,
            },
            IpAddr::V6(a) => ClientKey {
                network: u128::from(a) & mask128(self.ipv6_prefix),
                v6: true,
            },
        }
    }
}

fn mask32(prefix: u8) -> u32 {
    u32::MAX
        .checked_shl(32 - u32::from(prefix.min(32)))
        .unwrap_or(0)
}

fn mask128(prefix: u8) -> u128 {
    u128::MAX
        .checked_shl(128 - u32::from(prefix.min(128)))
        .unwrap_or(0)
}

/// A request rate: `per_second` on average, `burst` at once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

/// Whether a request may go on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Admission {
    Pass,
    /// Over the rate: the whole seconds until a request would pass.
    Refuse {
        retry_after: u64,
    },
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    /// When `tokens` was last brought up to date.
    at: Instant,
}

type Buckets = HashMap<(u64, ClientKey), Bucket, foldhash::fast::FixedState>;

/// Request-rate buckets, by rule and client.
#[derive(Default)]
pub struct RateTable {
    shards: [Mutex<Buckets>; SHARDS],
    hasher: foldhash::fast::FixedState,
    /// Clients let through uncounted because their shard was full.
    pub table_full: AtomicU64,
}

/// A poisoned lock (a panic while holding it) still holds usable counts.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl RateTable {
    fn shard(&self, key: &impl Hash) -> usize {
        (self.hasher.hash_one(key) as usize) % SHARDS
    }

    /// Takes a token from the bucket of `rule` (any number naming the
    /// rule) and `client`, as of `now`.
    pub fn admit(&self, rule: u64, client: ClientKey, rate: Rate, now: Instant) -> Admission {
        let key = (rule, client);
        let mut shard = lock(&self.shards[self.shard(&key)]);
        if !shard.contains_key(&key) && shard.len() >= BUCKETS_PER_SHARD {
            // Refilled buckets are as good as absent.
            shard.retain(|_, b| refilled(b, rate, now) < rate.burst);
            if shard.len() >= BUCKETS_PER_SHARD {
                self.table_full.fetch_add(1, Relaxed);
                return Admission::Pass;
            }
        }
        let bucket = shard.entry(key).or_insert(Bucket {
            tokens: rate.burst,
            at: now,
        });
        bucket.tokens = refilled(bucket, rate, now);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Admission::Pass;
        }
        let wait = (1.0 - bucket.tokens) / rate.per_second;
        Admission::Refuse {
            retry_after: wait.ceil().max(1.0) as u64,
        }
    }
}

/// A bucket's tokens at `now`, up to the burst.
fn refilled(bucket: &Bucket, rate: Rate, now: Instant) -> f64 {
    let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
    (bucket.tokens + elapsed * rate.per_second).min(rate.burst)
}

/// Open connections by client.
#[derive(Default)]
pub struct ConnectionTable {
    shards: [Mutex<HashMap<ClientKey, u32>>; SHARDS],
}

/// An admitted connection: counted until dropped.
pub struct ConnectionSlot {
    table: Arc<ConnectionTable>,
    client: ClientKey,
}

impl ConnectionTable {
    fn shard(&self, client: &ClientKey) -> &Mutex<HashMap<ClientKey, u32>> {
        // The network's low bits vary most between clients.
        let spread = (client.network >> if client.v6 { 64 } else { 8 }) as usize;
        &self.shards[spread % SHARDS]
    }

    /// A slot for one more connection of `client`, unless it has `limit`
    /// open already.
    pub fn admit(self: &Arc<Self>, client: ClientKey, limit: u32) -> Option<ConnectionSlot> {
        let mut shard = lock(self.shard(&client));
        let open = shard.entry(client).or_insert(0);
        if *open >= limit {
            return None;
        }
        *open += 1;
        Some(ConnectionSlot {
            table: self.clone(),
            client,
        })
    }

    /// Connections `client` has open.
    pub fn open(&self, client: ClientKey) -> u32 {
        lock(self.shard(&client)).get(&client).copied().unwrap_or(0)
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut shard = lock(self.table.shard(&self.client));
        if let Some(open) = shard.get_mut(&self.client) {
            *open -= 1;
            if *open == 0 {
                shard.remove(&self.client);
            }
        }
    }
}

/// What the process keeps across reloads: the counts and buckets.
#[derive(Default)]
pub struct ClientLimits {
    pub rates: RateTable,
    pub connections: Arc<ConnectionTable>,
}

/// A rule's number in the rate table, from where it was configured
/// (`site[1].route[0].rate_limit`): a reload that keeps the rule keeps
/// its clients' buckets.
pub fn rule_id(key: &str) -> u64 {
    foldhash::fast::FixedState::with_seed(0x7a1c).hash_one(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn v4(a: &str) -> IpAddr {
        a.parse().unwrap()
    }

    #[test]
    fn addresses_group_by_prefix() {
        let g = Grouping::default();
        assert_eq!(g.key(v4("192.0.2.1")), g.key(v4("192.0.2.200")));
        assert_ne!(g.key(v4("192.0.2.1")), g.key(v4("192.0.3.1")));
        assert_eq!(g.key(v4("2001:db8::1")), g.key(v4("2001:db8::ffff:1")));
        assert_ne!(g.key(v4("2001:db8::1")), g.key(v4("2001:db8:0:1::1")));
        // An IPv4-mapped address is its IPv4 client.
        assert_eq!(g.key(v4("::ffff:192.0.2.9")), g.key(v4("192.0.2.1")));
        let exact = Grouping {
            ipv4_prefix: 32,
            ipv6_prefix: 128,
        };
        assert_ne!(exact.key(v4("192.0.2.1")), exact.key(v4("192.0.2.2")));
        let all = Grouping {
            ipv4_prefix: 0,
            ipv6_prefix: 0,
        };
        assert_eq!(all.key(v4("10.0.0.1")), all.key(v4("192.0.2.2")));
    }

    #[test]
    fn a_bucket_allows_the_burst_then_the_rate() {
        let table = RateTable::default();
        let rate = Rate {
            per_second: 2.0,
            burst: 3.0,
        };
        let client = Grouping::default().key(v4("192.0.2.1"));
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(table.admit(1, client, rate, t0), Admission::Pass);
        }
        assert_eq!(
            table.admit(1, client, rate, t0),
            Admission::Refuse { retry_after: 1 }
        );
        // Half a second refills one token at 2/s.
        let t1 = t0 + Duration::from_millis(500);
        assert_eq!(table.admit(1, client, rate, t1), Admission::Pass);
        assert!(matches!(
            table.admit(1, client, rate, t1),
            Admission::Refuse { .. }
        ));
        // Another rule, another client: their own buckets.
        assert_eq!(table.admit(2, client, rate, t1), Admission::Pass);
        let other = Grouping::default().key(v4("192.0.3.1"));
        assert_eq!(table.admit(1, other, rate, t1), Admission::Pass);
        // Ten seconds idle: full again, never more than the burst.
        let t2 = t1 + Duration::from_secs(10);
        for _ in 0..3 {
            assert_eq!(table.admit(1, client, rate, t2), Admission::Pass);
        }
        assert!(matches!(
            table.admit(1, client, rate, t2),
            Admission::Refuse { .. }
        ));
    }

    #[test]
    fn slow_rates_say_how_long_to_wait() {
        let table = RateTable::default();
        let rate = Rate {
            per_second: 0.1,
            burst: 1.0,
        };
        let client = Grouping::default().key(v4("192.0.2.1"));
        let t0 = Instant::now();
        assert_eq!(table.admit(1, client, rate, t0), Admission::Pass);
        assert_eq!(
            table.admit(1, client, rate, t0 + Duration::from_secs(4)),
            Admission::Refuse { retry_after: 6 }
        );
    }

    #[test]
    fn a_full_table_forgets_refilled_buckets_then_lets_through() {
        let table = RateTable::default();
        let rate = Rate {
            per_second: 1.0,
            burst: 1.0,
        };
        let g = Grouping {
            ipv4_prefix: 32,
            ipv6_prefix: 128,
        };
        let t0 = Instant::now();
        let n = (SHARDS * BUCKETS_PER_SHARD) as u32;
        for i in 0..n + 1000 {
            let client = g.key(IpAddr::from(std::net::Ipv4Addr::from(i)));
            assert_eq!(table.admit(1, client, rate, t0), Admission::Pass);
        }
        assert!(table.table_full.load(Relaxed) > 0);
        // A second later every bucket has refilled: room again.
        let t1 = t0 + Duration::from_secs(1);
        let before = table.table_full.load(Relaxed);
        let late = g.key(IpAddr::from(std::net::Ipv4Addr::from(n + 5000)));
        assert_eq!(table.admit(1, late, rate, t1), Admission::Pass);
        assert_eq!(
            table.admit(1, late, rate, t1),
            Admission::Refuse { retry_after: 1 }
        );
        assert_eq!(table.table_full.load(Relaxed), before);
    }

    #[test]
    fn connection_slots_count_until_dropped() {
        let table = Arc::new(ConnectionTable::default());
        let client = Grouping::default().key(v4("192.0.2.1"));
        let a = table.admit(client, 2).unwrap();
        let b = table.admit(client, 2).unwrap();
        assert!(table.admit(client, 2).is_none());
        assert_eq!(table.open(client), 2);
        drop(a);
        let c = table.admit(client, 2).unwrap();
        drop((b, c));
        assert_eq!(table.open(client), 0);
        assert!(table.shards.iter().all(|s| lock(s).is_empty()));
    }
}
