"""The bot ladder (issue 3): each level against the one below, with duplicate deals.

Plays, with :func:`rummykit.bots.tournament.run_match`, the difficulty ladder of the
preset and table size: easy against random, medium against easy, hard against medium and
expert against hard, each difficulty as the level it plays there (in 2-player 500 Rum:
greedy, careless-9, basic, rollout; ``rummykit.bots.difficulties_for``), then the
algorithms' own steps that the difficulties skip (basic against greedy, heuristic
against basic, rollout against heuristic) and the levels without a difficulty
(montecarlo, ismcts) against the heuristic. For each match it prints the upper bot's
win rate, its 95% confidence interval (Wilson), the bar it has to reach, whether it
does, and the time taken.

Bar (issue 10): the upper level wins more than 60% of games with the interval above 50%.

    python benchmarks/bots.py                          # 400 games per match, 2 players
    python benchmarks/bots.py --games 40 --jobs 4      # a quick look
    python benchmarks/bots.py --players 4 --preset remik-500 --json
    python benchmarks/bots.py --match basic-careless-9 --match rollout-basic
    python benchmarks/bots.py --log runs/        # save each game; run again to resume
    python benchmarks/bots.py --log runs/ --report   # figures of the games saved so far
    python benchmarks/bots.py --log runs/ --jobs 16 --stop-after 540   # a lent machine's 10 min

With ``--log DIR`` every game is appended to ``DIR/<preset>-<players>p-<match>-s<seed>.jsonl``
as it ends, and a later run with the same arguments plays only the games missing there,
so a ladder that takes hours survives an interruption. ``--stop-after SECONDS`` begins no
game after that time and lets the games begun finish, which fits a run into a machine
lent for a while; Ctrl-C stops at once, keeping the games saved.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from runs import append_line, read_lines

from rummykit import Rules
from rummykit.bots import difficulties_for
from rummykit.bots.paired import Summary, summarize
from rummykit.bots.tournament import GameResult, MatchResult, run_match, whole_deals, wilson
from rummykit.errors import RummyError

#: The win rate the upper level of a match must exceed (issue 10).
BAR = 0.60
#: The algorithms' own steps, played after the difficulties' where these skip them.
ALGORITHMS: tuple[tuple[str, str], ...] = (
    ("basic", "greedy"),
    ("heuristic", "basic"),
    ("rollout", "heuristic"),
    ("montecarlo", "heuristic"),
    ("ismcts", "heuristic"),
)


def ladder(rules: Rules, players: int) -> list[tuple[str, str, float]]:
    """The matches of the ladder under ``rules`` at a table of ``players``: (upper,
    lower, the win rate the upper level must exceed), each difficulty's level against
    the one below (the easiest against ``random``), then :data:`ALGORITHMS`' steps not
    among them.

    >>> [f"{u}-{lo}" for u, lo, _ in ladder(Rules.preset("500-rum"), 4)][:4]
    ['greedy-random', 'careless-9-greedy', 'heuristic-careless-9', 'rollout-heuristic']
    """
    levels = ["random", *difficulties_for(rules, players).values()]
    steps = list(zip(levels[1:], levels[:-1], strict=True))
    steps += [step for step in ALGORITHMS if step not in steps]
    return [(upper, lower, BAR) for upper, lower in steps]


def run_ladder(
    matches: list[tuple[str, str, float]],
    *,
    games: int,
    jobs: int,
    preset: str,
    players: int,
    seed: int,
    quiet: bool,
    log: Path | None = None,
    report_only: bool = False,
    deadline: float | None = None,
) -> list[dict[str, Any]]:
    """Plays each match and returns one row of figures per match (with ``log``, resumes
    from and appends to one file of game results per match; after ``deadline``, a
    :func:`time.monotonic` value, no game begins)."""
    rows: list[dict[str, Any]] = []
    for upper, lower, bar in matches:
        label = f"{upper}-{lower}"
        path = log / f"{preset}-{players}p-{label}-s{seed}.jsonl" if log else None
        saved = load_log(path, repair=not report_only) if path else []
        # one result per game (the last saved), of the games asked for
        known = sorted(
            {r.index: r for r in saved if r.index < games}.values(), key=lambda r: r.index
        )

        def progress(done: int, total: int, label: str = label) -> None:
            if not quiet:
                end = "\n" if done >= total else ""
                print(f"\r{label}: {done}/{total} games", end=end, file=sys.stderr, flush=True)

        start = time.perf_counter()
        if report_only or (deadline is not None and time.monotonic() >= deadline):
            if not known:
                if not report_only and not quiet:
                    print(f"{label}: not begun (--stop-after)", file=sys.stderr)
                continue
            # whole deals only, as run_match reports a match stopped early
            match = MatchResult.of(preset, players, seed, [upper, lower], whole_deals(known, 2))
        else:
            match = run_match(
                [upper, lower],
                games=games,
                rules=preset,
                players=players,
                seed=seed,
                jobs=jobs,
                progress=progress,
                known=known,
                on_result=functools.partial(append_log, path) if path else None,
                deadline=deadline,
            )
        if match.games < games and not report_only and not quiet:
            print(  # \r: over the progress line
                f"\r{label}: stopped after --stop-after, {match.played} of {games} games played"
                + (
                    f" ({match.games} of whole deals reported)"
                    if match.played != match.games
                    else ""
                )
                + ("; the same command resumes" if path else ""),
                file=sys.stderr,
            )
        seconds = time.perf_counter() - start
        up = match.bots[upper]
        points = hand_difference(match, upper, lower)
        low, high = up.ci95
        rows.append(
            {
                "match": label,
                "preset": preset,
                "players": players,
                "games": match.games,
                "wins": up.wins,
                "draws": up.draws,
                "unfinished": match.unfinished,
                "win_rate": round(up.win_rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "bar": bar,
                "passed": up.win_rate > bar and low > 0.5,
                "points_per_hand": round(points.mean, 2),
                "points_per_hand_se": round(points.se, 2) if points.n > 1 else None,
                "ms_per_decision": {
                    upper: round(up.ms_per_decision, 3),
                    lower: round(match.bots[lower].ms_per_decision, 3),
                },
                # the upper level's longest decision, in the games that recorded it (wall
                # time: the bar is a second on the machine that played them)
                "longest_decision": round(up.longest, 3) if up.longest else None,
                "seconds": round(seconds, 2),
                "resumed_games": len(known),
                "bot_seconds": round(sum(sum(r.seconds) for r in match.results), 1),
            }
        )
    return rows


def hand_difference(match: MatchResult, upper: str, lower: str) -> Summary:
    """The upper bot's points a hand minus the lower's (at more seats, the means of their
    seats), a mean over the deals with its standard error: each deal's games, one for
    each seating, are pooled, so that the luck of its cards cancels. A hand counts only
    the seats dealt into it: a tie play-off hand (``ties`` leaders-play-on), the game's
    last, leaves the others out, and one that a level sat out entirely is left out."""
    deals: dict[int, list[float]] = {}
    for r in match.results:
        # games saved before 2026-11-26 name no deal: a deal was then played at every seat
        deal = r.deal if r.deal is not None else r.index // max(2, match.players)
        for n, h in enumerate(r.hand_scores):
            ups = [h[i] for i, label in enumerate(r.seats) if label == upper and n < r.dealt(i)]
            lows = [h[i] for i, label in enumerate(r.seats) if label == lower and n < r.dealt(i)]
            if ups and lows:
                deals.setdefault(deal, []).append(statistics.fmean(ups) - statistics.fmean(lows))
    return summarize([statistics.fmean(d) for d in deals.values() if d])


def load_log(path: Path, repair: bool = True) -> list[GameResult]:
    """The games saved in ``path`` (see :func:`runs.read_lines`)."""
    out = []
    for n, obj in enumerate(read_lines(path, repair), 1):
        try:
            out.append(GameResult.from_json(obj))
        except ValueError as exc:
            raise SystemExit(f"{path}:{n}: {exc}") from None
    return out


def append_log(path: Path, result: GameResult) -> None:
    """Appends one game to ``path``."""
    append_line(path, result.to_json())


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a text table (``bot time``: seconds the bots spent deciding, all games,
    whatever the processes and resumes). The win rate and its interval are worked out
    again from the counts, not from the row's rounded figures, so 187 of 298 (62.75...%)
    reads 62.8%, not 62.7%."""
    head = (
        "match",
        "games",
        "unfinished",
        "win rate",
        "95% CI",
        "bar",
        "passed",
        "pts/hand (up - low)",
        "ms/dec (up, low)",
        "longest (up)",
        "bot time",
    )
    lines: list[tuple[str, ...]] = [head]
    for r in rows:
        won = r["wins"] + 0.5 * r["draws"]
        rate = won / r["games"] if r["games"] else 0.0
        low, high = wilson(won, r["games"])
        ms = list(r["ms_per_decision"].values())
        se = r["points_per_hand_se"]
        lines.append(
            (
                r["match"],
                str(r["games"]),
                str(r["unfinished"]),
                f"{100 * rate:.1f}%",
                f"{100 * low:.1f}-{100 * high:.1f}%",
                f">{100 * r['bar']:.0f}%",
                "yes" if r["passed"] else "NO",
                f"{r['points_per_hand']:+.1f}" + (f" ± {se:.1f}" if se is not None else ""),
                ", ".join(f"{x:.3f}" if x < 1 else f"{x:.1f}" for x in ms),
                "-" if r.get("longest_decision") is None else f"{r['longest_decision']:.2f} s",
                f"{r['bot_seconds']:.1f} s",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    return "\n".join(
        "  ".join(
            [line[0].ljust(widths[0])]
            + [c.rjust(w) for c, w in zip(line[1:], widths[1:], strict=True)]
        )
        for line in lines
    )


def main(argv: list[str] | None = None) -> int:
    """Runs the ladder and prints the table (or JSON)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=int, default=400, help="games per match (default: 400)")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes (default: 1)")
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--seed", type=int, default=7, help="match seed (default: 7)")
    p.add_argument(
        "--match",
        action="append",
        metavar="UPPER-LOWER",
        help="only these matches of the ladder of --preset and --players (repeatable;\n"
        "an unknown one is refused with the list)",
    )
    p.add_argument(
        "--log", type=Path, metavar="DIR", help="save each game in DIR and resume from it"
    )
    p.add_argument(
        "--report",
        action="store_true",
        help="only report the games saved in --log DIR (of a run still going, say)",
    )
    p.add_argument(
        "--stop-after",
        type=float,
        metavar="SECONDS",
        help="begin no game after SECONDS; the games begun finish (with --log, resume later)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        p.error("--games and --jobs must be at least 1")
    if args.stop_after is not None and not args.stop_after > 0:
        p.error(f"--stop-after must be seconds above 0, not {args.stop_after}")
    if args.report and args.log is None:
        p.error("--report reads the games saved by --log DIR: give --log")
    if args.report and not args.log.is_dir():
        p.error(f"--log {args.log}: no such directory")
    try:
        rules = Rules.preset(args.preset)
    except RummyError as exc:
        p.error(f"--preset: {exc}")
    try:
        rules.check_players(args.players)
    except RummyError as exc:
        p.error(f"--players: {exc}")
    matches = ladder(rules, args.players)
    names = [f"{u}-{lo}" for u, lo, _ in matches]
    unknown = [m for m in args.match or [] if m not in names]
    if unknown:
        p.error(
            f"--match {unknown[0]}: the matches of {args.preset} at {args.players} players "
            f"are {', '.join(names)}"
        )
    chosen = [m for m in matches if args.match is None or f"{m[0]}-{m[1]}" in args.match]
    if args.log is not None and not args.report:
        args.log.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    try:
        rows = run_ladder(
            chosen,
            games=args.games,
            jobs=args.jobs,
            preset=args.preset,
            players=args.players,
            seed=args.seed,
            quiet=args.quiet,
            log=args.log,
            report_only=args.report,
            deadline=None if args.stop_after is None else time.monotonic() + args.stop_after,
        )
    except ValueError as exc:  # a log of another match, an unknown preset
        p.error(str(exc))
    except KeyboardInterrupt:
        saved = f": the games played are saved in {args.log}" if args.log else ""
        print(f"\ninterrupted{saved}", file=sys.stderr)
        return 130
    total = time.perf_counter() - start
    if args.json:
        doc = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "jobs": args.jobs,
            "seed": args.seed,
            "seconds": round(total, 2),
            "matches": {r["match"]: r for r in rows},
        }
        print(json.dumps(doc, indent=2))
    else:
        print(
            f"{args.preset}, {args.players} players, {args.games} games per match, "
            f"seed {args.seed}, "
            + (f"games saved in {args.log} so far" if args.report else f"{args.jobs} job(s)")
        )
        print(table(rows))
        print(f"total {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
