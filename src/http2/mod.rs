//! HTTP/2 (RFC 9113) without I/O: the pieces of tlsaccel's own HTTP/2
//! engine. `frame` reads and writes frames, `hpack` compresses header
//! fields (RFC 7541). Like `http` for HTTP/1, nothing here touches a socket
//! or a runtime: bytes in, frames and fields out, so every rule is tested
//! on plain slices and fuzzed byte by byte.

pub mod frame;
pub mod hpack;
