//! systemd's service notification protocol (`Type=notify`): one datagram
//! per state change to the socket named by `NOTIFY_SOCKET`. Without that
//! variable (not started by systemd) every call does nothing.

use std::os::unix::net::UnixDatagram;

/// Sends `state` (`READY=1`, `STOPPING=1`, ...) to systemd, if it is
/// listening. Failures are logged once each and otherwise ignored: the
/// server works without a supervisor.
pub fn notify(state: &str) {
    let Some(path) = std::env::var_os("NOTIFY_SOCKET") else {
        return;
    };
    if let Err(e) = send(path.as_encoded_bytes(), state) {
        tracing::warn!(error = %e, state, "cannot notify systemd");
    }
}

fn send(path: &[u8], state: &str) -> std::io::Result<()> {
    let socket = UnixDatagram::unbound()?;
    match path.strip_prefix(b"@") {
        Some(name) => {
            use std::os::linux::net::SocketAddrExt;
            let addr = std::os::unix::net::SocketAddr::from_abstract_name(name)?;
            socket.send_to_addr(state.as_bytes(), &addr)?;
        }
        None => {
            use std::os::unix::ffi::OsStrExt;
            socket.send_to(state.as_bytes(), std::ffi::OsStr::from_bytes(path))?;
        }
    }
    Ok(())
}

/// `RELOADING=1` with the monotonic time systemd wants beside it.
pub fn reloading() {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::Monotonic);
    let usec = now.tv_sec as u64 * 1_000_000 + now.tv_nsec as u64 / 1000;
    notify(&format!("RELOADING=1\nMONOTONIC_USEC={usec}"));
}
