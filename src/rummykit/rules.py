"""The rules configuration: every option of RULES.md section 9 and the six presets.

A :class:`Rules` is frozen and keyword-only. Build one from a preset name, with options
set on top of it::

    >>> r = Rules.preset("500-rum", rummy_call="off")
    >>> r.rummy_call, r.target
    (<RummyCall.OFF: 'off'>, 500)
    >>> r.hand_size_for(2), r.hand_size_for(4)
    (13, 7)
    >>> r.options()["rummy_call"]
    'off'

Every wrong option is refused with :class:`~rummykit.errors.RulesError` naming it
(``e.option``), a value of the wrong type as much as an unknown one::

    >>> Rules.preset("500-rum", going_out="sometimes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummykit.errors.RulesError: option going_out: 'sometimes' is not one of any, ...
    >>> Rules.preset("500-rum", packs=1.0)
    Traceback (most recent call last):
    ...
    rummykit.errors.RulesError: option packs: 1.0 is not one of "auto", 1, 2

Each option has a plain-language explanation and its allowed values in
:data:`OPTION_HELP`, for the command line, the server and the docs::

    >>> OPTION_HELP["jokers"].values
    '0, 2, 3'
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, Literal

from rummykit.cards import quote
from rummykit.errors import RulesError

__all__ = [
    "MAX_OPTION_NUMBER",
    "OPTION_HELP",
    "OPTION_KEYS",
    "PRESETS",
    "Ace",
    "CardValues",
    "GoingOut",
    "OptionHelp",
    "PileDraw",
    "Rules",
    "RummyBonus",
    "RummyCall",
    "Scoring",
    "Settlement",
    "StockExhausted",
    "Ties",
]


class Ace(enum.Enum):
    """Where an ace may stand in a run (option ``ace``)."""

    LOW = "low"
    LOW_OR_HIGH = "low-or-high"
    AROUND = "around"


class PileDraw(enum.Enum):
    """How deep a player may take from the discard pile (option ``pile_draw``)."""

    ANY_DEPTH = "any-depth"
    TOP_ONLY = "top-only"


class RummyCall(enum.Enum):
    """Calling "Rummy!" on the pile (option ``rummy_call``, RULES.md section 5)."""

    PILE = "pile"
    LAST_DISCARD = "last-discard"
    OFF = "off"


class GoingOut(enum.Enum):
    """How a player may go out (option ``going_out``, RULES.md section 6)."""

    ANY = "any"
    DISCARD_REQUIRED = "discard-required"
    FLOATING = "floating"
    FLOATING_UNPLAYABLE = "floating-unplayable"


class StockExhausted(enum.Enum):
    """What happens when the stock runs out (option ``stock_exhausted``, section 7)."""

    END = "end"
    LAST_CARD = "last-card"
    TURN_OVER = "turn-over"
    RESHUFFLE = "reshuffle"


class CardValues(enum.Enum):
    """The card value table (option ``card_values``, section 8.1)."""

    STANDARD = "standard"
    FIVE_TEN_FIFTEEN = "5-10-15"
    REMIK = "remik"
    BASIC = "basic"


class Scoring(enum.Enum):
    """How a hand is scored (option ``scoring``, section 8.2)."""

    MELDED_MINUS_HAND = "melded-minus-hand"
    WINNER_TAKES = "winner-takes"
    PENALTY = "penalty"


class RummyBonus(enum.Enum):
    """The bonus for going out in one turn (option ``rummy_bonus``)."""

    NONE = "none"
    DOUBLE = "double"
    PLUS10 = "plus10"


class Settlement(enum.Enum):
    """How a game is paid for in chips (option ``settlement``, [game.settlement]).

    ``OFF`` is written ``false`` in records; ``true`` is read as ``END``. A member is
    true when chips change hands at all:

    >>> bool(Settlement.OFF), bool(Settlement.PER_HAND)
    (False, True)
    """

    OFF = False  #: no settlement
    END = "end"  #: at the end each loser pays the winner the difference of the totals
    PER_HAND = "per-hand"  #: after each hand each loser pays that hand's winner (seed 001)

    def __bool__(self) -> bool:
        return self is not Settlement.OFF


class Ties(enum.Enum):
    """What equal highest totals at the end of a game do (option ``ties``, [game.ties])."""

    PLAY_ON = "play-on"  #: everybody plays more hands until one player is ahead
    SHARE = "share"  #: the tied players are joint winners (Remik's single game)
    #: only the tied leaders are dealt more hands (Remik's single-table tournament)
    LEADERS_PLAY_ON = "leaders-play-on"
    #: most points melded and laid off over the game, then the lowest last hand
    MOST_MELDED = "most-melded"


Packs = Literal["auto", 1, 2]

#: The largest number any numeric option may take (a target, a chip rate ...).
MAX_OPTION_NUMBER = 1_000_000
#: The fewest cards a meld holds ([meld.group], [meld.run]).
SMALLEST_MELD = 3


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rules:
    """One complete rules configuration: a preset plus the options set on top of it.

    The fields after ``preset`` are the option keys of RULES.md section 9 (and two
    documented extensions that the Wrotham preset needs, see ``docs/rules-decisions.md``).
    ``min_players``, ``max_players`` and ``hand_sizes`` come from the preset's table.
    """

    #: The preset these rules start from (a record's ``"rules"``).
    name: str
    min_players: int
    max_players: int
    #: Cards dealt for 0..8 players when ``hand_size`` is null (index = players).
    hand_sizes: tuple[int, ...]
    jokers: int
    packs: Packs
    hand_size: int | None
    ace: Ace
    pile_draw: PileDraw
    top_card_must_meld: bool
    target_must_start_meld: bool
    melds_per_turn: int | None
    layoff_needs_own_meld: bool
    joker_swap: bool
    rummy_call: RummyCall
    going_out: GoingOut
    stock_exhausted: StockExhausted
    stock_reuse_limit: int | None
    card_values: CardValues
    scoring: Scoring
    rummy_bonus: RummyBonus
    target: int | None
    deals: int | None
    must_go_out_to_win: bool
    settlement: Settlement
    ties: Ties
    chips_per_point: int
    #: Extension (Wrotham): the first player of a deal gets one card more and does not
    #: draw on their first turn.
    first_player_extra_card: bool
    #: Extension (Wrotham): from this deal on (1-based), nobody may meld until they can
    #: put their whole hand down at once (all of it, or all but the card discarded).
    all_at_once_from_deal: int | None

    def __post_init__(self) -> None:
        # Every way of building rules (presets, options, dataclasses.replace) is checked:
        # a value of the wrong type would otherwise crash a deal much later.
        for key, spec in _OPTION_SPECS.items():
            spec.check(key, getattr(self, key))
        self._validate()

    # ------------------------------------------------------------------ building
    @classmethod
    def preset(cls, name: str = "500-rum", /, **options: Any) -> Rules:
        """The preset called ``name`` with ``options`` set on top (keys of section 9).

        Raises :class:`RulesError` for an unknown preset, option or value (``option``
        names the key; ``"rules"`` for the preset).
        """
        base = PRESETS.get(name) if isinstance(name, str) else None
        if base is None:
            raise RulesError(
                "rules", f"unknown preset {quote(name)}; presets are {', '.join(PRESETS)}"
            )
        return base.with_options(options)

    @classmethod
    def from_record(cls, name: str, options: Mapping[str, Any] | None) -> Rules:
        """The rules of a record's ``"rules"`` and ``"options"`` (see :meth:`preset`)."""
        if not isinstance(name, str):
            raise RulesError("rules", f'"rules" must name a preset, not {quote(name)}')
        if options is not None and not isinstance(options, Mapping):
            raise RulesError("options", '"options" must be an object of option keys')
        return cls.preset(name).with_options(options or {})

    def with_options(self, options: Mapping[str, Any]) -> Rules:
        """These rules with ``options`` changed; each key and value is validated."""
        changes: dict[str, Any] = {}
        for key, value in options.items():
            spec = _OPTION_SPECS.get(key) if isinstance(key, str) else None
            if spec is None:
                raise RulesError(
                    str(key),
                    f"unknown option {quote(key)}; options are {', '.join(_OPTION_SPECS)}",
                )
            changes[key] = spec.convert(key, value)
        return dataclasses.replace(self, **changes)

    def _validate(self) -> None:
        if self.name == "remik-single" and (self.deals is None or not 1 <= self.deals <= 3):
            # Remik's single game is 1 to 3 deals (RULES.md section 9, seed 004)
            shown = "null (a game to a target is remik-500)" if self.deals is None else self.deals
            raise RulesError("deals", f"option deals: remik-single plays 1 to 3 deals, not {shown}")
        if self.target is None and self.deals is None:
            raise RulesError(
                "target",
                "options target and deals: a game needs a target or a number of deals,"
                " and both are null",
            )
        if self.hand_size is None:
            return
        least = self.min_hand_size()
        if self.hand_size < least:
            raise RulesError(
                "hand_size",
                f"option hand_size: {self.hand_size} is too few cards: "
                f"{self._why_min_hand(self.hand_size)}, "
                f"so nobody could ever meld and the hand would never end; at least {least}",
            )
        fits = [n for n in range(self.min_players, self.max_players + 1) if self._fits(n)]
        if not fits:
            most, players = max(
                (self._most_cards(n), n) for n in range(self.min_players, self.max_players + 1)
            )
            raise RulesError(
                "hand_size",
                f"option hand_size: {self.hand_size} cards is more than any deal of "
                f"{self.name} allows ({self.min_players} to {self.max_players} players): the "
                f"most is {most} cards each ({players} players, {self.pack_size(players)} "
                "cards, one of them turned up and one left for the stock)",
            )
        self._some_table()

    def _some_table(self) -> None:
        """Refuses options that no number of players the rules allow can play (each
        count refused by :meth:`check_players` for a reason of its own, [deal.size]), with
        the reason of the largest table (which names the smaller ones it is refused for)."""
        last: RulesError | None = None
        for players in range(self.min_players, self.max_players + 1):
            try:
                self.check_players(players)
            except RulesError as e:
                last = e
            else:
                return
        assert last is not None
        raise RulesError(
            last.option,
            f"{last.message}; no table of {self.min_players} to {self.max_players} players "
            "can play these options",
        )

    def min_hand_size(self, players: int | None = None) -> int:
        """The smallest hand size from which a meld can ever be made ([deal.size]) by
        ``players`` players (None: the least over every count the rules allow).

        With ``pile_draw`` any-depth (or ``rummy_call`` pile, at three players or more) a
        player can gather pile cards into a meld, so one card will do. (At two players a
        Rummy call is never offered: the only other player is the next, who draws or
        takes instead, [rummy.who].) Otherwise a player holds at most one card
        more than dealt on their turn (the draw) until somebody melds, and nothing can be
        laid off before the first meld: that card and the hand must make a meld of
        :data:`SMALLEST_MELD` cards, plus the card kept for the discard where going out
        needs one ([out.discard-required]). (Wrotham's all-at-once deals need none: the
        whole hand may go down at once, [wrotham.all-at-once].) The same holds of a hand
        being played: with fewer cards than this in every hand, nobody can gather a new
        meld ([end.dead]).
        """
        if self.pile_draw is PileDraw.ANY_DEPTH:
            return 1
        if self.rummy_call is RummyCall.PILE and (players is None or players >= 3):
            return 1
        return SMALLEST_MELD - 1 + int(self.going_out is GoingOut.DISCARD_REQUIRED)

    def _why_min_hand(self, hand_size: int, players: int | None = None) -> str:
        held = hand_size + 1
        calls = (
            "and no Rummy call on the pile"
            if players is None or self.rummy_call is not RummyCall.PILE
            else "and no Rummy call between two players"
        )
        why = (
            f"with pile_draw top-only ({calls}) a player holds at most "
            f"{held} cards on their turn "
            f"and a meld needs {SMALLEST_MELD}"
        )
        if self.going_out is GoingOut.DISCARD_REQUIRED:
            why += " plus a card kept for the discard"
        return why

    def _dealt(self, players: int) -> int:
        """Cards a deal uses: every hand, the first player's extra card, the upcard."""
        return players * self.hand_size_for(players) + int(self.first_player_extra_card) + 1

    def _fits(self, players: int) -> bool:
        """Whether a deal leaves a stock of one card or more ([deal.size]: the rest is the
        stock; with none, nobody could ever draw)."""
        return self._dealt(players) < self.pack_size(players)

    def _most_cards(self, players: int) -> int:
        """The largest hand size the pack allows for this many players (an upcard and a
        stock card left)."""
        return (self.pack_size(players) - 2 - int(self.first_player_extra_card)) // players

    # ------------------------------------------------------------------ queries
    def packs_for(self, players: int) -> int:
        """How many packs are shuffled together for this many players."""
        if self.packs == "auto":
            return 2 if players >= 5 else 1
        return self.packs

    def pack_size(self, players: int) -> int:
        """Cards in play for this many players."""
        return self.packs_for(players) * (52 + self.jokers)

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each player (the first player may get one more, see the extension)."""
        if self.hand_size is not None:
            return self.hand_size
        return self.hand_sizes[min(players, len(self.hand_sizes) - 1)]

    def check_players(self, players: int) -> None:
        """Raises :class:`RulesError` if this many players cannot play these rules.

        ``option`` is ``players`` for a count the preset does not allow, ``hand_size``
        for a deal that overdraws the pack ([deal.size], [pack.decks]) or a hand too
        small to ever meld at this count. Under ``ties`` leaders-play-on the hands of
        every smaller count down to two are checked too (a tie play-off deals them).

        >>> Rules.preset("rummy", hand_size=9).check_players(6)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummykit.errors.RulesError: option hand_size: 6 hands of 9 cards and an upcard need 55 ...
        """
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise RulesError(
                "players",
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {quote(players)}",
            )
        if not self._fits(players):
            packs = self.packs_for(players)
            extra = " (and one more for the first player)" if self.first_player_extra_card else ""
            raise RulesError(
                "hand_size",
                f"option hand_size: {players} hands of {self.hand_size_for(players)} "
                f"cards{extra} and an upcard need {self._dealt(players)} cards and leave a "
                f"stock of at least one, but {packs} "
                f"pack{'s' if packs > 1 else ''} of {52 + self.jokers} cards "
                f"hold{'' if packs > 1 else 's'} {self.pack_size(players)}; {players} players "
                f"can be dealt at most {self._most_cards(players)} cards each",
            )
        size, least = self.hand_size_for(players), self.min_hand_size(players)
        if size < least:
            raise RulesError(
                "hand_size",
                f"option hand_size: {size} is too few cards for {players} players: "
                f"{self._why_min_hand(size, players)}, so nobody could ever meld and the "
                f"hand would never end; at least {least}",
            )
        if self.ties is Ties.LEADERS_PLAY_ON:  # tied leaders play hands alone
            for leaders in range(2, players):
                try:
                    self.check_players(leaders)
                except RulesError as e:
                    raise RulesError(
                        e.option,
                        f"{e.message} (under ties leaders-play-on, {leaders} tied leaders "
                        "play hands alone)",
                    ) from None

    def options(self) -> dict[str, Any]:
        """Every option key with its value, as written in records (JSON-ready)."""
        return {key: _to_json(getattr(self, key)) for key in _OPTION_SPECS}

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from the preset, as written in a record's ``"options"``."""
        base = PRESETS[self.name].options()
        return {k: v for k, v in self.options().items() if base[k] != v}

    def __str__(self) -> str:
        changed = self.changed_options()
        if not changed:
            return self.name
        return self.name + " " + " ".join(f"{k}={v}" for k, v in changed.items())


def _to_json(value: object) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


@dataclasses.dataclass(frozen=True, slots=True)
class OptionHelp:
    """What an option means, in one line, and the values it takes, in words.

    >>> OPTION_HELP["melds_per_turn"].to_json()["values"]
    'a whole number from 1 to 1,000,000, or null'
    """

    #: The values the option takes, as written in records (``"low, low-or-high, around"``).
    values: str
    #: One plain-language line: what the option changes.
    description: str

    def to_json(self) -> dict[str, str]:
        """``{"values": ..., "description": ...}``."""
        return {"values": self.values, "description": self.description}


@dataclasses.dataclass(frozen=True)
class _OptionSpec:
    kind: str  # "enum", "bool", "int", "int?", "packs", "settlement"
    description: str
    enum_type: type[enum.Enum] | None = None
    allowed: tuple[int, ...] | None = None
    minimum: int = 0
    maximum: int = MAX_OPTION_NUMBER

    @property
    def values(self) -> str:
        """The allowed values in words."""
        if self.kind == "enum":
            assert self.enum_type is not None
            return ", ".join(str(m.value) for m in self.enum_type)
        if self.kind == "bool":
            return "true, false"
        if self.kind == "packs":
            return '"auto", 1, 2'
        if self.kind == "settlement":
            return 'false, "end" (or true), "per-hand"'
        if self.allowed is not None:
            return ", ".join(map(str, self.allowed))
        number = f"a whole number from {self.minimum} to {self.maximum:,}"
        return number + ", or null" if self.kind == "int?" else number

    def check(self, key: str, value: Any) -> None:
        """Raises :class:`RulesError` unless ``value`` is a field value of this option (an
        enum member, not its text)."""
        if self.enum_type is not None and not isinstance(value, self.enum_type):
            raise RulesError(
                key,
                f"option {key}: {quote(value)} is not a {self.enum_type.__name__} "
                f"(Rules.with_options reads the texts {self.values})",
            )
        self.convert(key, value)

    def convert(self, key: str, value: Any) -> Any:
        """The option's value from its record form; raises :class:`RulesError` naming ``key``."""
        if self.kind == "enum":
            assert self.enum_type is not None
            if isinstance(value, self.enum_type):
                return value
            if isinstance(value, str):
                try:
                    return self.enum_type(value)
                except ValueError:
                    pass
            raise RulesError(key, f"option {key}: {quote(value)} is not one of {self.values}")
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(key, f"option {key}: {quote(value)} is not true or false")
            return value
        if self.kind == "settlement":
            # false and true are the values records wrote before per-hand existed
            if value is False or value is Settlement.OFF:
                return Settlement.OFF
            if value is True or value == "end" or value is Settlement.END:
                return Settlement.END
            if value == "per-hand" or value is Settlement.PER_HAND:
                return Settlement.PER_HAND
            raise RulesError(key, f"option {key}: {quote(value)} is not one of {self.values}")
        if self.kind == "packs":
            # 1.0 == 1 and True == 1: only the text "auto" and the ints 1 and 2 pass
            if value == "auto" or (type(value) is int and value in (1, 2)):
                return value
            raise RulesError(key, f"option {key}: {quote(value)} is not one of {self.values}")
        if value is None and self.kind == "int?":
            return None
        if type(value) is not int:  # not a bool, not a float such as 7.0
            what = "a whole number or null" if self.kind == "int?" else "a whole number"
            raise RulesError(key, f"option {key}: {quote(value)} is not {what}")
        if self.allowed is not None and value not in self.allowed:
            raise RulesError(key, f"option {key}: {quote(value)} is not one of {self.values}")
        if value < self.minimum:
            raise RulesError(
                key, f"option {key}: must be at least {self.minimum}, not {quote(value)}"
            )
        if value > self.maximum:  # quoted: it may be a number of thousands of digits
            raise RulesError(
                key, f"option {key}: must be at most {self.maximum}, not {quote(value)}"
            )
        return value


_OPTION_SPECS: dict[str, _OptionSpec] = {
    "jokers": _OptionSpec(
        "int",
        "jokers added to each pack; a joker is wild and stands for the card its player names",
        allowed=(0, 2, 3),
    ),
    "packs": _OptionSpec(
        "packs",
        "52-card packs shuffled together; auto takes two packs for 5 or more players",
    ),
    "hand_size": _OptionSpec(
        "int?",
        "cards dealt to each player; null takes the preset's size for the number of players",
        minimum=1,
    ),
    "ace": _OptionSpec(
        "enum",
        "where an ace may stand in a run: low only (A 2 3), low or high (Q K A), "
        "or also around the corner (K A 2)",
        Ace,
    ),
    "pile_draw": _OptionSpec(
        "enum",
        "how deep a player may take from the discard pile: any card, taking every card "
        "above it too, or only the top card",
        PileDraw,
    ),
    "top_card_must_meld": _OptionSpec(
        "bool", "a player who takes only the top card of the pile must meld it that turn"
    ),
    "target_must_start_meld": _OptionSpec(
        "bool",
        "a card taken from deeper in the pile must go into a new meld; laying it off is not enough",
    ),
    "melds_per_turn": _OptionSpec(
        "int?",
        "the most new melds a player may put down in one turn (lay-offs are never "
        "limited); null for no limit",
        minimum=1,
    ),
    "layoff_needs_own_meld": _OptionSpec(
        "bool", "a player may lay off cards only after putting down a meld of their own this hand"
    ),
    "joker_swap": _OptionSpec(
        "bool",
        "a player holding the card a melded joker stands for may put it in the joker's "
        "place and take the joker",
    ),
    "rummy_call": _OptionSpec(
        "enum",
        'calling "Rummy!" out of turn to take pile cards that can be melded: any such '
        "pile cards, only the last discard, or no calls",
        RummyCall,
    ),
    "going_out": _OptionSpec(
        "enum",
        "how a player goes out: by melding or discarding their last card; only by a "
        "final discard; or by melding everything and floating with no cards "
        "(floating-unplayable: never out on a discard that could be laid off)",
        GoingOut,
    ),
    "stock_exhausted": _OptionSpec(
        "enum",
        "when the stock runs out: the hand ends; it ends after the turn that drew the "
        "last card; or the pile becomes the new stock, as it lies or shuffled",
        StockExhausted,
    ),
    "stock_reuse_limit": _OptionSpec(
        "int?",
        "with turn-over or reshuffle: how many times the pile may become the stock "
        "before the hand ends instead; null for no limit",
    ),
    "card_values": _OptionSpec(
        "enum",
        "what cards are worth: standard (2-9 face value, T-K 10, ace 15 or 1 low in a "
        "run, joker 15), 5-10-15, remik, or basic (ace 1, or 15 where aces may be high)",
        CardValues,
    ),
    "scoring": _OptionSpec(
        "enum",
        "how a hand scores: each player's melded cards minus the cards left in hand; "
        "the player who went out takes the others' hands; or penalty points for cards left",
        Scoring,
    ),
    "rummy_bonus": _OptionSpec(
        "enum",
        "going out in one turn without having melded before: no bonus, double the "
        "score, or 10 points more",
        RummyBonus,
    ),
    "target": _OptionSpec(
        "int?",
        "the total that ends the game, the highest total winning; null plays a fixed "
        "number of deals instead",
        minimum=1,
    ),
    "deals": _OptionSpec(
        "int?",
        "a fixed number of deals instead of a target (Wrotham: 6; remik-single: 1 to 3); "
        "null plays to the target",
        minimum=1,
    ),
    "must_go_out_to_win": _OptionSpec(
        "bool", "to win, a player must go out in the hand that takes them to the target"
    ),
    "settlement": _OptionSpec(
        "settlement",
        "money play: end (each loser pays the winner the difference between the totals "
        "at the end) or per-hand (after each hand each loser pays that hand's winner the "
        "cards left in hand), times chips_per_point; false: none",
        Settlement,
    ),
    "ties": _OptionSpec(
        "enum",
        "equal highest totals at the end: play-on (everybody plays more hands), share "
        "(joint winners), leaders-play-on (only the tied leaders play on), most-melded "
        "(most points melded and laid off wins, then the lowest last hand)",
        Ties,
    ),
    "chips_per_point": _OptionSpec(
        "int", "chips paid per point of difference when the game is settled", minimum=1
    ),
    "first_player_extra_card": _OptionSpec(
        "bool",
        "(Wrotham) the first player of a deal gets one card more and does not draw on "
        "their first turn",
    ),
    "all_at_once_from_deal": _OptionSpec(
        "int?",
        "(Wrotham) from this deal on, nobody may meld until they can put their whole hand "
        "down at once (all of it, or all but the discard); null: never",
        minimum=1,
    ),
}

#: Every option's values and one-line explanation, by key (RULES.md section 9).
OPTION_HELP: dict[str, OptionHelp] = {
    key: OptionHelp(spec.values, spec.description) for key, spec in _OPTION_SPECS.items()
}

#: The option keys, in the order of RULES.md section 9 (then the extensions).
OPTION_KEYS: tuple[str, ...] = tuple(_OPTION_SPECS)

_SIZES_500 = (13, 13, 13, 7, 7, 7, 7, 7, 7)
_SIZES_RUMMY = (10, 10, 10, 7, 7, 6, 6)

_500_RUM = Rules(
    name="500-rum",
    min_players=2,
    max_players=8,
    hand_sizes=_SIZES_500,
    jokers=2,
    packs="auto",
    hand_size=None,
    ace=Ace.LOW_OR_HIGH,
    pile_draw=PileDraw.ANY_DEPTH,
    top_card_must_meld=False,
    target_must_start_meld=False,
    melds_per_turn=None,
    layoff_needs_own_meld=False,
    joker_swap=False,
    rummy_call=RummyCall.PILE,
    going_out=GoingOut.ANY,
    stock_exhausted=StockExhausted.END,
    stock_reuse_limit=None,
    card_values=CardValues.STANDARD,
    scoring=Scoring.MELDED_MINUS_HAND,
    rummy_bonus=RummyBonus.NONE,
    target=500,
    deals=None,
    must_go_out_to_win=False,
    settlement=Settlement.OFF,
    ties=Ties.PLAY_ON,
    chips_per_point=1,
    first_player_extra_card=False,
    all_at_once_from_deal=None,
)

_RUMMY = dataclasses.replace(
    _500_RUM,
    name="rummy",
    max_players=6,
    hand_sizes=_SIZES_RUMMY,
    jokers=0,
    packs=1,
    ace=Ace.LOW,
    pile_draw=PileDraw.TOP_ONLY,
    melds_per_turn=1,
    rummy_call=RummyCall.OFF,
    stock_exhausted=StockExhausted.TURN_OVER,
    card_values=CardValues.BASIC,
    scoring=Scoring.WINNER_TAKES,
    target=100,
)

_REMIK = dataclasses.replace(
    _500_RUM,
    name="remik-500",
    max_players=4,
    hand_sizes=(7,),
    packs=1,
    joker_swap=True,
    rummy_call=RummyCall.OFF,
    stock_exhausted=StockExhausted.LAST_CARD,
    card_values=CardValues.REMIK,
    settlement=Settlement.END,
    ties=Ties.LEADERS_PLAY_ON,
)

#: The named presets of RULES.md section 9, by name (Remik's three formats: remik-500
#: and its alias remik-table play to the target, the tied leaders playing on;
#: remik-single plays three deals and shares a tie; the multi-table tournament is
#: :mod:`rummykit.remik_tournament`).
PRESETS: dict[str, Rules] = {
    "500-rum": _500_RUM,
    "500-rum-classic": dataclasses.replace(
        _500_RUM,
        name="500-rum-classic",
        jokers=0,
        top_card_must_meld=True,
        rummy_call=RummyCall.OFF,
        settlement=Settlement.END,
    ),
    "remik-500": _REMIK,
    "remik-single": dataclasses.replace(
        _REMIK, name="remik-single", target=None, deals=3, ties=Ties.SHARE
    ),
    "remik-table": dataclasses.replace(_REMIK, name="remik-table"),
    "rummy": _RUMMY,
    "block-rummy": dataclasses.replace(_RUMMY, name="block-rummy", stock_reuse_limit=0),
    "wrotham": dataclasses.replace(
        _RUMMY,
        name="wrotham",
        hand_sizes=(7,),
        jokers=3,
        joker_swap=True,
        target=None,
        deals=6,
        first_player_extra_card=True,
        all_at_once_from_deal=4,
    ),
}
