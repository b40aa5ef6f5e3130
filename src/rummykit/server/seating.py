"""What people do at a table outside the game: take a seat with a nickname, leave (a
bot stands in once the game has started), come back, start, play again, connect.

Each function runs in the table's task (through :meth:`Table.call`). A seat token is
handed out once, when the seat is taken; the server keeps only its SHA-256 hash and
compares hashes with :func:`secrets.compare_digest`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from rummykit import Game, Rules
from rummykit.server.clocks import TurnClock
from rummykit.server.connection import Connection
from rummykit.server.errors import LobbyError
from rummykit.server.logs import event
from rummykit.server.protocol import PROTOCOL
from rummykit.server.records import hand_row
from rummykit.server.storage import ActionRow, GameRow, SeatRow, now
from rummykit.server.table import Table, TableStopped

__all__ = [
    "MAX_NAME_CHARS",
    "again",
    "back",
    "check_key",
    "check_name",
    "connect",
    "disconnect",
    "holds_seat",
    "join",
    "leave",
    "new_token",
    "seat_of",
    "start",
    "token_hash",
]

#: The longest nickname.
MAX_NAME_CHARS = 24
#: A join's key: 16 to 64 URL-safe characters, chosen at random by the client.
_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_token() -> str:
    """A seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: str, taken: list[str]) -> str:
    """``name`` if it may be a player's name at a table where ``taken`` are in use.

    The engine's rules (no surrounding spaces, no ':', printable text) plus a length
    limit and names that differ from the others' even ignoring case.

    >>> check_name("Ana", ["Ben"])
    'Ana'
    >>> check_name(" Ana", [])
    Traceback (most recent call last):
    ...
    rummykit.server.errors.LobbyError: ' Ana': a name may not begin or end with a space
    """
    if not name:
        raise LobbyError("lobby.name", "a name may not be empty")
    if len(name) > MAX_NAME_CHARS:
        raise LobbyError("lobby.name", f"a name has at most {MAX_NAME_CHARS} characters")
    if name != name.strip():
        raise LobbyError("lobby.name", f"{name!r}: a name may not begin or end with a space")
    if ":" in name:
        raise LobbyError("lobby.name", f"{name!r}: a name may not hold ':'")
    if any(not c.isprintable() or unicodedata.category(c) in ("Cs", "Co") for c in name):
        raise LobbyError("lobby.name", f"{name!r}: a name must be printable text")
    folded = _folded(name)
    if any(folded == _folded(other) for other in taken):
        raise LobbyError("lobby.name", f"{name!r} is taken at this table: choose another")
    return name


def check_key(key: str) -> str:
    """``key`` if it may be a join's key (16 to 64 of ``A-Z a-z 0-9 - _``).

    >>> check_key("c2VjcmV0LWtleS0xMjM0")
    'c2VjcmV0LWtleS0xMjM0'
    >>> check_key("short")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummykit.server.errors.LobbyError: key: a join's key is 16 to 64 characters from ...
    """
    if not _KEY.fullmatch(key):
        raise LobbyError(
            "lobby.request",
            "key: a join's key is 16 to 64 characters from A-Z, a-z, 0-9, '-' and '_'",
        )
    return key


def _seat_of(seats: Sequence[SeatRow], token: str) -> int | None:
    wanted = token_hash(token)
    found = None
    for s in seats:
        if s.token_hash is not None and secrets.compare_digest(s.token_hash, wanted):
            found = s.seat
    return found


def _folded(name: str) -> str:
    """A name as compared with the others: case and Unicode forms ignored ("Zoë" written
    with a combining diaeresis, or "Ana" in full-width letters, is the same name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def seat_of(table: Table, token: str) -> int | None:
    """The seat whose token is ``token``, or None (every seat is compared)."""
    return _seat_of(table.seats, token)


def holds_seat(seats: Sequence[SeatRow], token: str) -> bool:
    """Whether ``token`` is the token of one of ``seats`` (every seat is compared)."""
    return _seat_of(seats, token) is not None


def _not_closed(table: Table) -> None:
    """Refuses (``lobby.table``, 404, as a closed table found in the database is) a
    request that waited for a table the sweep closed meanwhile."""
    if table.row.status == "closed":
        raise LobbyError("lobby.table", f"table {table.row.code} is closed", 404)


def _person(table: Table, token: str) -> SeatRow:
    _not_closed(table)
    seat = seat_of(table, token)
    if seat is None:
        raise LobbyError("lobby.token", "this token holds no seat at this table", 403)
    return table.seats[seat]


def game_started() -> LobbyError:
    """The refusal of a seat at a table whose game is under way."""
    return LobbyError("lobby.state", "the game has started: spectators may watch", 409)


def game_over() -> LobbyError:
    """The refusal of a seat at a table whose game is over (answered without bringing a
    finished table back: see :meth:`~rummykit.server.lobby.Lobby.open`)."""
    return LobbyError("lobby.state", "the game is over: its players may play again", 409)


async def join(table: Table, name: str, seat: int | None, key: str | None = None) -> dict[str, Any]:
    """Takes an open seat (``seat``, or the first open one) as ``name``; returns the
    seat and its token. ``key``, the client's, is kept (hashed) with the seat: the same
    join sent again, its answer lost, gets that seat again with a new token, the old
    one no longer working (:func:`_join_again`), rather than a refusal of its name."""
    _not_closed(table)
    held = None if key is None else rejoined(table.seats, name, seat, check_key(key))
    if held is not None:
        return await _join_again(table, held)
    if table.row.status == "over":
        raise game_over()
    if table.row.status != "waiting":
        raise game_started()
    names = [s.name for s in table.seats if s.name is not None]
    check_name(name, names)
    open_seats = [s.seat for s in table.seats if s.kind == "open"]
    if seat is None:
        if not open_seats:
            raise LobbyError("lobby.seat", "every seat is taken", 409)
        seat = open_seats[0]
    elif not 0 <= seat < len(table.seats):
        raise LobbyError("lobby.seat", f"there is no seat {seat} at this table")
    elif seat not in open_seats:
        raise LobbyError("lobby.seat", f"seat {seat} is taken", 409)
    token = new_token()
    key_hash = None if key is None else token_hash(key)
    row = SeatRow(seat, "person", name, None, token_hash(token), False, key_hash=key_hash)
    await store_seat(table, row)
    table.seats[seat] = row
    table.row.updated_at = now()
    event("seat.join", table.row.id, table.row.seq, f"{name} took seat {seat}", seat=seat)
    table.broadcast_table()
    return {"seat": seat, "token": token, "table": table.doc()}


async def stored_after_all(table: Table, check: Callable[[str, list[SeatRow]], bool]) -> bool:
    """Whether a write of ``table``'s seats or status that raised went through all the
    same (its commit's answer was lost, not the commit): ``check`` of the status and
    seats read back. False where they cannot be read either."""
    try:
        status, seats = await table.store.stored_seats(table.row.id)
    except Exception:
        return False
    return check(status, seats)


async def store_seat(table: Table, row: SeatRow, clock: TurnClock | None = None) -> None:
    """Stores seat ``row`` (with ``clock``, the turn clock that runs from now on, in the
    same transaction). A write that raised but went through counts as done, so that
    memory holds what the database does (a restart rebuilds the seats from it); one that
    did not raises, and the caller leaves memory as it was."""
    stored = None if clock is None else (clock.seat, clock.deadline)
    try:
        await table.store.update_seat(table.row.id, row, clock=stored)
    except Exception:
        if not await stored_after_all(table, lambda _, seats: seats[row.seat] == row):
            raise
        event(
            "storage", table.row.id, table.row.seq, "the seat was stored after all", seat=row.seat
        )


def rejoined(seats: Sequence[SeatRow], name: str, seat: int | None, key: str) -> SeatRow | None:
    """The seat of ``seats`` that a join of ``name`` with ``key`` took already (and
    ``seat``, if given), or None (every seat is compared)."""
    wanted = token_hash(key)
    found = None
    for s in seats:
        same = s.kind == "person" and s.name == name and seat in (None, s.seat)
        if s.key_hash is not None and secrets.compare_digest(s.key_hash, wanted) and same:
            found = s
    return found


async def _join_again(table: Table, s: SeatRow) -> dict[str, Any]:
    """Answers a join sent again (:func:`join`) with its seat and a new token: the old
    token, which the lost answer held, no longer works, and connections made with it
    only watch."""
    token = new_token()
    row = dataclasses.replace(s, token_hash=token_hash(token))
    await store_seat(table, row)
    table.seats[s.seat] = row
    table.row.updated_at = now()
    event("seat.join", table.row.id, table.row.seq, f"{s.name} joined again", seat=s.seat)
    for conn in [c for c in table.conns if c.seat == s.seat]:
        conn.seat = None
    table.broadcast_table()
    return {"seat": s.seat, "token": token, "table": table.doc()}


async def leave(table: Table, token: str) -> dict[str, Any]:
    """Leaves: before the game the seat opens again; during it a bot stands in until
    the player comes back with their token."""
    s = _person(table, token)
    if table.row.status == "waiting":
        row = SeatRow(s.seat, "open")
        await store_seat(table, row)
        table.seats[s.seat] = row
        table.row.updated_at = now()
        event("seat.leave", table.row.id, table.row.seq, f"{s.name} left", seat=s.seat)
        for conn in [c for c in table.conns if c.seat == s.seat]:
            conn.seat = None  # still watching, as a spectator
        table.broadcast_table()
        return {"seat": s.seat, "left": True, "table": table.doc()}
    if not s.away:
        stopped = stop(table) if table.clock.seat == s.seat else None
        row = dataclasses.replace(s, away=True, stopped=stopped)
        table.seats[s.seat] = row  # (the clock to run is the stand-in's)
        try:
            clock = table.clock_to_arm()
            # the seat and the clock in one transaction, as for back: a leave that is
            # stored is never answered with an error
            await store_seat(table, row, clock)
        except BaseException:
            table.seats[s.seat] = s
            raise
        table.clock_stored(clock)
        event("seat.away", table.row.id, table.row.seq, f"{s.name} left", seat=s.seat)
        table.notice("away", s.seat, f"{s.name} left: a bot plays for them until they come back")
        table.broadcast_table()
        table.broadcast_state()  # the clock stopped
    return {"seat": s.seat, "left": True, "table": table.doc()}


def _game_id(table: Table) -> str | None:
    return None if table.game_row is None else table.game_row.id


def stop(table: Table) -> dict[str, Any]:
    """The running clock of a person who leaves, as their seat stores it (it outlives a
    restart): the turn it belongs to (the game, and :meth:`Table.turn_id`), its deadline,
    whether it is a Rummy call's and whether it ran out."""
    clock = table.clock
    hand, turn = table.turn_id()
    deadline = None if clock.deadline is None else clock.deadline.isoformat()
    return {
        "game": _game_id(table),
        "hand": hand,
        "turn": turn,
        "deadline": deadline,
        "window": clock.window,
        "fired": clock.fired,
    }


def resumed(s: SeatRow, table: Table) -> TurnClock | None:
    """The clock a person coming back goes on with: the one their leaving stopped, if
    they come back in the same turn of the same game (None: the clock starts anew)."""
    stopped = s.stopped
    if stopped is None or stopped["deadline"] is None:
        return None
    turn = (stopped.get("game"), stopped["hand"], stopped["turn"])
    if turn != (_game_id(table), *table.turn_id()):
        return None
    deadline = dt.datetime.fromisoformat(stopped["deadline"])
    return TurnClock(s.seat, deadline, bool(stopped["window"]), bool(stopped["fired"]))


async def back(table: Table, token: str) -> dict[str, Any]:
    """Takes a seat back from its stand-in bot."""
    s = _person(table, token)
    if s.away:
        row = dataclasses.replace(s, away=False, stopped=None)
        table.seats[s.seat] = row  # (the clock to run is the seated person's)
        try:
            clock = table.clock_to_arm(keep=resumed(s, table))
            # the seat and its clock in one transaction: a restart finds the seat away
            # with its stopped clock, or back with that clock going on, never back
            # without a clock (a restored table would start a fresh one)
            await store_seat(table, row, clock)
        except BaseException:
            table.seats[s.seat] = s
            raise
        table.clock_stored(clock)
        event("seat.back", table.row.id, table.row.seq, f"{s.name} is back", seat=s.seat)
        table.notice("back", s.seat, f"{s.name} is back")
        table.broadcast_table()
        table.broadcast_state()  # the clock runs again
    return {"seat": s.seat, "table": table.doc()}


def _playing(
    table: Table,
    game: Game | None,
    row: GameRow | None,
    log: list[ActionRow],
    status: str,
    game_id: str | None,
) -> tuple[Game | None, GameRow | None, list[ActionRow], str, str | None]:
    """Puts ``game`` (its row, log, the table's status) in play at ``table``; returns
    what was in play."""
    was = table.game, table.game_row, table.log, table.row.status, table.row.game_id
    table.game, table.game_row, table.log = game, row, log
    table.row.status, table.row.game_id = status, game_id
    return was


async def _new_game(table: Table) -> None:
    names = [s.name or "" for s in table.seats]
    seed = secrets.randbits(62)
    game = Game(Rules.preset(table.row.preset, **table.row.options), names, seed=seed)
    number = 1 if table.game_row is None else table.game_row.number + 1
    row = GameRow(
        id=secrets.token_hex(8),
        table_id=table.row.id,
        number=number,
        preset=table.row.preset,
        options=table.row.options,
        players=names,
        seed=seed,
        first_seq=table.row.seq,
    )
    # the first turn's clock is stored with the game (a start always has its clock): it
    # is worked out on the new game, which nobody sees before it is stored
    was = _playing(table, game, row, [], "playing", row.id)
    clock = table.clock_to_arm(fresh=True)
    _playing(table, *was)
    try:
        await table.store.start_game(
            table.row.id, row, hand_row(game), clock=(clock.seat, clock.deadline)
        )
    except Exception:
        # the answer to the commit may be lost, not the commit: read back, the game
        # stored is the one in play (another start would store a second game)
        read = await table.read_log()
        if read is False or table.game_row is None or table.game_row.id != row.id:
            raise
        event("storage", table.row.id, table.row.seq, "the game was stored after all")
    else:
        _playing(table, game, row, [], "playing", row.id)
        table.clock_stored(clock)
        table.row.updated_at = now()
    event("game.start", table.row.id, table.row.seq, f"game {number} starts", game=row.id)
    try:
        await table.list_actions()
    except Exception:  # the views list them on the event loop instead
        message = "the legal actions could not be listed"
        event("internal", table.row.id, table.row.seq, message, level=logging.ERROR, exc_info=True)
    table.broadcast_table()
    for conn in list(table.conns):
        table.send_state(conn)


async def start(table: Table, token: str) -> dict[str, Any]:
    """Starts the game once every seat is taken (any seated person may)."""
    _person(table, token)
    if table.row.status != "waiting":
        raise LobbyError("lobby.state", "the game has already started", 409)
    if any(s.kind == "open" for s in table.seats):
        raise LobbyError("lobby.seat", "a seat is still open", 409)
    await _new_game(table)
    return {"table": table.doc()}


async def again(table: Table, token: str) -> dict[str, Any]:
    """Plays another game with the same seats once the last one is over."""
    _person(table, token)
    if table.row.status != "over":
        raise LobbyError("lobby.state", "the game is not over", 409)
    await _new_game(table)
    return {"table": table.doc()}


async def connect(table: Table, conn: Connection, last: int | None, token: str | None) -> bool:
    """A client said hello: welcome, what it missed (or a fresh view), and everybody
    learns that the seat is connected. With a ``token`` the seat is the one it holds now,
    looked up here in the table's task (a ``leave`` may have freed it since the hello
    was read): False, and nothing done, where it holds none."""
    if table.row.status == "closed":  # by the sweep, after this hello was queued
        raise TableStopped("the table has closed")
    if token is not None:
        seat = seat_of(table, token)
        if seat is None:
            return False
        conn.seat = seat
    await table.list_actions()  # a game brought back from the log has no list yet
    table.conns.add(conn)
    table.active_at = time.monotonic()
    table.send(
        conn,
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "seat": conn.seat,
            "seq": table.row.seq,
            "table": table.doc(),
            "hands": table.hands_played(),
        },
    )
    table.catch_up(conn, last)
    if conn.seat is not None:
        table.broadcast_table()
    return True


async def disconnect(table: Table, conn: Connection) -> None:
    """A client went away."""
    table.conns.discard(conn)
    table.active_at = time.monotonic()
    conn.close()
    if conn.seat is not None:
        table.broadcast_table()
