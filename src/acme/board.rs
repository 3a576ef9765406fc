//! What the ACME thread shares with the workers: each site's issued
//! certificate (read by the SNI resolver on every handshake to an ACME
//! site) and the answers to challenges under way (HTTP-01 tokens, TLS-ALPN-01
//! validation certificates). The thread writes, workers read; a renewed
//! certificate replaces the old one in one step, so no handshake sees
//! neither. Answers are also written to the state directory, and an
//! answer this process does not hold is looked for there: in a fleet
//! behind one name, the CA's validation may reach any machine.

use super::store::{StateDir, StoreError, HTTP_01, TLS_ALPN_01};
use rustls::crypto::CryptoProvider;
use rustls::sign::CertifiedKey;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{SystemTime, UNIX_EPOCH};

/// A certificate the CA issued, as served.
#[derive(Debug)]
pub struct Issued {
    pub certified: Arc<CertifiedKey>,
    /// subjectAltName DNS names, lower case.
    pub names: Vec<String>,
    pub not_before: SystemTime,
    pub not_after: SystemTime,
    /// Hex, as `openssl x509 -serial` prints it.
    pub serial: String,
}

impl Issued {
    /// Whether it names every one of `names` (exact names: ACME sites
    /// have no wildcards).
    pub fn covers(&self, names: &[String]) -> bool {
        names.iter().all(|n| self.names.contains(n))
    }
}

/// The shared state; one per process, kept across reloads.
#[derive(Default)]
pub struct AcmeBoard {
    /// By the site's first name (`Site::label`).
    issued: RwLock<HashMap<String, Arc<Issued>>>,
    /// HTTP-01: token -> key authorization.
    http_tokens: RwLock<HashMap<String, String>>,
    /// TLS-ALPN-01: name -> validation certificate.
    validation: RwLock<HashMap<String, Arc<CertifiedKey>>>,
    /// The state directory the fleet shares answers through, with what
    /// loads a shared validation certificate.
    shared: RwLock<Option<(StateDir, Arc<CryptoProvider>)>>,
    /// Unix second of the last "no certificate yet" line: at most one
    /// every `REFUSAL_LOG_INTERVAL` seconds, however many clients come.
    refusal_logged: AtomicU64,
    /// Orders by result, for the metrics.
    pub orders_issued: AtomicU64,
    pub orders_failed: AtomicU64,
}

const REFUSAL_LOG_INTERVAL: u64 = 10;

/// Reads a lock: a writer that panicked left a complete map (every write
/// is one insert or remove), so its data is still good to serve.
fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
}

impl AcmeBoard {
    /// The certificate serving the site labelled `label`, if one was issued.
    pub fn certificate(&self, label: &str) -> Option<Arc<Issued>> {
        read(&self.issued).get(label).cloned()
    }

    /// Serves `issued` for the site labelled `label` from the next
    /// handshake on.
    pub fn install(&self, label: &str, issued: Arc<Issued>) {
        write(&self.issued).insert(label.to_owned(), issued);
    }

    /// Forgets the certificates of sites no longer configured (a reload
    /// removed them, or took `acme` off): they are not served, and the
    /// metrics stop showing them.
    pub fn keep_only(&self, labels: &[&str]) {
        write(&self.issued).retain(|label, _| labels.contains(&label.as_str()));
    }

    /// Every issued certificate by site label, for the metrics.
    pub fn all(&self) -> Vec<(String, Arc<Issued>)> {
        let mut all: Vec<_> = read(&self.issued)
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    /// Shares answers through `state` from now on (None: no ACME).
    pub fn share_through(&self, state: Option<(StateDir, Arc<CryptoProvider>)>) {
        *write(&self.shared) = state;
    }

    fn shared_dir(&self) -> Option<StateDir> {
        read(&self.shared).as_ref().map(|(dir, _)| dir.clone())
    }

    /// The key authorization for an HTTP-01 token being validated, by
    /// this process or another sharing the state directory.
    pub fn http_answer(&self, token: &str) -> Option<String> {
        if let Some(answer) = read(&self.http_tokens).get(token) {
            return Some(answer.clone());
        }
        let shared = self.shared_dir()?.read_challenge(HTTP_01, token)?;
        String::from_utf8(shared).ok()
    }

    pub fn publish_http(&self, token: &str, key_authorization: &str) -> Result<(), StoreError> {
        write(&self.http_tokens).insert(token.to_owned(), key_authorization.to_owned());
        match self.shared_dir() {
            Some(dir) => dir.write_challenge(HTTP_01, token, key_authorization.as_bytes()),
            None => Ok(()),
        }
    }

    pub fn withdraw_http(&self, token: &str) {
        write(&self.http_tokens).remove(token);
        if let Some(dir) = self.shared_dir() {
            dir.remove_challenge(HTTP_01, token);
        }
    }

    /// The TLS-ALPN-01 validation certificate for `name`, while its
    /// challenge is under way here or on another machine sharing the
    /// state directory.
    pub fn validation_certificate(&self, name: &str) -> Option<Arc<CertifiedKey>> {
        if let Some(certified) = read(&self.validation).get(name) {
            return Some(certified.clone());
        }
        let (dir, provider) = read(&self.shared).clone()?;
        let pem = zeroize::Zeroizing::new(dir.read_challenge(TLS_ALPN_01, name)?);
        match super::certificate::shared_validation_certificate(&pem, &provider) {
            Ok(certified) => Some(certified),
            Err(e) => {
                tracing::warn!("acme: shared TLS-ALPN-01 certificate for {name}: {e}");
                None
            }
        }
    }

    /// Serves `certified` to TLS-ALPN-01 validations of `name`; `pem`
    /// (key and certificate) is shared with the fleet.
    pub fn publish_validation(
        &self,
        name: &str,
        certified: Arc<CertifiedKey>,
        pem: &[u8],
    ) -> Result<(), StoreError> {
        write(&self.validation).insert(name.to_owned(), certified);
        match self.shared_dir() {
            Some(dir) => dir.write_challenge(TLS_ALPN_01, name, pem),
            None => Ok(()),
        }
    }

    pub fn withdraw_validation(&self, name: &str) {
        write(&self.validation).remove(name);
        if let Some(dir) = self.shared_dir() {
            dir.remove_challenge(TLS_ALPN_01, name);
        }
    }

    /// Logs that a handshake for `name` was refused for want of a
    /// certificate, unless such a line was logged in the last few seconds.
    pub fn log_refusal(&self, name: &str) {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let last = self.refusal_logged.load(Ordering::Relaxed);
        if now >= last + REFUSAL_LOG_INTERVAL
            && self
                .refusal_logged
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!("TLS handshake for {name} refused: its ACME certificate is not issued yet (the order is logged by the acme thread; give the site certificate files to serve meanwhile)");
        }
    }
}

impl crate::metrics::CertificateOrders for AcmeBoard {
    fn orders(&self) -> (u64, u64) {
        (
            self.orders_issued.load(Ordering::Relaxed),
            self.orders_failed.load(Ordering::Relaxed),
        )
    }

    fn issued(&self) -> Vec<crate::metrics::CertificateFacts> {
        self.all()
            .into_iter()
            .map(|(site, issued)| crate::metrics::CertificateFacts {
                site,
                origin: "acme".into(),
                names: issued.names.clone(),
                not_after: issued
                    .not_after
                    .duration_since(std::time::UNIX_EPOCH)
                    .ok()
                    .and_then(|d| i64::try_from(d.as_secs()).ok()),
                id: issued.serial.clone(),
            })
            .collect()
    }
}
