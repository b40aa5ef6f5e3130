"""Matches between bots: duplicate deals, seat rotation, statistics, parallel processes.

A match of ``games`` games between k bots plays each deal k times, the seats rotated one
place each time, so that every bot plays every seat of the same deal and luck cancels
out. With more seats than bots the bots take turns around the table, and the k
rotations are all the seatings there are: two bots at four seats play each deal twice.
Each game's deals and bots' seeds come from the match seed and the game's number only,
so results do not depend on how games are spread over processes (``jobs``).

>>> result = run_match(["greedy", "random"], games=4, seed=7)
>>> result.bots["greedy"].games, result.games
(4, 4)
>>> result.outcome() == run_match(["greedy", "random"], games=4, seed=7, jobs=2).outcome()
True
"""

from __future__ import annotations

import functools
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummykit.bots import get_bot
from rummykit.bots.parallel import run_tasks
from rummykit.game import Game
from rummykit.players import Driver
from rummykit.rules import Rules

__all__ = [
    "BotSpec",
    "BotStats",
    "GameResult",
    "MatchResult",
    "run_match",
    "whole_deals",
    "wilson",
]


@dataclass(frozen=True)
class BotSpec:
    """A bot in a match: its level, budget, and the name it plays under (default: level)."""

    level: str
    budget: int | None = None
    name: str = ""

    @property
    def label(self) -> str:
        """The name in results."""
        return self.name or self.level

    @classmethod
    def of(cls, spec: BotSpec | str) -> BotSpec:
        """A spec from a level name, ``level:budget`` (named ``level-budget``), or a spec."""
        if isinstance(spec, BotSpec):
            return spec
        level, _, budget = spec.partition(":")
        number = int(budget) if budget else None  # 7 and 007 are one budget, one label
        return cls(level, number, "" if number is None else f"{level}-{number}")


@dataclass(frozen=True)
class GameResult:
    """One game: who sat where (bot labels by seat), the winner's label (``None``: a draw,
    or a win shared between levels, ``shared`` naming them), hand scores, and the deal it
    was dealt (``None`` in results saved before 2026-11-26, when a deal at more seats than
    bots was played as many times as there are seats, half of those games copies)."""

    index: int
    seats: tuple[str, ...]
    winner: str | None
    hand_scores: tuple[tuple[int, ...], ...]
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]  # time spent deciding, by seat
    unfinished: bool = False  # stopped by a limit (see play_one): a draw
    deal: int | None = None
    #: the labels of a win shared between levels (a draw for them, a loss for the others)
    shared: tuple[str, ...] = ()
    #: hands dealt to each seat: fewer than ``hand_scores`` for a seat that sat out a tie
    #: play-off (``ties`` leaders-play-on); empty in results saved before 2026-11-28
    hands_dealt: tuple[int, ...] = ()
    #: each seat's longest decision (seconds, wall time: the machine's load counts); empty
    #: in results saved before 2026-11-30
    longest: tuple[float, ...] = ()

    def dealt(self, seat: int) -> int:
        """The hands dealt to ``seat`` (every hand, for a result saved without them)."""
        return self.hands_dealt[seat] if self.hands_dealt else len(self.hand_scores)

    def to_json(self) -> dict[str, Any]:
        """The game as a JSON-ready object (:meth:`from_json` reads it back)."""
        return {
            "index": self.index,
            "seats": list(self.seats),
            "winner": self.winner,
            "hand_scores": [list(h) for h in self.hand_scores],
            "decisions": list(self.decisions),
            "seconds": [round(x, 6) for x in self.seconds],
            "unfinished": self.unfinished,
            "deal": self.deal,
            **({"shared": list(self.shared)} if self.shared else {}),
            "hands_dealt": list(self.hands_dealt),
            **({"longest": [round(x, 4) for x in self.longest]} if self.longest else {}),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> GameResult:
        """A result from :meth:`to_json`'s object; ``ValueError`` if it is not one."""
        try:
            seats = doc["seats"]
            dealt = tuple(int(x) for x in doc.get("hands_dealt", ()))
            longest = tuple(float(x) for x in doc.get("longest", ()))
            if (
                not (len(seats) == len(doc["decisions"]) == len(doc["seconds"]))
                or any(len(h) != len(seats) for h in doc["hand_scores"])
                or (dealt and len(dealt) != len(seats))
                or (longest and len(longest) != len(seats))
            ):
                raise ValueError("one entry per seat expected")
            if any(not 0 <= d <= len(doc["hand_scores"]) for d in dealt):
                raise ValueError("hands_dealt counts more hands than were played")
            return cls(
                int(doc["index"]),
                tuple(str(x) for x in doc["seats"]),
                None if doc["winner"] is None else str(doc["winner"]),
                tuple(tuple(int(x) for x in h) for h in doc["hand_scores"]),
                tuple(int(x) for x in doc["decisions"]),
                tuple(float(x) for x in doc["seconds"]),
                bool(doc.get("unfinished", False)),
                None if doc.get("deal") is None else int(doc["deal"]),
                tuple(str(x) for x in doc.get("shared", ())),
                dealt,
                longest,
            )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise ValueError(f"not a game result: {exc}") from None


@dataclass
class BotStats:
    """One bot's figures over a match."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    hands: int = 0
    points: int = 0
    decisions: int = 0
    seconds: float = 0.0
    #: the longest decision of any game that recorded it (seconds, wall time)
    longest: float = 0.0

    @property
    def win_rate(self) -> float:
        """Games won (a draw counts half) over games played."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The Wilson 95% confidence interval of the win rate."""
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def mean_hand_score(self) -> float:
        """Mean points per hand played."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def ms_per_decision(self) -> float:
        """Mean milliseconds per decision (decisions with one legal action included)."""
        return 1000.0 * self.seconds / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        """The figures as a JSON-ready object."""
        low, high = self.ci95
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_hand_score": round(self.mean_hand_score, 2),
            "ms_per_decision": round(self.ms_per_decision, 3),
            # (None: no game of the match recorded it, as those saved before 2026-11-30)
            "longest_decision": round(self.longest, 4) if self.longest else None,
        }


@dataclass
class MatchResult:
    """A whole match: per-bot figures and every game."""

    rules: str
    players: int
    seed: int | str
    bots: dict[str, BotStats] = field(default_factory=dict)
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    #: every game played, with those of deals a stop cut short (not in ``results``)
    played: int = 0

    @property
    def games(self) -> int:
        """Games reported: every game played, or, where a stop cut the match short, the
        games of its whole deals (:func:`run_match`)."""
        return len(self.results)

    @property
    def unfinished(self) -> int:
        """Games stopped by a limit of :func:`play_one` (counted as draws)."""
        return sum(r.unfinished for r in self.results)

    def outcome(self) -> list[tuple[Any, ...]]:
        """Everything but timings: equal for equal seeds, whatever ``jobs`` was."""
        return [(r.index, r.seats, r.winner, r.hand_scores, r.decisions) for r in self.results]

    @classmethod
    def of(
        cls,
        rules: str,
        players: int,
        seed: int | str,
        labels: Sequence[str],
        results: Sequence[GameResult],
    ) -> MatchResult:
        """The figures of the bots named ``labels`` over ``results`` (of one match)."""
        match = cls(rules, players, seed)
        match.bots = {label: BotStats() for label in labels}
        for r in results:
            seen: set[str] = set()
            for seat, label in enumerate(r.seats):
                st = match.bots[label]
                st.decisions += r.decisions[seat]
                st.seconds += r.seconds[seat]
                if r.longest:
                    st.longest = max(st.longest, r.longest[seat])
                st.hands += r.dealt(seat)  # a hand sat out is no hand played
                st.points += sum(h[seat] for h in r.hand_scores)
                if label in seen:
                    continue
                seen.add(label)
                st.games += 1
                if r.winner is None:
                    if not r.shared or label in r.shared:  # a loss beside a shared win
                        st.draws += 1
                elif r.winner == label:
                    st.wins += 1
        match.results = list(results)
        match.played = len(results)
        return match

    def to_json(self) -> dict[str, Any]:
        """The match as a JSON-ready object (``"bots"`` maps each name to its figures)."""
        return {
            "rules": self.rules,
            "players": self.players,
            "games": self.games,
            "played": self.played,
            "unfinished": self.unfinished,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "bots": {name: s.to_json() for name, s in self.bots.items()},
        }


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


#: Actions after which a hand is taken as one that will not end (random play takes 120
#: to 280 actions a hand on average, see BENCHMARKS.md).
MAX_HAND_ACTIONS = 5000

#: The hands after which a match stops a game unfinished, beyond any fixed deals.
MAX_HANDS = 100


def _seating(k: int, players: int, game: int) -> list[int]:
    """The bot index at each seat of game ``game``: rotated by one per game of a deal."""
    shift = game % k
    return [(seat + shift) % k for seat in range(players)]


def play_one(
    specs: Sequence[BotSpec],
    rules: Rules,
    players: int,
    seed: int | str,
    index: int,
    max_hands: int | None = None,
    records_dir: str | Path | None = None,
    max_hand_actions: int = MAX_HAND_ACTIONS,
) -> GameResult:
    """Plays game number ``index`` of a match: deal ``index // k`` for ``k`` bots.

    A game is stopped, unfinished and drawn, after ``max_hands`` hands (by default
    :data:`MAX_HANDS`, beyond the rules' fixed number of deals where they set one) or when
    one hand reaches ``max_hand_actions`` actions. Some rules allow a hand that never ends: in
    ``rummy`` (the pile turned over without limit or shuffling) players left with a few
    cards and no place on the table for them can draw and discard the same cards for ever.

    With ``records_dir``, the game is also saved there as ``game-<index>.json``, a game
    record (NOTATION.md) that ``rummykit replay`` checks.
    """
    k = len(specs)
    deal = index // k
    seating = _seating(k, players, index)
    labels = [specs[b].label for b in seating]
    names = [f"{label}#{seat + 1}" for seat, label in enumerate(labels)]
    bots = [
        get_bot(
            specs[b].level,
            seed=f"{seed}/{index}/{seat}",
            budget=specs[b].budget,
            name=names[seat],
        )
        for seat, b in enumerate(seating)
    ]
    game = Game(rules, names, seed=f"{seed}/deal/{deal}")
    if max_hands is None:
        max_hands = MAX_HANDS + (rules.deals or 0)
    driver = Driver(game, bots, max_hand_actions=max_hand_actions, max_hands=max_hands)
    driver.run()
    unfinished = driver.unfinished
    seconds, decisions = driver.seconds, driver.decisions
    won = {labels[w] for w in game.winners}  # a win shared by one level's bots is its win
    winner = next(iter(won)) if len(won) == 1 else None
    shared = tuple(sorted(won)) if len(won) > 1 else ()
    if records_dir is not None:
        from rummykit.record import write_record

        doc = write_record(game, {"match": {"seed": seed, "game": index, "seats": labels}})
        path = Path(records_dir) / f"game-{index:05d}.json"
        path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return GameResult(
        index,
        tuple(labels),
        winner,
        tuple(r.scores for r in game.results),
        tuple(decisions),
        tuple(seconds),
        unfinished,
        deal,
        shared,
        # the hands that ended (an unfinished game's last hand has no score)
        tuple(
            sum(seat in dealt for dealt in game.seatings[: len(game.results)])
            for seat in range(players)
        ),
        tuple(driver.longest),
    )


def whole_deals(results: Sequence[GameResult], bots: int) -> list[GameResult]:
    """The ``results`` of whole deals only, in order: each deal's ``bots`` games (one for
    each rotation), so that the luck of its cards cancels. A match stopped early, or read
    back from a log, may hold a deal in some of its seatings; they are left out.

    >>> r = [GameResult(i, ("a", "b"), None, ((1, 0),), (9, 9), (0.0, 0.0), False, i // 2)
    ...      for i in (0, 1, 2, 5)]
    >>> [g.index for g in whole_deals(r, 2)]
    [0, 1]
    """
    indices = {r.index for r in results}
    return [
        r
        for r in sorted(results, key=lambda r: r.index)
        if all(
            j in indices for j in range(r.index - r.index % bots, r.index - r.index % bots + bots)
        )
    ]


def run_match(
    bots: Sequence[BotSpec | str],
    *,
    games: int = 100,
    rules: Rules | str = "500-rum",
    players: int | None = None,
    seed: int | str = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    records_dir: str | Path | None = None,
    known: Sequence[GameResult] = (),
    on_result: Callable[[GameResult], None] | None = None,
    deadline: float | None = None,
) -> MatchResult:
    """Plays ``games`` games between ``bots`` (levels, ``level:budget`` or specs) and
    returns the figures of each bot.

    ``players`` defaults to the number of bots; with more seats than bots, bots repeat
    around the table. Games come in groups of rotations of one deal, one game for each
    bot, so ``games`` is rounded up to whole deals (a multiple of the number of bots);
    ``jobs`` > 1 plays them in that many processes, one game at a time each, with the
    same results (but for search levels, which stop on the clock: how much they search
    depends on the machine's speed and load).
    ``progress(done, total)`` is called as games finish. With ``records_dir`` (an
    existing directory) every game is also saved there as a game record. ``known``
    results (of an interrupted run of the same match) are counted without being played
    again, and ``on_result`` is called with each game played, so a long match can be
    saved as it goes and resumed. After ``deadline`` (a :func:`time.monotonic` value) no
    game begins: the games begun finish, and the result holds the games of the whole deals
    played, each deal in all its seatings (fewer than ``games``; ``played`` counts every
    game; ``known`` and ``on_result`` resume the match later). Raises ``ValueError``
    for an unknown level, a bad count, or a known result that is not of this match.
    """
    specs = [BotSpec.of(b) for b in bots]
    labels = [s.label for s in specs]
    if len(set(labels)) != len(labels):
        raise ValueError("bots in a match need distinct names")
    for s in specs:
        get_bot(s.level)  # raises for an unknown level
    rules_obj = Rules.preset(rules) if isinstance(rules, str) else rules
    players = players if players is not None else len(specs)
    rules_obj.check_players(players)
    if games < 1:
        raise ValueError("a match needs at least one game")
    start = time.perf_counter()
    k = len(specs)
    games = -(-games // k) * k  # whole deals: every bot holds each deal's every seat
    have: dict[int, GameResult] = {}
    for r in known:
        expected = tuple(specs[b].label for b in _seating(k, players, r.index))
        if not 0 <= r.index < games or r.seats != expected or r.deal not in (None, r.index // k):
            raise ValueError(f"game {r.index} is not a game of this match")
        if r.deal is None and players > k:
            raise ValueError(
                f"game {r.index} was saved before 2026-11-26, when {k} bots at {players} "
                f"seats played each deal {players} times: its deal is not known, start anew"
            )
        have[r.index] = r
    todo = [i for i in range(games) if i not in have]

    def finished(r: GameResult) -> None:
        have[r.index] = r
        if on_result is not None:
            on_result(r)
        if progress is not None:
            progress(len(have), games)

    # one game a task, in order: the rotations of a deal are played side by side, and an
    # interrupted run loses at most the games being played
    rdir = str(records_dir) if records_dir is not None else None
    run_tasks(
        functools.partial(play_one, records_dir=rdir),
        [(specs, rules_obj, players, seed, i) for i in todo],
        jobs=jobs,
        finished=finished,
        deadline=deadline,
    )
    results = whole_deals([have[i] for i in sorted(have)], k)
    match = MatchResult.of(rules_obj.name, players, seed, labels, results)
    match.seconds = time.perf_counter() - start
    match.played = len(have)
    return match
