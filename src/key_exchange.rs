//! Key exchange groups: their names in `[tls] groups`, the default order
//! (the post-quantum hybrid X25519MLKEM768 first), and the server's
//! choice for one ClientHello.
//!
//! rustls's server takes the first group in the *client's* list that it
//! supports, so a client that supports X25519MLKEM768 but lists X25519
//! first gets X25519. tlsaccel decides instead: from the ClientHello it
//! picks the first configured group the client supports, and hands rustls
//! a configuration offering that group alone. A client that sent no key
//! share for it (only for a group it prefers) is asked for one with a
//! HelloRetryRequest: one more round trip, the price of the server's
//! order. Browsers and OpenSSL 3.5 send a hybrid share at once.

use rustls::crypto::aws_lc_rs::kx_group;
use rustls::crypto::SupportedKxGroup;

/// Every group tlsaccel can configure, by its name.
const KNOWN: [(&str, &dyn SupportedKxGroup); 6] = [
    ("X25519MLKEM768", kx_group::X25519MLKEM768),
    ("X25519", kx_group::X25519),
    ("secp256r1", kx_group::SECP256R1),
    ("secp384r1", kx_group::SECP384R1),
    ("SecP256r1MLKEM768", kx_group::SECP256R1MLKEM768),
    ("MLKEM768", kx_group::MLKEM768),
];

/// The default order: the hybrid first, then what every client has.
pub fn default_names() -> [&'static str; 4] {
    ["X25519MLKEM768", "X25519", "secp256r1", "secp384r1"]
}

/// The names `[tls] groups` accepts, for its error message.
pub fn known_names() -> impl Iterator<Item = &'static str> {
    KNOWN.iter().map(|(name, _)| *name)
}

/// The group a configured name stands for (case-insensitive).
pub fn by_name(name: &str) -> Option<&'static dyn SupportedKxGroup> {
    KNOWN
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(_, group)| *group)
}

/// The name a group is configured and reported by.
pub fn name_of(group: rustls::NamedGroup) -> &'static str {
    KNOWN
        .iter()
        .find(|(_, g)| g.name() == group)
        .map_or("?", |(name, _)| name)
}

/// Post-quantum groups work only with TLS 1.3.
fn tls13_only(group: &dyn SupportedKxGroup) -> bool {
    !group.usable_for_version(rustls::ProtocolVersion::TLSv1_2)
}

/// Which of the server's `groups` (in its order of preference) to use
/// for a client that supports `offered` (NamedGroup numbers, its
/// supported_groups), negotiating TLS 1.3 when `tls13`. None: nothing in
/// common (rustls then refuses the handshake with its own alert).
pub fn choose(
    groups: &[&'static dyn SupportedKxGroup],
    offered: &[u16],
    tls13: bool,
) -> Option<usize> {
    groups
        .iter()
        .position(|g| (tls13 || !tls13_only(*g)) && offered.contains(&u16::from(g.name())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> Vec<&'static dyn SupportedKxGroup> {
        default_names()
            .iter()
            .map(|n| by_name(n).unwrap())
            .collect()
    }

    const HYBRID: u16 = 0x11ec;
    const X25519: u16 = 0x001d;
    const P256: u16 = 0x0017;

    #[test]
    fn the_servers_order_decides() {
        let g = defaults();
        assert_eq!(choose(&g, &[X25519, HYBRID], true), Some(0));
        assert_eq!(choose(&g, &[HYBRID, X25519], true), Some(0));
        assert_eq!(choose(&g, &[P256, X25519], true), Some(1));
    }

    #[test]
    fn tls12_never_gets_a_post_quantum_group() {
        let g = defaults();
        assert_eq!(choose(&g, &[HYBRID, P256], false), Some(2));
        assert_eq!(choose(&g, &[HYBRID], false), None);
        assert_eq!(choose(&g, &[0x0019], true), None);
    }

    #[test]
    fn names_round_trip() {
        for name in known_names() {
            assert_eq!(name_of(by_name(name).unwrap().name()), name);
        }
        assert!(by_name("x25519mlkem768").is_some());
        assert!(by_name("ffdhe2048").is_none());
    }
}
