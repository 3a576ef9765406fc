//! The connection engine driven by a client made of the same frame and
//! HPACK code, bytes in and bytes out, no socket.

use super::*;
use crate::http2::frame::{flag, kind, PREFACE};
use crate::http2::hpack;

fn config() -> Config {
    Config {
        max_concurrent_streams: 3,
        max_header_list_size: 1024,
        header_table_size: 4096,
        stream_window: 1 << 16,
        connection_window: 1 << 20,
    }
}

/// A frame the server wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Out {
    kind: u8,
    flags: u8,
    stream: u32,
    payload: Vec<u8>,
}

impl Out {
    fn code(&self) -> ErrorCode {
        let at = if self.kind == kind::GOAWAY { 4 } else { 0 };
        ErrorCode(u32::from_be_bytes(
            self.payload[at..at + 4].try_into().unwrap(),
        ))
    }
}

/// What the events said, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seen {
    Request(u32, String, bool),
    Data(u32, Vec<u8>, bool),
    Trailers(u32, usize),
    Reset(u32, ErrorCode, bool),
    WindowOpened,
    GoAway(u32),
}

fn seen(events: Vec<Event<'_>>) -> Vec<Seen> {
    events
        .into_iter()
        .map(|e| match e {
            Event::Request {
                stream,
                head,
                end_stream,
            } => Seen::Request(
                stream,
                format!("{} {}", head.method, String::from_utf8_lossy(&head.path)),
                end_stream,
            ),
            Event::Data {
                stream,
                data,
                end_stream,
            } => Seen::Data(stream, data.to_vec(), end_stream),
            Event::Trailers { stream, headers } => Seen::Trailers(stream, headers.len()),
            Event::Reset {
                stream,
                code,
                by_client,
            } => Seen::Reset(stream, code, by_client),
            Event::WindowOpened => Seen::WindowOpened,
            Event::GoAway { last_stream, .. } => Seen::GoAway(last_stream),
        })
        .collect()
}

/// The client side: its HPACK encoder, and what the server sent it.
struct Peer {
    conn: Connection,
    encoder: hpack::Encoder,
    decoder: hpack::Decoder,
    /// Bytes offered but not yet taken by `receive`.
    pending: Vec<u8>,
}

impl Peer {
    fn new(config: Config) -> Peer {
        Peer {
            conn: Connection::new(config),
            encoder: hpack::Encoder::new(),
            decoder: hpack::Decoder::new(4096),
            pending: Vec::new(),
        }
    }

    /// A connection past its preface and first SETTINGS, output drained.
    fn started() -> Peer {
        let mut p = Peer::new(config());
        let mut bytes = PREFACE.to_vec();
        frame::write_settings(&mut bytes, &[]);
        assert_eq!(p.send(&bytes), Ok(vec![]));
        p.output();
        p
    }

    /// Offers `bytes` as a transport would (appended to what is pending).
    fn send(&mut self, bytes: &[u8]) -> Result<Vec<Seen>, ConnectionError> {
        self.pending.extend_from_slice(bytes);
        let input = std::mem::take(&mut self.pending);
        let mut events = Vec::new();
        let result = self.conn.receive(&input, &mut events);
        let seen = seen(events);
        let taken = result?;
        self.pending = input[taken..].to_vec();
        Ok(seen)
    }

    /// Every frame the server wrote since the last call.
    fn output(&mut self) -> Vec<Out> {
        let taken = self.conn.take_output(ByteBuf::new());
        let bytes = taken.as_slice();
        let mut frames = Vec::new();
        let mut pos = 0;
        while pos < bytes.len() {
            let h = FrameHeader::parse(bytes[pos..pos + HEADER_LEN].try_into().unwrap());
            let end = pos + HEADER_LEN + h.length as usize;
            frames.push(Out {
                kind: h.kind,
                flags: h.flags,
                stream: h.stream,
                payload: bytes[pos + HEADER_LEN..end].to_vec(),
            });
            pos = end;
        }
        frames
    }

    fn block(&mut self, fields: &[(&str, &str)]) -> Vec<u8> {
        let mut block = Vec::new();
        self.encoder.begin_block(&mut block);
        for (n, v) in fields {
            self.encoder.field(
                n.as_bytes(),
                hpack::table::static_name_index(n.as_bytes()),
                v.as_bytes(),
                hpack::Indexing::Yes,
                &mut block,
            );
        }
        block
    }

    fn headers_frame(&mut self, stream: u32, fields: &[(&str, &str)], end_stream: bool) -> Vec<u8> {
        let block = self.block(fields);
        let mut bytes = Vec::new();
        frame::write_headers(&mut bytes, stream, &block, end_stream, 1 << 14);
        bytes
    }

    fn get(&mut self, stream: u32, path: &str) -> Vec<u8> {
        self.headers_frame(stream, &request(path), true)
    }

    fn decode(&mut self, block: &[u8]) -> Vec<(String, String)> {
        let mut fields = Vec::new();
        self.decoder
            .decode(block, |f| {
                fields.push((
                    String::from_utf8_lossy(f.name).into_owned(),
                    String::from_utf8_lossy(f.value).into_owned(),
                ))
            })
            .unwrap();
        fields
    }
}

fn request(path: &str) -> Vec<(&'static str, &str)> {
    vec![
        (":method", "GET"),
        (":scheme", "https"),
        (":authority", "example.com"),
        (":path", path),
    ]
}

fn raw(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    frame::write_header(&mut out, payload.len(), kind, flags, stream);
    out.extend_from_slice(payload);
    out
}

fn data(stream: u32, payload: &[u8], end_stream: bool) -> Vec<u8> {
    raw(
        kind::DATA,
        if end_stream { flag::END_STREAM } else { 0 },
        stream,
        payload,
    )
}

fn window_update(stream: u32, increment: u32) -> Vec<u8> {
    let mut out = Vec::new();
    frame::write_window_update(&mut out, stream, increment);
    out
}

fn connection_error(result: Result<Vec<Seen>, ConnectionError>) -> ErrorCode {
    result.expect_err("a connection error").code
}

#[test]
fn preface_settings_request_and_response() {
    let mut p = Peer::new(config());
    let mut bytes = PREFACE.to_vec();
    frame::write_settings(&mut bytes, &[(setting::INITIAL_WINDOW_SIZE, 1 << 20)]);
    bytes.extend(p.get(1, "/index.html"));
    assert_eq!(
        p.send(&bytes).unwrap(),
        [Seen::Request(1, "GET /index.html".into(), true)]
    );
    let out = p.output();
    let kinds: Vec<_> = out.iter().map(|f| (f.kind, f.flags)).collect();
    assert_eq!(
        kinds,
        [
            (kind::SETTINGS, 0),
            (kind::WINDOW_UPDATE, 0),
            (kind::SETTINGS, flag::ACK)
        ]
    );
    p.conn
        .send_headers(
            1,
            200,
            [
                FieldRef {
                    known: None,
                    name: b"Content-Type",
                    value: b"text/html",
                },
                FieldRef {
                    known: None,
                    name: b"Connection",
                    value: b"close",
                },
            ],
            false,
        )
        .unwrap();
    assert_eq!(p.conn.send_data(1, b"hello", true), Ok(5));
    let out = p.output();
    assert_eq!(out.len(), 2);
    assert_eq!(
        (out[0].kind, out[0].flags),
        (kind::HEADERS, flag::END_HEADERS)
    );
    let fields = p.decode(&out[0].payload.clone());
    assert_eq!(
        fields,
        [
            (":status".into(), "200".into()),
            ("content-type".into(), "text/html".into())
        ]
    );
    assert_eq!(
        (out[1].kind, out[1].flags, &out[1].payload[..]),
        (kind::DATA, flag::END_STREAM, &b"hello"[..])
    );
    assert_eq!(p.conn.active_streams(), 0);
    assert_eq!(p.conn.send_data(1, b"more", true), Err(StreamGone(1)));
}

#[test]
fn byte_by_byte_gives_the_same_events() {
    let mut whole = Peer::new(config());
    let mut bytes = PREFACE.to_vec();
    frame::write_settings(&mut bytes, &[]);
    let block = whole.block(&request("/a"));
    // The block split over HEADERS and two CONTINUATIONs, then a body.
    frame::write_header(&mut bytes, 3, kind::HEADERS, 0, 1);
    bytes.extend_from_slice(&block[..3]);
    frame::write_header(&mut bytes, 2, kind::CONTINUATION, 0, 1);
    bytes.extend_from_slice(&block[3..5]);
    frame::write_header(
        &mut bytes,
        block.len() - 5,
        kind::CONTINUATION,
        flag::END_HEADERS,
        1,
    );
    bytes.extend_from_slice(&block[5..]);
    bytes.extend(data(1, b"body", false));
    bytes.extend(data(1, b"", true));
    let all = whole.send(&bytes).unwrap();
    assert_eq!(
        all,
        [
            Seen::Request(1, "GET /a".into(), false),
            Seen::Data(1, b"body".to_vec(), false),
            Seen::Data(1, vec![], true)
        ]
    );
    let mut piecewise = Peer::new(config());
    let mut events = Vec::new();
    for b in &bytes {
        events.extend(piecewise.send(&[*b]).unwrap());
    }
    assert_eq!(events, all);
    assert_eq!(piecewise.output(), whole.output());
}

#[test]
fn preface_and_first_frame_errors() {
    let mut p = Peer::new(config());
    assert_eq!(
        connection_error(p.send(b"GET / HTTP/1.1\r\n")),
        ErrorCode::PROTOCOL_ERROR
    );
    let out = p.output();
    assert_eq!(out.last().unwrap().kind, kind::GOAWAY);
    let mut p = Peer::new(config());
    let mut bytes = PREFACE.to_vec();
    frame::write_ping(&mut bytes, false, [0; 8]);
    assert_eq!(connection_error(p.send(&bytes)), ErrorCode::PROTOCOL_ERROR);
}

#[test]
fn stream_id_rules() {
    let mut p = Peer::started();
    let even = p.get(2, "/");
    assert_eq!(connection_error(p.send(&even)), ErrorCode::PROTOCOL_ERROR);
    let mut p = Peer::started();
    let (five, three) = (p.get(5, "/"), p.get(3, "/"));
    p.send(&five).unwrap();
    // Lower than a stream already opened: that stream is closed.
    assert_eq!(connection_error(p.send(&three)), ErrorCode::STREAM_CLOSED);
    let mut p = Peer::started();
    assert_eq!(
        connection_error(p.send(&data(1, b"x", false))),
        ErrorCode::PROTOCOL_ERROR
    );
    let mut p = Peer::started();
    assert_eq!(
        connection_error(p.send(&window_update(7, 1))),
        ErrorCode::PROTOCOL_ERROR
    );
    let mut p = Peer::started();
    let mut rst = Vec::new();
    frame::write_rst_stream(&mut rst, 9, ErrorCode::CANCEL);
    assert_eq!(connection_error(p.send(&rst)), ErrorCode::PROTOCOL_ERROR);
}

#[test]
fn nothing_between_headers_and_continuation() {
    let mut p = Peer::started();
    let block = p.block(&request("/"));
    let mut bytes = raw(kind::HEADERS, 0, 1, &block);
    frame::write_ping(&mut bytes, false, [0; 8]);
    assert_eq!(connection_error(p.send(&bytes)), ErrorCode::PROTOCOL_ERROR);
    let mut p = Peer::started();
    assert_eq!(
        connection_error(p.send(&raw(kind::CONTINUATION, flag::END_HEADERS, 1, b""))),
        ErrorCode::PROTOCOL_ERROR
    );
    // Empty CONTINUATIONs cannot go on for ever.
    let mut p = Peer::started();
    let mut bytes = raw(kind::HEADERS, 0, 1, &block);
    for _ in 0..1000 {
        bytes.extend(raw(kind::CONTINUATION, 0, 1, b""));
    }
    assert_eq!(
        connection_error(p.send(&bytes)),
        ErrorCode::ENHANCE_YOUR_CALM
    );
}

#[test]
fn send_flow_control_stalls_and_resumes() {
    let mut p = Peer::started();
    let get = p.get(1, "/big");
    p.send(&get).unwrap();
    p.conn.send_headers(1, 200, [], false).unwrap();
    let body = vec![7u8; 100_000];
    // The client's windows are the initial 65,535 bytes.
    assert_eq!(p.conn.send_data(1, &body, true), Ok(65_535));
    assert_eq!(p.conn.send_window(1), 0);
    let out = p.output();
    let sizes: Vec<_> = out
        .iter()
        .filter(|f| f.kind == kind::DATA)
        .map(|f| f.payload.len())
        .collect();
    assert_eq!(
        sizes,
        [
            DATA_FRAME,
            DATA_FRAME,
            DATA_FRAME,
            DATA_FRAME,
            65_535 - 4 * DATA_FRAME
        ]
    );
    // The stream's window opens: still held by the connection's.
    assert_eq!(
        p.send(&window_update(1, 50_000)).unwrap(),
        [Seen::WindowOpened]
    );
    assert_eq!(p.conn.send_window(1), 0);
    let mut bytes = window_update(0, 40_000);
    // A larger initial window raises every open stream's.
    frame::write_settings(&mut bytes, &[(setting::INITIAL_WINDOW_SIZE, 70_000)]);
    assert_eq!(p.send(&bytes).unwrap(), [Seen::WindowOpened]);
    assert_eq!(p.conn.send_window(1), 40_000);
    assert_eq!(p.conn.send_data(1, &body[65_535..], true), Ok(34_465));
    assert_eq!(p.output().last().unwrap().flags, flag::END_STREAM);
    assert_eq!(p.conn.active_streams(), 0);
}

#[test]
fn window_overflow() {
    let mut p = Peer::started();
    assert_eq!(
        connection_error(p.send(&window_update(0, MAX_WINDOW))),
        ErrorCode::FLOW_CONTROL_ERROR
    );
    let mut p = Peer::started();
    let get = p.get(1, "/");
    p.send(&get).unwrap();
    assert_eq!(
        p.send(&window_update(1, MAX_WINDOW)).unwrap(),
        [Seen::Reset(1, ErrorCode::FLOW_CONTROL_ERROR, false)]
    );
    assert_eq!(p.output()[0].code(), ErrorCode::FLOW_CONTROL_ERROR);
    let mut p = Peer::started();
    let get = p.get(1, "/");
    p.send(&get).unwrap();
    let mut settings = Vec::new();
    frame::write_settings(&mut settings, &[(setting::INITIAL_WINDOW_SIZE, MAX_WINDOW)]);
    let mut bytes = window_update(1, MAX_WINDOW - 65_535);
    bytes.extend(settings);
    assert_eq!(
        connection_error(p.send(&bytes)),
        ErrorCode::FLOW_CONTROL_ERROR
    );
}

#[test]
fn receive_flow_control_and_batched_updates() {
    let mut p = Peer::started();
    let post = p.headers_frame(
        1,
        &[(":method", "POST"), (":scheme", "https"), (":path", "/up")],
        false,
    );
    p.send(&post).unwrap();
    let chunk = vec![1u8; 16_384];
    for _ in 0..2 {
        let events = p.send(&data(1, &chunk, false)).unwrap();
        assert!(matches!(events[..], [Seen::Data(1, ref d, false)] if d.len() == 16_384));
        p.conn.release(1, chunk.len());
    }
    // Half the stream window (32 KiB) consumed: one update for it; the
    // connection's waits for half of its own.
    let out = p.output();
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].kind, out[0].stream), (kind::WINDOW_UPDATE, 1));
    assert_eq!(out[0].payload, 32_768u32.to_be_bytes());
    // Beyond the stream's window (64 KiB, 32 KiB back): a stream error.
    for _ in 0..4 {
        p.send(&data(1, &chunk, false)).unwrap();
    }
    assert_eq!(
        p.send(&data(1, &[0], false)).unwrap(),
        [Seen::Reset(1, ErrorCode::FLOW_CONTROL_ERROR, false)]
    );
    // Beyond the connection's window: a connection error.
    let mut p = Peer::new(Config {
        connection_window: 65_535,
        stream_window: 1 << 20,
        ..config()
    });
    let mut bytes = PREFACE.to_vec();
    frame::write_settings(&mut bytes, &[]);
    p.send(&bytes).unwrap();
    let post = p.headers_frame(
        1,
        &[(":method", "POST"), (":scheme", "https"), (":path", "/up")],
        false,
    );
    p.send(&post).unwrap();
    for _ in 0..3 {
        p.send(&data(1, &chunk, false)).unwrap();
    }
    assert_eq!(
        connection_error(p.send(&data(1, &chunk, false))),
        ErrorCode::FLOW_CONTROL_ERROR
    );
}

#[test]
fn concurrency_limit_refuses_streams() {
    let mut p = Peer::started();
    for id in [1, 3, 5] {
        let get = p.get(id, "/");
        p.send(&get).unwrap();
    }
    let fourth = p.get(7, "/");
    assert_eq!(p.send(&fourth).unwrap(), []);
    let out = p.output();
    assert_eq!(
        (out[0].kind, out[0].stream, out[0].code()),
        (kind::RST_STREAM, 7, ErrorCode::REFUSED_STREAM)
    );
    // One ends: the next is accepted.
    p.conn.send_headers(1, 204, [], true).unwrap();
    let ninth = p.get(9, "/");
    assert_eq!(
        p.send(&ninth).unwrap(),
        [Seen::Request(9, "GET /".into(), true)]
    );
}

#[test]
fn malformed_requests_reset_and_hpack_stays_in_step() {
    let mut p = Peer::started();
    let mut fields = request("/x");
    fields.push(("Upper", "case"));
    let bad = p.headers_frame(1, &fields, true);
    assert_eq!(p.send(&bad).unwrap(), []);
    let out = p.output();
    assert_eq!(
        (out[0].kind, out[0].stream, out[0].code()),
        (kind::RST_STREAM, 1, ErrorCode::PROTOCOL_ERROR)
    );
    // The next request refers to table entries the refused one added.
    let next = p.get(3, "/x");
    assert_eq!(
        p.send(&next).unwrap(),
        [Seen::Request(3, "GET /x".into(), true)]
    );
    // A body that does not add up to content-length.
    let mut post = request("/up");
    post[0] = (":method", "POST");
    post.push(("content-length", "3"));
    let post = p.headers_frame(5, &post, false);
    p.send(&post).unwrap();
    assert_eq!(
        p.send(&data(5, b"four", true)).unwrap(),
        [Seen::Reset(5, ErrorCode::PROTOCOL_ERROR, false)]
    );
    p.output();
    // A stream that depends on itself; its block still updates the table.
    let mut payload = vec![0, 0, 0, 7, 16];
    payload.extend(p.block(&request("/self")));
    let flags = flag::PRIORITY | flag::END_HEADERS | flag::END_STREAM;
    assert_eq!(p.send(&raw(kind::HEADERS, flags, 7, &payload)).unwrap(), []);
    let out = p.output();
    assert_eq!(
        (out[0].kind, out[0].stream, out[0].code()),
        (kind::RST_STREAM, 7, ErrorCode::PROTOCOL_ERROR)
    );
    let next = p.get(9, "/self");
    assert_eq!(
        p.send(&next).unwrap(),
        [Seen::Request(9, "GET /self".into(), true)]
    );
}

#[test]
fn oversized_head_is_answered_431() {
    let mut p = Peer::started();
    let mut fields = request("/");
    let long = "v".repeat(2000);
    fields.push(("x-long", &long));
    let big = p.headers_frame(1, &fields, false);
    assert_eq!(p.send(&big).unwrap(), []);
    let out = p.output();
    assert_eq!(
        (out[0].kind, out[0].flags & flag::END_STREAM),
        (kind::HEADERS, flag::END_STREAM)
    );
    assert_eq!(
        p.decode(&out[0].payload.clone()),
        [(":status".into(), "431".into())]
    );
    assert_eq!(
        (out[1].kind, out[1].code()),
        (kind::RST_STREAM, ErrorCode::NO_ERROR)
    );
    // Its body, in flight, is ignored.
    assert_eq!(p.send(&data(1, b"late", true)).unwrap(), []);
}

#[test]
fn trailers_end_the_body() {
    let mut p = Peer::started();
    let post = p.headers_frame(
        1,
        &[(":method", "POST"), (":scheme", "https"), (":path", "/up")],
        false,
    );
    p.send(&post).unwrap();
    p.send(&data(1, b"abc", false)).unwrap();
    let trailers = p.headers_frame(1, &[("x-sum", "1")], true);
    assert_eq!(p.send(&trailers).unwrap(), [Seen::Trailers(1, 1)]);
    // The input is over; the response may still be sent.
    p.conn.send_headers(1, 200, [], true).unwrap();
    // HEADERS without END_STREAM after the head: malformed.
    let post = p.headers_frame(
        3,
        &[(":method", "POST"), (":scheme", "https"), (":path", "/up")],
        false,
    );
    p.send(&post).unwrap();
    let again = p.headers_frame(3, &[("x-sum", "1")], false);
    assert_eq!(
        p.send(&again).unwrap(),
        [Seen::Reset(3, ErrorCode::PROTOCOL_ERROR, false)]
    );
}

#[test]
fn client_reset_ping_push_and_goaway() {
    let mut p = Peer::started();
    let get = p.get(1, "/");
    p.send(&get).unwrap();
    let mut bytes = Vec::new();
    frame::write_rst_stream(&mut bytes, 1, ErrorCode::CANCEL);
    frame::write_ping(&mut bytes, false, *b"12345678");
    assert_eq!(
        p.send(&bytes).unwrap(),
        [Seen::Reset(1, ErrorCode::CANCEL, true)]
    );
    assert_eq!(p.conn.send_headers(1, 200, [], true), Err(StreamGone(1)));
    let out = p.output();
    assert_eq!(
        (out[0].kind, out[0].flags, &out[0].payload[..]),
        (kind::PING, flag::ACK, &b"12345678"[..])
    );
    // Late frames on the reset stream are ignored.
    assert_eq!(p.send(&window_update(1, 10)).unwrap(), []);
    let mut goaway = Vec::new();
    frame::write_goaway(&mut goaway, 0, ErrorCode::NO_ERROR, b"");
    assert_eq!(p.send(&goaway).unwrap(), [Seen::GoAway(0)]);
    assert_eq!(
        connection_error(p.send(&raw(
            kind::PUSH_PROMISE,
            flag::END_HEADERS,
            3,
            b"\0\0\0\x02"
        ))),
        ErrorCode::PROTOCOL_ERROR
    );
}

#[test]
fn graceful_goaway_lets_open_streams_finish() {
    let mut p = Peer::started();
    let get = p.get(1, "/");
    p.send(&get).unwrap();
    p.conn.go_away(ErrorCode::NO_ERROR);
    let out = p.output();
    assert_eq!(
        (out[0].kind, &out[0].payload[..8]),
        (kind::GOAWAY, &[0, 0, 0, 1, 0, 0, 0, 0][..])
    );
    assert!(!p.conn.is_done());
    // A stream opened after it is not processed, but its HPACK is read.
    let late = p.get(3, "/late");
    assert_eq!(p.send(&late).unwrap(), []);
    let later = p.get(5, "/late");
    assert_eq!(p.send(&later).unwrap(), []);
    p.conn.send_headers(1, 200, [], true).unwrap();
    assert!(p.conn.is_done());
}

#[test]
fn data_with_fills_the_frame_in_place() {
    let mut p = Peer::started();
    let get = p.get(1, "/file");
    p.send(&get).unwrap();
    p.conn.send_headers(1, 200, [], false).unwrap();
    p.output();
    let file = vec![9u8; 20_000];
    let mut offset = 0;
    while offset < file.len() {
        let n = p
            .conn
            .send_data_with(1, file.len() - offset, true, |buf| {
                buf.copy_from_slice(&file[offset..offset + buf.len()]);
                Ok::<_, std::io::Error>(buf.len())
            })
            .unwrap()
            .unwrap();
        offset += n;
    }
    let out = p.output();
    let frames: Vec<_> = out.iter().map(|f| (f.payload.len(), f.flags)).collect();
    assert_eq!(
        frames,
        [(DATA_FRAME, 0), (20_000 - DATA_FRAME, flag::END_STREAM)]
    );
    // A failed read writes nothing.
    let get = p.get(3, "/file");
    p.send(&get).unwrap();
    let failed = p
        .conn
        .send_data_with(3, 10, true, |_| Err(std::io::Error::other("disk")))
        .unwrap();
    assert!(failed.is_err());
    assert!(!p.conn.has_output());
}

#[test]
fn idle_release_frees_the_stream_map_and_serving_goes_on() {
    let mut p = Peer::started();
    for stream in [1, 3] {
        let get = p.get(stream, "/");
        assert_eq!(
            p.send(&get).unwrap(),
            [Seen::Request(stream, "GET /".into(), true)]
        );
        p.conn.send_headers(stream, 204, [], true).unwrap();
        p.output();
        assert_eq!(p.conn.active_streams(), 0);
        // Emptied, the map still holds its buckets until released.
        assert!(p.conn.streams.capacity() > 0);
        p.conn.release_idle_buffers();
        assert_eq!(p.conn.streams.capacity(), 0);
        assert!(p.conn.encoded.capacity() == 0 && p.conn.spare.is_empty());
    }
}

#[test]
fn known_names_are_encoded_as_their_text_would_be() {
    for known in KnownName::ALL {
        assert_eq!(
            KNOWN_STATIC_INDEX[known as usize],
            static_name_index(known.as_str().as_bytes()),
            "{known:?}"
        );
    }
    // Two connections, one given each field as text and one as known
    // names: byte for byte the same blocks, the second response from the
    // dynamic table in both.
    let values: [(KnownName, &[u8]); 4] = [
        (KnownName::ETag, b"\"6b0-1\""),
        (KnownName::ContentType, b"text/html"),
        (KnownName::AcceptRanges, b"bytes"),
        (KnownName::ContentLength, b"1712"),
    ];
    let mut blocks = Vec::new();
    for as_known in [false, true] {
        let mut p = Peer::new(config());
        let mut bytes = PREFACE.to_vec();
        frame::write_settings(&mut bytes, &[]);
        bytes.extend(p.get(1, "/a"));
        bytes.extend(p.get(3, "/b"));
        p.send(&bytes).unwrap();
        p.output();
        let mut out = Vec::new();
        for stream in [1, 3] {
            let fields = values.iter().map(|&(known, value)| match as_known {
                true => FieldRef::new(known, value),
                false => FieldRef {
                    known: None,
                    name: known.as_str().as_bytes(),
                    value,
                },
            });
            p.conn.send_headers(stream, 200, fields, true).unwrap();
            out.extend(p.output().into_iter().map(|f| f.payload));
        }
        assert!(out[1].len() < out[0].len());
        blocks.push(out);
    }
    assert_eq!(blocks[0], blocks[1]);
}
