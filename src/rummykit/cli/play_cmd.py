"""``rummykit play``: a whole game against bots in the terminal (the app is in rummykit.tui)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import textwrap
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rummykit.bots.levels import (
    CROWDED_DIFFICULTIES,
    DEFAULT_LEVEL,
    DIFFICULTIES,
    GOING_OUT_DIFFICULTIES,
    LEVELS,
    LUCKIER_DIFFICULTIES,
    MAX_BUDGET,
    SEARCH_LEVELS,
    difficulty_help,
    resolve_level,
    searchers_text,
)
from rummykit.cli.bot_lists import split_bots
from rummykit.cli.rules_cmd import parse_sets
from rummykit.cli.runlog import blocker
from rummykit.cli.seeds import parse_seed
from rummykit.errors import RummyError
from rummykit.rules import PRESETS, Rules, Scoring


def _playing(level: str, *tables: Mapping[str, str]) -> str:
    """The difficulties that play ``level`` in ``tables`` (a difficulty's level may
    change with the table size), or "no difficulty"."""
    names = dict.fromkeys(d for table in tables for d, lv in table.items() if lv == level)
    return " or ".join(names) or "no difficulty"


def _levels_help() -> str:
    """The levels --bots takes besides the difficulties, wrapped."""
    text = f"the levels themselves are accepted too: {', '.join(LEVELS)}"
    return textwrap.fill(text, 86, initial_indent="  ", subsequent_indent="  ")


def _default_help() -> str:
    """What the default opponents play, from the difficulty tables (bots.levels)."""
    going_out = [n for n in PRESETS if Rules.preset(n).scoring is not Scoring.MELDED_MINUS_HAND]
    pairs = _playing(DEFAULT_LEVEL, DIFFICULTIES)
    if pairs == "no difficulty":  # hard plays basic there, under the heuristic
        pairs = f"between hard ({DIFFICULTIES['hard']}) and expert"
    crowded = _playing(DEFAULT_LEVEL, CROWDED_DIFFICULTIES)
    going = _playing(DEFAULT_LEVEL, GOING_OUT_DIFFICULTIES, LUCKIER_DIFFICULTIES)
    return (
        f"  default opponents: the level {DEFAULT_LEVEL}: {crowded} where melds score at 3+ "
        f"players,\n  {pairs} at 2, and {going} where only going out counts\n"
        f"  ({', '.join(going_out)})"
    )


_DESCRIPTION = """\
Play a whole game of Rummy 500 (or another preset) against computer opponents.
You play with short commands typed at the prompt, with Tab completion of card names:

  draw                 take the top card of the stock          (d, or F5)
  take 3 / take 7H     take the pile down to the 3rd card from the top / to 7H
  meld 7H 8H 9H        put down a meld (jokers: JK=TH in a run, JK=9 in a group)
  layoff 6H to 1       add 6H to table meld 1                  (l 6H 1)
  swap 7H in 2         take the joker of meld 2 that stands for 7H
  discard 7H           end your turn                           (x 7H)
  rummy 2 / pass       call Rummy or let it go: a box asks when a call is offered
                       to you (a call's number picks it; p, n or Escape passes)
  end                  the stock is empty and you do not take from the pile
  hint  undo  sort  help  quit                       (F2 F3 F4 F1, ctrl+q)
  scores               the score sheet, and the hand so far    (F6)
  again                a new game once this one is over        (F7)

A command may be shortened to any beginning that names one (disc 7H, mel ...).
A refused action names the rule that forbids it and changes nothing. Undo takes back
your last action while nobody has acted since, never a draw from the stock.
"""

_EPILOG = f"""\
examples:
  rummykit play                                 500 Rum against two heuristic bots
  rummykit play --bots greedy,heuristic,ismcts  four players, one bot of each level
  rummykit play --bots hard,hard                three players, two hard bots
  rummykit play --players 5                     five players (two packs), heuristic bots
  rummykit play remik-500 --seed 42             Remik 500, a deal you can play again
  rummykit play --set rummy_call=off --set going_out=floating
  rummykit play --resume                        continue the last game
  rummykit play --resume game.json --delay 0    continue a saved game, bots at once
  rummykit play --new                           a new game over an unfinished saved one
  rummykit replay ~/.rummykit/last-game.json    show a saved game hand by hand

presets: {", ".join(PRESETS)}   (rummykit rules PRESET shows their options)
{difficulty_help()}
{_default_help()}
{_levels_help()}

The game is saved after every action as a game record (docs/notation.md) to
~/.rummykit/last-game.json ($RUMMYKIT_SAVE overrides it), or to --save FILE. A new
game never overwrites an unfinished one unless --new is given: play refuses and says
how to continue it. When saving fails the game says so; then, as with --no-save,
ctrl+q asks once more before quitting a game that would be lost. When a game is over
you may play again (same players and options, a new deal). Colours follow the
terminal; set NO_COLOR=1 for none.

The rules, each with the id a refused action names: docs/rules.md; the options of
--set and their values in each preset: docs/options.md.

exit status: 0 you quit (the game is saved, unless --no-save); 1 the game stopped on
an internal error, or saving failed during play; 2 bad arguments, a bad record, an
unfinished saved game, a save file that cannot be written, or no terminal to play in.
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "play",
        help="play a game against bots in the terminal",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("preset", nargs="?", help="the rules (default: 500-rum)")
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="set an option on top"
    )
    p.add_argument(
        "--bots",
        default="",
        metavar="LEVEL,...",
        help="each opponent's level, comma-separated (default: heuristic for each); "
        "a game resumed keeps the levels its record names",
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players, you included (default: one more than --bots lists, "
        "or 3; missing levels repeat the last one)",
    )
    p.add_argument(
        "--seed",
        help="seed of the deals, shown on screen (default: random, shown once the game "
        "is over: whoever knows the seed knows every card)",
    )
    p.add_argument(
        "--name",
        help="your name at the table (default: You; with --resume, the record's person)",
    )
    p.add_argument(
        "--delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause before each bot action so you can follow (default: 0.6; 0: none)",
    )
    p.add_argument(
        "--budget",
        type=int,
        metavar="N",
        help=f"effort of the bots that search ({searchers_text()}): playouts or iterations "
        "a decision, 1 to 1000000000, within their time limit (default: each level's own); "
        "refused where no opponent searches",
    )
    p.add_argument(
        "--sort",
        choices=("suit", "rank"),
        default="suit",
        help="how your hand is sorted (default: suit)",
    )
    saving = p.add_mutually_exclusive_group()
    saving.add_argument(
        "--save",
        metavar="FILE",
        help="where the game record is saved as it goes (default: ~/.rummykit/last-game.json)",
    )
    saving.add_argument("--no-save", action="store_true", help="do not save the game")
    start = p.add_mutually_exclusive_group()
    start.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="continue a saved game (default FILE: the save file)",
    )
    start.add_argument(
        "--new",
        "--force",
        action="store_true",
        help="start a new game even though the save file holds an unfinished one "
        "(which is overwritten); without it, play refuses to overwrite it",
    )
    p.set_defaults(run=run)


#: The longest pause before a bot's action, in seconds.
MAX_DELAY = 60.0


def build_session(args: argparse.Namespace) -> Any:
    """The :class:`rummykit.tui.session.Session` the arguments ask for.

    Raises :class:`~rummykit.errors.RummyError` or ``OSError`` with a message for people.
    """
    from rummykit.errors import RulesError
    from rummykit.tui.session import Session, default_save_path

    if not 0 <= args.delay <= MAX_DELAY:  # nan and inf too
        raise RulesError("delay", f"--delay is 0 to {MAX_DELAY:g} seconds, not {args.delay:g}")
    if args.budget is not None and not 1 <= args.budget <= MAX_BUDGET:
        raise RulesError(
            "budget",
            f"--budget is 1 to {MAX_BUDGET} (a number of playouts), not {args.budget}",
        )
    save: Path | None = None
    if not args.no_save:
        save = Path(os.path.expanduser(args.save)) if args.save else default_save_path()
    try:
        levels = split_bots(args.bots)
    except ValueError as e:
        raise RulesError("bots", str(e)) from None
    if args.resume is not None:
        _check_resume(args)
        path = Path(os.path.expanduser(args.resume)) if args.resume else default_save_path()
        if args.save is None and not args.no_save:
            save = path
        session = Session.resume(
            path,
            name=args.name,
            bots=levels,
            save_path=save,
            budget=args.budget,
        )
    else:
        session = Session.start(
            "500-rum" if args.preset is None else args.preset,
            parse_sets(args.set),
            levels or None,
            players=args.players,
            seed=None if args.seed is None else parse_seed(args.seed),
            name="You" if args.name is None else args.name,
            save_path=save,
            budget=args.budget,
        )
    if args.budget is not None:
        _check_budget(session.levels.values(), session.game.rules, len(session.game.players))
    return session


def _check_resume(args: argparse.Namespace) -> None:
    """Refuses what a resumed game cannot take: its record holds its rules, its players
    and its seed, so a preset, ``--set``, ``--players`` or ``--seed`` would be ignored."""
    from rummykit.errors import RulesError

    given = [
        what
        for what, there in (
            (f"the preset {args.preset or repr(args.preset)}", args.preset is not None),
            ("--set", bool(args.set)),
            ("--players", args.players is not None),
            ("--seed", args.seed is not None),
        )
        if there
    ]
    if given:
        raise RulesError(
            "resume",
            f"a resumed game keeps the rules, players and seed its record holds, so "
            f"{' and '.join(given)} would change nothing; they are for a new game (play "
            "without --resume)",
        )


def _check_budget(levels: Iterable[str], rules: Rules, players: int) -> None:
    """Refuses ``--budget`` where no opponent searches: it would change nothing."""
    from rummykit.errors import RulesError

    plays = {level: resolve_level(level, rules, players) for level in levels}
    if any(p in SEARCH_LEVELS for p in plays.values()):
        return
    what = "; ".join(
        level if p == level else f"{level}, which plays {p} here" for level, p in plays.items()
    )
    raise RulesError(
        "budget",
        f"--budget sets how hard the levels that search think ({searchers_text()}), and no "
        f"opponent here searches ({what})",
    )


def _error(text: str) -> None:
    """One line on standard error, prefixed by the command's name."""
    print(f"rummykit play: {' '.join(text.split())}", file=sys.stderr)


def _describe(error: RummyError) -> str:
    """A refusal in one line, naming the option or the rule behind it."""
    from rummykit.errors import RulesError

    if isinstance(error, RulesError):
        return error.message
    return f"{error.message} [{error.rule}]"


def run(args: argparse.Namespace) -> int:
    """Builds the game, runs the app, and says where the game was saved.

    Exit status: 0 after quitting (the game is saved, unless ``--no-save``); 1 when the
    game stopped on an internal error or saving failed during play; 2 for bad arguments,
    a bad record, a save file holding an unfinished game that neither ``--resume`` nor
    ``--new`` was given for, a save file that cannot be written, or no terminal.
    """
    from rummykit.tui.invocation import command_name
    from rummykit.tui.session import default_save_path, unfinished_game

    cmd = command_name()
    try:
        session = build_session(args)
    except RummyError as e:
        if args.resume is not None:
            where = args.resume or str(default_save_path())
            _error(f"cannot continue {where}: {_describe(e)}{_resume_hint(e, args, cmd)}")
        else:
            _error(_describe(e))
        return 2
    except FileNotFoundError as e:
        if args.resume is not None:
            wanted = Path(args.resume or default_save_path())
            save = "" if wanted == default_save_path() else f" --save {shlex.quote(str(wanted))}"
            _error(f"no saved game to continue in {e.filename}; start one with `{cmd} play{save}`")
        else:
            _error(f"cannot read {e.filename}: {e.strerror or e}")
        return 2
    except OSError as e:
        _error(f"cannot read {e.filename}: {e.strerror or e}")
        return 2
    path = session.save_path
    problem = None if path is None else _cannot_save(path)
    if problem is not None:
        _error(
            f"cannot save the game to {path}: {problem}; save it elsewhere with --save FILE, "
            "or play without saving with --no-save"
        )
        return 2
    resumed = None
    if args.resume is not None:
        resumed = Path(os.path.expanduser(args.resume)) if args.resume else default_save_path()
    if not args.new and path is not None and (resumed is None or _other(path, resumed)):
        # a game resumed is saved over itself; any other unfinished game is kept
        found = unfinished_game(path)
        if found is not None:
            lost, resumable = found
            save = "" if path == default_save_path() else f" --save {shlex.quote(str(path))}"
            if resumed is None:
                other = f"start a new game over it with: {cmd} play --new{save}"
            else:
                other = "save the game you resume to another file (--save FILE)"
            if resumable:
                advice = f"continue it with: {cmd} play --resume{_file_arg(path)}, or {other}"
            else:  # nothing there to continue: only another file, or replacing it
                advice = f"save to another file (--save FILE), or {other}"
            _error(f"{path} holds {lost}; {advice}")
            return 2
    if not _terminal():
        _error(
            "the game is played in a terminal, and standard input or output is not one "
            f"(bots play each other without one: {cmd} simulate)"
        )
        return 2
    if _dumb_terminal():
        _error(
            "the game needs a terminal that can draw a full screen, and TERM=dumb says "
            "this one cannot; set TERM to the terminal's type (e.g. TERM=xterm-256color) "
            f"or let bots play each other: {cmd} simulate"
        )
        return 2
    from rummykit.tui.app import PlayApp

    session.save()
    app = PlayApp(session, delay=args.delay, sort_by=args.sort, command=cmd)
    try:
        app.run()
    except Exception as e:  # the terminal or Textual failed outside the app's handlers
        app.crash = app.crash or e
    session = app.session  # "play again" starts a new session
    path = session.save_path
    status = 0
    if app.crash is not None:
        what = f"{type(app.crash).__name__}: {app.crash}"
        report = f"; details in {app.crash_report}" if app.crash_report else ""
        if path is not None and session.save_error is None:
            keep = f"; your game is saved: continue it with {cmd} play --resume{_file_arg(path)}"
        else:
            keep = ""
        _error(f"the game stopped on an internal error ({what}){report}{keep}")
        status = 1
    elif path is not None and not session.save_error:
        where = shlex.quote(str(path))
        if session.over:
            print(f"The game is over. Its record: {where} (see it with: {cmd} replay {where})")
        else:
            print(f"Game saved to {where}; continue it with: {cmd} play --resume{_file_arg(path)}")
    if session.save_error:
        _error(session.save_error)
        status = 1
    return status


def _resume_hint(error: RummyError, args: argparse.Namespace, cmd: str) -> str:
    """What to do instead, when ``--bots`` would change the levels a record names."""
    from rummykit.tui.session import LevelsKept

    if not isinstance(error, LevelsKept):
        return ""
    bots = shlex.quote(args.bots.strip())
    return (
        "; continue it without --bots, or play those levels in a new game saved "
        f"elsewhere: {cmd} play --bots {bots} --save FILE"
    )


def _cannot_save(path: Path) -> str | None:
    """Why no game can be saved as ``path`` (a folder there, or a file where its folder
    should be), or None."""
    if path.is_dir():
        return "it is a folder"
    found = blocker(path.parent)
    return None if found is None else f"{found} is not a folder"


def _other(path: Path, resumed: Path) -> bool:
    """Whether the game is saved somewhere else than the file it was resumed from."""
    return path.resolve() != resumed.resolve()  # both with ~ expanded where it names a user


def _terminal() -> bool:
    """Whether the full-screen game can be drawn and played here."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _dumb_terminal() -> bool:
    """Whether ``TERM`` says the terminal cannot move its cursor or show colours
    (``dumb``: Emacs shell buffers, some editors' consoles), where the full-screen game
    would write its escapes as text."""
    return os.environ.get("TERM", "").strip().lower() == "dumb"


def _file_arg(path: Path) -> str:
    """`` FILE`` for a command line, or nothing when ``path`` is the default save file."""
    from rummykit.tui.session import default_save_path

    if path == default_save_path():
        return ""
    return " " + shlex.quote(str(path))
