"""Bot seats named by difficulty (easy, medium, hard, expert) or by ladder level."""

from __future__ import annotations

from tests.server.kit import LiveServer, seats


def test_seats_take_difficulties_and_levels(live: LiveServer) -> None:
    assert live.get("/")["levels"][:4] == ["easy", "medium", "hard", "expert"]
    table = live.table(seats("open", "easy", "expert", "greedy"))
    bots = table["seats"][1:]
    assert [s["kind"] for s in bots] == ["bot", "bot", "bot"]
    assert [s["name"] for s in bots] == ["Easy 2", "Expert 3", "Greedy 4"]


def test_an_unknown_difficulty_names_every_level(live: LiveServer) -> None:
    doc = live.post("/tables", {"preset": "500-rum", "seats": seats("open", "master")}, 400)
    text = str(doc)
    assert "'master'" in text and "easy, medium, hard, expert" in text and "ismcts" in text
