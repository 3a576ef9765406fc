//! The request body of an HTTP/1 exchange, as handlers read it
//! (`exchange::RequestBody`): data decoded from the connection's input by
//! the one body decoder, or spliced from a kTLS socket while raw data
//! follows. Sends `100 Continue` when the client waits for it, at the
//! first read, so a handler that never reads never invites the body.

use super::wire::Wire;
use crate::deadline::timeout_if_pending;
use crate::exchange::{BodyError, RequestBody};
use crate::http::{BodyDecoder, DecodeError, Framing};
use crate::net::Pipe;
use crate::tls::ReadError;
use std::pin::pin;
use std::time::Duration;

pub(super) struct H1Body<'w> {
    wire: &'w mut Wire,
    decoder: BodyDecoder,
    /// The declared length is over the limit: nothing is read, and the
    /// connection cannot carry another request.
    over_limit: bool,
    continue_due: bool,
    /// Longest wait for the next bytes of the body.
    read_timeout: Duration,
}

fn body_error(e: DecodeError) -> BodyError {
    match e {
        DecodeError::Malformed(why) => BodyError::Malformed(why),
        DecodeError::TooLarge => BodyError::TooLarge,
        DecodeError::Truncated => BodyError::ClientGone,
    }
}

impl<'w> H1Body<'w> {
    /// A declared length over `max_body` is refused (413) before any
    /// read: `Worker::serve` checks it first, and `data` says so too.
    pub fn new(
        wire: &'w mut Wire,
        framing: Framing,
        expect_continue: bool,
        max_body: u64,
        read_timeout: Duration,
    ) -> H1Body<'w> {
        let (decoder, over_limit) = match BodyDecoder::new(framing, max_body) {
            Ok(decoder) => (decoder, false),
            Err(_) => (BodyDecoder::empty(), true),
        };
        // A client already sending its body is not waiting for the go-ahead.
        let continue_due =
            expect_continue && !over_limit && !decoder.is_done() && wire.input().is_empty();
        H1Body {
            wire,
            decoder,
            over_limit,
            continue_due,
            read_timeout,
        }
    }

    /// The whole body has been read: the next request starts here.
    pub fn is_complete(&self) -> bool {
        !self.over_limit && self.decoder.is_done()
    }

    async fn send_continue_if_due(&mut self) -> Result<(), BodyError> {
        if std::mem::take(&mut self.continue_due) {
            self.wire
                .out
                .extend_from_slice(b"HTTP/1.1 100 Continue\r\n\r\n");
            self.wire.flush().await.map_err(|_| BodyError::ClientGone)?;
        }
        Ok(())
    }

    async fn read_more(&mut self) -> Result<(), BodyError> {
        self.send_continue_if_due().await?;
        let reading = pin!(self.wire.read_more());
        match timeout_if_pending(self.read_timeout, reading).await {
            Ok(Ok(0)) => Err(BodyError::ClientGone),
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(BodyError::Read(e)),
            Err(_) => Err(BodyError::Timeout),
        }
    }
}

impl RequestBody for H1Body<'_> {
    async fn data(&mut self) -> Result<&[u8], BodyError> {
        if self.over_limit {
            return Err(BodyError::TooLarge);
        }
        let range = loop {
            if self.decoder.is_done() {
                break 0..0;
            }
            if !self.wire.input().is_empty() {
                let at = self.wire.input_offset();
                let step = self.decoder.decode(self.wire.input()).map_err(body_error)?;
                self.wire.consume(step.consumed);
                if !step.data.is_empty() {
                    break at + step.data.start..at + step.data.end;
                }
                continue;
            }
            self.read_more().await?;
        };
        Ok(self.wire.bytes(range))
    }

    fn spliceable(&self) -> Option<u64> {
        if !self.wire.io.can_splice() || !self.wire.input().is_empty() || self.decoder.is_done() {
            return None;
        }
        self.decoder.raw_data_remaining()
    }

    async fn splice_into(&mut self, pipe: &mut Pipe, max: usize) -> Result<usize, BodyError> {
        self.send_continue_if_due().await?;
        let raw = self.spliceable().unwrap_or(0);
        let want = raw.min(max as u64) as usize;
        if want == 0 {
            return Ok(0);
        }
        let splicing = pin!(self.wire.io.splice_to_pipe(pipe, want));
        let n = match timeout_if_pending(self.read_timeout, splicing).await {
            Ok(Ok(0)) => return Err(BodyError::ClientGone),
            Ok(Ok(n)) => n,
            Ok(Err(e)) => return Err(BodyError::Read(ReadError::Io(e))),
            Err(_) => return Err(BodyError::Timeout),
        };
        self.decoder.skip_data(n as u64).map_err(body_error)?;
        Ok(n)
    }
}
