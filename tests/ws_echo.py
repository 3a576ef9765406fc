"""A real WebSocket back end (the `websockets` package) for the tunnel
tests, on an ephemeral loopback port, in a thread of its own:

  /echo     every message comes back as it was sent (text or binary)
  /bye      sends "bye" and closes (code 1000): the back end ends the tunnel
  /silent   reads and drops every message, never sends

With `ssl_context`, it speaks TLS (wss). What the back end saw of each handshake (path and headers) is kept in
`handshakes`.
"""

import asyncio
import threading

from websockets.asyncio.server import serve


class WsEcho:
    def __init__(self, ssl_context=None):
        self.ssl_context = ssl_context
        self.handshakes = []
        self.connections = 0
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("WebSocket back end did not start")

    def _run(self):
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._start())
        self._loop.run_forever()

    async def _start(self):
        self._server = await serve(self._handle, "127.0.0.1", 0, max_size=None, ping_interval=None,
                                   ssl=self.ssl_context)
        self.port = self._server.sockets[0].getsockname()[1]
        self.address = f"127.0.0.1:{self.port}"
        self._ready.set()

    async def _handle(self, ws):
        self.connections += 1
        request = ws.request
        self.handshakes.append((request.path, list(request.headers.raw_items())))
        if request.path.endswith("/bye"):
            await ws.send("bye")
            await ws.close(1000, "back end done")
            return
        async for message in ws:
            if not request.path.endswith("/silent"):
                await ws.send(message)

    def stop(self):
        async def close():
            self._server.close()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
