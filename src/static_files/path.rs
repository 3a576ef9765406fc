//! From request target to a path relative to the document root: strips the
//! query, percent-decodes, and resolves `.` and `..` segments. This is the
//! first line of defence only; the kernel enforces the root at open time
//! (see `open.rs`).

use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestPath<'t> {
    /// Decoded, normalized, without leading slash; empty for the root.
    /// Borrowed from the target when it is in that form already.
    pub relative: Cow<'t, [u8]>,
    /// The request names a directory (ends in `/`, or is the root).
    pub trailing_slash: bool,
    /// The path as sent (still encoded), for redirects.
    pub raw_path: &'t [u8],
    pub query: Option<&'t [u8]>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathError {
    /// Not a path we can parse: 400.
    Malformed,
    /// A path that can never name a file under the root (NUL, climbing
    /// above it): answered like a missing file, 404.
    Outside,
}

/// The decoded, normalized path with its leading slash (and a trailing one
/// for a directory), as routes match it, so `/static/../api/x` is routed as
/// `/api/x`. None: not a path under the root.
/// Borrowed when the target's path is in that form already (most
/// requests): routing then costs no copy.
pub fn normalized(target: &[u8]) -> Option<Cow<'_, [u8]>> {
    let path = target.split(|&b| b == b'?').next().unwrap_or(target);
    if is_normal(path) {
        return Some(Cow::Borrowed(path));
    }
    let p = decode(target).ok()?;
    let mut out = Vec::with_capacity(p.relative.len() + 2);
    out.push(b'/');
    out.extend_from_slice(&p.relative);
    if p.trailing_slash && !p.relative.is_empty() {
        out.push(b'/');
    }
    Some(Cow::Owned(out))
}

/// A path `decode` would give back unchanged: a leading `/`, nothing
/// percent-encoded, no NUL, and no empty, `.` or `..` segment (an empty
/// last one is a trailing slash).
fn is_normal(path: &[u8]) -> bool {
    let Some(rest) = path.strip_prefix(b"/") else {
        return false;
    };
    // One pass, each segment judged at the `/` that ends it: paths are
    // short, and this is asked of every request (twice on sites with
    // routes), where two searches and a split cost twice as much.
    let mut start = 0;
    for (i, &b) in rest.iter().enumerate() {
        // Letters, digits and most punctuation: above every byte judged below.
        if b > b'/' {
            continue;
        }
        match b {
            b'%' | 0 => return false,
            b'/' if !ordinary_segment(&rest[start..i]) => return false,
            b'/' => start = i + 1,
            _ => {}
        }
    }
    let last = &rest[start..];
    last.is_empty() || ordinary_segment(last)
}

/// A segment that names itself: not empty, `.` or `..`.
fn ordinary_segment(segment: &[u8]) -> bool {
    !matches!(segment, b"" | b"." | b"..")
}

pub fn decode(target: &[u8]) -> Result<RequestPath<'_>, PathError> {
    let path_and_query = strip_absolute_form(target)?;
    let (raw_path, query) = match path_and_query.iter().position(|&b| b == b'?') {
        Some(i) => (&path_and_query[..i], Some(&path_and_query[i + 1..])),
        None => (path_and_query, None),
    };
    let (relative, trailing_slash) = if is_normal(raw_path) {
        // Most requests: nothing to decode or resolve, so no copy.
        let rest = &raw_path[1..];
        let relative = rest.strip_suffix(b"/").unwrap_or(rest);
        (
            Cow::Borrowed(relative),
            rest.is_empty() || rest.ends_with(b"/"),
        )
    } else {
        let (relative, trailing_slash) = resolve(raw_path)?;
        (Cow::Owned(relative), trailing_slash)
    };
    Ok(RequestPath {
        relative,
        trailing_slash,
        raw_path,
        query,
    })
}

/// `raw_path` percent-decoded and its segments resolved: the relative
/// path, and whether it names a directory.
fn resolve(raw_path: &[u8]) -> Result<(Vec<u8>, bool), PathError> {
    let decoded = percent_decode(raw_path)?;
    if decoded.contains(&0) {
        return Err(PathError::Outside);
    }
    // Segments are joined as they come; `..` cuts back to the last `/`.
    let mut relative = Vec::with_capacity(decoded.len());
    let mut ends_in_dir = true;
    for segment in decoded.split(|&b| b == b'/') {
        match segment {
            b"" | b"." => ends_in_dir = true,
            b".." => {
                if relative.is_empty() {
                    return Err(PathError::Outside);
                }
                let parent = relative.iter().rposition(|&b| b == b'/').unwrap_or(0);
                relative.truncate(parent);
                ends_in_dir = true;
            }
            name => {
                if !relative.is_empty() {
                    relative.push(b'/');
                }
                relative.extend_from_slice(name);
                ends_in_dir = false;
            }
        }
    }
    Ok((relative, ends_in_dir))
}

fn strip_absolute_form(target: &[u8]) -> Result<&[u8], PathError> {
    if target.first() == Some(&b'/') {
        return Ok(target);
    }
    let lower: Vec<u8> = target.iter().take(8).map(u8::to_ascii_lowercase).collect();
    let rest = if lower.starts_with(b"http://") {
        &target[7..]
    } else if lower.starts_with(b"https://") {
        &target[8..]
    } else {
        return Err(PathError::Malformed);
    };
    Ok(match rest.iter().position(|&b| b == b'/') {
        Some(i) => &rest[i..],
        None => b"/",
    })
}

/// `input` with its escapes decoded (borrowed when it has none).
fn percent_decode(input: &[u8]) -> Result<Cow<'_, [u8]>, PathError> {
    if !input.contains(&b'%') {
        return Ok(Cow::Borrowed(input));
    }
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'%' {
            let hex = input.get(i + 1..i + 3).ok_or(PathError::Malformed)?;
            let value = std::str::from_utf8(hex)
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or(PathError::Malformed)?;
            out.push(value);
            i += 3;
        } else {
            out.push(input[i]);
            i += 1;
        }
    }
    Ok(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(target: &str) -> Result<(String, bool), PathError> {
        decode(target.as_bytes()).map(|p| {
            (
                String::from_utf8(p.relative.into_owned()).unwrap(),
                p.trailing_slash,
            )
        })
    }

    #[test]
    fn a_borrowed_path_is_what_resolving_it_gives() {
        for t in [
            "/",
            "/a",
            "/a/",
            "/a/b",
            "/a/b/",
            "/a/b.html",
            "/.hidden/",
            "/..x",
            "/x..",
            "/a.b/c",
        ] {
            let p = decode(t.as_bytes()).unwrap();
            assert!(matches!(p.relative, Cow::Borrowed(_)), "{t:?}");
            let resolved = resolve(t.as_bytes()).unwrap();
            assert_eq!((p.relative.to_vec(), p.trailing_slash), resolved, "{t:?}");
        }
        for t in [
            "/a//b", "//a", "/a/./b", "/a/..", "/%61", "/a/../b/", "/.", "/a/.", "//", "/a/.//",
        ] {
            let p = decode(t.as_bytes()).unwrap();
            assert!(matches!(p.relative, Cow::Owned(_)), "{t:?}");
        }
    }

    #[test]
    fn routes_see_the_same_path_borrowed_or_decoded() {
        let decoded = |t: &[u8]| {
            decode(t).ok().map(|p| {
                let mut out = b"/".to_vec();
                out.extend_from_slice(&p.relative);
                if p.trailing_slash && !p.relative.is_empty() {
                    out.push(b'/');
                }
                out
            })
        };
        for t in [
            "/",
            "/a",
            "/a/",
            "/a/b.html?x=1",
            "/api/v1/items/",
            "/a//b",
            "//a",
            "/a/./b",
            "/a/.",
            "/a/..",
            "/..",
            "/a/../b/",
            "/%61",
            "/a?b/../c",
            "http://h/x",
            "x",
            "/a/b/c/",
            "/.hidden",
            "/..x",
            "/x..",
            "/a\0b",
        ] {
            let got = normalized(t.as_bytes());
            assert_eq!(got.as_deref(), decoded(t.as_bytes()).as_deref(), "{t:?}");
            let plain = [
                "/",
                "/a",
                "/a/",
                "/a/b.html?x=1",
                "/api/v1/items/",
                "/.hidden",
                "/..x",
                "/x..",
            ];
            if plain.contains(&t) {
                assert!(matches!(got, Some(Cow::Borrowed(_))), "{t:?} copied");
            }
        }
    }

    #[test]
    fn normal_paths() {
        assert_eq!(rel("/"), Ok(("".into(), true)));
        assert_eq!(rel("/a/b.html?x=1"), Ok(("a/b.html".into(), false)));
        assert_eq!(rel("/a//b/./c/"), Ok(("a/b/c".into(), true)));
        assert_eq!(rel("/a/../b"), Ok(("b".into(), false)));
        assert_eq!(
            rel("/hello%20world.txt"),
            Ok(("hello world.txt".into(), false))
        );
        assert_eq!(rel("http://example.com/x?y"), Ok(("x".into(), false)));
        assert_eq!(rel("https://example.com"), Ok(("".into(), true)));
    }

    #[test]
    fn escapes_are_refused() {
        for t in [
            "/../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/a/%2E%2E/%2e%2e/x",
            "/..%2fetc",
            "/a%2f..%2f..%2fb",
            "/x%00.html",
        ] {
            assert_eq!(rel(t), Err(PathError::Outside), "{t}");
        }
    }

    #[test]
    fn malformed() {
        for t in ["*", "x/y", "/%", "/%4", "/%zz"] {
            assert_eq!(rel(t), Err(PathError::Malformed), "{t}");
        }
    }

    #[test]
    fn query_and_raw_path_kept_for_redirects() {
        let p = decode(b"/dir%20a?q=1").unwrap();
        assert_eq!(p.raw_path, b"/dir%20a");
        assert_eq!(p.query, Some(&b"q=1"[..]));
    }
}
