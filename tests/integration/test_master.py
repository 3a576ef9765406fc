"""The master process (issue 28): started as root to serve as another
account, tlsaccel keeps a root master that reads keys and binds ports, and
serves from a process that runs as that account with no capability. Keys
and configuration here are root's only (0700, keys 0600), as certbot
leaves /etc/letsencrypt."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.request

import pytest
from conftest import BINARY, ECDSA, curl, free_port, make_certificate, process_gone, task_files, wait_for
from test_operations import (assert_clean, fresh_connections, peer_fingerprint, pem_fingerprint,
                             wrk)

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the master process is started as root")

NOBODY = int(subprocess.run(["id", "-u", "nobody"], capture_output=True, text=True).stdout or 65534)


def root_only_setup(tmp_path, *, port, extra=""):
    """Certificates a and b for localhost, a installed as cert.pem/cert.key,
    and the configuration, all in a 0700 directory of root's; the document
    root readable by all, as a site's files are."""
    etc = tmp_path / "etc"
    etc.mkdir(mode=0o700)
    for name in ("a", "b"):
        make_certificate(etc, name, "localhost", "DNS:localhost,IP:127.0.0.1", ECDSA)
        (etc / f"{name}.key").chmod(0o600)
    install(etc, "a")
    www = tmp_path / "www"
    www.mkdir(mode=0o755)
    (www / "index.html").write_text("<h1>root index</h1>\n")
    with open(www / "big.bin", "wb") as f:
        f.write(os.urandom(1 << 20) * 16)
    (www / "big.bin").chmod(0o644)
    cfg = etc / "tlsaccel.toml"
    cfg.write_text(f"""workers = 2
pid_file = "{tmp_path}/tlsaccel.pid"
[[listener]]
address = "127.0.0.1:{port}"
[tls]
certificate = [{{ cert = "{etc}/cert.pem", key = "{etc}/cert.key" }}]
[static]
root = "{www}"
[admin]
listen = "127.0.0.1:0"
{extra}""")
    cfg.chmod(0o600)
    return etc, cfg


def install(etc, name):
    """A renewal as certbot does it: new files renamed over the old."""
    for ext in ("pem", "key"):
        shutil.copy(etc / f"{name}.{ext}", etc / f"cert.{ext}.new")
        os.replace(etc / f"cert.{ext}.new", etc / f"cert.{ext}")


def serving_pid(server):
    """The newest serving process, as it logged its start."""
    found = re.findall(r"started: \d+ workers, pid (\d+) \(serving process of master pid (\d+)\)",
                       server.log_text())
    assert found, server.log_text()
    return int(found[-1][0])


def statuses(pid):
    """{field: set of values over every thread} of /proc/PID/task/*/status."""
    fields = {}
    for text in task_files(pid, "status").values():
        for line in text.splitlines():
            name, _, value = line.partition(":")
            fields.setdefault(name, set()).add(value.strip())
    return fields


def test_serving_process_runs_as_nobody_with_no_capability(start, tmp_path):
    _, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False)
    serving = serving_pid(s)
    assert f"master process (pid {s.proc.pid}) started" in s.log_text()
    # Every thread of the serving process: every uid and gid nobody's, no
    # capability in any set, the bounding set included.
    st = statuses(serving)
    assert st["Uid"] == {f"{NOBODY}\t{NOBODY}\t{NOBODY}\t{NOBODY}"}, st["Uid"]
    assert len(st["Gid"]) == 1 and "0" not in next(iter(st["Gid"])).split("\t"), st["Gid"]
    for cap in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"):
        assert st[cap] == {"0000000000000000"}, (cap, st[cap])
    assert len(task_files(serving, "status")) >= 3  # workers and the control thread
    # The master: root, with root's capabilities (docs/operations.md), and
    # one thread: it serves nothing.
    master = statuses(s.proc.pid)
    assert master["Uid"] == {"0\t0\t0\t0"}
    assert master["CapEff"] != {"0000000000000000"}
    assert len(task_files(s.proc.pid, "status")) == 1
    # It is the pid file's process.
    assert (tmp_path / "tlsaccel.pid").read_text() == f"{s.proc.pid}\n"
    assert curl("-k", s.url("/index.html")).stdout == b"<h1>root index</h1>\n"
    # The status page names both processes.
    status = json.loads(urllib.request.urlopen(f"http://{s.admin}/status.json", timeout=10).read())
    assert (status["process"]["pid"], status["process"]["master_pid"]) == (serving, s.proc.pid)


def test_reload_reads_root_only_keys_under_load_without_a_failed_request(start, tmp_path):
    etc, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False)
    port = s.host_port()[1]
    first = serving_pid(s)
    assert peer_fingerprint(port) == pem_fingerprint(etc / "a.pem")
    stop, failures, count = threading.Event(), [], []
    handshakes = threading.Thread(target=fresh_connections, args=(port, stop, failures, count))
    handshakes.start()
    out = {}
    load = threading.Thread(target=lambda: out.setdefault("wrk", wrk(s.url("/index.html"), 6)))
    load.start()
    try:
        time.sleep(1)
        install(etc, "b")
        s.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: "reload: serving process pid" in s.log_text(), what="the reload")
        wait_for(lambda: process_gone(first), what="the previous serving process to finish")
    finally:
        load.join()
        stop.set()
        handshakes.join()
    assert_clean(out["wrk"])
    assert failures == [], failures[:5]
    assert len(count) > 20
    assert peer_fingerprint(port) == pem_fingerprint(etc / "b.pem")
    log = s.log_text()
    assert "Permission denied" not in log and "reload failed" not in log, log
    assert f"master: the previous serving process (pid {first}) finished (exit status: 0)" in log
    # A reload whose configuration does not check changes nothing.
    cfg.write_text(cfg.read_text() + "\nno_such_key = 1\n")
    s.proc.send_signal(signal.SIGHUP)
    wait_for(lambda: "reload failed" in s.log_text(), what="the refused reload")
    assert peer_fingerprint(port) == pem_fingerprint(etc / "b.pem")


def privileged_port():
    """A port below 1024 that nothing listens on here."""
    for port in range(1023, 900, -1):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    pytest.skip("no free port below 1024")


def test_a_reload_adds_a_listener_on_a_port_below_1024(start, tmp_path):
    _, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False)
    low = privileged_port()
    cfg.write_text(cfg.read_text() + f'\n[[listener]]\naddress = "127.0.0.1:{low}"\ntls = false\n')
    # As certbot's deploy hook or an operator would: the pid file names the
    # master, which gets the SIGHUP.
    r = subprocess.run([str(BINARY), "reload", "--pid-file", str(tmp_path / "tlsaccel.pid")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and f"sent SIGHUP to pid {s.proc.pid}" in r.stdout, r
    wait_for(lambda: f"listening on http://127.0.0.1:{low}" in s.log_text(), what="the new listener")
    assert curl(f"http://127.0.0.1:{low}/index.html").stdout == b"<h1>root index</h1>\n"
    assert curl("-k", s.url("/index.html")).stdout == b"<h1>root index</h1>\n"
    assert statuses(serving_pid(s))["Uid"] == {f"{NOBODY}\t{NOBODY}\t{NOBODY}\t{NOBODY}"}


def test_a_killed_serving_process_is_replaced_and_no_connection_is_refused(start, tmp_path):
    _, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False)
    port = s.host_port()[1]
    killed = serving_pid(s)
    os.kill(killed, signal.SIGKILL)
    t0 = time.monotonic()
    # A client that keeps trying: it is never refused (the master holds
    # the sockets); its request waits in the backlog for the new process.
    while True:
        try:
            out = subprocess.run(["curl", "-sk", "--max-time", "5", s.url("/index.html")],
                                 capture_output=True, timeout=10)
        except subprocess.TimeoutExpired:
            out = None
        assert out is not None and out.returncode != 7, "connection refused"  # curl: 7 = refused
        if out.returncode == 0 and out.stdout == b"<h1>root index</h1>\n":
            break
        assert time.monotonic() - t0 < 5, out
    served_after = time.monotonic() - t0
    wait_for(lambda: "master: serving process pid" in s.log_text(), what="the master's line")
    log = s.log_text()
    assert re.search(rf"the serving process \(pid {killed}\) died \(signal: 9 \(SIGKILL\)\)", log), log
    assert serving_pid(s) != killed
    assert served_after < 1.0, served_after


def test_upgrade_and_stop_under_load(start, tmp_path):
    _, cfg = root_only_setup(tmp_path, port=free_port())
    s = start("serve", "--config", str(cfg), as_root=False)
    port = s.host_port()[1]
    pid_file = tmp_path / "tlsaccel.pid"
    out = {}
    load = threading.Thread(target=lambda: out.setdefault("wrk", wrk(s.url("/index.html"), 5)))
    load.start()
    time.sleep(1)
    s.proc.send_signal(signal.SIGUSR2)
    assert s.proc.wait(30) == 0
    load.join()
    assert_clean(out["wrk"])
    new_master = int(pid_file.read_text())
    assert new_master != s.proc.pid
    log = s.log_text()
    assert f"master: the new master (pid {new_master}) serves" in log, log
    new_serving = serving_pid(s)
    assert f"(serving process of master pid {new_master})" in log
    # A stop with a download in flight: it finishes, then everything exits.
    target = tmp_path / "big.out"
    download = subprocess.Popen(["curl", "-sk", "--limit-rate", "8M", "-o", str(target),
                                 f"https://127.0.0.1:{port}/big.bin"])
    wait_for(lambda: target.exists() and target.stat().st_size > 0, what="the download to start")
    os.kill(new_master, signal.SIGTERM)
    assert download.wait(30) == 0
    assert target.stat().st_size == 16 << 20
    wait_for(lambda: process_gone(new_master) and process_gone(new_serving), timeout=30,
             what="the new master and its serving process to exit")
    assert "master: stopped" in s.log_text()


def test_the_masters_death_stops_the_serving_process(start, tmp_path):
    _, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False)
    serving = serving_pid(s)
    s.proc.kill()
    s.proc.wait()
    wait_for(lambda: process_gone(serving), what="the serving process to stop")
    assert "SIGTERM received: no longer accepting" in s.log_text()


def test_sigusr1_reopens_the_logs_through_a_new_serving_process(start, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir(mode=0o700)  # root's only, as /var/log/tlsaccel
    _, cfg = root_only_setup(tmp_path, port=0, extra=f"""[log]
access_log = "{logs}/access.log"
error_log = "{logs}/error.log"
""")
    proc = subprocess.Popen([str(BINARY), "serve", "--config", str(cfg)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    error_log, access_log = logs / "error.log", logs / "access.log"
    try:
        wait_for(lambda: error_log.exists() and "master process" in error_log.read_text(), what="the start")
        port = int(re.search(r"listening on https://127\.0\.0\.1:(\d+)", error_log.read_text()).group(1))
        url = f"https://127.0.0.1:{port}/index.html"
        curl("-k", url + "?before")
        wait_for(lambda: "before" in access_log.read_text(), what="the first access line")
        os.rename(access_log, logs / "access.log.1")
        os.rename(error_log, logs / "error.log.1")
        proc.send_signal(signal.SIGUSR1)
        wait_for(lambda: error_log.exists() and "log reopening: serving process pid" in error_log.read_text(),
                 what="the new serving process")
        curl("-k", url + "?after")
        wait_for(lambda: access_log.exists() and "after" in access_log.read_text(),
                 what="the access log reopened")
        assert "after" not in (logs / "access.log.1").read_text()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def test_ctrl_c_to_the_whole_group_drains_once(start, tmp_path):
    # As a terminal does: SIGINT to the whole foreground process group. The
    # serving process has a group of its own, so it is stopped once, by the
    # master, and drains (a second signal would cut that short).
    _, cfg = root_only_setup(tmp_path, port=0)
    s = start("serve", "--config", str(cfg), as_root=False, prefix=("setsid",))
    serving = serving_pid(s)
    os.killpg(s.proc.pid, signal.SIGINT)
    assert s.proc.wait(30) == 0
    wait_for(lambda: process_gone(serving), what="the serving process to stop")
    log = s.log_text()
    assert "master: SIGINT received" in log
    assert "received again" not in log, log
    assert re.search(r"INFO stopped\n", log), log
