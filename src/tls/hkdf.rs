//! The TLS 1.3 key schedule's HKDF on keyed HMACs.
//!
//! rustls's aws-lc-rs suites derive every secret through aws-lc's one-shot
//! `HKDF()`: the pseudorandom key they hold is extracted again at each
//! expand, so each HKDF-Expand-Label costs two HMAC key set-ups and two
//! HMACs. A handshake derives a dozen secrets and more, and on the AMD
//! machines we measure on aws-lc hashes SHA-384 with its scalar code
//! (`sha512_block_data_order_nohw` in the profile), so that repetition was
//! a fifth of a resumed handshake's CPU. rustls's generic `HkdfUsingHmac` keeps the pseudorandom key
//! as a keyed aws-lc HMAC (its pads hashed once): one HMAC per expand, the
//! same bytes out (RFC 5869). Each TLS 1.3 suite here is rustls's own with
//! only its HKDF replaced; TLS 1.2 suites are returned as they are.

use std::sync::LazyLock;

use aws_lc_rs::hmac as lc;
use rustls::crypto::aws_lc_rs::cipher_suite as cs;
use rustls::crypto::hmac::{Hmac, Key, Tag};
use rustls::crypto::tls13::HkdfUsingHmac;
use rustls::{CipherSuite, CipherSuiteCommon, SupportedCipherSuite, Tls13CipherSuite};

/// An aws-lc HMAC algorithm as rustls's `Hmac`.
struct AwsLcHmac(&'static lc::Algorithm);

impl Hmac for AwsLcHmac {
    fn with_key(&self, key: &[u8]) -> Box<dyn Key> {
        Box::new(AwsLcHmacKey(lc::Key::new(*self.0, key)))
    }

    fn hash_output_len(&self) -> usize {
        self.0.digest_algorithm().output_len()
    }
}

/// A key whose inner and outer pads were hashed once, at `with_key`.
struct AwsLcHmacKey(lc::Key);

impl Key for AwsLcHmacKey {
    fn sign_concat(&self, first: &[u8], middle: &[&[u8]], last: &[u8]) -> Tag {
        let mut context = lc::Context::with_key(&self.0);
        context.update(first);
        for part in middle {
            context.update(part);
        }
        context.update(last);
        Tag::new(context.sign().as_ref())
    }

    fn tag_len(&self) -> usize {
        self.0.algorithm().digest_algorithm().output_len()
    }
}

static HKDF_SHA256: HkdfUsingHmac<'static> = HkdfUsingHmac(&AwsLcHmac(&lc::HMAC_SHA256));
static HKDF_SHA384: HkdfUsingHmac<'static> = HkdfUsingHmac(&AwsLcHmac(&lc::HMAC_SHA384));

/// rustls's TLS 1.3 `base` suite with `hkdf` in place of its own.
fn with_hkdf(
    base: SupportedCipherSuite,
    hkdf: &'static HkdfUsingHmac<'static>,
) -> Tls13CipherSuite {
    let SupportedCipherSuite::Tls13(base) = base else {
        unreachable!("only TLS 1.3 suites are rebuilt")
    };
    Tls13CipherSuite {
        common: CipherSuiteCommon {
            suite: base.common.suite,
            hash_provider: base.common.hash_provider,
            confidentiality_limit: base.common.confidentiality_limit,
        },
        hkdf_provider: hkdf,
        aead_alg: base.aead_alg,
        quic: base.quic,
    }
}

static AES_256_GCM_SHA384: LazyLock<Tls13CipherSuite> =
    LazyLock::new(|| with_hkdf(cs::TLS13_AES_256_GCM_SHA384, &HKDF_SHA384));
static AES_128_GCM_SHA256: LazyLock<Tls13CipherSuite> =
    LazyLock::new(|| with_hkdf(cs::TLS13_AES_128_GCM_SHA256, &HKDF_SHA256));
static CHACHA20_POLY1305_SHA256: LazyLock<Tls13CipherSuite> =
    LazyLock::new(|| with_hkdf(cs::TLS13_CHACHA20_POLY1305_SHA256, &HKDF_SHA256));

/// `suite` with its key schedule on keyed HMACs when it is a TLS 1.3 suite.
pub fn keyed(suite: SupportedCipherSuite) -> SupportedCipherSuite {
    let rebuilt: &'static LazyLock<Tls13CipherSuite> = match suite.suite() {
        CipherSuite::TLS13_AES_256_GCM_SHA384 => &AES_256_GCM_SHA384,
        CipherSuite::TLS13_AES_128_GCM_SHA256 => &AES_128_GCM_SHA256,
        CipherSuite::TLS13_CHACHA20_POLY1305_SHA256 => &CHACHA20_POLY1305_SHA256,
        _ => return suite,
    };
    SupportedCipherSuite::Tls13(LazyLock::force(rebuilt))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::crypto::tls13::OkmBlock;

    /// Every derivation the key schedule makes gives the same bytes as
    /// rustls's own aws-lc-rs HKDF.
    #[test]
    fn same_outputs_as_the_suites_own_hkdf() {
        for base in [
            cs::TLS13_AES_256_GCM_SHA384,
            cs::TLS13_AES_128_GCM_SHA256,
            cs::TLS13_CHACHA20_POLY1305_SHA256,
        ] {
            let (SupportedCipherSuite::Tls13(ours), SupportedCipherSuite::Tls13(theirs)) =
                (keyed(base), base)
            else {
                panic!("TLS 1.3 suites")
            };
            assert_eq!(ours.common.suite, theirs.common.suite);
            let (a, b) = (ours.hkdf_provider, theirs.hkdf_provider);
            let secret = b"input keying material, 32 bytes";
            let info: &[&[u8]] = &[b"\x00\x30", b"\x0dtls13 derived", b"\x00"];
            for salt in [None, Some(&b"a salt"[..])] {
                let (x, y) = (
                    a.extract_from_secret(salt, secret),
                    b.extract_from_secret(salt, secret),
                );
                assert_eq!(x.expand_block(info).as_ref(), y.expand_block(info).as_ref());
                let (mut long_x, mut long_y) = ([0u8; 100], [0u8; 100]);
                x.expand_slice(info, &mut long_x).unwrap();
                y.expand_slice(info, &mut long_y).unwrap();
                assert_eq!(long_x, long_y);
                let (x, y) = (a.extract_from_zero_ikm(salt), b.extract_from_zero_ikm(salt));
                assert_eq!(x.expand_block(info).as_ref(), y.expand_block(info).as_ref());
            }
            let okm = OkmBlock::new(&[7u8; 48][..ours.common.hash_provider.output_len()]);
            assert_eq!(
                a.expander_for_okm(&okm).expand_block(info).as_ref(),
                b.expander_for_okm(&okm).expand_block(info).as_ref()
            );
            assert_eq!(
                a.hmac_sign(&okm, b"finished").as_ref(),
                b.hmac_sign(&okm, b"finished").as_ref()
            );
        }
    }

    #[test]
    fn tls12_suites_are_left_alone() {
        let suite = cs::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384;
        assert!(matches!(keyed(suite), SupportedCipherSuite::Tls12(_)));
    }
}
