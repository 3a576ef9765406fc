//! Reading a PROXY protocol header off a new connection, on listeners with
//! `proxy_protocol = true`, before TLS or HTTP begins. The header is found
//! by peeking and then exactly its bytes are consumed, so what follows
//! (a ClientHello read record by record for kTLS, or a request) stays in
//! the socket for the next layer.

use super::super::Worker;
use crate::config::AddressRange;
use crate::metrics::WorkerMetrics;
use crate::proxy_protocol::{self, Decoded};
use rustix::net::RecvFlags;
use std::io;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, Interest};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// Why a connection on a PROXY listener was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum ProxyHeaderError {
    #[error("peer is not in proxy_protocol_from")]
    Untrusted,
    #[error("{0}")]
    Invalid(&'static str),
    #[error("connection closed before the PROXY header ended")]
    Closed,
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The client and the address it connected to, from the header of a
/// connection on a PROXY listener (`local` None: ask the socket). None:
/// the connection is refused (counted and logged) and must be closed.
pub async fn accept(
    worker: &Worker,
    stream: &mut TcpStream,
    peer: SocketAddr,
    allowed: &[AddressRange],
) -> Option<(SocketAddr, Option<SocketAddr>)> {
    match timeout(
        worker.settings.timeouts.handshake,
        read(stream, peer, allowed),
    )
    .await
    {
        Ok(Ok(Some((client, local)))) => Some((client, Some(local))),
        Ok(Ok(None)) => Some((peer, None)),
        Ok(Err(e)) => {
            WorkerMetrics::add(&worker.thread.metrics.proxy_protocol_refused, 1);
            tracing::debug!(%peer, error = %e, "PROXY header refused; closing");
            None
        }
        Err(_) => {
            WorkerMetrics::add(&worker.thread.metrics.proxy_protocol_refused, 1);
            tracing::debug!(%peer, "no complete PROXY header in time; closing");
            None
        }
    }
}

/// Reads the header. Ok(Some((client, local))): the addresses it gives;
/// Ok(None): a LOCAL or UNKNOWN header, the socket's addresses stand.
async fn read(
    stream: &mut TcpStream,
    peer: SocketAddr,
    allowed: &[AddressRange],
) -> Result<Option<(SocketAddr, SocketAddr)>, ProxyHeaderError> {
    if !allowed.is_empty() && !allowed.iter().any(|r| r.contains(peer.ip())) {
        return Err(ProxyHeaderError::Untrusted);
    }
    let mut buf = vec![0u8; proxy_protocol::PEEK_BYTES];
    let mut seen = 0;
    loop {
        stream.readable().await?;
        // Peeking does not consume, so readiness would stay set and the loop
        // spin: returning WouldBlock when nothing new arrived clears it
        // until the next segment.
        let peeked = stream.try_io(Interest::READABLE, || {
            let (n, _) = rustix::net::recv(
                &*stream,
                &mut buf[..],
                RecvFlags::PEEK | RecvFlags::DONTWAIT,
            )?;
            if n == seen && n < buf.len() && n > 0 {
                Err(io::ErrorKind::WouldBlock.into())
            } else {
                Ok(n)
            }
        });
        let n = match peeked {
            Ok(0) => return Err(ProxyHeaderError::Closed),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => continue,
            Err(e) => return Err(e.into()),
        };
        seen = n;
        match proxy_protocol::decode(&buf[..n]) {
            Decoded::Header { len, addresses } => {
                stream.read_exact(&mut buf[..len]).await?;
                return Ok(addresses);
            }
            Decoded::Partial if n < buf.len() => {}
            Decoded::Partial => return Err(ProxyHeaderError::Invalid("PROXY header too long")),
            Decoded::Invalid(why) => return Err(ProxyHeaderError::Invalid(why)),
        }
    }
}
