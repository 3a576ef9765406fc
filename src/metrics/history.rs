//! The last minutes of traffic for the status page's charts: a thread of
//! its own reads the totals once a second into a ring, so a page opened
//! now shows the past five minutes, and no worker does anything for it.

use super::{AllMetrics, Protocol, StatusClass};
use serde_json::{json, Map, Value};
use std::collections::VecDeque;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

/// Seconds between samples.
pub const INTERVAL: Duration = Duration::from_secs(1);

/// Samples kept: five minutes of rates.
const KEPT: usize = 301;

/// Totals at one moment.
#[derive(Clone, Copy, Default)]
struct Sample {
    at: Option<Instant>,
    requests: [u64; 3],
    responses: [u64; 5],
    body_bytes: [u64; 3],
}

impl Sample {
    fn read(all: &AllMetrics) -> Sample {
        let mut s = Sample {
            at: Some(Instant::now()),
            ..Sample::default()
        };
        for w in &all.workers {
            for p in Protocol::ALL {
                s.requests[p.index()] += w.requests_by_protocol[p.index()].load(Relaxed);
                s.body_bytes[p.index()] += w.body_bytes_by_protocol[p.index()].load(Relaxed);
            }
            for (_, site) in w.sites() {
                for (sum, n) in s.responses.iter_mut().zip(&site.responses) {
                    *sum += n.load(Relaxed);
                }
            }
        }
        s
    }
}

#[derive(Default)]
pub struct History {
    samples: Mutex<VecDeque<Sample>>,
    /// When the newest sample was taken.
    newest: Mutex<Option<SystemTime>>,
}

impl History {
    /// Starts the thread that samples `all` every `INTERVAL`.
    pub fn start(all: AllMetrics) -> std::io::Result<Arc<History>> {
        let history = Arc::new(History::default());
        let kept = history.clone();
        std::thread::Builder::new()
            .name("status-history".into())
            .spawn(move || {
                let mut next = Instant::now();
                loop {
                    kept.record(Sample::read(&all));
                    next += INTERVAL;
                    // Late (a suspended machine): start again from now.
                    let now = Instant::now();
                    if next < now {
                        next = now + INTERVAL;
                    }
                    std::thread::sleep(next - now);
                }
            })?;
        Ok(history)
    }

    fn record(&self, sample: Sample) {
        let mut samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
        if samples.len() == KEPT {
            samples.pop_front();
        }
        samples.push_back(sample);
        *self.newest.lock().unwrap_or_else(|e| e.into_inner()) = Some(SystemTime::now());
    }

    /// Per-second rates between consecutive samples, oldest first.
    pub fn to_json(&self) -> Value {
        let samples = self.samples.lock().unwrap_or_else(|e| e.into_inner());
        let pairs: Vec<(&Sample, &Sample)> = samples.iter().zip(samples.iter().skip(1)).collect();
        let rate = |pick: &dyn Fn(&Sample) -> u64| -> Vec<f64> {
            pairs
                .iter()
                .map(|(a, b)| {
                    let seconds = match (a.at, b.at) {
                        (Some(a), Some(b)) => b.duration_since(a).as_secs_f64(),
                        _ => 0.0,
                    };
                    let delta = pick(b).saturating_sub(pick(a)) as f64;
                    if seconds > 0.0 {
                        (delta / seconds * 10.0).round() / 10.0
                    } else {
                        0.0
                    }
                })
                .collect()
        };
        let per_protocol = |pick: fn(&Sample) -> &[u64; 3]| -> Map<String, Value> {
            Protocol::ALL
                .iter()
                .map(|p| {
                    let i = p.index();
                    (p.as_str().to_owned(), rate(&|s| pick(s)[i]).into())
                })
                .collect()
        };
        let responses: Map<String, Value> = StatusClass::NAMES
            .iter()
            .enumerate()
            .map(|(i, class)| ((*class).to_owned(), rate(&|s| s.responses[i]).into()))
            .collect();
        let newest = *self.newest.lock().unwrap_or_else(|e| e.into_inner());
        json!({
            "interval_seconds": INTERVAL.as_secs_f64(),
            "newest_at": newest.map(|t| t.duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())),
            "requests_per_second": per_protocol(|s| &s.requests),
            "responses_per_second": responses,
            "body_bytes_per_second": per_protocol(|s| &s.body_bytes),
        })
    }
}
