//! Counters that prove what the server does (kTLS offload, sendfile, user-
//! space encryption), one set per worker, and the loopback-only admin
//! listener that serves them in Prometheus text format.
//!
//! Each worker writes only its own counters (relaxed atomics on a cache
//! line of their own), so counting costs the request path no sharing.
//!
//! A leaf: other modules report into it with the label enums of `labels`
//! and, for back-end health, through `Verdicts`; it names none of them.

mod labels;

pub use labels::{Abuse, Fallback, Protocol};

use crate::compression::{Coding, Origin};
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Default)]
#[repr(align(128))]
pub struct WorkerMetrics {
    pub connections: AtomicU64,
    /// Requests per site label (a site's first name, or "default"). A
    /// reload adds labels and never removes one, so a counter never goes
    /// back; the request path counts through `site_counters`, lock-free.
    requests: Mutex<Vec<(String, Arc<AtomicU64>)>>,
    /// Requests by protocol: HTTP/1.0, HTTP/1.1, HTTP/2.
    pub requests_by_protocol: [AtomicU64; 3],
    pub h2_connections: AtomicU64,
    pub h2_streams: AtomicU64,
    /// HTTP/2 connections closed as abusive, by `Abuse`.
    h2_abuse: [AtomicU64; 2],
    pub tls_handshakes: AtomicU64,
    pub tls_handshake_failures: AtomicU64,
    /// Plain HTTP requests received on a TLS listener (answered 400).
    pub plain_http_on_tls: AtomicU64,
    /// Connections closed for a missing, broken or untrusted PROXY header.
    pub proxy_protocol_refused: AtomicU64,
    pub ktls_tx: AtomicU64,
    pub ktls_rx: AtomicU64,
    pub ktls_fallbacks: [AtomicU64; 4],
    pub ktls_setup_failures: AtomicU64,
    pub ktls_keyupdate_closes: AtomicU64,
    pub ktls_retired_at_limit: AtomicU64,
    pub sendfile_bytes_ktls: AtomicU64,
    pub sendfile_bytes_plain: AtomicU64,
    pub userspace_tls_bytes: AtomicU64,
    pub proxy_requests: AtomicU64,
    pub proxy_backend_failures: AtomicU64,
    /// Response body bytes from back ends, copied through user space.
    pub proxy_bytes_copied_down: AtomicU64,
    /// Request body bytes to back ends, copied through user space.
    pub proxy_bytes_copied_up: AtomicU64,
    /// Body bytes moved with splice() (kTLS clients), never in user space.
    pub proxy_bytes_spliced_down: AtomicU64,
    pub proxy_bytes_spliced_up: AtomicU64,
    /// Switched connections (WebSockets) joined to a back end: open now,
    /// and ever.
    pub tunnels_open: AtomicU64,
    pub tunnels_total: AtomicU64,
    /// Bytes through tunnels, by direction, spliced (plain and kTLS
    /// clients) or copied (user-space TLS clients).
    pub tunnel_bytes_spliced_up: AtomicU64,
    pub tunnel_bytes_spliced_down: AtomicU64,
    pub tunnel_bytes_copied_up: AtomicU64,
    pub tunnel_bytes_copied_down: AtomicU64,
    /// Shared with the handlers that compress (`compression` does not
    /// know this module).
    pub compression: Arc<crate::compression::Counters>,
}

impl WorkerMetrics {
    /// The request counter of each site label, in order: the existing one
    /// for a label seen before (so counts survive a reload), else a new one.
    pub fn site_counters(&self, labels: &[&str]) -> Vec<Arc<AtomicU64>> {
        let mut requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        labels
            .iter()
            .map(|label| match requests.iter().find(|(l, _)| l == label) {
                Some((_, counter)) => counter.clone(),
                None => {
                    let counter = Arc::new(AtomicU64::new(0));
                    requests.push((label.to_string(), counter.clone()));
                    counter
                }
            })
            .collect()
    }

    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Relaxed);
    }

    pub fn request_of(&self, protocol: Protocol) {
        let i = Protocol::ALL
            .iter()
            .position(|p| *p == protocol)
            .expect("listed");
        self.requests_by_protocol[i].fetch_add(1, Relaxed);
    }

    pub fn h2_abuse(&self, abuse: Abuse) {
        let i = Abuse::ALL.iter().position(|a| *a == abuse).expect("listed");
        self.h2_abuse[i].fetch_add(1, Relaxed);
    }

    pub fn fallback(&self, reason: Fallback) {
        let i = Fallback::ALL
            .iter()
            .position(|r| *r == reason)
            .expect("listed");
        self.ktls_fallbacks[i].fetch_add(1, Relaxed);
    }
}

/// Counters of the process as a whole, kept by the control thread.
#[derive(Default)]
pub struct ProcessMetrics {
    pub reloads_ok: AtomicU64,
    pub reloads_failed: AtomicU64,
}

/// Every counter the admin listener shows.
#[derive(Clone)]
pub struct AllMetrics {
    pub workers: Vec<Arc<WorkerMetrics>>,
    pub process: Arc<ProcessMetrics>,
    /// Back-end servers' health-check verdicts.
    pub upstreams: Arc<dyn Verdicts>,
    /// ACME orders and certificates.
    pub acme: Arc<dyn CertificateOrders>,
}

/// What the ACME thread has done, as the metrics show it.
pub trait CertificateOrders: Send + Sync {
    /// Orders that ended with a certificate, and that failed.
    fn orders(&self) -> (u64, u64);
    /// (site, serial, seconds until it expires) per issued certificate.
    fn expiries(&self) -> Vec<(String, String, f64)>;
}

/// Health-check verdicts of back-end servers, as the proxy keeps them.
pub trait Verdicts: Send + Sync {
    /// (upstream, server, in the rotation) for each server with
    /// `health_check`.
    fn verdicts(&self) -> Vec<(String, String, bool)>;
}

/// Renders the process's and every worker's counters as Prometheus text.
pub fn render(all: &AllMetrics) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# HELP tlsaccel_reloads_total Configuration reloads (SIGHUP), by result; a failed one leaves the previous configuration serving.\n# TYPE tlsaccel_reloads_total counter"
    );
    for (result, counter) in [
        ("ok", &all.process.reloads_ok),
        ("failed", &all.process.reloads_failed),
    ] {
        let _ = writeln!(
            out,
            "tlsaccel_reloads_total{{result=\"{result}\"}} {}",
            counter.load(Relaxed)
        );
    }
    let _ = writeln!(
        out,
        "# HELP tlsaccel_upstream_up Servers with health_check: 1 in the rotation, 0 taken out by failed checks.\n# TYPE tlsaccel_upstream_up gauge"
    );
    for (upstream, server, up) in all.upstreams.verdicts() {
        let _ = writeln!(
            out,
            "tlsaccel_upstream_up{{upstream=\"{}\",server=\"{}\"}} {}",
            label_value(&upstream),
            label_value(&server),
            u8::from(up)
        );
    }
    let (issued, failed) = all.acme.orders();
    let _ = writeln!(
        out,
        "# HELP tlsaccel_acme_orders_total ACME certificate orders, by result.\n# TYPE tlsaccel_acme_orders_total counter\ntlsaccel_acme_orders_total{{result=\"issued\"}} {issued}\ntlsaccel_acme_orders_total{{result=\"failed\"}} {failed}"
    );
    let _ = writeln!(
        out,
        "# HELP tlsaccel_acme_certificate_expiry_seconds Seconds until the ACME certificate serving a site expires.\n# TYPE tlsaccel_acme_certificate_expiry_seconds gauge"
    );
    for (site, serial, seconds) in all.acme.expiries() {
        let _ = writeln!(
            out,
            "tlsaccel_acme_certificate_expiry_seconds{{site=\"{}\",serial=\"{}\"}} {seconds:.0}",
            label_value(&site),
            label_value(&serial)
        );
    }
    let workers = &all.workers;
    // Counters, except the `_open` gauges and the variant caches' size.
    let mut family =
        |name: &str, help: &str, get: &dyn Fn(&WorkerMetrics) -> Vec<(String, u64)>| {
            let kind = if name.ends_with("_open") || name == "compression_cache_bytes" {
                "gauge"
            } else {
                "counter"
            };
            let _ = writeln!(
                out,
                "# HELP tlsaccel_{name} {help}\n# TYPE tlsaccel_{name} {kind}"
            );
            for (i, w) in workers.iter().enumerate() {
                for (labels, value) in get(w) {
                    let sep = if labels.is_empty() { "" } else { "," };
                    let _ = writeln!(
                        out,
                        "tlsaccel_{name}{{worker=\"{i}\"{sep}{labels}}} {value}"
                    );
                }
            }
        };
    let one = |c: &AtomicU64| vec![(String::new(), c.load(Relaxed))];
    family("connections_total", "Connections accepted.", &|w| {
        one(&w.connections)
    });
    family("requests_total", "HTTP requests served, by site.", &|w| {
        w.requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(site, n)| (format!("site=\"{site}\""), n.load(Relaxed)))
            .collect()
    });
    family(
        "requests_by_protocol_total",
        "HTTP requests by the protocol that carried them.",
        &|w| {
            Protocol::ALL
                .iter()
                .zip(&w.requests_by_protocol)
                .map(|(p, n)| (format!("protocol=\"{}\"", p.as_str()), n.load(Relaxed)))
                .collect()
        },
    );
    family(
        "http2_connections_total",
        "Connections that spoke HTTP/2 (ALPN h2, or h2c).",
        &|w| one(&w.h2_connections),
    );
    family("http2_streams_total", "HTTP/2 streams accepted.", &|w| {
        one(&w.h2_streams)
    });
    family(
        "http2_abusive_closes_total",
        "HTTP/2 connections sent GOAWAY (ENHANCE_YOUR_CALM) and closed, by what the client did.",
        &|w| {
            Abuse::ALL
                .iter()
                .zip(&w.h2_abuse)
                .map(|(a, n)| (format!("reason=\"{}\"", a.as_str()), n.load(Relaxed)))
                .collect()
        },
    );
    family("tls_handshakes_total", "TLS handshakes completed.", &|w| {
        one(&w.tls_handshakes)
    });
    family(
        "tls_handshake_failures_total",
        "TLS handshakes failed or timed out.",
        &|w| one(&w.tls_handshake_failures),
    );
    family(
        "plain_http_on_tls_total",
        "Plain HTTP requests received on a TLS port, answered 400 in clear text.",
        &|w| one(&w.plain_http_on_tls),
    );
    family(
        "proxy_protocol_refused_total",
        "Connections closed on PROXY listeners: no valid header in time, or from an address not in proxy_protocol_from.",
        &|w| one(&w.proxy_protocol_refused),
    );
    family(
        "ktls_offloaded_total",
        "Connections whose TLS record layer the kernel took over, by direction.",
        &|w| {
            vec![
                ("direction=\"tx\"".into(), w.ktls_tx.load(Relaxed)),
                ("direction=\"rx\"".into(), w.ktls_rx.load(Relaxed)),
            ]
        },
    );
    family(
        "ktls_fallbacks_total",
        "TLS connections kept in user space although kTLS is available, by reason.",
        &|w| {
            Fallback::ALL
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    (
                        format!("reason=\"{}\"", r.as_str()),
                        w.ktls_fallbacks[i].load(Relaxed),
                    )
                })
                .collect()
        },
    );
    family(
        "ktls_setup_failures_total",
        "Connections closed because the kernel refused their keys.",
        &|w| one(&w.ktls_setup_failures),
    );
    family(
        "ktls_keyupdate_closes_total",
        "kTLS connections closed on a client KeyUpdate (no kernel rekey).",
        &|w| one(&w.ktls_keyupdate_closes),
    );
    family(
        "ktls_retired_total",
        "kTLS connections closed before the cipher's confidentiality limit.",
        &|w| one(&w.ktls_retired_at_limit),
    );
    family(
        "sendfile_bytes_total",
        "File bytes sent with sendfile(), by transport.",
        &|w| {
            vec![
                (
                    "transport=\"ktls\"".into(),
                    w.sendfile_bytes_ktls.load(Relaxed),
                ),
                (
                    "transport=\"plain\"".into(),
                    w.sendfile_bytes_plain.load(Relaxed),
                ),
            ]
        },
    );
    family(
        "tls_userspace_encrypted_bytes_total",
        "Plaintext bytes encrypted in user space (rustls).",
        &|w| one(&w.userspace_tls_bytes),
    );
    family(
        "proxy_requests_total",
        "Requests passed to a back end.",
        &|w| one(&w.proxy_requests),
    );
    family(
        "proxy_backend_failures_total",
        "Back-end attempts that failed (refused, timed out, closed, bad response).",
        &|w| one(&w.proxy_backend_failures),
    );
    family(
        "proxy_body_bytes_total",
        "Body bytes moved between clients and back ends, by direction and how.",
        &|w| {
            vec![
                (
                    "direction=\"down\",how=\"copied\"".into(),
                    w.proxy_bytes_copied_down.load(Relaxed),
                ),
                (
                    "direction=\"up\",how=\"copied\"".into(),
                    w.proxy_bytes_copied_up.load(Relaxed),
                ),
                (
                    "direction=\"down\",how=\"spliced\"".into(),
                    w.proxy_bytes_spliced_down.load(Relaxed),
                ),
                (
                    "direction=\"up\",how=\"spliced\"".into(),
                    w.proxy_bytes_spliced_up.load(Relaxed),
                ),
            ]
        },
    );
    family(
        "proxy_tunnels_open",
        "Switched connections (WebSockets) joined to a back end now.",
        &|w| one(&w.tunnels_open),
    );
    family(
        "proxy_tunnels_total",
        "Switched connections (WebSockets) joined to a back end.",
        &|w| one(&w.tunnels_total),
    );
    family(
        "proxy_tunnel_bytes_total",
        "Bytes through switched connections, by direction and how.",
        &|w| {
            [
                ("up", "spliced", &w.tunnel_bytes_spliced_up),
                ("down", "spliced", &w.tunnel_bytes_spliced_down),
                ("up", "copied", &w.tunnel_bytes_copied_up),
                ("down", "copied", &w.tunnel_bytes_copied_down),
            ]
            .into_iter()
            .map(|(direction, how, n)| {
                (
                    format!("direction=\"{direction}\",how=\"{how}\""),
                    n.load(Relaxed),
                )
            })
            .collect()
        },
    );
    let by_coding = |counters: &[AtomicU64; 3]| {
        Coding::ALL
            .iter()
            .map(|c| {
                (
                    format!("coding=\"{}\"", c.token()),
                    counters[c.index()].load(Relaxed),
                )
            })
            .collect()
    };
    family(
        "compression_bytes_in_total",
        "Bytes given to the compressors (responses compressed on the fly), by coding.",
        &|w| by_coding(&w.compression.bytes_in),
    );
    family(
        "compression_bytes_out_total",
        "Bytes the compressors made of them, by coding.",
        &|w| by_coding(&w.compression.bytes_out),
    );
    family(
        "compression_cache_bytes",
        "Bytes of static files' compressed variants each worker keeps now.",
        &|w| one(&w.compression.cache_bytes),
    );
    family(
        "compressed_responses_total",
        "Compressed responses, by where the body came from (a precompressed file, the cache of variants, or compressed for the response) and coding.",
        &|w| {
            Origin::ALL
                .iter()
                .flat_map(|o| {
                    Coding::ALL.iter().map(move |c| {
                        (
                            format!("origin=\"{}\",coding=\"{}\"", o.as_str(), c.token()),
                            w.compression.responses[*o as usize][c.index()].load(Relaxed),
                        )
                    })
                })
                .collect()
        },
    );
    out
}

/// A Prometheus label value: backslash, double quote and line feed escaped.
fn label_value(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Serves `GET /metrics` on `listener` (bound to a loopback address), from
/// its own thread.
pub fn serve_admin(listener: TcpListener, metrics: AllMetrics) -> std::io::Result<()> {
    // Blocking accepts on a thread of its own (an inherited socket may
    // come non-blocking).
    listener.set_nonblocking(false)?;
    std::thread::Builder::new().name("admin".into()).spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
            let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
            let mut head = Vec::new();
            let mut buf = [0u8; 1024];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buf[..n]),
                }
            }
            let (status, body) = if head.starts_with(b"GET /metrics ") {
                ("200 OK", render(&metrics))
            } else {
                ("404 Not Found", "only GET /metrics is served here\n".to_string())
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoUpstreams;

    impl Verdicts for NoUpstreams {
        fn verdicts(&self) -> Vec<(String, String, bool)> {
            Vec::new()
        }
    }

    struct OneCertificate;

    impl CertificateOrders for OneCertificate {
        fn orders(&self) -> (u64, u64) {
            (2, 1)
        }
        fn expiries(&self) -> Vec<(String, String, f64)> {
            vec![("a.test".into(), "0A1B".into(), 86_399.6)]
        }
    }

    #[test]
    fn renders_labelled_counters_per_worker() {
        let a = Arc::new(WorkerMetrics::default());
        let sites = a.site_counters(&["a.test", "default"]);
        let b = Arc::new(WorkerMetrics::default());
        WorkerMetrics::add(&sites[1], 1);
        WorkerMetrics::add(&a.sendfile_bytes_ktls, 42);
        b.fallback(Fallback::DataBuffered);
        // After a reload that drops a.test and adds b.test: counts kept.
        let reloaded = a.site_counters(&["b.test", "default"]);
        WorkerMetrics::add(&reloaded[1], 1);
        let process = Arc::new(ProcessMetrics::default());
        WorkerMetrics::add(&process.reloads_failed, 1);
        let text = render(&AllMetrics {
            workers: vec![a, b],
            process,
            upstreams: Arc::new(NoUpstreams),
            acme: Arc::new(OneCertificate),
        });
        assert!(text.contains("tlsaccel_acme_orders_total{result=\"issued\"} 2\n"));
        assert!(text.contains("tlsaccel_acme_orders_total{result=\"failed\"} 1\n"));
        assert!(text.contains(
            "tlsaccel_acme_certificate_expiry_seconds{site=\"a.test\",serial=\"0A1B\"} 86400\n"
        ));
        assert!(
            text.contains("tlsaccel_reloads_total{result=\"ok\"} 0\n"),
            "{text}"
        );
        assert!(text.contains("tlsaccel_reloads_total{result=\"failed\"} 1\n"));
        assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"b.test\"} 0\n"));
        assert!(
            text.contains("tlsaccel_sendfile_bytes_total{worker=\"0\",transport=\"ktls\"} 42\n"),
            "{text}"
        );
        assert!(text.contains("tlsaccel_ktls_fallbacks_total{worker=\"1\",reason=\"data_buffered_at_handshake_end\"} 1\n"));
        assert!(text.contains("# TYPE tlsaccel_requests_total counter\n"));
        assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"a.test\"} 0\n"));
        assert!(text.contains("tlsaccel_requests_total{worker=\"0\",site=\"default\"} 2\n"));
    }
}
