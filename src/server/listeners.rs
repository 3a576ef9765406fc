//! The process's listening sockets, by configured address: bound here
//! (one per worker, with SO_REUSEPORT so the kernel spreads new
//! connections across workers without a shared accept queue or lock),
//! adopted from systemd (`LISTEN_FDS`) or from the process this one
//! replaces (binary upgrade), kept across reloads, and handed to workers.
//!
//! The control thread keeps one descriptor of every socket for as long as
//! its listener is configured; workers get duplicates. A socket is the same
//! kernel object in every copy, so a reload or an upgrade never closes one
//! that stays configured, and no client is refused.

use crate::config::{listener_keys, Listener, ListenerKey};
use crate::net::sockopt::{set_defer_accept, set_notsent_lowat};
use socket2::{Domain, Protocol, SockAddr, Socket, Type};
use std::io;
use std::net::{SocketAddr, TcpListener};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};

/// A listening address that cannot be bound, with why.
#[derive(Debug, thiserror::Error)]
#[error("cannot listen on {addr}: {}", describe(&self.source))]
pub struct BindError {
    pub addr: SocketAddr,
    #[source]
    pub source: io::Error,
}

fn new_socket(addr: &SocketAddr, reuse_port: bool) -> io::Result<Socket> {
    let socket = Socket::new(
        Domain::for_address(*addr),
        Type::STREAM.nonblocking().cloexec(),
        Some(Protocol::TCP),
    )?;
    if addr.is_ipv6() {
        socket.set_only_v6(true)?;
    }
    socket.set_reuse_address(true)?;
    if reuse_port {
        socket.set_reuse_port(true)?;
    }
    Ok(socket)
}

fn describe(e: &io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::EADDRINUSE) => "address already in use".into(),
        Some(libc::EACCES) => {
            "permission denied (ports below 1024 need root or CAP_NET_BIND_SERVICE)".into()
        }
        Some(libc::EADDRNOTAVAIL) => "no such local address".into(),
        _ => e.to_string(),
    }
}

/// Binds `count` sockets for one listener. With port 0 the kernel picks a
/// port for the first and the others share it.
pub fn bind_group(listener: &Listener, count: usize) -> Result<Vec<TcpListener>, BindError> {
    let mut addr = listener.address;
    if addr.port() != 0 {
        // SO_REUSEPORT would silently join another process's group on the
        // same port: probe without it first so "in use" is reported.
        let failed = |source| BindError { addr, source };
        let probe = new_socket(&addr, false).map_err(failed)?;
        probe.bind(&SockAddr::from(addr)).map_err(failed)?;
    }
    let mut sockets = Vec::with_capacity(count);
    for _ in 0..count {
        let failed = |source| BindError { addr, source };
        let socket = new_socket(&addr, true).map_err(failed)?;
        socket.bind(&SockAddr::from(addr)).map_err(failed)?;
        socket.listen(listener.backlog).map_err(failed)?;
        if addr.port() == 0 {
            addr = socket
                .local_addr()
                .map_err(failed)?
                .as_socket()
                .ok_or_else(|| failed(io::ErrorKind::AddrNotAvailable.into()))?;
        }
        sockets.push(TcpListener::from(socket));
    }
    Ok(sockets)
}

/// Sockets received at start, each with the listener it served (when the
/// previous process said) and the address it is bound to.
#[derive(Default)]
pub struct Inherited {
    sockets: Vec<(Option<ListenerKey>, SocketAddr, TcpListener)>,
    /// Who sent them, for the log: "systemd" or "the previous process".
    pub from: &'static str,
    /// The previous process's admin (metrics) socket.
    pub admin: Option<TcpListener>,
    /// Where to say "serving" to the process being replaced.
    pub ready_fd: Option<OwnedFd>,
}

/// The environment variable a binary upgrade passes sockets in:
/// `LISTENER=FD,FD LISTENER=FD` (space-separated; a listener is its
/// configured address, with `#N` for the Nth other at that address).
pub const INHERIT_VAR: &str = "TLSACCEL_INHERIT_FDS";
/// The pipe to write "ready" to once serving, during an upgrade.
pub const READY_VAR: &str = "TLSACCEL_UPGRADE_READY_FD";
/// The name of the admin listener's entry in `INHERIT_VAR`.
const ADMIN: &str = "admin";

/// Why an inherited descriptor cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum InheritError {
    #[error("{var}: \"{value}\" is not understood")]
    Malformed { var: &'static str, value: String },
    #[error("inherited descriptor {fd}: {why}")]
    Descriptor { fd: i32, why: String },
}

impl Inherited {
    /// Takes the sockets this process was started with, from systemd
    /// socket activation or a binary upgrade, and clears the variables
    /// that named them (so a later upgrade does not see them twice). Call
    /// before any thread starts.
    pub fn from_environment() -> Result<Inherited, InheritError> {
        let mut inherited = Inherited::default();
        if let Some(value) = take_var(READY_VAR) {
            let fd = value.parse().map_err(|_| InheritError::Malformed {
                var: READY_VAR,
                value: value.clone(),
            })?;
            inherited.ready_fd = Some(claim(fd)?);
        }
        if let Some(value) = take_var(INHERIT_VAR) {
            inherited.from = "the previous process";
            for entry in value.split_whitespace() {
                let malformed = || InheritError::Malformed {
                    var: INHERIT_VAR,
                    value: value.clone(),
                };
                let (configured, fds) = entry.rsplit_once('=').ok_or_else(malformed)?;
                if configured == ADMIN {
                    let fd = fds.parse().map_err(|_| malformed())?;
                    inherited.admin = Some(listening_socket(claim(fd)?, fd)?.1);
                    continue;
                }
                let configured: ListenerKey = configured.parse().map_err(|_| malformed())?;
                for fd in fds.split(',') {
                    let fd = fd.parse().map_err(|_| malformed())?;
                    let (local, socket) = listening_socket(claim(fd)?, fd)?;
                    inherited.sockets.push((Some(configured), local, socket));
                }
            }
        }
        let pid = take_var("LISTEN_PID");
        let count = take_var("LISTEN_FDS");
        take_var("LISTEN_FDNAMES");
        if let (Some(pid), Some(count)) = (pid, count) {
            // Meant for this process only (not for one it was started by).
            if pid.parse() == Ok(std::process::id()) {
                inherited.from = "systemd";
                let count: i32 = count.parse().map_err(|_| InheritError::Malformed {
                    var: "LISTEN_FDS",
                    value: count.clone(),
                })?;
                for fd in 3..3 + count {
                    let (local, socket) = listening_socket(claim(fd)?, fd)?;
                    inherited.sockets.push((None, local, socket));
                }
            }
        }
        Ok(inherited)
    }

    /// The inherited sockets for the listener `key`: those the previous
    /// process used for it, else those bound to its address.
    fn take_for(&mut self, key: ListenerKey) -> Vec<TcpListener> {
        let wanted = |configured: &Option<ListenerKey>, local: &SocketAddr| match configured {
            Some(c) => *c == key,
            None => *local == key.address,
        };
        let mut taken = Vec::new();
        let mut i = 0;
        while i < self.sockets.len() {
            let (configured, local, _) = &self.sockets[i];
            if wanted(configured, local) {
                taken.push(self.sockets.remove(i).2);
            } else {
                i += 1;
            }
        }
        taken
    }

    /// What no configured listener took (closed by the caller).
    pub fn leftovers(&mut self) -> Vec<SocketAddr> {
        self.sockets.drain(..).map(|(_, local, _)| local).collect()
    }
}

fn take_var(name: &str) -> Option<String> {
    let value = std::env::var(name).ok()?;
    std::env::remove_var(name);
    Some(value)
}

/// Takes ownership of descriptor `fd`, named in the environment.
fn claim(fd: i32) -> Result<OwnedFd, InheritError> {
    if fd < 3 {
        return Err(InheritError::Descriptor {
            fd,
            why: "not a descriptor a parent passes (0-2 are standard streams)".into(),
        });
    }
    // SAFETY: F_GETFD only reads the flags of the descriptor number.
    if unsafe { libc::fcntl(fd, libc::F_GETFD) } < 0 {
        return Err(InheritError::Descriptor {
            fd,
            why: "not open".into(),
        });
    }
    // SAFETY: the descriptor is open (checked above) and was handed to this
    // process through the environment, which is read once and cleared, so
    // nothing else in the process owns it.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Checks that `fd` is a listening TCP socket and makes it non-blocking
/// and close-on-exec.
fn listening_socket(fd: OwnedFd, n: i32) -> Result<(SocketAddr, TcpListener), InheritError> {
    let bad = |why: String| InheritError::Descriptor { fd: n, why };
    let socket = Socket::from(fd);
    if !socket
        .is_listener()
        .map_err(|e| bad(format!("not a socket: {e}")))?
    {
        return Err(bad("not a listening socket".into()));
    }
    if socket.r#type().ok() != Some(Type::STREAM) {
        return Err(bad("not a stream socket".into()));
    }
    let local = socket
        .local_addr()
        .ok()
        .and_then(|a| a.as_socket())
        .ok_or_else(|| bad("not an IP socket".into()))?;
    socket
        .set_nonblocking(true)
        .and_then(|()| socket.set_cloexec(true))
        .map_err(|e| bad(e.to_string()))?;
    Ok((local, TcpListener::from(socket)))
}

/// One configured listener's sockets.
struct Bound {
    key: ListenerKey,
    listener: Listener,
    /// The address as bound (the port chosen when 0 was configured).
    local: SocketAddr,
    sockets: Vec<TcpListener>,
}

/// Every listening socket of the process.
pub struct ListenerSet {
    entries: Vec<Bound>,
    workers: usize,
}

/// What a reload changed.
#[derive(Debug, Default)]
pub struct ListenerChanges {
    pub opened: Vec<ListenerKey>,
    pub closed: Vec<ListenerKey>,
}

impl ListenerSet {
    /// Binds (or adopts from `inherited`) every listener.
    pub fn open(
        listeners: &[Listener],
        workers: usize,
        inherited: &mut Inherited,
    ) -> Result<ListenerSet, BindError> {
        let mut set = ListenerSet {
            entries: Vec::new(),
            workers,
        };
        for (l, key) in listeners.iter().zip(listener_keys(listeners)) {
            let adopted = inherited.take_for(key);
            let entry = if adopted.is_empty() {
                bind(l, key, workers)?
            } else {
                tracing::info!(
                    "{}: using {} socket(s) from {}",
                    l.address,
                    adopted.len(),
                    inherited.from
                );
                adopt(l, key, adopted)?
            };
            set.entries.push(entry);
        }
        Ok(set)
    }

    /// The set that matches `listeners`, and what differs from this one:
    /// unchanged listeners keep their sockets (the same kernel sockets),
    /// new ones are bound. This set is left as it is, so a reload that
    /// fails later changes nothing; replacing it with the new one closes
    /// the removed listeners' sockets.
    pub fn reconciled(
        &self,
        listeners: &[Listener],
    ) -> Result<(ListenerSet, ListenerChanges), BindError> {
        let keys = listener_keys(listeners);
        let mut changes = ListenerChanges::default();
        let mut entries = Vec::new();
        for (l, key) in listeners.iter().zip(&keys) {
            let entry = match self.entries.iter().find(|e| e.key == *key) {
                Some(e) => {
                    let failed = |source| BindError {
                        addr: l.address,
                        source,
                    };
                    let sockets = e
                        .sockets
                        .iter()
                        .map(TcpListener::try_clone)
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(failed)?;
                    if l.backlog != e.listener.backlog {
                        for s in &sockets {
                            // A second listen() on a listening socket only
                            // changes its backlog.
                            rustix::net::listen(s, l.backlog).map_err(|e| failed(e.into()))?;
                        }
                    }
                    adopt(l, *key, sockets)?
                }
                None => {
                    changes.opened.push(*key);
                    bind(l, *key, self.workers)?
                }
            };
            entries.push(entry);
        }
        changes.closed = self
            .entries
            .iter()
            .map(|e| e.key)
            .filter(|k| !keys.contains(k))
            .collect();
        let set = ListenerSet {
            entries,
            workers: self.workers,
        };
        Ok((set, changes))
    }

    /// Closes this process's copies of every socket (workers close theirs
    /// as they stop), so clients are refused rather than left waiting in a
    /// backlog nobody accepts from.
    pub fn close_all(&mut self) {
        self.entries.clear();
    }

    /// Worker `worker`'s sockets for the listeners `keys`: its own when
    /// there are enough, else duplicates of a shared one (all workers then
    /// accept from one queue).
    pub fn for_worker(
        &self,
        worker: usize,
        keys: &[ListenerKey],
    ) -> io::Result<Vec<(ListenerKey, TcpListener)>> {
        let mut out = Vec::new();
        for e in self.entries.iter().filter(|e| keys.contains(&e.key)) {
            let n = e.sockets.len();
            if n >= self.workers {
                for s in e.sockets.iter().skip(worker).step_by(self.workers) {
                    out.push((e.key, s.try_clone()?));
                }
            } else {
                out.push((e.key, e.sockets[worker % n].try_clone()?));
            }
        }
        Ok(out)
    }

    /// Every listener, as configured.
    pub fn configured(&self) -> Vec<Listener> {
        self.entries.iter().map(|e| e.listener.clone()).collect()
    }

    /// Every listener.
    pub fn keys(&self) -> Vec<ListenerKey> {
        self.entries.iter().map(|e| e.key).collect()
    }

    /// Where the first TLS listener is bound.
    pub fn https_port(&self) -> Option<u16> {
        self.entries
            .iter()
            .find(|e| e.listener.tls)
            .map(|e| e.local.port())
    }

    /// Each listener as bound, for the log.
    pub fn describe(&self, keys: &[ListenerKey]) -> Vec<String> {
        self.entries
            .iter()
            .filter(|e| keys.contains(&e.key))
            .map(|e| {
                let l = &e.listener;
                format!(
                    "{}://{} ({} workers{}{})",
                    if l.tls { "https" } else { "http" },
                    e.local,
                    self.workers,
                    if l.proxy_protocol.is_some() {
                        ", PROXY protocol"
                    } else {
                        ""
                    },
                    if l.redirect_to_https {
                        ", redirecting to https"
                    } else {
                        ""
                    },
                )
            })
            .collect()
    }

    /// Duplicates of every socket (and of the admin listener's) without
    /// close-on-exec, for the process that replaces this one, with the
    /// value of `INHERIT_VAR` naming them.
    pub fn for_successor(&self, admin: Option<&TcpListener>) -> io::Result<(Vec<OwnedFd>, String)> {
        let mut fds = Vec::new();
        let mut entries = Vec::new();
        if let Some(admin) = admin {
            let fd = rustix::io::dup(admin.as_fd())?;
            entries.push(format!("{ADMIN}={}", fd.as_raw_fd()));
            fds.push(fd);
        }
        for e in &self.entries {
            let mut numbers = Vec::new();
            for s in &e.sockets {
                // dup() never sets close-on-exec.
                let fd = rustix::io::dup(s.as_fd())?;
                numbers.push(fd.as_raw_fd().to_string());
                fds.push(fd);
            }
            entries.push(format!("{}={}", e.key, numbers.join(",")));
        }
        Ok((fds, entries.join(" ")))
    }
}

fn bind(listener: &Listener, key: ListenerKey, workers: usize) -> Result<Bound, BindError> {
    adopt(listener, key, bind_group(listener, workers)?)
}

fn adopt(
    listener: &Listener,
    key: ListenerKey,
    sockets: Vec<TcpListener>,
) -> Result<Bound, BindError> {
    let failed = |source| BindError {
        addr: listener.address,
        source,
    };
    let local = sockets[0].local_addr().map_err(failed)?;
    // Set on every adoption, so a reload or an inherited socket takes the
    // configured value.
    for socket in &sockets {
        set_defer_accept(socket.as_fd(), listener.defer_accept).map_err(failed)?;
        set_notsent_lowat(socket.as_fd(), listener.notsent_lowat).map_err(failed)?;
    }
    Ok(Bound {
        key,
        listener: listener.clone(),
        local,
        sockets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listener(address: &str, tls: bool) -> Listener {
        Listener {
            backlog: 16,
            ..Listener::with_defaults(address.parse().unwrap(), tls)
        }
    }

    #[test]
    fn reconcile_keeps_unchanged_sockets_binds_new_and_closes_removed() {
        // Two port-0 listeners at one address are two listeners.
        let first = vec![
            listener("127.0.0.1:0", true),
            listener("127.0.0.1:0", false),
        ];
        let mut set = ListenerSet::open(&first, 2, &mut Inherited::default()).unwrap();
        let keys = set.keys();
        assert_eq!(keys.len(), 2);
        assert_eq!(keys[1].to_string(), "127.0.0.1:0#1");
        assert_eq!(keys[1].to_string().parse::<ListenerKey>().unwrap(), keys[1]);
        let tls_port = set.https_port().unwrap();
        let mine = set.for_worker(1, &keys).unwrap();
        assert_eq!(mine.len(), 2);
        assert_eq!(mine[0].1.local_addr().unwrap().port(), tls_port);

        // The plain one removed, another added: the TLS one keeps its port.
        let second = vec![listener("127.0.0.1:0", true), listener("[::1]:0", false)];
        let (next, changes) = set.reconciled(&second).unwrap();
        set = next;
        assert_eq!(changes.closed, vec![keys[1]]);
        assert_eq!(changes.opened.len(), 1);
        assert_eq!(changes.opened[0].address, "[::1]:0".parse().unwrap());
        assert_eq!(set.https_port(), Some(tls_port));
        assert_eq!(set.keys()[0], keys[0]);

        // A new address that cannot be bound changes nothing.
        let taken = set.for_worker(0, &changes.opened).unwrap()[0]
            .1
            .local_addr()
            .unwrap();
        let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let third = vec![
            listener("127.0.0.1:0", true),
            listener(&busy.local_addr().unwrap().to_string(), false),
        ];
        assert!(set.reconciled(&third).is_err());
        assert_eq!(set.keys().len(), 2);
        assert_eq!(
            set.for_worker(0, &set.keys()).unwrap()[1]
                .1
                .local_addr()
                .unwrap(),
            taken
        );
    }

    #[test]
    fn port_in_use_is_reported_even_with_reuseport() {
        let l = listener("127.0.0.1:0", false);
        let group = bind_group(&l, 2).unwrap();
        let a = group[0].local_addr().unwrap();
        assert_eq!(a, group[1].local_addr().unwrap());
        let again = listener(&a.to_string(), false);
        let err = bind_group(&again, 1).unwrap_err();
        assert!(err.to_string().contains("already in use"), "{err}");
    }
}
