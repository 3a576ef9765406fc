"""A real browser on HTTP/2: headless Chromium (Debian's `chromium`) loads
a page over HTTPS whose script fetches 100 assets of varied sizes, hashes
each with SHA-256 in the page, reads each one's `nextHopProtocol` from the
Resource Timing entries, and writes what it found into the document, which
`--dump-dom` hands back. The certificate is trusted by its key
(`--ignore-certificate-errors-spki-list`), so the page is a secure context
as it would be with a real certificate."""

import base64
import hashlib
import json
import os
import random
import re
import shutil
import subprocess

import pytest

from backend import text_bytes
from conftest import config_file

ASSETS = 100

PAGE = """<!doctype html>
<meta charset="utf-8">
<title>assets over HTTP/2</title>
<pre id="result">pending</pre>
<script>
(async () => {
  const names = await (await fetch("/assets/list.json", {cache: "no-store"})).json();
  const assets = await Promise.all(names.map(async (name) => {
    const url = new URL("/assets/" + name, location).href;
    const response = await fetch(url, {cache: "no-store"});
    const body = await response.arrayBuffer();
    const digest = await crypto.subtle.digest("SHA-256", body);
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const timing = performance.getEntriesByName(url)[0];
    return {name, status: response.status, size: body.byteLength, sha256: hex,
            protocol: timing ? timing.nextHopProtocol : null};
  }));
  const page = performance.getEntriesByType("navigation")[0].nextHopProtocol;
  document.getElementById("result").textContent = JSON.stringify({page, assets});
})().catch((e) => { document.getElementById("result").textContent = "error: " + e; });
</script>
"""


def chromium():
    for name in ("chromium", "chromium-browser"):
        if path := shutil.which(name):
            return path
    pytest.fail("chromium is not installed (scripts/test.sh installs Debian's chromium)")


def spki_hash(cert):
    """The base64 SHA-256 of the certificate's public key, as Chromium's
    --ignore-certificate-errors-spki-list takes it."""
    pem = subprocess.run(["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"],
                         check=True, capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pem,
                         check=True, capture_output=True).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def test_chromium_loads_a_page_of_100_assets_over_http2(start, tmp_path, certs):
    root = tmp_path / "www"
    (root / "assets").mkdir(parents=True)
    rng = random.Random(25)
    expected = {}
    for i in range(ASSETS):
        # From a few bytes to a few hundred KiB: single frames, many frames,
        # and bodies larger than the stream's initial window.
        size = rng.choice([0, 1, 700, 4096, 16375, 16376, 65535, 100_000, 300_000])
        if i % 3 == 0:
            # Text: compressed for the browser, which decodes it.
            name = f"{i:03d}.js"
            data = text_bytes(size)
        else:
            name = f"{i:03d}.bin"
            data = os.urandom(size)
        (root / "assets" / name).write_bytes(data)
        expected[name] = (size, hashlib.sha256(data).hexdigest())
    (root / "assets" / "list.json").write_text(json.dumps(sorted(expected)))
    (root / "index.html").write_text(PAGE)
    cfg = config_file(tmp_path, root, certs=certs, workers=1)
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    profile = tmp_path / "profile"
    result = subprocess.run(
        [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-extensions", f"--user-data-dir={profile}",
         f"--ignore-certificate-errors-spki-list={spki_hash(certs / 'ecdsa.pem')}",
         # Virtual time waits while the page's fetches are in flight.
         "--virtual-time-budget=60000", "--dump-dom", s.url("/index.html")],
        capture_output=True, timeout=180, text=True)
    found = re.search(r'<pre id="result">(.*?)</pre>', result.stdout, re.S)
    assert found, (result.returncode, result.stdout[-2000:], result.stderr[-3000:])
    text = found.group(1).replace("&quot;", '"').replace("&amp;", "&")
    assert text.startswith("{"), text
    report = json.loads(text)
    assert report["page"] == "h2", report["page"]
    got = {a["name"]: a for a in report["assets"]}
    assert sorted(got) == sorted(expected)
    for name, (size, digest) in expected.items():
        a = got[name]
        assert (a["status"], a["size"], a["sha256"], a["protocol"]) == (200, size, digest, "h2"), a
    m = s.metrics()
    # The page, the list and every asset, each a stream.
    assert m["tlsaccel_http2_streams_total"] >= ASSETS + 2, m
    # The text assets long enough to compress (and the page) arrived
    # compressed, in whichever coding Chromium preferred.
    text_assets = sum(1 for name, (size, _) in expected.items() if name.endswith(".js") and size >= 256)
    compressed = sum(v for k, v in m.items() if k.startswith("tlsaccel_compressed_responses_total"))
    assert text_assets > 0 and compressed >= text_assets, m
