"""Per-player views: everything one player may know, and nothing else.

A :class:`PlayerView` holds the player's own hand, but of the others only how many cards
they hold and the cards they are publicly known to hold (taken from the pile or a
joker taken from the table, and not yet put down). The stock is only a count, unless
the pile was turned over into it without shuffling: then everybody saw its order, the
view holds it, and the cards each seat drew from it (``drawn_known``) are public too. Everything
on the table is public: the discard pile in order, every meld with who laid each card
and what each joker stands for, the scores, and the hand's public log. A spectator view
(``seat=None``) holds no hand at all. Bots and the server only ever see views.

:class:`SeatFacts` holds the same facts of one seat as card codes and numbers, without
the text (names, the log, the notation): what a program that looks many times a second
needs, cheaper to build (the research environment's observations come from it).

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
>>> v = game.view(0)
>>> len(v.hand), v.hand_sizes, v.stock_size
(13, (13, 13), 27)
>>> game.view(None).hand is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rummykit.actions import Action
from rummykit.cards import CARDS, Card
from rummykit.hand import Hand
from rummykit.melds import TableMeld, card_text
from rummykit.rules import Rules
from rummykit.state import Phase, TurnState

__all__ = ["MeldView", "PlayerView", "SeatFacts", "facts_of_hand", "view_of_hand"]


@dataclass(frozen=True)
class MeldView:
    """A table meld as everybody sees it."""

    number: int
    kind: str  # "group" or "run"
    cards: tuple[str, ...]  # notation, jokers declared ("JK=8H")
    laid_by: tuple[str, ...]  # the player who put each card down
    meld: TableMeld


@dataclass(frozen=True)
class PlayerView:
    """What one seat (or a spectator, ``seat is None``) may know at one moment."""

    seat: int | None
    players: tuple[str, ...]
    rules: Rules
    hand_number: int
    dealer: int
    phase: Phase
    to_act: int
    turn: int
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock_size: int
    pile: tuple[Card, ...]  # bottom first, top last
    melds: tuple[MeldView, ...]
    totals: tuple[int, ...]
    log: tuple[tuple[int, str], ...]  # (seat, action text), passes left out
    must_meld: Card | None  # the pile card the player in turn must still meld
    took: int  # cards the player in turn took from the pile this turn (0: stock)
    melds_made: int
    has_melded: tuple[bool, ...]
    played: tuple[bool, ...]
    stock_reuses: int
    call_order: tuple[int, ...]  # seats still to be offered the open Rummy call
    legal_actions: tuple[Action, ...]  # the seat's legal actions if it is to act, else ()
    game_over: bool
    winner: int | None  # the single winner; None also when the win is shared
    #: Every public fact of the turn in progress (with the cards, the whole state).
    turn_state: TurnState
    #: the game's winners once it is over: one seat, or several for a shared win
    winners: tuple[int, ...] = ()
    #: the stock, top first, where everybody knows its order (the pile turned over
    #: without shuffling, ``stock_exhausted = turn-over``); () while it is hidden
    open_stock: tuple[Card, ...] = ()
    #: per seat, the cards it drew from such a stock and still holds (public too, but
    #: unlike ``known`` they say where a card is, not that its holder wanted it)
    drawn_known: tuple[tuple[Card, ...], ...] = ()

    @property
    def same_card(self) -> Card | None:
        """The card taken alone from the pile top this turn, which may not be discarded."""
        code = self.turn_state.same_card
        return CARDS[code] if code >= 0 else None

    def state_with(
        self,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        seed: int | str | None = 0,
    ) -> Hand:
        """The full hand this view is of, with the hidden cards as given: every seat's hand
        (this seat's must be the view's) and the stock, top first. Bots that sample the
        unseen cards build the states they search with this."""
        return Hand.from_public(
            self.rules,
            self.players,
            self.dealer,
            self.hand_number,
            self.turn_state,
            hands=hands,
            stock=stock,
            pile=[int(c) for c in self.pile],
            melds=[m.meld for m in self.melds],
            known=[[int(c) for c in k] for k in self.known],
            drawn_known=[[int(c) for c in d] for d in self.drawn_known],
            seed=seed,
        )

    def name(self, seat: int) -> str:
        """The name of a seat."""
        return self.players[seat]

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile."""
        return self.pile[-1] if self.pile else None


class SeatFacts(NamedTuple):
    """What one seat may know at one moment, as card codes and numbers: the facts of its
    :class:`PlayerView`, without the names, the log and the notation. Like a view it
    holds no hidden card: the seat's own hand, and of the others only what the table
    shows. :meth:`Game.facts <rummykit.game.Game.facts>` builds it.

    The view's other fields follow from these: ``must_meld`` is ``turn_state.target``
    while ``turn_state.pending``; ``took``, ``melds_made``, ``has_melded``, ``played``
    and ``stock_reuses`` (``reuse``) are in ``turn_state``; ``call_order`` is
    ``turn_state.window`` in the ``rummy`` phase (else empty).
    """

    seat: int
    rules: Rules
    hand_number: int
    dealer: int
    phase: Phase
    to_act: int
    #: the seat's cards, codes in ascending order (the view's order)
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    #: card codes each seat is publicly known to hold
    known: tuple[tuple[int, ...], ...]
    stock_size: int
    #: card codes, bottom first, top last
    pile: tuple[int, ...]
    #: the table melds in order; the same tuple object while the table does not change
    melds: tuple[TableMeld, ...]
    totals: tuple[int, ...]
    #: the seat's legal actions if it is to act, else ()
    legal_actions: tuple[Action, ...]
    game_over: bool
    turn_state: TurnState
    #: the stock's card codes, top first, where its order is public; () while hidden
    open_stock: tuple[int, ...] = ()
    #: per seat, the card codes it drew from such a stock and still holds
    drawn_known: tuple[tuple[int, ...], ...] = ()


def facts_of_hand(hand: Hand, seat: int, totals: tuple[int, ...], over: bool) -> SeatFacts:
    """The facts of one hand for ``seat`` (see :class:`SeatFacts`); what
    :func:`view_of_hand` gives the same seat, without the text."""
    to_act = hand.to_act
    return SeatFacts(
        seat,
        hand.rules,
        hand.number,
        hand.dealer,
        hand.phase,
        to_act,
        tuple(sorted(hand.hands[seat])),
        tuple(map(len, hand.hands)),
        tuple(map(tuple, hand.known)),
        len(hand.stock),
        tuple(hand.pile),
        _table(hand),
        totals,
        hand.legal_actions() if seat == to_act and not over else (),
        over,
        hand.turn_state(),
        tuple(reversed(hand.stock)) if hand.stock_public() else (),
        hand.drawn_known,
    )


def view_of_hand(
    hand: Hand,
    seat: int | None,
    totals: tuple[int, ...],
    over: bool,
    winner: int | None,
    winners: tuple[int, ...] | None = None,
) -> PlayerView:
    """The view of one hand for ``seat`` (None: a spectator); ``winners`` defaults to
    ``winner`` alone."""
    if winners is None:
        winners = () if winner is None else (winner,)
    to_act = hand.to_act
    legal: tuple[Action, ...] = ()
    if seat is not None and seat == to_act and not over:
        legal = hand.legal_actions()  # a tuple, kept until the position changes
    own = None
    if seat is not None:  # card codes sort as card_sort_key does: suit, rank, jokers last
        own = tuple(map(_CARD_OF, sorted(hand.hands[seat])))
    phase = hand.phase
    turn_state = hand.turn_state()
    view = _new(PlayerView)
    # a PlayerView is frozen: its fields are set once, here, as __init__ would set them
    view.__dict__.update(
        seat=seat,
        players=hand.names,
        rules=hand.rules,
        hand_number=hand.number,
        dealer=hand.dealer,
        phase=phase,
        to_act=to_act,
        turn=hand.turn,
        hand=own,
        hand_sizes=tuple(map(len, hand.hands)),
        known=tuple([tuple(map(_CARD_OF, k)) if k else () for k in hand.known]),
        stock_size=len(hand.stock),
        pile=tuple(map(_CARD_OF, hand.pile)),
        melds=_meld_views(hand),
        totals=totals,
        log=hand.public_log(),
        must_meld=CARDS[hand.target] if hand.pending else None,
        took=hand.took,
        melds_made=hand.melds_made,
        has_melded=turn_state.has_melded,
        played=turn_state.played,
        stock_reuses=hand.reuse,
        call_order=hand.window if phase is Phase.RUMMY else (),
        legal_actions=legal,
        game_over=over,
        winner=winner,
        turn_state=turn_state,
        winners=winners,
        open_stock=tuple(map(_CARD_OF, reversed(hand.stock))) if hand.stock_public() else (),
        drawn_known=tuple([tuple(map(_CARD_OF, d)) if d else () for d in hand.drawn_known]),
    )
    return view


_new = object.__new__
_CARD_OF = CARDS.__getitem__


def _meld_view(hand: Hand, number: int, m: TableMeld) -> MeldView:
    return MeldView(
        number=number,
        kind="run" if m.is_run else "group",
        cards=tuple(card_text(m, j) for j in range(len(m.cards))),
        laid_by=tuple(hand.names[o] for o in m.owners),
        meld=m,
    )


# hand.view_cache is (the table's list, the table as a tuple, its meld views or None,
# the meld views made last): kept until the table changes, and a meld that did not
# change keeps its view


def _table(hand: Hand) -> tuple[TableMeld, ...]:
    """The table as a tuple, the same object while the table does not change."""
    melds = hand.melds
    cached = hand.view_cache
    if cached is not None and cached[0] is melds:
        return cached[1]  # type: ignore[no-any-return]
    table = tuple(melds)
    hand.view_cache = (melds, table, None, cached[3] if cached is not None else ())
    return table


def _meld_views(hand: Hand) -> tuple[MeldView, ...]:
    """The table as everybody sees it, kept on the hand until the table changes."""
    cached = hand.view_cache
    melds = hand.melds
    if cached is not None and cached[0] is melds and cached[2] is not None:
        return cached[2]  # type: ignore[no-any-return]
    table = _table(hand)
    old = hand.view_cache[3] if hand.view_cache is not None else ()
    views = tuple(
        old[i] if i < len(old) and old[i].meld is m else _meld_view(hand, i + 1, m)
        for i, m in enumerate(melds)
    )
    hand.view_cache = (melds, table, views, views)
    return views
