//! The HTTP/1 request head parser, on any bytes a client can send: it must
//! answer Complete, Partial or Rejected without panicking, and a complete
//! head must lie within the input and satisfy the framing rules. Parsed
//! into a served request's head (as a keep-alive connection does), it
//! must come out as it does parsed fresh.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::exchange::Client;
use tlsaccel::http::{parse_head, parse_head_reusing, Framing, HeadLimits, ParseOutcome};

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
    let fresh = parse_head(data, &limits, client);
    // A served head with fields and a host (the one a repeated Host is
    // compared with) to refill.
    let served = b"GET /served HTTP/1.1\r\nHost: example\r\nAccept: */*\r\n\r\n";
    let ParseOutcome::Complete(spare) = parse_head(served, &limits, client) else {
        panic!("the served head must parse");
    };
    let mut spare = Some(spare);
    let reused = parse_head_reusing(data, &limits, client, &mut spare);
    assert_eq!(format!("{reused:?}"), format!("{fresh:?}"));
    match fresh {
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
