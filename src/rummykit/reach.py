"""Can a card still be melded? The checks behind [take.must-meld], [rummy.when] and the
all-at-once rule.

Everything here works on card codes and a ``counts`` list (53 entries: how many of each
card code are available). A *path* melds the target with available cards only:

- a new meld of the target and two available cards (enough: a longer meld contains a
  three-card one that holds the target);
- a lay-off on a table meld, with available cards filling any gap first;
- a joker swap, when the rules allow it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
from rummykit.melds import (
    TableMeld,
    group_options,
    max_position,
    rank_at,
    run_options,
)
from rummykit.rules import Ace

__all__ = ["Reach", "can_meld_all", "new_meld_cost", "table_cost"]

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
        """
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


def _extensions(meld: TableMeld, counts: list[int], ace: Ace) -> list[list[int]]:
    """Every set of cards (codes, jokers as the joker code) that ``counts`` can lay off on
    ``meld`` at once, the empty set included."""
    jokers = counts[JOKER_CODE]
    if not meld.is_run:
        room = 4 - len(meld.cards)
        taken = meld.group_suits()
        free = [code_of(s, meld.rank) for s in range(4) if not taken >> s & 1]
        held = [c for c in free if counts[c]]
        out: list[list[int]] = []
        for size in range(len(held) + 1):
            for naturals in combinations(held, size):
                for j in range(min(jokers, room - size) + 1):
                    if size + j <= room:
                        out.append([*naturals, *([JOKER_CODE] * j)])
        return out
    top = max_position(ace)
    room = 13 - len(meld.cards)

    def side(positions: list[int]) -> list[list[int]]:
        """Fillings of the first k positions, k = 0, 1, ...: a held natural or a joker."""
        fills: list[list[int]] = [[]]
        frontier: list[list[int]] = [[]]
        for q in positions:
            code = code_of(meld.suit, rank_at(q))
            nxt: list[list[int]] = []
            for f in frontier:
                if f.count(code) < counts[code]:
                    nxt.append([*f, code])
                if f.count(JOKER_CODE) < jokers:
                    nxt.append([*f, JOKER_CODE])
            if not nxt:
                break
            fills.extend(nxt)
            frontier = nxt
        return fills

    around = ace is Ace.AROUND
    lows = [meld.lo - k for k in range(1, room + 1) if around or meld.lo - k >= 1]
    highs = [meld.hi + k for k in range(1, room + 1) if around or meld.hi + k <= top]
    out = []
    for low in side(lows):
        for high in side(highs[: room - len(low)]):
            both = low + high
            if all(both.count(c) <= counts[c] for c in set(both)):
                out.append(both)
    return out


def can_meld_all(
    counts: list[int],
    leftover: int,
    forbidden: int,
    ace: Ace,
    melds: Sequence[TableMeld] = (),
) -> bool:
    """Whether every card can go on the table, leaving at most ``leftover`` cards (never
    the card ``forbidden``, which may not be discarded): laid off on ``melds`` or in new
    melds (a card laid off on a new meld could be part of it). ``counts`` is restored."""
    if melds:
        for extension in _extensions(melds[0], counts, ace):
            for c in extension:
                counts[c] -= 1
            ok = can_meld_all(counts, leftover, forbidden, ace, melds[1:])
            for c in extension:
                counts[c] += 1
            if ok:
                return True
        return False
    if not counts[JOKER_CODE]:
        # a card with no possible partner can only be left over: a quick refusal
        lonely = sum(
            counts[c] for c in range(52) if counts[c] and not melds_with(c, counts, ace, 3)
        )
        if lonely > leftover:
            return False
    memo: dict[tuple[int, ...], bool] = {}
    # a run of six or more splits into runs of three to five, so shorter runs suffice
    # (unless three jokers in a row could leave a part without a natural card)
    longest = 13 if counts[JOKER_CODE] >= 3 else 5

    def solve(left: int) -> bool:
        key = (*counts, left)
        found = memo.get(key)
        if found is not None:
            return found
        first = next((c for c in range(53) if counts[c]), -1)
        if first == -1 or first == JOKER_CODE:
            # only jokers are left: they cannot make a meld alone
            result = first == -1 or (counts[JOKER_CODE] <= left and forbidden != JOKER_CODE)
            memo[key] = result
            return result
        result = False
        if left > 0 and first != forbidden:
            counts[first] -= 1
            result = solve(left - 1)
            counts[first] += 1
        if not result:
            for meld in melds_with(first, counts, ace, longest):
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


def melds_with(card: int, counts: Sequence[int], ace: Ace, longest: int = 13) -> list[list[int]]:
    """Every meld (card codes, jokers as the joker code) of ``card`` with the cards of
    ``counts`` (which holds ``card`` too), runs of at most ``longest`` cards."""
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
            # windows [lo, hi] holding p; each other place a held natural or a joker
            fills: list[list[int]] = [[card]]
            for q in range(lo, p):
                fills = _extend(fills, base + (q - 1) % 13, counts, jokers)
            for hi in range(p, lo + longest):
                if hi > p:
                    if not around and hi > top:
                        break
                    fills = _extend(fills, base + (hi - 1) % 13, counts, jokers)
                if not fills:
                    break
                if hi - lo + 1 >= 3:
                    out.extend(f[:] for f in fills)
    return out


def _extend(
    fills: list[list[int]], code: int, counts: Sequence[int], jokers: int
) -> list[list[int]]:
    out: list[list[int]] = []
    for f in fills:
        if f.count(code) < counts[code]:
            out.append([*f, code])
        if f.count(JOKER_CODE) < jokers:
            out.append([*f, JOKER_CODE])
    return out
