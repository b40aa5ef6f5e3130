"""The WebSocket endpoint: one connection per client, at ``/tables/{ref}/ws``.

The client says ``hello`` (its seat token, or none to watch, and the last event seq it
saw); then every message it sends is checked for size, rate and shape before the table
sees it. A bad message is answered with a named error and the connection stays open;
only a bad ``hello`` closes it (codes: 4400 bad hello, 4401 a page from another origin,
4403 unknown token, 4404 no such table, 4408 no hello in time, 4429 far over the rate
limit, 4503 a table the server cannot open now (it is full, or could not bring the
table back at its start), 1011 the server failed: ``server.storage`` where its database
did, else ``server.internal``). A client that reads too slowly is cut off without a
close (:meth:`Connection.cut`).

An unexpected exception while handling a message is logged (kind ``internal``) and the
client gets a ``server.internal`` error, never the exception itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

import rummykit.server.seating as seating
from rummykit.server.assist import answer_hint, take_back
from rummykit.server.config import ServerConfig
from rummykit.server.connection import Connection
from rummykit.server.errors import LobbyError
from rummykit.server.lobby import Lobby
from rummykit.server.logs import event
from rummykit.server.origins import origin_allowed
from rummykit.server.protocol import (
    PROTOCOL,
    Action,
    AskHint,
    Hello,
    Ping,
    ProtocolError,
    Sync,
    TokenBucket,
    Undo,
    decode,
    error,
)
from rummykit.server.storage import storage_failure
from rummykit.server.table import Table, TableStopped

__all__ = ["play_socket"]

#: Messages refused for the rate limit in a burst before the connection is closed; one
#: refusal a second is forgiven, so only a client that keeps flooding is closed, not one
#: that bursts now and then over hours.
MAX_REFUSED = 200


async def _receive(websocket: WebSocket) -> str | bytes:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _refuse(websocket: WebSocket, rule: str, message: str, code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(error(rule, message, None))
        await websocket.close(code)


async def _hello(websocket: WebSocket, table: Table, config: ServerConfig) -> Connection | None:
    """Reads the hello; the client's connection, or None (refused and closed)."""
    try:
        raw = await asyncio.wait_for(_receive(websocket), config.hello_timeout)
        hello = decode(raw, config.max_message_bytes)
    except TimeoutError:
        await _refuse(websocket, "server.hello", "no hello in time", 4408)
        return None
    except ProtocolError as e:
        await _refuse(websocket, e.rule, e.message, 4400)
        return None
    if not isinstance(hello, Hello):
        await _refuse(websocket, "server.hello", "the first message must be a hello", 4400)
        return None
    if hello.protocol != PROTOCOL:
        await _refuse(
            websocket,
            "server.protocol",
            f"this server speaks protocol {PROTOCOL}, not {hello.protocol}",
            4400,
        )
        return None
    seat = None
    if hello.token is not None:
        seat = seating.seat_of(table, hello.token)
        if seat is None:
            await _refuse(websocket, "server.token", "this token holds no seat here", 4403)
            return None
    conn = Connection(websocket, seat, config.max_outbox, config.send_timeout)
    try:
        # the seat is looked up again in the table's task: a leave may have freed it
        seated = await table.call(seating.connect, table, conn, hello.seq, hello.token)
    except TableStopped:  # closed by the sweep (or the server stopping) since it opened
        await _turn_away(conn, "lobby.table", f"table {table.row.code} is closed", 4404)
        return None
    if not seated:
        await _turn_away(conn, "server.token", "this token holds no seat here", 4403)
        return None
    return conn


async def _turn_away(conn: Connection, rule: str, message: str, code: int) -> None:
    """Refuses a client whose connection was already made: the error, then the close."""
    conn.send(error(rule, message, None))
    conn.close(code)
    await conn.finish()


async def _sync(table: Table, conn: Connection, last: int | None) -> None:
    if table.game_row is None:  # nothing to catch up on: say so
        table.send(conn, error("server.not-playing", "no game has started here", table.row.seq))
        return
    table.catch_up(conn, last)


#: What a client is told when the server fails on its message (the details are logged).
INTERNAL = "the server failed on this message; it was logged (nothing was played)"
#: What a client is told when the database fails before its welcome (try again).
STORAGE = "the database could not be reached; try again"


async def _failed(websocket: WebSocket, exc: Exception, table: Table | None, what: str) -> None:
    """Logs a failure before the welcome and refuses the client (1011): ``server.storage``
    where the database failed (it may be back when the client tries again, as the
    HTTP side's 503 says), else ``server.internal``."""
    storage = storage_failure(exc)
    event(
        "storage" if storage else "internal",
        None if table is None else table.row.id,
        None if table is None else table.row.seq,
        what,
        level=logging.ERROR,
        exc_info=exc,
    )
    if storage:
        await _refuse(websocket, "server.storage", STORAGE, 1011)
    else:
        await _refuse(websocket, "server.internal", INTERNAL, 1011)


def _is_hint(raw: str | bytes, config: ServerConfig) -> bool:
    """Whether a message refused unread (over the rate limit) asked for a hint: its
    refusal then says so, as the hint's own errors do."""
    try:
        return isinstance(decode(raw, config.max_message_bytes), AskHint)
    except ProtocolError:
        return False


async def _handle(table: Table, conn: Connection, raw: str | bytes, config: ServerConfig) -> None:
    """One message after the hello: decoded, then run in the table's task."""
    try:
        message = decode(raw, config.max_message_bytes)
    except ProtocolError as e:
        table.send(conn, error(e.rule, e.message, table.row.seq))
        return
    if isinstance(message, Action):
        await table.call(table.act, conn, message.action, message.seq)
    elif isinstance(message, Sync):
        await table.call(_sync, table, conn, message.seq)
    elif isinstance(message, Ping):
        table.send(conn, {"type": "pong"})
    elif isinstance(message, AskHint):
        await answer_hint(table, conn)
    elif isinstance(message, Undo):
        await table.call(take_back, table, conn, message.seq)
    else:
        table.send(conn, error("server.hello", "hello was already said", table.row.seq))


async def play_socket(websocket: WebSocket, lobby: Lobby, config: ServerConfig) -> None:
    """Serves one client until it goes away."""
    origin = websocket.headers.get("origin")
    await websocket.accept()
    if not origin_allowed(origin, websocket.headers.get("host"), config):
        event("origin", None, None, f"a page from {origin} was refused", level=logging.WARNING)
        shown = origin if origin is not None and len(origin) <= 80 else "this page"
        await _refuse(
            websocket,
            "server.origin",
            f"pages from {shown} may not connect to this server (see --allow-origin)",
            4401,
        )
        return
    try:
        table = await lobby.open(websocket.path_params["ref"])
    except LobbyError as e:
        await _refuse(websocket, e.rule, e.message, 4503 if e.status == 503 else 4404)
        return
    except Exception as e:
        await _failed(websocket, e, None, "opening a table failed")
        return
    table.arriving += 1
    try:
        conn = await _hello(websocket, table, config)
    except (WebSocketDisconnect, RuntimeError):
        return
    except Exception as e:
        await _failed(websocket, e, table, "hello failed")
        return
    finally:
        table.arriving -= 1
    if conn is None:
        return
    bucket = TokenBucket(config.rate, config.burst)
    refusals = TokenBucket(1.0, MAX_REFUSED)
    try:
        while not conn.closed:
            raw = await _receive(websocket)
            if not bucket.take():
                if not refusals.take():  # flooding on and on
                    conn.close(4429)
                    break
                slow = error(
                    "server.rate",
                    "too many messages: slow down",
                    table.row.seq,
                    answers="hint" if _is_hint(raw, config) else None,
                )
                table.send(conn, slow)
                continue
            try:
                await _handle(table, conn, raw, config)
            except TableStopped:
                break
            except Exception:
                event(
                    "internal",
                    table.row.id,
                    table.row.seq,
                    "a client's message failed",
                    level=logging.ERROR,
                    exc_info=True,
                    seat=conn.seat,
                )
                table.send(conn, error("server.internal", INTERNAL, table.row.seq))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        with contextlib.suppress(RuntimeError):
            await table.call(seating.disconnect, table, conn)
        await conn.finish()
