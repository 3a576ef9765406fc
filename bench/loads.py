"""Load generators, each run once against one URL and parsed into numbers.

wrk (keep-alive RPS, throughput, connections per second with
`Connection: close`), `openssl s_time` (TLS connections per second, full or
resumed handshakes), curl (the kTLS article's single-download speed),
vegeta (fixed-rate latency, as in the Japanese article), and idle TLS
connections for memory. Every function returns the raw text it parsed too,
so a run can be checked afterwards.

The OpenSSL-based clients run with `CLIENT_ENV`: they offer TLS 1.3 with
the benchmark's suite only (bench/openssl-client.cnf), so a server that
cannot restrict its suites negotiates the same one as the others. The Go
clients (vegeta, wsbench) cannot be restricted: with Caddy, the one server
that does not enforce the suite, they get TLS_AES_128_GCM_SHA256.
"""

import csv
import hashlib
import json
import math
import os
import re
import subprocess
import time
from pathlib import Path

from servers import CIPHER, taskset

BENCH = Path(__file__).resolve().parent
WRK_REPORT = BENCH / "wrk_report.lua"
CLIENT_ENV = {**os.environ, "OPENSSL_CONF": str(BENCH / "openssl-client.cnf")}


def wrk(url, seconds, connections, threads, cpus, close=False, counts_bytes=False, headers=()):
    """wrk's totals. `counts_bytes`: the row measures bytes per second, so
    a run too short for any connection to finish a large response (50 x
    10 MB in the quick run's one second) still measures, as long as bytes
    arrived; a row that counts requests needs at least one. `headers`:
    fields added to every request."""
    cmd = taskset(cpus) + ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
                           "--timeout", "10s", "-s", str(WRK_REPORT)]
    if close:
        cmd += ["-H", "Connection: close"]
    for h in headers:
        cmd += ["-H", h]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=seconds + 60, env=CLIENT_ENV)
    m = re.search(r"^WRK_JSON (.*)$", out.stdout, re.M)
    if not m:
        raise RuntimeError(f"wrk gave no report: {out.stdout}\n{out.stderr}")
    r = json.loads(m.group(1))
    seconds_run = r["duration_us"] / 1e6
    kinds = ["connect_errors", "write_errors", "status_errors", "timeouts"] + ([] if close else ["read_errors"])
    errors = ", ".join(f"{r[k]} {k.replace('_', ' ')}" for k in kinds if r[k])
    if r["requests"] == 0 and not (counts_bytes and r["bytes"] > 0):
        errors = errors or ("no response bytes" if counts_bytes else "no requests completed")
    return {
        "requests": r["requests"],
        "rps": r["requests"] / seconds_run,
        "bytes_per_s": r["bytes"] / seconds_run,
        "errors": errors,
        "p50_ms": r["p50_us"] / 1000,
        "p99_ms": r["p99_us"] / 1000,
        "raw": out.stdout,
    }


def s_time(host_port, path, seconds, processes, cpus, reuse):
    """`processes` parallel `openssl s_time` clients, each making one TLS
    connection after another (HTTP/1.0 GET, read to close)."""
    cmd = taskset(cpus) + ["openssl", "s_time", "-connect", host_port, "-www", path,
                           "-time", str(seconds), "-tls1_3", "-ciphersuites", CIPHER,
                           "-reuse" if reuse else "-new"]
    start = time.monotonic()
    procs = [subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=CLIENT_ENV)
             for _ in range(processes)]
    outs = [p.communicate(timeout=seconds + 60)[0] for p in procs]
    wall = time.monotonic() - start
    connections = resumed = 0
    for out in outs:
        m = re.search(r"(\d+) connections in [\d.]+s", out)
        if not m:
            raise RuntimeError(f"s_time gave no result: {out[-2000:]}")
        connections += int(m.group(1))
        # s_time prints one character per connection: 'r' when resumed.
        progress = out.split("Now timing with session id reuse.", 1)[-1] if reuse else out
        resumed += sum(line.count("r") for line in progress.splitlines()
                       if re.fullmatch(r"[r*t3]+", line.strip() or "-"))
    return {
        "connections": connections,
        "cps": connections / wall,
        "resumed_share": resumed / connections if connections else 0.0,
        "raw": "\n".join(outs),
    }


def curl_speed(url, http2=False):
    """One download; bytes per second as curl measured it. HTTP/1.1 as in
    the article (both servers also offer h2), or HTTP/2 with `http2`."""
    out = subprocess.run(["curl", "-k", "-s", "--http2" if http2 else "--http1.1", "-o", "/dev/null",
                          "--tlsv1.3", "--tls13-ciphers", CIPHER,
                          "-w", "%{speed_download} %{http_code} %{size_download} %{http_version}", url],
                         capture_output=True, text=True, timeout=600, env=CLIENT_ENV)
    speed, code, size, version = out.stdout.split()
    if code not in ("200", "206"):
        raise RuntimeError(f"curl got HTTP {code} from {url}")
    if version != ("2" if http2 else "1.1"):
        raise RuntimeError(f"curl spoke HTTP/{version} to {url}")
    return {"bytes_per_s": float(speed), "bytes": int(size), "raw": out.stdout}


def probe(url, http2=False, headers=()):
    """One request as the load generators make it (CLIENT_ENV): the status,
    the body's SHA-256 (and the body), the HTTP version, the response's
    Content-Encoding, and the TLS version and suite curl reports, for the
    check before any load."""
    extra = [arg for h in headers for arg in ("-H", h)]
    out = subprocess.run(["curl", "-k", "-s", "-v", "--http2" if http2 else "--http1.1", "-o", "-", *extra,
                          "-w", "%{stderr}PROBE %{http_code} %{http_version}\n", url],
                         capture_output=True, timeout=60, env=CLIENT_ENV)
    err = out.stderr.decode(errors="replace")
    status = re.search(r"^PROBE (\d+) (\S+)$", err, re.M)
    tls = re.search(r"SSL connection using (\S+) / (\S+)", err)
    encoding = re.search(r"^< content-encoding: *(\S+)", err, re.M | re.I)
    return {
        "status": int(status.group(1)) if status else 0,
        "http_version": status.group(2) if status else "?",
        "sha256": hashlib.sha256(out.stdout).hexdigest(),
        "body": out.stdout,
        "content_encoding": encoding.group(1).lower() if encoding else None,
        "tls_version": tls.group(1) if tls else None,
        "cipher": tls.group(2) if tls else None,
        "raw": err,
    }


def h2load(url, seconds, connections, streams, cpus, h1=False):
    """h2load for `seconds`: `connections` connections with `streams`
    requests in flight on each (HTTP/2), or, with `h1`, HTTP/1.1 over the
    same connections, one request at a time each."""
    cmd = taskset(cpus) + ["h2load", "-D", str(seconds), "-c", str(connections),
                           "-m", "1" if h1 else str(streams), "--tls13-ciphers", CIPHER]
    if h1:
        cmd.append("--h1")
    out = subprocess.run(cmd + [url], capture_output=True, text=True, timeout=seconds + 60, env=CLIENT_ENV)
    m = re.search(r"requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, "
                  r"(\d+) errored, (\d+) timeout", out.stdout)
    codes = re.search(r"status codes: (\d+) 2xx", out.stdout)
    took = re.search(r"finished in ([\d.]+)(m?s)", out.stdout)
    proto = re.search(r"Application protocol: (\S+)", out.stdout)
    if not (m and codes and took and proto):
        raise RuntimeError(f"h2load gave no report: {out.stdout}\n{out.stderr}")
    seconds_run = float(took.group(1)) / (1000 if took.group(2) == "ms" else 1)
    # In timed runs a response whose head came as time ran out counts as
    # 2xx without being done: 2xx may exceed the completed requests by that.
    done, ok = int(m.group(4)), int(codes.group(1))
    errors = []
    if proto.group(1) != ("http/1.1" if h1 else "h2"):
        errors.append(f"protocol {proto.group(1)}")
    if ok < done or int(m.group(5)) or int(m.group(6)):
        errors.append(f"{done - ok} not 2xx, {m.group(5)} failed, {m.group(6)} errored")
    if done == 0:
        errors.append("no requests completed")
    return {"requests": done, "rps": done / seconds_run, "errors": ", ".join(errors), "raw": out.stdout}


def wsbench(binary, url, connections, seconds, size, cpus):
    """bench/wsbench's load: `connections` WebSockets, each sending a
    message of `size` bytes and waiting for its echo, for `seconds`."""
    out = subprocess.run(taskset(cpus) + [str(binary), "load", "-url", url, "-c", str(connections),
                                          "-d", f"{seconds}s", "-size", str(size)],
                         capture_output=True, text=True, timeout=seconds + 60)
    try:
        r = json.loads(out.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        raise RuntimeError(f"wsbench gave no report: {out.stdout}\n{out.stderr}")
    errors = f"{r['errors']} errors ({r.get('first_error', '')})" if r["errors"] else ""
    if r["messages"] == 0:
        errors = errors or "no message echoed"
    return {"messages": r["messages"], "seconds": r["seconds"], "errors": errors, "raw": out.stdout}


# Seconds of a fixed-rate run before its figures count (`vegeta`).
VEGETA_WARMUP = 1
# The most connections vegeta opens (see `vegeta`): at the fixed rate a
# healthy server needs a few; a burst of this many handshakes costs a
# server under 0.1 CPU-second.
VEGETA_CONNECTIONS = 64


def vegeta(binary, url, rate, seconds, cpus):
    """`seconds` of requests at `rate` per second, after VEGETA_WARMUP
    seconds that the latency figures leave out (`p99_all_ms` keeps them).
    vegeta opens its connections as it starts, one per request until some
    are free again, each a full TLS handshake on the server's one CPU: in
    four runs a minute apart, 36 to 206 of them (60 and 206 for the same
    server). The requests queued behind those handshakes, in the first
    100-200 ms, were up to all of the slowest 1 % of a 10-second run, so
    the p99 measured how that start went rather than how the server
    answers at the rate (the seed article's run lasted five minutes, where
    the start is under 1 % of the requests).

    Its connections are capped at VEGETA_CONNECTIONS. Uncapped, a slow
    moment could feed on itself: answers late, so vegeta adds workers and
    connections, whose handshakes make the answers later still. On
    2026-11-29 most servers ended in that state in 2 to 8 of 9 runs
    (medians of seconds, server CPU per request 5 to 12 times the
    healthy runs'), so the row measured the spiral, not the server."""
    # HTTP/1.1, as the article measured (both servers also offer h2).
    attack = subprocess.run(taskset(cpus) + [binary, "attack", "-insecure", "-http2=false", f"-rate={rate}/s",
                                             f"-duration={seconds + VEGETA_WARMUP}s", "-timeout=10s",
                                             f"-max-connections={VEGETA_CONNECTIONS}"],
                            input=f"GET {url}\n".encode(), capture_output=True, timeout=seconds + 120)
    report = subprocess.run([binary, "report", "-type=json"], input=attack.stdout,
                            capture_output=True, check=True, timeout=120)
    r = json.loads(report.stdout)
    # timestamp (ns), status, latency (ns), ... per request, in order sent.
    rows = subprocess.run([binary, "encode", "--to", "csv"], input=attack.stdout,
                          capture_output=True, check=True, timeout=120).stdout.decode().splitlines()
    sent = [(int(t), int(latency)) for t, _, latency, *_ in csv.reader(rows)]
    if not sent:
        raise RuntimeError(f"vegeta sent no request to {url}: {attack.stderr.decode()}")
    start = min(t for t, _ in sent)
    steady = sorted(latency for t, latency in sent if t >= start + VEGETA_WARMUP * 10**9)
    everything = sorted(latency for _, latency in sent)

    def ms(sorted_latencies, q):
        # Nearest rank: the smallest latency at least q of the requests had.
        return sorted_latencies[max(math.ceil(q * len(sorted_latencies)) - 1, 0)] / 1e6

    return {
        "requests": r["requests"],
        "p50_ms": ms(steady, 0.5),
        "p90_ms": ms(steady, 0.9),
        "p99_ms": ms(steady, 0.99),
        "max_ms": steady[-1] / 1e6,
        "p99_all_ms": ms(everything, 0.99),
        "success": r["success"],
        "raw": report.stdout.decode(),
    }
