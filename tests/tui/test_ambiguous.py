"""A command that could mean several legal actions is refused with AmbiguousAction,
which lists them, instead of a notation error."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input

from rummykit import AmbiguousAction, CallRummy, Game, PlayerView, Rules
from rummykit.tui.app import CommandInput, PlayApp
from rummykit.tui.commands import parse_command
from rummykit.tui.screens import RummyOffer
from rummykit.tui.session import Session


def game_with_several_calls() -> Game:
    for seed in range(200):
        game = Game(Rules.preset("500-rum", rummy_call="pile"), ["A", "B", "C"], seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            actions = game.legal_actions()
            if sum(isinstance(a, CallRummy) for a in actions) >= 2:
                return game
            game.apply(rng.choice(actions))
    raise AssertionError("no position with two possible calls")


def view_with_several_calls() -> PlayerView:
    game = game_with_several_calls()
    return game.view(game.to_act)


def test_rummy_alone_with_several_calls_lists_them() -> None:
    view = view_with_several_calls()
    calls = tuple(a for a in view.legal_actions if isinstance(a, CallRummy))
    with pytest.raises(AmbiguousAction) as e:
        parse_command("rummy", view)
    assert e.value.rule == "action.ambiguous"
    assert e.value.candidates == calls
    assert all(str(c) in e.value.message for c in calls)


def message(app: PlayApp) -> str:
    return str(app.query_one("#message").render())


@pytest.mark.asyncio
async def test_rummy_alone_with_several_calls_is_refused_on_screen() -> None:
    """At the prompt, and as the answer to the offer: the refusal shows, the game goes on."""
    game = game_with_several_calls()
    seat = game.to_act
    session = Session(game, seat, {s: "random" for s in range(3) if s != seat})
    record = session.record()
    app = PlayApp(session, delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RummyOffer)
        box = app.query_one(CommandInput)
        box.post_message(Input.Submitted(box, "rummy"))  # typed under the offer
        await pilot.pause()
        assert "✗ [action.ambiguous] several calls are possible: rummy" in message(app)
        app.screen.dismiss("rummy")  # the offer answered with the bare word
        await pilot.pause()
        assert "✗ [action.ambiguous]" in message(app)
        assert isinstance(app.screen, RummyOffer)  # offered again
        app.exit()
    assert app.crash is None and session.record() == record
