"""The exact best-melds search and card counting behind the heuristic."""

from __future__ import annotations

import random

from rummykit import Rules, parse_cards
from rummykit.bots.evaluate import Values, best_melds, outs_of

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
