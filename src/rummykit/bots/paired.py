"""Paired measurement of two bots: the same deals, every seat rotation, point differences.

Game wins are a coarse signal: a game of 500 Rum is several hands, and one win says
little about how much better a player was. A paired measurement plays single hands
instead. Each *deal* (a first hand, dealt from the match seed and the deal's number) is
played once for every *rotation* of the seats, so both bots hold every hand of it, and
the deal's figure is the mean, over its rotations, of

    (mean score of the first bot's seats) - (mean score of the second bot's seats)

in points for that hand. The luck of the cards cancels out within a deal, so the
differences separate two bots with far fewer hands than game wins do.

*Lineups* say who sits where (``0`` the first bot, ``1`` the second):

- ``alternate``: the bots take turns around the table (``0 1``, ``0 1 0 1``), every
  distinct rotation of that pattern;
- ``one-vs-rest``: the first bot alone against copies of the second, at each seat in
  turn (``0 1 1 1``, ``1 0 1 1``, ...). With two players it is ``alternate``.

The *sequential test* looks at the figures after ``first_look`` deals, then each time
their number doubles, and at ``max_deals``. At each of those ``K`` looks it stops if the
mean is more than ``z`` standard errors from 0, where ``z`` gives each look a two-sided
error of ``alpha / K`` (Bonferroni): however many looks it takes, the chance of calling
a difference between two equal bots is at most ``alpha``. The standard error comes from
the deals themselves, so ``z`` is Student's t quantile with ``n - 1`` degrees of freedom
at a look of ``n`` deals (the normal one, after only 5 deals, called a difference between
equal bots about twice as often as claimed). A deal one of whose hands did not finish is
left out of the figures, since its other seatings alone do not cancel the cards' luck.
With a ``margin``, it also stops when the interval at that level lies within
``+-margin``: no difference that large.
The reported 95% interval is the plain one (mean +- 1.96 standard errors).

>>> result = run_paired(["greedy", "random"], max_deals=100, first_look=10, seed=1)
>>> result.deals_played, result.stop, result.looks
(40, 'first better', [10, 20, 40, 80, 100])
>>> low, high = result.summary.ci95
>>> 0 < low < result.summary.mean < high
True
>>> [s for s in result.deals[0].seatings]
[(0, 1), (1, 0)]
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummykit.bots import get_bot
from rummykit.bots.parallel import run_tasks
from rummykit.bots.student import t_quantile
from rummykit.bots.tournament import MAX_HAND_ACTIONS, BotSpec
from rummykit.game import Game
from rummykit.rules import Rules, Scoring

__all__ = [
    "LINEUPS",
    "DealResult",
    "PairedResult",
    "Summary",
    "looks",
    "play_deal",
    "run_paired",
    "seatings",
    "summarize",
]

#: The ways of seating two bots at a table (see the module docstring).
LINEUPS = ("alternate", "one-vs-rest")

Z95 = statistics.NormalDist().inv_cdf(0.975)


def seatings(players: int, lineup: str = "alternate") -> list[tuple[int, ...]]:
    """The rotations of a deal: for each, which bot (0 or 1) sits at each seat.

    >>> seatings(4, "alternate")
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> seatings(3, "one-vs-rest")
    [(0, 1, 1), (1, 0, 1), (1, 1, 0)]
    """
    if lineup not in LINEUPS:
        raise ValueError(f"unknown lineup {lineup!r}; lineups are {', '.join(LINEUPS)}")
    if players < 2:
        raise ValueError("a paired measurement needs at least two seats")
    if lineup == "one-vs-rest":
        return [tuple(0 if s == r else 1 for s in range(players)) for r in range(players)]
    out: list[tuple[int, ...]] = []
    for r in range(players):
        seating = tuple((s + r) % 2 for s in range(players))
        if seating not in out:
            out.append(seating)
    return out


@dataclass(frozen=True)
class Summary:
    """Mean, standard deviation, standard error and 95% interval of some differences."""

    n: int
    mean: float
    sd: float
    se: float

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation)."""
        return (self.mean - Z95 * self.se, self.mean + Z95 * self.se)

    def interval(self, z: float) -> tuple[float, float]:
        """The mean +- ``z`` standard errors."""
        return (self.mean - z * self.se, self.mean + z * self.se)

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready object (``se`` and ``ci95`` null below 2 deals:
        JSON has no infinity)."""
        low, high = self.ci95
        return {
            "n": self.n,
            "mean": round(self.mean, 3),
            "sd": round(self.sd, 3),
            "se": _finite(self.se),
            "ci95": [_finite(low), _finite(high)],
        }


def _finite(x: float) -> float | None:
    """``x`` to 3 decimals, or None where it is infinite (JSON has no infinity)."""
    return round(x, 3) if math.isfinite(x) else None


def summarize(diffs: Sequence[float]) -> Summary:
    """The :class:`Summary` of per-deal differences (sample standard deviation).

    >>> s = summarize([1.0, 2.0, 3.0, 4.0])
    >>> s.mean, round(s.sd, 4), round(s.se, 4)
    (2.5, 1.291, 0.6455)
    """
    n = len(diffs)
    if n == 0:
        return Summary(0, 0.0, 0.0, math.inf)
    mean = sum(diffs) / n
    if n == 1:
        return Summary(1, mean, 0.0, math.inf)
    sd = statistics.stdev(diffs)
    return Summary(n, mean, sd, sd / math.sqrt(n))


def looks(first_look: int, max_deals: int) -> list[int]:
    """The numbers of deals at which the sequential test looks: ``first_look``, doubling,
    and ``max_deals``.

    >>> looks(25, 400)
    [25, 50, 100, 200, 400]
    >>> looks(30, 100)
    [30, 60, 100]
    """
    if first_look < 2 or max_deals < 1:
        raise ValueError("the first look needs at least 2 deals, and the maximum at least 1")
    out: list[int] = []
    at = first_look
    while at < max_deals:
        out.append(at)
        at *= 2
    out.append(max_deals)
    return out


def boundary(k: int, alpha: float = 0.05, deals: int | None = None) -> float:
    """The ``z`` each of ``k`` looks needs so that all of them together err at most
    ``alpha``: at a look of ``deals`` deals, Student's t quantile with ``deals - 1``
    degrees of freedom (the standard error is estimated from them); without, the normal
    quantile that it tends to.

    >>> round(boundary(1), 2), round(boundary(5), 2), round(boundary(5, deals=10), 2)
    (1.96, 2.58, 3.25)
    """
    p = 1.0 - alpha / (2 * k)
    if deals is None:
        return statistics.NormalDist().inv_cdf(p)
    if deals < 2:
        return math.inf
    return t_quantile(p, deals - 1)


@dataclass(frozen=True)
class DealResult:
    """One deal played in every rotation: the seating and each seat's hand score per
    rotation, and each bot's decisions, time deciding and longest decision."""

    index: int
    seatings: tuple[tuple[int, ...], ...]
    scores: tuple[tuple[int, ...], ...]
    unfinished: tuple[bool, ...]
    decisions: tuple[int, int]
    seconds: tuple[float, float]
    longest: tuple[float, float]

    @property
    def diffs(self) -> list[float]:
        """Per rotation: the first bot's mean seat score minus the second's."""
        out = []
        for seating, scores in zip(self.seatings, self.scores, strict=True):
            a = [s for b, s in zip(seating, scores, strict=True) if b == 0]
            b_ = [s for b, s in zip(seating, scores, strict=True) if b == 1]
            out.append(sum(a) / len(a) - sum(b_) / len(b_))
        return out

    @property
    def diff(self) -> float:
        """The deal's figure: the mean of :attr:`diffs` (of an unfinished hand's 0 too:
        see :attr:`whole`)."""
        d = self.diffs
        return sum(d) / len(d)

    @property
    def whole(self) -> bool:
        """Whether every seating's hand finished: only then do the seatings cancel the
        luck of the cards, and only then does the deal count in a measurement."""
        return not any(self.unfinished)

    def to_json(self) -> dict[str, Any]:
        """The deal as a JSON-ready object (:meth:`from_json` reads it back)."""
        return {
            "deal": self.index,
            "seatings": [list(s) for s in self.seatings],
            "scores": [list(s) for s in self.scores],
            "unfinished": list(self.unfinished),
            "diff": round(self.diff, 4),
            "decisions": list(self.decisions),
            "seconds": [round(x, 6) for x in self.seconds],
            "longest": [round(x, 6) for x in self.longest],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> DealResult:
        """A deal from :meth:`to_json`'s object; ``ValueError`` if it is not one."""
        try:
            return cls(
                int(doc["deal"]),
                tuple(tuple(int(x) for x in s) for s in doc["seatings"]),
                tuple(tuple(int(x) for x in s) for s in doc["scores"]),
                tuple(bool(x) for x in doc["unfinished"]),
                (int(doc["decisions"][0]), int(doc["decisions"][1])),
                (float(doc["seconds"][0]), float(doc["seconds"][1])),
                (float(doc["longest"][0]), float(doc["longest"][1])),
            )
        except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
            raise ValueError(f"not a deal result: {exc}") from None


def play_deal(
    specs: Sequence[BotSpec],
    rules: Rules,
    players: int,
    lineup: str,
    seed: int | str,
    index: int,
    max_hand_actions: int = MAX_HAND_ACTIONS,
) -> DealResult:
    """Plays deal ``index`` once per rotation of :func:`seatings`: one hand each, dealt
    from ``seed`` and ``index`` alone. A hand that reaches ``max_hand_actions`` actions
    is stopped, scores 0 for everybody and is marked unfinished."""
    rots = seatings(players, lineup)
    scores: list[tuple[int, ...]] = []
    unfinished: list[bool] = []
    decisions = [0, 0]
    seconds = [0.0, 0.0]
    longest = [0.0, 0.0]
    for r, seating in enumerate(rots):
        names = [f"{specs[b].label}#{seat + 1}" for seat, b in enumerate(seating)]
        bots = [
            get_bot(
                specs[b].level,
                seed=f"{seed}/{index}/{r}/{seat}",
                budget=specs[b].budget,
                name=names[seat],
            )
            for seat, b in enumerate(seating)
        ]
        game = Game(rules, names, seed=f"{seed}/deal/{index}")
        while not game.results and len(game.hand.history) < max_hand_actions:
            seat = game.to_act
            view = game.view(seat)
            t0 = time.perf_counter()
            action = bots[seat].act(view)
            spent = time.perf_counter() - t0
            b = seating[seat]
            decisions[b] += 1
            seconds[b] += spent
            longest[b] = max(longest[b], spent)
            game.apply(action, seat)
        if game.results:
            scores.append(tuple(game.results[0].scores))
            unfinished.append(False)
        else:
            scores.append((0,) * players)
            unfinished.append(True)
    return DealResult(
        index,
        tuple(rots),
        tuple(scores),
        tuple(unfinished),
        (decisions[0], decisions[1]),
        (seconds[0], seconds[1]),
        (longest[0], longest[1]),
    )


@dataclass
class PairedResult:
    """A paired measurement: its settings, every deal played, and where it stopped."""

    labels: tuple[str, str]
    #: the rules as ``rummykit rules`` names them: the preset and any option set on top
    rules: str
    players: int
    lineup: str
    seed: int | str
    max_deals: int
    looks: list[int]
    #: the boundary of the last look: the t quantile at its deals (see :func:`boundary`)
    z: float
    margin: float | None
    deals: list[DealResult] = field(default_factory=list)
    stop: str = ""  # "first better", "second better", "within margin", "max deals"
    seconds: float = 0.0
    #: whether the points are penalties (``penalty`` scoring), where fewer is better
    low_wins: bool = False
    #: the options set on top of the preset (``Rules.changed_options``)
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def deals_played(self) -> int:
        """Deals played (each in every rotation)."""
        return len(self.deals)

    @property
    def summary(self) -> Summary:
        """Mean point difference per hand over the deals: the first bot's points minus the
        second's (the second's penalty points minus the first's, under ``low_wins``), so
        that more is better for the first."""
        sign = -1.0 if self.low_wins else 1.0
        return summarize([sign * d.diff for d in self.deals if d.whole])

    @property
    def hands(self) -> int:
        """Hands played."""
        return sum(len(d.seatings) for d in self.deals)

    @property
    def unfinished(self) -> int:
        """Hands stopped unfinished (scored 0 for everybody)."""
        return sum(sum(d.unfinished) for d in self.deals)

    @property
    def left_out(self) -> int:
        """Deals left out of :attr:`summary`: one of their hands did not finish."""
        return sum(not d.whole for d in self.deals)

    def ms_per_decision(self, bot: int) -> float:
        """Mean milliseconds per decision of bot 0 or 1."""
        n = sum(d.decisions[bot] for d in self.deals)
        return 1000.0 * sum(d.seconds[bot] for d in self.deals) / n if n else 0.0

    def longest_ms(self, bot: int) -> float:
        """The longest decision of bot 0 or 1, in milliseconds."""
        return 1000.0 * max((d.longest[bot] for d in self.deals), default=0.0)

    def to_json(self) -> dict[str, Any]:
        """The measurement as a JSON-ready object (without the deals)."""
        s = self.summary
        low, high = s.interval(self.z)
        return {
            "first": self.labels[0],
            "second": self.labels[1],
            "rules": self.rules,
            "options": self.options,
            "players": self.players,
            "lineup": self.lineup,
            "seed": self.seed,
            "deals": self.deals_played,
            "hands": self.hands,
            "unfinished": self.unfinished,
            "left_out": self.left_out,
            "max_deals": self.max_deals,
            "looks": self.looks,
            "z": round(self.z, 4) if math.isfinite(self.z) else None,
            "margin": self.margin,
            "stop": self.stop,
            "low_wins": self.low_wins,
            "diff": s.to_json(),
            "sequential_interval": [_finite(low), _finite(high)],
            "ms_per_decision": [round(self.ms_per_decision(b), 3) for b in (0, 1)],
            "longest_ms": [round(self.longest_ms(b), 1) for b in (0, 1)],
            "seconds": round(self.seconds, 2),
        }


def verdict(s: Summary, z: float, margin: float | None) -> str:
    """What a look concludes: ``first better``, ``second better``, ``within margin``, or
    ``""`` (not clear yet)."""
    if s.n < 2:
        return ""
    if s.se == 0.0:
        # every deal even: the bots played alike; deals all alike otherwise say nothing
        # of the spread (two deals of the same figure are no certainty): not clear yet
        return "within margin" if s.mean == 0.0 and margin is not None else ""
    low, high = s.interval(z)
    if low > 0:
        return "first better"
    if high < 0:
        return "second better"
    if margin is not None and -margin < low and high < margin:
        return "within margin"
    return ""


def run_paired(
    bots: Sequence[BotSpec | str],
    *,
    rules: Rules | str = "500-rum",
    players: int = 2,
    lineup: str = "alternate",
    seed: int | str = 0,
    max_deals: int = 400,
    first_look: int = 25,
    alpha: float = 0.05,
    margin: float | None = None,
    jobs: int = 1,
    known: Sequence[DealResult] = (),
    progress: Callable[[PairedResult], None] | None = None,
    on_deal: Callable[[DealResult], None] | None = None,
) -> PairedResult:
    """Measures the first of two bots against the second (see the module docstring).

    Deals are played in order until a look of the sequential test is clear or
    ``max_deals`` are played; ``jobs`` > 1 plays them in that many processes with the same
    results. ``known`` deals (of an interrupted run) are not played again; ``on_deal`` is
    called with each deal played and ``progress`` with the result after each. Raises
    ``ValueError`` for an unknown level or lineup, a bad count, or two bots of one name.
    """
    specs = [BotSpec.of(b) for b in bots]
    if len(specs) != 2:
        raise ValueError("a paired measurement compares exactly two bots")
    if specs[0].label == specs[1].label:
        raise ValueError("the two bots need distinct names (LEVEL:BUDGET names them apart)")
    for s in specs:
        get_bot(s.level)  # raises for an unknown level
    rules_obj = Rules.preset(rules) if isinstance(rules, str) else rules
    rules_obj.check_players(players)
    rots = seatings(players, lineup)
    schedule = looks(first_look, max_deals)
    z = boundary(len(schedule), alpha, schedule[0])
    result = PairedResult(
        (specs[0].label, specs[1].label),
        str(rules_obj),
        players,
        lineup,
        seed,
        max_deals,
        schedule,
        z,
        margin,
        low_wins=rules_obj.scoring is Scoring.PENALTY,
        options=rules_obj.changed_options(),
    )
    have: dict[int, DealResult] = {}
    for d in known:
        if d.seatings != tuple(rots):
            raise ValueError(f"deal {d.index} is not a deal of this measurement")
        have[d.index] = d
    start = time.perf_counter()
    done = 0
    for look in schedule:

        def finished(d: DealResult, look: int = look) -> None:
            have[d.index] = d
            _record(result, have, look, d, on_deal, progress)

        # a deal a task, recorded (and logged) as soon as it is played
        todo = [i for i in range(done, look) if i not in have]
        tasks = [(specs, rules_obj, players, lineup, seed, i) for i in todo]
        run_tasks(play_deal, tasks, jobs=jobs, finished=finished)
        done = look
        result.deals = [have[i] for i in range(look)]
        summary = result.summary
        result.z = boundary(len(schedule), alpha, summary.n)  # t at this look's deals
        result.stop = verdict(summary, result.z, margin)
        if result.stop:
            break
    if not result.stop:
        result.stop = "max deals"
    result.seconds = time.perf_counter() - start
    return result


def _record(
    result: PairedResult,
    have: dict[int, DealResult],
    look: int,
    deal: DealResult,
    on_deal: Callable[[DealResult], None] | None,
    progress: Callable[[PairedResult], None] | None,
) -> None:
    if on_deal is not None:
        on_deal(deal)
    if progress is not None:
        result.deals = [have[i] for i in sorted(have) if i < look]
        progress(result)
