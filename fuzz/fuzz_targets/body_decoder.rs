//! The one body decoder (chunked, Content-Length, until close), fed any
//! bytes in any split: the data and the verdict must not depend on how the
//! input was cut (byte by byte, in pieces, or whole), and data never
//! exceeds the limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::http::{BodyDecoder, Framing};

const MAX_DATA: u64 = 1 << 16;

/// Decodes `input` fed in pieces of `piece` bytes: the data, and whether
/// the body ended (Ok(true)), needs more (Ok(false)) or is refused.
fn run(framing: Framing, input: &[u8], piece: usize) -> (Vec<u8>, Result<bool, String>) {
    let mut decoder = match BodyDecoder::new(framing, MAX_DATA) {
        Ok(d) => d,
        Err(e) => return (Vec::new(), Err(e.to_string())),
    };
    let mut data = Vec::new();
    let mut buffered: Vec<u8> = Vec::new();
    for chunk in input.chunks(piece.max(1)) {
        buffered.extend_from_slice(chunk);
        loop {
            match decoder.decode(&buffered) {
                Ok(d) => {
                    assert!(d.data.end <= d.consumed && d.consumed <= buffered.len());
                    data.extend_from_slice(&buffered[d.data.clone()]);
                    buffered.drain(..d.consumed);
                    if decoder.is_done() || (d.data.is_empty() && buffered.is_empty()) {
                        break;
                    }
                    if d.data.is_empty() && d.consumed == 0 {
                        break;
                    }
                }
                Err(e) => return (data, Err(e.to_string())),
            }
        }
        if decoder.is_done() {
            break;
        }
    }
    assert!(data.len() as u64 <= MAX_DATA);
    (data, Ok(decoder.is_done()))
}

fuzz_target!(|input: &[u8]| {
    let Some((&selector, body)) = input.split_first() else {
        return;
    };
    let framing = match selector % 3 {
        0 => Framing::Chunked,
        1 => Framing::Length(u64::from(selector) * 7),
        _ => Framing::UntilClose,
    };
    let whole = run(framing, body, body.len());
    let bytewise = run(framing, body, 1);
    let pieces = run(framing, body, usize::from(selector % 13) + 2);
    assert_eq!(whole, bytewise, "byte by byte differs from whole");
    assert_eq!(whole, pieces, "pieces differ from whole");
});
