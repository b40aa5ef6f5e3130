"""When ``rollout`` may stop searching before its time limit (issue 10).

The ``rollout`` level (``expert``) weighs the heuristic's two best moves over deals of
the unseen cards, round after round (one playout of each move on the same deal), and
plays the second only if its mean gain over the first ends a standard error above 0.
Run to its time limit, it spends about 0.8 s on every decision that has two moves,
though the first is usually far ahead after a few rounds. This script measures what a
*futility stop* (stop, keeping the first move, once the second's mean gain is ``a``
standard errors below 0 after at least ``n`` rounds, or exactly 0 on every deal) would
change:

1. it plays seeded games of ``rollout`` (even seats, its stop switched off, time limit
   on as shipped) against the heuristic until ``--decisions`` decisions with two moves
   are logged in each configuration, and keeps each decision's gains round by round;
2. for each stop rule it replays those gains: the share of decisions that end with the
   move the full search played (**agree**) and the share of the rounds played (**rounds**).

A decision that ends otherwise is one whose second move was near the bar either way.
The figures depend on the machine (the time limit sets the rounds): run it alone.

    python benchmarks/rollout_stops.py
    python benchmarks/rollout_stops.py --decisions 100 --jobs 2 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from rummykit import Game, Rules
from rummykit.actions import Action
from rummykit.bots import get_bot
from rummykit.bots import montecarlo as mc
from rummykit.bots.montecarlo import FUTILITY, FUTILITY_ROUNDS, RolloutBot
from rummykit.bots.parallel import run_tasks
from rummykit.players import Driver, Player
from rummykit.view import PlayerView

#: (preset, players) of the measured games.
CONFIGS: tuple[tuple[str, int], ...] = (
    ("500-rum", 2),
    ("500-rum", 4),
    ("remik-500", 2),
    ("remik-500", 4),
)

#: How sure the search must be to play the second move (``rollout``'s ``confidence``).
CONFIDENCE = RolloutBot().confidence

#: The stop rules weighed: (least rounds, standard errors behind).
RULES: tuple[tuple[int, float], ...] = tuple(
    (n, a) for n in (4, 8, 12) for a in (1.0, 1.5, 2.0, 3.0)
)


class Logged(RolloutBot):
    """``rollout`` without its stop, keeping each decision's gains of the second move
    over the first, round by round, in :attr:`gains`."""

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed=seed)
        self.futility = 0.0
        self.gains: list[list[float]] = []

    def choose(self, view: PlayerView) -> Action:
        rewards: list[float] = []
        original = mc.reward

        def kept(scores: list[float], seat: int, low_wins: bool = False) -> float:
            r = original(scores, seat, low_wins)
            rewards.append(r)
            return r

        mc.reward = kept
        try:
            action = super().choose(view)
        finally:
            mc.reward = original
        pairs = len(rewards) // 2  # a round cut short by the limit is left out
        if pairs:  # two moves were weighed
            self.gains.append([rewards[2 * i + 1] - rewards[2 * i] for i in range(pairs)])
        return action


def logged_gains(preset: str, players: int, decisions: int, seed: int) -> list[list[float]]:
    """The gains of ``decisions`` decisions with two moves in seeded games of
    ``players`` seats of ``preset``, ``rollout`` in the even seats."""
    gains: list[list[float]] = []
    game_number = 0
    while len(gains) < decisions:
        bots: list[Player] = []
        logged: list[Logged] = []
        for seat in range(players):
            if seat % 2:
                bots.append(get_bot("heuristic", seed=f"{seed}/{game_number}/{seat}"))
            else:
                bot = Logged(seed=f"{seed}/{game_number}/{seat}")
                logged.append(bot)
                bots.append(bot)
        names = [f"p{seat}" for seat in range(players)]
        game = Game(Rules.preset(preset), names, seed=f"{seed}/deal/{game_number}")
        driver = Driver(game, bots, max_hands=3)
        while sum(len(b.gains) for b in logged) + len(gains) < decisions:
            if driver.step() is None:
                break
        for bot in logged:
            gains.extend(bot.gains)
        game_number += 1
    return gains[:decisions]


def sums(gains: Sequence[float]) -> tuple[list[float], list[float]]:
    """The search's running sums after the rounds of ``gains`` (the first move's rewards
    counted as 0): its ``totals`` and ``squares``."""
    return [0.0, sum(gains)], [0.0, sum(g * g for g in gains)]


def full_choice(gains: Sequence[float]) -> bool:
    """Whether the full search plays the second move: its mean gain over every round
    :attr:`~rummykit.bots.montecarlo.MonteCarloBot.confidence` standard errors above 0
    (as :func:`rummykit.bots.montecarlo.ahead` judges it)."""
    return mc.ahead(*sums(gains), 1, len(gains), CONFIDENCE)


def stopped(gains: Sequence[float], least: int, behind: float) -> tuple[bool, int]:
    """The move played (True: the second) and the rounds played under the stop rule
    (:func:`rummykit.bots.montecarlo.hopeless` after ``least`` rounds or more)."""
    for n in range(max(2, least), len(gains) + 1):
        if mc.hopeless(*sums(gains[:n]), n, behind):
            return False, n
    return full_choice(gains), len(gains)


def weigh(gains: list[list[float]]) -> list[dict[str, Any]]:
    """Each stop rule's agreement with the full search and share of its rounds."""
    total = sum(len(g) for g in gains)
    rows = []
    for least, behind in RULES:
        agree = rounds = 0
        for g in gains:
            move, n = stopped(g, least, behind)
            agree += move == full_choice(g)
            rounds += n
        rows.append(
            {
                "least": least,
                "behind": behind,
                "agree": round(agree / len(gains), 4),
                "rounds": round(rounds / max(1, total), 4),
            }
        )
    return rows


def measure(config: tuple[str, int], decisions: int, seed: int) -> dict[str, Any]:
    preset, players = config
    gains = logged_gains(preset, players, decisions, seed)
    print(f"  {preset}/{players}: {len(gains)} decisions logged", file=sys.stderr)
    return {
        "config": f"{preset}/{players}",
        "decisions": len(gains),
        "mean_rounds": round(sum(len(g) for g in gains) / len(gains), 1),
        "second_played": sum(full_choice(g) for g in gains),
        "rules": weigh(gains),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--decisions", type=int, default=300, help="a configuration (default 300)")
    p.add_argument("--seed", type=int, default=99, help="of the games (default 99)")
    p.add_argument("--jobs", type=int, default=1, help="configurations at once (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.decisions < 1 or args.jobs < 1:
        p.error("--decisions and --jobs must be at least 1")
    done: dict[str, dict[str, Any]] = {}
    run_tasks(
        measure,
        [(c, args.decisions, args.seed) for c in CONFIGS],
        jobs=args.jobs,
        finished=lambda row: done.__setitem__(row["config"], row),
    )
    rows = [done[f"{preset}/{players}"] for preset, players in CONFIGS]
    if args.json:
        print(json.dumps({"shipped": [FUTILITY_ROUNDS, FUTILITY], "configs": rows}, indent=2))
        return 0
    for row in rows:
        print(
            f"{row['config']}: {row['decisions']} decisions, {row['mean_rounds']} rounds "
            f"each, second move played in {row['second_played']}"
        )
        for r in row["rules"]:
            mark = "  (shipped)" if (r["least"], r["behind"]) == (FUTILITY_ROUNDS, FUTILITY) else ""
            print(
                f"  after {r['least']:>2} rounds, {r['behind']:.1f} SE behind: agree "
                f"{100 * r['agree']:.1f}%, rounds {100 * r['rounds']:.1f}%{mark}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
