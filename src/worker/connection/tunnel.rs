//! A switched connection (`101 Switching Protocols`: a WebSocket): after
//! the head, the client's connection and the back end's are joined both
//! ways until both sides have closed, or until neither has sent anything
//! for the upstream's `tunnel_timeout`.
//!
//! Plain TCP and kTLS clients of a back end in the clear are joined with
//! `splice()`, both directions at once: the kernel moves every byte (and,
//! under kTLS, encrypts and decrypts it), nothing passes through user
//! space. When either side is user-space TLS (the client's session, or a
//! TLS back end), bytes are copied, one direction at a time, as a TLS
//! session is a single state machine for reading and writing.
//!
//! A side that closes is half-closed on the other (FIN; close_notify
//! first towards a TLS client), so each side reads the other's end. Once
//! one direction has ended the other gets at most `HALF_CLOSED_IDLE` of
//! silence: a WebSocket peer closes right after the close handshake.
//!
//! Under kTLS every record the kernel sends is counted against the key's
//! confidentiality limit, as for responses: a tunnel that nears it is
//! closed cleanly (close_notify), since no kernel we test can rekey.

use super::super::transport::{self, Push, Transport};
use super::{Connection, End};
use crate::deadline::timeout_if_pending;
use crate::exchange::{Request, Response, Tunnel, Version};
use crate::http::Framing;
use crate::metrics::WorkerMetrics;
use crate::net::readiness::io_when_ready;
use crate::net::BackendStream;
use crate::net::Pipe;
use crate::tls::{KernelTls, ReadError};
use std::cell::Cell;
use std::io;
use std::sync::atomic::AtomicU64;
use std::time::Duration;
use tokio::io::Interest;
use tokio::net::TcpStream;
use tokio::time::Instant;

/// Bytes moved per splice (the kernel's pipe pages, no memory of ours).
const SPLICE_CHUNK: usize = 64 * 1024;
/// Buffer per direction when copying: one TLS record of plaintext. Kept
/// small, as a tunnel holds both for its whole life (WebSockets mostly idle).
const COPY_CHUNK: usize = 16 * 1024;
/// The longest silence once one side has closed.
const HALF_CLOSED_IDLE: Duration = Duration::from_secs(30);

/// How a tunnel ended.
#[derive(Debug, thiserror::Error)]
pub(in crate::worker) enum TunnelEnd {
    #[error("both sides closed")]
    Closed,
    #[error("idle for {0:?}")]
    Idle(Duration),
    #[error("reading the client failed: {0}")]
    Client(#[source] ReadError),
    #[error("writing to the client failed: {0}")]
    ClientWrite(#[source] io::Error),
    #[error("back end failed: {0}")]
    Backend(#[source] io::Error),
    #[error("pipe: {0}")]
    Pipe(#[source] io::Error),
    /// kTLS: the key's record budget is nearly spent and the kernel cannot
    /// rekey: closed cleanly, the client reconnects.
    #[error("kTLS key usage limit reached")]
    KeyLimit,
}

/// When the tunnel last carried a byte, and how long it may stay silent.
struct Idle {
    last: Cell<Instant>,
    limit: Cell<Duration>,
}

impl Idle {
    fn new(limit: Duration) -> Idle {
        Idle {
            last: Cell::new(Instant::now()),
            limit: Cell::new(limit),
        }
    }

    fn touch(&self) {
        self.last.set(Instant::now());
    }

    fn one_side_closed(&self) {
        self.limit.set(self.limit.get().min(HALF_CLOSED_IDLE));
        self.touch();
    }

    /// Resolves once the tunnel has been silent for the limit.
    async fn expired(&self) -> TunnelEnd {
        loop {
            let deadline = self.last.get() + self.limit.get();
            if Instant::now() >= deadline {
                return TunnelEnd::Idle(self.limit.get());
            }
            tokio::time::sleep_until(deadline).await;
        }
    }
}

/// Bytes counted per direction, for the access log and metrics.
#[derive(Default)]
struct Moved {
    up: Cell<u64>,
    down: Cell<u64>,
}

impl Moved {
    fn add(cell: &Cell<u64>, counter: &AtomicU64, n: usize) {
        cell.set(cell.get() + n as u64);
        WorkerMetrics::add(counter, n as u64);
    }
}

/// Counts the tunnel as open for as long as it lives.
struct OpenTunnel<'m>(&'m WorkerMetrics);

impl<'m> OpenTunnel<'m> {
    fn new(metrics: &'m WorkerMetrics) -> Self {
        WorkerMetrics::add(&metrics.tunnels_open, 1);
        WorkerMetrics::add(&metrics.tunnels_total, 1);
        OpenTunnel(metrics)
    }
}

impl Drop for OpenTunnel<'_> {
    fn drop(&mut self) {
        self.0
            .tunnels_open
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Connection {
    /// Sends the 101 head and joins the client to the tunnel's peer until
    /// the tunnel ends; the connection ends with it.
    /// `response` is the 101 (its body already taken: `tunnel`).
    pub(super) async fn tunnel(
        &mut self,
        site: usize,
        request: &Request,
        response: Response,
        tunnel: Tunnel,
    ) -> End {
        let Tunnel {
            mut peer,
            received,
            idle_timeout,
            peer_name,
        } = tunnel;
        self.wire
            .queue_head(&response, Framing::Empty, None, true, Version::Http11);
        let thread = self.worker.thread.clone();
        let metrics = &thread.metrics;
        let _open = OpenTunnel::new(metrics);
        let moved = Moved::default();
        // The back end's first bytes leave with the head, the client's
        // (sent before it saw the 101) go up before anything else.
        self.wire.out.extend_from_slice(&received);
        Moved::add(
            &moved.down,
            &metrics.tunnel_bytes_copied_down,
            received.len(),
        );
        if let Err(end) = self.wire.flush().await {
            self.worker.responded(site, request, 101, 0);
            return end;
        }
        let early = self.wire.input().len();
        let outcome = async {
            let input = self.wire.input();
            within(idle_timeout, peer.write_all(input))
                .await
                .map_err(TunnelEnd::Backend)?;
            Moved::add(&moved.up, &metrics.tunnel_bytes_copied_up, early);
            self.wire.consume(early);
            let idle = Idle::new(idle_timeout);
            match &mut self.wire.io {
                Transport::Plain(client) if peer.can_splice() => {
                    splice_both_ways(client, None, &peer, &idle, &moved, metrics).await
                }
                Transport::Ktls(client, kernel) if peer.can_splice() => {
                    splice_both_ways(client, Some(kernel), &peer, &idle, &moved, metrics).await
                }
                io => copy_in_turns(io, &mut peer, &idle, &moved, metrics).await,
            }
        }
        .await;
        let end = outcome.err().unwrap_or(TunnelEnd::Closed);
        let (up, down) = (moved.up.get(), moved.down.get());
        tracing::debug!(peer = %self.client.addr, back_end = %peer_name, up, down, %end, "tunnel closed");
        self.worker.responded(site, request, 101, down);
        End::Tunnel(end)
    }
}

/// A write to either side, which must make progress within `limit`.
async fn within(
    limit: Duration,
    write: impl std::future::Future<Output = io::Result<()>>,
) -> io::Result<()> {
    timeout_if_pending(limit, std::pin::pin!(write))
        .await
        .unwrap_or_else(|_| Err(io::ErrorKind::TimedOut.into()))
}

/// Plain TCP or kTLS client: both directions at once, with `splice()`.
async fn splice_both_ways(
    client: &TcpStream,
    kernel: Option<&mut Box<KernelTls>>,
    backend: &BackendStream,
    idle: &Idle,
    moved: &Moved,
    metrics: &WorkerMetrics,
) -> Result<(), TunnelEnd> {
    let tls = kernel.is_some();
    let up = async {
        let mut pipe = Pipe::new().map_err(TunnelEnd::Pipe)?;
        let mut record = Vec::new();
        loop {
            let spliced = io_when_ready(client, Interest::READABLE, || {
                pipe.fill_from(client, SPLICE_CHUNK)
            })
            .await;
            let n = match spliced {
                Ok(n) => n,
                // kTLS: splice() stops at a record that is not application
                // data (close_notify, another alert, a KeyUpdate) and
                // leaves it for recvmsg(), which says what it is.
                Err(e) if tls && e.raw_os_error() == Some(libc::EINVAL) => {
                    record.resize(16 * 1024 + 256, 0);
                    let n = transport::read_kernel_record(client, &mut record)
                        .await
                        .map_err(TunnelEnd::Client)?;
                    if n == 0 {
                        break;
                    }
                    idle.touch();
                    within(idle.limit.get(), backend.send_all(&record[..n]))
                        .await
                        .map_err(TunnelEnd::Backend)?;
                    Moved::add(&moved.up, &metrics.tunnel_bytes_copied_up, n);
                    continue;
                }
                Err(e) => return Err(TunnelEnd::Client(ReadError::Io(e))),
            };
            if n == 0 {
                break;
            }
            idle.touch();
            while pipe.held() > 0 {
                backend
                    .splice_from(&mut pipe)
                    .await
                    .map_err(TunnelEnd::Backend)?;
            }
            Moved::add(&moved.up, &metrics.tunnel_bytes_spliced_up, n);
        }
        idle.one_side_closed();
        // The back end may already be gone: the other direction will say.
        let _ = rustix::net::shutdown(backend, rustix::net::Shutdown::Write);
        Ok(())
    };
    let down = async {
        let mut kernel = kernel;
        let mut pipe = Pipe::new().map_err(TunnelEnd::Pipe)?;
        loop {
            let n = backend
                .splice_into(&mut pipe, SPLICE_CHUNK)
                .await
                .map_err(TunnelEnd::Backend)?;
            if n == 0 {
                break;
            }
            idle.touch();
            while pipe.held() > 0 {
                io_when_ready(client, Interest::WRITABLE, || pipe.drain_to(client))
                    .await
                    .map_err(TunnelEnd::ClientWrite)?;
            }
            Moved::add(&moved.down, &metrics.tunnel_bytes_spliced_down, n);
            if let Some(k) = kernel.as_deref_mut() {
                k.count_sent(n);
                if k.near_limit() {
                    WorkerMetrics::add(&metrics.ktls_retired_at_limit, 1);
                    let _ = transport::send_close_notify(client).await;
                    return Err(TunnelEnd::KeyLimit);
                }
            }
        }
        idle.one_side_closed();
        if tls {
            transport::send_close_notify(client)
                .await
                .map_err(TunnelEnd::ClientWrite)?;
        }
        let _ = rustix::net::shutdown(client, rustix::net::Shutdown::Write);
        Ok(())
    };
    tokio::select! {
        joined = async { tokio::try_join!(up, down) } => joined.map(drop),
        end = idle.expired() => Err(end),
    }
}

/// Either side on user-space TLS: whichever side has data, its bytes are
/// written to the other, one direction at a time.
async fn copy_in_turns(
    client: &mut Transport,
    backend: &mut BackendStream,
    idle: &Idle,
    moved: &Moved,
    metrics: &WorkerMetrics,
) -> Result<(), TunnelEnd> {
    let mut up_buf = vec![0u8; COPY_CHUNK];
    let mut down_buf = vec![0u8; COPY_CHUNK];
    let (mut up_open, mut down_open) = (true, true);
    // One watchdog for the whole tunnel, not a timer per message.
    let expired = idle.expired();
    tokio::pin!(expired);
    while up_open || down_open {
        tokio::select! {
            read = client.read(&mut up_buf), if up_open => match read.map_err(TunnelEnd::Client)? {
                0 => {
                    up_open = false;
                    idle.one_side_closed();
                    let _ = backend.shutdown_write().await;
                }
                n => {
                    idle.touch();
                    within(idle.limit.get(), backend.write_all(&up_buf[..n]))
                        .await
                        .map_err(TunnelEnd::Backend)?;
                    Moved::add(&moved.up, &metrics.tunnel_bytes_copied_up, n);
                }
            },
            read = backend.read(&mut down_buf), if down_open => match read.map_err(TunnelEnd::Backend)? {
                0 => {
                    down_open = false;
                    idle.one_side_closed();
                    client.shutdown(false).await.map_err(TunnelEnd::ClientWrite)?;
                }
                n => {
                    idle.touch();
                    within(idle.limit.get(), client.write_all(&down_buf[..n], Push::Now))
                        .await
                        .map_err(TunnelEnd::ClientWrite)?;
                    Moved::add(&moved.down, &metrics.tunnel_bytes_copied_down, n);
                }
            },
            end = &mut expired => return Err(end),
        }
    }
    Ok(())
}
