"""How fast the bots decide, and a fingerprint of how they play (issue 10).

The ``rollout`` level (``expert``) plays the heuristic in every seat of its playouts until
its time limit, so every microsecond the heuristic saves is more playouts in the same
second. This script measures, on fixed seeded games:

- **the heuristic's decisions**: the heuristic (or ``--level``) plays the even seats and
  the heuristic the odd ones, in 2- and 4-player ``500-rum`` and 2-player ``remik-500``
  and ``rummy`` (3 games each, or ``--games``); it reports the mean milliseconds a
  decision of the measured seats and a fingerprint of every event of every game. A
  change meant only to make a bot faster must leave the fingerprint as it was;
- **``rollout``'s playouts**: one hand of each configuration with ``rollout`` in seat 0 on
  a fixed budget of playouts a decision, no time limit and no early stop, so the same
  work is timed on any machine: milliseconds a decision (same fingerprint rule);
- with ``--rounds``, also ``rollout`` as it plays (its time limit on): how many rounds
  (two playouts, one per candidate) its decisions completed where the time limit ended
  them (:func:`~rummykit.bots.montecarlo.over_time`; a decision whose last playout ran
  into the limit is not counted).

Each game starts with an empty cache of meld plans, so its time does not depend on what
ran before it.

    python benchmarks/decisions.py
    python benchmarks/decisions.py --level basic --games 5
    python benchmarks/decisions.py --rounds --json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
from collections.abc import Callable
from typing import Any

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.bots import montecarlo as mc
from rummykit.bots.evaluate import forget_plans
from rummykit.bots.montecarlo import RolloutBot
from rummykit.events import Event
from rummykit.players import Driver, Player

#: (preset, players) of the measured games.
CONFIGS: tuple[tuple[str, int], ...] = (
    ("500-rum", 2),
    ("500-rum", 4),
    ("remik-500", 2),
    ("rummy", 2),
)

#: Playouts a ``rollout`` decision plays in the fixed-work measure (12 rounds).
FIXED_BUDGET = 24


#: Event fields added after the fingerprints were first taken: left out of them, so that
#: a fingerprint still says whether the play changed (``winners`` says what ``winner``
#: and the totals already do, ``drawn_public`` what the rules and ``restocked`` do).
LATER_FIELDS = frozenset({"winners", "drawn_public"})


def _event_text(event: Event) -> str:
    """``repr(event)`` as it was before :data:`LATER_FIELDS` existed."""
    fields = ", ".join(
        f"{name}={value!r}"
        for name, value in zip(event._fields, event, strict=True)
        if name not in LATER_FIELDS
    )
    return f"Event({fields})"


def _play(
    preset: str,
    players: int,
    seed: int,
    bots: list[Player],
    digest: Any,
    max_hands: int,
) -> Driver:
    forget_plans()
    game = Game(Rules.preset(preset), [f"p{i}" for i in range(players)], seed=seed)
    driver = Driver(
        game,
        bots,
        listeners=[lambda e: digest.update(_event_text(e).encode())],
        max_hand_actions=2000,
        max_hands=max_hands,
    )
    driver.run()
    return driver


def heuristic_decisions(level: str, games: int, progress: bool) -> dict[str, Any]:
    """Mean milliseconds a decision of ``level`` (even seats) and the play's fingerprint."""
    digest = hashlib.sha256()
    seconds = 0.0
    decisions = 0
    for preset, players in CONFIGS:
        for g in range(games):
            driver = _play(
                preset,
                players,
                g,
                [get_bot(level if i % 2 == 0 else "heuristic", seed=i) for i in range(players)],
                digest,
                max_hands=30,
            )
            seconds += sum(driver.seconds[0::2])
            decisions += sum(driver.decisions[0::2])
            if progress:
                print(
                    f"  {preset}/{players} game {g}: {sum(driver.decisions)} decisions",
                    file=sys.stderr,
                )
    return {
        "level": level,
        "games": games * len(CONFIGS),
        "decisions": decisions,
        "ms_per_decision": round(1000 * seconds / max(1, decisions), 4),
        "fingerprint": digest.hexdigest()[:16],
    }


def rollout_fixed(progress: bool) -> dict[str, Any]:
    """``rollout`` on a fixed budget, no time limit: milliseconds a decision by config."""
    digest = hashlib.sha256()
    rows: dict[str, dict[str, Any]] = {}
    for preset, players in CONFIGS:
        bot = RolloutBot(seed=1, budget=FIXED_BUDGET)
        bot.time_limit = None
        bot.futility = 0.0  # every decision plays its whole budget: the same work
        driver = _play(
            preset,
            players,
            5,
            [bot, *(get_bot("heuristic", seed=i) for i in range(1, players))],
            digest,
            max_hands=1,
        )
        ms = 1000 * driver.seconds[0] / max(1, driver.decisions[0])
        rows[f"{preset}/{players}"] = {"decisions": driver.decisions[0], "ms": round(ms, 1)}
        if progress:
            print(f"  rollout {preset}/{players}: {ms:.0f} ms a decision", file=sys.stderr)
    return {"budget": FIXED_BUDGET, "by_config": rows, "fingerprint": digest.hexdigest()[:16]}


def _counting(original: Callable[..., bool], stopped: list[int]) -> Callable[..., bool]:
    """:func:`~rummykit.bots.montecarlo.over_time` that also notes in ``stopped`` the
    rounds done (its third argument) when it ends a decision."""

    def counted(*args: Any) -> bool:
        over = original(*args)
        if over:
            stopped.append(args[2])
        return over

    return counted


def rollout_rounds(progress: bool) -> dict[str, Any]:
    """Rounds completed by ``rollout``'s decisions that ran to its time limit."""
    rows = {}
    original = mc.over_time
    for preset, players in CONFIGS:
        stopped: list[int] = []
        counted = _counting(original, stopped)
        mc.over_time = counted
        try:
            driver = _play(
                preset,
                players,
                11,
                [RolloutBot(seed=1), *(get_bot("heuristic", seed=i) for i in range(1, players))],
                hashlib.sha256(),
                max_hands=1,
            )
        finally:
            mc.over_time = original
        rows[f"{preset}/{players}"] = {
            "decisions": driver.decisions[0],
            "at_limit": len(stopped),
            "median_rounds": statistics.median(stopped) if stopped else None,
        }
        if progress:
            print(f"  rounds {preset}/{players}: {rows[f'{preset}/{players}']}", file=sys.stderr)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--level", default="heuristic", help="the level timed (default: heuristic)")
    p.add_argument("--games", type=int, default=3, help="games a configuration (default: 3)")
    p.add_argument("--no-rollout", action="store_true", help="skip the rollout measures")
    p.add_argument("--rounds", action="store_true", help="also rollout's rounds at its limit")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    progress = not args.quiet
    doc: dict[str, Any] = {"heuristic": heuristic_decisions(args.level, args.games, progress)}
    if not args.no_rollout:
        doc["rollout_fixed"] = rollout_fixed(progress)
    if args.rounds:
        doc["rollout_rounds"] = rollout_rounds(progress)
    if args.json:
        print(json.dumps(doc, indent=2))
        return 0
    h = doc["heuristic"]
    print(
        f"{h['level']}: {h['ms_per_decision']:.3f} ms a decision over {h['decisions']} "
        f"decisions of {h['games']} games; play fingerprint {h['fingerprint']}"
    )
    if "rollout_fixed" in doc:
        r = doc["rollout_fixed"]
        cells = ", ".join(f"{k} {v['ms']:.0f} ms" for k, v in r["by_config"].items())
        print(
            f"rollout, {r['budget']} playouts a decision: {cells}; fingerprint {r['fingerprint']}"
        )
    for k, v in doc.get("rollout_rounds", {}).items():
        print(
            f"rollout at its limit, {k}: {v['at_limit']} of {v['decisions']} decisions, "
            f"median {v['median_rounds']} rounds"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
