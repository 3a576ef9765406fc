"""PROXY protocol on listeners (behind a layer-4 balancer): v1 and v2 headers
before plain HTTP and before TLS name the client that the access log, the
back end (X-Forwarded-For, X-Real-IP) and the PROXY v2 header to back ends
see; headers from addresses outside proxy_protocol_from, broken or missing
headers close the connection and are counted."""

import ipaddress
import json
import socket
import struct
import subprocess
import time

import pytest

from conftest import Reader, config_file, free_port, tls_client_context, upstream_config, wait_for

V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"


def v1(src, dst, sport=51000, dport=443):
    family = "TCP6" if ":" in src else "TCP4"
    return f"PROXY {family} {src} {dst} {sport} {dport}\r\n".encode()


def v2(src, dst, sport=51000, dport=443, command=0x21, tlvs=b""):
    a, b = ipaddress.ip_address(src), ipaddress.ip_address(dst)
    family, addresses = (0x11, a.packed + b.packed) if a.version == 4 else (0x21, a.packed + b.packed)
    body = addresses + struct.pack("!HH", sport, dport) + tlvs
    return V2_SIGNATURE + bytes([command, family]) + struct.pack("!H", len(body)) + body


@pytest.fixture
def server(start, docroot, certs, tmp_path, backend):
    listeners = """
[[listener]]
address = "127.0.0.1:0"
tls = true
proxy_protocol = true
proxy_protocol_from = ["127.0.0.0/8"]
[[listener]]
address = "127.0.0.1:0"
tls = false
proxy_protocol = true
"""
    extra = upstream_config([backend.address], prefix="/echo") + f'[log]\naccess_log = "{tmp_path}/access.log"\n'
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra=extra, listeners=listeners)
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


def request(server, scheme, preamble, path="/f1.bin", pieces=1):
    """Sends `preamble` (in `pieces` writes), then a GET over `scheme`; the response."""
    raw = socket.create_connection(server.host_port(scheme), timeout=10)
    step = max(1, len(preamble) // pieces)
    for i in range(0, len(preamble), step):
        raw.sendall(preamble[i:i + step])
        time.sleep(0.05 if pieces > 1 else 0)
    sock = tls_client_context().wrap_socket(raw, server_hostname="localhost") if scheme == "https" else raw
    with sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        return Reader(sock).response()


def access_log_clients(tmp_path, count):
    """The client address of each access log line, once `count` lines are
    there (the log is written in batches, about once a second)."""
    log = tmp_path / "access.log"

    def clients():
        lines = log.read_text().splitlines() if log.exists() else []
        return [line.split(" ", 1)[0] for line in lines] if len(lines) >= count else None
    return wait_for(clients, timeout=10, what=f"{count} access log lines")


@pytest.mark.parametrize("scheme", ["https", "http"])
@pytest.mark.parametrize("version", ["v1", "v2"])
def test_header_names_the_client_everywhere(server, docroot, tmp_path, scheme, version):
    make = v1 if version == "v1" else v2
    for client in ["192.0.2.10", "2001:db8::10"]:
        dst = "198.51.100.1" if "." in client else "2001:db8::1"
        status, _, body = request(server, scheme, make(client, dst))
        assert status == 200 and body == (docroot / "f1.bin").read_bytes()
        status, _, body = request(server, scheme, make(client, dst), path="/echo")
        seen = {k.lower(): v for k, v in json.loads(body)["headers"]}
        assert seen["x-forwarded-for"] == client and seen["x-real-ip"] == client
        assert seen["x-forwarded-proto"] == scheme
    clients = access_log_clients(tmp_path, 4)
    assert clients.count("192.0.2.10") == 2 and clients.count("2001:db8::10") == 2, clients


def test_header_split_over_several_segments(server, docroot):
    for make in (v1, v2):
        status, _, body = request(server, "https", make("192.0.2.20", "192.0.2.1"), pieces=4)
        assert status == 200 and body == (docroot / "f1.bin").read_bytes()


def test_local_and_unknown_headers_keep_the_socket_address(server, tmp_path):
    local = V2_SIGNATURE + bytes([0x20, 0x00, 0, 0])
    status, _, body = request(server, "http", local, path="/echo")
    assert status == 200
    assert {k.lower(): v for k, v in json.loads(body)["headers"]}["x-real-ip"] == "127.0.0.1"
    status, _, _ = request(server, "https", b"PROXY UNKNOWN\r\n")
    assert status == 200
    # TLVs (as AWS and others append) are skipped.
    status, _, _ = request(server, "https", v2("192.0.2.30", "192.0.2.1", tlvs=b"\x04\x00\x02ok"))
    assert status == 200


@pytest.mark.parametrize("preamble", [
    b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",            # no header at all
    b"PROXY TCP4 192.0.2.1 192.0.2.2 99999 1\r\n",           # bad port
    b"PROXY TCP4 192.0.2.1\r\n",                             # short line
    V2_SIGNATURE + bytes([0x21, 0x11, 0, 4, 1, 2, 3, 4]),    # address block too short
    b"\x16\x03\x01\x00\x05hello",                            # TLS straight away
], ids=["none", "bad-port", "short-v1", "short-v2", "tls-first"])
def test_missing_or_broken_header_closes(server, preamble):
    before = server.metrics()["tlsaccel_proxy_protocol_refused_total"]
    with socket.create_connection(server.host_port("http"), timeout=10) as s:
        s.sendall(preamble)
        s.settimeout(5)
        try:
            assert s.recv(65536) == b""
        except ConnectionResetError:
            pass
    assert server.metrics()["tlsaccel_proxy_protocol_refused_total"] == before + 1


def test_peers_outside_proxy_protocol_from_are_refused(start, docroot, certs, tmp_path):
    listeners = ('[[listener]]\naddress = "127.0.0.1:0"\ntls = false\nproxy_protocol = true\n'
                 'proxy_protocol_from = ["10.0.0.0/8", "::1"]\n')
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, listeners=listeners)
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    with socket.create_connection(s.host_port("http"), timeout=10) as c:
        c.sendall(v1("192.0.2.1", "192.0.2.2") + b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        c.settimeout(5)
        try:
            assert c.recv(65536) == b""
        except ConnectionResetError:
            pass
    assert s.metrics()["tlsaccel_proxy_protocol_refused_total"] == 1


def test_slow_header_is_cut_off_at_the_handshake_timeout(start, docroot, certs, tmp_path):
    listeners = '[[listener]]\naddress = "127.0.0.1:0"\ntls = false\nproxy_protocol = true\n'
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra="[timeouts]\nhandshake = 1\n",
                      listeners=listeners)
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    with socket.create_connection(s.host_port("http"), timeout=10) as c:
        c.sendall(b"PROXY TCP4 192.0.2.1 ")
        started = time.monotonic()
        c.settimeout(5)
        try:
            assert c.recv(1) == b""
        except ConnectionResetError:
            pass
        assert time.monotonic() - started < 4
    assert s.metrics()["tlsaccel_proxy_protocol_refused_total"] == 1


@pytest.fixture
def haproxy(tmp_path):
    """Debian's HAProxy in TCP mode in front of a port, sending PROXY v2;
    yields (start(target_port) -> haproxy's port)."""
    procs = []

    def _start(target_port):
        port = free_port()
        cfg = tmp_path / "haproxy.cfg"
        cfg.write_text(f"""
global
    maxconn 100
defaults
    mode tcp
    timeout connect 5s
    timeout client 30s
    timeout server 30s
frontend fe
    bind 127.0.0.1:{port}
    default_backend be
backend be
    server tlsaccel 127.0.0.1:{target_port} send-proxy-v2 source 127.0.0.1
""")
        proc = subprocess.Popen(["/usr/sbin/haproxy", "-db", "-f", str(cfg)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        procs.append(proc)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return port
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"haproxy did not start: {proc.stderr.read1().decode()}")

    yield _start
    for proc in procs:
        proc.terminate()
        proc.wait(10)


def test_behind_haproxy_send_proxy_v2(start, docroot, certs, tmp_path, haproxy):
    """HAProxy (mode tcp, send-proxy-v2) connects from 127.0.0.1; the client
    connects to HAProxy from 127.0.0.5: tlsaccel logs 127.0.0.5, over TLS
    (passed through by HAProxy) and plain HTTP. A client reaching tlsaccel
    directly from another address is refused even with a PROXY header."""
    listeners = """
[[listener]]
address = "127.0.0.1:0"
proxy_protocol = true
proxy_protocol_from = ["127.0.0.1"]
[[listener]]
address = "127.0.0.1:0"
tls = false
proxy_protocol = true
proxy_protocol_from = ["127.0.0.1"]
"""
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, listeners=listeners,
                      extra=f'[log]\naccess_log = "{tmp_path}/access.log"\n')
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    https_front = haproxy(s.host_port("https")[1])
    http_front = haproxy(s.host_port("http")[1])
    body = (docroot / "f16384.bin").read_bytes()
    r = subprocess.run(["curl", "-k", "-s", "--interface", "127.0.0.5", f"https://127.0.0.1:{https_front}/f16384.bin"],
                       capture_output=True, check=True)
    assert r.stdout == body
    r = subprocess.run(["curl", "-s", "--interface", "127.0.0.6", f"http://127.0.0.1:{http_front}/f16384.bin"],
                       capture_output=True, check=True)
    assert r.stdout == body
    # Directly, from an address not in proxy_protocol_from, with a forged header.
    with socket.socket() as c:
        c.bind(("127.0.0.7", 0))
        c.settimeout(5)
        c.connect(s.host_port("http"))
        c.sendall(v1("203.0.113.1", "127.0.0.1") + b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        try:
            assert c.recv(65536) == b""
        except ConnectionResetError:
            pass
    assert s.metrics()["tlsaccel_proxy_protocol_refused_total"] == 1
    clients = access_log_clients(tmp_path, 2)
    assert clients == ["127.0.0.5", "127.0.0.6"], clients
