"""The state of one hand: whose turn, which phase, every card's place; and the rules that
decide what may happen next.

A :class:`Hand` starts from a :class:`Deal` and changes only through :meth:`Hand.apply`,
which refuses an illegal action with :class:`~rummykit.errors.IllegalAction` (carrying the
RULES.md id) and then leaves the state exactly as it was::

    >>> from rummykit import Rules, Deal, Hand, parse_action
    >>> rules = Rules.preset("500-rum")
    >>> hand = Hand(rules, ["Ana", "Ben"], dealer=0, deal=Deal.shuffled(rules, 2, seed=1))
    >>> hand.to_act, hand.phase
    (1, <Phase.DRAW: 'draw'>)
    >>> hand.apply(parse_action("discard 7H"))
    Traceback (most recent call last):
    ...
    rummykit.errors.IllegalAction: Ben must draw before discarding
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rummykit.actions import (
    Action,
    Discard,
    LayOff,
    Pass,
)
from rummykit.cards import CARDS, Card
from rummykit.deal import Deal
from rummykit.errors import IllegalAction, RecordError
from rummykit.melds import TableMeld
from rummykit.reach import Reach, can_meld_all, direct_fits
from rummykit.rules import GoingOut, Rules, RummyCall, StockExhausted
from rummykit.scoring import score_hand

__all__ = ["Deal", "Hand", "Phase", "TurnState"]

_MANY = 1 << 20


class Phase(enum.Enum):
    """What the hand waits for."""

    DRAW = "draw"  #: the player to act draws, takes from the pile, or ends (empty stock)
    PLAY = "play"  #: the player melds, lays off, swaps, and discards
    RUMMY = "rummy"  #: a Rummy call is offered to the player to act, who calls or passes
    OVER = "over"  #: the hand has ended


@dataclass(frozen=True)
class TurnState:
    """The public facts of the turn in progress, which every player may know.

    Together with the cards (each hand, the stock order, the pile, the melds) they are the
    whole state of a hand: :meth:`Hand.from_public` rebuilds a hand from them.
    """

    turn: int
    phase: Phase
    took: int  #: pile cards taken this turn (0: drew from the stock, or no draw yet)
    target: int  #: code of the deepest card taken from the pile this turn, or -1
    pending: bool  #: the target must still be melded this turn
    pending_rule: str  #: the rule that obliges it
    same_card: int  #: code of a card that may not be discarded this turn, or -1
    melds_made: int
    has_melded: tuple[bool, ...]
    played: tuple[bool, ...]
    played_at_start: bool
    window: tuple[int, ...]  #: seats still to be offered the open Rummy call
    window_next: int
    last_player: int
    call_layoff_only: bool
    call_resume: int
    reuse: int
    last_turn: bool
    first_turn: bool


class Hand:
    """One hand of play. Seats are numbered 0..n-1 clockwise; ``names`` are for messages."""

    __slots__ = (
        "_fits",
        "_legal",
        "_log",
        "_log_text",
        "_reach_base",
        "call_layoff_only",
        "call_resume",
        "dealer",
        "ended_by",
        "first_turn",
        "hands",
        "has_melded",
        "known",
        "last_player",
        "last_turn",
        "melds",
        "melds_made",
        "n",
        "names",
        "number",
        "out",
        "pending",
        "pending_rule",
        "phase",
        "pile",
        "played",
        "played_at_start",
        "reuse",
        "rules",
        "same_card",
        "seed",
        "stock",
        "target",
        "took",
        "turn",
        "window",
        "window_next",
    )

    rules: Rules
    n: int
    names: tuple[str, ...]
    dealer: int
    number: int
    seed: int | str
    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    melds: list[TableMeld]
    known: list[list[int]]
    turn: int
    phase: Phase
    took: int
    target: int
    pending: bool
    pending_rule: str
    same_card: int
    melds_made: int
    has_melded: list[bool]
    played: list[bool]
    played_at_start: bool
    window: tuple[int, ...]
    window_next: int
    last_player: int
    call_resume: int
    call_layoff_only: bool
    reuse: int
    last_turn: bool
    first_turn: bool
    ended_by: str | None
    out: int
    _log: tuple[Any, ...] | None
    _log_text: tuple[Any, tuple[tuple[int, str], ...]] | None
    _legal: list[Action] | None
    _reach_base: list[tuple[int, bool]] | None  # (pile depth, needs a lay-off) of calls
    _fits: tuple[list[TableMeld], tuple[frozenset[int], int]] | None

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        dealer: int,
        deal: Deal,
        *,
        number: int = 1,
        seed: int | str = 0,
    ) -> None:
        n = len(names)
        if len(deal.hands) != n:
            raise RecordError(
                "record.deal", f"the deal has {len(deal.hands)} hands for {n} players"
            )
        rules.check_players(n)
        deal.check(rules, dealer)
        self.rules = rules
        self.n = n
        self.names = tuple(names)
        self.dealer = dealer
        self.number = number
        self.seed = seed
        self.hands = [[int(c) for c in h] for h in deal.hands]
        self.stock = [int(c) for c in reversed(deal.stock)]
        self.pile = [int(deal.upcard)]
        self.melds = []
        self.known = [[] for _ in range(n)]
        self.turn = (dealer + 1) % n
        self.first_turn = rules.first_player_extra_card
        self.phase = Phase.PLAY if self.first_turn else Phase.DRAW
        self.took = 0
        self.target = -1
        self.pending = False
        self.pending_rule = ""
        self.same_card = -1
        self.melds_made = 0
        self.has_melded = [False] * n
        self.played = [False] * n
        self.played_at_start = False
        self.window = ()
        self.window_next = -1
        self.last_player = -1
        self.call_resume = -1
        self.call_layoff_only = False
        self.reuse = 0
        self.last_turn = False
        self.ended_by = None
        self.out = -1
        self._clear_caches()

    @classmethod
    def from_public(
        cls,
        rules: Rules,
        names: Sequence[str],
        dealer: int,
        number: int,
        state: TurnState,
        *,
        hands: Sequence[Sequence[int]],
        stock: Sequence[int],
        pile: Sequence[int],
        melds: Sequence[TableMeld],
        known: Sequence[Sequence[int]],
        seed: int | str = 0,
    ) -> Hand:
        """A hand in the middle of play, from its cards and its public turn state (as a
        bot that samples the hidden cards builds one). ``stock`` is listed top first.
        The history starts empty."""
        h = cls.__new__(cls)
        h.rules = rules
        h.n = len(names)
        h.names = tuple(names)
        h.dealer = dealer
        h.number = number
        h.seed = seed
        h.hands = [[int(c) for c in x] for x in hands]
        h.stock = [int(c) for c in reversed(stock)]
        h.pile = [int(c) for c in pile]
        h.melds = list(melds)
        h.known = [[int(c) for c in k] for k in known]
        h.turn = state.turn
        h.phase = state.phase
        h.took = state.took
        h.target = state.target
        h.pending = state.pending
        h.pending_rule = state.pending_rule
        h.same_card = state.same_card
        h.melds_made = state.melds_made
        h.has_melded = list(state.has_melded)
        h.played = list(state.played)
        h.played_at_start = state.played_at_start
        h.window = state.window
        h.window_next = state.window_next
        h.last_player = state.last_player
        h.call_layoff_only = state.call_layoff_only
        h.call_resume = state.call_resume
        h.reuse = state.reuse
        h.last_turn = state.last_turn
        h.first_turn = state.first_turn
        h.ended_by = None
        h.out = -1
        h._clear_caches()
        return h

    def turn_state(self) -> TurnState:
        """The public facts of the turn in progress."""
        return TurnState(
            turn=self.turn,
            phase=self.phase,
            took=self.took,
            target=self.target,
            pending=self.pending,
            pending_rule=self.pending_rule,
            same_card=self.same_card,
            melds_made=self.melds_made,
            has_melded=tuple(self.has_melded),
            played=tuple(self.played),
            played_at_start=self.played_at_start,
            window=self.window,
            window_next=self.window_next,
            last_player=self.last_player,
            call_layoff_only=self.call_layoff_only,
            call_resume=self.call_resume,
            reuse=self.reuse,
            last_turn=self.last_turn,
            first_turn=self.first_turn,
        )

    def public_log(self) -> tuple[tuple[int, str], ...]:
        """The hand's actions as (seat, text), passes left out; cached as it grows."""
        cached = self._log_text
        if cached is not None and cached[0] is self._log:
            return cached[1]
        new: list[tuple[int, str]] = []
        node = self._log
        stop = cached[0] if cached is not None else None
        while node is not None and node is not stop:
            node, seat, action = node
            if not isinstance(action, Pass):
                new.append((seat, str(action)))
        if node is not stop:  # the cache is from another branch: start over
            return self._rebuild_log()
        new.reverse()
        result = (cached[1] if cached is not None else ()) + tuple(new)
        self._log_text = (self._log, result)
        return result

    def _rebuild_log(self) -> tuple[tuple[int, str], ...]:
        result = tuple((s, str(a)) for s, a in self.history if not isinstance(a, Pass))
        self._log_text = (self._log, result)
        return result

    # ------------------------------------------------------------------ queries
    def fits(self) -> tuple[frozenset[int], int]:
        """:func:`~rummykit.reach.direct_fits` of the table, cached until it changes."""
        cached = self._fits
        if cached is not None and cached[0] is self.melds:
            return cached[1]
        result = direct_fits(self.melds, self.rules.ace)
        self._fits = (self.melds, result)
        return result

    @property
    def to_act(self) -> int:
        """The seat that acts now (the player offered a Rummy call in that phase), or -1."""
        if self.phase is Phase.RUMMY:
            return self.window[0]
        if self.phase is Phase.OVER:
            return -1
        return self.turn

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is Phase.OVER

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action applied so far, as (seat, action), passes included."""
        out: list[tuple[int, Action]] = []
        node = self._log
        while node is not None:
            node, seat, action = node
            out.append((seat, action))
        out.reverse()
        return out

    @property
    def all_at_once(self) -> bool:
        """Whether the all-at-once rule holds in this deal (Wrotham deals 4-6)."""
        a = self.rules.all_at_once_from_deal
        return a is not None and self.number >= a

    def can_turn_over(self) -> bool:
        """Whether an empty stock would be rebuilt from the pile ([end.stock], section 7)."""
        mode = self.rules.stock_exhausted
        if mode is not StockExhausted.TURN_OVER and mode is not StockExhausted.RESHUFFLE:
            return False
        limit = self.rules.stock_reuse_limit
        return bool(self.pile) and (limit is None or self.reuse < limit)

    def stock_locked(self) -> bool:
        """The stock is empty and will not be rebuilt: the hand can end ([end.stock-take])."""
        return not self.stock and not self.can_turn_over()

    def scores(self) -> list[int] | None:
        """Each seat's score for this hand, or None while it goes on."""
        if self.phase is not Phase.OVER:
            return None
        rummy = self.out >= 0 and not self.played_at_start
        return score_hand(self.rules, self.hands, self.melds, self.out, rummy)

    def _clear_caches(self) -> None:
        """Forgets every value computed from the state (a new or rebuilt state)."""
        self._log = None
        self._log_text = None
        self._legal = None
        self._reach_base = None
        self._fits = None

    def clone(self) -> Hand:
        """An independent copy (fast: shares everything immutable)."""
        h = Hand.__new__(Hand)
        h.rules = self.rules
        h.n = self.n
        h.names = self.names
        h.dealer = self.dealer
        h.number = self.number
        h.seed = self.seed
        h.hands = [x[:] for x in self.hands]
        h.stock = self.stock[:]
        h.pile = self.pile[:]
        h.melds = self.melds[:]
        h.known = [x[:] for x in self.known]
        h.turn = self.turn
        h.phase = self.phase
        h.took = self.took
        h.target = self.target
        h.pending = self.pending
        h.pending_rule = self.pending_rule
        h.same_card = self.same_card
        h.melds_made = self.melds_made
        h.has_melded = self.has_melded[:]
        h.played = self.played[:]
        h.played_at_start = self.played_at_start
        h.window = self.window
        h.window_next = self.window_next
        h.last_player = self.last_player
        h.call_resume = self.call_resume
        h.call_layoff_only = self.call_layoff_only
        h.reuse = self.reuse
        h.last_turn = self.last_turn
        h.first_turn = self.first_turn
        h.ended_by = self.ended_by
        h.out = self.out
        h._log = self._log
        h._legal = self._legal
        h._reach_base = self._reach_base
        h._fits = None
        h._log_text = self._log_text
        return h

    # ------------------------------------------------------------------ apply
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now (see :mod:`rummykit.legal`)."""
        if self._legal is None:
            from rummykit.legal import legal_actions

            self._legal = legal_actions(self)
        return self._legal

    def check(self, action: Action, player: int | None = None) -> None:
        """Raises :class:`IllegalAction` if ``player`` (default: the one to act) may not
        take ``action`` now; changes nothing."""
        self._run(action, self.to_act if player is None else player, False)

    def apply(self, action: Action, player: int | None = None) -> None:
        """Applies ``action`` for ``player`` (default: the one to act).

        ``player`` lets a record's action by someone else than :attr:`to_act` apply: a
        Rummy call by a later player in the call order, or the next player's draw, which
        passes on every open call (NOTATION.md: passes are not written). Raises
        :class:`IllegalAction` and leaves the state unchanged if the action is illegal.
        """
        self._run(action, self.to_act if player is None else player, True)
        self._legal = None

    def _run(self, action: Action, p: int, commit: bool) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction("end.out", "the hand is over: nothing more can be played")
        if not 0 <= p < self.n:
            raise IllegalAction("action.turn", f"there is no seat {p}")
        kind = type(action)
        handler = HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction("action.syntax", f"{action!r} is not an action")
        handler(self, p, action, commit)
        if commit:
            self._log = (self._log, p, action)

    # ------------------------------------------------------------------ helpers
    def name(self, p: int) -> str:
        """The name of seat ``p``."""
        return self.names[p]

    def _enter_turn(self, p: int, action: Action) -> None:
        """Checks that ``p`` may start a turn now (draw phase); a draw closes a call window."""
        if self.phase is Phase.RUMMY:
            if p == self.window_next:
                return
            who = self.name(self.window[0])
            raise IllegalAction(
                "action.turn",
                f"{self.name(p)} may not {action.verb} now: a Rummy call is offered to {who}",
            )
        if p != self.turn:
            raise IllegalAction(
                "action.turn", f"it is {self.name(self.turn)}'s turn, not {self.name(p)}'s"
            )
        if self.phase is Phase.PLAY:
            if self.first_turn:
                raise IllegalAction(
                    "wrotham.first-turn",
                    f"{self.name(p)} was dealt the extra card and does not draw on the first turn",
                )
            raise IllegalAction("draw.stock", f"{self.name(p)} has already drawn this turn")

    def _close_window(self) -> None:
        if self.phase is Phase.RUMMY:
            self.turn = self.window_next
            self.window = ()
            self.phase = Phase.DRAW
            self._reach_base = None

    def _in_play(self, p: int, action: Action) -> None:
        """Checks that ``p`` is in the play part of their turn."""
        if self.phase is Phase.PLAY and p == self.turn:
            if self.call_layoff_only and not isinstance(action, LayOff):
                raise IllegalAction(
                    "rummy.last-discard",
                    f"{self.name(p)} called Rummy and must lay off {CARDS[self.target]} first",
                )
            return
        if p != self.turn or self.phase is Phase.RUMMY:
            owner = self.name(self.to_act)
            raise IllegalAction("action.turn", f"it is {owner}'s turn to act, not {self.name(p)}'s")
        rule = "discard.one" if isinstance(action, Discard) else "meld.any-number"
        raise IllegalAction(rule, f"{self.name(p)} must draw before {_verbing(action)}")

    def _holds(self, p: int, cards: Sequence[int]) -> list[int]:
        """The hand after removing ``cards``; raises action.card if ``p`` lacks one."""
        rest = self.hands[p][:]
        for c in cards:
            try:
                rest.remove(c)
            except ValueError:
                raise IllegalAction(
                    "action.card", f"{self.name(p)} does not hold {CARDS[c]}"
                ) from None
        return rest

    def reach_for(
        self,
        p: int,
        melds_made: int | None = None,
        for_call: bool = False,
        melded: bool | None = None,
    ) -> Reach:
        """The paths ``p`` may use to meld a target now (or after ``melds_made`` new melds
        this turn; ``melded``: whether ``p`` has a meld of their own by then)."""
        rules = self.rules
        made = self.melds_made if melds_made is None else melds_made
        limit = rules.melds_per_turn
        melds_left = _MANY if limit is None or self.all_at_once else limit - made
        has_meld = self.has_melded[p] if melded is None else melded
        own = rules.layoff_needs_own_meld and not has_meld
        return Reach(
            ace=rules.ace,
            new_meld_only=rules.target_must_start_meld,
            layoff_allowed=not (own and for_call),
            layoff_needs_meld_first=own and not for_call,
            swap_allowed=rules.joker_swap,
            melds_left=melds_left,
            keep_one=rules.going_out is GoingOut.DISCARD_REQUIRED and not for_call,
        )

    def target_reachable(
        self, p: int, rest: list[int], melds: Sequence[TableMeld], made: int
    ) -> bool:
        """Whether the pending target can still be melded from ``rest`` (target included)."""
        counts = [0] * 53
        for c in rest:
            counts[c] += 1
        if counts[self.target] == 0:
            return False
        counts[self.target] -= 1
        if self.all_at_once:
            counts[self.target] += 1
            return can_meld_all(counts, 1, self.target, self.rules.ace, melds)
        melded = self.has_melded[p] or made > self.melds_made
        reach = self.reach_for(p, made, melded=melded)
        return reach.can_meld(self.target, counts, melds, len(rest) - 1)

    def pile_depth(self, count: int | None, card: Card | None, p: int) -> int:
        """The depth of a take's target: ``count``, or the topmost copy of ``card``."""
        if not self.pile:
            raise IllegalAction("draw.discard", "the discard pile is empty")
        if count is not None:
            if count > len(self.pile):
                raise IllegalAction(
                    "draw.discard", f"the pile holds {len(self.pile)} cards, not {count}"
                )
            return count
        assert card is not None
        for depth in range(1, len(self.pile) + 1):
            if self.pile[-depth] == card:
                return depth
        raise IllegalAction("action.card", f"there is no {card} in the discard pile")

    def end_turn(self, p: int) -> None:
        """Ends ``p``'s turn (after a discard, or floating) and opens any Rummy call."""
        self.took = 0
        self.target = -1
        self.pending = False
        self.same_card = -1
        self.melds_made = 0
        self.call_layoff_only = False
        self.first_turn = False
        if self.last_turn:
            self.phase = Phase.OVER
            self.ended_by = "stock"
            return
        nxt = (p + 1) % self.n
        self.turn = nxt
        self.phase = Phase.DRAW
        self._reach_base = None
        if self.rules.rummy_call is RummyCall.OFF or self.n < 3:
            return
        from rummykit.legal import callers

        order = tuple((nxt + 1 + i) % self.n for i in range(self.n - 2))
        self.last_player = p
        self.window_next = nxt
        window = callers(self, order)
        if window:
            self.window = window
            self.phase = Phase.RUMMY

    def finish(self, out: int) -> None:
        """Ends the hand because ``out`` went out."""
        self.phase = Phase.OVER
        self.ended_by = "out"
        self.out = out

    def turn_over(self) -> None:
        """Rebuilds the stock from the pile (turned over, or shuffled)."""
        pile = self.pile
        if self.rules.stock_exhausted is StockExhausted.RESHUFFLE:
            rng = random.Random(f"{self.seed}/{self.number}/reshuffle/{self.reuse}")
            new = pile[:]
            rng.shuffle(new)
            self.stock = new
        else:
            # turned face down: the oldest card (the upcard) ends on top
            self.stock = pile[::-1]
        self.pile = []
        self.reuse += 1

    def start_turn(self, p: int) -> None:
        """Resets the per-turn state when ``p`` starts the play part of a turn."""
        self.turn = p
        self.phase = Phase.PLAY
        self.melds_made = 0
        self.played_at_start = self.played[p]
        self.call_layoff_only = False

    def remove_known(self, p: int, cards: Sequence[int]) -> None:
        """Forgets public knowledge of ``p``'s cards that left the hand."""
        known = self.known[p]
        if not known:
            return
        for c in cards:
            if c in known:
                known.remove(c)

    def __repr__(self) -> str:
        return f"<Hand {self.number} {self.phase.value} to_act={self.to_act}>"

    def iter_cards(self) -> Iterator[int]:
        """Every card of the hand wherever it is (hands, stock, pile, table)."""
        for h in self.hands:
            yield from h
        yield from self.stock
        yield from self.pile
        for m in self.melds:
            yield from m.cards


def _verbing(action: Action) -> str:
    return {
        "discard": "discarding",
        "meld": "melding",
        "layoff": "laying off",
        "swap": "swapping",
    }.get(action.verb, action.verb)


# The handlers need the Hand class; imported last so that both modules can see each other.
from rummykit.turns import HANDLERS  # noqa: E402
