//! The admin listener: `GET /metrics` (Prometheus text), `/status` (a page
//! that updates itself from `/status.json`, its script and style served
//! beside it, nothing from elsewhere) and `/status.json`.
//!
//! Who may connect is decided by the address it listens on (loopback
//! unless `admin.allow_remote`); it serves no secrets, but it tells an
//! outsider a great deal, so it must never face the internet.
//!
//! Blocking I/O on threads of its own, one per connection up to
//! `MAX_CONNECTIONS`: a browser's speculative connection that never sends
//! a request must not hold up the next poll, and nothing here touches a
//! worker.

use super::history::History;
use super::AllMetrics;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Connections served at once; more are closed at once.
const MAX_CONNECTIONS: usize = 32;

/// How long a connection may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

const PAGE: &str = include_str!("page/status.html");
const SCRIPT: &str = include_str!("page/status.js");
const STYLE: &str = include_str!("page/status.css");

/// Nothing but this origin's own script, style and JSON: the page works
/// offline and under the strictest policy a proxy in front might add.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Serves the admin listener on `listener` from threads of its own, and
/// starts the status page's sampling of the traffic.
pub fn serve_admin(listener: TcpListener, metrics: AllMetrics) -> std::io::Result<()> {
    // Blocking accepts (an inherited socket may come non-blocking).
    listener.set_nonblocking(false)?;
    let history = History::start(metrics.clone())?;
    let open = Arc::new(AtomicUsize::new(0));
    std::thread::Builder::new()
        .name("admin".into())
        .spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
                    open.fetch_sub(1, Ordering::AcqRel);
                    tracing::debug!(
                        "admin: {MAX_CONNECTIONS} connections open already; closing a new one"
                    );
                    continue;
                }
                let (metrics, history, open) = (metrics.clone(), history.clone(), open.clone());
                let spawned =
                    std::thread::Builder::new()
                        .name("admin-conn".into())
                        .spawn(move || {
                            answer(stream, &metrics, &history);
                            open.fetch_sub(1, Ordering::AcqRel);
                        });
                if let Err(e) = spawned {
                    tracing::warn!(error = %e, "admin: cannot start a thread for a connection");
                }
            }
        })?;
    Ok(())
}

/// One request, one response, then the connection closes.
fn answer(mut stream: TcpStream, metrics: &AllMetrics, history: &History) {
    let _ = stream.set_read_timeout(Some(HEAD_TIMEOUT));
    let _ = stream.set_write_timeout(Some(HEAD_TIMEOUT));
    let mut head = Vec::new();
    let mut buf = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => head.extend_from_slice(&buf[..n]),
        }
    }
    let line = head
        .split(|&b| b == b'\r' || b == b'\n')
        .next()
        .unwrap_or(b"");
    let line = String::from_utf8_lossy(line);
    let mut parts = line.split(' ');
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    // The query string (a cache-buster) does not choose the resource.
    let path = target.split('?').next().unwrap_or("");
    let reply = route(method, path, metrics, history);
    let mut out = format!(
        "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nContent-Security-Policy: {CSP}\r\nConnection: close\r\n",
        reply.status,
        reply.content_type,
        reply.body.len()
    );
    if let Some(location) = reply.location {
        out.push_str(&format!("Location: {location}\r\n"));
    }
    if reply.status.starts_with("405") {
        out.push_str("Allow: GET, HEAD\r\n");
    }
    out.push_str("\r\n");
    let mut bytes = out.into_bytes();
    if method != "HEAD" {
        bytes.extend_from_slice(reply.body.as_bytes());
    }
    let _ = stream.write_all(&bytes);
}

struct Reply {
    status: &'static str,
    content_type: &'static str,
    body: String,
    location: Option<&'static str>,
}

fn route(method: &str, path: &str, metrics: &AllMetrics, history: &History) -> Reply {
    let reply = |status, content_type, body: String| Reply {
        status,
        content_type,
        body,
        location: None,
    };
    if method != "GET" && method != "HEAD" {
        return reply(
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            "only GET and HEAD are served here\n".into(),
        );
    }
    match path {
        "/metrics" => reply(
            "200 OK",
            "text/plain; version=0.0.4",
            super::render(metrics),
        ),
        "/status.json" => reply(
            "200 OK",
            "application/json",
            super::status::snapshot(metrics, history).to_string(),
        ),
        "/status" => reply("200 OK", "text/html; charset=utf-8", PAGE.into()),
        "/status.js" => reply("200 OK", "text/javascript; charset=utf-8", SCRIPT.into()),
        "/status.css" => reply("200 OK", "text/css; charset=utf-8", STYLE.into()),
        "/" => Reply {
            location: Some("/status"),
            ..reply(
                "302 Found",
                "text/plain; charset=utf-8",
                "see /status\n".into(),
            )
        },
        _ => reply(
            "404 Not Found",
            "text/plain; charset=utf-8",
            "served here: /status, /status.json, /metrics\n".into(),
        ),
    }
}
