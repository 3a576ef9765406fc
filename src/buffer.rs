//! A byte buffer for the send paths, which fill the same space again and
//! again (a response head, a file chunk, encrypted records): its memory is
//! zeroed once, when it grows, instead of on every refill as
//! `Vec::resize` would. Content is `data[..len]`; `data[len..]` is spare
//! space a reader or an encrypter may write into before `commit`.

#[derive(Debug, Default)]
pub struct ByteBuf {
    data: Vec<u8>,
    len: usize,
}

impl ByteBuf {
    pub fn new() -> ByteBuf {
        ByteBuf::default()
    }

    pub fn as_slice(&self) -> &[u8] {
        &self.data[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Empties the content, keeping the memory.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Drops the content past its first `len` bytes.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Drops the first `n` bytes of the content (they were written out).
    pub fn consume(&mut self, n: usize) {
        assert!(n <= self.len, "consume past the content");
        self.data.copy_within(n..self.len, 0);
        self.len -= n;
    }

    /// Gives the memory back (an idle connection holds nothing).
    pub fn release(&mut self) {
        *self = ByteBuf::new();
    }

    /// At least `min` writable bytes after the content; bytes written there
    /// become content with `commit`.
    pub fn spare(&mut self, min: usize) -> &mut [u8] {
        let wanted = self.len + min;
        if self.data.len() < wanted {
            // Grow geometrically so a buffer filled bit by bit is zeroed
            // O(size) times in all, not once per append.
            self.data.resize(wanted.max(self.data.len() * 2), 0);
        }
        &mut self.data[self.len..]
    }

    /// Makes `n` bytes written into `spare()` part of the content.
    pub fn commit(&mut self, n: usize) {
        assert!(
            self.len + n <= self.data.len(),
            "commit past the spare space"
        );
        self.len += n;
    }

    pub fn extend_from_slice(&mut self, bytes: &[u8]) {
        self.spare(bytes.len())[..bytes.len()].copy_from_slice(bytes);
        self.commit(bytes.len());
    }
}

/// Copies `src` to the start of `dst`. The pieces of a response head are a
/// few bytes each (a name, ": ", a value, CRLF): for those, two fixed-size
/// copies that overlap in the middle cost less than a call to `memcpy`,
/// which is what a copy of a length unknown at compile time becomes.
#[inline]
pub fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    let dst = &mut dst[..n];
    match n {
        0 => {}
        1..=3 => {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        17..=32 => {
            dst[..16].copy_from_slice(&src[..16]);
            dst[n - 16..].copy_from_slice(&src[n - 16..]);
        }
        _ => dst.copy_from_slice(src),
    }
}

impl std::fmt::Write for ByteBuf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refills_reuse_memory_and_keep_content_exact() {
        let mut b = ByteBuf::new();
        b.extend_from_slice(b"head ");
        let spare = b.spare(4);
        spare[..4].copy_from_slice(b"body");
        b.commit(4);
        assert_eq!(b.as_slice(), b"head body");
        let capacity = b.data.len();
        b.clear();
        assert!(b.is_empty());
        b.extend_from_slice(b"again");
        assert_eq!(b.as_slice(), b"again");
        assert_eq!(b.data.len(), capacity, "refill must not reallocate");
        b.consume(2);
        assert_eq!(b.as_slice(), b"ain");
        b.consume(3);
        assert!(b.is_empty());
        b.release();
        assert_eq!((b.len(), b.data.capacity()), (0, 0));
    }

    #[test]
    #[should_panic(expected = "commit past the spare space")]
    fn commit_cannot_claim_unwritten_bytes() {
        let mut b = ByteBuf::new();
        let n = b.spare(8).len();
        b.commit(n + 1);
    }

    #[test]
    fn short_copies_of_every_length_are_exact() {
        let src: Vec<u8> = (0..40u8).map(|i| i + 1).collect();
        for n in 0..=src.len() {
            let mut dst = [0u8; 48];
            copy_short(&mut dst, &src[..n]);
            assert_eq!(&dst[..n], &src[..n], "length {n}");
            assert!(
                dst[n..].iter().all(|&b| b == 0),
                "length {n} wrote past its end"
            );
        }
    }
}
