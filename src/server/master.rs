//! The master process, as nginx's and HAProxy's master-worker: started as
//! root with an account to serve as, tlsaccel keeps one small root process
//! that does what needs root and never serves a request, and a serving
//! process that runs as the account with no capability.
//!
//! The master binds every listening socket (ports below 1024 included),
//! checks each configuration as root (keys in a root-only directory, as
//! certbot leaves them, included), answers signals and performs binary
//! upgrades. It starts the serving process from its own binary with every
//! listening socket, as a binary upgrade does; that process reads the
//! configuration and keys while still root, drops to the account and
//! every capability for good, says it serves, and serves until told to
//! stop. It never opens a privileged file or port again: each reload
//! (SIGHUP) and each log reopening (SIGUSR1) starts a new serving process
//! on the same sockets and, once it serves, the previous one finishes its
//! connections and exits. Nothing is refused meanwhile: the sockets stay
//! open in the master. A serving process that dies is replaced (at most
//! `MAX_RESTARTS` a minute); the master's own death stops it (its
//! parent-death signal).

use super::listeners::{Inherited, ListenerSet};
use super::{
    admin_socket, load, log_failed_reload, open_listeners, pid_file, raise_open_file_limit,
    systemd, upgrade, worker_count, ConfigSource, Signal, Signals, StartError, Stop,
};
use crate::config::Settings;
use crate::logging::ReopenableFile;
use std::collections::VecDeque;
use std::net::{SocketAddr, TcpListener};
use std::os::unix::process::CommandExt;
use std::process::Child;
use std::time::{Duration, Instant};

/// Set in a serving process's environment: its master's pid.
const MASTER_VAR: &str = "TLSACCEL_MASTER_PID";

/// More deaths of the serving process than this within a minute stop the
/// master: something is wrong that a restart will not fix.
const MAX_RESTARTS: usize = 5;

/// Whether this process is a serving process started by a master; its
/// master's pid. Takes the variable (so a process this one starts does
/// not see it). Call before any thread starts.
pub fn serving_for() -> Option<u32> {
    let value = std::env::var(MASTER_VAR).ok()?;
    std::env::remove_var(MASTER_VAR);
    value.parse().ok()
}

/// Whether this process is to be a master: started as root, to serve as
/// another account.
pub fn wanted(settings: &Settings) -> bool {
    rustix::process::geteuid().is_root()
        && crate::privileges::decide(settings.user.as_ref())
            .ok()
            .flatten()
            .is_some_and(|account| crate::privileges::will_switch(Some(&account)))
}

/// In a serving process, once privileges are dropped: the master's death
/// sends SIGTERM (the drain), and a master already gone stops it now.
/// (A change of credentials clears the parent-death signal: set after.)
pub fn follow_master(master: u32) {
    use rustix::process::{getppid, set_parent_process_death_signal, Signal};
    if let Err(e) = set_parent_process_death_signal(Some(Signal::TERM)) {
        tracing::warn!(error = %e, "cannot ask to be stopped with the master process");
    }
    if getppid().map(|p| p.as_raw_nonzero().get() as u32) != Some(master) {
        tracing::error!("the master process (pid {master}) is gone: stopping");
        std::process::exit(1);
    }
}

/// Why the master stopped before it was told to.
#[derive(Debug, thiserror::Error)]
pub enum MasterError {
    #[error("the serving process died or could not start {MAX_RESTARTS} times within a minute: stopping (see the log lines above)")]
    Restarts,
}

struct Master {
    invocation: upgrade::Invocation,
    source: ConfigSource,
    listeners: ListenerSet,
    admin: Option<TcpListener>,
    /// The serving process that serves new connections.
    serving: Child,
    /// Previous serving processes finishing their connections.
    draining: Vec<Child>,
    /// When the serving process died lately.
    deaths: VecDeque<Instant>,
    error_log: Option<ReopenableFile>,
    /// How long a serving process may take to finish at a stop.
    drain: Duration,
}

/// Runs the master until it stops; `loaded` is the configuration checked
/// at start.
pub fn run(
    loaded: super::Loaded,
    source: ConfigSource,
    error_log: Option<ReopenableFile>,
) -> Result<(), StartError> {
    let mut inherited = Inherited::from_environment()?;
    // Keys and the like stay in the serving process only.
    let super::Loaded { settings, .. } = loaded;
    raise_open_file_limit();
    let worker_count = worker_count(&settings, &crate::worker::allowed_cpus());
    let listeners = open_listeners(&settings, worker_count, &mut inherited)?;
    let admin = admin_socket(settings.admin_listen, &mut inherited)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| StartError::Thread {
            what: "the master's event loop",
            source,
        })?;
    let (mut signals, mut children) = runtime
        .block_on(async {
            let children = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::child())?;
            Ok((Signals::new()?, children))
        })
        .map_err(|source| StartError::Thread {
            what: "the signal handlers",
            source,
        })?;
    let invocation = upgrade::Invocation::current();
    let serving = start_serving(&invocation, &listeners, admin.as_ref()).map_err(|e| match e {
        upgrade::UpgradeError::Exited { status, .. } => StartError::ServingExited(status),
        other => StartError::Serving(other),
    })?;
    let _pid_file =
        match &settings.pid_file {
            Some(path) => Some(pid_file::PidFile::write(path, None).map_err(|source| {
                StartError::PidFile {
                    path: path.clone(),
                    source,
                }
            })?),
            None => None,
        };
    tracing::info!(
        "master process (pid {}) started: it stays root to bind ports and read keys; serving process pid {} serves",
        std::process::id(),
        serving.id()
    );
    if let Some(fd) = inherited.ready_fd.take() {
        systemd::notify(&format!("MAINPID={}\nREADY=1", std::process::id()));
        upgrade::say_ready(fd);
    } else {
        systemd::notify("READY=1");
    }
    let mut master = Master {
        invocation,
        source,
        listeners,
        admin,
        serving,
        draining: Vec::new(),
        deaths: VecDeque::new(),
        error_log,
        drain: settings.timeouts.shutdown_drain,
    };
    runtime.block_on(async {
        let why = master.serve(&mut signals, &mut children).await;
        match &why {
            Ok(Stop::Signal(name)) => {
                systemd::notify("STOPPING=1");
                tracing::info!("master: {name} received: stopping the serving process (it finishes in-flight responses, up to {:?})", master.drain);
            }
            Ok(Stop::Replaced(pid)) => tracing::info!(
                "master: the new master (pid {pid}) serves: stopping this one's serving process"
            ),
            Err(_) => {}
        }
        master.stop_all(&mut signals, &mut children).await;
        why.map(|_| tracing::info!("master: stopped"))
            .map_err(StartError::Master)
    })
}

/// Starts a serving process with every socket and waits until it serves.
fn start_serving(
    invocation: &upgrade::Invocation,
    listeners: &ListenerSet,
    admin: Option<&TcpListener>,
) -> Result<Child, upgrade::UpgradeError> {
    let master = std::process::id().to_string();
    let successor = upgrade::start_with(invocation, listeners, admin, |command| {
        // systemd hears from the master only; the sockets it passed are
        // the master's. A group of its own: a terminal's Ctrl-C or a
        // group-wide SIGTERM reaches the master alone, which then stops
        // it once (a second stop signal would end its drain at once).
        command
            .process_group(0)
            .env(MASTER_VAR, &master)
            .env_remove("NOTIFY_SOCKET")
            .env_remove("LISTEN_FDS")
            .env_remove("LISTEN_PID")
            .env_remove("LISTEN_FDNAMES")
    })?;
    // Blocks the master's loop: signals that come meanwhile wait.
    successor.wait_until_serving(upgrade::START_TIMEOUT)
}

fn signal(child: &Child, signal: rustix::process::Signal) {
    if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
        let _ = rustix::process::kill_process(pid, signal);
    }
}

impl Master {
    async fn serve(
        &mut self,
        signals: &mut Signals,
        children: &mut tokio::signal::unix::Signal,
    ) -> Result<Stop, MasterError> {
        loop {
            tokio::select! {
                signal = signals.next() => match signal {
                    Signal::Stop(name) => return Ok(Stop::Signal(name)),
                    Signal::Reload => {
                        systemd::reloading();
                        self.reload();
                        systemd::notify("READY=1");
                    }
                    Signal::ReopenLogs => self.reopen_logs(),
                    Signal::Upgrade => {
                        if let Some(pid) = self.upgrade() {
                            return Ok(Stop::Replaced(pid));
                        }
                    }
                },
                _ = children.recv() => self.reap()?,
            }
        }
    }

    /// SIGHUP: the configuration checked here, as root; when it is good,
    /// its new listeners bound and a serving process started with it.
    fn reload(&mut self) {
        tracing::info!("SIGHUP received: the master checks the configuration");
        let (loaded, report) = load(&self.source);
        for w in report.warnings() {
            tracing::warn!("reload: {w}");
        }
        let failed = |errors: Vec<String>| log_failed_reload(&errors);
        if report.has_errors() {
            return failed(report.errors().map(|e| e.to_string()).collect());
        }
        let (listeners, changes) = match self.listeners.reconciled(&loaded.settings.listeners) {
            Ok(reconciled) => reconciled,
            Err(e) => return failed(vec![e.to_string()]),
        };
        if let Err(e) = self.follow_admin(loaded.settings.admin_listen) {
            return failed(vec![e.to_string()]);
        }
        drop(loaded);
        match self.replace_serving(listeners, "reload") {
            Ok(()) => {
                for line in self.listeners.describe(&changes.opened) {
                    tracing::info!("listening on {line}");
                }
                for key in &changes.closed {
                    tracing::info!("{key}: no longer listening (its connections finish)");
                }
            }
            Err(e) => failed(vec![e.to_string()]),
        }
    }

    /// The admin listener of a reloaded configuration: the same socket
    /// when its address is unchanged, else bound anew (or none).
    fn follow_admin(&mut self, wanted: Option<SocketAddr>) -> Result<(), super::BindError> {
        let current = self.admin.as_ref().and_then(|s| s.local_addr().ok());
        let unchanged = match (wanted, current) {
            (Some(w), Some(c)) => w == c || w.port() == 0,
            (None, None) => true,
            _ => false,
        };
        if !unchanged {
            self.admin = match wanted {
                Some(addr) => Some(
                    TcpListener::bind(addr).map_err(|source| super::BindError { addr, source })?,
                ),
                None => None,
            };
        }
        Ok(())
    }

    /// SIGUSR1: the master's log reopened, and a serving process started
    /// that opens the logs anew (as root, before it drops privileges).
    fn reopen_logs(&mut self) {
        if let Some(file) = &self.error_log {
            if let Err(e) = file.reopen() {
                tracing::error!(error = %e, "SIGUSR1: cannot reopen {}; still writing to the old file", file.path().display());
            }
        }
        tracing::info!("SIGUSR1 received: a new serving process reopens the log files");
        // The same sockets (copies), for a process that changes nothing else.
        let same = self.listeners.reconciled(&self.listeners.configured());
        let replaced = match same {
            Ok((listeners, _)) => self
                .replace_serving(listeners, "log reopening")
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = replaced {
            tracing::error!("SIGUSR1: {e}; the serving process keeps its log files");
        }
    }

    /// Starts a serving process on `listeners`; once it serves, the one
    /// serving now finishes its connections and exits, and `listeners`
    /// are the master's.
    fn replace_serving(
        &mut self,
        listeners: ListenerSet,
        why: &str,
    ) -> Result<(), upgrade::UpgradeError> {
        let new = start_serving(&self.invocation, &listeners, self.admin.as_ref())?;
        let old = std::mem::replace(&mut self.serving, new);
        signal(&old, rustix::process::Signal::TERM);
        tracing::info!(
            "{why}: serving process pid {} serves; the previous one (pid {}) finishes its connections",
            self.serving.id(),
            old.id()
        );
        self.draining.push(old);
        self.listeners = listeners;
        Ok(())
    }

    /// SIGUSR2: a new master from the binary now at this one's path, with
    /// every socket; Some(its pid) once it (and its serving process) serve.
    fn upgrade(&mut self) -> Option<u32> {
        let successor = upgrade::begin(&self.invocation, &self.listeners, self.admin.as_ref())?;
        match successor.wait_until_serving(upgrade::START_TIMEOUT) {
            // Left to run: it is the master now.
            Ok(child) => Some(child.id()),
            Err(e) => {
                upgrade::log_failure(&e);
                None
            }
        }
    }

    /// After SIGCHLD: previous serving processes that finished are
    /// reaped; a serving process that died is replaced.
    fn reap(&mut self) -> Result<(), MasterError> {
        self.draining.retain_mut(|child| match child.try_wait() {
            Ok(Some(status)) => {
                tracing::info!(
                    "master: the previous serving process (pid {}) finished ({status})",
                    child.id()
                );
                false
            }
            _ => true,
        });
        let Ok(Some(status)) = self.serving.try_wait() else {
            return Ok(());
        };
        tracing::error!(
            "master: the serving process (pid {}) died ({status}): starting another on the same sockets",
            self.serving.id()
        );
        loop {
            let now = Instant::now();
            self.deaths.push_back(now);
            while self
                .deaths
                .front()
                .is_some_and(|t| now.duration_since(*t) > Duration::from_secs(60))
            {
                self.deaths.pop_front();
            }
            if self.deaths.len() >= MAX_RESTARTS {
                return Err(MasterError::Restarts);
            }
            match start_serving(&self.invocation, &self.listeners, self.admin.as_ref()) {
                Ok(child) => {
                    self.serving = child;
                    tracing::info!("master: serving process pid {} serves", self.serving.id());
                    return Ok(());
                }
                // It counts as a death: tried again a moment later (the
                // configuration on disk may be half written).
                Err(e) => {
                    tracing::error!("master: cannot start a serving process: {e}; trying again");
                    std::thread::sleep(Duration::from_secs(1));
                }
            }
        }
    }

    /// Tells every serving process to stop and waits until they have; a
    /// second SIGTERM or SIGINT kills them and exits at once.
    async fn stop_all(
        &mut self,
        signals: &mut Signals,
        children: &mut tokio::signal::unix::Signal,
    ) {
        let mut all: Vec<Child> = self.draining.drain(..).collect();
        if self.serving.try_wait().ok().flatten().is_none() {
            signal(&self.serving, rustix::process::Signal::TERM);
        }
        for child in &all {
            signal(child, rustix::process::Signal::TERM);
        }
        // The serving process's own drain, and a margin to exit.
        let deadline = tokio::time::Instant::now() + self.drain + Duration::from_secs(5);
        loop {
            all.retain_mut(|c| c.try_wait().ok().flatten().is_none());
            let serving_done = self.serving.try_wait().ok().flatten().is_some();
            if all.is_empty() && serving_done {
                return;
            }
            tokio::select! {
                _ = children.recv() => {}
                // SIGCHLD can come before the handler looks: look again.
                _ = tokio::time::sleep(Duration::from_millis(200)) => {}
                _ = tokio::time::sleep_until(deadline) => {
                    tracing::warn!("master: serving processes still running after the drain: killing them");
                    break;
                }
                name = signals.stop() => {
                    tracing::warn!("master: {name} received again: killing the serving processes and exiting");
                    let _ = self.serving.kill();
                    for c in &mut all {
                        let _ = c.kill();
                    }
                    std::process::exit(1);
                }
            }
        }
        let _ = self.serving.kill();
        let _ = self.serving.wait();
        for c in &mut all {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
