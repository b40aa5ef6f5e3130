"""The card table in the browser: the page at ``/`` and its files, shipped in the package.

======  ==========================  ==============================================
GET     /                           the page, to a browser (``Accept: text/html``);
                                    other clients get the lobby's JSON as before
GET     /static/...                 the page's files: HTML, CSS, JavaScript modules,
                                    message catalogues (``static/i18n/*.json``)
GET     /web/config.json            what the page needs to make a table: every
                                    preset's options, each option's form, bot levels,
                                    languages
GET     /web/replay/{id}            a finished game, step by step, every hand shown
======  ==========================  ==============================================

Everything the page loads comes from this server: it works offline and needs no build
step (plain JavaScript modules). The page is described in docs/browser.md.
"""

from __future__ import annotations

import asyncio
import enum
import json
import os
import re
import typing
from collections import OrderedDict
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Match, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from rummykit.actions import parse_player_action
from rummykit.errors import RummyError
from rummykit.game import Game
from rummykit.record import parse_record
from rummykit.rules import OPTION_HELP, OPTION_KEYS, PRESETS, Rules
from rummykit.server.routes import internal_error
from rummykit.wire import view_to_json

__all__ = ["LANGUAGES", "STATIC", "page_config", "replay_frames", "web_routes"]

#: The page's files.
STATIC = Path(__file__).parent / "static"

#: The page's languages (the languages of the rule documents), English first.
LANGUAGES = ("en", "pt", "es", "fr", "pl")

#: The options the page shows first when a table is made; the rest are under "more rules".
MAIN_OPTIONS = ("target", "deals", "jokers", "hand_size", "pile_draw", "rummy_call")


class _PageRoute(Route):
    """A route that matches only requests from a browser asking for HTML, so that ``GET /``
    keeps answering the lobby's JSON to every other client."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        if match is Match.NONE:
            return match, child
        accept = dict(scope.get("headers", [])).get(b"accept", b"")
        if b"text/html" not in accept:
            return Match.NONE, {}
        return match, child


class RevalidatedFiles(StaticFiles):
    """The page's files, each sent with ``Cache-Control: no-cache``: a browser asks again
    each time (a 304 while the file is the same), so the page's scripts and catalogues
    never outlive a server upgrade in a browser's cache, half old and half new."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _option_form(key: str) -> dict[str, Any]:
    """How the page asks for one option: a choice, a yes/no, or a whole number."""
    kind = typing.get_type_hints(Rules)[key]
    values = OPTION_HELP[key].values
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return {"kind": "choice", "choices": [m.value for m in kind]}
    if kind is bool:
        return {"kind": "bool"}
    if typing.get_origin(kind) is typing.Literal:
        return {"kind": "choice", "choices": list(typing.get_args(kind))}
    if re.fullmatch(r"\d+(, \d+)+", values):
        return {"kind": "choice", "choices": [int(v) for v in values.split(", ")]}
    low = re.search(r"from (\d+)", values)
    return {
        "kind": "number",
        "min": int(low.group(1)) if low else 0,
        "nullable": "null" in values,
    }


def page_config() -> dict[str, Any]:
    """The page's config: presets with every option's value, option forms, bot levels."""
    from rummykit.bots import LEVEL_NAMES

    return {
        "languages": list(LANGUAGES),
        "levels": list(LEVEL_NAMES),
        "main_options": list(MAIN_OPTIONS),
        "options": {key: _option_form(key) for key in OPTION_KEYS},
        "presets": {
            name: {
                "options": rules.options(),
                "min_players": rules.min_players,
                "max_players": rules.max_players,
            }
            for name, rules in PRESETS.items()
        },
    }


def _frame(game: Game, seat: int | None, action: str | None) -> dict[str, Any]:
    """One step of a replay: who did what, the table as a spectator sees it, and every
    player's hand (the game is over: nothing is hidden any more).

    The view's seats are the hand's (a tie play-off hand is dealt to the leaders alone,
    numbered from 0, :meth:`~rummykit.game.Game.view`); the frame's ``seat``, ``dealer``,
    ``dealt`` (the game seats dealt in) and ``totals`` are the game's, one for each
    player, so the page needs no mapping."""
    hands = [view_to_json(game.view(s))["hand"] for s in range(len(game.players))]
    return {
        "seat": seat,
        "action": action,
        "dealer": game.deals[-1][0],
        "dealt": list(game.hand_seats),
        "totals": list(game.totals),
        "view": view_to_json(game.view(None)),
        "hands": hands,
    }


def replay_frames(record: Any) -> dict[str, Any]:
    """A finished game's record as steps for the page: each deal, then each action.

    >>> from rummykit import Game, Rules
    >>> from rummykit.record import write_record
    >>> game = Game(Rules.preset("rummy"), ["Ana", "Ben"], seed=2)
    >>> _ = game.apply(game.legal_actions()[0])
    >>> doc = replay_frames(write_record(game))
    >>> [f["action"] for f in doc["frames"]], len(doc["frames"][0]["hands"])
    ([None, 'draw'], 2)
    """
    rec = parse_record(record)
    game = Game(
        rec.rules,
        rec.players,
        seed=rec.seed,
        dealer=rec.hands[0].dealer if rec.hands else None,
        auto_deal=False,
    )
    frames: list[dict[str, Any]] = []
    for hand in rec.hands:
        game.start_hand(hand.deal, reshuffles=hand.reshuffles)
        frames.append(_frame(game, None, None))
        for text in hand.actions:
            name, action = parse_player_action(text)
            seat = rec.players.index(name)
            game.apply(action, seat)
            frames.append(_frame(game, seat, str(action)))
    return {"players": rec.players, "preset": rec.rules.name, "frames": frames}


#: Replays built at once (each in a worker thread), and the replays kept once built.
REPLAYS_AT_ONCE = 2
REPLAYS_KEPT = 16


def _replay_body(record: Any) -> bytes:
    """:func:`replay_frames` encoded as :class:`JSONResponse` encodes a body."""
    frames = replay_frames(record)
    return json.dumps(
        frames, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


def web_routes() -> list[BaseRoute]:
    """The page's routes; they go first in the app's route list."""
    config = page_config()

    async def page(_: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def config_json(_: Request) -> Response:
        return JSONResponse(config)

    # a finished game's replay never changes: the last few asked for are kept, encoded
    built: OrderedDict[str, bytes] = OrderedDict()
    building = asyncio.Semaphore(REPLAYS_AT_ONCE)

    async def replay_json(request: Request) -> Response:
        key = request.path_params["id"]
        body = built.get(key)
        if body is not None:
            built.move_to_end(key)
            return Response(body, media_type="application/json")
        store = request.app.state.server.store
        try:
            game = await store.game(key)
        except Exception as e:
            return internal_error(request, e)
        if game is None or game.record is None:
            error = {"rule": "lobby.game", "message": "no finished game with this id"}
            return JSONResponse({"error": error}, status_code=404)
        try:
            # replaying a long game takes a second or more: off the event loop, so that
            # no table waits for it, and a few at a time
            async with building:
                body = await run_in_threadpool(_replay_body, game.record)
        except RummyError as e:  # a stored record the engine refuses: name its rule
            error = e.to_json()
            return JSONResponse({"error": error}, status_code=422)
        except ValueError as e:
            error = {"rule": "record.hands", "message": str(e)}
            return JSONResponse({"error": error}, status_code=422)
        except Exception as e:
            return internal_error(request, e)
        built[key] = body
        while len(built) > REPLAYS_KEPT:
            built.popitem(last=False)
        return Response(body, media_type="application/json")

    return [
        _PageRoute("/", page),
        Route("/web/config.json", config_json),
        Route("/web/replay/{id}", replay_json),
        Mount("/static", RevalidatedFiles(directory=STATIC), name="static"),
    ]
