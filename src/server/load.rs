//! The load phase: everything the settings name, read once. `config`
//! checks values and their relations; this opens what they point at —
//! certificates and keys, ticket key files, CA bundles (building each
//! upstream's rustls client configuration), document roots — and adds what
//! it finds to the same report, at the same lines. `check-config`, start-up
//! and reload all go through `load`, so what `check-config` accepts is what
//! the server then runs with, read once per load.

use super::ConfigSource;
use crate::config::{self, certificate_covers, AccessLog, DocumentRoot, Report, Settings};
use crate::static_files::Root;
use crate::tls::ticket_keys::{FileTicketKeys, TicketKeyError};
use crate::tls::{ClientTlsError, ClientVerifier, LoadedCertificate, TlsFiles, TlsSetupError};
use std::path::Path;
use std::sync::Arc;

/// A configuration with everything it names read: usable to serve when
/// the report that came with it has no errors.
pub struct Loaded {
    pub settings: Settings,
    /// Certificates per site and the ticket keys of `tls.ticket_key_files`.
    pub tls: TlsFiles,
    /// Per upstream (as `settings.upstreams`), its TLS client configuration.
    pub upstream_tls: Vec<Option<Arc<rustls::ClientConfig>>>,
    /// Per site (as `settings.sites`), its document root opened; None for a
    /// site without one and for the welcome page (written when served).
    pub roots: Vec<Option<Root>>,
    /// TLS towards the ACME CA (`acme.ca_file`, else the system's roots);
    /// None when no site uses ACME.
    pub acme_ca: Option<Arc<rustls::ClientConfig>>,
    /// Each htpasswd file routes name (`auth_basic.user_file`), read.
    pub credentials: Credentials,
}

/// htpasswd files by path.
pub type Credentials =
    Arc<std::collections::HashMap<std::path::PathBuf, Arc<crate::auth::Credentials>>>;

/// Reads and checks the configuration of `source`, then everything it
/// names. Every problem is in the report, each at its key.
pub fn load(source: &ConfigSource) -> (Loaded, Report) {
    let (settings, mut report) = config::load(source.path.as_deref(), &source.overrides);
    let tls = TlsFiles {
        certificates: site_certificates(&settings, &mut report),
        ticket_keys: ticket_keys(&settings, &mut report),
        client_verifiers: client_verifiers(&settings, &mut report),
    };
    let upstream_tls = upstream_tls(&settings, &mut report);
    let roots = roots(&settings, &mut report);
    files_to_create(&settings, source, &mut report);
    let acme_ca = acme_ca(&settings, &mut report);
    let credentials = credentials(&settings, &mut report);
    let loaded = Loaded {
        settings,
        tls,
        upstream_tls,
        roots,
        acme_ca,
        credentials,
    };
    (loaded, report)
}

/// Each site's certificates, loaded and matched with their keys; a site
/// name no certificate of its own covers is a warning (clients would
/// refuse the handshake).
fn site_certificates(settings: &Settings, report: &mut Report) -> Vec<Vec<LoadedCertificate>> {
    let provider = crate::tls::server_crypto_provider(&settings.tls);
    let mut per_site = Vec::new();
    for site in &settings.sites {
        let mut loaded = Vec::new();
        for pair in &site.certificates {
            if pair.cert.as_os_str().is_empty() || pair.key.as_os_str().is_empty() {
                continue; // reported by the configuration already
            }
            warn_if_key_is_public(&pair.key, &pair.key_of("key"), report);
            match LoadedCertificate::load(pair, &provider) {
                Ok(certificate) => loaded.push(certificate),
                Err(e) => report.error(e.config_key(pair), e.to_string()),
            }
        }
        // None of its own, or none loads (an error already): nothing to
        // compare the names with.
        if !loaded.is_empty() {
            for (i, name) in site.names.iter().enumerate() {
                let covered = loaded
                    .iter()
                    .flat_map(|c| &c.summary.names)
                    .any(|n| certificate_covers(n, name));
                if !covered {
                    report.warning(
                        format!("{}.names[{i}]", site.key),
                        format!("\"{name}\" is not among the names of the site's certificates: clients will refuse it"),
                    );
                }
            }
        }
        per_site.push(loaded);
    }
    per_site
}

/// Per site, the verifier of its `client_auth`: CA bundle and CRLs read,
/// once for sites with the same policy. A bad file is an error at the
/// first site that names it.
fn client_verifiers(settings: &Settings, report: &mut Report) -> Vec<Option<Arc<ClientVerifier>>> {
    let mut built: Vec<(&config::ClientAuth, Arc<ClientVerifier>)> = Vec::new();
    let mut per_site = Vec::with_capacity(settings.sites.len());
    for site in &settings.sites {
        let Some(policy) = &site.client_auth else {
            per_site.push(None);
            continue;
        };
        if policy.ca.as_os_str().is_empty() {
            per_site.push(None); // reported by the configuration already
            continue;
        }
        if let Some((_, verifier)) = built.iter().find(|(p, _)| p.same_verification(policy)) {
            per_site.push(Some(verifier.clone()));
            continue;
        }
        match ClientVerifier::load(policy) {
            Ok(verifier) => {
                let verifier = Arc::new(verifier);
                built.push((policy, verifier.clone()));
                per_site.push(Some(verifier));
            }
            Err(e) => {
                report.error(format!("{}.{}", policy.key, e.setting()), e.to_string());
                per_site.push(None);
            }
        }
    }
    per_site
}

/// The keys of `tls.ticket_key_files`, each file read once.
fn ticket_keys(settings: &Settings, report: &mut Report) -> Option<Arc<FileTicketKeys>> {
    let paths = &settings.tls.ticket_key_files;
    if paths.is_empty() {
        return None;
    }
    let (keys, errors) = match FileTicketKeys::load(paths) {
        Ok(keys) => (Some(Arc::new(keys)), Vec::new()),
        Err(errors) => (None, errors),
    };
    for (i, e) in &errors {
        match e {
            // Each file alone is fine: two share a key name.
            TicketKeyError::DuplicateName { .. } => {
                report.error("tls.ticket_key_files", e.to_string())
            }
            _ => report.error(format!("tls.ticket_key_files[{i}]"), e.to_string()),
        }
    }
    for (i, path) in paths.iter().enumerate() {
        let unusable = errors
            .iter()
            .any(|(j, e)| *j == i && !matches!(e, TicketKeyError::DuplicateName { .. }));
        if !unusable {
            warn_if_key_is_public(path, &format!("tls.ticket_key_files[{i}]"), report);
        }
    }
    keys
}

/// Each upstream's rustls client configuration: its CA bundle (or the
/// system's) and its client certificate.
fn upstream_tls(
    settings: &Settings,
    report: &mut Report,
) -> Vec<Option<Arc<rustls::ClientConfig>>> {
    let build = |u: &config::Upstream, report: &mut Report| {
        let tls = u.tls.as_ref()?;
        match crate::tls::client_config(
            tls.ca_file.as_deref(),
            tls.identity.as_ref(),
            &settings.tls.groups,
        ) {
            Ok(config) => Some(config),
            Err(e) => {
                let setting = match &e {
                    ClientTlsError::CaFile { .. } | ClientTlsError::CaCertificate { .. } => {
                        "tls_ca_file"
                    }
                    ClientTlsError::ClientCertificate(
                        TlsSetupError::PrivateKey { .. } | TlsSetupError::UnsupportedKey { .. },
                    ) => "tls_key",
                    ClientTlsError::ClientCertificate(_) => "tls_cert",
                    _ => "tls",
                };
                report.error(tls.key_of(setting), e.to_string());
                None
            }
        }
    };
    settings
        .upstreams
        .iter()
        .map(|u| build(u, report))
        .collect()
}

/// The roots the ACME CA's HTTPS is checked against; its state
/// directory, if it exists, must be a directory.
fn acme_ca(settings: &Settings, report: &mut Report) -> Option<Arc<rustls::ClientConfig>> {
    let acme = settings.acme.as_ref()?;
    if acme.state_dir.exists() && !acme.state_dir.is_dir() {
        report.error(
            "acme.state_dir",
            format!("{} is not a directory", acme.state_dir.display()),
        );
    }
    match crate::tls::client_config(acme.ca_file.as_deref(), None, &settings.tls.groups) {
        Ok(config) => Some(config),
        Err(e) => {
            report.error("acme.ca_file", e.to_string());
            None
        }
    }
}

/// Each site's document root, opened.
fn roots(settings: &Settings, report: &mut Report) -> Vec<Option<Root>> {
    let open = |site: &config::Site, report: &mut Report| {
        let DocumentRoot::Directory(dir) = &site.root else {
            return None;
        };
        match Root::open(dir) {
            Ok(root) => Some(root),
            Err(e) => {
                report.error(
                    site.root_key.clone(),
                    format!("{}: cannot open directory: {e}", dir.display()),
                );
                None
            }
        }
    };
    settings.sites.iter().map(|s| open(s, report)).collect()
}

/// The htpasswd file of every route with `auth_basic`, each read once
/// however many routes name it; an unreadable file, a weak hash or a
/// malformed line is an error at the first route that names it.
fn credentials(settings: &Settings, report: &mut Report) -> Credentials {
    let mut files = std::collections::HashMap::new();
    for auth in settings
        .sites
        .iter()
        .flat_map(|s| &s.routes)
        .filter_map(|r| r.auth_basic.as_ref())
    {
        if files.contains_key(&auth.user_file) {
            continue;
        }
        let shown = auth.user_file.display();
        let parsed = std::fs::read_to_string(&auth.user_file)
            .map_err(|e| format!("{shown}: cannot read: {e}"))
            .and_then(|text| {
                crate::auth::Credentials::parse(&text).map_err(|e| format!("{shown}: {e}"))
            });
        match parsed {
            Ok(c) if c.is_empty() => report.error(auth.key.clone(), format!("{shown}: no user")),
            Ok(c) => {
                files.insert(auth.user_file.clone(), Arc::new(c));
            }
            Err(e) => report.error(auth.key.clone(), e),
        }
    }
    Arc::new(files)
}

/// Files the server creates (logs, the pid file) must have a directory.
fn files_to_create(settings: &Settings, source: &ConfigSource, report: &mut Report) {
    if let AccessLog::File(path) = &settings.access_log {
        check_parent_dir(path, "log.access_log", report);
    }
    if let Some(path) = &settings.error_log {
        check_parent_dir(path, "log.error_log", report);
    }
    if let Some(path) = &settings.pid_file {
        let key = if source.overrides.pid_file.is_some() {
            "--pid-file"
        } else {
            "pid_file"
        };
        check_parent_dir(path, key, report);
    }
}

fn check_parent_dir(path: &Path, key: &str, report: &mut Report) {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| !d.is_dir()) {
        report.error(
            key,
            format!(
                "{}: directory {} does not exist",
                path.display(),
                dir.display()
            ),
        );
    }
}

/// A private key others can read is usable, but rarely meant.
fn warn_if_key_is_public(path: &Path, key: &str, report: &mut Report) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.permissions().mode() & 0o004 != 0 {
            report.warning(
                key,
                format!(
                    "{} is readable by every user of this machine (chmod o-r)",
                    path.display()
                ),
            );
        }
    }
}
