"""Running a server: /health, structured logs, turn clocks that survive a restart (and a
Rummy call's own clock), and the tables' lifecycle (only unfinished tables come back;
waiting tables nobody joins are closed)."""

from __future__ import annotations

import datetime as dt
import json
import logging
import random
import time
from collections.abc import Callable

import pytest

from rummykit.server.logs import JsonFormatter
from rummykit.server.storage import Store
from tests.server.kit import (
    LiveServer,
    caught_up,
    random_legal,
    seats,
    two_people,
    wait_for,
)


def test_health_says_the_version_the_live_tables_and_the_database(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummykit import __version__

    live.table(seats("open", "open"))
    assert live.get("/health") == {
        "ok": True,
        "version": __version__,
        "tables": 1,
        "database": True,
    }

    async def down(self: Store) -> None:
        raise ConnectionError("no database")

    monkeypatch.setattr(Store, "ping", down)
    response = live.http.get("/health")
    assert response.status_code == 503
    assert response.json()["ok"] is False and response.json()["database"] is False


def test_every_log_record_names_its_kind_table_and_seq(
    live: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="rummykit.server"):
        table = live.table(seats("open", "open"))["id"]
        tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
        live.post(f"/tables/{table}/start", {"token": tokens[0]})
        clients = [live.client(table, t) for t in tokens]
        for c in clients:
            c.until("state")
        mover = next(c for c in clients if c.my_turn())
        assert mover.act("draw")["seq"] == 1
        wait_for(lambda: any(getattr(r, "kind", "") == "action" for r in caplog.records))
    records = [r for r in caplog.records if r.name == "rummykit.server"]
    lines = [json.loads(JsonFormatter().format(r)) for r in records]
    assert all({"time", "level", "kind", "table", "seq", "message"} <= set(x) for x in lines)
    mine = [x for x in lines if x["table"] == table]
    kinds = [x["kind"] for x in mine]
    assert kinds[:4] == ["table.create", "seat.join", "seat.join", "game.start"], kinds
    action = next(x for x in mine if x["kind"] == "action")
    assert action["seq"] == 1 and action["by"] == "player" and action["message"].endswith("draw")


def test_a_restart_keeps_the_turn_clock_deadline(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    # a 4-second clock: the restart (a new server process on the same database) must
    # come up before the clock runs out, which took over 1.4 s once on a busy 2-core
    # machine
    with make_server(db=db_url, clock_range=(1, 60)) as live:
        table, tokens, clients = two_people(live, clock=4)
        state = clients[0].messages[-1]
        assert state["type"] == "state" and state["clock"]["window"] is False
        deadline = dt.datetime.fromisoformat(state["clock"]["deadline"])
        late = state["clock"]["seat"]
        assert late == state["view"]["to_act"]
        left = (deadline - dt.datetime.now(dt.UTC)).total_seconds()
        assert 3.0 < left <= 4.0
        time.sleep(0.6)
    with make_server(db=db_url, clock_range=(1, 60)) as live:
        watcher = live.client(table, tokens[1 - late])
        state = watcher.until("state")
        assert dt.datetime.fromisoformat(state["clock"]["deadline"]) == deadline
        notice = watcher.until("notice", timeout=8)
        ran_out = dt.datetime.now(dt.UTC)
        assert notice["notice"] == "clock" and notice["seat"] == late
        # the same deadline, not a full clock from the restart
        assert (ran_out - deadline).total_seconds() < 0.5
        event = watcher.until("event")
        assert event["by"] == "clock" and event["event"]["seat"] == late


def test_a_clock_that_ran_out_stays_run_out_after_a_restart(
    make_server: Callable[..., LiveServer], db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # the clock runs out, its bot plays the first action of the turn (it waits bot_delay
    # before each), the server stops; brought back, the bot goes on with the turn: the
    # clock does not run out a second time, and the late person still waits
    with make_server(db=db_url, clock_range=(1, 60), bot_delay=1.0) as live:
        table, tokens, clients = two_people(live, clock=1)
        assert clients[0].view is not None
        late = clients[0].view["to_act"]
        watcher = clients[1 - late]
        assert watcher.until("notice", timeout=5)["notice"] == "clock"
        first = watcher.until("event", timeout=10)
        assert first["by"] == "clock" and first["event"]["action"].split()[0] in ("draw", "take")
    caplog.set_level(logging.INFO, logger="rummykit.server")
    with make_server(db=db_url, clock_range=(1, 60), bot_delay=2.0) as live:
        person = live.client(table, tokens[late])
        assert person.until("state")["seq"] == first["seq"]
        refused = person.act("discard " + person.view["hand"][0])  # type: ignore[index]
        assert refused["type"] == "error" and refused["rule"] == "server.clock"
        event = person.until("event", timeout=10)
        assert event["by"] == "clock" and event["event"]["seat"] == late
    ran_out = [r for r in caplog.records if getattr(r, "kind", "") == "clock"]
    assert ran_out == [], [r.getMessage() for r in ran_out]


def test_whether_a_clock_ran_out_is_read_from_the_turns_rows() -> None:
    # a table brought back: the clock of the seat to act had run out if the clock's bot
    # played in the turn in progress, a stand-in's or an undo's rows after it or not
    from rummykit.server import clocks
    from rummykit.server.storage import ActionRow

    def row(seat: int, action: str, by: str, hand: int = 2) -> ActionRow:
        return ActionRow(0, "g", hand, seat, action, by, {})

    def ran_out(*rows: ActionRow) -> bool:
        return clocks.ran_out(rows, 2, 0)

    theirs = row(1, "discard 7H", "player")
    assert ran_out(theirs, row(0, "draw", "clock"))
    assert ran_out(theirs, row(0, "draw", "clock"), row(0, "meld 4S 5S 6S", "stand-in"))
    assert ran_out(
        row(0, "draw", "clock"), row(0, "meld 4S 5S 6S", "player"), row(0, "undo", "player")
    )
    assert not ran_out(theirs, row(0, "draw", "player"))
    assert not ran_out(theirs, row(0, "draw", "stand-in"))
    assert not ran_out(row(0, "draw", "clock"), row(0, "discard 7H", "clock"))  # a turn ago
    assert not ran_out(row(0, "discard 7H", "clock", hand=1))  # the hand before
    assert not ran_out()


def test_a_clock_stopped_by_leaving_outlives_a_restart(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    # the mover leaves mid-turn (the stand-in waits 30 s before it plays), the server
    # restarts, the mover comes back: the turn's clock goes on from its deadline, not
    # from a fresh 600 s
    with make_server(db=db_url, clock_range=(1, 600), bot_delay=30.0) as live:
        table, tokens, clients = two_people(live, clock=600)
        state = clients[0].messages[-1]
        running, mover = state["clock"], state["view"]["to_act"]
        assert running["seat"] == mover
        time.sleep(1.1)  # a clock started anew would end later than the running one
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})
        assert clients[1 - mover].until("state")["clock"] is None
    with make_server(db=db_url, clock_range=(1, 600), bot_delay=30.0) as live:
        watcher = live.client(table, tokens[1 - mover])
        assert watcher.until("state")["clock"] is None  # still away: no clock runs
        live.post(f"/tables/{table}/back", {"token": tokens[mover]})
        again = watcher.until("state", lambda m: m["clock"] is not None)
        assert again["seq"] == state["seq"]  # the stand-in had not played
        assert again["clock"]["deadline"] == running["deadline"]
        assert again["clock"]["seat"] == mover


def test_a_rummy_call_has_its_own_short_clock_and_lapses_to_a_pass(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, clock_range=(1, 60), call_clock=1, rate=1000.0) as live:
        table = live.table(seats("open", "open", "open"), clock=30)["id"]
        tokens = [live.join(table, name) for name in ("Ana", "Ben", "Cleo")]
        live.post(f"/tables/{table}/start", {"token": tokens[0]})
        clients = [live.client(table, t) for t in tokens]
        for c in clients:
            c.until("state")
        rng = random.Random(3)
        for _ in range(300):  # draw and discard until a Rummy call is offered
            view = clients[0].view
            assert view is not None and not view["game_over"]
            if view["phase"] == "rummy":
                break
            mover = clients[view["to_act"]]
            legal = mover.view["legal_actions"] if mover.view else []
            choice = (
                "draw"
                if "draw" in legal
                else rng.choice([a for a in legal if a.startswith("discard")] or legal)
            )
            assert mover.act(choice)["type"] == "ack"
            for c in clients:
                if c is not mover:
                    c.until("state", lambda m, s=mover.seq: m["seq"] >= s)
        else:
            pytest.fail("no Rummy call was offered")
        state = clients[0].messages[-1]
        offered = view["to_act"]
        assert state["clock"]["window"] is True and state["clock"]["seat"] == offered
        left = dt.datetime.fromisoformat(state["clock"]["deadline"]) - dt.datetime.now(dt.UTC)
        assert left.total_seconds() <= 1.0  # the call's clock, not the 30 s turn clock
        notice = clients[0].until("notice", timeout=5)
        assert notice["notice"] == "call-clock" and "pass" in notice["message"]
        event = clients[0].until("event")
        assert event["by"] == "clock" and event["event"]["action"] == "pass"
        assert event["event"]["seat"] == offered


def test_only_unfinished_tables_are_rebuilt_and_finished_ones_are_served_from_the_database(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    with make_server(db=db_url) as live:
        waiting = live.table(seats("open", "open"))["id"]
        playing, _, _ = two_people(live, clock=60)
        over = live.table(seats("open", "greedy"), options={"target": 50})["id"]
        key = "k3y-of_ana-s-join-0123456789"
        lost = live.post(f"/tables/{over}/join", {"name": "Ana", "key": key})["token"]
        live.post(f"/tables/{over}/start", {"token": lost})
        # the join sent again: the seat, with a new token (its answer was lost)
        token = live.post(f"/tables/{over}/join", {"name": "Ana", "key": key})["token"]
        live.client(over, token).play_to_end()
        wait_for(lambda: live.get(f"/tables/{over}")["status"] == "over")
        shown = live.get(f"/tables/{over}")
    with make_server(db=db_url) as live:
        assert set(live.server.lobby.tables) == {waiting, playing}
        assert live.get("/health")["tables"] == 2
        for seat in shown["seats"]:
            seat["connected"] = False  # nobody is: it is not even in memory
        assert live.get(f"/tables/{over}") == shown  # from the database
        assert live.get(f"/tables/{shown['code'].lower()}")["id"] == over
        assert len(live.get("/games")) == 1
        again = live.post(f"/tables/{over}/again", {"token": token})  # it comes back
        assert again["table"]["status"] == "playing" and again["table"]["game_number"] == 2
        assert over in live.server.lobby.tables


def test_a_waiting_table_nobody_joins_is_closed(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url) as live:
        old = live.table(seats("open", "open"))["id"]
    time.sleep(0.6)
    config = {"db": sqlite_url, "waiting_ttl": 0.5, "sweep_interval": 0.1}
    with make_server(**config) as live:
        assert old not in live.server.lobby.tables  # closed at start: too old
        assert live.get(f"/tables/{old}")["status"] == "closed"
        fresh = live.table(seats("open", "open"))["id"]
        joined = live.table(seats("open", "open"))["id"]
        live.join(joined, "Ana")
        assert {t["id"] for t in live.get("/tables")} == {fresh, joined}
        wait_for(lambda: live.get(f"/tables/{fresh}")["status"] == "closed", timeout=5)
        assert fresh not in live.server.lobby.tables
        refused = live.http.post(f"/tables/{fresh}/join", json={"name": "Ben"})
        assert refused.status_code == 404 and refused.json()["error"]["rule"] == "lobby.table"
        wait_for(lambda: live.get(f"/tables/{joined}")["status"] == "closed", timeout=5)
        assert live.get("/tables") == []


def test_a_new_table_never_takes_the_code_of_a_stored_one(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # codes are unique over every table ever made: a closed table, no longer in memory,
    # keeps its code, and a new table drawing it draws again (it failed with a 500)
    import rummykit.server.lobby as lobby

    with make_server(db=sqlite_url) as live:
        old = live.table(seats("open", "open"))
    time.sleep(0.6)
    with make_server(db=sqlite_url, waiting_ttl=0.5) as live:
        assert live.get(f"/tables/{old['id']}")["status"] == "closed"
        assert old["id"] not in live.server.lobby.tables
        letters = iter(old["code"] + "BBBBBB")
        monkeypatch.setattr(lobby.secrets, "choice", lambda _: next(letters))
        made = live.post("/tables", {"seats": seats("open", "open")}, status=201)
        assert made["code"] == "BBBBBB"


def test_a_finished_table_nobody_watches_leaves_memory_and_comes_back_when_asked(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    config = {"db": sqlite_url, "over_ttl": 0.3, "sweep_interval": 0.1}
    with make_server(**config) as live:
        over = live.table(seats("open", "greedy"), options={"target": 50})["id"]
        key = "k3y-of_ana-s-join-0123456789"
        lost = live.post(f"/tables/{over}/join", {"name": "Ana", "key": key})["token"]
        live.post(f"/tables/{over}/start", {"token": lost})
        # the join sent again: the seat, with a new token (its answer was lost)
        token = live.post(f"/tables/{over}/join", {"name": "Ana", "key": key})["token"]
        client = live.client(over, token)
        client.play_to_end()
        wait_for(lambda: live.get(f"/tables/{over}")["status"] == "over")
        time.sleep(0.6)
        assert over in live.server.lobby.tables  # somebody is still connected
        client.close()
        wait_for(lambda: over not in live.server.lobby.tables, timeout=5)
        assert live.get("/health")["tables"] == 0
        assert live.get(f"/tables/{over}")["status"] == "over"  # from the database
        (game,) = live.get("/games")
        assert game["table"] == over
        refused = live.http.post(f"/tables/{over}/join", json={"name": "Cy"})
        assert refused.status_code == 409 and refused.json()["error"]["rule"] == "lobby.state"
        assert over not in live.server.lobby.tables  # a refused join brings nothing back
        sent = live.post(f"/tables/{over}/join", {"name": "Ana", "key": key})  # once more
        assert sent["seat"] == 0 and over in live.server.lobby.tables  # as from memory
        token = sent["token"]
        again = live.post(f"/tables/{over}/again", {"token": token})
        assert again["table"]["status"] == "playing" and again["table"]["game_number"] == 2
        assert over in live.server.lobby.tables


def test_a_game_waiting_for_people_gone_away_leaves_memory_and_comes_back_when_they_do(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # found by a review: without a turn clock such a game held its place among the
    # server's tables for good; now it leaves memory after abandoned_ttl, replayed later
    config = {"db": sqlite_url, "abandoned_ttl": 0.3, "sweep_interval": 0.1}
    with make_server(**config) as live:
        table, tokens, clients = two_people(live)
        choose = random_legal(random.Random(3))
        mover = next(c for c in clients if c.my_turn())
        assert mover.view is not None
        assert mover.act(choose(mover.view))["type"] == "ack"
        caught_up(clients)
        before = clients[0].view
        assert before is not None and not before["game_over"]
        time.sleep(0.6)
        assert table in live.server.lobby.tables  # its people are connected
        for c in clients:
            c.close()
        wait_for(lambda: table not in live.server.lobby.tables, timeout=5)
        assert live.get("/health")["tables"] == 0
        assert live.get(f"/tables/{table}")["status"] == "playing"  # from the database
        refused = live.http.post(f"/tables/{table}/join", json={"name": "Cy"})
        assert refused.status_code == 409 and refused.json()["error"]["rule"] == "lobby.state"
        assert table not in live.server.lobby.tables  # a refused join brings nothing back
        back = [live.client(table, t) for t in tokens]  # replayed from the log
        for c in back:
            c.until("state")
        assert table in live.server.lobby.tables
        view = back[0].view
        assert view is not None and view["hand"] == before["hand"]
        assert back[0].seq == clients[0].seq
        for c in back:
            c.drain()  # the other's arrival, told to each
        mover = next(c for c in back if c.my_turn())  # the game goes on
        assert mover.view is not None
        assert mover.act(choose(mover.view))["type"] == "ack"


def test_a_join_sent_again_gets_its_seat_back_from_a_game_that_left_memory(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # left alone before: a join whose answer was lost, sent again with its key once the
    # game in play had left memory, was refused as the game having started
    key = "k3y-of_ana-s-join-0123456789"
    config = {"db": sqlite_url, "abandoned_ttl": 0.3, "sweep_interval": 0.1}
    with make_server(**config) as live:
        table = live.table(seats("open", "open"))["id"]
        lost = live.post(f"/tables/{table}/join", {"name": "Ana", "key": key})["token"]
        ben = live.join(table, "Ben")
        live.post(f"/tables/{table}/start", {"token": ben})
        wait_for(lambda: table not in live.server.lobby.tables, timeout=5)
        for other in ({"name": "Ana", "key": "another-key-0123456789"}, {"name": "Cy"}):
            refused = live.http.post(f"/tables/{table}/join", json=other)
            assert refused.status_code == 409 and refused.json()["error"]["rule"] == "lobby.state"
        assert table not in live.server.lobby.tables  # refused joins bring nothing back
        again = live.post(f"/tables/{table}/join", {"name": "Ana", "key": key})
        assert again["seat"] == 0 and again["token"] != lost
        assert table in live.server.lobby.tables
        old = live.http.post(f"/tables/{table}/leave", json={"token": lost})
        assert old.status_code == 403 and old.json()["error"]["rule"] == "lobby.token"
        ana = live.client(table, again["token"])
        ana.until("state")
        assert ana.view is not None and ana.view["seat"] == 0 and ana.view["hand"]


def test_a_start_leaves_a_game_long_waiting_for_its_people_in_the_database(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # found by a review: every start brought back every game ever left unfinished (and
    # the sweep dropped them again an hour later), filling memory and max_tables
    with make_server(db=sqlite_url) as live:
        table, tokens, clients = two_people(live)
        for c in clients:
            c.close()
    with make_server(db=sqlite_url) as live:  # a start within abandoned_ttl: as it was
        assert live.get("/health")["tables"] == 1
    time.sleep(0.4)
    with make_server(db=sqlite_url, abandoned_ttl=0.3) as live:
        assert live.get("/health")["tables"] == 0 and table not in live.server.lobby.tables
        assert live.get(f"/tables/{table}")["status"] == "playing"  # from the database
        back = live.client(table, tokens[0])  # comes back for its people
        back.until("state")
        assert table in live.server.lobby.tables
        assert back.view is not None and not back.view["game_over"]


def test_the_pages_files_are_revalidated_so_an_upgrade_reaches_every_browser(
    live: LiveServer,
) -> None:
    # a script or catalogue kept by a browser's heuristic cache would run an old page
    # against an upgraded server: every file says no-cache, and comes back 304 unchanged
    for path in ("/static/js/main.js", "/static/i18n/pl.json", "/static/css/table.css"):
        first = live.http.get(path)
        assert first.status_code == 200
        assert first.headers["cache-control"] == "no-cache"
        again = live.http.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304
    page = live.http.get("/", headers={"Accept": "text/html"})
    assert page.headers["cache-control"] == "no-cache"
