//! The reverse-proxy part of the configuration: upstream groups of back-end
//! servers and the routes that send requests to them, validated into the
//! types the workers use.

use super::file::{HealthCheckSection, RouteSection, UpstreamSection};
use super::host::{host_part, normalize_host};
use rustls_pki_types::ServerName;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpstreamAddress {
    Tcp(SocketAddr),
    Unix(PathBuf),
}

impl std::fmt::Display for UpstreamAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UpstreamAddress::Tcp(a) => write!(f, "{a}"),
            UpstreamAddress::Unix(p) => write!(f, "unix:{}", p.display()),
        }
    }
}

#[derive(Debug, Clone)]
pub struct UpstreamServer {
    /// As configured: `host:port`, `ip:port` or `unix:/path`.
    pub name: String,
    /// Resolved when the configuration was read (a host name's first
    /// address).
    pub address: UpstreamAddress,
    /// A host name, resolved again every `resolve_interval`.
    pub resolve: bool,
    pub weight: u32,
    /// With `tls = true`: the name the server's certificate must carry
    /// (`tls_server_name`, else the host of `name`), also sent as SNI.
    pub tls_name: Option<ServerName<'static>>,
}

#[derive(Debug, Clone)]
pub struct Upstream {
    pub name: String,
    pub servers: Vec<UpstreamServer>,
    /// Idle keep-alive connections kept per server, per worker.
    pub keepalive: usize,
    pub keepalive_timeout: Duration,
    pub connect_timeout: Duration,
    /// Waiting for the response head, and between reads of its body.
    pub read_timeout: Duration,
    /// How long a server that failed is left out.
    pub fail_timeout: Duration,
    /// Send a PROXY protocol v2 header on each new back-end connection.
    pub proxy_protocol: bool,
    /// Forward header fields whose names contain `_` (dropped by default:
    /// CGI-style back ends read `_` as `-`, so `Content_Length` could pass
    /// for a framing header).
    pub pass_underscore_headers: bool,
    /// How long an upgraded connection (a WebSocket) may stay silent in
    /// both directions before it is closed.
    pub tunnel_timeout: Duration,
    pub health_check: Option<HealthCheck>,
    /// How often host names in `servers` are resolved again (None: only
    /// when the configuration is read).
    pub resolve_interval: Option<Duration>,
    /// `tls = true`: connections to the servers are TLS, with the client
    /// configuration the load phase builds from this.
    pub tls: Option<UpstreamTls>,
    /// Bodies of idempotent requests up to this size are read whole before
    /// they are sent, so a failed attempt can be made again elsewhere.
    pub retry_body_bytes: u64,
    /// How a server is chosen for a request.
    pub balance: Balance,
}

/// How an upstream chooses a server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Balance {
    /// Smooth weighted round-robin (nginx's default).
    #[default]
    RoundRobin,
    /// The fewest exchanges in progress over every worker, by weight.
    LeastConn,
    /// Consistent hashing of a key: one key stays on one server, and a
    /// server added or removed moves only its share of the keys.
    Hash(HashKey),
}

/// What consistent hashing hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HashKey {
    ClientAddress,
    /// A request header's value (lower-case name).
    Header(String),
    /// A cookie's value.
    Cookie(String),
}

fn resolve_balance(u: &UpstreamSection, key: &str, report: &mut super::Report) -> Balance {
    let hash_key = match u.hash_key.as_deref() {
        None | Some("client_address") => HashKey::ClientAddress,
        Some(text) => match text.split_once(':') {
            Some(("header", name))
                if !name.is_empty() && name.bytes().all(crate::token::is_tchar) =>
            {
                HashKey::Header(name.to_ascii_lowercase())
            }
            Some(("cookie", name))
                if !name.is_empty() && name.bytes().all(crate::token::is_tchar) =>
            {
                HashKey::Cookie(name.to_owned())
            }
            _ => {
                report.error(
                    format!("{key}.hash_key"),
                    format!("\"{text}\" is not client_address, header:NAME or cookie:NAME"),
                );
                HashKey::ClientAddress
            }
        },
    };
    match u.balance.as_str() {
        "round_robin" | "least_conn" if u.hash_key.is_some() => {
            report.error(format!("{key}.hash_key"), "goes with balance = \"hash\"");
            Balance::RoundRobin
        }
        "round_robin" => Balance::RoundRobin,
        "least_conn" => Balance::LeastConn,
        "hash" => Balance::Hash(hash_key),
        other => {
            report.error(
                format!("{key}.balance"),
                format!("\"{other}\" is not round_robin, least_conn or hash"),
            );
            Balance::RoundRobin
        }
    }
}

/// What an upstream's TLS client trusts and presents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpstreamTls {
    /// CA certificates (PEM) the servers' certificates must chain to;
    /// None: the system's.
    pub ca_file: Option<PathBuf>,
    /// The client certificate and key (mutual TLS).
    pub identity: Option<super::CertificatePair>,
    /// Where it was configured (`upstream[0]`), for problems found loading it.
    pub key: String,
}

impl UpstreamTls {
    /// The configuration key of one of its settings (`tls_ca_file`).
    pub fn key_of(&self, setting: &str) -> String {
        format!("{}.{setting}", self.key)
    }
}

/// Largest `retry_body_bytes`: each such request holds its body in memory.
const MAX_RETRY_BODY: u64 = 16 << 20;

/// Active health checks: `GET path` to each server every `interval`; a
/// server is out after `fails` failed checks in a row, back after `passes`
/// good ones.
#[derive(Debug, Clone, PartialEq)]
pub struct HealthCheck {
    pub path: String,
    /// The Host sent; None: the server's address.
    pub host: Option<String>,
    pub interval: Duration,
    pub timeout: Duration,
    pub fails: u32,
    pub passes: u32,
    pub expect: StatusSet,
}

/// Statuses a check accepts: `"2xx"`, `"200 204"`, `"2xx, 301"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusSet(Vec<(u16, u16)>);

impl StatusSet {
    pub fn parse(text: &str) -> Result<StatusSet, String> {
        let mut ranges = Vec::new();
        for item in text.split([',', ' ']).filter(|i| !i.is_empty()) {
            let range = match item.as_bytes() {
                [d @ b'1'..=b'5', b'x' | b'X', b'x' | b'X'] => {
                    let base = u16::from(d - b'0') * 100;
                    (base, base + 99)
                }
                [b'1'..=b'5', b'0'..=b'9', b'0'..=b'9'] => {
                    let code = item.parse().expect("three digits");
                    (code, code)
                }
                _ => return Err(format!("\"{item}\" is not a status (200) or a class (2xx)")),
            };
            ranges.push(range);
        }
        if ranges.is_empty() {
            return Err("give at least one status or class (\"2xx\")".into());
        }
        Ok(StatusSet(ranges))
    }

    pub fn contains(&self, status: u16) -> bool {
        self.0.iter().any(|&(lo, hi)| (lo..=hi).contains(&status))
    }
}

const MAX_CHECK_COUNT: u32 = 100;

fn resolve_health_check(
    c: &HealthCheckSection,
    key: &str,
    report: &mut super::Report,
) -> HealthCheck {
    if !c.path.starts_with('/') || c.path.bytes().any(|b| b <= b' ' || b == 0x7f) {
        report.error(
            format!("{key}.path"),
            format!(
                "\"{}\" must start with / and have no spaces or control characters",
                c.path
            ),
        );
    }
    if let Some(host) = &c.host {
        if host.is_empty() || host.bytes().any(|b| b <= b' ' || b == 0x7f) {
            report.error(
                format!("{key}.host"),
                format!("\"{host}\" is not a host name"),
            );
        }
    }
    for (name, n) in [("fails", c.fails), ("passes", c.passes)] {
        if n == 0 || n > MAX_CHECK_COUNT {
            report.error(
                format!("{key}.{name}"),
                format!("must be from 1 to {MAX_CHECK_COUNT}"),
            );
        }
    }
    let expect = StatusSet::parse(&c.expect_status).unwrap_or_else(|e| {
        report.error(format!("{key}.expect_status"), e);
        StatusSet(vec![(200, 299)])
    });
    HealthCheck {
        path: c.path.clone(),
        host: c.host.clone(),
        interval: c.interval.checked(&format!("{key}.interval"), report),
        timeout: c.timeout.checked(&format!("{key}.timeout"), report),
        fails: c.fails.clamp(1, MAX_CHECK_COUNT),
        passes: c.passes.clamp(1, MAX_CHECK_COUNT),
        expect,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteTarget {
    Static,
    /// Index into `Settings::upstreams`.
    Upstream(usize),
}

#[derive(Debug, Clone)]
pub struct Route {
    pub prefix: String,
    /// The host as `normalize_host` makes it (lower case, no port, no
    /// trailing dot); None matches any host.
    pub host: Option<String>,
    pub target: RouteTarget,
    /// Protocols (`Upgrade` tokens, lower case) a client may switch to
    /// through this route; empty for static routes.
    pub upgrades: Vec<String>,
    /// Back ends' responses compressed; None: as the site's policy says.
    pub compress: Option<bool>,
    /// A static route's own fallbacks; None: the site's.
    pub try_files: Option<Vec<super::TryFile>>,
    /// A static route's own directory listings; None: the site's.
    pub listing: Option<bool>,
    /// The route's own address rules; None: the site's.
    pub access: Option<Vec<super::AccessRule>>,
    /// Basic authentication, when the route asks for it.
    pub auth_basic: Option<BasicAuth>,
    /// What replaces `prefix` in the path a back end gets; None: the
    /// target as the client sent it.
    pub upstream_path: Option<String>,
    /// Fields set, added and removed going up, and coming back.
    pub request_headers: super::HeaderRules,
    pub response_headers: super::HeaderRules,
    /// The site's error pages replace a back end's error responses too.
    pub intercept_errors: bool,
    /// A valid client certificate is required here even where the site
    /// makes it optional.
    pub require_client_certificate: bool,
    /// The route's own request rate per client; None: the site's.
    pub rate_limit: Option<super::RateRule>,
}

/// A route's Basic authentication: the htpasswd file (read by the load
/// phase) and the realm the challenge names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BasicAuth {
    pub user_file: PathBuf,
    pub realm: String,
    /// Where it was configured (`route[0].auth_basic`), for problems the
    /// load phase finds with the file.
    pub key: String,
}

const MAX_WEIGHT: u32 = 1000;

/// The `[[upstream]]` groups.
pub fn resolve_upstreams(
    upstreams: &[UpstreamSection],
    report: &mut super::Report,
) -> Vec<Upstream> {
    let mut resolved = Vec::new();
    for (i, u) in upstreams.iter().enumerate() {
        let key = format!("upstream[{i}]");
        if u.name.is_empty() {
            report.error(format!("{key}.name"), "required");
        } else if upstreams[..i].iter().any(|o| o.name == u.name) {
            report.error(
                format!("{key}.name"),
                format!("\"{}\" is used twice", u.name),
            );
        }
        if u.servers.is_empty() {
            report.error(format!("{key}.servers"), "at least one server is required");
        }
        let mut servers = Vec::new();
        for (j, s) in u.servers.iter().enumerate() {
            if s.weight == 0 || s.weight > MAX_WEIGHT {
                report.error(
                    format!("{key}.servers[{j}].weight"),
                    format!("must be from 1 to {MAX_WEIGHT}"),
                );
            }
            if s.address.is_empty() {
                report.error(format!("{key}.servers[{j}].address"), "required");
                continue;
            }
            let tls_name = if u.tls {
                match tls_name(u.tls_server_name.as_deref(), &s.address) {
                    Ok(name) => Some(name),
                    Err(e) => {
                        let at = match u.tls_server_name {
                            Some(_) => format!("{key}.tls_server_name"),
                            None => format!("{key}.servers[{j}].address"),
                        };
                        report.error(at, e);
                        None
                    }
                }
            } else {
                None
            };
            match parse_address(&s.address) {
                Ok((address, resolve)) => servers.push(UpstreamServer {
                    name: s.address.clone(),
                    address,
                    resolve,
                    weight: s.weight.clamp(1, MAX_WEIGHT),
                    tls_name,
                }),
                Err(e) => report.error(format!("{key}.servers[{j}].address"), e),
            }
        }
        resolved.push(Upstream {
            name: u.name.clone(),
            servers,
            keepalive: u.keepalive,
            keepalive_timeout: u
                .keepalive_timeout
                .checked(&format!("{key}.keepalive_timeout"), report),
            connect_timeout: u
                .connect_timeout
                .checked(&format!("{key}.connect_timeout"), report),
            read_timeout: u
                .read_timeout
                .checked(&format!("{key}.read_timeout"), report),
            fail_timeout: u
                .fail_timeout
                .checked(&format!("{key}.fail_timeout"), report),
            proxy_protocol: u.proxy_protocol,
            pass_underscore_headers: u.pass_underscore_headers,
            tunnel_timeout: u
                .tunnel_timeout
                .checked(&format!("{key}.tunnel_timeout"), report),
            health_check: u
                .health_check
                .as_ref()
                .map(|c| resolve_health_check(c, &format!("{key}.health_check"), report)),
            tls: upstream_tls(u, &key, report),
            balance: resolve_balance(u, &key, report),
            retry_body_bytes: if u.retry_body_bytes > MAX_RETRY_BODY {
                report.error(
                    format!("{key}.retry_body_bytes"),
                    format!(
                        "at most {MAX_RETRY_BODY} (each such request holds its body in memory)"
                    ),
                );
                MAX_RETRY_BODY
            } else {
                u.retry_body_bytes
            },
            // 0 turns it off; anything else is a duration like the others.
            resolve_interval: (u.resolve_interval.0 != 0.0).then(|| {
                u.resolve_interval
                    .checked(&format!("{key}.resolve_interval"), report)
            }),
        });
    }
    resolved
}

/// One list of routes (top-level `route`, or a site's `site[N].route`:
/// `prefix` names the key).
pub fn resolve_routes(
    routes: &[RouteSection],
    upstreams: &[UpstreamSection],
    prefix: &str,
    report: &mut super::Report,
) -> Vec<Route> {
    let mut resolved_routes = Vec::new();
    for (i, r) in routes.iter().enumerate() {
        let key = format!("{prefix}[{i}]");
        if r.prefix.is_empty() {
            report.error(format!("{key}.prefix"), "required");
        } else if !r.prefix.starts_with('/') {
            report.error(
                format!("{key}.prefix"),
                format!("\"{}\" must start with /", r.prefix),
            );
        }
        let target = match (&r.upstream, r.r#static) {
            (Some(name), false) => match upstreams.iter().position(|u| &u.name == name) {
                Some(index) => RouteTarget::Upstream(index),
                None => {
                    report.error(
                        format!("{key}.upstream"),
                        format!("no [[upstream]] named \"{name}\""),
                    );
                    continue;
                }
            },
            (None, true) => RouteTarget::Static,
            _ => {
                report.error(
                    key,
                    "give exactly one of upstream = \"NAME\" or static = true",
                );
                continue;
            }
        };
        if r.compress.is_some() && target == RouteTarget::Static {
            report.error(
                format!("{key}.compress"),
                "compresses back ends' responses; static files follow the site's [compression]",
            );
        }
        let upgrades = match (&r.upgrades, target) {
            (None, RouteTarget::Upstream(_)) => vec!["websocket".to_string()],
            (None, RouteTarget::Static) => Vec::new(),
            (Some(_), RouteTarget::Static) => {
                report.error(
                    format!("{key}.upgrades"),
                    "protocol upgrades go to an upstream; a static route has none",
                );
                Vec::new()
            }
            (Some(list), RouteTarget::Upstream(_)) => {
                for (j, token) in list.iter().enumerate() {
                    if !is_token(token) {
                        report.error(
                            format!("{key}.upgrades[{j}]"),
                            format!("\"{token}\" is not a protocol name (an HTTP token such as \"websocket\")"),
                        );
                    }
                }
                list.iter().map(|t| t.to_ascii_lowercase()).collect()
            }
        };
        let host = r.host.as_deref().map(normalize_host);
        if resolved_routes
            .iter()
            .any(|o: &Route| o.prefix == r.prefix && o.host == host)
        {
            report.error(key.clone(), "the same prefix and host are routed twice");
        }
        if r.listing.is_some() && target != RouteTarget::Static {
            report.error(
                format!("{key}.listing"),
                "directory listings are static files: only a static route has them",
            );
        }
        if r.try_files.is_some() && target != RouteTarget::Static {
            report.error(
                format!("{key}.try_files"),
                "fallbacks are static files: only a static route has them",
            );
        }
        if r.intercept_errors && target == RouteTarget::Static {
            report.error(
                format!("{key}.intercept_errors"),
                "replaces a back end's error responses: only a route to an upstream has it",
            );
        }
        if let Some(path) = &r.upstream_path {
            if target == RouteTarget::Static {
                report.error(
                    format!("{key}.upstream_path"),
                    "the path a back end gets: only a route to an upstream has it",
                );
            } else if !path.starts_with('/')
                || path
                    .bytes()
                    .any(|b| b.is_ascii_control() || b == b' ' || b == b'?' || b == b'#')
            {
                report.error(
                    format!("{key}.upstream_path"),
                    format!("\"{path}\" must be a path starting with / (no spaces, ? or #)"),
                );
            } else if path.ends_with('/') != r.prefix.ends_with('/') {
                report.warning(
                    format!("{key}.upstream_path"),
                    format!("\"{path}\" and the prefix \"{}\" do not both end in /: {}x becomes {path}x", r.prefix, r.prefix),
                );
            }
        }
        let mut request_headers = super::rules::resolve_header_rules(
            &r.request_headers,
            &format!("{key}.request_headers"),
            report,
        );
        let auth_basic = r.auth_basic.as_ref().map(|a| {
            if a.realm.is_empty()
                || a.realm
                    .bytes()
                    .any(|b| b == b'"' || b == b'\\' || b.is_ascii_control())
            {
                report.error(
                    format!("{key}.auth_basic.realm"),
                    "a realm is some text without quotes, backslashes or control characters",
                );
            }
            // The password stays here unless the back end is to see it.
            if !a.pass_authorization && target != RouteTarget::Static {
                request_headers.remove.push("authorization".into());
            }
            BasicAuth {
                user_file: a.user_file.clone(),
                realm: a.realm.clone(),
                key: format!("{key}.auth_basic.user_file"),
            }
        });
        let response_headers = super::rules::resolve_header_rules(
            &r.response_headers,
            &format!("{key}.response_headers"),
            report,
        );
        let asked = |h: &super::rules::HeaderRulesSection| {
            !(h.set.is_empty() && h.add.is_empty() && h.remove.is_empty())
        };
        if target == RouteTarget::Static
            && (asked(&r.request_headers) || asked(&r.response_headers))
        {
            report.error(
                format!("{key}.request_headers"),
                "fields of a proxied exchange: only a route to an upstream has them (a site's own headers are [[site]] headers)",
            );
        }
        let try_files = r
            .try_files
            .as_ref()
            .map(|list| super::rules::resolve_try_files(list, &format!("{key}.try_files"), report));
        resolved_routes.push(Route {
            prefix: r.prefix.clone(),
            host,
            target,
            upgrades,
            compress: r.compress,
            try_files,
            upstream_path: r.upstream_path.clone(),
            listing: r.listing,
            auth_basic,
            access: r
                .access
                .as_ref()
                .map(|list| super::rules::resolve_access(list, &format!("{key}.access"), report)),
            request_headers,
            response_headers,
            intercept_errors: r.intercept_errors,
            rate_limit: super::rules::resolve_rate_limit(
                r.rate_limit.as_ref(),
                &format!("{key}.rate_limit"),
                report,
            ),
            require_client_certificate: match r.client_certificate.as_deref() {
                None => false,
                Some("required") => true,
                Some(other) => {
                    report.error(
                        format!("{key}.client_certificate"),
                        format!(
                            "\"{other}\" is not \"required\" (leave it out for the site's mode)"
                        ),
                    );
                    false
                }
            },
        });
    }
    resolved_routes
}

/// An HTTP token (RFC 9110 5.6.2), optionally with a `/version` (RFC 9110
/// 7.8: `Upgrade: websocket`, `Upgrade: HTTP/2.0`).
fn is_token(text: &str) -> bool {
    let mut parts = text.splitn(2, '/');
    parts.all(|p| !p.is_empty() && p.bytes().all(crate::token::is_tchar))
}

/// The TLS settings of an upstream with `tls = true`; the `tls_*` keys
/// are refused without it.
fn upstream_tls(u: &UpstreamSection, key: &str, report: &mut super::Report) -> Option<UpstreamTls> {
    if !u.tls {
        for (name, given) in [
            ("tls_server_name", u.tls_server_name.is_some()),
            ("tls_ca_file", u.tls_ca_file.is_some()),
            ("tls_cert", u.tls_cert.is_some()),
            ("tls_key", u.tls_key.is_some()),
        ] {
            if given {
                report.error(format!("{key}.{name}"), "applies with tls = true only");
            }
        }
        return None;
    }
    let identity = match (&u.tls_cert, &u.tls_key) {
        (Some(cert), Some(key_file)) => Some(super::CertificatePair {
            cert: cert.clone(),
            key: key_file.clone(),
            key_path: key.to_string(),
        }),
        (None, None) => None,
        (Some(_), None) => {
            report.error(format!("{key}.tls_key"), "tls_cert needs its tls_key");
            return None;
        }
        (None, Some(_)) => {
            report.error(format!("{key}.tls_cert"), "tls_key needs its tls_cert");
            return None;
        }
    };
    Some(UpstreamTls {
        ca_file: u.tls_ca_file.clone(),
        identity,
        key: key.to_string(),
    })
}

/// The name a TLS server's certificate is checked against: `configured`,
/// else the host of `address` (a host name or an IP address).
fn tls_name(configured: Option<&str>, address: &str) -> Result<ServerName<'static>, String> {
    let host = match configured {
        Some(name) => name,
        None if address.starts_with("unix:") => {
            return Err("a Unix socket has no host name: give tls_server_name".into())
        }
        None => address
            .rsplit_once(':')
            .map_or(address, |(host, _)| host)
            .trim_start_matches('[')
            .trim_end_matches(']'),
    };
    ServerName::try_from(host.to_string())
        .map_err(|_| format!("\"{host}\" is not a host name or IP address for TLS"))
}

/// "ip:port", "host:port" (resolved now: its first address) or
/// "unix:/path/to/socket". The flag says a host name was resolved.
fn parse_address(text: &str) -> Result<(UpstreamAddress, bool), String> {
    if let Some(path) = text.strip_prefix("unix:") {
        if !path.starts_with('/') {
            return Err(format!("\"{text}\": a Unix socket path must be absolute"));
        }
        return Ok((UpstreamAddress::Unix(PathBuf::from(path)), false));
    }
    if let Ok(literal) = text.parse::<SocketAddr>() {
        return Ok((UpstreamAddress::Tcp(literal), false));
    }
    match text.to_socket_addrs() {
        Ok(mut addrs) => addrs
            .next()
            .map(|a| (UpstreamAddress::Tcp(a), true))
            .ok_or_else(|| format!("\"{text}\" resolves to no address")),
        Err(e) => Err(format!("\"{text}\" is not host:port or unix:/path ({e})")),
    }
}

/// The route for a request: the longest matching prefix, a route naming
/// the request's host before one for any host. None: static files.
pub fn select_route<'a>(routes: &'a [Route], path: &[u8], host: Option<&str>) -> Option<&'a Route> {
    routes
        .iter()
        .filter(|r| path.starts_with(r.prefix.as_bytes()))
        .filter(|r| match (&r.host, host) {
            (None, _) => true,
            (Some(want), Some(got)) => want.eq_ignore_ascii_case(host_part(got)),
            (Some(_), None) => false,
        })
        .max_by_key(|r| (r.prefix.len(), r.host.is_some()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(prefix: &str, host: Option<&str>, target: RouteTarget) -> Route {
        Route {
            prefix: prefix.into(),
            host: host.map(Into::into),
            target,
            upgrades: Vec::new(),
            compress: None,
            try_files: None,
            upstream_path: None,
            listing: None,
            access: None,
            auth_basic: None,
            request_headers: Default::default(),
            response_headers: Default::default(),
            intercept_errors: false,
            require_client_certificate: false,
            rate_limit: None,
        }
    }

    #[test]
    fn longest_prefix_and_host_win() {
        let routes = vec![
            route("/", None, RouteTarget::Static),
            route("/api/", None, RouteTarget::Upstream(0)),
            route("/api/", Some("b.example"), RouteTarget::Upstream(1)),
            route("/api/v2/", None, RouteTarget::Upstream(2)),
        ];
        let pick = |p: &[u8], h| select_route(&routes, p, h).map(|r| r.target);
        assert_eq!(pick(b"/index.html", None), Some(RouteTarget::Static));
        assert_eq!(
            pick(b"/api/x", Some("a.example")),
            Some(RouteTarget::Upstream(0))
        );
        assert_eq!(
            pick(b"/api/x", Some("B.example:8443")),
            Some(RouteTarget::Upstream(1))
        );
        assert_eq!(
            pick(b"/api/v2/x", Some("b.example")),
            Some(RouteTarget::Upstream(2))
        );
        // As sites match it: a trailing dot and a port are not the name.
        assert_eq!(
            pick(b"/api/x", Some("B.example.:8443")),
            Some(RouteTarget::Upstream(1))
        );
        assert_eq!(
            pick(b"/api/x", Some("b.example.org")),
            Some(RouteTarget::Upstream(0))
        );
        assert_eq!(
            select_route(&routes[1..], b"/other", None).map(|r| r.target),
            None
        );
    }

    #[test]
    fn addresses_and_errors() {
        assert_eq!(
            parse_address("127.0.0.1:8000"),
            Ok((
                UpstreamAddress::Tcp("127.0.0.1:8000".parse().unwrap()),
                false
            ))
        );
        assert_eq!(
            parse_address("unix:/run/app.sock"),
            Ok((UpstreamAddress::Unix("/run/app.sock".into()), false))
        );
        // A name is resolved now, and flagged to be resolved again.
        assert!(matches!(
            parse_address("localhost:8000"),
            Ok((UpstreamAddress::Tcp(a), true)) if a.ip().is_loopback() && a.port() == 8000
        ));
        assert!(parse_address("unix:relative.sock").is_err());
        assert!(parse_address("no-port").is_err());
    }
}
