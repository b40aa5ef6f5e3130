"""Text a person chose (a name, a seed, a save file's path) is shown as it is: square
brackets are not Textual markup. Found by a review: ``--name '[/]'`` stopped the app
with a MarkupError when the game-over box named the winner, and ``--resume`` stopped it
again at once (the game could never be finished); ``--seed '[/]'`` stopped it at the
start; ``game[old].json`` showed as ``game.json`` in the title; ``Bob [AFK]`` lost
"[AFK]"."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from rummykit.tui.app import PlayApp
from rummykit.tui.screens import GameOverScreen, RummyOffer, ScoreSheetScreen
from rummykit.tui.session import Session

from .kit import scenario_session, screen_text, settle, shown_log, type_command

pytestmark = pytest.mark.asyncio

#: Players (you, Ana's seat, Ben's seat) whose names look like markup.
NAMES = [("[/]", "Ana [AFK]", "[b]Ben"), ("Bob [AFK]", "[/]", "Ben [red]x[/red]")]


def one_line(text: str) -> str:
    """The screen's text with its lines and runs of spaces joined (a title may wrap)."""
    return " ".join(text.split())


async def _finish(pilot: Pilot[None], names: tuple[str, str, str]) -> None:
    """Plays the scenario to its end: the Rummy call offered to you names Ana's seat."""
    app = pilot.app
    for text in ("draw", "meld 7H 8H 9H", "discard 6H", "draw", "meld 5C 5D 5S", "discard QD"):
        await type_command(pilot, text)
    assert isinstance(app.screen, RummyOffer)
    assert f"after {names[1]} discarded TH" in screen_text(app)
    await pilot.press("1")
    await settle(pilot)
    await type_command(pilot, "layoff TH to 1")
    await type_command(pilot, "discard KS")


@pytest.mark.parametrize("names", NAMES)
async def test_names_seed_and_path_with_brackets_through_a_whole_game(
    names: tuple[str, str, str], tmp_path: Path
) -> None:
    me, ana, ben = names
    save = tmp_path / "x[1]" / "game[old].json"
    session = scenario_session(save, target=40, names=names, seed="[/]")
    session.seed_chosen = True  # a seed the person chose is shown from the start
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        text = one_line(screen_text(app))
        assert "seed [/] · saved to game[old].json" in text
        assert f"▶{me} 7 cards" in text and f"{ana} heur" in text and f"{ben}(D) heur" in text
        await pilot.press("f6")  # the score sheet of the hand in progress
        await pilot.pause()
        assert isinstance(app.screen, ScoreSheetScreen)
        text = screen_text(app)
        assert f"  {me} " in text and f"  {ana} " in text and f"  {ben} " in text
        await pilot.press("escape")
        await settle(pilot)

        await _finish(pilot, names)
        assert app.crash is None and session.over
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert f"Game over: {me} wins" in text and f"{me} wins the game!" in text
        assert f"{me} went out" in text
    assert app.crash is None

    # the finished game resumed: the game-over box shows at once, and shows the name
    again = Session.resume(save, save_path=save)
    app = PlayApp(again, delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert f"Game over: {me} wins" in screen_text(app)
    assert app.crash is None


async def test_a_bot_name_in_a_hand_over_title_and_the_hint(tmp_path: Path) -> None:
    """The box after a hand (not the game's end) and the Rummy offer's hint."""
    names = ("[/]", "Ana [AFK]", "Ben [AFK]")
    session = scenario_session(names=names)
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for text in ("draw", "meld 7H 8H 9H", "discard 6H"):
            await type_command(pilot, text)
        assert "Ben [AFK] called RUMMY! and took 6H" in shown_log(app)
        for text in ("draw", "meld 5C 5D 5S", "discard QD"):
            await type_command(pilot, text)
        await pilot.press("h")  # the offer's hint
        await pilot.pause()
        assert "hint: " in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        await type_command(pilot, "layoff TH to 1")
        await type_command(pilot, "discard KS")
        assert isinstance(app.screen, ScoreSheetScreen)
        text = screen_text(app)
        assert "Hand 1 is over" in text and "[/] went out" in text
        assert "Ben [AFK] table   6" in text
    assert app.crash is None
