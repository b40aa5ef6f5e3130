"""The server's settings: one frozen :class:`ServerConfig` built by ``rummykit serve`` (or
by tests), passed to :func:`rummykit.server.create_app`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rummykit.players import Player

__all__ = ["BotFactory", "SendHook", "ServerConfig"]

#: Builds a bot: ``factory(level, seed=..., name=...)`` (default :func:`rummykit.bots.get_bot`).
BotFactory = Callable[..., Player]
#: Called with (table, seat or None, message) for every message queued to a client.
SendHook = Callable[[Any, int | None, dict[str, Any]], None]


@dataclass(frozen=True)
class ServerConfig:
    """What the server runs with. Every field has a default fit for ``rummykit serve``.

    >>> ServerConfig().rate, ServerConfig().max_message_bytes
    (20.0, 4096)
    """

    #: SQLAlchemy async URL; None: SQLite in the user's data directory
    db: str | None = None
    #: seconds a bot waits before its action is played (so people can follow); 0 in tests
    bot_delay: float = 0.0
    #: bot levels played in a process pool (the search levels) instead of a thread
    process_levels: frozenset[str] = frozenset({"montecarlo", "ismcts", "rollout"})
    #: worker processes for those levels (0: play them in threads too)
    processes: int = 2
    #: messages a connection may send per second, and at once
    rate: float = 20.0
    burst: int = 40
    #: the largest WebSocket message and HTTP body a client may send
    max_message_bytes: int = 4096
    max_body_bytes: int = 16384
    #: messages waiting for a slow client before the server cuts its connection off
    max_outbox: int = 2000
    #: seconds one message may take to go out before the client, which has stopped
    #: reading, is cut off (its socket's buffers are full)
    send_timeout: float = 30.0
    #: seconds a new connection has to say hello
    hello_timeout: float = 10.0
    #: the most seats and tables (a bound on memory)
    max_seats: int = 6
    max_tables: int = 1000
    #: the most tables waiting for players that one client address (an IPv6 client's
    #: /64 network) may have made and that are still waiting (0: no limit); loopback
    #: addresses are not counted: the machine's own user, or a proxy that did not say
    #: whom it forwards for
    max_waiting_per_address: int = 50
    #: the shortest and longest turn clock, in seconds
    clock_range: tuple[int, int] = (5, 3600)
    #: the most seconds a person offered a Rummy call has to call or pass, when the
    #: table has a turn clock (the shorter of the two applies; then the server passes)
    call_clock: int = 10
    #: web pages (origins such as ``https://rummy.example.org``) that may open a
    #: WebSocket or post to the lobby besides the server's own; ``*``: any
    allow_origins: frozenset[str] = frozenset()
    #: the address the server listens on (``--host``): a name given here is trusted as
    #: the server's own in the Origin check
    host: str | None = None
    #: seconds a waiting table may go untouched (nobody joining or leaving) before it is
    #: closed; one with nobody seated at it, ``empty_ttl`` if shorter
    waiting_ttl: float = 24 * 3600.0
    #: seconds a waiting table with nobody seated at it (made and not joined, or left
    #: by everybody) stays open (at most ``waiting_ttl``)
    empty_ttl: float = 3600.0
    #: seconds a table whose last game is over stays in memory with nobody connected
    #: (it stays in the database, and comes back when somebody asks for it)
    over_ttl: float = 600.0
    #: seconds a game in play without a turn clock waits for a person's move, none of
    #: its people connected, before it leaves memory (it stays in the database, and
    #: comes back, replayed, when somebody connects or asks for it)
    abandoned_ttl: float = 3600.0
    #: seconds between two sweeps for such tables
    sweep_interval: float = 60.0
    #: seconds between two garbage collections over every object; between them only
    #: objects made since the last are examined, so pauses stay short with many tables
    #: (0: Python's collector as it is; see rummykit.server.collector)
    full_collection_every: float = 600.0
    #: extra bot levels by name (tests add slow bots); the levels of rummykit.bots stay
    extra_levels: Mapping[str, BotFactory] = field(default_factory=dict)
    #: called for every message queued to a client (tests check what each seat is sent)
    on_send: SendHook | None = None
    #: called at the named points of an action's life ("before-log", "after-log"): tests
    #: crash the server there to check that an acknowledged action is never lost
    fault: Callable[[str], None] | None = None
