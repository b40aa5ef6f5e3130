"""Events: what apply() returns, its public and private parts, and chance made explicit
(a reshuffled stock's order kept and written in the record; a seed drawn when none is
given)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import (
    CallRummy,
    Draw,
    Event,
    Game,
    HandEnd,
    Pass,
    Rules,
    Take,
    load_game,
    replay,
    write_record,
)
from rummykit.cards import CARDS


def play_events(game: Game, seed: int, limit: int = 4000) -> list[tuple[Game, Event]]:
    """Random play; each event with a copy of the game from before it."""
    rng = random.Random(seed)
    out: list[tuple[Game, Event]] = []
    while not game.over and len(out) < limit:
        before = game.clone()
        out.append((before, game.apply(rng.choice(game.legal_actions()))))
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["500-rum", "rummy", "remik-500"]))
def test_events_say_what_each_action_did(seed: int, preset: str) -> None:
    game = Game(Rules.preset(preset), ["A", "B", "C"], seed=seed, dealer=0)
    for before, event in play_events(game, seed, limit=600):
        hand = before.hand
        assert event.hand == hand.number and event.seat == hand.to_act
        if isinstance(event.action, Draw):
            stock = list(hand.stock) or (hand.pile[::-1] if not event.stock_order else [])
            if event.stock_order is None:
                assert event.drawn == CARDS[stock[-1]]
            else:
                assert event.drawn == event.stock_order[0]
        else:
            assert event.drawn is None
        if isinstance(event.action, Take | CallRummy):
            depth = len(event.taken)
            assert event.taken == tuple(CARDS[c] for c in hand.pile[len(hand.pile) - depth :])
        else:
            assert event.taken == ()
        if isinstance(event.action, Pass):
            assert event.passed == (event.seat,)
        if event.result is not None:
            assert before.results == game.results[: len(before.results)]
            assert event.result in game.results
        if event.call_window:
            assert all(s != event.seat for s in event.call_window)


def test_event_for_seat_hides_the_drawn_card_from_everyone_else() -> None:
    game = Game(Rules.preset("500-rum", rummy_call="off"), ["Ana", "Ben"], seed=42)
    event = game.apply(Draw())
    assert event.drawn is not None and event.drawn in game.view(event.seat).hand  # type: ignore[operator]
    assert event.for_seat(event.seat).drawn == event.drawn
    assert event.for_seat(1 - event.seat).drawn is None
    assert event.for_seat(None).drawn is None and event.public().drawn is None


def test_hand_end_is_typed_and_says_who_went_out() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=5, dealer=0)
    last = [e for _, e in play_events(game, 5) if e.result is not None]
    assert last, "a hand ended"
    for event in last:
        assert event.result is not None
        assert isinstance(event.result.ended_by, HandEnd)
        assert (event.result.out is None) == (event.result.ended_by is HandEnd.STOCK)
    assert last[-1].game_over and last[-1].winner == game.winner


# ---------------------------------------------------------------- chance
def reshuffle_game(seed: int) -> Game:
    """A game of rummy with reshuffles, played until the stock was rebuilt at least once."""
    rules = Rules.preset("rummy", stock_exhausted="reshuffle", stock_reuse_limit=None)
    game = Game(rules, ["A", "B"], seed=seed, dealer=0)
    rng = random.Random(seed)
    while not game.hand.shuffles and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.hand.shuffles, "the stock was reshuffled"
    return game


def test_end_stock_reshuffle_is_an_event_with_the_new_order() -> None:
    rules = Rules.preset("rummy", stock_exhausted="reshuffle", stock_reuse_limit=None)
    game = Game(rules, ["A", "B"], seed=3, dealer=0)
    rng = random.Random(3)
    while True:
        before = game.clone()
        event = game.apply(rng.choice(game.legal_actions()))
        if event.restocked:
            break
    assert event.stock_order is not None
    assert sorted(event.stock_order) == sorted(CARDS[c] for c in before.hand.pile)
    assert event.drawn == event.stock_order[0]
    assert event.public().stock_order is None and event.for_seat(event.seat).stock_order is None


def test_end_stock_reshuffle_order_is_written_in_the_record_and_replayed() -> None:
    game = reshuffle_game(3)
    doc = write_record(game)
    written = doc["hands"][-1]["reshuffles"]
    assert written == [[str(CARDS[c]) for c in order] for order in game.hand.shuffles]
    # the record, not the seed, decides: change the seed and the same cards come back
    doc["seed"] = 999
    again = load_game(doc)
    assert again.hand.stock == game.hand.stock and again.hand.hands == game.hand.hands


def test_end_stock_reshuffle_a_wrong_order_in_a_record_is_a_record_error() -> None:
    doc = write_record(reshuffle_game(3))
    order = doc["hands"][-1]["reshuffles"][0]
    order[0] = "JK" if order[0] != "JK" else "2C"
    result = replay(doc)
    assert result.status == 2 and result.error is not None
    assert result.error["rule"] == "record.reshuffle"
    # every status-2 error has the shape of NOTATION.md: the rule and the message only
    assert set(result.error) == {"rule", "message"}
    assert f"of hand {len(doc['hands'])}" in result.error["message"]


def test_end_stock_reshuffle_old_records_without_orders_still_load() -> None:
    game = reshuffle_game(3)
    doc = write_record(game)
    for hand in doc["hands"]:
        hand.pop("reshuffles", None)
    again = load_game(doc)  # the orders come from the record's seed, as before
    assert again.hand.stock == game.hand.stock


def test_a_game_without_a_seed_draws_one_and_records_it() -> None:
    a = Game(Rules.preset("500-rum"), ["A", "B"])
    b = Game(Rules.preset("500-rum"), ["A", "B"])
    assert isinstance(a.seed, int) and a.seed != b.seed
    doc = write_record(a)
    assert doc["seed"] == a.seed
    assert load_game(doc).hand.hands == a.hand.hands


@pytest.mark.parametrize("seed", [0, 1])
def test_rewind_keeps_the_reshuffled_stock(seed: int) -> None:
    game = reshuffle_game(seed + 3)
    stock = list(game.hand.stock)
    taken = game.rewind(1)
    for seat, action in taken:
        game.apply(action, seat)
    assert game.hand.stock == stock
