"""The engine's caches and what Python's garbage collector makes of them.

The engine keeps what it works out again and again (meld actions, the runs of a suit's
cards, the melds a card makes, lay-off spots) in caches that fill over a process's life:
a bot's worker plays thousands of playouts. A cache entry whose key or value holds only
numbers, bytes and strings is one the collector stops tracking; one that holds an enum
member (``Ace``) or a list it walks at every full collection, and with the caches full,
those collections paused a ``rollout`` decision for a quarter of a second
(BENCHMARKS.md, "Caches the collector walks").
"""

from __future__ import annotations

import gc

import pytest

from rummykit import melds, whole_hand
from rummykit.bots import get_bot
from rummykit.game import Game
from rummykit.players import Driver
from rummykit.rules import Ace, Rules

RULES = [
    Rules.preset("500-rum"),
    Rules.preset("remik-500"),  # jokers
    Rules.preset("rummy"),
    Rules.preset("500-rum", ace="around"),
]


@pytest.fixture(scope="module")
def played() -> None:
    """Two hands of each rule set, the heuristic in both seats."""
    for rules in RULES:
        bots = [get_bot("heuristic", seed=f"caches/{seat}") for seat in range(2)]
        Driver(Game(rules, ["a", "b"], seed="caches"), bots, max_hands=2).run()
    # a collection stops tracking a tuple whose items it has found untracked; a tuple
    # of tuples it may reach before its items, and leaves to the next collection
    gc.collect()
    gc.collect()


@pytest.mark.usefixtures("played")
def test_no_tracked_tuple_holds_an_ace_member_after_play() -> None:
    assert whole_hand._melds_with.cache_info().currsize > 0
    assert whole_hand._runless.cache_info().currsize > 0
    held = [o for o in gc.get_objects() if type(o) is tuple and any(isinstance(x, Ace) for x in o)]
    assert held == []


@pytest.mark.usefixtures("played")
def test_the_runs_of_a_suit_are_kept_untracked() -> None:
    assert melds._SUIT_RUNS
    assert {ace.value for ace in Ace} >= {key[3] for key in melds._SUIT_RUNS}
    tracked = [
        (key, runs)
        for key, runs in melds._SUIT_RUNS.items()
        if gc.is_tracked(key) or gc.is_tracked(runs)
    ]
    assert tracked == []
