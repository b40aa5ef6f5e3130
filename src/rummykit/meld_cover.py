"""Whether a hand's cards all go on the table at once: the search with open runs.

:func:`whole_hand.can_meld_all` (the all-at-once rule) asks whether every card of a hand can
be laid off on the table melds or go into new melds, with at most ``left`` of them left
over. Its first search chose the lay-offs first, one table meld after another, then took
the lowest card and every whole meld that holds it: a run taken whole also takes cards
several ranks above the lowest, and with aces high (a run ``Q K A`` taken with the ace)
the states it met differed all over the hand. On the hands a Rummy call on a deep pile
brings (46 to 57 cards, two packs) that made a million states a question, and minutes
for one list of legal actions.

This search keeps every state near the lowest card. A run is started with three cards
(its lowest natural card and the next two places, each a natural card or a joker) and
stays *open*: a later card of its suit at its next place extends it, jokers bridging a
gap; a table meld takes its lay-offs the same way, card by card. A state is then the
remaining cards, the open runs' next places, what the melds can still take of the jokers
and the table melds' open ends, and the cards taken are never more than two ranks above
the lowest. Every plan of the first search is found (a run of any length is a run of
three extended one place at a time; the order of the cards does not matter) and no other
(every extension keeps a run a run; one that grows to 14 places, an ace at both ends,
splits into two), so the answers are the same: the tests hold the two
searches to each other on random hands and tables, and to the reference search of before.

The notes:

1. Cards are taken lowest first by place, every suit at a place before the next place:
   aces low first, kings last. With aces high or low, an ace taken first may also be
   *put aside* to stand high (place 14, after the kings): it then only ends a run
   (``Q K A``, started at the queen) or is left over; a group of aces is made at place 1.
2. What becomes of the lowest card: left over (not the card that may not be discarded);
   into a group of its rank (other suits, jokers, three or four cards); the start of a
   run of three places holding it (places below it are jokers: the cards there are
   gone); or the next card of an open run of its suit, jokers filling the places between.
3. An open run whose next place is further below the lowest card than the jokers left
   can bridge is closed: nothing can extend it any more.
4. Jokers left once every natural card is placed are left over or go into the melds
   made: a run takes any of them, up to :data:`MAX_JOKERS` (8; two packs hold six). A
   run of 3 to 5 cards has 8 or more free places of 13; a longer one splits into its
   first three places, which hold a natural card (a run starts within two places of
   one) and have 10 free places, and the rest (3 or more places, ending on a natural
   card). A group of three takes one. So the state keeps how many jokers the melds can
   take: all of them once a run is made (as many as are left), else one per group of
   three.
5. Memoised on the whole state (cards, leftover, open runs, jokers the new melds can
   take, table melds), a memo per card that may not be discarded, ace rule and leftover
   rule: the state says all that the answer depends on, so one memo serves every hand.
6. The table melds. A run may reach 13 cards: the places it may still take are kept,
   with its next place above (a card there, or further with jokers between, is laid
   off) and below it: the lowest card of its suit below it may start a lay-off below,
   whose places up to the run are then all taken (reserved at once), filled by the next
   cards of its suit (jokers bridging) or by jokers at once; a lay-off below left
   unfilled is a refusal. A group keeps the suits and the number of cards it may still
   take (a card of its rank, while that rank is the lowest). Jokers left at the end go
   to any of them, as to the new melds (note 4).

Aces around (a run ``K A 2``) are left to the first search: a run through the ace would
take cards at both ends of the order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from rummykit.cards import JOKER_CODE
from rummykit.melds import TableMeld, max_position
from rummykit.rules import Ace

__all__ = ["HIGH_ACE", "MAX_JOKERS", "Cover", "CoverKey", "Table", "covers"]

#: ``counts[HIGH_ACE + s]``: aces of suit ``s`` put aside to stand high (note 1).
HIGH_ACE = 53
#: The most jokers note 4 holds for (a run takes this many): more go to the first search.
MAX_JOKERS = 8
#: The table melds as the search keeps them (note 6). A run: (suit, its lowest place, the
#: places it may still take, the next place above it or 0, below it: 0 free, -1 closed,
#: else the next place of a lay-off started below it). A group: (its place, the suits it
#: may still take as bits, the cards it may still take).
Table = tuple[tuple[int, ...], ...]
#: A state of the search: cards, leftover, open runs' next places, jokers the new melds
#: take, the table melds.
CoverKey = tuple[bytes, int, tuple[int, ...], int, Table]


class Cover:
    """The search of :func:`covers` for one card that may not be discarded, ace rule and
    leftover rule; its memo serves every hand asked about (note 5). ``memo`` may be
    shared by several searches with the same three settings."""

    __slots__ = ("counts", "exact", "forbidden", "high", "memo", "order", "starts", "top", "visits")

    def __init__(
        self,
        forbidden: int,
        ace: Ace,
        exact: bool,
        memo: dict[CoverKey, bool] | None = None,
    ) -> None:
        if ace is Ace.AROUND:
            raise ValueError("aces around are searched by whole_hand.can_meld_all's first search")
        self.counts = [0] * 57
        self.forbidden = forbidden
        self.exact = exact
        self.high = ace is Ace.LOW_OR_HIGH
        self.top = max_position(ace)
        self.order = _order(self.high)
        self.memo = {} if memo is None else memo
        #: suit * 16 + place: the runs of three places started there (note 2), each as
        #: (the natural cards above it, jokers, the open run's end or 0)
        self.starts = _run_starts(self.top)
        self.visits = 0  # solve() calls, memo hits included

    def covers(self, counts: Sequence[int], left: int, melds: Sequence[TableMeld] = ()) -> bool:
        """Whether the cards of ``counts`` (53 codes, jokers last; anything after is
        ignored) all go on the table, laid off on ``melds`` or in new melds, at most
        ``left`` left over, under this search's card that may not be discarded, ace rule
        and leftover rule. One search at a time: it works on a copy of ``counts`` it
        keeps (:attr:`counts`), so a :class:`Cover` is not reentrant."""
        if counts[JOKER_CODE] > MAX_JOKERS:
            raise ValueError(f"at most {MAX_JOKERS} jokers (note 4)")
        self.counts = [*counts[:53], 0, 0, 0, 0]
        return self.solve(left, (), 0, self.table(melds))

    def table(self, melds: Sequence[TableMeld]) -> Table:
        """The table melds that can take a card, as the search keeps them (note 6)."""
        out: list[tuple[int, ...]] = []
        for m in melds:
            free = 13 - len(m.cards) if m.is_run else 4 - len(m.cards)
            if free <= 0:
                continue
            if m.is_run:
                if not 1 <= m.lo <= m.hi <= self.top:
                    raise ValueError(f"a run on the table outside places 1 to {self.top}")
                above = m.hi + 1 if m.hi < self.top else 0
                out.append((m.suit, m.lo, free, above, 0 if m.lo > 1 else -1))
            else:
                out.append((m.rank, 15 & ~m.group_suits(), free))
        return tuple(sorted(out))

    def solve(self, left: int, ends: tuple[int, ...], room: int, tab: Table) -> bool:
        """Whether the remaining cards go on the table, at most ``left`` left over, with
        open runs whose next places are ``ends`` (``place * 4 + suit``, sorted), new
        melds that can take ``room`` jokers (a run takes every one: note 4) and the table
        ``tab``."""
        self.visits += 1
        counts = self.counts
        jokers = counts[JOKER_CODE]
        if room > jokers:
            room = jokers  # only as many as there are matter
        lowest = None
        for entry in self.order:
            if counts[entry[0]]:
                lowest = entry
                break
        if lowest is None:  # only jokers, if anything (note 4)
            return self.jokers_placed(jokers, left, room, tab)
        c, s, p = lowest
        if ends:  # note 3
            dead = 0  # sorted by place: the closed ones come first
            while dead < len(ends) and p - (ends[dead] >> 2) > jokers:
                dead += 1
            if dead:
                ends = ends[dead:]
        if tab:
            now = _table_now(tab, p, jokers)
            if now is None:
                return False
            tab, closed = now
            if closed:  # what closed melds take joins the new melds' room
                room = min(room + closed, jokers)
        key = (bytes(counts), left, ends, room, tab)
        found = self.memo.get(key)
        if found is not None:
            return found
        result = self.place(c, s, p, left, ends, room, tab, jokers)
        self.memo[key] = result
        return result

    def jokers_placed(self, jokers: int, left: int, room: int, tab: Table) -> bool:
        """Whether ``jokers`` jokers are left over (at most ``left``, exactly with
        ``exact``) or taken by the new melds (``room``) and the table melds."""
        takes = room
        for t in tab:
            if len(t) == 5 and t[4] > 0:
                return False  # a lay-off below a run not filled (note 6)
            takes += t[2]  # the places a run, or the cards a group, may still take
        for kept in range(min(jokers, left) + 1):
            if self.exact and kept != left:
                continue
            if kept and self.forbidden == JOKER_CODE:
                continue
            if jokers - kept <= takes:
                return True
        return False

    def place(
        self,
        c: int,
        s: int,
        p: int,
        left: int,
        ends: tuple[int, ...],
        room: int,
        tab: Table,
        jokers: int,
    ) -> bool:
        """The branches for the lowest card ``c`` (suit ``s``, place ``p``), note 2."""
        counts = self.counts
        counts[c] -= 1
        try:
            # left over: an ace that may stand high is left over once put aside
            card = s * 13 if p == 14 else c
            leave = left > 0 and card != self.forbidden and not (self.high and p == 1)
            if leave and self.solve(left - 1, ends, room, tab):
                return True
            # the next card of an open run
            for i, end in enumerate(ends):
                if end & 3 != s or (i and ends[i - 1] == end):
                    continue
                gap = p - (end >> 2)
                if gap < 0:
                    continue  # a run already past this place (a copy of the card)
                counts[JOKER_CODE] -= gap
                after = ends[:i] + ends[i + 1 :]
                if p < self.top:
                    after = tuple(sorted((*after, (p + 1) * 4 + s)))
                ok = self.solve(left, after, room, tab)
                counts[JOKER_CODE] += gap
                if ok:
                    return True
            # laid off on the table (note 6)
            for t, gap in _lay_offs(tab, s, p, self.top, jokers):
                counts[JOKER_CODE] -= gap
                ok = self.solve(left, ends, room, t)
                counts[JOKER_CODE] += gap
                if ok:
                    return True
            if self.runs(s, p, left, ends, tab, jokers):
                return True
            if p < 14 and self.groups(c, p, left, ends, room, tab, jokers):
                return True
            if self.high and p == 1:  # put aside to stand high (note 1)
                counts[HIGH_ACE + s] += 1
                ok = self.solve(left, ends, room, tab)
                counts[HIGH_ACE + s] -= 1
                if ok:
                    return True
            return False
        finally:
            counts[c] += 1

    def runs(
        self, s: int, p: int, left: int, ends: tuple[int, ...], tab: Table, jokers: int
    ) -> bool:
        """Runs of three places started with the lowest card (already taken)."""
        counts = self.counts
        for used, need, end in self.starts[s * 16 + p]:
            if need > jokers:
                continue
            if used and (not counts[used[0]] or (len(used) == 2 and not counts[used[1]])):
                continue
            for code in used:
                counts[code] -= 1
            counts[JOKER_CODE] -= need
            # a run takes every joker left (note 4)
            after = tuple(sorted((*ends, end))) if end else ends
            ok = self.solve(left, after, MAX_JOKERS, tab)
            counts[JOKER_CODE] += need
            for code in used:
                counts[code] += 1
            if ok:
                return True
        return False

    def groups(
        self,
        c: int,
        p: int,
        left: int,
        ends: tuple[int, ...],
        room: int,
        tab: Table,
        jokers: int,
    ) -> bool:
        """Groups of the lowest card's rank (the card already taken), as the first
        search makes them: other suits once each, three or four cards."""
        counts = self.counts
        others = [code for code in range(p - 1, 52, 13) if code != c and counts[code]]
        for size in range(len(others) + 1):
            for chosen in combinations(others, size):
                for j in range(max(0, 2 - size), min(jokers, 3 - size) + 1):
                    for code in chosen:
                        counts[code] -= 1
                    counts[JOKER_CODE] -= j
                    # a group of three takes one more joker (note 4)
                    ok = self.solve(left, ends, room + (1 + size + j == 3), tab)
                    counts[JOKER_CODE] += j
                    for code in chosen:
                        counts[code] += 1
                    if ok:
                        return True
        return False


@cache
def _order(high: bool) -> tuple[tuple[int, int, int], ...]:
    """(code, suit, place) of every card, lowest first (note 1); with ``high``, the
    slots of the aces put aside to stand high last."""
    order = [(s * 13 + p - 1, s, p) for p in range(1, 14) for s in range(4)]
    if high:
        order += [(HIGH_ACE + s, s, 14) for s in range(4)]
    return tuple(order)


#: A run started with a card: the natural cards above it, jokers, the open run's end
#: (its next place * 4 + its suit, as in ``ends``) or 0 where it reached the top.
Start = tuple[tuple[int, ...], int, int]


@cache
def _run_starts(top: int) -> dict[int, tuple[Start, ...]]:
    """The runs of three places started by a card, by ``suit * 16 + place``, for places
    1 to ``top`` (14 where aces may stand high): note 2."""

    def code(suit: int, place: int) -> int:
        return HIGH_ACE + suit if place == 14 else suit * 13 + place - 1

    out: dict[int, tuple[Start, ...]] = {}
    for s in range(4):
        for p in range(1, top + 1):
            starts: list[Start] = []
            for lo in (p - 2, p - 1, p):
                if lo < 1 or lo + 2 > top:
                    continue
                above = [code(s, q) for q in range(p + 1, lo + 3)]
                end = (lo + 3) * 4 + s if lo + 3 <= top else 0
                for naturals in range(1 << len(above)):
                    used = tuple(c for i, c in enumerate(above) if naturals >> i & 1)
                    # jokers below the card (the cards there are gone) and for the
                    # places above it not held
                    starts.append((used, p - lo + len(above) - len(used), end))
            out[s * 16 + p] = tuple(starts)
    return out


def _table_now(tab: Table, p: int, jokers: int) -> tuple[Table, int] | None:
    """The table melds once the lowest card is at place ``p`` with ``jokers`` jokers
    left, and the jokers those that can take no more natural card may still take: they
    leave the state (so that states reached with other table melds meet in the memo).
    None where a lay-off started below a run can no longer be filled (note 6)."""
    for t in tab:  # most often nothing changes
        if len(t) == 5:
            _, lo, _, above, below = t
            if below > 0 and (p >= lo or p - below > jokers):
                return None
            if (below == 0 and p >= lo) or (p - above > jokers if above else below < 0):
                break
        elif not t[1] or t[0] < p:
            break
    else:
        return tab, 0
    out: list[tuple[int, ...]] = []
    closed = 0
    for t in tab:
        if len(t) == 5:
            suit, lo, free, above, below = t
            if below > 0 and (p >= lo or p - below > jokers):
                return None
            if below == 0 and p >= lo:
                below = -1
            if above and p - above > jokers:
                above = 0
            if not above and below < 0:
                closed += free
            else:
                out.append((suit, lo, free, above, below))
        else:
            place, suits, free = t
            if not suits or place < p:
                closed += free
            else:
                out.append(t)
    if len(out) == len(tab) and all(a == b for a, b in zip(out, tab, strict=True)):
        return tab, 0
    return tuple(sorted(out)), closed


def _lay_offs(tab: Table, s: int, p: int, top: int, jokers: int) -> list[tuple[Table, int]]:
    """Each way the lowest card (suit ``s``, place ``p``) is laid off on the table: the
    table after it and the jokers it takes with it (note 6)."""
    out: list[tuple[Table, int]] = []
    for i, t in enumerate(tab):
        if i and tab[i - 1] == t:
            continue
        after: list[tuple[tuple[int, ...], int]] = []
        if len(t) == 3:  # a group: (place, suits, free); a run has five fields
            place, suits, free = t
            if place == p and p < 14 and suits >> s & 1 and free:
                after.append(((place, suits & ~(1 << s), free - 1), 0))
        elif t[0] == s:
            suit, lo, free, above, below = t
            if above and p >= above and p - above <= jokers and p - above + 1 <= free:
                nxt = p + 1 if p < top else 0
                after.append(((suit, lo, free - (p - above + 1), nxt, below), p - above))
            if p < lo:
                start = below == 0 and lo - p <= free  # a lay-off below: its places taken
                goes_on = below > 0 and p >= below and p - below <= jokers
                if start or goes_on:
                    gap = p - below if goes_on else 0
                    rest = free - (lo - p) if start else free
                    if p + 1 == lo:
                        after.append(((suit, lo, rest, above, -1), gap))
                    else:
                        after.append(((suit, lo, rest, above, p + 1), gap))  # more to come
                        if gap + lo - p - 1 <= jokers:  # or jokers up to the run
                            after.append(((suit, lo, rest, above, -1), gap + lo - p - 1))
        for changed, gap in after:
            out.append((tuple(sorted((*tab[:i], changed, *tab[i + 1 :]))), gap))
    return out


def covers(
    counts: Sequence[int], left: int, forbidden: int, ace: Ace, *, exact: bool = False
) -> bool:
    """Whether the cards of ``counts`` (53 codes, jokers last) all go into new melds,
    at most ``left`` of them left over (exactly ``left`` with ``exact``), never the card
    ``forbidden``; aces low, or low or high, and at most :data:`MAX_JOKERS` jokers.

    >>> from rummykit.cards import parse_cards
    >>> def hand(text: str) -> list[int]:
    ...     counts = [0] * 53
    ...     for card in parse_cards(text):
    ...         counts[int(card)] += 1
    ...     return counts
    >>> covers(hand("QS KS AS 5C 5D 5H 9H"), 1, -1, Ace.LOW_OR_HIGH)
    True
    >>> covers(hand("QS KS AS 5C 5D 5H 9H"), 1, -1, Ace.LOW)
    False
    >>> covers(hand("4C 6C JK 8D 8H 8S"), 0, -1, Ace.LOW)
    True
    """
    return Cover(forbidden, ace, exact).covers(counts, left)
