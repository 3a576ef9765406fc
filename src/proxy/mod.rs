//! The reverse proxy (accelerator mode): tlsaccel terminates TLS and passes
//! requests on to back-end HTTP/1.1 servers, the way the kernel-accelerator
//! paper's accelerator sits in front of a web server and stays transparent
//! (the back end still learns who the client is).
//!
//! This module holds what has no client I/O in it: each worker's view of
//! its upstream groups (weighted round-robin, passive health, idle
//! keep-alive connections), back-end connections, and the rewriting of
//! request and response heads. The request's trip through a client
//! connection is `worker::proxy_pass`.

mod backend;
mod balancer;
mod head;

pub use backend::{proxy_v2_header, BackendStream};
pub use balancer::Upstreams;
pub use head::{parse_response_head, request_head, ClientInfo, ResponseFraming, ResponseHead};
