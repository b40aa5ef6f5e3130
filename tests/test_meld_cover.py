"""The search with open runs (``meld_cover``) behind the all-at-once rule
(`wrotham.all-at-once`): the same answers as the first search (``reach``'s, whole melds
from the lowest card), in far fewer states on the hands a Rummy call on a deep pile
brings. tests/test_reach_all_at_once.py holds both to the reference search of before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.cards import JOKER_CODE, code_of, parse_cards
from rummykit.meld_cover import MAX_JOKERS, Cover, covers
from rummykit.melds import TableMeld, rank_at
from rummykit.reach import _AllAtOnce, _counted_search, can_meld_all
from rummykit.rules import Ace


def _counts(text: str) -> list[int]:
    counts = [0] * 53
    for card in parse_cards(text):
        counts[int(card)] += 1
    return counts


def _first_search(counts: list[int], left: int, forbidden: int, ace: Ace, exact: bool) -> bool:
    """The first search's answer (whole melds from the lowest card), fresh memo."""
    return _AllAtOnce(counts[:], forbidden, ace, {}, exact).solve(left)


@st.composite
def _hands(draw: st.DrawFn) -> tuple[list[int], int, int, Ace, bool]:
    """Hands of two packs with cards close together (melds likely), up to 24 cards."""
    ace = draw(st.sampled_from([Ace.LOW, Ace.LOW_OR_HIGH]))
    low = draw(st.integers(1, 13))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    picks = draw(
        st.lists(st.tuples(st.sampled_from(suits), st.integers(0, 6)), min_size=0, max_size=24)
    )
    counts = [0] * 53
    for suit, step in picks:
        code = code_of(suit, rank_at((low + step - 1) % 13 + 1))
        if counts[code] < 2:
            counts[code] += 1
    counts[JOKER_CODE] = draw(st.integers(0, 4))
    left = draw(st.integers(0, 2))
    held = [c for c in range(53) if counts[c]]
    forbidden = draw(st.sampled_from([-1, JOKER_CODE, *held]))
    return counts, left, forbidden, ace, draw(st.booleans())


@settings(max_examples=500, deadline=None)
@given(hand=_hands())
def test_open_runs_answer_as_whole_melds_do(hand: tuple[list[int], int, int, Ace, bool]) -> None:
    counts, left, forbidden, ace, exact = hand
    before = counts[:]
    assert covers(counts, left, forbidden, ace, exact=exact) == _first_search(
        counts, left, forbidden, ace, exact
    )
    assert counts == before


@pytest.mark.parametrize(
    ("hand", "left", "ace", "answer"),
    [
        ("QS KS AS 5C 5D 5H 9H", 1, Ace.LOW_OR_HIGH, True),  # an ace put aside, high
        ("QS KS AS 5C 5D 5H 9H", 1, Ace.LOW, False),
        ("AS 2S 3S QS KS AS", 0, Ace.LOW_OR_HIGH, True),  # two aces: one low, one high
        ("AS 2S 3S QS KS", 0, Ace.LOW_OR_HIGH, False),  # one ace cannot stand twice
        ("4C 6C JK 8D 8H 8S", 0, Ace.LOW, True),  # a joker bridges a gap
        ("4C 7C JK 8D 8H 8S", 0, Ace.LOW, False),  # two places: one joker does not
        ("4C 5C 6C 7C 8C 9C JK JK", 0, Ace.LOW, True),  # a run takes the jokers left
        ("4C 4D 4H 9S 9D 9H JK JK", 0, Ace.LOW, True),  # two groups of three take two
        ("4C 4D 4H 4S 9S 9D 9H 9C JK", 0, Ace.LOW, False),  # groups of four take none
        ("4C 4D 4H 4S 9S 9D 9H 9C JK", 1, Ace.LOW, True),  # ... so it is left over
        ("5H 6H 7H 7H 8H 9H", 0, Ace.LOW, True),  # two runs of one suit, side by side
        ("5H 5H 6H 6H 7H 7H", 0, Ace.LOW, True),  # two runs on the same places
    ],
)
def test_hand_written_hands(hand: str, left: int, ace: Ace, answer: bool) -> None:
    counts = _counts(hand)
    assert covers(counts, left, -1, ace) is answer
    assert _first_search(counts, left, -1, ace, False) is answer


def test_the_card_that_may_not_be_discarded_is_not_left_over() -> None:
    counts = _counts("QS KS AS 5C 5D 5H 9H")
    assert not covers(counts, 1, int(parse_cards("9H")[0]), Ace.LOW_OR_HIGH)
    ace_of_spades = int(parse_cards("AS")[0])
    counts = _counts("AS 5C 5D 5H")  # the ace, put aside to stand high, is still the ace
    assert covers(counts, 1, -1, Ace.LOW_OR_HIGH)
    assert not covers(counts, 1, ace_of_spades, Ace.LOW_OR_HIGH)
    counts = _counts("5C 5D 5H 5S JK")  # a group of four takes no joker:
    assert not covers(counts, 0, -1, Ace.LOW)
    assert covers(counts, 1, -1, Ace.LOW)  # the joker left over,
    assert covers(counts, 1, JOKER_CODE, Ace.LOW)  # or in a group of three, 5S left over


def test_exactly_the_leftover_cards() -> None:
    counts = _counts("5C 5D 5H 8S")
    assert covers(counts, 1, -1, Ace.LOW, exact=True)
    assert not covers(counts, 2, -1, Ace.LOW, exact=True)  # no second card to leave
    counts = _counts("5C 5D 5H JK")
    assert covers(counts, 1, -1, Ace.LOW, exact=True)  # the joker left over
    assert covers(counts, 0, -1, Ace.LOW, exact=True)  # or in the group


def test_the_limits_are_refused() -> None:
    with pytest.raises(ValueError, match="aces around"):
        Cover(-1, Ace.AROUND, False)
    counts = _counts("5C 5D 5H")
    counts[JOKER_CODE] = MAX_JOKERS + 1
    with pytest.raises(ValueError, match="jokers"):
        covers(counts, 0, -1, Ace.LOW)


# ------------------------------------------------------------- speed, without timing
# A hand of 46 cards (two packs, a joker, aces high or low) that a Rummy call on a pile
# of 42 cards brought in 500 Rum with the all-at-once rule from the first deal (five
# random players, seed 1), 4D 5D 6D on the table: it cannot go down. The first search
# visited 512,631 states (1.3 s) to say so, and a list of legal actions asked eleven
# questions like it (20 s); the open runs visit under 50,000.
DEEP_CALL = (
    "AC 2C 3C 4C 5C 6C 7C 7C TC TC JC QC QC KC 2D 3D 3D 4D 5D 7D 8D 9D TD JD QD "
    "5H 6H 8H 9H JH AS 2S 3S 4S 4S 5S 6S 7S 8S 9S JS JS QS QS KS JK"
)


def _run(suit: int, lo: int, length: int) -> TableMeld:
    cards = tuple(code_of(suit, rank_at(lo + i)) for i in range(length))
    return TableMeld(True, suit, 0, lo, cards, (0,) * length)


def test_the_hand_of_a_deep_rummy_call_is_searched_in_few_states() -> None:
    counts = _counts(DEEP_CALL)
    assert sum(counts) == 46
    table = (_run(1, 4, 3),)
    found, states = _counted_search(counts, 1, -1, Ace.LOW_OR_HIGH, table)
    assert found is False and states < 50_000
    assert can_meld_all(counts, 1, -1, Ace.LOW_OR_HIGH, table) is False
