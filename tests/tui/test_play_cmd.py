"""``rummykit play``: its arguments, its help, and the records it saves (``rummykit replay``)."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from rummykit import Rules, parse_action
from rummykit.actions import Action
from rummykit.bots import (
    CROWDED_DIFFICULTIES,
    DIFFICULTIES,
    GOING_OUT_DIFFICULTIES,
    LUCKIER_DIFFICULTIES,
    resolve_level,
)
from rummykit.cli import build_parser, main
from rummykit.cli.play_cmd import build_session
from rummykit.errors import RulesError
from rummykit.record import load_game
from rummykit.tui.app import CRASH_REPORT, CommandInput, PlayApp
from rummykit.tui.session import Session
from rummykit.view import PlayerView

from .kit import WHOLE_HAND, play_scenario, scenario_session


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
    ("argv", "names"),
    [
        (["play", "--players", "9", "--no-save"], "not 9"),
        (["play", "--bots", "wizard", "--no-save"], "'wizard'"),
        (["play", "--bots", ",greedy", "--no-save"], "--bots ',greedy': entry 1 of 2 is empty"),
        (["play", "--set", "jokers", "--no-save"], "'jokers'"),
        (["play", "--set", "jokers=7", "--no-save"], "jokers"),
        (["play", "nonsense", "--no-save"], "'nonsense'"),
        (["play", "--resume", "/nonexistent/game.json"], "/nonexistent/game.json"),
        (["play", "--delay", "-1", "--no-save"], "--delay is 0 to 60 seconds, not -1"),
        (["play", "--delay", "nan", "--no-save"], "not nan"),
        (["play", "--delay", "inf", "--no-save"], "not inf"),
        (["play", "--budget", "0", "--no-save"], "--budget is 1 to 1000000000"),
        # found by a review: no upper limit (simulate's LEVEL:BUDGET had one)
        (["play", "--budget", "10000000000", "--no-save"], "--budget is 1 to 1000000000"),
    ],
)
def test_bad_arguments_exit_2_with_one_line_on_stderr(
    argv: list[str], names: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("rummykit play: ") and err.count("\n") == 1
    assert names in err


def test_resume_without_a_saved_game_says_so_and_how_to_start_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["rummykit", "play"])  # the command the message names
    assert main(["play", "--resume", "/nonexistent/game.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rummykit play: no saved game to continue in /nonexistent/game.json")
    # a command that starts a game (plain `rummykit` only prints its help), in that file
    assert "start one with `rummykit play --save /nonexistent/game.json`" in err
    assert "No such file" not in err


def test_resume_without_the_default_save_names_plain_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RUMMYKIT_SAVE", str(tmp_path / "last-game.json"))
    monkeypatch.setattr(sys, "argv", ["rummykit", "play"])
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rummykit play: no saved game to continue in ")
    assert err.rstrip().endswith("start one with `rummykit play`")


HOSTILE_RECORDS = {
    "not-utf8": b'{"rules": "500-rum\xff"}',
    "deep": b"[" * 100_000,
    "huge-number": b'{"seed": ' + b"9" * 5000 + b"}",
    "nan": b'{"seed": NaN}',
    "wrong-types": b'{"rules": 5, "players": "Ana", "hands": {}}',
    "not-an-object": b"[1, 2, 3]",
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(HOSTILE_RECORDS))
def test_a_bad_record_to_resume_is_named_without_a_traceback(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(HOSTILE_RECORDS[name])
    assert main(["play", "--resume", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"rummykit play: cannot continue {path}: ")
    assert "[record." in err and err.count("\n") == 1
    assert path.read_bytes() == HOSTILE_RECORDS[name]  # never overwritten


def test_an_option_typo_is_an_argparse_error_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--players", "x"])
    assert e.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "--players" in err


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
    # the keys the game has: F6 and F7 were left out (found by a review)
    assert "scores               the score sheet, and the hand so far    (F6)" in out
    assert "again                a new game once this one is over        (F7)" in out
    assert "ctrl+q asks once more before quitting a game that would be lost" in " ".join(
        out.split()
    )


def test_help_names_the_level_of_each_difficulty_and_of_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "hard (heuristic, the default)" not in out
    tables = (
        DIFFICULTIES,
        CROWDED_DIFFICULTIES,
        GOING_OUT_DIFFICULTIES,
        LUCKIER_DIFFICULTIES,
    )
    for table in tables:
        assert ", ".join(f"{d} ({level})" for d, level in table.items()) in out
    # the opponents play the heuristic unless --bots says otherwise: "hard" where melds
    # score at 3 or more players, no difficulty at 2, "expert" where only going out counts
    assert session_for("--no-save").levels == {1: "heuristic", 2: "heuristic"}
    assert resolve_level("hard", Rules.preset("500-rum"), 3) == "heuristic"
    assert resolve_level("expert", Rules.preset("rummy"), 3) == "heuristic"
    assert (
        "default opponents: the level heuristic: hard where melds score at 3+ players, "
        "between hard (basic) and expert at 2, and expert where only going out counts "
        "(rummy, block-rummy, wrotham)"
    ) in out


def test_a_saved_game_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    s = scenario_session(path)
    for text in ("draw", "meld 7H 8H 9H", "discard 6H"):
        s.play(parse_action(text))
    while not s.human_to_act:
        s.bot_step()  # Ben calls Rummy, lays 6H off, discards
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["hands"][0]["ended_by"] is None
    assert main(["replay", str(path)]) == 0
    assert "meld  1: 6H 7H 8H 9H" in capsys.readouterr().out


# ---------------------------------------------------------------------- running the app
def no_terminal(monkeypatch: pytest.MonkeyPatch, pilot: Any = None) -> list[PlayApp]:
    """Runs ``play``'s app headless at 80x24 (driven by ``pilot``, else quitting at
    once); returns the list the apps that ran are appended to."""
    apps: list[PlayApp] = []

    async def quit_at_once(p: Pilot[None]) -> None:
        await p.pause()
        p.app.exit()

    def run(self: PlayApp, **_: Any) -> None:
        apps.append(self)
        App.run(self, headless=True, size=(80, 24), auto_pilot=pilot or quit_at_once)

    monkeypatch.setattr(PlayApp, "run", run)
    monkeypatch.setattr("rummykit.cli.play_cmd._terminal", lambda: True)
    return apps


def unfinished(path: Path) -> bytes:
    """Saves the scenario, one action in, to ``path``; returns the file's bytes."""
    s = scenario_session(path)
    s.play(parse_action("draw"))
    return path.read_bytes()


def test_a_file_that_is_no_game_is_not_overwritten_nor_offered_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # found by a review: the hint offered "play --resume notes.txt", which then failed
    apps = no_terminal(monkeypatch)
    path = tmp_path / "notes.txt"
    path.write_text("notes\n")
    assert main(["play", "--save", str(path), "--seed", "3"]) == 2
    err = capsys.readouterr().err
    assert "holds a file that is not a game record rummykit can continue" in err
    assert "--resume" not in err
    assert "save to another file (--save FILE)" in err and f"play --new --save {path}" in err
    assert path.read_text() == "notes\n" and apps == []


def test_an_unfinished_saved_game_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = no_terminal(monkeypatch)
    path = tmp_path / "game.json"
    saved = unfinished(path)
    assert main(["play", "--save", str(path), "--seed", "3"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "holds an unfinished game (hand 1; You +0, Ana +0, Ben +0)" in err
    # the hint names the file: a plain --new would start over in the default file
    assert f"play --resume {path}" in err and f"play --new --save {path}" in err
    assert path.read_bytes() == saved and apps == []

    # resuming another game into it is refused too
    other = tmp_path / "other.json"
    unfinished(other)
    assert main(["play", "--resume", str(other), "--save", str(path)]) == 2
    assert "save the game you resume to another file" in capsys.readouterr().err
    assert path.read_bytes() == saved and apps == []
    # resuming a game into its own file is what --resume is for
    assert main(["play", "--resume", str(path)]) == 0
    assert len(apps) == 1
    apps.clear()
    path.write_bytes(saved)

    # --new starts over (and overwrites it)
    assert main(["play", "--save", str(path), "--seed", "3", "--new"]) == 0
    assert len(apps) == 1 and path.read_bytes() != saved
    assert json.loads(path.read_bytes())["seed"] == 3


def test_a_finished_game_or_no_file_is_overwritten_without_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = no_terminal(monkeypatch)
    path = tmp_path / "game.json"
    assert main(["play", "--save", str(path), "--seed", "3"]) == 0
    assert len(apps) == 1
    s = scenario_session(path, target=40)
    play_scenario(s)
    assert s.over
    assert main(["play", "--save", str(path), "--seed", "4"]) == 0
    assert len(apps) == 2 and json.loads(path.read_bytes())["seed"] == 4


def test_a_save_file_that_cannot_be_is_named_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = no_terminal(monkeypatch)
    plain = tmp_path / "plain.txt"
    plain.write_text("notes")
    for where, why in ((tmp_path, "it is a folder"), (plain / "game.json", "is not a folder")):
        assert main(["play", "--save", str(where)]) == 2
        err = capsys.readouterr().err
        assert f"cannot save the game to {where}: " in err and why in err
        assert "--save FILE" in err and "--no-save" in err and "--resume" not in err
    assert apps == [] and plain.read_text() == "notes"


def test_without_a_terminal_play_says_so_and_saves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = no_terminal(monkeypatch)
    monkeypatch.setattr("rummykit.cli.play_cmd._terminal", lambda: False)
    path = tmp_path / "game.json"
    assert main(["play", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert "played in a terminal" in err and "simulate" in err and err.count("\n") == 1
    assert apps == [] and not path.exists()


@pytest.mark.parametrize("term", ["dumb", "DUMB "])
def test_a_dumb_terminal_is_refused_with_what_to_do(
    term: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # found by a review: with TERM=dumb the game wrote full-screen colour escapes as text
    apps = no_terminal(monkeypatch)
    monkeypatch.setenv("TERM", term)
    path = tmp_path / "game.json"
    assert main(["play", "--save", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("rummykit play: the game needs a terminal that can draw a full screen")
    assert "TERM=dumb" in err and "TERM=xterm-256color" in err and "simulate" in err
    assert apps == [] and not path.exists()
    monkeypatch.setenv("TERM", "xterm-256color")
    assert main(["play", "--save", str(path)]) == 0 and len(apps) == 1


def test_new_and_resume_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--new", "--resume"])
    assert e.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_save_and_no_save_do_not_go_together(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--no-save", "--save", "game.json"])
    assert e.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_the_resume_hint_names_the_command_that_was_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    no_terminal(monkeypatch)
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "rummykit").write_text("")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setattr(sys, "argv", [str(venv / "rummykit"), "play"])
    path = tmp_path / "saves" / "game.json"
    assert main(["play", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        out == f"Game saved to {path}; continue it with: .venv/bin/rummykit play --resume {path}\n"
    )

    monkeypatch.setenv("RUMMYKIT_SAVE", str(path))  # the default file: no need to name it
    assert main(["play", "--resume"]) == 0
    assert "continue it with: .venv/bin/rummykit play --resume\n" in capsys.readouterr().out


def test_a_crash_in_the_app_exits_1_and_points_to_the_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def press_hint(p: Pilot[None]) -> None:
        await p.pause()
        await p.press("f2")
        await p.pause()

    def broken(view: object) -> str:
        raise RuntimeError("out of cheese")

    apps = no_terminal(monkeypatch, press_hint)
    monkeypatch.setattr("rummykit.tui.app.hint_line", broken)
    monkeypatch.setattr(sys, "argv", ["rummykit", "play"])
    path = tmp_path / "game.json"
    status = main(["play", "--save", str(path), "--seed", "5", "--delay", "0"])
    out, err = capsys.readouterr()
    assert status == 1
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("rummykit play: the game stopped on an internal error ")
    assert "(RuntimeError: out of cheese)" in err
    assert f"continue it with rummykit play --resume {path}" in err
    report = tmp_path / CRASH_REPORT
    assert f"details in {report}" in err
    assert "Traceback" in report.read_text() and "out of cheese" in report.read_text()
    game = apps[0].session.game
    assert load_game(json.loads(path.read_bytes())).hand.history == game.hand.history


# ---------------------------------------------------------------------- quitting
class StuckBot:
    """A bot that thinks until it is released (``release``), 20 s at most; ``thinking``
    is set once it has begun, ``returned`` once it has answered."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.returned = threading.Event()

    def act(self, view: PlayerView) -> Action:
        self.thinking.set()
        self.release.wait(20)
        self.returned.set()
        return view.legal_actions[0]


#: The person's actions before Ana's first turn in the scenario (Ben acts in between).
BEFORE_ANA = WHOLE_HAND[:6]


@pytest.mark.parametrize("how", ["ctrl+q", "quit"])
def test_quitting_while_a_bot_thinks_does_not_wait_for_it(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play_scenario(s, BEFORE_ANA)
    assert s.to_act == 1  # Ana's turn
    actions = json.loads(path.read_text())["hands"][0]["actions"]
    stuck = StuckBot("Ana")

    async def quit_while_ana_thinks(p: Pilot[None]) -> None:
        for _ in range(400):
            await p.pause(0.05)
            if stuck.thinking.is_set():
                break
        if how == "ctrl+q":
            await p.press("ctrl+q")
        else:
            p.app.query_one(CommandInput).value = "quit"
            await p.press("enter")

    apps = no_terminal(monkeypatch, quit_while_ana_thinks)
    try:
        with monkeypatch.context() as m:
            m.setattr("rummykit.tui.session.get_bot", lambda *_, **__: stuck)
            status = main(["play", "--resume", str(path), "--delay", "0"])
        thinkers = [t for t in threading.enumerate() if t.name == "rummykit-bot"]
        # the program ended while the bot thought on: quitting did not wait for its answer
        answered = stuck.returned.is_set()
    finally:
        stuck.release.set()
    assert stuck.thinking.is_set() and not answered
    assert status == 0
    # the thread still thinking does not hold the program's exit up either
    assert thinkers and all(t.daemon for t in thinkers)
    out = capsys.readouterr().out
    assert out.startswith(f"Game saved to {path}; continue it with: ")
    # the game is saved as of the last action: Ana's choice in flight is dropped
    assert json.loads(path.read_text())["hands"][0]["actions"] == actions
    assert apps[0].session.to_act == 1

    # and it goes on from there (no bot acts before this run quits)
    again = no_terminal(monkeypatch)
    assert main(["play", "--resume", str(path), "--delay", "30"]) == 0
    assert again[0].session.game.hand.history == s.game.hand.history
    assert again[0].session.to_act == 1
    assert json.loads(path.read_text())["hands"][0]["actions"] == actions


# ---------------------------------------------------------------------- --resume --bots
def record_named_levels(path: Path) -> bytes:
    """The scenario one action in, its record naming Ana's and Ben's levels (heuristic)."""
    unfinished(path)
    doc = json.loads(path.read_text())
    assert doc["play"]["bots"] == {"Ana": "heuristic", "Ben": "heuristic"}
    return path.read_bytes()


def test_resume_refuses_bots_that_would_change_the_recorded_levels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    apps = no_terminal(monkeypatch)
    monkeypatch.setattr(sys, "argv", ["rummykit", "play"])
    path = tmp_path / "game.json"
    saved = record_named_levels(path)
    assert main(["play", "--resume", str(path), "--bots", "greedy"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"rummykit play: cannot continue {path}: ")
    # it says which levels the game keeps, what was asked, and what to do instead
    assert "the record names the opponents' levels (Ana heuristic, Ben heuristic)" in err
    assert "a resumed game keeps them" in err
    assert "levels asked for (Ana greedy, Ben greedy) cannot be used" in err
    assert "continue it without --bots" in err
    assert "rummykit play --bots greedy --save FILE" in err
    assert apps == [] and path.read_bytes() == saved  # nothing lost, nothing started

    # levels that change nothing are no reason to refuse
    assert session_for("--resume", str(path), "--bots", "heuristic").levels == {
        1: "heuristic",
        2: "heuristic",
    }


def test_resume_gives_bots_to_the_players_the_record_names_no_level_for(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    record_named_levels(path)
    # a record written by hand (no "play" entry): the levels go to the opponents in seat
    # order, as for a new game
    doc = json.loads(path.read_text())
    del doc["play"]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(doc))
    assert session_for("--resume", str(bare), "--bots", "greedy,random").levels == {
        1: "greedy",
        2: "random",
    }
    assert session_for("--resume", str(bare), "--bots", "greedy").levels == {
        1: "greedy",
        2: "greedy",
    }
    # taking Ana's seat: You, whom the record names no level for, get one; Ben keeps his
    s = session_for("--resume", str(path), "--name", "Ana", "--bots", "greedy,heuristic")
    assert s.human == 1 and s.levels == {0: "greedy", 2: "heuristic"}
    with pytest.raises(RulesError) as e:
        session_for("--resume", str(path), "--name", "Ana", "--bots", "greedy")
    assert "(Ben heuristic)" in e.value.message and "(Ben greedy)" in e.value.message
    with pytest.raises(RulesError) as e:
        session_for("--resume", str(path), "--bots", "greedy,greedy,greedy")
    assert e.value.message == "3 bot levels for 2 opponents"


def test_too_many_bot_levels_are_counted_in_good_english(tmp_path: Path) -> None:
    with pytest.raises(RulesError) as e:
        session_for("--players", "2", "--bots", "greedy,random")
    assert e.value.option == "bots" and e.value.message == "2 bot levels for 1 opponent"
    path = tmp_path / "two.json"
    session_for("--players", "2", "--bots", "greedy", "--save", str(path)).save()
    with pytest.raises(RulesError) as e:  # resuming a game of two
        session_for("--resume", str(path), "--bots", "greedy,random")
    assert e.value.option == "bots" and e.value.message == "2 bot levels for 1 opponent"


# ---------------------------------------------------------------------- --seed
def test_a_seed_with_leading_zeros_is_the_number_and_resumes_as_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = session_for("--seed", "007", "--save", str(path))
    s.save()
    assert s.game.seed == 7 and json.loads(path.read_text())["seed"] == 7
    assert s.game.deals == session_for("--seed", "7", "--no-save").game.deals
    assert session_for("--resume", str(path)).game.seed == 7


@pytest.mark.parametrize("seed", ["²", "--5", "x007", "+7"])
def test_a_seed_that_is_no_number_is_a_text(seed: str) -> None:
    assert session_for(f"--seed={seed}", "--no-save").game.seed == seed


def test_a_seed_too_long_is_refused_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--no-save", "--seed", "1" * 5000]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert (
        err == "rummykit play: --seed: a number is at most 256 bits, below 2**256 (about 1.16e77, "
        "78 digits) in size, and this one has 5000 digits\n"
    )


# ---------------------------------------------------------------------- --budget
@pytest.mark.parametrize(
    ("argv", "bots"),
    [
        (["--bots", "greedy,heuristic", "--players", "3"], "(greedy; heuristic)"),
        (["rummy", "--bots", "expert"], "(expert, which plays heuristic here)"),
    ],
)
def test_a_budget_no_opponent_would_use_is_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], bots: str
) -> None:
    assert main(["play", *argv, "--budget", "50", "--no-save"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("rummykit play: --budget sets how hard the levels that search think")
    assert err.endswith(f"no opponent here searches {bots}\n")


@pytest.mark.parametrize("bots", ["ismcts", "expert", "greedy,rollout"])
def test_a_budget_goes_to_the_opponents_that_search(bots: str) -> None:
    s = session_for("--bots", bots, "--players", "3", "--budget", "50", "--no-save")
    searching = [
        s.bots[seat].bot_for(s.game.rules, 3) if bots == "expert" else s.bots[seat]
        for seat in s.levels
        if s.levels[seat] in ("ismcts", "expert", "rollout")
    ]
    assert searching and all(getattr(b, "budget", None) == 50 for b in searching)


def test_a_level_with_simulates_budget_points_to_the_budget_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--bots", "ismcts:200", "--no-save"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot level 'ismcts:200'" in err
    assert err.endswith("a search's effort is set for every bot with --budget N\n")


# ---------------------------------------------------------------------- --resume
@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["rummy"], "the preset rummy"),
        (["--set", "target=100"], "--set"),
        (["--players", "4"], "--players"),
        (["--seed", "7", "500-rum"], "the preset 500-rum and --seed"),
    ],
)
def test_resume_refuses_what_the_record_already_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    # the record holds the game's rules, players and seed: these would be ignored
    path = tmp_path / "game.json"
    session_for("--seed", "3", "--save", str(path)).save()
    before = path.read_bytes()
    assert main(["play", *argv, "--resume", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert f"keeps the rules, players and seed its record holds, so {named} would" in err
    assert path.read_bytes() == before
