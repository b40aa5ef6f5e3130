"""What every bot shares: a name, a seed, a budget, and a random source per decision.

A bot is a :class:`~rummykit.players.Player`: it gets a
:class:`~rummykit.view.PlayerView` and returns one of ``view.legal_actions``. It never
sees the game itself, so it cannot read a hidden card. The random source of a decision
is seeded from the bot's seed and the position (hand number and actions so far), so
the same seed gives the same decision in the same position, whatever came before.
"""

from __future__ import annotations

import random

from rummykit.actions import Action
from rummykit.bots.evaluate import Values
from rummykit.rules import Rules
from rummykit.view import PlayerView

__all__ = ["Bot"]


class Bot:
    """Base class of the bots: ``act(view)`` picks one of ``view.legal_actions``.

    ``seed`` makes decisions reproducible; ``budget`` is the level's effort (iterations
    for the search bots, ignored by the others).
    """

    level: str = "bot"

    def __init__(self, seed: int | str = 0, budget: int | None = None, name: str = "") -> None:
        self.seed = seed
        self.budget = budget
        self.name = name or self.level
        self.decisions = 0
        self._values: dict[Rules, Values] = {}

    def values(self, rules: Rules) -> Values:
        """Card value tables for ``rules`` (cached)."""
        v = self._values.get(rules)
        if v is None:
            v = Values(rules)
            self._values[rules] = v
        return v

    #: the name the random source of a decision is seeded with (None: the level); a bot
    #: that plays another level's moves takes that level's random choices by naming it
    rng_level: str | None = None

    def rng_for(self, view: PlayerView, stream: str = "") -> random.Random:
        """The random source of the decision in this position; ``stream`` names another
        source of the same decision, independent of the first."""
        key = (
            f"{self.seed}/{self.rng_level or self.level}/{view.hand_number}/{len(view.log)}/"
            f"{view.phase.value}/{view.melds_made}/{view.hand_sizes}"
        )
        return random.Random(f"{key}/{stream}" if stream else key)

    def act(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions``; raises ``ValueError`` if there is none."""
        actions = view.legal_actions
        if not actions:
            raise ValueError(f"{self.name} was asked to act with no legal action")
        self.decisions += 1
        if len(actions) == 1:
            return actions[0]
        return self.choose(view)

    def choose(self, view: PlayerView) -> Action:
        """Picks among two or more legal actions (subclasses override)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed!r} budget={self.budget!r}>"
