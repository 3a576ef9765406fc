//! HTTP Basic authentication (RFC 7617) against an htpasswd file: the
//! file's bcrypt entries (`htpasswd -B`), parsed once per load, and a
//! request's `Authorization` checked against them. Weaker forms nginx also
//! reads (apr1's MD5, `{SHA}`, DES crypt) are refused with the reason,
//! since an attacker who reads the file cracks them in minutes.
//!
//! bcrypt takes milliseconds by design; credentials that verified are
//! remembered (by the SHA-256 of the header, never the password) so a
//! browser sending them with every request pays once.

use base64::Engine as _;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// Credentials remembered as verified, at most.
const REMEMBERED: usize = 1024;

/// Why an htpasswd line is not usable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EntryError {
    #[error("line {0}: not user:hash")]
    Malformed(usize),
    #[error("line {line}: user \"{user}\" has a {kind} hash, which is weak and not accepted: make the file with htpasswd -B (bcrypt)")]
    Weak {
        line: usize,
        user: String,
        kind: &'static str,
    },
    #[error("line {line}: user \"{user}\" is listed twice")]
    Duplicate { line: usize, user: String },
}

/// An htpasswd file's users and their bcrypt hashes.
#[derive(Debug, Default)]
pub struct Credentials {
    users: HashMap<String, String>,
    /// A hash of the users' cost that no password matches: what an
    /// unknown user is checked against, so it takes as long as a known one.
    no_user: String,
    /// SHA-256 of `Authorization` values that verified.
    verified: Mutex<HashSet<[u8; 32]>>,
}

impl Credentials {
    /// Parses an htpasswd file's text: `user:hash` lines, `#` comments and
    /// blank lines skipped.
    pub fn parse(text: &str) -> Result<Credentials, EntryError> {
        let mut users = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (user, hash) = line.split_once(':').ok_or(EntryError::Malformed(n))?;
            if user.is_empty() || hash.is_empty() {
                return Err(EntryError::Malformed(n));
            }
            let kind = if ["$2y$", "$2a$", "$2b$"].iter().any(|p| hash.starts_with(p)) {
                None
            } else if hash.starts_with("$apr1$") || hash.starts_with("$1$") {
                Some("MD5 (apr1)")
            } else if hash.starts_with("{SHA}") {
                Some("SHA-1 ({SHA})")
            } else {
                Some("DES crypt or plain")
            };
            if let Some(kind) = kind {
                return Err(EntryError::Weak {
                    line: n,
                    user: user.to_owned(),
                    kind,
                });
            }
            if users.insert(user.to_owned(), hash.to_owned()).is_some() {
                return Err(EntryError::Duplicate {
                    line: n,
                    user: user.to_owned(),
                });
            }
        }
        let cost = users
            .values()
            .filter_map(|h| h.get(4..6)?.parse::<u32>().ok())
            .max()
            .unwrap_or(bcrypt::DEFAULT_COST);
        let no_user = bcrypt::hash(unguessable_password(), cost).unwrap_or_default();
        Ok(Credentials {
            users,
            no_user,
            verified: Mutex::default(),
        })
    }

    pub fn len(&self) -> usize {
        self.users.len()
    }

    pub fn is_empty(&self) -> bool {
        self.users.is_empty()
    }

    /// The user an `Authorization: Basic ...` value names, when its password
    /// is right. The comparison is bcrypt's own (constant time); an unknown
    /// user costs a bcrypt too, so timing does not tell users apart.
    pub fn check(&self, authorization: Option<&[u8]>) -> Option<String> {
        let value = authorization?;
        let (scheme, token) = split_scheme(value)?;
        if !scheme.eq_ignore_ascii_case(b"basic") {
            return None;
        }
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(token.trim_ascii())
            .ok()?;
        let decoded = String::from_utf8(decoded).ok()?;
        let (user, password) = decoded.split_once(':')?;
        let digest: [u8; 32] = aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, value)
            .as_ref()
            .try_into()
            .ok()?;
        let mut verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        if verified.contains(&digest) {
            return Some(user.to_owned());
        }
        drop(verified);
        let hash = self.users.get(user).unwrap_or(&self.no_user);
        let ok = bcrypt::verify(password, hash).unwrap_or(false) && self.users.contains_key(user);
        if !ok {
            return None;
        }
        verified = self.verified.lock().unwrap_or_else(|e| e.into_inner());
        if verified.len() >= REMEMBERED {
            verified.clear();
        }
        verified.insert(digest);
        Some(user.to_owned())
    }
}

/// A password nobody sends: 32 random bytes, hex.
fn unguessable_password() -> String {
    let mut bytes = [0u8; 32];
    let _ = aws_lc_rs::rand::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `Basic dXNlcjpwYXNz` -> (`Basic`, `dXNlcjpwYXNz`).
fn split_scheme(value: &[u8]) -> Option<(&[u8], &[u8])> {
    let value = value.trim_ascii();
    let space = value.iter().position(|&b| b == b' ')?;
    Some((&value[..space], &value[space + 1..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(user: &str, password: &str) -> Vec<u8> {
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        format!("Basic {token}").into_bytes()
    }

    #[test]
    fn bcrypt_entries_verify_and_weak_ones_are_refused() {
        let hash = bcrypt::hash("s3cret", 4).unwrap();
        let creds = Credentials::parse(&format!("# admins\n\nalice:{hash}\n")).unwrap();
        assert_eq!(creds.len(), 1);
        assert_eq!(
            creds.check(Some(&header("alice", "s3cret"))).as_deref(),
            Some("alice")
        );
        // Remembered: the same header again.
        assert_eq!(
            creds.check(Some(&header("alice", "s3cret"))).as_deref(),
            Some("alice")
        );
        assert_eq!(creds.check(Some(&header("alice", "wrong"))), None);
        assert_eq!(creds.check(Some(&header("bob", "s3cret"))), None);
        assert_eq!(creds.check(Some(b"Basic !!notbase64")), None);
        assert_eq!(creds.check(Some(b"Bearer abc")), None);
        assert_eq!(creds.check(None), None);
        assert!(matches!(
            Credentials::parse("bob:$apr1$abc$def\n"),
            Err(EntryError::Weak { line: 1, .. })
        ));
        assert!(matches!(
            Credentials::parse("# x\ncarol:{SHA}qUqP5cyxm6YcTAhz05Hph5gvu9M=\n"),
            Err(EntryError::Weak { line: 2, .. })
        ));
        assert_eq!(
            Credentials::parse("no-colon\n").unwrap_err(),
            EntryError::Malformed(1)
        );
        assert!(matches!(
            Credentials::parse(&format!("a:{hash}\na:{hash}\n")),
            Err(EntryError::Duplicate { line: 2, .. })
        ));
    }
}
