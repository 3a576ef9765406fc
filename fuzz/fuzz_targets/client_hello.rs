//! The ClientHello reader, on any first TLS record a client can send: no
//! panic; a name it returns is lower-case text that came from the input,
//! and it never finds more groups than the record has room for.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::tls::client_hello::parse;

fuzz_target!(|data: &[u8]| {
    if let Some(facts) = parse(data) {
        if let Some(name) = &facts.server_name {
            assert_eq!(*name, name.to_ascii_lowercase());
            assert!(name.len() < data.len());
        }
        assert!(facts.groups.len() * 2 < data.len());
    }
});
