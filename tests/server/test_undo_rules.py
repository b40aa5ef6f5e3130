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


def test_undo_limit_a_turn_takes_back_at_most_thirty_plays() -> None:
    # found by a review: meld, undo, meld, undo ... went on without end, each undo a row
    # of the log (kept) and each undo's scan back over them longer
    from rummykit.server.undo import MAX_UNDOS_A_TURN, UNDO

    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    bots = [get_bot("greedy", seed=i) for i in range(2)]
    log: list[ActionRow] = []

    def play(seat: int, action: object) -> None:
        game.apply(action, seat)  # type: ignore[arg-type]
        log.append(ActionRow(len(log) + 1, "g", game.hand.number, seat, str(action), "player", {}))

    while True:  # to a turn where the player to act may meld
        seat = game.to_act
        melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
        if melds:
            break
        play(seat, bots[seat].act(game.view(seat)))
    for _ in range(MAX_UNDOS_A_TURN):
        play(seat, melds[0])
        last = undo_point(game, log, seat)
        game.rewind(1)
        log.remove(last)
        undone = {"undone": last.seq, "action": last.action}
        log.append(ActionRow(len(log) + 1, "g", game.hand.number, seat, UNDO, "player", undone))
    play(seat, melds[0])
    with pytest.raises(UndoRefused) as refused:
        undo_point(game, log, seat)
    assert refused.value.rule == "undo.limit"
    assert refused.value.message == "you have taken back 30 plays this turn: play on"


def test_undo_limit_counts_the_undos_of_the_turn_in_progress_only() -> None:
    from rummykit.server.undo import UNDO, _undos_this_turn

    def row(seq: int, seat: int, action: str) -> ActionRow:
        return ActionRow(seq, "g", 1, seat, action, "player", {})

    texts = ["draw", UNDO, UNDO, "discard 7H", "draw", "discard 8C", "take 1", UNDO]
    seats = [0, 0, 0, 0, 1, 1, 0, 0]
    log = [row(i + 1, s, a) for i, (s, a) in enumerate(zip(seats, texts, strict=True))]
    assert _undos_this_turn(log, 0) == 1  # the last turn's two are not counted
    assert _undos_this_turn(log[:3], 0) == 2
