"""The ``rummykit`` command line. Each sub-command lives in its own module."""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import sys
from collections.abc import Sequence

from rummykit.cli import (
    docs_cmd,
    play_cmd,
    replay_cmd,
    rules_cmd,
    serve_cmd,
    simulate_cmd,
    tournament_cmd,
)
from rummykit.extras import install_hint

__all__ = ["main"]

_DESCRIPTION = """\
rummykit plays Rummy 500 and its family exactly by the rules.

The rules are in docs/rules.md, the game record format and the card and action notation
(7H, JK=8H, "meld 7H 8H 9H") in docs/notation.md. Each command has its own --help.
The docs/*.md guides the --help texts name come with rummykit: rummykit docs rules
shows docs/rules.md, rummykit docs lists them all.
"""

_EPILOG = """\
examples:
  rummykit play                      play 500 Rum against two bots in the terminal
  rummykit replay game.json          replay a game record and check every action
  rummykit rules remik-500           every option of a preset, explained
  rummykit simulate --games 100      bots against each other, with statistics
  rummykit tournament --players 16   a Remik multi-table tournament between bots
  rummykit docs rules                the rules, each with the id a refused action names
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="rummykit",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from rummykit import __version__

    parser.add_argument("--version", action="version", version=f"rummykit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play_cmd.add_parser(sub)
    replay_cmd.add_parser(sub)
    rules_cmd.add_parser(sub)
    simulate_cmd.add_parser(sub)
    serve_cmd.add_parser(sub)
    tournament_cmd.add_parser(sub)
    docs_cmd.add_parser(sub)
    return parser


#: The commands that need an optional part: (module it needs, the extra that installs it).
EXTRAS: dict[str, tuple[tuple[str, ...], str]] = {
    "play": (("textual", "rich"), "tui"),
    "simulate": (("openskill",), "sim"),
    # every module the server imports, and a WebSocket library for uvicorn (either one)
    "serve": (
        (
            *("starlette", "uvicorn", "sqlalchemy", "greenlet", "aiosqlite", "alembic"),
            *("platformdirs", "msgspec", "websockets|wsproto"),
        ),
        "server",
    ),
}


def _found(module: str) -> bool:
    """Whether ``module`` (or one of ``a|b``) can be imported."""
    return any(importlib.util.find_spec(name) is not None for name in module.split("|"))


def missing_extra(command: str) -> str | None:
    """What to install for ``command`` when an optional part it needs is missing."""
    modules, extra = EXTRAS.get(command, ((), ""))
    lacking = [m.replace("|", " or ") for m in modules if not _found(m)]
    if not lacking:
        return None
    return (
        f"it needs the '{extra}' extra, which is not installed ({', '.join(lacking)} missing):"
        f" {install_hint(extra)}"
    )


#: The options that name a file or a database: given, the name may not be empty.
NAMED_FILES = ("save", "db", "log", "records")


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    missing = missing_extra(args.command)
    if missing is not None:
        print(f"rummykit {args.command}: {missing}", file=sys.stderr)
        return 2
    for flag in NAMED_FILES:  # an empty name is no name, not the default one
        if getattr(args, flag, None) == "":
            print(f"rummykit {args.command}: --{flag} needs a file name", file=sys.stderr)
            return 2
    for stream in (sys.stdout, sys.stderr):
        # a name the terminal's encoding cannot show (Łukasz on a cp1252 console) is
        # written as \u0141ukasz rather than stopping the command
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (| head): what it wanted is written
        _drop_stdout()
        return 0
    except OSError as e:  # the output cannot be written: a full disk, a closed terminal
        _drop_stdout()
        where = f" ({e.filename})" if e.filename else ""
        print(f"rummykit {args.command}: {e.strerror or e}{where}", file=sys.stderr)
        return EXIT_IO
    return status


#: The exit status of a command whose output (or a file it writes) could not be
#: written: EX_IOERR of sysexits.h.
EXIT_IO = 74


def _drop_stdout() -> None:
    """Points standard output at the null device, so that the interpreter's last flush
    of what could not be written does not fail again at exit."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # no file descriptor (a test's captured output)
        pass
