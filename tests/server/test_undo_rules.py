"""Undo refused once the turn has passed on without a discard (rules-decisions: undo at
an online table): checked on the log as the server keeps it."""

from __future__ import annotations

import pytest

from rummykit import Game, LayOff, Meld, Rules, Swap
from rummykit.bots import get_bot
from rummykit.server.storage import ActionRow
from rummykit.server.undo import UndoRefused, undo_point


def _played_until_a_meld_passes_the_turn() -> tuple[Game, list[ActionRow], int]:
    """Greedy bots in 500 Rum with floating going out, three players, until a meld or
    lay-off hands the turn on (the player went out floating)."""
    game = Game(Rules.preset("500-rum", going_out="floating"), ["A", "B", "C"], seed=1)
    bots = [get_bot("greedy", seed=i) for i in range(3)]
    log: list[ActionRow] = []
    for seq in range(1, 2000):
        seat, hand = game.to_act, game.hand.number
        action = bots[seat].act(game.view(seat))
        game.apply(action, seat)
        log.append(ActionRow(seq, "g", hand, seat, str(action), "player", {}))
        if isinstance(action, Meld | LayOff | Swap) and game.to_act not in (seat, -1):
            return game, log, seat
    pytest.fail("no meld handed the turn on")


def test_undo_turn_a_meld_that_went_out_floating_is_not_taken_back() -> None:
    game, log, seat = _played_until_a_meld_passes_the_turn()
    assert not game.view(seat).hand  # out, floating: the others play on
    with pytest.raises(UndoRefused) as refused:
        undo_point(game, log, seat)
    assert refused.value.rule == "undo.turn"
    assert game.players[game.to_act] in refused.value.message
