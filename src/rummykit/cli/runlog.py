"""The log of a long run of ``rummykit simulate`` (``--log FILE``): one JSON object a
line, a game or a deal appended as it ends, each naming its run, read back to resume
the run where it stopped."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def load(path: Path, run: str, parse: Callable[[dict[str, Any]], T], foreign: str) -> list[T]:
    """The entries of run ``run`` saved in ``path`` (none if it does not exist), each read
    by ``parse``. A last line cut short (by an interruption) is dropped from the file; any
    other bad line, or one of another run (called ``foreign`` in the error: "a game of
    another match"), raises ``ValueError`` with its line number."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    out: list[T] = []
    for n, line in enumerate(lines, 1):
        try:
            doc = json.loads(line)
            if not isinstance(doc, dict) or doc.get("match") != run:
                raise ValueError(f"{foreign}, not of {run}")
            out.append(parse(doc))
        except ValueError as exc:
            if n == len(lines) and not text.endswith("\n"):
                path.write_text("".join(ln + "\n" for ln in lines[:-1]), encoding="utf-8")
                break
            raise ValueError(f"{path}:{n}: {exc}") from None
    return out


def append(path: Path, run: str, doc: dict[str, Any]) -> None:
    """Appends one entry of run ``run`` to ``path``."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"match": run, **doc}, separators=(",", ":")) + "\n")
