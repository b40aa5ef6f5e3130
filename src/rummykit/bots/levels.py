"""The levels of the ladder, the difficulties players choose from, and :func:`get_bot`.

A *level* is one way of playing (``greedy``, ``heuristic``, ``rollout`` ...). A
*difficulty* (``easy`` to ``expert``) names the level a player meets, which depends on
the game: where melds score (500 Rum, Remik) the difficulties climb the ladder's
algorithms (:data:`DIFFICULTIES`: at 2 players ``hard`` is the heuristic as first built,
two steps under ``expert``; at 3 or more players it is the heuristic,
:data:`CROWDED_DIFFICULTIES`); where only going out
counts (``winner-takes`` and ``penalty`` scoring: ``rummy``, ``block-rummy``,
``wrotham``) those algorithms all play alike, and the lower difficulties play the
heuristic made careless (:data:`GOING_OUT_DIFFICULTIES`, :mod:`rummykit.bots.careless`;
more careless still at 3 or more players or over a fixed number of deals,
:data:`LUCKIER_DIFFICULTIES`). A bot made for a difficulty (:class:`DifficultyBot`) plays
the right level for the rules and table size of each view it is handed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rummykit.actions import Action
from rummykit.bots.base import Bot
from rummykit.bots.careless import CarelessBot
from rummykit.bots.heuristic import BasicBot, HeuristicBot
from rummykit.bots.ismcts import ISMCTSBot
from rummykit.bots.montecarlo import MonteCarloBot, RolloutBot
from rummykit.bots.simple import GreedyBot, RandomBot
from rummykit.rules import Rules, Scoring
from rummykit.view import PlayerView

__all__ = [
    "CROWDED_DIFFICULTIES",
    "DEFAULT_LEVEL",
    "DIFFICULTIES",
    "GOING_OUT_DIFFICULTIES",
    "LEVELS",
    "LEVEL_NAMES",
    "LUCKIER_DIFFICULTIES",
    "MAX_BUDGET",
    "SEARCH_LEVELS",
    "DifficultyBot",
    "describe",
    "difficulties_for",
    "difficulty_help",
    "get_bot",
    "resolve_level",
    "searchers_text",
    "untimed",
]


def _careless(temperature: float) -> tuple[Callable[..., Bot], str]:
    return (
        partial(CarelessBot, temperature=temperature),
        f"the heuristic choosing at random among its moves: one {temperature:g} points worse "
        f"than its best is played about a third as often (1/e)",
    )


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
        "the heuristic as first built: counts every card it does not meld as caught, "
        "avoids feeding only what the others are known to hold, and goes out when it can",
    ),
    "heuristic": (
        HeuristicBot,
        "finds its best melds exactly, counts the cards everybody has seen, weighs what "
        "its discards may give every other hand, takes the pile and calls Rummy when it "
        "pays, values the cards it holds as measured in play, and goes out whenever a line "
        "of play this turn does",
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
    "careless-5": _careless(5.0),
    "careless-9": _careless(9.0),
    "careless-16": _careless(16.0),
    "careless-25": _careless(25.0),
    "careless-60": _careless(60.0),
}

#: The levels that search, and so take a budget (playouts or iterations per decision:
#: ``LEVEL:BUDGET`` in ``rummykit simulate``, ``--budget`` in ``rummykit play``); every
#: other level ignores it.
SEARCH_LEVELS: tuple[str, ...] = ("montecarlo", "ismcts", "rollout")
#: The largest budget a command takes (far more than a game can wait for: the levels
#: that search stop at their time limit first).
MAX_BUDGET = 1_000_000_000

#: The difficulties players choose from, easiest first, and the level each one plays
#: where melds score (``melded-minus-hand`` scoring: 500 Rum, Remik) at 2 players, chosen
#: from the measured ladder (docs/bots.md and BENCHMARKS.md). ``rollout`` does not
#: clearly beat the heuristic in 2-player games (56.0% of 400 ``500-rum`` games, 54.2% of
#: 400 ``remik-500`` games), so ``hard`` plays ``basic``, which the heuristic beats (63.0%
#: and 68.0%), ``medium`` the heuristic made careless (``basic`` beats it in 65.8% of
#: ``500-rum`` games, 77.2% of ``remik-500`` ones; it beats ``greedy`` in 81.8% and
#: 93.2%; all played again on 2026-11-30), and ``expert`` is two steps of the ladder
#: above ``hard``.
DIFFICULTIES: dict[str, str] = {
    "easy": "greedy",
    "medium": "careless-9",
    "hard": "basic",
    "expert": "rollout",
}

#: The same at 3 or more players: there the heuristic does not clearly beat ``basic`` (the
#: heuristic as first built: 59.2% of 400 4-player ``500-rum`` games, 57.5% in
#: ``remik-500``) but does the heuristic made careless, and ``rollout`` clearly beats
#: the heuristic (64.2% and 63.7% of 400 games), so ``hard`` plays the heuristic
#: (BENCHMARKS.md).
CROWDED_DIFFICULTIES: dict[str, str] = {
    "easy": "greedy",
    "medium": "careless-9",
    "hard": "heuristic",
    "expert": "rollout",
}

#: The level each difficulty plays where only going out counts (``winner-takes`` and
#: ``penalty`` scoring), at 2 players, to a target: there ``greedy``, ``basic``,
#: ``heuristic`` and ``rollout`` win about as often as one another, so ``expert`` is the
#: heuristic (it answers at once) and the difficulties below it play it ever more
#: carelessly (BENCHMARKS.md).
GOING_OUT_DIFFICULTIES: dict[str, str] = {
    "easy": "careless-16",
    "medium": "careless-9",
    "hard": "careless-5",
    "expert": "heuristic",
}

#: The same at 3 or more players, or over a fixed number of deals (option ``deals``:
#: ``wrotham``'s six) rather than to a target: with more opponents to share the luck, or
#: fewer hands for it to even out over, it takes more carelessness to lose as often
#: (BENCHMARKS.md).
LUCKIER_DIFFICULTIES: dict[str, str] = {
    "easy": "careless-60",
    "medium": "careless-25",
    "hard": "careless-9",
    "expert": "heuristic",
}

#: Every name a level may be given by: the difficulties, then the levels themselves.
LEVEL_NAMES: tuple[str, ...] = (*DIFFICULTIES, *LEVELS)

#: The level a user gets by default (answers a decision within a second).
DEFAULT_LEVEL = "heuristic"


def difficulty_help() -> str:
    """Four lines naming each difficulty's level, for ``--help`` texts."""

    def pairs(table: dict[str, str]) -> str:
        return ", ".join(f"{d} ({level})" for d, level in table.items())

    return (
        f"difficulties where melds score, at 2 players: {pairs(DIFFICULTIES)}\n"
        f"  the same at 3+ players: {pairs(CROWDED_DIFFICULTIES)}\n"
        f"  where only going out counts: {pairs(GOING_OUT_DIFFICULTIES)}\n"
        f"  the same at 3+ players or over fixed deals: {pairs(LUCKIER_DIFFICULTIES)}"
    )


def searchers_text() -> str:
    """The levels that search, and the difficulties that play one and where, in words
    for messages and ``--help`` texts: "montecarlo, ismcts, rollout, and expert where
    melds score"."""
    where = (
        ("where melds score", (DIFFICULTIES, CROWDED_DIFFICULTIES)),
        ("where only going out counts", (GOING_OUT_DIFFICULTIES, LUCKIER_DIFFICULTIES)),
    )
    parts = []
    for words, tables in where:
        names = [d for d in DIFFICULTIES if any(t[d] in SEARCH_LEVELS for t in tables)]
        if names:
            parts.append(f"{' and '.join(names)} {words}")
    return ", ".join(SEARCH_LEVELS) + "".join(f", and {part}" for part in parts)


def difficulties_for(rules: Rules | None, players: int = 2) -> dict[str, str]:
    """The level of each difficulty under ``rules`` at a table of ``players`` (rules None:
    where melds score, as in the default preset)."""
    if rules is None or rules.scoring is Scoring.MELDED_MINUS_HAND:
        return CROWDED_DIFFICULTIES if players > 2 else DIFFICULTIES
    if players > 2 or rules.deals is not None:
        return LUCKIER_DIFFICULTIES
    return GOING_OUT_DIFFICULTIES


def resolve_level(name: str, rules: Rules | None = None, players: int = 2) -> str:
    """The ladder level a difficulty (or a level) names under ``rules`` at a table of
    ``players`` (rules None: where melds score). Raises ``ValueError`` naming every
    accepted name for an unknown one."""
    level = difficulties_for(rules, players).get(name, name)
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
    """A new bot of ``level`` (a level of :data:`LEVELS`, or a difficulty, which gives a
    :class:`DifficultyBot`); the same seed gives the same decisions.

    ``budget`` is the search effort (playouts or iterations per decision) of the search
    levels, a whole number from 1 to :data:`MAX_BUDGET`, or None for the level's
    default; the other levels have no search and leave it unused (a difficulty passes
    it to whichever level it plays). Raises ``ValueError`` for an unknown level or a
    budget out of range.

    >>> get_bot("ismcts", budget=0)
    Traceback (most recent call last):
    ...
    ValueError: budget 0: a search's budget is a whole number from 1 to 1000000000
    """
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MAX_BUDGET
    ):
        raise ValueError(
            f"budget {budget!r}: a search's budget is a whole number from 1 to {MAX_BUDGET}"
        )
    if level in DIFFICULTIES:
        return DifficultyBot(level, seed=seed, budget=budget, name=name)
    return LEVELS[resolve_level(level)][0](seed=seed, budget=budget, name=name)


def describe(level: str, rules: Rules | None = None, players: int = 2) -> str:
    """The short description of a level, or of the level a difficulty plays under
    ``rules`` at a table of ``players``, for users. Raises ``ValueError`` if unknown."""
    return LEVELS[resolve_level(level, rules, players)][1]


def untimed(bot: Bot) -> Bot:
    """``bot`` with its search's time limit lifted (a difficulty's bots too, as it makes
    them): a search level then stops on its budget (or ``rollout``'s early stop, which
    reads only the playouts), so the same seed gives the same decisions on any machine,
    however busy (where the limit would stop it first, it thinks longer). Other levels
    are unchanged. Returns ``bot``."""
    if isinstance(bot, DifficultyBot):
        bot.untimed = True
        for inner in bot._bots.values():
            untimed(inner)
    elif isinstance(bot, (MonteCarloBot, ISMCTSBot)):
        bot.time_limit = None
    return bot


class DifficultyBot(Bot):
    """A difficulty (``easy`` ... ``expert``): plays, for each view, the level the
    difficulty names under the view's rules and number of players
    (:func:`difficulties_for`), a bot of that level made once with this bot's seed, budget
    and name. So ``get_bot("hard", seed=s)`` plays a 2-player
    500 Rum game exactly as ``get_bot("basic", seed=s)`` does."""

    def __init__(
        self, difficulty: str, seed: int | str = 0, budget: int | None = None, name: str = ""
    ) -> None:
        if difficulty not in DIFFICULTIES:
            raise ValueError(
                f"unknown difficulty {difficulty!r}; difficulties are {', '.join(DIFFICULTIES)}"
            )
        super().__init__(seed, budget, name or difficulty)
        self.level = difficulty
        self._bots: dict[str, Bot] = {}
        #: whether the bots it makes search without a time limit (:func:`untimed`)
        self.untimed = False

    def bot_for(self, rules: Rules, players: int = 2) -> Bot:
        """The bot that plays this difficulty under ``rules`` at a table of ``players``."""
        level = resolve_level(self.level, rules, players)
        bot = self._bots.get(level)
        if bot is None:
            bot = LEVELS[level][0](seed=self.seed, budget=self.budget, name=self.name)
            if self.untimed:
                untimed(bot)
            self._bots[level] = bot
        return bot

    def act(self, view: PlayerView) -> Action:
        action = self.bot_for(view.rules, len(view.players)).act(view)
        self.decisions += 1
        return action

    def choose(self, view: PlayerView) -> Action:
        return self.bot_for(view.rules, len(view.players)).choose(view)
