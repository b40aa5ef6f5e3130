"""The variants script (benchmarks/bot_variants.py): variants, a level as an earlier
commit had it (``LEVEL@COMMIT``), and a paired measurement from the command line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from rummykit import Game, Rules
from rummykit.bots import LEVELS, HeuristicBot, get_bot


@pytest.fixture
def variants(bench_scripts: Callable[[str], ModuleType]) -> ModuleType:
    return bench_scripts("bot_variants")


IN_A_CLONE = (Path(__file__).resolve().parents[2] / ".git").exists()


@pytest.mark.skipif(not IN_A_CLONE, reason="reads a commit: needs rummykit's git history")
def test_a_level_as_a_commit_had_it_is_its_own_class(variants: ModuleType) -> None:
    variants.earlier("heuristic@HEAD")
    bot = get_bot("heuristic@HEAD", seed=1)
    kind = type(bot)
    assert kind.__module__ == "rummykit.bots.heuristic@HEAD" and kind is not HeuristicBot
    assert kind.__name__ == "HeuristicBot"
    game = Game(Rules.preset("500-rum"), ["a", "b"], seed=2)
    assert bot.choose(game.view(game.to_act)) in game.legal_actions()
    variants.earlier("careless-5@HEAD")  # a level made by functools.partial keeps its settings
    careless = get_bot("careless-5@HEAD", seed=1)
    assert type(careless).__module__ == "rummykit.bots.careless@HEAD"
    assert careless.temperature == 5


@pytest.mark.parametrize(
    ("name", "message"),
    [("heuristic@no-such-commit", "git cannot show"), ("nothing@HEAD", "no level 'nothing'")],
)
def test_a_level_git_cannot_show_is_refused_by_name(
    variants: ModuleType, name: str, message: str
) -> None:
    with pytest.raises(SystemExit, match=message):
        variants.earlier(name)
    assert name not in LEVELS


def test_a_paired_measurement_from_the_command_line(
    variants: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["greedy", "random", "--deals", "4", "--first-look", "2", "--json", "--quiet"]
    assert variants.main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["first"], doc["second"], doc["deals"]) == ("greedy", "random", 4)


def test_games_are_saved_and_a_second_run_resumes_them(
    variants: ModuleType, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["greedy", "random", "--games", "4", "--log", str(tmp_path), "--json", "--quiet"]
    assert variants.main(args) == 0
    whole = json.loads(capsys.readouterr().out)
    (log,) = tmp_path.iterdir()
    log.write_text("".join(ln + "\n" for ln in log.read_text().splitlines()[:2]))
    assert variants.main(args) == 0  # plays games 2 and 3 only, and keeps 0 and 1
    again = json.loads(capsys.readouterr().out)
    assert sorted(json.loads(ln)["index"] for ln in log.read_text().splitlines()) == [0, 1, 2, 3]
    assert again["bots"]["greedy"]["wins"] == whole["bots"]["greedy"]["wins"]
