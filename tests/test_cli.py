"""The command line: `rummykit rules`, `rummykit replay`, help, and bad input."""

from __future__ import annotations

import json
import os
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


@pytest.mark.parametrize("deals", [1, 2, 3])
def test_rules_remik_single_takes_one_to_three_deals(
    deals: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "remik-single", "--set", f"deals={deals}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == deals


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["rules", "poker"], "unknown preset 'poker'"),
        (["rules", "500-rum", "--set", "ace=sideways"], "option ace"),
        (["rules", "500-rum", "--set", "jokers"], "KEY=VALUE"),
        (
            ["rules", "remik-single", "--set", "deals=5"],
            "option deals: remik-single plays 1 to 3 deals, not 5",
        ),
        # found by a review: it said "inf is not a whole number", not what was typed
        (["rules", "500-rum", "--set", "target=1e999"], "target: '1e999' is not a whole"),
        (["rules", "500-rum", "--set", "target=NaN"], "target: 'NaN' is not a whole"),
        (["rules", "500-rum", "--set", "target=1e3"], "target: '1e3' is not a whole"),
        (["rules", "500-rum", "--set", "jokers=2.0"], "jokers: '2.0' is not a whole"),
    ],
)
def test_rules_bad_input_is_named(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()  # on standard error: a program reading --json gets none
    assert needle in captured.err and captured.out == ""


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
    # counted from 1 in the text, as hands are (found by a review: actions were from 0)
    assert "refused: hand 1, action 2: Ben: discard 2C" in capsys.readouterr().out


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


# ---------------------------------------------------------------- hostile record files
HOSTILE_FILES: list[tuple[str, bytes]] = [
    ("deep", b"[" * 100_000),
    ("huge-number", b'{"rules": "500-rum", "players": ["A", "B"], "seed": 1' + b"0" * 5000 + b"}"),
    ("not-utf8", b'{"rules": "500-rum", "players": ["A\xff", "B"]}'),
    ("players-not-text", b'{"rules": "500-rum", "players": [1, 2]}'),
    ("hands-an-object", b'{"rules": "500-rum", "players": ["A", "B"], "hands": {}}'),
    (
        "option-wrong-type",
        b'{"rules": "500-rum", "options": {"packs": 1.0}, "players": ["A", "B"]}',
    ),
]


@pytest.mark.parametrize(("name", "content"), HOSTILE_FILES, ids=[n for n, _ in HOSTILE_FILES])
def test_replay_hostile_file_json_error_shape(
    name: str, content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    assert main(["replay", str(path), "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"ok", "error"} and out["ok"] is False
    assert set(out["error"]) == {"rule", "message"}
    assert out["error"]["rule"].startswith("record.")


@pytest.mark.parametrize(("name", "content"), HOSTILE_FILES, ids=[n for n, _ in HOSTILE_FILES])
def test_replay_hostile_file_one_line_without_json(
    name: str, content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rummykit replay: ")
    assert "[record." in lines[0] and "is not a valid record" in lines[0]


def test_replay_hostile_stdin_has_no_traceback() -> None:
    for args in (["-"], ["-", "--json"]):
        run = subprocess.run(
            [sys.executable, "-m", "rummykit", "replay", *args],
            input=b"[" * 100_000,
            capture_output=True,
            check=False,
        )
        assert run.returncode == 2
        assert b"Traceback" not in run.stderr and b"record.json" in run.stdout + run.stderr


def test_replay_names_it_a_name_the_output_encoding_cannot_show(tmp_path: Path) -> None:
    # a Polish name on a console that writes cp1252 (Windows, output redirected) is
    # written escaped, and the replay ends as it should: no traceback, exit status 0
    path = tmp_path / "polish.json"
    path.write_text(EXAMPLE.read_text().replace("Ana", "\u0141ucja"), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "rummykit", "replay", str(path)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "cp1252"},
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert b"Traceback" not in run.stderr and b"\\u0141ucja" in run.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_replay_to_a_full_disk_says_so_without_a_traceback() -> None:
    # exit status 1 would say an action breaks a rule: the output failing is 74 (EX_IOERR)
    for args in ([str(EXAMPLE)], [str(EXAMPLE), "--json"]):
        with open("/dev/full", "wb") as full:
            run = subprocess.run(
                [sys.executable, "-m", "rummykit", "replay", *args],
                stdout=full,
                stderr=subprocess.PIPE,
                check=False,
            )
        assert run.returncode == 74
        assert run.stderr.decode().strip() == "rummykit replay: No space left on device"


def test_replay_escapes_unprintable_action_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = json.loads(EXAMPLE.read_text())
    doc["hands"][0]["actions"] = ["Ben: discard 7H\x1b[2J"]
    path = tmp_path / "escape.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out


# ---------------------------------------------------------------- a game in progress
def _game_in_progress(tmp_path: Path) -> tuple[Path, dict[str, list[str]]]:
    """A record stopped inside its first hand, and the cards each player then holds."""
    from rummykit import Game, Rules, write_record
    from rummykit.cards import CARDS

    game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=3, dealer=0)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    assert not game.hand.is_over
    held = {
        name: [str(CARDS[c]) for c in game.hand.hands[seat]]
        for seat, name in enumerate(game.players)
    }
    path = tmp_path / "in-progress.json"
    path.write_text(json.dumps(write_record(game)))
    return path, held


def test_replay_in_progress_hides_the_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummykit.cli.replay_cmd import HIDDEN_NOTE

    path, held = _game_in_progress(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert HIDDEN_NOTE in out and out.count("hands hidden") == 1
    for name, cards in held.items():
        line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
        assert line.split() == [name, str(len(cards)), "cards"]


def test_replay_in_progress_show_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rummykit.cli.replay_cmd import HIDDEN_NOTE

    path, held = _game_in_progress(tmp_path)
    assert main(["replay", str(path), "--show-hands"]) == 0
    out = capsys.readouterr().out
    assert HIDDEN_NOTE not in out
    for name, cards in held.items():
        line = next(x for x in out.splitlines() if x.strip().startswith(name + " "))
        assert sorted(line.split()[1:]) == sorted(cards)


def test_replay_in_progress_json_keeps_its_contract(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = _game_in_progress(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] is True
    assert result["hands"] == [{"ended_by": None, "out": None, "scores": None}]
    assert "hands hidden" not in json.dumps(result)


def test_replay_finished_game_shows_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    assert "hands hidden" not in capsys.readouterr().out


# ---------------------------------------------------------------- rules explained
def test_rules_preset_explains_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    from rummykit.rules import OPTION_HELP

    assert main(["rules", "rummy"]) == 0
    out = capsys.readouterr().out
    for key, info in OPTION_HELP.items():
        assert f"  {key} = " in out, key
        assert info.description in out and f"values: {info.values}" in out, key
    assert "ace = low\n" in out and "around the corner (K A 2)" in out
    assert "values: low, low-or-high, around" in out


def test_rules_json_has_the_descriptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "500-rum", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ace"] == "low-or-high"  # the options keep their place
    assert set(out["descriptions"]) == set(out) - {"players", "descriptions"}
    assert out["descriptions"]["packs"] == {
        "values": '"auto", 1, 2',
        "description": "52-card packs shuffled together; auto takes two packs for 5 or more "
        "players",
    }


def test_rules_all_presets_point_to_the_explanations(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "wrotham" in out and "rummykit rules PRESET explains each option" in out


@pytest.mark.parametrize(
    "value", ["1.0", "true", "[1]", "9" * 5000, "[" * 5000, "²"], ids=lambda v: v[:6]
)
def test_rules_set_hostile_values_are_named(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "500-rum", "--set", f"packs={value}", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("rummykit rules: option packs:") and len(captured.err) < 200
    assert captured.out == ""


# ---------------------------------------------------------------- help
@pytest.mark.parametrize("command", [[], ["replay"], ["rules"]])
def test_help_points_to_the_shipped_docs(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert "NOTATION.md" not in out and "RULES.md" not in out
    assert "docs/notation.md" in out or "docs/rules.md" in out
    assert "examples" in out
    name = command[0] if command else "replay"
    assert f"rummykit {name} " in out.split("examples", 1)[1]  # an example of the command


def test_help_top_level_has_one_example_per_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "docs/rules.md" in out and "docs/notation.md" in out
    examples = out.split("examples", 1)[1]
    for command in ("play", "replay", "rules", "simulate"):
        assert f"rummykit {command} " in examples, command


# ---------------------------------------------------------------- tournament --replay --json
def _tournament_files(tmp_path: Path) -> list[tuple[str, str]]:
    """(path, rule) of files that `tournament --replay` refuses, and the rule it names."""
    (tmp_path / "not-json.json").write_text("{not json")
    (tmp_path / "one-player.json").write_text(
        '{"tournament": "remik-multi-table", "rules": "remik-500", "players": ["A"]}'
    )
    return [
        (str(tmp_path / "missing.json"), "record.json"),
        (str(tmp_path), "record.json"),  # a folder
        (str(tmp_path / "not-json.json"), "record.json"),
        (str(tmp_path / "one-player.json"), "record.tournament"),
        (str(EXAMPLE), "record.tournament"),  # a game's record, not a tournament's
    ]


def test_tournament_replay_json_refusal_is_replay_json_shaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path, rule in _tournament_files(tmp_path):
        assert main(["tournament", "--replay", path, "--json"]) == 2, path
        captured = capsys.readouterr()
        out = json.loads(captured.out)  # one JSON object, as `replay --json` prints
        assert out == {"ok": False, "error": {"rule": rule, "message": out["error"]["message"]}}
        assert out["error"]["message"] and captured.err == ""
    missing = str(tmp_path / "missing.json")  # the same words as replay's for the same file
    main(["replay", missing, "--json"])
    by_replay = json.loads(capsys.readouterr().out)
    main(["tournament", "--replay", missing, "--json"])
    assert json.loads(capsys.readouterr().out) == by_replay


def test_tournament_replay_refusal_without_json_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path, rule in _tournament_files(tmp_path):
        assert main(["tournament", "--replay", path]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1
        assert captured.err.startswith("rummykit tournament: ") and f"[{rule}]" in captured.err


def test_tournament_bots_take_no_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "4", "--bots", "greedy,ismcts:200"]) == 2
    captured = capsys.readouterr()
    assert "--bots 'ismcts:200': a tournament takes bot levels without a budget" in captured.err
    assert captured.out == ""


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "--bots", "greedy,random", "--games", "1", "--quiet", "--json"],
        ["tournament", "--players", "2", "--bots", "greedy", "--chips", "10", "--json"],
    ],
)
@pytest.mark.parametrize("seed", ["\u00b2", "--5", "+7"])
def test_a_seed_int_does_not_read_is_a_text_seed(
    capsys: pytest.CaptureFixture[str], command: list[str], seed: str
) -> None:
    # "²" is a digit to str.isdigit but not to int(): it was a traceback
    assert main([*command, f"--seed={seed}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    if command[0] == "simulate":  # a tournament's summary does not name its seed
        assert summary["seed"] == seed


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_seed_too_long_for_a_record_is_refused(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main([command, "--seed", "1" * 5000]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f"rummykit {command}: --seed: a number is at most 256 bits, below 2**256 (about 1.16e77, "
        "78 digits) in size, and this one has 5000 digits\n"
    )


# ---------------------------------------------------------------- files the commands write
SIMULATE = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet", "--json"]
TOURNAMENT = ["tournament", "--players", "2", "--bots", "greedy", "--chips", "10", "--json"]


def test_files_written_into_missing_folders_make_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # as play --save does (~/.rummykit the first time): every command makes the folders
    log, records = tmp_path / "a" / "b" / "m.jsonl", tmp_path / "c" / "d"
    cup = tmp_path / "e" / "f" / "cup.json"
    assert main([*SIMULATE, "--log", str(log), "--records", str(records)]) == 0
    assert len(log.read_text().splitlines()) == 2
    assert len(list(records.glob("game-*.json"))) == 2
    paired = tmp_path / "g" / "d.jsonl"
    argv = ["simulate", "--paired", "--bots", "greedy,random", "--deals", "2", "--quiet"]
    assert main([*argv, "--log", str(paired)]) == 0
    assert len(paired.read_text().splitlines()) == 2
    assert main([*TOURNAMENT, "--record", str(cup)]) == 0
    capsys.readouterr()
    assert main(["tournament", "--replay", str(cup), "--json"]) == 0


def test_a_file_where_a_folder_should_be_is_named_with_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wall = tmp_path / "notes.txt"
    wall.write_text("mine")
    paired = ["simulate", "--paired", "--bots", "greedy,random", "--deals", "2", "--quiet"]
    for argv, option in [
        ([*SIMULATE, "--log", str(wall / "m.jsonl")], "--log"),
        ([*paired, "--log", str(wall / "d.jsonl")], "--log"),
        ([*SIMULATE, "--records", str(wall / "runs")], "--records"),
        ([*TOURNAMENT, "--record", str(wall / "x" / "cup.json")], "--record"),
    ]:
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        assert f": {option} " in captured.err or f": {option}: " in captured.err
        assert f"{wall} is not a folder" in captured.err
    assert wall.read_text() == "mine"
