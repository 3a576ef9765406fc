//! `setsockopt()` for the options the standard library and `socket2` do
//! not name: the kTLS ones (`tls::ktls`), and a listener's deferred accept
//! and the unsent-data bound its connections inherit.

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

/// `TCP_NOTSENT_LOWAT` on a listening socket, which every connection it
/// accepts inherits (no syscall per connection): a socket stops taking
/// data, and stops being writable, while more than `bytes` of what it
/// took are still unsent. Without it a socket takes data up to its send
/// buffer (megabytes once autotuned), so a sender faster than the network
/// keeps copying into a full queue, and contends with the ACKs that drain
/// it for the socket lock. Measured on a 1 GiB HTTP/2 download over
/// loopback, 32 KiB: 0.46 -> 0.35 server CPU-seconds per GB, and faster.
/// It also bounds the kernel memory a slow client pins. 0: the system's
/// setting (`net.ipv4.tcp_notsent_lowat`, unlimited by default).
pub fn set_notsent_lowat(fd: BorrowedFd<'_>, bytes: u32) -> io::Result<()> {
    // The kernel reads an int; 0 means "the sysctl's value", and any value
    // past an int (u32::MAX) becomes the largest, which no queue reaches.
    let bytes = libc::c_int::try_from(bytes).unwrap_or(libc::c_int::MAX);
    setsockopt(fd, libc::IPPROTO_TCP, libc::TCP_NOTSENT_LOWAT, &bytes)
}
