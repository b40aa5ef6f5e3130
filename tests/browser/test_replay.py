"""The end of a game through the page: the result, play again; then the finished game
from the lobby's list, replayed step by step with every hand shown."""

from __future__ import annotations

from typing import Any

from tests.browser.support import (
    LAYOUT_CHECK,
    NARROW,
    OUTPUT,
    case_replay,
    create_table,
    new_page,
    no_missing_text,
    play_to_the_end,
    ready,
    view,
)


def test_result_play_again_and_replay(server: Any, browser: Any) -> None:
    page = new_page(browser)
    # three cards each and a target of 1: the first hand ends the game
    create_table(page, server, "Eva", "rummy", ["bot:greedy"], {"hand_size": "3", "target": "1"})
    page.click("[data-focus=start]")
    play_to_the_end(page)
    result = page.locator(".result")
    result.wait_for()
    assert "wins" in result.inner_text() or "No single winner" in result.inner_text()
    assert result.locator(".score-sheet tbody tr").count() == 1
    game = page.evaluate("rk.session.game")

    # play again: a new game at the same table, hand 1 (which may be over already: with
    # three cards and a target of 1, the bot can go out at its first turn, before the
    # page has seen the new game running; that failed once in CI)
    page.click("[data-focus=again]")
    page.wait_for_function(f"rk.session.game !== '{game}' && rk.session.view !== null")
    assert view(page)["hand_number"] == 1

    # the finished game in the lobby, replayed
    page.goto(server.url + "/")
    ready(page)
    page.click(f'a[data-game="{game}"]')
    ready(page)
    replay = page.evaluate("rk.replay.doc")
    steps = len(replay["frames"])
    assert steps > 2
    first = page.locator(".replay-players .player")
    assert first.count() == 2
    for seat in range(2):  # every hand shown at the deal
        assert first.nth(seat).locator(".card").count() == 3
    # the stock is a picture here, not something to draw from
    stock = page.locator(".replay .stock-box [role=img]")
    size = replay["frames"][0]["view"]["stock_size"]
    assert stock.get_attribute("aria-label") == f"Stock, {size} cards"
    page.keyboard.press("Alt+ArrowRight")  # the browser's Forward, not a step
    assert page.evaluate("rk.replay.step") == 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate("rk.replay.step") == 1
    assert page.inner_text("#replay-what").startswith(("Eva", "Bot"))
    # Page Down on the slider moves ten steps, as anywhere on the page (the slider's
    # own jump was a tenth of the game)
    page.focus(".replay input[type=range]")
    page.keyboard.press("PageDown")
    down = min(11, steps - 1)
    assert page.evaluate("rk.replay.step") == down
    page.keyboard.press("PageUp")
    assert page.evaluate("rk.replay.step") == max(0, down - 10)
    page.keyboard.press("End")
    assert page.evaluate("rk.replay.step") == steps - 1
    # the last step says who won (found by a review: it said the last action only)
    last = page.inner_text("#replay-what")
    assert last.endswith((" wins!", ". No single winner.", " share the win.")), last
    page.click("[data-focus=replay-prev]")
    assert "win" not in page.inner_text("#replay-what")
    assert page.evaluate("rk.replay.step") == steps - 2
    assert no_missing_text(page) == []
    page.set_viewport_size(NARROW)
    page.screenshot(path=OUTPUT / "replay-narrow.png", full_page=True)
    assert page.evaluate(LAYOUT_CHECK) == []
    assert page.errors == []


def test_game_ties_the_replay_of_a_play_off_hand_names_its_dealer_and_who_sat_out(
    server: Any, browser: Any
) -> None:
    # a tie play-off hand's view numbers only the leaders dealt in; the page once read
    # its dealer and totals as game seats. The steps are the server's own, for a case
    # game: Ben and Caro, tied, play hand 2 while Ana sits it out
    frames = case_replay("remik-table-leaders-play-on")
    page = new_page(browser)
    page.route("**/web/replay/play-off", lambda route: route.fulfill(json=frames))
    page.goto(server.url + "/?replay=play-off")
    ready(page)
    page.locator("[data-focus=replay-next-hand]").click()
    assert page.evaluate("rk.replay.doc.frames[rk.replay.step].view.hand_number") == 2
    assert page.inner_text("#replay-what") == "Hand 2: Ben deals"
    players = page.locator(".replay-players .player")
    ana, ben, caro = (players.nth(i) for i in range(3))
    assert "sat-out" in (ana.get_attribute("class") or "")
    assert "Sits this hand out" in ana.inner_text() and ana.locator(".card").count() == 0
    second = next(f for f in frames["frames"] if f["view"]["hand_number"] == 2)
    for node, seat in ((ana, 0), (ben, 1), (caro, 2)):
        assert node.locator(".score").inner_text() == f"{second['totals'][seat]} pts"
    assert ben.locator(".card").count() == caro.locator(".card").count() == 7
    assert no_missing_text(page) == [] and page.errors == []
