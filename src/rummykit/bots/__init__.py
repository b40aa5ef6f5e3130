"""Computer opponents: a ladder of bots from ``random`` to ``rollout``.

Every bot is a :class:`~rummykit.players.Player`: it receives only a
:class:`~rummykit.view.PlayerView` and returns one of its legal actions, so it cannot read
a hidden card. Build one by level name with :func:`get_bot`::

    >>> from rummykit import Game, Rules
    >>> from rummykit.players import play
    >>> bots = [get_bot("heuristic", seed=1), get_bot("greedy", seed=2)]
    >>> play(Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3), bots).over
    True
    >>> list(LEVELS)  # doctest: +NORMALIZE_WHITESPACE
    ['random', 'greedy', 'basic', 'heuristic', 'montecarlo', 'ismcts', 'rollout',
     'careless-5', 'careless-9', 'careless-16', 'careless-25', 'careless-60']

Players pick a *difficulty*: ``easy``, ``medium``, ``hard`` or ``expert``, accepted
wherever a level is. Each names a level, which depends on the game's scoring
(:mod:`rummykit.bots.levels`): where melds score, the ladder's algorithms
(:data:`DIFFICULTIES`); where only going out counts, the heuristic, more careless below
``expert`` (:data:`GOING_OUT_DIFFICULTIES`). A bot made for a difficulty plays the level
of the game it is seated at::

    >>> resolve_level("hard"), resolve_level("hard", Rules.preset("rummy"))
    ('basic', 'careless-5')
    >>> get_bot("hard").bot_for(Rules.preset("500-rum"), players=4).level
    'heuristic'

Unknown levels raise ``ValueError`` naming the levels.
"""

from __future__ import annotations

from rummykit.bots.base import Bot
from rummykit.bots.careless import CarelessBot
from rummykit.bots.determinize import determinize, unseen_cards, unseen_counts
from rummykit.bots.heuristic import BasicBot, HeuristicBot
from rummykit.bots.ismcts import ISMCTSBot
from rummykit.bots.levels import (
    CROWDED_DIFFICULTIES,
    DEFAULT_LEVEL,
    DIFFICULTIES,
    GOING_OUT_DIFFICULTIES,
    LEVEL_NAMES,
    LEVELS,
    LUCKIER_DIFFICULTIES,
    SEARCH_LEVELS,
    DifficultyBot,
    describe,
    difficulties_for,
    get_bot,
    resolve_level,
)
from rummykit.bots.montecarlo import MonteCarloBot, RolloutBot
from rummykit.bots.simple import GreedyBot, RandomBot

__all__ = [
    "CROWDED_DIFFICULTIES",
    "DEFAULT_LEVEL",
    "DIFFICULTIES",
    "GOING_OUT_DIFFICULTIES",
    "LEVELS",
    "LEVEL_NAMES",
    "LUCKIER_DIFFICULTIES",
    "SEARCH_LEVELS",
    "BasicBot",
    "Bot",
    "CarelessBot",
    "DifficultyBot",
    "GreedyBot",
    "HeuristicBot",
    "ISMCTSBot",
    "MonteCarloBot",
    "RandomBot",
    "RolloutBot",
    "describe",
    "determinize",
    "difficulties_for",
    "get_bot",
    "resolve_level",
    "unseen_cards",
    "unseen_counts",
]
