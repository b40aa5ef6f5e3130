"""Hand evaluation for bots: the best melds in a hand, card counting, what a card is worth.

Everything works on card codes (see :mod:`rummykit.cards`). :func:`best_melds` is an exact
search for the partition of a hand into melds that scores the most (memoised on the cards
left), and :class:`Counter` counts the cards nobody has seen from one player's view.

>>> from rummykit.cards import parse_cards
>>> from rummykit.rules import Rules
>>> values = Values(Rules.preset("500-rum"))
>>> plan = best_melds([int(c) for c in parse_cards("5H 6H 7H 9C 9D 9S KS")], values)
>>> plan.gain, [len(m) for m in plan.melds], plan.deadwood
(90, [3, 3], (51,))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of, make_pack
from rummykit.melds import TableMeld, max_position, rank_at
from rummykit.reach import IMPOSSIBLE, table_cost
from rummykit.rules import Ace, Rules, Scoring
from rummykit.scoring import CardValuer

__all__ = [
    "MEASURED_SHARES",
    "Plan",
    "Values",
    "best_melds",
    "forget_plans",
    "gap_fillers",
    "layable",
    "measured_shares",
    "outs_of",
    "pack_counts",
]

#: What cards in hand came to by the hand's end in heuristic self-play, as a share of
#: their value (melded: +1, still held: -1, discarded: 0), by players (500-rum, first
#: hands, ``benchmarks/leaf.py``; 3 or more players use the four-player figures): a card
#: of the best melds in hand, and ``(a, b)`` for a card left over with melding chance
#: ``q``: ``a + b q``. Most cards left over are discarded before the hand ends, at no
#: cost in points, so a card with little chance of a meld costs far less than its value.
MEASURED_SHARES: dict[int, tuple[float, tuple[float, float]]] = {
    2: (0.97, (0.15, 0.5)),  # 150 hands
    4: (0.93, (0.0, 0.35)),  # 80 hands
}


def measured_shares(players: int) -> tuple[float, tuple[float, float]]:
    """:data:`MEASURED_SHARES` for this many players."""
    return MEASURED_SHARES[2 if players == 2 else 4]


class Values:
    """Card values of one rules configuration, as lookup tables on the bots' hot paths."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ace = rules.ace
        self.top = max_position(rules.ace)
        valuer = CardValuer(rules)
        #: value of each card code left in hand
        self.hand: tuple[int, ...] = tuple(valuer.in_hand(c) for c in range(53))
        # value of a card melded at a run position (by rank, position 1 or not) and in a group
        probe_run = TableMeld(True, 0, 0, 1, (0, 1, 2), (0, 0, 0))
        low_ace = valuer.melded(probe_run, 0)
        high = TableMeld(True, 0, 0, 12, (11, 12, 0), (0, 0, 0))
        high_ace = valuer.melded(high, 2)
        group_ace = valuer.melded(TableMeld(False, -1, 1, 0, (0, 13, 26), (0, 0, 0)), 0)
        joker = valuer.melded(TableMeld(False, -1, 5, 0, (4, 17, JOKER_CODE), (0, 0, 0)), 2)
        self.low_ace = low_ace
        self.high_ace = high_ace
        self.group_ace = group_ace
        self.joker_melded = joker
        self.remik = joker != valuer.in_hand(JOKER_CODE) or rules.card_values.value == "remik"
        #: whether melded cards score for the player (500 Rum); otherwise only the cards
        #: left in hand count, against their holder or for whoever goes out
        self.melds_score = rules.scoring is Scoring.MELDED_MINUS_HAND
        #: whether a hand's points are penalties (``penalty`` scoring): fewer is better
        self.low_wins = rules.scoring is Scoring.PENALTY
        #: for each natural, the codes of the same rank in the other suits
        self.other_suits: tuple[tuple[int, ...], ...] = tuple(
            tuple(code_of(s, RANK_OF[c]) for s in range(4) if s != SUIT_OF[c]) for c in range(52)
        )
        #: for each natural, the other two cards of every three-card run window holding it
        self.run_windows: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            self._windows(c) for c in range(52)
        )

    def _windows(self, card: int) -> tuple[tuple[int, int], ...]:
        rank, suit = RANK_OF[card], SUIT_OF[card]
        positions = (1, 14) if rank == 1 and self.ace is not Ace.LOW else (rank,)
        out: list[tuple[int, int]] = []
        for p in positions:
            for lo in (p - 2, p - 1, p):
                if self.ace is not Ace.AROUND and (lo < 1 or lo + 2 > self.top):
                    continue
                a, b = (code_of(suit, rank_at(q)) for q in range(lo, lo + 3) if q != p)
                out.append((a, b))
        return tuple(out)

    def rank_value(self, rank: int) -> int:
        """Value of a natural of this rank (2..13) when melded; aces go through the caller."""
        return self.hand[rank - 1]

    def run_card(self, card: int, position: int) -> int:
        """Value of ``card`` (or a joker standing there) melded at a run ``position``."""
        rank = rank_at(position)
        if card == JOKER_CODE and not self.remik:
            return self.joker_melded
        if rank != 1:
            return self.hand[rank - 1]
        return self.low_ace if position == 1 else self.high_ace

    def group_card(self, card: int, rank: int) -> int:
        """Value of ``card`` (or a joker) melded in a group of ``rank``."""
        if card == JOKER_CODE and not self.remik:
            return self.joker_melded
        if rank == 1:
            return self.group_ace
        return self.hand[rank - 1]

    def table_points(self, melds: Sequence[TableMeld], players: int) -> list[float]:
        """Each seat's points on the table: every card it melded or laid off."""
        out = [0.0] * players
        for m in melds:
            if m.is_run:
                for i, c in enumerate(m.cards):
                    out[m.owners[i]] += self.run_card(c, m.lo + i)
            else:
                for i, c in enumerate(m.cards):
                    out[m.owners[i]] += self.group_card(c, m.rank)
        return out

    def meld_points(self, meld: TableMeld) -> int:
        """Points of every card of a table meld."""
        if meld.is_run:
            return sum(self.run_card(c, meld.lo + i) for i, c in enumerate(meld.cards))
        return sum(self.group_card(c, meld.rank) for c in meld.cards)


def pack_counts(rules: Rules, players: int) -> list[int]:
    """How many copies of each card code the pack holds for this many players."""
    counts = [0] * 53
    for c in make_pack(rules.packs_for(players), rules.jokers):
        counts[c] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Plan:
    """The best melds of a hand: ``gain`` = melded value + the hand value they avoid."""

    gain: int
    melds: tuple[tuple[int, ...], ...]  # card codes of each meld (jokers as JOKER_CODE)
    deadwood: tuple[int, ...]


# A candidate meld holding the first card: (cards used, gain)
_Option = tuple[tuple[int, ...], int]


def _options(first: int, counts: list[int], values: Values) -> list[_Option]:
    """Every meld that holds ``first`` and otherwise only cards of higher code or jokers."""
    out: list[_Option] = []
    jokers = counts[JOKER_CODE]
    rank, suit = RANK_OF[first], SUIT_OF[first]
    hand = values.hand
    # groups
    others = [code_of(s, rank) for s in range(suit + 1, 4) if counts[code_of(s, rank)]]
    for size in range(0, len(others) + 1):
        for chosen in combinations(others, size):
            for j in range(0, min(jokers, 3 - size) + 1):
                n = 1 + size + j
                if n < 3 or n > 4:
                    continue
                cards = (first, *chosen) + (JOKER_CODE,) * j
                gain = sum(values.group_card(c, rank) + hand[c] for c in cards)
                out.append((cards, gain))
    # runs: every window of positions around the first card; gaps filled by jokers
    top = values.top
    around = values.ace is Ace.AROUND
    positions = (1, 14) if rank == 1 and values.ace is not Ace.LOW else (rank,)
    for p in positions:
        below_cards: list[int] = []
        below_gain = 0
        below_j = 0
        for lo in range(p, p - 13, -1):
            if lo < 1 and not around:
                break
            if lo < p:
                code = code_of(suit, rank_at(lo))
                if counts[code]:
                    below_cards.insert(0, code)
                    below_gain += values.run_card(code, lo) + hand[code]
                else:
                    below_j += 1
                    if below_j > jokers:
                        break
                    below_cards.insert(0, JOKER_CODE)
                    below_gain += values.run_card(JOKER_CODE, lo) + hand[JOKER_CODE]
            cards_l = [*below_cards, first]
            gain = below_gain + values.run_card(first, p) + hand[first]
            used_j = below_j
            q = p
            while True:
                if q - lo + 1 >= 3:
                    out.append((tuple(cards_l), gain))
                q += 1
                if q - lo + 1 > 13 or (q > top and not around):
                    break
                code = code_of(suit, rank_at(q))
                if counts[code]:
                    cards_l.append(code)
                    gain += values.run_card(code, q) + hand[code]
                elif used_j < jokers:
                    used_j += 1
                    cards_l.append(JOKER_CODE)
                    gain += values.run_card(JOKER_CODE, q) + hand[JOKER_CODE]
                else:
                    break
    return out


def _connected(c: int, counts: list[int], values: Values) -> bool:
    """Whether natural ``c`` could share a meld with another card held."""
    if counts[JOKER_CODE] >= 1:
        return True
    rank, suit = RANK_OF[c], SUIT_OF[c]
    for s in range(4):
        if s != suit and counts[code_of(s, rank)]:
            return True
    positions = (1, 14) if rank == 1 and values.ace is not Ace.LOW else (rank,)
    for p in positions:
        for q in (p - 2, p - 1, p + 1, p + 2):
            if (1 <= q <= values.top or values.ace is Ace.AROUND) and counts[
                code_of(suit, rank_at(q))
            ]:
                return True
    return False


#: The most positions one search of :func:`best_melds` visits exactly (each part of a
#: hand is searched by itself, :func:`_parts`). A part of up to about 20 cards needs a
#: few thousand; beyond, the exact search grows too fast (35 cards of one pack took over
#: 4 s a call) and a card-by-card choice stands in (:func:`_greedy`).
SEARCH_LIMIT = 3_000


class _TooBig(Exception):
    """The exact search went over :data:`SEARCH_LIMIT` positions."""


def _greedy(counts: list[int], values: Values) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Melds chosen card by card, lowest code first: each card's meld of most gain."""
    counts = counts[:]
    gain = 0
    melds: list[tuple[int, ...]] = []
    for first in range(52):
        while counts[first]:
            options = _options(first, counts, values)
            best = max(options, key=lambda o: o[1], default=None)
            if best is None:
                counts[first] -= 1
                continue
            for c in best[0]:  # the options only hold cards there are
                counts[c] -= 1
            gain += best[1]
            melds.append(best[0])
    return gain, tuple(melds)


#: How many plans :func:`best_melds` keeps, by hand and by part of a hand (both share
#: the cache): the heuristic values the same hands
#: (its own, plus each card it may draw) over and over, above all in the ``rollout``
#: level's playouts. Each process has its own; nothing of it is pickled with a bot. Kept
#: small: with 65,536 plans each of Python's full garbage collections took 50 ms instead
#: of 20, and stalls of a few tenths of a second pushed ``rollout`` decisions past 1 s.
PLAN_CACHE = 1 << 12


def best_melds(cards: Sequence[int], values: Values, forced: int = -1) -> Plan:
    """The partition of ``cards`` into melds with the highest gain (exact search).

    ``forced`` names a card that must end in a meld (the target of a pile take); if it
    cannot, the plan leaves it in the deadwood. Plans are kept (:data:`PLAN_CACHE`), so
    the same hand costs one search, and a hand without jokers is searched part by part
    (:func:`_parts`), so a card added to a hand searches only its own part again.
    """
    return _cached_plan(tuple(sorted(cards)), values, forced)


def forget_plans() -> None:
    """Empties the cache of plans (:data:`PLAN_CACHE`): for timings that must not depend
    on what ran before them."""
    _cached_plan.cache_clear()


@lru_cache(maxsize=PLAN_CACHE)
def _cached_plan(cards: tuple[int, ...], values: Values, forced: int) -> Plan:
    """:func:`best_melds` of sorted ``cards``: the plans of its parts put together.

    It is the plan one search of the whole hand finds (the same gain, melds in the same
    order, the same deadwood), ties and the forced card included: no meld joins two
    parts, and the lowest card of every position the search visits lies in one part.
    Only past :data:`SEARCH_LIMIT` do they differ: a hand of twenty cards and more can
    take the whole search over it (and to the card-by-card choice) while each part is
    still searched exactly, for a better plan.
    """
    parts = _parts(cards)
    if len(parts) == 1:
        return _search_melds(cards, values, forced)
    gain = 0
    melds: list[tuple[int, ...]] = []
    dead: list[int] = []
    for part in parts:
        plan = _cached_plan(part, values, forced if forced in part else -1)
        gain += plan.gain
        melds.extend(plan.melds)
        dead.extend(plan.deadwood)
    # the order the whole search gives: by each meld's lowest card (the sort is stable,
    # and two melds led by the same code come from one part, in that part's order)
    melds.sort(key=min)
    return Plan(gain, tuple(melds), tuple(sorted(dead)))


def _parts(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """``cards`` (sorted) split into the groups no meld can join: cards of one rank, and
    cards of one suit one rank apart (an ace next to a king and a two), are in one part.
    With a joker (it can join any meld) the whole hand is one part, and so is a hand of
    fewer than six cards, whose search costs less than splitting it.

    >>> from rummykit.cards import Card
    >>> [" ".join(str(Card(c)) for c in p) for p in _parts((0, 1, 5, 13, 30, 44))]
    ['AC 2C AD', '6C 6S', '5H']
    """
    if len(cards) < 6 or cards[-1] == JOKER_CODE:
        return [cards]
    parent = {c: c for c in cards}

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for c in parent:
        index = c % 13  # of the rank in its suit, 0 for an ace
        # the next card up its suit, and the same rank in the suits after its own
        for other in (c - index + (index + 1) % 13, *range(c + 13, 52, 13)):
            if other in parent:
                a, b = root(c), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    parts: dict[int, list[int]] = {}
    for c in cards:
        parts.setdefault(root(c), []).append(c)
    return [tuple(p) for p in parts.values()]


def _search_melds(cards: Sequence[int], values: Values, forced: int) -> Plan:
    """:func:`best_melds` without the cache."""
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    dead: list[int] = []
    for c in range(52):
        if counts[c] and not _connected(c, counts, values):
            dead.extend([c] * counts[c])
    for c in dead:
        counts[c] -= 1
    if counts[JOKER_CODE] and sum(counts[:52]) == 0:
        dead.extend([JOKER_CODE] * counts[JOKER_CODE])
        counts[JOKER_CODE] = 0
    # a position is the counts from its first card on (every card below it is used), as
    # bytes, marked when the forced card must still be melded: quicker to hash than all 53
    memo: dict[bytes, tuple[int, tuple[tuple[int, ...], ...]]] = {}
    start = counts[:]

    def solve(need: bool, first: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        # the lowest card left: no card below ``first`` is (the caller's first, used or not)
        while first < 52 and not counts[first]:
            first += 1
        if first == 52:
            return (0 if not need else -10_000), ()
        key = b"\xff" + bytes(counts[first:]) if need else bytes(counts[first:])
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > SEARCH_LIMIT:
            raise _TooBig
        must = need and first == forced
        best: tuple[int, tuple[tuple[int, ...], ...]] = (-1_000_000, ())
        if not must:
            counts[first] -= 1
            best = solve(need, first)
            counts[first] += 1
        for meld, gain in _options(first, counts, values):
            for c in meld:
                counts[c] -= 1
            sub_need = need and not (first == forced or forced in meld)
            value, melds = solve(sub_need, first)
            for c in meld:
                counts[c] += 1
            if value + gain > best[0]:
                best = (value + gain, (meld, *melds))
        memo[key] = best
        return best

    need = forced >= 0 and forced != JOKER_CODE and counts[forced] > 0
    try:
        gain, melds = solve(need, 0)
        if need and gain < -5000:
            gain, melds = solve(False, 0)
    except _TooBig:  # a hand of thirty cards and more: the best meld card by card
        gain, melds = _greedy(start, values)
    rest = list(cards)
    for m in melds:
        for c in m:
            rest.remove(c)
    return Plan(gain, tuple(melds), tuple(sorted(rest)))


def layable(card: int, melds: Sequence[TableMeld], ace: Ace) -> bool:
    """Whether ``card`` can be laid off on one of ``melds`` by itself."""
    return table_cost(card, [0] * 53, melds, ace)[0] == 1


def _open_melds(melds: Sequence[TableMeld]) -> tuple[int, int]:
    """Bit masks of the suits of the runs and the ranks of the groups on the table that
    can take one more card: only those cards (and a joker) can be laid off there."""
    suits = 0
    ranks = 0
    for m in melds:
        n = len(m.cards)
        if m.is_run:
            if n < 13:
                suits |= 1 << m.suit
        elif n < 4:
            ranks |= 1 << m.rank
    return suits, ranks


def outs_of(
    card: int,
    held: list[int],
    unseen: Sequence[float],
    melds: Sequence[TableMeld],
    values: Values,
    fillers: Callable[[int], Sequence[int]] | None = None,
) -> float:
    """How many unseen cards would let ``card`` be melded with the cards ``held`` (counts,
    ``card`` included) or laid off on ``melds``: the card's "outs". ``fillers``, where
    the caller keeps them, gives :func:`gap_fillers` of a card on ``melds``."""
    if card == JOKER_CODE:
        return 0
    found: set[int] = set()
    # groups: a second card of the rank held (or a joker) and one more
    others = values.other_suits[card]
    grouped = held[JOKER_CODE] > 0
    if not grouped:
        for c in others:
            if held[c]:
                grouped = True
                break
    if grouped:
        for c in others:
            if not held[c]:
                found.add(c)
        found.add(JOKER_CODE)
    # runs: three-card windows with one card missing
    for a, b in values.run_windows[card]:
        if held[a]:
            if held[b]:
                return 0  # already in a meld
            found.add(b)
            found.add(JOKER_CODE)
        elif held[b]:
            found.add(a)
            found.add(JOKER_CODE)
    # lay-offs needing one filler
    found.update(gap_fillers(card, melds, values) if fillers is None else fillers(card))
    total: float = 0
    for c in found:
        total += unseen[c]
    return total


def gap_fillers(card: int, melds: Sequence[TableMeld], values: Values) -> list[int]:
    """The cards that fill the one gap between natural ``card`` and a run of ``melds``
    (with the filler, ``card`` lays off there): :func:`outs_of` counts them."""
    out = []
    suit, rank = SUIT_OF[card], RANK_OF[card]
    for m in melds:
        if m.is_run and m.suit == suit and len(m.cards) < 13:
            for gap in (m.lo - 2, m.hi + 2):
                if rank_at(gap) == rank and (1 <= gap <= values.top or values.ace is Ace.AROUND):
                    filler = gap + 1 if gap < m.lo else gap - 1
                    out.append(code_of(suit, rank_at(filler)))
    return out


def plan_value(plan: Plan, values: Values) -> int:
    """Points the plan's melds score when put down."""
    return plan.gain - sum(values.hand[c] for m in plan.melds for c in m)


def table_fits(
    cards: Sequence[int],
    melds: Sequence[TableMeld],
    ace: Ace,
    lays: Callable[[int], bool] | None = None,
) -> list[int]:
    """The cards of ``cards`` that can be laid off on ``melds`` (each by itself or after
    other cards of ``cards`` fill the gap). ``lays``, where the caller has it, says
    whether a card lays off on ``melds`` by itself (:func:`layable`, kept by card)."""
    # the cards no meld on the table could take are skipped before the exact count
    suits, ranks = _open_melds(melds)
    if not suits and not ranks:
        return []
    counts = [0] * 53
    in_suit = [0, 0, 0, 0, 0]  # naturals of each suit (and jokers, last)
    for c in cards:
        counts[c] += 1
        in_suit[SUIT_OF[c] if c != JOKER_CODE else 4] += 1
    out = []
    for c in cards:
        if c != JOKER_CODE and not (suits >> SUIT_OF[c] & 1 or ranks >> RANK_OF[c] & 1):
            continue
        if lays is not None:
            if lays(c):
                out.append(c)
                continue
            # not by itself: then only a natural card, after other cards of its suit or
            # a joker fill the gap to a run (the exact count below finds no other way)
            if c == JOKER_CODE or not (in_suit[4] or in_suit[SUIT_OF[c]] > counts[c]):
                continue
        counts[c] -= 1
        if table_cost(c, counts, melds, ace)[0] < IMPOSSIBLE:
            out.append(c)
        counts[c] += 1
    return out
