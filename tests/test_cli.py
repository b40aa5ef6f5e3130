"""The command line: `rummykit rules`, `rummykit replay`, help, and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummykit.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "three-players.json"


def test_rules_prints_every_option_of_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "remik-500", "--json"]) == 0
    options = json.loads(capsys.readouterr().out)
    assert options["card_values"] == "remik"
    assert options["joker_swap"] is True
    assert options["players"] == "2-4"
    assert main(["rules", "rummy"]) == 0
    text = capsys.readouterr().out
    assert "melds_per_turn" in text and "10" in text  # hand sizes shown


def test_rules_with_options_on_top(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "500-rum", "--set", "ace=around", "--set", "target=300", "--json"]) == 0
    options = json.loads(capsys.readouterr().out)
    assert (options["ace"], options["target"]) == ("around", 300)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["rules", "poker"], "unknown preset 'poker'"),
        (["rules", "500-rum", "--set", "ace=sideways"], "option ace"),
        (["rules", "500-rum", "--set", "jokers"], "KEY=VALUE"),
    ],
)
def test_rules_bad_input_is_named(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert needle in capsys.readouterr().out


def test_replay_prints_tables_and_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Hand 1 (dealer Ana)" in out
    assert "Score sheet" in out and "winner:" in out


def test_replay_json_of_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is True and result["winner"] is not None
    assert sum(result["totals"].values()) == sum(
        sum(h["scores"].values()) for h in result["hands"] if h["scores"]
    )


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json"), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["rule"] == "record.json" and "nope.json" in error["message"]
    assert main(["replay", str(tmp_path)]) == 2  # a folder, not a file


def test_replay_illegal_action_in_text_mode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(EXAMPLE.read_text())
    doc["hands"][0]["actions"][1] = "Ben: discard 2C"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 1
    assert "refused: hand 1, action 1" in capsys.readouterr().out


def test_help_teaches(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "replay" in out


def test_python_dash_m_works() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "rummykit", "rules", "wrotham", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(run.stdout)["deals"] == 6
