"""The game log: one line per event from the person's point of view, and the same log,
in the same order, when a game is resumed from its record."""

from __future__ import annotations

import random
from pathlib import Path

from rummykit import Event, HandEnd, HandResult, Phase, parse_action
from rummykit.actions import CallRummy, Pass
from rummykit.cards import Card, parse_cards
from rummykit.tui.log import Table, call_targets, event_lines
from rummykit.tui.session import Session

from .kit import play_scenario, scenario_session

NAMES = ("You", "Ana", "Ben")


def lines(
    event: Event, call_on: str = "", melds: int = 0, winners: tuple[int, ...] = ()
) -> list[str]:
    """The event's log lines for You: the Rummy call open before it was on ``call_on``
    (cards), ``melds`` melds are down after it, the game's ``winners`` after it."""
    table = Table(melds, tuple(parse_cards(call_on)), winners)
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
    skipping = [line.text for line in event_lines(call, Table(0, skipped=(0, 1)), NAMES, 0)]
    assert skipping == ["Ben called RUMMY! and took 6H", "You and Ana lose a turn to the call"]
    alone = [line.text for line in event_lines(call, Table(0, skipped=(0,)), NAMES, 0)]
    assert alone[1] == "You lose a turn to the call"


def test_a_pass_names_the_card_the_call_was_on() -> None:
    event = Event(hand=1, seat=2, action=Pass(), passed=(2,))
    assert lines(event, call_on="7H") == ["Ben passed the Rummy call on 7H"]
    assert lines(event, call_on="7H 5C") == ["Ben passed the Rummy call on 7H or 5C"]
    lapsed = Event(hand=1, seat=1, action=parse_action("draw"), passed=(2,))
    assert lines(lapsed, call_on="7H") == [
        "Ben let the Rummy call on 7H go",
        "Ana drew from the stock",
    ]


def test_a_call_open_under_the_pile_top_is_named_by_its_target(tmp_path: Path) -> None:
    """Ana's call is on TH, under AC on the pile: ``rummy 2`` is her only call."""
    s = scenario_session(tmp_path / "game.json")
    play_scenario(s, ("draw", "meld 7H 8H 9H", "discard 6H", "draw", "meld 5C 5D 5S"))
    play_scenario(s, ("discard QD", "pass"))  # You let the call on TH go
    s.bot_step()
    s.bot_step()  # Ben draws and discards AC: the call on TH is offered to Ana
    assert [str(c) for c in s.view().pile[-2:]] == ["TH", "AC"]
    assert [str(a) for a in s.game.legal_actions()] == ["rummy 2", "pass"]
    assert call_targets(s.game) == (Card.parse("TH"),)
    s.apply(0, parse_action("draw"))  # You, next to play, draw: Ana's call lapses
    texts = [line.text for line in s.log]
    assert "You passed the Rummy call on TH" in texts
    assert texts[-2:] == ["Ana let the Rummy call on TH go", "You drew 4C"]
    assert call_targets(s.game) == ()
    again = Session.resume(tmp_path / "game.json")  # the record keeps no passes
    assert [line.text for line in again.log if line.kind == "pass"] == [
        "You let the Rummy call on TH go",
        "Ana let the Rummy call on TH go",
    ]


def test_a_pass_never_tells_what_a_bots_hidden_hand_allows() -> None:
    # under the all-at-once rule a bot's legal calls depend on its hidden hand; the line
    # of its pass names the cards every player can see the call was open on, whatever
    # that hand holds (the same for a bot that could call as for one that could not)
    seen: dict[bool, tuple[str, tuple[Card, ...]]] = {}
    for seed in range(300):
        s = Session.start("500-rum", {"all_at_once_from_deal": 1}, ["random", "random"], seed=seed)
        rng, game = random.Random(seed), s.game
        for _ in range(400):
            if game.over or len(seen) == 2:
                break
            seat, hand = game.to_act, game.hand
            if hand.phase is Phase.RUMMY and seat != s.human:
                public = call_targets(game)
                legal = {a for a in game.legal_actions() if isinstance(a, CallRummy)}
                s.apply(seat, Pass())
                seen.setdefault(bool(legal), (s.log[-1].text, public))
                continue
            s.apply(seat, rng.choice(game.legal_actions()))
        if len(seen) == 2:
            break
    assert set(seen) == {True, False}  # a bot that could call, and one that could not
    for text, public in seen.values():
        assert public and "passed the Rummy call on " in text
        assert all(str(card) in text for card in public)


def test_a_shared_win_is_told() -> None:
    result = HandResult(HandEnd.OUT, 0, (43, 43, 20))
    out = Event(hand=1, seat=0, action=parse_action("discard 3D"), result=result, game_over=True)
    assert lines(out, winners=(0, 1))[-1] == "Game over: You and Ana share the win"
    assert lines(out)[-1] == "Game over"


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
    table = Table(0)
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
        "Ana loses a turn to the call",  # [rummy.take] (found by a review: not said)
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


def test_a_note_made_after_a_pass_stays_after_it(tmp_path: Path) -> None:
    """An undo note made after a pass (which a record does not write) stays after the
    pass when a later undo rebuilds the log; a resumed game, which has no pass, shows it
    after the action before."""
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play_scenario(s, ("draw", "meld 7H 8H 9H", "discard 6H", "draw", "meld 5C 5D 5S"))
    play_scenario(s, ("discard QD", "pass"))
    while not s.human_to_act:
        s.bot_step()  # Ben draws, discards AC; Ana passes the call on TH
    for _ in range(2):
        s.play(parse_action("take 1"))
        s.undo()
    assert [line.text for line in s.log][-4:] == [
        "Ben discarded AC",
        "Ana passed the Rummy call on TH",
        "(undo: take 1)",
        "(undo: take 1)",
    ]
    again = Session.resume(path)
    assert [line.text for line in again.log][-3:] == [
        "Ben discarded AC",
        "(undo: take 1)",
        "(undo: take 1)",
    ]
