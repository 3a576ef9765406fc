//! The certificates of an order: the key and CSR sent to the CA, the chain
//! it returns made servable (`Issued`), and the TLS-ALPN-01 validation
//! certificate (RFC 8737 3) for a name under challenge.

use super::board::Issued;
use crate::config::AcmeKeyType;
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

/// Why a certificate and key cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    #[error("no CERTIFICATE block in the chain")]
    NoCertificate,
    #[error("invalid PEM: {0}")]
    Pem(#[source] rustls_pki_types::pem::Error),
    #[error("cannot parse the certificate: {0}")]
    X509(String),
    #[error("the key is not usable: {0}")]
    Key(#[source] rustls::Error),
    #[error("the key does not match the certificate")]
    KeyMismatch,
    #[error("cannot make a key or certificate request: {0}")]
    Generate(#[source] rcgen::Error),
}

/// A new private key of the configured type, in PKCS#8 PEM.
pub struct NewKey {
    pair: rcgen::KeyPair,
}

impl NewKey {
    pub fn generate(key_type: AcmeKeyType) -> Result<NewKey, CertificateError> {
        let pair = match key_type {
            AcmeKeyType::EcdsaP256 => rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256),
            AcmeKeyType::Rsa2048 => {
                rcgen::KeyPair::generate_rsa_for(&rcgen::PKCS_RSA_SHA256, rcgen::RsaKeySize::_2048)
            }
        }
        .map_err(CertificateError::Generate)?;
        Ok(NewKey { pair })
    }

    pub fn pem(&self) -> zeroize::Zeroizing<String> {
        zeroize::Zeroizing::new(self.pair.serialize_pem())
    }

    /// A certificate signing request (DER) for `names` with this key.
    pub fn csr(&self, names: &[String]) -> Result<Vec<u8>, CertificateError> {
        let mut params =
            rcgen::CertificateParams::new(names.to_vec()).map_err(CertificateError::Generate)?;
        // The CA takes the names from subjectAltName; a subject CN is
        // what old clients show, the first name.
        params.distinguished_name = rcgen::DistinguishedName::new();
        if let Some(first) = names.first() {
            params
                .distinguished_name
                .push(rcgen::DnType::CommonName, first.clone());
        }
        let csr = params
            .serialize_request(&self.pair)
            .map_err(CertificateError::Generate)?;
        Ok(csr.der().to_vec())
    }
}

/// A chain (leaf first) and its key, both PEM, made into what the
/// resolver serves, with the leaf's names, validity and serial.
pub fn servable(
    chain_pem: &[u8],
    key_pem: &[u8],
    provider: &CryptoProvider,
) -> Result<Issued, CertificateError> {
    let certified = certified_key(chain_pem, key_pem, provider)?;
    certified
        .keys_match()
        .map_err(|_| CertificateError::KeyMismatch)?;
    let leaf = &certified.cert[0];
    let (_, parsed) = x509_parser::parse_x509_certificate(leaf)
        .map_err(|e| CertificateError::X509(e.to_string()))?;
    let mut names = Vec::new();
    if let Ok(Some(san)) = parsed.subject_alternative_name() {
        for name in &san.value.general_names {
            if let x509_parser::extensions::GeneralName::DNSName(n) = name {
                names.push(n.to_ascii_lowercase());
            }
        }
    }
    let time = |t: x509_parser::time::ASN1Time| {
        let secs = t.timestamp();
        if secs >= 0 {
            UNIX_EPOCH + Duration::from_secs(secs as u64)
        } else {
            UNIX_EPOCH
        }
    };
    let not_before = time(parsed.validity().not_before);
    let not_after = time(parsed.validity().not_after);
    let serial = parsed
        .tbs_certificate
        .raw_serial()
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect();
    Ok(Issued {
        certified: Arc::new(certified),
        names,
        not_before,
        not_after,
        serial,
    })
}

/// A chain and its key, unchecked: rustls's `keys_match` parses the leaf
/// as a server certificate would be, which a validation certificate (its
/// critical acmeIdentifier extension) is not.
fn certified_key(
    chain_pem: &[u8],
    key_pem: &[u8],
    provider: &CryptoProvider,
) -> Result<CertifiedKey, CertificateError> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(chain_pem)
        .collect::<Result<_, _>>()
        .map_err(CertificateError::Pem)?;
    if chain.is_empty() {
        return Err(CertificateError::NoCertificate);
    }
    let key = PrivateKeyDer::from_pem_slice(key_pem).map_err(CertificateError::Pem)?;
    let signing_key = provider
        .key_provider
        .load_private_key(key)
        .map_err(CertificateError::Key)?;
    Ok(CertifiedKey::new(chain, signing_key))
}

/// A validation certificate another machine of the fleet shared (its key
/// and itself, PEM).
pub fn shared_validation_certificate(
    pem: &[u8],
    provider: &CryptoProvider,
) -> Result<Arc<CertifiedKey>, CertificateError> {
    certified_key(pem, pem, provider).map(Arc::new)
}

/// RFC 8737 3: a self-signed certificate for `name` whose critical
/// acmeIdentifier extension holds the SHA-256 of the key authorization;
/// with its key and itself in PEM, to share.
pub fn validation_certificate(
    name: &str,
    key_authorization_digest: &[u8],
    provider: &CryptoProvider,
) -> Result<(Arc<CertifiedKey>, zeroize::Zeroizing<String>), CertificateError> {
    let pair = rcgen::KeyPair::generate_for(&rcgen::PKCS_ECDSA_P256_SHA256)
        .map_err(CertificateError::Generate)?;
    let mut params =
        rcgen::CertificateParams::new(vec![name.to_owned()]).map_err(CertificateError::Generate)?;
    params.custom_extensions = vec![rcgen::CustomExtension::new_acme_identifier(
        key_authorization_digest,
    )];
    let cert = params
        .self_signed(&pair)
        .map_err(CertificateError::Generate)?;
    let pem = zeroize::Zeroizing::new(pair.serialize_pem() + &cert.pem());
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(pair.serialize_der()));
    let signing_key = provider
        .key_provider
        .load_private_key(key)
        .map_err(CertificateError::Key)?;
    let certified = Arc::new(CertifiedKey::new(vec![cert.der().clone()], signing_key));
    Ok((certified, pem))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn provider() -> CryptoProvider {
        rustls::crypto::aws_lc_rs::default_provider()
    }

    #[test]
    fn a_chain_and_its_key_are_servable_with_names_and_validity() {
        let key = NewKey::generate(AcmeKeyType::EcdsaP256).unwrap();
        let names = vec!["a.test".to_string(), "b.test".to_string()];
        let params = rcgen::CertificateParams::new(names.clone()).unwrap();
        let cert = params.self_signed(&key.pair).unwrap();
        let issued = servable(cert.pem().as_bytes(), key.pem().as_bytes(), &provider()).unwrap();
        assert_eq!(issued.names, names);
        assert!(issued.covers(&names[..1]));
        assert!(!issued.covers(&["c.test".to_string()]));
        assert!(issued.not_after > issued.not_before);
        assert!(!issued.serial.is_empty());

        let other = NewKey::generate(AcmeKeyType::EcdsaP256).unwrap();
        let mismatch = servable(cert.pem().as_bytes(), other.pem().as_bytes(), &provider());
        assert!(matches!(mismatch, Err(CertificateError::KeyMismatch)));
        let empty = servable(b"", key.pem().as_bytes(), &provider());
        assert!(matches!(empty, Err(CertificateError::NoCertificate)));
    }

    #[test]
    fn rsa_keys_and_requests() {
        let key = NewKey::generate(AcmeKeyType::Rsa2048).unwrap();
        assert!(key.pem().starts_with("-----BEGIN PRIVATE KEY-----"));
        let csr = key.csr(&["a.test".to_string()]).unwrap();
        assert_eq!(csr[0], 0x30); // a DER SEQUENCE
    }

    #[test]
    fn validation_certificate_holds_the_digest_in_a_critical_extension() {
        let digest = [7u8; 32];
        let (certified, pem) = validation_certificate("a.test", &digest, &provider()).unwrap();
        let shared = shared_validation_certificate(pem.as_bytes(), &provider()).unwrap();
        assert_eq!(shared.cert, certified.cert);
        let (_, parsed) = x509_parser::parse_x509_certificate(&certified.cert[0]).unwrap();
        let oid = x509_parser::der_parser::oid!(1.3.6 .1 .5 .5 .7 .1 .31);
        let ext = parsed
            .extensions()
            .iter()
            .find(|e| e.oid == oid)
            .expect("acmeIdentifier");
        assert!(ext.critical);
        // An OCTET STRING of the 32 bytes.
        assert_eq!(&ext.value[..2], &[0x04, 32]);
        assert_eq!(&ext.value[2..], &digest);
    }
}
