"""Per-client limits (issue 30) against the real binary: request rates
answered 429 with Retry-After at the configured rate while a client
beside the greedy one is never refused, the /24 grouping, routes with
their own rate, HTTP/2; connections per client refused at accept (before
any TLS) across two workers; and the configuration checks."""

import http.client
import re
import socket
import ssl
import subprocess
import time

import pytest

from conftest import BINARY, curl, wait_for


@pytest.fixture
def site_root(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    (root / "index.html").write_text("hello\n")
    (root / "api").mkdir()
    (root / "api" / "x").write_text("api\n")
    return root


def serve(start, tmp_path, site_root, extra):
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""workers = 2
[[listener]]
address = "127.0.0.1:0"
tls = false
[[listener]]
address = "127.0.0.1:0"
[static]
root = "{site_root}"
{extra}""")
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    text = s.log_text()
    plain = int(re.search(r" listening on http://\S+:(\d+) \(", text).group(1))
    return s, plain


class KeptClient:
    """One keep-alive HTTP/1.1 connection from a local address."""

    def __init__(self, source, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                               source_address=(source, 0))

    def get(self, path="/index.html"):
        self.conn.request("GET", path, headers={"Host": "localhost"})
        r = self.conn.getresponse()
        r.read()
        return r.status, r.getheader("Retry-After")


def test_a_greedy_client_gets_the_rate_and_a_polite_one_beside_it_nothing_refused(start, tmp_path, site_root):
    s, port = serve(start, tmp_path, site_root, """
[rate_limit]
requests_per_second = 10
burst = 5
[[route]]
prefix = "/api/"
static = true
rate_limit = { requests_per_second = 0.1, burst = 2 }
""")
    greedy, polite = KeptClient("127.0.0.2", port), KeptClient("127.0.1.2", port)
    passed = refused = polite_refused = 0
    retry_after = set()
    began = time.monotonic()
    next_polite = began
    first_answer = last_sent = None
    while time.monotonic() - began < 3:
        sent = time.monotonic()
        status, retry = greedy.get()
        first_answer = first_answer or time.monotonic()
        last_sent = sent
        if status == 200:
            passed += 1
        else:
            assert status == 429
            refused += 1
            retry_after.add(retry)
        if time.monotonic() >= next_polite:
            # Four a second: under the rate, never refused.
            polite_refused += polite.get()[0] != 200
            next_polite = max(next_polite + 0.25, time.monotonic())
    ended = time.monotonic()
    # The server saw the greedy requests over at least (last sent - first
    # answered) and at most the whole loop: the burst, then ten a second.
    fewest = 5 + 10 * (last_sent - first_answer) - 1
    most = 5 + 10 * (ended - began) + 1
    assert fewest <= passed <= most, (fewest, passed, most)
    assert refused > 0
    assert polite_refused == 0
    assert retry_after == {"1"}
    # Another address of a client's /24 shares its bucket (one every 10 s
    # after two); another /24 has its own.
    assert [greedy.get("/api/x")[0] for _ in range(2)] == [200, 200]
    status, retry = KeptClient("127.0.0.3", port).get("/api/x")
    assert status == 429 and retry in ("9", "10"), (status, retry)
    assert KeptClient("127.0.1.3", port).get("/api/x")[0] == 200
    m = s.metrics()
    assert m["tlsaccel_rate_limited_total"] == refused + 1
    assert "over the request rate (429)" in s.log_text()


def test_routes_have_their_own_rate_and_http2_counts_alike(start, tmp_path, site_root):
    s, port = serve(start, tmp_path, site_root, """
[limits]
client_ipv4_prefix = 32
[[route]]
prefix = "/api/"
static = true
rate_limit = { requests_per_second = 0.5, burst = 2 }
""")
    # The site has no rate: its files are never refused.
    client = KeptClient("127.0.0.2", port)
    assert {client.get()[0] for _ in range(50)} == {200}
    assert [client.get("/api/x") for _ in range(3)] == [(200, None), (200, None), (429, "2")]
    # Per address now (/32): 127.0.0.3 has its own bucket.
    assert KeptClient("127.0.0.3", port).get("/api/x")[0] == 200
    # HTTP/2 streams of one connection draw from the same bucket.
    urls = [arg for _ in range(4) for arg in ("-o", "/dev/null", s.url("/api/x"))]
    r = curl("-k", "--http2", "-s", "-w", "%{http_code} %{num_connects} ", "--interface", "127.0.0.4", *urls)
    assert r.stdout.decode().split()[1::2] == ["1", "0", "0", "0"], "one connection"
    assert r.stdout.decode().split()[::2] == ["200", "200", "429", "429"]


def test_a_proxied_request_draws_one_token_on_either_protocol(start, tmp_path, site_root, backend):
    # A request without a body is first offered to the answers that need no
    # future; one for a back end must not be planned (and charged) there too.
    s, port = serve(start, tmp_path, site_root, f"""
[limits]
client_ipv4_prefix = 32
[[upstream]]
name = "app"
servers = [{{ address = "{backend.address}" }}]
[[route]]
prefix = "/echo"
upstream = "app"
rate_limit = {{ requests_per_second = 0.1, burst = 2 }}
""")
    client = KeptClient("127.0.0.5", port)
    assert [client.get("/echo")[0] for _ in range(3)] == [200, 200, 429]
    urls = [arg for _ in range(3) for arg in ("-o", "/dev/null", s.url("/echo"))]
    r = curl("-k", "--http2", "-s", "-w", "%{http_code} %{http_version} ", "--interface", "127.0.0.6", *urls)
    assert r.stdout.decode().split() == ["200", "2", "200", "2", "429", "2"]


def test_connections_over_the_clients_share_are_closed_at_accept(start, tmp_path, site_root):
    s, port = serve(start, tmp_path, site_root, """
[limits]
connections_per_client = 3
""")
    https = s.host_port("https")[1]
    # Three connections, spread over the two workers: all served.
    kept = [KeptClient("127.0.0.2", port) for _ in range(3)]
    for c in kept:
        assert c.get()[0] == 200

    def closed_at_once(source, to_port=port):
        with socket.create_connection(("127.0.0.1", to_port), timeout=10, source_address=(source, 0)) as c:
            c.sendall(b"GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
            try:
                return c.recv(100) == b""
            except ConnectionResetError:
                return True

    # A fourth from the same /24 is closed without an answer, on plain
    # and TLS listeners alike (no handshake is attempted).
    assert closed_at_once("127.0.0.3")
    assert closed_at_once("127.0.0.2", https)
    assert s.metrics()["tlsaccel_connections_over_address_limit_total"] == 2
    assert s.metrics().get('tlsaccel_tls_handshake_failures_by_reason_total{reason="closed_by_client"}', 0) == 0
    # Another client is served.
    assert KeptClient("127.0.1.2", port).get()[0] == 200
    # One closes: its slot is free again (once the server has seen it go).
    kept.pop().conn.close()

    def served():
        c = KeptClient("127.0.0.2", port)
        try:
            return c.get()[0] == 200
        except (ConnectionError, http.client.HTTPException):
            return False
    wait_for(served, what="the freed slot")
    assert "connection closed: the client has limits.connections_per_client open" in s.log_text()


def test_limits_are_checked(tmp_path, site_root):
    cfg = tmp_path / "check.toml"
    cfg.write_text(f"""[static]
root = "{site_root}"
[limits]
client_ipv4_prefix = 33
client_ipv6_prefix = 129
[rate_limit]
requests_per_second = 0
[[route]]
prefix = "/a/"
static = true
rate_limit = {{ requests_per_second = 5, burst = 0.5 }}
""")
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    text = r.stdout + r.stderr
    assert r.returncode == 1, text
    for key, line in [("limits.client_ipv4_prefix", 4), ("limits.client_ipv6_prefix", 5),
                      ("rate_limit.requests_per_second", 7), ("route[0].rate_limit.burst", 11)]:
        assert re.search(rf":{line}:.*{re.escape(key)}", text), (key, text)
