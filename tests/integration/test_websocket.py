"""WebSocket (and other Upgrade) tunnels through the reverse proxy, against
a real WebSocket back end (tests/ws_echo.py, the `websockets` package) and
real clients: frames both ways, byte-exact bulk, the close handshake from
either side, the idle timeout, 100 tunnels at once, which upgrades a route
lets through, and the metrics that count tunnels and their bytes."""

import asyncio
import base64
import hashlib
import json
import os
import socket
import time

import pytest
from websockets.asyncio.client import connect as ws_connect_async
from websockets.exceptions import ConnectionClosed

from backend import Backend
from conftest import Reader, config_file, connect, tls_client_context
from ws_client import ws_connect
from ws_echo import WsEcho


@pytest.fixture
def ws_backend():
    b = WsEcho()
    yield b
    b.stop()


def ws_config(ws_address, http_address, *, tunnel_timeout=None, plain_upgrades=None):
    """Upstream "ws" (the WebSocket back end) under /ws/, upstream "app"
    (tests/backend.py) under /app/ and, with `plain_upgrades`, /plain/."""
    timeout = f"tunnel_timeout = {tunnel_timeout}\n" if tunnel_timeout else ""
    text = f"""
[[upstream]]
name = "ws"
servers = [{{ address = "{ws_address}" }}]
{timeout}
[[upstream]]
name = "app"
servers = [{{ address = "{http_address}" }}]
[[route]]
prefix = "/ws/"
upstream = "ws"
[[route]]
prefix = "/app/"
upstream = "app"
"""
    if plain_upgrades is not None:
        listed = ", ".join(f'"{u}"' for u in plain_upgrades)
        text += f'[[route]]\nprefix = "/plain/"\nupstream = "app"\nupgrades = [{listed}]\n'
    return text


@pytest.fixture
def proxy(start, docroot, certs, tmp_path, ws_backend, backend):
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                      extra=ws_config(ws_backend.address, backend.address, plain_upgrades=[]))
    return start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0",
                 "--admin-listen", "127.0.0.1:0")


def ws_url(server, scheme, path):
    return f"{'wss' if scheme == 'https' else 'ws'}://{server.https if scheme == 'https' else server.http}{path}"


def open_ws(server, scheme, path="/ws/echo", **kw):
    ssl_ctx = tls_client_context() if scheme == "https" else None
    return ws_connect(ws_url(server, scheme, path), ssl=ssl_ctx, max_size=None, open_timeout=10,
                      close_timeout=10, ping_interval=None, **kw)


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_frames_both_ways_bulk_byte_exact_and_close_handshake(proxy, ws_backend, scheme):
    before = proxy.metrics()
    with open_ws(proxy, scheme) as ws:
        ws.send("hello, tunnel")
        assert ws.recv(timeout=10) == "hello, tunnel"
        ws.send(b"\x00\xffbinary\r\n")
        assert ws.recv(timeout=10) == b"\x00\xffbinary\r\n"
        # 10 MiB in frames of assorted sizes, echoed: byte-exact.
        sizes = [1, 125, 126, 65535, 65536, 1 << 20] * 9 + [16 * 1024 + 1] * 37
        sent, received = hashlib.sha256(), hashlib.sha256()
        total = 0
        for i, size in enumerate(sizes):
            message = os.urandom(size)
            sent.update(message)
            total += size
            ws.send(message)
            echoed = ws.recv(timeout=30)
            assert len(echoed) == size, i
            received.update(echoed)
        assert total > 10 << 20
        assert sent.hexdigest() == received.hexdigest()
        assert proxy.metrics()["tlsaccel_proxy_tunnels_open"] == 1
        ws.close(1000, "client done")
        assert ws.close_code == 1000
    # The back end saw the handshake, with the client's identity added.
    path, headers = ws_backend.handshakes[-1]
    seen = {k.lower(): v for k, v in headers}
    assert path == "/ws/echo"
    assert seen["upgrade"].lower() == "websocket" and seen["connection"].lower() == "upgrade"
    assert seen["x-forwarded-proto"] == scheme and seen["x-real-ip"] == "127.0.0.1"
    m = wait_for_metric(proxy, "tlsaccel_proxy_tunnels_open", 0)
    assert m["tlsaccel_proxy_tunnels_total"] == before["tlsaccel_proxy_tunnels_total"] + 1
    # Plain clients are spliced both ways; user-space TLS is copied.
    how = "spliced" if scheme == "http" else "copied"
    for direction in ("up", "down"):
        key = f'tlsaccel_proxy_tunnel_bytes_total{{direction="{direction}",how="{how}"}}'
        assert m[key] - before[key] > total, (key, m[key])


def wait_for_metric(server, key, value, within=5):
    deadline = time.monotonic() + within
    while True:
        m = server.metrics()
        if m[key] == value or time.monotonic() > deadline:
            assert m[key] == value, (key, m[key])
            return m
        time.sleep(0.05)


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_back_end_closing_ends_the_tunnel_cleanly(proxy, scheme):
    with open_ws(proxy, scheme, "/ws/bye") as ws:
        assert ws.recv(timeout=10) == "bye"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 1000 and ws.close_reason == "back end done"
    wait_for_metric(proxy, "tlsaccel_proxy_tunnels_open", 0)


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_idle_tunnel_is_closed_after_its_timeout(start, docroot, certs, tmp_path, ws_backend, backend, scheme):
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1,
                      extra=ws_config(ws_backend.address, backend.address, tunnel_timeout=1))
    s = start("serve", "--config", str(cfg), "--http-listen", "127.0.0.1:0", "--admin-listen", "127.0.0.1:0")
    with open_ws(s, scheme, "/ws/silent") as ws:
        # Traffic keeps it open past the timeout...
        for _ in range(4):
            time.sleep(0.5)
            ws.send("tick")
        last_sent = time.monotonic()
        # ...silence closes it.
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        waited = time.monotonic() - last_sent
        assert 0.8 < waited < 4, waited
    wait_for_metric(s, "tlsaccel_proxy_tunnels_open", 0)


def test_a_hundred_concurrent_tunnels(proxy):
    async def main():
        ctx = tls_client_context()
        conns = [await ws_connect_async(ws_url(proxy, "https" if i % 2 else "http", "/ws/echo"),
                                        ssl=ctx if i % 2 else None, ping_interval=None, open_timeout=30)
                 for i in range(100)]
        await asyncio.gather(*(c.send(f"message {i}") for i, c in enumerate(conns)))
        echoes = await asyncio.gather(*(asyncio.wait_for(c.recv(), 30) for c in conns))
        assert echoes == [f"message {i}" for i in range(100)]
        open_now = proxy.metrics()["tlsaccel_proxy_tunnels_open"]
        await asyncio.gather(*(c.close() for c in conns))
        return open_now

    assert asyncio.run(main()) == 100
    wait_for_metric(proxy, "tlsaccel_proxy_tunnels_open", 0)


def ws_frame(payload, opcode=1):
    """One masked client frame (RFC 6455 5.2), payload under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


def handshake_request(path, extra=b""):
    key = base64.b64encode(os.urandom(16))
    return (b"GET " + path + b" HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive, Upgrade\r\n"
            b"Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: " + key + b"\r\n"
            + extra + b"\r\n"), key


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_bytes_sent_right_behind_the_handshake_reach_the_back_end(proxy, scheme):
    request, key = handshake_request(b"/ws/echo")
    with connect(proxy, scheme) as s:
        # The first frame in the same write as the handshake: it arrives
        # with the request head and must go up once the back end switched.
        s.sendall(request + ws_frame(b"early bird"))
        reader = Reader(s)
        status, headers, _ = reader.response()
        assert status == 101
        assert headers["upgrade"].lower() == "websocket" and headers["connection"].lower() == "upgrade"
        accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
        assert headers["sec-websocket-accept"].encode() == accept
        while len(reader.buf) < 12:
            reader._fill()
        assert reader.buf[:12] == b"\x81\x0aearly bird"


def test_upgrades_the_route_does_not_allow_are_not_forwarded(proxy):
    def seen_by_back_end(raw):
        with connect(proxy, "http") as s:
            s.sendall(raw)
            status, _, body = Reader(s).response()
            assert status == 200
            return {k.lower(): v for k, v in json.loads(body)["headers"]}

    ask = b"Connection: Upgrade\r\nUpgrade: websocket\r\n"
    # A route that allows websocket (the default) passes the offer on...
    seen = seen_by_back_end(b"GET /app/echo HTTP/1.1\r\nHost: x\r\n" + ask + b"\r\n")
    assert seen["upgrade"] == "websocket" and seen["connection"] == "upgrade"
    # ...but only the protocols it lists, only for GET, only from HTTP/1.1.
    seen = seen_by_back_end(b"GET /app/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c, websocket\r\n\r\n")
    assert seen["upgrade"] == "websocket"
    for raw in [
        b"GET /app/echo HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n",
        b"GET /plain/echo HTTP/1.1\r\nHost: x\r\n" + ask + b"\r\n",
        b"POST /app/echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n" + ask + b"\r\n",
        b"GET /app/echo HTTP/1.0\r\nHost: x\r\n" + ask + b"\r\n",
        # Upgrade without `upgrade` in Connection is no offer (hop-by-hop).
        b"GET /app/echo HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n",
    ]:
        seen = seen_by_back_end(raw)
        assert "upgrade" not in seen and "connection" not in seen, (raw, seen)


def test_websocket_to_a_route_that_refuses_upgrades_gets_the_back_ends_answer(proxy, ws_backend):
    # /plain/ (upgrades = []) goes to the HTTP back end without the offer:
    # the client gets that back end's ordinary answer, no switch.
    request, _ = handshake_request(b"/plain/echo")
    with connect(proxy, "https") as s:
        s.sendall(request)
        status, headers, _ = Reader(s).response()
        assert status == 200 and "upgrade" not in headers


def test_upgrade_configuration_is_checked(tmp_path, docroot):
    import subprocess

    from conftest import BINARY

    cfg = tmp_path / "bad.toml"
    cfg.write_text(f"""
[static]
root = "{docroot}"
[[upstream]]
name = "app"
servers = [{{ address = "127.0.0.1:9" }}]
tunnel_timeout = -1
[[route]]
prefix = "/a/"
upstream = "app"
upgrades = ["web socket"]
[[route]]
prefix = "/b/"
static = true
upgrades = ["websocket"]
""")
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode != 0
    out = r.stdout + r.stderr
    assert "upstream[0].tunnel_timeout" in out
    assert 'route[0].upgrades[0]: "web socket" is not a protocol name' in out
    assert "route[1].upgrades: protocol upgrades go to an upstream" in out


def test_tunnels_run_until_the_drain_timeout_at_stop(start, docroot, certs, tmp_path, ws_backend, backend):
    extra = "[timeouts]\nshutdown_drain = 2\n" + ws_config(ws_backend.address, backend.address)
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra=extra)
    s = start("serve", "--config", str(cfg))
    with open_ws(s, "https") as ws:
        ws.send("before")
        assert ws.recv(timeout=10) == "before"
        stopped_at = time.monotonic()
        s.proc.send_signal(15)
        time.sleep(0.5)
        # Still joined while the server drains...
        ws.send("during the drain")
        assert ws.recv(timeout=10) == "during the drain"
        # ...and closed at the drain timeout, the process exiting cleanly.
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert 1.5 < time.monotonic() - stopped_at < 6
    assert s.proc.wait(10) == 0
    assert "drain timeout: closing remaining connections" in s.log_text()
