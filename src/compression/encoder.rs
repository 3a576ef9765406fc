//! One streaming compressor for each coding, behind one type: bytes in,
//! compressed bytes out as they are ready, a flush that makes everything
//! given so far decodable (for streams that must not be held back), and a
//! finish. The compressors are the maintained crates': `flate2` (zlib-rs)
//! for gzip, `brotli`, and `zstd` (the reference library).

use super::Coding;
use std::io::{self, Write};

/// Brotli's window: 512 KiB (lgwin 19), as ngx_brotli's default. The
/// encoder's memory grows with it, and a response stream keeps one.
const BROTLI_WINDOW_BITS: u32 = 19;
/// Brotli's input buffer.
const BROTLI_BUFFER: usize = 4096;

pub struct Encoder {
    inner: Inner,
}

enum Inner {
    Gzip(flate2::write::GzEncoder<Vec<u8>>),
    // Boxed: the encoder's state is kilobytes.
    Brotli(Box<brotli::CompressorWriter<Vec<u8>>>),
    Zstd(zstd::stream::write::Encoder<'static, Vec<u8>>),
}

impl Encoder {
    /// A compressor for `coding` at `level` (checked by the configuration
    /// to be in the coding's range).
    pub fn new(coding: Coding, level: u32) -> io::Result<Encoder> {
        let inner = match coding {
            Coding::Gzip => Inner::Gzip(flate2::write::GzEncoder::new(
                Vec::new(),
                flate2::Compression::new(level),
            )),
            Coding::Brotli => Inner::Brotli(Box::new(brotli::CompressorWriter::new(
                Vec::new(),
                BROTLI_BUFFER,
                level,
                BROTLI_WINDOW_BITS,
            ))),
            Coding::Zstd => {
                Inner::Zstd(zstd::stream::write::Encoder::new(Vec::new(), level as i32)?)
            }
        };
        Ok(Encoder { inner })
    }

    pub fn write(&mut self, data: &[u8]) -> io::Result<()> {
        match &mut self.inner {
            Inner::Gzip(e) => e.write_all(data),
            Inner::Brotli(e) => e.write_all(data),
            Inner::Zstd(e) => e.write_all(data),
        }
    }

    /// Makes everything written so far decodable from the output (gzip's
    /// sync flush, brotli's and zstd's flush), at a small cost in size.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.inner {
            Inner::Gzip(e) => e.flush(),
            Inner::Brotli(e) => e.flush(),
            Inner::Zstd(e) => e.flush(),
        }
    }

    /// Moves the output ready so far to the end of `into`.
    pub fn take_output(&mut self, into: &mut Vec<u8>) {
        let out = match &mut self.inner {
            Inner::Gzip(e) => e.get_mut(),
            Inner::Brotli(e) => e.get_mut(),
            Inner::Zstd(e) => e.get_mut(),
        };
        if into.is_empty() {
            std::mem::swap(into, out);
        } else {
            into.append(out);
        }
    }

    /// Ends the stream: the output not yet taken, with the coding's end.
    pub fn finish(self) -> io::Result<Vec<u8>> {
        match self.inner {
            Inner::Gzip(e) => e.finish(),
            // `into_inner` finishes the stream.
            Inner::Brotli(e) => Ok(e.into_inner()),
            Inner::Zstd(e) => e.finish(),
        }
    }
}

/// `data` compressed whole.
pub fn compress(coding: Coding, level: u32, data: &[u8]) -> io::Result<Vec<u8>> {
    let mut encoder = Encoder::new(coding, level)?;
    encoder.write(data)?;
    let mut out = Vec::new();
    encoder.take_output(&mut out);
    out.extend_from_slice(&encoder.finish()?);
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::io::Read;

    /// Decoded by the crates' own decoders (the integration tests use
    /// independent ones: Python's and the command-line tools).
    pub fn decode(coding: Coding, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        match coding {
            Coding::Gzip => {
                flate2::read::GzDecoder::new(data)
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Coding::Brotli => {
                brotli::Decompressor::new(data, 4096)
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Coding::Zstd => out = zstd::stream::decode_all(data).unwrap(),
        }
        out
    }

    fn text(len: usize) -> Vec<u8> {
        let words = ["alpha ", "beta ", "gamma ", "<div class=\"x\">", "</div>\n"];
        let mut out = Vec::new();
        let mut i = 7usize;
        while out.len() < len {
            i = i.wrapping_mul(2654435761).wrapping_add(1);
            out.extend_from_slice(words[i % words.len()].as_bytes());
        }
        out.truncate(len);
        out
    }

    #[test]
    fn whole_and_streamed_round_trip() {
        let data = text(200_000);
        for coding in Coding::ALL {
            let whole = compress(coding, 5, &data).unwrap();
            assert!(whole.len() < data.len() / 3, "{coding:?}");
            assert_eq!(decode(coding, &whole), data, "{coding:?}");

            // In pieces, flushed after each: every flush makes what was
            // written so far decodable.
            let mut e = Encoder::new(coding, 5).unwrap();
            let mut out = Vec::new();
            for piece in data.chunks(30_000) {
                e.write(piece).unwrap();
                e.flush().unwrap();
                e.take_output(&mut out);
            }
            out.extend_from_slice(&e.finish().unwrap());
            assert_eq!(decode(coding, &out), data, "{coding:?}");
        }
    }

    #[test]
    fn empty_input() {
        for coding in Coding::ALL {
            let out = compress(coding, 1, b"").unwrap();
            assert!(decode(coding, &out).is_empty(), "{coding:?}");
        }
    }
}
