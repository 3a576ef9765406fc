//! The PROXY protocol (v1 and v2) decoder, on any bytes a peer can send
//! before TLS or HTTP: no panic; a header it accepts lies within the input
//! and within the v2 limit; and the verdict does not change when more bytes
//! follow a complete header.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::proxy_protocol::{decode, Decoded, V2_MAX};

fuzz_target!(|data: &[u8]| {
    match decode(data) {
        Decoded::Header { len, addresses } => {
            assert!(len <= data.len() && len <= V2_MAX);
            let mut longer = data.to_vec();
            longer.extend_from_slice(b"\x16\x03\x01 trailing");
            assert_eq!(decode(&longer), Decoded::Header { len, addresses });
            // Every proper prefix of a header is incomplete, never another header.
            for cut in [0, len / 2, len - 1] {
                assert!(!matches!(decode(&data[..cut]), Decoded::Header { .. }));
            }
        }
        Decoded::Partial => assert!(data.len() < V2_MAX),
        Decoded::Invalid(_) => {}
    }
});
