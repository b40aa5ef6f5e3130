"""RULES.md section 7, running out of stock (option ``stock_exhausted``): `end` (in
test_end.py), `last-card`, `turn-over` (and the order of the new stock), `reshuffle`,
and ``stock_reuse_limit``.

Three players: the stock is drawn and discarded card by card (``run_down``), so the pile
ends up as the upcard TC, then the stock from 3C 6C (its first cards) to QC KC (its
last). With 30 stock cards (one pack, no joker) Ana is to act when it is empty.
"""

from __future__ import annotations

from collections import Counter

from rummykit import Card, Hand, Phase, parse_action
from rummykit.events import HandEnd
from rummykit.view import view_of_hand

from .kit import act, held, make_hand, melds, pile, refuse, run_down

NAMES = "Ana Ben Caro"
HANDS = {
    "Ana": "KD 7H 7D 8D 2S 4S JC",  # basic values: 10+7+7+8+2+4+10 = 48
    "Ben": "4C 5C 9D QS JH JD AC",  # 4+5+9+10+10+10+1 = 49
    "Caro": "2C 5D 8H JS 3D 6H 9S",  # 2+5+8+10+3+6+9 = 43
}


def empty(preset: str = "rummy", hands: dict[str, str] = HANDS, **options: object) -> Hand:
    hand = make_hand(preset, NAMES, hands, "TC", stock="3C 6C", bottom="QC KC", **options)
    run_down(hand)
    assert not hand.stock
    return hand


def drew(hand: Hand, name: str) -> str:
    act(hand, f"{name}: draw")
    return str(Card(hand.hands[hand.names.index(name)][-1]))


# ---------------------------------------------------------------- last-card (Remik 500)
def remik_last_card() -> Hand:
    hands = {**HANDS, "Ben": "9C 9D 9H QS JH JD AC"}
    hand = make_hand("remik-500", NAMES, hands, "TC", bottom="QC KC")
    run_down(hand, leave=1)  # 31 turns: Ben draws the last card
    assert hand.turn == 1 and len(hand.stock) == 1
    return hand


def test_stock_last_card_drawer_still_melds_and_discards_then_the_hand_ends() -> None:
    hand = remik_last_card()
    act(hand, "Ben: draw")
    assert held(hand, "Ben").count("KC") == 1 and hand.phase is Phase.PLAY
    act(hand, "Ben: meld 9C 9D 9H")
    assert hand.phase is Phase.PLAY
    act(hand, "Ben: discard QS")
    assert hand.phase is Phase.OVER and hand.ended_by is HandEnd.STOCK and hand.out is None
    # remik values: Ana KD 7H 7D 8D 2S 4S JC = 48 in hand (no ace or joker): -48.
    # Ben 9C 9D 9H = 27 melded, JH JD AC KC = 10+10+15+10 = 45 in hand: -18.
    # Caro 2C 5D 8H JS 3D 6H 9S = 43: -43.
    assert hand.scores() == [-48, -18, -43]


def test_stock_last_card_drawer_who_goes_out_ends_the_hand_by_going_out() -> None:
    hands = {**HANDS, "Ben": "9C 9D 9H 9S JH JD JS", "Caro": "2C 5D 8H QS 3D 6H AC"}
    hand = make_hand("remik-500", NAMES, hands, "TC", bottom="QC KC")
    run_down(hand, leave=1)
    act(hand, "Ben: draw", "Ben: meld 9C 9D 9H 9S", "Ben: meld JH JD JS", "Ben: discard KC")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1


def test_stock_last_card_a_pile_take_does_not_end_the_hand() -> None:
    hand = remik_last_card()
    act(hand, "Ben: take 1", "Ben: discard QS")
    assert hand.phase is Phase.DRAW and hand.turn == 2 and len(hand.stock) == 1
    refuse(hand, "Caro: end", "end.stock")


# ---------------------------------------------------------------- turn-over
def test_stock_turn_over_oldest_pile_card_becomes_the_top_of_the_stock() -> None:
    hand = empty()
    assert hand.turn == 0
    old_pile = pile(hand).split()
    assert old_pile[:3] == ["TC", "3C", "6C"] and old_pile[-2:] == ["QC", "KC"]
    # Ana declines the KC and draws: the whole pile, turned face down without
    # shuffling, is the new stock, the first upcard on top.
    assert drew(hand, "Ana") == "TC"
    assert pile(hand) == ""
    assert len(hand.stock) == len(old_pile) - 1
    act(hand, "Ana: discard 2S")
    assert pile(hand) == "2S"
    assert drew(hand, "Ben") == "3C"
    act(hand, "Ben: discard 3C")
    assert drew(hand, "Caro") == "6C"
    act(hand, "Caro: discard 6C")
    # the latest discard (KC) is the bottom of the new stock
    run_down(hand)
    assert pile(hand).split()[-1] == "KC"


def test_stock_turn_over_the_player_may_still_take_the_top_discard() -> None:
    hand = empty()
    act(hand, "Ana: take 1", "Ana: discard 2S")  # no duty to meld: the stock will return
    assert "KC" in held(hand, "Ana") and pile(hand).endswith("QC 2S")


def test_stock_turn_over_refuses_end_while_the_pile_can_be_turned() -> None:
    hand = empty()
    refuse(hand, "Ana: end", "end.stock")
    assert [str(a) for a in hand.legal_actions()] == ["draw", "take 1"]


def test_stock_turn_over_as_an_option_on_500_rum() -> None:
    hand = empty("500-rum", stock_exhausted="turn-over", rummy_call="off")
    name = hand.names[hand.turn]
    assert drew(hand, name) == "TC"


def open_view(hand: Hand, seat: int | None) -> tuple[str, list[str]]:
    """What ``seat``'s view (None: a spectator's) shows of the stock, top first, and of
    the cards each seat drew from it."""
    view = view_of_hand(hand, seat, (0,) * hand.n, False, None)
    drawn = [" ".join(map(str, d)) for d in view.drawn_known]
    return " ".join(map(str, view.open_stock)), drawn


def test_stock_turn_over_order_and_drawn_cards_are_public_in_every_view() -> None:
    hand = empty()
    for seat in (0, 1, 2, None):
        assert open_view(hand, seat) == ("", ["", "", ""])  # nothing turned over yet
    assert drew(hand, "Ana") == "TC"  # the upcard, which everybody saw
    act(hand, "Ana: discard 2S", "Ben: draw")  # Ben keeps the 3C
    act(hand, "Ben: discard QS", "Caro: draw", "Caro: discard 6C")  # Caro throws it back
    order = " ".join(str(Card(c)) for c in reversed(hand.stock))
    assert order.startswith("7C 8C ") and order.endswith(" KC")
    for seat in (0, 1, 2, None):
        assert open_view(hand, seat) == (order, ["TC", "3C", ""])
    act(hand, "Ana: draw", "Ana: discard TC")  # what leaves the hand is no longer held
    assert open_view(hand, None)[1] == ["7C", "3C", ""]


def test_stock_turn_over_a_draw_event_names_the_card_to_everybody() -> None:
    hand = empty()
    event = hand.apply(parse_action("draw"), 0)  # Ana, from the turned-over pile
    assert event.drawn_public and event.restocked
    for seat in (0, 1, 2, None):
        assert event.for_seat(seat).drawn == Card.parse("TC")


def test_stock_reshuffle_order_and_drawn_cards_stay_hidden() -> None:
    hand = empty(stock_exhausted="reshuffle")
    act(hand, "Ana: draw", "Ana: discard 2S")
    event = hand.apply(parse_action("draw"), 1)  # Ben, from the reshuffled pile
    assert hand.reuse == 1 and not event.drawn_public
    assert [event.for_seat(s).drawn is None for s in (0, 1, 2, None)] == [True, False, True, True]
    for seat in (0, 1, 2, None):
        assert open_view(hand, seat) == ("", ["", "", ""])


# ---------------------------------------------------------------- reshuffle
def test_stock_reshuffle_new_stock_is_the_whole_pile_shuffled() -> None:
    hand = empty(stock_exhausted="reshuffle")
    before = pile(hand).split()
    first = drew(hand, "Ana")
    assert pile(hand) == ""
    after = [first, *(str(Card(c)) for c in reversed(hand.stock))]
    assert Counter(after) == Counter(before)
    assert after != before  # shuffled, not merely turned over


def test_stock_reshuffle_is_the_same_every_replay() -> None:
    a = empty(stock_exhausted="reshuffle")
    b = empty(stock_exhausted="reshuffle")
    assert drew(a, "Ana") == drew(b, "Ana")
    assert a.stock == b.stock


# ---------------------------------------------------------------- stock_reuse_limit
def test_stock_reuse_limit_zero_block_rummy_ends_at_the_first_empty_stock() -> None:
    hand = empty("block-rummy")
    refuse(hand, "Ana: draw", "end.stock")
    act(hand, "Ana: end")
    assert hand.ended_by is HandEnd.STOCK and hand.out is None
    # winner-takes, nobody out: Caro's 43 is lowest; she scores (48-43) + (49-43) = 11.
    assert hand.scores() == [0, 0, 11]


def test_stock_reuse_limit_one_turns_over_once_then_ends() -> None:
    hand = empty(stock_reuse_limit=1)
    assert drew(hand, "Ana") == "TC"  # first time: turned over
    act(hand, "Ana: discard TC")
    run_down(hand)
    name = hand.names[hand.turn]
    refuse(hand, f"{name}: draw", "end.stock")
    refuse(hand, f"{name}: take 1", "end.stock-take")
    act(hand, f"{name}: end")
    assert hand.ended_by is HandEnd.STOCK


def test_stock_reuse_limit_null_turns_over_again_and_again() -> None:
    hand = empty()
    for _ in range(3):
        name = hand.names[hand.turn]
        act(hand, f"{name}: draw", f"{name}: discard {Card(hand.hands[hand.turn][-1])}")
        run_down(hand)
    name = hand.names[hand.turn]
    act(hand, f"{name}: draw")
    assert hand.phase is Phase.PLAY and hand.reuse == 4
    assert melds(hand) == []
