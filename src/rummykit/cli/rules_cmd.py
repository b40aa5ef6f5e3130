"""``rummykit rules [PRESET]``: the options of a preset, or of every preset."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rummykit.rules import OPTION_KEYS, PRESETS, Rules

_EPILOG = """\
Every option can be set on top of a preset, in a record's "options" or with
--set KEY=VALUE here, for example:
  rummykit rules 500-rum --set going_out=floating --set rummy_call=off
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "rules",
        help="show the options of a preset",
        description="Shows every option of a preset (RULES.md section 9).",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("preset", nargs="?", help=f"one of: {', '.join(PRESETS)} (default: all)")
    p.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="set an option on top"
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def parse_option_value(text: str) -> Any:
    """Reads an option value typed on the command line (numbers, true/false, null, text)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def run(args: argparse.Namespace) -> int:
    """Prints the options."""
    from rummykit.errors import RulesError

    names = [args.preset] if args.preset else list(PRESETS)
    out: dict[str, dict[str, Any]] = {}
    try:
        options: dict[str, Any] = {}
        for item in args.set:
            key, sep, value = item.partition("=")
            if not sep:
                raise RulesError(item, f"--set takes KEY=VALUE, not {item!r}")
            options[key.strip()] = parse_option_value(value.strip())
        for name in names:
            rules = Rules.preset(name, **options)
            out[name] = {
                "players": f"{rules.min_players}-{rules.max_players}",
                **rules.options(),
            }
    except RulesError as e:
        print(f"rummykit rules: {e.message}")
        return 2
    if args.json:
        print(json.dumps(out if args.preset is None else out[args.preset], indent=2))
        return 0
    width = max(len(k) for k in ("players", *OPTION_KEYS))
    for name, opts in out.items():
        print(name)
        for key, value in opts.items():
            shown = (
                "null"
                if value is None
                else str(value).lower()
                if isinstance(value, bool)
                else value
            )
            if key == "hand_size" and value is None:
                r = Rules.preset(name)
                sizes = {n: r.hand_size_for(n) for n in range(r.min_players, r.max_players + 1)}
                shown = "null (" + ", ".join(f"{n}p: {s}" for n, s in sizes.items()) + ")"
            print(f"  {key:<{width}}  {shown}")
        print()
    return 0
