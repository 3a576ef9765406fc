//! Sockets beneath the protocols: pipes that relay bytes between two
//! sockets inside the kernel (`splice`), and connections to back-end
//! servers (`BackendStream`). Both the exchange layer (a tunnel's far end)
//! and the reverse proxy stand on this; it knows nothing of HTTP.

mod backend;
pub mod splice;

pub use backend::{BackendStream, ConnectError, TlsTarget};
pub use splice::Pipe;
