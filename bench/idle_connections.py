#!/usr/bin/env python3
"""Resident memory of idle keep-alive TLS connections held by tlsaccel.

Starts tlsaccel (one worker) with kTLS on or off, opens N TLS connections on
loopback, makes one request on each (so each is a served, idle keep-alive
connection), then reads the server's VmRSS. Prints one JSON line per mode.

    bench/idle_connections.py --count 10000 --mode ktls --mode userspace

kTLS offload needs a kernel with the tls module: run it inside
scripts/ktls-vm for the "ktls" mode.
"""

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def start_server(binary, mode, workdir):
    root = Path(workdir) / "www"
    root.mkdir(exist_ok=True)
    (root / "index.html").write_text("idle\n")
    cfg = Path(workdir) / f"{mode}.toml"
    cfg.write_text(f"""
workers = 1
[[listener]]
address = "127.0.0.1:0"
[static]
root = "{root}"
[tls]
ktls = "{'on' if mode == 'ktls' else 'off'}"
[limits]
max_connections = 100000
[timeouts]
keepalive = 3600
request_header = 600
handshake = 600
""")
    log = open(Path(workdir) / f"{mode}.log", "w+b")
    proc = subprocess.Popen([binary, "serve", "--config", str(cfg)], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(400):
        text = Path(log.name).read_text()
        m = re.search(r"listening on https://(\S+)", text)
        # The process that serves: this one, or (started as root) the
        # serving process its master started.
        serving = re.search(r"started: \d+ workers, pid (\d+)", text)
        if m and serving:
            host, port = m.group(1).rsplit(":", 1)
            return proc, int(serving.group(1)), host, int(port)
        if proc.poll() is not None:
            raise RuntimeError(f"tlsaccel exited: {text}")
        time.sleep(0.05)
    raise RuntimeError("tlsaccel did not start")


async def open_idle(host, port, count, parallel, path="/"):
    """Opens `count` TLS connections to any HTTPS server, each after one
    complete GET of `path`, and returns them (their writers), idle."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    conns = []
    sem = asyncio.Semaphore(parallel)

    async def one():
        async with sem:
            reader, writer = await asyncio.open_connection(host, port, ssl=ctx, server_hostname="localhost")
            writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200"), head
            length = re.search(rb"(?im)^content-length:\s*(\d+)", head)
            await reader.readexactly(int(length.group(1)))
            conns.append(writer)

    await asyncio.gather(*(one() for _ in range(count)))
    return conns


PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, SETTINGS = 0x0, 0x1, 0x4
END_STREAM, ACK = 0x1, 0x1


def h2_frame(frame_type, flags, stream, payload=b""):
    return len(payload).to_bytes(3, "big") + bytes([frame_type, flags]) + stream.to_bytes(4, "big") + payload


def h2_get(path, authority="localhost"):
    """The HEADERS frame of GET `path` on stream 1, HPACK without Huffman:
    :method GET, :scheme https (static entries), :path and :authority as
    literals with the static names."""
    def literal(name_index, value):
        v = value.encode()
        return bytes([0x00 | name_index, len(v)]) + v
    block = bytes([0x82, 0x87]) + literal(4, path) + literal(1, authority)
    return h2_frame(HEADERS, END_STREAM | 0x4, 1, block)


async def open_idle_h2(host, port, count, parallel, path="/"):
    """Like `open_idle` over HTTP/2 (ALPN h2): each connection sends its
    preface and SETTINGS, acknowledges the server's, makes one GET on
    stream 1 and reads its response to END_STREAM, then stays open."""
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    ctx.set_alpn_protocols(["h2"])
    conns = []
    sem = asyncio.Semaphore(parallel)

    async def one():
        async with sem:
            reader, writer = await asyncio.open_connection(host, port, ssl=ctx, server_hostname="localhost")
            alpn = writer.get_extra_info("ssl_object").selected_alpn_protocol()
            assert alpn == "h2", f"ALPN chose {alpn!r}, not h2"
            writer.write(PREFACE + h2_frame(SETTINGS, 0, 0) + h2_get(path))
            await writer.drain()
            status_seen = False
            while True:
                head = await reader.readexactly(9)
                length = int.from_bytes(head[:3], "big")
                frame_type, flags, stream = head[3], head[4], int.from_bytes(head[5:9], "big") & 0x7FFFFFFF
                payload = await reader.readexactly(length)
                if frame_type == SETTINGS and not flags & ACK:
                    writer.write(h2_frame(SETTINGS, ACK, 0))
                if stream != 1:
                    continue
                if frame_type == HEADERS and not status_seen:
                    # Past any table size update, `:status: 200` is static entry 8.
                    block = payload.lstrip(bytes(range(0x20, 0x40)))
                    assert block[:1] == b"\x88", f"not a 200: {payload[:16].hex()}"
                    status_seen = True
                if frame_type in (DATA, HEADERS) and flags & END_STREAM:
                    break
            await writer.drain()
            conns.append(writer)

    await asyncio.gather(*(one() for _ in range(count)))
    return conns


def measure(binary, mode, count, parallel, args_trim=False):
    with tempfile.TemporaryDirectory() as workdir:
        proc, serving, host, port = start_server(binary, mode, workdir)
        try:
            time.sleep(0.5)
            base = rss_kib(serving)
            t0 = time.monotonic()
            loop = asyncio.new_event_loop()
            conns = loop.run_until_complete(open_idle(host, port, count, parallel))
            opened = time.monotonic() - t0
            time.sleep(2)
            rss = rss_kib(serving)
            # Freed heap memory that glibc keeps mapped (fragmentation) shows
            # in RSS; malloc_trim(0) returns it, which separates it from
            # memory the connections really hold.
            rss_trimmed = None
            if args_trim:
                subprocess.run(["gdb", "-p", str(serving), "-batch", "-ex", "call (int)malloc_trim(0)"],
                               capture_output=True, timeout=120)
                rss_trimmed = rss_kib(serving)
            stat = {}
            if os.path.exists("/proc/net/tls_stat"):
                stat = {l.split()[0]: int(l.split()[1]) for l in open("/proc/net/tls_stat")}
            for w in conns:
                w.transport.abort()
            loop.close()
            return {
                "mode": mode,
                "connections": count,
                "rss_base_kib": base,
                "rss_kib": rss,
                "per_connection_bytes": round((rss - base) * 1024 / count),
                "rss_after_malloc_trim_kib": rss_trimmed,
                "per_connection_bytes_after_trim": rss_trimmed and round((rss_trimmed - base) * 1024 / count),
                "open_seconds": round(opened, 1),
                "tls_curr_tx_sw": stat.get("TlsCurrTxSw"),
                "kernel": os.uname().release,
            }
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(60)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--binary", default=str(REPO / "target" / "release" / "tlsaccel"))
    p.add_argument("--count", type=int, default=10000)
    p.add_argument("--parallel", type=int, default=64)
    p.add_argument("--mode", action="append", choices=["ktls", "userspace"])
    p.add_argument("--trim", action="store_true", help="also measure after malloc_trim(0), through gdb")
    args = p.parse_args()
    want = args.count * 2 + 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (max(want, soft), max(want, hard)))
        except (ValueError, OSError):
            sys.exit(f"need {want} open files; raise the limit (ulimit -n {want})")
    for mode in args.mode or ["ktls", "userspace"]:
        print(json.dumps(measure(args.binary, mode, args.count, args.parallel, args.trim)), flush=True)


if __name__ == "__main__":
    main()
