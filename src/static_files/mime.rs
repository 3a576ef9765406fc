//! Content types by file extension (the common part of nginx's mime.types).

pub const DEFAULT: &str = "application/octet-stream";

const TYPES: &[(&str, &str)] = &[
    ("html", "text/html"),
    ("htm", "text/html"),
    ("css", "text/css"),
    ("js", "application/javascript"),
    ("mjs", "application/javascript"),
    ("json", "application/json"),
    ("map", "application/json"),
    ("xml", "text/xml"),
    ("txt", "text/plain"),
    ("md", "text/markdown"),
    ("csv", "text/csv"),
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("gif", "image/gif"),
    ("webp", "image/webp"),
    ("avif", "image/avif"),
    ("svg", "image/svg+xml"),
    ("svgz", "image/svg+xml"),
    ("ico", "image/x-icon"),
    ("bmp", "image/x-ms-bmp"),
    ("woff", "font/woff"),
    ("woff2", "font/woff2"),
    ("ttf", "font/ttf"),
    ("otf", "font/otf"),
    ("wasm", "application/wasm"),
    ("pdf", "application/pdf"),
    ("zip", "application/zip"),
    ("gz", "application/gzip"),
    ("tgz", "application/gzip"),
    ("tar", "application/x-tar"),
    ("bz2", "application/x-bzip2"),
    ("xz", "application/x-xz"),
    ("zst", "application/zstd"),
    ("7z", "application/x-7z-compressed"),
    ("mp3", "audio/mpeg"),
    ("ogg", "audio/ogg"),
    ("m4a", "audio/x-m4a"),
    ("wav", "audio/wav"),
    ("mp4", "video/mp4"),
    ("webm", "video/webm"),
    ("mov", "video/quicktime"),
    ("m3u8", "application/vnd.apple.mpegurl"),
    ("ts", "video/mp2t"),
    ("rss", "application/rss+xml"),
    ("atom", "application/atom+xml"),
    ("webmanifest", "application/manifest+json"),
    ("iso", "application/octet-stream"),
    ("bin", "application/octet-stream"),
];

/// Every content type `content_type` gives.
pub fn all() -> impl Iterator<Item = &'static str> {
    TYPES.iter().map(|(_, t)| *t).chain([DEFAULT])
}

/// The content type for a file name; the extension is matched case-insensitively.
pub fn content_type(file_name: &[u8]) -> &'static str {
    let Some(dot) = file_name.iter().rposition(|&b| b == b'.') else {
        return DEFAULT;
    };
    let ext = &file_name[dot + 1..];
    if ext.contains(&b'/') {
        return DEFAULT;
    }
    TYPES
        .iter()
        .find(|(e, _)| e.as_bytes().eq_ignore_ascii_case(ext))
        .map(|(_, t)| *t)
        .unwrap_or(DEFAULT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_extension() {
        assert_eq!(content_type(b"a/index.HTML"), "text/html");
        assert_eq!(content_type(b"x.tar.gz"), "application/gzip");
        assert_eq!(content_type(b"README"), DEFAULT);
        assert_eq!(content_type(b"dir.d/file"), DEFAULT);
    }
}
