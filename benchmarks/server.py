"""Game server load: many tables over loopback, a real server process, real WebSockets.

Starts ``rummykit``'s server (uvicorn, one process, SQLite by default) on a free local
port and plays two-seat tables with simulated people (each draws, then discards), in two
ways:

- **fast**: ``--fast`` tables, each acting as soon as the server answers: the most
  actions a second the server takes;
- **people-paced**: for each count in ``--people``, that many tables with one action
  every ``--pace`` seconds per table, as people play.

For each it reports the tables held, the actions a second, the latency from sending an
action to its acknowledgement (p50, p99, max), and the server's memory per table; then
it kills the server (SIGKILL) and times the start that rebuilds every table. Progress
goes to stderr.

    python benchmarks/server.py                         # 50 fast, then 250, 500, 1000 paced
    python benchmarks/server.py --people 100 --seconds 5 --fast 10
    python benchmarks/server.py --json                  # for programs
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The latency every people-paced run should stay under (p99, seconds).
TARGET_P99 = 0.050


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _rss(pid: int) -> int:
    """The process's resident memory in bytes (0 where /proc is not there)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# ---------------------------------------------------------------------- the server
def serve(db: str, port: int, log_level: str) -> None:
    """Runs the server (the child process)."""
    import uvicorn

    from rummykit.server import ServerConfig, create_app
    from rummykit.server.logs import logging_config

    config = ServerConfig(db=db, processes=0, rate=1e6, burst=1000, max_tables=100_000)
    uvicorn.run(
        create_app(config),
        host="127.0.0.1",
        port=port,
        log_level=log_level,
        log_config=logging_config("json", log_level),
        ws_max_size=65536,
        backlog=4096,
    )


class Server:
    """The server process: started, waited for, killed."""

    def __init__(self, db: str, log_level: str) -> None:
        self.db, self.log_level, self.port = db, log_level, _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, tables: int = 0) -> float:
        """Starts it; the seconds until /health shows ``tables`` live tables."""
        import httpx

        started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", self.db, str(self.port), self.log_level],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while True:
            try:
                doc = httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=5).json()
                if doc["ok"] and doc["tables"] >= tables:
                    return time.perf_counter() - started
            except httpx.TransportError:
                pass
            if self.process.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.02)

    def kill(self) -> None:
        """SIGKILL, as a crash."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    @property
    def rss(self) -> int:
        return 0 if self.process is None else _rss(self.process.pid)


# ---------------------------------------------------------------------- the people
class Seat:
    """One person's WebSocket: their latest view, and the ack they wait for."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.seq = 0
        self.waiting: asyncio.Future[tuple[str, int]] | None = None

    def choice(self) -> str:
        """Draws, discards the first card, or whatever else is legal first."""
        assert self.view is not None
        legal: list[str] = self.view["legal_actions"]
        if "draw" in legal:
            return "draw"
        return next((a for a in legal if a.startswith("discard")), legal[0])


class Play:
    """A table's two people and what they measured."""

    def __init__(self, seats: list[Seat]) -> None:
        self.seats = seats
        self.changed = asyncio.Event()
        self.latencies: list[float] = []
        self.errors = 0

    async def read(self, seat: Seat) -> None:
        async for raw in seat.ws:
            message = json.loads(raw)
            kind = message["type"]
            if kind == "state":
                seat.view, seat.seq = message["view"], message["seq"]
                self.changed.set()
            elif kind == "welcome":
                seat.seat = message["seat"]
            elif kind in ("ack", "error") and seat.waiting and not seat.waiting.done():
                seat.waiting.set_result((kind, message["seq"] or 0))

    async def mover(self, after: int) -> Seat:
        """The person to act, once their view is the table's latest (``after`` or later)."""
        while True:
            latest = max(s.seq for s in self.seats)
            for s in self.seats:
                view = s.view
                if latest < after or view is None or s.seq != latest:
                    continue
                if view["to_act"] == s.seat:
                    return s
            self.changed.clear()
            await self.changed.wait()

    async def drive(self, pace: float, until: float, offset: float) -> None:
        loop = asyncio.get_running_loop()
        next_at = loop.time() + offset
        after = 0
        while loop.time() < until:
            if pace:
                await asyncio.sleep(max(0.0, next_at - loop.time()))
                next_at += pace
            seat = await self.mover(after)
            seat.waiting = loop.create_future()
            sent = time.perf_counter()
            await seat.ws.send(
                json.dumps({"type": "action", "action": seat.choice(), "seq": seat.seq})
            )
            answer, after = await asyncio.wait_for(seat.waiting, 30)
            if answer == "ack":
                self.latencies.append(time.perf_counter() - sent)
            else:
                self.errors += 1


async def _setup(port: int, count: int) -> list[tuple[str, list[str]]]:
    """Makes ``count`` two-person tables, seated and started: (id, tokens)."""
    import httpx

    made: list[tuple[str, list[str]]] = []
    gate = asyncio.Semaphore(16)
    body = {"seats": [{"kind": "open"}, {"kind": "open"}]}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:

        async def one() -> None:
            async with gate:
                table = (await http.post("/tables", json=body)).json()["id"]
                tokens = [
                    (await http.post(f"/tables/{table}/join", json={"name": n})).json()["token"]
                    for n in ("Ana", "Ben")
                ]
                await http.post(f"/tables/{table}/start", json={"token": tokens[0]})
                made.append((table, tokens))

        await asyncio.gather(*(one() for _ in range(count)))
    return made


async def run_tables(
    server: Server, count: int, pace: float, seconds: float, label: str
) -> dict[str, Any]:
    """Plays ``count`` tables for ``seconds``: its figures."""
    from websockets.asyncio.client import connect

    before = server.rss
    started = time.perf_counter()
    made = await _setup(server.port, count)
    gate = asyncio.Semaphore(64)

    async def seat(table: str, token: str) -> Seat:
        async with gate:
            ws = await connect(
                f"ws://127.0.0.1:{server.port}/tables/{table}/ws", max_queue=None, open_timeout=60
            )
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
            return Seat(ws)

    plays = [
        Play(list(await asyncio.gather(*(seat(t, tok) for tok in tokens)))) for t, tokens in made
    ]
    readers = [asyncio.create_task(p.read(s)) for p in plays for s in p.seats]
    setup = time.perf_counter() - started
    gc.collect()
    gc.freeze()  # the load generator's own collector pauses are not the server's latency
    _say(f"  {label}: {count} tables seated and connected in {setup:.1f} s; playing")
    await asyncio.sleep(1.0)  # everybody's first view
    held = server.rss
    loop = asyncio.get_running_loop()
    until = loop.time() + seconds
    begun = time.perf_counter()
    drivers = [p.drive(pace, until, offset=(i / max(1, count)) * pace) for i, p in enumerate(plays)]
    await asyncio.gather(*drivers)
    took = time.perf_counter() - begun
    for task in readers:
        task.cancel()
    await asyncio.gather(*(s.ws.close() for p in plays for s in p.seats), return_exceptions=True)
    gc.unfreeze()
    latencies = sorted(x for p in plays for x in p.latencies)
    n = len(latencies)
    q = (
        statistics.quantiles(latencies, n=100, method="inclusive")
        if n >= 2
        else [latencies[0] if n else 0.0] * 99
    )
    return {
        "mode": label,
        "tables": count,
        "connections": 2 * count,
        "pace_s": pace,
        "seconds": round(took, 1),
        "actions": n,
        "refused": sum(p.errors for p in plays),
        "actions_per_s": round(n / took, 1),
        "p50_ms": round(q[49] * 1000, 1),
        "p99_ms": round(q[98] * 1000, 1),
        "max_ms": round((latencies[-1] if n else 0.0) * 1000, 1),
        "memory_per_table_kib": round((held - before) / max(1, count) / 1024, 1),
        "server_rss_mib": round(held / 2**20, 1),
        "setup_s": round(setup, 1),
    }


def _show(r: dict[str, Any]) -> str:
    return (
        f"{r['mode']:>12}  {r['tables']:>5} tables  {r['actions_per_s']:>7} actions/s  "
        f"p50 {r['p50_ms']:>6} ms  p99 {r['p99_ms']:>7} ms  max {r['max_ms']:>7} ms  "
        f"{r['memory_per_table_kib']:>6} KiB/table"
    )


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark; 0 once it has reported."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]) if __doc__ else None,
    )
    parser.add_argument("--fast", type=int, default=50, help="tables acting at once (50; 0: none)")
    parser.add_argument(
        "--people",
        default="250,500,1000",
        help="people-paced table counts, comma-separated (250,500,1000)",
    )
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between actions (2)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds each run plays (20)")
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--log-level", default="info", help="the server's log level (info)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        counts = [int(x) for x in args.people.split(",") if x.strip()]
    except ValueError:
        parser.error("--people: whole numbers separated by commas")
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}"
        server = Server(db, args.log_level)
        cold = server.start()
        _say(f"server up in {cold:.2f} s (port {server.port}, {db.split(':')[0]})")
        results: list[dict[str, Any]] = []
        try:
            if args.fast:
                results.append(
                    asyncio.run(run_tables(server, args.fast, 0.0, args.seconds, "fast"))
                )
                _say(_show(results[-1]))
            for count in counts:
                label = "people-paced"
                results.append(
                    asyncio.run(run_tables(server, count, args.pace, args.seconds, label))
                )
                _say(_show(results[-1]))
            live = args.fast + sum(counts)
            server.kill()
            _say(f"killed the server with {live} tables; starting it again")
            rebuild = server.start(live)
            _say(f"every table rebuilt and serving in {rebuild:.2f} s")
        finally:
            server.kill()
    report = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "target": {"people_paced_tables": 1000, "p99_ms": TARGET_P99 * 1000},
        "runs": results,
        "cold_start_s": round(cold, 2),
        "restart": {"tables": live, "seconds": round(rebuild, 2)},
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for r in results:
            print(_show(r))
        print(f"restart: {live} tables rebuilt in {rebuild:.2f} s (cold start {cold:.2f} s)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--serve":
        serve(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else:
        raise SystemExit(main())
