"""Host names in `servers` resolved again every `resolve_interval`: the
test gives tlsaccel a private /etc/hosts (a mount namespace of its own,
the file bind-mounted over /etc/hosts) and moves a name from one back end
to another; traffic follows within the interval, idle connections to the
old address are not reused, and a name that stops resolving keeps its
address."""

import shutil
import time

import pytest

from backend import Backend
from conftest import Reader, config_file, connect, upstream_config

pytestmark = pytest.mark.skipif(shutil.which("unshare") is None, reason="needs util-linux unshare")


def private_hosts(hosts_file):
    """Runs tlsaccel with `hosts_file` as its /etc/hosts (root only)."""
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            'mount --bind "$0" /etc/hosts && exec "$@"', str(hosts_file)]


def set_hosts(path, address):
    # In place: the bind mount follows this inode, not the name.
    with open(path, "r+") as f:
        f.truncate(0)
        f.write("127.0.0.1 localhost\n" + (f"{address} app.tlsaccel.test\n" if address else ""))


def who_answers(server, keep_alive=None):
    s = keep_alive or connect(server, "http")
    s.sendall(b"GET /app/echo HTTP/1.1\r\nHost: x\r\n\r\n")
    status, headers, _ = Reader(s).response()
    assert status == 200
    if keep_alive is None:
        s.close()
    return headers["x-backend"]


@pytest.fixture
def moving_name(start, docroot, tmp_path):
    """start(interval): tlsaccel with upstream "app" at app.tlsaccel.test,
    which its private hosts file points at b1 (127.0.0.2); b2 listens on
    127.0.0.3 at the same port. Yields (start, hosts file, b1, b2)."""
    b1 = Backend("b1", host="127.0.0.2")
    b2 = Backend("b2", host="127.0.0.3", port=b1.port)
    hosts = tmp_path / "hosts"
    hosts.write_text("")
    set_hosts(hosts, "127.0.0.2")

    def start_with(resolve_interval):
        cfg = config_file(tmp_path, docroot, workers=1, extra=upstream_config(
            [f"app.tlsaccel.test:{b1.port}"], extra_upstream=f"resolve_interval = {resolve_interval}"))
        return start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0", prefix=private_hosts(hosts))

    yield start_with, hosts
    b1.stop()
    b2.stop()


def test_traffic_follows_a_name_that_moves(moving_name):
    start_with, hosts = moving_name
    s = start_with(0.3)
    assert [who_answers(s) for _ in range(3)] == ["b1"] * 3
    # One client keeps its connection: tlsaccel's back-end connection
    # to b1 goes back to the pool between its requests.
    kept = connect(s, "http")
    assert who_answers(s, kept) == "b1"

    set_hosts(hosts, "127.0.0.3")
    moved_at = time.monotonic()
    deadline = moved_at + 5
    while who_answers(s) != "b2":
        assert time.monotonic() < deadline, s.log_text()
        time.sleep(0.05)
    assert time.monotonic() - moved_at < 0.3 + 1.0
    assert [who_answers(s) for _ in range(5)] == ["b2"] * 5
    # The pooled connection to the old address is not reused.
    assert who_answers(s, kept) == "b2"
    kept.close()
    log = s.log_text()
    assert "resolves to a new address" in log and "127.0.0.3" in log

    # A name that stops resolving keeps the address it had.
    set_hosts(hosts, "")
    deadline = time.monotonic() + 15  # the lookup may go on to DNS and time out
    while "cannot resolve the server's name; keeping its address" not in s.log_text():
        assert time.monotonic() < deadline, s.log_text()
        time.sleep(0.1)
    assert who_answers(s) == "b2"


def test_resolve_interval_zero_resolves_only_at_start(moving_name):
    start_with, hosts = moving_name
    s = start_with(0)
    set_hosts(hosts, "127.0.0.3")
    time.sleep(1)
    assert [who_answers(s) for _ in range(3)] == ["b1"] * 3
