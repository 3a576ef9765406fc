//! Opening files under the document root with the kernel's guarantee that
//! resolution never leaves it: `openat2(RESOLVE_BENEATH)` refuses `..` above
//! the root and symlinks (absolute or relative) that point outside it.

use rustix::fs::{openat2, Mode, OFlags, ResolveFlags};
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// An open handle on the document root directory. The path is resolved
/// again from time to time, so a root deployed by switching a symlink
/// (`/srv/www -> releases/42`) is followed, as nginx follows it.
#[derive(Debug)]
pub struct Root {
    path: PathBuf,
    dir: OwnedFd,
    identity: (u64, u64),
    resolved: Duration,
}

fn open_dir(path: &Path) -> io::Result<(OwnedFd, (u64, u64))> {
    let dir = rustix::fs::open(
        path,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )?;
    let meta = File::from(dir.try_clone()?).metadata()?;
    Ok((dir, (meta.dev(), meta.ino())))
}

impl Root {
    pub fn open(path: &Path) -> io::Result<Root> {
        let (dir, identity) = open_dir(path)?;
        let root = Root {
            path: path.to_path_buf(),
            dir,
            identity,
            resolved: crate::clock::coarse_monotonic(),
        };
        // Fail at start, not on the first request, on kernels without openat2 (< 5.6).
        root.open_beneath(b"")?;
        Ok(root)
    }

    /// Another handle on the same open directory (a worker's own, so each
    /// follows a moved root on its own schedule).
    pub fn try_clone(&self) -> io::Result<Root> {
        Ok(Root {
            path: self.path.clone(),
            dir: self.dir.try_clone()?,
            identity: self.identity,
            resolved: self.resolved,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Resolves the root path again once `every` has passed. True when it
    /// now names a different directory (cached files must be dropped).
    pub fn refresh(&mut self, every: Duration) -> bool {
        let now = crate::clock::coarse_monotonic();
        if now < self.resolved + every {
            return false;
        }
        self.resolved = now;
        match open_dir(&self.path) {
            Ok((dir, identity)) if identity != self.identity => {
                tracing::info!(root = %self.path.display(), "document root now names another directory; following it");
                self.dir = dir;
                self.identity = identity;
                true
            }
            Ok(_) => false,
            Err(e) => {
                tracing::warn!(root = %self.path.display(), error = %e, "cannot open the document root again; serving the one already open");
                false
            }
        }
    }

    /// Opens `relative` (no leading slash; empty for the root itself)
    /// read-only, never following a path out of the root. FIFOs and devices
    /// are opened non-blocking so a hostile file cannot stall the worker.
    pub fn open_beneath(&self, relative: &[u8]) -> io::Result<File> {
        let path = if relative.is_empty() {
            &b"."[..]
        } else {
            relative
        };
        let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NOCTTY | OFlags::NONBLOCK;
        let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
        loop {
            match openat2(&self.dir, path, flags, Mode::empty(), resolve) {
                Ok(fd) => return Ok(File::from(fd)),
                // EAGAIN: a concurrent rename raced the resolution; try again.
                Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }
}
