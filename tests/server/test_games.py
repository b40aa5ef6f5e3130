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

from tests.server.kit import Client, LiveServer, cards_in, play_together, random_legal, seats
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


def test_people_who_play_faster_than_the_limit_are_slowed_and_play_on(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # machine-speed people meet ``server.rate`` refusals, which no state follows: they
    # wait and play on, and the game ends (CI once hung here on a refusal). One message
    # every 0.125 s: a draw and a discard sent within it (however slow the machine, a
    # round trip takes less) meet a refusal
    with make_server(db=sqlite_url, rate=8.0, burst=1) as live:
        table, clients, watcher = _seated(live, ("open", "open"), ONE_HAND)
        acks = play_together([*clients, watcher], random_legal(random.Random(7)))
        _watched_to_the_end(watcher, live, table)
    refused = [m for c in clients for m in c.messages if m["type"] == "error"]
    assert refused and {m["rule"] for m in refused} == {"server.rate"}
    assert acks > 10 and all(c.view is not None and c.view["game_over"] for c in clients)


def test_people_play_a_whole_game_against_bots_while_somebody_watches(live: LiveServer) -> None:
    table, clients, watcher = _seated(
        live, ("open", "greedy", "open", "heuristic"), {"target": 100}
    )
    # the watcher reads as the game goes (a client that reads nothing for a long game
    # could fill the socket's buffers and be cut off as slow)
    play_together([*clients, watcher], random_legal(random.Random(11)), timeout=90)
    _watched_to_the_end(watcher, live, table)
    by = {m["by"] for m in clients[0].messages if m["type"] == "event"}
    assert by == {"player", "bot"}
    (game,) = live.get("/games")
    assert game["result"]["winner"] in game["players"]


#: Every seating (people only, two and three; a bot between people) with every Rummy
#: call mode, each played once (a fixed seed per combination: 9 games, not a sample).
_KINDS = [("open", "open"), ("open", "open", "open"), ("open", "random", "open")]
_CALLS = ["pile", "last-discard", "off"]


@pytest.mark.parametrize("rummy_call", _CALLS)
@pytest.mark.parametrize("kinds", _KINDS, ids=["-".join(k) for k in _KINDS])
def test_random_games_never_send_a_seat_a_card_hidden_from_it(
    make_server: Callable[..., LiveServer],
    sqlite_url: str,
    kinds: tuple[str, ...],
    rummy_call: str,
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

    seed = 3 * _KINDS.index(kinds) + _CALLS.index(rummy_call)
    options = {**ONE_HAND, "rummy_call": rummy_call}
    with make_server(db=sqlite_url, on_send=check, rate=1e6, burst=1000) as live:
        _, clients, watcher = _seated(live, kinds, options)
        play_together(clients, random_legal(random.Random(seed)))
        watcher.until("table", lambda m: m["table"]["status"] == "over", timeout=30)
    assert counted[0] > 20
    assert problems == []


def _cards(message: dict[str, Any]) -> list[str]:
    return list(cards_in(json.dumps(message)))


def test_the_leak_check_sees_a_joker_from_another_hand() -> None:
    # a joker in a hand is written "JK": the check must count it (a joker on the table,
    # "JK=8H", is public and is not counted)
    from rummykit import Game, Rules
    from rummykit.cards import CARDS
    from rummykit.wire import view_to_json

    def jokers(game: Game, seat: int) -> int:
        return sum(str(CARDS[c]) == "JK" for c in game.hand.hands[seat])

    game = next(
        g
        for g in (Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=s) for s in range(200))
        if jokers(g, 1) and not jokers(g, 0) and str(g.deals[0][1].upcard) != "JK"
    )
    assert "JK" not in _seen_by(game, 0) and "JK" in _seen_by(game, 1)
    sent = _cards(view_to_json(game.view(1)))
    assert sent.count("JK") >= jokers(game, 1)
    assert "JK" in set(sent) - _seen_by(game, 0)  # sent to Ana, it would be a leak
    assert list(cards_in('{"melds": [["JK=8H", "7H", "JK=6"]], "hand": ["JK"]}')) == [
        "7H",
        "JK",
    ]


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


def test_game_ties_a_replay_frame_numbers_seats_and_totals_as_the_game() -> None:
    # found by a review: a tie play-off hand's view numbers only the leaders dealt in,
    # and the replay page read its dealer and totals as game seats (Ana, who sat the
    # hand out, was named as its dealer and shown Ben's total)
    from pathlib import Path

    from rummykit.server.web import replay_frames

    case = Path(__file__).resolve().parents[1] / "cases" / "remik-table-leaders-play-on.json"
    doc = json.loads(case.read_text(encoding="utf-8"))
    frames = replay_frames({k: v for k, v in doc.items() if k not in ("expect", "comment")})
    assert frames["players"] == ["Ana", "Ben", "Caro"]
    deals = [f for f in frames["frames"] if f["action"] is None]
    second = deals[1]
    assert second["view"]["players"] == ["Ben", "Caro"]  # the hand's own numbering
    assert second["dealt"] == [1, 2] and second["dealer"] == 1  # Ben deals: hand seat 0
    assert len(second["totals"]) == 3 and second["totals"][1:] == second["view"]["totals"]
    assert second["hands"][0] is None and len(second["hands"][1]) == 7
    last = frames["frames"][-1]
    assert last["totals"][0] == second["totals"][0]  # Ana's stands as hand 1 left it
    assert last["view"]["totals"] == last["totals"][1:]
