//! The exchange: one request and its response, as handlers see them,
//! whatever protocol carried them. The HTTP/1 connection (`worker`) turns
//! bytes into a `Request` and a `Response` back into bytes; an HTTP/2
//! stream can carry the same types. Handlers (`static_files`, `proxy`)
//! produce and consume only these, never a connection's buffers.
//!
//! Bodies: a request body is read through `RequestBody`, which the
//! protocol implements over its own buffers (data without framing, or
//! spliced straight from the socket under kTLS). A response body is bytes,
//! a file range (`sendfile()`), or a `BodyStream` produced while it is sent
//! (a back end's response), which may also be spliced.

pub mod compress;
mod headers;

pub use headers::{list_items, FieldRef, Fields, Headers, KnownName, SharedFields};

use crate::net::Pipe;
use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::net::SocketAddr;
use std::os::fd::AsFd;
use std::pin::Pin;
use std::rc::Rc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    Http10,
    Http11,
    /// A stream of an HTTP/2 connection.
    Http2,
}

impl Version {
    pub fn as_str(self) -> &'static str {
        match self {
            Version::Http10 => "HTTP/1.0",
            Version::Http11 => "HTTP/1.1",
            Version::Http2 => "HTTP/2.0",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Other(String),
}

impl Method {
    pub fn parse(token: &str) -> Method {
        match token {
            "GET" => Method::Get,
            "HEAD" => Method::Head,
            other => Method::Other(other.to_string()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Other(m) => m,
        }
    }

    /// Defined by RFC 9110 section 9 or RFC 5789 (PATCH): a handler that
    /// does not support one answers 405; any other method, 501.
    pub fn is_standard(&self) -> bool {
        match self {
            Method::Get | Method::Head => true,
            Method::Other(m) => [
                "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
            ]
            .contains(&m.as_str()),
        }
    }

    /// RFC 9110 9.2.2: repeating the request has the same effect.
    pub fn is_idempotent(&self) -> bool {
        match self {
            Method::Get | Method::Head => true,
            Method::Other(m) => ["PUT", "DELETE", "OPTIONS", "TRACE"].contains(&m.as_str()),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How much request body follows the head, as far as the protocol knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyLength {
    None,
    Known(u64),
    /// Delimited by the protocol (HTTP/1 chunked, HTTP/2 END_STREAM).
    Unknown,
}

/// Who sent the request and how it reached us.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    pub addr: SocketAddr,
    /// The address the client connected to, when a handler needed it
    /// (filled in before the proxy runs).
    pub local: Option<SocketAddr>,
    /// Came in over TLS (kernel or user space).
    pub tls: bool,
}

/// A request head, validated by the protocol that carried it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: Method,
    /// The request target exactly as sent (origin form or absolute form).
    pub target: Vec<u8>,
    pub version: Version,
    /// Every field as received, in order, names as sent.
    pub headers: Headers,
    /// The Host field (or the authority), validated once by the protocol.
    pub host: Option<String>,
    pub body: BodyLength,
    /// The client waits for `100 Continue` before sending its body.
    pub expect_continue: bool,
    /// The protocols the client offers to switch this connection to
    /// (`Upgrade`, as sent), when its protocol allows a switch.
    pub upgrade: Option<String>,
    pub client: Client,
}

impl Request {
    /// Every line of a list-valued field joined with ", " (RFC 9110 5.3),
    /// as text (lossy).
    pub fn header_list(&self, name: &str) -> Option<String> {
        let mut lines = self.headers.get_all(name).peekable();
        lines.peek()?;
        let values: Vec<Cow<'_, str>> = lines
            .map(|v| String::from_utf8_lossy(v.trim_ascii()))
            .collect();
        Some(values.join(", "))
    }

    /// The first value of a field, as text (lossy), trimmed.
    pub fn header_text(&self, name: &str) -> Option<Cow<'_, str>> {
        self.headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.trim_ascii()))
    }
}

/// A byte range of an open file, sent with `sendfile()` where the
/// transport allows (plain TCP, kTLS) and read with `pread()` otherwise.
#[derive(Clone)]
pub struct FileRange {
    pub file: Rc<dyn SourceFile>,
    pub offset: u64,
    pub len: u64,
}

impl FileRange {
    /// The range's bytes, when the file's contents are held in memory.
    pub fn kept(&self) -> Option<&[u8]> {
        self.file.kept(self.offset, self.len)
    }
}

/// A file a body is sent from.
pub trait SourceFile: AsFd {
    /// `len` bytes at `offset`, if the file's contents are held in memory
    /// (for a protocol that would copy them out of the file anyway).
    fn kept(&self, offset: u64, len: u64) -> Option<&[u8]>;
}

impl fmt::Debug for FileRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FileRange({}+{})", self.offset, self.len)
    }
}

pub enum Body {
    Empty,
    /// Shared, not copied: a cached compressed variant goes to every
    /// response that needs it.
    Bytes(bytes::Bytes),
    File(FileRange),
    /// Bytes and file ranges in turn (multipart/byteranges): file ranges
    /// still go out with `sendfile()`.
    Segments(Vec<Segment>),
    Stream(Box<dyn BodyStream>),
    /// With `101 Switching Protocols`: no body, the connection itself
    /// switches. The protocol sends the head, then joins the client to the
    /// tunnel's other end both ways.
    Tunnel(Box<Tunnel>),
}

/// The other end of a switched connection (a WebSocket's back end).
pub struct Tunnel {
    pub peer: crate::net::BackendStream,
    /// What the peer sent after its 101 head: the client gets it first.
    pub received: Vec<u8>,
    /// Both directions silent this long: the tunnel closes.
    pub idle_timeout: std::time::Duration,
    /// Who the peer is, for the log ("app 127.0.0.1:9000").
    pub peer_name: String,
}

/// A piece of a `Body::Segments`.
#[derive(Debug)]
pub enum Segment {
    Bytes(Vec<u8>),
    File(FileRange),
}

impl Segment {
    pub fn length(&self) -> u64 {
        match self {
            Segment::Bytes(b) => b.len() as u64,
            Segment::File(f) => f.len,
        }
    }
}

impl Body {
    /// The body's length when known before it is sent.
    pub fn length(&self) -> Option<u64> {
        match self {
            Body::Empty => Some(0),
            Body::Bytes(b) => Some(b.len() as u64),
            Body::File(f) => Some(f.len),
            Body::Segments(parts) => Some(parts.iter().map(Segment::length).sum()),
            Body::Stream(s) => s.length(),
            Body::Tunnel(_) => None,
        }
    }
}

impl fmt::Debug for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Body::Empty => f.write_str("Empty"),
            Body::Bytes(b) => write!(f, "Bytes({})", b.len()),
            Body::File(r) => r.fmt(f),
            Body::Segments(parts) => write!(f, "Segments({})", parts.len()),
            Body::Stream(s) => write!(f, "Stream({:?})", s.length()),
            Body::Tunnel(t) => write!(f, "Tunnel({})", t.peer_name),
        }
    }
}

/// A response: status, end-to-end header fields, body. The protocol adds
/// what belongs to it (framing, `Connection`, `Date`, `Server`).
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Headers,
    pub body: Body,
    /// The request stream can no longer be trusted after this response
    /// (malformed or unread input): the connection must end after it.
    pub close: bool,
    /// A back end made it (its own error pages pass through unless the
    /// route intercepts them); false for what tlsaccel made.
    pub from_back_end: bool,
}

/// RFC 9110's reason phrases (clients ignore them; an unregistered
/// status gets an empty one, which the grammar allows).
pub fn reason_phrase(status: u16) -> &'static str {
    match status {
        100 => "Continue",
        101 => "Switching Protocols",
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        203 => "Non-Authoritative Information",
        204 => "No Content",
        205 => "Reset Content",
        206 => "Partial Content",
        300 => "Multiple Choices",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        402 => "Payment Required",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        407 => "Proxy Authentication Required",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        416 => "Range Not Satisfiable",
        417 => "Expectation Failed",
        421 => "Misdirected Request",
        422 => "Unprocessable Content",
        426 => "Upgrade Required",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        451 => "Unavailable For Legal Reasons",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

impl Response {
    /// A small HTML error page. Statuses that leave the request stream in
    /// an unknown state also close the connection.
    pub fn error(status: u16) -> Response {
        Response::error_saying(status, "")
    }

    /// An error page with a sentence saying what to do about it.
    pub fn error_saying(status: u16, detail: &str) -> Response {
        let reason = reason_phrase(status);
        let detail = if detail.is_empty() {
            String::new()
        } else {
            format!("<center>{detail}</center>\r\n")
        };
        let page = format!(
            "<html>\r\n<head><title>{status} {reason}</title></head>\r\n<body>\r\n<center><h1>{status} {reason}</h1></center>\r\n{detail}<hr><center>tlsaccel</center>\r\n</body>\r\n</html>\r\n"
        );
        let mut headers = Headers::with_capacity(1);
        headers.append("Content-Type", "text/html");
        Response {
            status,
            headers,
            body: Body::Bytes(page.into_bytes().into()),
            close: matches!(status, 400 | 408 | 413 | 414 | 417 | 431 | 500 | 501 | 505),
            from_back_end: false,
        }
    }
}

/// Why a request body could not be read to its end.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// The framing is broken: answer 400.
    #[error("malformed body: {0}")]
    Malformed(&'static str),
    /// Over the configured limit: answer 413.
    #[error("body larger than the limit")]
    TooLarge,
    /// The client stopped sending: answer 408.
    #[error("body read timed out")]
    Timeout,
    /// The client closed before the end of the body.
    #[error("client closed mid-body")]
    ClientGone,
    /// The connection failed; nothing can be answered.
    #[error("reading the body failed: {0}")]
    Read(#[source] crate::tls::ReadError),
}

impl BodyError {
    /// The status to answer with, when an answer is still possible.
    pub fn status(&self) -> Option<u16> {
        match self {
            BodyError::Malformed(_) => Some(400),
            BodyError::TooLarge => Some(413),
            BodyError::Timeout => Some(408),
            BodyError::ClientGone | BodyError::Read(_) => None,
        }
    }
}

/// A request body as a handler reads it: data in order, without framing.
/// Implemented by each protocol over its own buffers.
#[allow(async_fn_in_trait)] // used through generics on one thread, never as dyn
pub trait RequestBody {
    /// The next run of body data; empty once the body has ended.
    async fn data(&mut self) -> Result<&[u8], BodyError>;

    /// Body bytes that can be moved straight from the socket with
    /// `splice()` now (kTLS, nothing buffered, inside raw data): how many.
    fn spliceable(&self) -> Option<u64>;

    /// Moves up to `max` of those bytes into `pipe`.
    async fn splice_into(&mut self, pipe: &mut Pipe, max: usize) -> Result<usize, BodyError>;

    /// Reads the rest of the body and drops it.
    async fn discard(&mut self) -> Result<(), BodyError> {
        while !self.data().await?.is_empty() {}
        Ok(())
    }
}

/// A boxed future, for the object-safe `BodyStream`.
pub type LocalFuture<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// Why a streamed response body could not be produced to its end.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    #[error("back-end read failed: {0}")]
    Io(#[source] std::io::Error),
    #[error("back end sent a malformed body: {0}")]
    Malformed(&'static str),
    #[error("back end closed before the end of the body")]
    Truncated,
    #[error("back end too slow")]
    Timeout,
    /// A file body compressed as it is sent could not be read to its end.
    #[error("reading the file failed: {0}")]
    File(#[source] std::io::Error),
    #[error("compressing the body failed: {0}")]
    Compress(#[source] std::io::Error),
}

/// A response body produced while it is sent (a back end's response).
pub trait BodyStream {
    /// The total length when known in advance.
    fn length(&self) -> Option<u64>;

    /// Reads body data into `buf`; 0 at the end of the body. Cancel-safe:
    /// a read dropped before it completes has taken nothing from the body
    /// (HTTP/1 drops one that would wait, to write what it holds first).
    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> LocalFuture<'a, Result<usize, StreamError>>;

    /// True when the next body bytes can be spliced from the source socket
    /// (nothing buffered, raw data next).
    fn can_splice(&self) -> bool;

    /// Moves up to `max` body bytes into `pipe`; 0 at the end of the body.
    fn splice_into<'a>(
        &'a mut self,
        pipe: &'a mut Pipe,
        max: usize,
    ) -> LocalFuture<'a, Result<usize, StreamError>>;

    /// The body was sent to its end (`complete`) or abandoned; the source
    /// may now be reused or must be closed.
    fn finish(self: Box<Self>, complete: bool);
}
