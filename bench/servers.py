"""The servers under test, started with equivalent settings.

tlsaccel and nginx take every row; the peers take the rows of what they
are: h2o, lighttpd and Caddy serve files (static rows, HTTP/2 too),
HAProxy and hitch terminate TLS in front of the back end (accelerator
rows; hitch, a TLS-only proxy, has no WebSocket row as it cannot route
/ws/ to the echo server). Each gets the same work: the same certificate,
TLS 1.3 and cipher suite where the server can enforce them (the load
generators enforce them for all, see `CLIENT_OPENSSL_CONF`), one worker
or thread pinned to the same CPU, access logs off, keep-alive unlimited
in practice, sendfile and file caches on where they exist. Each server is
one `Server`: its URLs, its process ids (for CPU time and memory read from
/proc), what rows it takes, and a stop.
"""

import os
import re
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from ports import free_port

CIPHER = "TLS_AES_256_GCM_SHA384"
# As good as unlimited for any run: neither server closes a busy connection.
KEEPALIVE_REQUESTS = 1_000_000_000
NGINX = "/usr/sbin/nginx"

# What a server takes part in: static files (HTTP and HTTPS rows), HTTP/2,
# the accelerator rows, the WebSocket row, compressed responses.
STATIC, HTTP2, PROXY, WEBSOCKET, COMPRESSION = "static", "http2", "proxy", "websocket", "compression"
# The ceiling (bench/limit): keep-alive HTTP/1.1 rows only, never a peer.
LIMIT = "limit"
EVERY_ROLE = frozenset({STATIC, HTTP2, PROXY, WEBSOCKET, COMPRESSION})
# The compression rows' settings, the same for every server that has them:
# gzip at 6 and brotli at 5 on the fly; bodies under 1 KiB as they are (so
# the 615-byte page of the latency row stays uncompressed everywhere).
GZIP_LEVEL, BROTLI_LEVEL, COMPRESS_MIN_LENGTH = 6, 5, 1024
# Debian's packages of the peers, and the binary each installs.
PEERS = {"h2o": "/usr/bin/h2o", "lighttpd": "/usr/sbin/lighttpd", "caddy": "/usr/bin/caddy",
         "haproxy": "/usr/sbin/haproxy", "hitch": "/usr/sbin/hitch"}


def wait_for_port(port, proc, log_path, seconds=15):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}: {Path(log_path).read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"server did not listen on port {port}: {Path(log_path).read_text()[-2000:]}")


def taskset(cpus):
    """A command prefix pinning to `cpus` (a list), or nothing."""
    return ["taskset", "-c", ",".join(map(str, cpus))] if cpus else []


def process_tree(pid):
    """pid and all its descendants."""
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                pass
    return pids


def cpu_seconds(pids):
    """User and system CPU seconds of these processes (all their threads)."""
    tick = os.sysconf("SC_CLK_TCK")
    user = system = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        user += int(fields[11])
        system += int(fields[12])
    return user / tick, system / tick


def rss_kib(pids):
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


@dataclass
class Server:
    name: str  # "tlsaccel", "nginx", or a peer's name
    ktls: bool
    workers: int
    proc: subprocess.Popen
    https_port: int
    http_port: int | None  # None: no plain-HTTP listener (the TLS proxies)
    log_path: Path
    pids: list = field(default_factory=list)
    roles: frozenset = EVERY_ROLE

    @property
    def label(self):
        return f"{self.name}{' +kTLS' if self.ktls else ''}"

    def url(self, scheme, path):
        port = self.https_port if scheme == "https" else self.http_port
        return f"{scheme}://127.0.0.1:{port}{path}"

    def serves(self, role):
        return role in self.roles

    def cpu(self):
        return cpu_seconds(self.pids)

    def rss_kib(self):
        return rss_kib(self.pids)

    def stop(self):
        if self.proc.poll() is None:
            # nginx: SIGQUIT is its graceful stop; the others stop on SIGTERM.
            self.proc.send_signal(signal.SIGQUIT if self.name == "nginx" else signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def start_tlsaccel(binary, work, cert, key, workers, cpus, ktls, backends):
    https_port, http_port = free_port(), free_port()
    tag = f"tlsaccel-w{workers}{'-ktls' if ktls else ''}"
    cfg = work / f"{tag}.toml"
    cfg.write_text(f"""
workers = {workers}
[[listener]]
address = "127.0.0.1:{https_port}"
tls = true
[[listener]]
address = "127.0.0.1:{http_port}"
tls = false
[tls]
certificate = [{{ cert = "{cert}", key = "{key}" }}]
protocols = ["TLSv1.3"]
ciphers = ["{CIPHER}"]
ktls = "{'on' if ktls else 'off'}"
[static]
root = "{work / 'www'}"
[limits]
max_connections = 65536
keepalive_requests = {KEEPALIVE_REQUESTS}
[timeouts]
keepalive = 3600
request_header = 600
handshake = 600
[open_file_cache]
max = 1000
valid = 30
# The compression rows: /text/ compressed on the fly (and cached), /pre/
# has precompressed files beside the originals (sent as they are).
[compression]
min_length = {COMPRESS_MIN_LENGTH}
[compression.level]
gzip = {GZIP_LEVEL}
br = {BROTLI_LEVEL}
[log]
level = "warn"
access_log = "off"
# Accelerator mode: /proxy/ goes to the shared back end.
[[upstream]]
name = "backend"
servers = [{{ address = "127.0.0.1:{backends.http}" }}]
keepalive = 64
[[route]]
prefix = "/proxy/"
upstream = "backend"
# WebSockets under /ws/ go to the shared echo server.
[[upstream]]
name = "ws"
servers = [{{ address = "127.0.0.1:{backends.ws}" }}]
[[route]]
prefix = "/ws/"
upstream = "ws"
""")
    log_path = work / f"{tag}.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(taskset(cpus) + [str(binary), "serve", "--config", str(cfg)],
                                stdout=log, stderr=subprocess.STDOUT)
    wait_for_port(https_port, proc, log_path)
    wait_for_port(http_port, proc, log_path)
    # Started as root, tlsaccel keeps a root master that binds and reads
    # keys, and serves from a child (docs/operations.md): both are
    # measured, once an answer shows that the child serves.
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", http_port), timeout=2) as s:
                s.sendall(b"HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                if s.recv(16).startswith(b"HTTP/1.1"):
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"tlsaccel did not serve: {Path(log_path).read_text()[-2000:]}")
        time.sleep(0.05)
    return Server("tlsaccel", ktls, workers, proc, https_port, http_port, log_path,
                  process_tree(proc.pid))


def start_nginx(work, cert, key, workers, cpus, ktls, backends):
    https_port, http_port = free_port(), free_port()
    tag = f"nginx-w{workers}{'-ktls' if ktls else ''}"
    prefix = work / tag
    prefix.mkdir(exist_ok=True)
    # Several workers over all CPUs: one per CPU, as tlsaccel pins its own.
    affinity = "worker_cpu_affinity auto;" if workers > 1 else ""
    cfg = prefix / "nginx.conf"
    cfg.write_text(f"""
{nginx_main(prefix, workers)}
{affinity}
http {{
    include /etc/nginx/mime.types;
{nginx_http_basics(prefix)}
    upstream backend {{
        server 127.0.0.1:{backends.http};
        keepalive 64;
    }}
    upstream ws {{
        server 127.0.0.1:{backends.ws};
    }}
    server {{
        # Accelerator mode, set up as nginx's documentation advises for a
        # keep-alive TLS-terminating proxy that tells the back end the client.
        location /proxy/ {{
            proxy_pass http://backend;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
        }}
        # WebSockets, as nginx's documentation sets them up.
        location /ws/ {{
            proxy_pass http://ws;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $host;
            proxy_read_timeout 3600s;
        }}
        # The compression rows: text on the fly with gzip (Debian's nginx
        # has no brotli), files beside the originals under /pre/.
        gzip on;
        gzip_comp_level {GZIP_LEVEL};
        gzip_min_length {COMPRESS_MIN_LENGTH};
        gzip_types application/javascript;
        gzip_vary on;
        location /pre/ {{
            gzip_static on;
        }}
        listen 127.0.0.1:{http_port} reuseport;
        listen 127.0.0.1:{https_port} ssl http2 reuseport;
        server_name localhost;
        root {work / 'www'};
        ssl_certificate {cert};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.3;
        ssl_conf_command Ciphersuites {CIPHER};
        ssl_session_cache shared:SSL:20m;
        ssl_session_tickets on;
        {'ssl_conf_command Options KTLS;' if ktls else ''}
    }}
}}
""")
    proc, pids = launch_nginx(prefix, cfg, cpus, [https_port, http_port], workers)
    return Server("nginx", ktls, workers, proc, https_port, http_port, prefix / "stderr.log", pids)


@dataclass
class Backends:
    """The ports the accelerator rows' back ends listen on."""
    http: int
    ws: int


def start_ws_echo(wsbench, work, cpus):
    """The WebSocket echo server both proxies pass /ws/ to (bench/wsbench,
    pinned with the load generator)."""
    port = free_port()
    log_path = work / "ws-echo.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(taskset(cpus) + [str(wsbench), "echo", "-listen", f"127.0.0.1:{port}"],
                                stdout=log, stderr=subprocess.STDOUT)
    wait_for_port(port, proc, log_path)
    return Server("ws-echo", False, 1, proc, port, port, log_path, [proc.pid])


def start_backend(work, cpus):
    """The back end both proxies pass /proxy/ to: a plain-HTTP nginx serving
    the same files (one worker, pinned with the load generator)."""
    port = free_port()
    prefix = work / "backend"
    prefix.mkdir(exist_ok=True)
    cfg = prefix / "nginx.conf"
    cfg.write_text(f"""
{nginx_main(prefix, 1)}
http {{
{nginx_http_basics(prefix)}
    server {{
        listen 127.0.0.1:{port};
        location /proxy/ {{ alias {work / 'www'}/; }}
    }}
}}
""")
    proc, pids = launch_nginx(prefix, cfg, cpus, [port], 1)
    return Server("backend", False, 1, proc, port, port, prefix / "stderr.log", pids)


def nginx_main(prefix, workers):
    """The main context every nginx here runs with, its files under prefix."""
    return f"""daemon off;
master_process on;
worker_processes {workers};
worker_rlimit_nofile 200000;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 65536; }}"""


def nginx_http_basics(prefix):
    """The http-context settings both the servers under test and the back end
    use: the settings the comparison is fair on."""
    return f"""    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 3600s;
    keepalive_requests {KEEPALIVE_REQUESTS};
    open_file_cache max=1000 inactive=30s;
    open_file_cache_valid 30s;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;"""


def launch_nginx(prefix, cfg, cpus, ports, workers):
    """Starts nginx in the foreground; returns it once it listens on every
    port, with its master and worker pids."""
    return launch([NGINX, "-p", str(prefix), "-c", str(cfg), "-e", str(prefix / "error.log")],
                  prefix / "stderr.log", cpus, ports, processes=workers + 1)


def launch(cmd, log_path, cpus, ports, processes=1, env=None):
    """Starts a server in the foreground, pinned to `cpus`; returns it once
    it listens on every port and has forked `processes` processes (a
    master and its workers), with their pids."""
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(taskset(cpus) + cmd, stdout=log, stderr=subprocess.STDOUT,
                                env={**os.environ, **(env or {})})
    for port in ports:
        wait_for_port(port, proc, log_path)
    for _ in range(100):
        pids = process_tree(proc.pid)
        if len(pids) >= processes:
            break
        time.sleep(0.05)
    return proc, pids


def nginx_version():
    out = subprocess.run([NGINX, "-v"], capture_output=True, text=True).stderr
    m = re.search(r"nginx/(\S+)", out)
    return m.group(1) if m else "?"


def start_limit(binary, work, cert, key, cpus):
    """The ceiling server (bench/limit): one thread pinned like the others,
    every file of the static rows answered from memory."""
    https_port, http_port = free_port(), free_port()
    www = work / "www"
    files = [str(www / name) for name in ("0kb", "1kb", "10kb", "100kb", "1mb", "10mb", "index.html")]
    cmd = [str(binary), "--http", str(http_port), "--https", str(https_port), "--cert", str(cert),
           "--key", str(key), *files]
    proc, pids = launch(cmd, work / "limit.log", cpus, [http_port, https_port])
    return Server("limit", False, 1, proc, https_port, http_port, work / "limit.log", pids,
                  roles=frozenset({LIMIT}))
