"""The game log: one line per event, written from the person's point of view.

Every line comes from an :class:`~rummykit.events.Event` as the person's seat may see it
(:meth:`~rummykit.events.Event.for_seat`): the card *you* drew is named, a card another
player drew is not; the cards anybody took from the pile are public and named. A game
resumed from its record gets the same log, in the same order, by replaying the record's
actions through the same formatting (:func:`replay_log`)::

    >>> from rummykit import Game, Rules, parse_action
    >>> game = Game(Rules.preset("500-rum"), ["You", "Ana"], seed=4, dealer=0)
    >>> [line.text for line in replay_log(game, 0)]
    ['— hand 1: You deal —']
    >>> event = game.apply(parse_action("draw"))
    >>> [line.text for line in event_lines(event, table_after(game, event), game.players, 0)]
    ['Ana drew from the stock']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummykit import Phase
from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pass,
    Swap,
    Take,
)
from rummykit.cards import Card, format_cards
from rummykit.events import Event
from rummykit.game import Game
from rummykit.rules import RummyCall
from rummykit.tui.words import agree, listing, plural, win_text

__all__ = [
    "LogLine",
    "Note",
    "Table",
    "call_targets",
    "event_lines",
    "hand_header",
    "position",
    "replay_log",
    "table_after",
]


@dataclass(frozen=True)
class LogLine:
    """One line of the game log: who did what (``seat`` -1 for the table itself).

    ``kind`` styles it: ``"action"``, ``"call"`` (a Rummy call), ``"pass"``, ``"hand"``
    (a hand begins or ends, the game ends), ``"table"`` (the stock is rebuilt) or
    ``"undo"`` (notes of the program: undo, a bot that failed).
    """

    hand: int
    seat: int
    text: str
    kind: str = "action"


@dataclass(frozen=True)
class Note:
    """A note of the program in the log (an undo, a bot that failed), and where it stands:
    in hand ``hand`` (numbered from 1), after ``after`` of the hand's actions that a
    record writes (passes are not written) and ``passes`` passes after those (only
    known in the session that made it). The session keeps its notes apart from the
    game, so that a log rebuilt by replaying the game (:func:`replay_log`, after a later
    undo or a resume) shows them where they were."""

    hand: int
    seat: int
    text: str
    after: int = 0
    passes: int = 0

    def line(self) -> LogLine:
        """The note as a line of the log."""
        return LogLine(self.hand, self.seat, self.text, "undo")


def position(history: Sequence[tuple[int, Action]]) -> tuple[int, int]:
    """Where a hand whose actions are ``history`` stands, as a :class:`Note` counts it:
    the actions a record writes (all but passes), and the passes after the last one."""
    written = [i for i, (_, action) in enumerate(history) if not isinstance(action, Pass)]
    return len(written), len(history) - (written[-1] + 1 if written else 0)


@dataclass(frozen=True)
class Table:
    """What a log line needs to know of the table around the action: how many melds are
    down after it (the number of a new meld), the card(s) the Rummy call open before it
    was on (:func:`call_targets`: what a pass or a lapsed call let go), and the game's
    winners after it (several when they share the win)."""

    melds: int
    call_on: tuple[Card, ...] = ()
    winners: tuple[int, ...] = ()
    #: after a Rummy call on the pile, the seats between the discarder and the caller,
    #: who lose their turn ([rummy.take])
    skipped: tuple[int, ...] = ()


def call_targets(game: Game) -> tuple[Card, ...]:
    """The pile cards the Rummy call open now is on, top first, as everybody can judge
    them (:meth:`~rummykit.hand.Hand.open_calls` of the seat it is offered to: never
    from that seat's hidden cards); ``()`` when no call is open. Take them before the
    action whose lines they are for."""
    if game.over or not game.hands or game.hand.phase is not Phase.RUMMY:
        return ()
    hand = game.hand
    pile = hand.pile
    return tuple(Card(pile[-d]) for d in sorted(hand.open_calls()) if 0 < d <= len(pile))


def table_after(game: Game, event: Event, call_on: tuple[Card, ...] = ()) -> Table:
    """The :class:`Table` of the hand ``event`` was played in, as it is after it (call
    it right after applying the action: the next hand may have been dealt since);
    ``call_on`` is what :func:`call_targets` said before the action."""
    hand = game.hands[event.hand - 1]
    skipped: tuple[int, ...] = ()
    if isinstance(event.action, CallRummy) and hand.rules.rummy_call is not RummyCall.LAST_DISCARD:
        seats = game.seatings[event.hand - 1]  # the game seats dealt in, by hand seat
        n, discarder = len(seats), hand.last_player  # (a call leaves it the discarder)
        between = (seats.index(event.seat) - discarder) % n
        skipped = tuple(seats[(discarder + i) % n] for i in range(1, between))
    return Table(len(hand.melds), call_on, game.winners, skipped)


def hand_header(number: int, dealer: int, names: Sequence[str]) -> LogLine:
    """The line that opens a hand: ``— hand 2: Ben deals —``."""
    who = names[dealer]
    return LogLine(number, -1, f"— hand {number}: {who} {agree(who, 'deal')} —", "hand")


def _args(action: Action) -> str:
    """The arguments of an action as the record writes them (``7H 8H JK=9H``)."""
    return str(action).partition(" ")[2]


def _on(cards: Sequence[Card]) -> str:
    """`` on TH`` (`` on TH or 5C``): the card(s) a Rummy call was open on, if known."""
    return f" on {listing([str(c) for c in cards], 'or')}" if cards else ""


def _taken(cards: Sequence[Card]) -> str:
    if len(cards) == 1:
        return str(cards[0])
    return f"{plural(len(cards), 'card')}: {format_cards(cards)}"


def _action_line(event: Event, after: Table, name: str) -> tuple[str, str]:
    """The text and kind of the line saying what the action did."""
    action = event.action
    if isinstance(action, Draw):
        if event.drawn is not None:
            return f"{name} drew {event.drawn}", "action"
        return f"{name} drew from the stock", "action"
    if isinstance(action, CallRummy):
        return f"{name} called RUMMY! and took {_taken(event.taken)}", "call"
    if isinstance(action, Take):
        return f"{name} took {_taken(event.taken)}", "action"
    if isinstance(action, Pass):
        return f"{name} passed the Rummy call{_on(after.call_on)}", "pass"
    if isinstance(action, Meld):
        return f"{name} melded {_args(action)} (meld {after.melds})", "action"
    if isinstance(action, LayOff):
        end = f" ({action.end} end)" if action.end else ""
        cards = " ".join(str(c) for c in action.cards)
        return f"{name} laid off {cards} on meld {action.meld}{end}", "action"
    if isinstance(action, Swap):
        return f"{name} swapped {action.card} for the joker of meld {action.meld}", "action"
    if isinstance(action, Discard):
        return f"{name} discarded {action.card}", "action"
    if isinstance(action, End):
        return f"{name} ended the hand (the stock is empty)", "action"
    return f"{name}: {action}", "action"


def event_lines(
    event: Event, after: Table, names: Sequence[str], me: int, *, reshuffle: bool = False
) -> list[LogLine]:
    """The log lines of one event, as seat ``me`` may know it.

    ``after`` is the table right after the action (:func:`table_after`); ``reshuffle``
    says whether a rebuilt stock is shuffled (``stock_exhausted=reshuffle``) or turned
    over as it lies.
    """
    seen = event.for_seat(me)
    hand = seen.hand
    lines: list[LogLine] = []
    if seen.restocked:
        how = "shuffled into" if reshuffle else "turned over to make"
        text = f"the stock ran out: the pile was {how} a new stock"
        lines.append(LogLine(hand, -1, text, "table"))
    lapsed = [s for s in seen.passed if s != seen.seat]
    if lapsed:
        who = ", ".join(names[s] for s in lapsed)
        lines.append(LogLine(hand, -1, f"{who} let the Rummy call{_on(after.call_on)} go", "pass"))
    text, kind = _action_line(seen, after, names[seen.seat])
    lines.append(LogLine(hand, seen.seat, text, kind))
    if after.skipped:
        losers = [names[s] for s in after.skipped]
        lose = agree(losers[0], "lose") if len(losers) == 1 else "lose"
        lines.append(LogLine(hand, -1, f"{listing(losers)} {lose} a turn to the call", "call"))
    result = seen.result
    if result is not None:
        if result.out is not None:
            end = f"{names[result.out]} went out"
        else:
            end = "the stock ran out: the hand is over"
        scores = ", ".join(f"{n} {s:+d}" for n, s in zip(names, result.scores, strict=True))
        lines.append(LogLine(hand, -1, f"{end} ({scores})", "hand"))
    if seen.game_over:
        winners = after.winners or (() if seen.winner is None else (seen.winner,))
        won = win_text([names[s] for s in winners])
        lines.append(LogLine(hand, -1, f"Game over: {won}" if won else "Game over", "hand"))
    return lines


def replay_log(game: Game, me: int, notes: Sequence[Note] = ()) -> list[LogLine]:
    """The whole log of ``game``, rebuilt by replaying its actions through
    :func:`event_lines` on a copy (the game itself is not changed), with the ``notes``
    where they stand (notes at the same place in their order; a note past the end of
    its hand at the end of it). Used when a game is resumed from its record and after
    an undo; it takes milliseconds for a whole game.
    """
    names = game.players
    copy = Game(game.rules, names, seed=game.seed, dealer=game.first_dealer, auto_deal=False)
    lines: list[LogLine] = []
    hands = zip(game.deals, game.hands, game.seatings, strict=True)
    for number, ((dealer, deal), hand, seats) in enumerate(hands, start=1):
        copy.start_hand(deal, reshuffles=hand.shuffles)
        lines.append(hand_header(number, dealer, names))
        mine = [note for note in notes if note.hand == number]
        lines += _replay_actions(copy, hand.history, seats, me, mine)
    return lines


def _replay_actions(
    copy: Game,
    history: Sequence[tuple[int, Action]],
    seats: Sequence[int],
    me: int,
    notes: Sequence[Note] = (),
) -> list[LogLine]:
    """The log lines of one hand's actions, applied to ``copy``: the history numbers the
    hand's own seats, ``seats`` gives their game seats (only tied leaders may be dealt
    in, [game.ties]); each of the hand's ``notes`` comes before the first action past
    where it stands."""
    reshuffle = copy.rules.stock_exhausted.value == "reshuffle"
    lines: list[LogLine] = []
    waiting = sorted(notes, key=lambda note: (note.after, note.passes))  # stable
    written = passes = 0
    for seat, action in history:
        while waiting and (waiting[0].after, waiting[0].passes) <= (written, passes):
            lines.append(waiting.pop(0).line())
        call_on = call_targets(copy)
        event = copy.apply(action, seats[seat])
        after = table_after(copy, event, call_on)
        lines += event_lines(event, after, copy.players, me, reshuffle=reshuffle)
        if isinstance(action, Pass):
            passes += 1
        else:
            written, passes = written + 1, 0
    lines += [note.line() for note in waiting]
    return lines
