//! Counters that prove what the server does (kTLS offload, sendfile, user-
//! space encryption, who answered what), one set per worker, the facts of
//! the process beside them, and the loopback admin listener that shows
//! them: Prometheus text (`prometheus`), and a status page with its JSON
//! (`status`, `history`, served by `admin`). Both read the same counters.
//!
//! Each worker writes only its own counters (relaxed atomics on a cache
//! line of their own), so counting costs the request path no sharing;
//! reading them is the admin thread's work, never a worker's.
//!
//! A leaf: other modules report into it with the label enums of `labels`,
//! and it asks the proxy and the ACME thread through `BackEnds` and
//! `CertificateOrders`; it names none of them.

mod admin;
mod history;
mod labels;
mod prometheus;
mod status;

pub use admin::serve_admin;
pub use labels::{Abuse, Fallback, HandshakeFailure, Protocol, StatusClass};
pub use prometheus::render;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

/// One site's counters in one worker: requests, responses by status
/// class, and body bytes sent.
#[derive(Default)]
pub struct SiteCounters {
    requests: AtomicU64,
    responses: [AtomicU64; 5],
    body_bytes: AtomicU64,
}

impl SiteCounters {
    /// A response is over: its status and the body bytes that left.
    pub fn responded(&self, status: u16, body_bytes: u64) {
        own_add(&self.responses[StatusClass::of(status).index()], 1);
        own_add(&self.body_bytes, body_bytes);
    }
}

/// Adds to a counter only its own worker writes (readers only load it): a
/// load and a store, without the locked read-modify-write `fetch_add`
/// costs on every request. Sound because there is one writer; readers see
/// each value whole (a relaxed 64-bit atomic), perhaps a moment late.
fn own_add(counter: &AtomicU64, n: u64) {
    counter.store(counter.load(Relaxed).wrapping_add(n), Relaxed);
}

#[derive(Default)]
#[repr(align(128))]
pub struct WorkerMetrics {
    pub connections: AtomicU64,
    /// Connections accepted and not yet closed.
    pub connections_open: AtomicU64,
    /// Per site label (a site's first name, or "default"). A reload adds
    /// labels and never removes one, so a counter never goes back; the
    /// request path counts through `site_counters`, lock-free.
    sites: Mutex<Vec<(String, Arc<SiteCounters>)>>,
    /// Requests by protocol: HTTP/1.0, HTTP/1.1, HTTP/2.
    pub requests_by_protocol: [AtomicU64; 3],
    /// Response body bytes sent, by protocol.
    body_bytes_by_protocol: [AtomicU64; 3],
    pub h2_connections: AtomicU64,
    pub h2_streams: AtomicU64,
    /// HTTP/2 connections closed as abusive, by `Abuse`.
    h2_abuse: [AtomicU64; 2],
    pub tls_handshakes: AtomicU64,
    /// Of `tls_handshakes`, those that resumed a session (ticket or cache).
    pub tls_resumed: AtomicU64,
    /// By `HandshakeFailure`.
    tls_handshake_failures: [AtomicU64; HandshakeFailure::ALL.len()],
    /// Established TLS connections by cipher suite (`cipher_suites`
    /// order), and whether the kernel took the records over: `[suite][0]`
    /// kernel, `[suite][1]` user space.
    tls_sessions: [[AtomicU64; 2]; crate::cipher_suites::COUNT],
    /// Plain HTTP requests received on a TLS listener (answered 400).
    pub plain_http_on_tls: AtomicU64,
    /// Requests refused (403) by a site's or route's `access` rules.
    pub access_denied: AtomicU64,
    /// Requests answered 401 by a route's `auth_basic` (no, wrong or
    /// unknown credentials).
    pub auth_refused: AtomicU64,
    /// Requests answered 403 for want of a valid client certificate.
    pub client_certificate_refused: AtomicU64,
    /// Requests answered 429 by a `rate_limit`.
    pub rate_limited: AtomicU64,
    /// Connections closed at accept: their address group had
    /// `limits.connections_per_address` open already.
    pub connections_over_address_limit: AtomicU64,
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
    /// The counters of each site label, in order: the existing ones for a
    /// label seen before (so counts survive a reload), else new ones.
    pub fn site_counters(&self, labels: &[&str]) -> Vec<Arc<SiteCounters>> {
        let mut sites = self.sites.lock().unwrap_or_else(|e| e.into_inner());
        labels
            .iter()
            .map(|label| match sites.iter().find(|(l, _)| l == label) {
                Some((_, counters)) => counters.clone(),
                None => {
                    let counters = Arc::new(SiteCounters::default());
                    sites.push((label.to_string(), counters.clone()));
                    counters
                }
            })
            .collect()
    }

    /// Each site label with its counters, for the readers.
    fn sites(&self) -> Vec<(String, Arc<SiteCounters>)> {
        self.sites.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Relaxed);
    }

    pub fn request_of(&self, protocol: Protocol) {
        own_add(&self.requests_by_protocol[protocol.index()], 1);
    }

    pub fn body_bytes_of(&self, protocol: Protocol, bytes: u64) {
        own_add(&self.body_bytes_by_protocol[protocol.index()], bytes);
    }

    /// A request to the site `counters` count.
    pub fn site_request(counters: &SiteCounters) {
        own_add(&counters.requests, 1);
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

    pub fn handshake_failed(&self, reason: HandshakeFailure) {
        let i = HandshakeFailure::ALL
            .iter()
            .position(|r| *r == reason)
            .expect("listed");
        self.tls_handshake_failures[i].fetch_add(1, Relaxed);
    }

    /// A TLS connection is established with the suite at `suite` (its
    /// `cipher_suites` index); `kernel`: its records went to kTLS.
    pub fn tls_session(&self, suite: usize, kernel: bool) {
        if let Some(slot) = self.tls_sessions.get(suite) {
            slot[usize::from(!kernel)].fetch_add(1, Relaxed);
        }
    }
}

/// A counter summed over every worker.
fn total(workers: &[Arc<WorkerMetrics>], get: impl Fn(&WorkerMetrics) -> &AtomicU64) -> u64 {
    workers.iter().map(|w| get(w).load(Relaxed)).sum()
}

/// A certificate a site serves, as the status page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct CertificateFacts {
    /// The site's label (its first name, or "default").
    pub site: String,
    /// Where it came from: `tls.certificate[0] (/etc/a.pem)`, `acme`,
    /// `self-signed`.
    pub origin: String,
    /// DNS names and addresses it is valid for.
    pub names: Vec<String>,
    /// Unix time of notAfter; None when it did not parse.
    pub not_after: Option<i64>,
    /// The serial (ACME) or the SHA-256 fingerprint (files).
    pub id: String,
}

/// What the configuration serving now is, set by the control thread at
/// start and at each reload.
#[derive(Debug, Clone)]
pub struct ConfigurationFacts {
    /// 1 for the configuration the process started with, then one more
    /// per reload that took effect.
    pub generation: u64,
    pub loaded_at: SystemTime,
    /// Whether the kernel can take TLS records over (kTLS offered).
    pub ktls: bool,
    pub certificates: Vec<CertificateFacts>,
}

/// Counters and facts of the process as a whole, kept by the control
/// thread.
pub struct ProcessMetrics {
    pub reloads_ok: AtomicU64,
    pub reloads_failed: AtomicU64,
    pub started: SystemTime,
    /// The master's pid, in a process a master started.
    pub master_pid: Option<u32>,
    /// Each worker's CPU (None: not pinned), by worker id.
    pub worker_cpus: Vec<Option<usize>>,
    configuration: Mutex<ConfigurationFacts>,
}

impl ProcessMetrics {
    pub fn new(master_pid: Option<u32>, worker_cpus: Vec<Option<usize>>) -> ProcessMetrics {
        let now = SystemTime::now();
        ProcessMetrics {
            reloads_ok: AtomicU64::new(0),
            reloads_failed: AtomicU64::new(0),
            started: now,
            master_pid,
            worker_cpus,
            configuration: Mutex::new(ConfigurationFacts {
                generation: 0,
                loaded_at: now,
                ktls: false,
                certificates: Vec::new(),
            }),
        }
    }

    /// A configuration serves now (the first, or a reload's).
    pub fn configured(&self, ktls: bool, certificates: Vec<CertificateFacts>) {
        let mut c = self.configuration.lock().unwrap_or_else(|e| e.into_inner());
        c.generation += 1;
        c.loaded_at = SystemTime::now();
        c.ktls = ktls;
        c.certificates = certificates;
    }

    pub fn configuration(&self) -> ConfigurationFacts {
        self.configuration
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }
}

/// Every counter the admin listener shows.
#[derive(Clone)]
pub struct AllMetrics {
    pub workers: Vec<Arc<WorkerMetrics>>,
    pub process: Arc<ProcessMetrics>,
    /// Back-end servers: verdicts and counters.
    pub upstreams: Arc<dyn BackEnds>,
    /// ACME orders and certificates.
    pub acme: Arc<dyn CertificateOrders>,
}

/// What the ACME thread has done, as the metrics show it.
pub trait CertificateOrders: Send + Sync {
    /// Orders that ended with a certificate, and that failed.
    fn orders(&self) -> (u64, u64);
    /// Each certificate issued and serving, by site.
    fn issued(&self) -> Vec<CertificateFacts>;
}

/// One back-end server's counters, shared by every worker (a back end's
/// exchange costs far more than an atomic add on a shared line).
#[derive(Debug, Default)]
pub struct ServerCounters {
    /// Attempts sent to it.
    pub requests: AtomicU64,
    /// Attempts that failed (refused, timed out, closed, bad response).
    pub failures: AtomicU64,
    /// Exchanges in progress with it now.
    pub active: AtomicU64,
    /// Idle keep-alive connections to it, over every worker.
    pub idle: AtomicU64,
    /// Responses whose head arrived, and the microseconds each took from
    /// the attempt's start (connecting included).
    pub responses: AtomicU64,
    pub response_time_us: AtomicU64,
}

/// The last health check of a server.
#[derive(Debug, Clone)]
pub struct CheckFacts {
    pub at: SystemTime,
    pub ok: bool,
    /// "status 200", or why it failed.
    pub detail: String,
}

/// One back-end server as the admin listener shows it.
#[derive(Debug, Clone)]
pub struct ServerFacts {
    pub upstream: String,
    /// As configured (`app.internal:8000`, `unix:/path`).
    pub server: String,
    /// Health checks configured for it.
    pub checked: bool,
    /// In the rotation (health checks have not taken it out).
    pub up: bool,
    pub last_check: Option<CheckFacts>,
    pub requests: u64,
    pub failures: u64,
    pub active: u64,
    pub idle: u64,
    pub responses: u64,
    pub response_time_us: u64,
}

/// The back-end servers of the configuration serving now, as the proxy
/// keeps them.
pub trait BackEnds: Send + Sync {
    fn servers(&self) -> Vec<ServerFacts>;
}

#[cfg(test)]
mod tests;
