"""Compressed responses (docs/compression.md): each coding decoded by an
independent decoder (Python's gzip, the brotli and zstandard packages),
negotiation, Vary, precompressed variants with ranges, the cache of
variants made on the fly, and back ends' responses compressed as they
stream, over HTTP/1.1 and HTTP/2."""

import gzip
import os
import shutil
import ssl
import subprocess
import time
import zlib
from pathlib import Path

import brotli
import pytest
import zstandard

from backend import text_bytes
from conftest import BINARY, config_file, connect, curl, upstream_config

TEXT = Path(__file__).resolve().parents[2] / "bench" / "text"

DECODE = {
    "gzip": gzip.decompress,
    "br": brotli.decompress,
    "zstd": lambda b: zstandard.ZstdDecompressor().decompressobj().decompress(b),
}


@pytest.fixture
def textroot(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    shutil.copy(TEXT / "page.html", root / "page.html")
    shutil.copy(TEXT / "app.js", root / "app.js")
    (root / "small.txt").write_text("tiny\n")
    (root / "image.png").write_bytes(b"\x89PNG" + os.urandom(4000))
    return root


@pytest.fixture
def compressing(start, textroot, certs, tmp_path):
    # One worker: the cache of variants is per worker.
    cfg = config_file(tmp_path, textroot, certs=certs, workers=1, extra="""
[compression]
cache_max_bytes = 4194304
""")
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


def fetch(server, path, *headers, http2=False, scheme="https"):
    """(status, headers as a dict of lower-case names, body as sent)."""
    args = ["-k", "-D", "-", "-o", "/dev/stdout"]
    if http2:
        args.append("--http2")
    for h in headers:
        args += ["-H", h]
    r = curl(*args, server.url(path, scheme))
    head, body = r.stdout.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        name, value = line.split(":", 1)
        fields.setdefault(name.strip().lower(), []).append(value.strip())
    return int(lines[0].split()[1]), {k: ", ".join(v) for k, v in fields.items()}, body


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "http2"])
@pytest.mark.parametrize("coding", ["zstd", "br", "gzip"])
def test_each_coding_decodes_to_the_file(compressing, textroot, coding, http2):
    original = (textroot / "app.js").read_bytes()
    for attempt in ("compressed as sent", "from the cache"):
        status, h, body = fetch(compressing, "/app.js", f"Accept-Encoding: {coding}", http2=http2)
        assert status == 200, attempt
        assert h["content-encoding"] == coding, attempt
        assert h["vary"] == "Accept-Encoding", attempt
        assert h["content-type"] == "application/javascript"
        assert h["etag"].startswith('W/"') and h["etag"].endswith(f'-{coding}"')
        assert "accept-ranges" not in h
        assert DECODE[coding](body) == original, attempt
        assert len(body) < len(original) / 2
    # The second response came from the cache, with its length.
    assert int(h["content-length"]) == len(body)


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "http2"])
def test_curl_compressed(compressing, textroot, tmp_path, http2):
    out = tmp_path / "page"
    args = ["-k", "--compressed", "-w", "%{size_download}", "-o", str(out)]
    if http2:
        args.append("--http2")
    r = curl(*args, compressing.url("/page.html"))
    original = (textroot / "page.html").read_bytes()
    assert out.read_bytes() == original
    assert int(r.stdout) < len(original) / 2


NEGOTIATION = [
    # (Accept-Encoding, the coding chosen; None: identity)
    (None, None),
    ("", None),
    ("gzip", "gzip"),
    ("GZIP", "gzip"),
    ("x-gzip", "gzip"),
    ("br", "br"),
    ("zstd", "zstd"),
    ("gzip, deflate, br, zstd", "zstd"),
    ("gzip, deflate, br", "br"),
    ("br;q=1.0, gzip;q=0.8, *;q=0.1", "br"),
    ("gzip;q=1, br;q=0.5", "gzip"),
    ("*", "zstd"),
    ("*;q=0", None),
    ("zstd;q=0, *", "br"),
    ("identity", None),
    ("identity;q=0", None),
    ("identity;q=0, gzip", "gzip"),
    ("gzip;q=0.5, identity;q=1", None),
    ("gzip;q=0.5, identity;q=0.5", "gzip"),
    ("deflate, compress", None),
    ("gzip , ,br", "br"),
    ("br ; q=0.9 , gzip\t;\tq=1", "gzip"),
    ("gzip;q=2", None),
    ("gzip;level=9", None),
    ("gz ip", None),
]


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "http2"])
def test_negotiation_table(compressing, textroot, http2):
    original = (textroot / "page.html").read_bytes()
    for field, want in NEGOTIATION:
        headers = [] if field is None else [f"Accept-Encoding: {field}" if field else "Accept-Encoding;"]
        status, h, body = fetch(compressing, "/page.html", *headers, http2=http2)
        assert status == 200, field
        assert h.get("content-encoding") == want, field
        assert h["vary"] == "Accept-Encoding", field
        assert (DECODE[want](body) if want else body) == original, field


def test_not_compressed(compressing, textroot):
    # Too short, not a compressible type, a 304, a HEAD (headers as GET).
    status, h, body = fetch(compressing, "/small.txt", "Accept-Encoding: gzip")
    assert (status, "content-encoding" in h, "vary" in h) == (200, False, False)
    status, h, _ = fetch(compressing, "/image.png", "Accept-Encoding: gzip")
    assert (status, "content-encoding" in h) == (200, False)
    _, h, _ = fetch(compressing, "/page.html", "Accept-Encoding: br")
    status, h304, body = fetch(compressing, "/page.html", "Accept-Encoding: br", f"If-None-Match: {h['etag']}")
    assert (status, body, h304["vary"], h304["etag"]) == (304, b"", "Accept-Encoding", h["etag"])
    # Another coding is another representation: no 304 for it.
    status, _, _ = fetch(compressing, "/page.html", "Accept-Encoding: gzip", f"If-None-Match: {h['etag']}")
    assert status == 200
    r = curl("-k", "-I", "-H", "Accept-Encoding: gzip", compressing.url("/page.html"))
    head = r.stdout.decode().lower()
    assert "content-encoding: gzip" in head and "vary: accept-encoding" in head
    # A range of a representation made on the fly is not served: the whole
    # body, as nginx does.
    status, h, body = fetch(compressing, "/page.html", "Accept-Encoding: gzip", "Range: bytes=0-99")
    assert (status, h["content-encoding"]) == (200, "gzip")
    assert gzip.decompress(body) == (textroot / "page.html").read_bytes()


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "http2"])
def test_precompressed_variants_by_sendfile(compressing, textroot, http2):
    original = (textroot / "app.js").read_bytes()
    variant = brotli.compress(original, quality=11)
    (textroot / "app.js.br").write_bytes(variant)
    (textroot / "app.js.gz").write_bytes(gzip.compress(original, 9))
    status, h, body = fetch(compressing, "/app.js", "Accept-Encoding: gzip, br", http2=http2)
    assert (status, h["content-encoding"], h["content-type"]) == (200, "br", "application/javascript")
    # The file beside the original, byte for byte: not compressed again.
    assert body == variant
    assert h["etag"].startswith('"') and h["etag"].endswith('-br"')
    assert h["accept-ranges"] == "bytes"
    # Ranges and validators work on the variant.
    status, h2, part = fetch(compressing, "/app.js", "Accept-Encoding: br", "Range: bytes=100-1099", http2=http2)
    assert (status, part, h2["content-range"]) == (206, variant[100:1100], f"bytes 100-1099/{len(variant)}")
    status, _, _ = fetch(compressing, "/app.js", "Accept-Encoding: br", f"If-None-Match: {h['etag']}", http2=http2)
    assert status == 304
    # zstd is preferred, but there is no .zst: a precompressed .br beats
    # zstd made on the fly.
    status, h, body = fetch(compressing, "/app.js", "Accept-Encoding: zstd, br", http2=http2)
    assert (h["content-encoding"], body) == ("br", variant)
    metrics = compressing.metrics()
    assert metrics['tlsaccel_compressed_responses_total{origin="precompressed",coding="br"}'] >= 3


def test_an_older_variant_is_ignored(start, textroot, certs, tmp_path):
    cfg = config_file(tmp_path, textroot, certs=certs, extra="[open_file_cache]\nmax = 0\n")
    server = start("serve", "--config", str(cfg))
    original = (textroot / "app.js").read_bytes()
    (textroot / "app.js.gz").write_bytes(b"stale, not even gzip")
    past = time.time() - 3600
    os.utime(textroot / "app.js.gz", (past, past))
    status, h, body = fetch(server, "/app.js", "Accept-Encoding: gzip")
    assert (status, h["content-encoding"]) == (200, "gzip")
    assert gzip.decompress(body) == original


def test_a_changed_file_is_never_served_stale(start, textroot, certs, tmp_path):
    # Without the open-file cache every request sees the file as it is now;
    # the variants' cache must follow.
    cfg = config_file(tmp_path, textroot, certs=certs, extra="[open_file_cache]\nmax = 0\n")
    server = start("serve", "--config", str(cfg))
    page = textroot / "page.html"
    for round_ in range(3):
        content = text_bytes(50_000 + round_)[::-1] + b"round %d\n" % round_
        page.write_bytes(content)
        # A new modification time even within the file system's tick.
        stamp = time.time() + round_ * 10
        os.utime(page, (stamp, stamp))
        for _ in range(2):
            _, h, body = fetch(server, "/page.html", "Accept-Encoding: zstd")
            assert DECODE["zstd"](body) == content, round_


def test_the_cache_stays_within_its_limit(start, tmp_path, certs):
    root = tmp_path / "many"
    root.mkdir()
    for i in range(10_000):
        (root / f"f{i}.txt").write_bytes(text_bytes(600 + i % 400) + b"%d\n" % i)
    limit = 256 * 1024
    cfg = config_file(tmp_path, root, certs=certs, workers=1, extra=f"""
[compression]
cache_max_bytes = {limit}
[open_file_cache]
max = 100
""")
    server = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    host, port = server.host_port()
    import http.client

    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conn = http.client.HTTPSConnection(host, port, context=ctx, timeout=20)
    for i in range(10_000):
        conn.request("GET", f"/f{i}.txt", headers={"Accept-Encoding": "gzip"})
        r = conn.getresponse()
        body = r.read()
        assert r.status == 200 and r.getheader("Content-Encoding") == "gzip"
        if i % 997 == 0:
            assert gzip.decompress(body) == (root / f"f{i}.txt").read_bytes()
    conn.close()
    metrics = server.metrics()
    held = metrics["tlsaccel_compression_cache_bytes"]
    assert 0 < held <= limit
    assert metrics['tlsaccel_compressed_responses_total{origin="compressed",coding="gzip"}'] == 10_000


def test_site_and_route_settings_are_checked(textroot, tmp_path):
    cfg = tmp_path / "bad.toml"
    cfg.write_text(f"""
[static]
root = "{textroot}"
[compression]
encodings = ["gzip", "deflate"]
[compression.level]
br = 12
[[site]]
names = ["a.example"]
[site.compression]
cache_max_bytes = 1
[[site.route]]
prefix = "/s/"
static = true
compress = true
""")
    out = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    text = out.stdout + out.stderr
    assert out.returncode != 0
    for needle in ("compression.encodings", '"deflate" is not a coding', "compression.level.br",
                   "site[0].compression.cache_max_bytes", "site[0].route[0].compress"):
        assert needle in text, (needle, text)


@pytest.fixture
def proxying(start, backend, certs, tmp_path, textroot):
    extra = upstream_config([backend.address], prefix="/app/", extra="compress = true\n")
    extra += "\n[[route]]\nprefix = \"/plain/\"\nupstream = \"app\"\n"
    cfg = config_file(tmp_path, textroot, certs=certs, extra=extra)
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


@pytest.mark.parametrize("http2", [False, True], ids=["http1", "http2"])
@pytest.mark.parametrize("coding", ["zstd", "br", "gzip"])
def test_a_streamed_back_end_response_arrives_compressed_and_complete(proxying, coding, http2):
    n = 3_000_000
    status, h, body = fetch(proxying, f"/app/text/{n}", f"Accept-Encoding: {coding}", http2=http2)
    assert (status, h["content-encoding"], h["vary"]) == (200, coding, "Accept-Encoding")
    assert h["etag"] == f'W/"text-1-{coding}"'
    assert "content-length" not in h or int(h["content-length"]) == len(body)
    assert DECODE[coding](body) == text_bytes(n)
    assert len(body) < n / 4


def test_back_end_responses_that_pass_untouched(proxying):
    n = 100_000
    # A route that does not compress.
    status, h, body = fetch(proxying, f"/plain/text/{n}", "Accept-Encoding: gzip")
    assert (status, "content-encoding" in h, body) == (200, False, text_bytes(n))
    # no-transform.
    status, h, body = fetch(proxying, f"/app/text-notransform/{n}", "Accept-Encoding: gzip")
    assert (status, "content-encoding" in h, body) == (200, False, text_bytes(n))
    # Encoded by the back end already: its bytes as they are.
    status, h, body = fetch(proxying, f"/app/text-gzip/{n}", "Accept-Encoding: gzip, br")
    assert (h["content-encoding"], gzip.decompress(body)) == ("gzip", text_bytes(n))
    # Not a compressible type.
    status, h, body = fetch(proxying, f"/app/bytes/{n}", "Accept-Encoding: gzip")
    assert "content-encoding" not in h and len(body) == n


@pytest.mark.parametrize("route", ["/app/", "/plain/"], ids=["compressed", "as-is"])
def test_server_sent_events_are_not_held_back(proxying, backend, route):
    """Each event must reach the client, decodable, before the back end
    sends the next: the back end waits for the test to read it. Compressed
    (the compressor flushes when the back end pauses) or not (the body is
    written when the back end pauses, not when a buffer fills)."""
    compressed = route == "/app/"
    sock = connect(proxying)
    sock.sendall(b"GET " + route.encode() + b"events/5 HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n")
    backend.server.event_gate.release()
    buf = b""
    while b"\r\n\r\n" not in buf:
        buf += sock.recv(65536)
    head, buf = buf.split(b"\r\n\r\n", 1)
    assert (b"Content-Encoding: gzip" in head) == compressed and b"Transfer-Encoding: chunked" in head
    decoder = zlib.decompressobj(31) if compressed else None
    text = b""
    for i in range(5):
        want = b"data: event %d " % i
        while want not in text:
            # Chunked framing: size line, data, CRLF.
            while b"\r\n" not in buf:
                chunk = sock.recv(65536)
                assert chunk, f"closed before event {i}"
                buf += chunk
            size_line, rest = buf.split(b"\r\n", 1)
            size = int(size_line, 16)
            while len(rest) < size + 2:
                chunk = sock.recv(65536)
                assert chunk, f"closed before event {i}"
                rest += chunk
            text += decoder.decompress(rest[:size]) if decoder else rest[:size]
            buf = rest[size + 2:]
        backend.server.event_gate.release()
    sock.close()
