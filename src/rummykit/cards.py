"""Cards, ranks, suits and packs (RULES.md section 1 and [pack.decks]).

A :class:`Card` is an ``int`` subclass: the 53 possible cards (52 naturals and the joker)
are interned, so cards hash and compare as fast as integers while their text is the
notation of RULES.md::

    >>> Card.parse("10h")
    Card('TH')
    >>> str(Card.parse("JK"))
    'JK'
    >>> Card.parse("7H").rank, Card.parse("7H").suit
    (<Rank.SEVEN: '7'>, <Suit.HEARTS: 'H'>)

Copies of the same card (two packs) are the same value: copies are interchangeable.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from rummykit.errors import NotationError

__all__ = [
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "card_sort_key",
    "format_cards",
    "make_pack",
    "parse_cards",
    "quote",
]

#: The longest piece of offending text an error message quotes.
QUOTE_LIMIT = 40

_JSON_WORDS: dict[bool | None, str] = {None: "null", True: "true", False: "false"}


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, shortened with ``...`` to ``limit`` characters, for error messages.

    Input can be huge or hostile; a message quotes only its beginning. ``None`` and the
    booleans are spelled as JSON spells them, the language of records, options and the
    server's messages, where users write them.

    >>> quote("7X")
    "'7X'"
    >>> quote("9" * 100)
    "'999999999999999999999999999999999999..."
    >>> quote([1, 2])
    'a list'
    >>> quote(None), quote(True)
    ('null', 'true')
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return str(text) if text.bit_length() <= 64 else f"a number of {text.bit_length()} bits"
    if text is None or isinstance(text, bool):
        return _JSON_WORDS[text]
    if isinstance(text, float):
        return repr(text)
    if not isinstance(text, str):
        return f"a {type(text).__name__}"
    shown = repr(text[: limit + 1])
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


class Rank(enum.Enum):
    """A card rank; the value is its notation, ``number`` its place (ace 1 .. king 13)."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def number(self) -> int:
        """1 for the ace up to 13 for the king."""
        return _RANK_NUMBER[self]

    @classmethod
    def from_number(cls, number: int) -> Rank:
        """The rank with this number (1..13)."""
        return _RANKS[number - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Reads a rank as people type it (``10`` and lower case are accepted).

        Raises :class:`~rummykit.errors.NotationError` for anything else.
        """
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a rank (A 2-9 T J Q K)")
        t = text.strip().upper()
        if t == "10":
            t = "T"
        try:
            return cls(t)
        except ValueError:
            raise NotationError(f"{quote(text)} is not a rank (A 2-9 T J Q K)") from None


class Suit(enum.Enum):
    """A suit; the value is its notation letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def index(self) -> int:
        """0 for clubs .. 3 for spades."""
        return _SUIT_INDEX[self]


_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANK_NUMBER = {r: i + 1 for i, r in enumerate(_RANKS)}
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}

#: Card code of the joker; naturals are ``suit_index * 13 + rank_number - 1``.
JOKER_CODE = 52

# Lookup tables indexed by card code, used on the engine's hot paths.
RANK_OF: tuple[int, ...] = tuple([c % 13 + 1 for c in range(52)] + [0])
SUIT_OF: tuple[int, ...] = tuple([c // 13 for c in range(52)] + [-1])


def code_of(suit: int, rank: int) -> int:
    """The card code of a natural card from a suit index (0..3) and rank number (1..13)."""
    return suit * 13 + rank - 1


class Card(int):
    """A playing card: one of 52 naturals or the joker. Immutable and interned.

    Build cards with :meth:`parse`, :meth:`of` or the :data:`JOKER` constant.
    """

    __slots__ = ()

    def __new__(cls, code: int | str) -> Card:
        """The card with this code (0..52) or text (``Card('7H')``, as ``repr`` writes)."""
        if type(code) is Card:
            return code
        if isinstance(code, str):
            return cls.parse(code)
        if not 0 <= code <= JOKER_CODE:
            raise ValueError(f"no card has code {code}")
        return _CARDS[code]

    @classmethod
    def _make(cls, code: int) -> Card:
        return int.__new__(cls, code)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The natural card of this rank and suit."""
        return _CARDS[code_of(suit.index, rank.number)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads a card: rank then suit (``7H``, ``TD``, ``10d``) or ``JK`` for a joker.

        Raises :class:`~rummykit.errors.NotationError` naming the text.

        >>> Card.parse("as")
        Card('AS')
        """
        card = _BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise NotationError(
                f"{quote(text)} is not a card (rank then suit, as 7H, TD, AS, or JK)"
            )
        return card

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return int(self) == JOKER_CODE

    @property
    def rank(self) -> Rank | None:
        """The rank, or None for the joker."""
        return None if self.is_joker else _RANKS[int(self) % 13]

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for the joker."""
        return None if self.is_joker else _SUITS[int(self) // 13]

    def __str__(self) -> str:
        return _TEXT[int(self)]

    def __repr__(self) -> str:
        return f"Card({_TEXT[int(self)]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_TEXT: tuple[str, ...] = tuple(
    [_RANKS[c % 13].value + _SUITS[c // 13].value for c in range(52)] + ["JK"]
)
_CARDS: tuple[Card, ...] = tuple(Card._make(c) for c in range(JOKER_CODE + 1))
_BY_TEXT: dict[str, Card] = {t: _CARDS[i] for i, t in enumerate(_TEXT)}
_BY_TEXT.update({"10" + s.value: _BY_TEXT["T" + s.value] for s in _SUITS})

#: The joker.
JOKER: Card = _CARDS[JOKER_CODE]
#: Every card by code, for code that works on codes.
CARDS: tuple[Card, ...] = _CARDS


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Reads cards separated by spaces (or an iterable of card texts).

    Raises :class:`~rummykit.errors.NotationError` naming the first text that is not a card.

    >>> parse_cards("7H 8H 10H")
    [Card('7H'), Card('8H'), Card('TH')]
    """
    parts = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[int]) -> str:
    """Writes cards as space-separated notation."""
    return " ".join(_TEXT[c] for c in cards)


def card_sort_key(card: int) -> tuple[int, int]:
    """Sorts by suit, then rank, jokers last."""
    return (SUIT_OF[card] if card != JOKER_CODE else 4, RANK_OF[card])


def make_pack(packs: int, jokers_per_pack: int) -> list[Card]:
    """Every card of ``packs`` packs of 52 cards plus ``jokers_per_pack`` jokers each, in order.

    >>> len(make_pack(2, 2))
    108
    """
    one = list(_CARDS[:52]) + [JOKER] * jokers_per_pack
    return one * packs
