//! The reverse proxy (accelerator mode): tlsaccel terminates TLS and passes
//! requests on to back-end HTTP/1.1 servers, the way the kernel-accelerator
//! paper's accelerator sits in front of a web server and stays transparent
//! (the back end still learns who the client is).
//!
//! It is a handler of exchanges (`pass`): it takes an `exchange::Request`
//! and its body, and answers with an `exchange::Response` whose body
//! streams from the back end (`upstream_body`). Around it: each worker's
//! view of its upstream groups (weighted round-robin, passive health, idle
//! keep-alive connections), back-end connections, and head rewriting.

mod balancer;
mod head;
mod health;
mod monitor;
mod pass;
mod resolve;
mod upstream_body;

pub use balancer::Upstreams;
pub use head::{parse_response_head, ResponseHead};
pub use monitor::{ServerBoard, ServerState, ServerStates, UpstreamMonitor};
pub use pass::Proxy;
