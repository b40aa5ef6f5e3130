"""What the benchmark scripts share: their per-game logs (one JSON object a line,
appended as each game ends, read back to resume a run that was stopped) and playing
their games in one process or several."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rummykit.bots.parallel import run_tasks

T = TypeVar("T")
R = TypeVar("R")


def run_all(
    play: Callable[[T], R], tasks: Sequence[T], jobs: int, finished: Callable[[int, R], None]
) -> None:
    """Plays every task, in ``jobs`` processes (1: in this one, in order), and calls
    ``finished(k, result)`` as the ``k``-th result comes in (``play`` must be picklable
    where ``jobs`` > 1: a module-level function)."""
    count = itertools.count(1)
    run_tasks(play, [(t,) for t in tasks], jobs=jobs, finished=lambda r: finished(next(count), r))


def read_lines(path: Path, repair: bool = True) -> list[dict[str, Any]]:
    """The objects saved in ``path`` (none if it does not exist). A last line cut short by
    an interruption (or still being written) is dropped, and with ``repair`` removed from
    the file so that a run can append after it; any other bad line stops the run with its
    line number."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    out: list[dict[str, Any]] = []
    for n, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except ValueError as exc:  # json.JSONDecodeError is a ValueError
            if n == len(lines) and not text.endswith("\n"):
                if repair:
                    path.write_text("".join(ln + "\n" for ln in lines[:-1]), encoding="utf-8")
                break
            raise SystemExit(f"{path}:{n}: {exc}") from None
        if not isinstance(obj, dict):
            raise SystemExit(f"{path}:{n}: not a JSON object")
        out.append(obj)
    if repair and text and not text.endswith("\n") and len(out) == len(lines):
        with path.open("a", encoding="utf-8") as f:  # whole, but unended: end it
            f.write("\n")
    return out


def append_line(path: Path, obj: dict[str, Any]) -> None:
    """Appends ``obj`` to ``path`` as one line."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(obj, separators=(",", ":")) + "\n")
