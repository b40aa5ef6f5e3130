"""RULES.md 8.3, [game.settlement]: money play (option ``settlement``).

``end``: at the end each loser pays the winner the difference of the totals. ``per-hand``
(seed 001: "cada perdedor pague al ganador según el número de puntos que tenga en su
mano ... un número determinado de manos"): after each hand each loser pays that hand's
winner the cards left in their hand.

The worked example (docs/seed-notes.md 14): basic Rummy, Ana, Ben and Caro, two deals.
Hand 1: Ana goes out with a seven-card run; Ben holds 45, Caro 50. Hand 2: Ben goes out;
Ana holds 12, Caro 56. Totals 95, 68, 0: at the end Ana wins and is paid 27 and 95,
[122, -27, -95]; hand by hand Ana receives 95 and pays 12, Ben pays 45 and receives 68,
Caro pays 50 and 56: [83, 23, -106].
"""

from __future__ import annotations

import pytest

from rummykit import Game, Rules, parse_cards, replay
from rummykit.record import write_record
from rummykit.scoring import hand_payments

from .kit import act, complete_deal, make_game, run_down

NAMES = "Ana Ben Caro"
HAND_1 = {
    "Ana": "2C 3C 4C 5C 6C 7C 8C",
    "Ben": "KD QH JS 5D 4H 3S 3D",  # 10 + 10 + 10 + 5 + 4 + 3 + 3 = 45
    "Caro": "KH QS JD 9H 6S 4D AD",  # 10 + 10 + 10 + 9 + 6 + 4 + 1 = 50
}
HAND_2 = {
    "Ben": "2D 3D 4D 5D 6D 7D 8D",
    "Ana": "AC AH AS 2C 2H 2S 3C",  # 12
    "Caro": "KC QC JC TC 9H 4S 3H",  # 56
}


def money_game(settlement: str, chips: int = 1) -> Game:
    game = make_game(
        "rummy", NAMES, target=None, deals=2, settlement=settlement, chips_per_point=chips
    )
    game.start_hand(complete_deal(game.rules, NAMES, HAND_1, "KC", "9S"))
    act(game, "Ana: draw", "Ana: meld 2C 3C 4C 5C 6C 7C 8C", "Ana: discard 9S")
    game.start_hand(complete_deal(game.rules, NAMES, HAND_2, "5S", "9C", dealer="Ana"))
    act(game, "Ben: draw", "Ben: meld 2D 3D 4D 5D 6D 7D 8D", "Ben: discard 9C")
    assert [r.scores for r in game.results] == [(95, 0, 0), (0, 68, 0)]
    assert game.over and game.winner == 0
    return game


def test_game_settlement_per_hand_the_seed_001_example() -> None:
    assert money_game("per-hand").settlement() == [83, 23, -106]


def test_game_settlement_end_the_seed_001_example() -> None:
    assert money_game("end").settlement() == [122, -27, -95]


def test_game_settlement_end_with_must_go_out_a_loser_ahead_pays_nothing() -> None:
    # docs/rules-decisions.md 39: Ben wins by going out past the target with 28, behind
    # Ana's 56; the winner never pays, and Ana, ahead of him, pays nothing
    game = make_game(
        "500-rum",
        "Ana Ben",
        must_go_out_to_win=True,
        settlement="end",
        target=20,
        hand_size=4,
        rummy_call="off",
    )
    first = {"Ana": "TH TD TS 9C", "Ben": "2C 3C 4C 5C"}
    game.start_hand(complete_deal(game.rules, "Ana Ben", first, "KD", "2D 8S", dealer="Ben"))
    act(game, "Ana: draw", "Ana: meld TH TD TS", "Ana: discard 9C")
    act(game, "Ben: draw", "Ben: meld 2C 3C 4C 5C", "Ben: discard 8S")
    assert game.totals == [28, 14] and not game.over  # Ana passed 20 without going out
    second = {"Ana": "JH JD JS 9S", "Ben": "2H 3H 4H 5H"}
    game.start_hand(complete_deal(game.rules, "Ana Ben", second, "KD", "8C 2D 7S", dealer="Ana"))
    act(game, "Ben: draw", "Ben: discard 8C", "Ana: draw", "Ana: meld JH JD JS")
    act(game, "Ana: discard 9S", "Ben: draw", "Ben: meld 2H 3H 4H 5H", "Ben: discard 7S")
    assert game.over and game.winner == 1 and game.totals == [56, 28]
    assert game.settlement() == [0, 0]


def test_game_settlement_per_hand_chips_per_point() -> None:
    assert money_game("per-hand", chips=5).settlement() == [415, 115, -530]


def test_game_settlement_per_hand_runs_hand_by_hand() -> None:
    game = make_game("rummy", NAMES, target=None, deals=2, settlement="per-hand")
    assert game.settlement() == [0, 0, 0]
    game.start_hand(complete_deal(game.rules, NAMES, HAND_1, "KC", "9S"))
    act(game, "Ana: draw", "Ana: meld 2C 3C 4C 5C 6C 7C 8C", "Ana: discard 9S")
    assert not game.over and game.settlement() == [95, -45, -50]


def test_game_settlement_per_hand_in_the_replay_json() -> None:
    out = replay(write_record(money_game("per-hand"))).to_json()
    assert out["settlement"] == {"Ana": 83, "Ben": 23, "Caro": -106}
    assert out["winner"] == "Ana" and out["winners"] == ["Ana"]


def test_game_settlement_end_is_zero_until_the_game_is_over() -> None:
    game = make_game("rummy", NAMES, target=None, deals=2, settlement="end")
    game.start_hand(complete_deal(game.rules, NAMES, HAND_1, "KC", "9S"))
    act(game, "Ana: draw", "Ana: meld 2C 3C 4C 5C 6C 7C 8C", "Ana: discard 9S")
    assert game.settlement() == [0, 0, 0]
    assert replay(write_record(game)).to_json()["settlement"] == {"Ana": 0, "Ben": 0, "Caro": 0}


def test_game_settlement_per_hand_nobody_out_pays_the_lowest_hand() -> None:
    # Block Rummy, three cards each: hands worth 6, 6 and 10 end by the stock. C pays
    # the difference, 4, split between the two lowest hands.
    names = "A B C"
    game = make_game("block-rummy", names, hand_size=3, target=1, settlement="per-hand")
    hands = {"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "2C 3C 5S"}
    game.start_hand(complete_deal(game.rules, names, hands, "KS"))
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.settlement() == [2, 2, -4]


@pytest.mark.parametrize(("value", "expected"), [(False, None), (True, [122, -27, -95])])
def test_game_settlement_true_and_false_as_records_wrote_them(
    value: bool, expected: list[int] | None
) -> None:
    game = money_game("end")
    game.rules = game.rules.with_options({"settlement": value})
    assert game.settlement() == expected


def test_game_settlement_per_hand_odd_chips_stay_with_the_payer() -> None:
    # Nobody out; 20, 2, 2, 5: the 20 pays 18 (9 to each lowest hand), the 5 owes 3 and
    # pays 2 (1 to each); the amounts add up to 0.
    rules = Rules.preset("rummy")
    hands = [[int(c) for c in parse_cards(t)] for t in ("KS QS", "2C", "2D", "5H")]
    assert hand_payments(rules, hands, -1) == [-18, 10, 10, -2]


def test_game_settlement_the_score_sheet_shows_only_what_is_paid() -> None:
    from rummykit.cli.table import describe_game

    # after the first hand: per hand, its payments are made; at the end, nothing yet
    for settlement, line in (("per-hand", "settlement: Ana +95, Ben -45, Caro -50"), ("end", None)):
        game = make_game(
            "rummy", NAMES, target=None, deals=2, settlement=settlement, chips_per_point=1
        )
        game.start_hand(complete_deal(game.rules, NAMES, HAND_1, "KC", "9S"))
        act(game, "Ana: draw", "Ana: meld 2C 3C 4C 5C 6C 7C 8C", "Ana: discard 9S")
        sheet = describe_game(game)
        if line is None:
            assert "settlement" not in sheet
        else:
            assert line in sheet
    assert "settlement: Ana +122, Ben -27, Caro -95" in describe_game(money_game("end"))
