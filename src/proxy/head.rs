//! Request and response heads as they cross the proxy, without I/O.
//!
//! Going up: the client's head with hop-by-hop headers removed, the
//! client's identity added (`X-Forwarded-For` appended, `X-Forwarded-Proto`,
//! `X-Forwarded-Host`, `X-Real-IP` set, never taken from the client), and
//! exactly one body framing. Coming down: the back end's head with its
//! hop-by-hop headers removed and its body framing read strictly; the
//! client connection adds its own framing and `Connection` headers.

use crate::http::{BodyFraming, RequestHead, Version};
use std::net::IpAddr;

const MAX_HEADERS: usize = 100;

/// Headers that describe one hop, never forwarded (RFC 9110 7.6.1), and
/// those the proxy sets itself.
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "proxy-authorization",
];
const SET_BY_PROXY: [&str; 6] = [
    "x-forwarded-proto",
    "x-forwarded-host",
    "x-real-ip",
    "content-length",
    // Answered by the proxy itself (100 Continue) before the body is read.
    "expect",
    "x-forwarded-for",
];

pub struct ClientInfo {
    pub addr: IpAddr,
    /// "https" or "http": how the client reached us.
    pub proto: &'static str,
}

fn connection_tokens(headers: &[httparse::Header<'_>]) -> Vec<String> {
    headers
        .iter()
        .filter(|h| h.name.eq_ignore_ascii_case("connection"))
        .flat_map(|h| {
            String::from_utf8_lossy(h.value)
                .split(',')
                .map(|t| t.trim().to_ascii_lowercase())
                .collect::<Vec<_>>()
        })
        .filter(|t| !t.is_empty())
        .collect()
}

fn is_hop_by_hop(name: &str, tokens: &[String]) -> bool {
    HOP_BY_HOP.iter().any(|h| name.eq_ignore_ascii_case(h))
        || tokens.iter().any(|t| name.eq_ignore_ascii_case(t))
}

/// The head to send to the back end for a request whose raw head (as the
/// client sent it, already validated by `parse_head`) is `raw`.
pub fn request_head(
    raw: &[u8],
    head: &RequestHead,
    client: &ClientInfo,
    default_host: &str,
) -> Vec<u8> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    // parse_head accepted these bytes with the same parser and limits.
    let _ = req.parse(raw);
    let tokens = connection_tokens(req.headers);
    let mut out = Vec::with_capacity(raw.len() + 160);
    out.extend_from_slice(head.method.to_string().as_bytes());
    out.push(b' ');
    out.extend_from_slice(&head.target);
    // An HTTP/1.0 client gets an HTTP/1.0 request upstream, so the back end
    // answers in a framing that client understands (never chunked).
    out.extend_from_slice(match head.version {
        Version::Http10 => b" HTTP/1.0\r\n",
        Version::Http11 => b" HTTP/1.1\r\n",
    });
    let mut forwarded_for = Vec::new();
    for h in req.headers.iter() {
        if h.name.eq_ignore_ascii_case("x-forwarded-for") {
            forwarded_for.push(String::from_utf8_lossy(h.value).trim().to_string());
        }
        if is_hop_by_hop(h.name, &tokens)
            || SET_BY_PROXY.iter().any(|n| h.name.eq_ignore_ascii_case(n))
        {
            continue;
        }
        out.extend_from_slice(h.name.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(h.value);
        out.extend_from_slice(b"\r\n");
    }
    if head.host.is_none() {
        out.extend_from_slice(format!("Host: {default_host}\r\n").as_bytes());
    }
    forwarded_for.retain(|v| !v.is_empty());
    forwarded_for.push(client.addr.to_string());
    let mut extra = format!(
        "X-Forwarded-For: {}\r\nX-Forwarded-Proto: {}\r\nX-Real-IP: {}\r\n",
        forwarded_for.join(", "),
        client.proto,
        client.addr
    );
    if let Some(host) = &head.host {
        extra.push_str(&format!("X-Forwarded-Host: {host}\r\n"));
    }
    match head.body {
        BodyFraming::None => {}
        BodyFraming::Length(n) => extra.push_str(&format!("Content-Length: {n}\r\n")),
        BodyFraming::Chunked => extra.push_str("Transfer-Encoding: chunked\r\n"),
    }
    out.extend_from_slice(extra.as_bytes());
    out.extend_from_slice(b"\r\n");
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseFraming {
    /// No body (HEAD, 1xx, 204, 304).
    None,
    Length(u64),
    Chunked,
    /// The body ends when the back end closes.
    UntilClose,
}

#[derive(Debug)]
pub struct ResponseHead {
    pub status: u16,
    /// Bytes the head took in the input.
    pub head_len: usize,
    pub framing: ResponseFraming,
    /// The back-end connection may carry another request after this one.
    pub reusable: bool,
    /// Status line and end-to-end headers for the client, without the
    /// final blank line, framing and `Connection` (the client side adds them).
    pub client_head: Vec<u8>,
}

/// Parses a back end's response head. Ok(None): incomplete. Err: a head
/// the proxy must not pass on (answer 502).
pub fn parse_response_head(
    buf: &[u8],
    head_request: bool,
) -> Result<Option<ResponseHead>, &'static str> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut resp = httparse::Response::new(&mut headers);
    let head_len = match resp.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(_) => return Err("malformed response head"),
    };
    let status = resp.code.ok_or("no status")?;
    let tokens = connection_tokens(resp.headers);
    let mut lengths = Vec::new();
    let mut transfer_coding: Option<String> = None;
    for h in resp.headers.iter() {
        if h.name.eq_ignore_ascii_case("content-length") {
            let v = std::str::from_utf8(h.value).map_err(|_| "bad Content-Length")?;
            for part in v.split(',') {
                let part = part.trim();
                if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                    return Err("bad Content-Length");
                }
                lengths.push(part.parse::<u64>().map_err(|_| "bad Content-Length")?);
            }
        } else if h.name.eq_ignore_ascii_case("transfer-encoding") {
            transfer_coding = Some(String::from_utf8_lossy(h.value).to_ascii_lowercase());
        }
    }
    lengths.dedup();
    if lengths.len() > 1 {
        return Err("conflicting Content-Length values");
    }
    let bodyless = head_request || (100..200).contains(&status) || status == 204 || status == 304;
    let (framing, mut reusable) = match (&transfer_coding, lengths.first()) {
        _ if bodyless => (ResponseFraming::None, true),
        (Some(te), cl) => {
            let chunked = te
                .rsplit(',')
                .next()
                .is_some_and(|last| last.trim() == "chunked");
            // Both framings: Transfer-Encoding wins; the connection is not
            // trusted again (RFC 9112 6.3).
            let trusted = cl.is_none();
            if chunked {
                (ResponseFraming::Chunked, trusted)
            } else {
                (ResponseFraming::UntilClose, false)
            }
        }
        (None, Some(n)) => (ResponseFraming::Length(*n), true),
        (None, None) => (ResponseFraming::UntilClose, false),
    };
    if resp.version != Some(1) || tokens.iter().any(|t| t == "close") {
        reusable = false;
    }
    let reason = resp.reason.unwrap_or("").trim();
    let mut client_head = format!("HTTP/1.1 {status} {reason}\r\n").into_bytes();
    for h in resp.headers.iter() {
        let framing_header = h.name.eq_ignore_ascii_case("content-length") && !bodyless;
        if is_hop_by_hop(h.name, &tokens) || framing_header {
            continue;
        }
        client_head.extend_from_slice(h.name.as_bytes());
        client_head.extend_from_slice(b": ");
        client_head.extend_from_slice(h.value);
        client_head.extend_from_slice(b"\r\n");
    }
    Ok(Some(ResponseHead {
        status,
        head_len,
        framing,
        reusable,
        client_head,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::{parse_head, HeadLimits, ParseOutcome};

    fn parsed(raw: &[u8]) -> Box<RequestHead> {
        let limits = HeadLimits {
            max_uri_bytes: 8192,
            max_header_bytes: 16384,
        };
        match parse_head(raw, &limits) {
            ParseOutcome::Complete(h) => h,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn request_head_drops_hop_by_hop_and_adds_the_client() {
        let raw = b"POST /api?q=1 HTTP/1.1\r\nHost: example.com\r\nConnection: keep-alive, X-Secret\r\nX-Secret: 1\r\nKeep-Alive: 5\r\nX-Forwarded-For: 203.0.113.9\r\nX-Real-IP: 6.6.6.6\r\nX-Forwarded-Proto: http\r\nExpect: 100-continue\r\nUser-Agent: t\r\nContent-Length: 3\r\n\r\n";
        let head = parsed(raw);
        let client = ClientInfo {
            addr: "127.0.0.5".parse().unwrap(),
            proto: "https",
        };
        let out = String::from_utf8(request_head(raw, &head, &client, "up")).unwrap();
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
        ] {
            assert!(!out.contains(gone), "{gone} in {out}");
        }
        assert!(out.contains("User-Agent: t\r\n"));
        assert!(out.contains("X-Forwarded-For: 203.0.113.9, 127.0.0.5\r\n"));
        assert!(out.contains("X-Forwarded-Proto: https\r\nX-Real-IP: 127.0.0.5\r\n"));
        assert!(out.contains("X-Forwarded-Host: example.com\r\n"));
        assert!(out.ends_with("Content-Length: 3\r\n\r\n"));
    }

    #[test]
    fn chunked_request_and_http10_without_host() {
        let raw = b"PUT /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n";
        let client = ClientInfo {
            addr: "::1".parse().unwrap(),
            proto: "http",
        };
        let out = String::from_utf8(request_head(raw, &parsed(raw), &client, "up")).unwrap();
        assert_eq!(out.matches("Transfer-Encoding: chunked\r\n").count(), 1);
        let raw = b"GET / HTTP/1.0\r\n\r\n";
        let out =
            String::from_utf8(request_head(raw, &parsed(raw), &client, "127.0.0.1:8000")).unwrap();
        assert!(
            out.starts_with("GET / HTTP/1.0\r\nHost: 127.0.0.1:8000\r\n"),
            "{out}"
        );
    }

    #[test]
    fn response_framing() {
        let r = parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: keep-alive\r\nX-A: b\r\n\r\nhello", false)
            .unwrap()
            .unwrap();
        assert_eq!(
            (r.status, r.framing, r.reusable),
            (200, ResponseFraming::Length(5), true)
        );
        assert_eq!(r.client_head, b"HTTP/1.1 200 OK\r\nX-A: b\r\n");
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (ResponseFraming::Chunked, true));
        let r = parse_response_head(
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (ResponseFraming::Chunked, false));
        let r = parse_response_head(b"HTTP/1.0 200 OK\r\n\r\n", false)
            .unwrap()
            .unwrap();
        assert_eq!(
            (r.framing, r.reusable),
            (ResponseFraming::UntilClose, false)
        );
        let r = parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", true)
            .unwrap()
            .unwrap();
        assert_eq!(r.framing, ResponseFraming::None);
        assert!(
            String::from_utf8(r.client_head)
                .unwrap()
                .contains("Content-Length: 9"),
            "HEAD keeps the length"
        );
        let r = parse_response_head(
            b"HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n",
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.framing, r.reusable), (ResponseFraming::None, false));
        assert!(parse_response_head(
            b"HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            false
        )
        .is_err());
        assert!(
            parse_response_head(b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", false).is_err()
        );
        assert!(parse_response_head(b"HTTP/1.1 200 OK\r\nContent-", false)
            .unwrap()
            .is_none());
    }
}
