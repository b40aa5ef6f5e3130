"""The race to the target (rummykit.bots.race): a hand's result as chances of winning."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Rules
from rummykit.bots import RolloutBot
from rummykit.bots.race import Race, hand_sample, winners
from rummykit.rules import PRESETS

RUM = Rules.preset("500-rum")
RUMMY = Rules.preset("rummy")


def _race_hands() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "race_hands.py"
    spec = importlib.util.spec_from_file_location("race_hands", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["race_hands"] = module
    spec.loader.exec_module(module)
    return module


def test_the_shipped_sample_covers_every_preset_and_is_reproduced_by_its_script() -> None:
    text = resources.files("rummykit.bots").joinpath("hand_scores.json").read_text("utf-8")
    hands = json.loads(text)["hands"]
    for name, rules in PRESETS.items():
        for n in range(rules.min_players, min(4, rules.max_players) + 1):
            rows = hands[name][str(n)]
            assert len(rows) == 240 and all(len(r) == n for r in rows)
    # the script deals the same games again: its first hands are the file's
    again = _race_hands().sample("rummy", 3, 6)
    assert again == hands["rummy"]["3"][:6]


def test_game_target_a_result_that_ends_the_game_is_won_or_lost_outright() -> None:
    race = Race(RUM, (480, 300), hands_done=4, rng=random.Random(1))
    assert race.chances([30, 100]) == [1.0, 0.0]  # 510 against 400
    assert race.chances([30, 250]) == [0.0, 1.0]  # 510 against 550
    assert race.chances([30, 210]) == [0.5, 0.5]  # 510 each: counted as shared


def test_game_target_a_lead_near_the_target_is_worth_more_than_the_same_lead_early() -> None:
    early = Race(RUM, (80, 0), hands_done=1, rng=random.Random(2)).value([0, 0], 0)
    late = Race(RUM, (480, 400), hands_done=6, rng=random.Random(2)).value([0, 0], 0)
    assert 0.5 < early < late < 1.0


def test_a_points_gain_counts_for_less_when_the_game_is_already_decided() -> None:
    # far behind with the other at the target's door, 40 more points change little;
    # level, they change a lot
    behind = Race(RUM, (200, 490), hands_done=5, rng=random.Random(3))
    level = Race(RUM, (200, 200), hands_done=2, rng=random.Random(3))
    gain_behind = behind.value([60, 20], 0) - behind.value([20, 20], 0)
    gain_level = level.value([60, 20], 0) - level.value([20, 20], 0)
    assert gain_behind < gain_level


def test_game_deals_the_last_deal_decides_whatever_the_target() -> None:
    wrotham = Rules.preset("wrotham")  # six deals, the most points wins
    last = Race(wrotham, (20, 35, 10), hands_done=5, rng=random.Random(4))
    assert last.chances([30, 0, 0]) == [1.0, 0.0, 0.0]  # 50 against 35 and 10
    assert last.chances([0, 0, 0]) == [0.0, 1.0, 0.0]
    earlier = Race(wrotham, (20, 35, 10), hands_done=2, rng=random.Random(4))
    assert 0.0 < earlier.value([0, 0, 0], 0) < earlier.value([0, 0, 0], 1) < 1.0


def test_penalty_scoring_the_lowest_total_wins() -> None:
    penalty = Rules.preset("rummy", scoring="penalty")
    race = Race(penalty, (90, 40), hands_done=5, rng=random.Random(5))
    assert race.chances([15, 0]) == [0.0, 1.0]  # 105 ends it, and 40 is lowest
    # every sampled hand gives the winner 0 and the others what it took
    assert all(min(row) == 0 for row in hand_sample(penalty, 3))
    going_on = race.chances([0, 0])
    assert going_on[1] > going_on[0]


def test_must_go_out_to_win_needs_the_player_out_at_the_target() -> None:
    rules = Rules.preset("500-rum", must_go_out_to_win=True)
    assert winners(rules, (510, 520), 5, out=0) == (0,)
    assert winners(rules, (510, 520), 5, out=1) == (1,)
    assert winners(rules, (510, 480), 5, out=1) == ()  # the one out is short


def test_hand_sample_other_table_sizes_and_custom_rules() -> None:
    six = hand_sample(RUMMY, 6)  # sampled up to 4 players: seats repeated
    assert len(six) == 240 and all(len(r) == 6 for r in six)
    custom = Rules.preset("500-rum", target=300)  # same scoring: the preset's hands
    assert hand_sample(custom, 2) == hand_sample(RUM, 2)


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(["500-rum", "rummy", "remik-500"]),
    totals=st.lists(st.integers(-100, 520), min_size=2, max_size=4),
    scores=st.lists(st.integers(-120, 200), min_size=4, max_size=4),
    seat=st.integers(0, 3),
    more=st.integers(1, 80),
)
def test_chances_are_a_distribution_and_more_points_never_hurt(
    preset: str, totals: list[int], scores: list[int], seat: int, more: int
) -> None:
    rules = Rules.preset(preset)
    n = len(totals)
    scores, seat = scores[:n], seat % n
    race = Race(rules, totals, hands_done=3, rng=random.Random(6), paths=64)
    chances = race.chances(scores)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert abs(sum(chances) - 1.0) < 1e-9
    better = list(scores)
    better[seat] += more
    assert race.value(better, seat) >= chances[seat]


def test_rollout_with_the_race_plays_a_legal_move_near_the_end() -> None:
    game = Game(RUM, ["Ana", "Ben"], seed=11)
    game.totals[:] = [460, 430]  # the last hand, most likely
    bot = RolloutBot(seed=1, budget=6, race=True)
    bot.time_limit = None  # decided by its budget, not the machine's speed
    for _ in range(6):
        view = game.view(game.to_act)
        action = bot.act(view)
        assert action in game.legal_actions()
        game.apply(action)
