"""The page under its own Content-Security-Policy (server/headers.py): every other
browser test bypasses the policy, since Playwright's waits evaluate strings, which the
policy forbids. Here the page runs with it on, through clicks and selectors alone, and
nothing may be blocked: no script, style, image or connection of its own."""

from __future__ import annotations

from typing import Any

from tests.browser.support import ready


def test_the_page_plays_a_turn_under_its_own_content_security_policy(
    server: Any, browser: Any
) -> None:
    context = browser.new_context(bypass_csp=False, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    answer = page.goto(server.url + "/")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    ready(page)
    page.fill("#your-name", "Eva")
    page.select_option("#seat-count", "2")
    page.select_option("#seat-1", "bot:greedy")
    page.click("#create")
    page.wait_for_url("**/?t=*")
    page.click("[data-focus=start]")
    # the WebSocket brings the deal; the bot's turn, if first, comes through it too
    page.wait_for_selector(".stock.legal")
    page.click(".stock")
    page.wait_for_selector(".stock:not(.legal)")  # drawn: a discard is due
    page.click(".hand .card >> nth=0")
    page.click("[data-action=discard].legal")
    page.wait_for_selector(".stock.legal")  # the bot played, and it is our turn again
    assert problems == []
    context.close()
