//! HTTP/1.x without I/O: parsing request heads and chunked bodies, and
//! encoding response heads. The connection (in `worker`) feeds bytes in and
//! writes what comes out, so every rule here is testable on plain slices.

mod chunked;
mod date;
mod request;
mod response;

pub use chunked::ChunkedDecoder;
pub use date::HttpDate;
pub use request::{
    parse_head, BodyFraming, HeadLimits, Method, ParseOutcome, RequestHead, Version,
};
pub use response::{Body, Response};
