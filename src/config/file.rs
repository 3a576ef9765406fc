//! The TOML schema, exactly as users write it. Every section and key has a
//! default (keys that must be given are checked in validation, so a missing
//! one is reported with the others instead of stopping the parse), and every
//! struct refuses keys it does not know.

use serde::Deserialize;
use std::path::PathBuf;

pub const DEFAULT_BACKLOG: i32 = 4096;
/// `TCP_NOTSENT_LOWAT` of every connection a listener accepts (see
/// `net::sockopt::set_notsent_lowat`).
pub const DEFAULT_NOTSENT_LOWAT: u32 = 32 * 1024;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    pub workers: Option<WorkersValue>,
    /// Where the running process writes its pid (for `tlsaccel reload`).
    pub pid_file: Option<PathBuf>,
    /// Serve as this user (and `group`, else the user's group) once the
    /// listeners are bound and the keys read.
    pub user: Option<String>,
    pub group: Option<String>,
    #[serde(default)]
    pub listener: Vec<ListenerSection>,
    #[serde(default)]
    pub tls: TlsSection,
    #[serde(default)]
    pub r#static: StaticSection,
    #[serde(default)]
    pub timeouts: TimeoutsSection,
    #[serde(default)]
    pub limits: LimitsSection,
    #[serde(default)]
    pub http: HttpSection,
    #[serde(default)]
    pub open_file_cache: OpenFileCacheSection,
    /// Every site's default; a site's own section overrides key by key.
    #[serde(default)]
    pub compression: CompressionSection,
    #[serde(default)]
    pub log: LogSection,
    #[serde(default)]
    pub admin: AdminSection,
    /// Certificates from an ACME CA, for sites with `acme = true`.
    #[serde(default)]
    pub acme: AcmeSection,
    #[serde(default)]
    pub upstream: Vec<UpstreamSection>,
    #[serde(default)]
    pub route: Vec<RouteSection>,
    /// The default site's redirects and fixed answers.
    #[serde(default)]
    pub redirect: Vec<super::rules::RedirectSection>,
    /// The default site's address rules (`allow RANGE`, `deny RANGE`).
    #[serde(default)]
    pub access: Vec<String>,
    /// The top-level site's request rate per client.
    pub rate_limit: Option<RateLimitSection>,
    #[serde(default)]
    pub site: Vec<SiteSection>,
}

/// `[[site]]`: names, and what is served under them.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SiteSection {
    pub names: Vec<String>,
    pub root: Option<PathBuf>,
    pub index: Option<String>,
    pub default: bool,
    pub headers: std::collections::BTreeMap<String, String>,
    pub certificate: Vec<CertificateSection>,
    pub route: Vec<RouteSection>,
    pub compression: CompressionSection,
    /// The site's certificate is ordered from the `[acme]` CA for its names.
    pub acme: bool,
    /// Candidates a static request tries (nginx's `try_files`).
    pub try_files: Vec<String>,
    /// Pages for error statuses, from the root (`{ 404 = "/404.html" }`).
    pub error_pages: std::collections::BTreeMap<String, String>,
    pub redirect: Vec<super::rules::RedirectSection>,
    /// A directory without its index file answers with a listing
    /// (nginx's `autoindex`), not 403; `listing_hidden` lists dot files.
    pub listing: bool,
    pub listing_hidden: bool,
    /// Who may come in, by address: `allow RANGE` / `deny RANGE`, in
    /// order, the first match deciding.
    pub access: Vec<String>,
    /// Client certificates (mutual TLS) for this site's names.
    pub client_auth: Option<super::client_auth::ClientAuthSection>,
    /// Request rate per client on this site.
    pub rate_limit: Option<RateLimitSection>,
}

/// `[acme]`: the CA, the account and where their state is kept.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AcmeSection {
    pub directory: Option<String>,
    pub email: Option<String>,
    pub accept_terms: bool,
    pub state_dir: PathBuf,
    pub ca_file: Option<PathBuf>,
    pub key_type: String,
    pub challenges: Vec<String>,
    pub profile: Option<String>,
    pub renew_before: Option<Duration>,
    pub retry_interval: Duration,
}

impl Default for AcmeSection {
    fn default() -> Self {
        AcmeSection {
            directory: None,
            email: None,
            accept_terms: false,
            state_dir: PathBuf::from("/var/lib/tlsaccel/acme"),
            ca_file: None,
            key_type: "ecdsa-p256".into(),
            challenges: vec!["tls-alpn-01".into(), "http-01".into()],
            profile: None,
            renew_before: None,
            retry_interval: Duration(60.0),
        }
    }
}

/// `[[upstream]]`: a named group of back-end servers.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct UpstreamSection {
    pub name: String,
    pub servers: Vec<UpstreamServerSection>,
    pub keepalive: usize,
    pub keepalive_timeout: Duration,
    pub connect_timeout: Duration,
    pub read_timeout: Duration,
    pub fail_timeout: Duration,
    pub proxy_protocol: bool,
    pub pass_underscore_headers: bool,
    pub tunnel_timeout: Duration,
    pub health_check: Option<HealthCheckSection>,
    pub resolve_interval: Duration,
    pub tls: bool,
    pub tls_server_name: Option<String>,
    pub tls_ca_file: Option<std::path::PathBuf>,
    pub tls_cert: Option<std::path::PathBuf>,
    pub tls_key: Option<std::path::PathBuf>,
    pub retry_body_bytes: u64,
    /// `round_robin` (weighted), `least_conn` or `hash`.
    pub balance: String,
    /// With `balance = "hash"`: `client_address`, `header:NAME` or
    /// `cookie:NAME`.
    pub hash_key: Option<String>,
}

/// `[[upstream]] health_check = { ... }`: active checks of each server.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HealthCheckSection {
    pub path: String,
    pub host: Option<String>,
    pub interval: Duration,
    pub timeout: Duration,
    pub fails: u32,
    pub passes: u32,
    pub expect_status: String,
}

impl Default for HealthCheckSection {
    fn default() -> Self {
        HealthCheckSection {
            path: "/".into(),
            host: None,
            interval: Duration(5.0),
            timeout: Duration(2.0),
            fails: 3,
            passes: 2,
            expect_status: "2xx".into(),
        }
    }
}

impl Default for UpstreamSection {
    fn default() -> Self {
        UpstreamSection {
            name: String::new(),
            servers: Vec::new(),
            keepalive: 32,
            keepalive_timeout: Duration(60.0),
            connect_timeout: Duration(5.0),
            read_timeout: Duration(60.0),
            fail_timeout: Duration(10.0),
            proxy_protocol: false,
            pass_underscore_headers: false,
            tunnel_timeout: Duration(3600.0),
            health_check: None,
            resolve_interval: Duration(30.0),
            tls: false,
            tls_server_name: None,
            tls_ca_file: None,
            tls_cert: None,
            tls_key: None,
            retry_body_bytes: 64 * 1024,
            balance: "round_robin".into(),
            hash_key: None,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpstreamServerSection {
    #[serde(default)]
    pub address: String,
    #[serde(default = "one")]
    pub weight: u32,
}

/// `[[route]]`: requests whose path starts with `prefix` (and, if given,
/// whose Host is `host`) go to an upstream group or to the static files.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteSection {
    #[serde(default)]
    pub prefix: String,
    pub host: Option<String>,
    pub upstream: Option<String>,
    #[serde(default)]
    pub r#static: bool,
    /// Protocols a client may switch to through this route (`Upgrade`);
    /// unset: `["websocket"]` on routes to an upstream.
    pub upgrades: Option<Vec<String>>,
    /// Back ends' responses compressed on their way; unset: the site's
    /// `compression.proxy`.
    pub compress: Option<bool>,
    /// A static route's own `try_files` (unset: the site's).
    pub try_files: Option<Vec<String>>,
    /// A static route's own directory listings (unset: the site's).
    pub listing: Option<bool>,
    /// The route's own address rules (unset: the site's).
    pub access: Option<Vec<String>>,
    /// HTTP Basic authentication against an htpasswd file.
    pub auth_basic: Option<AuthBasicSection>,
    /// `"required"`: a site whose client certificates are optional answers
    /// 403 here to a client without a valid one.
    pub client_certificate: Option<String>,
    /// The route's own request rate per client (unset: the site's).
    pub rate_limit: Option<RateLimitSection>,
    /// Replaces `prefix` in the path sent to the back end (nginx's
    /// `proxy_pass` with a URI); `Location` comes back mapped.
    pub upstream_path: Option<String>,
    /// Fields set, added and removed on the request going up...
    #[serde(default)]
    pub request_headers: super::rules::HeaderRulesSection,
    /// ...and on the response coming back.
    #[serde(default)]
    pub response_headers: super::rules::HeaderRulesSection,
    /// A back end's error responses are replaced by the site's error
    /// pages too (nginx's `proxy_intercept_errors`).
    #[serde(default)]
    pub intercept_errors: bool,
}

fn one() -> u32 {
    1
}

/// `auth_basic = { user_file = "...", realm = "..." }` on a route.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthBasicSection {
    pub user_file: PathBuf,
    #[serde(default = "default_realm")]
    pub realm: String,
    /// The client's `Authorization` goes on to the back end (dropped
    /// otherwise).
    #[serde(default)]
    pub pass_authorization: bool,
}

fn default_realm() -> String {
    "Restricted".into()
}

/// The listener for `/metrics`, `/status` and `/status.json`: loopback
/// unless `allow_remote`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdminSection {
    pub listen: Option<String>,
    /// Lets `listen` be an address other hosts can reach (a management
    /// network); it serves without authentication.
    #[serde(default)]
    pub allow_remote: bool,
}

/// `workers = "auto"` or `workers = 4`.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum WorkersValue {
    Count(i64),
    Text(String),
}

impl std::fmt::Display for WorkersValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkersValue::Count(n) => write!(f, "{n}"),
            WorkersValue::Text(s) => f.write_str(s),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListenerSection {
    #[serde(default)]
    pub address: String,
    #[serde(default = "yes")]
    pub tls: bool,
    #[serde(default = "default_backlog")]
    pub backlog: i32,
    /// Expect a PROXY protocol header (v1 or v2) before anything else.
    #[serde(default)]
    pub proxy_protocol: bool,
    /// Addresses (`10.0.0.0/8`, `127.0.0.1`) allowed to send it; empty:
    /// any.
    #[serde(default)]
    pub proxy_protocol_from: Vec<String>,
    /// Plain listeners only: answer every request with a 308 to https://.
    #[serde(default)]
    pub redirect_to_https: bool,
    /// Accept a connection only once it has sent something
    /// (`TCP_DEFER_ACCEPT`).
    #[serde(default = "yes")]
    pub defer_accept: bool,
    /// Unsent bytes a connection's socket holds before it stops taking
    /// more (`TCP_NOTSENT_LOWAT`); 0: the system's setting.
    #[serde(default = "default_notsent_lowat")]
    pub notsent_lowat: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertificateSection {
    #[serde(default)]
    pub cert: PathBuf,
    #[serde(default)]
    pub key: PathBuf,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TlsSection {
    pub certificate: Vec<CertificateSection>,
    pub protocols: Vec<String>,
    pub ciphers: Vec<String>,
    pub session_tickets: bool,
    pub tls13_tickets: usize,
    pub session_cache_size: usize,
    pub ktls: String,
    pub ktls_tx_zerocopy: bool,
    pub reject_unknown_sni: bool,
    pub ticket_key_files: Vec<PathBuf>,
    /// The top-level site's client certificates (mutual TLS).
    pub client_auth: Option<super::client_auth::ClientAuthSection>,
    /// Key exchange groups in the order offered and preferred.
    pub groups: Vec<String>,
}

impl Default for TlsSection {
    fn default() -> Self {
        TlsSection {
            certificate: Vec::new(),
            protocols: vec!["TLSv1.2".into(), "TLSv1.3".into()],
            ciphers: crate::cipher_suites::supported_names()
                .iter()
                .map(|s| s.to_string())
                .collect(),
            session_tickets: true,
            tls13_tickets: 1,
            session_cache_size: 20_480,
            ktls: "auto".into(),
            ktls_tx_zerocopy: false,
            reject_unknown_sni: false,
            ticket_key_files: Vec::new(),
            client_auth: None,
            groups: crate::key_exchange::default_names()
                .iter()
                .map(|s| s.to_string())
                .collect(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StaticSection {
    pub root: Option<PathBuf>,
    pub index: String,
    /// The default site's `try_files`.
    pub try_files: Vec<String>,
    /// The default site's `error_pages`.
    pub error_pages: std::collections::BTreeMap<String, String>,
    /// The default site's directory listings.
    pub listing: bool,
    pub listing_hidden: bool,
}

impl Default for StaticSection {
    fn default() -> Self {
        StaticSection {
            root: None,
            index: "index.html".into(),
            try_files: Vec::new(),
            error_pages: Default::default(),
            listing: false,
            listing_hidden: false,
        }
    }
}

/// A duration in seconds; fractions allowed (`2.5`).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(transparent)]
pub struct Duration(pub f64);

impl Duration {
    /// Converts to a `std::time::Duration`, recording an error for values
    /// that are negative, not finite, or absurdly large.
    pub fn checked(self, key: &str, report: &mut super::Report) -> std::time::Duration {
        if self.0.is_finite() && self.0 > 0.0 && self.0 <= 86_400.0 {
            std::time::Duration::from_secs_f64(self.0)
        } else {
            report.error(
                key,
                format!(
                    "{} must be a number of seconds above 0 and at most 86400",
                    self.0
                ),
            );
            std::time::Duration::from_secs(1)
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TimeoutsSection {
    pub handshake: Duration,
    pub request_header: Duration,
    pub request_body: Duration,
    pub keepalive: Duration,
    pub send: Duration,
    pub shutdown_drain: Duration,
}

impl Default for TimeoutsSection {
    fn default() -> Self {
        TimeoutsSection {
            handshake: Duration(10.0),
            request_header: Duration(10.0),
            request_body: Duration(30.0),
            keepalive: Duration(75.0),
            send: Duration(60.0),
            shutdown_drain: Duration(30.0),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsSection {
    pub max_connections: usize,
    pub keepalive_requests: u64,
    pub max_uri_bytes: usize,
    pub max_header_bytes: usize,
    pub max_body_bytes: u64,
    /// Open connections per client (address group); 0: no bound.
    pub connections_per_client: u32,
    /// How addresses group into clients, for this bound and rate limits.
    pub client_ipv4_prefix: u8,
    pub client_ipv6_prefix: u8,
}

impl Default for LimitsSection {
    fn default() -> Self {
        LimitsSection {
            max_connections: 16_384,
            keepalive_requests: 1000,
            max_uri_bytes: 8192,
            max_header_bytes: 16_384,
            max_body_bytes: 1 << 20,
            connections_per_client: 0,
            client_ipv4_prefix: 24,
            client_ipv6_prefix: 64,
        }
    }
}

/// `rate_limit = { requests_per_second = 10, burst = 20 }`: per client.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateLimitSection {
    pub requests_per_second: f64,
    /// Requests a client may make at once (default: one second's worth).
    pub burst: Option<f64>,
}

/// `[http]`: the protocols offered to clients, and HTTP/2's limits.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HttpSection {
    pub http2: bool,
    pub h2c: bool,
    pub h2_max_concurrent_streams: u32,
    pub h2_header_table_size: u32,
    pub h2_max_resets_per_second: u32,
    pub h2_max_control_frames_per_second: u32,
    /// Every request carries an `X-Request-Id` (the client's, or one made
    /// up), passed to back ends, returned and logged.
    pub request_id: bool,
}

impl Default for HttpSection {
    fn default() -> Self {
        HttpSection {
            http2: true,
            h2c: false,
            h2_max_concurrent_streams: 128,
            h2_header_table_size: 4096,
            h2_max_resets_per_second: 100,
            h2_max_control_frames_per_second: 100,
            request_id: false,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OpenFileCacheSection {
    pub max: usize,
    pub valid: Duration,
    pub contents_max_bytes: u64,
}

impl Default for OpenFileCacheSection {
    fn default() -> Self {
        OpenFileCacheSection {
            max: 1000,
            valid: Duration(30.0),
            contents_max_bytes: 16 * 1024,
        }
    }
}

/// `[compression]` and `[site.compression]`: unset keys take the
/// top-level section's value, then the default.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CompressionSection {
    /// Codings offered, the server's preference first (`zstd`, `br`,
    /// `gzip`); empty: no compression.
    pub encodings: Option<Vec<String>>,
    pub types: Option<Vec<String>>,
    pub min_length: Option<u64>,
    pub precompressed: Option<bool>,
    pub r#static: Option<bool>,
    pub proxy: Option<bool>,
    pub level: LevelSection,
    /// Top level only: each worker's cache of variants made on the fly.
    pub cache_max_bytes: Option<u64>,
    pub cache_max_entry_bytes: Option<u64>,
}

/// `[compression.level]`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LevelSection {
    pub zstd: Option<u32>,
    pub br: Option<u32>,
    pub gzip: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogSection {
    pub level: String,
    pub access_log: String,
    /// The server's own log; "stderr" (the default) or a file.
    pub error_log: String,
}

impl Default for LogSection {
    fn default() -> Self {
        LogSection {
            level: "info".into(),
            access_log: "off".into(),
            error_log: "stderr".into(),
        }
    }
}

fn yes() -> bool {
    true
}

fn default_backlog() -> i32 {
    DEFAULT_BACKLOG
}

fn default_notsent_lowat() -> u32 {
    DEFAULT_NOTSENT_LOWAT
}
