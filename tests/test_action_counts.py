"""Golden legal actions of fixed positions: the engine's "perft".

``tests/golden/action_counts.json`` holds a few hundred positions, each described by a
preset, options, a number of players, a game seed, an rng seed and a number of random
actions played, with the exact legal actions found there when the file was made: their
number, the sha256 of their sorted texts and (for lists of at most 60) the texts. This
test rebuilds every position by replaying the same random walk with the same seeds and
checks that the engine lists the same actions, so a change anywhere in action generation
(melds, lay-offs, jokers, pile depths, Rummy calls, going out, the stock) fails here with
the position's description and the actions added and missing.

The walk picks each action with ``rng.choice`` from the *sorted* action texts, so it does
not depend on the order in which the engine lists its actions.

If action generation changes deliberately (a rule fixed, an option added), regenerate
the file with ``tests/golden/make_action_counts.py`` and review its diff position by
position before committing; never regenerate only to make this test pass.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummykit import Game, Rules

GOLDEN = Path(__file__).parent / "golden" / "action_counts.json"


def _load() -> list[dict[str, Any]]:
    positions: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["positions"]
    return positions


POSITIONS = _load()


def replay(position: dict[str, Any]) -> Game:
    """The position: a fresh game, then the seeded random walk of its description."""
    rules = Rules.preset(position["preset"], **position["options"])
    names = [f"P{i}" for i in range(position["players"])]
    game = Game(rules, names, seed=position["game_seed"], dealer=0)
    rng = random.Random(position["rng_seed"])
    for k in range(position["actions_played"]):
        assert not game.over, f"the game ended after {k} of the walk's actions"
        actions = game.legal_actions()
        texts = [str(a) for a in actions]
        chosen = rng.choice(sorted(texts))
        game.apply(actions[texts.index(chosen)])
    return game


def describe(position: dict[str, Any]) -> str:
    """The position's description, as the generator wrote it."""
    options = ", ".join(f"{k}={v!r}" for k, v in position["options"].items()) or "none"
    return (
        f"{position['id']}: {position['why']}\n"
        f"  preset {position['preset']!r}, options {options}, {position['players']} players, "
        f"game_seed {position['game_seed']}, rng_seed {position['rng_seed']}, "
        f"{position['actions_played']} random actions played "
        f"(golden: hand {position['hand']}, phase {position['phase']}, "
        f"seat {position['to_act']} to act)"
    )


@pytest.mark.parametrize("position", POSITIONS, ids=[p["id"] for p in POSITIONS])
def test_legal_actions_match_golden(position: dict[str, Any]) -> None:
    game = replay(position)
    texts = sorted(str(a) for a in game.legal_actions())
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    golden_list: list[str] | None = position.get("actions")
    problems: list[str] = []
    if game.to_act != position["to_act"]:
        problems.append(f"seat to act: {game.to_act}, golden {position['to_act']}")
    if len(texts) != position["count"]:
        problems.append(f"count: {len(texts)}, golden {position['count']}")
    if digest != position["sha256"]:
        problems.append("sha256 of the sorted action texts differs")
    if golden_list is not None and texts != golden_list:
        added = sorted(set(texts) - set(golden_list))
        missing = sorted(set(golden_list) - set(texts))
        problems.append(f"added: {added}")
        problems.append(f"missing: {missing}")
    elif golden_list is None and problems:
        problems.append(f"now (first 20): {texts[:20]}")
    assert not problems, describe(position) + "\n  " + "\n  ".join(problems)


def test_golden_file_is_well_formed() -> None:
    ids = [p["id"] for p in POSITIONS]
    assert len(ids) == len(set(ids)), "position ids must be unique"
    for p in POSITIONS:
        if "actions" in p:
            assert p["count"] == len(p["actions"]) and p["actions"] == sorted(p["actions"])
            digest = hashlib.sha256("\n".join(p["actions"]).encode()).hexdigest()
            assert digest == p["sha256"], p["id"]
