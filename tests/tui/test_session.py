"""The game behind the screen: starting, bots, undo rules, saving and resuming, hints."""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import pytest

from rummykit import Phase, parse_action
from rummykit.bots import get_bot
from rummykit.errors import IllegalAction, RecordError, RulesError
from rummykit.record import load_game, replay
from rummykit.tui.hints import hint_line
from rummykit.tui.session import Session, UndoRefused

from .kit import scenario_session

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def play(s: Session, *texts: str) -> None:
    for text in texts:
        s.play(parse_action(text))


def run_bots(s: Session) -> None:
    while not s.over and not s.human_to_act:
        s.bot_step()


# ---------------------------------------------------------------------- starting
def test_defaults_are_500_rum_against_two_heuristic_bots() -> None:
    s = Session.start(seed=1)
    assert s.game.rules.name == "500-rum"
    assert s.names == ("You", "Ana", "Ben")
    assert s.levels == {1: "heuristic", 2: "heuristic"}
    assert s.human == 0


def test_players_levels_options_and_seed() -> None:
    s = Session.start("500-rum", {"rummy_call": "off"}, ["greedy"], players=5, seed=9, name="Zoe")
    assert s.names == ("Zoe", "Ana", "Ben", "Caro", "Dani")
    assert s.levels == {1: "greedy", 2: "greedy", 3: "greedy", 4: "greedy"}
    assert s.game.rules.rummy_call.value == "off"
    again = Session.start("500-rum", {"rummy_call": "off"}, ["greedy"], players=5, seed=9)
    assert again.game.deals[0] == s.game.deals[0]  # the seed fixes the deal


def test_a_random_seed_is_shown_only_once_the_game_is_over() -> None:
    # found by a review: the title showed a seed drawn from a million, from which the
    # person could deal every hand again (and find it from their own cards if hidden)
    drawn = Session.start("500-rum", {"target": 50}, ["greedy"], players=2)
    seed = drawn.game.seed
    assert not drawn.seed_shown and isinstance(seed, int)
    assert seed >= 1_000_000  # 63 random bits: fails once in 10**13 runs
    assert Session.start(seed=5).seed_shown  # the person chose it: they know it
    assert not drawn.rematch().seed_shown and drawn.rematch(seed=8).seed_shown
    me = get_bot("greedy", seed=1)
    while not drawn.over:
        if drawn.human_to_act:
            drawn.apply(0, me.act(drawn.view()))
        else:
            drawn.bot_step()
    assert drawn.seed_shown


@pytest.mark.parametrize(
    ("kwargs", "option"),
    [
        ({"preset": "remik-500", "players": 5}, "players"),
        ({"bots": ["genius"]}, "bots"),
        ({"bots": ["greedy"] * 3, "players": 3}, "bots"),
        ({"options": {"colour": "red"}}, "colour"),
    ],
)
def test_impossible_configurations_are_refused(kwargs: dict[str, object], option: str) -> None:
    with pytest.raises(RulesError) as e:
        Session.start(seed=1, **kwargs)  # type: ignore[arg-type]
    assert e.value.option == option


def test_bots_play_until_the_person_is_to_act() -> None:
    s = Session.start(seed=4, bots=["random", "greedy"])
    run_bots(s)
    assert s.human_to_act
    assert all(line.seat != 0 for line in s.log if line.kind == "action")


def test_the_person_cannot_act_out_of_turn() -> None:
    s = scenario_session()
    play(s, "draw", "meld 7H 8H 9H", "discard 6H")  # the call is offered to Ben
    with pytest.raises(IllegalAction) as e:
        play(s, "draw")
    assert e.value.rule == "action.turn"


# ---------------------------------------------------------------------- undo
def test_undo_takes_back_a_meld_but_never_a_stock_draw() -> None:
    s = scenario_session()
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.nothing"
    play(s, "draw")
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.stock"
    play(s, "meld 7H 8H 9H")
    before = s.view()
    assert len(before.melds) == 1
    assert str(s.undo()) == "meld 7H 8H 9H"
    after = s.view()
    assert after.melds == () and len(after.hand or ()) == 8 and after.phase is Phase.PLAY
    assert "KS" in [str(c) for c in after.hand or ()]  # the drawn card stays drawn
    with pytest.raises(UndoRefused):
        s.undo()  # the draw before it
    assert [line.text for line in s.log if line.kind == "undo"] == ["(undo: meld 7H 8H 9H)"]


def test_undo_of_a_pile_take_gives_the_cards_back() -> None:
    s = scenario_session()
    play(s, "take 1")
    assert s.view().pile == ()
    assert str(s.undo()) == "take 1"
    assert [str(c) for c in s.view().pile] == ["4D"]
    assert s.view().phase is Phase.DRAW


def test_no_undo_once_another_player_has_acted() -> None:
    s = scenario_session()
    play(s, "draw", "meld 7H 8H 9H", "discard 6H")
    assert str(s.undo()) == "discard 6H"  # Ben has not answered the call yet
    play(s, "discard 6H")
    s.bot_step()  # Ben calls Rummy
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.others"
    assert "Ben" in e.value.message


def test_undo_restores_the_exact_hand() -> None:
    s = scenario_session()
    play(s, "draw", "meld 7H 8H 9H")
    reference = s.record()
    play(s, "meld 5C 5D 5S")
    s.undo()
    record = s.record()
    # the game is as it was; the note of the undo is kept besides (in "play")
    assert record["play"].pop("notes") == [
        {"hand": 1, "after": 2, "player": "You", "text": "(undo: meld 5C 5D 5S)"}
    ]
    assert record == reference


def undo_notes(s: Session) -> list[str]:
    return [line.text for line in s.log if line.kind == "undo"]


def test_the_notes_of_undos_stay_through_a_later_undo() -> None:
    s = scenario_session()
    play(s, "draw", "meld 7H 8H 9H")
    s.undo()
    play(s, "meld 7H 8H 9H", "meld 5C 5D 5S")
    s.undo()  # rebuilds the log from the game: the first note stays where it was
    assert [line.text for line in s.log] == [
        "— hand 1: Ben deals —",
        "You drew KS",
        "(undo: meld 7H 8H 9H)",
        "You melded 7H 8H 9H (meld 1)",
        "(undo: meld 5C 5D 5S)",
    ]
    # a note of actions that a later undo takes back too stays, where the hand is now
    s.undo()
    assert [line.text for line in s.log] == [
        "— hand 1: Ben deals —",
        "You drew KS",
        "(undo: meld 7H 8H 9H)",
        "(undo: meld 5C 5D 5S)",
        "(undo: meld 7H 8H 9H)",
    ]
    play(s, "discard 6H")
    assert [line.text for line in s.log][-2:] == ["(undo: meld 7H 8H 9H)", "You discarded 6H"]


def test_the_notes_of_undos_are_saved_and_resumed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw", "meld 7H 8H 9H")
    s.undo()
    play(s, "meld 7H 8H 9H", "discard 6H")
    s.undo()
    play(s, "discard 6H")
    assert json.loads(path.read_text())["play"]["notes"] == [
        {"hand": 1, "after": 1, "player": "You", "text": "(undo: meld 7H 8H 9H)"},
        {"hand": 1, "after": 2, "player": "You", "text": "(undo: discard 6H)"},
    ]
    again = Session.resume(path, save_path=path)
    assert again.log == s.log
    assert undo_notes(again) == ["(undo: meld 7H 8H 9H)", "(undo: discard 6H)"]
    # and they stay through the resumed game's own undo and save
    run_bots(again)  # Ben calls Rummy on the 6H, lays it off, discards
    play(again, "take 1")
    again.undo()
    assert undo_notes(again) == ["(undo: meld 7H 8H 9H)", "(undo: discard 6H)", "(undo: take 1)"]
    third = Session.resume(path)
    assert third.log == again.log
    # a new game (play again) starts with none
    assert "notes" not in again.rematch(seed=5).record()["play"]


@pytest.mark.parametrize(
    "notes",
    [
        "not a list",
        [5, None, "text"],
        [{"hand": 9, "after": 0, "player": "You", "text": "(a hand never played)"}],
        [{"hand": 1, "after": -1, "player": "You", "text": "(before the deal)"}],
        [{"hand": True, "after": 0, "player": "You", "text": "(hand true)"}],
        [{"hand": 1, "after": 0, "player": "Zed", "text": "(no such player)"}],
        [{"hand": 1, "after": 0, "player": "You", "text": ["not", "a", "text"]}],
    ],
)
def test_notes_a_resumed_game_cannot_read_are_left_out(notes: object, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    doc = json.loads(path.read_text())
    doc["play"]["notes"] = notes
    path.write_text(json.dumps(doc))
    again = Session.resume(path, save_path=path)  # the game is what matters: no refusal
    assert again.log == s.log and again.notes == []


def test_a_note_past_the_end_of_its_hand_comes_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play(scenario_session(path), "draw")
    doc = json.loads(path.read_text())
    doc["play"]["notes"] = [
        {"hand": 1, "after": 5, "player": "Ana", "text": "(written by hand)"},
        {"hand": 1, "after": 0, "player": "You", "text": "(before any action)"},
    ]
    path.write_text(json.dumps(doc))
    assert [line.text for line in Session.resume(path).log] == [
        "— hand 1: Ben deals —",
        "(before any action)",
        "You drew KS",
        "(written by hand)",
    ]


# ---------------------------------------------------------------------- saving
def test_the_record_is_saved_after_every_action(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    doc = json.loads(path.read_text())
    assert doc["hands"][0]["actions"] == ["You: draw"]
    assert doc["play"] == {"human": "You", "bots": {"Ana": "heuristic", "Ben": "heuristic"}}
    assert replay(doc).status == 0


def test_resume_continues_the_game_with_the_same_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw", "meld 7H 8H 9H")
    again = Session.resume(path, save_path=path)
    assert again.human == 0
    assert again.levels == {1: "heuristic", 2: "heuristic"}
    assert again.record() == s.record()
    assert [line.text for line in again.log] == [
        "— hand 1: Ben deals —",
        "You drew KS",
        "You melded 7H 8H 9H (meld 1)",
    ]
    assert again.log == s.log
    again.play(parse_action("discard 6H"))
    assert json.loads(path.read_text())["hands"][0]["actions"][-1] == "You: discard 6H"


def test_resume_saves_the_keys_it_does_not_read_again(tmp_path: Path) -> None:
    # NOTATION.md: further keys are kept and ignored; a game resumed from a record that
    # a person annotated (an event, a date, a comment on a hand) keeps them when it saves
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    doc = json.loads(path.read_text())
    doc["event"] = "club night"
    doc["date"] = "2026-11-27"
    doc["hands"][0]["comment"] = "a slow start"
    path.write_text(json.dumps(doc))
    again = Session.resume(path, save_path=path)
    again.play(parse_action("meld 7H 8H 9H"))
    saved = json.loads(path.read_text())
    assert saved["event"] == "club night" and saved["date"] == "2026-11-27"
    assert saved["hands"][0]["comment"] == "a slow start"
    assert saved["hands"][0]["actions"][-1] == "You: meld 7H 8H 9H"
    assert saved["play"] == doc["play"]
    assert replay(saved).status == 0
    # a new game (play again) is a new record: the annotations were of the old one
    assert "event" not in again.rematch(seed=5).record()


@pytest.mark.parametrize("seed", [2.5, None, [1, 2], 2**300, True])
def test_resume_saves_a_seed_it_cannot_use_as_it_was(tmp_path: Path, seed: object) -> None:
    # a seed rummykit cannot use is ignored (the game deals as from seed 0) and, like
    # the record's other further keys, saved again unchanged: not replaced by 0
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    doc = json.loads(path.read_text())
    doc["seed"] = seed
    path.write_text(json.dumps(doc))
    again = Session.resume(path, save_path=path)
    assert again.game.seed == 0
    again.play(parse_action("meld 7H 8H 9H"))
    saved = json.loads(path.read_text())
    assert saved["seed"] == seed and type(saved["seed"]) is type(seed)
    assert saved["hands"][0]["actions"][-1] == "You: meld 7H 8H 9H"
    assert replay(saved).status == 0


def test_resume_saves_a_usable_seed_as_the_game_has_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    doc = json.loads(path.read_text())
    doc["seed"] = "club-7"
    path.write_text(json.dumps(doc))
    again = Session.resume(path, save_path=path)
    assert again.game.seed == "club-7"
    again.play(parse_action("meld 7H 8H 9H"))
    assert json.loads(path.read_text())["seed"] == "club-7"


def test_resume_of_a_finished_hand_deals_the_next(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw", "meld 7H 8H 9H", "discard 6H")
    run_bots(s)
    play(s, "draw", "meld 5C 5D 5S", "discard QD")
    run_bots(s)
    play(s, "rummy 1", "layoff TH to 1", "discard KS")
    assert s.game.totals == [49, -48, -46]
    again = Session.resume(path)
    assert again.game.totals == [49, -48, -46]
    assert again.hand.number == 2
    assert again.game.deals[1] == s.game.deals[1]


def test_resume_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError) as e:
        Session.resume(path)
    assert e.value.rule == "record.json"
    path.write_text(json.dumps({"rules": "500-rum", "players": ["A", "B"], "hands": []}))
    with pytest.raises(RecordError):
        Session.resume(path, name="Zed")


def test_a_save_that_fails_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = scenario_session(blocker / "game.json")  # a directory that cannot exist
    play(s, "draw")
    assert s.save_error is not None and "cannot save" in s.save_error


@pytest.mark.parametrize("failing", ["fdopen", "fsync", "replace"])
def test_a_failed_save_leaves_no_temporary_file_and_the_old_record(
    failing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    s = scenario_session(path)
    play(s, "draw")
    before = path.read_bytes()

    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    play(s, "meld 7H 8H 9H")  # the game goes on; the save failed
    monkeypatch.undo()
    assert s.save_error == f"cannot save to {path}: No space left on device"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert path.read_bytes() == before
    play(s, "discard 6H")  # the next save works again and clears the error
    assert s.save_error is None
    assert json.loads(path.read_text())["hands"][0]["actions"][-1] == "You: discard 6H"


def test_a_save_is_flushed_to_the_disk_before_it_replaces_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync dir" if stat.S_ISDIR(os.fstat(fd).st_mode) else "fsync file")
        real_fsync(fd)

    def replace(src: str, dst: Path) -> None:
        assert Path(src).parent == path.parent  # renamed within its directory
        calls.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    scenario_session(path).save()
    assert calls == ["fsync file", "replace", "fsync dir"]
    assert json.loads(path.read_text())["players"] == ["You", "Ana", "Ben"]


@pytest.mark.parametrize("refused", ["create", "replace"])
def test_saving_to_a_directory_that_cannot_be_written(
    refused: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the system refuses the write as a read-only directory would (creating the
    # temporary file, or renaming it over the save), whoever runs the test: root ignores
    # directory permissions, so they are not what is relied on
    locked = tmp_path / "locked"
    locked.mkdir()
    path = locked / "game.json"
    real_open = os.open

    def open_refusing_new_files(file: str | Path, flags: int, *args: int, **kw: int) -> int:
        if flags & os.O_CREAT and Path(file).parent == locked:
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, flags, *args, **kw)

    def replace_refused(src: str | Path, dst: str | Path) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(src), None, str(dst))

    if refused == "create":
        monkeypatch.setattr(os, "open", open_refusing_new_files)
    else:
        monkeypatch.setattr(os, "replace", replace_refused)
    s = scenario_session(path)
    play(s, "draw")  # the game goes on; the save failed
    assert s.save_error == f"cannot save to {path}: Permission denied"
    assert list(locked.iterdir()) == []  # no temporary file left behind
    monkeypatch.undo()
    play(s, "meld 7H 8H 9H")  # once the directory can be written, saving works again
    assert s.save_error is None and [p.name for p in locked.iterdir()] == ["game.json"]


# ---------------------------------------------------------------------- hints
def test_hint_is_one_line_naming_a_legal_action() -> None:
    s = scenario_session()
    line = hint_line(s.view())
    assert "\n" not in line
    first = line.split(":")[0]
    assert parse_action(first) in s.view().legal_actions
    play(s, "draw")
    line = hint_line(s.view())
    assert line.startswith("meld "), line  # a run of hearts or the fives
    assert "best melds" in line


def test_a_hint_bot_that_fails_says_so_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a review: a bug of the hint bot ended the person's game (an internal error)
    def broken(view: object) -> None:
        raise ValueError("a bug")

    monkeypatch.setattr("rummykit.tui.hints.hint", broken)
    s = scenario_session()
    assert hint_line(s.view()) == "no hint this time: the hint bot failed (ValueError)"
    play(s, "draw")  # the game goes on


def test_no_hint_when_it_is_not_the_persons_turn() -> None:
    s = scenario_session()
    play(s, "draw", "meld 7H 8H 9H", "discard 6H")
    assert "wait" in hint_line(s.view())


def test_undo_hand_after_the_persons_action_ended_the_hand() -> None:
    # the first hand of the three-player example, which Ana ends by discarding her last card
    doc = json.loads((EXAMPLES / "three-players.json").read_text(encoding="utf-8"))
    doc["hands"] = doc["hands"][:1]
    game = load_game(doc)
    assert not game.over and len(game.hands) == 2 and game.hand.history == []
    s = Session(game, 0, {1: "random", 2: "random"}, save_path=None)
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.hand"
    assert "new hand" in e.value.message
