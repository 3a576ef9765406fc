//! The PROXY protocol (HAProxy's, versions 1 and 2): the preamble a
//! layer-4 load balancer sends before the client's bytes to say whom the
//! connection is really from. Decoded on listeners that accept it, encoded
//! towards back ends that want it. No I/O here: the connection peeks at its
//! first bytes, `decode` says how long the header is, and only that much is
//! consumed, so the TLS handshake (record by record under kTLS) or the
//! HTTP request that follows is untouched.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The twelve bytes that open a version 2 header.
const V2_SIGNATURE: [u8; 12] = *b"\r\n\r\n\0\r\nQUIT\n";
/// A version 1 line is at most 107 bytes, CRLF included.
const V1_MAX: usize = 107;
/// Version 2 headers longer than this (addresses plus TLVs) are refused:
/// real balancers send well under 1 KiB.
pub const V2_MAX: usize = 4096;
/// What a connection should peek at to find any header.
pub const PEEK_BYTES: usize = V2_MAX;

/// What the start of a connection holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decoded {
    /// A header of `len` bytes. `source`/`destination`: the client and the
    /// address it connected to, None for LOCAL (a health check from the
    /// balancer itself) or UNKNOWN/unspecified families: then the socket's
    /// own addresses stand.
    Header {
        len: usize,
        addresses: Option<(SocketAddr, SocketAddr)>,
    },
    /// Not enough bytes yet to tell.
    Partial,
    /// Not a PROXY header, or a broken one.
    Invalid(&'static str),
}

/// Decodes a header at the start of `buf`.
pub fn decode(buf: &[u8]) -> Decoded {
    if buf.is_empty() {
        return Decoded::Partial;
    }
    if buf[0] == V2_SIGNATURE[0] {
        decode_v2(buf)
    } else if buf[0] == b'P' {
        decode_v1(buf)
    } else {
        Decoded::Invalid("no PROXY protocol header")
    }
}

/// `PROXY TCP4 192.0.2.1 198.51.100.1 51000 443\r\n`
fn decode_v1(buf: &[u8]) -> Decoded {
    let prefix = &buf[..buf.len().min(6)];
    if !b"PROXY ".starts_with(prefix) {
        return Decoded::Invalid("no PROXY protocol header");
    }
    let Some(end) = buf.windows(2).take(V1_MAX - 1).position(|w| w == b"\r\n") else {
        return if buf.len() >= V1_MAX {
            Decoded::Invalid("PROXY v1 line too long")
        } else {
            Decoded::Partial
        };
    };
    let len = end + 2;
    let Ok(line) = std::str::from_utf8(&buf[6..end]) else {
        return Decoded::Invalid("PROXY v1 line is not text");
    };
    let fields: Vec<&str> = line.split(' ').collect();
    let addresses = match fields.as_slice() {
        ["UNKNOWN", ..] => None,
        [family @ ("TCP4" | "TCP6"), src, dst, sport, dport] => {
            let ip = |text: &str| -> Option<IpAddr> {
                match *family {
                    "TCP4" => text.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
                    _ => text.parse::<Ipv6Addr>().ok().map(IpAddr::V6),
                }
            };
            // Ports: decimal, no sign, no leading zeros (the spec's form).
            let port = |text: &str| -> Option<u16> {
                let canonical = !text.is_empty()
                    && text.bytes().all(|b| b.is_ascii_digit())
                    && (text == "0" || !text.starts_with('0'));
                canonical.then(|| text.parse().ok()).flatten()
            };
            match (ip(src), ip(dst), port(sport), port(dport)) {
                (Some(s), Some(d), Some(sp), Some(dp)) => {
                    Some((SocketAddr::new(s, sp), SocketAddr::new(d, dp)))
                }
                _ => return Decoded::Invalid("PROXY v1 addresses malformed"),
            }
        }
        _ => return Decoded::Invalid("PROXY v1 line malformed"),
    };
    Decoded::Header { len, addresses }
}

fn decode_v2(buf: &[u8]) -> Decoded {
    let n = buf.len().min(V2_SIGNATURE.len());
    if buf[..n] != V2_SIGNATURE[..n] {
        return Decoded::Invalid("no PROXY protocol header");
    }
    if buf.len() < 16 {
        return Decoded::Partial;
    }
    let (version_command, family) = (buf[12], buf[13]);
    if version_command >> 4 != 2 {
        return Decoded::Invalid("PROXY v2 header of another version");
    }
    let len = 16 + usize::from(u16::from_be_bytes([buf[14], buf[15]]));
    if len > V2_MAX {
        return Decoded::Invalid("PROXY v2 header too long");
    }
    if buf.len() < len {
        return Decoded::Partial;
    }
    let body = &buf[16..len];
    let addresses = match (version_command & 0x0f, family) {
        (0x0, _) => None, // LOCAL
        (0x1, 0x11) if body.len() >= 12 => {
            let ip = |at: usize| {
                IpAddr::V4(Ipv4Addr::new(
                    body[at],
                    body[at + 1],
                    body[at + 2],
                    body[at + 3],
                ))
            };
            let port = |at: usize| u16::from_be_bytes([body[at], body[at + 1]]);
            Some((
                SocketAddr::new(ip(0), port(8)),
                SocketAddr::new(ip(4), port(10)),
            ))
        }
        (0x1, 0x21) if body.len() >= 36 => {
            let ip = |at: usize| {
                let octets: [u8; 16] = body[at..at + 16].try_into().expect("16 bytes");
                IpAddr::V6(Ipv6Addr::from(octets))
            };
            let port = |at: usize| u16::from_be_bytes([body[at], body[at + 1]]);
            Some((
                SocketAddr::new(ip(0), port(32)),
                SocketAddr::new(ip(16), port(34)),
            ))
        }
        (0x1, 0x11 | 0x21) => return Decoded::Invalid("PROXY v2 address block too short"),
        // UNSPEC, UDP or Unix sockets: keep the socket's addresses.
        (0x1, _) => None,
        _ => return Decoded::Invalid("PROXY v2 command unknown"),
    };
    Decoded::Header { len, addresses }
}

/// A version 2 header for a TCP connection from `client` to `local`, as
/// sent to back ends with `proxy_protocol = true`.
/// A v2 header with the LOCAL command: a connection of tlsaccel's own (a
/// health check), with no client to name.
pub fn encode_v2_local() -> Vec<u8> {
    let mut h = V2_SIGNATURE.to_vec();
    // Version 2, command LOCAL; family UNSPEC; no addresses.
    h.extend_from_slice(&[0x20, 0x00, 0, 0]);
    h
}

pub fn encode_v2(client: SocketAddr, local: SocketAddr) -> Vec<u8> {
    let mut h = V2_SIGNATURE.to_vec();
    h.push(0x21); // version 2, command PROXY
    match (client.ip(), local.ip()) {
        (IpAddr::V4(src), IpAddr::V4(dst)) => {
            h.push(0x11); // TCP over IPv4
            h.extend_from_slice(&12u16.to_be_bytes());
            h.extend_from_slice(&src.octets());
            h.extend_from_slice(&dst.octets());
        }
        (src, dst) => {
            let v6 = |ip: IpAddr| match ip {
                IpAddr::V4(v4) => v4.to_ipv6_mapped(),
                IpAddr::V6(v6) => v6,
            };
            h.push(0x21); // TCP over IPv6
            h.extend_from_slice(&36u16.to_be_bytes());
            h.extend_from_slice(&v6(src).octets());
            h.extend_from_slice(&v6(dst).octets());
        }
    }
    h.extend_from_slice(&client.port().to_be_bytes());
    h.extend_from_slice(&local.port().to_be_bytes());
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &str) -> SocketAddr {
        s.parse().unwrap()
    }

    #[test]
    fn v2_encoding_layout() {
        let h = encode_v2(addr("192.0.2.1:51000"), addr("127.0.0.1:8443"));
        assert_eq!(&h[..12], b"\r\n\r\n\0\r\nQUIT\n");
        assert_eq!(&h[12..16], &[0x21, 0x11, 0, 12]);
        assert_eq!(&h[16..20], &[192, 0, 2, 1]);
        assert_eq!(&h[20..24], &[127, 0, 0, 1]);
        assert_eq!(&h[24..26], &51000u16.to_be_bytes());
        assert_eq!(&h[26..28], &8443u16.to_be_bytes());
        let h6 = encode_v2(addr("[::1]:1"), addr("127.0.0.1:2"));
        assert_eq!(h6.len(), 16 + 36);
        assert_eq!(h6[13], 0x21);
    }

    #[test]
    fn v2_round_trips() {
        for (client, local) in [
            ("192.0.2.1:51000", "198.51.100.7:443"),
            ("[2001:db8::1]:40000", "[2001:db8::2]:8443"),
        ] {
            let mut h = encode_v2(addr(client), addr(local));
            let len = h.len();
            h.extend_from_slice(b"\x16\x03\x01");
            assert_eq!(
                decode(&h),
                Decoded::Header {
                    len,
                    addresses: Some((addr(client), addr(local)))
                }
            );
            for cut in 0..len {
                assert_eq!(decode(&h[..cut]), Decoded::Partial, "cut at {cut}");
            }
        }
    }

    #[test]
    fn v2_local_unspec_tlvs_and_errors() {
        let mut local = V2_SIGNATURE.to_vec();
        local.extend_from_slice(&[0x20, 0x00, 0, 0]);
        assert_eq!(
            decode(&local),
            Decoded::Header {
                len: 16,
                addresses: None
            }
        );
        // TLVs after the addresses are skipped with the length.
        let mut with_tlv = encode_v2(addr("192.0.2.1:1"), addr("192.0.2.2:2"));
        with_tlv[15] += 5;
        with_tlv.extend_from_slice(&[0x04, 0, 2, b'o', b'k']);
        assert!(matches!(
            decode(&with_tlv),
            Decoded::Header {
                len: 33,
                addresses: Some(_)
            }
        ));
        let mut short = V2_SIGNATURE.to_vec();
        short.extend_from_slice(&[0x21, 0x11, 0, 4, 1, 2, 3, 4]);
        assert_eq!(
            decode(&short),
            Decoded::Invalid("PROXY v2 address block too short")
        );
        let mut v3 = V2_SIGNATURE.to_vec();
        v3.extend_from_slice(&[0x31, 0x11, 0, 0]);
        assert!(matches!(decode(&v3), Decoded::Invalid(_)));
        let mut huge = V2_SIGNATURE.to_vec();
        huge.extend_from_slice(&[0x21, 0x11, 0xff, 0xff]);
        assert_eq!(decode(&huge), Decoded::Invalid("PROXY v2 header too long"));
    }

    #[test]
    fn v1_lines() {
        let line = b"PROXY TCP4 192.0.2.1 198.51.100.1 51000 443\r\nGET /";
        assert_eq!(
            decode(line),
            Decoded::Header {
                len: line.len() - 5,
                addresses: Some((addr("192.0.2.1:51000"), addr("198.51.100.1:443")))
            }
        );
        let v6 = b"PROXY TCP6 2001:db8::1 ::1 1 2\r\n";
        assert!(matches!(
            decode(v6),
            Decoded::Header {
                len: 32,
                addresses: Some(_)
            }
        ));
        assert_eq!(
            decode(b"PROXY UNKNOWN\r\n"),
            Decoded::Header {
                len: 15,
                addresses: None
            }
        );
        assert_eq!(decode(b"PROXY TCP4 192.0.2.1"), Decoded::Partial);
        assert_eq!(decode(b"PRO"), Decoded::Partial);
        for bad in [
            &b"PROXY TCP4 192.0.2.1 198.51.100.1 51000\r\n"[..],
            b"PROXY TCP4 ::1 ::1 1 2\r\n",
            b"PROXY TCP4 192.0.2.1 192.0.2.2 65536 1\r\n",
            b"PROXY TCP4 192.0.2.1 192.0.2.2 01 1\r\n",
            b"PROXY TCP4 192.0.2.1 192.0.2.2 +1 1\r\n",
            b"PROXY TCP5 a b 1 2\r\n",
            b"PROXY  TCP4 192.0.2.1 192.0.2.2 1 1\r\n",
            b"GET / HTTP/1.1\r\n",
            b"\x16\x03\x01\x02\x00",
        ] {
            assert!(matches!(decode(bad), Decoded::Invalid(_)), "{bad:?}");
        }
        let long = [b"PROXY TCP4 ".as_slice(), &[b'1'; 200]].concat();
        assert_eq!(decode(&long), Decoded::Invalid("PROXY v1 line too long"));
    }
}
