//! The compressed variants of static files made on the fly, kept so a file
//! is compressed once, not per response (lighttpd's `mod_deflate` cache,
//! in memory). One per worker; bounded by the bytes it holds, the least
//! recently used variant out first.
//!
//! A variant is keyed by what identifies the file's contents (device,
//! inode, size, modification time to the nanosecond) and by its coding and
//! level: a changed file has a new key, so it is never served stale, and
//! its old variants age out.

use super::{Coding, Counters};
use bytes::Bytes;
use foldhash::HashMap;
use std::collections::BTreeMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

/// What identifies one version of a file's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileVersion {
    pub dev: u64,
    pub ino: u64,
    pub len: u64,
    pub mtime_ns: i128,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VariantKey {
    pub file: FileVersion,
    pub coding: Coding,
    pub level: u32,
}

struct Entry {
    data: Bytes,
    /// Its place in `by_use`.
    used: u64,
}

pub struct VariantCache {
    entries: HashMap<VariantKey, Entry>,
    /// Keys by last use, oldest first.
    by_use: BTreeMap<u64, VariantKey>,
    clock: u64,
    bytes: usize,
    max_bytes: usize,
    /// Where `bytes` is published (`Counters::cache_bytes`).
    counters: Arc<Counters>,
}

impl VariantCache {
    pub fn new(max_bytes: usize, counters: Arc<Counters>) -> VariantCache {
        VariantCache {
            entries: HashMap::default(),
            by_use: BTreeMap::new(),
            clock: 0,
            bytes: 0,
            max_bytes,
            counters,
        }
    }

    fn grow(&mut self, n: usize) {
        self.bytes += n;
        self.counters.cache_bytes.fetch_add(n as u64, Relaxed);
    }

    fn shrink(&mut self, n: usize) {
        self.bytes -= n;
        self.counters.cache_bytes.fetch_sub(n as u64, Relaxed);
    }

    pub fn get(&mut self, key: &VariantKey) -> Option<Bytes> {
        let entry = self.entries.get_mut(key)?;
        self.clock += 1;
        self.by_use.remove(&entry.used);
        entry.used = self.clock;
        self.by_use.insert(self.clock, *key);
        Some(entry.data.clone())
    }

    /// Keeps `data` as `key`'s variant, making room by dropping the least
    /// recently used; a variant larger than the whole cache is not kept.
    pub fn insert(&mut self, key: VariantKey, data: Bytes) {
        if data.len() > self.max_bytes {
            return;
        }
        self.remove(&key);
        while self.bytes + data.len() > self.max_bytes {
            let Some((_, oldest)) = self.by_use.pop_first() else {
                break;
            };
            if let Some(e) = self.entries.remove(&oldest) {
                self.shrink(e.data.len());
            }
        }
        self.clock += 1;
        self.grow(data.len());
        self.by_use.insert(self.clock, key);
        self.entries.insert(
            key,
            Entry {
                data,
                used: self.clock,
            },
        );
    }

    fn remove(&mut self, key: &VariantKey) {
        if let Some(e) = self.entries.remove(key) {
            self.by_use.remove(&e.used);
            self.shrink(e.data.len());
        }
    }

    /// Bytes of variants held.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.bytes
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }
}

impl Drop for VariantCache {
    fn drop(&mut self) {
        // A retired generation's cache leaves the gauge.
        let held = self.bytes;
        self.shrink(held);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(ino: u64, coding: Coding) -> VariantKey {
        VariantKey {
            file: FileVersion {
                dev: 1,
                ino,
                len: 100,
                mtime_ns: 5,
            },
            coding,
            level: 5,
        }
    }

    #[test]
    fn bounded_by_bytes_least_recently_used_out() {
        let counters = Arc::new(Counters::default());
        let mut cache = VariantCache::new(100, counters.clone());
        cache.insert(key(1, Coding::Gzip), Bytes::from(vec![1; 40]));
        cache.insert(key(2, Coding::Gzip), Bytes::from(vec![2; 40]));
        assert!(cache.get(&key(1, Coding::Gzip)).is_some());
        // 120 > 100: the least recently used (2) goes.
        cache.insert(key(3, Coding::Gzip), Bytes::from(vec![3; 40]));
        assert!(cache.get(&key(2, Coding::Gzip)).is_none());
        assert_eq!(cache.get(&key(1, Coding::Gzip)).unwrap()[0], 1);
        assert_eq!((cache.len(), cache.bytes()), (2, 80));
        // Another coding is another variant.
        assert!(cache.get(&key(1, Coding::Brotli)).is_none());
        // Too large for the whole cache: not kept, nothing evicted.
        cache.insert(key(4, Coding::Gzip), Bytes::from(vec![4; 101]));
        assert_eq!((cache.len(), cache.bytes()), (2, 80));
        // Replacing a variant counts its bytes once.
        cache.insert(key(1, Coding::Gzip), Bytes::from(vec![9; 10]));
        assert_eq!((cache.len(), cache.bytes()), (2, 50));
        assert_eq!(cache.by_use.len(), 2);
        assert_eq!(counters.cache_bytes.load(Relaxed), 50);
        drop(cache);
        assert_eq!(counters.cache_bytes.load(Relaxed), 0);
    }

    #[test]
    fn many_files_stay_within_the_limit() {
        let mut cache = VariantCache::new(64 * 1024, Arc::default());
        for ino in 0..10_000 {
            cache.insert(
                key(ino, Coding::Zstd),
                Bytes::from(vec![0; 100 + ino as usize % 900]),
            );
            assert!(cache.bytes() <= 64 * 1024);
        }
        assert_eq!(cache.by_use.len(), cache.len());
        let held: usize = cache.entries.values().map(|e| e.data.len()).sum();
        assert_eq!(held, cache.bytes());
    }
}
