//! Directory listings (nginx's `autoindex`), for sites and routes that turn
//! them on: the directory's entries read beneath the root, then an HTML
//! page (names escaped, sizes, dates, directories first, a parent link) or
//! nginx's JSON form for a client that asks for `application/json`.
//! Hidden entries (a leading `.`) are left out unless asked for; symbolic
//! links are listed as such, never followed (their targets may be outside
//! the root).

use super::open::Root;
use crate::exchange::{Body, Headers, KnownName, Request, Response};
use std::io;
use std::time::{Duration, UNIX_EPOCH};

/// Entries listed at most: a directory larger than this is cut short (and
/// says so), so one request cannot make a worker stat a million files.
const MAX_ENTRIES: usize = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Directory,
    File,
    Symlink,
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: Vec<u8>,
    pub kind: Kind,
    pub size: u64,
    /// Unix seconds.
    pub mtime: i64,
}

/// The entries of the directory `relative` under `root`, sorted:
/// directories first, then by name; and whether the list was cut short.
pub fn read(root: &Root, relative: &[u8], hidden: bool) -> io::Result<(Vec<Entry>, bool)> {
    use rustix::fs::{AtFlags, FileType};
    let dir = root.open_beneath(relative)?;
    let mut entries = Vec::new();
    let mut truncated = false;
    for entry in rustix::fs::Dir::read_from(&dir)? {
        let entry = entry?;
        let name = entry.file_name().to_bytes();
        if name == b"." || name == b".." || (!hidden && name.starts_with(b".")) {
            continue;
        }
        if entries.len() == MAX_ENTRIES {
            truncated = true;
            break;
        }
        // Gone since the directory was read: not listed.
        let Ok(stat) = rustix::fs::statat(&dir, entry.file_name(), AtFlags::SYMLINK_NOFOLLOW)
        else {
            continue;
        };
        let kind = match FileType::from_raw_mode(stat.st_mode) {
            FileType::Directory => Kind::Directory,
            FileType::RegularFile => Kind::File,
            FileType::Symlink => Kind::Symlink,
            _ => Kind::Other,
        };
        entries.push(Entry {
            name: name.to_vec(),
            kind,
            size: u64::try_from(stat.st_size).unwrap_or(0),
            mtime: stat.st_mtime,
        });
    }
    entries.sort_by(|a, b| {
        (a.kind != Kind::Directory, &a.name).cmp(&(b.kind != Kind::Directory, &b.name))
    });
    Ok((entries, truncated))
}

/// Whether the client asked for the JSON form.
pub fn wants_json(req: &Request) -> bool {
    req.header_list("accept")
        .is_some_and(|a| a.to_ascii_lowercase().contains("application/json"))
}

/// The listing of `path` (the request's path, `/` ended) as a response.
pub fn response(path: &str, entries: &[Entry], truncated: bool, json: bool) -> Response {
    let (content_type, body) = if json {
        ("application/json", render_json(entries))
    } else {
        (
            "text/html; charset=utf-8",
            render_html(path, entries, truncated),
        )
    };
    let mut headers = Headers::with_capacity(2);
    headers.append(KnownName::ContentType, content_type);
    headers.append(KnownName::Vary, "Accept");
    Response {
        status: 200,
        headers,
        body: Body::Bytes(body.into_bytes().into()),
        close: false,
        from_back_end: false,
    }
}

fn http_date(mtime: i64) -> String {
    httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(mtime.max(0) as u64))
}

fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

pub fn render_html(path: &str, entries: &[Entry], truncated: bool) -> String {
    let title = html_escape(path);
    let mut out = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Index of {title}</title></head>\n<body>\n<h1>Index of {title}</h1>\n<table>\n<tr><th>Name</th><th>Size</th><th>Last modified</th></tr>\n"
    );
    if path != "/" {
        out.push_str("<tr><td><a href=\"../\">../</a></td><td></td><td></td></tr>\n");
    }
    for e in entries {
        let name = String::from_utf8_lossy(&e.name);
        let slash = if e.kind == Kind::Directory { "/" } else { "" };
        let href = html_escape(&crate::uri::escape_path(&e.name));
        // A leading "./" keeps a name with a colon from reading as a scheme.
        let size = match e.kind {
            Kind::File => e.size.to_string(),
            _ => "-".into(),
        };
        out.push_str(&format!(
            "<tr><td><a href=\"./{href}{slash}\">{}{slash}</a></td><td>{size}</td><td>{}</td></tr>\n",
            html_escape(&name),
            http_date(e.mtime)
        ));
    }
    out.push_str("</table>\n");
    if truncated {
        out.push_str(&format!(
            "<p>Only the first {MAX_ENTRIES} entries are listed.</p>\n"
        ));
    }
    out.push_str("</body></html>\n");
    out
}

/// nginx's `autoindex_format json`: name, type, mtime, and size for files.
pub fn render_json(entries: &[Entry]) -> String {
    let list: Vec<serde_json::Value> = entries
        .iter()
        .map(|e| {
            let kind = match e.kind {
                Kind::Directory => "directory",
                Kind::File => "file",
                Kind::Symlink => "link",
                Kind::Other => "other",
            };
            let mut v = serde_json::json!({
                "name": String::from_utf8_lossy(&e.name),
                "type": kind,
                "mtime": http_date(e.mtime),
            });
            if e.kind == Kind::File {
                v["size"] = e.size.into();
            }
            v
        })
        .collect();
    serde_json::Value::Array(list).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, kind: Kind, size: u64) -> Entry {
        Entry {
            name: name.as_bytes().to_vec(),
            kind,
            size,
            mtime: 1_700_000_000,
        }
    }

    #[test]
    fn html_escapes_names_and_links_them_encoded() {
        let entries = [
            entry("sub", Kind::Directory, 0),
            entry("<b>&\"x\".txt", Kind::File, 12),
            entry("a b#?.bin", Kind::File, 3),
        ];
        let page = render_html("/files/<x>/", &entries, false);
        assert!(page.contains("<title>Index of /files/&lt;x&gt;/</title>"));
        assert!(page.contains("<a href=\"../\">../</a>"));
        assert!(page.contains("<a href=\"./sub/\">sub/</a></td><td>-</td>"));
        assert!(page.contains(
            "<a href=\"./%3Cb%3E&amp;%22x%22.txt\">&lt;b&gt;&amp;&quot;x&quot;.txt</a></td><td>12</td>"
        ));
        assert!(page.contains("<a href=\"./a%20b%23%3F.bin\">a b#?.bin</a>"));
        assert!(page.contains("Tue, 14 Nov 2023 22:13:20 GMT"));
        assert!(!render_html("/", &entries, false).contains("../"));
        assert!(render_html("/", &entries, true).contains("Only the first"));
    }

    #[test]
    fn json_is_nginx_autoindex_format() {
        let json = render_json(&[entry("d", Kind::Directory, 0), entry("f", Kind::File, 5)]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v[0]["type"], "directory");
        assert!(v[0].get("size").is_none());
        assert_eq!(v[1]["size"], 5);
        assert_eq!(v[1]["mtime"], "Tue, 14 Nov 2023 22:13:20 GMT");
    }
}
