//! Active health checks. Every server of an upstream with `health_check`
//! gets `GET path` every `interval` from the process's `health` thread,
//! off every request path; `fails` failed checks in a row take it out of
//! every worker's rotation, `passes` good ones in a row bring it back.
//! Each change is logged once; `tlsaccel_upstream_up` shows the verdicts.
//!
//! Passive health works beside it: a server that refuses a connection is
//! left out of that worker's rotation for `fail_timeout`.
//!
//! A server's verdict is kept across reloads while the configuration keeps
//! it (same upstream name and address), so a reload neither brings back a
//! server that is down nor takes out one that is up.

use super::BackendStream;
use crate::config::{HealthCheck, Upstream, UpstreamAddress};
use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use tokio::time::timeout;

/// Longest status line read from a checked server.
const MAX_STATUS_LINE: usize = 1024;

/// One server's verdict, read by every worker when it picks a server.
#[derive(Debug)]
pub struct ServerHealth {
    up: AtomicBool,
}

impl ServerHealth {
    pub fn is_up(&self) -> bool {
        self.up.load(Relaxed)
    }

    fn set(&self, up: bool) {
        self.up.store(up, Relaxed);
    }
}

impl Default for ServerHealth {
    /// A server is in the rotation until checks say otherwise.
    fn default() -> Self {
        ServerHealth {
            up: AtomicBool::new(true),
        }
    }
}

/// Every upstream group's servers' verdicts, `[group][server]`, as the
/// workers of one configuration see them.
pub type UpstreamHealth = Vec<Vec<Arc<ServerHealth>>>;

/// A server by upstream name and address, with its verdict.
struct Entry {
    upstream: String,
    server: String,
    checked: bool,
    health: Arc<ServerHealth>,
}

/// The verdicts of every configured server, kept across reloads, and
/// which of them the metrics show (those with checks, in the configuration
/// serving now).
#[derive(Default)]
pub struct HealthBoard {
    entries: Mutex<Vec<Entry>>,
}

impl HealthBoard {
    /// The verdicts for `upstreams`: a server already known (same upstream
    /// name and address) keeps its own, a new one starts up.
    pub fn states_for(&self, upstreams: &[Upstream]) -> Arc<UpstreamHealth> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let health = upstreams
            .iter()
            .map(|u| {
                u.servers
                    .iter()
                    .map(|s| {
                        let server = s.address.to_string();
                        match entries
                            .iter()
                            .find(|e| e.upstream == u.name && e.server == server)
                        {
                            Some(e) => e.health.clone(),
                            None => {
                                let health = Arc::new(ServerHealth::default());
                                entries.push(Entry {
                                    upstream: u.name.clone(),
                                    server,
                                    checked: false,
                                    health: health.clone(),
                                });
                                health
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Arc::new(health)
    }

    /// `upstreams` serve now: forget servers that left the configuration.
    fn serving(&self, upstreams: &[Upstream]) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain_mut(|e| {
            let Some(u) = upstreams.iter().find(|u| u.name == e.upstream) else {
                return false;
            };
            e.checked = u.health_check.is_some();
            u.servers.iter().any(|s| s.address.to_string() == e.server)
        });
    }

    /// (upstream, server, up) for every checked server.
    pub fn verdicts(&self) -> Vec<(String, String, bool)> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .iter()
            .filter(|e| e.checked)
            .map(|e| (e.upstream.clone(), e.server.clone(), e.health.is_up()))
            .collect()
    }
}

/// One server to check.
struct Target {
    upstream: String,
    address: UpstreamAddress,
    check: HealthCheck,
    proxy_protocol: bool,
    health: Arc<ServerHealth>,
}

/// The `health` thread: runs the checks of the configuration serving now.
pub struct HealthChecker {
    board: Arc<HealthBoard>,
    plans: mpsc::UnboundedSender<Vec<Target>>,
}

impl HealthChecker {
    pub fn start(board: Arc<HealthBoard>) -> io::Result<HealthChecker> {
        let (plans, mut incoming) = mpsc::unbounded_channel::<Vec<Target>>();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("health".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let mut running = tokio::task::JoinSet::new();
                    while let Some(targets) = incoming.recv().await {
                        // The previous configuration's checks stop here.
                        running.abort_all();
                        for target in targets {
                            running.spawn(watch(target));
                        }
                    }
                })
            })?;
        Ok(HealthChecker { board, plans })
    }

    /// Checks the servers of `upstreams` from now on (at start, and after
    /// each reload that took effect), with the verdicts in `health`.
    pub fn follow(&self, upstreams: &[Upstream], health: &UpstreamHealth) {
        self.board.serving(upstreams);
        let targets = upstreams
            .iter()
            .zip(health)
            .filter_map(|(u, health)| Some((u, u.health_check.as_ref()?, health)))
            .flat_map(|(u, check, health)| {
                u.servers.iter().zip(health).map(|(s, h)| Target {
                    upstream: u.name.clone(),
                    address: s.address.clone(),
                    check: check.clone(),
                    proxy_protocol: u.proxy_protocol,
                    health: h.clone(),
                })
            })
            .collect();
        // The thread lives as long as the process.
        let _ = self.plans.send(targets);
    }
}

/// Why a check failed.
#[derive(Debug, thiserror::Error)]
enum CheckFailure {
    #[error("status {0}, not one of expect_status")]
    Status(u16),
    #[error("connect failed: {0}")]
    Connect(#[source] io::Error),
    #[error("{0}")]
    Io(#[source] io::Error),
    #[error("closed before a status line")]
    Closed,
    #[error("no status line within the timeout")]
    Timeout,
    #[error("not an HTTP status line")]
    Malformed,
}

/// Checks one server every interval, for as long as its configuration
/// serves; flips its verdict after enough checks in a row.
async fn watch(t: Target) {
    let mut ticks = tokio::time::interval(t.check.interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let (mut failed, mut passed) = (0u32, 0u32);
    loop {
        ticks.tick().await;
        let server = &t.address;
        let upstream = t.upstream.as_str();
        match probe(&t).await {
            Ok(()) => {
                failed = 0;
                passed = passed.saturating_add(1);
                if !t.health.is_up() && passed >= t.check.passes {
                    t.health.set(true);
                    tracing::info!(upstream, %server, passed, "health check: back in the rotation");
                }
            }
            Err(why) => {
                passed = 0;
                failed = failed.saturating_add(1);
                if t.health.is_up() && failed >= t.check.fails {
                    t.health.set(false);
                    tracing::warn!(upstream, %server, failed, %why, "health check: out of the rotation");
                } else {
                    tracing::debug!(upstream, %server, failed, %why, "health check failed");
                }
            }
        }
    }
}

/// One check: `GET path`, and the status line of the answer, within the
/// check's timeout.
async fn probe(t: &Target) -> Result<(), CheckFailure> {
    let check = &t.check;
    let exchange = async {
        let mut conn = BackendStream::connect(&t.address, check.timeout)
            .await
            .map_err(CheckFailure::Connect)?;
        let mut request = if t.proxy_protocol {
            crate::proxy_protocol::encode_v2_local()
        } else {
            Vec::new()
        };
        let host = match (&check.host, &t.address) {
            (Some(host), _) => host.clone(),
            (None, UpstreamAddress::Tcp(a)) => a.to_string(),
            (None, UpstreamAddress::Unix(_)) => "localhost".into(),
        };
        request.extend_from_slice(
            format!(
                "GET {} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: tlsaccel-health-check\r\nConnection: close\r\n\r\n",
                check.path
            )
            .as_bytes(),
        );
        conn.write_all(&request).await.map_err(CheckFailure::Io)?;
        let mut buf = [0u8; MAX_STATUS_LINE];
        let mut len = 0;
        loop {
            if let Some(end) = buf[..len].windows(2).position(|w| w == b"\r\n") {
                return status_of(&buf[..end]).ok_or(CheckFailure::Malformed);
            }
            if len == buf.len() {
                return Err(CheckFailure::Malformed);
            }
            match conn.read(&mut buf[len..]).await.map_err(CheckFailure::Io)? {
                0 => return Err(CheckFailure::Closed),
                n => len += n,
            }
        }
    };
    let status = timeout(check.timeout, exchange)
        .await
        .unwrap_or(Err(CheckFailure::Timeout))?;
    if check.expect.contains(status) {
        Ok(())
    } else {
        Err(CheckFailure::Status(status))
    }
}

/// The status code of `HTTP/1.x NNN reason`.
fn status_of(line: &[u8]) -> Option<u16> {
    let rest = line.strip_prefix(b"HTTP/1.")?;
    match rest {
        [b'0' | b'1', b' ', d @ (b'1'..=b'5'), e @ b'0'..=b'9', f @ b'0'..=b'9', tail @ ..]
            if tail.is_empty() || tail[0] == b' ' =>
        {
            Some(u16::from(d - b'0') * 100 + u16::from(e - b'0') * 10 + u16::from(f - b'0'))
        }
        _ => None,
    }
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.upstream, self.address)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::UpstreamServer;
    use std::time::Duration;

    #[test]
    fn status_lines() {
        assert_eq!(status_of(b"HTTP/1.1 200 OK"), Some(200));
        assert_eq!(status_of(b"HTTP/1.0 503"), Some(503));
        assert_eq!(status_of(b"HTTP/1.1 200OK"), None);
        assert_eq!(status_of(b"HTTP/2 200"), None);
        assert_eq!(status_of(b"HTTP/1.1 099 x"), None);
        assert_eq!(status_of(b"SSH-2.0-OpenSSH"), None);
    }

    fn upstream(name: &str, ports: &[u16]) -> Upstream {
        Upstream {
            name: name.into(),
            servers: ports
                .iter()
                .map(|p| UpstreamServer {
                    address: UpstreamAddress::Tcp(format!("127.0.0.1:{p}").parse().unwrap()),
                    weight: 1,
                })
                .collect(),
            keepalive: 1,
            keepalive_timeout: Duration::from_secs(1),
            connect_timeout: Duration::from_secs(1),
            read_timeout: Duration::from_secs(1),
            fail_timeout: Duration::from_secs(1),
            proxy_protocol: false,
            pass_underscore_headers: false,
            tunnel_timeout: Duration::from_secs(1),
            health_check: None,
        }
    }

    #[test]
    fn verdicts_follow_servers_across_reloads() {
        let board = HealthBoard::default();
        let first = board.states_for(&[upstream("app", &[1, 2])]);
        board.serving(&[upstream("app", &[1, 2])]);
        first[0][1].set(false);
        // Server 2 stays down when the configuration keeps it, even moved.
        let second = board.states_for(&[upstream("app", &[3, 2])]);
        assert!(second[0][0].is_up() && !second[0][1].is_up());
        board.serving(&[upstream("app", &[3, 2])]);
        // Gone from the configuration: forgotten; back later: starts up.
        board.serving(&[upstream("app", &[3])]);
        let third = board.states_for(&[upstream("app", &[3, 2])]);
        assert!(third[0][1].is_up());
        // Another upstream with the same address has its own verdict.
        let other = board.states_for(&[upstream("api", &[3])]);
        third[0][0].set(false);
        assert!(other[0][0].is_up());
    }
}
