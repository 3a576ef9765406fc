//! One client connection from accept to close: TLS handshake, then a loop
//! that parses every request already buffered (pipelining), discards
//! request bodies, sends responses in order, and decides after each one
//! whether the connection may stay open.
//!
//! Deadlines: the handshake; a request head (counted from its first byte,
//! or from accept for the first request, so a client dribbling bytes is cut
//! off); each body read; the wait for the next request (keep-alive); and
//! progress while sending.

mod proxy_pass;

use super::transport::{KeyUpdateUnsupported, Transport};
use super::Worker;
use crate::buffer::ByteBuf;
use crate::http::{
    parse_head, Body, BodyFraming, ChunkedDecoder, HeadLimits, Method, ParseOutcome, RequestHead,
    Response,
};
use crate::metrics::WorkerMetrics;
use crate::tls::{Offload, TlsSession};
use std::io;
use std::net::SocketAddr;
use std::os::fd::AsRawFd;
use std::os::unix::fs::FileExt;
use std::rc::Rc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::time::{timeout, timeout_at, Instant};

/// Bytes of file read and encrypted per TLS write: four full records.
const TLS_CHUNK: usize = 64 * 1024;
/// How long to keep reading (and dropping) input after an error response,
/// so the client sees the response rather than a reset.
const LINGER: Duration = Duration::from_secs(2);
/// A keep-alive connection quiet for this long gives its buffers back.
const IDLE_RELEASE_AFTER: Duration = Duration::from_secs(1);

/// Why a connection ended, for the debug log.
enum End {
    /// Orderly: the client closed, or no keep-alive.
    Done,
    ClientGone,
    Timeout(&'static str),
    Io(&'static str, io::Error),
    FileShrank,
    /// kTLS cannot follow the client's new keys: close cleanly.
    KeyUpdate,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Done => f.write_str("done"),
            End::ClientGone => f.write_str("client closed mid-request"),
            End::Timeout(what) => write!(f, "{what} timeout"),
            End::Io(op, e) => write!(f, "{op} failed: {e}"),
            End::FileShrank => f.write_str("file shrank while being sent"),
            End::KeyUpdate => {
                f.write_str("client KeyUpdate under kTLS without kernel rekey support")
            }
        }
    }
}

pub async fn serve(worker: Rc<Worker>, stream: TcpStream, peer: SocketAddr, tls: bool) {
    let transport = if tls {
        // At once: the session ticket and the first response follow the
        // handshake flight closely and must not wait for its ACK (Nagle).
        let _ = stream.set_nodelay(true);
        match handshake(&worker, stream, peer).await {
            Some(t) => t,
            None => return,
        }
    } else {
        Transport::Plain(stream)
    };
    let mut conn = Connection {
        buf: worker.take_buffer(),
        worker,
        io: transport,
        peer,
        start: 0,
        end: 0,
        out: ByteBuf::new(),
        requests: 0,
        linger: false,
    };
    let end = conn.run().await;
    conn.close(&end).await;
    conn.worker.give_back_buffer(std::mem::take(&mut conn.buf));
}

/// The TLS handshake, then the move to kernel TLS where it is possible.
/// None: the connection is over (the reason is logged).
async fn handshake(worker: &Worker, mut stream: TcpStream, peer: SocketAddr) -> Option<Transport> {
    let config = worker.tls.clone().expect("TLS listener without TLS config");
    // Reading record by record only matters when the kernel may take over.
    let record_exact = worker.ktls.is_some();
    let session = match timeout(
        worker.settings.timeouts.handshake,
        TlsSession::accept(config, &mut stream, record_exact),
    )
    .await
    {
        Ok(Ok(session)) => session,
        Ok(Err(e)) => {
            WorkerMetrics::add(&worker.metrics.tls_handshake_failures, 1);
            tracing::debug!(%peer, error = %e, "TLS handshake failed");
            return None;
        }
        Err(_) => {
            WorkerMetrics::add(&worker.metrics.tls_handshake_failures, 1);
            tracing::debug!(%peer, "TLS handshake timed out");
            return None;
        }
    };
    WorkerMetrics::add(&worker.metrics.tls_handshakes, 1);
    let version = session.protocol_version();
    let cipher = session
        .cipher_suite()
        .map(crate::tls::cipher_name)
        .unwrap_or("?");
    let kind = session.handshake_kind();
    let (transport, reason) = match &worker.ktls {
        None => (
            Transport::Tls(stream, Box::new(session)),
            "kTLS not available",
        ),
        Some(policy) => match crate::tls::offload(stream.as_raw_fd(), session, policy) {
            Ok(Offload::Kernel(k)) => {
                WorkerMetrics::add(&worker.metrics.ktls_tx, 1);
                WorkerMetrics::add(&worker.metrics.ktls_rx, 1);
                (Transport::Ktls(stream, k), "")
            }
            Ok(Offload::UserSpace(session, reason)) => {
                worker.metrics.fallback(reason);
                (Transport::Tls(stream, session), reason.as_str())
            }
            Err(e) => {
                WorkerMetrics::add(&worker.metrics.ktls_setup_failures, 1);
                tracing::warn!(%peer, error = %e, "kernel refused TLS keys after the handshake; closing connection");
                return None;
            }
        },
    };
    let on = if matches!(transport, Transport::Ktls(..)) {
        "on"
    } else {
        "off"
    };
    tracing::debug!(%peer, ?version, cipher, handshake = ?kind, ktls_tx = on, ktls_rx = on, reason, "TLS established");
    Some(transport)
}

struct Connection {
    worker: Rc<Worker>,
    io: Transport,
    peer: SocketAddr,
    /// Received, not yet consumed input is `buf[start..end]`.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Response bytes waiting to be written (pipelined responses collect here).
    out: ByteBuf,
    requests: u64,
    /// Input may still be arriving that we will not read: drain it before closing.
    linger: bool,
}

impl Connection {
    async fn run(&mut self) -> End {
        let settings = self.worker.settings.clone();
        let limits = HeadLimits {
            max_uri_bytes: settings.limits.max_uri_bytes,
            max_header_bytes: settings.limits.max_header_bytes,
        };
        // The first head must arrive within request_header of accept.
        let mut head_deadline = Some(Instant::now() + settings.timeouts.request_header);
        loop {
            match parse_head(&self.buf[self.start..self.end], &limits) {
                ParseOutcome::Complete(head) => {
                    head_deadline = None;
                    self.start += head.head_len;
                    self.requests += 1;
                    WorkerMetrics::add(&self.worker.metrics.requests, 1);
                    match self.handle(&head).await {
                        Ok(true) if self.requests == 1 => self.io.keep_alive_started(),
                        Ok(true) => {}
                        Ok(false) => return self.flush().await.err().unwrap_or(End::Done),
                        Err(end) => return end,
                    }
                }
                ParseOutcome::Rejected(r) => {
                    tracing::debug!(peer = %self.peer, status = r.status, why = r.why, "bad request");
                    self.linger = true;
                    let response = Response::error(r.status);
                    return match self.send(&response, false, true).await {
                        Ok(_) => {
                            self.log_rejected(r.status, response.content_length);
                            self.flush().await.err().unwrap_or(End::Done)
                        }
                        Err(e) => e,
                    };
                }
                ParseOutcome::Partial => {
                    if let Err(e) = self.flush().await {
                        return e;
                    }
                    let idle = self.start == self.end;
                    if idle && self.requests > 0 {
                        match self.wait_for_next_request().await {
                            Ok(()) => {
                                head_deadline =
                                    Some(Instant::now() + settings.timeouts.request_header)
                            }
                            Err(end) => return end,
                        }
                        continue;
                    }
                    let deadline = *head_deadline
                        .get_or_insert(Instant::now() + settings.timeouts.request_header);
                    match timeout_at(deadline, self.read_more()).await {
                        Ok(Ok(0)) => return if idle { End::Done } else { End::ClientGone },
                        Ok(Ok(_)) => {}
                        Ok(Err(e)) => return read_failed("read", e),
                        Err(_) => {
                            if !idle {
                                let response = Response::error(408);
                                let _ = self.send(&response, false, true).await;
                                let _ = self.flush().await;
                            }
                            return End::Timeout("request head");
                        }
                    }
                }
            }
        }
    }

    /// Serves one request. Ok(true): the connection may carry another one.
    async fn handle(&mut self, head: &RequestHead) -> Result<bool, End> {
        if let Some(group) = self.worker.upstream_for(head) {
            return self.proxy(head, group).await;
        }
        let allowed = matches!(head.method, Method::Get | Method::Head);
        let response = if head.body != BodyFraming::None && head.expect_continue && !allowed {
            // Refuse before the client sends a body we would only discard.
            let mut r = self.worker.files.borrow_mut().respond(head);
            r.close = true;
            r
        } else {
            match self.discard_body(head).await {
                Ok(()) => self.worker.files.borrow_mut().respond(head),
                Err(BodyError::Reject(status)) => {
                    self.linger = true;
                    Response::error(status)
                }
                Err(BodyError::End(end)) => return Err(end),
            }
        };
        self.answer(head, &response).await
    }

    /// Sends a complete response of our own and logs it. Ok(true): the
    /// connection may carry another request.
    async fn answer(&mut self, head: &RequestHead, response: &Response) -> Result<bool, End> {
        let keep_alive = !response.close && self.may_keep_alive(head);
        let http10 = head.version == crate::http::Version::Http10;
        let sent = self.send(response, keep_alive, http10).await;
        let body_bytes = *sent.as_ref().unwrap_or(&0);
        self.worker
            .log_access(self.peer, head, response.status, body_bytes);
        sent?;
        Ok(keep_alive)
    }

    /// Whether the connection may stay open after answering `head`, as far
    /// as the client, the limits and the server's state go.
    fn may_keep_alive(&self, head: &RequestHead) -> bool {
        !head.wants_close
            && self.requests < self.worker.settings.limits.keepalive_requests
            && !*self.worker.shutdown.borrow()
            && !self.retire_for_key_limit()
    }

    /// Queues the response head (and an in-memory body), sends a file body.
    /// Returns the body bytes sent.
    async fn send(
        &mut self,
        response: &Response,
        keep_alive: bool,
        http10: bool,
    ) -> Result<u64, End> {
        {
            let mut date = self.worker.date.borrow_mut();
            response.encode_head(&mut self.out, date.now(), keep_alive, http10);
        }
        match &response.body {
            Body::Empty => Ok(0),
            Body::Bytes(b) => {
                self.out.extend_from_slice(b);
                Ok(b.len() as u64)
            }
            Body::File { file, offset, len } => self
                .send_file(&file.file, *offset, *len)
                .await
                .map(|()| *len),
        }
    }

    async fn send_file(&mut self, file: &std::fs::File, offset: u64, len: u64) -> Result<(), End> {
        let send_timeout = self.worker.settings.timeouts.send;
        if self.io.can_sendfile() {
            self.write_out(true).await?;
            let (mut pos, end) = (offset, offset + len);
            while pos < end {
                match timeout(send_timeout, self.io.sendfile(file, pos, end - pos)).await {
                    Ok(Ok(0)) => return Err(self.file_shrank(pos, end)),
                    Ok(Ok(n)) => {
                        pos += n as u64;
                        let m = &self.worker.metrics;
                        let counter = if matches!(self.io, Transport::Ktls(..)) {
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
        let (mut pos, end) = (offset, offset + len);
        while pos < end {
            let room = TLS_CHUNK.saturating_sub(self.out.len()).max(16 * 1024);
            let want = room.min((end - pos) as usize);
            let spare = &mut self.out.spare(want)[..want];
            let n = loop {
                match file.read_at(spare, pos) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            match n {
                Ok(0) => return Err(self.file_shrank(pos, end)),
                Ok(n) => {
                    self.out.commit(n);
                    pos += n as u64;
                }
                Err(e) => return Err(End::Io("read file", e)),
            }
            if self.out.len() >= TLS_CHUNK {
                self.write_out(false).await?;
            }
        }
        Ok(())
    }

    fn file_shrank(&self, pos: u64, end: u64) -> End {
        tracing::warn!(peer = %self.peer, at = pos, expected_end = end, "file shrank while being sent; closing connection");
        End::FileShrank
    }

    async fn write_out(&mut self, more: bool) -> Result<(), End> {
        if self.out.is_empty() {
            return Ok(());
        }
        if matches!(self.io, Transport::Tls(..)) {
            WorkerMetrics::add(
                &self.worker.metrics.userspace_tls_bytes,
                self.out.len() as u64,
            );
        }
        let result = timeout(
            self.worker.settings.timeouts.send,
            self.io.write_all(self.out.as_slice(), more),
        )
        .await;
        self.out.clear();
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(End::Io("write", e)),
            Err(_) => Err(End::Timeout("send")),
        }
    }

    async fn flush(&mut self) -> Result<(), End> {
        self.write_out(false).await
    }

    /// Reads into the free end of the buffer, compacting it first.
    async fn read_more(&mut self) -> io::Result<usize> {
        if self.buf.is_empty() {
            self.buf = self.worker.take_buffer();
        }
        if self.start == self.end {
            self.start = 0;
            self.end = 0;
        } else if self.end == self.buf.len() {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        let n = self.io.read(&mut self.buf[self.end..]).await?;
        self.end += n;
        Ok(n)
    }

    /// Idle between requests: until data arrives, the keep-alive timeout,
    /// or shutdown.
    async fn wait_for_next_request(&mut self) -> Result<(), End> {
        let keepalive = self.worker.settings.timeouts.keepalive;
        let deadline = Instant::now() + keepalive;
        let mut shutdown = self.worker.shutdown.clone();
        // A client that sends its next request soon (a page's assets, a load
        // test) is read at once, with the buffers it has (every read path
        // is cancel-safe, so the read can be abandoned when the wait ends).
        let release_at = (Instant::now() + IDLE_RELEASE_AFTER).min(deadline);
        tokio::select! {
            r = timeout_at(release_at, self.read_more()) => match r {
                Ok(Ok(0)) => return Err(End::Done),
                Ok(Ok(_)) => return Ok(()),
                Ok(Err(e)) => return Err(read_failed("read", e)),
                Err(_) => {}
            },
            _ = shutdown.wait_for(|stop| *stop) => return Err(End::Done),
        }
        // A quiet one gives its buffers back and waits holding none, so
        // thousands of idle keep-alive connections cost little more than
        // their sockets.
        self.release_idle_buffers();
        tokio::select! {
            r = timeout_at(deadline, self.io.readable()) => match r {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(read_failed("wait", e)),
                Err(_) => return Err(End::Timeout("keep-alive")),
            },
            _ = shutdown.wait_for(|stop| *stop) => return Err(End::Done),
        }
        match timeout(keepalive, self.read_more()).await {
            Ok(Ok(0)) => Err(End::Done),
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(read_failed("read", e)),
            Err(_) => Err(End::Timeout("keep-alive")),
        }
    }

    fn release_idle_buffers(&mut self) {
        self.worker.give_back_buffer(std::mem::take(&mut self.buf));
        self.out.release();
        self.io.release_idle_buffers();
    }

    /// Reads and drops the request body, within the size limit.
    async fn discard_body(&mut self, head: &RequestHead) -> Result<(), BodyError> {
        let max = self.worker.settings.limits.max_body_bytes;
        let mut remaining = match head.body {
            BodyFraming::None => return Ok(()),
            BodyFraming::Length(n) if n > max => return Err(BodyError::Reject(413)),
            BodyFraming::Length(n) => n,
            BodyFraming::Chunked => u64::MAX,
        };
        let mut chunked = (head.body == BodyFraming::Chunked).then(ChunkedDecoder::new);
        let mut data_seen = 0u64;
        if head.expect_continue && self.start == self.end {
            self.out.extend_from_slice(b"HTTP/1.1 100 Continue\r\n\r\n");
            self.flush().await.map_err(BodyError::End)?;
        }
        loop {
            let available = &self.buf[self.start..self.end];
            match chunked.as_mut() {
                Some(decoder) => {
                    let progress = decoder
                        .feed(available)
                        .map_err(|_| BodyError::Reject(400))?;
                    self.start += progress.consumed;
                    data_seen += progress.data_bytes;
                    if data_seen > max {
                        return Err(BodyError::Reject(413));
                    }
                    if decoder.is_done() {
                        return Ok(());
                    }
                }
                None => {
                    let take = remaining.min(available.len() as u64);
                    self.start += take as usize;
                    remaining -= take;
                    if remaining == 0 {
                        return Ok(());
                    }
                }
            }
            match timeout(self.worker.settings.timeouts.request_body, self.read_more()).await {
                Ok(Ok(0)) => return Err(BodyError::End(End::ClientGone)),
                Ok(Ok(_)) => {}
                Ok(Err(e)) => return Err(BodyError::End(read_failed("read body", e))),
                Err(_) => return Err(BodyError::Reject(408)),
            }
        }
    }

    fn log_rejected(&self, status: u16, body_bytes: u64) {
        self.worker.log_rejected(
            self.peer,
            &self.buf[self.start..self.end],
            status,
            body_bytes,
        );
    }

    /// kTLS cannot rekey: end the connection before the key is worn out.
    fn retire_for_key_limit(&self) -> bool {
        let retire = self.io.must_retire();
        if retire {
            WorkerMetrics::add(&self.worker.metrics.ktls_retired_at_limit, 1);
        }
        retire
    }

    async fn close(&mut self, end: &End) {
        if matches!(end, End::KeyUpdate) {
            WorkerMetrics::add(&self.worker.metrics.ktls_keyupdate_closes, 1);
        }
        match end {
            End::Done | End::ClientGone => {
                tracing::trace!(peer = %self.peer, requests = self.requests, %end, "connection closed")
            }
            _ => {
                tracing::debug!(peer = %self.peer, requests = self.requests, %end, "connection closed")
            }
        }
        if matches!(end, End::Io(..) | End::FileShrank | End::ClientGone) {
            return;
        }
        let drain = self.linger || self.start != self.end;
        let _ = timeout(Duration::from_secs(1), self.io.shutdown(drain)).await;
        if drain {
            let deadline = Instant::now() + LINGER;
            let mut drained = 0usize;
            while drained < 1 << 20 {
                self.start = 0;
                self.end = 0;
                match timeout_at(deadline, self.read_more()).await {
                    Ok(Ok(n)) if n > 0 => drained += n,
                    _ => break,
                }
            }
        }
    }
}

/// A failed read ends the connection; a KeyUpdate under kTLS ends it cleanly.
fn read_failed(op: &'static str, e: io::Error) -> End {
    if e.get_ref()
        .is_some_and(|inner| inner.is::<KeyUpdateUnsupported>())
    {
        End::KeyUpdate
    } else {
        End::Io(op, e)
    }
}

enum BodyError {
    /// Answer with this status and close.
    Reject(u16),
    End(End),
}
