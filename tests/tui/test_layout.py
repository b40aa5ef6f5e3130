"""The screen at the sizes terminals have: the log column wraps its lines to its width
(found by a review: every line wider than the column was cut off at 80x24 and 100x30),
and a terminal too small for the table says so instead of hiding the pile and melds."""

from __future__ import annotations

import pytest
from rich.text import Text

from rummykit.tui.app import MIN_SIZE, CommandInput, GameLog, PlayApp

from .kit import log_column, scenario_session, screen_text, settle, type_command

pytestmark = pytest.mark.asyncio

#: A pile take as the log writes it, wider than the log column at 80 and 100 columns.
TAKE = "Ana took 10 cards: 4S 8D QD 3C 6H 7C 8C 9C TC JC"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_long_log_lines_wrap_in_the_log_column(size: tuple[int, int]) -> None:
    session = scenario_session()
    app = PlayApp(session, delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for text in ("draw", "meld 7H 8H 9H", "discard 6H"):
            await type_command(pilot, text)
        shown = log_column(app)
        assert "Ben called RUMMY! and took 6H" in shown
        assert "Ben laid off 6H on meld 1" in shown
        session.note(1, TAKE)  # a long line, as a big pile take writes it
        app.refresh_table()
        await pilot.pause()
        assert TAKE in log_column(app)
        for text in ("draw", "meld 5C 5D 5S", "discard QD"):
            await type_command(pilot, text)
        await pilot.press("1")
        await settle(pilot)
        await type_command(pilot, "layoff TH to 1")
        await type_command(pilot, "discard KS")
        await pilot.press("enter")  # the score sheet
        await settle(pilot)
        assert "You went out (You +49, Ana -48, Ben -46)" in log_column(app)


async def test_the_log_wraps_again_when_the_terminal_narrows() -> None:
    session = scenario_session()
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        session.note(1, TAKE)
        app.refresh_table()
        await pilot.pause()
        assert TAKE in log_column(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert TAKE in log_column(app)


@pytest.mark.parametrize("size", [(40, 12), (59, 24), (80, 19)])
async def test_a_terminal_too_small_for_the_table_says_so(size: tuple[int, int]) -> None:
    app = PlayApp(scenario_session(), delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        width, height = size
        assert f"The terminal is {width}x{height}: too small for the table." in text
        assert f"Enlarge the terminal to at least {MIN_SIZE[0]}x{MIN_SIZE[1]}" in text
        assert "Your turn: draw" in text  # the prompt stays: quit, or play on when larger
        await pilot.resize_terminal(*MIN_SIZE)
        await pilot.pause()
        text = screen_text(app)
        assert "too small" not in text
        assert "Stock 32  Pile 1 (top last)" in text and "Hand by suit (7)" in text


async def test_the_table_shows_whole_at_the_smallest_size() -> None:
    app = PlayApp(scenario_session(), delay=0)
    async with app.run_test(size=MIN_SIZE) as pilot:
        await settle(pilot)
        for text in ("draw", "meld 7H 8H 9H", "discard 6H"):
            await type_command(pilot, text)
        text = screen_text(app)
        assert "too small" not in text
        assert " 1 run Ben[6H] You[7H 8H 9H]" in text
        assert "Stock 31  Pile 2 (top last)" in text and "4D 2C" in text
        assert "Hand by suit (4): 5C  5D  5S KS" in text
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert "too small for the table" in " ".join(screen_text(app).split())


@pytest.mark.parametrize(("size", "screen"), [((80, 24), "sheet"), ((100, 40), "over")])
async def test_a_long_score_sheet_opens_on_its_totals_and_scrolls_by_page(
    size: tuple[int, int], screen: str
) -> None:
    # found by a review: a game of 8 hands or more opened its sheet with the totals out of
    # sight, at most 18 lines however tall the terminal, and the game-over box's keys
    # (↑↓ on its choices) could not scroll to them
    from textual.containers import VerticalScroll

    from rummykit.tui.screens import GameOverScreen, ScoreSheetScreen

    lines = [f"hand {i:>2}   {10 * i:>4}   {-i:>4}" for i in range(1, 41)]
    sheet = Text("\n".join([*lines, "total     820   -820", "Ana wins the game!"]))
    app = PlayApp(scenario_session())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        dialog = (
            ScoreSheetScreen("Hand 40", sheet)
            if screen == "sheet"
            else GameOverScreen("The game is over", sheet)
        )
        app.push_screen(dialog)
        await pilot.pause()
        await pilot.pause()
        scroll = dialog.query_one("#sheet-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == scroll.max_scroll_y
        assert "Ana wins the game!" in screen_text(app)
        assert scroll.size.height > (18 if size[1] >= 40 else 10)  # the room there is
        await pilot.press("pageup")
        await pilot.pause()
        assert scroll.scroll_y < scroll.max_scroll_y
        if screen == "over":
            await pilot.press("n")  # no longer plays again
            assert app.screen is dialog


async def test_the_log_keeps_its_newest_line_in_sight_when_the_message_grows() -> None:
    # found by a review: a hint of three lines shrank the log column, which kept its
    # scroll position, so the newest lines (the person's own take) went out of sight
    session = scenario_session()
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        for n in range(40):
            session.note(1, f"line {n}")
        app.refresh_table()
        await pilot.pause()
        assert log.is_vertical_scroll_end and "line 39" in log_column(app)
        app.say("a long message " * 12)  # three lines: the log column grows shorter
        await pilot.pause()
        await pilot.pause()
        assert log.is_vertical_scroll_end and "line 39" in log_column(app)
        # scrolled up by the player, it stays where they put it
        log.scroll_home(animate=False)
        await pilot.pause()
        app.say("")
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == 0 and "line 39" not in log_column(app)
        # emptied (a new game), it follows its newest line again
        log.reset()
        for n in range(21):
            session.note(1, f"again {n}")
            log.add(Text(f"again {n}"))
        await pilot.pause()
        app.say("a long message " * 12)
        await pilot.pause()
        await pilot.pause()
        assert log.is_vertical_scroll_end and "again 20" in log_column(app)


async def test_melds_that_do_not_fit_are_said_to_be_there_and_scroll_by_page_keys() -> None:
    # found by a review: at 6 players the melds outgrew their box at 80x24, melds 12 to 15
    # were out of sight with nothing saying so, and no key scrolled them into view
    from rummykit.bots.hints import hint
    from rummykit.tui.melds_box import MeldsBox
    from rummykit.tui.session import Session

    for seed in range(3, 13):  # a game in which 16 melds go down in one hand
        session = Session.start("500-rum", {}, ["greedy"], players=6, seed=seed, save_path=None)
        for _ in range(2000):  # the person plays the hint's moves until 16 melds are down
            if len(session.view().melds) >= 16 or session.over:
                break
            if session.human_to_act:
                session.play(hint(session.view()).action)
            else:
                session.bot_step()
        if len(session.view().melds) >= 16:
            break
    assert len(session.view().melds) >= 16
    app = PlayApp(session, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        box = app.query_one(MeldsBox)
        assert box.max_scroll_y > 0  # they do not all fit
        assert "▼ more melds below: PgDn" in screen_text(app)
        await pilot.press("pagedown")  # the prompt keeps the focus
        await pilot.pause()
        assert box.scroll_y > 0 and isinstance(app.focused, CommandInput)
        text = screen_text(app)
        assert "▲ more melds above: PgUp" in text
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y and "▼ more melds" not in screen_text(app)
        await pilot.press("pageup", "pageup", "pageup")
        await pilot.pause()
        assert box.scroll_y == 0 and "▲ more melds" not in screen_text(app)
        # found by a review: with a Rummy call offered, PgDn moved the highlight in the
        # short list of calls, and the melds beside the offer could not be scrolled
        from rummykit.tui.screens import RummyOffer

        offer = RummyOffer(session.view(), "")
        app.push_screen(offer)
        await pilot.pause()
        await pilot.press("pagedown")
        await pilot.pause()
        assert box.scroll_y > 0 and app.screen is offer
        assert "PgUp/PgDn: melds" in screen_text(app)
        await pilot.press("pageup")
        await pilot.pause()
        assert box.scroll_y == 0
    # a table whose melds fit says nothing of the kind
    app = PlayApp(scenario_session(), delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert "more melds" not in screen_text(app)
