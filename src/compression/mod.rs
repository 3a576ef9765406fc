//! Content codings (nginx's `gzip` and `gzip_static`, with brotli and
//! zstd), as data and pure functions: which responses a site compresses
//! (`Policy`), which coding a request accepts (`negotiate`), the
//! compressors (`encoder`), and the cache of static files compressed on the
//! fly (`cache`). A leaf: `config` resolves policies into it, `metrics`
//! shows its counters, and `exchange::compress` makes bodies of it.
//!
//! The handlers decide what to compress: `static_files` serves a
//! precompressed variant beside a file (`app.js.br`) or a cached one;
//! the worker's dispatch wraps a back end's body on routes that compress.
//! Nothing here does I/O.

mod cache;
mod encoder;
mod negotiate;

pub use cache::{FileVersion, VariantCache, VariantKey};
#[cfg(test)]
pub use encoder::tests::decode;
pub use encoder::{compress, Encoder};
pub use negotiate::acceptable;

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A content coding this server produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coding {
    Zstd,
    Brotli,
    Gzip,
}

impl Coding {
    pub const ALL: [Coding; 3] = [Coding::Zstd, Coding::Brotli, Coding::Gzip];

    /// Its name in `Accept-Encoding` and `Content-Encoding`.
    pub fn token(self) -> &'static str {
        match self {
            Coding::Zstd => "zstd",
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The suffix of a precompressed file beside the original.
    pub fn suffix(self) -> &'static str {
        match self {
            Coding::Zstd => ".zst",
            Coding::Brotli => ".br",
            Coding::Gzip => ".gz",
        }
    }

    pub fn from_token(token: &str) -> Option<Coding> {
        Coding::ALL.into_iter().find(|c| c.token() == token)
    }

    /// The levels the coding's library takes.
    pub fn levels(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Coding::Zstd => 1..=19,
            Coding::Brotli => 0..=11,
            Coding::Gzip => 1..=9,
        }
    }

    /// Its place in per-coding arrays (`Counters`, `Policy::levels`).
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a site compresses, resolved from its configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    /// The codings offered, the server's preference first; empty: none.
    pub codings: Vec<Coding>,
    /// The level of each coding, by `Coding::index`.
    pub levels: [u32; 3],
    /// Media types compressed: `type/subtype`, or `type/*`.
    pub types: Vec<String>,
    /// Bodies shorter than this are sent as they are.
    pub min_length: u64,
    /// `app.js.br` beside `app.js` is sent for `br`, if not older.
    pub precompressed: bool,
    /// Static files without a precompressed variant are compressed (once:
    /// the result is cached).
    pub static_files: bool,
    /// Back ends' responses are compressed on routes that do not say.
    pub proxy: bool,
}

impl Policy {
    pub fn level(&self, coding: Coding) -> u32 {
        self.levels[coding.index()]
    }

    /// Whether responses of this `Content-Type` are compressed.
    pub fn compressible(&self, content_type: &str) -> bool {
        let media = content_type
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        let Some((kind, _)) = media.split_once('/') else {
            return false;
        };
        self.types.iter().any(|t| match t.strip_suffix("/*") {
            Some(k) => k == kind,
            None => *t == media,
        })
    }

    /// Whether a response of `length` bytes (None: not known) may be worth
    /// compressing.
    pub fn long_enough(&self, length: Option<u64>) -> bool {
        length.is_none_or(|n| n >= self.min_length)
    }
}

/// Media types compressed by default: text, and the formats that are text
/// inside (fonts and images already compressed are left out).
pub const DEFAULT_TYPES: &[&str] = &[
    "text/*",
    "application/javascript",
    "application/json",
    "application/xml",
    "application/wasm",
    "application/manifest+json",
    "application/ld+json",
    "application/rss+xml",
    "application/atom+xml",
    "application/xhtml+xml",
    "image/svg+xml",
    "image/x-icon",
    "image/x-ms-bmp",
    "font/ttf",
    "font/otf",
];

/// The bounds of each worker's cache of on-the-fly variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheLimits {
    /// Bytes of compressed variants kept per worker.
    pub max_bytes: usize,
    /// Files longer than this are compressed as they are sent, not cached.
    pub max_entry_bytes: u64,
}

/// Where a compressed response's body came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A file beside the original (`app.js.br`), sent as it is.
    Precompressed,
    /// The worker's cache of variants.
    Cached,
    /// Compressed for this response.
    Compressed,
}

impl Origin {
    pub const ALL: [Origin; 3] = [Origin::Precompressed, Origin::Cached, Origin::Compressed];

    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Precompressed => "precompressed",
            Origin::Cached => "cached",
            Origin::Compressed => "compressed",
        }
    }
}

/// A worker's compression counters (`/metrics`).
#[derive(Debug, Default)]
pub struct Counters {
    /// Bytes given to the compressors, by coding.
    pub bytes_in: [AtomicU64; 3],
    /// Bytes they made of them.
    pub bytes_out: [AtomicU64; 3],
    /// Compressed responses, by origin and coding.
    pub responses: [[AtomicU64; 3]; 3],
    /// Bytes the worker's caches of variants hold now (a gauge: every
    /// cache adds what it takes and subtracts what it lets go).
    pub cache_bytes: AtomicU64,
}

impl Counters {
    pub fn response(&self, origin: Origin, coding: Coding) {
        self.responses[origin as usize][coding.index()].fetch_add(1, Relaxed);
    }

    pub fn compressed(&self, coding: Coding, bytes_in: u64, bytes_out: u64) {
        self.bytes_in[coding.index()].fetch_add(bytes_in, Relaxed);
        self.bytes_out[coding.index()].fetch_add(bytes_out, Relaxed);
    }
}

/// The validator of a representation made from another by a coding:
/// weak (its bytes depend on the compressor), and distinct per coding.
pub fn variant_etag(etag: &str, coding: Coding) -> String {
    let opaque = etag.strip_prefix("W/").unwrap_or(etag);
    let inner = opaque
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(opaque);
    format!("W/\"{inner}-{}\"", coding.token())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(types: &[&str]) -> Policy {
        Policy {
            codings: Coding::ALL.to_vec(),
            levels: [3, 5, 6],
            types: types.iter().map(|t| t.to_string()).collect(),
            min_length: 256,
            precompressed: true,
            static_files: true,
            proxy: false,
        }
    }

    #[test]
    fn compressible_types() {
        let p = policy(DEFAULT_TYPES);
        for t in [
            "text/html",
            "text/html; charset=utf-8",
            "TEXT/CSS",
            "application/javascript",
            "image/svg+xml",
        ] {
            assert!(p.compressible(t), "{t}");
        }
        for t in [
            "image/png",
            "font/woff2",
            "application/zip",
            "",
            "text",
            "application/json-seq",
        ] {
            assert!(!p.compressible(t), "{t}");
        }
    }

    #[test]
    fn lengths() {
        let p = policy(DEFAULT_TYPES);
        assert!(p.long_enough(None) && p.long_enough(Some(256)));
        assert!(!p.long_enough(Some(255)));
    }

    #[test]
    fn etags_per_variant() {
        assert_eq!(variant_etag("\"5f-1a\"", Coding::Brotli), "W/\"5f-1a-br\"");
        assert_eq!(variant_etag("W/\"abc\"", Coding::Gzip), "W/\"abc-gzip\"");
        assert_eq!(variant_etag("odd", Coding::Zstd), "W/\"odd-zstd\"");
    }
}
