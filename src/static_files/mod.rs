//! The static file handler (nginx's `ngx_http_static_module` and
//! `ngx_http_index_module`): maps a request to a file under the document
//! root and decides status, validators and byte range. It takes an
//! `exchange::Request` and returns an `exchange::Response` whose body names
//! a range of the open file; sending is the protocol's job, so this module
//! does no network I/O.

mod cache;
mod conditional;
mod mime;
mod open;
mod path;

pub use cache::OpenFileCache;
pub use open::Root;
pub use path::normalized as normalized_path;

use crate::exchange::{Body, FileRange, Headers, Method, Request, Response};
use cache::Found;
use conditional::RangeAnswer;
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::MetadataExt;
use std::rc::Rc;
use std::time::{Duration, UNIX_EPOCH};

/// An open regular file with the metadata responses need.
#[derive(Debug)]
pub struct OpenFile {
    pub file: File,
    pub len: u64,
    pub mtime: u64,
    pub etag: String,
    pub last_modified: String,
    pub content_type: &'static str,
}

impl AsFd for OpenFile {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

impl OpenFile {
    fn new(file: File, meta: &std::fs::Metadata, name: &[u8]) -> OpenFile {
        let mtime = meta.mtime().max(0) as u64;
        OpenFile {
            file,
            len: meta.len(),
            mtime,
            // nginx's format, so caches keep working across a switch.
            etag: format!("\"{:x}-{:x}\"", mtime, meta.len()),
            last_modified: httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(mtime)),
            content_type: mime::content_type(name),
        }
    }
}

/// Serves files from one document root; one per worker.
pub struct StaticFiles {
    root: Root,
    index: Vec<u8>,
    cache: OpenFileCache,
}

impl StaticFiles {
    pub fn new(root: Root, index: &str, cache: OpenFileCache) -> Self {
        StaticFiles {
            root,
            index: index.as_bytes().to_vec(),
            cache,
        }
    }

    /// The response to a request. HEAD gets the GET response; the
    /// protocol sends its head only.
    pub fn respond(&mut self, req: &Request) -> Response {
        if let Method::Other(_) = req.method {
            let mut r = Response::error(405);
            r.headers.append("Allow", "GET, HEAD");
            return r;
        }
        self.respond_get(req)
    }

    /// Whether this handler reads request bodies (it never does: a body
    /// is discarded, or not asked for when the answer is a refusal).
    pub fn accepts_body(req: &Request) -> bool {
        matches!(req.method, Method::Get | Method::Head)
    }

    fn respond_get(&mut self, req: &Request) -> Response {
        if self.root.refresh(self.cache.valid()) {
            self.cache.clear();
        }
        let path = match path::decode(&req.target) {
            Ok(p) => p,
            Err(path::PathError::Malformed) => return Response::error(400),
            Err(path::PathError::Outside) => return Response::error(404),
        };
        if path.trailing_slash {
            let mut index_path = path.relative.clone();
            if !index_path.is_empty() {
                index_path.push(b'/');
            }
            index_path.extend_from_slice(&self.index);
            return match self.cache.lookup(&self.root, &index_path) {
                Ok(Found::File(f)) => file_response(req, f),
                Ok(_) => Response::error(403),
                // No index: a directory listing is never produced.
                Err(e) if is_not_found(&e) => match self.cache.lookup(&self.root, &path.relative) {
                    Ok(Found::Directory) => Response::error(403),
                    Ok(_) => Response::error(404),
                    Err(e) => error_for(&e),
                },
                Err(e) => error_for(&e),
            };
        }
        match self.cache.lookup(&self.root, &path.relative) {
            Ok(Found::File(f)) => file_response(req, f),
            Ok(Found::Directory) => redirect_to_directory(&path),
            Ok(Found::Special) => Response::error(403),
            Err(e) => error_for(&e),
        }
    }
}

fn is_not_found(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::ENOENT) | Some(libc::ENOTDIR) | Some(libc::ENAMETOOLONG)
    )
}

fn error_for(e: &io::Error) -> Response {
    if is_not_found(e) {
        return Response::error(404);
    }
    match e.raw_os_error() {
        // EXDEV: RESOLVE_BENEATH refused a path leaving the root; ELOOP: too
        // many links or a magic link.
        Some(libc::EACCES | libc::EPERM | libc::EXDEV | libc::ELOOP) => Response::error(403),
        _ => {
            tracing::error!(error = %e, "cannot open file");
            Response::error(500)
        }
    }
}

fn redirect_to_directory(path: &path::RequestPath) -> Response {
    let mut location = String::from_utf8_lossy(&path.raw_path).into_owned();
    location.push('/');
    if let Some(q) = &path.query {
        location.push('?');
        location.push_str(&String::from_utf8_lossy(q));
    }
    let mut r = Response::error(301);
    r.close = false;
    r.headers.append("Location", location);
    r
}

fn file_response(req: &Request, file: Rc<OpenFile>) -> Response {
    let mut headers = Headers::with_capacity(6);
    let text = |name| req.header_text(name);
    let not_modified = conditional::not_modified(
        text("if-none-match").as_deref(),
        text("if-modified-since").as_deref(),
        &file.etag,
        file.mtime,
    );
    if !not_modified {
        headers.append("Content-Type", file.content_type);
    }
    headers.append("Last-Modified", &file.last_modified);
    headers.append("ETag", &file.etag);
    if not_modified {
        return Response {
            status: 304,
            headers,
            body: Body::Empty,
            close: false,
        };
    }
    headers.append("Accept-Ranges", "bytes");
    let len = file.len;
    let answer = match text("range") {
        Some(r)
            if conditional::if_range_allows(
                text("if-range").as_deref(),
                &file.etag,
                &file.last_modified,
            ) =>
        {
            conditional::range(r.trim(), len)
        }
        _ => RangeAnswer::Whole,
    };
    let (status, offset, part_len) = match answer {
        RangeAnswer::Whole => (200, 0, len),
        RangeAnswer::Part { start, end } => {
            headers.append("Content-Range", format!("bytes {start}-{end}/{len}"));
            (206, start, end - start + 1)
        }
        RangeAnswer::Unsatisfiable => {
            let mut r = Response::error(416);
            r.close = false;
            r.headers.append("Content-Range", format!("bytes */{len}"));
            return r;
        }
    };
    Response {
        status,
        headers,
        body: if part_len == 0 {
            Body::Empty
        } else {
            Body::File(FileRange {
                file,
                offset,
                len: part_len,
            })
        },
        close: false,
    }
}
