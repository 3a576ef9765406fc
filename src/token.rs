//! RFC 9110 5.6.2's token characters: those of field names, methods,
//! content codings and protocol names. A leaf, so the wire parsers and the
//! configuration's checks share one definition.

/// A token character (`tchar`).
pub const fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'!' | b'#'
                | b'$'
                | b'%'
                | b'&'
                | b'\''
                | b'*'
                | b'+'
                | b'-'
                | b'.'
                | b'^'
                | b'_'
                | b'`'
                | b'|'
                | b'~'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rfc_set() {
        let symbols = b"!#$%&'*+-.^_`|~";
        for b in 0..=255u8 {
            assert_eq!(
                is_tchar(b),
                b.is_ascii_alphanumeric() || symbols.contains(&b),
                "{b}"
            );
        }
    }
}
