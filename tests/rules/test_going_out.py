"""RULES.md section 6, going out (option ``going_out``): `any`, [out.discard-required],
[out.floating], [out.unplayable-discard].

Ana holds 3C 4C 5C 6C 9D 9H 9S and draws 7C: she can meld 9D 9H 9S and 3C..7C, all
eight cards (27 + 25 = 52 points on the table).
"""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import Hand, Phase
from rummykit.events import HandEnd

from .kit import act, drawn, held, make_hand, melds, pile, refuse

NAMES = "Ana Ben Caro"
ANA = "3C 4C 5C 9D 9H 9S 6C"


# ---------------------------------------------------------------- any
@pytest.mark.parametrize("preset", ["500-rum", "500-rum-classic", "remik-500", "rummy"])
def test_out_any_by_melding_every_card(preset: str) -> None:
    hand = drawn(preset, ANA, draw="7C", melds_per_turn=None)
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


def test_out_any_by_discarding_the_last_card() -> None:
    hand = drawn("500-rum", ANA, draw="2H")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 2H")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


# ---------------------------------------------------------------- [out.discard-required]
def test_out_discard_required_refuses_melding_the_last_card() -> None:
    hand = drawn("500-rum", ANA, draw="7C", going_out="discard-required")
    act(hand, "Ana: meld 9D 9H 9S")
    refuse(hand, "Ana: meld 3C 4C 5C 6C 7C", "out.discard-required")
    act(hand, "Ana: meld 3C 4C 5C 6C")
    refuse(hand, "Ana: layoff 7C to 2", "out.discard-required")
    assert not any(a.verb in ("meld", "layoff") for a in hand.legal_actions())


def test_out_discard_required_allows_going_out_by_discarding() -> None:
    hand = drawn("500-rum", ANA, draw="7C", going_out="discard-required")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 7C")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


# ---------------------------------------------------------------- [out.floating]
def floater(pile_cards: str, then: str = "2H", mode: str = "floating", **options: Any) -> Hand:
    """Ana melds all eight cards on her first turn and floats; Ben and Caro draw and
    discard the two cards of ``pile_cards`` after the upcard; ``then`` is Ana's next
    stock card."""
    up, ben, caro = pile_cards.split()
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": ANA},
        up,
        stock=f"7C {ben} {caro} {then}",
        going_out=mode,
        rummy_call="off",
        **options,
    )
    act(hand, "Ana: draw", "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    assert held(hand, "Ana") == [] and hand.phase is Phase.DRAW and hand.turn == 1
    assert hand.ended_by is None
    act(hand, "Ben: draw", f"Ben: discard {ben}", "Caro: draw", f"Caro: discard {caro}")
    assert hand.turn == 0
    return hand


@pytest.mark.parametrize("mode", ["floating", "floating-unplayable"])
def test_out_floating_melding_every_card_does_not_end_the_hand(mode: str) -> None:
    hand = drawn("500-rum", ANA, draw="7C", going_out=mode, rummy_call="off")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    assert hand.phase is Phase.DRAW and hand.turn == 1 and hand.out is None
    assert held(hand, "Ana") == []


def test_out_floating_1_draw_from_stock_and_discard_it_ends_the_hand() -> None:
    hand = floater("KD JS 4H", then="2H")
    act(hand, "Ana: draw", "Ana: discard 2H")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0
    scores = hand.scores()
    assert scores is not None and scores[0] == 52


def test_out_floating_2_take_pile_cards_meld_all_but_one_and_discard() -> None:
    hand = floater("KD 8C 2S")
    act(hand, "Ana: take 2", "Ana: layoff 8C to 2", "Ana: discard 2S")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


def test_out_floating_3_meld_everything_drawn_and_float_again() -> None:
    hand = floater("KD JS 4H", then="8C")
    act(hand, "Ana: draw", "Ana: layoff 8C to 2")
    assert hand.ended_by is None and hand.phase is Phase.DRAW and hand.turn == 1
    assert melds(hand)[1] == "3C 4C 5C 6C 7C 8C"


def test_out_floating_3_top_card_taken_must_be_melded_and_float_again() -> None:
    hand = floater("KD JS 8C")
    act(hand, "Ana: take 1")
    refuse(hand, "Ana: discard 8C", "discard.same-card")
    act(hand, "Ana: layoff 8C to 2")
    assert hand.ended_by is None and hand.turn == 1


def test_out_floating_refuses_taking_a_top_card_that_cannot_be_melded() -> None:
    # rules-decisions 7: a floater could not discard it and could not meld it.
    hand = floater("KD 8C 2S")
    refuse(hand, "Ana: take 1", "discard.same-card")


def test_take_must_meld_top_names_a_floaters_take_before_the_same_card_rule() -> None:
    # found by a review: where a rule of the pile obliges the top card's meld, the take
    # is refused by that rule; the same-card rule (decision 7) decides only the others
    hand = floater("KD 8C 2S", top_card_must_meld=True)
    refuse(hand, "Ana: take 1", "take.must-meld-top")


def test_out_floating_4_take_meld_some_discard_and_keep_plays_on() -> None:
    hand = floater("8C 2S 3H")
    act(hand, "Ana: take 3", "Ana: layoff 8C to 2", "Ana: discard 3H")
    assert hand.ended_by is None and held(hand, "Ana") == ["2S"]
    assert hand.turn == 1 and pile(hand) == "3H"


def test_out_floating_floater_scores_melds_when_another_player_goes_out() -> None:
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": ANA, "Ben": "AS 2S 3S 4S 5S 6S 7S"},
        "KD",
        stock="7C 8S",
        going_out="floating",
        rummy_call="off",
    )
    act(hand, "Ana: draw", "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    act(hand, "Ben: draw", "Ben: meld AS 2S 3S 4S 5S 6S 7S", "Ben: discard 8S")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1
    scores = hand.scores()
    assert scores is not None
    # Ana floats with an empty hand: 52 on the table minus nothing.
    # Ben: a low ace 1, then 2+3+...+7 = 27: 28.
    assert scores[:2] == [52, 28]


# ---------------------------------------------------------------- [out.unplayable-discard]
def test_out_unplayable_discard_refuses_going_out_with_a_playable_card() -> None:
    hand = drawn("500-rum", ANA, draw="7C", going_out="floating-unplayable")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C")
    refuse(hand, "Ana: discard 7C", "out.unplayable-discard")
    assert [str(a) for a in hand.legal_actions()] == ["layoff 7C to 2"]
    act(hand, "Ana: layoff 7C to 2")  # she floats instead
    assert hand.ended_by is None and held(hand, "Ana") == []


def test_out_unplayable_discard_allows_going_out_with_an_unplayable_card() -> None:
    hand = drawn("500-rum", ANA, draw="2H", going_out="floating-unplayable")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 2H")
    assert hand.ended_by is HandEnd.OUT


def test_out_unplayable_discard_a_card_that_only_a_joker_swap_would_place_is_unplayable() -> None:
    # rules-decisions 45: the 9H could only take the joker's place in 7H 8H JK=9H (a swap,
    # not a lay-off), so with floating-unplayable it may be discarded to go out
    hand = make_hand(
        "remik-500",
        "Ana Ben",
        {"Ana": "7H 8H JK 2C 3C 9H", "Ben": "KC 3D 5S JD 8C 9D"},
        "AD",
        stock="4C QD 9S",
        going_out="floating-unplayable",
        hand_size=6,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H JK=9H", "Ana: meld 2C 3C 4C")
    assert held(hand, "Ana") == ["9H"]
    act(hand, "Ana: discard 9H")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


def test_out_unplayable_discard_only_concerns_the_last_card() -> None:
    hand = drawn("500-rum", ANA, draw="2H", going_out="floating-unplayable")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C")
    act(hand, "Ana: discard 6C")  # playable, but Ana keeps the 2H
    assert hand.ended_by is None


def test_out_unplayable_discard_floating_alone_allows_a_playable_last_discard() -> None:
    hand = drawn("500-rum", ANA, draw="7C", going_out="floating")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 7C")
    assert hand.ended_by is HandEnd.OUT


def test_out_unplayable_discard_floater_drawing_a_playable_card_must_lay_it_off() -> None:
    hand = floater("KD JS 4H", then="8C", mode="floating-unplayable")
    act(hand, "Ana: draw")
    refuse(hand, "Ana: discard 8C", "out.unplayable-discard")
