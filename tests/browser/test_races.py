"""Answers and messages that come in an order the page did not expect: an HTTP answer
after the socket has moved on, a second click while the first request is on its way, a
redraw in the middle of a drag or before a toggle event, a language's catalogue after a
later choice's. Each test holds or injects the message (``page.route`` holds an HTTP
answer; ``rk.session.receive`` hands the page a message the protocol allows) so the order
is the same on every machine."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.browser.support import (
    catalogue,
    create_table,
    hold,
    join_table,
    my_turn_against_a_bot,
    new_page,
    play_turn,
    ready,
    until,
    wait_my_turn,
)

#: Hands the page a ``table`` message (as a seat's connection change sends): the screen
#: is drawn again.
REDRAW = "rk.session.receive({type: 'table', table: rk.session.table})"


def _settle(page: Any) -> None:
    """Lets what the page has started (a request, a timer of a few ms) happen: a negative
    check (no second request) needs the page to have had its chance."""
    page.evaluate("new Promise((done) => setTimeout(done, 300))")


def _hand(page: Any) -> list[str]:
    return list(page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)"))


def _ana_and_ben(server: Any, browser: Any) -> tuple[Any, Any]:
    """Ana's page at a new table of two, and Ben's, seated there and seen connected."""
    ana = new_page(browser, locale="en-US")
    create_table(ana, server, "Ana", "rummy", ["open"])
    ben = new_page(browser, locale="en-US")
    join_table(ben, ana.input_value("#share-link"), "Ben")
    ana.locator(".seat-row", has_text="Ben").locator(".dot.on").wait_for()
    return ana, ben


def test_a_late_lobby_answer_keeps_what_the_socket_brought_since(server: Any, browser: Any) -> None:
    """The answer to "start" comes after the socket has dealt the game, play has gone on
    and a refusal was shown: it clears neither the refusal nor the newer table."""
    en = catalogue("en")
    page = new_page(browser, locale="en-US")
    create_table(page, server, "Hal", "500-rum", ["bot:random"])
    held = hold(page, "**/start")
    page.click("[data-focus=start]")
    until(page, lambda: len(held) == 1)
    answer = held[0].fetch()  # the server has started the game; its answer waits
    wait_my_turn(page)
    play_turn(page)  # and play goes on: the answer is older than the table now
    page.wait_for_function("rk.session.seq > 1")
    wait_my_turn(page)
    page.evaluate(
        "rk.session.message = rk.session.refusal('discard.one', null, null);"
        " rk.session.render(); window.shown = rk.session.table"
    )
    held[0].fulfill(response=answer)
    page.wait_for_function("!rk.session.lobbyBusy")  # the answer is in, and drawn
    assert en["error.not-allowed"] in page.inner_text("#message")
    assert page.evaluate("rk.session.table === window.shown")
    assert page.errors == []


def test_a_late_lobby_answer_keeps_a_seat_change_of_the_same_seq(server: Any, browser: Any) -> None:
    """A seat's connection changes no seq: the late answer to "start" must not bring back
    Ben as connected after the socket said he went."""
    ana, ben = _ana_and_ben(server, browser)
    held = hold(ana, "**/start")
    ana.click("[data-focus=start]")
    until(ana, lambda: len(held) == 1)
    answer = held[0].fetch()  # the game starts; the answer waits
    ana.wait_for_selector(".table-screen")
    ben.context.close()  # Ben's connection drops: a `table` message, the same seq
    ana.wait_for_function("rk.session.table.seats[1].connected === false")
    assert answer.json()["table"]["seats"][1]["connected"] is True
    held[0].fulfill(response=answer)
    ana.wait_for_function("!rk.session.lobbyBusy")
    assert ana.evaluate("rk.session.table.seats[1].connected") is False
    assert ana.errors == []


def test_a_double_click_on_start_sends_one_request_and_says_nothing(
    server: Any, browser: Any
) -> None:
    page = new_page(browser, locale="en-US")
    create_table(page, server, "Dot", "rummy", ["bot:random"])
    held = hold(page, "**/start")
    page.click("[data-focus=start]")
    until(page, lambda: len(held) == 1)
    page.click("[data-focus=start]")  # the first is still on its way
    _settle(page)
    assert len(held) == 1
    held[0].continue_()
    wait_my_turn(page)
    _settle(page)
    assert page.inner_text("#message").strip() == ""
    assert page.errors == []


def test_another_player_starting_first_is_no_refusal(server: Any, browser: Any) -> None:
    """Ana and Ben both press Start: Ben's comes second and the server refuses it
    (lobby.state), but the game he asked for has started: nothing to say."""
    ana, ben = _ana_and_ben(server, browser)
    held = hold(ben, "**/start")
    ben.click("[data-focus=start]")
    until(ben, lambda: len(held) == 1)
    ana.click("[data-focus=start]")
    ben.wait_for_selector(".table-screen")  # Ana's start, through Ben's socket
    held[0].continue_()  # then Ben's: refused, the game has started
    ben.wait_for_function("!rk.session.lobbyBusy")
    assert ben.inner_text("#message").strip() == ""
    assert ana.errors == [] and ben.errors == []


def test_a_double_click_on_join_takes_one_seat_and_says_nothing(server: Any, browser: Any) -> None:
    ana = new_page(browser, locale="en-US")
    create_table(ana, server, "Ana", "rummy", ["open"])
    ben = new_page(browser, locale="en-US")
    ben.goto(ana.input_value("#share-link"))
    ready(ben)
    ben.fill("#player-name", "Ben")
    held = hold(ben, "**/join")
    ben.click("[data-focus=join]")
    until(ben, lambda: len(held) == 1)
    ben.click("[data-focus=join]")
    _settle(ben)
    assert len(held) == 1
    held[0].continue_()
    ben.locator(".badge.you").wait_for()
    _settle(ben)
    assert ben.inner_text("#message").strip() == ""
    assert ben.errors == []


def test_a_double_click_on_create_makes_one_table(server: Any, browser: Any) -> None:
    def count() -> int:
        return len(httpx.get(server.url + "/tables?all=1").json())

    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/")
    ready(page)
    page.fill("#your-name", "Twice")
    page.select_option("#preset", "rummy")
    before = count()
    held = hold(page, "**/tables")
    page.click("#create")
    until(page, lambda: len(held) == 1)
    page.click("#create")
    _settle(page)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_url("**/?t=*")
    ready(page)
    assert count() == before + 1
    assert page.errors == []


def test_a_language_whose_catalogue_comes_late_does_not_win(server: Any, browser: Any) -> None:
    """Polish is picked, then French before Polish's catalogue came: the page ends in
    French, the choice saved."""
    page = new_page(browser, locale="en-US")
    page.goto(server.url + "/?lang=en")
    ready(page)
    held = hold(page, "**/static/i18n/pl.json")
    page.select_option("#language", "pl")
    until(page, lambda: len(held) == 1)
    page.select_option("#language", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    with page.expect_response("**/static/i18n/pl.json"):
        held[0].continue_()
    _settle(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate("localStorage.getItem('rk.lang')") == "fr"
    assert page.input_value("#language") == "fr"
    assert page.errors == []


def test_a_drag_survives_a_message_that_comes_during_it(server: Any, browser: Any) -> None:
    """A message redraws the screen while a card is being dragged: the screen waits for
    the drop, and the card lands where it was dropped, the message's news drawn with it."""
    page = my_turn_against_a_bot(server, browser, "Drag", "rummy")
    before = _hand(page)
    a = page.locator(".hand .card >> nth=0").bounding_box()
    b = page.locator(".hand .card >> nth=2").bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    for step in range(1, 7):
        x = a["x"] + (b["x"] + b["width"] * 0.8 - a["x"]) * step / 6
        page.mouse.move(x, b["y"] + b["height"] / 2)
        if step == 3:  # the mouse is still down
            page.evaluate("rk.session.message = {kind: 'info', key: 'status.queued'};" + REDRAW)
            assert page.evaluate("rk.session.deferred") is True
            # a second finger taps another card meanwhile: it is ignored (it ended the
            # drag's record without its end, and the screen stayed frozen)
            page.evaluate(
                "const c = document.querySelectorAll('.hand .card')[4];"
                " for (const type of ['pointerdown', 'pointerup']) c.dispatchEvent("
                "new PointerEvent(type, {bubbles: true, pointerId: 7, button: 0}))"
            )
    page.mouse.up()
    page.wait_for_function("!rk.session.dragging && !rk.session.deferred")
    assert _hand(page) == [*before[1:3], before[0], *before[3:]]
    assert page.inner_text("#message").strip() != ""  # the held-back redraw happened
    assert page.errors == []


def test_closing_the_log_holds_when_a_message_comes_before_its_toggle_event(
    server: Any, browser: Any
) -> None:
    page = my_turn_against_a_bot(server, browser, "Log", "rummy")
    page.click("details.log summary")
    page.wait_for_function("rk.session.logOpen === true")
    # the player closes it; a message is handled before the details' toggle event, which
    # the browser queues as a task of its own
    page.evaluate("document.querySelector('details.log summary').click();" + REDRAW)
    _settle(page)
    assert page.locator("details.log[open]").count() == 0
    assert page.evaluate("rk.session.logOpen") is False
    assert page.errors == []


def test_an_ack_keeps_a_notice_that_came_while_the_action_was_on_its_way(
    server: Any, browser: Any
) -> None:
    page = new_page(browser, locale="en-US")

    def route(ws: Any) -> None:
        real = ws.connect_to_server()
        ws.on_message(lambda m: real.send(m))

        def down(m: Any) -> None:
            if json.loads(m)["type"] == "ack":  # a player left while our draw was on its way
                notice = {"type": "notice", "notice": "away", "seat": 1, "message": "gone"}
                ws.send(json.dumps(notice))
            ws.send(m)

        real.on_message(down)

    page.route_web_socket("**/ws", route)
    create_table(page, server, "Ack", "rummy", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    seq = page.evaluate("rk.session.seq")
    page.click(".stock")
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    assert page.evaluate("rk.session.message && rk.session.message.key") == "notice.away"
    assert page.inner_text("#message").strip() != ""
    assert page.errors == []
