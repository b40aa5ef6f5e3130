"""Going out this turn: whether a hand can, and the line of play that does.

The heuristic weighs a hand by what its cards are worth in melds, and a hand that goes
out scores no more by that measure than one that keeps its cards. Yet going out ends the
hand: the others are caught with their cards and meld nothing more. A review of its play
found it passing up pile takes that would have gone out at once, and melding by points
where another arrangement of the same cards went out (docs/bots.md).

So the question is put to the engine itself. Within one turn nothing but the player's
own cards, the table and the rules decide whether the hand can be emptied: the hidden
hands and the stock play no part. :func:`out_line` builds a state from the view (the
unseen cards dealt anyhow, :func:`~rummykit.bots.determinize.determinize`) and searches
the turn's legal actions, melds, lay-offs and joker swaps, for a line that ends the hand
with this player out: every rule (one meld a turn, a taken card that must start a meld,
lay-offs only after a meld of one's own, a final discard required) is the engine's. An
exact check of the cards alone (:func:`~rummykit.whole_hand.can_meld_all`, the
all-at-once rule's) rules out first, cheaply, nearly every position where no line
exists, and the search stops after :data:`MAX_NODES` positions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit import Phase
from rummykit.actions import Action, Discard, LayOff, Meld, Swap
from rummykit.bots.determinize import determinize
from rummykit.cards import JOKER_CODE, Card
from rummykit.hand import Hand
from rummykit.melds import TableMeld
from rummykit.rules import Ace, GoingOut
from rummykit.view import PlayerView
from rummykit.whole_hand import can_meld_all

__all__ = ["MAX_NODES", "may_go_out", "out_line"]

#: The most positions one search looks at before it gives up (a line is then not found).
MAX_NODES = 400


def may_go_out(cards: Sequence[int], table: Sequence[TableMeld], ace: Ace, keep: int = -1) -> bool:
    """Whether ``cards`` could all go on the table this turn but one at most, laid off on
    ``table`` or in new melds, never leaving ``keep`` (a card that must be melded): the
    cards alone, before the rules of a turn. False means no line goes out."""
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    return can_meld_all(counts, 1, keep, ace, table)


def out_line(view: PlayerView, first: Action | None = None) -> list[Action] | None:
    """The actions, from ``view``'s position, with which its player goes out this turn
    (``first``, a pile take, played before them), or None where no line does or the
    search gives up. Only where the rules end a hand on going out (``going_out`` ``any``
    or ``discard-required``; a player who floats plays on)."""
    if view.rules.going_out not in (GoingOut.ANY, GoingOut.DISCARD_REQUIRED):
        return None
    assert view.seat is not None
    state = determinize(view, random.Random(0))  # the others' cards play no part
    if first is not None:
        state.apply(first)
    seat = view.seat
    seen: set[tuple[object, ...]] = set()
    budget = [MAX_NODES]

    def search(h: Hand) -> list[Action] | None:
        if h.is_over:
            return [] if h.out == seat else None
        if h.to_act != seat or h.phase is not Phase.PLAY or budget[0] <= 0:
            return None
        hand = h.hands[seat]
        key = (tuple(sorted(hand)), tuple(map(str, h.melds)), h.melds_made)
        if key in seen:
            return None
        seen.add(key)
        budget[0] -= 1
        actions = h.legal_actions()
        if not any(isinstance(a, Swap) for a in actions):
            # a card that no meld or lay-off of this position takes can only be discarded
            usable = {_code(t) for a in actions if isinstance(a, (Meld, LayOff)) for t in a.cards}
            if sum(1 for c in hand if c not in usable) > 1:
                return None
        tries = [a for a in actions if not isinstance(a, Discard) or len(hand) == 1]
        tries.sort(key=lambda a: -len(getattr(a, "cards", ())))
        for a in tries:
            after = h.clone()
            after.apply(a)
            line = search(after)
            if line is not None:
                return [a, *line]
        return None

    line = search(state)
    if line is None:
        return None
    return line if first is None else [first, *line]


def _code(token: object) -> int:
    """A meld token's card code (a joker, whatever it stands for, is the joker's)."""
    return int(token) if isinstance(token, Card) else JOKER_CODE
