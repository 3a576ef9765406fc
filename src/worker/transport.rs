//! The byte stream under HTTP: plain TCP, TLS with the record layer in
//! user space (rustls), or TLS with the record layer in the kernel (kTLS).
//! Plain and kTLS sockets take plaintext as they are, so they share the
//! send path, including `sendfile()` straight from the page cache; user-space
//! TLS encrypts in full records instead.

use crate::splice::Pipe;
use crate::tls::ktls::{
    self, HANDSHAKE_KEY_UPDATE, RECORD_ALERT, RECORD_APPLICATION_DATA, RECORD_HANDSHAKE,
};
use crate::tls::{KernelTls, TlsSession};
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use tokio::io::{AsyncWriteExt, Interest};
use tokio::net::TcpStream;

pub enum Transport {
    Plain(TcpStream),
    /// TLS with the record layer in user space (rustls).
    Tls(TcpStream, Box<TlsSession>),
    /// TLS with the record layer in the kernel.
    Ktls(TcpStream, Box<KernelTls>),
}

/// The client sent a TLS 1.3 KeyUpdate, which the kernel cannot follow:
/// the connection must close before any record is misread.
#[derive(Debug)]
pub struct KeyUpdateUnsupported;

impl std::fmt::Display for KeyUpdateUnsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("client sent a TLS KeyUpdate; this kernel's TLS cannot rekey")
    }
}

impl std::error::Error for KeyUpdateUnsupported {}

impl Transport {
    pub async fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Transport::Plain(s) => {
                use tokio::io::AsyncReadExt;
                s.read(buf).await
            }
            Transport::Tls(stream, session) => session.read(stream, buf).await,
            Transport::Ktls(stream, _) => read_kernel_record(stream, buf).await,
        }
    }

    /// Writes all of `buf`. `more` says a file body follows at once, so the
    /// kernel may hold a small head back to share a segment (or record) with it.
    pub async fn write_all(&mut self, buf: &[u8], more: bool) -> io::Result<()> {
        match self {
            Transport::Plain(s) => send_all(s, buf, more).await,
            Transport::Tls(stream, session) => session.write_all(stream, buf).await,
            Transport::Ktls(s, k) => {
                k.count_sent(buf.len());
                send_all(s, buf, more).await
            }
        }
    }

    /// Waits until the peer has sent something (data, an alert, EOF)
    /// without holding a read buffer meanwhile.
    pub async fn readable(&self) -> io::Result<()> {
        let s = match self {
            Transport::Tls(_, session) if session.has_plaintext() => return Ok(()),
            Transport::Plain(s) | Transport::Tls(s, _) | Transport::Ktls(s, _) => s,
        };
        let fd = s.as_raw_fd();
        loop {
            s.readable().await?;
            // tokio keeps a socket marked readable until a read ends in EAGAIN,
            // and the last read may not have: peek, so stale readiness is
            // cleared (try_io does that on EAGAIN) and the wait is real.
            let mut byte = 0u8;
            let peeked = s.try_io(Interest::READABLE, || {
                // SAFETY: a one-byte peek into a local on the live socket.
                let n = unsafe { libc::recv(fd, (&mut byte as *mut u8).cast(), 1, libc::MSG_PEEK) };
                if n < 0 {
                    Err(io::Error::last_os_error())
                } else {
                    Ok(())
                }
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
    pub async fn sendfile(&mut self, file: &File, offset: u64, len: u64) -> io::Result<usize> {
        let (s, kernel) = match self {
            Transport::Plain(s) => (s, None),
            Transport::Ktls(s, k) => (s, Some(k)),
            Transport::Tls(..) => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "sendfile on a user-space TLS stream",
                ))
            }
        };
        let sock = s.as_raw_fd();
        let src = file.as_raw_fd();
        // Large single calls keep syscalls few; the kernel sends what fits.
        let count = len.min(1 << 30) as usize;
        let n = s
            .async_io(Interest::WRITABLE, || {
                let mut off = offset as libc::off_t;
                // SAFETY: both descriptors are open for the duration of the
                // call; off is a valid, exclusively borrowed offset.
                let n = unsafe { libc::sendfile(sock, src, &mut off, count) };
                if n < 0 {
                    Err(io::Error::last_os_error())
                } else {
                    Ok(n as usize)
                }
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
        let fd = s.as_raw_fd();
        let n = s.async_io(Interest::WRITABLE, || pipe.drain_to(fd)).await?;
        k.count_sent(n);
        Ok(n)
    }

    /// kTLS: moves up to `len` bytes the client sent (decrypted by the
    /// kernel) into `pipe`. 0: the client closed.
    pub async fn splice_to_pipe(&mut self, pipe: &mut Pipe, len: usize) -> io::Result<usize> {
        let Transport::Ktls(s, _) = self else {
            return Err(io::ErrorKind::Unsupported.into());
        };
        let fd = s.as_raw_fd();
        s.async_io(Interest::READABLE, || pipe.fill_from(fd, len))
            .await
    }

    /// TLS of either kind: the client came in over HTTPS.
    pub fn is_tls(&self) -> bool {
        !matches!(self, Transport::Plain(_))
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
                let fd = s.as_raw_fd();
                // close_notify: a warning-level alert with description 0.
                s.async_io(Interest::WRITABLE, || {
                    ktls::send_record(fd, RECORD_ALERT, &[1, 0])
                })
                .await?;
                s.shutdown().await
            }
        }
    }
}

async fn send_all(s: &TcpStream, buf: &[u8], more: bool) -> io::Result<()> {
    let flags = libc::MSG_NOSIGNAL | if more { libc::MSG_MORE } else { 0 };
    let fd = s.as_raw_fd();
    let mut written = 0;
    while written < buf.len() {
        let rest = &buf[written..];
        written += s
            .async_io(Interest::WRITABLE, || {
                // SAFETY: fd is the live socket; rest is a valid slice for its length.
                let n = unsafe { libc::send(fd, rest.as_ptr().cast(), rest.len(), flags) };
                if n < 0 {
                    Err(io::Error::last_os_error())
                } else {
                    Ok(n as usize)
                }
            })
            .await?;
    }
    Ok(())
}

/// Reads application data from a kTLS socket. Other record types come one
/// at a time, marked by a control message: close_notify ends the stream,
/// other alerts and handshake messages end the connection.
async fn read_kernel_record(s: &TcpStream, buf: &mut [u8]) -> io::Result<usize> {
    let fd = s.as_raw_fd();
    let (n, record_type) = s
        .async_io(Interest::READABLE, || ktls::recv_record(fd, buf))
        .await?;
    match record_type {
        RECORD_APPLICATION_DATA => Ok(n),
        RECORD_ALERT if n >= 2 && buf[1] == 0 => Ok(0),
        RECORD_ALERT if n >= 2 => Err(io::Error::new(
            io::ErrorKind::ConnectionAborted,
            format!(
                "TLS alert from client: level {} description {}",
                buf[0], buf[1]
            ),
        )),
        RECORD_HANDSHAKE if n >= 1 && buf[0] == HANDSHAKE_KEY_UPDATE => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            KeyUpdateUnsupported,
        )),
        other => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "unexpected TLS record type {other} (first byte {:?}) after offload",
                buf.first()
            ),
        )),
    }
}
