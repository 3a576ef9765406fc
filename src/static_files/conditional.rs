//! Validators and byte ranges: `If-None-Match`, `If-Modified-Since`,
//! `If-Range` and `Range` (RFC 9110 sections 13 and 14).

/// Answer 304 instead of the representation?
pub fn not_modified(
    if_none_match: Option<&str>,
    if_modified_since: Option<&str>,
    etag: &str,
    mtime: u64,
) -> bool {
    if let Some(inm) = if_none_match {
        // Weak comparison: W/"x" matches "x".
        let ours = strip_weak(etag);
        return inm
            .split(',')
            .map(str::trim)
            .any(|tag| tag == "*" || strip_weak(tag) == ours);
    }
    match if_modified_since.and_then(|d| httpdate::parse_http_date(d).ok()) {
        Some(since) => {
            let since = since
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            mtime <= since
        }
        None => false,
    }
}

/// May the `Range` header be honoured, given `If-Range`?
pub fn if_range_allows(if_range: Option<&str>, etag: &str, last_modified: &str) -> bool {
    match if_range {
        None => true,
        // Strong comparison only: a weak tag never matches.
        Some(v) if v.starts_with('"') => v == etag,
        Some(v) if v.starts_with("W/") => false,
        Some(v) => v == last_modified,
    }
}

fn strip_weak(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeAnswer {
    /// No usable single range: send the whole representation.
    Whole,
    /// Send bytes `start..=end`.
    Part { start: u64, end: u64 },
    /// 416.
    Unsatisfiable,
}

/// Interprets a `Range` header for a representation of `len` bytes.
/// Several ranges are answered with the whole file, as the RFC allows.
pub fn range(header: &str, len: u64) -> RangeAnswer {
    let Some((unit, specs)) = header.split_once('=') else {
        return RangeAnswer::Whole;
    };
    if !unit.trim().eq_ignore_ascii_case("bytes") {
        return RangeAnswer::Whole;
    }
    let mut specs = specs.split(',').map(str::trim).filter(|s| !s.is_empty());
    let (Some(spec), None) = (specs.next(), specs.next()) else {
        return RangeAnswer::Whole;
    };
    let Some((first, last)) = spec.split_once('-') else {
        return RangeAnswer::Whole;
    };
    let number = |s: &str| -> Option<u64> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            s.parse().ok()
        }
    };
    match (first.trim(), last.trim()) {
        ("", suffix) => match number(suffix) {
            None => RangeAnswer::Whole,
            Some(0) => RangeAnswer::Unsatisfiable,
            Some(_) if len == 0 => RangeAnswer::Unsatisfiable,
            Some(n) => RangeAnswer::Part {
                start: len - n.min(len),
                end: len - 1,
            },
        },
        (first, "") => match number(first) {
            None => RangeAnswer::Whole,
            Some(start) if start >= len => RangeAnswer::Unsatisfiable,
            Some(start) => RangeAnswer::Part {
                start,
                end: len - 1,
            },
        },
        (first, last) => match (number(first), number(last)) {
            (Some(start), Some(end)) if start <= end => {
                if start >= len {
                    RangeAnswer::Unsatisfiable
                } else {
                    RangeAnswer::Part {
                        start,
                        end: end.min(len - 1),
                    }
                }
            }
            _ => RangeAnswer::Whole,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::RangeAnswer::*;
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(range("bytes=0-0", 10), Part { start: 0, end: 0 });
        assert_eq!(range("bytes=2-", 10), Part { start: 2, end: 9 });
        assert_eq!(range("bytes=-3", 10), Part { start: 7, end: 9 });
        assert_eq!(range("bytes=-30", 10), Part { start: 0, end: 9 });
        assert_eq!(range("bytes=5-100", 10), Part { start: 5, end: 9 });
        assert_eq!(range("bytes=10-", 10), Unsatisfiable);
        assert_eq!(range("bytes=-0", 10), Unsatisfiable);
        assert_eq!(range("bytes=0-", 0), Unsatisfiable);
        assert_eq!(range("bytes=5-2", 10), Whole);
        assert_eq!(range("bytes=0-1,3-4", 10), Whole);
        assert_eq!(range("items=0-1", 10), Whole);
        assert_eq!(range("bytes=a-b", 10), Whole);
        assert_eq!(range("bytes=+1-2", 10), Whole);
    }

    #[test]
    fn validators() {
        let etag = "\"5f-10\"";
        assert!(not_modified(Some("\"5f-10\""), None, etag, 100));
        assert!(not_modified(Some("\"x\", W/\"5f-10\""), None, etag, 100));
        assert!(not_modified(Some("*"), None, etag, 100));
        assert!(!not_modified(
            Some("\"other\""),
            Some("Thu, 01 Jan 2099 00:00:00 GMT"),
            etag,
            100
        ));
        assert!(not_modified(
            None,
            Some("Thu, 01 Jan 1970 00:01:40 GMT"),
            etag,
            100
        ));
        assert!(!not_modified(
            None,
            Some("Thu, 01 Jan 1970 00:01:39 GMT"),
            etag,
            100
        ));
        assert!(!not_modified(None, Some("garbage"), etag, 100));
        assert!(if_range_allows(Some(etag), etag, "x"));
        assert!(!if_range_allows(Some("W/\"5f-10\""), etag, "x"));
        assert!(if_range_allows(
            Some("Thu, 01 Jan 1970 00:01:40 GMT"),
            etag,
            "Thu, 01 Jan 1970 00:01:40 GMT"
        ));
        assert!(!if_range_allows(
            Some("Thu, 01 Jan 1970 00:01:41 GMT"),
            etag,
            "Thu, 01 Jan 1970 00:01:40 GMT"
        ));
    }
}
