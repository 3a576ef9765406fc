//! Opening files under the document root with the kernel's guarantee that
//! resolution never leaves it: `openat2(RESOLVE_BENEATH)` refuses `..` above
//! the root and symlinks (absolute or relative) that point outside it.

use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

const RESOLVE_NO_MAGICLINKS: u64 = 0x02;
const RESOLVE_BENEATH: u64 = 0x08;

/// `struct open_how` from linux/openat2.h (libc's is non-exhaustive).
#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}

/// An open handle on the document root directory.
#[derive(Debug)]
pub struct Root {
    dir: OwnedFd,
}

impl Root {
    pub fn open(path: &Path) -> io::Result<Root> {
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
        let root = Root {
            dir: unsafe { OwnedFd::from_raw_fd(fd) },
        };
        // Fail at start, not on the first request, on kernels without openat2 (< 5.6).
        root.open_beneath(b"")?;
        Ok(root)
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
