"""The reverse proxy with kTLS clients: request and response bodies move
between the client's kTLS socket and the back end's socket with splice(),
never through user space, byte-exact, and the metrics and tls_stat say so."""

import hashlib
import json
import os

from backend import Backend, stream_bytes
from conftest import config_file, curl, upstream_config

# Each way: 32 splice() chunks of 1 MiB, in seconds of the emulated guest.
BIG = 32 << 20


def tls_stat():
    return {line.split()[0]: int(line.split()[1]) for line in open("/proc/net/tls_stat")}


def start_proxy(start, docroot, certs, tmp_path, backend):
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra=upstream_config([backend.address]))
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


def test_bodies_are_spliced_both_ways(start, docroot, certs, tmp_path):
    backend = Backend("b1")
    try:
        s = start_proxy(start, docroot, certs, tmp_path, backend)
        assert "kTLS: offloading TX and RX for" in s.log_text(), s.log_text()
        stat0 = tls_stat()

        out = tmp_path / "down.bin"
        curl("-k", "--tlsv1.3", "-o", str(out), s.url(f"/app/bytes/{BIG}"))
        assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(stream_bytes(BIG)).digest()
        out.unlink()

        up = tmp_path / "up.bin"
        up.write_bytes(os.urandom(BIG))
        # -H "Expect:": the body follows the head at once, so most of it is
        # still in the socket (not yet read with the head) when splicing starts.
        answer = curl("-k", "--tlsv1.3", "-H", "Expect:", "-T", str(up), s.url("/app/upload")).stdout
        seen = json.loads(answer)
        assert seen["body"]["length"] == BIG
        assert seen["body"]["sha256"] == hashlib.sha256(up.read_bytes()).hexdigest()

        # Close-delimited responses are spliced until the back end closes.
        small = curl("-k", "--tlsv1.3", s.url("/app/close/300000")).stdout
        assert small == stream_bytes(300000)

        m = s.metrics()
        down = m['tlsaccel_proxy_body_bytes_total{direction="down",how="spliced"}']
        down_copied = m['tlsaccel_proxy_body_bytes_total{direction="down",how="copied"}']
        up_spliced = m['tlsaccel_proxy_body_bytes_total{direction="up",how="spliced"}']
        up_copied = m['tlsaccel_proxy_body_bytes_total{direction="up",how="copied"}']
        # Only what arrived together with a head is copied.
        assert down + down_copied == BIG + len(answer) + 300000 and down_copied < 64 * 1024, m
        assert up_spliced + up_copied == BIG and up_copied < 64 * 1024, m
        assert m['tlsaccel_ktls_offloaded_total{direction="tx"}'] == 3
        stat1 = tls_stat()
        assert stat1["TlsTxSw"] - stat0["TlsTxSw"] == 3
        assert stat1["TlsRxSw"] - stat0["TlsRxSw"] == 3
        assert stat1.get("TlsDecryptError", 0) == stat0.get("TlsDecryptError", 0)
    finally:
        backend.stop()


def test_chunked_bodies_are_reframed_and_spliced(start, docroot, certs, tmp_path):
    """Chunked bodies under kTLS: tlsaccel writes its own size lines and
    splices the chunk data it has not already read."""
    size = 16 << 20
    backend = Backend("b1")
    try:
        s = start_proxy(start, docroot, certs, tmp_path, backend)
        out = tmp_path / "down.bin"
        curl("-k", "--tlsv1.3", "-o", str(out), s.url(f"/app/chunked/{size}"))
        assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(stream_bytes(size)).digest()

        up = tmp_path / "up.bin"
        up.write_bytes(os.urandom(size))
        answer = curl("-k", "--tlsv1.3", "-H", "Expect:", "-H", "Transfer-Encoding: chunked",
                      "--data-binary", f"@{up}", s.url("/app/upload")).stdout
        seen = json.loads(answer)
        assert seen["body"]["chunked"] and seen["body"]["length"] == size
        assert seen["body"]["sha256"] == hashlib.sha256(up.read_bytes()).hexdigest()

        m = s.metrics()
        up_spliced = m['tlsaccel_proxy_body_bytes_total{direction="up",how="spliced"}']
        up_copied = m['tlsaccel_proxy_body_bytes_total{direction="up",how="copied"}']
        down = m['tlsaccel_proxy_body_bytes_total{direction="down",how="spliced"}']
        down_copied = m['tlsaccel_proxy_body_bytes_total{direction="down",how="copied"}']
        assert up_spliced + up_copied == size and up_spliced > 0, m
        assert down + down_copied == size + len(answer), m
    finally:
        backend.stop()
