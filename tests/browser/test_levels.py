"""The lobby's seat choice offers the difficulties first, in the page's language, and
a bot seat starts at medium."""

from __future__ import annotations

from typing import Any

from tests.browser.support import create_table, new_page, ready


def test_seat_choice_offers_difficulties(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="fr-FR")
    page.goto(server.url + "/")
    ready(page)
    values = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.value)")
    assert values[:5] == ["open", "bot:easy", "bot:medium", "bot:hard", "bot:expert"]
    assert "bot:heuristic" in values
    assert page.input_value("#seat-1") == "bot:medium"
    labels = page.eval_on_selector_all("#seat-1 option", "els => els.map(e => e.textContent)")
    assert any("facile" in label for label in labels)
    assert any("difficile" in label for label in labels)
    page.goto(server.url + "/?lang=en")
    ready(page)
    create_table(page, server, "Ana", "500-rum", ["bot:easy"])
    page.locator(".seats").wait_for()
    assert "Easy 2" in page.inner_text(".seats")


def test_a_bot_is_named_in_the_language_of_the_page_that_made_the_table(
    server: Any, browser: Any
) -> None:
    page = new_page(browser, locale="pl-PL")
    create_table(page, server, "Ola", "remik-500", ["bot:expert", "bot:medium"])
    page.locator(".seats").wait_for()
    seats = page.inner_text(".seats")
    assert "Ekspert 2" in seats and "Średni 3" in seats
    # the name is the table's: a page in another language shows the same
    other = new_page(browser, locale="en-US")
    other.goto(page.url)
    ready(other)
    other.locator(".seats").wait_for()
    assert "Ekspert 2" in other.inner_text(".seats")


def test_a_bot_of_a_level_that_is_no_difficulty_is_named_bot(server: Any, browser: Any) -> None:
    # found by a review: "Au hasard 2", "Rozgrywki 3" read as no names
    page = new_page(browser, locale="fr-FR")
    create_table(page, server, "Léa", "500-rum", ["bot:random", "bot:hard"])
    page.locator(".seats").wait_for()
    seats = page.inner_text(".seats")
    assert "Robot 2" in seats and "Difficile 3" in seats
