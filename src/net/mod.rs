//! Sockets beneath the protocols: pipes that relay bytes between two
//! sockets inside the kernel (`splice`), connections to back-end servers
//! (`BackendStream`), socket options std does not name (`sockopt`), and
//! the one way a system call waits for tokio's readiness (`readiness`).
//! The exchange layer (a tunnel's far end), the reverse proxy, the
//! listeners and kTLS stand on this; it knows nothing of HTTP.

mod backend;
pub mod readiness;
pub mod sockopt;
pub mod splice;

pub use backend::{BackendStream, ConnectError, TlsTarget};
pub use splice::Pipe;
