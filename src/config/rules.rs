//! What a site says about requests beyond where they go: the fallbacks a
//! static request tries (nginx's `try_files`), its own error pages
//! (`error_page`), and redirects and fixed answers (`return`, `rewrite
//! ... permanent`). Data and the pure functions that apply it; the worker
//! calls them, the static files serve what they name.

use super::Report;
use crate::uri::escape_path;
use std::collections::BTreeMap;

/// One candidate of `try_files`, tried in order.
#[derive(Debug, Clone, PartialEq)]
pub enum TryFile {
    /// `$uri`: the file the path names.
    Uri,
    /// `$uri/`: the directory the path names, by its index file.
    UriDirectory,
    /// `$uri.html` and the like: the path with a suffix.
    UriWithSuffix(String),
    /// `/index.html`: a fixed file under the root (as the last candidate,
    /// what every request that matched nothing gets).
    File(String),
    /// `=404`: the last candidate only; the answer when nothing matched.
    Status(u16),
}

/// `try_files = [...]` at `key`, checked.
pub fn resolve_try_files(list: &[String], key: &str, report: &mut Report) -> Vec<TryFile> {
    let mut resolved = Vec::new();
    for (i, text) in list.iter().enumerate() {
        let at = format!("{key}[{i}]");
        let last = i + 1 == list.len();
        let candidate = if text == "$uri" {
            TryFile::Uri
        } else if text == "$uri/" {
            TryFile::UriDirectory
        } else if let Some(suffix) = text.strip_prefix("$uri") {
            if suffix.contains('/') || suffix.contains('$') || suffix.is_empty() {
                report.error(
                    at,
                    format!("\"{text}\": after $uri only a suffix such as .html (no / or $)"),
                );
                continue;
            }
            TryFile::UriWithSuffix(suffix.to_owned())
        } else if let Some(code) = text.strip_prefix('=') {
            match code.parse::<u16>() {
                Ok(status) if (200..=599).contains(&status) && last => TryFile::Status(status),
                Ok(_) if !last => {
                    report.error(at, "a status (=404) can only be the last candidate");
                    continue;
                }
                _ => {
                    report.error(at, format!("\"{text}\" is not a status from =200 to =599"));
                    continue;
                }
            }
        } else if text.starts_with('/') && !text.contains('$') {
            if text.split('/').any(|seg| seg == "..") {
                report.error(at, format!("\"{text}\" must stay under the root (no ..)"));
                continue;
            }
            TryFile::File(text.clone())
        } else {
            report.error(
                at,
                format!("\"{text}\" is not one of $uri, $uri/, $uri.SUFFIX, /FILE or =STATUS"),
            );
            continue;
        };
        resolved.push(candidate);
    }
    resolved
}

/// `error_pages = { 404 = "/404.html" }` at `key`, checked: statuses from
/// 400 to 599, pages as paths under the root.
pub fn resolve_error_pages(
    pages: &BTreeMap<String, String>,
    key: &str,
    report: &mut Report,
) -> Vec<(u16, String)> {
    let mut resolved = Vec::new();
    for (status, page) in pages {
        let at = format!("{key}.{status}");
        let Some(status) = status
            .parse::<u16>()
            .ok()
            .filter(|s| (400..=599).contains(s))
        else {
            report.error(
                at,
                format!("\"{status}\" is not an error status (400 to 599)"),
            );
            continue;
        };
        if !page.starts_with('/') || page.split('/').any(|seg| seg == "..") {
            report.error(
                at,
                format!("\"{page}\" must be a path under the site's root, starting with /"),
            );
            continue;
        }
        resolved.push((status, page.clone()));
    }
    resolved
}

/// `try_files` and `error_pages` name files under a root: a site without
/// one (routes only) cannot have them.
pub fn need_root(
    root: &super::DocumentRoot,
    (try_files, error_pages): (&[String], &BTreeMap<String, String>),
    site_key: &str,
    report: &mut Report,
) {
    if !matches!(root, super::DocumentRoot::None) {
        return;
    }
    let prefix = if site_key.is_empty() {
        "static".to_owned()
    } else {
        site_key.to_owned()
    };
    for (set, name) in [
        (!try_files.is_empty(), "try_files"),
        (!error_pages.is_empty(), "error_pages"),
    ] {
        if set {
            report.error(
                format!("{prefix}.{name}"),
                "names files under the site's root, and the site has none",
            );
        }
    }
}

/// `[[redirect]]`: requests whose path matches get a redirect or a fixed
/// answer, before any route or file.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RedirectSection {
    /// Exactly this path.
    pub path: Option<String>,
    /// Every path under this prefix; the rest is appended to `to`.
    pub prefix: Option<String>,
    /// A regular expression (the `regex` crate's syntax) over the path;
    /// `$1`..`$9` in `to` are its groups.
    pub regex: Option<String>,
    pub to: Option<String>,
    /// 301, 302, 307 or 308 with `to`; any other status without it.
    pub status: Option<u16>,
    /// The body of a fixed answer (text/plain).
    pub body: Option<String>,
    /// The request's query string goes with the redirect (default), or not.
    pub keep_query: Option<bool>,
}

#[derive(Debug, Clone)]
pub enum PathMatch {
    Exact(String),
    Prefix(String),
    Regex(regex::Regex),
}

/// One redirect or fixed answer.
#[derive(Debug, Clone)]
pub struct Redirect {
    pub matcher: PathMatch,
    /// Where to (for 3xx); None: a fixed answer.
    pub to: Option<String>,
    pub status: u16,
    pub body: Option<String>,
    pub keep_query: bool,
}

/// What a redirect rule answers.
#[derive(Debug, PartialEq, Eq)]
pub enum RuleAnswer {
    Redirect { status: u16, location: String },
    Fixed { status: u16, body: Option<String> },
}

impl Redirect {
    /// The answer to a request for `path` (decoded no further than as
    /// sent) with `query` (without its `?`), if this rule matches.
    pub fn answer(&self, path: &str, query: Option<&str>) -> Option<RuleAnswer> {
        let location = match (&self.matcher, &self.to) {
            (PathMatch::Exact(p), to) if p == path => to.clone(),
            (PathMatch::Prefix(p), to) => {
                let rest = path.strip_prefix(p.as_str())?;
                to.as_ref()
                    .map(|to| format!("{to}{}", escape_path(rest.as_bytes())))
            }
            (PathMatch::Regex(re), to) => {
                let captures = re.captures(path)?;
                to.as_ref().map(|to| expand(to, &captures))
            }
            (PathMatch::Exact(_), _) => return None,
        };
        Some(match location {
            Some(mut location) => {
                if let Some(q) = query.filter(|_| self.keep_query) {
                    location.push(if location.contains('?') { '&' } else { '?' });
                    location.push_str(q);
                }
                RuleAnswer::Redirect {
                    status: self.status,
                    location,
                }
            }
            None => RuleAnswer::Fixed {
                status: self.status,
                body: self.body.clone(),
            },
        })
    }
}

/// `to` with `$1`..`$9` replaced by the groups (an unmatched group: empty).
fn expand(to: &str, captures: &regex::Captures<'_>) -> String {
    let mut out = String::with_capacity(to.len());
    let mut chars = to.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek().and_then(|d| d.to_digit(10))) {
            ('$', Some(n)) if n >= 1 => {
                chars.next();
                out.push_str(&escape_path(
                    captures
                        .get(n as usize)
                        .map_or("", |m| m.as_str())
                        .as_bytes(),
                ));
            }
            _ => out.push(c),
        }
    }
    out
}

const REDIRECTS: [u16; 4] = [301, 302, 307, 308];

/// The `[[redirect]]` sections at `key`, checked.
pub fn resolve_redirects(
    sections: &[RedirectSection],
    key: &str,
    report: &mut Report,
) -> Vec<Redirect> {
    let mut resolved = Vec::new();
    for (i, r) in sections.iter().enumerate() {
        let at = format!("{key}[{i}]");
        let matcher = match (&r.path, &r.prefix, &r.regex) {
            (Some(p), None, None) | (None, Some(p), None) if !p.starts_with('/') => {
                let which = if r.path.is_some() { "path" } else { "prefix" };
                report.error(
                    format!("{at}.{which}"),
                    format!("\"{p}\" must start with /"),
                );
                continue;
            }
            (Some(p), None, None) => PathMatch::Exact(p.clone()),
            (None, Some(p), None) => PathMatch::Prefix(p.clone()),
            (None, None, Some(re)) => match regex::Regex::new(re) {
                Ok(re) => PathMatch::Regex(re),
                Err(e) => {
                    report.error(
                        format!("{at}.regex"),
                        format!("not a regular expression: {e}"),
                    );
                    continue;
                }
            },
            _ => {
                report.error(at, "give exactly one of path, prefix or regex");
                continue;
            }
        };
        let status = r.status.unwrap_or(if r.to.is_some() { 301 } else { 404 });
        match &r.to {
            Some(_) if !REDIRECTS.contains(&status) => {
                report.error(
                    format!("{at}.status"),
                    format!("{status}: a redirect (to) is 301, 302, 307 or 308"),
                );
                continue;
            }
            Some(to) if to.is_empty() || to.bytes().any(|b| b.is_ascii_control() || b == b' ') => {
                report.error(
                    format!("{at}.to"),
                    format!("\"{to}\" is not a URI reference (no spaces or control characters)"),
                );
                continue;
            }
            None if REDIRECTS.contains(&status) || !(200..=599).contains(&status) => {
                report.error(format!("{at}.status"), format!("{status}: a fixed answer (no to) is a status from 200 to 599 other than a redirect's"));
                continue;
            }
            _ => {}
        }
        if r.body.is_some() && r.to.is_some() {
            report.error(
                format!("{at}.body"),
                "a redirect has no body of its own; body goes with a fixed answer",
            );
            continue;
        }
        if let (PathMatch::Regex(re), Some(to)) = (&matcher, &r.to) {
            let groups = re.captures_len() - 1;
            if let Some(n) = (1..=9).find(|n| to.contains(&format!("${n}")) && *n > groups) {
                report.error(
                    format!("{at}.to"),
                    format!("${n}: the regex has {groups} group(s)"),
                );
                continue;
            }
        }
        resolved.push(Redirect {
            matcher,
            to: r.to.clone(),
            status,
            body: r.body.clone(),
            keep_query: r.keep_query.unwrap_or(true),
        });
    }
    resolved
}

/// `request_headers` / `response_headers` of a route: fields set
/// (replacing the same name), added (beside it) and removed.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HeaderRulesSection {
    pub set: BTreeMap<String, String>,
    pub add: BTreeMap<String, String>,
    pub remove: Vec<String>,
}

/// A field value with variables: `$remote_addr`, `$scheme`, `$host`,
/// `$request_id`.
#[derive(Debug, Clone, PartialEq)]
pub struct Template(Vec<Piece>);

#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    RemoteAddr,
    Scheme,
    Host,
    RequestId,
}

/// What a template's variables stand for in one exchange.
pub struct Variables<'a> {
    pub remote_addr: std::net::IpAddr,
    pub scheme: &'a str,
    pub host: &'a str,
    pub request_id: &'a str,
}

impl Template {
    fn parse(text: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find('$') {
            if at > 0 {
                pieces.push(Piece::Text(rest[..at].to_owned()));
            }
            let after = &rest[at + 1..];
            let len = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            pieces.push(match &after[..len] {
                "remote_addr" => Piece::RemoteAddr,
                "scheme" => Piece::Scheme,
                "host" => Piece::Host,
                "request_id" => Piece::RequestId,
                other => {
                    return Err(format!(
                        "${other} is not one of $remote_addr, $scheme, $host, $request_id"
                    ))
                }
            });
            rest = &after[len..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        Ok(Template(pieces))
    }

    pub fn render(&self, vars: &Variables<'_>) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::RemoteAddr => out.push_str(&vars.remote_addr.to_canonical().to_string()),
                Piece::Scheme => out.push_str(vars.scheme),
                Piece::Host => out.push_str(vars.host),
                Piece::RequestId => out.push_str(vars.request_id),
            }
        }
        out
    }
}

/// Fields to set, add and remove on one direction of a proxied exchange.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeaderRules {
    pub set: Vec<(String, Template)>,
    pub add: Vec<(String, Template)>,
    /// Lower case.
    pub remove: Vec<String>,
}

impl HeaderRules {
    pub fn is_empty(&self) -> bool {
        self.set.is_empty() && self.add.is_empty() && self.remove.is_empty()
    }

    /// Whether a field the client or back end sent is dropped: removed,
    /// or replaced by a `set`.
    pub fn drops(&self, name: &str) -> bool {
        self.remove.iter().any(|r| r.eq_ignore_ascii_case(name))
            || self.set.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
    }

    /// The fields `set` and `add` write, rendered.
    pub fn fields<'r>(
        &'r self,
        vars: &'r Variables<'_>,
    ) -> impl Iterator<Item = (&'r str, String)> + 'r {
        self.set
            .iter()
            .chain(&self.add)
            .map(move |(name, value)| (name.as_str(), value.render(vars)))
    }
}

/// A route's `request_headers` or `response_headers` at `key`, checked.
pub fn resolve_header_rules(
    section: &HeaderRulesSection,
    key: &str,
    report: &mut Report,
) -> HeaderRules {
    let mut rules = HeaderRules::default();
    let name_ok = |name: &str, at: &str, report: &mut Report| {
        if name.is_empty() || !name.bytes().all(crate::token::is_tchar) {
            report.error(at, format!("\"{name}\" is not a field name"));
            false
        } else if super::site::FRAMING_FIELDS
            .iter()
            .any(|f| f.eq_ignore_ascii_case(name))
        {
            report.error(at, "framing and connection fields are the server's own");
            false
        } else {
            true
        }
    };
    for (list, kind, out) in [
        (&section.set, "set", &mut rules.set),
        (&section.add, "add", &mut rules.add),
    ] {
        for (name, value) in list {
            let at = format!("{key}.{kind}.{name}");
            if !name_ok(name, &at, report) {
                continue;
            }
            if value.bytes().any(|b| b == b'\r' || b == b'\n' || b == 0) {
                report.error(at, "a value cannot hold CR, LF or NUL");
                continue;
            }
            match Template::parse(value) {
                Ok(t) => out.push((name.clone(), t)),
                Err(e) => report.error(at, e),
            }
        }
    }
    for (i, name) in section.remove.iter().enumerate() {
        if name_ok(name, &format!("{key}.remove[{i}]"), report) {
            rules.remove.push(name.to_ascii_lowercase());
        }
    }
    rules
}

/// An address range: an address and how many of its leading bits count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    addr: std::net::IpAddr,
    bits: u8,
}

impl Cidr {
    fn parse(text: &str) -> Option<Cidr> {
        let (addr, bits) = match text.split_once('/') {
            Some((a, b)) => (
                a.parse::<std::net::IpAddr>().ok()?,
                Some(b.parse::<u8>().ok()?),
            ),
            None => (text.parse().ok()?, None),
        };
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let bits = bits.unwrap_or(max);
        (bits <= max).then_some(Cidr { addr, bits })
    }

    /// Whether `ip` is in the range (an IPv4-mapped IPv6 address counts as
    /// the IPv4 one).
    pub fn contains(&self, ip: std::net::IpAddr) -> bool {
        use std::net::IpAddr::{V4, V6};
        let keep = |value: u128, width: u32| {
            let drop = width - u32::from(self.bits);
            if drop >= 128 {
                0
            } else {
                value >> drop
            }
        };
        match (self.addr, ip.to_canonical()) {
            (V4(net), V4(ip)) => {
                keep(u128::from(u32::from(net)), 32) == keep(u128::from(u32::from(ip)), 32)
            }
            (V6(net), V6(ip)) => keep(u128::from(net), 128) == keep(u128::from(ip), 128),
            _ => false,
        }
    }
}

/// One `allow` or `deny` line: a range, or every address (`all`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessRule {
    pub allow: bool,
    /// None: `all`.
    pub from: Option<Cidr>,
}

/// `access = ["allow 10.0.0.0/8", "deny all"]` at `key`, checked.
pub fn resolve_access(list: &[String], key: &str, report: &mut Report) -> Vec<AccessRule> {
    let mut rules = Vec::new();
    for (i, line) in list.iter().enumerate() {
        let (verb, what) = line
            .trim()
            .split_once(char::is_whitespace)
            .unwrap_or((line, ""));
        let allow = match verb {
            "allow" => true,
            "deny" => false,
            _ => {
                report.error(
                    format!("{key}[{i}]"),
                    format!("\"{line}\": a rule is \"allow RANGE\" or \"deny RANGE\" (RANGE: an address, ADDRESS/BITS or all)"),
                );
                continue;
            }
        };
        let what = what.trim();
        let from = if what == "all" {
            None
        } else {
            match Cidr::parse(what) {
                Some(cidr) => Some(cidr),
                None => {
                    report.error(
                        format!("{key}[{i}]"),
                        format!("\"{what}\" is not an address, ADDRESS/BITS (10.0.0.0/8, 2001:db8::/32) or all"),
                    );
                    continue;
                }
            }
        };
        rules.push(AccessRule { allow, from });
    }
    rules
}

/// Whether `rules` let `ip` in: the first rule that matches decides; when
/// none does, it is let in (nginx's `allow`/`deny`).
pub fn access_allows(rules: &[AccessRule], ip: std::net::IpAddr) -> bool {
    rules
        .iter()
        .find(|r| r.from.is_none_or(|cidr| cidr.contains(ip)))
        .is_none_or(|r| r.allow)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(section: RedirectSection) -> Redirect {
        let mut report = Report::default();
        let mut r = resolve_redirects(&[section], "redirect", &mut report);
        assert!(
            !report.has_errors(),
            "{:?}",
            report.errors().collect::<Vec<_>>()
        );
        r.remove(0)
    }

    #[test]
    fn redirects_match_exact_prefix_and_regex() {
        let exact = one(RedirectSection {
            path: Some("/old".into()),
            to: Some("/new".into()),
            ..Default::default()
        });
        assert_eq!(
            exact.answer("/old", Some("a=1")),
            Some(RuleAnswer::Redirect {
                status: 301,
                location: "/new?a=1".into()
            })
        );
        assert_eq!(exact.answer("/old/", None), None);
        let prefix = one(RedirectSection {
            prefix: Some("/blog/".into()),
            to: Some("https://blog.example/".into()),
            status: Some(308),
            keep_query: Some(false),
            ..Default::default()
        });
        assert_eq!(
            prefix.answer("/blog/2024/x", Some("q")),
            Some(RuleAnswer::Redirect {
                status: 308,
                location: "https://blog.example/2024/x".into()
            })
        );
        let re = one(RedirectSection {
            regex: Some(r"^/post/(\d+)(?:/(\w+))?$".into()),
            to: Some("/articles/$1/$2?from=old".into()),
            ..Default::default()
        });
        assert_eq!(
            re.answer("/post/42", Some("x=1")),
            Some(RuleAnswer::Redirect {
                status: 301,
                location: "/articles/42/?from=old&x=1".into()
            })
        );
        assert_eq!(
            prefix.answer("/blog/a b\r\n?#%", None),
            Some(RuleAnswer::Redirect {
                status: 308,
                location: "https://blog.example/a%20b%0D%0A%3F%23%25".into()
            })
        );
        let gone = one(RedirectSection {
            path: Some("/gone".into()),
            status: Some(410),
            body: Some("gone\n".into()),
            ..Default::default()
        });
        assert_eq!(
            gone.answer("/gone", None),
            Some(RuleAnswer::Fixed {
                status: 410,
                body: Some("gone\n".into())
            })
        );
    }

    #[test]
    fn bad_rules_are_errors_at_their_key() {
        let mut report = Report::default();
        let bad = [
            RedirectSection {
                regex: Some("(".into()),
                to: Some("/x".into()),
                ..Default::default()
            },
            RedirectSection {
                path: Some("/a".into()),
                to: Some("/b".into()),
                status: Some(200),
                ..Default::default()
            },
            RedirectSection {
                regex: Some("^/(a)$".into()),
                to: Some("/$2".into()),
                ..Default::default()
            },
            RedirectSection {
                path: Some("/a".into()),
                prefix: Some("/b".into()),
                ..Default::default()
            },
        ];
        assert!(resolve_redirects(&bad, "redirect", &mut report).is_empty());
        let keys: Vec<String> = report.errors().map(|e| e.key.clone()).collect();
        assert_eq!(
            keys,
            [
                "redirect[0].regex",
                "redirect[1].status",
                "redirect[2].to",
                "redirect[3]"
            ]
        );
    }

    #[test]
    fn header_rules_render_variables_and_refuse_framing() {
        let mut report = Report::default();
        let section = HeaderRulesSection {
            set: [(
                "X-Client".to_string(),
                "$remote_addr via $scheme://$host ($request_id)".to_string(),
            )]
            .into(),
            add: [
                ("Content-Length".to_string(), "1".to_string()),
                ("X-Bad".to_string(), "$nope".to_string()),
            ]
            .into(),
            remove: vec!["Server".into()],
        };
        let rules = resolve_header_rules(&section, "route[0].request_headers", &mut report);
        let keys: Vec<String> = report.errors().map(|e| e.key.clone()).collect();
        assert_eq!(
            keys,
            [
                "route[0].request_headers.add.Content-Length",
                "route[0].request_headers.add.X-Bad"
            ]
        );
        let vars = Variables {
            remote_addr: "::ffff:10.0.0.1".parse().unwrap(),
            scheme: "https",
            host: "a.test",
            request_id: "abc",
        };
        let fields: Vec<(&str, String)> = rules.fields(&vars).collect();
        assert_eq!(
            fields,
            [("X-Client", "10.0.0.1 via https://a.test (abc)".to_string())]
        );
        assert!(rules.drops("server") && rules.drops("x-client") && !rules.drops("x-other"));
    }

    #[test]
    fn access_rules_first_match_wins() {
        let mut report = Report::default();
        let list: Vec<String> = [
            "deny 127.0.0.3",
            "allow 127.0.0.0/8",
            "allow ::1",
            "allow 2001:db8::/32",
            "deny all",
        ]
        .map(String::from)
        .to_vec();
        let rules = resolve_access(&list, "access", &mut report);
        assert!(!report.has_errors());
        let ok = |ip: &str| access_allows(&rules, ip.parse().unwrap());
        assert!(ok("127.0.0.2") && ok("::ffff:127.0.0.9") && ok("::1") && ok("2001:db8:1::5"));
        assert!(!ok("127.0.0.3") && !ok("10.0.0.1") && !ok("::2") && !ok("2001:db9::1"));
        assert!(access_allows(&[], "10.0.0.1".parse().unwrap()));
        let zero = resolve_access(&["deny 0.0.0.0/0".into()], "a", &mut report);
        assert!(!access_allows(&zero, "8.8.8.8".parse().unwrap()));
        assert!(access_allows(&zero, "::1".parse().unwrap()));
        let bad: Vec<String> = ["permit all", "allow 10.0.0.0/33", "deny nowhere"]
            .map(String::from)
            .to_vec();
        assert!(resolve_access(&bad, "access", &mut report).is_empty());
        assert_eq!(report.errors().count(), 3);
    }

    #[test]
    fn try_files_candidates() {
        let mut report = Report::default();
        let list: Vec<String> = ["$uri", "$uri/", "$uri.html", "/index.html"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            resolve_try_files(&list, "try_files", &mut report),
            [
                TryFile::Uri,
                TryFile::UriDirectory,
                TryFile::UriWithSuffix(".html".into()),
                TryFile::File("/index.html".into())
            ]
        );
        let bad: Vec<String> = ["=404", "$uri/x", "/../etc", "index.html"]
            .map(String::from)
            .to_vec();
        assert!(resolve_try_files(&bad, "try_files", &mut report).is_empty());
        assert_eq!(report.errors().count(), 4);
    }
}

/// A request rate per client, where a site or route sets one.
#[derive(Debug, Clone, PartialEq)]
pub struct RateRule {
    /// Its buckets' number (`client_limits::rule_id` of where it was
    /// configured).
    pub id: u64,
    pub rate: crate::client_limits::Rate,
}

/// A `rate_limit` at `key`, checked: a positive rate, and a burst of at
/// least one request (one second's worth when not given).
pub fn resolve_rate_limit(
    section: Option<&super::file::RateLimitSection>,
    key: &str,
    report: &mut Report,
) -> Option<RateRule> {
    let section = section?;
    let per_second = section.requests_per_second;
    if !(per_second.is_finite() && per_second > 0.0 && per_second <= 1e6) {
        report.error(
            format!("{key}.requests_per_second"),
            "must be a number of requests per second above 0 (0.5: one every 2 s) and at most 1000000",
        );
        return None;
    }
    let burst = section.burst.unwrap_or(per_second.max(1.0));
    if !(burst.is_finite() && (1.0..=1e6).contains(&burst)) {
        report.error(format!("{key}.burst"), "must be from 1 to 1000000 requests");
        return None;
    }
    Some(RateRule {
        id: crate::client_limits::rule_id(key),
        rate: crate::client_limits::Rate { per_second, burst },
    })
}
