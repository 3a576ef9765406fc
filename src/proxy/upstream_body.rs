//! A back end's response body as the client's protocol sends it: data
//! decoded from the back end's framing (copied), or spliced straight from
//! the back-end socket while raw data follows. When the body has been sent
//! to its end and the back end's framing and `Connection` allow, the
//! back-end connection goes back to the idle pool.

use super::head::ResponseHead;
use super::monitor::InFlight;
use super::Upstreams;
use crate::deadline::timeout_if_pending;
use crate::exchange::{BodyStream, LocalFuture, StreamError};
use crate::http::{BodyDecoder, DecodeError};
use crate::metrics::WorkerMetrics;
use crate::net::BackendStream;
use crate::net::Pipe;
use std::cell::RefCell;
use std::ops::Range;
use std::pin::pin;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

/// Bytes read from a back end past its response head: `buf[range]`, left
/// in the buffer the head was read into (no copy, and the buffer goes
/// back to the worker's spares when the body is over).
pub struct Received {
    buf: Vec<u8>,
    range: Range<usize>,
}

impl Received {
    pub fn new(buf: Vec<u8>, range: Range<usize>) -> Received {
        assert!(range.start <= range.end && range.end <= buf.len());
        Received { buf, range }
    }

    /// The bytes alone, for a switched protocol's tunnel.
    pub fn into_vec(self) -> Vec<u8> {
        let Received { mut buf, range } = self;
        buf.truncate(range.end);
        buf.drain(..range.start);
        buf
    }
}

pub struct UpstreamBody {
    backend: BackendStream,
    decoder: BodyDecoder,
    /// Bytes read from the back end and not yet decoded:
    /// `leftover[pos..end]`.
    leftover: Vec<u8>,
    pos: usize,
    end: usize,
    length: Option<u64>,
    reusable: bool,
    pool: Rc<RefCell<Upstreams>>,
    /// The server it comes from, active until the body is over.
    exchange: InFlight,
    read_timeout: Duration,
    metrics: Arc<WorkerMetrics>,
}

fn decode_error(e: DecodeError) -> StreamError {
    match e {
        DecodeError::Malformed(why) => StreamError::Malformed(why),
        DecodeError::Truncated => StreamError::Truncated,
        DecodeError::TooLarge => StreamError::Malformed("body too large"),
    }
}

impl UpstreamBody {
    pub fn new(
        backend: BackendStream,
        head: &ResponseHead,
        received: Received,
        pool: Rc<RefCell<Upstreams>>,
        exchange: InFlight,
        read_timeout: Duration,
        metrics: Arc<WorkerMetrics>,
    ) -> UpstreamBody {
        UpstreamBody {
            backend,
            // Response bodies have no size limit of ours.
            decoder: BodyDecoder::new(head.framing, u64::MAX).expect("no limit to exceed"),
            leftover: received.buf,
            pos: received.range.start,
            end: received.range.end,
            length: head.length,
            reusable: head.reusable,
            pool,
            exchange,
            read_timeout,
            metrics,
        }
    }

    /// The back end closed: the end of an until-close body, an error
    /// otherwise. Either way the connection cannot be reused.
    fn ended_by_close(&mut self) -> Result<usize, StreamError> {
        self.reusable = false;
        self.decoder.finish_at_eof().map_err(decode_error)?;
        Ok(0)
    }

    async fn read_body(&mut self, buf: &mut [u8]) -> Result<usize, StreamError> {
        loop {
            if self.decoder.is_done() || buf.is_empty() {
                return Ok(0);
            }
            if self.pos < self.end {
                let input = &self.leftover[self.pos..self.end];
                let input = &input[..input.len().min(buf.len())];
                let step = self.decoder.decode(input).map_err(decode_error)?;
                let n = step.data.len();
                buf[..n].copy_from_slice(&input[step.data]);
                self.pos += step.consumed;
                if n > 0 {
                    WorkerMetrics::add(&self.metrics.proxy_bytes_copied_down, n as u64);
                    return Ok(n);
                }
                continue;
            }
            let got = within(self.read_timeout, self.backend.read(buf)).await?;
            if got == 0 {
                return self.ended_by_close();
            }
            let step = self.decoder.decode(&buf[..got]).map_err(decode_error)?;
            // Keep what follows this run of data (framing, more data, or
            // bytes past the body) before moving the data to the front.
            let rest = &buf[step.consumed..got];
            if rest.len() > self.leftover.len() {
                self.leftover.resize(rest.len(), 0);
            }
            self.leftover[..rest.len()].copy_from_slice(rest);
            self.pos = 0;
            self.end = rest.len();
            let n = step.data.len();
            buf.copy_within(step.data, 0);
            if n > 0 {
                WorkerMetrics::add(&self.metrics.proxy_bytes_copied_down, n as u64);
                return Ok(n);
            }
        }
    }

    async fn splice_body(&mut self, pipe: &mut Pipe, max: usize) -> Result<usize, StreamError> {
        let Some(raw) = self.decoder.raw_data_remaining() else {
            return Ok(0);
        };
        let want = raw.min(max as u64) as usize;
        let n = within(self.read_timeout, self.backend.splice_into(pipe, want)).await?;
        if n == 0 {
            return self.ended_by_close();
        }
        self.decoder.skip_data(n as u64).map_err(decode_error)?;
        WorkerMetrics::add(&self.metrics.proxy_bytes_spliced_down, n as u64);
        Ok(n)
    }
}

/// A back-end read or splice, within `limit`.
async fn within(
    limit: Duration,
    io: impl std::future::Future<Output = std::io::Result<usize>>,
) -> Result<usize, StreamError> {
    match timeout_if_pending(limit, pin!(io)).await {
        Ok(Ok(n)) => Ok(n),
        Ok(Err(e)) => Err(StreamError::Io(e)),
        Err(_) => Err(StreamError::Timeout),
    }
}

impl BodyStream for UpstreamBody {
    fn length(&self) -> Option<u64> {
        self.length
    }

    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> LocalFuture<'a, Result<usize, StreamError>> {
        Box::pin(self.read_body(buf))
    }

    fn can_splice(&self) -> bool {
        self.backend.can_splice()
            && self.pos == self.end
            && !self.decoder.is_done()
            && self.decoder.raw_data_remaining().is_some()
    }

    fn splice_into<'a>(
        &'a mut self,
        pipe: &'a mut Pipe,
        max: usize,
    ) -> LocalFuture<'a, Result<usize, StreamError>> {
        Box::pin(self.splice_body(pipe, max))
    }

    fn finish(self: Box<Self>, complete: bool) {
        let clean = complete && self.decoder.is_done() && self.pos == self.end;
        let mut pool = self.pool.borrow_mut();
        pool.give_back_head_buffer(self.leftover);
        if clean && self.reusable {
            let (group, server) = (self.exchange.group, self.exchange.server);
            pool.put_idle(group, server, self.backend);
        }
    }
}
