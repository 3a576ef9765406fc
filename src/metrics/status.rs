//! `/status.json`: the facts of the status page, from the same counters
//! `/metrics` renders, summed over workers. Its shape is versioned
//! (`schema`) and described in `docs/status.schema.json`; a change that
//! removes or renames a field is a new version.

use super::history::History;
use super::{total, AllMetrics, HandshakeFailure, Protocol, StatusClass, WorkerMetrics};
use super::{CertificateFacts, ConfigurationFacts};
use serde_json::{json, Map, Value};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The version of the JSON's shape.
pub const SCHEMA: &str = "tlsaccel-status/1";

pub fn unix_now() -> f64 {
    unix(SystemTime::now())
}

fn unix(t: SystemTime) -> f64 {
    t.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs_f64()
}

/// Everything the page shows, as of now.
pub fn snapshot(all: &AllMetrics, history: &History) -> Value {
    let now = unix_now();
    // Read once: the process, kTLS and sites parts all show some of it.
    let configuration = all.process.configuration();
    json!({
        "schema": SCHEMA,
        "generated_at": now,
        "process": process(all, &configuration, now),
        "ktls": ktls(all, configuration.ktls),
        "tls": tls(all),
        "traffic": traffic(all, history),
        "sites": sites(all, configuration.certificates, now),
        "upstreams": upstreams(all, now),
    })
}

fn process(all: &AllMetrics, configuration: &ConfigurationFacts, now: f64) -> Value {
    let p = &all.process;
    let workers: Vec<Value> = all
        .workers
        .iter()
        .enumerate()
        .map(|(id, w)| {
            json!({
                "id": id,
                "cpu": p.worker_cpus.get(id).copied().flatten(),
                "connections_open": w.connections_open.load(Relaxed),
                "connections_total": w.connections.load(Relaxed),
            })
        })
        .collect();
    json!({
        "version": env!("CARGO_PKG_VERSION"),
        "pid": std::process::id(),
        "master_pid": p.master_pid,
        "started_at": unix(p.started),
        "uptime_seconds": (now - unix(p.started)).max(0.0),
        "configuration": {
            "generation": configuration.generation,
            "loaded_at": unix(configuration.loaded_at),
            "reloads_ok": p.reloads_ok.load(Relaxed),
            "reloads_failed": p.reloads_failed.load(Relaxed),
        },
        "workers": workers,
        "connections_open": total(&all.workers, |w| &w.connections_open),
        "connections_total": total(&all.workers, |w| &w.connections),
    })
}

fn ktls(all: &AllMetrics, available: bool) -> Value {
    let w = &all.workers;
    let mut by_cipher = Vec::new();
    for suite in 0..crate::cipher_suites::COUNT {
        let kernel: u64 = w
            .iter()
            .map(|m| m.tls_sessions[suite][0].load(Relaxed))
            .sum();
        let user: u64 = w
            .iter()
            .map(|m| m.tls_sessions[suite][1].load(Relaxed))
            .sum();
        if kernel + user > 0 {
            let (cipher, version) = crate::cipher_suites::describe(suite);
            by_cipher.push(json!({
                "version": version, "cipher": cipher, "kernel": kernel, "user_space": user,
            }));
        }
    }
    let fallbacks: Map<String, Value> = super::Fallback::ALL
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let n: u64 = w.iter().map(|m| m.ktls_fallbacks[i].load(Relaxed)).sum();
            (r.as_str().to_owned(), n.into())
        })
        .collect();
    let user_space: u64 = w
        .iter()
        .flat_map(|m| m.tls_sessions.iter())
        .map(|slot| slot[1].load(Relaxed))
        .sum();
    json!({
        "available": available,
        "offloaded_tx": total(w, |m| &m.ktls_tx),
        "offloaded_rx": total(w, |m| &m.ktls_rx),
        "user_space": user_space,
        "by_cipher": by_cipher,
        "fallbacks": fallbacks,
        "setup_failures": total(w, |m| &m.ktls_setup_failures),
        "keyupdate_closes": total(w, |m| &m.ktls_keyupdate_closes),
        "retired_at_limit": total(w, |m| &m.ktls_retired_at_limit),
        "sendfile_bytes": {
            "ktls": total(w, |m| &m.sendfile_bytes_ktls),
            "plain": total(w, |m| &m.sendfile_bytes_plain),
        },
        "user_space_encrypted_bytes": total(w, |m| &m.userspace_tls_bytes),
    })
}

fn tls(all: &AllMetrics) -> Value {
    let w = &all.workers;
    let handshakes = total(w, |m| &m.tls_handshakes);
    let resumed = total(w, |m| &m.tls_resumed);
    let failures: Map<String, Value> = HandshakeFailure::ALL
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let n: u64 = w
                .iter()
                .map(|m| m.tls_handshake_failures[i].load(Relaxed))
                .sum();
            (r.as_str().to_owned(), n.into())
        })
        .collect();
    json!({
        "handshakes": {"full": handshakes - resumed, "resumed": resumed},
        "resumption_ratio": if handshakes == 0 { Value::Null } else { (resumed as f64 / handshakes as f64).into() },
        "failures": failures,
        "plain_http_on_tls_port": total(w, |m| &m.plain_http_on_tls),
    })
}

/// Counters by protocol name, summed over workers.
fn by_protocol(
    workers: &[std::sync::Arc<WorkerMetrics>],
    counters: fn(&WorkerMetrics) -> &[std::sync::atomic::AtomicU64; 3],
) -> Map<String, Value> {
    Protocol::ALL
        .iter()
        .map(|p| {
            let n: u64 = workers
                .iter()
                .map(|w| counters(w)[p.index()].load(Relaxed))
                .sum();
            (p.as_str().to_owned(), n.into())
        })
        .collect()
}

/// Counts by status class name (`1xx` to `5xx`).
fn by_class(counts: [u64; 5]) -> Map<String, Value> {
    StatusClass::NAMES
        .iter()
        .zip(counts)
        .map(|(class, n)| ((*class).to_owned(), n.into()))
        .collect()
}

fn traffic(all: &AllMetrics, history: &History) -> Value {
    let w = &all.workers;
    let mut responses = [0u64; 5];
    for m in w.iter() {
        for (_, site) in m.sites() {
            for (sum, n) in responses.iter_mut().zip(&site.responses) {
                *sum += n.load(Relaxed);
            }
        }
    }
    json!({
        "requests": by_protocol(w, |m| &m.requests_by_protocol),
        "responses": by_class(responses),
        "body_bytes": by_protocol(w, |m| &m.body_bytes_by_protocol),
        "history": history.to_json(),
    })
}

fn sites(all: &AllMetrics, mut certificates: Vec<CertificateFacts>, now: f64) -> Value {
    // (label, requests, responses by class, bytes), labels in first-seen
    // order.
    let mut sums: Vec<(String, u64, [u64; 5], u64)> = Vec::new();
    for m in &all.workers {
        for (label, c) in m.sites() {
            let i = match sums.iter().position(|s| s.0 == label) {
                Some(i) => i,
                None => {
                    sums.push((label, 0, [0; 5], 0));
                    sums.len() - 1
                }
            };
            let s = &mut sums[i];
            s.1 += c.requests.load(Relaxed);
            for (sum, n) in s.2.iter_mut().zip(&c.responses) {
                *sum += n.load(Relaxed);
            }
            s.3 += c.body_bytes.load(Relaxed);
        }
    }
    certificates.extend(all.acme.issued());
    sums.into_iter()
        .map(|(label, requests, responses, bytes)| {
            let certs: Vec<Value> = certificates
                .iter()
                .filter(|c| c.site == label)
                .map(|c| {
                    json!({
                        "origin": c.origin,
                        "names": c.names,
                        "id": c.id,
                        "not_after": c.not_after,
                        "days_left": c.not_after.map(|t| (t as f64 - now) / 86_400.0),
                    })
                })
                .collect();
            json!({
                "name": label,
                "requests": requests,
                "responses": by_class(responses),
                "body_bytes": bytes,
                "certificates": certs,
            })
        })
        .collect()
}

fn upstreams(all: &AllMetrics, now: f64) -> Value {
    let mut groups: Vec<(String, Vec<Value>)> = Vec::new();
    for s in all.upstreams.servers() {
        let server = json!({
            "server": s.server,
            "up": s.up,
            "health_check": s.checked,
            "last_check": s.last_check.map(|c| json!({
                "at": unix(c.at),
                "seconds_ago": (now - unix(c.at)).max(0.0),
                "ok": c.ok,
                "detail": c.detail,
            })),
            "requests": s.requests,
            "failures": s.failures,
            "active": s.active,
            "idle": s.idle,
            "responses": s.responses,
            "mean_response_ms": if s.responses == 0 { Value::Null } else {
                (s.response_time_us as f64 / s.responses as f64 / 1000.0).into()
            },
        });
        match groups.iter_mut().find(|(name, _)| *name == s.upstream) {
            Some((_, servers)) => servers.push(server),
            None => groups.push((s.upstream, vec![server])),
        }
    }
    groups
        .into_iter()
        .map(|(name, servers)| json!({"name": name, "servers": servers}))
        .collect()
}
