"""HTTP/2 (ALPN h2 on TLS listeners, h2c with prior knowledge when
configured) against real clients: curl --http2 for static files (byte
exact, ranges, validators, HEAD), h2load for load, the Python `h2` package
and raw frames for the abusive clients (rapid reset, CONTINUATION, PING and
SETTINGS floods), and the reverse proxy with an HTTP/1.1 back end."""

import hashlib
import json
import os
import re
import socket
import ssl
import subprocess
import threading
import time

import h2.config
import h2.connection
import h2.events
import h2.settings
import pytest

from backend import stream_bytes
from conftest import ONE_HTTPS_LISTENER, REPO, config_file, curl, free_port, upstream_config, wait_for

BIG = 100 << 20


@pytest.fixture(scope="module")
def big_files(tmp_path_factory):
    root = tmp_path_factory.mktemp("h2www")
    for name, size in [("zero.bin", 0), ("1k.bin", 1000), ("10m.bin", 10 << 20), ("100m.bin", BIG)]:
        (root / name).write_bytes(os.urandom(size))
    (root / "index.html").write_text("<h1>h2 index</h1>\n")
    return root


def h2_server(start, tmp_path, root, certs, extra="", **kw):
    cfg = config_file(tmp_path, root, certs=certs, workers=1, extra=extra + f"""
[log]
access_log = "{tmp_path}/access.log"
""", **kw)
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


@pytest.fixture
def server(start, tmp_path, big_files, certs):
    return h2_server(start, tmp_path, big_files, certs)


def h2curl(*args, check=True):
    return curl("-k", "--http2", *args, check=check)


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", ["zero.bin", "1k.bin", "10m.bin", "100m.bin"])
def test_files_are_byte_exact_over_http2(server, big_files, tmp_path, name):
    out = tmp_path / "out.bin"
    r = h2curl("-o", str(out), "-w", "%{http_version} %{http_code} %{size_download}", server.url(f"/{name}"))
    size = (big_files / name).stat().st_size
    assert r.stdout.decode() == f"2 200 {size}"
    assert sha(out) == sha(big_files / name)


def test_ranges_validators_and_head_over_http2(server, big_files):
    data = (big_files / "10m.bin").read_bytes()
    r = h2curl("-r", "1000-20999", "-D", "-", "-o", "/dev/null", server.url("/10m.bin"))
    head = r.stdout.decode()
    assert head.startswith("HTTP/2 206")
    assert "content-range: bytes 1000-20999/10485760" in head
    body = h2curl("-r", "1000-20999", server.url("/10m.bin")).stdout
    assert body == data[1000:21000]
    # Several ranges: multipart/byteranges, the parts byte-exact.
    multi = h2curl("-r", "0-9,100-109", "-D", "-", server.url("/10m.bin")).stdout
    assert b"multipart/byteranges" in multi and data[0:10] in multi and data[100:110] in multi
    etag = re.search(r"etag: (\S+)", h2curl("-I", server.url("/1k.bin")).stdout.decode()).group(1)
    r = h2curl("-H", f"If-None-Match: {etag}", "-o", "/dev/null", "-w", "%{http_code} %{size_download}",
               server.url("/1k.bin"))
    assert r.stdout.decode() == "304 0"
    head = h2curl("-I", server.url("/1k.bin")).stdout.decode()
    assert head.startswith("HTTP/2 200") and "content-length: 1000" in head
    # HEAD: no DATA, the length a GET gets.
    r = h2curl("-I", "-o", "/dev/null", "-w", "%{size_download}", server.url("/10m.bin"))
    assert r.stdout.decode() == "0"
    assert h2curl("-o", "/dev/null", "-w", "%{http_code}", server.url("/missing")).stdout == b"404"
    assert h2curl(server.url("/")).stdout == b"<h1>h2 index</h1>\n"


def test_small_files_sent_from_their_kept_contents(start, tmp_path, certs):
    """Files up to open_file_cache.contents_max_bytes go out from the bytes
    the cache read with the descriptor: whole, in ranges and as HEAD, byte
    exact on either side of the limit. A kept file cut short meanwhile is
    still sent whole (what was read with its length and validators); one
    read per response fails instead. A file changed in place is seen once
    its entry is `valid` seconds old, never a mix of two versions."""
    root = tmp_path / "www"
    root.mkdir()
    files = {name: os.urandom(size) for name, size in [("under", 999), ("at", 1000), ("over", 1001)]}
    for name, data in files.items():
        (root / name).write_bytes(data)
    s = h2_server(start, tmp_path, root, certs, extra="[open_file_cache]\ncontents_max_bytes = 1000\n")
    for _ in range(2):  # the first request fills the cache, the second is served from it
        for name, data in files.items():
            assert h2curl(s.url(f"/{name}")).stdout == data
    at = files["at"]
    assert h2curl("-r", "10-19", s.url("/at")).stdout == at[10:20]
    multi = h2curl("-r", "0-9,990-999", s.url("/at")).stdout
    assert at[0:10] in multi and at[990:1000] in multi
    assert "content-length: 1000" in h2curl("-I", s.url("/at")).stdout.decode()
    for name in ("at", "over"):
        os.truncate(root / name, 10)
    assert h2curl(s.url("/at")).stdout == at
    assert h2curl(s.url("/over"), check=False).returncode != 0
    wait_for(lambda: "file shrank while being sent" in s.log_text(), what="the short read to be logged")

    (root / "at").write_bytes(at)
    s = h2_server(start, tmp_path, root, certs, extra="[open_file_cache]\nvalid = 1\n")
    assert h2curl(s.url("/at")).stdout == at
    changed = os.urandom(1000)
    (root / "at").write_bytes(changed)  # in place: same inode, same size

    def served():
        body = h2curl(s.url("/at")).stdout
        assert body in (at, changed), "a mix of two versions"
        return body == changed
    wait_for(served, timeout=10, what="the changed file to be served")


def test_protocol_in_metrics_and_access_log(server, tmp_path):
    h2curl("-o", "/dev/null", server.url("/1k.bin"))
    curl("-k", "--http1.1", "-o", "/dev/null", server.url("/1k.bin"))
    m = server.metrics()
    assert m['tlsaccel_requests_by_protocol_total{protocol="HTTP/2"}'] == 1
    assert m['tlsaccel_requests_by_protocol_total{protocol="HTTP/1.1"}'] == 1
    assert m["tlsaccel_http2_connections_total"] == 1
    assert m["tlsaccel_http2_streams_total"] == 1
    server.stop()
    log = (tmp_path / "access.log").read_text()
    assert '"GET /1k.bin HTTP/2.0" 200 1000' in log and '"GET /1k.bin HTTP/1.1" 200 1000' in log


def test_http2_can_be_switched_off(start, tmp_path, big_files, certs):
    s = h2_server(start, tmp_path, big_files, certs, extra="[http]\nhttp2 = false\n")
    r = h2curl("-o", "/dev/null", "-w", "%{http_version} %{http_code}", s.url("/1k.bin"))
    assert r.stdout.decode() == "1.1 200"


def test_h2c_with_prior_knowledge_beside_http1(start, tmp_path, big_files, certs):
    listeners = '[[listener]]\naddress = "127.0.0.1:0"\ntls = false\n'
    s = h2_server(start, tmp_path, big_files, certs, extra="[http]\nh2c = true\n", listeners=listeners)
    out = tmp_path / "o.bin"
    r = curl("--http2-prior-knowledge", "-o", str(out), "-w", "%{http_version} %{http_code}",
             s.url("/10m.bin", "http"))
    assert r.stdout.decode() == "2 200" and sha(out) == sha(big_files / "10m.bin")
    r = curl("--http1.1", "-o", "/dev/null", "-w", "%{http_version} %{http_code}", s.url("/1k.bin", "http"))
    assert r.stdout.decode() == "1.1 200"


def test_h2load_ten_connections_of_ten_streams(server):
    r = subprocess.run(["h2load", "-n", "100000", "-c", "10", "-m", "10", server.url("/1k.bin")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Application protocol: h2" in r.stdout
    assert "100000 succeeded, 0 failed, 0 errored" in r.stdout, r.stdout
    assert "status codes: 100000 2xx" in r.stdout, r.stdout


# --- a raw HTTP/2 client, for what curl will not do -------------------------

class H2Client:
    """One HTTP/2 connection over TLS (ALPN h2), driven by the `h2` package."""

    def __init__(self, server, settings=None):
        host, port = server.host_port()
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        ctx.set_alpn_protocols(["h2"])
        self.sock = ctx.wrap_socket(socket.create_connection((host, port), timeout=10),
                                    server_hostname="localhost")
        assert self.sock.selected_alpn_protocol() == "h2"
        self.conn = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.conn.initiate_connection()
        if settings:
            self.conn.update_settings(settings)
        self.flush()
        self.events = []
        self.pending = b""

    def flush(self):
        """Sends what the h2 state machine queued. False: the server has
        stopped reading, or closed."""
        data = self.conn.data_to_send()
        try:
            if data:
                self.sock.sendall(data)
            return True
        except OSError:
            return False

    def headers(self, path, end_stream=True):
        sid = self.conn.get_next_available_stream_id()
        self.conn.send_headers(sid, [(":method", "GET"), (":path", path), (":scheme", "https"),
                                     (":authority", "localhost")], end_stream=end_stream)
        return sid

    def read_events(self, until, timeout=10):
        """Reads until `until(events)` or the connection ends; the events."""
        deadline = time.monotonic() + timeout
        while not until(self.events) and time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.sock.recv(65536)
            except (socket.timeout, ssl.SSLError, ConnectionResetError):
                break
            if not data:
                self.events.append("EOF")
                break
            self.pending += data
            for frame in self.whole_frames():
                # The h2 package takes nothing after a GOAWAY (a server's
                # graceful GOAWAY is followed by a PING): those are dropped.
                if self.goaway():
                    continue
                for event in self.conn.receive_data(frame):
                    self.events.append(event)
                    if isinstance(event, h2.events.DataReceived):
                        self.conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            self.flush()
        return self.events

    def whole_frames(self):
        """The complete frames received so far, split by their headers."""
        while len(self.pending) >= 9:
            end = 9 + int.from_bytes(self.pending[:3], "big")
            if len(self.pending) < end:
                return
            frame, self.pending = self.pending[:end], self.pending[end:]
            yield frame

    def get(self, path):
        sid = self.headers(path)
        self.flush()
        events = self.read_events(lambda ev: any(isinstance(e, h2.events.StreamEnded) and e.stream_id == sid
                                                 for e in ev))
        status = next(dict(e.headers)[b":status"] for e in events
                      if isinstance(e, h2.events.ResponseReceived) and e.stream_id == sid)
        body = b"".join(e.data for e in events if isinstance(e, h2.events.DataReceived) and e.stream_id == sid)
        return int(status), body

    def goaway(self):
        return next((e for e in self.events if isinstance(e, h2.events.ConnectionTerminated)), None)

    def close(self):
        self.sock.close()


def ended(events):
    return any(e == "EOF" or isinstance(e, h2.events.ConnectionTerminated) for e in events)


def assert_still_serving(server, big_files):
    c = H2Client(server)
    assert c.get("/1k.bin") == (200, (big_files / "1k.bin").read_bytes())
    c.close()


def test_a_client_that_stops_reading_is_closed_after_the_send_timeout(start, tmp_path, big_files, certs):
    """A client that opens its windows wide, asks for 100 MiB and reads
    nothing: once nothing has left for `timeouts.send`, the connection is
    closed rather than held with its buffers."""
    cfg = config_file(tmp_path, big_files, certs=certs, workers=1,
                      extra='[timeouts]\nsend = 2\n[log]\nlevel = "debug"\n')
    s = start("serve", "--config", str(cfg))
    c = H2Client(s, settings={h2.settings.SettingCodes.INITIAL_WINDOW_SIZE: 2**31 - 1})
    c.conn.increment_flow_control_window(2**31 - 1 - 65535)
    c.headers("/100m.bin")
    c.flush()
    wait_for(lambda: "client not reading (send timeout)" in s.log_text(), timeout=30,
             what="the stalled connection to be closed")
    received = 0
    c.sock.settimeout(10)
    try:
        while data := c.sock.recv(1 << 20):
            received += len(data)
    except (ConnectionResetError, ssl.SSLError):
        pass
    assert received < BIG, "the whole body arrived: the client was not stalled"
    assert_still_serving(s, big_files)


def test_the_server_advertises_its_limits(start, tmp_path, big_files, certs):
    s = h2_server(start, tmp_path, big_files, certs, extra="[http]\nh2_max_concurrent_streams = 7\n")
    c = H2Client(s)
    c.read_events(lambda ev: any(isinstance(e, h2.events.RemoteSettingsChanged) for e in ev))
    remote = c.conn.remote_settings
    assert remote.max_concurrent_streams == 7
    assert remote.max_header_list_size == 16384
    assert c.get("/1k.bin")[0] == 200


def test_rapid_reset_gets_goaway_and_others_are_served(server, big_files):
    c = H2Client(server)
    for _ in range(2000):
        sid = c.headers("/10m.bin", end_stream=True)
        c.conn.reset_stream(sid)
    c.flush()
    c.read_events(ended)
    goaway = c.goaway()
    assert goaway is not None and goaway.error_code == h2.errors.ErrorCodes.ENHANCE_YOUR_CALM, c.events[-3:]
    assert_still_serving(server, big_files)
    c.close()


@pytest.mark.parametrize("flood", ["ping", "settings"])
def test_control_frame_floods_get_goaway(server, big_files, flood):
    c = H2Client(server)
    for i in range(1000):
        if flood == "ping":
            c.conn.ping(i.to_bytes(8, "big"))
        else:
            c.conn.update_settings({h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: 100})
    c.flush()
    c.read_events(ended)
    goaway = c.goaway()
    assert goaway is not None and goaway.error_code == h2.errors.ErrorCodes.ENHANCE_YOUR_CALM
    m = server.metrics()
    assert sum(v for k, v in m.items() if k.startswith("tlsaccel_http2_abusive_closes_total")) == 1
    assert_still_serving(server, big_files)
    c.close()


def raw_frame(frame_type, flags, stream_id, payload):
    return len(payload).to_bytes(3, "big") + bytes([frame_type, flags]) + stream_id.to_bytes(4, "big") + payload


def test_continuation_flood_is_cut_off(server, big_files):
    c = H2Client(server)
    # HEADERS without END_HEADERS, then CONTINUATION frames that never end
    # it, each a literal field of junk (RFC 9113 6.10; the 2024 advisories).
    c.sock.sendall(raw_frame(0x1, 0x1, 1, b"\x82\x84\x87"))
    junk = b"\x40\x03abc" + b"\x7f\x00" + b"x" * 120
    sent = 0
    try:
        for _ in range(20000):
            c.sock.sendall(raw_frame(0x9, 0x0, 1, junk))
            sent += 1
    except OSError:
        pass
    c.sock.settimeout(5)
    closed_at = time.monotonic()
    rest = b""
    try:
        while chunk := c.sock.recv(65536):
            rest += chunk
    except (OSError, ssl.SSLError):
        pass
    assert time.monotonic() - closed_at < 5
    assert sent < 20000 or rest, "the server read 20000 CONTINUATION frames without a word"
    assert_still_serving(server, big_files)


def test_goaway_at_stop_lets_streams_finish(start, tmp_path, big_files, certs):
    s = h2_server(start, tmp_path, big_files, certs, extra="[timeouts]\nshutdown_drain = 20\n")
    out = tmp_path / "slow.bin"
    proc = subprocess.Popen(["curl", "-sSk", "--http2", "--limit-rate", "20M", "-o", str(out), "-w", "%{http_code}",
                             s.url("/100m.bin")], stdout=subprocess.PIPE)
    # The stream is under way before the stop.
    wait_for(lambda: out.exists() and out.stat().st_size > 0, what="the download to start")
    s.proc.send_signal(15)
    stdout, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0 and stdout == b"200"
    assert sha(out) == sha(big_files / "100m.bin")
    assert s.proc.wait(20) == 0


def test_reload_that_removes_the_listener_sends_goaway(start, tmp_path, big_files, certs):
    """A reload that removes the listener a connection came in on: GOAWAY,
    and the stream in flight finishes on the old configuration."""
    plain = f'[[listener]]\naddress = "127.0.0.1:{free_port()}"\ntls = false\n'
    cfg = config_file(tmp_path, big_files, certs=certs, workers=1, listeners=ONE_HTTPS_LISTENER + plain)
    s = start("serve", "--config", str(cfg))
    idle = H2Client(s)
    assert idle.get("/1k.bin")[0] == 200
    out = tmp_path / "slow.bin"
    proc = subprocess.Popen(["curl", "-sSk", "--http2", "--limit-rate", "20M", "-o", str(out), "-w", "%{http_code}",
                             s.url("/100m.bin")], stdout=subprocess.PIPE)
    wait_for(lambda: out.exists() and out.stat().st_size > 0, what="the download to start")
    cfg.write_text(cfg.read_text().replace(ONE_HTTPS_LISTENER, "", 1))
    s.proc.send_signal(1)
    wait_for(lambda: "reloaded: 1 site, 1 listener" in s.log_text(), what="the reload")
    idle.read_events(ended)
    goaway = idle.goaway()
    assert goaway is not None and goaway.error_code == 0, idle.events
    idle.close()
    stdout, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0 and stdout == b"200"
    assert sha(out) == sha(big_files / "100m.bin")


# --- the reverse proxy over HTTP/2 --------------------------------------------

@pytest.fixture
def proxy(start, tmp_path, big_files, certs, backend):
    return h2_server(start, tmp_path, big_files, certs,
                     extra=upstream_config([backend.address], prefix="/app/", max_body=200 << 20))


def test_proxy_downloads_and_uploads_100_mib_byte_exact(proxy, tmp_path):
    out = tmp_path / "down.bin"
    for kind in ("bytes", "chunked"):
        r = h2curl("-o", str(out), "-w", "%{http_version} %{http_code}", proxy.url(f"/app/{kind}/{BIG}"))
        assert r.stdout == b"2 200"
        assert hashlib.sha256(out.read_bytes()).digest() == hashlib.sha256(stream_bytes(BIG)).digest()
    data = os.urandom(1 << 20) * 100
    src = tmp_path / "up.bin"
    src.write_bytes(data)
    for how in (["--data-binary", f"@{src}"], ["-T", str(src)]):
        seen = json.loads(h2curl(*how, proxy.url("/app/upload")).stdout)
        assert seen["body"]["length"] == len(data) and seen["body"]["sha256"] == hashlib.sha256(data).hexdigest()
    # Without a length (curl streams stdin): chunked to the back end.
    r = subprocess.run(["curl", "-sSk", "--http2", "-T", "-", proxy.url("/app/upload")], input=data[:5 << 20],
                       capture_output=True, check=True)
    seen = json.loads(r.stdout)
    assert seen["body"] == {"length": 5 << 20, "sha256": hashlib.sha256(data[:5 << 20]).hexdigest(),
                            "chunked": True}


def test_proxy_request_head_from_an_http2_stream(proxy):
    seen = json.loads(h2curl("-H", "Cookie: a=1", "-H", "Cookie: b=2", "-H", "X-Custom: kept",
                             proxy.url("/app/echo?q=1")).stdout)
    h = {k.lower(): v for k, v in seen["headers"]}
    assert seen["version"] == "HTTP/1.1" and seen["target"] == "/app/echo?q=1"
    assert h["host"].startswith("127.0.0.1:") and h["x-custom"] == "kept"
    assert h["cookie"] == "a=1; b=2"
    assert h["x-forwarded-proto"] == "https"
    # The back end's answer reaches the client without HTTP/1 framing fields.
    head = h2curl("-D", "-", "-o", "/dev/null", proxy.url("/app/chunked/1000")).stdout.decode().lower()
    assert head.startswith("http/2 200") and "transfer-encoding" not in head and "connection:" not in head


def test_fifty_concurrent_streams_on_one_connection_to_the_back_end(proxy, backend):
    r = subprocess.run(["h2load", "-n", "500", "-c", "1", "-m", "50", proxy.url("/app/bytes/100000")],
                       capture_output=True, text=True, timeout=120)
    assert "500 succeeded, 0 failed, 0 errored" in r.stdout, r.stdout
    assert "status codes: 500 2xx" in r.stdout


def test_http2_configuration_is_checked(tmp_path, docroot):
    from conftest import BINARY
    cfg = tmp_path / "bad.toml"
    cfg.write_text(f'[static]\nroot = "{docroot}"\n[http]\nh2_max_concurrent_streams = 0\n'
                   'h2_header_table_size = 99999999\nh2_max_resets_per_second = 0\nhttp3 = true\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode != 0
    assert "http3" in r.stdout + r.stderr
    cfg.write_text(f'[static]\nroot = "{docroot}"\n[http]\nh2_max_concurrent_streams = 0\n'
                   'h2_header_table_size = 99999999\nh2_max_resets_per_second = 0\n'
                   '[open_file_cache]\ncontents_max_bytes = 1048577\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    out = r.stdout + r.stderr
    assert r.returncode != 0
    assert "http.h2_max_concurrent_streams: must be at least 1" in out
    assert "http.h2_header_table_size: must be at most 1048576" in out
    assert "http.h2_max_resets_per_second: must be at least 1" in out
    assert "open_file_cache.contents_max_bytes: must be at most 1048576" in out


H2SPEC = os.environ.get("H2SPEC", str(REPO / "tests" / ".tools" / "h2spec"))


@pytest.mark.parametrize("scheme", ["https", "h2c"])
def test_h2spec_conformance(start, tmp_path, big_files, certs, scheme):
    """Every h2spec test (generic, RFC 7540/9113 and HPACK) passes, over TLS
    and over h2c. scripts/test.sh builds h2spec."""
    assert os.access(H2SPEC, os.X_OK), f"{H2SPEC} missing: scripts/test.sh builds it"
    listeners = '[[listener]]\naddress = "127.0.0.1:0"\ntls = false\n' if scheme == "h2c" else None
    extra = "[http]\nh2c = true\n" if scheme == "h2c" else ""
    s = h2_server(start, tmp_path, big_files, certs, extra=extra,
                  **({"listeners": listeners} if listeners else {}))
    host, port = s.host_port("http" if scheme == "h2c" else "https")
    args = [H2SPEC, "-h", host, "-p", str(port), "-o", "5", "-j", str(tmp_path / "h2spec.xml")]
    if scheme == "https":
        args += ["-t", "-k"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    summary = re.search(r"(\d+) tests, (\d+) passed, (\d+) skipped, (\d+) failed", r.stdout)
    assert summary, r.stdout[-3000:] + r.stderr
    total, passed, skipped, failed = map(int, summary.groups())
    failures = r.stdout.split("Failures:", 1)[1] if "Failures:" in r.stdout else ""
    allowed = 0
    if scheme == "h2c" and "× 2: Sends invalid connection preface" in failures:
        # The one exception, on a listener that serves HTTP/1 and h2c alike:
        # bytes that are not the preface are an HTTP/1 request, here a bad
        # one, answered 400 before the TCP connection is closed. h2spec
        # reads that answer as a frame, then sees the close. RFC 9113 3.4:
        # an invalid preface is a connection error, and "a GOAWAY frame MAY
        # be omitted in this case, since an invalid preface indicates that
        # the peer is not using HTTP/2" (RFC 9113 3.3: h2c is by prior
        # knowledge; a client that sent this is not speaking HTTP/2).
        assert "note that the frame header looked like an HTTP/1.1 header" in failures, failures
        allowed = 1
    assert failed == allowed and skipped == 0 and total >= 145, r.stdout[-6000:]


def test_malformed_head_request_gets_its_400_without_content(server):
    """RFC 9110 9.3.2 on HTTP/2: a HEAD whose header block is malformed (two
    Host fields, no :authority) is answered 400 with no DATA."""
    c = H2Client(server)
    # The h2 package would refuse to send such a block.
    c.conn.config.validate_outbound_headers = False
    c.conn.config.normalize_outbound_headers = False
    sid = c.conn.get_next_available_stream_id()
    c.conn.send_headers(sid, [(":method", "HEAD"), (":path", "/1k.bin"), (":scheme", "https"),
                              ("host", "localhost"), ("host", "other")], end_stream=True)
    c.flush()
    events = c.read_events(lambda ev: any(isinstance(e, h2.events.StreamEnded) and e.stream_id == sid
                                          for e in ev))
    response = next(e for e in events if isinstance(e, h2.events.ResponseReceived))
    headers = dict(response.headers)
    assert headers[b":status"] == b"400"
    assert int(headers[b"content-length"]) > 0
    assert not [e for e in events if isinstance(e, h2.events.DataReceived)]
    c.close()
