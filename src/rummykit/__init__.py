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
from rummykit.errors import IllegalAction, NotationError, RecordError, RulesError, RummyError
from rummykit.game import Game, HandResult
from rummykit.hand import Deal, Hand, Phase
from rummykit.melds import TableMeld
from rummykit.record import load_game, parse_record, replay, write_record
from rummykit.rules import PRESETS, Rules
from rummykit.view import MeldView, PlayerView

__version__ = "0.1.0"

__all__ = [
    "JOKER",
    "PRESETS",
    "Action",
    "CallRummy",
    "Card",
    "Deal",
    "Discard",
    "Draw",
    "End",
    "EndOfRun",
    "Game",
    "Hand",
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
    "Suit",
    "Swap",
    "TableMeld",
    "Take",
    "format_cards",
    "load_game",
    "parse_action",
    "parse_cards",
    "parse_player_action",
    "parse_record",
    "replay",
    "write_record",
]
