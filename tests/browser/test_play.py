"""Whole play through the real page: a hand against a bot to the score sheet, clicking
cards and buttons; an illegal attempt shows the rule and changes nothing."""

from __future__ import annotations

from typing import Any

from tests.browser.support import create_table, new_page, play_turn, view, wait_my_turn


def test_a_hand_against_a_bot_to_the_score_sheet(server: Any, browser: Any) -> None:
    page = new_page(browser)
    create_table(page, server, "Ana", "rummy", ["bot:greedy"], {"hand_size": "3"})
    # three cards each: the hand is short
    page.click("[data-focus=start]")
    page.wait_for_selector(".table-screen")
    for _ in range(60):
        wait_my_turn(page)
        if page.locator("dialog#score-sheet").count():
            break
        play_turn(page)
    sheet = page.locator("dialog#score-sheet")
    assert sheet.count() == 1
    assert sheet.locator("tbody tr").count() == 1
    assert "Ana" in sheet.inner_text()
    page.click("dialog#score-sheet [data-key=next]")
    assert page.locator("dialog[open]").count() == 0
    # the log of the new hand, the score sheet button, the totals went on
    assert view(page)["hand_number"] == 2
    assert page.errors == []


def test_an_illegal_attempt_shows_the_rule_and_changes_nothing(server: Any, browser: Any) -> None:
    page = new_page(browser)
    create_table(page, server, "Ben", "500-rum", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    before = view(page)
    assert before["phase"] == "draw"
    card = page.locator(".hand .card").first
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    discard = page.locator("[data-action=discard]")
    assert discard.get_attribute("data-legal") == "false"  # not lit: not legal now
    discard.click()
    message = page.locator("#message")
    message.locator(".rule-id").wait_for()
    assert "[discard.one]" in message.inner_text()
    assert "discarding one card, after drawing" in message.inner_text()
    after = view(page)
    assert after == before
    assert page.locator(".hand .card").count() == len(before["hand"])
    assert page.errors == []


def test_a_turn_by_keyboard(server: Any, browser: Any) -> None:
    page = new_page(browser)
    create_table(page, server, "Dora", "rummy", ["bot:random"])
    page.click("[data-focus=start]")
    wait_my_turn(page)
    first = page.locator(".hand .card").first
    cards = page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")
    first.focus()
    page.keyboard.press("Shift+ArrowRight")  # the card moves one place right, focus with it
    moved = page.eval_on_selector_all(".hand .card", "els => els.map(e => e.dataset.card)")
    assert moved == [cards[1], cards[0], *cards[2:]]
    assert page.evaluate("document.activeElement.dataset.focus") == "hand-1"
    seq = page.evaluate("rk.session.seq")
    page.keyboard.press("d")  # draw
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    page.locator(".hand .card").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")  # select the focused card
    assert page.locator(".hand .card[aria-pressed=true]").count() == 1
    assert page.locator("[data-action=discard]").get_attribute("data-legal") == "true"
    seq = page.evaluate("rk.session.seq")
    page.keyboard.press("x")  # discard it
    page.wait_for_function(f"rk.session.seq > {seq}")
    mine = [entry["action"] for entry in view(page)["log"] if entry["seat"] == 0]
    assert mine[-2:] == ["draw", f"discard {cards[0]}"]
    assert page.errors == []
