//! Session-ticket keys read from files, so that several tlsaccel processes
//! (a fleet behind a layer-4 balancer, or the old and new process of a
//! binary upgrade) resume each other's TLS 1.2 and 1.3 sessions.
//!
//! Each file holds one key in nginx's `ssl_session_ticket_key` layout:
//! 80 bytes (`openssl rand 80`) are a 16-byte name, a 32-byte HMAC-SHA256
//! key and a 32-byte AES-256 key; 48 bytes are a name and two 16-byte
//! keys (AES-128). The first file's key encrypts new tickets; every key
//! decrypts, so rotating is: new key first, the previous one second,
//! reload.
//!
//! A ticket is laid out as RFC 5077 section 4 recommends (and OpenSSL
//! does): key name, IV, AES-CBC ciphertext, then an HMAC over all of that,
//! checked before anything is decrypted. The plaintext is rustls's session
//! state, so these tickets resume on tlsaccel processes only.

use aws_lc_rs::cipher::{
    DecryptionContext, EncryptionContext, PaddedBlockDecryptingKey, PaddedBlockEncryptingKey,
    UnboundCipherKey, AES_128, AES_256,
};
use aws_lc_rs::hmac;
use aws_lc_rs::iv::FixedLength;
use rustls::server::ProducesTickets;
use std::path::{Path, PathBuf};
use zeroize::Zeroizing;

const NAME_LEN: usize = 16;
const IV_LEN: usize = 16;
const TAG_LEN: usize = 32;

/// Lifetime hint sent with each ticket. Keys themselves live as long as
/// their files: rotate at least this often.
pub const TICKET_LIFETIME_SECS: u32 = 12 * 60 * 60;

/// Why a key file cannot be used; never includes key bytes.
#[derive(Debug, thiserror::Error)]
pub enum TicketKeyError {
    #[error("session ticket key {}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("session ticket key {}: {len} bytes; expected 80 (openssl rand 80 > FILE) or 48", path.display())]
    Size { path: PathBuf, len: usize },
    #[error("session ticket key {}: the key name (its first 16 bytes) is also that of {}", path.display(), other.display())]
    DuplicateName { path: PathBuf, other: PathBuf },
    #[error("session ticket key {}: the crypto library refused the key", path.display())]
    Refused { path: PathBuf },
}

/// One key: its name and what it encrypts and authenticates with.
struct TicketKey {
    name: [u8; NAME_LEN],
    hmac: hmac::Key,
    encrypt: PaddedBlockEncryptingKey,
    decrypt: PaddedBlockDecryptingKey,
}

impl TicketKey {
    fn parse(path: &Path, bytes: &[u8]) -> Result<TicketKey, TicketKeyError> {
        let (cipher, hmac_key, aes_key) = match bytes.len() {
            80 => (&AES_256, &bytes[16..48], &bytes[48..80]),
            48 => (&AES_128, &bytes[32..48], &bytes[16..32]),
            len => {
                return Err(TicketKeyError::Size {
                    path: path.to_owned(),
                    len,
                })
            }
        };
        let refused = |_| TicketKeyError::Refused {
            path: path.to_owned(),
        };
        let mut name = [0; NAME_LEN];
        name.copy_from_slice(&bytes[..NAME_LEN]);
        Ok(TicketKey {
            name,
            hmac: hmac::Key::new(hmac::HMAC_SHA256, hmac_key),
            encrypt: PaddedBlockEncryptingKey::cbc_pkcs7(
                UnboundCipherKey::new(cipher, aes_key).map_err(refused)?,
            )
            .map_err(refused)?,
            decrypt: PaddedBlockDecryptingKey::cbc_pkcs7(
                UnboundCipherKey::new(cipher, aes_key).map_err(refused)?,
            )
            .map_err(refused)?,
        })
    }
}

/// The ticketer over the configured key files.
pub struct FileTicketKeys {
    /// `keys[0]` encrypts; all decrypt.
    keys: Vec<TicketKey>,
}

impl std::fmt::Debug for FileTicketKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Names only: they are sent in every ticket anyway.
        f.debug_struct("FileTicketKeys")
            .field("keys", &self.keys.len())
            .finish()
    }
}

impl FileTicketKeys {
    /// Reads every file; the first error of each file is reported, with
    /// the file's index in `paths`.
    pub fn load(paths: &[PathBuf]) -> Result<FileTicketKeys, Vec<(usize, TicketKeyError)>> {
        let mut keys: Vec<TicketKey> = Vec::new();
        // The file each key came from, for the duplicate-name error.
        let mut origins: Vec<&PathBuf> = Vec::new();
        let mut errors = Vec::new();
        for (i, path) in paths.iter().enumerate() {
            let bytes = match std::fs::read(path) {
                Ok(b) => Zeroizing::new(b),
                Err(source) => {
                    let path = path.clone();
                    errors.push((i, TicketKeyError::Read { path, source }));
                    continue;
                }
            };
            match TicketKey::parse(path, &bytes) {
                Ok(key) => {
                    if let Some(j) = keys.iter().position(|k| k.name == key.name) {
                        let duplicate = TicketKeyError::DuplicateName {
                            path: path.clone(),
                            other: origins[j].clone(),
                        };
                        errors.push((i, duplicate));
                    }
                    keys.push(key);
                    origins.push(path);
                }
                Err(e) => errors.push((i, e)),
            }
        }
        if errors.is_empty() {
            Ok(FileTicketKeys { keys })
        } else {
            Err(errors)
        }
    }
}

impl ProducesTickets for FileTicketKeys {
    fn enabled(&self) -> bool {
        true
    }

    fn lifetime(&self) -> u32 {
        TICKET_LIFETIME_SECS
    }

    fn encrypt(&self, plain: &[u8]) -> Option<Vec<u8>> {
        let key = &self.keys[0];
        let mut iv = [0u8; IV_LEN];
        aws_lc_rs::rand::fill(&mut iv).ok()?;
        let mut body = plain.to_vec();
        key.encrypt
            .less_safe_encrypt(&mut body, EncryptionContext::Iv128(FixedLength::from(iv)))
            .ok()?;
        let mut ticket = Vec::with_capacity(NAME_LEN + IV_LEN + body.len() + TAG_LEN);
        ticket.extend_from_slice(&key.name);
        ticket.extend_from_slice(&iv);
        ticket.extend_from_slice(&body);
        let tag = hmac::sign(&key.hmac, &ticket);
        ticket.extend_from_slice(tag.as_ref());
        Some(ticket)
    }

    fn decrypt(&self, ticket: &[u8]) -> Option<Vec<u8>> {
        if ticket.len() < NAME_LEN + IV_LEN + 16 + TAG_LEN {
            return None;
        }
        let key = self.keys.iter().find(|k| k.name == ticket[..NAME_LEN])?;
        let (signed, tag) = ticket.split_at(ticket.len() - TAG_LEN);
        // Authenticated before decrypting: no padding oracle.
        hmac::verify(&key.hmac, signed, tag).ok()?;
        let mut iv = [0u8; IV_LEN];
        iv.copy_from_slice(&signed[NAME_LEN..NAME_LEN + IV_LEN]);
        let mut body = signed[NAME_LEN + IV_LEN..].to_vec();
        let plain = key
            .decrypt
            .decrypt(&mut body, DecryptionContext::Iv128(FixedLength::from(iv)))
            .ok()?;
        Some(plain.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "tlsaccel-ticket-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn tickets_round_trip_and_rotate() {
        let d = dir();
        let a: Vec<u8> = (0..80).collect();
        let b: Vec<u8> = (100..180).collect();
        let short: Vec<u8> = (0..48).map(|x| x + 7).collect();
        let (a, b, short) = (
            key_file(&d, "a", &a),
            key_file(&d, "b", &b),
            key_file(&d, "c", &short),
        );
        let old = FileTicketKeys::load(std::slice::from_ref(&a)).unwrap();
        let ticket = old.encrypt(b"session state").unwrap();
        assert_eq!(old.decrypt(&ticket).unwrap(), b"session state");
        // Rotated: the new key first, the old still decrypts.
        let rotated = FileTicketKeys::load(&[b.clone(), a.clone()]).unwrap();
        assert_eq!(rotated.decrypt(&ticket).unwrap(), b"session state");
        let fresh = rotated.encrypt(b"x").unwrap();
        assert_eq!(&fresh[..16], &(100..116).collect::<Vec<u8>>()[..]);
        // The old key gone: its tickets are refused.
        let only_new = FileTicketKeys::load(std::slice::from_ref(&b)).unwrap();
        assert!(only_new.decrypt(&ticket).is_none());
        // 48-byte (AES-128) keys work too.
        let aes128 = FileTicketKeys::load(std::slice::from_ref(&short)).unwrap();
        let t = aes128.encrypt(&[9; 100]).unwrap();
        assert_eq!(aes128.decrypt(&t).unwrap(), vec![9; 100]);
        std::fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn tampered_or_short_tickets_are_refused() {
        let d = dir();
        let a = key_file(&d, "a", &[5; 80]);
        let keys = FileTicketKeys::load(&[a]).unwrap();
        let ticket = keys.encrypt(b"state").unwrap();
        for i in [0, 16, 40, ticket.len() - 1] {
            let mut bad = ticket.clone();
            bad[i] ^= 1;
            assert!(keys.decrypt(&bad).is_none(), "byte {i}");
        }
        for len in 0..ticket.len() {
            assert!(keys.decrypt(&ticket[..len]).is_none());
        }
        std::fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn bad_files_are_each_reported() {
        let d = dir();
        let short = key_file(&d, "short", &[1; 32]);
        let a = key_file(&d, "a", &[2; 80]);
        let same_name = key_file(&d, "dup", &[2; 80]);
        let missing = d.join("missing");
        let errors = FileTicketKeys::load(&[short, a, same_name, missing]).unwrap_err();
        let files: Vec<usize> = errors.iter().map(|(i, _)| *i).collect();
        assert_eq!(files, [0, 2, 3]);
        let text: Vec<String> = errors.iter().map(|(_, e)| e.to_string()).collect();
        assert_eq!(text.len(), 3, "{text:?}");
        assert!(text[0].contains("32 bytes; expected 80"), "{text:?}");
        assert!(text[1].contains("key name"), "{text:?}");
        assert!(text[2].contains("cannot read"), "{text:?}");
        std::fs::remove_dir_all(d).unwrap();
    }
}
