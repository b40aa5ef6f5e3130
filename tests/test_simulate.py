"""`rummykit simulate`: JSON shape, reproducibility, --jobs, records, bad input."""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

import pytest

import rummykit.cli.runlog as runlog
from rummykit.bots.paired import summarize
from rummykit.bots.tournament import GameResult, MatchResult
from rummykit.cli import main
from rummykit.cli.simulate_cmd import (
    _table,
    compute_ratings,
    final_ranks,
    report,
)
from rummykit.record import replay
from rummykit.rules import Rules

BASE = ["simulate", "--bots", "greedy,random", "--games", "4", "--seed", "7", "--quiet"]


def _run_json(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    assert main([*BASE, "--json", *extra]) == 0
    doc: dict[str, Any] = json.loads(capsys.readouterr().out)
    return doc


def _without_timings(doc: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in doc.items() if k != "seconds"}
    out["bots"] = {
        name: {k: v for k, v in fig.items() if k not in ("ms_per_decision", "longest_decision")}
        for name, fig in doc["bots"].items()
    }
    return out


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _run_json(capsys)
    assert doc["games"] == 4 and doc["players"] == 2 and doc["seed"] == 7
    assert doc["preset"] == "500-rum" and isinstance(doc["seconds"], float)
    assert set(doc["bots"]) == {"greedy", "random"}
    for fig in doc["bots"].values():
        for key in ("games", "wins", "win_rate", "ci95", "mean_hand_score", "rating"):
            assert key in fig
        assert fig["games"] == 4
        low, high = fig["ci95"]
        assert 0.0 <= low <= fig["win_rate"] <= high <= 1.0
        assert fig["ms_per_decision"] >= 0.0
    wins = sum(f["wins"] + 0.5 * f["draws"] for f in doc["bots"].values())
    assert wins == 4


def test_same_seed_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    first = _run_json(capsys)
    second = _run_json(capsys)
    assert _without_timings(first) == _without_timings(second)


def test_jobs_do_not_change_results(capsys: pytest.CaptureFixture[str]) -> None:
    one = _run_json(capsys, "--jobs", "1")
    two = _run_json(capsys, "--jobs", "2")
    assert _without_timings(one) == _without_timings(two)


def test_more_seats_than_bots_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _run_json(capsys, "--players", "3", "--set", "target=200", "--preset", "rummy")
    assert doc["players"] == 3 and doc["preset"] == "rummy"
    assert "target=200" in doc["rules"] and doc["options"] == {"target": 200}


def test_records_are_written_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "runs"
    doc = _run_json(capsys, "--records", str(out), "--jobs", "2")
    files = sorted(out.glob("game-*.json"))
    assert len(files) == doc["games"] == 4
    for path in files:
        result = replay(path.read_text("utf-8"))
        assert result.status == 0, result.error
        assert result.game is not None and result.game.over


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(BASE) == 0
    text = capsys.readouterr().out
    assert "95% CI" in text and "rating" in text and "greedy" in text and "random" in text


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--bots", "greedy,wizard"], "unknown bot level 'wizard'"),
        (["--preset", "nope"], "unknown preset 'nope'"),
        (["--set", "bogus=1"], "unknown option 'bogus'"),
        (["--set", "target"], "KEY=VALUE"),
        (["--players", "1"], "not 1"),
        # found by a review: it said only "500-rum is for 2 to 8 players, not 1"
        (["--bots", "random"], "--bots 'random': one bot plays alone; name another"),
        (["--bots", "greedy", "--paired"], "--bots 'greedy': one bot plays alone"),
        # the other bot it suggests is not the same one again, which is refused as twice
        (["--bots", "heuristic"], "(--bots heuristic,greedy)"),
        (["--bots", "greedy"], "(--bots greedy,heuristic)"),
        # an empty entry is named, not dropped (it seated fewer bots than listed)
        (["--bots", "greedy,"], "--bots 'greedy,': entry 2 of 2 is empty"),
        (["--bots", "greedy,,random"], "entry 2 of 3 is empty; name a bot between every"),
        (["--players", "99"], "not 99"),
        (["--games", "0"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--jobs", "100000"], "--jobs must be 1 to 256"),
        (["--seed", "\udcff"], "a seed text must be valid Unicode"),  # a non-UTF-8 argument
        # one message for every number too large, however long
        (["--seed", "9" * 5000], "--seed: a number is at most 256 bits, below 2**256"),
        (["--seed", "9" * 100], "--seed: a number is at most 256 bits, below 2**256"),
        (["--seed", str(2**256)], "(about 1.16e77, 78 digits) in size, and this one has 78 digits"),
        (["--records", "/proc/no-such-folder"], "cannot write in /proc/no-such-folder"),
        (["--bots", "greedy,greedy"], "twice"),
        (["--bots", "ismcts:lots,greedy"], "budget"),
        # a budget is the search effort: a level that does not search is refused it
        (["--bots", "greedy:5,random"], "--bots 'greedy:5': greedy does no search"),
        (["--bots", "careless-9:3,random"], "careless-9 does no search, so it takes no budget"),
        (["--bots", "heuristic,basic:2"], "--bots 'basic:2': basic does no search"),
        (["--bots", "hard:4,random"], "hard plays basic under 500-rum at 2 players"),
        (["--preset", "rummy", "--bots", "expert:9,greedy"], "expert plays heuristic under rummy"),
        (["--paired", "--bots", "heuristic:9,greedy"], "heuristic does no search"),
        (["--paired", "--games", "3"], "--games counts whole games; --paired plays deals"),
        (["--bots", "ismcts:0,greedy"], "bad budget '0'"),
        (["--bots", "ismcts:\u00b2,greedy"], "bad budget"),  # a digit int() does not read
        (["--bots", "greedy:,random"], "bad budget ''"),
        (["--bots", "ismcts:9999999999,greedy"], "from 1 to 1000000000"),
        (["--bots", "ismcts:" + "9" * 5000 + ",greedy"], "from 1 to 1000000000"),
        (["--stop-after", "0"], "--stop-after must be seconds above 0"),
        (["--stop-after", "-1"], "--stop-after must be seconds above 0"),
        (["--stop-after", "60", "--paired"], "--paired stops by its test"),
        (["--deals", "50", "--margin", "2"], "--deals, --margin go with --paired"),
        (["--lineup", "one-vs-rest"], "--lineup goes with --paired;"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], needle: str
) -> None:
    assert main([*BASE, *extra]) == 2
    captured = capsys.readouterr()
    assert needle in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


@pytest.mark.parametrize("players", ["2", "3"])
def test_a_budget_goes_to_the_levels_that_search(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    # expert plays rollout where melds score (500 Rum), at any table size
    bots = "expert:2,ismcts:3,montecarlo:4,rollout:5"
    args = ["--bots", bots, "--players", players, "--stop-after", "1e-9"]  # no game begins
    assert main([*BASE, "--json", *args]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["bots"]) == {"expert-2", "ismcts-3", "montecarlo-4", "rollout-5"}


def test_stop_after_reports_the_games_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--json", "--stop-after", "1e-9"]) == 0  # over before a game
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["games"] == 0 and doc["bots"]["greedy"]["games"] == 0
    assert "stopped after --stop-after 1e-09 s: 0 of 4 games played" in captured.err
    whole = _run_json(capsys, "--stop-after", "600")  # not reached: all games, no note
    assert whole["games"] == 4 and "stopped" not in capsys.readouterr().err


def test_log_saves_every_game_and_resumes_the_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "match.jsonl"
    whole = _run_json(capsys)
    _run_json(capsys, "--games", "2", "--log", str(log))
    assert len(log.read_text().splitlines()) == 2
    resumed = _run_json(capsys, "--log", str(log))  # plays games 2 and 3 only
    lines = [json.loads(ln) for ln in log.read_text().splitlines()]
    assert sorted(ln["index"] for ln in lines) == [0, 1, 2, 3]
    assert {ln["match"] for ln in lines} == {"greedy, random, 500-rum, 2 players, seed 7"}
    assert _without_timings(resumed) == _without_timings(whole)
    shorter = _run_json(capsys, "--games", "2", "--log", str(log))  # a longer log serves
    assert shorter["games"] == 2 and len(log.read_text().splitlines()) == 4
    # 3 games are rounded up to whole deals: both bots hold each deal's every seat
    odd = _run_json(capsys, "--games", "3", "--log", str(log))
    assert odd["games"] == 4 and len(log.read_text().splitlines()) == 4


def test_a_log_of_another_match_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "match.jsonl"
    _run_json(capsys, "--games", "1", "--log", str(log))
    assert main([*BASE, "--seed", "8", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert f"{log}:1: a game of another match, not of greedy, random" in err
    assert "Traceback" not in err


def test_a_last_line_cut_short_is_dropped_and_played_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "match.jsonl"
    _run_json(capsys, "--games", "2", "--log", str(log))
    first, second = log.read_text().splitlines()
    log.write_text(first + "\n" + second[:20])  # interrupted while writing game 1
    doc = _run_json(capsys, "--log", str(log))
    assert doc["games"] == 4
    assert sorted(json.loads(ln)["index"] for ln in log.read_text().splitlines()) == [0, 1, 2, 3]


def test_a_file_that_is_not_a_log_is_refused_and_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # one line without a newline is not a log cut short: it was somebody's file
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    assert main([*BASE, "--log", str(notes)]) == 2
    err = capsys.readouterr().err
    assert f"{notes}:1: not a line of a log" in err and "Traceback" not in err
    assert notes.read_text() == "my notes"


def test_a_log_that_cannot_be_written_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for log in ("/proc/no-such.jsonl", str(tmp_path)):  # nowhere to write; a folder
        assert main([*BASE, "--log", log]) == 2
        captured = capsys.readouterr()
        assert f"{log}: cannot be a log" in captured.err and captured.out == ""
        assert "Traceback" not in captured.err


def test_a_log_from_before_deals_were_named_is_refused_at_four_seats(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "match.jsonl"
    _run_json(capsys, "--players", "4", "--games", "2", "--log", str(log))
    lines = [json.loads(ln) for ln in log.read_text().splitlines()]
    old = [{k: v for k, v in d.items() if k != "deal"} for d in lines]  # as saved before
    log.write_text("".join(json.dumps(d) + "\n" for d in old))
    assert main([*BASE, "--players", "4", "--log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "saved before 2026-11-26" in err and "Traceback" not in err


def test_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text and "--jobs 2" in text


def test_final_ranks_and_ratings() -> None:
    a = GameResult(0, ("x", "y"), "y", ((10, 60), (5, 40)), (1, 1), (0.0, 0.0))
    b = GameResult(1, ("y", "x", "y"), "y", ((0, 30, 10),), (1, 1, 1), (0.0, 0.0, 0.0))
    assert final_ranks(a) == {"y": 0, "x": 1}
    assert final_ranks(b) == {"y": 0, "x": 1}
    ratings = compute_ratings(["x", "y"], [a, b])
    assert ratings["y"].ordinal() > ratings["x"].ordinal()


def test_final_ranks_under_penalty_scoring_put_the_lowest_totals_first() -> None:
    # penalty points: z won with the fewest; y, with the most, is last, not second
    game = GameResult(0, ("x", "y", "z"), "z", ((157, 553, 93),), (1, 1, 1), (0.0,) * 3)
    assert final_ranks(game, low_wins=True) == {"z": 0, "x": 1, "y": 2}
    assert final_ranks(game) == {"z": 0, "y": 1, "x": 2}  # where the highest total is best
    games = [GameResult(**{**game.__dict__, "index": i}) for i in range(6)]
    ratings = compute_ratings(["x", "y", "z"], games, low_wins=True)
    assert ratings["z"].ordinal() > ratings["x"].ordinal() > ratings["y"].ordinal()


def test_paired_refuses_games_even_at_its_default_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--paired", "--bots", "greedy,random", "--games", "100"]
    assert main(argv) == 2
    assert "--games counts whole games; --paired plays deals" in capsys.readouterr().err


def test_paired_one_deal_is_refused_and_json_has_no_infinity(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--paired", "--bots", "heuristic,greedy", "--deals", "1"]) == 2
    assert "--deals must be at least 2" in capsys.readouterr().err
    one = summarize([3.0]).to_json()
    assert one["se"] is None and one["ci95"] == [None, None]
    json.loads(json.dumps(one), parse_constant=lambda c: pytest.fail(f"{c} in JSON"))


def test_paired_names_the_options_set_on_top(capsys: pytest.CaptureFixture[str]) -> None:
    # found by a review: the report named the preset alone, as if no option were set
    argv = ["simulate", "--paired", "--bots", "greedy,random", "--set", "jokers=0"]
    assert main([*argv, "--deals", "2", "--first-look", "2", "--quiet", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "500-rum jokers=0" and doc["options"] == {"jokers": 0}
    assert main([*argv, "--deals", "2", "--first-look", "2", "--quiet"]) == 0
    assert "500-rum jokers=0" in capsys.readouterr().out


def test_unfinished_games_are_draws_and_reported() -> None:
    stuck = GameResult(0, ("x", "y"), None, ((10, 60),), (9, 9), (0.0, 0.0), unfinished=True)
    done = GameResult(1, ("y", "x"), "x", ((10, 60),), (9, 9), (0.0, 0.0))
    assert final_ranks(stuck) == {"x": 0, "y": 0}  # not ranked by the totals so far
    match = MatchResult.of("500-rum", 2, 0, ["x", "y"], [stuck, done])
    doc = report(match, Rules.preset("500-rum"))
    assert doc["unfinished"] == 1
    assert doc["bots"]["x"]["draws"] == doc["bots"]["y"]["draws"] == 1
    assert doc["bots"]["x"]["win_rate"] == 0.75
    assert "1 game(s) stopped unfinished and counted as draws" in _table(doc)
    clean = report(MatchResult.of("500-rum", 2, 0, ["x", "y"], [done]), Rules.preset("500-rum"))
    assert clean["unfinished"] == 0 and "unfinished" not in _table(clean)


@pytest.mark.parametrize("paired", [False, True], ids=["games", "paired"])
def test_a_save_that_fails_on_the_way_stops_with_a_message_and_keeps_what_was_saved(
    paired: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # found by a review: a full disk mid-run ended in a traceback
    log = tmp_path / "m.jsonl"
    append = runlog.append
    calls = []

    def filling_up(path: Path, run: str, doc: dict[str, Any]) -> None:
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        append(path, run, doc)

    monkeypatch.setattr(runlog, "append", filling_up)
    more = ["--paired", "--deals", "8", "--first-look", "8"] if paired else ["--games", "8"]
    argv = ["simulate", "--bots", "greedy,random", "--log", str(log), "--quiet", *more]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"cannot write {log}: No space left on device" in err
    assert f"the same command plays on from {log}" in err
    assert len(log.read_text().splitlines()) == 2  # the two saved before stay


def test_games_past_a_hundred_fixed_deals_are_played_to_their_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # found by a review: a match stopped every game at 100 hands, so 101 deals never ended
    sets = ["--set", "target=null", "--set", "deals=101", "--preset", "rummy"]
    assert main([*BASE[:3], "--games", "2", "--quiet", "--json", *sets]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["unfinished"] == 0 and doc["played"] == 2


def test_too_many_games_are_refused_before_anything_is_made(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*BASE[:3], "--games", "100000000", "--stop-after", "1"]) == 2
    assert "--games must be 1 to 1,000,000, not 100000000" in capsys.readouterr().err
    assert main([*BASE[:3], "--paired", "--deals", "10000000"]) == 2
    assert "--deals must be at most 1,000,000" in capsys.readouterr().err


def test_progress_where_standard_error_is_no_terminal_comes_in_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # found by a review: a bar there showed nothing until the end (nohup, CI, 2>log)
    assert main([*BASE[:3], "--games", "4", "--json"]) == 0
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith("games ") and err.splitlines()[-1] == "games 4/4"
    assert "\r" not in err
