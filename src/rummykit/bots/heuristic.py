"""The ``heuristic`` level: exact best melds, card counting, safe discards, sensible takes.

Every decision compares the expected worth of the hand after each choice. The worth of
a set of cards (:meth:`Judge.worth`) is the points of its best melds (an exact search),
plus what its other cards can be laid off for, plus for each remaining card its value
times ``a + b q`` (shares measured in play; ``2q - 1`` for ``basic``), where ``q`` is
the chance it still gets melded: from its *outs* (the unseen cards that would complete
it, counted from public information only) and the turns likely left in the hand. Where
melds score nothing (``winner-takes`` and ``penalty`` scoring) only the cards left over
count: ``-2 (1 - q)`` times their value plus a tempo (the turns a card kept back costs on
the way out), ``1 - q`` the chance of being caught with it (:meth:`Judge.kept`).

>>> from rummykit import Game, Rules
>>> from rummykit.players import play
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=5)
>>> play(game, [HeuristicBot(seed=1), HeuristicBot(seed=2)]).over
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from rummykit import Phase
from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    JokerAs,
    LayOff,
    Meld,
    Pass,
    Swap,
    Take,
)
from rummykit.bots.base import Bot
from rummykit.bots.cycles import recycling, step_off
from rummykit.bots.determinize import unseen_counts
from rummykit.bots.evaluate import (
    Values,
    best_melds,
    gap_fillers,
    layable,
    measured_shares,
    outs_of,
    plan_value,
    table_fits,
)
from rummykit.bots.going_out import may_go_out, out_line
from rummykit.bots.inference import card_weights
from rummykit.bots.stock import PublicStock, next_card
from rummykit.bots.stock import public_stock as get_public_stock
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
from rummykit.errors import IllegalAction
from rummykit.melds import TableMeld, lay_off, rank_at, resolve_meld
from rummykit.reach import new_meld_cost
from rummykit.rules import Ace, PileDraw, RummyCall
from rummykit.view import PlayerView

__all__ = ["BasicBot", "HeuristicBot", "Judge"]

#: The first model of :meth:`Judge.kept`: a card left over with melding chance ``q`` is
#: worth ``2q - 1`` times its value where melds score, as if every card not melded were
#: caught in hand. Measured in play most are discarded at no cost
#: (:data:`~rummykit.bots.evaluate.MEASURED_SHARES`), and the heuristic with the
#: measured shares beats this one; the ``basic`` level keeps it.
FIRST_MODEL: tuple[float, float] = (-1.0, 2.0)

#: Score given to the action the heuristic plays for certain (melds of its plan).
CERTAIN = 1_000_000.0

#: Where melds score nothing, what one more card left over costs beyond its value: going
#: out first is everything there. The first measure, against ``greedy`` in 2-player
#: ``rummy`` games: 0 won about 49% of games, 6 and 15 about 55%; 8 was kept. Paired
#: hands against 8 later found no value clearly better at 2 or 4 players (docs/bots.md).
TEMPO = 8.0


#: Score given to a pile take that goes out this turn, before its worth (above
#: ``CERTAIN / 2``, what the search levels, careless bots and hints take as certain).
GOES_OUT = 0.6 * CERTAIN

#: The worth taken off a pile take that would go on a cycle (see :func:`recycling`).
CYCLE = 1000.0


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return counts


def _split(tokens: Sequence[object]) -> tuple[list[int], list[JokerAs]]:
    naturals: list[int] = []
    jokers: list[JokerAs] = []
    for t in tokens:
        if isinstance(t, JokerAs):
            jokers.append(t)
        elif t == JOKER_CODE:
            jokers.append(JokerAs())
        else:
            naturals.append(int(t))  # type: ignore[call-overload]
    return naturals, jokers


class Judge:
    """Everything one decision needs, computed once from a view: values, unseen cards,
    the table, the stage of the hand."""

    def __init__(
        self,
        view: PlayerView,
        values: Values,
        *,
        hidden_danger: float = 3.0,
        public_stock: bool = True,
        held_known: bool = False,
        dead_share: tuple[float, float] | None = None,
        infer_danger: float = 0.0,
        pile_outs: float = 0.0,
        tempo: float = TEMPO,
        joker_danger: bool = True,
    ) -> None:
        assert view.seat is not None and view.hand is not None
        #: where melds score nothing, what one more card left over costs beyond its value
        self.tempo = tempo
        #: whether a joker thrown counts as fitting the next player's hand (a joker melds
        #: with any two cards that go together, and lays off on nearly any meld)
        self.joker_danger = joker_danger
        #: whether discard danger counts every opponent's hidden cards too
        self.hidden_danger = hidden_danger
        #: ``(a, b)``: where melds score, a card left over with melding chance ``q`` is
        #: worth ``a + b q`` times its value (see :meth:`kept`); None: as measured in play
        self.dead_share = (
            measured_shares(len(view.players))[1] if dead_share is None else dead_share
        )
        self.deep = view.rules.pile_draw is PileDraw.ANY_DEPTH
        self.view = view
        self.values = values
        self.ace: Ace = values.ace
        self.me = view.seat
        self.n = len(view.players)
        self.hand = [int(c) for c in view.hand]
        self.table: list[TableMeld] = [m.meld for m in view.melds]
        held_known = held_known and public_stock
        self.unseen = unseen_counts(view, public=held_known)
        #: the stock's public order after a turn-over and the cards others drew from it
        self.stock: PublicStock | None = get_public_stock(view) if public_stock else None
        #: the card a draw gives now, where it is public (see rummykit.bots.stock)
        self.next_card = next_card(view, self.stock) if public_stock else None
        #: every card each seat is known to hold: taken from the pile (and, with
        #: ``held_known``, drawn from a stock of public order)
        self.known: list[list[int]] = [[int(c) for c in k] for k in view.known]
        #: the unseen cards that may be in the others' hidden hands (with ``held_known``,
        #: not those of a known stock)
        self.hidden = self.unseen
        if self.stock is not None and held_known:
            for seat, held in enumerate(self.stock.held):
                self.known[seat].extend(held)
            self.hidden = self.unseen[:]
            for c in self.stock.order:
                self.hidden[c] -= 1
        #: per opponent, the unseen cards weighted by what its discards and passed-up pile
        #: cards say of its hidden hand (rummykit.bots.inference), and the share of that
        #: weighted pool it holds; None: every hidden hand is dealt uniformly
        self.weighted: list[tuple[list[float], float] | None] | None = None
        if infer_danger and hidden_danger:
            self.weighted = self.weigh_hidden(card_weights(view, infer_danger))
        #: the cards a left-over card's outs are counted among: the unseen ones and, where
        #: takes go deeper than the top, each pile card counted ``pile_outs`` times
        self.outs_pool: Sequence[float] = self.unseen
        if pile_outs and self.deep and view.pile:
            pool = [float(k) for k in self.unseen]
            for c in view.pile:
                pool[int(c)] += pile_outs
            self.outs_pool = pool
        total = max(1, sum(self.unseen))
        others = [s for i, s in enumerate(view.hand_sizes) if i != self.me] or [0]
        by_stock = view.stock_size / self.n + 0.5
        by_out = 1.0 + 0.9 * min(others)
        self.turns_left = max(0.3, min(by_stock, by_out, 14.0))
        #: the chance that one given out among the unseen cards reaches this hand in time
        self.p_card = self.out_chance(total)
        self.calls = view.rules.rummy_call is not RummyCall.OFF and self.n >= 3
        self._lays: list[bool | None] | None = None
        self._fillers: list[list[int] | None] | None = None

    def fillers(self, card: int) -> list[int]:
        """The cards that fill the one gap between ``card`` and a run on the table as it
        is now (:func:`~rummykit.bots.evaluate.gap_fillers`, worked out once a card)."""
        fillers = self._fillers
        if fillers is None:
            fillers = self._fillers = [None] * 53
        known = fillers[card]
        if known is None:
            known = fillers[card] = gap_fillers(card, self.table, self.values)
        return known

    def lays(self, card: int) -> bool:
        """Whether ``card`` can be laid off by itself on the table as it is now
        (:func:`~rummykit.bots.evaluate.layable`, worked out once for every card)."""
        lays = self._lays
        if lays is None:
            lays = self._lays = [None] * 53
        known = lays[card]
        if known is None:
            known = lays[card] = layable(card, self.table, self.ace)
        return known

    # ------------------------------------------------------------------ worth
    def out_chance(self, pool: int) -> float:
        """The chance that one given card of a ``pool`` of cards not in sight reaches this
        hand before the hand ends (at most 0.6): about 1.3 cards a turn left."""
        return min(0.6, 1.3 * self.turns_left / max(1, pool))

    def chance(self, outs: float) -> float:
        """The chance that a card with ``outs`` outs gets melded before the hand ends."""
        if outs <= 0:
            return 0.0
        return float(1.0 - (1.0 - self.p_card) ** outs)

    def worth(
        self,
        cards: Sequence[int],
        table: Sequence[TableMeld] | None = None,
        forced: int = -1,
        *,
        discard: bool = False,
        keep: int = -1,
    ) -> float:
        """Expected points of ``cards`` held now (see the module docstring). With
        ``discard``, of the cards left after discarding the one that costs most (not
        ``keep``): how a hand one card over the turn's end is worth comparing."""
        table = self.table if table is None else table
        values = self.values
        if forced >= 0 and (
            self.lays(forced) if table is self.table else layable(forced, table, self.ace)
        ):
            forced = -1
        plan = best_melds(cards, values, forced)
        scored = values.melds_score
        worth = float(plan_value(plan, values)) if scored else 0.0
        dead = list(plan.deadwood)
        own = table is self.table  # what is kept of the table holds
        if dead and table:
            for c in table_fits(dead, table, self.ace, self.lays if own else None):
                if scored:
                    worth += values.hand[c]
                dead.remove(c)
        held = _counts(dead)
        fillers = self.fillers if own else None
        worst = 0.0
        for c in dead:
            if c == JOKER_CODE:
                q = 0.85
            else:
                q = self.chance(outs_of(c, held, self.outs_pool, table, values, fillers))
            k = self.kept(values.hand[c], q)
            worth += k
            if c != keep:
                worst = min(worst, k)
        return worth - worst if discard else worth

    def kept(self, value: int, q: float) -> float:
        """The worth of a card of ``value`` kept out of melds, melded later with chance ``q``.

        When melds score (500 Rum) it is worth ``value`` if melded and costs it if not:
        ``value * (a + b q)`` with the shares :attr:`dead_share`, by default
        as measured in play (:func:`~rummykit.bots.evaluate.measured_shares`: about
        ``0.15 + 0.5 q`` at 2 players, ``0.35 q`` at 4, since most such cards are
        discarded at no cost; see docs/bots.md); the ``basic`` level plays
        :data:`FIRST_MODEL`, ``2q - 1``, as if every such card were caught. Otherwise (winner
        takes, penalty) only the risk of being caught holding it counts, on the same
        scale, with :attr:`tempo` (:data:`TEMPO` by default) added to its value for the
        turns it keeps the player from going out: ``-2 * (value + tempo) * (1 - q)``.
        """
        if self.values.melds_score:
            a, b = self.dead_share
            return value * (a + b * q)
        return -2.0 * (value + self.tempo) * (1.0 - q)

    def draw_worth(self, base: float) -> float:
        """Expected worth of the hand plus one unseen card from the stock (where melds
        score nothing, after the discard that follows: see :meth:`worth`)."""
        hand = self.hand
        counts = _counts(hand)
        total = 0.0
        weight = 0
        values = self.values
        after = not values.melds_score
        if self.next_card is not None:  # the stock's order is public
            return self.worth([*hand, self.next_card], discard=after)
        # what discarding the worst card outside the best melds gains (base is worth(hand)):
        # a drawn card that touches nothing is kept, and that card thrown, if it costs less
        gain = self.worth(hand, discard=True) - base if after else 0.0
        for u in range(53):
            k = self.unseen[u]
            if not k:
                continue
            if u == JOKER_CODE or _touches(u, counts, self.ace) or self.lays(u):
                w = self.worth([*hand, u], discard=after)
            elif after:
                w = base + max(0.0, self.kept(values.hand[u], 0.0) + gain)
            else:
                w = base + self.kept(values.hand[u], 0.0)
            total += k * w
            weight += k
        return total / weight if weight else base

    # ------------------------------------------------------------------ danger
    def danger(self, card: int, table: Sequence[TableMeld]) -> float:
        """What discarding ``card`` may give the other players."""
        values = self.values
        v = values.hand[card]
        risk = 0.0
        if self.lays(card) if table is self.table else layable(card, table, self.ace):
            risk += v + 3.0
        pile = [int(c) for c in self.view.pile]
        # a meld with cards under it in the pile, for whoever may take that deep
        deep = self.deep and pile and card != JOKER_CODE
        if card == JOKER_CODE and self.joker_danger:
            risk += v + 12.0  # as a card known to meld with the next player's
        if deep and new_meld_cost(card, _counts(pile), self.ace) <= 3:
            risk += 0.6 * (v + 6.0)
        # pairs over the uniform hidden pool, where no opponent has its own weighted pool
        uniform = self.hidden_danger and self.weighted is None
        hidden = self._partners(card, self.hidden) if uniform else 0.0
        for seat in range(self.n):
            if seat == self.me:
                continue
            weight = 1.0 if seat == (self.me + 1) % self.n else (0.6 if self.calls else 0.3)
            known = self.known[seat]
            if self.hidden_danger:
                # its hidden cards: the next player takes the card at once, the others can
                # dig it out of the pile later where takes go deeper than the top
                later = 1.0 if weight == 1.0 else (0.5 if self.deep else 0.15)
                feeds = self.feed_chance(card, seat, hidden)
                risk += self.hidden_danger * later * feeds * (v + 6.0)
            if not known:
                continue
            if card == JOKER_CODE:
                risk += weight * 8.0
                continue
            kc = _counts(known)
            if new_meld_cost(card, kc, self.ace) <= 3:
                risk += weight * (v + 12.0)
            elif _touches(card, kc, self.ace):
                risk += weight * 3.0
        return risk

    def feed_chance(self, card: int, seat: int, uniform_pairs: float | None = None) -> float:
        """The chance that the hidden cards of ``seat`` hold two that make a meld with
        ``card``: ``1 - exp(-pairs q^2)``, ``pairs`` the pairs of unseen cards that would,
        ``q`` the chance that one unseen card is in that hand (both weighted by what its
        play says, with :attr:`weighted`). ``uniform_pairs``: the pairs over the uniform
        pool, where the caller has them."""
        inferred = self.weighted[seat] if self.weighted is not None else None
        if inferred is not None:
            pool, q = inferred
            pairs = self._partners(card, pool)
        else:
            size = max(0, self.view.hand_sizes[seat] - len(self.known[seat]))
            q = size / max(1, sum(self.hidden))
            pairs = self._partners(card, self.hidden) if uniform_pairs is None else uniform_pairs
        return 1.0 - math.exp(-pairs * q * q)

    def weigh_hidden(
        self, weights: Sequence[Sequence[float]]
    ) -> list[tuple[list[float], float] | None]:
        """For each opponent, the hidden pool weighted by its row of ``weights`` and the
        chance per unit of weight that a card of it lies in that hand: its hidden cards
        over the pool's total weight (None for the viewer)."""
        out: list[tuple[list[float], float] | None] = []
        for seat in range(self.n):
            if seat == self.me:
                out.append(None)
                continue
            row = weights[seat]
            pool = [k * row[c] for c, k in enumerate(self.hidden)]
            size = max(0, self.view.hand_sizes[seat] - len(self.known[seat]))
            out.append((pool, size / max(1e-9, sum(pool))))
        return out

    def _partners(self, card: int, unseen: Sequence[float]) -> float:
        """How many pairs of cards of ``unseen`` (counts, or weights: see
        :meth:`weigh_hidden`) that may be in a hidden hand would make a meld with
        ``card``."""
        jokers = unseen[JOKER_CODE]
        if card == JOKER_CODE:
            return 0.0
        rank, suit = RANK_OF[card], SUIT_OF[card]
        others = [unseen[code_of(s, rank)] for s in range(4) if s != suit]
        same = sum(others)
        # two cards of the rank in two other suits (never two copies of one: with two packs
        # a group's suits differ, [meld.group]); never below 0 for weights under 1
        pairs = (same * same - sum(k * k for k in others)) / 2.0
        near = 0.0
        positions = (1, 14) if rank == 1 and self.ace is not Ace.LOW else (rank,)
        top = self.values.top
        for p in positions:
            u: dict[int, float] = {}
            for d in (-2, -1, 1, 2):
                q = p + d
                ok = 1 <= q <= top or self.ace is Ace.AROUND
                u[d] = unseen[code_of(suit, rank_at(q))] if ok else 0
            pairs += u[-2] * u[-1] + u[-1] * u[1] + u[1] * u[2]
            near += u[-1] + u[1]
        return pairs + jokers * (same + near)

    def call_risk(self, table: Sequence[TableMeld]) -> float:
        """Points of pile cards that a new table would let another player call or take."""
        if not self.view.pile:
            return 0.0
        risk = 0.0
        for c in self.view.pile:
            if layable(int(c), table, self.ace) and not self.lays(int(c)):
                risk += self.values.hand[int(c)] + 4.0
        return risk


def _touches(card: int, counts: list[int], ace: Ace) -> bool:
    """Whether natural ``card`` has a held card of its rank or of its suit within two places."""
    if card == JOKER_CODE:
        return True
    rank, suit = RANK_OF[card], SUIT_OF[card]
    for s in range(4):
        if s != suit and counts[code_of(s, rank)]:
            return True
    positions = (1, 14) if rank == 1 and ace is not Ace.LOW else (rank,)
    for p in positions:
        for q in (p - 2, p - 1, p + 1, p + 2):
            if q >= 1 and counts[code_of(suit, rank_at(q))] and code_of(suit, rank_at(q)) != card:
                return True
    return False


class HeuristicBot(Bot):
    """Exact best-melds search, card counting from public information, safe discards,
    pile takes and Rummy calls when they pay, melds held back when they would open a call."""

    level = "heuristic"

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        hidden_danger: float = 3.0,
        public_stock: bool = True,
        held_known: bool = False,
        dead_share: tuple[float, float] | None = None,
        infer_danger: float = 0.0,
        pile_outs: float = 0.0,
        tempo: float = TEMPO,
        seek_out: bool = True,
        endgame: bool = True,
    ) -> None:
        super().__init__(seed, budget, name)
        #: whether discard danger counts every opponent's hidden cards (see Judge.danger)
        self.hidden_danger = hidden_danger
        #: what a card left over is worth where melds score (see Judge.kept; None: as
        #: measured in play, by players; FIRST_MODEL: 2q - 1)
        self.dead_share = dead_share
        #: whether a turned-over stock's public order is used (see rummykit.bots.stock):
        #: the card a draw gives, where it is known
        self.public_stock = public_stock
        #: whether the cards others drew from such a stock count as known in their hands
        #: (unseen counts, danger). Off: measured weaker at 6 players (docs/bots.md)
        self.held_known = held_known
        #: how strongly the danger over hidden hands follows what each opponent's
        #: discards and passed-up pile cards say of its hand (the power of
        #: rummykit.bots.inference.card_weights; 0: each hidden hand dealt uniformly)
        self.infer_danger = infer_danger
        #: how many unseen cards one pile card counts as among a left-over card's outs,
        #: where takes go deeper than the top (0: the pile is not counted)
        self.pile_outs = pile_outs
        #: where melds score nothing, what one more card left over costs beyond its
        #: value (see Judge.kept)
        self.tempo = tempo
        #: whether a pile take or a line of play that goes out this turn is found and
        #: played (rummykit.bots.going_out); off, the heuristic as before 2026-11-29
        self.seek_out = seek_out
        #: whether the end of a hand is minded: a held lay-off is played rather than its
        #: card thrown, melds are no longer held back once another player holds two
        #: cards or fewer, and a joker thrown is a danger; off, as before 2026-11-29
        self.endgame = endgame

    def choose(self, view: PlayerView) -> Action:
        return self.scored(view)[0][0]

    def scored(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The legal actions worth considering, best first, with the worth of each.

        A move played for certain comes alone with :data:`CERTAIN`: a meld, lay-off or
        swap of the plan, the next action of a line that goes out this turn, a lay-off
        played rather than its card thrown. A pile take that goes out is scored
        :data:`GOES_OUT` above its worth, the discard that goes out ``CERTAIN / 2``.
        """
        judge = self.judge(view)
        if view.phase is Phase.DRAW:
            out = self._draw(view, judge)
        elif view.phase is Phase.RUMMY:
            out = self._rummy(view, judge)
        else:
            out = self._play(view, judge)
        if not out:
            out = [(view.legal_actions[0], 0.0)]
        out.sort(key=lambda p: -p[1])
        if len(out) > 1:
            # going round in circles: not what this seat did here one cycle ago
            other = step_off(view, out[0][0], self.rng_for(view))
            if other is not None:
                at = next((i for i, (a, _) in enumerate(out) if a == other), None)
                if at is None:
                    out.insert(0, (other, out[0][1]))
                else:
                    out.insert(0, out.pop(at))
        return out

    def judge(self, view: PlayerView) -> Judge:
        """What this bot knows and values in ``view``, for one decision."""
        return Judge(
            view,
            self.values(view.rules),
            hidden_danger=self.hidden_danger,
            public_stock=self.public_stock,
            held_known=self.held_known,
            dead_share=self.dead_share,
            infer_danger=self.infer_danger,
            pile_outs=self.pile_outs,
            tempo=self.tempo,
            joker_danger=self.endgame,
        )

    # ------------------------------------------------------------------ phases
    def _take_worth(self, judge: Judge, depth: int, obliged: bool) -> float:
        pile = [int(c) for c in judge.view.pile]
        taken = pile[len(pile) - depth :]
        target = taken[0]
        if not judge.values.melds_score and depth == 1:
            return judge.worth(
                judge.hand + taken, forced=target if obliged else -1, discard=True, keep=target
            )
        return judge.worth(judge.hand + taken, forced=target if obliged else -1)

    def _draw(self, view: PlayerView, judge: Judge) -> list[tuple[Action, float]]:
        base = judge.worth(judge.hand)
        out: list[tuple[Action, float]] = []
        locked = view.stock_size == 0
        top_must = view.rules.top_card_must_meld or locked
        for a in view.legal_actions:
            if isinstance(a, Draw):
                out.append((a, judge.draw_worth(base) + 1.0))
            elif isinstance(a, End):
                out.append((a, -float(sum(judge.values.hand[c] for c in judge.hand))))
            elif isinstance(a, Take) and a.count is not None:
                obliged = a.count > 1 or top_must
                worth = self._take_worth(judge, a.count, obliged)
                if self.seek_out and self._take_goes_out(view, judge, a, obliged):
                    out.append((a, GOES_OUT + worth))  # the hand ends: nothing beats it
                    continue
                if a.count == 1 and recycling(view):
                    worth -= CYCLE
                out.append((a, worth))
        return out

    def _rummy(self, view: PlayerView, judge: Judge) -> list[tuple[Action, float]]:
        base = judge.worth(judge.hand)
        out: list[tuple[Action, float]] = []
        for a in view.legal_actions:
            if isinstance(a, CallRummy) and a.count is not None:
                out.append((a, self._take_worth(judge, a.count, True) + 3.0))
            elif isinstance(a, Pass):
                out.append((a, base))
        return out

    def _take_goes_out(self, view: PlayerView, judge: Judge, take: Take, obliged: bool) -> bool:
        """Whether taking ``take`` lets this player go out this very turn."""
        assert take.count is not None
        taken = [int(c) for c in view.pile[len(view.pile) - take.count :]]
        keep = taken[0] if obliged else -1
        swaps = view.rules.joker_swap
        if not may_go_out(judge.hand + taken, judge.table, judge.ace, keep, swaps=swaps):
            return False
        return out_line(view, take) is not None

    def _play(self, view: PlayerView, judge: Judge) -> list[tuple[Action, float]]:
        target = int(view.must_meld) if view.must_meld is not None else -1
        # a way out this turn, which the plan (melds by points) may not take
        if (
            self.seek_out
            and len(judge.hand) > 1
            and may_go_out(judge.hand, judge.table, judge.ace, target, swaps=view.rules.joker_swap)
        ):
            line = out_line(view)
            if line:
                return [(line[0], CERTAIN)]
        planned = self._planned(view, judge, target)
        if planned is not None:
            return [(planned, CERTAIN)]
        if target >= 0:  # the plan's way is not legal: weigh every table play
            return self._weigh_table_plays(view, judge)
        out = self._discards(view, judge)
        if not out:
            return self._weigh_table_plays(view, judge)
        if self.endgame:
            # a card the plan held back from a lay-off (it would open a Rummy call) is
            # laid off rather than thrown: thrown, it is the next player's to lay off
            card, worth = max(
                ((int(a.card), w) for a, w in out if isinstance(a, Discard)),
                key=lambda p: p[1],
                default=(-1, CERTAIN),
            )
            if worth < CERTAIN / 2 and card >= 0 and judge.lays(card):
                for a in view.legal_actions:
                    if isinstance(a, LayOff) and len(a.cards) == 1 and self._layoff_card(a) == card:
                        return [(a, CERTAIN)]
        return out

    def held(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The discards in a play phase, best first, scored as :meth:`scored` scores them
        when no meld or lay-off is due: what holding every meld of the plan this turn
        would play (the search's "meld now or hold", :mod:`rummykit.bots.montecarlo`).
        Empty where no discard is legal or a taken card must be melded first."""
        if view.phase is not Phase.PLAY or view.must_meld is not None:
            return []
        out = self._discards(view, self.judge(view))
        out.sort(key=lambda p: -p[1])
        return out

    def _discards(self, view: PlayerView, judge: Judge) -> list[tuple[Action, float]]:
        """Every legal discard, by the worth of the cards left less its danger."""
        out: list[tuple[Action, float]] = []
        hand = judge.hand
        for a in view.legal_actions:
            if isinstance(a, Discard):
                rest = hand[:]
                rest.remove(int(a.card))
                if not rest:
                    out.append((a, CERTAIN / 2))
                    continue
                out.append((a, judge.worth(rest) - judge.danger(int(a.card), judge.table)))
        return out

    def _planned(self, view: PlayerView, judge: Judge, target: int) -> Action | None:
        """The next meld, lay-off or swap of the best plan, if it is legal and wise."""
        actions = view.legal_actions
        values = judge.values
        hand = judge.hand
        forced = target if target >= 0 and not judge.lays(target) else -1
        plan = best_melds(hand, values, forced)
        by_cards: dict[tuple[tuple[int, ...], int], list[Meld]] = {}
        for a in actions:
            if isinstance(a, Meld):
                naturals, jokers = _split(a.cards)
                by_cards.setdefault((tuple(sorted(naturals)), len(jokers)), []).append(a)
        going_out = len(plan.deadwood) <= 1 or view.stock_size <= 2 * judge.n
        if self.endgame and not going_out:
            # cards that lay off are not left over; and another player about to go out
            # would catch a meld held back
            left = sum(1 for c in plan.deadwood if not judge.lays(c))
            others = [k for i, k in enumerate(view.hand_sizes) if i != judge.me]
            going_out = left <= 1 or min(others, default=99) <= 2
        melds = sorted(plan.melds, key=lambda m: (target not in m, -len(m)))
        for m in melds:
            key = tuple(sorted(c for c in m if c != JOKER_CODE))
            options = by_cards.get((key, len(m) - len(key)))
            if not options:
                continue
            best = max(options, key=lambda a: self._meld_points(a, judge))
            if judge.calls and target not in m and not going_out:
                new = self._meld_table(best, judge)
                if new is not None and judge.call_risk([*judge.table, new]) > 0:
                    continue  # holding the meld back: it would open a Rummy call
            return best
        dead = set(plan.deadwood)
        if target >= 0:
            dead.add(target)
        for a in actions:
            if isinstance(a, Swap) and int(a.card) in dead:
                return a
        layoffs = [a for a in actions if isinstance(a, LayOff)]
        layoffs.sort(key=lambda a: (self._layoff_card(a) != target, self._layoff_card(a)))
        for a in layoffs:
            card = self._layoff_card(a)
            if card not in dead:
                continue
            if card == JOKER_CODE and len(hand) > 2 and target < 0:
                continue  # a joker is worth more in hand while melds may come
            if judge.calls and card != target and not going_out:
                new_table = self._layoff_table(a, judge)
                if new_table is not None and judge.call_risk(new_table) > 0:
                    continue
            return a
        return None

    def _weigh_table_plays(self, view: PlayerView, judge: Judge) -> list[tuple[Action, float]]:
        """Every legal table play scored by its points and the worth of the cards left."""
        out: list[tuple[Action, float]] = []
        for a in view.legal_actions:
            rest = judge.hand[:]
            table: list[TableMeld] | None = None
            points = 0.0
            try:
                if isinstance(a, Meld):
                    naturals, jokers = _split(a.cards)
                    for c in naturals + [JOKER_CODE] * len(jokers):
                        rest.remove(c)
                    new = resolve_meld(naturals, jokers, judge.ace)
                    table = [*judge.table, new]
                    points = judge.values.meld_points(new)
                elif isinstance(a, LayOff):
                    rest.remove(self._layoff_card(a))
                    table = self._layoff_table(a, judge)
                    points = judge.values.hand[self._layoff_card(a)]
                elif isinstance(a, Swap):
                    rest.remove(int(a.card))
                    rest.append(JOKER_CODE)
                    points = judge.values.hand[int(a.card)]
                elif isinstance(a, Discard):
                    rest.remove(int(a.card))
                    points = -judge.danger(int(a.card), judge.table)
            except (ValueError, IllegalAction):
                continue
            if not judge.values.melds_score and not isinstance(a, Discard):
                points = 0.0  # table plays score nothing by themselves: fewer cards held do
            out.append((a, points + judge.worth(rest, table)))
        return out

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _layoff_card(a: LayOff) -> int:
        t = a.cards[0]
        return JOKER_CODE if isinstance(t, JokerAs) else int(t)

    def _meld_table(self, a: Meld, judge: Judge) -> TableMeld | None:
        naturals, jokers = _split(a.cards)
        try:
            return resolve_meld(naturals, jokers, judge.ace)
        except IllegalAction:
            return None

    def _meld_points(self, a: Meld, judge: Judge) -> int:
        m = self._meld_table(a, judge)
        return judge.values.meld_points(m) if m is not None else 0

    def _layoff_table(self, a: LayOff, judge: Judge) -> list[TableMeld] | None:
        naturals, jokers = _split(a.cards)
        table = judge.table[:]
        try:
            table[a.meld - 1] = lay_off(table[a.meld - 1], naturals, jokers, a.end, 0, judge.ace)
        except (IllegalAction, IndexError):
            return None
        return table


class BasicBot(HeuristicBot):
    """The heuristic as first built, the 2-player ``hard`` difficulty where melds score
    (:data:`~rummykit.bots.levels.DIFFICULTIES`): a card left over counts
    as if it were caught (:data:`FIRST_MODEL`), and discard danger weighs only the cards
    the others are known to hold (taken from the pile), not their hidden hands. It goes
    out where it can and minds the hand's end as the heuristic does (``seek_out``,
    ``endgame``: mended blunders, not strength). It loses to ``heuristic`` (``hard`` at 3 or
    more players) in about 62% of 2-player games (BENCHMARKS.md)."""

    level = "basic"

    def __init__(
        self, seed: int | str = 0, budget: int | None = None, name: str = "", **settings: Any
    ) -> None:
        super().__init__(seed, budget, name, hidden_danger=0.0, dead_share=FIRST_MODEL, **settings)
