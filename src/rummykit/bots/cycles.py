"""Hands that go round in circles, read from the public log.

In ``rummy`` the pile is turned over without shuffling, so a hand in which nobody wants
what they draw can repeat itself exactly, pass after pass, though some play could still
end it. A bot that always plays the same thing in the same position then loops for ever.
The bots read these cycles from the log (public to everyone) and step off them
(:func:`step_off`).

The step off is random. Often the next-best move is enough, but not always. Players can
each hold a pair of what another needs (one two aces, another the other two): then
nobody progresses until somebody breaks a pair, which no best move ever does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.actions import Action, Discard, Draw, Take
from rummykit.view import PlayerView

__all__ = [
    "MAX_PERIOD",
    "STALL_SHARE",
    "cycle_period",
    "recycling",
    "repeats",
    "stalled",
    "step_off",
]

#: The longest cycle of a hand's public log that :func:`cycle_period` looks for, in log
#: entries (a round of two players is four entries; ``rummy`` turns a pile of up to about
#: 40 cards over without shuffling).
MAX_PERIOD = 2000

#: In a hand that has :func:`stalled`, the chance that a discard is drawn at random.
STALL_SHARE = 0.5

#: The verbs of the public log that put cards on the table.
TABLE_VERBS = frozenset({"meld", "layoff", "swap"})


def cycle_period(log: Sequence[tuple[int, str]]) -> int:
    """The period of a hand going round in circles: the smallest ``P`` (at least 4) for
    which the last ``P`` entries of the public log repeat the ``P`` before them, or 0.

    In ``rummy`` the pile is turned over without shuffling, and players with no place on
    the table for their cards can draw and discard the same cards in the same order for
    ever; the public log then repeats.

    >>> turn = [(0, "draw"), (0, "discard 5C"), (1, "draw"), (1, "discard 9H")]
    >>> cycle_period(turn * 2), cycle_period(turn * 2 + turn[:1]), cycle_period(turn)
    (4, 4, 0)
    """
    n = len(log)
    if n < 8:
        return 0
    last = log[-1]
    for p in range(4, min(MAX_PERIOD, n // 2) + 1):
        if log[n - 1 - p] == last and log[n - 2 * p : n - p] == log[n - p :]:
            return p
    return 0


def recycling(view: PlayerView) -> bool:
    """Whether taking the top card now would go on a cycle: this player has already taken
    back twice, this hand, a card it had discarded itself, and the top card is one of its
    discards again. (Two players each holding part of a set can otherwise pass the same
    cards between them through the pile for ever.)"""
    me = view.seat
    mine: set[str] = set()
    last = ""
    back = 0
    for seat, text in view.log:
        verb, _, rest = text.partition(" ")
        if verb == "discard":
            last = rest
            if seat == me:
                mine.add(rest)
        elif verb == "take" and seat == me and rest == "1" and last in mine:
            back += 1
    return back >= 2 and bool(view.pile) and str(view.pile[-1]) in mine


def repeats(view: PlayerView, action: object) -> bool:
    """Whether playing ``action`` now would repeat this seat's action of one cycle ago
    (:func:`cycle_period`): the bot should play something else to break the cycle."""
    period = cycle_period(view.log)
    if not period:
        return False
    seat, text = view.log[len(view.log) - period]
    return seat == view.seat and str(action) == text


def step_off(view: PlayerView, action: Action, rng: random.Random) -> Action | None:
    """Where playing ``action`` now would go round the cycle again (:func:`repeats`),
    another legal action drawn at random: of the same kind where there is one (another
    discard for a discard), else any other. None where there is no cycle to leave.

    A repeated draw from the stock becomes a take of the top card (any other legal action
    where taking the top card is not one) only with chance :data:`STALL_SHARE`: the discard
    that follows can step off instead, and a take alone changes little (the taker may not
    discard that card again, and throws its worst card, which it would have thrown anyway).
    In a hand that has :func:`stalled`, where the cycles can be too long or too varied to
    repeat exactly, a discard also steps off with chance :data:`STALL_SHARE`."""
    legal = view.legal_actions
    if len(legal) < 2:
        return None
    if isinstance(action, Draw):
        if rng.random() >= STALL_SHARE or not repeats(view, action):
            return None
    elif not repeats(view, action) and not (
        isinstance(action, Discard) and rng.random() < STALL_SHARE and stalled(view)
    ):
        return None
    others = [a for a in legal if a != action]
    same: list[Action]
    if isinstance(action, Draw):
        same = [a for a in others if isinstance(a, Take) and a.count == 1]
    else:
        same = [a for a in others if type(a) is type(action)]
    return rng.choice(same or others)


def stalled(view: PlayerView) -> bool:
    """Whether the hand has gone about two passes of the stock with no card put on the
    table: since the last meld, lay-off or joker swap (or the deal), more draws than
    twice the cards now in the stock and pile.

    Cycles that repeat exactly are caught by :func:`repeats`. Some never do: a player
    who keeps one of two cards in turn, pass after pass, or others stepping off their
    own cycles, make the log vary while nobody gets closer to going out."""
    limit = 2 * (view.stock_size + len(view.pile)) + 2
    draws = 0
    for _, text in reversed(view.log):
        verb = text.partition(" ")[0]
        if verb in TABLE_VERBS:
            return False
        if verb == "draw" or verb == "take":
            draws += 1
            if draws > limit:
                return True
    return False
