//! `[acme]` and each site's `acme = true`: certificates ordered from an
//! ACME CA (RFC 8555) instead of read from files. Validated here, with the
//! reasons a CA would refuse the order (wildcards need DNS-01) and the
//! listeners each challenge needs; `crate::acme` does the ordering.

use super::file::{AcmeSection, Duration};
use super::{Listener, Report, Site};
use std::path::PathBuf;

/// Let's Encrypt's production directory: what `[acme]` orders from
/// unless told otherwise.
pub const LETS_ENCRYPT_DIRECTORY: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// The ACME settings, present when at least one site has `acme = true`.
#[derive(Debug, Clone, PartialEq)]
pub struct AcmeSettings {
    /// The CA's directory URL (https).
    pub directory: String,
    /// The account's contact, as `mailto:` on the account.
    pub email: Option<String>,
    /// Account key, certificates, keys and the fleet lock live here.
    pub state_dir: PathBuf,
    /// Roots for the CA's own HTTPS (private ACME servers); None: the
    /// system's.
    pub ca_file: Option<PathBuf>,
    pub key_type: KeyType,
    /// The challenges to answer, preferred first.
    pub challenges: Vec<Challenge>,
    /// The CA's certificate profile to ask for (Let's Encrypt: `classic`,
    /// `tlsserver`, `shortlived`); None: the CA's default.
    pub profile: Option<String>,
    /// Renew once less than this is left, whatever the CA suggests; None:
    /// the CA's renewal window (RFC 9773), else two thirds of the lifetime.
    pub renew_before: Option<std::time::Duration>,
    /// The wait after the first failed order; doubled after each further
    /// failure up to `MAX_RETRY_INTERVAL`.
    pub retry_interval: std::time::Duration,
}

/// The longest wait between two attempts at a failing order.
pub const MAX_RETRY_INTERVAL: std::time::Duration = std::time::Duration::from_secs(6 * 3600);

/// The key a certificate is issued for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyType {
    EcdsaP256,
    Rsa2048,
}

/// The ways of proving control of a name that tlsaccel can answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Challenge {
    /// RFC 8555 8.3: a token under `/.well-known/acme-challenge/` on port 80.
    Http01,
    /// RFC 8737: a certificate for ALPN `acme-tls/1` on port 443.
    TlsAlpn01,
}

impl Challenge {
    pub fn name(self) -> &'static str {
        match self {
            Challenge::Http01 => "http-01",
            Challenge::TlsAlpn01 => "tls-alpn-01",
        }
    }
}

/// `[acme]` validated against the sites that use it and the listeners
/// its challenges come in on. None when no site has `acme = true`.
pub fn resolve(
    section: &AcmeSection,
    sites: &[Site],
    listeners: &[Listener],
    report: &mut Report,
) -> Option<AcmeSettings> {
    for site in sites.iter().filter(|s| s.acme) {
        for (j, name) in site.names.iter().enumerate() {
            if name.starts_with("*.") {
                report.error(
                    format!("{}.names[{j}]", site.key),
                    format!("\"{name}\": a wildcard certificate needs the DNS-01 challenge, which tlsaccel does not answer; give this site certificate files, or list its names one by one"),
                );
            }
        }
    }
    if !sites.iter().any(|s| s.acme) {
        return None;
    }
    if !section.accept_terms {
        report.error(
            "acme.accept_terms",
            "must be true to order certificates: read the CA's terms of service (its directory's meta.termsOfService) and set accept_terms = true",
        );
    }
    let directory = section
        .directory
        .clone()
        .unwrap_or_else(|| LETS_ENCRYPT_DIRECTORY.into());
    if !directory.starts_with("https://") || directory.len() <= "https://".len() {
        report.error(
            "acme.directory",
            format!("\"{directory}\" must be an https:// URL (RFC 8555 6.1)"),
        );
    }
    if let Some(email) = &section.email {
        let valid = email.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty() && domain.contains('.') && !domain.ends_with('.')
        }) && !email
            .bytes()
            .any(|b| b.is_ascii_whitespace() || b.is_ascii_control() || b == b',');
        if !valid {
            report.error(
                "acme.email",
                format!("\"{email}\" is not an e-mail address"),
            );
        }
    }
    let key_type = match section.key_type.as_str() {
        "ecdsa-p256" => KeyType::EcdsaP256,
        "rsa-2048" => KeyType::Rsa2048,
        other => {
            report.error(
                "acme.key_type",
                format!("\"{other}\" must be \"ecdsa-p256\" or \"rsa-2048\""),
            );
            KeyType::EcdsaP256
        }
    };
    let mut challenges = Vec::new();
    for (i, name) in section.challenges.iter().enumerate() {
        let challenge = match name.as_str() {
            "http-01" => Challenge::Http01,
            "tls-alpn-01" => Challenge::TlsAlpn01,
            "dns-01" => {
                report.error(
                    format!("acme.challenges[{i}]"),
                    "dns-01 is not answered by tlsaccel (it needs your DNS provider's API)",
                );
                continue;
            }
            _ => {
                report.error(
                    format!("acme.challenges[{i}]"),
                    format!("\"{name}\" must be \"http-01\" or \"tls-alpn-01\""),
                );
                continue;
            }
        };
        if challenges.contains(&challenge) {
            report.error(
                format!("acme.challenges[{i}]"),
                format!("\"{name}\" is listed twice"),
            );
        }
        challenges.push(challenge);
    }
    if section.challenges.is_empty() {
        report.error("acme.challenges", "at least one challenge is required");
    }
    let has_tls = listeners.iter().any(|l| l.tls);
    let has_plain = listeners.iter().any(|l| !l.tls);
    if !has_tls {
        report.error(
            "acme",
            "a site has acme = true but no listener speaks TLS (tls = true)",
        );
    }
    let usable = |c: &Challenge| match c {
        Challenge::Http01 => has_plain,
        Challenge::TlsAlpn01 => has_tls,
    };
    if !challenges.is_empty() && !challenges.iter().any(usable) {
        report.error(
            "acme.challenges",
            "http-01 needs a plain listener (tls = false) on port 80, and none is configured",
        );
    }
    let renew_before = section
        .renew_before
        .map(|d| positive_seconds(d, "acme.renew_before", report));
    let retry_interval = positive_seconds(section.retry_interval, "acme.retry_interval", report)
        .min(MAX_RETRY_INTERVAL);
    if section.profile.as_deref() == Some("") {
        report.error(
            "acme.profile",
            "must not be empty (leave it out for the CA's default)",
        );
    }
    Some(AcmeSettings {
        directory,
        email: section.email.clone(),
        state_dir: section.state_dir.clone(),
        ca_file: section.ca_file.clone(),
        key_type,
        challenges: challenges.into_iter().filter(usable).collect(),
        profile: section.profile.clone().filter(|p| !p.is_empty()),
        renew_before,
        retry_interval,
    })
}

/// A span of seconds above 0 (no upper bound: renewal spans are days).
fn positive_seconds(d: Duration, key: &str, report: &mut Report) -> std::time::Duration {
    match std::time::Duration::try_from_secs_f64(d.0) {
        Ok(span) if !span.is_zero() => span,
        _ => {
            report.error(key, format!("{} must be a number of seconds above 0", d.0));
            std::time::Duration::from_secs(1)
        }
    }
}
