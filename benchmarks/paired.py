"""Paired measurement of the bot ladder (issue 10): point differences per hand.

Each match plays fixed deals (first hands) once per seat rotation with
:func:`rummykit.bots.paired.run_paired` and reports the upper level's mean points per
hand minus the lower's, its standard error, the 95% interval and where the sequential
test stopped (looks after ``--first-look`` deals and at each doubling, Bonferroni over
the looks). Far fewer hands than game wins separate two levels, so this is the cheap
judge of each change to a bot; confirm in games (``benchmarks/bots.py``) at the end.

    python benchmarks/paired.py                                 # the ladder, 2 players
    python benchmarks/paired.py --match montecarlo-heuristic --deals 200
    python benchmarks/paired.py --players 4 --lineup one-vs-rest --preset remik-500
    python benchmarks/paired.py --pair montecarlo:120,heuristic   # any two bots
    python benchmarks/paired.py --log runs/ --json               # every deal saved, resumable

With ``--log DIR`` every deal is appended to
``DIR/<preset>-<players>p-<lineup>-<first>-<second>-s<seed>.jsonl`` as it ends (one JSON
object a line: the seatings, each seat's score per rotation, the deal's difference), and a
later run with the same arguments plays only the deals missing there.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

from rummykit.bots.paired import LINEUPS, DealResult, PairedResult, run_paired
from rummykit.bots.tournament import BotSpec
from rummykit.cli.paired_cmd import load_deals

#: (upper, lower): the algorithms' own steps, each against the one below, then the
#: levels without a difficulty against the heuristic (the difficulties' steps depend on
#: the preset and table size: benchmarks/bots.py plays them in games).
LADDER: list[tuple[str, str]] = [
    ("greedy", "random"),
    ("basic", "greedy"),
    ("heuristic", "basic"),
    ("rollout", "heuristic"),
    ("montecarlo", "heuristic"),
    ("ismcts", "heuristic"),
]


def measure(
    pair: tuple[str, str], args: argparse.Namespace, log: Path | None
) -> tuple[PairedResult, float]:
    """Runs one paired measurement (resuming from and appending to ``log``)."""
    specs = [BotSpec.of(pair[0]), BotSpec.of(pair[1])]
    match = (
        f"{specs[0].label} vs {specs[1].label}, {args.preset}, {args.players} players, "
        f"{args.lineup}, seed {args.seed}"
    )
    known = load_deals(log, match) if log else []

    def save(deal: DealResult) -> None:
        if log is not None:
            with log.open("a", encoding="utf-8") as f:
                doc = {"match": match, **deal.to_json()}
                f.write(json.dumps(doc, separators=(",", ":")) + "\n")

    def progress(result: PairedResult) -> None:
        if not args.quiet:
            s = result.summary
            se = f"{s.se:.1f}" if s.n > 1 else "-"
            print(
                f"\r{match}: deal {s.n}/{args.deals}, {s.mean:+.1f} +- {se}   ",
                end="",
                file=sys.stderr,
                flush=True,
            )

    start = time.perf_counter()
    result = run_paired(
        specs,
        rules=args.preset,
        players=args.players,
        lineup=args.lineup,
        seed=args.seed,
        max_deals=args.deals,
        first_look=args.first_look,
        margin=args.margin,
        jobs=args.jobs,
        known=known,
        progress=progress,
        on_deal=save,
    )
    if not args.quiet:
        print(file=sys.stderr)
    return result, time.perf_counter() - start


def table(rows: list[dict[str, Any]]) -> str:
    """The measurements as a text table."""
    head = ("match", "deals", "hands", "diff/hand", "SE", "95% CI", "stop", "ms/dec", "max ms")
    lines: list[tuple[str, ...]] = [head]
    for r in rows:
        d = r["diff"]
        low, high = d["ci95"]
        spread = d["se"] is not None and low is not None and high is not None
        lines.append(
            (
                f"{r['first']}-{r['second']}",
                str(r["deals"]),
                str(r["hands"]),
                f"{d['mean']:+.2f}",
                f"{d['se']:.2f}" if spread else "-",
                f"{low:+.1f}..{high:+.1f}" if spread else "-",
                r["stop"],
                " / ".join(f"{x:.2f}" for x in r["ms_per_decision"]),
                " / ".join(f"{x:.0f}" for x in r["longest_ms"]),
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
    """Runs the measurements and prints the table (or JSON)."""
    names = [f"{u}-{lo}" for u, lo in LADDER]
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--deals", type=int, default=400, help="most deals per match (default: 400)")
    p.add_argument(
        "--first-look", type=int, default=25, help="deals before the first look (default: 25)"
    )
    p.add_argument("--margin", type=float, help="also stop when the interval is within +-POINTS")
    p.add_argument("--jobs", type=int, default=1, help="parallel processes (default: 1)")
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--lineup", choices=LINEUPS, default="alternate", help="(default: alternate)")
    p.add_argument("--seed", type=int, default=7, help="seed of the deals (default: 7)")
    p.add_argument("--match", action="append", choices=names, help="ladder matches (repeatable)")
    p.add_argument(
        "--pair", action="append", metavar="FIRST,SECOND", help="any two bots (repeatable)"
    )
    p.add_argument("--log", type=Path, metavar="DIR", help="save each deal in DIR; resume")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.deals < 2 or args.jobs < 1 or args.first_look < 2:
        p.error("--jobs must be at least 1, --deals and --first-look at least 2")
    pairs: list[tuple[str, str]] = [
        m for m in LADDER if args.match is not None and f"{m[0]}-{m[1]}" in args.match
    ]
    for text in args.pair or []:
        first, sep, second = text.partition(",")
        if not sep or not first.strip() or not second.strip():
            p.error(f"--pair takes FIRST,SECOND, not {text!r}")
        pairs.append((first.strip(), second.strip()))
    if not pairs:
        pairs = list(LADDER)
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    start = time.perf_counter()
    for pair in pairs:
        log = None
        if args.log is not None:
            tag = f"{pair[0]}-{pair[1]}".replace(":", "_")
            name = f"{args.preset}-{args.players}p-{args.lineup}-{tag}-s{args.seed}.jsonl"
            log = args.log / name
        try:
            result, _ = measure(pair, args, log)
        except ValueError as exc:  # an unknown level or preset, a log of another run
            p.error(str(exc))
        rows.append(result.to_json())
    total = time.perf_counter() - start
    if args.json:
        doc = {
            "python": platform.python_version(),
            "machine": platform.machine(),
            "jobs": args.jobs,
            "seconds": round(total, 2),
            "matches": rows,
        }
        print(json.dumps(doc, indent=2))
    else:
        print(
            f"{args.preset}, {args.players} players ({args.lineup}), seed {args.seed}, "
            f"up to {args.deals} deals, {args.jobs} job(s); diff = first - second, "
            "points per hand"
        )
        print(table(rows))
        print(f"total {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
