"""Undo at a table: which action a player may take back now, and how an undo is logged.

A player may take back their own melds, lay-offs and joker swaps of the turn in
progress, the most recent first, until they discard (docs/rules-decisions.md, "Undo at
an online table"). Never a draw (the card was seen), a take or a Rummy call (everybody
saw the pile cards go), a discard or a pass (the turn moved on), nor anything once the
hand has ended; never an action a bot played for them.

An undo is an entry of the table's log (the seq after the last one): the action it takes
back is deleted from the log in the same transaction, so a replay of the log, a record
and a rebuilt table never hold it. The undo's row keeps what it took back (``event``:
``{"undone": SEQ, "action": TEXT}``) so that a client that saw the action and
reconnects is told.
"""

from __future__ import annotations

from typing import Any

from rummykit import (
    Action,
    CallRummy,
    Draw,
    Game,
    LayOff,
    Meld,
    RummyError,
    Swap,
    Take,
    parse_action,
)
from rummykit.server.storage import ActionRow

__all__ = ["MAX_UNDOS_A_TURN", "UNDO", "UndoRefused", "is_undo", "undo_point", "undone_message"]

#: The ``action`` of an undo's row in the log.
UNDO = "undo"


class UndoRefused(RummyError):
    """Undo is not possible now; ``rule`` is ``undo.<why>`` (docs/rules.md)."""


def is_undo(row: ActionRow) -> bool:
    """Whether a row of the log is an undo (not an action of the game)."""
    return row.action == UNDO


def undone_message(row: ActionRow) -> dict[str, Any]:
    """The ``undone`` message of an undo's row."""
    return {
        "type": "undone",
        "seq": row.seq,
        "game": row.game_id,
        "seat": row.seat,
        "action": row.event["action"],
        "undone": row.event["undone"],
    }


#: The most plays a player may take back in one turn ([undo.limit]): past it, undoing and
#: playing again only fills the table's log, and the undone rows are scanned at every
#: undo. Nobody weighing a turn needs as many.
MAX_UNDOS_A_TURN = 30


def _undos_this_turn(log: list[ActionRow], seat: int) -> int:
    """How many undos ``seat`` has made since its turn began (its draw, take or call)."""
    count = 0
    for row in reversed(log):
        if is_undo(row):
            count += 1
        elif row.seat != seat or isinstance(parse_action(row.action), Draw | Take | CallRummy):
            break
    return count


def _last_action(log: list[ActionRow]) -> ActionRow | None:
    for row in reversed(log):
        if not is_undo(row):
            return row
    return None


def undo_point(game: Game, log: list[ActionRow], seat: int) -> ActionRow:
    """The row of the log that ``seat`` would take back now; raises :class:`UndoRefused`
    naming why not. ``log`` is the current game's log, in order."""
    if game.over or game.to_act < 0:
        raise UndoRefused("undo.hand", "the hand is over: nothing in it can be taken back")
    last = _last_action(log)
    number = game.hand.number
    if last is None:
        raise UndoRefused("undo.nothing", "nobody has played in this game yet")
    if last.hand != number:  # the last action ended a hand
        raise UndoRefused("undo.hand", "a new hand is dealt: nothing of the last one comes back")
    name = game.players[last.seat]
    if last.seat != seat:
        if game.to_act == seat:
            raise UndoRefused(
                "undo.nothing", "you have not melded, laid off or swapped a joker this turn"
            )
        raise UndoRefused("undo.others", f"{name} has played since your last action")
    action: Action = parse_action(last.action)
    if isinstance(action, Draw):
        raise UndoRefused("undo.stock", "a card drawn from the stock stays drawn: you saw it")
    if isinstance(action, Take | CallRummy):
        raise UndoRefused(
            "undo.take", "cards taken from the pile stay taken: everybody saw them go"
        )
    if not isinstance(action, Meld | LayOff | Swap):
        raise UndoRefused("undo.turn", f"your part of the turn is over ({last.action})")
    if game.to_act != seat:  # it ended the turn: going out floating, a call's lay-off
        raise UndoRefused("undo.turn", f"the turn has passed to {game.players[game.to_act]}")
    if last.by != "player":
        raise UndoRefused("undo.nothing", "that was played for you by the bot")
    history = game.hand.history
    local = game.seat_in_hand(seat)
    if not history or history[-1][0] != local or str(history[-1][1]) != last.action:
        raise UndoRefused("undo.nothing", "the game's last action is not yours")
    if _undos_this_turn(log, seat) >= MAX_UNDOS_A_TURN:
        raise UndoRefused(
            "undo.limit", f"you have taken back {MAX_UNDOS_A_TURN} plays this turn: play on"
        )
    return last
