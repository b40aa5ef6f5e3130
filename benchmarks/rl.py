"""Speed of the reinforcement-learning environments (``rummykit.rl``).

Random masked play: each step the agent to act reads its observation and mask and picks
a uniformly random legal integer. Reports, per configuration:

- ``Table``: µs per step driving :class:`rummykit.rl.Table` directly (observation + mask,
  the agent's pick, then the step);
- ``raw_env``: the same behind the PettingZoo AEC interface without wrappers
  (``env.last()`` + ``env.step()``);
- ``env()``: behind the AEC interface wrapped as PettingZoo's classic games are, the
  figure the target (under 60 µs per step) is about, as wall time and as CPU time (the
  machine is shared: CPU time leaves out the time other work held the core);
- the parts of one step, each alone: ``facts`` (``Game.facts``, including the engine's
  legal actions), ``encode`` (the observation vector from the facts), ``mask`` (the
  action mask from the legal actions) and ``apply`` (decode + ``Game.apply``);
- ``engine``: the engine's own decision, ``Game.legal_actions()`` + ``Game.apply()``
  with uniformly random legal actions, for comparison.

    python benchmarks/rl.py               # a table
    python benchmarks/rl.py --seconds 3   # longer runs, steadier figures
    python benchmarks/rl.py --json
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

import numpy as np

from rummykit.rl import Table, env, raw_env

CONFIGS = [("500-rum", 2), ("500-rum", 4)]


def measure_raw(preset: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """Random masked play on a :class:`Table` (as :meth:`Table.observe` does it), with
    every part timed alone."""
    table = Table(preset, players)
    rng = random.Random(seed)
    steps = 0
    total = facts_t = encode_t = mask_t = apply_t = 0.0
    games = 0
    clock = time.perf_counter
    while total < seconds:
        table.reset(seed=seed + games)
        games += 1
        game = table.game
        while not game.over:
            seat = game.to_act
            t0 = clock()
            facts = game.facts(seat)
            t1 = clock()
            table.encoder.encode_facts(facts)
            t2 = clock()
            mask = table.codec.mask(facts.legal_actions)
            t3 = clock()
            choices = np.flatnonzero(mask.view(bool))
            index = int(choices[rng.randrange(len(choices))])
            t4 = clock()
            table.step(seat, index)
            t5 = clock()
            facts_t += t1 - t0
            encode_t += t2 - t1
            mask_t += t3 - t2
            apply_t += t5 - t4
            total += t5 - t0
            steps += 1
    return {
        "raw_steps_per_s": steps / total,
        "raw_us_per_step": total / steps * 1e6,
        "facts_us": facts_t / steps * 1e6,
        "encode_us": encode_t / steps * 1e6,
        "mask_us": mask_t / steps * 1e6,
        "apply_us": apply_t / steps * 1e6,
        "games": games,
    }


def measure_aec(
    preset: str, players: int, seconds: float, seed: int, wrapped: bool = True
) -> dict[str, float]:
    """Random masked play behind the PettingZoo AEC interface, wrapped as PettingZoo's
    classic games are (or not: ``raw_env``); wall and CPU time."""
    e = env(preset=preset, players=players) if wrapped else raw_env(preset=preset, players=players)
    rng = random.Random(seed)
    steps = 0
    elapsed = cpu = 0.0
    games = 0
    while elapsed < seconds:
        e.reset(seed=seed + games)
        games += 1
        start, start_cpu = time.perf_counter(), time.thread_time()
        for _agent in e.agent_iter():
            obs, _reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            choices = np.flatnonzero(obs["action_mask"].view(bool))
            e.step(int(choices[rng.randrange(len(choices))]))
            steps += 1
        elapsed += time.perf_counter() - start
        cpu += time.thread_time() - start_cpu
    key = "aec" if wrapped else "aec_raw"
    return {
        f"{key}_steps_per_s": steps / elapsed,
        f"{key}_us_per_step": elapsed / steps * 1e6,
        f"{key}_cpu_us_per_step": cpu / steps * 1e6,
    }


def measure_engine(preset: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    """The engine's own decision: ``legal_actions()`` + ``apply()`` of a uniformly random
    legal action, whole games of the same configuration."""
    table = Table(preset, players)
    rng = random.Random(seed)
    steps = 0
    elapsed = 0.0
    games = 0
    while elapsed < seconds:
        table.reset(seed=seed + games)
        games += 1
        game = table.game
        start = time.perf_counter()
        while not game.over:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
            steps += 1
        elapsed += time.perf_counter() - start
    return {"engine_us_per_decision": elapsed / steps * 1e6}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    gc.disable()
    try:
        for preset, players in CONFIGS:
            row = measure_raw(preset, players, args.seconds, args.seed)
            row.update(measure_aec(preset, players, args.seconds, args.seed, wrapped=False))
            row.update(measure_aec(preset, players, args.seconds, args.seed))
            row.update(measure_engine(preset, players, args.seconds, args.seed))
            results[f"{preset}/{players}"] = row
    finally:
        gc.enable()
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds} s each")
    head = (
        "config",
        "Table µs",
        "raw_env µs",
        "env() µs",
        "env() CPU µs",
        "env() steps/s",
        "facts µs",
        "encode µs",
        "mask µs",
        "apply µs",
        "engine µs / decision",
    )
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for key, r in results.items():
        cells = [
            key,
            f"{r['raw_us_per_step']:.1f}",
            f"{r['aec_raw_us_per_step']:.1f}",
            f"{r['aec_us_per_step']:.1f}",
            f"{r['aec_cpu_us_per_step']:.1f}",
            f"{r['aec_steps_per_s']:.0f}",
            f"{r['facts_us']:.1f}",
            f"{r['encode_us']:.1f}",
            f"{r['mask_us']:.1f}",
            f"{r['apply_us']:.1f}",
            f"{r['engine_us_per_decision']:.1f}",
        ]
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
