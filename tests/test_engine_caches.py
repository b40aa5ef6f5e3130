"""The engine's caches and what Python's garbage collector makes of them.

The engine keeps what it works out again and again (meld actions, the runs of a suit's
cards, the melds a card makes, lay-off spots) in caches that fill over a process's life:
a bot's worker plays thousands of playouts. A key (or an entry) that holds only numbers,
bytes and strings is one the collector stops tracking; one that holds an enum member
(``Ace``, ``EndOfRun``) or a list it walks at every full collection. Keyed by the ``Ace``
member, the caches made a full collection of a long-running worker grow with its life,
83 ms of CPU after 750 heuristic games and climbing, against about 34 ms flat
(BENCHMARKS.md, "Caches the collector walks").
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

import pytest

from rummykit import legal, melds, turns, whole_hand
from rummykit.bots import get_bot
from rummykit.game import Game
from rummykit.players import Driver
from rummykit.rules import Rules

RULES = [
    Rules.preset("500-rum"),
    Rules.preset("remik-500"),  # jokers
    Rules.preset("rummy"),
    Rules.preset("500-rum", ace="around"),
    Rules.preset("wrotham"),  # the whole-hand search's memos
]

#: The engine's caches that are dictionaries, by name.
DICTS: dict[str, dict[Any, Any]] = {
    "melds._SUIT_RUNS": melds._SUIT_RUNS,
    "legal._MELD_CACHE": legal._MELD_CACHE,
    "legal._LAYOFF_CACHE": legal._LAYOFF_CACHE,
    "legal._JOKER_LAYOFF_CACHE": legal._JOKER_LAYOFF_CACHE,
    "legal._SPOTS": legal._SPOTS,
    "legal._MELD_SPOTS": legal._MELD_SPOTS,
    "turns._RESOLVED": turns._RESOLVED,
    "whole_hand._memos": whole_hand._memos,
}

#: The engine's cached functions whose keys and results are numbers and strings only.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "whole_hand._melds_with": whole_hand._melds_with,
    "whole_hand._runless": whole_hand._runless,
    "whole_hand._windows": whole_hand._windows,
}


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


def function_cache(function: Callable[..., Any]) -> dict[Any, Any]:
    """The dictionary a ``functools`` cache keeps its entries in (the one that the
    cached function's collector traversal reaches with a key that is no string)."""
    found = [
        d
        for d in gc.get_referents(function)
        if type(d) is dict and any(not isinstance(k, str) for k in d)
    ]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.usefixtures("played")
@pytest.mark.parametrize("name", list(DICTS))
def test_no_key_of_an_engine_cache_is_tracked(name: str) -> None:
    cache = DICTS[name]
    assert cache, "the games filled it"
    assert [key for key in cache if gc.is_tracked(key)] == []


@pytest.mark.usefixtures("played")
@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_no_entry_of_a_cached_engine_function_is_tracked(name: str) -> None:
    function = FUNCTIONS[name]
    cache = function_cache(function)
    assert cache, "the games filled it"
    assert [key for key in cache if gc.is_tracked(key)] == []
    keys = list(cache)
    misses = function.cache_info().misses  # type: ignore[attr-defined]
    results = [function(*key) for key in keys]  # the kept results: every call a hit
    assert function.cache_info().misses == misses  # type: ignore[attr-defined]
    assert [result for result in results if gc.is_tracked(result)] == []


@pytest.mark.usefixtures("played")
def test_the_runs_of_a_suit_are_kept_untracked() -> None:
    assert [runs for runs in melds._SUIT_RUNS.values() if gc.is_tracked(runs)] == []
