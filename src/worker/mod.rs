//! Workers: one thread per CPU (or as configured), each pinned to its CPU,
//! with its own listening sockets, single-threaded event loop, file cache,
//! date cache and access-log buffer. Nothing on the request path is shared
//! between workers.
//!
//! Life of the process: `run` binds everything and fails early with one
//! clear line, starts the workers, then waits for SIGTERM/SIGINT; workers
//! stop accepting, let in-flight responses finish up to the drain timeout,
//! and the process exits 0.

mod connection;
mod listener;
mod transport;

pub use listener::BindError;

use crate::access_log::{AccessLog, AccessLogWriter};
use crate::config::{AccessLog as AccessLogSetting, DocumentRoot, Settings, Workers};
use crate::exchange::Request;
use crate::http::HttpDate;
use crate::metrics::WorkerMetrics;
use crate::proxy::{Proxy, Upstreams};
use crate::static_files::{OpenFileCache, Root, StaticFiles};
use crate::tls::KtlsPolicy;
use std::cell::{Cell, RefCell};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};

/// Everything one worker thread owns.
pub struct Worker {
    pub id: usize,
    pub settings: Arc<Settings>,
    pub tls: Option<Arc<rustls::ServerConfig>>,
    /// Set when the kernel can offload at least one configured cipher.
    pub ktls: Option<Arc<KtlsPolicy>>,
    /// Per site (same index as `settings.sites`); None: a site without
    /// static files.
    pub files: Vec<Option<RefCell<StaticFiles>>>,
    pub date: RefCell<HttpDate>,
    pub access_log: Option<RefCell<AccessLog>>,
    pub shutdown: watch::Receiver<bool>,
    pub metrics: Arc<WorkerMetrics>,
    /// The reverse proxy, with its back-end groups (balancing, health,
    /// idle connections).
    pub proxy: Proxy,
    /// The port of the first TLS listener, as bound: where plain listeners
    /// with `redirect_to_https` send clients.
    pub https_port: Option<u16>,
    active: Cell<usize>,
    /// Request buffers of idle connections, kept for reuse.
    spare_buffers: RefCell<Vec<Vec<u8>>>,
}

/// Spare request buffers a worker keeps (each about 17 KiB).
const SPARE_BUFFERS: usize = 64;

impl Worker {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: usize,
        settings: Arc<Settings>,
        roots: Vec<Option<Root>>,
        access_log: Option<crate::access_log::Sender>,
        tls: Option<Arc<rustls::ServerConfig>>,
        ktls: Option<Arc<KtlsPolicy>>,
        shutdown: watch::Receiver<bool>,
        metrics: Arc<WorkerMetrics>,
        https_port: Option<u16>,
    ) -> Worker {
        let files = roots
            .into_iter()
            .zip(&settings.sites)
            .map(|(root, site)| {
                let cache = OpenFileCache::new(
                    settings.open_file_cache.max_entries,
                    settings.open_file_cache.valid,
                );
                root.map(|root| RefCell::new(StaticFiles::new(root, &site.index, cache)))
            })
            .collect();
        Worker {
            id,
            files,
            date: RefCell::new(HttpDate::default()),
            access_log: access_log.map(|s| RefCell::new(AccessLog::new(s))),
            tls,
            ktls,
            shutdown,
            proxy: Proxy {
                upstreams: Rc::new(RefCell::new(Upstreams::new(&settings.upstreams))),
                metrics: metrics.clone(),
                body_timeout: settings.timeouts.request_body,
            },
            metrics,
            https_port,
            active: Cell::new(0),
            spare_buffers: RefCell::new(Vec::new()),
            settings,
        }
    }

    /// A request buffer big enough for the largest allowed head.
    pub fn take_buffer(&self) -> Vec<u8> {
        let size = (self.settings.limits.max_header_bytes + 1024).max(16 * 1024);
        self.spare_buffers
            .borrow_mut()
            .pop()
            .unwrap_or_else(|| vec![0; size])
    }

    pub fn give_back_buffer(&self, buf: Vec<u8>) {
        let mut spare = self.spare_buffers.borrow_mut();
        if !buf.is_empty() && spare.len() < SPARE_BUFFERS {
            spare.push(buf);
        }
    }

    pub fn log_access(&self, req: &Request, status: u16, body_bytes: u64) {
        if let Some(log) = &self.access_log {
            log.borrow_mut().request(req, status, body_bytes);
        }
    }

    /// The upstream group for a request to `site`, if a route sends it to one.
    pub fn upstream_for(&self, site: usize, req: &Request) -> Option<usize> {
        let routes = &self.settings.sites[site].routes;
        if routes.is_empty() {
            return None;
        }
        let path = crate::static_files::normalized_path(&req.target)?;
        match crate::config::select_route(routes, &path, req.host.as_deref())?.target {
            crate::config::RouteTarget::Upstream(group) => Some(group),
            crate::config::RouteTarget::Static => None,
        }
    }

    pub fn log_rejected(&self, peer: SocketAddr, raw: &[u8], status: u16, body_bytes: u64) {
        if let Some(log) = &self.access_log {
            log.borrow_mut().rejected(peer, raw, status, body_bytes);
        }
    }
}

/// A start-up failure, printed as one line before exiting with status 1.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Ktls(#[from] crate::tls::KtlsUnavailable),
    #[error(transparent)]
    Tls(#[from] crate::tls::TlsSetupError),
    #[error(transparent)]
    Bind(#[from] BindError),
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
    #[error("cannot start {what}: {source}")]
    Thread {
        what: &'static str,
        source: std::io::Error,
    },
}

const WELCOME_PAGE: &str = include_str!("welcome.html");

/// Runs the server until a shutdown signal has been handled.
pub fn run(settings: Settings) -> Result<(), StartError> {
    raise_open_file_limit();
    let settings = Arc::new(settings);
    let cpus = allowed_cpus();
    let worker_count = match settings.workers {
        Workers::Auto => cpus.len().max(1),
        Workers::Count(n) => n,
    };

    let (tls, ktls) = if settings.listeners.iter().any(|l| l.tls) {
        let ktls = crate::tls::decide_policy(&settings.tls)?.map(Arc::new);
        let built = crate::tls::build_server_config(&settings, ktls.is_some())?;
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
        (Some(built.config), ktls)
    } else {
        (None, None)
    };

    // Each site's document root (the welcome page written out for the
    // default site when nothing is configured).
    let mut welcome_dir = None;
    let mut root_paths: Vec<Option<PathBuf>> = Vec::new();
    for site in &settings.sites {
        let names = if site.names.is_empty() {
            String::from("default site")
        } else {
            format!("site {}", site.names.join(" "))
        };
        let path = match &site.root {
            DocumentRoot::Directory(dir) => {
                let shown = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
                tracing::info!(
                    "{names}: serving static files from {} (index file {})",
                    shown.display(),
                    site.index
                );
                Some(dir.clone())
            }
            DocumentRoot::Welcome => {
                let dir = write_welcome_page(&site.index).map_err(StartError::WelcomePage)?;
                tracing::info!(
                    "no document root and no ./public directory: serving the built-in welcome page"
                );
                welcome_dir = Some(dir.clone());
                Some(dir)
            }
            DocumentRoot::None => {
                tracing::info!("{names}: no static files (routes only)");
                None
            }
        };
        root_paths.push(path);
    }

    let mut groups = Vec::new();
    let mut https_port = None;
    for l in &settings.listeners {
        let sockets = listener::bind_group(l, worker_count)?;
        let bound = sockets[0].local_addr().map_err(|source| BindError {
            addr: l.address,
            source,
        })?;
        if l.tls && https_port.is_none() {
            https_port = Some(bound.port());
        }
        let redirect = if l.redirect_to_https {
            ", redirecting to https"
        } else {
            ""
        };
        let proxy = if l.proxy_protocol.is_some() {
            ", PROXY protocol"
        } else {
            ""
        };
        tracing::info!(
            "listening on {}://{bound} ({worker_count} workers{proxy}{redirect})",
            if l.tls { "https" } else { "http" }
        );
        groups.push(sockets);
    }

    let log_writer = match &settings.access_log {
        AccessLogSetting::Off => None,
        AccessLogSetting::File(path) => {
            Some(AccessLogWriter::open(path).map_err(StartError::AccessLog)?)
        }
    };

    let mut roots = Vec::new();
    for _ in 0..worker_count {
        let mut per_site = Vec::new();
        for path in &root_paths {
            per_site.push(match path {
                Some(path) => Some(Root::open(path).map_err(|source| StartError::Root {
                    path: path.clone(),
                    source,
                })?),
                None => None,
            });
        }
        roots.push(per_site);
    }

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|source| StartError::Thread {
            what: "the signal handler",
            source,
        })?;
    let (stop_tx, stop_rx) = watch::channel(false);
    // Register signal handlers before any worker runs, so an early SIGTERM
    // is a graceful stop and not the default kill.
    let mut signals = runtime
        .block_on(async { Signals::new() })
        .map_err(|source| StartError::Thread {
            what: "the signal handlers",
            source,
        })?;

    let site_labels: Vec<&str> = settings.sites.iter().map(|s| s.label()).collect();
    let metrics: Vec<Arc<WorkerMetrics>> = (0..worker_count)
        .map(|_| Arc::new(WorkerMetrics::for_sites(&site_labels)))
        .collect();
    if let Some(addr) = settings.admin_listen {
        let bound =
            crate::metrics::serve_admin(addr, metrics.clone()).map_err(StartError::Admin)?;
        tracing::info!("admin listening on http://{bound}/metrics");
    }

    let mut threads = Vec::new();
    for (id, root) in roots.into_iter().enumerate() {
        // Each socket with its index in settings.listeners.
        let listeners: Vec<(TcpListener, usize)> = groups
            .iter_mut()
            .enumerate()
            .map(|(i, sockets)| (sockets.pop().expect("one socket per worker"), i))
            .collect();
        let parts = WorkerParts {
            id,
            cpu: cpus.get(id % cpus.len().max(1)).copied(),
            settings: settings.clone(),
            tls: tls.clone(),
            ktls: ktls.clone(),
            roots: root,
            access_log: log_writer.as_ref().map(|w| w.sender()),
            shutdown: stop_rx.clone(),
            metrics: metrics[id].clone(),
            listeners,
            https_port,
        };
        let thread = std::thread::Builder::new()
            .name(format!("worker-{id}"))
            .spawn(move || worker_main(parts))
            .map_err(|source| StartError::Thread {
                what: "a worker thread",
                source,
            })?;
        threads.push(thread);
    }
    drop(stop_rx);
    tracing::info!(
        "tlsaccel {} started: {worker_count} workers, pid {}",
        env!("CARGO_PKG_VERSION"),
        std::process::id()
    );

    runtime.block_on(async {
        let name = signals.next().await;
        tracing::info!(
            "{name} received: no longer accepting; finishing in-flight responses (up to {:?})",
            settings.timeouts.shutdown_drain
        );
        let _ = stop_tx.send(true);
        let joined = tokio::task::spawn_blocking(move || {
            for t in threads {
                let _ = t.join();
            }
        });
        tokio::select! {
            _ = joined => {}
            name = signals.next() => {
                tracing::warn!("{name} received again: exiting without waiting");
                std::process::exit(1);
            }
        }
    });
    if let Some(w) = log_writer {
        w.finish();
    }
    if let Some(dir) = welcome_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    tracing::info!("stopped");
    Ok(())
}

struct Signals {
    term: tokio::signal::unix::Signal,
    int: tokio::signal::unix::Signal,
}

impl Signals {
    fn new() -> std::io::Result<Signals> {
        use tokio::signal::unix::{signal, SignalKind};
        Ok(Signals {
            term: signal(SignalKind::terminate())?,
            int: signal(SignalKind::interrupt())?,
        })
    }

    async fn next(&mut self) -> &'static str {
        tokio::select! {
            _ = self.term.recv() => "SIGTERM",
            _ = self.int.recv() => "SIGINT",
        }
    }
}

struct WorkerParts {
    id: usize,
    cpu: Option<usize>,
    settings: Arc<Settings>,
    tls: Option<Arc<rustls::ServerConfig>>,
    ktls: Option<Arc<KtlsPolicy>>,
    roots: Vec<Option<Root>>,
    access_log: Option<crate::access_log::Sender>,
    shutdown: watch::Receiver<bool>,
    metrics: Arc<WorkerMetrics>,
    /// Sockets and their index in `settings.listeners`.
    listeners: Vec<(TcpListener, usize)>,
    https_port: Option<u16>,
}

fn worker_main(parts: WorkerParts) {
    if let Some(cpu) = parts.cpu {
        if let Err(e) = pin_to_cpu(cpu) {
            tracing::warn!(worker = parts.id, cpu, error = %e, "cannot pin worker to its CPU");
        }
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            tracing::error!(worker = parts.id, error = %e, "cannot start worker event loop");
            std::process::exit(1);
        }
    };
    let settings = parts.settings;
    let worker = Rc::new(Worker::new(
        parts.id,
        settings,
        parts.roots,
        parts.access_log,
        parts.tls,
        parts.ktls,
        parts.shutdown,
        parts.metrics,
        parts.https_port,
    ));
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async move {
        let slots = Arc::new(Semaphore::new(worker.settings.limits.max_connections));
        for (std_listener, index) in parts.listeners {
            match tokio::net::TcpListener::from_std(std_listener) {
                Ok(l) => {
                    tokio::task::spawn_local(accept_loop(worker.clone(), l, index, slots.clone()));
                }
                Err(e) => {
                    tracing::error!(worker = worker.id, error = %e, "cannot register listener");
                    std::process::exit(1);
                }
            }
        }
        if worker.access_log.is_some() {
            tokio::task::spawn_local(flush_access_log_every_second(worker.clone()));
        }
        let mut stop = worker.shutdown.clone();
        let _ = stop.wait_for(|s| *s).await;
        let deadline = tokio::time::Instant::now() + worker.settings.timeouts.shutdown_drain;
        while worker.active.get() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if worker.active.get() > 0 {
            tracing::warn!(
                worker = worker.id,
                connections = worker.active.get(),
                "drain timeout: closing remaining connections"
            );
        }
        if let Some(log) = &worker.access_log {
            log.borrow_mut().flush();
        }
    });
}

/// Counts a connection as in flight for as long as it lives.
struct ActiveGuard(Rc<Worker>);

impl Drop for ActiveGuard {
    fn drop(&mut self) {
        self.0.active.set(self.0.active.get() - 1);
    }
}

async fn accept_loop(
    worker: Rc<Worker>,
    listener: tokio::net::TcpListener,
    index: usize,
    slots: Arc<Semaphore>,
) {
    let mut stop = worker.shutdown.clone();
    loop {
        // At max_connections, stop accepting: new clients wait in the
        // backlog. Waiting for a client holds no slot (so several
        // listeners share the limit exactly): wait until one is free, then
        // accept, then take one (at once, unless another listener of this
        // worker took the last meanwhile).
        let free = tokio::select! {
            p = slots.clone().acquire_owned() => p.expect("semaphore never closed"),
            _ = stop.wait_for(|s| *s) => break,
        };
        drop(free);
        let accepted = tokio::select! {
            r = listener.accept() => r,
            _ = stop.wait_for(|s| *s) => break,
        };
        let permit = tokio::select! {
            p = slots.clone().acquire_owned() => p.expect("semaphore never closed"),
            _ = stop.wait_for(|s| *s) => break,
        };
        match accepted {
            Ok((stream, peer)) => {
                WorkerMetrics::add(&worker.metrics.connections, 1);
                worker.active.set(worker.active.get() + 1);
                let guard = ActiveGuard(worker.clone());
                tokio::task::spawn_local(async move {
                    let _permit = permit;
                    connection::serve(guard.0.clone(), stream, peer, index).await;
                    drop(guard);
                });
            }
            Err(e) => {
                // EMFILE/ENFILE and the like: back off rather than spin.
                tracing::error!(worker = worker.id, error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn flush_access_log_every_second(worker: Rc<Worker>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        if let Some(log) = &worker.access_log {
            log.borrow_mut().flush();
        }
    }
}

/// The CPUs this process may run on, in order.
fn allowed_cpus() -> Vec<usize> {
    use rustix::thread::{sched_getaffinity, CpuSet};
    match sched_getaffinity(None) {
        Ok(set) => (0..CpuSet::MAX_CPU).filter(|&c| set.is_set(c)).collect(),
        Err(_) => (0..std::thread::available_parallelism().map_or(1, |n| n.get())).collect(),
    }
}

fn pin_to_cpu(cpu: usize) -> std::io::Result<()> {
    use rustix::thread::{sched_setaffinity, CpuSet};
    let mut set = CpuSet::new();
    set.set(cpu);
    Ok(sched_setaffinity(None, &set)?)
}

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
