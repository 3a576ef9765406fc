//! The state directory: the ACME account per CA, each site's certificate
//! and key, and the lock that lets several machines share the directory
//! (over a network file system) with one of them ordering at a time.
//!
//! ```text
//! state_dir/                       0700, the serving account's
//!   accounts/<ca host>-<hash>.json  account key and URL (0600)
//!   certificates/<site name>.pem    private key, then the chain (0600)
//!   challenges/http-01/<token>      answers under way, for every machine:
//!   challenges/tls-alpn-01/<name>   the CA may reach any of them
//!   order.lock                      held while one machine orders
//! ```
//!
//! Every file is written whole under a temporary name and renamed into
//! place, so a reader on any machine sees the old file or the new one. A
//! file that cannot be parsed is moved aside (`.corrupt-<time>`) and
//! reported; the state it held is made anew.

use instant_acme::AccountCredentials;
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The folders of shared challenge answers, by challenge.
pub const HTTP_01: &str = "http-01";
pub const TLS_ALPN_01: &str = "tls-alpn-01";

/// A lock whose file has not been touched for this long is its holder's
/// who died: taken over.
pub const LOCK_STALE: Duration = Duration::from_secs(120);
/// How often a holder touches its lock while it orders.
pub const LOCK_REFRESH: Duration = Duration::from_secs(30);

/// A problem with a file of the state directory, naming it.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {reason} (moved aside to {})", path.display(), moved_to.display())]
    Corrupt {
        path: PathBuf,
        moved_to: PathBuf,
        reason: String,
    },
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The state directory of `[acme] state_dir`.
#[derive(Clone, Debug)]
pub struct StateDir {
    root: PathBuf,
}

impl StateDir {
    pub fn new(root: &Path) -> StateDir {
        StateDir {
            root: root.to_owned(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.root
    }

    /// Creates the directory and its subdirectories (0700) if missing, and
    /// gives them to `owner` (the account the server will serve as), so the
    /// ACME thread can write there once privileges are dropped.
    pub fn prepare(&self, owner: Option<(u32, u32)>) -> Result<(), StoreError> {
        for dir in [
            self.root.clone(),
            self.root.join("accounts"),
            self.root.join("certificates"),
            self.root.join("challenges"),
            self.root.join("challenges").join(HTTP_01),
            self.root.join("challenges").join(TLS_ALPN_01),
        ] {
            match fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(io_error(&dir)(e)),
            }
            if let Some((uid, gid)) = owner {
                std::os::unix::fs::chown(&dir, Some(uid), Some(gid)).map_err(io_error(&dir))?;
            }
        }
        Ok(())
    }

    /// Where the account for the CA at `directory_url` is kept: named by
    /// the CA's host, so an operator sees which is which, and a hash of
    /// the whole URL, so staging and production never share one.
    fn account_path(&self, directory_url: &str) -> PathBuf {
        let host: String = directory_url
            .trim_start_matches("https://")
            .split(['/', ':'])
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-')
            .collect();
        let digest =
            aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, directory_url.as_bytes());
        let hash: String = digest.as_ref()[..6]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        self.root
            .join("accounts")
            .join(format!("{host}-{hash}.json"))
    }

    pub fn read_account(
        &self,
        directory_url: &str,
    ) -> Result<Option<AccountCredentials>, StoreError> {
        let path = self.account_path(directory_url);
        let Some(text) = read_if_present(&path)? else {
            return Ok(None);
        };
        match serde_json::from_slice(&text) {
            Ok(credentials) => Ok(Some(credentials)),
            Err(e) => Err(move_aside(&path, e.to_string())),
        }
    }

    pub fn write_account(
        &self,
        directory_url: &str,
        credentials: &AccountCredentials,
    ) -> Result<(), StoreError> {
        let path = self.account_path(directory_url);
        let json = zeroize::Zeroizing::new(
            serde_json::to_vec_pretty(credentials).expect("credentials serialize"),
        );
        write_atomically(&path, &json)
    }

    /// Moves the account the CA no longer knows aside, so the next order
    /// registers a new one; the old file stays for the operator.
    pub fn set_aside_account(&self, directory_url: &str, reason: String) -> StoreError {
        move_aside(&self.account_path(directory_url), reason)
    }

    /// The file holding a site's key and chain: named by the site's first
    /// name, which is a host name (letters, digits, `-`, `_`, `.`).
    pub fn certificate_path(&self, label: &str) -> PathBuf {
        self.root.join("certificates").join(format!("{label}.pem"))
    }

    /// The site's key and chain (one PEM file), if one was stored.
    pub fn read_certificate(
        &self,
        label: &str,
    ) -> Result<Option<zeroize::Zeroizing<Vec<u8>>>, StoreError> {
        Ok(read_if_present(&self.certificate_path(label))?.map(zeroize::Zeroizing::new))
    }

    pub fn write_certificate(
        &self,
        label: &str,
        key_pem: &str,
        chain_pem: &str,
    ) -> Result<(), StoreError> {
        let mut pem = zeroize::Zeroizing::new(Vec::with_capacity(key_pem.len() + chain_pem.len()));
        pem.extend_from_slice(key_pem.as_bytes());
        pem.extend_from_slice(chain_pem.as_bytes());
        write_atomically(&self.certificate_path(label), &pem)
    }

    /// Moves a certificate file that cannot be served aside, so the next
    /// order replaces it.
    pub fn set_aside_certificate(&self, label: &str, reason: String) -> StoreError {
        move_aside(&self.certificate_path(label), reason)
    }

    /// Where the answer to a challenge is shared: `kind` is `HTTP_01` or
    /// `TLS_ALPN_01`, `key` a token or a host name. None for a key that is
    /// not one (it comes from a request: no path may be made of it).
    fn challenge_path(&self, kind: &str, key: &str) -> Option<PathBuf> {
        let safe = !key.is_empty()
            && key.len() <= 255
            && !key.starts_with('.')
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        safe.then(|| self.root.join("challenges").join(kind).join(key))
    }

    /// Shares a challenge's answer with the machines of the fleet.
    pub fn write_challenge(&self, kind: &str, key: &str, bytes: &[u8]) -> Result<(), StoreError> {
        match self.challenge_path(kind, key) {
            Some(path) => write_atomically(&path, bytes),
            None => Ok(()),
        }
    }

    pub fn read_challenge(&self, kind: &str, key: &str) -> Option<Vec<u8>> {
        fs::read(self.challenge_path(kind, key)?).ok()
    }

    pub fn remove_challenge(&self, kind: &str, key: &str) {
        if let Some(path) = self.challenge_path(kind, key) {
            let _ = fs::remove_file(path);
        }
    }

    /// Takes the directory's order lock, unless another process holds it
    /// (None). A lock left by a holder that died is taken over once stale.
    pub fn try_lock(&self) -> Result<Option<OrderLock>, StoreError> {
        let path = self.root.join("order.lock");
        let token = format!(
            "{} pid {} at {}\n",
            rustix::system::uname().nodename().to_string_lossy(),
            std::process::id(),
            unix_now()
        );
        for _ in 0..2 {
            let created = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path);
            match created {
                Ok(mut file) => {
                    file.write_all(token.as_bytes()).map_err(io_error(&path))?;
                    return Ok(Some(OrderLock { path, token }));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    if !self.take_over_stale(&path)? {
                        return Ok(None);
                    }
                }
                Err(e) => return Err(io_error(&path)(e)),
            }
        }
        Ok(None)
    }

    /// Removes a stale lock; false when it is fresh (its holder lives).
    /// Renamed away before it is removed, and put back if what was renamed
    /// turns out fresh (another process took it over meanwhile).
    fn take_over_stale(&self, path: &Path) -> Result<bool, StoreError> {
        let age = |p: &Path| {
            fs::metadata(p)
                .and_then(|m| m.modified())
                .map(|t| SystemTime::now().duration_since(t).unwrap_or_default())
        };
        // A holder on this machine that no longer runs (stopped or
        // replaced mid-order: a reload under a master does that) need not
        // be waited for.
        let alive = |p: &Path| !holder_gone(&fs::read_to_string(p).unwrap_or_default());
        match age(path) {
            Ok(age) if age < LOCK_STALE && alive(path) => return Ok(false),
            Ok(_) => {}
            // Released meanwhile: try again.
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(true),
            Err(e) => return Err(io_error(path)(e)),
        }
        let aside = path.with_extension(format!("stale-{}", std::process::id()));
        match fs::rename(path, &aside) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(true),
            Err(e) => return Err(io_error(path)(e)),
        }
        if age(&aside).is_ok_and(|a| a < LOCK_STALE) && alive(&aside) {
            // Someone else's fresh lock: give it back.
            let _ = fs::hard_link(&aside, path);
            let _ = fs::remove_file(&aside);
            return Ok(false);
        }
        let holder = fs::read_to_string(&aside).unwrap_or_default();
        tracing::warn!(
            "acme: {}: taking over a lock whose holder is gone or was silent for {}s ({})",
            path.display(),
            LOCK_STALE.as_secs(),
            holder.trim()
        );
        let _ = fs::remove_file(&aside);
        Ok(true)
    }
}

/// The state directory's order lock, released when dropped.
pub struct OrderLock {
    path: PathBuf,
    token: String,
}

impl OrderLock {
    /// Marks the lock as alive, so no other machine takes it over.
    pub fn refresh(&self) {
        let now = fs::FileTimes::new().set_modified(SystemTime::now());
        if let Ok(file) = fs::File::options().write(true).open(&self.path) {
            let _ = file.set_times(now);
        }
    }
}

impl Drop for OrderLock {
    fn drop(&mut self) {
        // Only our own: a lock taken over while we stalled is another's.
        if fs::read_to_string(&self.path).is_ok_and(|t| t == self.token) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether a lock's holder (`HOST pid PID at TIME`) ran on this machine
/// and has exited. A holder elsewhere, or one whose pid still runs, is
/// not known to be gone.
fn holder_gone(token: &str) -> bool {
    let mut words = token.split_whitespace();
    let (Some(host), Some("pid"), Some(pid)) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    let here = rustix::system::uname();
    if host != here.nodename().to_string_lossy() {
        return false;
    }
    let Some(pid) = pid
        .parse::<i32>()
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    else {
        return false;
    };
    rustix::process::test_kill_process(pid) == Err(rustix::io::Errno::SRCH)
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn read_if_present(path: &Path) -> Result<Option<Vec<u8>>, StoreError> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_error(path)(e)),
    }
}

/// Writes `bytes` to a temporary file beside `path` (0600), then renames
/// it into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let written = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)?;
        file.set_permissions(fs::Permissions::from_mode(0o600))?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written.map_err(io_error(path))
}

fn move_aside(path: &Path, reason: String) -> StoreError {
    let mut moved_to = path.as_os_str().to_owned();
    moved_to.push(format!(".corrupt-{}", unix_now()));
    let moved_to = PathBuf::from(moved_to);
    if let Err(e) = fs::rename(path, &moved_to) {
        return StoreError::Io {
            path: path.to_owned(),
            source: io::Error::new(e.kind(), format!("{reason}; cannot move it aside: {e}")),
        };
    }
    StoreError::Corrupt {
        path: path.to_owned(),
        moved_to,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tlsaccel-acme-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn one_holder_at_a_time_and_stale_locks_are_taken_over() {
        let dir = temp_dir("lock");
        let state = StateDir::new(&dir);
        state.prepare(None).unwrap();
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        let first = state.try_lock().unwrap().expect("free");
        assert!(state.try_lock().unwrap().is_none(), "held");
        drop(first);
        let second = state.try_lock().unwrap().expect("released");
        // Its holder died long ago: the file is old.
        let old = SystemTime::now() - LOCK_STALE - Duration::from_secs(1);
        fs::File::options()
            .write(true)
            .open(dir.join("order.lock"))
            .unwrap()
            .set_times(fs::FileTimes::new().set_modified(old))
            .unwrap();
        std::mem::forget(second);
        let third = state.try_lock().unwrap().expect("stale lock taken over");
        third.refresh();
        assert!(state.try_lock().unwrap().is_none());
        drop(third);
        // A fresh lock of a process of this machine that has exited.
        let mut exited = std::process::Command::new("true").spawn().unwrap();
        let gone = exited.id();
        exited.wait().unwrap();
        let host = rustix::system::uname()
            .nodename()
            .to_string_lossy()
            .into_owned();
        fs::write(dir.join("order.lock"), format!("{host} pid {gone} at 0\n")).unwrap();
        assert!(holder_gone(&format!("{host} pid {gone} at 0")));
        assert!(!holder_gone(&format!(
            "{host} pid {} at 0",
            std::process::id()
        )));
        assert!(!holder_gone(&format!("elsewhere pid {gone} at 0")));
        let fourth = state.try_lock().unwrap().expect("its holder has exited");
        drop(fourth);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn corrupt_files_are_moved_aside_and_reported() {
        let dir = temp_dir("corrupt");
        let state = StateDir::new(&dir);
        state.prepare(None).unwrap();
        let url = "https://ca.test/dir";
        assert!(state.read_account(url).unwrap().is_none());
        fs::write(state.account_path(url), b"{not json").unwrap();
        let Err(err) = state.read_account(url) else {
            panic!("a corrupt account file was read")
        };
        assert!(matches!(err, StoreError::Corrupt { .. }), "{err}");
        assert!(state.read_account(url).unwrap().is_none(), "moved aside");
        state
            .write_challenge(HTTP_01, "tok-en_1", b"answer")
            .unwrap();
        assert_eq!(
            state.read_challenge(HTTP_01, "tok-en_1").unwrap(),
            b"answer"
        );
        for bad in ["../order.lock", "..", "", "a/b", ".hidden"] {
            assert!(state.challenge_path(HTTP_01, bad).is_none(), "{bad}");
            assert!(state.read_challenge(HTTP_01, bad).is_none());
        }
        state.remove_challenge(HTTP_01, "tok-en_1");
        assert!(state.read_challenge(HTTP_01, "tok-en_1").is_none());
        state
            .write_certificate("a.test", "KEY\n", "CHAIN\n")
            .unwrap();
        let pem = state.read_certificate("a.test").unwrap().unwrap();
        assert_eq!(&pem[..], b"KEY\nCHAIN\n");
        let mode = fs::metadata(state.certificate_path("a.test"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        fs::remove_dir_all(&dir).unwrap();
    }
}
