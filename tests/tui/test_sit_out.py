"""The terminal game when tied leaders play on alone ([game.ties], leaders-play-on): the
person who sits a hand out watches the others play it, and the score sheet says who sat
out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit.tui.app import PlayApp
from rummykit.tui.render import score_sheet
from rummykit.tui.session import Session

CASE = Path(__file__).resolve().parents[1] / "cases" / "remik-table-leaders-play-on.json"


def sat_out_session(tmp_path: Path) -> Session:
    """Ana (the person) scored least in hand 1; Ben and Caro, tied leaders, play on."""
    doc = json.loads(CASE.read_text(encoding="utf-8"))
    for key in ("expect", "comment"):
        doc.pop(key, None)
    doc["hands"] = doc["hands"][:1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return Session.resume(path, save_path=tmp_path / "save.json")


def test_game_ties_the_person_who_sits_out_watches_the_hand_to_its_end(tmp_path: Path) -> None:
    session = sat_out_session(tmp_path)
    assert session.game.hand_seats == (1, 2) and session.human == 0
    assert session.view().hand is None  # a spectator of this hand
    sheet = score_sheet(session.game, session.human, 0).plain
    assert "Ana" in sheet


@pytest.mark.asyncio
async def test_game_ties_a_hint_asked_while_sitting_out_says_so(tmp_path: Path) -> None:
    # found by a review: it said "wait for your turn", a turn that never comes this hand
    session = sat_out_session(tmp_path)
    app = PlayApp(session, delay=60)  # the leaders wait: the hand is still on
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.05)
        app.action_hint()
        message = str(app.query_one("#message").render())
        assert message == "hint: you sit this hand out; the tied leaders play it"


@pytest.mark.asyncio
async def test_game_ties_the_app_plays_a_hand_the_person_sits_out(tmp_path: Path) -> None:
    session = sat_out_session(tmp_path)
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if session.over:
                break
    # the hand between the two tied leaders decides the game: one of them wins it
    assert session.over and session.game.winners in ((1,), (2,))
    sheet = score_sheet(session.game, session.human, 1).plain
    assert "Ana" in sheet and "sat this hand out" in sheet
