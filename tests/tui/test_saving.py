"""A game that can no longer be saved, or that is not saved at all (``--no-save``), is
not lost without warning (found by a review: the only sign was "NOT SAVED" in the
title, and ctrl+q quit at once). The first failing save is said on the message line,
with the reason and the file, and stays there while the bots play; ctrl+q (or quit)
asks once more before quitting a game that is not saved."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static

from rummykit.tui.app import ERROR_STYLE, PlayApp, short_path
from rummykit.tui.screens import GameOverScreen

from .kit import scenario_session, screen_text, settle, type_command

pytestmark = pytest.mark.asyncio


def message(app: PlayApp) -> Text:
    shown = app.query_one("#message", Static).content
    assert isinstance(shown, Text)
    return shown


def break_the_folder(folder: Path) -> None:
    """Makes saving into ``folder`` fail (even for root): a file takes its place."""
    shutil.rmtree(folder)
    folder.write_text("")


async def test_a_save_failing_mid_game_is_said_and_quitting_asks(tmp_path: Path) -> None:
    save = tmp_path / "saves" / "game.json"
    session = scenario_session(save)
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for text in ("draw", "meld 7H 8H 9H"):
            await type_command(pilot, text)
        assert session.save_error is None and save.exists()
        assert not message(app).plain.startswith("✗")

        break_the_folder(save.parent)
        # Ben calls Rummy on the 6H, lays it off and discards: the warning stays while
        # the bots play, with what to do now after it
        await type_command(pilot, "discard 6H")
        said = message(app)
        reason = f"cannot save to {short_path(save)}: "  # its last parts, if long
        assert said.plain.startswith(f"✗ NOT SAVED: {reason}")
        assert said.spans[0].style == ERROR_STYLE and said.spans[0].start == 0
        assert "; quitting loses the game (ctrl+q asks first). Your turn" in said.plain
        assert said.plain.endswith("Your turn: draw, or take N / take <card> from the pile.")
        shown = " ".join(screen_text(app).split())  # the whole warning is in view
        assert f"✗ NOT SAVED: {reason}File exists; quitting" in shown
        assert "loses the game (ctrl+q asks first). Your turn" in shown

        # the next command reads it; the next failures are not said again
        await type_command(pilot, "draw")
        assert not message(app).plain.startswith("✗")

        # ctrl+q asks first, then quits
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running
        said = message(app).plain
        assert said.startswith(f"✗ The game is NOT SAVED ({reason}")
        assert "Press ctrl+q again (or type quit) to quit without saving." in said
        await type_command(pilot, "sort rank")  # anything else: ctrl+q asks again
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and "Press ctrl+q again" in message(app).plain
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_a_save_that_works_again_and_fails_again_is_said_again(tmp_path: Path) -> None:
    save = tmp_path / "saves" / "game.json"
    session = scenario_session(save)
    app = PlayApp(session, delay=0)
    session.save()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        break_the_folder(save.parent)
        await type_command(pilot, "draw")
        assert message(app).plain.startswith("✗ NOT SAVED")
        save.parent.unlink()  # the folder can be made again: saving works again
        await type_command(pilot, "meld 7H 8H 9H")
        assert session.save_error is None and not message(app).plain.startswith("✗")
        assert "NOT SAVED" not in screen_text(app)
        break_the_folder(save.parent)
        await type_command(pilot, "discard 6H")
        assert message(app).plain.startswith("✗ NOT SAVED")
        save.parent.unlink()
        await type_command(pilot, "draw")
        assert session.save_error is None
        await pilot.press("ctrl+q")  # saved: quits at once
        await pilot.pause()
        assert not app.is_running


@pytest.mark.parametrize("how", ["ctrl+q", "quit"])
async def test_quitting_a_game_played_without_saving_asks_first(how: str) -> None:
    session = scenario_session(None)  # --no-save
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for n in (1, 2):
            if how == "ctrl+q":
                await pilot.press("ctrl+q")
            else:
                await type_command(pilot, "quit")
            await pilot.pause()
            if n == 1:
                assert app.is_running
                said = message(app).plain
                assert said.startswith("✗ The game is not saved (--no-save)")
                assert "Press ctrl+q again (or type quit) to quit without saving." in said
        assert not app.is_running


async def test_a_finished_game_not_saved_quits_at_once() -> None:
    session = scenario_session(None, target=40)
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")  # the game would be lost: asks first
        await pilot.pause()
        assert app.is_running and "Press ctrl+q again" in message(app).plain
        for text in ("draw", "meld 7H 8H 9H", "discard 6H", "draw", "meld 5C 5D 5S"):
            await type_command(pilot, text)
        await type_command(pilot, "discard QD")
        await pilot.press("1")
        await settle(pilot)
        await type_command(pilot, "layoff TH to 1")
        await type_command(pilot, "discard KS")
        assert session.over and isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+q")  # nothing left to lose: the game is over
        await pilot.pause()
        assert not app.is_running
