"""Fixtures for the integration tests: they start the real tlsaccel binary
and talk to it with real clients (curl, openssl, Python sockets)."""

import contextlib
import hashlib
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# bench/ports.py hands out the ports of listeners a test adds later.
sys.path.append(str(REPO / "bench"))
from ports import free_port  # noqa: E402  (re-exported to the tests)
BINARY = Path(os.environ.get("TLSACCEL_BIN", REPO / "target" / "release" / "tlsaccel"))

SIZES = [0, 1, 16383, 16384, 16385, 1 << 20]


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


class Server:
    """A running tlsaccel process and the addresses it reported."""

    def __init__(self, args, cwd, env=None, as_root=True, prefix=()):
        if as_root and os.geteuid() == 0 and args[:1] == ["serve"] and "--user" not in args:
            # Started as root, tlsaccel serves as nobody unless told: the
            # tests' files (under pytest's 0700 directories) are root's.
            args = [*args, "--user", "root"]
        self.log_path = Path(cwd) / f"server-{time.monotonic_ns()}.log"
        self.log = open(self.log_path, "wb")
        # `prefix`: a command that execs tlsaccel (in a namespace, say).
        self.proc = subprocess.Popen([*prefix, str(BINARY), *args], cwd=cwd, stdout=self.log,
                                     stderr=subprocess.STDOUT, env=env)
        try:
            self._wait_until_started()
        except BaseException:
            # Never leave a server behind that no test will stop.
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            raise

    def _wait_until_started(self):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            text = self.log_text()
            if self.proc.poll() is not None:
                raise RuntimeError(f"tlsaccel exited with {self.proc.returncode}:\n{text}")
            if re.search(r"\bstarted\b", text):
                self.https = _find(r"listening on https://(\S+)", text)
                self.http = _find(r"listening on http://(\S+)", text)
                self.admin = _find(r"admin listening on http://(\S+)/metrics", text)
                return
            time.sleep(0.02)
        raise RuntimeError(f"tlsaccel did not start:\n{self.log_text()}")

    def log_text(self):
        return self.log_path.read_text(errors="replace")

    def url(self, path, scheme="https"):
        addr = self.https if scheme == "https" else self.http
        return f"{scheme}://{addr}{path}"

    def host_port(self, scheme="https"):
        host, port = (self.https if scheme == "https" else self.http).rsplit(":", 1)
        return host, int(port)

    def stop(self, timeout=30):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"tlsaccel did not stop on SIGTERM:\n{self.log_text()}")
        self.log.close()
        return code


    def metrics(self):
        """The admin endpoint's counters, summed over workers: {name{labels}: value}."""
        import urllib.request

        text = urllib.request.urlopen(f"http://{self.admin}/metrics", timeout=10).read().decode()
        totals = {}
        for line in text.splitlines():
            if line.startswith("#") or not line:
                continue
            series, value = line.rsplit(" ", 1)
            name, _, labels = series.partition("{")
            labels = ",".join(l for l in labels.rstrip("}").split(",") if not l.startswith("worker="))
            key = f"{name}{{{labels}}}" if labels else name
            number = float(value)
            totals[key] = totals.get(key, 0) + (int(number) if number.is_integer() else number)
        return totals


def _find(pattern, text):
    m = re.search(pattern, text)
    return m.group(1) if m else None


ECDSA = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]


def make_certificate(directory, name, cn, san, newkey=ECDSA):
    """A self-signed certificate NAME.pem and key NAME.key, made by openssl."""
    subprocess.run(
        ["openssl", "req", "-x509", *newkey, "-nodes", "-days", "30", "-subj", f"/CN={cn}",
         "-addext", f"subjectAltName={san}", "-keyout", str(directory / f"{name}.key"),
         "-out", str(directory / f"{name}.pem")],
        check=True, capture_output=True,
    )


@pytest.fixture(scope="session")
def certs(tmp_path_factory):
    """An ECDSA P-256 and an RSA-2048 certificate for localhost."""
    d = tmp_path_factory.mktemp("certs")
    for name, newkey in [("ecdsa", ECDSA), ("rsa", ["-newkey", "rsa:2048"])]:
        make_certificate(d, name, "localhost", "DNS:localhost,IP:127.0.0.1", newkey)
    return d


@pytest.fixture(scope="session")
def site_certs(tmp_path_factory):
    """A certificate per site: a.pem for a.test, b.pem for b.test, c.pem for *.c.test."""
    d = tmp_path_factory.mktemp("site-certs")
    for name, cn in [("a", "a.test"), ("b", "b.test"), ("c", "*.c.test")]:
        make_certificate(d, name, cn, f"DNS:{cn}")
    return d


@pytest.fixture(scope="session")
def docroot(tmp_path_factory):
    """A document root with files of the sizes that matter around TLS records."""
    root = tmp_path_factory.mktemp("www")
    for size in SIZES:
        (root / f"f{size}.bin").write_bytes(os.urandom(size))
    (root / "index.html").write_text("<h1>root index</h1>\n")
    (root / "style.css").write_text("body{}\n")
    (root / "dir").mkdir()
    (root / "dir" / "index.html").write_text("dir index\n")
    (root / "noindex").mkdir()
    (root / "noindex" / "a.txt").write_text("a\n")
    (root / "with space.txt").write_text("spaced\n")
    os.symlink("/etc/passwd", root / "escape")
    os.symlink("../../../../../../etc", root / "escape-dir")
    os.symlink("f1.bin", root / "inside-link.bin")
    with open(root / "sparse1g.bin", "wb") as f:
        f.truncate(1 << 30)
    return root


def wait_for(predicate, timeout=20, what="condition"):
    """Polls `predicate` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def process_gone(pid):
    """True once process `pid` has exited: gone, or a zombie its parent has
    not reaped yet. One read of /proc, so it cannot lose a race with the
    exit (checking that the directory exists, then reading it, can)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return True
    return re.search(r"^State:\s+[ZX]", status, re.M) is not None


def task_files(pid, name):
    """{thread id: text of /proc/PID/task/TID/NAME} for each thread of `pid`;
    a thread that exits while they are read (tokio's idle blocking-pool
    threads do) is left out instead of failing the read."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found[task.name] = (task / name).read_text()
        except (FileNotFoundError, ProcessLookupError):
            continue
    return found


ONE_HTTPS_LISTENER = '[[listener]]\naddress = "127.0.0.1:0"\n'


def config_file(tmp_path, root, *, certs=None, extra="", workers=None, name="tlsaccel.toml",
                listeners=ONE_HTTPS_LISTENER):
    """A configuration with `listeners` (by default one HTTPS listener on an
    ephemeral port), the given document root, optionally the ECDSA test
    certificate, and `extra` TOML (whole tables) after that."""
    text = f"workers = {workers}\n" if workers else ""
    text += listeners + f'[static]\nroot = "{root}"\n'
    if certs:
        text += f'[[tls.certificate]]\ncert = "{certs}/ecdsa.pem"\nkey = "{certs}/ecdsa.key"\n'
    path = tmp_path / name
    path.write_text(text + extra)
    return path


def upstream_config(backends, *, prefix="/app/", extra_upstream="", extra="", max_body=200 << 20):
    """TOML for one upstream group "app" of `backends` (addresses), routed
    from `prefix`, with request bodies up to `max_body`."""
    servers = ", ".join(f'{{ address = "{b}" }}' for b in backends)
    return f"""
[limits]
max_body_bytes = {max_body}
[[upstream]]
name = "app"
servers = [{servers}]
{extra_upstream}
[[route]]
prefix = "{prefix}"
upstream = "app"
{extra}"""


@pytest.fixture
def backend():
    """One real back end (tests/backend.py) on an ephemeral port."""
    from backend import Backend

    b = Backend("b1")
    yield b
    b.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # Kept on the test item so fixtures can tell, at teardown, that it failed.
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def start(request, tmp_path):
    """start(*args) runs tlsaccel; every server is stopped (and must exit 0)
    at the end. When the test failed, each server's log is printed (pytest
    shows it under the failure): often the only witness of a rare one."""
    servers = []

    def _start(*args, cwd=None, env=None, as_root=True, prefix=()):
        s = Server(list(args), cwd or tmp_path, env, as_root, prefix)
        servers.append(s)
        return s

    yield _start
    report = getattr(request.node, "report_call", None)
    for s in servers:
        if report is not None and report.failed:
            print(f"--- log of tlsaccel {' '.join(s.proc.args[1:])}\n{s.log_text()[-20000:]}")
        if s.proc.poll() is None:
            code = s.stop()
            assert code == 0, f"tlsaccel exited {code} on SIGTERM:\n{s.log_text()}"


@pytest.fixture
def server(start, docroot, certs, tmp_path):
    """HTTPS (ECDSA and RSA certificates) and plain HTTP on ephemeral ports."""
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""
workers = 2
[[listener]]
address = "127.0.0.1:0"
tls = true
[[listener]]
address = "127.0.0.1:0"
tls = false
[[tls.certificate]]
cert = "{certs}/ecdsa.pem"
key = "{certs}/ecdsa.key"
[[tls.certificate]]
cert = "{certs}/rsa.pem"
key = "{certs}/rsa.key"
[static]
root = "{docroot}"
[limits]
max_body_bytes = 65536
max_uri_bytes = 1024
max_header_bytes = 4096
[log]
access_log = "{tmp_path}/access.log"
""")
    return start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0")


PLAIN_HTTP_REQUESTS = [
    b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
    b"POST /form HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello",
    # A request larger than a TLS record header says, and than one read.
    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n",
    b"HEAD / HTTP/1.0\r\n\r\n",
]


def plain_http_to_tls_port(server, request):
    """Sends `request` in clear text to the HTTPS port and returns what the
    server answers before it closes (a reset would raise)."""
    with socket.create_connection(server.host_port("https"), timeout=10) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        return answer


def tls_client_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def connect(server, scheme="https", timeout=10):
    host, port = server.host_port(scheme)
    raw = socket.create_connection((host, port), timeout=timeout)
    if scheme == "https":
        return tls_client_context().wrap_socket(raw, server_hostname="localhost")
    return raw


class Reader:
    """Reads HTTP/1.1 responses off a socket, one at a time."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""

    def _fill(self):
        data = self.sock.recv(1 << 16)
        if not data:
            raise EOFError("connection closed")
        self.buf += data

    def response(self, head_request=False):
        while b"\r\n\r\n" not in self.buf:
            self._fill()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {}
        for line in lines[1:]:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
        length = 0 if head_request or status in (204, 304) or 100 <= status < 200 else int(headers.get("content-length", 0))
        while len(self.buf) < length:
            self._fill()
        body, self.buf = self.buf[:length], self.buf[length:]
        return status, headers, body

    def at_eof(self, timeout=5):
        self.sock.settimeout(timeout)
        try:
            return self.sock.recv(1) == b""
        except (ConnectionResetError, ssl.SSLError):
            return True


def curl(*args, check=True):
    """curl, speaking HTTP/1.1 unless the arguments ask for another
    version (curl would negotiate HTTP/2 with ALPN): the HTTP/1 tests stay
    HTTP/1 tests, test_http2.py asks for HTTP/2."""
    versions = ("--http1.0", "--http1.1", "--http2", "--http2-prior-knowledge")
    if not any(a in versions for a in args):
        args = ("--http1.1", *args)
    r = subprocess.run(["curl", "-sS", *args], capture_output=True)
    if check and r.returncode != 0:
        raise AssertionError(f"curl {' '.join(args)} failed ({r.returncode}): {r.stderr.decode()}")
    return r


NGINX = "/usr/sbin/nginx"


@contextlib.contextmanager
def nginx(tmp_path, http_context):
    """Runs Debian's nginx (one worker, as root so it reads the tests' private
    folders, its files under tmp_path) with `http_context` inside `http {}`,
    where `{port}` is a free loopback port; yields that port."""
    if not os.path.exists(NGINX):
        pytest.fail("nginx is not installed (scripts/test.sh installs it)")
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"""
user root;
worker_processes 1;
daemon off;
pid {tmp_path}/nginx.pid;
error_log {tmp_path}/nginx-error.log info;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp_path}/body;
    proxy_temp_path {tmp_path}/proxy;
    fastcgi_temp_path {tmp_path}/fastcgi;
    uwsgi_temp_path {tmp_path}/uwsgi;
    scgi_temp_path {tmp_path}/scgi;
{http_context.replace("{port}", str(port))}
}}
""")
    proc = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(tmp_path)], stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(f"nginx exited: {proc.stderr.read().decode()}")
                time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def pytest_collection_modifyitems(config, items):
    """tests/ktls runs only under a kernel with the tls module: in CI inside
    the qemu guest that scripts/ktls-vm boots. There, a missing kTLS is a
    failure, not a skip."""
    ktls_items = [i for i in items if "/tests/ktls/" in str(i.path)]
    if not ktls_items or os.path.exists("/proc/net/tls_stat"):
        return
    if os.environ.get("KTLS_VM_KERNEL"):
        raise pytest.UsageError("inside the kTLS guest but /proc/net/tls_stat is missing: the tls module did not load")
    skip = pytest.mark.skip(reason="no kernel TLS here; run: scripts/ktls-vm -- .venv/bin/pytest tests/ktls")
    for item in ktls_items:
        item.add_marker(skip)
