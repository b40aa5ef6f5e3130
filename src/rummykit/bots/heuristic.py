"""The ``heuristic`` level: exact best melds, card counting, safe discards, sensible takes.

Every decision compares the expected worth of the hand after each choice, as
:class:`~rummykit.bots.judge.Judge` values it from the view: the points of its best
melds and lay-offs, what each card left over is likely worth, what a discard may give
the others.

>>> from rummykit import Game, Rules
>>> from rummykit.players import play
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=5)
>>> play(game, [HeuristicBot(seed=1), HeuristicBot(seed=2)]).over
True
"""

from __future__ import annotations

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
from rummykit.bots.evaluate import best_melds
from rummykit.bots.going_out import may_go_out, out_line
from rummykit.bots.judge import END_CAUGHT, FIRST_MODEL, KNOWN_TOUCH, TEMPO, Judge
from rummykit.cards import JOKER_CODE
from rummykit.errors import IllegalAction
from rummykit.melds import TableMeld, lay_off, resolve_meld
from rummykit.view import PlayerView

__all__ = ["CERTAIN", "GOES_OUT", "BasicBot", "HeuristicBot"]

#: Score given to the action the heuristic plays for certain (melds of its plan).
CERTAIN = 1_000_000.0

#: Score given to a pile take that goes out this turn, before its worth (above
#: ``CERTAIN / 2``, what the search levels, careless bots and hints take as certain).
GOES_OUT = 0.6 * CERTAIN

#: The worth taken off a pile take that would go on a cycle (see :func:`recycling`).
CYCLE = 1000.0


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
        end_caught: int = END_CAUGHT,
        known_touch: float = KNOWN_TOUCH,
    ) -> None:
        super().__init__(seed, budget, name)
        #: see :data:`END_CAUGHT` and :attr:`Judge.known_touch` (0: as before 2026-11-30)
        self.end_caught = end_caught
        self.known_touch = known_touch
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
        """The legal actions worth considering, best first, with the worth of each
        (:meth:`ranked`), where the hand goes round in circles the move that steps off
        the cycle first (:func:`~rummykit.bots.cycles.step_off`: drawn at random)."""
        out = self.ranked(view)
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

    def ranked(self, view: PlayerView) -> list[tuple[Action, float]]:
        """The legal actions worth considering, best first, with the worth of each, as
        the heuristic values them (no step off a cycle: what a hint shows and explains).

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
            end_caught=self.end_caught,
            known_touch=self.known_touch,
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
    ``endgame``: mended blunders, not strength), but not the partner of a card the next
    player took (``known_touch`` 0, a danger the heuristic learned on 2026-11-30). It
    loses to ``heuristic`` (``hard`` at 3 or more players) in about 62% of 2-player games
    (BENCHMARKS.md)."""

    level = "basic"

    def __init__(
        self, seed: int | str = 0, budget: int | None = None, name: str = "", **settings: Any
    ) -> None:
        settings = {"known_touch": 0.0, **settings}
        super().__init__(seed, budget, name, hidden_danger=0.0, dead_share=FIRST_MODEL, **settings)
