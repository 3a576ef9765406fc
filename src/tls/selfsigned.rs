//! The certificate tlsaccel makes for itself when none is configured, so
//! that `tlsaccel serve` with no arguments works out of the box.

use super::TlsSetupError;
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use std::sync::Arc;

pub struct SelfSigned {
    pub certified_key: Arc<CertifiedKey>,
}

impl SelfSigned {
    /// An ECDSA P-256 certificate for localhost, 127.0.0.1 and ::1.
    pub fn generate(provider: &CryptoProvider) -> Result<SelfSigned, TlsSetupError> {
        let names = vec![
            "localhost".to_string(),
            "127.0.0.1".to_string(),
            "::1".to_string(),
        ];
        let generated =
            rcgen::generate_simple_self_signed(names).map_err(TlsSetupError::SelfSigned)?;
        let der = CertificateDer::from(generated.cert.der().to_vec());
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(
            generated.signing_key.serialize_der(),
        ));
        let signing_key = provider
            .key_provider
            .load_private_key(key)
            .map_err(TlsSetupError::GeneratedKey)?;
        Ok(SelfSigned {
            certified_key: Arc::new(CertifiedKey::new(vec![der], signing_key)),
        })
    }
}
