"""TLS to back ends (`[[upstream]] tls = true`), against Debian's nginx as
the HTTPS back end with a CA made by the test: verified connections,
session resumption, pooling, a wrong CA or name refused with a 502 and a
log line saying why, mutual TLS with a client certificate, health checks
and WebSocket tunnels over TLS, and the configuration checks."""

import hashlib
import os
import re
import subprocess
import time

import pytest

from conftest import BINARY, Reader, config_file, connect, curl, nginx, upstream_config, tls_client_context, wait_for
from ws_echo import WsEcho


def openssl(*args):
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_ca(d, name):
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "30", "-subj", f"/CN={name}", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            "-keyout", str(d / f"{name}.key"), "-out", str(d / f"{name}.pem"))


def issue(d, ca, name, cn, extensions):
    """NAME.pem/NAME.key signed by CA, with the given v3 extensions."""
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-subj", f"/CN={cn}", "-keyout", str(d / f"{name}.key"), "-out", str(d / f"{name}.csr"))
    (d / f"{name}.ext").write_text(extensions)
    openssl("x509", "-req", "-in", str(d / f"{name}.csr"), "-CA", str(d / f"{ca}.pem"),
            "-CAkey", str(d / f"{ca}.key"), "-CAcreateserial", "-days", "30",
            "-extfile", str(d / f"{name}.ext"), "-out", str(d / f"{name}.pem"))


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("pki")
    make_ca(d, "ca")
    make_ca(d, "other-ca")
    issue(d, "ca", "backend", "backend.test",
          "subjectAltName=DNS:backend.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    issue(d, "ca", "client", "tlsaccel-client", "extendedKeyUsage=clientAuth\n")
    return d


def https_backend(pki, docroot, extra="", protocols="TLSv1.2 TLSv1.3"):
    return f"""
    server {{
        listen 127.0.0.1:{{port}} ssl;
        ssl_protocols {protocols};
        ssl_certificate {pki}/backend.pem;
        ssl_certificate_key {pki}/backend.key;
        root {docroot};
        {extra}
        location /app/who {{
            return 200 "proto=$ssl_protocol reused=$ssl_session_reused client=$ssl_client_s_dn conn=$connection\\n";
        }}
        location /app/healthz {{ return 204; }}
    }}"""


def tls_upstream(port, pki, extra=""):
    return upstream_config([f"127.0.0.1:{port}"], extra_upstream=f'tls = true\ntls_ca_file = "{pki}/ca.pem"\n{extra}')


def who(server, path="/app/who"):
    r = curl("-k", "-s", "-w", "\n%{http_code}", server.url(path), check=False)
    body, _, status = r.stdout.decode().rpartition("\n")
    return int(status), body


@pytest.mark.parametrize("protocol", ["TLSv1.3", "TLSv1.2"])
def test_verified_resumed_and_pooled(start, docroot, tmp_path, pki, protocol):
    with nginx(tmp_path, https_backend(pki, docroot, protocols=protocol)) as port:
        # keepalive = 0: every request a new TLS connection, so resumption shows.
        cfg = config_file(tmp_path, docroot, workers=1, extra=tls_upstream(port, pki, "keepalive = 0"))
        s = start("serve", "--config", str(cfg))
        answers = [who(s) for _ in range(4)]
        assert all(status == 200 for status, _ in answers), answers
        assert all(f"proto={protocol}" in body for _, body in answers), answers
        assert "reused=." in answers[0][1]
        assert all("reused=r" in body for _, body in answers[1:]), answers

    www = tmp_path / "www"
    (www / "app").mkdir(parents=True)
    (www / "app" / "big.bin").write_bytes(os.urandom(20 << 20))
    with nginx(tmp_path, https_backend(pki, www)) as port:
        # Pooled like plain connections: one back-end connection for a
        # client's 10 requests, and a large file byte-exact through it.
        cfg = config_file(tmp_path, docroot, workers=1, name="pooled.toml",
                          extra=tls_upstream(port, pki, 'tls_server_name = "backend.test"'))
        s = start("serve", "--config", str(cfg))
        with connect(s) as sock:
            reader = Reader(sock)
            conns = set()
            for _ in range(10):
                sock.sendall(b"GET /app/who HTTP/1.1\r\nHost: x\r\n\r\n")
                status, _, body = reader.response()
                assert status == 200
                conns.add(re.search(rb"conn=(\d+)", body).group(1))
            assert len(conns) == 1, conns
        out = tmp_path / "big.out"
        curl("-k", "-o", str(out), s.url("/app/big.bin"))
        assert hashlib.sha256(out.read_bytes()).digest() == \
            hashlib.sha256((www / "app" / "big.bin").read_bytes()).digest()


@pytest.mark.parametrize("case, extra, reason", [
    ("wrong CA", 'tls_ca_file = "{pki}/other-ca.pem"', "invalid peer certificate: UnknownIssuer"),
    ("wrong name", 'tls_server_name = "other.test"', 'certificate not valid for name "other.test"'),
])
def test_verification_failures_are_502_with_the_reason(start, docroot, tmp_path, pki, case, extra, reason):
    with nginx(tmp_path, https_backend(pki, docroot)) as port:
        upstream = tls_upstream(port, pki, extra.format(pki=pki))
        if "tls_ca_file" in extra:
            upstream = upstream.replace(f'tls_ca_file = "{pki}/ca.pem"\n', "", 1)
        cfg = config_file(tmp_path, docroot, workers=1, extra=upstream)
        s = start("serve", "--config", str(cfg))
        status, body = who(s)
        assert status == 502 and "UnknownIssuer" not in body and "127.0.0.1" not in body
        log = s.log_text()
        line = next(l for l in log.splitlines() if "back end failed" in l)
        assert f"back_end=127.0.0.1:{port}" in line and "TLS handshake failed" in line and reason in line, line


def test_mutual_tls_with_a_client_certificate(start, docroot, tmp_path, pki):
    context = https_backend(pki, docroot, f"ssl_verify_client on;\n        ssl_client_certificate {pki}/ca.pem;")
    with nginx(tmp_path, context) as port:
        cfg = config_file(tmp_path, docroot, workers=1, extra=tls_upstream(port, pki))
        s = start("serve", "--config", str(cfg))
        # Without a certificate nginx refuses the request itself.
        assert who(s)[0] == 400
        cfg = config_file(tmp_path, docroot, workers=1, name="mtls.toml", extra=tls_upstream(
            port, pki, f'tls_cert = "{pki}/client.pem"\ntls_key = "{pki}/client.key"'))
        s = start("serve", "--config", str(cfg))
        status, body = who(s)
        assert status == 200 and "client=CN=tlsaccel-client" in body, body


def test_health_checks_over_tls(start, docroot, tmp_path, pki):
    check = 'health_check = { path = "/app/healthz", interval = 0.2, timeout = 1, fails = 1, passes = 1 }'
    with nginx(tmp_path, https_backend(pki, docroot)) as port:
        key = f'tlsaccel_upstream_up{{upstream="app",server="127.0.0.1:{port}"}}'
        good = config_file(tmp_path, docroot, workers=1, extra=tls_upstream(port, pki, check))
        s = start("serve", "--config", str(good), "--admin-listen", "127.0.0.1:0")
        bad = config_file(tmp_path, docroot, workers=1, name="bad.toml", extra=tls_upstream(
            port, pki, check).replace(f"{pki}/ca.pem", f"{pki}/other-ca.pem"))
        t = start("serve", "--config", str(bad), "--admin-listen", "127.0.0.1:0")
        # Servers start in the rotation: the untrusted one leaves it at its
        # first check, and one check of the trusted one has passed by then.
        wait_for(lambda: t.metrics()[key] == 0, timeout=10, what="the untrusted back end to leave the rotation")
        wait_for(lambda: "TLS handshake failed" in t.log_text(), timeout=10, what="the failed check's log line")
        assert s.metrics()[key] == 1


def test_websocket_through_a_tls_back_end(start, docroot, tmp_path, pki):
    import ssl

    from ws_client import ws_connect

    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(pki / "backend.pem", pki / "backend.key")
    ws = WsEcho(ssl_context=ctx)
    try:
        cfg = config_file(tmp_path, docroot, workers=1, extra=f"""
[[upstream]]
name = "ws"
servers = [{{ address = "{ws.address}" }}]
tls = true
tls_ca_file = "{pki}/ca.pem"
[[route]]
prefix = "/ws/"
upstream = "ws"
""")
        s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0")
        for url, ssl_ctx in [(f"ws://{s.http}/ws/echo", None), (f"wss://{s.https}/ws/echo", tls_client_context())]:
            with ws_connect(url, ssl=ssl_ctx, max_size=None, ping_interval=None, open_timeout=10) as conn:
                data = os.urandom(3 << 20)
                conn.send(data)
                assert conn.recv(timeout=30) == data
                conn.send("text")
                assert conn.recv(timeout=10) == "text"
    finally:
        ws.stop()


@pytest.mark.parametrize("extra, expected", [
    ('tls = true\ntls_cert = "/nonexistent.pem"', "upstream[0].tls_key: tls_cert needs its tls_key"),
    ('tls = true\ntls_ca_file = "/nonexistent/ca.pem"', "upstream[0].tls_ca_file: CA file /nonexistent/ca.pem: cannot read"),
    ('tls_server_name = "x.test"', "upstream[0].tls_server_name: applies with tls = true only"),
    ('tls = true\ntls_cert = "{pki}/client.pem"\ntls_key = "{pki}/backend.key"', "does not match certificate"),
])
def test_tls_upstream_configuration_is_checked(tmp_path, docroot, pki, extra, expected):
    cfg = config_file(tmp_path, docroot, extra=upstream_config(["127.0.0.1:9"], extra_upstream=extra.format(pki=pki)))
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode != 0 and expected in r.stdout + r.stderr, r.stdout + r.stderr
