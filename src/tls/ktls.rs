//! Kernel TLS (kTLS): the only place tlsaccel talks to the kernel's TLS
//! layer. It attaches the "tls" upper-layer protocol to a TCP socket,
//! installs traffic keys for sending (`TLS_TX`) and receiving (`TLS_RX`),
//! probes at start-up which versions and ciphers this kernel can take,
//! and reads and writes the control messages that carry record types
//! (alerts, handshake messages) once the kernel owns the record layer.
//!
//! ABI: linux/tls.h. Key material is wiped from these structures on drop
//! (`zeroize`, through the owner's `&mut`). Every call takes a `BorrowedFd`,
//! so a descriptor cannot be closed while the kernel uses it.

use crate::net::sockopt::setsockopt;
use rustls::{ConnectionTrafficSecrets, ProtocolVersion, SupportedCipherSuite};
use std::io;
use std::mem::size_of;
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use zeroize::Zeroize;

const SOL_TLS: libc::c_int = 282;
const TCP_ULP: libc::c_int = 31;
const TLS_TX: libc::c_int = 1;
const TLS_RX: libc::c_int = 2;
const TLS_TX_ZEROCOPY_RO: libc::c_int = 3;
const TLS_SET_RECORD_TYPE: libc::c_int = 1;
const TLS_GET_RECORD_TYPE: libc::c_int = 2;

const TLS_1_2_VERSION: u16 = 0x0303;
const TLS_1_3_VERSION: u16 = 0x0304;
const TLS_CIPHER_AES_GCM_128: u16 = 51;
const TLS_CIPHER_AES_GCM_256: u16 = 52;
const TLS_CIPHER_CHACHA20_POLY1305: u16 = 54;

/// TLS record content types.
pub const RECORD_ALERT: u8 = 21;
pub const RECORD_HANDSHAKE: u8 = 22;
pub const RECORD_APPLICATION_DATA: u8 = 23;
/// Handshake message type of a TLS 1.3 KeyUpdate.
pub const HANDSHAKE_KEY_UPDATE: u8 = 24;

#[repr(C)]
#[derive(Clone, Copy)]
struct InfoHeader {
    version: u16,
    cipher_type: u16,
}

#[repr(C)]
pub struct AesGcm128 {
    info: InfoHeader,
    iv: [u8; 8],
    key: [u8; 16],
    salt: [u8; 4],
    rec_seq: [u8; 8],
}

#[repr(C)]
pub struct AesGcm256 {
    info: InfoHeader,
    iv: [u8; 8],
    key: [u8; 32],
    salt: [u8; 4],
    rec_seq: [u8; 8],
}

#[repr(C)]
pub struct Chacha20Poly1305 {
    info: InfoHeader,
    iv: [u8; 12],
    key: [u8; 32],
    rec_seq: [u8; 8],
}

/// The `tls12_crypto_info_*` structure for one direction.
pub enum CryptoInfo {
    AesGcm128(AesGcm128),
    AesGcm256(AesGcm256),
    Chacha20Poly1305(Chacha20Poly1305),
}

/// The ciphers the kernel knows, as far as tlsaccel uses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KernelCipher {
    AesGcm128,
    AesGcm256,
    Chacha20Poly1305,
}

impl KernelCipher {
    pub const ALL: [KernelCipher; 3] = [
        KernelCipher::AesGcm128,
        KernelCipher::AesGcm256,
        KernelCipher::Chacha20Poly1305,
    ];

    pub fn of(suite: SupportedCipherSuite) -> Option<KernelCipher> {
        let name = suite.suite().as_str()?;
        if name.contains("AES_128_GCM") {
            Some(KernelCipher::AesGcm128)
        } else if name.contains("AES_256_GCM") {
            Some(KernelCipher::AesGcm256)
        } else if name.contains("CHACHA20_POLY1305") {
            Some(KernelCipher::Chacha20Poly1305)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            KernelCipher::AesGcm128 => "AES-128-GCM",
            KernelCipher::AesGcm256 => "AES-256-GCM",
            KernelCipher::Chacha20Poly1305 => "CHACHA20-POLY1305",
        }
    }
}

fn copy<const N: usize>(src: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(src);
    out
}

impl CryptoInfo {
    /// Builds the kernel's structure from rustls's secrets. rustls gives
    /// AES-GCM IVs as salt (4 bytes) followed by the nonce part (8 bytes),
    /// for TLS 1.2 and 1.3 alike; ChaCha20 takes the whole 12-byte IV.
    pub fn new(
        version: ProtocolVersion,
        seq: u64,
        secrets: &ConnectionTrafficSecrets,
    ) -> io::Result<CryptoInfo> {
        let (cipher, key, iv) = match secrets {
            ConnectionTrafficSecrets::Aes128Gcm { key, iv } => (KernelCipher::AesGcm128, key, iv),
            ConnectionTrafficSecrets::Aes256Gcm { key, iv } => (KernelCipher::AesGcm256, key, iv),
            ConnectionTrafficSecrets::Chacha20Poly1305 { key, iv } => {
                (KernelCipher::Chacha20Poly1305, key, iv)
            }
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "cipher not supported by kTLS",
                ))
            }
        };
        Self::from_parts(version, cipher, key.as_ref(), iv.as_ref(), seq)
    }

    fn from_parts(
        version: ProtocolVersion,
        cipher: KernelCipher,
        key: &[u8],
        iv: &[u8],
        seq: u64,
    ) -> io::Result<CryptoInfo> {
        let version = match version {
            ProtocolVersion::TLSv1_2 => TLS_1_2_VERSION,
            ProtocolVersion::TLSv1_3 => TLS_1_3_VERSION,
            other => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    format!("kTLS cannot do {other:?}"),
                ))
            }
        };
        let key_len = if cipher == KernelCipher::AesGcm128 {
            16
        } else {
            32
        };
        if key.len() != key_len || iv.len() != 12 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "unexpected key or IV length",
            ));
        }
        let rec_seq = seq.to_be_bytes();
        Ok(match cipher {
            KernelCipher::AesGcm128 => CryptoInfo::AesGcm128(AesGcm128 {
                info: InfoHeader {
                    version,
                    cipher_type: TLS_CIPHER_AES_GCM_128,
                },
                iv: copy(&iv[4..12]),
                key: copy(key),
                salt: copy(&iv[..4]),
                rec_seq,
            }),
            KernelCipher::AesGcm256 => CryptoInfo::AesGcm256(AesGcm256 {
                info: InfoHeader {
                    version,
                    cipher_type: TLS_CIPHER_AES_GCM_256,
                },
                iv: copy(&iv[4..12]),
                key: copy(key),
                salt: copy(&iv[..4]),
                rec_seq,
            }),
            KernelCipher::Chacha20Poly1305 => CryptoInfo::Chacha20Poly1305(Chacha20Poly1305 {
                info: InfoHeader {
                    version,
                    cipher_type: TLS_CIPHER_CHACHA20_POLY1305,
                },
                iv: copy(iv),
                key: copy(key),
                rec_seq,
            }),
        })
    }

    /// Placeholder keys for probing what the kernel accepts.
    fn dummy(version: ProtocolVersion, cipher: KernelCipher) -> CryptoInfo {
        let key_len = if cipher == KernelCipher::AesGcm128 {
            16
        } else {
            32
        };
        Self::from_parts(version, cipher, &[0u8; 32][..key_len], &[0u8; 12], 0)
            .expect("valid dummy parts")
    }
}

impl Drop for CryptoInfo {
    fn drop(&mut self) {
        match self {
            CryptoInfo::AesGcm128(i) => {
                i.key.zeroize();
                i.iv.zeroize();
                i.salt.zeroize();
            }
            CryptoInfo::AesGcm256(i) => {
                i.key.zeroize();
                i.iv.zeroize();
                i.salt.zeroize();
            }
            CryptoInfo::Chacha20Poly1305(i) => {
                i.key.zeroize();
                i.iv.zeroize();
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Tx,
    Rx,
}

/// Attaches the kernel's "tls" upper-layer protocol. ENOENT: the tls module
/// is not loaded (or not built).
pub fn attach_ulp(fd: BorrowedFd<'_>) -> io::Result<()> {
    setsockopt(fd, libc::SOL_TCP, TCP_ULP, b"tls")
}

/// Hands one direction's keys and sequence number to the kernel.
pub fn install(fd: BorrowedFd<'_>, direction: Direction, info: &CryptoInfo) -> io::Result<()> {
    let name = match direction {
        Direction::Tx => TLS_TX,
        Direction::Rx => TLS_RX,
    };
    match info {
        CryptoInfo::AesGcm128(i) => setsockopt(fd, SOL_TLS, name, i),
        CryptoInfo::AesGcm256(i) => setsockopt(fd, SOL_TLS, name, i),
        CryptoInfo::Chacha20Poly1305(i) => setsockopt(fd, SOL_TLS, name, i),
    }
}

/// Lets sendfile() encrypt straight from the page cache (Linux 5.19+). The
/// file must not change while it is being sent.
pub fn enable_tx_zerocopy(fd: BorrowedFd<'_>) -> io::Result<()> {
    let one: libc::c_int = 1;
    setsockopt(fd, SOL_TLS, TLS_TX_ZEROCOPY_RO, &one)
}

/// One `recvmsg()` on a kTLS socket: the bytes, and the type of the record
/// they came from (the kernel never mixes record types in one call).
pub fn recv_record(fd: BorrowedFd<'_>, buf: &mut [u8]) -> io::Result<(usize, u8)> {
    let mut control = [0u64; 8];
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    // SAFETY: msghdr is plain data, for which all zeroes is a valid value.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = size_of::<[u64; 8]>() as _;
    // SAFETY: fd is open for the borrow; msg points at `iov` (which spans
    // `buf`, exclusively borrowed) and at `control`, all alive until return.
    let n = unsafe { libc::recvmsg(fd.as_raw_fd(), &mut msg, 0) };
    if n < 0 {
        return Err(io::Error::last_os_error());
    }
    let mut record_type = RECORD_APPLICATION_DATA;
    // SAFETY: the CMSG_* helpers walk the control buffer the kernel filled,
    // bounded by the msg_controllen it set; CMSG_DATA of a TLS record-type
    // message points at its one data byte, inside `control`.
    unsafe {
        let mut cmsg = libc::CMSG_FIRSTHDR(&msg);
        while !cmsg.is_null() {
            if (*cmsg).cmsg_level == SOL_TLS && (*cmsg).cmsg_type == TLS_GET_RECORD_TYPE {
                record_type = *libc::CMSG_DATA(cmsg);
            }
            cmsg = libc::CMSG_NXTHDR(&msg, cmsg);
        }
    }
    Ok((n as usize, record_type))
}

/// Sends one record of the given type (for alerts) through the kernel.
pub fn send_record(fd: BorrowedFd<'_>, record_type: u8, payload: &[u8]) -> io::Result<usize> {
    let mut control = [0u64; 4];
    let mut iov = libc::iovec {
        iov_base: payload.as_ptr() as *mut _,
        iov_len: payload.len(),
    };
    // SAFETY: msghdr is plain data, for which all zeroes is a valid value.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    // SAFETY: CMSG_SPACE is arithmetic on its argument.
    msg.msg_controllen = unsafe { libc::CMSG_SPACE(1) } as _;
    // SAFETY: `control` (32 bytes, 8-aligned) holds one cmsg header and a
    // 1-byte payload (CMSG_SPACE(1) <= 32), so CMSG_FIRSTHDR is non-null and
    // every write stays inside it; sendmsg only reads `payload` (the iovec
    // is never written through) and `control`, both alive until return.
    let n = unsafe {
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        (*cmsg).cmsg_level = SOL_TLS;
        (*cmsg).cmsg_type = TLS_SET_RECORD_TYPE;
        (*cmsg).cmsg_len = libc::CMSG_LEN(1) as _;
        *libc::CMSG_DATA(cmsg) = record_type;
        libc::sendmsg(fd.as_raw_fd(), &msg, libc::MSG_NOSIGNAL)
    };
    if n < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(n as usize)
    }
}

/// What the kernel can offload, found at start-up on loopback sockets.
#[derive(Debug, Clone)]
pub struct KernelSupport {
    /// Why the tls ULP cannot be attached at all, if it cannot.
    pub ulp_error: Option<std::sync::Arc<io::Error>>,
    /// (version, cipher, tx ok, rx ok)
    pub combos: Vec<(ProtocolVersion, KernelCipher, bool, bool)>,
    pub tx_zerocopy: bool,
}

impl KernelSupport {
    /// Both directions offloadable for this version and cipher?
    pub fn full(&self, version: ProtocolVersion, cipher: KernelCipher) -> bool {
        self.combos
            .iter()
            .any(|&(v, c, tx, rx)| v == version && c == cipher && tx && rx)
    }

    pub fn anything(&self) -> bool {
        self.combos.iter().any(|&(_, _, tx, rx)| tx && rx)
    }

    /// Why offload is impossible, with the fix, for the start-up line.
    pub fn why_not(&self) -> String {
        match &self.ulp_error {
            Some(e) if e.raw_os_error() == Some(libc::ENOENT) => {
                "the kernel's tls module is not loaded (run `modprobe tls`; kernels built without CONFIG_TLS cannot offload)".into()
            }
            Some(e) => format!("the tls upper-layer protocol cannot be attached: {e}"),
            None => "the kernel accepted the tls protocol but no cipher (are the gcm/chacha20poly1305 crypto modules available?)".into(),
        }
    }
}

fn loopback_pair() -> io::Result<(std::net::TcpStream, std::net::TcpStream)> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let client = std::net::TcpStream::connect(listener.local_addr()?)?;
    let (server, _) = listener.accept()?;
    Ok((client, server))
}

/// Tries every version and cipher, TX and RX, on fresh loopback sockets.
pub fn probe() -> KernelSupport {
    let mut support = KernelSupport {
        ulp_error: None,
        combos: Vec::new(),
        tx_zerocopy: false,
    };
    for version in [ProtocolVersion::TLSv1_2, ProtocolVersion::TLSv1_3] {
        for cipher in KernelCipher::ALL {
            let (tx, rx, zc) = match probe_one(version, cipher) {
                Ok(r) => r,
                Err(e) => {
                    support.ulp_error.get_or_insert(std::sync::Arc::new(e));
                    (false, false, false)
                }
            };
            support.tx_zerocopy |= zc;
            support.combos.push((version, cipher, tx, rx));
        }
    }
    if support.anything() {
        support.ulp_error = None;
    }
    support
}

/// Err only when the ULP itself cannot be attached.
fn probe_one(version: ProtocolVersion, cipher: KernelCipher) -> io::Result<(bool, bool, bool)> {
    let (_client, server) = loopback_pair()?;
    let fd = server.as_fd();
    attach_ulp(fd)?;
    let info = CryptoInfo::dummy(version, cipher);
    let tx = install(fd, Direction::Tx, &info).is_ok();
    let rx = install(fd, Direction::Rx, &info).is_ok();
    let zc = tx && enable_tx_zerocopy(fd).is_ok();
    Ok((tx, rx, zc))
}

/// The number of records a suite may protect under one key before its
/// confidentiality limit (RFC 8446 5.5; rustls's figures).
pub fn confidentiality_limit(suite: SupportedCipherSuite) -> u64 {
    match suite {
        SupportedCipherSuite::Tls12(s) => s.common.confidentiality_limit,
        SupportedCipherSuite::Tls13(s) => s.common.confidentiality_limit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::crypto::cipher::{AeadKey, Iv};

    #[test]
    fn layouts_match_linux_tls_h() {
        assert_eq!(size_of::<AesGcm128>(), 40);
        assert_eq!(size_of::<AesGcm256>(), 56);
        assert_eq!(size_of::<Chacha20Poly1305>(), 56);
    }

    #[test]
    fn secrets_are_split_as_the_kernel_wants() {
        let iv = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        let info = CryptoInfo::from_parts(
            ProtocolVersion::TLSv1_3,
            KernelCipher::AesGcm128,
            &[7u8; 16],
            &iv,
            0x0102,
        )
        .unwrap();
        let CryptoInfo::AesGcm128(i) = &info else {
            panic!()
        };
        assert_eq!((i.info.version, i.info.cipher_type), (0x0304, 51));
        assert_eq!(i.salt, [1, 2, 3, 4]);
        assert_eq!(i.iv, [5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(i.key, [7; 16]);
        assert_eq!(i.rec_seq, [0, 0, 0, 0, 0, 0, 1, 2]);

        let secrets = ConnectionTrafficSecrets::Aes256Gcm {
            key: AeadKey::from([4u8; 32]),
            iv: Iv::new(iv),
        };
        let info = CryptoInfo::new(ProtocolVersion::TLSv1_2, 9, &secrets).unwrap();
        let CryptoInfo::AesGcm256(a) = &info else {
            panic!()
        };
        assert_eq!((a.info.version, a.info.cipher_type), (0x0303, 52));
        assert_eq!((a.salt, a.key, a.rec_seq[7]), ([1, 2, 3, 4], [4; 32], 9));

        let secrets = ConnectionTrafficSecrets::Chacha20Poly1305 {
            key: AeadKey::from([3u8; 32]),
            iv: Iv::new([9; 12]),
        };
        let info = CryptoInfo::new(ProtocolVersion::TLSv1_2, 5, &secrets).unwrap();
        let CryptoInfo::Chacha20Poly1305(c) = &info else {
            panic!()
        };
        assert_eq!((c.info.version, c.info.cipher_type), (0x0303, 54));
        assert_eq!(c.iv, [9; 12]);
        assert_eq!(c.rec_seq[7], 5);
        assert!(CryptoInfo::from_parts(
            ProtocolVersion::TLSv1_3,
            KernelCipher::AesGcm128,
            &[0; 32],
            &iv,
            0
        )
        .is_err());
    }

    #[test]
    fn probe_agrees_with_the_kernel() {
        let support = probe();
        let has_tls = std::path::Path::new("/proc/net/tls_stat").exists();
        if has_tls {
            assert!(support.anything(), "{support:?}");
        } else {
            assert!(!support.anything());
            assert!(
                support.why_not().contains("modprobe tls"),
                "{}",
                support.why_not()
            );
        }
    }
}
