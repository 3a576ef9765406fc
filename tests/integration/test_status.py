"""The status page on the admin listener: `/status.json` against its
documented schema (docs/status.schema.json) while traffic runs, its numbers
against `/metrics` and against the requests the test made, and `/status`
in a real browser: headless Chromium (Debian's `chromium`) driven over the
DevTools protocol watches the page update itself, shows a stopped back end
down and a certificate's days to expiry, with no console error; its
screenshot is kept in target/test-output/."""

import base64
import calendar
import http.client
import json
import shutil
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import jsonschema
import pytest
from websockets.sync.client import connect as ws_connect

from backend import Backend
from conftest import BINARY, REPO, config_file, upstream_config, wait_for

SCHEMA = json.loads((REPO / "docs" / "status.schema.json").read_text())
CHECK = 'health_check = { path = "/healthz", interval = 0.2, timeout = 0.5, fails = 2, passes = 2 }'
OUTPUT = REPO / "target" / "test-output"


def status_json(s):
    with urllib.request.urlopen(f"http://{s.admin}/status.json", timeout=10) as r:
        assert r.headers["Content-Type"] == "application/json"
        assert r.headers["Cache-Control"] == "no-store"
        return json.loads(r.read())


def short_lived_certificate(directory, days):
    """An ECDSA certificate for localhost valid for `days`, and when it
    expires (Unix time, as openssl reads it back)."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", str(days), "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(directory / "ecdsa.key"), "-out", str(directory / "ecdsa.pem")],
        check=True, capture_output=True)
    end = subprocess.run(["openssl", "x509", "-in", str(directory / "ecdsa.pem"), "-noout", "-enddate",
                          "-dateopt", "iso_8601"], check=True, capture_output=True, text=True).stdout
    # notAfter=2026-12-05 21:00:00Z
    stamp = end.strip().split("=", 1)[1]
    return calendar.timegm(time.strptime(stamp, "%Y-%m-%d %H:%M:%SZ"))


@pytest.fixture
def status_server(start, docroot, tmp_path):
    """Two workers, HTTPS with a certificate that expires in 10 days, plain
    HTTP, an upstream "app" of one checked back end under /app/, and the
    admin listener."""
    cert_dir = tmp_path / "cert"
    cert_dir.mkdir()
    not_after = short_lived_certificate(cert_dir, 10)
    b = Backend("b1")
    cfg = config_file(tmp_path, docroot, certs=cert_dir, workers=2,
                      extra=upstream_config([b.address], extra_upstream=CHECK))
    s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0",
              "--admin-listen", "127.0.0.1:0")
    yield s, b, not_after
    b.stop()


def get(s, path, scheme="http"):
    host, port = s.host_port(scheme)
    if scheme == "https":
        import ssl
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        conn = http.client.HTTPSConnection(host, port, context=ctx, timeout=10)
    else:
        conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, body


def metric_sum(m, prefix):
    return sum(v for k, v in m.items() if k == prefix or k.startswith(prefix + "{"))


def test_status_json_follows_traffic_and_agrees_with_metrics(status_server):
    s, b, not_after = status_server
    first = status_json(s)
    jsonschema.validate(first, SCHEMA)
    assert first["process"]["configuration"]["generation"] == 1
    assert [w["id"] for w in first["process"]["workers"]] == [0, 1]

    # Load from two threads while /status.json is read and checked.
    made = {"static": 0, "missing": 0, "proxied": 0, "bytes": 0}
    lock = threading.Lock()
    stop = threading.Event()
    errors = []

    def load(path, kind, scheme):
        try:
            while not stop.is_set():
                status, body = get(s, path, scheme)
                with lock:
                    made[kind] += 1
                    made["bytes"] += len(body)
                assert status == {"static": 200, "missing": 404, "proxied": 200}[kind], status
        except Exception as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=load, args=a) for a in
               [("/f16384.bin", "static", "https"), ("/nope", "missing", "http"),
                ("/app/echo", "proxied", "http")]]
    for t in threads:
        t.start()
    seen = []

    def rates(snapshot):
        return snapshot["traffic"]["history"]["requests_per_second"]["HTTP/1.1"]

    try:
        # At least 15 reads, and until the history has rates of the load.
        while len(seen) < 15 or len(rates(seen[-1])) < 2:
            snapshot = status_json(s)
            jsonschema.validate(snapshot, SCHEMA)
            seen.append(snapshot)
    finally:
        stop.set()
        for t in threads:
            t.join()
    assert not errors, errors
    # Counters only grow.
    for a, b_ in zip(seen, seen[1:]):
        for key in ("HTTP/1.1",):
            assert a["traffic"]["requests"][key] <= b_["traffic"]["requests"][key]
        assert a["process"]["connections_total"] <= b_["process"]["connections_total"]

    total = made["static"] + made["missing"] + made["proxied"]

    # Responses are counted once sent: poll until every one is.
    def settled():
        st = status_json(s)
        site = st["sites"][0]
        done = site["responses"]["2xx"] + site["responses"]["4xx"] == total
        return st if done and st["process"]["connections_open"] == 0 else None

    st = wait_for(settled, what="every response counted")
    m = s.metrics()
    site = st["sites"][0]
    assert site["name"] == "default"
    assert site["requests"] == total
    assert site["responses"] == {"1xx": 0, "2xx": made["static"] + made["proxied"], "3xx": 0,
                                 "4xx": made["missing"], "5xx": 0}
    assert site["body_bytes"] == made["bytes"]
    assert sum(st["traffic"]["requests"].values()) == total
    assert st["traffic"]["requests"]["HTTP/1.1"] == total
    assert sum(st["traffic"]["body_bytes"].values()) == made["bytes"]
    # The same counters as /metrics.
    assert metric_sum(m, "tlsaccel_requests_total") == total
    assert m['tlsaccel_responses_total{site="default",class="4xx"}'] == made["missing"]
    assert m['tlsaccel_response_body_bytes_total{site="default"}'] == made["bytes"]
    assert metric_sum(m, "tlsaccel_connections_total") == st["process"]["connections_total"]
    assert metric_sum(m, "tlsaccel_connections_open") == 0
    # Each HTTPS request had a connection and a full handshake of its own.
    tls = st["tls"]
    assert tls["handshakes"] == {"full": made["static"], "resumed": 0}
    assert metric_sum(m, "tlsaccel_tls_handshakes_total") == made["static"]
    assert sum(c["user_space"] for c in st["ktls"]["by_cipher"]) == made["static"]
    assert st["ktls"]["user_space"] == metric_sum(m, "tlsaccel_tls_connections_total")
    assert st["ktls"]["available"] is False  # this kernel has no kTLS
    # The back end: every proxied request, none failed, idle afterwards.
    server = st["upstreams"][0]["servers"][0]
    assert st["upstreams"][0]["name"] == "app"
    assert server["server"] == b.address
    assert (server["requests"], server["failures"], server["active"]) == (made["proxied"], 0, 0)
    assert server["responses"] == made["proxied"] and server["mean_response_ms"] > 0
    assert 1 <= server["idle"] <= 2  # one kept per worker at most (keepalive = 1 a worker)
    assert server["up"] and server["health_check"]
    assert server["last_check"]["ok"] and server["last_check"]["detail"] == "status 200"
    labels = f'upstream="app",server="{b.address}"'
    assert m[f"tlsaccel_upstream_requests_total{{{labels}}}"] == made["proxied"]
    assert m[f"tlsaccel_upstream_response_seconds_count{{{labels}}}"] == made["proxied"]
    assert m[f"tlsaccel_upstream_idle_connections{{{labels}}}"] == server["idle"]
    # The certificate: ten days from its creation.
    cert = site["certificates"][0]
    assert cert["names"] == ["localhost", "127.0.0.1"]
    assert cert["not_after"] == int(not_after)
    assert abs(cert["days_left"] - (not_after - time.time()) / 86400) < 0.01
    assert 9 < cert["days_left"] <= 10
    # The history holds a rate per second for the last seconds of load.
    history = st["traffic"]["history"]
    assert history["interval_seconds"] == 1
    assert max(history["requests_per_second"]["HTTP/1.1"]) > 0


def test_admin_listener_pages_and_methods(status_server):
    s, _, _ = status_server
    conn = http.client.HTTPConnection(*s.admin.rsplit(":", 1), timeout=10)
    for path, kind in [("/status", "text/html; charset=utf-8"), ("/status.js", "text/javascript; charset=utf-8"),
                       ("/status.css", "text/css; charset=utf-8"), ("/status.json?t=1", "application/json")]:
        conn.request("GET", path)
        r = conn.getresponse()
        body = r.read()
        assert (r.status, r.headers["Content-Type"]) == (200, kind), path
        assert "script-src 'self'" in r.headers["Content-Security-Policy"]
        assert len(body) == int(r.headers["Content-Length"]) > 0
        conn.close()
        conn.request("HEAD", path)
        r = conn.getresponse()
        assert r.status == 200 and r.read() == b"" and int(r.headers["Content-Length"]) > 0
        conn.close()
    # The page loads nothing from elsewhere.
    conn.request("GET", "/status")
    page = conn.getresponse().read().decode()
    conn.close()
    assert "http://" not in page.replace('href="/status.json"', "") and "https://" not in page
    conn.request("POST", "/status.json", body=b"x")
    r = conn.getresponse()
    assert (r.status, r.headers["Allow"]) == (405, "GET, HEAD")
    r.read()
    conn.close()
    conn.request("GET", "/")
    r = conn.getresponse()
    assert (r.status, r.headers["Location"]) == (302, "/status")
    r.read()
    conn.close()
    conn.request("GET", "/secret")
    assert conn.getresponse().status == 404
    conn.close()


def test_a_silent_connection_does_not_hold_up_the_admin_listener(status_server):
    """A browser opens speculative connections that may never send a
    request: the next poll is answered at once, not after their timeout."""
    import socket
    host, port = s_admin = status_server[0].admin.rsplit(":", 1)
    idle = [socket.create_connection((host, int(port))) for _ in range(3)]
    try:
        started = time.monotonic()
        status_json(status_server[0])
        assert time.monotonic() - started < 2, s_admin
    finally:
        for c in idle:
            c.close()


def test_non_loopback_admin_address_needs_allow_remote(tmp_path, docroot):
    cfg = config_file(tmp_path, docroot, extra='[admin]\nlisten = "0.0.0.0:9100"\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode != 0
    assert "admin.listen" in r.stderr + r.stdout and "allow_remote" in r.stderr + r.stdout
    cfg.write_text(cfg.read_text().replace('listen = "0.0.0.0:9100"',
                                           'listen = "0.0.0.0:9100"\nallow_remote = true'))
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr + r.stdout
    assert "without authentication" in r.stderr + r.stdout


class DevTools:
    """A page target of headless Chromium, over the DevTools protocol:
    commands answered in order, events kept."""

    def __init__(self, url):
        self.ws = ws_connect(url, max_size=64 << 20, open_timeout=10)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=30))
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message["result"]
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        assert "exceptionDetails" not in result, result
        return result["result"].get("value")

    def console_errors(self):
        errors = []
        for e in self.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                errors.append(params["exceptionDetails"])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(params)
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                errors.append(params["entry"])
        return errors


@pytest.fixture
def chromium(tmp_path):
    """Headless Chromium with the DevTools protocol on an ephemeral port."""
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if not binary:
        pytest.fail("chromium is not installed (scripts/test.sh installs Debian's chromium)")
    profile = tmp_path / "profile"
    proc = subprocess.Popen(
        [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-extensions", "--remote-debugging-port=0", f"--user-data-dir={profile}",
         "--window-size=1400,1100", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = profile / "DevToolsActivePort"
        wait_for(lambda: port_file.exists() and len(port_file.read_text().splitlines()) >= 2,
                 timeout=60, what="Chromium's DevToolsActivePort")
        port = int(port_file.read_text().splitlines()[0])
        request = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
        with urllib.request.urlopen(request, timeout=10) as r:
            target = json.loads(r.read())
        page = DevTools(target["webSocketDebuggerUrl"])
        yield page
        page.ws.close()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_chromium_shows_the_status_page_updating(status_server, chromium):
    s, b, not_after = status_server
    page = chromium
    page.call("Runtime.enable")
    page.call("Log.enable")
    page.call("Page.enable")
    page.call("Page.navigate", url=f"http://{s.admin}/status")

    def updates():
        # Null-safe: the navigation may not have replaced about:blank yet.
        return page.evaluate("Number(document.getElementById('state')?.dataset.updates || 0)")

    wait_for(lambda: updates() >= 2, timeout=30, what="the page's first updates")

    def shown_requests():
        text = page.evaluate("(document.getElementById('requests-total') || {}).textContent || ''")
        return int(text.replace(",", "")) if text else -1

    before = shown_requests()
    for _ in range(25):
        assert get(s, "/index.html")[0] == 200
    for _ in range(5):
        assert get(s, "/app/echo")[0] == 200
        assert get(s, "/index.html", "https")[0] == 200
    # The page polls by itself: the counter it shows catches up.
    wait_for(lambda: shown_requests() >= before + 35, timeout=30, what="the request counter to grow")
    site_requests = page.evaluate(
        "Number(document.querySelector('#sites tr[data-site=\"default\"]').dataset.requests)")
    assert site_requests >= before + 35
    # The HTTPS connections, by cipher, in user space on this kernel.
    assert page.evaluate("document.querySelectorAll('#ktls-ciphers tbody tr').length") >= 1
    # A chart line per protocol, drawn from the history.
    assert page.evaluate("document.querySelectorAll('#chart-protocol polyline').length") >= 1

    # The certificate, with its days left (red: under 14).
    days = page.evaluate(
        "Number(document.querySelector('#certificates tr[data-site=\"default\"]').dataset.daysLeft)")
    assert days == int((not_after - time.time()) // 86400)
    assert page.evaluate("document.querySelector('#certificates .expiring') !== null")

    server_row = f"#upstreams tr[data-server=\"{b.address}\"]"
    assert page.evaluate(f"document.querySelector('{server_row}').dataset.state") == "up"
    b.stop()
    wait_for(lambda: page.evaluate(f"document.querySelector('{server_row}').dataset.state") == "down",
             timeout=30, what="the stopped back end shown down")
    assert page.evaluate(f"document.querySelector('{server_row} .down').textContent") == "down"

    shot = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / "status-page.png").write_bytes(base64.b64decode(shot["data"]))
    assert page.console_errors() == [], page.console_errors()


def test_handshakes_resumed_and_failed_by_reason(status_server):
    s, _, _ = status_server
    import socket
    import ssl
    host, port = s.host_port()
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE

    def fetch(session=None):
        with socket.create_connection((host, port), timeout=10) as raw:
            with ctx.wrap_socket(raw, server_hostname="localhost", session=session) as tls:
                tls.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                while tls.recv(65536):
                    pass
                return tls.session, tls.session_reused

    session, reused = fetch()
    assert not reused
    _, reused = fetch(session)
    assert reused
    # A client that hangs up mid-handshake, one that refuses the
    # certificate (openssl verifying against the system's CAs, which do
    # not know the test's), and one that sends an empty ClientHello.
    with socket.create_connection((host, port), timeout=10) as raw:
        raw.sendall(b"\x16\x03\x01\x00\x05\x01\x00")  # a record cut short
    r = subprocess.run(["openssl", "s_client", "-connect", f"{host}:{port}", "-verify_return_error"],
                       input=b"", capture_output=True, timeout=30)
    assert r.returncode != 0 and b"self-signed certificate" in r.stdout + r.stderr, r
    with socket.create_connection((host, port), timeout=10) as raw:
        raw.sendall(b"\x16\x03\x01\x00\x04\x01\x00\x00\x00")
        raw.settimeout(10)
        while raw.recv(4096):
            pass

    want = {"closed_by_client": 1, "alert_received": 1, "protocol_error": 1}

    def counted():
        st = status_json(s)
        failures = {k: v for k, v in st["tls"]["failures"].items() if v}
        return st if failures == want else None

    st = wait_for(counted, what=f"the failures {want}")
    assert st["tls"]["handshakes"] == {"full": 1, "resumed": 1}
    assert st["tls"]["resumption_ratio"] == 0.5
    m = s.metrics()
    for reason, n in want.items():
        assert m[f'tlsaccel_tls_handshake_failures_by_reason_total{{reason="{reason}"}}'] == n
    assert m["tlsaccel_tls_handshake_failures_total"] == 3
    assert m["tlsaccel_tls_resumed_handshakes_total"] == 1
