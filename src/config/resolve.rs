//! Validation: a parsed file and the command line's overrides made into
//! `Settings`, every value and every relation between values checked, each
//! problem reported at its key's line. Files the settings name are not
//! opened here (`server::load` does that, once).

use super::file::{self, ConfigFile};
use super::settings::*;
use super::{acme, client_auth, compression, proxy, rules, site, Report, Site};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The largest file whose contents the open-file cache may keep: beyond
/// this a read per response costs little next to sending the file, and
/// `max` such files would be a worker's memory.
const MAX_KEPT_CONTENTS: u64 = 1 << 20;

/// Validates a parsed file (or the empty default) with overrides applied,
/// adding every problem to `report`.
pub fn resolve(file: ConfigFile, overrides: &Overrides, report: &mut Report) -> Settings {
    let configured_listeners = !file.listener.is_empty();

    // Each listener with the key it came from, for the duplicate check.
    let mut listeners: Vec<(Listener, String)> = Vec::new();
    for (i, l) in file.listener.iter().enumerate() {
        let key = format!("listener[{i}]");
        if l.address.is_empty() {
            report.error(format!("{key}.address"), "required");
        } else {
            match l.address.parse::<SocketAddr>() {
                Ok(address) => listeners.push((
                    Listener {
                        address,
                        tls: l.tls,
                        backlog: l.backlog,
                        proxy_protocol: proxy_protocol_sources(l, &key, report),
                        redirect_to_https: l.redirect_to_https,
                        defer_accept: l.defer_accept,
                        notsent_lowat: l.notsent_lowat,
                    },
                    key.clone(),
                )),
                Err(_) => report.error(
                    format!("{key}.address"),
                    format!(
                        "\"{}\" is not an address:port (for example 0.0.0.0:443 or [::]:443)",
                        l.address
                    ),
                ),
            }
        }
        if l.backlog <= 0 {
            report.error(format!("{key}.backlog"), "must be positive");
        }
    }
    for (option, address, tls) in [
        ("--listen", overrides.listen, true),
        ("--http-listen", overrides.http_listen, false),
    ] {
        if let Some(address) = address {
            listeners.retain(|(l, _)| l.tls != tls);
            listeners.push((Listener::with_defaults(address, tls), option.into()));
        }
    }
    if listeners.is_empty() && !configured_listeners {
        let address = DEFAULT_HTTPS_LISTEN.parse().expect("valid default");
        listeners.push((Listener::with_defaults(address, true), "listener".into()));
    }
    if listeners.is_empty() && !report.has_errors() {
        report.error("listener", "at least one listener is required");
    }
    for (i, (a, key)) in listeners.iter().enumerate() {
        if a.address.port() != 0 && listeners[..i].iter().any(|(b, _)| b.address == a.address) {
            let key = if key.starts_with("--") {
                key.clone()
            } else {
                format!("{key}.address")
            };
            report.error(key, format!("{} is listed twice", a.address));
        }
    }
    for (l, key) in &listeners {
        if l.redirect_to_https && l.tls {
            report.error(
                format!("{key}.redirect_to_https"),
                "only for plain listeners (tls = false)",
            );
        } else if l.redirect_to_https && !listeners.iter().any(|(other, _)| other.tls) {
            report.error(
                format!("{key}.redirect_to_https"),
                "needs a TLS listener to redirect to",
            );
        }
    }
    let listeners: Vec<Listener> = listeners.into_iter().map(|(l, _)| l).collect();

    let workers_text = overrides
        .workers
        .clone()
        .or_else(|| file.workers.as_ref().map(|w| w.to_string()));
    let workers_key = if overrides.workers.is_some() {
        "--workers"
    } else {
        "workers"
    };
    let workers = match workers_text.as_deref() {
        None | Some("auto") => Workers::Auto,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if (1..=1024).contains(&n) => Workers::Count(n),
            _ => {
                report.error(
                    workers_key,
                    format!("\"{n}\" must be \"auto\" or a number from 1 to 1024"),
                );
                Workers::Auto
            }
        },
    };

    let upstream_sections = &file.upstream;
    let upstreams = proxy::resolve_upstreams(upstream_sections, report);
    let top_level_configured = file.r#static.root.is_some()
        || !file.tls.certificate.is_empty()
        || !file.route.is_empty()
        || !file.redirect.is_empty()
        || !file.access.is_empty()
        || file.tls.client_auth.is_some()
        || file.rate_limit.is_some();
    let top_level = (file.site.is_empty() || top_level_configured).then(|| {
        let root = match &file.r#static.root {
            Some(dir) => DocumentRoot::Directory(dir.clone()),
            None if file.site.is_empty() && Path::new(DEFAULT_PUBLIC_DIR).is_dir() => {
                DocumentRoot::Directory(PathBuf::from(DEFAULT_PUBLIC_DIR))
            }
            None if file.site.is_empty() => DocumentRoot::Welcome,
            None => DocumentRoot::None,
        };
        let index = file.r#static.index.clone();
        check_index(&index, "static.index", report);
        rules::need_root(
            &root,
            (&file.r#static.try_files, &file.r#static.error_pages),
            "",
            report,
        );
        Site {
            key: String::new(),
            names: Vec::new(),
            root,
            root_key: "static.root".into(),
            index,
            headers: Vec::new(),
            certificates: certificate_pairs(&file.tls.certificate, "tls.certificate", report),
            routes: proxy::resolve_routes(&file.route, upstream_sections, "route", report),
            compression: compression::resolve_policy(
                &file.compression,
                None,
                "compression",
                report,
            ),
            acme: false,
            try_files: rules::resolve_try_files(
                &file.r#static.try_files,
                "static.try_files",
                report,
            ),
            error_pages: rules::resolve_error_pages(
                &file.r#static.error_pages,
                "static.error_pages",
                report,
            ),
            redirects: rules::resolve_redirects(&file.redirect, "redirect", report),
            listing: file.r#static.listing,
            listing_hidden: file.r#static.listing_hidden,
            access: rules::resolve_access(&file.access, "access", report),
            client_auth: None,
            rate_limit: rules::resolve_rate_limit(file.rate_limit.as_ref(), "rate_limit", report),
        }
    });
    let top_level = top_level.map(|mut site| {
        site.client_auth = file
            .tls
            .client_auth
            .as_ref()
            .map(|c| client_auth::resolve(c, "tls.client_auth", report));
        client_auth::check_routes(&site.routes, site.client_auth.as_ref(), "", report);
        site
    });
    let (mut sites, default_site) = site::resolve(
        &file.site,
        top_level,
        upstream_sections,
        &file.compression,
        report,
    );
    let compression_cache = compression::resolve_cache(&file.compression, report);
    let default = &mut sites[default_site];
    if let Some(dir) = &overrides.root {
        default.root = DocumentRoot::Directory(dir.clone());
        default.root_key = "--root".into();
    }
    match (&overrides.cert, &overrides.key) {
        (Some(cert), Some(key)) => {
            default.certificates = vec![CertificatePair {
                cert: cert.clone(),
                key: key.clone(),
                key_path: "--cert".into(),
            }]
        }
        (None, None) => {}
        _ => report.error("--cert", "--cert and --key must be given together"),
    }

    let tls = resolve_tls(&file.tls, report);
    let acme = acme::resolve(&file.acme, &sites, &listeners, report);

    let t = &file.timeouts;
    let timeouts = Timeouts {
        handshake: t.handshake.checked("timeouts.handshake", report),
        request_header: t.request_header.checked("timeouts.request_header", report),
        request_body: t.request_body.checked("timeouts.request_body", report),
        keepalive: t.keepalive.checked("timeouts.keepalive", report),
        send: t.send.checked("timeouts.send", report),
        shutdown_drain: t.shutdown_drain.checked("timeouts.shutdown_drain", report),
    };

    let l = &file.limits;
    let limits = Limits {
        max_connections: l.max_connections,
        keepalive_requests: l.keepalive_requests,
        max_uri_bytes: l.max_uri_bytes,
        max_header_bytes: l.max_header_bytes,
        max_body_bytes: l.max_body_bytes,
        connections_per_client: (l.connections_per_client > 0).then_some(l.connections_per_client),
        clients: crate::client_limits::Grouping {
            ipv4_prefix: l.client_ipv4_prefix,
            ipv6_prefix: l.client_ipv6_prefix,
        },
    };
    if l.client_ipv4_prefix > 32 {
        report.error("limits.client_ipv4_prefix", "must be from 0 to 32");
    }
    if l.client_ipv6_prefix > 128 {
        report.error("limits.client_ipv6_prefix", "must be from 0 to 128");
    }
    if limits.max_connections == 0 {
        report.error("limits.max_connections", "must be at least 1");
    }
    if limits.keepalive_requests == 0 {
        report.error("limits.keepalive_requests", "must be at least 1");
    }
    if limits.max_uri_bytes < 16 {
        report.error("limits.max_uri_bytes", "must be at least 16");
    }
    if limits.max_header_bytes < 256 || limits.max_header_bytes > 1 << 20 {
        report.error("limits.max_header_bytes", "must be from 256 to 1048576");
    }

    let http = http_settings(&file.http, report);

    let open_file_cache = OpenFileCacheSettings {
        max_entries: file.open_file_cache.max,
        valid: file
            .open_file_cache
            .valid
            .checked("open_file_cache.valid", report),
        contents_max_bytes: file.open_file_cache.contents_max_bytes,
    };
    if open_file_cache.contents_max_bytes > MAX_KEPT_CONTENTS {
        report.error(
            "open_file_cache.contents_max_bytes",
            format!("must be at most {MAX_KEPT_CONTENTS}"),
        );
    }

    let access_log = match file.log.access_log.as_str() {
        "off" | "" => AccessLog::Off,
        path => AccessLog::File(PathBuf::from(path)),
    };
    let error_log = match file.log.error_log.as_str() {
        "stderr" | "" => None,
        path => Some(PathBuf::from(path)),
    };
    let pid_file = overrides.pid_file.clone().or(file.pid_file.clone());
    let user = resolve_account(&file, overrides, report);
    let log_level = overrides
        .log_level
        .clone()
        .unwrap_or(file.log.level.clone());
    if !["error", "warn", "info", "debug", "trace"].contains(&log_level.as_str()) {
        let key = if overrides.log_level.is_some() {
            "--log-level"
        } else {
            "log.level"
        };
        report.error(
            key,
            format!("\"{log_level}\" must be one of error, warn, info, debug, trace"),
        );
    }

    let admin_listen = match (&overrides.admin_listen, &file.admin.listen) {
        (Some(addr), _) => Some(*addr),
        (None, Some(text)) => match text.parse::<SocketAddr>() {
            Ok(addr) => Some(addr),
            Err(_) => {
                report.error("admin.listen", format!("\"{text}\" is not an address:port"));
                None
            }
        },
        (None, None) => None,
    };
    if let Some(addr) = admin_listen {
        let key = if overrides.admin_listen.is_some() {
            "--admin-listen"
        } else {
            "admin.listen"
        };
        let loopback = addr.ip().is_loopback();
        if !loopback && file.admin.allow_remote {
            report.warning(
                key,
                format!("{addr} is not a loopback address: /status and /metrics are served without authentication to every host that can reach it (admin.allow_remote = true); never to the internet"),
            );
        } else if !loopback {
            report.error(
                key,
                format!("{addr} must be a loopback address (127.0.0.0/8 or ::1); the admin listener has no authentication, so an address other hosts reach needs admin.allow_remote = true (a management network only, never the internet)"),
            );
        }
    }

    Settings {
        listeners,
        workers,
        sites,
        default_site,
        tls,
        timeouts,
        limits,
        http,
        open_file_cache,
        compression_cache,
        access_log,
        error_log,
        log_level,
        pid_file,
        user,
        admin_listen,
        upstreams,
        acme,
    }
}

/// `user` and `group` looked up now, so a typo is a configuration error
/// and not a failure after the listeners are bound.
fn resolve_account(
    file: &ConfigFile,
    overrides: &Overrides,
    report: &mut Report,
) -> Option<crate::privileges::Account> {
    use crate::privileges::{lookup_group, lookup_user};
    let (name, key) = match (&overrides.user, &file.user) {
        (Some(name), _) => (name, "--user"),
        (None, Some(name)) => (name, "user"),
        (None, None) => {
            if file.group.is_some() {
                report.error("group", "needs user");
            }
            return None;
        }
    };
    let mut account = match lookup_user(name) {
        Ok(Some(account)) => account,
        Ok(None) => {
            report.error(key, format!("no user \"{name}\" on this machine"));
            return None;
        }
        Err(e) => {
            report.error(key, format!("cannot look up user \"{name}\": {e}"));
            return None;
        }
    };
    if let Some(group) = &file.group {
        match lookup_group(group) {
            Ok(Some(gid)) => {
                account.gid = gid;
                account.group = group.clone();
            }
            Ok(None) => report.error("group", format!("no group \"{group}\" on this machine")),
            Err(e) => report.error("group", format!("cannot look up group \"{group}\": {e}")),
        }
    }
    Some(account)
}

pub(super) fn check_index(index: &str, key: &str, report: &mut Report) {
    if index.is_empty() || index.contains('/') || index == "." || index == ".." {
        report.error(key, format!("\"{index}\" must be a plain file name"));
    }
}

/// `[[tls.certificate]]` or `[[site.certificate]]` entries; `prefix` is
/// their key.
pub(super) fn certificate_pairs(
    sections: &[file::CertificateSection],
    prefix: &str,
    report: &mut Report,
) -> Vec<CertificatePair> {
    let mut certificates = Vec::new();
    for (i, c) in sections.iter().enumerate() {
        let key_path = format!("{prefix}[{i}]");
        for (name, value) in [("cert", &c.cert), ("key", &c.key)] {
            if value.as_os_str().is_empty() {
                report.error(format!("{key_path}.{name}"), "required");
            }
        }
        certificates.push(CertificatePair {
            cert: c.cert.clone(),
            key: c.key.clone(),
            key_path,
        });
    }
    certificates
}

/// `proxy_protocol` and `proxy_protocol_from` of one `[[listener]]`.
fn proxy_protocol_sources(
    l: &file::ListenerSection,
    key: &str,
    report: &mut Report,
) -> Option<Vec<AddressRange>> {
    if !l.proxy_protocol {
        if !l.proxy_protocol_from.is_empty() {
            report.error(
                format!("{key}.proxy_protocol_from"),
                "only used with proxy_protocol = true",
            );
        }
        return None;
    }
    let mut ranges = Vec::new();
    for (i, text) in l.proxy_protocol_from.iter().enumerate() {
        match AddressRange::parse(text) {
            Some(range) => ranges.push(range),
            None => report.error(
                format!("{key}.proxy_protocol_from[{i}]"),
                format!("\"{text}\" is not an address or network (10.0.0.0/8, 2001:db8::/32, 127.0.0.1)"),
            ),
        }
    }
    Some(ranges)
}

fn resolve_tls(t: &file::TlsSection, report: &mut Report) -> TlsSettings {
    let mut versions = Vec::new();
    for (i, v) in t.protocols.iter().enumerate() {
        match v.as_str() {
            "TLSv1.2" => versions.push(TlsVersion::Tls12),
            "TLSv1.3" => versions.push(TlsVersion::Tls13),
            other => report.error(
                format!("tls.protocols[{i}]"),
                format!("\"{other}\" is not supported (use \"TLSv1.2\" and/or \"TLSv1.3\")"),
            ),
        }
    }
    if t.protocols.is_empty() {
        report.error("tls.protocols", "at least one protocol version is required");
    }
    for (i, name) in t.ciphers.iter().enumerate() {
        if crate::cipher_suites::by_name(name).is_none() {
            report.error(
                format!("tls.ciphers[{i}]"),
                format!(
                    "\"{name}\" is not a supported cipher suite (supported: {})",
                    crate::cipher_suites::supported_names().join(", ")
                ),
            );
        }
    }
    let ktls = match t.ktls.as_str() {
        "auto" => KtlsMode::Auto,
        "on" => KtlsMode::On,
        "off" => KtlsMode::Off,
        other => {
            report.error(
                "tls.ktls",
                format!("\"{other}\" must be \"auto\", \"on\" or \"off\""),
            );
            KtlsMode::Auto
        }
    };
    let mut groups = Vec::new();
    for (i, name) in t.groups.iter().enumerate() {
        match crate::key_exchange::by_name(name) {
            Some(group)
                if groups
                    .iter()
                    .any(|g: &&dyn rustls::crypto::SupportedKxGroup| g.name() == group.name()) =>
            {
                report.error(
                    format!("tls.groups[{i}]"),
                    format!("\"{name}\" is listed twice"),
                )
            }
            Some(group) => groups.push(group),
            None => report.error(
                format!("tls.groups[{i}]"),
                format!(
                    "\"{name}\" is not a supported key exchange group (supported: {})",
                    crate::key_exchange::known_names()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        }
    }
    if t.groups.is_empty() {
        report.error("tls.groups", "at least one key exchange group is required");
    } else if versions == [TlsVersion::Tls12]
        && groups
            .iter()
            .all(|g| !g.usable_for_version(rustls::ProtocolVersion::TLSv1_2))
    {
        report.error(
            "tls.groups",
            "only post-quantum groups, which TLS 1.2 cannot use: add X25519 or secp256r1",
        );
    }
    TlsSettings {
        versions,
        ciphers: t.ciphers.clone(),
        groups,
        session_tickets: t.session_tickets,
        tls13_tickets: t.tls13_tickets,
        session_cache_size: t.session_cache_size,
        ktls,
        ktls_tx_zerocopy: t.ktls_tx_zerocopy,
        reject_unknown_sni: t.reject_unknown_sni,
        ticket_key_files: ticket_key_files(t, report),
    }
}

fn ticket_key_files(t: &file::TlsSection, report: &mut Report) -> Vec<PathBuf> {
    if !t.ticket_key_files.is_empty() && !t.session_tickets {
        report.error(
            "tls.ticket_key_files",
            "session_tickets = false: no tickets to encrypt (remove one of the two)",
        );
    }
    t.ticket_key_files.clone()
}

fn http_settings(h: &file::HttpSection, report: &mut Report) -> HttpSettings {
    let mut at_least = |key: &str, value: u32, min: u32| {
        if value < min {
            report.error(format!("http.{key}"), format!("must be at least {min}"));
        }
    };
    at_least("h2_max_concurrent_streams", h.h2_max_concurrent_streams, 1);
    at_least("h2_max_resets_per_second", h.h2_max_resets_per_second, 1);
    at_least(
        "h2_max_control_frames_per_second",
        h.h2_max_control_frames_per_second,
        1,
    );
    if h.h2_header_table_size > 1 << 20 {
        report.error("http.h2_header_table_size", "must be at most 1048576");
    }
    HttpSettings {
        http2: h.http2,
        h2c: h.h2c,
        request_id: h.request_id,
        h2: Http2Limits {
            max_concurrent_streams: h.h2_max_concurrent_streams,
            header_table_size: h.h2_header_table_size,
            max_resets_per_second: h.h2_max_resets_per_second,
            max_control_frames_per_second: h.h2_max_control_frames_per_second,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;
    use std::time::Duration;

    /// Each error starts with the expected text, and there are no others.
    fn assert_starts(errors: &[String], expected: &[&str]) {
        assert_eq!(errors.len(), expected.len(), "{errors:#?}");
        for (got, want) in errors.iter().zip(expected) {
            assert!(
                got.starts_with(want),
                "{got}\n  does not start with\n{want}"
            );
        }
    }

    /// Parses and validates `text`; the settings and every error shown.
    fn check(text: &str, overrides: &Overrides) -> (Settings, Vec<String>) {
        let (file, mut report) = parse::parse(Path::new("t.toml"), text);
        let settings = resolve(file, overrides, &mut report);
        (settings, report.errors().map(ToString::to_string).collect())
    }

    #[test]
    fn empty_file_gives_defaults() {
        let (s, errors) = check("", &Overrides::default());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(s.listeners.len(), 1);
        assert!(s.listeners[0].tls);
        assert_eq!(s.listeners[0].address.to_string(), DEFAULT_HTTPS_LISTEN);
        assert_eq!(s.workers, Workers::Auto);
        assert_eq!(s.sites[s.default_site].index, "index.html");
        assert_eq!(s.tls.versions, vec![TlsVersion::Tls12, TlsVersion::Tls13]);
    }

    #[test]
    fn every_semantic_error_is_reported_at_its_line() {
        let (_, errors) = check(
            "workers = 0\n[[listener]]\naddress = \"nope\"\n[[listener]]\ntls = false\n\
             [tls]\nprotocols = [\"SSLv3\"]\nciphers = [\"RC4\"]\n[limits]\nmax_connections = 0\n\
             [[route]]\nprefix = \"/api/\"\nupstream = \"missing\"\n",
            &Overrides::default(),
        );
        let expected = [
            "t.toml:1:11: workers: \"0\" must be",
            "t.toml:3:11: listener[0].address: \"nope\" is not an address:port",
            "t.toml:4:1: listener[1].address: required",
            "t.toml:7:14: tls.protocols[0]: \"SSLv3\" is not supported",
            "t.toml:8:12: tls.ciphers[0]: \"RC4\" is not a supported",
            "t.toml:10:19: limits.max_connections: must be at least 1",
            "t.toml:13:12: route[0].upstream: no [[upstream]] named \"missing\"",
        ];
        assert_starts(&errors, &expected);
    }

    #[test]
    fn overrides_replace_listeners_and_certs() {
        let o = Overrides {
            listen: Some("127.0.0.1:9443".parse().unwrap()),
            cert: Some("c.pem".into()),
            key: Some("k.pem".into()),
            ..Default::default()
        };
        let (s, errors) = check(
            "[[listener]]\naddress = \"0.0.0.0:443\"\ntls = true\n[[listener]]\naddress = \"0.0.0.0:80\"\ntls = false\n",
            &o,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let addrs: Vec<String> = s
            .listeners
            .iter()
            .map(|l| format!("{}/{}", l.address, l.tls))
            .collect();
        assert_eq!(addrs, vec!["0.0.0.0:80/false", "127.0.0.1:9443/true"]);
        let certificates = &s.sites[s.default_site].certificates;
        assert_eq!(certificates.len(), 1);
        assert_eq!(certificates[0].key_path, "--cert");
    }

    #[test]
    fn durations_accept_fractions_and_reject_negatives() {
        let (s, errors) = check("[timeouts]\nrequest_header = 2.5\n", &Overrides::default());
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(s.timeouts.request_header, Duration::from_millis(2500));
        let (_, errors) = check("[timeouts]\nsend = -1\n", &Overrides::default());
        assert!(
            errors[0].starts_with("t.toml:2:8: timeouts.send"),
            "{errors:?}"
        );
    }

    #[test]
    fn proxy_protocol_sources() {
        let range = |t| AddressRange::parse(t).unwrap();
        let ip = |t: &str| t.parse::<std::net::IpAddr>().unwrap();
        assert!(range("10.0.0.0/8").contains(ip("10.200.1.1")));
        assert!(!range("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(range("127.0.0.1").contains(ip("127.0.0.1")));
        assert!(!range("127.0.0.1").contains(ip("127.0.0.2")));
        assert!(range("0.0.0.0/0").contains(ip("192.0.2.9")));
        assert!(range("10.0.0.0/8").contains(ip("::ffff:10.1.2.3")));
        assert!(range("2001:db8::/32").contains(ip("2001:db8:1::5")));
        assert!(!range("2001:db8::/32").contains(ip("10.0.0.1")));
        for bad in ["10.0.0.0/33", "::/129", "10.0.0/8", "a", "10.0.0.0/x"] {
            assert!(AddressRange::parse(bad).is_none(), "{bad}");
        }
        let (s, errors) = check(
            "[[listener]]\naddress = \"127.0.0.1:0\"\nproxy_protocol = true\nproxy_protocol_from = [\"127.0.0.0/8\", \"x\"]\n\
             [[listener]]\naddress = \"127.0.0.1:1\"\nproxy_protocol_from = [\"10.0.0.0/8\"]\n",
            &Overrides::default(),
        );
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("t.toml:4:39: listener[0].proxy_protocol_from[1]"));
        assert!(errors[1].starts_with("t.toml:7:23: listener[1].proxy_protocol_from: only used"));
        assert_eq!(
            s.listeners[0].proxy_protocol.as_ref().map(Vec::len),
            Some(1)
        );
    }

    #[test]
    fn sites() {
        let (s, errors) = check(
            "[[site]]\nnames = [\"a.test\"]\n[site.headers]\n\"Strict-Transport-Security\" = \"max-age=1\"\n\
             [[site]]\nnames = [\"*.b.test\", \"B.test.\"]\ndefault = true\n\
             [[site.route]]\nprefix = \"/x/\"\nstatic = true\n",
            &Overrides::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(s.sites.len(), 2); // no top-level site: nothing configured there
        assert_eq!(s.default_site, 1);
        assert_eq!(s.sites[1].names, ["*.b.test", "b.test"]);
        assert_eq!(s.sites[0].headers[0].0, "Strict-Transport-Security");
        assert_eq!(s.sites[1].routes.len(), 1);
        assert_eq!(s.site_for_host(Some("x.b.test:443")), 1);
        assert_eq!(s.site_for_host(Some("other")), 1);
        assert_eq!(s.certificate_site(0), 1); // no certificates of its own

        // Without default = true, the first site is the default.
        let (s, _) = check(
            "[[site]]\nnames = [\"a.test\"]\n[[site]]\nnames = [\"b.test\"]\n",
            &Overrides::default(),
        );
        assert_eq!(s.default_site, 0);
        // Top-level settings form the default site ahead of the others.
        let (s, errors) = check(
            "[[route]]\nprefix = \"/\"\nstatic = true\n[[site]]\nnames = [\"a.test\"]\n",
            &Overrides::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            (s.sites.len(), s.default_site, s.sites[0].key.as_str()),
            (2, 0, "")
        );

        let (_, errors) = check(
            "[[route]]\nprefix = \"/\"\nstatic = true\n\
             [[site]]\nnames = [\"a.test\", \"a.*.test\"]\ndefault = true\n\
             [[site]]\nnames = [\"A.test\"]\ndefault = true\n[site.headers]\n\"Bad Name\" = \"x\"\n\"Content-Length\" = \"0\"\n\
             [[site]]\n",
            &Overrides::default(),
        );
        let expected = [
            "t.toml:5:20: site[0].names[1]: \"a.*.test\" is not a host name",
            "t.toml:6:11: site[0].default: the top-level",
            "t.toml:8:10: site[1].names[0]: \"A.test\" is also a name of site[0]",
            "t.toml:9:11: site[1].default: site[0] is already the default",
            "t.toml:10:1: site[1].headers: \"Bad Name\" is not a field name",
            "t.toml:12:20: site[1].headers.Content-Length: the server sets this field itself",
            "t.toml:13:1: site[2].names: at least one name is required",
        ];
        assert_starts(&errors, &expected);
    }
}
