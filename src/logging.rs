//! The server's own log (the error log, in nginx's words): to standard
//! error, or to a file that SIGUSR1 reopens, so logrotate can move it away.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// A log file that can be reopened at its path.
#[derive(Clone)]
pub struct ReopenableFile {
    path: PathBuf,
    file: Arc<Mutex<File>>,
}

impl ReopenableFile {
    pub fn open(path: &Path) -> io::Result<ReopenableFile> {
        Ok(ReopenableFile {
            path: path.to_owned(),
            file: Arc::new(Mutex::new(open_append(path)?)),
        })
    }

    /// Opens the path again (a new file if it was moved away); on failure
    /// the old file stays in use.
    pub fn reopen(&self) -> io::Result<()> {
        let fresh = open_append(&self.path)?;
        *self.lock() = fresh;
        Ok(())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn lock(&self) -> MutexGuard<'_, File> {
        self.file.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Opens a log file for appending, saying which file when it cannot.
pub fn open_append(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot open {}: {e}", path.display())))
}

/// One event's writer: the file, held for the event's lines.
pub struct LockedFile<'a>(MutexGuard<'a, File>);

impl Write for LockedFile<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for ReopenableFile {
    type Writer = LockedFile<'a>;

    fn make_writer(&'a self) -> Self::Writer {
        LockedFile(self.lock())
    }
}

/// Starts logging at `level` to `file` (None: standard error). Returns the
/// file, for reopening.
pub fn init(level: &str, file: Option<&Path>) -> io::Result<Option<ReopenableFile>> {
    use tracing_subscriber::prelude::*;
    let level: tracing::Level = level.parse().unwrap_or(tracing::Level::INFO);
    let targets = tracing_subscriber::filter::Targets::new().with_default(level);
    let layer = tracing_subscriber::fmt::layer()
        .with_target(false)
        .with_ansi(false);
    let registry = tracing_subscriber::registry();
    match file {
        None => {
            registry
                .with(layer.with_writer(io::stderr).with_filter(targets))
                .init();
            Ok(None)
        }
        Some(path) => {
            let file = ReopenableFile::open(path)?;
            registry
                .with(layer.with_writer(file.clone()).with_filter(targets))
                .init();
            Ok(Some(file))
        }
    }
}
