"""Every live table, found by id or short code: made, restored at start, stopped.

A table's short code is six letters from an alphabet without look-alikes (no I, L, O),
easy to read out; its id is 32 hex digits for links.

Lifecycle: at start only unfinished tables (waiting, playing) are rebuilt. A table whose
last game is over stays in the database: its games are records, and the table comes back
to memory when somebody connects or asks for another game; with nobody connected it is
dropped from memory again after ``over_ttl``. A game in play without a turn clock that
waits for a person's move, none of its people connected, leaves memory after
``abandoned_ttl`` (an hour) and comes back the same way, replayed from its log. A
waiting table untouched for ``waiting_ttl`` (24 hours), or for ``empty_ttl`` (an hour)
with nobody seated at it, is closed (status ``closed``, never rebuilt).
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import logging
import secrets
import time
from typing import Annotated, Any

import msgspec

from rummykit import PRESETS, Rules, RummyError
from rummykit.server.botrunner import BotRunner
from rummykit.server.config import ServerConfig
from rummykit.server.errors import LobbyError
from rummykit.server.logs import event
from rummykit.server.seating import (
    check_name,
    game_over,
    game_started,
    holds_seat,
    rejoined,
    stored_after_all,
)
from rummykit.server.storage import SeatRow, Store, TableRow, TableState, now
from rummykit.server.table import Table, table_doc

__all__ = ["CODE_LETTERS", "Lobby", "NewTable", "SeatSpec", "maker_key"]

#: A finished table brought back to memory is not dropped to make room for another in
#: its first seconds, while the client that asked for it connects.
ROOM_GRACE = 30.0

#: The letters of table codes: no I, L or O (read as 1 and 0), no vowels-only words.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


class SeatSpec(msgspec.Struct, forbid_unknown_fields=True):
    """A seat of a new table: open for a person, or a bot of ``level``."""

    kind: Annotated[str, msgspec.Meta(pattern="^(open|bot)$")] = "open"
    level: Annotated[str, msgspec.Meta(max_length=32)] | None = None
    name: str | None = None


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /tables``: the preset, its options, the seats and the turn clock."""

    preset: Annotated[str, msgspec.Meta(max_length=40)] = "500-rum"
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    seats: list[SeatSpec] = msgspec.field(
        default_factory=lambda: [SeatSpec(), SeatSpec("bot", "heuristic")]
    )
    #: seconds a turn; the lobby's clock range is checked by its rule (lobby.clock)
    clock: int | None = None


def maker_key(address: str) -> str | None:
    """Whose tables a client at ``address`` (as the ASGI server gives it) counts with:
    the address itself, an IPv6 address's /64 network (one client's share, however many
    addresses it takes from it), or None for this machine (loopback: its own user, or a
    proxy that did not say whom it forwards for), which is not counted.

    >>> maker_key("203.0.113.5"), maker_key("2001:db8::1"), maker_key("2001:db8::2:1")
    ('203.0.113.5', '2001:db8::/64', '2001:db8::/64')
    >>> maker_key("127.0.0.1"), maker_key("::1"), maker_key("testclient")
    (None, None, 'testclient')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # not an address (a test client's name, a Unix socket's path)
        return address
    if ip.is_loopback:
        return None
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return maker_key(str(ip.ipv4_mapped))
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Lobby:
    """The live tables of a server."""

    def __init__(self, store: Store, config: ServerConfig, runner: BotRunner) -> None:
        self.store = store
        self.config = config
        self.runner = runner
        self.tables: dict[str, Table] = {}
        self._codes: dict[str, str] = {}
        self._making = 0  # tables being made: not yet in ``tables``
        #: who made each table while it waits (ids of tables being made included)
        self._makers: dict[str, str] = {}
        #: unfinished tables whose restore failed at start: kept as stored, refused
        self.unrestored: set[str] = set()

    def find(self, ref: str) -> Table:
        """The table with id or code ``ref`` (a code in any case)."""
        table = self.tables.get(ref) or self.tables.get(self._codes.get(ref.upper(), ""))
        if table is None:
            shown = ref if len(ref) <= 40 else ref[:40] + "..."
            raise LobbyError("lobby.table", f"no table {shown!r}", 404)
        return table

    async def open(
        self,
        ref: str,
        token: str | None = None,
        *,
        joining: bool = False,
        again: tuple[str, int | None, str] | None = None,
    ) -> Table:
        """The live table with id or code ``ref``; a table whose last game is over, or
        whose game in play left memory waiting for its people (``abandoned_ttl``), is
        brought back from the database. A closed table is refused (``lobby.table``).

        With ``token`` (a request that needs a seat), such a table is brought back only
        for a token that holds one of its seats (else ``lobby.token``), and for a request
        ``joining`` it never is (``lobby.state``: the game is over, or under way), so that
        refused requests cannot fill the server's memory with tables, but for a join
        sent ``again`` (its name, seat and key) whose seat the table holds: its answer
        was lost, and it gets its seat back (:func:`~rummykit.server.seating.join`), as
        it would from the table in memory (a key proves the seat as its token does)."""
        try:
            table = self.find(ref)
            if table.row.status == "over":
                table.row.updated_at = now()  # asked for: not idle (sweep, _room)
            table.active_at = time.monotonic()  # nor a game in play (abandoned_ttl)
            return table
        except LobbyError:
            table_id = await self.store.find_table(ref)
            if table_id is None:
                raise
        if table_id in self.unrestored:
            raise LobbyError(
                "lobby.unavailable",
                "this table could not be brought back when the server started; it is kept "
                "as it was, and the server's log says why",
                503,
            )
        state = await self.store.load_table(table_id)
        if table_id in self.tables:  # brought back meanwhile
            return self.tables[table_id]
        if state.table.status not in ("over", "playing"):  # a game in play left memory
            raise LobbyError("lobby.table", f"table {state.table.code} is closed", 404)
        if joining and (again is None or rejoined(state.seats, *again) is None):
            # refused without bringing the table back, as a live one is
            raise game_over() if state.table.status == "over" else game_started()
        if token is not None and not holds_seat(state.seats, token):
            raise LobbyError("lobby.token", "this token holds no seat at this table", 403)
        if not await self._room():
            raise LobbyError("lobby.full", "this server has as many tables as it holds", 503)
        if table_id in self.tables:  # brought back while room was made
            return self.tables[table_id]
        state.table.updated_at = now()  # in use again: not idle since its game ended
        table = Table(state, self.store, self.config, self.runner)
        self._add(table)
        return table

    async def _room(self) -> bool:
        """Whether another table fits within ``max_tables``; when none does, the finished
        table idle longest leaves memory to make room (it stays in the database, and
        comes back when asked for). Idle: no client, no call under way, not asked for in
        the last ``ROOM_GRACE`` seconds (so a client still saying hello keeps it). So
        finished tables that anybody may bring back (watching needs no token) keep no
        new table out once their clients are gone."""
        while len(self.tables) + self._making >= self.config.max_tables:
            grace = dt.timedelta(seconds=ROOM_GRACE)
            idle = [
                t
                for t in self.tables.values()
                if t.row.status == "over"
                and not t.conns
                and not t.calls
                and now() - t.row.updated_at > grace
            ]
            if not idle:
                return False
            await self._drop(min(idle, key=lambda t: t.row.updated_at))
        return True

    async def describe(self, ref: str) -> dict[str, Any]:
        """A table as the lobby shows it, live or from the database."""
        try:
            return self.find(ref).doc()
        except LobbyError:
            table_id = await self.store.find_table(ref)
            if table_id is None:
                raise
        doc = table_doc(await self.store.load_table(table_id), set())
        if table_id in self.unrestored:  # not "playing": nobody can play it now
            doc["status"] = "unavailable"
        return doc

    def _add(self, table: Table) -> None:
        self.tables[table.row.id] = table
        self._codes[table.row.code] = table.row.id
        table.start()

    async def _drop(self, table: Table) -> None:
        if self.tables.get(table.row.id) is table:  # not a table brought back since
            del self.tables[table.row.id]
            self._codes.pop(table.row.code, None)
            self._makers.pop(table.row.id, None)
        await table.stop()

    async def restore(self) -> int:
        """Brings back every unfinished table in the store (each game replayed from its
        log); returns how many. A waiting table past its time (:meth:`_stale`) is closed instead, a
        game that has waited for its people past ``abandoned_ttl`` is left in the database
        until one of them comes (:meth:`open`), and a
        table whose log does not replay is left out, logged and listed in ``unrestored``
        (shown as ``unavailable``, refused with ``lobby.unavailable``, and left in the
        database as it was, so that a later start can try again)."""
        started = time.monotonic()
        count = 0
        for table_id in await self.store.table_ids():
            try:
                state = await self.store.load_table(table_id)
                if self._stale(state.table, state.seats):
                    await self.store.close_table(table_id)
                    event("table.close", table_id, state.table.seq, "no game began in time: closed")
                    continue
                table = Table(state, self.store, self.config, self.runner)
                if self._waited_out(table):
                    continue  # brought back when one of its people comes (open)
                self._add(table)
                count += 1
            except Exception:
                self.unrestored.add(table_id)
                event(
                    "restore.failed",
                    table_id,
                    None,
                    "the table could not be restored",
                    level=logging.ERROR,
                    exc_info=True,
                )
        took = round(time.monotonic() - started, 3)
        event("restore", None, None, f"{count} tables restored", tables=count, seconds=took)
        return count

    def _waited_out(self, table: Table) -> bool:
        """A game in play that has waited for its people (:meth:`Table.abandoned`) for
        ``abandoned_ttl`` since its last action: a start leaves it in the database, as
        the sweep would drop it from memory, so that games left for good do not pile up
        in every start's memory."""
        idle = now() - table.row.updated_at
        return table.abandoned() and idle > dt.timedelta(seconds=self.config.abandoned_ttl)

    def _stale(self, row: TableRow, seats: list[SeatRow]) -> bool:
        """A waiting table untouched for ``waiting_ttl``, or for ``empty_ttl`` with
        nobody seated at it (never joined, or left by everybody): it holds a place of
        the server's, and one of its maker's waiting tables, for nobody."""
        if row.status != "waiting":
            return False
        ttl = self.config.waiting_ttl
        if not any(s.kind == "person" for s in seats):
            ttl = min(ttl, self.config.empty_ttl)
        return now() - row.updated_at > dt.timedelta(seconds=ttl)

    async def sweep(self) -> tuple[int, int]:
        """Closes stale waiting tables and drops idle finished ones from memory; returns
        how many of each."""
        closed = dropped = 0
        for table in list(self.tables.values()):
            row = table.row
            if self.tables.get(row.id) is not table:
                continue  # dropped meanwhile (to make room), perhaps brought back since
            if row.status == "waiting" and self._stale(row, table.seats):
                # decided again in the table's task: a join queued meanwhile keeps it open
                if await table.call(self._close_if_stale, table):
                    await self._drop(table)
                    event("table.close", row.id, row.seq, "no game began in time: closed")
                    closed += 1
            elif (
                row.status == "over"
                and not table.conns
                and not table.calls
                and time.monotonic() - table.active_at > self.config.over_ttl
            ) or (
                table.abandoned() and time.monotonic() - table.active_at > self.config.abandoned_ttl
            ):
                await self._drop(table)
                dropped += 1
        return closed, dropped

    async def _close_if_stale(self, table: Table) -> bool:
        """Closes a stale waiting table (run in its task); whether it did."""
        row = table.row
        if not self._stale(row, table.seats):
            return False
        try:
            await self.store.close_table(row.id)
        except Exception:  # closed all the same where its commit's answer was lost
            if not await stored_after_all(table, lambda status, _: status == "closed"):
                raise
        row.status = "closed"
        table.broadcast_table()
        return True

    def _check(self, spec: NewTable) -> tuple[dict[str, Any], list[SeatRow]]:
        if spec.preset not in PRESETS:
            raise LobbyError(
                "lobby.rules", f"unknown preset {spec.preset!r}; presets are {', '.join(PRESETS)}"
            )
        try:
            rules = Rules.preset(spec.preset, **spec.options)
        except RummyError as e:
            raise LobbyError("lobby.rules", e.message) from None
        except TypeError as e:
            raise LobbyError("lobby.rules", str(e)) from None
        n = len(spec.seats)
        if not 2 <= n <= self.config.max_seats:
            raise LobbyError("lobby.seats", f"a table has 2 to {self.config.max_seats} seats")
        try:
            rules.check_players(n)
        except RummyError as e:
            raise LobbyError("lobby.seats", e.message) from None
        low, high = self.config.clock_range
        if spec.clock is not None and not low <= spec.clock <= high:
            raise LobbyError("lobby.clock", f"a turn clock is {low} to {high} seconds")
        levels = self.runner.levels()
        rows: list[SeatRow] = []
        names: list[str] = []
        for i, s in enumerate(spec.seats):
            if s.kind == "open":
                if s.level is not None or s.name is not None:
                    raise LobbyError("lobby.seats", f"seat {i}: an open seat has no level or name")
                rows.append(SeatRow(i, "open"))
                continue
            level = s.level or "heuristic"
            if level not in levels:
                raise LobbyError(
                    "lobby.seats",
                    f"seat {i}: no bot level {level!r}; levels are {', '.join(levels)}",
                )
            name = check_name(s.name or f"{level.capitalize()} {i + 1}", names)
            names.append(name)
            rows.append(SeatRow(i, "bot", name, level))
        if all(r.kind == "bot" for r in rows):  # a person starts the game, with a token
            raise LobbyError("lobby.seats", "a table needs an open seat for a person")
        return rules.options(), rows

    async def create(self, spec: NewTable, address: str | None = None) -> Table:
        """Makes, stores and starts a new table (its seats still to be taken) for a client
        at ``address``, which may have at most ``max_waiting_per_address`` tables waiting
        (``lobby.busy``; an IPv6 client's /64 network counts as one client)."""
        options, rows = self._check(spec)
        maker = None if address is None else maker_key(address)
        self._check_maker(maker)
        table_id = secrets.token_hex(16)
        if maker is not None:  # counted from here: a client's tables made at once too
            self._makers[table_id] = maker
        try:
            row = await self._store_new(table_id, spec.preset, options, spec.clock, rows)
        except BaseException:
            self._makers.pop(table_id, None)
            raise
        table = Table(TableState(row, rows, None, [], []), self.store, self.config, self.runner)
        self._add(table)
        event("table.create", row.id, 0, f"table {row.code} made", code=row.code, preset=row.preset)
        return table

    async def _store_new(
        self,
        table_id: str,
        preset: str,
        options: dict[str, Any],
        clock: int | None,
        rows: list[SeatRow],
    ) -> TableRow:
        """Stores a new waiting table, if the server has room for it (``lobby.full``)."""
        if not await self._room():
            raise LobbyError("lobby.full", "this server has as many tables as it holds", 503)
        self._making += 1  # counted from here: tables made at once stay within the bound
        try:
            row = TableRow(
                id=table_id,
                code=await self._new_code(),
                preset=preset,
                options=Rules.preset(preset, **options).changed_options(),
                clock=clock,
                status="waiting",
            )
            await self.store.create_table(row, rows)
            return row
        finally:
            self._making -= 1

    def _check_maker(self, maker: str | None) -> None:
        """Refuses (``lobby.busy``) a new table to a client (:func:`maker_key`) that has
        as many waiting tables as it may; forgets the tables that no longer wait."""
        limit = self.config.max_waiting_per_address
        for table_id in list(self._makers):  # (one not in ``tables`` is being made)
            table = self.tables.get(table_id)
            if table is not None and table.row.status != "waiting":
                del self._makers[table_id]
        if not limit or maker is None:
            return
        waiting = sum(1 for m in self._makers.values() if m == maker)
        if waiting >= limit:
            raise LobbyError(
                "lobby.busy",
                f"{waiting} tables made from your address are waiting for players, the most "
                "this server allows: start the game at one of them, or wait until one is "
                "closed (one that nobody sits at closes within an hour)",
                429,
            )

    async def _new_code(self) -> str:
        """A code no table has, live or stored (a code stays a table's for good)."""
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self._codes and await self.store.find_table(code) is None:
                return code

    def open_tables(self, everything: bool = False) -> list[dict[str, Any]]:
        """Tables with an open seat (``everything``: every table), newest first."""
        found = [
            t
            for t in self.tables.values()
            if everything or (t.row.status == "waiting" and any(s.kind == "open" for s in t.seats))
        ]
        found.sort(key=lambda t: t.row.created_at, reverse=True)
        return [t.doc() for t in found]

    async def close(self) -> None:
        """Stops every table's task."""
        for table in list(self.tables.values()):
            await table.stop()
        self.tables.clear()
        self._codes.clear()
