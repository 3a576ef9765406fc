//! `[compression]` and `[site.compression]` resolved into each site's
//! `compression::Policy`, and the workers' cache bounds. A site's section
//! overrides the top-level one key by key; what neither sets takes the
//! defaults below, so `tlsaccel serve --root DIR` compresses text.

use super::file::CompressionSection;
use super::Report;
use crate::compression::{CacheLimits, Coding, Policy, DEFAULT_TYPES};

/// The server's order when none is configured: zstd and brotli make text
/// 15-25 % smaller than gzip at these levels; zstd compresses and
/// decodes fastest of the three.
const DEFAULT_ENCODINGS: [Coding; 3] = [Coding::Zstd, Coding::Brotli, Coding::Gzip];
/// Levels by `Coding::index`, chosen by measurement (docs/compression.md):
/// each near the knee of its size/speed curve on HTML and JavaScript.
/// Brotli at 11 is 50x slower than at 5 for 5 % fewer bytes.
pub const DEFAULT_LEVELS: [u32; 3] = [6, 5, 6];
/// Below this a body gains too few bytes for the work (and for the
/// header that says so).
const DEFAULT_MIN_LENGTH: u64 = 256;
/// Per worker.
const DEFAULT_CACHE_MAX_BYTES: u64 = 64 << 20;
const DEFAULT_CACHE_MAX_ENTRY_BYTES: u64 = 1 << 20;

/// The policy of the site configured at `key` (None: the top level).
pub fn resolve_policy(
    top: &CompressionSection,
    site: Option<&CompressionSection>,
    key: &str,
    report: &mut Report,
) -> Policy {
    // The site's value, else the top level's, and the key to blame.
    macro_rules! pick {
        ($field:ident) => {
            match site.and_then(|s| s.$field.clone()) {
                Some(v) => (Some(v), format!("{key}.{}", stringify!($field))),
                None => (
                    top.$field.clone(),
                    format!("compression.{}", stringify!($field)),
                ),
            }
        };
    }
    let (encodings, encodings_key) = pick!(encodings);
    let codings = match encodings {
        None => DEFAULT_ENCODINGS.to_vec(),
        Some(tokens) => {
            let mut codings = Vec::new();
            for token in &tokens {
                match Coding::from_token(token) {
                    Some(c) if codings.contains(&c) => {
                        report.error(&encodings_key, format!("\"{token}\" is listed twice"))
                    }
                    Some(c) => codings.push(c),
                    None => report.error(
                        &encodings_key,
                        format!("\"{token}\" is not a coding this server makes: zstd, br or gzip"),
                    ),
                }
            }
            codings
        }
    };
    let (types, types_key) = pick!(types);
    let types = match types {
        None => DEFAULT_TYPES.iter().map(|t| t.to_string()).collect(),
        Some(types) => {
            for t in &types {
                let valid = t.split_once('/').is_some_and(|(kind, sub)| {
                    !kind.is_empty() && !sub.is_empty() && !t.contains([' ', ';', ','])
                });
                if !valid {
                    report.error(
                        &types_key,
                        format!("\"{t}\" is not a media type (type/subtype, or type/*)"),
                    );
                }
            }
            types.iter().map(|t| t.to_ascii_lowercase()).collect()
        }
    };
    let mut levels = DEFAULT_LEVELS;
    for coding in Coding::ALL {
        let name = coding.token();
        let from_site = site.and_then(|s| s.level.get(coding));
        let (level, level_key) = match from_site {
            Some(l) => (Some(l), format!("{key}.level.{name}")),
            None => (top.level.get(coding), format!("compression.level.{name}")),
        };
        if let Some(level) = level {
            let range = coding.levels();
            if range.contains(&level) {
                levels[coding.index()] = level;
            } else {
                report.error(
                    level_key,
                    format!("must be from {} to {}", range.start(), range.end()),
                );
            }
        }
    }
    if let Some(site) = site {
        for (given, name) in [
            (site.cache_max_bytes.is_some(), "cache_max_bytes"),
            (
                site.cache_max_entry_bytes.is_some(),
                "cache_max_entry_bytes",
            ),
        ] {
            if given {
                report.error(
                    format!("{key}.{name}"),
                    "the cache is the workers': set it in the top-level [compression]",
                );
            }
        }
    }
    Policy {
        codings,
        levels,
        types,
        min_length: pick!(min_length).0.unwrap_or(DEFAULT_MIN_LENGTH),
        precompressed: pick!(precompressed).0.unwrap_or(true),
        static_files: pick!(r#static).0.unwrap_or(true),
        proxy: pick!(proxy).0.unwrap_or(false),
    }
}

/// Each worker's cache of variants made on the fly.
pub fn resolve_cache(top: &CompressionSection, report: &mut Report) -> CacheLimits {
    let max_bytes = top.cache_max_bytes.unwrap_or(DEFAULT_CACHE_MAX_BYTES);
    if usize::try_from(max_bytes).is_err() {
        report.error("compression.cache_max_bytes", "too large");
    }
    CacheLimits {
        max_bytes: usize::try_from(max_bytes).unwrap_or(usize::MAX),
        max_entry_bytes: top
            .cache_max_entry_bytes
            .unwrap_or(DEFAULT_CACHE_MAX_ENTRY_BYTES),
    }
}

impl super::file::LevelSection {
    fn get(&self, coding: Coding) -> Option<u32> {
        match coding {
            Coding::Zstd => self.zstd,
            Coding::Brotli => self.br,
            Coding::Gzip => self.gzip,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(toml_text: &str) -> CompressionSection {
        toml::from_str(toml_text).unwrap()
    }

    #[test]
    fn defaults_and_overrides_key_by_key() {
        let mut report = Report::default();
        let top = section("encodings = [\"gzip\", \"br\"]\nmin_length = 1000\n[level]\ngzip = 9\n");
        let site = section("precompressed = false\n[level]\nbr = 3\n");
        let p = resolve_policy(&top, Some(&site), "site[0].compression", &mut report);
        assert!(!report.has_errors(), "{report:?}");
        assert_eq!(p.codings, [Coding::Gzip, Coding::Brotli]);
        assert_eq!(p.min_length, 1000);
        assert_eq!(p.levels, [6, 3, 9]);
        assert!(!p.precompressed && p.static_files && !p.proxy);
        let p = resolve_policy(
            &CompressionSection::default(),
            None,
            "compression",
            &mut report,
        );
        assert_eq!(p.codings, DEFAULT_ENCODINGS);
        assert_eq!(p.levels, DEFAULT_LEVELS);
        assert!(p.compressible("text/html") && !p.compressible("image/png"));
    }

    #[test]
    fn errors_name_their_keys() {
        let mut report = Report::default();
        let top = section(
            "encodings = [\"gzip\", \"deflate\", \"gzip\"]\ntypes = [\"text\"]\n[level]\nbr = 12\n",
        );
        let site = section("cache_max_bytes = 5\n[level]\ngzip = 0\n");
        resolve_policy(&top, Some(&site), "site[1].compression", &mut report);
        let text = format!("{report:?}");
        for needle in [
            "compression.encodings",
            "\\\"deflate\\\" is not a coding",
            "listed twice",
            "\\\"text\\\" is not a media type",
            "compression.level.br",
            "must be from 0 to 11",
            "site[1].compression.level.gzip",
            "must be from 1 to 9",
            "site[1].compression.cache_max_bytes",
        ] {
            assert!(text.contains(needle), "{needle} in {text}");
        }
    }
}
