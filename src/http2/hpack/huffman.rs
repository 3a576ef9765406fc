//! The Huffman code of HPACK string literals (RFC 7541 section 5.2 and
//! Appendix B).
//!
//! The code is canonical: codes of one length are consecutive numbers in
//! symbol order, and each length's first code follows the previous
//! length's last. So the bit length of each symbol is all the table needs;
//! the codes, and the decoder's per-length limits, are computed from it at
//! compile time. Decoding peeks 32 bits at a time and finds the code's
//! length by comparing against each length's upper limit (typical header
//! text uses 5 to 8 bit codes, so a few comparisons), never bit by bit.

/// Bit length of the code of each symbol, 0 to 255 and EOS (256), from
/// RFC 7541 Appendix B.
const LENGTHS: [u8; 257] = [
    13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, //
    28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28, //
    6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, //
    5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10, //
    13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, //
    7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6, //
    15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, //
    6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28, //
    20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, //
    24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24, //
    22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, //
    21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23, //
    26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, //
    19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27, //
    20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, //
    26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26, //
    30,
];

const EOS: u16 = 256;
const MIN_LEN: usize = 5;
const MAX_LEN: usize = 30;

/// The canonical code: per symbol its code, per length the first code and
/// where its symbols start in `by_code`.
struct Code {
    codes: [u32; 257],
    /// Symbols in code order (by length, then symbol).
    by_code: [u16; 257],
    /// Per length: the first code of that length, and the index in
    /// `by_code` of its symbol.
    first: [u32; MAX_LEN + 1],
    start: [u16; MAX_LEN + 1],
    /// Per length: one past the last code of that length, left-aligned in
    /// 32 bits (u64: the last length's limit is 2^32). A 32-bit window
    /// below `limit[n]` and at or above `limit[n - 1]` starts with a code
    /// of length n.
    limit: [u64; MAX_LEN + 1],
}

const CODE: Code = build();

const fn build() -> Code {
    let mut count = [0u32; MAX_LEN + 1];
    let mut s = 0;
    while s < 257 {
        count[LENGTHS[s] as usize] += 1;
        s += 1;
    }
    let mut first = [0u32; MAX_LEN + 1];
    let mut start = [0u16; MAX_LEN + 1];
    let mut limit = [0u64; MAX_LEN + 1];
    let mut next = 0u32;
    let mut index = 0u16;
    let mut len = 1;
    while len <= MAX_LEN {
        first[len] = next;
        start[len] = index;
        next += count[len];
        index += count[len] as u16;
        limit[len] = (next as u64) << (32 - len);
        next <<= 1;
        len += 1;
    }
    let mut codes = [0u32; 257];
    let mut by_code = [0u16; 257];
    let mut taken = [0u32; MAX_LEN + 1];
    // Symbols of one length get consecutive codes in symbol order.
    s = 0;
    while s < 257 {
        let len = LENGTHS[s] as usize;
        codes[s] = first[len] + taken[len];
        by_code[start[len] as usize + taken[len] as usize] = s as u16;
        taken[len] += 1;
        s += 1;
    }
    Code {
        codes,
        by_code,
        first,
        start,
        limit,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HuffmanError {
    #[error("Huffman string contains EOS")]
    Eos,
    #[error("Huffman string padded with more than 7 bits, or not with ones")]
    BadPadding,
}

/// The length of `src` Huffman-encoded, in bytes.
pub fn encoded_len(src: &[u8]) -> usize {
    let bits: usize = src.iter().map(|&b| LENGTHS[b as usize] as usize).sum();
    bits.div_ceil(8)
}

/// Appends `src` Huffman-encoded to `dst`, padded with ones (EOS's first
/// bits) to a whole byte.
pub fn encode(src: &[u8], dst: &mut Vec<u8>) {
    dst.reserve(encoded_len(src));
    // Bits waiting in the low end of `acc`; at most 7 + 30 at once.
    let mut acc: u64 = 0;
    let mut bits = 0u32;
    for &b in src {
        let len = LENGTHS[b as usize] as u32;
        acc = (acc << len) | u64::from(CODE.codes[b as usize]);
        bits += len;
        while bits >= 8 {
            bits -= 8;
            dst.push((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        let pad = 8 - bits;
        dst.push(((acc << pad) | ((1 << pad) - 1)) as u8);
    }
}

/// Appends the decoded `src` to `dst`.
pub fn decode(src: &[u8], dst: &mut Vec<u8>) -> Result<(), HuffmanError> {
    dst.reserve(src.len() + src.len() / 2);
    let mut input = src.iter();
    // Undecoded bits in the low end of `acc`.
    let mut acc: u64 = 0;
    let mut bits = 0u32;
    loop {
        while bits <= 56 {
            match input.next() {
                Some(&b) => {
                    acc = (acc << 8) | u64::from(b);
                    bits += 8;
                }
                None => break,
            }
        }
        if bits == 0 {
            return Ok(());
        }
        // The next 32 bits, left-aligned, zeros past the end.
        let window = if bits >= 32 {
            (acc >> (bits - 32)) as u32
        } else {
            (acc << (32 - bits)) as u32
        };
        let mut len = MIN_LEN;
        while u64::from(window) >= CODE.limit[len] {
            len += 1;
        }
        if len as u32 > bits {
            // Not a whole code: the padding, which must be a short run of
            // ones (no code is all ones, so those always land here).
            let rest = acc & ((1 << bits) - 1);
            if bits > 7 || rest != (1 << bits) - 1 {
                return Err(HuffmanError::BadPadding);
            }
            return Ok(());
        }
        let code = window >> (32 - len);
        let symbol = CODE.by_code[(CODE.start[len] as u32 + code - CODE.first[len]) as usize];
        if symbol == EOS {
            return Err(HuffmanError::Eos);
        }
        dst.push(symbol as u8);
        bits -= len as u32;
        acc &= (1u64 << bits) - 1;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Bytes from the RFC's hex dumps ("f1e3 c2e5").
    pub fn hex(s: &str) -> Vec<u8> {
        let s: String = s.split_whitespace().collect();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn codes_match_appendix_b() {
        // A few rows of RFC 7541 Appendix B, from each end of the table.
        for (symbol, code, len) in [
            (0usize, 0x1ff8u32, 13u8),
            (1, 0x7fffd8, 23),
            (10, 0x3ffffffc, 30),
            (b' ' as usize, 0x14, 6),
            (b'0' as usize, 0x0, 5),
            (b'a' as usize, 0x3, 5),
            (b'z' as usize, 0x7b, 7),
            (b'~' as usize, 0x1ffd, 13),
            (255, 0x3ffffee, 26),
            (256, 0x3fffffff, 30),
        ] {
            assert_eq!(
                (CODE.codes[symbol], LENGTHS[symbol]),
                (code, len),
                "{symbol}"
            );
        }
    }

    #[test]
    fn appendix_c4_strings() {
        for (text, encoded) in [
            ("www.example.com", "f1e3 c2e5 f23a 6ba0 ab90 f4ff"),
            ("no-cache", "a8eb 1064 9cbf"),
            ("custom-key", "25a8 49e9 5ba9 7d7f"),
            ("custom-value", "25a8 49e9 5bb8 e8b4 bf"),
            ("302", "6402"),
            ("private", "aec3 771a 4b"),
            (
                "Mon, 21 Oct 2013 20:13:21 GMT",
                "d07a be94 1054 d444 a820 0595 040b 8166 e082 a62d 1bff",
            ),
            (
                "https://www.example.com",
                "9d29 ad17 1863 c78f 0b97 c8e9 ae82 ae43 d3",
            ),
        ] {
            let mut out = Vec::new();
            encode(text.as_bytes(), &mut out);
            assert_eq!(out, hex(encoded), "{text}");
            assert_eq!(encoded_len(text.as_bytes()), out.len());
            let mut back = Vec::new();
            decode(&out, &mut back).unwrap();
            assert_eq!(back, text.as_bytes());
        }
    }

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
        for window in [1, 2, 3, 7, 64, all.len()] {
            for chunk in all.chunks(window) {
                let mut out = Vec::new();
                encode(chunk, &mut out);
                let mut back = Vec::new();
                decode(&out, &mut back).unwrap();
                assert_eq!(back, chunk);
            }
        }
    }

    #[test]
    fn bad_padding_and_eos_are_refused() {
        // 'a' (00011) then 3 bits of padding that are not all ones.
        assert_eq!(
            decode(&[0b0001_1011], &mut Vec::new()),
            Err(HuffmanError::BadPadding)
        );
        // A whole byte of ones after the last code: padding of 8 bits.
        let mut long = Vec::new();
        encode(b"a", &mut long);
        long.push(0xff);
        assert_eq!(
            decode(&long, &mut Vec::new()),
            Err(HuffmanError::BadPadding)
        );
        // EOS itself (30 ones), then two ones of padding.
        assert_eq!(
            decode(&[0xff, 0xff, 0xff, 0xff], &mut Vec::new()),
            Err(HuffmanError::Eos)
        );
        // Ones only, up to 7: an empty string's padding.
        assert_eq!(
            decode(&[0xff], &mut Vec::new()),
            Err(HuffmanError::BadPadding)
        );
        let mut out = Vec::new();
        decode(&[], &mut out).unwrap();
        assert!(out.is_empty());
    }
}
