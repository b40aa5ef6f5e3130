"""Views: what a player may know, and the public state that rebuilds a hand exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Rules, RulesError
from rummykit.cards import CARDS
from rummykit.rules import PRESETS

from .test_properties import snapshot


def advance(game: Game, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if game.over or game.hand.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_public_state_and_true_cards_rebuild_the_hand(name: str, seed: int, steps: int) -> None:
    rules = Rules.preset(name)
    game = Game(rules, ["Ana", "Ben", "Caro"], seed=seed)
    rng = random.Random(seed)
    advance(game, steps, rng)
    hand = game.hand
    if hand.is_over:
        return
    view = game.view(hand.to_act)
    rebuilt = view.state_with(hand.hands, hand.stock[::-1], seed=hand.seed)
    assert snapshot(rebuilt)[:-1] == snapshot(hand)[:-1]  # all but the history length
    assert rebuilt.legal_actions() == hand.legal_actions() == view.legal_actions
    for _ in range(30):  # and they go on alike
        if hand.is_over:
            break
        action = rng.choice(hand.legal_actions())
        hand.apply(action)
        rebuilt.apply(action)
        assert snapshot(rebuilt)[:-1] == snapshot(hand)[:-1]


def test_view_shows_public_facts_only() -> None:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=5, dealer=0)
    hand = game.hand
    ben = game.view(1)
    assert ben.seat == 1 and ben.to_act == 1
    assert sorted(ben.hand or ()) == sorted(CARDS[c] for c in hand.hands[1])
    assert ben.legal_actions and not game.view(0).legal_actions  # only the one to act
    assert ben.hand_sizes == (7, 7, 7)
    assert ben.upcard == CARDS[hand.pile[-1]]
    assert ben.same_card is None
    spectator = game.view(None)
    assert spectator.hand is None and spectator.legal_actions == ()
    with pytest.raises(RulesError):
        game.view(3)


def test_view_knows_the_cards_taken_from_the_pile() -> None:
    game = Game(Rules.preset("500-rum", rummy_call="off"), ["Ana", "Ben"], seed=11, dealer=0)
    hand = game.hand
    top = hand.pile[-1]
    game.apply(game.legal_actions()[1])  # take 1
    ana = game.view(0)
    assert ana.known[1] == (CARDS[top],)
    assert ana.same_card == CARDS[top]  # Ben may not discard it this turn
    assert ana.log == ((1, "take 1"),)
