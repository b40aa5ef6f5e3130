"""The leaf value of the search levels' playouts (:mod:`rummykit.bots.leaf`): each seat's
hand valued as the heuristic values its own."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Rules
from rummykit.bots.determinize import determinize
from rummykit.bots.evaluate import MEASURED_SHARES, Values
from rummykit.bots.leaf import IN_HAND, calibrated_value, worth_value
from rummykit.bots.policy import playout, position_value

from .table import position

SEVEN = Rules.preset("500-rum", hand_size=7)


def test_a_finished_hand_is_worth_its_scores() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B", "C"], seed=2)
    h = game.hand.clone()
    playout(h, Values(game.rules), random.Random(0), 10_000, discards_only=True)
    assert h.is_over
    scores = h.scores()
    assert scores is not None
    assert worth_value(h, Values(game.rules)) == [float(s) for s in scores]


def test_where_melds_score_nothing_it_is_the_plain_estimate() -> None:
    rules = Rules.preset("rummy")
    game = Game(rules, ["A", "B"], seed=3)
    values = Values(rules)
    assert worth_value(game.hand, values) == position_value(game.hand, values)


def test_melds_in_hand_count_and_a_dead_card_costs_its_value() -> None:
    # seat 0 holds two complete melds (5H 6H 7H: 18, 9C 9D 9S: 27) and KS, whose outs
    # (the other kings and QS, JS) are all held by seat 1: KS cannot be melded
    hand = position(
        SEVEN,
        ["5H 6H 7H 9C 9D 9S KS", "KC KD KH QS JS 2C 3D"],
        upcard="4C",
        stock="",
    )
    values = Values(SEVEN)
    worth = worth_value(hand, values)
    assert worth[0] == IN_HAND * (18 + 27) - 10
    # measured in play, the kept card mostly gets discarded: it costs a little, or gains
    meld, (a, _) = MEASURED_SHARES[2]
    assert calibrated_value(hand, values)[0] == meld * (18 + 27) + a * 10


def test_more_outs_are_worth_more() -> None:
    # the same hands (seat 0's KS QS wait for JS, AS or a joker); where JS is the upcard
    # seat 0 sees it on the pile, and it is no longer an out (seat 1's hand, which seat 0
    # cannot see, counts as unseen either way)
    mine, theirs = "5H 6H 7H 9C 9D KS QS", "2C 3D 4H 8C 8D TC TD"
    blocked = position(SEVEN, [mine, theirs], upcard="JS")
    free = position(SEVEN, [mine, theirs], upcard="4C")
    values = Values(SEVEN)
    assert worth_value(free, values)[0] > worth_value(blocked, values)[0]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), deals=st.integers(0, 10_000), players=st.sampled_from([2, 4]))
def test_a_seat_is_valued_only_from_what_it_can_see(seed: int, deals: int, players: int) -> None:
    """How the cards a seat cannot see lie (other hands, the stock) does not change its
    own value: each seat is valued from its own information."""
    rules = Rules.preset("500-rum")
    game = Game(rules, [f"P{i}" for i in range(players)], seed=seed)
    view = game.view(game.to_act)
    values = Values(rules)
    one = determinize(view, random.Random(deals))
    two = determinize(view, random.Random(deals + 1))
    me = view.seat
    assert me is not None
    assert worth_value(one, values)[me] == worth_value(two, values)[me]
