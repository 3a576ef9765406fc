//! Bounds on the frames an HTTP/2 client sends that cost the server work
//! without a request to show for it: stream resets (CVE-2023-44487,
//! "rapid reset": open a stream, reset it, repeat) and SETTINGS and PING
//! frames (each asks for an acknowledgement). The engine
//! (`crate::http2`) bounds concurrent streams, the header list and
//! CONTINUATION frames; what it does not keep is a rate. The guard
//! reads frame headers as the bytes go by (it never parses payloads) and
//! keeps one token bucket per kind: a client that averages more than the
//! configured rate, beyond a second's burst, is an abuser.

use crate::config::Http2Limits;
use crate::metrics::Abuse;
use std::time::Instant;

/// Frame types counted (RFC 9113 section 6).
const RST_STREAM: u8 = 0x3;
const SETTINGS: u8 = 0x4;
const PING: u8 = 0x6;
const FLAG_ACK: u8 = 0x1;
/// "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n": precedes the first frame.
const PREFACE_LEN: usize = 24;
const FRAME_HEADER_LEN: usize = 9;

/// Events allowed at `rate` per second on average, `rate` at once.
struct Bucket {
    tokens: f64,
    rate: f64,
    last: Instant,
}

impl Bucket {
    fn new(rate: u32, now: Instant) -> Bucket {
        Bucket {
            tokens: f64::from(rate),
            rate: f64::from(rate),
            last: now,
        }
    }

    /// Takes a token; false when none is left.
    fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate).min(self.rate);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

pub struct FloodGuard {
    preface_left: usize,
    header: [u8; FRAME_HEADER_LEN],
    header_len: usize,
    payload_left: usize,
    resets: Bucket,
    control: Bucket,
}

impl FloodGuard {
    pub fn new(limits: &Http2Limits) -> FloodGuard {
        let now = Instant::now();
        FloodGuard {
            preface_left: PREFACE_LEN,
            header: [0; FRAME_HEADER_LEN],
            header_len: 0,
            payload_left: 0,
            resets: Bucket::new(limits.max_resets_per_second, now),
            control: Bucket::new(limits.max_control_frames_per_second, now),
        }
    }

    /// Follows the frames in `data`, the next bytes the client sent.
    pub fn scan(&mut self, mut data: &[u8]) -> Option<Abuse> {
        let skip = self.preface_left.min(data.len());
        self.preface_left -= skip;
        data = &data[skip..];
        while !data.is_empty() {
            if self.payload_left > 0 {
                let n = self.payload_left.min(data.len());
                self.payload_left -= n;
                data = &data[n..];
                continue;
            }
            let n = (FRAME_HEADER_LEN - self.header_len).min(data.len());
            self.header[self.header_len..self.header_len + n].copy_from_slice(&data[..n]);
            self.header_len += n;
            data = &data[n..];
            if self.header_len < FRAME_HEADER_LEN {
                break;
            }
            self.header_len = 0;
            let h = self.header;
            self.payload_left =
                usize::from(h[0]) << 16 | usize::from(h[1]) << 8 | usize::from(h[2]);
            if let Some(abuse) = self.count(h[3], h[4]) {
                return Some(abuse);
            }
        }
        None
    }

    fn count(&mut self, frame_type: u8, flags: u8) -> Option<Abuse> {
        let (bucket, abuse) = match frame_type {
            RST_STREAM => (&mut self.resets, Abuse::Resets),
            SETTINGS | PING if flags & FLAG_ACK == 0 => (&mut self.control, Abuse::ControlFrames),
            _ => return None,
        };
        (!bucket.take(Instant::now())).then_some(abuse)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(resets: u32, control: u32) -> Http2Limits {
        Http2Limits {
            max_concurrent_streams: 100,
            header_table_size: 4096,
            max_resets_per_second: resets,
            max_control_frames_per_second: control,
        }
    }

    fn frame(frame_type: u8, flags: u8, payload: &[u8]) -> Vec<u8> {
        let len = payload.len();
        let mut f = vec![
            (len >> 16) as u8,
            (len >> 8) as u8,
            len as u8,
            frame_type,
            flags,
            0,
            0,
            0,
            1,
        ];
        f.extend_from_slice(payload);
        f
    }

    #[test]
    fn resets_beyond_the_burst_are_abuse_whatever_the_read_boundaries() {
        let mut g = FloodGuard::new(&limits(5, 100));
        let mut wire = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
        wire.extend(frame(SETTINGS, 0, &[0; 6]));
        for _ in 0..5 {
            wire.extend(frame(0x1, 0x5, &[0x82; 20])); // HEADERS
            wire.extend(frame(RST_STREAM, 0, &[0, 0, 0, 8]));
        }
        // Byte by byte: frame headers split across reads are still seen.
        for b in &wire {
            assert_eq!(g.scan(std::slice::from_ref(b)), None);
        }
        assert_eq!(
            g.scan(&frame(RST_STREAM, 0, &[0, 0, 0, 8])),
            Some(Abuse::Resets)
        );
    }

    #[test]
    fn acknowledgements_and_payload_bytes_are_not_counted() {
        let mut g = FloodGuard::new(&limits(1, 2));
        let mut wire = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
        for _ in 0..50 {
            wire.extend(frame(SETTINGS, FLAG_ACK, &[]));
            wire.extend(frame(PING, FLAG_ACK, &[0; 8]));
            // A DATA payload full of bytes that look like PING headers.
            wire.extend(frame(0x0, 0, &[0, 0, 8, PING, 0, 0, 0, 0, 0]));
        }
        assert_eq!(g.scan(&wire), None);
        assert_eq!(g.scan(&frame(PING, 0, &[0; 8])), None);
        assert_eq!(g.scan(&frame(PING, 0, &[0; 8])), None);
        assert_eq!(g.scan(&frame(PING, 0, &[0; 8])), Some(Abuse::ControlFrames));
    }

    #[test]
    fn the_bucket_refills_at_its_rate() {
        let start = Instant::now();
        let mut b = Bucket::new(10, start);
        assert!((0..10).all(|_| b.take(start)));
        assert!(!b.take(start));
        assert!(b.take(start + std::time::Duration::from_millis(150)));
        assert!(!b.take(start + std::time::Duration::from_millis(150)));
    }
}
