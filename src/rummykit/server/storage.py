"""The server's durable store (SQLAlchemy 2, async): tables, seats, games and the log.

Every change a table makes goes through one :class:`Store` method, in one transaction.
:meth:`Store.append_action` is the durability point: the server acknowledges an action
only after it returns, so an acknowledged action is always replayed after a restart.

SQLite (the default) runs in WAL mode with ``synchronous=FULL`` (a committed action
survives a power cut) and a busy timeout; PostgreSQL runs through asyncpg.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import bindparam, delete, event, insert, select, update
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from rummykit.server.commits import GroupCommit
from rummykit.server.migrate import upgrade
from rummykit.server.models import actions, games, hands, seats, tables
from rummykit.server.owner import DatabaseLock

__all__ = [
    "ActionRow",
    "GameRow",
    "HandRow",
    "SeatRow",
    "StorageError",
    "Store",
    "TableRow",
    "TableState",
    "is_reference",
    "now",
    "storage_failure",
]

#: The longest table id, code or game id looked up (ids are 32 and 16 hex digits).
MAX_REFERENCE = 64


def is_reference(ref: str) -> bool:
    """Whether ``ref`` can name a table or a game: 1 to 64 ASCII letters and digits.

    Anything else names nothing and is not sent to the database (PostgreSQL refuses a NUL
    in a string with an error rather than finding no row).

    >>> is_reference("ABCDEF"), is_reference("a b"), is_reference("Zoë"), is_reference("")
    (True, False, False, False)
    """
    return 0 < len(ref) <= MAX_REFERENCE and ref.isascii() and ref.isalnum()


def now() -> dt.datetime:
    """The current time, in UTC."""
    return dt.datetime.now(dt.UTC)


def _utc(value: dt.datetime) -> dt.datetime:
    # SQLite gives back naive datetimes: they were written in UTC
    return value if value.tzinfo else value.replace(tzinfo=dt.UTC)


@dataclass
class SeatRow:
    """A seat: ``kind`` is open, person or bot."""

    seat: int
    kind: str
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    away: bool = False
    #: the turn clock the person's leaving stopped, as :func:`rummykit.server.seating.stop`
    #: writes it (None: none)
    stopped: dict[str, Any] | None = None
    #: the hash of the key the person's join carried (None: none), so that the same join
    #: sent again (its answer lost) gets the seat back (:func:`rummykit.server.seating.join`)
    key_hash: str | None = None


@dataclass
class TableRow:
    """A table's settings and where it stands."""

    id: str
    code: str
    preset: str
    options: dict[str, Any]
    clock: int | None
    status: str
    seq: int = 0
    game_id: str | None = None
    created_at: dt.datetime = field(default_factory=now)
    updated_at: dt.datetime = field(default_factory=now)
    clock_seat: int | None = None
    clock_deadline: dt.datetime | None = None


@dataclass
class GameRow:
    """A game's record header; ``record`` and ``result`` once it is over."""

    id: str
    table_id: str
    number: int
    preset: str
    options: dict[str, Any]
    players: list[str]
    seed: int | str
    first_seq: int
    started_at: dt.datetime = field(default_factory=now)
    finished_at: dt.datetime | None = None
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None


@dataclass
class HandRow:
    """A hand's dealer (a name) and deal, as the record writes them."""

    number: int
    dealer: str
    deal: dict[str, Any]


@dataclass
class ActionRow:
    """One logged action; ``event`` is its wire form as the acting seat saw it."""

    seq: int
    game_id: str
    hand: int
    seat: int
    action: str
    by: str
    event: dict[str, Any]
    reshuffle: list[str] | None = None


@dataclass
class TableState:
    """Everything needed to bring a table back: its row, seats, current game and log."""

    table: TableRow
    seats: list[SeatRow]
    game: GameRow | None
    hands: list[HandRow]
    actions: list[ActionRow]


def default_url() -> str:
    """SQLite in the user's data directory (made if missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("rummykit", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'server.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in (
        "journal_mode=WAL",
        "synchronous=FULL",
        "foreign_keys=ON",
        "busy_timeout=30000",
    ):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _game(row: Any) -> GameRow:
    return GameRow(
        id=row.id,
        table_id=row.table_id,
        number=row.number,
        preset=row.preset,
        options=dict(row.options),
        players=list(row.players),
        seed=row.seed,
        first_seq=row.first_seq,
        started_at=_utc(row.started_at),
        finished_at=None if row.finished_at is None else _utc(row.finished_at),
        result=row.result,
        record=getattr(row, "record", None),  # not selected by a listing
    )


@dataclass
class Append:
    """One action to log, with what it changed (see :meth:`Store.append_action`)."""

    table_id: str
    row: ActionRow
    dealt: HandRow | None
    finished: GameRow | None
    clock: tuple[int | None, dt.datetime | None]


def _latest_per_table(batch: list[Append]) -> list[Append]:
    """Each table's last action in ``batch`` (a table's actions come in order)."""
    return list({a.table_id: a for a in batch}.values())


class StorageError(Exception):
    """The database failed under an operation of the :class:`Store` (down, unreachable,
    or refusing): raised from the driver's own exception, which it names."""


def storage_failure(exc: BaseException | None) -> bool:
    """Whether ``exc`` is the database failing: a :class:`StorageError` of the store, or
    an exception raised from one (the server says ``server.storage``: try again)."""
    seen = 0
    while exc is not None and seen < 8:
        if isinstance(exc, StorageError):
            return True
        exc, seen = exc.__cause__, seen + 1
    return False


_P = ParamSpec("_P")
_T = TypeVar("_T")


async def _seat_rows(conn: AsyncConnection, table_id: str) -> list[SeatRow]:
    """A table's seats, in seat order."""
    found = await conn.execute(
        select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    )
    return [
        SeatRow(r.seat, r.kind, r.name, r.level, r.token_hash, r.away, r.stopped, r.key_hash)
        for r in found
    ]


def _stored(fn: Callable[_P, Awaitable[_T]]) -> Callable[_P, Awaitable[_T]]:
    """An operation of the store whose failures are :class:`StorageError`: what fails
    inside one is the database, whatever the driver raised, so that a caller can tell it
    from its own failures (the server answers ``server.storage`` for one, and
    ``server.internal`` for the rest)."""

    @functools.wraps(fn)
    async def run(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return await fn(*args, **kwargs)
        except StorageError:
            raise
        except Exception as e:
            raise StorageError(f"{fn.__name__} failed: {type(e).__name__}") from e

    return run


def _sqlite_workers() -> set[threading.Thread]:
    """The worker threads of aiosqlite's connections now running."""
    return {
        t
        for t in threading.enumerate()
        if t.name.endswith("(_connection_worker_thread)") and t.is_alive()
    }


async def _workers_stopped(before: set[threading.Thread], timeout: float = 1.0) -> None:
    """Waits (at most ``timeout`` seconds) for the aiosqlite worker threads started since
    ``before`` to stop. A connection that failed to open stops its thread with a message
    answered through the event loop: were the loop closed first (a command that gives up
    at once), the thread would die printing a traceback after the command's own error."""
    deadline = time.monotonic() + timeout
    while _sqlite_workers() - before and time.monotonic() < deadline:
        await asyncio.sleep(0.01)


class Store:
    """The database behind the server. Build it with :meth:`open`."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        #: the action log's writer: actions logged at once share a transaction
        self.commits: GroupCommit[Append] = GroupCommit(
            self._write_appends, alone=lambda e: isinstance(e, IntegrityError)
        )

    @classmethod
    async def open(cls, url: str | None = None, lock: DatabaseLock | None = None) -> Store:
        """Connects to ``url`` (default: :func:`default_url`), takes ``lock`` on the
        database (before the migrations: a second server must not change the schema
        under the first) and runs the migrations.

        ``sqlite+aiosqlite:///path`` or ``postgresql+asyncpg://user@host/db``.
        """
        url = url or default_url()
        parsed = make_url(url)
        workers = _sqlite_workers()
        if parsed.get_backend_name() == "sqlite":
            engine = create_async_engine(url, connect_args={"timeout": 30})
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        else:
            engine = create_async_engine(url, pool_pre_ping=True)
        try:
            if lock is not None:
                await lock.take(engine)
            await upgrade(engine)
        except BaseException:
            if lock is not None:
                await lock.release()
            await engine.dispose()
            await _workers_stopped(workers)
            raise
        return cls(engine)

    async def close(self) -> None:
        """Closes every connection."""
        await self.engine.dispose()

    # ------------------------------------------------------------------ writes
    @_stored
    async def create_table(self, table: TableRow, table_seats: list[SeatRow]) -> None:
        """Writes a new table and its seats."""
        async with self.engine.begin() as conn:
            stamp = now()
            await conn.execute(
                insert(tables).values(
                    id=table.id,
                    code=table.code,
                    preset=table.preset,
                    options=table.options,
                    clock=table.clock,
                    status=table.status,
                    seq=table.seq,
                    game_id=table.game_id,
                    created_at=table.created_at,
                    updated_at=stamp,
                )
            )
            for s in table_seats:
                await self._write_seat(conn, table.id, s, new=True)

    async def _write_seat(
        self, conn: AsyncConnection, table_id: str, s: SeatRow, *, new: bool = False
    ) -> None:
        values = {
            "kind": s.kind,
            "name": s.name,
            "level": s.level,
            "token_hash": s.token_hash,
            "away": s.away,
            "stopped": s.stopped,
            "key_hash": s.key_hash,
        }
        if new:
            await conn.execute(insert(seats).values(table_id=table_id, seat=s.seat, **values))
        else:
            await conn.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == s.seat)
                .values(**values)
            )

    @_stored
    async def update_seat(
        self,
        table_id: str,
        s: SeatRow,
        *,
        clock: tuple[int | None, dt.datetime | None] | None = None,
    ) -> None:
        """Writes one seat's new state, and with ``clock`` (seat, deadline) the turn clock
        that runs from now on, in the same transaction."""
        values: dict[str, Any] = {"updated_at": now()}
        if clock is not None:
            values.update(clock_seat=clock[0], clock_deadline=clock[1])
        async with self.engine.begin() as conn:
            await self._write_seat(conn, table_id, s)
            await conn.execute(update(tables).where(tables.c.id == table_id).values(**values))

    @_stored
    async def start_game(
        self,
        table_id: str,
        game: GameRow,
        first: HandRow,
        clock: tuple[int | None, dt.datetime | None] = (None, None),
    ) -> None:
        """Writes a new game and its first deal; the table is playing it, with the turn
        clock (seat, deadline) of its first turn."""
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(games).values(
                    id=game.id,
                    table_id=table_id,
                    number=game.number,
                    preset=game.preset,
                    options=game.options,
                    players=game.players,
                    seed=game.seed,
                    first_seq=game.first_seq,
                    started_at=game.started_at,
                )
            )
            await self._write_hand(conn, game.id, first)
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(
                    status="playing",
                    game_id=game.id,
                    updated_at=now(),
                    clock_seat=clock[0],
                    clock_deadline=clock[1],
                )
            )

    async def _write_hand(self, conn: AsyncConnection, game_id: str, h: HandRow) -> None:
        await conn.execute(
            insert(hands).values(game_id=game_id, number=h.number, dealer=h.dealer, deal=h.deal)
        )

    @_stored
    async def append_action(
        self,
        table_id: str,
        row: ActionRow,
        *,
        dealt: HandRow | None = None,
        finished: GameRow | None = None,
        clock: tuple[int | None, dt.datetime | None] = (None, None),
    ) -> None:
        """Logs one action (the durability point), with the next hand's deal when the
        action dealt one, the game's record and result when it ended the game, and the
        turn clock it leaves running (seat, deadline). Actions of several tables logged
        at once share a transaction (:mod:`rummykit.server.commits`); this returns once
        the action's transaction is committed.
        Raises if the seq is already taken: one owner writes each table."""
        await self.commits.submit(Append(table_id, row, dealt, finished, clock))

    async def _write_appends(self, batch: list[Append]) -> None:
        """Logs ``batch`` in one transaction: one statement for the actions, one for the
        tables' positions, and the rare deals and game ends one by one."""
        async with self.engine.begin() as conn:
            stamp = now()
            await conn.execute(
                insert(actions),
                [
                    {
                        "table_id": a.table_id,
                        "seq": a.row.seq,
                        "game_id": a.row.game_id,
                        "hand": a.row.hand,
                        "seat": a.row.seat,
                        "action": a.row.action,
                        "by": a.row.by,
                        "event": a.row.event,
                        "reshuffle": a.row.reshuffle,
                        "created_at": stamp,
                    }
                    for a in batch
                ],
            )
            for a in batch:
                if a.dealt is not None:
                    await self._write_hand(conn, a.row.game_id, a.dealt)
                if a.finished is not None:
                    await conn.execute(
                        update(games)
                        .where(games.c.id == a.finished.id)
                        .values(
                            finished_at=stamp, result=a.finished.result, record=a.finished.record
                        )
                    )
                    await conn.execute(
                        update(tables).where(tables.c.id == a.table_id).values(status="over")
                    )
            await conn.execute(
                update(tables)
                .where(tables.c.id == bindparam("table"))
                .values(
                    seq=bindparam("to_seq"),
                    updated_at=bindparam("at"),
                    clock_seat=bindparam("to_clock_seat"),
                    clock_deadline=bindparam("to_clock_deadline"),
                ),
                [
                    {
                        "table": a.table_id,
                        "to_seq": a.row.seq,
                        "at": stamp,
                        "to_clock_seat": a.clock[0],
                        "to_clock_deadline": a.clock[1],
                    }
                    for a in _latest_per_table(batch)
                ],
            )

    @_stored
    async def take_back(
        self,
        table_id: str,
        undone: int,
        row: ActionRow,
        *,
        clock: tuple[int | None, dt.datetime | None] = (None, None),
    ) -> None:
        """An undo, in one transaction: deletes logged action ``undone`` (the seq it took
        back), logs ``row`` (the undo itself, the table's next seq) and the turn clock."""
        async with self.engine.begin() as conn:
            stamp = now()
            await conn.execute(
                delete(actions).where(actions.c.table_id == table_id, actions.c.seq == undone)
            )
            await conn.execute(
                insert(actions).values(
                    table_id=table_id,
                    seq=row.seq,
                    game_id=row.game_id,
                    hand=row.hand,
                    seat=row.seat,
                    action=row.action,
                    by=row.by,
                    event=row.event,
                    reshuffle=row.reshuffle,
                    created_at=stamp,
                )
            )
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(seq=row.seq, updated_at=stamp, clock_seat=clock[0], clock_deadline=clock[1])
            )

    @_stored
    async def set_clock(
        self, table_id: str, seat: int | None, deadline: dt.datetime | None
    ) -> None:
        """Stores the turn clock that runs now (None, None: none)."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(clock_seat=seat, clock_deadline=deadline)
            )

    @_stored
    async def close_table(self, table_id: str) -> None:
        """Marks a table closed (nobody joined it in time); it is never rebuilt."""
        async with self.engine.begin() as conn:
            await conn.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(status="closed", clock_seat=None, clock_deadline=None, updated_at=now())
            )

    @_stored
    async def ping(self) -> None:
        """Raises unless the database answers."""
        async with self.engine.connect() as conn:
            await conn.execute(select(1))

    @_stored
    async def delete_table(self, table_id: str) -> None:
        """Removes a table that never started (its last person left)."""
        async with self.engine.begin() as conn:
            await conn.execute(delete(seats).where(seats.c.table_id == table_id))
            await conn.execute(delete(tables).where(tables.c.id == table_id))

    # ------------------------------------------------------------------ reads
    @_stored
    async def table_ids(self, statuses: tuple[str, ...] = ("waiting", "playing")) -> list[str]:
        """The tables in one of ``statuses`` (default: the unfinished ones), oldest first."""
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(tables.c.id)
                .where(tables.c.status.in_(statuses))
                .order_by(tables.c.created_at)
            )
            return [r.id for r in result]

    @_stored
    async def find_table(self, ref: str) -> str | None:
        """The id of the table whose id or code (any case) is ``ref``, or None."""
        if not is_reference(ref):
            return None
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(tables.c.id).where((tables.c.id == ref) | (tables.c.code == ref.upper()))
                )
            ).first()
            return None if row is None else str(row.id)

    @_stored
    async def load_table(self, table_id: str) -> TableState:
        """A table's row, seats, current game, its deals and its log."""
        async with self.engine.connect() as conn:
            t = (await conn.execute(select(tables).where(tables.c.id == table_id))).one()
            table = TableRow(
                id=t.id,
                code=t.code,
                preset=t.preset,
                options=dict(t.options),
                clock=t.clock,
                status=t.status,
                seq=t.seq,
                game_id=t.game_id,
                created_at=_utc(t.created_at),
                updated_at=_utc(t.updated_at),
                clock_seat=t.clock_seat,
                clock_deadline=None if t.clock_deadline is None else _utc(t.clock_deadline),
            )
            seat_rows = await _seat_rows(conn, table_id)
            game: GameRow | None = None
            hand_rows: list[HandRow] = []
            action_rows: list[ActionRow] = []
            if t.game_id is not None:
                g = (await conn.execute(select(games).where(games.c.id == t.game_id))).one()
                game = _game(g)
                hand_rows = [
                    HandRow(r.number, r.dealer, r.deal)
                    for r in await conn.execute(
                        select(hands).where(hands.c.game_id == game.id).order_by(hands.c.number)
                    )
                ]
                action_rows = [
                    ActionRow(
                        r.seq, r.game_id, r.hand, r.seat, r.action, r.by, r.event, r.reshuffle
                    )
                    for r in await conn.execute(
                        select(actions)
                        .where(actions.c.table_id == table_id, actions.c.game_id == game.id)
                        .order_by(actions.c.seq)
                    )
                ]
            return TableState(table, seat_rows, game, hand_rows, action_rows)

    @_stored
    async def stored_seats(self, table_id: str) -> tuple[str, list[SeatRow]]:
        """A table's status and seats as the database holds them: read back after a
        write whose answer was lost, to tell whether it went through."""
        async with self.engine.connect() as conn:
            query = select(tables.c.status).where(tables.c.id == table_id)
            status: str = (await conn.execute(query)).scalar_one()
            return status, await _seat_rows(conn, table_id)

    @_stored
    async def finished_games(self, limit: int = 50, offset: int = 0) -> list[GameRow]:
        """Finished games, newest first: their headers and results, without their
        records (``record`` None), which :meth:`game` loads one at a time."""
        headers = [c for c in games.c if c.name != "record"]
        async with self.engine.connect() as conn:
            result = await conn.execute(
                select(*headers)
                .where(games.c.finished_at.is_not(None))
                .order_by(games.c.finished_at.desc(), games.c.id)
                .limit(limit)
                .offset(offset)
            )
            return [_game(r) for r in result]

    @_stored
    async def game(self, game_id: str) -> GameRow | None:
        """One game, or None."""
        if not is_reference(game_id):
            return None
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(games).where(games.c.id == game_id))).first()
            return None if row is None else _game(row)
