"""What a site's configuration says beyond where requests go (issue 31):
fallbacks (`try_files`), the site's own error pages, redirects and fixed
answers, against the real binary over HTTP/1.1 and HTTP/2, and side by
side with nginx running the same rules from its own configuration."""

import http.client
import json
import re
import socket
import ssl
import subprocess
import time

import pytest

from backend import Backend
from conftest import BINARY, curl, nginx, wait_for
from test_proxy_protocol import haproxy  # noqa: F401  (a fixture)

SPA_INDEX = "<!doctype html><title>app</title><div id=app></div>\n"


@pytest.fixture(scope="module")
def site_root(tmp_path_factory):
    """A single-page application's files: index.html, assets/, a docs
    directory with its own index, and the site's error pages."""
    root = tmp_path_factory.mktemp("spa")
    (root / "index.html").write_text(SPA_INDEX)
    (root / "assets").mkdir()
    (root / "assets" / "app.js").write_text("console.log('app');\n")
    (root / "assets" / "style.css").write_text("body { margin: 0 }\n")
    (root / "docs").mkdir()
    (root / "docs" / "index.html").write_text("docs index\n")
    (root / "about.html").write_text("about page\n")
    (root / "404.html").write_text("<h1>our own 404</h1>\n")
    (root / "50x.html").write_text("<h1>our own 50x</h1>\n")
    return root


RULES = """
[[redirect]]
path = "/old"
to = "/new"

[[redirect]]
prefix = "/blog/"
to = "https://blog.example/"
keep_query = false

[[redirect]]
regex = '^/post/(\\d+)$'
to = "/articles/$1"

[[redirect]]
path = "/gone"
status = 410
body = "gone\\n"

[[redirect]]
path = "/empty"
status = 204
"""


def config(tmp_path, root, extra="", static_extra=""):
    path = tmp_path / "tlsaccel.toml"
    path.write_text(f"""workers = 2
[[listener]]
address = "127.0.0.1:0"
[[listener]]
address = "127.0.0.1:0"
tls = false
[static]
root = "{root}"
try_files = ["$uri", "$uri/", "$uri.html", "/index.html"]
error_pages = {{ 404 = "/404.html", 502 = "/50x.html", 503 = "/50x.html", 504 = "/50x.html" }}
{static_extra}
[[route]]
prefix = "/assets/"
static = true
try_files = ["$uri", "=404"]
{RULES}
{extra}""")
    return path


def ask(port, method, target, tls=False):
    """(status, headers, body) of one request on a new connection."""
    if tls:
        ctx = ssl.create_default_context()
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE
        conn = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=10)
    else:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, target, headers={"Host": "localhost"})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


@pytest.fixture
def rules_server(start, tmp_path, site_root):
    s = start("serve", "--config", str(config(tmp_path, site_root)))
    return s


def plain_port(s):
    return s.host_port("http")[1]


def test_spa_fallback_and_assets(rules_server, site_root):
    port = plain_port(rules_server)
    # A deep link of the application: its index, 200.
    assert ask(port, "GET", "/app/users/42?tab=1")[::2] == (200, SPA_INDEX.encode())
    # A missing asset under the route that says so: 404 (the site's page),
    # never index.html.
    status, headers, body = ask(port, "GET", "/assets/missing.js")
    assert (status, body) == (404, b"<h1>our own 404</h1>\n")
    assert headers["content-type"].startswith("text/html")
    assert ask(port, "GET", "/assets/app.js")[::2] == (200, b"console.log('app');\n")
    # $uri.html, and $uri/ with its index (a directory without its slash
    # gets one first).
    assert ask(port, "GET", "/about")[::2] == (200, b"about page\n")
    status, headers, _ = ask(port, "GET", "/docs?x=1")
    assert (status, headers["location"]) == (301, "/docs/?x=1")
    assert ask(port, "GET", "/docs/")[::2] == (200, b"docs index\n")
    # Files still answer with their validators and ranges.
    status, headers, body = ask(port, "GET", "/index.html")
    assert status == 200 and headers["etag"] and body == SPA_INDEX.encode()


def test_error_pages_keep_their_status(rules_server):
    port = plain_port(rules_server)
    status, headers, body = ask(port, "GET", "/assets/nope.css")
    assert (status, body) == (404, b"<h1>our own 404</h1>\n")
    assert int(headers["content-length"]) == len(body)
    # HEAD: the page's head, no content.
    status, headers, body = ask(port, "HEAD", "/assets/nope.css")
    assert (status, body, headers["content-length"]) == (404, b"", str(len(b"<h1>our own 404</h1>\n")))
    # A status without a page of its own keeps the built-in one, and the
    # fields the status needs (405: Allow).
    status, headers, body = ask(port, "DELETE", "/index.html")
    assert status == 405 and headers["allow"] == "GET, HEAD" and b"tlsaccel" in body


def test_redirects_and_fixed_answers(rules_server):
    port = plain_port(rules_server)
    for tls in (False, True):
        p = rules_server.host_port("https" if tls else "http")[1]
        status, headers, _ = ask(p, "GET", "/old?a=1&b=2", tls)
        assert (status, headers["location"]) == (301, "/new?a=1&b=2")
    status, headers, _ = ask(port, "GET", "/blog/2024/hello?utm=x")
    assert (status, headers["location"]) == (301, "https://blog.example/2024/hello")
    status, headers, _ = ask(port, "GET", "/post/42?ref=feed")
    assert (status, headers["location"]) == (301, "/articles/42?ref=feed")
    # Not matching the regex: the SPA's index.
    assert ask(port, "GET", "/post/abc")[::2] == (200, SPA_INDEX.encode())
    status, headers, body = ask(port, "GET", "/gone")
    assert (status, body, headers["content-type"]) == (410, b"gone\n", "text/plain; charset=utf-8")
    status, headers, body = ask(port, "GET", "/empty")
    assert (status, body) == (204, b"") and "content-length" not in headers
    # A decoded path never breaks the Location field.
    status, headers, _ = ask(port, "GET", "/blog/a%0d%0aSet-Cookie:x=1")
    assert status == 301 and headers["location"] == "https://blog.example/a%0D%0ASet-Cookie:x=1"
    assert "set-cookie" not in headers


def test_rules_over_http2(rules_server):
    url = rules_server.url
    r = curl("-k", "--http2", "-s", "-o", "/dev/null", "-w", "%{http_version} %{http_code} %{redirect_url}",
             url("/post/7"))
    assert r.stdout.decode() == "2 301 " + url("/articles/7")
    r = curl("-k", "--http2", "-s", "-w", " %{http_code}", url("/assets/none.js"))
    assert r.stdout == b"<h1>our own 404</h1>\n 404"
    r = curl("-k", "--http2", "-s", url("/deep/link"))
    assert r.stdout == SPA_INDEX.encode()


def test_proxy_errors_get_the_site_pages_and_back_end_pages_pass(start, tmp_path, site_root):
    b = Backend("b1")
    try:
        dead = Backend("dead")
        dead_address = dead.address
        dead.stop()
        extra = f"""
[[upstream]]
name = "app"
servers = [{{ address = "{b.address}" }}]
[[upstream]]
name = "down"
servers = [{{ address = "{dead_address}" }}]
[[route]]
prefix = "/app/"
upstream = "app"
[[route]]
prefix = "/plain/"
upstream = "app"
intercept_errors = true
[[route]]
prefix = "/down/"
upstream = "down"
"""
        s = start("serve", "--config", str(config(tmp_path, site_root, extra)))
        port = plain_port(s)
        # The back end's own 404 (empty) passes through...
        status, headers, body = ask(port, "GET", "/app/nothing")
        assert (status, body, headers["x-backend"]) == (404, b"", "b1")
        # ...unless the route intercepts it.
        status, _, body = ask(port, "GET", "/plain/nothing")
        assert (status, body) == (404, b"<h1>our own 404</h1>\n")
        # tlsaccel's own 502 for a back end that is not there.
        status, _, body = ask(port, "GET", "/down/x")
        assert (status, body) == (502, b"<h1>our own 50x</h1>\n")
        # Successful answers are untouched.
        assert ask(port, "GET", "/app/echo")[0] == 200
    finally:
        b.stop()


def check(tmp_path, text):
    path = tmp_path / "check.toml"
    path.write_text(text)
    return subprocess.run([str(BINARY), "check-config", str(path)], capture_output=True, text=True)


def test_check_config_names_each_bad_rule_at_its_line(tmp_path, site_root):
    r = check(tmp_path, f"""[static]
root = "{site_root}"
try_files = ["$uri", "index.html"]
error_pages = {{ 200 = "/ok.html" }}

[[redirect]]
regex = "^/post/(\\\\d+"
to = "/a/$1"

[[redirect]]
path = "/x"
to = "/y"
status = 200

[[route]]
prefix = "/api/"
static = true
intercept_errors = true
""")
    assert r.returncode == 1
    lines = r.stdout.strip().splitlines() + r.stderr.strip().splitlines()
    text = "\n".join(lines)
    assert ":3:" in text and "static.try_files[1]" in text and "$uri, $uri/" in text, text
    assert ":4:" in text and "static.error_pages.200" in text, text
    assert ":7:" in text and "redirect[0].regex" in text and "not a regular expression" in text, text
    assert ":13:" in text and "redirect[1].status" in text, text
    assert "route[0].intercept_errors" in text, text


# --- side by side with nginx ------------------------------------------------

NGINX_SITE = """
server {{
    listen 127.0.0.1:{{port}};
    root {root};
    absolute_redirect off;
    default_type text/plain;
    error_page 404 /404.html;
    location = /old {{ return 301 /new$is_args$args; }}
    location ^~ /blog/ {{ rewrite ^/blog/(.*)$ https://blog.example/$1? permanent; }}
    location ~ ^/post/(\\d+)$ {{ return 301 /articles/$1$is_args$args; }}
    location = /gone {{ return 410 "gone\\n"; }}
    location = /empty {{ return 204; }}
    location /assets/ {{ try_files $uri =404; }}
    location / {{ try_files $uri $uri/ $uri.html /index.html; }}
}}
"""

TABLE = [
    "/", "/index.html", "/app", "/app/", "/app/users/42", "/app/users/42?tab=2", "/about", "/about?x=1",
    "/about.html", "/docs", "/docs?x=1", "/docs/", "/docs/index.html", "/docs/missing",
    "/assets/app.js", "/assets/style.css", "/assets/missing.js", "/assets/", "/assets/sub/none.css",
    "/old", "/old?a=1", "/old?a=1&b=2", "/old/", "/oldx", "/blog/", "/blog/2024/hello",
    "/blog/2024/hello?utm=x", "/blogx", "/post/42", "/post/42?ref=feed", "/post/abc", "/post/42/",
    "/gone", "/gone?x", "/empty", "/404.html", "/50x.html", "/assets/app.js?v=3", "/deep/a/b/c.png",
    "/a%20b",
]


def test_forty_requests_answer_as_nginx_does(start, tmp_path, site_root):
    assert len(TABLE) == 40
    s = start("serve", "--config", str(config(tmp_path, site_root)))
    port = plain_port(s)
    with nginx(tmp_path, NGINX_SITE.format(root=site_root)) as nginx_port:
        differences = []
        for target in TABLE:
            ours = ask(port, "GET", target)
            theirs = ask(nginx_port, "GET", target)
            # Status and Location always; the body where either server's
            # own page is not what it is (nginx's redirect pages differ).
            mine = (ours[0], ours[1].get("location"), ours[2] if ours[0] < 300 or ours[0] >= 400 else None)
            ref = (theirs[0], theirs[1].get("location"),
                   theirs[2] if theirs[0] < 300 or theirs[0] >= 400 else None)
            if mine != ref:
                differences.append((target, mine, ref))
        assert differences == [], "\n".join(map(str, differences))


# --- proxy paths -------------------------------------------------------------

def test_upstream_path_replaces_the_prefix_and_maps_locations_back(start, tmp_path, site_root):
    from backend import raw_backend

    b = Backend("b1")
    redirecting = raw_backend(b"HTTP/1.1 302 Found\r\nLocation: http://localhost/login?next=%2Fme\r\n"
                              b"Content-Location: /v2/here\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    elsewhere = raw_backend(b"HTTP/1.1 302 Found\r\nLocation: https://sso.example/login\r\n"
                            b"Content-Length: 0\r\nConnection: close\r\n\r\n")
    try:
        extra = f"""
[[upstream]]
name = "app"
servers = [{{ address = "{b.address}" }}]
[[upstream]]
name = "redirecting"
servers = [{{ address = "127.0.0.1:{redirecting.getsockname()[1]}" }}]
[[upstream]]
name = "elsewhere"
servers = [{{ address = "127.0.0.1:{elsewhere.getsockname()[1]}" }}]
[[route]]
prefix = "/api/"
upstream = "app"
upstream_path = "/"
[[route]]
prefix = "/v1/"
upstream = "app"
upstream_path = "/plain/"
[[route]]
prefix = "/login/"
upstream = "redirecting"
upstream_path = "/"
[[route]]
prefix = "/redirects/"
upstream = "redirecting"
upstream_path = "/v2/"
[[route]]
prefix = "/sso/"
upstream = "elsewhere"
upstream_path = "/"
[[route]]
prefix = "/app/"
upstream = "app"
"""
        s = start("serve", "--config", str(config(tmp_path, site_root, extra)))
        port = plain_port(s)

        def seen(target):
            status, _, body = ask(port, "GET", target)
            assert status == 200, (target, status, body)
            return json.loads(body)["target"]

        # nginx's proxy_pass http://app/; under location /api/.
        assert seen("/api/echo?x=1&y=%2F") == "/echo?x=1&y=%2F"
        assert seen("/v1/echo") == "/plain/echo"
        # The normalized path goes up, encoded again.
        assert seen("/api/a/../echo") == "/echo"
        assert seen("/api/echo/a%20b%3F") == "/echo/a%20b%3F"
        # A route without upstream_path sends the target as it came.
        assert seen("/app/echo?z") == "/app/echo?z"
        # The back end's redirects come back under the route's prefix...
        status, headers, _ = ask(port, "GET", "/login/x")
        assert (status, headers["location"]) == (302, "/login/login?next=%2Fme")
        status, headers, _ = ask(port, "GET", "/redirects/x")
        assert (headers["location"], headers["content-location"]) == (
            "http://localhost/login?next=%2Fme", "/redirects/here")
        # ...and a redirect elsewhere is left alone.
        status, headers, _ = ask(port, "GET", "/sso/x")
        assert (status, headers["location"]) == (302, "https://sso.example/login")
        # The same over HTTP/2.
        r = curl("-k", "--http2", "-s", "-w", "\n%{http_version}", s.url("/api/echo?h2=1"))
        body, version = r.stdout.rsplit(b"\n", 1)
        assert version == b"2" and json.loads(body)["target"] == "/echo?h2=1"
        r = curl("-k", "--http2", "-s", "-o", "/dev/null", "-D", "-", "-H", "Host: localhost",
                 s.url("/login/x"))
        assert r.stdout.startswith(b"HTTP/2 302") and b"\r\nlocation: /login/login?next=%2Fme\r\n" in r.stdout
    finally:
        b.stop()
        redirecting.close()
        elsewhere.close()


def test_upstream_path_is_checked(tmp_path, site_root):
    r = check(tmp_path, f"""[static]
root = "{site_root}"
[[upstream]]
name = "app"
servers = [{{ address = "127.0.0.1:9" }}]
[[route]]
prefix = "/api/"
upstream = "app"
upstream_path = "v2"
[[route]]
prefix = "/files/"
static = true
upstream_path = "/"
""")
    text = r.stdout + r.stderr
    assert r.returncode == 1
    assert ":9:" in text and "route[0].upstream_path" in text and "must be a path" in text, text
    assert ":13:" in text and "route[1].upstream_path" in text, text


# --- headers and request ids -------------------------------------------------

def test_route_header_rules_and_request_ids(start, tmp_path, site_root):
    import re

    b = Backend("b1")
    log = tmp_path / "access.log"
    try:
        extra = f"""
[http]
request_id = true
[log]
access_log = "{log}"
[[upstream]]
name = "app"
servers = [{{ address = "{b.address}" }}]
[[route]]
prefix = "/app/"
upstream = "app"
request_headers = {{ set = {{ "X-Env" = "prod", "X-Client" = "$remote_addr $scheme $host $request_id" }}, add = {{ "X-Extra" = "1" }}, remove = ["Cookie"] }}
response_headers = {{ set = {{ "Cache-Control" = "no-store" }}, add = {{ "X-Via" = "tlsaccel" }}, remove = ["X-Backend-Conn"] }}
"""
        s = start("serve", "--config", str(config(tmp_path, site_root, extra)))
        port = plain_port(s)

        def exchange(extra_headers):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/app/echo", headers={"Host": "localhost", **extra_headers})
            r = conn.getresponse()
            body = json.loads(r.read())
            conn.close()
            return {k.lower(): v for k, v in r.getheaders()}, body["headers"]

        response, seen = exchange({"Cookie": "session=1", "X-Env": "client"})
        up = {}
        for name, value in seen:
            up.setdefault(name.lower(), []).append(value)
        rid = response["x-request-id"]
        assert re.fullmatch(r"[0-9a-f]{32}", rid), rid
        assert up["x-request-id"] == [rid]
        assert up["x-env"] == ["prod"] and "cookie" not in up and up["x-extra"] == ["1"]
        assert up["x-client"] == [f"127.0.0.1 http localhost {rid}"]
        assert response["cache-control"] == "no-store" and response["x-via"] == "tlsaccel"
        assert "x-backend-conn" not in response and response["x-backend"] == "b1"
        # The client's own id goes through; an unusable one is replaced.
        response, seen = exchange({"X-Request-Id": "abc-123"})
        assert response["x-request-id"] == "abc-123" and ["X-Request-Id", "abc-123"] in seen
        response, _ = exchange({"X-Request-Id": "x" * 129})
        assert re.fullmatch(r"[0-9a-f]{32}", response["x-request-id"])
        # HTTP/2 requests get ids and the same rules.
        r = curl("-k", "--http2", "-s", "-D", "-", s.url("/app/echo"))
        head, _, body = r.stdout.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/2 200") and b"\r\ncache-control: no-store" in head.lower()
        h2_id = re.search(rb"(?i)\r\nx-request-id: ([0-9a-f]{32})", head).group(1).decode()
        assert ["X-Request-Id", h2_id] in json.loads(body)["headers"]
        # Files carry one too, and each id differs.
        ids = {ask(port, "GET", "/index.html")[1]["x-request-id"] for _ in range(3)}
        assert len(ids) == 3
        # Workers hand their lines over at least once a second.
        wait_for(lambda: log.exists() and f'"{rid}"' in log.read_text() and '"abc-123"' in log.read_text(),
                 what="the ids in the access log")
        line = next(l for l in log.read_text().splitlines() if rid in l)
        assert line.endswith(f'"{rid}"') and '"GET /app/echo HTTP/1.1" 200' in line
    finally:
        b.stop()


# --- balancing by key --------------------------------------------------------

def test_consistent_hashing_through_the_proxy(start, tmp_path, site_root):
    """10,000 users (X-User) over 4 back ends, then a fifth joins by a
    reload: each back end's share is within 10 % of even, and only the
    keys the newcomer takes move. (Rendezvous hashing: the shares vary
    only by sampling, about 2 % here; 80 simulated placements of random
    addresses stayed within 4.2 %.)"""
    import signal

    from conftest import wait_for

    backends = [Backend(f"b{i}") for i in range(5)]
    try:
        def upstream(n):
            servers = ", ".join(f'{{ address = "{b.address}" }}' for b in backends[:n])
            return f"""
[[upstream]]
name = "app"
servers = [{servers}]
balance = "hash"
hash_key = "header:X-User"
[[route]]
prefix = "/app/"
upstream = "app"
"""
        cfg = config(tmp_path, site_root, upstream(4))
        s = start("serve", "--config", str(cfg))
        port = plain_port(s)

        def placement():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            placed = []
            for user in range(10_000):
                conn.request("GET", "/app/bytes/0", headers={"Host": "localhost", "X-User": f"user-{user}"})
                r = conn.getresponse()
                r.read()
                assert r.status == 200
                placed.append(r.getheader("X-Backend"))
            conn.close()
            return placed

        before = placement()
        for name in ("b0", "b1", "b2", "b3"):
            assert 2250 <= before.count(name) <= 2750, (name, before.count(name))
        cfg.write_text(config(tmp_path, site_root, upstream(5)).read_text())
        s.proc.send_signal(signal.SIGHUP)
        wait_for(lambda: "reloaded:" in s.log_text(), what="the reload")
        after = placement()
        moved = [(a, b) for a, b in zip(before, after) if a != b]
        assert all(b == "b4" for _, b in moved), moved[:5]
        assert len(moved) <= 2300, len(moved)
        for name in ("b0", "b1", "b2", "b3", "b4"):
            assert 1800 <= after.count(name) <= 2200, (name, after.count(name))
        # Requests without the header still go round.
        conn_names = {ask(port, "GET", "/app/bytes/0")[1]["x-backend"] for _ in range(10)}
        assert len(conn_names) > 1
    finally:
        for b in backends:
            b.stop()


def test_balancing_is_checked(tmp_path, site_root):
    r = check(tmp_path, f"""[static]
root = "{site_root}"
[[upstream]]
name = "a"
servers = [{{ address = "127.0.0.1:9" }}]
balance = "random"
[[upstream]]
name = "b"
servers = [{{ address = "127.0.0.1:9" }}]
balance = "hash"
hash_key = "query:x"
[[upstream]]
name = "c"
servers = [{{ address = "127.0.0.1:9" }}]
hash_key = "header:X"
""")
    text = r.stdout + r.stderr
    assert r.returncode == 1
    assert ":6:" in text and "upstream[0].balance" in text, text
    assert ":11:" in text and "upstream[1].hash_key" in text, text
    assert ":15:" in text and "upstream[2].hash_key" in text and 'balance = "hash"' in text, text


# --- directory listings ------------------------------------------------------

def test_directory_listings(start, tmp_path):
    import os

    root = tmp_path / "files"
    (root / "pub" / "sub").mkdir(parents=True)
    (root / "pub" / "b.txt").write_bytes(b"12345")
    (root / "pub" / "a <&> \"q\".txt").write_bytes(b"x")
    (root / "pub" / ".secret").write_bytes(b"hidden")
    os.symlink("/etc/passwd", root / "pub" / "outside")
    (root / "closed").mkdir()
    (root / "closed" / "c.txt").write_text("c")
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""[[listener]]
address = "127.0.0.1:0"
tls = false
[static]
root = "{root}"
[[route]]
prefix = "/pub/"
static = true
listing = true
""")
    s = start("serve", "--config", str(cfg))
    port = s.host_port("http")[1]
    status, headers, body = ask(port, "GET", "/pub/")
    page = body.decode()
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8", page
    assert "<title>Index of /pub/</title>" in page and '<a href="../">../</a>' in page
    # Directories first, then names in order; escaped; sizes; no dot files.
    assert page.index('href="./sub/"') < page.index('href="./a%20%3C&amp;%3E%20%22q%22.txt"') < page.index('href="./b.txt"')
    assert "a &lt;&amp;&gt; &quot;q&quot;.txt" in page and "<td>5</td>" in page
    assert ".secret" not in page
    # A symbolic link is listed, never followed: no size of its target.
    assert 'href="./outside"' in page and page.split('href="./outside"')[1].split("</tr>")[0].count("<td>-</td>") == 1
    # The JSON form, as nginx's autoindex_format json.
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/pub/", headers={"Accept": "application/json"})
    r = conn.getresponse()
    listing = json.loads(r.read())
    assert r.getheader("Content-Type") == "application/json" and r.getheader("Vary") == "Accept"
    assert [e["name"] for e in listing] == ["sub", 'a <&> "q".txt', "b.txt", "outside"]
    assert listing[2] == {"name": "b.txt", "type": "file", "size": 5, "mtime": listing[2]["mtime"]}
    assert listing[3]["type"] == "link" and "size" not in listing[3]
    # Off by default: the rest of the site still refuses to list.
    assert ask(port, "GET", "/closed/")[0] == 403
    # A listed file is served as any file.
    assert ask(port, "GET", "/pub/b.txt")[::2] == (200, b"12345")


# --- who may come in, by address (issue 30's IP rules) -----------------------

def get_from(source, host, port, path):
    """The status of GET `path` from the local address `source`."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as c:
        c.bind((source, 0))
        c.settimeout(10)
        c.connect((host, port))
        c.sendall(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := c.recv(65536):
            data += chunk
    return int(data.split(b" ", 2)[1])


def test_access_rules_by_address_per_site_and_route(start, tmp_path, site_root):
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""access = ["deny 127.0.0.3", "allow 127.0.0.0/8", "allow ::1", "deny all"]
workers = 2
[[listener]]
address = "127.0.0.1:0"
tls = false
[[listener]]
address = "[::1]:0"
tls = false
[static]
root = "{site_root}"
[[route]]
prefix = "/assets/"
static = true
access = ["allow 127.0.0.3", "deny all"]
""")
    s = start("serve", "--config", str(cfg), "--admin-listen", "127.0.0.1:0")
    text = s.log_text()
    ports = [int(p) for p in re.findall(r" listening on http://\S+:(\d+) \(", text)]
    v4, v6 = ports
    assert get_from("127.0.0.2", "127.0.0.1", v4, "/index.html") == 200
    first_refusal = time.monotonic()
    assert get_from("127.0.0.3", "127.0.0.1", v4, "/index.html") == 403
    assert get_from("::1", "::1", v6, "/index.html") == 200
    # The route's own rules replace the site's under its prefix.
    assert get_from("127.0.0.3", "127.0.0.1", v4, "/assets/app.js") == 200
    assert get_from("127.0.0.2", "127.0.0.1", v4, "/assets/app.js") == 403
    assert get_from("::1", "::1", v6, "/assets/app.js") == 403
    # Refusals are counted, and logged without flooding the log.
    for _ in range(20):
        assert get_from("127.0.0.3", "127.0.0.1", v4, "/") == 403
    m = s.metrics()
    assert m["tlsaccel_access_denied_total"] == 23
    # At most one line a second per worker (two workers by default here).
    seconds = time.monotonic() - first_refusal
    assert 1 <= s.log_text().count("refused by the access rules") <= 2 * (int(seconds) + 1)
    assert "client=127.0.0.3" in s.log_text()


def test_access_rules_see_the_address_the_proxy_protocol_gives(start, tmp_path, site_root, haproxy):
    cfg = tmp_path / "tlsaccel.toml"
    cfg.write_text(f"""access = ["deny 127.0.0.3", "allow all"]
[[listener]]
address = "127.0.0.1:0"
tls = false
proxy_protocol = true
proxy_protocol_from = ["127.0.0.1"]
[static]
root = "{site_root}"
""")
    s = start("serve", "--config", str(cfg))
    front = haproxy(s.host_port("http")[1])
    # HAProxy connects from 127.0.0.1; the rules see each client's own.
    assert get_from("127.0.0.2", "127.0.0.1", front, "/index.html") == 200
    assert get_from("127.0.0.3", "127.0.0.1", front, "/index.html") == 403


def test_access_rules_are_checked(tmp_path, site_root):
    r = check(tmp_path, f"""access = ["allow 10.0.0.0/8", "permit all", "deny 10.0.0.0/40"]
[static]
root = "{site_root}"
""")
    text = r.stdout + r.stderr
    assert r.returncode == 1
    assert "access[1]" in text and "access[2]" in text and ":1:" in text, text


# --- Basic authentication (issue 30) ------------------------------------------

def test_basic_auth_with_an_htpasswd_file(start, tmp_path, site_root):
    import base64

    users = tmp_path / "htpasswd"
    subprocess.run(["htpasswd", "-B", "-c", "-b", str(users), "alice", "s3cret"], check=True, capture_output=True)
    subprocess.run(["htpasswd", "-B", "-b", str(users), "bob", "hunter2"], check=True, capture_output=True)
    b = Backend("b1")
    try:
        extra = f"""
[[upstream]]
name = "app"
servers = [{{ address = "{b.address}" }}]
[[route]]
prefix = "/docs/"
static = true
auth_basic = {{ user_file = "{users}", realm = "Team docs" }}
[[route]]
prefix = "/app/"
upstream = "app"
auth_basic = {{ user_file = "{users}" }}
[[route]]
prefix = "/plain/"
upstream = "app"
auth_basic = {{ user_file = "{users}", pass_authorization = true }}
"""
        s = start("serve", "--config", str(config(tmp_path, site_root, extra)), "--admin-listen", "127.0.0.1:0")
        port = plain_port(s)

        def get(path, authorization=None):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            headers = {"Host": "localhost"}
            if authorization is not None:
                headers["Authorization"] = authorization
            conn.request("GET", path, headers=headers)
            r = conn.getresponse()
            body = r.read()
            conn.close()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, body

        def basic(user, password):
            return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

        status, headers, _ = get("/docs/")
        assert status == 401 and headers["www-authenticate"] == 'Basic realm="Team docs", charset="UTF-8"'
        assert get("/docs/", basic("alice", "wrong"))[0] == 401
        assert get("/docs/", basic("carol", "s3cret"))[0] == 401
        assert get("/docs/", "Basic !!!")[0] == 401
        assert get("/docs/", "Bearer x")[0] == 401
        assert get("/docs/", basic("alice", "s3cret"))[::2] == (200, b"docs index\n")
        assert get("/docs/", basic("bob", "hunter2"))[0] == 200
        # Elsewhere on the site, no credentials are asked for.
        assert get("/index.html")[0] == 200 and get("/assets/app.js")[0] == 200
        # The password stays here unless the route passes it on.
        status, _, body = get("/app/echo", basic("alice", "s3cret"))
        assert status == 200 and not [h for h in json.loads(body)["headers"] if h[0].lower() == "authorization"]
        status, _, body = get("/plain/echo", basic("alice", "s3cret"))
        assert ["Authorization", basic("alice", "s3cret")] in json.loads(body)["headers"]
        # HTTP/2, as curl -u sends it.
        r = curl("-k", "--http2", "-s", "-u", "bob:hunter2", "-w", " %{http_version} %{http_code}",
                 s.url("/docs/"))
        assert r.stdout == b"docs index\n 2 200"
        assert s.metrics()["tlsaccel_auth_refused_total"] == 5
    finally:
        b.stop()


def test_weak_or_unreadable_htpasswd_files_are_refused(tmp_path, site_root):
    md5 = tmp_path / "md5"
    subprocess.run(["htpasswd", "-m", "-c", "-b", str(md5), "alice", "x"], check=True, capture_output=True)
    sha = tmp_path / "sha"
    subprocess.run(["htpasswd", "-s", "-c", "-b", str(sha), "alice", "x"], check=True, capture_output=True)
    for path, reason in [(md5, "MD5 (apr1)"), (sha, "SHA-1"), (tmp_path / "missing", "cannot read")]:
        r = check(tmp_path, f"""[static]
root = "{site_root}"
[[route]]
prefix = "/admin/"
static = true
auth_basic = {{ user_file = "{path}" }}
""")
        text = r.stdout + r.stderr
        assert r.returncode == 1 and "route[0].auth_basic.user_file" in text and reason in text, text
        assert ":6:" in text, text
