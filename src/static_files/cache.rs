//! Per-worker cache of open file descriptors and their metadata (nginx's
//! `open_file_cache`): a hot file costs no `openat2`/`fstat` per request.
//! Entries are re-validated after `valid` and the least recently used one
//! is dropped when the cache is full. A descriptor being sent stays open
//! until its last response is done (it is reference counted).

use super::open::Root;
use super::OpenFile;
use crate::config::OpenFileCacheSettings;
use foldhash::HashMap;
use std::io;
use std::rc::Rc;
use std::time::Duration;

struct Entry {
    file: Rc<OpenFile>,
    /// When it was opened (`clock::coarse_monotonic`), plus `valid`: kept
    /// as the end, so that the lookup on every request compares times
    /// instead of subtracting them.
    valid_until: Duration,
    last_used: u64,
}

pub struct OpenFileCache {
    /// Keyed by paths that opened (a client cannot choose keys beyond the
    /// files that exist), hashed with seeded foldhash, not SipHash: the
    /// lookup is on every static request.
    entries: HashMap<Vec<u8>, Entry>,
    max_entries: usize,
    valid: Duration,
    /// Files up to this size are cached with their contents.
    contents_max_bytes: u64,
    /// Precompressed variants looked for and not found, until when they
    /// are looked for again: most sites have none, and a failed open per
    /// request and coding would cost more than the file's own lookup.
    absent: HashMap<Vec<u8>, Duration>,
    clock: u64,
}

/// What a lookup found at a path.
pub enum Found {
    File(Rc<OpenFile>),
    Directory,
    /// Something that is neither (FIFO, socket, device).
    Special,
}

impl OpenFileCache {
    pub fn new(settings: &OpenFileCacheSettings) -> Self {
        OpenFileCache {
            entries: HashMap::default(),
            max_entries: settings.max_entries,
            valid: settings.valid,
            contents_max_bytes: settings.contents_max_bytes,
            absent: HashMap::default(),
            clock: 0,
        }
    }

    pub fn lookup(&mut self, root: &Root, relative: &[u8]) -> io::Result<Found> {
        self.clock += 1;
        let now = crate::clock::coarse_monotonic();
        if let Some(e) = self.entries.get_mut(relative) {
            if now < e.valid_until {
                e.last_used = self.clock;
                return Ok(Found::File(e.file.clone()));
            }
            self.entries.remove(relative);
        }
        let file = root.open_beneath(relative)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Ok(Found::Directory);
        }
        if !meta.is_file() {
            return Ok(Found::Special);
        }
        let mut open = OpenFile::new(file, &meta, relative);
        // Only what stays in the cache is worth reading whole.
        if self.max_entries > 0 && open.len <= self.contents_max_bytes {
            open.keep_contents();
        }
        let open = Rc::new(open);
        if self.max_entries > 0 {
            if self.entries.len() >= self.max_entries {
                self.evict_least_recent();
            }
            self.entries.insert(
                relative.to_vec(),
                Entry {
                    file: open.clone(),
                    valid_until: now + self.valid,
                    last_used: self.clock,
                },
            );
        }
        Ok(Found::File(open))
    }

    /// The regular file at `relative` (a precompressed variant's path),
    /// if there is one. Its absence is remembered as an open file is, for
    /// `valid`.
    pub fn lookup_variant(&mut self, root: &Root, relative: &[u8]) -> Option<Rc<OpenFile>> {
        let now = crate::clock::coarse_monotonic();
        if let Some(&until) = self.absent.get(relative) {
            if now < until {
                return None;
            }
            self.absent.remove(relative);
        }
        match self.lookup(root, relative) {
            Ok(Found::File(f)) => Some(f),
            _ => {
                if self.max_entries > 0 {
                    if self.absent.len() >= self.max_entries {
                        self.absent.clear();
                    }
                    self.absent.insert(relative.to_vec(), now + self.valid);
                }
                None
            }
        }
    }

    pub fn valid(&self) -> Duration {
        self.valid
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.absent.clear();
    }

    fn evict_least_recent(&mut self) {
        if let Some(key) = self
            .entries
            .iter()
            .min_by_key(|(_, e)| e.last_used)
            .map(|(k, _)| k.clone())
        {
            self.entries.remove(&key);
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::SourceFile;

    fn tmp_root(files: &[&str]) -> (std::path::PathBuf, Root) {
        let dir = std::env::temp_dir().join(format!(
            "tlsaccel-cache-{}-{}",
            std::process::id(),
            files.len()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for f in files {
            std::fs::write(dir.join(f), f.as_bytes()).unwrap();
        }
        let root = Root::open(&dir).unwrap();
        (dir, root)
    }

    #[test]
    fn bounded_lru_and_revalidation() {
        let (dir, root) = tmp_root(&["a", "b", "c"]);
        let mut cache = OpenFileCache::new(&OpenFileCacheSettings {
            max_entries: 2,
            valid: Duration::from_millis(50),
            contents_max_bytes: 14,
        });
        for name in [&b"a"[..], b"b", b"a", b"c"] {
            assert!(matches!(cache.lookup(&root, name).unwrap(), Found::File(_)));
        }
        assert_eq!(cache.len(), 2);
        assert!(cache.entries.contains_key(&b"a"[..]) && cache.entries.contains_key(&b"c"[..]));

        // A replaced file is seen once the entry is older than `valid`.
        std::fs::write(dir.join("a"), b"longer content").unwrap();
        std::thread::sleep(Duration::from_millis(80));
        let Found::File(f) = cache.lookup(&root, b"a").unwrap() else {
            panic!()
        };
        assert_eq!(f.len, 14);
        assert_eq!(f.kept(0, 14), Some(&b"longer content"[..]));
        assert_eq!(f.kept(7, 7), Some(&b"content"[..]));
        assert_eq!(f.kept(7, 8), None, "past the end");

        // Over the size limit, or with the cache off: no contents kept.
        std::fs::write(dir.join("b"), b"fifteen bytes!!").unwrap();
        let Found::File(f) = cache.lookup(&root, b"b").unwrap() else {
            panic!()
        };
        assert_eq!((f.len, f.kept(0, 1)), (15, None));
        let mut off = OpenFileCache::new(&OpenFileCacheSettings {
            max_entries: 0,
            valid: Duration::from_secs(30),
            contents_max_bytes: 1 << 20,
        });
        let Found::File(f) = off.lookup(&root, b"c").unwrap() else {
            panic!()
        };
        assert_eq!(f.kept(0, 1), None);
        assert!(matches!(
            cache.lookup(&root, b"").unwrap(),
            Found::Directory
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
