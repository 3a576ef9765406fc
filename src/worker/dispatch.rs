//! What becomes of a request, whatever protocol carried it (an HTTP/1
//! exchange or an HTTP/2 stream): the site its host names, the answers
//! given without a handler (a redirect to https, 421 for a host this
//! connection's certificate is not for), and the handler that produces the
//! response (the reverse proxy or the static files). The protocols call
//! `Worker::serve`, one call from a request and its body to the response;
//! only reading and writing bytes is theirs.

use super::Worker;
use crate::compression;
use crate::config::RuleAnswer;
use crate::config::{Route, RouteTarget};
use crate::exchange::compress::{self, CompressStream, Source};
use crate::exchange::{
    Body, BodyError, BodyLength, KnownName, Request, RequestBody, Response, StreamError,
};
use crate::metrics::WorkerMetrics;
use crate::static_files::StaticFiles;
use crate::tls::ClientIdentity;
use std::borrow::Cow;
use std::net::SocketAddr;
use std::rc::Rc;

/// How a connection reached this worker, as far as requests care: the
/// listener, and the site the TLS client named in SNI.
#[derive(Clone)]
pub(super) struct Arrival {
    /// Index of the listener in `settings.listeners`.
    pub listener: usize,
    /// The site SNI chose (None: plain, or no SNI).
    pub sni_site: Option<usize>,
    /// What the client sent in SNI, to find its site again after a reload.
    pub server_name: Option<String>,
    /// The client's certificate as the handshake's site policy judged it;
    /// None when that site asks for none (or on plain connections).
    pub client_cert: Option<Rc<ClientIdentity>>,
}

/// Where a request goes (`Worker::plan`).
enum Plan<'w> {
    /// Answered without a handler.
    Answer(Response),
    /// Its declared body is over the limit.
    Refuse(BodyError),
    Proxy {
        group: usize,
        route: &'w Route,
    },
    /// The static files, with the options of the static route it matched,
    /// if any.
    Static(Option<&'w Route>),
}

impl Arrival {
    /// Between requests: after a reload, the next request uses the new
    /// configuration, unless this connection's listener is gone from it:
    /// then the connection stays on the configuration it started on, to
    /// finish what is in flight and close.
    pub fn follow_reload(&mut self, worker: &mut Rc<Worker>) -> ListenerState {
        if worker.thread.is_current(worker) {
            return ListenerState::Serving;
        }
        let current = worker.thread.current();
        let key = worker.settings.listener_key(self.listener);
        let Some(listener) = current.settings.listener_index(key) else {
            return ListenerState::Removed;
        };
        self.listener = listener;
        if self.sni_site.is_some() {
            let site = current.settings.site_for_host(self.server_name.as_deref());
            self.sni_site = Some(site);
            // Judged again under the site's policy as reloaded (a CA or
            // CRL may have changed); a policy gone leaves it unjudged, and
            // the site's requests are then misdirected (`early_answer`).
            if let Some(identity) = &self.client_cert {
                let reloaded = current.tls.as_ref().and_then(|t| t.policy_of_site(site));
                if let Some(policy) = reloaded {
                    let judged = identity.judge_again(&policy.settings, &policy.verifier);
                    tracing::debug!(verdict = %judged.verdict.as_field(), "client certificate judged again after a reload");
                    self.client_cert = Some(Rc::new(judged));
                }
            }
        }
        *worker = current;
        ListenerState::Serving
    }
}

/// Whether a connection's listener is still configured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ListenerState {
    Serving,
    /// A reload removed it: no new request should start on the connection.
    Removed,
}

/// A request's outcome, for the protocol that carried it to send.
pub(super) struct Served {
    /// The site the request was for (its counters, and its headers on
    /// any page the protocol answers with instead).
    pub site: usize,
    /// Err: the request body failed and nothing can be answered; a body
    /// that can still be answered (400, 408, 413) has its error page here.
    pub response: Result<Response, BodyError>,
}

impl Worker {
    /// Everything a request goes through, whatever protocol carried it:
    /// the site its host names, an answer given without a handler, the
    /// body's declared size against the limit, the handler, and the
    /// site's headers on the response. `request.client.local` must be set
    /// when `needs_local_address` says so.
    pub(super) async fn serve<B: RequestBody>(
        &self,
        arrival: &Arrival,
        request: &Request,
        body: &mut B,
    ) -> Served {
        let site = self.site_of(request);
        self.count(site, request);
        let mut intercept = false;
        let response = match self.plan(arrival, site, request) {
            Plan::Answer(response) => Ok(response),
            Plan::Refuse(e) => Err(e),
            // Boxed: a back end's exchange keeps kilobytes of state, which
            // a static answer should not carry (or copy) in its future.
            Plan::Proxy { group, route } => {
                intercept = route.intercept_errors;
                let target = upstream_target(route, request);
                let identity = self.client_cert_fields(arrival, site);
                let own_fields = match &identity {
                    Some((names, verdict, cert)) => vec![
                        (names.verify.as_str(), Some(verdict.as_str())),
                        (names.subject.as_str(), cert.map(|c| c.subject.as_str())),
                        (
                            names.certificate.as_str(),
                            cert.map(|c| c.escaped_pem.as_str()),
                        ),
                    ],
                    None => Vec::new(),
                };
                // Boxed in a statement of its own (see `connection::serve`).
                let forwarding =
                    Box::pin(
                        self.proxy
                            .forward(group, route, &target, request, body, &own_fields),
                    );
                forwarding
                    .await
                    .map(|response| self.compress_proxied(site, route, request, response))
            }
            Plan::Static(route) => serve_static(self, site, route, request, body).await,
        };
        self.finish(site, request, response, intercept)
    }

    /// What `serve` answers when nothing in it would wait: a request
    /// without a body that gets an answer without a handler or goes to the
    /// static files. None: it needs `serve` (a back end, or a body to
    /// read). Lets a protocol answer such requests without keeping a
    /// future for them.
    pub(super) fn serve_at_once(
        &self,
        arrival: &Arrival,
        request: &Request,
    ) -> Option<(usize, Response)> {
        if request.body != BodyLength::None {
            return None;
        }
        let site = self.site_of(request);
        // Known before any step with effects (a rate limit's token, the
        // counters of refusals): `serve` plans a back end's request again,
        // which must then be its only plan.
        let route = self.route_for(site, request);
        if route.is_some_and(|r| matches!(r.target, RouteTarget::Upstream(_))) {
            return None;
        }
        let response = match self.plan_on(arrival, site, request, route) {
            Plan::Answer(response) => response,
            Plan::Static(route) => static_response(self, site, route, request),
            Plan::Refuse(_) | Plan::Proxy { .. } => return None,
        };
        self.count(site, request);
        let mut response = self.with_error_page(site, response, false);
        self.echo_request_id(request, &mut response);
        self.add_site_headers(site, &mut response);
        Some((site, response))
    }

    /// Where a request goes, before any of its body is read.
    fn plan(&self, arrival: &Arrival, site: usize, request: &Request) -> Plan<'_> {
        self.plan_on(arrival, site, request, self.route_for(site, request))
    }

    /// `plan`, with the request's `route` (looked up once, for the address
    /// rules, credentials, back end and static options alike).
    fn plan_on<'w>(
        &'w self,
        arrival: &Arrival,
        site: usize,
        request: &Request,
        route: Option<&'w Route>,
    ) -> Plan<'w> {
        if let Some(response) = self.early_answer(arrival, site, request) {
            return Plan::Answer(response);
        }
        if let Some(response) = self.refuse_by_address(site, route, request) {
            return Plan::Answer(response);
        }
        if let Some(response) = self.refuse_without_certificate(arrival, site, route, request) {
            return Plan::Answer(response);
        }
        if let Some(response) = self.limit_rate(site, route, request) {
            return Plan::Answer(response);
        }
        if let Some(response) = self.ask_for_credentials(site, route, request) {
            return Plan::Answer(response);
        }
        if let Some(response) = self.redirect(site, request) {
            return Plan::Answer(response);
        }
        // Refused before the handler sees it: a back end never gets half
        // of a request.
        if let BodyLength::Known(n) = request.body {
            if n > self.settings.limits.max_body_bytes {
                return Plan::Refuse(BodyError::TooLarge);
            }
        }
        match route.map(|r| (r, r.target)) {
            Some((route, RouteTarget::Upstream(group))) => Plan::Proxy { group, route },
            _ => Plan::Static(route),
        }
    }

    /// The route a request to `site` takes, if any (None also for a path
    /// that does not normalize: it reaches no route, only the files, which
    /// refuse it).
    fn route_for(&self, site: usize, request: &Request) -> Option<&Route> {
        let routes = &self.settings.sites[site].routes;
        if routes.is_empty() {
            return None;
        }
        let path = crate::static_files::normalized_path(&request.target)?;
        crate::config::select_route(routes, &path, request.host.as_deref())
    }

    /// A back end's response compressed on its way, on routes that
    /// compress (`Route::compress`, else the site's `proxy`): as it
    /// streams, flushed whenever the back end pauses. The representation
    /// changes, so its validators do too: a weak ETag of its own, no
    /// ranges.
    fn compress_proxied(
        &self,
        site: usize,
        route: &Route,
        request: &Request,
        mut response: Response,
    ) -> Response {
        let policy = &self.settings.sites[site].compression;
        if !route.compress.unwrap_or(policy.proxy)
            || policy.codings.is_empty()
            || !compress::response_transformable(&response)
        {
            return response;
        }
        let compressible = response
            .headers
            .get("content-type")
            .is_some_and(|t| policy.compressible(&String::from_utf8_lossy(t)));
        let streamable = matches!(
            response.body,
            Body::Stream(_) | Body::Bytes(_) | Body::Empty
        );
        if !compressible || !streamable || !policy.long_enough(response.body.length()) {
            return response;
        }
        compress::vary_on_accept_encoding(&mut response.headers);
        let accepted = compression::acceptable(
            request.header_list("accept-encoding").as_deref(),
            &policy.codings,
        );
        let Some(&coding) = accepted.first() else {
            return response;
        };
        let source = match std::mem::replace(&mut response.body, Body::Empty) {
            Body::Stream(s) => Source::Body(s),
            Body::Bytes(b) => Source::Bytes(b),
            // HEAD: the head a GET would get.
            _ => Source::Bytes(bytes::Bytes::new()),
        };
        let counters = self.thread.metrics.compression.clone();
        let level = policy.level(coding);
        match CompressStream::new(source, coding, level, None, counters.clone()) {
            Ok(stream) => response.body = Body::Stream(Box::new(stream)),
            Err(e) => {
                // Cannot happen short of memory; the response is lost with
                // its source, so say so as the back end's failure would.
                tracing::error!(peer = %request.client.addr, error = %e, "cannot start a compressor");
                return Response::error(502);
            }
        }
        counters.response(compression::Origin::Compressed, coding);
        let h = &mut response.headers;
        if let Some(etag) = h
            .get("etag")
            .map(|e| String::from_utf8_lossy(e).into_owned())
        {
            h.set(KnownName::ETag, compression::variant_etag(&etag, coding));
        }
        h.remove("accept-ranges");
        h.set(KnownName::ContentEncoding, coding.token());
        response
    }

    /// A handler's outcome as the protocol sends it: a refused body's
    /// error page (400, 408, 413), and the site's headers.
    fn finish(
        &self,
        site: usize,
        request: &Request,
        response: Result<Response, BodyError>,
        intercept: bool,
    ) -> Served {
        let response = match response {
            Ok(response) => Ok(response),
            Err(e) => match e.status() {
                Some(status) => {
                    tracing::debug!(peer = %request.client.addr, error = %e, "request body refused");
                    Ok(Response::error(status))
                }
                None => Err(e),
            },
        };
        let response = response.map(|response| {
            let mut response = self.with_error_page(site, response, intercept);
            self.echo_request_id(request, &mut response);
            self.add_site_headers(site, &mut response);
            response
        });
        Served { site, response }
    }

    /// The page sent instead of a response whose streamed body failed
    /// before its first byte left: 504 when the back end was too slow,
    /// 502 otherwise, with the site's headers. `peer`: who asked, for the log.
    pub(super) fn failed_body_page(
        &self,
        site: usize,
        peer: SocketAddr,
        error: &StreamError,
    ) -> Response {
        tracing::warn!(%peer, %error, "response body failed before it was sent; answering with an error");
        let status = if matches!(error, StreamError::Timeout) {
            504
        } else {
            502
        };
        let mut page = Response::error(status);
        self.add_site_headers(site, &mut page);
        page
    }

    /// Whether a request on `listener` may need the address the client
    /// connected to (`Client::local`): a redirect to https without a Host,
    /// or a back end (its default Host, the PROXY protocol). A protocol
    /// that must ask the kernel for it asks only then.
    pub(super) fn needs_local_address(&self, listener: usize) -> bool {
        self.settings.listeners[listener].redirect_to_https || !self.settings.upstreams.is_empty()
    }

    /// The site `request` is for (by its host).
    pub(super) fn site_of(&self, request: &Request) -> usize {
        self.settings.site_for_host(request.host.as_deref())
    }

    /// Counts a request to `site`.
    fn count(&self, site: usize, request: &Request) {
        WorkerMetrics::site_request(&self.sites[site]);
        self.thread
            .metrics
            .request_of(super::protocol_of(request.version));
    }

    /// An answer given without a handler and without reading a body:
    /// `308` to https on listeners that redirect, and `421` for a site whose
    /// certificate is not the one this connection's SNI chose (RFC 9110
    /// 15.5.20).
    fn early_answer(&self, arrival: &Arrival, site: usize, request: &Request) -> Option<Response> {
        let settings = &self.settings;
        if let Some(answer) = self.acme_http_answer(request) {
            return Some(answer);
        }
        if settings.listeners[arrival.listener].redirect_to_https {
            return Some(https_redirect(
                request,
                self.https_port,
                request.client.local,
            ));
        }
        // RFC 9110 7.4: an https target that reached a plain connection
        // was misdirected (or is an attempt to pass for a secure one).
        if request.target.first() != Some(&b'/')
            && !settings.listeners[arrival.listener].tls
            && request
                .target
                .get(..8)
                .is_some_and(|scheme| scheme.eq_ignore_ascii_case(b"https://"))
        {
            return Some(Response::error_saying(
                421,
                "An https:// request cannot be served on a plain HTTP connection",
            ));
        }
        let misdirected = arrival
            .sni_site
            .is_some_and(|sni| settings.certificate_site(site) != settings.certificate_site(sni));
        if misdirected {
            return Some(Response::error_saying(
                421,
                "This connection's certificate is not for the host asked for",
            ));
        }
        // A site that asks for client certificates serves only connections
        // whose handshake asked with its policy: not a connection made for
        // another name, nor a plain one.
        let wanted = settings.sites[site].client_auth.as_ref()?;
        let asked = arrival
            .client_cert
            .as_ref()
            .is_some_and(|c| c.policy.same_verification(wanted));
        (!asked).then(|| {
            Response::error_saying(
                421,
                "This connection did not ask for the client certificate this host requires",
            )
        })
    }

    /// An ACME CA validating HTTP-01 (RFC 8555 8.3) fetches the key
    /// authorization of a token under way, on any listener and before
    /// any redirect; a token not under way goes on as any request.
    fn acme_http_answer(&self, request: &Request) -> Option<Response> {
        let board = self.acme.as_ref()?;
        let token = request
            .target
            .strip_prefix(crate::acme::HTTP_CHALLENGE_PREFIX)?;
        let answer = board.http_answer(std::str::from_utf8(token).ok()?)?;
        tracing::info!(client = %request.client.addr, "acme: answered an HTTP-01 validation request");
        let mut response = Response::error(200);
        response.headers = crate::exchange::Headers::with_capacity(1);
        response
            .headers
            .append(KnownName::ContentType, "application/octet-stream");
        response.body = Body::Bytes(answer.into_bytes().into());
        Some(response)
    }

    /// 403 for a client the `access` rules of its route, else of its site,
    /// keep out (logged at most once a second per worker, and counted).
    fn refuse_by_address(
        &self,
        site: usize,
        route: Option<&Route>,
        request: &Request,
    ) -> Option<Response> {
        let config = &self.settings.sites[site];
        let rules = route
            .and_then(|r| r.access.as_deref())
            .unwrap_or(&config.access);
        let ip = request.client.addr.ip();
        if rules.is_empty() || crate::config::access_allows(rules, ip) {
            return None;
        }
        self.refused(
            &self.thread.metrics.access_denied,
            site,
            request,
            "refused by the access rules (403)",
        );
        Some(Response::error(403))
    }

    /// A request a rule refused: counted, and logged with who asked what
    /// at most once a second per worker, so an attack cannot flood the log.
    fn refused(
        &self,
        counter: &std::sync::atomic::AtomicU64,
        site: usize,
        request: &Request,
        why: &str,
    ) {
        WorkerMetrics::add(counter, 1);
        if self.thread.may_log_refusal() {
            tracing::warn!(client = %request.client.addr.ip().to_canonical(), site = self.settings.sites[site].label(), target = %String::from_utf8_lossy(&request.target), "{why}; more refusals this second are counted, not logged");
        }
    }

    /// For a site with `client_auth`: its field names, the verdict, and
    /// the certificate when it verified (a back end never gets a subject
    /// it could mistake for a verified one).
    fn client_cert_fields<'a>(
        &'a self,
        arrival: &'a Arrival,
        site: usize,
    ) -> Option<(
        &'a crate::config::ClientCertHeaders,
        String,
        Option<&'a ClientIdentity>,
    )> {
        let policy = self.settings.sites[site].client_auth.as_ref()?;
        let identity = arrival.client_cert.as_deref();
        let verdict = identity.map_or_else(|| "NONE".to_owned(), |c| c.verdict.as_field());
        let verified = identity.filter(|c| c.verified());
        Some((&policy.headers, verdict, verified))
    }

    /// 429 with `Retry-After` for a client over the request rate of its
    /// route, else of its site (logged at most once a second per worker,
    /// and counted).
    fn limit_rate(
        &self,
        site: usize,
        route: Option<&Route>,
        request: &Request,
    ) -> Option<Response> {
        let config = &self.settings.sites[site];
        let rule = route
            .and_then(|r| r.rate_limit.as_ref())
            .or(config.rate_limit.as_ref())?;
        let client = self.settings.limits.clients.key(request.client.addr.ip());
        let now = std::time::Instant::now();
        let admission = self
            .client_limits
            .rates
            .admit(rule.id, client, rule.rate, now);
        let crate::client_limits::Admission::Refuse { retry_after } = admission else {
            return None;
        };
        self.refused(
            &self.thread.metrics.rate_limited,
            site,
            request,
            "over the request rate (429)",
        );
        let mut response = Response::error(429);
        response
            .headers
            .append("Retry-After", retry_after.to_string());
        Some(response)
    }

    /// 403 for a client without a valid certificate on a site that
    /// requires one (after a reload judged it again) or a route that does
    /// (logged at most once a second per worker, and counted).
    fn refuse_without_certificate(
        &self,
        arrival: &Arrival,
        site: usize,
        route: Option<&Route>,
        request: &Request,
    ) -> Option<Response> {
        let policy = self.settings.sites[site].client_auth.as_ref()?;
        let identity = arrival.client_cert.as_ref()?;
        let required = policy.mode == crate::config::ClientAuthMode::Required
            || route.is_some_and(|r| r.require_client_certificate);
        if !required || identity.verified() {
            return None;
        }
        let why = format!(
            "no valid client certificate ({}): 403",
            identity.verdict.as_field()
        );
        self.refused(
            &self.thread.metrics.client_certificate_refused,
            site,
            request,
            &why,
        );
        Some(Response::error_saying(
            403,
            "A valid client certificate is required here",
        ))
    }

    /// 401 with a Basic challenge for a request to a route with
    /// `auth_basic` whose `Authorization` does not name a user of its
    /// htpasswd file with the right password.
    fn ask_for_credentials(
        &self,
        site: usize,
        route: Option<&Route>,
        request: &Request,
    ) -> Option<Response> {
        let auth = route?.auth_basic.as_ref()?;
        let authorization = request.headers.get("authorization");
        let known = self
            .credentials
            .get(&auth.user_file)
            .and_then(|c| c.check(authorization));
        if known.is_some() {
            return None;
        }
        if authorization.is_some() {
            self.refused(
                &self.thread.metrics.auth_refused,
                site,
                request,
                "wrong or unknown Basic credentials (401)",
            );
        } else {
            // A browser's first try: counted, not worth a line.
            WorkerMetrics::add(&self.thread.metrics.auth_refused, 1);
        }
        let mut response = Response::error(401);
        response.headers.append(
            "WWW-Authenticate",
            format!("Basic realm=\"{}\", charset=\"UTF-8\"", auth.realm),
        );
        Some(response)
    }

    /// The site's redirect or fixed answer for `request`, by the first of
    /// its `[[redirect]]` rules that matches the normalized path (None for
    /// a path that is not UTF-8).
    fn redirect(&self, site: usize, request: &Request) -> Option<Response> {
        let rules = &self.settings.sites[site].redirects;
        if rules.is_empty() {
            return None;
        }
        let path = crate::static_files::normalized_path(&request.target)?;
        let path = std::str::from_utf8(&path).ok()?;
        let query = request
            .target
            .iter()
            .position(|&b| b == b'?')
            .and_then(|i| std::str::from_utf8(&request.target[i + 1..]).ok());
        let answer = rules.iter().find_map(|rule| rule.answer(path, query))?;
        Some(match answer {
            RuleAnswer::Redirect { status, location } => {
                let mut response = Response::error(status);
                response.headers.append(KnownName::Location, location);
                response
            }
            RuleAnswer::Fixed { status, body } => {
                let mut response = Response::error(status);
                if let Some(body) = body {
                    response
                        .headers
                        .set(KnownName::ContentType, "text/plain; charset=utf-8");
                    response.body = Body::Bytes(body.into_bytes().into());
                }
                response
            }
        })
    }

    /// `response`, or the site's own page for its error status: for what
    /// tlsaccel made, and for a back end's errors when the route
    /// `intercept`s them. The status stays; the page replaces the body.
    fn with_error_page(&self, site: usize, response: Response, intercept: bool) -> Response {
        let pages = &self.settings.sites[site].error_pages;
        if pages.is_empty() || response.status < 400 || (response.from_back_end && !intercept) {
            return response;
        }
        let Some((_, page)) = pages.iter().find(|(status, _)| *status == response.status) else {
            return response;
        };
        let Some(files) = &self.files[site] else {
            return response;
        };
        match files.borrow_mut().error_page(response.status, page) {
            Some(mut page) => {
                // What the answer must keep: Allow (405), Retry-After,
                // WWW-Authenticate, Content-Range (416), Location.
                for name in [
                    "allow",
                    "retry-after",
                    "www-authenticate",
                    "content-range",
                    "location",
                ] {
                    if let Some(value) = response.headers.get(name) {
                        page.headers.append(name, value);
                    }
                }
                page.close = response.close;
                page
            }
            None => response,
        }
    }

    /// With `http.request_id`, the response says which request it answers
    /// (unless a back end said so itself).
    fn echo_request_id(&self, request: &Request, response: &mut Response) {
        if !self.settings.http.request_id || response.headers.get("x-request-id").is_some() {
            return;
        }
        if let Some(id) = request.headers.get("x-request-id") {
            response.headers.append("X-Request-Id", id);
        }
    }

    /// The site's `headers`, after the handler's: the site's value wins
    /// over a field of the same name (from a back end, say). Also for the
    /// pages a protocol answers with in the handler's place.
    pub(super) fn add_site_headers(&self, site: usize, response: &mut Response) {
        for (name, value) in &self.settings.sites[site].headers {
            response.headers.set(name.as_str(), value);
        }
    }
}

/// `308 Permanent Redirect` to the same path and query over https, at
/// the request's host (the address the client connected to when it sent
/// none) and the first TLS listener's port (omitted when 443). 308 keeps
/// the method and body (RFC 9110 15.4.9), unlike 301.
fn https_redirect(
    request: &Request,
    https_port: Option<u16>,
    local: Option<SocketAddr>,
) -> Response {
    let host = match (&request.host, local) {
        (Some(host), _) if !host.is_empty() => crate::config::normalize_host(host),
        (_, Some(SocketAddr::V6(a))) => format!("[{}]", a.ip()),
        (_, Some(a)) => a.ip().to_string(),
        (_, None) => "localhost".into(),
    };
    let port = match https_port {
        Some(443) | None => String::new(),
        Some(p) => format!(":{p}"),
    };
    let target = String::from_utf8_lossy(&request.target);
    let path = match target.find("://") {
        // Absolute form: keep what follows the authority.
        Some(i) => {
            let rest = &target[i + 3..];
            rest.find(['/', '?'])
                .map_or("/", |j| &rest[j..])
                .to_string()
        }
        None if target.starts_with('/') => target.into_owned(),
        None => "/".into(),
    };
    let mut response = Response::error(308);
    response.close = false;
    response
        .headers
        .append(KnownName::Location, format!("https://{host}{port}{path}"));
    response
}

/// The static handler's side of an exchange. It never reads a body: one
/// that comes is discarded, or, for a request it will refuse anyway from a
/// client waiting for `100 Continue`, never invited.
async fn serve_static<B: RequestBody>(
    worker: &Worker,
    site: usize,
    route: Option<&Route>,
    request: &Request,
    body: &mut B,
) -> Result<Response, BodyError> {
    let refusing = !StaticFiles::accepts_body(request);
    // Without a body (most requests) there is nothing to read past.
    if request.body != BodyLength::None && !(refusing && request.expect_continue) {
        body.discard().await?;
    }
    Ok(static_response(worker, site, route, request))
}

/// The target a back end gets: as the client sent it, or with the route's
/// prefix replaced by its `upstream_path` (nginx's `proxy_pass` with a
/// URI): the normalized path the route matched, encoded again, then the
/// query as sent.
fn upstream_target<'r>(route: &Route, request: &'r Request) -> Cow<'r, [u8]> {
    let Some(to) = &route.upstream_path else {
        return Cow::Borrowed(&request.target);
    };
    let Some(path) = crate::static_files::normalized_path(&request.target) else {
        return Cow::Borrowed(&request.target);
    };
    let rest = path.strip_prefix(route.prefix.as_bytes()).unwrap_or(&path);
    let mut target = to.as_bytes().to_vec();
    target.extend_from_slice(crate::uri::escape_path(rest).as_bytes());
    if let Some(query) = request.target.iter().position(|&b| b == b'?') {
        target.extend_from_slice(&request.target[query..]);
    }
    Cow::Owned(target)
}

/// The static files' answer to `request` (404 for a site without a root),
/// with the fallbacks and listings of its static route, else of its site.
fn static_response(
    worker: &Worker,
    site: usize,
    route: Option<&Route>,
    request: &Request,
) -> Response {
    let Some(files) = &worker.files[site] else {
        return Response::error(404);
    };
    let config = &worker.settings.sites[site];
    let options = crate::static_files::Options {
        try_files: route
            .and_then(|r| r.try_files.as_deref())
            .unwrap_or(&config.try_files),
        listing: route.and_then(|r| r.listing).unwrap_or(config.listing),
        listing_hidden: config.listing_hidden,
    };
    files.borrow_mut().respond(request, &options)
}
