"""``rummykit simulate --paired``: two bots on the same deals, point differences per hand.

The measurement is :func:`rummykit.bots.paired.run_paired`; this module adds its
options to ``rummykit simulate``, prints progress on standard error and the figures as a
table or JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rummykit.cli.runlog as runlog
from rummykit.bots.paired import LINEUPS, DealResult, PairedResult, run_paired
from rummykit.bots.tournament import BotSpec
from rummykit.rules import Rules

__all__ = ["EPILOG", "add_arguments", "load_deals", "run", "table"]

EPILOG = """\
paired measurement (--paired): exactly two bots; each deal (a first hand) is played once
per seat rotation, so both bots hold every hand, and the figure is the first bot's mean
points per hand minus the second's, with its standard error and its 95% interval for a
fixed sample (mean +- 1.96 * SE). Deals are played until a look of the sequential test
is clear: it looks after --first-look deals, each time their number doubles, and at
--deals; at K looks each needs |mean| > z * SE with z set so that all K together err at
most 5% (Bonferroni; Student's t at the look's deals, as the SE is estimated from them).
The sequential test's interval, mean +- z * SE, is the wider one that --margin uses. A
deal with an unfinished hand is left out of the figures. Far fewer hands than game wins
separate two bots.
  rummykit simulate --paired --bots heuristic,greedy
      2 players, up to 400 deals (800 hands), stops when the answer is clear
  rummykit simulate --paired --bots montecarlo,heuristic --players 4 --lineup one-vs-rest
      one montecarlo bot against three heuristic bots, at each of the four seats
  rummykit simulate --paired --bots ismcts,heuristic --deals 100 --margin 2 --log d.jsonl
      stop too when the sequential test's interval lies within +-2 points; every deal
      saved in d.jsonl (run again with the same arguments to resume)
"""


#: The paired measurement's options and their defaults (by their ``args`` names).
DEFAULTS: dict[str, Any] = {"deals": 400, "first_look": 25, "lineup": "alternate", "margin": None}


def unused_options(args: argparse.Namespace) -> list[str]:
    """The paired measurement's options given at all (their defaults too) without
    ``--paired``, where they would do nothing, as flags; call before
    :func:`fill_defaults`."""
    return ["--" + name.replace("_", "-") for name in DEFAULTS if getattr(args, name) is not None]


def fill_defaults(args: argparse.Namespace) -> None:
    """Gives the paired measurement's options not given their defaults."""
    for name, default in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Adds the paired measurement's options to ``rummykit simulate``."""
    g = p.add_argument_group("paired measurement (see below)")
    g.add_argument(
        "--paired",
        action="store_true",
        help="measure two bots by point difference per hand on the same deals",
    )
    g.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="most deals to play, at least 2 (default: 400)",
    )
    g.add_argument(
        "--first-look",
        type=int,
        metavar="N",
        help="deals before the test first looks, at least 2; it looks again at each doubling "
        "(default: 25)",
    )
    g.add_argument(
        "--lineup",
        choices=LINEUPS,
        help="alternate: the bots take turns around the table; one-vs-rest: the first bot "
        "alone against copies of the second (default: alternate)",
    )
    g.add_argument(
        "--margin",
        type=float,
        metavar="POINTS",
        help="also stop when the sequential test's interval (mean +- z * SE) lies within "
        "+-POINTS: no difference that large",
    )


def load_deals(path: Path, match: str) -> list[DealResult]:
    """The deals of measurement ``match`` saved in ``path`` (see :func:`runlog.load`)."""
    return runlog.load(path, match, DealResult.from_json, "a deal of another measurement")


#: Seconds between progress lines where standard error is not a terminal (as simulate's).
PROGRESS_EVERY = 10.0


def _said(result: PairedResult) -> str:
    s = result.summary
    se = f"{s.se:.1f}" if s.n > 1 else "-"
    return (
        f"deals {s.n}/{result.max_deals}  {result.labels[0]} - {result.labels[1]}: "
        f"{s.mean:+.1f} +- {se} points/hand"
    )


def _progress() -> Callable[[PairedResult], None]:
    """The progress after each deal on standard error: one line drawn again on a
    terminal; elsewhere (a log, a pipe, CI) a plain line after the first deal and then
    every :data:`PROGRESS_EVERY` seconds, as the games of ``simulate`` say theirs (the
    last one when the measurement ends: :func:`run`)."""
    if sys.stderr.isatty():

        def redraw(result: PairedResult) -> None:
            print(f"\r{_said(result)}   ", end="", file=sys.stderr, flush=True)

        return redraw
    last = [0.0]

    def lines(result: PairedResult) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            print(_said(result), file=sys.stderr, flush=True)

    return lines


def table(doc: dict[str, Any]) -> str:
    """The figures of :meth:`PairedResult.to_json` in words."""
    d = doc["diff"]

    def num(x: float | None, form: str) -> str:  # None: fewer than two deals to go by
        return "-" if x is None else format(x, form)

    low, high = (num(x, "+.2f") for x in d["ci95"])
    slow, shigh = (num(x, "+.2f") for x in doc["sequential_interval"])
    first, second = doc["first"], doc["second"]
    stop = {
        "first better": f"{first} is stronger",
        "second better": f"{second} is stronger",
        "within margin": f"no difference of {doc['margin']} points or more",
        "max deals": "not clear within the maximum of deals",
    }[doc["stop"]]
    ms = doc["ms_per_decision"]
    longest = doc["longest_ms"]
    lines = [
        f"{doc['rules']}, {doc['players']} players ({doc['lineup']}), seed {doc['seed']}: "
        f"{doc['deals']} deals, {doc['hands']} hands, {doc['seconds']:.1f} s",
        f"{first} - {second}: {d['mean']:+.2f} points per hand, SE {num(d['se'], '.2f')}, "
        f"95% interval (fixed sample) {low} to {high}",
        f"sequential test ({len(doc['looks'])} looks at {', '.join(map(str, doc['looks']))} "
        f"deals, z = {num(doc['z'], '.2f')}): {stop} "
        f"(sequential test's interval {slow} to {shigh})",
        f"ms per decision: {first} {ms[0]:.2f} (longest {longest[0]:.0f}), "
        f"{second} {ms[1]:.2f} (longest {longest[1]:.0f})",
    ]
    if doc.get("low_wins"):
        lines.append(f"penalty points: the difference is {second}'s minus {first}'s")
    if doc["unfinished"]:
        lines.append(
            f"{doc['unfinished']} hand(s) stopped unfinished: their {doc['left_out']} deal(s)"
            " left out of the figures"
        )
    return "\n".join(lines)


def run(
    args: argparse.Namespace, specs: list[BotSpec], rules: Rules, players: int, seed: int | str
) -> int:
    """Runs the paired measurement of ``rummykit simulate --paired`` (arguments checked
    by the caller, except the paired ones, which are checked here)."""
    if len(specs) != 2:
        return _bad("--paired compares exactly two bots: --bots FIRST,SECOND")
    if args.deals < 2:  # one deal has no standard error: no interval, no test
        return _bad(f"--deals must be at least 2 (a standard error needs two), not {args.deals}")
    if args.first_look < 2:
        return _bad(f"--first-look must be at least 2, not {args.first_look}")
    if args.margin is not None and not (math.isfinite(args.margin) and args.margin > 0):
        return _bad(f"--margin must be a number of points more than 0, not {args.margin}")
    if args.records:
        return _bad("--records saves whole games; with --paired use --log FILE")
    log = Path(os.path.expanduser(args.log)) if args.log else None
    match = (
        f"{specs[0].label} vs {specs[1].label}, {rules}, {players} players, {args.lineup}, "
        f"seed {seed}"
    )
    try:
        known = load_deals(log, match) if log else []
    except (OSError, ValueError) as e:
        return _bad(f"--log {e}")

    def save(deal: DealResult) -> None:
        if log is not None:
            runlog.append(log, match, deal.to_json())

    try:
        result = run_paired(
            specs,
            rules=rules,
            players=players,
            lineup=args.lineup,
            seed=seed,
            max_deals=args.deals,
            first_look=args.first_look,
            margin=args.margin,
            jobs=args.jobs,
            known=known,
            progress=None if args.quiet else _progress(),
            on_deal=save,
        )
    except ValueError as e:
        return _bad(str(e))
    except OSError as e:  # a deal could not be saved: a full disk, a read-only file
        if not args.quiet and sys.stderr.isatty():
            print(file=sys.stderr)  # below the progress line
        print(f"rummykit simulate: {runlog.write_failed(e, log)}", file=sys.stderr)
        return 1
    if not args.quiet:  # ends the progress line, or says the last one
        print("" if sys.stderr.isatty() else _said(result), file=sys.stderr)
    doc = result.to_json()
    print(json.dumps(doc) if args.json else table(doc))
    return 0


def _bad(message: str) -> int:
    print(f"rummykit simulate: {message}", file=sys.stderr)
    return 2
