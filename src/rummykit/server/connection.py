"""One client's WebSocket, written by its own task: a table queues messages and never
waits for a slow client; a client that falls too far behind is disconnected."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgspec
from starlette.websockets import WebSocket

__all__ = ["Connection"]

_encoder = msgspec.json.Encoder()


class Connection:
    """A client at a table: ``seat`` is its seat, or None for a spectator."""

    def __init__(self, websocket: WebSocket, seat: int | None, max_outbox: int) -> None:
        self.websocket = websocket
        self.seat = seat
        self.max_outbox = max_outbox
        self.closed = False
        self.code = 1000
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queues a message (never blocks); drops the client if it is too far behind."""
        if self.closed:
            return
        if self._outbox.qsize() >= self.max_outbox:
            self.close(1013)  # try again later: this client reads too slowly
            return
        self._outbox.put_nowait(message)

    def close(self, code: int = 1000) -> None:
        """Stops sending; the writer closes the socket (with ``code``) once what is
        queued is sent."""
        if not self.closed:
            self.closed = True
            self.code = code
            self._outbox.put_nowait(None)

    async def _write(self) -> None:
        with contextlib.suppress(Exception):
            while (message := await self._outbox.get()) is not None:
                await self.websocket.send_text(_encoder.encode(message).decode())
            self.closed = True
            await self.websocket.close(self.code)
        self.closed = True

    async def finish(self, code: int = 1000) -> None:
        """Sends what is queued, then ends the writer (closing with ``code`` unless it was
        closed already)."""
        self.close(code)
        with contextlib.suppress(Exception):
            await self._writer
