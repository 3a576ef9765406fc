"""A real HTTP/1.1 back end for the proxy tests, on loopback or a Unix
socket, with keep-alive. What it saw comes back to the client:

  GET  /echo           JSON: request line, headers, connection id, peer
  GET  /bytes/N        N bytes of a fixed pseudo-random stream (Content-Length)
  GET  /chunked/N      the same N bytes, chunked
  GET  /close/N        the same N bytes, no length: ends when the back end closes
  GET  /slow/S         answers after S seconds
  GET  /status/N       an empty response with status N (204, 304, ...)
  GET  /text/N         N bytes of compressible text (text_bytes), text/plain,
                       chunked; /text-notransform/N with Cache-Control:
                       no-transform; /text-gzip/N already gzip-encoded
  GET  /events/N       N server-sent events, each sent once the test
                       releases `event_gate` (a semaphore)
  GET  /healthz        an empty response with `health_status` (200 unless
                       the test changes it), counted in `health_checks`
  ANY  /abort          hangs up at once, body unread, no answer
  POST|PUT /upload     reads the body (Content-Length or chunked); JSON with
                       its length and SHA-256

Every response says which back end (`X-Backend`) and which of its
connections (`X-Backend-Conn`) served it. With `server.idle_timeout` set,
a connection idle that many seconds is closed by the back end. With proxy_protocol=True each
connection must start with a PROXY v2 header, which `/echo` reports.
"""

import hashlib
import json
import os
import posixpath
import socket
import socketserver
import threading
import time

STREAM_SEED = b"tlsaccel-proxy-test"


def stream_bytes(n):
    """The deterministic body of /bytes/N (also /chunked, /close)."""
    block = hashlib.sha256(STREAM_SEED).digest() * 2048  # 64 KiB
    full, rest = divmod(n, len(block))
    return block * full + block[:rest]


def text_bytes(n):
    """The deterministic body of /text/N: lines of words, compressible."""
    words = [b"alpha", b"beta", b"gamma", b"delta", b"epsilon", b"zeta", b"eta", b"theta"]
    out = bytearray()
    i = 0
    while len(out) < n:
        out += b" ".join(words[(i * 7 + j) % 8] for j in range(i % 11 + 1)) + b"\n"
        i += 1
    return bytes(out[:n])


def parse_proxy_v2(rfile):
    head = rfile.read(16)
    assert head[:12] == b"\r\n\r\n\0\r\nQUIT\n", head
    length = int.from_bytes(head[14:16], "big")
    body = rfile.read(length)
    if head[13] == 0x11:
        src = socket.inet_ntop(socket.AF_INET, body[0:4])
        dst = socket.inet_ntop(socket.AF_INET, body[4:8])
        sport, dport = int.from_bytes(body[8:10], "big"), int.from_bytes(body[10:12], "big")
    else:
        src = socket.inet_ntop(socket.AF_INET6, body[0:16])
        dst = socket.inet_ntop(socket.AF_INET6, body[16:32])
        sport, dport = int.from_bytes(body[32:34], "big"), int.from_bytes(body[34:36], "big")
    return {"src": f"{src}:{sport}", "dst": f"{dst}:{dport}"}


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        server = self.server
        with server.lock:
            server.connections += 1
            conn_id = server.connections
            server.open_sockets.add(self.connection)
        try:
            self.serve_connection(conn_id)
        finally:
            with server.lock:
                server.open_sockets.discard(self.connection)

    def serve_connection(self, conn_id):
        server = self.server
        proxy = parse_proxy_v2(self.rfile) if server.proxy_protocol else None
        while True:
            # A connection idle for `idle_timeout` seconds is closed, as a
            # back end's keep-alive timeout does.
            self.connection.settimeout(server.idle_timeout)
            try:
                line = self.rfile.readline(65537)
            except TimeoutError:
                return
            self.connection.settimeout(None)
            if not line:
                return
            method, target, version = line.decode("latin-1").rstrip("\r\n").split(" ")
            headers = []
            while True:
                h = self.rfile.readline(65537).decode("latin-1").rstrip("\r\n")
                if not h:
                    break
                name, value = h.split(":", 1)
                headers.append([name, value.strip()])
            lower = {k.lower(): v for k, v in headers}
            if target.endswith("/abort"):
                return  # hangs up without reading the body or answering
            body = self.read_body(lower)
            with server.lock:
                server.requests += 1
            keep = version == "HTTP/1.1" and lower.get("connection", "").lower() != "close"
            if not self.respond(method, target, version, headers, body, conn_id, proxy, keep):
                return
            if not keep:
                return

    def read_body(self, lower):
        if "transfer-encoding" in lower:
            h = hashlib.sha256()
            total = 0
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b""):
                        pass
                    return {"length": total, "sha256": h.hexdigest(), "chunked": True}
                left = size
                while left:
                    data = self.rfile.read(min(left, 1 << 20))
                    h.update(data)
                    left -= len(data)
                total += size
                self.rfile.readline()
        n = int(lower.get("content-length", 0))
        h = hashlib.sha256()
        left = n
        while left:
            data = self.rfile.read(min(left, 1 << 20))
            if not data:
                break
            h.update(data)
            left -= len(data)
        return {"length": n - left, "sha256": h.hexdigest(), "chunked": False}

    def send_head(self, status, reason, headers, version):
        lines = [f"{version} {status} {reason}"] + [f"{k}: {v}" for k, v in headers]
        self.wfile.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))

    def respond(self, method, target, version, headers, body, conn_id, proxy, keep):
        server = self.server
        common = [("X-Backend", server.name), ("X-Backend-Conn", str(conn_id))]
        if not keep:
            common.append(("Connection", "close"))
        # Routes may put the back end under a prefix: /app/bytes/N (or
        # /plain/bytes/N) is /bytes/N.
        parts = [p for p in posixpath.normpath(target.split("?")[0]).split("/") if p]
        if parts and parts[0] in ("app", "plain"):
            parts = parts[1:]
        kind = parts[0] if parts else ""
        arg = parts[1] if len(parts) > 1 else "0"
        head_only = method == "HEAD"
        if kind == "slow":
            time.sleep(float(arg))
        if kind == "hsts":
            # A back end with its own HSTS (a site's header must replace it).
            self.send_head(200, "OK", common + [("Strict-Transport-Security", "max-age=1"),
                                                ("Content-Length", "0")], "HTTP/1.1")
            return True
        if kind == "healthz":
            # What health checks get: the status the test sets.
            with server.lock:
                server.health_checks += 1
            self.send_head(server.health_status, "Health", common + [("Content-Length", "0")], "HTTP/1.1")
            return True
        if kind == "status":
            self.send_head(int(arg), "Status", common, "HTTP/1.1")
            return True
        if kind in ("echo", "upload", "slow"):
            payload = json.dumps({"method": method, "target": target, "version": version, "headers": headers,
                                  "conn": conn_id, "peer": self.client_address, "proxy": proxy,
                                  "body": body}).encode()
            self.send_head(200, "OK", common + [("Content-Type", "application/json"),
                                                ("Content-Length", str(len(payload)))], "HTTP/1.1")
            if not head_only:
                self.wfile.write(payload)
            return True
        if kind in ("text", "text-notransform", "text-gzip"):
            import gzip

            body = text_bytes(int(arg))
            extra = [("Content-Type", "text/plain; charset=utf-8"), ("ETag", '"text-1"')]
            if kind == "text-notransform":
                extra.append(("Cache-Control", "public, no-transform"))
            if kind == "text-gzip":
                body = gzip.compress(body)
                extra.append(("Content-Encoding", "gzip"))
            self.send_head(200, "OK", common + extra + [("Transfer-Encoding", "chunked")], "HTTP/1.1")
            if not head_only:
                for at in range(0, len(body), 16384):
                    piece = body[at:at + 16384]
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
            return True
        if kind == "events":
            self.send_head(200, "OK", common + [("Content-Type", "text/event-stream"),
                                                ("Transfer-Encoding", "chunked")], "HTTP/1.1")
            for i in range(int(arg)):
                if not server.event_gate.acquire(timeout=20):
                    return False
                event = b"data: event %d %s\n\n" % (i, b"x" * 40)
                self.wfile.write(b"%x\r\n" % len(event) + event + b"\r\n")
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
            return True
        n = int(arg)
        if kind == "bytes":
            self.send_head(200, "OK", common + [("Content-Length", str(n))], "HTTP/1.1")
            if not head_only:
                self.write_stream(n)
            return True
        if kind == "chunked" and version == "HTTP/1.1":
            self.send_head(200, "OK", common + [("Transfer-Encoding", "chunked")], "HTTP/1.1")
            if not head_only:
                sent = 0
                while sent < n:
                    take = min(1 << 16, n - sent)
                    # sent is a multiple of the stream's 64 KiB period.
                    self.wfile.write(b"%x\r\n" % take + stream_bytes(take) + b"\r\n")
                    sent += take
                self.wfile.write(b"0\r\n\r\n")
            return True
        if kind in ("close", "chunked"):
            self.send_head(200, "OK", [h for h in common if h[0] != "Connection"] + [("Connection", "close")],
                           "HTTP/1.1")
            if not head_only:
                self.write_stream(n)
            return False
        self.send_head(404, "Not Found", common + [("Content-Length", "0")], "HTTP/1.1")
        return True

    def write_stream(self, n):
        block = stream_bytes(1 << 16)
        full, rest = divmod(n, len(block))
        for _ in range(full):
            self.wfile.write(block)
        self.wfile.write(block[:rest])


class _Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


class _UnixServer(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


class Backend:
    """A running back end: `address` is what goes in the upstream config."""

    def __init__(self, name="b1", unix_path=None, proxy_protocol=False, host="127.0.0.1", port=0):
        if unix_path:
            self.server = _UnixServer(str(unix_path), Handler)
            self.address = f"unix:{unix_path}"
        else:
            self.server = _Server((host, port), Handler)
            self.port = self.server.server_address[1]
            self.address = f"{host}:{self.port}"
        self.server.name = name
        self.server.proxy_protocol = proxy_protocol
        self.server.lock = threading.Lock()
        self.server.connections = 0
        self.server.requests = 0
        self.server.open_sockets = set()
        self.server.health_status = 200
        self.server.idle_timeout = None
        self.server.health_checks = 0
        self.server.event_gate = threading.Semaphore(0)
        self.stopped = False
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def connections(self):
        return self.server.connections

    @property
    def requests(self):
        return self.server.requests

    def stop(self):
        """Like a killed server: the listener and every connection go."""
        if self.stopped:
            return
        self.stopped = True
        self.server.shutdown()
        self.server.server_close()
        with self.server.lock:
            for sock in self.server.open_sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
        if isinstance(self.server, _UnixServer):
            os.unlink(self.server.server_address)


def raw_backend(reply):
    """A back end that answers every connection with `reply` and hangs up."""
    sock = socket.create_server(("127.0.0.1", 0))

    def serve():
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            conn.settimeout(5)
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
            conn.sendall(reply)
            conn.close()

    threading.Thread(target=serve, daemon=True).start()
    return sock
