"""Views: what a player may know, and the public state that rebuilds a hand exactly."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Phase, PlayerView, Rules, RulesError, TurnState
from rummykit.cards import CARDS, card_sort_key
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


def test_views_and_turn_states_are_whole_frozen_dataclasses() -> None:
    """Views and turn states are filled in without their ``__init__`` (for speed): every
    field is set, they equal what ``__init__`` builds from the same values, they stay
    frozen, and a turn state kept for a position is replaced once an action is applied."""
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=21)
    rng = random.Random(21)
    for _ in range(150):
        if game.over:
            break
        hand = game.hand
        state = hand.turn_state()
        assert hand.turn_state() is state  # kept while the position lasts
        names = [f.name for f in dataclasses.fields(TurnState)]
        assert sorted(vars(state)) == sorted(names)
        assert TurnState(**{n: getattr(state, n) for n in names}) == state
        assert (state.turn, state.phase, state.took) == (hand.turn, hand.phase, hand.took)
        assert state.has_melded == tuple(hand.has_melded)
        for seat in (None, 0, 1, 2):
            view = game.view(seat)
            names = [f.name for f in dataclasses.fields(PlayerView)]
            assert sorted(vars(view)) == sorted(names)
            again = PlayerView(**{n: getattr(view, n) for n in names})
            assert again == view and repr(again) == repr(view)
            if view.hand is not None:
                assert list(view.hand) == sorted(view.hand, key=card_sort_key)
            with pytest.raises(dataclasses.FrozenInstanceError):
                view.seat = 1  # type: ignore[misc]
        game.apply(rng.choice(game.legal_actions()))
        if game.hand is hand and not hand.is_over:
            assert hand.turn_state() is not state


@pytest.mark.parametrize("name", ["500-rum", "remik-500", "wrotham"])
def test_seat_facts_are_the_facts_of_the_view(name: str) -> None:
    """``Game.facts(seat)`` holds what ``Game.view(seat)`` shows, as codes and numbers."""
    game = Game(Rules.preset(name), ["Ana", "Ben", "Caro"], seed=31)
    rng = random.Random(31)
    kept = 0
    for _ in range(400):
        if game.over:
            break
        for seat in range(3):
            view, facts = game.view(seat), game.facts(seat)
            state = facts.turn_state
            assert facts.seat == view.seat and facts.rules is view.rules
            assert facts.hand == tuple(int(c) for c in view.hand or ())
            assert facts.known == tuple(tuple(int(c) for c in k) for k in view.known)
            assert facts.pile == tuple(int(c) for c in view.pile)
            assert facts.melds == tuple(m.meld for m in view.melds)
            assert (facts.hand_sizes, facts.totals, facts.stock_size) == (
                view.hand_sizes,
                view.totals,
                view.stock_size,
            )
            assert (facts.phase, facts.to_act, facts.dealer, facts.hand_number) == (
                view.phase,
                view.to_act,
                view.dealer,
                view.hand_number,
            )
            assert facts.legal_actions == view.legal_actions
            assert facts.game_over == view.game_over and state == view.turn_state
            must = state.target if state.pending else None
            assert must == (None if view.must_meld is None else int(view.must_meld))
            assert (state.took, state.melds_made, state.reuse) == (
                view.took,
                view.melds_made,
                view.stock_reuses,
            )
            assert (state.has_melded, state.played) == (view.has_melded, view.played)
            calls = state.window if facts.phase is Phase.RUMMY else ()
            assert calls == view.call_order
        table, hand, melds = game.facts(0).melds, game.hand, game.hand.melds
        assert game.facts(1).melds is table
        game.apply(rng.choice(game.legal_actions()))
        if game.hand is hand and hand.melds is melds:  # the table did not change
            assert game.facts(2).melds is table  # nor did its tuple
            kept += 1
    assert kept > 100
    with pytest.raises(RulesError):
        game.facts(3)
