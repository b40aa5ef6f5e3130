"""Engine speed: uniformly random legal play, one decision = legal_actions() + apply().

Reports, for each configuration, microseconds per decision, hands per second, the time
of ``Hand.clone()`` and the size of a hand state in bytes (deep, shared objects counted
once). With ``--json`` prints one object keyed by ``"<preset>/<players>"``.

    python benchmarks/engine.py              # a table
    python benchmarks/engine.py --json       # for programs
    python benchmarks/engine.py --seconds 5  # longer runs, steadier figures
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from typing import Any

from rummykit import Game, Rules
from rummykit.hand import Hand

CONFIGS = [("500-rum", 2), ("500-rum", 4), ("500-rum", 8), ("rummy", 4)]


def deep_size(obj: Any, seen: set[int] | None = None) -> int:
    """Bytes of an object and everything it refers to (shared objects once; classes,
    enums, interned cards and the rules object are not part of a state)."""
    seen = set() if seen is None else seen
    if id(obj) in seen or isinstance(obj, (type, Rules)) or obj is None:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_size(x, seen) for x in obj)
    elif hasattr(obj, "__slots__"):
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    size += deep_size(getattr(obj, name), seen)
    return size


def measure(preset: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    rules = Rules.preset(preset)
    if rules.stock_reuse_limit is None and rules.stock_exhausted.value != "end":
        # random players can turn the pile over for ever; bound the hand as Block Rummy does
        rules = rules.with_options({"stock_reuse_limit": 2})
    rng = random.Random(seed)
    decisions = 0
    hands = 0
    clone_time = 0.0
    clones = 0
    sizes: list[int] = []
    elapsed = 0.0
    n = 0
    gc.disable()
    try:
        while elapsed < seconds:
            n += 1
            game = Game(rules, [f"P{i}" for i in range(players)], seed=f"{seed}/{n}")
            hand: Hand = game.hand
            start = time.perf_counter()
            while not hand.is_over:
                hand.apply(rng.choice(hand.legal_actions()))
                decisions += 1
            elapsed += time.perf_counter() - start
            hands += 1
            # clone and size, measured on a fresh mid-hand state outside the timed loop
            game = Game(rules, [f"P{i}" for i in range(players)], seed=f"{seed}/c{n}")
            hand = game.hand
            for _ in range(rng.randint(5, 40)):
                if hand.is_over:
                    break
                hand.apply(rng.choice(hand.legal_actions()))
            t = time.perf_counter()
            for _ in range(200):
                hand.clone()
            clone_time += time.perf_counter() - t
            clones += 200
            hand._legal = None  # a clone's cache is shared, not part of the state
            sizes.append(deep_size(hand))
    finally:
        gc.enable()
    return {
        "us_per_decision": round(elapsed / decisions * 1e6, 2),
        "decisions_per_second": round(decisions / elapsed),
        "hands_per_second": round(hands / elapsed, 1),
        "decisions_per_hand": round(decisions / hands, 1),
        "clone_us": round(clone_time / clones * 1e6, 2),
        "state_bytes": round(sum(sizes) / len(sizes)),
        "hands": hands,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="play time per configuration")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    for preset, players in CONFIGS:
        key = f"{preset}/{players}"
        if not args.json:
            print(f"  measuring {key} ...", file=sys.stderr, flush=True)
        results[key] = measure(preset, players, args.seconds, args.seed)
    if args.json:
        print(json.dumps(results))
        return 0
    print(
        f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    header = ("us/decision", 12), ("hands/s", 10), ("dec/hand", 10), ("clone us", 10), ("bytes", 8)
    print(f"{'config':<14}" + "".join(f"{title:>{width}}" for title, width in header))
    for key, r in results.items():
        print(
            f"{key:<14}{r['us_per_decision']:>12}{r['hands_per_second']:>10}"
            f"{r['decisions_per_hand']:>10}{r['clone_us']:>10}{r['state_bytes']:>8}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
