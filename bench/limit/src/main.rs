//! The benchmark's ceiling (bench/limit): the least an HTTP/1.1 server can
//! do per request on a keep-alive connection, plain or over rustls with
//! the benchmark's suite. One thread, one epoll loop, non-blocking
//! sockets; each request is found by the end of its head and answered with
//! a response made at start, from memory (the file its path names among
//! those given, else 404). Nothing else: no parsing, no headers read, no
//! date, no log, no timers. Its requests per CPU-second are what this
//! kernel and client allow for a row; the distance to them is the
//! server's own cost.
//!
//!     tlsaccel-limit --http PORT --https PORT --cert PEM --key PEM FILE...
//!
//! Each FILE is served at /NAME (its file name).

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::{ServerConfig, ServerConnection};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::os::fd::{AsRawFd, RawFd};
use std::sync::Arc;

/// Responses by path (`/1kb`), head and body in one buffer.
struct Responses {
    by_path: HashMap<Vec<u8>, Vec<u8>>,
    not_found: Vec<u8>,
}

impl Responses {
    fn load(files: &[String]) -> io::Result<Responses> {
        let mut by_path = HashMap::new();
        for file in files {
            let body = std::fs::read(file)?;
            let name = file.rsplit('/').next().unwrap_or(file);
            let mut response = format!(
                "HTTP/1.1 200 OK\r\nServer: limit\r\nContent-Type: application/octet-stream\r\nContent-Length: {}\r\n\r\n",
                body.len()
            )
            .into_bytes();
            response.extend_from_slice(&body);
            by_path.insert(format!("/{name}").into_bytes(), response);
        }
        let not_found =
            b"HTTP/1.1 404 Not Found\r\nServer: limit\r\nContent-Length: 0\r\n\r\n".to_vec();
        Ok(Responses { by_path, not_found })
    }

    /// The response to the request head `head` ("GET /1kb HTTP/1.1...").
    fn answer(&self, head: &[u8]) -> &[u8] {
        let target = head.split(|&b| b == b' ').nth(1).unwrap_or_default();
        self.by_path.get(target).unwrap_or(&self.not_found)
    }
}

/// Where the first whole request head ends in `buf`, past its blank line.
fn head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4)
}

/// Appends the answer to every whole request in `input`, dropping them.
fn answer_all(responses: &Responses, input: &mut Vec<u8>, output: &mut Vec<u8>) {
    let mut start = 0;
    while let Some(end) = head_end(&input[start..]) {
        output.extend_from_slice(responses.answer(&input[start..start + end]));
        start += end;
    }
    input.drain(..start);
}

enum Transport {
    Plain,
    Tls(Box<ServerConnection>),
}

struct Connection {
    stream: TcpStream,
    transport: Transport,
    input: Vec<u8>,
    /// Bytes for the socket not yet taken (plain: responses).
    pending: Vec<u8>,
}

impl Connection {
    /// Reads and answers what the socket has; false once the connection
    /// is over.
    fn readable(&mut self, responses: &Responses, scratch: &mut [u8]) -> bool {
        loop {
            match self.stream.read(scratch) {
                Ok(0) => return false,
                Ok(n) => {
                    if !self.take(&scratch[..n], responses) {
                        return false;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return self.writable(),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return false,
            }
        }
    }

    /// Received bytes in, responses out.
    fn take(&mut self, bytes: &[u8], responses: &Responses) -> bool {
        match &mut self.transport {
            Transport::Plain => {
                self.input.extend_from_slice(bytes);
                answer_all(responses, &mut self.input, &mut self.pending);
                true
            }
            Transport::Tls(tls) => {
                let mut rest = bytes;
                while !rest.is_empty() {
                    if tls.read_tls(&mut rest).is_err() || tls.process_new_packets().is_err() {
                        return false;
                    }
                }
                let mut plain = [0u8; 16 * 1024];
                loop {
                    match tls.reader().read(&mut plain) {
                        Ok(0) => return false,
                        Ok(n) => self.input.extend_from_slice(&plain[..n]),
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                        Err(_) => return false,
                    }
                }
                let mut out = Vec::new();
                answer_all(responses, &mut self.input, &mut out);
                tls.writer().write_all(&out).is_ok()
            }
        }
    }

    /// Writes what is queued; false on a failed socket.
    fn writable(&mut self) -> bool {
        if let Transport::Tls(tls) = &mut self.transport {
            while tls.wants_write() {
                let mut encrypted = Vec::new();
                if tls.write_tls(&mut encrypted).is_err() {
                    return false;
                }
                self.pending.extend_from_slice(&encrypted);
            }
        }
        while !self.pending.is_empty() {
            match self.stream.write(&self.pending) {
                Ok(n) => {
                    self.pending.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return true,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => return false,
            }
        }
        true
    }
}

fn tls_config(cert: &str, key: &str) -> Result<Arc<ServerConfig>, Box<dyn std::error::Error>> {
    let chain: Vec<CertificateDer<'static>> =
        CertificateDer::pem_file_iter(cert)?.collect::<Result<_, _>>()?;
    let key = PrivateKeyDer::from_pem_file(key)?;
    let base = rustls::crypto::aws_lc_rs::default_provider();
    // The benchmark's suite (servers.CIPHER), TLS 1.3 only, as every
    // server is configured.
    let provider = rustls::crypto::CryptoProvider {
        cipher_suites: vec![rustls::crypto::aws_lc_rs::cipher_suite::TLS13_AES_256_GCM_SHA384],
        ..base
    };
    let config = ServerConfig::builder_with_provider(Arc::new(provider))
        .with_protocol_versions(&[&rustls::version::TLS13])?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    Ok(Arc::new(config))
}

/// epoll through libc: the loop's only system calls besides read,
/// write and accept.
struct Epoll(RawFd);

impl Epoll {
    fn new() -> io::Result<Epoll> {
        // SAFETY: epoll_create1 takes no pointers; the result is checked.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(Epoll(fd))
    }

    /// Watches `fd` for input (edge-triggered), tagged `token`.
    fn add(&self, fd: RawFd, token: u64) -> io::Result<()> {
        let mut event = libc::epoll_event {
            events: (libc::EPOLLIN | libc::EPOLLOUT | libc::EPOLLRDHUP | libc::EPOLLET) as u32,
            u64: token,
        };
        // SAFETY: `event` lives across the call; fd is an open socket.
        if unsafe { libc::epoll_ctl(self.0, libc::EPOLL_CTL_ADD, fd, &mut event) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    fn wait(&self, events: &mut [libc::epoll_event]) -> io::Result<usize> {
        loop {
            // SAFETY: the buffer holds `events.len()` entries, which the
            // kernel fills at most.
            let n =
                unsafe { libc::epoll_wait(self.0, events.as_mut_ptr(), events.len() as i32, -1) };
            if n >= 0 {
                return Ok(n as usize);
            }
            // A signal (a profiler's, valgrind's) ends the wait, not the loop.
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
}

/// Tokens below this are listeners.
const FIRST_CONNECTION: u64 = 2;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
            .ok_or_else(|| format!("{flag} is required (see bench/limit/src/main.rs)"))
    };
    let (http, https) = (value("--http")?, value("--https")?);
    let tls = tls_config(&value("--cert")?, &value("--key")?)?;
    let flags = ["--http", "--https", "--cert", "--key"];
    let files: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !flags.contains(&a.as_str()) && (*i == 0 || !flags.contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a.clone())
        .collect();
    let responses = Responses::load(&files)?;
    let listeners = [
        TcpListener::bind(format!("127.0.0.1:{http}"))?,
        TcpListener::bind(format!("127.0.0.1:{https}"))?,
    ];
    let epoll = Epoll::new()?;
    for (token, listener) in listeners.iter().enumerate() {
        listener.set_nonblocking(true)?;
        epoll.add(listener.as_raw_fd(), token as u64)?;
    }
    let mut connections: HashMap<u64, Connection> = HashMap::new();
    let mut next = FIRST_CONNECTION;
    let mut events = vec![libc::epoll_event { events: 0, u64: 0 }; 256];
    let mut scratch = vec![0u8; 64 * 1024];
    loop {
        let n = epoll.wait(&mut events)?;
        for event in &events[..n] {
            let token = event.u64;
            if token < FIRST_CONNECTION {
                let listener = &listeners[token as usize];
                while let Ok((stream, _)) = listener.accept() {
                    stream.set_nonblocking(true)?;
                    stream.set_nodelay(true)?;
                    let transport = if token == 1 {
                        let mut conn = ServerConnection::new(tls.clone())?;
                        // Whole responses are taken at once (rustls's
                        // default bound is 64 KiB); the socket drains them.
                        conn.set_buffer_limit(None);
                        Transport::Tls(Box::new(conn))
                    } else {
                        Transport::Plain
                    };
                    epoll.add(stream.as_raw_fd(), next)?;
                    connections.insert(
                        next,
                        Connection {
                            stream,
                            transport,
                            input: Vec::new(),
                            pending: Vec::new(),
                        },
                    );
                    next += 1;
                }
                continue;
            }
            let Some(conn) = connections.get_mut(&token) else {
                continue;
            };
            let readable = event.events
                & (libc::EPOLLIN | libc::EPOLLRDHUP | libc::EPOLLHUP | libc::EPOLLERR) as u32
                != 0;
            let alive = if readable {
                conn.readable(&responses, &mut scratch)
            } else {
                conn.writable()
            };
            if !alive {
                // Closing the socket takes it out of the epoll set.
                connections.remove(&token);
            }
        }
    }
}
