//! Request heads: the request line and header fields, the limits on
//! their size, and the framing of the body that follows (checked strictly,
//! so that no two parties can disagree on where this request ends). The
//! result is a protocol-neutral `exchange::Request` plus what only HTTP/1
//! needs: the wire framing, the client's wish to close, the head's length.

use super::body::Framing;
use crate::exchange::{BodyLength, Client, Headers, Method, Request, Version};

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
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    let head_len = match req.parse(buf) {
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

    let mut host: Option<String> = None;
    let mut host_count = 0;
    let mut conn_close = false;
    let mut conn_keep_alive = false;
    let mut content_length: Option<u64> = None;
    let mut transfer_encoding: Option<String> = None;
    let mut expect_continue = false;
    let mut fields = Headers::with_capacity(req.headers.len());

    for h in req.headers.iter() {
        let value = h.value;
        let name = h.name;
        fields.append(name, value);
        if name.eq_ignore_ascii_case("host") {
            host_count += 1;
            host = Some(String::from_utf8_lossy(value).into_owned());
        } else if name.eq_ignore_ascii_case("connection") {
            for token in value.split(|&b| b == b',') {
                let token = trim(token);
                conn_close |= token.eq_ignore_ascii_case(b"close");
                conn_keep_alive |= token.eq_ignore_ascii_case(b"keep-alive");
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
    let framing = match (transfer_encoding, content_length) {
        (Some(_), Some(_)) => return reject(400, "both Content-Length and Transfer-Encoding"),
        (Some(_), None) if version == Version::Http10 => {
            return reject(400, "Transfer-Encoding in an HTTP/1.0 request")
        }
        (Some(te), None) if te.trim().eq_ignore_ascii_case("chunked") => Framing::Chunked,
        (Some(_), None) => return reject(501, "unsupported Transfer-Encoding"),
        (None, Some(0)) | (None, None) => Framing::Empty,
        (None, Some(n)) => Framing::Length(n),
    };
    let wants_close = match version {
        Version::Http11 => conn_close,
        Version::Http10 => conn_close || !conn_keep_alive,
    };
    let body = match framing {
        Framing::Empty => BodyLength::None,
        Framing::Length(n) => BodyLength::Known(n),
        Framing::Chunked | Framing::UntilClose => BodyLength::Unknown,
    };
    ParseOutcome::Complete(Box::new(RequestHead {
        request: Request {
            method,
            target: target.to_vec(),
            version,
            headers: fields,
            host,
            body,
            expect_continue,
            client,
        },
        framing,
        wants_close,
        head_len,
    }))
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
