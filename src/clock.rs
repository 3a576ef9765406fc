//! The time, read at most once per event-loop turn (nginx's
//! `ngx_time_update`). One turn of a connection answers many requests, and
//! each asks the time a few times (is the cached file still valid, what
//! goes in `Date`); in a `Turn` the first question reads the clock and the
//! others get its answer. Outside a turn the clock is read on every call.
//!
//! A turn is synchronous code between two waits: no other task runs in
//! it, so the time it caches is at most that code's running time old.
//!
//! Every question here is measured in seconds (is a cached file still
//! valid, which second goes in `Date`), so the answers come from the
//! kernel's coarse clocks: the time of the last timer tick (a few ms old),
//! read without the TSC. A connection's task runs each of its polls in a
//! turn (`in_turns`): an HTTP/1 request asks three or four times (the
//! files' cache, the root, `Date`, the idle timer), and the answers of one
//! poll are one reading.

use rustix::time::{clock_gettime, ClockId};
use std::cell::Cell;
use std::future::{poll_fn, Future};
use std::pin::pin;
use std::thread::LocalKey;
use std::time::{Duration, Instant};

/// One clock's reading as a turn keeps it.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kept {
    /// No turn is under way: every question reads the clock.
    NoTurn,
    /// In a turn, not asked yet.
    Unread,
    Read(Duration),
}

thread_local! {
    /// The turn's readings, one cell per clock: a question costs one
    /// thread-local read of its own clock's, not a copy of both.
    static MONOTONIC: Cell<Kept> = const { Cell::new(Kept::NoTurn) };
    static WALL: Cell<Kept> = const { Cell::new(Kept::NoTurn) };
    /// An `Instant` and the coarse monotonic clock read together: an
    /// `Instant` cannot be made from a clock reading, so coarse instants
    /// are this one plus how far the coarse clock moved since.
    static COARSE_BASE: (Instant, Duration) = coarse_base();
}

/// An `Instant` read within one tick of the coarse clock (no tick, and
/// no preemption past one, between them), so that every coarse instant of
/// this thread is within a tick of the exact clock.
fn coarse_base() -> (Instant, Duration) {
    for _ in 0..100 {
        let before = read_coarse_monotonic();
        let instant = Instant::now();
        if read_coarse_monotonic() == before {
            return (instant, before);
        }
    }
    (Instant::now(), read_coarse_monotonic())
}

fn since_epoch(clock: ClockId) -> Duration {
    let t = clock_gettime(clock);
    Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec as u32)
}

fn read_coarse_monotonic() -> Duration {
    since_epoch(ClockId::MonotonicCoarse)
}

/// While alive, the coarse clocks answer what they first answered in it.
pub struct Turn {
    /// The readings of the turn this one is inside, if any.
    outer: (Kept, Kept),
}

impl Turn {
    pub fn begin() -> Turn {
        let outer = (MONOTONIC.replace(Kept::Unread), WALL.replace(Kept::Unread));
        Turn { outer }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        MONOTONIC.set(self.outer.0);
        WALL.set(self.outer.1);
    }
}

/// `future` with each of its polls in a turn of its own: a poll is
/// synchronous code that ends at a wait, so within it the clocks are read
/// once.
pub async fn in_turns<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    poll_fn(|cx| {
        let _turn = Turn::begin();
        future.as_mut().poll(cx)
    })
    .await
}

/// `read`'s answer, or, in a turn, the answer the turn kept in `kept`
/// after its first read.
fn cached(kept: &'static LocalKey<Cell<Kept>>, read: fn() -> Duration) -> Duration {
    match kept.get() {
        Kept::Read(value) => value,
        Kept::NoTurn => read(),
        Kept::Unread => {
            let value = read();
            kept.set(Kept::Read(value));
            value
        }
    }
}

/// The monotonic clock to within a timer tick, as the time since it
/// started (boot): for intervals of a second or more kept by this
/// process, such as how long a cached file stays valid. Compared as it
/// is, with no conversion to an `Instant`.
pub fn coarse_monotonic() -> Duration {
    cached(&MONOTONIC, read_coarse_monotonic)
}

/// `coarse_monotonic` as an `Instant`, for timers and for intervals of
/// seconds kept as instants (how long a back end stays out, or a
/// connection idle).
pub fn coarse_now() -> Instant {
    COARSE_BASE.with(|(instant, base)| *instant + coarse_monotonic().saturating_sub(*base))
}

/// Wall-clock time to within a timer tick, as the time since the Unix
/// epoch (what `Date` needs: its second, and its text when that changes).
pub fn coarse_wall() -> Duration {
    cached(&WALL, || since_epoch(ClockId::RealtimeCoarse))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{SystemTime, UNIX_EPOCH};

    #[test]
    fn a_turn_keeps_its_first_answers_and_restores_what_was() {
        {
            let _turn = Turn::begin();
            let (a, wa) = (coarse_now(), coarse_wall());
            std::thread::sleep(Duration::from_millis(30));
            assert_eq!((coarse_now(), coarse_wall()), (a, wa));
            {
                let _inner = Turn::begin();
                assert!(coarse_now() > a, "an inner turn reads the clock again");
                assert!(coarse_wall() > wa);
            }
            assert_eq!((coarse_now(), coarse_wall()), (a, wa));
        }
        let after = coarse_now();
        std::thread::sleep(Duration::from_millis(30));
        assert!(coarse_now() > after, "outside a turn the clock moves");
    }

    #[test]
    fn a_turn_reads_only_what_it_is_asked() {
        let _turn = Turn::begin();
        let wall = coarse_wall();
        assert_eq!(
            (MONOTONIC.get(), WALL.get()),
            (Kept::Unread, Kept::Read(wall))
        );
        let now = coarse_monotonic();
        assert_eq!(MONOTONIC.get(), Kept::Read(now));
    }

    #[test]
    fn the_coarse_clocks_follow_the_exact_ones_within_a_tick() {
        // A tick is at most 10 ms (HZ=100). Read in this order, the exact
        // time lies between the coarse ones, give or take a tick, however
        // long the thread is preempted in between.
        let tick = Duration::from_millis(10);
        for _ in 0..3 {
            let (before, exact, after) = (coarse_now(), Instant::now(), coarse_now());
            assert!(before <= exact + tick && exact <= after + tick);
            let exact_wall = || SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
            let (before, exact, after) = (coarse_wall(), exact_wall(), coarse_wall());
            assert!(before <= exact + tick && exact <= after + tick);
            std::thread::sleep(Duration::from_millis(30));
        }
        let start = coarse_now();
        std::thread::sleep(Duration::from_millis(100));
        assert!(coarse_now() - start >= Duration::from_millis(100) - 2 * tick);
    }
}
