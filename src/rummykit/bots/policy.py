"""The fast playout policy of the search bots, and the static value of a position.

Playouts run on determinized :class:`~rummykit.hand.Hand` states (see
:mod:`rummykit.bots.determinize`), never on the real game: the search bots only ever
receive views. The policy is the ``greedy`` level's, written for the engine state so
that it costs little more than the engine's own ``legal_actions()`` and ``apply()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rummykit import Hand, Phase
from rummykit.actions import Action, CallRummy, Discard, LayOff, Meld, take
from rummykit.bots.base import Bot
from rummykit.bots.determinize import determinize
from rummykit.bots.evaluate import Values, best_melds, plan_value
from rummykit.bots.simple import connections
from rummykit.cards import JOKER_CODE
from rummykit.legal import draw_action, take_refusal, top_take_allowed
from rummykit.reach import new_meld_cost, table_cost
from rummykit.view import PlayerView

__all__ = ["Leaf", "PolicyBot", "playout", "policy_action", "position_value", "short_list"]

TAKE_TOP = take(1)

#: The most actions a playout plays before it is scored where it stands (a hand of
#: ``rummy`` can go round in circles).
MAX_STEPS = 400


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return counts


def _deep_take(h: Hand, values: Values) -> int:
    """The depth of the best pile take whose target melds at once (0: none), where
    melds score: each card taken above the target counts for its value if it connects
    with the hand, and against it otherwise."""
    pile = h.pile
    hand = h.hands[h.turn]
    counts = _counts(hand)
    hv = values.hand
    ace = values.ace
    best, best_gain = 0, 0.0
    extra = 0.0  # the worth of the cards above the target
    for depth in range(1, len(pile) + 1):
        card = pile[-depth]
        if depth > 1:
            above = pile[-depth + 1]
            counts[above] += 1
            links = connections(above, counts, values) if above != JOKER_CODE else 4
            extra += 0.5 * hv[above] if links else -0.6 * hv[above]
        if card == JOKER_CODE:
            continue
        if (
            table_cost(card, [0] * 53, h.melds, ace)[0] == 1
            or new_meld_cost(card, counts, ace) <= 3
        ):
            gain = hv[card] + extra
            if gain > best_gain:
                best, best_gain = depth, gain
    return best


def _danger(card: int, h: Hand, values: Values) -> float:
    """What discarding ``card`` may give away: a card that lies on the table is points for
    the next player."""
    if card == JOKER_CODE:
        return 30.0
    if table_cost(card, [0] * 53, h.melds, values.ace)[0] == 1:
        return values.hand[card] + 8.0
    return 0.0


def policy_action(h: Hand, values: Values, rng: random.Random, smart: bool = False) -> Action:
    """The policy's action in ``h`` (which must not be over). With ``smart`` (where melds
    score) it takes deep into the pile when the target melds and the cards above it are
    worth it, and it does not discard a card that lies on the table; without, it plays
    ``greedy``'s rules."""
    phase = h.phase
    if phase is Phase.DRAW:
        pile = h.pile
        if pile:
            top = pile[-1]
            if smart and values.melds_score and len(pile) > 1:
                depth = 1 if top == JOKER_CODE else _deep_take(h, values)
                if depth > 1 and take_refusal(h, h.turn, depth) is None:
                    return take(depth)
                if depth == 1 and top_take_allowed(h):
                    return TAKE_TOP
                return draw_action(h)
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
        if smart:
            card = max(
                discards,
                key=lambda c: hv[c] - 6 * connections(c, counts, values) - _danger(c, h, values),
            )
        else:
            card = max(discards, key=lambda c: hv[c] - 6 * connections(c, counts, values))
        return next(a for a in acts if isinstance(a, Discard) and a.card == card)
    return rng.choice(acts)


def position_value(h: Hand, values: Values) -> list[float]:
    """Each seat's points: the hand's scores if it is over, else an estimate. Where melds
    score (500 Rum): points on the table, plus the best melds in hand, minus most of the
    other cards' value; otherwise most of the value of the cards the best melds leave:
    minus it (winner takes), or as a penalty (``penalty``, where fewer points are
    better, as in the hand's own scores)."""
    scores = h.scores()
    if scores is not None:
        return [float(s) for s in scores]
    hv = values.hand
    if not values.melds_score:
        share = 0.7 if values.low_wins else -0.7
        return [
            share * sum(hv[c] for c in best_melds(h.hands[p], values).deadwood) for p in range(h.n)
        ]
    out = values.table_points(h.melds, h.n)
    for p in range(h.n):
        plan = best_melds(h.hands[p], values)
        out[p] += 0.8 * plan_value(plan, values) - 0.7 * sum(hv[c] for c in plan.deadwood)
    return out


#: How a playout's last position is scored: every seat's points (or their estimate).
Leaf = Callable[[Hand, Values], list[float]]


def playout(
    h: Hand,
    values: Values,
    rng: random.Random,
    turns: int,
    smart: bool = False,
    discards_only: bool = False,
    leaf: Leaf | None = None,
) -> list[float]:
    """Plays ``h`` on with the policy for ``turns`` turn ends, or to the end of the hand,
    and returns ``leaf`` of where it stopped (:func:`position_value` by default). Changes
    ``h``.

    A turn end is any action after which nobody is in the middle of a turn (a discard,
    and also a pass in a Rummy window); with ``discards_only``, only a discard.
    """
    ends = 0
    steps = 0
    while not h.is_over and ends < turns and steps < MAX_STEPS:
        a = policy_action(h, values, rng, smart)
        h.apply(a)
        steps += 1
        if isinstance(a, Discard) if discards_only else h.phase is not Phase.PLAY:
            ends += 1
    return (leaf or position_value)(h, values)


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


class PolicyBot(Bot):
    """The playout policy as a player, to measure it (not a level of the ladder): each
    decision deals the unseen cards once (the policy looks only at its own hand, the
    pile and the table) and plays :func:`policy_action`."""

    level = "policy"

    def __init__(
        self, seed: int | str = 0, budget: int | None = None, name: str = "", *, smart: bool = True
    ) -> None:
        super().__init__(seed, budget, name)
        self.smart = smart

    def choose(self, view: PlayerView) -> Action:
        rng = self.rng_for(view)
        h = determinize(view, rng)
        return policy_action(h, self.values(view.rules), rng, self.smart)
