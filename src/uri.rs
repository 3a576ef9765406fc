//! Percent-encoding of decoded path text going back into a URI (a
//! redirect's `Location`, a path sent to a back end) and of values sent
//! as one token (a client certificate in a header field). A leaf, shared
//! by the configuration's rules, the proxy and TLS.

/// `text` with every byte but the unreserved ones, sub-delims, `:`, `@`
/// and `/` percent-encoded (RFC 3986 `pchar` and `/`): a decoded `%0D` can
/// never end a header field, nor a decoded `?` or `#` start a query or a
/// fragment, nor a `%` start an escape.
pub fn escape_path(text: &[u8]) -> String {
    escape_all_but(text, b"-._~!$&'()*+,;=:@/")
}

/// `text` with every byte but letters, digits and `-._~` (RFC 3986's
/// unreserved) percent-encoded: a value that stays one token anywhere
/// (a header field, a query parameter).
pub fn escape_component(text: &[u8]) -> String {
    escape_all_but(text, b"-._~")
}

fn escape_all_but(text: &[u8], kept: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for &b in text {
        if b.is_ascii_alphanumeric() || kept.contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn escapes_what_could_change_the_uri() {
        assert_eq!(
            super::escape_path(b"/a b/%/?#\r\n\xc3\xa9"),
            "/a%20b/%25/%3F%23%0D%0A%C3%A9"
        );
        assert_eq!(
            super::escape_path(b"/ok-._~!$&'()*+,;=:@"),
            "/ok-._~!$&'()*+,;=:@"
        );
    }
}
