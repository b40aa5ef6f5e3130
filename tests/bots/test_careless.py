"""The careless heuristic (``careless-N``): the lower difficulties where only going out
counts. Its mistakes are drawn at random, worse moves less often; the moves that keep a
hand going to its end are never missed."""

from __future__ import annotations

import pytest

from rummykit import Game, Rules
from rummykit.actions import Discard, Take
from rummykit.bots import CarelessBot, GreedyBot, HeuristicBot
from rummykit.bots.heuristic import CERTAIN
from rummykit.players import play


def _moves(game: Game) -> tuple[list[object], list[int]]:
    return [list(h.history) for h in game.hands], list(game.totals)


@pytest.mark.parametrize("temperature", [-1.0, float("nan")])
def test_a_careless_bot_refuses_a_temperature_below_zero(temperature: float) -> None:
    with pytest.raises(ValueError, match="temperature must be 0 or more"):
        CarelessBot(temperature=temperature)


@pytest.mark.parametrize(("players", "seed"), [(2, 8), (4, 14)])
def test_at_temperature_0_a_careless_bot_is_the_heuristic(players: int, seed: int) -> None:
    """Move for move, its own random choices too: at 4 players, seed 14, the hand goes
    round in circles and the heuristic steps off at random."""
    rules = Rules.preset("rummy", target=30)
    names = [f"P{i}" for i in range(players)]
    games = [
        play(
            Game(rules, names, seed=seed), [bot, *(HeuristicBot(seed=i) for i in range(1, players))]
        )
        for bot in (CarelessBot(seed=seed, temperature=0.0), HeuristicBot(seed=seed))
    ]
    assert _moves(games[0]) == _moves(games[1])
    hot = play(
        Game(rules, names, seed=seed),
        [
            CarelessBot(seed=seed, temperature=8.0),
            *(HeuristicBot(seed=i) for i in range(1, players)),
        ],
    )
    assert _moves(hot) != _moves(games[0])


def test_a_careless_bot_steps_off_a_cycle_as_the_heuristic_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the heuristic puts a worse move first to leave a cycle, that move is played,
    however hot the bot: weighing it against the move it steps away from would go round
    again."""
    game = Game(Rules.preset("rummy"), ["Ana", "Ben"], seed=3)
    while game.view(game.to_act).phase.value != "play":
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_act)
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    stepped, best = discards[0], discards[1]
    monkeypatch.setattr(
        HeuristicBot, "scored", lambda self, v: [(stepped, 1.0), (best, 40.0), (discards[2], 2.0)]
    )
    for seed in range(20):
        assert CarelessBot(seed=seed, temperature=1000.0).act(view) == stepped


@pytest.mark.parametrize("preset", ["rummy", "wrotham"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_careless_bot_never_misses_a_sure_move_and_errs_elsewhere(
    preset: str, players: int
) -> None:
    """However hot: the plan's melds and lay-offs, the discard that goes out and the pile
    card the heuristic takes are the heuristic's; other moves differ from it often."""
    names = [f"P{i}" for i in range(players)]
    game = Game(Rules.preset(preset), names, seed=21)
    careless = CarelessBot(seed=4, temperature=1000.0)
    heuristic = HeuristicBot(seed=4)
    bots = [careless, *(GreedyBot(seed=i) for i in range(1, players))]
    sure = differed = discards = 0
    for _ in range(600):
        if game.over:
            break
        seat = game.to_act
        view = game.view(seat)
        action = bots[seat].act(view)
        if seat == 0 and len(view.legal_actions) > 1:
            best, worth = heuristic.scored(view)[0]
            if worth >= CERTAIN / 2 or isinstance(best, Take):
                sure += 1
                assert action == best
            elif isinstance(action, Discard):
                discards += 1
                differed += action != best
        game.apply(action, seat)
    assert sure > 0 and discards > 10
    assert differed > discards / 3  # at this heat, most discards are the heuristic's by chance only
