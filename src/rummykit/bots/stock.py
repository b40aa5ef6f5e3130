"""The public order of a turned-over stock (``stock_exhausted = turn-over``, as in ``rummy``).

Where the stock, once empty, is rebuilt by turning the discard pile over *without*
shuffling ([end.stock], :func:`rummykit.turns._new_stock`), the new stock's order is
public: every player saw the pile, and its oldest card (the upcard, or the first discard
after an earlier turn-over) lies on top. Every card drawn from that stock is then known,
and so is who drew it. The engine keeps both: a view's ``open_stock`` and
``drawn_known``. :func:`public_stock` reads them as the bots use them, and
:func:`next_card` answers the card a draw gives now.

Where the rules shuffle the pile into the new stock (``reshuffle``) the order is hidden,
but which cards the stock holds is not: :func:`reshuffled_cards` answers them by
replaying the hand's public log (draws, discards, takes, melds, lay-offs, swaps) from
the deal, shuffling the pile into the stock each time a draw finds it empty, and
checking the result against the view (the pile, the stock size, the count of
reshuffles). :func:`replay_stock` is that replay; it also turns the pile over where the
rules do, which tests compare with the engine. The deal's upcard is not in the log:
while it lies on the pile it is ``view.pile[0]``, and the replay cannot name it after.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("rummy"), ["Ana", "Ben"], seed=3)
>>> public_stock(game.view(0)) is None       # nothing turned over yet
True
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from rummykit import Phase
from rummykit.actions import Draw
from rummykit.cards import JOKER_CODE, Card
from rummykit.errors import NotationError
from rummykit.rules import StockExhausted
from rummykit.view import PlayerView

__all__ = [
    "PublicStock",
    "Replay",
    "next_card",
    "public_stock",
    "replay_stock",
    "reshuffled_cards",
]


@dataclass(frozen=True, slots=True)
class PublicStock:
    """What the table shows of the stock after a turn-over."""

    #: the stock, top first (the next card drawn first), every card known
    order: tuple[int, ...]
    #: for every seat, the cards it drew from a known stock and still holds (not put on
    #: the table or the pile since), beside the view's ``known`` cards (taken from the pile)
    held: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """The hand replayed from its public log: the pile (bottom first, ``None`` for the
    deal's upcard), the stock (top first, ``None`` where not public), the cards each
    seat drew from a known stock and still holds, the turn-overs, and where the rules
    shuffle the pile into the stock, the cards the latest shuffle put there (``None``
    for the deal's upcard; ``()`` before any)."""

    pile: tuple[int | None, ...]
    stock: tuple[int | None, ...]
    held: tuple[tuple[int, ...], ...]
    reuses: int
    shuffled: tuple[int | None, ...] = ()


def _code(text: str) -> int:
    """The card code of a card as the log writes it; a joker (``JK``, ``JK=8H``) is the
    joker's code. Raises :class:`NotationError`."""
    if text.startswith("JK"):
        return JOKER_CODE
    return int(Card.parse(text))


def _table_cards(verb: str, rest: str) -> list[int]:
    """The cards a ``meld``, ``layoff`` or ``swap`` entry put from the hand on the table."""
    if verb == "meld":
        return [_code(t) for t in rest.split()]
    if verb == "layoff":
        return [_code(t) for t in rest.partition(" to ")[0].split()]
    return [_code(rest.partition(" in ")[0])]  # swap: the card put in the joker's place


def _initial_stock(view: PlayerView) -> int:
    """How many cards the deal left in the stock."""
    rules = view.rules
    n = len(view.hand_sizes)
    dealt = n * rules.hand_size_for(n) + int(rules.first_player_extra_card) + 1
    return rules.pack_size(n) - dealt


class _State:
    """The replay so far: pile (bottom first, ``None`` for the deal's upcard), stock (top
    last, as the engine keeps it; ``None`` where not public), the cards each seat drew
    from a known stock and still holds, the turn-overs; with ``shuffle`` (the rules
    shuffle the pile into the stock), the cards the latest shuffle put in the stock;
    ``broken`` once the log made no sense."""

    __slots__ = ("broken", "held", "pile", "reuses", "shuffle", "shuffled", "stock")

    def __init__(self, players: int, stock: int, shuffle: bool = False) -> None:
        self.pile: list[int | None] = [None]
        self.stock: list[int | None] = [None] * stock
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.reuses = 0
        self.shuffle = shuffle
        self.shuffled: list[int | None] = []
        self.broken = False

    def copy(self) -> _State:
        other = _State.__new__(_State)
        other.pile = self.pile[:]
        other.stock = self.stock[:]
        other.held = [h[:] for h in self.held]
        other.reuses = self.reuses
        other.shuffle = self.shuffle
        other.shuffled = self.shuffled[:]
        other.broken = self.broken
        return other

    def play(self, entries: Sequence[tuple[int, str]]) -> None:
        """Plays on through more entries of the public log."""
        if self.broken:
            return
        held = self.held
        try:
            for seat, text in entries:
                verb, _, rest = text.partition(" ")
                if verb == "draw":
                    if not self.stock:
                        if not self.pile:
                            raise ValueError("a draw from nothing")
                        if self.shuffle:  # which cards is public, their order is not
                            self.shuffled = self.pile
                            self.stock = [None] * len(self.pile)
                        else:  # face down: the oldest card on top
                            self.stock = self.pile[::-1]
                        self.pile = []
                        self.reuses += 1
                    card = self.stock.pop()
                    if card is not None:
                        held[seat].append(card)
                elif verb == "discard":
                    card = _code(rest)
                    self.pile.append(card)
                    if card in held[seat]:
                        held[seat].remove(card)
                elif verb in ("take", "rummy"):
                    count = _take_count(rest, self.pile)
                    if count is None:
                        raise ValueError(f"no such take: {text}")
                    del self.pile[len(self.pile) - count :]
                elif verb in ("meld", "layoff", "swap"):
                    for card in _table_cards(verb, rest):
                        if card in held[seat]:
                            held[seat].remove(card)
        except (NotationError, IndexError, ValueError):
            self.broken = True


#: Recent replays: ((players, first stock size, shuffled), the log replayed, the state
#: after it). A view whose log goes on from one of them replays only its new entries:
#: the answer is the same, only sooner (the seats of one table all read one growing log).
_replays: list[tuple[tuple[int, int, bool], tuple[tuple[int, str], ...], _State]] = []
_replays_lock = threading.Lock()


def _replayed(view: PlayerView) -> _State:
    """The state after replaying the whole of ``view.log``."""
    shuffle = view.rules.stock_exhausted is StockExhausted.RESHUFFLE
    key = (len(view.hand_sizes), _initial_stock(view), shuffle)
    log = view.log
    found = None
    with _replays_lock:  # the server's bots and hints decide in several threads
        for i, (was, seen, _) in enumerate(_replays):
            if was == key and len(seen) <= len(log) and log[: len(seen)] == seen:
                found = _replays.pop(i)
                break
    if found is None:
        state = _State(key[0], key[1], shuffle)
        state.play(log)
    else:
        state = found[2].copy()
        state.play(log[len(found[1]) :])
    with _replays_lock:
        _replays.insert(0, (key, log, state.copy()))
        del _replays[4:]
    return state


def replay_stock(view: PlayerView) -> Replay | None:
    """The hand's pile, stock and drawn-and-held cards, replayed from the public log
    (turning the pile over, or shuffling it where the rules do, whenever a draw finds
    the stock empty), or ``None`` where the replay does not agree with the view."""
    state = _replayed(view)
    if state.broken:
        return None
    pile = state.pile
    now = [int(c) for c in view.pile]
    if len(pile) != len(now):
        return None
    if any(c is not None and c != d for c, d in zip(pile, now, strict=True)):
        return None
    if len(state.stock) != view.stock_size or state.reuses != view.stock_reuses:
        return None
    # the upcard is known while it lies on the pile
    known = tuple(d if c is None else c for c, d in zip(pile, now, strict=True))
    return Replay(
        known,
        tuple(reversed(state.stock)),
        tuple(map(tuple, state.held)),
        state.reuses,
        tuple(state.shuffled),
    )


def reshuffled_cards(view: PlayerView) -> tuple[int | None, ...] | None:
    """Where the rules shuffle the pile into an empty stock (``stock_exhausted =
    reshuffle``) and that has happened this hand, the cards the latest shuffle put in the
    stock, as the public log shows them (``None`` for the deal's upcard, which the log
    does not name): the stock holds only cards of these, in an order nobody knows.
    ``None`` otherwise, or where the log does not replay."""
    if view.rules.stock_exhausted is not StockExhausted.RESHUFFLE or not view.stock_reuses:
        return None
    replay = replay_stock(view)
    return None if replay is None else replay.shuffled


def _take_count(rest: str, pile: Sequence[int | None]) -> int | None:
    """How many cards a ``take``/``rummy`` entry took off ``pile``."""
    if rest.isdigit():
        count = int(rest)
        return count if 0 < count <= len(pile) else None
    code = _code(rest)
    for depth in range(len(pile) - 1, -1, -1):
        if pile[depth] == code:
            return len(pile) - depth
    return None


_cache: tuple[weakref.ref[PlayerView] | None, PublicStock | None] = (None, None)


def public_stock(view: PlayerView) -> PublicStock | None:
    """The stock's public order and the cards drawn from it that each other seat still
    holds beside its ``known`` cards (the view's ``open_stock`` and ``drawn_known``), or
    ``None`` where nothing of the stock is public: rules that do not turn the pile over
    unshuffled, no turn-over yet this hand, or a view that does not hold the order (one
    read from a wire document written before the field was added).

    The last answer is kept for the same view object (determinization asks once per
    deal it makes)."""
    global _cache
    ref, cached = _cache
    if ref is not None and ref() is view:
        return cached
    result = _compute(view)
    _cache = (weakref.ref(view), result)
    return result


def _compute(view: PlayerView) -> PublicStock | None:
    if view.rules.stock_exhausted is not StockExhausted.TURN_OVER or not view.stock_reuses:
        return None
    if len(view.open_stock) != view.stock_size:
        return None  # a view without the stock's order (read from an older document)
    n = len(view.hand_sizes)
    drawn = view.drawn_known if len(view.drawn_known) == n else ((),) * n
    # the engine keeps them apart from ``known``: other copies of the same cards
    held = tuple(() if seat == view.seat else tuple(map(int, d)) for seat, d in enumerate(drawn))
    return PublicStock(tuple(map(int, view.open_stock)), held)


def next_card(view: PlayerView, stock: PublicStock | None = None) -> int | None:
    """The card a draw from the stock gives now, where it is public: the known stock's
    top, or, with the stock empty and the pile about to be turned over, the pile's
    oldest card. ``None`` where it is not known (or the rules shuffle or do not turn
    over). ``stock`` is :func:`public_stock` of the view, if already known."""
    rules = view.rules
    if rules.stock_exhausted is not StockExhausted.TURN_OVER:
        return None
    if view.stock_size == 0:
        limit = rules.stock_reuse_limit
        # [end.dead]: the player to draw is not offered the draw
        dead = bool(view.legal_actions) and view.phase is Phase.DRAW
        dead = dead and not any(isinstance(a, Draw) for a in view.legal_actions)
        if view.pile and (limit is None or view.stock_reuses < limit) and not dead:
            return int(view.pile[0])
        return None
    if stock is None:
        stock = public_stock(view)
    return stock.order[0] if stock is not None and stock.order else None
