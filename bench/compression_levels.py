#!/usr/bin/env python3
"""Size and speed of each coding at each level on the compression rows'
text (bench/text/page.html and app.js), with the reference libraries
(zlib, brotli, zstd): the measurement behind tlsaccel's default levels
(docs/compression.md). Prints a Markdown table; the median of five runs.

    bench/.venv/bin/python bench/compression_levels.py
"""

import statistics
import time
import zlib
from pathlib import Path

import brotli
import zstandard

TEXT = Path(__file__).resolve().parent / "text"


def gzip_level(level):
    def run(data):
        c = zlib.compressobj(level, zlib.DEFLATED, 31)
        return c.compress(data) + c.flush()
    return run


CODINGS = {
    "gzip": (range(1, 10), gzip_level),
    "br": (range(0, 12), lambda q: lambda data: brotli.compress(data, quality=q, lgwin=19)),
    "zstd": ([1, 2, 3, 4, 6, 9, 12, 15, 19], lambda lv: zstandard.ZstdCompressor(level=lv).compress),
}


def main():
    files = {f: (TEXT / f).read_bytes() for f in ("page.html", "app.js")}
    print("| coding | level | " + " | ".join(f"{f} bytes | {f} MB/s" for f in files) + " |")
    print("|---|---|" + "---|---|" * len(files))
    for coding, (levels, make) in CODINGS.items():
        for level in levels:
            run = make(level)
            cells = []
            for data in files.values():
                times = []
                for _ in range(5):
                    start = time.perf_counter()
                    out = run(data)
                    times.append(time.perf_counter() - start)
                cells.append(f"{len(out):,} | {len(data) / statistics.median(times) / 1e6:.0f}")
            print(f"| {coding} | {level} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
