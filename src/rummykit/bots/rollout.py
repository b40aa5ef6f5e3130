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

__all__ = ["Pace", "heuristic_playout"]


class Pace:
    """The longest decision of one search's playouts so far, in seconds."""

    __slots__ = ("longest",)

    def __init__(self) -> None:
        self.longest = 0.0


def heuristic_playout(
    h: Hand,
    values: Values,
    bot: HeuristicBot,
    turns: int,
    discards_only: bool = False,
    leaf: Leaf | None = None,
    deadline: float | None = None,
    pace: Pace | None = None,
) -> list[float] | None:
    """Plays ``h`` on with ``bot`` choosing for every seat, each from its own view of the
    hand, for ``turns`` turn ends or to the hand's end (as
    :func:`~rummykit.bots.policy.playout` counts them), and returns ``leaf`` of where it
    stopped. Changes ``h``. Returns None, unfinished, where its next decision would
    end past ``deadline`` (a ``time.perf_counter()``), judged by its longest so far: a
    playout that goes long (a ``rummy`` hand can take hundreds of actions, and with a
    pile of 40 cards one decision that weighs every depth can take half a second) must
    not hold a decision past its time limit. ``pace`` keeps the longest decision
    between the playouts of one search, so that a playout's first is judged too."""
    ends = 0
    steps = 0
    totals = (0,) * h.n
    pace = pace or Pace()
    began = time.perf_counter()
    while not h.is_over and ends < turns and steps < MAX_STEPS:
        if deadline is not None:
            now = time.perf_counter()
            if steps:
                pace.longest = max(pace.longest, now - began)
            if now + pace.longest > deadline:
                return None
            began = now
        a = bot.choose(view_of_hand(h, h.to_act, totals, False, None))
        h.apply(a)
        steps += 1
        if isinstance(a, Discard) if discards_only else h.phase is not Phase.PLAY:
            ends += 1
    return (leaf or position_value)(h, values)
