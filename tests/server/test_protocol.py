"""The protocol's messages: every schema valid, malformed input answered with a named
error (never a crash or a closed table), size and rate limits, a bad hello refused."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rummykit.server.protocol import (
    CLIENT_MESSAGES,
    SERVER_MESSAGES,
    ProtocolError,
    decode,
    load_schema,
)
from tests.server.kit import VALIDATORS, LiveServer, seats

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("name", CLIENT_MESSAGES + SERVER_MESSAGES)
def test_every_message_has_a_valid_schema_documented(name: str) -> None:
    schema = load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"urn:rummykit:protocol:{name}:1"
    assert schema["properties"]["type"] == {"const": name, "description": "The message type."}
    assert f"### `{name}`" in (DOCS / "protocol.md").read_text(encoding="utf-8")


def test_the_schemas_refuse_what_the_server_refuses() -> None:
    VALIDATORS["action"].validate({"type": "action", "action": "draw", "seq": 0})
    for bad in (
        {"type": "action", "action": "draw"},
        {"type": "action", "action": "", "seq": 0},
        {"type": "action", "action": "draw", "seq": -1},
        {"type": "action", "action": "draw", "seq": 0, "extra": 1},
    ):
        with pytest.raises(jsonschema.ValidationError):
            VALIDATORS["action"].validate(bad)
        with pytest.raises(ProtocolError):
            decode(json.dumps(bad))


@pytest.mark.parametrize(
    ("raw", "rule"),
    [
        ("{not json", "server.json"),
        (b"\xff\xfe", "server.json"),
        ("[1, 2]", "server.type"),
        ('"hello"', "server.type"),
        ("{}", "server.type"),
        ('{"type": 7}', "server.type"),
        ('{"type": "teleport"}', "server.type"),
        ('{"type": "action", "seq": 0}', "server.message"),
        ('{"type": "action", "action": 7, "seq": 0}', "server.message"),
        ('{"type": "action", "action": "draw", "seq": "0"}', "server.message"),
        ('{"type": "action", "action": "draw", "seq": 0, "x": 1}', "server.message"),
        ('{"type": "action", "action": "' + "x" * 300 + '", "seq": 0}', "server.message"),
        ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "server.size"),
        ("[" * 3000 + "]" * 3000, "server.size"),
        ("[" * 1000 + "]" * 1000, "server.json"),
    ],
)
def test_decode_names_what_is_wrong(raw: str | bytes, rule: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(raw)
    assert caught.value.rule == rule


def test_malformed_messages_get_named_errors_and_the_table_plays_on(live: LiveServer) -> None:
    table = live.table(seats("open", "open"))["id"]
    tokens = [live.join(table, "Ana"), live.join(table, "Ben")]
    live.post(f"/tables/{table}/start", {"token": tokens[0]})
    client = live.client(table, tokens[0])
    client.until("state")
    for raw, rule in [
        ("{not json", "server.json"),
        (b"\xff\xfe", "server.json"),
        ('{"type": "teleport"}', "server.type"),
        ('{"type": "action", "seq": 0}', "server.message"),
        ('{"type": "ping", "pad": "' + "x" * 5000 + '"}', "server.size"),
        ('{"type": "hello", "protocol": 1}', "server.hello"),
    ]:
        client.send_raw(raw)
        answer = client.until("error")
        assert answer["rule"] == rule and answer["seq"] == 0, answer
    client.send({"type": "ping"})
    assert client.until("pong") == {"type": "pong"}
    assert live.get(f"/tables/{table}")["seq"] == 0
    # a frame far over the transport's limit closes that connection, not the table
    with pytest.raises(ConnectionClosed):
        client.send_raw("x" * 200_000)
        client.recv(5)
    other = live.client(table, tokens[1])
    assert other.until("state")["seq"] == 0


def test_a_flood_is_rate_limited(make_server: Callable[..., LiveServer], sqlite_url: str) -> None:
    # a bucket of 3 that refills once in 100 s: the first 3 pings are answered, the
    # other 7 refused, however slowly the server reads them
    with make_server(db=sqlite_url, rate=0.01, burst=3) as live:
        table = live.table(seats("open", "open"))["id"]
        client = live.client(table)
        for _ in range(10):
            client.send({"type": "ping"})
        got = [client.recv() for _ in range(10)]
        assert [m["type"] for m in got] == ["pong"] * 3 + ["error"] * 7
        assert {m["rule"] for m in got[3:]} == {"server.rate"}
        assert client.drain(0.3) == []  # and nothing more


def test_a_client_that_keeps_flooding_is_closed(
    make_server: Callable[..., LiveServer], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummykit.server.ws as ws

    monkeypatch.setattr(ws, "MAX_REFUSED", 5)
    with make_server(db=sqlite_url, rate=1.0, burst=3) as live:
        table = live.table(seats("open", "open"))["id"]
        client = live.client(table)
        with contextlib.suppress(ConnectionClosed):
            for _ in range(40):
                client.send({"type": "ping"})
        with pytest.raises(ConnectionClosed):
            while True:
                client.recv(5)
        assert client.ws.close_code == 4429


def test_clients_of_a_table_closed_by_the_sweep_are_told_it_is_going_away(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, waiting_ttl=0.5, sweep_interval=0.1) as live:
        table = live.table(seats("open", "open"))["id"]
        client = live.client(table)
        with pytest.raises(ConnectionClosed):
            while True:
                client.recv(5)
        assert client.ws.close_code == 1001  # going away (a normal close tells nothing)


def _refused(live: LiveServer, path: str, hello: object) -> tuple[dict[str, object], int | None]:
    with connect(f"ws://127.0.0.1:{live.port}{path}") as ws:
        with contextlib.suppress(ConnectionClosed):  # an unknown table closes at once
            ws.send(json.dumps(hello))
        message = json.loads(ws.recv(timeout=5))
        VALIDATORS["error"].validate(message)
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
        return message, ws.close_code


def test_a_bad_hello_is_refused_and_closed(live: LiveServer) -> None:
    table = live.table(seats("open", "open"))["id"]
    cases = [
        (f"/tables/{table}/ws", {"type": "ping"}, "server.hello", 4400),
        (f"/tables/{table}/ws", {"type": "hello", "protocol": 2}, "server.protocol", 4400),
        (
            f"/tables/{table}/ws",
            {"type": "hello", "protocol": 1, "token": "x"},
            "server.token",
            4403,
        ),
        ("/tables/NOSUCH/ws", {"type": "hello", "protocol": 1}, "lobby.table", 4404),
    ]
    for path, hello, rule, code in cases:
        message, closed = _refused(live, path, hello)
        assert message["rule"] == rule and closed == code, (hello, message, closed)


def test_the_examples_in_the_protocol_document_are_valid() -> None:
    text = (DOCS / "protocol.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    checked = set()
    for block in blocks:
        doc = json.loads(block)
        if "type" in doc:
            VALIDATORS[doc["type"]].validate(doc)
            checked.add(doc["type"])
    assert checked == set(CLIENT_MESSAGES + SERVER_MESSAGES)
