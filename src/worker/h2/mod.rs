//! HTTP/2 connections (RFC 9113): chosen with ALPN `h2` on TLS listeners,
//! or by the client's preface on plain listeners with `http.h2c`. The
//! protocol is `crate::http2::Connection`, without I/O; this driver is its
//! one task: it reads the transport (`io.rs`: kTLS socket, user-space TLS
//! session or plain TCP) into the engine, runs each new stream's exchange
//! (`stream.rs`), and writes what the engine produced.
//!
//! A static file is answered where its request is read, without a task:
//! the response head is encoded into the engine's output, and the file is
//! read with `pread()` straight into DATA frames of one TLS record each.
//! Every stream that has something to send adds frames, in turn, until a
//! batch of `GATHER` bytes is ready: the responses of many streams leave
//! in one write. Exchanges that wait (a back end, a request body) are
//! tasks of their own and hand their answers to the driver.
//!
//! Bounds: concurrent streams, the header list (`limits.max_header_bytes`),
//! the HPACK table and header blocks with their CONTINUATIONs are the
//! engine's; reset and SETTINGS/PING rates are the guard's (`guard.rs`).
//! An abuser gets GOAWAY (ENHANCE_YOUR_CALM) and is closed. The connection
//! ends with a graceful GOAWAY (streams in flight finish) when the process
//! stops, when a reload removes its listener, when no stream has been open
//! for `timeouts.keepalive`, or under kTLS when the key's record budget
//! runs out; a client that takes nothing for `timeouts.send` is closed.

mod buffers;
mod guard;
mod io;
mod stream;

use super::dispatch::{Arrival, ListenerState};
use super::transport::Transport;
use super::Worker;
use crate::buffer::ByteBuf;
use crate::deadline::coarse_deadline;
use crate::exchange::{Body, Client, FieldRef, FileRange, KnownName, Method, Response, Segment};
use crate::http::response::{decimal, status_has_body};
use crate::http2::connection::DATA_FRAME;
use crate::http2::frame::ErrorCode;
use crate::http2::{self as engine, Event};
use crate::metrics::{SiteCounters, WorkerMetrics};
use crate::tls::ENCRYPT_CHUNK;
use foldhash::HashMap;
use guard::FloodGuard;
use io::{H2Io, InputError};
use std::collections::VecDeque;
use std::future::{poll_fn, Future};
use std::io as stdio;
use std::pin::{pin, Pin};
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;
use stream::{Answer, H2Body, Link, Outcome, Wake};
use tokio::sync::watch;
use tokio::task::AbortHandle;
use tokio::time::{sleep, timeout};

/// Receive windows: large enough for uploads at loopback speed (the
/// protocol's default, 64 KiB, allows one window per round trip).
const STREAM_WINDOW: u32 = 1 << 20;
const CONNECTION_WINDOW: u32 = 4 << 20;
/// Output gathered before a write: full TLS records, each one DATA frame
/// with its header, as many as fit one TCP segment; as much as
/// user-space TLS encrypts per call.
const GATHER: usize = ENCRYPT_CHUNK;
/// Client bytes read at a time: at most a few full frames (an upload). A
/// read starts with a buffer from the worker's pool (a frame or more),
/// doubled while reads fill it.
const INPUT: usize = 64 * 1024;
/// A connection with no stream and nothing to send or parse for this long
/// gives its buffers back (HTTP/1's keep-alive connections do the same),
/// so thousands of idle connections cost little more than their sockets.
const IDLE_RELEASE_AFTER: Duration = Duration::from_secs(1);
/// How long a GOAWAY to an abuser, or at the end, may take to leave.
const GOAWAY_LINGER: Duration = Duration::from_secs(1);

/// Serves an HTTP/2 connection whose handshake (TLS and ALPN, or the h2c
/// preface sniffed) is done, until it ends.
pub(super) async fn serve(
    worker: Rc<Worker>,
    transport: Transport,
    client: Client,
    arrival: Arrival,
) {
    let metrics = worker.thread.metrics.clone();
    WorkerMetrics::add(&metrics.h2_connections, 1);
    let settings = worker.settings.clone();
    let config = engine::Config {
        max_concurrent_streams: settings.http.h2.max_concurrent_streams,
        max_header_list_size: settings.limits.max_header_bytes as u32,
        header_table_size: settings.http.h2.header_table_size,
        stream_window: STREAM_WINDOW,
        connection_window: CONNECTION_WINDOW,
    };
    let io = H2Io::new(
        transport,
        metrics.clone(),
        FloodGuard::new(&settings.http.h2),
    );
    let mut driver = Driver {
        engine: engine::Connection::new(config),
        io,
        metrics,
        worker,
        arrival,
        client,
        // Made once the client sends (`poll_io`).
        input: Vec::new(),
        filled: 0,
        out: ByteBuf::new(),
        written: 0,
        streams: HashMap::default(),
        ready: VecDeque::new(),
        blocked: Vec::new(),
        wake: Rc::new(Wake::default()),
        news: Vec::new(),
        events: Vec::new(),
        holding: false,
        read_closed: false,
        going_away: false,
    };
    let end = driver.run().await;
    driver.close(end).await;
}

/// Why the connection ends.
#[derive(Debug, thiserror::Error)]
enum End {
    /// GOAWAY sent and every stream it let finish has, or the client left
    /// between streams.
    #[error("done")]
    Done,
    /// The client broke the protocol: GOAWAY with the error is queued.
    #[error(transparent)]
    Protocol(engine::ConnectionError),
    #[error("abusive client: {}", .0.as_str())]
    Abuse(crate::metrics::Abuse),
    #[error("read failed: {0}")]
    Read(#[source] crate::tls::ReadError),
    #[error("write failed: {0}")]
    Write(#[source] stdio::Error),
    /// Nothing left for `timeouts.send` while output waited.
    #[error("client not reading (send timeout)")]
    Stalled,
    /// No preface within `timeouts.request_header`.
    #[error("no HTTP/2 preface in time")]
    PrefaceTimeout,
}

/// What the connection's task wakes up for.
enum Wakeup {
    Read,
    Wrote,
    News,
    ReadClosed,
    ReadFailed(InputError),
    WriteFailed(stdio::Error),
}

/// What a stream is doing on our side. A stream answered in place whose
/// response ends with its head has none.
#[derive(Default)]
struct StreamEntry {
    /// The exchange's task and what it shares with the driver (None: the
    /// exchange was answered in place and has no body coming).
    link: Option<Rc<Link>>,
    task: Option<AbortHandle>,
    /// The response being sent, once there is one.
    out: Option<Outgoing>,
}

/// A response being sent as DATA frames, piece by piece.
struct Outgoing {
    pieces: Pieces,
    /// Bytes of the first piece already sent.
    pos: u64,
    /// More pieces come from a back end (`Link::next_chunk`).
    streamed: bool,
    /// In `ready` (or `blocked`) already.
    queued: bool,
    /// What the response answers (None: a malformed request's 400), for
    /// the access log.
    request: Option<crate::exchange::Request>,
    /// The counters of the site it answers for (held, not indexed: a
    /// reload may change the generation before the stream ends).
    site: Arc<SiteCounters>,
    status: u16,
    sent: u64,
}

/// A response's body pieces, in order. Nearly every body is one piece (a
/// file, a page, a back end's chunk at a time), held without allocating;
/// multipart ranges queue the rest.
#[derive(Default)]
struct Pieces {
    /// None only when there is no piece at all.
    first: Option<Piece>,
    rest: VecDeque<Piece>,
}

impl Pieces {
    fn push_back(&mut self, piece: Piece) {
        match self.first {
            None => self.first = Some(piece),
            Some(_) => self.rest.push_back(piece),
        }
    }

    fn front(&self) -> Option<&Piece> {
        self.first.as_ref()
    }

    fn pop_front(&mut self) {
        self.first = self.rest.pop_front();
    }

    fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    fn total_len(&self) -> u64 {
        self.first.iter().chain(&self.rest).map(Piece::len).sum()
    }
}

enum Piece {
    /// A body's bytes, or a back end's chunk.
    Bytes(bytes::Bytes),
    File(FileRange),
}

/// Where a piece's bytes are copied into DATA frames from.
enum Source<'p> {
    Memory(&'p [u8]),
    /// A file range to `pread()`.
    File(&'p FileRange),
}

impl Piece {
    /// Memory for bytes, and for a file whose contents the open-file
    /// cache keeps; the file otherwise.
    fn source(&self) -> Source<'_> {
        match self {
            Piece::Bytes(b) => Source::Memory(b),
            Piece::File(range) => range.kept().map_or(Source::File(range), Source::Memory),
        }
    }

    fn len(&self) -> u64 {
        match self {
            Piece::Bytes(b) => b.len() as u64,
            Piece::File(f) => f.len,
        }
    }
}

/// What one turn of a stream's sending did.
enum Sent {
    /// A frame went out; more to send.
    More,
    /// The client's windows are shut.
    Blocked,
    /// Waiting for the back end's next chunk.
    Starved,
    /// The response ended (END_STREAM), or failed (the stream is reset).
    Over,
}

struct Driver {
    engine: engine::Connection,
    io: H2Io,
    metrics: Arc<WorkerMetrics>,
    /// The generation in use and how the connection arrived, followed
    /// across reloads at each new stream.
    worker: Rc<Worker>,
    arrival: Arrival,
    client: Client,
    input: Vec<u8>,
    filled: usize,
    /// Output being written; `written` of it has left.
    out: ByteBuf,
    written: usize,
    /// Bounded by the engine's concurrent streams (foldhash: see there).
    streams: HashMap<u32, StreamEntry>,
    /// Streams with frames to send, in turn.
    ready: VecDeque<u32>,
    /// Streams waiting for the client's windows.
    blocked: Vec<u32>,
    wake: Rc<Wake>,
    news: Vec<Rc<Link>>,
    /// The last read's events, emptied, kept for the next read: a read's
    /// requests make it kilobytes, allocated once per connection.
    events: Vec<Event<'static>>,
    /// Buffers may be held since the last `release_idle_buffers`.
    holding: bool,
    read_closed: bool,
    going_away: bool,
}

/// What the worker told a connection while it ran.
enum Notice {
    /// The server stops (or the channel is gone).
    Stop,
    /// A reload retired the configuration the connection arrived with.
    Retired,
}

/// Waits for the first notice. Pending until then, so one such future
/// lasts the connection's life (or until a retirement, which may be
/// followed by another).
async fn notice(mut stop: watch::Receiver<bool>, mut retired: watch::Receiver<bool>) -> Notice {
    tokio::select! {
        _ = stop.wait_for(|s| *s) => Notice::Stop,
        // The `Ref` wait_for returns ends with the block.
        _ = async { drop(retired.wait_for(|r| *r).await) } => Notice::Retired,
    }
}

impl Driver {
    async fn run(&mut self) -> End {
        let settings = self.worker.settings.clone();
        let (keepalive, send_timeout) = (settings.timeouts.keepalive, settings.timeouts.send);
        // Made once, not at every turn: a wait made and dropped per turn
        // locked, joined and left the channels' waiter lists each time.
        let mut told = pin!(notice(
            self.worker.thread.shutdown.clone(),
            self.worker.retire.subscribe()
        ));
        // Until the preface: the request-head timeout; then, with no
        // stream open, keep-alive.
        let mut idle = pin!(sleep(settings.timeouts.request_header));
        let mut idle_armed = true;
        let mut preface_seen = false;
        let mut stall = pin!(sleep(send_timeout));
        let mut stall_armed = false;
        let mut release = pin!(sleep(IDLE_RELEASE_AFTER));
        let mut release_armed = false;
        loop {
            if let Some(end) = self.turn() {
                return end;
            }
            if self.engine.is_done() && self.nothing_to_write() {
                return End::Done;
            }
            if self.read_closed && self.nothing_to_write() {
                return End::Done;
            }
            // Timers move only when what they watch changes state.
            let quiet = self.streams.is_empty();
            let started = self.engine.is_started();
            if quiet != idle_armed || started != preface_seen {
                idle_armed = quiet;
                preface_seen = started;
                if quiet && started {
                    idle.as_mut().reset(coarse_deadline(keepalive));
                }
            }
            let at_rest = quiet && self.nothing_to_write() && self.filled == 0;
            if at_rest && !self.input.is_empty() {
                // Nothing half read: the input buffer goes back to the
                // worker's pool now, for whichever connection reads next.
                let input = std::mem::take(&mut self.input);
                self.worker.thread.give_back_buffer(input);
            }
            let release_due = at_rest && self.holding;
            if release_due != release_armed {
                release_armed = release_due;
                if release_due {
                    release.as_mut().reset(coarse_deadline(IDLE_RELEASE_AFTER));
                }
            }
            let waiting = !self.nothing_to_write() || !self.blocked.is_empty();
            if waiting != stall_armed {
                stall_armed = waiting;
                if waiting {
                    stall.as_mut().reset(coarse_deadline(send_timeout));
                }
            }
            let woke = tokio::select! {
                woke = poll_fn(|cx| self.poll_io(cx)) => woke,
                heard = &mut told, if !self.going_away => {
                    match heard {
                        Notice::Stop => self.go_away(),
                        Notice::Retired => match self.after_retirement() {
                            Some(next) => told.set(notice(self.worker.thread.shutdown.clone(), next)),
                            None => {
                                tracing::debug!(peer = %self.client.addr, "HTTP/2 connection's listener removed or stopping: GOAWAY");
                                self.go_away();
                            }
                        },
                    }
                    continue;
                }
                _ = &mut idle, if idle_armed && !self.going_away => {
                    if !preface_seen {
                        return End::PrefaceTimeout;
                    }
                    self.go_away();
                    continue;
                }
                _ = &mut stall, if stall_armed => return End::Stalled,
                _ = &mut release, if release_armed => {
                    self.release_idle_buffers();
                    release_armed = false;
                    continue;
                }
            };
            match woke {
                Wakeup::Read | Wakeup::News => {}
                Wakeup::Wrote => {
                    if stall_armed {
                        stall.as_mut().reset(coarse_deadline(send_timeout));
                    }
                }
                Wakeup::ReadClosed => self.read_closed = true,
                Wakeup::ReadFailed(InputError::Abuse(abuse)) => return End::Abuse(abuse),
                Wakeup::ReadFailed(InputError::Read(e)) => return End::Read(e),
                Wakeup::WriteFailed(e) => return End::Write(e),
            }
            if !self.going_away && self.io.near_key_limit() {
                WorkerMetrics::add(&self.metrics.ktls_retired_at_limit, 1);
                self.go_away();
            }
        }
    }

    /// Everything that can be done without waiting: the client's frames
    /// read so far, the streams' news, and output up to a batch.
    fn turn(&mut self) -> Option<End> {
        let _turn = crate::clock::Turn::begin();
        if let Err(e) = self.receive() {
            return Some(End::Protocol(e));
        }
        self.handle_news();
        self.fill();
        if self.written == self.out.len() && self.engine.has_output() {
            let spare = std::mem::take(&mut self.out);
            self.out = self.engine.take_output(spare);
            self.written = 0;
        }
        None
    }

    /// Gives back what an idle connection does not need: its output
    /// buffer, the engine's and the transport's (its input buffer went back
    /// to the pool as soon as it was quiet).
    fn release_idle_buffers(&mut self) {
        tracing::trace!(peer = %self.client.addr, "HTTP/2 connection idle: buffers released");
        self.worker.thread.note_idle_release();
        self.holding = false;
        self.out.release();
        self.written = 0;
        self.events = Vec::new();
        // Emptied collections keep their capacity: a stream map's buckets
        // hold whole entries (a kilobyte and more).
        if self.streams.is_empty() {
            self.streams = HashMap::default();
        }
        if self.ready.is_empty() {
            self.ready = VecDeque::new();
        }
        if self.blocked.is_empty() {
            self.blocked = Vec::new();
        }
        if self.news.is_empty() {
            self.news = Vec::new();
        }
        self.engine.release_idle_buffers();
        self.io.release_idle_buffers();
    }

    fn nothing_to_write(&self) -> bool {
        self.written == self.out.len() && !self.engine.has_output()
    }

    /// Waits for any of: output written, input read, news from a stream.
    fn poll_io(&mut self, cx: &mut Context<'_>) -> Poll<Wakeup> {
        let mut wrote = false;
        while self.written < self.out.len() {
            match self.io.poll_write(cx, &self.out.as_slice()[self.written..]) {
                Poll::Ready(Ok(n)) => {
                    self.written += n;
                    wrote = true;
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Wakeup::WriteFailed(e)),
                Poll::Pending => break,
            }
        }
        if self.written == self.out.len() && !self.out.is_empty() {
            match self.io.poll_flush(cx) {
                Poll::Ready(Ok(())) => {
                    self.out.clear();
                    self.written = 0;
                    return Poll::Ready(Wakeup::Wrote);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Wakeup::WriteFailed(e)),
                Poll::Pending => {}
            }
        }
        self.wake.register(cx.waker());
        if self.wake.has_news() {
            return Poll::Ready(Wakeup::News);
        }
        if !self.read_closed && self.input.is_empty() {
            // None held while idle: one again once the client sends.
            match self.io.poll_readable(cx) {
                Poll::Ready(Ok(())) => {
                    let limits = &self.worker.settings.limits;
                    self.input = self.worker.thread.take_buffer(limits.max_header_bytes);
                    self.holding = true;
                }
                Poll::Ready(Err(e)) => {
                    return Poll::Ready(Wakeup::ReadFailed(InputError::Read(e.into())))
                }
                Poll::Pending => {}
            }
        }
        if !self.read_closed && !self.input.is_empty() {
            match self.io.poll_read(cx, &mut self.input[self.filled..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Wakeup::ReadClosed),
                Poll::Ready(Ok(n)) => {
                    self.filled += n;
                    if self.filled == self.input.len() {
                        // More was waiting, or a frame is larger than the
                        // buffer: room for both.
                        let more = (2 * self.input.len()).min(INPUT);
                        self.input.resize(more, 0);
                    }
                    return Poll::Ready(Wakeup::Read);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Wakeup::ReadFailed(e)),
                Poll::Pending => {}
            }
        }
        if wrote {
            Poll::Ready(Wakeup::Wrote)
        } else {
            Poll::Pending
        }
    }

    /// Feeds what was read to the engine and acts on its events.
    fn receive(&mut self) -> Result<(), engine::ConnectionError> {
        if self.filled == 0 {
            return Ok(());
        }
        let input = std::mem::take(&mut self.input);
        let mut events = relabel(std::mem::take(&mut self.events));
        let result = self.engine.receive(&input[..self.filled], &mut events);
        for event in events.drain(..) {
            self.event(event);
        }
        self.events = relabel(events);
        self.input = input;
        let used = result?;
        self.input.copy_within(used..self.filled, 0);
        self.filled -= used;
        Ok(())
    }

    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Request {
                stream,
                head,
                end_stream,
            } => {
                WorkerMetrics::add(&self.metrics.h2_streams, 1);
                let method = head.method.clone();
                match head.into_request(self.client, end_stream) {
                    Ok(request) => self.start(stream, request, end_stream),
                    Err(e) => {
                        tracing::debug!(peer = %self.client.addr, error = %e, "bad HTTP/2 request");
                        let page = Response::error_saying(400, &e.to_string());
                        let site = self
                            .arrival
                            .sni_site
                            .unwrap_or(self.worker.settings.default_site);
                        let worker = self.worker.clone();
                        self.send_response(stream, &worker.sites[site], Err(method), page, None);
                    }
                }
            }
            Event::Data {
                stream,
                data,
                end_stream,
            } => {
                let taken = self
                    .streams
                    .get(&stream)
                    .and_then(|s| s.link.as_ref())
                    .is_some_and(|link| link.push_body(data, end_stream));
                if !taken {
                    self.engine.release(stream, data.len());
                }
            }
            Event::Trailers { stream, .. } => {
                if let Some(link) = self.streams.get(&stream).and_then(|s| s.link.as_ref()) {
                    link.end_body();
                }
            }
            Event::Reset { stream, code, .. } => {
                if let Some(entry) = self.streams.remove(&stream) {
                    tracing::debug!(peer = %self.client.addr, stream, %code, "HTTP/2 stream reset");
                    self.forget(entry);
                }
            }
            Event::WindowOpened => self.ready.extend(self.blocked.drain(..)),
            Event::GoAway { .. } => self.go_away(),
        }
    }

    /// A new stream's exchange, answered in place when nothing in it
    /// waits; a task otherwise.
    fn start(&mut self, stream: u32, mut request: crate::exchange::Request, end_stream: bool) {
        if self.arrival.follow_reload(&mut self.worker) == ListenerState::Removed {
            // The stream was opened before our GOAWAY reached the client.
            self.engine.send_reset(stream, ErrorCode::REFUSED_STREAM);
            return;
        }
        self.worker.stamp_request_id(&mut request);
        let settings = &self.worker.settings;
        let link = (!end_stream).then(|| Link::new(stream, self.wake.clone()));
        let mut exchange: Pin<Box<dyn Future<Output = stream::Answer>>> =
            match self.worker.serve_at_once(&self.arrival, &request) {
                // Nothing in it waits: no future, no task.
                Some((site, response)) if !matches!(response.body, Body::Stream(_)) => {
                    // The generation, not the counters, is cloned: an Rc.
                    let worker = self.worker.clone();
                    self.send_response(stream, &worker.sites[site], Ok(request), response, None);
                    return;
                }
                // A body made while it is sent (a file compressed as it
                // goes): pumped as a back end's is.
                Some((site, response)) => Box::pin(stream::answered(
                    self.worker.clone(),
                    site,
                    request,
                    response,
                )),
                None => {
                    let body = match &link {
                        Some(link) => H2Body::new(
                            link.clone(),
                            settings.limits.max_body_bytes,
                            settings.timeouts.request_body,
                        ),
                        None => H2Body::none(),
                    };
                    Box::pin(stream::exchange(
                        self.worker.clone(),
                        self.arrival.clone(),
                        request,
                        body,
                    ))
                }
            };
        let mut cx = Context::from_waker(Waker::noop());
        if let Poll::Ready(answer) = exchange.as_mut().poll(&mut cx) {
            self.streams.insert(
                stream,
                StreamEntry {
                    link,
                    task: None,
                    out: None,
                },
            );
            self.respond(stream, answer);
            return;
        }
        // The exchange waits: a task, which polls it again at once (so the
        // no-op waker above is replaced by its own).
        let link = link.unwrap_or_else(|| Link::new(stream, self.wake.clone()));
        let task_link = link.clone();
        let task = tokio::task::spawn_local(async move {
            let mut answer = exchange.await;
            let body = answer.take_source();
            task_link.deliver(answer);
            if let Some(body) = body {
                stream::pump(body, task_link).await;
            }
        });
        self.streams.insert(
            stream,
            StreamEntry {
                link: Some(link),
                task: Some(task.abort_handle()),
                out: None,
            },
        );
    }

    /// Sends an exchange's answer, or resets its stream.
    fn respond(&mut self, stream: u32, answer: Answer) {
        let Answer {
            request,
            site,
            outcome,
        } = answer;
        match outcome {
            Outcome::Respond { response, streamed } => {
                self.send_response(stream, &site, Ok(request), response, streamed)
            }
            Outcome::Reset(e) => {
                tracing::debug!(peer = %self.client.addr, error = %e, "HTTP/2 request body failed");
                self.engine.send_reset(stream, ErrorCode::CANCEL);
                if let Some(entry) = self.streams.remove(&stream) {
                    self.forget(entry);
                }
            }
        }
    }

    /// Sends a response on an open stream: the head now, the body as
    /// windows allow. `site`: the counters of the site it answers for;
    /// `request`: what it answers, for the access log (Err: the method of
    /// a head that was not a request).
    fn send_response(
        &mut self,
        stream: u32,
        site: &Arc<SiteCounters>,
        request: Result<crate::exchange::Request, Method>,
        mut response: Response,
        streamed: Option<stream::Streamed>,
    ) {
        // RFC 9110 9.3.2: no content after a HEAD's head, error pages too.
        // (The request stays where it is: it is large, and most are
        // recycled below without another move.)
        let head_request = match &request {
            Ok(request) => request.method == Method::Head,
            Err(method) => *method == Method::Head,
        };
        let with_body = !head_request && status_has_body(response.status);
        let mut pieces = Pieces::default();
        // More of a back end's body follows the pieces.
        let mut more = false;
        let length = match streamed {
            Some(streamed) => {
                if !streamed.first.is_empty() {
                    pieces.push_back(Piece::Bytes(streamed.first));
                    more = true;
                }
                if let Some(source) = streamed.source {
                    // Answered in place, so no task took the rest: one
                    // pumps it now.
                    let link = self.link_of(stream);
                    let pump = tokio::task::spawn_local(stream::pump(source, link));
                    if let Some(entry) = self.streams.get_mut(&stream) {
                        entry.task = Some(pump.abort_handle());
                    }
                }
                streamed.length
            }
            None => {
                match std::mem::replace(&mut response.body, Body::Empty) {
                    // No HTTP/2 request asks to switch protocols.
                    Body::Empty | Body::Tunnel(_) | Body::Stream(_) => {}
                    Body::Bytes(b) => pieces.push_back(Piece::Bytes(b)),
                    Body::File(range) => pieces.push_back(Piece::File(range)),
                    Body::Segments(parts) => {
                        for part in parts {
                            pieces.push_back(match part {
                                Segment::Bytes(b) => Piece::Bytes(b.into()),
                                Segment::File(range) => Piece::File(range),
                            });
                        }
                    }
                }
                Some(pieces.total_len())
            }
        };
        let end_now = !with_body || (pieces.is_empty() && !more);
        let status = response.status;
        let worker = self.worker.clone();
        let sent_head = send_head(
            &mut self.engine,
            &worker,
            stream,
            &response,
            length,
            end_now,
        );
        if sent_head.is_err() || end_now {
            if sent_head.is_ok() {
                match request {
                    Ok(request) => {
                        worker.thread.responded(site, &request, status, 0);
                        self.engine.recycle(request);
                    }
                    Err(_) => site.responded(status, 0),
                }
            }
            if let Some(entry) = self.streams.remove(&stream) {
                self.forget(entry);
            }
            return;
        }
        // The head went out, so the stream is open: its entry, made now
        // for one answered in place.
        let entry = self.streams.entry(stream).or_default();
        entry.out = Some(Outgoing {
            pieces,
            pos: 0,
            streamed: more,
            queued: true,
            request: request.ok(),
            site: site.clone(),
            status,
            sent: 0,
        });
        self.ready.push_back(stream);
    }

    /// The stream's link, made now if its exchange had none.
    fn link_of(&mut self, stream: u32) -> Rc<Link> {
        let wake = self.wake.clone();
        let entry = self.streams.get_mut(&stream).expect("an open stream");
        entry
            .link
            .get_or_insert_with(|| Link::new(stream, wake))
            .clone()
    }

    /// What the streams' tasks said since the last turn.
    fn handle_news(&mut self) {
        if !self.wake.has_news() {
            return;
        }
        let mut news = std::mem::take(&mut self.news);
        self.wake.take_news(&mut news);
        for link in news.drain(..) {
            let consumed = link.take_consumed();
            if consumed > 0 {
                self.engine.release(link.id, consumed);
            }
            let Some(entry) = self.streams.get_mut(&link.id) else {
                continue;
            };
            if !entry.link.as_ref().is_some_and(|l| Rc::ptr_eq(l, &link)) {
                continue;
            }
            if let Some(out) = &mut entry.out {
                if !out.queued {
                    out.queued = true;
                    self.ready.push_back(link.id);
                }
            } else if let Some(answer) = link.take_answer() {
                self.respond(link.id, answer);
            }
        }
        self.news = news;
    }

    /// Adds DATA frames, a stream at a time, until a batch is ready or no
    /// stream can send.
    fn fill(&mut self) {
        while self.engine.output_len() < GATHER {
            let Some(stream) = self.ready.pop_front() else {
                break;
            };
            match self.send_some(stream) {
                Sent::More => self.ready.push_back(stream),
                Sent::Blocked => self.blocked.push(stream),
                Sent::Starved => {
                    if let Some(out) = self.streams.get_mut(&stream).and_then(|e| e.out.as_mut()) {
                        out.queued = false;
                    }
                }
                Sent::Over => {
                    if let Some(entry) = self.streams.remove(&stream) {
                        self.forget(entry);
                    }
                }
            }
        }
    }

    /// One DATA frame of `stream`'s response.
    fn send_some(&mut self, stream: u32) -> Sent {
        let Some(entry) = self.streams.get_mut(&stream) else {
            return Sent::Starved;
        };
        let link = entry.link.clone();
        let Some(out) = entry.out.as_mut() else {
            return Sent::Starved;
        };
        if out.pieces.is_empty() && out.streamed {
            let link = link.as_ref().expect("a streamed body has a link");
            match link.next_chunk() {
                Some(chunk) => out.pieces.push_back(Piece::Bytes(chunk)),
                None => match link.chunks_ended() {
                    None => return Sent::Starved,
                    Some(true) => {
                        // The body ended after its last bytes were sent.
                        let _ = self.engine.send_data(stream, &[], true);
                        self.finished(stream);
                        return Sent::Over;
                    }
                    Some(false) => {
                        tracing::debug!(peer = %self.client.addr, stream, "HTTP/2 response not sent to its end: back end failed");
                        self.engine.send_reset(stream, ErrorCode::INTERNAL_ERROR);
                        self.finished(stream);
                        return Sent::Over;
                    }
                },
            }
        }
        let last_piece = out.pieces.len() == 1
            && (!out.streamed || link.as_ref().and_then(|l| l.chunks_ended()) == Some(true));
        let Some(piece) = out.pieces.front() else {
            return Sent::Starved;
        };
        let pos = out.pos;
        let left = (piece.len() - pos) as usize;
        let sent = match piece.source() {
            Source::Memory(bytes) => self.engine.send_data(
                stream,
                &bytes[pos as usize..][..left.min(DATA_FRAME)],
                last_piece && left <= DATA_FRAME,
            ),
            Source::File(range) => {
                let at = range.offset + pos;
                let file = range.file.clone();
                match self.engine.send_data_with(stream, left, last_piece, |buf| {
                    rustix::io::pread(file.as_fd(), buf, at)
                }) {
                    Ok(Ok(0)) if left > 0 && self.engine.send_window(stream) > 0 => {
                        tracing::warn!(peer = %self.client.addr, stream, at, "file shrank while being sent");
                        self.engine.send_reset(stream, ErrorCode::INTERNAL_ERROR);
                        self.finished(stream);
                        return Sent::Over;
                    }
                    Ok(Ok(n)) => Ok(n),
                    Ok(Err(e)) => {
                        tracing::warn!(peer = %self.client.addr, stream, error = %e, "file read failed");
                        self.engine.send_reset(stream, ErrorCode::INTERNAL_ERROR);
                        self.finished(stream);
                        return Sent::Over;
                    }
                    Err(gone) => Err(gone),
                }
            }
        };
        let Ok(n) = sent else {
            self.finished(stream);
            return Sent::Over;
        };
        let out = self
            .streams
            .get_mut(&stream)
            .and_then(|e| e.out.as_mut())
            .expect("sending");
        out.sent += n as u64;
        if n == 0 && left > 0 {
            return Sent::Blocked;
        }
        out.pos += n as u64;
        if out.pos == out.pieces.front().map_or(0, Piece::len) {
            out.pieces.pop_front();
            out.pos = 0;
            if out.pieces.is_empty() && (!out.streamed || last_piece) {
                self.finished(stream);
                return Sent::Over;
            }
        }
        Sent::More
    }

    /// The response of `stream` is over (whole or not): logged.
    fn finished(&mut self, stream: u32) {
        if let Some(out) = self.streams.get_mut(&stream).and_then(|e| e.out.take()) {
            self.log(out);
        }
    }

    /// Logs a response that is over, and gives its request's buffers
    /// back to the engine for the next request.
    fn log(&mut self, out: Outgoing) {
        match out.request {
            Some(request) => {
                self.worker
                    .thread
                    .responded(&out.site, &request, out.status, out.sent);
                self.engine.recycle(request);
            }
            None => out.site.responded(out.status, out.sent),
        }
    }

    /// A stream that is over on our side: its task stops, its request
    /// body's window comes back, and a response cut short is logged.
    fn forget(&mut self, entry: StreamEntry) {
        if let Some(out) = entry.out {
            self.log(out);
        }
        if let Some(link) = entry.link {
            link.gone();
        }
        if let Some(task) = entry.task {
            task.abort();
        }
    }

    fn go_away(&mut self) {
        if !self.going_away {
            self.going_away = true;
            self.engine.go_away(ErrorCode::NO_ERROR);
        }
    }

    /// Once the generation in use has retired: the retirement of the one
    /// that took over, or None when the connection should go away (a
    /// reload removed its listener, or the process is stopping).
    fn after_retirement(&mut self) -> Option<watch::Receiver<bool>> {
        if self.arrival.follow_reload(&mut self.worker) == ListenerState::Removed {
            return None;
        }
        let next = self.worker.retire.subscribe();
        let stopping = *next.borrow();
        (!stopping).then_some(next)
    }

    /// Sends what is queued (a GOAWAY at least, when the connection
    /// failed), then closes: FIN, and the client's last bytes read.
    async fn close(&mut self, end: End) {
        let peer = self.client.addr;
        match &end {
            End::Abuse(abuse) => {
                self.metrics.h2_abuse(*abuse);
                tracing::info!(%peer, abuse = abuse.as_str(), "HTTP/2 client abusive: GOAWAY and closing");
                self.engine
                    .abort(ErrorCode::ENHANCE_YOUR_CALM, "abusive client");
            }
            End::Done => tracing::trace!(%peer, "HTTP/2 connection closed"),
            other => tracing::debug!(%peer, end = %other, "HTTP/2 connection closed"),
        }
        for (_, entry) in std::mem::take(&mut self.streams) {
            self.forget(entry);
        }
        if matches!(end, End::Write(_) | End::Read(_) | End::Stalled) {
            return;
        }
        let flushed = timeout(GOAWAY_LINGER, async {
            loop {
                if self.written == self.out.len() {
                    if !self.engine.has_output() {
                        return;
                    }
                    let spare = std::mem::take(&mut self.out);
                    self.out = self.engine.take_output(spare);
                    self.written = 0;
                }
                let wrote = poll_fn(|cx| {
                    self.io
                        .poll_write(cx, &self.out.as_slice()[self.written..])
                        .map_ok(|n| self.written += n)
                })
                .await;
                if wrote.is_err() {
                    return;
                }
            }
        })
        .await;
        if flushed.is_ok() {
            let _ = poll_fn(|cx| self.io.poll_flush(cx)).await;
            let _ = poll_fn(|cx| self.io.poll_close(cx)).await;
        }
    }
}

/// An empty Vec of events for other borrowed bytes, its buffer kept:
/// collecting its own emptied iterator reuses the allocation (std collects
/// in place when the item types have one layout; if it did not, this
/// would only allocate).
fn relabel<'b>(mut events: Vec<Event<'_>>) -> Vec<Event<'b>> {
    events.clear();
    events
        .into_iter()
        .map(|_| unreachable!("emptied"))
        .collect()
}

/// Sends a response head: the response's fields (the engine drops those
/// HTTP/2 forbids), content-length from the body, `server` and `date`
/// unless the handler set them.
fn send_head(
    engine: &mut engine::Connection,
    worker: &Worker,
    stream: u32,
    response: &Response,
    length: Option<u64>,
    end_stream: bool,
) -> Result<(), engine::StreamGone> {
    let (has_server, has_date) = response.headers.has_server_and_date();
    let mut date = worker.thread.date.borrow_mut();
    let date = (!has_date).then(|| date.now().as_bytes());
    let server = (!has_server).then_some(&b"tlsaccel"[..]);
    let mut digits = [0u8; 20];
    let length = length
        .filter(|_| status_has_body(response.status))
        .map(|n| decimal(n, &mut digits));
    let fields = response
        .headers
        .fields()
        .filter(|field| !field.is(KnownName::ContentLength))
        .chain(length.map(|v| FieldRef::new(KnownName::ContentLength, v)))
        .chain(server.map(|v| FieldRef::new(KnownName::Server, v)))
        .chain(date.map(|v| FieldRef::new(KnownName::Date, v)));
    engine.send_headers(stream, response.status, fields, end_stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabelled_events_keep_their_buffer() {
        let mut events: Vec<Event<'static>> = Vec::with_capacity(8);
        events.push(Event::WindowOpened);
        let (buffer, capacity) = (events.as_ptr() as usize, events.capacity());
        let again: Vec<Event<'_>> = relabel(events);
        assert!(again.is_empty());
        assert_eq!(
            (again.as_ptr() as usize, again.capacity()),
            (buffer, capacity)
        );
    }
}
