"""The lobby over HTTP: JSON in, JSON out, errors as ``{"error": {"rule", "message"}}``.

======  ==========================  ==============================================
GET     /                           the server: version, protocol, presets, levels
GET     /health                     ok, version, live tables, database reachable
GET     /tables                     tables with an open seat (``?all=1``: every live one)
POST    /tables                     a new table (preset, options, seats, clock)
GET     /tables/{ref}               one table, by id or code
POST    /tables/{ref}/join          take a seat: ``{"name", "seat"?}`` -> a token
POST    /tables/{ref}/leave         ``{"token"}``; a bot stands in once started
POST    /tables/{ref}/back          ``{"token"}``: take the seat back
POST    /tables/{ref}/start         ``{"token"}``: start once every seat is taken
POST    /tables/{ref}/again         ``{"token"}``: another game, the same seats
GET     /games                      finished games (``?limit=&offset=``)
GET     /games/{id}                 one finished game: players, dates, result
GET     /games/{id}/record          its record (NOTATION.md)
WS      /tables/{ref}/ws            play (docs/protocol.md)
======  ==========================  ==============================================

A POST from a web page of another origin is refused (403, ``lobby.origin``: see
:mod:`rummykit.server.origins`). An unexpected exception is logged (kind ``internal``)
and answered 500 with ``server.internal`` (503 with ``server.storage`` where the database
failed, kind ``storage``): no traceback reaches a client.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import msgspec
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import rummykit.server.seating as seating
from rummykit import PRESETS, RummyError
from rummykit import __version__ as version
from rummykit.server.config import ServerConfig
from rummykit.server.errors import LobbyError
from rummykit.server.headers import EVERY_ANSWER
from rummykit.server.lobby import Lobby, NewTable
from rummykit.server.logs import event
from rummykit.server.origins import origin_allowed
from rummykit.server.protocol import PROTOCOL
from rummykit.server.storage import GameRow, Store, storage_failure
from rummykit.server.table import TableStopped

__all__ = ["internal_error", "lobby_routes"]

#: Seconds /health waits for the database.
HEALTH_TIMEOUT = 2.0

#: The largest ``offset`` of ``GET /games`` sent to the database (a larger one lists the
#: same nothing).
MAX_OFFSET = 2**62

_S = TypeVar("_S")
_Token = Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


class JoinBody(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /tables/{ref}/join``."""

    #: the name and the seat are checked by their rules (lobby.name, lobby.seat); the
    #: body's size bounds them meanwhile
    name: str
    seat: int | None = None
    #: the client's key for this join (see :func:`rummykit.server.seating.join`)
    key: Annotated[str, msgspec.Meta(max_length=128)] | None = None


class TokenBody(msgspec.Struct, forbid_unknown_fields=True):
    """The seat token, for leave, back, start and again."""

    token: _Token


def _error(e: RummyError, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": e.to_json()}, status_code=getattr(e, "status", status))


def internal_error(request: Request, exc: Exception | None = None) -> JSONResponse:
    """Logs ``exc`` (default: the exception being handled); answers 500
    ``server.internal``, or 503 ``server.storage`` where the database failed (a request
    that may be sent again)."""
    storage = storage_failure(exc)
    event(
        "storage" if storage else "internal",
        request.path_params.get("ref"),
        None,
        f"{request.method} {request.url.path} failed",
        level=logging.ERROR,
        # (Starlette runs this handler in a thread, where nothing is being handled)
        exc_info=exc if exc is not None else True,
    )
    headers = dict(EVERY_ANSWER)  # answered outside the middleware that sets them
    if storage:
        message = "the database could not be reached; try again"
        error = {"error": {"rule": "server.storage", "message": message}}
        return JSONResponse(error, 503, headers=headers)
    message = "the server failed on this request; it was logged"
    error = {"error": {"rule": "server.internal", "message": message}}
    return JSONResponse(error, 500, headers=headers)


#: Seconds a client has to send a request's body: one that stops half way holds a
#: request open (and, at the server's end, its shutdown) for no longer.
BODY_TIMEOUT = 10.0


async def _body(request: Request, cls: type[_S], limit: int) -> _S:
    declared = request.headers.get("content-length", "0")
    if declared.isdigit() and int(declared) > limit:
        raise LobbyError("lobby.size", f"a request body holds at most {limit} bytes", 413)
    raw = bytearray()
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > limit:
                    raise LobbyError(
                        "lobby.size", f"a request body holds at most {limit} bytes", 413
                    )
    except TimeoutError:
        raise LobbyError(
            "lobby.request", f"the request's body did not come within {BODY_TIMEOUT:g} s", 408
        ) from None
    try:
        return msgspec.json.decode(bytes(raw) or b"{}", type=cls)
    except msgspec.ValidationError as e:
        raise LobbyError("lobby.request", str(e)) from None
    except msgspec.DecodeError as e:
        raise LobbyError("lobby.request", f"not JSON: {e}") from None
    except UnicodeDecodeError:
        raise LobbyError("lobby.request", "not JSON: the body is not UTF-8") from None
    except RecursionError:
        raise LobbyError("lobby.request", "not JSON this server reads: nested too deeply") from None


def _game_doc(game: GameRow) -> dict[str, Any]:
    return {
        "id": game.id,
        "table": game.table_id,
        "number": game.number,
        "preset": game.preset,
        "options": game.options,
        "players": game.players,
        "started": game.started_at.isoformat(),
        "finished": None if game.finished_at is None else game.finished_at.isoformat(),
        "result": game.result,
        "record": f"/games/{game.id}/record",
    }


def lobby_routes(
    lobby: Callable[[], Lobby], store: Callable[[], Store], config: ServerConfig
) -> list[Route]:
    """The HTTP routes, over the lobby and store the app makes at start."""
    limit = config.max_body_bytes

    def handler(
        fn: Callable[[Request], Awaitable[Any]], status: int = 200
    ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            origin = request.headers.get("origin")
            if request.method == "POST" and not origin_allowed(
                origin, request.headers.get("host"), config
            ):
                event("origin", None, None, f"a post from {origin} was refused")
                refused = LobbyError("lobby.origin", "pages from another site may not post", 403)
                return _error(refused)
            try:
                return JSONResponse(await fn(request), status_code=status)
            except RummyError as e:
                return _error(e)
            except ClientDisconnect:  # gone before its body came: nobody to answer
                return Response(status_code=400)
            except Exception as e:
                return internal_error(request, e)

        return endpoint

    async def index(_: Request) -> dict[str, Any]:
        return {
            "name": "rummykit",
            "version": version,
            "protocol": PROTOCOL,
            "presets": list(PRESETS),
            # every level a seat may name: the difficulties, the ladder, the extra levels
            "levels": lobby().runner.levels(),
            "docs": "rummykit docs server, rummykit docs protocol",
        }

    async def health(_: Request) -> Response:
        try:
            await asyncio.wait_for(store().ping(), HEALTH_TIMEOUT)
            reachable = True
        except Exception:
            event("health", None, None, "the database does not answer", level=logging.WARNING)
            reachable = False
        doc = {
            "ok": reachable,
            "version": version,
            "tables": len(lobby().tables),
            "database": reachable,
        }
        return JSONResponse(doc, status_code=200 if reachable else 503)

    async def list_tables(request: Request) -> list[dict[str, Any]]:
        return lobby().open_tables(request.query_params.get("all") in ("1", "true"))

    async def create(request: Request) -> dict[str, Any]:
        address = request.client.host if request.client else None
        table = await lobby().create(await _body(request, NewTable, limit), address)
        return table.doc()

    async def show(request: Request) -> dict[str, Any]:
        return await lobby().describe(request.path_params["ref"])

    async def on_table(
        ref: str,
        token: str | None,
        op: Callable[..., Awaitable[dict[str, Any]]],
        *args: Any,
        joining: bool = False,
        again: tuple[str, int | None, str] | None = None,
    ) -> dict[str, Any]:
        """Runs ``op(table, *args)`` in the table's task. A table stopped meanwhile (a
        finished table dropped from memory, a waiting one closed) is opened once more:
        brought back, or refused as closed (see :meth:`Lobby.open` for ``joining``)."""
        for _ in range(2):
            table = await lobby().open(ref, token, joining=joining, again=again)
            with contextlib.suppress(TableStopped):
                return await table.call(op, table, *args)
        raise LobbyError("lobby.table", "the table stopped meanwhile: try again", 503)

    async def join(request: Request) -> dict[str, Any]:
        body = await _body(request, JoinBody, limit)  # read first: a slow body holds no table
        key = None if body.key is None else seating.check_key(body.key)
        return await on_table(
            request.path_params["ref"],
            None,
            seating.join,
            body.name,
            body.seat,
            key,
            joining=True,
            again=None if key is None else (body.name, body.seat, key),
        )

    def with_token(
        op: Callable[[Any, str], Awaitable[dict[str, Any]]],
    ) -> Callable[[Request], Awaitable[dict[str, Any]]]:
        async def run(request: Request) -> dict[str, Any]:
            body = await _body(request, TokenBody, limit)
            return await on_table(request.path_params["ref"], body.token, op, body.token)

        return run

    async def list_games(request: Request) -> list[dict[str, Any]]:
        try:
            count = min(200, max(1, int(request.query_params.get("limit", "50"))))
            # past every game there is, and within the database's 64-bit integers
            offset = min(MAX_OFFSET, max(0, int(request.query_params.get("offset", "0"))))
        except ValueError:
            raise LobbyError("lobby.request", "limit and offset are whole numbers") from None
        return [_game_doc(g) for g in await store().finished_games(count, offset)]

    async def finished(request: Request) -> GameRow:
        game = await store().game(request.path_params["id"])
        if game is None or game.record is None:
            # a game in progress has no public record: it holds every hidden card
            raise LobbyError("lobby.game", "no finished game with this id", 404)
        return game

    async def show_game(request: Request) -> dict[str, Any]:
        return _game_doc(await finished(request))

    async def record(request: Request) -> Response:
        try:
            game = await finished(request)
        except RummyError as e:
            return _error(e)
        except Exception as e:
            return internal_error(request, e)
        return JSONResponse(
            game.record,
            headers={"Content-Disposition": f'attachment; filename="rummykit-{game.id}.json"'},
        )

    return [
        Route("/", handler(index)),
        Route("/health", health),
        Route("/tables", handler(list_tables), methods=["GET"]),
        Route("/tables", handler(create, 201), methods=["POST"]),
        Route("/tables/{ref}", handler(show)),
        Route("/tables/{ref}/join", handler(join), methods=["POST"]),
        Route("/tables/{ref}/leave", handler(with_token(seating.leave)), methods=["POST"]),
        Route("/tables/{ref}/back", handler(with_token(seating.back)), methods=["POST"]),
        Route("/tables/{ref}/start", handler(with_token(seating.start)), methods=["POST"]),
        Route("/tables/{ref}/again", handler(with_token(seating.again)), methods=["POST"]),
        Route("/games", handler(list_games)),
        Route("/games/{id}", handler(show_game)),
        Route("/games/{id}/record", record),
    ]
