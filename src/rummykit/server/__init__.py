"""The game server: ``rummykit serve`` (the ``server`` extra).

An ASGI application (Starlette, served by uvicorn) with a lobby over HTTP and play over
one WebSocket per client. Each table is owned by one asyncio task; every action is
logged to the database (SQLAlchemy, SQLite by default) before it is acknowledged, and
every unfinished table is replayed from its log when the server starts. See
``docs/server.md`` (running it) and ``docs/protocol.md`` (writing a client).

>>> from rummykit.server import ServerConfig, create_app
>>> app = create_app(ServerConfig(db="sqlite+aiosqlite:///:memory:"))
>>> {"/health", "/tables", "/tables/{ref}/ws"} <= {r.path for r in app.routes}
True
"""

from __future__ import annotations

from rummykit.extras import require

require("rummykit.server", "server", "starlette", "uvicorn", "sqlalchemy", "msgspec")

from rummykit.server.app import Server, create_app
from rummykit.server.config import ServerConfig
from rummykit.server.protocol import PROTOCOL

__all__ = ["PROTOCOL", "Server", "ServerConfig", "create_app"]
