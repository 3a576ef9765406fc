//! The time, read once per event-loop turn (nginx's `ngx_time_update`).
//! One turn of a connection answers many requests, and each asks the time
//! a few times (is the cached file still valid, what goes in `Date`); a
//! `Turn` reads the clocks once for all of them. Outside a turn the clocks
//! are read on every call, so code that runs outside one stays exact.
//!
//! A turn is synchronous code between two waits: no other task runs in
//! it, so the time it caches is at most that code's running time old.

use std::cell::Cell;
use std::time::{Instant, SystemTime};

thread_local! {
    static TURN: Cell<Option<(Instant, SystemTime)>> = const { Cell::new(None) };
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
}
