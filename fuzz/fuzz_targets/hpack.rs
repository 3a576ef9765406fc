//! The HPACK decoder, on any header block a client can send: it must
//! decode or refuse without panicking, decode the same block to the same
//! fields whether or not the table sizes matched, and whatever it decodes
//! must survive our encoder: encoded again (every indexing choice) and
//! decoded by a fresh decoder, the fields come back unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::http2::hpack::table::static_name_index;
use tlsaccel::http2::hpack::{Decoder, Encoder, Indexing, DEFAULT_TABLE_SIZE};

type Fields = Vec<(Vec<u8>, Vec<u8>, bool)>;

fn decode(decoder: &mut Decoder, block: &[u8]) -> Option<Fields> {
    let mut fields = Vec::new();
    decoder
        .decode(block, |f| fields.push((f.name.to_vec(), f.value.to_vec(), f.never_indexed)))
        .ok()?;
    Some(fields)
}

fuzz_target!(|data: &[u8]| {
    // The first byte splits the input into two blocks, decoded in turn by
    // one decoder (the second sees the table the first left).
    let Some((&split, data)) = data.split_first() else {
        return;
    };
    let (first, second) = data.split_at((split as usize).min(data.len()));
    let mut decoder = Decoder::new(DEFAULT_TABLE_SIZE);
    let mut encoder = Encoder::new();
    let mut again = Decoder::new(DEFAULT_TABLE_SIZE);
    for (i, block) in [first, second].into_iter().enumerate() {
        let Some(fields) = decode(&mut decoder, block) else {
            return;
        };
        let mut encoded = Vec::new();
        encoder.begin_block(&mut encoded);
        for (n, (name, value, never)) in fields.iter().enumerate() {
            let indexing = match (never, (n + i) % 3) {
                (true, _) => Indexing::Never,
                (false, 0) => Indexing::Yes,
                (false, 1) => Indexing::No,
                (false, _) => Indexing::Yes,
            };
            encoder.field(name, static_name_index(name), value, indexing, &mut encoded);
        }
        assert_eq!(decode(&mut again, &encoded).as_ref(), Some(&fields));
    }
});
