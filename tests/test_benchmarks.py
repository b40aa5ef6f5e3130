"""The bot ladder script (benchmarks/bots.py): figures, bars, and resuming from its log."""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummykit import Rules
from rummykit.bots import difficulties_for
from rummykit.bots.tournament import GameResult

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _beside(bench_scripts: Callable[[str], ModuleType]) -> None:
    """The scripts import their log helpers (benchmarks/runs.py) from beside them: the
    fixture puts them on the path, and takes them off after each test."""


def _ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "benchmarks" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    ladder = _ladder()
    base = ["--games", "6", "--match", "greedy-random", "--json", "--quiet"]
    assert ladder.main([*base, *args]) == 0
    doc = json.loads(capsys.readouterr().out)
    row: dict[str, Any] = doc["matches"]["greedy-random"]
    return row


def test_figures_and_bar(capsys: pytest.CaptureFixture[str]) -> None:
    row = _run(capsys)
    assert row["games"] == 6 and row["bar"] == 0.6 and row["unfinished"] == 0
    # greedy wins 4 of these 6 games: 66.7% is above the bar but the interval is not
    assert (row["wins"], row["win_rate"]) == (4, 0.6667)
    assert row["ci95"][0] < 0.5 and row["passed"] is False


def test_points_a_hand_are_pooled_by_deal() -> None:
    ladder = _ladder()

    def game(index: int, seats: tuple[str, ...], hands: list[tuple[int, ...]]) -> GameResult:
        n = len(seats)
        return GameResult(index, seats, seats[0], tuple(hands), (1,) * n, (0.0,) * n)

    up, low = ("up", "low"), ("low", "up")
    results = [
        game(0, up, [(10, 0)]),  # deal 0: +10, then -5 and +9 from the other seat
        game(1, low, [(5, 0), (0, 9)]),
        game(2, up, [(20, 0)]),  # deal 1: +20 and +2
        game(3, low, [(0, 2)]),
    ]
    match = ladder.MatchResult.of("500-rum", 2, 0, ["up", "low"], results)
    points = ladder.hand_difference(match, "up", "low")
    assert points.n == 2  # deals, not games or hands
    assert points.mean == pytest.approx((14 / 3 + 11) / 2)
    assert points.se == pytest.approx((11 - 14 / 3) / 2)
    four = [game(0, ("up", "low", "up", "low"), [(10, 0, 20, 4)])]
    match = ladder.MatchResult.of("500-rum", 4, 0, ["up", "low"], four)
    assert ladder.hand_difference(match, "up", "low").mean == 13  # 15 against 2


def test_points_a_hand_count_only_the_seats_dealt_in() -> None:
    ladder = _ladder()
    seats = ("up", "low", "up", "low")
    # the second hand a tie play-off (leaders-play-on) dealt to "up"'s seats alone: it is
    # no hand of "low", and no difference between them
    alone = GameResult(0, seats, "up", ((10, 0, 20, 4), (20, 0, 20, 0)), (1,) * 4, (0.0,) * 4)
    alone = GameResult.from_json({**alone.to_json(), "hands_dealt": [2, 1, 2, 1]})
    match = ladder.MatchResult.of("remik-500", 4, 0, ["up", "low"], [alone])
    assert ladder.hand_difference(match, "up", "low").mean == 13
    # a play-off between one seat of each: only those two seats count
    pair = GameResult.from_json({**alone.to_json(), "hands_dealt": [2, 2, 1, 1]})
    pair = GameResult.from_json({**pair.to_json(), "hand_scores": [[10, 0, 20, 4], [30, 6, 0, 0]]})
    match = ladder.MatchResult.of("remik-500", 4, 0, ["up", "low"], [pair])
    assert ladder.hand_difference(match, "up", "low").mean == pytest.approx((13 + 24) / 2)


def test_the_row_has_the_points_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    row = _run(capsys)
    assert row["points_per_hand"] > 0 and row["points_per_hand_se"] > 0  # greedy over random


def test_the_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    ladder = _ladder()
    assert ladder.main(["--games", "2", "--match", "heuristic-basic", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "heuristic-basic" in out and ">60%" in out and "bot time" in out
    assert "pts/hand (up - low)" in out


def test_the_text_table_rounds_the_win_rate_once() -> None:
    """187 of 298 is 62.75...%: the row's rate, rounded to 0.6275 for JSON, must not be
    rounded a second time into 62.7%; the interval too comes from the counts (the row's
    figures here are off on purpose)."""
    row = {
        "match": "rollout-heuristic",
        "games": 298,
        "unfinished": 0,
        "wins": 187,
        "draws": 0,
        "win_rate": 0.6275,
        "ci95": [0.5, 0.7],
        "bar": 0.6,
        "passed": True,
        "points_per_hand": 4.7,
        "points_per_hand_se": 0.6,
        "ms_per_decision": {"rollout": 517.0, "heuristic": 0.74},
        "longest_decision": 0.914,
        "bot_seconds": 1.0,
    }
    text = _ladder().table([row])
    assert "62.8%" in text and "57.1-68.0%" in text
    assert "longest (up)" in text and "0.91 s" in text
    # games saved before the longest decision was recorded: none shown
    assert "0.91 s" not in _ladder().table([{**row, "longest_decision": None}])


def test_log_resumes_an_interrupted_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    assert len(lines) == 6
    # an interruption: two games lost, the last line written halfway (no newline)
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    again = _run(capsys, "--log", str(tmp_path))
    assert again["resumed_games"] == 3
    assert (again["wins"], again["win_rate"]) == (whole["wins"], whole["win_rate"])
    assert len(log.read_text().splitlines()) == 6


def test_a_damaged_log_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    log.write_text("\n".join(["{}", *lines[1:]]) + "\n")
    with pytest.raises(SystemExit, match=r":1: not a game result"):
        _run(capsys, "--log", str(tmp_path))


def test_report_reads_the_log_without_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(capsys, "--log", str(tmp_path))
    (log,) = tmp_path.iterdir()
    lines = log.read_text().splitlines()
    partial = "\n".join(lines[:4]) + "\n" + lines[4][:10]  # a game being written
    log.write_text(partial)
    seen = _run(capsys, "--log", str(tmp_path), "--report")
    assert seen["games"] == 4 and seen["resumed_games"] == 4
    assert log.read_text() == partial  # a report never writes
    wins = sum(GameResult.from_json(json.loads(ln)).winner == "greedy" for ln in lines[:4])
    assert seen["wins"] == wins
    # a deal in one of its seatings is left out of a report, as of a match stopped early
    log.write_text("\n".join(lines[:3]) + "\n")
    seen = _run(capsys, "--log", str(tmp_path), "--report")
    assert seen["games"] == 2 and seen["resumed_games"] == 3
    # a game saved twice (two runs on one log) counts once
    log.write_text("\n".join([*lines[:4], lines[0]]) + "\n")
    assert _run(capsys, "--log", str(tmp_path), "--report")["games"] == 4


def test_report_never_creates_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo"
    with pytest.raises(SystemExit):
        _run(capsys, "--log", str(missing), "--report")
    assert "no such directory" in capsys.readouterr().err
    assert not missing.exists()


def test_a_longer_log_serves_a_shorter_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = _run(capsys, "--log", str(tmp_path))
    short = _run(capsys, "--log", str(tmp_path), "--games", "4")
    assert short["games"] == 4 and short["resumed_games"] == 4
    assert whole["games"] == 6


def test_jobs_save_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = _run(capsys)
    two = _run(capsys, "--log", str(tmp_path), "--jobs", "2")
    (log,) = tmp_path.iterdir()
    indices = sorted(json.loads(ln)["index"] for ln in log.read_text().splitlines())
    assert indices == list(range(6))
    assert (two["wins"], two["win_rate"]) == (one["wins"], one["win_rate"])


def test_stop_after_ends_the_run_and_the_log_resumes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole = _run(capsys)
    _run(capsys, "--log", str(tmp_path), "--games", "2")
    ladder = _ladder()
    args = ["--games", "6", "--match", "greedy-random", "--json", "--log", str(tmp_path)]
    assert ladder.main([*args, "--stop-after", "1e-9"]) == 0  # over before a game begins
    out, err = capsys.readouterr()
    assert json.loads(out)["matches"]["greedy-random"]["games"] == 2
    assert "stopped after --stop-after, 2 of 6 games played; the same command resumes" in err
    resumed = _run(capsys, "--log", str(tmp_path))
    assert resumed["resumed_games"] == 2
    assert (resumed["games"], resumed["wins"]) == (6, whole["wins"])


@pytest.mark.parametrize("seconds", ["0", "-5", "nan"])
def test_stop_after_must_be_a_time(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(capsys, "--stop-after", seconds)
    assert "--stop-after must be seconds above 0" in capsys.readouterr().err


def test_report_needs_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(capsys, "--report")
    assert "--report reads the games saved by --log DIR" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("preset", "players"), [("500-rum", 2), ("500-rum", 4), ("remik-500", 2), ("rummy", 2)]
)
def test_the_ladder_plays_each_difficulty_as_its_level_there(preset: str, players: int) -> None:
    rules = Rules.preset(preset)
    matches = _ladder().ladder(rules, players)
    levels = list(difficulties_for(rules, players).values())
    # easy over random, then each difficulty over the one below
    assert [(u, lo) for u, lo, _ in matches[:4]] == list(
        zip(levels, ["random", *levels[:3]], strict=True)
    )
    steps = [(u, lo) for u, lo, _ in matches]
    assert len(set(steps)) == len(steps) and ("ismcts", "heuristic") in steps
    assert all(bar == 0.6 for _, _, bar in matches)


def test_a_match_not_in_the_ladder_is_refused_with_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        _ladder().main(["--match", "basic-random", "--games", "2", "--quiet"])
    err = capsys.readouterr().err
    assert "--match basic-random: the matches of 500-rum at 2 players are greedy-random, " in err
    assert (
        "careless-9-greedy, basic-careless-9, rollout-basic, basic-greedy, heuristic-basic" in err
    )
    with pytest.raises(SystemExit):
        _ladder().main(["--preset", "gin", "--quiet"])
    assert "--preset: unknown preset 'gin'; presets are 500-rum" in capsys.readouterr().err


def test_the_table_size_is_checked_before_anything_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for bad in (["--players", "1"], ["--preset", "gin"], ["--match", "nope"]):
        with pytest.raises(SystemExit):
            _ladder().main([*bad, "--log", str(tmp_path / "new"), "--quiet"])
        assert not (tmp_path / "new").exists()  # no folder made for a refused run
    assert "--players: 500-rum is for 2 to 8 players, not 1" in capsys.readouterr().err
    # the algorithms' own steps stay in every ladder: their old logs still report
    for players in (2, 4):
        names = [f"{u}-{lo}" for u, lo, _ in _ladder().ladder(Rules.preset("500-rum"), players)]
        assert {"basic-greedy", "heuristic-basic", "rollout-heuristic"} <= set(names)


@pytest.mark.parametrize("script", ["bots", "feeds"])
def test_the_scripts_examples_hold(script: str) -> None:
    # the test command collects no doctests under benchmarks/ (not a package on the path)
    spec = importlib.util.spec_from_file_location(script, ROOT / "benchmarks" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    failed, tried = doctest.testmod(module)
    assert tried > 0 and failed == 0


def _engine() -> ModuleType:
    spec = importlib.util.spec_from_file_location("engine", ROOT / "benchmarks" / "engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_engine_reports_the_all_at_once_row(capsys: pytest.CaptureFixture[str]) -> None:
    engine = _engine()
    assert engine.main(["--json", "--seconds", "0.01"]) == 0
    doc = json.loads(capsys.readouterr().out)
    row = doc["wrotham-all-at-once/4"]
    assert row["decisions"] > 0 and row["hands"] >= 1
    assert 0 < row["us_per_decision"] <= row["worst_us"]
    assert "500-rum/4" in doc  # the other rows stay


def test_all_at_once_benchmark_plays_the_same_games_with_the_first_search_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummykit import whole_hand

    spec = importlib.util.spec_from_file_location("aao", ROOT / "benchmarks" / "all_at_once.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(whole_hand, "_COVER_FROM", whole_hand._COVER_FROM)  # restored after
    assert module.main(["--json", "--only", "wrotham", "--first-search"]) == 0
    row = json.loads(capsys.readouterr().out)["wrotham"]
    assert row["lists"] == 2115  # the same games every run
    assert 0 < row["worst_s"] <= row["seconds"]
    assert whole_hand._COVER_FROM > 10**6  # --first-search turned the open runs off


def test_lent_script_resumes_a_match_in_the_folder_that_comes_back(tmp_path: Path) -> None:
    log, out = tmp_path / "log", tmp_path / "out"
    log.mkdir()
    out.mkdir()

    def lent(games: int, folder: Path) -> str:
        script = str(ROOT / "benchmarks" / "lent.sh")
        run = subprocess.run(
            ["bash", script, str(log), "600", "--match", "greedy-random", "--games", str(games)],
            env={**os.environ, "OUT": str(folder)},
            capture_output=True,
            text=True,
            check=True,
        )
        return " ".join(run.stdout.split())

    lent(2, log)  # two games saved in the checkout's folder
    printed = lent(4, out)
    (saved,) = out.iterdir()
    indices = [json.loads(ln)["index"] for ln in saved.read_text().splitlines()]
    # the two saved first (in the order they ended), then the two played
    assert sorted(indices[:2]) == [0, 1] and sorted(indices) == [0, 1, 2, 3]
    assert f"4 {saved}" in printed
    assert len((log / saved.name).read_text().splitlines()) == 2  # the checkout's, untouched


def test_lent_script_explains_itself_without_arguments() -> None:
    run = subprocess.run(
        ["bash", str(ROOT / "benchmarks" / "lent.sh")], capture_output=True, text=True
    )
    assert run.returncode == 2 and "LOG_DIR SECONDS" in run.stderr
