//! The server name (SNI) a client asked for, read from its ClientHello.
//! rustls's unbuffered server connection chooses the certificate by SNI
//! but does not tell the application which name it was; the connection
//! needs it to refuse requests for a site whose certificate it did not
//! present (421). Only the first handshake record is read: a ClientHello
//! split over several records (rare; one record holds 16 KiB) gives None,
//! and the connection is then treated as having named no site.

/// The `host_name` of the server_name extension (RFC 6066 section 3) in a
/// TLS record holding a ClientHello, lower-cased.
pub fn server_name(record: &[u8]) -> Option<String> {
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
    let mut extensions = Reader(hello.vec16()?);
    while !extensions.0.is_empty() {
        let kind = extensions.u16()?;
        let data = extensions.vec16()?;
        if kind != 0 {
            continue;
        }
        let mut list = Reader(Reader(data).vec16()?);
        while !list.0.is_empty() {
            let name_type = list.u8()?;
            let name = list.vec16()?;
            if name_type == 0 {
                let name = std::str::from_utf8(name).ok()?;
                return Some(name.to_ascii_lowercase());
            }
        }
        return None;
    }
    None
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

    /// A ClientHello record as a client builds it, with `sni` if given.
    fn client_hello(sni: Option<&str>) -> Vec<u8> {
        let mut extensions = Vec::new();
        // supported_versions first, so SNI is not the first extension.
        extensions.extend_from_slice(&[0x00, 0x2b, 0x00, 0x03, 0x02, 0x03, 0x04]);
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
        assert_eq!(
            server_name(&client_hello(Some("A.Example"))).as_deref(),
            Some("a.example")
        );
        assert_eq!(server_name(&client_hello(None)), None);
        let full = client_hello(Some("a.example"));
        for cut in 0..full.len() {
            assert_eq!(server_name(&full[..cut]), None, "cut at {cut}");
        }
        assert_eq!(server_name(b"GET / HTTP/1.1\r\n"), None);
    }
}
