//! Configuration: the TOML file format, command-line overrides, and
//! validation into the settings the rest of the server runs on.
//!
//! Parsing is strict (unknown keys are errors). Validation collects every
//! problem it finds, each named by its key, so `check-config` can report
//! them all at once instead of one per run.

mod file;
mod proxy;

pub use file::ConfigFile;
#[cfg(test)]
pub use proxy::UpstreamServer;
pub use proxy::{select_route, Route, RouteTarget, Upstream, UpstreamAddress};

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One listening address and whether it speaks TLS.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listener {
    pub address: SocketAddr,
    pub tls: bool,
    pub backlog: i32,
}

/// A certificate chain and its private key, both PEM files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificatePair {
    pub cert: PathBuf,
    pub key: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsVersion {
    Tls12,
    Tls13,
}

#[derive(Debug, Clone)]
pub struct TlsSettings {
    /// Empty means: generate a self-signed certificate for localhost at start.
    pub certificates: Vec<CertificatePair>,
    pub versions: Vec<TlsVersion>,
    /// Cipher suite names as given (validated against `cipher_suites::by_name`).
    pub ciphers: Vec<String>,
    pub session_tickets: bool,
    pub tls13_tickets: usize,
    pub session_cache_size: usize,
    pub ktls: KtlsMode,
    pub ktls_tx_zerocopy: bool,
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
}

#[derive(Debug, Clone)]
pub struct OpenFileCacheSettings {
    pub max_entries: usize,
    pub valid: Duration,
}

/// Where the document root comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocumentRoot {
    Directory(PathBuf),
    /// No root configured and no `./public`: serve the built-in welcome page.
    Welcome,
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
    pub root: DocumentRoot,
    pub index: String,
    pub tls: TlsSettings,
    pub timeouts: Timeouts,
    pub limits: Limits,
    pub open_file_cache: OpenFileCacheSettings,
    pub access_log: AccessLog,
    pub log_level: String,
    /// Loopback address for the metrics endpoint; None: no admin listener.
    pub admin_listen: Option<SocketAddr>,
    /// Back-end groups for the reverse proxy, and the routes to them (no
    /// route: every request is served from the static files).
    pub upstreams: Vec<Upstream>,
    pub routes: Vec<Route>,
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
}

pub const DEFAULT_HTTPS_LISTEN: &str = "127.0.0.1:8443";
pub const DEFAULT_PUBLIC_DIR: &str = "public";

/// One problem with a configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// TOML syntax, a wrong type or an unknown key, with line and column.
    #[error("{}: {}", path.display(), source.to_string().trim_end().replace('\n', "\n  "))]
    Syntax {
        path: PathBuf,
        source: Box<toml::de::Error>,
    },
    /// A value that parses but cannot be used: `key.path: why`.
    #[error("{0}")]
    Invalid(String),
}

/// Every problem found in a configuration.
#[derive(Debug)]
pub struct ConfigErrors(pub Vec<ConfigError>);

impl std::fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

/// Reads and parses a configuration file; syntax errors and unknown keys
/// come back with their line and column.
pub fn read_file(path: &Path) -> Result<ConfigFile, ConfigErrors> {
    let text = std::fs::read_to_string(path).map_err(|source| {
        ConfigErrors(vec![ConfigError::Read {
            path: path.to_path_buf(),
            source,
        }])
    })?;
    toml::from_str(&text).map_err(|source| {
        ConfigErrors(vec![ConfigError::Syntax {
            path: path.to_path_buf(),
            source: Box::new(source),
        }])
    })
}

/// Validates a parsed file (or the empty default) with overrides applied.
pub fn resolve(file: ConfigFile, overrides: &Overrides) -> Result<Settings, ConfigErrors> {
    let mut errors = Vec::new();
    let configured_listeners = !file.listener.is_empty();

    let mut listeners = Vec::new();
    for (i, l) in file.listener.iter().enumerate() {
        match l.address.parse::<SocketAddr>() {
            Ok(address) => listeners.push(Listener {
                address,
                tls: l.tls,
                backlog: l.backlog,
            }),
            Err(_) => errors.push(format!(
                "listener[{i}].address: \"{}\" is not an address:port (for example 0.0.0.0:443 or [::]:443)",
                l.address
            )),
        }
        if l.backlog <= 0 {
            errors.push(format!("listener[{i}].backlog: must be positive"));
        }
    }
    if let Some(addr) = overrides.listen {
        listeners.retain(|l| !l.tls);
        listeners.push(Listener {
            address: addr,
            tls: true,
            backlog: file::DEFAULT_BACKLOG,
        });
    }
    if let Some(addr) = overrides.http_listen {
        listeners.retain(|l| l.tls);
        listeners.push(Listener {
            address: addr,
            tls: false,
            backlog: file::DEFAULT_BACKLOG,
        });
    }
    if listeners.is_empty() && !configured_listeners {
        listeners.push(Listener {
            address: DEFAULT_HTTPS_LISTEN.parse().expect("valid default"),
            tls: true,
            backlog: file::DEFAULT_BACKLOG,
        });
    }
    if listeners.is_empty() && errors.is_empty() {
        errors.push("listener: at least one listener is required".into());
    }
    for (i, a) in listeners.iter().enumerate() {
        if a.address.port() != 0 && listeners[..i].iter().any(|b| b.address == a.address) {
            errors.push(format!("listener: address {} is listed twice", a.address));
        }
    }

    let workers_text = overrides
        .workers
        .clone()
        .or_else(|| file.workers.as_ref().map(|w| w.to_string()));
    let workers = match workers_text.as_deref() {
        None | Some("auto") => Workers::Auto,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if (1..=1024).contains(&n) => Workers::Count(n),
            _ => {
                errors.push(format!(
                    "workers: \"{n}\" must be \"auto\" or a number from 1 to 1024"
                ));
                Workers::Auto
            }
        },
    };

    let root = match overrides.root.clone().or(file.r#static.root.clone()) {
        Some(dir) => DocumentRoot::Directory(dir),
        None if Path::new(DEFAULT_PUBLIC_DIR).is_dir() => {
            DocumentRoot::Directory(PathBuf::from(DEFAULT_PUBLIC_DIR))
        }
        None => DocumentRoot::Welcome,
    };
    if let DocumentRoot::Directory(dir) = &root {
        match std::fs::read_dir(dir) {
            Ok(_) => {}
            Err(e) => errors.push(format!(
                "static.root: {}: cannot open directory: {e}",
                dir.display()
            )),
        }
    }
    let index = file.r#static.index.clone();
    if index.is_empty() || index.contains('/') || index == "." || index == ".." {
        errors.push(format!(
            "static.index: \"{index}\" must be a plain file name"
        ));
    }

    let tls = resolve_tls(&file.tls, overrides, &mut errors);

    let t = &file.timeouts;
    let timeouts = Timeouts {
        handshake: t.handshake.checked("timeouts.handshake", &mut errors),
        request_header: t
            .request_header
            .checked("timeouts.request_header", &mut errors),
        request_body: t.request_body.checked("timeouts.request_body", &mut errors),
        keepalive: t.keepalive.checked("timeouts.keepalive", &mut errors),
        send: t.send.checked("timeouts.send", &mut errors),
        shutdown_drain: t
            .shutdown_drain
            .checked("timeouts.shutdown_drain", &mut errors),
    };

    let l = &file.limits;
    let limits = Limits {
        max_connections: l.max_connections,
        keepalive_requests: l.keepalive_requests,
        max_uri_bytes: l.max_uri_bytes,
        max_header_bytes: l.max_header_bytes,
        max_body_bytes: l.max_body_bytes,
    };
    if limits.max_connections == 0 {
        errors.push("limits.max_connections: must be at least 1".into());
    }
    if limits.keepalive_requests == 0 {
        errors.push("limits.keepalive_requests: must be at least 1".into());
    }
    if limits.max_uri_bytes < 16 {
        errors.push("limits.max_uri_bytes: must be at least 16".into());
    }
    if limits.max_header_bytes < 256 || limits.max_header_bytes > 1 << 20 {
        errors.push("limits.max_header_bytes: must be from 256 to 1048576".into());
    }

    let open_file_cache = OpenFileCacheSettings {
        max_entries: file.open_file_cache.max,
        valid: file
            .open_file_cache
            .valid
            .checked("open_file_cache.valid", &mut errors),
    };

    let access_log = match file.log.access_log.as_str() {
        "off" | "" => AccessLog::Off,
        path => AccessLog::File(PathBuf::from(path)),
    };
    let log_level = overrides
        .log_level
        .clone()
        .unwrap_or(file.log.level.clone());
    if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
        errors.push(format!(
            "log.level: \"{log_level}\" must be one of error, warn, info, debug, trace"
        ));
    }

    let admin_listen = match (&overrides.admin_listen, &file.admin.listen) {
        (Some(addr), _) => Some(*addr),
        (None, Some(text)) => match text.parse::<SocketAddr>() {
            Ok(addr) => Some(addr),
            Err(_) => {
                errors.push(format!("admin.listen: \"{text}\" is not an address:port"));
                None
            }
        },
        (None, None) => None,
    };
    if let Some(addr) = admin_listen {
        if !addr.ip().is_loopback() {
            errors.push(format!(
                "admin.listen: {addr} must be a loopback address (127.0.0.0/8 or ::1)"
            ));
        }
    }

    let (upstreams, routes) = proxy::resolve(&file.upstream, &file.route, &mut errors);

    if errors.is_empty() {
        Ok(Settings {
            listeners,
            workers,
            root,
            index,
            tls,
            timeouts,
            limits,
            open_file_cache,
            access_log,
            log_level,
            admin_listen,
            upstreams,
            routes,
        })
    } else {
        Err(ConfigErrors(
            errors.into_iter().map(ConfigError::Invalid).collect(),
        ))
    }
}

fn resolve_tls(
    t: &file::TlsSection,
    overrides: &Overrides,
    errors: &mut Vec<String>,
) -> TlsSettings {
    let mut certificates: Vec<CertificatePair> = t
        .certificate
        .iter()
        .map(|c| CertificatePair {
            cert: c.cert.clone(),
            key: c.key.clone(),
        })
        .collect();
    match (&overrides.cert, &overrides.key) {
        (Some(cert), Some(key)) => {
            certificates = vec![CertificatePair {
                cert: cert.clone(),
                key: key.clone(),
            }]
        }
        (None, None) => {}
        _ => errors.push("--cert and --key must be given together".into()),
    }

    let mut versions = Vec::new();
    for v in &t.protocols {
        match v.as_str() {
            "TLSv1.2" => versions.push(TlsVersion::Tls12),
            "TLSv1.3" => versions.push(TlsVersion::Tls13),
            other => errors.push(format!(
                "tls.protocols: \"{other}\" is not supported (use \"TLSv1.2\" and/or \"TLSv1.3\")"
            )),
        }
    }
    if t.protocols.is_empty() {
        errors.push("tls.protocols: at least one protocol version is required".into());
    }
    for name in &t.ciphers {
        if crate::cipher_suites::by_name(name).is_none() {
            errors.push(format!(
                "tls.ciphers: \"{name}\" is not a supported cipher suite (supported: {})",
                crate::cipher_suites::supported_names().join(", ")
            ));
        }
    }
    let ktls = match t.ktls.as_str() {
        "auto" => KtlsMode::Auto,
        "on" => KtlsMode::On,
        "off" => KtlsMode::Off,
        other => {
            errors.push(format!(
                "tls.ktls: \"{other}\" must be \"auto\", \"on\" or \"off\""
            ));
            KtlsMode::Auto
        }
    };
    TlsSettings {
        certificates,
        versions,
        ciphers: t.ciphers.clone(),
        session_tickets: t.session_tickets,
        tls13_tickets: t.tls13_tickets,
        session_cache_size: t.session_cache_size,
        ktls,
        ktls_tx_zerocopy: t.ktls_tx_zerocopy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<ConfigFile, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn empty_file_gives_defaults() {
        let s = resolve(parse("").unwrap(), &Overrides::default()).unwrap();
        assert_eq!(s.listeners.len(), 1);
        assert!(s.listeners[0].tls);
        assert_eq!(s.listeners[0].address.to_string(), DEFAULT_HTTPS_LISTEN);
        assert_eq!(s.workers, Workers::Auto);
        assert_eq!(s.index, "index.html");
        assert_eq!(s.tls.versions, vec![TlsVersion::Tls12, TlsVersion::Tls13]);
    }

    #[test]
    fn unknown_keys_are_errors_with_line() {
        let err = parse("workers = 2\n[limits]\nmax_conections = 5\n").unwrap_err();
        assert!(err.contains("max_conections"), "{err}");
        assert!(err.contains("line 3"), "{err}");
    }

    #[test]
    fn every_semantic_error_is_reported() {
        let file = parse(
            "workers = 0\n[[listener]]\naddress = \"nope\"\n[tls]\nprotocols = [\"SSLv3\"]\nciphers = [\"RC4\"]\n[limits]\nmax_connections = 0\n",
        )
        .unwrap();
        let errs: Vec<String> = resolve(file, &Overrides::default())
            .unwrap_err()
            .0
            .iter()
            .map(ToString::to_string)
            .collect();
        for key in [
            "workers",
            "listener[0].address",
            "tls.protocols",
            "tls.ciphers",
            "limits.max_connections",
        ] {
            assert!(
                errs.iter().any(|e| e.starts_with(key)),
                "missing {key} in {errs:?}"
            );
        }
    }

    #[test]
    fn overrides_replace_listeners_and_certs() {
        let file = parse("[[listener]]\naddress = \"0.0.0.0:443\"\ntls = true\n[[listener]]\naddress = \"0.0.0.0:80\"\ntls = false\n").unwrap();
        let o = Overrides {
            listen: Some("127.0.0.1:9443".parse().unwrap()),
            cert: Some("c.pem".into()),
            key: Some("k.pem".into()),
            ..Default::default()
        };
        let s = resolve(file, &o).unwrap();
        let addrs: Vec<String> = s
            .listeners
            .iter()
            .map(|l| format!("{}/{}", l.address, l.tls))
            .collect();
        assert_eq!(addrs, vec!["0.0.0.0:80/false", "127.0.0.1:9443/true"]);
        assert_eq!(s.tls.certificates.len(), 1);
    }

    #[test]
    fn durations_accept_fractions_and_reject_negatives() {
        let s = resolve(
            parse("[timeouts]\nrequest_header = 2.5\n").unwrap(),
            &Overrides::default(),
        )
        .unwrap();
        assert_eq!(s.timeouts.request_header, Duration::from_millis(2500));
        let errs = resolve(
            parse("[timeouts]\nsend = -1\n").unwrap(),
            &Overrides::default(),
        )
        .unwrap_err()
        .0;
        assert!(errs[0].to_string().starts_with("timeouts.send"), "{errs:?}");
    }
}
