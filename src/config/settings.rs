//! The settings the server runs on: what `resolve` makes of a
//! configuration file and the command line. Plain data: nothing here opens
//! a file or builds a runtime object (that is the load phase's work,
//! `server::load`).

use super::{site_for, Site, Upstream};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// One listening address and whether it speaks TLS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listener {
    pub address: SocketAddr,
    pub tls: bool,
    pub backlog: i32,
    /// Connections start with a PROXY protocol header, accepted from these
    /// peers (empty: from any); None: no header is expected.
    pub proxy_protocol: Option<Vec<AddressRange>>,
    /// Every request is answered 308 to the same URL over https.
    pub redirect_to_https: bool,
    /// `TCP_DEFER_ACCEPT`: connections are accepted once their first
    /// bytes arrive.
    pub defer_accept: bool,
    /// `TCP_NOTSENT_LOWAT` of accepted connections; 0: the system's.
    pub notsent_lowat: u32,
}

impl Listener {
    /// A listener on `address` with every option at its default (as
    /// `--listen` and `--http-listen` make them).
    pub fn with_defaults(address: SocketAddr, tls: bool) -> Listener {
        Listener {
            address,
            tls,
            backlog: super::file::DEFAULT_BACKLOG,
            proxy_protocol: None,
            redirect_to_https: false,
            defer_accept: true,
            notsent_lowat: super::file::DEFAULT_NOTSENT_LOWAT,
        }
    }
}

/// A listener's identity across reloads: its configured address, and
/// which of the listeners configured at that address it is (several may
/// ask for port 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListenerKey {
    pub address: SocketAddr,
    pub nth: usize,
}

impl std::fmt::Display for ListenerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.address)?;
        if self.nth > 0 {
            write!(f, "#{}", self.nth)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for ListenerKey {
    type Err = std::net::AddrParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (address, nth) = match text.rsplit_once('#') {
            Some((a, n)) => (a, n.parse().unwrap_or(usize::MAX)),
            None => (text, 0),
        };
        Ok(ListenerKey {
            address: address.parse()?,
            nth,
        })
    }
}

/// Each listener's key, in order.
pub fn listener_keys(listeners: &[Listener]) -> Vec<ListenerKey> {
    listeners
        .iter()
        .enumerate()
        .map(|(i, l)| ListenerKey {
            address: l.address,
            nth: listeners[..i]
                .iter()
                .filter(|o| o.address == l.address)
                .count(),
        })
        .collect()
}

/// An IP network: `10.0.0.0/8`, `2001:db8::/32`, or one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressRange {
    network: std::net::IpAddr,
    prefix: u8,
}

impl AddressRange {
    pub fn parse(text: &str) -> Option<AddressRange> {
        let (ip, prefix) = match text.split_once('/') {
            Some((ip, prefix)) => (ip.parse().ok()?, Some(prefix.parse::<u8>().ok()?)),
            None => (text.parse().ok()?, None),
        };
        let bits = if matches!(ip, std::net::IpAddr::V4(_)) {
            32
        } else {
            128
        };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(AddressRange {
            network: ip,
            prefix,
        })
    }

    /// Whether `ip` is in the range; an IPv4 client seen on an IPv6
    /// socket (`::ffff:192.0.2.1`) counts as its IPv4 address.
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr;
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let (net, addr, bits) = match (self.network, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => (u32::from(n) as u128, u32::from(a) as u128, 32),
            (IpAddr::V6(n), IpAddr::V6(a)) => (u128::from(n), u128::from(a), 128),
            _ => return false,
        };
        let shift = bits - u32::from(self.prefix);
        shift >= bits || (net >> shift) == (addr >> shift)
    }
}

/// A certificate chain and its private key, both PEM files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificatePair {
    pub cert: PathBuf,
    pub key: PathBuf,
    /// Where it was configured (`tls.certificate[1]`, `--cert`), for errors.
    pub key_path: String,
}

impl CertificatePair {
    /// The configuration key of its `cert` or `key` file:
    /// `tls.certificate[0].key`, or `--key` for the command line's pair.
    pub fn key_of(&self, file: &str) -> String {
        if self.key_path.starts_with("--") {
            format!("--{file}")
        } else {
            format!("{}.{file}", self.key_path)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsVersion {
    Tls12,
    Tls13,
}

#[derive(Debug, Clone)]
pub struct TlsSettings {
    pub versions: Vec<TlsVersion>,
    /// Cipher suite names as given (validated against `cipher_suites::by_name`).
    pub ciphers: Vec<String>,
    /// Key exchange groups, the preferred first (`tls::groups::choose`).
    pub groups: Vec<&'static dyn rustls::crypto::SupportedKxGroup>,
    pub session_tickets: bool,
    pub tls13_tickets: usize,
    pub session_cache_size: usize,
    pub ktls: KtlsMode,
    pub ktls_tx_zerocopy: bool,
    /// Refuse handshakes without SNI or naming no site, instead of
    /// answering with the default site's certificate.
    pub reject_unknown_sni: bool,
    /// Session-ticket keys shared with other processes (the first
    /// encrypts); empty: random keys rotated in memory.
    pub ticket_key_files: Vec<PathBuf>,
}

/// Kernel TLS offload: where possible, required, or never.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KtlsMode {
    Auto,
    On,
    Off,
}

#[derive(Debug, Clone)]
pub struct Timeouts {
    pub handshake: Duration,
    pub request_header: Duration,
    pub request_body: Duration,
    pub keepalive: Duration,
    pub send: Duration,
    pub shutdown_drain: Duration,
}

#[derive(Debug, Clone)]
pub struct Limits {
    pub max_connections: usize,
    pub keepalive_requests: u64,
    pub max_uri_bytes: usize,
    pub max_header_bytes: usize,
    pub max_body_bytes: u64,
    /// Open connections per client; None: no bound.
    pub connections_per_client: Option<u32>,
    /// How addresses group into clients (for that bound and rate limits).
    pub clients: crate::client_limits::Grouping,
}

/// Which protocols clients may speak, and HTTP/2's limits.
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// HTTP/2 offered in ALPN (`h2`) on TLS listeners.
    pub http2: bool,
    /// HTTP/2 with prior knowledge (h2c) on plain listeners, beside HTTP/1.
    pub h2c: bool,
    pub h2: Http2Limits,
    /// Every request carries an `X-Request-Id` (`http.request_id`).
    pub request_id: bool,
}

/// Bounds on what one HTTP/2 connection may ask of the server. The header
/// list is bounded by `limits.max_header_bytes`, as HTTP/1's head is.
#[derive(Debug, Clone, Copy)]
pub struct Http2Limits {
    pub max_concurrent_streams: u32,
    /// The HPACK dynamic table the client may make us keep.
    pub header_table_size: u32,
    /// Streams the client may reset (RST_STREAM) per second, on average
    /// (CVE-2023-44487, "rapid reset"): beyond, GOAWAY.
    pub max_resets_per_second: u32,
    /// SETTINGS and PING frames per second, on average: beyond, GOAWAY.
    pub max_control_frames_per_second: u32,
}

#[derive(Debug, Clone)]
pub struct OpenFileCacheSettings {
    pub max_entries: usize,
    pub valid: Duration,
    /// Files up to this size keep their contents in the cache too.
    pub contents_max_bytes: u64,
}

/// Where the document root comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentRoot {
    Directory(PathBuf),
    /// No root configured and no `./public`: serve the built-in welcome page.
    Welcome,
    /// A site without files: what no route takes is 404.
    None,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccessLog {
    Off,
    File(PathBuf),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workers {
    Auto,
    Count(usize),
}

/// The validated configuration the server runs with.
#[derive(Debug, Clone)]
pub struct Settings {
    pub listeners: Vec<Listener>,
    pub workers: Workers,
    /// At least one; requests and handshakes pick theirs by name.
    pub sites: Vec<Site>,
    /// The site for unknown names, no SNI and no Host.
    pub default_site: usize,
    pub tls: TlsSettings,
    pub timeouts: Timeouts,
    pub limits: Limits,
    pub http: HttpSettings,
    pub open_file_cache: OpenFileCacheSettings,
    /// Each worker's cache of static files compressed on the fly.
    pub compression_cache: crate::compression::CacheLimits,
    pub access_log: AccessLog,
    /// None: standard error.
    pub error_log: Option<PathBuf>,
    pub log_level: String,
    pub pid_file: Option<PathBuf>,
    /// The account to serve as, if not the one started as.
    pub user: Option<crate::privileges::Account>,
    /// Loopback address for the metrics endpoint; None: no admin listener.
    pub admin_listen: Option<SocketAddr>,
    /// Back-end groups for the reverse proxy (routes to them are per site).
    pub upstreams: Vec<Upstream>,
    /// None: no site orders its certificate by ACME.
    pub acme: Option<super::AcmeSettings>,
}

impl Settings {
    /// The site whose certificates `site` presents (its own, ordered or
    /// from files, or the default site's when it has none).
    pub fn certificate_site(&self, site: usize) -> usize {
        if self.sites[site].certificates.is_empty() && !self.sites[site].acme {
            self.default_site
        } else {
            site
        }
    }

    /// The index of the listener with this key.
    pub fn listener_index(&self, key: ListenerKey) -> Option<usize> {
        self.listeners
            .iter()
            .enumerate()
            .filter(|(_, l)| l.address == key.address)
            .nth(key.nth)
            .map(|(i, _)| i)
    }

    /// The key of listener `index`.
    pub fn listener_key(&self, index: usize) -> ListenerKey {
        listener_keys(&self.listeners)[index]
    }

    /// The site a host name (Host, or SNI) selects.
    pub fn site_for_host(&self, host: Option<&str>) -> usize {
        if self.sites.len() == 1 {
            // Whatever the name, the one site: no name to look at, on
            // every request.
            return self.default_site;
        }
        host.and_then(|h| site_for(&self.sites, h))
            .unwrap_or(self.default_site)
    }
}

/// Values given on the command line; each replaces what the file says.
#[derive(Debug, Default, Clone)]
pub struct Overrides {
    pub root: Option<PathBuf>,
    pub listen: Option<SocketAddr>,
    pub http_listen: Option<SocketAddr>,
    pub cert: Option<PathBuf>,
    pub key: Option<PathBuf>,
    pub workers: Option<String>,
    pub log_level: Option<String>,
    pub admin_listen: Option<SocketAddr>,
    pub pid_file: Option<PathBuf>,
    pub user: Option<String>,
}

pub const DEFAULT_HTTPS_LISTEN: &str = "127.0.0.1:8443";
pub const DEFAULT_PUBLIC_DIR: &str = "public";
