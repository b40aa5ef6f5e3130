"""RULES.md 4.2 and 4.3, melding and discarding: [meld.any-number], [meld.one-per-turn],
[discard.one], [discard.same-card]."""

from __future__ import annotations

import pytest

from rummykit import Game, Phase, Rules
from rummykit.actions import parse_action
from rummykit.errors import IllegalAction

from .kit import act, drawn, held, make_hand, melds, pile, refuse, with_pile

NAMES = "Ana Ben Caro"
FIVE = "Ana Ben Caro Dan Eva"  # two packs in 500 Rum


# ---------------------------------------------------------------- [meld.any-number]
def test_meld_any_number_allows_several_melds_and_lay_offs_in_one_turn() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 7H 7S 7C 2D JD QS KH", "6C", names="Ana Ben")
    act(hand, "Ana: meld 3C 4C 5C", "Ana: meld 9D 9H 9S", "Ana: layoff 6C to 1")
    act(hand, "Ana: meld 7H 7S 7C")
    assert melds(hand) == ["3C 4C 5C 6C", "9D 9H 9S", "7C 7H 7S"]
    act(hand, "Ana: discard 2D")
    assert hand.phase is Phase.DRAW and hand.to_act == 1


def test_meld_any_number_melding_is_never_compulsory() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2H", draw="6C")
    act(hand, "Ana: discard 2H")
    assert melds(hand) == [] and hand.to_act == 1


def test_meld_any_number_refuses_melding_before_drawing() -> None:
    hand = make_hand("500-rum", NAMES, {"Ana": "3C 4C 5C 9D 9H 9S 2H"}, "KD")
    refuse(hand, "Ana: meld 3C 4C 5C", "meld.any-number")


# ---------------------------------------------------------------- [meld.one-per-turn]
@pytest.mark.parametrize("preset", ["rummy", "block-rummy"])
def test_meld_one_per_turn_refuses_a_second_meld(preset: str) -> None:
    hand = drawn(preset, "3C 4C 5C 9D 9H 9S 2H", draw="6C")
    act(hand, "Ana: meld 3C 4C 5C")
    refuse(hand, "Ana: meld 9D 9H 9S", "meld.one-per-turn")
    assert not any(a.verb == "meld" for a in hand.legal_actions())


def test_meld_one_per_turn_lay_offs_stay_unlimited() -> None:
    hand = drawn("rummy", "3C 4C 5C 7C 2C 9S 2H", draw="6C")
    act(hand, "Ana: meld 3C 4C 5C", "Ana: layoff 6C to 1", "Ana: layoff 7C to 1")
    act(hand, "Ana: layoff 2C to 1")
    assert melds(hand) == ["2C 3C 4C 5C 6C 7C"]


def test_meld_one_per_turn_counts_per_turn() -> None:
    hand = make_hand("rummy", NAMES, {"Ana": "3C 4C 5C 9D 9H 9S 2H"}, "KD", stock="QH 8S 4D JD")
    act(hand, "Ana: draw", "Ana: meld 3C 4C 5C", "Ana: discard QH")
    for name in ("Ben", "Caro"):
        act(hand, f"{name}: draw")
        act(hand, f"{name}: discard {held(hand, name)[0]}")
    act(hand, "Ana: draw", "Ana: meld 9D 9H 9S")
    assert melds(hand) == ["3C 4C 5C", "9D 9H 9S"]


def test_meld_one_per_turn_no_limit_in_500_rum() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 7H 7S 7C 2D 8D JS QC", "KD", names="Ana Ben")
    act(hand, "Ana: meld 3C 4C 5C", "Ana: meld 9D 9H 9S", "Ana: meld 7H 7S 7C")
    assert len(hand.melds) == 3


def test_meld_one_per_turn_limit_two_refuses_the_third() -> None:
    hand = drawn(
        "500-rum",
        "3C 4C 5C 9D 9H 9S 7H 7S 7C 2D 8D JS QC",
        draw="KD",
        names="Ana Ben",
        melds_per_turn=2,
    )
    act(hand, "Ana: meld 3C 4C 5C", "Ana: meld 9D 9H 9S")
    refuse(hand, "Ana: meld 7H 7S 7C", "meld.one-per-turn")


# ---------------------------------------------------------------- [discard.one]
def test_discard_one_ends_the_turn_and_play_goes_clockwise() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2H", draw="6C", rummy_call="off")
    act(hand, "Ana: discard 2H")
    assert pile(hand).endswith("2H")
    assert "2H" not in held(hand, "Ana") and len(hand.hands[0]) == 7
    assert hand.to_act == 1 and hand.phase is Phase.DRAW
    act(hand, "Ben: draw", f"Ben: discard {held(hand, 'Ben')[0]}")
    assert hand.to_act == 2
    act(hand, "Caro: draw", f"Caro: discard {held(hand, 'Caro')[0]}")
    assert hand.to_act == 0


def test_discard_one_refuses_a_discard_before_drawing() -> None:
    hand = make_hand("500-rum", NAMES, {"Ana": "3C 4C 5C 9D 9H 9S 2H"}, "KD")
    refuse(hand, "Ana: discard 2H", "discard.one")


def test_action_turn_refuses_a_second_discard() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2H", draw="6C")
    act(hand, "Ana: discard 2H")
    refuse(hand, "Ana: discard 9S", "action.turn")


def test_action_card_refuses_a_discard_not_in_hand() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2H", draw="6C")
    refuse(hand, "Ana: discard 2S", "action.card")


# ---------------------------------------------------------------- [discard.same-card]
@pytest.mark.parametrize("preset", ["500-rum", "remik-500", "rummy", "block-rummy"])
def test_discard_same_card_refuses_the_top_card_just_taken(preset: str) -> None:
    hand = with_pile(preset, NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC")
    act(hand, "Caro: take 1")
    refuse(hand, "Caro: discard KC", "discard.same-card")
    assert "discard KC" not in [str(a) for a in hand.legal_actions()]
    act(hand, "Caro: discard JC")
    assert pile(hand) == "6C QS JC"


def test_discard_same_card_refuses_an_identical_copy_with_two_packs() -> None:
    # Seed notes 13: discarding the other 6H would leave the pile as it was.
    hand = with_pile("500-rum", FIVE, {"Ben": "6H 2S 4S 9D JC QD 7C"}, "2C 6H")
    assert hand.to_act == 1
    act(hand, "Ben: take 1")
    assert held(hand, "Ben").count("6H") == 2
    refuse(hand, "Ben: discard 6H", "discard.same-card")
    act(hand, "Ben: discard 2S")


def test_discard_same_card_after_a_deep_take_allows_any_card_but_the_target() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    act(hand, "Caro: take 3", "Caro: meld 4C 5C 6C")
    before = hand.clone()
    act(hand, "Caro: discard KC")  # taken with the target, but not the target
    assert pile(hand) == "KC"
    act(before, "Caro: discard QS")
    assert pile(before) == "QS"


def test_discard_same_card_copy_may_go_once_the_taken_card_is_on_the_table() -> None:
    # docs/rules-decisions.md 7: once a copy has been put on the table this turn, the
    # turn has changed the table and the other copy may be discarded.
    hand = with_pile("500-rum", FIVE, {"Ben": "6H 6D 6S 4S 9D JC QD"}, "2C 6H")
    act(hand, "Ben: take 1", "Ben: meld 6H 6D 6S")
    assert melds(hand) == ["6D 6H 6S"]
    act(hand, "Ben: discard 6H")
    assert pile(hand) == "2C 6H"


def test_discard_same_card_a_first_meld_that_leaves_the_top_card_to_lay_off() -> None:
    # docs/rules-decisions.md 7: a play that leaves only the card taken is refused when
    # nothing can put it down. Ben takes 6H (top_card_must_meld) with 2C 3C 4C and no
    # meld yet (layoff_needs_own_meld): his meld makes the lay-off of 6H possible, so
    # it is allowed, and he floats.
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H TH", "Ben": "2C 3C 4C"},
        "6H",
        hand_size=3,
        first_player_extra_card=True,
        top_card_must_meld=True,
        layoff_needs_own_meld=True,
        going_out="floating",
        rummy_call="off",
    )
    act(hand, "Ana: meld 7H 8H 9H TH", "Ben: take 1")
    assert [str(a) for a in hand.legal_actions()] == ["meld 2C 3C 4C"]
    act(hand, "Ben: meld 2C 3C 4C", "Ben: layoff 6H to 1")
    assert melds(hand) == ["6H 7H 8H 9H TH", "2C 3C 4C"] and hand.hands[1] == []


def test_action_turn_and_rummy_who_messages_speak_to_a_player_called_you() -> None:
    # the terminal game calls its player "You": found by a review, "You is next to play"
    game = Game(Rules.preset("500-rum"), ["You", "Ben", "Cleo"], seed=3)
    said = {}
    for text, seat in (("draw", 2), ("pass", 0), ("rummy 1", 0)):
        with pytest.raises(IllegalAction) as e:
            game.apply(parse_action(text), seat)
        said[text] = (e.value.rule, e.value.message)
    assert said == {
        # to Cleo, another player, "You" is a name (found by a review: "it is your turn")
        "draw": ("action.turn", "it is You's turn, not Cleo's"),
        "pass": ("action.turn", "no Rummy call is offered to you now"),
        "rummy 1": ("rummy.who", "You are next to play and take from the pile instead"),
    }
    game.apply(parse_action("draw"), 0)
    with pytest.raises(IllegalAction, match=r"^it is You's turn to act, not Ben's$"):
        game.apply(parse_action("discard AS"), 1)
    game.apply(parse_action(f"discard {game.view(0).hand[0]}"), 0)
    with pytest.raises(IllegalAction, match=r"^it is Ben's turn, not yours$"):
        game.apply(parse_action("draw"), 0)
