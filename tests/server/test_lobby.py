"""The lobby over HTTP: tables made, listed, found by code; seats taken, left, started."""

from __future__ import annotations

import re

from tests.server.kit import LiveServer, seats


def test_the_index_names_the_protocol_and_the_presets(live: LiveServer) -> None:
    doc = live.get("/")
    assert doc["protocol"] == 1
    assert "500-rum" in doc["presets"] and "heuristic" in doc["levels"]


def test_create_join_by_code_and_start(live: LiveServer) -> None:
    table = live.table(seats("open", "open", "heuristic"), options={"target": 150})
    assert re.fullmatch(r"[A-HJKMNP-Z]{6}", table["code"])
    assert table["status"] == "waiting" and table["options"] == {"target": 150}
    assert [s["kind"] for s in table["seats"]] == ["open", "open", "bot"]
    assert table["seats"][2]["name"] == "Heuristic 3"
    listed = live.get("/tables")
    assert [t["id"] for t in listed] == [table["id"]]
    ana = live.post(f"/tables/{table['code'].lower()}/join", {"name": "Ana"})
    assert ana["seat"] == 0 and len(ana["token"]) >= 22  # at least 128 bits
    ben = live.join(table["id"], "Ben")
    assert ben != ana["token"]
    assert live.get("/tables") == []  # no open seat left
    started = live.post(f"/tables/{table['id']}/start", {"token": ben})
    assert started["table"]["status"] == "playing"
    assert live.get(f"/tables/{table['code']}")["game"] == started["table"]["game"]


def test_names_are_checked_and_distinct(live: LiveServer) -> None:
    table = live.table(seats("open", "open", "open"))["id"]
    live.join(table, "Ana")
    for bad, why in [
        (" Ana", "space"),
        ("Ana:1", "':'"),
        ("A\tB", "printable"),
        ("ana", "taken"),
        ("", "empty"),
        ("x" * 30, "at most"),
    ]:
        response = live.http.post(f"/tables/{table}/join", json={"name": bad})
        assert response.status_code == 400, bad
        error = response.json()["error"]
        assert error["rule"] == "lobby.name" and why in error["message"], error


def test_a_bot_name_cannot_be_taken(live: LiveServer) -> None:
    table = live.table(seats("open", "greedy"))["id"]
    response = live.http.post(f"/tables/{table}/join", json={"name": "greedy 2"})
    assert response.json()["error"]["rule"] == "lobby.name"


def test_bad_requests_get_named_errors(live: LiveServer) -> None:
    cases = [
        ({"preset": "poker"}, "lobby.rules"),
        ({"options": {"target": "lots"}}, "lobby.rules"),
        ({"options": {"colour": 1}}, "lobby.rules"),
        ({"seats": [{"kind": "open"}]}, "lobby.seats"),
        ({"seats": [{"kind": "bot", "level": "genius"}, {"kind": "open"}]}, "lobby.seats"),
        ({"seats": [{"kind": "robot"}, {"kind": "open"}]}, "lobby.request"),
        # only a person's token starts a game: a table of bots alone could never start
        ({"seats": [{"kind": "bot"}, {"kind": "bot", "level": "greedy"}]}, "lobby.seats"),
        ({"clock": 1}, "lobby.clock"),
        ({"surprise": True}, "lobby.request"),
    ]
    for body, rule in cases:
        response = live.http.post("/tables", json=body)
        assert response.status_code == 400, (body, response.text)
        assert response.json()["error"]["rule"] == rule, (body, response.text)
    response = live.http.post("/tables", content=b"{not json")
    assert response.json()["error"]["rule"] == "lobby.request"
    response = live.http.post("/tables", content=b"[" + b" " * 20000 + b"]")
    assert response.status_code == 413 and response.json()["error"]["rule"] == "lobby.size"
    assert live.get("/tables/NOPE", 404)["error"]["rule"] == "lobby.table"
    assert live.get("/games/nope/record", 404)["error"]["rule"] == "lobby.game"


def test_seats_tokens_and_states(live: LiveServer) -> None:
    table = live.table(seats("open", "open"))["id"]
    ana = live.join(table, "Ana", seat=1)
    response = live.http.post(f"/tables/{table}/join", json={"name": "Ben", "seat": 1})
    assert response.status_code == 409 and response.json()["error"]["rule"] == "lobby.seat"
    response = live.http.post(f"/tables/{table}/start", json={"token": ana})
    assert response.json()["error"]["rule"] == "lobby.seat"  # a seat is still open
    response = live.http.post(f"/tables/{table}/start", json={"token": "not-a-token"})
    assert response.status_code == 403 and response.json()["error"]["rule"] == "lobby.token"
    left = live.post(f"/tables/{table}/leave", {"token": ana})
    assert [s["kind"] for s in left["table"]["seats"]] == ["open", "open"]
    response = live.http.post(f"/tables/{table}/leave", json={"token": ana})
    assert response.status_code == 403  # the token went with the seat
    ben = live.join(table, "Ben")
    cleo = live.join(table, "Cleo")
    live.post(f"/tables/{table}/start", {"token": cleo})
    response = live.http.post(f"/tables/{table}/join", json={"name": "Dan"})
    assert response.json()["error"]["rule"] == "lobby.state"
    response = live.http.post(f"/tables/{table}/again", json={"token": ben})
    assert response.json()["error"]["rule"] == "lobby.state"  # not over yet
