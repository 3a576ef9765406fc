//! Client certificates (mutual TLS): the verifier a site's handshake asks
//! with, and what a connection keeps of the client's certificate (the
//! verdict, the subject and the certificate, for the routes that require
//! one and the back ends that are told).
//!
//! The chain is checked with webpki against the site's CA bundle, its
//! depth bound and its CRLs. With `mode = "required"` rustls's handshake
//! fails on a bad or missing certificate (the client gets an alert). With
//! `"optional"` the handshake accepts whatever the client proves it holds
//! the key of, and the verdict is reached after it, so a route can answer
//! 403 and a back end can be told why. A resumed session carries the
//! chain of its first handshake, which is verified again (a CRL reloaded
//! since then applies), as it is when a reload changes the policy of an
//! open connection.

use crate::config::{ClientAuth, ClientAuthMode};
use rustls::client::danger::HandshakeSignatureValid;
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{CertificateError, DigitallySignedStruct, DistinguishedName, SignatureScheme};
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, CertificateRevocationListDer, TrustAnchor, UnixTime};
use std::path::PathBuf;
use std::sync::Arc;

/// Why a site's client-certificate policy cannot be built; each names its file.
#[derive(Debug, thiserror::Error)]
pub enum ClientAuthError {
    #[error("{path}: {source}")]
    CaFile {
        path: PathBuf,
        source: super::PemProblem,
    },
    #[error("{path}: certificate {index} is not a usable CA: {source}")]
    CaCertificate {
        path: PathBuf,
        index: usize,
        source: webpki::Error,
    },
    #[error("{path}: {source}")]
    CrlFile {
        path: PathBuf,
        source: super::PemProblem,
    },
    #[error("{path}: revocation list {index} cannot be read: {source}")]
    Crl {
        path: PathBuf,
        index: usize,
        source: webpki::Error,
    },
}

impl ClientAuthError {
    /// The setting the problem belongs to (`ca` or `crl`).
    pub fn setting(&self) -> &'static str {
        match self {
            ClientAuthError::CaFile { .. } | ClientAuthError::CaCertificate { .. } => "ca",
            _ => "crl",
        }
    }
}

/// Verifies client certificates for one policy.
pub struct ClientVerifier {
    roots: Vec<TrustAnchor<'static>>,
    /// The CAs' subjects, sent in the CertificateRequest so a client with
    /// several certificates picks one these CAs issued.
    subjects: Vec<DistinguishedName>,
    crls: Vec<webpki::CertRevocationList<'static>>,
    depth: usize,
    mode: ClientAuthMode,
    algorithms: WebPkiSupportedAlgorithms,
}

impl std::fmt::Debug for ClientVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClientVerifier")
            .field("roots", &self.roots.len())
            .field("crls", &self.crls.len())
            .field("depth", &self.depth)
            .field("mode", &self.mode)
            .finish()
    }
}

impl ClientVerifier {
    /// Reads the policy's CA bundle and revocation lists.
    pub fn load(policy: &ClientAuth) -> Result<ClientVerifier, ClientAuthError> {
        let cas =
            super::read_certificates(&policy.ca).map_err(|source| ClientAuthError::CaFile {
                path: policy.ca.clone(),
                source,
            })?;
        let mut roots = Vec::new();
        for (index, der) in cas.iter().enumerate() {
            let anchor = webpki::anchor_from_trusted_cert(der).map_err(|source| {
                ClientAuthError::CaCertificate {
                    path: policy.ca.clone(),
                    index,
                    source,
                }
            })?;
            roots.push(anchor.to_owned());
        }
        let subjects = roots
            .iter()
            .map(|r| DistinguishedName::in_sequence(&r.subject))
            .collect();
        let mut crls = Vec::new();
        for path in &policy.crl {
            for (index, der) in read_crls(path)?.iter().enumerate() {
                let crl = webpki::OwnedCertRevocationList::from_der(der).map_err(|source| {
                    ClientAuthError::Crl {
                        path: path.clone(),
                        index,
                        source,
                    }
                })?;
                crls.push(webpki::CertRevocationList::from(crl));
            }
        }
        Ok(ClientVerifier {
            roots,
            subjects,
            crls,
            depth: policy.depth,
            mode: policy.mode,
            algorithms: super::server_verification_algorithms(),
        })
    }

    /// Checks a chain (the client's certificate first) now: issued by a
    /// configured CA through at most `depth` intermediates, in its
    /// validity period, for client authentication, and not revoked.
    pub fn check(&self, chain: &[CertificateDer<'_>]) -> Result<(), CertificateError> {
        let Some((end_entity, intermediates)) = chain.split_first() else {
            return Err(CertificateError::BadEncoding);
        };
        let cert = webpki::EndEntityCert::try_from(end_entity).map_err(certificate_error)?;
        let crls: Vec<&webpki::CertRevocationList<'_>> = self.crls.iter().collect();
        let revocation = match webpki::RevocationOptionsBuilder::new(&crls) {
            Ok(builder) => Some(
                builder
                    // A certificate no list speaks of is not revoked.
                    .with_status_policy(webpki::UnknownStatusPolicy::Allow)
                    .build(),
            ),
            Err(_) => None, // no CRL configured
        };
        let depth = self.depth;
        let within_depth = move |path: &webpki::VerifiedPath<'_>| {
            if path.intermediate_certificates().count() > depth {
                Err(webpki::Error::MaximumPathDepthExceeded)
            } else {
                Ok(())
            }
        };
        cert.verify_for_usage(
            self.algorithms.all,
            &self.roots,
            intermediates,
            UnixTime::now(),
            webpki::KeyUsage::client_auth(),
            revocation,
            Some(&within_depth),
        )
        .map(|_| ())
        .map_err(certificate_error)
    }
}

/// The CRLs of one file: PEM blocks, else the file as one DER list.
fn read_crls(
    path: &PathBuf,
) -> Result<Vec<CertificateRevocationListDer<'static>>, ClientAuthError> {
    let file_error = |source| ClientAuthError::CrlFile {
        path: path.clone(),
        source,
    };
    let bytes = std::fs::read(path).map_err(|e| file_error(super::PemProblem::Read(e)))?;
    if bytes.first() == Some(&0x30) {
        return Ok(vec![CertificateRevocationListDer::from(bytes)]);
    }
    let lists: Vec<_> = CertificateRevocationListDer::pem_slice_iter(&bytes)
        .collect::<Result<_, _>>()
        .map_err(|e| file_error(e.into()))?;
    if lists.is_empty() {
        return Err(file_error(super::PemProblem::NothingFound));
    }
    Ok(lists)
}

/// webpki's verdict as rustls reports it (and the alert it sends).
fn certificate_error(e: webpki::Error) -> CertificateError {
    use webpki::Error as E;
    match e {
        E::BadDer | E::BadDerTime => CertificateError::BadEncoding,
        E::CertExpired { .. } => CertificateError::Expired,
        E::CertNotValidYet { .. } => CertificateError::NotValidYet,
        E::CertRevoked => CertificateError::Revoked,
        E::UnknownIssuer => CertificateError::UnknownIssuer,
        E::InvalidSignatureForPublicKey => CertificateError::BadSignature,
        other => CertificateError::Other(rustls::OtherError(Arc::new(other))),
    }
}

/// A short reason for logs and the verdict field: `expired`,
/// `unknown issuer`, `revoked`.
pub fn reason(e: &CertificateError) -> String {
    match e {
        CertificateError::BadEncoding => "malformed certificate".into(),
        CertificateError::Expired | CertificateError::ExpiredContext { .. } => "expired".into(),
        CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. } => {
            "not yet valid".into()
        }
        CertificateError::Revoked => "revoked".into(),
        CertificateError::UnknownIssuer => "unknown issuer".into(),
        CertificateError::BadSignature => "bad signature".into(),
        CertificateError::Other(other) => match other.0.downcast_ref::<webpki::Error>() {
            Some(webpki::Error::MaximumPathDepthExceeded) => "chain longer than depth".into(),
            Some(webpki::Error::RequiredEkuNotFoundContext(_)) => {
                "not for client authentication".into()
            }
            Some(e) => format!("{e:?}"),
            None => other.to_string(),
        },
        other => format!("{other:?}"),
    }
}

impl ClientCertVerifier for ClientVerifier {
    fn offer_client_auth(&self) -> bool {
        true
    }

    fn client_auth_mandatory(&self) -> bool {
        self.mode == ClientAuthMode::Required
    }

    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        &self.subjects
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        if self.mode == ClientAuthMode::Optional {
            // Judged after the handshake (`ClientIdentity`), so the
            // verdict can reach routes and back ends.
            return Ok(ClientCertVerified::assertion());
        }
        let mut chain = Vec::with_capacity(1 + intermediates.len());
        chain.push(end_entity.clone());
        chain.extend(intermediates.iter().cloned());
        self.check(&chain)
            .map(|()| ClientCertVerified::assertion())
            .map_err(rustls::Error::InvalidCertificate)
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// What the client's certificate came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Success,
    /// The client sent none (optional mode).
    None,
    Failed(String),
}

impl Verdict {
    /// As nginx's `$ssl_client_verify`: `SUCCESS`, `NONE`, `FAILED:reason`.
    pub fn as_field(&self) -> String {
        match self {
            Verdict::Success => "SUCCESS".into(),
            Verdict::None => "NONE".into(),
            Verdict::Failed(reason) => format!("FAILED:{reason}"),
        }
    }
}

/// A connection's client certificate, as its handshake's policy judged
/// it.
#[derive(Debug)]
pub struct ClientIdentity {
    /// The policy it was judged under (a request for a site with another
    /// one is misdirected).
    pub policy: ClientAuth,
    pub verdict: Verdict,
    /// The client's chain, to judge again when a reload changes the policy.
    chain: Vec<CertificateDer<'static>>,
    /// RFC 4514, as nginx's `$ssl_client_s_dn`; empty without one.
    pub subject: String,
    /// The client's certificate in PEM, percent-encoded for a header field
    /// (nginx's `$ssl_client_escaped_cert`); empty without one.
    pub escaped_pem: String,
}

impl ClientIdentity {
    /// Judges `chain` (empty: none sent). `verified`: the handshake's own
    /// verifier already accepted it (a full handshake in required mode).
    pub fn judge(
        policy: &ClientAuth,
        verifier: &ClientVerifier,
        chain: &[CertificateDer<'static>],
        verified: bool,
    ) -> ClientIdentity {
        let verdict = match chain.first() {
            None if policy.mode == ClientAuthMode::Required => {
                // A session resumed from before the site required one.
                Verdict::Failed("no certificate".into())
            }
            None => Verdict::None,
            Some(_) if verified => Verdict::Success,
            Some(_) => match verifier.check(chain) {
                Ok(()) => Verdict::Success,
                Err(e) => Verdict::Failed(reason(&e)),
            },
        };
        let (subject, escaped_pem) = match chain.first() {
            Some(cert) => (subject_of(cert), escaped_pem(cert)),
            None => (String::new(), String::new()),
        };
        ClientIdentity {
            policy: policy.clone(),
            verdict,
            chain: chain.to_vec(),
            subject,
            escaped_pem,
        }
    }

    /// The same chain judged under a reloaded policy.
    pub fn judge_again(&self, policy: &ClientAuth, verifier: &ClientVerifier) -> ClientIdentity {
        ClientIdentity::judge(policy, verifier, &self.chain, false)
    }

    pub fn verified(&self) -> bool {
        self.verdict == Verdict::Success
    }
}

/// A certificate's subject in RFC 4514 form: the last RDN first,
/// attributes by their short names, `,` between, specials escaped.
fn subject_of(cert: &CertificateDer<'_>) -> String {
    use x509_parser::prelude::{FromDer, X509Certificate};
    let Ok((_, parsed)) = X509Certificate::from_der(cert) else {
        return String::new();
    };
    let mut parts = Vec::new();
    for rdn in parsed
        .subject()
        .iter()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        let attributes: Vec<String> = rdn
            .iter()
            .map(|attr| {
                let oid = attr.attr_type().to_id_string();
                let name = short_name(&oid).map_or(oid, str::to_owned);
                let value = attr.as_str().map_or_else(
                    |_| format!("#{}", hex(attr.attr_value().data)),
                    escape_dn_value,
                );
                format!("{name}={value}")
            })
            .collect();
        parts.push(attributes.join("+"));
    }
    parts.join(",")
}

/// RFC 4514 3's names (and OpenSSL's `emailAddress`), by OID.
fn short_name(oid: &str) -> Option<&'static str> {
    Some(match oid {
        "2.5.4.3" => "CN",
        "2.5.4.7" => "L",
        "2.5.4.8" => "ST",
        "2.5.4.10" => "O",
        "2.5.4.11" => "OU",
        "2.5.4.6" => "C",
        "2.5.4.9" => "STREET",
        "0.9.2342.19200300.100.1.25" => "DC",
        "0.9.2342.19200300.100.1.1" => "UID",
        "1.2.840.113549.1.9.1" => "emailAddress",
        _ => return None,
    })
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// RFC 4514 2.4: `,+"\<>;` escaped, and `#` or a space first, or a
/// space last; control characters as `\XX`.
fn escape_dn_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let last = value.chars().count().saturating_sub(1);
    for (i, c) in value.chars().enumerate() {
        match c {
            ',' | '+' | '"' | '\\' | '<' | '>' | ';' => {
                out.push('\\');
                out.push(c);
            }
            '#' if i == 0 => out.push_str("\\#"),
            ' ' if i == 0 || i == last => out.push_str("\\ "),
            c if c.is_control() => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("\\{b:02X}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The certificate in PEM, every byte but letters, digits and `-._~`
/// percent-encoded (one header line; `urllib.parse.unquote` restores it).
fn escaped_pem(cert: &CertificateDer<'_>) -> String {
    use base64::Engine;
    let body = base64::engine::general_purpose::STANDARD.encode(cert.as_ref());
    let mut pem = String::from("-----BEGIN CERTIFICATE-----\n");
    for line in body.as_bytes().chunks(64) {
        pem.push_str(std::str::from_utf8(line).unwrap_or_default());
        pem.push('\n');
    }
    pem.push_str("-----END CERTIFICATE-----\n");
    crate::uri::escape_component(pem.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dn_values_are_escaped() {
        assert_eq!(escape_dn_value("Doe, John"), "Doe\\, John");
        assert_eq!(escape_dn_value("#1 "), "\\#1\\ ");
        assert_eq!(escape_dn_value("a+b=c"), "a\\+b=c");
        assert_eq!(escape_dn_value("x\ny"), "x\\0Ay");
    }

    #[test]
    fn subject_and_pem_of_a_generated_certificate() {
        let mut params = rcgen::CertificateParams::new(vec!["client.test".into()]).unwrap();
        params.distinguished_name = rcgen::DistinguishedName::new();
        params
            .distinguished_name
            .push(rcgen::DnType::OrganizationName, "Example, Inc");
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, "alice");
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = params.self_signed(&key).unwrap();
        let der = cert.der().clone();
        assert_eq!(subject_of(&der), "CN=alice,O=Example\\, Inc");
        let escaped = escaped_pem(&der);
        assert!(escaped.starts_with("-----BEGIN%20CERTIFICATE-----%0A"));
        assert!(!escaped.contains(['\n', ' ', '+', '/', '=']));
    }
}
