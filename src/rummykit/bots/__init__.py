"""Computer opponents: a ladder of bots from ``random`` to ``rollout``.

Every bot is a :class:`~rummykit.players.Player`: it receives only a
:class:`~rummykit.view.PlayerView` and returns one of its legal actions, so it cannot read
a hidden card. Build one by level name with :func:`get_bot`::

    >>> from rummykit import Game, Rules
    >>> from rummykit.players import play
    >>> bots = [get_bot("heuristic", seed=1), get_bot("greedy", seed=2)]
    >>> play(Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3), bots).over
    True
    >>> list(LEVELS)
    ['random', 'greedy', 'basic', 'heuristic', 'montecarlo', 'ismcts', 'rollout']

Players pick a *difficulty* (:data:`DIFFICULTIES`): ``easy``, ``medium``, ``hard`` and
``expert`` name levels of the ladder, and are accepted wherever a level is::

    >>> resolve_level("hard"), resolve_level("greedy"), get_bot("medium").level
    ('heuristic', 'greedy', 'basic')

Unknown levels raise ``ValueError`` naming the levels.
"""

from __future__ import annotations

from collections.abc import Callable

from rummykit.bots.base import Bot
from rummykit.bots.determinize import determinize, unseen_cards, unseen_counts
from rummykit.bots.heuristic import BasicBot, HeuristicBot
from rummykit.bots.ismcts import ISMCTSBot
from rummykit.bots.montecarlo import MonteCarloBot, RolloutBot
from rummykit.bots.simple import GreedyBot, RandomBot

__all__ = [
    "DEFAULT_LEVEL",
    "DIFFICULTIES",
    "LEVELS",
    "LEVEL_NAMES",
    "BasicBot",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "MonteCarloBot",
    "RandomBot",
    "RolloutBot",
    "describe",
    "determinize",
    "get_bot",
    "resolve_level",
    "unseen_cards",
    "unseen_counts",
]

#: Each level's bot class and the short description shown to users.
LEVELS: dict[str, tuple[Callable[..., Bot], str]] = {
    "random": (RandomBot, "plays a random legal action; a baseline for tests"),
    "greedy": (
        GreedyBot,
        "melds and lays off whatever it can, takes the pile top when it makes a meld, "
        "discards its worst card",
    ),
    "basic": (
        BasicBot,
        "the heuristic as first built: counts every card it does not meld as caught, and "
        "avoids feeding only what the others are known to hold",
    ),
    "heuristic": (
        HeuristicBot,
        "finds its best melds exactly, counts the cards everybody has seen, weighs what "
        "its discards may give every other hand, takes the pile and calls Rummy when it "
        "pays, values the cards it holds as measured in play",
    ),
    "montecarlo": (
        MonteCarloBot,
        "deals the unseen cards many times and plays each of the heuristic's best moves "
        "out a few turns; budget = playouts per decision",
    ),
    "ismcts": (
        ISMCTSBot,
        "searches a tree of moves over many deals of the unseen cards (information-set "
        "MCTS); budget = iterations per decision",
    ),
    "rollout": (
        RolloutBot,
        "plays the heuristic's two best moves out to the hand's end over many deals of "
        "the unseen cards, the heuristic playing every seat, and keeps the heuristic's "
        "first choice unless the other is surely better; budget = playouts per decision",
    ),
}

#: The difficulties players choose from, easiest first, and the level each one plays
#: (chosen from the measured ladder: see docs/bots.md and BENCHMARKS.md).
DIFFICULTIES: dict[str, str] = {
    "easy": "greedy",
    "medium": "basic",
    "hard": "heuristic",
    "expert": "rollout",
}

#: Every name a level may be given by: the difficulties, then the levels themselves.
LEVEL_NAMES: tuple[str, ...] = (*DIFFICULTIES, *LEVELS)

#: The level a user gets by default (answers a decision within a second).
DEFAULT_LEVEL = "heuristic"


def resolve_level(name: str) -> str:
    """The ladder level a difficulty (or a level) names. Raises ``ValueError`` naming
    every accepted name for an unknown one."""
    level = DIFFICULTIES.get(name, name)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {name!r}; levels are {', '.join(LEVEL_NAMES)}")
    return level


def get_bot(
    level: str = DEFAULT_LEVEL,
    *,
    seed: int | str = 0,
    budget: int | None = None,
    name: str = "",
) -> Bot:
    """A new bot of ``level`` (a level of :data:`LEVELS` or a difficulty of
    :data:`DIFFICULTIES`); the same seed gives the same decisions.

    ``budget`` is the search effort (playouts or iterations per decision) of the search
    levels, None for the level's default. Raises ``ValueError`` for an unknown level.
    """
    return LEVELS[resolve_level(level)][0](seed=seed, budget=budget, name=name)


def describe(level: str) -> str:
    """The short description of a level or difficulty, for users. Raises ``ValueError``
    if unknown."""
    return LEVELS[resolve_level(level)][1]
