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

from rummykit import Hand
from rummykit.bots.evaluate import pack_counts
from rummykit.bots.inference import weighted_deal
from rummykit.bots.seen import shown_cards
from rummykit.bots.stock import PublicStock, public_stock, reshuffled_cards
from rummykit.cards import JOKER_CODE
from rummykit.view import PlayerView

__all__ = ["determinize", "unseen_cards", "unseen_counts"]


def unseen_counts(view: PlayerView, *, public: bool = True) -> list[int]:
    """How many copies of each card code ``view.seat`` has not seen anywhere: the pack
    minus its own hand, the pile, the table and every card known to be in a hand. With
    ``public`` (the default), the cards that others drew from a turned-over stock of
    public order and still hold are known to be in their hands too
    (:func:`rummykit.bots.stock.public_stock`); the stock's own cards still count as
    unseen."""
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator view has no hand to determinize")
    counts = pack_counts(view.rules, len(view.players))
    seen = shown_cards(view)
    stock = public_stock(view) if public else None
    if stock is not None:
        for held in stock.held:
            seen.extend(held)
    for c in seen:
        counts[c] -= 1
    for c in range(53):
        if counts[c] < 0:  # cannot happen with a consistent view; stay safe
            counts[c] = 0
    return counts


def unseen_cards(view: PlayerView) -> list[int]:
    """The unseen cards as a list of codes (see :func:`unseen_counts`)."""
    return [c for c, k in enumerate(unseen_counts(view)) for _ in range(k)]


def determinize(
    view: PlayerView, rng: random.Random, weights: Sequence[Sequence[float]] | None = None
) -> Hand:
    """A full :class:`Hand` consistent with ``view``, the unseen cards dealt by ``rng``.

    The other players hold their known cards plus random unseen ones; the stock is the
    rest in random order. Where the stock was made by turning the pile over unshuffled
    (:func:`rummykit.bots.stock.public_stock`), the stock is its public order and the
    cards others drew from it stay in their hands: only the rest is dealt. Where the
    pile was shuffled into the stock (:func:`rummykit.bots.stock.reshuffled_cards`),
    the stock is dealt from the unseen cards that shuffle put there (and, where it held
    the deal's upcard, which the log does not name, one other unseen card), the rest of
    them and every other unseen card to the hidden hands. With ``weights``
    (:func:`rummykit.bots.inference.card_weights`) each hidden card is dealt as likely
    as the public log makes it
    (:func:`rummykit.bots.inference.weighted_deal`). The state is the one ``view.seat``
    acts in, so its legal actions are ``view.legal_actions``. Raises ``ValueError`` for
    a spectator view.
    """
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator view has no hand to determinize")
    public = public_stock(view)
    if public is not None:
        return _with_public_stock(view, rng, weights, public)
    shuffled = reshuffled_cards(view)
    if shuffled is not None:
        return _with_shuffled_stock(view, rng, weights, shuffled)
    if weights is not None:
        dealt, rest = weighted_deal(view, weights, rng, unseen_cards(view))
        return view.state_with(dealt, rest, seed=f"determinized/{rng.random()}")
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

    return view.state_with(hands, stock, seed=f"determinized/{rng.random()}")


def _deal_hidden(
    view: PlayerView,
    rng: random.Random,
    weights: Sequence[Sequence[float]] | None,
    pool: list[int],
    known: Sequence[Sequence[int]],
) -> list[list[int]]:
    """Every seat's hand: the viewer's own, and each other seat's ``known`` cards plus
    its hidden ones dealt from ``pool`` (shuffled, or drawn with ``weights``)."""
    assert view.seat is not None and view.hand is not None
    if weights is not None:
        hands, _ = weighted_deal(view, weights, rng, pool, known=known, stock_size=0)
        return hands
    rng.shuffle(pool)
    hands = []
    at = 0
    for seat in range(len(view.players)):
        if seat == view.seat:
            hands.append([int(c) for c in view.hand])
            continue
        hidden = max(0, view.hand_sizes[seat] - len(known[seat]))
        hands.append(list(known[seat]) + pool[at : at + hidden])
        at += hidden
    return hands


def _with_shuffled_stock(
    view: PlayerView,
    rng: random.Random,
    weights: Sequence[Sequence[float]] | None,
    shuffled: Sequence[int | None],
) -> Hand:
    """:func:`determinize` where the pile was shuffled into the stock: the stock is dealt
    from the unseen cards among ``shuffled`` (the rest of them were drawn since by the
    others, who hold them hidden), the hidden hands from what is left. Where ``shuffled``
    holds the deal's upcard (``None``), one other unseen card may be that card."""
    counts = unseen_counts(view)
    could = [0] * len(counts)
    for c in shuffled:
        if c is not None:
            could[c] += 1
    candidates: list[int] = []
    others: list[int] = []
    for c, k in enumerate(counts):
        inside = min(k, could[c])
        candidates.extend([c] * inside)
        others.extend([c] * (k - inside))
    rng.shuffle(others)
    if None in shuffled and others:
        candidates.append(others.pop())
    rng.shuffle(candidates)
    size = view.stock_size
    stock = candidates[:size]
    pool = candidates[size:] + others
    while len(stock) < size:  # only with an inconsistent view
        stock.append(pool.pop() if pool else JOKER_CODE)
    known = [[int(c) for c in k] for k in view.known]
    hands = _deal_hidden(view, rng, weights, pool, known)
    return view.state_with(hands, stock, seed=f"determinized/{rng.random()}")


def _with_public_stock(
    view: PlayerView,
    rng: random.Random,
    weights: Sequence[Sequence[float]] | None,
    public: PublicStock,
) -> Hand:
    """:func:`determinize` where the stock's order is public: the stock as it is, each
    other seat's known and drawn-and-held cards, the rest dealt to their hidden places."""
    assert view.seat is not None and view.hand is not None
    pool = unseen_cards(view)  # the held cards are not in it; the stock's cards are
    for c in public.order:
        pool.remove(c)
    known = [
        [int(c) for c in k] + list(held) for k, held in zip(view.known, public.held, strict=True)
    ]
    hands = _deal_hidden(view, rng, weights, pool, known)
    return view.state_with(hands, public.order, seed=f"determinized/{rng.random()}")
