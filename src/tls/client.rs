//! The client side of TLS, for upstreams with `tls = true`: one rustls
//! client configuration per upstream (aws-lc-rs), trusting its `tls_ca_file`
//! or the system's CA certificates, presenting its client certificate when
//! it has one (mutual TLS), and resuming sessions from rustls's in-memory
//! cache, which every worker shares through the one configuration.

use super::{
    client_crypto_provider, load_certificate, read_certificates, PemProblem, TlsSetupError,
};
use crate::config::CertificatePair;
use rustls::client::ResolvesClientCert;
use rustls::sign::CertifiedKey;
use rustls::{ClientConfig, RootCertStore, SignatureScheme};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why an upstream's TLS client configuration cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum ClientTlsError {
    #[error("CA file {path}: {source}")]
    CaFile { path: PathBuf, source: PemProblem },
    #[error("CA file {path}: certificate {index} is not a usable CA certificate: {source}")]
    CaCertificate {
        path: PathBuf,
        index: usize,
        source: rustls::Error,
    },
    #[error("no system CA certificates found (give tls_ca_file)")]
    NoSystemRoots,
    #[error(transparent)]
    ClientCertificate(#[from] TlsSetupError),
    #[error("the TLS protocol versions cannot be set up: {0}")]
    Versions(#[source] rustls::Error),
}

/// The configuration for one upstream's TLS connections. `ca_file` None:
/// the system's CA certificates; `identity`: the client certificate and
/// key; `groups`: the key exchange groups offered, the preferred first.
pub fn client_config(
    ca_file: Option<&Path>,
    identity: Option<&CertificatePair>,
    groups: &[&'static dyn rustls::crypto::SupportedKxGroup],
) -> Result<Arc<ClientConfig>, ClientTlsError> {
    let roots = match ca_file {
        Some(path) => roots_from_file(path)?,
        None => system_roots()?,
    };
    let provider = Arc::new(client_crypto_provider(groups));
    let builder = ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(ClientTlsError::Versions)?
        .with_root_certificates(roots);
    let config = match identity {
        Some(pair) => {
            let certified = load_certificate(pair, &provider)?;
            builder.with_client_cert_resolver(Arc::new(OneCertificate(Arc::new(certified))))
        }
        None => builder.with_no_client_auth(),
    };
    Ok(Arc::new(config))
}

fn roots_from_file(path: &Path) -> Result<RootCertStore, ClientTlsError> {
    let certs = read_certificates(path).map_err(|source| ClientTlsError::CaFile {
        path: path.to_owned(),
        source,
    })?;
    let mut roots = RootCertStore::empty();
    for (index, cert) in certs.into_iter().enumerate() {
        roots
            .add(cert)
            .map_err(|source| ClientTlsError::CaCertificate {
                path: path.to_owned(),
                index,
                source,
            })?;
    }
    Ok(roots)
}

/// The system's CA certificates (`/etc/ssl/certs` on Debian), as OpenSSL
/// finds them; certificates that do not parse are skipped, as OpenSSL does.
fn system_roots() -> Result<RootCertStore, ClientTlsError> {
    let found = rustls_native_certs::load_native_certs();
    for e in &found.errors {
        tracing::debug!(error = %e, "system CA certificates: skipped");
    }
    let mut roots = RootCertStore::empty();
    let (added, _ignored) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        return Err(ClientTlsError::NoSystemRoots);
    }
    Ok(roots)
}

/// Presents the one configured client certificate whenever a back end asks.
#[derive(Debug)]
struct OneCertificate(Arc<CertifiedKey>);

impl ResolvesClientCert for OneCertificate {
    fn resolve(
        &self,
        _root_hint_subjects: &[&[u8]],
        _sigschemes: &[SignatureScheme],
    ) -> Option<Arc<CertifiedKey>> {
        Some(self.0.clone())
    }

    fn has_certs(&self) -> bool {
        true
    }
}
