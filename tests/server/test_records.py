"""The log is a record: a game's rows (deals as dealt, every action, passes and
reshuffles included) replay through load_game to the very same game, at any point."""

from __future__ import annotations

import random

import pytest

from rummykit import Game, Pass, Rules, write_record
from rummykit.server.records import event_for, hand_row, rebuild, record_of
from rummykit.server.storage import ActionRow, GameRow
from rummykit.wire import event_to_json, view_to_json


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("500-rum", {"target": 200}),
        ("500-rum", {"target": 200, "stock_exhausted": "reshuffle"}),
        ("rummy", {}),
    ],
)
def test_the_rows_of_a_game_replay_to_the_same_game(
    preset: str, options: dict[str, object]
) -> None:
    passes = reshuffles = public = 0
    for seed in range(4):
        rng = random.Random(seed)
        names = ["Ana", "Ben", "Cleo"]
        game = Game(Rules.preset(preset, **options), names, seed=seed)
        row = GameRow("g", "t", 1, preset, options, names, seed, 0)
        hands, log = [hand_row(game)], []
        seq = 0
        while not game.over and seq < 600:
            seat = game.to_act
            action = rng.choice(game.legal_actions())
            passes += isinstance(action, Pass)
            event = game.apply(action, seat)
            seq += 1
            order = event.stock_order
            reshuffles += order is not None
            public += event.drawn_public
            logged = ActionRow(
                seq, "g", event.hand, seat, str(action), "bot", event_to_json(event, seat),
                None if order is None else [str(c) for c in order],
            )  # fmt: skip
            log.append(logged)
            for other in (None, 0, 1, 2):
                assert event_for(logged, other) == event_to_json(event, other)
            if event.next_hand is not None:
                hands.append(hand_row(game))
            if seq % 97 == 0 or game.over:
                again = rebuild(row, hands, log)
                assert write_record(again) == write_record(game)
                for s in (None, 0, 1, 2):
                    assert view_to_json(again.view(s)) == view_to_json(game.view(s))
        assert record_of(row, hands, log)["seed"] == seed
    if preset == "500-rum":  # Rummy calls on the pile: declined ones are passes
        assert passes > 0
    if preset == "rummy":  # the pile turned over: what is drawn from it, everybody sees
        assert public > 0
    if options.get("stock_exhausted") == "reshuffle":
        assert reshuffles > 0
