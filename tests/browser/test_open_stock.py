"""A stock made by turning the pile over unshuffled ([end.stock], RULES section 7,
``turn-over`` as in ``rummy``): the page shows its next card on the stock, and the cards
the others drew from it beside their names, as everybody at a real table saw them."""

from __future__ import annotations

from typing import Any

from tests.browser.support import create_table, new_page, select_cards, view, wait_my_turn


def draw_and_discard(page: Any) -> None:
    """One turn through the page: the stock, then the first card the view may discard."""
    seq = page.evaluate("rk.session.seq")
    page.click(".stock")
    page.wait_for_function(f"rk.session.seq > {seq} && !rk.session.pending")
    discard = next(a for a in view(page)["legal_actions"] if a.startswith("discard "))
    select_cards(page, [discard.split()[1]])
    seq = page.evaluate("rk.session.seq")
    page.click("[data-action=discard].legal")
    page.wait_for_function(f"rk.session.seq > {seq}")


def test_stock_turn_over_the_page_shows_the_next_card_and_drawn_cards(
    seeded_server: Any, browser: Any
) -> None:
    page = new_page(browser)
    # twenty cards each leave a stock of 11: it runs out in the sixth round; a bot that
    # plays at random does not go out before (the deal is known)
    create_table(page, seeded_server, "Ana", "rummy", ["bot:random"], {"hand_size": "20"})
    page.click("[data-focus=start]")
    page.wait_for_selector(".table-screen")
    assert page.locator(".stock[data-next]").count() == 0
    turned = drawn = False
    for _ in range(40):
        wait_my_turn(page)
        if page.locator("dialog#rummy-call").count():  # the bot's discard lays off
            page.click("dialog#rummy-call [data-key=pass]")
            continue
        v = view(page)
        if v["hand_number"] > 1 or v["phase"] == "over":
            break
        if v["open_stock"]:
            turned = True
            stock = page.locator(".stock")
            assert stock.get_attribute("data-next") == v["open_stock"][0]
            assert "turned over" in (stock.get_attribute("aria-label") or "")
            assert stock.locator(f'.card[data-card="{v["open_stock"][0]}"]').count() == 1
            bot = v["drawn_known"][1]
            if bot:  # the bot's draw from it, beside its name
                drawn = True
                cards = page.eval_on_selector_all(
                    '.player[data-seat="1"] .known .card', "els => els.map(e => e.dataset.card)"
                )
                assert sorted(cards) == sorted([*v["known"][1], *bot])
            if drawn:
                break
        draw_and_discard(page)
    assert turned and drawn, view(page)["log"]
    assert page.errors == []
