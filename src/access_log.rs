//! The access log, in nginx's `combined` format. Each worker appends lines
//! to its own buffer and hands full buffers (or, once a second, whatever it
//! has) to one writer thread, so no worker ever blocks on the disk. That
//! thread also reopens the file on request (SIGUSR1, for logrotate).

use crate::exchange::Request;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::{SystemTime, UNIX_EPOCH};

pub type Sender = mpsc::Sender<Vec<u8>>;

const FLUSH_AT: usize = 32 * 1024;

/// The thread that owns the log file.
pub struct AccessLogWriter {
    sender: Sender,
    thread: JoinHandle<()>,
    reopen: Arc<AtomicBool>,
}

impl AccessLogWriter {
    pub fn open(path: &Path) -> std::io::Result<AccessLogWriter> {
        let mut file = crate::logging::open_append(path)?;
        let (sender, receiver) = mpsc::channel::<Vec<u8>>();
        let path: PathBuf = path.to_owned();
        let shown = path.display().to_string();
        let reopen = Arc::new(AtomicBool::new(false));
        let reopen_asked = reopen.clone();
        let thread = std::thread::Builder::new()
            .name("access-log".into())
            .spawn(move || {
                let mut failed = false;
                for batch in receiver {
                    if reopen_asked.swap(false, Ordering::AcqRel) {
                        match crate::logging::open_append(&path) {
                            Ok(fresh) => file = fresh,
                            Err(e) => {
                                tracing::error!(error = %e, "cannot reopen the access log; still writing to the old file")
                            }
                        }
                    }
                    if let Err(e) = file.write_all(&batch) {
                        if !failed {
                            tracing::error!(file = %shown, error = %e, "cannot write access log");
                        }
                        failed = true;
                    } else {
                        failed = false;
                    }
                }
            })?;
        Ok(AccessLogWriter {
            sender,
            thread,
            reopen,
        })
    }

    /// Reopens the file at its path before the next lines are written.
    pub fn reopen(&self) {
        self.reopen.store(true, Ordering::Release);
        // Wakes the writer even when no worker has lines to hand over.
        let _ = self.sender.send(Vec::new());
    }

    pub fn sender(&self) -> Sender {
        self.sender.clone()
    }

    /// Writes what every worker has handed over, then stops.
    pub fn finish(self) {
        drop(self.sender);
        let _ = self.thread.join();
    }
}

/// A worker's buffer of log lines.
pub struct AccessLog {
    buf: Vec<u8>,
    sender: Sender,
    clock: LogClock,
}

impl AccessLog {
    pub fn new(sender: Sender) -> Self {
        AccessLog {
            buf: Vec::with_capacity(FLUSH_AT + 1024),
            sender,
            clock: LogClock::default(),
        }
    }

    /// A request's line: nginx's `combined`, then ` "ID"` when
    /// `request_id` is given (`http.request_id`).
    pub fn request(
        &mut self,
        req: &Request,
        status: u16,
        body_bytes: u64,
        request_id: Option<&str>,
    ) {
        let line = format!(
            "{} {} {}",
            req.method,
            String::from_utf8_lossy(&req.target),
            req.version.as_str()
        );
        let referer = req.header_text("referer");
        let agent = req.header_text("user-agent");
        self.line(
            req.client.addr,
            line.as_bytes(),
            (status, body_bytes),
            Quoted {
                referer: referer.as_deref(),
                agent: agent.as_deref(),
                request_id,
            },
        );
    }

    /// A request that could not be parsed: log its first line as received.
    pub fn rejected(&mut self, peer: SocketAddr, raw: &[u8], status: u16, body_bytes: u64) {
        let first = raw
            .split(|&b| b == b'\r' || b == b'\n')
            .next()
            .unwrap_or(b"");
        let first = &first[..first.len().min(1024)];
        self.line(peer, first, (status, body_bytes), Quoted::default());
    }

    fn line(
        &mut self,
        peer: SocketAddr,
        request: &[u8],
        (status, bytes): (u16, u64),
        quoted: Quoted<'_>,
    ) {
        let Quoted {
            referer,
            agent,
            request_id,
        } = quoted;
        let ip = peer.ip().to_canonical();
        let time = self.clock.now();
        let _ = write!(self.buf, "{ip} - - [{time}] \"");
        escape_into(&mut self.buf, request);
        let _ = write!(self.buf, "\" {status} {bytes} \"");
        escape_into(&mut self.buf, referer.unwrap_or("-").as_bytes());
        self.buf.extend_from_slice(b"\" \"");
        escape_into(&mut self.buf, agent.unwrap_or("-").as_bytes());
        self.buf.push(b'"');
        if let Some(id) = request_id {
            self.buf.extend_from_slice(b" \"");
            escape_into(&mut self.buf, id.as_bytes());
            self.buf.push(b'"');
        }
        self.buf.push(b'\n');
        if self.buf.len() >= FLUSH_AT {
            self.flush();
        }
    }

    pub fn flush(&mut self) {
        if !self.buf.is_empty() {
            let batch = std::mem::replace(&mut self.buf, Vec::with_capacity(FLUSH_AT + 1024));
            let _ = self.sender.send(batch);
        }
    }
}

/// The quoted fields after status and size: `-` for those missing; the
/// request id only when there is one.
#[derive(Default)]
struct Quoted<'a> {
    referer: Option<&'a str>,
    agent: Option<&'a str>,
    request_id: Option<&'a str>,
}

/// nginx's escaping: quotes, backslashes and non-printable bytes as `\xHH`.
fn escape_into(out: &mut Vec<u8>, bytes: &[u8]) {
    for &b in bytes {
        if b == b'"' || b == b'\\' || !(0x20..0x7f).contains(&b) {
            let _ = write!(out, "\\x{b:02X}");
        } else {
            out.push(b);
        }
    }
}

/// `$time_local` (in UTC), formatted once per second.
#[derive(Default)]
struct LogClock {
    second: u64,
    text: String,
}

impl LogClock {
    fn now(&mut self) -> &str {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        if secs != self.second || self.text.is_empty() {
            self.second = secs;
            self.text = format_time_local(secs);
        }
        &self.text
    }
}

fn format_time_local(secs: u64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{day:02}/{}/{year}:{:02}:{:02}:{:02} +0000",
        MONTHS[(month - 1) as usize],
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_local_format() {
        assert_eq!(format_time_local(0), "01/Jan/1970:00:00:00 +0000");
        assert_eq!(
            format_time_local(1_795_349_348),
            "22/Nov/2026:12:09:08 +0000"
        );
        assert_eq!(format_time_local(951_782_400), "29/Feb/2000:00:00:00 +0000");
    }

    #[test]
    fn escaping() {
        let mut out = Vec::new();
        escape_into(&mut out, b"a\"b\\c\x01\xff");
        assert_eq!(out, b"a\\x22b\\x5Cc\\x01\\xFF");
    }
}
