"""The process: default run, configuration checks, start-up errors,
deadlines against slow clients, connection limits, workers, access log,
files that change under us, and graceful shutdown."""

import os
import re
import signal
import socket
import ssl
import subprocess
import threading
import time

import pytest

from conftest import (BINARY, Reader, Server, config_file, connect, curl, free_port, sha256_file, task_files,
                      tls_client_context, wait_for)


def run(*args, cwd=None):
    return subprocess.run([str(BINARY), *args], capture_output=True, cwd=cwd, timeout=30)



def test_no_arguments_serves_welcome_page_then_public(tmp_path):
    # The exact README command, on its default address.
    port_busy = socket.socket()
    try:
        port_busy.bind(("127.0.0.1", 8443))
        port_busy.close()
    except OSError:
        pytest.skip("127.0.0.1:8443 is in use on this machine")
    s = Server([], tmp_path)
    try:
        body = curl("-k", "https://127.0.0.1:8443/").stdout.decode()
        assert "Welcome to tlsaccel" in body
        assert re.search(r"SHA-256 fingerprint [0-9A-F:]{95}", s.log_text())
    finally:
        assert s.stop() == 0
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "index.html").write_text("from public\n")
    s = Server([], tmp_path)
    try:
        assert curl("-k", "https://127.0.0.1:8443/").stdout == b"from public\n"
    finally:
        assert s.stop() == 0


EXAMPLE = BINARY.parents[2] / "tlsaccel.example.toml"
# A commented line that is configuration, not prose: a key, a table, or a
# line of a multi-line array.
COMMENTED_CODE = re.compile(r"^#\s*(\[|\]|\{|[A-Za-z_][A-Za-z0-9_]*\s*=|\"[^\"]+\"\s*=\s*\")")


def example_blocks():
    """The example's commented-out blocks: runs of commented configuration lines."""
    blocks, current = [], []
    for i, line in enumerate(EXAMPLE.read_text().splitlines()):
        if COMMENTED_CODE.match(line):
            current.append(i)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def test_start_up_log_says_what_is_served(server, certs, docroot):
    """At INFO: each listener, the document root, each certificate's subject,
    names, expiry and fingerprint (the one openssl computes), and kTLS."""
    log = server.log_text()
    for line in log.splitlines():
        if "certificate" in line or "serving static files" in line or "listening on" in line:
            assert " INFO " in line, line
    assert f"serving static files from {docroot.resolve()} (index file index.html)" in log
    assert re.search(r"listening on https://127\.0\.0\.1:\d+ \(2 workers\)", log), log
    assert re.search(r"listening on http://127\.0\.0\.1:\d+ \(2 workers\)", log), log
    assert "kTLS: " in log
    for i, name in enumerate(["ecdsa", "rsa"]):
        fingerprint = subprocess.run(
            ["openssl", "x509", "-noout", "-fingerprint", "-sha256", "-in", str(certs / f"{name}.pem")],
            capture_output=True, text=True, check=True,
        ).stdout.strip().split("=", 1)[1]
        expected = (f'certificate tls.certificate[{i}] ({certs}/{name}.pem): subject "CN=localhost", '
                    f"names localhost 127.0.0.1, expires ")
        assert expected in log, log
        assert f"SHA-256 fingerprint {fingerprint}" in log, log


def test_example_config_is_valid():
    r = run("check-config", str(EXAMPLE))
    assert r.returncode == 0, r.stderr
    assert r.stdout == b"ok\n"
    # proxy protocol, redirect, certificates, root, admin, upstream+route, site
    assert len(example_blocks()) >= 7


@pytest.mark.parametrize("block", range(len(example_blocks())))
def test_each_commented_block_of_the_example_can_be_uncommented(tmp_path, certs, block):
    lines = EXAMPLE.read_text().splitlines()
    for i in example_blocks()[block]:
        lines[i] = re.sub(r"^#\s?", "", lines[i])
    text = "\n".join(lines) + "\n"
    # The example's paths, made real on this machine.
    (tmp_path / "www").mkdir()
    text = text.replace("/etc/tlsaccel/clients-ca.pem", f"{certs}/ecdsa.pem")
    text = text.replace("/etc/tlsaccel/", f"{certs}/").replace('"/srv/www"', f'"{tmp_path}/www"')
    cfg = tmp_path / "example.toml"
    cfg.write_text(text)
    r = run("check-config", str(cfg))
    uncommented = "\n".join(lines[i] for i in example_blocks()[block])
    assert r.returncode == 0, f"{uncommented}\n{r.stderr.decode()}"
    assert r.stdout == b"ok\n"


def test_check_config_reports_every_error_at_its_line(tmp_path, certs):
    """Syntax, unknown keys, wrong types, bad values, certificates that do
    not load and references to nothing: all in one run, each as
    FILE:LINE:COLUMN: key: message, in the order of the file."""
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'workers = "lots"\n'                                       # 1
        "[[listener]]\n"                                           # 2
        'address = "127.0.0.1:99999"\n'                            # 3
        "tsl = true\n"                                             # 4
        "[[listener]]\n"                                           # 5
        "tls = false\n"                                            # 6
        "[tls]\n"                                                  # 7
        f'certificate = [{{ cert = "{tmp_path}/none.pem", key = "{certs}/ecdsa.key" }},\n'  # 8
        f'  {{ cert = "{certs}/ecdsa.pem", key = "{certs}/rsa.key" }}]\n'                   # 9
        'protocols = ["SSLv3"]\n'                                  # 10
        'ciphers = "x"\n'                                          # 11
        "[limits]\n"                                               # 12
        "max_conections = 3\n"                                     # 13
        "keepalive_requests = = 2\n"                               # 14
        "[[route]]\n"                                              # 15
        'prefix = "/api/"\n'                                       # 16
        'upstream = "nope"\n'                                      # 17
    )
    r = run("check-config", str(bad))
    assert r.returncode == 1
    errors = [line for line in r.stderr.decode().splitlines() if line.startswith("error: ")]
    expected = [
        ("1:11", "workers:", '"lots" must be "auto" or a number'),
        ("3:11", "listener[0].address:", '"127.0.0.1:99999" is not an address:port'),
        ("4:1", "listener[0].tsl:", "unknown field `tsl`"),
        ("5:1", "listener[1].address:", "required"),
        ("8:", "tls.certificate[0].cert:", "none.pem: cannot read"),
        ("9:", "tls.certificate[1]:", "does not match certificate"),
        ("10:14", "tls.protocols[0]:", '"SSLv3" is not supported'),
        ("11:11", "tls.ciphers:", "invalid type"),
        ("13:1", "limits.max_conections:", "unknown field"),
        ("14:22", "limits.keepalive_requests:", "extra `=`"),
        ("17:12", "route[0].upstream:", 'no [[upstream]] named "nope"'),
    ]
    assert len(errors) == len(expected), "\n".join(errors)
    for line, (where, key, message) in zip(errors, expected):
        assert line.startswith(f"error: {bad}:{where}"), line
        assert f" {key} " in line + " " and message in line, line


def test_check_config_warnings_do_not_fail(tmp_path, certs):
    key = tmp_path / "key.pem"
    key.write_bytes((certs / "ecdsa.key").read_bytes())
    key.chmod(0o644)
    cfg = tmp_path / "t.toml"
    cfg.write_text(f'[[tls.certificate]]\ncert = "{certs}/ecdsa.pem"\nkey = "{key}"\n')
    r = run("check-config", str(cfg))
    assert r.returncode == 0, r.stderr
    assert r.stdout == b"ok\n"
    assert f"warning: {cfg}:3:7: tls.certificate[0].key: {key} is readable by every user" in r.stderr.decode()
    key.chmod(0o600)
    r = run("check-config", str(cfg))
    assert r.returncode == 0 and r.stderr == b"", r.stderr


@pytest.mark.parametrize(
    "case,expect",
    [
        ("missing-cert", "certificate /nonexistent/cert.pem: cannot read"),
        ("key-mismatch", "does not match certificate"),
        ("port-in-use", "address already in use"),
        ("bad-root", "--root: /nonexistent-root: cannot open directory"),
    ],
)
def test_start_errors_are_one_clear_line(tmp_path, certs, case, expect):
    port = free_port()
    args = ["serve", "--listen", f"127.0.0.1:{port}", "--root", str(tmp_path)]
    holder = None
    if case == "missing-cert":
        args += ["--cert", "/nonexistent/cert.pem", "--key", f"{certs}/ecdsa.key"]
    elif case == "key-mismatch":
        args += ["--cert", f"{certs}/ecdsa.pem", "--key", f"{certs}/rsa.key"]
    elif case == "port-in-use":
        holder = socket.socket()
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        holder.bind(("127.0.0.1", port))
        holder.listen()
    elif case == "bad-root":
        args[-1] = "/nonexistent-root"
    r = run(*args)
    if holder:
        holder.close()
    assert r.returncode == 1
    err = r.stderr.decode()
    assert expect in err, err
    assert err.count("tlsaccel: ") == 1, err


def test_unreadable_root_is_refused(tmp_path):
    if os.geteuid() == 0:
        # root reads everything; use a path that is not a directory instead.
        target = tmp_path / "file"
        target.write_text("x")
    else:
        target = tmp_path / "locked"
        target.mkdir(mode=0)
    r = run("serve", "--listen", "127.0.0.1:0", "--root", str(target))
    assert r.returncode == 1 and str(target) in r.stderr.decode()


def slow_config(tmp_path, docroot, extra=""):
    # One worker: other clients must be served by the same event loop.
    return config_file(tmp_path, docroot, extra=f"[timeouts]\nrequest_header = 2\n{extra}", workers=1, name="slow.toml")


def test_slow_header_client_is_cut_off_while_others_are_served(start, docroot, tmp_path):
    s = start("serve", "--config", str(slow_config(tmp_path, docroot)))
    slow = connect(s)
    result = {}

    def dribble():
        # One byte a second; the 1 s wait is a recv, so the moment the server
        # answers (408) or closes is seen at once.
        t0 = time.monotonic()
        slow.settimeout(1)
        try:
            for b in b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                slow.sendall(bytes([b]))
                try:
                    result["answer"] = slow.recv(4096)
                    break
                except (socket.timeout, TimeoutError):
                    pass
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError):
            pass
        result["cut_after"] = time.monotonic() - t0

    t = threading.Thread(target=dribble)
    t.start()
    # Meanwhile, a normal client on the same single worker is served quickly.
    latencies = []
    for _ in range(5):
        t0 = time.monotonic()
        assert curl("-k", s.url("/f1.bin")).stdout == (docroot / "f1.bin").read_bytes()
        latencies.append(time.monotonic() - t0)
        time.sleep(0.2)
    t.join(timeout=30)
    assert max(latencies) < 1.0, latencies
    assert 1.5 < result["cut_after"] < 4, result
    assert result.get("answer", b"").startswith(b"HTTP/1.1 408"), result


def test_silent_client_is_cut_off(start, docroot, tmp_path):
    s = start("serve", "--config", str(slow_config(tmp_path, docroot)))
    sock = connect(s)
    t0 = time.monotonic()
    assert Reader(sock).at_eof(timeout=10)
    assert 1.5 < time.monotonic() - t0 < 5


def test_max_connections_waits_in_backlog(start, docroot, tmp_path):
    s = start("serve", "--config", str(slow_config(tmp_path, docroot, "[limits]\nmax_connections = 1\n")))
    first = connect(s)
    host, port = s.host_port()
    raw = socket.create_connection((host, port), timeout=1)  # accepted by the kernel, not by tlsaccel
    with pytest.raises((socket.timeout, TimeoutError)):
        tls_client_context().wrap_socket(raw, server_hostname="localhost")
    first.close()
    second = connect(s)
    second.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    assert Reader(second).response()[0] == 200


def test_workers_pinned_and_file_limit_raised(server):
    pid = server.proc.pid
    assert "2 workers" in server.log_text()

    def pinned_cpus():
        """The CPUs the threads named worker-N may run on. A worker names
        and pins itself once it runs, which may be just after the log line."""
        cpus = set()
        statuses = task_files(pid, "status")
        for tid, comm in task_files(pid, "comm").items():
            if comm.strip().startswith("worker-") and tid in statuses:
                status = statuses[tid]
                cpus.add(re.search(r"Cpus_allowed_list:\s*(\S+)", status).group(1))
        return cpus

    def each_on_its_own_cpu():
        cpus = pinned_cpus()
        return len(cpus) == min(2, os.cpu_count()) and all("-" not in c and "," not in c for c in cpus)
    wait_for(each_on_its_own_cpu, what="each worker named and pinned to one CPU of its own")
    limits = open(f"/proc/{pid}/limits").read()
    soft, hard = re.search(r"Max open files\s+(\S+)\s+(\S+)", limits).groups()
    assert soft == hard


def test_access_log_combined_format(server, tmp_path):
    curl("-k", "-A", "test-agent/1", "-e", "https://ref/", server.url("/f16384.bin"))
    curl("-k", server.url("/missing"), check=False)
    deadline = time.monotonic() + 5
    log = tmp_path / "access.log"
    while time.monotonic() < deadline and (not log.exists() or "missing" not in log.read_text()):
        time.sleep(0.1)
    lines = log.read_text().splitlines()
    pattern = re.compile(r'^127\.0\.0\.1 - - \[\d{2}/\w{3}/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "GET /f16384.bin HTTP/1.1" 200 16384 "https://ref/" "test-agent/1"$')
    assert any(pattern.match(l) for l in lines), lines
    assert any('"GET /missing HTTP/1.1" 404 ' in l for l in lines), lines


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_file_shrinking_during_send_closes_cleanly(server, docroot, scheme):
    path = docroot / f"shrink-{scheme}.bin"
    path.write_bytes(os.urandom(64 << 20))
    s = connect(server, scheme)
    s.settimeout(10)
    s.sendall(f"GET /{path.name} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    got = s.recv(65536)
    assert got.startswith(b"HTTP/1.1 200")
    os.truncate(path, 1 << 20)
    received = len(got)
    while True:
        try:
            chunk = s.recv(1 << 20)
        except (ConnectionResetError, ssl.SSLError):
            break
        if not chunk:
            break
        received += len(chunk)
    assert received < 64 << 20
    assert "file shrank" in server.log_text()
    # The worker carries on.
    assert curl("-k", server.url("/f1.bin", scheme)).stdout == (docroot / "f1.bin").read_bytes()
    path.unlink()


def test_sigterm_lets_a_large_download_finish(start, docroot, tmp_path):
    s = start("serve", "--root", str(docroot), "--listen", "127.0.0.1:0")
    out = tmp_path / "big"
    expected = sha256_file(docroot / "sparse1g.bin")
    dl = subprocess.Popen(
        ["curl", "-sS", "-k", "--limit-rate", "300M", "-o", str(out), s.url("/sparse1g.bin")],
        stderr=subprocess.PIPE,
    )
    while not out.exists() or out.stat().st_size < 50 << 20:
        time.sleep(0.05)
        assert dl.poll() is None, dl.stderr.read()
    s.proc.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    # No new connections once stopping.
    assert curl("-k", "--max-time", "3", s.url("/f1.bin"), check=False).returncode != 0
    assert dl.wait(60) == 0, dl.stderr.read()
    assert sha256_file(out) == expected
    assert s.proc.wait(30) == 0
    assert "SIGTERM received" in s.log_text()
