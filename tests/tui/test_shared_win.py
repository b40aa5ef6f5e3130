"""A game two players win together ([game.ties] share): the log, the score sheet and the
game-over box name both, and the sheet shows the settlement."""

from __future__ import annotations

import pytest

from rummykit import Game, Rules
from rummykit.bots import get_bot
from rummykit.tui.app import PlayApp
from rummykit.tui.render import score_sheet
from rummykit.tui.screens import GameOverScreen
from rummykit.tui.session import Session

from .kit import screen_text


def shared_win() -> Session:
    """remik-single, one deal: You go out and tie Ana at the top, 43 points each."""
    game = Game(Rules.preset("remik-single", deals=1), ["You", "Ana", "Ben"], seed=166)
    bots = {1: get_bot("greedy", seed=1, name="Ana"), 2: get_bot("greedy", seed=2, name="Ben")}
    s = Session(game, 0, {1: "greedy", 2: "greedy"}, bots=bots)
    me = get_bot("greedy", seed=0)
    while not s.over:
        if s.human_to_act:
            s.play(me.act(s.view()))
        else:
            s.bot_step()
    assert game.winner is None and game.winners == (0, 1)
    return s


def test_a_shared_win_in_the_log_and_on_the_score_sheet() -> None:
    s = shared_win()
    assert s.log[-1].text == "Game over: You and Ana share the win"
    sheet = score_sheet(s.game, s.human, 0).plain
    assert "\nYou and Ana share the win!\nsettlement: You +11, Ana +11, Ben -22" in sheet


@pytest.mark.asyncio
async def test_the_game_over_box_of_a_shared_win() -> None:
    app = PlayApp(shared_win(), delay=0)
    async with app.run_test(size=(80, 30)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        text = screen_text(app)
        assert "Game over: You and Ana share the win" in text
        assert "settlement: You +11, Ana +11, Ben -22" in text
        app.exit()
