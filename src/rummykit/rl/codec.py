"""The integer action space: every action of a rules configuration as one integer.

An :class:`ActionCodec` is built for one rules configuration and one player count (the
number of packs, and so the largest pile and the most melds, depend on both). It maps
each canonical action, as :meth:`Game.legal_actions` lists it, to one integer of a fixed
range and back, and turns a list of legal actions into a mask::

    >>> from rummykit import Game, Rules, parse_action
    >>> codec = ActionCodec(Rules.preset("500-rum"), 2)
    >>> codec.size
    16003
    >>> codec.encode(parse_action("take 3"))
    5
    >>> str(codec.decode(codec.encode(parse_action("meld 6H 7H JK=8H"))))
    'meld 6H 7H JK=8H'
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=1)
    >>> mask = codec.mask(game.legal_actions())
    >>> [str(codec.decode(i)) for i in mask.nonzero()[0]]
    ['draw', 'take 1']

The space is a row of blocks, in this order (``P`` is the pack size, ``M = P // 3`` the
most melds a table can hold, ``J`` the jokers in play):

========== ================================ ==============================================
block      size                             index inside the block
========== ================================ ==============================================
draw       1                                ``draw``
end        1                                ``end``
pass       1                                ``pass`` (declining a Rummy call)
take       ``P`` (1 when top-only)          ``take d`` is ``d - 1``
call       ``P``, 1 (last-discard) or 0     ``rummy d`` is ``d - 1``
discard    53                               the card code (joker 52)
swap       ``52 * M``, 0 without swaps      ``(meld - 1) * 52 + card``
layoff     ``M * T * 3``                    ``((meld - 1) * T + token) * 3 + end``
group      ``13 * (groups per rank)``       rank, then suit set, then jokers
run        see :func:`run_block_size`       suit, first rank, length, joker places
========== ================================ ==============================================

A lay-off ``token`` is the natural card's code (0..51), or for a joker 52 + the code of
the card it stands for in a run (52..103) or 104 + rank - 1 in a group (104..116); ``T``
is 117 (52 without jokers). ``end`` is 0 when no end is named, 1 for ``low``, 2 for
``high``. A group is its rank, the set of suits of its natural cards and its number of
jokers (3 or 4 cards in all). A run is its suit, the rank of its first card (the card a
joker stands for, if the first card is a joker), its length, and the set of places that
hold jokers (at most ``J``, never all): those sets are numbered by size, then in
co-lexicographic order. Cards are codes of :mod:`rummykit.cards` (suit * 13 + rank - 1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rummykit import (
    JOKER,
    Action,
    CallRummy,
    Card,
    Discard,
    Draw,
    End,
    EndOfRun,
    JokerAs,
    LayOff,
    Meld,
    Pass,
    Rank,
    Rules,
    RummyError,
    Swap,
    Take,
)
from rummykit.rl.arguments import whole_number
from rummykit.rules import Ace, PileDraw, RummyCall

__all__ = ["BLOCKS", "ActionCodec", "CodecError", "run_block_size"]

#: The blocks of the action space, in order.
BLOCKS: tuple[str, ...] = (
    "draw",
    "end",
    "pass",
    "take",
    "call",
    "discard",
    "swap",
    "layoff",
    "group",
    "run",
)

_ENDS: tuple[EndOfRun | None, ...] = (None, EndOfRun.LOW, EndOfRun.HIGH)
_CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(53))
_RANKS: tuple[Rank, ...] = tuple(Rank)
#: The identity cache is cleared when it grows past this many actions.
_CACHE_LIMIT = 200_000


class CodecError(RummyError):
    """An action that has no integer (not canonical, or not of these rules), or an
    integer outside the action space (rule id ``action.code``)."""

    def __init__(self, message: str) -> None:
        super().__init__("action.code", message)


def _whole(index: object) -> int:
    """``index`` as an int if it is a whole number (numpy's integers too), else
    :class:`CodecError`: ``1.5`` or ``"3"`` is no action, nor is ``True``."""
    try:
        return whole_number(index, "an action")
    except ValueError:
        raise CodecError(f"{index!r} is not an action: actions are whole numbers") from None


def _run_length_ok(ace: Ace, start: int, length: int) -> bool:
    """Whether a run of ``length`` cards may begin at rank ``start`` under ``ace``."""
    if ace is Ace.LOW:
        return start + length - 1 <= 13
    if ace is Ace.LOW_OR_HIGH:
        return start + length - 1 <= 14
    return True  # around the corner: any start, up to 13 cards


def _most_jokers(length: int, jokers: int) -> int:
    """The most jokers a run of ``length`` cards may hold: all in play, never all cards."""
    return min(jokers, length - 1)


def _joker_sets(length: int, jokers: int) -> int:
    """How many sets of joker places a run of ``length`` cards has."""
    return sum(comb(length, k) for k in range(_most_jokers(length, jokers) + 1))


def run_block_size(ace: Ace, jokers: int) -> int:
    """The size of the run block for an ace mode and a number of jokers in play.

    >>> run_block_size(Ace.LOW_OR_HIGH, 2), run_block_size(Ace.LOW, 0)
    (9196, 264)
    """
    return 4 * sum(
        _joker_sets(n, jokers)
        for start in range(1, 14)
        for n in range(3, 14)
        if _run_length_ok(ace, start, n)
    )


def _rank_set(places: Sequence[int], length: int) -> int:
    """The number of a set of joker places among all sets of ``length`` places: sets
    by size, then co-lexicographic (without the offset of the smaller sizes)."""
    return sum(comb(p, i + 1) for i, p in enumerate(places))


def _unrank_set(number: int, size: int, length: int) -> list[int]:
    """The set of ``size`` places whose co-lexicographic number is ``number``."""
    places: list[int] = []
    for i in range(size, 0, -1):
        p = i - 1
        while p + 1 < length and comb(p + 1, i) <= number:
            p += 1
        places.append(p)
        number -= comb(p, i)
    places.reverse()
    return places


class ActionCodec:
    """The integer action space of ``rules`` with ``players`` players.

    Every action :meth:`Game.legal_actions` can list (canonical: melds low to high with
    jokers declared, lay-offs of one card, takes and calls by depth) has exactly one
    integer in ``range(size)``, and :meth:`decode` gives back an equal action. Raises
    :class:`~rummykit.errors.RulesError` if the rules do not allow that many players.
    """

    def __init__(self, rules: Rules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules
        self.players = players
        self.pack_size = rules.pack_size(players)
        #: jokers in play (every pack's)
        self.jokers = rules.jokers * rules.packs_for(players)
        #: the most melds a table can hold (every meld has at least three cards)
        self.max_melds = self.pack_size // 3
        #: the deepest pile
        self.max_pile = self.pack_size
        self._tokens = 117 if self.jokers else 52
        takes = self.max_pile if rules.pile_draw is PileDraw.ANY_DEPTH else 1
        calls = {RummyCall.PILE: self.max_pile, RummyCall.LAST_DISCARD: 1, RummyCall.OFF: 0}[
            rules.rummy_call
        ]
        swaps = 52 * self.max_melds if rules.joker_swap and self.jokers else 0
        self._groups = self._group_table()
        self._group_index = {key: i for i, key in enumerate(self._groups)}
        self._runs: dict[tuple[int, int, int], int] = {}
        self._run_starts: list[tuple[int, int, int, int]] = []  # (offset, suit, start, n)
        offset = 0
        for suit in range(4):
            for start in range(1, 14):
                for n in range(3, 14):
                    if _run_length_ok(rules.ace, start, n):
                        self._runs[(suit, start, n)] = offset
                        self._run_starts.append((offset, suit, start, n))
                        offset += _joker_sets(n, self.jokers)
        sizes = {
            "draw": 1,
            "end": 1,
            "pass": 1,
            "take": takes,
            "call": calls,
            "discard": 53,
            "swap": swaps,
            "layoff": self.max_melds * self._tokens * 3,
            "group": len(self._groups),
            "run": offset,
        }
        #: each block's (first index, size), in the order of :data:`BLOCKS`
        self.blocks: dict[str, tuple[int, int]] = {}
        start = 0
        for name in BLOCKS:
            self.blocks[name] = (start, sizes[name])
            start += sizes[name]
        #: the number of integers in the action space
        self.size = start
        self._starts = [self.blocks[name][0] for name in BLOCKS]
        # the integers of actions seen, by identity; _held keeps those actions alive, so
        # that no other object can take their ids while they are here
        self._index_of: dict[int, int] = {}
        self._held: list[Action] = []
        self._decoded: dict[int, Action] = {}

    def __repr__(self) -> str:
        return f"ActionCodec({str(self.rules)!r}, players={self.players}, size={self.size})"

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle starts with no integers seen by identity: the ids of this
        codec's actions name other objects, or nothing, in a copy."""
        return {**self.__dict__, "_index_of": {}, "_held": []}

    # ------------------------------------------------------------------ tables
    def _group_table(self) -> list[tuple[int, int, int]]:
        """Every group the pack allows as (rank, suit mask, jokers)."""
        table = []
        for rank in range(1, 14):
            for suits in range(1, 16):
                naturals = suits.bit_count()
                for j in range(0, min(self.jokers, 4 - naturals) + 1):
                    if naturals + j >= 3:
                        table.append((rank, suits, j))
        return table

    # ------------------------------------------------------------------ encoding
    def encode(self, action: Action) -> int:
        """The integer of a canonical action.

        Raises :class:`CodecError` for an action with no integer: one spelled otherwise
        than :meth:`Game.legal_actions` spells it (``take 7H``, a lay-off of two cards, a
        meld in another order or with bare jokers) or one these rules never allow.
        """
        hit = self._index_of.get(id(action))
        if hit is not None:
            return hit
        index = self._index(action)
        if index is None or self.decode(index) != action:
            raise CodecError(f"{action} has no integer in {self!r} (not a canonical action)")
        if len(self._held) >= _CACHE_LIMIT:
            self._index_of.clear()
            self._held.clear()
        self._index_of[id(action)] = index
        self._held.append(action)  # holding the action keeps its id unique
        return index

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        """The integers of several actions, in order."""
        seq = actions if isinstance(actions, (tuple, list)) else list(actions)
        try:  # the engine reuses its action objects: nearly always all seen before
            return list(map(self._index_of.__getitem__, map(id, seq)))
        except KeyError:
            return [self.encode(a) for a in seq]

    def mask(self, actions: Iterable[Action]) -> NDArray[np.int8]:
        """A 0/1 vector of :attr:`size` with a 1 at each action's integer."""
        out = np.zeros(self.size, dtype=np.int8)
        out.put(self.encode_all(actions), 1)  # faster than out[indices] = 1
        return out

    def _index(self, action: Action) -> int | None:
        start = self.blocks
        kind = type(action)
        if kind is Draw:
            return 0
        if kind is End:
            return 1
        if kind is Pass:
            return 2
        if kind is Take or kind is CallRummy:
            assert isinstance(action, (Take, CallRummy))
            first, size = start["take" if kind is Take else "call"]
            depth = action.count
            if depth is None or not 1 <= depth <= size:
                return None
            return first + depth - 1
        if kind is Discard:
            assert isinstance(action, Discard)
            return start["discard"][0] + int(action.card)
        if kind is Swap:
            assert isinstance(action, Swap)
            first, size = start["swap"]
            index = (action.meld - 1) * 52 + int(action.card)
            return first + index if index < size else None
        if kind is LayOff:
            assert isinstance(action, LayOff)
            return self._layoff_index(action)
        if kind is Meld:
            assert isinstance(action, Meld)
            return self._meld_index(action)
        return None

    def _layoff_index(self, action: LayOff) -> int | None:
        if len(action.cards) != 1 or action.meld > self.max_melds:
            return None
        card = action.cards[0]
        if isinstance(card, JokerAs):
            if not self.jokers:
                return None
            if card.card is not None:
                token = 52 + int(card.card)
            elif card.rank is not None:
                token = 104 + card.rank.number - 1
            else:
                return None
        else:
            token = int(card)
            if token >= 52:
                return None
        end = _ENDS.index(action.end)
        return self.blocks["layoff"][0] + ((action.meld - 1) * self._tokens + token) * 3 + end

    def _meld_index(self, action: Meld) -> int | None:
        cards = action.cards
        if any(isinstance(c, JokerAs) and c.rank is not None for c in cards) or (
            len({int(c) % 13 for c in cards if isinstance(c, Card)}) == 1
            and sum(isinstance(c, Card) for c in cards) > 1
        ):
            naturals = [int(c) for c in cards if isinstance(c, Card)]
            if not naturals or JOKER in naturals:
                return None
            suits = 0
            for c in naturals:
                suits |= 1 << (c // 13)
            key = (naturals[0] % 13 + 1, suits, len(cards) - len(naturals))
            group = self._group_index.get(key)
            return None if group is None else self.blocks["group"][0] + group
        first = cards[0]
        if isinstance(first, JokerAs):
            if first.card is None:
                return None
            code = int(first.card)
        else:
            code = int(first)
        if code >= 52:
            return None
        offset = self._runs.get((code // 13, code % 13 + 1, len(cards)))
        if offset is None:
            return None
        places = [i for i, c in enumerate(cards) if isinstance(c, JokerAs)]
        n = len(cards)
        if len(places) > _most_jokers(n, self.jokers):
            return None
        below = sum(comb(n, k) for k in range(len(places)))
        return self.blocks["run"][0] + offset + below + _rank_set(places, n)

    # ------------------------------------------------------------------ decoding
    def decode(self, index: int) -> Action:
        """The action of an integer (numpy's too). Raises :class:`CodecError` outside
        ``range(size)`` and for what is not a whole number (``1.5``, ``"3"``, ``True``)."""
        if type(index) is not int:  # (True == 1 would find action 1)
            index = _whole(index)
        action = self._decoded.get(index)
        if action is None:
            if not 0 <= index < self.size:
                raise CodecError(f"{index} is not an action of {self!r}")
            action = self._decoded[index] = self._build(index)
        return action

    def block_of(self, index: int) -> tuple[str, int]:
        """The block an integer lies in and its place inside the block."""
        if type(index) is not int:
            index = _whole(index)
        if not 0 <= index < self.size:
            raise CodecError(f"{index} is not an action of {self!r}")
        for name in reversed(BLOCKS):
            first, size = self.blocks[name]
            if size and index >= first:
                return name, index - first
        raise AssertionError("unreachable")  # pragma: no cover

    def _build(self, index: int) -> Action:
        block, i = self.block_of(index)
        if block == "draw":
            return Draw()
        if block == "end":
            return End()
        if block == "pass":
            return Pass()
        if block == "take":
            return Take(count=i + 1)
        if block == "call":
            return CallRummy(count=i + 1)
        if block == "discard":
            return Discard(_CARDS[i])
        if block == "swap":
            return Swap(_CARDS[i % 52], i // 52 + 1)
        if block == "layoff":
            rest, end = divmod(i, 3)
            meld, token = divmod(rest, self._tokens)
            card: Card | JokerAs
            if token < 52:
                card = _CARDS[token]
            elif token < 104:
                card = JokerAs(card=_CARDS[token - 52])
            else:
                card = JokerAs(rank=_RANKS[token - 104])
            return LayOff((card,), meld + 1, _ENDS[end])
        if block == "group":
            rank, suits, jokers = self._groups[i]
            naturals = [_CARDS[s * 13 + rank - 1] for s in range(4) if suits >> s & 1]
            return Meld((*naturals, *[JokerAs(rank=_RANKS[rank - 1])] * jokers))
        return self._build_run(i)

    def _build_run(self, i: int) -> Action:
        lo, hi = 0, len(self._run_starts)
        while hi - lo > 1:  # the last run whose offset is at most i
            mid = (lo + hi) // 2
            if self._run_starts[mid][0] <= i:
                lo = mid
            else:
                hi = mid
        offset, suit, start, n = self._run_starts[lo]
        number = i - offset
        size = 0
        while number >= comb(n, size):
            number -= comb(n, size)
            size += 1
        places = set(_unrank_set(number, size, n))
        tokens: list[Card | JokerAs] = []
        for k in range(n):
            code = suit * 13 + (start + k - 1) % 13
            tokens.append(JokerAs(card=_CARDS[code]) if k in places else _CARDS[code])
        return Meld(tuple(tokens))

    # ------------------------------------------------------------------ text
    def notation(self, index: int) -> str:
        """The record text of an integer's action (``meld 6H 7H JK=8H``)."""
        return str(self.decode(index))

    def describe(self) -> str:
        """The blocks of the space, one per line, as ``name: first..last (size)``."""
        lines = []
        for name in BLOCKS:
            first, size = self.blocks[name]
            span = f"{first}..{first + size - 1}" if size else "empty"
            lines.append(f"{name}: {span} ({size})")
        return "\n".join(lines)


def joker_place_sets(length: int, jokers: int) -> list[tuple[int, ...]]:
    """Every set of joker places of a run, in the codec's order (for tests).

    >>> joker_place_sets(3, 1)
    [(), (0,), (1,), (2,)]
    """
    out: list[tuple[int, ...]] = []
    for k in range(_most_jokers(length, jokers) + 1):
        out.extend(sorted(combinations(range(length), k), key=lambda s: s[::-1]))
    return out
