//! A connection's bytes: the transport, the input buffer (received, not yet
//! consumed: `buf[start..end]`), the output buffer (response bytes
//! waiting to be written; pipelined responses collect here), and the last
//! request's head, whose memory the next head refills. Only the
//! HTTP/1 code in this folder touches them; handlers see exchanges.

use super::super::transport::{Push, Transport};
use super::super::Worker;
use super::End;
use crate::buffer::ByteBuf;
use crate::deadline::{coarse_deadline, timeout_if_pending};
use crate::http::RequestHead;
use crate::metrics::WorkerMetrics;
use crate::tls::ReadError;
use std::future::{poll_fn, Future};
use std::ops::Range;
use std::pin::{pin, Pin};
use std::rc::Rc;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::time::{timeout, timeout_at, Instant, Sleep};

/// A keep-alive connection quiet for this long gives its buffers back.
const IDLE_RELEASE_AFTER: Duration = Duration::from_secs(1);

pub(super) struct Wire {
    pub io: Transport,
    pub out: ByteBuf,
    /// The last request's head, kept while the connection is busy for the
    /// next head parsed from `buf` to refill (`parse_head_reusing`).
    pub served_head: Option<Box<RequestHead>>,
    /// The response whose head was queued last is the connection's last:
    /// its bytes, written before the close, are held for the FIN
    /// (`Push::BeforeClose`).
    pub last_response: bool,
    pub(super) worker: Rc<Worker>,
    buf: Vec<u8>,
    start: usize,
    end: usize,
}

impl Wire {
    pub fn new(worker: Rc<Worker>, io: Transport) -> Wire {
        Wire {
            buf: worker
                .thread
                .take_buffer(worker.settings.limits.max_header_bytes),
            io,
            out: ByteBuf::new(),
            served_head: None,
            last_response: false,
            worker,
            start: 0,
            end: 0,
        }
    }

    /// Received bytes not yet consumed.
    pub fn input(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// Where `input()` starts in the buffer, for `bytes`.
    pub fn input_offset(&self) -> usize {
        self.start
    }

    /// Bytes at an absolute range of the buffer (already consumed ones stay
    /// valid until the next read).
    pub fn bytes(&self, range: Range<usize>) -> &[u8] {
        &self.buf[range]
    }

    /// Input that was read before this wire existed (by a handshake that
    /// found plain HTTP).
    pub fn push_input(&mut self, bytes: &[u8]) {
        let n = bytes.len().min(self.buf.len() - self.end);
        self.buf[self.end..self.end + n].copy_from_slice(&bytes[..n]);
        self.end += n;
    }

    pub fn consume(&mut self, n: usize) {
        assert!(self.start + n <= self.end, "consume past the input");
        self.start += n;
    }

    /// Reads into the free end of the buffer, compacting it first.
    pub async fn read_more(&mut self) -> Result<usize, ReadError> {
        poll_fn(|cx| self.poll_read_more(cx)).await
    }

    /// `read_more`, polled (the wait between requests polls it under its
    /// timer, with no future of its own). Each poll makes the same room.
    fn poll_read_more(&mut self, cx: &mut Context<'_>) -> Poll<Result<usize, ReadError>> {
        if self.buf.is_empty() {
            self.buf = self
                .worker
                .thread
                .take_buffer(self.worker.settings.limits.max_header_bytes);
        }
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
        } else if self.end == self.buf.len() {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        let n = ready!(self.io.poll_read(cx, &mut self.buf[self.end..]))?;
        self.end += n;
        Poll::Ready(Ok(n))
    }

    /// Writes what `out` holds, pushed as `push` says.
    pub async fn write_out(&mut self, push: Push) -> Result<(), End> {
        self.write_out_then(&[], push).await
    }

    /// Writes what `out` holds and then `body` (`Transport::write_now`, which
    /// needs no copy of `body`; on user-space TLS, `body` must be empty),
    /// pushed as `push` says; what the socket does not take at once waits
    /// for room, under the send timeout.
    pub async fn write_out_then(&mut self, body: &[u8], push: Push) -> Result<(), End> {
        debug_assert!(body.is_empty() || !matches!(self.io, Transport::Tls(..)));
        let queued = self.out.len();
        if queued + body.len() == 0 {
            return Ok(());
        }
        if matches!(self.io, Transport::Tls(..)) {
            WorkerMetrics::add(
                &self.worker.thread.metrics.userspace_tls_bytes,
                queued as u64,
            );
        }
        let written = match self.io.write_now(self.out.as_slice(), body, push) {
            Some(Ok(n)) => n,
            Some(Err(e)) => {
                self.out.clear();
                return Err(End::Io("write", e));
            }
            None => 0,
        };
        if written == queued + body.len() {
            self.out.clear();
            return Ok(());
        }
        let result = {
            let (queued_rest, body_rest) = match written.checked_sub(queued) {
                Some(into_body) => (&[][..], &body[into_body..]),
                None => (&self.out.as_slice()[written..], body),
            };
            let io = &mut self.io;
            // Each part only if it has bytes: on user-space TLS, a write
            // before the close ends with a close_notify.
            let write = pin!(async move {
                for part in [queued_rest, body_rest] {
                    if !part.is_empty() {
                        io.write_all(part, push).await?;
                    }
                }
                Ok(())
            });
            timeout_if_pending(self.worker.settings.timeouts.send, write).await
        };
        self.out.clear();
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(End::Io("write", e)),
            Err(_) => Err(End::Timeout("send")),
        }
    }

    pub async fn flush(&mut self) -> Result<(), End> {
        self.write_out(Push::Now).await
    }

    /// The connection's last bytes, before its close (`Push::BeforeClose`):
    /// the FIN, and under TLS the close_notify, leave in their segment, one
    /// segment or two fewer for the client to take in and acknowledge on
    /// every connection that carries one request. The caller ends the
    /// connection next (`Transport::shutdown`, then the drop).
    pub async fn flush_last(&mut self) -> Result<(), End> {
        self.write_out(Push::BeforeClose).await
    }

    /// Idle between requests: until data arrives, the keep-alive timeout,
    /// or shutdown. `timer`: the connection's idle timer, kept from one
    /// wait to the next (see `IdleTimer`).
    pub async fn wait_for_next_request(&mut self, timer: &mut IdleTimer) -> Result<(), End> {
        let keepalive = self.worker.settings.timeouts.keepalive;
        // A client that sends its next request soon (a page's assets, a load
        // test) is read at once, with the buffers it has (every read path
        // is cancel-safe, so the read can be abandoned when the wait ends).
        // Shutdown does not cut this short: such a client may have its
        // next request on the way, and closing now would fail it; it gets
        // its answer, with `Connection: close`.
        let first = timer
            .within(IDLE_RELEASE_AFTER.min(keepalive), |cx| {
                self.poll_read_more(cx)
            })
            .await;
        match first {
            Some(Ok(0)) => return Err(End::Done),
            Some(Ok(_)) => return Ok(()),
            Some(Err(e)) => return Err(End::read_failed("read", e)),
            None if *self.worker.thread.shutdown.borrow() => return Err(End::Done),
            None => {}
        }
        // Quiet since the release timer: the rest of the keep-alive time.
        let deadline = Instant::now() + keepalive.saturating_sub(IDLE_RELEASE_AFTER);
        let mut shutdown = self.worker.thread.shutdown.clone();
        // A quiet one gives its buffers back and waits holding none, so
        // thousands of idle keep-alive connections cost little more than
        // their sockets.
        self.release_idle_buffers();
        tokio::select! {
            r = timeout_at(deadline, self.io.readable()) => match r {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(End::read_failed("wait", e.into())),
                Err(_) => return Err(End::Timeout("keep-alive")),
            },
            _ = shutdown.wait_for(|stop| *stop) => return Err(End::Done),
        }
        match timeout(keepalive, self.read_more()).await {
            Ok(Ok(0)) => Err(End::Done),
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(End::read_failed("read", e)),
            Err(_) => Err(End::Timeout("keep-alive")),
        }
    }

    fn release_idle_buffers(&mut self) {
        self.worker.thread.note_idle_release();
        self.worker
            .thread
            .give_back_buffer(std::mem::take(&mut self.buf));
        self.out.release();
        self.served_head = None;
        self.io.release_idle_buffers();
    }

    /// Reads and drops what the client still sends (up to 1 MiB, until
    /// `deadline`), so it sees our response rather than a reset.
    pub async fn drain_input(&mut self, deadline: Instant) {
        let mut drained = 0usize;
        while drained < 1 << 20 {
            self.start = 0;
            self.end = 0;
            match timeout_at(deadline, self.read_more()).await {
                Ok(Ok(n)) if n > 0 => drained += n,
                _ => break,
            }
        }
    }
}

/// A keep-alive connection's timer for the short waits between requests.
/// A timer made and dropped per wait took the wheel's lock twice and read
/// the exact clock every request. This one is set once and left armed:
/// a wait that would end later than it fires finds, when it fires, that
/// its own deadline is still ahead and moves it there, so it is reset
/// about once per idle period, not once per request.
pub(super) struct IdleTimer {
    /// Made at the first wait that is not over at once.
    sleep: Option<Pin<Box<Sleep>>>,
}

impl IdleTimer {
    pub fn new() -> IdleTimer {
        IdleTimer { sleep: None }
    }

    /// What `poll` gives if it comes within `limit` (to within a timer
    /// tick), else None. A poll rather than a future: the wait between
    /// requests reads through it, and a future per read costs its own
    /// state on every request.
    async fn within<T>(
        &mut self,
        limit: Duration,
        mut poll: impl FnMut(&mut Context<'_>) -> Poll<T>,
    ) -> Option<T> {
        let mut due = None;
        poll_fn(|cx| {
            // Polled with this task's waker from the first poll: a first
            // poll with another (a no-op) waker would be registered in the
            // socket and swapped out again at once, each time.
            if let Poll::Ready(output) = poll(cx) {
                return Poll::Ready(Some(output));
            }
            // Most waits end at their first poll: no clock, no timer.
            let (due, sleep) = match (due, &mut self.sleep) {
                (Some(due), Some(sleep)) => (due, sleep),
                (_, slot) => {
                    let end = coarse_deadline(limit);
                    due = Some(end);
                    let sleep = match slot {
                        Some(sleep) => {
                            // Fired, or due after this wait's end (the
                            // limit shrank): set to this wait's end.
                            if sleep.is_elapsed() || sleep.deadline() > end {
                                sleep.as_mut().reset(end);
                            }
                            sleep
                        }
                        None => slot.insert(Box::pin(tokio::time::sleep_until(end))),
                    };
                    (end, sleep)
                }
            };
            while sleep.as_mut().poll(cx).is_ready() {
                if Instant::now() >= due {
                    return Poll::Ready(None);
                }
                sleep.as_mut().reset(due);
            }
            Poll::Pending
        })
        .await
    }
}

impl Drop for Wire {
    fn drop(&mut self) {
        self.worker
            .thread
            .give_back_buffer(std::mem::take(&mut self.buf));
    }
}
