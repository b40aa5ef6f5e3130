"""The paired measurement: rotations, fixed deals, statistics, the sequential stop rule."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from rummykit.bots.paired import (
    DealResult,
    PairedResult,
    Summary,
    boundary,
    looks,
    play_deal,
    run_paired,
    seatings,
    summarize,
    verdict,
)
from rummykit.bots.student import t_cdf, t_quantile
from rummykit.bots.tournament import BotSpec
from rummykit.cli import main
from rummykit.cli.paired_cmd import table
from rummykit.rules import Rules

#: the same bot under two names: any difference between them would be the method's
TWINS = [BotSpec("greedy"), BotSpec("greedy", None, "greedy-2")]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("lineup", ["alternate", "one-vs-rest"])
def test_rotations_cover_every_seat(players: int, lineup: str) -> None:
    rots = seatings(players, lineup)
    assert len(set(rots)) == len(rots)
    for bot in (0, 1):
        for seat in range(players):
            assert any(r[seat] == bot for r in rots), (bot, seat)
    if lineup == "one-vs-rest":
        assert len(rots) == players
        assert all(r.count(0) == 1 for r in rots)
        assert sorted(r.index(0) for r in rots) == list(range(players))
    else:
        assert all(abs(r.count(0) - r.count(1)) <= 1 for r in rots)


def test_seatings_reject_bad_input() -> None:
    with pytest.raises(ValueError, match="lineups are alternate, one-vs-rest"):
        seatings(2, "triangle")


def test_a_deal_is_the_same_cards_in_every_rotation() -> None:
    # greedy has no randomness: the same bot in both rotations of one deal plays the same
    # hand, so each seat scores the same, and the rotations cancel exactly
    rules = Rules.preset("500-rum")
    for index in range(3):
        deal = play_deal(TWINS, rules, 2, "alternate", 5, index)
        assert deal.seatings == ((0, 1), (1, 0))
        assert deal.scores[0] == deal.scores[1]
        assert deal.diffs == [-d for d in reversed(deal.diffs)]
        assert deal.diff == 0.0
        assert deal.decisions[0] == deal.decisions[1] > 0


def test_one_vs_rest_scores_the_lone_bot_against_the_mean_of_the_rest() -> None:
    deal = DealResult(
        0,
        ((0, 1, 1), (1, 0, 1), (1, 1, 0)),
        ((30, 10, -20), (0, 60, 0), (5, 5, 5)),
        (False, False, False),
        (3, 6),
        (0.0, 0.0),
        (0.0, 0.0),
    )
    assert deal.diffs == [30 - (10 - 20) / 2, 60.0, 0.0]
    assert deal.diff == pytest.approx((35 + 60 + 0) / 3)


def test_statistic_on_a_hand_made_example() -> None:
    s = summarize([4.0, -2.0, 7.0, 3.0])
    assert s.n == 4 and s.mean == 3.0
    sd = math.sqrt(((1**2) + (5**2) + (4**2) + 0) / 3)  # sample standard deviation
    assert s.sd == pytest.approx(sd)
    assert s.se == pytest.approx(sd / 2)
    low, high = s.ci95
    assert low == pytest.approx(3.0 - 1.959964 * sd / 2, abs=1e-5)
    assert high == pytest.approx(3.0 + 1.959964 * sd / 2, abs=1e-5)
    assert summarize([]).n == 0 and math.isinf(summarize([5.0]).se)


def test_looks_and_boundary() -> None:
    assert looks(25, 400) == [25, 50, 100, 200, 400]
    assert looks(10, 10) == [10]
    assert looks(40, 30) == [30]
    assert boundary(1) == pytest.approx(1.959964, abs=1e-5)
    assert boundary(5) == pytest.approx(2.575829, abs=1e-5)  # 1% a look
    with pytest.raises(ValueError):
        looks(1, 100)


def test_verdict() -> None:
    clear = Summary(30, 5.0, 10.0, 1.0)
    assert verdict(clear, 2.58, None) == "first better"
    assert verdict(Summary(30, -5.0, 10.0, 1.0), 2.58, None) == "second better"
    unclear = Summary(30, 2.0, 10.0, 1.0)
    assert verdict(unclear, 2.58, None) == ""
    assert verdict(unclear, 2.58, 5.0) == "within margin"  # -0.58..4.58 inside +-5
    assert verdict(unclear, 2.58, 4.0) == ""
    # deals all of one figure: no spread to judge by, not a certainty
    assert verdict(summarize([5.0, 5.0]), boundary(7, deals=2), None) == ""
    assert verdict(summarize([0.0, 0.0, 0.0]), 3.0, 1.0) == "within margin"  # played alike


def test_boundary_is_students_t_at_the_looks_deals() -> None:
    # two-sided 5% over 5 looks: 0.5% a side a look; t tables: 2 deals (1 df) 63.657,
    # 10 deals (9 df) 3.250, 25 deals (24 df) 2.797; the normal quantile 2.576
    assert boundary(5, deals=2) == pytest.approx(63.657, abs=1e-3)
    assert boundary(5, deals=10) == pytest.approx(3.250, abs=1e-3)
    assert boundary(5, deals=25) == pytest.approx(2.797, abs=1e-3)
    assert boundary(5, deals=100_000) == pytest.approx(boundary(5), abs=1e-3)
    assert math.isinf(boundary(5, deals=1))
    assert t_quantile(0.975, 4) == pytest.approx(2.776, abs=1e-3)
    assert t_cdf(-2.776, 4) == pytest.approx(0.025, abs=1e-4)


def test_the_sequential_test_errs_at_most_alpha_between_equal_bots() -> None:
    # equal bots: per-deal differences of mean 0; as run_paired looks, from 5 deals on.
    # With the normal quantile this called a difference in about 10% of runs.
    rng = random.Random(12)
    schedule = looks(5, 100)
    bounds = [boundary(len(schedule), 0.05, n) for n in schedule]
    runs, wrong = 3000, 0
    for _ in range(runs):
        diffs = [rng.gauss(0.0, 20.0) for _ in range(100)]
        for n, z in zip(schedule, bounds, strict=True):
            if verdict(summarize(diffs[:n]), z, None):
                wrong += 1
                break
    assert wrong / runs < 0.06  # at most 5% (Bonferroni is conservative), with room for chance


def test_a_deal_with_an_unfinished_hand_is_left_out() -> None:
    whole = DealResult(
        0, ((0, 1), (1, 0)), ((40, 10), (40, 10)), (False, False), (1, 1), (0, 0), (0, 0)
    )
    cut = DealResult(1, ((0, 1), (1, 0)), ((40, 10), (0, 0)), (False, True), (1, 1), (0, 0), (0, 0))
    assert whole.whole and not cut.whole
    assert whole.diff == 0.0 and cut.diff == 15.0  # seat 0's luck, not the first bot's play
    result = PairedResult(
        ("a", "b"), "500-rum", 2, "alternate", 0, 10, [10], 2.0, None, [whole, cut]
    )
    assert result.summary.n == 1 and result.summary.mean == 0.0
    assert result.left_out == 1 and result.unfinished == 1
    assert result.to_json()["left_out"] == 1
    # every deal left out: no figure to go by, said as such (and valid JSON), not a crash
    none = PairedResult(
        ("a", "b"), "500-rum", 2, "alternate", 0, 10, [10], math.inf, None, [cut], "max deals"
    )
    doc = json.loads(json.dumps(none.to_json(), allow_nan=False))
    assert doc["z"] is None and doc["diff"]["se"] is None
    text = table(doc)
    assert "SE -" in text and "z = -" in text and "1 deal(s) left out" in text


def _figures(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in ("seconds", "ms_per_decision", "longest_ms")}


def test_same_seed_same_figures_and_jobs_do_not_matter() -> None:
    kwargs: dict[str, Any] = {"max_deals": 12, "first_look": 4, "seed": 3}
    one = run_paired(["heuristic", "greedy"], **kwargs)
    again = run_paired(["heuristic", "greedy"], **kwargs)
    two = run_paired(["heuristic", "greedy"], jobs=2, **kwargs)
    assert _figures(one.to_json()) == _figures(again.to_json()) == _figures(two.to_json())
    assert [d.scores for d in one.deals] == [d.scores for d in two.deals]
    other = run_paired(["heuristic", "greedy"], **{**kwargs, "seed": 4})
    assert [d.scores for d in other.deals] != [d.scores for d in one.deals]


def test_the_stop_rule_stops() -> None:
    # a clear difference stops at the first look that shows it
    clear = run_paired(["greedy", "random"], max_deals=200, first_look=10, seed=1)
    assert clear.stop == "first better"
    assert clear.deals_played in clear.looks[:-1]
    assert clear.summary.interval(clear.z)[0] > 0
    # two equal bots: never "better"; with a margin, stopped at the first look
    equal = run_paired(TWINS, max_deals=20, first_look=5, seed=1)
    assert equal.stop == "max deals" and equal.deals_played == 20
    assert equal.summary.mean == 0.0
    within = run_paired(TWINS, max_deals=20, first_look=5, seed=1, margin=1.0)
    assert within.stop == "within margin" and within.deals_played == 5


def test_four_players_one_against_three() -> None:
    result = run_paired(
        ["greedy", "random"], players=4, lineup="one-vs-rest", max_deals=4, first_look=2
    )
    assert all(d.seatings == tuple(seatings(4, "one-vs-rest")) for d in result.deals)
    assert result.hands == 4 * result.deals_played
    assert result.to_json()["lineup"] == "one-vs-rest"


def test_run_paired_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="exactly two"):
        run_paired(["greedy", "random", "heuristic"])
    with pytest.raises(ValueError, match="distinct"):
        run_paired(["greedy", "greedy"])
    with pytest.raises(ValueError, match="levels are"):
        run_paired(["greedy", "wizard"])


BASE = ["simulate", "--paired", "--bots", "greedy,random", "--seed", "2", "--quiet"]


def test_cli_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--deals", "30", "--first-look", "10", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["first"] == "greedy" and doc["second"] == "random"
    assert doc["stop"] == "first better" and doc["deals"] in doc["looks"]
    low, high = doc["diff"]["ci95"]
    assert low < doc["diff"]["mean"] < high
    assert main([*BASE, "--deals", "6", "--first-look", "3"]) == 0
    text = capsys.readouterr().out
    assert "points per hand" in text and "sequential test" in text
    # two intervals, each named: the fixed-sample 95% one and the sequential test's (the
    # one --margin compares), never an unlabelled "95% CI" beside a bare "interval"
    assert "95% interval (fixed sample) " in text and "(sequential test's interval " in text
    assert "95% CI" not in text and "(interval " not in text


def test_cli_progress_goes_to_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummykit.cli import paired_cmd

    monkeypatch.setattr(paired_cmd, "PROGRESS_EVERY", 0.0)  # a line after every deal
    args = [a for a in BASE if a != "--quiet"]
    assert main([*args, "--deals", "4", "--first-look", "2", "--json"]) == 0
    captured = capsys.readouterr()
    # not a terminal here: whole lines, never one redrawn with carriage returns (found by
    # a review: a log got one ever-growing line)
    lines = captured.err.splitlines()
    assert lines[0].startswith("deals 1/4  ") and lines[-1].startswith("deals ")
    assert "\r" not in captured.err
    json.loads(captured.out)


def test_cli_log_resumes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "deals.jsonl"
    args = [*BASE, "--deals", "6", "--first-look", "3", "--json", "--log", str(log)]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    lines = log.read_text("utf-8").splitlines()
    assert len(lines) == first["deals"]
    assert main(args) == 0  # everything known: nothing played again, same figures
    assert json.loads(capsys.readouterr().out)["diff"] == first["diff"]
    assert log.read_text("utf-8").splitlines() == lines
    other = [*BASE, "--seed", "9", "--deals", "6", "--log", str(log)]
    assert main(other) == 2
    assert "another measurement" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--bots", "greedy,random,heuristic"], "exactly two bots"),
        (["--deals", "0"], "--deals"),
        (["--first-look", "1"], "--first-look"),
        (["--margin", "-1"], "--margin"),
        (["--bots", "greedy,wizard"], "unknown bot level 'wizard'"),
        (["--records", "x"], "--log"),
    ],
)
def test_cli_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    needle: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*BASE, *extra]) == 2
    captured = capsys.readouterr()
    assert needle in captured.err
    assert "Traceback" not in captured.err and captured.out == ""
    assert list(tmp_path.iterdir()) == []  # refused: nothing made (a --records folder)


def test_cli_help_teaches(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "--paired" in text and "--lineup" in text and "one-vs-rest" in text
    assert "sequential test" in text and "Bonferroni" in text


def test_score_penalty_fewer_points_count_for_the_first_bot() -> None:
    # [score.penalty]: the first bot kept 5 penalty points a hand, the second 20: under
    # penalty scoring that is the first one 15 points better, not worse
    deal = DealResult(
        0, ((0, 1), (1, 0)), ((5, 20), (20, 5)), (False, False), (1, 1), (0, 0), (0, 0)
    )
    common = (("a", "b"), "rummy", 2, "alternate", 0, 1, [1], 1.96, None, [deal])
    assert PairedResult(*common).summary.mean == -15
    penalty = PairedResult(*common, low_wins=True)
    assert penalty.summary.mean == 15 and penalty.to_json()["low_wins"] is True
    result = run_paired(
        ["greedy", "random"], rules=Rules.preset("rummy", scoring="penalty"), max_deals=2
    )
    assert result.low_wins
