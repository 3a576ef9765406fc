//! Workers: one thread per CPU (or as configured), each pinned to its CPU,
//! with its own listening sockets, single-threaded event loop, file cache,
//! date cache and access-log buffer. Nothing on the request path is shared
//! between workers.
//!
//! What follows the configuration is one `Worker`: a generation. The
//! control thread (`crate::server`) builds each generation's parts off the
//! request path and sends them in a `Generation`; the worker installs it
//! between two events. The old generation's accept loops stop and the new
//! one's start on the same sockets, so no connection is refused; each
//! connection finishes its exchange in progress on the generation it
//! started with and takes the current one for its next.

mod connection;
mod dispatch;
mod h2;
mod transport;

use crate::access_log::AccessLog;
use crate::acme::AcmeBoard;
use crate::auth::Credentials;
use crate::client_limits::ClientLimits;
use crate::compression::VariantCache;
use crate::config::{ListenerKey, Settings};
use crate::exchange::{Request, Version};
use crate::http::HttpDate;
use crate::metrics::{Protocol, SiteCounters, WorkerMetrics};
use crate::proxy::{Proxy, ServerStates, Upstreams};
use crate::static_files::{OpenFileCache, Root, StaticCompression, StaticFiles};
use crate::tls::KtlsPolicy;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::pin::pin;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch, Semaphore};

/// What a worker thread keeps across reloads.
pub struct WorkerThread {
    pub id: usize,
    pub date: RefCell<HttpDate>,
    pub access_log: Option<RefCell<AccessLog>>,
    /// Set when the process stops: no more accepting, keep-alive ends.
    pub shutdown: watch::Receiver<bool>,
    pub metrics: Arc<WorkerMetrics>,
    active: Cell<usize>,
    /// Request buffers of idle connections, kept for reuse.
    spare_buffers: RefCell<Vec<Vec<u8>>>,
    /// Connections that went idle and gave their buffers back since the
    /// heap was last trimmed (see `trim_heap_after_idle_releases`).
    idle_releases: Cell<usize>,
    /// Request ids made so far, and this worker's random first half of
    /// each (`http.request_id`).
    request_ids: Cell<u64>,
    request_id_prefix: u64,
    /// When a refusal by the access rules was last logged: at most one a
    /// second, so an attack does not flood the log.
    refusal_logged: Cell<Option<std::time::Instant>>,
    /// The generation new connections and exchanges use.
    current: RefCell<Option<Rc<Worker>>>,
    /// This worker's listening sockets, by listener (several for one when
    /// inherited sockets outnumber workers).
    sockets: RefCell<Vec<(ListenerKey, Rc<tokio::net::TcpListener>)>>,
}

/// Spare request buffers a worker keeps (each about 17 KiB).
const SPARE_BUFFERS: usize = 64;

impl WorkerThread {
    /// Whether `worker` is the current generation (asked between every
    /// two requests: no reference is taken to answer).
    pub fn is_current(&self, worker: &Rc<Worker>) -> bool {
        self.current
            .borrow()
            .as_ref()
            .is_some_and(|current| Rc::ptr_eq(current, worker))
    }

    /// The generation in use now.
    pub fn current(&self) -> Rc<Worker> {
        self.current
            .borrow()
            .clone()
            .expect("a worker serves only once its first generation is installed")
    }

    /// A request buffer big enough for the largest allowed head.
    pub fn take_buffer(&self, max_header_bytes: usize) -> Vec<u8> {
        let size = (max_header_bytes + 1024).max(16 * 1024);
        let mut spare = self.spare_buffers.borrow_mut();
        match spare.pop() {
            Some(buf) if buf.len() >= size => buf,
            _ => vec![0; size],
        }
    }

    /// A connection went idle and gave its buffers back.
    pub fn note_idle_release(&self) {
        self.idle_releases.set(self.idle_releases.get() + 1);
    }

    pub fn give_back_buffer(&self, buf: Vec<u8>) {
        let mut spare = self.spare_buffers.borrow_mut();
        if !buf.is_empty() && spare.len() < SPARE_BUFFERS {
            spare.push(buf);
        }
    }

    pub fn log_access(&self, req: &Request, status: u16, body_bytes: u64) {
        if let Some(log) = &self.access_log {
            let request_id = self
                .current
                .borrow()
                .as_ref()
                .is_some_and(|w| w.settings.http.request_id)
                .then(|| req.header_text("x-request-id"))
                .flatten();
            log.borrow_mut()
                .request(req, status, body_bytes, request_id.as_deref());
        }
    }

    /// Whether a refusal may be logged now (and, if so, notes it was).
    pub fn may_log_refusal(&self) -> bool {
        let now = std::time::Instant::now();
        let due = self
            .refusal_logged
            .get()
            .is_none_or(|last| now.duration_since(last) >= Duration::from_secs(1));
        if due {
            self.refusal_logged.set(Some(now));
        }
        due
    }

    pub fn log_rejected(&self, peer: SocketAddr, raw: &[u8], status: u16, body_bytes: u64) {
        if let Some(log) = &self.access_log {
            log.borrow_mut().rejected(peer, raw, status, body_bytes);
        }
    }
}

/// The protocol label counters use for a request's version.
fn protocol_of(version: Version) -> Protocol {
    match version {
        Version::Http10 => Protocol::Http10,
        Version::Http11 => Protocol::Http11,
        Version::Http2 => Protocol::Http2,
    }
}

impl WorkerThread {
    /// A response to `req`, for the site counted by `site`, is over with
    /// `body_bytes` of its body sent: counted and logged.
    pub fn responded(&self, site: &SiteCounters, req: &Request, status: u16, body_bytes: u64) {
        site.responded(status, body_bytes);
        self.metrics
            .body_bytes_of(protocol_of(req.version), body_bytes);
        self.log_access(req, status, body_bytes);
    }
}

impl Worker {
    /// With `http.request_id`: the request's `X-Request-Id`, kept when the
    /// client sent a usable one (1 to 128 visible characters), else made
    /// here (32 hex digits: this worker's random prefix and a count).
    pub fn stamp_request_id(&self, request: &mut Request) {
        if !self.settings.http.request_id {
            return;
        }
        let usable = request
            .headers
            .get("x-request-id")
            .is_some_and(|v| !v.is_empty() && v.len() <= 128 && v.iter().all(u8::is_ascii_graphic));
        if !usable {
            let n = self.thread.request_ids.get().wrapping_add(1);
            self.thread.request_ids.set(n);
            let id = format!("{:016x}{n:016x}", self.thread.request_id_prefix);
            request.headers.set("X-Request-Id", id);
        }
    }

    /// `WorkerThread::responded` for the site at `site` in this
    /// generation.
    pub fn responded(&self, site: usize, req: &Request, status: u16, body_bytes: u64) {
        self.thread
            .responded(&self.sites[site], req, status, body_bytes);
    }
}

/// One generation of a worker's state: everything that follows the
/// configuration.
pub struct Worker {
    pub thread: Rc<WorkerThread>,
    pub settings: Arc<Settings>,
    pub tls: Option<Arc<crate::tls::HandshakeConfigs>>,
    /// Set when the kernel can offload at least one configured cipher.
    pub ktls: Option<Arc<KtlsPolicy>>,
    /// Per site (same index as `settings.sites`); None: a site without
    /// static files.
    pub files: Vec<Option<RefCell<StaticFiles>>>,
    /// The reverse proxy, with its back-end groups (balancing, health,
    /// idle connections).
    pub proxy: Proxy,
    /// The port of the first TLS listener, as bound: where plain listeners
    /// with `redirect_to_https` send clients.
    pub https_port: Option<u16>,
    /// Request and response counters, per site.
    pub sites: Vec<Arc<SiteCounters>>,
    /// HTTP-01 answers, when a site uses ACME.
    pub acme: Option<Arc<AcmeBoard>>,
    /// htpasswd files by path, for routes with `auth_basic`.
    pub credentials: Arc<HashMap<PathBuf, Arc<Credentials>>>,
    /// Per-client rates and connection counts, shared by every worker.
    pub client_limits: Arc<ClientLimits>,
    /// `limits.max_connections` for connections accepted by this
    /// generation.
    slots: Arc<Semaphore>,
    /// Set when a newer generation replaces this one (or the process
    /// stops): its accept loops end.
    retire: watch::Sender<bool>,
}

/// The parts of a generation the control thread prepares for one worker.
pub struct Generation {
    pub settings: Arc<Settings>,
    pub tls: Option<Arc<crate::tls::HandshakeConfigs>>,
    pub ktls: Option<Arc<KtlsPolicy>>,
    /// Per site: its document root, opened.
    pub roots: Vec<Option<Root>>,
    pub https_port: Option<u16>,
    /// Each back-end server's health-check verdict and current address,
    /// `[upstream][server]`.
    pub servers: Arc<ServerStates>,
    /// Each upstream's TLS client configuration (`tls = true`).
    pub upstream_tls: Vec<Option<Arc<rustls::ClientConfig>>>,
    /// Sockets to start accepting on, by listener.
    pub opened: Vec<(ListenerKey, TcpListener)>,
    /// Listeners removed: their sockets close (connections accepted on
    /// them finish on their generation).
    pub closed: Vec<ListenerKey>,
    /// Told once the generation is in use and the sockets of removed
    /// listeners are closed.
    pub installed: Option<std::sync::mpsc::Sender<()>>,
    /// ACME challenge answers (HTTP-01 tokens).
    pub acme: Arc<AcmeBoard>,
    /// htpasswd files by path, for routes with `auth_basic`.
    pub credentials: Arc<HashMap<PathBuf, Arc<Credentials>>>,
    /// Per-client rates and connection counts, the process's.
    pub client_limits: Arc<ClientLimits>,
}

impl Worker {
    fn new(thread: Rc<WorkerThread>, generation: Generation) -> Worker {
        let Generation {
            settings,
            tls,
            ktls,
            roots,
            https_port,
            servers,
            upstream_tls,
            acme,
            credentials,
            client_limits,
            ..
        } = generation;
        // One cache of compressed variants for the worker's sites.
        let variants = Rc::new(RefCell::new(VariantCache::new(
            settings.compression_cache.max_bytes,
            thread.metrics.compression.clone(),
        )));
        let files = roots
            .into_iter()
            .zip(&settings.sites)
            .map(|(root, site)| {
                let cache = OpenFileCache::new(&settings.open_file_cache);
                let compression = StaticCompression::new(
                    site.compression.clone(),
                    variants.clone(),
                    settings.compression_cache,
                    thread.metrics.compression.clone(),
                );
                root.map(|root| {
                    RefCell::new(StaticFiles::new(root, &site.index, cache, compression))
                })
            })
            .collect();
        let labels: Vec<&str> = settings.sites.iter().map(|s| s.label()).collect();
        Worker {
            sites: thread.metrics.site_counters(&labels),
            files,
            tls,
            ktls,
            proxy: Proxy {
                upstreams: Rc::new(RefCell::new(Upstreams::new(
                    &settings.upstreams,
                    &upstream_tls,
                    servers,
                ))),
                metrics: thread.metrics.clone(),
                body_timeout: settings.timeouts.request_body,
            },
            https_port,
            acme: settings.acme.as_ref().map(|_| acme),
            credentials,
            client_limits,
            slots: Arc::new(Semaphore::new(settings.limits.max_connections)),
            retire: watch::channel(false).0,
            thread,
            settings,
        }
    }
}

/// What a worker thread starts with.
pub struct WorkerParts {
    pub id: usize,
    pub cpu: Option<usize>,
    pub access_log: Option<crate::access_log::Sender>,
    pub shutdown: watch::Receiver<bool>,
    pub metrics: Arc<WorkerMetrics>,
    /// Generations, the first one included.
    pub generations: mpsc::UnboundedReceiver<Generation>,
    /// How long in-flight connections may take to finish at shutdown.
    pub drain: Duration,
}

/// A worker thread's life: install generations as they come, until
/// shutdown; then let connections finish, up to the drain timeout.
pub fn worker_main(parts: WorkerParts) {
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
    let thread = Rc::new(WorkerThread {
        id: parts.id,
        date: RefCell::new(HttpDate::default()),
        access_log: parts.access_log.map(|s| RefCell::new(AccessLog::new(s))),
        shutdown: parts.shutdown,
        metrics: parts.metrics,
        active: Cell::new(0),
        spare_buffers: RefCell::new(Vec::new()),
        idle_releases: Cell::new(0),
        request_ids: Cell::new(0),
        refusal_logged: Cell::new(None),
        request_id_prefix: {
            // Unique across workers and restarts; a failed read of the
            // system's randomness leaves the worker's number.
            let mut bytes = (parts.id as u64).to_le_bytes();
            let _ = aws_lc_rs::rand::fill(&mut bytes);
            u64::from_le_bytes(bytes)
        },
        current: RefCell::new(None),
        sockets: RefCell::new(Vec::new()),
    });
    let mut generations = parts.generations;
    let drain = parts.drain;
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, async move {
        if thread.access_log.is_some() {
            tokio::task::spawn_local(flush_access_log_every_second(thread.clone()));
        }
        tokio::task::spawn_local(trim_heap_after_idle_releases(thread.clone()));
        let mut stop = thread.shutdown.clone();
        loop {
            tokio::select! {
                next = generations.recv() => match next {
                    Some(generation) => install(&thread, generation),
                    None => break,
                },
                _ = stop.wait_for(|s| *s) => break,
            }
        }
        if let Some(current) = thread.current.borrow().as_ref() {
            current.retire.send_replace(true);
        }
        // The sockets close now; queued clients are refused rather than
        // left waiting.
        thread.sockets.borrow_mut().clear();
        let deadline = tokio::time::Instant::now() + drain;
        while thread.active.get() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if thread.active.get() > 0 {
            tracing::warn!(
                worker = thread.id,
                connections = thread.active.get(),
                "drain timeout: closing remaining connections"
            );
        }
        if let Some(log) = &thread.access_log {
            log.borrow_mut().flush();
        }
        // Generations point back at the thread: break the cycle.
        thread.current.borrow_mut().take();
    });
}

/// Makes `generation` the current one: its sockets join, removed ones
/// close, the old generation's accept loops stop and the new one's start.
fn install(thread: &Rc<WorkerThread>, mut generation: Generation) {
    let first = thread.current.borrow().is_none();
    let generation_installed = generation.installed.take();
    {
        let mut sockets = thread.sockets.borrow_mut();
        sockets.retain(|(key, _)| !generation.closed.contains(key));
        for (key, socket) in std::mem::take(&mut generation.opened) {
            match tokio::net::TcpListener::from_std(socket) {
                Ok(l) => sockets.push((key, Rc::new(l))),
                Err(e) if first => {
                    tracing::error!(worker = thread.id, listener = %key, error = %e, "cannot register listener");
                    std::process::exit(1);
                }
                Err(e) => {
                    tracing::error!(worker = thread.id, listener = %key, error = %e, "cannot register listener; not accepting on it in this worker")
                }
            }
        }
    }
    let worker = Rc::new(Worker::new(thread.clone(), generation));
    for (key, socket) in thread.sockets.borrow().iter() {
        match worker.settings.listener_index(*key) {
            Some(index) => {
                tokio::task::spawn_local(accept_loop(worker.clone(), socket.clone(), index));
            }
            None => {
                tracing::error!(worker = thread.id, listener = %key, "socket without a listener")
            }
        }
    }
    if let Some(old) = thread.current.replace(Some(worker)) {
        old.retire.send_replace(true);
    }
    if let Some(installed) = generation_installed {
        // Queued after the old accept loops the retirement woke: by the time
        // this runs they have ended, and dropped removed listeners' sockets.
        tokio::task::spawn_local(async move {
            let _ = installed.send(());
        });
    }
}

/// Counts a connection as in flight for as long as it lives.
struct ActiveGuard(Rc<WorkerThread>);

impl Drop for ActiveGuard {
    fn drop(&mut self) {
        self.0.active.set(self.0.active.get() - 1);
        self.0
            .metrics
            .connections_open
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

async fn accept_loop(worker: Rc<Worker>, listener: Rc<tokio::net::TcpListener>, index: usize) {
    let mut retired = worker.retire.subscribe();
    // One wait for the whole loop: made per accept, it joined and left
    // the channel's waiter list each time.
    let mut retiring = pin!(async move {
        let _ = retired.wait_for(|r| *r).await;
    });
    let slots = &worker.slots;
    loop {
        // At max_connections, stop accepting: new clients wait in the
        // backlog. Waiting for a client holds no slot (so several
        // listeners share the limit exactly): wait until one is free, then
        // accept, then take one (at once, unless another listener of this
        // worker took the last meanwhile). Retiring stops only the waits
        // before accept (cancelling accept loses nothing), never one with
        // a client in hand.
        if slots.available_permits() == 0 {
            tokio::select! {
                biased;
                _ = &mut retiring => break,
                p = slots.acquire() => drop(p.expect("semaphore never closed")),
            }
        }
        let accepted = tokio::select! {
            biased;
            _ = &mut retiring => break,
            r = listener.accept() => r,
        };
        let permit = match slots.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => slots
                .clone()
                .acquire_owned()
                .await
                .expect("semaphore never closed"),
        };
        match accepted {
            Ok((stream, peer)) => {
                let thread = &worker.thread;
                WorkerMetrics::add(&thread.metrics.connections, 1);
                WorkerMetrics::add(&thread.metrics.connections_open, 1);
                thread.active.set(thread.active.get() + 1);
                let guard = ActiveGuard(thread.clone());
                let worker = worker.clone();
                tokio::task::spawn_local(crate::clock::in_turns(async move {
                    let _permit = permit;
                    connection::serve(worker, stream, peer, index).await;
                    drop(guard);
                }));
            }
            Err(e) => {
                // EMFILE/ENFILE and the like: back off rather than spin.
                tracing::error!(worker = worker.thread.id, error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn flush_access_log_every_second(thread: Rc<WorkerThread>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        if let Some(log) = &thread.access_log {
            log.borrow_mut().flush();
        }
    }
}

/// Idle releases after which the heap is trimmed: each gave back about
/// 20 KiB, so this is some MiB.
const TRIM_AFTER_RELEASES: usize = 256;

/// Gives freed heap memory back to the kernel, at most once a second, after
/// many connections went idle. A burst of connections holds full buffers
/// for their first second; once they idle, glibc keeps what they freed
/// (holes between live allocations, which only `malloc_trim` returns), so
/// RSS stayed at the burst's peak: 1,000 idle TLS connections measured
/// 40.9 MiB, 23.8 MiB after a trim.
async fn trim_heap_after_idle_releases(thread: Rc<WorkerThread>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if thread.idle_releases.get() >= TRIM_AFTER_RELEASES {
            thread.idle_releases.set(0);
            let started = std::time::Instant::now();
            trim_heap();
            tracing::debug!(worker = thread.id, took = ?started.elapsed(), "heap trimmed after idle connections released their buffers");
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim_heap() {
    // SAFETY: malloc_trim takes no pointers and moves no live allocation:
    // under the allocator's own locks it hands free pages back (madvise).
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Without glibc there is no `malloc_trim`: the heap stays as it is.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim_heap() {}

/// The CPUs this process may run on, in order.
pub fn allowed_cpus() -> Vec<usize> {
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
