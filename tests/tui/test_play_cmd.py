"""``rummykit play``: its arguments, its help, and the records it saves (``rummykit replay``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummykit.cli import build_parser, main
from rummykit.cli.play_cmd import build_session
from rummykit.tui.session import Session

from .kit import scenario_session


def session_for(*argv: str) -> Session:
    args = build_parser().parse_args(["play", *argv])
    session = build_session(args)
    assert isinstance(session, Session)
    return session


def test_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMYKIT_SAVE", str(tmp_path / "last.json"))
    s = session_for()
    assert s.game.rules.name == "500-rum"
    assert s.levels == {1: "heuristic", 2: "heuristic"}
    assert s.save_path == tmp_path / "last.json"


def test_preset_options_players_bots_seed_and_save(tmp_path: Path) -> None:
    argv = "remik-500 --set rummy_call=off --set target=300 --bots greedy,random --players 4"
    s = session_for(
        *argv.split(), "--seed", "42", "--name", "Zoe", "--save", str(tmp_path / "g.json")
    )
    assert s.game.rules.name == "remik-500" and s.game.rules.target == 300
    assert s.names[0] == "Zoe" and len(s.names) == 4
    assert s.levels == {1: "greedy", 2: "random", 3: "random"}
    assert s.game.seed == 42
    assert s.save_path == tmp_path / "g.json"
    assert session_for("--no-save", "--seed", "1").save_path is None


def test_players_alone_gives_heuristic_opponents() -> None:
    assert session_for("--players", "2", "--no-save").levels == {1: "heuristic"}
    assert len(session_for("--players", "6", "--no-save").levels) == 5


def test_resume_saves_on_to_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    scenario_session(path).save()
    s = session_for("--resume", str(path))
    assert s.save_path == path and s.names == ("You", "Ana", "Ben")


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--players", "9", "--no-save"],
        ["play", "--bots", "wizard", "--no-save"],
        ["play", "--set", "jokers", "--no-save"],
        ["play", "--set", "jokers=7", "--no-save"],
        ["play", "nonsense", "--no-save"],
        ["play", "--resume", "/nonexistent/game.json"],
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().out.startswith("rummykit play: ")


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for text in (
        "examples:",
        "rummykit play --bots greedy,heuristic,ismcts",
        "rummykit play --resume",
        "layoff 6H to 1",
        "~/.rummykit/last-game.json",
        "--delay",
        "NO_COLOR",
    ):
        assert text in out


def test_a_saved_game_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    s = scenario_session(path)
    from rummykit import parse_action

    for text in ("draw", "meld 7H 8H 9H", "discard 6H"):
        s.play(parse_action(text))
    while not s.human_to_act:
        s.bot_step()  # Ben calls Rummy, lays 6H off, discards
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["hands"][0]["ended_by"] is None
    assert main(["replay", str(path)]) == 0
    assert "meld  1: 6H 7H 8H 9H" in capsys.readouterr().out
