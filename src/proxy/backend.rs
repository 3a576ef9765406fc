//! A connection to a back-end server, over TCP or a Unix socket, and the
//! PROXY protocol v2 header that tells a back end who the client is.

use crate::config::UpstreamAddress;
use crate::splice::Pipe;
use std::io;
use std::net::{IpAddr, SocketAddr};
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

impl AsFd for BackendStream {
    fn as_fd(&self) -> BorrowedFd<'_> {
        match self {
            BackendStream::Tcp(s) => s.as_fd(),
            BackendStream::Unix(s) => s.as_fd(),
        }
    }
}

/// The PROXY protocol v2 header (a binary preamble the back end reads
/// before HTTP) for a TCP connection from `client` to `local`.
pub fn proxy_v2_header(client: SocketAddr, local: SocketAddr) -> Vec<u8> {
    const SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
    let mut h = SIGNATURE.to_vec();
    h.push(0x21); // version 2, command PROXY
    match (client.ip(), local.ip()) {
        (IpAddr::V4(src), IpAddr::V4(dst)) => {
            h.push(0x11); // TCP over IPv4
            h.extend_from_slice(&12u16.to_be_bytes());
            h.extend_from_slice(&src.octets());
            h.extend_from_slice(&dst.octets());
        }
        (src, dst) => {
            let v6 = |ip: IpAddr| match ip {
                IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                IpAddr::V6(v6) => v6,
            };
            h.push(0x21); // TCP over IPv6
            h.extend_from_slice(&36u16.to_be_bytes());
            h.extend_from_slice(&v6(src).octets());
            h.extend_from_slice(&v6(dst).octets());
        }
    }
    h.extend_from_slice(&client.port().to_be_bytes());
    h.extend_from_slice(&local.port().to_be_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proxy_v2_ipv4_layout() {
        let h = proxy_v2_header(
            "192.0.2.1:51000".parse().unwrap(),
            "127.0.0.1:8443".parse().unwrap(),
        );
        assert_eq!(&h[..12], b"\r\n\r\n\0\r\nQUIT\n");
        assert_eq!(&h[12..16], &[0x21, 0x11, 0, 12]);
        assert_eq!(&h[16..20], &[192, 0, 2, 1]);
        assert_eq!(&h[20..24], &[127, 0, 0, 1]);
        assert_eq!(&h[24..], &[0xc7, 0x38, 0x20, 0xfb]);
    }

    #[test]
    fn proxy_v2_mixed_families_use_ipv6() {
        let h = proxy_v2_header("[::1]:1".parse().unwrap(), "127.0.0.1:2".parse().unwrap());
        assert_eq!(&h[12..16], &[0x21, 0x21, 0, 36]);
        assert_eq!(h.len(), 16 + 36);
        assert_eq!(&h[32 + 10..32 + 16], &[0xff, 0xff, 127, 0, 0, 1]);
    }
}
