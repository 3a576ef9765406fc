//! Sites: the names a site answers to, its document root, routes, response
//! headers and certificates; and how a name from SNI or Host picks one
//! (nginx's `server_name` rules: exact names first, then the longest
//! `*.` wildcard; case-insensitive; a trailing dot and a port ignored).

use super::file::SiteSection;
use super::host::host_part;
use super::proxy::Route;
use super::{CertificatePair, DocumentRoot, Report};

/// One site. Without any `[[site]]`, the top-level `[static]`,
/// `[[tls.certificate]]` and `[[route]]` form the only one.
#[derive(Debug, Clone)]
pub struct Site {
    /// Where it was configured (`site[1]`), or empty for the top level.
    pub key: String,
    /// Lower-case names without trailing dot: `example.com`, `*.example.org`.
    pub names: Vec<String>,
    /// Static files; `DocumentRoot::None` answers 404 to what no route takes.
    pub root: DocumentRoot,
    /// The key the root was configured at (`site[1].root`, `static.root`,
    /// `--root`), for problems the load phase finds with it.
    pub root_key: String,
    pub index: String,
    /// Added to every response of the site, replacing a field of the same
    /// name (the site's value wins).
    pub headers: Vec<(String, String)>,
    /// Its own certificates; empty: the default site's.
    pub certificates: Vec<CertificatePair>,
    pub routes: Vec<Route>,
    pub compression: crate::compression::Policy,
    /// Its certificate comes from the `[acme]` CA (its own certificate
    /// files, if any, serve until the first one is issued).
    pub acme: bool,
    /// Candidates a static request tries; empty: the path alone.
    pub try_files: Vec<super::TryFile>,
    /// (status, page under the root) for the site's own error pages.
    pub error_pages: Vec<(u16, String)>,
    /// Checked before routes and files, in order.
    pub redirects: Vec<super::Redirect>,
    /// Directories without an index file are listed (and with
    /// `listing_hidden`, their dot files too).
    pub listing: bool,
    pub listing_hidden: bool,
    /// Address rules; empty: everyone.
    pub access: Vec<super::AccessRule>,
    /// Client certificates asked for in the handshake of its names.
    pub client_auth: Option<super::ClientAuth>,
    /// Request rate per client; a route's own replaces it.
    pub rate_limit: Option<super::RateRule>,
}

impl Site {
    /// How the site is named in logs and the `site` metric label.
    pub fn label(&self) -> &str {
        self.names.first().map_or("default", String::as_str)
    }
}

/// The site for a name (from SNI or Host), None when no site has it.
/// Compared without allocating (names are stored lower-case): it runs for
/// every request and handshake.
pub fn site_for(sites: &[Site], name: &str) -> Option<usize> {
    let name = host_part(name).as_bytes();
    if name.is_empty() {
        return None;
    }
    let exact = |s: &Site| {
        s.names
            .iter()
            .any(|n| n.as_bytes().eq_ignore_ascii_case(name))
    };
    if let Some(i) = sites.iter().position(exact) {
        return Some(i);
    }
    sites
        .iter()
        .enumerate()
        .flat_map(|(i, s)| s.names.iter().map(move |n| (i, n)))
        .filter_map(|(i, pattern)| {
            let suffix = pattern.strip_prefix('*')?.as_bytes(); // ".example.org"
            let matches = name.len() > suffix.len()
                && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix);
            matches.then_some((i, suffix.len()))
        })
        .max_by_key(|&(i, len)| (len, std::cmp::Reverse(i)))
        .map(|(i, _)| i)
}

/// Whether a certificate name (`example.com`, `*.example.com`, as in
/// subjectAltName) covers a site name (RFC 6125: one label for `*`).
pub fn certificate_covers(certificate_name: &str, site_name: &str) -> bool {
    let cert = certificate_name.to_ascii_lowercase();
    match (cert.strip_prefix("*."), site_name.strip_prefix("*.")) {
        (Some(cert_parent), Some(site_parent)) => cert_parent == site_parent,
        (Some(cert_parent), None) => site_name
            .split_once('.')
            .is_some_and(|(_, parent)| parent == cert_parent),
        (None, _) => cert == site_name,
    }
}

/// Fields a site may not set: they frame the message or manage the
/// connection, and a second value would let the client and a cache
/// disagree on where a response ends.
pub(super) const FRAMING_FIELDS: [&str; 8] = [
    "content-length",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "upgrade",
    "te",
    "trailer",
    "proxy-connection",
];

/// A name as written in `names`: a host name, or `*.` and a host name.
fn valid_name(name: &str) -> bool {
    let host = name.strip_prefix("*.").unwrap_or(name);
    !host.is_empty()
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
}

/// The `[[site]]` sections, validated. `top_level`: the site the top-level
/// keys form, when they configure anything (or no `[[site]]` exists).
/// Returns the sites and the index of the default one.
pub fn resolve(
    sections: &[SiteSection],
    top_level: Option<Site>,
    upstreams: &[super::file::UpstreamSection],
    top_compression: &super::file::CompressionSection,
    report: &mut Report,
) -> (Vec<Site>, usize) {
    let mut sites: Vec<Site> = top_level.into_iter().collect();
    let offset = sites.len();
    let mut explicit_default = None;
    for (i, section) in sections.iter().enumerate() {
        let key = format!("site[{i}]");
        if section.default {
            match explicit_default {
                Some(first) => report.error(
                    format!("{key}.default"),
                    format!("site[{first}] is already the default"),
                ),
                None => explicit_default = Some(i),
            }
        }
        if section.names.is_empty() {
            report.error(format!("{key}.names"), "at least one name is required");
        }
        let mut names = Vec::new();
        for (j, name) in section.names.iter().enumerate() {
            let normalized = name.trim_end_matches('.').to_ascii_lowercase();
            if !valid_name(&normalized) {
                report.error(
                    format!("{key}.names[{j}]"),
                    format!("\"{name}\" is not a host name or \"*.\" followed by one"),
                );
                continue;
            }
            let taken = sites.iter().position(|s| s.names.contains(&normalized));
            if let Some(other) = taken {
                report.error(
                    format!("{key}.names[{j}]"),
                    format!("\"{name}\" is also a name of {}", sites[other].key),
                );
            } else if names.contains(&normalized) {
                report.error(
                    format!("{key}.names[{j}]"),
                    format!("\"{name}\" is listed twice"),
                );
            }
            names.push(normalized);
        }
        let root = match &section.root {
            Some(dir) => DocumentRoot::Directory(dir.clone()),
            None => DocumentRoot::None,
        };
        let root_key = format!("{key}.root");
        let index = section.index.clone().unwrap_or_else(|| "index.html".into());
        super::resolve::check_index(&index, &format!("{key}.index"), report);
        let mut headers = Vec::new();
        for (name, value) in &section.headers {
            let token = !name.is_empty() && name.bytes().all(crate::token::is_tchar);
            if !token {
                report.error(
                    format!("{key}.headers"),
                    format!("\"{name}\" is not a field name"),
                );
            } else if FRAMING_FIELDS.iter().any(|f| f.eq_ignore_ascii_case(name)) {
                report.error(
                    format!("{key}.headers.{name}"),
                    "the server sets this field itself (framing and connection management)",
                );
            } else if value.bytes().any(|b| b == b'\r' || b == b'\n' || b == 0) {
                report.error(
                    format!("{key}.headers.{name}"),
                    "a value cannot hold CR, LF or NUL",
                );
            } else {
                headers.push((name.clone(), value.clone()));
            }
        }
        let certificates = super::resolve::certificate_pairs(
            &section.certificate,
            &format!("{key}.certificate"),
            report,
        );
        let routes = super::proxy::resolve_routes(
            &section.route,
            upstreams,
            &format!("{key}.route"),
            report,
        );
        let compression = super::compression::resolve_policy(
            top_compression,
            Some(&section.compression),
            &format!("{key}.compression"),
            report,
        );
        let try_files = super::rules::resolve_try_files(
            &section.try_files,
            &format!("{key}.try_files"),
            report,
        );
        let error_pages = super::rules::resolve_error_pages(
            &section.error_pages,
            &format!("{key}.error_pages"),
            report,
        );
        let redirects =
            super::rules::resolve_redirects(&section.redirect, &format!("{key}.redirect"), report);
        let access =
            super::rules::resolve_access(&section.access, &format!("{key}.access"), report);
        let client_auth = section
            .client_auth
            .as_ref()
            .map(|c| super::client_auth::resolve(c, &format!("{key}.client_auth"), report));
        super::client_auth::check_routes(&routes, client_auth.as_ref(), &key, report);
        let rate_limit = super::rules::resolve_rate_limit(
            section.rate_limit.as_ref(),
            &format!("{key}.rate_limit"),
            report,
        );
        super::rules::need_root(
            &root,
            (&section.try_files, &section.error_pages),
            &key,
            report,
        );
        sites.push(Site {
            key,
            names,
            root,
            root_key,
            index,
            headers,
            certificates,
            routes,
            compression,
            acme: section.acme,
            try_files,
            error_pages,
            redirects,
            listing: section.listing,
            listing_hidden: section.listing_hidden,
            access,
            client_auth,
            rate_limit,
        });
    }
    let default = match explicit_default {
        Some(i) => {
            if offset == 1 {
                report.error(
                    format!("site[{i}].default"),
                    "the top-level [static] root, [[tls.certificate]] and [[route]] already form the default site; move them into a [[site]] or drop default = true",
                );
            }
            i + offset
        }
        None => 0,
    };
    (sites, default)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(names: &[&str]) -> Site {
        Site {
            key: String::new(),
            names: names.iter().map(|n| n.to_string()).collect(),
            root: DocumentRoot::None,
            root_key: String::new(),
            index: "index.html".into(),
            headers: Vec::new(),
            certificates: Vec::new(),
            routes: Vec::new(),
            compression: crate::compression::Policy {
                codings: Vec::new(),
                levels: [1, 1, 1],
                types: Vec::new(),
                min_length: 0,
                precompressed: false,
                static_files: false,
                proxy: false,
            },
            acme: false,
            try_files: Vec::new(),
            error_pages: Vec::new(),
            redirects: Vec::new(),
            listing: false,
            listing_hidden: false,
            access: Vec::new(),
            client_auth: None,
            rate_limit: None,
        }
    }

    #[test]
    fn names_match_like_nginx_server_name() {
        let sites = [
            site(&["example.com", "www.example.com"]),
            site(&["*.example.com"]),
            site(&["*.api.example.com"]),
            site(&["api.example.com"]),
        ];
        let pick = |h| site_for(&sites, h);
        assert_eq!(pick("example.com"), Some(0));
        assert_eq!(pick("WWW.Example.COM."), Some(0)); // case, trailing dot
        assert_eq!(pick("www.example.com:8443"), Some(0)); // port
        assert_eq!(pick("a.example.com"), Some(1));
        assert_eq!(pick("a.b.example.com"), Some(1));
        assert_eq!(pick("api.example.com"), Some(3)); // exact before wildcard
        assert_eq!(pick("v1.api.example.com"), Some(2)); // longest wildcard
        assert_eq!(pick("example.org"), None);
        assert_eq!(pick("xexample.com"), None);
        assert_eq!(pick(""), None);
        assert_eq!(pick("[::1]:443"), None);
    }

    #[test]
    fn certificate_names_cover_site_names() {
        assert!(certificate_covers("a.test", "a.test"));
        assert!(certificate_covers("A.TEST", "a.test"));
        assert!(certificate_covers("*.example.org", "www.example.org"));
        assert!(!certificate_covers("*.example.org", "a.b.example.org"));
        assert!(!certificate_covers("*.example.org", "example.org"));
        assert!(certificate_covers("*.example.org", "*.example.org"));
        assert!(!certificate_covers("a.test", "*.test"));
    }

    #[test]
    fn name_syntax() {
        for good in [
            "a.test",
            "*.example.org",
            "localhost",
            "xn--bcher-kva.example",
        ] {
            assert!(valid_name(good), "{good}");
        }
        for bad in [
            "",
            "*",
            "a.*.b",
            "*example.org",
            "a..b",
            "a b",
            "a/b",
            "*.*.a",
        ] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
