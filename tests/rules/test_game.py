"""RULES.md 8.3, winning the game: [game.target], [game.must-go-out], [game.settlement]
(more in test_settlement.py; [game.ties] in test_ties.py).

The usual hand (500 Rum, Ana and Ben, 13 cards each): Ana melds 9C 9D 9H, KC KD KH,
QC QD QH and JC JD JH (117) and discards 5C, keeping 3D; Ben draws 2H, melds the
thirteen spades from the ace (a low ace: 1+2+...+9 + 4*10 = 85) and discards the 2H:
he goes out. Ana scores 117 - 3 = 114, Ben 85.
"""

from __future__ import annotations

import pytest

from rummykit import Game, replay
from rummykit.events import HandEnd
from rummykit.rules import Settlement

from .kit import act, complete_deal, make_game, record, rules_of, run_down

TWO = "Ana Ben"
HANDS = {
    "Ana": "9C 9D 9H KC KD KH QC QD QH JC JD JH 3D",
    "Ben": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
}
ANA_TURN = (
    "Ana: draw",
    "Ana: meld 9C 9D 9H",
    "Ana: meld KC KD KH",
    "Ana: meld QC QD QH",
    "Ana: meld JC JD JH",
    "Ana: discard 5C",
)
BEN_OUT = ("Ben: draw", "Ben: meld AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "Ben: discard 2H")


def usual_hand(preset: str = "500-rum", **options: object) -> Game:
    game = make_game(preset, TWO, dealer="Ben", **options)
    game.start_hand(complete_deal(game.rules, TWO, HANDS, "4C", "5C 2H"))
    act(game, *ANA_TURN, *BEN_OUT)
    assert game.results[-1].scores == (114, 85)
    return game


# ---------------------------------------------------------------- [game.target]
def test_game_target_highest_total_wins_once_a_total_reaches_the_target() -> None:
    game = usual_hand(target=100)
    assert game.over and game.winner == 0  # Ana 114 (not out) beats Ben 85


def test_game_target_both_past_the_target_highest_wins() -> None:
    game = usual_hand(target=80)
    assert game.over and game.winner == 0


def test_game_target_below_the_target_the_game_goes_on() -> None:
    game = usual_hand()  # target 500
    assert not game.over and game.winner is None and game.awaiting_deal
    assert game.next_dealer == 0  # Ana deals the next hand


def test_game_target_equal_highest_totals_play_more_hands() -> None:
    # Block Rummy, three cards each (hand_size): hands worth 6, 6 and 10 end by the
    # stock; the two lowest share 4: totals 2, 2, 0 with a target of 1.
    names = "A B C"
    game = make_game("block-rummy", names, hand_size=3, target=1)
    hands = {"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "2C 3C 5S"}
    game.start_hand(complete_deal(game.rules, names, hands, "KS"))
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.totals == [2, 2, 0]
    assert not game.over and game.winner is None and game.awaiting_deal


def test_game_target_totals_can_be_negative() -> None:
    game = make_game("500-rum", TWO, dealer="Ben")
    game.start_hand(complete_deal(game.rules, TWO, HANDS, "4C", "5C 2H"))
    # Ben goes out at once; Ana has melded nothing: minus her whole hand.
    act(game, "Ana: draw", "Ana: discard 5C", *BEN_OUT)
    # Ana: 27 + 30 + 30 + 30 + 3 = 120 in hand.
    assert game.totals == [-120, 85]


# ---------------------------------------------------------------- [game.must-go-out]
def test_game_must_go_out_a_player_past_the_target_who_did_not_go_out_cannot_win() -> None:
    game = usual_hand(target=100, must_go_out_to_win=True)
    assert game.totals == [114, 85]
    assert not game.over and game.winner is None


def test_game_must_go_out_the_player_out_wins_without_the_highest_total() -> None:
    # Seed 000: A goes out with 505, B has 520: A wins. Here Ben goes out with 85 >= 80.
    game = usual_hand(target=80, must_go_out_to_win=True)
    assert game.over and game.winner == 1


def test_game_must_go_out_a_hand_ended_by_the_stock_never_ends_the_game() -> None:
    game = make_game("500-rum", TWO, dealer="Ben", target=100, must_go_out_to_win=True)
    game.start_hand(complete_deal(game.rules, TWO, HANDS, "4C", "5C"))
    act(game, *ANA_TURN)
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.results[-1].ended_by is HandEnd.STOCK
    assert game.totals[0] >= 100
    assert not game.over and game.winner is None


def test_game_must_go_out_off_the_same_stock_end_wins() -> None:
    game = make_game("500-rum", TWO, dealer="Ben", target=100)
    game.start_hand(complete_deal(game.rules, TWO, HANDS, "4C", "5C"))
    act(game, *ANA_TURN)
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.over and game.winner == 0


# ---------------------------------------------------------------- [game.settlement]
def test_game_settlement_losers_pay_the_difference() -> None:
    # 500-rum-classic settles (no jokers in its pack). Ana wins 114 to 85: Ben pays 29.
    game = usual_hand("500-rum-classic", target=100)
    assert game.winner == 0
    assert game.settlement() == [29, -29]


def test_game_settlement_chips_per_point() -> None:
    game = usual_hand("500-rum-classic", target=100, chips_per_point=3)
    assert game.settlement() == [87, -87]


def test_game_settlement_is_off_in_500_rum() -> None:
    game = usual_hand(target=100)
    assert game.settlement() is None


def test_game_settlement_three_players_in_the_replay_json() -> None:
    # Remik 500 (settles): Ana melds 9s and kings and goes out with 76; Ben and Caro
    # keep 38 and 57: Ben pays 76 + 38 = 114, Caro 76 + 57 = 133, Ana receives 247.
    names = ["Ana", "Ben", "Caro"]
    hands = {
        "Ana": "9C 9D 9H 9S KC KD KH",
        "Ben": "2C 5D 8H JS 3C 6D 4H",  # 2+5+8+10+3+6+4 = 38
        "Caro": "AD 7C TH QS 2H 5S 8S",  # 15+7+10+10+2+5+8 = 57
    }
    deal = complete_deal(rules_of("remik-500"), names, hands, "4C", "KS")
    actions = ["Ana: draw", "Ana: meld 9C 9D 9H 9S", "Ana: meld KC KD KH KS"]
    doc = record("remik-500", names, [("Caro", deal, actions)], {"target": 50})
    out = replay(doc).to_json()
    assert out["totals"] == {"Ana": 76, "Ben": -38, "Caro": -57}
    assert out["winner"] == "Ana"
    assert out["settlement"] == {"Ana": 247, "Ben": -114, "Caro": -133}


def test_game_settlement_lowest_total_wins_under_penalty() -> None:
    # rummy with penalty scoring: Ana goes out (0), Ben 43, Caro 43 with a target of 40:
    # Ana wins; each pays their penalty difference.
    names = ["Ana", "Ben", "Caro"]
    hands = {
        "Ana": "3C 4C 5C 6C 7C 8C 2H",
        "Ben": "AS 2S KD QD 5H 6S 9H",
        "Caro": "AD 3D 4S JS TH 7H 8S",
    }
    game = make_game("rummy", names, scoring="penalty", settlement=True, target=40)
    game.start_hand(complete_deal(game.rules, names, hands, "KC", "9C"))
    act(game, "Ana: draw", "Ana: meld 3C 4C 5C 6C 7C 8C 9C", "Ana: discard 2H")
    assert game.totals == [0, 43, 43]
    assert game.over and game.winner == 0
    assert game.settlement() == [86, -43, -43]


@pytest.mark.parametrize("preset", ["500-rum-classic", "remik-500", "remik-single", "remik-table"])
def test_game_settlement_is_on_in(preset: str) -> None:
    assert rules_of(preset).settlement is Settlement.END


def test_game_must_go_out_a_player_already_past_the_target_wins_by_going_out() -> None:
    # Seed notes 7: Ana passed 100 in hand 1 without going out; in hand 2 she goes out
    # (the thirteen hearts from the ace: 85) and wins with 114 + 85 = 199.
    game = usual_hand(target=100, must_go_out_to_win=True)
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    game.start_hand(complete_deal(game.rules, TWO, {"Ana": hearts}, "4C", "5C 2S"))
    assert game.hand.to_act == 1  # Ana dealt: Ben plays first
    act(game, "Ben: draw", "Ben: discard 5C", "Ana: draw", f"Ana: meld {hearts}")
    act(game, "Ana: discard 2S")
    assert game.totals[0] == 199
    assert game.over and game.winner == 0


def test_game_target_replaced_by_a_fixed_number_of_deals() -> None:
    # deals=1, no target: the game ends after one hand, highest total first. Ana melds
    # 117, the stock runs out: Ana 117 - 3 = 114; Ben's thirteen spades in hand count
    # 15 + 44 + 40 = 99 against him.
    game = make_game("500-rum", TWO, dealer="Ben", target=None, deals=1)
    game.start_hand(complete_deal(game.rules, TWO, HANDS, "4C", "5C"))
    act(game, *ANA_TURN)
    assert not game.over
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.totals == [114, -99]
    assert game.over and game.winner == 0
