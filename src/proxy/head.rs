//! Request and response heads as they cross the proxy, without I/O.
//!
//! Going up: an HTTP/1.1 head written from the exchange's request, with
//! hop-by-hop fields removed, the client's identity added
//! (`X-Forwarded-For` appended, `X-Forwarded-Proto`, `X-Forwarded-Host`,
//! `X-Real-IP` set, never taken from the client), and exactly one body
//! framing, tlsaccel's own. Coming down: the back end's head parsed into
//! end-to-end fields and its body framing read strictly; the client's
//! protocol adds its own framing and connection handling.

use crate::config::{HeaderRules, Variables};
use crate::exchange::{list_items, BodyLength, Headers, Method, Request, Version};
use crate::http::response::decimal;
use crate::http::Framing;
use std::io::Write as _;
use std::mem::MaybeUninit;

const MAX_HEADERS: usize = 100;

/// What the proxy does with a field, by its name: the names it reads or
/// drops, told apart by length first. Most names are none of them and
/// cost a length test; comparing every name with every entry of two lists
/// cost more than the rest of a head's rewrite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Hop-by-hop (RFC 9110 7.6.1), never forwarded: `Connection`, whose
    /// tokens name more of them, `Upgrade` and `Transfer-Encoding`, read
    /// first, and the others (`HopByHop`).
    Connection,
    Upgrade,
    TransferEncoding,
    HopByHop,
    /// Framing, which the proxy sets itself on either side.
    ContentLength,
    /// Set by the proxy on a request (a client's are dropped), or, for
    /// `Expect`, answered by it (100 Continue) before the body is read.
    SetByProxy,
    /// Set by the proxy, after the client's own values.
    XForwardedFor,
    /// End to end.
    Other,
}

impl Role {
    fn of(name: &[u8]) -> Role {
        let is = |lower: &str| name.eq_ignore_ascii_case(lower.as_bytes());
        match name.len() {
            2 if is("te") => Role::HopByHop,
            6 if is("expect") => Role::SetByProxy,
            7 if is("trailer") => Role::HopByHop,
            7 if is("upgrade") => Role::Upgrade,
            9 if is("x-real-ip") => Role::SetByProxy,
            10 if is("connection") => Role::Connection,
            10 if is("keep-alive") => Role::HopByHop,
            14 if is("content-length") => Role::ContentLength,
            15 if is("x-forwarded-for") => Role::XForwardedFor,
            16 if is("proxy-connection") => Role::HopByHop,
            16 if is("x-forwarded-host") => Role::SetByProxy,
            17 if is("transfer-encoding") => Role::TransferEncoding,
            17 if is("x-forwarded-proto") => Role::SetByProxy,
            19 if is("proxy-authorization") => Role::HopByHop,
            _ => Role::Other,
        }
    }

    fn hop_by_hop(self) -> bool {
        matches!(
            self,
            Role::Connection | Role::Upgrade | Role::TransferEncoding | Role::HopByHop
        )
    }
}

/// A message's `Connection` tokens, which name more hop-by-hop fields
/// (RFC 9110 7.6.1). Split out of the field values once: every field of
/// every proxied request and response is looked up in them, and finding
/// the `Connection` fields again for each one made the rewrite of a head
/// quadratic in its fields. Most messages have one token (`keep-alive`,
/// `close`) or none: the first few are kept in place, with no allocation.
struct ConnectionTokens<'a> {
    first: [&'a [u8]; 4],
    count: usize,
    more: Vec<&'a [u8]>,
}

impl<'a> ConnectionTokens<'a> {
    /// The tokens of the `Connection` fields whose values are `values`.
    fn of(values: impl Iterator<Item = &'a [u8]>) -> ConnectionTokens<'a> {
        let mut tokens = ConnectionTokens {
            first: [&[]; 4],
            count: 0,
            more: Vec::new(),
        };
        for token in values.flat_map(list_items).filter(|t| !t.is_empty()) {
            match tokens.first.get_mut(tokens.count) {
                Some(slot) => {
                    *slot = token;
                    tokens.count += 1;
                }
                None => tokens.more.push(token),
            }
        }
        tokens
    }

    /// Whether a token is `name` (in any case).
    fn contains(&self, name: &str) -> bool {
        let is = |token: &&[u8]| token.eq_ignore_ascii_case(name.as_bytes());
        self.first[..self.count].iter().any(is) || self.more.iter().any(is)
    }
}

/// A back end's `Location` and `Content-Location` in the client's view,
/// for a route that sends `prefix` up as `upstream_path` (nginx's
/// `proxy_redirect default`): a path under `upstream_path`, given as a
/// path or as an absolute URI naming `authority` (the Host the back end
/// was asked for), comes back as the same path under `prefix`. Any other
/// value is left as the back end sent it.
pub fn client_locations(headers: &mut Headers, upstream_path: &str, prefix: &str, authority: &str) {
    for name in ["location", "content-location"] {
        let Some(value) = headers.get(name) else {
            continue;
        };
        if let Some(mapped) = client_location(value, upstream_path, prefix, authority) {
            headers.set(name, mapped);
        }
    }
}

fn client_location(
    value: &[u8],
    upstream_path: &str,
    prefix: &str,
    authority: &str,
) -> Option<Vec<u8>> {
    let path = if value.starts_with(b"/") && !value.starts_with(b"//") {
        value
    } else {
        let lower = value
            .get(..8)
            .map(<[u8]>::to_ascii_lowercase)
            .unwrap_or_default();
        let rest = if lower.starts_with(b"http://") {
            &value[7..]
        } else if lower.starts_with(b"https://") {
            &value[8..]
        } else {
            return None;
        };
        let end = rest.iter().position(|&b| b == b'/').unwrap_or(rest.len());
        if !rest[..end].eq_ignore_ascii_case(authority.as_bytes()) {
            return None;
        }
        &rest[end..]
    };
    let rest = path.strip_prefix(upstream_path.as_bytes())?;
    let mut mapped = prefix.as_bytes().to_vec();
    mapped.extend_from_slice(rest);
    Some(mapped)
}

/// The head to send to the back end for `req`. `default_host` stands in
/// for a missing Host (HTTP/1.0 clients); names with `_` are dropped
/// unless `pass_underscores`. `upgrade`: the protocols the client may
/// switch to through this route, sent as `Upgrade` with `Connection:
/// upgrade` (every other hop-by-hop field stays behind). `own_fields`:
/// fields only tlsaccel may set (the client certificate's): the client's
/// are dropped, and those with a value sent.
pub fn request_head(
    req: &Request,
    target: &[u8],
    default_host: &str,
    pass_underscores: bool,
    upgrade: Option<&str>,
    rules: (&HeaderRules, &Variables<'_>),
    own_fields: &[(&str, Option<&str>)],
) -> Vec<u8> {
    let (rules, vars) = rules;
    let tokens = ConnectionTokens::of(req.headers.get_all("connection"));
    let mut out = Vec::with_capacity(512);
    out.extend_from_slice(req.method.as_str().as_bytes());
    out.push(b' ');
    out.extend_from_slice(target);
    // An HTTP/1.0 client gets an HTTP/1.0 request upstream, so the back end
    // answers it the way it would answer that client.
    out.extend_from_slice(match req.version {
        Version::Http10 => b" HTTP/1.0\r\n",
        // An HTTP/2 stream goes to the back end as HTTP/1.1.
        Version::Http11 | Version::Http2 => b" HTTP/1.1\r\n",
    });
    // Written straight into `out`, with no string built on the way: this
    // runs for every proxied request.
    let mut forwarded_for: Vec<&[u8]> = Vec::new();
    for (name, value) in req.headers.iter() {
        match Role::of(name.as_bytes()) {
            Role::XForwardedFor => {
                forwarded_for.push(value.trim_ascii());
                continue;
            }
            Role::Other if !tokens.contains(name) => {}
            _ => continue,
        }
        if !pass_underscores && name.contains('_') {
            tracing::debug!(peer = %req.client.addr, field = name, "header name with an underscore dropped before forwarding");
            continue;
        }
        if rules.drops(name) || own_fields.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
            continue;
        }
        field(&mut out, name.as_bytes(), value);
    }
    if req.host.is_none() && !rules.drops("host") {
        field(&mut out, b"Host", default_host.as_bytes());
    }
    let own = own_fields
        .iter()
        .filter(|(name, _)| !name.is_empty())
        .filter_map(|(name, value)| Some((*name, (*value)?)));
    for (name, value) in rules
        .fields(vars)
        .map(|(n, v)| (n, std::borrow::Cow::Owned(v)))
        .chain(own.map(|(n, v)| (n, std::borrow::Cow::Borrowed(v))))
    {
        field(&mut out, name.as_bytes(), value.as_bytes());
    }
    let client = req.client.addr.ip().to_canonical();
    out.extend_from_slice(b"X-Forwarded-For: ");
    for earlier in forwarded_for.iter().filter(|v| !v.is_empty()) {
        out.extend_from_slice(earlier);
        out.extend_from_slice(b", ");
    }
    // The address is formatted once and copied for X-Real-IP.
    let at = out.len();
    push_address(&mut out, client);
    let address = at..out.len();
    out.extend_from_slice(if req.client.tls {
        b"\r\nX-Forwarded-Proto: https\r\nX-Real-IP: "
    } else {
        b"\r\nX-Forwarded-Proto: http\r\nX-Real-IP: "
    });
    out.extend_from_within(address);
    out.extend_from_slice(b"\r\n");
    if let Some(host) = &req.host {
        field(&mut out, b"X-Forwarded-Host", host.as_bytes());
    }
    if let Some(protocols) = upgrade {
        field(&mut out, b"Connection", b"upgrade");
        field(&mut out, b"Upgrade", protocols.as_bytes());
    }
    match upstream_framing(req) {
        Framing::Length(n) => {
            let mut digits = [0u8; 20];
            field(&mut out, b"Content-Length", decimal(n, &mut digits));
        }
        Framing::Chunked => field(&mut out, b"Transfer-Encoding", b"chunked"),
        Framing::Empty | Framing::UntilClose => {}
    }
    out.extend_from_slice(b"\r\n");
    out
}

/// `ip` as text: an IPv4 address digit by digit (every proxied request
/// carries one, and `fmt` took more than the rest of its line), others
/// through `Display`.
fn push_address(out: &mut Vec<u8>, ip: std::net::IpAddr) {
    let std::net::IpAddr::V4(v4) = ip else {
        let _ = write!(out, "{ip}");
        return;
    };
    let mut digits = [0u8; 20];
    for (i, octet) in v4.octets().into_iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        out.extend_from_slice(decimal(u64::from(octet), &mut digits));
    }
}

/// One `name: value` line.
fn field(out: &mut Vec<u8>, name: &[u8], value: &[u8]) {
    out.extend_from_slice(name);
    out.extend_from_slice(b": ");
    out.extend_from_slice(value);
    out.extend_from_slice(b"\r\n");
}

/// The protocols of the client's `Upgrade` offer that `allowed` (the
/// route's list) lets through, as the field value to send on. None: no
/// switch asked for, or none allowed. Only a GET without a body may switch
/// (RFC 6455 4.1; a body would have to end before the switch).
pub fn allowed_upgrade(req: &Request, allowed: &[String]) -> Option<String> {
    let offer = req.upgrade.as_deref()?;
    if req.method != Method::Get || req.body != BodyLength::None {
        return None;
    }
    let kept: Vec<&str> = offer
        .split(',')
        .map(str::trim)
        .filter(|p| allowed.iter().any(|a| a.eq_ignore_ascii_case(p)))
        .collect();
    (!kept.is_empty()).then(|| kept.join(", "))
}

/// A 101 is passed on only when its `Upgrade` names one protocol that was
/// offered (RFC 9110 7.8: a server switches to what the client listed).
pub fn switch_matches_offer(offered: &str, switched_to: Option<&str>) -> bool {
    switched_to.is_some_and(|to| {
        let to = to.trim();
        !to.contains(',')
            && offered
                .split(',')
                .any(|p| p.trim().eq_ignore_ascii_case(to))
    })
}

/// How the request body is framed to the back end: by its length when
/// known, re-encoded as chunks by tlsaccel otherwise.
pub fn upstream_framing(req: &Request) -> Framing {
    match req.body {
        BodyLength::None => Framing::Empty,
        BodyLength::Known(n) => Framing::Length(n),
        BodyLength::Unknown => Framing::Chunked,
    }
}

#[derive(Debug)]
pub struct ResponseHead {
    pub status: u16,
    /// Bytes the head took in the input.
    pub head_len: usize,
    /// How the back end delimits the body that follows.
    pub framing: Framing,
    /// The declared length, for the client (a HEAD answer's included).
    pub length: Option<u64>,
    /// The back-end connection may carry another request after this one.
    pub reusable: bool,
    /// End-to-end fields for the client: no hop-by-hop or framing fields.
    pub headers: Headers,
    /// The `Upgrade` field (hop-by-hop, so not in `headers`): for a 101,
    /// the protocol the back end switched to.
    pub upgrade: Option<String>,
}

/// Parses a back end's response head. Ok(None): incomplete. Err: a head
/// the proxy must not pass on (answer 502).
pub fn parse_response_head(
    buf: &[u8],
    head_request: bool,
) -> Result<Option<ResponseHead>, &'static str> {
    // Uninitialised, as for requests: zeroing every slot cost more than
    // the parse.
    let mut headers = [const { MaybeUninit::<httparse::Header<'_>>::uninit() }; MAX_HEADERS];
    let mut resp = httparse::Response::new(&mut []);
    let parsed = httparse::ParserConfig::default().parse_response_with_uninit_headers(
        &mut resp,
        buf,
        &mut headers,
    );
    let head_len = match parsed {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(_) => return Err("malformed response head"),
    };
    let status = resp.code.ok_or("no status")?;
    // RFC 9110 15: values outside 100..=599 are invalid (found by fuzzing:
    // httparse takes any three digits, and "094" was passed to clients).
    if !(100..=599).contains(&status) {
        return Err("invalid status code");
    }
    // One pass to find each field's role and read the framing; the
    // second, which copies the fields, needs the Connection tokens of all.
    let mut roles = [Role::Other; MAX_HEADERS];
    // Every Content-Length value (a list, or repeated fields) must agree.
    let mut content_length = None;
    let mut transfer_coding: Option<String> = None;
    let mut upgrade = None;
    for (h, role) in resp.headers.iter().zip(roles.iter_mut()) {
        *role = Role::of(h.name.as_bytes());
        match *role {
            Role::ContentLength => {
                let v = std::str::from_utf8(h.value).map_err(|_| "bad Content-Length")?;
                for part in v.split(',') {
                    let part = part.trim();
                    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                        return Err("bad Content-Length");
                    }
                    let n = part.parse::<u64>().map_err(|_| "bad Content-Length")?;
                    if content_length.is_some_and(|m| m != n) {
                        return Err("conflicting Content-Length values");
                    }
                    content_length = Some(n);
                }
            }
            Role::TransferEncoding => {
                transfer_coding = Some(String::from_utf8_lossy(h.value).to_ascii_lowercase());
            }
            Role::Upgrade => {
                upgrade = Some(String::from_utf8_lossy(h.value.trim_ascii()).into_owned());
            }
            _ => {}
        }
    }
    let tokens = ConnectionTokens::of(
        resp.headers
            .iter()
            .zip(roles)
            .filter(|&(_, role)| role == Role::Connection)
            .map(|(h, _)| h.value),
    );
    let bodyless = head_request || !crate::http::response::status_has_body(status);
    let (framing, mut reusable) = match (&transfer_coding, content_length) {
        _ if bodyless => (Framing::Empty, true),
        (Some(te), cl) => {
            let chunked = te
                .rsplit(',')
                .next()
                .is_some_and(|last| last.trim() == "chunked");
            // Both framings: Transfer-Encoding wins; the connection is not
            // trusted again (RFC 9112 6.3).
            let trusted = cl.is_none();
            if chunked {
                (Framing::Chunked, trusted)
            } else {
                (Framing::UntilClose, false)
            }
        }
        (None, Some(n)) => (Framing::Length(n), true),
        (None, None) => (Framing::UntilClose, false),
    };
    if resp.version != Some(1) || tokens.contains("close") {
        reusable = false;
    }
    let length = match framing {
        Framing::Length(n) => Some(n),
        Framing::Empty if transfer_coding.is_none() => content_length,
        _ => None,
    };
    let mut headers = Headers::with_capacity(resp.headers.len());
    for (h, &role) in resp.headers.iter().zip(roles.iter()) {
        let framing_field = role == Role::ContentLength;
        if role.hop_by_hop() || framing_field || tokens.contains(h.name) {
            continue;
        }
        headers.append(h.name, h.value);
    }
    Ok(Some(ResponseHead {
        status,
        head_len,
        framing,
        length,
        reusable,
        headers,
        upgrade,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Client;
    use crate::http::{parse_head, HeadLimits, ParseOutcome};

    fn parsed(raw: &[u8], addr: &str, tls: bool) -> Request {
        let limits = HeadLimits {
            max_uri_bytes: 8192,
            max_header_bytes: 16384,
        };
        let client = Client {
            addr: addr.parse().unwrap(),
            local: None,
            tls,
        };
        match parse_head(raw, &limits, client) {
            ParseOutcome::Complete(h) => h.request,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_have_their_roles_in_any_case_and_tokens_any_number() {
        use Role::*;
        for (name, role) in [
            ("TE", HopByHop),
            ("Trailer", HopByHop),
            ("UPGRADE", Upgrade),
            ("connection", Connection),
            ("Keep-Alive", HopByHop),
            ("Content-Length", ContentLength),
            ("X-Forwarded-For", XForwardedFor),
            ("Proxy-Connection", HopByHop),
            ("x-forwarded-host", SetByProxy),
            ("Transfer-Encoding", TransferEncoding),
            ("X-Forwarded-Proto", SetByProxy),
            ("Proxy-Authorization", HopByHop),
            ("Expect", SetByProxy),
            ("X-Real-IP", SetByProxy),
            ("Content-Type", Other),
            ("Tf", Other),
            ("Connectiom", Other),
        ] {
            assert_eq!(Role::of(name.as_bytes()), role, "{name}");
        }
        let tokens = ConnectionTokens::of([&b"a, b"[..], b"c,, d", b"E, f"].into_iter());
        for token in ["A", "b", "c", "d", "e", "F"] {
            assert!(tokens.contains(token), "{token}");
        }
        assert!(!tokens.contains("g") && !tokens.contains(""));
    }

    #[test]
    fn request_head_drops_hop_by_hop_and_adds_the_client() {
        let raw = b"POST /api?q=1 HTTP/1.1\r\nHost: example.com\r\nConnection: keep-alive, X-Secret\r\nX-Secret: 1\r\nContent_Length: 9\r\nKeep-Alive: 5\r\nX-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 6.6.6.6\r\nX-Forwarded-Proto: http\r\nExpect: 100-continue\r\nUser-Agent: t\r\nContent-Length: 3\r\n\r\n";
        let req = parsed(raw, "127.0.0.5:1", true);
        let out = String::from_utf8(request_head(
            &req,
            &req.target,
            "up",
            false,
            None,
            no_rules(),
            &[],
        ))
        .unwrap();
        assert!(
            out.starts_with("POST /api?q=1 HTTP/1.1\r\nHost: example.com\r\n"),
            "{out}"
        );
        for gone in [
            "Connection",
            "X-Secret",
            "Keep-Alive",
            "6.6.6.6",
            "Proto: http\r",
            "Expect",
            "Content_Length",
        ] {
            assert!(!out.contains(gone), "{gone} in {out}");
        }
        assert!(out.contains("User-Agent: t\r\n"));
        assert!(out.contains("X-Forwarded-For: 203.0.113.9, 127.0.0.5\r\n"));
        assert!(out.contains("X-Forwarded-Proto: https\r\nX-Real-IP: 127.0.0.5\r\n"));
        assert!(out.contains("X-Forwarded-Host: example.com\r\n"));
        let passed = String::from_utf8(request_head(
            &req,
            &req.target,
            "up",
            true,
            None,
            no_rules(),
            &[],
        ))
        .unwrap();
        assert!(passed.contains("Content_Length: 9\r\n"));
        assert!(out.ends_with("Content-Length: 3\r\n\r\n"));
    }

    #[test]
    fn upgrades_pass_only_as_the_route_allows() {
        let allowed = ["websocket".to_string()];
        let offer = |raw: &[u8]| {
            let req = parsed(raw, "127.0.0.1:1", true);
            allowed_upgrade(&req, &allowed)
        };
        let ws = b"GET /c HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, Upgrade\r\nUpgrade: WebSocket\r\n\r\n";
        assert_eq!(offer(ws).as_deref(), Some("WebSocket"));
        let req = parsed(ws, "127.0.0.1:1", true);
        let out = String::from_utf8(request_head(
            &req,
            &req.target,
            "up",
            false,
            Some("WebSocket"),
            no_rules(),
            &[],
        ))
        .unwrap();
        assert_eq!(
            out.matches("Connection: upgrade\r\nUpgrade: WebSocket\r\n")
                .count(),
            1
        );
        assert!(!out.contains("keep-alive"), "{out}");
        assert_eq!(
            offer(b"GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\nUpgrade: h2c, websocket\r\n\r\n")
                .as_deref(),
            Some("websocket")
        );
        for refused in [
            &b"GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\nUpgrade: h2c\r\n\r\n"[..],
            b"GET / HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\n\r\n",
            b"GET / HTTP/1.0\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n",
            b"POST / HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\nUpgrade: websocket\r\nContent-Length: 1\r\n\r\n",
        ] {
            assert_eq!(offer(refused), None, "{}", String::from_utf8_lossy(refused));
        }
        assert!(switch_matches_offer("h2c, websocket", Some("WebSocket")));
        assert!(!switch_matches_offer("websocket", Some("h2c")));
        assert!(!switch_matches_offer("websocket", Some("websocket, h2c")));
        assert!(!switch_matches_offer("websocket", None));
    }

    static NONE: std::sync::LazyLock<HeaderRules> = std::sync::LazyLock::new(HeaderRules::default);
    static VARS: Variables<'static> = Variables {
        remote_addr: std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        scheme: "http",
        host: "h",
        request_id: "",
    };

    fn no_rules() -> (&'static HeaderRules, &'static Variables<'static>) {
        (&NONE, &VARS)
    }

    #[test]
    fn locations_map_back_under_the_route_prefix() {
        let map = |v: &str| {
            client_location(v.as_bytes(), "/", "/api/", "example.com")
                .map(|m| String::from_utf8(m).unwrap())
        };
        assert_eq!(map("/users/1").as_deref(), Some("/api/users/1"));
        assert_eq!(
            map("http://example.com/x?y=1").as_deref(),
            Some("/api/x?y=1")
        );
        assert_eq!(map("HTTPS://EXAMPLE.COM/").as_deref(), Some("/api/"));
        assert_eq!(map("https://other.example/x"), None);
        assert_eq!(map("//example.com/x"), None);
        assert_eq!(map("relative/x"), None);
        let v2 = client_location(b"/v2/a", "/v2/", "/api/", "h").unwrap();
        assert_eq!(v2, b"/api/a");
        assert_eq!(client_location(b"/v1/a", "/v2/", "/api/", "h"), None);
    }

    #[test]
    fn chunked_request_and_http10_without_host() {
        let raw = b"PUT /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        let out = String::from_utf8(request_head(
            &parsed(raw, "[::1]:1", false),
            b"/x",
            "up",
            false,
            None,
            no_rules(),
            &[],
        ))
        .unwrap();
        assert_eq!(out.matches("Transfer-Encoding: chunked\r\n").count(), 1);
        assert!(out.contains("X-Forwarded-Proto: http\r\n"));
        let raw = b"GET / HTTP/1.0\r\n\r\n";
        let out = String::from_utf8(request_head(
            &parsed(raw, "[::1]:1", false),
            b"/",
            "127.0.0.1:8000",
            false,
            None,
            no_rules(),
            &[],
        ))
        .unwrap();
        assert!(
            out.starts_with("GET / HTTP/1.0\r\nHost: 127.0.0.1:8000\r\n"),
            "{out}"
        );
    }

    #[test]
    fn status_codes_outside_100_to_599_are_refused() {
        // Regression: fuzz/artifacts crash on response_head, "HTTP/1.1 094".
        let crash = b"HTTP/1.1 094 Switching P/1.1 101 Switchdgwose,ion: Upgrade\r\n\r\n";
        assert_eq!(
            parse_response_head(crash, false).err(),
            Some("invalid status code")
        );
        for code in ["000", "099", "600", "999"] {
            let head = format!("HTTP/1.1 {code} X\r\nContent-Length: 0\r\n\r\n");
            assert!(
                parse_response_head(head.as_bytes(), false).is_err(),
                "{code}"
            );
        }
        for code in ["100", "599"] {
            let head = format!("HTTP/1.1 {code} X\r\nContent-Length: 0\r\n\r\n");
            assert!(
                parse_response_head(head.as_bytes(), false).is_ok(),
                "{code}"
            );
        }
    }

    #[test]
    fn response_framing() {
        let r = parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\nX-A: b\r\n\r\nhello", false)
            .unwrap()
            .unwrap();
        assert_eq!(
            (r.status, r.framing, r.reusable),
            (200, Framing::Length(5), true)
        );
        assert_eq!(format!("{:?}", r.headers), "[\"X-A: b\"]");
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (Framing::Chunked, true));
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (Framing::Chunked, false));
        let r = parse_response_head(b"HTTP/1.0 200 OK\r\n\r\n", false)
            .unwrap()
            .unwrap();
        assert_eq!((r.framing, r.reusable), (Framing::UntilClose, false));
        let r = parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", true)
            .unwrap()
            .unwrap();
        assert_eq!(r.framing, Framing::Empty);
        assert_eq!(r.length, Some(9), "HEAD keeps the length");
        let r = parse_response_head(
            b"HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (Framing::Empty, false));
        assert!(parse_response_head(
            b"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            false
        )
        .is_err());
        assert!(
            parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", false).is_err()
        );
        // Repeated values that agree are one length.
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nContent-Length: 4, 4\r\nContent-Length: 4\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.length), (Framing::Length(4), Some(4)));
        // Fields the back end's Connection names stay behind, in any case
        // and list position; `close` among its tokens ends the reuse.
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nConnection: x-hop , KEEP-ALIVE\r\nX-Hop: 1\r\nConnection: Close\r\nX-Kept: 2\r\nContent-Length: 0\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!(format!("{:?}", r.headers), "[\"X-Kept: 2\"]");
        assert!(!r.reusable);
        assert!(parse_response_head(b"HTTP/1.1 200 OK\r\nContent-", false)
            .unwrap()
            .is_none());
    }

    #[test]
    fn addresses_as_text() {
        for text in [
            "0.0.0.0",
            "127.0.0.5",
            "255.255.255.255",
            "10.200.3.40",
            "::1",
            "2001:db8::7",
        ] {
            let mut out = b"X: ".to_vec();
            push_address(&mut out, text.parse().unwrap());
            assert_eq!(out, format!("X: {text}").into_bytes());
        }
    }
}
