//! `Accept-Encoding` (RFC 9110 section 12.5.3): which of the codings the
//! server offers a request accepts, best first. Bytes in, a choice out.
//!
//! The rules, and what this server decided where the RFC leaves a choice:
//! - no field: no preference; the server sends identity (as nginx and
//!   Apache do: a client that sent nothing may not decode anything);
//! - an empty field: identity only;
//! - a coding listed with `q=0` is refused; `*` stands for every coding
//!   not listed; `x-gzip` is `gzip`; unknown codings are ignored;
//! - the highest q wins; between equal q, the server's order;
//! - identity is preferred only where the client listed it with a higher
//!   q than any acceptable coding;
//! - a malformed field is treated as absent, never as an error;
//! - when nothing offered is acceptable and identity is refused too
//!   (`identity;q=0`, `*;q=0`), identity is sent anyway rather than 406:
//!   RFC 9110 allows it, and a page the client may still read beats an
//!   error it certainly cannot.

use super::Coding;
use crate::token::is_tchar;

/// A q-value in thousandths (RFC 9110 section 12.4.2: at most three
/// decimals).
type Q = u16;

/// The codings of `offered` (the server's order of preference) that the
/// field accepts, best first; empty: send identity.
pub fn acceptable(field: Option<&str>, offered: &[Coding]) -> Vec<Coding> {
    let Some(field) = field else {
        return Vec::new();
    };
    let Some(entries) = parse(field) else {
        return Vec::new();
    };
    let q_of = |token: &str| {
        entries
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(token))
            .map(|&(_, q)| q)
    };
    let star = q_of("*");
    let identity = q_of("identity");
    let mut chosen: Vec<(Coding, Q)> = offered
        .iter()
        .filter_map(|&coding| {
            let q = q_of(coding.token())
                .or_else(|| (coding == Coding::Gzip).then(|| q_of("x-gzip")).flatten())
                .or(star)
                .unwrap_or(0);
            // Listed identity with a higher q: the client would rather
            // have the bytes as they are.
            (q > 0 && identity.is_none_or(|i| q >= i)).then_some((coding, q))
        })
        .collect();
    // Stable: equal q keeps the server's order.
    chosen.sort_by_key(|&(_, q)| std::cmp::Reverse(q));
    chosen.into_iter().map(|(coding, _)| coding).collect()
}

/// The field's `(coding, q)` entries; None if any element is malformed.
fn parse(field: &str) -> Option<Vec<(&str, Q)>> {
    let mut entries = Vec::new();
    for element in field.split(',') {
        let element = element.trim_matches(is_ows);
        // Empty list elements are allowed and ignored (RFC 9110 5.6.1).
        if element.is_empty() {
            continue;
        }
        let mut parts = element.split(';');
        let coding = parts.next()?.trim_matches(is_ows);
        if coding.is_empty() || !coding.bytes().all(is_tchar) {
            return None;
        }
        let mut q = 1000;
        for param in parts {
            let (name, value) = param.trim_matches(is_ows).split_once('=')?;
            if !name.trim_end_matches(is_ows).eq_ignore_ascii_case("q") {
                // The grammar has the weight only.
                return None;
            }
            q = qvalue(value.trim_start_matches(is_ows))?;
        }
        entries.push((coding, q));
    }
    Some(entries)
}

/// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`.
fn qvalue(s: &str) -> Option<Q> {
    let (whole, fraction) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0, |n: Q, b| n * 10 + Q::from(b - b'0'));
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

fn is_ows(c: char) -> bool {
    c == ' ' || c == '\t'
}

#[cfg(test)]
mod tests {
    use super::*;
    use Coding::{Brotli, Gzip, Zstd};

    const ALL: [Coding; 3] = [Zstd, Brotli, Gzip];

    #[test]
    fn negotiation_table() {
        let cases: &[(Option<&str>, &[Coding])] = &[
            (None, &[]),
            (Some(""), &[]),
            (Some("gzip"), &[Gzip]),
            (Some("GZIP"), &[Gzip]),
            (Some("x-gzip"), &[Gzip]),
            (Some("gzip, deflate, br, zstd"), &[Zstd, Brotli, Gzip]),
            (Some("gzip, deflate, br"), &[Brotli, Gzip]),
            (Some("br;q=1.0, gzip;q=0.8, *;q=0.1"), &[Brotli, Gzip, Zstd]),
            (Some("gzip;q=1, br;q=0.5"), &[Gzip, Brotli]),
            (Some("*"), &[Zstd, Brotli, Gzip]),
            (Some("*;q=0"), &[]),
            (Some("gzip;q=0, *"), &[Zstd, Brotli]),
            (Some("identity"), &[]),
            (Some("identity;q=0"), &[]),
            (Some("identity;q=0, gzip"), &[Gzip]),
            (Some("gzip;q=0.5, identity;q=1"), &[]),
            (Some("gzip;q=0.5, identity;q=0.5"), &[Gzip]),
            (Some("gzip;q=0.5"), &[Gzip]),
            (Some("compress, deflate"), &[]),
            (Some("gzip , ,br"), &[Brotli, Gzip]),
            (Some("gzip;q=0.001"), &[Gzip]),
            (Some("br ; q=0.9 , gzip\t;\tq=1"), &[Gzip, Brotli]),
            // Malformed: as if absent.
            (Some("gzip;q=2"), &[]),
            (Some("gzip;q=0.0001"), &[]),
            (Some("gzip;level=9"), &[]),
            (Some("gzip;q"), &[]),
            (Some("gz ip"), &[]),
            (Some("gzip;q=1.5, br"), &[]),
            (Some("\"gzip\""), &[]),
        ];
        for (field, want) in cases {
            assert_eq!(acceptable(*field, &ALL), *want, "{field:?}");
        }
    }

    #[test]
    fn the_server_order_breaks_ties() {
        assert_eq!(
            acceptable(Some("gzip, br"), &[Gzip, Brotli]),
            [Gzip, Brotli]
        );
        assert_eq!(acceptable(Some("gzip, br"), &[Brotli]), [Brotli]);
        assert!(acceptable(Some("gzip, br"), &[]).is_empty());
    }

    #[test]
    fn qvalues() {
        assert_eq!(qvalue("1"), Some(1000));
        assert_eq!(qvalue("1.000"), Some(1000));
        assert_eq!(qvalue("0.5"), Some(500));
        assert_eq!(qvalue("0.25"), Some(250));
        assert_eq!(qvalue("0."), Some(0));
        assert_eq!(qvalue("1.001"), None);
        assert_eq!(qvalue("0.1234"), None);
        assert_eq!(qvalue(""), None);
        assert_eq!(qvalue(".5"), None);
    }
}
