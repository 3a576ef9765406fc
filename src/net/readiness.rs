//! One system call on a tokio socket, made once the event loop has the
//! socket ready and made again after a stale readiness: the client's
//! socket (plain, user-space TLS, kTLS) and a back end's (TCP or Unix)
//! all wait this one way.
//!
//! tokio's `async_io` does the same through a `Readiness` future, whose
//! drop takes the socket's waiter lock even when the call went through at
//! once, as nearly every write does; polling the readiness takes that
//! lock only when the socket is not ready.

use std::future::poll_fn;
use std::io;
use std::os::fd::AsFd;
use std::task::{ready, Context, Poll};
use tokio::io::Interest;
use tokio::net::{TcpStream, UnixStream};

/// A socket registered with tokio's event loop.
pub trait Registered {
    /// Ready for `interest` (readable or writable) as far as the event
    /// loop knows; otherwise the task is woken when it is.
    fn poll_ready(&self, cx: &mut Context<'_>, interest: Interest) -> Poll<io::Result<()>>;

    /// `call`, with an EAGAIN from it clearing the readiness for
    /// `interest` (tokio's `try_io`).
    fn try_call<R>(
        &self,
        interest: Interest,
        call: impl FnOnce() -> io::Result<R>,
    ) -> io::Result<R>;
}

macro_rules! registered {
    ($socket:ty) => {
        impl Registered for $socket {
            fn poll_ready(&self, cx: &mut Context<'_>, interest: Interest) -> Poll<io::Result<()>> {
                if interest.is_readable() {
                    self.poll_read_ready(cx)
                } else {
                    self.poll_write_ready(cx)
                }
            }

            fn try_call<R>(
                &self,
                interest: Interest,
                call: impl FnOnce() -> io::Result<R>,
            ) -> io::Result<R> {
                <$socket>::try_io(self, interest, call)
            }
        }
    };
}

registered!(TcpStream);
registered!(UnixStream);

/// `call` (one system call on `s`) once `s` is ready for `interest`,
/// again after a stale readiness (the EAGAIN clears it).
pub fn poll_io<R>(
    s: &impl Registered,
    cx: &mut Context<'_>,
    interest: Interest,
    call: impl FnMut() -> io::Result<R>,
) -> Poll<io::Result<R>> {
    poll_io_drained(s, cx, interest, call, |_| false)
}

/// `poll_io`, where `drained` says of a call's result that it left the
/// socket with nothing more for now (a read that did not fill its
/// buffer). tokio is then told so, as its own read does (an EAGAIN to
/// `try_io` clears the readiness, the result is kept): the next wait goes
/// to epoll, not to a call that would find nothing. What arrives after it
/// is a new edge of epoll's.
pub fn poll_io_drained<R>(
    s: &impl Registered,
    cx: &mut Context<'_>,
    interest: Interest,
    mut call: impl FnMut() -> io::Result<R>,
    drained: impl Fn(&R) -> bool,
) -> Poll<io::Result<R>> {
    loop {
        ready!(s.poll_ready(cx, interest))?;
        let mut kept = None;
        let result = s.try_call(interest, || {
            let done = call()?;
            if !drained(&done) {
                return Ok(done);
            }
            kept = Some(done);
            Err(io::ErrorKind::WouldBlock.into())
        });
        match (result, kept) {
            (Ok(done), _) | (Err(_), Some(done)) => return Poll::Ready(Ok(done)),
            // Stale readiness (EAGAIN): cleared, wait again.
            (Err(e), None) if e.kind() == io::ErrorKind::WouldBlock => continue,
            (Err(e), None) => return Poll::Ready(Err(e)),
        }
    }
}

/// `poll_io` as a future.
pub async fn io_when_ready<R>(
    s: &impl Registered,
    interest: Interest,
    mut call: impl FnMut() -> io::Result<R>,
) -> io::Result<R> {
    poll_fn(|cx| poll_io(s, cx, interest, &mut call)).await
}

/// All of `buf` written to `s` with `send()` and `flags`, each part once
/// the socket has room.
pub async fn send_all(
    s: &(impl Registered + AsFd),
    buf: &[u8],
    flags: rustix::net::SendFlags,
) -> io::Result<()> {
    let mut written = 0;
    while written < buf.len() {
        let rest = &buf[written..];
        written += io_when_ready(s, Interest::WRITABLE, || {
            Ok(rustix::net::send(s, rest, flags)?)
        })
        .await?;
    }
    Ok(())
}
