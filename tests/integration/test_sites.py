"""Several sites on one server: the certificate by SNI (exact names, a
wildcard, the default for unknown names, or a refused handshake with
reject_unknown_sni), the site by Host, 421 when the Host's site has another
certificate than the one presented, site headers (HSTS) on every response
exactly once, and requests counted per site."""

import re
import socket
import ssl
import subprocess

import pytest

from conftest import BINARY, Reader, tls_client_context

def site_config(tmp_path, site_certs, backend, extra_tls=""):
    roots = {}
    for site in ["a", "b", "c", "d"]:
        roots[site] = tmp_path / f"www-{site}"
        roots[site].mkdir(exist_ok=True)
        (roots[site] / "index.html").write_text(f"site {site}\n")
    cert = lambda n: f'[[site.certificate]]\ncert = "{site_certs}/{n}.pem"\nkey = "{site_certs}/{n}.key"\n'
    text = f"""
workers = 1
[[listener]]
address = "127.0.0.1:0"
[[listener]]
address = "127.0.0.1:0"
tls = false
[tls]
{extra_tls}
[[upstream]]
name = "app"
servers = [{{ address = "{backend.address}" }}]
[[site]]
names = ["a.test"]
root = "{roots['a']}"
default = true
[site.headers]
"Strict-Transport-Security" = "max-age=63072000"
{cert('a')}
[[site.route]]
prefix = "/app/"
upstream = "app"
[[site]]
names = ["b.test"]
root = "{roots['b']}"
{cert('b')}
[[site]]
names = ["*.c.test"]
root = "{roots['c']}"
{cert('c')}
[[site]]
names = ["d.test"]
root = "{roots['d']}"
"""
    cfg = tmp_path / "sites.toml"
    cfg.write_text(text)
    return cfg


@pytest.fixture
def sites(start, tmp_path, site_certs, backend):
    return start("serve", "--config", str(site_config(tmp_path, site_certs, backend)),
                 "--admin-listen", "127.0.0.1:0")


def fetch(server, sni, host=None, path="/"):
    """One HTTPS request with SNI `sni` (None: none) and Host `host`."""
    raw = socket.create_connection(server.host_port("https"), timeout=10)
    with tls_client_context().wrap_socket(raw, server_hostname=sni) as s:
        der = s.getpeercert(binary_form=True)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host or sni or 'localhost'}\r\nConnection: close\r\n\r\n".encode())
        status, headers, body = Reader(s).response()
    cn = subprocess.run(["openssl", "x509", "-inform", "DER", "-noout", "-subject"], input=der,
                        capture_output=True, check=True).stdout.decode()
    return status, headers, body, re.search(r"CN ?= ?(\S+)", cn).group(1)


def test_certificate_by_sni_and_site_by_host(sites):
    expected = {"a.test": ("a.test", b"site a\n"), "b.test": ("b.test", b"site b\n"),
                "x.c.test": ("*.c.test", b"site c\n"), "deep.x.c.test": ("*.c.test", b"site c\n"),
                "d.test": ("a.test", b"site d\n"), "unknown.test": ("a.test", b"site a\n")}
    for name, (cn, body) in expected.items():
        status, _, got, subject = fetch(sites, name)
        assert (status, got, subject) == (200, body, cn), name
    # No SNI (an IP address): the default site's certificate and content.
    status, _, got, subject = fetch(sites, None, host="127.0.0.1")
    assert (status, got, subject) == (200, b"site a\n", "a.test")
    # curl --resolve as a user would, checked against the certificate's name.
    port = sites.host_port("https")[1]
    r = subprocess.run(["curl", "-s", "--cacert", "/dev/null", "-k", "--resolve", f"b.test:{port}:127.0.0.1",
                        f"https://b.test:{port}/"], capture_output=True, check=True)
    assert r.stdout == b"site b\n"
    # Plain HTTP: by Host only.
    host, port = sites.host_port("http")
    r = subprocess.run(["curl", "-s", "-H", "Host: x.c.test", f"http://{host}:{port}/"], capture_output=True)
    assert r.stdout == b"site c\n"


def test_openssl_sees_each_sites_certificate(sites):
    port = sites.host_port("https")[1]
    for name, cn in [("a.test", "a.test"), ("b.test", "b.test"), ("y.c.test", "*.c.test")]:
        r = subprocess.run(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", name],
                           input=b"", capture_output=True, timeout=20)
        assert re.search(rf"subject=.*CN ?= ?{re.escape(cn)}", r.stdout.decode()), r.stdout.decode()[:500]


def test_host_of_a_site_with_another_certificate_is_421(sites):
    status, _, body, _ = fetch(sites, "a.test", host="b.test")
    assert status == 421 and b"Misdirected Request" in body
    status, _, _, _ = fetch(sites, "b.test", host="x.c.test")
    assert status == 421
    # d.test has no certificate of its own: a.test's is presented for it, so
    # a connection made for a.test may carry requests for d.test.
    status, _, body, _ = fetch(sites, "a.test", host="d.test")
    assert (status, body) == (200, b"site d\n")
    # No SNI: the default certificate was presented.
    assert fetch(sites, None, host="b.test")[0] == 421


def test_site_headers_on_every_response_exactly_once(sites):
    port = sites.host_port("https")[1]

    def hsts(*args, path="/"):
        r = subprocess.run(["curl", "-k", "-s", "-D", "-", "-o", "/dev/null", "--resolve", f"a.test:{port}:127.0.0.1",
                            *args, f"https://a.test:{port}{path}"], capture_output=True, check=True)
        head = r.stdout.decode()
        status = int(head.split()[1])
        return status, re.findall(r"(?im)^strict-transport-security: (.*?)\r$", head)

    assert hsts() == (200, ["max-age=63072000"])
    _, headers, _, _ = fetch(sites, "a.test")
    assert hsts("-H", f"If-None-Match: {headers['etag']}") == (304, ["max-age=63072000"])
    assert hsts(path="/missing") == (404, ["max-age=63072000"])
    assert hsts(path="/app/echo") == (200, ["max-age=63072000"])
    # The back end sends its own: the site's value replaces it.
    assert hsts(path="/app/hsts") == (200, ["max-age=63072000"])
    # Other sites have none.
    assert "strict-transport-security" not in fetch(sites, "b.test")[1]


def test_requests_are_counted_per_site(sites):
    for name in ["a.test", "b.test", "b.test", "x.c.test"]:
        fetch(sites, name)
    m = sites.metrics()
    assert m['tlsaccel_requests_total{site="a.test"}'] == 1
    assert m['tlsaccel_requests_total{site="b.test"}'] == 2
    assert m['tlsaccel_requests_total{site="*.c.test"}'] == 1
    assert m['tlsaccel_requests_total{site="d.test"}'] == 0


def test_reject_unknown_sni(start, tmp_path, site_certs, backend):
    cfg = site_config(tmp_path, site_certs, backend, extra_tls="reject_unknown_sni = true")
    s = start("serve", "--config", str(cfg))
    assert fetch(s, "b.test")[0] == 200
    for name in ["unknown.test", None]:
        with pytest.raises(ssl.SSLError):
            fetch(s, name, host="a.test")


def test_start_up_log_lists_the_sites(sites, site_certs):
    log = sites.log_text()
    for name in ["a.test", "b.test", "*.c.test", "d.test"]:
        assert re.search(rf"site {re.escape(name)}: serving static files from \S+www-", log), log
    assert 'certificate site[2].certificate[0] (' in log and 'subject "CN=*.c.test"' in log


def test_check_config_warns_about_names_the_certificate_does_not_cover(tmp_path, site_certs):
    cfg = tmp_path / "w.toml"
    cfg.write_text(f'[[site]]\nnames = ["a.test", "www.a.test"]\n[[site.certificate]]\n'
                   f'cert = "{site_certs}/a.pem"\nkey = "{site_certs}/a.key"\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "ok\n"
    assert f'warning: {cfg}:2:20: site[0].names[1]: "www.a.test" is not among the names' in r.stderr


def test_sites_headers_and_421_over_http2(sites):
    """An HTTP/2 stream picks its site by :authority, gets its headers, and
    gets 421 when the connection's certificate is not its site's (curl
    sends the Host it is given as :authority)."""
    port = sites.host_port("https")[1]
    base = ["curl", "-sk", "--http2", "-w", "\n%{http_version} %{http_code}"]
    for name, body in [("a.test", "site a"), ("b.test", "site b"), ("x.c.test", "site c")]:
        r = subprocess.run(base + ["--resolve", f"{name}:{port}:127.0.0.1", f"https://{name}:{port}/"],
                           capture_output=True, text=True, check=True)
        assert r.stdout == f"{body}\n\n2 200", name
    r = subprocess.run(base + ["-D", "-", "--resolve", f"a.test:{port}:127.0.0.1", f"https://a.test:{port}/"],
                       capture_output=True, text=True, check=True)
    assert r.stdout.lower().count("strict-transport-security: max-age=63072000") == 1
    # SNI a.test, :authority b.test: another certificate, 421.
    r = subprocess.run(base + ["-o", "/dev/null", "-H", "Host: b.test", "--resolve", f"a.test:{port}:127.0.0.1",
                               f"https://a.test:{port}/"], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "2 421"
