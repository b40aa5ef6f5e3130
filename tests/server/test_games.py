"""Whole games through a real server on a free port, with real WebSocket clients:
people against each other (each choosing legal actions from its own view), people
against bots, a spectator watching; and a property test: random games, and no message
to a seat ever holds a card hidden from that seat."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.kit import Client, LiveServer, play_together, random_legal, seats
from tests.server.test_play import _seen_by

ONE_HAND = {"deals": 1, "target": None}


def _seated(
    live: LiveServer, kinds: tuple[str, ...], options: dict[str, Any]
) -> tuple[str, list[Client], Client]:
    table = live.table(seats(*kinds), options=options)["id"]
    names = ["Ana", "Ben", "Cleo", "Dan"]
    tokens = [live.join(table, names[i]) for i, k in enumerate(kinds) if k == "open"]
    watcher = live.client(table)
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    return table, [live.client(table, t) for t in tokens], watcher


def _watched_to_the_end(watcher: Client, live: LiveServer, table: str) -> None:
    """The spectator saw every event, none with a drawn card, and never a hand."""
    watcher.until("table", lambda m: m["table"]["status"] == "over", timeout=30)
    events = [m for m in watcher.messages if m["type"] == "event"]
    assert [e["seq"] for e in events] == list(range(1, live.get(f"/tables/{table}")["seq"] + 1))
    assert all(e["event"]["drawn"] is None for e in events)
    states = [m for m in watcher.messages if m["type"] == "state"]
    assert all(s["view"]["hand"] is None and s["view"]["legal_actions"] == [] for s in states)
    assert states[-1]["view"]["game_over"]


def test_people_play_a_whole_game_against_each_other(live: LiveServer) -> None:
    table, clients, watcher = _seated(live, ("open", "open"), ONE_HAND)
    acks = play_together(clients, random_legal(random.Random(7)))
    assert acks > 10
    _watched_to_the_end(watcher, live, table)
    for c in clients:
        assert c.view is not None and c.view["game_over"]
        events = {m["seq"]: m for m in c.messages if m["type"] == "event"}
        assert sorted(events) == list(range(1, max(events) + 1))
        assert {m["by"] for m in events.values()} == {"player"}
    assert clients[0].view == {**clients[1].view, "seat": 0, "hand": clients[0].view["hand"]}
    (game,) = live.get("/games")
    assert game["table"] == table and game["players"] == ["Ana", "Ben"]


def test_people_play_a_whole_game_against_bots_while_somebody_watches(live: LiveServer) -> None:
    table, clients, watcher = _seated(
        live, ("open", "greedy", "open", "heuristic"), {"target": 100}
    )
    play_together(clients, random_legal(random.Random(11)), timeout=90)
    _watched_to_the_end(watcher, live, table)
    by = {m["by"] for m in clients[0].messages if m["type"] == "event"}
    assert by == {"player", "bot"}
    (game,) = live.get("/games")
    assert game["result"]["winner"] in game["players"]


_GAME = st.fixed_dictionaries(
    {
        "kinds": st.sampled_from(
            [("open", "open"), ("open", "open", "open"), ("open", "random", "open")]
        ),
        "seed": st.integers(0, 2**16),
        "rummy_call": st.sampled_from(["pile", "last-discard", "off"]),
    }
)


@settings(
    max_examples=5,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(game=_GAME)
def test_random_games_never_send_a_seat_a_card_hidden_from_it(
    make_server: Callable[..., LiveServer], sqlite_url: str, game: dict[str, Any]
) -> None:
    problems: list[str] = []
    counted = [0]

    def check(table: Any, seat: int | None, message: dict[str, Any]) -> None:
        if table.game is None:
            return
        counted[0] += 1
        leaked = set(_cards(message)) - _seen_by(table.game, seat)
        if leaked:
            problems.append(f"seat {seat} was sent {sorted(leaked)} in {message['type']}")

    options = {**ONE_HAND, "rummy_call": game["rummy_call"]}
    with make_server(db=sqlite_url, on_send=check, rate=1e6, burst=1000) as live:
        _, clients, watcher = _seated(live, game["kinds"], options)
        play_together(clients, random_legal(random.Random(game["seed"])))
        watcher.until("table", lambda m: m["table"]["status"] == "over", timeout=30)
    assert counted[0] > 20
    assert problems == []


def _cards(message: dict[str, Any]) -> list[str]:
    from tests.server.kit import cards_in

    return list(cards_in(json.dumps(message)))


def test_a_replay_is_built_off_the_event_loop_once(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a review: a long game's replay was built on the event loop, and every
    # table waited for it (15 s for a 6-player game, asked for by anybody, again and again)
    import asyncio

    import rummykit.server.web as web

    built: list[bool] = []
    frames = web.replay_frames

    def watched(record: Any) -> dict[str, Any]:
        try:
            asyncio.get_running_loop()
            built.append(True)  # on the event loop
        except RuntimeError:
            built.append(False)
        return frames(record)

    monkeypatch.setattr(web, "replay_frames", watched)
    _, clients, _ = _seated(live, ("open", "open"), ONE_HAND)
    play_together(clients, random_legal(random.Random(7)))
    (game,) = live.get("/games")
    first = live.get(f"/web/replay/{game['id']}")
    assert first["players"] == ["Ana", "Ben"] and len(first["frames"]) > 10
    assert live.get(f"/web/replay/{game['id']}") == first
    assert built == [False]  # built once, in a worker thread
