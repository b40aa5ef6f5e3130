"""Each language renders the lobby and the table with no missing text; the language
comes from the browser and can be switched (and the choice is kept)."""

from __future__ import annotations

from typing import Any

from rummykit.server.web import LANGUAGES
from tests.browser.support import (
    create_table,
    new_page,
    no_missing_text,
    ready,
)


def test_the_browser_language_is_used(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="pl-PL")
    page.goto(server.url + "/")
    ready(page)
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert "Nowy stół" in page.inner_text("main")
    assert no_missing_text(page) == []


def test_every_language_renders_the_lobby_and_the_table(server: Any, browser: Any) -> None:
    page = new_page(browser, locale="en-US")
    for lang in LANGUAGES:
        page.goto(f"{server.url}/?lang={lang}")
        ready(page)
        page.locator("details.more-rules summary").click()
        assert no_missing_text(page) == [], lang
    create_table(page, server, "Ana", "500-rum", ["bot:heuristic", "open"])
    page.locator(".seats").wait_for()
    page.goto(page.url)  # the room, then the table, in each language
    ready(page)
    seen: dict[str, str] = {}
    for lang in LANGUAGES:
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert no_missing_text(page) == [], lang
        seen[lang] = page.inner_text("main")
    assert len(set(seen.values())) == len(LANGUAGES)  # each one really differs
    # the table during play, with a meld, the log and the score sheet open
    page.select_option("#language", "en")
    code = page.evaluate("rk.session.table.code")
    other = new_page(browser)
    other.goto(f"{server.url}/?t={code}")
    ready(other)
    other.fill("#player-name", "Caro")
    other.click("[data-focus=join]")
    other.locator(".badge.you").wait_for()
    page.click("[data-focus=start]")
    page.wait_for_selector(".table-screen")
    for lang in LANGUAGES:
        page.select_option("#language", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.locator(".table-screen").wait_for()
        page.locator("details.log summary").click()
        page.click("[data-focus=sheet]")
        assert no_missing_text(page) == [], lang
        page.keyboard.press("Escape")
    # the choice is kept for the next visit
    page.reload()
    ready(page)
    assert page.evaluate("document.documentElement.lang") == LANGUAGES[-1]
    other.wait_for_function("rk.session.view !== null")  # Caro sees the table too
    assert page.errors == [] and other.errors == []
