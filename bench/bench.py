#!/usr/bin/env python3
"""tlsaccel against nginx and its peers on this machine, side by side, in one run.

Reproduces the seed articles' measurements: requests per second with
keep-alive (0/1/10/100 KB, HTTP and HTTPS, one worker and all workers),
connections per second (HTTP, HTTPS full and resumed handshakes, raw and per
server CPU-second), throughput (100 KB, 1 MB, 10 MB; and the kTLS article's
curl download of a 1 GiB sparse file, through ministat), fixed-rate latency
with server CPU per request, accelerator mode (TLS terminated in front of a
back end, WebSockets through it), HTTP/2, compressed responses (on the
fly and precompressed, gzip and brotli), and memory of idle TLS
connections. Where the kernel has kTLS, every HTTPS row runs with kTLS on
and off on tlsaccel and nginx.

The peers (bench/peers.py) take the one-worker rows of what they are:
h2o, lighttpd and Caddy the static and HTTP/2 rows, h2o and Caddy the
compression rows, HAProxy and hitch the accelerator rows. Before any load, every server is checked for what the
rows assume: each file's body, the HTTP version, TLS 1.3 and the suite.

Every measurement alternates between the servers (the order flips each
repetition, so drift on a shared machine hits both alike). A last
section (pairs) measures the per-CPU-second targets against the best peer
again with tlsaccel and one peer at a time loaded at once. Writes
bench/results/<date>/: raw/ outputs, results.json, report.md and PNG plots.
Run it through bench/run.sh, which installs the tools.
"""

import argparse
import concurrent.futures
import datetime
import fnmatch
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import loads
import peers
import report
import servers
from idle_connections import open_idle, open_idle_h2
from ports import free_port
from report import Target
from servers import COMPRESSION, HTTP2, LIMIT, PROXY, STATIC, WEBSOCKET

REPO = Path(__file__).resolve().parents[1]

SIZES = {"0kb": 0, "1kb": 1024, "10kb": 10 * 1024, "100kb": 100 * 1024,
         "1mb": 1 << 20, "10mb": 10 << 20}
# The Japanese article's page: nginx's default index.html, 615 bytes.
PAGE_BYTES = 615
GIB_FILE = "1gb"
# The compression rows' text (bench/text/make_text.py made them once).
TEXT = REPO / "bench" / "text"
TEXT_FILES = {"html": "page.html", "js": "app.js"}
# The files each section's rows load, as static files; what
# check_servers checks before the load (a 10 MB check over TLS takes
# seconds in the emulated kTLS guest).
SECTION_FILES = {"rps": ["0kb", "1kb", "10kb", "100kb"], "cps": ["0kb"], "throughput": ["100kb", "1mb", "10mb"],
                 "latency": ["index.html"], "proxy": [], "http2": ["0kb", "1kb", "10kb", "100kb"],
                 "compression": [], "memory": ["index.html"], "pairs": ["0kb", "1kb", "10kb", "100kb"]}
# Who compresses what: on the fly (under /text/) and from files beside
# the originals (under /pre/). Debian's nginx has no brotli; Caddy 2.6's
# encoders are gzip and zstd.
ON_THE_FLY = {"gzip": {"tlsaccel", "nginx", "h2o", "caddy"}, "br": {"tlsaccel", "h2o"}}
PRECOMPRESSED = {"gzip": {"tlsaccel", "nginx", "h2o", "caddy"}, "br": {"tlsaccel", "h2o", "caddy"}}


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                epilog="bench/run.sh measures the profile-guided build (scripts/build-pgo) unless "
                                       "given --quick or --no-pgo, which measure `cargo build --release`.")
    p.add_argument("--quick", action="store_true",
                   help="reduced set for a smoke check (about 7 minutes), of `cargo build --release`")
    p.add_argument("--duration", type=int, help="seconds per load run (default 4, quick 1)")
    p.add_argument("--repeats", type=int, help="repetitions of each measurement (default 3, quick 1)")
    p.add_argument("--latency-repeats", type=int,
                   help="repetitions of the fixed-rate latency rows (default 9, quick 1): a p99 of a few "
                        "seconds at a fixed rate is its slowest 1 %%, which one pause of the machine makes")
    p.add_argument("--downloads", type=int, help="1 GiB curl downloads per server (default 10, quick 3)")
    p.add_argument("--rate", type=int, help="fixed-rate requests per second (default 2000, quick 500)")
    p.add_argument("--idle", type=int, help="idle TLS connections for the memory row (default 8000, quick 250)")
    p.add_argument("--rounds", type=int,
                   help="side-by-side rounds of tlsaccel with each peer, per row (default 3, quick 1)")
    p.add_argument("--pairs", metavar="GLOB", action="append",
                   help="side-by-side rows to run, by key (e.g. 'pairs/http/*', 'pairs/proxy/1kb'); "
                        "repeatable; default all (the whole section takes about 17 minutes)")
    p.add_argument("--rsa", action="store_true", help="RSA-2048 certificate instead of ECDSA P-256")
    p.add_argument("--only", action="append", choices=report.SECTIONS, help="run only these sections")
    p.add_argument("--no-peers", action="store_true",
                   help="tlsaccel and nginx only, without h2o, lighttpd, Caddy, HAProxy and hitch")
    p.add_argument("--out", type=Path, help="results folder (default bench/results/<date>[-quick])")
    p.add_argument("--publish", action="store_true", help="also regenerate BENCHMARKS.md from this run")
    p.add_argument("--no-plots", action="store_true",
                   help="report.md without the PNG plots (matplotlib's first import takes half a minute in the "
                        "emulated kTLS guest, whose read-only root keeps no font cache)")
    p.add_argument("--binary", type=Path, default=REPO / "target" / "release" / "tlsaccel")
    p.add_argument("--build", default="cargo build --release",
                   help="how --binary was built, for the report (bench/run.sh passes it)")
    p.add_argument("--vegeta", default="vegeta")
    p.add_argument("--wsbench", default="wsbench")
    p.add_argument("--limit", type=Path, default=REPO / "target" / "release" / "tlsaccel-limit",
                   help="the ceiling server (bench/limit), measured on the one-worker keep-alive rows")
    a = p.parse_args()
    defaults = {"duration": (4, 1), "repeats": (3, 1), "latency_repeats": (9, 1), "downloads": (10, 3),
                "rate": (2000, 500), "idle": (8000, 250), "rounds": (3, 1)}
    for key, (full, quick) in defaults.items():
        if getattr(a, key) is None:
            setattr(a, key, quick if a.quick else full)
    if a.duration < 1:
        p.error("--duration: wrk needs at least 1 second")
    if a.publish and a.no_plots:
        p.error("--publish needs the plots: BENCHMARKS.md shows them")
    return a


def make_files(www, sections):
    """The files the sections load: the 1 GiB file and the compression text
    only for the sections that use them (making them takes half a minute
    in the emulated kTLS guest, whose test runs the cps section alone)."""
    www.mkdir(parents=True, exist_ok=True)
    for name, size in SIZES.items():
        (www / name).write_bytes(os.urandom(size))
    (www / "index.html").write_bytes(b"x" * PAGE_BYTES)
    if "throughput" in sections or "http2" in sections:
        make_gib_file(www)
    if "compression" in sections:
        make_text_files(www)


def make_gib_file(www):
    # The kTLS article's file: sparse, so it costs no disk, only page cache.
    with open(www / GIB_FILE, "wb") as f:
        f.truncate(1 << 30)
    # Read once now: the first read of a sparse file has the kernel zero
    # its pages, which would be charged to whichever server is measured
    # first.
    chunk = bytearray(1 << 20)
    with open(www / GIB_FILE, "rb") as f:
        while f.readinto(chunk):
            pass


def make_text_files(www):
    # The compression rows: the text as it is under /text/, and under /pre/
    # with its precompressed files beside it (made at build time, so at the
    # highest levels, as a site would).
    import brotli
    import gzip
    for folder in ("text", "pre"):
        (www / folder).mkdir(exist_ok=True)
        for name in TEXT_FILES.values():
            shutil.copy(TEXT / name, www / folder / name)
    for name in TEXT_FILES.values():
        data = (TEXT / name).read_bytes()
        (www / "pre" / f"{name}.gz").write_bytes(gzip.compress(data, 9, mtime=0))
        (www / "pre" / f"{name}.br").write_bytes(brotli.compress(data, quality=11))


def make_certificate(work, rsa):
    cert, key = work / "cert.pem", work / "key.pem"
    algo = ["-newkey", "rsa:2048"] if rsa else ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]
    subprocess.run(["openssl", "req", "-x509", *algo, "-nodes", "-days", "2", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def cpu_layout():
    """Server CPUs (one worker) and load-generator CPUs."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) >= 2:
        return [cpus[0]], cpus[1:]
    return None, None


def cpu_used(before, after):
    """User plus system seconds between two `Server.cpu()` readings."""
    return (after[0] - before[0]) + (after[1] - before[1])


class Run:
    """Collects rows, alternating servers and writing raw outputs."""

    def __init__(self, args, out, info):
        self.args = args
        self.out = out
        self.raw = out / "raw"
        self.raw.mkdir(parents=True, exist_ok=True)
        self.info = info
        self.rows = []
        self.started = time.monotonic()

    def save_results(self):
        """results.json as it stands: written after every measurement, so a
        run that fails late keeps what it measured (report.py can present
        it)."""
        self.info["elapsed_s"] = round(time.monotonic() - self.started)
        (self.out / "results.json").write_text(json.dumps({"meta": self.info, "rows": self.rows}, indent=1))

    def save_raw(self, name, text):
        (self.raw / name).write_text(text)

    def measure(self, section, key, label, unit, better, target, variants, fn, derived=(), repeats=None):
        """Runs fn(server, rep) for each server, `repeats` times (by default
        --repeats), alternating order. fn returns {"value": x, ...};
        `derived` adds rows computed from the same runs: (key, label, unit,
        better, target, lambda result: value). A target is a `Target` (a
        ratio against nginx or the best peer) or None."""
        def row(key, label, unit, better, target):
            return dict(section=section, key=key, label=label, unit=unit, better=better, values={},
                        target=target.ratio if target else None,
                        reference=target.reference if target else None)

        rows = [row(key, label, unit, better, target)] + [row(*d[:5]) for d in derived]
        # Repetitions an earlier call of this row made (see below).
        done = max((len(v) for r in self.rows if r["key"] == key for v in r["values"].values()), default=0)
        for rep in range(done, done + (repeats or self.args.repeats)):
            order = variants if rep % 2 == 0 else list(reversed(variants))
            for server in order:
                cpu0 = server.cpu()
                result = fn(server, rep)
                cpu1 = server.cpu()
                result["server_cpu_s"] = cpu_used(cpu0, cpu1)
                raw = result.pop("raw", "")
                self.save_raw(f"{key.replace('/', '_')}_{server.label.replace(' +', '_')}_{rep}.txt", raw)
                if result.get("errors"):
                    raise RuntimeError(f"{server.label}: {label}: {result['errors']} (raw output saved)")
                rows[0]["values"].setdefault(server.label, []).append(result["value"])
                for row, d in zip(rows[1:], derived):
                    row["values"].setdefault(server.label, []).append(d[5](result))
        for row in rows:
            # A row measured in several calls (each on fresh servers) adds
            # its values to what the earlier calls found.
            earlier = next((r for r in self.rows if r["key"] == row["key"]), None)
            if earlier:
                for server, values in row["values"].items():
                    earlier["values"].setdefault(server, []).extend(values)
                row = earlier
            else:
                self.rows.append(row)
            print(report.one_line(row), flush=True)
        self.save_results()

    def measure_pairs(self, key, label, target, ours, peers, load):
        """Loads `ours` and each peer at once, `rounds` times: both servers
        on the same CPU, each with its own client (`load(server)`, wrk's or
        h2load's totals) on the load generator's CPU, the start order
        flipping each round. A round's figure is the ratio of the two
        servers' requests per CPU-second (user+system time from /proc over
        the round). Whatever slows the machine during a round slows both
        sides of it, so the ratio keeps still where the figures of servers
        measured in turn drift apart (see `run_pairs`)."""
        row = dict(section="pairs", key=key, label=label, unit="tlsaccel / peer, per server CPU-second",
                   better="higher", values={}, per_cpu={}, paired=True, target=target.ratio,
                   reference=target.reference)
        for peer in peers:
            for rnd in range(self.args.rounds):
                pair = [ours, peer] if rnd % 2 == 0 else [peer, ours]
                before = [server.cpu() for server in pair]
                with concurrent.futures.ThreadPoolExecutor(2) as pool:
                    results = list(pool.map(load, pair))
                after = [server.cpu() for server in pair]
                per_cpu = {}
                for server, r, cpu0, cpu1 in zip(pair, results, before, after):
                    if r["errors"]:
                        other = pair[1] if server is pair[0] else pair[0]
                        raise RuntimeError(f"{server.label}: {label} beside {other.label}: {r['errors']}")
                    per_cpu[server.label] = r["requests"] / max(cpu_used(cpu0, cpu1), 1e-3)
                self.save_raw(f"{key.replace('/', '_')}_{peer.label}_{rnd}.txt",
                              "".join(f"== {server.label}: {per_cpu[server.label]:.0f} req per CPU-s\n{r['raw']}\n"
                                      for server, r in zip(pair, results)))
                row["values"].setdefault(peer.label, []).append(per_cpu[ours.label] / per_cpu[peer.label])
                detail = row["per_cpu"].setdefault(peer.label, {ours.label: [], peer.label: []})
                for server in pair:
                    detail[server.label].append(per_cpu[server.label])
        self.rows.append(row)
        print(report.one_line(row), flush=True)
        self.save_results()


def static_servers(variants, scheme, limit=False):
    """The servers that take a static row over `scheme`: every file server
    over HTTPS; over plain HTTP those with a plain listener, once each (no
    kTLS variant). With `limit`, the ceiling server too (keep-alive
    HTTP/1.1 rows)."""
    return [v for v in variants
            if (v.serves(STATIC) or (limit and v.serves(LIMIT)))
            and (scheme == "https" or (not v.ktls and v.http_port))]


def check_servers(run, variants, www, sections):
    """Before any load: every server answers what its rows will ask with the
    right bytes, over the HTTP version the rows speak, with TLS 1.3 and the
    benchmark's suite as the load generators negotiate them. One line per
    check in raw/checks.txt; any failure stops the run before it measures a
    misconfigured server."""
    want = {name: hashlib.sha256((www / name).read_bytes()).hexdigest()
            for name in list(SIZES) + ["index.html"]}
    loaded = [name for name in want if any(name in SECTION_FILES[section] for section in sections)]
    lines, failures = [], []

    def check(server, scheme, path, name, http2=False):
        r = loads.probe(server.url(scheme, path), http2=http2)
        problems = []
        if r["status"] != 200:
            problems.append(f"status {r['status']}")
        if r["sha256"] != want[name]:
            problems.append("body differs from the file")
        version = "2" if http2 else "1.1"
        if r["http_version"] != version:
            problems.append(f"HTTP/{r['http_version']}, not HTTP/{version}")
        if scheme == "https" and (r["tls_version"], r["cipher"]) != ("TLSv1.3", servers.CIPHER):
            problems.append(f"{r['tls_version']} {r['cipher']}, not TLSv1.3 {servers.CIPHER}")
        lines.append(f"{server.label:<16} {scheme:<5} HTTP/{version:<3} {path:<14} "
                     f"{'ok' if not problems else '; '.join(problems)}  ({r['tls_version']} {r['cipher']})")
        if problems:
            failures.append(f"{server.label} {scheme}://…{path} over HTTP/{version}: {'; '.join(problems)}")

    def check_compressed(server, path, name, coding):
        import brotli
        import gzip
        r = loads.probe(server.url("https", path), headers=[f"Accept-Encoding: {coding}"])
        problems = []
        if r["status"] != 200:
            problems.append(f"status {r['status']}")
        if r["content_encoding"] != coding:
            problems.append(f"Content-Encoding {r['content_encoding']}, not {coding}")
        else:
            decode = gzip.decompress if coding == "gzip" else brotli.decompress
            if decode(r["body"]) != (TEXT / name).read_bytes():
                problems.append("decoded body differs from the file")
        lines.append(f"{server.label:<16} https {coding:<5} {path:<16} "
                     f"{'ok' if not problems else '; '.join(problems)}  (Content-Encoding {r['content_encoding']})")
        if problems:
            failures.append(f"{server.label} https://…{path} with {coding}: {'; '.join(problems)}")

    plain = static_servers(variants, "http", limit=True)
    for server in variants:
        if server.serves(LIMIT):
            for name in loaded:
                check(server, "https", f"/{name}", name)
                check(server, "http", f"/{name}", name)
        if server.serves(STATIC):
            for name in loaded:
                check(server, "https", f"/{name}", name)
                if server in plain:
                    check(server, "http", f"/{name}", name)
            if server.serves(HTTP2) and ("http2" in sections or "pairs" in sections):
                for name in ("1kb", "100kb"):
                    check(server, "https", f"/{name}", name, http2=True)
        if server.serves(COMPRESSION) and "compression" in sections:
            for folder, codings in (("text", ON_THE_FLY), ("pre", PRECOMPRESSED)):
                for coding, names in codings.items():
                    if server.name in names:
                        for name in TEXT_FILES.values():
                            check_compressed(server, f"/{folder}/{name}", name, coding)
        if server.serves(PROXY) and ("proxy" in sections or "pairs" in sections):
            for name in ("1kb", "100kb", "10mb"):
                check(server, "https", f"/proxy/{name}", name)
    run.save_raw("checks.txt", "\n".join(lines) + "\n")
    if failures:
        raise RuntimeError("servers not set up for the same work (raw/checks.txt):\n  " + "\n  ".join(failures))
    print(f"== {len(lines)} checks passed: every server's bodies, HTTP version, TLS 1.3 and {servers.CIPHER}",
          flush=True)


def run_rps(run, variants, workers, load_cpus, threads):
    a = run.args
    for scheme in ("http", "https"):
        for size in ("0kb", "1kb", "10kb", "100kb"):
            https = scheme == "https"
            targets = {"0kb": 1.3, "1kb": 1.3, "10kb": 1.3, "100kb": 1.1} if https else dict.fromkeys(SIZES, 1.0)
            served = static_servers(variants, scheme, limit=True)

            def fn(server, rep, scheme=scheme, size=size):
                r = loads.wrk(server.url(scheme, f"/{size}"), a.duration, 50, threads, load_cpus)
                return {"value": r["rps"], "requests": r["requests"], "errors": r["errors"], "raw": r["raw"]}

            key = f"rps/{scheme}/{size}/w{workers}"
            label = f"{scheme.upper()} {size.upper().replace('KB', ' KB')}, {workers} worker{'s' * (workers > 1)}"
            # One worker against a load generator on one core: the client may
            # be the limit, and then requests per server CPU-second compare
            # the servers (as for connections per second).
            # Against every peer, the target is per server CPU-second
            # (issue 29: 1.1x the best peer, plain HTTP as well as HTTPS).
            derived = [(f"{key}/per-cpu", f"{label}, per server CPU-second", "req per server CPU-s", "higher",
                        Target(1.1, report.PEERS),
                        lambda r: r["requests"] / max(r["server_cpu_s"], 1e-3))] if workers == 1 else []
            run.measure("rps", key, label, "req/s", "higher",
                        Target(targets[size], report.NGINX) if workers == 1 else None, served, fn, derived=derived)


def run_cps(run, variants, load_cpus):
    a = run.args
    per_cpu = ("conn per server CPU-s", "higher")

    def http_fn(server, rep):
        r = loads.wrk(server.url("http", "/0kb"), a.duration, 50, 1, load_cpus, close=True)
        return {"value": r["rps"], "connections": r["requests"], "errors": r["errors"], "raw": r["raw"]}

    def per_cpu_s(result):
        return result["connections"] / max(result["server_cpu_s"], 1e-3)

    run.measure("cps", "cps/http", "HTTP, new connection per request", "conn/s", "higher", Target(1.0, report.NGINX),
                static_servers(variants, "http"), http_fn,
                derived=[("cps/http/per-cpu", "HTTP, per server CPU-second", *per_cpu, Target(1.1, report.PEERS),
                          per_cpu_s)])
    for resumed in (False, True):
        kind = "resumed" if resumed else "full"

        def tls_fn(server, rep, resumed=resumed):
            r = loads.s_time(f"127.0.0.1:{server.https_port}", "/0kb", max(1, round(a.duration)), 4,
                             load_cpus, reuse=resumed)
            if resumed and r["resumed_share"] < 0.9:
                raise RuntimeError(f"{server.label}: only {r['resumed_share']:.0%} of handshakes resumed")
            if not resumed and r["resumed_share"] > 0:
                raise RuntimeError(f"{server.label}: {r['resumed_share']:.0%} of the full handshakes resumed")
            return {"value": r["cps"], "connections": r["connections"], "raw": r["raw"]}

        run.measure("cps", f"cps/https-{kind}", f"HTTPS, {kind} handshakes", "conn/s", "higher",
                    Target(1.0, report.NGINX), static_servers(variants, "https"), tls_fn,
                    derived=[(f"cps/https-{kind}/per-cpu", f"HTTPS {kind} handshakes, per server CPU-second",
                              *per_cpu, Target(1.5, report.PEERS), per_cpu_s)])


def run_throughput(run, variants, load_cpus):
    a = run.args
    for scheme in ("http", "https"):
        for size in ("100kb", "1mb", "10mb"):
            served = static_servers(variants, scheme)

            def fn(server, rep, scheme=scheme, size=size):
                r = loads.wrk(server.url(scheme, f"/{size}"), a.duration, 50, 1, load_cpus, counts_bytes=True)
                return {"value": r["bytes_per_s"] * 8 / 1e9, "errors": r["errors"], "raw": r["raw"]}

            # Issue 29: at least the best peer's at 1 MB and 10 MB.
            run.measure("throughput", f"throughput/{scheme}/{size}",
                        f"{scheme.upper()} {size.upper().replace('KB', ' KB').replace('MB', ' MB')}",
                        "Gbit/s", "higher", None if size == "100kb" else Target(1.0, report.PEERS), served, fn)

    speeds = measure_download(run, static_servers(variants, "https"), "throughput", "download/https/1gib",
                              "HTTPS 1 GiB, curl (kTLS article method)", Target(1.1, report.NGINX),
                              Target(0.9, report.PEERS), http2=False)
    write_ministat(run, speeds)


def measure_download(run, variants, section, key, label, target, cpu_target, http2):
    """The 1 GiB sparse file downloaded by curl, `--downloads` times per
    server: MB/s, and the server's CPU per GB. Returns each server's speeds
    in KB/s (for ministat)."""
    speeds = {}

    def curl_fn(server, rep):
        r = loads.curl_speed(server.url("https", f"/{GIB_FILE}"), http2=http2)
        if r["bytes"] != 1 << 30:
            raise RuntimeError(f"{server.label}: 1 GiB download ended at {r['bytes']} bytes")
        speeds.setdefault(server.label, []).append(r["bytes_per_s"] / 1024)
        return {"value": r["bytes_per_s"] / 1e6, "raw": r["raw"]}

    run.measure(section, key, label, "MB/s", "higher", target, variants, curl_fn,
                derived=[(f"{key}/cpu-per-gb", f"{label.split(',')[0]}, server CPU per GB", "CPU-s/GB",
                          "lower", cpu_target, lambda r: r["server_cpu_s"] / ((1 << 30) / 1e9))],
                repeats=run.args.downloads)
    return speeds


def write_ministat(run, speeds):
    """The article's presentation: ministat over the KB/s of each download."""
    files = []
    for label, values in speeds.items():
        f = run.raw / f"speed_download_{label.replace(' +', '_')}.txt"
        f.write_text("".join(f"{v:.0f}\n" for v in values))
        files.append(str(f))
    # ministat compares two data sets or more, of at least 3 points each.
    if shutil.which("ministat") and len(files) >= 2 and all(len(v) >= 3 for v in speeds.values()):
        out = subprocess.run(["ministat", "-w", "72", *files], capture_output=True, text=True)
        run.save_raw("ministat_1gib.txt", out.stdout + out.stderr)


def run_latency(run, variants, load_cpus):
    a = run.args
    seconds = max(2, round(a.duration * 1.25))

    def fn(server, rep):
        r = loads.vegeta(a.vegeta, server.url("https", "/index.html"), a.rate, seconds, load_cpus)
        return {"value": r["p99_ms"], "p50": r["p50_ms"], "p90": r["p90_ms"], "max": r["max_ms"],
                "p99_all": r["p99_all_ms"], "success": r["success"], "requests": r["requests"], "raw": r["raw"]}

    # Issue 29: p50 and p99 at most the best peer's.
    run.measure("latency", "latency/https/p99", f"HTTPS {a.rate} req/s, p99", "ms", "lower",
                Target(1.0, report.PEERS), static_servers(variants, "https"), fn,
                derived=[
                    ("latency/https/p50", f"HTTPS {a.rate} req/s, p50", "ms", "lower", Target(1.0, report.PEERS),
                     lambda r: r["p50"]),
                    ("latency/https/p90", f"HTTPS {a.rate} req/s, p90", "ms", "lower", None, lambda r: r["p90"]),
                    ("latency/https/max", f"HTTPS {a.rate} req/s, max", "ms", "lower", None, lambda r: r["max"]),
                    # What the rows above leave out: vegeta's first second,
                    # while it opens its connections (loads.vegeta).
                    ("latency/https/p99-with-start", f"HTTPS {a.rate} req/s, p99 with the first second", "ms",
                     "lower", None, lambda r: r["p99_all"]),
                    ("latency/https/success", f"HTTPS {a.rate} req/s, success ratio", "%", "higher", None,
                     lambda r: 100 * r["success"]),
                    ("latency/https/cpu-per-request", f"HTTPS {a.rate} req/s, server CPU per request", "µs",
                     "lower", Target(1.0, report.NGINX), lambda r: 1e6 * r["server_cpu_s"] / max(r["requests"], 1)),
                ], repeats=a.latency_repeats)


def run_proxy(run, variants, load_cpus):
    """Accelerator mode: both servers terminate TLS in front of the same
    back end (plain-HTTP nginx) and pass /proxy/ to it, beside HAProxy and
    hitch."""
    a = run.args
    proxies = [v for v in variants if v.serves(PROXY)]
    for size, measure, unit, target in (("1kb", "rps", "req/s", 1.2), ("100kb", "rps", "req/s", 1.2),
                                        ("10mb", "throughput", "Gbit/s", 1.2)):
        def fn(server, rep, size=size, measure=measure):
            r = loads.wrk(server.url("https", f"/proxy/{size}"), a.duration, 50, 1, load_cpus,
                          counts_bytes=measure == "throughput")
            value = r["rps"] if measure == "rps" else r["bytes_per_s"] * 8 / 1e9
            return {"value": value, "requests": r["requests"], "errors": r["errors"], "raw": r["raw"]}

        key = f"proxy/https/{size}"
        label = f"HTTPS proxy, {size.upper().replace('KB', ' KB').replace('MB', ' MB')}, " + \
            {"rps": "requests per second", "throughput": "throughput"}[measure]
        derived = [(f"{key}/per-cpu", f"{label}, per server CPU-second", "req per server CPU-s", "higher",
                    Target(1.1, report.PEERS), lambda r: r["requests"] / max(r["server_cpu_s"], 1e-3))
                   ] if measure == "rps" else []
        run.measure("proxy", key, label, unit, "higher", Target(target, report.NGINX), proxies, fn,
                    derived=derived)


def run_websocket(run, variants, load_cpus):
    """WebSocket through the accelerator: 50 connections to the same echo
    server, each sending a 64-byte message and waiting for its echo."""
    a = run.args

    def fn(server, rep):
        r = loads.wsbench(a.wsbench, f"wss://127.0.0.1:{server.https_port}/ws/", 50, a.duration, 64, load_cpus)
        return {"value": r["messages"] / r["seconds"], "messages": r["messages"], "errors": r["errors"],
                "raw": r["raw"]}

    label = "HTTPS WebSocket, 64 B messages echoed"
    run.measure("proxy", "proxy/https/websocket", label, "msg/s", "higher", None,
                [v for v in variants if v.serves(WEBSOCKET)], fn,
                derived=[("proxy/https/websocket/per-cpu", f"{label}, per server CPU-second",
                          "msg per server CPU-s", "higher", None,
                          lambda r: r["messages"] / max(r["server_cpu_s"], 1e-3))])


def run_http2(run, variants, load_cpus):
    """HTTP/2 with h2load: 10 connections x 10 streams, every server
    offering h2 in ALPN; then 100 connections with one stream each (a
    browser's many small connections). The same client over HTTP/1.1 (10
    connections, a request at a time each) gives tlsaccel's own HTTP/1.1
    figure to compare with. Targets (issue 25): 1.1x the best peer per
    server CPU-second, 1.3x at 100 KB."""
    a = run.args
    per_cpu = "req per server CPU-s"
    variants = [v for v in variants if v.serves(HTTP2)]
    rows = [(size, 10, 10, f"http2/https/{size}", f"HTTP/2 {size.upper().replace('KB', ' KB')}",
             1.3 if size == "100kb" else 1.1)
            for size in ("0kb", "1kb", "10kb", "100kb")]
    rows.append(("1kb", 100, 1, "http2/https/1kb/c100", "HTTP/2 1 KB, 100 connections x 1 stream", 1.1))
    for size, connections, streams, key, label, target in rows:
        def fn(server, rep, size=size, connections=connections, streams=streams):
            r = loads.h2load(server.url("https", f"/{size}"), a.duration, connections, streams, load_cpus)
            return {"value": r["rps"], "requests": r["requests"], "errors": r["errors"], "raw": r["raw"]}

        run.measure("http2", key, label, "req/s", "higher", None, variants, fn,
                    derived=[(f"{key}/per-cpu", f"{label}, per server CPU-second", per_cpu, "higher",
                              Target(target, report.PEERS),
                              lambda r: r["requests"] / max(r["server_cpu_s"], 1e-3))])

    def h1_fn(server, rep):
        r = loads.h2load(server.url("https", "/1kb"), a.duration, 10, 1, load_cpus, h1=True)
        return {"value": r["rps"], "requests": r["requests"], "errors": r["errors"], "raw": r["raw"]}

    label = "HTTP/1.1 1 KB, same client (h2load --h1)"
    run.measure("http2", "http2/https/1kb/h1", label, "req/s", "higher", None, variants, h1_fn,
                derived=[("http2/https/1kb/h1/per-cpu", f"{label}, per server CPU-second", per_cpu, "higher",
                          None, lambda r: r["requests"] / max(r["server_cpu_s"], 1e-3))])

    # What HTTP/2 gives up against HTTP/1.1's sendfile() (docs/ktls.md): the
    # same download as the throughput section's, over one HTTP/2 stream.
    measure_download(run, variants, "http2", "http2/https/1gib", "HTTP/2 1 GiB, curl --http2", None,
                     Target(0.8, report.PEERS), http2=True)


def run_compression(run, variants, load_cpus):
    """The 100 KB HTML page and the 300 KB JavaScript bundle, asked for with
    `Accept-Encoding: gzip`, then `br`, over HTTPS with keep-alive, from each
    server that compresses that way: on the fly (tlsaccel compresses once
    and keeps the result; the peers compress every response) and from
    precompressed files beside the originals. Also the bytes each sends
    for one response (the same level everywhere: gzip 6, brotli 5).
    Targets (issue 26): on the fly 1.5x the best peer per server
    CPU-second; precompressed 1.1x; bytes on the wire no more than the best
    peer's."""
    a = run.args
    per_cpu = "req per server CPU-s"
    served = [v for v in variants if v.serves(COMPRESSION)]
    for kind, name in TEXT_FILES.items():
        for coding in ("gzip", "br"):
            for folder, who, mode, target in (("text", ON_THE_FLY, "on the fly", 1.5),
                                               ("pre", PRECOMPRESSED, "precompressed", 1.1)):
                row_servers = [v for v in served if v.name in who[coding]]
                path = f"/{folder}/{name}"
                header = f"Accept-Encoding: {coding}"

                def fn(server, rep, path=path, header=header):
                    r = loads.wrk(server.url("https", path), a.duration, 50, 1, load_cpus, headers=[header])
                    return {"value": r["rps"], "requests": r["requests"], "errors": r["errors"], "raw": r["raw"]}

                key = f"compression/{kind}/{coding}/{'fly' if folder == 'text' else 'pre'}"
                label = f"{name} ({text_size(name)}), {coding}, {mode}"
                run.measure("compression", key, label, "req/s", "higher", None, row_servers, fn,
                            derived=[(f"{key}/per-cpu", f"{label}, per server CPU-second", per_cpu, "higher",
                                      Target(target, report.PEERS),
                                      lambda r: r["requests"] / max(r["server_cpu_s"], 1e-3))])

            def size_fn(server, rep, name=name, coding=coding):
                r = loads.probe(server.url("https", f"/text/{name}"), headers=[f"Accept-Encoding: {coding}"])
                return {"value": len(r["body"]), "raw": r["raw"]}

            run.measure("compression", f"compression/{kind}/{coding}/bytes",
                        f"{name}, {coding} on the fly: bytes on the wire (body)", "bytes", "lower",
                        Target(1.0, report.PEERS), [v for v in served if v.name in ON_THE_FLY[coding]], size_fn)


def run_pairs(run, variants, load_cpus):
    """The targets against the best peer per server CPU-second (issues 25
    and 29), measured again side by side: tlsaccel and one peer at a time
    loaded at once (`Run.measure_pairs`), every peer that takes the row,
    user-space TLS. Measured in turn, this shared machine's speed moves by
    10-40 % between runs and by more than the targets' margins within one
    (HTTP/2 0 KB per CPU-second spanned 211k-373k in one run); loaded at
    once, the same binary against itself gives ratios of 0.98-1.06
    (bench/ab.sh). Two servers share a core here, so the absolute figures
    are lower than the rows above; the ratio is the result. The ceiling
    server (bench/limit) is paired too on the HTTP/1.1 keep-alive rows,
    never as a peer: how near tlsaccel is to the kernel's and client's
    limit, measured as steadily. The quick run takes the 1 KB rows only."""
    a = run.args
    ours = next(v for v in variants if v.name == report.OURS and not v.ktls)
    sizes = ("1kb",) if a.quick else ("0kb", "1kb", "10kb", "100kb")

    def pretty(size):
        return size.upper().replace("KB", " KB")

    def wrk_load(scheme, path, close=False):
        return lambda server: loads.wrk(server.url(scheme, path), a.duration, 50, 1, load_cpus, close=close)

    def h2_load(path, connections, streams):
        return lambda server: loads.h2load(server.url("https", path), a.duration, connections, streams, load_cpus)

    user_space = [v for v in variants if not v.ktls and v is not ours]
    file_servers = [v for v in user_space if v.serves(STATIC)]
    rows = []
    limit = [v for v in variants if v.serves(LIMIT)]
    for scheme in ("http", "https"):
        peers_of_row = [v for v in file_servers if scheme == "https" or v.http_port] + limit
        rows += [(f"pairs/{scheme}/{size}", f"{scheme.upper()} {pretty(size)}, side by side", 1.1, peers_of_row,
                  wrk_load(scheme, f"/{size}")) for size in sizes]
    if not a.quick:
        rows.append(("pairs/http/new-connection", "HTTP, new connection per request, side by side", 1.1,
                     [v for v in file_servers if v.http_port], wrk_load("http", "/0kb", close=True)))
    h2_servers = [v for v in user_space if v.serves(HTTP2)]
    rows += [(f"pairs/http2/{size}", f"HTTP/2 {pretty(size)}, side by side", 1.3 if size == "100kb" else 1.1,
              h2_servers, h2_load(f"/{size}", 10, 10)) for size in sizes]
    rows.append(("pairs/http2/1kb/c100", "HTTP/2 1 KB, 100 connections x 1 stream, side by side", 1.1, h2_servers,
                 h2_load("/1kb", 100, 1)))
    proxies = [v for v in user_space if v.serves(PROXY)]
    rows += [(f"pairs/proxy/{size}", f"HTTPS proxy, {pretty(size)}, side by side", 1.1, proxies,
              wrk_load("https", f"/proxy/{size}")) for size in ("1kb",) + (() if a.quick else ("100kb",))]
    chosen = [row for row in rows if not a.pairs or any(fnmatch.fnmatchcase(row[0], glob) for glob in a.pairs)]
    if not chosen:
        raise SystemExit(f"--pairs {' '.join(a.pairs)}: no side-by-side row matches; the rows are "
                         + ", ".join(row[0] for row in rows))
    for key, label, target, peers_of_row, load in chosen:
        run.measure_pairs(key, label, Target(target, report.PEERS), ours, peers_of_row, load)


def text_size(name):
    return f"{(TEXT / name).stat().st_size // 1000} KB"


def run_memory(run, variants, opener):
    """RSS with idle keep-alive connections, each after one request: TLS
    with HTTP/1.1 (every HTTPS server; `opener` open_idle), or HTTP/2
    (every server offering h2; open_idle_h2; target, issue 25: at most the
    best peer's). One measurement per server: each wants servers that
    never held connections before (see main)."""
    a = run.args

    def idle_rss(opener):
        def fn(server, rep):
            import asyncio
            base = server.rss_kib()
            loop = asyncio.new_event_loop()
            try:
                conns = loop.run_until_complete(opener("127.0.0.1", server.https_port, a.idle, 64, "/index.html"))
                time.sleep(2)
                rss = server.rss_kib()
                for w in conns:
                    w.transport.abort()
                # The resets reach the server before the next one's
                # measurement; no server measures twice (fresh ones for
                # every row and repetition), so none needs to settle.
                loop.run_until_complete(asyncio.sleep(0.5))
            finally:
                loop.close()
            return {"value": rss / 1024, "per_conn": (rss - base) * 1024 / a.idle,
                    "raw": json.dumps({"rss_before_kib": base, "rss_kib": rss, "connections": a.idle})}
        return fn

    if opener is open_idle:
        run.measure("memory", "memory/idle-tls", f"RSS with {a.idle:,} idle TLS connections", "MiB", "lower",
                    Target(1.0, report.NGINX), static_servers(variants, "https"), idle_rss(open_idle),
                    derived=[("memory/idle-tls/per-connection", "memory added per idle TLS connection",
                              "bytes", "lower", None, lambda r: r["per_conn"])])
    else:
        run.measure("memory", "memory/idle-h2", f"RSS with {a.idle:,} idle HTTP/2 connections", "MiB", "lower",
                    Target(1.0, report.PEERS), [v for v in variants if v.serves(HTTP2)], idle_rss(open_idle_h2),
                    derived=[("memory/idle-h2/per-connection", "memory added per idle HTTP/2 connection",
                              "bytes", "lower", None, lambda r: r["per_conn"])])


def ktls_status(binary):
    out = subprocess.run([str(binary), "doctor"], capture_output=True, text=True)
    return out.returncode == 0, out.stdout + out.stderr


def start_all(args, work, cert, key, workers, cpus, with_ktls, backends, with_peers):
    """tlsaccel and nginx (with and without kTLS where the kernel has it),
    then the peers when asked for (user-space TLS, one worker)."""
    started = []
    try:
        for ktls in ([False, True] if with_ktls else [False]):
            started.append(servers.start_tlsaccel(args.binary, work, cert, key, workers, cpus, ktls, backends))
            started.append(servers.start_nginx(work, cert, key, workers, cpus, ktls, backends))
        if with_peers:
            started += peers.start_all(work, cert, key, cpus, backends)
        if workers == 1:
            started.append(servers.start_limit(args.limit, work, cert, key, cpus))
    except BaseException:
        for s in started:
            s.stop()
        raise
    return started


def meta(args, ktls_ok, server_cpus, load_cpus, peer_versions):
    def cmd(*c):
        try:
            return subprocess.run(c, capture_output=True, text=True).stdout.strip()
        except OSError:
            return "?"
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
                 platform.processor())
    ncpu = len(os.sched_getaffinity(0))
    if server_cpus:
        layout = (f"one-worker rows: each server pinned to CPU {server_cpus[0]}, load generator pinned to CPU "
                  f"{','.join(map(str, load_cpus))}; all-worker rows: {ncpu} workers on all CPUs, load generator "
                  f"unpinned, sharing them")
    else:
        layout = "one CPU: server and load generator share it"
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "quick": args.quick,
        "kernel": platform.release(),
        "cpu": f"{ncpu} x {model}",
        "memory_gib": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / (1 << 30)),
        "os": cmd("sh", "-c", ". /etc/os-release && echo $PRETTY_NAME"),
        "tlsaccel": cmd("git", "-C", str(REPO), "describe", "--always", "--dirty"),
        "tlsaccel_build": args.build,
        "rustc": cmd("rustc", "--version"),
        "nginx": servers.nginx_version(),
        **peer_versions,
        "openssl": cmd("openssl", "version"),
        "wrk": cmd("sh", "-c", "wrk -v 2>&1 | head -1"),
        "tls": f"TLS 1.3, {servers.CIPHER}, {'RSA-2048' if args.rsa else 'ECDSA P-256'} certificate",
        "ktls": ("kTLS available: HTTPS rows run with kTLS on and off on both servers" if ktls_ok else
                 "this kernel has no usable kTLS (see raw/doctor.txt): HTTPS rows are user-space TLS only; "
                 "no kTLS on/off rows"),
        "cpu_layout": layout,
        "duration_s": args.duration,
        "repeats": args.repeats,
        "latency_repeats": args.latency_repeats,
        "downloads": args.downloads,
        "rate": args.rate,
        "idle": args.idle,
        "rounds": args.rounds,
    }


def main():
    args = parse_args()
    stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H%M%S")
    out = args.out or REPO / "bench" / "results" / (stamp + ("-quick" if args.quick else ""))
    ktls_ok, doctor = ktls_status(args.binary)
    server_cpus, load_cpus = cpu_layout()
    with_peers = not args.no_peers
    info = meta(args, ktls_ok, server_cpus, load_cpus, peers.versions() if with_peers else {})
    run = Run(args, out, info)
    run.save_raw("doctor.txt", doctor)
    print(f"== results in {out}\n== {info['cpu_layout']}\n== {info['ktls']}", flush=True)
    sections = args.only or report.SECTIONS
    ncpu = len(os.sched_getaffinity(0))

    with tempfile.TemporaryDirectory(prefix="tlsaccel-bench-") as tmp:
        work = Path(tmp)
        # nginx's workers run as nobody: they must be able to read the files.
        work.chmod(0o755)
        make_files(work / "www", sections)
        cert, key = make_certificate(work, args.rsa)
        backend = servers.start_backend(work, load_cpus)
        # The WebSocket echo server only for the proxy section (its rows);
        # otherwise /ws/ points at a port nothing listens on.
        ws_echo = servers.start_ws_echo(args.wsbench, work, load_cpus) if "proxy" in sections else None
        backends = servers.Backends(http=backend.http_port,
                                    ws=ws_echo.http_port if ws_echo else free_port())
        try:
            variants = start_all(args, work, cert, key, 1, server_cpus, ktls_ok, backends, with_peers)
            try:
                check_servers(run, variants, work / "www", sections)
                if "rps" in sections:
                    run_rps(run, variants, 1, load_cpus, 1)
                if "cps" in sections:
                    run_cps(run, variants, load_cpus)
                if "throughput" in sections:
                    run_throughput(run, variants, load_cpus)
                if "latency" in sections:
                    run_latency(run, variants, load_cpus)
                if "proxy" in sections:
                    run_proxy(run, variants, load_cpus)
                    run_websocket(run, variants, load_cpus)
                if "http2" in sections:
                    run_http2(run, variants, load_cpus)
                if "compression" in sections:
                    run_compression(run, variants, load_cpus)
                if "pairs" in sections:
                    run_pairs(run, variants, load_cpus)
            finally:
                for s in variants:
                    s.stop()
            if "memory" in sections:
                # Fresh servers for every measurement: what earlier loads
                # left in a heap is not what idle connections cost, and a
                # heap that held thousands of connections keeps its size
                # after they close (the next measurement's connections
                # would cost nothing).
                repeats, args.repeats = args.repeats, 1
                try:
                    for _ in range(repeats):
                        for opener in (open_idle, open_idle_h2):
                            variants = start_all(args, work, cert, key, 1, server_cpus, ktls_ok, backends,
                                                 with_peers)
                            try:
                                run_memory(run, variants, opener)
                            finally:
                                for s in variants:
                                    s.stop()
                finally:
                    args.repeats = repeats
            if "rps" in sections and ncpu > 1:
                # Every worker: tlsaccel and nginx only (the peers' targets are
                # one worker each, and their multi-worker models differ).
                variants = start_all(args, work, cert, key, ncpu, None, ktls_ok, backends, False)
                try:
                    run_rps(run, variants, ncpu, None, ncpu)
                finally:
                    for s in variants:
                        s.stop()
        finally:
            backend.stop()
            if ws_echo:
                ws_echo.stop()

    run.save_results()
    results = {"meta": info, "rows": run.rows}
    report.write(out, results, plots=not args.no_plots)
    if args.publish:
        report.publish(out, results, REPO / "BENCHMARKS.md")
    print(f"== report: {out / 'report.md'} ({info['elapsed_s']} s)")


if __name__ == "__main__":
    sys.exit(main())
