//! The pid file: written once the process serves, so whoever reads it
//! (`tlsaccel reload`, an init script, logrotate) finds a process that
//! answers signals; removed at exit only if it still names this process
//! (after a binary upgrade it names the successor).

use crate::privileges::Account;
use std::io;
use std::path::{Path, PathBuf};

pub struct PidFile {
    path: PathBuf,
}

impl PidFile {
    /// Writes this process's pid, atomically where the directory allows
    /// (a reader never sees a half-written file); else, after privileges
    /// were dropped, over the file the first process left for this account.
    pub fn write(path: &Path, owner: Option<&Account>) -> io::Result<PidFile> {
        let text = format!("{}\n", std::process::id());
        let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
        match std::fs::write(&tmp, &text) {
            Ok(()) => {
                std::fs::rename(&tmp, path).inspect_err(|_| {
                    let _ = std::fs::remove_file(&tmp);
                })?;
            }
            Err(e) if e.kind() == io::ErrorKind::PermissionDenied => std::fs::write(path, &text)?,
            Err(e) => return Err(e),
        }
        if let Some(a) = owner {
            // So this account can empty it at exit, and a successor running
            // as it can write it.
            std::os::unix::fs::chown(path, Some(a.uid), Some(a.gid))?;
        }
        Ok(PidFile {
            path: path.to_owned(),
        })
    }
}

impl Drop for PidFile {
    fn drop(&mut self) {
        if read(&self.path).ok() == Some(std::process::id())
            && std::fs::remove_file(&self.path).is_err()
        {
            // A directory only root may change: at least name no process.
            let _ = std::fs::write(&self.path, "");
        }
    }
}

/// The pid a pid file names.
pub fn read(path: &Path) -> io::Result<u32> {
    let text = std::fs::read_to_string(path)?;
    text.trim().parse().map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: \"{}\" is not a pid", path.display(), text.trim()),
        )
    })
}
