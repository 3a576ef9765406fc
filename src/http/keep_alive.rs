//! Whether an HTTP/1 connection carries another request after this one.
//! Decided in one place, before the response head is written (it says
//! `Connection: close`), from every fact that bears on it, with a reason.

/// Why a connection ends after the current exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseReason {
    /// Where the next request would start is unknown: a malformed or
    /// unread request body, an error that leaves the input untrusted, or
    /// a response delimited by closing the connection.
    FramingUnknown,
    /// `Connection: close`, or HTTP/1.0 without `keep-alive`.
    ClientAsked,
    /// The server is shutting down.
    Draining,
    /// `limits.keepalive_requests` reached.
    RequestLimit,
    /// kTLS nearing the cipher's confidentiality limit, which the kernel
    /// cannot rekey past.
    KeyLimit,
}

impl CloseReason {
    pub fn as_str(self) -> &'static str {
        match self {
            CloseReason::FramingUnknown => "framing unknown",
            CloseReason::ClientAsked => "client asked",
            CloseReason::Draining => "draining",
            CloseReason::RequestLimit => "request limit",
            CloseReason::KeyLimit => "key usage limit",
        }
    }

    /// Input may still be arriving that will not be read: drain it before
    /// closing, so the client sees the response rather than a reset.
    pub fn drains_input(self) -> bool {
        self == CloseReason::FramingUnknown
    }
}

/// What is known about an exchange when its response is about to go out.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExchangeFacts {
    pub client_wants_close: bool,
    /// The request body was not read to its end, or the handler said the
    /// request stream can no longer be trusted.
    pub input_untrusted: bool,
    /// The response body ends when the connection closes.
    pub response_until_close: bool,
    pub draining: bool,
    /// Requests on this connection so far, this one included.
    pub requests: u64,
    pub request_limit: u64,
    pub key_limit_near: bool,
}

/// None: the connection stays open for another request.
pub fn decide(f: &ExchangeFacts) -> Option<CloseReason> {
    if f.input_untrusted || f.response_until_close {
        Some(CloseReason::FramingUnknown)
    } else if f.client_wants_close {
        Some(CloseReason::ClientAsked)
    } else if f.draining {
        Some(CloseReason::Draining)
    } else if f.requests >= f.request_limit {
        Some(CloseReason::RequestLimit)
    } else if f.key_limit_near {
        Some(CloseReason::KeyLimit)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fact_has_its_reason_and_framing_wins() {
        let open = ExchangeFacts {
            requests: 1,
            request_limit: 100,
            ..Default::default()
        };
        assert_eq!(decide(&open), None);
        let cases = [
            (
                ExchangeFacts {
                    client_wants_close: true,
                    ..open
                },
                CloseReason::ClientAsked,
            ),
            (
                ExchangeFacts {
                    input_untrusted: true,
                    ..open
                },
                CloseReason::FramingUnknown,
            ),
            (
                ExchangeFacts {
                    response_until_close: true,
                    ..open
                },
                CloseReason::FramingUnknown,
            ),
            (
                ExchangeFacts {
                    draining: true,
                    ..open
                },
                CloseReason::Draining,
            ),
            (
                ExchangeFacts {
                    requests: 100,
                    ..open
                },
                CloseReason::RequestLimit,
            ),
            (
                ExchangeFacts {
                    key_limit_near: true,
                    ..open
                },
                CloseReason::KeyLimit,
            ),
            (
                ExchangeFacts {
                    client_wants_close: true,
                    input_untrusted: true,
                    ..open
                },
                CloseReason::FramingUnknown,
            ),
        ];
        for (facts, reason) in cases {
            assert_eq!(decide(&facts), Some(reason), "{facts:?}");
        }
        assert!(CloseReason::FramingUnknown.drains_input());
        assert!(!CloseReason::ClientAsked.drains_input());
    }
}
