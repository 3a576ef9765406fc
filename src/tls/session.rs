//! A server TLS connection driven through rustls's unbuffered API, where
//! tlsaccel owns every buffer. That ownership is what makes kernel offload
//! exact: during the handshake the session can read one TLS record at a
//! time, so when the handshake ends nothing the kernel must decrypt has
//! been taken off the socket yet. After the handshake the session either
//! becomes a kernel connection (`into_kernel`) or keeps doing the record
//! layer in user space (`read`, `write_all`, `shutdown`): with our own
//! record layer once it has taken over (`take_over_records`, `records`),
//! with rustls's until then.

use super::client_hello::{self, ClientHelloFacts};
use super::records::{Plaintext, RecordError, RecordLayer, MAX_FRAGMENT};
use crate::buffer::ByteBuf;
use crate::metrics::HandshakeFailure;
use crate::net::readiness::poll_io;
use rustix::net::SendFlags;
use rustls::kernel::KernelConnection;
use rustls::server::{ServerConnectionData, UnbufferedServerConnection};
use rustls::unbuffered::{
    ConnectionState, EncodeError, EncryptError, InsufficientSizeError, UnbufferedStatus,
};
use rustls::{ExtractedSecrets, ServerConfig, SupportedCipherSuite};
use std::future::poll_fn;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, Interest, ReadBuf};
use tokio::net::TcpStream;

/// Largest TLS record on the wire: 2^14 plaintext plus 2048 of expansion
/// (RFC 8446 5.2 allows up to 2^14 + 256; TLS 1.2 up to 2^14 + 2048).
const MAX_RECORD: usize = 16 * 1024 + 2048 + 5;
/// Room read at once while records stream in: four of them.
const READ_AHEAD: usize = 4 * MAX_RECORD;
/// Plaintext encrypted per call, and the most a writer gathers into one
/// write: three full records. Their 49,218 bytes fit one TCP segment of
/// 64 KiB (the largest GSO packet, and loopback's MSS of 65,483); four
/// records (65,624 bytes) left a 141-byte segment behind every write, so
/// a large response sent twice the segments and drew twice the ACKs (A/B
/// HTTP/2 100 KB: 44.7 -> 28.7 us of server CPU per request).
pub const ENCRYPT_CHUNK: usize = 3 * MAX_FRAGMENT;
/// Room to reserve per record for header, tag and padding when encrypting
/// (rustls asks for more if a suite needs it).
const RECORD_OVERHEAD: usize = 64;

pub struct TlsSession {
    engine: Engine,
    /// Received TLS bytes not yet processed.
    received: Received,
    /// Decrypted application data not yet handed out: `plain[plain_pos..]`.
    plain: Vec<u8>,
    plain_pos: usize,
    /// Encoded or encrypted TLS bytes waiting to be written.
    outgoing: ByteBuf,
    peer_closed: bool,
    /// close_notify is queued (or sent): never twice.
    close_queued: bool,
    /// The server name from the ClientHello.
    sni: Option<String>,
}

/// Who runs the record layer.
enum Engine {
    /// rustls: the handshake, and after it whenever ours did not take over.
    Rustls(Box<UnbufferedServerConnection>),
    /// Ours (`records`), from the end of the handshake.
    Records(Box<RecordLayer>),
    /// Neither: a take-over failed half-way, and the connection must end.
    Gone,
}

/// Why our record layer could not take over from rustls; the session
/// cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum TakeOverError {
    #[error("extracting secrets: {0}")]
    Secrets(#[source] rustls::Error),
    #[error(transparent)]
    Records(#[from] RecordError),
}

/// Received TLS bytes not yet processed: `bytes[..len]`. Grown as records
/// arrive: a record-exact handshake needs only what each record holds,
/// and idle memory matters.
#[derive(Default)]
struct Received {
    bytes: Vec<u8>,
    len: usize,
}

/// What one turn of the state machine found.
enum Step {
    /// Something was done; turn again.
    Progress,
    /// rustls needs more bytes from the peer.
    Blocked,
    /// Handshake done and nothing pending: application data may flow.
    Traffic,
    /// The write operation given to `process` was applied.
    Wrote,
}

/// Something to write in the traffic state, and how many bytes its output
/// will probably take.
struct WriteOp<'a> {
    size_guess: usize,
    #[allow(clippy::type_complexity)]
    apply: &'a mut dyn FnMut(
        &mut rustls::unbuffered::WriteTraffic<'_, ServerConnectionData>,
        &mut [u8],
    ) -> Result<usize, EncryptError>,
}

/// Why a handshake did not complete.
#[derive(Debug, thiserror::Error)]
pub enum AcceptError {
    /// The client began with an HTTP request line: it asked for http:// on
    /// an HTTPS port. `received` holds what was read, to answer it.
    #[error("plain HTTP request on a TLS port")]
    PlainHttp { received: Vec<u8> },
    #[error(transparent)]
    Io(#[from] io::Error),
}

fn tls_error(e: rustls::Error) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}

fn record_error(e: RecordError) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, e)
}

impl AcceptError {
    /// Why the handshake failed, for the counters (`PlainHttp` is counted
    /// on its own and reads as `Other`).
    pub fn reason(&self) -> HandshakeFailure {
        let AcceptError::Io(e) = self else {
            return HandshakeFailure::Other;
        };
        if let Some(tls) = e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        {
            return match tls {
                rustls::Error::AlertReceived(_) => HandshakeFailure::AlertReceived,
                rustls::Error::PeerIncompatible(_) => HandshakeFailure::Incompatible,
                // What rustls says when the resolver had no certificate.
                rustls::Error::General(_) => HandshakeFailure::NoCertificate,
                rustls::Error::InvalidCertificate(_) | rustls::Error::NoCertificatesPresented => {
                    HandshakeFailure::ClientCertificate
                }
                rustls::Error::InvalidMessage(_)
                | rustls::Error::InappropriateMessage { .. }
                | rustls::Error::InappropriateHandshakeMessage { .. }
                | rustls::Error::PeerMisbehaved(_)
                | rustls::Error::DecryptError => HandshakeFailure::Protocol,
                _ => HandshakeFailure::Other,
            };
        }
        match e.kind() {
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe => HandshakeFailure::Closed,
            io::ErrorKind::TimedOut => HandshakeFailure::Timeout,
            _ => HandshakeFailure::Other,
        }
    }
}

/// Appends what `f` writes to `out`, growing it as rustls asks.
fn append_with<E: std::error::Error + Send + Sync + 'static>(
    out: &mut ByteBuf,
    first_guess: usize,
    mut f: impl FnMut(&mut [u8]) -> Result<usize, E>,
    required: impl Fn(&E) -> Option<usize>,
) -> io::Result<()> {
    let mut size = first_guess;
    loop {
        match f(out.spare(size)) {
            Ok(n) => {
                out.commit(n);
                return Ok(());
            }
            Err(e) => match required(&e) {
                Some(needed) => size = needed,
                None => return Err(io::Error::other(e)),
            },
        }
    }
}

/// Appends a handshake message (or alert) rustls has to send to `out`.
fn encode(
    out: &mut ByteBuf,
    e: &mut rustls::unbuffered::EncodeTlsData<'_, ServerConnectionData>,
) -> io::Result<()> {
    append_with(
        out,
        2048,
        |buf| e.encode(buf),
        |err| match err {
            EncodeError::InsufficientSize(InsufficientSizeError { required_size }) => {
                Some(*required_size)
            }
            _ => None,
        },
    )
}

impl Received {
    /// Drops the first `n` bytes (processed records).
    fn consume(&mut self, n: usize) {
        if n > 0 {
            self.bytes.copy_within(n..self.len, 0);
            self.len -= n;
        }
    }

    /// Where the first record stands.
    fn first_record(&self) -> FirstRecord<'_> {
        if self.len < 5 {
            return FirstRecord::Partial;
        }
        let header = &self.bytes[..5];
        let len = 5 + usize::from(u16::from_be_bytes([header[3], header[4]]));
        if !(20..=24).contains(&header[0]) || len > MAX_RECORD {
            FirstRecord::NotTls
        } else if self.len >= len {
            FirstRecord::Whole(&self.bytes[..len])
        } else {
            FirstRecord::Partial
        }
    }

    /// Reads whatever the socket has, up to the free space.
    async fn fill(&mut self, stream: &mut TcpStream) -> io::Result<usize> {
        poll_fn(|cx| self.poll_fill(cx, stream)).await
    }

    fn poll_fill(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
    ) -> Poll<io::Result<usize>> {
        // A part of a record left over means a stream of them (an upload):
        // read several at once, so the part moved to the front after each
        // `open` is one per several records, not one per record (half a
        // copy of every uploaded byte). A lone request reads one record's
        // room, as idle memory wants.
        let room = if self.len > 0 { READ_AHEAD } else { MAX_RECORD };
        if self.bytes.len() - self.len < room {
            self.bytes.resize(self.len + room, 0);
        }
        let mut free = ReadBuf::new(&mut self.bytes[self.len..]);
        ready!(Pin::new(stream).poll_read(cx, &mut free))?;
        let n = free.filled().len();
        self.len += n;
        Poll::Ready(Ok(n))
    }

    /// Reads one record. A header whose content type no TLS record has
    /// (a plain HTTP request line) is returned alone: its "length" means
    /// nothing, and rustls or the caller refuses it.
    async fn read_one_record(&mut self, stream: &mut TcpStream) -> io::Result<()> {
        let start = self.len;
        self.bytes.resize(start + 5, 0);
        stream.read_exact(&mut self.bytes[start..start + 5]).await?;
        if !(20..=24).contains(&self.bytes[start]) {
            self.len = start + 5;
            return Ok(());
        }
        let len = u16::from_be_bytes([self.bytes[start + 3], self.bytes[start + 4]]) as usize;
        if len > MAX_RECORD - 5 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "TLS record too large",
            ));
        }
        self.bytes.resize(start + 5 + len, 0);
        stream
            .read_exact(&mut self.bytes[start + 5..start + 5 + len])
            .await?;
        self.len = start + 5 + len;
        Ok(())
    }
}

/// The first record of a connection, as far as it has arrived.
enum FirstRecord<'a> {
    Partial,
    Whole(&'a [u8]),
    NotTls,
}

impl TlsSession {
    /// Runs the handshake to completion. With `record_exact`, the socket is
    /// read one record at a time (header, then body), so no byte past the
    /// client's Finished is consumed: required before kernel offload.
    pub async fn accept(
        choose: impl FnOnce(Option<&ClientHelloFacts>) -> Arc<ServerConfig>,
        stream: &mut TcpStream,
        record_exact: bool,
    ) -> Result<TlsSession, AcceptError> {
        let mut received = Received::default();
        let hello = loop {
            if record_exact {
                received.read_one_record(stream).await?;
            } else if received.fill(stream).await? == 0 {
                return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
            }
            // A TLS record starts with a content type (20 to 24), an
            // SSLv2-style hello with a byte of 0x80 or more; an upper-case
            // letter is a method: "GET / HTTP/1.1".
            if received.bytes[0].is_ascii_uppercase() {
                received.bytes.truncate(received.len);
                return Err(AcceptError::PlainHttp {
                    received: received.bytes,
                });
            }
            match received.first_record() {
                FirstRecord::Whole(record) => break client_hello::parse(record),
                // rustls refuses it, with the alert it deserves.
                FirstRecord::NotTls => break None,
                FirstRecord::Partial => {}
            }
        };
        let config = choose(hello.as_ref());
        let conn = UnbufferedServerConnection::new(config).map_err(tls_error)?;
        let mut s = TlsSession {
            engine: Engine::Rustls(Box::new(conn)),
            received,
            plain: Vec::new(),
            plain_pos: 0,
            outgoing: ByteBuf::new(),
            peer_closed: false,
            close_queued: false,
            sni: hello.and_then(|h| h.server_name),
        };
        loop {
            let step = match s.process(None) {
                Ok(step) => step,
                Err(e) => {
                    s.send_alert(stream).await;
                    return Err(e.into());
                }
            };
            match step {
                Step::Progress | Step::Wrote => {}
                Step::Traffic => {
                    // TLS 1.3's last handshake bytes are the session
                    // tickets, which no client waits for: they leave with
                    // the first write (a request already read is answered
                    // in the tickets' segment) or before the first wait for
                    // input (`poll_read`). Not when the kernel may take the
                    // connection over (it takes nothing queued), nor in TLS
                    // 1.2 (its last bytes may be our Finished, which the
                    // client does wait for).
                    let tls13 = s.protocol_version() == Some(rustls::ProtocolVersion::TLSv1_3);
                    if record_exact || !tls13 {
                        s.flush(stream).await?;
                    }
                    return Ok(s);
                }
                Step::Blocked => {
                    s.flush(stream).await?;
                    if record_exact {
                        s.received.read_one_record(stream).await?;
                    } else if s.received.fill(stream).await? == 0 {
                        return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
                    }
                }
            }
        }
    }

    /// After a handshake error: the alert rustls queued for the client
    /// (which says why: `certificate_required`, `unknown_ca`, ...), sent
    /// as far as the socket takes it at once. The handshake has failed
    /// whatever happens here.
    async fn send_alert(&mut self, stream: &mut TcpStream) {
        // rustls hands queued records out before it reports its error
        // again; a bound in case it ever did otherwise.
        for _ in 0..4 {
            let Engine::Rustls(conn) = &mut self.engine else {
                break;
            };
            let UnbufferedStatus { state, .. } = conn.process_tls_records(&mut []);
            match state {
                Ok(ConnectionState::EncodeTlsData(mut e)) => {
                    if encode(&mut self.outgoing, &mut e).is_err() {
                        break;
                    }
                }
                Ok(ConnectionState::TransmitTlsData(t)) => t.done(),
                _ => break,
            }
        }
        let _ = poll_fn(|cx| match self.poll_flush(cx, stream) {
            Poll::Pending => Poll::Ready(Ok(())),
            done => done,
        })
        .await;
    }

    /// One turn of rustls's state machine, without I/O: handshake output
    /// goes to `outgoing` (written, in order, before anything later),
    /// application data to `plain`, and `op`, when given, runs in the write
    /// state.
    fn process(&mut self, op: Option<WriteOp<'_>>) -> io::Result<Step> {
        let Engine::Rustls(conn) = &mut self.engine else {
            return Err(io::Error::other("rustls no longer runs this session"));
        };
        let UnbufferedStatus { mut discard, state } =
            conn.process_tls_records(&mut self.received.bytes[..self.received.len]);
        let step = match state.map_err(tls_error)? {
            ConnectionState::EncodeTlsData(mut e) => {
                encode(&mut self.outgoing, &mut e)?;
                Step::Progress
            }
            ConnectionState::TransmitTlsData(t) => {
                // The bytes are in `outgoing`, which is always written before
                // anything produced later: as good as transmitted.
                t.done();
                Step::Progress
            }
            ConnectionState::BlockedHandshake => Step::Blocked,
            ConnectionState::ReadTraffic(mut r) => {
                while let Some(record) = r.next_record() {
                    let record = record.map_err(tls_error)?;
                    discard += record.discard;
                    self.plain.extend_from_slice(record.payload);
                }
                Step::Progress
            }
            ConnectionState::PeerClosed => {
                self.peer_closed = true;
                Step::Progress
            }
            ConnectionState::Closed => {
                self.peer_closed = true;
                if op.is_some() {
                    return Err(io::ErrorKind::BrokenPipe.into());
                }
                Step::Traffic
            }
            ConnectionState::WriteTraffic(mut w) => match op {
                Some(op) => {
                    append_with(
                        &mut self.outgoing,
                        op.size_guess,
                        |out| (op.apply)(&mut w, out),
                        |err| match err {
                            EncryptError::InsufficientSize(InsufficientSizeError {
                                required_size,
                            }) => Some(*required_size),
                            _ => None,
                        },
                    )?;
                    Step::Wrote
                }
                None => Step::Traffic,
            },
            // Early data is never enabled; anything else is unexpected.
            other => return Err(io::Error::other(format!("unexpected TLS state {other:?}"))),
        };
        self.received.consume(discard);
        Ok(step)
    }

    /// The server name the client asked for (SNI), lower-case.
    pub fn server_name(&self) -> Option<&str> {
        self.sni.as_deref()
    }

    /// Writes out what is queued. Cancel-safe: bytes leave `outgoing` as
    /// the socket takes them, so a read abandoned mid-flush (an idle
    /// keep-alive wait ending) never sends anything twice.
    async fn flush(&mut self, stream: &mut TcpStream) -> io::Result<()> {
        poll_fn(|cx| self.poll_flush(cx, stream)).await
    }

    /// Writes out what is queued (see `flush`).
    pub fn poll_flush(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
    ) -> Poll<io::Result<()>> {
        self.poll_send_queued(cx, stream, false)
    }

    /// Sends what is queued; `before_fin` holds the last segment
    /// (`MSG_MORE`) so that the FIN which follows at once leaves in it.
    fn poll_send_queued(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
        before_fin: bool,
    ) -> Poll<io::Result<()>> {
        let flags = if before_fin {
            SendFlags::MORE | SendFlags::NOSIGNAL
        } else {
            SendFlags::NOSIGNAL
        };
        while !self.outgoing.is_empty() {
            let queued = self.outgoing.as_slice();
            let sent = ready!(poll_io(&*stream, cx, Interest::WRITABLE, || {
                Ok(rustix::net::send(&*stream, queued, flags)?)
            }))?;
            if sent == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.outgoing.consume(sent);
        }
        Poll::Ready(Ok(()))
    }

    /// The client's certificate chain (its own first), when it sent one;
    /// for a resumed session, the chain of the session's first handshake.
    pub fn peer_certificates(&self) -> Option<&[rustls_pki_types::CertificateDer<'static>]> {
        self.rustls()?.peer_certificates()
    }

    /// The key exchange group the handshake used (None when resumed
    /// without one).
    pub fn key_exchange_group(&self) -> Option<rustls::NamedGroup> {
        self.rustls()?
            .negotiated_key_exchange_group()
            .map(|g| g.name())
    }

    pub fn protocol_version(&self) -> Option<rustls::ProtocolVersion> {
        self.rustls()?.protocol_version()
    }

    pub fn cipher_suite(&self) -> Option<SupportedCipherSuite> {
        self.rustls()?.negotiated_cipher_suite()
    }

    pub fn handshake_kind(&self) -> Option<rustls::HandshakeKind> {
        self.rustls()?.handshake_kind()
    }

    /// The protocol ALPN chose (`h2`, `http/1.1`), if any.
    pub fn alpn_protocol(&self) -> Option<&[u8]> {
        self.rustls()?.alpn_protocol()
    }

    /// True when no received byte is held here: the kernel could take the
    /// receive side over without losing anything.
    pub fn nothing_buffered(&self) -> bool {
        self.received.len == 0
            && self.plain_pos == self.plain.len()
            && self.outgoing.is_empty()
            && !self.peer_closed
    }

    /// Hands the traffic secrets over for kernel offload. Only valid when
    /// `nothing_buffered()`.
    pub fn into_kernel(
        self,
    ) -> Result<(ExtractedSecrets, KernelConnection<ServerConnectionData>), rustls::Error> {
        match self.engine {
            Engine::Rustls(conn) => conn.dangerous_into_kernel_connection(),
            _ => Err(rustls::Error::General("secrets already taken".into())),
        }
    }

    /// Our record layer takes over from rustls's, with the secrets of the
    /// finished handshake (as the kernel would). Whatever is buffered stays:
    /// received records not yet opened are opened by ours (the sequence
    /// numbers carry over), and plaintext already opened is handed out
    /// first. On error the session is unusable.
    pub fn take_over_records(&mut self) -> Result<(), TakeOverError> {
        let Engine::Rustls(conn) = std::mem::replace(&mut self.engine, Engine::Gone) else {
            return Ok(());
        };
        let (secrets, rekey) = conn
            .dangerous_into_kernel_connection()
            .map_err(TakeOverError::Secrets)?;
        self.engine = Engine::Records(Box::new(RecordLayer::new(secrets, rekey)?));
        Ok(())
    }

    fn rustls(&self) -> Option<&UnbufferedServerConnection> {
        match &self.engine {
            Engine::Rustls(conn) => Some(conn),
            _ => None,
        }
    }

    /// Decrypted data (or the peer's close) is waiting to be read.
    pub fn has_plaintext(&self) -> bool {
        self.plain_pos < self.plain.len() || self.peer_closed
    }

    /// Anything received and not yet handed out: plaintext, or records
    /// still to decrypt (a read may bring several).
    pub fn has_buffered_input(&self) -> bool {
        self.received.len > 0 || self.has_plaintext()
    }

    /// Drops buffers that hold nothing, for a connection about to idle.
    pub fn release_idle_buffers(&mut self) {
        if self.received.len == 0 {
            self.received.bytes = Vec::new();
        }
        if self.outgoing.is_empty() {
            self.outgoing.release();
        }
        if self.plain_pos == self.plain.len() {
            self.plain = Vec::new();
            self.plain_pos = 0;
        }
    }

    /// Reads decrypted application data; 0 at the peer's close_notify or EOF.
    /// Cancel-safe: received bytes stay buffered here until handed out.
    pub async fn read(&mut self, stream: &mut TcpStream, buf: &mut [u8]) -> io::Result<usize> {
        poll_fn(|cx| self.poll_read(cx, stream, buf)).await
    }

    /// Polls for decrypted application data (see `read`).
    pub fn poll_read(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
        buf: &mut [u8],
    ) -> Poll<io::Result<usize>> {
        loop {
            if self.plain_pos < self.plain.len() {
                let n = buf.len().min(self.plain.len() - self.plain_pos);
                buf[..n].copy_from_slice(&self.plain[self.plain_pos..self.plain_pos + n]);
                self.plain_pos += n;
                if self.plain_pos == self.plain.len() {
                    self.plain.clear();
                    self.plain_pos = 0;
                }
                return Poll::Ready(Ok(n));
            }
            if self.peer_closed {
                return Poll::Ready(Ok(0));
            }
            if let Engine::Records(records) = &mut self.engine {
                // Nothing is queued here (handed out above): records open
                // straight into `buf`, and only what it has no room for
                // is queued.
                let mut plain = Plaintext {
                    direct: buf,
                    filled: 0,
                    queue: &mut self.plain,
                };
                let opened = records
                    .open(
                        &mut self.received.bytes[..self.received.len],
                        &mut plain,
                        &mut self.outgoing,
                    )
                    .map_err(record_error)?;
                let filled = plain.filled;
                self.received.consume(opened.consumed);
                self.peer_closed |= opened.closed;
                if filled > 0 {
                    return Poll::Ready(Ok(filled));
                }
                if opened.consumed == 0 {
                    // A KeyUpdate of ours goes first.
                    ready!(self.poll_flush(cx, stream))?;
                    if ready!(self.received.poll_fill(cx, stream))? == 0 {
                        return Poll::Ready(Ok(0));
                    }
                }
                continue;
            }
            match self.process(None)? {
                Step::Progress | Step::Wrote => {}
                Step::Traffic | Step::Blocked => {
                    // Post-handshake output (a KeyUpdate reply) goes first.
                    ready!(self.poll_flush(cx, stream))?;
                    if ready!(self.received.poll_fill(cx, stream))? == 0 {
                        return Poll::Ready(Ok(0));
                    }
                }
            }
        }
    }

    /// Takes up to one chunk of `data` (encrypted into whole records once
    /// what was queued before has left), for writers that poll (HTTP/2).
    /// Returns how much was taken.
    pub fn poll_write(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        // Bounded: nothing more is encrypted while the socket is full.
        ready!(self.poll_flush(cx, stream))?;
        let chunk = &data[..data.len().min(ENCRYPT_CHUNK)];
        if let Engine::Records(records) = &mut self.engine {
            records
                .seal_data(chunk, &mut self.outgoing)
                .map_err(record_error)?;
            if let Poll::Ready(Err(e)) = self.poll_flush(cx, stream) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(chunk.len()));
        }
        let records = chunk.len().div_ceil(16 * 1024).max(1);
        let op = WriteOp {
            size_guess: chunk.len() + records * RECORD_OVERHEAD,
            apply: &mut |w, out| w.encrypt(chunk, out),
        };
        ready!(self.poll_apply(cx, stream, op))?;
        // Started at once; whatever the socket does not take now leaves
        // with the next write or flush.
        if let Poll::Ready(Err(e)) = self.poll_flush(cx, stream) {
            return Poll::Ready(Err(e));
        }
        Poll::Ready(Ok(chunk.len()))
    }

    /// Encrypts and writes all of `data` in full records.
    pub async fn write_all(&mut self, stream: &mut TcpStream, data: &[u8]) -> io::Result<()> {
        if let Engine::Records(records) = &mut self.engine {
            records
                .seal_data(data, &mut self.outgoing)
                .map_err(record_error)?;
            return self.flush(stream).await;
        }
        for chunk in data.chunks(ENCRYPT_CHUNK) {
            let records = chunk.len().div_ceil(16 * 1024).max(1);
            let op = WriteOp {
                size_guess: chunk.len() + records * RECORD_OVERHEAD,
                apply: &mut |w, out| w.encrypt(chunk, out),
            };
            self.write_op(stream, op).await?;
        }
        self.flush(stream).await
    }

    /// A connection's last bytes, then the close_notify, written held
    /// (`MSG_MORE`) for the FIN that `shutdown` sends next: all three in one
    /// segment. With rustls's record layer, as `write_all`.
    pub async fn write_last(&mut self, stream: &mut TcpStream, data: &[u8]) -> io::Result<()> {
        let Engine::Records(records) = &mut self.engine else {
            return self.write_all(stream, data).await;
        };
        records
            .seal_data(data, &mut self.outgoing)
            .map_err(record_error)?;
        if !self.close_queued {
            records
                .seal_close_notify(&mut self.outgoing)
                .map_err(record_error)?;
            self.close_queued = true;
        }
        poll_fn(|cx| self.poll_send_queued(cx, stream, true)).await
    }

    /// Sends close_notify and closes our sending side.
    pub async fn shutdown(&mut self, stream: &mut TcpStream) -> io::Result<()> {
        poll_fn(|cx| self.poll_shutdown(cx, stream)).await
    }

    /// Polls `shutdown` to its end: close_notify queued once, written,
    /// then FIN.
    pub fn poll_shutdown(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
    ) -> Poll<io::Result<()>> {
        if let (false, Engine::Records(records)) = (self.close_queued, &mut self.engine) {
            records
                .seal_close_notify(&mut self.outgoing)
                .map_err(record_error)?;
            self.close_queued = true;
        }
        if !self.close_queued {
            let op = WriteOp {
                size_guess: RECORD_OVERHEAD,
                apply: &mut |w, out| w.queue_close_notify(out),
            };
            ready!(self.poll_apply(cx, stream, op))?;
            self.close_queued = true;
        }
        ready!(self.poll_send_queued(cx, stream, true))?;
        Pin::new(stream).poll_shutdown(cx)
    }

    async fn write_op(&mut self, stream: &mut TcpStream, op: WriteOp<'_>) -> io::Result<()> {
        poll_fn(|cx| {
            let reborrowed = WriteOp {
                size_guess: op.size_guess,
                apply: &mut *op.apply,
            };
            self.poll_apply(cx, stream, reborrowed)
        })
        .await
    }

    /// Runs `op` in the write state (queued in `outgoing`, not written).
    fn poll_apply(
        &mut self,
        cx: &mut Context<'_>,
        stream: &mut TcpStream,
        op: WriteOp<'_>,
    ) -> Poll<io::Result<()>> {
        loop {
            let reborrowed = WriteOp {
                size_guess: op.size_guess,
                apply: &mut *op.apply,
            };
            match self.process(Some(reborrowed))? {
                Step::Wrote => return Poll::Ready(Ok(())),
                Step::Progress | Step::Traffic => {}
                Step::Blocked => {
                    // A post-handshake message arrived in part: it must be
                    // complete before rustls lets us write again.
                    ready!(self.poll_flush(cx, stream))?;
                    if ready!(self.received.poll_fill(cx, stream))? == 0 {
                        return Poll::Ready(Err(io::ErrorKind::UnexpectedEof.into()));
                    }
                }
            }
        }
    }
}
