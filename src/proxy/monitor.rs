//! What the process knows about each back-end server beyond one worker's
//! view: the address it has now (host names are resolved again) and the
//! verdict of its health checks (`ServerState`), kept across reloads in the
//! `ServerBoard`; and the `upstream` thread (`UpstreamMonitor`) that runs
//! the health checks (`health.rs`) and the re-resolution of names
//! (`resolve.rs`) of the configuration serving now, off every request path.
//!
//! A server is known by its upstream's name and its address as configured
//! (`app.internal:8000`), so a reload that keeps it keeps its verdict.

use super::health::{self, CheckTarget};
use super::resolve::{self, NameTarget};
use crate::config::{Upstream, UpstreamAddress};
use crate::metrics::{CheckFacts, ServerCounters, ServerFacts};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// One server as every worker sees it.
#[derive(Debug)]
pub struct ServerState {
    up: AtomicBool,
    address: Mutex<UpstreamAddress>,
    /// Bumped when the address changes: pooled connections made before
    /// are not reused.
    moves: AtomicU64,
    /// What every worker sent it and got back.
    pub counters: ServerCounters,
    /// Its last health check, for the status page.
    last_check: Mutex<Option<CheckFacts>>,
}

impl ServerState {
    fn new(address: UpstreamAddress) -> ServerState {
        ServerState {
            // In the rotation until checks say otherwise.
            up: AtomicBool::new(true),
            address: Mutex::new(address),
            moves: AtomicU64::new(0),
            counters: ServerCounters::default(),
            last_check: Mutex::new(None),
        }
    }

    pub fn is_up(&self) -> bool {
        self.up.load(Relaxed)
    }

    pub(super) fn set_up(&self, up: bool) {
        self.up.store(up, Relaxed);
    }

    pub(super) fn checked(&self, check: CheckFacts) {
        *self.last_check.lock().unwrap_or_else(|e| e.into_inner()) = Some(check);
    }

    /// Where new connections go.
    pub fn address(&self) -> UpstreamAddress {
        self.address
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// How many times the address changed: a connection made under another
    /// count goes to an address the server no longer has.
    pub fn moves(&self) -> u64 {
        self.moves.load(Relaxed)
    }

    /// Sets the address; returns the previous one if it changed.
    pub(super) fn move_to(&self, address: UpstreamAddress) -> Option<UpstreamAddress> {
        let mut current = self.address.lock().unwrap_or_else(|e| e.into_inner());
        if *current == address {
            return None;
        }
        self.moves.fetch_add(1, Relaxed);
        Some(std::mem::replace(&mut current, address))
    }
}

/// An exchange in progress with server `server` of group `group`: counted
/// among the server's requests, and among its active exchanges for as long
/// as it lives.
pub struct InFlight {
    state: Arc<ServerState>,
    pub group: usize,
    pub server: usize,
}

impl InFlight {
    pub fn start(state: &Arc<ServerState>, group: usize, server: usize) -> InFlight {
        state.counters.requests.fetch_add(1, Relaxed);
        state.counters.active.fetch_add(1, Relaxed);
        InFlight {
            state: state.clone(),
            group,
            server,
        }
    }

    /// The response head arrived, `took` after the start.
    pub fn responded(&self, took: std::time::Duration) {
        let c = &self.state.counters;
        c.responses.fetch_add(1, Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        c.response_time_us.fetch_add(micros, Relaxed);
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.state.counters.active.fetch_sub(1, Relaxed);
    }
}

/// Every upstream group's servers, `[group][server]`, as the workers of
/// one configuration see them.
pub type ServerStates = Vec<Vec<Arc<ServerState>>>;

struct Entry {
    upstream: String,
    server: String,
    checked: bool,
    state: Arc<ServerState>,
}

/// Every configured server's state, kept across reloads, and which of
/// them the metrics show (those with checks, in the configuration serving
/// now).
#[derive(Default)]
pub struct ServerBoard {
    entries: Mutex<Vec<Entry>>,
}

impl ServerBoard {
    /// The states for `upstreams`: a server already known keeps its
    /// verdict and takes the address this configuration resolved; a new
    /// one starts up.
    pub fn states_for(&self, upstreams: &[Upstream]) -> Arc<ServerStates> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let states = upstreams
            .iter()
            .map(|u| {
                u.servers
                    .iter()
                    .map(|s| {
                        match entries
                            .iter()
                            .find(|e| e.upstream == u.name && e.server == s.name)
                        {
                            Some(e) => {
                                e.state.move_to(s.address.clone());
                                e.state.clone()
                            }
                            None => {
                                let state = Arc::new(ServerState::new(s.address.clone()));
                                entries.push(Entry {
                                    upstream: u.name.clone(),
                                    server: s.name.clone(),
                                    checked: false,
                                    state: state.clone(),
                                });
                                state
                            }
                        }
                    })
                    .collect()
            })
            .collect();
        Arc::new(states)
    }

    /// `upstreams` serve now: forget servers that left the configuration,
    /// and put back in the rotation those no longer checked (nothing else
    /// would).
    fn serving(&self, upstreams: &[Upstream]) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.retain_mut(|e| {
            let Some(u) = upstreams.iter().find(|u| u.name == e.upstream) else {
                return false;
            };
            e.checked = u.health_check.is_some();
            if !e.checked {
                e.state.set_up(true);
            }
            u.servers.iter().any(|s| s.name == e.server)
        });
    }
}

impl crate::metrics::BackEnds for ServerBoard {
    /// Every server of the configuration serving now, with its verdict
    /// (checked ones) and counters.
    fn servers(&self) -> Vec<ServerFacts> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .iter()
            .map(|e| {
                let c = &e.state.counters;
                ServerFacts {
                    upstream: e.upstream.clone(),
                    server: e.server.clone(),
                    checked: e.checked,
                    up: e.state.is_up(),
                    last_check: e
                        .state
                        .last_check
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .clone()
                        .filter(|_| e.checked),
                    requests: c.requests.load(Relaxed),
                    failures: c.failures.load(Relaxed),
                    active: c.active.load(Relaxed),
                    idle: c.idle.load(Relaxed),
                    responses: c.responses.load(Relaxed),
                    response_time_us: c.response_time_us.load(Relaxed),
                }
            })
            .collect()
    }
}

/// The work of one configuration.
#[derive(Default)]
struct Plan {
    checks: Vec<CheckTarget>,
    names: Vec<NameTarget>,
}

/// The `upstream` thread: health checks and name re-resolution for the
/// configuration serving now.
pub struct UpstreamMonitor {
    board: Arc<ServerBoard>,
    plans: mpsc::UnboundedSender<Plan>,
}

impl UpstreamMonitor {
    pub fn start(board: Arc<ServerBoard>) -> io::Result<UpstreamMonitor> {
        let (plans, mut incoming) = mpsc::unbounded_channel::<Plan>();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("upstream".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let mut running = tokio::task::JoinSet::new();
                    while let Some(plan) = incoming.recv().await {
                        // The previous configuration's work stops here.
                        running.abort_all();
                        for target in plan.checks {
                            running.spawn(health::watch(target));
                        }
                        for target in plan.names {
                            running.spawn(resolve::follow(target));
                        }
                    }
                })
            })?;
        Ok(UpstreamMonitor { board, plans })
    }

    /// Watches the servers of `upstreams` from now on (at start, and after
    /// each reload that took effect), through `states`.
    /// `tls`: each upstream's client configuration, as the load phase
    /// built them.
    pub fn follow(
        &self,
        upstreams: &[Upstream],
        tls: &[Option<Arc<rustls::ClientConfig>>],
        states: &ServerStates,
    ) {
        self.board.serving(upstreams);
        let mut plan = Plan::default();
        for (i, (u, states)) in upstreams.iter().zip(states).enumerate() {
            for (s, state) in u.servers.iter().zip(states) {
                if let Some(check) = &u.health_check {
                    plan.checks.push(CheckTarget {
                        upstream: u.name.clone(),
                        server: s.name.clone(),
                        check: check.clone(),
                        proxy_protocol: u.proxy_protocol,
                        tls: tls.get(i).cloned().flatten(),
                        tls_name: s.tls_name.clone(),
                        state: state.clone(),
                    });
                }
                if let (true, Some(interval)) = (s.resolve, u.resolve_interval) {
                    plan.names.push(NameTarget {
                        upstream: u.name.clone(),
                        name: s.name.clone(),
                        interval,
                        state: state.clone(),
                    });
                }
            }
        }
        // The thread lives as long as the process.
        let _ = self.plans.send(plan);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::UpstreamServer;
    use crate::metrics::BackEnds;
    use std::time::Duration;

    fn checked_count(board: &ServerBoard) -> usize {
        board.servers().iter().filter(|s| s.checked).count()
    }

    fn upstream(name: &str, ports: &[u16]) -> Upstream {
        Upstream {
            name: name.into(),
            servers: ports
                .iter()
                .map(|p| UpstreamServer {
                    name: format!("127.0.0.1:{p}"),
                    address: UpstreamAddress::Tcp(format!("127.0.0.1:{p}").parse().unwrap()),
                    resolve: false,
                    weight: 1,
                    tls_name: None,
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
            resolve_interval: None,
            tls: None,
            retry_body_bytes: 0,
            balance: crate::config::Balance::RoundRobin,
        }
    }

    fn checked(mut u: Upstream) -> Upstream {
        u.health_check = Some(crate::config::HealthCheck {
            path: "/".into(),
            host: None,
            interval: Duration::from_secs(1),
            timeout: Duration::from_secs(1),
            fails: 1,
            passes: 1,
            expect: crate::config::StatusSet::parse("2xx").unwrap(),
        });
        u
    }

    #[test]
    fn servers_keep_their_state_across_reloads() {
        let board = ServerBoard::default();
        let first = board.states_for(&[checked(upstream("app", &[1, 2]))]);
        board.serving(&[checked(upstream("app", &[1, 2]))]);
        first[0][1].set_up(false);
        assert_eq!(checked_count(&board), 2);
        // Server 2 stays down when the configuration keeps it, even moved.
        let second = board.states_for(&[checked(upstream("app", &[3, 2]))]);
        assert!(second[0][0].is_up() && !second[0][1].is_up());
        board.serving(&[checked(upstream("app", &[3, 2]))]);
        assert!(!second[0][1].is_up());
        // Checks removed: nothing would bring it back, so it is back now.
        board.serving(&[upstream("app", &[3, 2])]);
        assert!(second[0][1].is_up() && checked_count(&board) == 0);
        // Gone from the configuration: forgotten; back later: starts up.
        board.serving(&[upstream("app", &[3])]);
        let third = board.states_for(&[upstream("app", &[3, 2])]);
        assert!(third[0][1].is_up());
        // Another upstream with the same address has its own state.
        let other = board.states_for(&[upstream("api", &[3])]);
        third[0][0].set_up(false);
        assert!(other[0][0].is_up());
    }

    #[test]
    fn a_move_is_counted_once() {
        let state = ServerState::new(UpstreamAddress::Tcp("127.0.0.2:80".parse().unwrap()));
        assert_eq!(state.move_to(state.address()), None);
        let new = UpstreamAddress::Tcp("127.0.0.3:80".parse().unwrap());
        assert!(state.move_to(new.clone()).is_some());
        assert_eq!((state.address(), state.moves()), (new, 1));
    }
}
