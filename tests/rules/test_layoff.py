"""RULES.md 3.2, laying off: [layoff.extend], [layoff.owner], [layoff.choose],
[layoff.own-meld-first]. (Aces at either end of a run: test_melds.py.)"""

from __future__ import annotations

import pytest

from rummykit import PRESETS, Hand
from rummykit.events import HandEnd

from .kit import act, drawn, held, make_hand, melds, refuse


def spades_down(**options: object) -> Hand:
    """Ana has put down 3S 4S 5S (meld 1) and 7S 8S 9S (meld 2); Ben has drawn."""
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        {"Ana": "3S 4S 5S 7S 8S 9S 2C", "Ben": "6S TS 2S 9C 9D 9H KD"},
        upcard="QD",
        stock="4H 5C",
        **options,
    )
    act(hand, "Ana: draw", "Ana: meld 3S 4S 5S", "Ana: meld 7S 8S 9S", "Ana: discard 2C")
    act(hand, "Ben: draw")
    return hand


# ---------------------------------------------------------------- [layoff.extend]
def test_layoff_extend_fourth_card_of_another_players_group() -> None:
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        {"Ana": "9C 9D 9H 2S 5S JD KH", "Ben": "9S 3C 4C 5C 6C 7C 8D"},
        upcard="QD",
        stock="4H 8C",
    )
    act(hand, "Ana: draw", "Ana: meld 9C 9D 9H", "Ana: discard KH", "Ben: draw")
    act(hand, "Ben: layoff 9S to 1")
    assert melds(hand) == ["9C 9D 9H 9S"]
    assert hand.melds[0].owners == (0, 0, 0, 1)
    assert "9S" not in held(hand, "Ben")


def test_layoff_extend_run_at_either_end_and_several_cards() -> None:
    hand = spades_down()
    act(hand, "Ben: layoff TS to 2")
    assert melds(hand)[1] == "7S 8S 9S TS"
    act(hand, "Ben: layoff 2S to 1")
    assert melds(hand)[0] == "2S 3S 4S 5S"


def test_layoff_extend_several_cards_in_one_lay_off() -> None:
    hand = drawn("500-rum", "6H 7H 8H 9H TH 5H 2C", draw="KS")
    act(hand, "Ana: meld 6H 7H 8H", "Ana: layoff 9H TH 5H to 1")
    assert melds(hand) == ["5H 6H 7H 8H 9H TH"]
    assert hand.melds[0].owners == (0,) * 6


@pytest.mark.parametrize("card", ["TH", "6C"])
def test_layoff_extend_refuses_a_card_that_does_not_extend(card: str) -> None:
    hand = drawn("500-rum", "6H 7H 8H TH 6C 2S 4D", draw="KS")
    act(hand, "Ana: meld 6H 7H 8H")
    refuse(hand, f"Ana: layoff {card} to 1", "layoff.extend")


def test_layoff_extend_refuses_a_second_copy_in_a_run_with_two_packs() -> None:
    hand = drawn("500-rum", "6H 7H 8H TH 6C 2S 4D", draw="8H", names="Ana Ben Caro Dan Eva")
    act(hand, "Ana: meld 6H 7H 8H")
    refuse(hand, "Ana: layoff 8H to 1", "layoff.extend")


def test_layoff_extend_refuses_a_fifth_card_in_a_group() -> None:
    hand = drawn("500-rum", "9C 9D 9H 9S JK 2S 5D", draw="KC")
    act(hand, "Ana: meld 9C 9D 9H 9S")
    refuse(hand, "Ana: layoff JK to 1", "layoff.extend")


def test_layoff_extend_never_joins_two_melds() -> None:
    # RULES.md: with 3S 4S 5S and 7S 8S 9S down, a 6S goes to one of them.
    hand = spades_down()
    act(hand, "Ben: layoff 6S to 1")
    assert melds(hand) == ["3S 4S 5S 6S", "7S 8S 9S"]
    assert len(hand.melds) == 2


def test_action_meld_refuses_a_layoff_to_a_meld_not_on_the_table() -> None:
    hand = spades_down()
    refuse(hand, "Ben: layoff 6S to 3", "action.meld")


def test_action_card_refuses_a_layoff_not_in_hand() -> None:
    hand = spades_down()
    refuse(hand, "Ben: layoff 6H to 1", "action.card")


# ---------------------------------------------------------------- [layoff.owner]
def test_layoff_owner_card_scores_for_the_player_who_laid_it_off() -> None:
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        {"Ana": "9C 9D 9H 2S 5S JD KH", "Ben": "9S 3C 4C 5C 6C 7C 8D"},
        upcard="QD",
        stock="4H 8C",
    )
    assert held(hand, "Caro") == ["2C", "3H", "5D", "8H", "AD", "JS", "QC"]
    act(hand, "Ana: draw", "Ana: meld 9C 9D 9H", "Ana: discard KH")
    act(hand, "Ben: draw", "Ben: layoff 9S to 1", "Ben: meld 3C 4C 5C 6C 7C 8C")
    act(hand, "Ben: discard 8D")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1
    # Ana: 9C 9D 9H = 27 on the table, 2S 5S JD 4H = 21 in hand: 6 (the 9S is not hers).
    # Ben: 9S laid off on Ana's group = 9, 3C..8C = 33: 42.
    # Caro: 2 + 3 + 5 + 8 + 15 (AD) + 10 + 10 = 53 in hand: -53.
    assert hand.scores() == [6, 42, -53]


# ---------------------------------------------------------------- [layoff.choose]
def test_layoff_choose_card_that_fits_two_melds_goes_where_named() -> None:
    hand = spades_down()
    act(hand, "Ben: layoff 6S to 2")
    assert melds(hand) == ["3S 4S 5S", "6S 7S 8S 9S"]
    assert hand.melds[1].owners == (1, 0, 0, 0)


def test_layoff_choose_card_never_moves_and_melds_keep_their_numbers() -> None:
    hand = spades_down()
    act(hand, "Ben: layoff 6S to 1", "Ben: meld 9C 9D 9H", "Ben: discard KD")
    assert melds(hand) == ["3S 4S 5S 6S", "7S 8S 9S", "9C 9D 9H"]
    # Caro and then Ana play on: the 6S stays in meld 1 and nothing is rearranged.
    caro = held(hand, "Caro")[0]
    act(hand, "Caro: draw", f"Caro: discard {caro}")
    act(hand, "Ana: draw")
    assert melds(hand) == ["3S 4S 5S 6S", "7S 8S 9S", "9C 9D 9H"]
    assert hand.melds[0].owners == (0, 0, 0, 1)


# ---------------------------------------------------------------- [layoff.own-meld-first]
def test_layoff_own_meld_first_refuses_a_lay_off_before_an_own_meld() -> None:
    hand = spades_down(layoff_needs_own_meld=True)
    refuse(hand, "Ben: layoff 6S to 1", "layoff.own-meld-first")
    assert not any(a.verb == "layoff" for a in hand.legal_actions())


def test_layoff_own_meld_first_allows_a_lay_off_after_an_own_meld_this_turn() -> None:
    hand = spades_down(layoff_needs_own_meld=True)
    act(hand, "Ben: meld 9C 9D 9H", "Ben: layoff 6S to 1")
    assert melds(hand) == ["3S 4S 5S 6S", "7S 8S 9S", "9C 9D 9H"]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_layoff_own_meld_first_is_off_in_every_preset(preset: str) -> None:
    # Wrotham deals the first player an eighth card instead of a draw [wrotham.first-turn]
    extra = PRESETS[preset].first_player_extra_card
    hand = make_hand(
        preset,
        "Ana Ben Caro",
        {"Ana": "3S 4S 5S 7D 8D 9D 2C" + (" KC" if extra else ""), "Ben": "6S TS 2S 9C JC 9H KD"},
        upcard="QD",
        stock="4H 5C",
    )
    if not extra:
        act(hand, "Ana: draw")
    act(hand, "Ana: meld 3S 4S 5S", "Ana: discard 2C", "Ben: draw")
    act(hand, "Ben: layoff 6S to 1")
    assert melds(hand) == ["3S 4S 5S 6S"]
