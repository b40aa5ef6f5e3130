"""Remik multi-table tournament speed: how long 16 bots take to play one to the end.

Plays ``--tournaments`` tournaments (different seeds) of ``--players`` bots at tables of
``--table-size`` with the default chips (1000) and ratios (1, 1, 2, 2, 3, 3 ...), and
reports per tournament the seconds, the rounds, the hands, and the mean and worst over
all of them. Bots decide through views only, as in any game.

    python benchmarks/tournament.py                      # 16 heuristic bots, 3 tournaments
    python benchmarks/tournament.py --bots greedy --tournaments 10
    python benchmarks/tournament.py --json               # for programs
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Sequence
from typing import Any

from rummykit.bots import LEVELS, get_bot
from rummykit.players import Player
from rummykit.remik_tournament import Tournament, TournamentRules


def one(players: int, levels: Sequence[str], table_size: int, seed: int) -> dict[str, Any]:
    """Plays one tournament; its seconds, rounds, hands and winner."""
    bots: dict[str, Player] = {}
    for i in range(players):
        level = levels[i % len(levels)]
        name = f"{level}-{i + 1}"
        bots[name] = get_bot(level, seed=f"{seed}/{i}", name=name)
    t = Tournament(list(bots), TournamentRules(table_size=table_size), seed=seed)
    start = time.perf_counter()
    t.play(bots)
    seconds = time.perf_counter() - start
    hands = sum(len(r.tables) for r in t.rounds)
    winner = t.winner
    assert winner is not None and sum(t.chips) == players * t.rules.starting_chips
    return {
        "seed": seed,
        "seconds": round(seconds, 3),
        "rounds": len(t.rounds),
        "hands": hands,
        "winner": t.names[winner],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmark and prints a table (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--players", type=int, default=16)
    ap.add_argument("--bots", default="heuristic", help="levels, comma-separated, in turn")
    ap.add_argument("--table-size", type=int, default=4)
    ap.add_argument("--tournaments", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0, help="the first tournament's seed")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    for level in levels:
        if level not in LEVELS:
            ap.error(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
    runs = [
        one(args.players, levels, args.table_size, args.seed + i) for i in range(args.tournaments)
    ]
    seconds = [r["seconds"] for r in runs]
    doc = {
        "players": args.players,
        "bots": levels,
        "table_size": args.table_size,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "runs": runs,
        "mean_seconds": round(statistics.mean(seconds), 3),
        "max_seconds": max(seconds),
        "mean_rounds": round(statistics.mean(r["rounds"] for r in runs), 1),
        "ms_per_hand": round(1000 * sum(seconds) / sum(r["hands"] for r in runs), 2),
    }
    if args.json:
        print(json.dumps(doc))
        return 0
    print(
        f"{args.players} {'/'.join(levels)} bots, tables of {args.table_size}, "
        f"Python {doc['python']} ({doc['machine']})"
    )
    print(f"{'seed':>6} {'seconds':>8} {'rounds':>7} {'hands':>6}  winner")
    for r in runs:
        print(
            f"{r['seed']:>6} {r['seconds']:>8.2f} {r['rounds']:>7} {r['hands']:>6}  {r['winner']}"
        )
    print(
        f"mean {doc['mean_seconds']:.2f} s (worst {doc['max_seconds']:.2f} s), "
        f"{doc['mean_rounds']} rounds, {doc['ms_per_hand']} ms per hand"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
