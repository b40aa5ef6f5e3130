"""Playing games to reach varied positions for the rl tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rummykit import Action, CallRummy, Game, Meld, PlayerView, Rules, Take

#: (preset, players, options) covering every preset, one and two packs, jokers, calls.
CONFIGS: list[tuple[str, int, dict[str, object]]] = [
    ("500-rum", 2, {}),
    ("500-rum", 3, {}),
    ("500-rum", 5, {}),
    ("500-rum", 8, {}),
    ("500-rum", 4, {"ace": "around", "jokers": 3}),
    ("500-rum", 6, {"rummy_call": "last-discard", "ace": "low"}),
    ("500-rum-classic", 2, {}),
    ("500-rum-classic", 6, {}),
    ("remik-500", 3, {}),
    ("rummy", 4, {"stock_reuse_limit": 2}),
    ("block-rummy", 2, {}),
    ("wrotham", 3, {}),
]


def rules_of(preset: str, options: dict[str, object]) -> Rules:
    """The rules of a configuration."""
    return Rules.preset(preset, **options)


def pick(actions: tuple[Action, ...], rng: random.Random) -> Action:
    """A random action, leaning to deep takes, calls and big melds so that games reach
    crowded tables, long melds and many jokers."""
    deep = [a for a in actions if isinstance(a, (Take, CallRummy)) and (a.count or 0) > 1]
    if deep and rng.random() < 0.5:
        return max(deep, key=lambda a: a.count or 0)
    melds = [a for a in actions if isinstance(a, Meld)]
    if melds and rng.random() < 0.7:
        return max(melds, key=lambda a: len(a.cards))
    return rng.choice(actions)


def positions(
    preset: str, players: int, options: dict[str, object], games: int, seed: int, steps: int
) -> Iterator[Game]:
    """Games of a configuration, yielded before every action (at most ``steps`` each)."""
    rules = rules_of(preset, options)
    rng = random.Random(seed)
    for g in range(games):
        game = Game(rules, [f"P{i}" for i in range(players)], seed=f"{seed}/{g}")
        for _ in range(steps):
            if game.over:
                break
            yield game
            game.apply(pick(game.legal_actions(), rng))


def views(game: Game) -> Iterator[PlayerView]:
    """Every seat's view of a position."""
    for seat in range(len(game.players)):
        yield game.view(seat)
