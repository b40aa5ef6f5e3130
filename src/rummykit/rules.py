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

Every wrong option is refused with :class:`~rummykit.errors.RulesError` naming it::

    >>> Rules.preset("500-rum", going_out="sometimes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummykit.errors.RulesError: option going_out: 'sometimes' is not one of any, ...
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any, Literal

from rummykit.errors import RulesError

__all__ = [
    "PRESETS",
    "Ace",
    "CardValues",
    "GoingOut",
    "PileDraw",
    "Rules",
    "RummyBonus",
    "RummyCall",
    "Scoring",
    "StockExhausted",
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


Packs = Literal["auto", 1, 2]


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
    settlement: bool
    chips_per_point: int
    #: Extension (Wrotham): the first player of a deal gets one card more and does not
    #: draw on their first turn.
    first_player_extra_card: bool
    #: Extension (Wrotham): from this deal on (1-based), nobody may meld until they can
    #: meld their whole hand at once (all but one card, which is discarded).
    all_at_once_from_deal: int | None

    # ------------------------------------------------------------------ building
    @classmethod
    def preset(cls, name: str = "500-rum", /, **options: Any) -> Rules:
        """The preset called ``name`` with ``options`` set on top (keys of section 9).

        Raises :class:`RulesError` for an unknown preset, option or value.
        """
        base = PRESETS.get(name)
        if base is None:
            raise RulesError("rules", f"unknown preset {name!r}; presets are {', '.join(PRESETS)}")
        return base.with_options(options)

    @classmethod
    def from_record(cls, name: str, options: Mapping[str, Any] | None) -> Rules:
        """The rules of a record's ``"rules"`` and ``"options"`` (see :meth:`preset`)."""
        if not isinstance(name, str):
            raise RulesError("rules", f'"rules" must name a preset, not {name!r}')
        if options is not None and not isinstance(options, Mapping):
            raise RulesError("options", '"options" must be an object of option keys')
        return cls.preset(name, **dict(options or {}))

    def with_options(self, options: Mapping[str, Any]) -> Rules:
        """These rules with ``options`` changed; each key and value is validated."""
        changes: dict[str, Any] = {}
        for key, value in options.items():
            spec = _OPTION_SPECS.get(key)
            if spec is None:
                raise RulesError(
                    key, f"unknown option {key!r}; options are {', '.join(_OPTION_SPECS)}"
                )
            changes[key] = spec.convert(key, value)
        rules = dataclasses.replace(self, **changes)
        rules._validate()
        return rules

    def _validate(self) -> None:
        if self.hand_size is not None and self.hand_size < 1:
            raise RulesError("hand_size", "option hand_size: must be at least 1")
        if self.melds_per_turn is not None and self.melds_per_turn < 1:
            raise RulesError("melds_per_turn", "option melds_per_turn: must be at least 1")
        if self.target is None and self.deals is None:
            raise RulesError("target", "option target: a game needs a target or a number of deals")
        if self.target is not None and self.target < 1:
            raise RulesError("target", "option target: must be at least 1")
        if self.deals is not None and self.deals < 1:
            raise RulesError("deals", "option deals: must be at least 1")
        if self.chips_per_point < 1:
            raise RulesError("chips_per_point", "option chips_per_point: must be at least 1")
        if self.stock_reuse_limit is not None and self.stock_reuse_limit < 0:
            raise RulesError("stock_reuse_limit", "option stock_reuse_limit: must be 0 or more")
        if self.all_at_once_from_deal is not None and self.all_at_once_from_deal < 1:
            raise RulesError(
                "all_at_once_from_deal", "option all_at_once_from_deal: must be at least 1"
            )

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
        """Raises :class:`RulesError` if this many players cannot play these rules."""
        if not self.min_players <= players <= self.max_players:
            raise RulesError(
                "players",
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}",
            )
        dealt = players * self.hand_size_for(players) + int(self.first_player_extra_card) + 1
        if dealt > self.pack_size(players):
            raise RulesError(
                "hand_size",
                f"option hand_size: {players} hands of {self.hand_size_for(players)} cards and "
                f"an upcard need {dealt} cards, but the pack has {self.pack_size(players)}",
            )

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


@dataclasses.dataclass(frozen=True)
class _OptionSpec:
    kind: str  # "enum", "bool", "int", "int?", "packs"
    enum_type: type[enum.Enum] | None = None
    allowed: tuple[int, ...] | None = None

    def convert(self, key: str, value: Any) -> Any:
        if self.kind == "enum":
            assert self.enum_type is not None
            try:
                return self.enum_type(value)
            except ValueError:
                names = ", ".join(str(m.value) for m in self.enum_type)
                raise RulesError(key, f"option {key}: {value!r} is not one of {names}") from None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(key, f"option {key}: {value!r} is not true or false")
            return value
        if self.kind == "packs":
            if value in ("auto", 1, 2) and not isinstance(value, bool):
                return value
            raise RulesError(key, f'option {key}: {value!r} is not "auto", 1 or 2')
        if value is None and self.kind == "int?":
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            what = "a whole number or null" if self.kind == "int?" else "a whole number"
            raise RulesError(key, f"option {key}: {value!r} is not {what}")
        if self.allowed is not None and value not in self.allowed:
            raise RulesError(
                key, f"option {key}: {value!r} is not one of {', '.join(map(str, self.allowed))}"
            )
        return value


_OPTION_SPECS: dict[str, _OptionSpec] = {
    "jokers": _OptionSpec("int", allowed=(0, 2, 3)),
    "packs": _OptionSpec("packs"),
    "hand_size": _OptionSpec("int?"),
    "ace": _OptionSpec("enum", Ace),
    "pile_draw": _OptionSpec("enum", PileDraw),
    "top_card_must_meld": _OptionSpec("bool"),
    "target_must_start_meld": _OptionSpec("bool"),
    "melds_per_turn": _OptionSpec("int?"),
    "layoff_needs_own_meld": _OptionSpec("bool"),
    "joker_swap": _OptionSpec("bool"),
    "rummy_call": _OptionSpec("enum", RummyCall),
    "going_out": _OptionSpec("enum", GoingOut),
    "stock_exhausted": _OptionSpec("enum", StockExhausted),
    "stock_reuse_limit": _OptionSpec("int?"),
    "card_values": _OptionSpec("enum", CardValues),
    "scoring": _OptionSpec("enum", Scoring),
    "rummy_bonus": _OptionSpec("enum", RummyBonus),
    "target": _OptionSpec("int?"),
    "deals": _OptionSpec("int?"),
    "must_go_out_to_win": _OptionSpec("bool"),
    "settlement": _OptionSpec("bool"),
    "chips_per_point": _OptionSpec("int"),
    "first_player_extra_card": _OptionSpec("bool"),
    "all_at_once_from_deal": _OptionSpec("int?"),
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
    settlement=False,
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

#: The named presets of RULES.md section 9, by name.
PRESETS: dict[str, Rules] = {
    "500-rum": _500_RUM,
    "500-rum-classic": dataclasses.replace(
        _500_RUM,
        name="500-rum-classic",
        jokers=0,
        top_card_must_meld=True,
        rummy_call=RummyCall.OFF,
        settlement=True,
    ),
    "remik-500": dataclasses.replace(
        _500_RUM,
        name="remik-500",
        max_players=4,
        hand_sizes=(7,),
        packs=1,
        joker_swap=True,
        rummy_call=RummyCall.OFF,
        stock_exhausted=StockExhausted.LAST_CARD,
        card_values=CardValues.REMIK,
        settlement=True,
    ),
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
