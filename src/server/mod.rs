//! The process: start-up, then the control thread's life, turning signals
//! into actions while the workers serve.
//!
//! Start-up: sockets handed over (by systemd, or by the process this one
//! replaces) are taken, the other listeners bound, certificates and keys
//! read; then privileges are dropped, workers started, the pid file written
//! and readiness told (to systemd, and to the process being replaced).
//! Started as root to serve as another account, the process is a master
//! instead (`master.rs`): it keeps root, binds, checks and signals, and
//! serves from a process it starts on its sockets, which goes through the
//! start-up above.
//!
//! Signals: SIGTERM/SIGINT stop (no more accepting, in-flight responses
//! finish up to the drain timeout); SIGHUP reloads the configuration
//! (everything is built and checked here, off the request path, and only a
//! complete new generation reaches the workers); SIGUSR1 reopens the log
//! files; SIGUSR2 starts the new binary with the listening sockets and,
//! once it serves, stops this process.

mod listeners;
mod load;
mod master;
mod pid_file;
mod systemd;
mod upgrade;

pub use listeners::BindError;
pub use load::{load, Loaded};
pub use pid_file::read as read_pid_file;

use crate::access_log::AccessLogWriter;
use crate::acme::{AcmeBoard, AcmeConfig, AcmeManager, StateDir};
use crate::client_limits::ClientLimits;
use crate::config::{AccessLog, DocumentRoot, ListenerKey, Overrides, Settings, Workers};
use crate::logging::ReopenableFile;
use crate::metrics::{AllMetrics, CertificateFacts, ProcessMetrics, WorkerMetrics};
use crate::proxy::{ServerBoard, ServerStates, UpstreamMonitor};
use crate::static_files::Root;
use crate::tls::{KtlsPolicy, TlsCarryOver};
use crate::worker::{allowed_cpus, worker_main, Generation, WorkerParts};
use listeners::{Inherited, ListenerSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

/// A start-up failure, printed as one line before exiting with status 1.
/// During a reload the same failures leave the running configuration in
/// place.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Ktls(#[from] crate::tls::KtlsUnavailable),
    #[error(transparent)]
    Tls(#[from] crate::tls::TlsSetupError),
    #[error(transparent)]
    Bind(#[from] BindError),
    #[error(transparent)]
    Inherit(#[from] listeners::InheritError),
    #[error(transparent)]
    Privilege(#[from] crate::privileges::PrivilegeError),
    #[error("cannot write the welcome page: {0}")]
    WelcomePage(#[source] std::io::Error),
    #[error("cannot open document root {}: {source}", path.display())]
    Root {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    AccessLog(#[source] std::io::Error),
    #[error("cannot start the admin listener: {0}")]
    Admin(#[source] std::io::Error),
    #[error("cannot write the pid file {}: {source}", path.display())]
    PidFile {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot give the workers their sockets: {0}")]
    Sockets(#[source] std::io::Error),
    #[error("acme.state_dir: cannot create it: {0}")]
    AcmeState(#[source] crate::acme::StoreError),
    #[error("cannot start the serving process: {0}")]
    Serving(#[source] upgrade::UpgradeError),
    #[error("master: {0}")]
    Master(#[source] master::MasterError),
    /// The first serving process exited before serving, having said why
    /// on the same standard error and log.
    #[error("the serving process exited with {0} before serving")]
    ServingExited(std::process::ExitStatus),
    #[error("cannot start {what}: {source}")]
    Thread {
        what: &'static str,
        source: std::io::Error,
    },
}

impl StartError {
    /// Whether the reason is already on standard error (the serving
    /// process printed it): the caller need not repeat it.
    pub fn said_already(&self) -> bool {
        matches!(self, StartError::ServingExited(_))
    }
}

/// Where the configuration comes from, read again at each reload.
#[derive(Clone, Default)]
pub struct ConfigSource {
    pub path: Option<PathBuf>,
    pub overrides: Overrides,
}

/// Runs the server until it stops (a signal, or a successor took over).
/// `loaded` comes from `load(&source)` without errors; `error_log` is the
/// log file opened by `crate::logging::init`.
pub fn run(
    loaded: Loaded,
    source: ConfigSource,
    error_log: Option<ReopenableFile>,
) -> Result<(), StartError> {
    // First, before any thread: who started this process, and the
    // descriptors named in the environment.
    let master = master::serving_for();
    if master.is_none() && master::wanted(&loaded.settings) {
        return master::run(loaded, source, error_log);
    }
    let mut inherited = Inherited::from_environment()?;
    if master.is_some() {
        inherited.from = "the master process";
    }
    let settings = &loaded.settings;
    let account = crate::privileges::decide(settings.user.as_ref())?;
    let switching = crate::privileges::will_switch(account.as_ref());
    if switching {
        // Still the only thread: every thread started later has none.
        crate::privileges::drop_capability_bounding_set();
    }
    raise_open_file_limit();
    let cpus = allowed_cpus();
    let worker_count = worker_count(settings, &cpus);

    let mut carry_over = TlsCarryOver::default();
    let servers = Arc::new(ServerBoard::default());
    let acme = Arc::new(AcmeBoard::default());
    let client_limits = Arc::new(ClientLimits::default());
    let prepared = prepare(loaded, &mut carry_over, &servers, (&acme, &client_limits))?;
    let listeners = open_listeners(&prepared.settings, worker_count, &mut inherited)?;
    for line in listeners.describe(&listeners.keys()) {
        tracing::info!("listening on {line}");
    }
    let settings = prepared.settings.clone();
    let access_log = match &settings.access_log {
        AccessLog::Off => None,
        AccessLog::File(path) => Some(AccessLogWriter::open(path).map_err(StartError::AccessLog)?),
    };
    let worker_cpus: Vec<Option<usize>> = (0..worker_count)
        .map(|id| cpus.get(id % cpus.len().max(1)).copied())
        .collect();
    let process = ProcessMetrics::new(master, worker_cpus.clone());
    process.configured(prepared.ktls.is_some(), prepared.certificates.clone());
    let metrics = AllMetrics {
        workers: (0..worker_count)
            .map(|_| Arc::new(WorkerMetrics::default()))
            .collect(),
        process: Arc::new(process),
        upstreams: servers.clone(),
        acme: acme.clone(),
    };
    let admin = match admin_socket(settings.admin_listen, &mut inherited)? {
        Some(socket) => {
            let bound = socket.local_addr().map_err(StartError::Admin)?;
            let kept = socket.try_clone().map_err(StartError::Admin)?;
            crate::metrics::serve_admin(socket, metrics.clone()).map_err(StartError::Admin)?;
            tracing::info!("admin listening on http://{bound}/metrics");
            Some(kept)
        }
        None => None,
    };

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| StartError::Thread {
            what: "the control thread",
            source,
        })?;
    // Handlers are in place before any worker runs (and before the pid
    // file names this process), so an early SIGTERM is a graceful stop
    // and an early SIGHUP not the default kill.
    let mut signals = runtime
        .block_on(async { Signals::new() })
        .map_err(|source| StartError::Thread {
            what: "the signal handlers",
            source,
        })?;

    let (stop_tx, stop_rx) = watch::channel(false);
    let mut control = Control {
        master,
        invocation: upgrade::Invocation::current(),
        source,
        settings: settings.clone(),
        listeners,
        admin,
        carry_over,
        workers: Vec::new(),
        worker_count,
        metrics,
        access_log,
        error_log,
        welcome_dirs: prepared.welcome_dirs.clone(),
        servers: servers.clone(),
        acme: acme.clone(),
        client_limits,
        acme_manager: AcmeManager::default(),
        upstream_monitor: UpstreamMonitor::start(servers).map_err(|source| StartError::Thread {
            what: "the upstream monitor thread",
            source,
        })?,
    };
    // Each worker's first generation, its roots opened with the
    // privileges the process started with.
    let keys = control.listeners.keys();
    let first: Vec<Generation> = (0..worker_count)
        .map(|id| generation_for(id, &prepared, &control.listeners, &keys, &[]))
        .collect::<Result<_, _>>()?;
    // A serving process leaves the pid file to its master.
    let pid_path = settings.pid_file.as_ref().filter(|_| master.is_none());
    let write_pid_file = || match pid_path {
        Some(path) => pid_file::PidFile::write(path, account.as_ref())
            .map(Some)
            .map_err(|source| StartError::PidFile {
                path: path.clone(),
                source,
            }),
        None => Ok(None),
    };
    // Written while still root when privileges are about to be dropped
    // (its directory may be root's, like /run); otherwise only once the
    // workers run, so a successor that fails to start never took the pid
    // file from the process it was to replace.
    let mut pid_file = if switching { write_pid_file()? } else { None };

    // The ACME state directory, the serving account's; what it holds
    // serves from the first handshake.
    let acme_config = prepared.acme_config();
    if let Some(config) = &acme_config {
        let owner = account.as_ref().map(|a| (a.uid, a.gid));
        StateDir::new(&config.settings.state_dir)
            .prepare(owner)
            .map_err(StartError::AcmeState)?;
        crate::acme::serve_stored(config, &control.acme);
    }
    // Everything that needs the starting privileges is done: bound, read,
    // opened.
    if let Some(account) = &account {
        for dir in &prepared.welcome_dirs {
            let _ = chown_tree(dir, account);
        }
    }
    match crate::privileges::drop_to(account.as_ref())? {
        crate::privileges::Switched::To(a) => tracing::info!(
            "serving as user {} (uid {}), group {} (gid {}){}",
            a.name,
            a.uid,
            a.group,
            a.gid,
            if settings.user.is_none() {
                " (started as root with no user configured)"
            } else {
                ""
            }
        ),
        crate::privileges::Switched::StayedRoot => {
            tracing::warn!("serving as root, as configured (user = \"root\")")
        }
        crate::privileges::Switched::Already => {}
    }
    if let Some(master) = master {
        master::follow_master(master);
    }

    let mut threads = Vec::new();
    for (id, generation) in first.into_iter().enumerate() {
        let (sender, receiver) = mpsc::unbounded_channel();
        sender
            .send(generation)
            .expect("the worker is not started yet");
        let parts = WorkerParts {
            id,
            cpu: worker_cpus[id],
            access_log: control.access_log.as_ref().map(|w| w.sender()),
            shutdown: stop_rx.clone(),
            metrics: control.metrics.workers[id].clone(),
            generations: receiver,
            drain: settings.timeouts.shutdown_drain,
        };
        let thread = std::thread::Builder::new()
            .name(format!("worker-{id}"))
            .spawn(move || worker_main(parts))
            .map_err(|source| StartError::Thread {
                what: "a worker thread",
                source,
            })?;
        control.workers.push(sender);
        threads.push(thread);
    }
    drop(stop_rx);
    control
        .acme_manager
        .follow(acme_config, &control.acme)
        .map_err(|source| StartError::Thread {
            what: "the acme thread",
            source,
        })?;
    control.upstream_monitor.follow(
        &prepared.settings.upstreams,
        &prepared.upstream_tls,
        &prepared.servers,
    );
    drop(prepared);
    if !switching {
        pid_file = write_pid_file()?;
    }
    let _pid_file = pid_file;
    tracing::info!(
        "tlsaccel {} started: {worker_count} workers, pid {}{}",
        env!("CARGO_PKG_VERSION"),
        std::process::id(),
        master.map_or(String::new(), |m| format!(
            " (serving process of master pid {m})"
        ))
    );
    if let Some(fd) = inherited.ready_fd.take() {
        // A binary upgrade: this process is now the service's main one.
        systemd::notify(&format!("MAINPID={}\nREADY=1", std::process::id()));
        upgrade::say_ready(fd);
    } else {
        systemd::notify("READY=1");
    }

    let drain = settings.timeouts.shutdown_drain;
    runtime.block_on(async {
        let why = control.serve_signals(&mut signals).await;
        match why {
            Stop::Signal(name) => {
                systemd::notify("STOPPING=1");
                tracing::info!("{name} received: no longer accepting; finishing in-flight responses (up to {drain:?})");
            }
            Stop::Replaced(pid) => tracing::info!(
                "the new process (pid {pid}) serves: this one no longer accepts; finishing in-flight responses (up to {drain:?})"
            ),
        }
        let _ = stop_tx.send(true);
        control.listeners.close_all();
        let joined = tokio::task::spawn_blocking(move || {
            for t in threads {
                let _ = t.join();
            }
        });
        tokio::select! {
            _ = joined => {}
            name = signals.stop() => {
                tracing::warn!("{name} received again: exiting without waiting");
                std::process::exit(1);
            }
        }
    });
    if let Some(w) = control.access_log.take() {
        w.finish();
    }
    for dir in &control.welcome_dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
    tracing::info!("stopped");
    Ok(())
}

/// How many workers `settings` asks for, on these CPUs.
fn worker_count(settings: &Settings, cpus: &[usize]) -> usize {
    match settings.workers {
        Workers::Auto => cpus.len().max(1),
        Workers::Count(n) => n,
    }
}

/// Every configured listener, taken from `inherited` (systemd, or the
/// process that started this one) or bound; what no listener took is
/// closed, and said.
fn open_listeners(
    settings: &Settings,
    worker_count: usize,
    inherited: &mut Inherited,
) -> Result<ListenerSet, StartError> {
    let listeners = ListenerSet::open(&settings.listeners, worker_count, inherited)?;
    for unused in inherited.leftovers() {
        tracing::warn!(
            "{unused}: socket received from {} is not a configured listener: closed",
            inherited.from
        );
    }
    Ok(listeners)
}

/// The admin listener at `addr`: the one inherited if it listens there
/// (a binary upgrade, or a master's), else bound now.
fn admin_socket(
    addr: Option<std::net::SocketAddr>,
    inherited: &mut Inherited,
) -> Result<Option<std::net::TcpListener>, StartError> {
    let Some(addr) = addr else {
        return Ok(None);
    };
    let same = |s: &std::net::TcpListener| addr.port() == 0 || s.local_addr().ok() == Some(addr);
    match inherited.admin.take().filter(same) {
        Some(socket) => Ok(Some(socket)),
        None => std::net::TcpListener::bind(addr)
            .map(Some)
            .map_err(|source| StartError::Bind(BindError { addr, source })),
    }
}

/// A configuration made ready to serve: what every worker's generation is
/// built from.
struct Prepared {
    settings: Arc<Settings>,
    /// This configuration's back-end servers as every worker sees them.
    servers: Arc<ServerStates>,
    tls: Option<Arc<crate::tls::HandshakeConfigs>>,
    ktls: Option<Arc<KtlsPolicy>>,
    /// Each upstream's TLS client configuration.
    upstream_tls: Vec<Option<Arc<rustls::ClientConfig>>>,
    /// Per site, its document root (None: no static files); each worker
    /// gets its own handle on it.
    roots: Vec<Option<Root>>,
    /// Directories holding a generated welcome page.
    welcome_dirs: Vec<PathBuf>,
    /// TLS towards the ACME CA, when a site uses ACME.
    acme_ca: Option<Arc<rustls::ClientConfig>>,
    /// htpasswd files by path.
    credentials: load::Credentials,
    /// Shared by the sites' certificates and the workers.
    acme: Arc<AcmeBoard>,
    /// Per-client rates and connection counts, kept across reloads.
    client_limits: Arc<ClientLimits>,
    /// The certificates each site presents from files, for the status
    /// page.
    certificates: Vec<CertificateFacts>,
}

impl Prepared {
    /// What the ACME thread works from for this configuration.
    fn acme_config(&self) -> Option<AcmeConfig> {
        let provider = Arc::new(crate::tls::server_crypto_provider(&self.settings.tls));
        AcmeConfig::of(&self.settings, self.acme_ca.clone(), provider)
    }
}

/// Builds what serving a loaded configuration takes: decides kernel TLS,
/// builds the rustls server configuration from the certificates read, and
/// writes the welcome page where it is served. The same at start and at
/// each reload.
fn prepare(
    loaded: Loaded,
    carry_over: &mut TlsCarryOver,
    servers: &ServerBoard,
    (acme, client_limits): (&Arc<AcmeBoard>, &Arc<ClientLimits>),
) -> Result<Prepared, StartError> {
    let Loaded {
        settings,
        tls: tls_files,
        upstream_tls,
        mut roots,
        acme_ca,
        credentials,
    } = loaded;
    let settings = Arc::new(settings);
    let servers = servers.states_for(&settings.upstreams);
    let mut certificates = Vec::new();
    let (tls, ktls) = if settings.listeners.iter().any(|l| l.tls) {
        let ktls = crate::tls::decide_policy(&settings.tls)?.map(Arc::new);
        let built = crate::tls::build_server_config(&settings, &tls_files, carry_over, acme)?;
        if built.self_signed {
            tracing::info!("no certificate configured: generated a self-signed one for localhost (clients will not trust it; configure tls.certificate)");
        }
        for summary in &built.certificates {
            if summary.expired() {
                tracing::warn!("certificate {summary}: EXPIRED, clients will refuse it");
            } else {
                tracing::info!("certificate {summary}");
            }
        }
        if !settings.tls.ticket_key_files.is_empty() {
            tracing::info!(
                "session tickets: {} key(s) from tls.ticket_key_files, the first encrypting",
                settings.tls.ticket_key_files.len()
            );
        }
        for (site, shown) in settings.sites.iter().zip(&built.by_site) {
            certificates.extend(shown.iter().map(|c| CertificateFacts {
                site: site.label().to_owned(),
                origin: c.origin.clone(),
                names: c.names.clone(),
                not_after: c.not_after,
                id: c.fingerprint.clone(),
            }));
        }
        (Some(built.configs), ktls)
    } else {
        (None, None)
    };

    let mut welcome_dirs = Vec::new();
    for (site, root) in settings.sites.iter().zip(&mut roots) {
        let names = if site.names.is_empty() {
            String::from("default site")
        } else {
            format!("site {}", site.names.join(" "))
        };
        match &site.root {
            DocumentRoot::Directory(dir) => {
                let shown = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
                tracing::info!(
                    "{names}: serving static files from {} (index file {})",
                    shown.display(),
                    site.index
                );
            }
            DocumentRoot::Welcome => {
                let dir = write_welcome_page(&site.index).map_err(StartError::WelcomePage)?;
                tracing::info!(
                    "no document root and no ./public directory: serving the built-in welcome page"
                );
                *root = Some(Root::open(&dir).map_err(|source| StartError::Root {
                    path: dir.clone(),
                    source,
                })?);
                welcome_dirs.push(dir);
            }
            DocumentRoot::None => tracing::info!("{names}: no static files (routes only)"),
        }
    }
    Ok(Prepared {
        settings,
        servers,
        tls,
        ktls,
        upstream_tls,
        roots,
        welcome_dirs,
        acme_ca,
        credentials,
        acme: acme.clone(),
        client_limits: client_limits.clone(),
        certificates,
    })
}

/// Worker handles on the prepared roots.
fn worker_roots(roots: &[Option<Root>]) -> Result<Vec<Option<Root>>, StartError> {
    let handle = |root: &Root| {
        root.try_clone().map_err(|source| StartError::Root {
            path: root.path().to_owned(),
            source,
        })
    };
    roots
        .iter()
        .map(|root| root.as_ref().map(handle).transpose())
        .collect()
}

/// Worker `id`'s generation of `prepared`, with its sockets of the
/// listeners `opened` and the `closed` ones to drop.
fn generation_for(
    id: usize,
    prepared: &Prepared,
    listeners: &ListenerSet,
    opened: &[ListenerKey],
    closed: &[ListenerKey],
) -> Result<Generation, StartError> {
    Ok(Generation {
        settings: prepared.settings.clone(),
        tls: prepared.tls.clone(),
        ktls: prepared.ktls.clone(),
        roots: worker_roots(&prepared.roots)?,
        upstream_tls: prepared.upstream_tls.clone(),
        https_port: listeners.https_port(),
        servers: prepared.servers.clone(),
        opened: listeners
            .for_worker(id, opened)
            .map_err(StartError::Sockets)?,
        closed: closed.to_vec(),
        installed: None,
        acme: prepared.acme.clone(),
        credentials: prepared.credentials.clone(),
        client_limits: prepared.client_limits.clone(),
    })
}

/// Why the control loop ended.
enum Stop {
    Signal(&'static str),
    /// A binary upgrade: the new process (this pid) serves.
    Replaced(u32),
}

/// The control thread's state.
struct Control {
    /// In a serving process, its master's pid: reloads, log reopening and
    /// upgrades are the master's.
    master: Option<u32>,
    invocation: upgrade::Invocation,
    source: ConfigSource,
    /// The configuration serving now.
    settings: Arc<Settings>,
    listeners: ListenerSet,
    /// The admin listener, kept to hand to a successor.
    admin: Option<std::net::TcpListener>,
    carry_over: TlsCarryOver,
    /// Each worker's inbox of generations.
    workers: Vec<mpsc::UnboundedSender<Generation>>,
    worker_count: usize,
    metrics: AllMetrics,
    /// Back-end servers' states, kept across reloads.
    servers: Arc<ServerBoard>,
    /// ACME certificates and challenge answers, kept across reloads.
    acme: Arc<AcmeBoard>,
    /// Per-client rates and connection counts, kept across reloads.
    client_limits: Arc<ClientLimits>,
    acme_manager: AcmeManager,
    /// The `upstream` thread (health checks, names resolved again), told
    /// of each configuration that serves.
    upstream_monitor: UpstreamMonitor,
    access_log: Option<AccessLogWriter>,
    error_log: Option<ReopenableFile>,
    welcome_dirs: Vec<PathBuf>,
}

impl Control {
    /// Handles signals until one stops the process.
    async fn serve_signals(&mut self, signals: &mut Signals) -> Stop {
        loop {
            let signal = signals.next().await;
            if let (Some(master), Some(name)) = (self.master, signal.masters()) {
                tracing::info!("{name} is for the master process (pid {master}): ignored by this serving process");
                continue;
            }
            match signal {
                Signal::Stop(name) => return Stop::Signal(name),
                Signal::Reload => {
                    systemd::reloading();
                    self.reload();
                    systemd::notify("READY=1");
                }
                Signal::ReopenLogs => self.reopen_logs(),
                Signal::Upgrade => {
                    let Some(successor) =
                        upgrade::begin(&self.invocation, &self.listeners, self.admin.as_ref())
                    else {
                        continue;
                    };
                    let waited = tokio::task::spawn_blocking(move || {
                        successor.wait_until_serving(upgrade::START_TIMEOUT)
                    });
                    let failure = tokio::select! {
                        waited = waited => match waited {
                            Ok(Ok(child)) => return Stop::Replaced(child.id()),
                            Ok(Err(e)) => e.to_string(),
                            Err(e) => e.to_string(),
                        },
                        // Asked to stop meanwhile: stop; the new process,
                        // if it comes up, serves on the same sockets.
                        name = signals.stop() => return Stop::Signal(name),
                    };
                    upgrade::log_failure(&failure);
                }
            }
        }
    }

    /// SIGHUP: the configuration read again and, if all of it is good,
    /// in use for new connections and exchanges.
    fn reload(&mut self) {
        tracing::info!("SIGHUP received: reloading the configuration");
        match self.try_reload() {
            Ok(summary) => {
                WorkerMetrics::add(&self.metrics.process.reloads_ok, 1);
                tracing::info!("reloaded: {summary}");
            }
            Err(errors) => {
                WorkerMetrics::add(&self.metrics.process.reloads_failed, 1);
                log_failed_reload(&errors);
            }
        }
    }

    fn try_reload(&mut self) -> Result<String, Vec<String>> {
        let (mut loaded, report) = load(&self.source);
        for w in report.warnings() {
            tracing::warn!("reload: {w}");
        }
        if report.has_errors() {
            return Err(report.errors().map(|e| e.to_string()).collect());
        }
        for key in keep_restart_only(&mut loaded.settings, &self.settings) {
            tracing::warn!("reload: {key} changed: takes effect at the next start or binary upgrade (SIGUSR2), not on reload");
        }
        let one = |e: StartError| vec![e.to_string()];
        let prepared = prepare(
            loaded,
            &mut self.carry_over,
            &self.servers,
            (&self.acme, &self.client_limits),
        )
        .map_err(one)?;
        let (listeners, changes) = self
            .listeners
            .reconciled(&prepared.settings.listeners)
            .map_err(|e| one(e.into()))?;
        // Every worker's part is built before any is sent: a failure here
        // leaves all of them on the running configuration.
        let (installed, acknowledged) = std::sync::mpsc::channel();
        let generations = (0..self.worker_count)
            .map(|id| {
                let mut g =
                    generation_for(id, &prepared, &listeners, &changes.opened, &changes.closed)?;
                g.installed = Some(installed.clone());
                Ok(g)
            })
            .collect::<Result<Vec<_>, StartError>>()
            .map_err(one)?;
        for line in listeners.describe(&changes.opened) {
            tracing::info!("listening on {line}");
        }
        for key in &changes.closed {
            tracing::info!("{key}: no longer listening (its connections finish)");
        }
        for (inbox, generation) in self.workers.iter().zip(generations) {
            // A worker that has stopped takes no more generations.
            let _ = inbox.send(generation);
        }
        self.listeners = listeners;
        self.upstream_monitor.follow(
            &prepared.settings.upstreams,
            &prepared.upstream_tls,
            &prepared.servers,
        );
        if let Err(e) = self.acme_manager.follow(prepared.acme_config(), &self.acme) {
            tracing::error!(
                "reload: cannot start the acme thread: {e}; no certificate will be ordered"
            );
        }
        // "Reloaded" once every worker uses it. Workers never block, so
        // this takes an event-loop turn; the bound only guards the log.
        drop(installed);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        for _ in 0..self.worker_count {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if acknowledged.recv_timeout(left).is_err() {
                tracing::warn!(
                    "reload: not every worker confirmed the new configuration within 5 s"
                );
                break;
            }
        }
        for dir in &prepared.welcome_dirs {
            if !self.welcome_dirs.contains(dir) {
                self.welcome_dirs.push(dir.clone());
            }
        }
        self.settings = prepared.settings.clone();
        self.metrics
            .process
            .configured(prepared.ktls.is_some(), prepared.certificates.clone());
        let s = &self.settings;
        Ok(format!(
            "{} site{}, {} listener{}, {} upstream group{}",
            s.sites.len(),
            if s.sites.len() == 1 { "" } else { "s" },
            s.listeners.len(),
            if s.listeners.len() == 1 { "" } else { "s" },
            s.upstreams.len(),
            if s.upstreams.len() == 1 { "" } else { "s" },
        ))
    }

    /// SIGUSR1: the error and access logs reopened at their paths.
    fn reopen_logs(&self) {
        if let Some(file) = &self.error_log {
            match file.reopen() {
                Ok(()) => tracing::info!("SIGUSR1 received: reopened the log files"),
                Err(e) => {
                    tracing::error!(error = %e, "SIGUSR1: cannot reopen {}; still writing to the old file", file.path().display())
                }
            }
        } else if self.access_log.is_some() {
            tracing::info!("SIGUSR1 received: reopening the access log");
        } else {
            tracing::info!("SIGUSR1 received: no log file to reopen (logging to standard error, access log off)");
        }
        if let Some(w) = &self.access_log {
            w.reopen();
        }
    }
}

/// A reload that changed nothing: every error, then the verdict.
fn log_failed_reload(errors: &[String]) {
    for e in errors {
        tracing::error!("reload: {e}");
    }
    tracing::error!(
        "reload failed ({} error{}): still serving the previous configuration",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" }
    );
}

/// Puts back what a reload cannot change, and names each such key whose
/// new value differs.
fn keep_restart_only(new: &mut Settings, running: &Settings) -> Vec<&'static str> {
    let mut changed = Vec::new();
    macro_rules! keep {
        ($($field:ident => $key:literal),*) => {$(
            if new.$field != running.$field {
                changed.push($key);
                new.$field = running.$field.clone();
            }
        )*};
    }
    keep!(
        workers => "workers",
        admin_listen => "admin.listen",
        access_log => "log.access_log",
        error_log => "log.error_log",
        log_level => "log.level",
        pid_file => "pid_file",
        user => "user"
    );
    changed
}

/// What a signal asks for.
enum Signal {
    Stop(&'static str),
    Reload,
    ReopenLogs,
    Upgrade,
}

impl Signal {
    /// The signal's name when a master handles it, not a serving process.
    fn masters(&self) -> Option<&'static str> {
        match self {
            Signal::Stop(_) => None,
            Signal::Reload => Some("SIGHUP"),
            Signal::ReopenLogs => Some("SIGUSR1"),
            Signal::Upgrade => Some("SIGUSR2"),
        }
    }
}

struct Signals {
    term: tokio::signal::unix::Signal,
    int: tokio::signal::unix::Signal,
    hup: tokio::signal::unix::Signal,
    usr1: tokio::signal::unix::Signal,
    usr2: tokio::signal::unix::Signal,
}

impl Signals {
    fn new() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            term: signal(SignalKind::terminate())?,
            int: signal(SignalKind::interrupt())?,
            hup: signal(SignalKind::hangup())?,
            usr1: signal(SignalKind::user_defined1())?,
            usr2: signal(SignalKind::user_defined2())?,
        })
    }

    async fn next(&mut self) -> Signal {
        tokio::select! {
            _ = self.term.recv() => Signal::Stop("SIGTERM"),
            _ = self.int.recv() => Signal::Stop("SIGINT"),
            _ = self.hup.recv() => Signal::Reload,
            _ = self.usr1.recv() => Signal::ReopenLogs,
            _ = self.usr2.recv() => Signal::Upgrade,
        }
    }

    async fn stop(&mut self) -> &'static str {
        tokio::select! {
            _ = self.term.recv() => "SIGTERM",
            _ = self.int.recv() => "SIGINT",
        }
    }
}

/// Sends SIGHUP to the process a pid file names (`tlsaccel reload`).
pub fn signal_pid_file(path: &Path, signal: rustix::process::Signal) -> Result<u32, String> {
    let pid = read_pid_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let target = rustix::process::Pid::from_raw(pid as i32)
        .ok_or_else(|| format!("{}: pid {pid} is not valid", path.display()))?;
    rustix::process::kill_process(target, signal)
        .map_err(|e| format!("cannot signal pid {pid} (from {}): {e}", path.display()))?;
    Ok(pid)
}

const WELCOME_PAGE: &str = include_str!("welcome.html");

/// Raises the soft open-file limit to the hard limit: every connection and
/// cached file is a descriptor.
fn raise_open_file_limit() {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let lim = getrlimit(Resource::Nofile);
    if lim.current < lim.maximum || (lim.current.is_some() && lim.maximum.is_none()) {
        let wanted = Rlimit {
            current: lim.maximum,
            maximum: lim.maximum,
        };
        if setrlimit(Resource::Nofile, wanted).is_err() {
            tracing::warn!("cannot raise the open-file limit from {:?}", lim.current);
        }
    }
    tracing::debug!(limit = ?getrlimit(Resource::Nofile).current, "open-file limit");
}

fn write_welcome_page(index: &str) -> std::io::Result<PathBuf> {
    let dir = std::env::temp_dir().join(format!("tlsaccel-welcome-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(index), WELCOME_PAGE)?;
    Ok(dir)
}

/// Gives a directory the server wrote as root (the welcome page) to the
/// account it will serve as, so it can remove it at exit.
fn chown_tree(dir: &Path, account: &crate::privileges::Account) -> std::io::Result<()> {
    std::os::unix::fs::chown(dir, Some(account.uid), Some(account.gid))?;
    for entry in std::fs::read_dir(dir)? {
        std::os::unix::fs::chown(entry?.path(), Some(account.uid), Some(account.gid))?;
    }
    Ok(())
}
