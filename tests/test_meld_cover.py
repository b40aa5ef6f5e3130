"""The search with open runs (``meld_cover``) behind the all-at-once rule
(`wrotham.all-at-once`): the same answers as the first search (``whole_hand``'s, whole melds
from the lowest card), in far fewer states on the hands a Rummy call on a deep pile
brings. tests/test_reach_all_at_once.py holds both to the reference search of before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.cards import JOKER_CODE, code_of, parse_cards
from rummykit.meld_cover import MAX_JOKERS, Cover, covers
from rummykit.melds import TableMeld, rank_at
from rummykit.rules import Ace
from rummykit.whole_hand import _AllAtOnce, _counted_search, can_meld_all


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


def _table_stage(
    counts: list[int], left: int, forbidden: int, ace: Ace, melds: list[TableMeld], exact: bool
) -> bool:
    """The lay-offs chosen first, one table meld after another (``whole_hand``'s table
    stage), then the new melds."""
    search = _AllAtOnce(counts[:], forbidden, ace, {}, exact, cover_memos={})
    return search.table(melds, 0, left, {})


@st.composite
def _tables(draw: st.DrawFn, ace: Ace, suits: list[int], low: int) -> list[TableMeld]:
    melds: list[TableMeld] = []
    top = 14 if ace is Ace.LOW_OR_HIGH else 13
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            length = draw(st.integers(3, 12))
            highest = max(1, min(top - length + 1, low + 4))
            lo = draw(st.integers(min(max(1, low - 3), highest), highest))
            joker = draw(st.sampled_from([None, 0, 1, length - 1]))
            suit = draw(st.sampled_from(suits))
            cards = tuple(
                JOKER_CODE if i == joker else code_of(suit, rank_at(lo + i)) for i in range(length)
            )
            melds.append(TableMeld(True, suit, 0, lo, cards, (0,) * length))
        else:
            taken = draw(st.lists(st.integers(0, 3), min_size=2, max_size=3, unique=True))
            rank = rank_at((low + draw(st.integers(0, 6)) - 1) % 13 + 1)
            joker = len(taken) == 2 or draw(st.booleans())
            cards = tuple(code_of(t, rank) for t in taken) + ((JOKER_CODE,) if joker else ())
            melds.append(TableMeld(False, -1, rank, 0, cards, (0,) * len(cards)))
    return melds


@settings(max_examples=500, deadline=None)
@given(hand=_hands(), data=st.data())
def test_lay_offs_in_the_search_answer_as_the_table_stage(
    hand: tuple[list[int], int, int, Ace, bool], data: st.DataObject
) -> None:
    """The lay-offs searched with the new melds (note 6) give the answers of choosing
    them first, one table meld after another."""
    counts, left, forbidden, ace, exact = hand
    suits = sorted({c // 13 for c in range(52) if counts[c]}) or [0]
    low = min((c % 13 + 1 for c in range(52) if counts[c]), default=1)
    melds = data.draw(_tables(ace, suits, low))
    before = counts[:]
    found = Cover(forbidden, ace, exact).covers(counts, left, melds)
    assert counts == before
    assert found == _table_stage(counts, left, forbidden, ace, melds, exact)
    assert found == can_meld_all(counts, left, forbidden, ace, melds, exact=exact)


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


def _table_run(suit: int, lo: int, length: int) -> TableMeld:
    cards = tuple(code_of(suit, rank_at(lo + i)) for i in range(length))
    return TableMeld(True, suit, 0, lo, cards, (0,) * length)


@pytest.mark.parametrize(
    ("hand", "left", "ace", "answer"),
    [
        ("AH KH", 0, Ace.LOW, True),  # 2H..QH takes both: 13 cards
        ("AH KH JK", 0, Ace.LOW, False),  # ... and no more
        ("AH KH JK", 1, Ace.LOW, True),
        ("AH AH", 0, Ace.LOW_OR_HIGH, False),  # one ace low or high, not both
        ("AH AH", 1, Ace.LOW_OR_HIGH, True),
        ("9H JK KH", 0, Ace.LOW, False),  # 9H on the run? it holds 9H already: no place
        ("AH 5S 5D 5C", 0, Ace.LOW, True),  # a lay-off beside new melds
    ],
)
def test_a_run_on_the_table_takes_up_to_13_cards(
    hand: str, left: int, ace: Ace, answer: bool
) -> None:
    counts = _counts(hand)
    table = [_table_run(2, 2, 11)]  # 2H .. QH
    assert Cover(-1, ace, False).covers(counts, left, table) is answer
    assert _table_stage(counts, left, -1, ace, table, False) is answer


def test_a_run_takes_13_cards_from_both_ends() -> None:
    table = [_table_run(2, 3, 11)]  # 3H .. KH, aces low or high
    counts = _counts("AH 2H AH")  # AH 2H below, the other AH above: 14 cards
    for left, answer in [(0, False), (1, True)]:
        assert Cover(-1, Ace.LOW_OR_HIGH, False).covers(counts, left, table) is answer
        assert _table_stage(counts, left, -1, Ace.LOW_OR_HIGH, table, False) is answer


def test_lay_offs_below_a_run_are_filled_up_to_it() -> None:
    table = [_table_run(0, 8, 3)]  # 8C 9C TC
    for hand, answer in [("6C 7C", True), ("5C 7C JK", True), ("5C 7C", False), ("5C JK JK", True)]:
        counts = _counts(hand)
        assert Cover(-1, Ace.LOW, False).covers(counts, 0, table) is answer, hand
        assert _table_stage(counts, 0, -1, Ace.LOW, table, False) is answer, hand


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
    queen_king_ace = _table_run(0, 12, 3)  # QC KC AC
    assert Cover(-1, Ace.LOW_OR_HIGH, False).covers(_counts("JC"), 0, [queen_king_ace])
    with pytest.raises(ValueError, match="outside places 1 to 13"):  # no ace high here
        Cover(-1, Ace.LOW, False).covers(_counts("JC"), 0, [queen_king_ace])


# ------------------------------------------------------------- speed, without timing
# A hand of 46 cards (two packs, a joker, aces high or low) that a Rummy call on a pile
# of 42 cards brought in 500 Rum with the all-at-once rule from the first deal (five
# random players, seed 1), 4D 5D 6D on the table: it cannot go down. The first search
# visited 512,631 states (1.3 s) to say so, and a list of legal actions asked eleven
# questions like it (20 s); the open runs, lay-offs included, visit 7,265.
DEEP_CALL = (
    "AC 2C 3C 4C 5C 6C 7C 7C TC TC JC QC QC KC 2D 3D 3D 4D 5D 7D 8D 9D TD JD QD "
    "5H 6H 8H 9H JH AS 2S 3S 4S 4S 5S 6S 7S 8S 9S JS JS QS QS KS JK"
)


def test_the_hand_of_a_deep_rummy_call_is_searched_in_few_states() -> None:
    counts = _counts(DEEP_CALL)
    assert sum(counts) == 46
    table = (_table_run(1, 4, 3),)
    found, states = _counted_search(counts, 1, -1, Ace.LOW_OR_HIGH, table, open_runs=True)
    assert found is False and states < 20_000
    first, first_states = _counted_search(counts, 1, -1, Ace.LOW_OR_HIGH, table, open_runs=False)
    assert first is False and first_states > 25 * states
    assert can_meld_all(counts, 1, -1, Ace.LOW_OR_HIGH, table) is False


@settings(max_examples=300, deadline=None)
@given(hand=_hands(), data=st.data())
def test_plans_narrowed_by_keep_or_meld_first_answer_the_same_with_open_runs(
    hand: tuple[list[int], int, int, Ace, bool], data: st.DataObject
) -> None:
    """Where ``keep`` or ``meld_first`` narrows the plans, the table stage chooses the
    lay-offs and the open runs make the new melds (note 8): from any size, the answers
    of the first search alone."""
    counts, left, forbidden, ace, exact = hand
    suits = sorted({c // 13 for c in range(52) if counts[c]}) or [0]
    low = min((c % 13 + 1 for c in range(52) if counts[c]), default=1)
    melds = data.draw(_tables(ace, suits, low))
    keep = forbidden if forbidden >= 0 and data.draw(st.booleans()) else -1
    meld_first = data.draw(st.booleans())
    first = _AllAtOnce(counts[:], forbidden, ace, {}, exact, keep, meld_first, cover_from=10**9)
    expected = first.table(melds, 0, left, {})
    both = _AllAtOnce(
        counts[:], forbidden, ace, {}, exact, keep, meld_first, cover_memos={}, cover_from=0
    )
    assert both.table(melds, 0, left, {}) == expected
