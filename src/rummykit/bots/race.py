"""The race to the target: what a hand's points are worth in games won (issue 10).

A search that scores a hand by its points (own points minus the others') plays every
hand as if it were the first. Near the end of a game that is wrong: a player who leads
with the target in reach wants the hand over, and safely, more than a few more points;
a player far behind needs the points that could still win, and a hand that ends the
game with another player ahead is lost whatever its score. :class:`Race` values a hand's
result by each seat's chance of winning the game from the totals it leaves.

How: the rest of the game is played :data:`PATHS` times over, each path a sequence of
hands drawn from what hands score in this preset at this table size
(``hand_scores.json``, made by ``benchmarks/race_hands.py`` from ``heuristic``
self-play), each dealt to the seats in a random order. A result's chance for a seat is
its share of the paths it wins: the game ends as :meth:`rummykit.game.Game` ends it
([game.target], or the number of deals), the highest total wins (the lowest under
``penalty`` scoring) and a tie is shared. The same paths serve every result of one
decision, so two results are compared on the same futures.

What it does not model: the order of the deal (seats are shuffled); the tie rules that
play on (a tie is counted as shared); a play-off of tied leaders, which the engine ends
whatever the target (a view does not tell it apart from a hand of the whole table); and,
in future hands only, who went out under ``must-go-out-to-win`` (the seat that scores
most is taken to be the one). The hand being judged passes its own ``out``.

>>> from rummykit import Rules
>>> race = Race(Rules.preset("500-rum"), (480, 300), hands_done=4, rng=random.Random(1))
>>> race.value([30, 100], 0)  # 510 against 400: the game is over, and won
1.0
>>> 0.5 < race.value([0, 0], 0) < 1.0  # 480 against 300 with the game going on
True
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Sequence
from importlib import resources
from typing import Self

from rummykit.rules import PRESETS, Rules, Scoring
from rummykit.view import PlayerView

__all__ = ["PATHS", "Race", "hand_sample", "winners"]

#: Futures each decision's results are judged on.
PATHS = 512

#: Most hands a path plays; one still undecided then is won by its leader.
MAX_HANDS = 40


@functools.cache
def _samples() -> dict[str, dict[int, tuple[tuple[int, ...], ...]]]:
    text = resources.files("rummykit.bots").joinpath("hand_scores.json").read_text("utf-8")
    doc = json.loads(text)["hands"]
    return {
        preset: {int(n): tuple(tuple(row) for row in rows) for n, rows in by_n.items()}
        for preset, by_n in doc.items()
    }


def hand_sample(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """Hands' scores to draw future hands from, each a tuple of up to ``players`` scores:
    the sample of ``rules``' preset when the rules score as the preset does, else of a
    preset that scores alike (``500-rum`` or ``rummy``; under ``penalty`` scoring,
    ``rummy``'s hands with what the winner took shared out among the others as their
    penalty), at this table size or, above 4 players, at 4 (:class:`Race` fills the
    other seats). Only the ``scoring`` option is compared: custom card values or hand
    sizes keep their preset's hands, an approximation."""
    samples = _samples()
    name = rules.name
    if name not in samples or PRESETS[name].scoring is not rules.scoring:
        name = "500-rum" if rules.scoring is Scoring.MELDED_MINUS_HAND else "rummy"
    by_n = samples[name]
    rows = by_n[min(by_n, key=lambda k: (abs(k - players), k))]
    if rules.scoring is Scoring.PENALTY:
        rows = tuple(_as_penalty(row) for row in rows)
    return rows


def _as_penalty(row: tuple[int, ...]) -> tuple[int, ...]:
    """A winner-takes hand as a penalty hand: the winner scores 0 and the others share
    what the winner took."""
    won = max(row)
    winner = row.index(won)
    share = round(won / max(1, len(row) - 1))
    return tuple(0 if i == winner else share for i in range(len(row)))


def winners(
    rules: Rules, totals: Sequence[float], hands_done: int, out: int | None = None
) -> tuple[int, ...]:
    """The seats that win if the game ends with ``totals`` after ``hands_done`` hands,
    or () while it goes on. ``out`` is the seat that went out in the last hand (for
    ``must-go-out-to-win``)."""
    low_wins = rules.scoring is Scoring.PENALTY
    if rules.deals is not None:
        if hands_done < rules.deals:
            return ()
    else:
        target = rules.target
        assert target is not None
        if max(totals) < target:
            return ()
        if rules.must_go_out_to_win and not low_wins:
            if out is None or totals[out] < target:
                return ()
            return (out,)
    best = min(totals) if low_wins else max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)


class Race:
    """Each seat's chance of winning the game from the totals a hand's result leaves.

    ``totals`` are the game totals before the hand being played, ``hands_done`` the hands
    finished before it. ``paths`` futures are drawn once, from ``rng``. Above the
    sample's table size (4), a future hand's other seats score as the non-winning seats
    of other sampled hands."""

    def __init__(
        self,
        rules: Rules,
        totals: Sequence[float],
        hands_done: int,
        rng: random.Random,
        paths: int = PATHS,
    ) -> None:
        self.rules = rules
        self.totals = tuple(totals)
        self.n = len(self.totals)
        self.hands_done = hands_done
        sample = hand_sample(rules, self.n)
        length = self._length(sample)
        n = self.n
        order = list(range(n))
        #: each path's running sums after each of its hands, seat by seat
        self.paths: list[list[tuple[float, ...]]] = []
        for _ in range(paths):
            run = [0.0] * n
            path = []
            for _ in range(length):
                row = list(sample[rng.randrange(len(sample))])
                while len(row) < n:  # more seats than the sample's: losers of other hands
                    other = sample[rng.randrange(len(sample))]
                    top = max(range(len(other)), key=other.__getitem__)
                    row.append(other[rng.choice([i for i in range(len(other)) if i != top])])
                rng.shuffle(order)
                run = [run[i] + row[order[i]] for i in range(n)]
                path.append(tuple(run))
            self.paths.append(path)

    @classmethod
    def of(cls, view: PlayerView, rng: random.Random, paths: int = PATHS) -> Self:
        """The race of ``view``'s game at the hand being played."""
        return cls(view.rules, view.totals, view.hand_number - 1, rng, paths)

    def _length(self, sample: Sequence[Sequence[int]]) -> int:
        """Hands a path needs: the deals left, or twice the hands it takes to close the
        gap between the lowest total and the target at the pace of a hand's top score
        (mean of the sample), and two more; :data:`MAX_HANDS` at most."""
        rules = self.rules
        if rules.deals is not None:
            return max(0, rules.deals - self.hands_done - 1)
        target = rules.target
        assert target is not None
        pace = max(1.0, sum(max(row) for row in sample) / len(sample))
        gap = max(0.0, target - min(self.totals))
        return min(MAX_HANDS, 2 * math.ceil(gap / pace) + 2)

    def chances(self, scores: Sequence[float], out: int | None = None) -> list[float]:
        """Each seat's chance of winning the game if this hand scores ``scores``, ``out``
        having gone out (for ``must-go-out-to-win``; None: nobody, or not known)."""
        n = self.n
        rules = self.rules
        after = [t + s for t, s in zip(self.totals, scores, strict=True)]
        won = winners(rules, after, self.hands_done + 1, out)
        if won:
            return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
        shares = [0.0] * n
        low_wins = rules.scoring is Scoring.PENALTY
        going_out = rules.must_go_out_to_win
        for path in self.paths:
            previous: Sequence[float] = [0.0] * n
            won = ()
            for k, run in enumerate(path):
                totals = [a + r for a, r in zip(after, run, strict=True)]
                top = None
                if going_out:  # the hand's top scorer is taken to have gone out
                    gains = [r - p for r, p in zip(run, previous, strict=True)]
                    top = max(range(n), key=gains.__getitem__)
                previous = run
                won = winners(rules, totals, self.hands_done + 2 + k, top)
                if won:
                    break
            if not won:  # the path ran out: its leader wins
                final = [a + r for a, r in zip(after, path[-1], strict=True)] if path else after
                best = min(final) if low_wins else max(final)
                won = tuple(i for i in range(n) if final[i] == best)
            for i in won:
                shares[i] += 1.0 / len(won)
        return [s / len(self.paths) for s in shares]

    def value(self, scores: Sequence[float], seat: int, out: int | None = None) -> float:
        """``seat``'s chance of winning the game if this hand scores ``scores``, ``out``
        having gone out."""
        return self.chances(scores, out)[seat]
