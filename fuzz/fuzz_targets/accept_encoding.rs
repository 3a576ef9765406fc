//! `Accept-Encoding` negotiation on any field a client can send: no panic;
//! only codings offered, each once; and a server offering fewer codings
//! gets the same verdict on each of them (a coding's acceptance never
//! depends on what else the server offers).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tlsaccel::compression::{acceptable, Coding};

fuzz_target!(|data: &[u8]| {
    let Ok(field) = std::str::from_utf8(data) else {
        return;
    };
    let chosen = acceptable(Some(field), &Coding::ALL);
    for (i, coding) in chosen.iter().enumerate() {
        assert!(!chosen[..i].contains(coding), "{coding:?} twice");
    }
    for alone in Coding::ALL {
        let verdict = acceptable(Some(field), &[alone]);
        assert_eq!(verdict.contains(&alone), chosen.contains(&alone), "{alone:?}");
    }
});
