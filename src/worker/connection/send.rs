//! Response bodies onto the HTTP/1 wire, after the head is queued: bytes
//! in memory; a file range with `sendfile()` (plain TCP and kTLS) or read
//! with `pread()` behind the head (user-space TLS, in full records), or,
//! for a small file whose contents the open-file cache keeps, copied
//! behind the head, or from 4 KB on plain TCP written from the cache in
//! the head's `sendmsg()` (kTLS stays zero-copy); a
//! stream copied, or spliced from its socket when the client is on kTLS,
//! in the framing chosen for this client (chunked when its length is
//! unknown), written by tlsaccel whatever the source's framing was. A
//! stream's bytes are gathered into full writes while the source keeps
//! them coming, and written as soon as it pauses.

use super::super::transport::{Push, Transport};
use super::wire::Wire;
use super::End;
use crate::deadline::timeout_if_pending;
use crate::exchange::{Body, BodyStream, FileRange, Response, Segment, StreamError, Version};
use crate::http::body::{chunk_size_line, CHUNK_END, LAST_CHUNK};
use crate::http::Framing;
use crate::metrics::WorkerMetrics;
use crate::net::Pipe;
use crate::tls::ENCRYPT_CHUNK;
use std::os::fd::{AsFd, BorrowedFd};
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// Bytes of body gathered per write: as many full TLS records as fit one
/// TCP segment (see `ENCRYPT_CHUNK`).
pub(super) const WRITE_CHUNK: usize = ENCRYPT_CHUNK;
/// The size from which a kept body on plain TCP is written from where
/// it is kept, in one `sendmsg()` with what `out` holds, rather than
/// copied behind it: at 10 KB the copy costs more than its response's
/// parse. Smaller ones are still gathered, as pipelined responses are.
const WRITE_IN_PLACE_MIN: usize = 4 * 1024;
/// Stream bytes moved per splice.
const SPLICE_CHUNK: usize = 1 << 20;
/// Room before copied data for a chunk size line (16 hex digits, CRLF).
const SIZE_LINE_ROOM: usize = 18;

/// Why a body did not reach the client.
pub(super) enum SendError {
    /// A streamed body failed before any byte of this response was
    /// written: the response can still be replaced (502/504).
    BeforeFirstByte(StreamError),
    End(End),
}

impl From<End> for SendError {
    fn from(e: End) -> Self {
        SendError::End(e)
    }
}

impl Wire {
    /// Queues a response head in `out` (today's date from the worker's
    /// cache); returns where it starts, for `send_body`.
    pub fn queue_head(
        &mut self,
        response: &Response,
        framing: Framing,
        length: Option<u64>,
        keep_alive: bool,
        version: Version,
    ) -> usize {
        let head_start = self.out.len();
        self.last_response = !keep_alive;
        let mut date = self.worker.thread.date.borrow_mut();
        crate::http::response::encode_head(
            &mut self.out,
            response,
            date.now(),
            framing,
            length,
            keep_alive,
            version,
        );
        head_start
    }

    /// Sends `body` in `framing` after the head queued at `head_start` of
    /// `out`. Returns the body bytes sent.
    pub async fn send_body(
        &mut self,
        body: Body,
        framing: Framing,
        head_start: usize,
    ) -> Result<u64, SendError> {
        if framing == Framing::Empty {
            // HEAD, 304 and the like: the source has nothing more to give.
            if let Body::Stream(s) = body {
                s.finish(true);
            }
            return Ok(0);
        }
        match body {
            Body::Empty => Ok(0),
            Body::Bytes(b) => {
                self.out.extend_from_slice(&b);
                Ok(b.len() as u64)
            }
            Body::File(range) => {
                self.send_range(&range).await?;
                Ok(range.len)
            }
            Body::Segments(segments) => {
                let mut sent = 0;
                for segment in segments {
                    match &segment {
                        Segment::Bytes(b) => self.out.extend_from_slice(b),
                        Segment::File(range) => self.send_range(range).await?,
                    }
                    sent += segment.length();
                }
                Ok(sent)
            }
            Body::Stream(stream) => {
                self.send_stream(stream, framing == Framing::Chunked, head_start)
                    .await
            }
            // Never reaches here: `respond` joins tunnels after their head.
            Body::Tunnel(_) => Ok(0),
        }
    }

    /// A file range: from the cached contents when the file is small
    /// enough to be kept and the socket is not kTLS. With the head in one
    /// write, that costs a copy of a few KB (none from `WRITE_IN_PLACE_MIN`
    /// on plain TCP) where `sendfile()` costs a second syscall and the
    /// page-cache path (h2o and lighttpd answer small files from a buffer
    /// too); on user-space TLS it saves the `pread()`. kTLS keeps
    /// `sendfile()`: its bodies never cross into user space.
    async fn send_range(&mut self, range: &FileRange) -> Result<(), End> {
        if !matches!(self.io, Transport::Ktls(..)) {
            if let Some(bytes) = range.kept() {
                if bytes.len() >= WRITE_IN_PLACE_MIN && matches!(self.io, Transport::Plain(_)) {
                    // The connection's last response is held for the FIN.
                    let push = if self.last_response {
                        Push::BeforeClose
                    } else {
                        Push::Now
                    };
                    return self.write_out_then(bytes, push).await;
                }
                self.out.extend_from_slice(bytes);
                // Pipelined requests queue their responses until the input
                // is parsed: bound what they hold.
                if self.out.len() >= WRITE_CHUNK {
                    self.write_out(Push::Now).await?;
                }
                return Ok(());
            }
        }
        self.send_file(range.file.as_fd(), range.offset, range.len)
            .await
    }

    async fn send_file(&mut self, file: BorrowedFd<'_>, offset: u64, len: u64) -> Result<(), End> {
        let (mut pos, end) = (offset, offset + len);
        let send_timeout = self.worker.settings.timeouts.send;
        if self.io.can_sendfile() {
            self.write_out(Push::BeforeBody).await?;
            let ktls = matches!(self.io, Transport::Ktls(..));
            while pos < end {
                let sending = pin!(self.io.sendfile(file, pos, end - pos));
                match timeout_if_pending(send_timeout, sending).await {
                    Ok(Ok(0)) => {
                        return Err(End::FileShrank {
                            at: pos,
                            expected_end: end,
                        })
                    }
                    Ok(Ok(n)) => {
                        pos += n as u64;
                        let m = &self.worker.thread.metrics;
                        let counter = if ktls {
                            &m.sendfile_bytes_ktls
                        } else {
                            &m.sendfile_bytes_plain
                        };
                        WorkerMetrics::add(counter, n as u64);
                    }
                    Ok(Err(e)) => return Err(End::Io("sendfile", e)),
                    Err(_) => return Err(End::Timeout("send")),
                }
            }
            return Ok(());
        }
        // User-space TLS: read the file straight behind the queued head so
        // small responses leave in one write and large ones in full records.
        while pos < end {
            let room = WRITE_CHUNK.saturating_sub(self.out.len()).max(16 * 1024);
            let want = room.min((end - pos) as usize);
            let spare = &mut self.out.spare(want)[..want];
            let n = loop {
                match rustix::io::pread(file, &mut *spare, pos) {
                    Err(rustix::io::Errno::INTR) => continue,
                    other => break other,
                }
            };
            match n {
                Ok(0) => {
                    return Err(End::FileShrank {
                        at: pos,
                        expected_end: end,
                    })
                }
                Ok(n) => {
                    self.out.commit(n);
                    pos += n as u64;
                }
                Err(e) => return Err(End::Io("read file", e.into())),
            }
            if self.out.len() >= WRITE_CHUNK {
                self.write_out(Push::Now).await?;
            }
        }
        Ok(())
    }

    async fn send_stream(
        &mut self,
        mut stream: Box<dyn BodyStream>,
        chunked: bool,
        head_start: usize,
    ) -> Result<u64, SendError> {
        let send_timeout = self.worker.settings.timeouts.send;
        let mut flushed = false;
        let mut pipe: Option<Pipe> = None;
        let mut total = 0u64;
        let outcome = loop {
            let n = if self.io.can_splice() && stream.can_splice() {
                let pipe = match &mut pipe {
                    Some(p) => p,
                    None => pipe.insert(Pipe::new().map_err(|e| End::Io("pipe", e))?),
                };
                match stream.splice_into(pipe, SPLICE_CHUNK).await {
                    Ok(0) => break Ok(()),
                    Ok(n) => {
                        if chunked {
                            self.out
                                .extend_from_slice(chunk_size_line(n as u64).as_ref());
                        }
                        // The head (and size line) go first, in the same record.
                        self.write_out(Push::BeforeBody).await?;
                        flushed = true;
                        while pipe.held() > 0 {
                            let sending = pin!(self.io.splice_from_pipe(pipe));
                            match timeout_if_pending(send_timeout, sending).await {
                                Ok(Ok(_)) => {}
                                Ok(Err(e)) => return Err(End::Io("splice to client", e).into()),
                                Err(_) => return Err(End::Timeout("send").into()),
                            }
                        }
                        if chunked {
                            self.out.extend_from_slice(CHUNK_END);
                        }
                        n
                    }
                    Err(e) => break Err(e),
                }
            } else {
                let room = if chunked { SIZE_LINE_ROOM } else { 0 };
                // Body already queued behind the head: if the source has
                // nothing more ready, it leaves now rather than when the
                // buffer fills (a paused stream, server-sent events).
                let queued = total > 0 && !self.out.is_empty();
                let spare = self.out.spare(room + WRITE_CHUNK + CHUNK_END.len());
                let read = {
                    let mut read = stream.read(&mut spare[room..room + WRITE_CHUNK]);
                    match read.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
                        Poll::Ready(r) => Some(r),
                        // Dropped unfinished: `BodyStream::read` loses
                        // nothing when cancelled.
                        Poll::Pending if queued => None,
                        Poll::Pending => Some(read.await),
                    }
                };
                let n = match read {
                    None => {
                        self.write_out(Push::Now).await?;
                        flushed = true;
                        continue;
                    }
                    Some(Ok(0)) => break Ok(()),
                    Some(Ok(n)) => n,
                    Some(Err(e)) => break Err(e),
                };
                if chunked {
                    // The size is known only now: move the data behind its line.
                    let line = chunk_size_line(n as u64);
                    let line = line.as_ref();
                    spare.copy_within(room..room + n, line.len());
                    spare[..line.len()].copy_from_slice(line);
                    spare[line.len() + n..line.len() + n + 2].copy_from_slice(CHUNK_END);
                    self.out.commit(line.len() + n + 2);
                } else {
                    self.out.commit(n);
                }
                if self.out.len() >= WRITE_CHUNK {
                    self.write_out(Push::Now).await?;
                    flushed = true;
                }
                n
            };
            total += n as u64;
        };
        match outcome {
            Ok(()) => {
                if chunked {
                    self.out.extend_from_slice(LAST_CHUNK);
                }
                stream.finish(true);
                Ok(total)
            }
            Err(e) if !flushed => {
                self.out.truncate(head_start);
                stream.finish(false);
                Err(SendError::BeforeFirstByte(e))
            }
            Err(e) => {
                stream.finish(false);
                Err(SendError::End(End::Upstream(e)))
            }
        }
    }
}
