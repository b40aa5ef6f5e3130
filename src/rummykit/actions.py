"""Actions: frozen values whose text is the record notation of NOTATION.md.

``str(action)`` is the action's text in a record (without the player) and
:func:`parse_action` reads it back::

    >>> a = parse_action("meld 6H 7H JK=8H")
    >>> a
    Meld(cards=(Card('6H'), Card('7H'), JokerAs(card=Card('8H'), rank=None)))
    >>> str(a)
    'meld 6H 7H JK=8H'
    >>> str(parse_action("layoff 10H JH to 1"))
    'layoff TH JH to 1'
    >>> parse_action("take 3") == Take(count=3)
    True

Text that is not an action raises :class:`~rummykit.errors.NotationError` (rule
``action.syntax``), whatever the text holds, and so does building an action whose fields
make no sense::

    >>> parse_action("take ²")
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: take takes one argument: a number of cards or a card, not '²'
    >>> Meld(())
    Traceback (most recent call last):
    ...
    rummykit.errors.NotationError: a meld needs cards
"""

from __future__ import annotations

import dataclasses
import enum
from functools import lru_cache

from rummykit.cards import JOKER, Card, Rank, quote
from rummykit.errors import NotationError

__all__ = [
    "Action",
    "CallRummy",
    "Discard",
    "Draw",
    "End",
    "EndOfRun",
    "JokerAs",
    "LayOff",
    "Meld",
    "MeldCard",
    "Pass",
    "Swap",
    "Take",
    "format_player_action",
    "parse_action",
    "parse_player_action",
]


class EndOfRun(enum.Enum):
    """Which end of a run a laid-off card goes to, when it fits both."""

    LOW = "low"
    HIGH = "high"


@dataclasses.dataclass(frozen=True, slots=True)
class JokerAs:
    """A joker in a meld or lay-off, with what it stands for.

    ``card`` declares a definite card (in a run, ``JK=8H``); ``rank`` declares a rank
    (in a group, ``JK=8``); neither is a bare ``JK``, allowed where only one reading exists.
    """

    card: Card | None = None
    rank: Rank | None = None

    def __str__(self) -> str:
        if self.card is not None:
            return f"JK={self.card}"
        if self.rank is not None:
            return f"JK={self.rank.value}"
        return "JK"

    def __post_init__(self) -> None:
        if self.card is not None and (self.rank is not None or self.card.is_joker):
            raise NotationError("a joker stands for one natural card, or for a rank")

    @staticmethod
    def parse(text: str) -> JokerAs:
        """Reads ``JK``, ``JK=8H`` or ``JK=8`` (``10`` accepted for ``T``).

        Raises :class:`~rummykit.errors.NotationError` for anything else.

        >>> JokerAs.parse("jk=10h"), JokerAs.parse("JK=9")
        (JokerAs(card=Card('TH'), rank=None), JokerAs(card=None, rank=<Rank.NINE: '9'>))
        """
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a joker")
        head, sep, decl = text.strip().upper().partition("=")
        if head != "JK":
            raise NotationError(f"{quote(text)} is not a joker (JK, JK=8H or JK=8)")
        if not sep:
            return JokerAs()
        if not decl:
            raise NotationError(f"{quote(text)}: write what the joker stands for (JK=8H, JK=8)")
        if len(decl) >= 2 and decl[-1] in ("C", "D", "H", "S"):
            try:
                card = Card.parse(decl)
            except NotationError:
                raise NotationError(
                    f"{quote(text)}: {quote(decl)} is not a card (JK=8H in a run, JK=8 in a group)"
                ) from None
            if card.is_joker:
                raise NotationError(f"{quote(text)}: a joker stands for a natural card")
            return JokerAs(card=card)
        try:
            return JokerAs(rank=Rank.parse(decl))
        except NotationError:
            raise NotationError(
                f"{quote(text)}: {quote(decl)} is not a card or a rank "
                "(JK=8H in a run, JK=8 in a group)"
            ) from None


#: A card in a meld: a natural card, or a joker with its declaration.
MeldCard = Card | JokerAs


#: The most digits a number in an action may have (meld numbers, pile depths): no pile
#: or table is ever that large, and Python refuses to read numbers past 4300 digits.
MAX_NUMBER_DIGITS = 6


def _check_meld_number(meld: object) -> None:
    if type(meld) is not int or meld < 1:
        raise NotationError(f"{quote(meld)} is not a meld number (1, 2, 3 ...)")


def _check_count_or_card(verb: str, count: int | None, card: Card | None) -> None:
    if (count is None) == (card is None):
        raise NotationError(f"{verb} needs a number of cards or a card")
    if count is not None and (type(count) is not int or count < 1):
        raise NotationError(f"{verb} needs at least one card")


def _number(text: str) -> int | None:
    """The number an argument writes in ASCII digits, or None if it is not one.

    ``str.isdigit`` also accepts ``²`` and ``①``, which ``int`` refuses; a number of more
    than :data:`MAX_NUMBER_DIGITS` digits is refused outright.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    if len(text.lstrip("0")) > MAX_NUMBER_DIGITS:
        raise NotationError(f"{quote(text)} is too large a number")
    return int(text)


class Action:
    """Base class of every action. Subclasses are frozen dataclasses."""

    __slots__ = ()
    verb: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the stock ([draw.stock])."""

    verb = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the pile down to a target: the top ``count`` cards, or down to ``card``."""

    count: int | None = None
    card: Card | None = None
    verb = "take"

    def __post_init__(self) -> None:
        _check_count_or_card("take", self.count, self.card)

    def __str__(self) -> str:
        return f"{self.verb} {self.count if self.count is not None else self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class CallRummy(Action):
    """Call "Rummy!" out of turn and take the pile as :class:`Take` does (section 5)."""

    count: int | None = None
    card: Card | None = None
    verb = "rummy"

    def __post_init__(self) -> None:
        _check_count_or_card("rummy", self.count, self.card)

    def __str__(self) -> str:
        return f"{self.verb} {self.count if self.count is not None else self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class Meld(Action):
    """Put down one new meld from hand ([meld.group], [meld.run], [joker.declare])."""

    cards: tuple[MeldCard, ...]
    verb = "meld"

    def __post_init__(self) -> None:
        if not self.cards:
            raise NotationError("a meld needs cards")

    def __str__(self) -> str:
        return "meld " + " ".join(map(str, self.cards))


@dataclasses.dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add cards from hand to table meld number ``meld`` ([layoff.extend])."""

    cards: tuple[MeldCard, ...]
    meld: int
    end: EndOfRun | None = None
    verb = "layoff"

    def __post_init__(self) -> None:
        if not self.cards:
            raise NotationError("a lay-off needs cards")
        _check_meld_number(self.meld)

    def __str__(self) -> str:
        tail = f" {self.end.value}" if self.end is not None else ""
        return f"layoff {' '.join(map(str, self.cards))} to {self.meld}{tail}"


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put ``card`` in place of the joker in meld ``meld`` that stands for it ([joker.swap])."""

    card: Card
    meld: int
    verb = "swap"

    def __post_init__(self) -> None:
        if self.card.is_joker:
            raise NotationError("swap puts a natural card in place of a joker")
        _check_meld_number(self.meld)

    def __str__(self) -> str:
        return f"swap {self.card} in {self.meld}"


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put a card on the pile and end the turn ([discard.one])."""

    card: Card
    verb = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclasses.dataclass(frozen=True, slots=True)
class End(Action):
    """The stock is empty and the player does not take from the pile ([end.stock])."""

    verb = "end"

    def __str__(self) -> str:
        return "end"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline a Rummy call. Not written in records: the next action implies it."""

    verb = "pass"

    def __str__(self) -> str:
        return "pass"


DRAW = Draw()
END = End()
PASS = Pass()


@lru_cache(maxsize=256)
def take(count: int) -> Take:
    """The interned ``take count`` action."""
    return Take(count=count)


@lru_cache(maxsize=256)
def call(count: int) -> CallRummy:
    """The interned ``rummy count`` action."""
    return CallRummy(count=count)


DISCARDS: tuple[Discard, ...] = tuple(Discard(Card(c)) for c in range(53))


def _parse_meld_card(text: str) -> MeldCard:
    if text.upper().startswith("JK"):
        return JokerAs.parse(text)
    return Card.parse(text)


def _parse_count_or_card(verb: str, args: list[str]) -> tuple[int | None, Card | None]:
    if len(args) != 1:
        raise NotationError(f"{verb} takes one argument: a number of cards or a card")
    arg = args[0]
    count = _number(arg)
    if count is not None:
        return count, None
    try:
        return None, Card.parse(arg)
    except NotationError:
        raise NotationError(
            f"{verb} takes one argument: a number of cards or a card, not {quote(arg)}"
        ) from None


def parse_action(text: str) -> Action:
    """Reads an action's text (without the player), as written in records.

    Raises :class:`~rummykit.errors.NotationError` naming what is wrong, and nothing
    else, whatever the text.
    """
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not an action text")
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb in ("draw", "end", "pass"):
        if args:
            raise NotationError(f"{verb} takes no argument")
        return {"draw": DRAW, "end": END, "pass": PASS}[verb]
    if verb in ("take", "rummy"):
        count, card = _parse_count_or_card(verb, args)
        if verb == "take":
            return Take(count=count, card=card)
        return CallRummy(count=count, card=card)
    if verb == "meld":
        if not args:
            raise NotationError("meld needs cards")
        return Meld(tuple(_parse_meld_card(a) for a in args))
    if verb == "layoff":
        end: EndOfRun | None = None
        if args and args[-1].lower() in ("low", "high"):
            end = EndOfRun(args.pop().lower())
        if len(args) < 3 or args[-2].lower() != "to":
            raise NotationError("layoff is written 'layoff <cards> to <meld number>'")
        cards = tuple(_parse_meld_card(a) for a in args[:-2])
        return LayOff(cards, _parse_meld_number(args[-1]), end)
    if verb == "swap":
        if len(args) != 3 or args[1].lower() != "in":
            raise NotationError("swap is written 'swap <card> in <meld number>'")
        card = Card.parse(args[0])
        if card == JOKER:
            raise NotationError("swap puts a natural card in place of a joker")
        return Swap(card, _parse_meld_number(args[2]))
    if verb == "discard":
        if len(args) != 1:
            raise NotationError("discard takes one card")
        return DISCARDS[Card.parse(args[0])]
    raise NotationError(
        f"unknown action {quote(verb)} (draw, take, meld, layoff, swap, discard, end, rummy, pass)"
    )


def _parse_meld_number(text: str) -> int:
    number = _number(text)
    if number is None or number < 1:
        raise NotationError(f"{quote(text)} is not a meld number (1, 2, 3 ...)")
    return number


def parse_player_action(text: str) -> tuple[str, Action]:
    """Reads ``"<player>: <action>"`` into the player's name and the action.

    Raises :class:`~rummykit.errors.NotationError` naming what is wrong.
    """
    if not isinstance(text, str):
        raise NotationError(f"{quote(text)} is not '<player>: <action>'")
    name, sep, rest = text.partition(":")
    if not sep or not name.strip():
        raise NotationError(f"{quote(text)} is not '<player>: <action>'")
    return name.strip(), parse_action(rest)


def format_player_action(player: str, action: Action) -> str:
    """Writes ``"<player>: <action>"``."""
    return f"{player}: {action}"
