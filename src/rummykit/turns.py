"""What each action does to a hand ([draw.*], [take.*], [meld.*], [layoff.*],
[joker.swap], [discard.*], [end.*], [rummy.*], [out.*]).

Each handler first asks :mod:`rummykit.checks` (and :mod:`rummykit.legal` for takes and
calls, the same checks that list the legal actions) and raises the refusal; only then,
when ``commit`` is true, does it change the hand and return the :class:`Event`. A refused
action leaves the hand exactly as it was. :class:`rummykit.hand.Hand` dispatches through
:data:`HANDLERS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    JokerAs,
    LayOff,
    Meld,
    Pass,
    Swap,
    Take,
)
from rummykit.cards import CARDS, JOKER_CODE, Card
from rummykit.checks import (
    discard_refusal,
    enter_turn_refusal,
    held_rest,
    last_discard_call_refusal,
    pile_depth,
    play_refusal,
    swap_refusal,
    table_play_refusal,
    take_allowed,
    take_obligation,
    third_person,
    verb,
    whom,
)
from rummykit.errors import IllegalAction, RecordError
from rummykit.events import Event, HandEnd
from rummykit.legal import callers, open_call_depths, take_refusal
from rummykit.melds import TableMeld, lay_off, resolve_meld, swap_joker
from rummykit.rules import GoingOut, PileDraw, RummyCall, StockExhausted
from rummykit.state import HandState, Phase

__all__ = ["HANDLERS", "Handler"]

#: A handler: checks ``action`` by seat ``p`` and, when ``commit`` is true, applies it
#: and returns its event (None when only checking).
Handler = Callable[[HandState, int, Action, bool], Event | None]


def _split(tokens: Sequence[Card | JokerAs]) -> tuple[list[int], list[JokerAs]]:
    naturals: list[int] = []
    jokers: list[JokerAs] = []
    for t in tokens:
        if isinstance(t, JokerAs):
            jokers.append(t)
        elif t == JOKER_CODE:
            jokers.append(JokerAs())
        else:
            naturals.append(int(t))
    return naturals, jokers


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in codes)


# ---------------------------------------------------------------------- state changes
def _close_window(h: HandState) -> tuple[int, ...]:
    """Closes an open Rummy call window (the next player starts their turn); returns the
    seats whose call lapsed."""
    if h.phase is not Phase.RUMMY:
        return ()
    lapsed = h.window
    h.turn = h.window_next
    h.window = ()
    h.phase = Phase.DRAW
    h.calls_cache = None
    return lapsed


def _start_turn(h: HandState, p: int) -> None:
    """Resets the per-turn state when ``p`` starts the play part of a turn (the pile may
    have changed: a take, or a stock made from it)."""
    h.turn = p
    h.phase = Phase.PLAY
    h.calls_cache = None
    h.melds_made = 0
    h.tabled = False
    h.played_at_start = h.played[p]
    h.call_layoff_only = False


def _remove_known(h: HandState, p: int, cards: Sequence[int]) -> None:
    """Forgets public knowledge of ``p``'s cards that left the hand: taken from the pile
    (``known``) or, for a card not among those, drawn from a stock of public order
    (``drawn_known``)."""
    known = h.known[p]
    drawn = h.drawn_known[p]
    if not known and not drawn:
        return
    left = list(drawn)
    for c in cards:
        if c in known:
            known.remove(c)
        elif c in left:
            left.remove(c)
    if len(left) != len(drawn):
        h.drawn_known = (*h.drawn_known[:p], tuple(left), *h.drawn_known[p + 1 :])


def _end_turn(h: HandState, p: int) -> None:
    """Ends ``p``'s turn (after a discard, or floating) and opens any Rummy call."""
    h.took = 0
    h.target = -1
    h.pending = False
    h.same_card = -1
    h.melds_made = 0
    h.tabled = False
    h.call_layoff_only = False
    h.first_turn = False
    if h.last_turn:
        h.phase = Phase.OVER
        h.ended_by = HandEnd.STOCK
        return
    nxt = (p + 1) % h.n
    h.turn = nxt
    h.phase = Phase.DRAW
    h.calls_cache = None
    h.last_player = p  # who just played, whether or not a call window opens ([rummy.who])
    if h.rules.rummy_call is RummyCall.OFF or h.n < 3:
        return
    order = tuple((nxt + 1 + i) % h.n for i in range(h.n - 2))
    h.window_next = nxt
    window = callers(h, order)
    if window:
        h.window = window
        h.phase = Phase.RUMMY


def _finish(h: HandState, out: int) -> None:
    """Ends the hand because ``out`` went out."""
    h.phase = Phase.OVER
    h.ended_by = HandEnd.OUT
    h.out = out


def _new_stock(h: HandState) -> tuple[list[int], bool]:
    """The stock an empty stock is rebuilt into (bottom first), and whether it was
    shuffled. A record's planned order is used when there is one ([end.stock])."""
    pile = h.pile
    if h.rules.stock_exhausted is not StockExhausted.RESHUFFLE:
        return pile[::-1], False  # turned face down: the oldest card (the upcard) on top
    index = len(h.shuffles)
    if index < len(h.planned):
        order = h.planned[index]
        if sorted(order) != sorted(pile):
            raise RecordError(
                "record.reshuffle",
                f"reshuffle {index + 1} of hand {h.number} is not the {len(pile)} cards of "
                "the discard pile",
            )
        return list(reversed(order)), True
    rng = random.Random(f"{h.seed}/{h.number}/reshuffle/{h.reuse}")
    new = pile[:]
    rng.shuffle(new)
    return new, True


# ---------------------------------------------------------------------- handlers
def _draw(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    refusal = enter_turn_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    if not h.stock and not h.can_turn_over():
        if h.pile_reusable():  # and so the hand is dead
            raise IllegalAction(
                "end.dead",
                "the stock is empty and no card off the table can ever be melded or laid "
                "off, so the pile is not turned over: end the hand (end)",
            )
        raise IllegalAction(
            "end.stock", "the stock is empty: take from the pile, or end the hand (end)"
        )
    rebuilt: list[int] | None = None
    shuffled = False
    if not h.stock:
        rebuilt, shuffled = _new_stock(h)  # may refuse a record's order: before changes
    if not commit:
        return None
    passed = _close_window(h)
    order: tuple[Card, ...] | None = None
    if rebuilt is not None:
        h.stock = rebuilt
        h.pile = []
        h.reuse += 1
        if shuffled:
            top_first = tuple(reversed(rebuilt))
            h.shuffles = (*h.shuffles, top_first)
            order = _cards(top_first)
    card = h.stock.pop()
    h.hands[p].append(card)
    public = h.stock_public()
    if public:  # everybody saw which card it was
        drawn = h.drawn_known
        h.drawn_known = (*drawn[:p], (*drawn[p], card), *drawn[p + 1 :])
    _start_turn(h, p)
    h.took = 0
    h.target = -1
    h.pending = False
    h.same_card = -1
    if not h.stock and h.rules.stock_exhausted is StockExhausted.LAST_CARD:
        h.last_turn = True
    return Event(
        h.number,
        p,
        action,
        drawn=CARDS[card],
        passed=passed,
        restocked=rebuilt is not None,
        stock_order=order,
        drawn_public=public,
    )


def _depth(h: HandState, action: Take | CallRummy) -> int:
    card = int(action.card) if action.card is not None else None
    depth = pile_depth(h, action.count, card)
    if isinstance(depth, IllegalAction):
        raise depth
    return depth


def _take(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, Take)
    refusal = enter_turn_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    depth = _depth(h, action)
    refusal = take_refusal(h, p, depth)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    passed = _close_window(h)
    taken = _do_take(h, p, depth, take_obligation(h, depth))
    return Event(h.number, p, action, taken=taken, passed=passed)


def _do_take(h: HandState, p: int, depth: int, obligation: str) -> tuple[Card, ...]:
    taken = h.pile[len(h.pile) - depth :]
    del h.pile[len(h.pile) - depth :]
    h.hands[p].extend(taken)
    h.known[p].extend(taken)
    _start_turn(h, p)
    h.took = depth
    h.target = taken[0]
    h.pending = bool(obligation)
    h.pending_rule = obligation
    h.same_card = taken[0] if depth == 1 else -1
    return _cards(taken)


def _call_refusal(h: HandState, p: int, depth: int) -> IllegalAction | None:
    rules = h.rules
    target = h.pile[-depth]
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        if depth != 1:
            return IllegalAction("rummy.last-discard", "only the last discard may be called")
        return last_discard_call_refusal(h, p)
    if not take_allowed(h, p, depth, for_call=True):
        what = "melded with table melds and the pile cards above it"
        if h.all_at_once and depth in open_call_depths(h, p):  # it could, but not whole
            return IllegalAction(
                "wrotham.all-at-once",
                f"{CARDS[target]} can be {what}, but {h.name(p)} could not meld the whole "
                f"hand with it at once, as deal {h.number} requires",
            )
        return IllegalAction("rummy.take", f"{CARDS[target]} cannot be {what}")
    return None


def _call(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, CallRummy)
    rules = h.rules
    if rules.rummy_call is RummyCall.OFF:
        raise IllegalAction("rummy.off", "these rules have no Rummy calls")
    if h.phase is not Phase.RUMMY or p not in h.window:
        if p == h.last_player and h.phase in (Phase.RUMMY, Phase.DRAW):
            raise IllegalAction("rummy.who", f"{h.name(p)} just played and may not call")
        nxt = h.window_next if h.phase is Phase.RUMMY else h.turn
        if p == nxt and h.phase in (Phase.RUMMY, Phase.DRAW):
            if rules.rummy_call is RummyCall.PILE and rules.pile_draw is PileDraw.ANY_DEPTH:
                why = f" and {third_person(h.name(p), 'takes')} from the pile instead"
            else:  # their turn cannot reach the same cards: the rule alone says why
                why = ": the next player may not call"
            raise IllegalAction("rummy.who", f"{verb(h.name(p), 'is')} next to play{why}")
        last_discard = rules.rummy_call is RummyCall.LAST_DISCARD
        if last_discard and h.phase is Phase.DRAW and h.last_player >= 0 and h.pile:
            # after a discard that opened no call in this mode: [rummy.last-discard] is
            # the rule that limits calls to the last discard, and to one that lays off
            refusal = _call_refusal(h, p, _depth(h, action))
            if refusal is not None:
                raise refusal
        why = ""
        if h.phase is Phase.RUMMY and rules.layoff_needs_own_meld and not h.has_melded[p]:
            # a call open for others may be one this player could only lay off (decision 16)
            why = (
                f" ({h.name(p)} has not melded, so may call only a card that pile cards "
                "meld among themselves: [layoff.own-meld-first])"
            )
        raise IllegalAction("rummy.when", f"no Rummy call is open for {whom(h.name(p))} now{why}")
    depth = _depth(h, action)
    refusal = _call_refusal(h, p, depth)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    passed = h.window[: h.window.index(p)]  # those asked before p let it go
    resume = h.window_next
    h.window = ()
    h.calls_cache = None
    taken = _do_take(h, p, depth, "rummy.take")
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        h.call_layoff_only = True
        h.call_resume = resume
    return Event(h.number, p, action, taken=taken, passed=passed)


def _pass(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    if h.phase is not Phase.RUMMY or h.window[0] != p:
        raise IllegalAction("action.turn", f"no Rummy call is offered to {whom(h.name(p))} now")
    if not commit:
        return None
    h.window = h.window[1:]
    if not h.window:
        _close_window(h)
        h.phase = Phase.DRAW
        h.turn = h.window_next
    return Event(h.number, p, action, passed=(p,))


#: (meld action, cards it uses, resolved meld) by the action's identity and the ace rule's
#: value (not its ``Ace`` member: a key the garbage collector stops tracking, as every key
#: of the engine's caches): the engine lists the same meld objects again and again
#: (holding the action keeps its id unique); cleared when it grows past _RESOLVED_LIMIT
_RESOLVED: dict[tuple[int, str], tuple[Meld, tuple[int, ...], TableMeld]] = {}
_RESOLVED_LIMIT = 20_000


def _meld(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, Meld)
    refusal = play_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    rules = h.rules
    limit = rules.melds_per_turn
    if limit is not None and h.melds_made >= limit and not h.all_at_once:
        raise IllegalAction(
            "meld.one-per-turn", f"{h.name(p)} has already put down {limit} new meld(s) this turn"
        )
    key = (id(action), rules.ace.value)
    known = _RESOLVED.get(key)
    if known is not None and known[0] is action:
        used = list(known[1])
        rest = held_rest(h, p, used)
        if isinstance(rest, IllegalAction):
            raise rest
        resolved = known[2]
    else:
        naturals, jokers = _split(action.cards)
        used = naturals + [JOKER_CODE] * len(jokers)
        rest = held_rest(h, p, used)
        if isinstance(rest, IllegalAction):
            raise rest
        head = action.cards[0]
        if isinstance(head, JokerAs):
            first = int(head.card) if head.card is not None else -1
        else:
            first = int(head)
        resolved = resolve_meld(naturals, jokers, rules.ace, first)
        if len(_RESOLVED) >= _RESOLVED_LIMIT:
            _RESOLVED.clear()
        _RESOLVED[key] = (action, tuple(used), resolved)
    meld = resolved.owned_by(p)
    melds = [*h.melds, meld]
    refusal = table_play_refusal(h, p, rest, melds, used, True)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    _commit_table(h, p, rest, melds, used)
    h.melds_made += 1
    h.has_melded[p] = True
    _after_commit(h, p)
    return Event(h.number, p, action)


def _layoff(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, LayOff)
    refusal = play_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    rules = h.rules
    if not 1 <= action.meld <= len(h.melds):
        raise IllegalAction("action.meld", f"there is no meld {action.meld} on the table")
    if rules.layoff_needs_own_meld and not h.has_melded[p]:
        raise IllegalAction(
            "layoff.own-meld-first", f"{h.name(p)} must put down a meld before laying off"
        )
    naturals, jokers = _split(action.cards)
    called = [JOKER_CODE] * len(jokers) + naturals
    if h.call_layoff_only and called != [h.target]:
        raise IllegalAction(
            "rummy.last-discard", f"{h.name(p)} must lay off the called {CARDS[h.target]} alone"
        )
    used = naturals + [JOKER_CODE] * len(jokers)
    rest = held_rest(h, p, used)
    if isinstance(rest, IllegalAction):
        raise rest
    old = h.melds[action.meld - 1]
    new = lay_off(old, naturals, jokers, action.end, p, rules.ace)
    melds = h.melds[:]
    melds[action.meld - 1] = new
    refusal = table_play_refusal(h, p, rest, melds, used, False)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    _commit_table(h, p, rest, melds, used)
    if h.call_layoff_only:
        h.call_layoff_only = False
        h.took = 0
        h.target = -1
        h.pending = False
        h.same_card = -1
        h.tabled = False
        if not h.hands[p] and rules.going_out is GoingOut.ANY:
            _finish(h, p)
        else:
            h.turn = h.call_resume
            h.phase = Phase.DRAW
        return Event(h.number, p, action)
    _after_commit(h, p)
    return Event(h.number, p, action)


def _commit_table(
    h: HandState, p: int, rest: list[int], melds: list[TableMeld], used: list[int]
) -> None:
    if h.pending and h.target in used:
        h.pending = False
    if h.same_card in used:
        h.same_card = -1
    h.hands[p] = rest
    h.melds = melds
    h.played[p] = True
    h.tabled = True
    h.calls_cache = None  # calls found on the table as it was
    _remove_known(h, p, used)


def _after_commit(h: HandState, p: int) -> None:
    if h.hands[p]:
        return
    if h.rules.going_out in (GoingOut.FLOATING, GoingOut.FLOATING_UNPLAYABLE):
        _end_turn(h, p)  # the player floats
    else:
        _finish(h, p)


def _swap(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, Swap)
    refusal = play_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    if not h.rules.joker_swap:
        raise IllegalAction("joker.swap", "these rules do not allow taking a joker from the table")
    if not 1 <= action.meld <= len(h.melds):
        raise IllegalAction("action.meld", f"there is no meld {action.meld} on the table")
    card = int(action.card)
    rest = held_rest(h, p, [card])
    if isinstance(rest, IllegalAction):
        raise rest
    new = swap_joker(h.melds[action.meld - 1], card, p)
    if new is None:
        raise IllegalAction(
            "joker.swap", f"no joker in meld {action.meld} stands for {action.card}"
        )
    rest.append(JOKER_CODE)
    melds = h.melds[:]
    melds[action.meld - 1] = new
    refusal = swap_refusal(h, p, card, rest, melds)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    if h.pending and card == h.target:
        h.pending = False
    if card == h.same_card:
        h.same_card = -1
    h.hands[p] = rest
    h.melds = melds
    h.played[p] = True
    h.tabled = True
    h.calls_cache = None  # calls found on the table as it was
    _remove_known(h, p, [card])
    h.known[p].append(JOKER_CODE)
    return Event(h.number, p, action)


def _discard(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    assert isinstance(action, Discard)
    refusal = play_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    card = int(action.card)
    rest = held_rest(h, p, [card])
    if isinstance(rest, IllegalAction):
        raise rest
    refusal = discard_refusal(h, p, card)
    if refusal is not None:
        raise refusal
    if not commit:
        return None
    h.hands[p] = rest
    h.pile.append(card)
    _remove_known(h, p, [card])
    if not rest:
        _finish(h, p)
        return Event(h.number, p, action)
    _end_turn(h, p)
    # the Rummy call a discard opens goes in the event as it is made (cheaper than after)
    return Event(h.number, p, action, call_window=h.window if h.phase is Phase.RUMMY else ())


def _end(h: HandState, p: int, action: Action, commit: bool) -> Event | None:
    refusal = enter_turn_refusal(h, p, action)
    if refusal is not None:
        raise refusal
    if not h.stock_locked():
        if h.stock:
            raise IllegalAction("end.stock", "the hand ends only when the stock is empty")
        raise IllegalAction("end.stock", "the pile is turned over to make a new stock: draw")
    if not commit:
        return None
    passed = _close_window(h)
    h.phase = Phase.OVER
    h.ended_by = HandEnd.STOCK
    return Event(h.number, p, action, passed=passed)


HANDLERS: dict[type[Action], Handler] = {
    Draw: _draw,
    Take: _take,
    CallRummy: _call,
    Pass: _pass,
    Meld: _meld,
    LayOff: _layoff,
    Swap: _swap,
    Discard: _discard,
    End: _end,
}
