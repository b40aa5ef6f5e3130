"""Regression tests for defects found by trying the engine as a newcomer and as an
attacker would (each names the defect it guards against)."""

from __future__ import annotations

import random

import pytest

from rummykit import (
    Action,
    Deal,
    Discard,
    Draw,
    End,
    Game,
    Hand,
    IllegalAction,
    Pass,
    Rules,
    RulesError,
    parse_action,
)
from rummykit.actions import PASS
from rummykit.cards import CARDS

# ---------------------------------------------------------------- rummy-call order
Opened = tuple[Game, Action, tuple[int, ...]]


def call_windows(seed: int) -> list[Opened]:
    """Every Rummy call window opened in random play with the all-at-once rule and pile
    calls: the game before the action that opened it, the action, and the window."""
    rules = Rules.preset("500-rum", all_at_once_from_deal=1, rummy_call="pile")
    game = Game(rules, list("ABCD"), seed=seed, dealer=0)
    rng = random.Random(seed)
    found: list[Opened] = []
    for _ in range(400):
        if game.over:
            break
        before = game.clone()
        action = rng.choice(game.legal_actions())
        event = game.apply(action)
        if event.call_window and not isinstance(action, Pass):
            found.append((before, action, event.call_window))
    return found


def redeal_hidden(game: Game, keep: int, rng: random.Random) -> Hand:
    """The same position with every card hidden from ``keep`` dealt again at random: the
    other seats' cards not publicly known, and the stock."""
    hand = game.hand
    hidden = list(hand.stock)
    for s in range(hand.n):
        if s != keep:
            rest = list(hand.hands[s])
            for c in hand.known[s]:
                rest.remove(c)
            hidden += rest
    rng.shuffle(hidden)
    hands = []
    for s in range(hand.n):
        if s == keep:
            hands.append(list(hand.hands[s]))
            continue
        unknown = len(hand.hands[s]) - len(hand.known[s])
        hands.append([*hand.known[s], *hidden[:unknown]])
        hidden = hidden[unknown:]
    return game.view(keep).state_with(hands, hidden, seed=0)


@pytest.mark.parametrize("seed", range(4))
def test_rummy_who_the_call_order_does_not_depend_on_hidden_cards(seed: int) -> None:
    """Who is offered a call is decided from public facts only: deal the cards hidden
    from the player who opens the window again, play the same action, and the same seats
    are asked in the same order."""
    windows = call_windows(seed)
    assert windows, "a call window opened"
    rng = random.Random(seed)
    for before, action, window in windows:
        seat = before.to_act
        for _ in range(3):
            other = redeal_hidden(before, seat, rng)
            event = other.apply(action, seat)
            assert event.call_window == window


def test_rummy_who_a_seat_offered_a_call_it_cannot_use_may_pass() -> None:
    for before, action, _ in call_windows(1):
        game = before.clone()
        game.apply(action)
        assert game.legal_actions()[-1] == PASS


# ---------------------------------------------------------------- clones
def test_clones_do_not_share_the_legal_actions() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    actions = game.legal_actions()
    assert isinstance(actions, tuple)  # immutable: nobody can clear it for the others
    clone = game.clone()
    clone.apply(actions[0])
    assert game.legal_actions() == actions
    assert clone.legal_actions() != actions


# ---------------------------------------------------------------- types at the door
@pytest.mark.parametrize("seat", [1.5, "0", True, None.__class__])
def test_apply_refuses_a_seat_that_is_not_a_seat_number(seat: object) -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    with pytest.raises(IllegalAction) as e:
        game.apply(Draw(), seat)  # type: ignore[arg-type]
    assert e.value.rule == "action.turn" and "player" in e.value.message


@pytest.mark.parametrize("action", ["draw", None, 3, Draw])
def test_apply_refuses_what_is_not_an_action(action: object) -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    before = game.legal_actions()
    with pytest.raises(IllegalAction) as e:
        game.apply(action)  # type: ignore[arg-type]
    assert e.value.rule == "action.syntax"
    assert game.legal_actions() == before


def test_view_refuses_a_seat_that_is_not_at_the_table() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    for seat in (2, -1, "0", 1.0):
        with pytest.raises(RulesError):
            game.view(seat)  # type: ignore[arg-type]


# ---------------------------------------------------------------- names
@pytest.mark.parametrize("name", [" Ana", "Ana ", "", "   ", "A:B", "Ana\n", "\x1b[31mAna"])
def test_game_refuses_names_a_record_cannot_hold(name: str) -> None:
    with pytest.raises(RulesError) as e:
        Game(Rules.preset("500-rum"), [name, "Ben"], seed=1)
    assert e.value.option == "players"


def test_game_refuses_a_string_of_players_and_repeated_names() -> None:
    with pytest.raises(RulesError):
        Game(Rules.preset("500-rum"), "AB", seed=1)
    with pytest.raises(RulesError):
        Game(Rules.preset("500-rum"), ["Ana", "Ana"], seed=1)


# ---------------------------------------------------------------- messages
def test_end_stock_end_after_drawing_names_end_stock() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    game.apply(Draw())
    with pytest.raises(IllegalAction) as e:
        game.apply(End())
    assert e.value.rule == "end.stock" and "already drawn" in e.value.message


def test_messages_agree_with_you() -> None:
    rules = Rules.preset("500-rum", rummy_call="off")
    hand = Hand(rules, ["You", "Bot"], 1, Deal.shuffled(rules, 2, seed=4, dealer=1), seed=0)
    hand.apply(Draw())
    missing = next(c for c in CARDS[:52] if c not in hand.hands[0])
    with pytest.raises(IllegalAction) as e:
        hand.apply(Discard(missing))
    assert e.value.message.startswith("You do not hold")
    # a card named twice but held once is named as such, not as a card not held
    held = CARDS[hand.hands[0][0]]
    with pytest.raises(IllegalAction) as e:
        hand.apply(parse_action(f"meld {held} {held} {held}"))
    assert e.value.rule == "action.card"
    assert e.value.message.startswith(f"You hold {held} once, not ")
    with pytest.raises(IllegalAction) as e:
        hand.apply(parse_action("draw"))
    assert e.value.message == "You have already drawn this turn"
