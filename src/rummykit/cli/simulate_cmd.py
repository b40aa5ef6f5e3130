"""``rummykit simulate``: many games between bots, with honest statistics.

Games use duplicate deals and seat rotation (:func:`rummykit.bots.tournament.run_match`),
so every bot plays every seat of the same deal. Each bot gets its games, wins, win rate
with a Wilson 95% confidence interval, mean points per hand, an openskill rating (the
Plackett-Luce model, updated game by game from the final ranking of the seats) and its
mean decision time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import rummykit.cli.paired_cmd as paired_cmd
import rummykit.cli.runlog as runlog
from rummykit.bots import LEVELS, SEARCH_LEVELS, resolve_level
from rummykit.bots.levels import MAX_BUDGET, difficulty_help, searchers_text
from rummykit.bots.tournament import BotSpec, GameResult, MatchResult, run_match
from rummykit.cli.bot_lists import split_bots
from rummykit.cli.rules_cmd import parse_sets
from rummykit.cli.seeds import parse_seed
from rummykit.rules import PRESETS, Rules, Scoring

__all__ = ["add_parser", "compute_ratings", "final_ranks", "run"]

_DESCRIPTION = """\
Plays many games between bots and reports, for each bot: games, wins, win rate with its
95% confidence interval (Wilson), mean points per hand, a rating (openskill
Plackett-Luce, shown as mu - 3*sigma) and milliseconds per decision.

Every deal is played once per seat rotation (duplicate deals), so each bot sits at every
seat of the same cards and luck cancels out. The same --seed gives the same games,
whatever --jobs is.
"""

_EPILOG = f"""\
examples:
  rummykit simulate --bots ismcts,heuristic --games 400 --seed 7 --jobs 2
      400 two-player games of 500 Rum, two processes
  rummykit simulate --bots heuristic,greedy --players 4 --games 100
      four seats, the two bots alternating around the table
  rummykit simulate --preset remik-500 --bots greedy,random --games 20 --json
      one JSON object on standard output (the progress bar goes to standard error)
  rummykit simulate --bots ismcts:200,montecarlo:50 --games 40
      LEVEL:BUDGET sets the search effort (the bot is named ismcts-200): playouts or
      iterations per decision of the levels that search; the others take no budget.
      The levels that search: {searchers_text()}
  rummykit simulate --bots greedy,random --games 10 --set target=250 --records runs/
      options on top of the preset; every game saved as a record in runs/
  rummykit replay runs/game-00000.json
      check and show one of those games
  rummykit simulate --bots expert,hard --games 400 --jobs 16 --stop-after 600 --log m.jsonl
      as many of the 400 games as begin within ten minutes (those begun finish), each
      saved in m.jsonl: the same command again plays on from there

presets: {", ".join(PRESETS)}   (rummykit rules PRESET shows their options)
bot levels: {", ".join(LEVELS)}
{difficulty_help()}

{paired_cmd.EPILOG}
exit status: 0 done (also when --stop-after stopped it); 1 a game could not be saved in
--log or --records on the way (a full disk; what was saved before is kept); 2 bad
arguments (unknown preset, option, bot level, player count) or a --log that is not this
match's; 130 stopped with Ctrl+C (the games in --log are kept).
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "simulate",
        help="play many games between bots and report statistics",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--preset", default="500-rum", metavar="NAME", help="the rules (default: 500-rum)"
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="seats at the table (default: one per bot; bots repeat around the table)",
    )
    p.add_argument(
        "--bots",
        default="heuristic,greedy",
        metavar="LEVEL,...",
        help="the bots, comma-separated; LEVEL, or LEVEL:BUDGET for a level that searches "
        "(default: heuristic,greedy)",
    )
    p.add_argument(  # None: not given (refused with --paired, else GAMES)
        "--games",
        type=int,
        default=None,
        metavar="N",
        help=f"games, rounded up to whole deals (default: {GAMES})",
    )
    p.add_argument("--seed", default="0", help="seed of the deals and bots (default: 0)")
    p.add_argument(
        "--jobs", type=int, default=1, metavar="N", help="parallel processes (default: 1)"
    )
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="set an option on top"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--records",
        metavar="DIR",
        help="save every game as a record in DIR (made, with the folders above it, if missing)",
    )
    p.add_argument(
        "--log",
        metavar="FILE",
        help="append every game (every deal with --paired) to FILE as a JSON line as it "
        "ends (its folder is made if missing); the same command run again plays only what "
        "is missing there",
    )
    p.add_argument(
        "--stop-after",
        type=float,
        metavar="SECONDS",
        help="begin no game after SECONDS; the games begun finish and the report covers "
        "the whole deals played, each deal in all its seatings (Ctrl-C stops at once, "
        "reporting nothing)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    paired_cmd.add_arguments(p)
    p.set_defaults(run=run)


#: The most processes ``--jobs`` starts (one a core is the most that helps).
MAX_JOBS = 256

#: The most games (or deals, with --paired) a run may ask for: its list is made up front.
MAX_GAMES = 1_000_000

#: Seconds between the progress lines written where standard error is not a terminal.
PROGRESS_EVERY = 10.0


class _Bad(Exception):
    """A bad argument; the message is for people."""


def _budget(item: str, level: str, budget: str, rules: Rules, players: int) -> None:
    """Refuses the budget of ``--bots`` item ``item`` (``level:budget``) unless it is a
    whole number from 1 and the level searches at this table (a difficulty: the level it
    plays under ``rules`` at ``players`` seats, as :class:`DifficultyBot` will)."""
    digits = budget.isascii() and budget.isdigit() and len(budget) <= len(str(MAX_BUDGET))
    if not digits or not 1 <= int(budget) <= MAX_BUDGET:
        raise _Bad(
            f"--bots {item!r}: bad budget {budget!r}: LEVEL:BUDGET takes a whole number "
            f"from 1 to {MAX_BUDGET}"
        )
    plays = resolve_level(level, rules, players)
    if plays in SEARCH_LEVELS:
        return
    what = (
        f"{level} does no search"
        if plays == level
        else f"{level} plays {plays} under {rules} at {players} players, which does no search"
    )
    raise _Bad(
        f"--bots {item!r}: {what}, so it takes no budget; LEVEL:BUDGET is for the search "
        f"levels ({searchers_text()})"
    )


def _specs(text: str, rules: Rules, players: int | None) -> list[BotSpec]:
    """The bots of ``--bots`` for a table of ``players`` (None: one seat a bot) under
    ``rules``; raises :class:`_Bad` naming what is wrong."""
    try:
        items = split_bots(text)
    except ValueError as e:
        raise _Bad(str(e)) from None
    if not items:
        raise _Bad("--bots needs at least one bot level")
    seats = players if players is not None else len(items)
    specs: list[BotSpec] = []
    for item in items:
        level, colon, budget = item.partition(":")
        try:
            resolve_level(level)
        except ValueError as e:
            raise _Bad(str(e)) from None
        if colon:
            _budget(item, level, budget, rules, seats)
        specs.append(BotSpec.of(item))
    labels = [s.label for s in specs]
    dupes = sorted({x for x in labels if labels.count(x) > 1})
    if dupes:
        raise _Bad(
            f"bot {dupes[0]!r} is listed twice; with more seats than bots use --players "
            "(bots repeat around the table)"
        )
    return specs


def _rules(preset: str, sets: Sequence[str]) -> Rules:
    return Rules.preset(preset, **parse_sets(sets))


def final_ranks(result: GameResult, low_wins: bool = False) -> dict[str, int]:
    """Each bot's place in one game (0 = best, no gaps), from its best seat.

    Seats are ordered by final totals (the winner first), the highest first, or the
    lowest with ``low_wins`` (``penalty`` scoring); equal totals share a place. A bot at
    several seats (more seats than bots) takes the place of its best seat. An unfinished
    game is a draw: every bot shares the first place.
    """
    if result.unfinished:
        return dict.fromkeys(result.seats, 0)
    n = len(result.seats)
    totals = [sum(h[seat] for h in result.hand_scores) for seat in range(n)]

    def key(seat: int) -> tuple[int, int]:
        won = result.winner is not None and result.seats[seat] == result.winner
        return (0 if won else 1, totals[seat] if low_wins else -totals[seat])

    order = sorted(range(n), key=key)
    place: dict[int, int] = {}
    for i, seat in enumerate(order):
        prev = order[i - 1] if i else None
        place[seat] = place[prev] if prev is not None and key(prev) == key(seat) else i
    ranks: dict[str, int] = {}
    for seat, label in enumerate(result.seats):
        ranks[label] = min(ranks.get(label, n), place[seat])
    dense = {p: i for i, p in enumerate(sorted(set(ranks.values())))}
    return {label: dense[p] for label, p in ranks.items()}


def compute_ratings(
    labels: Sequence[str], results: Sequence[GameResult], low_wins: bool = False
) -> dict[str, Any]:
    """openskill Plackett-Luce ratings of ``labels``, updated game by game in order
    (``low_wins``: the lowest totals rank first, as under ``penalty`` scoring).

    Returns each label's rating object (``mu``, ``sigma``, ``ordinal()``).
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    for r in sorted(results, key=lambda g: g.index):
        ranks = final_ranks(r, low_wins)
        playing = [label for label in labels if label in ranks]
        if len(playing) < 2:
            continue
        teams = [[ratings[label]] for label in playing]
        new = model.rate(teams, ranks=[float(ranks[label]) for label in playing])
        for label, team in zip(playing, new, strict=True):
            ratings[label] = team[0]
    return ratings


def report(match: MatchResult, rules: Rules) -> dict[str, Any]:
    """The JSON object ``--json`` prints."""
    low_wins = rules.scoring is Scoring.PENALTY
    ratings = compute_ratings(list(match.bots), match.results, low_wins)
    bots: dict[str, Any] = {}
    for label, stats in match.bots.items():
        fig = stats.to_json()
        rating = ratings[label]
        fig["rating"] = round(float(rating.ordinal()), 3)
        fig["rating_mu"] = round(float(rating.mu), 3)
        fig["rating_sigma"] = round(float(rating.sigma), 3)
        bots[label] = fig
    return {
        "preset": rules.name,
        "rules": str(rules),
        "options": rules.changed_options(),
        "players": match.players,
        "games": match.games,
        "played": match.played,
        "unfinished": match.unfinished,
        "seed": match.seed,
        "seconds": round(match.seconds, 2),
        "bots": bots,
    }


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A ``progress(done, total)`` callback drawing a bar with the time left on stderr."""
    if not enabled:
        yield None
        return
    if not sys.stderr.isatty():  # a log file, nohup, CI: a line now and then, not a bar
        last = [0.0]

        def lines(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                print(f"games {done}/{total}", file=sys.stderr, flush=True)

        yield lines
        return
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:  # pragma: no cover - rich is a dependency

        def plain(done: int, total: int) -> None:
            end = "\n" if done >= total else ""
            print(f"\rgames {done}/{total}", end=end, file=sys.stderr, flush=True)

        yield plain
        return
    bar = Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
    )
    task: list[Any] = []

    def update(done: int, total: int) -> None:
        if not task:
            task.append(bar.add_task("games", total=total))
        bar.update(task[0], completed=done)

    with bar:
        yield update


def _table(doc: dict[str, Any]) -> str:
    head = ("bot", "games", "wins", "win rate", "95% CI", "pts/hand", "rating", "ms/decision")
    rows = [head]
    for name, f in doc["bots"].items():
        low, high = f["ci95"]
        rows.append(
            (
                name,
                str(f["games"]),
                str(f["wins"]) + (f" (+{f['draws']} drawn)" if f["draws"] else ""),
                f"{100 * f['win_rate']:.1f}%",
                f"{100 * low:.1f}-{100 * high:.1f}%",
                f"{f['mean_hand_score']:.1f}",
                f"{f['rating']:.2f}",
                f"{f['ms_per_decision']:.2f}",
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    games = f"{doc['games']} game" + ("" if doc["games"] == 1 else "s")
    lines = [
        f"{doc['rules']}, {doc['players']} players, {games}, seed {doc['seed']}, "
        f"{doc['seconds']:.1f} s"
    ]
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells))
    lines.append("rating: openskill Plackett-Luce mu - 3*sigma, from each game's final ranking")
    if doc.get("unfinished"):
        lines.append(
            f"{doc['unfinished']} game(s) stopped unfinished and counted as draws: a hand "
            "no one could end (the pile turned over for ever) or too many hands"
        )
    return "\n".join(lines)


#: The games of a match unless ``--games`` says otherwise.
GAMES = 100


def run(args: argparse.Namespace) -> int:
    """Plays the match and prints the figures."""
    from rummykit.errors import RummyError

    try:
        games_given = args.games is not None
        if not games_given:
            args.games = GAMES
        if not 1 <= args.games <= MAX_GAMES:
            raise _Bad(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
        unused = [] if args.paired else paired_cmd.unused_options(args)
        paired_cmd.fill_defaults(args)
        if args.paired and not args.deals <= MAX_GAMES:
            raise _Bad(f"--deals must be at most {MAX_GAMES:,}, not {args.deals}")
        if not 1 <= args.jobs <= MAX_JOBS:
            raise _Bad(f"--jobs must be 1 to {MAX_JOBS}, not {args.jobs}")
        if args.stop_after is not None:
            if not args.stop_after > 0:
                raise _Bad(f"--stop-after must be seconds above 0, not {args.stop_after}")
            if args.paired:
                raise _Bad("--stop-after stops games; --paired stops by its test (--deals)")
        if unused:
            raise _Bad(
                f"{', '.join(unused)} {'goes' if len(unused) == 1 else 'go'} with --paired; "
                "without it simulate plays --games whole games"
            )
        rules = _rules(args.preset, args.set)
        specs = _specs(args.bots, rules, args.players)
        players = args.players if args.players is not None else len(specs)
        if args.players is None and players == 1:  # one bot, one seat a bot
            other = "heuristic" if specs[0].label != "heuristic" else "greedy"
            raise _Bad(
                f"--bots {args.bots!r}: one bot plays alone; name another (--bots "
                f"{specs[0].label},{other}) or give --players for copies of it"
            )
        rules.check_players(players)
        records: Path | None = None
        if args.records and not args.paired:  # --paired refuses it: make no folder
            records = Path(os.path.expanduser(args.records))
            try:
                runlog.writable_folder(records)
            except ValueError as e:
                raise _Bad(f"--records: {e}") from None
        seed = parse_seed(args.seed)  # one a record can hold
        if args.paired and games_given:
            raise _Bad("--games counts whole games; --paired plays deals (--deals)")
    except (_Bad, RummyError) as e:
        print(
            f"rummykit simulate: {e.message if isinstance(e, RummyError) else e}", file=sys.stderr
        )
        return 2
    if args.paired:
        return paired_cmd.run(args, specs, rules, players, seed)
    whole = -(-args.games // len(specs)) * len(specs)  # run_match plays whole deals
    if whole != args.games and not args.quiet:
        print(
            f"--games {args.games} rounded up to {whole}: whole deals, each played once for "
            f"each of the {len(specs)} bots",
            file=sys.stderr,
        )
    args.games = whole
    log = Path(os.path.expanduser(args.log)) if args.log else None
    name = f"{', '.join(s.label for s in specs)}, {rules}, {players} players, seed {seed}"
    try:
        saved = (
            runlog.load(log, name, GameResult.from_json, "a game of another match") if log else []
        )
    except (OSError, ValueError) as e:
        print(f"rummykit simulate: --log {e}", file=sys.stderr)
        return 2
    known = {g.index: g for g in saved if g.index < args.games}  # a longer match serves too
    if known and not args.quiet:
        print(f"{len(known)} game(s) of this match read from {log}", file=sys.stderr)

    def save(game: GameResult) -> None:
        if log is not None:
            runlog.append(log, name, game.to_json())

    try:
        with _progress_bar(not args.quiet) as progress:
            match = run_match(
                specs,
                games=args.games,
                rules=rules,
                players=players,
                seed=seed,
                jobs=args.jobs,
                progress=progress,
                records_dir=records,
                known=list(known.values()),
                on_result=save,
                deadline=None if args.stop_after is None else time.monotonic() + args.stop_after,
            )
    except ValueError as e:  # a saved game that does not fit this match
        where = f"--log {log}: " if log is not None else ""
        print(f"rummykit simulate: {where}{e}", file=sys.stderr)
        return 2
    except OSError as e:  # a game could not be saved: a full disk, a read-only folder
        print(f"rummykit simulate: {runlog.write_failed(e, log)}", file=sys.stderr)
        return 1
    if match.games < args.games:
        cut = match.played - match.games
        print(
            f"rummykit simulate: stopped after --stop-after {args.stop_after:g} s: "
            f"{match.played} of {args.games} games played"
            + (
                f"; the report covers the {match.games} games of whole deals (each deal in "
                f"all its seatings, so that the luck of the seats cancels), not the {cut} "
                "of a deal cut short"
                if cut
                else ""
            )
            + (f"; the same command plays on from {log}" if log else ""),
            file=sys.stderr,
        )
    doc = report(match, rules)
    if args.json:
        print(json.dumps(doc))
    else:
        print(_table(doc))
        if records is not None:
            print(f"records: {records}/game-NNNNN.json (rummykit replay FILE)")
    return 0
