//! TLS: builds the rustls server configurations from settings (one per
//! client-certificate policy and key exchange group, chosen for each
//! handshake from its ClientHello by `HandshakeConfigs::choose`), owns the
//! certificate store and the choice between ECDSA and RSA certificates, and
//! names the cipher suites tlsaccel supports (exactly those Linux kTLS can
//! take over, so every connection is a candidate for offload).

mod client;
pub mod client_auth;
pub mod client_hello;
mod hkdf;
pub mod ktls;
mod offload;
mod records;
mod selfsigned;
mod session;
mod summary;
pub mod ticket_keys;

pub use client::{client_config, ClientTlsError};
pub use client_auth::{ClientAuthError, ClientIdentity, ClientVerifier};
use client_hello::ClientHelloFacts;
pub use offload::{decide_policy, offload, KernelTls, KtlsPolicy, KtlsUnavailable, Offload};
use selfsigned::SelfSigned;
pub use session::{AcceptError, TakeOverError, TlsSession, ENCRYPT_CHUNK};
pub use summary::CertificateSummary;
use ticket_keys::FileTicketKeys;

use crate::acme::{AcmeBoard, ACME_TLS_ALPN};
use crate::cipher_suites;
use crate::config::{
    site_for, AcmeChallenge, CertificatePair, ClientAuth, Settings, Site, TlsSettings, TlsVersion,
};
use rustls::crypto::aws_lc_rs as provider;
use rustls::crypto::{CryptoProvider, SupportedKxGroup};
use rustls::server::{
    ClientHello, ProducesTickets, ResolvesServerCert, ServerSessionMemoryCache,
    StoresServerSessions,
};
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
    #[error(transparent)]
    TicketKey(#[from] ticket_keys::TicketKeyError),
    #[error("cannot generate a self-signed certificate: {0}")]
    SelfSigned(#[source] rcgen::Error),
    #[error("cannot load the generated key: {0}")]
    GeneratedKey(#[source] rustls::Error),
}

impl TlsSetupError {
    /// The configuration key a certificate's problem belongs to:
    /// `tls.certificate[0].key`, or `--key` on the command line.
    pub fn config_key(&self, pair: &CertificatePair) -> String {
        match self {
            TlsSetupError::PrivateKey { .. } | TlsSetupError::UnsupportedKey { .. } => {
                pair.key_of("key")
            }
            TlsSetupError::Certificate { .. } => pair.key_of("cert"),
            _ => pair.key_path.clone(),
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

/// rustls's aws-lc-rs provider with the configured suites, each TLS 1.3
/// one's key schedule on keyed HMACs (`hkdf`).
pub fn server_crypto_provider(settings: &TlsSettings) -> CryptoProvider {
    let cipher_suites = settings
        .ciphers
        .iter()
        .filter_map(|n| cipher_suites::by_name(n))
        .map(hkdf::keyed)
        .collect();
    CryptoProvider {
        cipher_suites,
        kx_groups: settings.groups.clone(),
        ..provider::default_provider()
    }
}

/// The signature algorithms certificates are verified with.
fn server_verification_algorithms() -> rustls::crypto::WebPkiSupportedAlgorithms {
    provider::default_provider().signature_verification_algorithms
}

/// rustls's aws-lc-rs provider with every TLS 1.3 suite's key schedule on
/// keyed HMACs (`hkdf`), for the client side towards back ends and the
/// ACME CA, offering `groups` in their order (rustls sends the first
/// one's key share, and an X25519 share beside the hybrid
/// X25519MLKEM768, so a server without it answers in one round trip).
fn client_crypto_provider(groups: &[&'static dyn SupportedKxGroup]) -> CryptoProvider {
    let base = provider::default_provider();
    CryptoProvider {
        kx_groups: groups.to_vec(),
        cipher_suites: base
            .cipher_suites
            .iter()
            .copied()
            .map(hkdf::keyed)
            .collect(),
        ..base
    }
}

/// The certificates of a PEM file, in order; at least one.
pub(crate) fn read_certificates(
    path: &std::path::Path,
) -> Result<Vec<CertificateDer<'static>>, PemProblem> {
    let certificates: Vec<CertificateDer<'static>> =
        CertificateDer::pem_file_iter(path).and_then(|it| it.collect::<Result<_, _>>())?;
    if certificates.is_empty() {
        return Err(PemProblem::NoCertificate);
    }
    Ok(certificates)
}

/// Loads one certificate chain and key, checking that they belong together.
pub fn load_certificate(
    pair: &CertificatePair,
    provider: &CryptoProvider,
) -> Result<CertifiedKey, TlsSetupError> {
    let chain = read_certificates(&pair.cert).map_err(|source| TlsSetupError::Certificate {
        path: pair.cert.clone(),
        source,
    })?;
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

/// A certificate chain and its key, read from their files and checked to
/// belong together, with what the log says of it.
#[derive(Clone)]
pub struct LoadedCertificate {
    pub certified: Arc<CertifiedKey>,
    pub summary: CertificateSummary,
}

impl LoadedCertificate {
    pub fn load(
        pair: &CertificatePair,
        provider: &CryptoProvider,
    ) -> Result<LoadedCertificate, TlsSetupError> {
        let certified = Arc::new(load_certificate(pair, provider)?);
        let origin = format!("{} ({})", pair.key_path, pair.cert.display());
        Ok(LoadedCertificate {
            summary: CertificateSummary::of(origin, &certified.cert[0]),
            certified,
        })
    }
}

/// The sites as handshakes look them up by SNI, with each one's
/// certificates and client-certificate policy.
struct SiteTable {
    sites: Vec<Site>,
    /// Per site; a site without its own has the default site's (an ACME
    /// site keeps only its own files, its fallback).
    certificates: Vec<Vec<Arc<CertifiedKey>>>,
    /// Per site: its index in `HandshakeConfigs::policies` (0: none).
    policy: Vec<usize>,
    default: usize,
    reject_unknown: bool,
    acme: Option<Arc<AcmeBoard>>,
}

impl SiteTable {
    /// The site a server name (or none) picks; None when `reject_unknown`
    /// refuses it.
    fn site_of(&self, server_name: Option<&str>) -> Option<usize> {
        match server_name.and_then(|n| site_for(&self.sites, n)) {
            Some(site) => Some(site),
            None if self.reject_unknown => None,
            None => Some(self.default),
        }
    }
}

/// Picks the certificate for each handshake: the site its SNI names (or
/// the default site), then among that site's certificates the first whose
/// key can sign with a scheme the client offers (so ECDSA and RSA can both
/// be set). With `reject_unknown`, no SNI or an unknown name gets none,
/// and the handshake fails. A configuration made for one client
/// certificate policy serves only the sites with that policy: a client
/// whose SNI tlsaccel could not read beforehand (and so started with
/// another configuration) gets none either.
///
/// A site with `acme = true` presents its issued certificate from the
/// ACME board; until one is issued, its own certificate files if it has
/// any, else none (the handshake fails, logged). A handshake offering
/// ALPN `acme-tls/1` is a CA validating a TLS-ALPN-01 challenge: it gets
/// the validation certificate for its SNI, or none.
struct SiteCertificates {
    table: Arc<SiteTable>,
    /// The policy of the configuration this resolver is part of.
    policy: usize,
}

impl std::fmt::Debug for SiteCertificates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SiteCertificates")
            .field("sites", &self.table.sites.len())
            .field("default", &self.table.default)
            .field("policy", &self.policy)
            .finish()
    }
}

impl ResolvesServerCert for SiteCertificates {
    fn resolve(&self, client_hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        let table = &self.table;
        if let Some(board) = &table.acme {
            let validating = client_hello
                .alpn()
                .is_some_and(|mut offered| offered.any(|p| p == ACME_TLS_ALPN));
            if validating {
                let name = client_hello.server_name()?.to_ascii_lowercase();
                return board.validation_certificate(&name);
            }
        }
        let site = table.site_of(client_hello.server_name())?;
        if table.policy[site] != self.policy {
            tracing::debug!(
                name = client_hello.server_name().unwrap_or(""),
                "handshake began without the site's client certificate policy (its SNI was not in the first record); refused"
            );
            return None;
        }
        if let (true, Some(board)) = (table.sites[site].acme, &table.acme) {
            let label = table.sites[site].label();
            if let Some(issued) = board.certificate(label) {
                return Some(issued.certified.clone());
            }
            if table.certificates[site].is_empty() {
                board.log_refusal(client_hello.server_name().unwrap_or(label));
                return None;
            }
        }
        let candidates = &table.certificates[site];
        let schemes = client_hello.signature_schemes();
        candidates
            .iter()
            .find(|c| c.key.choose_scheme(schemes).is_some())
            .or(candidates.first())
            .cloned()
    }
}

/// A site's client-certificate policy with its verifier.
pub struct ClientPolicy {
    pub settings: ClientAuth,
    pub verifier: Arc<ClientVerifier>,
}

/// The rustls configurations a handshake can start with, one per client
/// certificate policy (the first: none) and key exchange group, chosen
/// from the client's first record (`choose`) before rustls reads it.
pub struct HandshakeConfigs {
    table: Arc<SiteTable>,
    /// Index 0: sites that ask for no client certificate.
    policies: Vec<Option<ClientPolicy>>,
    /// `[policy][variant]`: variant 0 offers every configured group
    /// (rustls chooses by the client's order: for a ClientHello tlsaccel
    /// could not read), variant 1 + i only `groups[i]`.
    configs: Vec<Vec<Arc<ServerConfig>>>,
    groups: Vec<&'static dyn SupportedKxGroup>,
    tls13: bool,
}

/// The configuration a handshake starts with, and its policy's index.
pub struct Chosen {
    pub config: Arc<ServerConfig>,
    pub policy: usize,
}

impl HandshakeConfigs {
    /// The configuration for a client whose first record said `hello`
    /// (None: it could not be read): its site's client-certificate policy
    /// (none for a CA validating TLS-ALPN-01), and the group the server
    /// prefers among those the client offers.
    pub fn choose(&self, hello: Option<&ClientHelloFacts>) -> Chosen {
        let policy = match hello {
            Some(h) if h.acme_validation => 0,
            _ => self
                .table
                .site_of(hello.and_then(|h| h.server_name.as_deref()))
                .map_or(0, |site| self.table.policy[site]),
        };
        let variant = hello
            .and_then(|h| {
                crate::key_exchange::choose(&self.groups, &h.groups, h.tls13 && self.tls13)
            })
            .map_or(0, |i| i + 1);
        Chosen {
            config: self.configs[policy][variant].clone(),
            policy,
        }
    }

    /// The client-certificate policy at `index` (None for 0).
    pub fn policy(&self, index: usize) -> Option<&ClientPolicy> {
        self.policies.get(index)?.as_ref()
    }

    /// The client-certificate policy of a site.
    pub fn policy_of_site(&self, site: usize) -> Option<&ClientPolicy> {
        self.policy(*self.table.policy.get(site)?)
    }
}

/// What `build_server_config` produced, with what the operator should see.
pub struct ServerTls {
    pub configs: Arc<HandshakeConfigs>,
    /// Each certificate served, in the order configured.
    pub certificates: Vec<CertificateSummary>,
    /// Per site (as `Settings::sites`), the certificates it presents from
    /// files (its own, else the default site's or the generated one);
    /// none for an ACME site without files of its own.
    pub by_site: Vec<Vec<CertificateSummary>>,
    /// No certificate was configured: one was generated for localhost.
    pub self_signed: bool,
}

/// What TLS keeps from one configuration to the next: a reload keeps the
/// in-memory ticket key and the session cache, so clients resume across
/// it, and the generated certificate, so its fingerprint stays the one
/// logged at start. Keys from `ticket_key_files` are read anew each time
/// (that is how they rotate).
#[derive(Default)]
pub struct TlsCarryOver {
    memory_ticketer: Option<Arc<dyn ProducesTickets>>,
    cache: Option<(usize, Arc<dyn StoresServerSessions>)>,
    self_signed: Option<Arc<CertifiedKey>>,
}

impl TlsCarryOver {
    fn self_signed(
        &mut self,
        provider: &CryptoProvider,
    ) -> Result<Arc<CertifiedKey>, TlsSetupError> {
        if let Some(kept) = &self.self_signed {
            return Ok(kept.clone());
        }
        let generated = SelfSigned::generate(provider)?.certified_key;
        self.self_signed = Some(generated.clone());
        Ok(generated)
    }

    fn session_storage(&mut self, size: usize) -> Arc<dyn StoresServerSessions> {
        if size == 0 {
            return Arc::new(rustls::server::NoServerSessionStorage {});
        }
        match &self.cache {
            Some((kept, cache)) if *kept == size => cache.clone(),
            _ => {
                let cache: Arc<dyn StoresServerSessions> = ServerSessionMemoryCache::new(size);
                self.cache = Some((size, cache.clone()));
                cache
            }
        }
    }

    fn ticketer(
        &mut self,
        from_files: Option<Arc<FileTicketKeys>>,
    ) -> Result<Arc<dyn ProducesTickets>, TlsSetupError> {
        if let Some(keys) = from_files {
            return Ok(keys as Arc<dyn ProducesTickets>);
        }
        match &self.memory_ticketer {
            Some(t) => Ok(t.clone()),
            None => {
                let t = provider::Ticketer::new().map_err(TlsSetupError::Ticketer)?;
                self.memory_ticketer = Some(t.clone());
                Ok(t)
            }
        }
    }
}

/// What the load phase read for the server's TLS: each site's
/// certificates, and the ticket keys of `tls.ticket_key_files`.
#[derive(Clone, Default)]
pub struct TlsFiles {
    /// Per site, in the order of `Settings::sites`; empty: none of its own.
    pub certificates: Vec<Vec<LoadedCertificate>>,
    /// None: no `ticket_key_files` (keys are made and kept in memory).
    pub ticket_keys: Option<Arc<FileTicketKeys>>,
    /// Per site, the verifier of its `client_auth` (sites with equal
    /// policies share one).
    pub client_verifiers: Vec<Option<Arc<ClientVerifier>>>,
}

/// Builds the shared rustls configuration from the settings and what the
/// load phase read: certificates, versions, ciphers, ALPN and session
/// resumption.
pub fn build_server_config(
    all: &Settings,
    files: &TlsFiles,
    carry_over: &mut TlsCarryOver,
    acme: &Arc<AcmeBoard>,
) -> Result<ServerTls, TlsSetupError> {
    let settings = &all.tls;
    let provider = server_crypto_provider(settings);
    let mut summaries = Vec::new();
    let mut per_site: Vec<Vec<Arc<CertifiedKey>>> = Vec::new();
    let mut by_site: Vec<Vec<CertificateSummary>> = Vec::new();
    for site in 0..all.sites.len() {
        let loaded = files.certificates.get(site).map_or(&[][..], Vec::as_slice);
        summaries.extend(loaded.iter().map(|c| c.summary.clone()));
        per_site.push(loaded.iter().map(|c| c.certified.clone()).collect());
        by_site.push(loaded.iter().map(|c| c.summary.clone()).collect());
    }
    // Sites without certificates of their own present the default site's
    // files, else one generated for localhost; an ACME site presents only
    // what is issued for it (and its own files until then).
    let mut shared_set = per_site[all.default_site].clone();
    let mut shared_summaries = by_site[all.default_site].clone();
    let needs_shared = all
        .sites
        .iter()
        .zip(&per_site)
        .any(|(site, set)| set.is_empty() && !site.acme);
    let self_signed = shared_set.is_empty() && needs_shared;
    if self_signed {
        let generated = carry_over.self_signed(&provider)?;
        let summary = CertificateSummary::of("self-signed".into(), &generated.cert[0]);
        summaries.push(summary.clone());
        shared_summaries.push(summary);
        shared_set.push(generated);
    }
    for ((set, shown), site) in per_site.iter_mut().zip(&mut by_site).zip(&all.sites) {
        if set.is_empty() && !site.acme {
            set.clone_from(&shared_set);
            shown.clone_from(&shared_summaries);
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
    // Sites with equal policies share one: index 0 is none.
    let mut policies: Vec<Option<ClientPolicy>> = vec![None];
    let mut site_policy = Vec::with_capacity(all.sites.len());
    for (i, site) in all.sites.iter().enumerate() {
        let verifier = files.client_verifiers.get(i).and_then(Option::as_ref);
        let (Some(settings), Some(verifier)) = (&site.client_auth, verifier) else {
            site_policy.push(0);
            continue;
        };
        let known = policies.iter().position(|p| {
            p.as_ref()
                .is_some_and(|p| p.settings.same_verification(settings))
        });
        site_policy.push(known.unwrap_or_else(|| {
            policies.push(Some(ClientPolicy {
                settings: settings.clone(),
                verifier: verifier.clone(),
            }));
            policies.len() - 1
        }));
    }
    let table = Arc::new(SiteTable {
        sites: all.sites.clone(),
        certificates: per_site,
        policy: site_policy,
        default: all.default_site,
        reject_unknown: settings.reject_unknown_sni,
        acme: all.acme.as_ref().map(|_| acme.clone()),
    });
    let session_storage = carry_over.session_storage(settings.session_cache_size);
    let ticketer = match settings.session_tickets {
        true => Some(carry_over.ticketer(files.ticket_keys.clone())?),
        false => None,
    };
    let build = |policy: usize, groups: Vec<&'static dyn SupportedKxGroup>| {
        let provider = CryptoProvider {
            kx_groups: groups,
            ..provider.clone()
        };
        let builder = ServerConfig::builder_with_provider(Arc::new(provider))
            .with_protocol_versions(&versions)
            .map_err(TlsSetupError::Incompatible)?;
        let builder = match &policies[policy] {
            None => builder.with_no_client_auth(),
            Some(p) => builder.with_client_cert_verifier(p.verifier.clone()),
        };
        let mut config = builder.with_cert_resolver(Arc::new(SiteCertificates {
            table: table.clone(),
            policy,
        }));
        // After the handshake the keys go to the kernel (kTLS) or to our
        // own record layer (`records`).
        config.enable_secret_extraction = true;
        // The server's order decides: HTTP/2 when the client offers it.
        config.alpn_protocols = if all.http.http2 {
            vec![b"h2".to_vec(), b"http/1.1".to_vec(), b"http/1.0".to_vec()]
        } else {
            vec![b"http/1.1".to_vec(), b"http/1.0".to_vec()]
        };
        // Last: chosen only by a CA that offers nothing else (RFC 8737 3).
        let tls_alpn_01 = all
            .acme
            .as_ref()
            .is_some_and(|a| a.challenges.contains(&AcmeChallenge::TlsAlpn01));
        if tls_alpn_01 && policy == 0 {
            config.alpn_protocols.push(ACME_TLS_ALPN.to_vec());
        }
        config.session_storage = session_storage.clone();
        match &ticketer {
            Some(ticketer) => {
                config.ticketer = ticketer.clone();
                config.send_tls13_tickets = settings.tls13_tickets;
            }
            None => config.send_tls13_tickets = 0,
        }
        Ok::<_, TlsSetupError>(Arc::new(config))
    };
    let mut configs = Vec::with_capacity(policies.len());
    for policy in 0..policies.len() {
        let mut variants = vec![build(policy, settings.groups.clone())?];
        for group in &settings.groups {
            variants.push(build(policy, vec![*group])?);
        }
        configs.push(variants);
    }
    let configs = Arc::new(HandshakeConfigs {
        table,
        policies,
        configs,
        groups: settings.groups.clone(),
        tls13: settings.versions.contains(&TlsVersion::Tls13),
    });
    Ok(ServerTls {
        configs,
        certificates: summaries,
        by_site,
        self_signed,
    })
}

/// A CA and a certificate it issued for localhost, made in memory for
/// the tests of this module and its children.
#[cfg(test)]
pub(crate) mod test_pki {
    pub struct Localhost {
        pub ca: rcgen::Certificate,
        pub leaf: rcgen::Certificate,
        pub key: rcgen::KeyPair,
    }

    impl Localhost {
        pub fn new() -> Localhost {
            let ca_key = rcgen::KeyPair::generate().unwrap();
            let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
            ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
            let ca = ca_params.self_signed(&ca_key).unwrap();
            let issuer = rcgen::Issuer::new(ca_params, ca_key);
            let key = rcgen::KeyPair::generate().unwrap();
            let leaf = rcgen::CertificateParams::new(vec!["localhost".into()])
                .unwrap()
                .signed_by(&key, &issuer)
                .unwrap();
            Localhost { ca, leaf, key }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_build_with_a_self_signed_certificate() {
        let (settings, report) = crate::config::load(None, &Default::default());
        assert!(!report.has_errors());
        let files = TlsFiles::default();
        let built = build_server_config(
            &settings,
            &files,
            &mut TlsCarryOver::default(),
            &Default::default(),
        )
        .unwrap();
        assert!(built.self_signed);
        let s = &built.certificates[0];
        assert_eq!(s.fingerprint.len(), 32 * 3 - 1);
        assert_eq!(s.names, ["localhost", "127.0.0.1", "::1"]);
        assert!(!s.expired());
        let chosen = built.configs.choose(None);
        assert_eq!(chosen.policy, 0);
        assert_eq!(chosen.config.alpn_protocols[0], b"h2");
    }

    /// A CA and a certificate it issued for localhost, written under a
    /// fresh directory: (directory, CA certificate).
    fn localhost_pki() -> (PathBuf, CertificateDer<'static>) {
        let dir = std::env::temp_dir().join(format!(
            "tlsaccel-groups-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let pki = test_pki::Localhost::new();
        std::fs::write(dir.join("cert.pem"), pki.leaf.pem()).unwrap();
        std::fs::write(dir.join("key.pem"), pki.key.serialize_pem()).unwrap();
        (dir, pki.ca.der().clone())
    }

    /// The server's handshake configurations for the default settings
    /// with `extra` TOML, serving the certificate in `dir`.
    fn handshake_configs(dir: &std::path::Path, extra: &str) -> Arc<HandshakeConfigs> {
        let path = dir.join("tlsaccel.toml");
        std::fs::write(&path, extra).unwrap();
        let overrides = crate::config::Overrides {
            cert: Some(dir.join("cert.pem")),
            key: Some(dir.join("key.pem")),
            ..Default::default()
        };
        let (settings, report) = crate::config::load(Some(&path), &overrides);
        assert!(!report.has_errors(), "{report:?}");
        let provider = server_crypto_provider(&settings.tls);
        let pair = &settings.sites[settings.default_site].certificates[0];
        let files = TlsFiles {
            certificates: vec![vec![LoadedCertificate::load(pair, &provider).unwrap()]],
            ..Default::default()
        };
        build_server_config(
            &settings,
            &files,
            &mut TlsCarryOver::default(),
            &Default::default(),
        )
        .unwrap()
        .configs
    }

    /// A rustls client offering `groups` in that order (a share for the
    /// first), trusting `ca`.
    fn client(ca: &CertificateDer<'static>, groups: &[&str]) -> Arc<rustls::ClientConfig> {
        let mut roots = rustls::RootCertStore::empty();
        roots.add(ca.clone()).unwrap();
        let provider = client_crypto_provider(
            &groups
                .iter()
                .map(|n| crate::key_exchange::by_name(n).unwrap())
                .collect::<Vec<_>>(),
        );
        let config = rustls::ClientConfig::builder_with_provider(Arc::new(provider))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth();
        Arc::new(config)
    }

    /// A handshake in memory: the server's configuration chosen from the
    /// client's first record as a connection does; the group used and
    /// whether the server had to ask for another key share.
    fn handshake(
        configs: &HandshakeConfigs,
        client: Arc<rustls::ClientConfig>,
    ) -> (&'static str, bool) {
        let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
        let mut client = rustls::ClientConnection::new(client, name).unwrap();
        let mut hello = Vec::new();
        client.write_tls(&mut hello).unwrap();
        let chosen = configs.choose(client_hello::parse(&hello).as_ref());
        let mut server = rustls::ServerConnection::new(chosen.config).unwrap();
        let mut to_server = hello;
        while client.is_handshaking() || server.is_handshaking() {
            server.read_tls(&mut &to_server[..]).unwrap();
            server.process_new_packets().unwrap();
            let mut to_client = Vec::new();
            while server.wants_write() {
                server.write_tls(&mut to_client).unwrap();
            }
            client.read_tls(&mut &to_client[..]).unwrap();
            client.process_new_packets().unwrap();
            to_server = Vec::new();
            while client.wants_write() {
                client.write_tls(&mut to_server).unwrap();
            }
        }
        let group = server.negotiated_key_exchange_group().unwrap().name();
        let retried =
            server.handshake_kind() == Some(rustls::HandshakeKind::FullWithHelloRetryRequest);
        (crate::key_exchange::name_of(group), retried)
    }

    #[test]
    fn the_hybrid_is_preferred_whatever_the_clients_order() {
        let (dir, ca) = localhost_pki();
        let configs = handshake_configs(&dir, "");
        // Listed first, with its share: no retry.
        let hybrid_first = client(&ca, &["X25519MLKEM768", "X25519"]);
        assert_eq!(handshake(&configs, hybrid_first), ("X25519MLKEM768", false));
        // rustls alone would take the client's first, X25519; the server's
        // order asks for the hybrid's share instead.
        let classic_first = client(&ca, &["X25519", "X25519MLKEM768"]);
        assert_eq!(handshake(&configs, classic_first), ("X25519MLKEM768", true));
        // A client without it gets the server's next choice.
        let classic = client(&ca, &["secp256r1", "X25519"]);
        assert_eq!(handshake(&configs, classic), ("X25519", true));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn configured_groups_decide_and_back_ends_are_offered_the_hybrid() {
        let (dir, ca) = localhost_pki();
        let configs = handshake_configs(&dir, "[tls]\ngroups = [\"secp256r1\", \"X25519\"]\n");
        let hybrid_first = client(&ca, &["X25519MLKEM768", "X25519", "secp256r1"]);
        assert_eq!(handshake(&configs, hybrid_first), ("secp256r1", true));
        // What tlsaccel offers a back end (and the ACME CA) by default:
        // against the defaults of a server that follows the client.
        let defaults = handshake_configs(&dir, "");
        let back_end_client = client(&ca, &crate::key_exchange::default_names());
        assert_eq!(
            handshake(&defaults, back_end_client),
            ("X25519MLKEM768", false)
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
