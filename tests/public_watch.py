"""What every player has seen of a hand, followed here from its positions alone.

The property tests check views and scores against the engine's state. Where they read the
engine's own bookkeeping (which cards a player is known to hold, whether the stock's
order is public, who put each table card down), a defect in that bookkeeping would pass
unseen: the test would ask the engine whether the engine is right. :class:`Watcher`
keeps that bookkeeping a second time, from nothing but the cards' places before and
after each action and the rules' documented meaning:

- a card that goes into a hand from the pile, from the table (a swapped joker) or from a
  turned-over stock is known to be there until it leaves that hand; a card drawn from a
  stock that nobody has seen is not;
- a stock is public once the pile has been turned over into it (``stock_exhausted =
  turn-over``, docs/rules.md), never after a reshuffle;
- every card shown face up this hand (pile, table, public stock) is the only kind a log
  may name;
- a card on the table scores for the seat that put it there ([layoff.owner],
  [joker.swap]): for runs by its rank's place in the run, for groups by its code.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from rummykit.cards import parse_cards
from rummykit.rules import Ace, StockExhausted
from rummykit.state import HandState

# a card named in action text: "discard 9C", "meld 5C JK=6C 7C" (not what a joker stands for)
CARD_TEXT = re.compile(r"(?<![=\w])([2-9TJQKA][CDHS]|JK)\b")


class Places(NamedTuple):
    hands: list[Counter[int]]
    pile: Counter[int]
    stock: Counter[int]
    table: Counter[int]
    # each meld: a run's cards by place (lo + i), or a group's cards in order
    melds: list[tuple[bool, dict[int, int]]]


def place_in_run(h: HandState, lo: int, i: int) -> int:
    """A run card's place by rank, which stays the same as the run grows: a run that goes
    round the corner (``ace = around``) may be numbered from another start later."""
    return (lo + i - 1) % 13 if h.rules.ace is Ace.AROUND else lo + i


def places(h: HandState) -> Places:
    melds = [
        (
            m.is_run,
            {(place_in_run(h, m.lo, i) if m.is_run else i): c for i, c in enumerate(m.cards)},
        )
        for m in h.melds
    ]
    table: Counter[int] = Counter()
    for m in h.melds:
        table.update(m.cards)
    return Places(
        [Counter(cards) for cards in h.hands], Counter(h.pile), Counter(h.stock), table, melds
    )


class Watcher:
    """Call :meth:`after` with the seat that acted after every action of the hand."""

    def __init__(self, h: HandState) -> None:
        self.rules = h.rules
        self.before = places(h)
        self.known: list[Counter[int]] = [Counter() for _ in range(h.n)]
        self.stock_public = False
        self.shown: set[int] = set(h.pile)
        # per meld: a run's seat by place; a group's (seat, code) pairs
        self.run_owner: list[dict[int, int]] = []
        self.group_owner: list[Counter[tuple[int, int]]] = []
        self.unclear = False  # a swap out of a group holding jokers of two seats

    def after(self, h: HandState, seat: int) -> None:
        was, now = self.before, places(h)
        refilled = bool(now.stock - was.stock)
        if refilled:
            self.stock_public = self.rules.stock_exhausted is StockExhausted.TURN_OVER
        shuffled = refilled and not self.stock_public
        seen_going = (was.table - now.table) + (Counter() if shuffled else was.pile - now.pile)
        if self.stock_public and not refilled:
            seen_going += was.stock - now.stock
        for q in range(h.n):
            self.known[q] -= was.hands[q] - now.hands[q]
            self.known[q] += (now.hands[q] - was.hands[q]) & seen_going
        self.shown.update(now.pile, now.table)
        if self.stock_public:
            self.shown.update(now.stock)
        self._placed(was, now, seat)
        self.before = now

    def _placed(self, was: Places, now: Places, seat: int) -> None:
        assert len(now.melds) >= len(was.melds), "a meld left the table"
        for i, (is_run, cards) in enumerate(now.melds):
            old = was.melds[i][1] if i < len(was.melds) else {}
            if i == len(self.run_owner):
                self.run_owner.append({})
                self.group_owner.append(Counter())
            if is_run:
                for place, card in cards.items():
                    if old.get(place) != card:
                        self.run_owner[i][place] = seat
                continue
            added = Counter(cards.values()) - Counter(old.values())
            gone = Counter(old.values()) - Counter(cards.values())
            owners = self.group_owner[i]
            for card, k in gone.items():
                holders = [key for key in owners if key[1] == card]
                self.unclear |= len(holders) > 1
                owners[holders[0]] -= k
                owners += Counter()  # drop the emptied pairs
            for card, k in added.items():
                owners[(seat, card)] += k

    def owners(self, h: HandState) -> list[tuple[int, ...]] | None:
        """Who put each card of each table meld down, in the meld's order; None where a
        swap left that unclear (the engine's choice is then not checked)."""
        if self.unclear:
            return None
        out: list[tuple[int, ...]] = []
        for i, m in enumerate(h.melds):
            if m.is_run:
                run = self.run_owner[i]
                out.append(tuple(run[place_in_run(h, m.lo, j)] for j in range(len(m.cards))))
                continue
            left = self.group_owner[i].copy()
            seats = []
            for card in m.cards:
                seat = min(s for s, c in left if c == card and left[(s, card)] > 0)
                left[(seat, card)] -= 1
                left += Counter()
                seats.append(seat)
            out.append(tuple(seats))
        return out

    def named_in(self, text: str) -> set[int]:
        return set(parse_cards(CARD_TEXT.findall(text)))
