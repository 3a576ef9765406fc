//! The byte stream under HTTP: plain TCP, TLS with the record layer in
//! user space (rustls), or TLS with the record layer in the kernel (kTLS).
//! Plain and kTLS sockets take plaintext as they are, so they share the
//! send path, including `sendfile()` straight from the page cache; user-space
//! TLS encrypts in full records instead.

use crate::net::readiness::{io_when_ready, poll_io, poll_io_drained, send_all};
use crate::net::Pipe;
use crate::tls::ktls::{
    self, HANDSHAKE_KEY_UPDATE, RECORD_ALERT, RECORD_APPLICATION_DATA, RECORD_HANDSHAKE,
};
use crate::tls::{KernelTls, ReadError, TlsSession};
use rustix::net::{RecvFlags, SendAncillaryBuffer, SendFlags};
use std::future::poll_fn;
use std::io::{self, IoSlice};
use std::os::fd::{AsFd, BorrowedFd};
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncWriteExt, Interest};
use tokio::net::TcpStream;

/// What follows a write, which decides whether the kernel may hold it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Push {
    /// Nothing: send at once.
    Now,
    /// A file body (or spliced data), at once: a small head may wait to
    /// share a segment (or, on kTLS, a record) with it.
    BeforeBody,
    /// The close, at once (`shutdown`, then the drop): the connection's
    /// last bytes. Plain TCP holds them (`MSG_MORE`) so the FIN rides in
    /// their segment; user-space TLS writes the close_notify behind them,
    /// both held for the FIN. On kTLS there is nothing to gain (the kernel
    /// pushes a held record on its own ahead of the close_notify alert, as
    /// the 6.12 guest shows): sent at once.
    BeforeClose,
}

pub enum Transport {
    Plain(TcpStream),
    /// TLS with the record layer in user space (rustls).
    Tls(TcpStream, Box<TlsSession>),
    /// TLS with the record layer in the kernel.
    Ktls(TcpStream, Box<KernelTls>),
}

impl Transport {
    /// Reads application data; 0 at the client's close. Cancel-safe.
    pub async fn read(&mut self, buf: &mut [u8]) -> Result<usize, ReadError> {
        poll_fn(|cx| self.poll_read(cx, buf)).await
    }

    /// `read`, polled: for a caller that waits on more than the read, or
    /// that is itself a poll (a future per read costs its own state).
    pub fn poll_read(
        &mut self,
        cx: &mut Context<'_>,
        buf: &mut [u8],
    ) -> Poll<Result<usize, ReadError>> {
        Poll::Ready(Ok(match self {
            Transport::Plain(s) => ready!(poll_recv(s, cx, buf))?,
            Transport::Tls(s, session) => ready!(session.poll_read(cx, s, buf))?,
            Transport::Ktls(s, _) => ready!(poll_read_kernel_record(s, cx, buf))?,
        }))
    }

    /// Writes all of `buf`, pushed as `push` says.
    pub async fn write_all(&mut self, buf: &[u8], push: Push) -> io::Result<()> {
        match self {
            Transport::Plain(s) => send_all(s, buf, send_flags(push, false)).await,
            Transport::Tls(stream, session) if push == Push::BeforeClose => {
                session.write_last(stream, buf).await
            }
            Transport::Tls(stream, session) => session.write_all(stream, buf).await,
            Transport::Ktls(s, k) => {
                k.count_sent(buf.len());
                send_all(s, buf, send_flags(push, true)).await
            }
        }
    }

    /// Writes what of `buf`, then `then`, the socket takes at once, without
    /// waiting (0 when it is not ready), pushed as `push` says: most
    /// responses leave whole here, with no future made for them
    /// (`write_all` makes four nested ones). `then` (a body kept in memory)
    /// goes in the same `sendmsg()`, from where it is kept, not copied
    /// behind `buf` first. None on user-space TLS, which writes whole
    /// records.
    pub fn write_now(&mut self, buf: &[u8], then: &[u8], push: Push) -> Option<io::Result<usize>> {
        let (s, flags) = match self {
            Transport::Plain(s) => (&*s, send_flags(push, false)),
            Transport::Ktls(s, _) => (&*s, send_flags(push, true)),
            Transport::Tls(..) => return None,
        };
        let call = || {
            if then.is_empty() {
                return Ok(rustix::net::send(s, buf, flags)?);
            }
            let parts = [IoSlice::new(buf), IoSlice::new(then)];
            let mut no_control = SendAncillaryBuffer::default();
            Ok(rustix::net::sendmsg(s, &parts, &mut no_control, flags)?)
        };
        let sent = match s.try_io(Interest::WRITABLE, call) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => 0,
            Err(e) => return Some(Err(e)),
        };
        if let Transport::Ktls(_, k) = self {
            k.count_sent(sent);
        }
        Some(Ok(sent))
    }

    /// Waits until the peer has sent something (data, an alert, EOF)
    /// without holding a read buffer meanwhile.
    pub async fn readable(&self) -> io::Result<()> {
        let s = match self {
            Transport::Tls(_, session) if session.has_plaintext() => return Ok(()),
            Transport::Plain(s) | Transport::Tls(s, _) | Transport::Ktls(s, _) => s,
        };
        loop {
            s.readable().await?;
            // tokio keeps a socket marked readable until a read ends in EAGAIN,
            // and the last read may not have: peek, so stale readiness is
            // cleared (try_io does that on EAGAIN) and the wait is real.
            let mut byte = [0u8; 1];
            let peeked = s.try_io(Interest::READABLE, || {
                rustix::net::recv(s, &mut byte[..], RecvFlags::PEEK)
                    .map(drop)
                    .map_err(io::Error::from)
            });
            match peeked {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
                // Data, EOF, or an error (kTLS answers EIO for a control
                // record without a control buffer): the read will tell.
                _ => return Ok(()),
            }
        }
    }

    /// Frees what an idle connection does not need (user-space TLS buffers).
    pub fn release_idle_buffers(&mut self) {
        if let Transport::Tls(_, session) = self {
            session.release_idle_buffers();
        }
    }

    /// True when file bytes can go from the page cache to the socket as they are.
    pub fn can_sendfile(&self) -> bool {
        !matches!(self, Transport::Tls(..))
    }

    /// After this response, the connection should close (kTLS nearing the
    /// cipher's confidentiality limit, with no rekeying in the kernel).
    pub fn must_retire(&self) -> bool {
        matches!(self, Transport::Ktls(_, k) if k.near_limit())
    }

    /// One `sendfile()` of up to `len` bytes from `offset`, waiting for the
    /// socket to be writable. Returns the bytes sent; 0 means the file ended
    /// early (it shrank under us).
    pub async fn sendfile(
        &mut self,
        file: BorrowedFd<'_>,
        offset: u64,
        len: u64,
    ) -> io::Result<usize> {
        let (s, kernel) = match self {
            Transport::Plain(s) => (s, None),
            Transport::Ktls(s, k) => (s, Some(k)),
            Transport::Tls(..) => return Err(io::ErrorKind::Unsupported.into()),
        };
        // Large single calls keep syscalls few; the kernel sends what fits.
        let count = len.min(1 << 30) as usize;
        let sock: &TcpStream = s;
        let n = io_when_ready(sock, Interest::WRITABLE, || {
            let mut off = offset;
            Ok(rustix::fs::sendfile(sock, file, Some(&mut off), count)?)
        })
        .await?;
        if let Some(k) = kernel {
            k.count_sent(n);
        }
        Ok(n)
    }

    /// Body bytes can move between this socket and another with splice():
    /// plain text on this side of the kernel, that is, plain TCP is not
    /// worth it (user space copies are cheap there) and user-space TLS
    /// cannot; kTLS can, and saves the whole trip through user space.
    pub fn can_splice(&self) -> bool {
        matches!(self, Transport::Ktls(..))
    }

    /// kTLS: moves what `pipe` holds to the client (the kernel encrypts).
    pub async fn splice_from_pipe(&mut self, pipe: &mut Pipe) -> io::Result<usize> {
        let Transport::Ktls(s, k) = self else {
            return Err(io::ErrorKind::Unsupported.into());
        };
        let n = io_when_ready(s, Interest::WRITABLE, || pipe.drain_to(&*s)).await?;
        k.count_sent(n);
        Ok(n)
    }

    /// kTLS: moves up to `len` bytes the client sent (decrypted by the
    /// kernel) into `pipe`. 0: the client closed.
    pub async fn splice_to_pipe(&mut self, pipe: &mut Pipe, len: usize) -> io::Result<usize> {
        let Transport::Ktls(s, _) = self else {
            return Err(io::ErrorKind::Unsupported.into());
        };
        io_when_ready(s, Interest::READABLE, || pipe.fill_from(&*s, len)).await
    }

    /// The address the client connected to.
    pub fn local_addr(&self) -> io::Result<std::net::SocketAddr> {
        match self {
            Transport::Plain(s) | Transport::Tls(s, _) | Transport::Ktls(s, _) => s.local_addr(),
        }
    }

    /// The connection carries a second request: small responses must now
    /// leave at once, not wait for the ACK of the previous one (Nagle). A
    /// plain connection that serves one request never pays the syscall.
    pub fn keep_alive_started(&self) {
        if let Transport::Plain(s) = self {
            let _ = s.set_nodelay(true);
        }
    }

    /// Ends our side: close_notify for TLS, then FIN. A plain socket that
    /// will not be read again (`draining` false) needs no FIN yet: close()
    /// sends it.
    pub async fn shutdown(&mut self, draining: bool) -> io::Result<()> {
        match self {
            Transport::Plain(_) if !draining => Ok(()),
            Transport::Plain(s) => s.shutdown().await,
            Transport::Tls(stream, session) => session.shutdown(stream).await,
            Transport::Ktls(s, _) => {
                send_close_notify(s).await?;
                s.shutdown().await
            }
        }
    }
}

/// The flags of a send followed by `push`: whether the kernel may hold
/// the bytes for what comes next (`MSG_MORE`). Plain TCP holds them for a
/// body and for the FIN; kTLS for a body only (see `Push::BeforeClose`).
fn send_flags(push: Push, ktls: bool) -> SendFlags {
    let more = match push {
        Push::Now => false,
        Push::BeforeBody => true,
        Push::BeforeClose => !ktls,
    };
    if more {
        SendFlags::NOSIGNAL | SendFlags::MORE
    } else {
        SendFlags::NOSIGNAL
    }
}

/// A plain socket's `recv()` into `buf`, made once tokio has the socket
/// readable: a raw system call, where tokio's own read goes through
/// libc's (a cancellation point, with its bookkeeping). As tokio's read
/// does, a read that does not fill `buf` is taken to have drained the
/// socket.
fn poll_recv(s: &TcpStream, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
    let room = buf.len();
    poll_io_drained(
        s,
        cx,
        Interest::READABLE,
        || Ok(rustix::net::recv(s, &mut *buf, RecvFlags::empty())?.0),
        |&n| n > 0 && n < room,
    )
}

/// kTLS: close_notify, a warning-level alert with description 0.
pub(super) async fn send_close_notify(s: &TcpStream) -> io::Result<()> {
    poll_fn(|cx| poll_send_close_notify(s, cx)).await
}

pub(super) fn poll_send_close_notify(s: &TcpStream, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
    poll_io(s, cx, Interest::WRITABLE, || {
        ktls::send_record(s.as_fd(), RECORD_ALERT, &[1, 0])
    })
    .map_ok(drop)
}

/// Reads application data from a kTLS socket. Other record types come one
/// at a time, marked by a control message: close_notify ends the stream,
/// other alerts and handshake messages end the connection.
pub(super) async fn read_kernel_record(s: &TcpStream, buf: &mut [u8]) -> Result<usize, ReadError> {
    poll_fn(|cx| poll_read_kernel_record(s, cx, buf)).await
}

fn poll_read_kernel_record(
    s: &TcpStream,
    cx: &mut Context<'_>,
    buf: &mut [u8],
) -> Poll<Result<usize, ReadError>> {
    let read = poll_io(s, cx, Interest::READABLE, || {
        ktls::recv_record(s.as_fd(), buf)
    });
    let (n, record_type) = ready!(read)?;
    Poll::Ready(match record_type {
        RECORD_APPLICATION_DATA => Ok(n),
        RECORD_ALERT if n >= 2 && buf[1] == 0 => Ok(0),
        RECORD_ALERT if n >= 2 => Err(ReadError::Alert {
            level: buf[0],
            description: buf[1],
        }),
        RECORD_HANDSHAKE if n >= 1 && buf[0] == HANDSHAKE_KEY_UPDATE => Err(ReadError::KeyUpdate),
        other => Err(ReadError::UnexpectedRecord(other)),
    })
}
