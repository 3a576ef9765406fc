"""WebSocket tunnels with kTLS clients: after the 101, bytes move between
the client's kTLS socket and the back end's with splice() in both
directions (the kernel decrypts and encrypts), byte-exact, and TLS control
records (the client's close_notify) still end the tunnel cleanly."""

import hashlib
import os
import socket
import time

from conftest import Reader, config_file, tls_client_context
from ws_client import ws_connect
from ws_echo import WsEcho


def start_proxy(start, docroot, certs, tmp_path, ws):
    extra = f"""
[[upstream]]
name = "ws"
servers = [{{ address = "{ws.address}" }}]
[[route]]
prefix = "/ws/"
upstream = "ws"
"""
    cfg = config_file(tmp_path, docroot, certs=certs, workers=1, extra=extra)
    return start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")


def wait_closed(server, within=5):
    deadline = time.monotonic() + within
    while server.metrics()["tlsaccel_proxy_tunnels_open"] and time.monotonic() < deadline:
        time.sleep(0.05)
    return server.metrics()


def test_tunnel_bytes_are_spliced_both_ways(start, docroot, certs, tmp_path):
    ws = WsEcho()
    try:
        s = start_proxy(start, docroot, certs, tmp_path, ws)
        assert "kTLS: offloading TX and RX for" in s.log_text(), s.log_text()
        sent, received, total = hashlib.sha256(), hashlib.sha256(), 0
        with ws_connect(f"wss://{s.https}/ws/echo", ssl=tls_client_context(), max_size=None,
                        ping_interval=None, open_timeout=30) as conn:
            conn.send("text frame")
            assert conn.recv(timeout=10) == "text frame"
            for size in [1, 126, 65536, 1 << 20] * 10:
                message = os.urandom(size)
                sent.update(message)
                total += size
                conn.send(message)
                received.update(conn.recv(timeout=30))
            conn.close(1000)
            assert conn.close_code == 1000
        assert sent.hexdigest() == received.hexdigest() and total > 10 << 20
        m = wait_closed(s)
        assert m["tlsaccel_proxy_tunnels_open"] == 0 and m["tlsaccel_proxy_tunnels_total"] == 1
        spliced_up = m['tlsaccel_proxy_tunnel_bytes_total{direction="up",how="spliced"}']
        spliced_down = m['tlsaccel_proxy_tunnel_bytes_total{direction="down",how="spliced"}']
        copied_up = m['tlsaccel_proxy_tunnel_bytes_total{direction="up",how="copied"}']
        copied_down = m['tlsaccel_proxy_tunnel_bytes_total{direction="down",how="copied"}']
        # Frames carry a few bytes of header (and a mask going up) each.
        assert spliced_up > total and spliced_down > total, m
        # Only what came with the heads (none here), or a record read for
        # its type, is copied.
        assert copied_up < 1024 and copied_down < 1024, m
    finally:
        ws.stop()


def test_client_close_notify_ends_the_tunnel_cleanly(start, docroot, certs, tmp_path):
    ws = WsEcho()
    try:
        s = start_proxy(start, docroot, certs, tmp_path, ws)
        raw = socket.create_connection(s.host_port(), timeout=10)
        tls = tls_client_context().wrap_socket(raw, server_hostname="localhost")
        tls.sendall(b"GET /ws/silent HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\n"
                    b"Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n"
                    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
        status, headers, _ = Reader(tls).response()
        assert status == 101
        # close_notify: a TLS alert record, which splice() cannot carry;
        # the tunnel reads it, half-closes the back end, and when the back
        # end closes too sends its own close_notify back.
        tls.unwrap()
        m = wait_closed(s)
        assert m["tlsaccel_proxy_tunnels_open"] == 0, m
        raw.close()
    finally:
        ws.stop()
