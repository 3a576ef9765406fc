//! The `acme` thread: keeps every ACME site's certificate issued and
//! fresh. For each site it serves what the state directory holds, decides
//! when to renew (the CA's renewal window, else two thirds of the
//! lifetime), and orders under the directory's lock: one challenge per
//! name, answered through the board the workers read, then the key and CSR,
//! then the chain, stored and served. Failures are logged with the CA's
//! words and tried again later, backing off; the workers never wait on it.

use super::board::{AcmeBoard, Issued};
use super::certificate::{self, CertificateError, NewKey};
use super::client::{CaClient, RetryAfter};
use super::schedule::{self, Basis};
use super::store::{StateDir, StoreError, LOCK_REFRESH};
use crate::config::{AcmeChallenge, AcmeSettings, Settings, MAX_ACME_RETRY_INTERVAL};
use instant_acme::{
    Account, AuthorizationStatus, CertificateIdentifier, ChallengeType, Identifier, NewAccount,
    NewOrder, Order, OrderStatus, RetryPolicy,
};
use rustls::crypto::CryptoProvider;
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, SystemTime};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The longest an order may take, from new order to chain.
const ORDER_TIMEOUT: Duration = Duration::from_secs(300);
/// How long the CA may take to validate every challenge.
const VALIDATION_TIMEOUT: Duration = Duration::from_secs(120);
/// How long the CA may take to sign, once finalized.
const ISSUANCE_TIMEOUT: Duration = Duration::from_secs(120);
/// A certificate far from renewal is looked at again this often: the
/// state directory may hold a newer one (another machine renewed), and the
/// CA's window may have moved.
const RECHECK: Duration = Duration::from_secs(6 * 3600);
/// How often a machine waiting for another's order looks at the lock.
const LOCK_POLL: Duration = Duration::from_secs(1);

/// One configuration's ACME part: what the thread works from.
pub struct AcmeConfig {
    pub settings: AcmeSettings,
    pub sites: Vec<AcmeSite>,
    /// TLS towards the CA (`ca_file`, else the system's roots).
    pub ca_tls: Arc<rustls::ClientConfig>,
    /// Loads the keys of issued certificates as the server's TLS does.
    pub provider: Arc<CryptoProvider>,
}

/// A site whose certificate is ordered.
pub struct AcmeSite {
    /// Its first name: what logs, the board and the state directory call it.
    pub label: String,
    pub names: Vec<String>,
    /// It has certificate files of its own, served until one is issued.
    pub fallback: bool,
}

impl AcmeConfig {
    /// The ACME part of `settings`, None when no site uses ACME.
    pub fn of(
        settings: &Settings,
        ca_tls: Option<Arc<rustls::ClientConfig>>,
        provider: Arc<CryptoProvider>,
    ) -> Option<AcmeConfig> {
        let acme = settings.acme.clone()?;
        let sites = settings
            .sites
            .iter()
            .filter(|s| s.acme)
            .map(|s| AcmeSite {
                label: s.label().to_owned(),
                names: s.names.clone(),
                fallback: !s.certificates.is_empty(),
            })
            .collect();
        Some(AcmeConfig {
            settings: acme,
            sites,
            ca_tls: ca_tls?,
            provider,
        })
    }

    fn store(&self) -> StateDir {
        StateDir::new(&self.settings.state_dir)
    }
}

/// Serves what the state directory holds for each site, at once (before
/// any worker runs, at start). Problems are logged; nothing here fails
/// start-up, the thread orders what is missing.
pub fn serve_stored(config: &AcmeConfig, board: &AcmeBoard) {
    let store = config.store();
    for AcmeSite { label, names, .. } in &config.sites {
        if let Some(issued) = stored(&store, label, names, &config.provider) {
            tracing::info!(
                "acme: {label}: serving the stored certificate (serial {}, expires {})",
                issued.serial,
                httpdate::fmt_http_date(issued.not_after)
            );
            board.install(label, issued);
        }
    }
}

/// The site's stored certificate, if it can be served for `names` and has
/// not expired; a corrupt file is logged and moved aside.
fn stored(
    store: &StateDir,
    label: &str,
    names: &[String],
    provider: &CryptoProvider,
) -> Option<Arc<Issued>> {
    let pem = match store.read_certificate(label) {
        Ok(pem) => pem?,
        Err(e) => {
            tracing::error!("acme: {label}: {e}");
            return None;
        }
    };
    let issued = match certificate::servable(&pem, &pem, provider) {
        Ok(issued) => issued,
        Err(e) => {
            tracing::error!(
                "acme: {label}: {}; it will be ordered again",
                store.set_aside_certificate(label, e.to_string())
            );
            return None;
        }
    };
    if !issued.covers(names) {
        tracing::info!(
            "acme: {label}: the stored certificate names {} but the site is {}: ordering one for the site's names",
            issued.names.join(" "),
            names.join(" ")
        );
        return None;
    }
    if issued.not_after <= SystemTime::now() {
        tracing::warn!("acme: {label}: the stored certificate has expired: ordering a new one");
        return None;
    }
    Some(Arc::new(issued))
}

/// The handle the control thread keeps: the thread starts with the first
/// configuration that has ACME sites, and follows each reload.
#[derive(Default)]
pub struct AcmeManager {
    updates: Option<mpsc::UnboundedSender<Option<AcmeConfig>>>,
}

impl AcmeManager {
    /// Hands the thread a configuration (starting it when it is the first
    /// with ACME sites).
    pub fn follow(
        &mut self,
        config: Option<AcmeConfig>,
        board: &Arc<AcmeBoard>,
    ) -> std::io::Result<()> {
        if let Some(updates) = &self.updates {
            let _ = updates.send(config);
            return Ok(());
        }
        let Some(config) = config else {
            return Ok(());
        };
        let (sender, receiver) = mpsc::unbounded_channel();
        sender.send(Some(config)).expect("the receiver is here");
        let board = board.clone();
        std::thread::Builder::new()
            .name("acme".into())
            .spawn(move || run(receiver, board))?;
        self.updates = Some(sender);
        Ok(())
    }
}

fn run(updates: mpsc::UnboundedReceiver<Option<AcmeConfig>>, board: Arc<AcmeBoard>) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(
                "acme: cannot start the thread's runtime: {e}; no certificate will be ordered"
            );
            return;
        }
    };
    let manager = Manager {
        config: None,
        board,
        sites: HashMap::new(),
        account: None,
        retry_after: RetryAfter::default(),
    };
    runtime.block_on(manager.run(updates));
}

/// Why an order failed.
#[derive(Debug, thiserror::Error)]
enum OrderError {
    #[error(transparent)]
    Ca(#[from] instant_acme::Error),
    #[error("{name}: the authorization is {status:?}")]
    Authorization {
        name: String,
        status: AuthorizationStatus,
    },
    #[error("{name}: the CA offers {offered}, and none of acme.challenges")]
    NoChallenge { name: String, offered: String },
    #[error("validation failed: {}", details.join("; "))]
    Invalid { details: Vec<String> },
    #[error("the issued certificate does not name {0}")]
    WrongNames(String),
    #[error("cannot make the certificate: {0}")]
    Certificate(#[from] CertificateError),
    #[error("state directory: {0}")]
    Store(#[from] StoreError),
    #[error("no certificate within {}s", ORDER_TIMEOUT.as_secs())]
    Timeout,
}

impl OrderError {
    /// RFC 8555 7.3.1: the account the request was signed with is not
    /// one the CA has.
    fn is_unknown_account(&self) -> bool {
        matches!(self, OrderError::Ca(instant_acme::Error::Api(problem))
            if problem.r#type.as_deref() == Some("urn:ietf:params:acme:error:accountDoesNotExist"))
    }
}

/// When a site's certificate is to be renewed, as chosen for one serial.
struct Chosen {
    serial: String,
    at: SystemTime,
    /// When to ask the CA for its window again.
    recheck: Instant,
}

struct SiteState {
    names: Vec<String>,
    /// Its certificate files serve until one is issued.
    fallback: bool,
    /// When to look at the site next.
    next: Instant,
    /// Failed orders in a row.
    failures: u32,
    renewal: Option<Chosen>,
    /// Another machine holds the lock: said once per wait.
    waiting_said: bool,
}

struct Manager {
    config: Option<AcmeConfig>,
    board: Arc<AcmeBoard>,
    sites: HashMap<String, SiteState>,
    /// The account, for the directory it was made with.
    account: Option<(String, Account)>,
    retry_after: RetryAfter,
}

/// Challenge answers published for one order, withdrawn when it ends
/// however it ends.
struct Answers<'b> {
    board: &'b AcmeBoard,
    tokens: Vec<String>,
    names: Vec<String>,
}

impl Drop for Answers<'_> {
    fn drop(&mut self) {
        for token in &self.tokens {
            self.board.withdraw_http(token);
        }
        for name in &self.names {
            self.board.withdraw_validation(name);
        }
    }
}

fn challenge_type(c: AcmeChallenge) -> ChallengeType {
    match c {
        AcmeChallenge::Http01 => ChallengeType::Http01,
        AcmeChallenge::TlsAlpn01 => ChallengeType::TlsAlpn01,
    }
}

fn short(d: Duration) -> String {
    match d.as_secs() {
        s if s < 10 => format!("{:.1}s", d.as_secs_f64()),
        s if s < 120 => format!("{s}s"),
        s if s < 7200 => format!("{}m", s / 60),
        s => format!("{}h", s / 3600),
    }
}

impl Manager {
    async fn run(mut self, mut updates: mpsc::UnboundedReceiver<Option<AcmeConfig>>) {
        loop {
            let next = self.sites.values().map(|s| s.next).min();
            let wake = async move {
                match next {
                    Some(t) => tokio::time::sleep_until(t).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                update = updates.recv() => match update {
                    Some(config) => self.follow(config),
                    None => return,
                },
                () = wake => self.work().await,
            }
        }
    }

    /// A reload: sites whose names are unchanged keep their state; new
    /// ones are looked at now.
    fn follow(&mut self, config: Option<AcmeConfig>) {
        let Some(config) = config else {
            self.sites.clear();
            self.config = None;
            self.board.share_through(None);
            self.board.keep_only(&[]);
            return;
        };
        let labels: Vec<&str> = config.sites.iter().map(|s| s.label.as_str()).collect();
        self.board.keep_only(&labels);
        let same_ca = self
            .config
            .as_ref()
            .is_some_and(|c| c.settings.directory == config.settings.directory);
        if !same_ca {
            self.account = None;
        }
        if let Err(e) = config.store().prepare(None) {
            tracing::error!("acme: cannot create the state directory: {e}");
        }
        self.board
            .share_through(Some((config.store(), config.provider.clone())));
        let mut sites = HashMap::new();
        for AcmeSite {
            label,
            names,
            fallback,
        } in &config.sites
        {
            let state = match self.sites.remove(label) {
                Some(s) if s.names == *names && same_ca => SiteState {
                    fallback: *fallback,
                    ..s
                },
                _ => SiteState {
                    names: names.clone(),
                    fallback: *fallback,
                    next: Instant::now(),
                    failures: 0,
                    renewal: None,
                    waiting_said: false,
                },
            };
            sites.insert(label.clone(), state);
        }
        self.sites = sites;
        self.config = Some(config);
    }

    async fn work(&mut self) {
        let now = Instant::now();
        let mut due: Vec<String> = self
            .sites
            .iter()
            .filter(|(_, s)| s.next <= now)
            .map(|(label, _)| label.clone())
            .collect();
        due.sort();
        for label in due {
            let next = self.look_at(&label).await;
            if let Some(site) = self.sites.get_mut(&label) {
                site.next = next;
            }
        }
    }

    /// Serves the newest certificate there is for the site, and orders
    /// one when none is, or it is time to renew. Returns when to look
    /// again.
    async fn look_at(&mut self, label: &str) -> Instant {
        let config = self.config.as_ref().expect("sites come with a config");
        let store = config.store();
        let provider = config.provider.clone();
        let names = self.sites[label].names.clone();
        let current = self.newest(label, &names, &store, &provider);
        if let Some(cert) = &current {
            let at = self.renewal_time(label, cert).await;
            if let Ok(wait) = at.duration_since(SystemTime::now()) {
                return Instant::now() + wait.min(RECHECK);
            }
        }
        let lock = match store.try_lock() {
            Ok(Some(lock)) => lock,
            Ok(None) => {
                let site = self.sites.get_mut(label).expect("looked at");
                if !std::mem::replace(&mut site.waiting_said, true) {
                    tracing::info!(
                        "acme: {label}: another process holds {}/order.lock: waiting for its order",
                        store.path().display()
                    );
                }
                return Instant::now() + LOCK_POLL;
            }
            Err(e) => return self.failed(label, &OrderError::Store(e)),
        };
        self.sites.get_mut(label).expect("looked at").waiting_said = false;
        // The lock's last holder may have just stored what we need.
        let newest = self.newest(label, &names, &store, &provider);
        if newest.as_ref().map(|c| &c.serial) != current.as_ref().map(|c| &c.serial) {
            if let Some(cert) = &newest {
                let at = self.renewal_time(label, cert).await;
                if at > SystemTime::now() {
                    return Instant::now();
                }
            }
        }
        // The lock is touched while the order runs, so no other machine
        // takes it for a dead one's.
        let ordered = {
            let ordering =
                tokio::time::timeout(ORDER_TIMEOUT, self.order(label, &names, newest.as_deref()));
            tokio::pin!(ordering);
            let mut touch = tokio::time::interval(LOCK_REFRESH);
            loop {
                tokio::select! {
                    done = &mut ordering => break done.unwrap_or(Err(OrderError::Timeout)),
                    _ = touch.tick() => lock.refresh(),
                }
            }
        };
        drop(lock);
        match ordered {
            Ok(issued) => {
                self.board.orders_issued.fetch_add(1, Ordering::Relaxed);
                tracing::info!(
                    "acme: {label}: certificate issued for {} (serial {}, expires {}); serving it",
                    names.join(" "),
                    issued.serial,
                    httpdate::fmt_http_date(issued.not_after)
                );
                self.board.install(label, issued);
                let site = self.sites.get_mut(label).expect("looked at");
                site.failures = 0;
                site.renewal = None;
                Instant::now()
            }
            Err(e) => {
                self.board.orders_failed.fetch_add(1, Ordering::Relaxed);
                if e.is_unknown_account() {
                    self.forget_account();
                }
                self.failed(label, &e)
            }
        }
    }

    /// The CA does not know the stored account (a test CA restarted, a
    /// staging reset): the next attempt registers a new one.
    fn forget_account(&mut self) {
        self.account = None;
        if let Some(config) = &self.config {
            let directory = &config.settings.directory;
            let reason = "the CA does not know this account".to_string();
            let set_aside = config.store().set_aside_account(directory, reason);
            tracing::warn!("acme: {set_aside}; a new account is registered at the next attempt");
        }
    }

    /// Logs a failure with what the CA said and when the next attempt is.
    fn failed(&mut self, label: &str, e: &OrderError) -> Instant {
        let first = self
            .config
            .as_ref()
            .map_or(Duration::from_secs(60), |c| c.settings.retry_interval);
        let site = self.sites.get_mut(label).expect("looked at");
        site.failures += 1;
        let asked = self.retry_after.take();
        let delay = schedule::retry_delay(first, MAX_ACME_RETRY_INTERVAL, site.failures, asked);
        let serving = if self.board.certificate(label).is_some() {
            "the current certificate keeps serving"
        } else if site.fallback {
            "its certificate files serve until one is issued"
        } else {
            "handshakes for the site fail until one is issued"
        };
        tracing::error!(
            "acme: {label}: order failed (attempt {}): {}; next attempt in {}{}; {serving}",
            site.failures,
            with_causes(e),
            short(delay),
            if asked.is_some() {
                " as the CA asked (Retry-After)"
            } else {
                ""
            },
        );
        Instant::now() + delay
    }

    /// What serves the site now or what the state directory holds,
    /// whichever expires later; the stored one is served from now on when
    /// it is the newer (another machine, or this one before a restart,
    /// renewed it).
    fn newest(
        &self,
        label: &str,
        names: &[String],
        store: &StateDir,
        provider: &CryptoProvider,
    ) -> Option<Arc<Issued>> {
        let serving = self.board.certificate(label).filter(|c| c.covers(names));
        let on_disk = stored(store, label, names, provider);
        match (serving, on_disk) {
            (Some(s), Some(d)) if d.serial != s.serial && d.not_after > s.not_after => {
                tracing::info!(
                    "acme: {label}: the state directory holds a newer certificate (serial {}): serving it",
                    d.serial
                );
                self.board.install(label, d.clone());
                Some(d)
            }
            (Some(s), _) => Some(s),
            (None, Some(d)) => {
                tracing::info!(
                    "acme: {label}: serving the stored certificate (serial {})",
                    d.serial
                );
                self.board.install(label, d.clone());
                Some(d)
            }
            (None, None) => None,
        }
    }

    /// When to renew `cert`: `renew_before` if configured, else a time
    /// drawn once per certificate in the CA's renewal window (asked again
    /// when the CA's Retry-After says), else two thirds of its lifetime.
    async fn renewal_time(&mut self, label: &str, cert: &Issued) -> SystemTime {
        let settings = &self.config.as_ref().expect("configured").settings;
        if let Some(before) = settings.renew_before {
            let basis = Basis::Configured(before);
            return schedule::renewal_time(cert.not_before, cert.not_after, basis, 0.0);
        }
        let now = Instant::now();
        if let Some(chosen) = &self.sites[label].renewal {
            if chosen.serial == cert.serial && chosen.recheck > now {
                return chosen.at;
            }
        }
        let (basis, recheck) = match self.renewal_window(cert).await {
            Some((start, end, retry)) => (
                Basis::Window { start, end },
                retry.clamp(Duration::from_secs(60), RECHECK),
            ),
            None => (Basis::Lifetime, RECHECK),
        };
        let at = schedule::renewal_time(
            cert.not_before,
            cert.not_after,
            basis,
            schedule::random_fraction(),
        );
        let site = self.sites.get_mut(label).expect("looked at");
        let changed = site
            .renewal
            .as_ref()
            .is_none_or(|c| c.serial != cert.serial || c.at != at);
        if changed {
            let source = match basis {
                Basis::Window { .. } => "within the CA's renewal window",
                _ => "at two thirds of its lifetime",
            };
            tracing::info!(
                "acme: {label}: certificate serial {} renews at {} ({source})",
                cert.serial,
                httpdate::fmt_http_date(at)
            );
        }
        site.renewal = Some(Chosen {
            serial: cert.serial.clone(),
            at,
            recheck: now + recheck,
        });
        at
    }

    /// The CA's renewal window for `cert` (RFC 9773), with how long until
    /// it should be asked again; None when the CA has none.
    async fn renewal_window(
        &mut self,
        cert: &Issued,
    ) -> Option<(SystemTime, SystemTime, Duration)> {
        let id = CertificateIdentifier::try_from(&cert.certified.cert[0]).ok()?;
        let account = match self.account().await {
            Ok(account) => account,
            Err(e) => {
                tracing::warn!(
                    "acme: cannot ask the CA for its renewal window: {}",
                    with_causes(&e)
                );
                return None;
            }
        };
        match account.renewal_info(&id).await {
            Ok((info, retry)) => Some((
                info.suggested_window.start.into(),
                info.suggested_window.end.into(),
                retry,
            )),
            Err(instant_acme::Error::Unsupported(_)) => None,
            Err(e) => {
                tracing::warn!(
                    "acme: the CA's renewal window for serial {}: {}",
                    cert.serial,
                    with_causes(&e)
                );
                None
            }
        }
    }

    /// The account with the configured CA: the stored one, or a new one
    /// (stored at once).
    async fn account(&mut self) -> Result<Account, OrderError> {
        let config = self.config.as_ref().expect("configured");
        let directory = &config.settings.directory;
        if let Some((made_with, account)) = &self.account {
            if made_with == directory {
                return Ok(account.clone());
            }
        }
        let store = config.store();
        let http = Box::new(CaClient::new(&config.ca_tls, &self.retry_after));
        let stored = store.read_account(directory).unwrap_or_else(|e| {
            tracing::error!("acme: {e}; registering a new account");
            None
        });
        let account = match stored {
            Some(credentials) => {
                Account::builder_with_http(http)
                    .from_credentials(credentials)
                    .await?
            }
            None => {
                let contact: Vec<String> = config
                    .settings
                    .email
                    .iter()
                    .map(|e| format!("mailto:{e}"))
                    .collect();
                let contact: Vec<&str> = contact.iter().map(String::as_str).collect();
                let new = NewAccount {
                    contact: &contact,
                    terms_of_service_agreed: true,
                    only_return_existing: false,
                };
                let (account, credentials) = Account::builder_with_http(http)
                    .create(&new, directory.clone(), None)
                    .await?;
                store.write_account(directory, &credentials)?;
                tracing::info!(
                    "acme: registered account {} with {directory} (terms of service accepted in acme.accept_terms)",
                    account.id()
                );
                account
            }
        };
        self.account = Some((directory.clone(), account.clone()));
        Ok(account)
    }

    /// One order for `names`, from the new order to the stored chain.
    async fn order(
        &mut self,
        label: &str,
        names: &[String],
        replacing: Option<&Issued>,
    ) -> Result<Arc<Issued>, OrderError> {
        let account = self.account().await?;
        let config = self.config.as_ref().expect("configured");
        let settings = &config.settings;
        let identifiers: Vec<Identifier> = names.iter().cloned().map(Identifier::Dns).collect();
        let replaces = replacing
            .and_then(|c| CertificateIdentifier::try_from(&c.certified.cert[0]).ok())
            .map(CertificateIdentifier::into_owned);
        tracing::info!(
            "acme: {label}: ordering a certificate for {} from {}{}",
            names.join(" "),
            settings.directory,
            replacing.map_or(String::new(), |c| format!(
                " to replace serial {}",
                c.serial
            ))
        );
        let new_order = || {
            let new = NewOrder::new(&identifiers);
            match &settings.profile {
                Some(profile) => new.profile(profile),
                None => new,
            }
        };
        let mut order = match &replaces {
            Some(id) => match account.new_order(&new_order().replaces(id.clone())).await {
                Ok(order) => order,
                // No renewal information at this CA, or it refuses the
                // link: an order of its own.
                Err(e) => {
                    tracing::debug!("acme: {label}: order replacing the old one refused ({e}): ordering without");
                    account.new_order(&new_order()).await?
                }
            },
            None => account.new_order(&new_order()).await?,
        };
        let mut answers = Answers {
            board: &self.board,
            tokens: Vec::new(),
            names: Vec::new(),
        };
        let mut refused = None;
        let mut authorizations = order.authorizations();
        while let Some(authorization) = authorizations.next().await {
            let mut authorization = authorization?;
            let name = authorization.identifier().to_string();
            match authorization.status {
                AuthorizationStatus::Pending => {}
                AuthorizationStatus::Valid => continue,
                status => return Err(OrderError::Authorization { name, status }),
            }
            let offered: Vec<ChallengeType> = authorization
                .challenges
                .iter()
                .map(|c| c.r#type.clone())
                .collect();
            let Some(kind) = settings
                .challenges
                .iter()
                .copied()
                .find(|&k| offered.contains(&challenge_type(k)))
            else {
                let offered = offered
                    .iter()
                    .map(|t| format!("{t:?}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(OrderError::NoChallenge { name, offered });
            };
            let mut challenge = authorization
                .challenge(challenge_type(kind))
                .expect("offered");
            let key_authorization = challenge.key_authorization();
            match kind {
                AcmeChallenge::Http01 => {
                    answers.tokens.push(challenge.token.clone());
                    answers
                        .board
                        .publish_http(&challenge.token, key_authorization.as_str())?;
                }
                AcmeChallenge::TlsAlpn01 => {
                    let (certified, pem) = certificate::validation_certificate(
                        &name,
                        key_authorization.digest().as_ref(),
                        &config.provider,
                    )?;
                    answers.names.push(name.clone());
                    answers
                        .board
                        .publish_validation(&name, certified, pem.as_bytes())?;
                }
            }
            tracing::info!("acme: {label}: answering {} for {name}", kind.name());
            if let Err(e) = challenge.set_ready().await {
                refused = Some(e);
                break;
            }
        }
        // A CA that validates at once may report a failed challenge in its
        // answer to `set_ready`, before any poll: the same validation
        // failure as one found polling, and logged as one.
        if let Some(e) = refused {
            return Err(match e {
                instant_acme::Error::Api(_) => validation_failed(&mut order, Some(e)).await,
                e => e.into(),
            });
        }
        let polled = order
            .poll_ready(
                &RetryPolicy::new()
                    .initial_delay(Duration::from_millis(500))
                    .timeout(VALIDATION_TIMEOUT),
            )
            .await;
        match polled {
            Ok(OrderStatus::Ready) => {}
            Ok(_) => return Err(validation_failed(&mut order, None).await),
            Err(e @ instant_acme::Error::Api(_)) => {
                return Err(validation_failed(&mut order, Some(e)).await)
            }
            Err(e) => return Err(e.into()),
        }
        drop(answers);
        let key = NewKey::generate(settings.key_type)?;
        order.finalize_csr(&key.csr(names)?).await?;
        let chain = order
            .poll_certificate(
                &RetryPolicy::new()
                    .initial_delay(Duration::from_millis(500))
                    .timeout(ISSUANCE_TIMEOUT),
            )
            .await?;
        let key_pem = key.pem();
        let issued = certificate::servable(chain.as_bytes(), key_pem.as_bytes(), &config.provider)?;
        if let Some(missing) = names.iter().find(|n| !issued.names.contains(n)) {
            return Err(OrderError::WrongNames(missing.clone()));
        }
        config.store().write_certificate(label, &key_pem, &chain)?;
        Ok(Arc::new(issued))
    }
}

/// An error and each error that caused it: "client error (Connect): tcp
/// connect error: Connection refused (os error 111)", not the first alone.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let said = c.to_string();
        if !text.ends_with(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = c.source();
    }
    text
}

/// An order whose validation failed: `error`, the CA's answer that said
/// so (when a request failed with it), then each failed challenge's
/// problem. An API error with no challenge failed behind it is the CA
/// refusing the request itself, not a validation: returned as it is.
async fn validation_failed(order: &mut Order, error: Option<instant_acme::Error>) -> OrderError {
    let mut details = failure_details(order).await;
    match error {
        Some(e) if details.is_empty() => e.into(),
        Some(e) => {
            details.insert(0, e.to_string());
            OrderError::Invalid { details }
        }
        None => OrderError::Invalid { details },
    }
}

/// What the CA said of each failed challenge of an order: the problem
/// documents, with the name they are for.
async fn failure_details(order: &mut Order) -> Vec<String> {
    let mut details = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(Ok(authorization)) = authorizations.next().await {
        let name = authorization.identifier().to_string();
        for challenge in &authorization.challenges {
            if let Some(problem) = &challenge.error {
                details.push(format!("{name}: {:?}: {problem}", challenge.r#type));
            }
        }
    }
    details
}
