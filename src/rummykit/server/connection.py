"""One client's WebSocket, written by its own task: a table queues messages and never
waits for a slow client; a client that falls too far behind, or whose socket takes no
more, is cut off.

Cutting a connection off needs its transport: a close frame cannot go out to a client
that does not read, nor can the server's keepalive pings, and a socket closed with data
still buffered stays open as long as the client acknowledges it without reading.
:class:`KeepTransport` puts the transport in the WebSocket's scope where the ASGI server
offers one (uvicorn does); :meth:`Connection.cut` aborts it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import msgspec
from starlette.websockets import WebSocket

__all__ = ["TRANSPORT", "Connection", "KeepTransport"]

_encoder = msgspec.json.Encoder()

#: The key of the scope under which :class:`KeepTransport` keeps a WebSocket's transport.
TRANSPORT = "rummykit.transport"

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class KeepTransport:
    """ASGI middleware: puts a WebSocket's transport in its scope (:data:`TRANSPORT`),
    found on the server's own ``send`` (uvicorn's protocol objects hold it), so that a
    client that stops reading can be cut off; None where the server offers none."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)
            scope[TRANSPORT] = transport if hasattr(transport, "abort") else None
        await self.app(scope, receive, send)


class Connection:
    """A client at a table: ``seat`` is its seat, or None for a spectator. A message that
    takes longer than ``send_timeout`` seconds to go out, or more than ``max_outbox``
    messages waiting, cut the client off (:meth:`cut`)."""

    def __init__(
        self, websocket: WebSocket, seat: int | None, max_outbox: int, send_timeout: float = 30.0
    ) -> None:
        self.websocket = websocket
        self.seat = seat
        self.max_outbox = max_outbox
        self.send_timeout = send_timeout
        self.closed = False
        self.code = 1000
        self._outbox: asyncio.Queue[tuple[dict[str, Any], bool] | None] = asyncio.Queue()
        #: the messages of a catch-up still queued (they do not count towards the limit)
        self._owed = 0
        #: the task that ends a connection cut off (cut), kept until it is done
        self._closer: asyncio.Future[None] | None = None
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any], catching_up: bool = False) -> None:
        """Queues a message (never blocks); cuts the client off if it is too far behind.

        The events a client missed (``catching_up``: a reconnection's or a ``sync``'s,
        as many as a long game holds) are all queued and do not count towards
        ``max_outbox``: cut off in the middle of them, the client would ask for them
        again and again. A client that does not read them is cut off by the send
        timeout instead."""
        if self.closed:
            return
        if not catching_up and self._outbox.qsize() - self._owed >= self.max_outbox:
            self.cut()
            return
        self._owed += catching_up
        self._outbox.put_nowait((message, catching_up))

    @property
    def owed(self) -> int:
        """The messages of a catch-up still queued to this client."""
        return self._owed

    def close(self, code: int = 1000) -> None:
        """Stops sending; the writer closes the socket (with ``code``) once what is
        queued is sent."""
        if not self.closed:
            self.closed = True
            self.code = code
            self._outbox.put_nowait(None)

    def cut(self) -> None:
        """Cuts the client off at once, what is queued unsent: it reads too slowly. Its
        socket is aborted, so the endpoint's next read ends as a disconnection. Where the
        ASGI server offers no transport, a close (1013, try again later) is tried for at
        most ``send_timeout`` seconds instead."""
        if self._closer is not None:
            return
        self.closed = True
        self.code = 1013
        if self._writer is not asyncio.current_task():
            self._writer.cancel()
        transport = self.websocket.scope.get(TRANSPORT)
        if transport is not None:
            transport.abort()
        self._closer = asyncio.ensure_future(self._close_at_most())

    async def _close_at_most(self) -> None:
        if self.websocket.scope.get(TRANSPORT) is not None:
            return  # aborted: nothing more to say
        with contextlib.suppress(Exception):
            async with asyncio.timeout(self.send_timeout):
                await self.websocket.close(self.code)

    async def _write(self) -> None:
        try:
            while (queued := await self._outbox.get()) is not None:
                message, catching_up = queued
                self._owed -= catching_up
                text = _encoder.encode(message).decode()
                async with asyncio.timeout(self.send_timeout):  # no task a message
                    await self.websocket.send_text(text)
            self.closed = True
            async with asyncio.timeout(self.send_timeout):
                await self.websocket.close(self.code)
        except TimeoutError:  # the socket takes nothing more: the client does not read
            self.cut()
        except Exception:  # the client went away, or the socket failed
            pass
        self.closed = True

    async def finish(self, code: int = 1000) -> None:
        """Sends what is queued, then ends the writer (closing with ``code`` unless it was
        closed already)."""
        self.close(code)
        with contextlib.suppress(Exception):
            await asyncio.wait([self._writer])
