//! Compressed responses as exchanges carry them: a body compressed while
//! it is sent (`CompressStream`: a static file's first compressed
//! response, one too large for the variant cache, or a back end's
//! response), and the fields compression touches (`Vary`, what may be
//! transformed). The codings themselves are `crate::compression`'s.
//!
//! A `CompressStream` is itself a `BodyStream`, so the protocols send it
//! as any streamed body (HTTP/1.1 chunked, HTTP/2 DATA frames).
//!
//! A back end's body is flushed through the compressor whenever a read
//! brings less than a full buffer (the back end paused: server-sent events
//! and other streams must not be held back); a full buffer is compressed
//! without a flush, so bulk bodies lose nothing to it.

use super::{
    list_items, BodyStream, Headers, KnownName, LocalFuture, Response, SourceFile, StreamError,
};
use crate::compression::{Coding, Counters, Encoder, VariantCache, VariantKey};
use crate::net::Pipe;
use bytes::Bytes;
use std::cell::RefCell;
use std::io;
use std::rc::Rc;
use std::sync::Arc;

/// Bytes read from the source at a time.
const INPUT_CHUNK: usize = 64 * 1024;

/// What is compressed.
pub enum Source {
    /// `remaining` bytes of a file from `offset`, read as they are needed.
    File {
        file: Rc<dyn SourceFile>,
        offset: u64,
        remaining: u64,
    },
    /// Another body: a back end's.
    Body(Box<dyn BodyStream>),
    /// Bytes at hand (taken as they are read).
    Bytes(Bytes),
}

impl Source {
    async fn read(&mut self, buf: &mut [u8]) -> Result<usize, StreamError> {
        match self {
            Source::File {
                file,
                offset,
                remaining,
            } => {
                if *remaining == 0 {
                    return Ok(0);
                }
                let want = buf
                    .len()
                    .min(usize::try_from(*remaining).unwrap_or(usize::MAX));
                let n = rustix::io::pread(file.as_fd(), &mut buf[..want], *offset)
                    .map_err(|e| StreamError::File(e.into()))?;
                if n == 0 {
                    // Shorter than when it was opened: a truncated body
                    // must not look complete.
                    return Err(StreamError::File(io::ErrorKind::UnexpectedEof.into()));
                }
                *offset += n as u64;
                *remaining -= n as u64;
                Ok(n)
            }
            Source::Body(body) => body.read(buf).await,
            Source::Bytes(bytes) => {
                let n = buf.len().min(bytes.len());
                buf[..n].copy_from_slice(&bytes.split_to(n));
                Ok(n)
            }
        }
    }
}

/// Where a complete compressed body is kept for the next responses.
pub struct CacheFill {
    pub cache: Rc<RefCell<VariantCache>>,
    pub key: VariantKey,
    /// Past this many compressed bytes the body is not kept.
    pub limit: usize,
}

pub struct CompressStream {
    source: Source,
    coding: Coding,
    /// None once the compressed stream has ended.
    encoder: Option<Encoder>,
    input: Vec<u8>,
    /// Compressed bytes not yet read out; `sent` of them were.
    out: Vec<u8>,
    sent: usize,
    /// The whole output so far, for the cache.
    fill: Option<(CacheFill, Vec<u8>)>,
    counters: Arc<Counters>,
}

impl CompressStream {
    pub fn new(
        source: Source,
        coding: Coding,
        level: u32,
        fill: Option<CacheFill>,
        counters: Arc<Counters>,
    ) -> io::Result<CompressStream> {
        Ok(CompressStream {
            source,
            coding,
            encoder: Some(Encoder::new(coding, level)?),
            input: Vec::new(),
            out: Vec::new(),
            sent: 0,
            fill: fill.map(|f| (f, Vec::new())),
            counters,
        })
    }

    /// Compresses the source's next bytes (or ends the stream) into `out`.
    async fn refill(&mut self) -> Result<(), StreamError> {
        self.out.clear();
        self.sent = 0;
        if self.input.is_empty() {
            self.input = vec![0; INPUT_CHUNK];
        }
        let n = self.source.read(&mut self.input).await?;
        let Some(encoder) = self.encoder.as_mut() else {
            return Ok(());
        };
        if n == 0 {
            let encoder = self.encoder.take().expect("checked above");
            self.out = encoder.finish().map_err(StreamError::Compress)?;
        } else {
            encoder
                .write(&self.input[..n])
                .map_err(StreamError::Compress)?;
            if n < self.input.len() && matches!(self.source, Source::Body(_)) {
                encoder.flush().map_err(StreamError::Compress)?;
            }
            encoder.take_output(&mut self.out);
        }
        self.counters
            .compressed(self.coding, n as u64, self.out.len() as u64);
        self.keep_for_cache(n == 0);
        Ok(())
    }

    /// Adds the new output to the cache's copy, and stores the copy once
    /// the stream is complete.
    fn keep_for_cache(&mut self, complete: bool) {
        let Some((fill, kept)) = &mut self.fill else {
            return;
        };
        if kept.len() + self.out.len() > fill.limit {
            self.fill = None;
            return;
        }
        kept.extend_from_slice(&self.out);
        if complete {
            if let Some((fill, kept)) = self.fill.take() {
                fill.cache.borrow_mut().insert(fill.key, Bytes::from(kept));
            }
        }
    }
}

impl BodyStream for CompressStream {
    fn length(&self) -> Option<u64> {
        None
    }

    fn read<'a>(&'a mut self, buf: &'a mut [u8]) -> LocalFuture<'a, Result<usize, StreamError>> {
        Box::pin(async move {
            while self.sent == self.out.len() {
                if self.encoder.is_none() {
                    return Ok(0);
                }
                self.refill().await?;
            }
            let n = buf.len().min(self.out.len() - self.sent);
            buf[..n].copy_from_slice(&self.out[self.sent..self.sent + n]);
            self.sent += n;
            Ok(n)
        })
    }

    fn can_splice(&self) -> bool {
        // The bytes are made here, never in a socket.
        false
    }

    fn splice_into<'a>(
        &'a mut self,
        _pipe: &'a mut Pipe,
        _max: usize,
    ) -> LocalFuture<'a, Result<usize, StreamError>> {
        Box::pin(async {
            Err(StreamError::Compress(io::Error::other(
                "a compressed body cannot be spliced",
            )))
        })
    }

    fn finish(self: Box<Self>, complete: bool) {
        let ended = self.encoder.is_none();
        if let Source::Body(body) = self.source {
            // The source's own end (a back end's connection kept or
            // closed) follows the compressed body's.
            body.finish(complete && ended);
        }
    }
}

/// Adds `Accept-Encoding` to a response's `Vary` (RFC 9110 12.5.5): its
/// representation depends on that field. Not twice, and not beside `*`.
pub fn vary_on_accept_encoding(headers: &mut Headers) {
    let listed = headers
        .get_all("vary")
        .any(|v| list_items(v).any(|t| t == b"*" || t.eq_ignore_ascii_case(b"accept-encoding")));
    if !listed {
        headers.append(KnownName::Vary, "Accept-Encoding");
    }
}

/// Whether a back end's (or a handler's) response may be compressed by
/// this server, whatever its type: it has a body a client gets whole, is
/// not encoded already, and does not forbid transformation.
pub fn response_transformable(response: &Response) -> bool {
    let h = &response.headers;
    matches!(response.status, 200 | 201 | 202 | 203 | 404 | 410)
        && !h.contains("content-encoding")
        && !h.contains("content-range")
        && !h
            .get_all("cache-control")
            .any(|v| list_items(v).any(|d| d.eq_ignore_ascii_case(b"no-transform")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compression::{decode, FileVersion};
    use std::os::fd::{AsFd, BorrowedFd};

    struct TestFile(std::fs::File);

    impl AsFd for TestFile {
        fn as_fd(&self) -> BorrowedFd<'_> {
            self.0.as_fd()
        }
    }

    impl SourceFile for TestFile {
        fn kept(&self, _: u64, _: u64) -> Option<&[u8]> {
            None
        }
    }

    fn read_all(stream: &mut CompressStream) -> Vec<u8> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut out = Vec::new();
            let mut buf = vec![0; 1000];
            loop {
                let n = stream.read(&mut buf).await.unwrap();
                if n == 0 {
                    return out;
                }
                out.extend_from_slice(&buf[..n]);
            }
        })
    }

    #[test]
    fn a_file_range_compressed_whole_and_kept_in_the_cache() {
        let path = std::env::temp_dir().join(format!("tlsaccel-cstream-{}", std::process::id()));
        let data: Vec<u8> = (0..300_000u32)
            .map(|i| b"abcdefgh "[(i % 9) as usize])
            .collect();
        std::fs::write(&path, &data).unwrap();
        let file: Rc<dyn SourceFile> = Rc::new(TestFile(std::fs::File::open(&path).unwrap()));
        std::fs::remove_file(&path).unwrap();
        let counters = Arc::new(Counters::default());
        let cache = Rc::new(RefCell::new(VariantCache::new(1 << 20, counters.clone())));
        let key = VariantKey {
            file: FileVersion {
                dev: 0,
                ino: 1,
                len: data.len() as u64,
                mtime_ns: 0,
            },
            coding: Coding::Brotli,
            level: 4,
        };
        for coding in Coding::ALL {
            let fill = CacheFill {
                cache: cache.clone(),
                key: VariantKey { coding, ..key },
                limit: 1 << 20,
            };
            let mut s = CompressStream::new(
                Source::File {
                    file: file.clone(),
                    offset: 1000,
                    remaining: 200_000,
                },
                coding,
                4,
                Some(fill),
                counters.clone(),
            )
            .unwrap();
            let out = read_all(&mut s);
            assert_eq!(decode(coding, &out), &data[1000..201_000], "{coding:?}");
            let kept = cache
                .borrow_mut()
                .get(&VariantKey { coding, ..key })
                .unwrap();
            assert_eq!(&kept[..], &out[..], "{coding:?}");
            let i = coding.index();
            assert_eq!(
                counters.bytes_in[i].load(std::sync::atomic::Ordering::Relaxed),
                200_000
            );
        }

        // A file shorter than promised fails, and nothing is cached.
        let mut s = CompressStream::new(
            Source::File {
                file,
                offset: 250_000,
                remaining: 100_000,
            },
            Coding::Gzip,
            1,
            None,
            counters,
        )
        .unwrap();
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let failed = rt.block_on(async {
            let mut buf = vec![0; 1 << 20];
            loop {
                match s.read(&mut buf).await {
                    Ok(0) => return false,
                    Ok(_) => {}
                    Err(StreamError::File(_)) => return true,
                    Err(e) => panic!("{e}"),
                }
            }
        });
        assert!(failed);
    }

    #[test]
    fn vary_is_added_once() {
        let mut h = Headers::new();
        vary_on_accept_encoding(&mut h);
        vary_on_accept_encoding(&mut h);
        assert_eq!(h.get_all("vary").collect::<Vec<_>>(), [b"Accept-Encoding"]);
        let mut h = Headers::new();
        h.append(KnownName::Vary, "Origin, accept-encoding");
        vary_on_accept_encoding(&mut h);
        assert_eq!(h.get_all("vary").count(), 1);
        let mut h = Headers::new();
        h.append(KnownName::Vary, "*");
        vary_on_accept_encoding(&mut h);
        assert_eq!(h.get_all("vary").count(), 1);
    }

    #[test]
    fn transformable_responses() {
        let mut r = Response::error(200);
        assert!(response_transformable(&r));
        r.headers.append("Cache-Control", "public, No-Transform");
        assert!(!response_transformable(&r));
        let mut r = Response::error(200);
        r.headers.append(KnownName::ContentEncoding, "gzip");
        assert!(!response_transformable(&r));
        assert!(!response_transformable(&Response::error(206)));
        assert!(!response_transformable(&Response::error(304)));
        assert!(!response_transformable(&Response::error(500)));
    }
}
