"""HTTP/2 over kernel TLS: after the handshake the kernel does the records
and the h2 frames go through the socket as plaintext. Static files (byte
exact, ranges, 304, HEAD), the reverse proxy both ways, and h2load, with
/proc/net/tls_stat and tlsaccel's metrics as proof of the offload."""

import hashlib
import json
import os
import re
import subprocess

import pytest

from backend import Backend, stream_bytes
from conftest import config_file, curl, upstream_config

# Thousands of DATA frames and hundreds of flow-control windows.
BIG = 40 << 20


def tls_stat():
    return {line.split()[0]: int(line.split()[1]) for line in open("/proc/net/tls_stat")}


# The proxied bodies, each way: hundreds of flow-control windows, in a
# few seconds of the emulated guest.
PROXIED = 32 << 20


@pytest.fixture(scope="module")
def h2root(tmp_path_factory):
    root = tmp_path_factory.mktemp("h2root")
    for name, size in [("zero.bin", 0), ("1k.bin", 1000), ("10m.bin", 10 << 20), ("big.bin", BIG)]:
        (root / name).write_bytes(os.urandom(size))
    return root


@pytest.fixture(scope="module")
def h2sums(h2root):
    """Each file's SHA-256, taken once (40 MiB takes seconds to hash in
    the emulated guest)."""
    return {path.name: sha(path) for path in h2root.iterdir()}


def h2curl(*args):
    return curl("-k", "--http2", *args)


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_static_files_over_http2_on_ktls(start, h2root, h2sums, certs, tmp_path):
    cfg = config_file(tmp_path, h2root, certs=certs, workers=1)
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    assert "kTLS: offloading TX and RX for" in s.log_text(), s.log_text()
    stat0 = tls_stat()
    out = tmp_path / "out.bin"
    # big.bin over TLS 1.3 only: 6 s in the emulated guest.
    for version, names in (("--tlsv1.3", ("zero.bin", "1k.bin", "10m.bin", "big.bin")),
                           ("--tlsv1.2", ("zero.bin", "1k.bin", "10m.bin"))):
        for name in names:
            r = h2curl(version, "-o", str(out), "-w", "%{http_version} %{http_code}", s.url(f"/{name}"))
            assert r.stdout == b"2 200", (version, name)
            assert sha(out) == h2sums[name], (version, name)
    data = (h2root / "10m.bin").read_bytes()
    assert h2curl("-r", "5-16388", s.url("/10m.bin")).stdout == data[5:16389]
    etag = re.search(rb"etag: (\S+)", h2curl("-I", s.url("/1k.bin")).stdout).group(1).decode()
    r = h2curl("-H", f"If-None-Match: {etag}", "-o", "/dev/null", "-w", "%{http_code}", s.url("/1k.bin"))
    assert r.stdout == b"304"
    head = h2curl("-I", s.url("/big.bin")).stdout.decode()
    assert head.startswith("HTTP/2 200") and f"content-length: {BIG}" in head
    m = s.metrics()
    connections = 7 + 4  # the files with each version, then range, -I, 304, -I
    assert m['tlsaccel_ktls_offloaded_total{direction="tx"}'] == connections
    assert m["tlsaccel_http2_connections_total"] == connections
    assert m['tlsaccel_requests_by_protocol_total{protocol="HTTP/2"}'] == connections
    assert m["tlsaccel_tls_userspace_encrypted_bytes_total"] == 0
    stat1 = tls_stat()
    assert stat1["TlsTxSw"] - stat0["TlsTxSw"] == connections
    assert stat1.get("TlsDecryptError", 0) == stat0.get("TlsDecryptError", 0)

    r = subprocess.run(["h2load", "-n", "10000", "-c", "10", "-m", "10", s.url("/1k.bin")],
                       capture_output=True, text=True, timeout=300)
    assert "10000 succeeded, 0 failed, 0 errored" in r.stdout, r.stdout
    assert "status codes: 10000 2xx" in r.stdout


def test_proxy_over_http2_on_ktls(start, docroot, certs, tmp_path):
    backend = Backend("b1")
    try:
        cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                          extra=upstream_config([backend.address], max_body=200 << 20))
        s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
        out = tmp_path / "down.bin"
        h2curl("-o", str(out), s.url(f"/app/bytes/{PROXIED}"))
        assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(stream_bytes(PROXIED)).digest()
        up = tmp_path / "up.bin"
        up.write_bytes(os.urandom(PROXIED))
        seen = json.loads(h2curl("-T", str(up), s.url("/app/upload")).stdout)
        assert seen["body"]["length"] == PROXIED and seen["body"]["sha256"] == sha(up)
        m = s.metrics()
        assert m['tlsaccel_ktls_offloaded_total{direction="tx"}'] == 2
        assert m["tlsaccel_http2_connections_total"] == 2
    finally:
        backend.stop()
