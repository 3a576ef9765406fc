//! The HTTP/2 connection engine, on any frames a client can send after its
//! preface: fed whole, one byte at a time, and in pieces the input itself
//! sizes, it must give the same events, write the same frames and reach
//! the same verdict, without panicking. Then every request it accepted is
//! answered, which must not panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::buffer::ByteBuf;
use tlsaccel::http2::frame::{self, PREFACE};
use tlsaccel::exchange::{FieldRef, KnownName};
use tlsaccel::http2::{Config, Connection, Event};

const CONFIG: Config = Config {
    max_concurrent_streams: 4,
    max_header_list_size: 4096,
    header_table_size: 4096,
    stream_window: 65_535,
    connection_window: 1 << 20,
};

/// Events as text, output bytes, the connection error's code, and the
/// streams whose requests were accepted.
type Run = (Vec<String>, Vec<u8>, Option<u32>, Vec<u32>);

fn describe(event: &Event<'_>, accepted: &mut Vec<u32>) -> String {
    match event {
        Event::Request { stream, head, end_stream } => {
            accepted.push(*stream);
            format!("request {stream} {} {:?} {end_stream}", head.method, head.path)
        }
        Event::Data { stream, data, end_stream } => format!("data {stream} {data:?} {end_stream}"),
        other => format!("{other:?}"),
    }
}

fn run(input: &[u8], mut piece: impl FnMut() -> usize) -> Run {
    let mut conn = Connection::new(CONFIG);
    let (mut seen, mut output, mut verdict, mut accepted) = (Vec::new(), Vec::new(), None, Vec::new());
    let mut pending: Vec<u8> = Vec::new();
    let mut pos = 0;
    while pos < input.len() {
        let end = (pos + piece().max(1)).min(input.len());
        pending.extend_from_slice(&input[pos..end]);
        pos = end;
        let mut events = Vec::new();
        let result = conn.receive(&pending, &mut events);
        for event in &events {
            // A hint that windows grew, which the engine coalesces within
            // one call: compared with repeats collapsed.
            if matches!(event, Event::WindowOpened) && seen.last().is_some_and(|s: &String| s == "WindowOpened") {
                continue;
            }
            seen.push(describe(event, &mut accepted));
        }
        drop(events);
        output.extend_from_slice(conn.take_output(ByteBuf::new()).as_slice());
        match result {
            Ok(n) => {
                pending.drain(..n);
            }
            Err(e) => {
                verdict = Some(e.code.0);
                break;
            }
        }
    }
    (seen, output, verdict, accepted)
}

fn answer(input: &[u8], accepted: &[u32]) {
    let mut conn = Connection::new(CONFIG);
    let mut events = Vec::new();
    if conn.receive(input, &mut events).is_err() {
        return;
    }
    drop(events);
    for &stream in accepted {
        let _ = conn.send_headers(stream, 200, [FieldRef::new(KnownName::ContentType, b"text/plain")], false);
        let _ = conn.send_data(stream, &[b'x'; 70_000], true);
        conn.send_reset(stream, frame::ErrorCode::CANCEL);
    }
    conn.go_away(frame::ErrorCode::NO_ERROR);
}

fuzz_target!(|data: &[u8]| {
    let Some((&seed, frames)) = data.split_first() else {
        return;
    };
    let mut input = PREFACE.to_vec();
    frame::write_settings(&mut input, &[]);
    input.extend_from_slice(frames);
    let whole = run(&input, || usize::MAX / 2);
    let bytewise = run(&input, || 1);
    assert_eq!(whole, bytewise);
    let mut state = u32::from(seed) | 1;
    let pieces = run(&input, || {
        state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (state >> 16) as usize % 40
    });
    assert_eq!(whole, pieces);
    answer(&input, &whole.3);
});
