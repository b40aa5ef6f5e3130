"""No view or event holds a hidden card: dealt otherwise where a seat cannot see, every
position gives that seat (and a spectator) the same view, and the same next action the
same event, in every rule set of :data:`tests.hidden_worlds.CONFIGS`.

Stronger than naming the cards a view holds (tests/test_properties.py): a view that told
anything of a hidden card (how many of a rank an opponent holds, a legal action only a
hidden card allows, a card left in the stock) would differ between the two deals.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Draw, Game
from rummykit.errors import RummyError
from rummykit.wire import event_to_json, view_to_json
from tests.hidden_worlds import CONFIGS, other_world, positions
from tests.test_properties import scaled

IDS = [
    f"{preset}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'preset'}"
    for preset, n, o in CONFIGS
]


def _with_hand(game: Game, seat: int | None, rng: Any) -> Game:
    world = game.clone()
    world.hands[-1] = other_world(game.hand, seat, rng)
    return world


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS, ids=IDS)
@settings(max_examples=scaled(3), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_seat_is_shown_nothing_of_the_cards_hidden_from_it(
    preset: str, players: int, options: dict[str, Any], seed: int
) -> None:
    checked = 0
    for game, rng in positions(preset, players, options, seed):
        actor = game.to_act
        action = rng.choice(game.view(actor).legal_actions)
        for seat in [None, *range(players)]:
            world = _with_hand(game, seat, rng)
            where = f"{preset} {players}p {options} seed {seed}, seat {seat}"
            assert view_to_json(world.view(seat)) == view_to_json(game.view(seat)), where
            if seat is not None:
                assert world.facts(seat) == game.facts(seat), where
            if seat == actor and isinstance(action, Draw):
                continue  # the drawer sees the card it draws
            here = game.clone()
            event = here.apply(action, actor)
            try:
                other = world.apply(action, actor)
            except RummyError:
                continue  # (a spectator's or another seat's world: the actor's cards differ)
            if event.result is not None:
                continue  # the hand's end shows every hand
            assert event_to_json(other, seat) == event_to_json(event, seat), f"{where}: {action}"
            assert view_to_json(world.view(seat)) == view_to_json(here.view(seat)), where
            checked += 1
    assert checked > 0
