"""Determinization: full engine states that agree with everything one player can see.

A bot sees a :class:`~rummykit.view.PlayerView`: its own hand, the pile, the table, how
many cards everybody holds, and the cards each player is publicly known to hold. The
*unseen* cards are the pack minus all of those; :func:`determinize` deals them at random
to the other hands (beside their known cards) and to the stock, and builds a
:class:`~rummykit.hand.Hand` that the engine can play on (``clone``, ``legal_actions``,
``apply``), as :meth:`Hand.clone` fills it.

>>> import random
>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
>>> view = game.view(game.to_act)
>>> hand = determinize(view, random.Random(1))
>>> sorted(hand.hands[view.seat]) == sorted(game.hand.hands[view.seat])
True
>>> len(hand.stock) == view.stock_size
True
>>> sorted(hand.legal_actions(), key=str) == sorted(view.legal_actions, key=str)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.actions import Discard
from rummykit.bots.evaluate import pack_counts
from rummykit.cards import JOKER_CODE
from rummykit.hand import Hand, Phase
from rummykit.rules import RummyCall, StockExhausted
from rummykit.view import PlayerView

__all__ = ["determinize", "unseen_cards", "unseen_counts"]


def unseen_counts(view: PlayerView) -> list[int]:
    """How many copies of each card code ``view.seat`` has not seen anywhere: the pack
    minus its own hand, the pile, the table and every card known to be in a hand."""
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator view has no hand to determinize")
    counts = pack_counts(view.rules, len(view.players))
    seen: list[int] = [int(c) for c in view.hand]
    seen.extend(int(c) for c in view.pile)
    for m in view.melds:
        seen.extend(m.meld.cards)
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            seen.extend(int(c) for c in known)
    for c in seen:
        counts[c] -= 1
    for c in range(53):
        if counts[c] < 0:  # cannot happen with a consistent view; stay safe
            counts[c] = 0
    return counts


def unseen_cards(view: PlayerView) -> list[int]:
    """The unseen cards as a list of codes (see :func:`unseen_counts`)."""
    return [c for c, k in enumerate(unseen_counts(view)) for _ in range(k)]


def _same_card(view: PlayerView) -> int:
    """The card taken alone from the pile top this turn, which may not be discarded."""
    if view.took != 1 or view.must_meld is not None or view.hand is None:
        return -1
    held = {int(c) for c in view.hand}
    discardable = {int(a.card) for a in view.legal_actions if isinstance(a, Discard)}
    missing = held - discardable
    if len(missing) == 1 and discardable:
        return missing.pop()
    if not discardable and len(held) == 1:
        return next(iter(held))
    return -1


def _turn_start(log: Sequence[tuple[int, str]], seat: int) -> int:
    """Index in ``log`` of the action that began ``seat``'s current turn (-1 if none)."""
    for i in range(len(log) - 1, -1, -1):
        s, text = log[i]
        if s == seat and text.split()[0] in ("draw", "take", "rummy"):
            return i
    return -1


def determinize(view: PlayerView, rng: random.Random) -> Hand:
    """A full :class:`Hand` consistent with ``view``, the unseen cards dealt by ``rng``.

    The other players hold their known cards plus random unseen ones; the stock is the
    rest in random order. The state is the one ``view.seat`` acts in, so its legal
    actions are ``view.legal_actions``. Raises ``ValueError`` for a spectator view.
    """
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator view has no hand to determinize")
    me = view.seat
    n = len(view.players)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    at = 0
    for seat in range(n):
        if seat == me:
            hands.append([int(c) for c in view.hand])
            continue
        known = [int(c) for c in view.known[seat]]
        hidden = max(0, view.hand_sizes[seat] - len(known))
        hands.append(known + pool[at : at + hidden])
        at += hidden
    stock = pool[at : at + view.stock_size]
    while len(stock) < view.stock_size:  # only with an inconsistent view
        stock.append(JOKER_CODE)

    rules = view.rules
    log = view.log
    h = Hand.__new__(Hand)
    h.rules = rules
    h.n = n
    h.names = view.players
    h.dealer = view.dealer
    h.number = view.hand_number
    h.seed = f"determinized/{rng.random()}"
    h.hands = hands
    h.stock = stock
    h.pile = [int(c) for c in view.pile]
    h.melds = [m.meld for m in view.melds]
    h.known = [[int(c) for c in k] for k in view.known]
    h.turn = view.turn
    h.phase = view.phase
    h.took = view.took
    pending = view.must_meld is not None
    h.pending = pending
    same = _same_card(view) if view.phase is Phase.PLAY else -1
    h.same_card = same
    h.target = int(view.must_meld) if view.must_meld is not None else same
    start = _turn_start(log, view.turn) if view.phase is Phase.PLAY else -1
    called = start >= 0 and log[start][1].startswith("rummy")
    if not pending:
        h.pending_rule = ""
    elif called:
        h.pending_rule = "rummy.take"
    elif view.took > 1:
        h.pending_rule = "take.must-meld"
    elif view.stock_size == 0:
        h.pending_rule = "end.stock-take"
    else:
        h.pending_rule = "take.must-meld-top"
    h.melds_made = view.melds_made
    h.has_melded = list(view.has_melded)
    h.played = list(view.played)
    h.played_at_start = any(
        s == view.turn and t.split()[0] in ("meld", "layoff", "swap")
        for s, t in (log[:start] if start >= 0 else log)
    )
    h.window = view.call_order
    h.window_next = view.turn
    h.last_player = (view.turn - 1) % n
    last_discard = rules.rummy_call is RummyCall.LAST_DISCARD
    h.call_layoff_only = called and last_discard and pending and view.phase is Phase.PLAY
    h.call_resume = (log[start - 1][0] + 1) % n if called and start >= 1 else view.turn
    h.reuse = view.stock_reuses
    h.last_turn = (
        view.phase is Phase.PLAY
        and view.stock_size == 0
        and rules.stock_exhausted is StockExhausted.LAST_CARD
    )
    first = (view.dealer + 1) % n
    h.first_turn = (
        rules.first_player_extra_card
        and view.phase is Phase.PLAY
        and all(s == first and not t.startswith(("draw", "take", "discard")) for s, t in log)
    )
    h.ended_by = None
    h.out = -1
    h._log = None
    for slot in Hand.__slots__:
        # the engine's caches (``_legal``, ``_reach_base``, ...): empty, rebuilt on demand
        if slot.startswith("_") and not hasattr(h, slot):
            setattr(h, slot, None)
    return h
