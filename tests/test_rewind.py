"""Game.rewind: taking back the last actions of the hand in progress (the terminal's undo)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Game, Rules
from rummykit.errors import RulesError
from rummykit.hand import Hand


def _state(h: Hand) -> tuple[object, ...]:
    return (
        [sorted(x) for x in h.hands],
        list(h.pile),
        list(h.stock),
        [(m.cards, m.owners) for m in h.melds],
        h.phase,
        h.to_act,
        list(h.history),
        h.legal_actions(),
    )


@given(
    preset=st.sampled_from(["500-rum", "remik-500", "rummy", "wrotham"]),
    seed=st.integers(0, 10_000),
    before=st.integers(0, 40),
    back=st.integers(0, 12),
)
def test_rewind_restores_the_hand_as_it_was(preset: str, seed: int, before: int, back: int) -> None:
    game = Game(Rules.preset(preset), ["Ana", "Ben", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(before):
        game.apply(rng.choice(game.legal_actions()))
    if game.awaiting_deal:
        return
    hand_no = game.hand.number
    saved = _state(game.hand)
    played = []
    for _ in range(back):
        action = rng.choice(game.legal_actions())
        played.append((game.to_act, action))
        game.apply(action)
        if game.over or game.hand.number != hand_no:  # the hand ended (the next is dealt)
            with pytest.raises(RulesError, match=r"in progress|cannot take back"):
                game.rewind(len(played))
            return
    assert game.rewind(len(played)) == played
    assert _state(game.hand) == saved


def test_rewind_refuses_more_than_the_hand_holds_and_changes_nothing() -> None:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=1)
    game.apply(game.legal_actions()[0])
    before = _state(game.hand)
    with pytest.raises(RulesError, match="cannot take back 2 actions: the hand has 1"):
        game.rewind(2)
    with pytest.raises(RulesError):
        game.rewind(-1)
    assert _state(game.hand) == before
    assert game.rewind(0) == []
    assert _state(game.hand) == before
