"""Positions reached by play in every preset, and the wire schemas, shared by the wire
tests (``test_wire.py``, ``test_wire_documents.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from rummykit import PRESETS, Game, Phase, PlayerView, Rules
from rummykit.bots import GreedyBot
from rummykit.wire import load_schema


def inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with each local ``$ref`` replaced by its definition: the same schema,
    which validates five times faster (thousands of documents are checked here)."""
    defs = schema["$defs"]

    def walk(node: object) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                # beside a $ref, this project's schemas hold only a description
                assert set(node) <= {"$ref", "description"}
                return walk(defs[node["$ref"].removeprefix("#/$defs/")])
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return {k: walk(v) for k, v in schema.items() if k != "$defs"}


VIEW_SCHEMA = Draft202012Validator(inlined(load_schema("player-view")))
EVENT_SCHEMA = Draft202012Validator(inlined(load_schema("event")))

# (preset, players, options): every preset at 2 to 4 players, plus Rummy call windows
# (rummy_call pile and last-discard, 3 and 4 players), jokers in rummy, reshuffled stocks
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (name, n, {})
    for name, rules in PRESETS.items()
    for n in (2, 3, 4)
    if rules.min_players <= n <= rules.max_players
] + [
    ("500-rum", 3, {"rummy_call": "pile", "stock_exhausted": "reshuffle"}),
    ("500-rum", 4, {"rummy_call": "last-discard", "joker_swap": True}),
    ("rummy", 3, {"rummy_call": "pile", "jokers": 2, "stock_exhausted": "reshuffle"}),
    ("remik-500", 3, {"rummy_call": "pile"}),
]
NAMES = ("Ana", "Ben", "Caro", "Dan")


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    name, n, options = config
    return f"{name}-{n}p" + "".join(f"-{k}={v}" for k, v in options.items())


def play_to(game: Game, steps: int, rng: random.Random) -> None:
    """Plays ``steps`` actions: greedy (melds, jokers) or random (takes, passes), and
    mostly calls Rummy when a call is open."""
    bot = GreedyBot(seed=rng.randrange(1 << 30))
    for _ in range(steps):
        if game.over:
            return
        legal = game.legal_actions()
        calls = [a for a in legal if a.verb == "rummy"]
        if calls and rng.random() < 0.7:
            game.apply(rng.choice(calls))
        elif rng.random() < 0.5:
            game.apply(bot.act(game.view(game.to_act)))
        else:
            game.apply(rng.choice(legal))


@dataclass(frozen=True)
class Position:
    """A position reached by play: the game, and every seat's view, then the spectator's."""

    game: Game
    views: tuple[PlayerView, ...]


def position(game: Game) -> Position:
    seats: list[int | None] = [*range(len(game.players)), None]
    return Position(game.clone(), tuple(game.view(s) for s in seats))


@cache
def positions(config_index: int) -> tuple[Position, ...]:
    """Positions of three seeded games of one configuration: every few actions, and at
    every open Rummy call and every lay-off a call obliges."""
    name, n, options = CONFIGS[config_index]
    found: list[Position] = []
    for seed in range(3):
        game = Game(Rules.preset(name, **options), NAMES[:n], seed=seed)
        rng = random.Random(seed)
        gap = 0
        for _ in range(200):
            if game.over:
                break
            hand = game.hand
            if gap == 0 or hand.phase is Phase.RUMMY or hand.call_layoff_only:
                found.append(position(game))
                gap = rng.randrange(1, 9)
            play_to(game, 1, rng)
            gap -= 1
        found.append(position(game))
    return tuple(found)


def all_views() -> Iterator[PlayerView]:
    for i in range(len(CONFIGS)):
        for position in positions(i):
            yield from position.views
