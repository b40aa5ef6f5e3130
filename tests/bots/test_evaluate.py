"""The exact best-melds search and card counting behind the heuristic."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Card, Rules, parse_cards
from rummykit.bots.evaluate import (
    Values,
    best_melds,
    gap_fillers,
    layable,
    outs_of,
    table_fits,
)
from rummykit.cards import JOKER_CODE
from rummykit.melds import JokerAs, TableMeld, resolve_meld
from rummykit.rules import Ace

VALUES = Values(Rules.preset("500-rum"))


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def test_best_melds_prefers_the_richer_partition() -> None:
    # the aces make a group (3 x 15) rather than the low run A 2 3 of hearts
    plan = best_melds(codes("QH KH AH 2H 3H AS AC"), VALUES)
    assert sorted(map(sorted, plan.melds)) == [sorted(codes("AC AH AS"))]


def test_best_melds_uses_jokers_and_high_aces() -> None:
    plan = best_melds(codes("QS KS AS JK 4D 5D"), VALUES)
    assert sorted(codes("QS KS AS")) in [sorted(m) for m in plan.melds]
    assert any(52 in m for m in plan.melds)  # the joker joins 4D 5D
    assert plan.deadwood == ()


def test_forced_card_goes_into_a_meld() -> None:
    cards = codes("7C 7D 7S 8S 9S")
    free = best_melds(cards, VALUES)
    forced = best_melds(cards, VALUES, forced=codes("7S")[0])
    assert any(codes("7S")[0] in m for m in forced.melds)
    assert forced.gain <= free.gain


def test_outs_count_unseen_cards_only() -> None:
    held = [0] * 53
    for c in codes("7H 8H"):
        held[c] += 1
    unseen = [1] * 52 + [2]
    unseen[codes("6H")[0]] = 0  # seen elsewhere
    # 9H or a joker completes 7H 8H (6H is gone)
    assert outs_of(codes("7H")[0], held, unseen, [], VALUES) == 1 + 2


def test_best_melds_of_a_huge_hand_falls_back_to_meld_by_meld_and_keeps_every_card() -> None:
    """A hand of 40 cards (players who take the whole pile again and again) is past the
    exact search's limit: the card-by-card plan still uses every card once and melds."""
    from collections import Counter

    from rummykit.bots.evaluate import SEARCH_LIMIT, make_pack

    values = Values(Rules.preset("500-rum"))
    pack = [int(c) for c in make_pack(1, 2)]
    cards = random.Random(1).sample(pack, 40)
    plan = best_melds(cards, values)
    used = Counter(c for m in plan.melds for c in m) + Counter(plan.deadwood)
    assert used == Counter(cards)
    assert plan.melds and plan.gain > 0 and SEARCH_LIMIT > 1000


def _reference_outs(card: int, held: list[int], unseen: list[int], values: Values) -> int:
    """outs_of as first written, straight from the rules of melds (no lay-offs): the
    fast version reads precomputed windows and must agree with it."""
    from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
    from rummykit.melds import rank_at
    from rummykit.rules import Ace

    if card == JOKER_CODE:
        return 0
    rank, suit = RANK_OF[card], SUIT_OF[card]
    found: set[int] = set()
    same = [code_of(s, rank) for s in range(4) if s != suit and held[code_of(s, rank)]]
    if same or held[JOKER_CODE]:
        for s in range(4):
            if s != suit and not held[code_of(s, rank)]:
                found.add(code_of(s, rank))
        found.add(JOKER_CODE)
    positions = (1, 14) if rank == 1 and values.ace is not Ace.LOW else (rank,)
    for p in positions:
        for lo in (p - 2, p - 1, p):
            if values.ace is not Ace.AROUND and (lo < 1 or lo + 2 > values.top):
                continue
            missing = [
                code_of(suit, rank_at(q))
                for q in range(lo, lo + 3)
                if q != p and not held[code_of(suit, rank_at(q))]
            ]
            if len(missing) == 1:
                found.add(missing[0])
                found.add(JOKER_CODE)
            elif not missing:
                return 0
    return sum(unseen[c] for c in found)


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(["500-rum", "remik-500", "rummy", "500-rum-classic"]),
    ace=st.sampled_from(["low", "low-or-high", "around"]),
    hand=st.lists(st.integers(0, 52), min_size=1, max_size=14),
    seed=st.integers(0, 10_000),
)
def test_outs_agree_with_the_rules_of_melds(
    preset: str, ace: str, hand: list[int], seed: int
) -> None:
    values = Values(Rules.preset(preset, ace=ace))
    held = [0] * 53
    for c in hand:
        held[c] += 1
    rng = random.Random(seed)
    unseen = [rng.randint(0, 2) for _ in range(53)]
    for c in set(hand):
        assert outs_of(c, held, unseen, [], values) == _reference_outs(c, held, unseen, values)


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.integers(0, 52), min_size=1, max_size=16), seed=st.integers(0, 999))
def test_kept_plans_are_the_plans_a_search_finds(hand: list[int], seed: int) -> None:
    """best_melds keeps its plans by hand: the same cards in any order give the plan
    the search gives, with and without a forced card."""
    from rummykit.bots.evaluate import _search_melds

    shuffled = hand[:]
    random.Random(seed).shuffle(shuffled)
    forced = hand[0]
    assert best_melds(shuffled, VALUES) == _search_melds(hand, VALUES, -1)
    assert best_melds(shuffled, VALUES, forced) == _search_melds(hand, VALUES, forced)


@settings(max_examples=300, deadline=None)
@given(
    hand=st.lists(st.integers(0, 51), min_size=6, max_size=18),
    preset=st.sampled_from(["500-rum", "rummy", "remik-500"]),
    pick=st.integers(0, 30),
)
def test_plans_of_a_hand_split_in_parts_are_the_plans_of_the_whole_search(
    hand: list[int], preset: str, pick: int
) -> None:
    """best_melds searches each part of a hand without jokers by itself (cards no meld
    can join): the gain, the melds in their order and the deadwood are those of one
    search over the whole hand, with and without a forced card, and every meld that
    search finds lies in one part. (Both searches exact: past the search limit the whole
    search would fall back to melds card by card where the parts need not.)"""
    from rummykit.bots import evaluate
    from rummykit.bots.evaluate import _cached_plan, _parts, _search_melds

    values = Values(Rules.preset(preset))
    cards = tuple(sorted(hand))
    forced = cards[pick % len(cards)] if pick < 25 else -1
    limit = evaluate.SEARCH_LIMIT
    evaluate.SEARCH_LIMIT = 10**9
    try:
        _cached_plan.cache_clear()
        assert best_melds(hand, values, forced) == _search_melds(cards, values, forced)
        whole = _search_melds(cards, values, -1)
    finally:
        evaluate.SEARCH_LIMIT = limit
        _cached_plan.cache_clear()
    parts = _parts(cards)
    assert sorted(c for p in parts for c in p) == list(cards)
    part_of = {c: i for i, p in enumerate(parts) for c in p}
    for meld in whole.melds:
        assert len({part_of[c] for c in meld}) == 1


def test_past_the_search_limit_parts_are_still_searched_exactly() -> None:
    """A hand of 22 cards takes one whole search past its limit, to melds chosen card by
    card; searched part by part it keeps the better plan (two sets of fives from two
    packs, where card by card takes all four suits at once and strands two cards)."""
    from rummykit.bots.evaluate import _cached_plan, _search_melds

    hand = codes("5C 9C JC QC 5D 5D 9D 9D JD JD QD 5H 9H JH JH QH 5S 5S 9S JS JS QS")
    whole = _search_melds(tuple(sorted(hand)), VALUES, -1)
    _cached_plan.cache_clear()
    parts = best_melds(hand, VALUES)
    assert parts.gain > whole.gain
    assert sorted([*(c for m in parts.melds for c in m), *parts.deadwood]) == sorted(hand)


def test_judge_lays_is_layable_on_its_table() -> None:
    """The judge works out once per card what :func:`layable` says of its table: on
    every position of a game with melds on the table, for every card, the same."""
    from rummykit import Game
    from rummykit.bots import get_bot
    from rummykit.bots.evaluate import layable
    from rummykit.bots.heuristic import HeuristicBot
    from rummykit.players import Driver

    game = Game(Rules.preset("500-rum"), ["a", "b", "c"], seed=4)
    driver = Driver(game, [get_bot("heuristic", seed=s) for s in range(3)], max_hands=1)
    checked = 0
    while not driver.done and len(game.hands) == 1 and driver.step() is not None:
        view = game.view(game.to_act)
        if not view.melds or view.hand is None:
            continue
        judge = HeuristicBot().judge(view)
        for card in range(53):
            assert judge.lays(card) == layable(card, judge.table, judge.ace)
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("players", [2, 4])
def test_a_stock_draw_is_worth_the_mean_of_the_hands_after_it_and_its_discard(
    players: int,
) -> None:
    # where melds score nothing, a drawn card is followed by the hand's worst discard: a
    # card that touches nothing is thrown back, or kept and the worst card thrown. The
    # shortcut for such cards (their chance to meld taken as 0) keeps the draw's worth
    # within a fraction of a point of the exact mean; with the sign of the kept card's
    # gain wrong (before 2026-11-26) it was 1 to 2 points low on average, up to 9.5.
    from rummykit import Game
    from rummykit.bots import get_bot
    from rummykit.bots.heuristic import HeuristicBot
    from rummykit.players import Driver
    from rummykit.state import Phase

    errors: list[float] = []
    for seed in range(10):
        if len(errors) >= 30:
            break
        game = Game(Rules.preset("rummy"), [f"p{i}" for i in range(players)], seed=seed)
        bots = [get_bot("heuristic", seed=s) for s in range(players)]
        driver = Driver(game, bots, max_hands=1)
        while not driver.done and len(game.hands) == 1:
            view = game.view(game.to_act)
            if view.phase is Phase.DRAW and view.hand is not None:
                judge = HeuristicBot(public_stock=False).judge(view)
                weights = [judge.unseen[u] for u in range(53)]
                after = [judge.worth([*judge.hand, u], discard=True) for u in range(53)]
                exact = sum(w * v for w, v in zip(weights, after, strict=True)) / sum(weights)
                errors.append(judge.draw_worth(judge.worth(judge.hand)) - exact)
            if len(errors) == 30 or driver.step() is None:
                break
    assert len(errors) == 30
    assert abs(sum(errors) / len(errors)) < 0.2
    assert max(abs(e) for e in errors) < 1.0


@st.composite
def _tables(draw: st.DrawFn, ace: Ace) -> list[TableMeld]:
    """A table of up to four melds: runs of three to six cards (a joker in one now and
    then) and groups of three."""
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            suit, length = draw(st.integers(0, 3)), draw(st.integers(3, 6))
            lo = draw(st.integers(1, 14 - length))
            naturals = [suit * 13 + r - 1 for r in range(lo, lo + length)]
            jokers = []
            if draw(st.booleans()):
                jokers = [JokerAs(card=Card(naturals.pop(len(naturals) // 2)))]
        else:
            rank = draw(st.integers(0, 12))
            naturals = [s * 13 + rank for s in draw(st.permutations(range(4)))[:3]]
            jokers = []
        melds.append(resolve_meld(naturals, jokers, ace))
    return melds


@settings(max_examples=300, deadline=None)
@given(data=st.data(), ace=st.sampled_from(list(Ace)), seed=st.integers(0, 10_000))
def test_the_table_shortcuts_agree_with_the_full_count(
    data: st.DataObject, ace: Ace, seed: int
) -> None:
    # what a table takes by itself and the gaps to its runs, worked out once for the
    # table (Judge.lays, Judge.fillers), give what each call would find
    values = Values(Rules.preset("500-rum", ace=ace.value))
    table = data.draw(_tables(ace))
    cards = data.draw(st.lists(st.integers(0, JOKER_CODE), min_size=1, max_size=12))
    lays = [layable(c, table, ace) for c in range(53)]
    assert table_fits(cards, table, ace, lays.__getitem__) == table_fits(cards, table, ace)
    held = [0] * 53
    for c in cards:
        held[c] += 1
    rng = random.Random(seed)
    unseen = [rng.randint(0, 2) for _ in range(53)]
    fillers = [gap_fillers(c, table, values) for c in range(52)]
    for c in set(cards):
        found = outs_of(c, held, unseen, table, values, fillers.__getitem__)
        assert found == outs_of(c, held, unseen, table, values)
