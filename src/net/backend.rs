//! A connection to a back-end server: over TCP or a Unix socket, in the
//! clear or with TLS (rustls, for upstreams with `tls = true`), with the
//! PROXY protocol v2 header that tells a back end who the client is sent
//! first, before any TLS.
//!
//! Kernel sockets in the clear can take part in `splice()` (bodies and
//! tunnels never pass through user space); TLS connections are read and
//! written through rustls.

use super::readiness::{self, io_when_ready};
use super::Pipe;
use crate::config::UpstreamAddress;
use rustls::ClientConfig;
use rustls_pki_types::ServerName;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::Arc;
use std::task::{Context, Waker};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt, Interest};
use tokio::net::{TcpStream, UnixStream};
use tokio_rustls::client::TlsStream;

#[derive(Debug)]
pub enum BackendStream {
    Tcp(TcpStream),
    Unix(UnixStream),
    Tls(Box<TlsStream<TcpStream>>),
}

/// A TLS back end: the client configuration and the name to verify.
#[derive(Clone, Copy)]
pub struct TlsTarget<'a> {
    pub config: &'a Arc<ClientConfig>,
    pub name: &'a ServerName<'static>,
}

impl<'a> TlsTarget<'a> {
    /// Both halves, or no TLS (an upstream without `tls`).
    pub fn of(
        config: Option<&'a Arc<ClientConfig>>,
        name: Option<&'a ServerName<'static>>,
    ) -> Option<TlsTarget<'a>> {
        Some(TlsTarget {
            config: config?,
            name: name?,
        })
    }
}

/// Why a back-end connection could not be made (nothing of the request
/// was sent).
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("connect failed: {0}")]
    Connect(#[source] io::Error),
    #[error("no connection within connect_timeout")]
    TimedOut,
    #[error("sending the PROXY header failed: {0}")]
    Preface(#[source] io::Error),
    #[error("TLS handshake failed: {0}")]
    Tls(#[source] io::Error),
}

impl BackendStream {
    /// Connects to `address` within `within` (TCP connect, `preface`
    /// written as it is, then the TLS handshake when `tls` is given).
    pub async fn connect(
        address: &UpstreamAddress,
        within: Duration,
        preface: &[u8],
        tls: Option<TlsTarget<'_>>,
    ) -> Result<BackendStream, ConnectError> {
        let connect = async {
            let mut stream = match address {
                UpstreamAddress::Tcp(a) => {
                    let s = TcpStream::connect(a).await.map_err(ConnectError::Connect)?;
                    s.set_nodelay(true).map_err(ConnectError::Connect)?;
                    BackendStream::Tcp(s)
                }
                UpstreamAddress::Unix(p) => BackendStream::Unix(
                    UnixStream::connect(p)
                        .await
                        .map_err(ConnectError::Connect)?,
                ),
            };
            if !preface.is_empty() {
                stream
                    .write_all(preface)
                    .await
                    .map_err(ConnectError::Preface)?;
            }
            match (stream, tls) {
                (BackendStream::Tcp(tcp), Some(tls)) => {
                    let connector = tokio_rustls::TlsConnector::from(tls.config.clone());
                    let session = connector
                        .connect(tls.name.clone(), tcp)
                        .await
                        .map_err(ConnectError::Tls)?;
                    Ok(BackendStream::Tls(Box::new(session)))
                }
                (BackendStream::Unix(_), Some(_)) => Err(ConnectError::Tls(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "TLS over a Unix socket is not supported",
                ))),
                (plain, _) => Ok(plain),
            }
        };
        tokio::time::timeout(within, connect)
            .await
            .unwrap_or(Err(ConnectError::TimedOut))
    }

    pub async fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            BackendStream::Tcp(s) => s.read(buf).await,
            BackendStream::Unix(s) => s.read(buf).await,
            BackendStream::Tls(s) => s.read(buf).await,
        }
    }

    pub async fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            BackendStream::Tcp(s) => s.write_all(buf).await,
            BackendStream::Unix(s) => s.write_all(buf).await,
            BackendStream::Tls(s) => {
                // tokio-rustls buffers what it encrypts: push it out now.
                s.write_all(buf).await?;
                s.flush().await
            }
        }
    }

    /// Ends our sending side: the back end reads the end of its input and
    /// may still answer (close_notify first over TLS).
    pub async fn shutdown_write(&mut self) -> io::Result<()> {
        match self {
            BackendStream::Tls(s) => s.shutdown().await,
            plain => Ok(rustix::net::shutdown(
                &*plain,
                rustix::net::Shutdown::Write,
            )?),
        }
    }

    /// Bytes can move to and from this connection with `splice()` (a
    /// kernel socket in the clear).
    pub fn can_splice(&self) -> bool {
        !matches!(self, BackendStream::Tls(_))
    }

    /// Moves up to `len` bytes of the back end's response into `pipe`.
    /// 0: the back end closed. Only when `can_splice()`.
    pub async fn splice_into(&self, pipe: &mut Pipe, len: usize) -> io::Result<usize> {
        self.when_ready(Interest::READABLE, |fd| pipe.fill_from(fd, len))
            .await
    }

    /// Moves what `pipe` holds to the back end. Only when `can_splice()`.
    pub async fn splice_from(&self, pipe: &mut Pipe) -> io::Result<usize> {
        self.when_ready(Interest::WRITABLE, |fd| pipe.drain_to(fd))
            .await
    }

    /// Writes all of `buf` through a shared reference, so one direction of
    /// a tunnel can write while the other reads. Only when `can_splice()`.
    pub async fn send_all(&self, buf: &[u8]) -> io::Result<()> {
        let flags = rustix::net::SendFlags::NOSIGNAL;
        match self {
            BackendStream::Tls(_) => Err(io::ErrorKind::Unsupported.into()),
            BackendStream::Tcp(s) => readiness::send_all(s, buf, flags).await,
            BackendStream::Unix(s) => readiness::send_all(s, buf, flags).await,
        }
    }

    /// `call` on the kernel socket once it is ready for `interest`
    /// (`readiness::io_when_ready`). A TLS connection has no such calls:
    /// its bytes go through rustls.
    async fn when_ready<R>(
        &self,
        interest: Interest,
        mut call: impl FnMut(BorrowedFd<'_>) -> io::Result<R>,
    ) -> io::Result<R> {
        match self {
            BackendStream::Tls(_) => Err(io::ErrorKind::Unsupported.into()),
            BackendStream::Tcp(s) => io_when_ready(s, interest, || call(s.as_fd())).await,
            BackendStream::Unix(s) => io_when_ready(s, interest, || call(s.as_fd())).await,
        }
    }

    /// Connected to `address` (a server whose name moved may have older
    /// connections elsewhere).
    pub fn is_to(&self, address: &UpstreamAddress) -> bool {
        match (self, address) {
            (BackendStream::Tcp(s), UpstreamAddress::Tcp(a)) => s.peer_addr().ok() == Some(*a),
            (BackendStream::Tls(s), UpstreamAddress::Tcp(a)) => {
                s.get_ref().0.peer_addr().ok() == Some(*a)
            }
            (BackendStream::Unix(_), UpstreamAddress::Unix(_)) => true,
            _ => false,
        }
    }

    /// Forgets that the socket was readable, as a connection whose response
    /// was read to its end goes back to the pool: from then on only what
    /// arrives while it is idle marks it readable again. A close stays
    /// marked whenever it came (tokio never clears `READ_CLOSED`). No
    /// syscall.
    pub fn settle(&self) {
        let clear = || Err::<(), _>(io::ErrorKind::WouldBlock.into());
        let _ = match self {
            BackendStream::Tcp(s) => s.try_io(Interest::READABLE, clear),
            BackendStream::Unix(s) => s.try_io(Interest::READABLE, clear),
            BackendStream::Tls(s) => s.get_ref().0.try_io(Interest::READABLE, clear),
        };
    }

    /// For an idle pooled connection: still open, and the back end has sent
    /// nothing unasked (which would be a close or a protocol error). The
    /// event loop marks a socket readable when anything arrives; only then
    /// does a peek look (one syscall per reuse spared otherwise). A close
    /// the loop has not yet seen is the race the peek had too: the request
    /// then fails on the connection and goes again on a new one (`pass`).
    pub fn is_open_and_quiet(&self) -> bool {
        use rustix::net::{recv, RecvFlags};
        if !self.marked_readable() {
            return true;
        }
        let mut byte = [0u8; 1];
        matches!(
            recv(self, &mut byte[..], RecvFlags::PEEK | RecvFlags::DONTWAIT),
            Err(e) if e == rustix::io::Errno::AGAIN
        )
    }

    /// Whether the event loop has marked the socket readable (data, a close
    /// or an error) since it was last found empty or `settle`d.
    fn marked_readable(&self) -> bool {
        let mut cx = Context::from_waker(Waker::noop());
        let ready = match self {
            BackendStream::Tcp(s) => s.poll_read_ready(&mut cx),
            BackendStream::Unix(s) => s.poll_read_ready(&mut cx),
            BackendStream::Tls(s) => s.get_ref().0.poll_read_ready(&mut cx),
        };
        ready.is_ready()
    }
}

impl AsFd for BackendStream {
    fn as_fd(&self) -> BorrowedFd<'_> {
        match self {
            BackendStream::Tcp(s) => s.as_fd(),
            BackendStream::Unix(s) => s.as_fd(),
            BackendStream::Tls(s) => s.get_ref().0.as_fd(),
        }
    }
}
