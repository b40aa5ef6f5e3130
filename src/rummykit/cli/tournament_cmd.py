"""``rummykit tournament``: a Remik 500 multi-table tournament between bots.

Plays :class:`rummykit.remik_tournament.Tournament` round by round, printing the
standings after each round (a progress bar on standard error), and can save the
tournament record and replay one.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import rummykit.cli.runlog as runlog
from rummykit.bots import LEVELS, get_bot, resolve_level
from rummykit.bots.levels import difficulty_help
from rummykit.cli.bot_lists import split_bots
from rummykit.cli.replay_cmd import printable
from rummykit.cli.rules_cmd import parse_sets
from rummykit.cli.seeds import parse_seed
from rummykit.errors import RulesError, RummyError
from rummykit.files import write_atomically
from rummykit.players import Player
from rummykit.record import read_file, read_json
from rummykit.remik_tournament import (
    GAME_OPTIONS,
    HandNeverEnded,
    RoundResult,
    Tournament,
    TournamentRules,
    summary,
)
from rummykit.rules import Rules

__all__ = ["add_parser", "describe_round", "describe_standings", "run"]

_DESCRIPTION = """\
Plays a Remik 500 multi-table tournament between bots (rummykit docs rules, section
12). Everybody starts with the same chips at tables of up to four. A
round is one hand at every table: the best hand score there wins the round and every
other player pays the difference in points times the round's point-chip ratio (1, 1,
2, 2, 3, 3 ... by default), never more chips than they hold. Players with no chips
leave, the tables are rebalanced and merged, and the last player left wins. Players
who leave in the same round are ranked by the chips they held before it, then by the
points they melded and laid off, then by the lowest cards left in their last hand;
still equal, they share the place.

The standings are printed after each round; a progress bar (players out so far) goes to
standard error.
"""

_EPILOG = f"""\
examples:
  rummykit tournament --players 16 --bots heuristic,greedy
      16 bots, heuristic and greedy in turn, at four tables of four
  rummykit tournament --players 9 --table-size 3 --chips 200 --ratios 1,2,3 --seed 7
      three tables of three, 200 chips each, ratio 1 in round 1, 2 in round 2, then 3
  rummykit tournament --players 8 --record cup.json --quiet
      save the tournament record (every table's game record and the chips moved)
  rummykit tournament --replay cup.json
      replay a tournament record, checking every hand and every chip, and show the end
      (with --json, a record that does not replay prints {{"ok": false, "error": {{"rule":
      ..., "message": ...}}}}, as rummykit replay --json does)
  rummykit tournament --players 6 --json
      one JSON object at the end: the winner, the standings, each round's tables

The first round of the first example, as printed:

  round 1 (ratio 1): 4 tables; left: -
     1  heuristic-7   1287 chips
     2  heuristic-9   1263 chips
     ...
    16  greedy-10      879 chips

bot levels: {", ".join(LEVELS)} (the search levels are slow in big tournaments)
{difficulty_help()}
presets: any preset for 2 to 4 players, remik-500 by default (its hands decide the rounds)

exit status: 0 done; 1 a hand did not end in 5000 actions (possible with weak bots
under rules that turn the pile over: the rounds before it are saved with --record), or
the --record file could not be written (the result is shown all the same); 2 bad
arguments or a record that does not replay; 130 interrupted (Ctrl-C; the rounds played
are saved with --record).
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "tournament",
        help="a Remik 500 multi-table tournament between bots",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--players", type=int, metavar="N", help="players (default: 8)")
    p.add_argument(
        "--bots",
        metavar="LEVEL,...",
        help="bot levels, given to the players in turn (default: heuristic,greedy)",
    )
    p.add_argument("--table-size", type=int, metavar="N", help="seats a table, 2-4 (default: 4)")
    p.add_argument("--chips", type=int, metavar="N", help="starting chips (default: 1000)")
    p.add_argument(
        "--ratios",
        metavar="R,...",
        help="point-chip ratio of each round, the last repeating (default: 1,1,2,2,3,3,...)",
    )
    p.add_argument("--preset", metavar="NAME", help="the hands' rules (default: remik-500)")
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="set an option on top"
    )
    p.add_argument("--seed", help="seed of the seating, deals and bots (default: 0)")
    files = p.add_mutually_exclusive_group()
    files.add_argument(
        "--record",
        metavar="FILE",
        help="save the tournament record in FILE (its folder is made if missing)",
    )
    files.add_argument(
        "--replay",
        metavar="FILE",
        help="replay a tournament record instead (its players, rules and seed are the "
        "record's: the options that set them are refused with it)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no round standings")
    p.set_defaults(run=run)


class _Bad(Exception):
    """A bad argument; the message is for people."""


def _rules(args: argparse.Namespace) -> TournamentRules:
    options = parse_sets(args.set)
    unused = [key for key in options if key in GAME_OPTIONS]  # refused, not ignored
    if unused:
        raise _Bad(
            f"--set {unused[0]}: a round of the tournament is one hand at every table, "
            f"settled in chips, so the game options {', '.join(GAME_OPTIONS)} do not apply"
        )
    ratios: tuple[int, ...] | None = None
    if args.ratios is not None:
        try:
            ratios = tuple(int(r) for r in args.ratios.split(","))
        except ValueError:
            raise _Bad(
                f"--ratios takes whole numbers separated by commas, not {args.ratios!r}"
            ) from None
    rules = Rules.preset(args.preset, **options)
    try:
        return TournamentRules(
            rules=rules, table_size=args.table_size, starting_chips=args.chips, chip_ratios=ratios
        )
    except RulesError as e:  # named as the option the command line sets it with
        flag = _FLAGS.get(e.option)
        if flag is None:
            raise
        raise _Bad(e.message.replace(f"option {e.option}", flag, 1)) from None


#: The tournament's options, by the flags that set them.
_FLAGS = {"table_size": "--table-size", "starting_chips": "--chips", "chip_ratios": "--ratios"}


#: The most players a tournament takes (each is a bot in memory, each round a game at
#: every table of up to four).
MAX_PLAYERS = 1000


def _players(count: int, levels_text: str, seed: int | str) -> dict[str, Player]:
    try:
        levels = split_bots(levels_text)
    except ValueError as e:
        raise _Bad(str(e)) from None
    if not levels:
        raise _Bad("--bots needs at least one bot level")
    for level in levels:
        if ":" in level:  # simulate's LEVEL:BUDGET
            raise _Bad(
                f"--bots {level!r}: a tournament takes bot levels without a budget "
                "(LEVEL:BUDGET is rummykit simulate's); the search levels play at their "
                "default effort"
            )
        try:
            resolve_level(level)
        except ValueError as e:
            raise _Bad(str(e)) from None
    if not 2 <= count <= MAX_PLAYERS:
        raise _Bad(f"--players must be 2 to {MAX_PLAYERS}, not {count}")
    players: dict[str, Player] = {}
    for i in range(count):
        level = levels[i % len(levels)]
        name = f"{level}-{i + 1}"
        players[name] = get_bot(level, seed=f"{seed}/bot/{i}", name=name)
    return players


def describe_standings(t: Tournament) -> str:
    """The standings as lines: place, name, chips, and the round a player left after.

    >>> t = Tournament(["Ana", "Ben"], TournamentRules(starting_chips=5))
    >>> print(describe_standings(t))
       1  Ana     5 chips
       1  Ben     5 chips
    """
    width = max(len(n) for n in t.names)
    standings = t.standings()
    digits = max(5, *(len(str(s.chips)) for s in standings))
    lines = []
    for s in standings:
        out = f"  (out after round {s.out_after})" if s.out_after is not None else ""
        chips = f"{s.chips:>{digits}} chip{'' if s.chips == 1 else 's'}"
        lines.append(f"  {s.place:>2}  {s.name:<{width}} {chips}{out}")
    return "\n".join(lines)


def describe_round(t: Tournament, r: RoundResult) -> str:
    """One round's heading and the standings after it."""
    left = ", ".join(t.names[p] for p in r.left) or "-"
    byes = f"; sat out: {', '.join(t.names[p] for p in r.byes)}" if r.byes else ""
    tables = f"{len(r.tables)} table{'s' if len(r.tables) > 1 else ''}"
    head = f"round {r.number} (ratio {r.ratio}): {tables}; left: {left}{byes}"
    return head + "\n" + describe_standings(t)


#: Seconds between progress lines where standard error is not a terminal (as simulate's).
PROGRESS_EVERY = 10.0


def _progress(t: Tournament, enabled: bool, last: list[float]) -> None:
    """The progress bar, drawn again after each round; where standard error is not a
    terminal (a log, a pipe, CI), a plain line every :data:`PROGRESS_EVERY` seconds and
    at the end instead (``last``: when the last one was written)."""
    if not enabled:
        return
    n = len(t.names)
    out = n - len(t.active)
    said = f"{out}/{n - 1} players out, round {len(t.rounds)}"
    if not sys.stderr.isatty():
        now = time.monotonic()
        if t.over or now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            print(said, file=sys.stderr, flush=True)
        return
    width = 30
    filled = width * out // max(1, n - 1)
    bar = "#" * filled + "." * (width - filled)
    end = "\n" if t.over else ""
    print(f"\r[{bar}] {said}", end=end, file=sys.stderr, flush=True)


def _replay(args: argparse.Namespace) -> int:
    try:
        doc = read_json(read_file(args.replay))
        t = Tournament.from_record(doc)
    except OSError as e:
        return _refuse(args, "record.json", f"cannot read {args.replay}: {e.strerror or e}")
    except RummyError as e:
        return _refuse(args, e.rule, e.message, where=f"{args.replay}: ")
    _finish(args, t)
    return 0


def _refuse(args: argparse.Namespace, rule: str, message: str, where: str = "") -> int:
    """Says why a record does not replay: with ``--json`` the object ``rummykit replay
    --json`` prints for a document that is not a valid record (NOTATION.md), else a line
    on standard error; returns the exit status, 2."""
    if args.json:
        print(json.dumps({"ok": False, "error": {"rule": rule, "message": message}}))
    else:
        print(f"rummykit tournament: {printable(where + message)} [{rule}]", file=sys.stderr)
    return 2


def _finish(args: argparse.Namespace, t: Tournament) -> None:
    if args.json:
        print(json.dumps(summary(t)))
        return
    state = "winner" if t.over else "leader (the record stops before the end)"
    top = t.standings()[0].name
    rounds = len(t.rounds)
    print(f"{rounds} round{'' if rounds == 1 else 's'}; {state}: {top}")
    print(describe_standings(t))


#: The options of a new tournament only, with their defaults (None: none).
_NEW_ONLY: dict[str, object] = {
    "players": 8,
    "bots": "heuristic,greedy",
    "table_size": 4,
    "chips": 1000,
    "ratios": None,
    "preset": "remik-500",
    "set": [],
    "seed": "0",
}


def run(args: argparse.Namespace) -> int:
    """Plays (or replays) the tournament; returns the exit status."""
    for flag, value in (("--replay", args.replay), ("--record", args.record)):
        if value is not None and not value.strip():
            print(f"rummykit tournament: {flag} needs a file name", file=sys.stderr)
            return 2
    given = [
        f"--{key.replace('_', '-')}"
        for key in _NEW_ONLY
        if getattr(args, key) is not None and getattr(args, key) != []
    ]
    if args.replay is not None:
        if given:  # a bad argument, as any other (not a record that does not replay)
            print(
                "rummykit tournament: a replayed tournament keeps the players, rules and seed "
                f"its record holds, so {' and '.join(given)} would change nothing; they are "
                "for a new tournament",
                file=sys.stderr,
            )
            return 2
        return _replay(args)
    for key, default in _NEW_ONLY.items():
        if getattr(args, key) is None:
            setattr(args, key, default)
    try:
        rules = _rules(args)
        seed = parse_seed(args.seed)  # one a record can hold: 007 plays as 7
        players = _players(args.players, args.bots, seed)
        t = Tournament(list(players), rules, seed=seed)
        record = None if args.record is None else Path(os.path.expanduser(args.record))
        if record is not None:  # a record that cannot be written is said before playing
            if record.is_dir():
                raise _Bad(f"--record {record} is a folder")
            if record.exists() and not os.access(record, os.W_OK):
                raise _Bad(f"--record: cannot write {record}: permission denied")
            try:  # its folder is made if missing, as simulate --records and play --save do
                runlog.writable_folder(record.parent)
            except ValueError as e:
                raise _Bad(f"--record: {e}") from None
    except (_Bad, RummyError) as e:
        message = e.message if isinstance(e, RummyError) else str(e)
        print(f"rummykit tournament: {message}", file=sys.stderr)
        return 2
    show = not args.quiet and not args.json
    last = [time.monotonic()]

    def each_round(tour: Tournament, result: RoundResult) -> None:
        if show:
            if sys.stderr.isatty():
                # the progress line, as long as it can be (1000 players, round 99999), wiped
                print("\r" + " " * 72 + "\r", end="", file=sys.stderr, flush=True)
            print(describe_round(tour, result), flush=True)
        _progress(tour, not args.quiet, last)

    try:
        t.play(players, on_round=each_round)
    except (RummyError, KeyboardInterrupt, OSError) as e:
        # the rounds played are kept: the record stops before the round that did not end
        # (an interruption, a rule the round broke, or the output that failed: | head,
        # stderr too, so the record is written before anything is said)
        unsaved = _save(record, t) if record is not None and t.rounds else None
        with contextlib.suppress(OSError):
            if not args.quiet:
                print(file=sys.stderr)  # ends the progress line
            if record is not None and t.rounds:
                rounds = len(t.rounds)
                played = "1 round played is" if rounds == 1 else f"{rounds} rounds played are"
                saved = f"the {played} in {record}"
                print(f"rummykit tournament: {unsaved or saved}", file=sys.stderr)
        if isinstance(e, KeyboardInterrupt) or (isinstance(e, OSError) and unsaved is None):
            raise
        if isinstance(e, OSError):  # the output failed, and so did the record: say it failed
            return 1
        print(f"rummykit tournament: {e.message}", file=sys.stderr)
        return 1 if isinstance(e, HandNeverEnded) else 2
    error = _save(record, t) if record is not None else None
    _finish(args, t)  # the result, even where its record could not be written
    if error is not None:
        print(f"rummykit tournament: {error}", file=sys.stderr)
        return 1
    if record is not None and not args.json:
        print(f"record: {record} (rummykit tournament --replay {record})")
    return 0


def _save(record: Path, t: Tournament) -> str | None:
    """Writes the tournament record of the rounds played; None, or why it could not."""
    try:
        write_atomically(record, json.dumps(t.to_record()) + "\n")
    except OSError as e:
        return f"--record: cannot write {record}: {e.strerror or e}"
    return None
