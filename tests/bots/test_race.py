"""The race to the target (rummykit.bots.race): a hand's result as chances of winning."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from importlib import resources
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Game, Rules
from rummykit.bots import MonteCarloBot, RolloutBot, get_bot
from rummykit.bots.race import Race, hand_sample, winners
from rummykit.players import Driver
from rummykit.rules import PRESETS

RUM = Rules.preset("500-rum")
RUMMY = Rules.preset("rummy")


def test_the_shipped_sample_covers_every_preset_and_is_reproduced_by_its_script(
    bench_scripts: Callable[[str], ModuleType],
) -> None:
    text = resources.files("rummykit.bots").joinpath("hand_scores.json").read_text("utf-8")
    hands = json.loads(text)["hands"]
    for name, rules in PRESETS.items():
        for n in range(rules.min_players, min(4, rules.max_players) + 1):
            rows = hands[name][str(n)]
            assert len(rows) == 240 and all(len(r) == n for r in rows)
    # the script deals the same games again: its first hands are the file's
    again = bench_scripts("race_hands").sample("rummy", 3, 6)
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
    assert last.paths[0] == []  # no deal after this one
    assert last.chances([30, 0, 0]) == [1.0, 0.0, 0.0]  # 50 against 35 and 10
    assert last.chances([0, 0, 0]) == [0.0, 1.0, 0.0]
    earlier = Race(wrotham, (20, 35, 10), hands_done=2, rng=random.Random(4))
    assert all(len(p) == 3 for p in earlier.paths)  # deals 4, 5 and 6 are still to come
    assert 0.0 < earlier.value([0, 0, 0], 0) < earlier.value([0, 0, 0], 1) < 1.0


def test_race_of_a_view_counts_the_hands_already_played() -> None:
    game = Game(Rules.preset("wrotham"), ["Ana", "Ben", "Cy"], seed=3)
    race = Race.of(game.view(0), random.Random(1))
    assert (race.hands_done, race.totals) == (0, (0, 0, 0))
    assert all(len(p) == 5 for p in race.paths)  # the first of six deals


def test_penalty_scoring_the_lowest_total_wins() -> None:
    penalty = Rules.preset("rummy", scoring="penalty")
    race = Race(penalty, (90, 40), hands_done=5, rng=random.Random(5))
    assert race.chances([15, 0]) == [0.0, 1.0]  # 105 ends it, and 40 is lowest
    # each sampled hand: the winner scores 0, the others share what it took in rummy
    taken = hand_sample(RUMMY, 3)
    for won, row in zip(taken, hand_sample(penalty, 3), strict=True):
        if max(won) > 0:
            winner = won.index(max(won))
            assert row[winner] == 0
            assert [x for i, x in enumerate(row) if i != winner] == [round(max(won) / 2)] * 2
    going_on = race.chances([0, 0])
    assert going_on[1] > going_on[0]


def test_must_go_out_to_win_needs_the_player_out_at_the_target() -> None:
    rules = Rules.preset("500-rum", must_go_out_to_win=True)
    assert winners(rules, (510, 520), 5, out=0) == (0,)
    assert winners(rules, (510, 520), 5, out=1) == (1,)
    assert winners(rules, (510, 480), 5, out=1) == ()  # the one out is short
    race = Race(rules, (480, 470), hands_done=5, rng=random.Random(7))
    assert race.chances([25, 40], out=0) == [1.0, 0.0]  # 505 and out wins over 510
    assert race.chances([25, 40], out=1) == [0.0, 1.0]
    going_on = race.chances([25, 40], out=None)  # the stock ran out: the game goes on
    assert 0.0 < going_on[0] < 1.0


def test_six_players_future_hands_have_one_winner_each() -> None:
    # rummy is sampled up to 4 players: the other seats lose as other hands' losers do
    # (a few sampled 4-player hands are shared wins of a point or two)
    race = Race(RUMMY, (0,) * 6, hands_done=0, rng=random.Random(8), paths=50)
    hands = shared = 0
    for path in race.paths:
        previous = (0.0,) * 6
        for run in path:
            gains = [r - p for r, p in zip(run, previous, strict=True)]
            hands += 1
            shared += sum(1 for g in gains if g > 0) > 1
            previous = run
    assert hands > 100 and shared / hands < 0.05
    assert abs(sum(race.chances([0] * 6)) - 1.0) < 1e-9


def test_hand_sample_custom_rules() -> None:
    custom = Rules.preset("500-rum", target=300)  # same scoring: the preset's hands
    assert hand_sample(custom, 2) == hand_sample(RUM, 2)
    melded = Rules.preset("rummy", scoring="melded-minus-hand")  # scores as 500-rum does
    assert hand_sample(melded, 3) == hand_sample(RUM, 3)


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


def test_rollout_with_the_race_scores_its_playouts_by_chances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[float] = []
    value = Race.value

    def spy(self: Race, scores: Sequence[float], seat: int, out: int | None = None) -> float:
        v = value(self, scores, seat, out)
        seen.append(v)
        return v

    monkeypatch.setattr(Race, "value", spy)
    game = Game(RUM, ["Ana", "Ben"], seed=11)
    game.totals[:] = [460, 430]  # the last hand, most likely
    bot = RolloutBot(seed=1, budget=6, race=True)
    bot.time_limit = None  # decided by its budget, not the machine's speed
    for _ in range(8):
        view = game.view(game.to_act)
        action = bot.act(view)
        assert action in game.legal_actions()
        game.apply(action)
    assert seen and all(0.0 <= v <= 1.0 for v in seen)
    assert len({id(bot._race)}) == 1 and bot._race is not None  # one race for the hand


def test_race_and_prior_are_not_mixed() -> None:
    with pytest.raises(ValueError, match="race"):
        MonteCarloBot(race=True, prior=1.0)


@pytest.mark.parametrize(
    "rules",
    [
        RUM,
        RUMMY,
        Rules.preset("wrotham"),
        Rules.preset("remik-single"),
        Rules.preset("500-rum", must_go_out_to_win=True, target=200),
        Rules.preset("rummy", scoring="penalty"),
    ],
    ids=lambda r: r.name,
)
def test_game_target_winners_agree_with_the_engine_hand_by_hand(rules: Rules) -> None:
    # race.winners restates when Game ends a game: it must end the same games, after the
    # same hands, with the same winners (a tie it counts as shared is the only liberty)
    for g in range(3):
        game = Game(rules, ["A", "B", "C"], seed=f"race-winners/{g}")
        bots = [get_bot("greedy", seed=f"{g}/{i}") for i in range(3)]
        Driver(game, bots, max_hand_actions=3000, max_hands=60).run()
        assert game.over
        totals = [0, 0, 0]
        for k, result in enumerate(game.results):
            totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
            won = winners(rules, totals, k + 1, result.out)
            if k < len(game.results) - 1:
                assert len(won) != 1, f"game {g} goes on after hand {k + 1}"
            else:
                assert won == game.winners or (len(won) > 1 and not game.winners)
