"""Playouts played by the heuristic itself (issue 10).

The search levels' own playout policy (:func:`rummykit.bots.policy.playout`) is fast but
much weaker than the heuristic whose moves they search over, so what a playout says of
a move is what it is worth when everybody then plays far worse than the heuristic does.
Played by the heuristic, a playout says what the move is worth when play goes on as the
heuristic would play it: a search that keeps the heuristic's first choice unless its
playouts show another to be better is then a rollout improvement of the heuristic, at
about half a millisecond a playout decision.
"""

from __future__ import annotations

import time

from rummykit import Hand, Phase
from rummykit.actions import Discard
from rummykit.bots.evaluate import Values
from rummykit.bots.heuristic import HeuristicBot
from rummykit.bots.policy import MAX_STEPS, Leaf, position_value
from rummykit.view import view_of_hand

__all__ = ["heuristic_playout"]


def heuristic_playout(
    h: Hand,
    values: Values,
    bot: HeuristicBot,
    turns: int,
    discards_only: bool = False,
    leaf: Leaf | None = None,
    deadline: float | None = None,
) -> list[float] | None:
    """Plays ``h`` on with ``bot`` choosing for every seat, each from its own view of the
    hand, for ``turns`` turn ends or to the hand's end (as
    :func:`~rummykit.bots.policy.playout` counts them), and returns ``leaf`` of where it
    stopped. Changes ``h``. Returns None, unfinished, once ``time.perf_counter()``
    passes ``deadline``: a playout that goes long (a ``rummy`` hand can take hundreds
    of actions) must not hold a decision past its time limit."""
    ends = 0
    steps = 0
    totals = (0,) * h.n
    while not h.is_over and ends < turns and steps < MAX_STEPS:
        if deadline is not None and steps % 8 == 0 and time.perf_counter() > deadline:
            return None
        a = bot.choose(view_of_hand(h, h.to_act, totals, False, None))
        h.apply(a)
        steps += 1
        if isinstance(a, Discard) if discards_only else h.phase is not Phase.PLAY:
            ends += 1
    return (leaf or position_value)(h, values)
