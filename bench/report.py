"""results.json into report.md, PNG plots, and BENCHMARKS.md.

Every figure is a median over the run's repetitions, shown with its spread
(min-max), and every comparison is a ratio of medians measured in the same
run: tlsaccel/nginx, and tlsaccel/the best peer of the row (nginx included).
Nothing here measures; it only presents.

    bench/.venv/bin/python bench/report.py bench/results/<date> [--publish]
        [--replace SECTION FOLDER]

`--replace` puts a section measured again (`bench/run.sh --only SECTION
--out FOLDER`) in place of the run's own, when something outside the
servers disturbed it (a stalled machine). The machine table says so, and
results.json is rewritten to match.
"""

import argparse
import json
import statistics
import sys
from collections import namedtuple
from pathlib import Path

SECTIONS = ["rps", "cps", "throughput", "latency", "proxy", "http2", "compression", "memory", "pairs"]
TITLES = {
    "rps": "Requests per second (keep-alive, 50 connections)",
    "cps": "Connections per second (a new connection per 0-byte request)",
    "throughput": "Throughput",
    "latency": "Fixed-rate latency (vegeta, keep-alive, 615-byte page)",
    "proxy": "Accelerator mode: TLS-terminating proxy to the same back end (keep-alive, 50 connections)",
    "http2": "HTTP/2 (h2load, 10 connections x 10 concurrent streams; curl for 1 GiB)",
    "compression": "Compressed responses (wrk, keep-alive, 50 connections, 100 KB HTML page and 300 KB JavaScript)",
    "memory": "Memory",
    "pairs": "Side by side: tlsaccel and one peer loaded at once, ratio of requests per server CPU-second",
}
# (ours, reference): user-space TLS on both, then kTLS on both where measured.
PAIRS = [("tlsaccel", "nginx"), ("tlsaccel +kTLS", "nginx +kTLS")]
OURS = PAIRS[0][0]
# What a target's ratio is taken against: nginx, or the best of every peer
# in the row (nginx among them), user-space TLS.
NGINX, PEERS = "nginx", "peers"
# The ceiling server (bench/limit): a column of its own, never a peer.
LIMIT = "limit"
Target = namedtuple("Target", "ratio reference")


def stats(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def ratio(row, ours, ref):
    v = row["values"]
    if ours not in v or ref not in v:
        return None
    ref_median = statistics.median(v[ref])
    return statistics.median(v[ours]) / ref_median if ref_median else None


def best_peer(row):
    """The peer with the best median in this row (user-space TLS; nginx is a
    peer), or None when tlsaccel has none to compare with. In a side-by-side
    row (`paired`) the values are tlsaccel's ratios against each peer: the
    best peer is the one with the lowest."""
    if row.get("paired"):
        peers = [label for label in row["values"] if label != LIMIT]
        return min(peers, key=lambda label: statistics.median(row["values"][label]), default=None)
    others = [label for label in row["values"] if label not in (OURS, LIMIT) and "+kTLS" not in label]
    if OURS not in row["values"] or not others:
        return None
    pick = max if row["better"] == "higher" else min
    return pick(others, key=lambda label: statistics.median(row["values"][label]))


def target_ratio(row):
    """tlsaccel's ratio against what the row's target names."""
    if row.get("paired"):
        peer = best_peer(row)
        return statistics.median(row["values"][peer]) if peer else None
    if row.get("reference") == PEERS:
        peer = best_peer(row)
        return ratio(row, OURS, peer) if peer else None
    return ratio(row, *PAIRS[0])


def verdict(row):
    """'met', 'missed' or '' (no target) for tlsaccel with user-space TLS."""
    r = target_ratio(row)
    if row.get("target") is None or r is None:
        return ""
    ok = r >= row["target"] if row["better"] == "higher" else r <= row["target"]
    return "met" if ok else "missed"


def fmt(x):
    if x == 0:
        return "0"
    if abs(x) >= 1000:
        return f"{x:,.0f}"
    if abs(x) >= 10:
        return f"{x:.1f}"
    return f"{x:.3g}"


def fmt_values(values):
    s = stats(values)
    if s["n"] == 1:
        return fmt(s["median"])
    return f"{fmt(s['median'])} ({fmt(s['min'])}–{fmt(s['max'])})"


def fmt_target(row):
    t = row.get("target")
    if t is None:
        return ""
    against = "best peer" if row.get("reference") == PEERS else "nginx"
    return f"{'≥' if row['better'] == 'higher' else '≤'} {t:g}x {against}"


def one_line(row):
    if row.get("paired"):
        parts = [f"{label} {statistics.median(v):.2f}x" for label, v in row["values"].items()]
        tail = f"  lowest {target_ratio(row):.2f}x ({best_peer(row)})" if row["values"] else ""
        return f"{row['key']:<36} tlsaccel / {', '.join(parts)}{tail} {fmt_target(row)} {verdict(row)}".rstrip()
    parts = [f"{label}: {fmt(statistics.median(v))}" for label, v in row["values"].items()]
    r = ratio(row, *PAIRS[0])
    tail = f"  ratio {r:.2f}x" if r is not None else ""
    peer = best_peer(row)
    if peer and peer != PAIRS[0][1]:
        tail += f", {ratio(row, OURS, peer):.2f}x best peer ({peer})"
    mark = verdict(row)
    return f"{row['key']:<36} {', '.join(parts)} {row['unit']}{tail} {fmt_target(row)} {mark}".rstrip()


def variants_of(rows):
    seen = []
    for row in rows:
        for label in row["values"]:
            if label not in seen:
                seen.append(label)
    return seen


def tables(results):
    """Markdown tables, one per section, with a column for each server that
    took part in it."""
    out = []
    for section in SECTIONS:
        rows = [r for r in results["rows"] if r["section"] == section]
        if not rows:
            continue
        if section == "pairs":
            out.append(pairs_table(rows))
            continue
        labels = variants_of(rows)
        pairs = [p for p in PAIRS if p[0] in labels and p[1] in labels]
        # A best-peer column wherever a peer besides nginx took part, even
        # where nginx is the best of them.
        with_peers = any(label not in (OURS, PAIRS[0][1], LIMIT) and "+kTLS" not in label for label in labels)
        with_limit = LIMIT in labels
        head = (["measurement", "unit"] + labels + [f"{a} / {b}" for a, b in pairs]
                + (["tlsaccel / best peer"] if with_peers else [])
                + ([f"tlsaccel / {LIMIT}"] if with_limit else []) + ["target", ""])
        out.append(f"### {TITLES[section]}\n")
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for row in rows:
            cells = [row["label"], row["unit"]]
            cells += [fmt_values(row["values"][label]) if label in row["values"] else "–" for label in labels]
            for a, b in pairs:
                r = ratio(row, a, b)
                cells.append(f"**{r:.2f}x**" if r is not None else "–")
            if with_peers:
                peer = best_peer(row)
                # No ratio when a value is 0 (no memory added, say).
                r = ratio(row, OURS, peer) if peer else None
                cells.append(f"**{r:.2f}x** ({peer})" if r is not None else "–")
            if with_limit:
                r = ratio(row, OURS, LIMIT)
                cells.append(f"**{r:.2f}x**" if r is not None else "–")
            mark = verdict(row)
            cells += [fmt_target(row), {"met": "✅ met", "missed": "❌ missed"}.get(mark, "")]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def fmt_ratios(values):
    s = stats(values)
    if s["n"] == 1:
        return f"{s['median']:.2f}x"
    return f"{s['median']:.2f}x ({s['min']:.2f}–{s['max']:.2f})"


def pairs_table(rows):
    """The side-by-side rows: for each peer the median (min-max) of
    tlsaccel's per-round ratios, then the lowest median, which the target
    reads."""
    peers = variants_of(rows)
    head = ["measurement"] + [f"tlsaccel / {peer}" for peer in peers] + ["lowest (best peer)", "target", ""]
    out = [f"### {TITLES['pairs']}\n",
           "Each round loads tlsaccel and one peer at once, both on the server CPU, each with its own client; "
           "a cell is the median (min–max) of the rounds' ratios of requests per server CPU-second. "
           "What slows the machine in a round slows both of its servers, so these ratios are steadier "
           "than those of the rows above, whose servers run in turn. The ceiling (`limit`) is never a peer.\n",
           "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        cells = [row["label"]]
        cells += [fmt_ratios(row["values"][peer]) if peer in row["values"] else "–" for peer in peers]
        peer = best_peer(row)
        cells.append(f"**{target_ratio(row):.2f}x** ({peer})" if peer else "–")
        mark = verdict(row)
        cells += [fmt_target(row), {"met": "✅ met", "missed": "❌ missed"}.get(mark, "")]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    return "\n".join(out)


def summary(results):
    lines = []
    for paired, title in ((False, "Targets (one worker each, user-space TLS; against nginx, or against the best "
                                  "peer of the row)"),
                          (True, "Side by side (the per-CPU-second targets against the best peer, each peer "
                                 "loaded at once with tlsaccel)")):
        with_target = [r for r in results["rows"] if verdict(r) and bool(r.get("paired")) == paired]
        if not with_target:
            continue
        met = [r for r in with_target if verdict(r) == "met"]
        missed = [r for r in with_target if verdict(r) == "missed"]
        lines.append(f"{title}: {len(met)} of {len(with_target)} met.")
        if missed:
            lines.append("Missed: " + "; ".join(
                f"{r['label']} ({target_ratio(r):.2f}x"
                + (f" {best_peer(r)}" if r.get("reference") == PEERS else "")
                + f", target {fmt_target(r)})" for r in missed) + ".")
    return "\n\n".join(lines)


def machine(meta):
    keys = [("date", "date"), ("cpu", "CPU"), ("memory_gib", "memory (GiB)"), ("os", "OS"), ("kernel", "kernel"),
            ("tlsaccel", "tlsaccel (git)"), ("tlsaccel_build", "tlsaccel build"),
            ("rustc", "rustc"), ("nginx", "nginx"), ("h2o", "h2o"),
            ("lighttpd", "lighttpd"), ("caddy", "Caddy"), ("haproxy", "HAProxy"), ("hitch", "hitch"),
            ("openssl", "OpenSSL"),
            ("wrk", "wrk"), ("tls", "TLS"), ("ktls", "kTLS"), ("cpu_layout", "CPUs"),
            ("duration_s", "seconds per load run"), ("repeats", "repetitions"),
            ("latency_repeats", "repetitions of the latency rows"),
            ("downloads", "1 GiB downloads per server"), ("rate", "fixed rate (req/s)"),
            ("idle", "idle connections"), ("rounds", "side-by-side rounds per peer"),
            ("elapsed_s", "whole run (s)"), ("remeasured", "measured again")]
    lines = ["| | |", "|---|---|"]
    lines += [f"| {name} | {meta[k]} |" for k, name in keys if k in meta]
    return "\n".join(lines)


def draw_plots(out, results):
    """One PNG per section: medians with min-max bars, ratio annotated."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = {"tlsaccel": "#1f77b4", "nginx": "#2ca02c", "tlsaccel +kTLS": "#6baed6", "nginx +kTLS": "#98df8a",
              "h2o": "#ff7f0e", "lighttpd": "#9467bd", "caddy": "#8c564b", "haproxy": "#d62728", "hitch": "#e377c2",
              "limit": "#bbbbbb"}
    made = []
    for section in SECTIONS:
        rows = [r for r in results["rows"] if r["section"] == section]
        # The side-by-side ratios are a table only.
        if not rows or section == "pairs":
            continue
        labels = variants_of(rows)
        fig, axes = plt.subplots(len(rows), 1, figsize=(8, 1.0 + 0.75 * len(rows) * len(labels) / 2 + 0.4 * len(rows)),
                                 squeeze=False)
        for ax, row in zip(axes[:, 0], rows):
            present = [lab for lab in labels if lab in row["values"]]
            meds = [statistics.median(row["values"][lab]) for lab in present]
            lo = [m - min(row["values"][lab]) for m, lab in zip(meds, present)]
            hi = [max(row["values"][lab]) - m for m, lab in zip(meds, present)]
            ax.barh(range(len(present)), meds, xerr=[lo, hi], color=[colors.get(p, "gray") for p in present])
            ax.set_yticks(range(len(present)), present, fontsize=8)
            ax.invert_yaxis()
            r = ratio(row, *PAIRS[0])
            title = f"{row['label']} [{row['unit']}]" + (f" — {r:.2f}x" if r is not None else "")
            ax.set_title(title, fontsize=9, loc="left")
            ax.tick_params(axis="x", labelsize=7)
        fig.suptitle(TITLES[section] + (" (higher is better unless marked)" if section != "memory" else ""),
                     fontsize=10)
        fig.tight_layout()
        path = out / f"{section}.png"
        fig.savefig(path, dpi=90)
        plt.close(fig)
        made.append(path.name)
    return made


def report_text(results, plot_names, plot_prefix=""):
    meta = results["meta"]
    parts = [f"## Machine and settings\n\n{machine(meta)}\n", f"## Summary\n\n{summary(results)}\n",
             "## Results\n", "Median (min–max) over the repetitions; ratios are of medians.\n", tables(results)]
    if plot_names:
        parts.append("## Plots\n")
        parts += [f"![{name}]({plot_prefix}{name})\n" for name in plot_names]
    return "\n".join(parts)


def write(out, results, plots=True):
    names = draw_plots(out, results) if plots else []
    title = f"# tlsaccel vs nginx and peers, {results['meta']['date']}{' (quick run)' if results['meta']['quick'] else ''}\n"
    (out / "report.md").write_text(title + "\n" + report_text(results, names))


METHOD = """\
# Benchmarks: tlsaccel against nginx, h2o, lighttpd, Caddy, HAProxy and hitch

Generated by `bench/run.sh --publish` from the run in `{folder}`; do not
edit the figures by hand. To reproduce on your machine:

```sh
bench/run.sh            # full run, about an hour; add --publish to rewrite this file
bench/run.sh --quick    # a smoke check, about 7 minutes
```

The full run measures tlsaccel's profile-guided build (`scripts/build-pgo`,
as the README tells users to deploy; `--no-pgo` measures `cargo build
--release`); the machine table below says which build a run measured.
The peers are Debian's packages.

## Method

- Every server runs on this machine with the same certificate, TLS 1.3 with
  TLS_AES_256_GCM_SHA384 (the seed articles' suite), the same worker count,
  access logs off, `sendfile` on, keep-alive unlimited in practice, an
  open-file cache of 1000 entries where the server has one. Each is
  Debian's package.
- Peers (`bench/peers.py`), one worker or thread each, pinned to the same
  CPU: h2o, lighttpd (sendfile, stat cache) and Caddy (GOMAXPROCS=1) take
  the static, handshake, latency, HTTP/2 and memory rows; HAProxy (`mode
  http`, keep-alive both sides, the same client-address headers) and hitch
  (a TLS-only proxy that passes bytes through, so a lower bound) take the
  accelerator rows, HAProxy the WebSocket row too. The all-worker rows are
  tlsaccel and nginx only.
- The OpenSSL-based load generators (wrk, h2load, curl, `openssl s_time`)
  offer TLS 1.3 and TLS_AES_256_GCM_SHA384 only (`bench/openssl-client.cnf`),
  so servers that cannot restrict their suites (Caddy; hitch 1.7 for TLS
  1.3) negotiate it too. The Go clients (vegeta, wsbench) cannot be
  restricted: Caddy's latency row runs with TLS_AES_128_GCM_SHA256.
- Before any load, every server is checked (`raw/checks.txt`): each file's
  body hash over HTTPS (and HTTP where it listens), the HTTP version, TLS
  1.3 and the suite negotiated, HTTP/2 for the HTTP/2 rows, and the proxied
  bodies for the accelerator rows. A mismatch stops the run.
- Every measurement alternates between the servers, the order flipping each
  repetition; figures are medians with their min–max spread, and every
  comparison is a ratio of medians measured in the same run: tlsaccel/nginx,
  and tlsaccel/the best peer of the row (nginx included).
- RPS: wrk, 50 keep-alive connections (as in the NGINX tables), 0/1/10/100 KB
  files. The one-worker rows also measure `limit` (`bench/limit`), the
  ceiling: one pinned epoll thread that finds the end of each request head
  and answers with a response made at start, from memory, plain or over
  rustls with the same suite: no parsing, headers, date, log, timers or
  files. It is never a peer; `tlsaccel / limit` says how much of the
  kernel's and client's limit tlsaccel reaches (its per-CPU-second share
  is the cost that is tlsaccel's own). At 100 KB and above it copies the
  body through `write()` where the file servers use `sendfile()`, so there
  it is no ceiling. CPS: HTTP through wrk with `Connection: close`; HTTPS through four
  parallel `openssl s_time` clients (`-new` for full handshakes, `-reuse`
  for resumed ones, checked to resume). Per server CPU-second: connections
  divided by the server's user+system time from /proc, the figure that
  compares servers when the load generator is the limit. Full handshakes
  are checked to resume none, resumed ones to resume at least 90 %.
- Throughput: wrk with 50 connections; and the kTLS article's method, curl's
  `speed_download` for a 1 GiB sparse file (ministat over the runs is in the
  raw outputs).
- Fixed-rate latency: vegeta at a set rate against a 615-byte page, with the
  server's CPU time per request. The latency figures leave out vegeta's
  first second, while it opens its connections: one full handshake per
  request until some are free, 36 to 206 of them in four runs a minute
  apart (60 and 206 for the same server), and the requests queued behind
  them were up to all of a run's slowest 1 % (the seed article's run
  lasted five minutes, where that start is under 1 % of the requests).
  The row "p99 with the first second" keeps it. vegeta opens at most 64
  connections: uncapped, a late answer made it open more, whose
  handshakes made the next answers later, until a run's median was
  seconds (most servers in 2 to 8 of 9 runs, 2026-11-29). A full run
  repeats these rows 9 times where the others repeat 3
  (`--latency-repeats`; the table above gives this run's counts): a p99
  over a few seconds is the slowest 1 % of some thousands of requests,
  and one pause of the machine during a run sets it (in three runs of
  three repetitions each, one server's p99 ranged from 0.55 to 1.94 ms,
  another's from 0.81 to 3.63).
- Accelerator mode: both servers terminate TLS and pass `/proxy/` to the
  same back end (a plain-HTTP nginx, one worker, on the load generator's
  CPU) over keep-alive connections, adding the client's address headers.
  WebSocket: bench/wsbench (Go, gorilla/websocket) opens 50 WebSockets
  through each server (`/ws/`; nginx with `proxy_http_version 1.1` and the
  upgrade headers) to the same echo server on the load generator's CPU,
  each sending a 64-byte message and waiting for its echo, in turn.
- HTTP/2: h2load, 10 connections x 10 concurrent streams, both servers
  offering `h2` in ALPN (nginx `listen ... ssl http2`); the same client with
  `--h1` for tlsaccel's own HTTP/1.1 figure; and the 1 GiB download over one
  HTTP/2 stream, whose CPU per GB beside the HTTP/1.1 row shows what
  HTTP/2 gives up against `sendfile()` (docs/ktls.md).
- Memory: resident set of the server (nginx: master and workers) holding
  idle keep-alive TLS connections, each after one request.
- Side by side: the per-CPU-second targets against the best peer, measured
  again with tlsaccel and one peer at a time loaded at once (both on the
  server CPU, each with its own client on the load generator's CPU, the
  start order flipping each round), against every peer that takes the
  row. A round's figure is the ratio of the two servers' requests per
  CPU-second; the table shows each peer's median over the rounds and the
  lowest of them. Run in turn, this shared machine's servers drift by
  10-40 % between runs and more than the targets' margins within one;
  loaded at once, the same binary against itself gives 0.98-1.06. The
  two servers share a core, so their own figures are lower than alone:
  only the ratio is reported. The ceiling (`limit`) is paired on the
  HTTP/1.1 keep-alive rows too, as a column, never a peer.
- Targets (from the project's issues) apply to one worker each, user-space
  TLS, against nginx or against the best peer of the row, as each says.

"""


def publish(out, results, path):
    folder = out.relative_to(path.parent) if out.is_relative_to(path.parent) else out
    prefix = f"{folder}/"
    names = sorted(p.name for p in out.glob("*.png"))
    path.write_text(METHOD.format(folder=folder) + report_text(results, names, prefix))


def replace_section(results, section, folder):
    """`results` with `section`'s rows those of the run in `folder`, in the
    same place, and a line in the machine table saying when they were
    measured."""
    if section not in SECTIONS:
        raise SystemExit(f"--replace: no section {section!r} (sections: {', '.join(SECTIONS)})")
    other = json.loads((folder / "results.json").read_text())
    new = [r for r in other["rows"] if r["section"] == section]
    if not new:
        raise SystemExit(f"--replace: the run in {folder} has no {section} rows")
    if other["meta"].get("tlsaccel_build") != results["meta"].get("tlsaccel_build"):
        raise SystemExit(f"--replace: the run in {folder} measured another build")
    rows = results["rows"]
    at = next((i for i, r in enumerate(rows) if r["section"] == section), len(rows))
    kept = [r for r in rows if r["section"] != section]
    meta = dict(results["meta"])
    said = f"{section}: its rows from a run of that section alone, {other['meta']['date']} (git {other['meta']['tlsaccel']})"
    meta["remeasured"] = "; ".join(filter(None, [meta.get("remeasured"), said]))
    return {**results, "meta": meta, "rows": kept[:at] + new + kept[at:]}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("--publish", action="store_true", help="also rewrite BENCHMARKS.md from this run")
    p.add_argument("--replace", nargs=2, action="append", default=[], metavar=("SECTION", "FOLDER"),
                   help="take SECTION's rows from the run in FOLDER (that section measured again with --only)")
    a = p.parse_args()
    results = json.loads((a.folder / "results.json").read_text())
    for section, folder in a.replace:
        results = replace_section(results, section, Path(folder))
    if a.replace:
        (a.folder / "results.json").write_text(json.dumps(results, indent=1))
    write(a.folder, results)
    if a.publish:
        repo = Path(__file__).resolve().parents[1]
        publish(a.folder.resolve(), results, repo / "BENCHMARKS.md")


if __name__ == "__main__":
    sys.exit(main())
