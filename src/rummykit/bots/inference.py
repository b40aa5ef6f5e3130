"""Inference of hidden hands from the hand's public log (issue 10).

Every opponent's discards and passed-up pile cards say something about the cards it
holds: a player does not throw away a card that melds with its hand, and does not draw
from the stock when the pile top would have made a meld with two of its cards.
:func:`card_weights` turns the public log of a view into a weight for each opponent and
each card code (1: no information, below 1: less likely in that hand than a uniform deal
would say), and :func:`weighted_deal` deals the unseen cards with them: each opponent's
hidden cards are drawn from the unseen pool with probability proportional to the product
of their weights (a conditional Bernoulli / Fisher noncentral hypergeometric deal), the
stock taking the rest in random order.

Only the view is read: its log, pile, known cards and hand sizes.
:func:`log_likelihood_ratio` scores a true hand under the weighted deal against the
uniform one; ``tests/bots/test_inference.py`` checks on logged positions of bot games
that the true hands are more likely under the weighted deal.

>>> import random
>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
>>> view = game.view(game.to_act)
>>> weights = card_weights(view)
>>> len(weights) == 2 and all(w == 1.0 for w in weights[1])
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, Card
from rummykit.errors import NotationError
from rummykit.rules import PileDraw
from rummykit.view import PlayerView

__all__ = [
    "DISCARD",
    "PASSED",
    "card_weights",
    "log_likelihood_ratio",
    "pile_before_draws",
    "weighted_deal",
]

#: Factors a discard puts on the cards it would meld with: the same rank, the same suit
#: one rank away, the same suit two ranks away (and the same card, in a two-pack game).
DISCARD = (0.45, 0.55, 0.75, 0.6)

#: Factors a pile card passed up (a draw from the stock while it lay on the pile, on top
#: or, where takes go deeper, below it) puts on the cards it would meld with.
PASSED = (0.7, 0.75, 0.9, 0.8)

#: Passed-up pile cards deeper than this are not counted.
MAX_DEPTH = 4

#: No weight goes below this: a hand can always hold anything.
FLOOR = 0.05


def _card(text: str) -> int | None:
    try:
        return int(Card.parse(text))
    except NotationError:
        return None


def pile_before_draws(view: PlayerView) -> list[tuple[int, list[int | None]]]:
    """The pile (bottom first) each time a player drew from the stock in this hand, as
    (seat, pile), replayed from the public log and today's pile. Cards that lay at the
    bottom of the pile and were taken before anybody saw them again are ``None``. Empty
    when the log cannot be replayed (the stock was turned over)."""
    if view.stock_reuses:
        return []
    events: list[tuple[int, str, str]] = []
    for seat, text in view.log:
        verb, _, rest = text.partition(" ")
        events.append((seat, verb, rest))
    # first pass: how many cards of the first pile were taken, and how many discards lie
    # on the pile now, which gives the first pile's size
    stack: list[int | None] = []  # discards on the pile (codes), above the first pile
    first_taken = 0
    for _, verb, rest in events:
        if verb == "discard":
            stack.append(_card(rest))
        elif verb in ("take", "rummy"):
            count = _take_count(rest, stack, view)
            if count is None:
                return []
            for _ in range(count):
                if stack:
                    stack.pop()
                else:
                    first_taken += 1
    pile = [int(c) for c in view.pile]
    first_left = len(pile) - len(stack)
    if first_left < 0 or [int(c) if c is not None else -1 for c in stack] != pile[first_left:]:
        return []
    first: list[int | None] = [*pile[:first_left], *([None] * first_taken)]
    # second pass: the pile at each draw
    out: list[tuple[int, list[int | None]]] = []
    current: list[int | None] = first
    for seat, verb, rest in events:
        if verb == "discard":
            current = [*current, _card(rest)]
        elif verb in ("take", "rummy"):
            count = _take_count(rest, current, view)
            if count is None or count > len(current):
                return []
            current = current[: len(current) - count]
        elif verb == "draw" and current:
            out.append((seat, current))
    return out


def _take_count(rest: str, pile: Sequence[int | None], view: PlayerView) -> int | None:
    """How many cards a ``take``/``rummy`` entry took off ``pile``."""
    if rest.isdigit():
        return int(rest)
    code = _card(rest)
    if code is None:
        return None
    for depth in range(len(pile) - 1, -1, -1):
        if pile[depth] == code:
            return len(pile) - depth
    return None


def _spread(weights: list[float], card: int, factors: Sequence[float]) -> None:
    """Multiplies the weights of the cards that meld with ``card`` by ``factors``."""
    if card < 0 or card >= JOKER_CODE:
        return
    same_rank, next_rank, second_rank, same_card = factors
    rank, suit = RANK_OF[card], SUIT_OF[card]
    weights[card] *= same_card
    for s in range(4):
        if s != suit:
            weights[s * 13 + rank - 1] *= same_rank
    for step, factor in ((1, next_rank), (2, second_rank)):
        for r in (rank - step, rank + step):
            if r == 14:  # the ace above the king (Q K A)
                r = 1
            elif r <= 0 and rank == 1:  # the ace high: K and Q below it
                r += 13
            if 1 <= r <= 13:
                weights[suit * 13 + r - 1] *= factor


def card_weights(view: PlayerView, strength: float = 1.0) -> list[list[float]]:
    """For every seat, a weight per card code (53): how much likelier that seat's hidden
    hand holds the card than a uniform deal says, from its discards and the pile cards it
    passed up. The viewer's own row stays all ones. ``strength`` raises every factor to
    that power (0: uniform)."""
    n = len(view.players)
    weights = [[1.0] * 53 for _ in range(n)]
    if view.seat is None:
        return weights
    me = view.seat
    for seat, text in view.log:
        if seat != me and text.startswith("discard "):
            code = _card(text[8:])
            if code is not None:
                _spread(weights[seat], code, DISCARD)
    deep = view.rules.pile_draw is PileDraw.ANY_DEPTH
    for seat, pile in pile_before_draws(view):
        if seat == me:
            continue
        depth_limit = MAX_DEPTH if deep else 1
        for depth, code in enumerate(reversed(pile)):
            if depth >= depth_limit:
                break
            if code is None:
                continue
            fade = 1.0 / (1 + depth)
            _spread(weights[seat], code, tuple(f**fade for f in PASSED))
    for row in weights:
        for c in range(53):
            w = row[c]
            if strength != 1.0:
                w = w**strength
            row[c] = max(FLOOR, w)
    return weights


def _elementary(ws: Sequence[float], k: int) -> list[list[float]]:
    """``table[i][j]``: the elementary symmetric polynomial of degree ``j`` of
    ``ws[i:]``, for ``j`` up to ``k``."""
    n = len(ws)
    table = [[0.0] * (k + 1) for _ in range(n + 1)]
    table[n][0] = 1.0
    for i in range(n - 1, -1, -1):
        below = table[i + 1]
        row = table[i]
        w = ws[i]
        row[0] = 1.0
        for j in range(1, k + 1):
            row[j] = below[j] + w * below[j - 1]
    return table


def _draw(pool: list[int], weights: Sequence[float], k: int, rng: random.Random) -> list[int]:
    """``k`` cards of ``pool`` (removed from it), a set drawn with probability
    proportional to the product of its weights."""
    if k <= 0:
        return []
    if k >= len(pool):
        taken = pool[:]
        pool.clear()
        return taken
    ws = [weights[c] for c in pool]
    table = _elementary(ws, k)
    chosen: list[int] = []
    rest: list[int] = []
    need = k
    for i, c in enumerate(pool):
        if need and rng.random() * table[i][need] < ws[i] * table[i + 1][need - 1]:
            chosen.append(c)
            need -= 1
        else:
            rest.append(c)
    pool[:] = rest
    return chosen


def weighted_deal(
    view: PlayerView,
    weights: Sequence[Sequence[float]],
    rng: random.Random,
    unseen: Sequence[int],
    *,
    known: Sequence[Sequence[int]] | None = None,
    stock_size: int | None = None,
) -> tuple[list[list[int]], list[int]]:
    """Every seat's hand and the stock (top first) for ``view``, given its ``unseen``
    cards (:func:`rummykit.bots.determinize.unseen_cards`): the viewer's own hand, each
    other seat's known cards plus hidden cards drawn with ``weights``
    (:func:`card_weights`), the opponents in random order, and the rest shuffled into
    the stock. ``known`` and ``stock_size`` replace the view's (each seat's known
    cards; how many cards to deal to the stock)."""
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator view has no hand to deal around")
    me = view.seat
    n = len(view.players)
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[me] = [int(c) for c in view.hand]
    order = [s for s in range(n) if s != me]
    rng.shuffle(order)
    size = view.stock_size if stock_size is None else stock_size
    for seat in order:
        cards = [int(c) for c in (view.known[seat] if known is None else known[seat])]
        hidden = max(0, view.hand_sizes[seat] - len(cards))
        hands[seat] = cards + _draw(pool, weights[seat], hidden, rng)
    stock = pool[:size]
    while len(stock) < size:  # only with an inconsistent view
        stock.append(JOKER_CODE)
    return hands, stock


def log_likelihood_ratio(
    unseen: Sequence[int], weights: Sequence[float], hidden: Sequence[int]
) -> float:
    """log P(``hidden``) under a deal of ``len(hidden)`` cards from the ``unseen`` ones
    weighted by ``weights`` (one seat's row of :func:`card_weights`), minus log P under a
    uniform deal: above 0 where the weights make the true hidden cards likelier."""
    pool = list(unseen)
    k = len(hidden)
    if k == 0 or k >= len(pool):
        return 0.0
    ws = [weights[c] for c in pool]
    e_k = _elementary(ws, k)[0][k]
    weighted = sum(math.log(weights[c]) for c in hidden) - math.log(e_k)
    uniform = -math.log(math.comb(len(pool), k))
    return weighted - uniform
