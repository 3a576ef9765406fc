//! The decision, per connection, between kernel TLS and user-space TLS, and
//! the state an offloaded connection keeps: rustls's kernel connection
//! (which can still derive KeyUpdate secrets) and a count of records sent,
//! so the connection ends before the cipher's confidentiality limit.

use super::ktls::{self, Direction, KernelCipher, KernelSupport};
use super::TlsSession;
use crate::metrics::Fallback;
use rustls::kernel::KernelConnection;
use rustls::server::ServerConnectionData;
use rustls::ProtocolVersion;
use std::io;
use std::os::fd::BorrowedFd;

/// `tls.ktls = "on"`, and the kernel cannot offload what is configured.
#[derive(Debug, thiserror::Error)]
#[error("tls.ktls = \"on\" but the kernel cannot offload {missing}: {why}; set tls.ktls = \"auto\" to fall back to user-space TLS")]
pub struct KtlsUnavailable {
    missing: String,
    why: String,
}

/// Secrets were handed over, and the kernel refused them.
#[derive(Debug, thiserror::Error)]
pub enum OffloadError {
    #[error("extracting secrets: {0}")]
    Secrets(#[source] rustls::Error),
    #[error("installing keys: {0}")]
    Install(#[source] io::Error),
}

/// What the kernel offers, decided once at start-up.
#[derive(Debug)]
pub struct KtlsPolicy {
    pub support: KernelSupport,
    pub tx_zerocopy: bool,
}

/// A connection whose record layer the kernel now runs.
pub struct KernelTls {
    /// Kept for KeyUpdate secrets once kernels can rekey (Linux 6.x
    /// kernels we test cannot: a client KeyUpdate closes the connection).
    _conn: KernelConnection<ServerConnectionData>,
    budget: RecordBudget,
}

/// Records sent under one key, against the cipher's confidentiality limit.
#[derive(Debug)]
struct RecordBudget {
    /// An upper bound on records sent so far.
    sent: u64,
    limit: u64,
}

impl RecordBudget {
    /// A write of `bytes` makes at most this many records: full ones, plus
    /// one partly filled record that MSG_MORE may have left open.
    fn count(&mut self, bytes: usize) {
        self.sent += (bytes as u64).div_ceil(16 * 1024) + 1;
    }

    /// Close rather than send more: the margin covers one more response
    /// head and its body's first records.
    fn nearly_spent(&self) -> bool {
        self.sent + 1024 >= self.limit
    }
}

/// Where a connection's TLS ended up after the handshake.
pub enum Offload {
    Kernel(Box<KernelTls>),
    /// Kept in user space, and why.
    UserSpace(Box<TlsSession>, Fallback),
}

impl KernelTls {
    pub fn count_sent(&mut self, bytes: usize) {
        self.budget.count(bytes);
    }

    /// True once the connection should close rather than send more under
    /// this key (no kernel we can test rekeys).
    pub fn near_limit(&self) -> bool {
        self.budget.nearly_spent()
    }
}

/// Moves the session into the kernel if this connection can be offloaded.
/// Err means the secrets were handed over but the kernel refused them: the
/// connection cannot continue (the start-up probe makes this rare).
pub fn offload(
    fd: BorrowedFd<'_>,
    session: TlsSession,
    policy: &KtlsPolicy,
) -> Result<Offload, OffloadError> {
    let (Some(version), Some(suite)) = (session.protocol_version(), session.cipher_suite()) else {
        return Ok(Offload::UserSpace(
            Box::new(session),
            Fallback::HandshakeIncomplete,
        ));
    };
    let Some(cipher) = KernelCipher::of(suite) else {
        return Ok(Offload::UserSpace(
            Box::new(session),
            Fallback::CipherNotOffloadable,
        ));
    };
    if !policy.support.full(version, cipher) {
        return Ok(Offload::UserSpace(
            Box::new(session),
            Fallback::CipherNotOffloadable,
        ));
    }
    if !session.nothing_buffered() {
        return Ok(Offload::UserSpace(
            Box::new(session),
            Fallback::DataBuffered,
        ));
    }
    if ktls::attach_ulp(fd).is_err() {
        return Ok(Offload::UserSpace(
            Box::new(session),
            Fallback::UlpAttachFailed,
        ));
    }
    let (secrets, conn) = session.into_kernel().map_err(OffloadError::Secrets)?;
    let (tx_seq, tx) = &secrets.tx;
    let (rx_seq, rx) = &secrets.rx;
    let install = |direction, seq, secrets| {
        let info = ktls::CryptoInfo::new(version, seq, secrets)?;
        ktls::install(fd, direction, &info)
    };
    install(Direction::Tx, *tx_seq, tx).map_err(OffloadError::Install)?;
    install(Direction::Rx, *rx_seq, rx).map_err(OffloadError::Install)?;
    // No unsent-data bound under kTLS, neither the listener's nor the
    // system's (0 would mean `net.ipv4.tcp_notsent_lowat`, which tuning
    // guides set to 16 KiB): with a bound of a record or two, the kernel's
    // software TLS corks a record smaller than the MSS, then waits for
    // room that only the persist timer makes, and a `sendfile()` of a big
    // file crawls at KB/s on loopback and jumbo-frame paths (netdev, "tls:
    // TLS_SW sendfile() stalls at large MSS", June 2026; the kTLS suite's
    // downloads stalled so under 6.12).
    if let Err(e) = crate::net::sockopt::set_notsent_lowat(fd, u32::MAX) {
        tracing::warn!(error = %e, "TCP_NOTSENT_LOWAT not lifted for kTLS: large sendfile() downloads may stall if the system sets net.ipv4.tcp_notsent_lowat");
    }
    if policy.tx_zerocopy {
        if let Err(e) = ktls::enable_tx_zerocopy(fd) {
            tracing::debug!(error = %e, "TLS_TX_ZEROCOPY_RO refused");
        }
    }
    Ok(Offload::Kernel(Box::new(KernelTls {
        _conn: conn,
        budget: RecordBudget {
            sent: 0,
            limit: ktls::confidentiality_limit(suite),
        },
    })))
}

/// Probes the kernel once and decides, from `tls.ktls`, what to offload.
/// Logs the one start-up line that says what is offloaded, or why nothing
/// is. Err: `ktls = "on"` and the kernel cannot do what is configured.
pub fn decide_policy(
    settings: &crate::config::TlsSettings,
) -> Result<Option<KtlsPolicy>, KtlsUnavailable> {
    use crate::config::KtlsMode;
    if settings.ktls == KtlsMode::Off {
        tracing::info!("kTLS: off (tls.ktls = \"off\"): TLS records are encrypted in user space");
        return Ok(None);
    }
    let support = ktls::probe();
    // The (version, cipher) pairs the configuration allows.
    let mut wanted: Vec<(ProtocolVersion, KernelCipher)> = Vec::new();
    for name in &settings.ciphers {
        let Some(suite) = crate::cipher_suites::by_name(name) else {
            continue;
        };
        let version = suite.version().version;
        let allowed = settings.versions.iter().any(|v| match v {
            crate::config::TlsVersion::Tls12 => version == ProtocolVersion::TLSv1_2,
            crate::config::TlsVersion::Tls13 => version == ProtocolVersion::TLSv1_3,
        });
        if let (true, Some(cipher)) = (allowed, KernelCipher::of(suite)) {
            if !wanted.contains(&(version, cipher)) {
                wanted.push((version, cipher));
            }
        }
    }
    let describe = |pairs: &[&(ProtocolVersion, KernelCipher)]| {
        pairs
            .iter()
            .map(|(v, c)| format!("{v:?} {}", c.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (yes, no): (Vec<_>, Vec<_>) = wanted.iter().partition(|(v, c)| support.full(*v, *c));
    if settings.ktls == KtlsMode::On && !no.is_empty() {
        let why = if yes.is_empty() {
            support.why_not()
        } else {
            "not supported by this kernel".into()
        };
        return Err(KtlsUnavailable {
            missing: describe(&no),
            why,
        });
    }
    if yes.is_empty() {
        tracing::warn!(
            "kTLS: nothing offloaded, {}; TLS records are encrypted in user space",
            support.why_not()
        );
        return Ok(None);
    }
    let tx_zerocopy = settings.ktls_tx_zerocopy && support.tx_zerocopy;
    if settings.ktls_tx_zerocopy && !support.tx_zerocopy {
        tracing::warn!("kTLS: tls.ktls_tx_zerocopy is set but this kernel lacks TLS_TX_ZEROCOPY_RO (Linux 5.19+); ignored");
    }
    tracing::info!(
        "kTLS: offloading TX and RX for {}{}{}",
        describe(&yes),
        if no.is_empty() {
            String::new()
        } else {
            format!("; kept in user space: {}", describe(&no))
        },
        if tx_zerocopy {
            "; TX zero-copy sendfile on"
        } else {
            ""
        }
    );
    Ok(Some(KtlsPolicy {
        support,
        tx_zerocopy,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::crypto::aws_lc_rs::cipher_suite as cs;

    #[test]
    fn record_budget_counts_an_upper_bound_and_stops_before_the_limit() {
        let mut b = RecordBudget {
            sent: 0,
            limit: 5000,
        };
        b.count(0);
        b.count(16 * 1024);
        b.count(16 * 1024 + 1);
        assert_eq!(b.sent, 1 + 2 + 3);
        while !b.nearly_spent() {
            b.count(1 << 20);
        }
        assert!(b.sent < b.limit, "{b:?}");
        // AES-GCM's limit is 2^24.5 records; ChaCha20-Poly1305 has none to speak of.
        assert!(ktls::confidentiality_limit(cs::TLS13_AES_256_GCM_SHA384) < 1 << 25);
        assert!(ktls::confidentiality_limit(cs::TLS13_CHACHA20_POLY1305_SHA256) > 1 << 60);
    }
}
