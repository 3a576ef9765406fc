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
