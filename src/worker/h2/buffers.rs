//! The buffers that file and back-end reads fill and DATA frames carry.
//!
//! A back end's body is read into a buffer and handed to the connection's
//! driver as `Bytes`, which keeps it until its frames have been written. Allocating and zeroing a fresh 64 KiB buffer per read costs
//! a good part of what the read itself does; instead each worker thread
//! keeps the buffers it has used, and a buffer goes back to its thread's
//! free list when the last `Bytes` pointing into it is dropped.

use crate::http2::connection::DATA_FRAME;
use bytes::Bytes;
use std::cell::RefCell;

/// Size of every buffer: four DATA frames of one TLS record each.
pub(super) const BUFFER_SIZE: usize = 4 * DATA_FRAME;
/// Free buffers a thread keeps (4 MiB); more go back to the allocator, so
/// a burst of concurrent downloads does not pin its peak memory.
const KEPT_PER_THREAD: usize = 64;

thread_local! {
    static FREE: RefCell<Vec<Box<[u8]>>> = const { RefCell::new(Vec::new()) };
}

/// A buffer from the pool, filled by one read and then frozen into the
/// `Bytes` of what was read.
pub(super) struct ReadBuffer {
    data: Box<[u8]>,
    filled: usize,
}

impl ReadBuffer {
    pub(super) fn take() -> Self {
        let data = FREE
            .with(|free| free.borrow_mut().pop())
            .unwrap_or_else(|| vec![0; BUFFER_SIZE].into_boxed_slice());
        ReadBuffer { data, filled: 0 }
    }

    /// The whole buffer, for a read to fill from the start.
    pub(super) fn space(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// The first `filled` bytes, as `Bytes` that return the buffer to the
    /// pool when the last of them (and of their slices) is dropped.
    pub(super) fn freeze(mut self, filled: usize) -> Bytes {
        self.filled = filled.min(self.data.len());
        Bytes::from_owner(self)
    }
}

impl AsRef<[u8]> for ReadBuffer {
    fn as_ref(&self) -> &[u8] {
        &self.data[..self.filled]
    }
}

impl Drop for ReadBuffer {
    fn drop(&mut self) {
        let data = std::mem::take(&mut self.data);
        // `try_with`: a buffer dropped while its thread exits is freed.
        let _ = FREE.try_with(|free| {
            let mut free = free.borrow_mut();
            if free.len() < KEPT_PER_THREAD {
                free.push(data);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free_count() -> usize {
        FREE.with(|free| free.borrow().len())
    }

    #[test]
    fn a_buffer_comes_back_when_its_last_slice_is_dropped() {
        let mut buf = ReadBuffer::take();
        buf.space()[..5].copy_from_slice(b"hello");
        let address = buf.space().as_ptr();
        let before = free_count();
        let bytes = buf.freeze(5);
        assert_eq!(&bytes[..], b"hello");
        let tail = bytes.slice(1..);
        drop(bytes);
        assert_eq!(free_count(), before, "a slice still points into it");
        assert_eq!(&tail[..], b"ello");
        drop(tail);
        assert_eq!(free_count(), before + 1);
        // The next read reuses it, contents and all: reads fill from the start.
        let mut again = ReadBuffer::take();
        assert_eq!(again.space().as_ptr(), address);
        assert_eq!(again.space().len(), BUFFER_SIZE);
    }

    #[test]
    fn the_free_list_is_bounded() {
        let held: Vec<Bytes> = (0..KEPT_PER_THREAD + 10)
            .map(|_| ReadBuffer::take().freeze(0))
            .collect();
        drop(held);
        assert_eq!(free_count(), KEPT_PER_THREAD);
    }
}
