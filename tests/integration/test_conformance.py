"""RFC 9112 (HTTP/1.1 messages) and RFC 9110 (semantics) against the real
binary, with raw bytes: each test cites the section whose requirement it
checks. Written from the RFC text; the parser's own unit tests in
src/http/request.rs cover the same rules without a socket."""

import email.parser
import email.policy
import re

import pytest

from conftest import Reader, connect

FILE = "/f16384.bin"


def ask(server, raw, scheme="http"):
    """Sends raw bytes, reads one response; (status, headers, body, closed)."""
    with connect(server, scheme) as s:
        s.sendall(raw)
        reader = Reader(s)
        status, headers, body = reader.response(head_request=raw.startswith(b"HEAD "))
        closed = headers.get("connection") == "close" and reader.at_eof()
        return status, headers, body, closed


def get(server, target=FILE, extra="", method="GET", version="HTTP/1.1", scheme="http"):
    raw = f"{method} {target} {version}\r\nHost: localhost\r\n{extra}\r\n".encode()
    return ask(server, raw, scheme)


# --- RFC 9112 section 2.3 and RFC 9110 section 2.5: versions ---------------

@pytest.mark.parametrize("version", ["HTTP/1.x", "http/1.1", "HTTP/1.10", "HTTP/1", "HTTP/ 1.1", "HTP/1.1"])
def test_invalid_version_token_is_400_and_closes(server, version):
    status, headers, _, closed = get(server, version=version)
    assert status == 400 and headers["connection"] == "close" and closed


@pytest.mark.parametrize("version", ["HTTP/2.0", "HTTP/3.0", "HTTP/0.9"])
def test_unsupported_major_version_is_505(server, version):
    assert get(server, version=version)[0] == 505


def test_later_minor_version_is_served_as_http11(server, docroot):
    status, headers, body, _ = get(server, version="HTTP/1.7")
    assert status == 200 and body == (docroot / FILE[1:]).read_bytes()


def test_response_version_is_http11_for_http10_requests(server):
    # RFC 9110 2.5: a server sends its own highest version.
    s = connect(server, "http")
    s.sendall(b"GET /f1.bin HTTP/1.0\r\n\r\n")
    assert s.recv(9) == b"HTTP/1.1 "
    s.close()


# --- RFC 9112 section 3: request line and target ----------------------------

@pytest.mark.parametrize("line", [
    b"GET  /f1.bin HTTP/1.1",        # two spaces
    b"GET /f1.bin  HTTP/1.1",
    b"GET /a b HTTP/1.1",            # space in the target
    b"G{T /f1.bin HTTP/1.1",         # method is a token
    b"GET",
    b"GET f1.bin HTTP/1.1",          # neither origin- nor absolute-form
    b"GET * HTTP/1.1",               # asterisk-form is for OPTIONS only
    b"GET ftp://localhost/ HTTP/1.1",
])
def test_malformed_request_line_is_400(server, line):
    status, _, _, closed = ask(server, line + b"\r\nHost: localhost\r\n\r\n")
    assert status == 400 and closed


def test_leading_empty_line_is_ignored(server):
    # RFC 9112 2.2: SHOULD ignore at least one empty line before the request.
    assert ask(server, b"\r\nGET /f1.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")[0] == 200


def test_absolute_form_is_accepted_and_its_authority_wins(server, docroot):
    # RFC 9112 3.2.2: MUST accept absolute-form; MUST ignore Host then.
    raw = b"GET http://example.com/f1.bin HTTP/1.1\r\nHost: bad host\r\n\r\n"
    status, _, body, _ = ask(server, raw)
    assert status == 400  # the Host line itself is still invalid (3.2)
    raw = b"GET http://example.com/f1.bin HTTP/1.1\r\nHost: other.example\r\n\r\n"
    status, _, body, _ = ask(server, raw)
    assert status == 200 and body == (docroot / "f1.bin").read_bytes()


# --- RFC 9112 section 3.2: Host ---------------------------------------------

@pytest.mark.parametrize("host", [None, "a b", "a/b", "user@a", "a:b:c", "a:80x", "[::1", "a?b", "[::1]x"])
def test_missing_repeated_or_invalid_host_is_400(server, host):
    if host is None:
        raw = b"GET /f1.bin HTTP/1.1\r\n\r\n"
    else:
        raw = f"GET /f1.bin HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    status, _, _, closed = ask(server, raw)
    assert status == 400 and closed


def test_two_host_lines_are_400_even_if_equal(server):
    raw = b"GET /f1.bin HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n"
    assert ask(server, raw)[0] == 400


@pytest.mark.parametrize("host", ["localhost", "localhost:8443", "127.0.0.1", "[::1]:443", ""])
def test_valid_hosts_are_served(server, host):
    raw = f"GET /f1.bin HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    assert ask(server, raw)[0] == 200


def test_http10_without_host_is_served(server):
    assert ask(server, b"GET /f1.bin HTTP/1.0\r\n\r\n")[0] == 200


# --- RFC 9112 sections 2.2 and 5, RFC 9110 section 5.5: fields --------------

@pytest.mark.parametrize("fields", [
    b"Host : localhost\r\n",                        # 5.1: space before the colon
    b"Host: localhost\r\nX: a\r\n folded\r\n",      # 5.2: obs-fold
    b"Host: localhost\r\nX: a\x00b\r\n",           # 9110 5.5: NUL
    b"Host: localhost\r\nX: a\rb\r\n",             # 2.2: bare CR
    b" Host: localhost\r\n",                        # 2.2: whitespace before the first field
    b"Host: localhost\r\n: empty-name\r\n",
])
def test_invalid_field_syntax_is_400(server, fields):
    status, _, _, closed = ask(server, b"GET /f1.bin HTTP/1.1\r\n" + fields + b"\r\n")
    assert status == 400 and closed


# --- RFC 9112 section 6: message body length --------------------------------

@pytest.mark.parametrize("te,expected", [
    ("chunked, gzip", 400),   # 6.3: chunked not final: MUST 400 and close
    ("gzip", 400),
    ("chunked, chunked", 400),
    ("gzip, chunked", 501),   # a coding this server does not decode
])
def test_transfer_codings(server, te, expected):
    raw = f"POST /f1.bin HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: {te}\r\n\r\n0\r\n\r\n".encode()
    status, _, _, closed = ask(server, raw)
    assert status == expected and closed


def test_content_length_with_transfer_encoding_is_400_and_closes(server):
    # 6.1: MAY reject, and then MUST close; a smuggling vector otherwise.
    raw = (b"POST /f1.bin HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    status, _, _, closed = ask(server, raw)
    assert status == 400 and closed


@pytest.mark.parametrize("cl", ["-1", "1.0", "0x10", "1 1", "", "99999999999999999999"])
def test_invalid_content_length_is_400(server, cl):
    raw = f"POST /f1.bin HTTP/1.1\r\nHost: localhost\r\nContent-Length: {cl}\r\n\r\n".encode()
    assert ask(server, raw)[0] == 400


# --- RFC 9110 section 9: methods --------------------------------------------

@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH"])
def test_known_method_not_allowed_is_405_with_allow(server, method):
    raw = f"{method} /f1.bin HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n".encode()
    status, headers, _, _ = ask(server, raw)
    assert status == 405 and headers["allow"] == "GET, HEAD"  # 15.5.6: MUST send Allow


def test_unknown_method_is_501(server):
    assert ask(server, b"BREW /f1.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")[0] == 501


def test_head_is_get_without_a_body(server):
    # 9.3.2: the same header fields as GET, no content.
    _, get_headers, _, _ = get(server)
    status, head_headers, body, _ = get(server, method="HEAD")
    assert status == 200 and body == b""
    for name in ("content-length", "content-type", "etag", "last-modified", "accept-ranges"):
        assert head_headers[name] == get_headers[name]


def test_options_asterisk_is_parsed(server):
    status, headers, _, _ = ask(server, b"OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert status == 405 and "GET" in headers["allow"]


# --- RFC 9110 section 13: preconditions, in the order of 13.2.2 -------------

@pytest.fixture
def validators(server):
    _, headers, _, _ = get(server)
    return headers["etag"], headers["last-modified"]


def test_if_match(server, validators):
    etag, _ = validators
    assert get(server, extra=f"If-Match: {etag}\r\n")[0] == 200
    assert get(server, extra='If-Match: "other", ' + etag + "\r\n")[0] == 200
    assert get(server, extra="If-Match: *\r\n")[0] == 200
    assert get(server, extra='If-Match: "other"\r\n')[0] == 412
    # 13.1.1: strong comparison, a weak tag never matches.
    assert get(server, extra=f"If-Match: W/{etag}\r\n")[0] == 412
    # A list split over several field lines (5.3).
    assert get(server, extra=f'If-Match: "a"\r\nIf-Match: {etag}\r\n')[0] == 200


def test_if_unmodified_since(server, validators):
    _, last_modified = validators
    assert get(server, extra=f"If-Unmodified-Since: {last_modified}\r\n")[0] == 200
    assert get(server, extra="If-Unmodified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n")[0] == 412
    # 13.1.4: an invalid date is ignored.
    assert get(server, extra="If-Unmodified-Since: yesterday\r\n")[0] == 200
    # 13.2.2 step 2: ignored when If-Match is present.
    extra = "If-Match: *\r\nIf-Unmodified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n"
    assert get(server, extra=extra)[0] == 200


def test_if_none_match_and_if_modified_since(server, validators):
    etag, last_modified = validators
    status, headers, body, _ = get(server, extra=f"If-None-Match: {etag}\r\n")
    assert status == 304 and body == b"" and headers["etag"] == etag
    assert get(server, extra=f"If-None-Match: W/{etag}\r\n")[0] == 304  # weak comparison
    assert get(server, extra="If-None-Match: *\r\n")[0] == 304
    assert get(server, extra=f"If-Modified-Since: {last_modified}\r\n")[0] == 304
    # 13.1.3: If-Modified-Since is ignored when If-None-Match is present.
    extra = f'If-None-Match: "other"\r\nIf-Modified-Since: {last_modified}\r\n'
    assert get(server, extra=extra)[0] == 200
    assert get(server, extra="If-Modified-Since: not a date\r\n")[0] == 200


def test_precondition_order(server, validators):
    etag, last_modified = validators
    # Step 1 before step 3: a failed If-Match is 412 even if If-None-Match would give 304.
    assert get(server, extra=f'If-Match: "other"\r\nIf-None-Match: {etag}\r\n')[0] == 412
    # Step 2 before step 4.
    extra = f"If-Unmodified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\nIf-Modified-Since: {last_modified}\r\n"
    assert get(server, extra=extra)[0] == 412
    # Preconditions before Range: 304 wins over 206.
    assert get(server, extra=f"If-None-Match: {etag}\r\nRange: bytes=0-1\r\n")[0] == 304


# --- RFC 9110 section 14: ranges --------------------------------------------

def test_single_range(server, docroot):
    data = (docroot / FILE[1:]).read_bytes()
    status, headers, body, _ = get(server, extra="Range: bytes=100-199\r\n")
    assert status == 206 and body == data[100:200]
    assert headers["content-range"] == f"bytes 100-199/{len(data)}"


def test_several_ranges_are_multipart_byteranges(server, docroot):
    data = (docroot / FILE[1:]).read_bytes()
    asked = [(0, 9), (16000, 16099), (16380, 16383)]
    spec = ",".join(f"{a}-{b}" for a, b in asked)
    for scheme in ("http", "https"):
        status, headers, body, _ = get(server, extra=f"Range: bytes={spec}\r\n", scheme=scheme)
        assert status == 206
        ctype = headers["content-type"]
        assert re.fullmatch(r"multipart/byteranges; boundary=\w+", ctype), ctype
        assert "content-range" not in headers  # 14.4: only in the parts
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {ctype}\r\n\r\n".encode() + body)
        parts = list(message.iter_parts())
        assert len(parts) == len(asked)
        for part, (a, b) in zip(parts, asked):
            assert part["Content-Range"] == f"bytes {a}-{b}/{len(data)}"
            assert part["Content-Type"] == "application/octet-stream"
            assert part.get_payload(decode=True) == data[a:b + 1]


def test_overlapping_ranges_are_merged(server, docroot):
    data = (docroot / FILE[1:]).read_bytes()
    status, headers, body, _ = get(server, extra="Range: bytes=0-99,50-149\r\n")
    assert status == 206 and headers["content-range"] == f"bytes 0-149/{len(data)}"
    assert body == data[:150]


def test_unsatisfiable_and_ignored_ranges(server, docroot):
    size = (docroot / FILE[1:]).stat().st_size
    status, headers, _, _ = get(server, extra="Range: bytes=99999-\r\n")
    assert status == 416 and headers["content-range"] == f"bytes */{size}"  # 15.5.17
    # 14.2: a unit it does not understand, or bad syntax: ignored.
    assert get(server, extra="Range: pages=1-2\r\n")[0] == 200
    assert get(server, extra="Range: bytes=1-x\r\n")[0] == 200
    # Only defined for GET: ignored on HEAD.
    assert get(server, method="HEAD", extra="Range: bytes=0-1\r\n")[0] == 200
    # Too many ranges: the whole file.
    many = ",".join(f"{i}-{i}" for i in range(0, 40, 2))
    assert get(server, extra=f"Range: bytes={many}\r\n")[0] == 200


def test_if_range(server, validators, docroot):
    etag, last_modified = validators
    assert get(server, extra=f"If-Range: {etag}\r\nRange: bytes=0-1\r\n")[0] == 206
    assert get(server, extra=f"If-Range: {last_modified}\r\nRange: bytes=0-1\r\n")[0] == 206
    # 13.1.5: no strong match: the whole representation.
    assert get(server, extra='If-Range: "other"\r\nRange: bytes=0-1\r\n')[0] == 200
    assert get(server, extra=f"If-Range: W/{etag}\r\nRange: bytes=0-1\r\n")[0] == 200


# --- RFC 9110 section 9.3.2: no content in an answer to HEAD, errors too ----

def read_all(server, raw, scheme="http"):
    """Sends raw bytes and reads until the server closes: (head, after)."""
    with connect(server, scheme) as s:
        s.sendall(raw)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, after = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), after


@pytest.mark.parametrize("rest,status", [
    (b" /f1.bin HTTP/1.1\r\nHost: localhost\r\nExpect: something\r\n\r\n", 417),
    (b" /f1.bin HTTP/1.1\r\nHost: localhost\r\nBad Field: x\r\n\r\n", 400),
    (b" /f1.bin HTTP/1.1\r\n\r\n", 400),                                   # no Host
    (b" /f1.bin HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
    (b" /f1.bin HTTP/1.1\r\nHost: localhost\r\nX: " + b"a" * 70000 + b"\r\n\r\n", 431),
    (b" /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414),
    (b" /f1.bin HTTP/3.0\r\nHost: localhost\r\n\r\n", 505),
    (b" /nothing-here HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 404),
    (b" https://localhost/f1.bin HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 421),
])
def test_error_answers_to_head_carry_no_content(server, rest, status):
    get_head, get_body = read_all(server, b"GET" + rest)
    head_head, head_body = read_all(server, b"HEAD" + rest)
    assert get_head.startswith(f"HTTP/1.1 {status} ") and get_body, get_head
    assert head_head.startswith(f"HTTP/1.1 {status} ") and head_body == b"", (head_head, head_body[:200])
    # The head a GET would get, its Content-Length included.
    length = re.search(r"(?i)\ncontent-length: (\d+)", get_head).group(1)
    assert int(length) == len(get_body)
    assert f"Content-Length: {length}" in head_head


# --- RFC 9110 section 7.4: misdirected requests -----------------------------

def test_https_target_on_a_plain_connection_is_421(server, docroot):
    status, _, body, _ = get(server, target="https://localhost/f1.bin")
    assert status == 421 and b"plain HTTP" in body
    # The same target over TLS, and an http:// one over plain HTTP, serve.
    assert get(server, target="https://localhost/f1.bin", scheme="https")[0] == 200
    status, _, body, _ = get(server, target="http://localhost/f1.bin")
    assert status == 200 and body == (docroot / "f1.bin").read_bytes()
