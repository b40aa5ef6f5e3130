"""The lobby against hostile or unlucky requests: odd bytes, odd references, requests at
once, a table that closes while a request is on its way. Each is answered with a lobby
error (4xx), never ``server.internal``, and the server's bounds hold."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from rummykit.server.storage import now
from tests.server.kit import LiveServer, seats, wait_for


def _finished_table(live: LiveServer) -> str:
    """The id of a table whose one-deal game a person played to its end."""
    table = live.table(seats("open", "greedy"), options={"deals": 1, "target": None})["id"]
    token = live.join(table, "Zoe")
    live.post(f"/tables/{table}/start", {"token": token})
    client = live.client(table, token)
    client.until("state")
    client.play_to_end()
    client.close()
    return table


def _response(sock: socket.socket) -> str:
    """A whole HTTP response read from ``sock`` (its head and body may come apart)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(4096)
    return (head + b"\r\n\r\n" + body).decode()


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b'{"preset": "\xff"}', "UTF-8"),
        (b'{"options": {"a": ' + b"[" * 5000 + b"]" * 5000 + b"}}", "nested"),
    ],
    ids=["not-utf8", "nested"],
)
def test_a_body_the_server_cannot_read_is_a_request_error(
    live: LiveServer, body: bytes, why: str
) -> None:
    response = live.http.post("/tables", content=body)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert error["rule"] == "lobby.request" and why in error["message"]


def test_a_huge_offset_lists_no_games(make_server: Callable[..., LiveServer], db_url: str) -> None:
    with make_server(db=db_url) as live:
        for offset in (2**63, 10**30):
            assert live.get(f"/games?offset={offset}") == []


def test_a_reference_that_is_not_letters_and_digits_names_nothing(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    # PostgreSQL refuses a NUL in a string: it must not be asked
    with make_server(db=db_url) as live:
        for method, path, rule in [
            ("GET", "/tables/a%00", "lobby.table"),
            ("POST", "/tables/a%00/join", "lobby.table"),
            ("POST", "/tables/Zo%C3%AB/leave", "lobby.table"),
            ("GET", "/games/a%00", "lobby.game"),
            ("GET", "/games/a%00/record", "lobby.game"),
            ("GET", "/web/replay/a%00", "lobby.game"),
        ]:
            body = {"name": "Ana"} if path.endswith("join") else {"token": "x"}
            response = live.http.request(method, path, json=body if method == "POST" else None)
            assert response.status_code == 404, (path, response.text)
            assert response.json()["error"]["rule"] == rule
        with connect(f"ws://127.0.0.1:{live.port}/tables/a%00/ws") as ws:
            refused = json.loads(ws.recv(timeout=5))
            assert refused["type"] == "error" and refused["rule"] == "lobby.table"


def test_a_join_whose_table_closes_meanwhile_is_refused_as_closed(
    make_server: Callable[..., LiveServer], tmp_path: Path
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/slow.db"
    with make_server(db=url, waiting_ttl=1.0, sweep_interval=0.3) as live:
        table = live.table(seats("open", "open"))["id"]
        body = json.dumps({"name": "Ana"}).encode()
        head = (
            f"POST /tables/{table}/join HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", live.port)) as sock:
            sock.sendall(head.encode() + body[:3])
            # the sweep closes (and drops) the table while the body is on its way
            wait_for(lambda: table not in live.server.lobby.tables, timeout=30)
            sock.sendall(body[3:])
            answer = _response(sock)
        assert answer.startswith("HTTP/1.1 404"), answer
        assert '"lobby.table"' in answer and "closed" in answer


def test_tables_made_at_once_stay_within_max_tables(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    with make_server(db=db_url, max_tables=2) as live:

        def create(_: int) -> int:
            with httpx.Client(base_url=f"http://127.0.0.1:{live.port}", timeout=30) as client:
                return client.post("/tables", json={}).status_code

        with ThreadPoolExecutor(12) as pool:
            codes = list(pool.map(create, range(12)))
        assert sorted(codes) == [201, 201] + [503] * 10
        assert live.get("/health")["tables"] == 2


def _made_from(live: LiveServer, address: str | None) -> httpx.Response:
    """``POST /tables`` as a client at ``address`` says it is (through a proxy on this
    machine, which uvicorn trusts); None: from this machine itself."""
    headers = {"X-Forwarded-For": address} if address else {}
    return live.http.post("/tables", json={}, headers=headers)


def test_one_address_keeps_at_most_max_waiting_per_address_tables_waiting(
    make_server: Callable[..., LiveServer], db_url: str
) -> None:
    with make_server(db=db_url, max_waiting_per_address=2) as live:
        first = [_made_from(live, "203.0.113.5") for _ in range(2)]
        assert [r.status_code for r in first] == [201, 201]
        refused = _made_from(live, "203.0.113.5")
        assert refused.status_code == 429
        error = refused.json()["error"]
        assert (
            error["rule"] == "lobby.busy" and "2 tables made from your address" in error["message"]
        )
        assert live.get("/health")["tables"] == 2
        # another address, and this machine's own user, are not held back by it
        assert _made_from(live, "203.0.113.6").status_code == 201
        assert [_made_from(live, None).status_code for _ in range(3)] == [201] * 3
        # a table that starts no longer waits: the address may make another
        table = first[0].json()["id"]
        token = live.join(table, "Zoe")
        live.post(f"/tables/{table}/start", {"token": token})
        assert _made_from(live, "203.0.113.5").status_code == 201
        assert _made_from(live, "203.0.113.5").status_code == 429


def test_tables_one_address_makes_at_once_stay_within_its_limit(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, max_waiting_per_address=3) as live:

        def create(_: int) -> int:
            with httpx.Client(base_url=f"http://127.0.0.1:{live.port}", timeout=30) as client:
                headers = {"X-Forwarded-For": "198.51.100.7"}
                return client.post("/tables", json={}, headers=headers).status_code

        with ThreadPoolExecutor(12) as pool:
            codes = list(pool.map(create, range(12)))
        assert sorted(codes) == [201] * 3 + [429] * 9
        assert live.get("/health")["tables"] == 3


def test_a_waiting_table_closed_for_nobody_joining_frees_its_makers_place(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    config = {"max_waiting_per_address": 1, "waiting_ttl": 3.0, "sweep_interval": 0.2}
    with make_server(db=sqlite_url, **config) as live:
        made = _made_from(live, "203.0.113.5")
        assert made.status_code == 201
        assert _made_from(live, "203.0.113.5").status_code == 429
        table = made.json()["id"]
        wait_for(lambda: live.get(f"/tables/{table}")["status"] == "closed", timeout=20)
        assert _made_from(live, "203.0.113.5").status_code == 201


def test_an_ipv6_client_counts_as_its_64_network(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # found by a review: each IPv6 address counted alone, and a client has millions
    with make_server(db=sqlite_url, max_waiting_per_address=1) as live:
        assert _made_from(live, "2001:db8::1").status_code == 201
        assert _made_from(live, "2001:db8::5:1").status_code == 429  # the same /64
        assert _made_from(live, "2001:db8:0:1::1").status_code == 201  # another one
        assert _made_from(live, "::ffff:203.0.113.5").status_code == 201
        assert _made_from(live, "203.0.113.5").status_code == 429  # the same client


def test_a_table_everybody_left_closes_within_empty_ttl_and_frees_its_makers_place(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    # found by a review: a table whose maker left it counted against them for a day
    config = {"max_waiting_per_address": 1, "empty_ttl": 2.0, "sweep_interval": 0.2}
    with make_server(db=sqlite_url, **config) as live:
        kept = _made_from(live, "198.51.100.1").json()["id"]
        live.join(kept, "Ben")  # Ben stays seated: his table waits on
        left = _made_from(live, "203.0.113.5").json()["id"]
        ana = live.join(left, "Ana")
        live.post(f"/tables/{left}/leave", {"token": ana})
        assert _made_from(live, "203.0.113.5").status_code == 429
        wait_for(lambda: live.get(f"/tables/{left}")["status"] == "closed", timeout=20)
        assert live.get(f"/tables/{kept}")["status"] == "waiting"
        assert _made_from(live, "203.0.113.5").status_code == 201


def test_a_join_that_waited_for_a_table_being_closed_is_told_it_is_closed(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # found by a review: it was told the game had started and it might watch
    from rummykit.server.storage import Store

    closing = threading.Event()
    original = Store.close_table

    async def slow_close(self: Store, table_id: str) -> None:
        closing.set()
        await asyncio.sleep(1.0)  # the join comes meanwhile, and waits for the table
        await original(self, table_id)

    monkeypatch.setattr(Store, "close_table", slow_close)
    with make_server(db=sqlite_url, empty_ttl=1.0, sweep_interval=0.2) as live:
        table = live.http.post("/tables", json={}).json()["id"]
        assert closing.wait(20)
        for _ in range(2):  # while it closes, and once it is gone
            answer = live.http.post(f"/tables/{table}/join", json={"name": "Ana"})
            assert answer.status_code == 404, answer.text
            assert answer.json()["error"]["rule"] == "lobby.table"


def test_refused_requests_bring_no_finished_table_back(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url) as live:
        done = [_finished_table(live) for _ in range(2)]
    with make_server(db=sqlite_url, max_tables=2) as live:
        for table in done:  # their ids are public: GET /games lists them
            response = live.http.post(f"/tables/{table}/leave", json={"token": "junk"})
            assert response.status_code == 403
            assert response.json()["error"]["rule"] == "lobby.token"
            # a join needs no token: it is refused without bringing the table back either
            # (found by a review: two joins filled a server of two tables)
            response = live.http.post(f"/tables/{table}/join", json={"name": "Zed"})
            assert response.status_code == 409
            assert response.json()["error"]["rule"] == "lobby.state"
        assert live.get("/health")["tables"] == 0
        live.table(seats("open", "greedy"))  # room for a new table
        response = live.http.post(f"/tables/{done[0]}/join", json={"name": "Ana"})
        assert response.status_code == 409 and "over" in response.json()["error"]["message"]


def test_finished_tables_anybody_brought_back_make_room_for_new_tables(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummykit.server import lobby

    with make_server(db=sqlite_url) as live:
        done = [_finished_table(live) for _ in range(2)]
    monkeypatch.setattr(lobby, "ROOM_GRACE", 0.0)
    with make_server(db=sqlite_url, max_tables=2) as live:
        for table in done:  # watching needs no token: anybody can bring them back
            watcher = live.client(table)
            assert watcher.until("state")["view"]["game_over"]
            watcher.close()
        assert live.get("/health")["tables"] == 2

        def create() -> httpx.Response:
            deadline = time.monotonic() + 10
            while True:  # until the watchers' connections are gone on the server too
                response = live.http.post("/tables", json={})
                if response.status_code != 503 or time.monotonic() > deadline:
                    return response
                time.sleep(0.05)

        # each new table takes the place of a finished one, which leaves memory
        assert create().status_code == 201 and create().status_code == 201
        assert live.get("/health")["tables"] == 2
        assert live.get(f"/tables/{done[0]}")["status"] == "over"  # still in the database
        # now only tables in play: no room for another, nor for a finished one
        response = live.http.post("/tables", json={})
        assert response.status_code == 503 and response.json()["error"]["rule"] == "lobby.full"
        with connect(f"ws://127.0.0.1:{live.port}/tables/{done[0]}/ws") as ws:
            error = json.loads(ws.recv(timeout=5))
            assert error["rule"] == "lobby.full"
        assert ws.close_code == 4503


def test_names_the_same_but_for_their_unicode_form_are_taken(live: LiveServer) -> None:
    table = live.table(seats("open", "open", "open"))["id"]
    live.join(table, "Zo\u00eb")
    for same in ("Zoe\u0308", "ZO\u00cb"):
        response = live.http.post(f"/tables/{table}/join", json={"name": same})
        assert response.status_code == 400, same
        assert response.json()["error"]["rule"] == "lobby.name"
    live.join(table, "Zoe")  # without the diaeresis: another name


class _Idle:
    """A stand-in for a live table: its row, no client, no call under way."""

    def __init__(self, state: Any, *_: object) -> None:
        self.row = state.table
        self.conns: set[object] = set()
        self.calls = 0
        self.stopped = False
        # nobody came or went since its row last changed
        self.active_at = time.monotonic() - (now() - self.row.updated_at).total_seconds()

    def abandoned(self) -> bool:  # a game in play here moves on (a bot, a clock)
        return False

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        self.stopped = True
        await asyncio.sleep(0.05 if self.row.id == "a" else 0.01)  # a task winding down


def test_a_table_brought_back_while_the_sweep_runs_is_not_dropped_with_its_old_self(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the sweep goes over the tables it saw; meanwhile a new table's room drops finished
    # table t, and a watcher brings t back as a new object: the sweep must leave that one
    from rummykit.server import lobby
    from rummykit.server.config import ServerConfig

    def row(ref: str, status: str, age: float) -> Any:
        stamp = now() - dt.timedelta(seconds=age)
        return SimpleNamespace(id=ref, code=ref.upper(), status=status, updated_at=stamp)

    class Store:
        async def find_table(self, ref: str) -> str:
            return ref

        async def load_table(self, ref: str) -> Any:
            return SimpleNamespace(table=row(ref, "over", 10_000), seats=[])

    monkeypatch.setattr(lobby, "Table", _Idle)

    async def main() -> tuple[Any, Any]:
        hall = lobby.Lobby(Store(), ServerConfig(max_tables=2), None)  # type: ignore[arg-type]
        for ref, status in (("a", "over"), ("t", "over"), ("p", "playing")):
            table = _Idle(SimpleNamespace(table=row(ref, status, 10_000)))
            hall.tables[ref] = table  # type: ignore[assignment]
            hall._codes[ref.upper()] = ref
        sweep = asyncio.create_task(hall.sweep())
        await asyncio.sleep(0)  # the sweep drops a, and waits for it to stop
        assert await hall._room()  # full (t, p): t leaves
        again = await hall.open("t")  # and comes back
        await sweep
        return hall, again

    hall, again = asyncio.run(main())
    assert hall.tables.get("t") is again and not again.stopped
    assert sorted(hall.tables) == ["p", "t"]

    async def busy() -> tuple[bool, bool]:
        # an idle finished table with a request under way (an `again` queued) stays
        full = lobby.Lobby(Store(), ServerConfig(max_tables=2), None)  # type: ignore[arg-type]
        for ref, status in (("t", "over"), ("p", "playing")):
            full.tables[ref] = _Idle(SimpleNamespace(table=row(ref, status, 10_000)))  # type: ignore[assignment]
        full.tables["t"].calls = 1
        kept = not await full._room()
        full.tables["t"].calls = 0
        return kept, await full._room()

    assert asyncio.run(busy()) == (True, True)
