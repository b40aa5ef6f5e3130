"""RULES.md 4.1, the draw: [draw.stock], [draw.discard], [take.must-meld],
[take.must-meld-top], [take.new-meld], [draw.top-only].

Most tests build the pile with ``with_pile``: "6C QS KC" is the upcard 6C, then Ana's
QS and Ben's KC (each drew that card and discarded it), and Caro is to act.
"""

from __future__ import annotations

import pytest

from rummykit import PRESETS, Hand, Phase
from rummykit.rules import PileDraw

from .kit import (
    act,
    cards_of,
    complete_deal,
    held,
    make_game,
    make_hand,
    melds,
    pile,
    refuse,
    with_pile,
)

NAMES = "Ana Ben Caro"


def actions(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]


# ---------------------------------------------------------------- [draw.stock]
def test_draw_stock_takes_the_top_card_of_the_stock() -> None:
    hand = make_hand("500-rum", NAMES, {"Ana": "2C 5D 8H JS 3D 6H 9S"}, "QC", stock="7C 4S")
    before = len(hand.stock)
    act(hand, "Ana: draw")
    assert "7C" in held(hand, "Ana") and len(hand.hands[0]) == 8
    assert len(hand.stock) == before - 1
    assert pile(hand) == "QC"
    assert hand.phase is Phase.PLAY


def test_draw_stock_refuses_a_second_draw() -> None:
    hand = make_hand("500-rum", NAMES, {"Ana": "2C 5D 8H JS 3D 6H 9S"}, "QC", stock="7C 4S")
    act(hand, "Ana: draw")
    refuse(hand, "Ana: draw", "draw.stock")
    refuse(hand, "Ana: take 1", "draw.stock")


def test_action_turn_refuses_a_draw_out_of_turn() -> None:
    hand = make_hand("500-rum", NAMES, {"Ana": "2C 5D 8H JS 3D 6H 9S"}, "QC", stock="7C 4S")
    refuse(hand, "Ben: draw", "action.turn")


# ---------------------------------------------------------------- [draw.discard]
def test_draw_discard_top_card_alone_is_always_allowed() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "2S 4S 9D JH 3H AC 7D"}, "6C QS KC")
    assert hand.to_act == 2
    act(hand, "Caro: take 1")
    assert "KC" in held(hand, "Caro")
    assert pile(hand) == "6C QS"
    # no duty to meld it in 500 Rum: another card may be discarded
    act(hand, "Caro: discard 2S")
    assert pile(hand) == "6C QS 2S"


def test_draw_discard_deep_take_takes_every_card_above_the_target() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    act(hand, "Caro: take 6C")
    assert held(hand, "Caro") == cards_of("4C 5C 9D 9S JH JD AC 6C QS KC")
    assert pile(hand) == ""


def test_draw_discard_take_by_count_and_by_card_are_the_same() -> None:
    a = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    b = a.clone()
    act(a, "Caro: take 3")
    act(b, "Caro: take 6C")
    assert a.hands == b.hands and a.pile == b.pile


def test_draw_discard_refuses_more_cards_than_the_pile_holds() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    refuse(hand, "Caro: take 4", "draw.discard")
    refuse(hand, "Caro: take 2H", "action.card")


@pytest.mark.parametrize(
    ("pile", "who", "holds"), [("6C", "Ana", "1 card"), ("6C QS KC", "Caro", "3 cards")]
)
def test_draw_discard_refusal_counts_the_pile_in_good_english(
    pile: str, who: str, holds: str
) -> None:
    # found by a review: "the pile holds 1 cards"
    hand = with_pile("500-rum", NAMES, {who: "4C 5C 9D 9S JH JD AC"}, pile)
    error = refuse(hand, f"{who}: take 4", "draw.discard")
    assert error.message == f"the pile holds {holds}, not 4"


def test_draw_discard_pile_is_public() -> None:
    # "The pile is spread: every card in it and its order are public."
    game = make_game("500-rum", NAMES)
    game.start_hand(complete_deal(game.rules, NAMES, {}, "6C", "QS KC"))
    act(game, "Ana: draw", "Ana: discard QS", "Ben: draw", "Ben: discard KC")
    for seat in (0, 1, 2, None):
        assert [str(c) for c in game.view(seat).pile] == ["6C", "QS", "KC"]


# ---------------------------------------------------------------- [take.must-meld]
def test_take_must_meld_allows_a_target_the_player_can_meld() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    assert "take 3" in actions(hand)
    act(hand, "Caro: take 3", "Caro: meld 4C 5C 6C", "Caro: discard KC")
    assert melds(hand) == ["4C 5C 6C"]
    assert pile(hand) == "KC"


def test_take_must_meld_refuses_target_that_cannot_be_melded() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "3C 5C 9D 9S JH JD AC"}, "6C QS KC")
    refuse(hand, "Caro: take 3", "take.must-meld")
    refuse(hand, "Caro: take 6C", "take.must-meld")
    refuse(hand, "Caro: take 2", "take.must-meld")
    assert actions(hand) == ["draw", "take 1"]


def test_take_must_meld_refuses_discard_before_melding_the_target() -> None:
    hand = with_pile("500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC")
    act(hand, "Caro: take 3")
    refuse(hand, "Caro: discard 9D", "take.must-meld")
    refuse(hand, "Caro: discard QS", "take.must-meld")
    assert not any(a.startswith("discard") for a in actions(hand))


def test_take_must_meld_counts_the_pile_cards_above_the_target() -> None:
    # 6C 7C 8C lie in the pile; Caro holds no club, but takes all three and melds them.
    hand = with_pile("500-rum", NAMES, {"Caro": "2S 4S 9D JH 3H AD 7D"}, "6C 7C 8C")
    act(hand, "Caro: take 3", "Caro: meld 6C 7C 8C", "Caro: discard 2S")
    assert melds(hand) == ["6C 7C 8C"]


def test_take_must_meld_is_met_by_laying_the_target_off() -> None:
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H 2C 4D QS KD", "Caro": "2S 4S 9D 3H AD 7D 5C"},
        "6C",
        stock="TH JS",
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard TH")
    act(hand, "Ben: draw", "Ben: discard JS")
    act(hand, "Caro: take TH")
    refuse(hand, "Caro: discard JS", "take.must-meld")
    act(hand, "Caro: layoff TH to 1", "Caro: discard JS")
    assert melds(hand) == ["7H 8H 9H TH"]
    assert hand.melds[0].owners == (0, 0, 0, 2)


def test_take_must_meld_refuses_a_meld_that_makes_the_target_unmeldable() -> None:
    # Caro takes down to 6C for 6C 6D 6H; melding 6D 7D 8D first would strand the 6C.
    hand = with_pile("500-rum", NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC")
    act(hand, "Caro: take 3")
    refuse(hand, "Caro: meld 6D 7D 8D", "take.must-meld")
    act(hand, "Caro: meld 6C 6D 6H", "Caro: discard QS")
    assert melds(hand) == ["6C 6D 6H"]


#: The presets that let a player take below the top card of the pile.
DEEP = [name for name, rules in PRESETS.items() if rules.pile_draw is PileDraw.ANY_DEPTH]


def test_the_presets_that_take_deep_are_the_500_rum_and_remik_ones() -> None:
    assert DEEP == [
        "500-rum",
        "500-rum-classic",
        "remik-500",
        "remik-single",
        "remik-table",
    ]


@pytest.mark.parametrize("preset", DEEP)
def test_take_must_meld_applies_in_every_preset_that_takes_deep(preset: str) -> None:
    hand = with_pile(preset, NAMES, {"Caro": "3C 5C 9D 9S JH JD AC"}, "6C QS KC")
    refuse(hand, "Caro: take 3", "take.must-meld")


# ---------------------------------------------------------------- [take.must-meld-top]
def test_take_must_meld_top_refuses_an_unmeldable_top_card_classic() -> None:
    hand = with_pile("500-rum-classic", NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC")
    refuse(hand, "Caro: take 1", "take.must-meld-top")
    assert "take 1" not in actions(hand)


def test_take_must_meld_top_obliges_melding_the_top_card_classic() -> None:
    hand = with_pile("500-rum-classic", NAMES, {"Caro": "KD KH 7D 8D 2S 4S JC"}, "6C QS KC")
    act(hand, "Caro: take 1")
    refuse(hand, "Caro: discard 2S", "take.must-meld-top")
    act(hand, "Caro: meld KC KD KH", "Caro: discard 2S")
    assert melds(hand) == ["KC KD KH"]


# (not Wrotham: its first player, dealt an extra card, is to act and may take nothing,
# [wrotham.first-turn], so this position cannot be reached there)
@pytest.mark.parametrize("preset", [p for p in PRESETS if p not in ("500-rum-classic", "wrotham")])
def test_take_must_meld_top_is_off_outside_classic(preset: str) -> None:
    hand = with_pile(preset, NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC")
    act(hand, "Caro: take 1", "Caro: discard 2S")
    assert "KC" in held(hand, "Caro")


def test_take_must_meld_top_as_an_option_on_500_rum() -> None:
    hand = with_pile(
        "500-rum", NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC", top_card_must_meld=True
    )
    refuse(hand, "Caro: take 1", "take.must-meld-top")


# ---------------------------------------------------------------- [take.new-meld]
def new_meld_table(**options: object) -> Hand:
    """Ana has 7H 8H 9H down; the pile is 6C 2C TH 2D and Ana is to act (after a Rummy
    window for Ben, who may call the TH to lay it off, unless ``target_must_start_meld``
    makes a lay-off no use for a taken card)."""
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H 2C JH QH KD", "Ben": "TH 3C 5D 6S JC AD 8S"},
        "6C",
        stock="4S 3S 2D",
        **options,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard 2C")
    act(hand, "Ben: draw", "Ben: discard TH", "Caro: draw", "Caro: discard 2D")
    assert pile(hand) == "6C 2C TH 2D"
    ben_may_call = not options.get("target_must_start_meld", False)
    assert hand.window == ((1,) if ben_may_call else ())
    assert hand.to_act == (1 if ben_may_call else 0)
    return hand


def only_a_layoff_table() -> Hand:
    """Ana, with 7H 8H 9H on the table, to take TH (pile: 6C 2C TH 2D), which she could
    only lay off."""
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H 2C 4C QS KD", "Ben": "TH 3C 5D 6S JC AD 8S"},
        "6C",
        stock="4S 3S 2D",
        target_must_start_meld=True,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard 2C")
    act(hand, "Ben: draw", "Ben: discard TH", "Caro: draw", "Caro: discard 2D")
    return hand


def test_take_new_meld_refuses_a_target_that_could_only_be_laid_off() -> None:
    hand = only_a_layoff_table()
    refuse(hand, "Ana: take TH", "take.new-meld")


def test_take_new_meld_allows_a_target_that_starts_a_new_meld() -> None:
    hand = new_meld_table(target_must_start_meld=True)
    act(hand, "Ana: take TH", "Ana: meld TH JH QH", "Ana: discard KD")
    assert melds(hand) == ["7H 8H 9H", "TH JH QH"]


def test_take_new_meld_refuses_laying_the_target_off() -> None:
    # "the target must go into a new meld of three or more cards; laying it off does not
    # suffice": with TH JH QH possible, the lay-off of TH on 7H 8H 9H is refused.
    hand = new_meld_table(target_must_start_meld=True)
    act(hand, "Ana: take TH")
    refuse(hand, "Ana: layoff TH to 1", "take.new-meld")


def test_take_new_meld_is_not_the_duty_of_a_top_card_taken_alone_classic() -> None:
    # [take.new-meld] is a rule of "a card lower down"; the top card taken alone carries
    # [take.must-meld-top], "the same duty" as [take.must-meld]: a lay-off does
    hand = make_hand(
        "500-rum-classic",
        "Ana Ben",
        {"Ana": "7H 8H 9H 2C 5D 6H KC QD JS TC 3D 4S 5S"},
        "4C",
        stock="AS",
        target_must_start_meld=True,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard 6H")
    assert "take 1" in actions(hand)
    act(hand, "Ben: take 1")
    refuse(hand, "Ben: discard 2D", "take.must-meld-top")
    assert "layoff 6H to 1" in actions(hand)
    act(hand, "Ben: layoff 6H to 1")
    assert melds(hand) == ["6H 7H 8H 9H"]


def test_take_must_meld_names_a_target_that_no_play_could_meld_under_take_new_meld() -> None:
    # QS (take 2) could not be melded at all: that breaks [take.must-meld] with or
    # without the option; [take.new-meld] is named only when a lay-off would have done
    caro = {"Caro": "6D 6H 7D 8D 2S 4S JC"}
    hand = with_pile("500-rum", NAMES, caro, "6C QS KC", target_must_start_meld=True)
    refuse(hand, "Caro: take 2", "take.must-meld")
    hand = only_a_layoff_table()
    refuse(hand, "Ana: take TH", "take.new-meld")
    refuse(hand, "Ana: take 3", "take.must-meld")  # 2C: no meld, no lay-off


def test_take_new_meld_is_off_by_default_so_a_lay_off_suffices() -> None:
    hand = new_meld_table()
    act(hand, "Ana: take TH", "Ana: layoff TH to 1", "Ana: discard KD")
    assert melds(hand) == ["7H 8H 9H TH"]


# ---------------------------------------------------------------- [draw.top-only]
@pytest.mark.parametrize("preset", ["rummy", "block-rummy"])
def test_draw_top_only_refuses_a_deeper_take(preset: str) -> None:
    hand = with_pile(preset, NAMES, {"Caro": "6D 6H 7D 8D 2S 4S JC"}, "6C QS KC")
    refuse(hand, "Caro: take 3", "draw.top-only")
    refuse(hand, "Caro: take 2", "draw.top-only")
    refuse(hand, "Caro: take 6C", "draw.top-only")
    assert actions(hand) == ["draw", "take 1"]
    act(hand, "Caro: take 1")
    assert "KC" in held(hand, "Caro")


def test_draw_top_only_as_an_option_on_500_rum() -> None:
    hand = with_pile(
        "500-rum", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC", pile_draw="top-only"
    )
    refuse(hand, "Caro: take 3", "draw.top-only")


def test_draw_top_only_any_depth_on_rummy() -> None:
    hand = with_pile(
        "rummy", NAMES, {"Caro": "4C 5C 9D 9S JH JD AC"}, "6C QS KC", pile_draw="any-depth"
    )
    act(hand, "Caro: take 3", "Caro: meld 4C 5C 6C", "Caro: discard KC")
    assert melds(hand) == ["4C 5C 6C"]


def test_take_must_meld_a_joker_may_fill_a_gap_in_the_lay_off() -> None:
    # 7H 8H 9H is down; Caro takes the JH and lays it off after a joker standing for TH.
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H 2C 4D QS KD", "Caro": "2S 4S 9D 3H AD JK 5C"},
        "6C",
        stock="JH JS",
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard JH")
    act(hand, "Ben: draw", "Ben: discard JS", "Caro: take JH")
    refuse(hand, "Caro: layoff JH to 1", "layoff.extend")
    act(hand, "Caro: layoff JK=TH JH to 1", "Caro: discard JS")
    assert melds(hand) == ["7H 8H 9H JK=TH JH"]


def test_take_must_meld_with_one_meld_a_turn_refuses_spending_it_elsewhere() -> None:
    hand = with_pile(
        "rummy", NAMES, {"Caro": "4C 5C 9D 9H 9S JD AC"}, "6C QS KC", pile_draw="any-depth"
    )
    act(hand, "Caro: take 3")
    refuse(hand, "Caro: meld 9D 9H 9S", "take.must-meld")
    act(hand, "Caro: meld 4C 5C 6C")


@pytest.mark.parametrize(
    ("caro", "allowed"), [("2S 4S 9D 3H AD 7D 5C", False), ("2S 4S 9D 3H 3D 3C 5C", True)]
)
def test_take_must_meld_when_a_lay_off_needs_an_own_meld_first(caro: str, allowed: bool) -> None:
    # layoff_needs_own_meld: the TH can only be laid off, so Caro needs a meld of her own
    # (3C 3D 3H) to be able to take it.
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "7H 8H 9H 2C 4D QS KD", "Caro": caro},
        "6C",
        stock="TH JS",
        layoff_needs_own_meld=True,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard TH")
    act(hand, "Ben: draw", "Ben: discard JS")
    if allowed:
        act(hand, "Caro: take TH")
        refuse(hand, "Caro: layoff TH to 1", "layoff.own-meld-first")
        act(hand, "Caro: meld 3C 3D 3H", "Caro: layoff TH to 1", "Caro: discard JS")
    else:
        refuse(hand, "Caro: take TH", "take.must-meld")


def test_draw_discard_take_by_card_takes_the_topmost_copy_with_two_packs() -> None:
    # Two packs: the pile holds two 6C; "take 6C" stops at the upper one (seed notes 13).
    five = "Ana Ben Caro Dan Eva"
    hand = with_pile("500-rum", five, {"Eva": "6H 6D 2S 4S 9D JC QD"}, "2H 6C 8C 6C 9S")
    assert hand.turn == 4
    act(hand, "Eva: take 6C")
    assert pile(hand) == "2H 6C 8C"
    act(hand, "Eva: meld 6C 6D 6H")


def test_draw_discard_refuses_a_take_from_an_empty_pile() -> None:
    # Ana floats, then takes the whole pile (8C 9C TC) and lays it all off: she floats
    # again and leaves Ben an empty pile.
    hand = make_hand(
        "500-rum",
        NAMES,
        {"Ana": "3C 4C 5C 6C 9D 9H 9S"},
        "8C",
        stock="7C 9C TC",
        going_out="floating",
        rummy_call="off",
    )
    act(hand, "Ana: draw", "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    act(hand, "Ben: draw", "Ben: discard 9C", "Caro: draw", "Caro: discard TC")
    act(hand, "Ana: take 3", "Ana: layoff 8C 9C TC to 2")
    assert pile(hand) == "" and hand.turn == 1
    refuse(hand, "Ben: take 1", "draw.discard")
    assert [str(a) for a in hand.legal_actions()] == ["draw"]


def test_take_must_meld_top_is_met_by_a_lay_off_classic() -> None:
    # Seed notes 12: the card taken "must be used at once ... or laid off on a set".
    hand = make_hand(
        "500-rum-classic",
        NAMES,
        {"Ana": "7H 8H 9H 2C 4D QS KD", "Caro": "2S 4S 9D 3H AD 7D 5C"},
        "6C",
        stock="JS TH",
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard JS")
    act(hand, "Ben: draw", "Ben: discard TH", "Caro: take 1")
    refuse(hand, "Caro: discard 2S", "take.must-meld-top")
    act(hand, "Caro: layoff TH to 1", "Caro: discard 2S")
    assert melds(hand) == ["7H 8H 9H TH"]
