//! The SNI reader, on any first TLS record a client can send: no panic,
//! and a name it returns is lower-case text that came from the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::tls::client_hello::server_name;

fuzz_target!(|data: &[u8]| {
    if let Some(name) = server_name(data) {
        assert_eq!(name, name.to_ascii_lowercase());
        assert!(name.len() < data.len());
    }
});
