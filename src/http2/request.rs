//! A client's header block as a request (RFC 9113 sections 8.2 and 8.3.1):
//! the pseudo-header fields and their order, field names in lower case,
//! values without the bytes that could split them on an HTTP/1 hop, the
//! connection-specific fields HTTP/2 forbids, cookie crumbs joined again.
//! A block that breaks these is malformed: its stream is reset with
//! PROTOCOL_ERROR (section 8.1.1). A block over the header list limit
//! is answered 431.
//!
//! Fields arrive one at a time from the HPACK decoder; the whole block is
//! always decoded (the decoder's table must follow the client's), so the
//! first error is remembered and reported at the end.

use super::hpack::Field;
use crate::exchange::{BodyLength, Client, Headers, Method, Request, Version};
use crate::token::is_tchar;

/// Why a header block is not a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HeadError {
    #[error("malformed request: {0}")]
    Malformed(&'static str),
    #[error("header list larger than the limit")]
    TooLarge,
}

/// A request head as HTTP/2 carried it, checked.
#[derive(Debug, Clone)]
pub struct RequestHead {
    pub method: Method,
    pub authority: Option<String>,
    /// The `:authority` is a `uri-host [":" port]` (`is_valid_host`):
    /// checked as the field arrived, once per HPACK table entry.
    pub authority_valid: bool,
    /// Empty for CONNECT.
    pub path: Vec<u8>,
    /// The regular fields in order, cookie crumbs joined into one field at
    /// the end. With an `:authority`, a `host` field made from it comes
    /// first (an HTTP/1.1 hop needs Host) and the client's own are dropped
    /// (section 8.3.1: `:authority` wins).
    pub headers: Headers,
    pub content_length: Option<u64>,
}

impl RequestHead {
    /// The exchange's request. `end_stream`: the HEADERS frame ended the
    /// stream, so there is no body.
    pub fn into_request(self, client: Client, end_stream: bool) -> Result<Request, HeadError> {
        let (host, valid) = match self.authority {
            Some(authority) => (Some(authority), self.authority_valid),
            None => {
                let mut hosts = self.headers.get_all("host");
                match (hosts.next(), hosts.next()) {
                    (Some(host), None) => (
                        Some(String::from_utf8_lossy(host).into_owned()),
                        crate::http::is_valid_host(host),
                    ),
                    (None, _) => (None, true),
                    (Some(_), Some(_)) => {
                        return Err(HeadError::Malformed("more than one Host field"))
                    }
                }
            }
        };
        if !valid {
            return Err(HeadError::Malformed("invalid :authority or Host"));
        }
        let target = if self.path.is_empty() {
            // CONNECT: the authority is the target.
            host.clone().unwrap_or_default().into_bytes()
        } else {
            self.path
        };
        let body = match self.content_length {
            _ if end_stream => BodyLength::None,
            Some(0) => BodyLength::None,
            Some(n) => BodyLength::Known(n),
            None => BodyLength::Unknown,
        };
        Ok(Request {
            method: self.method,
            target,
            version: Version::Http2,
            headers: self.headers,
            host,
            body,
            expect_continue: false,
            upgrade: None,
            client,
        })
    }
}

/// Fields HTTP/2 forbids (section 8.2.2), in either direction: they
/// belong to one connection, and HTTP/2 has its own framing.
pub(super) const fn is_connection_specific(name: &[u8]) -> bool {
    matches!(
        name,
        b"connection" | b"keep-alive" | b"proxy-connection" | b"transfer-encoding" | b"upgrade"
    )
}

/// What a header list entry costs against SETTINGS_MAX_HEADER_LIST_SIZE
/// besides its bytes (section 6.5.2).
const FIELD_OVERHEAD: usize = 32;

/// A token character in lower case (RFC 9110 5.6.2; section 8.2.1 forbids
/// upper case).
fn is_name_byte(b: u8) -> bool {
    NAME_BYTES[usize::from(b)]
}

/// `is_name_byte` as a table: every byte of every field name is checked.
const NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = is_tchar(c) && !c.is_ascii_uppercase();
        b += 1;
    }
    table
};

/// Section 8.2.1: no NUL, CR or LF anywhere, no white space at either end.
fn is_valid_value(v: &[u8]) -> bool {
    !v.iter().any(|&b| b == 0 || b == b'\r' || b == b'\n')
        && !matches!(v.first(), Some(b' ' | b'\t'))
        && !matches!(v.last(), Some(b' ' | b'\t'))
}

/// A finished request's buffers, emptied, for the next head to fill (no
/// allocation per request on a busy connection).
#[derive(Debug, Default)]
pub struct Spare {
    headers: Headers,
    path: Vec<u8>,
    authority: String,
}

impl Spare {
    /// Buffers larger than this are dropped rather than kept: one large
    /// request should not pin its memory for the connection's life.
    const MAX_KEPT: usize = 4096;

    /// `request`'s buffers, emptied, unless they are large.
    pub fn of(request: Request) -> Option<Spare> {
        let Request {
            mut headers,
            mut target,
            host,
            ..
        } = request;
        let mut authority = host.unwrap_or_default();
        if headers.capacity() + target.capacity() + authority.capacity() > Self::MAX_KEPT {
            return None;
        }
        headers.clear();
        target.clear();
        authority.clear();
        Some(Spare {
            headers,
            path: target,
            authority,
        })
    }
}

/// Builds a request head (or trailers) from decoded fields.
#[derive(Debug)]
pub struct HeadBuilder {
    trailers: bool,
    max_list_size: usize,
    list_size: usize,
    method: Option<Method>,
    scheme_seen: bool,
    authority: Option<String>,
    authority_valid: bool,
    path: Option<Vec<u8>>,
    regular_seen: bool,
    headers: Headers,
    /// Buffers for `:path` and `:authority`.
    spare_path: Vec<u8>,
    spare_authority: String,
    cookies: Vec<u8>,
    content_length: Option<u64>,
    error: Option<HeadError>,
}

impl HeadBuilder {
    /// For a request's head (`trailers` false) or the trailer block after
    /// its body, with the header list limit we announced, filling `spare`'s
    /// buffers if there are some.
    pub fn new(trailers: bool, max_list_size: usize, spare: Option<Spare>) -> HeadBuilder {
        let Spare {
            headers,
            path: spare_path,
            authority: spare_authority,
        } = spare.unwrap_or_else(|| Spare {
            headers: Headers::with_capacity(16),
            ..Spare::default()
        });
        HeadBuilder {
            trailers,
            max_list_size,
            list_size: 0,
            method: None,
            scheme_seen: false,
            authority: None,
            authority_valid: false,
            path: None,
            regular_seen: false,
            headers,
            spare_path,
            spare_authority,
            cookies: Vec::new(),
            content_length: None,
            error: None,
        }
    }

    fn fail(&mut self, why: &'static str) {
        self.error.get_or_insert(HeadError::Malformed(why));
    }

    /// Takes the next field of the block. Answers whether its bytes are
    /// well-formed (section 8.2.1: a known pseudo-header or a lower-case
    /// token that is not connection-specific, a value without NUL, CR, LF
    /// or white space at an end), so the decoder can hand the same table
    /// entry back as `checked` and those scans are skipped. Whether the
    /// field may stand here (order, repetition, limits) is checked every
    /// time.
    pub fn field(&mut self, field: Field<'_>) -> bool {
        let (name, value) = (field.name, field.value);
        self.list_size += name.len() + value.len() + FIELD_OVERHEAD;
        if self.list_size > self.max_list_size {
            // Past the limit nothing more is kept; 431 wins over any
            // later error.
            self.error = Some(HeadError::TooLarge);
        }
        if self.error.is_some() {
            return false;
        }
        if !field.checked && !is_valid_value(value) {
            self.fail("field value with NUL, CR, LF or white space at an end");
            return false;
        }
        if let Some(pseudo) = name.strip_prefix(b":") {
            return self.pseudo_field(pseudo, value, field.checked);
        }
        self.regular_seen = true;
        if !field.checked {
            if name.is_empty() || !name.iter().all(|&b| is_name_byte(b)) {
                self.fail("field name empty, not a token, or not in lower case");
                return false;
            }
            if is_connection_specific(name) {
                self.fail("connection-specific field");
                return false;
            }
        }
        match name {
            // Section 8.2.2: TE may only say "trailers"; hop-by-hop, so
            // not passed on.
            b"te" => {
                if !value.eq_ignore_ascii_case(b"trailers") {
                    self.fail("TE other than \"trailers\"");
                }
            }
            // The `host` made from `:authority` stands (section 8.3.1).
            b"host" if self.authority.is_some() => {}
            // Section 8.2.3: crumbs become one field again.
            b"cookie" => {
                if !self.cookies.is_empty() {
                    self.cookies.extend_from_slice(b"; ");
                }
                self.cookies.extend_from_slice(value);
            }
            _ => {
                if name == b"content-length" {
                    let parsed = std::str::from_utf8(value)
                        .ok()
                        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                        .and_then(|s| s.parse::<u64>().ok());
                    // Refused for its value, so its bytes stay well-formed.
                    match (parsed, self.content_length) {
                        (None, _) => {
                            self.fail("invalid content-length");
                            return true;
                        }
                        (Some(n), Some(m)) if n != m => {
                            self.fail("conflicting content-length fields");
                            return true;
                        }
                        (Some(n), _) => self.content_length = Some(n),
                    }
                }
                // Checked above: lower-case ASCII.
                let name = std::str::from_utf8(name).unwrap_or_default();
                self.headers.append(name, value);
            }
        }
        true
    }

    /// A pseudo-header field (`pseudo`: its name without the colon);
    /// answers as `field` does, false whenever it was not looked at whole.
    /// An `:authority` is well-formed only if it is also a valid host, so
    /// a `checked` one needs no scan.
    fn pseudo_field(&mut self, pseudo: &[u8], value: &[u8], checked: bool) -> bool {
        if self.trailers {
            self.fail("pseudo-header field in trailers");
            return false;
        }
        if self.regular_seen {
            self.fail("pseudo-header field after a regular field");
            return false;
        }
        let mut well_formed = true;
        let slot_taken = match pseudo {
            b"method" => {
                // A token (RFC 9110 9.1), so ASCII.
                let is_token = checked || (!value.is_empty() && value.iter().all(|&b| is_tchar(b)));
                let token = is_token.then(|| std::str::from_utf8(value).ok()).flatten();
                let Some(token) = token else {
                    self.fail("invalid :method");
                    return false;
                };
                self.method.replace(Method::parse(token)).is_some()
            }
            b"scheme" => std::mem::replace(&mut self.scheme_seen, true),
            b"authority" => {
                // Looked at whole even when repeated, so the answer holds.
                well_formed = checked || crate::http::is_valid_host(value);
                let taken = self.authority.is_some();
                if !taken {
                    self.headers.append("host", value);
                    let mut authority = std::mem::take(&mut self.spare_authority);
                    crate::http::push_text(&mut authority, value);
                    self.authority = Some(authority);
                    self.authority_valid = well_formed;
                }
                taken
            }
            b"path" => {
                let taken = self.path.is_some();
                if !taken {
                    let mut path = std::mem::take(&mut self.spare_path);
                    path.extend_from_slice(value);
                    self.path = Some(path);
                }
                taken
            }
            _ => {
                self.fail("unknown or response pseudo-header field");
                return false;
            }
        };
        if slot_taken {
            self.fail("pseudo-header field repeated");
        }
        well_formed
    }

    /// The request head, once the whole block went through `field`.
    pub fn finish(mut self) -> Result<RequestHead, HeadError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if !self.cookies.is_empty() {
            let cookies = std::mem::take(&mut self.cookies);
            self.headers.append("cookie", cookies);
        }
        let Some(method) = self.method else {
            return Err(HeadError::Malformed("no :method"));
        };
        let is = |name: &str| matches!(&method, Method::Other(m) if m == name);
        let path = if is("CONNECT") {
            // Section 8.5: the authority alone.
            if self.scheme_seen || self.path.is_some() || self.authority.is_none() {
                return Err(HeadError::Malformed(
                    "CONNECT with :scheme or :path, or without :authority",
                ));
            }
            Vec::new()
        } else {
            let (true, Some(path)) = (self.scheme_seen, self.path) else {
                return Err(HeadError::Malformed("no :scheme or no :path"));
            };
            let valid = match path.as_slice() {
                [b'/', ..] => true,
                b"*" => is("OPTIONS"),
                _ => false,
            };
            if !valid {
                return Err(HeadError::Malformed("empty or invalid :path"));
            }
            path
        };
        Ok(RequestHead {
            method,
            authority: self.authority,
            authority_valid: self.authority_valid,
            path,
            headers: self.headers,
            content_length: self.content_length,
        })
    }

    /// The trailer fields, once the whole trailer block went through
    /// `field`.
    pub fn finish_trailers(self) -> Result<Headers, HeadError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.headers),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `field` with a field the decoder never saw checked.
    fn put(b: &mut HeadBuilder, name: &[u8], value: &[u8]) -> bool {
        b.field(Field {
            name,
            value,
            never_indexed: false,
            checked: false,
        })
    }

    fn build(fields: &[(&str, &str)]) -> Result<RequestHead, HeadError> {
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in fields {
            put(&mut b, n.as_bytes(), v.as_bytes());
        }
        b.finish()
    }

    const GET: [(&str, &str); 4] = [
        (":method", "GET"),
        (":scheme", "https"),
        (":authority", "example.com"),
        (":path", "/a?b"),
    ];

    fn client() -> Client {
        Client {
            addr: "127.0.0.1:1".parse().unwrap(),
            local: None,
            tls: true,
        }
    }

    #[test]
    fn a_request_and_its_exchange() {
        let mut fields = GET.to_vec();
        fields.extend([
            ("cookie", "a=1"),
            ("accept", "*/*"),
            ("host", "ignored.example"),
            ("cookie", "b=2"),
            ("te", "trailers"),
            ("content-length", "5"),
        ]);
        let head = build(&fields).unwrap();
        assert_eq!(head.content_length, Some(5));
        let r = head.into_request(client(), false).unwrap();
        assert_eq!(r.method, Method::Get);
        assert_eq!(r.target, b"/a?b");
        assert_eq!(r.host.as_deref(), Some("example.com"));
        assert_eq!(r.body, BodyLength::Known(5));
        let all: Vec<String> = r
            .headers
            .iter()
            .map(|(n, v)| format!("{n}: {}", String::from_utf8_lossy(v)))
            .collect();
        assert_eq!(
            all,
            [
                "host: example.com",
                "accept: */*",
                "content-length: 5",
                "cookie: a=1; b=2"
            ]
        );
    }

    #[test]
    fn a_finished_requests_buffers_hold_the_next_head_and_nothing_of_its_own() {
        let mut fields = GET.to_vec();
        fields.push(("accept", "*/*"));
        let first = build(&fields)
            .unwrap()
            .into_request(client(), true)
            .unwrap();
        let spare = Spare::of(first).unwrap();
        let mut b = HeadBuilder::new(false, 16 * 1024, Some(spare));
        for (n, v) in [
            (":method", "GET"),
            (":scheme", "https"),
            (":authority", "b.example"),
            (":path", "/x"),
        ] {
            put(&mut b, n.as_bytes(), v.as_bytes());
        }
        let r = b.finish().unwrap().into_request(client(), true).unwrap();
        assert_eq!(
            (r.target.as_slice(), r.host.as_deref()),
            (&b"/x"[..], Some("b.example"))
        );
        assert_eq!(format!("{:?}", r.headers), r#"["host: b.example"]"#);
        let mut big = GET.to_vec();
        let long = "v".repeat(5000);
        big.push(("x-long", &long));
        let large = build(&big).unwrap().into_request(client(), true).unwrap();
        assert!(
            Spare::of(large).is_none(),
            "a large request's buffers are not kept"
        );
    }

    #[test]
    fn host_stands_in_for_a_missing_authority() {
        let r = build(&[
            (":method", "GET"),
            (":scheme", "https"),
            (":path", "/"),
            ("host", "h.example:8443"),
        ])
        .unwrap()
        .into_request(client(), true)
        .unwrap();
        assert_eq!(r.host.as_deref(), Some("h.example:8443"));
        assert_eq!(r.body, BodyLength::None);
        let two_hosts = build(&[
            (":method", "GET"),
            (":scheme", "https"),
            (":path", "/"),
            ("host", "a"),
            ("host", "b"),
        ]);
        assert!(two_hosts.unwrap().into_request(client(), true).is_err());
    }

    #[test]
    fn values_with_nul_cr_or_lf_anywhere_are_refused() {
        for len in [1, 2, 31, 32, 33, 64, 100] {
            let clean = vec![b'v'; len];
            assert!(is_valid_value(&clean));
            for at in 0..len {
                for bad in [0, b'\r', b'\n'] {
                    let mut v = clean.clone();
                    v[at] = bad;
                    assert!(!is_valid_value(&v), "{bad} at {at} of {len}");
                }
            }
        }
        assert!(is_valid_value(b"") && is_valid_value(b"a b\tc\x7f\xff"));
        assert!(!is_valid_value(b" a") && !is_valid_value(b"a\t"));
    }

    #[test]
    fn malformed_blocks() {
        let with = |extra: &[(&'static str, &'static str)]| {
            let mut f = GET.to_vec();
            f.extend_from_slice(extra);
            build(&f)
        };
        for bad in [
            &[("Accept", "x")][..],
            &[("connection", "close")],
            &[("transfer-encoding", "chunked")],
            &[("upgrade", "h2c")],
            &[("te", "gzip")],
            &[("x", "a\r\nb")],
            &[("x", " padded")],
            &[("content-length", "1x")],
            &[("content-length", "1"), ("content-length", "2")],
            &[("accept", "x"), (":method", "GET")],
            &[(":status", "200")],
            &[(":method", "POST")],
        ] {
            assert!(matches!(with(bad), Err(HeadError::Malformed(_))), "{bad:?}");
        }
        for missing in [":method", ":scheme", ":path"] {
            let f: Vec<_> = GET.iter().copied().filter(|(n, _)| *n != missing).collect();
            assert!(build(&f).is_err(), "{missing}");
        }
        assert!(build(&[(":method", "GET"), (":scheme", "https"), (":path", "")]).is_err());
        assert!(build(&[(":method", "GET"), (":scheme", "https"), (":path", "*")]).is_err());
        assert!(build(&[(":method", "OPTIONS"), (":scheme", "https"), (":path", "*")]).is_ok());
        let connect = build(&[(":method", "CONNECT"), (":authority", "example.com:443")]).unwrap();
        assert_eq!(
            connect.into_request(client(), false).unwrap().target,
            b"example.com:443"
        );
        assert!(build(&[
            (":method", "CONNECT"),
            (":authority", "a:1"),
            (":path", "/")
        ])
        .is_err());
    }

    #[test]
    fn list_size_limit_and_trailers() {
        let mut b = HeadBuilder::new(false, 100, None);
        for (n, v) in GET {
            put(&mut b, n.as_bytes(), v.as_bytes());
        }
        put(&mut b, b"x-long", &[b'a'; 64]);
        put(&mut b, b"Bad", b"");
        assert_eq!(b.finish().unwrap_err(), HeadError::TooLarge);
        let mut t = HeadBuilder::new(true, 1000, None);
        put(&mut t, b"x-checksum", b"abc");
        assert_eq!(
            t.finish_trailers().unwrap().get("x-checksum"),
            Some(&b"abc"[..])
        );
        let mut t = HeadBuilder::new(true, 1000, None);
        put(&mut t, b":path", b"/");
        assert!(t.finish_trailers().is_err());
    }

    #[test]
    fn fields_are_called_well_formed_by_their_bytes_alone() {
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in GET {
            assert!(put(&mut b, n.as_bytes(), v.as_bytes()), "{n}");
        }
        assert!(put(&mut b, b"accept", b"*/*"));
        // Refused for where or what it is, not for its bytes.
        assert!(put(&mut b, b"content-length", b"x"));
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (name, value) in [
            (&b"x-a"[..], &b"a\rb"[..]),
            (b"x-a", b" a"),
            (b"X-A", b"a"),
            (b"", b"a"),
            (b"connection", b"close"),
            (b":status", b"200"),
        ] {
            // A fresh builder each time: after an error nothing is looked at.
            let mut b = HeadBuilder::new(false, 16 * 1024, None);
            assert!(!put(&mut b, name, value), "{name:?}");
            assert!(b.finish().is_err());
        }
        // Whatever comes after an error is not vouched for.
        put(&mut b, b"X-A", b"a");
        assert!(!put(&mut b, b"accept", b"*/*"));
    }

    #[test]
    fn an_authority_is_well_formed_only_as_a_valid_host_and_a_bad_one_answers_400() {
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in [(":method", "GET"), (":scheme", "https"), (":path", "/")] {
            put(&mut b, n.as_bytes(), v.as_bytes());
        }
        // Bytes HTTP/2 allows in a value, but no host: never vouched for,
        // so a table entry that carries it is scanned at every use.
        assert!(!put(&mut b, b":authority", b"a b"));
        let head = b.finish().unwrap();
        assert!(!head.authority_valid);
        assert!(matches!(
            head.into_request(client(), true),
            Err(HeadError::Malformed("invalid :authority or Host"))
        ));
        // A repeated one is refused, but was looked at whole.
        for (again, host) in [(&b"b.example"[..], true), (b"a/b", false)] {
            let mut b = HeadBuilder::new(false, 16 * 1024, None);
            assert!(put(&mut b, b":authority", b"[::1]:8443"));
            assert_eq!(put(&mut b, b":authority", again), host);
            assert!(b.finish().is_err());
        }
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in [(":method", "GET"), (":scheme", "https"), (":path", "/")] {
            put(&mut b, n.as_bytes(), v.as_bytes());
        }
        // Checked: the decoder's word that it was a valid host before.
        b.field(Field {
            name: b":authority",
            value: b"c.example",
            never_indexed: false,
            checked: true,
        });
        let r = b.finish().unwrap().into_request(client(), true).unwrap();
        assert_eq!(r.host.as_deref(), Some("c.example"));
    }

    #[test]
    fn a_checked_field_skips_only_the_byte_scans() {
        let checked = |name: &'static [u8], value: &'static [u8]| Field {
            name,
            value,
            never_indexed: false,
            checked: true,
        };
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in GET {
            assert!(b.field(checked(n.as_bytes(), v.as_bytes())));
        }
        assert!(b.field(checked(b"accept", b"*/*")));
        let head = b.finish().unwrap();
        assert_eq!(head.headers.get("accept"), Some(&b"*/*"[..]));
        // Order and repetition are still checked.
        let mut b = HeadBuilder::new(false, 16 * 1024, None);
        for (n, v) in GET {
            b.field(checked(n.as_bytes(), v.as_bytes()));
        }
        b.field(checked(b":path", b"/again"));
        assert!(b.finish().is_err());
    }
}
