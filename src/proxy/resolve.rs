//! Host names in `servers` resolved again every `resolve_interval`, from
//! the upstream monitor's thread (`monitor.rs`), off every request path.
//! A name stands for one server: its first address (as the system's
//! resolver orders them). When it changes, new connections go to the new
//! address; pooled idle connections to the old one are not reused, and
//! requests in flight there finish.

use super::monitor::ServerState;
use crate::config::UpstreamAddress;
use std::sync::Arc;
use std::time::Duration;

/// One configured host name to follow.
pub(super) struct NameTarget {
    pub upstream: String,
    /// `host:port`, as configured.
    pub name: String,
    pub interval: Duration,
    pub state: Arc<ServerState>,
}

/// Resolves `t.name` every interval for as long as its configuration
/// serves. A failed lookup keeps the address the server has (logged once
/// per run of failures).
pub(super) async fn follow(t: NameTarget) {
    let upstream = t.upstream.as_str();
    let name = t.name.as_str();
    let mut failing = false;
    loop {
        tokio::time::sleep(t.interval).await;
        let first = match tokio::net::lookup_host(name).await {
            Ok(mut addresses) => addresses.next(),
            Err(e) => {
                if !failing {
                    tracing::warn!(upstream, server = name, error = %e, keeping = %t.state.address(), "cannot resolve the server's name; keeping its address");
                }
                failing = true;
                continue;
            }
        };
        let Some(address) = first else {
            if !failing {
                tracing::warn!(upstream, server = name, keeping = %t.state.address(), "the server's name resolves to no address; keeping its address");
            }
            failing = true;
            continue;
        };
        if failing {
            tracing::info!(upstream, server = name, "the server's name resolves again");
            failing = false;
        }
        if let Some(before) = t.state.move_to(UpstreamAddress::Tcp(address)) {
            tracing::info!(upstream, server = name, %before, now = %address, "the server's name resolves to a new address: new connections go there");
        }
    }
}
