"""Endgames: two bots finish games near their end, from the same totals and deals.

The race to the target (:mod:`rummykit.bots.race`) changes a bot's play only where a
hand's result may decide the game, so whole games mostly measure hands where it changes
nothing. This script measures it where it matters: each position is the totals that a
game of ``heuristic`` bots had before its last hand (seeded games of the preset); the
two bots play a game from there to its end, once in each seating with the same deal,
and the first bot's share of the wins is reported with its 95% interval (Wilson, which
takes the games as independent: the two games of a position share their deal, so it is
a little wide) and how the positions went (both games won, one, none).

    python benchmarks/endgames.py rollout-race rollout --positions 100 --jobs 2 --log DIR
    python benchmarks/endgames.py rollout-race rollout --log DIR --report

With ``--log DIR`` each game is appended to ``DIR/endgames-<preset>-<a>-<b>.jsonl`` as
it ends, and the same command again plays only the games missing there. Bots are levels
or the variants of ``benchmarks/bot_variants.py``. Only games played to a target fit
(not ``deals``), at two players.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from bot_variants import register
from runs import append_line, read_lines, run_all

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.bots.tournament import wilson
from rummykit.players import Driver


def positions(preset: str, count: int) -> list[tuple[int, int]]:
    """The totals before the last hand of ``count`` seeded 2-player heuristic games
    (a game stopped unfinished is skipped)."""
    rules = Rules.preset(preset)
    out: list[tuple[int, int]] = []
    g = 0
    while len(out) < count:
        game = Game(rules, ["a", "b"], seed=f"endgame-source/{preset}/{g}")
        bots = [get_bot("heuristic", seed=f"endgame-source/{g}/{i}") for i in range(2)]
        driver = Driver(game, bots, max_hand_actions=3000, max_hands=40)
        driver.run()
        g += 1
        if driver.unfinished or not game.over:
            continue
        totals = [0, 0]
        for r in game.results[:-1]:
            totals = [t + s for t, s in zip(totals, r.scores, strict=True)]
        out.append((totals[0], totals[1]))
    return out


def play(args: tuple[str, list[str], int, tuple[int, int], int]) -> dict[str, Any]:
    """One game from a position: ``bots`` by seat, the deal of position ``k``."""
    register()
    preset, bots, k, start, swap = args
    game = Game(Rules.preset(preset), ["s0", "s1"], seed=f"endgame/{preset}/{k}")
    game.totals[:] = list(start)
    players = [get_bot(level, seed=f"endgame/{k}/{i}") for i, level in enumerate(bots)]
    t = time.perf_counter()
    driver = Driver(game, players, max_hand_actions=3000, max_hands=40)
    driver.run()
    return {
        "position": k,
        "swap": swap,
        "start": list(start),
        "seats": bots,
        "winners": [bots[w] for w in game.winners],
        "winner_seats": list(game.winners),
        "hands": len(game.results),
        "totals": list(game.totals),
        "seconds": round(time.perf_counter() - t, 2),
        "unfinished": driver.unfinished,
    }


def first_share(g: dict[str, Any]) -> float:
    """The first bot's share of a game's win (it sits at seat ``swap``; a shared win
    counts in part)."""
    seats = g.get("winner_seats")
    if seats is None:  # a line of the first format: winners by name
        seats = [s for s, name in enumerate(g["seats"]) if name in g["winners"]]
    return 1 / len(seats) if g["swap"] in seats else 0.0


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """The first bot's share of the wins of the finished games, and how the positions
    with both games finished went."""
    ended = [g for g in games if not g["unfinished"]]
    wins = sum(first_share(g) for g in ended)
    n = len(ended)
    low, high = wilson(wins, n)
    by_position: dict[int, list[float]] = {}
    for g in ended:
        by_position.setdefault(g["position"], []).append(first_share(g))
    pairs = [sum(v) for v in by_position.values() if len(v) == 2]
    return {
        "games": n,
        "wins": wins,
        "win_rate": round(wins / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
        "positions_won_both_one_none": [
            sum(1 for x in pairs if x == 2),
            sum(1 for x in pairs if 0 < x < 2),
            sum(1 for x in pairs if x == 0),
        ],
        "hands_a_game": round(sum(g["hands"] for g in ended) / n, 2) if n else None,
        "unfinished": len(games) - n,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("first", help="a level or variant")
    p.add_argument("second", help="a level or variant")
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--positions", type=int, default=100, help="positions (default: 100)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default: 1)")
    p.add_argument("--log", type=Path, metavar="DIR", help="save each game in DIR; resume")
    p.add_argument("--report", action="store_true", help="only report the games in --log")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    register()
    for level in (args.first, args.second):
        get_bot(level)  # an unknown name stops here, with the list of names
    if Rules.preset(args.preset).target is None:
        p.error(f"--preset {args.preset}: plays a number of deals, not to a target")
    path = None
    done: list[dict[str, Any]] = []
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
        path = args.log / f"endgames-{args.preset}-{args.first}-{args.second}.jsonl"
        done = read_lines(path, repair=not args.report)
    done = [g for g in done if g["position"] < args.positions]
    have = {(g["position"], g["swap"]) for g in done}
    missing = [(k, swap) for k in range(args.positions) for swap in (0, 1) if (k, swap) not in have]
    if not args.report and missing:
        starts = positions(args.preset, args.positions)
        tasks = [
            (args.preset, [args.first, args.second][:: -1 if swap else 1], k, starts[k], swap)
            for k, swap in missing
        ]

        def finished(n: int, g: dict[str, Any]) -> None:
            done.append(g)
            if path is not None:
                append_line(path, g)
            if not args.quiet:
                rate = summary(done)["win_rate"] or 0.0
                print(
                    f"\r{n}/{len(tasks)} games, {args.first} {rate:.1%}",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )

        run_all(play, tasks, args.jobs, finished)
        if not args.quiet:
            print(file=sys.stderr)
    print(json.dumps({args.first: summary(done)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
