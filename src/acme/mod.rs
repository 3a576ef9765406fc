//! ACME (RFC 8555): certificates a CA issues and renews for the sites
//! with `acme = true`, with no certbot and no reload.
//!
//! The `acme` thread (`manager`) orders and renews; the state directory
//! (`store`) keeps the account, each site's key and chain, and a lock so a
//! fleet sharing it orders once; the `board` is what the thread shares
//! with the workers: each site's issued certificate, read by the SNI
//! resolver, and the answers to challenges under way (HTTP-01 tokens on
//! plain listeners, TLS-ALPN-01 certificates for ALPN `acme-tls/1`).
//! Renewal follows the CA's renewal window (RFC 9773) when it has one;
//! `schedule` holds that arithmetic.

mod board;
mod certificate;
mod client;
mod manager;
mod schedule;
mod store;

pub use board::{AcmeBoard, Issued};
pub use manager::{serve_stored, AcmeConfig, AcmeManager, AcmeSite};
pub use store::{StateDir, StoreError};

/// The ALPN protocol of TLS-ALPN-01 validation handshakes (RFC 8737 6.2).
pub const ACME_TLS_ALPN: &[u8] = b"acme-tls/1";

/// The path prefix of HTTP-01 validation requests (RFC 8555 8.3).
pub const HTTP_CHALLENGE_PREFIX: &[u8] = b"/.well-known/acme-challenge/";
