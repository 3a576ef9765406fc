"""Active health checks against real back ends (tests/backend.py): a server
whose /healthz fails is taken out of every worker's rotation within
fails x interval, comes back after `passes` good checks, each change is
logged once, the verdict is exported and survives a reload."""

import re
import signal
import socket
import subprocess
import time

import pytest

from backend import Backend
from conftest import BINARY, Reader, config_file, connect, free_port, upstream_config

CHECK = 'health_check = { path = "/healthz", interval = 0.2, timeout = 0.5, fails = 3, passes = 2 }'


@pytest.fixture
def two_backends():
    b1, b2 = Backend("b1"), Backend("b2")
    yield b1, b2
    b1.stop()
    b2.stop()


def served_by(server, n):
    """Which back end answered each of `n` requests (one connection each,
    so both workers take some)."""
    names = []
    for _ in range(n):
        with connect(server, "http") as s:
            s.sendall(b"GET /app/echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            status, headers, _ = Reader(s).response()
            assert status == 200
            names.append(headers["x-backend"])
    return names


def up(server, backend):
    return server.metrics().get(f'tlsaccel_upstream_up{{upstream="app",server="{backend.address}"}}')


def wait_until(predicate, within):
    deadline = time.monotonic() + within
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_failing_server_leaves_the_rotation_and_comes_back(start, docroot, tmp_path, two_backends):
    b1, b2 = two_backends
    cfg = config_file(tmp_path, docroot, workers=2,
                      extra=upstream_config([b1.address, b2.address], extra_upstream=CHECK))
    s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0")
    assert wait_until(lambda: b1.server.health_checks >= 2 and b2.server.health_checks >= 2, 5)
    assert up(s, b1) == 1 and up(s, b2) == 1
    assert set(served_by(s, 10)) == {"b1", "b2"}

    b2.server.health_status = 500
    failing_since = time.monotonic()
    assert wait_until(lambda: up(s, b2) == 0, 5)
    # Three failed checks 0.2 s apart: out after about 0.4-0.6 s, not before.
    taken = time.monotonic() - failing_since
    assert 0.3 < taken < 3 * 0.2 + 0.5 + 0.5, taken
    assert served_by(s, 20) == ["b1"] * 20
    assert up(s, b1) == 1

    # Logged once, however many more checks fail.
    time.sleep(1)
    log = s.log_text()
    assert len(re.findall(r"health check: out of the rotation.*server=\"?" + re.escape(b2.address), log)) == 1, log
    assert "status 500, not one of expect_status" in log

    # A reload keeps the verdict of a server the configuration keeps.
    s.proc.send_signal(signal.SIGHUP)
    assert wait_until(lambda: "reloaded:" in s.log_text(), 5)
    assert up(s, b2) == 0
    assert served_by(s, 6) == ["b1"] * 6

    b2.server.health_status = 204
    recovering_since = time.monotonic()
    assert wait_until(lambda: up(s, b2) == 1, 5)
    assert time.monotonic() - recovering_since < 2 * 0.2 + 0.5 + 0.5
    assert "health check: back in the rotation" in s.log_text()
    assert set(served_by(s, 10)) == {"b1", "b2"}


def test_unreachable_and_silent_servers_fail_their_checks(start, docroot, tmp_path, two_backends):
    b1, b2 = two_backends
    # A listener that accepts and never answers: the check times out.
    silent = socket.create_server(("127.0.0.1", 0))
    silent_address = f"127.0.0.1:{silent.getsockname()[1]}"
    closed_address = f"127.0.0.1:{free_port()}"
    try:
        cfg = config_file(tmp_path, docroot, extra=upstream_config(
            [b1.address, silent_address, closed_address], extra_upstream=CHECK.replace("fails = 3", "fails = 1")))
        s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0")
        key = 'tlsaccel_upstream_up{{upstream="app",server="{}"}}'
        assert wait_until(lambda: s.metrics()[key.format(silent_address)] == 0
                          and s.metrics()[key.format(closed_address)] == 0, 5)
        assert s.metrics()[key.format(b1.address)] == 1
        log = s.log_text()
        assert "no status line within the timeout" in log and "connect failed" in log
        # Nothing reaches the two that are out: no failed first attempts.
        before = s.metrics()["tlsaccel_proxy_backend_failures_total"]
        assert served_by(s, 10) == ["b1"] * 10
        assert s.metrics()["tlsaccel_proxy_backend_failures_total"] == before
    finally:
        silent.close()


def test_health_check_configuration_is_checked(tmp_path, docroot):
    cfg = config_file(tmp_path, docroot, extra=upstream_config(["127.0.0.1:9"], extra_upstream=(
        'health_check = { path = "healthz", interval = 0, fails = 0, expect_status = "2xy", color = 1 }')))
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode != 0
    out = r.stdout + r.stderr
    assert "color" in out, out
    cfg = config_file(tmp_path, docroot, extra=upstream_config(["127.0.0.1:9"], extra_upstream=(
        'health_check = { path = "healthz", interval = 0, fails = 0, expect_status = "2xy" }')))
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    out = r.stdout + r.stderr
    for expected in ["upstream[0].health_check.path", "upstream[0].health_check.interval",
                     "upstream[0].health_check.fails: must be from 1 to 100",
                     'upstream[0].health_check.expect_status: "2xy" is not a status']:
        assert expected in out, out
