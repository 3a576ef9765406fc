"""Static files: byte-exact bodies, ranges, validators, MIME types, index
files, redirects, and every way of trying to leave the document root."""

import os
import time

import pytest

from conftest import SIZES, Reader, config_file, connect, curl, wait_for


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_byte_exact_sizes(server, docroot, scheme):
    for size in SIZES:
        r = curl("-k", "-D", "-", "-o", "/dev/stdout", server.url(f"/f{size}.bin", scheme))
        head, body = r.stdout.split(b"\r\n\r\n", 1)
        assert body == (docroot / f"f{size}.bin").read_bytes(), size
        assert f"Content-Length: {size}".encode() in head


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_http10(server, docroot, scheme):
    r = curl("-k", "--http1.0", "-i", server.url("/f16385.bin", scheme))
    head, body = r.stdout.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 OK")
    assert b"Connection: close" in head
    assert body == (docroot / "f16385.bin").read_bytes()


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_ranges_start_middle_end(server, docroot, scheme):
    data = (docroot / f"f{1 << 20}.bin").read_bytes()
    n = len(data)
    cases = {
        "0-99": data[:100],
        "500000-600000": data[500000:600001],
        f"{n - 100}-": data[-100:],
        "-16385": data[-16385:],
        "1000-99999999": data[1000:],
    }
    for spec, expected in cases.items():
        r = curl("-k", "-i", "-H", f"Range: bytes={spec}", server.url(f"/f{1 << 20}.bin", scheme))
        head, body = r.stdout.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 206"), head
        assert body == expected, spec
        start = n - len(expected)if spec.startswith("-") or spec.endswith("-") else int(spec.split("-")[0])
        assert f"Content-Range: bytes {start}-{start + len(expected) - 1}/{n}".encode() in head


def status_of(server, *args, path="/", scheme="https"):
    r = curl("-k", "-o", "/dev/null", "-w", "%{http_code}", *args, server.url(path, scheme))
    return int(r.stdout)


def test_unsatisfiable_and_multiple_ranges(server, docroot):
    r = curl("-k", "-i", "-H", "Range: bytes=5000000-", server.url("/f16384.bin"))
    assert r.stdout.startswith(b"HTTP/1.1 416")
    assert b"Content-Range: bytes */16384" in r.stdout
    # Several ranges: multipart/byteranges (checked part by part in test_conformance.py).
    assert status_of(server, "-H", "Range: bytes=0-1,5-6", path="/f16384.bin") == 206
    assert status_of(server, "-H", "Range: bytes=0-", path="/f0.bin") == 416


def test_conditional_requests(server):
    head = curl("-k", "-I", server.url("/f1.bin")).stdout.decode()
    headers = dict(line.split(": ", 1) for line in head.split("\r\n")[1:] if ": " in line)
    etag, lm = headers["ETag"], headers["Last-Modified"]
    assert headers["Accept-Ranges"] == "bytes"
    assert status_of(server, "-H", f"If-None-Match: {etag}", path="/f1.bin") == 304
    assert status_of(server, "-H", f"If-None-Match: \"nope\", W/{etag}", path="/f1.bin") == 304
    assert status_of(server, "-H", "If-None-Match: \"nope\"", path="/f1.bin") == 200
    assert status_of(server, "-H", f"If-Modified-Since: {lm}", path="/f1.bin") == 304
    assert status_of(server, "-H", "If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT", path="/f1.bin") == 200
    # If-Range: a matching validator honours the range, a stale one sends it all.
    assert status_of(server, "-H", "Range: bytes=0-0", "-H", f"If-Range: {etag}", path="/f16384.bin") == 200  # other file's tag
    r = curl("-k", "-I", server.url("/f16384.bin")).stdout.decode()
    etag2 = [l.split(": ", 1)[1] for l in r.split("\r\n") if l.startswith("ETag")][0]
    assert status_of(server, "-H", "Range: bytes=0-0", "-H", f"If-Range: {etag2}", path="/f16384.bin") == 206
    r304 = curl("-k", "-i", "-H", f"If-None-Match: {etag}", server.url("/f1.bin")).stdout
    assert b"Content-Length" not in r304 and r304.endswith(b"\r\n\r\n")


def test_head_has_headers_but_no_body(server):
    s = connect(server)
    s.sendall(b"HEAD /f16385.bin HTTP/1.1\r\nHost: x\r\n\r\nGET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    reader = Reader(s)
    status, headers, body = reader.response(head_request=True)
    assert status == 200 and headers["content-length"] == "16385" and body == b""
    status, headers, body = reader.response()
    assert status == 200 and len(body) == 1


def test_mime_types(server):
    for path, ctype in [("/index.html", "text/html"), ("/style.css", "text/css"), ("/f1.bin", "application/octet-stream")]:
        r = curl("-k", "-I", server.url(path)).stdout.decode()
        assert f"Content-Type: {ctype}\r\n" in r, (path, r)


def test_index_redirect_and_forbidden_directory(server):
    assert curl("-k", server.url("/")).stdout == b"<h1>root index</h1>\n"
    assert curl("-k", server.url("/dir/")).stdout == b"dir index\n"
    r = curl("-k", "-i", server.url("/dir?x=1")).stdout.decode()
    assert r.startswith("HTTP/1.1 301") and "Location: /dir/?x=1\r\n" in r
    assert status_of(server, path="/noindex/") == 403
    assert status_of(server, path="/with%20space.txt") == 200
    assert status_of(server, path="/inside-link.bin") == 200
    assert status_of(server, path="/missing") == 404


@pytest.mark.parametrize(
    "path",
    ["/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/dir/../../etc/passwd",
     "/f1.bin%00.html", "/escape", "/escape-dir/passwd", "/..%2f..%2fetc/passwd"],
)
def test_path_escapes_fail(server, path):
    s = connect(server)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    status, _, body = Reader(s).response()
    assert status in (403, 404), (path, status)
    assert b"root:" not in body


def test_root_deployed_by_symlink_switch_is_followed(start, tmp_path):
    for release in ("r1", "r2"):
        (tmp_path / release).mkdir()
        (tmp_path / release / "index.html").write_text(f"{release}\n")
    link = tmp_path / "current"
    link.symlink_to(tmp_path / "r1")
    cfg = config_file(tmp_path, link, extra="[open_file_cache]\nvalid = 1\n")
    s = start("serve", "--config", str(cfg), "--workers", "1")
    assert curl("-k", s.url("/")).stdout == b"r1\n"
    tmp_link = tmp_path / "next"
    tmp_link.symlink_to(tmp_path / "r2")
    os.replace(tmp_link, link)  # atomic switch, as deploy tools do
    # The root is resolved again once `valid` (1 s) has passed.
    wait_for(lambda: curl("-k", s.url("/")).stdout == b"r2\n", timeout=10, what="the new root to be served")
    assert "document root now names another directory" in s.log_text()
