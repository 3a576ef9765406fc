//! The byte stream under an HTTP/2 connection, polled by its driver: the
//! connection's `Transport` (plain TCP, user-space TLS, or kTLS with
//! control records read as `transport` reads them), with the flood guard
//! watching what comes in and the kTLS record budget counted on what goes
//! out. Every method polls, so the driver waits for input, output room and
//! its streams at once, and none of them loses bytes when another wins.

use super::guard::FloodGuard;
use crate::metrics::{Abuse, WorkerMetrics};
use crate::tls::ReadError;
use crate::worker::transport::{self, Transport};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::AsyncWrite;

/// The longest wait for the client to close after we have.
const LINGER: Duration = Duration::from_secs(2);

/// Why reading from the client stopped.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("read failed: {0}")]
    Read(#[from] ReadError),
    #[error("abusive client: {}", .0.as_str())]
    Abuse(Abuse),
}

pub struct H2Io {
    transport: Transport,
    metrics: Arc<WorkerMetrics>,
    guard: FloodGuard,
    /// kTLS: the key's record budget is nearly spent (no kernel rekeys).
    key_limit: bool,
    /// kTLS: close_notify has been sent.
    close_sent: bool,
    /// Set once our side is closed: the end of the wait for the client's.
    linger: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl H2Io {
    pub fn new(transport: Transport, metrics: Arc<WorkerMetrics>, guard: FloodGuard) -> H2Io {
        H2Io {
            transport,
            metrics,
            guard,
            key_limit: false,
            close_sent: false,
            linger: None,
        }
    }

    /// kTLS: the connection should go away (GOAWAY) while its key can
    /// still carry the streams in flight.
    pub fn near_key_limit(&self) -> bool {
        self.key_limit
    }

    /// Sends some of `data`, in one `send()` where the socket takes it
    /// (under kTLS the kernel cuts it into records as rustls does).
    pub fn poll_write(&mut self, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let n = match &mut self.transport {
            Transport::Plain(s) => ready!(Pin::new(s).poll_write(cx, data))?,
            Transport::Ktls(s, kernel) => {
                let n = ready!(Pin::new(s).poll_write(cx, data))?;
                kernel.count_sent(n);
                self.key_limit |= kernel.near_limit();
                n
            }
            Transport::Tls(s, session) => {
                let n = ready!(session.poll_write(cx, s, data))?;
                WorkerMetrics::add(&self.metrics.userspace_tls_bytes, n as u64);
                n
            }
        };
        if n == 0 {
            return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
        }
        Poll::Ready(Ok(n))
    }

    /// Waits until what `poll_write` took has left (user-space TLS keeps
    /// encrypted records until the socket takes them).
    pub fn poll_flush(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.transport {
            Transport::Plain(_) | Transport::Ktls(..) => Poll::Ready(Ok(())),
            Transport::Tls(s, session) => session.poll_flush(cx, s),
        }
    }

    /// Reads what the client sent, decrypted, into `into`; 0 at its close.
    /// Frames counted by the flood guard on the way.
    pub fn poll_read(
        &mut self,
        cx: &mut Context<'_>,
        into: &mut [u8],
    ) -> Poll<Result<usize, InputError>> {
        let n = ready!(self.transport.poll_read(cx, into))?;
        if let Some(abuse) = self.guard.scan(&into[..n]) {
            return Poll::Ready(Err(InputError::Abuse(abuse)));
        }
        Poll::Ready(Ok(n))
    }

    /// Ready once there is input to read (nothing is read): for a
    /// connection that holds no input buffer while it is idle.
    pub fn poll_readable(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &self.transport {
            Transport::Tls(_, session) if session.has_buffered_input() => Poll::Ready(Ok(())),
            Transport::Plain(s) | Transport::Tls(s, _) | Transport::Ktls(s, _) => {
                s.poll_read_ready(cx)
            }
        }
    }

    /// Frees the transport's buffers that hold nothing (user-space TLS).
    pub fn release_idle_buffers(&mut self) {
        self.transport.release_idle_buffers();
    }

    /// Ends our side (close_notify for TLS, then FIN), then reads and
    /// drops what the client still sends (the WINDOW_UPDATEs for the last
    /// DATA frames) until its own close, for at most `LINGER`. Closing
    /// with those bytes unread would make the kernel reset the connection,
    /// and the client lose the end of the response.
    pub fn poll_close(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.transport {
            Transport::Plain(s) => ready!(Pin::new(s).poll_shutdown(cx))?,
            Transport::Tls(s, session) => ready!(session.poll_shutdown(cx, s))?,
            Transport::Ktls(s, _) => {
                if !self.close_sent {
                    ready!(transport::poll_send_close_notify(s, cx))?;
                    self.close_sent = true;
                }
                ready!(Pin::new(s).poll_shutdown(cx))?
            }
        }
        let deadline = self
            .linger
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(LINGER)));
        if deadline.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Ok(()));
        }
        let mut scratch = [0u8; 4096];
        loop {
            match ready!(self.transport.poll_read(cx, &mut scratch)) {
                Ok(0) | Err(_) => return Poll::Ready(Ok(())),
                Ok(_) => {}
            }
        }
    }
}
