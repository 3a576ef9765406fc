"""Loopback ports for listeners that another process binds later: the
servers the benchmark starts, and the tests' servers and ACME CA.

Asking the kernel for a port (bind to 0, read it, close) and handing it on is
racy: that port comes from the ephemeral range, and any connect() made before
the server binds it may take it as its source port (a test ran into exactly
that: "address already in use" on a port Pebble had just been told to
validate). So the ports come from outside that range, where only an explicit
bind can take them, and each pytest-xdist worker has its own share of them,
so two workers never hand out the same one. A port still in use (a listener
from an earlier run, a TIME_WAIT) fails the probe bind and is skipped."""

import errno
import os
import random
import socket

# Ports below this are left alone: well-known and registered services.
LOWEST = 10000


def _ephemeral_range():
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        low, high = (int(n) for n in f.read().split())
    return low, high


def _share():
    """This process's ports: all of them outside the ephemeral range, or its
    worker's slice of them under pytest-xdist."""
    low, high = _ephemeral_range()
    ports = list(range(LOWEST, low)) + list(range(high + 1, 65536))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    share = ports[worker::workers]
    if len(share) < 100:
        raise RuntimeError(
            f"too few ports outside the ephemeral range {low}-{high} "
            f"(/proc/sys/net/ipv4/ip_local_port_range) for {workers} test workers")
    return share


_SHARE = None
_next = None


def free_port():
    """A loopback port nobody is bound to now and no client socket will take
    as its source port; not handed out again by this process until its
    whole share has gone round."""
    global _SHARE, _next
    if _SHARE is None:
        _SHARE = _share()
        _next = random.randrange(len(_SHARE))  # runs in a row start apart
    for _ in range(len(_SHARE)):
        port = _SHARE[_next]
        _next = (_next + 1) % len(_SHARE)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    continue
                raise
        return port
    raise RuntimeError("every port of this process's share is in use")


if __name__ == "__main__":
    print(free_port())  # for bench/ab.sh
