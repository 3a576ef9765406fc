//! The proxy's parser for back-end response heads, on any bytes a back end
//! can send: no panic, and a head it accepts lies within the input and has
//! one framing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::http::Framing;
use tlsaccel::proxy::parse_response_head;

fuzz_target!(|data: &[u8]| {
    for head_request in [false, true] {
        if let Ok(Some(head)) = parse_response_head(data, head_request) {
            assert!(head.head_len <= data.len());
            assert!((100..=599).contains(&head.status));
            if let Framing::Length(n) = head.framing {
                assert_eq!(head.length, Some(n));
            }
            for (name, _) in head.headers.iter() {
                assert!(!name.eq_ignore_ascii_case("transfer-encoding"));
                assert!(!name.eq_ignore_ascii_case("connection"));
            }
        }
    }
});
