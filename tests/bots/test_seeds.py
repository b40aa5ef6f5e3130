"""The same seed gives the same decisions; the registry knows every level."""

from __future__ import annotations

import pytest

from rummykit import Action, Game, Rules
from rummykit.bots import DEFAULT_LEVEL, LEVELS, describe, get_bot

BUDGET = {"montecarlo": 12, "ismcts": 12, "rollout": 8}


def _actions(level: str, seed: int, steps: int) -> list[Action]:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=21)
    bots = [
        get_bot(level, seed=seed, budget=BUDGET.get(level)),
        get_bot("greedy", seed=seed),
    ]
    if level in BUDGET:  # the same playouts every time, however busy the machine
        bots[0].time_limit = None  # type: ignore[attr-defined]
    out: list[Action] = []
    while not game.over and len(out) < steps:
        seat = game.to_act
        action = bots[seat].act(game.view(seat))
        out.append(action)
        game.apply(action, seat)
    return out


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_same_decisions(level: str) -> None:
    steps = 40 if level in BUDGET else 150
    assert _actions(level, 3, steps) == _actions(level, 3, steps)


def test_random_depends_on_its_seed() -> None:
    assert _actions("random", 1, 60) != _actions("random", 2, 60)


def test_registry() -> None:
    assert DEFAULT_LEVEL in LEVELS
    for level in LEVELS:
        bot = get_bot(level, seed=1)
        assert bot.name == level and describe(level)
    assert get_bot("ismcts", budget=5).budget == 5
    with pytest.raises(ValueError, match="levels are"):
        get_bot("grandmaster")
    for budget in (0, -5, True, 2.5, 10**10):  # refused as the command line refuses them
        with pytest.raises(ValueError, match=f"budget {budget!r}: a search's budget"):
            get_bot("ismcts", budget=budget)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="budget"):
            get_bot("expert", budget=budget)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="levels are"):
        describe("grandmaster")


@pytest.mark.parametrize("preset", ["500-rum-classic", "remik-500", "rummy", "block-rummy"])
def test_heuristic_plays_every_preset(preset: str) -> None:
    game = Game(Rules.preset(preset), ["Ana", "Ben", "Caro"], seed=5)
    bots = [get_bot("heuristic", seed=1), get_bot("greedy", seed=2), get_bot("random", seed=3)]
    steps = 0
    while not game.over and steps < 3000:
        seat = game.to_act
        game.apply(bots[seat].act(game.view(seat)), seat)
        steps += 1
    assert len(game.results) >= 1
