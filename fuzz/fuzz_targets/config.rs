//! The configuration loader's parsing (syntax with recovery, unknown keys
//! and wrong types each placed at its line, the remove-and-retry loop) on
//! any text: it always ends, never panics, and every problem it reports has
//! a line within the text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (_, report) = tlsaccel::config::parse_text(Path::new("fuzz.toml"), text);
    let lines = text.lines().count().max(1) + 1;
    for problem in report.errors() {
        if let Some(at) = &problem.location {
            assert!(at.line >= 1 && at.line <= lines, "{problem} outside {lines} lines");
        }
    }
});
