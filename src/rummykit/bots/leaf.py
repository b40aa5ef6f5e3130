"""The value of a position where a playout stops: the heuristic's worth, for every seat.

A playout of the search levels (:func:`rummykit.bots.policy.playout`) that stops before
the hand's end is scored by a static estimate of each seat's points. The plain estimate
(:func:`rummykit.bots.policy.position_value`) takes fixed shares of the best melds in
hand and of the cards left over. :func:`worth_value` scores each seat the way the
heuristic scores its own hand (:meth:`rummykit.bots.judge.Judge.worth`): the points
on the table, the best melds in hand, what the other cards can be laid off for, and each
card left over at its value times ``2q - 1``, where ``q`` is the chance it still gets
melded: from its outs among the cards that seat cannot see, and the turns likely left.

It is written for the engine state of a playout (a determinized
:class:`~rummykit.hand.Hand`, never the real game): every seat's cards are known there,
and each seat is valued from what it could see (the cards outside its hand, the table
and the pile). Where melds score nothing (``winner-takes``, ``penalty``) it is
:func:`~rummykit.bots.policy.position_value`.

>>> import random
>>> from rummykit import Game, Rules
>>> from rummykit.bots.determinize import determinize
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=4)
>>> state = determinize(game.view(0), random.Random(1))
>>> len(worth_value(state, Values(game.rules)))
2
"""

from __future__ import annotations

from rummykit import Hand
from rummykit.bots.evaluate import (
    Values,
    best_melds,
    measured_shares,
    outs_of,
    pack_counts,
    plan_value,
    table_fits,
)
from rummykit.bots.policy import position_value
from rummykit.cards import JOKER_CODE
from rummykit.rules import Rules

__all__ = ["calibrated_value", "worth_value"]

#: The chance that a joker left over still gets melded (as the heuristic's).
JOKER_MELDED = 0.85

#: Share of the points of the best melds still in a hand that a seat is expected to put
#: down before the hand ends.
IN_HAND = 0.9

_PACKS: dict[tuple[Rules, int], list[int]] = {}


def _pack(values: Values, n: int) -> list[int]:
    key = (values.rules, n)
    pack = _PACKS.get(key)
    if pack is None:
        if len(_PACKS) > 64:
            _PACKS.clear()
        pack = _PACKS[key] = pack_counts(values.rules, n)
    return pack


def worth_value(h: Hand, values: Values) -> list[float]:
    """Each seat's points: the hand's scores if it is over, else each seat's worth."""
    return _value(h, values, IN_HAND, -1.0, 2.0)


def calibrated_value(h: Hand, values: Values) -> list[float]:
    """As :func:`worth_value`, with the shares measured in play
    (:data:`~rummykit.bots.evaluate.MEASURED_SHARES`)."""
    meld, (a, b) = measured_shares(h.n)
    return _value(h, values, meld, a, b)


def _value(h: Hand, values: Values, in_hand: float, a: float, b: float) -> list[float]:
    scores = h.scores()
    if scores is not None:
        return [float(s) for s in scores]
    if not values.melds_score:
        return position_value(h, values)
    n = h.n
    table = h.melds
    out = values.table_points(table, n)
    # the cards nobody sees from the table and the pile: the pack less those
    outside = _pack(values, n)[:]
    for m in table:
        for c in m.cards:
            outside[c] -= 1
    for c in h.pile:
        outside[c] -= 1
    hands = h.hands
    sizes = [len(cards) for cards in hands]
    by_stock = len(h.stock) / n + 0.5
    hv = values.hand
    ace = values.ace
    for p in range(n):
        cards = hands[p]
        unseen = outside[:]
        for c in cards:
            unseen[c] -= 1
        total = max(1, sum(unseen))
        others = min((s for i, s in enumerate(sizes) if i != p), default=0)
        turns_left = max(0.3, min(by_stock, 1.0 + 0.9 * others, 14.0))
        p_card = min(0.6, 1.3 * turns_left / total)
        plan = best_melds(cards, values)
        worth = in_hand * plan_value(plan, values)
        dead = list(plan.deadwood)
        if dead and table:
            for c in table_fits(dead, table, ace):
                worth += in_hand * hv[c]
                dead.remove(c)
        held = [0] * 53
        for c in dead:
            held[c] += 1
        for c in dead:
            if c == JOKER_CODE:
                q = JOKER_MELDED
            else:
                outs = outs_of(c, held, unseen, table, values)
                q = 1.0 - (1.0 - p_card) ** outs if outs > 0 else 0.0
            worth += hv[c] * (a + b * q)
        out[p] += worth
    return out
