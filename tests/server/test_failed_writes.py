"""Writes that fail at a bad moment (found by a review of the server as an operator): a
clock's pass not logged, a database that can be read but not written, a commit whose
answer is lost, a clock that could not be stored at a game's start. Each test drives a
table in this process (its lobby, its store on a real database) and fails one of the
store's writes on purpose. Each runs on SQLite and, when RUMMYKIT_TEST_DATABASE_URL is
set, on PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest

from rummykit import CallRummy, Draw, Meld, Phase
from rummykit.server import ServerConfig, assist, seating
from rummykit.server.botrunner import BotRunner
from rummykit.server.errors import LobbyError
from rummykit.server.lobby import Lobby, NewTable, SeatSpec
from rummykit.server.storage import Store
from rummykit.server.table import LOG_RETRY, Table, TableStopped


class Conn:
    """A client as the table sees one: what it was sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat, self.got, self.owed = seat, [], 0

    def send(self, message: dict[str, Any], catching_up: bool = False) -> None:
        self.got.append(message)

    def close(self, code: int = 1000) -> None:
        pass

    async def finish(self, code: int = 1000) -> None:
        pass

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.got]


@asynccontextmanager
async def lobby_on(db: str, **config: Any) -> AsyncIterator[tuple[Lobby, Store]]:
    settings = ServerConfig(db=db, processes=0, **config)
    store = await Store.open(settings.db)
    lobby = Lobby(store, settings, BotRunner(settings))
    try:
        yield lobby, store
    finally:
        for table in list(lobby.tables.values()):
            table.conns.clear()
        await lobby.close()
        await store.close()


def failing(
    store: Store, name: str, after: bool = False, times: list[float] | None = None
) -> list[int]:
    """Makes ``store.name`` fail while the returned list's first number is above 0 (each
    failure counts it down; -1: for ever); ``after``: the write is committed first, and
    the failure is its answer lost. The list's second number counts the calls, and
    ``times`` (if given) gets the moment of each."""
    real: Callable[..., Awaitable[Any]] = getattr(store, name)
    left = [0, 0]

    async def write(*args: Any, **kwargs: Any) -> Any:
        left[1] += 1
        if times is not None:
            times.append(time.monotonic())
        if left[0] == 0:
            return await real(*args, **kwargs)
        left[0] -= int(left[0] > 0)
        if after:
            await real(*args, **kwargs)
        raise OSError(f"{name}: the database failed")

    setattr(store, name, write)
    return left


async def started(lobby: Lobby, seats: list[SeatSpec], **spec: Any) -> tuple[Table, list[str]]:
    table = await lobby.create(NewTable(seats=seats, options={"target": 100}, **spec))
    tokens = []
    for name, seat in zip(("Ana", "Ben", "Cy"), seats, strict=False):
        if seat.kind == "open":
            tokens.append((await table.call(seating.join, table, name, None))["token"])
    await table.call(seating.start, table, tokens[0])
    return table, tokens


async def until(done: Callable[[], bool], timeout: float = 20.0) -> None:
    """Waits (polling) until ``done()``; fails after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.02)


async def _a_meld_to_undo(lobby: Lobby) -> tuple[Table, Conn, Conn]:
    """A two-player table whose first player drew and melded (a deal where they can),
    with a client for each seat: the mover's first."""
    for _ in range(30):
        table, _ = await started(lobby, [SeatSpec(), SeatSpec()])
        assert table.game is not None
        mover = table.game.to_act
        assert await table.call(table.play, mover, Draw(), "player")
        melds = [a for a in table.game.legal_actions() if isinstance(a, Meld)]
        if melds:
            break
    assert await table.call(table.play, mover, melds[0], "player")
    actor, other = Conn(mover), Conn(1 - mover)
    table.conns |= {actor, other}
    return table, actor, other


@pytest.fixture(autouse=True)
def _quiet(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.CRITICAL, logger="rummykit.server")


def test_a_call_windows_pass_not_logged_is_never_decided_by_a_bot(db_url: str) -> None:
    # the clock of a person offered a Rummy call ran out and its pass could not be
    # logged: the clock's bot took the window, and could call Rummy for them
    async def check() -> None:
        async with lobby_on(db_url, call_clock=1) as (lobby, store):
            rng = random.Random(1)
            for _ in range(40):  # play at random until somebody is offered a call
                table, _ = await started(lobby, [SeatSpec(), SeatSpec(), SeatSpec()], clock=60)
                game = table.game
                assert game is not None
                for _ in range(400):
                    if game.over or game.hand.phase is Phase.RUMMY:
                        break
                    legal = [a for a in game.legal_actions() if not isinstance(a, CallRummy)]
                    assert await table.call(table.play, game.to_act, rng.choice(legal), "player")
                    game = table.game
                    assert game is not None
                if game.hand.phase is Phase.RUMMY:
                    break
            assert game.hand.phase is Phase.RUMMY
            seat, seq = game.to_act, table.row.seq
            person = Conn(seat)
            table.conns.add(person)
            times: list[float] = []
            writes = failing(store, "append_action", times=times)
            writes[0] = 1
            await until(lambda: writes[1] == 1)  # the call's clock (a second) ran out
            await table.call(asyncio.sleep, 0)  # the table's task is done with it
            assert table.row.seq == seq  # its pass was not logged
            assert table.clock.window and table.clock.seat == seat
            assert table.controller(seat) is None  # no bot decides the call
            assert not table.timed_out(seat)  # the person still may
            # and their page is not told the clock ran out, which would take the call away
            last_state = [m for m in person.got if m["type"] == "state"][-1]
            assert last_state["clock"]["window"] and not last_state["clock"]["fired"]
            await until(lambda: table.row.seq > seq)  # the clock runs out again: the pass
            assert times[1] - times[0] >= LOG_RETRY  # after a while, not at once
            last = table.log[-1]
            assert (last.seq, last.seat, last.action, last.by) == (seq + 1, seat, "pass", "clock")
            assert all(row.by != "clock" or row.action == "pass" for row in table.log)

    asyncio.run(check())


def test_a_bot_whose_writes_fail_tries_again_in_a_while_not_in_a_loop(db_url: str) -> None:
    # a database that can be read but not written (a full disk): the bot's table wrote,
    # failed and read its log back hundreds of times a second
    async def check() -> None:
        async with lobby_on(db_url, bot_delay=0.0) as (lobby, store):
            times: list[float] = []
            writes = failing(store, "append_action", times=times)
            reads = failing(store, "load_table")
            for _ in range(20):
                table, _ = await started(lobby, [SeatSpec(), SeatSpec("bot", "random")])
                assert table.game is not None
                if table.game.to_act == 1:
                    break
            assert table.game.to_act == 1
            writes[:] = [-1, 0]
            reads[1] = 0
            times.clear()
            await until(lambda: writes[1] >= 3)
            gaps = [b - a for a, b in itertools.pairwise(times)][:2]
            assert min(gaps) >= LOG_RETRY, gaps  # then again every LOG_RETRY, not at once
            assert reads[1] in (writes[1], writes[1] - 1)  # a failed write read the log once
            seq = table.row.seq
            writes[0] = 0  # the disk has room again: the bot plays
            await until(lambda: table.row.seq > seq)
            assert table.log[-1].by == "bot"

    asyncio.run(check())


def test_an_action_committed_though_its_write_failed_is_acknowledged_and_sent(
    db_url: str,
) -> None:
    # the answer to the commit was lost: the player was told "not played" though the log
    # held the action, and nobody was sent its event
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, _ = await started(lobby, [SeatSpec(), SeatSpec()])
            assert table.game is not None
            mover = table.game.to_act
            actor, other, watcher = Conn(mover), Conn(1 - mover), Conn(None)
            table.conns |= {actor, other, watcher}
            watcher.owed = 3  # still being sent an earlier catch-up: the event comes all the same
            writes = failing(store, "append_action", after=True)
            writes[0] = 1
            await table.call(table.act, actor, "draw", 0)
            assert table.row.seq == 1 and table.log[-1].action == "draw"
            assert actor.got[0] == {"type": "ack", "seq": 1, "action": "draw"}
            assert not any(m["type"] == "error" for m in actor.got)
            for conn in (actor, other, watcher):
                events = [m for m in conn.got if m["type"] == "event"]
                assert [m["seq"] for m in events] == [1], conn.got
                assert conn.got[-1]["type"] == "state" and conn.got[-1]["seq"] == 1

            def drawn(conn: Conn) -> Any:
                return next(m for m in conn.got if m["type"] == "event")["event"]["drawn"]

            assert drawn(actor) is not None
            assert drawn(other) is None and drawn(watcher) is None  # nobody sees another's

    asyncio.run(check())


def test_the_clock_a_commit_stored_is_the_one_read_back_and_never_written_again(
    db_url: str,
) -> None:
    # found by a review: reading the log back after a write lost after its commit wrote
    # the clock again; that write failing made the read count as failed (the player told
    # "not played", nobody sent the event)
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, _ = await started(lobby, [SeatSpec(), SeatSpec()], clock=60)
            assert table.game is not None
            mover = table.game.to_act
            actor, other = Conn(mover), Conn(1 - mover)
            table.conns |= {actor, other}
            await table.call(table.act, actor, "draw", 0)
            assert table.game is not None
            card = str(table.game.view(mover).hand[0])
            writes = failing(store, "append_action", after=True)
            clocks = failing(store, "set_clock")
            writes[0], clocks[0] = 1, -1
            actor.got.clear()
            other.got.clear()
            await table.call(table.act, actor, f"discard {card}", 1)
            assert actor.got[0] == {"type": "ack", "seq": 2, "action": f"discard {card}"}
            assert [m["seq"] for m in other.got if m["type"] == "event"] == [2]
            stored = (await store.load_table(table.row.id)).table
            assert clocks[1] == 0  # the commit stored the next turn's clock
            assert (table.clock.seat, table.clock.deadline) == (1 - mover, stored.clock_deadline)
            assert not table.clock.fired

    asyncio.run(check())


def test_a_clock_read_back_is_the_stored_one_not_a_run_out_one_of_the_same_seat(
    db_url: str,
) -> None:
    # found by a review: the clock kept in memory went on when the log was read back if
    # its seat and part of the turn were the same, though the database held a new one (a
    # hand ended by the clock's bot, its answer lost, the same seat leading the next):
    # the person's new turn was played by the clock's bot
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, _ = await started(lobby, [SeatSpec(), SeatSpec()], clock=60)
            seat = table.clock.seat
            assert seat is not None and table.clock.deadline is not None
            table.clock.fired = True  # the turn before ran out, as the table last saw it
            later = table.clock.deadline + dt.timedelta(seconds=30)
            await store.set_clock(table.row.id, seat, later)  # the new turn's, stored
            await table.call(table.read_log)
            assert (table.clock.seat, table.clock.deadline) == (seat, later)
            assert not table.clock.fired and not table.timed_out(seat)
            assert table.controller(seat) is None

    asyncio.run(check())


def test_an_undo_committed_though_its_write_failed_is_sent_to_everybody(db_url: str) -> None:
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, actor, other = await _a_meld_to_undo(lobby)
            seq = table.row.seq
            writes = failing(store, "take_back", after=True)
            writes[0] = 1
            await table.call(assist.take_back, table, actor, seq)
            assert table.row.seq == seq + 1 and table.log[-1].action == "undo"
            assert [m["type"] for m in actor.got] == ["undone", "state"], actor.got
            assert [m["type"] for m in other.got] == ["undone", "state"]
            assert actor.got[0]["undone"] == seq

    asyncio.run(check())


def test_an_action_not_logged_is_refused_and_everybody_keeps_the_view(db_url: str) -> None:
    # the other side of the test above: not committed, not played, nobody sent an event
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, _ = await started(lobby, [SeatSpec(), SeatSpec()])
            assert table.game is not None
            mover = table.game.to_act
            actor, other = Conn(mover), Conn(1 - mover)
            table.conns |= {actor, other}
            writes = failing(store, "append_action")
            writes[0] = 1
            await table.call(table.act, actor, "draw", 0)
            assert table.row.seq == 0 and not table.log
            assert actor.kinds() == ["error", "state"] and actor.got[0]["rule"] == "server.storage"
            assert other.kinds() == ["state"]

    asyncio.run(check())


def test_a_clock_that_could_not_be_stored_does_not_start_the_game(db_url: str) -> None:
    # the game was stored, then storing its first clock failed: nobody was told the game
    # began, the first turn had no clock, and starting again was refused as started
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table = await lobby.create(NewTable(seats=[SeatSpec(), SeatSpec()], clock=30))
            a = await table.call(seating.join, table, "Ana", None)
            b = await table.call(seating.join, table, "Ben", None)
            conns = [Conn(0), Conn(1)]
            table.conns |= set(conns)
            games = failing(store, "start_game")
            clocks = failing(store, "set_clock")
            games[0] = clocks[0] = -1
            with pytest.raises(OSError):
                await table.call(seating.start, table, a["token"])
            assert table.row.status == "waiting" and table.game is None
            assert (await store.load_table(table.row.id)).table.status == "waiting"
            assert all(c.got == [] for c in conns)
            games[0] = 0  # the clock is stored with the game, not after it
            await table.call(seating.start, table, b["token"])
            assert clocks[1] == 0
            assert table.row.status == "playing" and table.clock.seat is not None
            stored = (await store.load_table(table.row.id)).table
            assert (stored.clock_seat, stored.clock_deadline) == (
                table.clock.seat,
                table.clock.deadline,
            )
            for c in conns:
                assert c.kinds() == ["table", "state"]
                assert c.got[-1]["clock"]["seat"] == table.clock.seat

    asyncio.run(check())


def test_a_game_stored_though_its_answer_was_lost_is_started_once(db_url: str) -> None:
    # found by a review: the start was refused though the game was stored; the table in
    # memory still waited, and starting again stored a second game of the same number
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table = await lobby.create(NewTable(seats=[SeatSpec(), SeatSpec()], clock=30))
            a = await table.call(seating.join, table, "Ana", None)
            await table.call(seating.join, table, "Ben", None)
            conns = [Conn(0), Conn(1)]
            table.conns |= set(conns)
            games = failing(store, "start_game", after=True)
            games[0] = 1
            await table.call(seating.start, table, a["token"])
            stored = await store.load_table(table.row.id)
            assert stored.table.status == table.row.status == "playing"
            assert stored.game is not None and table.game_row is not None
            assert table.game_row.id == stored.game.id and table.game is not None
            assert (table.clock.seat, table.clock.deadline) == (
                stored.table.clock_seat,
                stored.table.clock_deadline,
            )
            for c in conns:
                assert c.kinds() == ["table", "state"]
            with pytest.raises(LobbyError):  # started: not again
                await table.call(seating.start, table, a["token"])
            assert games[1] == 1

    asyncio.run(check())


def test_a_hello_queued_before_the_sweep_closed_the_table_is_turned_away(db_url: str) -> None:
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, _):
            table = await lobby.create(NewTable(seats=[SeatSpec(), SeatSpec()]))
            table.row.status = "closed"  # as the sweep leaves it, before dropping it
            with pytest.raises(TableStopped):
                await table.call(seating.connect, table, Conn(None), None, None)
            assert not table.conns

    asyncio.run(check())


async def _stored_seat(store: Store, table: Table, seat: int) -> Any:
    return (await store.stored_seats(table.row.id))[1][seat]


def test_a_leave_and_a_back_stored_though_their_answers_were_lost_are_done(db_url: str) -> None:
    # the seat's write committed, its answer lost: the player was told the leave failed,
    # memory kept them seated while the database had them away (a restart handed the
    # seat to a stand-in), and a back the other way round
    async def check() -> None:
        # the stand-in waits (bot_delay): playing the turn meanwhile would move the clock
        async with lobby_on(db_url, bot_delay=60.0) as (lobby, store):
            table, tokens = await started(lobby, [SeatSpec(), SeatSpec()], clock=60)
            assert table.game is not None
            mover = table.game.to_act  # the one whose clock runs leaves: it stops
            assert table.clock.seat == mover and table.clock.deadline is not None
            writes = failing(store, "update_seat", after=True)
            writes[0] = 1
            left = await table.call(seating.leave, table, tokens[mover])
            assert left["left"] is True and table.seats[mover].away
            seat = await _stored_seat(store, table, mover)
            assert seat == table.seats[mover] and seat.stopped is not None
            stored = (await store.load_table(table.row.id)).table
            assert stored.clock_seat is None and table.row.clock_seat is None
            assert table.clock.seat is None  # the stand-in plays without a clock
            writes[0] = 1
            await table.call(seating.back, table, tokens[mover])
            assert not table.seats[mover].away
            assert await _stored_seat(store, table, mover) == table.seats[mover]
            stored = (await store.load_table(table.row.id)).table
            assert stored.clock_seat == mover == table.clock.seat  # the clock goes on
            assert stored.clock_deadline == table.clock.deadline

    asyncio.run(check())


def test_a_leave_not_stored_is_refused_and_the_seat_stays_as_it_was(db_url: str) -> None:
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table, tokens = await started(lobby, [SeatSpec(), SeatSpec()], clock=60)
            before, clock = table.seats[0], table.clock
            writes = failing(store, "update_seat")
            writes[0] = 1
            with pytest.raises(OSError, match="the database failed"):
                await table.call(seating.leave, table, tokens[0])
            assert table.seats[0] == before and not before.away and table.clock is clock
            assert await _stored_seat(store, table, 0) == before

    asyncio.run(check())


def test_a_join_stored_though_its_answer_was_lost_takes_the_seat(db_url: str) -> None:
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, store):
            table = await lobby.create(NewTable(seats=[SeatSpec(), SeatSpec()]))
            writes = failing(store, "update_seat", after=True)
            writes[0] = 1
            joined = await table.call(seating.join, table, "Ana", None)
            assert joined["seat"] == 0 and table.seats[0].name == "Ana"
            assert await _stored_seat(store, table, 0) == table.seats[0]

    asyncio.run(check())


def test_a_table_closed_though_the_answer_was_lost_is_closed_in_memory_too(db_url: str) -> None:
    # memory kept it waiting while the database had it closed: a join before the next
    # sweep seated people at a table no restart would bring back
    async def check() -> None:
        async with lobby_on(db_url, empty_ttl=0.0) as (lobby, store):
            table = await lobby.create(NewTable(seats=[SeatSpec(), SeatSpec()]))
            writes = failing(store, "close_table", after=True)
            writes[0] = 1
            await asyncio.sleep(0.01)
            closed, _ = await lobby.sweep()
            assert closed == 1 and table.row.status == "closed"
            assert (await store.stored_seats(table.row.id))[0] == "closed"

    asyncio.run(check())


def test_an_undo_stored_is_sent_to_everybody_though_the_next_list_failed(db_url: str) -> None:
    async def check() -> None:
        async with lobby_on(db_url) as (lobby, _store):
            table, actor, other = await _a_meld_to_undo(lobby)
            seq = table.row.seq

            async def fails() -> None:
                raise RuntimeError("the thread pool is shutting down")

            table.list_actions = fails  # type: ignore[method-assign]
            await table.call(assist.take_back, table, actor, seq)
            assert table.row.seq == seq + 1
            assert [m["type"] for m in actor.got] == ["undone", "state"], actor.got
            assert [m["type"] for m in other.got] == ["undone", "state"]

    asyncio.run(check())
