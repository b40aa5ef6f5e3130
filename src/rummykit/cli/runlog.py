"""The log of a long run of ``rummykit simulate`` (``--log FILE``): one JSON object a
line, a game or a deal appended as it ends, each naming its run, read back to resume
the run where it stopped."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rummykit.errors import RecordError
from rummykit.files import write_atomically
from rummykit.record import read_json

T = TypeVar("T")


def load(path: Path, run: str, parse: Callable[[dict[str, Any]], T], foreign: str) -> list[T]:
    """The entries of run ``run`` saved in ``path`` (none if it does not exist), each read
    by ``parse``, after making its folder (and the folders above) where missing and
    checking that ``path`` can be written. A last line cut short (by
    an interruption: not JSON, no newline, after entries of the run) is dropped from the
    file; any other bad line, or one of another run (called ``foreign`` in the error: "a
    game of another match"), raises ``ValueError`` with its line number, and so does a
    file that cannot be read or written, so that nothing is played to be lost."""
    if path.exists() and not path.is_file():  # a folder, /dev/zero: nothing to append to
        raise ValueError(f"{path}: cannot be a log: not a file")
    try:
        make_folder(path.parent)  # as simulate --records, tournament --record, play --save
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        with path.open("a", encoding="utf-8"):  # where games cannot be saved, say so now
            pass
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise ValueError(f"{path}: cannot be a log: {reason}") from None
    lines = text.splitlines()
    out: list[T] = []
    for n, line in enumerate(lines, 1):
        try:
            doc = read_json(line)  # NaN, Infinity and 1e999 are no numbers of a log
        except RecordError as exc:
            if n == len(lines) and out and not text.endswith("\n"):  # cut short
                # all or nothing: an interruption now must not lose the games saved
                write_atomically(path, "".join(ln + "\n" for ln in lines[:-1]))
                break
            raise ValueError(f"{path}:{n}: not a line of a log ({exc})") from None
        try:
            if not isinstance(doc, dict) or doc.get("match") != run:
                raise ValueError(f"{foreign}, not of {run}")
            out.append(parse(doc))
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: {exc}") from None
    return out


def blocker(folder: Path) -> Path | None:
    """The file that stands where ``folder`` or a folder above it should be, or None."""
    for p in (folder, *folder.parents):
        if p.exists():
            return None if p.is_dir() else p
    return None


def make_folder(folder: Path) -> None:
    """Makes ``folder`` and the folders above it where missing; raises ``OSError``, or
    ``NotADirectoryError`` naming the file that stands in the way."""
    found = blocker(folder)
    if found is not None:
        raise NotADirectoryError(errno.ENOTDIR, f"{found} is not a folder")
    folder.mkdir(parents=True, exist_ok=True)


def writable_folder(path: Path) -> None:
    """Makes folder ``path`` (and its parents) and checks that files can be written in
    it; raises ``ValueError`` naming it otherwise."""
    try:
        make_folder(path)
        probe = path / f".rummykit-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise ValueError(f"cannot write in {path}: {exc.strerror or exc}") from None


def append(path: Path, run: str, doc: dict[str, Any]) -> None:
    """Appends one entry of run ``run`` to ``path``."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"match": run, **doc}, separators=(",", ":")) + "\n")


def write_failed(exc: OSError, log: Path | None) -> str:
    """The message for a write to ``--log`` or ``--records`` that failed during a run (a
    full disk, a folder made read-only): what failed, and that what was saved stays."""
    where = f"{exc.filename}: " if exc.filename else ""
    kept = f"; the same command plays on from {log}" if log is not None else ""
    return (
        f"stopped: cannot write {where}{exc.strerror or exc} (everything saved before it "
        f"is kept{kept})"
    )
