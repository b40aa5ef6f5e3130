"""Can a card still be melded? The checks behind [take.must-meld] and [rummy.when] (the
all-at-once rule's, whether a whole hand can go down, are in :mod:`rummykit.whole_hand`).

Everything here works on card codes and a ``counts`` list (53 entries: how many of each
card code are available). A *path* melds the target with available cards only:

- a new meld of the target and two available cards (enough: a longer meld contains a
  three-card one that holds the target);
- a lay-off on a table meld, with available cards filling any gap first;
- a joker swap, when the rules allow it: the target put in a joker's place, or other
  held cards swapped for jokers that then help meld the target.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
from rummykit.melds import (
    TableMeld,
    group_options,
    max_position,
    rank_at,
    run_options,
    swap_joker,
)
from rummykit.rules import Ace

__all__ = ["Reach", "dead_hand", "new_meld_cost", "table_cost"]

IMPOSSIBLE = 99


def _positions(rank: int, ace: Ace) -> tuple[int, ...]:
    if rank == 1 and ace is not Ace.LOW:
        return (1, 14)
    return (rank,)


def new_meld_cost(target: int, counts: Sequence[int], ace: Ace) -> int:
    """3 if the target and two available cards make a meld, else IMPOSSIBLE."""
    jokers = counts[JOKER_CODE]
    if target == JOKER_CODE:
        # a natural x with one more card y: x y JK is a group or a three-card run
        top = max_position(ace)
        for c in range(52):
            if not counts[c]:
                continue
            if jokers >= 1:
                return 3
            r, s = RANK_OF[c], SUIT_OF[c]
            if any(s2 != s and counts[code_of(s2, r)] for s2 in range(4)):
                return 3
            for p in _positions(r, ace):
                for q in (p - 2, p - 1, p + 1, p + 2):
                    if (ace is Ace.AROUND or 1 <= q <= top) and counts[code_of(s, rank_at(q))]:
                        return 3
        return IMPOSSIBLE
    r0 = target % 13
    others = (
        (counts[r0] > 0)
        + (counts[r0 + 13] > 0)
        + (counts[r0 + 26] > 0)
        + (counts[r0 + 39] > 0)
        - (counts[target] > 0)
    )
    if others + jokers >= 2:
        return 3
    base = target - r0
    r = r0 + 1
    top = max_position(ace)
    around = ace is Ace.AROUND
    for p in (r, 14) if r == 1 and ace is not Ace.LOW else (r,):
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
            if not around and (a < 1 or b > top):
                continue
            missing = (counts[base + (a - 1) % 13] == 0) + (counts[base + (b - 1) % 13] == 0)
            if missing <= jokers:
                return 3
    return IMPOSSIBLE


def table_cost(
    target: int, counts: Sequence[int], melds: Sequence[TableMeld], ace: Ace
) -> tuple[int, int]:
    """The fewest cards (target included) a lay-off of the target uses, and the meld index.

    Returns ``(IMPOSSIBLE, -1)`` when no table meld can take it.
    """
    best, where = IMPOSSIBLE, -1
    jokers = counts[JOKER_CODE]
    top = max_position(ace)
    for idx, m in enumerate(melds):
        n = len(m.cards)
        if not m.is_run:
            if n >= 4:
                continue
            if target == JOKER_CODE or (
                RANK_OF[target] == m.rank and not m.group_suits() >> SUIT_OF[target] & 1
            ):
                return 1, idx
            continue
        if n >= 13:
            continue
        if target == JOKER_CODE:
            if ace is Ace.AROUND or m.lo > 1 or m.hi < top:
                return 1, idx
            continue
        if SUIT_OF[target] != m.suit:
            continue
        r = RANK_OF[target]
        # walk up from the high end, then down from the low end
        for direction in (1, -1):
            used_j = 0
            fillers = 0
            for step in range(1, 14 - n):
                q = m.hi + step if direction == 1 else m.lo - step
                if ace is not Ace.AROUND and not 1 <= q <= top:
                    break
                if rank_at(q) == r:
                    cost = 1 + fillers
                    if cost < best:
                        best, where = cost, idx
                    break
                if counts[code_of(m.suit, rank_at(q))]:
                    fillers += 1
                elif used_j < jokers:
                    used_j += 1
                    fillers += 1
                else:
                    break
        if best == 1:
            return best, where
    return best, where


def direct_fits(melds: Sequence[TableMeld], ace: Ace) -> tuple[frozenset[int], int]:
    """The cards that some table meld takes as they are (joker code included when any meld
    can take one), and a bit mask of the suits of the runs (gap lay-offs need one)."""
    fits: set[int] = set()
    run_suits = 0
    top = max_position(ace)
    for m in melds:
        n = len(m.cards)
        if not m.is_run:
            if n < 4:
                taken = m.group_suits()
                fits.update(code_of(s, m.rank) for s in range(4) if not taken >> s & 1)
                fits.add(JOKER_CODE)
            continue
        if n >= 13:
            continue
        run_suits |= 1 << m.suit
        if m.lo > 1 or ace is Ace.AROUND:
            fits.add(code_of(m.suit, rank_at(m.lo - 1)))
            fits.add(JOKER_CODE)
        if m.hi < top:
            fits.add(code_of(m.suit, rank_at(m.hi + 1)))
            fits.add(JOKER_CODE)
    return frozenset(fits), run_suits


def swap_possible(target: int, melds: Sequence[TableMeld]) -> bool:
    """Whether a natural target can take the place of a joker on the table."""
    if target == JOKER_CODE:
        return False
    for m in melds:
        if JOKER_CODE not in m.cards:
            continue
        if m.is_run:
            for i, c in enumerate(m.cards):
                if c == JOKER_CODE and m.stands_for(i) == target:
                    return True
        elif RANK_OF[target] == m.rank and not m.group_suits() >> SUIT_OF[target] & 1:
            return True
    return False


def _swap_naturals(meld: TableMeld) -> list[int]:
    """The natural cards that could take the place of a joker of ``meld``."""
    if meld.is_run:
        return [meld.stands_for(i) for i, c in enumerate(meld.cards) if c == JOKER_CODE]
    taken = meld.group_suits()
    return [code_of(s, meld.rank) for s in range(4) if not taken >> s & 1]


def dead_hand(
    hands: Sequence[Sequence[int]],
    pool: Sequence[int],
    melds: Sequence[TableMeld],
    ace: Ace,
    smallest_hand: int,
    swap_allowed: bool,
) -> bool:
    """Whether no play can ever put another card on the table ([end.dead]).

    ``pool`` is the stock and the pile; with the hands it makes every card off the table.
    The hand is dead when nobody holds no cards (a floater can always end the hand), no
    card off the table can be laid off on a table meld (gaps filled from any card off the
    table) or swapped for a joker, and either no three cards off the table make a meld or
    nobody holds ``smallest_hand`` cards (:meth:`~rummykit.rules.Rules.min_hand_size`:
    with fewer, a player's cards never grow into a new meld). Cards only move between
    hands, stock and pile then, so it stays dead: no turn-over of the pile can help.

    Every path is counted as open even when it would need cards from several hands, so
    a hand is never called dead while some play could still meld.

    >>> from rummykit.melds import resolve_meld
    >>> run = resolve_meld([4, 5, 6], [], Ace.LOW)  # 5C 6C 7C
    >>> dead_hand([[13], [26]], [39, 9], [run], Ace.LOW, 2, False)  # AD, AH; AS TC
    True
    >>> dead_hand([[13], [26]], [39, 7], [run], Ace.LOW, 2, False)  # 8C lays off
    False
    >>> dead_hand([[13, 26], [9]], [39], [run], Ace.LOW, 2, False)  # three aces
    False
    """
    counts = [0] * 53
    most = 0
    for cards in hands:
        if not cards:
            return False
        most = max(most, len(cards))
        for c in cards:
            counts[c] += 1
    for c in pool:
        counts[c] += 1
    can_meld = most >= smallest_hand
    for card in range(53):
        if not counts[card]:
            continue
        counts[card] -= 1
        open_path = (
            (can_meld and new_meld_cost(card, counts, ace) <= 3)
            or table_cost(card, counts, melds, ace)[0] != IMPOSSIBLE
            or (swap_allowed and swap_possible(card, melds))
        )
        counts[card] += 1
        if open_path:
            return False
    return True


@dataclass(frozen=True, slots=True)
class Reach:
    """What a player may use to meld a target: the rules that narrow the paths."""

    ace: Ace
    new_meld_only: bool  # [take.new-meld]
    layoff_allowed: bool  # False if [layoff.own-meld-first] blocks lay-offs outright
    layoff_needs_meld_first: bool  # lay-offs only after melding one from these cards
    swap_allowed: bool  # [joker.swap]
    melds_left: int  # new melds still allowed this turn
    keep_one: bool  # [out.discard-required]: a card must stay for the discard

    def can_meld(
        self,
        target: int,
        counts: Sequence[int],
        melds: Sequence[TableMeld],
        total: int,
        fits: tuple[frozenset[int], int] | None = None,
    ) -> bool:
        """Whether ``target`` can be melded with ``counts`` (``total`` cards, target excluded).

        ``fits`` is :func:`direct_fits` of ``melds``, when the caller has it at hand.
        Where jokers may be swapped, a joker won by swapping another held card counts too
        (:meth:`_after_swaps`).
        """
        if self._direct(target, counts, melds, total, fits):
            return True
        if not self.swap_allowed or not any(JOKER_CODE in m.cards for m in melds):
            return False  # no joker to win: the usual case, without copying the counts
        return self._after_swaps(target, list(counts), melds, total, 0)

    def _after_swaps(
        self, target: int, counts: list[int], melds: Sequence[TableMeld], total: int, start: int
    ) -> bool:
        """Whether ``target`` can be melded after swapping held natural cards for jokers
        on ``melds[start:]`` ([joker.swap]): each joker won joins the hand in the place
        of the card put down, to fill a new meld or a gap (docs/rules-decisions.md,
        [take.must-meld]). ``counts`` is restored. Every swap takes a joker off the
        table, so the search ends."""
        for index in range(start, len(melds)):
            meld = melds[index]
            if JOKER_CODE not in meld.cards:
                continue
            for card in _swap_naturals(meld):
                if not counts[card]:
                    continue
                swapped = swap_joker(meld, card, -1)
                if swapped is None:
                    continue
                table = [*melds[:index], swapped, *melds[index + 1 :]]
                counts[card] -= 1
                counts[JOKER_CODE] += 1
                found = self._direct(target, counts, table, total, None) or self._after_swaps(
                    target, counts, table, total, index
                )
                counts[card] += 1
                counts[JOKER_CODE] -= 1
                if found:
                    return True
        return False

    def _direct(
        self,
        target: int,
        counts: Sequence[int],
        melds: Sequence[TableMeld],
        total: int,
        fits: tuple[frozenset[int], int] | None,
    ) -> bool:
        """:meth:`can_meld` without winning jokers by swaps of other cards."""
        spare = total + 1 - (1 if self.keep_one else 0)  # cards that may leave the hand
        if self.melds_left > 0 and spare >= 3 and new_meld_cost(target, counts, self.ace) <= 3:
            return True
        if self.new_meld_only:
            return False
        if self.swap_allowed and swap_possible(target, melds):
            return True  # the joker comes back: the hand does not shrink
        if not self.layoff_allowed:
            return False
        if fits is not None and target not in fits[0]:
            suit = target // 13
            if target == JOKER_CODE or not fits[1] >> suit & 1:
                return False
            if not counts[JOKER_CODE] and not any(counts[suit * 13 : suit * 13 + 13]):
                return False  # nothing could fill a gap
        cost, _ = table_cost(target, counts, melds, self.ace)
        if cost == IMPOSSIBLE:
            return False
        if self.layoff_needs_meld_first:
            return self._meld_then_lay_off(target, counts, melds, spare)
        return spare >= cost

    def _meld_then_lay_off(
        self, target: int, counts: Sequence[int], melds: Sequence[TableMeld], spare: int
    ) -> bool:
        """A meld of one's own first, then the lay-off with the cards left (the meld's
        cards cannot also fill a gap for the target)."""
        if self.melds_left <= 0:
            return False
        jokers = counts[JOKER_CODE]
        rest = list(counts)
        for key in group_options(counts, jokers) + run_options(counts, jokers, self.ace):
            used = [JOKER_CODE if k >= 100 else k for k in key]
            for c in used:
                rest[c] -= 1
            cost, _ = table_cost(target, rest, melds, self.ace)
            for c in used:
                rest[c] += 1
            if cost != IMPOSSIBLE and spare >= len(used) + cost:
                return True
        return False
