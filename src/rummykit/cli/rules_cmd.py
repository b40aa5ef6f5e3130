"""``rummykit rules [PRESET]``: the options of a preset, or of every preset.

For one preset each option is shown with its value, a one-line explanation and the values
it takes (:data:`rummykit.rules.OPTION_HELP`); ``--json`` adds them under
``"descriptions"``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from rummykit.rules import OPTION_HELP, OPTION_KEYS, PRESETS, Rules

__all__ = ["add_parser", "parse_option_value", "run"]

_DESCRIPTION = """\
Shows every option of a preset: its value, what it means and the values it takes.
The rules themselves are in docs/rules.md; docs/options.md explains every option and preset.
"""

_EPILOG = f"""\
examples:
  rummykit rules remik-500                     every option of Remik 500, explained
  rummykit rules                               the options of every preset, one after another
  rummykit rules 500-rum --set going_out=floating --set rummy_call=off
                                               options set on top of a preset
  rummykit rules wrotham --json                as JSON, with "descriptions" of each option

presets: {", ".join(PRESETS)}
Every option can be set on top of a preset, in a record's "options" (docs/notation.md),
with --set KEY=VALUE here, or with --set in rummykit play and rummykit simulate.
"""


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "rules",
        help="show and explain the options of a preset",
        description=_DESCRIPTION,
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
    """Reads an option value typed on the command line (numbers, true/false, null, text).

    >>> parse_option_value("300"), parse_option_value("floating"), parse_option_value("null")
    (300, 'floating', None)

    No option takes a fraction, so a number written with a point or an exponent, and
    NaN, stay the text typed, which the option's check then names as it was typed:

    >>> parse_option_value("1e3"), parse_option_value("7.0"), parse_option_value("NaN")
    ('1e3', '7.0', 'NaN')
    """
    try:
        return json.loads(text, parse_float=str, parse_constant=str)
    except (ValueError, RecursionError):  # not JSON (or hostile JSON): the text itself
        return text


def parse_sets(items: Sequence[str]) -> dict[str, Any]:
    """The options of ``--set KEY=VALUE`` arguments (every command that takes rules).
    Raises :class:`~rummykit.errors.RulesError` for an item that is not KEY=VALUE.

    >>> parse_sets(["target=300", " going_out = floating "])
    {'target': 300, 'going_out': 'floating'}
    """
    from rummykit.errors import RulesError

    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RulesError("set", f"--set takes KEY=VALUE, not {item!r}")
        options[key.strip()] = parse_option_value(value.strip())
    return options


def _shown(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def _hand_sizes(name: str) -> str:
    r = Rules.preset(name)
    sizes = {n: r.hand_size_for(n) for n in range(r.min_players, r.max_players + 1)}
    return "null (" + ", ".join(f"{n}p: {s}" for n, s in sizes.items()) + ")"


def _explained(name: str, opts: dict[str, Any]) -> list[str]:
    """One preset's options, each with its value, then its explanation and values."""
    lines = [f"{name} ({opts['players']} players)"]
    for key in OPTION_KEYS:
        value = opts[key]
        shown = _hand_sizes(name) if key == "hand_size" and value is None else _shown(value)
        info = OPTION_HELP[key]
        lines.append(f"  {key} = {shown}")
        lines.append(f"      {info.description}")
        lines.append(f"      values: {info.values}")
    return lines


def _listed(out: dict[str, dict[str, Any]]) -> list[str]:
    """Every preset's option values, one line each, without the explanations."""
    width = max(len(k) for k in ("players", *OPTION_KEYS))
    lines: list[str] = []
    for name, opts in out.items():
        lines.append(name)
        for key, value in opts.items():
            shown = _hand_sizes(name) if key == "hand_size" and value is None else _shown(value)
            lines.append(f"  {key:<{width}}  {shown}")
        lines.append("")
    lines.append("rummykit rules PRESET explains each option and the values it takes.")
    return lines


def run(args: argparse.Namespace) -> int:
    """Prints the options; returns 0, or 2 for an unknown preset or a bad option."""
    from rummykit.errors import RulesError

    names = [args.preset] if args.preset is not None else list(PRESETS)
    out: dict[str, dict[str, Any]] = {}
    try:
        options = parse_sets(args.set)
        for name in names:
            rules = Rules.preset(name, **options)
            out[name] = {
                "players": f"{rules.min_players}-{rules.max_players}",
                **rules.options(),
            }
    except RulesError as e:
        print(f"rummykit rules: {e.message}", file=sys.stderr)
        return 2
    if args.json:
        descriptions = {key: OPTION_HELP[key].to_json() for key in OPTION_KEYS}
        for opts in out.values():
            opts["descriptions"] = descriptions
        print(json.dumps(out if args.preset is None else out[args.preset], indent=2))
        return 0
    lines = _explained(args.preset, out[args.preset]) if args.preset else _listed(out)
    print("\n".join(lines))
    return 0
