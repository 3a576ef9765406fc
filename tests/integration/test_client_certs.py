"""Client certificates (mutual TLS, issue 30) against the real binary:
a PKI made with `openssl ca` (a good client, one from another CA, an
expired one, a revoked one in a CRL, one through an intermediate), curl
and `openssl s_client` as clients, Python's ssl for keep-alive across a
reload, and tests/backend.py showing what a back end is told."""

import http.client
import json
import re
import signal
import socket
import ssl
import subprocess
import urllib.parse

import pytest

from backend import Backend
from conftest import BINARY, curl, wait_for

CA_CONFIG = """
[ca]
default_ca = this
[this]
dir = {dir}
database = {dir}/index.txt
serial = {dir}/serial
crlnumber = {dir}/crlnumber
new_certs_dir = {dir}/issued
certificate = {dir}/{name}.pem
private_key = {dir}/{name}.key
default_md = sha256
default_crl_days = 30
policy = anything
copy_extensions = none
unique_subject = no
[anything]
commonName = supplied
organizationName = optional
[client]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = clientAuth
[server]
basicConstraints = critical,CA:FALSE
subjectAltName = DNS:secure.test,DNS:optional.test,DNS:open.test
extendedKeyUsage = serverAuth
[intermediate]
basicConstraints = critical,CA:TRUE,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
"""


def openssl(*args, cwd=None):
    subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=cwd)


class Ca:
    """A CA run by `openssl ca`, in its own directory."""

    def __init__(self, d, name, issuer=None):
        self.dir, self.name = d / name, name
        self.dir.mkdir()
        (self.dir / "issued").mkdir()
        (self.dir / "index.txt").write_text("")
        (self.dir / "serial").write_text("1000\n")
        (self.dir / "crlnumber").write_text("1000\n")
        self.config = self.dir / "ca.cnf"
        self.config.write_text(CA_CONFIG.format(dir=self.dir, name=name))
        key = self.dir / f"{name}.key"
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key))
        if issuer is None:
            openssl("req", "-x509", "-new", "-key", str(key), "-days", "30", "-subj", f"/CN={name}",
                    "-addext", "basicConstraints=critical,CA:TRUE",
                    "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-out", str(self.pem))
        else:
            csr = self.dir / f"{name}.csr"
            openssl("req", "-new", "-key", str(key), "-subj", f"/CN={name}", "-out", str(csr))
            issuer.sign(csr, self.pem, "intermediate")

    @property
    def pem(self):
        return self.dir / f"{self.name}.pem"

    def sign(self, csr, out, extensions, dates=("-days", "30")):
        openssl("ca", "-batch", "-config", str(self.config), "-extensions", extensions, *dates,
                "-in", str(csr), "-out", str(out), "-notext")

    def issue(self, name, subject, extensions="client", dates=("-days", "30")):
        """NAME.pem and NAME.key in the CA's directory."""
        key, csr, pem = (self.dir / f"{name}.{x}" for x in ("key", "csr", "pem"))
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", str(key))
        openssl("req", "-new", "-key", str(key), "-subj", subject, "-out", str(csr))
        self.sign(csr, pem, extensions, dates)
        return pem, key

    def revoke(self, pem):
        openssl("ca", "-config", str(self.config), "-revoke", str(pem))

    def crl(self, out):
        openssl("ca", "-config", str(self.config), "-gencrl", "-out", str(out))
        return out


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    d = tmp_path_factory.mktemp("mtls")
    ca, other = Ca(d, "clients-ca"), Ca(d, "other-ca")
    sub = Ca(d, "sub-ca", issuer=ca)
    p = {"dir": d, "ca": ca, "sub": sub}
    p["server"] = ca.issue("server", "/CN=secure.test", "server")
    p["alice"] = ca.issue("alice", "/O=Example, Inc/CN=alice")
    p["bob"] = ca.issue("bob", "/CN=bob")
    p["stranger"] = other.issue("stranger", "/CN=stranger")
    p["expired"] = ca.issue("expired", "/CN=expired",
                            dates=("-startdate", "20200101000000Z", "-enddate", "20200201000000Z"))
    p["revoked"] = ca.issue("revoked", "/CN=revoked")
    p["deep"] = sub.issue("deep", "/CN=deep")
    ca.revoke(p["revoked"][0])
    p["crl"] = ca.crl(d / "clients.crl")
    # The chain a client through the intermediate sends.
    chain = d / "deep-chain.pem"
    chain.write_text(p["deep"][0].read_text() + sub.pem.read_text())
    p["deep-chain"] = (chain, p["deep"][1])
    return p


def mtls_config(tmp_path, pki, backend, site_root, depth=1):
    server_pem, server_key = pki["server"]

    def site(name, extra=""):
        return f"""
[[site]]
names = ["{name}"]
root = "{site_root}"
{extra}
[[site.certificate]]
cert = "{server_pem}"
key = "{server_key}"
[[site.route]]
prefix = "/app/"
upstream = "app"
"""
    client_auth = f'[site.client_auth]\nca = "{pki["ca"].pem}"\ncrl = ["{pki["crl"]}"]\n'
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""workers = 2
[[listener]]
address = "127.0.0.1:0"
[[upstream]]
name = "app"
servers = [{{ address = "{backend.address}" }}]
""" + site("open.test", "default = true")
        + site("secure.test", client_auth + f'mode = "required"\ndepth = {depth}\n')
        + site("optional.test", client_auth + 'mode = "optional"\nverify_header = "X-SSL-Verify"\n')
        + """[[site.route]]
prefix = "/plain/"
upstream = "app"
client_certificate = "required"
""")
    return cfg


@pytest.fixture
def site_root(tmp_path):
    root = tmp_path / "www"
    root.mkdir()
    (root / "index.html").write_text("hello\n")
    return root


@pytest.fixture
def backend():
    b = Backend("b1")
    yield b
    b.stop()


def https_port(s):
    return s.host_port("https")[1]


def get(s, pki, host, path, who=None, extra=(), http2=False):
    """(curl's exit code, status, body) for https://HOST/PATH as `who`."""
    args = ["-s", "--cacert", str(pki["ca"].pem), "--resolve", f"{host}:{https_port(s)}:127.0.0.1",
            "-w", "\n%{http_code}", *extra]
    if who:
        cert, key = pki[who]
        args += ["--cert", str(cert), "--key", str(key)]
    if http2:
        args.append("--http2")
    r = curl(*args, f"https://{host}:{https_port(s)}{path}", check=False)
    body, _, status = r.stdout.decode().rpartition("\n")
    return r.returncode, int(status or 0), body


def echoed(body):
    """The headers tests/backend.py saw, lower-cased names."""
    return {k.lower(): v for k, v in json.loads(body)["headers"]}


def test_required_site_refuses_in_the_handshake_and_tells_the_back_end(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root)),
              "--admin-listen", "127.0.0.1:0")
    code, status, body = get(s, pki, "secure.test", "/index.html", "alice")
    assert (code, status, body) == (0, 200, "hello\n")
    # Each refusal is a failed handshake: curl never gets an HTTP answer.
    for who in [None, "stranger", "expired", "revoked"]:
        code, status, _ = get(s, pki, "secure.test", "/index.html", who)
        assert code != 0 and status == 0, who
    m = s.metrics()
    assert m['tlsaccel_tls_handshake_failures_by_reason_total{reason="client_certificate"}'] == 4
    assert "client certificate refused" in s.log_text()
    # The back end sees the verified subject and certificate, never the
    # client's own copies of those fields.
    forged = ["-H", "X-Client-Verify: SUCCESS", "-H", "X-Client-Subject: CN=root",
              "-H", "x-client-cert: forged"]
    code, status, body = get(s, pki, "secure.test", "/app/echo", "alice", forged)
    assert status == 200, body
    seen = echoed(body)
    assert seen["x-client-verify"] == "SUCCESS"
    assert seen["x-client-subject"] == "O=Example\\, Inc,CN=alice"
    sent = urllib.parse.unquote(seen["x-client-cert"])
    assert sent.strip() == pki["alice"][0].read_text().strip()
    assert [k for k, _ in json.loads(body)["headers"]].count("X-Client-Verify") == 1
    # The same over HTTP/2.
    code, status, body = get(s, pki, "secure.test", "/app/echo", "bob", forged, http2=True)
    assert status == 200 and echoed(body)["x-client-subject"] == "CN=bob"
    # The open site never asks; forged fields still never reach its back end
    # only where a site asks for certificates: here they pass as sent.
    code, status, body = get(s, pki, "open.test", "/app/echo")
    assert status == 200 and "x-client-verify" not in echoed(body)


def test_depth_bounds_the_chain(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root, depth=0)))
    assert get(s, pki, "secure.test", "/index.html", "alice")[1] == 200
    assert get(s, pki, "secure.test", "/index.html", "deep-chain")[1] == 0
    cfg = mtls_config(tmp_path, pki, backend, site_root, depth=1)
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded: " in s.log_text(), what="the reload")
    assert get(s, pki, "secure.test", "/index.html", "deep-chain")[1] == 200
    assert cfg.exists()


def test_optional_site_passes_the_verdict_and_routes_can_require(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root)),
              "--admin-listen", "127.0.0.1:0")
    # No certificate: served, and the back end is told so.
    code, status, body = get(s, pki, "optional.test", "/app/echo", None, ["-H", "X-SSL-Verify: SUCCESS"])
    assert status == 200
    seen = echoed(body)
    assert seen["x-ssl-verify"] == "NONE" and "x-client-subject" not in seen
    # A certificate from another CA: the handshake goes on, the verdict
    # says why, and no subject is passed that could pass for verified.
    code, status, body = get(s, pki, "optional.test", "/app/echo", "stranger")
    assert status == 200
    seen = echoed(body)
    assert seen["x-ssl-verify"] == "FAILED:unknown issuer" and "x-client-subject" not in seen
    assert echoed(get(s, pki, "optional.test", "/app/echo", "expired")[2])["x-ssl-verify"] == "FAILED:expired"
    assert echoed(get(s, pki, "optional.test", "/app/echo", "revoked")[2])["x-ssl-verify"] == "FAILED:revoked"
    ok = echoed(get(s, pki, "optional.test", "/app/echo", "alice")[2])
    assert ok["x-ssl-verify"] == "SUCCESS" and ok["x-client-subject"] == "O=Example\\, Inc,CN=alice"
    # A route that requires one answers 403 to all but a valid one.
    assert get(s, pki, "optional.test", "/plain/echo")[1] == 403
    assert get(s, pki, "optional.test", "/plain/echo", "stranger")[1] == 403
    assert get(s, pki, "optional.test", "/plain/echo", "alice")[1] == 200
    assert s.metrics()["tlsaccel_client_certificate_refused_total"] == 2


def test_a_connection_made_for_another_name_is_misdirected(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root)))
    port = https_port(s)
    # SNI of the open site, Host of the secure one: 421, not a way around
    # the certificate the secure site requires.
    code, status, _ = get(s, pki, "open.test", "/index.html", None, ["-H", "Host: secure.test"])
    assert status == 421
    # A certificate asked for by the optional site does not open the
    # required one either (its policy differs).
    code, status, _ = get(s, pki, "optional.test", "/index.html", "alice", ["-H", "Host: secure.test"])
    assert status == 421
    # No SNI at all: the default (open) site's handshake.
    ctx = ssl.create_default_context(cafile=str(pki["ca"].pem))
    ctx.check_hostname = False
    with socket.create_connection(("127.0.0.1", port)) as raw, ctx.wrap_socket(raw) as tls:
        tls.sendall(b"GET /index.html HTTP/1.1\r\nHost: secure.test\r\nConnection: close\r\n\r\n")
        assert tls.recv(100).startswith(b"HTTP/1.1 421 ")


def test_a_reloaded_crl_applies_to_open_and_resumed_connections(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root)))
    port = https_port(s)
    carol = pki["ca"].issue("carol", "/CN=carol")
    pki["carol"] = carol
    ctx = ssl.create_default_context(cafile=str(pki["ca"].pem))
    ctx.load_cert_chain(str(carol[0]), str(carol[1]))
    ctx.maximum_version = ssl.TLSVersion.TLSv1_2  # the session is there at once

    def connection(session=None):
        conn = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=10)
        conn.sock = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port)),
                                    server_hostname="secure.test", session=session)
        return conn

    def status(conn):
        conn.request("GET", "/index.html", headers={"Host": "secure.test"})
        r = conn.getresponse()
        r.read()
        return r.status

    kept = connection()
    assert status(kept) == 200
    session = kept.sock.session
    # Carol's certificate is revoked; the CA's new list is reloaded.
    pki["ca"].revoke(carol[0])
    pki["ca"].crl(pki["crl"])
    try:
        s.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: "reloaded: " in s.log_text(), what="the reload")
        # The open connection's next request is judged again.
        assert status(kept) == 403
        # A resumed session carries carol's chain: judged again too.
        resumed = connection(session)
        assert resumed.sock.session_reused
        assert status(resumed) == 403
        # A new handshake is refused outright.
        assert get(s, pki, "secure.test", "/index.html", "carol")[1] == 0
        assert get(s, pki, "secure.test", "/index.html", "alice")[1] == 200
    finally:
        kept.close()


def test_s_client_sees_the_request_for_a_certificate_only_where_asked(start, tmp_path, pki, backend, site_root):
    s = start("serve", "--config", str(mtls_config(tmp_path, pki, backend, site_root)))
    port = https_port(s)

    def acceptable_cas(name):
        r = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", name,
                            "-CAfile", str(pki["ca"].pem)],
                           input=b"", capture_output=True, timeout=20)
        out = r.stdout.decode()
        return "No client certificate CA names sent" not in out and "CN = clients-ca" in out
    assert acceptable_cas("optional.test")
    assert not acceptable_cas("open.test")

    def s_client(who, request=b"GET /index.html HTTP/1.1\r\nHost: secure.test\r\nConnection: close\r\n\r\n"):
        args = ["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", "secure.test",
                "-CAfile", str(pki["ca"].pem), "-quiet", "-ign_eof"]
        if who:
            args += ["-cert", str(pki[who][0]), "-key", str(pki[who][1])]
        r = subprocess.run(args, input=request, capture_output=True, timeout=20)
        return r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    out, _ = s_client("alice")
    assert out.startswith("HTTP/1.1 200 ") and out.endswith("hello\n")
    # Refused with the alert that says why (TLS 1.3's certificate_required).
    out, err = s_client(None)
    assert out == "" and "alert certificate required" in err, err
    out, err = s_client("stranger")
    assert out == "" and "alert unknown ca" in err, err


def test_client_auth_is_checked(tmp_path, pki):
    cfg = tmp_path / "check.toml"
    cfg.write_text(f"""[static]
root = "{tmp_path}"
[[route]]
prefix = "/x/"
static = true
client_certificate = "required"
[[site]]
names = ["a.test"]
[site.client_auth]
ca = "{tmp_path}/missing.pem"
mode = "sometimes"
depth = 99
crl = ["{pki['ca'].pem}"]
subject_header = "bad header"
""")
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    text = r.stdout + r.stderr
    assert r.returncode == 1, text
    for key in ["route[0].client_certificate", "site[0].client_auth.mode", "site[0].client_auth.depth",
                "site[0].client_auth.subject_header", "site[0].client_auth.ca"]:
        assert key in text, (key, text)
    assert re.search(r":6:.*add \[tls.client_auth\]", text), text
