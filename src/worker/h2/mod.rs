//! HTTP/2 connections (RFC 9113): chosen with ALPN `h2` on TLS listeners,
//! or by the client's preface on plain listeners with `http.h2c`. The `h2`
//! crate does framing, HPACK and flow control over the connection's
//! transport (`io.rs`: kTLS socket, user-space TLS session or plain TCP);
//! each stream is one exchange (`stream.rs`), dispatched as an HTTP/1
//! request is, in a task of its own.
//!
//! Bounds: concurrent streams, header list size (`limits.max_header_bytes`),
//! HPACK table, CONTINUATION frames and streams reset before they are
//! accepted are the `h2` crate's; reset and SETTINGS/PING rates are the
//! guard's (`guard.rs`). An abuser gets GOAWAY (ENHANCE_YOUR_CALM) and is
//! closed. The connection ends with a graceful GOAWAY (streams in flight
//! finish) when the process stops, when a reload removes its listener, when
//! no stream has been open for `timeouts.keepalive`, or under kTLS when the
//! key's record budget runs out.

mod buffers;
mod guard;
mod io;
mod stream;

use super::dispatch::{Arrival, ListenerState};
use super::transport::Transport;
use super::Worker;
use crate::exchange::Client;
use crate::metrics::WorkerMetrics;
use guard::FloodGuard;
use io::{H2Io, Signals};
use std::cell::RefCell;
use std::future::poll_fn;
use std::rc::Rc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::{sleep, timeout, Instant};

/// Receive windows: large enough for uploads at loopback speed (the
/// protocol's default, 64 KiB, allows one window per round trip).
const STREAM_WINDOW: u32 = 1 << 20;
const CONNECTION_WINDOW: u32 = 4 << 20;
/// How long a GOAWAY to an abuser may take to leave.
const GOAWAY_LINGER: Duration = Duration::from_secs(1);

/// What every stream of a connection shares.
struct Shared {
    /// The generation in use and how the connection arrived, followed
    /// across reloads at each new stream.
    current: RefCell<(Rc<Worker>, Arrival)>,
    client: Client,
}

impl Shared {
    /// The configuration a new stream uses.
    fn for_new_stream(&self) -> (Rc<Worker>, Arrival) {
        let mut current = self.current.borrow_mut();
        let (worker, arrival) = &mut *current;
        arrival.follow_reload(worker);
        (worker.clone(), arrival.clone())
    }

    /// Once the generation in use has retired: the retirement of the one
    /// that took over, or None when the connection should go away (a
    /// reload removed its listener, or the process is stopping).
    fn after_retirement(&self) -> Option<watch::Receiver<bool>> {
        let mut current = self.current.borrow_mut();
        let (worker, arrival) = &mut *current;
        if arrival.follow_reload(worker) == ListenerState::Removed {
            return None;
        }
        let next = worker.retire.subscribe();
        let stopping = *next.borrow();
        (!stopping).then_some(next)
    }
}

/// Serves an HTTP/2 connection whose handshake (TLS and ALPN, or the h2c
/// preface sniffed) is done, until it ends.
pub(super) async fn serve(
    worker: Rc<Worker>,
    transport: Transport,
    client: Client,
    arrival: Arrival,
) {
    let peer = client.addr;
    let metrics = worker.thread.metrics.clone();
    WorkerMetrics::add(&metrics.h2_connections, 1);
    let settings = worker.settings.clone();
    let limits = settings.http.h2;
    let signals = Rc::new(Signals::default());
    let io = H2Io::new(
        transport,
        metrics.clone(),
        FloodGuard::new(&limits),
        signals.clone(),
    );
    let mut builder = h2::server::Builder::new();
    builder
        .max_concurrent_streams(limits.max_concurrent_streams)
        .max_header_list_size(settings.limits.max_header_bytes as u32)
        .header_table_size(limits.header_table_size)
        .initial_window_size(STREAM_WINDOW)
        .initial_connection_window_size(CONNECTION_WINDOW);
    let mut conn = match timeout(settings.timeouts.request_header, builder.handshake(io)).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => {
            tracing::debug!(%peer, error = %e, "HTTP/2 preface failed");
            return;
        }
        Err(_) => {
            tracing::debug!(%peer, "HTTP/2 preface timed out");
            return;
        }
    };
    let shared = Rc::new(Shared {
        current: RefCell::new((worker, arrival)),
        client,
    });
    // Dropped with the connection: streams left then are cancelled.
    let mut streams = JoinSet::new();
    let mut stop = shared.current.borrow().0.thread.shutdown.clone();
    let mut retired = shared.current.borrow().0.retire.subscribe();
    let keepalive = settings.timeouts.keepalive;
    let idle = sleep(keepalive);
    tokio::pin!(idle);
    let mut going_away = false;
    let end = loop {
        tokio::select! {
            next = conn.accept() => match next {
                None => break "done",
                Some(Err(e)) => {
                    tracing::debug!(%peer, error = %e, "HTTP/2 connection failed");
                    break "error";
                }
                Some(Ok((request, respond))) => {
                    WorkerMetrics::add(&metrics.h2_streams, 1);
                    streams.spawn_local(stream::serve(shared.clone(), request, respond));
                }
            },
            Some(_) = streams.join_next(), if !streams.is_empty() => {
                if streams.is_empty() {
                    idle.as_mut().reset(Instant::now() + keepalive);
                }
            }
            _ = stop.wait_for(|s| *s), if !going_away => {
                going_away = true;
                conn.graceful_shutdown();
            }
            // The `Ref` wait_for returns ends with the block: `retired` is
            // free to be replaced. (We hold the Worker: its sender lives.)
            _ = async { drop(retired.wait_for(|r| *r).await) }, if !going_away => match shared.after_retirement() {
                Some(next) => retired = next,
                None => {
                    tracing::debug!(%peer, "HTTP/2 connection's listener removed or stopping: GOAWAY");
                    going_away = true;
                    conn.graceful_shutdown();
                }
            },
            _ = &mut idle, if !going_away => {
                if streams.is_empty() {
                    going_away = true;
                    conn.graceful_shutdown();
                } else {
                    idle.as_mut().reset(Instant::now() + keepalive);
                }
            }
            _ = signals.raised.notified() => {
                if let Some(abuse) = signals.abuse.get() {
                    metrics.h2_abuse(abuse);
                    tracing::info!(%peer, abuse = abuse.as_str(), "HTTP/2 client abusive: GOAWAY and closing");
                    conn.abrupt_shutdown(h2::Reason::ENHANCE_YOUR_CALM);
                    let _ = timeout(GOAWAY_LINGER, poll_fn(|cx| conn.poll_closed(cx))).await;
                    break "abuse";
                }
                if signals.key_limit.get() && !going_away {
                    WorkerMetrics::add(&metrics.ktls_retired_at_limit, 1);
                    going_away = true;
                    conn.graceful_shutdown();
                }
            }
        }
    };
    tracing::trace!(%peer, end, "HTTP/2 connection closed");
}
