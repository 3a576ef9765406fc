//! The cipher suites tlsaccel supports, by IANA and OpenSSL name: exactly
//! those Linux kTLS can take over, so every connection is a candidate for
//! offload. One table, read by the configuration (to validate names) and
//! by `tls` (to build the rustls provider), so neither depends on the other.

use rustls::crypto::aws_lc_rs::cipher_suite as cs;
use rustls::SupportedCipherSuite;

/// (IANA name, OpenSSL name, suite). Order is the default preference.
const SUITES: &[(&str, &str, SupportedCipherSuite)] = &[
    (
        "TLS_AES_256_GCM_SHA384",
        "TLS_AES_256_GCM_SHA384",
        cs::TLS13_AES_256_GCM_SHA384,
    ),
    (
        "TLS_AES_128_GCM_SHA256",
        "TLS_AES_128_GCM_SHA256",
        cs::TLS13_AES_128_GCM_SHA256,
    ),
    (
        "TLS_CHACHA20_POLY1305_SHA256",
        "TLS_CHACHA20_POLY1305_SHA256",
        cs::TLS13_CHACHA20_POLY1305_SHA256,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
        "ECDHE-ECDSA-AES256-GCM-SHA384",
        cs::TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
        "ECDHE-ECDSA-AES128-GCM-SHA256",
        cs::TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    ),
    (
        "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
        "ECDHE-ECDSA-CHACHA20-POLY1305",
        cs::TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
    ),
    (
        "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384",
        cs::TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
    ),
    (
        "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
        "ECDHE-RSA-AES128-GCM-SHA256",
        cs::TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    ),
    (
        "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
        "ECDHE-RSA-CHACHA20-POLY1305",
        cs::TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
    ),
];

/// Looks a cipher suite up by its IANA or OpenSSL name.
pub fn by_name(name: &str) -> Option<SupportedCipherSuite> {
    SUITES
        .iter()
        .find(|(iana, openssl, _)| {
            name.eq_ignore_ascii_case(iana) || name.eq_ignore_ascii_case(openssl)
        })
        .map(|(_, _, suite)| *suite)
}

/// The IANA names of every supported suite, in default preference order.
pub fn supported_names() -> Vec<&'static str> {
    SUITES.iter().map(|(iana, _, _)| *iana).collect()
}

/// How many suites there are: counters kept per suite have this many.
pub const COUNT: usize = SUITES.len();

/// The position of a negotiated suite in the table (for counters kept per
/// suite).
pub fn index_of(suite: SupportedCipherSuite) -> Option<usize> {
    SUITES
        .iter()
        .position(|(_, _, s)| s.suite() == suite.suite())
}

/// The IANA name and protocol version ("TLSv1.3", "TLSv1.2") of the suite
/// at `index`.
pub fn describe(index: usize) -> (&'static str, &'static str) {
    let (iana, _, suite) = &SUITES[index];
    let version = match suite {
        SupportedCipherSuite::Tls13(_) => "TLSv1.3",
        SupportedCipherSuite::Tls12(_) => "TLSv1.2",
    };
    (iana, version)
}

/// The IANA name of a negotiated suite, for logs.
pub fn name_of(suite: SupportedCipherSuite) -> &'static str {
    SUITES
        .iter()
        .find(|(_, _, s)| s.suite() == suite.suite())
        .map(|(iana, _, _)| *iana)
        .unwrap_or("unknown")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_suite_is_known_by_both_names() {
        for (iana, openssl, suite) in SUITES {
            assert_eq!(by_name(iana).unwrap().suite(), suite.suite());
            assert_eq!(by_name(openssl).unwrap().suite(), suite.suite());
            assert_eq!(name_of(*suite), *iana);
        }
        assert!(by_name("AES128-SHA").is_none());
        assert_eq!(describe(0), ("TLS_AES_256_GCM_SHA384", "TLSv1.3"));
        assert_eq!(describe(COUNT - 1).1, "TLSv1.2");
        assert_eq!(index_of(SUITES[4].2), Some(4));
    }
}
