//! The label values counters are kept by. They live here, at the bottom,
//! so that every module can report into `metrics` without `metrics`
//! knowing any of them.

/// The protocol that carried a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    Http10,
    Http11,
    Http2,
}

impl Protocol {
    pub const ALL: [Protocol; 3] = [Protocol::Http10, Protocol::Http11, Protocol::Http2];

    /// Its position in `ALL`, where counters kept per protocol are.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Http10 => "HTTP/1.0",
            Protocol::Http11 => "HTTP/1.1",
            Protocol::Http2 => "HTTP/2",
        }
    }
}

/// Why an HTTP/2 connection was closed as abusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Abuse {
    /// Reset streams faster than `h2_max_resets_per_second`.
    Resets,
    /// Sent SETTINGS or PING faster than `h2_max_control_frames_per_second`.
    ControlFrames,
}

impl Abuse {
    pub const ALL: [Abuse; 2] = [Abuse::Resets, Abuse::ControlFrames];

    pub fn as_str(self) -> &'static str {
        match self {
            Abuse::Resets => "rapid_reset",
            Abuse::ControlFrames => "control_frame_flood",
        }
    }
}

/// Why a TLS connection stayed in user space although kTLS is available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fallback {
    CipherNotOffloadable,
    DataBuffered,
    UlpAttachFailed,
    HandshakeIncomplete,
}

impl Fallback {
    pub const ALL: [Fallback; 4] = [
        Fallback::CipherNotOffloadable,
        Fallback::DataBuffered,
        Fallback::UlpAttachFailed,
        Fallback::HandshakeIncomplete,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Fallback::CipherNotOffloadable => "cipher_not_offloadable",
            Fallback::DataBuffered => "data_buffered_at_handshake_end",
            Fallback::UlpAttachFailed => "ulp_attach_failed",
            Fallback::HandshakeIncomplete => "handshake_incomplete",
        }
    }
}

/// Why a TLS handshake failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandshakeFailure {
    /// Not finished within `timeouts.handshake`.
    Timeout,
    /// The client closed or reset the connection mid-handshake.
    Closed,
    /// The client sent an alert: most often it refused our certificate.
    AlertReceived,
    /// No certificate for the name the client asked for
    /// (`reject_unknown_sni`, or an ACME site with nothing issued yet).
    NoCertificate,
    /// The client's certificate is missing or did not verify, on a site
    /// that requires one.
    ClientCertificate,
    /// No protocol version, cipher suite or group in common.
    Incompatible,
    /// Malformed or out-of-order handshake messages.
    Protocol,
    /// Anything else (a socket error).
    Other,
}

impl HandshakeFailure {
    pub const ALL: [HandshakeFailure; 8] = [
        HandshakeFailure::Timeout,
        HandshakeFailure::Closed,
        HandshakeFailure::AlertReceived,
        HandshakeFailure::NoCertificate,
        HandshakeFailure::ClientCertificate,
        HandshakeFailure::Incompatible,
        HandshakeFailure::Protocol,
        HandshakeFailure::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            HandshakeFailure::Timeout => "timeout",
            HandshakeFailure::Closed => "closed_by_client",
            HandshakeFailure::AlertReceived => "alert_received",
            HandshakeFailure::NoCertificate => "no_certificate",
            HandshakeFailure::ClientCertificate => "client_certificate",
            HandshakeFailure::Incompatible => "incompatible",
            HandshakeFailure::Protocol => "protocol_error",
            HandshakeFailure::Other => "other",
        }
    }
}

/// The class of a status code, 1xx to 5xx.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusClass(usize);

impl StatusClass {
    pub const NAMES: [&'static str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];

    /// Codes outside 100-599 (never sent) count as 5xx.
    pub fn of(status: u16) -> StatusClass {
        match status {
            100..=599 => StatusClass(usize::from(status / 100) - 1),
            _ => StatusClass(4),
        }
    }

    pub fn index(self) -> usize {
        self.0
    }
}
