"""The table's pieces as text (rummykit.tui.render), without the app."""

from __future__ import annotations

import random

import pytest

from rummykit import Game, Phase, PlayerView, Rules, parse_action
from rummykit.tui.render import deal_text, points_so_far, prompt_text, so_far_text
from rummykit.tui.session import Session

from .kit import ANA_SCRIPT, NAMES, ScriptedBot, play_scenario, scenario_deal


def test_where_melds_score_nothing_the_hand_so_far_says_so() -> None:
    game = Game(Rules.preset("rummy"), ["You", "Ana"], seed=1)
    text = so_far_text(game.view(0)).plain
    assert "on the table" not in text and "(hidden)" in text
    assert "winner-takes scoring: whoever goes out wins what the others hold" in text
    # found by a review: "in hand -42", a score nobody has there
    you = next(line for line in text.splitlines() if line.strip().startswith("You"))
    assert "in hand worth " in you and "-" not in you


def test_under_penalty_scoring_the_hand_so_far_counts_against_its_holder() -> None:
    game = Game(Rules.preset("rummy", scoring="penalty"), ["You", "Ana"], seed=1)
    text = so_far_text(game.view(0)).plain
    assert "penalty scoring: what each player holds counts against them" in text


def test_points_so_far_hide_the_other_hands() -> None:
    game = Game(Rules.preset("500-rum"), ["You", "Ana", "Ben"], seed=1)
    for seat in range(3):
        figures = points_so_far(game.view(seat))
        assert [held is None for _, held, _ in figures] == [s != seat for s in range(3)]
        assert [count for _, _, count in figures] == [7, 7, 7]
        assert all(table == 0 for table, _, _ in figures)


def at_empty_stock(preset: str) -> PlayerView:
    """You's view at a draw with the stock empty, reached by drawing and discarding only
    (nobody melds, nobody goes out)."""
    game = Game(Rules.preset(preset), ["You", "Ana"], seed=0)
    rng = random.Random(0)
    while not game.over:
        view = game.view(game.to_act)
        if view.seat == 0 and view.phase is Phase.DRAW and view.stock_size == 0:
            return view
        quiet = [a for a in view.legal_actions if a.verb in ("draw", "discard")]
        game.apply(rng.choice(quiet or view.legal_actions))
    raise AssertionError("the stock never ran out at You's draw")


@pytest.mark.parametrize(
    ("preset", "verbs", "choices"),
    [
        (
            "rummy",  # the pile is turned over to make a new stock; its top card only
            {"draw", "take"},
            "draw (the pile makes a new stock), or take (the top card of the pile)",
        ),
        ("block-rummy", {"end"}, "end the hand (end)"),  # the hand ends with the stock
        ("500-rum", {"take", "end"}, "take N / take <card> from the pile, or end the hand (end)"),
    ],
)
def test_the_prompt_at_an_empty_stock_offers_the_legal_actions(
    preset: str, verbs: set[str], choices: str
) -> None:
    view = at_empty_stock(preset)
    assert {a.verb for a in view.legal_actions} == verbs
    assert prompt_text(view) == f"Your turn, the stock is empty: {choices}."


@pytest.mark.parametrize(
    ("preset", "said"),
    [
        ("rummy", "Your turn: draw, or take (the top card of the pile)."),
        ("500-rum", "Your turn: draw, or take N / take <card> from the pile."),
    ],
)
def test_the_prompt_at_the_draw_offers_deep_takes_only_where_the_rules_do(
    preset: str, said: str
) -> None:
    # found by a review: rummy, wrotham and block-rummy take the top card only
    game = Game(Rules.preset(preset), ["You", "Ana"], seed=0)
    while game.view(game.to_act).phase is not Phase.DRAW or game.to_act != 0:
        game.apply(game.legal_actions()[-1])
    assert prompt_text(game.view(0)) == said


def _last_discard_calls() -> Session:
    """The scenario under calls on the last discard (``rummy_call=last-discard``), to the
    call on Ana's TH offered to you."""
    rules = Rules.preset("500-rum", rummy_call="last-discard")
    game = Game(rules, NAMES, seed=11, dealer=2, auto_deal=False)
    game.start_hand(scenario_deal())
    bots = {1: ScriptedBot("Ana", ANA_SCRIPT), 2: ScriptedBot("Ben", ("draw", "discard 2C"))}
    s = Session(game, 0, {1: "heuristic", 2: "heuristic"}, bots=bots)
    play_scenario(s, ("draw", "meld 7H 8H 9H", "discard 6H"))
    while not s.human_to_act:
        s.bot_step()  # Ana discards TH
    return s


def test_the_rummy_box_says_a_call_on_the_last_discard_lays_the_card_off() -> None:
    # found by a review: it said "take TH and meld it"
    from rummykit.actions import CallRummy
    from rummykit.tui.screens import _describe_call

    view = _last_discard_calls().view()
    (call,) = [a for a in view.legal_actions if isinstance(a, CallRummy)]
    assert _describe_call(view, call).plain == "rummy 1: take TH and lay it off"


def test_after_a_call_on_the_last_discard_the_prompt_asks_for_the_lay_off() -> None:
    s = _last_discard_calls()
    play_scenario(s, ("rummy 1",))
    view = s.view()
    assert [str(a) for a in view.legal_actions] == ["layoff TH to 1"]
    assert (
        prompt_text(view)
        == "Lay off TH on a table meld (your Rummy call): then play goes back to Ben."
    )
    s.play(parse_action("layoff TH to 1"))
    assert s.names[s.to_act] == "Ben"


def test_the_deal_of_a_game_of_fixed_deals_and_its_play_off() -> None:
    rules = Rules.preset("wrotham")
    assert deal_text(rules, 1) == "deal 1 of 6" and deal_text(rules, 6) == "deal 6 of 6"
    assert deal_text(rules, 7) == "deal 7, a play-off after 6"  # a tie played off
    assert deal_text(Rules.preset("remik-single"), 2) == "deal 2 of 3"
    assert deal_text(Rules.preset("500-rum"), 7) == ""  # a game to a target


def test_the_score_sheet_fits_its_dialog_with_eight_players_and_a_long_name() -> None:
    # found by a review: each column as wide as the longest name, the rows wrapped and
    # the numbers stood under the wrong players
    from rummykit.tui.render import SHEET_WIDTH, score_sheet

    names = ["Maximiliana", "Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"]
    game = Game(Rules.preset("500-rum"), names, seed=1)
    while not game.results:
        game.apply(game.legal_actions()[0])
    table = score_sheet(game).plain.split("Score sheet\n")[1].splitlines()
    assert all(len(line) <= SHEET_WIDTH for line in table[:3]), table
    assert table[0].split()[1:] == ["Maximi…", *names[1:]]
    assert len(table[1].split()) == 1 + len(names)  # each score under its player
    # found by a later review: in a terminal of 60 columns (the dialog 54 wide) the
    # columns still assumed 72, and the last player's column wrapped onto its own line
    narrow = score_sheet(game, columns=54).plain.split("Score sheet\n")[1].splitlines()
    assert all(len(line) <= 54 for line in narrow[:3]), narrow
    assert narrow[0].split()[1:] == ["Maxi…", "Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus"]
    assert len(narrow[1].split()) == 1 + len(names)
