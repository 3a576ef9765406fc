//! HTTP/2 (RFC 9113) without I/O: tlsaccel's own HTTP/2 engine.
//! `connection` is one server connection (streams, flow control, SETTINGS,
//! GOAWAY) built on `frame` (reading and writing frames), `hpack` (header
//! compression, RFC 7541) and `request` (a header block as a request).
//! Like `http` for HTTP/1, nothing here touches a socket or a runtime:
//! bytes in, events and frames out, so every rule is tested on plain
//! slices and fuzzed byte by byte.

pub mod connection;
pub mod frame;
pub mod hpack;
pub mod request;

pub use connection::{Config, Connection, ConnectionError, Event, StreamGone};
