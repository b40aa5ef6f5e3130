"""RULES.md 8.3, [game.ties]: what equal highest totals at the end of a game do (option
``ties``), and Remik's formats (seed 004): ``remik-single`` shares a tie, ``remik-500``
(``remik-table``) deals more hands to the tied leaders only.

The usual hand (Remik, Ana, Ben and Caro, Caro deals): Ana melds 4C 4D 4H and 3C 3D 3H
(21) and keeps 2C: 19. Ben melds KC KD KH and QC QD QH (60) and keeps 2D: 58. Caro melds
JC JD JH JS and 6C 6D 6H (58) and goes out: 58. Ben and Caro tie for the lead.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit import Game, IllegalAction, parse_action, replay
from rummykit.cli import main
from rummykit.cli.table import describe_game
from rummykit.record import load_game, write_record

from .kit import act, complete_deal, make_game, record, rules_of, run_down

NAMES = "Ana Ben Caro"
HANDS = {
    "Ana": "4C 4D 4H 3C 3D 3H 2C",
    "Ben": "KC KD KH QC QD QH 2D",
    "Caro": "JC JD JH JS 6C 6D 6H",
}
TURNS = (
    "Ana: draw",
    "Ana: meld 4C 4D 4H",
    "Ana: meld 3C 3D 3H",
    "Ana: discard 3S",
    "Ben: draw",
    "Ben: meld KC KD KH",
    "Ben: meld QC QD QH",
    "Ben: discard 5S",
    "Caro: draw",
    "Caro: meld JC JD JH JS",
    "Caro: meld 6C 6D 6H",
    "Caro: discard 7S",
)
#: Hand 2 of a play-off between Ben and Caro: Ben deals, Caro goes out with 60.
PLAYOFF = {"Caro": "9C 9D 9H 9S 8C 8D 8H"}
PLAYOFF_TURNS = ("Caro: draw", "Caro: meld 9C 9D 9H 9S", "Caro: meld 8C 8D 8H", "Caro: discard KS")


def tied_game(preset: str = "remik-500", **options: object) -> Game:
    game = make_game(preset, NAMES, **options)
    game.start_hand(complete_deal(game.rules, NAMES, HANDS, "5C", "3S 5S 7S"))
    act(game, *TURNS)
    assert game.totals == [19, 58, 58]
    return game


def play_off(game: Game) -> None:
    """Deals hand 2 to Ben and Caro alone and lets Caro go out."""
    game.start_hand(complete_deal(game.rules, "Ben Caro", PLAYOFF, "5C", "KS", dealer="Ben"))
    act(game, *PLAYOFF_TURNS)


# ---------------------------------------------------------------- share (remik-single)
def test_game_ties_share_equal_totals_are_joint_winners() -> None:
    # Seed 004: "w przypadku remisu nagroda jest dzielona równo między remisujących".
    game = tied_game("remik-single", deals=1)
    assert game.over and game.winners == (1, 2)
    assert game.winner is None  # no single winner: the win is shared
    assert game.results[-1].out == 2


def test_game_ties_share_the_settlement_splits_each_payment() -> None:
    # Ana owes each joint winner's total minus hers, 39, split between them: 19 each
    # (the odd chip stays with Ana).
    game = tied_game("remik-single", deals=1)
    assert game.settlement() == [-38, 19, 19]


def test_game_ties_share_in_the_replay_json_and_the_score_sheet() -> None:
    game = tied_game("remik-single", deals=1)
    out = replay(write_record(game)).to_json()
    assert out["winner"] is None and out["winners"] == ["Ben", "Caro"]
    assert out["settlement"] == {"Ana": -38, "Ben": 19, "Caro": 19}
    assert "joint winners (equal totals share the win): Ben and Caro" in describe_game(game)


def test_game_ties_share_lists_the_joint_winners_in_seat_order() -> None:
    # rules-decisions.md 46: seat order, not the names' (Zoe sits before Abe)
    rename = {"Ana": "Cy", "Ben": "Zoe", "Caro": "Abe"}

    def renamed(text: str) -> str:
        for old, new in rename.items():
            text = text.replace(old, new)
        return text

    names = renamed(NAMES)
    game = make_game("remik-single", names, deals=1)
    hands = {rename[k]: v for k, v in HANDS.items()}
    game.start_hand(complete_deal(game.rules, names, hands, "5C", "3S 5S 7S"))
    act(game, *(renamed(t) for t in TURNS))
    out = replay(write_record(game)).to_json()
    assert out["winners"] == ["Zoe", "Abe"]


def test_game_ties_share_a_single_leader_wins_alone() -> None:
    game = tied_game("remik-single", deals=1, ties="share")
    assert game.winners == (1, 2)
    usual = make_game("remik-single", NAMES, deals=1)
    hands = {**HANDS, "Caro": "JC JD JH JS 7C 7D 7H"}  # Caro goes out with 40 + 21
    usual.start_hand(complete_deal(usual.rules, NAMES, hands, "5C", "3S 5S 8S"))
    act(usual, *TURNS[:9], "Caro: meld JC JD JH JS", "Caro: meld 7C 7D 7H", "Caro: discard 8S")
    assert usual.totals == [19, 58, 61]
    assert usual.winners == (2,) and usual.winner == 2


def test_game_ties_remik_single_plays_three_deals() -> None:
    rules = rules_of("remik-single")
    assert (rules.target, rules.deals, rules.ties.value) == (None, 3, "share")
    game = tied_game("remik-single")  # three deals: one is not enough
    assert not game.over and game.awaiting_deal


# ---------------------------------------------------------------- play-on (the default)
def test_game_ties_play_on_everybody_is_dealt_the_next_hand() -> None:
    game = tied_game("remik-500", target=50, ties="play-on")
    assert not game.over and game.seated == (0, 1, 2)
    game.start_hand(complete_deal(game.rules, NAMES, {}, "KS"))
    assert game.hand_seats == (0, 1, 2) and game.hand.n == 3


# ---------------------------------------------------------------- leaders-play-on (remik-table)
def test_game_ties_leaders_play_on_only_the_tied_leaders_are_dealt_in() -> None:
    # Seed 004: "gracze, którzy nie osiągnęli najwyższej ilości punktów zostają odsunięci
    # od stołu, a gracze remisujące rozgrywają dodatkowe rundy".
    game = tied_game("remik-500", target=50)
    assert not game.over and game.winners == ()
    assert game.seated == (1, 2)
    assert game.next_dealer == 1  # the deal passes left past Ana, who has left
    play_off(game)
    assert game.hand_seats == (1, 2)
    assert game.totals == [19, 7, 118]  # Ana's total does not change
    assert game.results[-1].scores == (0, -51, 60)  # Ben keeps his seven cards: 51
    assert game.over and game.winner == 2 and game.winners == (2,)


def test_game_ties_leaders_play_on_seats_stay_game_seats() -> None:
    game = tied_game("remik-table", target=50)
    game.start_hand(complete_deal(game.rules, "Ben Caro", PLAYOFF, "5C", "KS", dealer="Ben"))
    assert game.to_act == 2  # Caro, left of Ben, plays first
    with pytest.raises(IllegalAction) as info:
        act(game, "Ana: draw")
    assert info.value.rule == "action.turn" and "sits this hand out" in info.value.message
    assert game.view(0).seat is None  # Ana watches
    view = game.view(2)  # the hand's own seats: Ben 0, Caro 1
    assert (view.seat, view.players, view.totals, view.to_act) == (1, ("Ben", "Caro"), (58, 58), 1)
    event = game.apply(view.legal_actions[0], 2)
    assert event.seat == 2
    act(game, *PLAYOFF_TURNS[1:])
    last = game.hand.history[-1]
    assert last[0] == 1  # the hand numbers Caro 1
    assert game.results[-1].out == 2


def test_game_ties_leaders_play_on_the_final_event_names_game_seats() -> None:
    game = tied_game("remik-500", target=50)
    game.start_hand(complete_deal(game.rules, "Ben Caro", PLAYOFF, "5C", "KS", dealer="Ben"))
    act(game, *PLAYOFF_TURNS[:-1])
    event = game.apply(parse_action("discard KS"), 2)
    assert event.seat == 2 and event.game_over and event.winner == 2
    assert event.result is not None and event.result.out == 2
    assert event.result.scores == (0, -51, 60)


def test_game_ties_leaders_play_on_the_record_names_only_the_players_dealt_in() -> None:
    game = tied_game("remik-500", target=50)
    play_off(game)
    doc = write_record(game)
    assert set(doc["hands"][1]["deal"]["hands"]) == {"Ben", "Caro"}
    assert doc["hands"][1]["dealer"] == "Ben"
    assert write_record(load_game(doc)) == doc
    out = replay(doc).to_json()
    assert out["hands"][1]["scores"] == {"Ben": -51, "Caro": 60}
    assert out["totals"] == {"Ana": 19, "Ben": 7, "Caro": 118}
    assert out["winner"] == "Caro" and out["winners"] == ["Caro"]
    sheet = describe_game(game)
    assert "-" in sheet.split("Score sheet")[1].splitlines()[3]  # Ana sat hand 2 out


def test_game_ties_leaders_play_on_the_replay_names_who_sits_out_a_hand_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rummykit replay hides the cards of a hand in progress, and still says who sat it out
    game = tied_game("remik-500", target=50)
    game.start_hand(complete_deal(game.rules, "Ben Caro", PLAYOFF, "5C", "KS", dealer="Ben"))
    act(game, "Caro: draw")
    path = tmp_path / "play-off.json"
    path.write_text(json.dumps(write_record(game)))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    play_off_table = out.split("\n\n")[1]
    assert "(the record stops inside this hand)" in play_off_table
    assert play_off_table.endswith("sat out: Ana")
    assert "9C" not in out  # Caro's cards stay hidden


def test_game_ties_leaders_play_on_a_record_must_deal_to_the_leaders_only() -> None:
    game = tied_game("remik-500", target=50)
    doc = write_record(game)
    three = complete_deal(game.rules, NAMES, {}, "KS", dealer="Ana")
    wrong = record("remik-500", NAMES, [], {"target": 50})
    wrong["hands"] = [doc["hands"][0], *record("remik-500", NAMES, [("Ana", three, [])])["hands"]]
    out = replay(wrong).to_json()
    assert out["ok"] is False and out["error"]["rule"] == "record.deal"
    assert "Ben, Caro" in out["error"]["message"]


def test_game_ties_leaders_play_on_a_second_tie_plays_on_again() -> None:
    # Hand 2: nobody melds and both keep 43 points: still tied at 15, they play on.
    game = tied_game("remik-500", target=50)
    hands = {"Ben": "2C 5D 8H JS 3C 6D 9H", "Caro": "4C 7D TH QS 2D 5H 5S"}
    game.start_hand(complete_deal(game.rules, "Ben Caro", hands, "KS", dealer="Ben"))
    run_down(game.hand, leave=1)
    seat = game.to_act
    drawn = game.apply(parse_action("draw"), seat).drawn  # the last stock card
    game.apply(parse_action(f"discard {drawn}"), seat)  # remik: the hand ends
    assert game.totals == [19, 15, 15]
    assert not game.over and game.seated == (1, 2) and game.next_dealer == 2


# ---------------------------------------------------------------- most-melded
def test_game_ties_most_melded_the_most_points_melded_wins() -> None:
    # Seed 004, multi-table: "zwycięzcą zostaje gracz mający najwyższą ilość punktów w
    # swoich układach i kartach dołożonych". Ben melded 60, Caro 58.
    game = tied_game("remik-500", target=50, ties="most-melded")
    assert game.melded == [21, 60, 58]
    assert game.left_in_hand == [2, 2, 0]
    assert game.over and game.winner == 1


def test_game_ties_most_melded_still_equal_plays_on() -> None:
    # Block Rummy, three cards each: hands worth 6, 6 and 10 end by the stock; the two
    # lowest share 4 (2 each); nobody melded and both hold 6: still equal.
    names = "A B C"
    game = make_game("block-rummy", names, hand_size=3, target=1, ties="most-melded")
    hands = {"A": "AC 2D 3H", "B": "AD 2H 3S", "C": "2C 3C 5S"}
    game.start_hand(complete_deal(game.rules, names, hands, "KS"))
    run_down(game.hand)
    act(game, f"{game.players[game.hand.turn]}: end")
    assert game.totals == [2, 2, 0]
    assert not game.over and game.seated == (0, 1, 2)
