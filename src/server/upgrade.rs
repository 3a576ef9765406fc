//! Binary upgrade (SIGUSR2), as nginx does it: start the binary found at
//! the path this process was started from, with the same arguments, hand
//! it every listening socket (inherited descriptors named in
//! `TLSACCEL_INHERIT_FDS`), and wait for it to say it serves (a line on a
//! pipe, written after it has started its workers and its pid file). Then
//! this process stops accepting and drains; if the new one fails first,
//! this one keeps serving and says why.

use super::listeners::{ListenerSet, INHERIT_VAR, READY_VAR};
use std::ffi::OsString;
use std::io::Read;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::Duration;

/// What the successor is told to write once it serves.
const READY: &[u8] = b"ready\n";

/// How long a new process may take to start serving.
pub const START_TIMEOUT: Duration = Duration::from_secs(60);

/// The command line this process was started with, to start its successor.
#[derive(Clone)]
pub struct Invocation {
    pub program: PathBuf,
    pub args: Vec<OsString>,
}

impl Invocation {
    /// This process's own: the path of its binary as it was when it
    /// started (at upgrade time, whatever binary is at that path then).
    pub fn current() -> Invocation {
        let program = std::env::current_exe()
            .ok()
            .or_else(|| std::env::args_os().next().map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from("tlsaccel"));
        Invocation {
            program,
            args: std::env::args_os().skip(1).collect(),
        }
    }
}

/// Why the successor did not take over.
#[derive(Debug, thiserror::Error)]
pub enum UpgradeError {
    #[error("cannot start {}: {source}", program.display())]
    Spawn {
        program: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot hand over the listening sockets: {0}")]
    Sockets(#[source] std::io::Error),
    #[error(
        "the new process (pid {pid}) exited with {status} before serving; see its log lines above"
    )]
    Exited {
        pid: u32,
        status: std::process::ExitStatus,
    },
    #[error("the new process (pid {pid}) did not serve within {timeout:?}; stopped it")]
    Timeout { pid: u32, timeout: Duration },
    #[error("cannot wait for the new process (pid {pid}): {source}")]
    Wait { pid: u32, source: std::io::Error },
}

/// A successor that has been started and has not said it serves yet.
pub struct Successor {
    child: Child,
    ready: std::fs::File,
}

impl Successor {
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits (blocking) until the successor serves, exits, or times out
    /// (then it is killed); the running successor.
    pub fn wait_until_serving(mut self, timeout: Duration) -> Result<Child, UpgradeError> {
        let pid = self.child.id();
        let wait_error = |source| UpgradeError::Wait { pid, source };
        let deadline = std::time::Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let mut fds = [rustix::event::PollFd::new(
                &self.ready,
                rustix::event::PollFlags::IN,
            )];
            let ms = rustix::event::Timespec::try_from(left).ok();
            match rustix::event::poll(&mut fds, ms.as_ref()) {
                Ok(0) => {
                    let _ = self.child.kill();
                    let _ = self.child.wait();
                    return Err(UpgradeError::Timeout { pid, timeout });
                }
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(e) => return Err(wait_error(e.into())),
            }
            let mut buf = [0u8; 16];
            match self.ready.read(&mut buf) {
                Ok(0) => {
                    // Every write end is closed: the successor exited (or
                    // closed it without saying ready).
                    let status = self.child.wait().map_err(wait_error)?;
                    return Err(UpgradeError::Exited { pid, status });
                }
                Ok(n) => {
                    got.extend_from_slice(&buf[..n]);
                    if got.starts_with(READY) {
                        return Ok(self.child);
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(wait_error(e)),
            }
        }
    }
}

/// Starts the successor with every socket of `listeners` and the admin
/// listener.
pub fn start(
    invocation: &Invocation,
    listeners: &ListenerSet,
    admin: Option<&std::net::TcpListener>,
) -> Result<Successor, UpgradeError> {
    start_with(invocation, listeners, admin, |command| command)
}

/// `start`, with the command adjusted by `adjust` (the environment of a
/// serving process: `server::master`).
pub fn start_with(
    invocation: &Invocation,
    listeners: &ListenerSet,
    admin: Option<&std::net::TcpListener>,
    adjust: impl FnOnce(&mut Command) -> &mut Command,
) -> Result<Successor, UpgradeError> {
    let (sockets, names) = listeners
        .for_successor(admin)
        .map_err(UpgradeError::Sockets)?;
    let (read, write) = rustix::pipe::pipe_with(rustix::pipe::PipeFlags::CLOEXEC)
        .map_err(|e| UpgradeError::Sockets(e.into()))?;
    // The successor's copy of the write end: dup() leaves close-on-exec
    // off, so it crosses exec; ours closes below, so EOF means the
    // successor is gone.
    let write_for_child = rustix::io::dup(&write).map_err(|e| UpgradeError::Sockets(e.into()))?;
    drop(write);
    let mut command = Command::new(&invocation.program);
    command
        .args(&invocation.args)
        .env(INHERIT_VAR, names)
        .env(READY_VAR, write_for_child.as_raw_fd().to_string());
    let spawned = adjust(&mut command).spawn();
    // The successor has its copies (or failed): close ours.
    drop(write_for_child);
    drop(sockets);
    let child = spawned.map_err(|source| UpgradeError::Spawn {
        program: invocation.program.clone(),
        source,
    })?;
    Ok(Successor {
        child,
        ready: std::fs::File::from(read),
    })
}

/// SIGUSR2's first step: the successor started and waited for (said in
/// the log); None, said, when it cannot even start.
pub fn begin(
    invocation: &Invocation,
    listeners: &ListenerSet,
    admin: Option<&std::net::TcpListener>,
) -> Option<Successor> {
    match start(invocation, listeners, admin) {
        Ok(successor) => {
            tracing::info!(
                "binary upgrade (SIGUSR2): started {} as pid {}; waiting for it to serve",
                invocation.program.display(),
                successor.pid()
            );
            Some(successor)
        }
        Err(e) => {
            log_failure(&e);
            None
        }
    }
}

/// An upgrade that did not happen: this process keeps serving.
pub fn log_failure(why: &dyn std::fmt::Display) {
    tracing::error!("binary upgrade (SIGUSR2) failed: {why}; still serving");
}

/// Tells the process this one replaces that it serves.
pub fn say_ready(fd: OwnedFd) {
    use std::io::Write;
    let mut pipe = std::fs::File::from(fd);
    if let Err(e) = pipe.write_all(READY) {
        tracing::warn!(error = %e, "cannot tell the previous process that this one serves");
    }
}
