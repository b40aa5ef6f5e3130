"""Files the commands write whole: all or nothing, so that an interruption or a full
disk never leaves a saved game, a record or a log cut short."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomically"]


def _umask() -> int:
    """The process's umask (read by setting it, and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _fsync_directory(directory: Path) -> None:
    """Flushes a directory's entries (the rename) to the disk, where the system allows."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # e.g. Windows: directories cannot be opened
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on a directory
    finally:
        os.close(fd)


def write_atomically(path: Path, text: str) -> None:
    """Replaces ``path`` by a file holding ``text`` (UTF-8), all or nothing.

    Writes a temporary file beside ``path``, flushes and fsyncs it, renames it over
    ``path`` with :func:`os.replace` and fsyncs the directory. Raises ``OSError``; the
    temporary file never outlives a failure. A ``path`` that is there but is no regular
    file (``/dev/full``, a named pipe) is written in place: a rename would put a file
    where the device was. A symbolic link is written through (its target replaced, the
    link kept), and the file keeps its permissions, or a new one gets the umask's, as
    :func:`open` would make it (not the temporary file's 0600).
    """
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    if path.exists() and not path.is_file():
        with path.open("w", encoding="utf-8") as f:
            f.write(text)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o7777 if path.exists() else 0o666 & ~_umask()
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp: Path | None = Path(name)
    try:
        try:
            f = os.fdopen(fd, "w", encoding="utf-8")
        except BaseException:
            os.close(fd)
            raise
        with f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(name, mode)
        os.replace(name, path)
        tmp = None
        _fsync_directory(path.parent)
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                tmp.unlink()
