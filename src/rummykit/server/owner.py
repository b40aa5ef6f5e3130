"""One server per database: the server holds a lock on its database while it runs.

Two servers on one database each keep their own tables in memory and each writes what it
alone knows: the same seat sold twice, a move refused on one that the other logged
(docs/server.md). So a server takes, at start, a lock that a second one cannot:

- SQLite: an exclusive ``flock`` on a file beside the database (``<file>.lock``, kept);
  the system drops it when the process ends, however it ends. The database's path is
  resolved first (symbolic links, ``..``, a relative path), so that the same file named
  another way has the same lock;
- PostgreSQL: a session advisory lock (``pg_try_advisory_lock``), held by a connection
  of its own: dropped when that connection closes, the server's end included, and when
  it is cut (the database restarts): the server takes it again (:meth:`DatabaseLock.keep`,
  at each sweep, every minute).

Where neither applies (SQLite on a system without ``fcntl``), no lock is taken.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]

__all__ = ["DatabaseInUse", "DatabaseLock"]

#: The advisory lock's key on PostgreSQL: "rummykit" read as a number.
PG_KEY = int.from_bytes(b"rummykit", "big") >> 1


class DatabaseInUse(RuntimeError):
    """Another server holds the database's lock."""


class DatabaseLock:
    """The lock of one server on its database; :meth:`take` it, then :meth:`release`."""

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._conn: AsyncConnection | None = None
        #: PostgreSQL's engine, while the lock is this server's to hold (see :meth:`keep`)
        self._engine: AsyncEngine | None = None

    async def take(self, engine: AsyncEngine) -> None:
        """Takes the lock of the database ``engine`` connects to; raises
        :class:`DatabaseInUse` if another server holds it."""
        url = engine.url
        if url.get_backend_name() == "sqlite":
            if fcntl is not None and url.database and url.database != ":memory:":
                # the file itself, however it is named: through a link, or relative
                self._lock_file(Path(url.database).resolve())
            return
        # in autocommit: the connection holds the lock, not a transaction left open
        conn = await (await engine.connect()).execution_options(isolation_level="AUTOCOMMIT")
        try:
            held = await conn.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": PG_KEY})
        except BaseException:
            await conn.close()
            raise
        if not held:
            await conn.close()
            raise DatabaseInUse(_IN_USE)
        self._conn, self._engine = conn, engine

    async def keep(self) -> None:
        """Takes the lock again where its connection was cut (PostgreSQL restarted, a
        network blip): the lock went with it. Raises :class:`DatabaseInUse` if another
        server took it meanwhile, and what connecting raises while the database is
        still away; it tries again at the next call. (An SQLite file's lock holds while
        the server runs.)"""
        engine = self._engine
        if engine is None:
            return
        if self._conn is not None:
            try:
                await self._conn.scalar(text("SELECT 1"))
                return
            except Exception:
                with contextlib.suppress(Exception):
                    await self._conn.invalidate()
                self._conn = None
        await self.take(engine)

    def _lock_file(self, database: Path) -> None:
        path = database.with_name(database.name + ".lock")
        handle = open(path, "ab")  # noqa: SIM115 - held open while the server runs
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise DatabaseInUse(f"{_IN_USE} (it holds {path})") from None
        except BaseException:
            handle.close()
            raise
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        self._file = handle

    async def release(self) -> None:
        """Lets the lock go (once the server has stopped writing)."""
        if self._file is not None:
            self._file.close()  # closing the file drops its flock
            self._file = None
        self._engine = None
        if self._conn is not None:
            with contextlib.suppress(Exception):  # a connection that is gone held nothing
                await self._conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": PG_KEY})
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None


_IN_USE = (
    "another rummykit server uses this database: stop it first, or give this one a "
    "database of its own (--db)"
)
