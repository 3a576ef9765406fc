//! Request heads: the request line and header fields, the limits on
//! their size, and the framing of the body that follows (checked strictly,
//! so that no two parties can disagree on where this request ends). The
//! result is a protocol-neutral `exchange::Request` plus what only HTTP/1
//! needs: the wire framing, the client's wish to close, the head's length.

use super::body::Framing;
use crate::exchange::{BodyLength, Client, Headers, Method, Request, Version};
use std::mem::MaybeUninit;

/// A parsed HTTP/1 request head.
#[derive(Debug)]
pub struct RequestHead {
    pub request: Request,
    pub framing: Framing,
    /// The client asked to close (`Connection: close`), or, on HTTP/1.0,
    /// did not ask to keep the connection open.
    pub wants_close: bool,
    /// Bytes the head occupied in the input, including the blank line.
    pub head_len: usize,
}

#[derive(Debug, Clone, Copy)]
pub struct HeadLimits {
    pub max_uri_bytes: usize,
    pub max_header_bytes: usize,
}

/// A request that cannot be served; always answered, then the connection
/// is closed (the stream position can no longer be trusted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rejection {
    pub status: u16,
    pub why: &'static str,
}

#[derive(Debug)]
pub enum ParseOutcome {
    Complete(Box<RequestHead>),
    /// More bytes are needed.
    Partial,
    Rejected(Rejection),
}

const MAX_HEADERS: usize = 100;

fn reject(status: u16, why: &'static str) -> ParseOutcome {
    ParseOutcome::Rejected(Rejection { status, why })
}

/// Parses one request head from the start of `buf`.
pub fn parse_head(buf: &[u8], limits: &HeadLimits, client: Client) -> ParseOutcome {
    parse_head_reusing(buf, limits, client, &mut None)
}

/// `parse_head`, the head built in `spare` (a served request's head, which
/// its connection keeps): its box, target, fields and host are refilled
/// in the memory they have, not allocated again for every request. The
/// spare is taken only by a complete head; a rejected one leaves it
/// partly refilled (the next parse refills all of it).
pub fn parse_head_reusing(
    buf: &[u8],
    limits: &HeadLimits,
    client: Client,
    spare: &mut Option<Box<RequestHead>>,
) -> ParseOutcome {
    match parse_with_version(buf, limits, client, spare) {
        // httparse refused the version (it knows 1.0 and 1.1 only).
        ParseOutcome::Rejected(Rejection { status: 505, .. }) => match version_token(buf) {
            // RFC 9110 2.5: a later 1.x minor version is understood as the
            // highest one implemented: the same head is parsed again as 1.1
            // (same length, same offsets).
            Some((minor_at, b'1', minor)) if minor > b'1' => {
                let mut as_11 = buf.to_vec();
                as_11[minor_at] = b'1';
                parse_with_version(&as_11, limits, client, spare)
            }
            // A well-formed version this server does not speak.
            Some(_) => reject(505, "unsupported HTTP version"),
            // Not a version at all (`HTTP/1.x`, `http/1.1`; RFC 9112 2.3).
            None => reject(400, "malformed HTTP version"),
        },
        outcome => outcome,
    }
}

/// The version of a request line `METHOD SP TARGET SP HTTP/D.D`: where
/// its minor digit is, its major and minor digits. None when the line has
/// another shape.
fn version_token(buf: &[u8]) -> Option<(usize, u8, u8)> {
    let line_end = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
    let line = &buf[..line_end];
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let parts: Vec<&[u8]> = line.split(|&b| b == b' ').collect();
    match parts.as_slice() {
        [_method, _target, [b'H', b'T', b'T', b'P', b'/', major, b'.', minor]]
            if major.is_ascii_digit() && minor.is_ascii_digit() =>
        {
            Some((line.len() - 1, *major, *minor))
        }
        _ => None,
    }
}

fn parse_with_version(
    buf: &[u8],
    limits: &HeadLimits,
    client: Client,
    spare: &mut Option<Box<RequestHead>>,
) -> ParseOutcome {
    // Left uninitialised: zeroing 100 fields (3.2 KB) cost more than the
    // parse itself for a typical head.
    let mut headers = [const { MaybeUninit::<httparse::Header<'_>>::uninit() }; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut []);
    let head_len = match req.parse_with_uninit_headers(buf, &mut headers) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return partial_within_limits(buf, limits),
        Err(httparse::Error::Version) => return reject(505, "unsupported HTTP version"),
        Err(httparse::Error::TooManyHeaders) => return reject(431, "too many header fields"),
        Err(_) => return reject(400, "malformed request line or header"),
    };
    let target = req.path.unwrap_or("").as_bytes();
    if target.len() > limits.max_uri_bytes {
        return reject(414, "request URI too long");
    }
    if head_len > limits.max_header_bytes {
        return reject(431, "request head too large");
    }
    let version = if req.version == Some(0) {
        Version::Http10
    } else {
        Version::Http11
    };
    let method = Method::parse(req.method.unwrap_or(""));
    // RFC 9112 3.2: origin-form ("/path"), absolute-form ("http://a/b"),
    // authority-form (CONNECT only) or asterisk-form (OPTIONS only).
    let target_host = match target {
        [b'/', ..] => None,
        b"*" if matches!(&method, Method::Other(m) if m == "OPTIONS") => None,
        _ if matches!(&method, Method::Other(m) if m == "CONNECT") => None,
        _ => match absolute_form_authority(target) {
            Some(authority) => Some(authority),
            None => return reject(400, "malformed request target"),
        },
    };

    // Refilled in place, field by field: a head built whole and moved into
    // the box cost a copy of it per request. Every field is named here (no
    // `..`), so none can keep the last request's value unnoticed.
    let head = spare.get_or_insert_with(|| Box::new(RequestHead::empty(client, req.headers.len())));
    let RequestHead {
        request:
            Request {
                method: method_slot,
                target: target_bytes,
                version: version_slot,
                headers: fields,
                host: host_slot,
                body: body_slot,
                expect_continue: expect_continue_slot,
                upgrade: upgrade_slot,
                client: client_slot,
            },
        framing: framing_slot,
        wants_close: wants_close_slot,
        head_len: head_len_slot,
    } = &mut **head;
    target_bytes.clear();
    target_bytes.extend_from_slice(target);
    fields.clear();
    let host_text = host_slot.get_or_insert_with(String::new);
    // The last request's host was valid; the next one on a connection is
    // most often the same, and is then neither checked nor copied again.
    let mut last_host = true;
    let mut host = false;
    let mut host_count = 0;
    let mut conn_close = false;
    let mut conn_keep_alive = false;
    let mut conn_upgrade = false;
    let mut upgrade: Option<String> = None;
    let mut content_length: Option<u64> = None;
    let mut transfer_encoding: Option<String> = None;
    let mut expect_continue = false;

    for h in req.headers.iter() {
        let value = h.value;
        let name = h.name;
        fields.append(name, value);
        if name.eq_ignore_ascii_case("host") {
            host_count += 1;
            if !(last_host && !host_text.is_empty() && host_text.as_bytes() == value) {
                if !is_valid_host(value) {
                    return reject(400, "invalid Host header");
                }
                host_text.clear();
                push_text(host_text, value);
                last_host = false;
            }
            host = true;
        } else if name.eq_ignore_ascii_case("connection") {
            for token in value.split(|&b| b == b',') {
                let token = trim(token);
                conn_close |= token.eq_ignore_ascii_case(b"close");
                conn_keep_alive |= token.eq_ignore_ascii_case(b"keep-alive");
                conn_upgrade |= token.eq_ignore_ascii_case(b"upgrade");
            }
        } else if name.eq_ignore_ascii_case("content-length") {
            for part in value.split(|&b| b == b',') {
                let Some(n) = parse_decimal(trim(part)) else {
                    return reject(400, "invalid Content-Length");
                };
                if content_length.is_some_and(|prev| prev != n) {
                    return reject(400, "conflicting Content-Length values");
                }
                content_length = Some(n);
            }
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            if transfer_encoding.is_some() {
                return reject(400, "repeated Transfer-Encoding");
            }
            transfer_encoding = Some(String::from_utf8_lossy(value).into_owned());
        } else if name.eq_ignore_ascii_case("upgrade") {
            let value = String::from_utf8_lossy(trim(value));
            upgrade = Some(match upgrade {
                Some(before) => format!("{before}, {value}"),
                None => value.into_owned(),
            });
        } else if name.eq_ignore_ascii_case("expect") {
            if trim(value).eq_ignore_ascii_case(b"100-continue") {
                expect_continue = true;
            } else {
                return reject(417, "unsupported expectation");
            }
        }
    }

    if host_count > 1 {
        return reject(400, "more than one Host header");
    }
    if version == Version::Http11 && host_count == 0 {
        return reject(400, "missing Host header");
    }
    // RFC 9112 3.2.2: the absolute-form's authority replaces Host.
    if let Some(authority) = target_host {
        if !is_valid_host(authority) {
            return reject(400, "invalid authority in the request target");
        }
        host_text.clear();
        push_text(host_text, authority);
        host = true;
    }
    let framing = match (transfer_encoding, content_length) {
        (Some(_), Some(_)) => return reject(400, "both Content-Length and Transfer-Encoding"),
        (Some(_), None) if version == Version::Http10 => {
            return reject(400, "Transfer-Encoding in an HTTP/1.0 request")
        }
        (Some(te), None) => match transfer_codings(&te) {
            Ok(()) => Framing::Chunked,
            Err(rejection) => return ParseOutcome::Rejected(rejection),
        },
        (None, Some(0)) | (None, None) => Framing::Empty,
        (None, Some(n)) => Framing::Length(n),
    };
    let wants_close = match version {
        Version::Http10 => conn_close || !conn_keep_alive,
        // The HTTP/1 parser makes no other.
        Version::Http11 | Version::Http2 => conn_close,
    };
    let body = match framing {
        Framing::Empty => BodyLength::None,
        Framing::Length(n) => BodyLength::Known(n),
        Framing::Chunked | Framing::UntilClose => BodyLength::Unknown,
    };
    *method_slot = method;
    *version_slot = version;
    if !host {
        *host_slot = None;
    }
    *body_slot = body;
    // RFC 9110 10.1.1: MUST ignore 100-continue from HTTP/1.0.
    *expect_continue_slot = expect_continue && version == Version::Http11;
    // RFC 9110 7.8: only HTTP/1.1 switches, and only when the client
    // lists `upgrade` in Connection (the field is hop-by-hop).
    *upgrade_slot = upgrade.filter(|_| conn_upgrade && version == Version::Http11);
    *client_slot = client;
    *framing_slot = framing;
    *wants_close_slot = wants_close;
    *head_len_slot = head_len;
    ParseOutcome::Complete(spare.take().expect("the head was just filled in"))
}

impl RequestHead {
    /// A head for `parse_with_version` to fill in, with room for `fields`.
    fn empty(client: Client, fields: usize) -> RequestHead {
        RequestHead {
            request: Request {
                method: Method::Get,
                target: Vec::new(),
                version: Version::Http11,
                headers: Headers::with_capacity(fields),
                host: None,
                body: BodyLength::None,
                expect_continue: false,
                upgrade: None,
                client,
            },
            framing: Framing::Empty,
            wants_close: false,
            head_len: 0,
        }
    }
}

/// A request's Transfer-Encoding must end in chunked, once (RFC 9112 6.1:
/// otherwise its length is unknown: 400); codings before it are ones this
/// server does not decode (501).
fn transfer_codings(te: &str) -> Result<(), Rejection> {
    // RFC 9110 5.6.1.2: empty list elements are not elements.
    let codings: Vec<&str> = te
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let chunked = |c: &&str| c.eq_ignore_ascii_case("chunked");
    match codings.as_slice() {
        [only] if chunked(only) => Ok(()),
        [before @ .., last] if chunked(last) && !before.iter().any(chunked) => Err(Rejection {
            status: 501,
            why: "unsupported Transfer-Encoding",
        }),
        _ => Err(Rejection {
            status: 400,
            why: "Transfer-Encoding does not end in chunked once",
        }),
    }
}

/// Appends field bytes as text, lossy. `from_utf8` checks ASCII a word at
/// a time where the lossy form goes byte by byte, and most fields (every
/// valid host) are ASCII.
pub fn push_text(out: &mut String, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(text) => out.push_str(text),
        Err(_) => out.push_str(&String::from_utf8_lossy(bytes)),
    }
}

/// `uri-host [ ":" port ]` (RFC 9112 3.2, RFC 3986 3.2.2): a reg-name of
/// unreserved, percent-encoded and sub-delim characters, an IPv4 address,
/// or an IP literal in brackets; the port digits only. Empty is allowed
/// (a target without authority).
pub fn is_valid_host(value: &[u8]) -> bool {
    let (host, port) = match value {
        [b'[', ..] => match value.iter().position(|&b| b == b']') {
            Some(end) => (&value[..=end], &value[end + 1..]),
            None => return false,
        },
        _ => match value.iter().position(|&b| b == b':') {
            Some(colon) => (&value[..colon], &value[colon..]),
            None => (value, &b""[..]),
        },
    };
    let port_ok = match port {
        [] => true,
        [b':', digits @ ..] => digits.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    let host_ok = match host {
        [b'[', inner @ .., b']'] => {
            !inner.is_empty()
                && inner
                    .iter()
                    .all(|&b| b.is_ascii_hexdigit() || b":.".contains(&b))
        }
        _ => host.iter().all(|&b| REG_NAME_BYTES[usize::from(b)]),
    };
    port_ok && host_ok
}

/// The bytes of a reg-name (unreserved, sub-delims, and `%` of a
/// percent-encoding) as a table: every byte of every request's host goes
/// through it.
const REG_NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    let others = b"-._~%!$&'()*+,;=";
    let mut i = 0;
    while i < others.len() {
        table[others[i] as usize] = true;
        i += 1;
    }
    table
};

/// The authority of an absolute-form target (`http://host:port/path`).
fn absolute_form_authority(target: &[u8]) -> Option<&[u8]> {
    let colon = target.iter().position(|&b| b == b':')?;
    let scheme = &target[..colon];
    if !scheme.eq_ignore_ascii_case(b"http") && !scheme.eq_ignore_ascii_case(b"https") {
        return None;
    }
    let rest = target[colon..].strip_prefix(b"://")?;
    let end = rest
        .iter()
        .position(|&b| b == b'/' || b == b'?')
        .unwrap_or(rest.len());
    let authority = &rest[..end];
    // userinfo is not allowed in an http(s) URI sent to a server.
    (!authority.is_empty() && !authority.contains(&b'@')).then_some(authority)
}

/// An incomplete head is fine only while it stays within the limits.
fn partial_within_limits(buf: &[u8], limits: &HeadLimits) -> ParseOutcome {
    let first_line = buf.iter().position(|&b| b == b'\n');
    let line_len = first_line.unwrap_or(buf.len());
    // Method, two spaces and "HTTP/1.x" around the URI.
    if line_len > limits.max_uri_bytes + 32 {
        return reject(414, "request URI too long");
    }
    if buf.len() > limits.max_header_bytes {
        return if first_line.is_none() {
            reject(414, "request URI too long")
        } else {
            reject(431, "request head too large")
        };
    }
    ParseOutcome::Partial
}

fn trim(mut s: &[u8]) -> &[u8] {
    while let [b' ' | b'\t', rest @ ..] = s {
        s = rest;
    }
    while let [rest @ .., b' ' | b'\t'] = s {
        s = rest;
    }
    s
}

/// Digits only: no sign, no spaces inside, no overflow.
fn parse_decimal(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 19 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(s).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: HeadLimits = HeadLimits {
        max_uri_bytes: 64,
        max_header_bytes: 256,
    };

    fn client() -> Client {
        Client {
            addr: "127.0.0.1:1".parse().unwrap(),
            local: None,
            tls: false,
        }
    }

    fn parse(s: &str) -> ParseOutcome {
        parse_head(s.as_bytes(), &LIMITS, client())
    }

    fn status(s: &str) -> u16 {
        match parse(s) {
            ParseOutcome::Rejected(r) => r.status,
            other => panic!("expected rejection, got {other:?}"),
        }
    }

    fn complete(s: &str) -> RequestHead {
        match parse(s) {
            ParseOutcome::Complete(h) => *h,
            other => panic!("expected a request, got {other:?}"),
        }
    }

    #[test]
    fn a_spare_head_is_refilled_as_a_new_one_would_be() {
        let heads = [
            "GET /first/path?q=1 HTTP/1.1\r\nHost: one.example\r\nAccept: */*\r\nX-A: 1\r\n\r\n",
            "POST /2 HTTP/1.1\r\nContent-Length: 3\r\nHost: two\r\nConnection: close\r\n\r\n",
            "GET http://three:8080/x HTTP/1.1\r\nHost: ignored\r\n\r\n",
            "GET / HTTP/1.0\r\n\r\n",
        ];
        let mut spare = None;
        for head in heads {
            let fresh = complete(head);
            let before = spare
                .as_deref()
                .map(|h: &RequestHead| h as *const RequestHead);
            let reused = match parse_head_reusing(head.as_bytes(), &LIMITS, client(), &mut spare) {
                ParseOutcome::Complete(h) => h,
                other => panic!("expected a request, got {other:?}"),
            };
            assert_eq!(format!("{:?}", *reused), format!("{fresh:?}"), "{head:?}");
            if let Some(before) = before {
                assert_eq!(
                    &*reused as *const RequestHead, before,
                    "the box is refilled"
                );
            }
            assert!(spare.is_none(), "a complete head takes the spare");
            spare = Some(reused);
        }
        // The last host is not checked again; any other still is.
        for (host, status) in [
            ("same.example", None),
            ("same.example", None),
            ("b@d", Some(400)),
        ] {
            let head = format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n");
            match parse_head_reusing(head.as_bytes(), &LIMITS, client(), &mut spare) {
                ParseOutcome::Complete(h) if status.is_none() => {
                    assert_eq!(h.request.host.as_deref(), Some(host));
                    spare = Some(h);
                }
                ParseOutcome::Rejected(r) if Some(r.status) == status => {}
                other => panic!("{host}: got {other:?}"),
            }
        }
        // A rejected head leaves the spare partly refilled; the next head
        // refills all of it.
        assert!(spare.is_some(), "a rejected head leaves the spare");
        for head in [
            "POST /x HTTP/1.1\r\nHost: one\r\nContent-Length: 1, 2\r\n\r\n",
            "GET /y HTTP/1.1\r\nHost: one\r\nHost: two\r\n\r\n",
        ] {
            let rejected = parse_head_reusing(head.as_bytes(), &LIMITS, client(), &mut spare);
            assert!(matches!(rejected, ParseOutcome::Rejected(_)), "{head:?}");
            let next = "GET / HTTP/1.0\r\n\r\n";
            let reused = match parse_head_reusing(next.as_bytes(), &LIMITS, client(), &mut spare) {
                ParseOutcome::Complete(h) => h,
                other => panic!("expected a request, got {other:?}"),
            };
            assert_eq!(format!("{:?}", *reused), format!("{:?}", complete(next)));
            spare = Some(reused);
        }
        // An incomplete head leaves the spare where it was.
        spare = Some(Box::new(complete("GET / HTTP/1.0\r\n\r\n")));
        let partial = parse_head_reusing(b"GET / HT", &LIMITS, client(), &mut spare);
        assert!(matches!(partial, ParseOutcome::Partial));
        assert!(spare.is_some());
    }

    #[test]
    fn simple_get() {
        let h = complete("GET /a?b HTTP/1.1\r\nHost: x\r\n\r\nGET");
        assert_eq!(h.request.method, Method::Get);
        assert_eq!(h.request.target, b"/a?b");
        assert_eq!(h.head_len, 30);
        assert!(!h.wants_close);
        assert_eq!(h.framing, Framing::Empty);
        assert_eq!(h.request.headers.get("host"), Some(&b"x"[..]));
    }

    #[test]
    fn http10_closes_unless_keep_alive() {
        assert!(complete("GET / HTTP/1.0\r\n\r\n").wants_close);
        assert!(!complete("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").wants_close);
        assert!(
            complete("GET / HTTP/1.1\r\nHost: x\r\nConnection: foo, close\r\n\r\n").wants_close
        );
    }

    #[test]
    fn partial_heads_wait_for_more() {
        assert!(matches!(
            parse("GET / HTTP/1.1\r\nHost: x\r\n"),
            ParseOutcome::Partial
        ));
        assert!(matches!(parse("GE"), ParseOutcome::Partial));
    }

    #[test]
    fn host_rules() {
        assert_eq!(status("GET / HTTP/1.1\r\n\r\n"), 400);
        assert_eq!(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
        // Each byte in a reg-name, against RFC 3986's sets.
        for b in 0..=255u8 {
            let allowed = b.is_ascii_alphanumeric() || b"-._~%!$&'()*+,;=".contains(&b);
            assert_eq!(is_valid_host(&[b'a', b, b'z']), allowed, "{b:#x}");
            assert_eq!(
                is_valid_host(&[b'a', b, b'z', b':', b'1']),
                allowed,
                "{b:#x}"
            );
        }
    }

    #[test]
    fn framing_rules_prevent_smuggling() {
        assert_eq!(status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"),
            501
        );
        assert_eq!(status("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
        assert_eq!(
            status("GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nContent-Length : 5\r\n\r\n"),
            400
        );
        let same =
            complete("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n");
        assert_eq!(same.framing, Framing::Length(5));
        let chunked = complete("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n");
        assert_eq!(chunked.framing, Framing::Chunked);
    }

    #[test]
    fn size_limits() {
        let long_uri = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100));
        assert_eq!(status(&long_uri), 414);
        assert_eq!(status(&format!("GET /{}", "a".repeat(300))), 414);
        let big_headers = format!(
            "GET / HTTP/1.1\r\nHost: x\r\nX: {}\r\n\r\n",
            "a".repeat(300)
        );
        assert_eq!(status(&big_headers), 431);
        assert_eq!(
            status(&format!(
                "GET / HTTP/1.1\r\nHost: x\r\nX: {}",
                "a".repeat(300)
            )),
            431
        );
        let many: String = (0..101).map(|i| format!("X{i}: y\r\n")).collect();
        let limits = HeadLimits {
            max_uri_bytes: 64,
            max_header_bytes: 1 << 16,
        };
        let outcome = parse_head(
            format!("GET / HTTP/1.1\r\nHost: x\r\n{many}\r\n").as_bytes(),
            &limits,
            client(),
        );
        assert!(matches!(
            outcome,
            ParseOutcome::Rejected(Rejection { status: 431, .. })
        ));
    }

    /// RFC 9112 and RFC 9110, requirement by requirement, with raw bytes.
    #[test]
    fn rfc9112_message_syntax() {
        // 2.2: at least one empty line before the request line is ignored.
        assert_eq!(
            complete("\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
                .request
                .target,
            b"/"
        );
        // 2.2: a bare CR is invalid.
        assert_eq!(status("GET / HTTP/1.1\rHost: x\r\n\r\n"), 400);
        assert_eq!(status("GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n"), 400);
        // 2.2: whitespace between the start line and the first field.
        assert_eq!(status("GET / HTTP/1.1\r\n Host: x\r\n\r\n"), 400);
        // 3: single spaces around the target; the method is a token.
        assert_eq!(status("GET  / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(status("G(T / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(status("GET /a b HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
        // 5.1: no whitespace between field name and colon.
        assert_eq!(status("GET / HTTP/1.1\r\nHost : x\r\n\r\n"), 400);
        // 5.2: obs-fold is rejected (or replaced; we reject).
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n  b\r\n\r\n"),
            400
        );
        // RFC 9110 5.5: CR, LF or NUL in a field value.
        assert_eq!(status("GET / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n"), 400);
        // RFC 9110 5.1: an empty field name.
        assert_eq!(status("GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n"), 400);
    }

    #[test]
    fn rfc9110_version_handling() {
        // 2.3: HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive.
        assert_eq!(status("GET / HTTP/1.x\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(status("GET / http/1.1\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(status("GET / HTTP/1.10\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(status("GET / HTTP/1\r\nHost: x\r\n\r\n"), 400);
        // RFC 9110 2.5 / 15.6.6: a major version not supported: 505.
        assert_eq!(status("GET / HTTP/2.0\r\nHost: x\r\n\r\n"), 505);
        assert_eq!(status("GET / HTTP/3.0\r\nHost: x\r\n\r\n"), 505);
        assert_eq!(status("GET / HTTP/0.9\r\nHost: x\r\n\r\n"), 505);
        // 2.5: a higher minor version is treated as the highest supported.
        let later = complete("GET /v HTTP/1.2\r\nHost: x\r\n\r\n");
        assert_eq!(later.request.version, Version::Http11);
        assert_eq!(later.request.target, b"/v");
        assert_eq!(later.head_len, 28);
        assert_eq!(status("GET / HTTP/1.9\r\n\r\n"), 400); // 1.1 rules: Host required
                                                           // The version may arrive before the end of its line.
        assert!(matches!(parse("GET /v HTTP/1.2"), ParseOutcome::Partial));
    }

    #[test]
    fn rfc9112_host_and_target_forms() {
        // 3.2: 400 for a missing Host (1.1), several Host lines, or an
        // invalid Host value.
        assert_eq!(status("GET / HTTP/1.1\r\n\r\n"), 400);
        assert_eq!(status("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n"), 400);
        for bad in [
            "a b", "a/b", "a@b", "a:b:c", "a:8x", "[::1", "[zz]", "a?b", "a\"b", "[::1]x",
        ] {
            let req = format!("GET / HTTP/1.1\r\nHost: {bad}\r\n\r\n");
            assert_eq!(status(&req), 400, "Host: {bad}");
        }
        for good in [
            "example.com",
            "example.com:8443",
            "127.0.0.1",
            "[::1]:443",
            "xn--bcher-kva.example",
            "",
        ] {
            let req = format!("GET / HTTP/1.1\r\nHost: {good}\r\n\r\n");
            assert_eq!(
                complete(&req).request.host.as_deref(),
                Some(good),
                "Host: {good}"
            );
        }
        // 3.2.2: absolute-form is accepted; its authority replaces Host.
        let abs = complete("GET http://example.com:81/a?b HTTP/1.1\r\nHost: other\r\n\r\n");
        assert_eq!(abs.request.host.as_deref(), Some("example.com:81"));
        assert_eq!(abs.request.target, b"http://example.com:81/a?b");
        let abs10 = complete("GET https://example.com HTTP/1.0\r\n\r\n");
        assert_eq!(abs10.request.host.as_deref(), Some("example.com"));
        assert_eq!(
            status("GET http://u@example.com/ HTTP/1.1\r\nHost: x\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET ftp://example.com/ HTTP/1.1\r\nHost: x\r\n\r\n"),
            400
        );
        assert_eq!(status("GET a/b HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
        // 3.2.4: asterisk-form for OPTIONS only.
        assert!(matches!(
            parse("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"),
            ParseOutcome::Complete(_)
        ));
        assert_eq!(status("GET * HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
    }

    #[test]
    fn rfc9110_expect() {
        let h = complete(
            "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n",
        );
        assert!(h.request.expect_continue);
        let h = complete("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n");
        assert!(!h.request.expect_continue);
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n"),
            417
        );
    }

    #[test]
    fn rfc9112_transfer_codings() {
        let te = |v: &str| match parse(&format!(
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: {v}\r\n\r\n"
        )) {
            ParseOutcome::Rejected(r) => r.status,
            ParseOutcome::Complete(h) if h.framing == Framing::Chunked => 0,
            other => panic!("{other:?}"),
        };
        // 6.1: chunked must be the final coding, applied once; else 400.
        assert_eq!(te("chunked, gzip"), 400);
        assert_eq!(te("chunked, chunked"), 400);
        assert_eq!(te("gzip"), 400);
        assert_eq!(te(""), 400);
        // Codings before chunked that this server does not decode: 501.
        assert_eq!(te("gzip, chunked"), 501);
        assert_eq!(te(", chunked ,"), 0);
    }

    #[test]
    fn malformed_and_versions() {
        assert_eq!(status("GET / HTTP/2.0\r\n\r\n"), 505);
        assert_eq!(status("GET  / HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n"),
            400
        );
        assert_eq!(
            status("GET / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n"),
            417
        );
    }
}
