"""The ``montecarlo`` level: flat Monte Carlo over determinizations.

The heuristic proposes a short list of candidates (a meld of its plan is played at once).
Each iteration deals the unseen cards at random, consistently with the view
(:func:`~rummykit.bots.determinize.determinize`), plays every candidate on a copy of that
same deal, continues with the fast policy (for six turns at two players, to the hand's
end at more), and scores the position. The candidate with the best mean (own points
minus the others' mean) is played.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=4)
>>> bot = MonteCarloBot(seed=1, budget=8)
>>> bot.act(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from rummykit import Phase
from rummykit.actions import Action, LayOff, Meld
from rummykit.bots.base import Bot
from rummykit.bots.determinize import determinize
from rummykit.bots.heuristic import CERTAIN, HeuristicBot
from rummykit.bots.inference import card_weights
from rummykit.bots.leaf import calibrated_value, worth_value
from rummykit.bots.policy import Leaf, playout, position_value
from rummykit.bots.race import Race
from rummykit.bots.rollout import Pace, heuristic_playout
from rummykit.view import PlayerView

__all__ = [
    "FUTILITY",
    "FUTILITY_ROUNDS",
    "LEAVES",
    "MonteCarloBot",
    "RolloutBot",
    "ahead",
    "candidates",
    "gain",
    "hopeless",
    "over_time",
    "reward",
]

#: The ways a playout that stops before the hand's end can be scored, by name: ``plain``
#: (fixed shares of the melds and cards in hand) and ``worth`` (each seat's hand as the
#: heuristic values its own, :func:`rummykit.bots.leaf.worth_value`).
LEAVES: dict[str, Leaf] = {
    "plain": position_value,
    "worth": worth_value,
    "calibrated": calibrated_value,
}

#: Turn ends a playout plays at two players, then the position is scored: playing on to
#: the hand's end there costs about 11 points a hand against the heuristic.
SHORT_PLAYOUT = 6

#: At three players or more, playouts go on to the hand's end (or 400 actions): at four
#: players that gains about 7 points a hand against the heuristic.
HAND_END = 1000

#: Rounds a search that may stop early (``futility``) plays at least.
FUTILITY_ROUNDS = 8

#: The ``rollout`` level's ``futility``: it stops once the heuristic's second move is 1.5
#: standard errors behind its first. On 1,200 logged decisions (2 and 4 players,
#: ``500-rum`` and ``remik-500``) the search then ends with the move it would have
#: played at its time limit in 99.5% of them, after 63% of the rounds (BENCHMARKS.md,
#: "A search that stops when it is sure").
FUTILITY = 1.5


def over_time(start: float, looped: float, done: int, limit: float, longest: float = 0.0) -> bool:
    """Whether one more round would likely end after ``limit`` seconds from ``start``,
    ``done`` rounds having taken the time since ``looped``, the longest of them
    ``longest`` seconds (the next is expected to take the longer of that and the mean)."""
    now = time.perf_counter()
    return now - start + max(longest, (now - looped) / max(1, done)) > limit


def reward(scores: list[float], seat: int, low_wins: bool = False) -> float:
    """Own points minus the mean of the others' (the others' minus one's own where points
    are penalties, ``low_wins``): more is better."""
    others = [s for i, s in enumerate(scores) if i != seat]
    gain = scores[seat] - (sum(others) / len(others) if others else 0.0)
    return -gain if low_wins else gain


def candidates(
    heuristic: HeuristicBot, view: PlayerView, width: int, margin: float, hold: bool = False
) -> list[tuple[Action, float]]:
    """The heuristic's best actions: at most ``width``, within ``margin`` of the best.

    A meld or lay-off of the heuristic's plan comes alone, or with ``hold`` beside the
    discard it would play holding the plan's melds this turn (meld now or hold)."""
    scored = heuristic.scored(view)
    first, best = scored[0]
    if best >= CERTAIN / 2:
        if hold and best >= CERTAIN and isinstance(first, (Meld, LayOff)):
            held = heuristic.held(view)
            if held and held[0][1] < CERTAIN / 2:  # not a discard that goes out
                return [scored[0], held[0]]
        return scored[:1]
    return [(a, s) for a, s in scored[:width] if s >= best - margin]


class MonteCarloBot(Bot):
    """Samples the unseen cards consistently with public information and plays each of
    the heuristic's candidate moves out with a fast policy; ``budget`` is the number of
    playouts per decision (default 240)."""

    level = "montecarlo"
    default_budget = 240

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        width: int = 4,
        margin: float = 30.0,
        turns: int | None = None,
        time_limit: float | None = 0.9,
        smart: bool = False,
        discards_only: bool = False,
        infer: float = 0.0,
        leaf: str = "plain",
        confidence: float = 0.0,
        prior: float = 0.0,
        dead_share: tuple[float, float] | None = None,
        phases: frozenset[Phase] | None = None,
        rollout: str = "policy",
        race: bool = False,
        hold: bool = False,
        futility: float = 0.0,
    ) -> None:
        super().__init__(seed, budget if budget is not None else self.default_budget, name)
        if rollout not in ("policy", "heuristic"):
            raise ValueError(f"rollout must be 'policy' or 'heuristic', not {rollout!r}")
        if not 0 <= futility < math.inf:
            raise ValueError(f"futility must be a number of standard errors from 0, not {futility}")
        #: who plays the playouts: the fast policy, or the heuristic itself
        #: (rummykit.bots.rollout)
        self.rollout = rollout
        #: score a playout by the chance its result gives of winning the game
        #: (rummykit.bots.race) rather than by its points
        self.race = race
        if race and prior:
            raise ValueError("race scores chances of winning, prior heuristic points: not both")
        self._race: tuple[tuple[int, tuple[int, ...]], Race] | None = None
        #: search the heuristic's planned melds and lay-offs against holding them this
        #: turn (the discard it would play without them), not play them at once
        self.hold = hold
        #: the phases in which the search may overrule the heuristic's first choice
        #: (None: every phase; elsewhere the heuristic's choice is played at once)
        self.phases = phases
        #: how sure the search must be to overrule the heuristic's first choice: another
        #: candidate is played only if its mean gain over it, paired on the same deals,
        #: is this many standard errors above 0 (0: the best mean is played)
        self.confidence = confidence
        #: when to stop searching early, the heuristic's first choice kept: once every other
        #: candidate's mean gain over it, paired on the same deals, is this many standard
        #: errors below 0 after :data:`FUTILITY_ROUNDS` rounds (or exactly 0 on every deal
        #: so far); 0: never (the search runs to its budget or time limit)
        self.futility = futility
        #: weight of the heuristic's own rating of each candidate beside the playouts'
        #: mean (0: the playouts alone decide)
        self.prior = prior
        #: strength of the inference from the public log in dealing (0: uniform deals)
        self.infer = infer
        #: how a playout that stops early is scored (a name of :data:`LEAVES`)
        self.leaf = LEAVES[leaf]
        self.width = width
        self.margin = margin
        #: turn ends a playout plays (None: 6 at two players, to the hand's end at more)
        self.turns = turns
        self.time_limit = time_limit
        self.smart = smart
        self.discards_only = discards_only
        #: the heuristic that proposes the candidates, with its share of a card left
        #: over (see HeuristicBot)
        self.heuristic = HeuristicBot(seed, dead_share=dead_share)

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()  # the limit counts the whole decision
        if self.phases is not None and view.phase not in self.phases:
            return self.heuristic.choose(view)
        cands = candidates(self.heuristic, view, self.width, self.margin, self.hold)
        if len(cands) == 1:
            return cands[0][0]
        assert view.seat is not None and self.budget is not None
        values = self.values(view.rules)
        rng = self.rng_for(view)
        seat = view.seat
        totals = [0.0] * len(cands)
        squares = [0.0] * len(cands)  # sums of squares of each one's gain over the first
        rounds = max(1, self.budget // len(cands))
        turns = self.turns
        if turns is None:  # measured: BENCHMARKS.md, paired measurements of 2026-11-23
            turns = SHORT_PLAYOUT if len(view.players) == 2 else HAND_END
        weights = card_weights(view, self.infer) if self.infer else None
        race = self._race_of(view) if self.race else None
        done = 0
        looped = time.perf_counter()
        longest = 0.0
        deadline = start + self.time_limit if self.time_limit is not None else None
        pace = Pace()
        for _ in range(rounds):
            began = time.perf_counter()
            det = determinize(view, rng, weights)
            seed = rng.random()
            rewards: list[float] = []
            for action, _ in cands:
                h = det.clone()
                h.apply(action)
                if self.rollout == "heuristic":
                    scores = heuristic_playout(
                        h,
                        values,
                        self.heuristic,
                        turns,
                        self.discards_only,
                        self.leaf,
                        deadline,
                        pace,
                    )
                    if scores is None:  # out of time: the round is not counted
                        break
                else:
                    scores = playout(
                        h,
                        values,
                        random.Random(seed),
                        turns,
                        self.smart,
                        self.discards_only,
                        self.leaf,
                    )
                if race is not None:
                    rewards.append(race.value(scores, seat, h.out if h.is_over else None))
                else:
                    rewards.append(reward(scores, seat, values.low_wins))
            if len(rewards) < len(cands):
                break
            for k, r in enumerate(rewards):
                totals[k] += r
                if k:
                    squares[k] += (r - rewards[0]) ** 2
            done += 1
            longest = max(longest, time.perf_counter() - began)
            if self.futility and done >= FUTILITY_ROUNDS and self._hopeless(totals, squares, done):
                break
            if self.time_limit is not None and over_time(
                start, looped, done, self.time_limit, longest
            ):
                break
        if not done:
            return cands[0][0]
        # ties (and near ties) go to the heuristic's order
        prior = self.prior
        best = max(
            range(len(cands)),
            key=lambda j: (totals[j] / done + prior * (cands[j][1] - cands[0][1]), -j),
        )
        if self.confidence and best and not self._sure(totals, squares, best, done):
            return cands[0][0]
        return cands[best][0]

    def _race_of(self, view: PlayerView) -> Race:
        """The race of this hand (the same futures for all its decisions)."""
        key = (view.hand_number, view.totals)
        if self._race is None or self._race[0] != key:
            rng = random.Random(f"{self.seed}/race/{view.hand_number}")
            self._race = (key, Race.of(view, rng))
        return self._race[1]

    def _sure(self, totals: list[float], squares: list[float], j: int, done: int) -> bool:
        """Whether candidate ``j``'s mean gain over the first is :attr:`confidence`
        standard errors above 0 (paired on the same deals)."""
        return ahead(totals, squares, j, done, self.confidence)

    def _hopeless(self, totals: list[float], squares: list[float], done: int) -> bool:
        """Whether the search may stop, keeping the first candidate (:func:`hopeless`
        with :attr:`futility`)."""
        return hopeless(totals, squares, done, self.futility)


def ahead(totals: list[float], squares: list[float], j: int, done: int, bar: float) -> bool:
    """Whether candidate ``j``'s mean gain over the first is ``bar`` standard errors
    above 0 after ``done`` rounds (never after fewer than 2): :func:`gain`'s terms."""
    if done < 2:
        return False
    mean, error = gain(totals, squares, j, done)
    return mean > bar * error


def hopeless(totals: list[float], squares: list[float], done: int, behind: float) -> bool:
    """Whether every candidate but the first has a mean gain over it ``behind``
    standard errors below 0 after ``done`` rounds (at least 2), or no gain on any deal
    (the same outcome every time): :func:`gain`'s terms.

    >>> hopeless([0.0, -8.0], [0.0, 40.0], 2, 1.5)  # gains -2 and -6: -4 +- 2
    True
    >>> hopeless([0.0, -8.0], [0.0, 40.0], 2, 2.5)
    False
    """
    for j in range(1, len(totals)):
        mean, error = gain(totals, squares, j, done)
        if mean > (-behind * error if error else 0.0):
            return False
    return True


def gain(totals: list[float], squares: list[float], j: int, done: int) -> tuple[float, float]:
    """Candidate ``j``'s mean gain over the first after ``done`` rounds (at least 2) and
    its standard error, from the sums of its rewards (``totals``, the first's beside it)
    and of the squares of its gains (``squares``), paired on the same deals.

    >>> gain([10.0, 14.0], [0.0, 10.0], 1, 2)  # gains 1 and 3
    (2.0, 1.0)
    """
    mean = (totals[j] - totals[0]) / done
    var = max(0.0, squares[j] / done - mean * mean) * done / (done - 1)
    return mean, math.sqrt(var / done)


#: The ``rollout`` level's limit on a decision, in seconds: its rounds (two playouts to
#: the hand's end) are long, and a decision must end within a second on a busy 2-core
#: machine (one took 1.15 s there with 0.9 s, a round started on the mean round's time).
#: A playout that is still going at the limit is dropped with its round: in 4-player
#: ``rummy`` one round could take a quarter of a second, and 6 decisions of 24 deals
#: went past a second before that.
TIME_LIMIT = 0.85


class RolloutBot(MonteCarloBot):
    """The ``rollout`` level (``expert``): a rollout improvement of the heuristic.

    For the heuristic's two best moves it deals the unseen cards again and again (the
    same deals for both), plays each move on and then the rest of the hand with the
    heuristic choosing for every seat (:mod:`rummykit.bots.rollout`), and plays the
    second move only when its mean over those deals is a standard error above the
    first's; it stops dealing once the second is :data:`FUTILITY` standard errors behind
    (after :data:`FUTILITY_ROUNDS` deals). Measured against the heuristic since it goes
    out where it can: +6.5 +- 1.3 points a hand over 400 2-player ``500-rum`` games,
    +3.3 +- 1.1 in ``remik-500``, and about +4.8 at 4 players (BENCHMARKS.md).
    ``budget`` is the number of playouts per decision (default 240); the time limit
    (:data:`TIME_LIMIT`) or the stop usually ends the decision first."""

    level = "rollout"

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        race: bool = False,
        hold: bool = False,
    ) -> None:
        super().__init__(
            seed,
            budget,
            name,
            rollout="heuristic",
            turns=HAND_END,
            width=2,
            confidence=1.0,
            time_limit=TIME_LIMIT,
            futility=FUTILITY,
            race=race,
            hold=hold,
        )
