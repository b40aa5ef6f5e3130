"""A command that could mean several legal actions is refused with AmbiguousAction,
which lists them, instead of a notation error."""

from __future__ import annotations

import random

import pytest

from rummykit import AmbiguousAction, CallRummy, Game, PlayerView, Rules
from rummykit.tui.commands import parse_command


def view_with_several_calls() -> PlayerView:
    for seed in range(200):
        game = Game(Rules.preset("500-rum", rummy_call="pile"), ["A", "B", "C"], seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            actions = game.legal_actions()
            if sum(isinstance(a, CallRummy) for a in actions) >= 2:
                return game.view(game.to_act)
            game.apply(rng.choice(actions))
    raise AssertionError("no position with two possible calls")


def test_rummy_alone_with_several_calls_lists_them() -> None:
    view = view_with_several_calls()
    calls = tuple(a for a in view.legal_actions if isinstance(a, CallRummy))
    with pytest.raises(AmbiguousAction) as e:
        parse_command("rummy", view)
    assert e.value.rule == "action.ambiguous"
    assert e.value.candidates == calls
    assert all(str(c) in e.value.message for c in calls)
