//! The HTTPS client that speaks to the CA: hyper with the roots of
//! `[acme] ca_file` (or the system's), a bound on every request, and the
//! CA's `Retry-After` on refusals kept, so a rate limit is waited out as
//! the CA asked (instant-acme returns the problem document without it).

use bytes::Bytes;
use http::{Request, StatusCode};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use instant_acme::{BodyWrapper, BytesResponse, Error, HttpClient};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// A request to the CA that takes longer than this has failed.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

pub struct CaClient {
    inner: Client<hyper_rustls::HttpsConnector<HttpConnector>, BodyWrapper<Bytes>>,
    retry_after: Arc<Mutex<Option<SystemTime>>>,
}

/// The CA's last `Retry-After` on a refused request, shared with the
/// manager.
#[derive(Clone, Default)]
pub struct RetryAfter(Arc<Mutex<Option<SystemTime>>>);

impl RetryAfter {
    /// How long the CA asked to wait, taken (the next failure brings its
    /// own).
    pub fn take(&self) -> Option<Duration> {
        let at = self.0.lock().unwrap_or_else(|e| e.into_inner()).take()?;
        Some(at.duration_since(SystemTime::now()).unwrap_or_default())
    }
}

impl CaClient {
    pub fn new(tls: &rustls::ClientConfig, retry_after: &RetryAfter) -> CaClient {
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls.clone())
            .https_only()
            .enable_http1()
            .enable_http2()
            .build();
        CaClient {
            inner: Client::builder(TokioExecutor::new()).build(connector),
            retry_after: retry_after.0.clone(),
        }
    }
}

impl HttpClient for CaClient {
    fn request(
        &self,
        req: Request<BodyWrapper<Bytes>>,
    ) -> Pin<Box<dyn Future<Output = Result<BytesResponse, Error>> + Send>> {
        let uri = req.uri().clone();
        let sent = self.inner.request(req);
        let slot = self.retry_after.clone();
        Box::pin(async move {
            let response = match tokio::time::timeout(REQUEST_TIMEOUT, sent).await {
                Ok(Ok(response)) => response,
                Ok(Err(e)) => return Err(Error::Other(Box::new(e))),
                Err(_) => {
                    return Err(Error::Other(
                        format!("{uri}: no answer within {}s", REQUEST_TIMEOUT.as_secs()).into(),
                    ))
                }
            };
            let status = response.status();
            if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
                let asked = response
                    .headers()
                    .get(http::header::RETRY_AFTER)
                    .and_then(|v| v.to_str().ok())
                    .and_then(parse_retry_after);
                if let Some(at) = asked {
                    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(at);
                }
            }
            Ok(BytesResponse::from(response))
        })
    }
}

/// RFC 9110 10.2.3: seconds, or an HTTP date.
fn parse_retry_after(value: &str) -> Option<SystemTime> {
    let value = value.trim();
    match value.parse::<u64>() {
        Ok(seconds) => Some(SystemTime::now() + Duration::from_secs(seconds)),
        Err(_) => httpdate::parse_http_date(value).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let soon = parse_retry_after(" 120 ").unwrap();
        let left = soon.duration_since(SystemTime::now()).unwrap();
        assert!(left > Duration::from_secs(118) && left <= Duration::from_secs(120));
        let date = parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
        assert_eq!(
            date.duration_since(SystemTime::UNIX_EPOCH)
                .unwrap()
                .as_secs(),
            784_111_777
        );
        assert!(parse_retry_after("soon").is_none());
    }
}
