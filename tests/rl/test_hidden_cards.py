"""An agent's observation and action mask tell nothing of the cards hidden from it: dealt
otherwise where the seat cannot see (:func:`tests.hidden_worlds.other_world`), every
position gives the same observation (from the view and from the facts) and mask."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rummykit import Rules  # noqa: E402
from rummykit.rl import ActionCodec, ObservationEncoder  # noqa: E402
from tests.hidden_worlds import CONFIGS, other_world, positions  # noqa: E402
from tests.test_hidden_cards import IDS  # noqa: E402
from tests.test_properties import scaled  # noqa: E402


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS, ids=IDS)
@settings(max_examples=scaled(2), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_an_observation_and_mask_hold_nothing_of_the_hidden_cards(
    preset: str, players: int, options: dict[str, Any], seed: int
) -> None:
    rules = Rules.preset(preset, **options)
    encoder = ObservationEncoder(rules, players)
    codec = ActionCodec(rules, players)
    checked = 0
    for game, rng in positions(preset, players, options, seed):
        for seat in range(players):
            world = game.clone()
            world.hands[-1] = other_world(game.hand, seat, rng)
            facts, seen = game.facts(seat), world.facts(seat)
            where = f"{preset} {players}p {options} seed {seed}, seat {seat}"
            assert np.array_equal(encoder.encode_facts(seen), encoder.encode_facts(facts)), where
            assert np.array_equal(encoder.encode(world.view(seat)), encoder.encode(game.view(seat)))
            assert np.array_equal(codec.mask(seen.legal_actions), codec.mask(facts.legal_actions))
            checked += 1
    assert checked > 0
