"""RULES.md 8.1 and 8.2, scoring: the ``card_values`` table, [score.melded-minus-hand],
[score.winner-takes], [score.penalty], [score.rummy-bonus]. (Laid-off cards scoring for
the player who laid them off: test_layoff.py.)"""

from __future__ import annotations

import pytest

from rummykit import Card, Hand, Phase
from rummykit.events import HandEnd
from rummykit.scoring import CardValuer

from .kit import act, drawn, held, make_hand, rules_of, run_down

# ---------------------------------------------------------------- 8.1 card values
HAND_CARDS = "AS 2S 5S 9S TS JS QS KS JK"

IN_HAND = {
    "standard": [15, 2, 5, 9, 10, 10, 10, 10, 15],
    "5-10-15": [15, 5, 5, 5, 10, 10, 10, 10, 15],
    "remik": [15, 2, 5, 9, 10, 10, 10, 10, 15],
    "basic": [15, 2, 5, 9, 10, 10, 10, 10, 15],  # aces may be high (500-rum): 15
}


@pytest.mark.parametrize("values", list(IN_HAND))
def test_card_values_in_hand(values: str) -> None:
    valuer = CardValuer(rules_of("500-rum", card_values=values))
    assert [valuer.in_hand(Card.parse(c)) for c in HAND_CARDS.split()] == IN_HAND[values]


def test_card_values_basic_aces_are_one_when_aces_are_low() -> None:
    valuer = CardValuer(rules_of("rummy"))
    assert [valuer.in_hand(Card.parse(c)) for c in HAND_CARDS.split()] == [
        1,
        2,
        5,
        9,
        10,
        10,
        10,
        10,
        15,
    ]


# (meld as written, its cards as the table shows them) -> value of each card, per option
MELDED = [
    ("AH 2H 3H", {"standard": [1, 2, 3], "5-10-15": [5, 5, 5], "remik": [1, 2, 3]}),
    ("QH KH AH", {"standard": [10, 10, 15], "5-10-15": [10, 10, 15], "remik": [10, 10, 11]}),
    ("AC AD AH", {"standard": [15] * 3, "5-10-15": [15] * 3, "remik": [11] * 3}),
    ("JK=AH 2H 3H", {"standard": [15, 2, 3], "5-10-15": [15, 5, 5], "remik": [1, 2, 3]}),
    ("QH KH JK=AH", {"standard": [10, 10, 15], "5-10-15": [10, 10, 15], "remik": [10, 10, 11]}),
    ("6H JK=7H 8H", {"standard": [6, 15, 8], "5-10-15": [5, 15, 5], "remik": [6, 7, 8]}),
    ("KC KD JK", {"standard": [10, 10, 15], "5-10-15": [10, 10, 15], "remik": [10, 10, 10]}),
    ("AC AD JK", {"standard": [15] * 3, "5-10-15": [15] * 3, "remik": [11] * 3}),
]


def melded_values(values: str, meld: str, **options: str) -> list[int]:
    cards = " ".join("JK" if c.startswith("JK") else c for c in meld.split())
    fill = [c for c in ("5C", "8D", "JS", "7S") if c not in cards][: 7 - len(meld.split())]
    hand = drawn("500-rum", f"{cards} {' '.join(fill)}", "9S", card_values=values, **options)
    act(hand, f"Ana: meld {meld}")
    valuer = CardValuer(hand.rules)
    m = hand.melds[0]
    return [valuer.melded(m, i) for i in range(len(m.cards))]


@pytest.mark.parametrize(("meld", "want"), MELDED)
@pytest.mark.parametrize("values", ["standard", "5-10-15", "remik"])
def test_card_values_melded(values: str, meld: str, want: dict[str, list[int]]) -> None:
    assert melded_values(values, meld) == want[values]


@pytest.mark.parametrize(
    ("ace", "meld", "want"),
    [
        ("low", "AH 2H 3H", [1, 2, 3]),
        ("low", "AC AD AH", [1, 1, 1]),
        ("low-or-high", "AH 2H 3H", [15, 2, 3]),  # seed notes 1: every ace 15
        ("low-or-high", "QH KH AH", [10, 10, 15]),
        ("around", "AH 2H 3H", [15, 2, 3]),
        ("low", "6H JK=7H 8H", [6, 15, 8]),
    ],
)
def test_card_values_basic_melded(ace: str, meld: str, want: list[int]) -> None:
    assert melded_values("basic", meld, ace=ace) == want


@pytest.mark.parametrize(
    ("values", "want"),
    [
        ("standard", [10, 15, 2]),
        ("5-10-15", [10, 15, 5]),
        ("remik", [10, 11, 2]),
        ("basic", [10, 15, 2]),
    ],
)
def test_card_values_ace_in_a_corner_run_counts_high(values: str, want: list[int]) -> None:
    # seed notes 2: K A 2 (ace=around) gives the ace its high value.
    assert melded_values(values, "KH AH 2H", ace="around") == want


# The whole hand, once per card_values option: Ana (two players, 13 cards) melds
# AH 2H 3H, QS KS AS, 6D JK=7D 8D and 9C 9D 9H 9S and discards 4S: out.
# Ben holds AC JK 2C 5D 8H JS 3D 6H TC QD 7S KH 4D.
ANA = "AH 2H 3H QS KS AS 6D 8D 9C 9H 9S JK 4S"
BEN = "AC JK 2C 5D 8H JS 3D 6H TC QD 7S KH 4D"


def full_hand(values: str) -> list[int]:
    hand = make_hand(
        "500-rum", "Ana Ben", {"Ana": ANA, "Ben": BEN}, "5C", stock="9D", card_values=values
    )
    act(hand, "Ana: draw", "Ana: meld AH 2H 3H", "Ana: meld QS KS AS")
    act(hand, "Ana: meld 6D JK=7D 8D", "Ana: meld 9C 9D 9H 9S", "Ana: discard 4S")
    assert hand.out == 0
    scores = hand.scores()
    assert scores is not None
    return scores


@pytest.mark.parametrize(
    ("values", "want"),
    [
        # Ana: (1+2+3) + (10+10+15) + (6+15+8) + 36 = 106. Ben: 15+15+(2+5+8+3+6+7+4)
        # + 4*10 = 105.
        ("standard", [106, -105]),
        # Ana: (5+5+5) + (10+10+15) + (5+15+5) + 4*5 = 95. Ben: 15+15+7*5+4*10 = 105.
        ("5-10-15", [95, -105]),
        # Ana: (1+2+3) + (10+10+11) + (6+7+8) + 36 = 94. Ben: ace and joker 15 in hand.
        ("remik", [94, -105]),
        # Ana: (15+2+3) + 35 + 29 + 36 = 120 (aces may be high: every ace 15).
        ("basic", [120, -105]),
    ],
)
def test_card_values_whole_hand_per_option(values: str, want: list[int]) -> None:
    assert full_hand(values) == want


# ---------------------------------------------------------------- [score.melded-minus-hand]
def test_score_melded_minus_hand_can_be_negative() -> None:
    # Ana melds 9C 9D 9H (27) and keeps KD QD JD AC (45): -18.
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        {
            "Ana": "9C 9D 9H KD QS JD AC",
            "Ben": "2S 3S 4S 5S 6S 7S 8H",
            "Caro": "2C 3D 5H 6C 8D TC KH",
        },
        "4H",
        stock="QD 8S",
    )
    act(hand, "Ana: draw", "Ana: meld 9C 9D 9H", "Ana: discard QS")
    act(hand, "Ben: draw", "Ben: meld 2S 3S 4S 5S 6S 7S 8S", "Ben: discard 8H")
    # Ben: 2+...+8 = 35 on the table, nothing in hand. Caro: 2+3+5+6+8+10+10 = 44.
    assert hand.scores() == [27 - 45, 35, -44]


# ---------------------------------------------------------------- [score.winner-takes]
RUMMY_HANDS = {
    "Ana": "3C 4C 5C 6C 7C 8C 2H",
    "Ben": "AS 2S KD QD 5H 6S 9H",  # 1+2+10+10+5+6+9 = 43
    "Caro": "AD 3D 4S JS TH 7H 8S",  # 1+3+4+10+10+7+8 = 43
}


def rummy_out(preset: str = "rummy", **options: object) -> Hand:
    hand = make_hand(preset, "Ana Ben Caro", RUMMY_HANDS, "KC", stock="9C", **options)
    act(hand, "Ana: draw", "Ana: meld 3C 4C 5C 6C 7C 8C 9C", "Ana: discard 2H")
    assert hand.out == 0
    return hand


@pytest.mark.parametrize("preset", ["rummy", "block-rummy"])
def test_score_winner_takes_the_player_out_scores_every_other_hand(preset: str) -> None:
    assert rummy_out(preset).scores() == [86, 0, 0]


def stock_end(values: dict[str, str], preset: str = "block-rummy", **options: object) -> Hand:
    names = list(values)
    hand = make_hand(preset, names, values, "KS", hand_size=3, **options)
    run_down(hand)
    name = hand.names[hand.turn]
    act(hand, f"{name}: end")
    assert hand.ended_by is HandEnd.STOCK
    return hand


def test_score_winner_takes_lowest_hand_scores_the_differences() -> None:
    # Seed 001: A 6, B 15, C 7, D 21: A scores 9 + 1 + 15 = 25.
    hand = stock_end({"A": "AC 2D 3H", "B": "4C 5S 6D", "C": "AD 2H 4S", "D": "KC 9D 2S"})
    assert hand.scores() == [25, 0, 0, 0]


@pytest.mark.parametrize(
    ("hands", "want"),
    [
        # 6, 6, 10: the lowest two share 4: 2 each.
        ({"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "2C 3C 5S"}, [2, 2, 0]),
        # 6, 6, 11: they share 5 with integer division: 2 each, 1 dropped.
        ({"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "2C 4C 5S"}, [2, 2, 0]),
        # all equal: nobody scores.
        ({"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "AH 2C 3D"}, [0, 0, 0]),
    ],
)
def test_score_winner_takes_equal_lowest_hands_share(
    hands: dict[str, str], want: list[int]
) -> None:
    assert stock_end(hands).scores() == want


# ---------------------------------------------------------------- [score.penalty]
def test_score_penalty_every_player_but_the_one_out_scores_their_hand() -> None:
    assert rummy_out(scoring="penalty").scores() == [0, 43, 43]


def test_score_penalty_everybody_scores_when_nobody_went_out() -> None:
    hand = stock_end(
        {"A": "AC 2D 3H", "B": "4C 5S 6D", "C": "AD 2H 4S", "D": "KC 9D 2S"},
        scoring="penalty",
    )
    assert hand.scores() == [6, 15, 7, 21]


# ---------------------------------------------------------------- [score.rummy-bonus]
@pytest.mark.parametrize(
    ("bonus", "scoring", "want"),
    [
        ("none", "winner-takes", [86, 0, 0]),
        ("double", "winner-takes", [172, 0, 0]),
        ("plus10", "winner-takes", [96, 0, 0]),
        ("double", "penalty", [0, 86, 86]),
        ("plus10", "penalty", [0, 53, 53]),
    ],
)
def test_score_rummy_bonus_going_out_in_one_turn(bonus: str, scoring: str, want: list[int]) -> None:
    assert rummy_out(rummy_bonus=bonus, scoring=scoring).scores() == want


def test_score_rummy_bonus_melded_minus_hand() -> None:
    # 500 Rum values: Ana 3C..9C = 42. Ben and Caro: 43 with the ace at 15: 57 each.
    base = rummy_out("500-rum", rummy_call="off").scores()
    assert base == [42, -57, -57]
    double = rummy_out("500-rum", rummy_bonus="double", rummy_call="off").scores()
    assert double == [84, -57, -57]
    plus = rummy_out("500-rum", rummy_bonus="plus10", rummy_call="off").scores()
    assert plus == [52, -57, -57]


def test_score_rummy_bonus_not_after_melding_in_an_earlier_turn() -> None:
    hand = make_hand(
        "rummy",
        "Ana Ben Caro",
        {**RUMMY_HANDS, "Ana": "3C 4C 5C JC JD JH 2H"},
        "KC",
        stock="6C QH 4D 8D",
        rummy_bonus="double",
    )
    act(hand, "Ana: draw", "Ana: meld 3C 4C 5C", "Ana: discard 2H")
    act(hand, "Ben: draw", "Ben: discard QH", "Caro: draw", "Caro: discard 4D")
    act(hand, "Ana: draw", "Ana: meld JC JD JH", "Ana: layoff 6C to 1", "Ana: discard 8D")
    assert hand.out == 0
    # no bonus: Ben 43, Caro 43
    assert hand.scores() == [86, 0, 0]


def test_score_rummy_bonus_not_for_a_floater_who_ends_the_hand() -> None:
    # Ana melds all eight clubs and floats; on her next turn she draws 2H and discards
    # it, ending the hand: she had put cards down before, so no bonus.
    hand = make_hand(
        "rummy",
        "Ana Ben Caro",
        {**RUMMY_HANDS, "Ana": "3C 4C 5C 6C 7C 8C 9C"},
        "KC",
        stock="TC QH 4D 2H",
        rummy_bonus="double",
        going_out="floating",
    )
    act(hand, "Ana: draw", "Ana: meld 3C 4C 5C 6C 7C 8C 9C TC")
    assert hand.out is None and hand.phase is Phase.DRAW
    act(hand, "Ben: draw", "Ben: discard QH", "Caro: draw", "Caro: discard 4D")
    act(hand, "Ana: draw", "Ana: discard 2H")
    assert hand.out == 0 and hand.scores() == [86, 0, 0]


def test_score_winner_takes_a_floater_is_the_lowest_hand() -> None:
    # Seed notes 8: Block Rummy with floating, three players of 16 cards (3 stock cards).
    # Ana melds all 17 cards and floats; the stock runs out; nobody went out, and Ana's
    # empty hand (0) is the lowest: she scores the other two hands.
    hand = make_hand(
        "block-rummy",
        "Ana Ben Caro",
        {"Ana": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D 3D 4D"},
        "KS",
        stock="5D",
        hand_size=16,
        going_out="floating",
        melds_per_turn=None,
    )
    act(hand, "Ana: draw", "Ana: meld AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    act(hand, "Ana: meld 2D 3D 4D 5D")
    assert hand.phase is Phase.DRAW and hand.out is None
    run_down(hand)
    act(hand, "Ana: end")
    assert hand.out is None and hand.ended_by is HandEnd.STOCK
    basic = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}
    ben, caro = (sum(basic.get(c[0]) or int(c[0]) for c in held(hand, n)) for n in ("Ben", "Caro"))
    assert hand.scores() == [ben + caro, 0, 0]
