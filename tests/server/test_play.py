"""Play over WebSockets: whole games with bots, refusals, reconnection, spectators and
what each seat is sent (never a card hidden from it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rummykit import Game, replay
from rummykit.cards import CARDS
from tests.server.kit import LiveServer, cards_in, seats, wait_for

TARGET = {"target": 100}


def _started(live: LiveServer, kinds: tuple[str, ...], names: list[str]) -> tuple[str, list[str]]:
    table = live.table(seats(*kinds), options=TARGET)["id"]
    tokens = [live.join(table, name) for name in names]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    return table, tokens


def test_a_whole_game_with_a_bot_to_its_end_and_its_record(live: LiveServer) -> None:
    table, (ana,) = _started(live, ("open", "heuristic"), ["Ana"])
    client = live.client(table, ana)
    assert client.seat == 0
    client.play_to_end()
    view = client.view
    assert view is not None and view["game_over"]
    acks = [m for m in client.messages if m["type"] == "ack"]
    events = [m for m in client.messages if m["type"] == "event"]
    assert acks and {a["seq"] for a in acks} <= {e["seq"] for e in events}
    assert [e["seq"] for e in events] == list(range(events[0]["seq"], events[-1]["seq"] + 1))
    assert {e["by"] for e in events} == {"player", "bot"}
    client.until("table", lambda m: m["table"]["status"] == "over")
    games = live.get("/games")
    assert len(games) == 1 and games[0]["players"] == ["Ana", "Heuristic 2"]
    assert games[0]["result"]["winner"] in ("Ana", "Heuristic 2")
    record = live.get(games[0]["record"])
    result = replay(record).to_json()
    assert result["ok"] and result["totals"] == games[0]["result"]["totals"]
    assert list(result["totals"].values()) == view["totals"]
    # play again, the same seats
    again = live.post(f"/tables/{table}/again", {"token": ana})
    assert again["table"]["status"] == "playing" and again["table"]["game_number"] == 2
    state = client.until("state", lambda m: m["game"] == again["table"]["game"])
    assert state["view"]["hand_number"] == 1 and not state["view"]["game_over"]
    client.close()


def test_an_illegal_action_is_named_and_changes_nothing(live: LiveServer) -> None:
    table, (ana, ben) = _started(live, ("open", "open"), ["Ana", "Ben"])
    clients = [live.client(table, ana), live.client(table, ben)]
    for c in clients:
        c.until("state")
    view = clients[0].view
    assert view is not None
    mover = clients[view["to_act"]]
    other = clients[1 - view["to_act"]]
    before = mover.view
    card = before["hand"][0] if before else "7H"
    answer = mover.act(f"discard {card}")  # a turn starts with a draw or a take
    assert answer["type"] == "error" and answer["rule"] == "discard.one", answer
    assert answer["seq"] == 0
    assert other.act("draw")["rule"] == "action.turn"
    assert mover.act("jump")["rule"] == "action.syntax"
    assert mover.act("draw", seq=5)["rule"] == "server.stale"
    mover.send({"type": "sync", "seq": 0})
    assert mover.until("state")["view"] == before
    assert live.get(f"/tables/{table}")["seq"] == 0
    ack = mover.act("draw")
    assert ack == {"type": "ack", "seq": 1, "action": "draw"}
    event = next(m for m in mover.messages if m["type"] == "event")
    assert event["seq"] == 1 and event["event"]["drawn"] is not None
    seen = other.until("event")
    assert seen["event"]["drawn"] is None and seen["event"]["action"] == "draw"


def test_reconnect_with_the_last_seq_gets_what_was_missed(live: LiveServer) -> None:
    table, (ana, ben) = _started(live, ("open", "open"), ["Ana", "Ben"])
    a, b = live.client(table, ana), live.client(table, ben)
    a.until("state")
    b.until("state")
    assert a.view is not None
    first = a if a.view["to_act"] == 0 else b
    second = b if first is a else a
    assert first.act("draw")["type"] == "ack"  # and its state came
    second.until("state", lambda m: m["seq"] == 1)
    last = second.seq
    token = ben if second is b else ana
    second.close()
    assert first.view is not None
    assert first.act(f"discard {first.view['hand'][0]}")["seq"] == 2
    back = live.client(table, token, seq=last)
    back.until("state")  # however slow the machine; then whatever else comes
    missed = back.messages[1:] + back.drain()  # all after the welcome
    events = [m for m in missed if m["type"] == "event"]
    assert [e["seq"] for e in events] == [2]
    play = [m for m in missed if m["type"] != "table"]  # seats connecting come too
    assert [m["type"] for m in play] == ["event", "state"] and play[-1]["seq"] == 2
    assert back.view is not None and back.view["to_act"] == back.seat
    fresh = live.client(table, token)  # no seq: the view alone
    fresh.until("state")
    got = fresh.messages[1:] + fresh.drain()
    assert [m["type"] for m in got if m["type"] != "table"] == ["state"]
    assert fresh.view == back.view


def _seen_by(game: Game, seat: int | None, only: int | None = None) -> set[str]:
    """Every card ``seat`` may know of: its own hands, upcards, cards in public actions;
    of the hand of index ``only`` alone if given (a card seen in an earlier hand tells
    nothing of where it is now)."""
    seen: set[str] = set()
    for i, hand in enumerate(game.hands):
        if only is not None and i != only:
            continue
        deal = game.deals[i][1]
        seen.add(str(deal.upcard))
        seating = game.seatings[i]
        if seat is not None and seat in seating:
            local = seating.index(seat)
            seen.update(str(c) for c in deal.hands[local])
            seen.update(str(CARDS[c]) for c in hand.hands[local])
        for _, action in hand.history:
            seen.update(cards_in(str(action)))
    return seen


def test_no_message_holds_a_card_hidden_from_its_seat(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    from rummykit.wire import view_to_json

    problems: list[str] = []
    counted, strict = [0], [0]

    def check(table: Any, seat: int | None, message: dict[str, Any]) -> None:
        game = table.game
        if game is None:
            return
        counted[0] += 1
        only = None
        view = message.get("view") if message["type"] == "state" else None
        if view is not None and view["phase"] != "over" and view["hand_number"]:
            # a view of a hand in play: only that hand's cards
            only = view["hand_number"] - 1
            assert game.hands[only].number == view["hand_number"]
            strict[0] += 1
        if view is not None and view != view_to_json(game.view(seat)):
            # the engine's view for the seat, no more (tests/test_hidden_cards.py: that
            # holds nothing of the cards hidden from it)
            problems.append(f"seat {seat} was sent a view other than the engine's")
        leaked = set(cards_in(json.dumps(message))) - _seen_by(game, seat, only)
        if leaked:
            problems.append(f"seat {seat} was sent {sorted(leaked)} in {message['type']}")

    with make_server(db=sqlite_url, on_send=check) as live:
        table, (ana, ben) = _started(live, ("open", "open", "greedy"), ["Ana", "Ben"])
        watcher = live.client(table)
        a, b = live.client(table, ana), live.client(table, ben)
        import threading

        other = threading.Thread(target=b.play_to_end)
        # the watcher reads as the game goes: one that read nothing for a whole game
        # could fill the socket's buffers and be cut off as slow
        over = threading.Thread(
            target=watcher.until, args=("table", lambda m: m["table"]["status"] == "over", 150)
        )
        other.start()
        over.start()
        a.play_to_end()
        other.join(60)
        over.join(60)
        assert not over.is_alive() and watcher.messages[-1]["type"] == "table"
        assert watcher.messages[-1]["table"]["status"] == "over"
        assert counted[0] > 100 and strict[0] > 50
        assert problems == []
        for m in watcher.messages:
            if m["type"] == "state":
                assert m["view"]["hand"] is None and m["view"]["seat"] is None
            if m["type"] == "event":
                assert m["event"]["drawn"] is None
        assert any(m["type"] == "event" and m["event"]["drawn"] for m in a.messages)


def test_spectators_watch_without_a_hand_and_cannot_act(live: LiveServer) -> None:
    table, _ = _started(live, ("open", "greedy", "greedy"), ["Ana"])
    code = live.get(f"/tables/{table}")["code"]
    watcher = live.client(code)
    assert watcher.seat is None
    state = watcher.until("state")
    assert state["view"]["hand"] is None and state["view"]["legal_actions"] == []
    answer = watcher.act("draw")
    assert answer["rule"] == "server.spectator"
    wait_for(lambda: live.get(f"/tables/{table}")["seats"][0]["connected"] is False)


def test_the_leak_check_sees_a_card_from_another_hand() -> None:
    from rummykit import Rules
    from rummykit.wire import view_to_json

    game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=1)
    theirs = str(CARDS[game.hand.hands[1][0]])
    assert theirs not in _seen_by(game, 0) and theirs in _seen_by(game, 1)
    assert theirs in set(cards_in(json.dumps(view_to_json(game.view(1)))))
    assert set(cards_in('{"cards": ["JK=8H", "7H"]}')) == {"7H"}


def test_a_seat_left_after_the_game_is_kept_and_stood_in_for_in_the_next(
    live: LiveServer,
) -> None:
    table = live.table(seats("open", "open"), options={"deals": 1, "target": None})["id"]
    ana, ben = live.join(table, "Ana"), live.join(table, "Ben")
    live.post(f"/tables/{table}/start", {"token": ana})
    live.post(f"/tables/{table}/leave", {"token": ben})  # a stand-in plays Ben's hand
    client = live.client(table, ana)
    client.play_to_end()
    back = live.post(f"/tables/{table}/back", {"token": ben})
    assert back["table"]["status"] == "over" and not back["table"]["seats"][1]["away"]
    # Ben leaves once the game is over: the seat stays his, and the next game is played
    # by a stand-in in it until he comes back
    left = live.post(f"/tables/{table}/leave", {"token": ben})
    assert left["table"]["seats"][1]["away"] and left["table"]["seats"][1]["name"] == "Ben"
    again = live.post(f"/tables/{table}/again", {"token": ana})
    assert again["table"]["game_number"] == 2
    game = again["table"]["game"]
    client.until("state", lambda m: m["game"] == game)
    client.play_to_end()
    bens = [
        m["by"]
        for m in client.messages
        if m["type"] == "event" and m["game"] == game and m["event"]["seat"] == 1
    ]
    assert bens and set(bens) == {"stand-in"}
    back = live.post(f"/tables/{table}/back", {"token": ben})
    assert not back["table"]["seats"][1]["away"]
