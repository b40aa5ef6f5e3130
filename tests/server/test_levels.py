"""Bot seats named by difficulty (easy, medium, hard, expert) or by ladder level."""

from __future__ import annotations

from collections.abc import Callable

from rummykit import Action, PlayerView
from tests.server.kit import LiveServer, seats


class FirstBot:
    """A server's own level: plays its first legal action."""

    def __init__(self, level: str, *, seed: str = "", name: str = "") -> None:
        self.name = name or level

    def act(self, view: PlayerView) -> Action:
        return view.legal_actions[0]


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


def test_the_server_lists_its_extra_levels_with_the_others(
    make_server: Callable[..., LiveServer], sqlite_url: str
) -> None:
    with make_server(db=sqlite_url, extra_levels={"first": FirstBot}) as live:
        levels = live.get("/")["levels"]
        assert levels[-1] == "first" and "expert" in levels and "ismcts" in levels
        table = live.table(seats("open", "first"))
        assert table["seats"][1]["level"] == "first"
