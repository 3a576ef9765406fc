"""The peers tlsaccel is measured against beside nginx, each Debian's
package, each configured for the same work as tlsaccel and nginx.

Static rows (files over HTTP, HTTPS and HTTP/2): h2o, lighttpd, Caddy.
Accelerator rows (TLS terminated in front of the shared back end): HAProxy,
and hitch, a TLS-only proxy that passes the decrypted bytes through without
reading HTTP (so no client-address headers: a lower bound for a proxy).

For every peer: one worker or thread, pinned to the server CPU like the
others (Caddy: GOMAXPROCS=1), access logs off, keep-alive unlimited in
practice (lighttpd's counter stops at 65,535 requests per connection, far
above what any run sends on one), idle timeouts of an hour, TLS 1.3 with
TLS_AES_256_GCM_SHA384 only where the server can say so (Caddy cannot:
Go's crypto/tls has no TLS 1.3 suite setting; the load generators offer
only that suite, so every server negotiates it, which bench.py checks
before any load), session resumption on (each server's default tickets or
cache), sendfile and file caches where the server has them. Started as
root, each serves as nobody, as nginx's workers do.
"""

import json
import re
import resource
import subprocess

from ports import free_port
from servers import (BROTLI_LEVEL, CIPHER, COMPRESS_MIN_LENGTH, COMPRESSION, GZIP_LEVEL, HTTP2, PEERS, PROXY,
                     STATIC, WEBSOCKET, Server, launch)

STATIC_ROLES = frozenset({STATIC, HTTP2})
# The peers the compression rows compare (issue 26): h2o and Caddy.
COMPRESSING_ROLES = STATIC_ROLES | {COMPRESSION}


def combined_pem(work, cert, key):
    """Certificate and key in one file, as HAProxy and hitch read them."""
    pem = work / "combined.pem"
    if not pem.exists():
        pem.write_bytes(cert.read_bytes() + key.read_bytes())
    return pem


def prefix_dir(work, name):
    """The peer's folder for its configuration and logs, writable by the
    account it serves as once it has left root."""
    prefix = work / name
    prefix.mkdir(exist_ok=True)
    prefix.chmod(0o777)
    return prefix


def start_h2o(work, cert, key, cpus):
    https_port, http_port = free_port(), free_port()
    prefix = prefix_dir(work, "h2o")
    cfg = prefix / "h2o.conf"
    # h2o reads repeated `listen` keys as several listeners (its own docs'
    # form). No access-log key: no access log. It has no per-connection
    # request limit; http1-request-timeout is also its keep-alive idle limit.
    cfg.write_text(f"""num-threads: 1
max-connections: 65536
user: nobody
pid-file: {prefix}/h2o.pid
error-log: {prefix}/error.log
http1-request-timeout: 3600
http2-idle-timeout: 3600
listen:
  host: 127.0.0.1
  port: {http_port}
listen:
  host: 127.0.0.1
  port: {https_port}
  ssl:
    certificate-file: {cert}
    key-file: {key}
    min-version: TLSv1.3
hosts:
  "localhost":
    paths:
      "/text":
        file.dir: {work / 'www' / 'text'}
        compress:
          gzip: {GZIP_LEVEL}
          br: {BROTLI_LEVEL}
        compress-minimum-size: {COMPRESS_MIN_LENGTH}
      "/pre":
        file.dir: {work / 'www' / 'pre'}
        file.send-compressed: ON
      "/":
        file.dir: {work / 'www'}
""")
    proc, pids = launch([PEERS["h2o"], "-c", str(cfg)], prefix / "stderr.log", cpus, [https_port, http_port])
    return Server("h2o", False, 1, proc, https_port, http_port, prefix / "stderr.log", pids, COMPRESSING_ROLES)


def start_lighttpd(work, cert, key, cpus):
    https_port, http_port = free_port(), free_port()
    prefix = prefix_dir(work, "lighttpd")
    cfg = prefix / "lighttpd.conf"
    # One process (max-worker 0), sendfile, its stat cache; HTTP/2 is on by
    # default in 1.4.69. The key stays readable after the switch to nobody:
    # lighttpd reads it before. It takes at most half its descriptors in
    # connections: all this process may open (root cannot raise the hard
    # limit on every machine).
    nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    cfg.write_text(f"""server.modules = ("mod_openssl")
server.document-root = "{work / 'www'}"
server.bind = "127.0.0.1"
server.port = {http_port}
server.username = "nobody"
server.groupname = "nogroup"
server.pid-file = "{prefix}/lighttpd.pid"
server.errorlog = "{prefix}/error.log"
server.max-worker = 0
server.max-fds = {nofile}
server.max-connections = {nofile // 2}
server.max-keep-alive-requests = 65535
server.max-keep-alive-idle = 3600
server.max-read-idle = 3600
server.max-write-idle = 3600
server.network-backend = "sendfile"
server.stat-cache-engine = "simple"
server.feature-flags += ("server.h2proto" => "enable")
mimetype.assign = (".html" => "text/html", "" => "application/octet-stream")
$SERVER["socket"] == "127.0.0.1:{https_port}" {{
    ssl.engine = "enable"
    ssl.pemfile = "{cert}"
    ssl.privkey = "{key}"
    ssl.openssl.ssl-conf-cmd = ("MinProtocol" => "TLSv1.3", "Ciphersuites" => "{CIPHER}")
}}
""")
    proc, pids = launch([PEERS["lighttpd"], "-D", "-f", str(cfg)], prefix / "stderr.log", cpus,
                        [https_port, http_port])
    return Server("lighttpd", False, 1, proc, https_port, http_port, prefix / "stderr.log", pids, STATIC_ROLES)


def start_caddy(work, cert, key, cpus):
    https_port, http_port = free_port(), free_port()
    prefix = prefix_dir(work, "caddy")
    www = str(work / "www")
    files = [
        # The compression rows: gzip on the fly (Caddy's encoders are gzip
        # and zstd), precompressed files beside the originals under /pre/.
        {"match": [{"path": ["/text/*"]}],
         "handle": [{"handler": "encode", "encodings": {"gzip": {"level": GZIP_LEVEL}}, "prefer": ["gzip"],
                     "minimum_length": COMPRESS_MIN_LENGTH},
                    {"handler": "file_server", "root": www}]},
        {"match": [{"path": ["/pre/*"]}],
         "handle": [{"handler": "file_server", "root": www, "precompressed": {"br": {}, "gzip": {}},
                     "precompressed_order": ["br", "gzip"]}]},
        {"handle": [{"handler": "file_server", "root": www}]},
    ]
    # Certificates loaded from files, no automatic HTTPS, no admin endpoint,
    # no HTTP/3; logs only errors (no access log unless configured). Its TLS
    # 1.3 suites cannot be set (see the module doc).
    config = {
        "admin": {"disabled": True},
        "logging": {"logs": {"default": {"level": "ERROR"}}},
        "storage": {"module": "file_system", "root": str(prefix / "data")},
        "apps": {
            "tls": {"certificates": {"load_files": [{"certificate": str(cert), "key": str(key),
                                                      "tags": ["bench"]}]}},
            "http": {"servers": {
                "https": {"listen": [f"127.0.0.1:{https_port}"], "protocols": ["h1", "h2"], "routes": files,
                          "idle_timeout": "1h", "automatic_https": {"disable": True},
                          "tls_connection_policies": [{"certificate_selection": {"any_tag": ["bench"]},
                                                       "protocol_min": "tls1.3"}]},
                "http": {"listen": [f"127.0.0.1:{http_port}"], "protocols": ["h1"], "routes": files,
                         "idle_timeout": "1h", "automatic_https": {"disable": True}},
            }},
        },
    }
    cfg = prefix / "caddy.json"
    cfg.write_text(json.dumps(config, indent=1))
    # Caddy keeps its state under the XDG folders: the run's, not root's.
    env = {"GOMAXPROCS": "1", "HOME": str(prefix), "XDG_DATA_HOME": str(prefix / "data"),
           "XDG_CONFIG_HOME": str(prefix / "config")}
    proc, pids = launch([PEERS["caddy"], "run", "--config", str(cfg)], prefix / "stderr.log", cpus,
                        [https_port, http_port], env=env)
    return Server("caddy", False, 1, proc, https_port, http_port, prefix / "stderr.log", pids, COMPRESSING_ROLES)


def start_haproxy(work, cert, key, cpus, backends):
    https_port = free_port()
    prefix = prefix_dir(work, "haproxy")
    cfg = prefix / "haproxy.cfg"
    # mode http with keep-alive both sides (HAProxy's default), the same
    # client-address headers nginx and tlsaccel add, WebSockets to the echo
    # server (HAProxy passes Upgrade through by itself).
    cfg.write_text(f"""global
    nbthread 1
    # Two descriptors a connection; the run's open-file limit is 20,000
    # on these machines.
    maxconn 9000
    user nobody
    group nogroup
    ssl-default-bind-ciphersuites {CIPHER}
    ssl-default-bind-options ssl-min-ver TLSv1.3
    tune.ssl.cachesize 100000

defaults
    mode http
    timeout connect 5s
    timeout client 3600s
    timeout server 3600s
    timeout tunnel 3600s
    timeout http-keep-alive 3600s

frontend tls
    bind 127.0.0.1:{https_port} ssl crt {combined_pem(work, cert, key)} alpn http/1.1
    option forwardfor
    http-request set-header X-Real-IP %[src]
    http-request set-header X-Forwarded-Proto https
    use_backend ws if {{ path_beg /ws/ }}
    default_backend backend

backend backend
    server b1 127.0.0.1:{backends.http}

backend ws
    server w1 127.0.0.1:{backends.ws}
""")
    proc, pids = launch([PEERS["haproxy"], "-db", "-f", str(cfg)], prefix / "stderr.log", cpus, [https_port])
    return Server("haproxy", False, 1, proc, https_port, None, prefix / "stderr.log", pids,
                  frozenset({PROXY, WEBSOCKET}))


def start_hitch(work, cert, key, cpus, backends):
    https_port = free_port()
    prefix = prefix_dir(work, "hitch")
    cfg = prefix / "hitch.conf"
    # One worker process (beside hitch's manager); TCP keep-alive probes
    # every hour, as good as off. hitch 1.7 sets no TLS 1.3 suites (only
    # `ciphers`, for TLS 1.2): the clients enforce the suite.
    cfg.write_text(f"""frontend = "[127.0.0.1]:{https_port}"
backend = "[127.0.0.1]:{backends.http}"
pem-file = "{combined_pem(work, cert, key)}"
tls-protos = TLSv1.3
alpn-protos = "http/1.1"
workers = 1
daemon = off
user = "nobody"
group = "nogroup"
keepalive = 3600
syslog = off
log-level = 1
""")
    proc, pids = launch([PEERS["hitch"], "--config", str(cfg)], prefix / "stderr.log", cpus, [https_port],
                        processes=2)
    return Server("hitch", False, 1, proc, https_port, None, prefix / "stderr.log", pids, frozenset({PROXY}))


def start_all(work, cert, key, cpus, backends):
    """Every peer, one worker each, pinned to `cpus`."""
    started = []
    try:
        for start in (start_h2o, start_lighttpd, start_caddy):
            started.append(start(work, cert, key, cpus))
        for start in (start_haproxy, start_hitch):
            started.append(start(work, cert, key, cpus, backends))
    except BaseException:
        for s in started:
            s.stop()
        raise
    return started


def versions():
    """Each peer's version as it reports it."""
    commands = {"h2o": ["--version"], "lighttpd": ["-v"], "caddy": ["version"], "haproxy": ["-v"],
                "hitch": ["--version"]}
    found = {}
    for name, args in commands.items():
        try:
            out = subprocess.run([PEERS[name], *args], capture_output=True, text=True, timeout=10)
        except OSError:
            found[name] = "?"
            continue
        m = re.search(r"\d+\.\d+(\.\d+)?", out.stdout + out.stderr)
        found[name] = m.group(0) if m else "?"
    return found
