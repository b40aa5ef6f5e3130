"""The heuristic made careless: the lower difficulties where only going out counts.

Where melds score nothing (``winner-takes`` and ``penalty`` scoring: ``rummy``,
``block-rummy``, ``wrotham``), the deal decides most of a hand, and ``greedy``, ``basic``,
``heuristic`` and ``rollout`` all play about as well as one another (BENCHMARKS.md). A
player who picks ``easy`` there would meet an opponent as strong as ``expert``. So the
lower difficulties of those games play the heuristic's own moves, but choose among them
at random, each with a weight ``exp((worth - best) / temperature)``: at a low temperature
nearly always the heuristic's choice, at a high one often a worse draw or discard. Its
plan's melds and lay-offs, the discard that goes out, a pile card the heuristic would
take and the heuristic's step off a hand going round in circles are never missed (a bot
that let such a card go could leave a hand that only it can end going round for
thousands of turns), so a careless bot still plays like a person who knows the rules,
not like ``random``: its mistakes are the cards it throws, a pile card taken that it
has no use for, and Rummy calls.

    >>> from rummykit import Game, Rules
    >>> from rummykit.players import play
    >>> bots = [CarelessBot(seed=1, temperature=6.0), CarelessBot(seed=2, temperature=2.0)]
    >>> play(Game(Rules.preset("rummy"), ["Ana", "Ben"], seed=3), bots).over
    True
"""

from __future__ import annotations

import math

from rummykit.actions import Action, Take
from rummykit.bots.heuristic import CERTAIN, HeuristicBot
from rummykit.view import PlayerView

__all__ = ["CarelessBot"]


class CarelessBot(HeuristicBot):
    """The heuristic choosing at random among its moves, weighted by
    ``exp((worth - best) / temperature)`` (points); ``temperature`` 0 is the heuristic."""

    level = "careless"
    #: its moves and the heuristic's own random choices (stepping off a cycle) are the
    #: heuristic's; the careless draw has a stream of its own
    rng_level = HeuristicBot.level

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        temperature: float = 3.0,
    ) -> None:
        if not temperature >= 0.0:
            raise ValueError(f"temperature must be 0 or more, not {temperature!r}")
        self.level = f"careless-{temperature:g}"
        super().__init__(seed, budget, name)
        #: points below the best at which a move is played 1/e times as often as the best
        self.temperature = temperature

    def choose(self, view: PlayerView) -> Action:
        scored = self.scored(view)
        first, worth = scored[0]
        best = max(w for _, w in scored)
        # never careless: the heuristic's sure moves, the pile card it wants, and its step
        # off a cycle (put first although worth less than the best)
        if (
            self.temperature == 0.0
            or len(scored) == 1
            or worth >= CERTAIN / 2
            or isinstance(first, Take)
            or worth < best
        ):
            return first
        weights = [math.exp((w - best) / self.temperature) for _, w in scored]
        pick = self.rng_for(view, "careless").random() * sum(weights)
        for (action, _), weight in zip(scored, weights, strict=True):
            pick -= weight
            if pick < 0.0:
                return action
        return first  # rounding: the sum was not reached
