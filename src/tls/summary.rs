//! What the operator should see of a certificate at start-up: its subject,
//! the names it is valid for, when it expires, and its SHA-256 fingerprint
//! (as browsers show it, to compare with what a client received).

use rustls_pki_types::CertificateDer;
use std::fmt;

#[derive(Debug, Clone)]
pub struct CertificateSummary {
    /// Where it came from: `tls.certificate[0] (/etc/tlsaccel/a.pem)`, or
    /// `self-signed`.
    pub origin: String,
    pub subject: String,
    /// DNS names and IP addresses from subjectAltName.
    pub names: Vec<String>,
    /// Unix time of notAfter; None when the certificate does not parse.
    pub not_after: Option<i64>,
    /// Colon-separated upper-case hex.
    pub fingerprint: String,
}

impl CertificateSummary {
    /// Summarises the leaf certificate of a chain.
    pub fn of(origin: String, leaf: &CertificateDer<'_>) -> CertificateSummary {
        let mut summary = CertificateSummary {
            origin,
            subject: String::from("(unparsed)"),
            names: Vec::new(),
            not_after: None,
            fingerprint: fingerprint(leaf),
        };
        if let Ok((_, cert)) = x509_parser::parse_x509_certificate(leaf) {
            summary.subject = cert.subject().to_string();
            summary.not_after = Some(cert.validity().not_after.timestamp());
            if let Ok(Some(san)) = cert.subject_alternative_name() {
                use x509_parser::extensions::GeneralName;
                for name in &san.value.general_names {
                    match name {
                        GeneralName::DNSName(dns) => summary.names.push(dns.to_string()),
                        GeneralName::IPAddress(ip) => summary.names.push(ip_text(ip)),
                        _ => {}
                    }
                }
            }
        }
        summary
    }

    /// Whether notAfter is already past.
    pub fn expired(&self) -> bool {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        self.not_after.is_some_and(|t| t < now)
    }
}

impl fmt::Display for CertificateSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: subject \"{}\"", self.origin, self.subject)?;
        if !self.names.is_empty() {
            write!(f, ", names {}", self.names.join(" "))?;
        }
        if let Some(t) = self.not_after {
            let expires = std::time::UNIX_EPOCH + std::time::Duration::from_secs(t.max(0) as u64);
            write!(f, ", expires {}", httpdate::fmt_http_date(expires))?;
        }
        write!(f, ", SHA-256 fingerprint {}", self.fingerprint)
    }
}

pub fn fingerprint(der: &CertificateDer<'_>) -> String {
    aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, der)
        .as_ref()
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

fn ip_text(bytes: &[u8]) -> String {
    match bytes.len() {
        4 => std::net::Ipv4Addr::from(<[u8; 4]>::try_from(bytes).expect("4 bytes")).to_string(),
        16 => std::net::Ipv6Addr::from(<[u8; 16]>::try_from(bytes).expect("16 bytes")).to_string(),
        _ => String::from("(bad IP address)"),
    }
}
