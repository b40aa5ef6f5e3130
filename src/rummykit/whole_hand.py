"""Can a whole hand go down at once? The check of the all-at-once rule
([wrotham.all-at-once]): :func:`can_meld_all`.

Two exact searches answer it: the first (the notes below) chooses the lay-offs on the
table melds, then takes the lowest card and every whole meld that holds it; the search
with open runs (:mod:`rummykit.meld_cover`) keeps its states near the lowest card and
answers for the big hands (note 8).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations

from rummykit.cards import JOKER_CODE, code_of
from rummykit.meld_cover import MAX_JOKERS, Cover, CoverKey
from rummykit.melds import TableMeld, max_position, rank_at
from rummykit.rules import Ace

__all__ = ["can_meld_all", "run_cap"]


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


# ------------------------------------------------------------------ the whole hand at once
#
# can_meld_all decides whether a whole hand can go on the table at once (the all-at-once
# rule). It is an exact search; the notes below say why each shortcut keeps it exact.
#
# 1. Lay-offs first. Each table meld in turn takes one of its possible extensions
#    (_extensions, the empty one included); what is left must then be melded anew. Two
#    choices that leave the same cards lead to the same question, so the table stage is
#    memoised on (meld index, remaining counts).
#
# 2. New melds: the lowest card first. Every remaining card must end in a new meld or
#    among the (at most ``leftover``) cards left over, so the search takes the lowest
#    remaining card and branches only on what becomes of it: left over (unless it is the
#    card that may not be discarded), or one of the melds that hold it. Jokers never start
#    a meld (a meld needs a natural card): once only jokers remain they must all be left
#    over. Cards are taken in rank-major order (every ace, every two, ...), so that runs
#    and groups both reach only a few ranks above the lowest card and the states the
#    search meets differ only near its frontier.
#
# 3. Memoisation. Whether the remaining cards can be melded depends only on the remaining
#    counts, the leftover allowance, the card that may not be discarded and the ace rule,
#    so answers are kept under (counts as bytes, leftover) in a table per (ace, forbidden
#    card). The table outlives the call (legal_actions asks about many hands that share
#    most of their cards) and is emptied, with the open runs' memos (note 8), when
#    together they grow past _MEMO_LIMIT entries (some 60 MB at most).
#
# 4. Short runs suffice. A run of more than c = max(5, jokers + 3) cards, with at most
#    ``jokers`` jokers and a natural card, splits into runs of 3..c cards that each hold
#    a natural card: cut off the shortest head of at least three cards that reaches the
#    first natural card (at most max(3, k + 1) <= c - 2 cards, k <= jokers being the
#    jokers before it); the tail has at least three cards and, were it all jokers, the
#    run would have at most max(3, k + 1) + jokers - k <= jokers + 3 <= c cards; repeat
#    on the tail while it is longer than c. So runs of at most c cards decide the same
#    question as runs of any length (the old search tried up to 13, or up to 5 below
#    three jokers: the same c there). tests/test_reach_all_at_once.py checks the lemma.
#
# 5. Melds that use the same cards are the same branch: runs are enumerated per window
#    of positions, a natural in place or a joker for it, and duplicates (the same
#    naturals and number of jokers from another window) are dropped.
#
# 6. A card that has no meld even with every joker still in hand (checked for zero or one
#    joker: with two, any card makes a run) can only be left over; more of them than the
#    allowance, or the card that may not be discarded among them, is a refusal. The
#    counts only shrink during the search, so this holds for every state below.
#
# 7. The options that narrow a plan (docs/rules-decisions.md 41). ``exact``: exactly
#    ``leftover`` cards stay ([out.discard-required] keeps one for the discard); the
#    lowest-card-first search still tries every choice of the cards left over, so only
#    its last step (the jokers left) changes, and the memo is kept apart. ``keep``: a copy
#    of that card must go into a new meld ([take.new-meld]): it is also the card that may
#    not be left over, so the table stage only has to leave a copy of it in hand.
#    ``meld_first``: a lay-off on the table needs a new meld of the player's own in the
#    same plan ([layoff.own-meld-first]; the meld is put down first): when the table stage
#    laid anything off, more cards than ``leftover`` must remain, so that the new melds
#    that take them are at least one (exact for ``leftover`` <= 2, the only use).
#
# 8. Open runs (meld_cover.py). For hands of 40 cards or more, with aces low, or low or
#    high, and at most eight jokers (two packs hold six), the whole question, lay-offs
#    included, goes to the search with open runs, whose states stay near the lowest card;
#    where a plan is narrowed (``keep``, ``meld_first``) the table stage above chooses
#    the lay-offs and that search makes the new melds. Its states cost more each, so
#    below 35 to 40 cards the search of note 2 is as fast or faster (random play under the
#    rule in 500 Rum, 2 and 5 players; BENCHMARKS.md, "The all-at-once check with open
#    runs"); aces around keep it too (a run through the ace would take cards at both ends
#    of the order).

_MEMO_LIMIT = 200_000
#: The fewest cards a hand holds for the search with open runs (note 8).
_COVER_FROM = 40
_memos: dict[tuple[str, int, bool], dict[tuple[bytes, int], bool]] = {}
_cover_memos: dict[tuple[str, int, bool], dict[CoverKey, bool]] = {}
# codes in rank-major order: AC AD AH AS 2C ...
_RANK_MAJOR: tuple[int, ...] = tuple(s * 13 + r for r in range(13) for s in range(4))


def run_cap(jokers: int) -> int:
    """The longest run the search needs to try with ``jokers`` jokers (note 4 above)."""
    return min(13, max(5, jokers + 3))


@cache
def _windows(card: int, ace_rule: str, cap: int) -> tuple[int, ...]:
    """Every run window of 3..cap positions holding the natural ``card``: a bit mask of
    the ranks of its other places (bit ``i``: rank ``i + 1`` of the card's suit), under
    the ace rule of value ``ace_rule`` (keyed as :func:`_melds_with`)."""
    ace = Ace(ace_rule)
    r0 = card % 13
    top = max_position(ace)
    around = ace is Ace.AROUND
    out: list[int] = []
    for p in (1, 14) if r0 == 0 and ace is not Ace.LOW else (r0 + 1,):
        for lo in range(p - cap + 1, p + 1):
            if not around and lo < 1:
                continue
            for hi in range(max(p, lo + 2), lo + cap):
                if not around and hi > top:
                    break
                mask = 0
                for q in range(lo, hi + 1):
                    if q != p:
                        mask |= 1 << (q - 1) % 13
                out.append(mask)
    return tuple(out)


@cache
def _bits(mask: int) -> tuple[int, ...]:
    """The set bits of a 13-bit mask, lowest first."""
    return tuple(i for i in range(13) if mask >> i & 1)


def _melds_of(first: int, counts: Sequence[int], ace_rule: str) -> tuple[tuple[int, ...], ...]:
    """Every new meld that holds the natural ``first`` (codes, jokers as the joker code),
    each set of cards once; runs of at most :func:`run_cap` cards. They depend only on
    which cards of ``first``'s rank and suit are held, on the jokers and on the ace rule
    (of value ``ace_rule``), so they are kept under that (:func:`_melds_with`)."""
    r0 = first % 13
    base = first - r0
    same = 0
    for s in range(4):
        if counts[r0 + 13 * s]:
            same |= 1 << s
    held = 0
    for i in range(13):
        if counts[base + i]:
            held |= 1 << i
    return _melds_with(first, same, held, counts[JOKER_CODE], ace_rule)


@lru_cache(maxsize=1 << 16)
def _melds_with(
    first: int, same: int, held: int, jokers: int, ace_rule: str
) -> tuple[tuple[int, ...], ...]:
    """:func:`_melds_of` for ``first`` with the cards of its rank held as ``same`` (bit
    ``s``: suit ``s``), those of its suit as ``held`` (bit ``i``: rank ``i + 1``) and
    ``jokers`` jokers, under the ace rule of value ``ace_rule``. The caches of this
    module, like the engine's others, are keyed by the rule's value, not its ``Ace``
    member: a key of numbers and strings is one Python's garbage collector stops
    tracking, one that holds an enum member it walks at every full collection
    (BENCHMARKS.md, "Caches the collector walks")."""
    out: list[tuple[int, ...]] = []
    r0 = first % 13
    others = [r0 + 13 * s for s in range(4) if same >> s & 1 and r0 + 13 * s != first]
    for size in range(len(others) + 1):
        for chosen in combinations(others, size):
            for j in range(max(0, 2 - size), min(jokers, 3 - size) + 1):
                out.append((first, *chosen) + (JOKER_CODE,) * j)
    base = first - r0
    seen: set[int] = set()
    for window in _windows(first, ace_rule, run_cap(jokers)):
        have = window & held
        missing = (window ^ have).bit_count()
        if missing > jokers:
            continue
        spare = jokers - missing  # jokers that may stand in for held naturals too
        places = _bits(have) if spare else ()
        for k in range(min(spare, len(places)) + 1):
            for swapped in combinations(places, k):
                naturals = have
                for i in swapped:
                    naturals ^= 1 << i
                key = naturals | (missing + k) << 13
                if key in seen:
                    continue
                seen.add(key)
                codes = tuple(base + i for i in _bits(naturals))
                out.append((first, *codes) + (JOKER_CODE,) * (missing + k))
    return tuple(out)


def _fits_left(
    counts: Sequence[int],
    ace: Ace,
    forbidden: int,
    left: int,
    layable: frozenset[int] = frozenset(),
) -> bool:
    """The stranded-card check (note 6) with at most one joker: whether the cards that
    make no three-card meld with the held cards (nor are in ``layable``, cards some
    lay-off could take) are at most ``left``, ``forbidden`` not among them."""
    jokers = counts[JOKER_CODE]
    suits = [0, 0, 0, 0]  # bit i of suits[s]: rank i + 1 of suit s is held
    for c in range(52):
        if counts[c]:
            suits[c // 13] |= 1 << c % 13
    stranded = 0
    rule = ace.value
    for s, held in enumerate(suits):
        for r0 in _bits(_runless(held, jokers, rule)):
            same = (suits[0] >> r0 & 1) + (suits[1] >> r0 & 1) + (suits[2] >> r0 & 1)
            if same + (suits[3] >> r0 & 1) - 1 + jokers >= 2:
                continue  # a group
            c = s * 13 + r0
            if c in layable:
                continue
            if c == forbidden:
                return False
            stranded += counts[c]
    return stranded <= left


@lru_cache(maxsize=1 << 15)
def _runless(held: int, jokers: int, ace_rule: str) -> int:
    """The ranks of ``held`` (a suit's held ranks, bit ``i``: rank ``i + 1``) that make
    no three-card run with the suit's other held cards and at most ``jokers`` jokers (0
    or 1), under the ace rule of value ``ace_rule``, for the stranded-card check (note
    6), cached as a suit's cards recur (keyed as :func:`_melds_with`)."""
    ace = Ace(ace_rule)
    out = 0
    top = max_position(ace)
    around = ace is Ace.AROUND
    for r0 in _bits(held):
        found = False
        for p in (1, 14) if r0 == 0 and ace is not Ace.LOW else (r0 + 1,):
            for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
                if not around and (a < 1 or b > top):
                    continue
                missing = (not held >> (a - 1) % 13 & 1) + (not held >> (b - 1) % 13 & 1)
                if missing <= jokers:
                    found = True
                    break
            if found:
                break
        if not found:
            out |= 1 << r0
    return out


class _AllAtOnce:
    """One search of :func:`can_meld_all` over ``counts`` (changed and restored)."""

    __slots__ = (
        "ace",
        "ace_rule",
        "counts",
        "cover",
        "cover_from",
        "cover_memos",
        "exact",
        "forbidden",
        "keep",
        "meld_first",
        "memo",
        "total",
        "visits",
    )

    def __init__(
        self,
        counts: list[int],
        forbidden: int,
        ace: Ace,
        memo: dict[tuple[bytes, int], bool],
        exact: bool = False,
        keep: int = -1,
        meld_first: bool = False,
        cover_memos: dict[tuple[str, int, bool], dict[CoverKey, bool]] | None = None,
        cover_from: int | None = None,
    ) -> None:
        self.counts = counts
        self.forbidden = forbidden
        self.ace = ace
        self.ace_rule = ace.value  # the caches' key (:func:`_melds_with`)
        self.memo = memo
        self.exact = exact
        self.keep = keep
        self.meld_first = meld_first
        self.total = sum(counts) if meld_first else 0
        self.visits = 0  # solve() calls, memo hits included
        #: the search with open runs, made at its first use (the new-melds stage, note 8)
        self.cover: Cover | None = None
        self.cover_memos = _cover_memos if cover_memos is None else cover_memos
        #: the fewest cards for the search with open runs (note 8)
        self.cover_from = _COVER_FROM if cover_from is None else cover_from

    def table(
        self,
        melds: Sequence[TableMeld],
        index: int,
        leftover: int,
        seen: dict[tuple[bytes, int], bool],
    ) -> bool:
        """Lay-offs on ``melds[index:]``, then new melds (note 1)."""
        counts = self.counts
        if index == len(melds):
            if self.keep >= 0 and not counts[self.keep]:
                return False  # every copy laid off: none starts a new meld (note 7)
            if self.meld_first:
                remaining = sum(counts)
                if remaining < self.total and remaining <= leftover:
                    return False  # lay-offs and no meld of one's own (note 7)
            return self.start(leftover)
        key = (bytes(counts), index)
        found = seen.get(key)
        if found is not None:
            return found
        result = False
        for extension in _extensions(melds[index], counts, self.ace):
            for c in extension:
                counts[c] -= 1
            result = self.table(melds, index + 1, leftover, seen)
            for c in extension:
                counts[c] += 1
            if result:
                break
        seen[key] = result
        return result

    def start(self, left: int) -> bool:
        """New melds for every remaining card, after the stranded-card check (note 6)."""
        counts = self.counts
        jokers = counts[JOKER_CODE]
        if jokers <= 1 and not _fits_left(counts, self.ace, self.forbidden, left):
            return False
        if not _open_runs_apply(counts, self.ace, self.cover_from):
            return self.solve(left)
        # the search with open runs (meld_cover.py), its answers kept in the same memo
        self.visits += 1
        key = (bytes(counts), left)
        found = self.memo.get(key)
        if found is None:
            if self.cover is None:
                self.cover = _cover(self.forbidden, self.ace, self.exact, self.cover_memos)
            before = self.cover.visits
            found = self.memo[key] = self.cover.covers(counts, left)
            self.visits += self.cover.visits - before
        return found

    def solve(self, left: int) -> bool:
        """Whether the remaining cards make new melds, at most ``left`` left over."""
        self.visits += 1
        counts = self.counts
        key = (bytes(counts), left)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        first = -1
        for c in _RANK_MAJOR:
            if counts[c]:
                first = c
                break
        if first == -1:  # only jokers, if anything: they cannot meld alone
            jokers = counts[JOKER_CODE]
            if self.exact:  # the jokers are exactly the cards still to leave over
                result = jokers == left and (jokers == 0 or self.forbidden != JOKER_CODE)
            else:
                result = jokers == 0 or (jokers <= left and self.forbidden != JOKER_CODE)
            memo[key] = result
            return result
        result = False
        if left > 0 and first != self.forbidden:
            counts[first] -= 1
            result = self.solve(left - 1)
            counts[first] += 1
        if not result:
            for meld in _melds_of(first, counts, self.ace_rule):
                for c in meld:
                    counts[c] -= 1
                result = self.solve(left)
                for c in meld:
                    counts[c] += 1
                if result:
                    break
        memo[key] = result
        return result


def can_meld_all(
    counts: list[int],
    leftover: int,
    forbidden: int,
    ace: Ace,
    melds: Sequence[TableMeld] = (),
    *,
    exact: bool = False,
    keep: int = -1,
    meld_first: bool = False,
) -> bool:
    """Whether every card can go on the table, leaving at most ``leftover`` cards (never
    the card ``forbidden``, which may not be discarded): laid off on ``melds`` or in new
    melds (a card laid off on a new meld could be part of it). ``counts`` is restored.

    The options narrow the plans that count (note 7): ``exact``, exactly ``leftover``
    cards left over; ``keep``, a card (it must also be ``forbidden``) of which a copy
    goes into a new meld, not laid off; ``meld_first``, no lay-off on ``melds`` without a
    new meld too.

    An exact search, memoised, lowest card first: see the notes above ``run_cap``.
    """
    if keep >= 0 and keep != forbidden:
        raise ValueError("the card kept for a new meld must also be the forbidden card")
    if sum(map(len, _memos.values())) + sum(map(len, _cover_memos.values())) > _MEMO_LIMIT:
        _memos.clear()
        _cover_memos.clear()
    if counts[JOKER_CODE] <= 1:
        # cards that no meld of the hand nor lay-off could ever take: the search only
        # takes cards away, so they stay stranded in every state below (note 6)
        layable = frozenset(c for m in melds for e in _extensions(m, counts, ace) for c in e)
        if not _fits_left(counts, ace, forbidden, leftover, layable):
            return False
    if keep < 0 and not meld_first and _open_runs_apply(counts, ace):
        # lay-offs and new melds in one search with open runs (meld_cover.py, note 8)
        return _cover(forbidden, ace, exact, _cover_memos).covers(counts, leftover, melds)
    key = (ace.value, forbidden, exact)
    memo = _memos.get(key)
    if memo is None:
        memo = _memos[key] = {}
    search = _AllAtOnce(counts, forbidden, ace, memo, exact, keep, meld_first)
    return search.table(melds, 0, leftover, {})


def _open_runs_apply(counts: Sequence[int], ace: Ace, cover_from: int | None = None) -> bool:
    """Whether the search with open runs answers for the hand ``counts`` (note 8): aces
    low, or low or high, at most :data:`~rummykit.meld_cover.MAX_JOKERS` jokers, and at
    least ``cover_from`` cards (default ``_COVER_FROM``)."""
    if cover_from is None:
        cover_from = _COVER_FROM
    return ace is not Ace.AROUND and counts[JOKER_CODE] <= MAX_JOKERS and sum(counts) >= cover_from


def _cover(
    forbidden: int, ace: Ace, exact: bool, memos: dict[tuple[str, int, bool], dict[CoverKey, bool]]
) -> Cover:
    """The search with open runs for these settings, with their memo in ``memos``."""
    key = (ace.value, forbidden, exact)
    memo = memos.get(key)
    if memo is None:
        memo = memos[key] = {}
    return Cover(forbidden, ace, exact, memo)


def _counted_search(
    counts: list[int],
    leftover: int,
    forbidden: int,
    ace: Ace,
    melds: Sequence[TableMeld] = (),
    *,
    open_runs: bool,
) -> tuple[bool, int]:
    """:func:`can_meld_all`'s answer from fresh memos, and the number of states the
    search visited (for tests that bound the work without timing it): with
    ``open_runs``, the search with open runs (whatever the hand's size; it must apply
    otherwise, note 8), else the first search alone."""
    if open_runs:
        if not _open_runs_apply(counts, ace, 0):
            raise ValueError("the search with open runs does not apply to this hand")
        cover = Cover(forbidden, ace, False)
        return cover.covers(counts, leftover, melds), cover.visits
    search = _AllAtOnce(counts, forbidden, ace, {}, cover_memos={}, cover_from=10**9)
    return search.table(melds, 0, leftover, {}), search.visits
