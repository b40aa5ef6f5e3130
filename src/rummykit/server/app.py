"""The ASGI application: :func:`create_app` builds it; uvicorn (``rummykit serve``) runs it.

At start the store is opened (the migrations run), and every table in it is brought
back, each unfinished game replayed from its log; at shutdown every table stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from rummykit.server.botrunner import BotRunner
from rummykit.server.collector import Collector
from rummykit.server.config import ServerConfig
from rummykit.server.connection import KeepTransport
from rummykit.server.headers import SecurityHeaders
from rummykit.server.lobby import Lobby
from rummykit.server.logs import event
from rummykit.server.owner import DatabaseLock
from rummykit.server.routes import internal_error, lobby_routes
from rummykit.server.storage import Store
from rummykit.server.web import web_routes
from rummykit.server.ws import play_socket

__all__ = ["Server", "create_app"]


class Server:
    """What a running app holds: its store and its lobby (set at start)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.runner = BotRunner(config)
        self.collector = Collector(config.full_collection_every)
        self._store: Store | None = None
        self._lobby: Lobby | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._lock = DatabaseLock()

    @property
    def store(self) -> Store:
        """The database (once started)."""
        if self._store is None:
            raise RuntimeError("the server has not started")
        return self._store

    @property
    def lobby(self) -> Lobby:
        """The live tables (once started)."""
        if self._lobby is None:
            raise RuntimeError("the server has not started")
        return self._lobby

    async def open(self) -> Store:
        """Opens the store, taking the database's lock (one server per database:
        :mod:`rummykit.server.owner`), unless it is open already. ``rummykit serve`` opens
        it before it says its address, in the loop the server then runs in, and the lock
        stays held from then on: of two servers started at once on one database, the
        second is refused there, not after it has said an address. Raises
        :class:`~rummykit.server.owner.DatabaseInUse`, or what the database raised."""
        if self._store is None:
            self._store = await Store.open(self.config.db, lock=self._lock)
        return self._store

    async def start(self) -> None:
        """Opens the store (if :meth:`open` has not) and restores every table."""
        store = await self.open()
        self.runner.open()
        self._lobby = Lobby(store, self.config, self.runner)
        try:
            await self._lobby.restore()
        except BaseException:
            await self._lock.release()
            await store.close()
            self._store = self._lobby = None
            raise
        self.collector.start()  # what was restored lives long: frozen
        self._sweeper = asyncio.create_task(self._sweep(self._lobby), name="sweeper")

    async def _sweep(self, lobby: Lobby) -> None:
        """Closes stale waiting tables and drops idle finished ones, every so often."""
        while True:
            await asyncio.sleep(self.config.sweep_interval)
            try:  # the database's lock, lost with its connection (PostgreSQL restarted)
                await self._lock.keep()
            except Exception:
                event(
                    "storage",
                    None,
                    None,
                    "the database's lock could not be taken again: is another server "
                    "using this database?",
                    level=logging.ERROR,
                    exc_info=True,
                )
            try:
                await lobby.sweep()
            except Exception:
                event(
                    "internal", None, None, "the sweep failed", level=logging.ERROR, exc_info=True
                )

    async def stop(self) -> None:
        """Stops every table, the bots' workers and the store."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self._lobby is not None:
            await self._lobby.close()
        await self.collector.stop()
        self.runner.close()
        await self._lock.release()
        if self._store is not None:
            await self._store.close()


def create_app(config: ServerConfig | None = None) -> Starlette:
    """The server as an ASGI app; ``app.state.server`` is its :class:`Server`."""
    config = config or ServerConfig()
    server = Server(config)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    async def socket(websocket: WebSocket) -> None:
        await play_socket(websocket, server.lobby, config)

    routes = [
        *web_routes(),  # the page at / (docs/browser.md)
        *lobby_routes(lambda: server.lobby, lambda: server.store, config),
        WebSocketRoute("/tables/{ref}/ws", socket),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={Exception: internal_error},
        # a client that stops reading is cut off through its transport (connection.py)
        middleware=[Middleware(SecurityHeaders), Middleware(KeepTransport)],
    )
    app.state.server = server
    return app
