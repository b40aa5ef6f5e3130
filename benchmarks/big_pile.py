"""The top level's time limit where a decision is slowest: a pile of 45 cards (issue 10).

With a deep pile, one heuristic decision weighs every depth that may be taken, and
``expert``'s playouts are made of such decisions. The position: 8-player
``500-rum-classic``, game seed 101, every seat played by ``easy`` bots (seeded
``101/<seat>``, which never take from the pile) up to ``--step`` actions (110: a pile of
45 cards and a stock of 2, a discard to choose). The script times ``--repeats`` fresh
``expert`` decisions there (the promise: within 1 s; its limit is 0.85 s), then ``hard``
and the hint, in wall and CPU seconds.

    python benchmarks/big_pile.py
    python benchmarks/big_pile.py --step 95 --repeats 3 --json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.bots.hints import hint
from rummykit.view import PlayerView

#: The game: its preset, table size and seed.
PRESET, PLAYERS, SEED = "500-rum-classic", 8, 101


def position(step: int) -> PlayerView:
    """The view of the player to act after ``step`` actions of ``easy`` bots."""
    game = Game(Rules.preset(PRESET), [f"P{i}" for i in range(PLAYERS)], seed=SEED)
    bots = [get_bot("easy", seed=f"{SEED}/{seat}") for seat in range(PLAYERS)]
    for _ in range(step):
        game.apply(bots[game.to_act].act(game.view(game.to_act)))
    return game.view(game.to_act)


def timed(what: str, decide: Any) -> dict[str, Any]:
    """One decision timed: ``what`` it was, its wall and CPU seconds, the action."""
    wall, cpu = time.perf_counter(), time.process_time()
    action = decide()
    return {
        "what": what,
        "wall": round(time.perf_counter() - wall, 3),
        "cpu": round(time.process_time() - cpu, 3),
        "action": str(action),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="The figures of this machine are in BENCHMARKS.md.",
    )
    parser.add_argument("--step", type=int, default=110, help="actions played first (110)")
    parser.add_argument("--repeats", type=int, default=4, help="expert decisions timed (4)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.step < 0 or args.repeats < 1:
        parser.error("--step is 0 or more, --repeats 1 or more")
    view = position(args.step)
    rows = [
        timed("expert", lambda: get_bot("expert", seed=0).act(view)) for _ in range(args.repeats)
    ]
    rows.append(timed("hard", lambda: get_bot("hard", seed=0).act(view)))
    rows.append(timed("hint", lambda: hint(view).action))
    where = {
        "preset": PRESET,
        "players": PLAYERS,
        "seed": SEED,
        "step": args.step,
        "phase": view.phase.value,
        "pile": len(view.pile),
        "stock": view.stock_size,
    }
    if args.json:
        print(json.dumps({"position": where, "decisions": rows}, indent=1))
        return 0
    print(
        f"{PRESET}, {PLAYERS} players, seed {SEED}, after {args.step} actions: "
        f"{view.phase.value}, pile {len(view.pile)}, stock {view.stock_size}"
    )
    for row in rows:
        print(f"{row['what']}: {row['wall']:.3f} s wall, {row['cpu']:.3f} s CPU -> {row['action']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
