"""Engine speed: uniformly random legal play, one decision = legal_actions() + apply().

Reports, for each configuration, microseconds per decision, hands per second, the time
of ``Hand.clone()`` and the size of a hand state in bytes (deep, shared objects counted
once). With ``--json`` prints one object keyed by ``"<preset>/<players>"``.

A last row times the all-at-once check (`wrotham.all-at-once`) where it is hardest:
Wrotham with the rule from the first deal, rummy calls on the pile and draws from any
depth, so that random players hold big hands; it reports the mean and the worst
microseconds of one decision (key ``"wrotham-all-at-once/4"``).

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
ALL_AT_ONCE_KEY = "wrotham-all-at-once/4"
ALL_AT_ONCE_OPTIONS: dict[str, Any] = {
    "all_at_once_from_deal": 1,
    "rummy_call": "pile",
    "pile_draw": "any-depth",
    "stock_reuse_limit": 2,  # random players could turn the pile over for ever
}


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
            # caches are shared with clones and are not part of the state
            hand.legal_cache = None
            hand.view_cache = None
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


def measure_all_at_once(seconds: float, seed: int, players: int = 4) -> dict[str, float]:
    """Random play under the all-at-once rule: mean and worst time of one decision
    (``legal_actions()`` + ``apply()``), which runs the whole-hand check many times."""
    rules = Rules.preset("wrotham", **ALL_AT_ONCE_OPTIONS)
    rng = random.Random(seed)
    decisions = 0
    hands = 0
    worst = 0.0
    elapsed = 0.0
    n = 0
    gc.disable()
    try:
        while elapsed < seconds:
            n += 1
            game = Game(rules, [f"P{i}" for i in range(players)], seed=f"{seed}/aao{n}")
            hand: Hand = game.hand
            while not hand.is_over:
                start = time.perf_counter()
                hand.apply(rng.choice(hand.legal_actions()))
                took = time.perf_counter() - start
                elapsed += took
                worst = max(worst, took)
                decisions += 1
            hands += 1
    finally:
        gc.enable()
    return {
        "us_per_decision": round(elapsed / decisions * 1e6, 2),
        "worst_us": round(worst * 1e6, 2),
        "decisions": decisions,
        "hands": hands,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seconds", type=float, default=3.0, help="play time per configuration")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results: dict[str, dict[str, float]] = {}
    for preset, players in CONFIGS:
        key = f"{preset}/{players}"
        if not args.json:
            print(f"  measuring {key} ...", file=sys.stderr, flush=True)
        results[key] = measure(preset, players, args.seconds, args.seed)
    if not args.json:
        print(f"  measuring {ALL_AT_ONCE_KEY} ...", file=sys.stderr, flush=True)
    all_at_once = measure_all_at_once(args.seconds, args.seed)
    if args.json:
        print(json.dumps({**results, ALL_AT_ONCE_KEY: all_at_once}))
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
    a = all_at_once
    print(
        f"{ALL_AT_ONCE_KEY} (rummy_call=pile, pile_draw=any-depth, all at once from deal 1): "
        f"{a['us_per_decision']} us/decision, worst {a['worst_us']} us, "
        f"{a['decisions']} decisions in {a['hands']} hands"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
