//! Response heads on the HTTP/1 wire, without I/O: the status line, the
//! exchange's header fields, and what HTTP/1 adds itself (body framing,
//! `Connection`, and `Server`/`Date` unless the handler set them, as a
//! proxied back end's are kept).

use super::body::Framing;
use crate::buffer::{copy_short, ByteBuf};
use crate::exchange::{reason_phrase, KnownName, Response, Version};

/// How a response body goes to this client: by its length when known,
/// chunked to HTTP/1.1 clients otherwise, until close to HTTP/1.0 ones.
/// Statuses without a body and answers to HEAD carry none.
pub fn framing_for(
    status: u16,
    head_request: bool,
    length: Option<u64>,
    version: Version,
) -> Framing {
    if head_request || !status_has_body(status) {
        return Framing::Empty;
    }
    match (length, version) {
        (Some(n), _) => Framing::Length(n),
        (None, Version::Http11 | Version::Http2) => Framing::Chunked,
        (None, Version::Http10) => Framing::UntilClose,
    }
}

/// RFC 9110 6.4.1: 1xx, 204 and 304 responses never have content.
pub fn status_has_body(status: u16) -> bool {
    !((100..200).contains(&status) || status == 204 || status == 304)
}

/// Writes the status line and header fields. `length` is the body's
/// declared length (for HEAD: what a GET would have sent).
///
/// Room for the most the head can take is taken once, and its pieces are
/// copied into it in one pass over the fields: a head is a few dozen
/// pieces of a few bytes each, and a check for room (or a pass to add up
/// their sizes) cost more than copying them. Shared fields (a cached
/// file's) go as one piece, encoded when they were made. That pass also
/// finds whether the handler set `Server` or `Date` (as a back end's are
/// kept), so ours follow the fields (the order of different fields does
/// not matter, RFC 9110 5.3).
pub fn encode_head(
    out: &mut ByteBuf,
    response: &Response,
    date: &str,
    framing: Framing,
    length: Option<u64>,
    keep_alive: bool,
    version: Version,
) {
    // Byte by byte, no `fmt`: this runs for every response.
    let status = response.status;
    let digits = [
        b'0' + (status / 100 % 10) as u8,
        b'0' + (status / 10 % 10) as u8,
        b'0' + (status % 10) as u8,
    ];
    let reason = reason_phrase(status).as_bytes();
    let h = &response.headers;
    // HEAD, or an empty body: the length a GET gets.
    let declared = match framing {
        Framing::Length(n) => Some(n),
        Framing::Empty if status_has_body(status) => length,
        Framing::Empty | Framing::Chunked | Framing::UntilClose => None,
    };
    let mut length_digits = [0u8; 20];
    let declared = declared.map(|n| decimal(n, &mut length_digits));
    let chunked: &[u8] = if framing == Framing::Chunked {
        b"Transfer-Encoding: chunked\r\n"
    } else {
        b""
    };
    let connection: &[u8] = if status == 101 {
        // The connection switches; `Upgrade` is among the fields.
        b"Connection: upgrade\r\n"
    } else if !keep_alive {
        b"Connection: close\r\n"
    } else if version == Version::Http10 {
        b"Connection: keep-alive\r\n"
    } else {
        b""
    };
    const STATUS_LINE: usize = "HTTP/1.1 200 \r\n".len();
    const SERVER: &[u8] = b"Server: tlsaccel\r\n";
    const DATE_LINE: usize = "Date: \r\n".len();
    const LENGTH_LINE: usize = "Content-Length: \r\n".len();
    let room = STATUS_LINE
        + reason.len()
        + h.encoded_len_bound()
        + SERVER.len()
        + DATE_LINE
        + date.len()
        + declared.map_or(0, |d| LENGTH_LINE + d.len())
        + chunked.len()
        + connection.len()
        + 2;
    let mut head = Pieces::new(out.spare(room));
    head.put(b"HTTP/1.1 ");
    head.put(&digits);
    head.put(b" ");
    head.put(reason);
    head.put(b"\r\n");
    let (mut has_server, mut has_date) = (false, false);
    if let Some(shared) = h.shared() {
        head.put(shared.http1());
        (has_server, has_date) = shared.server_and_date();
    }
    for field in h.own_fields() {
        has_server |= field.is(KnownName::Server);
        has_date |= field.is(KnownName::Date);
        head.put(field.name);
        head.put(b": ");
        head.put(field.value);
        head.put(b"\r\n");
    }
    if !has_server {
        head.put(SERVER);
    }
    if !has_date {
        head.put(b"Date: ");
        head.put(date.as_bytes());
        head.put(b"\r\n");
    }
    if let Some(digits) = declared {
        head.put(b"Content-Length: ");
        head.put(digits);
        head.put(b"\r\n");
    }
    head.put(chunked);
    head.put(connection);
    head.put(b"\r\n");
    let written = head.written;
    out.commit(written);
}

/// The room left for a head's pieces, each copied at its front, and how
/// many bytes they took so far.
struct Pieces<'a> {
    room: &'a mut [u8],
    written: usize,
}

impl<'a> Pieces<'a> {
    fn new(room: &'a mut [u8]) -> Pieces<'a> {
        Pieces { room, written: 0 }
    }

    fn put(&mut self, piece: &[u8]) {
        let (here, rest) = std::mem::take(&mut self.room).split_at_mut(piece.len());
        copy_short(here, piece);
        self.room = rest;
        self.written += piece.len();
    }
}

/// `n` in decimal, written at the end of `buf`.
pub fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Body;

    fn text(r: &Response, framing: Framing, length: Option<u64>, keep: bool, v: Version) -> String {
        let mut out = ByteBuf::new();
        encode_head(
            &mut out,
            r,
            "Sun, 22 Nov 2026 12:00:00 GMT",
            framing,
            length,
            keep,
            v,
        );
        String::from_utf8(out.as_slice().to_vec()).unwrap()
    }

    #[test]
    fn error_pages_declare_their_length() {
        let r = Response::error(404);
        let Body::Bytes(b) = &r.body else { panic!() };
        assert_eq!(Some(b.len() as u64), r.body.length());
        assert!(!r.close);
        assert!(Response::error(400).close);
    }

    #[test]
    fn head_encoding() {
        let mut r = Response::error(405);
        r.headers.append("Allow", "GET, HEAD");
        let t = text(&r, Framing::Length(7), Some(7), true, Version::Http10);
        assert!(t.starts_with("HTTP/1.1 405 Method Not Allowed\r\nContent-Type: text/html\r\n"));
        assert!(t.contains(
            "\r\nAllow: GET, HEAD\r\nServer: tlsaccel\r\nDate: Sun, 22 Nov 2026 12:00:00 GMT\r\nContent-Length: 7\r\n"
        ));
        assert!(t.ends_with("Connection: keep-alive\r\n\r\n"));
    }

    #[test]
    fn shared_fields_encode_as_the_same_fields_would() {
        use crate::exchange::{Headers, SharedFields};
        let mut block = Headers::new();
        block.append(KnownName::ETag, "\"1\"");
        block.append(KnownName::Server, "elsewhere");
        let mut plain = Response::error(200);
        plain.headers = block.clone();
        plain.headers.append(KnownName::Vary, "Accept-Encoding");
        let mut shared = Response::error(200);
        shared.headers = Headers::sharing(SharedFields::new(block));
        shared.headers.append(KnownName::Vary, "Accept-Encoding");
        let t = text(&plain, Framing::Length(3), Some(3), true, Version::Http11);
        assert_eq!(
            t,
            text(&shared, Framing::Length(3), Some(3), true, Version::Http11)
        );
        // The shared `Server` stands: ours is not added.
        assert_eq!(t.matches("Server:").count(), 1, "{t}");
        assert!(
            t.contains("\r\nETag: \"1\"\r\nServer: elsewhere\r\nVary: Accept-Encoding\r\nDate: ")
        );
    }

    #[test]
    fn framing_rules() {
        use Version::*;
        assert_eq!(framing_for(200, false, Some(5), Http11), Framing::Length(5));
        assert_eq!(framing_for(200, false, None, Http11), Framing::Chunked);
        assert_eq!(framing_for(200, false, None, Http10), Framing::UntilClose);
        assert_eq!(framing_for(200, true, Some(5), Http11), Framing::Empty);
        assert_eq!(framing_for(304, false, Some(5), Http11), Framing::Empty);
        let mut r = Response::error(200);
        r.headers.append("Date", "then");
        r.headers.append("Server", "backend");
        let t = text(&r, Framing::Empty, Some(9), false, Http11);
        assert!(
            t.contains("Content-Length: 9\r\n") && t.ends_with("Connection: close\r\n\r\n"),
            "{t}"
        );
        assert_eq!(
            (t.matches("Date:").count(), t.matches("Server:").count()),
            (1, 1)
        );
        r.status = 304;
        assert!(!text(&r, Framing::Empty, Some(9), true, Http11).contains("Content-Length"));
        assert!(text(&r, Framing::Chunked, None, true, Http11)
            .contains("Transfer-Encoding: chunked\r\n"));
    }
}
