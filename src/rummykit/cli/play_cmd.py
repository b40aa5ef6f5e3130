"""``rummykit play``: a whole game against bots in the terminal (the app is in rummykit.tui)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rummykit.cli.rules_cmd import parse_option_value
from rummykit.rules import PRESETS

_DESCRIPTION = """\
Play a whole game of Rummy 500 (or another preset) against computer opponents.
You play with short commands typed at the prompt, with Tab completion of card names:

  draw                 take the top card of the stock          (d, or F5)
  take 3 / take 7H     take the pile down to the 3rd card from the top / to 7H
  meld 7H 8H 9H        put down a meld (jokers: JK=TH in a run, JK=9 in a group)
  layoff 6H to 1       add 6H to table meld 1                  (l 6H 1)
  swap 7H in 2         take the joker of meld 2 that stands for 7H
  discard 7H           end your turn                           (x 7H)
  rummy 2 / pass       call Rummy or let it go, when a call is offered to you
  end                  the stock is empty and you do not take from the pile
  hint  undo  sort  help  quit                       (F2 F3 F4 F1, ctrl+q)

A refused action names the rule that forbids it and changes nothing. Undo takes back
your last action while nobody has acted since, never a draw from the stock.
"""

_EPILOG = f"""\
examples:
  rummykit play                                 500 Rum against two heuristic bots
  rummykit play --bots greedy,heuristic,ismcts  four players, one bot of each level
  rummykit play --players 5                     five players (two packs), heuristic bots
  rummykit play remik-500 --seed 42             Remik 500, a deal you can play again
  rummykit play --set rummy_call=off --set going_out=floating
  rummykit play --resume                        continue the last game
  rummykit play --resume game.json --delay 0    continue a saved game, bots at once
  rummykit replay ~/.rummykit/last-game.json    show a saved game hand by hand

presets: {", ".join(PRESETS)}   (rummykit rules PRESET shows their options)
bot levels: random, greedy, heuristic (default), montecarlo, ismcts

The game is saved after every action as a game record (NOTATION.md) to
~/.rummykit/last-game.json ($RUMMYKIT_SAVE overrides it), or to --save FILE.
Colours follow the terminal; set NO_COLOR=1 for none.
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
    p.add_argument("preset", nargs="?", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="set an option on top"
    )
    p.add_argument(
        "--bots",
        default="",
        metavar="LEVEL,...",
        help="each opponent's level, comma-separated (default: heuristic for each)",
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="number of players, you included (default: one more than --bots lists, "
        "or 3; missing levels repeat the last one)",
    )
    p.add_argument("--seed", help="seed of the deals (default: random; shown on screen)")
    p.add_argument("--name", default="You", help="your name at the table (default: You)")
    p.add_argument(
        "--delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause before each bot action so you can follow (default: 0.6; 0: none)",
    )
    p.add_argument(
        "--budget", type=int, metavar="N", help="effort of the montecarlo and ismcts bots"
    )
    p.add_argument(
        "--sort", choices=("suit", "rank"), default="suit", help="how your hand is sorted"
    )
    p.add_argument(
        "--save",
        metavar="FILE",
        help="where the game record is saved as it goes (default: ~/.rummykit/last-game.json)",
    )
    p.add_argument("--no-save", action="store_true", help="do not save the game")
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="FILE",
        help="continue a saved game (default FILE: the save file)",
    )
    p.set_defaults(run=run)


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.lstrip("-").isdigit() else text


def build_session(args: argparse.Namespace) -> Any:
    """The :class:`rummykit.tui.session.Session` the arguments ask for.

    Raises :class:`~rummykit.errors.RummyError` or ``OSError`` with a message for people.
    """
    from rummykit.errors import RulesError
    from rummykit.tui.session import Session, default_save_path

    save: Path | None = None
    if not args.no_save:
        save = Path(args.save).expanduser() if args.save else default_save_path()
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.resume is not None:
        path = Path(args.resume).expanduser() if args.resume else default_save_path()
        if args.save is None and not args.no_save:
            save = path
        return Session.resume(
            path,
            name=args.name if args.name != "You" else None,
            default_level=levels[-1] if levels else "heuristic",
            save_path=save,
            budget=args.budget,
        )
    options: dict[str, Any] = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep:
            raise RulesError(item, f"--set takes KEY=VALUE, not {item!r}")
        options[key.strip()] = parse_option_value(value.strip())
    return Session.start(
        args.preset,
        options,
        levels or None,
        players=args.players,
        seed=_seed(args.seed),
        name=args.name,
        save_path=save,
        budget=args.budget,
    )


def run(args: argparse.Namespace) -> int:
    """Builds the game, runs the app, and says where the game was saved."""
    from rummykit.errors import RummyError

    try:
        session = build_session(args)
    except RummyError as e:
        print(f"rummykit play: {e.message}")
        return 2
    except OSError as e:
        print(f"rummykit play: cannot read {e.filename}: {e.strerror or e}")
        return 2
    from rummykit.tui.app import PlayApp

    session.save()
    app = PlayApp(session, delay=max(0.0, args.delay), sort_by=args.sort)
    app.run()
    if session.save_path is not None:
        if session.save_error:
            print(f"rummykit play: {session.save_error}")
            return 1
        where = session.save_path
        if session.over:
            print(f"The game is over. Its record: {where} (rummykit replay {where})")
        else:
            print(f"Game saved to {where}; continue it with: rummykit play --resume {where}")
    return 0
