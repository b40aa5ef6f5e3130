"""One hand of play: the state (:mod:`rummykit.state`) with the rules applied to it.

A :class:`Hand` starts from a :class:`Deal` and changes only through :meth:`Hand.apply`,
which refuses an illegal action with :class:`~rummykit.errors.IllegalAction` (carrying the
RULES.md id) and then leaves the state exactly as it was, or returns the
:class:`~rummykit.events.Event` saying what happened::

    >>> from rummykit import Rules, Deal, Hand, parse_action
    >>> rules = Rules.preset("500-rum")
    >>> hand = Hand(rules, ["Ana", "Ben"], dealer=0, deal=Deal.shuffled(rules, 2, seed=1))
    >>> hand.to_act, hand.phase
    (1, <Phase.DRAW: 'draw'>)
    >>> hand.apply(parse_action("discard 7H"))
    Traceback (most recent call last):
    ...
    rummykit.errors.IllegalAction: Ben must draw before discarding
    >>> event = hand.apply(parse_action("draw"))
    >>> event.seat, event.drawn in hand.hands[1]
    (1, True)
"""

from __future__ import annotations

from rummykit.actions import Action
from rummykit.deal import Deal
from rummykit.errors import IllegalAction
from rummykit.events import Event, HandEnd, HandResult
from rummykit.legal import legal_actions, open_call_depths
from rummykit.state import HandState, Phase, TurnState
from rummykit.turns import HANDLERS

__all__ = ["Deal", "Hand", "Phase", "TurnState"]


class Hand(HandState):
    """One hand of play. Seats are numbered 0..n-1 clockwise; ``names`` are for messages.

    ``Hand(rules, names, dealer, deal, number=1, seed=None, reshuffles=())``: ``seed``
    decides the order of a reshuffled stock (drawn from the operating system when None);
    ``reshuffles`` gives those orders instead, top first, as a record keeps them.
    """

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (see :mod:`rummykit.legal`), as
        an immutable tuple (computed once per position)."""
        cached = self.legal_cache
        if cached is None:
            cached = self.legal_cache = tuple(legal_actions(self, self.check))
        return cached

    def open_calls(self, player: int | None = None) -> tuple[int, ...]:
        """The depths (1: the top) of the pile cards open to a Rummy call by ``player``
        (default: the one to act) as every player can judge them, from the pile, the
        table and whether they have melded. Where the whole hand must go down at once,
        the player's hidden hand may rule some out ([wrotham.all-at-once]): those are
        still listed, as nobody else can tell."""
        return tuple(open_call_depths(self, self._seat(player)))

    def over_refusal(self) -> IllegalAction:
        """Why nothing more can be played in this hand, which is over: by the rule that
        ended it ([end.out], or [end.stock] when the stock ran out)."""
        if self.ended_by is HandEnd.STOCK:
            return IllegalAction(
                "end.stock", "the stock ran out and the hand ended: nothing more can be played"
            )
        return IllegalAction("end.out", "the hand is over: nothing more can be played")

    def check(self, action: Action, player: int | None = None) -> None:
        """Raises :class:`IllegalAction` if ``player`` (default: the one to act) may not
        take ``action`` now; changes nothing."""
        self._run(action, self._seat(player), False)

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Applies ``action`` for ``player`` (default: the one to act) and returns what
        happened.

        ``player`` lets a record's action by someone else than :attr:`to_act` apply: a
        Rummy call by a later player in the call order, or the next player's draw, which
        passes on every open call (NOTATION.md: passes are not written). Raises
        :class:`IllegalAction` and leaves the state unchanged if the action is illegal
        (``action.syntax`` for something that is not an action, ``action.turn`` for a
        seat that does not exist).
        """
        if player is None:
            seat = self.to_act
        elif type(player) is int:
            seat = player
        else:
            seat = self._seat(player)  # refuses it
        event = self._run(action, seat, True)
        assert event is not None
        self.legal_cache = None
        self.turn_cache = None
        return event

    def result(self) -> HandResult | None:
        """How the hand ended and what each seat scored, or None while it goes on."""
        scores = self.scores()
        if scores is None or self.ended_by is None:
            return None
        return HandResult(self.ended_by, self.out, tuple(scores))

    def _seat(self, player: object) -> int:
        if player is None:
            return self.to_act
        if type(player) is not int:  # bool, float, str: refused at the door
            raise IllegalAction(
                "action.turn", f"player must be a seat number (int), not {player!r}"
            )
        return player

    def _run(self, action: Action, p: int, commit: bool) -> Event | None:
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(
                "action.syntax",
                f"{action!r} is not an action (parse text with rummykit.parse_action)",
            )
        if self.phase is Phase.OVER:
            raise self.over_refusal()
        if not 0 <= p < self.n:
            raise IllegalAction("action.turn", f"there is no seat {p}")
        event = handler(self, p, action, commit)
        if event is None:
            return None
        self._log = (self._log, p, action)  # the history grows (see HandState.history)
        if self.phase is Phase.RUMMY:
            if event.call_window is not self.window:
                event = event._replace(call_window=self.window)
        elif self.is_over:  # (the handler changed the phase)
            event = event._replace(result=self.result())
        return event
