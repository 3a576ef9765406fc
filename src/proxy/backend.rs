//! A connection to a back-end server, over TCP or a Unix socket, and the
//! PROXY protocol v2 header that tells a back end who the client is.

use crate::config::UpstreamAddress;
use crate::splice::Pipe;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt, Interest};
use tokio::net::{TcpStream, UnixStream};

#[derive(Debug)]
pub enum BackendStream {
    Tcp(TcpStream),
    Unix(UnixStream),
}

impl BackendStream {
    pub async fn connect(address: &UpstreamAddress, within: Duration) -> io::Result<BackendStream> {
        let connect = async {
            match address {
                UpstreamAddress::Tcp(a) => {
                    let s = TcpStream::connect(a).await?;
                    s.set_nodelay(true)?;
                    Ok(BackendStream::Tcp(s))
                }
                UpstreamAddress::Unix(p) => Ok(BackendStream::Unix(UnixStream::connect(p).await?)),
            }
        };
        tokio::time::timeout(within, connect)
            .await
            .unwrap_or_else(|_| Err(io::Error::new(io::ErrorKind::TimedOut, "connect timed out")))
    }

    pub async fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            BackendStream::Tcp(s) => s.read(buf).await,
            BackendStream::Unix(s) => s.read(buf).await,
        }
    }

    pub async fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            BackendStream::Tcp(s) => s.write_all(buf).await,
            BackendStream::Unix(s) => s.write_all(buf).await,
        }
    }

    /// Moves up to `len` bytes of the back end's response into `pipe`.
    /// 0: the back end closed.
    pub async fn splice_into(&self, pipe: &mut Pipe, len: usize) -> io::Result<usize> {
        match self {
            BackendStream::Tcp(s) => {
                s.async_io(Interest::READABLE, || pipe.fill_from(s, len))
                    .await
            }
            BackendStream::Unix(s) => {
                s.async_io(Interest::READABLE, || pipe.fill_from(s, len))
                    .await
            }
        }
    }

    /// Moves what `pipe` holds to the back end.
    pub async fn splice_from(&self, pipe: &mut Pipe) -> io::Result<usize> {
        match self {
            BackendStream::Tcp(s) => s.async_io(Interest::WRITABLE, || pipe.drain_to(s)).await,
            BackendStream::Unix(s) => s.async_io(Interest::WRITABLE, || pipe.drain_to(s)).await,
        }
    }

    /// Writes all of `buf` through a shared reference, so one direction of
    /// a tunnel can write while the other reads.
    pub async fn send_all(&self, mut buf: &[u8]) -> io::Result<()> {
        while !buf.is_empty() {
            let n = match self {
                BackendStream::Tcp(s) => s.async_io(Interest::WRITABLE, || write_fd(s, buf)).await,
                BackendStream::Unix(s) => s.async_io(Interest::WRITABLE, || write_fd(s, buf)).await,
            }?;
            buf = &buf[n..];
        }
        Ok(())
    }

    /// Reads through a shared reference; 0 when the back end closed.
    pub async fn recv(&self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            BackendStream::Tcp(s) => s.async_io(Interest::READABLE, || read_fd(s, buf)).await,
            BackendStream::Unix(s) => s.async_io(Interest::READABLE, || read_fd(s, buf)).await,
        }
    }

    /// Ends our sending side (FIN): the back end reads the end of its input
    /// and may still answer.
    pub fn shutdown_write(&self) -> io::Result<()> {
        Ok(rustix::net::shutdown(self, rustix::net::Shutdown::Write)?)
    }

    /// Connected to `address` (a server whose name moved may have older
    /// connections elsewhere).
    pub fn is_to(&self, address: &UpstreamAddress) -> bool {
        match (self, address) {
            (BackendStream::Tcp(s), UpstreamAddress::Tcp(a)) => s.peer_addr().ok() == Some(*a),
            (BackendStream::Unix(_), UpstreamAddress::Unix(_)) => true,
            _ => false,
        }
    }

    /// For an idle pooled connection: still open, and the back end has sent
    /// nothing unasked (which would be a close or a protocol error).
    pub fn is_open_and_quiet(&self) -> bool {
        use rustix::net::{recv, RecvFlags};
        let mut byte = [0u8; 1];
        matches!(
            recv(self, &mut byte[..], RecvFlags::PEEK | RecvFlags::DONTWAIT),
            Err(e) if e == rustix::io::Errno::AGAIN
        )
    }
}

fn write_fd(fd: impl AsFd, buf: &[u8]) -> io::Result<usize> {
    Ok(rustix::net::send(
        fd,
        buf,
        rustix::net::SendFlags::NOSIGNAL,
    )?)
}

fn read_fd(fd: impl AsFd, buf: &mut [u8]) -> io::Result<usize> {
    Ok(rustix::io::read(fd, buf)?)
}

impl AsFd for BackendStream {
    fn as_fd(&self) -> BorrowedFd<'_> {
        match self {
            BackendStream::Tcp(s) => s.as_fd(),
            BackendStream::Unix(s) => s.as_fd(),
        }
    }
}
