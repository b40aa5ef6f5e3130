"""The playout policy (greedy rules, or smart: deep takes, safe discards) and how far
the search bots play out."""

from __future__ import annotations

import random
import time

import pytest

from rummykit import Action, Card, Discard, Game, PlayerView, Rules, Take
from rummykit.bots import HeuristicBot, MonteCarloBot, RolloutBot
from rummykit.bots.evaluate import Values
from rummykit.bots.policy import PolicyBot, playout, policy_action

from .table import TH_LIES_ON_THE_TABLE, lay_off_danger, position, view

SEVEN = Rules.preset("500-rum", hand_size=7)


def test_smart_policy_takes_deep_when_the_target_melds() -> None:
    # the pile is 8C KD 5S (top): 8C melds with 8D 8H; greedy only looks at the top
    hand = position(
        SEVEN,
        ["8D 8H 2S 4C 6C JD QH", "3C 4D 9S TC QD AH 9C"],
        upcard="8C",
        stock="KD 5S",
        dealer=1,
        actions=[(0, "draw"), (0, "discard KD"), (1, "draw"), (1, "discard 5S")],
    )
    assert [str(Card(c)) for c in hand.pile] == ["8C", "KD", "5S"]
    values = Values(SEVEN)
    assert policy_action(hand.clone(), values, random.Random(0), smart=True) == Take(count=3)
    assert policy_action(hand.clone(), values, random.Random(0), smart=False) != Take(count=3)


def test_smart_policy_does_not_discard_what_lies_on_the_table() -> None:
    # P1 melded 7H 8H 9H; TH lies on it. Greedy throws its worst card (TH is as bad as
    # KC by value and links); smart keeps TH off the pile.
    rules = TH_LIES_ON_THE_TABLE
    hand = lay_off_danger()
    values = Values(rules)
    action = policy_action(hand.clone(), values, random.Random(0), smart=True)
    assert isinstance(action, Discard) and str(action.card) != "TH"


@pytest.mark.parametrize("smart", [False, True])
def test_policy_bot_plays_legal_actions(smart: bool) -> None:
    game = Game(Rules.preset("remik-500"), ["A", "B", "C"], seed=4)
    bots = [PolicyBot(seed=i, smart=smart) for i in range(3)]
    while not game.results:
        v = game.view(game.to_act)
        action = bots[game.to_act].act(v)
        assert action in v.legal_actions
        game.apply(action, game.to_act)


def test_playout_counts_turn_ends() -> None:
    values = Values(Rules.preset("500-rum"))
    game = Game(Rules.preset("500-rum"), ["A", "B", "C", "D"], seed=3)
    start = game.hand.clone()
    short = start.clone()
    playout(short, values, random.Random(1), 2)
    full = start.clone()
    playout(full, values, random.Random(1), 1000, discards_only=True)
    assert len(short.history) < len(full.history)
    assert full.is_over or len(full.history) >= 400


def test_montecarlo_plays_out_further_at_more_than_two_players() -> None:
    two = Game(Rules.preset("500-rum"), ["A", "B"], seed=5)
    four = Game(Rules.preset("500-rum"), ["A", "B", "C", "D"], seed=5)
    for game, turns in ((two, 6), (four, 1000)):
        v = view(game.hand)
        # no time limit: on a busy machine the limit would cut one search short
        auto = MonteCarloBot(seed=2, budget=16, time_limit=None).act(v)
        fixed = MonteCarloBot(seed=2, budget=16, turns=turns, time_limit=None).act(v)
        assert auto == fixed


def test_montecarlo_can_be_held_to_the_heuristic_first_choice() -> None:
    """With a prior or a confidence bar too high for any playouts to overcome, the
    search plays the heuristic's first candidate; without, it plays its own best."""
    from rummykit.bots.montecarlo import candidates

    chosen: set[bool] = set()
    for seed in range(12):
        game = Game(Rules.preset("500-rum"), ["A", "B"], seed=seed)
        bot = MonteCarloBot(seed=1, budget=40, time_limit=None)
        v = view(game.hand)
        cands = candidates(bot.heuristic, v, bot.width, bot.margin)
        if len(cands) < 2:
            continue
        first = cands[0][0]
        held = MonteCarloBot(seed=1, budget=40, time_limit=None, confidence=1e9)
        weighed = MonteCarloBot(seed=1, budget=40, time_limit=None, prior=1e9)
        assert held.act(v) == first and weighed.act(v) == first
        chosen.add(bot.act(v) == first)
    assert False in chosen  # the unrestrained search did overrule the heuristic somewhere


def test_montecarlo_searches_only_the_phases_it_is_given() -> None:
    """``phases``: outside them the heuristic's first choice is played without a search
    (a search that runs would take its playouts' time; none is measured here: the choice
    must be the heuristic's own); inside them the search still overrules it somewhere."""
    from rummykit import Phase

    draw_only = MonteCarloBot(seed=1, budget=40, time_limit=None, phases=frozenset({Phase.DRAW}))
    free = MonteCarloBot(seed=1, budget=40, time_limit=None)
    overruled = False
    plays = 0
    for seed in range(6):
        game = Game(Rules.preset("500-rum"), ["A", "B"], seed=seed)
        bots = [HeuristicBot(seed=s) for s in range(2)]
        for _ in range(30):  # the first turns of a hand
            if game.results:
                break
            v = game.view(game.to_act)
            chosen = draw_only.act(v)
            if v.phase is not Phase.DRAW:
                plays += 1
                assert chosen == draw_only.heuristic.choose(v)
            elif chosen != draw_only.heuristic.choose(v):
                overruled = True
                assert chosen == free.act(v)  # the same search where it searches
            game.apply(bots[game.to_act].act(v), game.to_act)
    assert plays > 20 and overruled


def test_montecarlo_proposes_the_candidates_of_the_heuristic_it_is_given() -> None:
    measured = MonteCarloBot(seed=1, dead_share=None)
    assert measured.heuristic.dead_share is None
    assert MonteCarloBot(seed=1).heuristic.dead_share == HeuristicBot(seed=1).dead_share


def test_heuristic_playout_plays_the_hand_as_the_heuristic_does() -> None:
    """A playout by the heuristic to the hand's end takes the actions heuristic bots take
    in the real game, and scores the hand as the game does."""
    from rummykit.bots.rollout import heuristic_playout

    rules = Rules.preset("500-rum")
    values = Values(rules)
    game = Game(rules, ["A", "B"], seed=11)
    real = game.hand
    h = real.clone()
    scores = heuristic_playout(h, values, HeuristicBot(seed=0), 1000)
    bots = [HeuristicBot(seed=s) for s in range(2)]
    while not game.results:
        game.apply(bots[game.to_act].act(game.view(game.to_act)), game.to_act)
    assert h.is_over and len(h.history) > 10
    assert h.history == real.history
    assert scores == [float(s) for s in game.results[0].scores]


def test_heuristic_playout_stops_after_the_turn_ends_it_is_given() -> None:
    from rummykit.bots.rollout import heuristic_playout

    values = Values(SEVEN)
    game = Game(SEVEN, ["A", "B", "C"], seed=2)
    short = game.hand.clone()
    heuristic_playout(short, values, HeuristicBot(), 3, discards_only=True)
    assert sum(isinstance(a, Discard) for _, a in short.history) == 3


def test_heuristic_playout_stops_unfinished_at_its_deadline() -> None:
    from rummykit.bots.rollout import heuristic_playout

    values = Values(SEVEN)
    game = Game(SEVEN, ["A", "B", "C"], seed=2)
    late = game.hand.clone()
    passed = time.perf_counter() - 1.0
    assert heuristic_playout(late, values, HeuristicBot(), 1000, deadline=passed) is None
    assert late.history == game.hand.history  # stopped before its first action
    whole = game.hand.clone()
    later = time.perf_counter() + 3600.0
    assert heuristic_playout(whole, values, HeuristicBot(), 1000, deadline=later) is not None
    assert whole.is_over


def test_heuristic_playout_begins_no_decision_that_would_end_past_its_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by a review: with a pile of 40 cards one heuristic decision can take half a
    # second, and the playout looked at the time every 8 decisions, so a decision of
    # the top level ran to 1.5 s. Each decision here takes 0.3 s of a clock of the test's.
    from rummykit.bots import rollout

    clock = [0.0]

    class Slow(HeuristicBot):
        def choose(self, view: PlayerView) -> Action:
            clock[0] += 0.3
            return super().choose(view)

    monkeypatch.setattr(rollout.time, "perf_counter", lambda: clock[0])
    values = Values(SEVEN)
    game = Game(SEVEN, ["A", "B", "C"], seed=2)
    h = game.hand.clone()
    assert rollout.heuristic_playout(h, values, Slow(), 1000, deadline=1.0) is None
    assert len(h.history) == len(game.hand.history) + 3 and clock[0] == pytest.approx(0.9)
    # the next playout of the same search knows how long a decision takes: none fits
    pace = rollout.Pace()
    pace.longest = 0.3
    clock[0] = 0.8
    again = game.hand.clone()
    assert rollout.heuristic_playout(again, values, Slow(), 1000, deadline=1.0, pace=pace) is None
    assert again.history == game.hand.history


def test_rollout_with_no_time_left_plays_the_heuristic_choice() -> None:
    # not even one round of playouts fits: the search has nothing to overrule with
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=5)
    bots = [RolloutBot(seed=1), HeuristicBot(seed=1)]
    bots[0].time_limit = 0.0
    for _ in range(30):
        v = game.view(game.to_act)
        if game.to_act == 0:
            assert bots[0].choose(v) == bots[0].heuristic.choose(v)
        game.apply(bots[game.to_act].act(v), game.to_act)


def test_montecarlo_with_heuristic_playouts_plays_legal_moves() -> None:
    game = Game(SEVEN, ["A", "B"], seed=8)
    bot = MonteCarloBot(seed=1, budget=6, rollout="heuristic", turns=4)
    for _ in range(12):
        v = game.view(game.to_act)
        action = bot.act(v)
        assert action in v.legal_actions
        game.apply(action, game.to_act)


def test_montecarlo_refuses_an_unknown_rollout() -> None:
    with pytest.raises(ValueError, match="rollout"):
        MonteCarloBot(rollout="greedy")


@pytest.mark.parametrize("scoring", ["winner-takes", "penalty"])
def test_score_penalty_searches_count_fewer_points_as_better(scoring: str) -> None:
    # [score.penalty]: the players who did not go out score their hand as penalty points.
    # A search's reward is more-is-better either way, and its estimate of a hand cut off
    # before its end is on the hand's own scale: winner-takes scores go up with a win,
    # penalty points up with the cards left over.
    from rummykit.bots.montecarlo import reward
    from rummykit.bots.policy import position_value

    rules = Rules.preset("rummy", scoring=scoring)
    low_wins = scoring == "penalty"
    assert Values(rules).low_wins is low_wins
    went_out = [25.0, 0.0] if not low_wins else [0.0, 25.0]  # seat 0 went out
    assert reward(went_out, 0, low_wins) == 25.0 and reward(went_out, 1, low_wins) == -25.0
    game = Game(rules, ["a", "b"], seed=3)
    estimate = position_value(game.hand, Values(rules))
    assert all(e > 0 for e in estimate) if low_wins else all(e < 0 for e in estimate)
