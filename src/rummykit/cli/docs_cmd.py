"""``rummykit docs [TOPIC]``: the user guides that come with rummykit.

Every guide ``docs/*.md`` that a ``--help`` text names is installed with the package
(``src/rummykit/docs`` is a link to the repository's ``docs``, and the wheel takes its
files), so a user who installed rummykit with pip reads ``docs/rules.md`` with
``rummykit docs rules``, without the project's repository.
"""

from __future__ import annotations

import argparse
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

__all__ = ["add_parser", "guide", "run", "topics"]

_DESCRIPTION = """\
Shows the user guides that come with rummykit: the rules with the id each refused action
names, every option and preset, the game record format, the bots, the server, the
research environment. Without a topic, lists them with their titles.
"""

_EPILOG = """\
examples:
  rummykit docs                      the guides, a line each
  rummykit docs rules                the rules, each with its id ([discard.one] ...)
  rummykit docs notation | less      the record format, a page at a time
  rummykit docs docs/options.md      a name as --help texts write it works too
  rummykit docs rules --path         where the file is, to open it in an editor or viewer

The guides are Markdown text: headings begin with #, code is set in `backquotes`.
"""


def _folder() -> Traversable:
    return files("rummykit") / "docs"


def topics() -> dict[str, str]:
    """Each guide's topic (its file name without ``.md``) and title (its first line).

    >>> topics()["rules"]
    'The rules as rummykit plays them'
    """
    found: dict[str, str] = {}
    folder = _folder()
    if not folder.is_dir():  # built from a checkout without symbolic links (git on Windows)
        raise FileNotFoundError(
            f"the guides were not installed with this copy of rummykit (no {folder}); "
            "reinstall it from a wheel or a checkout that has them"
        )
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.endswith(".md"):
            first = item.read_text(encoding="utf-8").split("\n", 1)[0]
            found[item.name.removesuffix(".md")] = first.lstrip("# ").replace("`", "")
    return found


def guide(topic: str) -> Traversable:
    """The guide named ``topic`` (``rules``, ``rules.md`` or ``docs/rules.md``). Raises
    ``KeyError`` naming the topics for an unknown one."""
    name = topic.strip().removeprefix("docs/").removesuffix(".md")
    known = topics()
    if name not in known:
        raise KeyError(f"no guide is called {topic!r}; the guides are {', '.join(known)}")
    return _folder() / f"{name}.md"


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "docs",
        help="read the guides: rules, options, notation, bots, server ...",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("topic", nargs="?", help="the guide to show (default: list them)")
    p.add_argument("--path", action="store_true", help="print the guide's file path instead")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Lists the guides or prints one; returns the exit status (0, or 2 for an unknown
    topic or guides that were not installed)."""
    try:
        return _show(args)
    except FileNotFoundError as e:
        print(f"rummykit docs: {e}", file=sys.stderr)
        return 2


def _show(args: argparse.Namespace) -> int:
    if args.topic is None:
        known = topics()
        width = max(map(len, known))
        print("The guides that come with rummykit (rummykit docs TOPIC shows one):")
        for name, title in known.items():
            print(f"  {name:<{width}}  {title}")
        if args.path:
            print(f"in {_folder()}")
        return 0
    try:
        found = guide(args.topic)
    except KeyError as e:
        print(f"rummykit docs: {e.args[0]}", file=sys.stderr)
        return 2
    print(
        str(found) if args.path else found.read_text(encoding="utf-8"),
        end="\n" if args.path else "",
    )
    return 0
