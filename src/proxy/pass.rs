//! A request's trip through the reverse proxy, as a handler of exchanges:
//! pick a back end (weighted round-robin over those up), send it the
//! rewritten head and stream the request body up (re-framed by tlsaccel;
//! spliced from a kTLS client when it has a known length), read the
//! response head (1xx skipped), and answer with a response whose body is
//! streamed from the back end while the client's protocol sends it.
//!
//! A GET asking to switch protocols (`Upgrade: websocket`, or another
//! protocol the route lists) is sent on with its `Upgrade`; a `101` from the
//! back end naming an offered protocol becomes a response whose body is a
//! `Tunnel` to that back-end connection. An upgrade the route does not
//! allow is dropped with the other hop-by-hop fields, so the back end
//! answers a plain request (RFC 9110 7.8 lets a server ignore `Upgrade`).
//!
//! Failures: a back end that refuses, does not connect in time or fails
//! the TLS handshake is left out for `fail_timeout` and the next one is
//! tried (nothing was sent); a reused idle connection that turns out closed
//! is replaced; an idempotent request that can be sent again whole (no
//! body, or one of up to `retry_body_bytes` read before the first attempt)
//! whose back end fails before any response byte is retried once on
//! another; otherwise 502, or 504 when the back end is too slow to answer.
//! The client sees a plain error page; the log names the back end.

use super::balancer::hash64;
use super::head::{
    allowed_upgrade, client_locations, parse_response_head, request_head, switch_matches_offer,
    upstream_framing, ResponseHead,
};
use super::monitor::InFlight;
use super::upstream_body::{Received, UpstreamBody};
use super::Upstreams;
use crate::config::{Balance, HashKey, Route, Variables};
use crate::deadline::timeout_if_pending;
use crate::exchange::{
    Body, BodyError, BodyLength, Method, Request, RequestBody, Response, Tunnel,
};
use crate::http::body::{chunk_size_line, CHUNK_END, LAST_CHUNK};
use crate::http::Framing;
use crate::metrics::WorkerMetrics;
use crate::net::BackendStream;
use crate::net::Pipe;
use crate::net::{ConnectError, TlsTarget};
use crate::proxy_protocol;
use std::cell::RefCell;
use std::io;
use std::pin::pin;
use std::rc::Rc;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest back-end response head accepted.
const MAX_RESPONSE_HEAD: usize = 64 * 1024;
/// Request body bytes moved per splice.
const SPLICE_CHUNK: usize = 1 << 20;

/// Why one attempt at a back end did not produce a response.
enum Failure {
    /// Nothing reached the back end: try another (connect refused, timed
    /// out, TLS handshake failed).
    Unreachable(ConnectError),
    /// A reused idle connection was closed under us before answering.
    StaleIdle,
    /// The back end took the request and failed it before answering.
    NoResponse(io::Error),
    /// No response head within `read_timeout`: 504.
    TooSlow,
    /// The back end answered with something that is not HTTP: 502.
    BadResponse(&'static str),
    /// The client's body could not be read.
    Client(BodyError),
}

/// One worker's reverse proxy.
pub struct Proxy {
    pub upstreams: Rc<RefCell<Upstreams>>,
    pub metrics: Arc<WorkerMetrics>,
    /// Between reads of a request body, and writes of it to the back end.
    pub body_timeout: Duration,
}

/// The hashed key of `balance = "hash"`: the client's address, a
/// header's value, or a cookie's; None (round-robin) when the request has
/// no such header or cookie.
fn balance_key(req: &Request, what: &HashKey) -> Option<u64> {
    match what {
        HashKey::ClientAddress => {
            let ip = req.client.addr.ip().to_canonical();
            Some(match ip {
                std::net::IpAddr::V4(v4) => hash64(&v4.octets()),
                std::net::IpAddr::V6(v6) => hash64(&v6.octets()),
            })
        }
        HashKey::Header(name) => req.headers.get(name).map(|v| hash64(v.trim_ascii())),
        HashKey::Cookie(name) => req
            .headers
            .get_all("cookie")
            .flat_map(|line| line.split(|&b| b == b';'))
            .find_map(|pair| {
                let pair = pair.trim_ascii();
                let value = pair.strip_prefix(name.as_bytes())?.strip_prefix(b"=")?;
                Some(hash64(value))
            }),
    }
}

impl Proxy {
    /// Serves `req` from upstream group `group` by `route` (the protocols
    /// a client may switch to, the path mapping), asking the back end for
    /// `target`. Err: the client's body failed (the protocol answers or
    /// ends the connection).
    /// `own_fields`: fields only tlsaccel sets (`head::request_head`).
    ///
    /// Its future is allocated per request (`Worker::serve`); what is not
    /// needed across a wait is not held across one (settings looked up
    /// where used, the body's rare paths boxed), which keeps it at 1,000
    /// bytes, under the 1,032 that glibc serves from its per-thread cache
    /// (at 1,960 each request took malloc's slow path: 1 % of the proxy's
    /// CPU per request). `-Zprint-type-sizes` on nightly shows its size.
    pub async fn forward<B: RequestBody>(
        &self,
        group: usize,
        route: &Route,
        target: &[u8],
        req: &Request,
        body: &mut B,
        own_fields: &[(&str, Option<&str>)],
    ) -> Result<Response, BodyError> {
        let upgrades = &route.upgrades;
        let (tls, read_timeout, flags) = {
            let upstreams = self.upstreams.borrow();
            let c = upstreams.config(group);
            (
                upstreams.tls(group).cloned(),
                c.read_timeout,
                (
                    c.proxy_protocol,
                    c.pass_underscore_headers,
                    c.retry_body_bytes,
                ),
            )
        };
        let (proxy_protocol, underscores, retry_body_bytes) = flags;
        let upgrade = allowed_upgrade(req, upgrades);
        if let (Some(offer), None) = (&req.upgrade, &upgrade) {
            tracing::debug!(peer = %req.client.addr, upstream = %self.group_name(group), offer, method = %req.method, "upgrade not allowed here; forwarded as a plain request");
        }
        // The client's Host, or for a request without one (HTTP/1.0) the
        // address it reached (formatted only then).
        let host: std::borrow::Cow<'_, str> = match (&req.host, req.client.local) {
            (Some(host), _) => host.into(),
            (None, Some(local)) => local.to_string().into(),
            (None, None) => self.group_name(group).into(),
        };
        let request_id = req.header_text("x-request-id");
        // Made where used, not held across the waits (see above).
        let vars = || Variables {
            remote_addr: req.client.addr.ip(),
            scheme: if req.client.tls { "https" } else { "http" },
            host: &host,
            request_id: request_id.as_deref().unwrap_or(""),
        };
        let upstream_head = request_head(
            req,
            target,
            &host,
            underscores,
            upgrade.as_deref(),
            (&route.request_headers, &vars()),
            own_fields,
        );
        let has_body = req.body != BodyLength::None;
        WorkerMetrics::add(&self.metrics.proxy_requests, 1);
        // A small body of an idempotent request is read whole first, so a
        // failed attempt can send it again to another server.
        let buffered = match req.body {
            BodyLength::Known(n) if req.method.is_idempotent() && n <= retry_body_bytes => {
                // Boxed, as `send_body_up` is.
                let reading = Box::pin(read_whole(body, n));
                Some(reading.await?)
            }
            _ => None,
        };
        let resendable = !has_body || buffered.is_some();
        let mut tried = Vec::new();
        let mut retried = false;
        loop {
            let key = match &self.upstreams.borrow().config(group).balance {
                Balance::Hash(what) => balance_key(req, what),
                _ => None,
            };
            let picked = self.upstreams.borrow_mut().pick(group, &tried, key);
            let Some(server) = picked else {
                tracing::warn!(peer = %req.client.addr, upstream = %self.group_name(group), "no back end available");
                return Ok(Response::error(502));
            };
            let address = self.upstreams.borrow().address(group, server);
            let tls_name = self.upstreams.borrow().config(group).servers[server]
                .tls_name
                .clone();
            let idle = self.upstreams.borrow_mut().take_idle(group, server);
            let reused = idle.is_some();
            let exchange =
                InFlight::start(self.upstreams.borrow().state(group, server), group, server);
            let started = Instant::now();
            let attempt = async {
                let mut backend = match idle {
                    Some(b) => b,
                    None => {
                        let preface = match (proxy_protocol, req.client.local) {
                            (true, Some(local)) => {
                                proxy_protocol::encode_v2(req.client.addr, local)
                            }
                            _ => Vec::new(),
                        };
                        let tls = TlsTarget::of(tls.as_ref(), tls_name.as_ref());
                        let connect_timeout = self.upstreams.borrow().config(group).connect_timeout;
                        // Boxed (in a statement of its own, see
                        // `worker::connection::serve`): a TLS handshake's
                        // state is large, and only new connections need it.
                        let connecting = Box::pin(BackendStream::connect(
                            &address,
                            connect_timeout,
                            &preface,
                            tls,
                        ));
                        connecting.await.map_err(Failure::Unreachable)?
                    }
                };
                match &buffered {
                    Some(bytes) => {
                        let mut whole = upstream_head.clone();
                        whole.extend_from_slice(bytes);
                        self.write_up(&mut backend, &whole, reused && resendable)
                            .await?;
                    }
                    // Only a request without a body can be sent again
                    // after a write fails on a reused connection.
                    None if !has_body => {
                        self.write_up(&mut backend, &upstream_head, reused).await?
                    }
                    None => {
                        // Boxed: streaming a body up keeps a kilobyte of
                        // state that a request without one should not
                        // carry in its future (nor allocate).
                        let sending =
                            Box::pin(self.send_body_up(&mut backend, &upstream_head, req, body));
                        sending.await?
                    }
                }
                let buf = self.upstreams.borrow_mut().take_head_buffer();
                let (head, leftover) = read_response_head(
                    buf,
                    &mut backend,
                    req,
                    read_timeout,
                    reused && resendable,
                    upgrade.as_deref(),
                )
                .await?;
                Ok((backend, head, leftover))
            };
            let failure = match attempt.await {
                Ok((backend, mut head, leftover)) if head.status == 101 => {
                    exchange.responded(started.elapsed());
                    self.upstreams.borrow_mut().mark_ok(group, server);
                    let protocol = head.upgrade.take().unwrap_or_default();
                    head.headers.append("Upgrade", protocol);
                    let tunnel = Tunnel {
                        peer: backend,
                        received: leftover.into_vec(),
                        idle_timeout: self.upstreams.borrow().config(group).tunnel_timeout,
                        peer_name: format!("{} {address}", self.group_name(group)),
                    };
                    return Ok(Response {
                        status: 101,
                        headers: head.headers,
                        body: Body::Tunnel(Box::new(tunnel)),
                        close: false,
                        from_back_end: true,
                    });
                }
                Ok((backend, mut head, leftover)) => {
                    exchange.responded(started.elapsed());
                    self.upstreams.borrow_mut().mark_ok(group, server);
                    if !route.response_headers.is_empty() {
                        let rules = &route.response_headers;
                        for name in rules.set.iter().map(|(n, _)| n).chain(&rules.remove) {
                            head.headers.remove(name);
                        }
                        for (name, value) in rules.fields(&vars()) {
                            head.headers.append(name, value);
                        }
                    }
                    if let Some(upstream_path) = &route.upstream_path {
                        let authority = &*host;
                        client_locations(
                            &mut head.headers,
                            upstream_path,
                            &route.prefix,
                            authority,
                        );
                    }
                    return Ok(self.response(head, backend, leftover, exchange, read_timeout));
                }
                Err(f) => f,
            };
            let why = match failure {
                Failure::Client(e) => return Err(e),
                Failure::StaleIdle => {
                    tracing::debug!(upstream = %self.group_name(group), back_end = %address, "idle back-end connection was closed; retrying on a new one");
                    continue;
                }
                Failure::Unreachable(e) => {
                    self.back_end_failed(req, group, server, &address, &e);
                    tried.push(server);
                    continue;
                }
                Failure::NoResponse(e) => e,
                Failure::TooSlow => {
                    self.back_end_failed(
                        req,
                        group,
                        server,
                        &address,
                        &"no response within read_timeout",
                    );
                    return Ok(Response::error(504));
                }
                Failure::BadResponse(why) => {
                    self.back_end_failed(req, group, server, &address, &why);
                    return Ok(Response::error(502));
                }
            };
            self.back_end_failed(req, group, server, &address, &why);
            tried.push(server);
            if !resendable || !req.method.is_idempotent() || retried {
                // A streamed body may have gone half-way: it is not sent
                // again, and the client's connection ends with the exchange,
                // as it would had the failure come mid-body (documented rule).
                let mut response = Response::error(502);
                response.close |= !resendable;
                return Ok(response);
            }
            retried = true;
        }
    }

    fn response(
        &self,
        head: ResponseHead,
        backend: BackendStream,
        leftover: Received,
        exchange: InFlight,
        read_timeout: Duration,
    ) -> Response {
        let body = UpstreamBody::new(
            backend,
            &head,
            leftover,
            self.upstreams.clone(),
            exchange,
            read_timeout,
            self.metrics.clone(),
        );
        Response {
            status: head.status,
            headers: head.headers,
            body: Body::Stream(Box::new(body)),
            close: false,
            from_back_end: true,
        }
    }

    /// The upstream group's name, for logs: looked up when one is written
    /// (a copy made for every request cost an allocation each).
    fn group_name(&self, group: usize) -> String {
        self.upstreams.borrow().config(group).name.clone()
    }

    fn back_end_failed(
        &self,
        req: &Request,
        group: usize,
        server: usize,
        address: &impl std::fmt::Display,
        why: &dyn std::fmt::Display,
    ) {
        WorkerMetrics::add(&self.metrics.proxy_backend_failures, 1);
        let mut upstreams = self.upstreams.borrow_mut();
        upstreams
            .state(group, server)
            .counters
            .failures
            .fetch_add(1, Relaxed);
        let newly_down = upstreams.mark_failed(group, server);
        drop(upstreams);
        let peer = req.client.addr;
        if newly_down {
            tracing::warn!(%peer, upstream = %self.group_name(group), back_end = %address, %why, "back end failed; leaving it out for fail_timeout");
        } else {
            tracing::debug!(%peer, upstream = %self.group_name(group), back_end = %address, %why, "back end failed again");
        }
    }

    /// Writes the head and streams the request body to the back end,
    /// re-framed: its data only, with tlsaccel's own chunk size lines.
    /// Raw data the client's kTLS socket holds (a known length, or the
    /// rest of a chunk) is spliced, never copied.
    async fn send_body_up<B: RequestBody>(
        &self,
        backend: &mut BackendStream,
        upstream_head: &[u8],
        req: &Request,
        body: &mut B,
    ) -> Result<(), Failure> {
        let chunked = upstream_framing(req) == Framing::Chunked;
        let mut pending = upstream_head.to_vec();
        let mut pipe = None;
        loop {
            if let Some(raw) = body.spliceable().filter(|_| backend.can_splice()) {
                if chunked {
                    pending.extend_from_slice(chunk_size_line(raw).as_ref());
                }
                self.write_up(backend, &pending, false).await?;
                pending.clear();
                let pipe = match &mut pipe {
                    Some(p) => p,
                    None => pipe.insert(Pipe::new().map_err(Failure::NoResponse)?),
                };
                self.splice_up(backend, body, pipe, raw).await?;
                if chunked {
                    pending.extend_from_slice(CHUNK_END);
                }
                continue;
            }
            let data = body.data().await.map_err(Failure::Client)?;
            let done = data.is_empty();
            if chunked && !done {
                pending.extend_from_slice(chunk_size_line(data.len() as u64).as_ref());
            }
            pending.extend_from_slice(data);
            if chunked && !done {
                pending.extend_from_slice(CHUNK_END);
            }
            WorkerMetrics::add(&self.metrics.proxy_bytes_copied_up, data.len() as u64);
            if done && chunked {
                // Trailer fields are not forwarded: back ends rarely want
                // them and a forwarded field could change the request's meaning.
                pending.extend_from_slice(LAST_CHUNK);
            }
            self.write_up(backend, &pending, false).await?;
            pending.clear();
            if done {
                return Ok(());
            }
        }
    }

    /// Writes request bytes up. `stale_if_failed`: a reused connection whose
    /// write fails was closed by the back end meanwhile, and the request
    /// (no body, or one held whole) can simply be sent again.
    async fn write_up(
        &self,
        backend: &mut BackendStream,
        bytes: &[u8],
        stale_if_failed: bool,
    ) -> Result<(), Failure> {
        if bytes.is_empty() {
            return Ok(());
        }
        let write = pin!(backend.write_all(bytes));
        match timeout_if_pending(self.body_timeout, write).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) if stale_if_failed => Err(Failure::StaleIdle),
            Ok(Err(e)) => Err(Failure::NoResponse(e)),
            Err(_) => Err(Failure::NoResponse(io::ErrorKind::TimedOut.into())),
        }
    }

    /// `len` raw body bytes, from a kTLS client straight to the back end
    /// through a pipe.
    async fn splice_up<B: RequestBody>(
        &self,
        backend: &mut BackendStream,
        body: &mut B,
        pipe: &mut Pipe,
        mut len: u64,
    ) -> Result<(), Failure> {
        while len > 0 {
            let want = len.min(SPLICE_CHUNK as u64) as usize;
            let n = body
                .splice_into(pipe, want)
                .await
                .map_err(Failure::Client)?;
            len -= n as u64;
            while pipe.held() > 0 {
                let sending = pin!(backend.splice_from(pipe));
                match timeout_if_pending(self.body_timeout, sending).await {
                    Ok(Ok(_)) => {}
                    Ok(Err(e)) => return Err(Failure::NoResponse(e)),
                    Err(_) => return Err(Failure::NoResponse(io::ErrorKind::TimedOut.into())),
                }
            }
            WorkerMetrics::add(&self.metrics.proxy_bytes_spliced_up, n as u64);
        }
        Ok(())
    }
}

/// The whole body of `len` bytes, read before any back end is tried.
async fn read_whole<B: RequestBody>(body: &mut B, len: u64) -> Result<Vec<u8>, BodyError> {
    let mut whole = Vec::with_capacity(len as usize);
    loop {
        let data = body.data().await?;
        if data.is_empty() {
            return Ok(whole);
        }
        whole.extend_from_slice(data);
    }
}

/// Reads the back end's response head into `buf`, skipping interim (1xx)
/// responses. Returns it with the bytes read past it (the start of the
/// body, or of the switched protocol after a 101 to the `offered`
/// upgrade), left in `buf`.
async fn read_response_head(
    mut buf: Vec<u8>,
    backend: &mut BackendStream,
    req: &Request,
    read_timeout: Duration,
    stale_if_closed: bool,
    offered: Option<&str>,
) -> Result<(ResponseHead, Received), Failure> {
    let mut len = 0;
    loop {
        match parse_response_head(&buf[..len], req.method == Method::Head) {
            Ok(Some(r)) if r.status == 101 => {
                return match offered {
                    Some(offer) if switch_matches_offer(offer, r.upgrade.as_deref()) => {
                        let received = Received::new(buf, r.head_len..len);
                        Ok((r, received))
                    }
                    Some(_) => Err(Failure::BadResponse(
                        "101 to a protocol the client did not offer",
                    )),
                    None => Err(Failure::BadResponse(
                        "protocol switch (101) the client did not ask for",
                    )),
                };
            }
            Ok(Some(r)) if (100..200).contains(&r.status) => {
                buf.copy_within(r.head_len..len, 0);
                len -= r.head_len;
                continue;
            }
            Ok(Some(r)) => {
                let received = Received::new(buf, r.head_len..len);
                return Ok((r, received));
            }
            Ok(None) if len == MAX_RESPONSE_HEAD => {
                return Err(Failure::BadResponse("response head too large"))
            }
            Ok(None) => {}
            Err(why) => return Err(Failure::BadResponse(why)),
        }
        if len == buf.len() {
            buf.resize((buf.len() * 2).min(MAX_RESPONSE_HEAD), 0);
        }
        let reading = pin!(backend.read(&mut buf[len..]));
        match timeout_if_pending(read_timeout, reading).await {
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
