//! tlsaccel, the server as a library: the binary (`main.rs`) is its command
//! line, and the fuzz targets (`fuzz/`) reach the parsers that face the
//! network through it. The README's "Layout" table says what each module
//! owns.

pub mod access_log;
pub mod acme;
pub mod auth;
pub mod buffer;
pub mod cipher_suites;
pub mod client_limits;
pub mod clock;
pub mod compression;
pub mod config;
pub mod deadline;
pub mod doctor;
pub mod exchange;
pub mod http;
pub mod http2;
pub mod key_exchange;
pub mod logging;
pub mod metrics;
pub mod net;
pub mod privileges;
pub mod proxy;
pub mod proxy_protocol;
pub mod server;
pub mod static_files;
pub mod tls;
pub mod token;
pub mod uri;
pub mod worker;
