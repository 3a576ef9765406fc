//! Message bodies on the HTTP/1 wire, without I/O: one decoder for every
//! body in both directions (client request bodies, back-end response
//! bodies), and the chunked encoding tlsaccel writes when it re-frames one.
//!
//! The decoder is strict about chunked syntax (CRLF line ends, hex sizes
//! without sign or overflow, no control characters in extensions, trailer
//! lines that are real field lines), so a body ends exactly where every
//! compliant parser thinks it ends, and nothing after it can pass for it.
//! It hands out data only: size lines, extensions and trailers never
//! reach the other side as they were sent.

use crate::exchange::Headers;
use std::ops::Range;

/// How a body is delimited on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    Empty,
    Length(u64),
    Chunked,
    /// Until the sender closes (responses only).
    UntilClose,
}

/// Chunk extensions and trailers together may not exceed this.
const MAX_METADATA_BYTES: usize = 16 * 1024;
/// Hex digits in a chunk size: up to 2^60 - 1.
const MAX_SIZE_DIGITS: u8 = 15;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("malformed body: {0}")]
    Malformed(&'static str),
    #[error("body larger than the limit")]
    TooLarge,
    #[error("body ended before its declared end")]
    Truncated,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Chunk {
    Size {
        value: u64,
        digits: u8,
    },
    /// Whitespace after the size: only more of it, `;` or the line end.
    SizeSpace {
        size: u64,
    },
    Extension {
        size: u64,
        quoted: bool,
        escaped: bool,
    },
    SizeLf {
        size: u64,
    },
    Data {
        remaining: u64,
    },
    DataCr,
    DataLf,
    TrailerStart,
    TrailerLine,
    TrailerLf,
    FinalLf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Length { remaining: u64 },
    UntilClose,
    Chunked(Chunk),
    Done,
}

/// What one call to `decode` did: `consumed` input bytes, of which
/// `data` (a range of the input) is body data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub consumed: usize,
    pub data: Range<usize>,
}

/// Decodes one body, fed in pieces.
#[derive(Debug)]
pub struct BodyDecoder {
    state: State,
    max_data: u64,
    data_seen: u64,
    metadata: usize,
    /// Trailer lines as received (CRLF-terminated), parsed at the end.
    trailer_bytes: Vec<u8>,
    trailers: Headers,
}

impl BodyDecoder {
    /// A decoder for a body with this framing and at most `max_data` bytes
    /// of data. A declared length over the limit is refused at once.
    pub fn new(framing: Framing, max_data: u64) -> Result<BodyDecoder, DecodeError> {
        let state = match framing {
            Framing::Empty | Framing::Length(0) => State::Done,
            Framing::Length(n) if n > max_data => return Err(DecodeError::TooLarge),
            Framing::Length(n) => State::Length { remaining: n },
            Framing::Chunked => State::Chunked(Chunk::Size {
                value: 0,
                digits: 0,
            }),
            Framing::UntilClose => State::UntilClose,
        };
        Ok(BodyDecoder {
            state,
            max_data,
            data_seen: 0,
            metadata: 0,
            trailer_bytes: Vec::new(),
            trailers: Headers::new(),
        })
    }

    /// A decoder with no body to read.
    pub fn empty() -> BodyDecoder {
        BodyDecoder::new(Framing::Empty, 0).expect("an empty body is within any limit")
    }

    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// The trailer fields, once a chunked body is done (validated; the
    /// proxy does not forward them).
    #[cfg(test)]
    pub fn trailers(&self) -> &Headers {
        &self.trailers
    }

    /// Consumes framing from the start of `input` and at most one run of
    /// data, never past the end of the body. No data and not done: every
    /// byte was consumed and more input is needed.
    pub fn decode(&mut self, input: &[u8]) -> Result<Decoded, DecodeError> {
        let mut i = 0;
        loop {
            let available = (input.len() - i) as u64;
            match self.state {
                State::Done => return Ok(no_data(i)),
                State::Length { .. } | State::UntilClose | State::Chunked(Chunk::Data { .. }) => {
                    let take = self.raw_data_remaining().unwrap_or(0).min(available);
                    self.skip_data(take)?;
                    let end = i + take as usize;
                    return Ok(Decoded {
                        consumed: end,
                        data: i..end,
                    });
                }
                State::Chunked(_) if available == 0 => return Ok(no_data(i)),
                State::Chunked(chunk) => {
                    let b = input[i];
                    i += 1;
                    self.state = self.step(chunk, b)?;
                }
            }
        }
    }

    /// Body data that follows directly in the input, with no framing in
    /// between: what may be moved without decoding (with `splice()`).
    pub fn raw_data_remaining(&self) -> Option<u64> {
        match self.state {
            State::Length { remaining } => Some(remaining),
            State::Chunked(Chunk::Data { remaining }) => Some(remaining),
            State::UntilClose => Some(u64::MAX),
            _ => None,
        }
    }

    /// Accounts for `n` data bytes moved without `decode` (at most
    /// `raw_data_remaining`).
    pub fn skip_data(&mut self, n: u64) -> Result<(), DecodeError> {
        let remaining = self.raw_data_remaining().unwrap_or(0);
        assert!(n <= remaining, "skip past the raw data");
        self.data_seen += n;
        if self.data_seen > self.max_data {
            return Err(DecodeError::TooLarge);
        }
        self.state = match self.state {
            State::Length { .. } if n == remaining => State::Done,
            State::Length { .. } => State::Length {
                remaining: remaining - n,
            },
            State::Chunked(Chunk::Data { .. }) if n == remaining => State::Chunked(Chunk::DataCr),
            State::Chunked(Chunk::Data { .. }) => State::Chunked(Chunk::Data {
                remaining: remaining - n,
            }),
            other => other,
        };
        Ok(())
    }

    /// The input ended (the peer closed): the end of an until-close body,
    /// a truncated body otherwise.
    pub fn finish_at_eof(&mut self) -> Result<(), DecodeError> {
        match self.state {
            State::Done => Ok(()),
            State::UntilClose => {
                self.state = State::Done;
                Ok(())
            }
            _ => Err(DecodeError::Truncated),
        }
    }

    fn step(&mut self, chunk: Chunk, b: u8) -> Result<State, DecodeError> {
        use Chunk::*;
        let bad = |why| Err(DecodeError::Malformed(why));
        let next = match chunk {
            Size { value, digits } => match (hex_value(b), b) {
                (Some(v), _) if digits < MAX_SIZE_DIGITS => Size {
                    value: value * 16 + u64::from(v),
                    digits: digits + 1,
                },
                (Some(_), _) => return bad("chunk size too large"),
                (None, _) if digits == 0 => return bad("chunk size missing"),
                (None, b'\r') => SizeLf { size: value },
                (None, b' ' | b'\t') => SizeSpace { size: value },
                (None, b';') => self.extension(value)?,
                (None, _) => return bad("invalid character in chunk size"),
            },
            SizeSpace { size } => match b {
                b' ' | b'\t' => SizeSpace { size },
                b';' => self.extension(size)?,
                b'\r' => SizeLf { size },
                _ => return bad("invalid character after chunk size"),
            },
            Extension {
                size,
                quoted,
                escaped,
            } => {
                // Extensions are dropped, but must be well formed: no
                // control characters (so no CR or LF inside quotes).
                if is_ctl(b) && (quoted || b != b'\r') {
                    return bad("control character in chunk extension");
                }
                self.count_metadata()?;
                match b {
                    b'\r' => SizeLf { size },
                    _ if escaped => Extension {
                        size,
                        quoted,
                        escaped: false,
                    },
                    b'\\' if quoted => Extension {
                        size,
                        quoted,
                        escaped: true,
                    },
                    b'"' => Extension {
                        size,
                        quoted: !quoted,
                        escaped: false,
                    },
                    _ => Extension {
                        size,
                        quoted,
                        escaped: false,
                    },
                }
            }
            SizeLf { size } if b == b'\n' => {
                if size == 0 {
                    TrailerStart
                } else if self.data_seen.saturating_add(size) > self.max_data {
                    // Refused at the size line, not after the data came.
                    return Err(DecodeError::TooLarge);
                } else {
                    Data { remaining: size }
                }
            }
            SizeLf { .. } => return bad("chunk size line not ended by CRLF"),
            Data { .. } => unreachable!("data is taken in decode"),
            DataCr if b == b'\r' => DataLf,
            DataLf if b == b'\n' => Size {
                value: 0,
                digits: 0,
            },
            DataCr | DataLf => return bad("chunk data not followed by CRLF"),
            TrailerStart if b == b'\r' => FinalLf,
            TrailerStart | TrailerLine if b != b'\r' && b != b'\n' => {
                self.count_metadata()?;
                self.trailer_bytes.push(b);
                TrailerLine
            }
            TrailerLine if b == b'\r' => TrailerLf,
            TrailerLf if b == b'\n' => {
                self.trailer_bytes.extend_from_slice(b"\r\n");
                TrailerStart
            }
            FinalLf if b == b'\n' => {
                self.parse_trailers()?;
                return Ok(State::Done);
            }
            TrailerStart | TrailerLine | TrailerLf | FinalLf => {
                return bad("trailer section not terminated by CRLF")
            }
        };
        Ok(State::Chunked(next))
    }

    fn extension(&mut self, size: u64) -> Result<Chunk, DecodeError> {
        self.count_metadata()?;
        Ok(Chunk::Extension {
            size,
            quoted: false,
            escaped: false,
        })
    }

    fn count_metadata(&mut self) -> Result<(), DecodeError> {
        self.metadata += 1;
        if self.metadata > MAX_METADATA_BYTES {
            Err(DecodeError::Malformed(
                "chunk extensions or trailers too large",
            ))
        } else {
            Ok(())
        }
    }

    /// The trailer section must be field lines (RFC 9112 7.1.2).
    fn parse_trailers(&mut self) -> Result<(), DecodeError> {
        if self.trailer_bytes.is_empty() {
            return Ok(());
        }
        self.trailer_bytes.extend_from_slice(b"\r\n");
        let mut fields = [httparse::EMPTY_HEADER; 64];
        match httparse::parse_headers(&self.trailer_bytes, &mut fields) {
            Ok(httparse::Status::Complete((_, parsed))) => {
                for f in parsed {
                    self.trailers.append(f.name, f.value);
                }
                self.trailer_bytes = Vec::new();
                Ok(())
            }
            _ => Err(DecodeError::Malformed("trailer section is not field lines")),
        }
    }
}

fn no_data(at: usize) -> Decoded {
    Decoded {
        consumed: at,
        data: at..at,
    }
}

fn is_ctl(b: u8) -> bool {
    (b < 0x20 && b != b'\t') || b == 0x7f
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The size line of a chunk of `len` data bytes, as tlsaccel writes it:
/// lower-case hex, no extensions.
pub fn chunk_size_line(len: u64) -> ChunkSizeLine {
    let mut line = ChunkSizeLine {
        bytes: [0; 18],
        len: 0,
    };
    let digits = if len == 0 {
        1
    } else {
        (64 - len.leading_zeros()).div_ceil(4) as usize
    };
    for i in 0..digits {
        let nibble = (len >> (4 * (digits - 1 - i))) & 0xf;
        line.bytes[i] = b"0123456789abcdef"[nibble as usize];
    }
    line.bytes[digits..digits + 2].copy_from_slice(b"\r\n");
    line.len = digits + 2;
    line
}

/// A chunk size line on the stack.
pub struct ChunkSizeLine {
    bytes: [u8; 18],
    len: usize,
}

impl AsRef<[u8]> for ChunkSizeLine {
    fn as_ref(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

/// What follows a chunk's data.
pub const CHUNK_END: &[u8] = b"\r\n";

/// The last chunk and an empty trailer section: tlsaccel forwards no
/// trailer fields (the decoder validates them, then they are dropped).
pub const LAST_CHUNK: &[u8] = b"0\r\n\r\n";

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes all of `input` at once: (consumed, data, done).
    fn decode_all(framing: Framing, input: &[u8]) -> Result<(usize, Vec<u8>, bool), DecodeError> {
        let mut d = BodyDecoder::new(framing, u64::MAX)?;
        let mut at = 0;
        let mut data = Vec::new();
        loop {
            let step = d.decode(&input[at..])?;
            data.extend_from_slice(&input[at..][step.data.clone()]);
            at += step.consumed;
            if d.is_done() || step.data.is_empty() {
                return Ok((at, data, d.is_done()));
            }
        }
    }

    #[test]
    fn whole_chunked_body_with_extensions_and_trailers() {
        let body =
            b"5;name=v\r\nhello\r\nA;q=\"a;b\"\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\nGET / HTTP/1.1";
        let mut d = BodyDecoder::new(Framing::Chunked, 100).unwrap();
        let mut at = 0;
        let mut data = Vec::new();
        while !d.is_done() {
            let step = d.decode(&body[at..]).unwrap();
            data.extend_from_slice(&body[at..][step.data]);
            at += step.consumed;
        }
        assert_eq!(data, b"hello0123456789");
        assert_eq!(&body[at..], b"GET / HTTP/1.1");
        assert_eq!(d.trailers().get("x-t"), Some(&b"1"[..]));
    }

    #[test]
    fn byte_by_byte_equals_whole() {
        let body = b"3\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n";
        let mut d = BodyDecoder::new(Framing::Chunked, u64::MAX).unwrap();
        let mut data = Vec::new();
        for b in body.iter() {
            let input = std::slice::from_ref(b);
            let step = d.decode(input).unwrap();
            assert_eq!(step.consumed, 1);
            data.extend_from_slice(&input[step.data]);
        }
        assert!(d.is_done());
        assert_eq!(data, b"abc0123456789abcdef");
    }

    #[test]
    fn bad_chunked_syntax_is_rejected() {
        for bad in [
            &b"x\r\n"[..],
            b"-1\r\n",
            b"5\nhello\r\n",
            b"5\r\nhelloX\r\n",
            b"\r\n",
            b"1234567890123456\r\n",
            b"0\r\n\n",
            b"5 x\r\nhello\r\n",
            b"5;a=\"b\r\nc\"\r\nhello\r\n",
            b"5;a\x00\r\nhello\r\n",
            b"0\r\nGET /other HTTP/1.1\r\nHost: x\r\n\r\n",
            b"0\r\nBad Name: y\r\n\r\n",
            b"0\r\nX: y\n\r\n",
        ] {
            assert!(
                matches!(
                    decode_all(Framing::Chunked, bad),
                    Err(DecodeError::Malformed(_))
                ),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        // Whitespace after the size is tolerated; the size line is re-written anyway.
        assert_eq!(
            decode_all(Framing::Chunked, b"2 \t\r\nab\r\n0\r\n\r\n").unwrap(),
            (14, b"ab".to_vec(), true)
        );
    }

    #[test]
    fn endless_extensions_are_cut() {
        let mut body = b"1;".to_vec();
        body.extend(std::iter::repeat_n(b'a', 20_000));
        assert!(matches!(
            decode_all(Framing::Chunked, &body),
            Err(DecodeError::Malformed(_))
        ));
    }

    #[test]
    fn length_and_until_close() {
        assert_eq!(
            decode_all(Framing::Length(3), b"abcdef").unwrap(),
            (3, b"abc".to_vec(), true)
        );
        assert_eq!(
            decode_all(Framing::Empty, b"abc").unwrap(),
            (0, Vec::new(), true)
        );
        let mut d = BodyDecoder::new(Framing::UntilClose, u64::MAX).unwrap();
        assert_eq!(d.decode(b"xyz").unwrap().data, 0..3);
        assert!(!d.is_done());
        d.finish_at_eof().unwrap();
        assert!(d.is_done());
        let mut d = BodyDecoder::new(Framing::Length(5), u64::MAX).unwrap();
        d.decode(b"ab").unwrap();
        assert_eq!(d.finish_at_eof(), Err(DecodeError::Truncated));
    }

    #[test]
    fn limits() {
        assert_eq!(
            BodyDecoder::new(Framing::Length(11), 10).unwrap_err(),
            DecodeError::TooLarge
        );
        let mut d = BodyDecoder::new(Framing::Chunked, 4).unwrap();
        assert_eq!(d.decode(b"5\r\n").unwrap_err(), DecodeError::TooLarge);
        let mut d = BodyDecoder::new(Framing::Chunked, 6).unwrap();
        let input = b"3\r\nabc\r\n4\r\n";
        let step = d.decode(input).unwrap();
        assert_eq!(step.data, 3..6);
        assert_eq!(
            d.decode(&input[step.consumed..]).unwrap_err(),
            DecodeError::TooLarge
        );
    }

    #[test]
    fn raw_data_can_be_skipped_inside_chunks() {
        let mut d = BodyDecoder::new(Framing::Chunked, u64::MAX).unwrap();
        let step = d.decode(b"a\r\n").unwrap();
        assert_eq!((step.consumed, step.data), (3, 3..3));
        assert_eq!(d.raw_data_remaining(), Some(10));
        d.skip_data(10).unwrap();
        assert_eq!(d.raw_data_remaining(), None);
        d.decode(b"\r\n0\r\n\r\n").unwrap();
        assert!(d.is_done());
        assert_eq!(d.data_seen, 10);
    }

    #[test]
    fn encoding_round_trips() {
        for n in [0u64, 1, 15, 16, 255, 4096, 1 << 40] {
            let line = chunk_size_line(n);
            let text = std::str::from_utf8(line.as_ref()).unwrap();
            assert_eq!(text, format!("{n:x}\r\n"));
        }
    }
}
