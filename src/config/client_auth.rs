//! Client certificates (mutual TLS) as a site configures them:
//! `[tls.client_auth]` for the top-level site, `[site.client_auth]` for
//! the others. The CA bundle and CRL files are read by the load phase
//! (`server::load`), which builds the verifier (`tls::client_auth`).

use super::Report;
use serde::Deserialize;
use std::path::PathBuf;

/// `client_auth = { ca = "...", mode = "required", ... }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClientAuthSection {
    #[serde(default)]
    pub ca: PathBuf,
    #[serde(default = "default_mode")]
    pub mode: String,
    #[serde(default = "default_depth")]
    pub depth: usize,
    #[serde(default)]
    pub crl: Vec<PathBuf>,
    #[serde(default = "default_verify_header")]
    pub verify_header: String,
    #[serde(default = "default_subject_header")]
    pub subject_header: String,
    #[serde(default = "default_certificate_header")]
    pub certificate_header: String,
}

fn default_mode() -> String {
    "required".into()
}

/// As nginx's `ssl_verify_depth`: one intermediate between the client's
/// certificate and the configured CA.
fn default_depth() -> usize {
    1
}

fn default_verify_header() -> String {
    "X-Client-Verify".into()
}

fn default_subject_header() -> String {
    "X-Client-Subject".into()
}

fn default_certificate_header() -> String {
    "X-Client-Cert".into()
}

/// Whether a client without a (valid) certificate may finish the handshake.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientAuthMode {
    /// No certificate, or one that does not verify: the handshake fails.
    Required,
    /// Asked for; the verdict goes to the back end, and routes with
    /// `client_certificate = "required"` answer 403 without a valid one.
    Optional,
}

/// A site's client-certificate policy. Two sites with equal policies
/// share one verifier and one TLS configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAuth {
    /// Where it was configured (`site[1].client_auth`).
    pub key: String,
    /// The CAs a client's certificate must chain to (PEM).
    pub ca: PathBuf,
    pub mode: ClientAuthMode,
    /// Most intermediate certificates between the client's and a CA's.
    pub depth: usize,
    /// Revocation lists (PEM or DER), read again at every reload.
    pub crl: Vec<PathBuf>,
    /// The fields the back end gets; each is first removed from the
    /// client's request, so it cannot be forged. Empty: not sent.
    pub headers: ClientCertHeaders,
}

impl ClientAuth {
    /// Whether two policies verify alike (where they were configured and
    /// which fields carry the verdict aside).
    pub fn same_verification(&self, other: &ClientAuth) -> bool {
        self.ca == other.ca
            && self.mode == other.mode
            && self.depth == other.depth
            && self.crl == other.crl
    }
}

/// Field names for the verification result (`SUCCESS`, `NONE`,
/// `FAILED:reason`), the subject (RFC 4514) and the certificate (PEM,
/// percent-encoded as nginx's `$ssl_client_escaped_cert`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientCertHeaders {
    pub verify: String,
    pub subject: String,
    pub certificate: String,
}

/// The deepest chain accepted; more is a configuration mistake.
const MAX_DEPTH: usize = 8;

/// A `client_auth` section at `key`, checked.
pub fn resolve(section: &ClientAuthSection, key: &str, report: &mut Report) -> ClientAuth {
    if section.ca.as_os_str().is_empty() {
        report.error(
            format!("{key}.ca"),
            "the CA bundle client certificates must chain to is required",
        );
    }
    let mode = match section.mode.as_str() {
        "required" => ClientAuthMode::Required,
        "optional" => ClientAuthMode::Optional,
        other => {
            report.error(
                format!("{key}.mode"),
                format!("\"{other}\" must be \"required\" or \"optional\""),
            );
            ClientAuthMode::Required
        }
    };
    if section.depth > MAX_DEPTH {
        report.error(
            format!("{key}.depth"),
            format!("must be from 0 to {MAX_DEPTH} intermediate certificates"),
        );
    }
    let mut field = |name: &str, setting: &str| {
        if !name.is_empty() && !name.bytes().all(crate::token::is_tchar) {
            report.error(
                format!("{key}.{setting}"),
                format!("\"{name}\" is not a field name"),
            );
        }
        name.to_owned()
    };
    let headers = ClientCertHeaders {
        verify: field(&section.verify_header, "verify_header"),
        subject: field(&section.subject_header, "subject_header"),
        certificate: field(&section.certificate_header, "certificate_header"),
    };
    ClientAuth {
        key: key.to_owned(),
        ca: section.ca.clone(),
        mode,
        depth: section.depth,
        crl: section.crl.clone(),
        headers,
    }
}

/// A route that requires a client certificate needs its site to ask for
/// one. `site_key`: `site[1]`, or empty for the top-level site.
pub fn check_routes(
    routes: &[super::Route],
    client_auth: Option<&ClientAuth>,
    site_key: &str,
    report: &mut Report,
) {
    if client_auth.is_some() {
        return;
    }
    for (i, route) in routes.iter().enumerate() {
        if route.require_client_certificate {
            let key = match site_key {
                "" => format!("route[{i}].client_certificate"),
                site => format!("{site}.route[{i}].client_certificate"),
            };
            let section = match site_key {
                "" => "[tls.client_auth]".to_owned(),
                site => format!("{site}.client_auth"),
            };
            report.error(
                key,
                format!("the site asks for no client certificate: add {section}"),
            );
        }
    }
}
