//! The HTTP/1 request head parser, on any bytes a client can send: it must
//! answer Complete, Partial or Rejected without panicking, and a complete
//! head must lie within the input and satisfy the framing rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::exchange::Client;
use tlsaccel::http::{parse_head, Framing, HeadLimits, ParseOutcome};

fuzz_target!(|data: &[u8]| {
    let limits = HeadLimits {
        max_uri_bytes: 1024,
        max_header_bytes: 4096,
    };
    let client = Client {
        addr: "127.0.0.1:1".parse().unwrap(),
        local: None,
        tls: false,
    };
    match parse_head(data, &limits, client) {
        ParseOutcome::Complete(head) => {
            assert!(head.head_len <= data.len());
            assert!(head.head_len <= limits.max_header_bytes);
            assert!(head.request.target.len() <= limits.max_uri_bytes);
            // One framing: never both a length and chunked.
            if head.framing == Framing::Chunked {
                assert!(!head.request.headers.contains("content-length"));
            }
        }
        ParseOutcome::Rejected(r) => assert!((400..=505).contains(&r.status)),
        ParseOutcome::Partial => assert!(data.len() <= limits.max_header_bytes),
    }
});
