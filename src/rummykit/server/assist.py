"""What a table does for a player besides their actions: a hint and an undo.

- **A hint** (``{"type": "hint"}``): the heuristic bot's suggestion for the asker's
  position (:func:`rummykit.bots.hints.hint`), worked out in a thread like a bot's
  decision, so that it never holds up the table, let alone another one, and once per
  position and seat however many connections ask (:func:`_shared_hint`): asked again
  and again, it costs no more.
- **An undo** (``{"type": "undo", "seq": N}``): takes back the asker's last meld, lay-off
  or joker swap of the turn in progress (:mod:`rummykit.server.undo` says when that is
  allowed). The log loses the action and gains the undo, in one transaction; the game is
  replayed to before the action; every client gets ``undone`` and its fresh ``state``.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

from rummykit import PlayerView
from rummykit.bots.hints import Hint, hint
from rummykit.server.connection import Connection
from rummykit.server.logs import event as log_event
from rummykit.server.protocol import TIMED_OUT, error, stale
from rummykit.server.storage import ActionRow
from rummykit.server.table import Table, TableStopped
from rummykit.server.undo import UNDO, UndoRefused, undo_point, undone_message

__all__ = ["answer_hint", "take_back"]

AWAY = "a bot plays for you: take your seat back first"


def _no_hint(rule: str, message: str, seq: int) -> dict[str, Any]:
    """An error that refuses a hint: marked ``"answers": "hint"``, so that a client that
    sent an action meanwhile knows the error is not that action's answer."""
    return error(rule, message, seq, answers="hint")


async def _position(table: Table, conn: Connection) -> tuple[int, PlayerView] | None:
    """In the table's task: the asker's view and its seq, or None (refused, told why)."""
    seq = table.row.seq
    game = table.game
    if conn.seat is None:
        table.send(conn, _no_hint("server.spectator", "a spectator gets no hints", seq))
        return None
    if game is None or table.row.status != "playing":
        table.send(conn, _no_hint("server.not-playing", "no game is being played", seq))
        return None
    if table.seats[conn.seat].away:
        table.send(conn, _no_hint("server.away", AWAY, seq))
        return None
    if game.to_act != conn.seat:
        table.send(conn, _no_hint("server.hint", "it is not your turn: nothing to decide", seq))
        return None
    if table.timed_out(conn.seat):
        table.send(conn, _no_hint("server.clock", TIMED_OUT, seq))
        return None
    return seq, game.view(conn.seat)


#: Per table, the hints of its position now (its seq) by seat, each worked out once.
_HINTS: weakref.WeakKeyDictionary[Table, tuple[int, dict[int, asyncio.Future[Hint | None]]]]
_HINTS = weakref.WeakKeyDictionary()


def _shared_hint(
    table: Table, seat: int, seq: int, view: PlayerView
) -> asyncio.Future[Hint | None]:
    """The hint for ``seat`` at ``table``'s position ``seq``: worked out (in a thread) by
    the first to ask, shared with every later asker of that position. A hint costs about
    a bot's decision; without this, a seat's connections asking over and over would hold
    the threads and the interpreter from every table's bots."""
    position, found = _HINTS.get(table, (-1, {}))
    if seq < position:  # the table moved on while this asker waited: not worth keeping
        return asyncio.ensure_future(asyncio.to_thread(hint, view))
    if position != seq:
        position, found = seq, {}
        _HINTS[table] = (position, found)
    future = found.get(seat)
    if future is None:
        future = found[seat] = asyncio.ensure_future(asyncio.to_thread(hint, view))
    return future


async def answer_hint(table: Table, conn: Connection) -> None:
    """Answers a client's ``hint``: the suggestion for its position now, or an error
    (every one marked as answering the hint, ``server.internal`` where it failed)."""
    try:
        asked = await table.call(_position, table, conn)
        if asked is None:
            return
        seq, view = asked
        assert conn.seat is not None  # a spectator was refused
        # shielded: an asker that goes away does not stop the others' hint
        found = await asyncio.shield(_shared_hint(table, conn.seat, seq, view))
        if found is None:  # no legal action: nothing to suggest
            table.send(conn, _no_hint("server.hint", "there is nothing to decide now", seq))
            return
        table.send(conn, {"type": "hint", "seq": seq, **found.to_json()})
    except TableStopped:
        raise
    except Exception:
        seq = table.row.seq
        log_event(
            "internal", table.row.id, seq, "a hint failed", level=logging.ERROR, exc_info=True
        )
        table.send(conn, _no_hint("server.internal", "the hint failed; it was logged", seq))


async def take_back(table: Table, conn: Connection, seen: int) -> None:
    """In the table's task: a client's undo, refused with a named error or done."""
    if not await table.readable(conn):
        return
    seq = table.row.seq
    game, game_row = table.game, table.game_row
    if conn.seat is None:
        table.send(conn, error("server.spectator", "a spectator cannot undo", seq))
        return
    if game is None or game_row is None or table.row.status != "playing":
        table.send(conn, error("server.not-playing", "no game is being played", seq))
        return
    if table.seats[conn.seat].away:
        table.send(conn, error("server.away", AWAY, seq))
        return
    if table.timed_out(conn.seat):
        table.send(conn, error("server.clock", TIMED_OUT, seq))
        return
    if seen != seq:
        table.send(conn, error("server.stale", stale("the undo", seen, seq), seq))
        return
    try:
        last = undo_point(game, table.log, conn.seat)
    except UndoRefused as e:
        table.send(conn, error(e.rule, e.message, seq))
        return
    before = game.clone()  # what the log holds: the game again if the write fails
    game.rewind(1)
    row = ActionRow(
        seq=seq + 1,
        game_id=game_row.id,
        hand=last.hand,
        seat=last.seat,
        action=UNDO,
        by="player",
        event={"undone": last.seq, "action": last.action},
    )
    clock = table.next_clock()
    try:
        await table.store.take_back(table.row.id, last.seq, row, clock=(clock.seat, clock.deadline))
    except Exception:
        log_event(
            "storage",
            table.row.id,
            row.seq,
            "the undo could not be logged: not done",
            level=logging.ERROR,
            exc_info=True,
            seat=conn.seat,
        )
        shown, status = table.row.seq, table.row.status
        table.game = before
        read = await table.read_log()
        logged = table.log[-1] if read and table.log else None
        if logged is None or (logged.seq, logged.action, logged.event) != (
            row.seq,
            UNDO,
            row.event,
        ):
            failed = "the undo could not be saved, so it was not done"
            table.send(conn, error("server.storage", failed, table.row.seq))
        # else the commit's answer was lost, not the commit: everybody gets the undone
        table.announce(shown, status, read, always=True)
        return
    table.row.seq = row.seq
    table.log.remove(last)
    table.log.append(row)
    table.clock = clock
    table.row.clock_seat, table.row.clock_deadline = clock.seat, clock.deadline
    name = game.players[conn.seat]
    log_event(
        "undo", table.row.id, row.seq, f"{name}: undo {last.action}", seat=conn.seat, by="player"
    )
    try:  # the undo is stored: everybody must hear of it, whatever the list does
        await table.list_actions()
    except Exception:  # the views make the list themselves
        log_event(
            "undo",
            table.row.id,
            row.seq,
            "the legal actions could not be listed ahead",
            level=logging.ERROR,
            exc_info=True,
        )
    message = undone_message(row)
    for client in list(table.conns):
        table.send(client, message)
        table.send_state(client)
