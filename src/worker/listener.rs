//! Listening sockets: one per worker per address, bound with SO_REUSEPORT
//! so the kernel spreads new connections across workers without a shared
//! accept queue or lock.

use crate::config::Listener;
use socket2::{Domain, Protocol, SockAddr, Socket, Type};
use std::io;
use std::net::{SocketAddr, TcpListener};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn port_in_use_is_reported_even_with_reuseport() {
        let l = Listener {
            address: "127.0.0.1:0".parse().unwrap(),
            tls: false,
            backlog: 16,
            proxy_protocol: None,
            redirect_to_https: false,
        };
        let group = bind_group(&l, 2).unwrap();
        let a = group[0].local_addr().unwrap();
        assert_eq!(a, group[1].local_addr().unwrap());
        let again = Listener {
            address: a,
            tls: false,
            backlog: 16,
            proxy_protocol: None,
            redirect_to_https: false,
        };
        let err = bind_group(&again, 1).unwrap_err();
        assert!(err.to_string().contains("already in use"), "{err}");
    }
}
