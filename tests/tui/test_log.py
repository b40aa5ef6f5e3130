"""The game log: one line per event from the person's point of view, and the same log,
in the same order, when a game is resumed from its record."""

from __future__ import annotations

from pathlib import Path

from rummykit import Event, HandEnd, HandResult, parse_action
from rummykit.actions import Pass
from rummykit.cards import Card, parse_cards
from rummykit.tui.log import Table, event_lines
from rummykit.tui.session import Session

from .kit import play_scenario, scenario_session

NAMES = ("You", "Ana", "Ben")


def lines(event: Event, top: str | None = "7H", melds: int = 0) -> list[str]:
    """The event's log lines for You, the table after it showing ``top`` on the pile
    and ``melds`` melds."""
    table = Table(Card.parse(top) if top else None, melds)
    return [line.text for line in event_lines(event, table, NAMES, 0)]


def test_a_draw_names_the_card_only_to_the_one_who_drew_it() -> None:
    mine = Event(hand=1, seat=0, action=parse_action("draw"), drawn=Card.parse("7H"))
    assert lines(mine) == ["You drew 7H"]
    theirs = Event(hand=1, seat=1, action=parse_action("draw"), drawn=Card.parse("KS"))
    assert lines(theirs) == ["Ana drew from the stock"]


def test_a_take_and_a_call_name_the_pile_cards_taken() -> None:
    take = Event(
        hand=1, seat=1, action=parse_action("take 3"), taken=tuple(parse_cards("5C 9D KH"))
    )
    assert lines(take) == ["Ana took 3 cards: 5C 9D KH"]
    one = Event(hand=1, seat=2, action=parse_action("take 1"), taken=(Card.parse("4D"),))
    assert lines(one) == ["Ben took 4D"]
    call = Event(hand=1, seat=2, action=parse_action("rummy 1"), taken=(Card.parse("6H"),))
    assert lines(call) == ["Ben called RUMMY! and took 6H"]


def test_a_pass_names_the_card_the_call_was_on() -> None:
    event = Event(hand=1, seat=2, action=Pass(), passed=(2,))
    assert lines(event, top="7H") == ["Ben passed the Rummy call on 7H"]
    lapsed = Event(hand=1, seat=1, action=parse_action("draw"), passed=(2,))
    assert lines(lapsed, top="7H") == [
        "Ben let the Rummy call on 7H go",
        "Ana drew from the stock",
    ]


def test_melds_lay_offs_swaps_discards_and_the_end_of_a_hand() -> None:
    meld = Event(hand=1, seat=0, action=parse_action("meld 7H 8H JK=9H"))
    assert lines(meld, melds=3) == ["You melded 7H 8H JK=9H (meld 3)"]  # 3 melds now
    layoff = Event(hand=1, seat=1, action=parse_action("layoff 6H to 1"))
    assert lines(layoff) == ["Ana laid off 6H on meld 1"]
    swap = Event(hand=1, seat=1, action=parse_action("swap 9H in 3"))
    assert lines(swap) == ["Ana swapped 9H for the joker of meld 3"]
    result = HandResult(HandEnd.OUT, 0, (49, -48, -46))
    out = Event(
        hand=1, seat=0, action=parse_action("discard KS"), result=result, game_over=True, winner=0
    )
    assert lines(out) == [
        "You discarded KS",
        "You went out (You +49, Ana -48, Ben -46)",
        "Game over: You win",
    ]
    stock = HandResult(HandEnd.STOCK, None, (1, 2, 3))
    end = Event(hand=2, seat=2, action=parse_action("end"), result=stock)
    assert lines(end)[-1] == "the stock ran out: the hand is over (You +1, Ana +2, Ben +3)"


def test_a_rebuilt_stock_is_told() -> None:
    event = Event(hand=1, seat=1, action=parse_action("draw"), restocked=True)
    table = Table(None, 0)
    shuffled = event_lines(event, table, NAMES, 0, reshuffle=True)
    assert shuffled[0].text == "the stock ran out: the pile was shuffled into a new stock"
    turned = event_lines(event, table, NAMES, 0)
    assert turned[0].text == "the stock ran out: the pile was turned over to make a new stock"


def test_the_live_log_of_the_scenario(tmp_path: Path) -> None:
    s = scenario_session(tmp_path / "game.json")
    play_scenario(s, ("draw", "meld 7H 8H 9H", "discard 6H", "draw"))
    assert [line.text for line in s.log] == [
        "— hand 1: Ben deals —",
        "You drew KS",
        "You melded 7H 8H 9H (meld 1)",
        "You discarded 6H",
        "Ben called RUMMY! and took 6H",
        "Ben laid off 6H on meld 1",
        "Ben discarded 2C",
        "You drew QD",
    ]


def test_a_resumed_game_has_the_same_log_in_order(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path, target=1000)
    play_scenario(s)  # the whole first hand: calls, lay-offs, going out
    while not s.human_to_act:
        s.bot_step()
    s.play(parse_action("draw"))  # hand 2 begins
    again = Session.resume(path, save_path=path)
    assert again.log == [line for line in s.log if line.kind != "pass"]
    texts = [line.text for line in again.log]
    assert (
        texts.index("You drew KS")
        < texts.index("You drew QD")
        < texts.index("Ana drew from the stock")
    )
    assert "You went out (You +49, Ana -48, Ben -46)" in texts
    assert texts.index("— hand 2: You deal —") < len(texts) - 1
    assert texts[-1].startswith("You drew ")  # the card drawn in hand 2 is not lost
