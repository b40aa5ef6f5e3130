"""Meld now or hold: the heuristic's discards when it holds its plan's melds, and the
search that weighs a planned meld against holding it (issue 10)."""

from __future__ import annotations

from collections.abc import Iterator

from rummykit import Discard, Game, LayOff, Meld, Phase, Rules
from rummykit.bots import HeuristicBot, MonteCarloBot
from rummykit.bots.heuristic import CERTAIN
from rummykit.bots.montecarlo import candidates
from rummykit.view import PlayerView


def play_views(preset: str, seeds: range, players: int = 2) -> Iterator[PlayerView]:
    """Every view of heuristic self-play in the first hands of ``seeds``."""
    for seed in seeds:
        game = Game(Rules.preset(preset), [f"P{i}" for i in range(players)], seed=seed)
        bots = [HeuristicBot(seed=i) for i in range(players)]
        hand = game.hand
        for _ in range(400):
            if hand.is_over:
                break
            v = game.view(game.to_act)
            yield v
            game.apply(bots[game.to_act].act(v), game.to_act)


def is_planned_meld(bot: HeuristicBot, v: PlayerView) -> bool:
    first, worth = bot.scored(v)[0]
    return worth >= CERTAIN and isinstance(first, (Meld, LayOff))


def test_held_scores_the_discards_as_the_heuristic_does_when_no_meld_is_due() -> None:
    bot = HeuristicBot(seed=3)
    planned = free = 0
    for v in play_views("500-rum", range(6)):
        held = bot.held(v)
        if v.phase is not Phase.PLAY or v.must_meld is not None:
            assert held == []
            continue
        assert held, "a play phase with no card to meld always has discards"
        assert all(isinstance(a, Discard) and a in v.legal_actions for a, _ in held)
        assert [w for _, w in held] == sorted((w for _, w in held), reverse=True)
        assert len(held) == len({a for a, _ in held})
        if is_planned_meld(bot, v):
            planned += 1
        else:
            free += 1
            first, worth = bot.scored(v)[0]
            if isinstance(first, Discard) and worth < CERTAIN / 2:
                assert held[0][1] == worth  # the same rating as when nothing is due
    assert planned > 10 and free > 10


def test_the_search_weighs_a_planned_meld_against_holding_it_only_when_asked() -> None:
    bot = HeuristicBot(seed=3)
    weighed = 0
    for v in play_views("remik-500", range(4)):
        plain = candidates(bot, v, 2, 30.0)
        both = candidates(bot, v, 2, 30.0, hold=True)
        if not is_planned_meld(bot, v):
            assert both == plain
            continue
        assert plain == bot.scored(v)[:1]
        held = bot.held(v)
        if held and held[0][1] < CERTAIN / 2:
            assert both == [plain[0], held[0]]
            weighed += 1
        else:  # the discard would go out: nothing to weigh
            assert both == plain
    assert weighed > 5


def test_a_search_that_may_hold_plays_legal_moves_and_sometimes_holds() -> None:
    """With playouts to the hand's end and no time limit, the search that may hold plays
    only legal moves; somewhere its playouts say holding is better and it holds."""
    held = 0
    for v in play_views("500-rum", range(3)):
        search = MonteCarloBot(
            seed=1, budget=16, time_limit=None, rollout="heuristic", turns=1000, hold=True
        )
        if v.phase is not Phase.PLAY or not is_planned_meld(search.heuristic, v):
            continue
        action = search.act(v)
        assert action in v.legal_actions
        if isinstance(action, Discard):
            held += 1
            break
    assert held > 0
