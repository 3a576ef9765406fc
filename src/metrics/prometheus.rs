//! The counters in Prometheus text format (`GET /metrics`).

use super::{Abuse, Fallback, Protocol};
use super::{AllMetrics, HandshakeFailure, ServerFacts, StatusClass, WorkerMetrics};
use crate::compression::{Coding, Origin};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// (name, type, help, value) of a family with a series per back-end
/// server.
type ServerFamily = (
    &'static str,
    &'static str,
    &'static str,
    fn(&ServerFacts) -> u64,
);

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
    let servers = all.upstreams.servers();
    for s in servers.iter().filter(|s| s.checked) {
        let _ = writeln!(
            out,
            "tlsaccel_upstream_up{{upstream=\"{}\",server=\"{}\"}} {}",
            label_value(&s.upstream),
            label_value(&s.server),
            u8::from(s.up)
        );
    }
    let per_server: [ServerFamily; 4] = [
        ("upstream_requests_total", "counter", "Attempts sent to each back-end server.", |s| s.requests),
        ("upstream_failures_total", "counter", "Attempts to each back-end server that failed (refused, timed out, closed, bad response).", |s| s.failures),
        ("upstream_active_exchanges", "gauge", "Exchanges in progress with each back-end server.", |s| s.active),
        ("upstream_idle_connections", "gauge", "Idle keep-alive connections to each back-end server, over every worker.", |s| s.idle),
    ];
    let server_labels = |s: &ServerFacts| {
        format!(
            "upstream=\"{}\",server=\"{}\"",
            label_value(&s.upstream),
            label_value(&s.server)
        )
    };
    for (name, kind, help, get) in per_server {
        let _ = writeln!(
            out,
            "# HELP tlsaccel_{name} {help}\n# TYPE tlsaccel_{name} {kind}"
        );
        for s in &servers {
            let _ = writeln!(out, "tlsaccel_{name}{{{}}} {}", server_labels(s), get(s));
        }
    }
    let _ = writeln!(
        out,
        "# HELP tlsaccel_upstream_response_seconds Time from an attempt's start (connecting included) to the back end's response head.\n# TYPE tlsaccel_upstream_response_seconds summary"
    );
    for s in &servers {
        let labels = server_labels(s);
        let _ = writeln!(
            out,
            "tlsaccel_upstream_response_seconds_sum{{{labels}}} {}\ntlsaccel_upstream_response_seconds_count{{{labels}}} {}",
            s.response_time_us as f64 / 1e6,
            s.responses
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
    let now = super::status::unix_now();
    for c in all.acme.issued() {
        let seconds = c.not_after.map_or(0.0, |t| t as f64 - now);
        let _ = writeln!(
            out,
            "tlsaccel_acme_certificate_expiry_seconds{{site=\"{}\",serial=\"{}\"}} {seconds:.0}",
            label_value(&c.site),
            label_value(&c.id)
        );
    }
    let configuration = all.process.configuration();
    let _ = writeln!(
        out,
        "# HELP tlsaccel_certificate_expiry_seconds Seconds until each certificate a site serves from its files expires.\n# TYPE tlsaccel_certificate_expiry_seconds gauge"
    );
    for c in &configuration.certificates {
        if let Some(t) = c.not_after {
            let _ = writeln!(
                out,
                "tlsaccel_certificate_expiry_seconds{{site=\"{}\",fingerprint=\"{}\"}} {:.0}",
                label_value(&c.site),
                label_value(&c.id),
                t as f64 - now
            );
        }
    }
    let _ = writeln!(
        out,
        "# HELP tlsaccel_configuration_generation Configurations this process has served: 1, then one more per reload.\n# TYPE tlsaccel_configuration_generation gauge\ntlsaccel_configuration_generation {}",
        configuration.generation
    );
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
    family(
        "connections_open",
        "Connections accepted and not yet closed.",
        &|w| one(&w.connections_open),
    );
    family("requests_total", "HTTP requests served, by site.", &|w| {
        w.sites()
            .iter()
            .map(|(site, c)| {
                (
                    format!("site=\"{}\"", label_value(site)),
                    c.requests.load(Relaxed),
                )
            })
            .collect()
    });
    family(
        "responses_total",
        "Responses sent, by site and status class (answers to malformed requests included).",
        &|w| {
            w.sites()
                .iter()
                .flat_map(|(site, c)| {
                    StatusClass::NAMES
                        .iter()
                        .zip(&c.responses)
                        .map(move |(class, n)| {
                            (
                                format!("site=\"{}\",class=\"{class}\"", label_value(site)),
                                n.load(Relaxed),
                            )
                        })
                })
                .collect()
        },
    );
    family(
        "response_body_bytes_total",
        "Response body bytes sent, by site.",
        &|w| {
            w.sites()
                .iter()
                .map(|(site, c)| {
                    (
                        format!("site=\"{}\"", label_value(site)),
                        c.body_bytes.load(Relaxed),
                    )
                })
                .collect()
        },
    );
    family(
        "response_body_bytes_by_protocol_total",
        "Response body bytes sent, by the protocol that carried them.",
        &|w| {
            Protocol::ALL
                .iter()
                .zip(&w.body_bytes_by_protocol)
                .map(|(p, n)| (format!("protocol=\"{}\"", p.as_str()), n.load(Relaxed)))
                .collect()
        },
    );
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
        "tls_resumed_handshakes_total",
        "Of the TLS handshakes completed, those that resumed a session (ticket or session cache).",
        &|w| one(&w.tls_resumed),
    );
    family(
        "tls_handshake_failures_total",
        "TLS handshakes failed or timed out.",
        &|w| {
            vec![(
                String::new(),
                w.tls_handshake_failures
                    .iter()
                    .map(|n| n.load(Relaxed))
                    .sum(),
            )]
        },
    );
    family(
        "tls_handshake_failures_by_reason_total",
        "TLS handshakes failed or timed out, by reason.",
        &|w| {
            HandshakeFailure::ALL
                .iter()
                .zip(&w.tls_handshake_failures)
                .map(|(r, n)| (format!("reason=\"{}\"", r.as_str()), n.load(Relaxed)))
                .collect()
        },
    );
    family(
        "tls_connections_total",
        "TLS connections established, by protocol version, cipher suite and who keeps the record layer (kernel: kTLS; user: rustls).",
        &|w| {
            w.tls_sessions
                .iter()
                .enumerate()
                .flat_map(|(i, slot)| {
                    let (cipher, version) = crate::cipher_suites::describe(i);
                    [("kernel", &slot[0]), ("user", &slot[1])].map(|(layer, n)| {
                        (
                            format!("version=\"{version}\",cipher=\"{cipher}\",record_layer=\"{layer}\""),
                            n.load(Relaxed),
                        )
                    })
                })
                .collect()
        },
    );
    family(
        "plain_http_on_tls_total",
        "Plain HTTP requests received on a TLS port, answered 400 in clear text.",
        &|w| one(&w.plain_http_on_tls),
    );
    family(
        "access_denied_total",
        "Requests refused (403) by a site's or route's access rules.",
        &|w| one(&w.access_denied),
    );
    family(
        "auth_refused_total",
        "Requests answered 401 by a route's auth_basic: credentials missing, wrong or unknown.",
        &|w| one(&w.auth_refused),
    );
    family(
        "client_certificate_refused_total",
        "Requests answered 403 for want of a valid client certificate (optional mode, or judged again after a reload).",
        &|w| one(&w.client_certificate_refused),
    );
    family(
        "rate_limited_total",
        "Requests answered 429 by a site's or route's rate_limit.",
        &|w| one(&w.rate_limited),
    );
    family(
        "connections_over_address_limit_total",
        "Connections closed at accept, before any TLS: their address (or /24, /64) had limits.connections_per_address open.",
        &|w| one(&w.connections_over_address_limit),
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
pub(super) fn label_value(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}
