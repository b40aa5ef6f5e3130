"""RULES.md 4.4, the end of a hand: [end.out], [end.stock], [end.stock-take].

(The other ways of running out of stock are in test_stock.py.)
"""

from __future__ import annotations

import pytest

from rummykit import Hand, IllegalAction, Phase, parse_action
from rummykit.events import HandEnd

from .kit import (
    act,
    complete_deal,
    drawn,
    held,
    make_game,
    make_hand,
    melds,
    pile,
    refuse,
    run_down,
)

NAMES = "Ana Ben Caro"
# 500 Rum, three players: 32 stock cards. After the stock has been drawn and discarded
# card by card, Caro is to act with QC KC on top of the pile (KC the top card).
EMPTY = {
    "Ana": "KD 7H 7D 8D 2S 4S JC",  # 10+7+7+8+2+4+10 = 48
    "Ben": "4C 5C 9D QS JH JD AC",  # 4+5+9+10+10+10+15 = 63
    "Caro": "2C 5D 8H JS 3D 6H 9S",  # 2+5+8+10+3+6+9 = 43
}
KINGS = {**EMPTY, "Ana": EMPTY["Caro"], "Caro": "KD KH 7D 8D 2S 4S JC"}


def stock_empty(hands: dict[str, str], preset: str = "500-rum", **options: object) -> Hand:
    hand = make_hand(preset, NAMES, hands, "TC", bottom="QC KC", rummy_call="off", **options)
    run_down(hand)
    assert not hand.stock and hand.turn == 2 and hand.phase is Phase.DRAW
    assert pile(hand).endswith("QC KC")
    return hand


# ---------------------------------------------------------------- [end.out]
def test_end_out_melding_every_card_ends_the_hand_at_once() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 6C", draw="7C")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C 7C")
    assert hand.phase is Phase.OVER and hand.is_over
    assert hand.ended_by is HandEnd.OUT and hand.out == 0
    assert hand.legal_actions() == ()


def test_end_out_discarding_the_last_card_ends_the_hand() -> None:
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2H", draw="6C")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 2H")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0
    assert pile(hand).endswith("2H")


def test_end_out_nothing_more_can_be_played_or_called() -> None:
    # Ana's last discard, 2C, could be laid off on her own run; nobody may call it.
    hand = drawn("500-rum", "3C 4C 5C 9D 9H 9S 2C", draw="6C")
    act(hand, "Ana: meld 9D 9H 9S", "Ana: meld 3C 4C 5C 6C", "Ana: discard 2C")
    assert hand.phase is Phase.OVER and hand.window == ()
    refuse(hand, "Caro: rummy 1", "end.out")
    refuse(hand, "Ben: draw", "end.out")
    refuse(hand, "Ana: meld 9D 9H 9S", "end.out")


# ---------------------------------------------------------------- [end.stock]
def test_end_stock_drawing_from_an_empty_stock_is_refused() -> None:
    hand = stock_empty(EMPTY)
    refuse(hand, "Caro: draw", "end.stock")
    assert "draw" not in [str(a) for a in hand.legal_actions()]


def test_end_stock_end_ends_the_hand_and_scores_it() -> None:
    hand = stock_empty(EMPTY)
    assert "end" in [str(a) for a in hand.legal_actions()]
    act(hand, "Caro: end")
    assert hand.phase is Phase.OVER and hand.ended_by is HandEnd.STOCK and hand.out is None
    # melded-minus-hand with nothing melded: minus each hand (values above)
    assert hand.scores() == [-48, -63, -43]
    # nothing more can be played, by the rule that ended the hand (going out: end.out)
    refuse(hand, "Ana: draw", "end.stock")
    refuse(hand, "Ben: meld 9D 9H 9S", "end.stock")


def test_end_stock_a_game_its_last_hand_the_stock_ended_refuses_by_that_rule() -> None:
    # the game refuses as its last hand does (found by a review: end.out)
    game = make_game("500-rum", NAMES, deals=1, target=None, rummy_call="off")
    game.start_hand(complete_deal(game.rules, NAMES, EMPTY, "TC", bottom="QC KC"))
    run_down(game.hand)
    act(game, "Caro: end")
    assert game.over and game.hand.ended_by is HandEnd.STOCK
    for where in (game, game.hand):
        with pytest.raises(IllegalAction) as info:
            where.apply(parse_action("draw"), 0)
        assert info.value.rule == "end.stock"


def test_end_stock_refuses_end_while_the_stock_has_cards() -> None:
    hand = make_hand("500-rum", NAMES, EMPTY, "TC")
    refuse(hand, "Ana: end", "end.stock")


def test_end_stock_drawing_the_last_card_does_not_end_the_hand() -> None:
    hand = make_hand("500-rum", NAMES, EMPTY, "TC", bottom="QC KC", rummy_call="off")
    run_down(hand, leave=1)
    assert hand.turn == 1
    act(hand, "Ben: draw")
    assert not hand.stock and hand.phase is Phase.PLAY
    act(hand, "Ben: discard KC")
    assert hand.phase is Phase.DRAW and hand.turn == 2


def test_end_stock_the_player_may_still_take_deep_from_the_pile() -> None:
    # Caro holds JC: with the stock empty she takes QC KC and melds JC QC KC.
    hand = stock_empty(KINGS)
    act(hand, "Caro: take 2", "Caro: meld JC QC KC", "Caro: discard 2S")
    assert melds(hand) == ["JC QC KC"]
    assert hand.turn == 0 and hand.phase is Phase.DRAW
    act(hand, "Ana: end")
    assert hand.ended_by is HandEnd.STOCK


# ---------------------------------------------------------------- [end.stock-take]
def test_end_stock_take_refuses_an_unmeldable_top_card_when_the_stock_is_empty() -> None:
    hand = stock_empty(EMPTY)
    refuse(hand, "Caro: take 1", "end.stock-take")
    assert "take 1" not in [str(a) for a in hand.legal_actions()]


def test_end_stock_take_top_card_must_be_melded_before_discarding() -> None:
    hand = stock_empty(KINGS)
    act(hand, "Caro: take 1")
    refuse(hand, "Caro: discard 2S", "end.stock-take")
    act(hand, "Caro: meld KC KD KH", "Caro: discard 2S")
    assert melds(hand) == ["KC KD KH"]


def test_end_stock_take_a_lay_off_does_with_target_must_start_meld() -> None:
    # [end.stock-take] obliges melding the top card "as in [take.must-meld]": a new meld
    # or a lay-off. [take.new-meld] is about a card taken from lower in the pile.
    hands = {"Ana": "7H 8H 9H 2C 5D 3S KC", "Ben": "6C 3D JC QC KH 2D 8C"}
    hand = make_hand(
        "500-rum",
        "Ana Ben",
        hands,
        "4C",
        bottom="6H",
        hand_size=7,
        rummy_call="off",
        target_must_start_meld=True,
    )
    act(hand, "Ana: draw", "Ana: meld 7H 8H 9H", "Ana: discard 3S")
    run_down(hand)
    assert not hand.stock and hand.to_act == 1 and pile(hand).endswith("6H")
    assert "take 1" in [str(a) for a in hand.legal_actions()]
    act(hand, "Ben: take 1")
    refuse(hand, "Ben: discard 2D", "end.stock-take")
    act(hand, "Ben: layoff 6H to 1", "Ben: discard 2D")
    assert melds(hand) == ["6H 7H 8H 9H"]


def test_end_stock_take_does_not_apply_while_the_stock_has_cards() -> None:
    hand = make_hand("500-rum", NAMES, EMPTY, "TC", bottom="QC KC", rummy_call="off")
    run_down(hand, leave=1)  # KC is left in the stock, QC is the top of the pile
    act(hand, "Ben: take 1", "Ben: discard QS")
    assert "QC" in held(hand, "Ben")


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("500-rum-classic", {}),
        ("block-rummy", {}),
        ("rummy", {"stock_exhausted": "end"}),
    ],
)
def test_end_stock_take_in_other_presets_where_the_stock_is_not_rebuilt(
    preset: str, options: dict[str, object]
) -> None:
    hands = {
        "Ana": "KD 7H 7D 8D 2S 4S JC",
        "Ben": "4C 5C 9D QS JH JD AC",
        "Caro": "2C 5D 8H JS 3D 6H 9S",
    }
    hand = make_hand(preset, NAMES, hands, "TC", bottom="QC KC", **options)
    run_down(hand)
    name = hand.names[hand.turn]
    refuse(hand, f"{name}: draw", "end.stock")
    refuse(hand, f"{name}: take 1", "end.stock-take")
    act(hand, f"{name}: end")
    assert hand.ended_by is HandEnd.STOCK
