//! TLS: builds the rustls server configuration from settings, owns the
//! certificate store and the choice between ECDSA and RSA certificates, and
//! names the cipher suites tlsaccel supports (exactly those Linux kTLS can
//! take over, so every connection is a candidate for offload).

pub mod ktls;
mod offload;
mod selfsigned;
mod session;
mod summary;

pub use offload::{
    decide_policy, offload, Fallback, KernelTls, KtlsPolicy, KtlsUnavailable, Offload,
};
use selfsigned::SelfSigned;
pub use session::{AcceptError, TlsSession};
pub use summary::CertificateSummary;

use crate::cipher_suites;
use crate::config::{CertificatePair, TlsSettings, TlsVersion};
use rustls::crypto::aws_lc_rs as provider;
use rustls::crypto::CryptoProvider;
use rustls::server::{ClientHello, ResolvesServerCert, ServerSessionMemoryCache};
use rustls::sign::CertifiedKey;
use rustls::ServerConfig;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::path::PathBuf;
use std::sync::Arc;

/// Why the TLS configuration cannot be built; each names its file.
#[derive(Debug, thiserror::Error)]
pub enum TlsSetupError {
    #[error("certificate {path}: {source}")]
    Certificate { path: PathBuf, source: PemProblem },
    #[error("private key {path}: {source}")]
    PrivateKey { path: PathBuf, source: PemProblem },
    #[error("private key {path}: unsupported key: {source}")]
    UnsupportedKey {
        path: PathBuf,
        source: rustls::Error,
    },
    #[error("private key {key} does not match certificate {cert}")]
    KeyMismatch { key: PathBuf, cert: PathBuf },
    #[error("tls: the configured protocols and ciphers do not fit together: {0}")]
    Incompatible(#[source] rustls::Error),
    #[error("tls: cannot create session ticketer: {0}")]
    Ticketer(#[source] rustls::Error),
    #[error("cannot generate a self-signed certificate: {0}")]
    SelfSigned(#[source] rcgen::Error),
    #[error("cannot load the generated key: {0}")]
    GeneratedKey(#[source] rustls::Error),
}

impl TlsSetupError {
    /// The configuration key a certificate's problem belongs to:
    /// `tls.certificate[0].key`, or `--key` on the command line.
    pub fn config_key(&self, pair: &CertificatePair) -> String {
        let file = match self {
            TlsSetupError::PrivateKey { .. } | TlsSetupError::UnsupportedKey { .. } => "key",
            TlsSetupError::Certificate { .. } => "cert",
            _ => return pair.key_path.clone(),
        };
        if pair.key_path.starts_with("--") {
            format!("--{file}")
        } else {
            format!("{}.{file}", pair.key_path)
        }
    }
}

/// What is wrong with a PEM file.
#[derive(Debug, thiserror::Error)]
pub enum PemProblem {
    #[error("cannot read: {0}")]
    Read(#[source] std::io::Error),
    #[error("no CERTIFICATE block found")]
    NoCertificate,
    #[error("no PEM block of the expected kind found")]
    NothingFound,
    #[error("invalid PEM: {0}")]
    Invalid(#[source] rustls_pki_types::pem::Error),
}

impl From<rustls_pki_types::pem::Error> for PemProblem {
    fn from(e: rustls_pki_types::pem::Error) -> Self {
        match e {
            rustls_pki_types::pem::Error::Io(io) => PemProblem::Read(io),
            rustls_pki_types::pem::Error::NoItemsFound => PemProblem::NothingFound,
            other => PemProblem::Invalid(other),
        }
    }
}

/// A read on a TLS connection that did not yield application data.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The client sent a TLS 1.3 KeyUpdate, which the kernel cannot
    /// follow: the connection must close before any record is misread.
    #[error("client sent a TLS KeyUpdate; this kernel's TLS cannot rekey")]
    KeyUpdate,
    #[error("TLS alert from client: level {level} description {description}")]
    Alert { level: u8, description: u8 },
    #[error("unexpected TLS record type {0} after offload")]
    UnexpectedRecord(u8),
}

fn crypto_provider(settings: &TlsSettings) -> CryptoProvider {
    let cipher_suites = settings
        .ciphers
        .iter()
        .filter_map(|n| cipher_suites::by_name(n))
        .collect();
    CryptoProvider {
        cipher_suites,
        ..provider::default_provider()
    }
}

/// Loads one certificate chain and key, checking that they belong together.
pub fn load_certificate(
    pair: &CertificatePair,
    provider: &CryptoProvider,
) -> Result<CertifiedKey, TlsSetupError> {
    let cert_error = |source| TlsSetupError::Certificate {
        path: pair.cert.clone(),
        source,
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&pair.cert)
        .and_then(|it| it.collect::<Result<_, _>>())
        .map_err(|e| cert_error(e.into()))?;
    if chain.is_empty() {
        return Err(cert_error(PemProblem::NoCertificate));
    }
    let key = PrivateKeyDer::from_pem_file(&pair.key).map_err(|e| TlsSetupError::PrivateKey {
        path: pair.key.clone(),
        source: e.into(),
    })?;
    let signing_key = provider
        .key_provider
        .load_private_key(key)
        .map_err(|source| TlsSetupError::UnsupportedKey {
            path: pair.key.clone(),
            source,
        })?;
    let certified = CertifiedKey::new(chain, signing_key);
    certified
        .keys_match()
        .map_err(|_| TlsSetupError::KeyMismatch {
            key: pair.key.clone(),
            cert: pair.cert.clone(),
        })?;
    Ok(certified)
}

/// Loads every configured certificate and returns each one that fails, so
/// all of them are reported at once.
pub fn certificate_problems(settings: &TlsSettings) -> Vec<(&CertificatePair, TlsSetupError)> {
    let provider = crypto_provider(settings);
    settings
        .certificates
        .iter()
        .filter(|pair| !pair.cert.as_os_str().is_empty() && !pair.key.as_os_str().is_empty())
        .filter_map(|pair| load_certificate(pair, &provider).err().map(|e| (pair, e)))
        .collect()
}

/// Picks, for each client, the first configured certificate whose key can
/// sign with a scheme the client offers (so ECDSA and RSA can both be set).
#[derive(Debug)]
struct CertificateChooser {
    certificates: Vec<Arc<CertifiedKey>>,
}

impl ResolvesServerCert for CertificateChooser {
    fn resolve(&self, client_hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let schemes = client_hello.signature_schemes();
        self.certificates
            .iter()
            .find(|c| c.key.choose_scheme(schemes).is_some())
            .or(self.certificates.first())
            .cloned()
    }
}

/// What `build_server_config` produced, with what the operator should see.
pub struct ServerTls {
    pub config: Arc<ServerConfig>,
    /// Each certificate served, in the order configured.
    pub certificates: Vec<CertificateSummary>,
    /// No certificate was configured: one was generated for localhost.
    pub self_signed: bool,
}

/// Builds the shared rustls configuration: certificates, versions, ciphers,
/// ALPN and session resumption.
pub fn build_server_config(
    settings: &TlsSettings,
    extract_secrets: bool,
) -> Result<ServerTls, TlsSetupError> {
    let provider = crypto_provider(settings);
    let self_signed = settings.certificates.is_empty();
    let mut certificates = Vec::new();
    let mut summaries = Vec::new();
    if self_signed {
        let generated = SelfSigned::generate(&provider)?;
        certificates.push(generated.certified_key);
        summaries.push(CertificateSummary::of(
            "self-signed".into(),
            &certificates[0].cert[0],
        ));
    } else {
        for pair in &settings.certificates {
            let loaded = Arc::new(load_certificate(pair, &provider)?);
            let origin = format!("{} ({})", pair.key_path, pair.cert.display());
            summaries.push(CertificateSummary::of(origin, &loaded.cert[0]));
            certificates.push(loaded);
        }
    }

    let versions: Vec<&'static rustls::SupportedProtocolVersion> = settings
        .versions
        .iter()
        .map(|v| match v {
            TlsVersion::Tls12 => &rustls::version::TLS12,
            TlsVersion::Tls13 => &rustls::version::TLS13,
        })
        .collect();
    let mut config = ServerConfig::builder_with_provider(Arc::new(provider))
        .with_protocol_versions(&versions)
        .map_err(TlsSetupError::Incompatible)?
        .with_no_client_auth()
        .with_cert_resolver(Arc::new(CertificateChooser { certificates }));

    // Needed to hand the keys to the kernel after the handshake.
    config.enable_secret_extraction = extract_secrets;
    config.alpn_protocols = vec![b"http/1.1".to_vec(), b"http/1.0".to_vec()];
    config.session_storage = if settings.session_cache_size > 0 {
        ServerSessionMemoryCache::new(settings.session_cache_size)
    } else {
        Arc::new(rustls::server::NoServerSessionStorage {})
    };
    if settings.session_tickets {
        config.ticketer = provider::Ticketer::new().map_err(TlsSetupError::Ticketer)?;
        config.send_tls13_tickets = settings.tls13_tickets;
    } else {
        config.send_tls13_tickets = 0;
    }
    Ok(ServerTls {
        config: Arc::new(config),
        certificates: summaries,
        self_signed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_build_with_a_self_signed_certificate() {
        let (settings, report) = crate::config::load(None, &Default::default());
        assert!(!report.has_errors());
        let settings = settings.tls;
        let built = build_server_config(&settings, false).unwrap();
        assert!(built.self_signed);
        let s = &built.certificates[0];
        assert_eq!(s.fingerprint.len(), 32 * 3 - 1);
        assert_eq!(s.names, ["localhost", "127.0.0.1", "::1"]);
        assert!(!s.expired());
        assert_eq!(built.config.alpn_protocols[0], b"http/1.1");
    }
}
