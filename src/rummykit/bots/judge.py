"""What the ``heuristic`` level knows and values in one view (:class:`Judge`).

The worth of a set of cards (:meth:`Judge.worth`) is the points of its best melds (an
exact search), plus what its other cards can be laid off for, plus for each remaining
card its value times ``a + b q`` (shares measured in play; ``2q - 1`` for ``basic``, and
for every level once another player may go out at once: :data:`END_CAUGHT`), where
``q`` is the chance it still gets melded: from its *outs* (the unseen cards that would
complete it, counted from public information only) and the turns likely left in the
hand. Where melds score nothing (``winner-takes`` and ``penalty`` scoring) only the
cards left over count: ``-2 (1 - q)`` times their value plus a tempo (the turns a card
kept back costs on the way out), ``1 - q`` the chance of being caught with it
(:meth:`Judge.kept`). :meth:`Judge.danger` is what a discard may give the others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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
from rummykit.bots.inference import card_weights
from rummykit.bots.stock import PublicStock, next_card
from rummykit.bots.stock import public_stock as get_public_stock
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
from rummykit.melds import TableMeld, rank_at
from rummykit.reach import new_meld_cost
from rummykit.rules import Ace, PileDraw, RummyCall
from rummykit.view import PlayerView

__all__ = ["END_CAUGHT", "FIRST_MODEL", "KNOWN_TOUCH", "TEMPO", "Judge", "counts_of"]

#: The first model of :meth:`Judge.kept`: a card left over with melding chance ``q`` is
#: worth ``2q - 1`` times its value where melds score, as if every card not melded were
#: caught in hand. Measured in play most are discarded at no cost
#: (:data:`~rummykit.bots.evaluate.MEASURED_SHARES`), and the heuristic with the
#: measured shares beats this one; the ``basic`` level keeps it.
FIRST_MODEL: tuple[float, float] = (-1.0, 2.0)

#: Where melds score, once another player holds this many cards or fewer a card left over
#: is valued by :data:`FIRST_MODEL` (caught in hand), not by the shares measured over
#: whole hands: with an opponent on one card the heuristic kept a dead 9 and threw a
#: 3, and took deep piles of cards it would be caught with (review of 2026-11-30;
#: +3.3 points a hand in 2-player remik-500, +1.9 in 500-rum). 0: never.
END_CAUGHT = 1

#: :attr:`Judge.known_touch`'s default (2-player rummy: +1.0 point a hand, 0.3 to 5
#: measured; nothing clear elsewhere).
KNOWN_TOUCH = 2.0

#: Where melds score nothing, what one more card left over costs beyond its value: going
#: out first is everything there. The first measure, against ``greedy`` in 2-player
#: ``rummy`` games: 0 won about 49% of games, 6 and 15 about 55%; 8 was kept. Paired
#: hands against 8 later found no value clearly better at 2 or 4 players (docs/bots.md).
TEMPO = 8.0


def counts_of(cards: Sequence[int]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return counts


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
        end_caught: int = END_CAUGHT,
        known_touch: float = KNOWN_TOUCH,
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
        #: the fewest cards another player holds (0 alone at the table)
        self.fewest = min((k for i, k in enumerate(view.hand_sizes) if i != view.seat), default=0)
        if values.melds_score and len(view.hand_sizes) > 1 and self.fewest <= end_caught:
            # another player may go out at once: what is left over is mostly caught
            self.dead_share = FIRST_MODEL
        #: the danger of a discard that melds with a card the next player took from the
        #: pile and one unseen card, as a share of a discard that melds with its cards
        self.known_touch = known_touch
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
        by_stock = view.stock_size / self.n + 0.5
        by_out = 1.0 + 0.9 * self.fewest
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
        held = counts_of(dead)
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
        counts = counts_of(hand)
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
        if deep and new_meld_cost(card, counts_of(pile), self.ace) <= 3:
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
            kc = counts_of(known)
            if new_meld_cost(card, kc, self.ace) <= 3:
                risk += weight * (v + 12.0)
            elif weight == 1.0 and self.known_touch and self._with_one_more(card, kc):
                # a card taken from the pile was taken for a partner (2-player rummy: such
                # a discard melded in the taker's hand half the time, any discard 13%)
                risk += self.known_touch * (v + 12.0)
            elif _touches(card, kc, self.ace):
                risk += weight * 3.0
        return risk

    def _with_one_more(self, card: int, counts: list[int]) -> bool:
        """Whether natural ``card`` melds with ``counts`` and one unseen card (a joker too)."""
        if not _touches(card, counts, self.ace):
            return False
        for x, unseen in enumerate(self.hidden):
            if unseen and x != card:
                counts[x] += 1
                fits = new_meld_cost(card, counts, self.ace) <= 3
                counts[x] -= 1
                if fits:
                    return True
        return False

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
