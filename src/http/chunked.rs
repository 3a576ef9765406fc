//! An incremental decoder for `Transfer-Encoding: chunked`, strict about
//! syntax (CRLF line ends, hex sizes without sign or overflow) so a request
//! body ends exactly where every compliant parser thinks it ends.

/// Chunk extensions and trailers together may not exceed this.
const MAX_METADATA_BYTES: u64 = 16 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkedError {
    BadSyntax,
    MetadataTooLarge,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Size { value: u64, digits: u8 },
    Extension,
    SizeLf,
    Data { remaining: u64 },
    DataCr,
    DataLf,
    TrailerStart,
    TrailerLine,
    TrailerLf,
    FinalLf,
    Done,
}

/// Feeds on body bytes and reports how many were framing and how many data.
#[derive(Debug)]
pub struct ChunkedDecoder {
    state: State,
    metadata: u64,
    last_size: u64,
}

/// What one call to `feed` consumed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub consumed: usize,
    pub data_bytes: u64,
}

impl Default for ChunkedDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl ChunkedDecoder {
    pub fn new() -> Self {
        ChunkedDecoder {
            state: State::Size {
                value: 0,
                digits: 0,
            },
            metadata: 0,
            last_size: 0,
        }
    }

    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    /// Consumes input up to the end of the body (never beyond it).
    pub fn feed(&mut self, input: &[u8]) -> Result<Progress, ChunkedError> {
        let mut i = 0;
        let mut data_bytes = 0;
        while i < input.len() && self.state != State::Done {
            if let State::Data { remaining } = self.state {
                let take = remaining.min((input.len() - i) as u64);
                i += take as usize;
                data_bytes += take;
                self.state = if take == remaining {
                    State::DataCr
                } else {
                    State::Data {
                        remaining: remaining - take,
                    }
                };
                continue;
            }
            let b = input[i];
            i += 1;
            self.state = self.step(b)?;
        }
        Ok(Progress {
            consumed: i,
            data_bytes,
        })
    }

    fn step(&mut self, b: u8) -> Result<State, ChunkedError> {
        use State::*;
        Ok(match self.state {
            Size { value, digits } => match hex_value(b) {
                Some(v) if digits < 15 => Size {
                    value: value * 16 + v as u64,
                    digits: digits + 1,
                },
                Some(_) => return Err(ChunkedError::BadSyntax),
                None if digits == 0 => return Err(ChunkedError::BadSyntax),
                None => {
                    self.last_size = value;
                    match b {
                        b'\r' => SizeLf,
                        b';' | b' ' | b'\t' => {
                            self.count_metadata()?;
                            Extension
                        }
                        _ => return Err(ChunkedError::BadSyntax),
                    }
                }
            },
            Extension => match b {
                b'\r' => SizeLf,
                b'\n' => return Err(ChunkedError::BadSyntax),
                _ => {
                    self.count_metadata()?;
                    Extension
                }
            },
            SizeLf if b == b'\n' => {
                if self.last_size == 0 {
                    TrailerStart
                } else {
                    Data {
                        remaining: self.last_size,
                    }
                }
            }
            DataCr if b == b'\r' => DataLf,
            DataLf if b == b'\n' => Size {
                value: 0,
                digits: 0,
            },
            TrailerStart if b == b'\r' => FinalLf,
            TrailerStart | TrailerLine if b != b'\r' && b != b'\n' => {
                self.count_metadata()?;
                TrailerLine
            }
            TrailerLine if b == b'\r' => TrailerLf,
            TrailerLf if b == b'\n' => TrailerStart,
            FinalLf if b == b'\n' => Done,
            _ => return Err(ChunkedError::BadSyntax),
        })
    }

    fn count_metadata(&mut self) -> Result<(), ChunkedError> {
        self.metadata += 1;
        if self.metadata > MAX_METADATA_BYTES {
            Err(ChunkedError::MetadataTooLarge)
        } else {
            Ok(())
        }
    }
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_all(input: &[u8]) -> Result<(usize, u64, bool), ChunkedError> {
        let mut d = ChunkedDecoder::new();
        let p = d.feed(input)?;
        Ok((p.consumed, p.data_bytes, d.is_done()))
    }

    #[test]
    fn whole_body_with_extensions_and_trailers() {
        let body = b"5;name=v\r\nhello\r\nA\r\n0123456789\r\n0\r\nX-T: 1\r\n\r\nGET / HTTP/1.1";
        let (consumed, data, done) = decode_all(body).unwrap();
        assert!(done);
        assert_eq!(data, 15);
        assert_eq!(&body[consumed..], b"GET / HTTP/1.1");
    }

    #[test]
    fn byte_by_byte_equals_whole() {
        let body = b"3\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n";
        let mut d = ChunkedDecoder::new();
        let mut data = 0;
        for b in body.iter() {
            let p = d.feed(std::slice::from_ref(b)).unwrap();
            assert_eq!(p.consumed, 1);
            data += p.data_bytes;
        }
        assert!(d.is_done());
        assert_eq!(data, 19);
    }

    #[test]
    fn bad_syntax_is_rejected() {
        for bad in [
            &b"x\r\n"[..],
            b"-1\r\n",
            b"5\nhello\r\n",
            b"5\r\nhelloX\r\n",
            b"\r\n",
            b"1234567890123456\r\n",
            b"0\r\n\n",
            b"5 ; a\r\nhello\r\n0\r\nBad\n",
        ] {
            assert_eq!(
                decode_all(bad).map(|r| r.2),
                Err(ChunkedError::BadSyntax),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn endless_extensions_are_cut() {
        let mut body = b"1;".to_vec();
        body.extend(std::iter::repeat_n(b'a', 20_000));
        assert_eq!(decode_all(&body), Err(ChunkedError::MetadataTooLarge));
    }
}
