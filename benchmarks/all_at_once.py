"""The all-at-once check (`wrotham.all-at-once`) on the workloads that made it slow.

Random legal play where the rule meets deep takes and Rummy calls, so that hands grow
big; the same games every run (fixed seeds), timed as the seconds ``legal_actions()``
takes (where the check runs), in total and at worst:

- ``wrotham``: Wrotham with the rule from the first deal, calls on the pile and draws
  from any depth (as ``benchmarks/engine.py``'s last row), 4 players, 12 hands;
- ``500-rum-2p``: 500 Rum with the rule from the first deal, 2 players, a deep take
  half the time when one is legal, 3 games (hands of up to 39 cards);
- ``500-rum-5p``: 500 Rum with the rule, 5 players, seed 1, to the moment a Rummy call
  takes a pile of 42 cards (a 46-card hand, two packs).

``--first-search`` answers every question with the first search only (whole melds from
the lowest card, no open runs), to compare the two searches on the same code. Only
``500-rum-5p`` holds hands big enough (40 cards) for the open runs: the other two
workloads run the same code either way, and show the noise:

    python benchmarks/all_at_once.py
    python benchmarks/all_at_once.py --first-search
    python benchmarks/all_at_once.py --json --only 500-rum-5p
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable

from rummykit import Game, Rules
from rummykit.actions import Take

#: Wrotham's options in benchmarks/engine.py's all-at-once row.
WROTHAM = {"all_at_once_from_deal": 1, "rummy_call": "pile", "pile_draw": "any-depth"}


def _timed(
    game: Game, choose: Callable[[list[object]], object], stop: int
) -> tuple[float, float, int]:
    """Plays ``game`` with ``choose`` for at most ``stop`` decisions: seconds in
    ``legal_actions()`` in total and at worst, decisions."""
    total = worst = 0.0
    n = 0
    while not game.over and n < stop:
        start = time.perf_counter()
        actions = list(game.legal_actions())
        took = time.perf_counter() - start
        total += took
        worst = max(worst, took)
        n += 1
        game.apply(choose(actions))  # type: ignore[arg-type]
    return total, worst, n


def wrotham() -> tuple[float, float, int]:
    rules = Rules.preset("wrotham", **WROTHAM)
    rng = random.Random(1)
    total = worst = 0.0
    n = 0
    for i in range(1, 13):
        game = Game(rules, [f"P{k}" for k in range(4)], seed=f"1/aao{i}")
        hand = game.hand
        while not hand.is_over:
            start = time.perf_counter()
            actions = hand.legal_actions()
            took = time.perf_counter() - start
            total, worst, n = total + took, max(worst, took), n + 1
            hand.apply(rng.choice(actions))
    return total, worst, n


def rum_two_players() -> tuple[float, float, int]:
    rules = Rules.preset("500-rum", all_at_once_from_deal=1)
    total = worst = 0.0
    n = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)

        def deep(actions: list[object], rng: random.Random = rng) -> object:
            takes = [a for a in actions if isinstance(a, Take)]
            return rng.choice(takes) if takes and rng.random() < 0.5 else rng.choice(actions)

        t, w, k = _timed(Game(rules, ["A", "B"], seed=seed), deep, 3000 * seed - n)
        total, worst, n = total + t, max(worst, w), n + k
    return total, worst, n


def rum_five_players() -> tuple[float, float, int]:
    rules = Rules.preset("500-rum", all_at_once_from_deal=1)
    game = Game(rules, [f"p{i}" for i in range(5)], seed=1)
    rng = random.Random(1)
    total, worst, n = _timed(game, rng.choice, 1503)
    start = time.perf_counter()
    game.legal_actions()  # after the call: the 46-card hand
    took = time.perf_counter() - start
    return total + took, max(worst, took), n + 1


WORKLOADS: dict[str, Callable[[], tuple[float, float, int]]] = {
    "wrotham": wrotham,
    "500-rum-2p": rum_two_players,
    "500-rum-5p": rum_five_players,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See BENCHMARKS.md for the figures and the machine they were taken on.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--first-search", action="store_true", help="the first search only (no open runs)"
    )
    parser.add_argument("--only", choices=sorted(WORKLOADS), help="one workload")
    args = parser.parse_args(argv)
    if args.first_search:
        from rummykit import whole_hand

        whole_hand._COVER_FROM = 10**9
    out: dict[str, dict[str, float]] = {}
    for name, run in WORKLOADS.items():
        if args.only and name != args.only:
            continue
        if not args.json:
            print(f"{name} ...", file=sys.stderr, flush=True)
        gc.disable()
        try:
            total, worst, n = run()
        finally:
            gc.enable()
        out[name] = {"seconds": round(total, 2), "worst_s": round(worst, 3), "lists": n}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        print(f"{'workload':<12} {'lists':>6} {'seconds':>8} {'worst s':>8}")
        for name, row in out.items():
            print(f"{name:<12} {row['lists']:>6} {row['seconds']:>8} {row['worst_s']:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
