//! What tlsaccel reads from a client's ClientHello before rustls sees it:
//! the server name (SNI), which picks the site and so its TLS
//! configuration (whether to ask for a client certificate), and the key
//! exchange groups the client supports, so the
//! server's order of groups decides (rustls follows the client's).
//! rustls's unbuffered server connection does not tell the application
//! the name either; the connection needs it to refuse requests for a site
//! whose certificate it did not present (421). Only the first handshake
//! record is read: a ClientHello split over several records (rare; one
//! record holds 16 KiB) gives None, and the connection is then treated as
//! having named no site, with rustls's own choice of group.

/// TLS extension numbers (RFC 8446 4.2, RFC 7301).
const SERVER_NAME: u16 = 0;
const SUPPORTED_GROUPS: u16 = 10;
const ALPN: u16 = 16;
const SUPPORTED_VERSIONS: u16 = 43;

/// The facts of one ClientHello.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ClientHelloFacts {
    /// The `host_name` of server_name (RFC 6066 3), lower-cased.
    pub server_name: Option<String>,
    /// supported_groups, in the client's order.
    pub groups: Vec<u16>,
    /// supported_versions lists TLS 1.3.
    pub tls13: bool,
    /// ALPN offers `acme-tls/1`: a CA validating TLS-ALPN-01.
    pub acme_validation: bool,
}

/// The facts of the ClientHello in a TLS record; None when the record is
/// not a whole ClientHello.
pub fn parse(record: &[u8]) -> Option<ClientHelloFacts> {
    let mut r = Reader(record);
    // Record header: handshake (22), version, length.
    if r.u8()? != 22 {
        return None;
    }
    r.take(2)?;
    let mut record_body = Reader(r.vec16()?);
    // Handshake header: client_hello (1), 24-bit length.
    if record_body.u8()? != 1 {
        return None;
    }
    let len = usize::from(record_body.u8()?) << 16 | usize::from(record_body.u16()?);
    let mut hello = Reader(record_body.take(len)?);
    hello.take(2 + 32)?; // legacy_version, random
    hello.vec8()?; // legacy_session_id
    hello.vec16()?; // cipher_suites
    hello.vec8()?; // legacy_compression_methods
    let mut facts = ClientHelloFacts::default();
    if hello.0.is_empty() {
        return Some(facts); // no extensions at all
    }
    let mut extensions = Reader(hello.vec16()?);
    while !extensions.0.is_empty() {
        let kind = extensions.u16()?;
        let mut data = Reader(extensions.vec16()?);
        match kind {
            SERVER_NAME => {
                let mut list = Reader(data.vec16()?);
                while !list.0.is_empty() {
                    let name_type = list.u8()?;
                    let name = list.vec16()?;
                    if name_type == 0 {
                        let name = std::str::from_utf8(name).ok()?;
                        facts.server_name = Some(name.to_ascii_lowercase());
                        break;
                    }
                }
            }
            SUPPORTED_GROUPS => {
                let mut list = Reader(data.vec16()?);
                while !list.0.is_empty() {
                    facts.groups.push(list.u16()?);
                }
            }
            SUPPORTED_VERSIONS => {
                let mut list = Reader(data.vec8()?);
                while !list.0.is_empty() {
                    facts.tls13 |= list.u16()? == 0x0304;
                }
            }
            ALPN => {
                let mut list = Reader(data.vec16()?);
                while !list.0.is_empty() {
                    facts.acme_validation |= list.vec8()? == crate::acme::ACME_TLS_ALPN;
                }
            }
            _ => {}
        }
    }
    Some(facts)
}

/// Big-endian fields off the front of a slice; None when it runs out.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.0.len() < n {
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u16(&mut self) -> Option<u16> {
        let b = self.take(2)?;
        Some(u16::from_be_bytes([b[0], b[1]]))
    }

    fn vec8(&mut self) -> Option<&'a [u8]> {
        let n = usize::from(self.u8()?);
        self.take(n)
    }

    fn vec16(&mut self) -> Option<&'a [u8]> {
        let n = usize::from(self.u16()?);
        self.take(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ClientHello record as a client builds it, with `sni` if given,
    /// X25519MLKEM768 and X25519 supported and a share of X25519.
    fn client_hello(sni: Option<&str>) -> Vec<u8> {
        let mut extensions = Vec::new();
        // supported_versions first, so SNI is not the first extension.
        extensions.extend_from_slice(&[0x00, 0x2b, 0x00, 0x03, 0x02, 0x03, 0x04]);
        extensions.extend_from_slice(&[0x00, 0x0a, 0x00, 0x06, 0x00, 0x04, 0x11, 0xec, 0x00, 0x1d]);
        extensions.extend_from_slice(&[
            0x00, 0x33, 0x00, 0x08, 0x00, 0x06, 0x00, 0x1d, 0x00, 0x02, 9, 9,
        ]);
        if let Some(name) = sni {
            let mut entry = vec![0u8];
            entry.extend_from_slice(&(name.len() as u16).to_be_bytes());
            entry.extend_from_slice(name.as_bytes());
            let mut list = (entry.len() as u16).to_be_bytes().to_vec();
            list.extend_from_slice(&entry);
            extensions.extend_from_slice(&[0x00, 0x00]);
            extensions.extend_from_slice(&(list.len() as u16).to_be_bytes());
            extensions.extend_from_slice(&list);
        }
        let mut hello = vec![0x03, 0x03];
        hello.extend_from_slice(&[7; 32]);
        hello.extend_from_slice(&[32]);
        hello.extend_from_slice(&[1; 32]);
        hello.extend_from_slice(&[0, 2, 0x13, 0x01, 1, 0]);
        hello.extend_from_slice(&(extensions.len() as u16).to_be_bytes());
        hello.extend_from_slice(&extensions);
        let mut handshake = vec![1, 0];
        handshake.extend_from_slice(&(hello.len() as u16).to_be_bytes());
        handshake.extend_from_slice(&hello);
        let mut record = vec![22, 3, 1];
        record.extend_from_slice(&(handshake.len() as u16).to_be_bytes());
        record.extend_from_slice(&handshake);
        record
    }

    #[test]
    fn finds_the_name_or_none() {
        let facts = parse(&client_hello(Some("A.Example"))).unwrap();
        assert_eq!(facts.server_name.as_deref(), Some("a.example"));
        assert_eq!(facts.groups, [0x11ec, 0x001d]);
        assert!(facts.tls13);
        assert!(!facts.acme_validation);
        assert_eq!(parse(&client_hello(None)).unwrap().server_name, None);
        let full = client_hello(Some("a.example"));
        for cut in 0..full.len() {
            assert_eq!(parse(&full[..cut]), None, "cut at {cut}");
        }
        assert_eq!(parse(b"GET / HTTP/1.1\r\n"), None);
    }
}
