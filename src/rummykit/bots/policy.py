"""The fast playout policy of the search bots, and the static value of a position.

Playouts run on determinized :class:`~rummykit.hand.Hand` states (see
:mod:`rummykit.bots.determinize`), never on the real game: the search bots only ever
receive views. The policy is the ``greedy`` level's, written for the engine state so
that it costs little more than the engine's own ``legal_actions()`` and ``apply()``.
"""

from __future__ import annotations

import random

from rummykit import Hand, Phase
from rummykit.actions import Action, CallRummy, Discard, LayOff, Meld, take
from rummykit.bots.evaluate import Values, best_melds, plan_value
from rummykit.bots.simple import connections
from rummykit.cards import JOKER_CODE
from rummykit.legal import draw_action, top_take_allowed
from rummykit.reach import new_meld_cost, table_cost

__all__ = ["playout", "policy_action", "position_value", "short_list"]

TAKE_TOP = take(1)


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return counts


def policy_action(h: Hand, values: Values, rng: random.Random) -> Action:
    """The policy's action in ``h`` (which must not be over)."""
    phase = h.phase
    if phase is Phase.DRAW:
        # only the top card is ever taken: its legality is all the policy needs to know
        pile = h.pile
        if pile:
            top = pile[-1]
            if (
                top == JOKER_CODE
                or table_cost(top, [0] * 53, h.melds, values.ace)[0] == 1
                or new_meld_cost(top, _counts(h.hands[h.turn]), values.ace) <= 3
            ) and top_take_allowed(h):
                return TAKE_TOP
        return draw_action(h)
    acts = h.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if phase is Phase.RUMMY:
        for a in acts:
            if isinstance(a, CallRummy) and a.count == 1:
                return a
        return acts[-1]  # pass comes last
    hand = h.hands[h.turn]
    best_meld: Meld | None = None
    layoff: LayOff | None = None
    discards: list[int] = []
    for a in acts:
        if isinstance(a, Meld):
            if best_meld is None or len(a.cards) > len(best_meld.cards):
                best_meld = a
        elif isinstance(a, LayOff):
            if layoff is None:
                layoff = a
        elif isinstance(a, Discard):
            discards.append(int(a.card))
    if best_meld is not None:
        return best_meld
    if layoff is not None:
        return layoff
    if discards:
        counts = _counts(hand)
        hv = values.hand
        card = max(discards, key=lambda c: hv[c] - 6 * connections(c, counts, values))
        return next(a for a in acts if isinstance(a, Discard) and a.card == card)
    return rng.choice(acts)


def position_value(h: Hand, values: Values) -> list[float]:
    """Each seat's points: the hand's scores if it is over, else an estimate. Where melds
    score (500 Rum): points on the table, plus the best melds in hand, minus most of the
    other cards' value; otherwise (winner takes, penalty) minus most of the value of the
    cards the best melds leave."""
    scores = h.scores()
    if scores is not None:
        return [float(s) for s in scores]
    out = [0.0] * h.n
    hv = values.hand
    if not values.melds_score:
        for p in range(h.n):
            out[p] = -0.7 * sum(hv[c] for c in best_melds(h.hands[p], values).deadwood)
        return out
    for m in h.melds:
        if m.is_run:
            for i, c in enumerate(m.cards):
                out[m.owners[i]] += values.run_card(c, m.lo + i)
        else:
            for i, c in enumerate(m.cards):
                out[m.owners[i]] += values.group_card(c, m.rank)
    for p in range(h.n):
        plan = best_melds(h.hands[p], values)
        out[p] += 0.8 * plan_value(plan, values) - 0.7 * sum(hv[c] for c in plan.deadwood)
    return out


def playout(h: Hand, values: Values, rng: random.Random, turns: int) -> list[float]:
    """Plays ``h`` on with the policy for ``turns`` turn ends (or to the end of the hand)
    and returns :func:`position_value`. Changes ``h``."""
    ends = 0
    steps = 0
    while not h.is_over and ends < turns and steps < 400:
        a = policy_action(h, values, rng)
        h.apply(a)
        steps += 1
        if h.phase is not Phase.PLAY:
            ends += 1
    return position_value(h, values)


def short_list(h: Hand, values: Values, width: int) -> list[Action]:
    """At most ``width`` legal actions of ``h`` worth searching, the policy's first."""
    acts = h.legal_actions()
    if len(acts) <= width:
        return list(acts)
    first = policy_action(h, values, random.Random(0))
    out = [first]
    if h.phase is Phase.PLAY:
        hand = h.hands[h.turn]
        counts = _counts(hand)
        hv = values.hand
        discards = sorted(
            (a for a in acts if isinstance(a, Discard) and a is not first),
            key=lambda a: -(hv[int(a.card)] - 6 * connections(int(a.card), counts, values)),
        )
        others = [a for a in acts if isinstance(a, Meld | LayOff) and a is not first]
        pool: list[Action] = [*others[:1], *discards]
    else:
        pool = [a for a in acts if a is not first]
    for a in pool:
        if len(out) >= width:
            break
        if a not in out:
            out.append(a)
    return out
