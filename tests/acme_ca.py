"""A real ACME CA on loopback for the tests: Pebble (Let's Encrypt's test
server, built by scripts/test.sh into tests/.tools) with pebble-challtestsrv
answering its DNS queries (every name is 127.0.0.1 unless a test says
otherwise), and an optional HTTPS front that refuses new orders with a
rate limit, as Let's Encrypt does, before passing everything else on."""

import http.client
import http.server
import json
import os
import ssl
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

from conftest import free_port

TOOLS = Path(__file__).resolve().parent / ".tools"


def make_pki(directory):
    """A CA and a certificate for 127.0.0.1 signed by it: what Pebble's own
    HTTPS presents (the `ca_file` tlsaccel is given). Returns the CA file."""
    d = Path(directory)

    def run(*args):
        subprocess.run(args, check=True, capture_output=True, cwd=d)

    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    run("openssl", "req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem",
        "-subj", "/CN=tlsaccel test ACME front CA", "-days", "2")
    run("openssl", "req", *ec, "-keyout", "wfe.key", "-out", "wfe.csr", "-subj", "/CN=localhost")
    (d / "ext.cnf").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    run("openssl", "x509", "-req", "-in", "wfe.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-out", "wfe.pem", "-days", "2", "-extfile", "ext.cnf")
    return d / "ca.pem"


class Pebble:
    """Pebble and its DNS server, validating HTTP-01 on `http_port` and
    TLS-ALPN-01 on `tls_port` of whatever address a name resolves to. With
    `shortlived_seconds`, it also has a profile "shortlived" of that
    lifetime (Pebble gives an order that names no profile a random one, so
    the default has none other)."""

    def __init__(self, directory, *, http_port, tls_port, shortlived_seconds=None, port=None):
        for tool in ("pebble", "pebble-challtestsrv"):
            if not (TOOLS / tool).exists():
                raise RuntimeError(f"{TOOLS / tool} is missing: scripts/test.sh builds it")
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.ca_file = make_pki(self.dir)
        self.port = port or free_port()
        self.management = free_port()
        self.dns_port = free_port()
        self.dns_management = free_port()
        config = {"pebble": {
            "listenAddress": f"127.0.0.1:{self.port}",
            "managementListenAddress": f"127.0.0.1:{self.management}",
            "certificate": str(self.dir / "wfe.pem"),
            "privateKey": str(self.dir / "wfe.key"),
            "httpPort": http_port,
            "tlsPort": tls_port,
            "ocspResponderURL": "",
            "externalAccountBindingRequired": False,
            "retryAfter": {"authz": 1, "order": 1},
            "keyAlgorithm": "ecdsa",
            "profiles": {"default": {"description": "90 days", "validityPeriod": 7776000}},
        }}
        if shortlived_seconds:
            config["pebble"]["profiles"]["shortlived"] = {
                "description": "short", "validityPeriod": shortlived_seconds}
        (self.dir / "pebble.json").write_text(json.dumps(config))
        self.dns_log = open(self.dir / "challtestsrv.log", "wb")
        self.dns = subprocess.Popen(
            [str(TOOLS / "pebble-challtestsrv"), "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "",
             "-dnsserver", f"127.0.0.1:{self.dns_port}", "-http01", "", "-https01", "",
             "-tlsalpn01", "", "-doh", "", "-management", f"127.0.0.1:{self.dns_management}"],
            stdout=self.dns_log, stderr=subprocess.STDOUT)
        env = dict(os.environ, PEBBLE_VA_NOSLEEP="1", PEBBLE_WFE_NONCEREJECT="0")
        self.log_file = open(self.dir / "pebble.log", "wb")
        self.proc = subprocess.Popen(
            [str(TOOLS / "pebble"), "-config", str(self.dir / "pebble.json"),
             "-dnsserver", f"127.0.0.1:{self.dns_port}"],
            stdout=self.log_file, stderr=subprocess.STDOUT, env=env, cwd=self.dir)
        self.context = ssl.create_default_context(cafile=str(self.ca_file))
        self.directory = f"https://127.0.0.1:{self.port}/dir"
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(self.directory, context=self.context, timeout=2).read()
                urllib.request.urlopen(f"http://127.0.0.1:{self.dns_management}/", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # the DNS management server answers 404 at /: it is up
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"Pebble did not start:\n{self.log()}")
                time.sleep(0.05)

    def log(self):
        return (self.dir / "pebble.log").read_text(errors="replace")

    def root(self):
        """Pebble's root certificate (it makes a new one each start), in a
        file for `openssl -CAfile` and Python's ssl."""
        pem = urllib.request.urlopen(f"https://127.0.0.1:{self.management}/roots/0",
                                     context=self.context, timeout=10).read()
        path = self.dir / "issuer-root.pem"
        path.write_bytes(pem)
        return path

    def resolve(self, name, address):
        """DNS A answers for `name` from now on: `address`."""
        body = json.dumps({"host": name, "addresses": [address]}).encode()
        urllib.request.urlopen(f"http://127.0.0.1:{self.dns_management}/add-a", data=body,
                               timeout=10).read()

    def stop(self):
        for p in (self.proc, self.dns):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        self.log_file.close()
        self.dns_log.close()


class RateLimitingFront:
    """An HTTPS front for Pebble (same certificate) that refuses the first
    `refusals` new orders with 429, a rateLimited problem document and
    Retry-After: `retry_after` seconds (RFC 8555 6.6). Pebble builds its URLs
    from the Host header, so a client that starts at this front stays on it.
    Records when each new order arrived."""

    def __init__(self, pebble, *, refusals=1, retry_after=2):
        self.pebble = pebble
        self.refusals = refusals
        self.orders = []  # (monotonic time, refused)
        front = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _pass(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                if self.command == "POST" and self.path.endswith("/order-plz"):
                    refuse = front.refusals > 0
                    front.orders.append((time.monotonic(), refuse))
                    if refuse:
                        front.refusals -= 1
                        problem = json.dumps({
                            "type": "urn:ietf:params:acme:error:rateLimited",
                            "detail": "too many new orders recently: see https://letsencrypt.org/docs/rate-limits/",
                            "status": 429,
                        }).encode()
                        self.send_response(429)
                        self.send_header("Content-Type", "application/problem+json")
                        self.send_header("Retry-After", str(retry_after))
                        self.send_header("Content-Length", str(len(problem)))
                        self.end_headers()
                        self.wfile.write(problem)
                        return
                upstream = http.client.HTTPSConnection("127.0.0.1", pebble.port,
                                                       context=pebble.context, timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() != "connection"}
                upstream.request(self.command, self.path, body=body, headers=headers)
                answer = upstream.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for k, v in answer.getheaders():
                    if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
                upstream.close()

            do_GET = do_POST = do_HEAD = _pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(pebble.dir / "wfe.pem", pebble.dir / "wfe.key")
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.directory = f"https://127.0.0.1:{self.server.server_address[1]}/dir"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
