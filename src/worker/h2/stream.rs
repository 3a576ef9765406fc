//! One HTTP/2 stream as an exchange: the request head and body turned
//! into `exchange::Request` and `RequestBody`, dispatched as an HTTP/1
//! request is, and the `Response` sent back as HEADERS and DATA frames
//! within the client's flow-control windows.
//!
//! File bodies are read with `pread()` into pooled buffers (`buffers.rs`)
//! and sent as DATA frames of 16,375 bytes: with its 9-byte header each
//! frame is exactly one full TLS record (16 KiB), for the kernel under kTLS
//! and for rustls in user space.

use super::buffers::ReadBuffer;
use super::Shared;
use crate::exchange::{
    Body, BodyError, BodyLength, BodyStream, FileRange, Headers, Method, Request, RequestBody,
    Response, Segment, StreamError, Version,
};
use crate::http::response::status_has_body;
use crate::net::Pipe;
use crate::worker::Worker;
use bytes::Bytes;
use h2::server::SendResponse;
use h2::{RecvStream, SendStream};
use std::future::poll_fn;
use std::io;
use std::rc::Rc;
use std::time::Duration;
use tokio::time::timeout;

/// DATA payload that, with the frame header, fills one TLS record.
pub(super) const FRAME_DATA: usize = 16 * 1024 - 9;

/// Fields RFC 9113 8.2.2 forbids in HTTP/2: they belong to one
/// connection, and HTTP/2 has its own framing.
const CONNECTION_SPECIFIC: [&str; 6] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "transfer-encoding",
    "upgrade",
    "content-length",
];

/// Why a response could not be sent to its end.
#[derive(Debug, thiserror::Error)]
enum SendError {
    #[error("client stream: {0}")]
    Stream(#[source] h2::Error),
    #[error("client not reading (send timeout)")]
    Timeout,
    #[error("file read failed: {0}")]
    File(#[source] io::Error),
    #[error("file shrank while being sent")]
    FileShrank,
    #[error("response body failed mid-way: {0}")]
    Body(#[source] StreamError),
}

pub(super) async fn serve(
    shared: Rc<Shared>,
    request: http::Request<RecvStream>,
    mut respond: SendResponse<Bytes>,
) {
    let (worker, arrival) = shared.for_new_stream();
    let (head, recv) = request.into_parts();
    let request = match to_request(&head, shared.client, recv.is_end_stream()) {
        Ok(r) => r,
        Err(why) => {
            tracing::debug!(peer = %shared.client.addr, why, "bad HTTP/2 request");
            let response = Response::error_saying(400, why);
            let _ = send(&worker, &Method::Get, response, &mut respond).await;
            return;
        }
    };
    let site = worker.site_of(&request);
    let early = worker.early_answer(&arrival, site, &request, || shared.client.local);
    let mut response = match early {
        Some(response) => response,
        None => {
            let handler = worker.handler_for(site, &request);
            let settings = &worker.settings;
            let handled = match H2Body::new(
                recv,
                request.body,
                settings.limits.max_body_bytes,
                settings.timeouts.request_body,
            ) {
                Ok(mut body) => worker.handle(handler, site, &request, &mut body).await,
                Err(e) => Err(e),
            };
            match handled {
                Ok(response) => response,
                Err(e) => match e.status() {
                    Some(status) => {
                        tracing::debug!(peer = %shared.client.addr, error = %e, "request body refused");
                        Response::error(status)
                    }
                    None => {
                        tracing::debug!(peer = %shared.client.addr, error = %e, "HTTP/2 request body failed");
                        respond.send_reset(h2::Reason::CANCEL);
                        return;
                    }
                },
            }
        }
    };
    worker.add_site_headers(site, &mut response);
    let status = response.status;
    match send(&worker, &request.method, response, &mut respond).await {
        Ok(bytes) => worker.thread.log_access(&request, status, bytes),
        Err((bytes, e)) => {
            tracing::debug!(peer = %shared.client.addr, error = %e, "HTTP/2 response not sent to its end");
            respond.send_reset(h2::Reason::INTERNAL_ERROR);
            worker.thread.log_access(&request, status, bytes);
        }
    }
}

/// The exchange's request from an HTTP/2 request head. Err: why it is
/// malformed (answered 400).
fn to_request(
    head: &http::request::Parts,
    client: crate::exchange::Client,
    end_of_stream: bool,
) -> Result<Request, &'static str> {
    let host = match head.uri.authority() {
        // RFC 9113 8.3.1: `:authority` over Host when both are sent.
        Some(authority) => Some(authority.as_str().to_string()),
        None => {
            let mut hosts = head.headers.get_all(http::header::HOST).iter();
            match (hosts.next(), hosts.next()) {
                (Some(host), None) => Some(String::from_utf8_lossy(host.as_bytes()).into_owned()),
                (None, _) => None,
                (Some(_), Some(_)) => return Err("more than one Host field"),
            }
        }
    };
    if let Some(host) = &host {
        if !crate::http::is_valid_host(host.as_bytes()) {
            return Err("invalid :authority or Host");
        }
    }
    let target = match head.uri.path_and_query() {
        Some(p) => p.as_str().as_bytes().to_vec(),
        // CONNECT: the authority is the target.
        None => host.clone().unwrap_or_default().into_bytes(),
    };
    let mut headers = Headers::with_capacity(head.headers.len() + 1);
    // RFC 9113 8.3.1: an HTTP/1.1 hop needs Host, made from `:authority`.
    if let Some(authority) = head.uri.authority() {
        headers.append("host", authority.as_str());
    }
    // RFC 9113 8.2.3: cookie crumbs are one field again for HTTP/1.1.
    let mut cookies: Vec<&[u8]> = Vec::new();
    for (name, value) in &head.headers {
        if name == http::header::COOKIE {
            cookies.push(value.as_bytes());
        } else if name == http::header::TE
            || (name == http::header::HOST && head.uri.authority().is_some())
        {
            // TE (only "trailers" in HTTP/2) is hop-by-hop; a Host beside
            // `:authority` gives way to it.
        } else {
            headers.append(name.as_str(), value.as_bytes());
        }
    }
    if !cookies.is_empty() {
        headers.append("cookie", cookies.join(&b"; "[..]));
    }
    let body = match head.headers.get(http::header::CONTENT_LENGTH) {
        _ if end_of_stream => BodyLength::None,
        // The h2 crate checked it is a number and holds the DATA to it.
        Some(v) => match std::str::from_utf8(v.as_bytes())
            .ok()
            .and_then(|s| s.parse().ok())
        {
            Some(0) => BodyLength::None,
            Some(n) => BodyLength::Known(n),
            None => return Err("invalid content-length"),
        },
        None => BodyLength::Unknown,
    };
    Ok(Request {
        method: Method::parse(head.method.as_str()),
        target,
        version: Version::Http2,
        headers,
        host,
        body,
        expect_continue: false,
        upgrade: None,
        client,
    })
}

/// A request body as DATA frames, each window given back as it is read.
struct H2Body {
    recv: RecvStream,
    /// The frame handed out last (its capacity is released at the next read).
    current: Bytes,
    received: u64,
    max: u64,
    read_timeout: Duration,
}

impl H2Body {
    /// Err: the declared length is over `max` (413 before any read).
    fn new(
        recv: RecvStream,
        length: BodyLength,
        max: u64,
        read_timeout: Duration,
    ) -> Result<H2Body, BodyError> {
        if matches!(length, BodyLength::Known(n) if n > max) {
            return Err(BodyError::TooLarge);
        }
        Ok(H2Body {
            recv,
            current: Bytes::new(),
            received: 0,
            max,
            read_timeout,
        })
    }
}

impl RequestBody for H2Body {
    async fn data(&mut self) -> Result<&[u8], BodyError> {
        let done = std::mem::take(&mut self.current).len();
        let _ = self.recv.flow_control().release_capacity(done);
        loop {
            let next = match timeout(self.read_timeout, self.recv.data()).await {
                Err(_) => return Err(BodyError::Timeout),
                Ok(None) => return Ok(&[]),
                Ok(Some(Err(e))) if e.is_reset() || e.is_go_away() || e.is_io() => {
                    return Err(BodyError::ClientGone)
                }
                Ok(Some(Err(_))) => return Err(BodyError::Malformed("HTTP/2 body")),
                Ok(Some(Ok(data))) => data,
            };
            if next.is_empty() {
                continue;
            }
            self.received += next.len() as u64;
            if self.received > self.max {
                return Err(BodyError::TooLarge);
            }
            self.current = next;
            return Ok(&self.current);
        }
    }

    fn spliceable(&self) -> Option<u64> {
        None
    }

    async fn splice_into(&mut self, _pipe: &mut Pipe, _max: usize) -> Result<usize, BodyError> {
        Ok(0)
    }
}

/// Sends `response` on the stream. Ok: body bytes sent; Err: those sent
/// before the failure, and why.
async fn send(
    worker: &Worker,
    method: &Method,
    mut response: Response,
    respond: &mut SendResponse<Bytes>,
) -> Result<u64, (u64, SendError)> {
    let send_timeout = worker.settings.timeouts.send;
    let with_body = *method != Method::Head && status_has_body(response.status);
    let mut body = std::mem::replace(&mut response.body, Body::Empty);
    // A back end's body that fails before its first byte: an error page
    // instead, as HTTP/1 does.
    let mut first = Bytes::new();
    if let (true, Body::Stream(stream)) = (with_body, &mut body) {
        let mut buf = ReadBuffer::take();
        match stream.read(buf.space()).await {
            Ok(n) => first = buf.freeze(n),
            Err(e) => {
                tracing::warn!(error = %e, "response body failed before it was sent; answering with an error");
                let status = if matches!(e, StreamError::Timeout) {
                    504
                } else {
                    502
                };
                response = Response::error(status);
                body = std::mem::replace(&mut response.body, Body::Empty);
            }
        }
    }
    let length = body.length();
    let head = response_head(worker, &response, length);
    let empty = !with_body || length == Some(0);
    let mut out = match respond.send_response(head, empty) {
        Ok(out) => out,
        Err(e) => return Err((0, SendError::Stream(e))),
    };
    if empty {
        // HEAD, 304 and the like: the source has nothing more to give.
        if let Body::Stream(stream) = body {
            stream.finish(true);
        }
        return Ok(0);
    }
    let mut sender = DataSender {
        out: &mut out,
        sent: 0,
        send_timeout,
    };
    let result = match body {
        Body::Empty => sender.data(Bytes::new(), true).await,
        Body::Bytes(b) => sender.data(Bytes::from(b.into_owned()), true).await,
        Body::File(range) => sender.file(&range, true).await,
        Body::Segments(parts) => {
            let last = parts.len().saturating_sub(1);
            let mut result = Ok(());
            for (i, part) in parts.into_iter().enumerate() {
                result = match part {
                    Segment::Bytes(b) => sender.data(Bytes::from(b), i == last).await,
                    Segment::File(range) => sender.file(&range, i == last).await,
                };
                if result.is_err() {
                    break;
                }
            }
            result
        }
        Body::Stream(stream) => sender.stream(stream, first).await,
        // No HTTP/2 request asks to switch protocols (`upgrade` is None).
        Body::Tunnel(_) => sender.data(Bytes::new(), true).await,
    };
    let sent = sender.sent;
    result.map(|()| sent).map_err(|e| (sent, e))
}

/// The response head: status and fields, without those HTTP/2 forbids,
/// with `content-length` when the length is known, `server` and `date`.
fn response_head(worker: &Worker, response: &Response, length: Option<u64>) -> http::Response<()> {
    let mut head = http::Response::new(());
    *head.status_mut() =
        http::StatusCode::from_u16(response.status).unwrap_or(http::StatusCode::BAD_GATEWAY);
    let fields = head.headers_mut();
    for (name, value) in response.headers.iter() {
        if CONNECTION_SPECIFIC
            .iter()
            .any(|f| name.eq_ignore_ascii_case(f))
        {
            continue;
        }
        // A field HTTP/2 cannot carry (a name with upper-case letters is
        // lower-cased; one with invalid bytes is dropped).
        if let (Ok(name), Ok(value)) = (
            http::HeaderName::from_bytes(name.as_bytes()),
            http::HeaderValue::from_bytes(value),
        ) {
            fields.append(name, value);
        }
    }
    if let Some(n) = length.filter(|_| status_has_body(response.status)) {
        fields.insert(http::header::CONTENT_LENGTH, n.into());
    }
    if !fields.contains_key(http::header::SERVER) {
        fields.insert(
            http::header::SERVER,
            http::HeaderValue::from_static("tlsaccel"),
        );
    }
    if !fields.contains_key(http::header::DATE) {
        let mut date = worker.thread.date.borrow_mut();
        if let Ok(v) = http::HeaderValue::from_str(date.now()) {
            fields.insert(http::header::DATE, v);
        }
    }
    head
}

/// DATA frames within the client's windows.
struct DataSender<'s> {
    out: &'s mut SendStream<Bytes>,
    sent: u64,
    send_timeout: Duration,
}

impl DataSender<'_> {
    /// Sends `data` in frames of `FRAME_DATA` (smaller only when the
    /// client's window is); `end` closes the stream with the last.
    async fn data(&mut self, mut data: Bytes, end: bool) -> Result<(), SendError> {
        if data.is_empty() {
            if end {
                self.out.send_data(data, true).map_err(SendError::Stream)?;
            }
            return Ok(());
        }
        while !data.is_empty() {
            let room = self.window_for(data.len().min(FRAME_DATA)).await?;
            let frame = data.split_to(room);
            let n = frame.len() as u64;
            self.out
                .send_data(frame, end && data.is_empty())
                .map_err(SendError::Stream)?;
            self.sent += n;
        }
        Ok(())
    }

    /// Waits until the stream may send something; how much of `want`.
    async fn window_for(&mut self, want: usize) -> Result<usize, SendError> {
        self.out.reserve_capacity(want);
        loop {
            let room = self.out.capacity().min(want);
            if room > 0 {
                return Ok(room);
            }
            let grown = timeout(self.send_timeout, poll_fn(|cx| self.out.poll_capacity(cx))).await;
            match grown {
                Err(_) => return Err(SendError::Timeout),
                Ok(None) => return Err(SendError::Stream(h2::Error::from(h2::Reason::CANCEL))),
                Ok(Some(Err(e))) => return Err(SendError::Stream(e)),
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    async fn file(&mut self, range: &FileRange, end: bool) -> Result<(), SendError> {
        let (mut pos, stop) = (range.offset, range.offset + range.len);
        while pos < stop {
            let mut buf = ReadBuffer::take();
            let want = ((stop - pos) as usize).min(buf.space().len());
            let n = rustix::io::pread(range.file.as_fd(), &mut buf.space()[..want], pos)
                .map_err(|e| SendError::File(e.into()))?;
            if n == 0 {
                return Err(SendError::FileShrank);
            }
            pos += n as u64;
            self.data(buf.freeze(n), end && pos == stop).await?;
        }
        Ok(())
    }

    async fn stream(
        &mut self,
        mut stream: Box<dyn BodyStream>,
        first: Bytes,
    ) -> Result<(), SendError> {
        let mut next = first;
        loop {
            if next.is_empty() {
                stream.finish(true);
                return self.data(Bytes::new(), true).await;
            }
            if let Err(e) = self.data(next, false).await {
                stream.finish(false);
                return Err(e);
            }
            let mut buf = ReadBuffer::take();
            match stream.read(buf.space()).await {
                Ok(n) => next = buf.freeze(n),
                Err(e) => {
                    stream.finish(false);
                    return Err(SendError::Body(e));
                }
            }
        }
    }
}
