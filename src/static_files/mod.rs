//! The static file handler (nginx's `ngx_http_static_module` and
//! `ngx_http_index_module`): maps a request to a file under the document
//! root and decides status, validators and byte range. It takes an
//! `exchange::Request` and returns an `exchange::Response` whose body names
//! a range of the open file; sending is the protocol's job, so this module
//! does no network I/O.

mod cache;
mod compressed;
mod conditional;
mod listing;
mod mime;
mod open;
mod path;

pub use cache::OpenFileCache;
pub use compressed::StaticCompression;
pub use open::Root;
pub use path::normalized as normalized_path;

use crate::compression::{Coding, FileVersion};
use crate::config::TryFile;
use crate::exchange::{
    Body, FileRange, Headers, KnownName, Method, Request, Response, Segment, SharedFields,
    SourceFile,
};
use cache::Found;
use conditional::{Preconditions, RangeAnswer, Verdict};
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::{FileExt, MetadataExt};
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
    /// What a whole response of it says of it (validators, ranges, type),
    /// made once for every response of this version.
    pub fields: Rc<SharedFields>,
    /// What identifies this version of its contents (the key of its
    /// compressed variants).
    pub version: FileVersion,
    /// The whole file, read right after its metadata, for a small file the
    /// cache keeps (`open_file_cache.contents_max_bytes`): a protocol that
    /// copies file bytes anyway (HTTP/2 builds its frames in user space)
    /// copies these instead of reading the file for every response. Every
    /// response sends these same bytes until the entry is opened again.
    pub contents: Option<Box<[u8]>>,
}

impl AsFd for OpenFile {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

impl SourceFile for OpenFile {
    fn kept(&self, offset: u64, len: u64) -> Option<&[u8]> {
        let start = usize::try_from(offset).ok()?;
        let end = start.checked_add(usize::try_from(len).ok()?)?;
        self.contents.as_deref()?.get(start..end)
    }
}

impl OpenFile {
    fn new(file: File, meta: &std::fs::Metadata, name: &[u8]) -> OpenFile {
        let mtime = meta.mtime().max(0) as u64;
        // nginx's format, so caches keep working across a switch.
        let etag = format!("\"{:x}-{:x}\"", mtime, meta.len());
        let last_modified = httpdate::fmt_http_date(UNIX_EPOCH + Duration::from_secs(mtime));
        let content_type = mime::content_type(name);
        let fields = SharedFields::new(representation_fields(
            &etag,
            &last_modified,
            None,
            Some(content_type),
        ));
        OpenFile {
            file,
            len: meta.len(),
            mtime,
            etag,
            last_modified,
            content_type,
            fields,
            version: FileVersion {
                dev: meta.dev(),
                ino: meta.ino(),
                len: meta.len(),
                mtime_ns: i128::from(meta.mtime()) * 1_000_000_000 + i128::from(meta.mtime_nsec()),
            },
            contents: None,
        }
    }

    /// Reads the whole file into `contents`; leaves it None if the file
    /// is no longer `len` bytes long (it changed since it was opened) or
    /// cannot be read (the response's own read reports that).
    fn keep_contents(&mut self) {
        let mut contents = vec![0u8; self.len as usize];
        if self.file.read_exact_at(&mut contents, 0).is_err() {
            return;
        }
        let mut probe = [0u8; 1];
        if matches!(self.file.read_at(&mut probe, self.len), Ok(0)) {
            self.contents = Some(contents.into_boxed_slice());
        }
    }
}

/// What a site or static route asks of the files beyond the path.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// Candidates tried in order (`try_files`); empty: the path alone.
    pub try_files: &'a [TryFile],
    /// A directory without its index file is listed, not refused.
    pub listing: bool,
    /// Listings include names starting with a dot.
    pub listing_hidden: bool,
}

/// Serves files from one document root; one per worker.
pub struct StaticFiles {
    root: Root,
    index: Vec<u8>,
    cache: OpenFileCache,
    /// None: the site compresses nothing.
    compression: Option<StaticCompression>,
}

impl StaticFiles {
    pub fn new(
        root: Root,
        index: &str,
        cache: OpenFileCache,
        compression: Option<StaticCompression>,
    ) -> Self {
        StaticFiles {
            root,
            index: index.as_bytes().to_vec(),
            cache,
            compression,
        }
    }

    /// The response to a request, as `options` say. HEAD gets the GET
    /// response; the protocol sends its head only.
    pub fn respond(&mut self, req: &Request, options: &Options<'_>) -> Response {
        match &req.method {
            Method::Get | Method::Head => self.respond_get(req, options),
            // RFC 9110 15.5.6: 405 names the methods that are allowed.
            method if method.is_standard() => {
                let mut r = Response::error(405);
                r.headers.append("Allow", "GET, HEAD");
                r
            }
            // RFC 9110 9.1: a method this server does not know.
            _ => Response::error(501),
        }
    }

    /// Whether this handler reads request bodies (it never does: a body
    /// is discarded, or not asked for when the answer is a refusal).
    pub fn accepts_body(req: &Request) -> bool {
        matches!(req.method, Method::Get | Method::Head)
    }

    /// The site's page for an error `status`: the file at `page` under
    /// the root, sent with that status (no validators, no ranges: it
    /// stands for an error, not for the file). None: it cannot be opened.
    pub fn error_page(&mut self, status: u16, page: &str) -> Option<Response> {
        let relative = page.trim_start_matches('/').as_bytes();
        let Ok(Found::File(file)) = self.cache.lookup(&self.root, relative) else {
            tracing::warn!(
                status,
                page,
                "error page cannot be opened; sending the built-in one"
            );
            return None;
        };
        let mut headers = Headers::with_capacity(2);
        headers.append(KnownName::ContentType, file.content_type);
        let len = file.len;
        Some(Response {
            status,
            headers,
            body: file_body(&file, 0, len),
            close: false,
            from_back_end: false,
        })
    }

    fn respond_get(&mut self, req: &Request, options: &Options<'_>) -> Response {
        if self.root.refresh(self.cache.valid()) {
            self.cache.clear();
        }
        let path = match path::decode(&req.target) {
            Ok(p) => p,
            Err(path::PathError::Malformed) => return Response::error(400),
            Err(path::PathError::Outside) => return Response::error(404),
        };
        if !options.try_files.is_empty() {
            return self.try_candidates(req, &path, options.try_files);
        }
        if path.trailing_slash {
            let mut index_path = path.relative.to_vec();
            if !index_path.is_empty() {
                index_path.push(b'/');
            }
            index_path.extend_from_slice(&self.index);
            return match self.cache.lookup(&self.root, &index_path) {
                Ok(Found::File(f)) => self.respond_file(req, &index_path, f),
                Ok(_) => Response::error(403),
                // No index: a listing where the site allows one.
                Err(e) if is_not_found(&e) => match self.cache.lookup(&self.root, &path.relative) {
                    Ok(Found::Directory) if options.listing => {
                        self.listing(req, &path, options.listing_hidden)
                    }
                    Ok(Found::Directory) => Response::error(403),
                    Ok(_) => Response::error(404),
                    Err(e) => error_for(&e),
                },
                Err(e) => error_for(&e),
            };
        }
        match self.cache.lookup(&self.root, &path.relative) {
            Ok(Found::File(f)) => self.respond_file(req, &path.relative, f),
            Ok(Found::Directory) => redirect_to_directory(&path),
            Ok(Found::Special) => Response::error(403),
            Err(e) => error_for(&e),
        }
    }

    /// The listing of the directory `path` names.
    fn listing(&self, req: &Request, path: &path::RequestPath<'_>, hidden: bool) -> Response {
        match listing::read(&self.root, &path.relative, hidden) {
            Ok((entries, truncated)) => {
                let shown = String::from_utf8_lossy(path.raw_path);
                listing::response(&shown, &entries, truncated, listing::wants_json(req))
            }
            Err(e) => error_for(&e),
        }
    }

    /// nginx's `try_files`: the first candidate that is a regular file
    /// (`$uri/`: a directory with its index file) answers; `=STATUS` ends
    /// the list; nothing found is 404.
    fn try_candidates(
        &mut self,
        req: &Request,
        path: &path::RequestPath<'_>,
        try_files: &[TryFile],
    ) -> Response {
        let mut candidate = Vec::new();
        for try_file in try_files {
            candidate.clear();
            match try_file {
                TryFile::Uri => candidate.extend_from_slice(&path.relative),
                TryFile::UriWithSuffix(suffix) => {
                    // A suffix names a file beside, never the directory.
                    if path.trailing_slash {
                        continue;
                    }
                    candidate.extend_from_slice(&path.relative);
                    candidate.extend_from_slice(suffix.as_bytes());
                }
                TryFile::UriDirectory => {
                    if !matches!(
                        self.cache.lookup(&self.root, &path.relative),
                        Ok(Found::Directory)
                    ) {
                        continue;
                    }
                    candidate.extend_from_slice(&path.relative);
                    if !candidate.is_empty() {
                        candidate.push(b'/');
                    }
                    candidate.extend_from_slice(&self.index);
                    if !matches!(
                        self.cache.lookup(&self.root, &candidate),
                        Ok(Found::File(_))
                    ) {
                        continue;
                    }
                    if !path.trailing_slash {
                        return redirect_to_directory(path);
                    }
                }
                TryFile::File(file) => {
                    candidate.extend_from_slice(file.trim_start_matches('/').as_bytes())
                }
                TryFile::Status(status) => return Response::error(*status),
            }
            if let Ok(Found::File(f)) = self.cache.lookup(&self.root, &candidate) {
                return self.respond_file(req, &candidate, f);
            }
        }
        Response::error(404)
    }
}

impl StaticFiles {
    /// The response for the file at `relative`: the file itself, or, for a
    /// site that compresses and a client that accepts it, a precompressed
    /// variant beside it or the file compressed on the fly.
    fn respond_file(&mut self, req: &Request, relative: &[u8], file: Rc<OpenFile>) -> Response {
        let identity = |file: &Rc<OpenFile>| file_response(req, &Representation::identity(file));
        let Some(compression) = self.compression.as_ref().filter(|c| c.applies_to(&file)) else {
            return identity(&file);
        };
        let accepted = compression.accepted(req);
        let mut response = None;
        if compression.policy().precompressed {
            // Any coding the client accepts, sent by sendfile, before the
            // best one made on the fly.
            let mut variant_path = relative.to_vec();
            for &coding in &accepted {
                variant_path.truncate(relative.len());
                variant_path.extend_from_slice(coding.suffix().as_bytes());
                let Some(variant) = self.cache.lookup_variant(&self.root, &variant_path) else {
                    continue;
                };
                // Older than the original: left from a previous version.
                if variant.mtime < file.mtime {
                    continue;
                }
                let etag = compressed::precompressed_etag(&variant, coding);
                let r = file_response(
                    req,
                    &Representation {
                        file: &variant,
                        etag: &etag,
                        last_modified: &variant.last_modified,
                        mtime: variant.mtime,
                        content_type: file.content_type,
                        encoding: Some(coding),
                        shared: None,
                    },
                );
                compression.count_precompressed(&r, coding);
                response = Some(r);
                break;
            }
        }
        let mut response = match (response, accepted.first()) {
            (Some(r), _) => r,
            (None, Some(&coding)) if compression.policy().static_files => {
                compression.on_the_fly(req, &file, coding)
            }
            (None, _) => identity(&file),
        };
        crate::exchange::compress::vary_on_accept_encoding(&mut response.headers);
        response
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
    let mut location = String::from_utf8_lossy(path.raw_path).into_owned();
    location.push('/');
    if let Some(q) = path.query {
        location.push('?');
        location.push_str(&String::from_utf8_lossy(q));
    }
    let mut r = Response::error(301);
    r.close = false;
    r.headers.append(KnownName::Location, location);
    r
}

/// What a response to a file sends: its bytes (the file, or a
/// precompressed variant beside it) and their validators.
struct Representation<'a> {
    file: &'a Rc<OpenFile>,
    etag: &'a str,
    last_modified: &'a str,
    mtime: u64,
    /// The original file's, whatever the bytes.
    content_type: &'static str,
    encoding: Option<Coding>,
    /// `representation_fields` of these, made when the file was opened.
    shared: Option<&'a Rc<SharedFields>>,
}

impl<'a> Representation<'a> {
    fn identity(file: &'a Rc<OpenFile>) -> Self {
        Representation {
            file,
            etag: &file.etag,
            last_modified: &file.last_modified,
            mtime: file.mtime,
            content_type: file.content_type,
            encoding: None,
            shared: Some(&file.fields),
        }
    }

    /// The fields of an answer with these bytes, its `Content-Type` among
    /// them when `typed` (a multipart answer has its own).
    fn fields(&self, typed: bool) -> Headers {
        match self.shared {
            Some(shared) if typed => Headers::sharing(shared.clone()),
            _ => representation_fields(
                self.etag,
                self.last_modified,
                self.encoding,
                typed.then_some(self.content_type),
            ),
        }
    }
}

/// What an answer with a representation's bytes says of them: its
/// validators, that ranges are served, its coding, and its type unless
/// the answer has its own.
fn representation_fields(
    etag: &str,
    last_modified: &str,
    encoding: Option<Coding>,
    content_type: Option<&str>,
) -> Headers {
    let mut headers = validators(etag, last_modified);
    headers.append(KnownName::AcceptRanges, "bytes");
    if let Some(coding) = encoding {
        headers.append(KnownName::ContentEncoding, coding.token());
    }
    if let Some(content_type) = content_type {
        headers.append(KnownName::ContentType, content_type);
    }
    headers
}

/// Which precondition and range fields a request has, found in one pass
/// over its fields: most requests have none, and looking each up would be
/// a pass of its own. Only those present are read.
#[derive(Default)]
pub(super) struct Asked {
    if_match: bool,
    if_none_match: bool,
    if_modified_since: bool,
    if_unmodified_since: bool,
    range: bool,
}

impl Asked {
    fn any_precondition(&self) -> bool {
        self.if_match || self.if_none_match || self.if_modified_since || self.if_unmodified_since
    }

    pub(super) fn of(req: &Request) -> Asked {
        let mut asked = Asked::default();
        for name in req.headers.fields().map(|field| field.name) {
            let flag = match name.len() {
                5 if name.eq_ignore_ascii_case(b"range") => &mut asked.range,
                8 if name.eq_ignore_ascii_case(b"if-match") => &mut asked.if_match,
                13 if name.eq_ignore_ascii_case(b"if-none-match") => &mut asked.if_none_match,
                17 if name.eq_ignore_ascii_case(b"if-modified-since") => {
                    &mut asked.if_modified_since
                }
                19 if name.eq_ignore_ascii_case(b"if-unmodified-since") => {
                    &mut asked.if_unmodified_since
                }
                _ => continue,
            };
            *flag = true;
        }
        asked
    }
}

/// The validators every answer about a representation carries
/// (Last-Modified, ETag), or, when the request's preconditions stop it,
/// the answer: 304 with those validators, or 412.
fn validated(
    req: &Request,
    asked: &Asked,
    etag: &str,
    last_modified: &str,
    mtime: u64,
) -> Result<Headers, Response> {
    match precondition_answer(req, asked, etag, last_modified, mtime) {
        Some(answer) => Err(answer),
        None => Ok(validators(etag, last_modified)),
    }
}

/// Last-Modified and ETag, with room for the fields a response adds.
fn validators(etag: &str, last_modified: &str) -> Headers {
    let mut headers = Headers::with_capacity(7);
    headers.append(KnownName::LastModified, last_modified);
    headers.append(KnownName::ETag, etag);
    headers
}

/// The answer when the request's preconditions stop it: 304 with the
/// validators, or 412. None: they let it proceed.
fn precondition_answer(
    req: &Request,
    asked: &Asked,
    etag: &str,
    last_modified: &str,
    mtime: u64,
) -> Option<Response> {
    // Most requests have none: nothing to read or evaluate.
    if !asked.any_precondition() {
        return None;
    }
    let list = |present: bool, name| present.then(|| req.header_list(name)).flatten();
    let text = |present: bool, name| present.then(|| req.header_text(name)).flatten();
    let if_match = list(asked.if_match, "if-match");
    let if_none_match = list(asked.if_none_match, "if-none-match");
    let if_unmodified_since = text(asked.if_unmodified_since, "if-unmodified-since");
    let if_modified_since = text(asked.if_modified_since, "if-modified-since");
    let preconditions = Preconditions {
        if_match: if_match.as_deref(),
        if_unmodified_since: if_unmodified_since.as_deref(),
        if_none_match: if_none_match.as_deref(),
        if_modified_since: if_modified_since.as_deref(),
    };
    match conditional::evaluate(&preconditions, true, etag, mtime) {
        Verdict::Proceed => None,
        Verdict::NotModified => Some(Response {
            from_back_end: false,
            status: 304,
            headers: validators(etag, last_modified),
            body: Body::Empty,
            close: false,
        }),
        Verdict::Failed => {
            let mut r = Response::error(412);
            r.close = false;
            Some(r)
        }
    }
}

fn file_response(req: &Request, rep: &Representation<'_>) -> Response {
    let file = rep.file;
    let asked = Asked::of(req);
    if let Some(answer) = precondition_answer(req, &asked, rep.etag, rep.last_modified, rep.mtime) {
        return answer;
    }
    let len = file.len;
    // RFC 9110 14.2: range handling is defined for GET only.
    let range = match asked.range.then(|| req.header_text("range")).flatten() {
        Some(r)
            if req.method == Method::Get
                && conditional::if_range_allows(
                    req.header_text("if-range").as_deref(),
                    rep.etag,
                    rep.last_modified,
                ) =>
        {
            conditional::range(r.trim(), len)
        }
        _ => RangeAnswer::Whole,
    };
    let (status, headers, body) = match range {
        RangeAnswer::Whole => (200, rep.fields(true), file_body(file, 0, len)),
        RangeAnswer::Parts(parts) if parts.len() == 1 => {
            let (start, end) = parts[0];
            let mut headers = rep.fields(true);
            headers.append(
                KnownName::ContentRange,
                format!("bytes {start}-{end}/{len}"),
            );
            (206, headers, file_body(file, start, end - start + 1))
        }
        RangeAnswer::Parts(parts) => {
            let boundary = multipart_boundary();
            let mut headers = rep.fields(false);
            headers.append(
                "Content-Type",
                format!("multipart/byteranges; boundary={boundary}"),
            );
            (206, headers, byteranges(rep, &parts, &boundary))
        }
        RangeAnswer::Unsatisfiable => {
            let mut r = Response::error(416);
            r.close = false;
            r.headers
                .append(KnownName::ContentRange, format!("bytes */{len}"));
            return r;
        }
    };
    Response {
        status,
        headers,
        body,
        close: false,
        from_back_end: false,
    }
}

fn file_body(file: &Rc<OpenFile>, offset: u64, len: u64) -> Body {
    if len == 0 {
        return Body::Empty;
    }
    Body::File(FileRange {
        file: file.clone(),
        offset,
        len,
    })
}

/// RFC 9110 14.6: each part with its own Content-Type and Content-Range,
/// between boundary lines; the file data itself still goes by sendfile.
fn byteranges(rep: &Representation<'_>, parts: &[(u64, u64)], boundary: &str) -> Body {
    let file = rep.file;
    let mut segments = Vec::with_capacity(parts.len() * 2 + 1);
    for &(start, end) in parts {
        let part_head = format!(
            "\r\n--{boundary}\r\nContent-Type: {}\r\nContent-Range: bytes {start}-{end}/{}\r\n\r\n",
            rep.content_type, file.len
        );
        segments.push(Segment::Bytes(part_head.into_bytes()));
        segments.push(Segment::File(FileRange {
            file: file.clone(),
            offset: start,
            len: end - start + 1,
        }));
    }
    segments.push(Segment::Bytes(
        format!("\r\n--{boundary}--\r\n").into_bytes(),
    ));
    Body::Segments(segments)
}

/// Random, so that no file's content can be made to contain it.
fn multipart_boundary() -> String {
    let mut bytes = [0u8; 12];
    if aws_lc_rs::rand::fill(&mut bytes).is_err() {
        // Cannot happen with aws-lc's generator; a fixed value still
        // makes a valid (if guessable) boundary.
        bytes = *b"tlsaccel-rng";
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
