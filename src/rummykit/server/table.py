"""A live table, owned by one asyncio task: every change to it (an action, a bot's
choice, a clock running out, a seat taken or left, a client connecting) runs in that task,
one after another, so a table's actions are strictly ordered.

An action's life: checked and applied to the in-memory game, logged to the database,
then acknowledged and sent to every client as each one may see it (its event and its own
view). If the log cannot be written the game is rebuilt from the log and the action is
refused (``server.storage``): nothing is acknowledged that is not logged. A write can fail
after its commit (the answer to the commit was lost): the log read back then holds the
action, which is acknowledged and sent to everybody after all. A bot's (or a clock's)
action that could not be logged is tried again after :data:`LOG_RETRY` seconds, not at
once, so that a database that can be read but not written is not hammered.

A table with a turn clock stores each clock's deadline with the table (in the same
transaction as the action that started it), so a restarted server goes on with the same
deadline. A person offered a Rummy call gets the shorter of the turn clock and
``ServerConfig.call_clock``; when it runs out the server passes for them (it never calls
a Rummy on anybody's behalf). When a turn's clock runs out the heuristic bot plays the
rest of that turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

from rummykit import (
    Action,
    Discard,
    Event,
    Game,
    Pass,
    Phase,
    RummyError,
    parse_action,
    write_record,
)
from rummykit.bots import DEFAULT_LEVEL
from rummykit.server.botrunner import BotRunner, SeatBot
from rummykit.server.clocks import TurnClock, follow, ran_out
from rummykit.server.config import ServerConfig
from rummykit.server.connection import Connection
from rummykit.server.logs import event as log_event
from rummykit.server.protocol import LOG_UNREADABLE, TIMED_OUT, error, stale
from rummykit.server.records import event_for, game_result, hand_row, rebuild
from rummykit.server.storage import ActionRow, GameRow, SeatRow, Store, TableRow, TableState, now
from rummykit.server.undo import UndoRefused, is_undo, undo_point, undone_message
from rummykit.wire import event_to_json, view_to_json

__all__ = ["Table", "TableStopped", "table_doc"]

_T = TypeVar("_T")

#: Seconds between tries to read an unreadable log again (meanwhile the bots wait).
LOG_RETRY = 2.0
_STOP = object()


def table_doc(state: TableState, connected: set[int]) -> dict[str, Any]:
    """A table as the lobby and the ``table`` message show it (``connected``: the seats
    with a client)."""
    row, game = state.table, state.game
    return {
        "id": row.id,
        "code": row.code,
        "preset": row.preset,
        "options": row.options,
        "clock": row.clock,
        "status": row.status,
        "seq": row.seq,
        "game": None if game is None else game.id,
        "game_number": 0 if game is None else game.number,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "level": s.level,
                "away": s.away,
                "connected": s.kind == "person" and s.seat in connected,
            }
            for s in state.seats
        ],
    }


class TableStopped(RuntimeError):
    """The table's task has stopped (the server is stopping, or the table closed)."""


class Table:
    """One table: its seats, its game, its clients and the task that owns them all.

    Call its methods from outside only through :meth:`call`, which runs them in the
    table's task (the lobby's operations are in :mod:`rummykit.server.seating`).
    """

    def __init__(
        self, state: TableState, store: Store, config: ServerConfig, runner: BotRunner
    ) -> None:
        self.row: TableRow = state.table
        self.seats: list[SeatRow] = state.seats
        self.store = store
        self.config = config
        self.runner = runner
        self.game_row: GameRow | None = state.game
        self.log: list[ActionRow] = state.actions
        self.game: Game | None = None
        if state.game is not None:
            self.game = rebuild(state.game, state.hands, state.actions)
        #: a write failed and the log could not be read since (the database is down): the
        #: game in memory may be behind the log, so nothing is played until it is read
        #: again (:meth:`refresh`)
        self.log_unreadable = False
        self.conns: set[Connection] = set()
        self.bots: dict[int, SeatBot] = {}
        self.stand_ins: dict[int, SeatBot] = {}
        for s in self.seats:
            if s.kind == "bot" and s.level is not None:
                self.bots[s.seat] = runner.make(
                    s.level, seed=f"{self.row.id}/{s.seat}", name=s.name or ""
                )
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._bot_task: asyncio.Task[tuple[int, int, str, Action]] | None = None
        #: the running turn clock, as stored (the deadline survives a restart)
        self.clock = TurnClock()
        self.clock = self._stored_clock()
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        #: calls queued or running in the task (a busy table is never dropped)
        self.calls = 0
        #: when a client last came or went, or an action was played (time.monotonic())
        self.active_at = time.monotonic()
        #: no bot starts and no clock runs out before this (time.monotonic()): a bot's or a
        #: clock's action could not be logged, and is tried again then
        self.held_until = 0.0
        #: clients between opening the table and their hello (they keep it in memory)
        self.arriving = 0

    # ------------------------------------------------------------------ the task
    def start(self) -> None:
        """Starts the table's task."""
        self._task = asyncio.create_task(self._run(), name=f"table {self.row.code}")

    async def stop(self) -> None:
        """Stops the task, its bot and its clients' writers."""
        self._stopped = True
        self._queue.put_nowait(_STOP)
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        while not self._queue.empty():  # calls that will never run
            item = self._queue.get_nowait()
            if item is not _STOP and not item[2].done():
                item[2].set_exception(TableStopped("the table has stopped"))
        for conn in list(self.conns):
            await conn.finish(1001)  # going away: the server stops, or the table closed

    async def call(self, fn: Callable[..., Awaitable[_T]], *args: Any) -> _T:
        """Runs ``fn(*args)`` in the table's task, after everything queued before it."""
        if self._stopped:
            raise TableStopped("the table has stopped")
        future: asyncio.Future[_T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((fn, args, future))
        self.calls += 1
        try:
            return await future
        finally:
            self.calls -= 1

    async def _run(self) -> None:
        getter: asyncio.Future[Any] | None = None
        try:
            await self.arm_clock()  # a clock that changed while the server was down
        except Exception:
            self._internal("the clock could not be armed")
        try:  # a game brought back from its log: a bot to act reads the list at once
            await self.list_actions()
        except Exception:
            self._internal("the legal actions could not be listed")
        while True:
            self._maybe_start_bot()
            if getter is None:
                getter = asyncio.ensure_future(self._queue.get())
            waits: set[asyncio.Future[Any]] = {getter}
            if self._bot_task is not None:
                waits.add(self._bot_task)
            timeout = None
            deadline = self.clock.deadline
            if deadline is not None and not self.clock.fired and self._bot_task is None:
                timeout = max(0.0, (deadline - now()).total_seconds())
            held = self.held_until - time.monotonic()
            if held > 0 and self._bot_task is None:  # nothing runs by itself till then
                timeout = held
            retry = self.log_unreadable  # no clock runs out meanwhile: nobody can act
            if retry:
                timeout = LOG_RETRY
            done, _ = await asyncio.wait(
                waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            try:
                if self._bot_task is not None and self._bot_task in done:
                    task, self._bot_task = self._bot_task, None
                    await self._bot_done(task)
                if getter in done:
                    item, getter = getter.result(), None
                    if item is _STOP:
                        break
                    fn, args, future = item
                    try:
                        result = await fn(*args)
                    except Exception as e:
                        if not future.done():
                            future.set_exception(e)
                    else:
                        if not future.done():
                            future.set_result(result)
                if not done and retry:
                    await self.refresh()
                elif not done and self._clock_due():
                    await self._clock_ran_out()
            except Exception:  # the table lives on whatever went wrong
                self._internal("the table's task failed")
        if self._bot_task is not None:
            self._bot_task.cancel()

    def _internal(self, message: str) -> None:
        log_event(
            "internal", self.row.id, self.row.seq, message, level=logging.ERROR, exc_info=True
        )

    # ------------------------------------------------------------------ sending
    def send(self, conn: Connection, message: dict[str, Any], catching_up: bool = False) -> None:
        """Queues ``message`` to one client (``catching_up``: one of the events it missed,
        which do not count towards its limit: see :meth:`Connection.send`)."""
        if self.config.on_send is not None:
            self.config.on_send(self, conn.seat, message)
        conn.send(message, catching_up)

    def doc(self) -> dict[str, Any]:
        """The table as the lobby and the ``table`` message show it."""
        connected = {c.seat for c in self.conns if c.seat is not None}
        return table_doc(TableState(self.row, self.seats, self.game_row, [], []), connected)

    def broadcast_table(self) -> None:
        """Sends everybody the table (seats, status)."""
        message = {"type": "table", "table": self.doc()}
        for conn in list(self.conns):
            self.send(conn, message)

    def notice(self, kind: str, seat: int | None, text: str) -> None:
        """Tells everybody something that is not an action (a clock ran out, ...)."""
        message = {"type": "notice", "notice": kind, "seat": seat, "message": text}
        for conn in list(self.conns):
            self.send(conn, message)

    def turn_id(self) -> tuple[int, int]:
        """The turn in progress: the hand's number and how many turns of it have ended
        (discards); a clock goes on within one turn."""
        if self.game is None:
            return (0, 0)
        hand = self.game.hand
        return hand.number, sum(1 for _, a in hand.history if isinstance(a, Discard))

    def hands_played(self) -> list[dict[str, Any]]:
        """The finished hands of the game in progress (or just over), as the events that
        ended them gave their results: the score sheet of a client that saw none of them."""
        if self.game is None:
            return []
        return [
            {"hand": i, "ended_by": r.ended_by.value, "out": r.out, "scores": list(r.scores)}
            for i, r in enumerate(self.game.results, start=1)
        ]

    async def list_actions(self) -> None:
        """Lists the legal actions of the position in play in a thread where that may take
        long: under the all-at-once rule ([wrotham.all-at-once]) with deep takes or Rummy
        calls, one list for a hand of 30 cards or more can take a second or more
        (docs/options.md), which on the event loop would hold up every table. The hand
        keeps the list, so the views sent next (and a bot's) only read it. Run in the
        table's task, which alone changes the game, after every change to it."""
        game = self.game
        if game is None or game.over or game.rules.all_at_once_from_deal is None:
            return
        if game.hand.legal_cache is None:
            await asyncio.to_thread(game.legal_actions)

    def broadcast_state(self) -> None:
        """Sends every client its view again (the clock changed without an action)."""
        for conn in list(self.conns):
            self.send_state(conn)

    def send_state(self, conn: Connection) -> None:
        """Sends one client its own view of the game now."""
        if self.game is None or self.game_row is None:
            return
        self.send(
            conn,
            {
                "type": "state",
                "seq": self.row.seq,
                "game": self.game_row.id,
                "view": view_to_json(self.game.view(conn.seat)),
                "clock": self.clock.doc(),
                "can_undo": self.can_undo(conn.seat),
            },
        )

    def timed_out(self, seat: int) -> bool:
        """Whether ``seat``'s clock ran out in the turn in progress, so that the bot plays
        the rest of it: the person's own actions, undos and hints wait for their next
        turn."""
        clock, game = self.clock, self.game
        return clock.fired and clock.seat == seat and game is not None and game.to_act == seat

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back an action now (:mod:`rummykit.server.undo`)."""
        game = self.game
        if seat is None or game is None or self.row.status != "playing" or self.seats[seat].away:
            return False
        if self.timed_out(seat):
            return False
        try:
            undo_point(game, self.log, seat)
        except UndoRefused:
            return False
        return True

    def catch_up(self, conn: Connection, last: int | None) -> None:
        """Sends the events after ``last`` of the current game (all of them are kept)
        and its undos (``undone``), then the client's view; a ``last`` from another game
        gets the view alone, and so does a client still being sent an earlier catch-up
        (those events, and the ones since, are on their way: a client asking again and
        again does not fill the server's memory with copies of the log)."""
        game = self.game_row
        if game is None:
            return
        if last is not None and not conn.owed and game.first_seq <= last <= self.row.seq:
            for row in self.log:
                if row.seq <= last:
                    continue
                if is_undo(row):
                    self.send(conn, undone_message(row), True)
                else:
                    message = self._event_message(row, event_for(row, conn.seat))
                    self.send(conn, message, True)
        self.send_state(conn)

    def _event_message(self, row: ActionRow, event: dict[str, Any]) -> dict[str, Any]:
        return {"type": "event", "seq": row.seq, "game": row.game_id, "by": row.by, "event": event}

    def _broadcast_event(self, row: ActionRow, event: Event) -> None:
        assert self.game is not None
        views: dict[int | None, dict[str, Any]] = {}
        clock = self.clock.doc()
        for conn in list(self.conns):
            seat = conn.seat
            self.send(conn, self._event_message(row, event_to_json(event, seat)))
            if seat not in views:
                views[seat] = view_to_json(self.game.view(seat))
            state = {"type": "state", "seq": row.seq, "game": row.game_id, "view": views[seat]}
            self.send(conn, {**state, "clock": clock, "can_undo": self.can_undo(seat)})

    # ------------------------------------------------------------------ playing
    async def act(self, conn: Connection, text: str, seen: int) -> None:
        """A client's action: refused with a named error, or played and acknowledged."""
        if not await self.readable(conn):
            return
        seq = self.row.seq
        if conn.seat is None:
            self.send(conn, error("server.spectator", "a spectator cannot act", seq))
            return
        if self.game is None or self.row.status != "playing":
            self.send(conn, error("server.not-playing", "no game is being played", seq))
            return
        seat = self.seats[conn.seat]
        if seat.away:
            self.send(
                conn,
                error("server.away", "a bot plays for you: take your seat back first", seq),
            )
            return
        if self.timed_out(conn.seat):
            self.send(conn, error("server.clock", TIMED_OUT, seq))
            return
        if seen != seq:
            self.send(
                conn,
                error("server.stale", stale("the action", seen, seq), seq),
            )
            return
        try:
            action = parse_action(text)
        except RummyError as e:
            self.send(conn, error(e.rule, e.message, seq))
            return
        await self.play(conn.seat, action, "player", conn)

    async def play(
        self, seat: int, action: Action, by: str, conn: Connection | None = None
    ) -> bool:
        """Applies, logs, acknowledges and sends one action; False if refused."""
        if not await self.readable(conn):
            return False
        game, game_row = self.game, self.game_row
        assert game is not None and game_row is not None
        before = game.clone()  # what the log holds: the game again if the write fails
        try:
            event = game.apply(action, seat)
        except RummyError as e:
            if conn is not None:
                self.send(conn, error(e.rule, e.message, self.row.seq))
            return False
        seq = self.row.seq + 1
        logging_it = False
        try:
            await self.list_actions()  # before the views of the next position are sent
            # anything failing from here to the log leaves the action unlogged: the game in
            # memory, which holds it already, is brought back to the log's
            order = event.stock_order
            row = ActionRow(
                seq=seq,
                game_id=game_row.id,
                hand=event.hand,
                seat=seat,
                action=str(action),
                by=by,
                event=event_to_json(event, seat),
                reshuffle=None if order is None else [str(c) for c in order],
            )
            dealt = hand_row(game) if event.next_hand is not None else None
            clock = self.next_clock(event.next_hand is not None or game.to_act != seat)
            finished = None
            if event.game_over:
                finished = replace(
                    game_row, result=game_result(game), record=write_record(game), finished_at=now()
                )
            logging_it = True
            self._fault("before-log")
            await self.store.append_action(
                self.row.id,
                row,
                dealt=dealt,
                finished=finished,
                clock=(clock.seat, clock.deadline),
            )
        except Exception:
            log_event(
                "storage" if logging_it else "internal",
                self.row.id,
                seq,
                "the action could not be logged: not played",
                level=logging.ERROR,
                exc_info=True,
                action=str(action),
                seat=seat,
            )
            shown, status = self.row.seq, self.row.status
            self.game = before
            read = await self.read_log()
            last = self.log[-1] if read and self.log else None
            mine = (seq, seat, str(action), by)
            played = last is not None and (last.seq, last.seat, last.action, last.by) == mine
            if played:  # the commit's answer was lost, not the commit
                log_event("storage", self.row.id, seq, "the action was logged after all")
                self.active_at = time.monotonic()
            elif conn is None:  # a bot or a clock: tried again in a while, not at once
                self.held_until = time.monotonic() + LOG_RETRY
            if conn is not None and played:
                self.send(conn, {"type": "ack", "seq": seq, "action": str(action)})
            elif conn is not None:
                rule = "server.storage" if logging_it else "server.internal"
                how = "could not be saved" if logging_it else "failed on the server"
                text = f"the action {how}, so it was not played"
                self.send(conn, error(rule, text, self.row.seq))
            self.announce(shown, status, read, always=True)
            return played
        self._fault("after-log")
        self.row.seq = seq
        self.log.append(row)
        self.active_at = time.monotonic()
        self.clock = clock
        self.row.clock_seat, self.row.clock_deadline = clock.seat, clock.deadline
        log_event("action", self.row.id, seq, f"{game.players[seat]}: {action}", seat=seat, by=by)
        if finished is not None:
            self.row.status = "over"
            self.row.updated_at = now()
            self.game_row = finished
            log_event("game.over", self.row.id, seq, "the game is over", game=game_row.id)
        if conn is not None:
            self.send(conn, {"type": "ack", "seq": seq, "action": str(action)})
        self._broadcast_event(row, event)
        if finished is not None:
            self.broadcast_table()
        return True

    def _fault(self, point: str) -> None:
        if self.config.fault is not None:
            self.config.fault(point)

    async def _reload(self) -> None:
        """Brings the game back to what the log holds, its clock too."""
        state = await self.store.load_table(self.row.id)
        game = None if state.game is None else rebuild(state.game, state.hands, state.actions)
        stored = state.table
        self.row.seq, self.row.status, self.row.updated_at = (
            stored.seq,
            stored.status,
            stored.updated_at,
        )
        self.row.clock_seat, self.row.clock_deadline = stored.clock_seat, stored.clock_deadline
        self.game_row, self.log, self.game = state.game, state.actions, game
        self.clock = self._stored_clock()

    def _stored_clock(self) -> TurnClock:
        """The clock the table's row holds for whoever is to act: the running one where
        it is that one (seat, deadline, part of the turn), else as stored, run out if
        the clock's bot began the turn (:func:`~rummykit.server.clocks.ran_out`)."""
        seat, window = self._clock_for()
        if seat is None or seat != self.row.clock_seat:
            return TurnClock()
        running = self.clock
        if (running.seat, running.deadline, running.window) == (
            seat,
            self.row.clock_deadline,
            window,
        ):
            return running
        fired = self.game is not None and ran_out(self.log, self.game.hand.number, seat)
        return TurnClock(seat, self.row.clock_deadline, window, fired)

    def announce(self, shown: int, status: str, read: bool | None, always: bool = False) -> None:
        """Tells every client what reading the log (:meth:`read_log`, which gave ``read``)
        changed: where the log holds events past ``shown`` (the event clients were last
        sent; a write that failed after its commit), those events (or undos) and each
        one's view, and the table if its ``status`` changed; else, where the log could
        be read again after it could not (``read`` None) or ``always``, each one's view."""
        if read is not False and self.row.seq != shown:
            rows = [row for row in self.log if row.seq > shown]
            for client in list(self.conns):  # as they are sent in play, catching up or not
                for row in rows:
                    if is_undo(row):
                        self.send(client, undone_message(row))
                    else:
                        event = event_for(row, client.seat)
                        self.send(client, self._event_message(row, event))
                self.send_state(client)
            if self.row.status != status:
                self.broadcast_table()
        elif always or read is None:
            for client in list(self.conns):
                self.send_state(client)

    async def readable(self, conn: Connection | None) -> bool:
        """Whether the table may take an action or undo now: not while its log cannot be
        read (``conn`` is told, ``server.storage``), nor when reading it again moved the
        table on (what was asked answers an older table: ``server.stale``)."""
        if not self.log_unreadable:
            return True
        seq = self.row.seq
        if not await self.refresh():
            if conn is not None:
                self.send(conn, error("server.storage", LOG_UNREADABLE, self.row.seq))
            return False
        if self.row.seq != seq:
            if conn is not None:
                moved = f"the table moved on to event {self.row.seq} while its log was unread"
                self.send(conn, error("server.stale", moved, self.row.seq))
            return False
        return True

    async def refresh(self) -> bool:
        """Reads the log again (while :attr:`log_unreadable`) and tells the clients what
        changed (:meth:`announce`); whether the game in memory is the log's now."""
        shown, status = self.row.seq, self.row.status
        read = await self.read_log()
        self.announce(shown, status, read)
        return read is not False

    async def read_log(self) -> bool | None:
        """Brings the game to what the log holds (after a change that could not be
        logged, the game in memory first put back as it was when the change began: a
        write may fail after it was committed). True: read; None: read again after it
        could not be (the clock starts anew); False: it cannot be read (the database is
        down), and the table is :attr:`log_unreadable` until it can be."""
        try:
            await self._reload()
        except Exception:
            if not self.log_unreadable:
                log_event(
                    "storage",
                    self.row.id,
                    self.row.seq,
                    "the log could not be read: nothing is played until it can be",
                    level=logging.ERROR,
                    exc_info=True,
                )
            self.log_unreadable = True
            return False
        try:  # the game read back from the log has no list yet
            await self.list_actions()
        except Exception:
            self._internal("the legal actions could not be listed")
        if not self.log_unreadable:
            try:  # the clock stored, if it is not the one for whoever is to act now
                await self.arm_clock()
            except Exception:
                self._internal("the clock could not be armed")
            return True
        self.log_unreadable = False
        log_event("storage", self.row.id, self.row.seq, "the log can be read again")
        try:  # the clocks stood still meanwhile: whoever is to act gets a whole turn
            await self.arm_clock(fresh=True)
        except Exception:
            self._internal("the clock could not be armed")
        return None

    # ------------------------------------------------------------------ bots
    def abandoned(self) -> bool:
        """A game in play, without a turn clock, that only a person can move on, none of
        its people connected and nothing under way: it waits for them
        (:meth:`~rummykit.server.lobby.Lobby.sweep` drops it from memory after
        ``abandoned_ttl``)."""
        game = self.game
        if self.row.status != "playing" or game is None or self.row.clock is not None:
            return False
        if self.conns or self.calls or self.arriving or self._bot_task is not None:
            return False
        return game.to_act >= 0 and self.controller(game.to_act) is None

    def controller(self, seat: int) -> tuple[SeatBot, str] | None:
        """The bot that plays ``seat`` now and why (bot, stand-in, clock); None: a person."""
        s = self.seats[seat]
        if s.kind == "bot":
            return self.bots[seat], "bot"
        clock = self.clock
        if s.away or (clock.fired and clock.seat == seat and not clock.window):
            if seat not in self.stand_ins:
                name = s.name or f"seat {seat}"
                self.stand_ins[seat] = self.runner.make(
                    DEFAULT_LEVEL, seed=f"{self.row.id}/{seat}/stand-in", name=name
                )
            return self.stand_ins[seat], "stand-in" if s.away else "clock"
        return None

    def _maybe_start_bot(self) -> None:
        game = self.game
        if self._bot_task is not None or game is None or self.row.status != "playing":
            return
        if self.log_unreadable:  # the loop reads the log again, then the bot plays
            return
        if time.monotonic() < self.held_until:  # its last action was not logged
            return
        seat = game.to_act
        if seat < 0:
            return
        chosen = self.controller(seat)
        if chosen is None:
            return
        bot, by = chosen
        view = game.view(seat)
        self._bot_task = asyncio.create_task(self._think(bot, view, seat, self.row.seq, by))

    async def _think(
        self, bot: SeatBot, view: Any, seat: int, seq: int, by: str
    ) -> tuple[int, int, str, Action]:
        started = time.monotonic()
        try:
            action = await self.runner.decide(bot, view)
        except Exception:
            log_event(
                "bot.failed",
                self.row.id,
                seq,
                "a bot failed: its first legal action is played",
                level=logging.ERROR,
                exc_info=True,
                seat=seat,
            )
            action = view.legal_actions[0]
        wait = self.config.bot_delay - (time.monotonic() - started)
        if wait > 0:
            await asyncio.sleep(wait)
        return seat, seq, by, action

    async def _bot_done(self, task: asyncio.Task[tuple[int, int, str, Action]]) -> None:
        seat, seq, by, action = task.result()
        game = self.game
        if game is None or seq != self.row.seq or game.to_act != seat:
            return  # somebody acted meanwhile (a Rummy call): the bot thinks again
        now_by = self.controller(seat)
        if now_by is None or now_by[1] != by:
            return  # the person came back while their stand-in was thinking
        if not await self.play(seat, action, by):
            if self.log_unreadable or self.game is not game or self.row.seq != seq:
                # not logged (the table went back to its log, a new game object): not the
                # bot's mistake; the table's loop asks the bot again
                return
            log_event(
                "bot.illegal",
                self.row.id,
                seq,
                f"a bot chose {action}: its first legal action is played",
                level=logging.ERROR,
                seat=seat,
            )
            await self.play(seat, game.legal_actions()[0], by)

    # ------------------------------------------------------------------ clocks
    def _clock_for(self) -> tuple[int | None, bool]:
        """The person whose clock runs now (None: no clock) and whether they are offered
        a Rummy call."""
        game = self.game
        if self.row.clock is None or game is None or self.row.status != "playing":
            return None, False
        seat = game.to_act
        if seat < 0 or self.seats[seat].kind != "person" or self.seats[seat].away:
            return None, False
        return seat, game.hand.phase is Phase.RUMMY

    def next_clock(self, fresh: bool = False) -> TurnClock:
        """The clock as it should be now: the running one while the same person is to act
        in the same part of the turn (``fresh``: a turn has ended), else a new one."""
        seat, window = self._clock_for()
        return follow(self.clock, seat, window, self._clock_seconds(window), fresh=fresh)

    def _clock_seconds(self, window: bool) -> int:
        seconds = self.row.clock or 0
        return min(seconds, self.config.call_clock) if window else seconds

    def clock_to_arm(self, fresh: bool = False, keep: TurnClock | None = None) -> TurnClock:
        """The clock :meth:`arm_clock` would run (nothing stored or changed): ``keep``, a
        clock stopped earlier in this same part of the turn, goes on from its deadline
        rather than starting anew (a person back from leaving mid-turn)."""
        clock = self.next_clock(fresh)
        if keep is not None and (keep.seat, keep.window) == (clock.seat, clock.window):
            clock = TurnClock(keep.seat, keep.deadline, keep.window, keep.fired)
        return clock

    async def arm_clock(self, fresh: bool = False, keep: TurnClock | None = None) -> None:
        """Starts, keeps or stops the clock for whoever is to act, storing its deadline
        (``keep``: see :meth:`clock_to_arm`)."""
        clock = self.clock_to_arm(fresh, keep)
        if clock is self.clock:
            return
        if (clock.seat, clock.deadline) != (self.row.clock_seat, self.row.clock_deadline):
            await self.store.set_clock(self.row.id, clock.seat, clock.deadline)
        self.clock_stored(clock)

    def clock_stored(self, clock: TurnClock) -> None:
        """Runs ``clock``, whose seat and deadline the database holds now (written by
        :meth:`arm_clock`, or with a seat's change in the same transaction)."""
        self.row.clock_seat, self.row.clock_deadline = clock.seat, clock.deadline
        self.clock = clock

    def _clock_due(self) -> bool:
        """Whether the running clock has run out and is to fire now (not while
        :attr:`held_until`)."""
        deadline = self.clock.deadline
        if deadline is None or self.clock.fired or time.monotonic() < self.held_until:
            return False
        return deadline <= now()

    async def _clock_ran_out(self) -> None:
        clock = self.clock
        seat = clock.seat
        if seat is None or self.game is None or self.game.to_act != seat:
            clock.fired = True  # not again at once if arming the next one fails
            await self.arm_clock()
            return
        name = self.seats[seat].name
        log_event("clock", self.row.id, self.row.seq, f"{name}'s time ran out", seat=seat)
        if clock.window:  # the pass is played for them; no bot ever takes a window
            self.notice("call-clock", seat, f"{name}'s time to call Rummy ran out: they pass")
            await self.play(seat, Pass(), "clock")
            # if it was not logged, the clock never fired: they may still answer, and it
            # runs out again once the table stops holding
            return
        clock.fired = True
        self.notice(
            "clock",
            seat,
            f"{name}'s time ran out: the {DEFAULT_LEVEL} bot plays the rest of the turn",
        )
        self.broadcast_state()  # the person may no longer undo (can_undo) until the turn ends
