"""Bad command-line input found by a review of every command as a hostile user: each is
refused with a message that names the problem and status 2 (or, where the work was done
and only its file could not be written, shown and then refused), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit.cli import main
from rummykit.errors import RecordError
from rummykit.record import read_file


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


@pytest.mark.parametrize("number", ["1e999", "Infinity", "NaN"])
def test_a_log_line_with_a_number_json_cannot_hold_is_named(
    tmp_path: Path, number: str, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "m.jsonl"
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet", "--log", str(log)]
    assert main(args) == 0
    lines = log.read_text().splitlines()
    lines[1] = lines[1].replace('"index":1,', f'"index":{number},')
    log.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert main(args) == 2
    assert f"{log}:2" in _err(capsys)


def test_a_paired_log_line_with_an_infinite_deal_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "d.jsonl"
    paired = ["simulate", "--paired", "--bots", "greedy,random", "--deals", "2"]
    paired += ["--first-look", "2", "--quiet", "--log", str(log)]
    assert main(paired) == 0
    doc = json.loads(log.read_text().splitlines()[0])
    text = json.dumps(doc).replace(f'"deal": {doc["deal"]}', '"deal": 1e999')
    log.write_text(text + "\n")
    capsys.readouterr()
    assert main(paired) == 2
    assert f"{log}:1" in _err(capsys)


def test_a_log_that_is_not_a_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet", "--log"]
    assert main([*args, "/dev/zero"]) == 2
    assert "not a file" in _err(capsys)


def test_play_with_a_huge_number_of_players_is_refused_before_anything_is_made(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--players", "99999999999999999999", "--no-save"]) == 2
    assert "500-rum is for 2 to 8 players" in _err(capsys)


def test_a_record_file_is_read_only_up_to_its_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2049)
    with pytest.raises(RecordError, match="more than"):
        read_file(big, limit=2048)
    assert read_file(big, limit=4096) == b" " * 2049


def test_replay_of_an_endless_file_is_refused_not_read_for_ever(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", "/dev/zero"]) == 2
    err = _err(capsys)
    assert "more than 64 MiB" in err and "[record.json]" in err


def test_replay_of_an_empty_file_name_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", ""]) == 2
    err = _err(capsys)
    assert "cannot read '': no file name given" in err and "directory" not in err


def test_a_tournament_whose_record_cannot_be_written_still_shows_its_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--players", "2", "--bots", "random", "--chips", "1", "--quiet"]
    assert main([*args, "--record", "/dev/full"]) == 1
    out, err = capsys.readouterr()
    assert "cannot write /dev/full" in err
    assert "win" in out.lower()  # the result, shown all the same


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--save", "", "--seed", "1"],
        ["serve", "--db", ""],
        ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet", "--log", ""],
        ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet", "--records", ""],
    ],
)
def test_an_empty_file_name_is_refused_not_taken_for_the_default(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    flag = next(a for a in args if a.startswith("--") and args[args.index(a) + 1] == "")
    assert f"{flag} needs a file name" in _err(capsys)


@pytest.mark.parametrize("command", [["rules", ""], ["play", "", "--no-save"]])
def test_an_empty_preset_name_is_refused(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(command) == 2
    assert "''" in _err(capsys)


def test_a_margin_that_is_no_number_of_points_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--paired", "--bots", "greedy,random", "--deals", "4", "--quiet"]
    assert main([*args, "--margin", "inf"]) == 2
    assert "--margin must be a number of points more than 0, not inf" in _err(capsys)


def test_resume_with_a_name_the_record_lacks_is_refused_even_you(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "recs"
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet"]
    assert main([*args, "--records", str(records)]) == 0
    record = sorted(records.glob("*.json"))[0]
    capsys.readouterr()
    assert main(["play", "--resume", str(record), "--no-save", "--name", "You"]) == 2
    assert "no player is called 'You'" in _err(capsys)


def test_paired_options_without_paired_are_refused_even_at_their_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet"]
    assert main([*args, "--deals", "400", "--lineup", "alternate"]) == 2
    assert "--deals, --lineup go with --paired" in _err(capsys)


def test_one_bot_named_with_its_budget_written_two_ways_is_one_bot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--bots", "ismcts:7,ismcts:007", "--games", "2", "--quiet"]
    assert main(args) == 2
    assert "ismcts-7" in _err(capsys)


@pytest.mark.parametrize("host", ["192.168..1", "a" * 64 + ".example"])
def test_serve_at_a_host_name_with_an_empty_or_too_long_part_says_so(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the IDNA codec's UnicodeError escaped as a traceback: it is no OSError
    assert main(["serve", "--host", host, "--port", "18999"]) == 4
    err = capsys.readouterr().err
    assert f"--host {host}: not a host name" in err


def test_a_path_from_the_home_of_no_such_user_is_taken_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Path.expanduser raises RuntimeError for ~nosuchuser; the shell leaves it as written
    monkeypatch.chdir(tmp_path)
    args = ["simulate", "--bots", "greedy,random", "--games", "2", "--quiet"]
    assert main([*args, "--log", "~rummykit-no-such-user/m.jsonl"]) == 0
    assert (tmp_path / "~rummykit-no-such-user" / "m.jsonl").read_text().count("\n") == 2
