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
all-at-once rule's, with one joker swap tried where swaps are allowed) rules out first,
cheaply, nearly every position where no line exists, at the start and at every
position of the search; the search stops after :data:`MAX_NODES` positions, and of the
lines it finds plays the one that throws the cheapest last card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit import Hand, Phase
from rummykit.actions import Action, Discard, Swap
from rummykit.bots.determinize import determinize
from rummykit.bots.evaluate import layable
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF
from rummykit.melds import TableMeld, swap_joker
from rummykit.rules import Ace, GoingOut
from rummykit.scoring import CardValuer
from rummykit.view import PlayerView
from rummykit.whole_hand import can_meld_all

__all__ = ["MAX_CARDS", "MAX_NODES", "MORE_NODES", "may_go_out", "out_line"]

#: The most positions one search looks at before it gives up (a line is then not found).
MAX_NODES = 200
#: Once a line is found, how many more positions are looked at for one that throws a
#: cheaper last card (or throws none).
MORE_NODES = 30
#: The most cards a hand may hold for a line to be searched (a deep take in a two-pack
#: game can bring 30 and more, and the search's positions grow with them).
MAX_CARDS = 16


def may_go_out(
    cards: Sequence[int],
    table: Sequence[TableMeld],
    ace: Ace,
    keep: int = -1,
    *,
    swaps: bool = False,
) -> bool:
    """Whether ``cards`` could all go on the table this turn but one at most, laid off on
    ``table`` or in new melds, never leaving ``keep`` (a card that must be melded): the
    cards alone, before the rules of a turn. With ``swaps`` (joker swaps allowed), a
    card of the hand may also take a table joker's place first, the joker then held.
    False means no line of play goes out (one swap at most is tried: a line of two is
    missed)."""
    counts = [0] * 53
    for c in cards:
        counts[c] += 1
    jokers = counts[JOKER_CODE]
    if swaps and any(JOKER_CODE in m.cards for m in table):
        jokers += 1
    # a card with no partner is melded with two jokers, or with one laid off beside a
    # table meld first (8H as a joker on 5H-7H, then 9H)
    rescued = jokers if table else jokers // 2
    if _stranded(cards, counts, table, ace) - rescued > 1:
        return False  # more cards than one with no partner: most hands, at once
    if can_meld_all(counts, 1, keep, ace, table):
        return True
    if not swaps:
        return False
    for at, meld in enumerate(table):
        if JOKER_CODE not in meld.cards:
            continue
        for c in {c for c in cards if c != JOKER_CODE}:
            swapped = swap_joker(meld, c, 0)
            if swapped is None:
                continue
            counts[c] -= 1
            counts[JOKER_CODE] += 1
            after = [*table[:at], swapped, *table[at + 1 :]]
            # swapped in, a card that must be melded is on the table ([take.must-meld])
            found = can_meld_all(counts, 1, -1 if c == keep else keep, ace, after)
            counts[c] += 1
            counts[JOKER_CODE] -= 1
            if found:
                return True
    return False


def out_line(view: PlayerView, first: Action | None = None) -> list[Action] | None:
    """The actions, from ``view``'s position, with which its player goes out this turn
    (``first``, a pile take, played before them), or None where the search finds no
    line within :data:`MAX_NODES` positions, or the hand holds more than
    :data:`MAX_CARDS`. Only where the rules end a hand on going out (``going_out``
    ``any`` or ``discard-required``; a player who floats plays on). Of the lines found,
    the one whose last card thrown is worth least (none thrown is best)."""
    if view.rules.going_out not in (GoingOut.ANY, GoingOut.DISCARD_REQUIRED):
        return None
    assert view.seat is not None
    state = determinize(view, random.Random(0))  # the others' cards play no part
    if first is not None:
        state.apply(first)
    seat = view.seat
    if len(state.hands[seat]) > MAX_CARDS:
        return None
    valuer = CardValuer(view.rules)
    ace = view.rules.ace
    seen: set[tuple[object, ...]] = set()
    budget = [MAX_NODES]
    best: list[tuple[int, list[Action]]] = []  # (the last card's value, the line)

    def search(h: Hand, line: list[Action]) -> None:
        if h.is_over:
            if h.out == seat:
                last = line[-1]
                cost = valuer.in_hand(int(last.card)) if isinstance(last, Discard) else -1
                if not best or cost < best[0][0]:
                    best[:] = [(cost, line)]
                    budget[0] = min(budget[0], MORE_NODES)
            return
        if h.to_act != seat or h.phase is not Phase.PLAY or budget[0] <= 0:
            return
        hand = h.hands[seat]
        key = (tuple(sorted(hand)), tuple(sorted(map(str, h.melds))), h.melds_made)
        if key in seen:
            return
        seen.add(key)
        budget[0] -= 1
        actions = h.legal_actions()
        swaps = any(isinstance(a, Swap) for a in actions)
        if not swaps and len(hand) > 1 and not may_go_out(hand, h.melds, ace):
            return  # the cards alone cannot go down from here
        tries = [a for a in actions if not isinstance(a, Discard) or len(hand) == 1]
        tries.sort(key=lambda a: -len(getattr(a, "cards", ())))
        for a in tries:
            after = h.clone()
            after.apply(a)
            search(after, [*line, a])
            if best and best[0][0] < 0:  # out with no card thrown: none better
                return

    search(state, [] if first is None else [first])
    return best[0][1] if best else None


def _stranded(
    cards: Sequence[int], counts: Sequence[int], table: Sequence[TableMeld], ace: Ace
) -> int:
    """How many natural cards of ``cards`` have no partner: no card of their rank in
    another suit, none of their suit within two places, and no place on ``table``. Each
    needs two jokers to be melded, or is the one card left over."""
    ranks = [0] * 15  # per rank, a bit per suit held
    suits = [0] * 4  # per suit, a bit per place held (aces at 1 and, where high, 14)
    high = ace is not Ace.LOW
    for c in cards:
        if c == JOKER_CODE:
            continue
        rank, suit = RANK_OF[c], SUIT_OF[c]
        ranks[rank] |= 1 << suit
        suits[suit] |= 1 << rank | (1 << 14 if rank == 1 and high else 0)
    stranded = 0
    for c in set(cards):
        if c == JOKER_CODE:
            continue
        rank, suit = RANK_OF[c], SUIT_OF[c]
        if ranks[rank] & ~(1 << suit):
            continue
        held = suits[suit]
        if ace is Ace.AROUND:  # K A 2: the places wrap, 2 and 3 after the high ace, K at 0
            held |= (held >> 2 & 0b11) << 15 | held >> 13 & 1
        places = (1, 14) if rank == 1 and high else (rank,)
        if any(held & (0b11011 << max(0, p - 2)) >> max(0, 2 - p) for p in places):
            continue
        if layable(c, table, ace):
            continue
        stranded += counts[c]
    return stranded
