//! TLS: builds the rustls server configuration from settings, owns the
//! certificate store and the choice between ECDSA and RSA certificates, and
//! names the cipher suites tlsaccel supports (exactly those Linux kTLS can
//! take over, so every connection is a candidate for offload).

pub mod ktls;
mod offload;
mod selfsigned;
mod session;

pub use offload::{decide_policy, offload, KernelTls, KtlsPolicy, Offload};
pub use selfsigned::SelfSigned;
pub use session::TlsSession;

use crate::config::{CertificatePair, TlsSettings, TlsVersion};
use rustls::crypto::aws_lc_rs::{self as provider, cipher_suite as cs};
use rustls::crypto::CryptoProvider;
use rustls::server::{ClientHello, ResolvesServerCert, ServerSessionMemoryCache};
use rustls::sign::CertifiedKey;
use rustls::{ServerConfig, SupportedCipherSuite};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::sync::Arc;

/// (IANA name, OpenSSL name, suite). Order is the default preference.
const CIPHER_SUITES: &[(&str, &str, SupportedCipherSuite)] = &[
    (
        "TLS_AES_256_GCM_SHA384",
        "TLS_AES_256_GCM_SHA384",
        cs::TLS13_AES_256_GCM_SHA384,
    ),
    (
        "TLS_AES_128_GCM_SHA256",
        "TLS_AES_128_GCM_SHA256",
        cs::TLS13_AES_128_GCM_SHA256,
    ),
    (
        "TLS_CHACHA20_POLY1305_SHA256",
        "TLS_CHACHA20_POLY1305_SHA256",
        cs::TLS13_CHACHA20_POLY1305_SHA256,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        cs::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        "ECDHE-ECDSA-AES128-GCM-SHA256",
        cs::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        "ECDHE-ECDSA-CHACHA20-POLY1305",
        cs::TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    ),
    (
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384",
        cs::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
    ),
    (
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "ECDHE-RSA-AES128-GCM-SHA256",
        cs::TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    ),
    (
        "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        "ECDHE-RSA-CHACHA20-POLY1305",
        cs::TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ),
];

/// Looks a cipher suite up by its IANA or OpenSSL name.
pub fn cipher_suite_by_name(name: &str) -> Option<SupportedCipherSuite> {
    CIPHER_SUITES
        .iter()
        .find(|(iana, openssl, _)| {
            name.eq_ignore_ascii_case(iana) || name.eq_ignore_ascii_case(openssl)
        })
        .map(|(_, _, suite)| *suite)
}

/// The IANA names of every supported suite, in default preference order.
pub fn supported_cipher_names() -> Vec<&'static str> {
    CIPHER_SUITES.iter().map(|(iana, _, _)| *iana).collect()
}

/// The IANA name of a negotiated suite, for logs.
pub fn cipher_name(suite: SupportedCipherSuite) -> &'static str {
    CIPHER_SUITES
        .iter()
        .find(|(_, _, s)| s.suite() == suite.suite())
        .map(|(iana, _, _)| *iana)
        .unwrap_or("unknown")
}

/// An error loading a certificate or key, naming the file.
#[derive(Debug)]
pub struct TlsSetupError(pub String);

impl std::fmt::Display for TlsSetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TlsSetupError {}

fn crypto_provider(settings: &TlsSettings) -> CryptoProvider {
    let cipher_suites = settings
        .ciphers
        .iter()
        .filter_map(|n| cipher_suite_by_name(n))
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
    let cert_path = pair.cert.display();
    let key_path = pair.key.display();
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(&pair.cert)
        .and_then(|it| it.collect::<Result<_, _>>())
        .map_err(|e| {
            TlsSetupError(format!(
                "certificate {cert_path}: {}",
                describe_pem_error(e)
            ))
        })?;
    if chain.is_empty() {
        return Err(TlsSetupError(format!(
            "certificate {cert_path}: no CERTIFICATE block found"
        )));
    }
    let key = PrivateKeyDer::from_pem_file(&pair.key)
        .map_err(|e| TlsSetupError(format!("private key {key_path}: {}", describe_pem_error(e))))?;
    let signing_key = provider
        .key_provider
        .load_private_key(key)
        .map_err(|e| TlsSetupError(format!("private key {key_path}: unsupported key: {e}")))?;
    let certified = CertifiedKey::new(chain, signing_key);
    certified.keys_match().map_err(|_| {
        TlsSetupError(format!(
            "private key {key_path} does not match certificate {cert_path}"
        ))
    })?;
    Ok(certified)
}

fn describe_pem_error(e: rustls_pki_types::pem::Error) -> String {
    match e {
        rustls_pki_types::pem::Error::Io(io) => format!("cannot read: {io}"),
        rustls_pki_types::pem::Error::NoItemsFound => {
            "no PEM block of the expected kind found".into()
        }
        other => format!("invalid PEM: {other:?}"),
    }
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
    /// Present when no certificate was configured and one was generated.
    pub self_signed: Option<SelfSigned>,
}

/// Builds the shared rustls configuration: certificates, versions, ciphers,
/// ALPN and session resumption.
pub fn build_server_config(
    settings: &TlsSettings,
    extract_secrets: bool,
) -> Result<ServerTls, TlsSetupError> {
    let provider = crypto_provider(settings);
    let (certificates, self_signed) = if settings.certificates.is_empty() {
        let generated = SelfSigned::generate(&provider)?;
        (vec![generated.certified_key.clone()], Some(generated))
    } else {
        let mut loaded = Vec::new();
        for pair in &settings.certificates {
            loaded.push(Arc::new(load_certificate(pair, &provider)?));
        }
        (loaded, None)
    };

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
        .map_err(|e| {
            TlsSetupError(format!(
                "tls: the configured protocols and ciphers do not fit together: {e}"
            ))
        })?
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
        config.ticketer = provider::Ticketer::new()
            .map_err(|e| TlsSetupError(format!("tls: cannot create session ticketer: {e}")))?;
        config.send_tls13_tickets = settings.tls13_tickets;
    } else {
        config.send_tls13_tickets = 0;
    }
    Ok(ServerTls {
        config: Arc::new(config),
        self_signed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suite_is_known_by_both_names() {
        for (iana, openssl, suite) in CIPHER_SUITES {
            assert_eq!(cipher_suite_by_name(iana).unwrap().suite(), suite.suite());
            assert_eq!(
                cipher_suite_by_name(openssl).unwrap().suite(),
                suite.suite()
            );
            assert_eq!(cipher_name(*suite), *iana);
        }
        assert!(cipher_suite_by_name("AES128-SHA").is_none());
    }

    #[test]
    fn defaults_build_with_a_self_signed_certificate() {
        let settings = crate::config::resolve(Default::default(), &Default::default())
            .unwrap()
            .tls;
        let built = build_server_config(&settings, false).unwrap();
        let s = built.self_signed.expect("generated");
        assert_eq!(s.fingerprint.len(), 32 * 3 - 1);
        assert_eq!(built.config.alpn_protocols[0], b"http/1.1");
    }
}
