"""Clients that hold the server up, from a review of it under load: one that stops
reading is cut off (its transport aborted), a half-sent request body ends, a client gone
before its body came is not an internal error, a seat asking for hints over and over
costs one hint a position, and a reconnection that missed more events than a slow
client may have queued gets them all."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading
import time
from typing import Any

import pytest

import rummykit.server.assist as assist
import rummykit.server.routes as routes
from rummykit.server.connection import TRANSPORT, Connection
from rummykit.server.protocol import ProtocolError, decode
from tests.server.kit import LiveServer, seats, wait_for


class _Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


class _Socket:
    """A WebSocket whose client reads nothing: a send never ends."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {TRANSPORT: _Transport()}
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        await asyncio.Event().wait()


def test_a_client_that_reads_nothing_is_cut_off_after_the_send_timeout() -> None:
    async def main() -> tuple[bool, bool, int, float]:
        ws = _Socket()
        conn = Connection(ws, None, max_outbox=2000, send_timeout=0.1)  # type: ignore[arg-type]
        conn.send({"type": "pong"})
        conn.send({"type": "pong"})
        started = time.monotonic()
        await conn.finish()  # returns: the writer does not wait on the socket for ever
        return conn.closed, ws.scope[TRANSPORT].aborted, len(ws.sent), time.monotonic() - started

    closed, aborted, sent, took = asyncio.run(main())
    assert closed and aborted and sent == 1 and took < 5


def test_a_client_too_far_behind_is_cut_off_at_once_its_queue_dropped() -> None:
    async def main() -> tuple[bool, bool, int, bool]:
        ws = _Socket()
        conn = Connection(ws, None, max_outbox=5, send_timeout=60)  # type: ignore[arg-type]
        for _ in range(10):
            conn.send({"type": "pong"})
        await asyncio.wait_for(conn.finish(), 5)  # no flush of what was queued
        return conn.closed, ws.scope[TRANSPORT].aborted, conn.code, conn._writer.cancelled()

    assert asyncio.run(main()) == (True, True, 1013, True)


def test_without_a_transport_a_cut_client_is_still_closed() -> None:
    # another ASGI server (or a test client) offers no transport to abort: the close
    # is tried, for at most the send timeout, instead of leaving the client half open
    closes: list[int] = []

    class NoTransport(_Socket):
        def __init__(self) -> None:
            super().__init__()
            self.scope = {TRANSPORT: None}

        async def close(self, code: int) -> None:
            closes.append(code)

    async def main() -> None:
        conn = Connection(NoTransport(), None, max_outbox=1, send_timeout=5)  # type: ignore[arg-type]
        for _ in range(3):
            conn.send({"type": "pong"})
        await asyncio.wait_for(conn.finish(), 5)
        await asyncio.sleep(0.05)

    asyncio.run(main())
    assert closes == [1013]


def test_the_events_of_a_catch_up_do_not_count_towards_the_limit() -> None:
    async def main() -> tuple[bool, int, bool]:
        ws = _Socket()
        conn = Connection(ws, None, max_outbox=5, send_timeout=60)  # type: ignore[arg-type]
        for _ in range(50):
            conn.send({"type": "event"}, catching_up=True)
        conn.send({"type": "state"})
        kept = not conn.closed
        owed = conn.owed
        for _ in range(10):  # live messages beyond the limit still cut it off
            conn.send({"type": "event"})
        closed = conn.closed
        conn.cut()
        await conn.finish()
        return kept, owed, closed

    kept, owed, closed = asyncio.run(main())
    assert kept and owed >= 49 and closed


def _raw_socket(live: LiveServer, path: str) -> socket.socket:
    """A WebSocket opened by hand that says hello as a spectator."""
    s = socket.create_connection(("127.0.0.1", live.port))
    s.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(1)
    assert b" 101 " in answer
    data, mask = json.dumps({"type": "hello", "protocol": 1}).encode(), b"\x01\x02\x03\x04"
    frame = bytes([0x81, 0x80 | len(data)]) + mask
    s.sendall(frame + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
    return s


def test_a_connection_cut_off_at_the_server_ends_for_the_client_and_the_table(
    live: LiveServer,
) -> None:
    # uvicorn's transport is found (KeepTransport), and aborting it ends the endpoint
    table_id = live.table(seats("open", "open"))["id"]
    s = _raw_socket(live, f"/tables/{table_id}/ws")
    table = live.server.lobby.tables[table_id]
    wait_for(lambda: len(table.conns) == 1)
    conn = next(iter(table.conns))
    assert conn.websocket.scope[TRANSPORT] is not None
    task = live.server.collector._task  # a task of the server's event loop
    assert task is not None
    task.get_loop().call_soon_threadsafe(conn.cut)
    wait_for(lambda: not table.conns)
    s.settimeout(5)
    with pytest.raises((ConnectionResetError, AssertionError)):
        while True:  # the welcome may be read first; then the end of the stream
            assert s.recv(65536)
    s.close()


def test_a_half_sent_body_is_answered_408_in_bounded_time(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a body that stops half way held the request open for good, and with it the
    # server's stop (SIGTERM): it is refused once its time is up
    monkeypatch.setattr(routes, "BODY_TIMEOUT", 0.5)
    s = socket.create_connection(("127.0.0.1", live.port))
    s.sendall(b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
    s.settimeout(10)
    answer = s.recv(65536).decode()
    s.close()
    assert answer.startswith("HTTP/1.1 408")
    assert '"rule":"lobby.request"' in answer and "did not come within 0.5 s" in answer


def test_a_client_gone_before_its_body_came_is_not_an_internal_error(
    live: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="rummykit.server"):
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", live.port))
            s.sendall(b"POST /tables HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
            s.close()
        time.sleep(0.5)
        assert live.http.get("/health").status_code == 200
    assert not [r for r in caplog.records if getattr(r, "kind", None) == "internal"]


def test_a_seat_asking_for_hints_on_many_connections_costs_one_hint(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    lock = threading.Lock()
    real = assist.hint

    def slow_hint(view: Any) -> Any:
        with lock:
            calls.append(view.seat)
        time.sleep(0.3)
        return real(view)

    monkeypatch.setattr(assist, "hint", slow_hint)
    table = live.table(seats("open", "open"))["id"]
    tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    first = live.client(table, tokens[0])
    state = first.until("state")
    asker = tokens[state["view"]["to_act"]]
    clients = [live.client(table, asker) for _ in range(4)]
    for client in clients:
        client.until("state")
    for _ in range(3):
        for client in clients:
            client.send({"type": "hint"})
    answers = [client.until("hint") for client in clients for _ in range(3)]
    assert len({json.dumps(a, sort_keys=True) for a in answers}) == 1
    assert len(calls) == 1  # twelve asks of one position: one hint worked out


def test_a_reconnection_gets_every_event_missed_however_many(
    make_server: Any, sqlite_url: str
) -> None:
    # more events missed than a slow client may have queued (max_outbox): all of them
    # come, then the state; cut off half way, the client would ask for them again
    # no rate limit: a whole game at machine speed would meet it on and on, and a client
    # refused on and on is cut off (4429), which is not what this test is about
    with make_server(db=sqlite_url, max_outbox=10, rate=1e6, burst=10_000) as live:
        table = live.table(seats("open", "greedy"))["id"]
        token = live.join(table, "Ana")
        live.post(f"/tables/{table}/start", {"token": token})
        client = live.client(table, token)
        first_seq = client.until("state")["seq"]
        client.play_to_end()
        client.close()
        seq = live.server.lobby.tables[table].row.seq
        assert seq - first_seq > 10
        again = live.client(table, token, seq=first_seq)
        events = []
        while True:
            message = again.recv()
            if message["type"] == "event":
                events.append(message["seq"])
            if message["type"] == "state":
                break
        assert events == list(range(first_seq + 1, seq + 1))  # every one, the last too
        assert message["seq"] == seq


def test_an_unknown_message_type_is_named_plainly() -> None:
    def refusal(raw: str) -> str:
        with pytest.raises(ProtocolError) as info:
            decode(raw, 4096)
        assert info.value.rule == "server.type"
        return info.value.message

    assert refusal('{"type": 5}').startswith("a message's 'type' is a text, not a number;")
    assert refusal("{}").startswith("a message needs a 'type';")
    assert refusal('{"type": "zap"}').startswith("unknown message type 'zap';")
    long = refusal(json.dumps({"type": "x" * 50}))
    assert long.startswith("unknown message type '" + "x" * 40 + "'… (50 characters);")
