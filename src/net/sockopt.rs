//! `setsockopt()` for the options the standard library and `socket2` do
//! not name: the kTLS ones (`tls::ktls`) and a listener's deferred accept.

use std::io;
use std::mem::size_of;
use std::os::fd::{AsRawFd, BorrowedFd};

/// `setsockopt()` with a value of plain data.
pub fn setsockopt<T>(
    fd: BorrowedFd<'_>,
    level: libc::c_int,
    name: libc::c_int,
    value: &T,
) -> io::Result<()> {
    let len = size_of::<T>() as libc::socklen_t;
    // SAFETY: `fd` is open for the borrow's lifetime, and `value` is a live
    // reference to `len` readable bytes for the duration of the call; the
    // kernel only reads them.
    let r =
        unsafe { libc::setsockopt(fd.as_raw_fd(), level, name, (value as *const T).cast(), len) };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// `TCP_DEFER_ACCEPT` on a listening socket: the kernel hands over a new
/// connection only once its first bytes (a ClientHello, a request line, a
/// PROXY header) have arrived, so accepting never finds a socket with
/// nothing to read and a worker wakes once per connection, not twice.
/// A client that connects and sends nothing is accepted after about a
/// second (when the kernel gives up waiting) and then meets the usual
/// timeouts. `false` turns it off.
pub fn set_defer_accept(fd: BorrowedFd<'_>, on: bool) -> io::Result<()> {
    // The kernel rounds seconds up to SYN-ACK retransmissions: 1 is the
    // shortest wait it offers.
    let seconds: libc::c_int = on.into();
    setsockopt(fd, libc::IPPROTO_TCP, libc::TCP_DEFER_ACCEPT, &seconds)
}
