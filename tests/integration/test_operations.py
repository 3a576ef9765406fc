"""Operating tlsaccel in production: reload (SIGHUP) under load, binary
upgrade (SIGUSR2) under load, session-ticket keys shared by two processes
(directly and behind HAProxy in mode tcp), log reopening (SIGUSR1),
privilege drop, systemd notification and socket activation, pid files."""

import hashlib
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import threading
import time
from pathlib import Path

import pytest

from conftest import (BINARY, ECDSA, Server, config_file, curl, free_port, make_certificate, process_gone,
                      task_files, wait_for)

ROOT = os.geteuid() == 0




def peer_fingerprint(port, server_name="localhost"):
    """SHA-256 of the certificate a fresh TLS connection is shown."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with ctx.wrap_socket(raw, server_hostname=server_name) as s:
            return hashlib.sha256(s.getpeercert(binary_form=True)).hexdigest()


def pem_fingerprint(pem_path):
    der = ssl.PEM_cert_to_DER_cert(Path(pem_path).read_text())
    return hashlib.sha256(der).hexdigest()


def wrk(url, seconds, connections=20, extra=()):
    """Runs wrk; returns its output. Errors and non-2xx answers show as
    'Socket errors' and 'Non-2xx or 3xx responses' lines."""
    r = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", *extra, url],
                       capture_output=True, text=True, timeout=seconds + 60)
    assert r.returncode == 0, r.stderr
    return r.stdout


def assert_clean(wrk_output):
    assert "Socket errors" not in wrk_output, wrk_output
    assert "Non-2xx" not in wrk_output, wrk_output
    requests = int(re.search(r"(\d+) requests in", wrk_output).group(1))
    assert requests > 100, wrk_output
    return requests


def fresh_connections(port, stop, failures, count):
    """New TLS connections (a full handshake each), one request each, until
    `stop` is set; every failure is recorded."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
                with ctx.wrap_socket(raw, server_hostname="localhost") as s:
                    s.sendall(b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    data = b""
                    while chunk := s.recv(65536):
                        data += chunk
            if not data.startswith(b"HTTP/1.1 200"):
                failures.append(data[:100])
            count.append(1)
        except (OSError, ssl.SSLError) as e:
            failures.append(repr(e))


def config(tmp_path, docroot, *, port=0, cert="cert", extra_top="", extra="", user="root"):
    cfg = tmp_path / "tlsaccel.toml"
    top = f'user = "{user}"\n' if user and ROOT else ""
    cfg.write_text(f"""{top}{extra_top}workers = 2
pid_file = "{tmp_path}/tlsaccel.pid"
[[listener]]
address = "127.0.0.1:{port}"
[tls]
certificate = [{{ cert = "{tmp_path}/{cert}.pem", key = "{tmp_path}/{cert}.key" }}]
{extra}
[static]
root = "{docroot}"
[admin]
listen = "127.0.0.1:0"
""")
    return cfg


def two_certificates(tmp_path):
    """a.pem/b.pem for localhost, and cert.pem (a copy of a) in use."""
    for name in ("a", "b"):
        make_certificate(tmp_path, name, "localhost", "DNS:localhost,IP:127.0.0.1", ECDSA)
    install_certificate(tmp_path, "a")


def install_certificate(tmp_path, name):
    """Replaces cert.pem/key.pem as a renewal tool does: new files renamed
    over the old."""
    for ext in ("pem", "key"):
        shutil.copy(tmp_path / f"{name}.{ext}", tmp_path / f"cert.{ext}.new")
        os.replace(tmp_path / f"cert.{ext}.new", tmp_path / f"cert.{ext}")


def test_reload_under_load_changes_certificate_without_a_failed_request(start, docroot, tmp_path):
    two_certificates(tmp_path)
    cfg = config(tmp_path, docroot)
    s = start("serve", "--config", str(cfg))
    port = s.host_port()[1]
    assert peer_fingerprint(port) == pem_fingerprint(tmp_path / "a.pem")

    stop, failures, count = threading.Event(), [], []
    handshakes = threading.Thread(target=fresh_connections, args=(port, stop, failures, count))
    handshakes.start()
    out = {}
    load = threading.Thread(target=lambda: out.setdefault("wrk", wrk(s.url("/index.html"), 10)))
    load.start()
    time.sleep(0.5)
    for i in range(10):
        install_certificate(tmp_path, "b" if i % 2 == 0 else "a")
        s.proc.send_signal(signal.SIGHUP)
        time.sleep(0.8)
    load.join()
    stop.set()
    handshakes.join()

    assert_clean(out["wrk"])
    assert failures == [], failures[:5]
    assert len(count) > 50
    log = s.log_text()
    assert log.count("reloaded: 1 site, 1 listener") == 10, log[-3000:]
    # The last reload installed a.pem... then b is installed and loaded:
    install_certificate(tmp_path, "b")
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: s.log_text().count("reloaded:") == 11, what="the 11th reload")
    assert peer_fingerprint(port) == pem_fingerprint(tmp_path / "b.pem")
    m = s.metrics()
    assert m['tlsaccel_reloads_total{result="ok"}'] == 11
    assert m['tlsaccel_reloads_total{result="failed"}'] == 0


def test_broken_configuration_on_reload_keeps_the_old_one(start, docroot, tmp_path):
    two_certificates(tmp_path)
    cfg = config(tmp_path, docroot)
    s = start("serve", "--config", str(cfg))
    good = cfg.read_text()
    broken = good.replace("[static]", "[static]\nno_such_key = 1") \
                 .replace(f"{tmp_path}/cert.key", f"{tmp_path}/missing.key") \
             + "[limits]\nmax_header_bytes = 5\n"
    cfg.write_text(broken)
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reload failed" in s.log_text(), what="the failed reload")
    log = s.log_text()
    assert "reload failed (3 errors): still serving the previous configuration" in log, log
    assert re.search(r"reload: .*tlsaccel\.toml:\d+:\d+: static\.no_such_key: unknown field", log), log
    assert "missing.key" in log and "limits.max_header_bytes" in log, log
    assert curl("-k", s.url("/index.html")).stdout == b"<h1>root index</h1>\n"
    assert s.metrics()['tlsaccel_reloads_total{result="failed"}'] == 1

    # A key that cannot change without a restart is named, the rest applies.
    cfg.write_text(good.replace("workers = 2", "workers = 1"))
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded:" in s.log_text(), what="the good reload")
    assert "reload: workers changed: takes effect at the next start or binary upgrade" in s.log_text()


def test_reload_applies_sites_headers_and_listeners(start, docroot, tmp_path):
    two_certificates(tmp_path)
    cfg = config(tmp_path, docroot)
    s = start("serve", "--config", str(cfg))
    port = s.host_port()[1]
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    kept = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=10),
                           server_hostname="localhost")

    def ask(sock):
        sock.sendall(b"GET /index.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data or not data.endswith(b"</h1>\n"):
            data += sock.recv(65536)
        return data.decode()

    assert "X-Reloaded" not in ask(kept)
    second = free_port()
    text = cfg.read_text().replace(
        "[static]",
        f'[[listener]]\naddress = "127.0.0.1:{second}"\ntls = false\n'
        '[[site]]\nnames = ["localhost"]\n'
        f'root = "{docroot}"\nheaders = {{ "X-Reloaded" = "yes" }}\n[static]')
    cfg.write_text(text)
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded: 2 sites, 2 listeners" in s.log_text(), what="the reload")
    # The kept-alive connection's next exchange uses the new configuration.
    assert "X-Reloaded: yes" in ask(kept)
    assert "X-Reloaded: yes" in curl("-si", "-H", "Host: localhost",
                                     f"http://127.0.0.1:{second}/index.html").stdout.decode()

    # The first listener removed: its port refuses; the connection on it
    # is answered what it asks, on the configuration it started with, and
    # then closed (`Connection: close`), as at shutdown.
    cfg.write_text(text.replace('[[listener]]\naddress = "127.0.0.1:0"\n', "", 1))
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded: 2 sites, 1 listener," in s.log_text(), what="the second reload")
    assert f"127.0.0.1:0: no longer listening" in s.log_text()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=5)
    last = ask(kept)
    assert "200 OK" in last and "Connection: close" in last
    kept.settimeout(5)
    assert kept.recv(100) == b""
    kept.close()
    assert curl("-s", f"http://127.0.0.1:{second}/index.html").stdout == b"<h1>root index</h1>\n"


def test_reload_command_and_pid_file(start, docroot, tmp_path):
    two_certificates(tmp_path)
    cfg = config(tmp_path, docroot)
    s = start("serve", "--config", str(cfg))
    pid_file = tmp_path / "tlsaccel.pid"
    assert pid_file.read_text() == f"{s.proc.pid}\n"
    r = subprocess.run([str(BINARY), "reload", "--pid-file", str(pid_file)], capture_output=True, text=True)
    assert r.returncode == 0 and f"sent SIGHUP to pid {s.proc.pid}" in r.stdout, r
    wait_for(lambda: "reloaded:" in s.log_text(), what="the reload")
    assert s.stop() == 0
    assert not pid_file.exists()
    r = subprocess.run([str(BINARY), "reload", "--pid-file", str(pid_file)], capture_output=True, text=True)
    assert r.returncode == 1 and str(pid_file) in r.stderr, r


def copy_of_binary(tmp_path):
    """The binary at a path of the test's own, to replace under the server."""
    path = tmp_path / "bin" / "tlsaccel"
    path.parent.mkdir(exist_ok=True)
    shutil.copy(BINARY, path)
    return path


def test_binary_upgrade_under_load_without_a_failed_request(docroot, tmp_path):
    two_certificates(tmp_path)
    port, admin = free_port(), free_port()
    cfg = config(tmp_path, docroot, port=port)
    # A fixed admin port: the new process takes it over too.
    cfg.write_text(cfg.read_text().replace('listen = "127.0.0.1:0"', f'listen = "127.0.0.1:{admin}"'))
    binary = copy_of_binary(tmp_path)
    pid_file = tmp_path / "tlsaccel.pid"
    log = open(tmp_path / "server.log", "wb")
    old = subprocess.Popen([str(binary), "serve", "--config", str(cfg)], stdout=log, stderr=subprocess.STDOUT)
    new_pid = None
    try:
        wait_for(lambda: pid_file.exists() and pid_file.read_text() == f"{old.pid}\n", what="the pid file")
        stop, failures, count = threading.Event(), [], []
        handshakes = threading.Thread(target=fresh_connections, args=(port, stop, failures, count))
        handshakes.start()
        out = {}
        load = threading.Thread(target=lambda: out.setdefault(
            "wrk", wrk(f"https://127.0.0.1:{port}/index.html", 6)))
        load.start()
        time.sleep(1.5)
        old.send_signal(signal.SIGUSR2)
        assert old.wait(30) == 0
        new_pid = int(pid_file.read_text())
        assert new_pid != old.pid
        load.join()
        stop.set()
        handshakes.join()
        assert_clean(out["wrk"])
        assert failures == [], failures[:5]
        text = (tmp_path / "server.log").read_text()
        assert f"the new process (pid {new_pid}) serves: this one no longer accepts" in text, text
        assert "using 2 socket(s) from the previous process" in text, text
        assert curl("-k", f"https://127.0.0.1:{port}/index.html").stdout == b"<h1>root index</h1>\n"
        metrics = curl("-s", f"http://127.0.0.1:{admin}/metrics").stdout.decode()
        assert 'tlsaccel_reloads_total{result="ok"} 0' in metrics

        # A new binary that cannot start: the serving one stays, and says why.
        broken = binary.with_name("broken")
        broken.write_text("#!/bin/sh\necho 'new binary: cannot start' >&2\nexit 3\n")
        broken.chmod(0o755)
        os.replace(broken, binary)
        os.kill(new_pid, signal.SIGUSR2)
        wait_for(lambda: "binary upgrade (SIGUSR2) failed" in (tmp_path / "server.log").read_text(),
                 what="the failed upgrade")
        text = (tmp_path / "server.log").read_text()
        assert "new binary: cannot start" in text
        assert re.search(r"exited with exit status: 3 before serving.*still serving", text), text
        assert int(pid_file.read_text()) == new_pid
        assert curl("-k", f"https://127.0.0.1:{port}/index.html").stdout == b"<h1>root index</h1>\n"
    finally:
        if old.poll() is None:
            old.kill()
        if new_pid:
            os.kill(new_pid, signal.SIGTERM)
            wait_for(lambda: process_gone(new_pid), what="the new process to exit")
        log.close()


def ticket_key(path):
    path.write_bytes(os.urandom(80))
    path.chmod(0o600)
    return path


def s_client(port, *args, version="-tls1_3"):
    """One openssl s_client connection with one request; its output."""
    r = subprocess.run(
        ["openssl", "s_client", "-connect", f"127.0.0.1:{port}", "-servername", "localhost",
         version, "-ign_eof", *args],
        input=b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        capture_output=True, timeout=30)
    return r.stdout.decode(errors="replace")


def resumed(port, session_file, version):
    out = s_client(port, "-sess_in", str(session_file), version=version)
    assert "root index" in out, out[-2000:]
    return "Reused," in out


def keyed_server(start, docroot, tmp_path, name, keys):
    d = tmp_path / name
    d.mkdir(exist_ok=True)
    for ext in ("pem", "key"):
        shutil.copy(tmp_path / f"a.{ext}", d / f"cert.{ext}")
    files = ", ".join(f'"{k}"' for k in keys)
    cfg = config(d, docroot, extra=f"ticket_key_files = [{files}]")
    return start("serve", "--config", str(cfg)), cfg


@pytest.mark.parametrize("version", ["-tls1_2", "-tls1_3"])
def test_shared_ticket_keys_resume_across_instances_and_rotate(start, docroot, tmp_path, version):
    make_certificate(tmp_path, "a", "localhost", "DNS:localhost,IP:127.0.0.1", ECDSA)
    old_key, new_key = ticket_key(tmp_path / "ticket.key"), ticket_key(tmp_path / "ticket.key.new")
    one, _ = keyed_server(start, docroot, tmp_path, "one", [old_key])
    two, two_cfg = keyed_server(start, docroot, tmp_path, "two", [old_key])
    session = tmp_path / "session.pem"
    out = s_client(one.host_port()[1], "-sess_out", str(session), version=version)
    assert "root index" in out and session.stat().st_size > 0, out[-2000:]
    assert resumed(two.host_port()[1], session, version), "a session from one does not resume on two"

    # Rotation on two: the new key first, the old second. Old tickets resume.
    two_cfg.write_text(two_cfg.read_text().replace(f'["{old_key}"]', f'["{new_key}", "{old_key}"]'))
    two.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reloaded:" in two.log_text(), what="the rotation")
    assert "2 key(s) from tls.ticket_key_files" in two.log_text()
    assert resumed(two.host_port()[1], session, version)
    # The old key removed: its tickets no longer resume (a full handshake).
    two_cfg.write_text(two_cfg.read_text().replace(f', "{old_key}"]', "]"))
    two.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: two.log_text().count("reloaded:") == 2, what="the removal")
    assert not resumed(two.host_port()[1], session, version)
    for key in (old_key, new_key):
        secret = key.read_bytes()
        for shown in (secret.hex(), secret.hex().upper(), str(list(secret[:4]))[:-1]):
            assert shown not in two.log_text(), "a key file's content was logged"


def test_ticket_key_files_are_checked(tmp_path, docroot):
    make_certificate(tmp_path, "cert", "localhost", "DNS:localhost", ECDSA)
    short = tmp_path / "short.key"
    short.write_bytes(os.urandom(32))
    public = tmp_path / "public.key"
    public.write_bytes(os.urandom(80))
    public.chmod(0o644)
    cfg = config(tmp_path, docroot, extra=f'ticket_key_files = ["{short}", "{public}", "{tmp_path}/none.key"]')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 1
    assert re.search(r"tls\.ticket_key_files\[0\]: session ticket key .*short\.key: 32 bytes; expected 80", r.stderr), r.stderr
    assert re.search(r"tls\.ticket_key_files\[2\]: session ticket key .*none\.key: cannot read", r.stderr), r.stderr
    assert re.search(r"warning: .*tls\.ticket_key_files\[1\]: .*public\.key is readable by every user", r.stderr), r.stderr


def test_shared_ticket_keys_behind_haproxy_round_robin(start, docroot, tmp_path):
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not os.path.exists(haproxy):
        pytest.skip("haproxy is not installed (scripts/test.sh installs it)")
    make_certificate(tmp_path, "a", "localhost", "DNS:localhost,IP:127.0.0.1", ECDSA)
    key = ticket_key(tmp_path / "ticket.key")
    one, _ = keyed_server(start, docroot, tmp_path, "one", [key])
    two, _ = keyed_server(start, docroot, tmp_path, "two", [key])
    front = free_port()
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(f"""
defaults
    mode tcp
    timeout connect 5s
    timeout client 30s
    timeout server 30s
frontend tls
    bind 127.0.0.1:{front}
    default_backend fleet
backend fleet
    balance roundrobin
    server one 127.0.0.1:{one.host_port()[1]}
    server two 127.0.0.1:{two.host_port()[1]}
""")
    proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", front)) == 0, what="haproxy")
        session = tmp_path / "session.pem"
        out = s_client(front, "-sess_out", str(session), version="-tls1_3")
        assert "root index" in out, out[-2000:]
        reused = [resumed(front, session, "-tls1_3") for _ in range(4)]
        assert reused == [True] * 4, reused
        # Both instances took part.
        for s in (one, two):
            assert s.metrics()["tlsaccel_tls_handshakes_total"] >= 2
    finally:
        proc.terminate()
        proc.wait(10)


def test_sigusr1_reopens_the_logs(docroot, tmp_path):
    two_certificates(tmp_path)
    port = free_port()
    cfg = config(tmp_path, docroot, port=port)
    cfg.write_text(cfg.read_text() + f'[log]\naccess_log = "{tmp_path}/access.log"\nerror_log = "{tmp_path}/error.log"\n')
    error_log, access_log = tmp_path / "error.log", tmp_path / "access.log"
    proc = subprocess.Popen([str(BINARY), "serve", "--config", str(cfg)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    try:
        # The start-up lines go to the error log, not to standard error.
        wait_for(lambda: error_log.exists() and "started" in error_log.read_text(), what="the start")
        url = f"https://127.0.0.1:{port}/index.html"
        curl("-k", url + "?before")
        wait_for(lambda: "before" in access_log.read_text(), what="the first access line")
        os.rename(access_log, tmp_path / "access.log.1")
        os.rename(error_log, tmp_path / "error.log.1")
        proc.send_signal(signal.SIGUSR1)
        wait_for(lambda: error_log.exists() and "reopened the log files" in error_log.read_text(),
                 what="the error log reopened")
        curl("-k", url + "?after")
        wait_for(lambda: access_log.exists() and "after" in access_log.read_text(), what="the access log reopened")
        assert "after" not in (tmp_path / "access.log.1").read_text()
        assert "before" in (tmp_path / "access.log.1").read_text()
        assert "started" in (tmp_path / "error.log.1").read_text()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        assert proc.stdout.read() == b"", "nothing on standard error/output when logging to a file"
        assert "stopped" in error_log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()


def test_dist_logrotate_snippet_rotates_a_running_server(start, docroot, tmp_path):
    logrotate = shutil.which("logrotate") or "/usr/sbin/logrotate"
    if not os.path.exists(logrotate):
        pytest.skip("logrotate is not installed (scripts/test.sh installs it)")
    two_certificates(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    cfg = config(tmp_path, docroot)
    cfg.write_text(cfg.read_text() + f'[log]\naccess_log = "{logs}/access.log"\n')
    s = start("serve", "--config", str(cfg))
    curl("-k", s.url("/index.html?before"))
    wait_for(lambda: "before" in (logs / "access.log").read_text(), what="the first access line")
    snippet = (BINARY.parents[2] / "dist" / "logrotate").read_text()
    snippet = snippet.replace("/var/log/tlsaccel", str(logs)).replace("/run/tlsaccel/tlsaccel.pid",
                                                                       str(tmp_path / "tlsaccel.pid"))
    conf = tmp_path / "logrotate.conf"
    conf.write_text(snippet)
    r = subprocess.run([logrotate, "-f", "-s", str(tmp_path / "state"), str(conf)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "before" in (logs / "access.log.1").read_text()
    curl("-k", s.url("/index.html?after"))
    wait_for(lambda: (logs / "access.log").exists() and "after" in (logs / "access.log").read_text(),
             what="the new access log")
    assert "after" not in (logs / "access.log.1").read_text()


def thread_uids(pid):
    uids = set()
    for status in task_files(pid, "status").values():
        for line in status.splitlines():
            if line.startswith("Uid:"):
                uids.add(tuple(int(x) for x in line.split()[1:]))
    return uids


@pytest.mark.skipif(not ROOT, reason="privilege drop needs root")
@pytest.mark.parametrize("user", ["nobody", None])
def test_started_as_root_serves_as_the_configured_user(start, docroot, tmp_path, user):
    two_certificates(tmp_path)
    # Readable by others, as a document root for an unprivileged user is
    # (pytest's own directories are root's only).
    www = tmp_path / "www"
    www.mkdir(mode=0o755)
    shutil.copy(docroot / "index.html", www / "index.html")
    cfg = config(tmp_path, www, user=user)
    s = start("serve", "--config", str(cfg), as_root=False)
    nobody = int(subprocess.run(["id", "-u", "nobody"], capture_output=True, text=True).stdout)
    # The master stays root (test_master.py); every thread of the process
    # it serves from, workers included, has every uid (real, effective,
    # saved) nobody's.
    serving = int(re.search(r"started: \d+ workers, pid (\d+) \(serving process of master pid "
                            + str(s.proc.pid), s.log_text()).group(1))
    assert thread_uids(serving) == {(nobody,) * 4}
    assert thread_uids(s.proc.pid) == {(0,) * 4}
    assert re.search(r"serving as user nobody \(uid \d+\), group nogroup", s.log_text())
    if user is None:
        assert "started as root with no user configured" in s.log_text()
    # The key was read as root (it is root's only) and the files are served.
    assert oct((tmp_path / "cert.key").stat().st_mode & 0o777) == "0o600"
    assert curl("-k", s.url("/index.html")).stdout == b"<h1>root index</h1>\n"


@pytest.mark.skipif(not ROOT, reason="needs root")
def test_user_root_is_explicit_and_unknown_users_are_refused(start, docroot, tmp_path):
    two_certificates(tmp_path)
    s = start("serve", "--config", str(config(tmp_path, docroot, user="root")), as_root=False)
    assert 'serving as root, as configured (user = "root")' in s.log_text()
    assert thread_uids(s.proc.pid) == {(0, 0, 0, 0)}
    bad = config(tmp_path, docroot, user="no-such-user-here")
    r = subprocess.run([str(BINARY), "check-config", str(bad)], capture_output=True, text=True)
    assert r.returncode == 1 and 'user: no user "no-such-user-here" on this machine' in r.stderr, r.stderr


def test_systemd_notify_and_socket_activation(docroot, tmp_path):
    two_certificates(tmp_path)
    port = free_port()
    cfg = config(tmp_path, docroot, port=port)
    notify_path = tmp_path / "notify.sock"
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(notify_path))
    notify.settimeout(20)
    env = dict(os.environ, NOTIFY_SOCKET=str(notify_path))
    log = open(tmp_path / "server.log", "wb")
    # systemd-socket-activate binds the port and starts tlsaccel at the
    # first connection, passing the socket as systemd does (LISTEN_FDS).
    proc = subprocess.Popen(["systemd-socket-activate", "-l", f"127.0.0.1:{port}", "-E", "NOTIFY_SOCKET",
                             str(BINARY), "serve", "--config", str(cfg)],
                            stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        wait_for(lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, what="the activation socket")
        assert curl("-k", f"https://127.0.0.1:{port}/index.html").stdout == b"<h1>root index</h1>\n"
        text = (tmp_path / "server.log").read_text()
        assert f"127.0.0.1:{port}: using 1 socket(s) from systemd" in text, text
        assert notify.recv(4096) == b"READY=1"
        proc.send_signal(signal.SIGHUP)
        reloading = notify.recv(4096).decode()
        assert re.fullmatch(r"RELOADING=1\nMONOTONIC_USEC=\d+", reloading), reloading
        usec = int(reloading.rsplit("=", 1)[1])
        assert abs(usec / 1e6 - time.clock_gettime(time.CLOCK_MONOTONIC)) < 30
        assert notify.recv(4096) == b"READY=1"
        proc.send_signal(signal.SIGTERM)
        assert notify.recv(4096) == b"STOPPING=1"
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        log.close()
        notify.close()


def test_systemd_unit_is_valid():
    unit = BINARY.parents[2] / "dist" / "tlsaccel.service"
    text = unit.read_text()
    for line in ["Type=notify", "NotifyAccess=all", "ExecReload=/bin/kill -HUP $MAINPID",
                 "NoNewPrivileges=yes", "ProtectSystem=strict", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE"]:
        assert line in text, line
    if shutil.which("systemd-analyze"):
        r = subprocess.run(["systemd-analyze", "verify", "--man=no", str(unit)], capture_output=True, text=True)
        # Only the binary's install path may be missing on a test machine.
        problems = [l for l in (r.stderr + r.stdout).splitlines()
                    if l.strip() and "/usr/local/bin/tlsaccel" not in l and "Failed to prepare" not in l]
        assert not problems, r.stderr + r.stdout


def start_one_plain_listener(start, docroot, tmp_path, admin=False):
    """One worker behind one plain listener, and reload_with(option), which
    reloads it with `option` added to that listener (the same socket)."""
    listener = '[[listener]]\naddress = "127.0.0.1:0"\ntls = false\n'
    extra = '[admin]\nlisten = "127.0.0.1:0"\n' if admin else ""
    cfg = config_file(tmp_path, docroot, workers=1, listeners=listener, extra=extra)
    s = start("serve", "--config", str(cfg))

    def reload_with(option):
        config_file(tmp_path, docroot, workers=1, listeners=f"{listener}{option}\n", extra=extra)
        s.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: "reloaded:" in s.log_text(), what="the reload")

    return s, reload_with


def test_a_connection_is_accepted_once_it_has_sent_something(start, docroot, tmp_path):
    """Listeners defer accept (`TCP_DEFER_ACCEPT`) by default: a client
    that has connected and sent nothing costs the worker nothing yet, and is
    served as soon as it speaks. `defer_accept = false` (here by reload, on
    the same socket) accepts at once."""
    s, reload_with = start_one_plain_listener(start, docroot, tmp_path, admin=True)
    url = s.url("/index.html", "http")
    accepted = lambda: s.metrics()["tlsaccel_connections_total"]

    def accepted_while_silent():
        """How many connections the worker accepted between a silent
        connection's connect and a later request's answer (one worker
        accepts in arrival order: 2 if the silent one was accepted, 1 if
        not); None when that took too long to tell (the kernel accepts a
        silent connection after about a second)."""
        before = accepted()
        with socket.create_connection(s.host_port("http"), timeout=10) as silent:
            began = time.monotonic()
            assert curl("-s", url).stdout == b"<h1>root index</h1>\n"
            count = accepted() - before
            quick = time.monotonic() - began < 0.9
            # Served as soon as it speaks.
            silent.sendall(b"GET /index.html HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := silent.recv(65536):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 200 OK\r\n") and answer.endswith(b"<h1>root index</h1>\n")
        return count if quick else None

    counts = [accepted_while_silent() for _ in range(3)]
    assert 1 in counts and 2 not in counts, counts

    reload_with("defer_accept = false")
    before = accepted()
    with socket.create_connection(s.host_port("http"), timeout=10):
        wait_for(lambda: accepted() == before + 1, what="the silent connection accepted")


TCP_NOTSENT_LOWAT = 25  # linux/tcp.h


def server_socket_option(pid, client, level, option):
    """An option of the server's end of the connection `client` has made:
    the server's socket is found by the client's port (/proc/PID/net/tcp,
    then /proc/PID/fd), duplicated into this process with pidfd_getfd(2)
    and asked with getsockopt."""
    import ctypes

    port = f"{client.getsockname()[1]:04X}"

    def server_fd():
        inodes = set()
        for line in Path(f"/proc/{pid}/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[2].endswith(f":{port}"):  # rem_address: our client
                inodes.add(fields[9])
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except FileNotFoundError:
                continue
            if target.startswith("socket:[") and target[8:-1] in inodes:
                return int(fd)
        return None

    fd = wait_for(server_fd, what="the server's socket of the connection")
    libc = ctypes.CDLL(None, use_errno=True)
    pidfd = os.pidfd_open(pid)
    try:
        ours = libc.syscall(438, pidfd, fd, 0)  # pidfd_getfd
        assert ours >= 0, os.strerror(ctypes.get_errno())
    finally:
        os.close(pidfd)
    with socket.socket(fileno=ours) as dup:
        return dup.getsockopt(level, option)


@pytest.mark.skipif(not ROOT, reason="pidfd_getfd needs to be allowed to trace the server")
def test_connections_bound_their_unsent_data(start, docroot, tmp_path):
    """Every accepted connection holds at most 32 KiB unsent
    (`TCP_NOTSENT_LOWAT`, inherited from the listener: no syscall per
    connection); `notsent_lowat = 0` (here by reload, on the same socket)
    leaves the system's setting."""
    s, reload_with = start_one_plain_listener(start, docroot, tmp_path)

    def lowat_of_a_new_connection():
        with socket.create_connection(s.host_port("http"), timeout=10) as c:
            c.sendall(b"GET /index.html HTTP/1.1\r\n")  # accepted, then waits for the rest
            return server_socket_option(s.proc.pid, c, socket.IPPROTO_TCP, TCP_NOTSENT_LOWAT)

    assert lowat_of_a_new_connection() == 32 * 1024
    reload_with("notsent_lowat = 0")
    assert lowat_of_a_new_connection() == 0
