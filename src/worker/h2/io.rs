//! The byte stream under an HTTP/2 connection, as the `h2` crate polls
//! it: the connection's `Transport` (plain TCP, user-space TLS, or kTLS
//! with control records read as `transport` reads them), with the flood
//! guard watching what comes in and the kTLS record budget counted on
//! what goes out.

use super::guard::FloodGuard;
use crate::metrics::Abuse;
use crate::metrics::WorkerMetrics;
use crate::tls::ENCRYPT_CHUNK;
use crate::worker::transport::{self, Transport};
use std::cell::Cell;
use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::Notify;

/// What the byte stream tells the connection's driver, which cannot
/// reach it once `h2` owns it.
#[derive(Default)]
pub struct Signals {
    /// The client is abusive: GOAWAY and close.
    pub abuse: Cell<Option<Abuse>>,
    /// kTLS: the key's record budget is nearly spent (no kernel rekeys):
    /// GOAWAY, so the client moves to a new connection.
    pub key_limit: Cell<bool>,
    pub raised: Notify,
}

pub struct H2Io {
    transport: Transport,
    metrics: Arc<WorkerMetrics>,
    guard: FloodGuard,
    signals: Rc<Signals>,
    /// Frames written by `h2` and not yet sent: gathered up to `GATHER`,
    /// so that the responses of many streams leave together, and a large
    /// one in a syscall (and one encryption call) per four TLS records.
    pending: Vec<u8>,
    /// A flush of `pending` was put off until the task's next turn.
    flush_deferred: bool,
    /// kTLS: close_notify has been sent.
    close_sent: bool,
    /// Set once our side is closed: the end of the wait for the client's.
    linger: Option<Pin<Box<tokio::time::Sleep>>>,
}

/// Plaintext sent at a time: four full TLS records, each exactly one
/// full DATA frame with its header (`stream::FRAME_DATA`); as much as
/// user-space TLS encrypts per call (`tls::ENCRYPT_CHUNK`).
const GATHER: usize = ENCRYPT_CHUNK;
/// The longest wait for the client to close after we have.
const LINGER: Duration = Duration::from_secs(2);

impl H2Io {
    pub fn new(
        transport: Transport,
        metrics: Arc<WorkerMetrics>,
        guard: FloodGuard,
        signals: Rc<Signals>,
    ) -> H2Io {
        H2Io {
            transport,
            metrics,
            guard,
            signals,
            pending: Vec::with_capacity(GATHER),
            flush_deferred: false,
            close_sent: false,
            linger: None,
        }
    }
}

impl H2Io {
    /// Sends what `pending` holds, in one `send()` where the socket takes
    /// it (under kTLS the kernel cuts it into records as rustls does).
    fn poll_send_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            let n = match &mut self.transport {
                Transport::Plain(s) => ready!(Pin::new(s).poll_write(cx, &self.pending))?,
                Transport::Ktls(s, kernel) => {
                    let n = ready!(Pin::new(s).poll_write(cx, &self.pending))?;
                    kernel.count_sent(n);
                    if kernel.near_limit() && !self.signals.key_limit.replace(true) {
                        self.signals.raised.notify_one();
                    }
                    n
                }
                Transport::Tls(s, session) => {
                    let n = ready!(session.poll_write(cx, s, &self.pending))?;
                    WorkerMetrics::add(&self.metrics.userspace_tls_bytes, n as u64);
                    n
                }
            };
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.pending.drain(..n);
        }
        self.flush_deferred = false;
        Poll::Ready(Ok(()))
    }

    /// Reads what the client sent, decrypted; 0 at its close.
    fn poll_read_plaintext(
        &mut self,
        cx: &mut Context<'_>,
        into: &mut [u8],
    ) -> Poll<io::Result<usize>> {
        Poll::Ready(Ok(match &mut self.transport {
            Transport::Plain(s) => {
                let mut buf = ReadBuf::new(into);
                ready!(Pin::new(s).poll_read(cx, &mut buf))?;
                buf.filled().len()
            }
            Transport::Tls(s, session) => ready!(session.poll_read(cx, s, into))?,
            Transport::Ktls(s, _) => {
                ready!(transport::poll_read_kernel_record(s, cx, into)).map_err(io::Error::other)?
            }
        }))
    }

    /// After our FIN: reads and drops what the client still sends (the
    /// WINDOW_UPDATEs for the last DATA frames) until its own close, for at
    /// most `LINGER`. Closing with those bytes unread would make the kernel
    /// reset the connection, and the client lose the end of the response.
    fn poll_linger(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let deadline = self
            .linger
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(LINGER)));
        if deadline.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Ok(()));
        }
        let mut scratch = [0u8; 4096];
        loop {
            match ready!(self.poll_read_plaintext(cx, &mut scratch)) {
                Ok(0) | Err(_) => return Poll::Ready(Ok(())),
                Ok(_) => {}
            }
        }
    }
}

impl AsyncRead for H2Io {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.signals.abuse.get().is_some() {
            // Nothing more is read from an abuser: the driver closes.
            return Poll::Pending;
        }
        let free = buf.initialize_unfilled();
        let n = ready!(this.poll_read_plaintext(cx, free))?;
        if let Some(abuse) = this.guard.scan(&free[..n]) {
            this.signals.abuse.set(Some(abuse));
            this.signals.raised.notify_one();
            return Poll::Pending;
        }
        buf.advance(n);
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for H2Io {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.poll_write_vectored(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.pending.len() >= GATHER {
            ready!(this.poll_send_pending(cx))?;
        }
        let mut taken = 0;
        for b in bufs {
            let n = b.len().min(GATHER - this.pending.len());
            this.pending.extend_from_slice(&b[..n]);
            taken += n;
            if n < b.len() {
                break;
            }
        }
        Poll::Ready(Ok(taken))
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if !this.pending.is_empty() && !this.flush_deferred {
            // Once per batch: the connection's task goes to the back of the
            // worker's run queue, so the streams whose tasks are ready now
            // add their frames first, and the responses of many streams
            // leave in one record and one syscall. `h2` flushes on every
            // poll of the connection, so the next poll sends them.
            this.flush_deferred = true;
            cx.waker().wake_by_ref();
            return Poll::Ready(Ok(()));
        }
        ready!(this.poll_send_pending(cx))?;
        match &mut this.transport {
            Transport::Plain(s) | Transport::Ktls(s, _) => Pin::new(s).poll_flush(cx),
            Transport::Tls(s, session) => session.poll_flush(cx, s),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_send_pending(cx))?;
        match &mut this.transport {
            Transport::Plain(s) => ready!(Pin::new(s).poll_shutdown(cx))?,
            Transport::Tls(s, session) => ready!(session.poll_shutdown(cx, s))?,
            Transport::Ktls(s, _) => {
                if !this.close_sent {
                    ready!(transport::poll_send_close_notify(s, cx))?;
                    this.close_sent = true;
                }
                ready!(Pin::new(s).poll_shutdown(cx))?
            }
        }
        this.poll_linger(cx)
    }
}
