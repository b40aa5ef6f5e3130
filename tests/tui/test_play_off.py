"""A hand only the tied leaders play ([game.ties] leaders-play-on): its history numbers
the hand's own seats, the session and the screen the game's. Resuming, undoing, the
players' line and the prompt map one to the other."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from rummykit import Game, Rules, parse_action
from rummykit.actions import Draw
from rummykit.bots import get_bot
from rummykit.tui.app import PlayApp
from rummykit.tui.render import players_text, prompt_text
from rummykit.tui.session import Session, UndoRefused

from .kit import screen_text

#: remik-500 to 1 point, greedy bots everywhere: after hand 1 You (seat 0) and Ben
#: (seat 2) tie at the top and play on alone; Ana (seat 1) sits hand 2 out
YOU_AND_BEN = 537
#: the same, but Ana and Ben tie: You sit hand 2 out
ANA_AND_BEN = 765


def play_off(
    seed: int, save: Path | None = None, levels: Mapping[int, str] | None = None
) -> Session:
    """A session just after hand 1, the tied leaders' hand 2 dealt."""
    game = Game(Rules.preset("remik-500", target=1), ["You", "Ana", "Ben"], seed=seed)
    bots = {1: get_bot("greedy", seed=1, name="Ana"), 2: get_bot("greedy", seed=2, name="Ben")}
    levels = levels or {1: "greedy", 2: "greedy"}
    s = Session(game, 0, levels, save_path=save, bots=bots)
    me = get_bot("greedy", seed=0)
    while len(game.hands) < 2:
        if s.human_to_act:
            s.play(me.act(s.view()))
        else:
            s.bot_step()
    return s


def run_bots(s: Session) -> None:
    while not s.human_to_act:
        s.bot_step()


def test_a_game_saved_in_a_play_off_hand_resumes_with_its_log(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    s = play_off(YOU_AND_BEN, save)
    assert s.game.hand_seats == (0, 2)
    run_bots(s)  # Ben, hand seat 1, plays first
    assert json.loads(save.read_text())["hands"][1]["actions"] == ["Ben: draw", "Ben: discard AH"]
    again = Session.resume(save, save_path=save)
    assert again.game.hand_seats == (0, 2) and again.human_to_act
    assert again.log == [line for line in s.log if line.kind != "pass"]
    assert [line.text for line in again.log[-2:]] == ["Ben drew from the stock", "Ben discarded AH"]


def test_undo_in_a_play_off_hand_takes_back_the_action_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    s = play_off(YOU_AND_BEN, save)
    run_bots(s)
    before = (json.loads(save.read_text()), list(s.log), len(s.hand.history))
    s.play(parse_action("take 1"))
    assert str(s.undo()) == "take 1"
    saved = json.loads(save.read_text())
    # the game is as before; the record keeps the note of the undo besides (in "play")
    notes = saved["play"].pop("notes")
    assert (saved, len(s.hand.history)) == (before[0], before[2])
    assert notes == [{"hand": 2, "after": 2, "player": "You", "text": "(undo: take 1)"}]
    assert s.log[:-1] == before[1] and s.log[-1].text == "(undo: take 1)"
    assert s.view().hand is not None and len(s.view().hand or ()) == 7


def test_undo_in_a_play_off_hand_names_who_acted_since() -> None:
    s = play_off(YOU_AND_BEN)
    run_bots(s)
    s.play(Draw())
    s.play(parse_action(f"discard {(s.view().hand or ())[0]}"))
    s.bot_step()  # Ben draws
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.others"
    assert e.value.message == "Ben has acted since your last action"


def test_undo_is_refused_to_a_person_who_sits_the_hand_out() -> None:
    s = play_off(ANA_AND_BEN)
    assert s.game.hand_seats == (1, 2)
    for _ in range(20):  # Ana is hand seat 0: her actions are no more the person's
        s.bot_step()
    history = list(s.hand.history)
    with pytest.raises(UndoRefused) as e:
        s.undo()
    assert e.value.rule == "undo.nothing" and "sit this hand out" in e.value.message
    assert s.hand.history == history


def test_the_players_line_shows_each_bot_its_own_level() -> None:
    s = play_off(YOU_AND_BEN, levels={1: "easy", 2: "expert"})
    line = players_text(s.view(), s.levels, s.human, s.game.hand_seats).plain
    assert "Ben exp 7 cards" in line and "easy" not in line and "Ana" not in line


def test_the_prompt_of_a_person_who_sits_the_hand_out() -> None:
    s = play_off(ANA_AND_BEN)
    while s.game.to_act != 1:
        s.bot_step()
    view = s.view()  # Ana, the hand's seat 0, is to act: not the person, seat 0
    assert view.seat is None and view.to_act == 0 and view.players == ("Ana", "Ben")
    assert prompt_text(view) == (
        "Ana is playing… You sit this hand out: the tied leaders play it alone."
    )


@pytest.mark.asyncio
async def test_the_screen_of_a_play_off_hand() -> None:
    s = play_off(YOU_AND_BEN, levels={1: "easy", 2: "expert"})
    app = PlayApp(s, delay=30)  # Ben waits: the screen as he thinks
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "You(D) 7 cards +43 │ ▶Ben exp 7 cards +43" in text
        assert str(app.query_one("#message").render()) == "Ben is playing…"
        app.exit()
