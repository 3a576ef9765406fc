"""Request smuggling through the proxy: a deliberately lenient back end
(ends a chunked body at `0\\r\\n` without waiting for the blank line, reads
`_` as `-` in header names, accepts bare LF) behind tlsaccel must never see
a request or a framing header that the client smuggled. Every variant is
also sent to a static route, which answers it once or refuses it."""

import re
import socket
import threading
import time

import pytest

from backend import raw_backend
from conftest import Reader, config_file, connect, upstream_config

SMUGGLED = b"GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"


class LenientBackend:
    """Parses requests the way a careless CGI-style server would, and
    records what it parsed and the exact bytes it received."""

    def __init__(self):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"127.0.0.1:{self.sock.getsockname()[1]}"
        self.parsed = []  # (target, headers, body)
        self.raw = []  # bytes received, per connection
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def stop(self):
        self.sock.close()

    def reset(self):
        with self.lock:
            self.parsed.clear()
            self.raw.clear()

    def _accept(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn):
        buf = bytearray()
        with self.lock:
            raw = bytearray()
            self.raw.append(raw)

        def fill():
            data = conn.recv(65536)
            if not data:
                raise EOFError
            buf.extend(data)
            with self.lock:
                raw.extend(data)

        def line():
            while b"\n" not in buf:
                fill()
            i = buf.index(b"\n")
            text = bytes(buf[:i]).rstrip(b"\r")
            del buf[: i + 1]
            return text

        def take(n):
            while len(buf) < n:
                fill()
            data = bytes(buf[:n])
            del buf[:n]
            return data

        conn.settimeout(10)
        try:
            while True:
                request_line = line()
                while request_line == b"":  # blank lines before a request are skipped
                    request_line = line()
                headers = {}
                while (h := line()) != b"":
                    name, _, value = h.partition(b":")
                    headers[name.strip().lower().replace(b"_", b"-")] = value.strip()
                body = b""
                if b"chunked" in headers.get(b"transfer-encoding", b"").lower():
                    while True:
                        size = int(re.match(rb"\s*([0-9a-fA-F]*)", line()).group(1) or b"0", 16)
                        if size == 0:
                            break  # lenient: the body ends here, trailers are not awaited
                        body += take(size)
                        line()
                elif b"content-length" in headers:
                    body = take(int(headers[b"content-length"]))
                target = request_line.split(b" ")[1].decode()
                with self.lock:
                    self.parsed.append((target, headers, body))
                answer = f"target={target} body={len(body)}".encode()
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(answer), answer))
        except (EOFError, OSError, ValueError, AttributeError, IndexError):
            conn.close()


@pytest.fixture(scope="module")
def lenient():
    b = LenientBackend()
    yield b
    b.stop()


@pytest.fixture(scope="module")
def servers(tmp_path_factory, docroot, lenient, certs):
    """tlsaccel proxying everything to the lenient back end, and a static one."""
    from conftest import Server

    tmp = tmp_path_factory.mktemp("framing")
    proxied = config_file(tmp, docroot, certs=certs, workers=1, name="proxy.toml",
                          extra=upstream_config([lenient.address], prefix="/", max_body=1 << 20))
    static = config_file(tmp, docroot, certs=certs, workers=1, name="static.toml")
    started = [Server(["serve", "--config", str(cfg), "--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0"], tmp)
               for cfg in (proxied, static)]
    yield started
    for s in started:
        s.stop()


def chunked(head_extra=b"", body=b"5\r\nhello\r\n0\r\n\r\n", target=b"/a"):
    return b"POST " + target + b" HTTP/1.1\r\nHost: x\r\n" + head_extra + b"Transfer-Encoding: chunked\r\n\r\n" + body


def cl(n, body, extra=b""):
    return b"POST /a HTTP/1.1\r\nHost: x\r\n" + extra + b"Content-Length: " + n + b"\r\n\r\n" + body


# (id, raw bytes, expected): expected is a rejection status, or the list of
# targets the back end must see (each answered once).
VARIANTS = [
    # CL.TE and TE.CL
    ("cl-te", b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, 400),
    ("te-cl", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n5c\r\n" + SMUGGLED, 400),
    ("te-cl-zero", chunked(b"Content-Length: 0\r\n"), 400),
    # TE.TE obfuscations
    ("te-twice", chunked(b"Transfer-Encoding: x\r\n"), 400),
    ("te-xchunked", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n", 400),  # RFC 9112 6.3: chunked not final
    ("te-space-before-colon", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, 400),
    ("te-leading-space", b"POST /a HTTP/1.1\r\n Transfer-Encoding: chunked\r\nHost: x\r\n\r\n0\r\n\r\n" + SMUGGLED, 400),
    ("te-obs-fold", b"POST /a HTTP/1.1\r\nHost: x\r\nX: y\r\n Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, 400),
    ("te-chunked-identity", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n", 400),
    ("te-identity-chunked", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n", 501),
    # RFC 9110 5.6.1.2: an empty list element is no element.
    ("te-comma-chunked", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ,chunked\r\n\r\n0\r\n\r\n", ["/a"]),
    ("te-upper", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: CHUNKED\r\n\r\n5\r\nhello\r\n0\r\n\r\n", ["/a"]),
    ("te-tab", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\tchunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", ["/a"]),
    ("te-http10", b"POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, 400),
    ("te-name-with-space", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    # Content-Length tricks
    ("cl-conflict", cl(b"0", b"", b"Content-Length: 44\r\n") + SMUGGLED, 400),
    ("cl-list", cl(b"4, 5", b"abcd"), 400),
    ("cl-plus", cl(b"+4", b"abcd"), 400),
    ("cl-hex", cl(b"0x4", b"abcd"), 400),
    ("cl-same-twice", cl(b"4", b"abcd", b"Content-Length: 4\r\n"), ["/a"]),
    ("cl-ows", cl(b" 4 ", b"abcd"), ["/a"]),
    ("cl-then-pipelined", cl(b"4", b"abcd") + SMUGGLED, ["/a", "/smuggled"]),
    # Underscore names a CGI-style back end reads as framing headers
    ("underscore-te", b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer_Encoding: chunked\r\n\r\n0\r\n\r\n", ["/a"]),
    ("underscore-cl", b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent_Length: 40\r\n\r\n5\r\nhello\r\n0\r\n\r\n", ["/a"]),
    # Trailers
    ("trailer-request-line", chunked(body=b"0\r\n" + SMUGGLED), 400),
    ("trailer-obs-fold", chunked(body=b"0\r\nX: a\r\n b\r\n\r\n"), 400),
    ("trailer-bare-lf", chunked(body=b"0\r\nX: a\n\r\n"), 400),
    ("trailer-content-length", chunked(body=b"5\r\nhello\r\n0\r\nContent-Length: 5\r\n\r\n"), ["/a"]),
    ("trailer-te", chunked(body=b"5\r\nhello\r\n0\r\nTransfer-Encoding: chunked\r\nX: 1\r\n\r\n"), ["/a"]),
    ("trailer-then-pipelined", chunked(body=b"0\r\nX-T: 1\r\n\r\n") + SMUGGLED, ["/a", "/smuggled"]),
    ("lenient-end", chunked(body=b"0\r\n\r\n") + SMUGGLED, ["/a", "/smuggled"]),
    # Size lines
    ("size-bare-lf", chunked(body=b"5\nhello\r\n0\r\n\r\n"), 400),
    ("size-bare-cr", chunked(body=b"5\rhello\r\n0\r\n\r\n"), 400),
    ("data-bare-lf", chunked(body=b"5\r\nhello\n0\r\n\r\n"), 400),
    ("size-too-many-digits", chunked(body=b"fffffffffffffffff\r\nx\r\n"), 400),
    ("size-over-limit", chunked(body=b"ffffffffffffff\r\nx\r\n"), 413),
    ("size-negative", chunked(body=b"-1\r\nx\r\n0\r\n\r\n"), 400),
    ("size-0x", chunked(body=b"0x5\r\nhello\r\n0\r\n\r\n"), 400),
    ("size-leading-space", chunked(body=b" 5\r\nhello\r\n0\r\n\r\n"), 400),
    ("size-trailing-space", chunked(body=b"5  \r\nhello\r\n0\r\n\r\n"), ["/a"]),
    ("size-tab-ext", chunked(body=b"5\t;ext\r\nhello\r\n0\r\n\r\n"), ["/a"]),
    ("data-longer-than-size", chunked(body=b"3\r\nhello\r\n0\r\n\r\n"), 400),
    # Chunk extensions
    ("ext-quoted-crlf", chunked(body=b'5;a="x\r\n0\r\n\r\n' + SMUGGLED + b'"\r\nhello\r\n0\r\n\r\n'), 400),
    ("ext-quoted-semicolon", chunked(body=b'5;a="b;c"\r\nhello\r\n0\r\n\r\n'), ["/a"]),
    ("ext-unquoted", chunked(body=b"5;foo=bar;baz\r\nhello\r\n0\r\n\r\n"), ["/a"]),
    ("ext-nul", chunked(body=b"5;a\x00b\r\nhello\r\n0\r\n\r\n"), 400),
    ("ext-smuggled-line", chunked(body=b"5;\n" + SMUGGLED + b"\r\nhello\r\n0\r\n\r\n"), 400),
    # Well-formed, for contrast
    ("two-chunked-pipelined", chunked() + chunked(target=b"/b"), ["/a", "/b"]),
    ("bare-lf-head", b"POST /a HTTP/1.1\nHost: x\nContent-Length: 2\n\nok", ["/a"]),
]


def exchange(server, raw, scheme, pieces=1):
    """Sends `raw` (in `pieces` writes, so TLS splits it across records),
    then reads every response until the server closes or goes quiet."""
    s = connect(server, scheme)
    step = max(1, len(raw) // pieces)
    for i in range(0, len(raw), step):
        s.sendall(raw[i:i + step])
        if pieces > 1:
            time.sleep(0.01)
    reader = Reader(s)
    s.settimeout(1.5)
    answers = []
    try:
        while True:
            status, headers, body = reader.response()
            answers.append((status, headers, body))
            if headers.get("connection") == "close":
                break
    except (EOFError, OSError, ValueError):
        pass
    s.close()
    return answers


@pytest.mark.parametrize("scheme,pieces", [("http", 1), ("https", 7)])
@pytest.mark.parametrize("name,raw,expected", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_back_end_never_sees_a_smuggled_request(servers, lenient, name, raw, expected, scheme, pieces):
    lenient.reset()
    answers = exchange(servers[0], raw, scheme, pieces)
    time.sleep(0.05)
    with lenient.lock:
        parsed = list(lenient.parsed)
        raw_seen = b"".join(lenient.raw)
    if isinstance(expected, int):
        assert [a[0] for a in answers] == [expected], answers
        assert answers[0][1]["connection"] == "close"
        assert parsed == [], parsed
    else:
        assert [t for t, _, _ in parsed] == expected, (parsed, answers)
        assert [a[2].split(b" ")[0].decode() for a in answers] == [f"target={t}" for t in expected], answers
    # What reached the back end is tlsaccel's framing, not the client's.
    assert b"_" not in b"".join(line.split(b":")[0] for line in raw_seen.split(b"\r\n") if b":" in line)
    assert b"\n" not in raw_seen.replace(b"\r\n", b"")
    for target, headers, body in parsed:
        assert b"content-length" not in headers or b"transfer-encoding" not in headers, headers
    # No chunk extensions, no blanks after sizes: tlsaccel's size lines.
    assert b";" not in raw_seen and not re.search(rb"\r\n[0-9a-fA-F]+[ \t]", raw_seen), raw_seen


@pytest.mark.parametrize("name,raw,expected", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_static_route_answers_once_or_refuses(servers, name, raw, expected):
    answers = exchange(servers[1], raw, "http")
    if isinstance(expected, int):
        assert [a[0] for a in answers] == [expected], answers
        assert answers[0][1]["connection"] == "close"
    else:
        # POST to a static file is refused with 405 once the body is read;
        # GET /smuggled is a 404: one answer per request tlsaccel saw.
        assert [a[0] for a in answers] == [405 if t != "/smuggled" else 404 for t in expected], answers


@pytest.mark.parametrize("reply", [
    b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n",
    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n",
], ids=["closes-before-the-body", "bad-chunk-size", "closes-after-a-size-line"])
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_back_end_failing_before_the_first_byte_is_502(start, docroot, certs, tmp_path, reply, scheme):
    b = raw_backend(reply)
    try:
        cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                          extra=upstream_config([f"127.0.0.1:{b.getsockname()[1]}"], prefix="/"))
        s = start("serve", "--config", str(cfg), "--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0")
        sock = connect(s, scheme)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        status, _, body = Reader(sock).response()
        assert status == 502, body
        assert "before it was sent" in s.log_text()
    finally:
        b.close()


@pytest.mark.parametrize("scheme", ["http", "https"])
def test_back_end_bytes_reach_the_client_before_it_fails(start, docroot, certs, tmp_path, scheme):
    """Body bytes are sent as the back end produces them (not when a
    buffer fills), so a back end that sends part of its body, pauses, then
    fails has had that part delivered: the client gets it, then the
    connection ends short of the declared length (no 502 after a 200)."""
    listener = socket.create_server(("127.0.0.1", 0))
    delivered = threading.Event()

    def serve():
        conn, _ = listener.accept()
        with conn:
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(4096)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nfirst part")
            # Fails only once the client has what was sent.
            delivered.wait(20)

    threading.Thread(target=serve, daemon=True).start()
    try:
        cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                          extra=upstream_config([f"127.0.0.1:{listener.getsockname()[1]}"], prefix="/"))
        s = start("serve", "--config", str(cfg), "--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0")
        sock = connect(s, scheme)
        sock.settimeout(20)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        got = b""
        while not got.endswith(b"first part"):
            chunk = sock.recv(65536)
            assert chunk, got
            got += chunk
        assert got.startswith(b"HTTP/1.1 200 OK\r\n") and b"Content-Length: 100\r\n" in got
        delivered.set()
        assert Reader(sock).at_eof(20)
    finally:
        delivered.set()
        listener.close()


@pytest.mark.parametrize("code", [b"094", b"600", b"999"])
def test_back_end_status_outside_100_to_599_is_502(start, docroot, certs, tmp_path, code):
    """RFC 9110 15: such a status is invalid; found by fuzzing (094 was passed on)."""
    b = raw_backend(b"HTTP/1.1 " + code + b" Odd\r\nContent-Length: 2\r\n\r\nok")
    try:
        cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                          extra=upstream_config([f"127.0.0.1:{b.getsockname()[1]}"], prefix="/"))
        s = start("serve", "--config", str(cfg), "--listen", "127.0.0.1:0")
        sock = connect(s, "https")
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert Reader(sock).response()[0] == 502
    finally:
        b.close()


def test_max_connections_counts_exactly_with_two_listeners(start, docroot, certs, tmp_path):
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra="[limits]\nmax_connections = 50\n")
    s = start("serve", "--config", str(cfg), "--listen", "127.0.0.1:0", "--http-listen", "127.0.0.1:0")
    for scheme in ("http", "https"):
        held = []
        for _ in range(50):
            c = connect(s, scheme)
            c.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            assert Reader(c).response()[0] == 200
            held.append(c)
        # The 51st waits in the backlog until a slot frees.
        extra = connect(s, "http")
        extra.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
        extra.settimeout(1)
        with pytest.raises(socket.timeout):
            extra.recv(1)
        held.pop().close()
        extra.settimeout(10)
        assert Reader(extra).response()[0] == 200
        extra.close()
        for c in held:
            c.close()
        time.sleep(0.3)
