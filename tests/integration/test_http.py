"""HTTP/1.x on raw sockets: keep-alive, pipelining, request bodies, and
every error status, including the request-smuggling rules."""

import socket
import struct
import subprocess
import time

import pytest

from conftest import BINARY, Reader, config_file, connect, curl, wait_for


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_keepalive_many_requests_one_connection(server, docroot, scheme):
    s = connect(server, scheme)
    reader = Reader(s)
    for i in range(200):
        size = [0, 1, 16383, 16384, 16385][i % 5]
        s.sendall(f"GET /f{size}.bin HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        status, headers, body = reader.response()
        assert status == 200
        assert body == (docroot / f"f{size}.bin").read_bytes()
        assert "connection" not in headers


def pipeline_and_check(server, docroot, scheme, sizes, s=None):
    """Sends a request for each size's file in one send (on `s`, or a new
    connection); every answer must come back in order, byte-exact."""
    s = s or connect(server, scheme)
    s.sendall(b"".join(f"GET /f{n}.bin HTTP/1.1\r\nHost: x\r\n\r\n".encode() for n in sizes))
    reader = Reader(s)
    for n in sizes:
        status, headers, body = reader.response()
        assert status == 200 and int(headers["content-length"]) == n
        assert body == (docroot / f"f{n}.bin").read_bytes()


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_pipelining_ten_in_one_send(server, docroot, scheme):
    pipeline_and_check(server, docroot, scheme, [1, 0, 16385, 16383, 1 << 20, 16384, 1, 0, 16385, 1 << 20])


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_many_pipelined_small_files_from_memory(server, docroot, scheme):
    """Files the open-file cache keeps are copied behind their heads; 300
    pipelined requests for them (4.9 MB of answers to 11 KB of requests)
    are written out as they queue, in order, byte-exact."""
    pipeline_and_check(server, docroot, scheme, [16384, 1, 16383, 0] * 75)


def test_bodies_written_in_place_through_a_small_window(server, docroot):
    """A kept body of 4 KB or more leaves from the cache in one sendmsg()
    with the heads queued before it. A client with a 4 KB receive buffer
    makes the socket take part of such a write, sometimes within the heads,
    sometimes within the body: what is left must follow, in order."""
    host, port = server.host_port("http")
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.settimeout(10)
    s.connect((host, port))
    pipeline_and_check(server, docroot, "http", [16383, 1, 16384, 0, 16384] * 20, s)


def test_http10_keepalive_when_asked(server):
    s = connect(server)
    reader = Reader(s)
    for _ in range(3):
        s.sendall(b"GET /f1.bin HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        status, headers, _ = reader.response()
        assert status == 200 and headers["connection"] == "keep-alive"
    s.sendall(b"GET /f1.bin HTTP/1.0\r\n\r\n")
    status, headers, _ = reader.response()
    assert headers["connection"] == "close"
    assert reader.at_eof()


def test_connection_close_is_honoured(server):
    s = connect(server)
    s.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    reader = Reader(s)
    _, headers, _ = reader.response()
    assert headers["connection"] == "close"
    assert reader.at_eof()


def data_segments_received(sock):
    """Segments with a payload this socket has taken in (Linux
    `tcp_info.tcpi_data_segs_in`)."""
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    return struct.unpack_from("I", info, 152)[0]


@pytest.mark.parametrize("request_bytes", [
    b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    b"GET /f16383.bin HTTP/1.0\r\n\r\n",
    b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",  # 400, unparsed
])
def test_last_response_and_fin_arrive_together(server, request_bytes):
    """The last response on a closing connection is held back until the
    close, so the FIN rides in its segment: by the time the response has
    arrived, so has the end of the stream (a FIN sent after it would not
    be there yet, most times)."""
    s = connect(server, "http")
    s.sendall(request_bytes)
    Reader(s).response()
    s.setblocking(False)
    assert s.recv(1) == b""


@pytest.mark.parametrize("request_bytes", [
    b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    b"GET /f1.bin HTTP/1.0\r\n\r\n",
    b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n",  # 400, unparsed
])
def test_tls_last_response_close_notify_and_fin_in_one_segment(server, request_bytes):
    """TLS 1.3 in user space: after the handshake flight and the session
    tickets (which leave when the server would otherwise wait: here, for
    the request), the last response, the close_notify and the FIN come in
    one segment. Loopback's MSS is 64 KB, so a write is one segment."""
    s = connect(server, "https")
    assert s.version() == "TLSv1.3"
    wait_for(lambda: data_segments_received(s) == 2, what="the handshake flight and the tickets")
    s.sendall(request_bytes)
    Reader(s).response()
    assert s.recv(1) == b""
    assert data_segments_received(s) == 3


def test_bodies_are_discarded_and_connection_kept(server):
    s = connect(server)
    reader = Reader(s)
    s.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789")
    assert reader.response()[0] == 200
    s.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nTrailer: t\r\n\r\n")
    assert reader.response()[0] == 200
    s.sendall(b"POST /f1.bin HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
    status, headers, _ = reader.response()
    assert status == 405 and headers["allow"] == "GET, HEAD"
    s.sendall(b"GET /f0.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    assert reader.response()[0] == 200


def test_expect_continue(server):
    s = connect(server)
    reader = Reader(s)
    s.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
    assert reader.response()[0] == 100
    s.sendall(b"body")
    assert reader.response()[0] == 200


def raw_status(server, request, scheme="https"):
    s = connect(server, scheme)
    s.sendall(request)
    reader = Reader(s)
    status, headers, _ = reader.response()
    return status, headers, reader


@pytest.mark.parametrize(
    "request_bytes,status",
    [
        (b"GARBAGE\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", 413),
        (b"GET /" + b"a" * 2000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 5000 + b"\r\n\r\n", 431),
        (b"GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        (b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 400),  # RFC 9112 6.3: chunked not final
        (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    ],
)
@pytest.mark.parametrize("scheme", ["https", "http"])
def test_error_statuses_then_close(server, request_bytes, status, scheme):
    got, headers, reader = raw_status(server, request_bytes, scheme)
    assert got == status
    assert headers["connection"] == "close"
    assert reader.at_eof()


def test_chunked_body_over_limit_is_413(server):
    chunk = b"8000\r\n" + b"a" * 0x8000 + b"\r\n"
    got, _, reader = raw_status(
        server, b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk * 3
    )
    assert got == 413 and reader.at_eof()


def test_method_not_allowed_keeps_connection(server):
    for method in (b"DELETE", b"OPTIONS", b"PUT"):
        got, headers, _ = raw_status(server, method + b" / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert got == 405 and headers["allow"] == "GET, HEAD" and "connection" not in headers


def test_request_after_error_is_not_served(server):
    # Smuggling attempt: the second request hides in an ambiguous body.
    s = connect(server)
    s.sendall(
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    reader = Reader(s)
    assert reader.response()[0] == 400
    assert reader.at_eof()


def test_keepalive_requests_limit_and_idle_timeout(start, docroot, tmp_path):
    cfg = config_file(tmp_path, docroot, extra="""
[limits]
keepalive_requests = 4
[timeouts]
keepalive = 1
""")
    s = start("serve", "--config", str(cfg))
    sock = connect(s)
    reader = Reader(sock)
    for i in range(4):
        sock.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        _, headers, _ = reader.response()
        assert ("connection" in headers) == (i == 3)
    assert reader.at_eof()
    # Requests 0.55 s apart, under the keep-alive time: the idle timer, set
    # at the first wait and left armed, fires during the second wait, which
    # must go on (ending there would close the connection 0.1 s before the
    # third request).
    sock = connect(s)
    reader = Reader(sock)
    for i in range(3):
        if i:
            time.sleep(0.55)
        sock.sendall(b"GET /f1.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        assert reader.response()[0] == 200
    t0 = time.monotonic()
    assert reader.at_eof(timeout=5)
    assert 0.5 < time.monotonic() - t0 < 3


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_connection_quiet_past_buffer_release_keeps_serving(server, docroot, scheme):
    # A keep-alive connection quiet for over a second gives its buffers back;
    # it must then serve as before, including a request that was half sent
    # when the buffers went and pipelined requests after that.
    s = connect(server, scheme)
    reader = Reader(s)
    expected = (docroot / "f16385.bin").read_bytes()
    s.sendall(b"GET /f16385.bin HTTP/1.1\r\nHost: x\r\n\r\n")
    assert reader.response()[2] == expected
    time.sleep(1.5)
    s.sendall(b"GET /f16385.bin HTTP/1.1\r\nHo")
    time.sleep(1.5)
    s.sendall(b"st: x\r\n\r\n")
    assert reader.response()[2] == expected
    time.sleep(1.5)
    s.sendall(b"GET /f16385.bin HTTP/1.1\r\nHost: x\r\n\r\n" * 3)
    for _ in range(3):
        status, _, body = reader.response()
        assert status == 200 and body == expected


def test_redirect_to_https_listener(start, docroot, certs, tmp_path):
    """A plain listener with redirect_to_https answers every request 308 to
    the same path and query at the first TLS listener's port."""
    listeners = ('[[listener]]\naddress = "127.0.0.1:0"\n'
                 '[[listener]]\naddress = "127.0.0.1:0"\ntls = false\nredirect_to_https = true\n')
    cfg = config_file(tmp_path, docroot, certs=certs, listeners=listeners)
    s = start("serve", "--config", str(cfg))
    https_port = s.host_port("https")[1]
    cases = [
        (b"GET /dir/a%20b.txt?x=1&y=2 HTTP/1.1\r\nHost: example.com\r\n\r\n",
         f"https://example.com:{https_port}/dir/a%20b.txt?x=1&y=2"),
        (b"GET / HTTP/1.1\r\nHost: example.com:8080\r\n\r\n", f"https://example.com:{https_port}/"),
        (b"HEAD /x HTTP/1.1\r\nHost: [::1]:80\r\n\r\n", f"https://[::1]:{https_port}/x"),
        (b"GET http://other.example/p?q HTTP/1.1\r\nHost: x\r\n\r\n", f"https://other.example:{https_port}/p?q"),
        (b"GET /old HTTP/1.0\r\n\r\n", f"https://127.0.0.1:{https_port}/old"),
        (b"POST /form HTTP/1.1\r\nHost: example.com\r\nContent-Length: 3\r\n\r\nabc",
         f"https://example.com:{https_port}/form"),
    ]
    for raw, location in cases:
        sock = connect(s, "http")
        sock.sendall(raw)
        status, headers, _ = Reader(sock).response(head_request=raw.startswith(b"HEAD"))
        assert (status, headers["location"]) == (308, location), raw
        sock.close()
    # curl follows it to the TLS listener.
    r = curl("-k", "-L", "-s", s.url("/f1.bin", "http"))
    assert r.stdout == (docroot / "f1.bin").read_bytes()


def test_redirect_to_https_needs_a_plain_listener_and_a_tls_one(tmp_path):
    cfg = tmp_path / "r.toml"
    cfg.write_text('[[listener]]\naddress = "127.0.0.1:0"\nredirect_to_https = true\n'
                   '[[listener]]\naddress = "127.0.0.1:1"\ntls = false\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 1 and "listener[0].redirect_to_https: only for plain listeners" in r.stderr
    cfg.write_text('[[listener]]\naddress = "127.0.0.1:0"\ntls = false\nredirect_to_https = true\n')
    r = subprocess.run([str(BINARY), "check-config", str(cfg)], capture_output=True, text=True)
    assert r.returncode == 1 and "needs a TLS listener to redirect to" in r.stderr
