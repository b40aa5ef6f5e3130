"""``rummykit replay FILE [--json]``: check a game record action by action."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rummykit.cli.table import describe_game
from rummykit.record import replay

_EPILOG = """\
exit status: 0 every action is legal; 1 an action breaks a rule (the replay stops
there and names the rule); 2 the file is not a valid record.
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "replay",
        help="replay a game record and check every action",
        description="Replays a game record (NOTATION.md), checking every action against "
        "the rules, and shows the table after each hand and the score sheet.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", help="the record (JSON); - reads standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object (NOTATION.md)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Replays and prints."""
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        message = f"cannot read {args.file}: {getattr(e, 'strerror', None) or e}"
        if args.json:
            print(json.dumps({"ok": False, "error": {"rule": "record.json", "message": message}}))
        else:
            print(f"rummykit replay: {message}", file=sys.stderr)
        return 2
    result = replay(text)
    if args.json:
        print(json.dumps(result.to_json()))
        return result.status
    if result.game is not None:
        print(describe_game(result.game))
    if result.error is not None:
        err = result.error
        where = (
            f"hand {err['hand']}, action {err['index']}: {err['action']}\n  "
            if "hand" in err
            else ""
        )
        print(f"refused: {where}[{err['rule']}] {err['message']}")
    return result.status
