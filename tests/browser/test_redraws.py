"""The page draws the whole screen again at every message from the server; what the
player is doing survives it: a name half typed in the waiting room, the hand's log
left open. And what the page says fits what happened: only a refused move reads "Not
allowed", a Rummy call's button names its cards to a screen reader, a replay that
cannot load says why in the page's language."""

from __future__ import annotations

from typing import Any

from tests.browser.support import (
    catalogue,
    create_table,
    join_table,
    my_turn_against_a_bot,
    new_page,
    play_turn,
    ready,
    wait_my_turn,
)


def test_a_name_being_typed_survives_another_player_arriving(server: Any, browser: Any) -> None:
    ana = new_page(browser)
    create_table(ana, server, "Ana", "rummy", ["open", "open"])
    link = ana.input_value("#share-link")
    ben = new_page(browser)
    ben.goto(link)
    ready(ben)
    ben.click("#player-name")
    ben.keyboard.type("Beatri")
    cara = new_page(browser)
    join_table(cara, link, "Cara")  # a table message to every page: Ben's room is drawn again
    ben.locator(".seat-row", has_text="Cara").wait_for()
    assert ben.input_value("#player-name") == "Beatri"
    assert ben.evaluate("document.activeElement.id") == "player-name"
    ben.keyboard.type("z")  # the caret is where it was: at the end
    assert ben.input_value("#player-name") == "Beatriz"
    for page in (ana, ben, cara):
        assert page.errors == []


def test_the_hands_log_stays_open_over_the_moves(server: Any, browser: Any) -> None:
    page = my_turn_against_a_bot(server, browser, "Eli")
    page.click("details.log summary")
    assert page.locator("details.log[open]").count() == 1
    seq = page.evaluate("rk.session.seq")
    play_turn(page)
    page.wait_for_function(f"rk.session.seq > {seq} + 1")  # our moves, and the bot's
    assert page.locator("details.log[open]").count() == 1
    page.click("details.log summary")  # closed, it stays closed
    seq = page.evaluate("rk.session.seq")
    wait_my_turn(page)
    play_turn(page)
    page.wait_for_function(f"rk.session.seq > {seq}")
    assert page.locator("details.log").count() == 1
    assert page.locator("details.log[open]").count() == 0
    assert page.errors == []


def test_only_a_refused_move_reads_not_allowed(server: Any, browser: Any) -> None:
    en = catalogue("en")
    page = my_turn_against_a_bot(server, browser, "Fay")
    # a server fault, as the socket's error handler records it: no "Not allowed"
    page.evaluate(
        "rk.session.message = rk.session.refusal('server.internal', 'boom', null);"
        " rk.session.render()"
    )
    said = page.inner_text("#message")
    assert "[server.internal]" in said and en["rule.server.internal"] in said
    assert en["error.not-allowed"] not in said
    # a move the rules refuse: "Not allowed"
    page.evaluate(
        "rk.session.message = rk.session.refusal('discard.one', null, null); rk.session.render()"
    )
    assert en["error.not-allowed"] in page.inner_text("#message")
    assert page.errors == []


def test_a_rummy_calls_button_names_the_cards_it_takes(server: Any, browser: Any) -> None:
    page = my_turn_against_a_bot(server, browser, "Gus")
    top = page.evaluate("rk.session.view.pile.at(-1)")
    assert top
    page.evaluate("rk.session.offerRummy([{depth: 1, text: 'rummy 1'}])")
    button = page.locator("dialog#rummy-call button.choice").first
    card = button.locator(".card")
    assert card.count() == 1 and card.get_attribute("data-card") == top
    name = card.get_attribute("aria-label")  # the card's name, as the picture has it
    assert name and top not in name
    assert button.get_attribute("aria-label") == f"Call and take 1: {name}"
    assert page.errors == []


def test_a_replay_that_cannot_load_says_why_in_the_pages_language(
    server: Any, browser: Any
) -> None:
    pt = catalogue("pt")
    page = new_page(browser, locale="pt-BR")
    page.goto(server.url + "/?replay=no-such-game")
    ready(page)
    said = page.inner_text("main")
    assert pt["replay.missing"] in said
    assert pt["rule.lobby.game"] in said  # not the server's English message
    assert page.errors == []


def test_an_action_the_table_moved_past_says_it_did_not_count(server: Any, browser: Any) -> None:
    en = catalogue("en")
    page = my_turn_against_a_bot(server, browser, "Hal")
    seq = page.evaluate("rk.session.seq")
    page.click(".stock")
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    # an answer to the position before the draw, as a click on a dialog left open sends
    page.evaluate(f"rk.session.socket.send({{type: 'action', action: 'draw', seq: {seq}}})")
    page.wait_for_function("rk.session.message && rk.session.message.key === 'rule.server.stale'")
    said = page.inner_text("#message")
    assert en["rule.server.stale"] in said
    assert en["error.not-allowed"] not in said  # the move was not refused by a rule
    assert page.errors == []


def test_a_message_is_said_once_not_at_every_redraw(server: Any, browser: Any) -> None:
    # found by a review: the message line was a live region (role=alert) drawn afresh at
    # every redraw, so a screen reader could say the same refusal again at each move
    page = my_turn_against_a_bot(server, browser, "Ivo")
    page.evaluate(
        "() => { window.said = []; for (const id of ['announce', 'alert']) {"
        " const live = document.getElementById(id);"
        " new MutationObserver(() => window.said.push([id, live.textContent]))"
        ".observe(live, {childList: true, characterData: true, subtree: true}); } }"
    )
    seq = page.evaluate("rk.session.seq")
    card = page.evaluate("rk.session.view.hand[0]")
    # a discard before drawing, sent as a stray click would: the rules refuse it
    page.evaluate(
        f"rk.session.socket.send({{type: 'action', action: 'discard {card}', seq: {seq}}})"
    )
    page.wait_for_function("rk.session.message && rk.session.message.kind === 'error'")
    for _ in range(3):
        page.evaluate("rk.session.render()")
    text = page.evaluate("rk.session.messageText(rk.session.message)")
    # said once, in the lasting assertive region (a refusal: a move does not replace it)
    assert text and page.evaluate("window.said") == [["alert", text]]
    assert page.get_attribute("#alert", "role") == "alert"
    line = page.locator("#message")
    assert text in line.inner_text()  # shown, but not a live region itself
    assert line.get_attribute("role") is None and line.get_attribute("aria-live") is None
    assert page.errors == []


def test_the_focus_comes_back_to_the_table_when_a_dialog_closes(server: Any, browser: Any) -> None:
    # found by a review: the screen was drawn afresh while the score sheet was open (a
    # bot's move), so closing it left the focus on the page's body, nowhere to a keyboard
    page = my_turn_against_a_bot(server, browser, "Jo")
    page.focus("[data-focus=sheet]")
    page.keyboard.press("Enter")
    page.locator("dialog#score-sheet[open]").wait_for()
    page.evaluate("rk.session.render()")  # as a message from the server does
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    page.wait_for_function("document.activeElement.dataset.focus === 'sheet'")
    # the after-hand sheet opens on a new view: the control focused is gone by its close
    page.focus("[data-focus=stock]")
    page.evaluate("rk.session.sheet.push({hand: 9, scores: [0, 0], out: null, seen: false})")
    page.evaluate("rk.session.afterState()")
    page.locator("dialog#score-sheet[open]").wait_for()
    page.evaluate("rk.session.render()")
    page.click("dialog#score-sheet button[data-key=next]")
    page.wait_for_function("document.activeElement.dataset.focus === 'stock'")
    assert page.errors == []


def test_the_last_actions_shown_are_the_hands_own_after_a_catch_up(
    server: Any, browser: Any
) -> None:
    # found by a review: a reconnection's catch-up brings the end of one hand and the
    # start of the next before any state; the labels then mixed the two hands' actions,
    # or the state of the new hand wiped the new hand's own
    page = my_turn_against_a_bot(server, browser, "Kim")
    hand, me, seq = page.evaluate("[rk.session.view.hand_number, rk.session.seat, rk.session.seq]")
    bot = 1 - me

    def event(n: int, seat: int, number: int) -> None:
        page.evaluate(
            f"rk.session.onEvent({{game: rk.session.game, seq: {seq + n}, event: {{hand: {number},"
            f" seat: {seat}, action: 'draw', taken: [], result: null}}}})"
        )

    event(1, me, hand)  # this hand's last move
    event(2, bot, hand + 1)  # the next hand's first, then its state
    page.evaluate(
        f"rk.session.onState({{game: rk.session.game, seq: {seq + 2},"
        f" view: {{...rk.session.view, hand_number: {hand + 1}}}}}); rk.session.render()"
    )
    labels = page.locator(".players .player .last-action")
    assert labels.nth(me).inner_text().strip() == ""  # the hand before's: gone
    assert labels.nth(bot).inner_text().strip() != ""  # this hand's: kept
    assert page.errors == []
