"""``rummykit serve``: the game server (the ``server`` extra), on 127.0.0.1:8000 by
default. Its parts are imported only when it runs, so the rest of the command line works
without the extra."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummykit.cli.runlog import make_folder

if TYPE_CHECKING:  # the server's parts are imported only when it runs
    from starlette.applications import Starlette

    from rummykit.server.app import Server

__all__ = ["add_parser", "run"]

_DESCRIPTION = """\
Runs the rummykit game server: a lobby over HTTP (make a table, take a seat, start) and
play over one WebSocket per client, every action logged to a database before it is
acknowledged. Unfinished games come back when the server starts again. Running it is
described in docs/server.md, writing a client in docs/protocol.md.
"""

_EPILOG = """\
examples:
  rummykit serve                                  SQLite in your data folder, port 8000
  rummykit serve --port 9000 --bot-delay 0        bots answer at once
  rummykit serve --db postgresql+asyncpg://rummy@localhost/rummy
  rummykit serve --host 0.0.0.0                   reachable from other machines (see
                                                  docs/server.md: put TLS in front)
  rummykit serve --allow-origin https://rummy.example.org --log-format json

exit status: 0 when stopped with Ctrl+C (stopped by SIGTERM, as systemd and docker stop
it, the server ends by that signal once it has shut down: 143 in a shell, a clean stop
to systemd), 2 for a bad argument, 3 when the database cannot be used (it is opened and
brought up to date before the server starts), 4 when the server cannot listen at --host
and --port (the port is taken, the host unknown).
"""


#: The longest --waiting-hours: ten years (far longer overflows the clock's dates).
MAX_WAITING_HOURS = 87_600
#: The longest --bot-delay: a bot that waits longer only stalls the table.
MAX_BOT_DELAY = 60.0
#: The most --waiting-per-address (a server holds 1,000 tables).
MAX_WAITING_PER_ADDRESS = 1000
#: The most --processes (as ``simulate --jobs``).
MAX_PROCESSES = 256


def add_parser(sub: Any) -> None:
    """Registers the sub-command."""
    p = sub.add_parser(
        "serve",
        help="run the game server (lobby over HTTP, play over WebSockets)",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on, 1 to 65535 (8000)")
    p.add_argument(
        "--db",
        metavar="URL",
        help="database URL: sqlite+aiosqlite:///PATH or postgresql+asyncpg://USER@HOST/DB "
        "(default: SQLite in your data folder); an SQLite file's folder is made if missing",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="the least time a bot takes to play, so people can follow, 0 to 60 (0.6)",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=2,
        metavar="N",
        help="worker processes for the search bots, montecarlo, ismcts and rollout, 0 "
        "(threads) to 256 (2)",
    )
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web page origin (https://host[:port]) that may connect besides the server's "
        "own; repeat for more; '*' allows any",
    )
    p.add_argument(
        "--waiting-hours",
        type=float,
        default=24.0,
        metavar="HOURS",
        help="close a waiting table that nobody joined for this long (24; one with nobody "
        "seated at it closes after an hour, or this if shorter)",
    )
    p.add_argument(
        "--waiting-per-address",
        type=int,
        default=50,
        metavar="N",
        help="the most tables waiting for players that one client address may have made, "
        "up to 1000, or 0 for no limit; loopback addresses are not counted (50)",
    )
    p.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="log lines as text or as JSON objects, one a line (text)",
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="how much the server logs (info)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serves until interrupted; 2 for a bad option."""
    from rummykit.server import ServerConfig, create_app
    from rummykit.server.origins import is_origin
    from rummykit.server.storage import default_url

    if not 0 < args.port < 65536:
        print(f"rummykit serve: --port {args.port}: a port is 1 to 65535", file=sys.stderr)
        return 2
    if not (0 <= args.bot_delay <= MAX_BOT_DELAY):  # (nan passes no comparison)
        print(
            f"rummykit serve: --bot-delay {args.bot_delay:g}: seconds from 0 to {MAX_BOT_DELAY:g}",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.processes <= MAX_PROCESSES:
        print(
            f"rummykit serve: --processes {args.processes}: 0 (threads) to {MAX_PROCESSES}",
            file=sys.stderr,
        )
        return 2
    if not 0 < args.waiting_hours <= MAX_WAITING_HOURS:
        print(
            f"rummykit serve: --waiting-hours {args.waiting_hours:g}: hours above 0, at "
            f"most {MAX_WAITING_HOURS:,} (ten years)",
            file=sys.stderr,
        )
        return 2
    if not 0 <= args.waiting_per_address <= MAX_WAITING_PER_ADDRESS:
        print(
            f"rummykit serve: --waiting-per-address {args.waiting_per_address}: 0 (no limit) "
            f"to {MAX_WAITING_PER_ADDRESS:,}",
            file=sys.stderr,
        )
        return 2
    for origin in args.allow_origin:
        if origin != "*" and not is_origin(origin):
            print(
                f"rummykit serve: --allow-origin {origin}: an origin is http(s)://HOST[:PORT], "
                "without a path",
                file=sys.stderr,
            )
            return 2
    unknown = _host_problem(args.host, args.port)
    if unknown is not None:  # before any database is made or migrated
        print(f"rummykit serve: {unknown}", file=sys.stderr)
        return 4
    try:
        db = args.db or default_url()
    except OSError as e:
        print(
            f"rummykit serve: cannot make the database's folder {e.filename}: "
            f"{e.strerror or e} (name a database with --db)",
            file=sys.stderr,
        )
        return 3
    usable = db.startswith(("sqlite+aiosqlite://", "postgresql+asyncpg://"))
    expanded = _expanded(db) if usable else None
    if expanded is None:
        print(
            f"rummykit serve: --db {db}: use sqlite+aiosqlite:///PATH or "
            "postgresql+asyncpg://USER@HOST/DB",
            file=sys.stderr,
        )
        return 2
    db = expanded
    config = ServerConfig(
        db=db,
        bot_delay=args.bot_delay,
        processes=args.processes,
        host=args.host,
        allow_origins=frozenset(args.allow_origin),
        waiting_ttl=args.waiting_hours * 3600,
        max_waiting_per_address=args.waiting_per_address,
    )
    if db.rstrip("/") == "sqlite+aiosqlite:" or db.endswith(":memory:"):
        print(
            f"rummykit serve: --db {db}: a database in memory keeps nothing when the server "
            "stops, and the server promises to bring tables back: name a file "
            "(sqlite+aiosqlite:///PATH)",
            file=sys.stderr,
        )
        return 2
    folder = _sqlite_folder(db)
    if folder is not None:  # made if missing, as the default database's folder is
        try:
            make_folder(folder)
        except OSError as e:
            print(
                f"rummykit serve: --db {db}: cannot make its folder {folder}: {e.strerror or e}",
                file=sys.stderr,
            )
            return 3
    return _serve(create_app(config), args, db)


#: Seconds a stopping server waits for open requests and connections to end.
GRACEFUL_STOP = 10


def _resolved(host: str, port: int) -> tuple[Any, ...] | str:
    """The first address ``host``:``port`` resolves to for listening (as uvicorn will), or
    why it does not resolve."""
    import socket

    try:
        return socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except OSError as e:  # an unknown host
        return f"--host {host}: {e.strerror or e}"
    except UnicodeError:  # the name's IDNA encoding fails: 192.168..1
        return f"--host {host}: not a host name (a part between dots is empty or too long)"


def _host_problem(host: str, port: int) -> str | None:
    """Why ``host`` is no address to listen at (it does not resolve), or None."""
    found = _resolved(host, port)
    return found if isinstance(found, str) else None


def _listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen at ``host``:``port`` (tried as uvicorn will, and let
    go at once), or None."""
    import socket

    found = _resolved(host, port)
    if isinstance(found, str):
        return found
    family, kind, proto, _, address = found
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as e:
            return f"cannot listen at {host}:{port}: {e.strerror or e} (choose --port)"
    return None


def _serve(app: Starlette, args: argparse.Namespace, db: str) -> int:
    """Serves ``app`` until stopped; 3 when the database cannot be used, 4 when the server
    cannot listen (said before the address, see :func:`_ready`)."""
    import socket

    import uvicorn

    class Serving(uvicorn.Server):
        """uvicorn's server, which first gets ready (:func:`_ready`) in the event loop
        that it then serves in: the database's lock, taken there, is the server's."""

        refused: int | None = None

        async def serve(self, sockets: list[socket.socket] | None = None) -> None:
            self.refused = await _ready(app, args, db)
            if self.refused is None:
                await super().serve(sockets)

    server = Serving(
        uvicorn.Config(
            app,
            host=args.host,
            port=args.port,
            log_config=None,  # configured once ready (nothing logged in a refusal)
            ws_max_size=65536,
            ws_ping_interval=20,
            ws_ping_timeout=20,
            # a stop (SIGTERM, Ctrl+C) waits this long for open requests and connections,
            # then closes them: a client that never reads does not hold the server up
            timeout_graceful_shutdown=GRACEFUL_STOP,
        )
    )
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C before the server's own handler
        server.run()
    if server.refused is not None:
        return server.refused
    return 0 if server.started else STARTUP_FAILURE


#: The exit status when the app fails to start (as uvicorn's own).
STARTUP_FAILURE = 3


async def _ready(app: Starlette, args: argparse.Namespace, db: str) -> int | None:
    """Opens the database (running the migrations) and keeps it, and its lock, for the
    server, then checks that it can listen; says the address and configures the log
    (None), or says why not (3: the database, 4: the address). Taking the lock before
    saying an address, and keeping it, means that of two servers started at the same
    moment on one database the second says why here, not after its address."""
    import logging.config

    from rummykit.server.logs import logging_config

    server = app.state.server
    problem = await _database_problem(server)
    if problem is not None:
        print(f"rummykit serve: --db {_safe(db)}: {problem}", file=sys.stderr)
        return 3
    problem = _listen_problem(args.host, args.port)
    if problem is not None:
        await server.stop()  # the database and its lock let go
        print(f"rummykit serve: {problem}", file=sys.stderr)
        return 4
    shown = "localhost" if args.host in ("127.0.0.1", "0.0.0.0") else args.host
    print(f"rummykit server: open http://{shown}:{args.port}/ (Ctrl+C stops it)")
    print(f"database: {_safe(db)}", flush=True)
    logging.config.dictConfig(logging_config(args.log_format, args.log_level))
    return None


async def _database_problem(server: Server) -> str | None:
    """Why ``server`` could not use its database (opened, its lock taken and brought up
    to date, as the server keeps it), or None."""
    from rummykit.server.owner import DatabaseInUse

    try:
        await server.open()
    except DatabaseInUse as e:
        return str(e)
    except Exception as e:  # every driver and migration error: said in one line
        text = " ".join(str(getattr(e, "orig", None) or e).split()) or type(e).__name__
        return f"cannot use this database ({type(e).__name__}: {text[:300]})"
    return None


def _expanded(url: str) -> str | None:
    """``url`` with an SQLite file's ``~`` made the home folder (SQLite itself would open
    a folder called ``~``), or None for a URL that does not read as one."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
        parsed.port  # noqa: B018 - a port that is not a number fails only when read
    except (ArgumentError, ValueError):
        return None
    if parsed.get_backend_name() == "sqlite" and (parsed.database or "").startswith("~"):
        database = os.path.expanduser(parsed.database or "")
        return parsed.set(database=database).render_as_string(hide_password=False)
    return url


def _sqlite_folder(url: str) -> Path | None:
    """The folder of the file an SQLite URL names (None: another database)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    return Path(parsed.database).parent


def _safe(url: str) -> str:
    """The URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
