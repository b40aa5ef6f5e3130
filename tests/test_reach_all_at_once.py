"""The all-at-once check (`wrotham.all-at-once`): ``whole_hand.can_meld_all``.

The check used to be an exponential search that froze games with big hands (random
players reach 30 cards). These tests hold the fast search to the old answers: a copy of
the old algorithm is kept here as a reference oracle and compared on small hands (jokers,
two packs, table melds to lay off on, every ace rule). Speed is checked by counting the
search states, never by timing, and by playing whole games that used to freeze.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Rules
from rummykit.actions import Action, Meld
from rummykit.cards import JOKER_CODE, code_of, parse_cards
from rummykit.melds import TableMeld, max_position, rank_at
from rummykit.rules import Ace
from rummykit.whole_hand import _counted_search, _extensions, can_meld_all, run_cap


# --------------------------------------------------------------- the reference oracle
# The algorithm as it was before the fix (commit 3462722), unchanged but for names:
# memoised per call, cards in code order (suit by suit), runs of up to 13 cards (5 with
# fewer than three jokers). Exponential on big hands; fine on the small ones used here.
# _extensions (the lay-offs one table meld can take) is shared: the fix did not touch it.
def _reference_can_meld_all(
    counts: list[int], leftover: int, forbidden: int, ace: Ace, melds: Sequence[TableMeld] = ()
) -> bool:
    if melds:
        for extension in _extensions(melds[0], counts, ace):
            for c in extension:
                counts[c] -= 1
            ok = _reference_can_meld_all(counts, leftover, forbidden, ace, melds[1:])
            for c in extension:
                counts[c] += 1
            if ok:
                return True
        return False
    if not counts[JOKER_CODE]:
        lonely = sum(
            counts[c] for c in range(52) if counts[c] and not _reference_melds(c, counts, ace, 3)
        )
        if lonely > leftover:
            return False
    memo: dict[tuple[int, ...], bool] = {}
    longest = 13 if counts[JOKER_CODE] >= 3 else 5

    def solve(left: int) -> bool:
        key = (*counts, left)
        found = memo.get(key)
        if found is not None:
            return found
        first = next((c for c in range(53) if counts[c]), -1)
        if first == -1 or first == JOKER_CODE:
            result = first == -1 or (counts[JOKER_CODE] <= left and forbidden != JOKER_CODE)
            memo[key] = result
            return result
        result = False
        if left > 0 and first != forbidden:
            counts[first] -= 1
            result = solve(left - 1)
            counts[first] += 1
        if not result:
            for meld in _reference_melds(first, counts, ace, longest):
                for c in meld:
                    counts[c] -= 1
                ok = solve(left)
                for c in meld:
                    counts[c] += 1
                if ok:
                    result = True
                    break
        memo[key] = result
        return result

    return solve(leftover)


def _reference_melds(card: int, counts: Sequence[int], ace: Ace, longest: int) -> list[list[int]]:
    jokers = counts[JOKER_CODE]
    out: list[list[int]] = []
    r0, suit = card % 13, card // 13
    others = [c for c in (r0, r0 + 13, r0 + 26, r0 + 39) if c != card and counts[c]]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            for j in range(max(0, 2 - size), min(jokers, 3 - size) + 1):
                out.append([card, *chosen, *([JOKER_CODE] * j)])
    top = max_position(ace)
    around = ace is Ace.AROUND
    base = suit * 13
    for p in (1, 14) if r0 == 0 and ace is not Ace.LOW else (r0 + 1,):
        for lo in range(p - longest + 1, p + 1):
            if not around and lo < 1:
                continue
            fills: list[list[int]] = [[card]]
            for q in range(lo, p):
                fills = _reference_extend(fills, base + (q - 1) % 13, counts, jokers)
            for hi in range(p, lo + longest):
                if hi > p:
                    if not around and hi > top:
                        break
                    fills = _reference_extend(fills, base + (hi - 1) % 13, counts, jokers)
                if not fills:
                    break
                if hi - lo + 1 >= 3:
                    out.extend(f[:] for f in fills)
    return out


def _reference_extend(
    fills: list[list[int]], code: int, counts: Sequence[int], jokers: int
) -> list[list[int]]:
    out: list[list[int]] = []
    for f in fills:
        if f.count(code) < counts[code]:
            out.append([*f, code])
        if f.count(JOKER_CODE) < jokers:
            out.append([*f, JOKER_CODE])
    return out


# --------------------------------------------------------------------------- helpers
def _counts(text: str) -> list[int]:
    counts = [0] * 53
    for card in parse_cards(text):
        counts[int(card)] += 1
    return counts


def _run(suit: int, lo: int, length: int, joker_at: int | None = None) -> TableMeld:
    cards = tuple(
        JOKER_CODE if i == joker_at else code_of(suit, rank_at(lo + i)) for i in range(length)
    )
    return TableMeld(True, suit, 0, lo, cards, (0,) * length)


def _group(rank: int, suits: Sequence[int], joker: bool = False) -> TableMeld:
    cards = tuple(code_of(s, rank) for s in suits) + ((JOKER_CODE,) if joker else ())
    return TableMeld(False, -1, rank, 0, cards, (0,) * len(cards))


def _both(
    counts: list[int], leftover: int, forbidden: int, ace: Ace, melds: Sequence[TableMeld] = ()
) -> tuple[bool, bool]:
    before = counts[:]
    new = can_meld_all(counts, leftover, forbidden, ace, melds)
    assert counts == before  # restored
    fresh, _ = _counted_search(counts, leftover, forbidden, ace, melds, open_runs=False)
    assert fresh == new and counts == before  # the shared memo changes nothing
    if ace is not Ace.AROUND:  # the search with open runs (meld_cover), at any size
        assert _counted_search(counts, leftover, forbidden, ace, melds, open_runs=True)[0] == new
    old = _reference_can_meld_all(counts, leftover, forbidden, ace, melds)
    return new, old


# ------------------------------------------------------------------ hand-written cases
CASES = [
    # (hand, leftover, forbidden card or "", ace, table melds)
    ("3C 4C 5C 9D 9H 9S 2H", 1, "", Ace.LOW, ()),
    ("3C 4C 5C 9D 9H 9S 2H", 0, "", Ace.LOW, ()),
    ("3C 4C 5C 9D 9H 9S 2H", 1, "2H", Ace.LOW, ()),
    ("QC KC AC 5D 5H 5S 8H", 1, "", Ace.LOW, ()),
    ("QC KC AC 5D 5H 5S 8H", 1, "", Ace.LOW_OR_HIGH, ()),
    ("KC AC 2C 5D 5H 5S 8H", 1, "", Ace.LOW_OR_HIGH, ()),
    ("KC AC 2C 5D 5H 5S 8H", 1, "", Ace.AROUND, ()),
    ("JK JK JK 7C 2H", 1, "", Ace.LOW, ()),
    ("JK JK JK 7C 2H", 1, "JK", Ace.LOW, ()),
    ("JK JK 7C 2H", 1, "JK", Ace.LOW, ()),
    ("JK 4C 8C 2H 2S", 1, "", Ace.LOW, ()),
    ("JK JK JK 4C 5C 6C 7C 8C 9C", 0, "", Ace.LOW, ()),  # long runs and three jokers
    ("JK JK JK 4C 8C 9C 9D 9H", 0, "", Ace.LOW, ()),
    ("4C 4C 5C 5C 6C 6C 7C JK", 1, "", Ace.LOW, ()),  # two packs
    ("7H 8H 2S", 1, "2S", Ace.LOW, (_run(2, 4, 3),)),  # lay-off on 4H 5H 6H
    ("3H 8H 2S", 1, "", Ace.LOW, (_run(2, 4, 3),)),
    ("8H JK 2S", 1, "", Ace.LOW, (_run(2, 4, 3),)),  # a joker fills the gap
    ("9D 2S 2H", 1, "", Ace.LOW, (_group(9, (0, 2, 3)),)),
    ("9D JK 2S", 1, "", Ace.LOW, (_group(9, (0, 2)), _run(3, 10, 3, joker_at=1))),
    ("AS JK KS 5C", 1, "", Ace.LOW_OR_HIGH, (_run(3, 11, 2),)),
    ("3S 4S JK KD QD", 1, "", Ace.AROUND, (_run(3, 13, 3),)),
]


@pytest.mark.parametrize(("hand", "leftover", "forbidden", "ace", "melds"), CASES)
def test_all_at_once_matches_the_reference(
    hand: str, leftover: int, forbidden: str, ace: Ace, melds: tuple[TableMeld, ...]
) -> None:
    code = int(parse_cards(forbidden)[0]) if forbidden else -1
    new, old = _both(_counts(hand), leftover, code, ace, melds)
    assert new == old


def test_all_at_once_answers_on_plain_hands() -> None:
    assert can_meld_all(_counts("3C 4C 5C 9D 9H 9S 2H"), 1, -1, Ace.LOW)
    assert not can_meld_all(_counts("3C 4C 5C 9D 9H 9S 2H"), 1, int(parse_cards("2H")[0]), Ace.LOW)
    assert not can_meld_all(_counts("3C 4C 5C 9D 9H 2S 2H"), 1, -1, Ace.LOW)
    assert can_meld_all(_counts("3C 4C 5C 9D 9H JK 2H"), 1, -1, Ace.LOW)


def test_run_cap_splits_every_longer_run() -> None:
    """Note 4 of whole_hand.py: a run longer than run_cap(j), with at most j jokers and a natural
    card, cuts into runs of 3..run_cap(j) cards that each hold a natural card."""

    def splits(naturals: tuple[bool, ...], cap: int) -> bool:
        ok = [True] + [False] * len(naturals)
        for end in range(3, len(naturals) + 1):
            ok[end] = any(
                ok[end - n] and any(naturals[end - n : end]) for n in range(3, min(cap, end) + 1)
            )
        return ok[-1]

    for jokers in range(6):
        cap = run_cap(jokers)
        for length in range(cap + 1, 17):
            for places in range(min(jokers, length - 1) + 1):
                for where in combinations(range(length), places):
                    naturals = tuple(i not in where for i in range(length))
                    assert splits(naturals, cap), (jokers, length, where)
    assert [run_cap(j) for j in range(4)] == [5, 5, 5, 6]  # as the old search, below 3 jokers


# ---------------------------------------------------------------- property: same answers
@st.composite
def _positions(draw: st.DrawFn) -> tuple[list[int], int, int, Ace, list[TableMeld]]:
    ace = draw(st.sampled_from(list(Ace)))
    packs = draw(st.integers(1, 2))
    low = draw(st.integers(1, 13))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    # cards close together, so that melds are likely
    picks = draw(
        st.lists(st.tuples(st.sampled_from(suits), st.integers(0, 5)), min_size=0, max_size=12)
    )
    counts = [0] * 53
    for suit, step in picks:
        code = code_of(suit, rank_at(low + step))
        if counts[code] < packs:
            counts[code] += 1
    counts[JOKER_CODE] = draw(st.integers(0, 3))
    while sum(counts) > 14:
        counts[max(range(52), key=lambda c: counts[c])] -= 1
    leftover = draw(st.integers(0, 2))
    held = [c for c in range(53) if counts[c]]
    forbidden = draw(st.sampled_from([-1, JOKER_CODE, *held]))
    melds: list[TableMeld] = []
    for _ in range(draw(st.integers(0, 2))):
        if draw(st.booleans()):
            length = draw(st.integers(3, 5))
            top = max_position(ace) if ace is not Ace.AROUND else 13
            lo = draw(st.integers(1, max(1, top - length + 1)))
            joker = draw(st.sampled_from([None, 0, 1, length - 1]))
            melds.append(_run(draw(st.sampled_from(suits)), lo, length, joker))
        else:
            taken = draw(st.lists(st.integers(0, 3), min_size=2, max_size=3, unique=True))
            rank = rank_at(low + draw(st.integers(0, 5)))
            melds.append(_group(rank, taken, joker=len(taken) == 2 or draw(st.booleans())))
    return counts, leftover, forbidden, ace, melds


@settings(max_examples=400)
@given(position=_positions())
def test_all_at_once_property_matches_the_reference(
    position: tuple[list[int], int, int, Ace, list[TableMeld]],
) -> None:
    counts, leftover, forbidden, ace, melds = position
    new, old = _both(counts, leftover, forbidden, ace, melds)
    assert new == old


# ------------------------------------------------------------- speed, without timing
# Hands that froze the game: 30 cards of one pack, runs with holes and pairs everywhere,
# three jokers, and a run on the table (4H 5H 6H). The first cannot be melded, so the
# whole search has to be made: the old search made 311,280 recursive calls on it (2.2 s);
# the new one visits about 13,000 states. The second can (old: 86,012 calls).
BIG_NO = "AC 2C 3C 4C 8C 9C TC JC QC AD 2D 3D 9D TD 2H 3H 7H 8H QH KH AS 3S 5S 7S 8S JS QS"
BIG_YES = "AC 2C 3C 4C 5C 6C 7C JC QC AD 2D 3D 9D TD 2H 3H 7H 8H QH KH AS 3S 5S 7S 8S JS QS"
STATE_BOUND = 100_000


@pytest.mark.parametrize(("hand", "answer"), [(BIG_NO, False), (BIG_YES, True)])
def test_a_30_card_hand_is_searched_in_few_states(hand: str, answer: bool) -> None:
    counts = _counts(hand + " JK JK JK")
    assert sum(counts) == 30
    for open_runs in (False, True):  # the first search answers at this size (note 8)
        found, states = _counted_search(
            counts, 1, -1, Ace.LOW, (_run(2, 4, 3),), open_runs=open_runs
        )
        assert found is answer and states < STATE_BOUND
        found, states = _counted_search(counts, 1, -1, Ace.LOW, open_runs=open_runs)
        assert states < STATE_BOUND
        assert can_meld_all(counts, 1, -1, Ace.LOW) is found


def test_big_hands_of_two_packs_with_three_jokers() -> None:
    rng = random.Random(7)
    for _ in range(3):
        counts = [0] * 53
        for code in rng.sample(list(range(52)) * 2, 34):
            counts[code] += 1
        counts[JOKER_CODE] = 3
        for open_runs in (False, True):
            found, states = _counted_search(counts, 1, -1, Ace.LOW_OR_HIGH, open_runs=open_runs)
            assert states < 100_000
            assert can_meld_all(counts, 1, -1, Ace.LOW_OR_HIGH) == found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_wrotham_all_at_once_deals_play_through(seed: int) -> None:
    """Random legal play through all six deals of Wrotham with rummy calls on the pile and
    draws from any depth: deals 4-6 (all at once) used to freeze on big hands."""
    rules = Rules.preset("wrotham", rummy_call="pile", pile_draw="any-depth")
    game = Game(rules, ["A", "B", "C", "D"], seed=seed, dealer=0)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        assert steps < 5000
    assert len(game.results) >= 6


def _counted_check(
    check: Callable[[Action, int], None], melds: list[Meld], action: Action, seat: int, /
) -> None:
    """``check``, noting each meld it is asked about in ``melds``."""
    if isinstance(action, Meld):
        melds.append(action)
    check(action, seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_melds_listed_under_the_all_at_once_rule_are_those_the_checks_accept(
    seed: int,
) -> None:
    """legal_actions checks the melds shortest first and leaves unchecked every meld that
    holds one refused for the whole hand ([wrotham.all-at-once]): the list must be
    exactly the melds that the full check accepts, one by one, in the order listed."""
    from rummykit.actions import Take
    from rummykit.errors import IllegalAction
    from rummykit.legal import _meld_action, legal_actions
    from rummykit.melds import group_options, run_options

    rules = Rules.preset("500-rum", all_at_once_from_deal=1)
    game = Game(rules, ["A", "B"], seed=seed)
    rng = random.Random(seed)
    compared = inferred = 0
    while not game.over and compared < 5:
        hand = game.hand
        acts = game.legal_actions()
        p = hand.turn
        if hand.phase.value == "play" and len(hand.hands[p]) >= 12:
            counts = [0] * 53
            for c in hand.hands[p]:
                counts[c] += 1
            keys = group_options(counts, counts[JOKER_CODE], sorted(set(hand.hands[p])))
            keys += run_options(counts, counts[JOKER_CODE], rules.ace)
            accepted = []
            for key in keys:
                action = _meld_action(rules.ace, rules.ace.value, key)
                try:
                    hand.check(action, p)
                except IllegalAction:
                    continue
                accepted.append(action)
            checked: list[Meld] = []
            listed = legal_actions(hand, partial(_counted_check, hand.check, checked))
            assert listed == list(acts)
            assert [a for a in listed if isinstance(a, Meld)] == accepted
            if accepted:  # the whole hand can go down: the listing searched
                compared += 1
                inferred += len(keys) - len(checked)  # refused without a search
        takes = [a for a in acts if isinstance(a, Take)]  # deep takes: big hands
        game.apply(rng.choice(takes) if takes and rng.random() < 0.5 else rng.choice(acts))
    assert compared == 5 and inferred > 0
