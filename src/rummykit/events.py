"""What happened: the event that :meth:`Hand.apply` and :meth:`Game.apply` return.

An :class:`Event` says what one action did, so that a log, a record, a bot or a server
never has to compare states before and after. It has a public part, which every player
and spectator may know, and a private part:

- ``drawn``, the stock card drawn, is known only to the seat that drew it, unless
  ``drawn_public``: drawn from a stock whose order everybody knows (a pile turned over,
  ``stock_exhausted`` ``turn-over``), so everybody saw which card it was;
- ``stock_order``, the order of a reshuffled stock, is chance that nobody at the table
  knows (a game record keeps it so that a replay deals the same cards).

:meth:`Event.for_seat` gives the copy a seat may see. A hand that ends says how in
:attr:`Event.result`, a typed :class:`HandResult`.

>>> from rummykit import Game, Rules, parse_action
>>> game = Game(Rules.preset("500-rum", rummy_call="off"), ["Ana", "Ben"], seed=42)
>>> event = game.apply(parse_action("draw"))
>>> event.seat, str(event.action), event.drawn is not None
(1, 'draw', True)
>>> event.for_seat(0).drawn is None
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from rummykit.actions import Action
from rummykit.cards import Card

__all__ = ["Event", "HandEnd", "HandResult"]


class HandEnd(enum.Enum):
    """How a hand ended."""

    OUT = "out"  #: a player went out
    STOCK = "stock"  #: the stock ran out and the hand ended ([end.stock])


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended and what each seat scored.

    >>> r = HandResult(HandEnd.OUT, 1, (-35, 62))
    >>> r.ended_by.value, r.out, r.scores
    ('out', 1, (-35, 62))
    """

    ended_by: HandEnd
    out: int | None  #: the seat that went out; None when the stock ended the hand
    scores: tuple[int, ...]


class Event(NamedTuple):
    """What one applied action did. Seats are numbers, cards are :class:`Card` objects.

    Fields left at their defaults did not happen: ``taken`` is empty unless pile cards
    were taken, ``result`` is None unless the action ended the hand. An event is an
    immutable named tuple (one is made for every action, so it is made cheaply); read it
    by field names, and use ``event._replace(...)`` for a changed copy.
    """

    hand: int  #: the number of the hand the action was played in (from 1)
    seat: int  #: who acted
    action: Action
    #: the stock card drawn; private: only ``seat`` may see it
    drawn: Card | None = None
    #: the pile cards taken by a take or a Rummy call, deepest (the target) first
    taken: tuple[Card, ...] = ()
    #: the seats whose open Rummy call lapsed with this action (a pass, or the next draw)
    passed: tuple[int, ...] = ()
    #: the stock was rebuilt from the discard pile before this draw ([end.stock])
    restocked: bool = False
    #: the rebuilt stock's order, top first, when it was shuffled: chance nobody sees
    stock_order: tuple[Card, ...] | None = None
    #: the seats, in order, to whom a Rummy call is now offered
    call_window: tuple[int, ...] = ()
    #: the hand's result, when this action ended it
    result: HandResult | None = None
    #: the game is over after this action (only from :meth:`Game.apply`)
    game_over: bool = False
    #: the game's winner once it is over, or None (no winner yet, or a shared win)
    winner: int | None = None
    #: the number of the hand dealt after this one ended, if the game deals on
    next_hand: int | None = None
    #: the game's winners once it is over: one seat, or several for a shared win
    winners: tuple[int, ...] = ()
    #: ``drawn`` came from a stock of public order (a turned-over pile): everybody knows it
    drawn_public: bool = False

    def for_seat(self, seat: int | None) -> Event:
        """The event as ``seat`` may know it (None: a spectator): the drawn card only for
        the seat that drew it (for everybody when ``drawn_public``), never the order of a
        shuffled stock."""
        mine = seat is not None and seat == self.seat
        drawn = self.drawn if mine or self.drawn_public else None
        if drawn is self.drawn and self.stock_order is None:
            return self
        return self._replace(drawn=drawn, stock_order=None)

    def public(self) -> Event:
        """The part every player and spectator may know."""
        return self.for_seat(None)
