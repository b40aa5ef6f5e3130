"""The ``rummykit`` command line. Each sub-command lives in its own module."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummykit.cli import play_cmd, replay_cmd, rules_cmd, simulate_cmd

__all__ = ["main"]

_DESCRIPTION = """\
rummykit plays Rummy 500 and its family exactly by the rules.

examples:
  rummykit rules                     the options of 500 Rum (the default preset)
  rummykit rules remik-500           the options of another preset
  rummykit replay game.json          replay a game record and show each hand
  rummykit replay game.json --json   the same, as JSON for programs (exit 0/1/2)
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = argparse.ArgumentParser(
        prog="rummykit",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from rummykit import __version__

    parser.add_argument("--version", action="version", version=f"rummykit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play_cmd.add_parser(sub)
    replay_cmd.add_parser(sub)
    rules_cmd.add_parser(sub)
    simulate_cmd.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 0
    try:
        status: int = args.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return status
