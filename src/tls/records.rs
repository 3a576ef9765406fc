//! The TLS record layer after the handshake, in user space, for the
//! connections the kernel does not take (no kTLS, a cipher it lacks). It
//! mirrors what kTLS does with the same secrets: rustls runs the handshake,
//! hands over the traffic secrets (`dangerous_into_kernel_connection`), and
//! from then on records are sealed straight into the connection's output
//! buffer and opened in place in its input buffer. rustls's own record
//! layer allocates a buffer per sealed record and copies each record twice;
//! this one allocates nothing and encrypts the plaintext straight from
//! where it lies into the output, without copying it first.
//!
//! Sans-I/O: bytes in, bytes out. What it owns: nonces and sequence
//! numbers (RFC 8446 5.3; RFC 5288 3 and RFC 7905 2 for TLS 1.2), record
//! framing and its limits (RFC 8446 5.1, 5.2, 5.4), alerts (close_notify
//! ends the input; any other is fatal), and TLS 1.3 KeyUpdate (4.6.3) both
//! ways: the client's is followed, answered when it asks, and our own keys
//! are updated before the cipher's confidentiality limit.

use crate::buffer::ByteBuf;
use aws_lc_rs::aead::{self, Aad, LessSafeKey, Nonce, UnboundKey};
use rustls::kernel::KernelConnection;
use rustls::server::ServerConnectionData;
use rustls::{ConnectionTrafficSecrets, ExtractedSecrets, ProtocolVersion};
use zeroize::Zeroize;

/// Largest plaintext of one record (RFC 8446 5.1).
pub const MAX_FRAGMENT: usize = 1 << 14;
const HEADER: usize = 5;
const TAG: usize = 16;
/// TLS 1.2 AES-GCM records carry the nonce's last 8 bytes (RFC 5288 3).
const EXPLICIT_NONCE: usize = 8;

mod content {
    pub const CHANGE_CIPHER_SPEC: u8 = 20;
    pub const ALERT: u8 = 21;
    pub const HANDSHAKE: u8 = 22;
    pub const APPLICATION_DATA: u8 = 23;
}

const KEY_UPDATE: u8 = 24;
/// Records short of the confidentiality limit at which keys change.
const MARGIN: u64 = 1024;
const CLOSE_NOTIFY: u8 = 0;

/// Why the record layer cannot go on: the connection must end.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("a record failed to decrypt (bad_record_mac)")]
    BadRecordMac,
    #[error("record too large ({0} bytes)")]
    Overflow(usize),
    #[error("unexpected {0} after the handshake")]
    Unexpected(&'static str),
    #[error("alert received: level {level}, description {description}")]
    Alert { level: u8, description: u8 },
    #[error("malformed {0}")]
    Malformed(&'static str),
    #[error("TLS 1.2 keys used up: the connection must end")]
    KeysExhausted,
    #[error("updating traffic keys: {0}")]
    KeyUpdate(#[source] rustls::Error),
    #[error("unusable traffic secrets: {0}")]
    Secrets(&'static str),
}

/// One direction's key, nonce base and record count.
struct Keys {
    key: LessSafeKey,
    iv: [u8; aead::NONCE_LEN],
    seq: u64,
}

impl Keys {
    fn new(seq: u64, secrets: &ConnectionTrafficSecrets) -> Result<Keys, RecordError> {
        let (algorithm, key, iv) = match secrets {
            ConnectionTrafficSecrets::Aes128Gcm { key, iv } => (&aead::AES_128_GCM, key, iv),
            ConnectionTrafficSecrets::Aes256Gcm { key, iv } => (&aead::AES_256_GCM, key, iv),
            ConnectionTrafficSecrets::Chacha20Poly1305 { key, iv } => {
                (&aead::CHACHA20_POLY1305, key, iv)
            }
            _ => return Err(RecordError::Secrets("a cipher this layer does not know")),
        };
        let key = UnboundKey::new(algorithm, key.as_ref())
            .map_err(|_| RecordError::Secrets("key length"))?;
        let iv = iv
            .as_ref()
            .try_into()
            .map_err(|_| RecordError::Secrets("IV length"))?;
        Ok(Keys {
            key: LessSafeKey::new(key),
            iv,
            seq,
        })
    }

    /// The next record's nonce: the IV with the sequence number XORed into
    /// its last 8 bytes (RFC 8446 5.3; rustls and the kernel build TLS 1.2
    /// AES-GCM's the same way, sending its last 8 bytes explicitly).
    fn next_nonce(&mut self) -> Result<[u8; aead::NONCE_LEN], RecordError> {
        let mut nonce = self.iv;
        for (n, s) in nonce[4..].iter_mut().zip(self.seq.to_be_bytes()) {
            *n ^= s;
        }
        // Never reached (2^64 records); wrapping would reuse a nonce.
        self.seq = self.seq.checked_add(1).ok_or(RecordError::KeysExhausted)?;
        Ok(nonce)
    }
}

impl Drop for Keys {
    fn drop(&mut self) {
        // The key is wiped by aws-lc as it is freed; the IV is ours.
        self.iv.zeroize();
    }
}

/// The TLS 1.2 additional data: sequence number, type, version, length
/// of the plaintext (RFC 5246 6.2.3.3).
fn tls12_aad(seq: u64, typ: u8, len: usize) -> [u8; 13] {
    let mut aad = [0u8; 13];
    aad[..8].copy_from_slice(&seq.to_be_bytes());
    aad[8] = typ;
    aad[9..11].copy_from_slice(&[3, 3]);
    aad[11..].copy_from_slice(&(len as u16).to_be_bytes());
    aad
}

fn record_header(typ: u8, len: usize) -> [u8; HEADER] {
    let len = (len as u16).to_be_bytes();
    [typ, 3, 3, len[0], len[1]]
}

/// What `open` did with the input.
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    /// Bytes of input taken (whole records); the rest is a partial record.
    pub consumed: usize,
    /// The peer's close_notify arrived: nothing follows it.
    pub closed: bool,
}

/// Where `open` puts application data: straight into the reader's buffer
/// while it has room and nothing waits before it (no copy through a
/// queue), the rest into `queue`, in order.
pub struct Plaintext<'a> {
    pub direct: &'a mut [u8],
    /// Bytes of `direct` filled.
    pub filled: usize,
    pub queue: &'a mut Vec<u8>,
}

impl Plaintext<'_> {
    fn put(&mut self, data: &[u8]) {
        let n = if self.queue.is_empty() {
            let n = data.len().min(self.direct.len() - self.filled);
            self.direct[self.filled..self.filled + n].copy_from_slice(&data[..n]);
            self.filled += n;
            n
        } else {
            0
        };
        self.queue.extend_from_slice(&data[n..]);
    }
}

pub struct RecordLayer {
    tls13: bool,
    /// TLS 1.2 AES-GCM: each record carries 8 bytes of its nonce.
    explicit_nonce: bool,
    tx: Keys,
    rx: Keys,
    /// Records sealed under one key before it must change (TLS 1.3: a
    /// KeyUpdate; TLS 1.2: the connection ends), with a margin.
    tx_limit: u64,
    /// The suite's confidentiality limit, in records (RFC 8446 5.5).
    limit: u64,
    /// Derives the next secrets for KeyUpdate (TLS 1.3).
    rekey: KernelConnection<ServerConnectionData>,
}

impl RecordLayer {
    /// Takes over from rustls with the secrets it extracted.
    pub fn new(
        secrets: ExtractedSecrets,
        rekey: KernelConnection<ServerConnectionData>,
    ) -> Result<RecordLayer, RecordError> {
        let limit = super::ktls::confidentiality_limit(rekey.negotiated_cipher_suite());
        let tls13 = rekey.protocol_version() == ProtocolVersion::TLSv1_3;
        let explicit_nonce = !tls13
            && !matches!(
                secrets.tx.1,
                ConnectionTrafficSecrets::Chacha20Poly1305 { .. }
            );
        Ok(RecordLayer {
            tls13,
            explicit_nonce,
            tx: Keys::new(secrets.tx.0, &secrets.tx.1)?,
            rx: Keys::new(secrets.rx.0, &secrets.rx.1)?,
            tx_limit: limit.saturating_sub(MARGIN),
            limit,
            rekey,
        })
    }

    /// Seals `plain` as application data into `out`, in records of at most
    /// `MAX_FRAGMENT` bytes.
    pub fn seal_data(&mut self, plain: &[u8], out: &mut ByteBuf) -> Result<(), RecordError> {
        for fragment in plain.chunks(MAX_FRAGMENT) {
            self.seal(content::APPLICATION_DATA, fragment, out)?;
        }
        Ok(())
    }

    /// Seals our close_notify alert into `out`.
    pub fn seal_close_notify(&mut self, out: &mut ByteBuf) -> Result<(), RecordError> {
        self.seal(content::ALERT, &[1, CLOSE_NOTIFY], out)
    }

    /// Seals one record of `typ` holding `fragment` (at most
    /// `MAX_FRAGMENT` bytes) into `out`, updating our keys first when they
    /// have sealed as many records as they safely may.
    fn seal(&mut self, typ: u8, fragment: &[u8], out: &mut ByteBuf) -> Result<(), RecordError> {
        if self.tx.seq >= self.tx_limit {
            if !self.tls13 {
                return Err(RecordError::KeysExhausted);
            }
            self.update_tx(false, out)?;
        }
        self.seal_record(typ, fragment, out)
    }

    /// Seals one record under the current keys, whatever their count.
    fn seal_record(
        &mut self,
        typ: u8,
        fragment: &[u8],
        out: &mut ByteBuf,
    ) -> Result<(), RecordError> {
        debug_assert!(fragment.len() <= MAX_FRAGMENT);
        let seq = self.tx.seq;
        let nonce = self.tx.next_nonce()?;
        // TLS 1.3 hides the type inside (5.2): the plaintext is followed by
        // it, and the record says application data.
        let (outer, inner_len, explicit) = if self.tls13 {
            (content::APPLICATION_DATA, fragment.len() + 1, 0)
        } else if self.explicit_nonce {
            (typ, fragment.len(), EXPLICIT_NONCE)
        } else {
            (typ, fragment.len(), 0)
        };
        let body_len = explicit + inner_len + TAG;
        let record = &mut out.spare(HEADER + body_len)[..HEADER + body_len];
        let header = record_header(outer, body_len);
        record[..HEADER].copy_from_slice(&header);
        record[HEADER..HEADER + explicit].copy_from_slice(&nonce[4..4 + explicit]);
        // Encrypted from `fragment` straight into the record: one pass over
        // the bytes where a copy and an in-place seal took two (a body of
        // 100 KB is read once, not twice). TLS 1.3's inner type byte is
        // the extra plaintext sealed ahead of the tag.
        let (ciphertext, type_and_tag) = record[HEADER + explicit..].split_at_mut(fragment.len());
        let inner_type = [typ];
        let tls12;
        let (extra, aad): (&[u8], &[u8]) = if self.tls13 {
            (&inner_type, &header)
        } else {
            tls12 = tls12_aad(seq, typ, inner_len);
            (&[], &tls12)
        };
        self.tx
            .key
            .seal_out_of_place_scatter(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(aad),
                fragment,
                ciphertext,
                extra,
                type_and_tag,
            )
            .map_err(|_| RecordError::Secrets("sealing failed"))?;
        out.commit(HEADER + body_len);
        Ok(())
    }

    /// Sends our KeyUpdate (under the current keys), then switches to the
    /// next ones (RFC 8446 4.6.3). `request`: ask the client to update too.
    fn update_tx(&mut self, request: bool, out: &mut ByteBuf) -> Result<(), RecordError> {
        // The last record under the old keys, past the limit check.
        let message = [KEY_UPDATE, 0, 0, 1, u8::from(request)];
        self.seal_record(content::HANDSHAKE, &message, out)?;
        let (seq, secrets) = self
            .rekey
            .update_tx_secret()
            .map_err(RecordError::KeyUpdate)?;
        self.tx = Keys::new(seq, &secrets)?;
        self.tx_limit = self.limit.saturating_sub(MARGIN);
        Ok(())
    }

    /// Opens every whole record at the start of `input` (in place):
    /// application data goes to `plain`; a KeyUpdate that asks for ours
    /// writes it to `out`. Stops after close_notify.
    pub fn open(
        &mut self,
        input: &mut [u8],
        plain: &mut Plaintext<'_>,
        out: &mut ByteBuf,
    ) -> Result<Opened, RecordError> {
        let mut pos = 0;
        while input.len() - pos >= HEADER {
            let header: [u8; HEADER] = input[pos..pos + HEADER].try_into().expect("5 bytes");
            let len = usize::from(u16::from_be_bytes([header[3], header[4]]));
            // RFC 8446 5.2: 2^14 + 256; RFC 5246 6.2.3: 2^14 + 2048.
            let max = if self.tls13 { 256 } else { 2048 };
            if len > MAX_FRAGMENT + max {
                return Err(RecordError::Overflow(len));
            }
            if input.len() - pos < HEADER + len {
                break;
            }
            let body = &mut input[pos + HEADER..pos + HEADER + len];
            pos += HEADER + len;
            if self.open_one(header, body, plain, out)? {
                return Ok(Opened {
                    consumed: pos,
                    closed: true,
                });
            }
        }
        Ok(Opened {
            consumed: pos,
            closed: false,
        })
    }

    /// Opens one record; true at close_notify.
    fn open_one(
        &mut self,
        header: [u8; HEADER],
        body: &mut [u8],
        plain: &mut Plaintext<'_>,
        out: &mut ByteBuf,
    ) -> Result<bool, RecordError> {
        let outer = header[0];
        if header[1] != 3 {
            return Err(RecordError::Malformed("record version"));
        }
        let seq = self.rx.seq;
        let mut nonce = self.rx.next_nonce()?;
        let (typ, fragment) = if self.tls13 {
            if outer != content::APPLICATION_DATA {
                return Err(RecordError::Unexpected("unprotected record"));
            }
            let opened = self
                .rx
                .key
                .open_in_place(Nonce::assume_unique_for_key(nonce), Aad::from(header), body)
                .map_err(|_| RecordError::BadRecordMac)?;
            // The content type is the last byte that is not padding.
            let Some(end) = opened.iter().rposition(|&b| b != 0) else {
                return Err(RecordError::Malformed("record without a content type"));
            };
            (opened[end], &opened[..end])
        } else {
            let explicit = if self.explicit_nonce {
                EXPLICIT_NONCE
            } else {
                0
            };
            if body.len() < explicit + TAG {
                return Err(RecordError::BadRecordMac);
            }
            let (nonce_part, sealed) = body.split_at_mut(explicit);
            nonce[4..4 + explicit].copy_from_slice(nonce_part);
            let aad = tls12_aad(seq, outer, sealed.len() - TAG);
            let opened = self
                .rx
                .key
                .open_in_place(Nonce::assume_unique_for_key(nonce), Aad::from(aad), sealed)
                .map_err(|_| RecordError::BadRecordMac)?;
            (outer, &*opened)
        };
        if fragment.len() > MAX_FRAGMENT {
            return Err(RecordError::Overflow(fragment.len()));
        }
        match typ {
            content::APPLICATION_DATA => {
                plain.put(fragment);
                Ok(false)
            }
            content::ALERT => match fragment {
                [_, CLOSE_NOTIFY] => Ok(true),
                // user_canceled is a warning; close_notify follows it.
                [1, 90] => Ok(false),
                [level, description] => Err(RecordError::Alert {
                    level: *level,
                    description: *description,
                }),
                _ => Err(RecordError::Malformed("alert")),
            },
            content::HANDSHAKE if self.tls13 => {
                self.handshake_messages(fragment, out)?;
                Ok(false)
            }
            // TLS 1.2 renegotiation is not offered (rustls refuses it too).
            content::HANDSHAKE => Err(RecordError::Unexpected("renegotiation")),
            content::CHANGE_CIPHER_SPEC => Err(RecordError::Unexpected("change_cipher_spec")),
            _ => Err(RecordError::Unexpected("record type")),
        }
    }

    /// Post-handshake messages from a TLS 1.3 client: KeyUpdate is the only
    /// one it may send us (no post-handshake authentication is asked for).
    /// Each must be whole in its record, as every client sends them.
    fn handshake_messages(
        &mut self,
        mut messages: &[u8],
        out: &mut ByteBuf,
    ) -> Result<(), RecordError> {
        if messages.is_empty() {
            return Err(RecordError::Malformed("empty handshake record"));
        }
        while !messages.is_empty() {
            let [typ, a, b, c, ..] = *messages else {
                return Err(RecordError::Malformed(
                    "handshake message split across records",
                ));
            };
            let len = usize::from(a) << 16 | usize::from(b) << 8 | usize::from(c);
            let Some(body) = messages.get(4..4 + len) else {
                return Err(RecordError::Malformed(
                    "handshake message split across records",
                ));
            };
            match (typ, body) {
                (KEY_UPDATE, [request @ (0 | 1)]) => {
                    let (seq, secrets) = self
                        .rekey
                        .update_rx_secret()
                        .map_err(RecordError::KeyUpdate)?;
                    self.rx = Keys::new(seq, &secrets)?;
                    // update_requested: answer with ours (not requesting),
                    // sent before anything else we seal.
                    if *request == 1 {
                        self.update_tx(false, out)?;
                    }
                    // Messages must not span a key change (5.1).
                    if messages.len() > 4 + len {
                        return Err(RecordError::Unexpected(
                            "data after KeyUpdate in its record",
                        ));
                    }
                }
                (KEY_UPDATE, _) => return Err(RecordError::Malformed("KeyUpdate")),
                _ => return Err(RecordError::Unexpected("handshake message")),
            }
            messages = &messages[4 + len..];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! Our record layer against rustls's own, in memory: a rustls client
    //! handshakes with rustls's server, whose records ours then takes over.
    use super::*;
    use rustls::crypto::aws_lc_rs::{cipher_suite as cs, default_provider};
    use rustls::pki_types::PrivateKeyDer;
    use rustls::server::UnbufferedServerConnection;
    use rustls::unbuffered::{ConnectionState, UnbufferedStatus};
    use rustls::{
        ClientConfig, ClientConnection, RootCertStore, ServerConfig, SupportedCipherSuite,
    };
    use std::io::{Read, Write};
    use std::sync::Arc;

    const SUITES: [SupportedCipherSuite; 6] = [
        cs::TLS13_AES_128_GCM_SHA256,
        cs::TLS13_AES_256_GCM_SHA384,
        cs::TLS13_CHACHA20_POLY1305_SHA256,
        cs::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
        cs::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
        cs::TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    ];

    /// A finished handshake with `suite`: the rustls client, and our record
    /// layer on the server side.
    fn connected(suite: SupportedCipherSuite) -> (ClientConnection, RecordLayer) {
        let provider = || {
            Arc::new(rustls::crypto::CryptoProvider {
                cipher_suites: vec![suite],
                ..default_provider()
            })
        };
        let pki = crate::tls::test_pki::Localhost::new();
        let mut server_config = ServerConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(
                vec![pki.leaf.der().clone()],
                PrivateKeyDer::try_from(pki.key.serialize_der()).unwrap(),
            )
            .unwrap();
        server_config.enable_secret_extraction = true;
        let mut roots = RootCertStore::empty();
        roots.add(pki.ca.der().clone()).unwrap();
        let client_config = ClientConfig::builder_with_provider(provider())
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth();
        let mut client =
            ClientConnection::new(Arc::new(client_config), "localhost".try_into().unwrap())
                .unwrap();
        client.set_buffer_limit(None);
        let mut server = UnbufferedServerConnection::new(Arc::new(server_config)).unwrap();
        let (mut to_server, mut to_client) = (Vec::new(), Vec::new());
        let mut server_done = false;
        for _ in 0..20 {
            while client.wants_write() {
                client.write_tls(&mut to_server).unwrap();
            }
            loop {
                let UnbufferedStatus { discard, state } =
                    server.process_tls_records(&mut to_server);
                let mut blocked = false;
                match state.unwrap() {
                    ConnectionState::EncodeTlsData(mut e) => {
                        let mut buf = vec![0u8; 1 << 16];
                        let n = e.encode(&mut buf).unwrap();
                        to_client.extend_from_slice(&buf[..n]);
                    }
                    ConnectionState::TransmitTlsData(t) => t.done(),
                    ConnectionState::BlockedHandshake => blocked = true,
                    ConnectionState::WriteTraffic(_) => {
                        server_done = true;
                        blocked = true;
                    }
                    other => panic!("server state {other:?}"),
                }
                to_server.drain(..discard);
                if blocked {
                    break;
                }
            }
            client.read_tls(&mut &to_client[..]).unwrap();
            to_client.clear();
            client.process_new_packets().unwrap();
            if server_done && !client.is_handshaking() && !client.wants_write() {
                break;
            }
        }
        assert!(server_done && !client.is_handshaking());
        assert!(to_server.is_empty(), "nothing past the handshake");
        let (secrets, rekey) = server.dangerous_into_kernel_connection().unwrap();
        (client, RecordLayer::new(secrets, rekey).unwrap())
    }

    /// What the client reads from `records`, all of it.
    fn client_reads(client: &mut ClientConnection, records: &[u8]) -> Vec<u8> {
        let mut records = records;
        let mut plain = Vec::new();
        while !records.is_empty() {
            client.read_tls(&mut records).unwrap();
            client.process_new_packets().unwrap();
            let mut chunk = Vec::new();
            let _ = client.reader().read_to_end(&mut chunk);
            plain.extend_from_slice(&chunk);
        }
        plain
    }

    /// The records of what the client writes.
    fn client_writes(client: &mut ClientConnection, plain: &[u8]) -> Vec<u8> {
        client.writer().write_all(plain).unwrap();
        let mut records = Vec::new();
        while client.wants_write() {
            client.write_tls(&mut records).unwrap();
        }
        records
    }

    /// Opens `records` fed `step` bytes at a time, as a socket might
    /// deliver them: (plaintext, our output, closed).
    fn open_in_steps(
        layer: &mut RecordLayer,
        records: &[u8],
        step: usize,
    ) -> (Vec<u8>, Vec<u8>, bool) {
        let (mut input, mut plain, mut out) = (Vec::new(), Vec::new(), ByteBuf::new());
        // As a reader takes it: a buffer of its own first (odd-sized, so
        // records split across it), what it has no room for queued.
        let mut direct = [0u8; 1000];
        for piece in records.chunks(step) {
            input.extend_from_slice(piece);
            let mut queue = Vec::new();
            let mut sink = Plaintext {
                direct: &mut direct,
                filled: 0,
                queue: &mut queue,
            };
            let opened = layer.open(&mut input, &mut sink, &mut out).unwrap();
            let filled = sink.filled;
            plain.extend_from_slice(&direct[..filled]);
            plain.extend_from_slice(&queue);
            input.drain(..opened.consumed);
            if opened.closed {
                return (plain, out.as_slice().to_vec(), true);
            }
        }
        assert!(input.is_empty(), "a partial record left over");
        (plain, out.as_slice().to_vec(), false)
    }

    fn payload(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 + i / 251) as u8).collect()
    }

    #[test]
    fn every_suite_speaks_with_rustls_both_ways_byte_exact() {
        for suite in SUITES {
            let (mut client, mut layer) = connected(suite);
            for len in [1, 100, MAX_FRAGMENT, MAX_FRAGMENT + 1, 100_000] {
                let sent = payload(len);
                let mut out = ByteBuf::new();
                layer.seal_data(&sent, &mut out).unwrap();
                assert_eq!(
                    client_reads(&mut client, out.as_slice()),
                    sent,
                    "{suite:?} {len}"
                );

                // Whole, and as a socket might split it.
                for step in [usize::MAX, 4096, 7] {
                    let records = client_writes(&mut client, &sent);
                    let (plain, out, closed) = open_in_steps(&mut layer, &records, step);
                    assert_eq!(plain, sent, "{suite:?} {len} {step}");
                    assert!(out.is_empty() && !closed);
                }
            }
        }
    }

    #[test]
    fn a_changed_byte_or_an_oversized_record_is_refused() {
        for suite in SUITES {
            let (mut client, mut layer) = connected(suite);
            let mut records = client_writes(&mut client, b"GET / HTTP/1.1\r\n\r\n");
            let last = records.len() - 1;
            records[last] ^= 1;
            let (mut direct, mut queue, mut out) = ([0u8; 64], Vec::new(), ByteBuf::new());
            let mut plain = Plaintext {
                direct: &mut direct,
                filled: 0,
                queue: &mut queue,
            };
            assert!(matches!(
                layer.open(&mut records, &mut plain, &mut out),
                Err(RecordError::BadRecordMac)
            ));
            assert!(plain.filled == 0 && plain.queue.is_empty());
            let mut huge = vec![23, 3, 3, 0x48, 0x01];
            huge.resize(5 + 0x4801, 0);
            assert!(matches!(
                layer.open(&mut huge, &mut plain, &mut out),
                Err(RecordError::Overflow(_))
            ));
        }
    }

    #[test]
    fn close_notify_ends_the_input_both_ways() {
        for suite in SUITES {
            let (mut client, mut layer) = connected(suite);
            let mut records = client_writes(&mut client, b"last words");
            client.send_close_notify();
            while client.wants_write() {
                client.write_tls(&mut records).unwrap();
            }
            let (plain, _, closed) = open_in_steps(&mut layer, &records, records.len());
            assert_eq!((plain, closed), (b"last words".to_vec(), true));

            let mut out = ByteBuf::new();
            layer.seal_close_notify(&mut out).unwrap();
            client.read_tls(&mut out.as_slice()).unwrap();
            let state = client.process_new_packets().unwrap();
            assert!(state.peer_has_closed(), "{suite:?}");
        }
    }

    #[test]
    fn tls13_key_updates_are_followed_answered_and_made_before_the_limit() {
        for suite in &SUITES[..3] {
            let (mut client, mut layer) = connected(*suite);
            // The client updates its keys and asks for ours (rustls always
            // asks): we follow, and answer before our next record.
            client.refresh_traffic_keys().unwrap();
            let records = client_writes(&mut client, b"after the update");
            let (plain, answer, _) = open_in_steps(&mut layer, &records, 3);
            assert_eq!(plain, b"after the update");
            assert!(!answer.is_empty(), "our KeyUpdate");
            let mut out = ByteBuf::new();
            out.extend_from_slice(&answer);
            layer.seal_data(b"under our new keys", &mut out).unwrap();
            assert_eq!(
                client_reads(&mut client, out.as_slice()),
                b"under our new keys"
            );

            // Near the confidentiality limit our keys change on their own.
            layer.tx_limit = layer.tx.seq + 2;
            let sent = payload(5 * MAX_FRAGMENT);
            let mut out = ByteBuf::new();
            layer.seal_data(&sent, &mut out).unwrap();
            assert_eq!(
                layer.tx.seq, 3,
                "{suite:?}: a KeyUpdate after two records, three since"
            );
            assert_eq!(client_reads(&mut client, out.as_slice()), sent);
        }
    }

    #[test]
    fn tls12_keys_used_up_end_the_connection() {
        let (_, mut layer) = connected(SUITES[3]);
        layer.tx_limit = layer.tx.seq + 1;
        let mut out = ByteBuf::new();
        layer.seal_data(b"one", &mut out).unwrap();
        assert!(matches!(
            layer.seal_data(b"two", &mut out),
            Err(RecordError::KeysExhausted)
        ));
    }
}
