//! One HTTP/2 server connection without I/O (RFC 9113): the client's bytes
//! in, events out; responses in, frames out.
//!
//! It owns what the protocol says about a connection: the preface and the
//! first SETTINGS, header blocks assembled from HEADERS and CONTINUATION
//! and decoded with HPACK (always, even for a stream it refuses, so the
//! tables stay in step), the stream states of section 5.1, flow control
//! both ways (section 6.9: windows checked on receipt, WINDOW_UPDATEs
//! batched at half a window; DATA sent within the client's windows),
//! SETTINGS and their ACK, PING, RST_STREAM and GOAWAY. Errors are classed
//! as the RFC does: a stream error resets one stream, a connection error
//! writes GOAWAY and ends everything.
//!
//! What it leaves to its driver: reading and writing the transport, what a
//! request means (the exchange), timers, and rates (`worker/h2/guard.rs`).
//! The driver passes whole buffers to `receive`, gets events that borrow
//! them, calls the `send_*` methods, and writes what `take_output` returns.

use super::frame::{
    self, setting, ErrorCode, Frame, FrameError, FrameHeader, HEADER_LEN, MAX_WINDOW,
};
use super::hpack::table::{first_static_index, static_name_index, STATIC};
use super::hpack::{Decoder, Encoder, Indexing};
use super::request::{is_connection_specific, HeadBuilder, HeadError, RequestHead, Spare};
use crate::buffer::ByteBuf;
use crate::exchange::{FieldRef, Headers, KnownName, Request};
use foldhash::HashMap;
use std::collections::VecDeque;

/// DATA payload that, with its 9-byte frame header, fills one 16 KiB TLS
/// record, for the kernel under kTLS and for rustls in user space.
pub const DATA_FRAME: usize = 16 * 1024 - HEADER_LEN;
/// The frames we accept: SETTINGS_MAX_FRAME_SIZE left at its initial value.
const MAX_FRAME_SIZE: u32 = frame::DEFAULT_MAX_FRAME_SIZE;
/// The initial window both ends start with (section 6.9.2).
const DEFAULT_WINDOW: i64 = 65_535;
/// Streams we reset whose late frames are ignored rather than answered.
const RECENT_RESETS: usize = 128;
/// Requests' buffers kept for reuse: as many as one read usually opens.
const MAX_SPARE: usize = 16;

/// What this end announces and enforces.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    pub max_concurrent_streams: u32,
    /// SETTINGS_MAX_HEADER_LIST_SIZE: a larger request head is answered 431.
    pub max_header_list_size: u32,
    /// SETTINGS_HEADER_TABLE_SIZE: the HPACK table the client may make us
    /// keep.
    pub header_table_size: u32,
    /// The receive window of each stream (SETTINGS_INITIAL_WINDOW_SIZE).
    pub stream_window: u32,
    /// The receive window of the connection.
    pub connection_window: u32,
}

impl Config {
    /// The most a header block may take on the wire, CONTINUATIONs and
    /// their frame headers included: HPACK rarely makes a list larger, so
    /// twice the list limit is generous, and empty CONTINUATION frames
    /// cannot go on for ever.
    fn max_block_bytes(&self) -> usize {
        2 * self.max_header_list_size as usize + 4096
    }
}

/// What the client did, for the driver.
#[derive(Debug)]
pub enum Event<'a> {
    /// A new stream's request head. `end_stream`: no body follows.
    Request {
        stream: u32,
        head: RequestHead,
        end_stream: bool,
    },
    /// Request body bytes; give them back with `release` once consumed.
    Data {
        stream: u32,
        data: &'a [u8],
        end_stream: bool,
    },
    /// The fields after a request body; the stream's input ends here.
    Trailers { stream: u32, headers: Headers },
    /// A stream ended before its time: reset by the client, or by us for
    /// a malformed frame. Whatever served it should stop.
    Reset {
        stream: u32,
        code: ErrorCode,
        by_client: bool,
    },
    /// Send windows grew: streams waiting for window may send again.
    WindowOpened,
    /// The client is going away: streams above `last_stream` were not
    /// processed by it, and it opens no new ones.
    GoAway { last_stream: u32, code: ErrorCode },
}

/// The connection failed: GOAWAY with `code` is in the output; write it
/// and close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("HTTP/2 connection error {code}: {why}")]
pub struct ConnectionError {
    pub code: ErrorCode,
    pub why: &'static str,
}

/// A `send_*` call for a stream that can no longer send: the client reset
/// it, or its response already ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("stream {0} is not open for sending")]
pub struct StreamGone(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InputState {
    /// Inside the client preface, this many bytes of it matched.
    Preface(usize),
    /// The first frame must be SETTINGS.
    FirstSettings,
    Frames,
}

/// Section 5.1's states of a stream the client opened. Idle and closed
/// streams have no entry, and half-closed (local) never lasts: when our
/// side ends first, the client is told to stop sending (`end_of_output`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    /// The client's side ended (END_STREAM received); we still send.
    HalfClosedRemote,
}

#[derive(Debug)]
struct Stream {
    state: State,
    /// What we may still send (the client's window; negative after the
    /// client shrank SETTINGS_INITIAL_WINDOW_SIZE).
    send_window: i64,
    /// What the client may still send.
    recv_window: i64,
    /// Body bytes consumed but not yet announced in a WINDOW_UPDATE.
    unannounced: u32,
    content_length: Option<u64>,
    received: u64,
}

impl Stream {
    fn receiving(&self) -> bool {
        self.state == State::Open
    }
}

/// What a header block in progress is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlockUse {
    Request,
    Trailers,
    /// Decoded (HPACK must follow) and dropped: for a stream we reset, or
    /// one opened after our GOAWAY.
    Discard,
    /// Decoded, then this stream error.
    Refuse(ErrorCode),
}

#[derive(Debug)]
struct HeaderBlock {
    stream: u32,
    end_stream: bool,
    usage: BlockUse,
    bytes: Vec<u8>,
    /// Wire bytes so far, frame headers included.
    wire: usize,
}

/// The server side of one HTTP/2 connection.
#[derive(Debug)]
pub struct Connection {
    config: Config,
    input: InputState,
    out: ByteBuf,
    decoder: Decoder,
    encoder: Encoder,
    /// A response header block being encoded, kept between blocks (no
    /// allocation per response).
    encoded: Vec<u8>,
    /// Finished requests' buffers for the next heads (`recycle`).
    spare: Vec<Spare>,
    peer_initial_window: i64,
    peer_max_frame_size: u32,
    send_window: i64,
    recv_window: i64,
    /// Connection-level bytes consumed, not yet announced.
    unannounced: u32,
    /// Open streams, at most `max_concurrent_streams` of them: a seeded
    /// hash far cheaper than SipHash is enough for so few keys.
    streams: HashMap<u32, Stream>,
    /// The highest stream the client opened (or tried to).
    last_client_stream: u32,
    block: Option<HeaderBlock>,
    recent_resets: VecDeque<u32>,
    /// The last stream id our GOAWAY promised to process.
    goaway_sent: Option<u32>,
    failed: bool,
}

impl Connection {
    /// A connection whose server preface (SETTINGS, and the connection
    /// window's increase) is already in the output.
    pub fn new(config: Config) -> Connection {
        let mut out = ByteBuf::new();
        frame::write_settings(
            &mut out,
            &[
                (
                    setting::MAX_CONCURRENT_STREAMS,
                    config.max_concurrent_streams,
                ),
                (setting::INITIAL_WINDOW_SIZE, config.stream_window),
                (setting::MAX_HEADER_LIST_SIZE, config.max_header_list_size),
                (setting::HEADER_TABLE_SIZE, config.header_table_size),
            ],
        );
        let connection_window = i64::from(config.connection_window.min(MAX_WINDOW));
        if connection_window > DEFAULT_WINDOW {
            frame::write_window_update(&mut out, 0, (connection_window - DEFAULT_WINDOW) as u32);
        }
        Connection {
            config,
            input: InputState::Preface(0),
            out,
            decoder: Decoder::new(config.header_table_size as usize),
            encoder: Encoder::new(),
            encoded: Vec::with_capacity(256),
            spare: Vec::new(),
            peer_initial_window: DEFAULT_WINDOW,
            peer_max_frame_size: frame::DEFAULT_MAX_FRAME_SIZE,
            send_window: DEFAULT_WINDOW,
            recv_window: connection_window.max(DEFAULT_WINDOW),
            unannounced: 0,
            streams: HashMap::default(),
            last_client_stream: 0,
            block: None,
            recent_resets: VecDeque::new(),
            goaway_sent: None,
            failed: false,
        }
    }

    /// Streams open or half-closed.
    pub fn active_streams(&self) -> usize {
        self.streams.len()
    }

    /// The highest stream id the client used.
    pub fn last_client_stream(&self) -> u32 {
        self.last_client_stream
    }

    /// True once the client's preface and first SETTINGS have arrived.
    pub fn is_started(&self) -> bool {
        self.input == InputState::Frames
    }

    /// True once our GOAWAY is out and every stream it let finish has.
    pub fn is_done(&self) -> bool {
        self.failed || (self.goaway_sent.is_some() && self.streams.is_empty())
    }

    pub fn has_output(&self) -> bool {
        !self.out.is_empty()
    }

    /// Frees the buffers that hold nothing, for a connection about to idle
    /// (they are made again when needed).
    pub fn release_idle_buffers(&mut self) {
        if self.out.is_empty() {
            self.out.release();
        }
        self.encoded = Vec::new();
        self.spare = Vec::new();
        // A map keeps its buckets when emptied.
        if self.streams.is_empty() {
            self.streams = HashMap::default();
        }
    }

    /// Bytes of frames written and not yet taken.
    pub fn output_len(&self) -> usize {
        self.out.len()
    }

    /// The frames written so far, for the transport; `empty` (a buffer
    /// already written out, cleared) takes their place, so no bytes move.
    pub fn take_output(&mut self, mut empty: ByteBuf) -> ByteBuf {
        empty.clear();
        std::mem::replace(&mut self.out, empty)
    }

    /// Reads whole frames from `input` and says how many bytes it took;
    /// the rest (a partial frame) must be offered again with what follows.
    /// Events borrow from `input`.
    pub fn receive<'a>(
        &mut self,
        input: &'a [u8],
        events: &mut Vec<Event<'a>>,
    ) -> Result<usize, ConnectionError> {
        if self.failed {
            return Ok(input.len());
        }
        let mut pos = 0;
        if let InputState::Preface(matched) = self.input {
            let want = &frame::PREFACE[matched..];
            let n = want.len().min(input.len());
            if input[..n] != want[..n] {
                return Err(self.fail(ErrorCode::PROTOCOL_ERROR, "not the HTTP/2 client preface"));
            }
            pos = n;
            self.input = if matched + n == frame::PREFACE.len() {
                InputState::FirstSettings
            } else {
                InputState::Preface(matched + n)
            };
        }
        while let Some(head) = input.get(pos..pos + HEADER_LEN) {
            let h = FrameHeader::parse(head.try_into().expect("nine bytes"));
            if let Err(FrameError::Connection(code, why)) = h.check_length(MAX_FRAME_SIZE) {
                return Err(self.fail(code, why));
            }
            let end = pos + HEADER_LEN + h.length as usize;
            let Some(payload) = input.get(pos + HEADER_LEN..end) else {
                break;
            };
            pos = end;
            if let Err((code, why)) = self.frame(h, payload, events) {
                return Err(self.fail(code, why));
            }
            if self.failed {
                break;
            }
        }
        Ok(pos)
    }

    /// Ends the connection at once for a reason of the driver's (an
    /// abusive client): GOAWAY with `code`; no stream is served further.
    pub fn abort(&mut self, code: ErrorCode, why: &'static str) {
        self.fail(code, why);
        self.streams.clear();
    }

    /// Writes GOAWAY for a connection error.
    fn fail(&mut self, code: ErrorCode, why: &'static str) -> ConnectionError {
        if !self.failed {
            frame::write_goaway(&mut self.out, self.last_client_stream, code, why.as_bytes());
            self.failed = true;
        }
        ConnectionError { code, why }
    }

    fn frame<'a>(
        &mut self,
        h: FrameHeader,
        payload: &'a [u8],
        events: &mut Vec<Event<'a>>,
    ) -> Result<(), (ErrorCode, &'static str)> {
        if self.input == InputState::FirstSettings {
            if h.kind != frame::kind::SETTINGS || h.flags & frame::flag::ACK != 0 {
                return Err((ErrorCode::PROTOCOL_ERROR, "first frame not SETTINGS"));
            }
            self.input = InputState::Frames;
        }
        if let Some(block) = &self.block {
            // Section 6.2: nothing may come between a HEADERS frame and
            // its last CONTINUATION.
            if h.kind != frame::kind::CONTINUATION || h.stream != block.stream {
                return Err((ErrorCode::PROTOCOL_ERROR, "frame inside a header block"));
            }
        }
        let frame = match frame::parse(h, payload) {
            Ok(frame) => frame,
            Err(FrameError::Connection(code, why)) => return Err((code, why)),
            Err(FrameError::Stream(stream, code, _)) => {
                if stream > self.last_client_stream && h.kind != frame::kind::PRIORITY {
                    return Err((ErrorCode::PROTOCOL_ERROR, "frame on an idle stream"));
                }
                self.reset(stream, code, events);
                return Ok(());
            }
        };
        match frame {
            Frame::Data {
                stream,
                end_stream,
                data,
                flow_len,
            } => self.on_data(stream, end_stream, data, flow_len, events),
            Frame::Headers {
                stream,
                priority,
                fragment,
                ..
            } => {
                let self_dependent = priority.is_some_and(|p| p.depends_on == stream);
                self.on_headers(h, self_dependent, fragment, events)
            }
            Frame::Continuation {
                stream: _,
                end_headers,
                fragment,
            } => {
                let Some(block) = self.block.as_mut() else {
                    return Err((ErrorCode::PROTOCOL_ERROR, "CONTINUATION without HEADERS"));
                };
                block.bytes.extend_from_slice(fragment);
                block.wire += HEADER_LEN + h.length as usize;
                if block.wire > self.config.max_block_bytes() {
                    return Err((ErrorCode::ENHANCE_YOUR_CALM, "header block too large"));
                }
                if end_headers {
                    let block = self.block.take().expect("checked above");
                    self.header_block(
                        block.stream,
                        block.end_stream,
                        block.usage,
                        &block.bytes,
                        events,
                    )?;
                }
                Ok(())
            }
            // Deprecated (section 5.3.2): parsed, checked, ignored.
            Frame::Priority { .. } => Ok(()),
            Frame::RstStream { stream, code } => {
                if stream > self.last_client_stream {
                    return Err((ErrorCode::PROTOCOL_ERROR, "RST_STREAM on an idle stream"));
                }
                if self.streams.remove(&stream).is_some() {
                    events.push(Event::Reset {
                        stream,
                        code,
                        by_client: true,
                    });
                }
                Ok(())
            }
            Frame::Settings { ack: true, .. } => Ok(()),
            Frame::Settings {
                ack: false,
                settings,
            } => {
                for (id, value) in settings.iter() {
                    match id {
                        setting::HEADER_TABLE_SIZE => self.encoder.set_peer_limit(value as usize),
                        setting::INITIAL_WINDOW_SIZE => {
                            let delta = i64::from(value) - self.peer_initial_window;
                            self.peer_initial_window = i64::from(value);
                            for s in self.streams.values_mut() {
                                s.send_window += delta;
                                if s.send_window > i64::from(MAX_WINDOW) {
                                    return Err((
                                        ErrorCode::FLOW_CONTROL_ERROR,
                                        "window above 2^31-1",
                                    ));
                                }
                            }
                            if delta > 0 && !self.streams.is_empty() {
                                push_window_opened(events);
                            }
                        }
                        setting::MAX_FRAME_SIZE => self.peer_max_frame_size = value,
                        _ => {}
                    }
                }
                frame::write_settings_ack(&mut self.out);
                Ok(())
            }
            Frame::PushPromise { .. } => {
                Err((ErrorCode::PROTOCOL_ERROR, "PUSH_PROMISE from a client"))
            }
            Frame::Ping { ack, data } => {
                if !ack {
                    frame::write_ping(&mut self.out, true, data);
                }
                Ok(())
            }
            Frame::GoAway {
                last_stream, code, ..
            } => {
                events.push(Event::GoAway { last_stream, code });
                Ok(())
            }
            Frame::WindowUpdate { stream, increment } => {
                self.on_window_update(stream, increment, events)
            }
            Frame::Unknown { .. } => Ok(()),
        }
    }

    /// A HEADERS frame (`h`): a new stream's request, trailers, or a
    /// block to decode and drop.
    fn on_headers<'a>(
        &mut self,
        h: FrameHeader,
        self_dependent: bool,
        fragment: &[u8],
        events: &mut Vec<Event<'a>>,
    ) -> Result<(), (ErrorCode, &'static str)> {
        let stream = h.stream;
        let end_stream = h.flags & frame::flag::END_STREAM != 0;
        if stream.is_multiple_of(2) {
            return Err((ErrorCode::PROTOCOL_ERROR, "client stream with an even id"));
        }
        let mut usage = match self.streams.get(&stream) {
            Some(s) if s.receiving() => {
                if end_stream {
                    BlockUse::Trailers
                } else {
                    // Section 8.1: a second HEADERS must end the stream.
                    BlockUse::Refuse(ErrorCode::PROTOCOL_ERROR)
                }
            }
            Some(_) => BlockUse::Refuse(ErrorCode::STREAM_CLOSED),
            None if stream <= self.last_client_stream => {
                if !self.recent_resets.contains(&stream) {
                    return Err((ErrorCode::STREAM_CLOSED, "HEADERS on a closed stream"));
                }
                BlockUse::Discard
            }
            None => {
                self.last_client_stream = stream;
                if self.goaway_sent.is_some() {
                    BlockUse::Discard
                } else {
                    BlockUse::Request
                }
            }
        };
        if self_dependent && usage != BlockUse::Discard {
            // Section 5.3.1: a stream error.
            usage = BlockUse::Refuse(ErrorCode::PROTOCOL_ERROR);
        }
        if h.flags & frame::flag::END_HEADERS != 0 {
            return self.header_block(stream, end_stream, usage, fragment, events);
        }
        self.block = Some(HeaderBlock {
            stream,
            end_stream,
            usage,
            bytes: fragment.to_vec(),
            wire: HEADER_LEN + h.length as usize,
        });
        Ok(())
    }

    /// A whole header block: decoded, then a request, trailers, or a
    /// refusal.
    fn header_block<'a>(
        &mut self,
        stream: u32,
        end_stream: bool,
        usage: BlockUse,
        block: &[u8],
        events: &mut Vec<Event<'a>>,
    ) -> Result<(), (ErrorCode, &'static str)> {
        let spare = match usage {
            BlockUse::Request => self.spare.pop(),
            _ => None,
        };
        let mut builder = HeadBuilder::new(
            usage == BlockUse::Trailers,
            self.config.max_header_list_size as usize,
            spare,
        );
        let decoded = match usage {
            BlockUse::Request | BlockUse::Trailers => {
                self.decoder.decode_checked(block, |f| builder.field(f))
            }
            BlockUse::Discard | BlockUse::Refuse(_) => self.decoder.decode(block, |_| {}),
        };
        if decoded.is_err() {
            return Err((ErrorCode::COMPRESSION_ERROR, "HPACK decoding failed"));
        }
        match usage {
            BlockUse::Discard => Ok(()),
            BlockUse::Refuse(code) => {
                self.reset(stream, code, events);
                Ok(())
            }
            BlockUse::Trailers => {
                match builder.finish_trailers() {
                    Ok(headers) => {
                        if self.end_of_input(stream, events) {
                            events.push(Event::Trailers { stream, headers });
                        }
                    }
                    Err(_) => self.reset(stream, ErrorCode::PROTOCOL_ERROR, events),
                }
                Ok(())
            }
            BlockUse::Request => {
                match builder.finish() {
                    Ok(head) => self.open(stream, head, end_stream, events),
                    Err(HeadError::Malformed(_)) => {
                        self.reset(stream, ErrorCode::PROTOCOL_ERROR, events)
                    }
                    Err(HeadError::TooLarge) => self.refuse_too_large(stream, end_stream),
                }
                Ok(())
            }
        }
    }

    /// Opens a stream for a request, within the concurrency limit.
    fn open<'a>(
        &mut self,
        stream: u32,
        head: RequestHead,
        end_stream: bool,
        events: &mut Vec<Event<'a>>,
    ) {
        if self.streams.len() >= self.config.max_concurrent_streams as usize {
            // Section 5.1.2: REFUSED_STREAM tells the client it may retry.
            self.reset(stream, ErrorCode::REFUSED_STREAM, events);
            return;
        }
        if end_stream && head.content_length.is_some_and(|n| n > 0) {
            // Section 8.1.1: the DATA must add up to content-length.
            self.reset(stream, ErrorCode::PROTOCOL_ERROR, events);
            return;
        }
        self.streams.insert(
            stream,
            Stream {
                state: if end_stream {
                    State::HalfClosedRemote
                } else {
                    State::Open
                },
                send_window: self.peer_initial_window,
                recv_window: i64::from(self.config.stream_window),
                unannounced: 0,
                content_length: head.content_length,
                received: 0,
            },
        );
        events.push(Event::Request {
            stream,
            head,
            end_stream,
        });
    }

    /// 431 for a request head over the limit, and the stream closed.
    fn refuse_too_large(&mut self, stream: u32, end_stream: bool) {
        self.write_block(stream, true, Some(431), []);
        if !end_stream {
            // Section 8.1: the response is complete; the body is not wanted.
            frame::write_rst_stream(&mut self.out, stream, ErrorCode::NO_ERROR);
        }
        self.remember_reset(stream);
    }

    /// The client's side of `stream` ended (END_STREAM). False if the
    /// body did not add up to its content-length (the stream is reset).
    fn end_of_input<'a>(&mut self, stream: u32, events: &mut Vec<Event<'a>>) -> bool {
        let Some(s) = self.streams.get_mut(&stream) else {
            return false;
        };
        if s.content_length.is_some_and(|n| n != s.received) {
            self.reset(stream, ErrorCode::PROTOCOL_ERROR, events);
            return false;
        }
        s.state = State::HalfClosedRemote;
        true
    }

    fn on_data<'a>(
        &mut self,
        stream: u32,
        end_stream: bool,
        data: &'a [u8],
        flow_len: u32,
        events: &mut Vec<Event<'a>>,
    ) -> Result<(), (ErrorCode, &'static str)> {
        let flow = i64::from(flow_len);
        // Connection flow control counts every DATA frame, whatever
        // becomes of its stream.
        if flow > self.recv_window {
            return Err((
                ErrorCode::FLOW_CONTROL_ERROR,
                "DATA beyond the connection window",
            ));
        }
        self.recv_window -= flow;
        let Some(s) = self.streams.get_mut(&stream) else {
            if stream > self.last_client_stream {
                return Err((ErrorCode::PROTOCOL_ERROR, "DATA on an idle stream"));
            }
            self.release_connection(flow_len);
            if !self.recent_resets.contains(&stream) {
                self.reset(stream, ErrorCode::STREAM_CLOSED, events);
            }
            return Ok(());
        };
        if !s.receiving() {
            self.release_connection(flow_len);
            self.reset(stream, ErrorCode::STREAM_CLOSED, events);
            return Ok(());
        }
        if flow > s.recv_window {
            self.release_connection(flow_len);
            self.reset(stream, ErrorCode::FLOW_CONTROL_ERROR, events);
            return Ok(());
        }
        s.recv_window -= flow;
        s.received += data.len() as u64;
        if s.content_length.is_some_and(|n| s.received > n) {
            self.release_connection(flow_len);
            self.reset(stream, ErrorCode::PROTOCOL_ERROR, events);
            return Ok(());
        }
        // Padding is given back at once; the data when consumed.
        let padding = flow_len - data.len() as u32;
        if padding > 0 {
            self.release(stream, padding as usize);
        }
        if end_stream && !self.end_of_input(stream, events) {
            return Ok(());
        }
        events.push(Event::Data {
            stream,
            data,
            end_stream,
        });
        Ok(())
    }

    fn on_window_update<'a>(
        &mut self,
        stream: u32,
        increment: u32,
        events: &mut Vec<Event<'a>>,
    ) -> Result<(), (ErrorCode, &'static str)> {
        let max = i64::from(MAX_WINDOW);
        if stream == 0 {
            self.send_window += i64::from(increment);
            if self.send_window > max {
                return Err((
                    ErrorCode::FLOW_CONTROL_ERROR,
                    "connection window above 2^31-1",
                ));
            }
            push_window_opened(events);
            return Ok(());
        }
        match self.streams.get_mut(&stream) {
            Some(s) => {
                s.send_window += i64::from(increment);
                if s.send_window > max {
                    self.reset(stream, ErrorCode::FLOW_CONTROL_ERROR, events);
                } else {
                    push_window_opened(events);
                }
            }
            None if stream > self.last_client_stream => {
                return Err((ErrorCode::PROTOCOL_ERROR, "WINDOW_UPDATE on an idle stream"));
            }
            // A closed stream: updates may still be in flight.
            None => {}
        }
        Ok(())
    }

    /// Resets `stream` with a stream error: RST_STREAM out, the stream
    /// closed, and an event if it was open.
    fn reset<'a>(&mut self, stream: u32, code: ErrorCode, events: &mut Vec<Event<'a>>) {
        frame::write_rst_stream(&mut self.out, stream, code);
        if self.streams.remove(&stream).is_some() {
            events.push(Event::Reset {
                stream,
                code,
                by_client: false,
            });
        }
        self.remember_reset(stream);
    }

    fn remember_reset(&mut self, stream: u32) {
        if self.recent_resets.len() == RECENT_RESETS {
            self.recent_resets.pop_front();
        }
        self.recent_resets.push_back(stream);
    }

    /// Gives back `n` bytes of a stream's request body (consumed or
    /// dropped): WINDOW_UPDATEs go out once half a window is due.
    pub fn release(&mut self, stream: u32, n: usize) {
        let n = n as u32;
        self.release_connection(n);
        let half = self.config.stream_window / 2;
        if let Some(s) = self.streams.get_mut(&stream) {
            if !s.receiving() {
                return;
            }
            s.unannounced += n;
            if s.unannounced >= half.max(1) {
                frame::write_window_update(&mut self.out, stream, s.unannounced);
                s.recv_window += i64::from(s.unannounced);
                s.unannounced = 0;
            }
        }
    }

    fn release_connection(&mut self, n: u32) {
        if n == 0 {
            return;
        }
        self.unannounced += n;
        if self.unannounced >= (self.config.connection_window / 2).max(1) {
            frame::write_window_update(&mut self.out, 0, self.unannounced);
            self.recv_window += i64::from(self.unannounced);
            self.unannounced = 0;
        }
    }

    /// Takes back a request this connection made, once it is answered:
    /// its buffers hold the next request's head.
    pub fn recycle(&mut self, request: Request) {
        if self.spare.len() < MAX_SPARE {
            self.spare.extend(Spare::of(request));
        }
    }

    /// Sends a response head (see `write_block`). `end_stream`: no body
    /// follows.
    pub fn send_headers<'f>(
        &mut self,
        stream: u32,
        status: u16,
        fields: impl IntoIterator<Item = FieldRef<'f>>,
        end_stream: bool,
    ) -> Result<(), StreamGone> {
        if !self.streams.contains_key(&stream) {
            return Err(StreamGone(stream));
        }
        self.write_block(stream, end_stream, Some(status), fields);
        if end_stream {
            self.end_of_output(stream);
        }
        Ok(())
    }

    /// How many body bytes `stream` may send now (both windows).
    pub fn send_window(&self, stream: u32) -> usize {
        match self.streams.get(&stream) {
            Some(s) => self.send_window.min(s.send_window).max(0) as usize,
            _ => 0,
        }
    }

    /// Sends as much of `data` as the windows allow, in frames of at most
    /// `DATA_FRAME` bytes; returns how much. END_STREAM goes with the last
    /// byte of `data` if `end_stream` and all of it went.
    pub fn send_data(
        &mut self,
        stream: u32,
        data: &[u8],
        end_stream: bool,
    ) -> Result<usize, StreamGone> {
        let mut sent = 0;
        loop {
            let rest = &data[sent..];
            let n = self.send_data_with(stream, rest.len(), end_stream, |buf| {
                buf.copy_from_slice(&rest[..buf.len()]);
                Ok::<usize, std::convert::Infallible>(buf.len())
            })?;
            let n = n.unwrap_or_else(|e| match e {});
            sent += n;
            if sent == data.len() || n == 0 {
                return Ok(sent);
            }
        }
    }

    /// Sends one DATA frame of up to `len` bytes (fewer if the windows or
    /// the frame size say so) whose payload `fill` writes in place (a file
    /// read with `pread`, say) and returns the length of. END_STREAM is
    /// set if `end_stream` and the frame holds all `len` bytes. Returns
    /// the bytes sent (0: no window, nothing written, unless `len` is 0
    /// and `end_stream`).
    pub fn send_data_with<E>(
        &mut self,
        stream: u32,
        len: usize,
        end_stream: bool,
        fill: impl FnOnce(&mut [u8]) -> Result<usize, E>,
    ) -> Result<Result<usize, E>, StreamGone> {
        let window = self.send_window(stream);
        if !self.streams.contains_key(&stream) {
            return Err(StreamGone(stream));
        }
        let frame_max = DATA_FRAME.min(self.peer_max_frame_size as usize);
        let want = len.min(window).min(frame_max);
        if want == 0 && !(len == 0 && end_stream) {
            return Ok(Ok(0));
        }
        // The payload is written past room for its header, which follows
        // once its length is known.
        let room = &mut self.out.spare(HEADER_LEN + want)[..HEADER_LEN + want];
        let got = match fill(&mut room[HEADER_LEN..]) {
            Ok(n) => n.min(want),
            Err(e) => return Ok(Err(e)),
        };
        let ends = end_stream && got == len;
        room[..HEADER_LEN].copy_from_slice(&frame::data_header(stream, got, ends));
        self.out.commit(HEADER_LEN + got);
        self.send_window -= got as i64;
        if let Some(s) = self.streams.get_mut(&stream) {
            s.send_window -= got as i64;
        }
        if ends {
            self.end_of_output(stream);
        }
        Ok(Ok(got))
    }

    /// Writes a header block (a response head with its status, or
    /// trailers) as HEADERS and CONTINUATION frames. Connection-specific
    /// fields (section 8.2.2) are dropped and names sent in lower case.
    fn write_block<'f>(
        &mut self,
        stream: u32,
        end_stream: bool,
        status: Option<u16>,
        fields: impl IntoIterator<Item = FieldRef<'f>>,
    ) {
        let mut block = std::mem::take(&mut self.encoded);
        block.clear();
        let (mut short, mut long) = ([0u8; 64], Vec::new());
        self.encoder.begin_block(&mut block);
        if let Some(status) = status {
            self.encoder.status(status, &mut block);
        }
        for FieldRef { known, name, value } in fields {
            // A static name is written as the table has it; others in
            // lower case.
            let static_index = match known {
                Some(known) => KNOWN_STATIC_INDEX[known as usize],
                None => static_name_index(name),
            };
            let name = match (static_index, known) {
                (Some(index), _) => STATIC[index - 1].0.as_bytes(),
                (None, Some(known)) => known.lower_case().as_bytes(),
                (None, None) => lower_case(name, &mut short, &mut long),
            };
            // None: an HTTP/1 back end's field that HTTP/2 forbids.
            let Some(indexing) = response_indexing(name, static_index) else {
                continue;
            };
            self.encoder
                .field(name, static_index, value, indexing, &mut block);
        }
        frame::write_headers(
            &mut self.out,
            stream,
            &block,
            end_stream,
            self.peer_max_frame_size,
        );
        self.encoded = block;
    }

    /// Ends a stream's response with trailers.
    pub fn send_trailers<'f>(
        &mut self,
        stream: u32,
        fields: impl IntoIterator<Item = FieldRef<'f>>,
    ) -> Result<(), StreamGone> {
        if !self.streams.contains_key(&stream) {
            return Err(StreamGone(stream));
        }
        self.write_block(stream, true, None, fields);
        self.end_of_output(stream);
        Ok(())
    }

    /// Our side of `stream` ended. If the client is still sending a body
    /// nobody will read, it is told to stop (section 8.1).
    fn end_of_output(&mut self, stream: u32) {
        if let Some(s) = self.streams.remove(&stream) {
            if s.state == State::Open {
                frame::write_rst_stream(&mut self.out, stream, ErrorCode::NO_ERROR);
                self.remember_reset(stream);
            }
        }
    }

    /// Resets a stream from our side (its response failed mid-way, say).
    pub fn send_reset(&mut self, stream: u32, code: ErrorCode) {
        if self.streams.remove(&stream).is_some() {
            frame::write_rst_stream(&mut self.out, stream, code);
            self.remember_reset(stream);
        }
    }

    /// Graceful shutdown: GOAWAY naming the last stream we will process;
    /// streams the client opens after it are ignored, those before it
    /// finish.
    pub fn go_away(&mut self, code: ErrorCode) {
        if self.goaway_sent.is_none() && !self.failed {
            frame::write_goaway(&mut self.out, self.last_client_stream, code, b"");
            self.goaway_sent = Some(self.last_client_stream);
        }
    }
}

fn push_window_opened(events: &mut Vec<Event<'_>>) {
    if !matches!(events.last(), Some(Event::WindowOpened)) {
        events.push(Event::WindowOpened);
    }
}

/// `name` in lower case (HTTP/2 field names are), in `short` when it
/// fits (no allocation for the usual names), else in `long`.
fn lower_case<'a>(name: &'a [u8], short: &'a mut [u8; 64], long: &'a mut Vec<u8>) -> &'a [u8] {
    if !name.iter().any(u8::is_ascii_uppercase) {
        return name;
    }
    let lower = match short.get_mut(..name.len()) {
        Some(lower) => lower,
        None => {
            long.resize(name.len(), 0);
            &mut long[..]
        }
    };
    for (l, b) in lower.iter_mut().zip(name) {
        *l = b.to_ascii_lowercase();
    }
    lower
}

/// How a response field named `name` is written (`static_index`: its
/// name's in the static table): None when HTTP/2 forbids it, else its
/// `indexing_of`. Worked out once for the static table's names, which most
/// response fields have.
fn response_indexing(name: &[u8], static_index: Option<usize>) -> Option<Indexing> {
    match static_index {
        Some(index) => STATIC_INDEXING[index - 1],
        None => indexing_by_name(name),
    }
}

/// `response_indexing` of any name, static or not.
const fn indexing_by_name(name: &[u8]) -> Option<Indexing> {
    if is_connection_specific(name) {
        None
    } else {
        Some(indexing_of(name))
    }
}

/// The static index of each `KnownName` (by its number), if it has one.
const KNOWN_STATIC_INDEX: [Option<usize>; KnownName::ALL.len()] = {
    let mut indices = [None; KnownName::ALL.len()];
    let mut i = 0;
    while i < KnownName::ALL.len() {
        let known = KnownName::ALL[i];
        if known as usize != i {
            panic!("KnownName::ALL out of order");
        }
        indices[i] = first_static_index(known.lower_case());
        i += 1;
    }
    indices
};

/// `response_indexing` of each static name.
const STATIC_INDEXING: [Option<Indexing>; STATIC.len()] = {
    let mut indexing = [None; STATIC.len()];
    let mut i = 0;
    while i < STATIC.len() {
        indexing[i] = indexing_by_name(STATIC[i].0.as_bytes());
        i += 1;
    }
    indexing
};

/// Which response fields go into the HPACK table: those whose values most
/// responses of a server repeat (the next response sends one byte for
/// each); values that differ every time would only push those out.
const fn indexing_of(name: &[u8]) -> Indexing {
    match name {
        // A file's validators repeat in each of its responses.
        b"etag"
        | b"last-modified"
        | b"server"
        | b"date"
        | b"content-type"
        | b"vary"
        | b"cache-control"
        | b"accept-ranges"
        | b"content-encoding"
        | b"strict-transport-security"
        | b"x-content-type-options"
        | b"x-frame-options"
        | b"referrer-policy"
        | b"content-security-policy"
        | b"access-control-allow-origin"
        | b"alt-svc"
        | b"via" => Indexing::Yes,
        b"set-cookie" => Indexing::Never,
        _ => Indexing::No,
    }
}

#[cfg(test)]
mod tests;
