//! The time, read once per event-loop turn (nginx's `ngx_time_update`).
//! One turn of a connection answers many requests, and each asks the time
//! a few times (is the cached file still valid, what goes in `Date`); a
//! `Turn` reads the clocks once for all of them. Outside a turn the clocks
//! are read on every call, so code that runs outside one stays exact.
//!
//! A turn is synchronous code between two waits: no other task runs in
//! it, so the time it caches is at most that code's running time old.
//!
//! Checks measured in seconds (is a cached file still valid, which second
//! goes in `Date`) read the kernel's coarse clocks instead outside a turn:
//! the time of the last timer tick (a few ms old), read without the TSC.
//! HTTP/1 asks them on every request and cannot hold a turn across its
//! waits.

use rustix::time::{clock_gettime, ClockId};
use std::cell::Cell;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

thread_local! {
    static TURN: Cell<Option<(Instant, SystemTime)>> = const { Cell::new(None) };
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
        let before = coarse_monotonic();
        let instant = Instant::now();
        if coarse_monotonic() == before {
            return (instant, before);
        }
    }
    (Instant::now(), coarse_monotonic())
}

fn since_epoch(clock: ClockId) -> Duration {
    let t = clock_gettime(clock);
    Duration::new(t.tv_sec.max(0) as u64, t.tv_nsec as u32)
}

fn coarse_monotonic() -> Duration {
    since_epoch(ClockId::MonotonicCoarse)
}

/// While alive, `now` and `wall` answer the time it began.
pub struct Turn {
    outer: Option<(Instant, SystemTime)>,
}

impl Turn {
    pub fn begin() -> Turn {
        let outer = TURN.get();
        TURN.set(Some((Instant::now(), SystemTime::now())));
        Turn { outer }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        TURN.set(self.outer);
    }
}

/// Monotonic time: the turn's, or the clock's outside one.
pub fn now() -> Instant {
    TURN.get().map_or_else(Instant::now, |(now, _)| now)
}

/// Wall-clock time: the turn's, or the clock's outside one.
pub fn wall() -> SystemTime {
    TURN.get().map_or_else(SystemTime::now, |(_, wall)| wall)
}

/// Monotonic time to within a timer tick: the turn's, or the coarse
/// clock's outside one. For intervals of a second or more.
pub fn coarse_now() -> Instant {
    if let Some((now, _)) = TURN.get() {
        return now;
    }
    COARSE_BASE.with(|(instant, coarse)| *instant + coarse_monotonic().saturating_sub(*coarse))
}

/// Wall-clock time to within a timer tick: the turn's, or the coarse
/// clock's outside one.
pub fn coarse_wall() -> SystemTime {
    if let Some((_, wall)) = TURN.get() {
        return wall;
    }
    UNIX_EPOCH + since_epoch(ClockId::RealtimeCoarse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_turn_answers_its_start_and_restores_what_was() {
        let before = now();
        {
            let _turn = Turn::begin();
            let (a, wa) = (now(), wall());
            std::thread::sleep(Duration::from_millis(2));
            assert_eq!((now(), wall()), (a, wa));
            {
                let _inner = Turn::begin();
                assert!(now() > a);
            }
            assert_eq!(now(), a);
            assert!(a >= before);
        }
        let after = now();
        std::thread::sleep(Duration::from_millis(2));
        assert!(now() > after, "outside a turn the clock moves");
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
            let (before, exact, after) = (coarse_wall(), SystemTime::now(), coarse_wall());
            assert!(before <= exact + tick && exact <= after + tick);
            std::thread::sleep(Duration::from_millis(30));
        }
        let start = coarse_now();
        std::thread::sleep(Duration::from_millis(100));
        assert!(coarse_now() - start >= Duration::from_millis(100) - 2 * tick);
        let _turn = Turn::begin();
        assert_eq!((coarse_now(), coarse_wall()), (now(), wall()));
    }
}
