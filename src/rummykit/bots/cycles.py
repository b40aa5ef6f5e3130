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

from rummykit.actions import Action
from rummykit.view import PlayerView

__all__ = ["MAX_PERIOD", "cycle_period", "recycling", "repeats", "step_off"]

#: The longest cycle of a hand's public log that :func:`cycle_period` looks for, in log
#: entries (a round of two players is four entries; ``rummy`` turns a pile of up to about
#: 40 cards over without shuffling).
MAX_PERIOD = 400


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
    discard for a discard), else any other. None where there is no cycle to leave."""
    legal = view.legal_actions
    if len(legal) < 2 or not repeats(view, action):
        return None
    others = [a for a in legal if a != action]
    same = [a for a in others if type(a) is type(action)]
    return rng.choice(same or others)
