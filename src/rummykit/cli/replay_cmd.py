"""``rummykit replay FILE [--json] [--show-hands]``: check a game record action by action.

Whatever the file holds, the command answers with an exit status and a message naming
the rule, never a traceback: 0 every action is legal, 1 an action breaks a rule, 2 the
file is not a valid record (``record.*``). The hands of a game in progress are secret:
the people-readable output hides them unless ``--show-hands`` is given.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rummykit import Hand
from rummykit.cards import format_cards
from rummykit.cli.table import describe_game
from rummykit.errors import RummyError
from rummykit.game import Game
from rummykit.melds import format_meld
from rummykit.record import ReplayResult, read_file, replay

__all__ = ["HIDDEN_NOTE", "add_parser", "run"]

_DESCRIPTION = """\
Replays a game record, checking every action against the rules, and shows the table
after each hand and the score sheet. The record format is described in docs/notation.md,
the rules every action is checked against in docs/rules.md.
"""

_EPILOG = """\
examples:
  rummykit replay game.json                   the table after each hand, the score sheet
  rummykit replay game.json --json            one JSON object for programs (docs/notation.md)
  rummykit replay ~/.rummykit/last-game.json --show-hands
                                              a game in progress, every hand shown
  rummykit replay - < game.json               read the record from standard input

While a game is in progress (its last hand unfinished) the cards in the players' hands
are secret: they are hidden unless --show-hands is given.

exit status: 0 every action is legal; 1 an action breaks a rule (the replay stops
there and names the rule); 2 the file is not a valid record.
"""

#: The line printed when the hands of a game in progress are hidden.
HIDDEN_NOTE = "hands hidden: the game is in progress; --show-hands shows them"


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "replay",
        help="replay a game record and check every action",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", help="the record (JSON); - reads standard input")
    p.add_argument("--json", action="store_true", help="print one JSON object (docs/notation.md)")
    p.add_argument(
        "--show-hands",
        action="store_true",
        help="show the players' cards of an unfinished hand too (they are secret)",
    )
    p.set_defaults(run=run)


def printable(text: str) -> str:
    """``text`` with every unprintable character escaped (``\\x1b``, ``\\n``, ``\\ud800``).

    Record texts are input: printed raw, an escape sequence in them would drive the
    terminal, and a lone surrogate would make printing fail.

    >>> printable("Ben: discard 7H\\x1b[2J")
    'Ben: discard 7H\\\\x1b[2J'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def in_progress(game: Game) -> bool:
    """Whether the game's last hand has not ended (its hands are then secret)."""
    return bool(game.hands) and not game.hands[-1].is_over


def describe_public_hand(hand: Hand) -> str:
    """The table of an unfinished hand as everyone at it sees it: melds, pile, stock,
    and how many cards each player holds, but not which."""
    lines = [f"Hand {hand.number} (dealer {hand.name(hand.dealer)})"]
    for i, m in enumerate(hand.melds, start=1):
        owners = sorted({hand.name(o) for o in m.owners})
        lines.append(f"  meld {i:>2}: {format_meld(m):<40} by {', '.join(owners)}")
    lines.append(f"  pile   : {format_cards(hand.pile) or '-'}   stock: {len(hand.stock)}")
    for seat, cards in enumerate(hand.hands):
        count = len(cards)
        lines.append(f"  {hand.name(seat):<10} {count} card{'' if count == 1 else 's'}")
    lines.append("  (the record stops inside this hand)")
    return "\n".join(lines)


def describe(game: Game, show_hands: bool) -> str:
    """Every hand's table and the score sheet, hiding the cards held in an unfinished
    hand unless ``show_hands``."""
    if show_hands or not in_progress(game):
        return describe_game(game)
    return describe_game(game, last=describe_public_hand) + "\n\n" + HIDDEN_NOTE


def _fail(args: argparse.Namespace, rule: str, message: str) -> int:
    if args.json:
        print(json.dumps({"ok": False, "error": {"rule": rule, "message": message}}))
    else:
        print(f"rummykit replay: {printable(message)} [{rule}]", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    """Replays and prints; returns the exit status (0, 1 or 2)."""
    try:
        data = read_file(args.file)
    except OSError as e:
        shown = args.file or "''"
        return _fail(args, "record.json", f"cannot read {shown}: {e.strerror or e}")
    except RummyError as e:
        return _fail(args, e.rule, e.message)
    result: ReplayResult = replay(data)
    if args.json:
        print(json.dumps(result.to_json()))
        return result.status
    if result.status == 2 and result.error is not None:
        what = "standard input" if args.file == "-" else args.file
        return _fail(
            args, result.error["rule"], f"{what} is not a valid record: {result.error['message']}"
        )
    if result.game is not None:
        print(describe(result.game, args.show_hands))
    if result.error is not None:
        err = result.error
        where = (
            # counted from 1, as hands are (--json's "index" counts from 0)
            f"hand {err['hand']}, action {err['index'] + 1}: {printable(err['action'])}\n  "
            if "hand" in err
            else ""
        )
        print(f"refused: {where}[{err['rule']}] {printable(err['message'])}")
    return result.status
