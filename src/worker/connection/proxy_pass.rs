//! A request's trip through the reverse proxy on one client connection:
//! pick a back end (weighted round-robin over those up), send it the
//! rewritten head and stream the request body up, read the response head
//! (1xx skipped), stream the body down in whatever framing the back end
//! used, and put the back-end connection back in the pool when both its
//! framing and its `Connection` header allow.
//!
//! Failures: a back end that refuses or does not connect in time is left
//! out for `fail_timeout` and the next one is tried (nothing was sent); a
//! reused idle connection that turns out closed is replaced; a request
//! without a body that fails before any response byte is retried once on
//! another back end; otherwise 502, or 504 when the back end is too slow
//! to answer. The client sees a plain error page; the log names the back end.

use super::{BodyError, Connection, End, TLS_CHUNK};
use crate::http::{BodyFraming, ChunkedDecoder, Method, RequestHead, Response, Version};
use crate::metrics::WorkerMetrics;
use crate::proxy::{
    parse_response_head, proxy_v2_header, request_head, BackendStream, ClientInfo, ResponseFraming,
    ResponseHead,
};
use crate::splice::Pipe;
use std::io;
use tokio::time::timeout;

/// Largest back-end response head accepted.
const MAX_RESPONSE_HEAD: usize = 64 * 1024;

/// Why one attempt at a back end did not produce a response.
enum Failure {
    /// Nothing reached the back end: try another (connect refused, timed out).
    Unreachable(io::Error),
    /// A reused idle connection was closed under us before answering.
    StaleIdle,
    /// The back end took the request and failed it before answering.
    NoResponse(io::Error),
    /// No response head within `read_timeout`: 504.
    TooSlow,
    /// The back end answered with something that is not HTTP: 502.
    BadResponse(&'static str),
    /// The client side failed or must be answered with this status.
    Client(BodyError),
}

impl Connection {
    /// Serves one request from an upstream group. Ok(true): the client
    /// connection may carry another request.
    pub(super) async fn proxy(&mut self, head: &RequestHead, group: usize) -> Result<bool, End> {
        let (read_timeout, connect_timeout, proxy_protocol, name) = {
            let upstreams = self.worker.upstreams.borrow();
            let c = upstreams.config(group);
            (
                c.read_timeout,
                c.connect_timeout,
                c.proxy_protocol,
                c.name.clone(),
            )
        };
        if let BodyFraming::Length(n) = head.body {
            if n > self.worker.settings.limits.max_body_bytes {
                return self.proxy_error(head, 413, false).await;
            }
        }
        let raw = &self.buf[self.start - head.head_len..self.start];
        let client = ClientInfo {
            addr: self.peer.ip(),
            proto: if self.io.is_tls() { "https" } else { "http" },
        };
        let local = self.io.local_addr().ok();
        let default_host = local.map_or_else(|| name.clone(), |a| a.to_string());
        let upstream_head = request_head(raw, head, &client, &default_host);
        let has_body = head.body != BodyFraming::None;
        if has_body && head.expect_continue && self.start == self.end {
            self.out.extend_from_slice(b"HTTP/1.1 100 Continue\r\n\r\n");
            self.flush().await?;
        }
        let idempotent = match &head.method {
            Method::Get | Method::Head => true,
            Method::Other(m) => ["PUT", "DELETE", "OPTIONS", "TRACE"].contains(&m.as_str()),
        };
        WorkerMetrics::add(&self.worker.metrics.proxy_requests, 1);
        let mut tried = Vec::new();
        let mut retried = false;
        loop {
            let picked = self.worker.upstreams.borrow_mut().pick(group, &tried);
            let Some(server) = picked else {
                tracing::warn!(peer = %self.peer, upstream = %name, "no back end available");
                return self.proxy_error(head, 502, has_body).await;
            };
            let address = self.worker.upstreams.borrow().config(group).servers[server]
                .address
                .clone();
            let idle = self.worker.upstreams.borrow_mut().take_idle(group, server);
            let reused = idle.is_some();
            let attempt = async {
                let mut backend = match idle {
                    Some(b) => b,
                    None => {
                        let mut b = BackendStream::connect(&address, connect_timeout)
                            .await
                            .map_err(Failure::Unreachable)?;
                        if proxy_protocol {
                            if let Some(local) = local {
                                b.write_all(&proxy_v2_header(self.peer, local))
                                    .await
                                    .map_err(Failure::Unreachable)?;
                            }
                        }
                        b
                    }
                };
                self.send_request(&mut backend, &upstream_head, head, reused)
                    .await?;
                let mut head_buf = self.worker.take_buffer();
                let read = read_response_head(
                    &mut backend,
                    &mut head_buf,
                    head,
                    read_timeout,
                    reused && !has_body,
                )
                .await;
                self.worker.give_back_buffer(head_buf);
                let (response, leftover) = read?;
                Ok((backend, response, leftover))
            };
            let failure = match attempt.await {
                Ok((backend, response, leftover)) => {
                    self.worker.upstreams.borrow_mut().mark_ok(group, server);
                    return self
                        .relay_response(
                            head,
                            backend,
                            response,
                            leftover,
                            (group, server),
                            read_timeout,
                        )
                        .await;
                }
                Err(f) => f,
            };
            match failure {
                Failure::Client(BodyError::End(end)) => return Err(end),
                Failure::Client(BodyError::Reject(status)) => {
                    return self.proxy_error(head, status, true).await;
                }
                Failure::StaleIdle => {
                    tracing::debug!(upstream = %name, back_end = %address, "idle back-end connection was closed; retrying on a new one");
                }
                Failure::Unreachable(e) => {
                    self.back_end_failed(group, server, &name, &address, &e.to_string());
                    tried.push(server);
                }
                Failure::NoResponse(e) => {
                    self.back_end_failed(group, server, &name, &address, &e.to_string());
                    tried.push(server);
                    if has_body || !idempotent || retried {
                        // The body may have failed half-way: where the next
                        // request starts is unknown, so the connection ends.
                        return self.proxy_error(head, 502, has_body).await;
                    }
                    retried = true;
                }
                Failure::TooSlow => {
                    self.back_end_failed(
                        group,
                        server,
                        &name,
                        &address,
                        "no response within read_timeout",
                    );
                    return self.proxy_error(head, 504, false).await;
                }
                Failure::BadResponse(why) => {
                    self.back_end_failed(group, server, &name, &address, why);
                    return self.proxy_error(head, 502, false).await;
                }
            }
        }
    }

    fn back_end_failed(
        &self,
        group: usize,
        server: usize,
        name: &str,
        address: &impl std::fmt::Display,
        why: &str,
    ) {
        WorkerMetrics::add(&self.worker.metrics.proxy_backend_failures, 1);
        let newly_down = self
            .worker
            .upstreams
            .borrow_mut()
            .mark_failed(group, server);
        if newly_down {
            tracing::warn!(peer = %self.peer, upstream = name, back_end = %address, why, "back end failed; leaving it out for fail_timeout");
        } else {
            tracing::debug!(peer = %self.peer, upstream = name, back_end = %address, why, "back end failed again");
        }
    }

    /// Answers with an error page of our own. `body_unread`: the request
    /// body is still on the wire, so the connection must close after it.
    async fn proxy_error(
        &mut self,
        head: &RequestHead,
        status: u16,
        body_unread: bool,
    ) -> Result<bool, End> {
        let mut response = Response::error(status);
        response.close |= body_unread;
        if body_unread {
            self.linger = true;
        }
        self.answer(head, &response).await
    }

    /// Writes the head and streams the request body to the back end.
    async fn send_request(
        &mut self,
        backend: &mut BackendStream,
        upstream_head: &[u8],
        head: &RequestHead,
        reused: bool,
    ) -> Result<(), Failure> {
        let body_timeout = self.worker.settings.timeouts.request_body;
        let max = self.worker.settings.limits.max_body_bytes;
        let mut pending = upstream_head.to_vec();
        let mut remaining = match head.body {
            BodyFraming::None => 0,
            BodyFraming::Length(n) => n,
            BodyFraming::Chunked => u64::MAX,
        };
        let mut chunked = (head.body == BodyFraming::Chunked).then(ChunkedDecoder::new);
        let mut data_seen = 0u64;
        loop {
            // Take what the client has sent so far, within this body.
            let available = &self.buf[self.start..self.end];
            let take = match chunked.as_mut() {
                Some(decoder) => {
                    let progress = decoder
                        .feed(available)
                        .map_err(|_| Failure::Client(BodyError::Reject(400)))?;
                    data_seen += progress.data_bytes;
                    if data_seen > max {
                        return Err(Failure::Client(BodyError::Reject(413)));
                    }
                    if decoder.is_done() {
                        remaining = 0;
                    }
                    progress.consumed
                }
                None => {
                    let take = remaining.min(available.len() as u64) as usize;
                    remaining -= take as u64;
                    take
                }
            };
            pending.extend_from_slice(&self.buf[self.start..self.start + take]);
            self.start += take;
            if !pending.is_empty() {
                if head.body != BodyFraming::None {
                    WorkerMetrics::add(&self.worker.metrics.proxy_bytes_copied_up, take as u64);
                }
                match backend.write_all(&pending).await {
                    Ok(()) => {}
                    // A reused connection the back end closed meanwhile; a
                    // request without a body can simply be sent again.
                    Err(_) if reused && head.body == BodyFraming::None => {
                        return Err(Failure::StaleIdle)
                    }
                    Err(e) => return Err(Failure::NoResponse(e)),
                }
                pending.clear();
            }
            if remaining == 0 {
                return Ok(());
            }
            if chunked.is_none() && self.io.can_splice() && self.start == self.end {
                return self.splice_body_up(backend, remaining).await;
            }
            match timeout(body_timeout, self.read_more()).await {
                Ok(Ok(0)) => return Err(Failure::Client(BodyError::End(End::ClientGone))),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => {
                    return Err(Failure::Client(BodyError::End(super::read_failed(
                        "read body",
                        e,
                    ))))
                }
                Err(_) => return Err(Failure::Client(BodyError::Reject(408))),
            }
        }
    }

    /// The rest of a Content-Length request body, from a kTLS client
    /// straight to the back end through a pipe.
    async fn splice_body_up(
        &mut self,
        backend: &mut BackendStream,
        mut remaining: u64,
    ) -> Result<(), Failure> {
        let body_timeout = self.worker.settings.timeouts.request_body;
        let mut pipe = Pipe::new().map_err(Failure::NoResponse)?;
        while remaining > 0 {
            let want = remaining.min(1 << 20) as usize;
            let n = match timeout(body_timeout, self.io.splice_to_pipe(&mut pipe, want)).await {
                Ok(Ok(0)) => return Err(Failure::Client(BodyError::End(End::ClientGone))),
                Ok(Ok(n)) => n,
                Ok(Err(e)) => {
                    return Err(Failure::Client(BodyError::End(super::read_failed(
                        "splice body",
                        e,
                    ))))
                }
                Err(_) => return Err(Failure::Client(BodyError::Reject(408))),
            };
            remaining -= n as u64;
            while pipe.held > 0 {
                match timeout(body_timeout, backend.splice_from(&mut pipe)).await {
                    Ok(Ok(_)) => {}
                    Ok(Err(e)) => return Err(Failure::NoResponse(e)),
                    Err(_) => return Err(Failure::NoResponse(io::ErrorKind::TimedOut.into())),
                }
            }
            WorkerMetrics::add(&self.worker.metrics.proxy_bytes_spliced_up, n as u64);
        }
        Ok(())
    }

    /// Sends the response head and streams the body to the client; returns
    /// the back-end connection to the pool when it may serve again.
    async fn relay_response(
        &mut self,
        head: &RequestHead,
        mut backend: BackendStream,
        response: ResponseHead,
        leftover: Vec<u8>,
        (group, server): (usize, usize),
        read_timeout: std::time::Duration,
    ) -> Result<bool, End> {
        let http10 = head.version == Version::Http10;
        if http10 && response.framing == ResponseFraming::Chunked {
            // We asked in HTTP/1.0; a back end must not answer chunked.
            tracing::warn!(peer = %self.peer, "back end answered an HTTP/1.0 request with a chunked body");
            return self.proxy_error(head, 502, false).await;
        }
        let keep_alive =
            response.framing != ResponseFraming::UntilClose && self.may_keep_alive(head);
        self.out.extend_from_slice(&response.client_head);
        match response.framing {
            ResponseFraming::Length(n) => self
                .out
                .extend_from_slice(format!("Content-Length: {n}\r\n").as_bytes()),
            ResponseFraming::Chunked => self
                .out
                .extend_from_slice(b"Transfer-Encoding: chunked\r\n"),
            ResponseFraming::None | ResponseFraming::UntilClose => {}
        }
        if !keep_alive {
            self.out.extend_from_slice(b"Connection: close\r\n");
        } else if http10 {
            self.out.extend_from_slice(b"Connection: keep-alive\r\n");
        }
        self.out.extend_from_slice(b"\r\n");
        let relayed = self
            .relay_body(&mut backend, response.framing, leftover, read_timeout)
            .await;
        let (body_bytes, clean_end) = match &relayed {
            Ok(r) => *r,
            Err(_) => (0, false),
        };
        self.worker
            .log_access(self.peer, head, response.status, body_bytes);
        relayed?;
        if response.reusable && clean_end {
            self.worker
                .upstreams
                .borrow_mut()
                .put_idle(group, server, backend);
        }
        Ok(keep_alive)
    }

    /// Copies the response body in the back end's framing. Returns the body
    /// bytes relayed and whether the back end stopped exactly at its end.
    async fn relay_body(
        &mut self,
        backend: &mut BackendStream,
        framing: ResponseFraming,
        mut leftover: Vec<u8>,
        read_timeout: std::time::Duration,
    ) -> Result<(u64, bool), End> {
        let mut remaining = match framing {
            ResponseFraming::None | ResponseFraming::Length(0) => {
                return Ok((0, leftover.is_empty()))
            }
            ResponseFraming::Length(n) => n,
            ResponseFraming::Chunked | ResponseFraming::UntilClose => u64::MAX,
        };
        let mut chunked = (framing == ResponseFraming::Chunked).then(ChunkedDecoder::new);
        let mut total = 0u64;
        if chunked.is_none() && self.io.can_splice() {
            // What came with the head goes the ordinary way, the rest
            // straight from the back end's socket to the client's.
            let keep = remaining.min(leftover.len() as u64) as usize;
            self.out.extend_from_slice(&leftover[..keep]);
            remaining -= keep as u64;
            WorkerMetrics::add(&self.worker.metrics.proxy_bytes_copied_down, keep as u64);
            if remaining == 0 {
                self.flush().await?;
                return Ok((keep as u64, leftover.len() == keep));
            }
            self.write_out(true).await?;
            let until_close = framing == ResponseFraming::UntilClose;
            let (spliced, clean) = self
                .splice_body_down(backend, remaining, until_close, read_timeout)
                .await?;
            return Ok((keep as u64 + spliced, clean));
        }
        loop {
            // `leftover` first (read with the head), then straight from the socket.
            let fresh = if leftover.is_empty() {
                let want = remaining.min(TLS_CHUNK as u64) as usize;
                let spare = &mut self.out.spare(want)[..want];
                let n = match timeout(read_timeout, backend.read(spare)).await {
                    Ok(Ok(n)) => n,
                    Ok(Err(e)) => return Err(End::Io("back-end read", e)),
                    Err(_) => return Err(End::Timeout("back-end read")),
                };
                if n == 0 {
                    if framing == ResponseFraming::UntilClose {
                        self.flush().await?;
                        return Ok((total, false));
                    }
                    return Err(End::Io(
                        "back-end read",
                        io::ErrorKind::UnexpectedEof.into(),
                    ));
                }
                let start = self.out.len();
                self.out.commit(n);
                start
            } else {
                let start = self.out.len();
                self.out.extend_from_slice(&leftover);
                leftover.clear();
                start
            };
            // Bytes past the end of this body: keep them off the client.
            let got = self.out.len() - fresh;
            let (keep, done) = match chunked.as_mut() {
                Some(decoder) => {
                    let window = &self.out.as_slice()[fresh..];
                    let progress = decoder.feed(window).map_err(|_| {
                        End::Io("back-end chunked body", io::ErrorKind::InvalidData.into())
                    })?;
                    (progress.consumed, decoder.is_done())
                }
                None => {
                    let keep = remaining.min(got as u64) as usize;
                    remaining -= keep as u64;
                    (keep, remaining == 0)
                }
            };
            let extra = got - keep;
            self.out.truncate(fresh + keep);
            total += keep as u64;
            WorkerMetrics::add(&self.worker.metrics.proxy_bytes_copied_down, keep as u64);
            if done {
                self.flush().await?;
                return Ok((total, extra == 0));
            }
            if self.out.len() >= TLS_CHUNK {
                self.write_out(false).await?;
            }
        }
    }
}

impl Connection {
    /// A response body from the back end straight to a kTLS client through
    /// a pipe: `remaining` bytes, or until the back end closes.
    async fn splice_body_down(
        &mut self,
        backend: &mut BackendStream,
        mut remaining: u64,
        until_close: bool,
        read_timeout: std::time::Duration,
    ) -> Result<(u64, bool), End> {
        let send_timeout = self.worker.settings.timeouts.send;
        let mut pipe = Pipe::new().map_err(|e| End::Io("pipe", e))?;
        let mut total = 0u64;
        while remaining > 0 {
            let want = remaining.min(1 << 20) as usize;
            let n = match timeout(read_timeout, backend.splice_into(&mut pipe, want)).await {
                Ok(Ok(0)) if until_close => return Ok((total, false)),
                Ok(Ok(0)) => {
                    return Err(End::Io(
                        "back-end splice",
                        io::ErrorKind::UnexpectedEof.into(),
                    ))
                }
                Ok(Ok(n)) => n,
                Ok(Err(e)) => return Err(End::Io("back-end splice", e)),
                Err(_) => return Err(End::Timeout("back-end read")),
            };
            if !until_close {
                remaining -= n as u64;
            }
            while pipe.held > 0 {
                match timeout(send_timeout, self.io.splice_from_pipe(&mut pipe)).await {
                    Ok(Ok(_)) => {}
                    Ok(Err(e)) => return Err(End::Io("splice to client", e)),
                    Err(_) => return Err(End::Timeout("send")),
                }
            }
            total += n as u64;
            WorkerMetrics::add(&self.worker.metrics.proxy_bytes_spliced_down, n as u64);
        }
        Ok((total, true))
    }
}

/// Reads the back end's response head, skipping interim (1xx) responses.
/// Returns it with the bytes read past it (the start of the body).
/// `buf` is any zeroed buffer (a worker's spare request buffer), grown if
/// a head needs more.
async fn read_response_head(
    backend: &mut BackendStream,
    buf: &mut Vec<u8>,
    head: &RequestHead,
    read_timeout: std::time::Duration,
    stale_if_closed: bool,
) -> Result<(ResponseHead, Vec<u8>), Failure> {
    let mut len = 0;
    loop {
        match parse_response_head(&buf[..len], head.method == Method::Head) {
            Ok(Some(r)) if (100..200).contains(&r.status) && r.status != 101 => {
                buf.copy_within(r.head_len..len, 0);
                len -= r.head_len;
                continue;
            }
            Ok(Some(r)) if r.status == 101 => {
                return Err(Failure::BadResponse("protocol switch (101) is not proxied"))
            }
            Ok(Some(r)) => {
                let leftover = buf[r.head_len..len].to_vec();
                return Ok((r, leftover));
            }
            Ok(None) if len == MAX_RESPONSE_HEAD => {
                return Err(Failure::BadResponse("response head too large"))
            }
            Ok(None) => {}
            Err(why) => return Err(Failure::BadResponse(why)),
        }
        if len == buf.len() {
            buf.resize((buf.len() * 2).clamp(4096, MAX_RESPONSE_HEAD), 0);
        }
        match timeout(read_timeout, backend.read(&mut buf[len..])).await {
            Ok(Ok(0)) if len == 0 && stale_if_closed => return Err(Failure::StaleIdle),
            Ok(Ok(0)) => return Err(Failure::NoResponse(io::ErrorKind::UnexpectedEof.into())),
            Ok(Ok(n)) => len += n,
            Ok(Err(e)) if len == 0 && stale_if_closed => {
                tracing::trace!(error = %e, "idle back-end connection failed");
                return Err(Failure::StaleIdle);
            }
            Ok(Err(e)) => return Err(Failure::NoResponse(e)),
            Err(_) => return Err(Failure::TooSlow),
        }
    }
}
