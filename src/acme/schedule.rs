//! When to renew a certificate and when to try again after a failure:
//! plain arithmetic on times, unit-tested without a CA.

use std::time::{Duration, SystemTime};

/// Where a renewal time comes from, strongest first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Basis {
    /// `renew_before`: this long before expiry, whatever the CA says.
    Configured(Duration),
    /// The CA's suggested window (RFC 9773 4.2).
    Window { start: SystemTime, end: SystemTime },
    /// Neither: two thirds into the lifetime.
    Lifetime,
}

/// The time to renew a certificate valid from `not_before` to `not_after`.
/// `random` in [0, 1) spreads renewals of many certificates (or machines)
/// over the window, as RFC 9773 4.2 asks: uniformly within the CA's
/// window, or within the last twentieth before the two-thirds mark.
pub fn renewal_time(
    not_before: SystemTime,
    not_after: SystemTime,
    basis: Basis,
    random: f64,
) -> SystemTime {
    let random = random.clamp(0.0, 1.0);
    match basis {
        Basis::Configured(before) => not_after
            .checked_sub(before)
            .map_or(not_before, |t| t.max(not_before)),
        Basis::Window { start, end } => {
            let span = end.duration_since(start).unwrap_or_default();
            start + span.mul_f64(random)
        }
        Basis::Lifetime => {
            let lifetime = not_after.duration_since(not_before).unwrap_or_default();
            let mark = not_before + lifetime * 2 / 3;
            mark.checked_sub((lifetime / 20).mul_f64(random))
                .unwrap_or(mark)
        }
    }
}

/// The wait before attempt `failures + 1` after `failures` failed ones:
/// `first` doubled each time, at most `max`; at least what the CA asked
/// for (`Retry-After`), however long.
pub fn retry_delay(
    first: Duration,
    max: Duration,
    failures: u32,
    ca_asked: Option<Duration>,
) -> Duration {
    let doubled = first.saturating_mul(1u32 << failures.saturating_sub(1).min(20));
    doubled.min(max).max(ca_asked.unwrap_or_default())
}

/// A number in [0, 1) from the system's random source.
pub fn random_fraction() -> f64 {
    let mut bytes = [0u8; 8];
    if aws_lc_rs::rand::fill(&mut bytes).is_err() {
        return 0.5;
    }
    (u64::from_le_bytes(bytes) >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Duration = Duration::from_secs(86_400);

    #[test]
    fn renewal_times() {
        let issued = SystemTime::UNIX_EPOCH + 1000 * DAY;
        let expires = issued + 90 * DAY;
        // Two thirds of 90 days, less up to 4.5 days of jitter.
        assert_eq!(
            renewal_time(issued, expires, Basis::Lifetime, 0.0),
            issued + 60 * DAY
        );
        let latest_jitter = renewal_time(issued, expires, Basis::Lifetime, 0.999_999);
        assert!(latest_jitter > issued + 55 * DAY && latest_jitter < issued + 56 * DAY);
        // Configured: 30 days before expiry.
        assert_eq!(
            renewal_time(issued, expires, Basis::Configured(30 * DAY), 0.3),
            issued + 60 * DAY
        );
        // Longer than the lifetime: at once (issuance).
        assert_eq!(
            renewal_time(issued, expires, Basis::Configured(365 * DAY), 0.3),
            issued
        );
        // The CA's window, uniformly.
        let (start, end) = (issued + 59 * DAY, issued + 61 * DAY);
        let window = Basis::Window { start, end };
        assert_eq!(renewal_time(issued, expires, window, 0.0), start);
        assert_eq!(
            renewal_time(issued, expires, window, 0.5),
            issued + 60 * DAY
        );
        assert!(renewal_time(issued, expires, window, 0.999) < end);
    }

    #[test]
    fn retries_back_off_and_honour_the_ca() {
        let first = Duration::from_secs(60);
        let max = Duration::from_secs(3600);
        let delays: Vec<u64> = (1..=8)
            .map(|n| retry_delay(first, max, n, None).as_secs())
            .collect();
        assert_eq!(delays, [60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(retry_delay(first, max, 40, None), max);
        let asked = Duration::from_secs(7200);
        assert_eq!(retry_delay(first, max, 1, Some(asked)), asked);
        assert_eq!(
            retry_delay(first, max, 1, Some(Duration::from_secs(5))),
            first
        );
    }

    #[test]
    fn random_fractions_are_in_range() {
        for _ in 0..1000 {
            let r = random_fraction();
            assert!((0.0..1.0).contains(&r));
        }
    }
}
