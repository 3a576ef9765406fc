//! One HTTP/2 stream's exchange as the connection's driver runs it: the
//! request goes to `Worker::serve` as an HTTP/1 request does, in a future
//! the driver polls once where the stream opens. A static file or an early
//! answer is ready then, and is sent by the driver without a task; only an
//! exchange that waits (a back end, a request body) becomes a task of its
//! own, and talks to the driver through its `Link`:
//!
//! - request body bytes go from the driver to the task (`H2Body`), and the
//!   bytes the task consumed go back, for the driver's WINDOW_UPDATEs;
//! - the answer goes from the task to the driver, then a back end's body,
//!   read into pooled buffers one at a time (`pump`).

use super::buffers::ReadBuffer;
use crate::deadline::timeout_if_pending;
use crate::exchange::{Body, BodyError, BodyStream, Method, Request, RequestBody, Response};
use crate::http::response::status_has_body;
use crate::metrics::SiteCounters;
use crate::net::Pipe;
use crate::worker::dispatch::{Arrival, Served};
use crate::worker::Worker;
use bytes::Bytes;
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::poll_fn;
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Poll, Waker};
use std::time::Duration;

/// Back-end body buffers queued per stream: one being sent, one read ahead.
const CHUNKS_AHEAD: usize = 2;

/// What the driver does with a stream once its exchange is over.
pub(super) enum Outcome {
    /// Send this response. A back end's body is in `streamed`, not in
    /// the response.
    Respond {
        response: Response,
        streamed: Option<Streamed>,
    },
    /// Nothing can be answered (the request body failed): reset.
    Reset(BodyError),
}

/// A back end's body, its first bytes read before the head is sent.
pub(super) struct Streamed {
    /// Empty: the body has ended (or the response has none: HEAD, 304).
    pub first: Bytes,
    /// The length the back end declared, for content-length.
    pub length: Option<u64>,
    /// The rest, for `pump`; None once a task pumps it, or at the end.
    pub source: Option<Box<dyn BodyStream>>,
}

pub(super) struct Answer {
    pub request: Request,
    /// The counters of the site it answers for, from the generation that
    /// served it.
    pub site: Arc<SiteCounters>,
    pub outcome: Outcome,
}

impl Answer {
    /// The rest of a back end's body, for the task that produced the
    /// answer to pump (`pump`).
    pub fn take_source(&mut self) -> Option<Box<dyn BodyStream>> {
        match &mut self.outcome {
            Outcome::Respond {
                streamed: Some(streamed),
                ..
            } => streamed.source.take(),
            _ => None,
        }
    }
}

/// Runs `request` through the worker's dispatch. The driver polls it once
/// where the stream opens.
pub(super) async fn exchange(
    worker: Rc<Worker>,
    arrival: Arrival,
    request: Request,
    mut body: H2Body,
) -> Answer {
    let Served { site, response } = worker.serve(&arrival, &request, &mut body).await;
    drop(body);
    let outcome = match response {
        Ok(mut response) => {
            let streamed = first_chunk(&worker, site, &request, &mut response).await;
            Outcome::Respond { response, streamed }
        }
        Err(e) => Outcome::Reset(e),
    };
    Answer {
        request,
        site: worker.sites[site].clone(),
        outcome,
    }
}

/// An answer `Worker::serve_at_once` gave whose body is made while it is
/// sent: its first bytes are read as `exchange` reads a back end's.
pub(super) async fn answered(
    worker: Rc<Worker>,
    site: usize,
    request: Request,
    mut response: Response,
) -> Answer {
    let streamed = first_chunk(&worker, site, &request, &mut response).await;
    Answer {
        request,
        site: worker.sites[site].clone(),
        outcome: Outcome::Respond { response, streamed },
    }
}

/// A back end's body taken out of `response`, its first bytes read before
/// the head is sent: a back end that fails before its first byte gets the
/// client an error page instead (502, or 504 for a timeout), as HTTP/1
/// does.
async fn first_chunk(
    worker: &Worker,
    site: usize,
    request: &Request,
    response: &mut Response,
) -> Option<Streamed> {
    if !matches!(response.body, Body::Stream(_)) {
        return None;
    }
    let Body::Stream(mut source) = std::mem::replace(&mut response.body, Body::Empty) else {
        unreachable!("matched above");
    };
    let length = source.length();
    if request.method == Method::Head || !status_has_body(response.status) {
        source.finish(true);
        return Some(Streamed {
            first: Bytes::new(),
            length,
            source: None,
        });
    }
    let mut buf = ReadBuffer::take();
    match source.read(buf.space()).await {
        Ok(0) => {
            source.finish(true);
            Some(Streamed {
                first: Bytes::new(),
                length,
                source: None,
            })
        }
        Ok(n) => Some(Streamed {
            first: buf.freeze(n),
            length,
            source: Some(source),
        }),
        Err(e) => {
            source.finish(false);
            *response = worker.failed_body_page(site, request.client.addr, &e);
            None
        }
    }
}

/// The driver's side of its streams' tasks: which links have news, and
/// how to wake the driver.
#[derive(Default)]
pub(super) struct Wake {
    news: RefCell<Vec<Rc<Link>>>,
    driver: Cell<Option<Waker>>,
}

impl Wake {
    pub fn register(&self, waker: &Waker) {
        self.driver.set(Some(waker.clone()));
    }

    pub fn has_news(&self) -> bool {
        !self.news.borrow().is_empty()
    }

    /// The links with news since the last call, into `into` (emptied).
    pub fn take_news(&self, into: &mut Vec<Rc<Link>>) {
        into.clear();
        std::mem::swap(&mut *self.news.borrow_mut(), into);
    }

    fn notify(&self, link: &Rc<Link>) {
        self.news.borrow_mut().push(link.clone());
        if let Some(waker) = self.driver.take() {
            waker.wake();
        }
    }
}

/// How a request body ended, as far as the driver knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BodyEnd {
    Complete,
    /// The stream was reset, or the connection is ending.
    Gone,
}

/// What one stream's task and the driver share.
pub(super) struct Link {
    pub id: u32,
    wake: Rc<Wake>,
    /// Request body bytes the task has not taken yet.
    body: RefCell<Vec<u8>>,
    body_end: Cell<Option<BodyEnd>>,
    /// The task no longer reads the body: what comes is released at once.
    reader_gone: Cell<bool>,
    /// Body bytes the task consumed, not yet given back to flow control.
    consumed: Cell<usize>,
    answer: RefCell<Option<Answer>>,
    /// A back end's body, read ahead of the client's windows.
    chunks: RefCell<VecDeque<Bytes>>,
    /// Some(true): the back end's body ended; Some(false): it failed.
    chunks_end: Cell<Option<bool>>,
    /// The task, waiting for body bytes or for room for a chunk.
    task: Cell<Option<Waker>>,
}

impl Link {
    pub fn new(id: u32, wake: Rc<Wake>) -> Rc<Link> {
        Rc::new(Link {
            id,
            wake,
            body: RefCell::new(Vec::new()),
            body_end: Cell::new(None),
            reader_gone: Cell::new(false),
            consumed: Cell::new(0),
            answer: RefCell::new(None),
            chunks: RefCell::new(VecDeque::new()),
            chunks_end: Cell::new(None),
            task: Cell::new(None),
        })
    }

    fn wake_task(&self) {
        if let Some(waker) = self.task.take() {
            waker.wake();
        }
    }

    // The driver's calls.

    /// Request body bytes for the task. False: nobody reads them; give
    /// them back to flow control at once.
    pub fn push_body(&self, data: &[u8], end: bool) -> bool {
        if self.reader_gone.get() {
            return false;
        }
        self.body.borrow_mut().extend_from_slice(data);
        if end {
            self.body_end.set(Some(BodyEnd::Complete));
        }
        self.wake_task();
        true
    }

    pub fn end_body(&self) {
        if self.body_end.get().is_none() {
            self.body_end.set(Some(BodyEnd::Complete));
            self.wake_task();
        }
    }

    /// The stream is gone (reset, or the connection ends): the task stops
    /// reading and pumping.
    pub fn gone(&self) {
        self.body_end.set(Some(BodyEnd::Gone));
        self.chunks_end.set(Some(false));
        self.wake_task();
    }

    pub fn take_consumed(&self) -> usize {
        self.consumed.take()
    }

    pub fn take_answer(&self) -> Option<Answer> {
        self.answer.borrow_mut().take()
    }

    /// The next chunk of a back end's body, and whether it is the last.
    pub fn next_chunk(&self) -> Option<Bytes> {
        let chunk = self.chunks.borrow_mut().pop_front();
        if chunk.is_some() {
            self.wake_task();
        }
        chunk
    }

    /// No more chunks queued, and none will come: Some(true) if the body
    /// ended whole.
    pub fn chunks_ended(&self) -> Option<bool> {
        if !self.chunks.borrow().is_empty() {
            return None;
        }
        self.chunks_end.get()
    }

    // The task's calls.

    fn consume(self: &Rc<Self>, n: usize) {
        if n > 0 {
            self.consumed.set(self.consumed.get() + n);
            self.wake.notify(self);
        }
    }

    pub fn deliver(self: &Rc<Self>, answer: Answer) {
        *self.answer.borrow_mut() = Some(answer);
        self.wake.notify(self);
    }

    fn push_chunk(self: &Rc<Self>, chunk: Bytes) {
        self.chunks.borrow_mut().push_back(chunk);
        self.wake.notify(self);
    }

    fn end_chunks(self: &Rc<Self>, whole: bool) {
        if self.chunks_end.get().is_none() {
            self.chunks_end.set(Some(whole));
            self.wake.notify(self);
        }
    }
}

/// Reads a back end's body into pooled buffers for the driver, a chunk or
/// two ahead of what the client's windows have taken.
pub(super) async fn pump(mut source: Box<dyn BodyStream>, link: Rc<Link>) {
    loop {
        let room = poll_fn(|cx| {
            if link.chunks_end.get().is_some() {
                return Poll::Ready(false);
            }
            if link.chunks.borrow().len() < CHUNKS_AHEAD {
                return Poll::Ready(true);
            }
            link.task.set(Some(cx.waker().clone()));
            Poll::Pending
        })
        .await;
        if !room {
            source.finish(false);
            return;
        }
        let mut buf = ReadBuffer::take();
        match source.read(buf.space()).await {
            Ok(0) => {
                link.end_chunks(true);
                source.finish(true);
                return;
            }
            Ok(n) => link.push_chunk(buf.freeze(n)),
            Err(e) => {
                tracing::debug!(stream = link.id, error = %e, "response body failed mid-way");
                link.end_chunks(false);
                source.finish(false);
                return;
            }
        }
    }
}

/// A request body as DATA frames, given to the handler as they come; the
/// driver releases each frame's window once the handler has read it.
pub(super) struct H2Body {
    link: Option<Rc<Link>>,
    /// The bytes handed out last.
    current: Vec<u8>,
    received: u64,
    /// `limits.max_body_bytes`: a longer body is refused (413).
    max: u64,
    read_timeout: Duration,
}

impl H2Body {
    /// A request without a body (its HEADERS ended the stream).
    pub fn none() -> H2Body {
        H2Body {
            link: None,
            current: Vec::new(),
            received: 0,
            max: 0,
            read_timeout: Duration::ZERO,
        }
    }

    pub fn new(link: Rc<Link>, max: u64, read_timeout: Duration) -> H2Body {
        H2Body {
            link: Some(link),
            current: Vec::new(),
            received: 0,
            max,
            read_timeout,
        }
    }
}

impl RequestBody for H2Body {
    async fn data(&mut self) -> Result<&[u8], BodyError> {
        let Some(link) = &self.link else {
            return Ok(&[]);
        };
        link.consume(self.current.len());
        self.current.clear();
        let current = &mut self.current;
        let next = poll_fn(|cx| {
            let mut body = link.body.borrow_mut();
            if !body.is_empty() {
                std::mem::swap(&mut *body, current);
                return Poll::Ready(Ok(()));
            }
            match link.body_end.get() {
                Some(BodyEnd::Complete) => Poll::Ready(Ok(())),
                Some(BodyEnd::Gone) => Poll::Ready(Err(BodyError::ClientGone)),
                None => {
                    link.task.set(Some(cx.waker().clone()));
                    Poll::Pending
                }
            }
        });
        match timeout_if_pending(self.read_timeout, std::pin::pin!(next)).await {
            Err(_) => Err(BodyError::Timeout),
            Ok(Err(e)) => Err(e),
            Ok(Ok(())) => {
                self.received += self.current.len() as u64;
                if self.received > self.max {
                    return Err(BodyError::TooLarge);
                }
                Ok(&self.current)
            }
        }
    }

    fn spliceable(&self) -> Option<u64> {
        None
    }

    async fn splice_into(&mut self, _pipe: &mut Pipe, _max: usize) -> Result<usize, BodyError> {
        Ok(0)
    }
}

impl Drop for H2Body {
    fn drop(&mut self) {
        if let Some(link) = &self.link {
            // What was read or is still queued goes back to flow control;
            // what comes later, at once.
            link.reader_gone.set(true);
            let queued = std::mem::take(&mut *link.body.borrow_mut()).len();
            link.consume(self.current.len() + queued);
        }
    }
}
