"""Tables side by side: a slow bot holds up nobody; turn clocks hand an absent player's
turn to a bot; a player who leaves is stood in for and takes the seat back."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import httpx
import pytest

from rummykit import Action, PlayerView
from tests.server.kit import Client, LiveServer, seats, two_people, wait_for


class SlowBot:
    """Thinks (blocked, as a bot deep in a search would be) until the test lets it go,
    then plays its first legal action."""

    #: set by the test once it has seen what it must see while the bot thinks
    done = threading.Event()
    thinking = threading.Event()

    def __init__(self, level: str, *, seed: str = "", name: str = "") -> None:
        self.name = name or level

    def act(self, view: PlayerView) -> Action:
        SlowBot.thinking.set()
        SlowBot.done.wait(120)
        return view.legal_actions[0]


def _play_turn(client: Client) -> None:
    """Draws and discards (the first card) for a client whose turn it is."""
    assert client.act("draw")["type"] == "ack"
    assert client.view is not None
    assert client.act(f"discard {client.view['hand'][0]}")["type"] == "ack"


def _up_to_the_bot(live: LiveServer, level: str) -> tuple[str, Client]:
    """Ana at a started table against a bot of ``level`` (seat 1), her first turn
    played if it was hers: the table's id and her client, the bot to act."""
    table = live.table(seats("open", level))["id"]
    ana = live.join(table, "Ana")
    live.post(f"/tables/{table}/start", {"token": ana})
    client = live.client(table, ana)
    client.until("state")
    if client.my_turn():
        _play_turn(client)
    return table, client


def _wait_turn(client: Client) -> None:
    while not client.my_turn():
        client.recv()


def test_a_slow_bot_blocks_neither_other_tables_nor_its_own(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # the bot thinks until the test has played at another table and been served at the
    # bot's own: were it thinking on the event loop, neither would be answered (a 10 s
    # time-out) and the bot would play first
    SlowBot.done.clear()
    SlowBot.thinking.clear()
    with make_server(db=sqlite_url, extra_levels={"slow": SlowBot}) as live:
        try:
            slow, client = _up_to_the_bot(live, "slow")
            assert client.view is not None and client.view["to_act"] == 1  # the slow bot thinks
            _, _, players = two_people(live)  # another table
            mover = next(p for p in players if p.my_turn())
            assert SlowBot.thinking.wait(10)
            waiting = live.get(f"/tables/{slow}")["seq"]
            assert mover.act("draw")["type"] == "ack"
            watcher = live.client(slow)  # the slow table itself still answers
            watcher.until("state")
            assert live.get(f"/tables/{slow}")["seq"] == waiting  # its bot is still thinking
        finally:
            SlowBot.done.set()  # however the test went: the server can stop
        assert client.until("event", timeout=10)["by"] == "bot"


def test_a_slow_list_of_legal_actions_holds_up_no_other_table(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # under the all-at-once rule one list can take seconds (docs/options.md): the list is
    # made here to wait for the test, which checks the server answers meanwhile
    import rummykit.hand

    listing, release = threading.Event(), threading.Event()
    original = rummykit.hand.legal_actions

    def slow(hand: Any, check: Any) -> Any:
        if hand.rules.all_at_once_from_deal is not None and not release.is_set():
            listing.set()
            release.wait(30)
        return original(hand, check)

    monkeypatch.setattr(rummykit.hand, "legal_actions", slow)
    with make_server(db=sqlite_url) as live:
        table = live.table(seats("open", "greedy"), options={"all_at_once_from_deal": 1})["id"]
        ana = live.join(table, "Ana")
        client = live.client(table, ana)
        client.until("table")
        url = f"http://127.0.0.1:{live.port}/tables/{table}/start"
        start = threading.Thread(target=httpx.post, args=(url,), kwargs={"json": {"token": ana}})
        start.start()
        try:
            assert listing.wait(20), "the game's first list was never made"
            # while it is made, the server answers, and other tables play
            assert live.get("/health")["ok"]
            other = live.table(seats("open", "greedy"))["id"]
            assert live.get(f"/tables/{other}")["status"] == "waiting"
        finally:
            release.set()
        start.join(20)
        view = client.until("state")["view"]
        assert view["legal_actions"] or view["to_act"] != view["seat"]


@pytest.fixture
def on_loop(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The threads that listed legal actions under the all-at-once rule on an event
    loop (a server's): none should, the lists being made in worker threads."""
    import asyncio

    import rummykit.hand

    names: list[str] = []
    original = rummykit.hand.legal_actions

    def spy(hand: Any, check: Any) -> Any:
        if hand.rules.all_at_once_from_deal is not None:
            try:
                asyncio.get_running_loop()
                names.append(threading.current_thread().name)
            except RuntimeError:  # a worker thread: as it should be
                pass
        return original(hand, check)

    monkeypatch.setattr(rummykit.hand, "legal_actions", spy)
    return names


def test_a_game_brought_back_lists_its_actions_off_the_event_loop(
    make_server: Callable[..., LiveServer], sqlite_url: str, on_loop: list[str]
) -> None:
    # found by a review: after a restart a bot to act read the list made on the loop
    options = {"all_at_once_from_deal": 1}
    with make_server(db=sqlite_url, bot_delay=30.0) as live:  # the bot waits to play
        table = live.table(seats("open", "greedy"), options=options)["id"]
        ana = live.join(table, "Ana")
        client = live.client(table, ana)
        client.until("table")
        live.post(f"/tables/{table}/start", {"token": ana})
        view = client.until("state")["view"]
        while view["to_act"] == view["seat"]:
            legal = view["legal_actions"]
            client.act("draw" if "draw" in legal else next(a for a in legal if "discard" in a))
            view = client.view
        client.close()
    assert on_loop == []
    with make_server(db=sqlite_url, bot_delay=30.0) as live:
        wait_for(lambda: live.get("/health")["tables"] == 1)
        wait_for(lambda: live.server.lobby.tables[table].game.hand.legal_cache is not None)
        watcher = live.client(table)
        assert watcher.until("state")["view"]["to_act"] == 1
        watcher.close()
    assert on_loop == []


def test_a_game_read_back_after_a_failed_write_lists_its_actions_off_the_event_loop(
    make_server: Callable[..., LiveServer], sqlite_url: str, on_loop: list[str]
) -> None:
    # found by a review: Table.refresh's list had no test
    failing = [False]

    def fault(point: str) -> None:
        if point == "before-log" and failing[0]:
            raise OSError("the disk is full")

    with make_server(db=sqlite_url, fault=fault) as live:
        table = live.table(seats("open", "open"), options={"all_at_once_from_deal": 1})["id"]
        tokens = [live.join(table, name) for name in ("Ana", "Ben")]
        live.post(f"/tables/{table}/start", {"token": tokens[0]})
        clients = [live.client(table, token) for token in tokens]
        for client in clients:
            client.until("state")
        mover = next(c for c in clients if c.my_turn())
        failing[0] = True
        assert mover.act("draw")["rule"] == "server.storage"
        mover.until("state")  # the game as the log holds it, sent again
        for client in clients:
            client.close()
    assert on_loop == []


def test_when_the_clock_runs_out_a_bot_plays_the_turn(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, clock_range=(1, 60)) as live:
        table, _, clients = two_people(live, clock=1)
        assert live.get(f"/tables/{table}")["clock"] == 1
        assert clients[0].view is not None
        late = clients[0].view["to_act"]
        watcher = clients[1 - late]
        notice = watcher.until("notice", timeout=5)
        assert notice["notice"] == "clock" and notice["seat"] == late
        played: list[dict[str, Any]] = []
        while watcher.view is None or watcher.view["to_act"] == late:
            message = watcher.until("event")
            played.append(message)
            watcher.until("state")
        assert played and {m["by"] for m in played} == {"clock"}
        assert {m["event"]["seat"] for m in played} == {late}


def test_once_the_clock_ran_out_the_bot_has_the_turn_and_the_person_waits_for_the_next(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # the clock's bot waits (bot_delay) before each move: meanwhile the late person's
    # action, hint and undo are refused as server.clock, and nothing is played for them
    with make_server(db=sqlite_url, clock_range=(1, 60), bot_delay=3.0) as live:
        _, _, clients = two_people(live, clock=1)
        assert clients[0].view is not None
        late = clients[clients[0].view["to_act"]]
        assert late.until("notice", timeout=5)["notice"] == "clock"
        # the state sent with the notice says the clock ran out, for the page to offer
        # nothing until the turn ends
        clock = late.until("state")["clock"]
        assert clock is not None and (clock["seat"], clock["fired"], clock["left"]) == (
            late.seat,
            True,
            0,
        )
        refused = late.act("draw")
        assert refused["type"] == "error" and refused["rule"] == "server.clock"
        assert refused["seq"] == late.seq  # nothing was played
        for ask in ({"type": "hint"}, {"type": "undo", "seq": late.seq}):
            late.send(ask)
            answer = late.until("error")
            assert answer["rule"] == "server.clock", ask
        event = late.until("event", timeout=10)
        assert event["by"] == "clock" and event["event"]["seat"] == late.seat


def test_leaving_and_coming_back_mid_turn_keeps_the_clock_and_everybody_sees_it(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # the stand-in waits (bot_delay) before it plays, so the person is back in time; the
    # clock goes on from its deadline (leaving is no way to a fresh clock), and the clock
    # each client shows is sent again at once: stopped while away, running when back
    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=5.0) as live:
        table, tokens, _, first, mover, watcher = _clocked_table(live)
        running = first["clock"]
        assert running is not None and running["seat"] == mover
        assert 590 < running["left"] <= 600  # the seconds left when the state was sent
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})
        assert watcher.until("state")["clock"] is None
        live.post(f"/tables/{table}/back", {"token": tokens[mover]})
        again = watcher.until("state")
        assert again["seq"] == first["seq"]  # the stand-in had not played
        assert _same_clock(again["clock"], running)
        assert again["clock"]["left"] <= running["left"] - 1  # it went on meanwhile


def _same_clock(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two states show the same clock: its seat, deadline and window (``left``
    is the time left when each state was sent)."""
    return {**a, "left": None} == {**b, "left": None}


class Clocked(NamedTuple):
    """A started 2-player table with a 600 s clock, as :func:`_clocked_table` leaves it."""

    table: str
    tokens: list[str]
    clients: list[Any]
    first: dict[str, Any]  # the first state the first seat got
    mover: int  # the seat to act
    watcher: Any  # the other seat's client, its messages so far drained


def _clocked_table(live: LiveServer) -> Clocked:
    """Starts a 2-player table with a 600 s clock and lets the clock run 1.1 s, so that
    a clock started anew would end later than the running one."""
    table = live.table(seats("open", "open"), clock=600)["id"]
    tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    clients = [live.client(table, t) for t in tokens]
    states = [c.until("state") for c in clients]
    first = states[0]
    mover = first["view"]["to_act"]
    watcher = clients[1 - mover]
    watcher.drain(0.2)
    time.sleep(1.1)
    return Clocked(table, tokens, clients, first, mover, watcher)


def test_back_after_the_stand_in_drew_keeps_the_turns_clock(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=1.0) as live:
        table, tokens, _, first, mover, watcher = _clocked_table(live)
        running = first["clock"]
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})
        ev = watcher.until("event")  # the stand-in's first move (after bot_delay)
        assert ev["event"]["seat"] == mover  # a draw or a take: the turn goes on
        live.post(f"/tables/{table}/back", {"token": tokens[mover]})
        st = watcher.until("state", lambda m: m["clock"] is not None)
        assert st["view"]["to_act"] == mover
        assert st["clock"]["deadline"] == running["deadline"]  # the same turn's clock


def test_a_restart_in_the_middle_of_back_goes_on_with_the_stopped_clock(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a review: back wrote the seat (its stopped clock cleared) and the clock
    # going on in two transactions; a server killed between them came back with neither,
    # and the restored table gave the person a fresh clock. Here every write of the clock
    # alone fails (as the second transaction never came): the seat's own write carries it
    from rummykit.server.storage import StorageError

    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=10.0) as live:
        table, tokens, _, first, mover, _ = _clocked_table(live)
        running = first["clock"]
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})

        async def killed(*_: object) -> None:
            raise StorageError("set_clock failed: the server was killed")

        monkeypatch.setattr(live.server.store, "set_clock", killed)
        live.http.post(f"/tables/{table}/back", json={"token": tokens[mover]})
        monkeypatch.undo()
    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=10.0) as live:
        state = live.client(table, tokens[mover]).until("state")
        assert state["seq"] == first["seq"]  # the stand-in had not played
        assert _same_clock(state["clock"], running)  # not a fresh one
        assert not live.get(f"/tables/{table}")["seats"][mover]["away"]


def test_another_seats_back_keeps_the_stopped_clock(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=5.0) as live:
        table, tokens, _, first, mover, watcher = _clocked_table(live)
        running = first["clock"]
        other = 1 - mover
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})
        live.post(f"/tables/{table}/leave", {"token": tokens[other]})
        live.post(f"/tables/{table}/back", {"token": tokens[other]})
        live.post(f"/tables/{table}/back", {"token": tokens[mover]})
        watcher.drain(0.3)
        st = live.client(table, tokens[other]).until("state")
        assert st["seq"] == first["seq"]
        assert _same_clock(st["clock"], running)  # another seat's back did not lose it


def test_a_clock_that_ran_out_does_not_run_out_again_after_leave_and_back(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, clock_range=(1, 600), bot_delay=4.0) as live:
        table, tokens, clients = two_people(live, clock=1)
        assert clients[0].view is not None
        mover = clients[0].view["to_act"]
        watcher = clients[1 - mover]
        n1 = watcher.until("notice", timeout=5)
        live.post(f"/tables/{table}/leave", {"token": tokens[mover]})
        live.post(f"/tables/{table}/back", {"token": tokens[mover]})
        got = []
        end = time.monotonic() + 6
        while time.monotonic() < end:
            try:
                m = watcher.recv(max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
            if m["type"] == "event":
                break  # the first action after the clock ran out
            got.append(m)
        notices = [n1] + [m for m in got if m["type"] == "notice"]
        assert [m["notice"] for m in notices].count("clock") == 1  # once, not again


def test_a_player_who_leaves_is_stood_in_for_and_comes_back(live: LiveServer) -> None:
    table = live.table(seats("open", "open"))["id"]
    ana, ben = live.join(table, "Ana"), live.join(table, "Ben")
    live.post(f"/tables/{table}/start", {"token": ana})
    a, b = live.client(table, ana), live.client(table, ben)
    a.until("state")
    b.until("state")
    left = live.post(f"/tables/{table}/leave", {"token": ben})
    assert left["table"]["seats"][1]["away"] is True
    assert a.until("notice")["notice"] == "away"
    assert b.act("draw")["rule"] == "server.away"
    for _ in range(2):  # Ana's turns; the stand-in plays Ben's
        _wait_turn(a)
        _play_turn(a)
    stood_in = [m for m in a.messages if m["type"] == "event" and m["event"]["seat"] == 1]
    assert stood_in and {m["by"] for m in stood_in} == {"stand-in"}
    live.post(f"/tables/{table}/back", {"token": ben})
    b.until("notice", lambda m: m["notice"] == "back")
    back_at = len(b.messages)
    # the stand-in may have finished Ben's turn before he came back: Ana plays on until
    # Ben's turn comes, and then it waits for Ben
    deadline = time.monotonic() + 30
    while not b.my_turn():
        assert time.monotonic() < deadline, "Ben's turn never came"
        a.drain(0.05)
        if a.my_turn():
            _play_turn(a)
        b.drain(0.05)
    assert b.view is not None
    assert b.act(b.view["legal_actions"][0])["type"] == "ack"
    later = [m for m in b.messages[back_at:] if m["type"] == "event" and m["event"]["seat"] == 1]
    assert later and {m["by"] for m in later} == {"player"}  # no stand-in once he was back


@pytest.mark.parametrize("level", ["ismcts", "expert"])
def test_a_search_bot_plays_in_a_worker_process(
    make_server: Callable[..., LiveServer], sqlite_url: str, level: str
) -> None:
    with make_server(db=sqlite_url, processes=1) as live:
        _, client = _up_to_the_bot(live, level)
        event = client.until("event", lambda m: m["event"]["seat"] == 1, timeout=60)
        assert event["by"] == "bot"
        assert live.server.runner._pool is not None  # it went through the pool


def test_a_stopped_clock_goes_on_only_in_its_own_turn_of_its_own_game() -> None:
    # hand numbers and turns start again with each game: a clock stopped in the first
    # turn of a game is not one to go on with in the first turn of the next
    import datetime as dt
    from types import SimpleNamespace
    from typing import cast

    from rummykit.server.seating import resumed
    from rummykit.server.storage import SeatRow
    from rummykit.server.table import Table

    deadline = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    stopped = {"game": "g1", "hand": 1, "turn": 0, "deadline": deadline.isoformat()}
    stopped |= {"window": False, "fired": False}
    seat = SeatRow(0, "person", "Ana", None, "hash", True, stopped)

    def table(game: str, turn: tuple[int, int]) -> Table:
        fake = SimpleNamespace(game_row=SimpleNamespace(id=game), turn_id=lambda: turn)
        return cast(Table, fake)

    kept = resumed(seat, table("g1", (1, 0)))
    assert kept is not None and (kept.seat, kept.deadline, kept.fired) == (0, deadline, False)
    assert resumed(seat, table("g2", (1, 0))) is None  # the next game
    assert resumed(seat, table("g1", (1, 1))) is None  # a later turn


def _ended(pid: int) -> bool:
    """Whether process ``pid`` has ended (reaped: ``is_alive()`` cannot tell, as the
    pool's own thread may have reaped it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("workers", [1, 2])
def test_a_dead_bot_worker_is_replaced_and_the_bot_still_decides(workers: int) -> None:
    # found by a review: a worker process killed (as the system does for memory) broke
    # the pool for good, and every search bot at every table then played its first
    # legal action, a draw and a discard, until the server restarted; with two workers,
    # one killed while the other lives (the pool ends the survivor with SIGTERM, which a
    # worker must not ignore: the server hung on it)
    import asyncio

    from rummykit import Game, Rules
    from rummykit.server.botrunner import BotRunner
    from rummykit.server.config import ServerConfig

    runner = BotRunner(ServerConfig(processes=workers))
    level = sorted(runner.config.process_levels)[0]
    bot = runner.make(level, seed="s", name="Bo")
    game = Game(Rules.preset("500-rum"), ["Ana", "Bo"], seed=3)
    view = game.view(game.to_act)

    async def twice() -> None:
        first = await asyncio.gather(*(runner.decide(bot, view) for _ in range(workers)))
        assert set(first) <= set(game.legal_actions())
        pool = runner._pool
        assert pool is not None
        processes = list(pool._processes.values())  # type: ignore[union-attr]
        assert len(processes) == workers
        processes[0].kill()
        processes[0].join()
        again = await asyncio.wait_for(runner.decide(bot, view), 60)
        assert again in game.legal_actions()
        assert runner._pool is not None and runner._pool is not pool
        wait_for(lambda: all(_ended(p.pid) for p in processes if p.pid))

    try:
        asyncio.run(twice())
    finally:
        runner.close()
    assert runner._pool is None


def test_bot_workers_end_at_close_and_start_again_after_open() -> None:
    # a closed runner starts no worker (nothing would end it); a server started again
    # (a second lifespan) opens it again
    import asyncio
    from concurrent.futures.process import BrokenProcessPool

    from rummykit import Game, Rules
    from rummykit.server.botrunner import BotRunner
    from rummykit.server.config import ServerConfig

    runner = BotRunner(ServerConfig(processes=1))
    level = sorted(runner.config.process_levels)[0]
    bot = runner.make(level, seed="s", name="Bo")
    game = Game(Rules.preset("500-rum"), ["Ana", "Bo"], seed=3)
    view = game.view(game.to_act)
    asyncio.run(runner.decide(bot, view))
    pool = runner._pool
    assert pool is not None
    processes = list(pool._processes.values())  # type: ignore[union-attr]
    runner.close()
    wait_for(lambda: all(_ended(p.pid) for p in processes if p.pid))
    with pytest.raises(BrokenProcessPool):
        asyncio.run(runner.decide(bot, view))
    runner.open()
    try:
        assert asyncio.run(runner.decide(bot, view)) in game.legal_actions()
    finally:
        runner.close()
