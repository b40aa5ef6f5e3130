"""Observations: built from the view alone, so hidden cards never change them."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the rl extra is not installed")
pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from rummykit import Game, Rules  # noqa: E402
from rummykit.bots import determinize  # noqa: E402
from rummykit.rl import ActionCodec, ObservationEncoder, raw_env, view_text  # noqa: E402
from rummykit.view import facts_of_hand, view_of_hand  # noqa: E402

from .play import CONFIGS, positions, rules_of, views  # noqa: E402


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS, ids=str)
def test_hidden_cards_do_not_change_the_observation(
    preset: str, players: int, options: dict[str, object]
) -> None:
    """Deal the cards a seat cannot see again (other hands beside their known cards, and
    the stock): the seat's observation and mask stay the same, to the bit."""
    rules = rules_of(preset, options)
    encoder = ObservationEncoder(rules, players)
    codec = ActionCodec(rules, players)
    rng = random.Random(9)
    changed = 0
    for k, game in enumerate(positions(preset, players, options, games=2, seed=4, steps=200)):
        if k % 3:
            continue
        for view in views(game):
            obs = encoder.encode(view)
            other = determinize(view, rng)
            changed += other.hands != game.hand.hands
            seat = view.seat
            assert seat is not None
            twin = view_of_hand(other, seat, view.totals, view.game_over, view.winner)
            assert np.array_equal(encoder.encode(twin), obs)
            assert np.array_equal(codec.mask(twin.legal_actions), codec.mask(view.legal_actions))
            # the environments' path: the seat's facts, of the position and of its twin
            facts = facts_of_hand(game.hand, seat, view.totals, view.game_over)
            twin_facts = facts_of_hand(other, seat, view.totals, view.game_over)
            assert encoder.encode_facts(facts).tobytes() == obs.tobytes()
            assert encoder.encode_facts(twin_facts).tobytes() == obs.tobytes()
            assert twin_facts.legal_actions == facts.legal_actions == view.legal_actions
    assert changed > 0  # the hidden cards really were dealt otherwise


def test_the_segments_tile_the_vector_and_read_the_view() -> None:
    rules = Rules.preset("500-rum")
    encoder = ObservationEncoder(rules, 3)
    ends = [first + size for first, size in encoder.segments.values()]
    starts = [first for first, _ in encoder.segments.values()]
    assert starts[0] == 0 and starts[1:] == ends[:-1] and ends[-1] == encoder.size
    low, high = encoder.bounds()
    for game in positions("500-rum", 3, {}, games=1, seed=2, steps=300):
        for view in views(game):
            obs = encoder.encode(view)
            assert obs.dtype == np.float32 and obs.shape == (encoder.size,)
            assert (obs >= low).all() and (obs <= high).all()
            hand = obs[encoder.segment("hand")]
            assert hand.sum() == len(view.hand or ())
            for card in view.hand or ():
                assert hand[card] >= 1
            pile = obs[encoder.segment("pile")]
            assert [int(c) - 1 for c in pile[: len(view.pile)]] == list(reversed(view.pile))
            seats = obs[encoder.segment("seats")].reshape(3, 6)
            me = view.seat or 0
            assert [int(s) for s in seats[:, 0]] == [
                view.hand_sizes[(me + r) % 3] for r in range(3)
            ]
            table = obs[encoder.segment("table")]
            assert table.sum() == sum(len(m.meld.cards) for m in view.melds)


def test_seats_are_relative_to_the_observer() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B", "C"], seed=5)
    encoder = ObservationEncoder(game.rules, 3)
    to_act = game.to_act
    for seat in range(3):
        seats = encoder.encode(game.view(seat))[encoder.segment("seats")].reshape(3, 6)
        assert seats[(to_act - seat) % 3, 4] == 1  # "is to act" sits in the relative row
        assert seats[:, 4].sum() == 1


def test_a_spectator_view_has_no_observation_but_has_text() -> None:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    encoder = ObservationEncoder(game.rules, 2)
    with pytest.raises(ValueError, match="spectator"):
        encoder.encode(game.view(None))
    text = view_text(game.view(None))
    assert "spectator" in text and "hand:" not in text
    mine = encoder.text(game.view(0))
    assert mine.splitlines()[1].startswith("hand: ") and "Ana: 13 cards" in mine


def test_views_of_other_rules_are_refused() -> None:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    with pytest.raises(ValueError, match="view is of"):
        ObservationEncoder(Rules.preset("rummy"), 2).encode(game.view(0))


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS, ids=str)
def test_facts_and_views_give_the_same_observation(
    preset: str, players: int, options: dict[str, object]
) -> None:
    """``encode_facts(game.facts(seat))``, what the environments observe, is
    ``encode(game.view(seat))`` to the bit, for every seat of every position, with one
    encoder for each path (their kept tables must agree as they go)."""
    rules = rules_of(preset, options)
    by_view = ObservationEncoder(rules, players)
    by_facts = ObservationEncoder(rules, players)
    count = 0
    for game in positions(preset, players, options, games=2, seed=6, steps=250):
        for seat in range(players):
            obs = by_view.encode(game.view(seat))
            assert by_facts.encode_facts(game.facts(seat)).tobytes() == obs.tobytes()
            count += 1
    assert count > 100


def test_a_stock_of_public_order_is_observed_where_the_rules_make_one() -> None:
    """``stock_exhausted = turn-over``: once the pile is turned over, the stock's order
    (top first) and the cards each seat drew from it are in the observation, its rows
    relative to the observer; rules that never turn the pile over unshuffled keep their
    layout (no such segments)."""
    for preset in ("500-rum", "remik-500"):
        plain = ObservationEncoder(Rules.preset(preset), 2)
        assert plain.segments["open_stock"][1] == plain.segments["drawn_known"][1] == 0
    shuffled = ObservationEncoder(Rules.preset("rummy", stock_exhausted="reshuffle"), 2)
    assert shuffled.segments["open_stock"][1] == 0
    never = ObservationEncoder(Rules.preset("block-rummy"), 2)  # turn-over, limit 0
    assert never.segments["open_stock"][1] == never.segments["drawn_known"][1] == 0
    rules = Rules.preset("rummy", hand_size=20)  # a stock of 11: turned over often
    encoder = ObservationEncoder(rules, 2)
    assert encoder.segments["open_stock"][1] == rules.pack_size(2)
    low, high = encoder.bounds()
    turned = drawn = 0
    for game in positions("rummy", 2, {"hand_size": 20}, games=3, seed=3, steps=400):
        hand = game.hand
        for view in views(game):
            obs = encoder.encode(view)
            assert (obs >= low).all() and (obs <= high).all()
            stock = [int(c) - 1 for c in obs[encoder.segment("open_stock")] if c]
            assert stock == (hand.stock[::-1] if hand.reuse else [])
            turned += bool(stock)
            me = view.seat or 0
            rows = obs[encoder.segment("drawn_known")].reshape(2, 53)
            for r in range(2):
                seat = (me + r) % 2
                held = [c for c in range(53) for _ in range(int(rows[r][c]))]
                assert held == sorted(hand.drawn_known[seat])
                drawn += len(held)
            assert ("turned over" in view_text(view)) == bool(stock)
    assert turned > 20 and drawn > 20


def test_the_meld_cache_keeps_the_hand_in_play_not_every_meld_seen() -> None:
    # found by a review: every table meld ever observed was kept, with an array for each
    # seat, until 50,000 of them: some 60 to 250 MiB an encoder over a long run
    e = raw_env(preset="500-rum", players=2)
    rng = np.random.default_rng(0)
    seen: set[int] = set()
    for game in range(4):
        e.reset(seed=game)
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            seen.update(id(m) for m in e.table.game.hand.melds)
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert len(e.encoder._melds) <= 40  # a hand's melds
    assert len(seen) > 200  # the melds the four games made
