"""The state of one hand: every card's place, whose turn, which phase, the public facts
of the turn in progress. Data and plain queries only: what the rules allow is decided in
:mod:`rummykit.checks` and :mod:`rummykit.legal`, what actions do in :mod:`rummykit.turns`,
and :class:`rummykit.hand.Hand` puts them together.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Self

from rummykit.actions import Action, Pass
from rummykit.deal import Deal
from rummykit.errors import RecordError
from rummykit.events import HandEnd
from rummykit.melds import TableMeld
from rummykit.reach import Reach, dead_hand, direct_fits
from rummykit.rules import GoingOut, Rules, RummyCall, StockExhausted
from rummykit.scoring import score_hand

__all__ = ["HandState", "Phase", "TurnState", "new_seed"]

_MANY = 1 << 20
_new = object.__new__


def new_seed() -> int:
    """A fresh seed from the operating system's randomness (63 bits)."""
    return secrets.randbits(63)


class Phase(enum.Enum):
    """What the hand waits for."""

    DRAW = "draw"  #: the player to act draws, takes from the pile, or ends (empty stock)
    PLAY = "play"  #: the player melds, lays off, swaps, and discards
    RUMMY = "rummy"  #: a Rummy call is offered to the player to act, who calls or passes
    OVER = "over"  #: the hand has ended


@dataclass(frozen=True)
class TurnState:
    """The public facts of the turn in progress, which every player may know.

    Together with the cards (each hand, the stock order, the pile, the melds) and what is
    publicly known of the hands (``known``, ``drawn_known``) they are the whole state of a
    hand: :meth:`Hand.from_public` rebuilds a hand from them.
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
    #: the player in turn has put a card on the table this turn (a meld, a lay-off or a
    #: joker swap): where the whole hand must go down at once, they must now go out
    tabled: bool = False


class HandState:
    """The data of one hand. Seats are numbered 0..n-1 clockwise; ``names`` are for
    messages. Use :class:`rummykit.hand.Hand`, which adds the rules."""

    __slots__ = (
        "_call_reaches",
        "_fits",
        "_log",
        "_log_text",
        "call_layoff_only",
        "call_resume",
        "calls_cache",
        "dealer",
        "drawn_known",
        "ended_by",
        "first_turn",
        "hands",
        "has_melded",
        "known",
        "last_player",
        "last_turn",
        "legal_cache",
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
        "planned",
        "played",
        "played_at_start",
        "reuse",
        "rules",
        "same_card",
        "seed",
        "shuffles",
        "stock",
        "tabled",
        "target",
        "took",
        "turn",
        "turn_cache",
        "view_cache",
        "window",
        "window_next",
    )

    rules: Rules
    n: int
    names: tuple[str, ...]
    dealer: int
    number: int
    seed: int | str
    #: the stocks rebuilt by shuffling in this hand so far, each top first
    shuffles: tuple[tuple[int, ...], ...]
    #: shuffled stock orders to use for the coming rebuilds (from a record), top first
    planned: tuple[tuple[int, ...], ...]
    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    melds: list[TableMeld]
    known: list[list[int]]
    #: per seat, the cards it drew from a stock of public order (:meth:`stock_public`)
    #: and still holds; replaced, never changed in place (clones share it)
    drawn_known: tuple[tuple[int, ...], ...]
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
    tabled: bool
    ended_by: HandEnd | None
    out: int | None
    _log: tuple[Any, ...] | None
    _log_text: tuple[Any, tuple[tuple[int, str], ...]] | None
    #: the legal actions of the seat to act, kept by :mod:`rummykit.legal` until a change
    legal_cache: tuple[Action, ...] | None
    #: (pile depth, needs a lay-off) of the Rummy calls open, kept by :mod:`rummykit.legal`
    calls_cache: list[tuple[int, bool]] | None
    _call_reaches: tuple[Reach, Reach] | None
    _fits: tuple[list[TableMeld], tuple[frozenset[int], int]] | None
    #: what :mod:`rummykit.view` made of the table last, kept until the table changes
    view_cache: tuple[Any, ...] | None
    #: :meth:`turn_state` of the position, kept (like ``legal_cache``) until a change
    turn_cache: TurnState | None

    def __init__(
        self,
        rules: Rules,
        names: Sequence[str],
        dealer: int,
        deal: Deal,
        *,
        number: int = 1,
        seed: int | str | None = None,
        reshuffles: Sequence[Sequence[int]] = (),
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
        self.seed = new_seed() if seed is None else seed
        self.shuffles = ()
        self.planned = tuple(tuple(int(c) for c in order) for order in reshuffles)
        self.hands = [[int(c) for c in h] for h in deal.hands]
        self.stock = [int(c) for c in reversed(deal.stock)]
        self.pile = [int(deal.upcard)]
        self.melds = []
        self.known = [[] for _ in range(n)]
        self.drawn_known = ((),) * n
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
        self.tabled = False
        self.ended_by = None
        self.out = None
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
        drawn_known: Sequence[Sequence[int]] = (),
        seed: int | str | None = None,
    ) -> Self:
        """A hand in the middle of play, from its cards and its public turn state (as a
        bot that samples the hidden cards builds one). ``stock`` is listed top first;
        ``drawn_known`` (default: none) holds each seat's cards drawn from a stock of public
        order (:meth:`stock_public`). The history starts empty."""
        h = cls.__new__(cls)
        h.rules = rules
        h.n = len(names)
        h.names = tuple(names)
        h.dealer = dealer
        h.number = number
        h.seed = new_seed() if seed is None else seed
        h.shuffles = ()
        h.planned = ()
        h.hands = [[int(c) for c in x] for x in hands]
        h.stock = [int(c) for c in reversed(stock)]
        h.pile = [int(c) for c in pile]
        h.melds = list(melds)
        h.known = [[int(c) for c in k] for k in known]
        h.drawn_known = (
            tuple(tuple(int(c) for c in d) for d in drawn_known) if drawn_known else ((),) * h.n
        )
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
        h.tabled = state.tabled
        h.ended_by = None
        h.out = None
        h._clear_caches()
        return h

    def turn_state(self) -> TurnState:
        """The public facts of the turn in progress (one immutable object per position)."""
        state = self.turn_cache
        if state is not None:
            return state
        state = self.turn_cache = _new(TurnState)
        # a TurnState is frozen: its fields are set once, here, as __init__ would set them
        state.__dict__.update(
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
            tabled=self.tabled,
        )
        return state

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
        return self.pile_reusable() and not self.dead()

    def stock_public(self) -> bool:
        """Whether everybody knows the stock's order: the pile was turned over into it
        without shuffling (``stock_exhausted = turn-over``, section 7), the oldest card
        on top. The stock then holds only that pile's cards until the hand ends."""
        return self.reuse > 0 and self.rules.stock_exhausted is StockExhausted.TURN_OVER

    def pile_reusable(self) -> bool:
        """Whether the rules would rebuild an empty stock from the pile now, if the hand
        were not dead (``stock_exhausted`` and ``stock_reuse_limit``)."""
        mode = self.rules.stock_exhausted
        if mode is not StockExhausted.TURN_OVER and mode is not StockExhausted.RESHUFFLE:
            return False
        limit = self.rules.stock_reuse_limit
        return bool(self.pile) and (limit is None or self.reuse < limit)

    def dead(self) -> bool:
        """Whether no play can ever put another card on the table ([end.dead]): the pile
        is then not turned over, and an empty stock ends the hand."""
        rules = self.rules
        return dead_hand(
            self.hands,
            self.stock + self.pile,
            self.melds,
            rules.ace,
            rules.min_hand_size(self.n),
            rules.joker_swap,
        )

    def stock_locked(self) -> bool:
        """The stock is empty and will not be rebuilt: the hand can end ([end.stock-take])."""
        return not self.stock and not self.can_turn_over()

    def scores(self) -> list[int] | None:
        """Each seat's score for this hand, or None while it goes on."""
        if self.phase is not Phase.OVER:
            return None
        out = -1 if self.out is None else self.out
        rummy = out >= 0 and not self.played_at_start
        return score_hand(self.rules, self.hands, self.melds, out, rummy)

    def _clear_caches(self) -> None:
        """Forgets every value computed from the state (a new or rebuilt state)."""
        self._log = None
        self._log_text = None
        self.legal_cache = None
        self.turn_cache = None
        self.calls_cache = None
        self._fits = None
        self._call_reaches = None
        self.view_cache = None

    #: the slots that only hold what the state's other data gives again (emptied when a
    #: hand is pickled or deep-copied)
    _CACHES = frozenset(
        (
            "_log_text",
            "legal_cache",
            "turn_cache",
            "calls_cache",
            "_fits",
            "_call_reaches",
            "view_cache",
        )
    )

    def __getstate__(self) -> dict[str, Any]:
        """The state for ``pickle`` and ``copy.deepcopy``: the history as a flat list (its
        chain of nested tuples, one level an action, would overflow the stack of both
        after a few hundred actions) and no caches."""
        state = {k: getattr(self, k) for k in HandState.__slots__ if k not in self._CACHES}
        state["_log"] = self.history
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        log: tuple[Any, ...] | None = None
        for seat, action in state.pop("_log"):
            log = (log, seat, action)
        self._clear_caches()
        for k, v in state.items():
            setattr(self, k, v)
        self._log = log

    def clone(self) -> Self:
        """An independent copy (fast: shares everything immutable)."""
        cls = type(self)
        h = cls.__new__(cls)
        h.rules = self.rules
        h.n = self.n
        h.names = self.names
        h.dealer = self.dealer
        h.number = self.number
        h.seed = self.seed
        h.shuffles = self.shuffles
        h.planned = self.planned
        h.hands = [x[:] for x in self.hands]
        h.stock = self.stock[:]
        h.pile = self.pile[:]
        h.melds = self.melds[:]
        h.known = [x[:] for x in self.known]
        h.drawn_known = self.drawn_known
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
        h.tabled = self.tabled
        h.ended_by = self.ended_by
        h.out = self.out
        h._log = self._log
        h.legal_cache = self.legal_cache
        h.turn_cache = self.turn_cache
        h.calls_cache = self.calls_cache
        h._call_reaches = self._call_reaches
        h._fits = None
        h.view_cache = self.view_cache
        h._log_text = self._log_text
        return h

    def name(self, p: int) -> str:
        """The name of seat ``p``."""
        return self.names[p]

    def reach_for(
        self,
        p: int,
        melds_made: int | None = None,
        for_call: bool = False,
        melded: bool | None = None,
        new_meld: bool | None = None,
    ) -> Reach:
        """The paths ``p`` may use to meld a target now (or after ``melds_made`` new melds
        this turn; ``melded``: whether ``p`` has a meld of their own by then; ``new_meld``:
        whether the target must start a new meld, by default whenever the option
        ``target_must_start_meld`` is on, which holds for a card taken from lower in the
        pile and for a ``pile`` Rummy call, not for the top card taken alone
        ([take.new-meld]: see :meth:`new_meld_rule`))."""
        rules = self.rules
        made = self.melds_made if melds_made is None else melds_made
        limit = rules.melds_per_turn
        melds_left = _MANY if limit is None or self.all_at_once else limit - made
        has_meld = self.has_melded[p] if melded is None else melded
        own = rules.layoff_needs_own_meld and not has_meld
        return Reach(
            ace=rules.ace,
            new_meld_only=rules.target_must_start_meld if new_meld is None else new_meld,
            layoff_allowed=not (own and for_call),
            layoff_needs_meld_first=own and not for_call,
            swap_allowed=rules.joker_swap,
            melds_left=melds_left,
            keep_one=rules.going_out is GoingOut.DISCARD_REQUIRED and not for_call,
        )

    def new_meld_rule(self, depth: int, call: bool = False) -> bool:
        """Whether the target of a take of ``depth`` cards (``call``: a Rummy call) must
        start a new meld ([take.new-meld], option ``target_must_start_meld``): a card
        taken from lower in the pile, or called in mode ``pile`` at any depth
        (docs/rules-decisions.md 40). The top card taken alone is melded as in
        [take.must-meld] ([take.must-meld-top], [end.stock-take]), and a ``last-discard``
        call is a lay-off."""
        rules = self.rules
        if not rules.target_must_start_meld:
            return False
        if call:
            return rules.rummy_call is RummyCall.PILE
        return depth > 1

    @property
    def target_new_meld(self) -> bool:
        """Whether the pending target must start a new meld (:meth:`new_meld_rule` of the
        take or call that brought it)."""
        if not self.pending or not self.rules.target_must_start_meld:
            return False
        return self.new_meld_rule(self.took, self.pending_rule == "rummy.take")

    def call_reaches(self) -> tuple[Reach, Reach]:
        """The paths a Rummy call may use in this hand, with and without lay-offs
        (whoever calls: a caller's own meld is checked apart)."""
        cached = self._call_reaches
        if cached is None:
            free = self.reach_for(self.turn, 0, True)
            cached = self._call_reaches = (
                replace(free, layoff_allowed=True, layoff_needs_meld_first=False),
                replace(free, layoff_allowed=False, layoff_needs_meld_first=False),
            )
        return cached

    def iter_cards(self) -> Iterator[int]:
        """Every card of the hand wherever it is (hands, stock, pile, table)."""
        for h in self.hands:
            yield from h
        yield from self.stock
        yield from self.pile
        for m in self.melds:
            yield from m.cards

    def __repr__(self) -> str:
        return f"<Hand {self.number} {self.phase.value} to_act={self.to_act}>"
