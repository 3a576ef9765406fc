//! A site's compressed static files (nginx's `gzip_static` and `gzip`):
//! which files it compresses, and the variant made on the fly, from the
//! worker's cache or compressed as it is sent (and then kept, when small
//! enough, for the next response). Precompressed files beside the
//! original are found by the handler itself, as files.

use super::{file_response, validated, Asked, OpenFile, Representation};
use crate::compression::{
    acceptable, variant_etag, CacheLimits, Coding, Counters, Origin, Policy, VariantCache,
    VariantKey,
};
use crate::exchange::compress::{CacheFill, CompressStream, Source};
use crate::exchange::{Body, KnownName, Request, Response};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

pub struct StaticCompression {
    policy: Policy,
    /// Of the content types files get, those the policy compresses:
    /// decided once, not per request.
    types: Vec<&'static str>,
    /// The worker's, shared by its sites.
    cache: Rc<RefCell<VariantCache>>,
    limits: CacheLimits,
    counters: Arc<Counters>,
}

impl StaticCompression {
    /// None for a policy that compresses nothing.
    pub fn new(
        policy: Policy,
        cache: Rc<RefCell<VariantCache>>,
        limits: CacheLimits,
        counters: Arc<Counters>,
    ) -> Option<StaticCompression> {
        let types: Vec<_> = super::mime::all()
            .filter(|t| policy.compressible(t))
            .collect();
        (!policy.codings.is_empty() && !types.is_empty()).then_some(StaticCompression {
            policy,
            types,
            cache,
            limits,
            counters,
        })
    }

    pub(super) fn policy(&self) -> &Policy {
        &self.policy
    }

    /// Whether responses for `file` depend on `Accept-Encoding`.
    pub(super) fn applies_to(&self, file: &OpenFile) -> bool {
        self.policy.long_enough(Some(file.len)) && self.types.contains(&file.content_type)
    }

    /// The codings the request accepts, best first.
    pub(super) fn accepted(&self, req: &Request) -> Vec<Coding> {
        acceptable(
            req.header_list("accept-encoding").as_deref(),
            &self.policy.codings,
        )
    }

    pub(super) fn count_precompressed(&self, response: &Response, coding: Coding) {
        if matches!(response.status, 200 | 206) {
            self.counters.response(Origin::Precompressed, coding);
        }
    }

    /// `file` compressed with `coding`: always whole (200; a range of a
    /// representation made on the fly is not served, as nginx does), with
    /// a weak ETag of its own.
    pub(super) fn on_the_fly(
        &self,
        req: &Request,
        file: &Rc<OpenFile>,
        coding: Coding,
    ) -> Response {
        let etag = variant_etag(&file.etag, coding);
        let mut headers =
            match validated(req, &Asked::of(req), &etag, &file.last_modified, file.mtime) {
                Ok(headers) => headers,
                Err(answer) => return answer,
            };
        let level = self.policy.level(coding);
        let key = VariantKey {
            file: file.version,
            coding,
            level,
        };
        let cached = self.cache.borrow_mut().get(&key);
        let body = match cached {
            Some(bytes) => {
                self.counters.response(Origin::Cached, coding);
                Body::Bytes(bytes)
            }
            None => {
                let fill = (file.len <= self.limits.max_entry_bytes).then(|| CacheFill {
                    cache: self.cache.clone(),
                    key,
                    limit: self.limits.max_entry_bytes as usize,
                });
                let source = Source::File {
                    file: file.clone(),
                    offset: 0,
                    remaining: file.len,
                };
                match CompressStream::new(source, coding, level, fill, self.counters.clone()) {
                    Ok(stream) => {
                        self.counters.response(Origin::Compressed, coding);
                        Body::Stream(Box::new(stream))
                    }
                    Err(e) => {
                        tracing::error!(error = %e, coding = coding.token(), "cannot start a compressor: the file is sent as it is");
                        return file_response(req, &Representation::identity(file));
                    }
                }
            }
        };
        headers.append(KnownName::ContentType, file.content_type);
        headers.append(KnownName::ContentEncoding, coding.token());
        Response {
            status: 200,
            headers,
            body,
            close: false,
            from_back_end: false,
        }
    }
}

/// A precompressed variant's ETag: the variant file's own, told apart
/// from the tag that file has when it is asked for by its own name.
pub(super) fn precompressed_etag(variant: &OpenFile, coding: Coding) -> String {
    let inner = variant.etag.trim_matches('"');
    format!("\"{inner}-{}\"", coding.token())
}
