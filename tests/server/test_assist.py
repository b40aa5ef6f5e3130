"""Hints and undo over the protocol: a hint names a legal action and its reason and never
holds up a table; undo takes back a meld, lay-off or joker swap of the turn in progress
(most recent first) and nothing else, survives a reconnection and a crash, and never
reaches a record."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import rummykit.server.seating as seating
from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.bots.hints import REASONS
from rummykit.wire import view_from_json
from tests.server.kit import Client, LiveServer, caught_up, seats
from tests.server.test_crash import _start
from tests.server.test_storage import _database_down, _free_port

#: The deal of this seed (10 cards each) lets Ana, who acts first, take the pile's top
#: card, or draw and then meld AD AH AS and then 7D 7S JK=7 (a group with a joker).
SEED = 3
OPTIONS = {"hand_size": 10, "target": 100}


@pytest.fixture
def fixed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seating.secrets, "randbits", lambda bits: SEED)


def _table(live: LiveServer) -> tuple[str, Client, Client, list[str]]:
    """Ana (to act first) and Ben at a new table; their clients and tokens."""
    table = live.table(seats("open", "open"), options=OPTIONS)["id"]
    tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    ana, ben = live.client(table, tokens[0]), live.client(table, tokens[1])
    ana.until("state")
    ben.until("state")
    assert ana.view is not None and ana.view["to_act"] == 0
    return table, ana, ben, tokens


def _ask(client: Client, message: dict[str, Any], kind: str) -> dict[str, Any]:
    """Sends ``message``; the first answer of type ``kind`` or an error."""
    client.send(message)
    return _answer(client, kind)


def _answer(client: Client, kind: str) -> dict[str, Any]:
    while True:
        message = client.recv()
        if message["type"] in (kind, "error"):
            return message


def _undo(client: Client) -> dict[str, Any]:
    """Sends undo; the undone message (then reads the state after it) or the error."""
    answer = _ask(client, {"type": "undo", "seq": client.seq}, "undone")
    if answer["type"] == "undone":
        client.until("state", lambda m: m["seq"] == answer["seq"])
    return answer


def _last_state(client: Client) -> dict[str, Any]:
    return next(m for m in reversed(client.messages) if m["type"] == "state")


# ---------------------------------------------------------------------- hints
def test_a_hint_names_a_legal_action_with_its_reason(live: LiveServer, fixed_deal: None) -> None:
    table, ana, ben, _ = _table(live)
    answer = _ask(ana, {"type": "hint"}, "hint")
    assert answer["type"] == "hint", answer
    assert answer["seq"] == ana.seq == 0
    assert ana.view is not None and answer["action"] in ana.view["legal_actions"]
    assert answer["reason"] in REASONS
    assert answer["action"].split()[0] in ("draw", "take")
    assert ana.act("draw")["type"] == "ack"
    answer = _ask(ana, {"type": "hint"}, "hint")
    # with the three aces in hand, the heuristic melds (a meld of its plan: certain)
    assert answer["action"].startswith("meld ") and answer["reason"] == "meld"
    assert answer["certain"] is True and answer["rating"] is None
    assert set(answer["params"]) == {"cards", "left"}
    assert answer["params"]["cards"] == answer["action"].removeprefix("meld ")
    # not your turn, and spectators: named errors, marked as answering the hint (so a
    # client that sent an action meanwhile still waits for that action's answer)
    refused = _ask(ben, {"type": "hint"}, "hint")
    assert (refused["rule"], refused["answers"]) == ("server.hint", "hint")
    watcher = live.client(table)
    refused = _ask(watcher, {"type": "hint"}, "hint")
    assert (refused["rule"], refused["answers"]) == ("server.spectator", "hint")
    assert "answers" not in ben.act("draw")  # an action's own error is not marked
    # a hint moves nothing
    assert live.get(f"/tables/{table}")["seq"] == 1


def test_a_slow_hint_holds_up_no_table(
    live: LiveServer, fixed_deal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummykit.server.assist as assist

    # the hint is worked out until the test has been served: were it worked out on the
    # event loop, nothing would be answered meanwhile (a 10 s time-out)
    thinking, done = threading.Event(), threading.Event()
    real = assist.hint

    def slow(view: Any) -> Any:
        thinking.set()
        done.wait(30)
        return real(view)

    monkeypatch.setattr(assist, "hint", slow)
    table, ana, _, _ = _table(live)
    _, other, _, _ = _table(live)
    ana.send({"type": "hint"})
    assert thinking.wait(5)
    try:
        assert other.act("draw")["type"] == "ack"  # another table plays on
        watcher = live.client(table)  # and the asker's own table still serves its clients
        watcher.until("state")
    finally:
        done.set()
    assert _answer(ana, "hint")["type"] == "hint"


def test_a_failing_hint_is_refused_and_the_action_sent_after_it_is_played(
    live: LiveServer, fixed_deal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummykit.server.assist as assist

    def broken(view: Any) -> Any:
        raise RuntimeError("the hint's bot failed")

    monkeypatch.setattr(assist, "hint", broken)
    _, ana, _, _ = _table(live)
    ana.send({"type": "hint"})
    ana.send({"type": "action", "action": "draw", "seq": ana.seq})
    refused = _answer(ana, "ack")
    assert (refused["rule"], refused["answers"]) == ("server.internal", "hint")
    assert _answer(ana, "ack") == {"type": "ack", "seq": 1, "action": "draw"}


def test_a_hint_over_the_rate_limit_is_refused_as_a_hint(
    make_server: Callable[..., LiveServer], sqlite_url: str, fixed_deal: None
) -> None:
    with make_server(db=sqlite_url, processes=0, rate=0.01, burst=2) as live:
        _, ana, _, _ = _table(live)
        for _ in range(2):  # the burst: answered
            assert _ask(ana, {"type": "hint"}, "hint")["type"] == "hint"
        refused = _ask(ana, {"type": "hint"}, "hint")
        assert (refused["rule"], refused["answers"]) == ("server.rate", "hint")
        ana.send({"type": "action", "action": "draw", "seq": ana.seq})
        refused = _answer(ana, "ack")
        assert refused["rule"] == "server.rate" and "answers" not in refused


# ---------------------------------------------------------------------- undo
def test_undo_takes_back_melds_most_recent_first_then_refuses(
    live: LiveServer, fixed_deal: None
) -> None:
    table, ana, ben, _ = _table(live)
    assert ana.act("draw")["type"] == "ack"
    drawn = ana.view
    assert _last_state(ana)["can_undo"] is False
    assert _undo(ana)["rule"] == "undo.stock"
    assert ana.act("meld AD AH AS")["type"] == "ack"
    one = ana.view
    assert _last_state(ana)["can_undo"] is True
    ben.until("state", lambda m: m["seq"] == 2)
    assert _last_state(ben)["can_undo"] is False
    assert ana.act("meld 7D 7S JK=7")["type"] == "ack"
    assert ana.seq == 3
    # Ben and a spectator may not take Ana's meld back
    ben.until("state", lambda m: m["seq"] == 3)
    assert _undo(ben)["rule"] == "undo.others"
    watcher = live.client(table)
    watcher.until("state")
    assert _undo(watcher)["rule"] == "server.spectator"
    # a stale undo is refused
    answer = _ask(ana, {"type": "undo", "seq": 1}, "undone")
    assert answer["rule"] == "server.stale"
    # the last meld first, then the one before
    first = _undo(ana)
    assert first == {
        "type": "undone",
        "seq": 4,
        "game": first["game"],
        "seat": 0,
        "action": "meld 7D 7S JK=7",
        "undone": 3,
    }
    assert ana.view == one and _last_state(ana)["can_undo"] is True
    second = _undo(ana)
    assert (second["seq"], second["action"], second["undone"]) == (5, "meld AD AH AS", 2)
    assert ana.view == drawn and _last_state(ana)["can_undo"] is False
    assert _undo(ana)["rule"] == "undo.stock"  # the draw stays
    # everybody was told, in order
    ben.until("state", lambda m: m["seq"] == 5)
    told = [m for m in ben.messages if m["type"] == "undone"]
    assert [(m["seq"], m["undone"]) for m in told] == [(4, 3), (5, 2)]
    assert ben.view is not None and ben.view["melds"] == [] and ben.view["hand_sizes"][0] == 11
    # a discard ends the turn: it cannot be taken back; the table goes on from seq 5
    assert ana.view is not None
    answer = ana.act(f"discard {ana.view['hand'][0]}")
    assert answer == {"type": "ack", "seq": 6, "action": answer["action"]}
    assert _undo(ana)["rule"] == "undo.turn"
    ben.until("state", lambda m: m["seq"] == 6)
    assert ben.act("draw")["type"] == "ack"
    ana.until("state", lambda m: m["seq"] == 7)
    assert _undo(ana)["rule"] == "undo.others"


def test_an_undo_the_database_cannot_take_is_not_done(
    live: LiveServer, fixed_deal: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a review: the meld was taken back in memory, the write failed and reading
    # the log again failed too, so the table played on without the meld its log held
    down = _database_down(monkeypatch)
    table, ana, ben, _ = _table(live)
    assert ana.act("draw")["type"] == "ack"
    assert ana.act("meld AD AH AS")["type"] == "ack"
    melded = ana.view
    down[0] = True
    assert _undo(ana)["rule"] == "server.storage"
    ana.until("state")  # the table as its log holds it: the meld is there
    assert ana.view == melded
    down[0] = False
    assert _undo(ana)["undone"] == 2
    ben.until("state", lambda m: m["seq"] == 3)
    assert ben.view is not None and ben.view["melds"] == []
    ana.close()
    ben.close()
    assert live.get(f"/tables/{table}")["seq"] == 3


def test_a_seat_that_is_away_gets_no_undo_and_no_hint(live: LiveServer, fixed_deal: None) -> None:
    """While a stand-in plays for a seat, its player can neither take back the meld it
    made before leaving nor ask for a hint; back at the table, the turn the stand-in
    finished stays finished."""
    table, ana, ben, tokens = _table(live)
    assert ana.act("draw")["type"] == "ack"
    assert ana.act("meld AD AH AS")["type"] == "ack"
    left = live.post(f"/tables/{table}/leave", {"token": tokens[0]})
    assert left["table"]["seats"][0]["away"] is True
    assert _undo(ana)["rule"] == "server.away"
    assert _ask(ana, {"type": "hint"}, "hint")["rule"] == "server.away"
    # the stand-in ends Ana's turn; Ben's turn waits for Ben
    ben.until("state", lambda m: m["view"]["to_act"] == 1)
    live.post(f"/tables/{table}/back", {"token": tokens[0]})
    ana.until("notice", lambda m: m["notice"] == "back")
    assert _undo(ana)["rule"] == "undo.turn"
    assert ben.view is not None and ben.view["melds"][0]["cards"] == ["AD", "AH", "AS"]


def test_a_take_from_the_pile_is_never_taken_back(live: LiveServer, fixed_deal: None) -> None:
    _, ana, ben, _ = _table(live)
    assert _undo(ana)["rule"] == "undo.nothing"  # nothing played in the hand yet
    assert ana.act("take 1")["type"] == "ack"
    assert _undo(ana)["rule"] == "undo.take"
    ben.until("state", lambda m: m["seq"] == 1)
    assert _undo(ben)["rule"] == "undo.others"


def test_after_an_undo_a_reconnecting_client_is_told_what_was_taken_back(
    live: LiveServer, fixed_deal: None
) -> None:
    table, ana, ben, tokens = _table(live)
    assert ana.act("draw")["type"] == "ack"
    ben.until("state", lambda m: m["seq"] == 1)
    ben.close()  # Ben misses the meld and its undo
    watcher = live.client(table)
    watcher.until("state")
    assert ana.act("meld AD AH AS")["type"] == "ack"
    watcher.until("state", lambda m: m["seq"] == 2)
    watcher.close()  # the spectator saw the meld, not its undo
    assert _undo(ana)["type"] == "undone"
    assert ana.act("meld 7D 7S JK=7")["type"] == "ack"  # seq 4
    for last, token in ((1, tokens[1]), (2, None)):
        back = live.client(table, token, seq=last)
        back.until("state", lambda m: m["seq"] == 4)
        kinds = [(m["type"], m.get("seq")) for m in back.messages if m["type"] != "table"]
        assert kinds == [("welcome", 4), ("undone", 3), ("event", 4), ("state", 4)]
        undone = next(m for m in back.messages if m["type"] == "undone")
        assert undone["undone"] == 2 and undone["action"] == "meld AD AH AS"
        assert back.view is not None
        assert [m["cards"] for m in back.view["melds"]] == [["7D", "7S", "JK=7"]]
        back.close()


def _reach_a_meld(clients: list[Client]) -> Client:
    """Plays on (draws, passes, first discards) until the player to act may meld."""
    for _ in range(400):
        caught_up(clients)
        view = clients[0].view
        assert view is not None and not view["game_over"]
        mover = clients[view["to_act"]]
        legal = mover.view["legal_actions"] if mover.view else []
        if any(a.startswith("meld ") for a in legal):
            return mover
        action = "draw" if "draw" in legal else "pass" if "pass" in legal else None
        if action is None:
            action = next(a for a in legal if a.startswith("discard "))
        assert mover.act(action)["type"] == "ack"
    raise AssertionError("nobody could meld")


def test_an_undo_survives_a_crash_and_never_reaches_the_record(tmp_path: Path) -> None:
    db, port = f"sqlite+aiosqlite:///{tmp_path / 'undo.db'}", _free_port()
    process, live = _start(db, port)
    try:
        table = live.table(seats("open", "open"), options=OPTIONS)["id"]
        tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
        live.post(f"/tables/{table}/start", {"token": tokens[0]})
        clients = [Client(live, table, t, None) for t in tokens]
        mover = _reach_a_meld(clients)
        assert mover.view is not None
        before = mover.view
        meld = next(a for a in before["legal_actions"] if a.startswith("meld "))
        assert mover.act(meld)["type"] == "ack"
        undone = _undo(mover)
        assert undone["type"] == "undone" and undone["action"] == meld
        assert mover.view == before
        seq = mover.seq
        os.kill(process.pid, signal.SIGKILL)
        assert process.wait(10) == -signal.SIGKILL
        live.http.close()
        process, live = _start(db, port)
        again = [Client(live, table, t, c.seq) for t, c in zip(tokens, clients, strict=True)]
        for c in again:
            c.until("state")
        back = again[mover.seat or 0]
        assert back.seq == seq and back.view == before
        assert _last_state(back)["can_undo"] is False
        # the game plays on to its end with bots choosing for both
        bots = [get_bot("greedy", seed=1), get_bot("greedy", seed=2)]
        while True:
            caught_up(again)
            view = again[0].view
            assert view is not None
            if view["game_over"]:
                break
            player = again[view["to_act"]]
            assert player.view is not None
            action = str(bots[player.seat or 0].act(view_from_json(player.view)))
            assert player.act(action)["type"] == "ack"
        record = live.get(live.get("/games")[0]["record"])
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            process.wait(20)
    # the record holds every action still in the game, and not the one taken back
    events = [m for c in (*clients, *again) for m in c.messages if m["type"] == "event"]
    played = {m["seq"]: m["event"] for m in events}
    played.pop(undone["undone"])
    names = ["Ana", "Ben"]
    written = [a for h in record["hands"] for a in h["actions"]]
    expected = [f"{names[e['seat']]}: {e['action']}" for _, e in sorted(played.items())]
    assert written == expected
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rummykit", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_fixed_deal_is_what_the_tests_say() -> None:
    game = Game(Rules.preset("500-rum", **OPTIONS), ["Ana", "Ben"], seed=SEED)
    assert game.to_act == 0
    legal = {str(a) for a in game.legal_actions()}
    assert "take 1" in legal


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    yield
