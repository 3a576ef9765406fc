//! Timeouts that cost nothing when the work is done at once. A tokio
//! timeout registers a timer (the wheel's lock, a clock read) at its first
//! poll, even for a write the socket takes whole or a read whose bytes are
//! already there, which is most of them on a busy connection.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use tokio::time::error::Elapsed;
use tokio::time::timeout_at;

/// The moment `after` from now by the coarse clock (`crate::clock`), for
/// the timers of a connection (keep-alive, send stall, buffer release):
/// seconds long, so a tick's difference does not matter, and a timer reset
/// on every busy turn then costs no exact clock read.
pub fn coarse_deadline(after: Duration) -> tokio::time::Instant {
    tokio::time::Instant::from_std(crate::clock::coarse_now()) + after
}

/// `tokio::time::timeout`, with the timer armed only if `future` is not
/// ready at its first poll, and then by the coarse clock (`coarse_deadline`:
/// these limits are seconds long). The same future goes on under the
/// timeout, so nothing is lost. Taken pinned where the caller made it: a
/// future passed by value is copied into this one's state (a write's is a
/// few hundred bytes, copied on every response).
pub async fn timeout_if_pending<F: Future>(
    limit: Duration,
    mut future: Pin<&mut F>,
) -> Result<F::Output, Elapsed> {
    match ready_now(future.as_mut()) {
        Some(output) => Ok(output),
        None => timeout_at(coarse_deadline(limit), future).await,
    }
}

/// `future`'s output if it is ready at this poll. Nothing is woken when it
/// is not: the caller polls it again, under its timer.
pub fn ready_now<F: Future>(future: Pin<&mut F>) -> Option<F::Output> {
    match future.poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => Some(output),
        Poll::Pending => None,
    }
}
