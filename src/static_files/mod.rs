//! The static file handler (nginx's `ngx_http_static_module` and
//! `ngx_http_index_module`): maps a request to a file under the document
//! root and decides status, validators and byte range. It returns a
//! `Response` whose body names the open file; sending is the connection's
//! job, so this module does no network I/O.

mod cache;
mod conditional;
mod mime;
mod open;
mod path;

pub use cache::OpenFileCache;
pub use open::Root;
pub use path::normalized as normalized_path;

use crate::http::{Body, Method, RequestHead, Response};
use cache::Found;
use conditional::RangeAnswer;
use std::fs::File;
use std::io;
use std::os::unix::fs::MetadataExt;
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

    pub fn respond(&mut self, req: &RequestHead) -> Response {
        let head = match req.method {
            Method::Get => false,
            Method::Head => true,
            Method::Other(_) => {
                let mut r = Response::error(405);
                r.headers.push("Allow: GET, HEAD".into());
                return r;
            }
        };
        let response = self.respond_get(req);
        if head {
            response.without_body()
        } else {
            response
        }
    }

    fn respond_get(&mut self, req: &RequestHead) -> Response {
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
    r.headers.push(format!("Location: {location}"));
    r
}

fn file_response(req: &RequestHead, file: std::rc::Rc<OpenFile>) -> Response {
    let mut headers = vec![
        format!("Last-Modified: {}", file.last_modified),
        format!("ETag: {}", file.etag),
    ];
    if conditional::not_modified(
        req.if_none_match.as_deref(),
        req.if_modified_since.as_deref(),
        &file.etag,
        file.mtime,
    ) {
        return Response {
            status: 304,
            content_type: None,
            content_length: 0,
            headers,
            body: Body::Empty,
            close: false,
        };
    }
    headers.push("Accept-Ranges: bytes".into());
    let len = file.len;
    let answer = match &req.range {
        Some(r)
            if conditional::if_range_allows(
                req.if_range.as_deref(),
                &file.etag,
                &file.last_modified,
            ) =>
        {
            conditional::range(r, len)
        }
        _ => RangeAnswer::Whole,
    };
    let (status, offset, part_len) = match answer {
        RangeAnswer::Whole => (200, 0, len),
        RangeAnswer::Part { start, end } => {
            headers.push(format!("Content-Range: bytes {start}-{end}/{len}"));
            (206, start, end - start + 1)
        }
        RangeAnswer::Unsatisfiable => {
            let mut r = Response::error(416);
            r.close = false;
            r.headers.push(format!("Content-Range: bytes */{len}"));
            return r;
        }
    };
    Response {
        status,
        content_type: Some(file.content_type),
        content_length: part_len,
        headers,
        body: if part_len == 0 {
            Body::Empty
        } else {
            Body::File {
                file,
                offset,
                len: part_len,
            }
        },
        close: false,
    }
}
