"""The hands that the race to the target is judged on (issue 10): what one hand scores.

:mod:`rummykit.bots.race` values a hand's result by the chance it gives each player of
winning the game, and for that it plays the rest of the game many times over with hands
drawn from this sample. This script makes the sample: for every preset and 2 to 4
players it plays games of ``heuristic`` bots (the ``hard`` difficulty) with fixed seeds
and keeps each hand's scores, seat by seat in the hand's order, in
``src/rummykit/bots/hand_scores.json``, which the package ships.

    python benchmarks/race_hands.py                  # writes the package's file
    python benchmarks/race_hands.py --hands 40 --out /tmp/h.json --preset rummy

The same arguments give the same file (the bots' seeds are fixed, and the heuristic takes
no time limit).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from runs import run_all

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.players import Driver
from rummykit.rules import PRESETS

OUT = Path(__file__).resolve().parent.parent / "src" / "rummykit" / "bots" / "hand_scores.json"

#: Actions a hand may take before it is dropped from the sample (a standoff).
MAX_HAND_ACTIONS = 3000


def sample(preset: str, players: int, hands: int) -> list[list[int]]:
    """``hands`` hands' scores of ``heuristic`` bots playing ``preset`` at ``players``."""
    rules = Rules.preset(preset)
    out: list[list[int]] = []
    game_no = 0
    while len(out) < hands:
        names = [f"p{i}" for i in range(players)]
        bots = [
            get_bot("heuristic", seed=f"race/{preset}/{players}/{game_no}/{i}")
            for i in range(players)
        ]
        game = Game(rules, names, seed=f"race/{preset}/{players}/{game_no}")
        driver = Driver(game, bots, max_hand_actions=MAX_HAND_ACTIONS, max_hands=40)
        driver.run()
        for result, seats in zip(game.results, game.seatings, strict=False):
            if len(seats) == players:  # not a hand of tied leaders alone
                out.append([result.scores[s] for s in seats])
        game_no += 1
    return out[:hands]


def _task(args: tuple[str, int, int]) -> tuple[str, int, list[list[int]]]:
    preset, players, hands = args
    return preset, players, sample(preset, players, hands)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--hands", type=int, default=240, help="hands per preset and count (240)")
    p.add_argument("--preset", action="append", help="only these presets (repeatable)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default: 2)")
    p.add_argument("--out", type=Path, default=OUT, help="the file to write (the package's)")
    args = p.parse_args(argv)
    presets = args.preset or sorted(PRESETS)
    for name in presets:
        if name not in PRESETS:
            p.error(f"--preset {name}: no such preset (one of {', '.join(sorted(PRESETS))})")
    tasks = [
        (name, n, args.hands)
        for name in presets
        for n in range(2, 5)
        if PRESETS[name].min_players <= n <= PRESETS[name].max_players
    ]
    start = time.perf_counter()
    doc: dict[str, dict[str, list[list[int]]]] = {}

    def finished(k: int, sample: tuple[str, int, list[list[int]]]) -> None:
        name, n, rows = sample
        doc.setdefault(name, {})[str(n)] = rows
        print(f"\r{k}/{len(tasks)} samples", end="", file=sys.stderr, flush=True)

    run_all(_task, tasks, args.jobs, finished)
    print(f" in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    text = json.dumps(
        {
            "about": "hand scores of heuristic self-play, seat by seat in the hand's order "
            "(benchmarks/race_hands.py)",
            "hands": doc,
        },
        separators=(",", ":"),
        sort_keys=True,  # the samples come in as they end
    )
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"{args.out}: {len(text) // 1024} KiB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
