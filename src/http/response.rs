//! Responses: status, the headers a handler chose, and a body that is
//! either bytes in memory or a byte range of an open file (so the sender can
//! use `sendfile()` for it). Encoding adds the headers every response has.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::rc::Rc;

use crate::buffer::ByteBuf;
use crate::static_files::OpenFile;

#[derive(Debug)]
pub enum Body {
    Empty,
    Bytes(Cow<'static, [u8]>),
    File {
        file: Rc<OpenFile>,
        offset: u64,
        len: u64,
    },
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: Option<&'static str>,
    /// The declared length; for HEAD the length a GET would have sent.
    pub content_length: u64,
    /// Further headers, already formatted as `Name: value`.
    pub headers: Vec<String>,
    pub body: Body,
    /// The connection must close after this response.
    pub close: bool,
}

pub fn reason_phrase(status: u16) -> &'static str {
    match status {
        100 => "Continue",
        200 => "OK",
        206 => "Partial Content",
        301 => "Moved Permanently",
        304 => "Not Modified",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        _ => "Unknown",
    }
}

impl Response {
    /// A small HTML error page. Statuses that leave the request stream in an
    /// unknown state also close the connection.
    pub fn error(status: u16) -> Response {
        let reason = reason_phrase(status);
        let page = format!(
            "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n<center><h1>{status} {reason}</h1></center>\r\n<hr><center>tlsaccel</center>\r\n</body>\r\n</html>\r\n"
        );
        Response {
            status,
            content_type: Some("text/html"),
            content_length: page.len() as u64,
            headers: Vec::new(),
            body: Body::Bytes(Cow::Owned(page.into_bytes())),
            close: matches!(status, 400 | 408 | 413 | 414 | 417 | 431 | 500 | 501 | 505),
        }
    }

    /// Turns a GET response into the HEAD response: same headers, no body.
    pub fn without_body(mut self) -> Response {
        self.body = Body::Empty;
        self
    }

    /// Writes the status line and headers. `keep_alive` decides the
    /// `Connection` header; HTTP/1.0 clients are told explicitly.
    pub fn encode_head(&self, head: &mut ByteBuf, date: &str, keep_alive: bool, http10: bool) {
        let _ = write!(
            head,
            "HTTP/1.1 {} {}\r\nServer: tlsaccel\r\nDate: {date}\r\n",
            self.status,
            reason_phrase(self.status)
        );
        if let Some(ct) = self.content_type {
            let _ = write!(head, "Content-Type: {ct}\r\n");
        }
        if self.status != 304 {
            let _ = write!(head, "Content-Length: {}\r\n", self.content_length);
        }
        for h in &self.headers {
            head.extend_from_slice(h.as_bytes());
            head.extend_from_slice(b"\r\n");
        }
        if !keep_alive {
            head.extend_from_slice(b"Connection: close\r\n");
        } else if http10 {
            head.extend_from_slice(b"Connection: keep-alive\r\n");
        }
        head.extend_from_slice(b"\r\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_pages_declare_their_length() {
        let r = Response::error(404);
        let Body::Bytes(b) = &r.body else { panic!() };
        assert_eq!(b.len() as u64, r.content_length);
        assert!(!r.close);
        assert!(Response::error(400).close);
    }

    #[test]
    fn head_encoding() {
        let mut r = Response::error(405);
        r.headers.push("Allow: GET, HEAD".into());
        let mut out = ByteBuf::new();
        r.encode_head(&mut out, "Sun, 22 Nov 2026 12:00:00 GMT", true, true);
        let text = String::from_utf8(out.as_slice().to_vec()).unwrap();
        assert!(text.starts_with("HTTP/1.1 405 Method Not Allowed\r\nServer: tlsaccel\r\n"));
        assert!(text.contains("\r\nAllow: GET, HEAD\r\n"));
        assert!(text.ends_with("Connection: keep-alive\r\n\r\n"));
    }
}
