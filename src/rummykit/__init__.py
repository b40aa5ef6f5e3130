"""rummykit: Rummy 500 and its family, played exactly by the rules.

The core engine is pure Python with no I/O and no dependency. Start with :class:`Game`
(a whole game) or :class:`Hand` (one hand), build rules with :meth:`Rules.preset`, and
read actions with :func:`parse_action`.
"""

from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    EndOfRun,
    JokerAs,
    LayOff,
    Meld,
    Pass,
    Swap,
    Take,
    parse_action,
    parse_player_action,
)
from rummykit.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from rummykit.deal import Deal
from rummykit.errors import (
    AmbiguousAction,
    IllegalAction,
    NotationError,
    RecordError,
    RulesError,
    RummyError,
)
from rummykit.events import Event, HandEnd, HandResult
from rummykit.game import Game
from rummykit.hand import Hand
from rummykit.melds import TableMeld
from rummykit.record import load_game, parse_record, replay, write_record
from rummykit.rules import PRESETS, Rules
from rummykit.state import Phase, TurnState
from rummykit.view import MeldView, PlayerView, SeatFacts

__version__ = "0.2.0"

__all__ = [
    "JOKER",
    "PRESETS",
    "Action",
    "AmbiguousAction",
    "CallRummy",
    "Card",
    "Deal",
    "Discard",
    "Draw",
    "End",
    "EndOfRun",
    "Event",
    "Game",
    "Hand",
    "HandEnd",
    "HandResult",
    "IllegalAction",
    "JokerAs",
    "LayOff",
    "Meld",
    "MeldView",
    "NotationError",
    "Pass",
    "Phase",
    "PlayerView",
    "Rank",
    "RecordError",
    "Rules",
    "RulesError",
    "RummyError",
    "SeatFacts",
    "Suit",
    "Swap",
    "TableMeld",
    "Take",
    "TurnState",
    "format_cards",
    "load_game",
    "parse_action",
    "parse_cards",
    "parse_player_action",
    "parse_record",
    "replay",
    "write_record",
]
