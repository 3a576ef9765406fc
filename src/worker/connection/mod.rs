//! One HTTP/1 client connection from accept to close: the TLS handshake
//! (and the move to kernel TLS), then a loop that turns bytes into
//! exchanges, parsing every request already buffered (pipelining), hands
//! each to its handler (the static files or the reverse proxy), and turns
//! the response back into bytes. Whether the connection carries another
//! request is decided once per exchange, in `respond`, by
//! `http::keep_alive::decide`.
//!
//! On listeners with `proxy_protocol = true` a PROXY header comes first and
//! names the client (`proxy_header.rs`).
//!
//! Deadlines: the PROXY header and the handshake; a request head (counted from its first byte,
//! or from accept for the first request, so a client dribbling bytes is cut
//! off); each body read; the wait for the next request (keep-alive); and
//! progress while sending.

mod proxy_header;
mod request_body;
mod send;
#[cfg(test)]
mod tests;
mod tunnel;
mod wire;

use super::dispatch::{Arrival, ListenerState, Served};
use super::transport::Transport;
use super::Worker;
use crate::config::ClientAuthMode;
use crate::exchange::{Body, BodyError, Client, Method, Request, Response, StreamError, Version};
use crate::http::keep_alive::{self, CloseReason, ExchangeFacts};
use crate::http::{parse_head_reusing, response, Framing, HeadLimits, ParseOutcome, RequestHead};
use crate::metrics::{HandshakeFailure, WorkerMetrics};
use crate::tls::client_hello::ClientHelloFacts;
use crate::tls::{AcceptError, ClientIdentity, Offload, ReadError, TlsSession};
use request_body::H1Body;
use send::SendError;
use std::io;
use std::net::SocketAddr;
use std::os::fd::AsFd;
use std::rc::Rc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::time::{timeout, timeout_at, Instant};
use wire::{IdleTimer, Wire};

/// How long to keep reading (and dropping) input after an error response,
/// so the client sees the response rather than a reset.
const LINGER: Duration = Duration::from_secs(2);

/// Why a connection ended, for the debug log.
#[derive(Debug)]
pub(super) enum End {
    /// Orderly: the client closed, or the connection was not kept alive.
    Done,
    ClientGone,
    Timeout(&'static str),
    Io(&'static str, io::Error),
    Read(&'static str, ReadError),
    FileShrank {
        at: u64,
        expected_end: u64,
    },
    /// kTLS cannot follow the client's new keys: close cleanly.
    KeyUpdate,
    /// A streamed body's source failed after part of it was sent.
    Upstream(StreamError),
    /// The connection switched protocols and the tunnel has ended (its
    /// sides are closed or failed already).
    Tunnel(tunnel::TunnelEnd),
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Done => f.write_str("done"),
            End::ClientGone => f.write_str("client closed mid-request"),
            End::Timeout(what) => write!(f, "{what} timeout"),
            End::Io(op, e) => write!(f, "{op} failed: {e}"),
            End::Read(op, e) => write!(f, "{op} failed: {e}"),
            End::FileShrank { at, expected_end } => {
                write!(
                    f,
                    "file shrank while being sent (at {at}, expected {expected_end})"
                )
            }
            End::KeyUpdate => {
                f.write_str("client KeyUpdate under kTLS without kernel rekey support")
            }
            End::Upstream(e) => write!(f, "response body failed mid-way: {e}"),
            End::Tunnel(e) => write!(f, "tunnel ended: {e}"),
        }
    }
}

impl End {
    /// A failed read ends the connection; a KeyUpdate under kTLS ends it cleanly.
    fn read_failed(op: &'static str, e: ReadError) -> End {
        match e {
            ReadError::KeyUpdate => End::KeyUpdate,
            other => End::Read(op, other),
        }
    }

    /// A request body that failed with nothing left to answer.
    fn from_body(e: BodyError) -> End {
        match e {
            BodyError::Read(e) => End::read_failed("read body", e),
            _ => End::ClientGone,
        }
    }
}

/// Serves one accepted connection of `settings.listeners[listener]`.
///
/// Each phase (handshake, HTTP/1, HTTP/2) runs boxed: a task's size is
/// its largest state, fixed at spawn, so an idle HTTP/2 connection would
/// otherwise hold room for the handshake's and HTTP/1's states as well.
pub async fn serve(worker: Rc<Worker>, mut stream: TcpStream, peer: SocketAddr, listener: usize) {
    let settings = worker.settings.clone();
    let tls = settings.listeners[listener].tls;
    let (peer, local) = match &settings.listeners[listener].proxy_protocol {
        None => (peer, None),
        Some(allowed) => match proxy_header::accept(&worker, &mut stream, peer, allowed).await {
            Some(addresses) => addresses,
            None => return,
        },
    };
    // Before any TLS: a client over its share costs a close.
    let _slot = match settings.limits.connections_per_client {
        None => None,
        Some(limit) => {
            let client = settings.limits.clients.key(peer.ip());
            match worker.client_limits.connections.admit(client, limit) {
                Some(slot) => Some(slot),
                None => {
                    WorkerMetrics::add(&worker.thread.metrics.connections_over_address_limit, 1);
                    if worker.thread.may_log_refusal() {
                        tracing::warn!(client = %peer.ip().to_canonical(), limit, "connection closed: the client has limits.connections_per_client open; more this second are counted, not logged");
                    }
                    return;
                }
            }
        }
    };
    let mut plain_http_on_tls = None;
    let mut sni_site = None;
    let mut server_name = None;
    let mut client_cert = None;
    let mut http2 = false;
    let transport = if tls {
        // At once: the session ticket and the first response follow the
        // handshake flight closely and must not wait for its ACK (Nagle).
        let _ = stream.set_nodelay(true);
        // Boxed in a statement of its own, here and below: a temporary
        // lives to the end of its statement, so `Box::pin(f).await` keeps
        // room for the unboxed `f` in this future as well.
        let handshaking = Box::pin(handshake(&worker, stream, peer));
        match handshaking.await {
            Handshake::Established(established) => {
                // The certificate presented: that of the site SNI named, or
                // the default site's.
                sni_site = Some(settings.site_for_host(established.server_name.as_deref()));
                server_name = established.server_name;
                client_cert = established.client_cert.map(Rc::new);
                http2 = established.http2;
                established.transport
            }
            Handshake::PlainHttp(stream, received) => {
                plain_http_on_tls = Some(received);
                Transport::Plain(stream)
            }
            Handshake::Failed | Handshake::AcmeValidation => return,
        }
    } else {
        if settings.http.h2c {
            http2 = sniff_h2c_preface(&stream, settings.timeouts.request_header).await;
            if http2 {
                let _ = stream.set_nodelay(true);
            }
        }
        Transport::Plain(stream)
    };
    let arrival = Arrival {
        listener,
        sni_site,
        server_name,
        client_cert,
    };
    let client = Client {
        addr: peer,
        // From the PROXY header, or asked of the kernel only when a
        // handler needs it (the proxy); HTTP/2 asks at once.
        local,
        tls,
    };
    if http2 {
        let client = Client {
            local: local.or_else(|| transport.local_addr().ok()),
            ..client
        };
        let serving = Box::pin(super::h2::serve(worker, transport, client, arrival));
        return serving.await;
    }
    let serving = Box::pin(serve_http1(
        worker,
        transport,
        client,
        arrival,
        plain_http_on_tls,
    ));
    serving.await;
}

/// Serves an HTTP/1 connection from its first request (or, for plain HTTP
/// sent to a TLS port, the bytes read so far) to its close.
async fn serve_http1(
    worker: Rc<Worker>,
    transport: Transport,
    client: Client,
    arrival: Arrival,
    plain_http_on_tls: Option<Vec<u8>>,
) {
    let mut conn = Connection {
        wire: Wire::new(worker.clone(), transport),
        worker,
        client,
        arrival,
        listener: ListenerState::Serving,
        requests: 0,
        closing: None,
    };
    let end = match plain_http_on_tls {
        None => conn.run().await,
        Some(received) => {
            // As nginx does (its 497): a page the browser shows, saying
            // why, rather than an empty reply.
            conn.wire.push_input(&received);
            let response = Response::error_saying(
                400,
                "The plain HTTP request was sent to HTTPS port: use https://",
            );
            conn.answer_unparsed(response).await
        }
    };
    conn.close(&end).await;
}

/// A connection whose TLS handshake succeeded.
struct Established {
    transport: Transport,
    /// The server name the client asked for.
    server_name: Option<String>,
    /// The client's certificate, judged, when its site asks for one.
    client_cert: Option<ClientIdentity>,
    /// ALPN chose HTTP/2.
    http2: bool,
}

/// How a TLS handshake ended.
enum Handshake {
    Established(Box<Established>),
    /// The client sent plain HTTP; what it sent so far comes with it.
    PlainHttp(TcpStream, Vec<u8>),
    /// Failed or timed out (logged and counted).
    Failed,
    /// A CA validated a TLS-ALPN-01 challenge: the handshake was all it
    /// needed (RFC 8737 3), the connection closes.
    AcmeValidation,
}

/// The TLS handshake, then the move to kernel TLS where it is possible.
async fn handshake(worker: &Worker, mut stream: TcpStream, peer: SocketAddr) -> Handshake {
    let configs = worker.tls.clone().expect("TLS listener without TLS config");
    // Reading record by record only matters when the kernel may take over.
    let record_exact = worker.ktls.is_some();
    let mut policy = 0;
    let choose = |hello: Option<&ClientHelloFacts>| {
        let chosen = configs.choose(hello);
        policy = chosen.policy;
        chosen.config
    };
    let session = match timeout(
        worker.settings.timeouts.handshake,
        TlsSession::accept(choose, &mut stream, record_exact),
    )
    .await
    {
        Ok(Ok(session)) => session,
        Ok(Err(AcceptError::PlainHttp { received })) => {
            WorkerMetrics::add(&worker.thread.metrics.plain_http_on_tls, 1);
            tracing::debug!(%peer, "plain HTTP request on a TLS port: answering 400");
            return Handshake::PlainHttp(stream, received);
        }
        Ok(Err(e)) => {
            let reason = e.reason();
            worker.thread.metrics.handshake_failed(reason);
            if reason == HandshakeFailure::ClientCertificate {
                if worker.thread.may_log_refusal() {
                    tracing::warn!(%peer, error = %e, "client certificate refused: handshake failed; more refusals this second are counted, not logged");
                }
            } else {
                tracing::debug!(%peer, error = %e, reason = reason.as_str(), "TLS handshake failed");
            }
            return Handshake::Failed;
        }
        Err(_) => {
            worker
                .thread
                .metrics
                .handshake_failed(HandshakeFailure::Timeout);
            tracing::debug!(%peer, "TLS handshake timed out");
            return Handshake::Failed;
        }
    };
    WorkerMetrics::add(&worker.thread.metrics.tls_handshakes, 1);
    if session.handshake_kind() == Some(rustls::HandshakeKind::Resumed) {
        WorkerMetrics::add(&worker.thread.metrics.tls_resumed, 1);
    }
    if session.alpn_protocol() == Some(crate::acme::ACME_TLS_ALPN) {
        tracing::info!(%peer, name = session.server_name().unwrap_or(""), "acme: answered a TLS-ALPN-01 validation handshake");
        return Handshake::AcmeValidation;
    }
    let version = session.protocol_version();
    let suite = session.cipher_suite();
    let cipher = suite.map(crate::cipher_suites::name_of).unwrap_or("?");
    let suite_index = suite.and_then(crate::cipher_suites::index_of);
    let kind = session.handshake_kind();
    let server_name = session.server_name().map(str::to_owned);
    let http2 = session.alpn_protocol() == Some(b"h2");
    let group = session
        .key_exchange_group()
        .map(crate::key_exchange::name_of);
    // Judged before the session may go to the kernel, which keeps no chain.
    let client_cert = configs.policy(policy).map(|p| {
        let chain = session.peer_certificates().unwrap_or_default();
        // A full handshake in required mode was verified by rustls already.
        let verified = p.settings.mode == ClientAuthMode::Required
            && kind != Some(rustls::HandshakeKind::Resumed);
        ClientIdentity::judge(&p.settings, &p.verifier, chain, verified)
    });
    if let Some(identity) = &client_cert {
        tracing::debug!(%peer, verdict = %identity.verdict.as_field(), subject = %identity.subject, "client certificate");
    }
    // In user space the records are ours too (rustls's record layer
    // allocates and copies per record): a failure here ends the connection.
    let own_records = |mut session: Box<TlsSession>| match session.take_over_records() {
        Ok(()) => Some(session),
        Err(e) => {
            tracing::warn!(%peer, error = %e, "cannot take the TLS record layer over after the handshake; closing connection");
            None
        }
    };
    let (transport, reason) = match &worker.ktls {
        None => match own_records(Box::new(session)) {
            Some(session) => (Transport::Tls(stream, session), "kTLS not available"),
            None => return Handshake::Failed,
        },
        Some(policy) => match crate::tls::offload(stream.as_fd(), session, policy) {
            Ok(Offload::Kernel(k)) => {
                WorkerMetrics::add(&worker.thread.metrics.ktls_tx, 1);
                WorkerMetrics::add(&worker.thread.metrics.ktls_rx, 1);
                (Transport::Ktls(stream, k), "")
            }
            Ok(Offload::UserSpace(session, reason)) => {
                worker.thread.metrics.fallback(reason);
                match own_records(session) {
                    Some(session) => (Transport::Tls(stream, session), reason.as_str()),
                    None => return Handshake::Failed,
                }
            }
            Err(e) => {
                WorkerMetrics::add(&worker.thread.metrics.ktls_setup_failures, 1);
                tracing::warn!(%peer, error = %e, "kernel refused TLS keys after the handshake; closing connection");
                return Handshake::Failed;
            }
        },
    };
    let kernel = matches!(transport, Transport::Ktls(..));
    if let Some(i) = suite_index {
        worker.thread.metrics.tls_session(i, kernel);
    }
    let on = if kernel { "on" } else { "off" };
    tracing::debug!(%peer, ?version, cipher, group, handshake = ?kind, ktls_tx = on, ktls_rx = on, reason, "TLS established");
    Handshake::Established(Box::new(Established {
        transport,
        server_name,
        client_cert,
        http2,
    }))
}

/// HTTP/2 with prior knowledge (RFC 9113 3.3): the connection opens with
/// this preface, which no HTTP/1 request line starts with.
const H2_PREFACE: &[u8] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";

/// Whether a plain connection starts with the HTTP/2 preface, looked at
/// without reading it (an HTTP/1 client's bytes stay for the HTTP/1 loop).
async fn sniff_h2c_preface(stream: &TcpStream, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    let mut seen = [0u8; H2_PREFACE.len()];
    loop {
        if timeout_at(deadline, stream.readable()).await.is_err() {
            return false;
        }
        let n = match stream.peek(&mut seen).await {
            Ok(n) => n,
            Err(_) => return false,
        };
        if n == 0 || seen[..n] != H2_PREFACE[..n] {
            return false;
        }
        if n == H2_PREFACE.len() {
            return true;
        }
        // A preface split across segments: the rest is on its way.
        if timeout_at(deadline, tokio::time::sleep(Duration::from_millis(5)))
            .await
            .is_err()
        {
            return false;
        }
    }
}

struct Connection {
    worker: Rc<Worker>,
    wire: Wire,
    client: Client,
    arrival: Arrival,
    /// Removed by a reload: the connection drains as at shutdown.
    listener: ListenerState,
    requests: u64,
    /// Set once the connection will not carry another request.
    closing: Option<CloseReason>,
}

impl Connection {
    async fn run(&mut self) -> End {
        // The first head must arrive within request_header of accept.
        let mut head_deadline = Some(Instant::now() + self.worker.settings.timeouts.request_header);
        let mut idle_timer = IdleTimer::new();
        loop {
            self.follow_reload();
            let settings = &self.worker.settings;
            let limits = HeadLimits {
                max_uri_bytes: settings.limits.max_uri_bytes,
                max_header_bytes: settings.limits.max_header_bytes,
            };
            let request_header = settings.timeouts.request_header;
            let mut spare = self.wire.served_head.take();
            let parsed = parse_head_reusing(self.wire.input(), &limits, self.client, &mut spare);
            self.wire.served_head = spare;
            match parsed {
                ParseOutcome::Complete(head) => {
                    head_deadline = None;
                    self.wire.consume(head.head_len);
                    self.requests += 1;
                    match self.exchange(head).await {
                        Ok(None) if self.requests == 1 => self.wire.io.keep_alive_started(),
                        Ok(None) => {}
                        Ok(Some(reason)) => {
                            self.closing = Some(reason);
                            return self.wire.flush_last().await.err().unwrap_or(End::Done);
                        }
                        Err(end) => return end,
                    }
                }
                ParseOutcome::Rejected(r) => {
                    tracing::debug!(peer = %self.client.addr, status = r.status, why = r.why, "bad request");
                    return self.answer_unparsed(Response::error(r.status)).await;
                }
                ParseOutcome::Partial => {
                    if let Err(e) = self.wire.flush().await {
                        return e;
                    }
                    let idle = self.wire.input().is_empty();
                    if idle && self.requests > 0 {
                        match self.wire.wait_for_next_request(&mut idle_timer).await {
                            // The head's time starts when a part of it
                            // is found incomplete (at once), not here: a
                            // head that arrives whole needs no clock.
                            Ok(()) => head_deadline = None,
                            Err(end) => return end,
                        }
                        continue;
                    }
                    let deadline = *head_deadline.get_or_insert(Instant::now() + request_header);
                    match timeout_at(deadline, self.wire.read_more()).await {
                        Ok(Ok(0)) => return if idle { End::Done } else { End::ClientGone },
                        Ok(Ok(_)) => {}
                        Ok(Err(e)) => return End::read_failed("read", e),
                        Err(_) if idle => return End::Timeout("request head"),
                        Err(_) => {
                            let _ = self.answer_unparsed(Response::error(408)).await;
                            return End::Timeout("request head");
                        }
                    }
                }
            }
        }
    }

    /// Between exchanges: the configuration in use now (`Arrival::follow_reload`).
    fn follow_reload(&mut self) {
        self.listener = self.arrival.follow_reload(&mut self.worker);
        if !Rc::ptr_eq(&self.wire.worker, &self.worker) {
            self.wire.worker = self.worker.clone();
        }
    }

    /// One exchange: the request to its handler, the response to the
    /// client. Ok(None): the connection may carry another request, and
    /// keeps `head` for the next one's (`parse_head_reusing`).
    async fn exchange(&mut self, mut head: Box<RequestHead>) -> Result<Option<CloseReason>, End> {
        let RequestHead {
            ref mut request,
            framing,
            wants_close,
            ..
        } = *head;
        if self.client.local.is_none() && self.worker.needs_local_address(self.arrival.listener) {
            self.client.local = self.wire.io.local_addr().ok();
        }
        request.client.local = self.client.local;
        let worker = self.worker.clone();
        worker.stamp_request_id(request);
        // Most requests have no body and an answer that waits for nothing
        // (a file, a redirect): no body reader and no future for them.
        let (site, response, body_complete) = match worker.serve_at_once(&self.arrival, request) {
            Some((site, response)) => (site, response, true),
            None => {
                let settings = &worker.settings;
                let mut body = H1Body::new(
                    &mut self.wire,
                    framing,
                    request.expect_continue,
                    settings.limits.max_body_bytes,
                    settings.timeouts.request_body,
                );
                let Served { site, response } =
                    worker.serve(&self.arrival, request, &mut body).await;
                let body_complete = body.is_complete();
                (site, response.map_err(End::from_body)?, body_complete)
            }
        };
        let kept = self
            .respond(site, request, wants_close, response, body_complete)
            .await;
        self.wire.served_head = Some(head);
        kept
    }

    /// Decides whether the connection stays open, sends the response, and
    /// logs it. A streamed body that fails before its first byte left is
    /// replaced by an error page.
    async fn respond(
        &mut self,
        site: usize,
        request: &Request,
        wants_close: bool,
        mut response: Response,
        body_complete: bool,
    ) -> Result<Option<CloseReason>, End> {
        match std::mem::replace(&mut response.body, Body::Empty) {
            // Boxed: the tunnel's state is large and rare; inline, every
            // exchange's future would carry (and copy) it.
            Body::Tunnel(tunnel) => {
                // (In a statement of its own: see `serve`.)
                let tunnel = Box::pin(self.tunnel(site, request, response, *tunnel));
                return Err(tunnel.await);
            }
            body => response.body = body,
        }
        let request_limit = self.worker.settings.limits.keepalive_requests;
        loop {
            let length = response.body.length();
            let head_request = request.method == Method::Head;
            let framing =
                response::framing_for(response.status, head_request, length, request.version);
            let facts = ExchangeFacts {
                client_wants_close: wants_close,
                input_untrusted: response.close || !body_complete,
                response_until_close: framing == Framing::UntilClose,
                draining: *self.worker.thread.shutdown.borrow()
                    || self.listener == ListenerState::Removed,
                requests: self.requests,
                request_limit,
                key_limit_near: self.wire.io.must_retire(),
            };
            let close = keep_alive::decide(&facts);
            if close == Some(CloseReason::KeyLimit) {
                WorkerMetrics::add(&self.worker.thread.metrics.ktls_retired_at_limit, 1);
            }
            let head_start =
                self.wire
                    .queue_head(&response, framing, length, close.is_none(), request.version);
            let status = response.status;
            let sent = self
                .wire
                .send_body(response.body, framing, head_start)
                .await;
            match sent {
                Ok(bytes) => {
                    self.worker.responded(site, request, status, bytes);
                    return Ok(close);
                }
                Err(SendError::BeforeFirstByte(e)) => {
                    response = self.worker.failed_body_page(site, self.client.addr, &e);
                }
                Err(SendError::End(end)) => {
                    self.worker.responded(site, request, status, 0);
                    return Err(end);
                }
            }
        }
    }

    /// Answers input that is not a request (malformed, too large, or
    /// incomplete at the deadline), then the connection ends.
    async fn answer_unparsed(&mut self, mut response: Response) -> End {
        // No Host to go by: the site the handshake chose, or the default.
        let site = self
            .arrival
            .sni_site
            .unwrap_or(self.worker.settings.default_site);
        self.worker.add_site_headers(site, &mut response);
        let status = response.status;
        let length = response.body.length();
        let framing = Framing::Length(length.unwrap_or(0));
        self.closing = Some(CloseReason::FramingUnknown);
        let sent = if head_request_line(self.wire.input()) {
            0
        } else {
            length.unwrap_or(0)
        };
        let head_start = self
            .wire
            .queue_head(&response, framing, length, false, Version::Http11);
        self.worker.sites[site].responded(status, sent);
        self.worker
            .thread
            .log_rejected(self.client.addr, self.wire.input(), status, sent);
        // RFC 9110 9.3.2: no content after the head of a HEAD's answer,
        // not even an error page (its length is the one a GET would get).
        let body = if head_request_line(self.wire.input()) {
            Body::Empty
        } else {
            response.body
        };
        if let Err(SendError::End(e)) = self.wire.send_body(body, framing, head_start).await {
            return e;
        }
        self.wire.flush_last().await.err().unwrap_or(End::Done)
    }

    async fn close(&mut self, end: &End) {
        if matches!(end, End::KeyUpdate) {
            WorkerMetrics::add(&self.worker.thread.metrics.ktls_keyupdate_closes, 1);
        }
        let (peer, requests, closing) = (
            self.client.addr,
            self.requests,
            self.closing.map(CloseReason::as_str),
        );
        match end {
            End::Done | End::ClientGone => {
                tracing::trace!(%peer, requests, ?closing, %end, "connection closed")
            }
            End::FileShrank { .. } => {
                tracing::warn!(%peer, requests, %end, "closing connection")
            }
            _ => tracing::debug!(%peer, requests, ?closing, %end, "connection closed"),
        }
        if matches!(
            end,
            End::Io(..)
                | End::Read(..)
                | End::FileShrank { .. }
                | End::ClientGone
                | End::Upstream(_)
                | End::Tunnel(_)
        ) {
            return;
        }
        let drain =
            self.closing.is_some_and(CloseReason::drains_input) || !self.wire.input().is_empty();
        let _ = timeout(Duration::from_secs(1), self.wire.io.shutdown(drain)).await;
        if drain {
            self.wire.drain_input(Instant::now() + LINGER).await;
        }
    }
}

/// Whether what a client sent begins with a HEAD request line, for an
/// answer to input that did not parse as a whole.
fn head_request_line(input: &[u8]) -> bool {
    input.starts_with(b"HEAD ")
}
