"""Difficulty names (easy, medium, hard, expert): the level each plays, accepted wherever a
level is named, and unknown names refused with the list of names."""

from __future__ import annotations

import json

import pytest

from rummykit.bots import (
    DIFFICULTIES,
    LEVEL_NAMES,
    LEVELS,
    BasicBot,
    GreedyBot,
    HeuristicBot,
    RolloutBot,
    describe,
    get_bot,
    resolve_level,
)
from rummykit.cli import build_parser, main
from rummykit.cli.play_cmd import build_session
from rummykit.errors import RulesError
from rummykit.tui.session import Session


def test_each_difficulty_plays_its_level() -> None:
    assert list(DIFFICULTIES) == ["easy", "medium", "hard", "expert"]
    kinds = {"easy": GreedyBot, "medium": BasicBot, "hard": HeuristicBot, "expert": RolloutBot}
    for name, kind in kinds.items():
        bot = get_bot(name, seed=1, name="Bo")
        assert type(bot) is kind and bot.name == "Bo"
        assert describe(name) == describe(DIFFICULTIES[name])
    assert get_bot("expert", budget=7).budget == 7
    # the ladder's own names still work
    for level in LEVELS:
        assert resolve_level(level) == level and get_bot(level).level == level
    assert tuple(LEVEL_NAMES) == (*DIFFICULTIES, *LEVELS)


def test_the_difficulties_climb_the_ladder() -> None:
    ladder = list(LEVELS)
    order = [ladder.index(DIFFICULTIES[d]) for d in DIFFICULTIES]
    assert order == sorted(order) and len(set(order)) == 4


@pytest.mark.parametrize("bad", ["wizard", "Easy", "", "hard:3"])
def test_an_unknown_name_is_refused_with_every_name(bad: str) -> None:
    for call in (resolve_level, get_bot, describe):
        with pytest.raises(ValueError) as exc:
            call(bad)
        text = str(exc.value)
        assert f"unknown bot level {bad!r}" in text
        assert "easy, medium, hard, expert, random, greedy" in text


def test_simulate_takes_difficulties(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--bots", "easy,random", "--games", "2", "--quiet", "--json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["bots"]) == {"easy", "random"}
    assert main(["simulate", "--bots", "medium,wizard", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot level 'wizard'" in err and "expert" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "easy (greedy)" in capsys.readouterr().out


def test_tournament_takes_difficulties(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "4", "--bots", "easy,nobody"]) == 2
    assert "unknown bot level 'nobody'" in capsys.readouterr().err


def test_the_terminal_game_takes_difficulties() -> None:
    args = build_parser().parse_args(["play", "--bots", "easy,expert", "--no-save", "--seed", "1"])
    session = build_session(args)
    assert isinstance(session, Session)
    assert session.levels == {1: "easy", 2: "expert"}
    assert type(session.bots[1]) is GreedyBot and type(session.bots[2]) is RolloutBot
    with pytest.raises(RulesError, match="levels are easy, medium"):
        Session.start(bots=["impossible"], seed=1)
    with pytest.raises(SystemExit):
        main(["play", "--help"])


def test_the_server_offers_and_makes_difficulties() -> None:
    pytest.importorskip("starlette")
    from rummykit.server.botrunner import BotRunner
    from rummykit.server.config import ServerConfig
    from rummykit.server.web import page_config

    runner = BotRunner(ServerConfig())
    assert runner.levels()[:4] == ["easy", "medium", "hard", "expert"]
    assert "heuristic" in runner.levels()
    seat = runner.make("expert", seed="s", name="Hana")
    assert type(seat.player) is RolloutBot and seat.level == "expert"
    assert page_config()["levels"] == list(LEVEL_NAMES)
