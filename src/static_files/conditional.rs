//! Preconditions and byte ranges (RFC 9110 sections 13 and 14): what
//! `If-Match`, `If-Unmodified-Since`, `If-None-Match`, `If-Modified-Since`,
//! `If-Range` and `Range` ask of a file with a given ETag and modification
//! time. No I/O: the handler passes the field values in.

/// The precondition fields of a request (all optional; list-valued
/// fields with every line joined).
#[derive(Debug, Default, Clone, Copy)]
pub struct Preconditions<'a> {
    pub if_match: Option<&'a str>,
    pub if_unmodified_since: Option<&'a str>,
    pub if_none_match: Option<&'a str>,
    pub if_modified_since: Option<&'a str>,
}

/// What the preconditions decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Proceed,
    /// 304 (GET and HEAD only).
    NotModified,
    /// 412.
    Failed,
}

/// RFC 9110 13.2.2, in its order: If-Match, else If-Unmodified-Since;
/// then If-None-Match, else If-Modified-Since. `safe`: GET or HEAD.
pub fn evaluate(p: &Preconditions<'_>, safe: bool, etag: &str, mtime: u64) -> Verdict {
    if let Some(if_match) = p.if_match {
        // 13.1.1: strong comparison; "*" matches any current representation.
        let matched = list(if_match).any(|tag| tag == "*" || strong_eq(tag, etag));
        if !matched {
            return Verdict::Failed;
        }
    } else if let Some(since) = p.if_unmodified_since.and_then(http_date) {
        // 13.1.4: ignored when not a valid date.
        if mtime > since {
            return Verdict::Failed;
        }
    }
    if let Some(if_none_match) = p.if_none_match {
        // 13.1.2: weak comparison.
        let ours = strip_weak(etag);
        let matched = list(if_none_match).any(|tag| tag == "*" || strip_weak(tag) == ours);
        if matched {
            return if safe {
                Verdict::NotModified
            } else {
                Verdict::Failed
            };
        }
    } else if let Some(since) = p.if_modified_since.filter(|_| safe).and_then(http_date) {
        // 13.1.3: GET and HEAD only; ignored when not a valid date.
        if mtime <= since {
            return Verdict::NotModified;
        }
    }
    Verdict::Proceed
}

/// May the `Range` header be honoured, given `If-Range` (13.1.5)? An
/// entity-tag must match strongly; a date must equal Last-Modified.
pub fn if_range_allows(if_range: Option<&str>, etag: &str, last_modified: &str) -> bool {
    match if_range {
        None => true,
        Some(v) if v.starts_with('"') => strong_eq(v, etag),
        Some(v) if v.starts_with("W/") => false,
        Some(v) => v == last_modified,
    }
}

/// The members of a comma-separated list, trimmed, empty ones skipped.
fn list(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// Strong comparison (8.8.3.2): both strong and the same.
fn strong_eq(a: &str, b: &str) -> bool {
    !a.starts_with("W/") && !b.starts_with("W/") && a == b
}

fn http_date(text: &str) -> Option<u64> {
    let t = httpdate::parse_http_date(text).ok()?;
    Some(
        t.duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    )
}

fn strip_weak(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

/// Most ranges answered in one multipart response; a request for more is
/// answered with the whole file (RFC 9110 14.2 allows ignoring "many
/// small ranges").
pub const MAX_RANGES: usize = 16;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeAnswer {
    /// No usable Range: send the whole representation.
    Whole,
    /// Send these inclusive byte ranges: one as a single 206, several as
    /// multipart/byteranges.
    Parts(Vec<(u64, u64)>),
    /// 416.
    Unsatisfiable,
}

/// Interprets a `Range` header for a representation of `len` bytes
/// (RFC 9110 14.1.2). An unknown unit or bad syntax is ignored (whole
/// file); ranges past the end are dropped, and if none is left, 416.
/// Overlapping ranges are merged (14.6 allows coalescing).
pub fn range(header: &str, len: u64) -> RangeAnswer {
    let Some((unit, specs)) = header.split_once('=') else {
        return RangeAnswer::Whole;
    };
    if !unit.trim().eq_ignore_ascii_case("bytes") {
        return RangeAnswer::Whole;
    }
    let mut parts = Vec::new();
    let mut count = 0;
    for spec in specs.split(',').map(str::trim) {
        count += 1;
        if count > MAX_RANGES {
            return RangeAnswer::Whole;
        }
        match one_range(spec, len) {
            Spec::Invalid => return RangeAnswer::Whole,
            Spec::Unsatisfiable => {}
            Spec::Satisfiable(start, end) => parts.push((start, end)),
        }
    }
    if parts.is_empty() {
        return RangeAnswer::Unsatisfiable;
    }
    let overlapping = parts
        .iter()
        .enumerate()
        .any(|(i, a)| parts[..i].iter().any(|b| a.0 <= b.1 && b.0 <= a.1));
    if overlapping {
        parts.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(parts.len());
        for (start, end) in parts {
            match merged.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => merged.push((start, end)),
            }
        }
        parts = merged;
    }
    RangeAnswer::Parts(parts)
}

enum Spec {
    Invalid,
    Unsatisfiable,
    Satisfiable(u64, u64),
}

/// One `first-last`, `first-` or `-suffix`.
fn one_range(spec: &str, len: u64) -> Spec {
    let Some((first, last)) = spec.split_once('-') else {
        return Spec::Invalid;
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
            None => Spec::Invalid,
            Some(0) => Spec::Unsatisfiable,
            Some(_) if len == 0 => Spec::Unsatisfiable,
            Some(n) => Spec::Satisfiable(len - n.min(len), len - 1),
        },
        (first, "") => match number(first) {
            None => Spec::Invalid,
            Some(start) if start >= len => Spec::Unsatisfiable,
            Some(start) => Spec::Satisfiable(start, len - 1),
        },
        (first, last) => match (number(first), number(last)) {
            (Some(start), Some(end)) if start <= end => {
                if start >= len {
                    Spec::Unsatisfiable
                } else {
                    Spec::Satisfiable(start, end.min(len - 1))
                }
            }
            _ => Spec::Invalid,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::RangeAnswer::*;
    use super::*;

    fn one(start: u64, end: u64) -> RangeAnswer {
        Parts(vec![(start, end)])
    }

    #[test]
    fn ranges() {
        assert_eq!(range("bytes=0-0", 10), one(0, 0));
        assert_eq!(range("bytes=2-", 10), one(2, 9));
        assert_eq!(range("bytes=-3", 10), one(7, 9));
        assert_eq!(range("bytes=-30", 10), one(0, 9));
        assert_eq!(range("bytes=5-100", 10), one(5, 9));
        assert_eq!(range("bytes=10-", 10), Unsatisfiable);
        assert_eq!(range("bytes=-0", 10), Unsatisfiable);
        assert_eq!(range("bytes=0-", 0), Unsatisfiable);
        assert_eq!(range("bytes=5-2", 10), Whole);
        assert_eq!(range("items=0-1", 10), Whole);
        assert_eq!(range("bytes=a-b", 10), Whole);
        assert_eq!(range("bytes=+1-2", 10), Whole);
        assert_eq!(range("bytes=", 10), Whole);
    }

    #[test]
    fn several_ranges() {
        assert_eq!(range("bytes=0-1,3-4", 10), Parts(vec![(0, 1), (3, 4)]));
        // In the order asked when they do not overlap.
        assert_eq!(range("bytes=-2, 0-0", 10), Parts(vec![(8, 9), (0, 0)]));
        // Unsatisfiable members are dropped; all of them: 416.
        assert_eq!(range("bytes=0-1,20-30", 10), one(0, 1));
        assert_eq!(range("bytes=20-30,40-", 10), Unsatisfiable);
        // Overlapping ones merged, sorted.
        assert_eq!(range("bytes=5-8,0-6,9-9", 10), Parts(vec![(0, 8), (9, 9)]));
        assert_eq!(range("bytes=0-5,0-5", 10), one(0, 5));
        // One bad member: the whole header is ignored.
        assert_eq!(range("bytes=0-1,x", 10), Whole);
        let many: Vec<String> = (0..=MAX_RANGES).map(|i| format!("{i}-{i}")).collect();
        assert_eq!(range(&format!("bytes={}", many.join(",")), 100), Whole);
    }

    const ETAG: &str = "\"5f-10\"";

    fn verdict(p: Preconditions<'_>, safe: bool) -> Verdict {
        evaluate(&p, safe, ETAG, 100)
    }

    #[test]
    fn if_none_match_and_if_modified_since() {
        let inm = |v| Preconditions {
            if_none_match: Some(v),
            ..Default::default()
        };
        assert_eq!(verdict(inm("\"5f-10\""), true), Verdict::NotModified);
        assert_eq!(
            verdict(inm("\"x\", W/\"5f-10\""), true),
            Verdict::NotModified
        );
        assert_eq!(verdict(inm("*"), true), Verdict::NotModified);
        assert_eq!(verdict(inm("\"x\""), true), Verdict::Proceed);
        // Not GET/HEAD: 412 instead of 304.
        assert_eq!(verdict(inm("\"5f-10\""), false), Verdict::Failed);
        // If-None-Match present: If-Modified-Since is ignored.
        let both = Preconditions {
            if_none_match: Some("\"other\""),
            if_modified_since: Some("Thu, 01 Jan 2099 00:00:00 GMT"),
            ..Default::default()
        };
        assert_eq!(verdict(both, true), Verdict::Proceed);
        let ims = |v| Preconditions {
            if_modified_since: Some(v),
            ..Default::default()
        };
        assert_eq!(
            verdict(ims("Thu, 01 Jan 1970 00:01:40 GMT"), true),
            Verdict::NotModified
        );
        assert_eq!(
            verdict(ims("Thu, 01 Jan 1970 00:01:39 GMT"), true),
            Verdict::Proceed
        );
        assert_eq!(verdict(ims("garbage"), true), Verdict::Proceed);
        assert_eq!(
            verdict(ims("Thu, 01 Jan 1970 00:01:40 GMT"), false),
            Verdict::Proceed
        );
    }

    #[test]
    fn if_match_and_if_unmodified_since_come_first() {
        let im = |v| Preconditions {
            if_match: Some(v),
            ..Default::default()
        };
        assert_eq!(verdict(im("\"5f-10\""), true), Verdict::Proceed);
        assert_eq!(verdict(im("\"a\", \"5f-10\""), true), Verdict::Proceed);
        assert_eq!(verdict(im("*"), true), Verdict::Proceed);
        assert_eq!(verdict(im("\"x\""), true), Verdict::Failed);
        // Strong comparison: a weak tag never matches.
        assert_eq!(verdict(im("W/\"5f-10\""), true), Verdict::Failed);
        let ius = |v| Preconditions {
            if_unmodified_since: Some(v),
            ..Default::default()
        };
        assert_eq!(
            verdict(ius("Thu, 01 Jan 1970 00:01:40 GMT"), true),
            Verdict::Proceed
        );
        assert_eq!(
            verdict(ius("Thu, 01 Jan 1970 00:01:39 GMT"), true),
            Verdict::Failed
        );
        assert_eq!(verdict(ius("not a date"), true), Verdict::Proceed);
        // If-Match present: If-Unmodified-Since is ignored.
        let both = Preconditions {
            if_match: Some("*"),
            if_unmodified_since: Some("Thu, 01 Jan 1970 00:00:01 GMT"),
            ..Default::default()
        };
        assert_eq!(verdict(both, true), Verdict::Proceed);
        // 412 is decided before 304: a failed If-Match wins over a
        // matching If-None-Match.
        let order = Preconditions {
            if_match: Some("\"x\""),
            if_none_match: Some("*"),
            ..Default::default()
        };
        assert_eq!(verdict(order, true), Verdict::Failed);
    }

    #[test]
    fn if_range() {
        assert!(if_range_allows(Some(ETAG), ETAG, "x"));
        assert!(!if_range_allows(Some("W/\"5f-10\""), ETAG, "x"));
        let date = "Thu, 01 Jan 1970 00:01:40 GMT";
        assert!(if_range_allows(Some(date), ETAG, date));
        assert!(!if_range_allows(
            Some("Thu, 01 Jan 1970 00:01:41 GMT"),
            ETAG,
            date
        ));
    }
}
