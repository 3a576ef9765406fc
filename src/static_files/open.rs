//! Opening files under the document root with the kernel's guarantee that
//! resolution never leaves it: `openat2(RESOLVE_BENEATH)` refuses `..` above
//! the root and symlinks (absolute or relative) that point outside it.

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const RESOLVE_NO_MAGICLINKS: u64 = 0x02;
const RESOLVE_BENEATH: u64 = 0x08;

/// `struct open_how` from linux/openat2.h (libc's is non-exhaustive).
#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}

/// An open handle on the document root directory. The path is resolved
/// again from time to time, so a root deployed by switching a symlink
/// (`/srv/www -> releases/42`) is followed, as nginx follows it.
#[derive(Debug)]
pub struct Root {
    path: PathBuf,
    dir: OwnedFd,
    identity: (u64, u64),
    resolved: Instant,
}

fn open_dir(path: &Path) -> io::Result<(OwnedFd, (u64, u64))> {
    let c = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    // SAFETY: c is a valid NUL-terminated string; the returned fd is owned below.
    let fd = unsafe {
        libc::open(
            c.as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd was just returned by open and is not owned elsewhere.
    let dir = unsafe { OwnedFd::from_raw_fd(fd) };
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
            resolved: Instant::now(),
        };
        // Fail at start, not on the first request, on kernels without openat2 (< 5.6).
        root.open_beneath(b"")?;
        Ok(root)
    }

    /// Resolves the root path again once `every` has passed. True when it
    /// now names a different directory (cached files must be dropped).
    pub fn refresh(&mut self, every: Duration) -> bool {
        if self.resolved.elapsed() < every {
            return false;
        }
        self.resolved = Instant::now();
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
        let c = CString::new(path).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
        let how = OpenHow {
            flags: (libc::O_RDONLY | libc::O_CLOEXEC | libc::O_NOCTTY | libc::O_NONBLOCK) as u64,
            mode: 0,
            resolve: RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
        };
        loop {
            // SAFETY: valid dirfd, NUL-terminated path, and a fully initialised
            // open_how whose size we pass.
            let fd = unsafe {
                libc::syscall(
                    libc::SYS_openat2,
                    self.dir.as_raw_fd(),
                    c.as_ptr(),
                    &how as *const OpenHow,
                    std::mem::size_of::<OpenHow>(),
                )
            };
            if fd >= 0 {
                // SAFETY: the kernel returned a new descriptor that we now own.
                return Ok(unsafe { File::from_raw_fd(fd as i32) });
            }
            let err = io::Error::last_os_error();
            // EAGAIN: a concurrent rename raced the resolution; try again.
            if err.raw_os_error() != Some(libc::EAGAIN) && err.kind() != io::ErrorKind::Interrupted
            {
                return Err(err);
            }
        }
    }
}
