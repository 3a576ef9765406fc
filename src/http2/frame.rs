//! HTTP/2 frames (RFC 9113 sections 4 and 6) without I/O: the nine-byte
//! frame header, each frame type's payload parsed and checked against the
//! section that defines it, and the writers for the frames a server sends.
//!
//! Parsing borrows the payload: a frame is looked at where it lies in the
//! connection's input buffer. What a frame means for the connection (which
//! stream states allow it, flow control, CONTINUATION sequencing) is the
//! connection's business; this module only knows what makes a frame
//! malformed on its own, and whether that fails the stream or the whole
//! connection.

use crate::buffer::ByteBuf;
use std::fmt;

/// What a client sends before its first frame (section 3.4).
pub const PREFACE: &[u8; 24] = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n";
pub const HEADER_LEN: usize = 9;
/// SETTINGS_MAX_FRAME_SIZE's initial value and its largest allowed value.
pub const DEFAULT_MAX_FRAME_SIZE: u32 = 1 << 14;
pub const LARGEST_MAX_FRAME_SIZE: u32 = (1 << 24) - 1;
/// The largest flow-control window (section 6.9.1).
pub const MAX_WINDOW: u32 = (1 << 31) - 1;

/// Frame types (section 6).
pub mod kind {
    pub const DATA: u8 = 0x0;
    pub const HEADERS: u8 = 0x1;
    pub const PRIORITY: u8 = 0x2;
    pub const RST_STREAM: u8 = 0x3;
    pub const SETTINGS: u8 = 0x4;
    pub const PUSH_PROMISE: u8 = 0x5;
    pub const PING: u8 = 0x6;
    pub const GOAWAY: u8 = 0x7;
    pub const WINDOW_UPDATE: u8 = 0x8;
    pub const CONTINUATION: u8 = 0x9;
}

/// Frame flags (section 6): each type uses some of them.
pub mod flag {
    pub const END_STREAM: u8 = 0x1;
    pub const ACK: u8 = 0x1;
    pub const END_HEADERS: u8 = 0x4;
    pub const PADDED: u8 = 0x8;
    pub const PRIORITY: u8 = 0x20;
}

/// SETTINGS parameters (section 6.5.2).
pub mod setting {
    pub const HEADER_TABLE_SIZE: u16 = 0x1;
    pub const ENABLE_PUSH: u16 = 0x2;
    pub const MAX_CONCURRENT_STREAMS: u16 = 0x3;
    pub const INITIAL_WINDOW_SIZE: u16 = 0x4;
    pub const MAX_FRAME_SIZE: u16 = 0x5;
    pub const MAX_HEADER_LIST_SIZE: u16 = 0x6;
}

/// An error code of RST_STREAM and GOAWAY (section 7).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ErrorCode(pub u32);

impl ErrorCode {
    pub const NO_ERROR: ErrorCode = ErrorCode(0x0);
    pub const PROTOCOL_ERROR: ErrorCode = ErrorCode(0x1);
    pub const INTERNAL_ERROR: ErrorCode = ErrorCode(0x2);
    pub const FLOW_CONTROL_ERROR: ErrorCode = ErrorCode(0x3);
    pub const SETTINGS_TIMEOUT: ErrorCode = ErrorCode(0x4);
    pub const STREAM_CLOSED: ErrorCode = ErrorCode(0x5);
    pub const FRAME_SIZE_ERROR: ErrorCode = ErrorCode(0x6);
    pub const REFUSED_STREAM: ErrorCode = ErrorCode(0x7);
    pub const CANCEL: ErrorCode = ErrorCode(0x8);
    pub const COMPRESSION_ERROR: ErrorCode = ErrorCode(0x9);
    pub const CONNECT_ERROR: ErrorCode = ErrorCode(0xa);
    pub const ENHANCE_YOUR_CALM: ErrorCode = ErrorCode(0xb);
    pub const INADEQUATE_SECURITY: ErrorCode = ErrorCode(0xc);
    pub const HTTP_1_1_REQUIRED: ErrorCode = ErrorCode(0xd);

    pub fn name(self) -> Option<&'static str> {
        const NAMES: [&str; 14] = [
            "NO_ERROR",
            "PROTOCOL_ERROR",
            "INTERNAL_ERROR",
            "FLOW_CONTROL_ERROR",
            "SETTINGS_TIMEOUT",
            "STREAM_CLOSED",
            "FRAME_SIZE_ERROR",
            "REFUSED_STREAM",
            "CANCEL",
            "COMPRESSION_ERROR",
            "CONNECT_ERROR",
            "ENHANCE_YOUR_CALM",
            "INADEQUATE_SECURITY",
            "HTTP_1_1_REQUIRED",
        ];
        NAMES.get(self.0 as usize).copied()
    }
}

impl fmt::Debug for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "ErrorCode({:#x})", self.0),
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// How a malformed frame fails: the whole connection (GOAWAY) or one
/// stream (RST_STREAM), with the code to send and why, for the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FrameError {
    #[error("connection error {0}: {1}")]
    Connection(ErrorCode, &'static str),
    #[error("stream {0} error {1}: {2}")]
    Stream(u32, ErrorCode, &'static str),
}

fn connection_error(code: ErrorCode, why: &'static str) -> FrameError {
    FrameError::Connection(code, why)
}

/// The nine bytes before every frame's payload (section 4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameHeader {
    pub length: u32,
    pub kind: u8,
    pub flags: u8,
    /// The stream identifier, its reserved bit ignored.
    pub stream: u32,
}

impl FrameHeader {
    pub fn parse(b: &[u8; HEADER_LEN]) -> FrameHeader {
        FrameHeader {
            length: u32::from_be_bytes([0, b[0], b[1], b[2]]),
            kind: b[3],
            flags: b[4],
            stream: u32::from_be_bytes([b[5], b[6], b[7], b[8]]) & MAX_WINDOW,
        }
    }

    /// The frame's length against our SETTINGS_MAX_FRAME_SIZE (section
    /// 4.2): checked before its payload is buffered.
    pub fn check_length(&self, max_frame_size: u32) -> Result<(), FrameError> {
        if self.length > max_frame_size {
            return Err(connection_error(
                ErrorCode::FRAME_SIZE_ERROR,
                "frame larger than SETTINGS_MAX_FRAME_SIZE",
            ));
        }
        Ok(())
    }

    fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }
}

/// A stream's dependency in a HEADERS or PRIORITY frame: parsed, checked,
/// and otherwise ignored (RFC 9113 deprecates the priority scheme).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Priority {
    pub depends_on: u32,
    pub exclusive: bool,
    pub weight: u8,
}

impl Priority {
    fn parse(b: &[u8]) -> Priority {
        let word = u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        Priority {
            depends_on: word & MAX_WINDOW,
            exclusive: word & !MAX_WINDOW != 0,
            weight: b[4],
        }
    }
}

/// The parameters of a SETTINGS frame, each checked (section 6.5.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings<'a>(&'a [u8]);

impl<'a> Settings<'a> {
    /// (identifier, value) pairs in order; unknown identifiers included
    /// (the receiver ignores them).
    pub fn iter(&self) -> impl Iterator<Item = (u16, u32)> + 'a {
        self.0.chunks_exact(6).map(|c| {
            (
                u16::from_be_bytes([c[0], c[1]]),
                u32::from_be_bytes([c[2], c[3], c[4], c[5]]),
            )
        })
    }

    fn check(&self) -> Result<(), FrameError> {
        for (id, value) in self.iter() {
            match id {
                setting::ENABLE_PUSH if value > 1 => {
                    return Err(connection_error(
                        ErrorCode::PROTOCOL_ERROR,
                        "SETTINGS_ENABLE_PUSH not 0 or 1",
                    ));
                }
                setting::INITIAL_WINDOW_SIZE if value > MAX_WINDOW => {
                    return Err(connection_error(
                        ErrorCode::FLOW_CONTROL_ERROR,
                        "SETTINGS_INITIAL_WINDOW_SIZE above 2^31-1",
                    ));
                }
                setting::MAX_FRAME_SIZE
                    if !(DEFAULT_MAX_FRAME_SIZE..=LARGEST_MAX_FRAME_SIZE).contains(&value) =>
                {
                    return Err(connection_error(
                        ErrorCode::PROTOCOL_ERROR,
                        "SETTINGS_MAX_FRAME_SIZE outside 2^14 to 2^24-1",
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// One frame, its payload borrowed from the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame<'a> {
    Data {
        stream: u32,
        end_stream: bool,
        data: &'a [u8],
        /// What the frame counts against flow control: its whole payload,
        /// padding included (section 6.9).
        flow_len: u32,
    },
    Headers {
        stream: u32,
        end_stream: bool,
        end_headers: bool,
        priority: Option<Priority>,
        fragment: &'a [u8],
    },
    Priority {
        stream: u32,
        priority: Priority,
    },
    RstStream {
        stream: u32,
        code: ErrorCode,
    },
    Settings {
        ack: bool,
        settings: Settings<'a>,
    },
    PushPromise {
        stream: u32,
    },
    Ping {
        ack: bool,
        data: [u8; 8],
    },
    GoAway {
        last_stream: u32,
        code: ErrorCode,
        debug: &'a [u8],
    },
    WindowUpdate {
        stream: u32,
        increment: u32,
    },
    Continuation {
        stream: u32,
        end_headers: bool,
        fragment: &'a [u8],
    },
    /// A type this implementation does not know: ignored (section 4.1),
    /// except between HEADERS and its last CONTINUATION.
    Unknown {
        kind: u8,
        stream: u32,
    },
}

/// Strips PADDED's pad length byte and padding (section 6.1).
fn unpad<'a>(h: &FrameHeader, payload: &'a [u8]) -> Result<&'a [u8], FrameError> {
    if !h.has(flag::PADDED) {
        return Ok(payload);
    }
    let (&pad, rest) = payload.split_first().ok_or(connection_error(
        ErrorCode::FRAME_SIZE_ERROR,
        "padded frame without a pad length",
    ))?;
    if pad as usize > rest.len() {
        return Err(connection_error(
            ErrorCode::PROTOCOL_ERROR,
            "padding longer than the payload",
        ));
    }
    Ok(&rest[..rest.len() - pad as usize])
}

fn fixed<const N: usize>(payload: &[u8], error: FrameError) -> Result<[u8; N], FrameError> {
    payload.try_into().map_err(|_| error)
}

/// Parses a frame whose header is `h` and whose whole payload (`h.length`
/// bytes) is `payload`.
pub fn parse<'a>(h: FrameHeader, payload: &'a [u8]) -> Result<Frame<'a>, FrameError> {
    debug_assert_eq!(payload.len(), h.length as usize);
    let on_stream = |what: &'static str| {
        if h.stream == 0 {
            Err(connection_error(ErrorCode::PROTOCOL_ERROR, what))
        } else {
            Ok(())
        }
    };
    let on_connection = |what: &'static str| {
        if h.stream != 0 {
            Err(connection_error(ErrorCode::PROTOCOL_ERROR, what))
        } else {
            Ok(())
        }
    };
    Ok(match h.kind {
        kind::DATA => {
            on_stream("DATA on stream 0")?;
            Frame::Data {
                stream: h.stream,
                end_stream: h.has(flag::END_STREAM),
                data: unpad(&h, payload)?,
                flow_len: h.length,
            }
        }
        kind::HEADERS => {
            on_stream("HEADERS on stream 0")?;
            let mut fragment = unpad(&h, payload)?;
            let priority = if h.has(flag::PRIORITY) {
                if fragment.len() < 5 {
                    return Err(connection_error(
                        ErrorCode::FRAME_SIZE_ERROR,
                        "HEADERS too short for its priority",
                    ));
                }
                // A stream depending on itself (section 5.3.1) is the
                // connection's to refuse, once HPACK has read the block.
                let p = Priority::parse(fragment);
                fragment = &fragment[5..];
                Some(p)
            } else {
                None
            };
            Frame::Headers {
                stream: h.stream,
                end_stream: h.has(flag::END_STREAM),
                end_headers: h.has(flag::END_HEADERS),
                priority,
                fragment,
            }
        }
        kind::PRIORITY => {
            on_stream("PRIORITY on stream 0")?;
            if payload.len() != 5 {
                return Err(FrameError::Stream(
                    h.stream,
                    ErrorCode::FRAME_SIZE_ERROR,
                    "PRIORITY not 5 bytes",
                ));
            }
            let priority = Priority::parse(payload);
            if priority.depends_on == h.stream {
                return Err(FrameError::Stream(
                    h.stream,
                    ErrorCode::PROTOCOL_ERROR,
                    "stream depends on itself",
                ));
            }
            Frame::Priority {
                stream: h.stream,
                priority,
            }
        }
        kind::RST_STREAM => {
            on_stream("RST_STREAM on stream 0")?;
            let code = fixed::<4>(
                payload,
                connection_error(ErrorCode::FRAME_SIZE_ERROR, "RST_STREAM not 4 bytes"),
            )?;
            Frame::RstStream {
                stream: h.stream,
                code: ErrorCode(u32::from_be_bytes(code)),
            }
        }
        kind::SETTINGS => {
            on_connection("SETTINGS on a stream")?;
            let ack = h.has(flag::ACK);
            if ack && !payload.is_empty() {
                return Err(connection_error(
                    ErrorCode::FRAME_SIZE_ERROR,
                    "SETTINGS ACK with a payload",
                ));
            }
            if !payload.len().is_multiple_of(6) {
                return Err(connection_error(
                    ErrorCode::FRAME_SIZE_ERROR,
                    "SETTINGS not a multiple of 6 bytes",
                ));
            }
            let settings = Settings(payload);
            settings.check()?;
            Frame::Settings { ack, settings }
        }
        kind::PUSH_PROMISE => {
            on_stream("PUSH_PROMISE on stream 0")?;
            Frame::PushPromise { stream: h.stream }
        }
        kind::PING => {
            on_connection("PING on a stream")?;
            let data = fixed::<8>(
                payload,
                connection_error(ErrorCode::FRAME_SIZE_ERROR, "PING not 8 bytes"),
            )?;
            Frame::Ping {
                ack: h.has(flag::ACK),
                data,
            }
        }
        kind::GOAWAY => {
            on_connection("GOAWAY on a stream")?;
            if payload.len() < 8 {
                return Err(connection_error(
                    ErrorCode::FRAME_SIZE_ERROR,
                    "GOAWAY shorter than 8 bytes",
                ));
            }
            Frame::GoAway {
                last_stream: u32::from_be_bytes([payload[0], payload[1], payload[2], payload[3]])
                    & MAX_WINDOW,
                code: ErrorCode(u32::from_be_bytes([
                    payload[4], payload[5], payload[6], payload[7],
                ])),
                debug: &payload[8..],
            }
        }
        kind::WINDOW_UPDATE => {
            let word = fixed::<4>(
                payload,
                connection_error(ErrorCode::FRAME_SIZE_ERROR, "WINDOW_UPDATE not 4 bytes"),
            )?;
            let increment = u32::from_be_bytes(word) & MAX_WINDOW;
            if increment == 0 {
                let why = "WINDOW_UPDATE of 0";
                return Err(match h.stream {
                    0 => connection_error(ErrorCode::PROTOCOL_ERROR, why),
                    s => FrameError::Stream(s, ErrorCode::PROTOCOL_ERROR, why),
                });
            }
            Frame::WindowUpdate {
                stream: h.stream,
                increment,
            }
        }
        kind::CONTINUATION => {
            on_stream("CONTINUATION on stream 0")?;
            Frame::Continuation {
                stream: h.stream,
                end_headers: h.has(flag::END_HEADERS),
                fragment: payload,
            }
        }
        other => Frame::Unknown {
            kind: other,
            stream: h.stream,
        },
    })
}

/// Where frames are written: the engine's output (a `ByteBuf`, whose
/// spare room stays zeroed across refills, so a DATA payload read into it
/// costs no memset) or a `Vec` (tests and the fuzzer building client
/// bytes).
pub trait FrameSink {
    fn put(&mut self, bytes: &[u8]);
}

impl FrameSink for Vec<u8> {
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

impl FrameSink for ByteBuf {
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// A frame header.
fn header(length: usize, kind: u8, flags: u8, stream: u32) -> [u8; HEADER_LEN] {
    debug_assert!(length <= LARGEST_MAX_FRAME_SIZE as usize);
    let len = (length as u32).to_be_bytes();
    let id = stream.to_be_bytes();
    [
        len[1], len[2], len[3], kind, flags, id[0], id[1], id[2], id[3],
    ]
}

/// Appends a frame header.
pub fn write_header(dst: &mut impl FrameSink, length: usize, kind: u8, flags: u8, stream: u32) {
    dst.put(&header(length, kind, flags, stream));
}

/// Appends a header block as HEADERS and as many CONTINUATION frames as
/// `max_frame_size` (the peer's) requires.
pub fn write_headers(
    dst: &mut impl FrameSink,
    stream: u32,
    block: &[u8],
    end_stream: bool,
    max_frame_size: u32,
) {
    let max = max_frame_size as usize;
    let mut pieces = block.chunks(max).peekable();
    let first = pieces.next().unwrap_or(&[]);
    let mut flags = if end_stream { flag::END_STREAM } else { 0 };
    let mut kind = kind::HEADERS;
    let mut piece = first;
    loop {
        let last = pieces.peek().is_none();
        if last {
            flags |= flag::END_HEADERS;
        }
        write_header(dst, piece.len(), kind, flags, stream);
        dst.put(piece);
        match pieces.next() {
            Some(next) => piece = next,
            None => return,
        }
        kind = kind::CONTINUATION;
        flags = 0;
    }
}

/// A DATA frame's header; its `length` bytes of payload follow.
pub fn data_header(stream: u32, length: usize, end_stream: bool) -> [u8; HEADER_LEN] {
    let flags = if end_stream { flag::END_STREAM } else { 0 };
    header(length, kind::DATA, flags, stream)
}

pub fn write_settings(dst: &mut impl FrameSink, settings: &[(u16, u32)]) {
    write_header(dst, settings.len() * 6, kind::SETTINGS, 0, 0);
    for (id, value) in settings {
        dst.put(&id.to_be_bytes());
        dst.put(&value.to_be_bytes());
    }
}

pub fn write_settings_ack(dst: &mut impl FrameSink) {
    write_header(dst, 0, kind::SETTINGS, flag::ACK, 0);
}

pub fn write_ping(dst: &mut impl FrameSink, ack: bool, data: [u8; 8]) {
    write_header(dst, 8, kind::PING, if ack { flag::ACK } else { 0 }, 0);
    dst.put(&data);
}

pub fn write_goaway(dst: &mut impl FrameSink, last_stream: u32, code: ErrorCode, debug: &[u8]) {
    write_header(dst, 8 + debug.len(), kind::GOAWAY, 0, 0);
    dst.put(&last_stream.to_be_bytes());
    dst.put(&code.0.to_be_bytes());
    dst.put(debug);
}

pub fn write_rst_stream(dst: &mut impl FrameSink, stream: u32, code: ErrorCode) {
    write_header(dst, 4, kind::RST_STREAM, 0, stream);
    dst.put(&code.0.to_be_bytes());
}

pub fn write_window_update(dst: &mut impl FrameSink, stream: u32, increment: u32) {
    debug_assert!(increment > 0 && increment <= MAX_WINDOW);
    write_header(dst, 4, kind::WINDOW_UPDATE, 0, stream);
    dst.put(&increment.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses one whole frame from `bytes`.
    fn frame(bytes: &[u8]) -> Result<Frame<'_>, FrameError> {
        let h = FrameHeader::parse(bytes[..HEADER_LEN].try_into().unwrap());
        assert_eq!(h.length as usize, bytes.len() - HEADER_LEN);
        parse(h, &bytes[HEADER_LEN..])
    }

    fn raw(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        write_header(&mut out, payload.len(), kind, flags, stream);
        out.extend_from_slice(payload);
        out
    }

    const PROTOCOL: ErrorCode = ErrorCode::PROTOCOL_ERROR;
    const SIZE: ErrorCode = ErrorCode::FRAME_SIZE_ERROR;

    fn connection_code(r: Result<Frame<'_>, FrameError>) -> ErrorCode {
        match r {
            Err(FrameError::Connection(code, _)) => code,
            other => panic!("expected a connection error, got {other:?}"),
        }
    }

    #[test]
    fn header_round_trip_ignores_the_reserved_bit() {
        let mut out = Vec::new();
        write_header(&mut out, 0x123456, kind::DATA, flag::END_STREAM, 7);
        out[5] |= 0x80;
        let h = FrameHeader::parse(out[..].try_into().unwrap());
        assert_eq!((h.length, h.kind, h.flags, h.stream), (0x123456, 0, 1, 7));
        assert!(h.check_length(DEFAULT_MAX_FRAME_SIZE).is_err());
        assert!(h.check_length(LARGEST_MAX_FRAME_SIZE).is_ok());
    }

    #[test]
    fn data_padding() {
        let bytes = raw(kind::DATA, flag::PADDED | flag::END_STREAM, 1, b"\x02abcxx");
        let f = frame(&bytes).unwrap();
        assert_eq!(
            f,
            Frame::Data {
                stream: 1,
                end_stream: true,
                data: b"abc",
                flow_len: 6
            }
        );
        // Padding as long as the rest, or more.
        assert_eq!(
            frame(&raw(kind::DATA, flag::PADDED, 1, b"\x02ab")).unwrap(),
            Frame::Data {
                stream: 1,
                end_stream: false,
                data: b"",
                flow_len: 3
            }
        );
        assert_eq!(
            connection_code(frame(&raw(kind::DATA, flag::PADDED, 1, b"\x03ab"))),
            PROTOCOL
        );
        assert_eq!(
            connection_code(frame(&raw(kind::DATA, flag::PADDED, 1, b""))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::DATA, 0, 0, b"a"))),
            PROTOCOL
        );
    }

    #[test]
    fn headers_with_priority_and_padding() {
        let payload = b"\x01\x80\x00\x00\x03\x10blockp";
        let bytes = raw(
            kind::HEADERS,
            flag::PADDED | flag::PRIORITY | flag::END_HEADERS,
            5,
            payload,
        );
        let f = frame(&bytes).unwrap();
        assert_eq!(
            f,
            Frame::Headers {
                stream: 5,
                end_stream: false,
                end_headers: true,
                priority: Some(Priority {
                    depends_on: 3,
                    exclusive: true,
                    weight: 0x10
                }),
                fragment: b"block",
            }
        );
        assert_eq!(
            connection_code(frame(&raw(kind::HEADERS, flag::PRIORITY, 5, b"\0\0\0"))),
            SIZE
        );
        assert!(matches!(
            frame(&raw(kind::HEADERS, flag::PRIORITY, 5, b"\0\0\0\x05\x10")),
            Ok(Frame::Headers {
                priority: Some(Priority { depends_on: 5, .. }),
                ..
            })
        ));
        assert_eq!(
            frame(&raw(kind::PRIORITY, 0, 5, b"\0\0\0\x05\x10")),
            Err(FrameError::Stream(5, PROTOCOL, "stream depends on itself"))
        );
        assert_eq!(
            connection_code(frame(&raw(kind::HEADERS, 0, 0, b""))),
            PROTOCOL
        );
        assert_eq!(
            connection_code(frame(&raw(kind::CONTINUATION, 0, 0, b""))),
            PROTOCOL
        );
    }

    #[test]
    fn fixed_size_frames_of_the_wrong_size() {
        assert!(matches!(
            frame(&raw(kind::PRIORITY, 0, 3, b"\0\0\0\x01")),
            Err(FrameError::Stream(3, ErrorCode::FRAME_SIZE_ERROR, _))
        ));
        assert_eq!(
            connection_code(frame(&raw(kind::RST_STREAM, 0, 3, b"\0\0\0"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::RST_STREAM, 0, 0, b"\0\0\0\0"))),
            PROTOCOL
        );
        assert_eq!(
            connection_code(frame(&raw(kind::PING, 0, 0, b"1234567"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::PING, 0, 1, b"12345678"))),
            PROTOCOL
        );
        assert_eq!(
            connection_code(frame(&raw(kind::GOAWAY, 0, 0, b"1234567"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::WINDOW_UPDATE, 0, 0, b"\0\0\x01"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::WINDOW_UPDATE, 0, 0, b"\0\0\0\0"))),
            PROTOCOL
        );
        assert!(matches!(
            frame(&raw(kind::WINDOW_UPDATE, 0, 9, b"\x80\0\0\0")),
            Err(FrameError::Stream(9, ErrorCode::PROTOCOL_ERROR, _))
        ));
        assert_eq!(
            frame(&raw(kind::WINDOW_UPDATE, 0, 9, b"\xff\xff\xff\xff")).unwrap(),
            Frame::WindowUpdate {
                stream: 9,
                increment: MAX_WINDOW
            }
        );
    }

    #[test]
    fn settings_are_checked() {
        let mut out = Vec::new();
        write_settings(
            &mut out,
            &[(setting::MAX_CONCURRENT_STREAMS, 100), (0x99, 1)],
        );
        let Frame::Settings {
            ack: false,
            settings,
        } = frame(&out).unwrap()
        else {
            panic!()
        };
        assert_eq!(settings.iter().collect::<Vec<_>>(), [(3, 100), (0x99, 1)]);
        for (id, value, code) in [
            (setting::ENABLE_PUSH, 2, PROTOCOL),
            (
                setting::INITIAL_WINDOW_SIZE,
                MAX_WINDOW + 1,
                ErrorCode::FLOW_CONTROL_ERROR,
            ),
            (
                setting::MAX_FRAME_SIZE,
                DEFAULT_MAX_FRAME_SIZE - 1,
                PROTOCOL,
            ),
            (
                setting::MAX_FRAME_SIZE,
                LARGEST_MAX_FRAME_SIZE + 1,
                PROTOCOL,
            ),
        ] {
            let mut out = Vec::new();
            write_settings(&mut out, &[(id, value)]);
            assert_eq!(connection_code(frame(&out)), code, "{id} {value}");
        }
        assert_eq!(
            connection_code(frame(&raw(kind::SETTINGS, flag::ACK, 0, b"\0\0\0\0\0\0"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::SETTINGS, 0, 0, b"\0\0\0\0\0"))),
            SIZE
        );
        assert_eq!(
            connection_code(frame(&raw(kind::SETTINGS, 0, 1, b""))),
            PROTOCOL
        );
        let mut ack = Vec::new();
        write_settings_ack(&mut ack);
        assert!(matches!(
            frame(&ack).unwrap(),
            Frame::Settings { ack: true, .. }
        ));
    }

    #[test]
    fn writers_produce_what_the_parser_reads() {
        let mut out = Vec::new();
        write_ping(&mut out, true, *b"abcdefgh");
        assert_eq!(
            frame(&out).unwrap(),
            Frame::Ping {
                ack: true,
                data: *b"abcdefgh"
            }
        );
        out.clear();
        write_goaway(&mut out, 7, ErrorCode::ENHANCE_YOUR_CALM, b"flood");
        assert_eq!(
            frame(&out).unwrap(),
            Frame::GoAway {
                last_stream: 7,
                code: ErrorCode::ENHANCE_YOUR_CALM,
                debug: b"flood"
            }
        );
        out.clear();
        write_rst_stream(&mut out, 3, ErrorCode::CANCEL);
        assert_eq!(
            frame(&out).unwrap(),
            Frame::RstStream {
                stream: 3,
                code: ErrorCode::CANCEL
            }
        );
        assert_eq!(
            format!("{:?} {:?}", ErrorCode::CANCEL, ErrorCode(0x77)),
            "CANCEL ErrorCode(0x77)"
        );
        assert_eq!(
            frame(&raw(0x42, 0xff, 3, b"xyz")).unwrap(),
            Frame::Unknown {
                kind: 0x42,
                stream: 3
            }
        );
    }

    #[test]
    fn large_header_blocks_are_split_into_continuations() {
        let block: Vec<u8> = (0..40_000u32).map(|i| i as u8).collect();
        let mut out = Vec::new();
        write_headers(&mut out, 1, &block, true, DEFAULT_MAX_FRAME_SIZE);
        let mut pos = 0;
        let mut seen = Vec::new();
        let mut kinds = Vec::new();
        while pos < out.len() {
            let h = FrameHeader::parse(out[pos..pos + HEADER_LEN].try_into().unwrap());
            let payload = &out[pos + HEADER_LEN..pos + HEADER_LEN + h.length as usize];
            kinds.push((h.kind, h.flags));
            seen.extend_from_slice(payload);
            pos += HEADER_LEN + h.length as usize;
        }
        assert_eq!(seen, block);
        assert_eq!(
            kinds,
            [
                (kind::HEADERS, flag::END_STREAM),
                (kind::CONTINUATION, 0),
                (kind::CONTINUATION, flag::END_HEADERS)
            ]
        );
        out.clear();
        write_headers(&mut out, 1, b"", false, DEFAULT_MAX_FRAME_SIZE);
        assert_eq!(out, raw(kind::HEADERS, flag::END_HEADERS, 1, b""));
    }
}
