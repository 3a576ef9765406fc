//! Active health checks: `GET path` to a server every `interval`, from
//! the upstream monitor's thread (`monitor.rs`), off every request path.
//! `fails` failed checks in a row take the server out of every worker's
//! rotation, `passes` good ones in a row bring it back; each change is
//! logged once.
//!
//! Passive health works beside it: a server that refuses a connection is
//! left out of that worker's rotation for `fail_timeout`.

use super::monitor::ServerState;
use crate::config::{HealthCheck, UpstreamAddress};
use crate::metrics::CheckFacts;
use crate::net::BackendStream;
use crate::net::{ConnectError, TlsTarget};
use std::io;
use std::sync::Arc;
use tokio::time::timeout;

/// Longest status line read from a checked server.
const MAX_STATUS_LINE: usize = 1024;

/// One server to check.
pub(super) struct CheckTarget {
    pub upstream: String,
    /// The server as configured (`app.internal:8000`, `unix:/path`).
    pub server: String,
    pub check: HealthCheck,
    pub proxy_protocol: bool,
    /// A TLS back end: its client configuration and name.
    pub tls: Option<Arc<rustls::ClientConfig>>,
    pub tls_name: Option<rustls_pki_types::ServerName<'static>>,
    pub state: Arc<ServerState>,
}

/// Why a check failed.
#[derive(Debug, thiserror::Error)]
enum CheckFailure {
    #[error("status {0}, not one of expect_status")]
    Status(u16),
    #[error("{0}")]
    Connect(#[source] ConnectError),
    #[error("{0}")]
    Io(#[source] io::Error),
    #[error("closed before a status line")]
    Closed,
    #[error("no status line within the timeout")]
    Timeout,
    #[error("not an HTTP status line")]
    Malformed,
}

/// Checks one server every interval, for as long as its configuration
/// serves; flips its verdict after enough checks in a row.
pub(super) async fn watch(t: CheckTarget) {
    let mut ticks = tokio::time::interval(t.check.interval);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let (mut failed, mut passed) = (0u32, 0u32);
    loop {
        ticks.tick().await;
        let server = t.server.as_str();
        let upstream = t.upstream.as_str();
        let result = probe(&t).await;
        t.state.checked(CheckFacts {
            at: std::time::SystemTime::now(),
            ok: result.is_ok(),
            detail: match &result {
                Ok(status) => format!("status {status}"),
                Err(why) => why.to_string(),
            },
        });
        match result {
            Ok(_) => {
                failed = 0;
                passed = passed.saturating_add(1);
                if !t.state.is_up() && passed >= t.check.passes {
                    t.state.set_up(true);
                    tracing::info!(
                        upstream,
                        server,
                        passed,
                        "health check: back in the rotation"
                    );
                }
            }
            Err(why) => {
                passed = 0;
                failed = failed.saturating_add(1);
                if t.state.is_up() && failed >= t.check.fails {
                    t.state.set_up(false);
                    tracing::warn!(upstream, server, failed, %why, "health check: out of the rotation");
                } else {
                    tracing::debug!(upstream, server, failed, %why, "health check failed");
                }
            }
        }
    }
}

/// One check: `GET path`, and the status line of the answer, within the
/// check's timeout. Ok: the status, one of `expect_status`.
async fn probe(t: &CheckTarget) -> Result<u16, CheckFailure> {
    let check = &t.check;
    let exchange = async {
        let address = t.state.address();
        let preface = if t.proxy_protocol {
            crate::proxy_protocol::encode_v2_local()
        } else {
            Vec::new()
        };
        let tls = TlsTarget::of(t.tls.as_ref(), t.tls_name.as_ref());
        let mut conn = BackendStream::connect(&address, check.timeout, &preface, tls)
            .await
            .map_err(CheckFailure::Connect)?;
        let host = match (&check.host, &address) {
            (Some(host), _) => host.as_str(),
            (None, UpstreamAddress::Tcp(_)) => t.server.as_str(),
            (None, UpstreamAddress::Unix(_)) => "localhost",
        };
        let mut request = Vec::new();
        request.extend_from_slice(
            format!(
                "GET {} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: tlsaccel-health-check\r\nConnection: close\r\n\r\n",
                check.path
            )
            .as_bytes(),
        );
        conn.write_all(&request).await.map_err(CheckFailure::Io)?;
        let mut buf = [0u8; MAX_STATUS_LINE];
        let mut len = 0;
        loop {
            if let Some(end) = buf[..len].windows(2).position(|w| w == b"\r\n") {
                return status_of(&buf[..end]).ok_or(CheckFailure::Malformed);
            }
            if len == buf.len() {
                return Err(CheckFailure::Malformed);
            }
            match conn.read(&mut buf[len..]).await.map_err(CheckFailure::Io)? {
                0 => return Err(CheckFailure::Closed),
                n => len += n,
            }
        }
    };
    let status = timeout(check.timeout, exchange)
        .await
        .unwrap_or(Err(CheckFailure::Timeout))?;
    if check.expect.contains(status) {
        Ok(status)
    } else {
        Err(CheckFailure::Status(status))
    }
}

/// The status code of `HTTP/1.x NNN reason`.
fn status_of(line: &[u8]) -> Option<u16> {
    let rest = line.strip_prefix(b"HTTP/1.")?;
    match rest {
        [b'0' | b'1', b' ', d @ (b'1'..=b'5'), e @ b'0'..=b'9', f @ b'0'..=b'9', tail @ ..]
            if tail.is_empty() || tail[0] == b' ' =>
        {
            Some(u16::from(d - b'0') * 100 + u16::from(e - b'0') * 10 + u16::from(f - b'0'))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_lines() {
        assert_eq!(status_of(b"HTTP/1.1 200 OK"), Some(200));
        assert_eq!(status_of(b"HTTP/1.0 503"), Some(503));
        assert_eq!(status_of(b"HTTP/1.1 200OK"), None);
        assert_eq!(status_of(b"HTTP/2 200"), None);
        assert_eq!(status_of(b"HTTP/1.1 099 x"), None);
        assert_eq!(status_of(b"SSH-2.0-OpenSSH"), None);
    }
}
