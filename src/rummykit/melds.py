"""Melds on the table: groups and runs, jokers and their declarations, lay-offs, swaps.

Runs use *positions*: the rank at position ``p`` is ``(p - 1) % 13 + 1``, so position 1 is
a low ace, 13 a king and 14 a high ace; with ``ace="around"`` positions go on past 14
(``K A 2`` is 13, 14, 15). A run is its suit, its lowest position ``lo`` and its cards
from low to high. This module works on card codes (see :mod:`rummykit.cards`).

>>> from rummykit.cards import parse_cards
>>> from rummykit.rules import Ace
>>> m = resolve_meld(parse_cards("8H 6H 7H"), [], Ace.LOW_OR_HIGH)
>>> m.is_run, m.lo, format_meld(m)
(True, 6, '6H 7H 8H')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from rummykit.actions import EndOfRun, JokerAs
from rummykit.cards import CARDS, JOKER_CODE, RANK_OF, SUIT_OF, Rank, code_of
from rummykit.errors import IllegalAction
from rummykit.rules import Ace

__all__ = [
    "TableMeld",
    "format_meld",
    "lay_off",
    "max_position",
    "rank_at",
    "resolve_meld",
    "swap_joker",
]

_RANK_TEXT = "A23456789TJQK"
_SUIT_TEXT = "CDHS"


def rank_at(position: int) -> int:
    """The rank number (1..13) of a run position."""
    return (position - 1) % 13 + 1


def max_position(ace: Ace) -> int:
    """The highest position a run may reach (13: aces low; 14: ace high; 25: around)."""
    return 13 if ace is Ace.LOW else 14 if ace is Ace.LOW_OR_HIGH else 25


class TableMeld:
    """One meld on the table. Immutable: a lay-off or swap makes a new one.

    ``cards`` holds the physical cards (joker code for jokers), from low to high for a
    run; ``owners`` the index of the player who put each card down.
    """

    __slots__ = ("cards", "is_run", "lo", "owners", "rank", "suit")

    def __init__(
        self,
        is_run: bool,
        suit: int,
        rank: int,
        lo: int,
        cards: tuple[int, ...],
        owners: tuple[int, ...],
    ) -> None:
        self.is_run = is_run
        self.suit = suit  # run: suit index; group: -1
        self.rank = rank  # group: rank number; run: 0
        self.lo = lo  # run: lowest position; group: 0
        self.cards = cards
        self.owners = owners

    @property
    def hi(self) -> int:
        """The highest position of a run."""
        return self.lo + len(self.cards) - 1

    def stands_for(self, index: int) -> int:
        """For a run, the code of the natural card at slot ``index``; for a group, -1."""
        if not self.is_run:
            return -1
        return code_of(self.suit, rank_at(self.lo + index))

    def group_suits(self) -> int:
        """Bit mask of the suits of the natural cards of a group."""
        mask = 0
        for c in self.cards:
            if c != JOKER_CODE:
                mask |= 1 << SUIT_OF[c]
        return mask

    def owned_by(self, owner: int) -> TableMeld:
        """The same meld with every card put down by ``owner``."""
        return TableMeld(
            self.is_run, self.suit, self.rank, self.lo, self.cards, (owner,) * len(self.cards)
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TableMeld)
            and self.cards == other.cards
            and self.owners == other.owners
            and self.lo == other.lo
            and self.suit == other.suit
            and self.rank == other.rank
        )

    def __hash__(self) -> int:
        return hash((self.cards, self.owners, self.lo, self.rank))

    def __repr__(self) -> str:
        return f"TableMeld({format_meld(self)!r})"


def card_text(meld: TableMeld, index: int) -> str:
    """A slot's text: the natural card, or the joker with its declaration."""
    c = meld.cards[index]
    if c != JOKER_CODE:
        return str(CARDS[c])
    if meld.is_run:
        return f"JK={CARDS[meld.stands_for(index)]}"
    return f"JK={_RANK_TEXT[meld.rank - 1]}"


def format_meld(meld: TableMeld) -> str:
    """The meld's cards as notation, jokers declared (``6H 7H JK=8H``)."""
    return " ".join(card_text(meld, i) for i in range(len(meld.cards)))


# ------------------------------------------------------------ joker messages
#: The most readings a ``joker.declare`` message lists.
_MAX_READINGS = 6


def _joker_readings(reading: TableMeld, slots: Sequence[int]) -> tuple[str, ...]:
    """What the jokers at ``slots`` of ``reading`` stand for: ``8H`` in a run, ``9`` in a
    group."""
    if not reading.is_run:
        return tuple(_RANK_TEXT[reading.rank - 1] for i in slots if reading.cards[i] == JOKER_CODE)
    return tuple(str(CARDS[reading.stands_for(i)]) for i in slots if reading.cards[i] == JOKER_CODE)


def _stands_for(reading: tuple[str, ...]) -> str:
    """``8H``, ``7H and 8H``; ``any 9`` or ``9s in a group`` for a rank (one character)."""
    if all(len(d) == 1 for d in reading):
        return f"any {reading[0]}" if len(reading) == 1 else f"{reading[0]}s in a group"
    return " and ".join(reading)


def _or(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def joker_choices(readings: Sequence[tuple[str, ...]]) -> str:
    """The ``joker.declare`` message for jokers that can be read several ways: what they
    could stand for and how to write each reading.

    >>> joker_choices([("5H",), ("8H",)])
    'JK could stand for 5H or 8H: write JK=5H or JK=8H'
    >>> print(joker_choices([("6", "6"), ("4H", "5H"), ("7H", "8H")]))
    the 2 jokers could stand for 6s in a group, 4H and 5H or 7H and 8H:
    write JK=6 JK=6, JK=4H JK=5H or JK=7H JK=8H
    """
    unique = [r for r in dict.fromkeys(readings) if r][:_MAX_READINGS]
    if not unique:
        return "the jokers can be read several ways; declare them (JK=8H in a run, JK=8 in a group)"
    stands = [_stands_for(r) for r in unique]
    writes = [" ".join(f"JK={d}" for d in r) for r in unique]
    count = len(unique[0])
    subject = "JK" if count == 1 else f"the {count} jokers"
    return f"{subject} could stand for {_or(stands)}: write {_or(writes)}"


# --------------------------------------------------------------------- new melds
def _joker_decl_run(j: JokerAs) -> int | None:
    """Declared card code of a joker for a run, None for a bare joker, -1 for a rank decl."""
    if j.card is not None:
        return int(j.card)
    if j.rank is not None:
        return -1
    return None


def _group_joker_ok(j: JokerAs, rank: int, natural_suits: int) -> bool:
    if j.rank is not None:
        return j.rank.number == rank
    if j.card is not None:
        return RANK_OF[j.card] == rank and not natural_suits >> SUIT_OF[j.card] & 1
    return True


def _run_placements(
    naturals: Sequence[int], declared: Sequence[int | None], ace: Ace
) -> list[tuple[int, tuple[int, ...]]]:
    """Every (lo, cards) reading of naturals and jokers (declared codes or None) as a run."""
    n = len(naturals) + len(declared)
    if n > 13 or any(d == -1 for d in declared):
        return []
    suit = SUIT_OF[naturals[0]]
    if any(SUIT_OF[c] != suit for c in naturals):
        return []
    if any(d is not None and SUIT_OF[d] != suit for d in declared):
        return []
    top = max_position(ace)
    last_lo = 13 if ace is Ace.AROUND else top - n + 1
    found: list[tuple[int, tuple[int, ...]]] = []
    for lo in range(1, last_lo + 1):
        slots = [-1] * n
        ok = True
        for c in naturals:
            i = (RANK_OF[c] - rank_at(lo)) % 13
            if i >= n or slots[i] != -1:
                ok = False
                break
            slots[i] = c
        if not ok:
            continue
        bare = 0
        for d in declared:
            if d is None:
                bare += 1
                continue
            i = (RANK_OF[d] - rank_at(lo)) % 13
            if i >= n or slots[i] != -1:
                ok = False
                break
            slots[i] = JOKER_CODE
        if not ok:
            continue
        # bare jokers fill the remaining slots; their count always matches
        found.append((lo, tuple(JOKER_CODE if s == -1 else s for s in slots)))
    return found


def resolve_meld(
    naturals: Sequence[int], jokers: Sequence[JokerAs], ace: Ace, first: int = -1
) -> TableMeld:
    """Reads natural card codes and jokers as one meld (owners left empty).

    ``first`` is the card the meld was written with first (natural or declared), which
    decides between readings that differ only in where the ace stands (a thirteen-card
    run is ``A..K`` written from the ace, ``2..A`` otherwise).

    Raises :class:`IllegalAction` with ``meld.min-natural``, ``meld.group``, ``meld.run``
    or ``joker.declare``.
    """
    n = len(naturals) + len(jokers)
    if not naturals:
        raise IllegalAction(
            "meld.min-natural", "a meld needs at least one card that is not a joker"
        )
    ranks = {RANK_OF[c] for c in naturals}
    group_like = len(ranks) == 1
    if n < 3:
        rule = "meld.group" if group_like and len(naturals) > 1 else "meld.run"
        raise IllegalAction(rule, "a meld needs at least three cards")
    readings: list[TableMeld] = []
    group_error = ""
    if group_like:
        rank = next(iter(ranks))
        suits = 0
        for c in naturals:
            if suits >> SUIT_OF[c] & 1:
                group_error = "a group holds each suit once"
            suits |= 1 << SUIT_OF[c]
        if n > 4:
            group_error = "a group holds at most four cards"
        if not group_error:
            if all(_group_joker_ok(j, rank, suits) for j in jokers):
                cards = tuple(sorted(naturals)) + (JOKER_CODE,) * len(jokers)
                readings.append(TableMeld(False, -1, rank, 0, cards, ()))
            else:
                group_error = "a joker is declared as a card this group cannot take"
    declared = [_joker_decl_run(j) for j in jokers]
    for lo, cards in _run_placements(naturals, declared, ace):
        readings.append(TableMeld(True, SUIT_OF[naturals[0]], 0, lo, cards, ()))
    if len(readings) == 1:
        return readings[0]
    if readings and not any(j.card is None and j.rank is None for j in jokers):
        # every card is fixed: the readings differ only in where a 13-card run starts
        return next((m for m in readings if m.stands_for(0) == first), readings[-1])
    if readings:
        raise IllegalAction(
            "joker.declare",
            joker_choices([_joker_readings(m, range(len(m.cards))) for m in readings]),
        )
    if any(j.card is not None or j.rank is not None for j in jokers):
        bare = [JokerAs()] * len(jokers)
        try:
            resolve_meld(naturals, bare, ace)
        except IllegalAction as e:
            if e.rule == "joker.declare":
                raise IllegalAction(
                    "joker.declare", "a joker is declared as a card it cannot be here"
                ) from None
        else:
            raise IllegalAction("joker.declare", "a joker is declared as a card it cannot be here")
    if group_like and (len(naturals) > 1 or n > 4):
        raise IllegalAction("meld.group", group_error or "not a group")
    return _raise_run_error(naturals, len(jokers), ace)


def _raise_run_error(naturals: Sequence[int], jokers: int, ace: Ace) -> TableMeld:
    """Refuses cards of one suit that make no run, saying why when another ``ace`` rule
    would have taken them: the ace only low (``Q K A``), or a run round the corner
    (``K A 2``)."""
    if len({SUIT_OF[c] for c in naturals}) > 1:
        raise IllegalAction("meld.run", "not a group (ranks differ) nor a run (suits differ)")
    bare: list[int | None] = [None] * jokers
    note = ""
    if ace is Ace.LOW and _run_placements(naturals, bare, Ace.LOW_OR_HIGH):
        note = " (aces are low in these rules: A 2 3, never Q K A)"
    elif ace is not Ace.AROUND and _run_placements(naturals, bare, Ace.AROUND):
        note = " (a run never turns the corner, K A 2, in these rules)"
    raise IllegalAction("meld.run", f"the cards are not in consecutive order{note}")


# --------------------------------------------------------------------- lay-offs
def _fits(token: int | None, bare: bool, position: int, suit: int) -> bool:
    """Whether a natural code or a declared joker (code) or bare joker fits a run position."""
    if bare:
        return True
    assert token is not None
    return SUIT_OF[token] == suit and RANK_OF[token] == rank_at(position)


def lay_off(
    meld: TableMeld,
    naturals: Sequence[int],
    jokers: Sequence[JokerAs],
    end: EndOfRun | None,
    owner: int,
    ace: Ace,
) -> TableMeld:
    """The meld with these cards laid off by ``owner`` ([layoff.extend]).

    Raises :class:`IllegalAction` (``layoff.extend`` or ``joker.declare``).
    """
    if meld.is_run:
        return _lay_off_run(meld, naturals, jokers, end, owner, ace)
    return _lay_off_group(meld, naturals, jokers, owner)


def _lay_off_group(
    meld: TableMeld, naturals: Sequence[int], jokers: Sequence[JokerAs], owner: int
) -> TableMeld:
    suits = meld.group_suits()
    rank_text = _RANK_TEXT[meld.rank - 1]
    for c in naturals:
        if RANK_OF[c] != meld.rank:
            raise IllegalAction("layoff.extend", f"{CARDS[c]} does not fit a group of {rank_text}s")
        if suits >> SUIT_OF[c] & 1:
            raise IllegalAction(
                "layoff.extend", f"the group already holds a {rank_text} of that suit"
            )
        suits |= 1 << SUIT_OF[c]
    for j in jokers:
        if not _group_joker_ok(j, meld.rank, suits):
            if j.card is not None and RANK_OF[j.card] == meld.rank:  # a suit already there
                there = (
                    "the group already holds"
                    if meld.group_suits() >> SUIT_OF[j.card] & 1
                    else "the lay-off holds"
                )
                raise IllegalAction(
                    "joker.declare",
                    f"{there} {CARDS[j.card]}: a joker in the group stands for a {rank_text} "
                    "of a suit it lacks",
                )
            raise IllegalAction("joker.declare", f"a joker in this group stands for a {rank_text}")
    size = len(meld.cards) + len(naturals) + len(jokers)
    if size > 4:
        raise IllegalAction("layoff.extend", "a group holds at most four cards")
    cards = meld.cards + tuple(sorted(naturals)) + (JOKER_CODE,) * len(jokers)
    owners = meld.owners + (owner,) * (len(naturals) + len(jokers))
    return TableMeld(False, -1, meld.rank, 0, cards, owners)


def _lay_off_run(
    meld: TableMeld,
    naturals: Sequence[int],
    jokers: Sequence[JokerAs],
    end: EndOfRun | None,
    owner: int,
    ace: Ace,
) -> TableMeld:
    # tokens: (code or declared code, is_bare_joker, is_joker)
    tokens: list[tuple[int | None, bool, bool]] = [(c, False, False) for c in naturals]
    for j in jokers:
        d = _joker_decl_run(j)
        if d == -1:
            raise IllegalAction("joker.declare", "a joker in a run stands for a card (JK=8H)")
        tokens.append((d, d is None, True))
    top = max_position(ace)
    results: dict[tuple[int, tuple[int, ...]], set[str]] = {}

    def search(lo: int, cards: tuple[int, ...], left: tuple[int, ...], sides: str) -> None:
        if not left:
            results.setdefault((lo, cards), set()).add(sides)
            return
        n = len(cards)
        if n >= 13:
            return
        seen: set[tuple[int | None, bool]] = set()
        for k in left:
            token, bare, is_joker = tokens[k]
            if (token, bare) in seen:
                continue
            seen.add((token, bare))
            rest = tuple(i for i in left if i != k)
            physical = JOKER_CODE if is_joker else token
            assert physical is not None
            low = lo - 1
            if (low >= 1 or ace is Ace.AROUND) and _fits(token, bare, low, meld.suit):
                new_lo = low + 13 if low < 1 else low
                search(new_lo, (physical, *cards), rest, sides + "L")
            high = lo + n
            if (
                high <= top
                and (ace is not Ace.AROUND or n < 13)
                and _fits(token, bare, high, meld.suit)
            ):
                search(lo, (*cards, physical), rest, sides + "H")

    search(meld.lo, meld.cards, tuple(range(len(tokens))), "")
    if end is not None:
        want = "L" if end is EndOfRun.LOW else "H"
        results = {k: v for k, v in results.items() if any(set(s) == {want} for s in v)}
    if not results:
        raise IllegalAction("layoff.extend", "the cards do not extend the run at either end")
    if len(results) > 1 and all(len(c) == 13 and rank_at(lo) != 1 for lo, c in results):
        # the same thirteen cards round the corner (ace=around) either way, the ace inside
        # (it scores high, decision 1): no end to name; the cards go on at the high end
        results = {k: v for k, v in results.items() if k[0] == meld.lo} or results
    if len(results) > 1:
        if any(bare for _, bare, _ in tokens):
            readings = []
            for new_lo, new_cards in results:
                low = (meld.lo - new_lo) % 13  # cards added at the low end
                high = len(new_cards) - len(meld.cards) - low
                new_slots = [*range(low), *range(len(new_cards) - high, len(new_cards))]
                reading = TableMeld(True, meld.suit, 0, new_lo, new_cards, ())
                readings.append(_joker_readings(reading, new_slots))
            if len(set(readings)) > 1:
                raise IllegalAction("joker.declare", joker_choices(readings))
            # the joker reads as the same card either way (an ace at both ends of a
            # twelve-card run): declaring it would not help, the end decides (decision 5)
            stands = " and ".join(readings[0])
            raise IllegalAction(
                "layoff.extend",
                f"JK stands for {stands} at either end: name the end (low or high)",
            )
        raise IllegalAction("layoff.extend", "the card fits both ends: name the end (low or high)")
    (lo, cards), _ = next(iter(results.items()))
    added = len(cards) - len(meld.cards)
    shift = (meld.lo - lo) % 13  # cards added at the low end
    # new cards at the low end come first
    owners = (owner,) * shift + meld.owners + (owner,) * (added - shift)
    return TableMeld(True, meld.suit, 0, lo, cards, owners)


# --------------------------------------------------------------------- swaps
def swap_joker(meld: TableMeld, card: int, owner: int) -> TableMeld | None:
    """The meld with natural ``card`` put in place of the joker standing for it, or None."""
    if meld.is_run:
        for i, c in enumerate(meld.cards):
            if c == JOKER_CODE and meld.stands_for(i) == card:
                return _replace(meld, i, card, owner)
        return None
    if RANK_OF[card] != meld.rank or meld.group_suits() >> SUIT_OF[card] & 1:
        return None
    for i, c in enumerate(meld.cards):
        if c == JOKER_CODE:
            return _replace(meld, i, card, owner)
    return None


def _replace(meld: TableMeld, i: int, card: int, owner: int) -> TableMeld:
    cards = (*meld.cards[:i], card, *meld.cards[i + 1 :])
    owners = (*meld.owners[:i], owner, *meld.owners[i + 1 :])
    if not meld.is_run:  # keep naturals first, jokers last
        pairs = sorted(zip(cards, owners, strict=True), key=lambda p: (p[0] == JOKER_CODE, p[0]))
        cards = tuple(p[0] for p in pairs)
        owners = tuple(p[1] for p in pairs)
    return TableMeld(meld.is_run, meld.suit, meld.rank, meld.lo, cards, owners)


# --------------------------------------------------------------------- enumeration
_RANK_INDEX: tuple[int, ...] = tuple((p - 1) % 13 for p in range(27))  # position -> 0..12


def group_options(
    counts: Sequence[int], jokers: int, cards: Iterable[int] | None = None
) -> list[tuple[int, ...]]:
    """Every group in hand as a key: natural codes, then ``200 + rank`` per joker.

    ``cards``, the distinct cards in hand if the caller has them, saves looking at ranks
    the hand lacks.
    """
    out: list[tuple[int, ...]] = []
    ranks = range(13) if cards is None else sorted({c % 13 for c in cards if c != JOKER_CODE})
    for r0 in ranks:
        present = [c for c in (r0, r0 + 13, r0 + 26, r0 + 39) if counts[c]]
        k = len(present)
        if k == 0 or k + jokers < 3:
            continue
        if jokers == 0:
            out.append(tuple(present))
            if k == 4:
                out.extend(combinations(present, 3))
            continue
        for size in range(1, k + 1):
            for naturals in combinations(present, size):
                for j in range(max(0, 3 - size), min(jokers, 4 - size) + 1):
                    out.append(naturals + (201 + r0,) * j)
    return out


#: run_options of one suit, by (suit, the suit's counts, jokers, the ace rule's value); a
#: hand changes a card or two at a time, so most suits come back as they were. Keys and
#: entries hold only numbers, bytes and strings, so the garbage collector stops tracking
#: them (an ``Ace`` member in a key, or a list, it would walk at every full collection)
_SUIT_RUNS: dict[tuple[int, bytes, int, str], tuple[tuple[int, ...], ...]] = {}
_SUIT_RUNS_LIMIT = 20_000  # a few MiB at most


def run_options(counts: Sequence[int], jokers: int, ace: Ace) -> list[tuple[int, ...]]:
    """Every run in hand as a key: natural codes, or ``100 + code`` for a declared joker."""
    out: list[tuple[int, ...]] = []
    rule = ace.value
    for suit in range(4):
        base = suit * 13
        row = counts[base : base + 13]
        held_count = 13 - row.count(0)
        if held_count == 0 or held_count + jokers < 3:
            continue
        try:
            key = (suit, bytes(row), jokers, rule)
        except ValueError:  # not counts of 0..255: no key, no cache
            out += _suit_runs(suit, row, jokers, ace)
            continue
        runs = _SUIT_RUNS.get(key)
        if runs is None:
            if len(_SUIT_RUNS) >= _SUIT_RUNS_LIMIT:
                _SUIT_RUNS.clear()
            runs = _SUIT_RUNS[key] = tuple(_suit_runs(suit, row, jokers, ace))
        out += runs
    return out


def _suit_runs(suit: int, row: Sequence[int], jokers: int, ace: Ace) -> list[tuple[int, ...]]:
    """The runs of :func:`run_options` in one suit (``row``: the counts of its ranks)."""
    out: list[tuple[int, ...]] = []
    top = max_position(ace)
    last_lo = 13 if ace is Ace.AROUND else top - 2
    index = _RANK_INDEX
    base = suit * 13
    have = [False] + [row[index[p]] > 0 for p in range(1, top + 1)]
    for lo in range(1, last_lo + 1):
        if not have[lo] and jokers == 0:
            continue
        missing = 0
        key: list[int] = []
        held: list[int] = []
        for length in range(1, min(13, top - lo + 1) + 1):
            p = lo + length - 1
            code = base + index[p]
            if have[p]:
                key.append(code)
                held.append(length - 1)
            else:
                missing += 1
                if missing > jokers:
                    break
                key.append(100 + code)
            if length < 3 or not held:
                continue
            out.append(tuple(key))
            spare = jokers - missing
            # jokers may also stand for cards the player holds
            for extra in range(1, min(spare, len(held) - 1) + 1):
                for idxs in combinations(held, extra):
                    variant = key[:]
                    for i in idxs:
                        variant[i] += 100
                    out.append(tuple(variant))
    return out


def meld_from_key(key: tuple[int, ...], ace: Ace) -> tuple[list[int], list[JokerAs], TableMeld]:
    """The naturals, jokers and resolved meld of an enumeration key."""
    naturals = [k for k in key if k < 100]
    jokers = [
        JokerAs(card=CARDS[k - 100]) if k < 200 else JokerAs(rank=Rank.from_number(k - 200))
        for k in key
        if k >= 100
    ]
    if key[0] >= 200 or (len(key) > 1 and any(k >= 200 for k in key)):
        rank = next(RANK_OF[k] if k < 100 else k - 200 for k in key)
        cards = tuple(naturals) + (JOKER_CODE,) * len(jokers)
        return naturals, jokers, TableMeld(False, -1, rank, 0, cards, ())
    if all(k < 100 for k in key) and len({RANK_OF[k] for k in key}) == 1:
        return naturals, jokers, TableMeld(False, -1, RANK_OF[key[0]], 0, key, ())
    first = key[0] - 100 if key[0] >= 100 else key[0]
    lo = RANK_OF[first]  # an ace that starts a run is low
    cards = tuple(JOKER_CODE if k >= 100 else k for k in key)
    return naturals, jokers, TableMeld(True, SUIT_OF[first], 0, lo, cards, ())
