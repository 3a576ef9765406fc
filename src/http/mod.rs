//! HTTP/1.x without I/O: parsing request heads into exchanges, decoding
//! and re-encoding bodies, encoding response heads, and the keep-alive
//! decision. The connection (in `worker`) feeds bytes in and writes what
//! comes out, so every rule here is testable on plain slices.

pub mod body;
mod date;
pub mod keep_alive;
mod request;
pub mod response;

pub use body::{BodyDecoder, DecodeError, Framing};
pub use date::HttpDate;
pub use request::{
    is_valid_host, parse_head, parse_head_reusing, push_text, HeadLimits, ParseOutcome, RequestHead,
};
