//! The byte stream under HTTP: plain TCP, or TLS in user space (rustls).
//! File bodies go out with `sendfile()` where the bytes need no user-space
//! encryption (plain TCP now; kTLS sockets later), and through rustls in
//! full records otherwise.

use crate::tls::TlsSession;
use std::fs::File;
use std::io;
use std::os::fd::AsRawFd;
use tokio::io::{AsyncReadExt, AsyncWriteExt, Interest};
use tokio::net::TcpStream;

pub enum Transport {
    Plain(TcpStream),
    /// TLS with the record layer in user space (rustls).
    Tls(TcpStream, Box<TlsSession>),
}

impl Transport {
    pub async fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Transport::Plain(s) => s.read(buf).await,
            Transport::Tls(stream, session) => session.read(stream, buf).await,
        }
    }

    /// Writes all of `buf`. `more` says a file body follows at once, so the
    /// kernel may hold a small head back to share a segment with it.
    pub async fn write_all(&mut self, buf: &[u8], more: bool) -> io::Result<()> {
        match self {
            Transport::Plain(s) => {
                let flags = libc::MSG_NOSIGNAL | if more { libc::MSG_MORE } else { 0 };
                let mut written = 0;
                while written < buf.len() {
                    let rest = &buf[written..];
                    let fd = s.as_raw_fd();
                    // SAFETY: fd is the live socket; rest is a valid slice for its length.
                    let sent = s
                        .async_io(Interest::WRITABLE, || {
                            let n =
                                unsafe { libc::send(fd, rest.as_ptr().cast(), rest.len(), flags) };
                            if n < 0 {
                                Err(io::Error::last_os_error())
                            } else {
                                Ok(n as usize)
                            }
                        })
                        .await?;
                    written += sent;
                }
                Ok(())
            }
            Transport::Tls(stream, session) => session.write_all(stream, buf).await,
        }
    }

    /// True when file bytes can go from the page cache to the socket as they are.
    pub fn can_sendfile(&self) -> bool {
        matches!(self, Transport::Plain(_))
    }

    /// One `sendfile()` of up to `len` bytes from `offset`, waiting for the
    /// socket to be writable. Returns the bytes sent; 0 means the file ended
    /// early (it shrank under us).
    pub async fn sendfile(&mut self, file: &File, offset: u64, len: u64) -> io::Result<usize> {
        let Transport::Plain(s) = self else {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "sendfile on a user-space TLS stream",
            ));
        };
        let sock = s.as_raw_fd();
        let src = file.as_raw_fd();
        // Large single calls keep syscalls few; the kernel sends what fits.
        let count = len.min(1 << 30) as usize;
        s.async_io(Interest::WRITABLE, || {
            let mut off = offset as libc::off_t;
            // SAFETY: both descriptors are open for the duration of the call;
            // off is a valid, exclusively borrowed offset.
            let n = unsafe { libc::sendfile(sock, src, &mut off, count) };
            if n < 0 {
                Err(io::Error::last_os_error())
            } else {
                Ok(n as usize)
            }
        })
        .await
    }

    /// Ends our side: close_notify for TLS, FIN for TCP.
    pub async fn shutdown(&mut self) -> io::Result<()> {
        match self {
            Transport::Plain(s) => s.shutdown().await,
            Transport::Tls(stream, session) => session.shutdown(stream).await,
        }
    }
}
