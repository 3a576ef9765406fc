"""The benchmark suite runs end to end: `bench/run.sh --quick` against real
tlsaccel, nginx and peer processes (h2o, lighttpd, Caddy, HAProxy, hitch)
with real load generators, and its report has every row for every server
that takes it, with positive numbers, and a column for each. A format
check, never a speed assertion: speed targets live in the benchmark
itself."""

import json
import os
import subprocess

from conftest import REPO

# One worker, then one per CPU (only one set where there is one CPU).
CPUS = len(os.sched_getaffinity(0))
WORKER_COUNTS = ["w1"] + ([f"w{CPUS}"] if CPUS > 1 else [])
EXPECTED_ROWS = (
    [f"rps/{scheme}/{size}/{w}" for w in WORKER_COUNTS for scheme in ("http", "https")
     for size in ("0kb", "1kb", "10kb", "100kb")]
    + [f"rps/{scheme}/{size}/w1/per-cpu" for scheme in ("http", "https") for size in ("0kb", "1kb", "10kb", "100kb")]
    + ["cps/http", "cps/http/per-cpu", "cps/https-full", "cps/https-full/per-cpu",
       "cps/https-resumed", "cps/https-resumed/per-cpu"]
    + [f"throughput/{scheme}/{size}" for scheme in ("http", "https") for size in ("100kb", "1mb", "10mb")]
    + ["download/https/1gib", "download/https/1gib/cpu-per-gb"]
    + [f"latency/https/{k}" for k in ("p99", "p50", "p90", "max", "p99-with-start", "success",
                                          "cpu-per-request")]
    + ["proxy/https/1kb", "proxy/https/1kb/per-cpu", "proxy/https/100kb", "proxy/https/100kb/per-cpu",
       "proxy/https/10mb", "proxy/https/websocket", "proxy/https/websocket/per-cpu"]
    + [f"http2/https/{k}{per}" for k in ("0kb", "1kb", "10kb", "100kb", "1kb/c100", "1kb/h1") for per in ("", "/per-cpu")]
    + ["http2/https/1gib", "http2/https/1gib/cpu-per-gb"]
    + [f"compression/{kind}/{coding}/{mode}{per}" for kind in ("html", "js") for coding in ("gzip", "br")
       for mode in ("fly", "pre") for per in ("", "/per-cpu")]
    + [f"compression/{kind}/{coding}/bytes" for kind in ("html", "js") for coding in ("gzip", "br")]
    + ["memory/idle-tls", "memory/idle-tls/per-connection", "memory/idle-h2", "memory/idle-h2/per-connection"]
    # Side by side, the quick run's 1 KB rows.
    + ["pairs/http/1kb", "pairs/https/1kb", "pairs/http2/1kb", "pairs/http2/1kb/c100", "pairs/proxy/1kb"]
)


STATIC = ["tlsaccel", "nginx", "h2o", "lighttpd", "caddy"]
PROXIES = ["tlsaccel", "nginx", "haproxy", "hitch"]


def servers_of(key):
    """The servers a row is measured on: the file servers for static,
    handshake, latency, HTTP/2 and memory rows, the TLS proxies for the
    accelerator rows (hitch cannot route /ws/), tlsaccel and nginx alone
    with every worker. A side-by-side row's values are tlsaccel's ratios,
    one per peer."""
    if key.startswith("pairs/proxy/"):
        return [s for s in PROXIES if s != "tlsaccel"]
    if key.startswith("pairs/http2/"):
        return [s for s in STATIC if s != "tlsaccel"]
    if key.startswith("pairs/"):
        # The ceiling is paired on the HTTP/1.1 keep-alive rows too.
        return [s for s in STATIC if s != "tlsaccel"] + ["limit"]
    if key.startswith("rps/") and "/w1" not in key:
        return ["tlsaccel", "nginx"]
    if key.startswith("rps/"):
        # The ceiling server (bench/limit) takes the one-worker keep-alive rows.
        return STATIC + ["limit"]
    if key.startswith("proxy/https/websocket"):
        return ["tlsaccel", "nginx", "haproxy"]
    if key.startswith("proxy/"):
        return PROXIES
    if key.startswith("compression/"):
        # Who compresses that way (bench.py's ON_THE_FLY, PRECOMPRESSED):
        # nginx has no brotli, Caddy no brotli on the fly.
        coding, mode = key.split("/")[2:4]
        if coding == "gzip":
            return ["tlsaccel", "nginx", "h2o", "caddy"]
        return ["tlsaccel", "h2o", "caddy"] if mode == "pre" else ["tlsaccel", "h2o"]
    return STATIC


def test_quick_run_reports_every_row_for_every_server(tmp_path):
    out = tmp_path / "results"
    r = subprocess.run([str(REPO / "bench" / "run.sh"), "--quick", "--duration", "1", "--out", str(out)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    results = json.loads((out / "results.json").read_text())
    rows = {row["key"]: row for row in results["rows"]}
    assert sorted(rows) == sorted(EXPECTED_ROWS)
    for key, row in rows.items():
        assert sorted(row["values"]) == sorted(servers_of(key)), key
        for server, values in row["values"].items():
            assert values and all(v > 0 for v in values), f"{key}: {server}: {values}"
    for peer in ("h2o", "lighttpd", "caddy", "haproxy", "hitch"):
        assert results["meta"][peer][0].isdigit(), (peer, results["meta"][peer])
    # Every server was checked before the load, and passed.
    checks = (out / "raw" / "checks.txt").read_text().splitlines()
    for server in set(STATIC + PROXIES + ["limit"]):
        mine = [line for line in checks if line.split()[0] == server]
        assert mine and all(" ok " in line for line in mine), (server, mine)
    report = (out / "report.md").read_text()
    for row in rows.values():
        line = next((x for x in report.splitlines() if x.startswith(f"| {row['label']} |")), None)
        assert line, row["label"]
        # A cell per server of the section, then the two ratios.
        assert line.count("|") >= len(servers_of(row["key"])) + 5, line
    for section, servers in (("Requests per second", STATIC), ("Accelerator mode", PROXIES)):
        table = report.split(section, 1)[1]
        head = table.split("\n")[2]
        assert all(f" {s} |" in head for s in servers), head
        assert "| tlsaccel / nginx | tlsaccel / best peer |" in head, head
    pairs_head = report.split("### Side by side", 1)[1].split("\n")[4]
    assert pairs_head == ("| measurement | " + " | ".join(f"tlsaccel / {s}" for s in STATIC[1:] + ["limit"] + PROXIES[2:])
                          + " | lowest (best peer) | target |  |"), pairs_head
    assert "Side by side (the per-CPU-second targets against the best peer" in report.split("## Results")[0]
    rps_head = report.split("Requests per second", 1)[1].split("\n")[2]
    assert rps_head.endswith("| tlsaccel / best peer | tlsaccel / limit | target |  |"), rps_head
    # The ceiling is never a row's best peer.
    assert "(limit)" not in report
    for section in ("rps", "cps", "throughput", "latency", "proxy", "http2", "memory"):
        png = out / f"{section}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
    # Raw outputs are kept; the kTLS article's ministat table among them.
    # (Resumed-handshake rows resumed, full ones did not: bench.py exits
    # non-zero otherwise.)
    assert "kernel:" in (out / "raw" / "doctor.txt").read_text()
    ministat = (out / "raw" / "ministat_1gib.txt").read_text()
    assert "N           Min           Max        Median" in ministat, ministat
    assert len(list((out / "raw").glob("rps_https_1kb_w1_*"))) == len(STATIC) + 1
