"""A blocking WebSocket client for the tests that is safe over TLS.

The `websockets` package's own sync client reads in a background thread
while the caller's thread writes, and Python's ssl module lets SSL_read and
SSL_write run on one SSL object at the same time, which OpenSSL forbids
(the record layer's buffers are shared). Under the emulated kTLS guest that
race crashed the interpreter in SSL_read, or lost the server's 101 as an
EOF. This client drives the package's asyncio client on a private event
loop in the caller's thread instead: every TLS call happens in one thread,
one at a time. The methods the tests use keep the sync client's names and
exceptions (`TimeoutError`, `ConnectionClosed`).
"""

import asyncio

from websockets.asyncio.client import connect as _connect


class WsClient:
    def __init__(self, url, **kw):
        self._loop = asyncio.new_event_loop()
        try:
            self._conn = self._loop.run_until_complete(_connect(url, **kw))
        except BaseException:
            self._loop.close()
            raise

    def _run(self, coroutine, timeout=None):
        if timeout is not None:
            coroutine = asyncio.wait_for(coroutine, timeout)
        return self._loop.run_until_complete(coroutine)

    def send(self, message):
        self._run(self._conn.send(message))

    def recv(self, timeout=None):
        """The next message; TimeoutError after `timeout` seconds,
        ConnectionClosed once the connection is closed."""
        return self._run(self._conn.recv(), timeout)

    def close(self, code=1000, reason=""):
        self._run(self._conn.close(code, reason))

    @property
    def close_code(self):
        return self._conn.close_code

    @property
    def close_reason(self):
        return self._conn.close_reason

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        try:
            self.close()
        finally:
            self._loop.close()


def ws_connect(url, **kw):
    """Opens a WebSocket connection (arguments as the asyncio client's
    `connect`); use it in a `with` block."""
    return WsClient(url, **kw)
