"""ACME (issue 27): tlsaccel orders, serves, renews and shares certificates
with a real ACME CA, Pebble, on loopback (tests/acme_ca.py). Clients check
the served chain against the root Pebble made, as a browser checks Let's
Encrypt's."""

import os
import re
import signal
import socket
import ssl
import subprocess
import threading
import time

from pathlib import Path

import pytest
from acme_ca import Pebble, RateLimitingFront
from conftest import BINARY, free_port, wait_for

NAMES = ("a.example.com", "b.example.com")


@pytest.fixture
def ports():
    return {"https": free_port(), "http": free_port()}


@pytest.fixture
def pebble(tmp_path, ports):
    ca = Pebble(tmp_path / "pebble", http_port=ports["http"], tls_port=ports["https"])
    yield ca
    ca.stop()


def acme_config(tmp_path, ca, ports, *, challenges=("http-01",), acme_extra="", extra="",
                state_dir=None, address="127.0.0.1", plain=True, names=NAMES,
                directory=None, name="tlsaccel.toml", admin=False):
    """A configuration with one ACME site for `names` (static files), an
    HTTPS listener and (with `plain`) a plain one on the ports Pebble
    validates on."""
    root = tmp_path / "www"
    root.mkdir(exist_ok=True)
    (root / "index.html").write_text("hello from an ACME site\n")
    listeners = f'[[listener]]\naddress = "{address}:{ports["https"]}"\ntls = true\n'
    if plain:
        listeners += f'[[listener]]\naddress = "{address}:{ports["http"]}"\ntls = false\n'
    quoted = ", ".join(f'"{c}"' for c in challenges)
    site_names = ", ".join(f'"{n}"' for n in names)
    text = f"""workers = 2
{listeners}
{'[admin]' + chr(10) + 'listen = "127.0.0.1:0"' if admin else ''}
[acme]
directory = "{directory or ca.directory}"
email = "admin@example.com"
accept_terms = true
state_dir = "{state_dir or tmp_path / 'acme-state'}"
ca_file = "{ca.ca_file}"
challenges = [{quoted}]
retry_interval = 0.5
{acme_extra}
[[site]]
names = [{site_names}]
root = "{root}"
acme = true
{extra}"""
    path = tmp_path / name
    path.write_text(text)
    return path


def issued_count(server):
    return len(re.findall(r"certificate issued for", server.log_text()))


def fetch(port, name, root, address="127.0.0.1"):
    """GET / of `name` over a new TLS connection, the certificate verified
    against `root` for that name as a browser would (Python's ssl): the
    certificate's serial in hex, and the whole reply."""
    context = ssl.create_default_context(cafile=str(root))
    with socket.create_connection((address, port), timeout=10) as raw:
        with context.wrap_socket(raw, server_hostname=name) as tls:
            serial = tls.getpeercert()["serialNumber"].upper().lstrip("0")
            tls.sendall(f"GET / HTTP/1.1\r\nHost: {name}\r\nConnection: close\r\n\r\n".encode())
            reply = b""
            while chunk := tls.recv(65536):
                reply += chunk
    return serial, reply


def served_certificate(port, name, root, address="127.0.0.1"):
    """The serial of the certificate served for `name`, verified."""
    return fetch(port, name, root, address)[0]


def localhost_site(root, certs):
    """A site for localhost with the tests' ECDSA certificate files."""
    return f"""
[[site]]
names = ["localhost"]
root = "{root}"
[[site.certificate]]
cert = "{certs}/ecdsa.pem"
key = "{certs}/ecdsa.key"
"""


def openssl_verifies(port, name, root):
    out = subprocess.run(
        ["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", name,
         "-CAfile", str(root), "-verify_return_error", "-verify_hostname", name],
        input=b"", capture_output=True, timeout=20)
    return out.returncode == 0 and b"Verify return code: 0 (ok)" in out.stdout, out


@pytest.mark.parametrize("challenge", ["http-01", "tls-alpn-01"])
def test_empty_state_directory_gets_a_trusted_certificate_for_two_names(
        start, tmp_path, pebble, ports, challenge):
    # TLS-ALPN-01 needs no plain listener at all.
    cfg = acme_config(tmp_path, pebble, ports, challenges=(challenge,),
                      plain=challenge == "http-01", admin=True)
    s = start("serve", "--config", str(cfg))
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
    root = pebble.root()
    for name in NAMES:
        ok, out = openssl_verifies(ports["https"], name, root)
        assert ok, out.stdout.decode(errors="replace") + out.stderr.decode(errors="replace")
        _, reply = fetch(ports["https"], name, root)
        assert reply.startswith(b"HTTP/1.1 200") and reply.endswith(b"hello from an ACME site\n")
    log = s.log_text()
    assert f"answering {challenge} for a.example.com" in log
    assert f"answering {challenge} for b.example.com" in log
    assert "registered account" in log
    # Renewal follows the CA's window (Pebble has RFC 9773 renewal info).
    assert "renews at" in log and "within the CA's renewal window" in log
    # Key and chain stored for the serving account only.
    stored = tmp_path / "acme-state" / "certificates" / "a.example.com.pem"
    assert stored.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "acme-state").stat().st_mode & 0o777 == 0o700
    m = s.metrics()
    assert m['tlsaccel_acme_orders_total{result="issued"}'] == 1
    assert m['tlsaccel_acme_orders_total{result="failed"}'] == 0
    expiry = [v for k, v in m.items() if k.startswith("tlsaccel_acme_certificate_expiry_seconds")]
    assert len(expiry) == 1 and 89 * 86400 < expiry[0] <= 90 * 86400


@pytest.fixture
def short_lived_pebble(tmp_path, ports):
    ca = Pebble(tmp_path / "pebble", http_port=ports["http"], tls_port=ports["https"],
                shortlived_seconds=3600)
    yield ca
    ca.stop()


def test_served_as_nobody_the_state_directory_is_the_serving_accounts(
        start, tmp_path, pebble, ports):
    # Started as root, serving as nobody (the default): the state directory
    # is made for nobody before privileges go, and the acme thread, nobody
    # too, orders into it. /tmp, not pytest's root-only directory, so that
    # nobody can reach it.
    import pwd
    import shutil
    import tempfile

    if os.geteuid() != 0:
        pytest.skip("needs root to start as root and serve as nobody")
    base = Path(tempfile.mkdtemp(prefix="tlsaccel-acme-"))
    base.chmod(0o755)
    try:
        state = base / "state"
        cfg = acme_config(tmp_path, pebble, ports, state_dir=state)
        s = start("serve", "--config", str(cfg), as_root=False)
        wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
        assert "serving as user nobody" in s.log_text()
        nobody = pwd.getpwnam("nobody").pw_uid
        for path in [state, *state.rglob("*")]:
            assert path.stat().st_uid == nobody, path
        ok, out = openssl_verifies(ports["https"], "b.example.com", pebble.root())
        assert ok, out.stdout
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_a_reload_that_adds_an_acme_site_orders_its_certificate(start, tmp_path, pebble, ports,
                                                                 certs):
    plain = tmp_path / "plain.toml"
    plain.write_text(f"""
[[listener]]
address = "127.0.0.1:{ports['https']}"
[[listener]]
address = "127.0.0.1:{ports['http']}"
tls = false
{localhost_site(tmp_path, certs)}""")
    s = start("serve", "--config", str(plain))
    cfg = acme_config(tmp_path, pebble, ports, name="plain.toml")
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded: 1 site" in s.log_text(), what="the reload")
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
    ok, out = openssl_verifies(ports["https"], "a.example.com", pebble.root())
    assert ok, out.stdout
    assert cfg == plain


def test_renewal_under_load_loses_no_request_and_serves_the_new_serial(
        start, tmp_path, short_lived_pebble, ports):
    pebble = short_lived_pebble
    # The short-lived profile, renewed 10 s after issuance.
    cfg = acme_config(tmp_path, pebble, ports,
                      acme_extra='profile = "shortlived"\nrenew_before = 3590')
    s = start("serve", "--config", str(cfg))
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the first certificate")
    root = pebble.root()
    first = served_certificate(ports["https"], "a.example.com", root)
    seen, failures, stop = [], [], threading.Event()

    def client():
        # A fresh, verified handshake and a request each time, as new
        # visitors do, until told to stop.
        while not stop.is_set():
            try:
                serial, reply = fetch(ports["https"], "b.example.com", root)
                if not reply.startswith(b"HTTP/1.1 200"):
                    failures.append(reply[:100])
                seen.append(serial)
            except OSError as e:
                failures.append(repr(e))

    threads = [threading.Thread(target=client) for _ in range(2)]
    for t in threads:
        t.start()
    try:
        wait_for(lambda: issued_count(s) >= 2, timeout=60, what="the renewal")
        # The log writes the serial's bytes (a leading 0 kept), Python the number.
        second = re.findall(r"certificate issued for .*?\(serial (\w+)", s.log_text())[1].lstrip("0")
        wait_for(lambda: second in seen[-5:], timeout=10, what="clients on the new certificate")
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    assert failures == [], failures[:5]
    assert first in seen and second in seen and first != second
    assert served_certificate(ports["https"], "a.example.com", root) != first
    # The log keeps the DER bytes' leading zeros (one or two hex digits of
    # them), Python's serial has none.
    assert re.search(f"to replace serial 0*{first}\\b", s.log_text())
    assert "reload" not in s.log_text().lower()


def test_restart_reuses_account_and_certificate(start, tmp_path, pebble, ports):
    cfg = acme_config(tmp_path, pebble, ports)
    s = start("serve", "--config", str(cfg))
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
    root = pebble.root()
    serial = served_certificate(ports["https"], "a.example.com", root)
    assert s.stop() == 0
    again = start("serve", "--config", str(cfg))
    # Served from the first handshake: the stored one, before the thread
    # even asks the CA anything.
    assert served_certificate(ports["https"], "b.example.com", root) == serial
    wait_for(lambda: "renews at" in again.log_text(), timeout=30, what="the renewal time")
    log = again.log_text()
    assert "serving the stored certificate" in log
    assert "ordering" not in log and "registered account" not in log


def test_an_account_the_ca_forgot_is_registered_again(start, tmp_path, ports):
    # Pebble keeps accounts in memory: a new one at the same address knows
    # none, as after a staging reset.
    ca = Pebble(tmp_path / "pebble", http_port=ports["http"], tls_port=ports["https"])
    s = start("serve", "--config", str(acme_config(tmp_path, ca, ports)))
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
    assert s.stop() == 0
    ca.stop()
    ca = Pebble(tmp_path / "pebble-again", http_port=ports["http"], tls_port=ports["https"],
                port=ca.port)
    try:
        # A name more: a new order, signed with the account Pebble forgot.
        cfg = acme_config(tmp_path, ca, ports, names=(*NAMES, "c.example.com"))
        again = start("serve", "--config", str(cfg))
        wait_for(lambda: issued_count(again) == 1, timeout=60, what="the new certificate")
        log = again.log_text()
        assert "urn:ietf:params:acme:error:accountDoesNotExist" in log, log
        assert "the CA does not know this account (moved aside to" in log, log
        assert "registered account" in log
        ok, out = openssl_verifies(ports["https"], "c.example.com", ca.root())
        assert ok, out.stdout
    finally:
        ca.stop()


def test_corrupt_state_files_are_reported_moved_aside_and_made_anew(
        start, tmp_path, pebble, ports):
    cfg = acme_config(tmp_path, pebble, ports)
    s = start("serve", "--config", str(cfg))
    wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
    assert s.stop() == 0
    state = tmp_path / "acme-state"
    (account,) = (state / "accounts").glob("*.json")
    account.write_text('{"id": "truncated')
    (state / "certificates" / "a.example.com.pem").write_text("-----BEGIN CERTIFICATE-----\nnot base64!\n")
    again = start("serve", "--config", str(cfg))
    wait_for(lambda: issued_count(again) == 1, timeout=60, what="a new certificate")
    log = again.log_text()
    assert re.search(r"a\.example\.com\.pem: .* \(moved aside to .*\.corrupt-\d+\)", log), log
    assert re.search(r"accounts/.*\.json: .* \(moved aside to .*\); registering a new account", log), log
    assert len(list((state / "certificates").glob("a.example.com.pem.corrupt-*"))) == 1
    ok, out = openssl_verifies(ports["https"], "a.example.com", pebble.root())
    assert ok, out.stdout


def test_ca_unreachable_is_retried_while_other_sites_serve(start, tmp_path, pebble, ports,
                                                          certs):
    closed = free_port()
    cfg = acme_config(tmp_path, pebble, ports, extra=localhost_site(tmp_path / "www", certs),
                      directory=f"https://127.0.0.1:{closed}/dir")
    s = start("serve", "--config", str(cfg))
    wait_for(lambda: "order failed (attempt 2)" in s.log_text(), timeout=30,
             what="a second attempt")
    log = s.log_text()
    assert re.search(r"order failed \(attempt 1\): .*Connection refused.*; next attempt in 0\.5s", log), log
    # The other site serves meanwhile.
    out = subprocess.run(["curl", "-sS", "--cacert", f"{certs}/ecdsa.pem", "--resolve",
                          f"localhost:{ports['https']}:127.0.0.1",
                          f"https://localhost:{ports['https']}/"],
                         capture_output=True, timeout=20)
    assert out.returncode == 0 and out.stdout == b"hello from an ACME site\n", out
    # The ACME site has no certificate yet: refused, and said so.
    with pytest.raises(OSError):
        served_certificate(ports["https"], "a.example.com", certs / "ecdsa.pem")
    wait_for(lambda: "TLS handshake for a.example.com refused: its ACME certificate is not issued yet"
             in s.log_text(), what="the refusal's log line")


def test_site_certificate_files_serve_until_the_first_order_succeeds(
        start, tmp_path, pebble, ports):
    from conftest import make_certificate

    make_certificate(tmp_path, "fallback", "a.example.com", "DNS:a.example.com,DNS:b.example.com")
    cfg = acme_config(tmp_path, pebble, ports, directory=f"https://127.0.0.1:{free_port()}/dir")
    text = cfg.read_text() + (f'[[site.certificate]]\ncert = "{tmp_path}/fallback.pem"\n'
                              f'key = "{tmp_path}/fallback.key"\n')
    cfg.write_text(text)
    s = start("serve", "--config", str(cfg))
    assert served_certificate(ports["https"], "a.example.com", tmp_path / "fallback.pem")
    wait_for(lambda: "order failed (attempt 1)" in s.log_text(), timeout=30, what="a failed order")
    assert served_certificate(ports["https"], "b.example.com", tmp_path / "fallback.pem")
    assert "its certificate files serve until one is issued" in s.log_text()


def test_failed_challenge_is_logged_with_the_cas_words_and_retried(start, tmp_path, ports):
    # Pebble validates HTTP-01 on a port where nothing listens.
    ca = Pebble(tmp_path / "pebble", http_port=free_port(), tls_port=ports["https"])
    try:
        cfg = acme_config(tmp_path, ca, ports)
        s = start("serve", "--config", str(cfg))
        wait_for(lambda: "order failed (attempt 2)" in s.log_text(), timeout=60,
                 what="a second attempt")
        line = next(l for l in s.log_text().splitlines() if "order failed (attempt 1)" in l)
        assert "validation failed" in line and "urn:ietf:params:acme:error:connection" in line, line
        assert "handshakes for the site fail until one is issued" in line
        assert re.search(r"next attempt in 0\.5s", line), line
    finally:
        ca.stop()


def test_rate_limit_waits_as_long_as_the_ca_asked(start, tmp_path, pebble, ports):
    front = RateLimitingFront(pebble, refusals=1, retry_after=3)
    try:
        cfg = acme_config(tmp_path, pebble, ports, directory=front.directory)
        s = start("serve", "--config", str(cfg))
        wait_for(lambda: issued_count(s) == 1, timeout=60, what="the certificate")
        line = next(l for l in s.log_text().splitlines() if "order failed (attempt 1)" in l)
        assert "urn:ietf:params:acme:error:rateLimited" in line and "too many new orders" in line, line
        assert re.search(r"next attempt in [23]\.\ds as the CA asked \(Retry-After\)", line), line
        (refused_at, refused), (next_at, refused_again) = front.orders[:2]
        assert refused and not refused_again
        # Not the 0.5 s retry_interval: the CA's 3 s (less the time the
        # answer spent in flight).
        assert next_at - refused_at >= 2.5, front.orders
    finally:
        front.stop()


def test_two_instances_sharing_a_state_directory_order_once(start, tmp_path, pebble, ports):
    # Two machines behind one name: each name resolves to one of them, so
    # the CA validates one name on each, whichever ordered.
    pebble.resolve("b.example.com", "127.0.0.2")
    state = tmp_path / "shared-state"
    one = acme_config(tmp_path, pebble, ports, state_dir=state, name="one.toml")
    two = acme_config(tmp_path, pebble, ports, state_dir=state, name="two.toml",
                      address="127.0.0.2")
    # A third machine holds the lock as both start: they wait, then race
    # for it when it is released.
    state.mkdir(mode=0o700)
    (state / "order.lock").write_text("third pid 1 at 0\n")
    first = start("serve", "--config", str(one))
    second = start("serve", "--config", str(two))
    for s in (first, second):
        wait_for(lambda: "waiting for its order" in s.log_text(), what="both waiting")
    (state / "order.lock").unlink()
    root = pebble.root()
    serials = {}

    def both_serve():
        try:
            serials["one"] = served_certificate(ports["https"], "a.example.com", root)
            serials["two"] = served_certificate(ports["https"], "b.example.com", root,
                                                address="127.0.0.2")
            return True
        except OSError:
            return False

    wait_for(both_serve, timeout=60, what="both instances serving a trusted certificate")
    assert serials["one"] == serials["two"]
    logs = first.log_text() + second.log_text()
    assert len(re.findall(r"ordering a certificate", logs)) == 1, logs
    assert issued_count(first) + issued_count(second) == 1
    # The name the orderer did not own was validated by the other one, from
    # the answers shared in the state directory.
    assert "answered an HTTP-01 validation request" in first.log_text()
    assert "answered an HTTP-01 validation request" in second.log_text()


def test_check_config_says_what_acme_needs(tmp_path):
    def check(text):
        cfg = tmp_path / "check.toml"
        cfg.write_text(text)
        r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True,
                           text=True, timeout=20)
        return r.returncode, r.stdout + r.stderr

    code, out = check("""
[[listener]]
address = "127.0.0.1:8443"
[acme]
directory = "http://ca.test/dir"
challenges = ["http-01", "dns-01"]
[[site]]
names = ["*.example.com", "example.com"]
acme = true
""")
    assert code == 1
    assert re.search(r"site\[0\]\.names\[0\]: .*wildcard certificate needs the DNS-01 challenge", out), out
    assert re.search(r"acme\.accept_terms: must be true", out), out
    assert re.search(r"acme\.directory: .*must be an https:// URL", out), out
    assert re.search(r"acme\.challenges\[1\]: dns-01 is not answered by tlsaccel", out), out
    assert re.search(r"acme\.challenges: http-01 needs a plain listener", out), out

    code, out = check("""
[[listener]]
address = "127.0.0.1:8443"
[acme]
accept_terms = true
email = "admin@example.com"
[[site]]
names = ["example.com", "www.example.com"]
acme = true
""")
    assert (code, out.strip()) == (0, "ok"), out
