"""Bots see views only: hidden cards never change a decision, and determinized states
agree with everything the view shows."""

from __future__ import annotations

import random

import pytest

from rummykit import Game, Hand, Rules
from rummykit.bots import LEVELS, determinize, get_bot, unseen_counts
from rummykit.bots.evaluate import pack_counts
from rummykit.bots.levels import untimed
from rummykit.players import Player

from .table import view

#: Playouts a decision for the search levels, untimed: on the clock their decisions would
#: depend on the machine's speed (rollout's did, on a slow day: a draw for a take)
BUDGET = {"montecarlo": 16, "ismcts": 16, "rollout": 24}


def _reshuffle_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same position with every card ``seat`` cannot see dealt again at random."""
    other = hand.clone()
    pool: list[int] = list(other.stock)
    hidden: list[list[int]] = []
    for p in range(other.n):
        if p == seat:
            hidden.append([])
            continue
        rest = other.hands[p][:]
        for c in other.known[p]:
            rest.remove(c)
        hidden.append(rest)
        pool.extend(rest)
    rng.shuffle(pool)
    for p in range(other.n):
        if p == seat:
            continue
        k = len(hidden[p])
        other.hands[p] = other.known[p][:] + pool[:k]
        pool = pool[k:]
    other.stock = pool
    other.legal_cache = None
    return other


def _positions(preset: str, players: int, seed: int, count: int) -> list[Hand]:
    game = Game(Rules.preset(preset), [f"P{i}" for i in range(players)], seed=seed)
    bots = [get_bot("heuristic", seed=i) for i in range(players)]
    out: list[Hand] = []
    step = 0
    while not game.over and len(out) < count:
        seat = game.to_act
        if step % 7 == 3 and len(game.legal_actions()) > 1:
            out.append(game.hand.clone())
        game.apply(bots[seat].act(game.view(seat)), seat)
        step += 1
    return out


@pytest.mark.parametrize("level", list(LEVELS))
def test_hidden_cards_do_not_change_decisions(level: str) -> None:
    rng = random.Random(5)
    for hand in _positions("500-rum", 3, seed=2, count=4):
        seat = hand.to_act
        other = _reshuffle_hidden(hand, seat, rng)
        v1, v2 = view(hand, seat), view(other, seat)
        assert v1 == v2
        a1 = untimed(get_bot(level, seed=9, budget=BUDGET.get(level))).act(v1)
        a2 = untimed(get_bot(level, seed=9, budget=BUDGET.get(level))).act(v2)
        assert a1 == a2


def test_bots_are_players() -> None:
    for level in LEVELS:
        assert isinstance(get_bot(level), Player)


@pytest.mark.parametrize(
    ("preset", "players"), [("500-rum", 2), ("500-rum", 4), ("remik-500", 3), ("wrotham", 3)]
)
def test_determinized_states_match_the_view(preset: str, players: int) -> None:
    rng = random.Random(1)
    for hand in _positions(preset, players, seed=4, count=12):
        seat = hand.to_act
        v = view(hand, seat)
        det = determinize(v, rng)
        assert sorted(map(str, det.legal_actions())) == sorted(map(str, v.legal_actions))
        assert sorted(det.hands[seat]) == sorted(hand.hands[seat])
        assert [len(h) for h in det.hands] == [len(h) for h in hand.hands]
        assert len(det.stock) == len(hand.stock) and det.pile == hand.pile
        for p in range(players):
            for c in hand.known[p]:
                assert c in det.hands[p]
        # every card of the pack is somewhere, once
        counts = [0] * 53
        for c in det.iter_cards():
            counts[c] += 1
        assert counts == pack_counts(hand.rules, players)
        # the sample is drawn from the unseen cards only
        unseen = unseen_counts(v)
        assert sum(unseen) == len(det.stock) + sum(
            len(det.hands[p]) - len(det.known[p]) for p in range(players) if p != seat
        )
        # a determinized state plays on to the end of the hand
        play = det.clone()
        while not play.is_over:
            play.apply(rng.choice(play.legal_actions()))
