"""The reverse proxy against real back ends (tests/backend.py, and nginx):
what the back end sees, large bodies both ways in every framing, keep-alive
reuse of back-end connections, 502/504, failover, Unix sockets, PROXY v2."""

import hashlib
import json
import os
import subprocess
import time

import pytest

from backend import Backend, raw_backend, stream_bytes
from conftest import Reader, config_file, connect, curl, free_port, nginx, upstream_config

BIG = 100 << 20


@pytest.fixture
def proxy(start, docroot, tmp_path, backend):
    cfg = config_file(tmp_path, docroot, extra=upstream_config([backend.address], prefix="/"), workers=1)
    return start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0")


def text(*args):
    """curl's output as text; curl itself may fail (the caller checks)."""
    return curl("-k", *args, check=False).stdout.decode("latin-1")


def echo(s, *args, scheme="https"):
    return json.loads(curl("-k", *args, s.url("/echo", scheme)).stdout)


def headers_of(seen):
    return {k.lower(): v for k, v in seen["headers"]}


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_back_end_sees_the_client_and_no_hop_by_hop_headers(proxy, scheme):
    seen = echo(proxy, "-H", "Connection: X-Private", "-H", "X-Private: secret", "-H", "X-Real-IP: 6.6.6.6",
                "-H", "X-Forwarded-For: 203.0.113.7", "-H", "Keep-Alive: 5", "-H", "X-Custom: kept",
                "-H", "Host: app.example", scheme=scheme)
    h = headers_of(seen)
    assert h["host"] == "app.example"
    assert h["x-forwarded-for"] == "203.0.113.7, 127.0.0.1"
    assert h["x-real-ip"] == "127.0.0.1"
    assert h["x-forwarded-proto"] == scheme
    assert h["x-forwarded-host"] == "app.example"
    assert h["x-custom"] == "kept"
    for gone in ("connection", "x-private", "keep-alive"):
        assert gone not in h, seen
    assert seen["version"] == "HTTP/1.1" and seen["target"] == "/echo"


@pytest.mark.parametrize("kind", ["bytes", "chunked", "close"])
def test_large_downloads_are_byte_exact_in_every_framing(proxy, kind, tmp_path):
    out = tmp_path / "down.bin"
    assert text("-o", str(out), "-w", "%{http_code}", proxy.url(f"/{kind}/{BIG}")) == "200"
    assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(stream_bytes(BIG)).digest()


@pytest.mark.parametrize("method,chunked", [("POST", False), ("PUT", False), ("POST", True)])
def test_large_uploads_are_byte_exact(proxy, tmp_path, method, chunked):
    data = os.urandom(1 << 20) * 100
    src = tmp_path / "up.bin"
    src.write_bytes(data)
    args = ["-H", "Transfer-Encoding: chunked"] if chunked else []
    send = ["--data-binary", f"@{src}"] if method == "POST" else ["-T", str(src)]
    seen = json.loads(curl("-k", *send, *args, proxy.url("/upload")).stdout)
    assert seen["method"] == method
    assert seen["body"] == {"length": len(data), "sha256": hashlib.sha256(data).hexdigest(), "chunked": chunked}


def test_expect_continue_is_answered_and_body_forwarded(proxy):
    s = connect(proxy)
    s.sendall(b"POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
    reader = Reader(s)
    status, _, _ = reader.response()
    assert status == 100
    s.sendall(b"hello")
    status, _, body = reader.response()
    seen = json.loads(body)
    assert status == 200 and seen["body"]["length"] == 5
    assert "expect" not in headers_of(seen)


def test_back_end_failing_mid_upload_is_502_and_close(proxy):
    # The rest of the body is still coming: the connection cannot go on.
    s = connect(proxy)
    s.sendall(b"POST /abort HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n" + b"x" * 65536)
    reader = Reader(s)
    status, headers, _ = reader.response()
    assert status == 502 and headers["connection"] == "close"
    assert reader.at_eof()


def test_head_204_304_have_no_body_and_connection_continues(proxy):
    s = connect(proxy)
    reader = Reader(s)
    s.sendall(b"HEAD /bytes/1000 HTTP/1.1\r\nHost: x\r\n\r\n")
    status, headers, body = reader.response(head_request=True)
    assert status == 200 and headers["content-length"] == "1000" and body == b""
    for code in (204, 304):
        s.sendall(f"GET /status/{code} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        status, headers, body = reader.response()
        assert status == code and body == b""
    s.sendall(b"GET /bytes/10 HTTP/1.1\r\nHost: x\r\n\r\n")
    assert reader.response()[2] == stream_bytes(10)


def test_back_end_connections_are_reused(proxy, backend):
    for _ in range(5):
        s = connect(proxy)
        reader = Reader(s)
        for _ in range(20):
            s.sendall(b"GET /bytes/100 HTTP/1.1\r\nHost: x\r\n\r\n")
            assert reader.response()[0] == 200
        s.close()
    assert backend.requests == 100
    assert backend.connections <= 2, backend.connections
    m = proxy.metrics()
    assert m["tlsaccel_proxy_requests_total"] == 100
    assert m['tlsaccel_proxy_body_bytes_total{direction="down",how="copied"}'] == 100 * 100


def test_connections_the_back_end_closed_while_idle_are_not_used(proxy, backend):
    """A pooled connection the back end closed (its keep-alive timeout) is
    recognised before a request goes on it: a POST with a body, which
    cannot be sent twice, still gets its answer rather than a 502."""
    backend.server.idle_timeout = 0.3
    s = connect(proxy)
    reader = Reader(s)
    body = b"x" * 1000
    for round in range(3):
        s.sendall(b"GET /bytes/100 HTTP/1.1\r\nHost: x\r\n\r\n")
        assert reader.response()[0] == 200
        time.sleep(1)  # the back end closes its side meanwhile
        s.sendall(b"POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + body)
        status, _, answer = reader.response()
        assert status == 200, (round, status, answer)
        assert json.loads(answer)["body"]["length"] == 1000
    s.close()
    assert backend.requests == 6
    # Each POST on a new connection; each GET right after a POST on the
    # POST's.
    assert backend.connections == 4


def test_pipelined_requests_through_the_proxy(proxy):
    s = connect(proxy)
    sizes = [10, 0, 70000, 1]
    s.sendall(b"".join(f"GET /bytes/{n} HTTP/1.1\r\nHost: x\r\n\r\n".encode() for n in sizes))
    reader = Reader(s)
    for n in sizes:
        status, _, body = reader.response()
        assert status == 200 and body == stream_bytes(n)


def test_http10_client_gets_an_unchunked_answer(proxy):
    s = connect(proxy)
    s.sendall(b"GET /chunked/5000 HTTP/1.0\r\n\r\n")
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200") and b"chunked" not in head.lower()
    assert body == stream_bytes(5000)


def test_routes_static_and_by_host(start, docroot, tmp_path, backend):
    other = Backend("b2")
    try:
        extra = f"""
[[upstream]]
name = "other"
servers = [{{ address = "{other.address}" }}]
[[route]]
prefix = "/app/"
host = "other.example"
upstream = "other"
[[route]]
prefix = "/app/static/"
static = true
"""
        cfg = config_file(tmp_path, docroot, extra=upstream_config([backend.address], extra=extra))
        s = start("serve", "--config", str(cfg))
        assert "X-Backend: b1" in text("-D", "-", "-o", "/dev/null", s.url("/app/echo"))
        assert "X-Backend: b2" in text("-D", "-", "-o", "/dev/null", "-H", "Host: other.example", s.url("/app/echo"))
        # The host as sites match it: case, a port and a trailing dot are not the name.
        assert "X-Backend: b2" in text("-D", "-", "-o", "/dev/null", "-H", "Host: OTHER.example.:8443", s.url("/app/echo"))
        assert curl("-k", s.url("/f1.bin")).stdout == (docroot / "f1.bin").read_bytes()
        # /app/static/ is served from the root: no such file there.
        assert text("-o", "/dev/null", "-w", "%{http_code}", s.url("/app/static/x")) == "404"
        # Routing sees the normalized path.
        assert "X-Backend: b1" in text("-D", "-", "-o", "/dev/null", "--path-as-is", s.url("/f1/../app/echo"))
    finally:
        other.stop()


def test_502_when_no_back_end_is_up(start, docroot, tmp_path):
    dead = f"127.0.0.1:{free_port()}"
    cfg = config_file(tmp_path, docroot, extra=upstream_config([dead]))
    s = start("serve", "--config", str(cfg))
    out = text("-D", "-", s.url("/app/x"))
    assert out.startswith("HTTP/1.1 502")
    assert dead not in out, "the client never learns back-end internals"
    assert "back end failed" in s.log_text() and dead in s.log_text()


def test_504_on_a_slow_back_end(start, docroot, tmp_path, backend):
    cfg = config_file(tmp_path, docroot, extra=upstream_config([backend.address], extra_upstream="read_timeout = 1"))
    s = start("serve", "--config", str(cfg))
    t0 = time.monotonic()
    assert text("-o", "/dev/null", "-w", "%{http_code}", s.url("/app/slow/3")) == "504"
    assert time.monotonic() - t0 < 2.5


def test_failover_without_client_visible_errors(start, docroot, tmp_path):
    a, b = Backend("a"), Backend("b")
    try:
        cfg = config_file(tmp_path, docroot, extra=upstream_config([a.address, b.address]), workers=1)
        s = start("serve", "--config", str(cfg))
        sock = connect(s)
        reader = Reader(sock)
        served = []
        for i in range(60):
            if i == 20:
                a.stop()
            sock.sendall(b"GET /app/bytes/1000 HTTP/1.1\r\nHost: x\r\n\r\n")
            status, headers, body = reader.response()
            assert status == 200 and body == stream_bytes(1000), (i, status)
            served.append(headers["x-backend"])
        assert "a" in served[:20] and "b" in served[:20]
        assert set(served[25:]) == {"b"}
    finally:
        a.stop()
        b.stop()


def test_small_bodies_of_idempotent_requests_are_retried(start, docroot, tmp_path, backend):
    """A back end that takes the request and hangs up: a PUT or DELETE
    whose body fits retry_body_bytes goes to the next server with its body;
    a POST, or a larger body, gets 502 (the body is not sent twice)."""
    failing = raw_backend(b"")
    try:
        dead = f"127.0.0.1:{failing.getsockname()[1]}"
        # The failing server weighs 1000 to 1: it takes each first attempt.
        cfg = config_file(tmp_path, docroot, workers=1, extra=upstream_config(
            [dead, backend.address], prefix="/", extra_upstream="retry_body_bytes = 4096\nfail_timeout = 0.2")
            .replace(f'{{ address = "{dead}" }}', f'{{ address = "{dead}", weight = 1000 }}'))
        s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0")

        def send(method, body):
            with connect(s, "http") as sock:
                sock.sendall(f"{method} /upload HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
                             .encode() + body)
                reader = Reader(sock)
                status, headers, answer = reader.response()
                return status, headers, answer

        for method in ("PUT", "DELETE", "PUT", "DELETE"):
            time.sleep(0.3)  # the failing server is back in the rotation, and first
            body = os.urandom(3000)
            status, _, answer = send(method, body)
            assert status == 200, (method, status)
            seen = json.loads(answer)
            assert seen["body"]["length"] == 3000
            assert seen["body"]["sha256"] == hashlib.sha256(body).hexdigest()
        assert s.log_text().count("why=unexpected end of file") == 4
        time.sleep(0.3)
        assert send("POST", os.urandom(3000))[0] == 502
        time.sleep(0.3)
        status, headers, _ = send("PUT", os.urandom(5000))
        assert status == 502 and headers["connection"] == "close"
    finally:
        failing.close()


def test_unix_socket_back_end(start, docroot, tmp_path):
    b = Backend("unix", unix_path=tmp_path / "app.sock")
    try:
        cfg = config_file(tmp_path, docroot, extra=upstream_config([b.address]))
        s = start("serve", "--config", str(cfg))
        out = tmp_path / "u.bin"
        curl("-k", "-o", str(out), s.url(f"/app/bytes/{1 << 20}"))
        assert out.read_bytes() == stream_bytes(1 << 20)
    finally:
        b.stop()


def test_proxy_protocol_v2_names_the_client(start, docroot, tmp_path):
    b = Backend("pp", proxy_protocol=True)
    try:
        cfg = config_file(tmp_path, docroot, extra=upstream_config([b.address], extra_upstream="proxy_protocol = true"))
        s = start("serve", "--config", str(cfg))
        sock = connect(s)
        sock.sendall(b"GET /app/echo HTTP/1.1\r\nHost: x\r\n\r\n")
        seen = json.loads(Reader(sock).response()[2])
        client_port = sock.getsockname()[1]
        assert seen["proxy"] == {"src": f"127.0.0.1:{client_port}", "dst": s.https}
    finally:
        b.stop()


def test_bad_upstream_configuration_is_reported(tmp_path, docroot):
    from conftest import BINARY
    cfg = tmp_path / "bad.toml"
    cfg.write_text(f"""
[static]
root = "{docroot}"
[[upstream]]
name = "app"
servers = [{{ address = "nowhere" }}, {{ address = "unix:rel.sock", weight = 0 }}]
[[route]]
prefix = "api"
upstream = "missing"
""")
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 1
    for needle in ('upstream[0].servers[0].address: "nowhere"', "upstream[0].servers[1].weight",
                   "a Unix socket path must be absolute", 'route[0].prefix: "api" must start with /',
                   'route[0].upstream: no [[upstream]] named "missing"'):
        assert needle in r.stderr, r.stderr


def test_nginx_as_the_back_end(start, docroot, tmp_path):
    with open(docroot / "big-nginx.bin", "wb") as f:
        f.write(os.urandom(BIG))
    http_context = f"""
    server {{
        listen 127.0.0.1:{{port}};
        root {docroot};
        add_header X-Conn $connection;
        add_header X-Seen-For $http_x_forwarded_for;
        add_header X-Seen-Proto $http_x_forwarded_proto;
    }}"""
    try:
        with nginx(tmp_path, http_context) as port:
            cfg = config_file(tmp_path, docroot, extra=upstream_config([f"127.0.0.1:{port}"], prefix="/"), workers=1)
            s = start("serve", "--config", str(cfg))
            out = tmp_path / "n.bin"
            head = text("-D", "-", "-o", str(out), s.url("/big-nginx.bin"))
            assert "X-Seen-For: 127.0.0.1" in head and "X-Seen-Proto: https" in head, head
            assert hashlib.sha256(out.read_bytes()).digest() == \
                hashlib.sha256((docroot / "big-nginx.bin").read_bytes()).digest()
            sock = connect(s)
            reader = Reader(sock)
            conns = set()
            for _ in range(20):
                sock.sendall(b"GET /f16385.bin HTTP/1.1\r\nHost: x\r\n\r\n")
                status, headers, body = reader.response()
                assert status == 200 and body == (docroot / "f16385.bin").read_bytes()
                conns.add(headers["x-conn"])
            assert len(conns) == 1, conns
            sock.sendall(b"HEAD /f16385.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            status, headers, body = reader.response(head_request=True)
            assert status == 200 and headers["content-length"] == "16385" and body == b""
    finally:
        (docroot / "big-nginx.bin").unlink()
