"""run_match: duplicate deals, seat rotation, statistics, reproducible with jobs."""

from __future__ import annotations

import json
import time

import pytest

from rummykit import Game
from rummykit.bots.tournament import (
    BotSpec,
    GameResult,
    MatchResult,
    play_one,
    run_match,
    whole_deals,
    wilson,
)
from rummykit.rules import Rules


def test_match_is_reproducible_and_jobs_do_not_matter() -> None:
    one = run_match(["greedy", "random"], games=6, seed=11)
    again = run_match(["greedy", "random"], games=6, seed=11)
    two = run_match(["greedy", "random"], games=6, seed=11, jobs=2)
    assert one.outcome() == again.outcome() == two.outcome()
    assert one.to_json()["bots"]["greedy"]["wins"] == two.to_json()["bots"]["greedy"]["wins"]


def test_duplicate_deals_and_seat_rotation() -> None:
    match = run_match(["heuristic", "greedy"], games=4, seed=3)
    seats = [r.seats for r in match.results]
    assert seats == [("heuristic", "greedy"), ("greedy", "heuristic")] * 2
    # each deal is played twice with the seats swapped: the first hand is dealt the same
    stats = match.bots
    assert stats["heuristic"].games == stats["greedy"].games == 4
    assert stats["heuristic"].wins + stats["greedy"].wins + stats["greedy"].draws == 4


def test_figures() -> None:
    match = run_match([BotSpec("heuristic"), "greedy"], games=2, seed=5)
    doc = match.to_json()
    for name in ("heuristic", "greedy"):
        figures = doc["bots"][name]
        assert set(figures) >= {
            "games",
            "wins",
            "win_rate",
            "ci95",
            "mean_hand_score",
            "ms_per_decision",
        }
        low, high = figures["ci95"]
        assert 0 <= low <= figures["win_rate"] <= high <= 1
        assert figures["ms_per_decision"] > 0
        # the longest decision: no shorter than the mean one, no longer than them all
        stats = match.bots[name]
        assert stats.seconds / stats.decisions <= stats.longest <= stats.seconds
    for r in match.results:
        assert len(r.longest) == len(r.seats) and all(x > 0 for x in r.longest)
        again = GameResult.from_json(json.loads(json.dumps(r.to_json())))
        assert again.longest == tuple(round(x, 4) for x in r.longest)
    # a result saved before the longest decision was recorded reads without it
    old = {k: v for k, v in match.results[0].to_json().items() if k != "longest"}
    assert GameResult.from_json(old).longest == ()


def test_more_seats_than_bots() -> None:
    match = run_match(["greedy", "random"], games=4, players=4, seed=2)
    assert all(len(r.seats) == 4 for r in match.results)
    assert match.bots["greedy"].games == 4


def test_budget_specs_and_errors() -> None:
    assert BotSpec.of("ismcts:50") == BotSpec("ismcts", 50, "ismcts-50")
    with pytest.raises(ValueError):
        run_match(["greedy", "nobody"], games=1)
    with pytest.raises(ValueError):
        run_match(["greedy", "greedy"], games=1)


def test_wilson() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((low + high) / 2 - 0.5) < 1e-9


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_match_resumes_with_the_same_results(jobs: int) -> None:
    full = run_match(["greedy", "random"], games=6, seed=4)
    saved = [GameResult.from_json(r.to_json()) for r in full.results[:3]]
    played: list[GameResult] = []
    resumed = run_match(
        ["greedy", "random"], games=6, seed=4, jobs=jobs, known=saved, on_result=played.append
    )
    assert resumed.outcome() == full.outcome()
    assert sorted(r.index for r in played) == [3, 4, 5]


def test_known_results_must_belong_to_the_match() -> None:
    other = run_match(["heuristic", "random"], games=1, seed=4).results
    with pytest.raises(ValueError, match="game 0"):
        run_match(["greedy", "random"], games=2, seed=4, known=other)
    mine = run_match(["greedy", "random"], games=3, seed=4).results
    with pytest.raises(ValueError, match="game 2"):
        run_match(["greedy", "random"], games=2, seed=4, known=mine)
    with pytest.raises(ValueError, match="not a game result"):
        GameResult.from_json({"index": 0})
    doc = mine[0].to_json()
    doc["decisions"] = doc["decisions"][:1]
    with pytest.raises(ValueError, match="one entry per seat"):
        GameResult.from_json(doc)


def test_a_hand_that_does_not_end_stops_the_game_unfinished_as_a_draw() -> None:
    # the limit on a hand's actions guards matches against a bot that loops (none of
    # the levels does: see test_decisions.py); here it is set so low that hand 3 of
    # game 2 (of 19 hands without it) reaches it
    specs = [BotSpec("greedy"), BotSpec("greedy", name="greedy-2")]
    finished = play_one(specs, Rules.preset("rummy"), 2, 7, 2)
    longest = 60
    assert not finished.unfinished and len(finished.hand_scores) > 3
    result = play_one(specs, Rules.preset("rummy"), 2, 7, 2, max_hand_actions=longest)
    assert result.unfinished and result.winner is None
    assert result.hand_scores == finished.hand_scores[: len(result.hand_scores)]
    assert len(result.hand_scores) < len(finished.hand_scores)  # not the 100-hand limit
    match = MatchResult.of("rummy", 2, 7, ["greedy", "greedy-2"], [result])
    assert match.unfinished == 1
    assert match.bots["greedy"].draws == match.bots["greedy-2"].draws == 1
    assert GameResult.from_json(result.to_json()).unfinished


def test_the_action_limit_is_a_parameter() -> None:
    specs = [BotSpec.of("greedy"), BotSpec.of("random")]
    rules = Rules.preset("500-rum")
    assert not play_one(specs, rules, 2, 1, 0).unfinished
    short = play_one(specs, rules, 2, 1, 0, max_hand_actions=30)
    assert short.unfinished and short.winner is None and short.hand_scores == ()


@pytest.mark.parametrize("jobs", [1, 2])
def test_after_the_deadline_no_game_begins_and_the_match_resumes(jobs: int) -> None:
    full = run_match(["greedy", "random"], games=6, seed=4)
    played: list[GameResult] = []
    stopped = run_match(
        ["greedy", "random"],
        games=6,
        seed=4,
        jobs=jobs,
        known=full.results[:2],
        on_result=played.append,
        deadline=time.monotonic(),  # passed before the first game could begin
    )
    assert played == [] and stopped.games == 2
    assert [r.index for r in stopped.results] == [0, 1]
    resumed = run_match(["greedy", "random"], games=6, seed=4, jobs=jobs, known=stopped.results)
    assert resumed.outcome() == full.outcome()


def test_two_bots_at_four_seats_play_each_deal_in_its_two_seatings() -> None:
    # two bots take turns around a 4-seat table: there are two seatings, so a deal is
    # played twice; the next two games are a new deal, not copies of the first two
    match = run_match(["heuristic", "basic"], games=4, rules="500-rum", players=4, seed=3)
    first, second, third, fourth = match.results
    assert [r.deal for r in match.results] == [0, 0, 1, 1]
    assert first.seats == third.seats == ("heuristic", "basic", "heuristic", "basic")
    assert second.seats == fourth.seats == ("basic", "heuristic", "basic", "heuristic")
    assert first.hand_scores != third.hand_scores  # another deal, not the same game again


def test_three_seats_give_each_of_two_bots_every_seat_equally() -> None:
    # a deal of two bots at three seats is played in its two seatings: each bot holds
    # every seat once and three of the deal's six places (three rotations, as before
    # 2026-11-26, gave the first bot five of nine)
    match = run_match(["greedy", "random"], games=4, players=3, seed=3)
    assert [r.deal for r in match.results] == [0, 0, 1, 1]
    first, second = match.results[:2]
    assert (first.seats, second.seats) == (
        ("greedy", "random", "greedy"),
        ("random", "greedy", "random"),
    )
    assert (first.seats + second.seats).count("greedy") == 3


def test_games_saved_before_the_deal_was_named_cannot_resume_a_match_at_more_seats() -> None:
    game = run_match(["greedy", "random"], games=1, players=4, seed=3).results[0]
    old = GameResult.from_json({k: v for k, v in game.to_json().items() if k != "deal"})
    assert old.deal is None
    with pytest.raises(ValueError, match="saved before 2026-11-26"):
        run_match(["greedy", "random"], games=2, players=4, seed=3, known=[old])
    two = run_match(["greedy", "random"], games=1, seed=3).results[0]  # 2 seats: as before
    old_two = GameResult.from_json({k: v for k, v in two.to_json().items() if k != "deal"})
    assert run_match(["greedy", "random"], games=2, seed=3, known=[old_two]).games == 2
    moved = GameResult.from_json({**game.to_json(), "deal": 5})
    with pytest.raises(ValueError, match="not a game of this match"):
        run_match(["greedy", "random"], games=2, players=4, seed=3, known=[moved])


def test_games_are_rounded_up_to_whole_deals() -> None:
    # three bots: a deal is three games, one for each rotation; 4 games make two deals
    match = run_match(["greedy", "random", "greedy:5"], games=4, seed=2)
    assert match.games == 6
    assert [r.deal for r in match.results] == [0, 0, 0, 1, 1, 1]
    for label in ("greedy", "random", "greedy-5"):
        for deal in (0, 1):  # every bot at every seat of each deal
            seats = {r.seats.index(label) for r in match.results if r.deal == deal}
            assert seats == {0, 1, 2}


def test_a_report_of_a_log_holds_whole_deals_only() -> None:
    full = run_match(["greedy", "random"], games=4, seed=4)
    assert [r.index for r in whole_deals(full.results[:3], 2)] == [0, 1]
    assert [r.index for r in whole_deals([full.results[i] for i in (1, 2, 3)], 2)] == [2, 3]
    assert whole_deals(full.results, 2) == sorted(full.results, key=lambda r: r.index)


def test_a_stopped_match_reports_whole_deals_only() -> None:
    full = run_match(["greedy", "random"], games=6, seed=4)
    stopped = run_match(
        ["greedy", "random"],
        games=6,
        seed=4,
        known=full.results[:3],  # deal 0 and half of deal 1
        deadline=time.monotonic(),
    )
    assert [r.index for r in stopped.results] == [0, 1]
    assert stopped.played == 3  # the game of the deal cut short was played all the same


def test_a_win_shared_by_one_levels_bots_is_its_win(monkeypatch: pytest.MonkeyPatch) -> None:
    # under ties = share two winners can be the two bots of one level at a 4-seat table
    import rummykit.bots.tournament as tournament

    class Over:
        unfinished = False
        seconds = [0.0] * 4
        decisions = [0] * 4
        longest = [0.0] * 4

        def __init__(self, game: Game, *args: object, **kwargs: object) -> None:
            self.game = game

        def run(self) -> None:
            self.game.winners = shared

    monkeypatch.setattr(tournament, "Driver", Over)
    specs = [BotSpec.of("greedy"), BotSpec.of("random")]
    rules = Rules.preset("remik-single")
    shared = (0, 2)  # both greedy bots
    assert play_one(specs, rules, 4, 1, 0).winner == "greedy"
    shared = (0, 1)  # one of each: a draw between the levels
    drawn = play_one(specs, rules, 4, 1, 0)
    assert drawn.winner is None and drawn.shared == ("greedy", "random")
    assert GameResult.from_json(drawn.to_json()) == drawn


def test_a_win_shared_between_two_levels_is_a_loss_for_a_third() -> None:
    # three levels under ties = share: a and b share the win, c lost it
    game = GameResult(0, ("a", "b", "c"), None, ((50, 50, -20),), (1, 1, 1), (0.0,) * 3)
    shared = GameResult(**{**game.__dict__, "shared": ("a", "b")})
    stats = MatchResult.of("remik-single", 3, 0, ["a", "b", "c"], [shared]).bots
    assert (stats["a"].draws, stats["b"].draws, stats["c"].draws) == (1, 1, 0)
    assert stats["c"].win_rate == 0.0 and stats["a"].win_rate == 0.5
    # a draw nobody won (an unfinished game, or one saved before shared was written)
    draw = MatchResult.of("remik-single", 3, 0, ["a", "b", "c"], [game]).bots
    assert draw["c"].draws == 1
    assert "shared" not in game.to_json()  # written only where a win is shared


def test_a_hand_sat_out_in_a_tie_play_off_is_not_a_hand_played() -> None:
    # remik-500 (leaders-play-on) to 40 points: game 88 is tied after its first hand
    # (seats 0 and 2 on 48), and its two leaders play the second hand alone
    rules = Rules.preset("remik-500", target=40)
    result = play_one([BotSpec("greedy"), BotSpec("greedy")], rules, 4, 1, 88)
    assert len(result.hand_scores) == 2 and result.hands_dealt == (2, 1, 2, 1)
    assert [h[1] for h in result.hand_scores][1:] == [0]  # seat 1 sat hand 2 out
    again = GameResult.from_json(result.to_json())
    assert again.hands_dealt == result.hands_dealt and again.dealt(1) == 1
    # points a hand: over the hands each seat was dealt
    stats = MatchResult.of("remik-500", 4, 1, ["greedy"], [result]).bots["greedy"]
    assert stats.hands == 6
    assert stats.mean_hand_score == sum(map(sum, result.hand_scores)) / 6
    # a result saved before hands_dealt was written counts every hand for every seat
    old = result.to_json()
    del old["hands_dealt"]
    assert GameResult.from_json(old).dealt(1) == 2
    old["hands_dealt"] = [2, 3, 2, 1]
    with pytest.raises(ValueError, match="hands_dealt"):
        GameResult.from_json(old)
