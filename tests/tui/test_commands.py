"""What a person types: short commands, shortcuts, and completion (rummykit.tui.commands)."""

from __future__ import annotations

import pytest

from rummykit import CallRummy, Discard, Draw, LayOff, Meld, Pass, Swap, Take
from rummykit.cards import Card
from rummykit.errors import NotationError
from rummykit.tui.commands import common_prefix, complete, expand_verb, parse_command

from .kit import scenario_game


def action(text: str) -> object:
    return parse_command(text).action


@pytest.mark.parametrize(
    ("typed", "written"),
    [
        ("draw", "draw"),
        ("d", "draw"),
        ("dr", "draw"),
        ("take 3", "take 3"),
        ("t 7h", "take 7H"),
        ("t", "take 1"),
        ("meld 7h 8h 10h", "meld 7H 8H TH"),
        ("m 6H 7H JK=8H", "meld 6H 7H JK=8H"),
        ("layoff 6H to 1", "layoff 6H to 1"),
        ("l 6h 1", "layoff 6H to 1"),
        ("lay AH 2 low", "layoff AH to 2 low"),
        ("swap 7H in 2", "swap 7H in 2"),
        ("sw 7h 2", "swap 7H in 2"),
        ("discard QS", "discard QS"),
        ("x qs", "discard QS"),
        ("disc qs", "discard QS"),
        ("e", "end"),
        ("r 2", "rummy 2"),
        ("rummy 9C", "rummy 9C"),
        ("p", "pass"),
    ],
)
def test_actions_and_their_short_forms(typed: str, written: str) -> None:
    assert str(action(typed)) == written


def test_parsed_actions_are_the_engine_actions() -> None:
    assert action("d") == Draw()
    assert action("t") == Take(count=1)
    assert action("x 7H") == Discard(Card.parse("7H"))
    assert isinstance(action("m 7H 8H 9H"), Meld)
    assert action("l 6H 1") == LayOff((Card.parse("6H"),), 1)
    assert action("sw 7H 2") == Swap(Card.parse("7H"), 2)
    assert action("p") == Pass()


@pytest.mark.parametrize(
    ("typed", "meta"),
    [
        ("hint", "hint"),
        ("h", "hint"),
        ("u", "undo"),
        ("undo", "undo"),
        ("s", "sort"),
        ("sort rank", "sort rank"),
        ("so suit", "sort suit"),
        ("?", "help"),
        ("help", "help"),
        ("q", "quit"),
        ("again", "again"),
        ("a", "again"),
        ("scores", "scores"),
        ("sc", "scores"),
    ],
)
def test_program_commands(typed: str, meta: str) -> None:
    command = parse_command(typed)
    assert command.action is None
    assert command.meta == meta


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "fly",
        "di",
        "meld",
        "discard",
        "discard 7H 8H",
        "take",
        "layoff 6H",
        "hint me",
        "sort colour",
        "swap JK in 1",
        "meld 1H",
    ],
)
def test_nonsense_is_a_notation_error(typed: str) -> None:
    if typed == "take":
        assert action(typed) == Take(count=1)  # take alone takes the top card
        return
    with pytest.raises(NotationError) as e:
        parse_command(typed)
    assert e.value.rule == "action.syntax"


@pytest.mark.parametrize(
    "typed",
    # a count of 5,000 digits, as pasted or a key held down: int() refuses over 4,300
    [
        "take ²c",
        "rummy ³c",
        "t ³c",
        "take ² cards",
        pytest.param("take " + "9" * 5000 + "c", id="take-5000-digits-c"),
        pytest.param("rummy 1" + "0" * 5000 + "C", id="rummy-5001-digits-C"),
    ],
)
def test_a_digit_int_does_not_read_is_a_notation_error_not_a_crash(typed: str) -> None:
    # found by a review: "take ²c" stopped the game on an internal error (ValueError)
    game = scenario_game()
    with pytest.raises(NotationError) as e:
        parse_command(typed, game.view(0))
    assert e.value.rule == "action.syntax"


def test_unknown_verbs_point_to_help() -> None:
    assert expand_verb("di") == "discard"
    assert expand_verb("he") == "help"
    with pytest.raises(NotationError, match="help"):
        expand_verb("fold")
    # a pasted page is quoted by its beginning: the way to help stays on the message line
    with pytest.raises(NotationError) as e:
        expand_verb("x" * 5000)
    assert len(e.value.message) < 120 and e.value.message.endswith("list of commands")


def test_rummy_alone_makes_the_only_call() -> None:
    game = scenario_game()
    hand = game.hand
    for text, seat in [("draw", 0), ("meld 7H 8H 9H", 0), ("discard 6H", 0)]:
        game.apply(parse_command(text).action or Draw(), seat)
    assert hand.to_act == 2  # the call is offered to Ben
    view = game.view(2)
    assert parse_command("rummy", view).action == CallRummy(count=1)
    with pytest.raises(NotationError, match="rummy 2") as e:
        parse_command("rummy", game.view(0))
    # found by a review: it asked for a depth or a card, as if a call were open
    assert e.value.rule == "action.syntax"
    assert e.value.message.startswith("no Rummy call is open for you now: ")
    with pytest.raises(NotationError, match="rummy needs the depth or the card"):
        parse_command("rummy")  # no view: nothing is known of the calls


# ---------------------------------------------------------------------- completion
def test_first_word_completes_to_verbs_legal_ones_first() -> None:
    game = scenario_game()
    view = game.view(0)  # You, to draw
    assert complete("", view)[:2] == ["draw", "take"]
    assert complete("dr", view) == ["draw"]
    assert complete("d", view) == ["draw", "discard"]
    assert complete("hi", view) == ["hint"]


def test_cards_complete_from_the_hand_in_any_case() -> None:
    view = scenario_game().view(0)  # 7H 8H 9H 6H 5C 5D 5S
    assert complete("meld 7", view) == ["meld 7H"]
    assert complete("meld 5", view) == ["meld 5C", "meld 5D", "meld 5S"]
    assert complete("m 5c 5", view) == ["m 5c 5D", "m 5c 5S"]
    assert complete("discard 9h", view) == ["discard 9H"]
    assert complete("x ", view) == [f"x {c}" for c in ("5C", "5D", "6H", "7H", "8H", "9H", "5S")]


def test_take_completes_from_the_pile_and_layoff_to_meld_numbers() -> None:
    game = scenario_game()
    for text in ("draw", "meld 7H 8H 9H"):
        game.apply(parse_command(text).action or Draw(), 0)
    view = game.view(0)
    assert complete("t ", view) == ["t 4D"]
    assert complete("layoff 6H ", view)[-1] == "layoff 6H to"
    assert complete("layoff 6H to ", view) == ["layoff 6H to 1"]
    assert complete("layoff 6H to 1 ", view) == ["layoff 6H to 1 low", "layoff 6H to 1 high"]
    assert complete("swap 6H in ", view) == []  # no meld holds a joker


def test_completion_offers_only_what_these_rules_could_take_call_or_swap() -> None:
    # found by a review: every pile card after take in rummy (top card only), pile cards
    # after rummy with no call open, hand cards after swap with joker_swap off
    from rummykit import Game, Rules

    game = Game(Rules.preset("rummy"), ["You", "Ana"], seed=2)
    for _ in range(4):  # draws and discards, to a pile of two cards or more
        game.apply(Draw())
        game.apply(next(a for a in game.legal_actions() if a.verb == "discard"))
    view = game.view(game.to_act)
    assert len(view.pile) >= 2
    assert complete("take ", view) == [f"take {view.pile[-1]}"]
    assert complete("rummy ", view) == []  # rummy has no calls
    assert not view.rules.joker_swap and complete("swap ", view) == []
    five = Game(Rules.preset("500-rum"), ["You", "Ana"], seed=2)
    assert complete("rummy ", five.view(five.to_act)) == []  # no call open now


def test_common_prefix() -> None:
    assert common_prefix(["meld 5C", "meld 5D"]) == "meld 5"
    assert common_prefix(["draw"]) == "draw"
    assert common_prefix([]) == ""


def test_a_count_of_cards_is_never_read_as_a_club() -> None:
    """``7c`` is the notation of the seven of clubs; someone who means "7 cards" and the
    card is not in the pile is told both readings, and ``take 7 cards`` is a count."""
    game = scenario_game()  # the pile holds 4D only
    view = game.view(game.to_act)
    for typed, count in (("take 7c", 7), ("t 10C", 10), ("rummy 3c", 3), ("take 12c", 12)):
        with pytest.raises(NotationError) as e:
            parse_command(typed, view)
        verb = "rummy" if typed.startswith("r") else "take"
        assert f"for {count} cards from the pile, type: {verb} {count}" in e.value.message
    with pytest.raises(NotationError, match=r"7c \(7C\) is the seven of clubs, not in the pile"):
        parse_command("take 7c", view)
    assert parse_command("take 7 cards", view).action == Take(count=7)
    assert parse_command("take 1 card", view).action == Take(count=1)
    assert parse_command("take 4d", view).action == Take(card=Card.parse("4D"))
    # found by a review: "0c" suggested "take 0", itself refused; no count is suggested
    for typed in ("take 0c", "take 00c", "rummy 0c"):
        with pytest.raises(NotationError) as e:
            parse_command(typed, view)
        verb = typed.split()[0]
        assert e.value.message.endswith(f"{verb} takes one card or more from the pile: {verb} 1")
        assert f"type: {verb} 0" not in e.value.message


def test_a_club_in_the_pile_is_taken_as_the_card() -> None:
    game = scenario_game()
    game.apply(parse_command("draw").action)  # type: ignore[arg-type]
    game.apply(parse_command("discard 5c").action)  # type: ignore[arg-type]
    view = game.view(game.to_act)
    while view.phase.value != "draw":  # the Rummy call window, if any, passes
        game.apply(Pass(), game.to_act)
        view = game.view(game.to_act)
    assert parse_command("take 5c", view).action == Take(card=Card.parse("5C"))
