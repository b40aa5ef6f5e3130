"""What each action does to a hand, and the checks before it ([draw.*], [take.*],
[meld.*], [layoff.*], [joker.swap], [discard.*], [end.*], [rummy.*], [out.*]).

Each handler checks everything first and changes the hand only when ``commit`` is true,
so a refused action leaves the hand exactly as it was. :meth:`Hand.apply` dispatches
through :data:`HANDLERS`.
"""

from __future__ import annotations

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
from rummykit.errors import IllegalAction
from rummykit.hand import Hand, Phase
from rummykit.melds import TableMeld, lay_off, resolve_meld, swap_joker
from rummykit.reach import can_meld_all, swap_possible, table_cost
from rummykit.rules import GoingOut, PileDraw, RummyCall, StockExhausted

__all__ = [
    "HANDLERS",
    "discard_refusal",
    "same_card_trap",
    "take_allowed",
    "take_obligation",
    "top_take_trap",
]


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


# ---------------------------------------------------------------------- handlers
def _draw(h: Hand, p: int, action: Action, commit: bool) -> None:
    h._enter_turn(p, action)
    if not h.stock and not h.can_turn_over():
        raise IllegalAction(
            "end.stock", "the stock is empty: take from the pile, or end the hand (end)"
        )
    if not commit:
        return
    h._close_window()
    if not h.stock:
        h.turn_over()
    h.hands[p].append(h.stock.pop())
    h.start_turn(p)
    h.took = 0
    h.target = -1
    h.pending = False
    h.same_card = -1
    if not h.stock and h.rules.stock_exhausted is StockExhausted.LAST_CARD:
        h.last_turn = True


def take_obligation(h: Hand, p: int, depth: int) -> str:
    """The rule that obliges ``p`` to meld the target of a take of ``depth``, or ''."""
    if depth > 1:
        return "take.must-meld"
    if h.stock_locked():
        return "end.stock-take"
    if h.rules.top_card_must_meld:
        return "take.must-meld-top"
    return ""


def top_take_trap(h: Hand, p: int) -> bool:
    """Whether taking the top card alone would leave ``p`` nothing to discard
    (a floater, or a hand of copies of that card) with no way to meld it all."""
    top = h.pile[-1]
    hand = h.hands[p]
    if any(c != top for c in hand):
        return False
    saved = h.same_card
    h.same_card = top
    try:
        return same_card_trap(h, p, [*hand, top], h.melds)
    finally:
        h.same_card = saved


def take_allowed(h: Hand, p: int, depth: int, obligation: str, for_call: bool = False) -> bool:
    """Whether the target at ``depth`` can be melded after the take (or call)."""
    pile = h.pile
    target = pile[-depth]
    counts = [0] * 53
    above = pile[len(pile) - depth + 1 :]
    for c in above:
        counts[c] += 1
    total = len(above)
    if not for_call:
        for c in h.hands[p]:
            counts[c] += 1
        total += len(h.hands[p])
    if h.all_at_once and not for_call:
        counts[target] += 1
        return can_meld_all(counts, 1, target, h.rules.ace, h.melds)
    if not h.reach_for(p, 0, for_call).can_meld(target, counts, h.melds, total, h.fits()):
        return False
    if h.all_at_once:  # a caller, too, must then meld the whole hand at once
        for c in h.hands[p]:
            counts[c] += 1
        counts[target] += 1
        return can_meld_all(counts, 1, target, h.rules.ace, h.melds)
    return True


def _take(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, Take)
    h._enter_turn(p, action)
    depth = h.pile_depth(action.count, action.card, p)
    if depth > 1 and h.rules.pile_draw is PileDraw.TOP_ONLY:
        raise IllegalAction("draw.top-only", "only the top card of the pile may be taken")
    obligation = take_obligation(h, p, depth)
    target = h.pile[-depth]
    if depth == 1 and top_take_trap(h, p):
        raise _same_card_error(h, p, target)
    if obligation and not take_allowed(h, p, depth, obligation):
        rule = obligation
        if h.rules.target_must_start_meld and depth > 1:
            rule = "take.new-meld"
        raise IllegalAction(
            rule,
            f"{h.name(p)} could not meld {CARDS[target]}, which a take of "
            f"{depth} card{'s' if depth > 1 else ''} must meld this turn",
        )
    if commit:
        h._close_window()
        _do_take(h, p, depth, obligation)


def _do_take(h: Hand, p: int, depth: int, obligation: str) -> None:
    taken = h.pile[len(h.pile) - depth :]
    del h.pile[len(h.pile) - depth :]
    h.hands[p].extend(taken)
    h.known[p].extend(taken)
    h.start_turn(p)
    h.took = depth
    h.target = taken[0]
    h.pending = bool(obligation)
    h.pending_rule = obligation
    h.same_card = taken[0] if depth == 1 else -1


def _call(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, CallRummy)
    rules = h.rules
    if rules.rummy_call is RummyCall.OFF:
        raise IllegalAction("rummy.off", "these rules have no Rummy calls")
    if h.phase is not Phase.RUMMY or p not in h.window:
        if p == h.last_player and h.phase in (Phase.RUMMY, Phase.DRAW):
            raise IllegalAction("rummy.who", f"{h.name(p)} just played and may not call")
        nxt = h.window_next if h.phase is Phase.RUMMY else h.turn
        if p == nxt and h.phase in (Phase.RUMMY, Phase.DRAW):
            raise IllegalAction(
                "rummy.who", f"{h.name(p)} is next to play and takes from the pile instead"
            )
        raise IllegalAction("rummy.when", "no Rummy call is open for " + h.name(p) + " now")
    depth = h.pile_depth(action.count, action.card, p)
    target = h.pile[-depth]
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        if depth != 1:
            raise IllegalAction("rummy.last-discard", "only the last discard may be called")
        if (
            not h.reach_for(p, 0, True).layoff_allowed
            or table_cost(target, [0] * 53, h.melds, rules.ace)[0] != 1
        ):
            raise IllegalAction(
                "rummy.last-discard", f"{CARDS[target]} cannot be laid off on a table meld"
            )
    elif not take_allowed(h, p, depth, "take.must-meld", for_call=True):
        raise IllegalAction(
            "rummy.take",
            f"{CARDS[target]} cannot be melded with table melds and the pile cards above it",
        )
    if not commit:
        return
    resume = h.window_next
    h.window = ()
    h._reach_base = None
    _do_take(h, p, depth, "rummy.take")
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        h.call_layoff_only = True
        h.call_resume = resume


def _pass(h: Hand, p: int, action: Action, commit: bool) -> None:
    if h.phase is not Phase.RUMMY or h.window[0] != p:
        raise IllegalAction("action.turn", f"no Rummy call is offered to {h.name(p)} now")
    if commit:
        h.window = h.window[1:]
        if not h.window:
            h._close_window()
            h.phase = Phase.DRAW
            h.turn = h.window_next


def _after_table_play(
    h: Hand, p: int, rest: list[int], melds: list[TableMeld], used: list[int], new_meld: bool
) -> None:
    """Checks common to melds and lay-offs before they happen (raises)."""
    rules = h.rules
    if (
        not new_meld
        and h.pending
        and h.target in used
        and rules.target_must_start_meld
        and not h.call_layoff_only
    ):
        raise IllegalAction(
            "take.new-meld",
            f"{CARDS[h.target]}, taken from the pile, must start a new meld: "
            "laying it off does not do",
        )
    if not rest and rules.going_out is GoingOut.DISCARD_REQUIRED:
        raise IllegalAction(
            "out.discard-required", f"{h.name(p)} must keep a card to discard to go out"
        )
    if h.same_card not in used and same_card_trap(h, p, rest, melds):
        raise _same_card_error(h, p, h.same_card)
    if h.all_at_once:
        counts = [0] * 53
        for c in rest:
            counts[c] += 1
        if not can_meld_all(counts, 1, h.same_card, rules.ace, melds):
            raise IllegalAction(
                "wrotham.all-at-once",
                f"in deal {h.number} nobody may meld before they can meld their whole hand at once",
            )
    if h.pending and h.target not in used:
        made = h.melds_made + (1 if new_meld else 0)
        if not h.target_reachable(p, rest, melds, made):
            raise IllegalAction(
                h.pending_rule if h.pending_rule != "rummy.take" else "take.must-meld",
                f"{h.name(p)} must still meld {CARDS[h.target]}, and this would make it impossible",
            )


def same_card_trap(h: Hand, p: int, rest: Sequence[int], melds: Sequence[TableMeld]) -> bool:
    """Whether ``rest`` is only copies of the card taken from the pile top this turn, which
    may not be discarded, with no way to put one of them on the table ([discard.same-card]).

    Once a copy is on the table the turn has changed the table, so the restriction lifts
    (docs/rules-decisions.md) and any other copy may be discarded.
    """
    card = h.same_card
    if card < 0 or not rest or any(c != card for c in rest):
        return False
    rules = h.rules
    if rules.joker_swap and swap_possible(card, melds):
        return False  # the joker it frees can be discarded
    if rules.layoff_needs_own_meld and not h.has_melded[p]:
        return True
    if not any(table_cost(card, [0] * 53, [m], rules.ace)[0] == 1 for m in melds):
        return True
    return len(rest) == 1 and rules.going_out is GoingOut.DISCARD_REQUIRED


def _same_card_error(h: Hand, p: int, card: int) -> IllegalAction:
    return IllegalAction(
        "discard.same-card",
        f"{h.name(p)} would hold only {CARDS[card]}, taken from the pile this turn, "
        "which may not be discarded",
    )


def _meld(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, Meld)
    h._in_play(p, action)
    rules = h.rules
    limit = rules.melds_per_turn
    if limit is not None and h.melds_made >= limit and not h.all_at_once:
        raise IllegalAction(
            "meld.one-per-turn", f"{h.name(p)} has already put down {limit} new meld(s) this turn"
        )
    naturals, jokers = _split(action.cards)
    rest = h._holds(p, naturals + [JOKER_CODE] * len(jokers))
    head = action.cards[0]
    if isinstance(head, JokerAs):
        first = int(head.card) if head.card is not None else -1
    else:
        first = int(head)
    meld = resolve_meld(naturals, jokers, rules.ace, first).owned_by(p)
    melds = [*h.melds, meld]
    used = naturals + [JOKER_CODE] * len(jokers)
    _after_table_play(h, p, rest, melds, used, True)
    if commit:
        _commit_table(h, p, rest, melds, used)
        h.melds_made += 1
        h.has_melded[p] = True
        _after_commit(h, p)


def _layoff(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, LayOff)
    h._in_play(p, action)
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
    rest = h._holds(p, naturals + [JOKER_CODE] * len(jokers))
    old = h.melds[action.meld - 1]
    new = lay_off(old, naturals, jokers, action.end, p, rules.ace)
    melds = h.melds[:]
    melds[action.meld - 1] = new
    used = naturals + [JOKER_CODE] * len(jokers)
    _after_table_play(h, p, rest, melds, used, False)
    if commit:
        _commit_table(h, p, rest, melds, used)
        if h.call_layoff_only:
            h.call_layoff_only = False
            resume = h.call_resume
            h.took = 0
            h.target = -1
            h.pending = False
            h.same_card = -1
            if not h.hands[p] and rules.going_out is GoingOut.ANY:
                h.finish(p)
                return
            h.turn = resume
            h.phase = Phase.DRAW
            return
        _after_commit(h, p)


def _commit_table(
    h: Hand, p: int, rest: list[int], melds: list[TableMeld], used: list[int]
) -> None:
    if h.pending and h.target in used:
        h.pending = False
    if h.same_card in used:
        h.same_card = -1
    h.hands[p] = rest
    h.melds = melds
    h.played[p] = True
    h.remove_known(p, used)


def _after_commit(h: Hand, p: int) -> None:
    if h.hands[p]:
        return
    if h.rules.going_out in (GoingOut.FLOATING, GoingOut.FLOATING_UNPLAYABLE):
        h.end_turn(p)  # the player floats
    else:
        h.finish(p)


def _swap(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, Swap)
    h._in_play(p, action)
    if not h.rules.joker_swap:
        raise IllegalAction("joker.swap", "these rules do not allow taking a joker from the table")
    if not 1 <= action.meld <= len(h.melds):
        raise IllegalAction("action.meld", f"there is no meld {action.meld} on the table")
    card = int(action.card)
    rest = h._holds(p, [card])
    new = swap_joker(h.melds[action.meld - 1], card, p)
    if new is None:
        raise IllegalAction(
            "joker.swap", f"no joker in meld {action.meld} stands for {action.card}"
        )
    if h.pending and card == h.target and h.rules.target_must_start_meld:
        raise IllegalAction(
            "take.new-meld",
            f"{CARDS[card]}, taken from the pile, must start a new meld: a swap does not do",
        )
    rest.append(JOKER_CODE)
    melds = h.melds[:]
    melds[action.meld - 1] = new
    if card != h.same_card and same_card_trap(h, p, rest, melds):
        raise _same_card_error(h, p, h.same_card)
    if h.pending and card != h.target and not h.target_reachable(p, rest, melds, h.melds_made):
        raise IllegalAction(
            h.pending_rule if h.pending_rule != "rummy.take" else "take.must-meld",
            f"{h.name(p)} must still meld {CARDS[h.target]}, and this would make it impossible",
        )
    if commit:
        if h.pending and card == h.target:
            h.pending = False
        if card == h.same_card:
            h.same_card = -1
        h.hands[p] = rest
        h.melds = melds
        h.played[p] = True
        h.remove_known(p, [card])
        h.known[p].append(JOKER_CODE)


def discard_refusal(h: Hand, p: int, card: int) -> IllegalAction | None:
    """Why ``p`` may not discard ``card`` now (in the play phase), or None."""
    if h.pending:
        rule = h.pending_rule if h.pending_rule != "rummy.take" else "take.must-meld"
        return IllegalAction(rule, f"{h.name(p)} must meld {CARDS[h.target]} before discarding")
    if card == h.same_card:
        return IllegalAction(
            "discard.same-card", f"{h.name(p)} took {CARDS[card]} from the pile this turn"
        )
    hand = h.hands[p]
    rules = h.rules
    if len(hand) == 1:
        if (
            rules.going_out is GoingOut.FLOATING_UNPLAYABLE
            and (h.reach_for(p).layoff_allowed and not h.reach_for(p).layoff_needs_meld_first)
            and table_cost(card, [0] * 53, h.melds, rules.ace)[0] == 1
        ):
            return IllegalAction(
                "out.unplayable-discard",
                f"{CARDS[card]} can be laid off on the table, so it may not be the last discard",
            )
    elif h.all_at_once and h.melds_made > 0:
        return IllegalAction(
            "wrotham.all-at-once", f"{h.name(p)} has begun to meld and must meld all but one card"
        )
    return None


def _discard(h: Hand, p: int, action: Action, commit: bool) -> None:
    assert isinstance(action, Discard)
    h._in_play(p, action)
    card = int(action.card)
    rest = h._holds(p, [card])
    refusal = discard_refusal(h, p, card)
    if refusal is not None:
        raise refusal
    if commit:
        h.hands[p] = rest
        h.pile.append(card)
        h.remove_known(p, [card])
        if not rest:
            h.finish(p)
        else:
            h.end_turn(p)


def _end(h: Hand, p: int, action: Action, commit: bool) -> None:
    h._enter_turn(p, action)
    if not h.stock_locked():
        if h.stock:
            raise IllegalAction("end.stock", "the hand ends only when the stock is empty")
        raise IllegalAction("end.stock", "the pile is turned over to make a new stock: draw")
    if commit:
        h._close_window()
        h.phase = Phase.OVER
        h.ended_by = "stock"


HANDLERS: dict[type[Action], Callable[[Hand, int, Action, bool], None]] = {
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
