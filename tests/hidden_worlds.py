"""Positions dealt again where one seat cannot see: what a seat is shown must not change
when the cards hidden from it are dealt otherwise (tests/test_hidden_cards.py and
tests/rl/test_hidden_cards.py, from a review of every way a card leaves the engine).

:func:`other_world` keeps what the seat may know (its own hand, the cards others were
seen to take or to draw from a turned-over stock, a public stock's order) and deals the
rest of the others' hands and the stock again; :func:`positions` plays a game with
bots, some random legal actions among theirs, and gives every third position.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.hand import Hand

#: Rule sets where different cards are public: Rummy calls, a stock shuffled or turned
#: over, own melds first, two packs, winner-takes and penalty scoring, all at once.
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("500-rum", 2, {}),
    ("500-rum", 3, {"rummy_call": "last-discard"}),
    ("500-rum", 5, {}),
    ("500-rum", 3, {"stock_exhausted": "reshuffle"}),
    ("500-rum", 4, {"stock_exhausted": "turn-over", "layoff_needs_own_meld": True}),
    ("500-rum", 3, {"going_out": "floating", "stock_exhausted": "turn-over"}),
    ("rummy", 2, {}),
    ("rummy", 3, {}),
    ("block-rummy", 3, {}),
    ("remik-500", 3, {}),
    ("wrotham", 3, {}),
]


def other_world(hand: Hand, seat: int | None, rng: random.Random) -> Hand:
    """``hand`` with the cards hidden from ``seat`` (None: a spectator) dealt again."""
    world = hand.clone()
    public_stock = world.stock_public()
    pool = [] if public_stock else list(world.stock)
    kept: dict[int, tuple[list[int], int]] = {}
    for p in range(world.n):
        if p == seat:
            continue
        rest = list(world.hands[p])
        seen = [*world.known[p], *world.drawn_known[p]]
        for card in seen:
            rest.remove(card)
        kept[p] = (seen, len(rest))
        pool += rest
    rng.shuffle(pool)
    for p, (seen, count) in kept.items():
        world.hands[p] = seen + pool[:count]
        pool = pool[count:]
    if not public_stock:
        world.stock = pool
    world._clear_caches()  # its lists and views were worked out from the old cards
    world._log = hand._log  # the history, which the clear forgot, is the same
    return world


def positions(
    preset: str, players: int, options: dict[str, Any], seed: int, actions: int = 240
) -> Iterator[tuple[Game, random.Random]]:
    """Every third position of a game of ``greedy`` bots (one action in seven random),
    for ``actions`` actions or until the game ends; the generator plays on from the
    position it gave when resumed, so the caller must not change the game."""
    game = Game(Rules.preset(preset, **options), [f"P{i}" for i in range(players)], seed=seed)
    bots = [get_bot("greedy", seed=f"{seed}/{i}") for i in range(players)]
    rng = random.Random(seed)
    for step in range(actions):
        if game.over or len(game.hand_seats) != players:
            return
        if step % 3 == 0:
            yield game, rng
        seat = game.to_act
        view = game.view(seat)
        legal = view.legal_actions
        action = rng.choice(legal) if rng.random() < 1 / 7 else bots[seat].act(view)
        game.apply(action, seat)
