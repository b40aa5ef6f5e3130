"""The rule checks: each says whether something is allowed now and, if not, which rule
forbids it (an :class:`~rummykit.errors.IllegalAction` carrying the RULES.md id).

Both :mod:`rummykit.legal` (which lists the legal actions) and :mod:`rummykit.turns`
(which applies them) ask these, so a rule is written once. No check changes the state.
Checks named ``*_refusal`` return the refusal or None; predicates return a bool.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.actions import Action, Discard, End, LayOff, Swap
from rummykit.cards import CARDS
from rummykit.errors import IllegalAction
from rummykit.melds import TableMeld
from rummykit.reach import swap_possible, table_cost
from rummykit.rules import GoingOut
from rummykit.state import HandState, Phase
from rummykit.whole_hand import can_meld_all

__all__ = [
    "discard_refusal",
    "enter_turn_refusal",
    "held_rest",
    "last_discard_call_refusal",
    "pile_depth",
    "play_refusal",
    "same_card_error",
    "same_card_trap",
    "table_play_refusal",
    "take_allowed",
    "take_obligation",
    "target_reachable",
    "top_take_trap",
    "verb",
    "whole_hand_goes_down",
]

_SECOND_PERSON = {
    "does": "do",
    "has": "have",
    "holds": "hold",
    "is": "are",
    "takes": "take",
    "was": "were",
}


def third_person(name: str, third: str) -> str:
    """The verb ``third`` (third person) as it agrees with ``name``: "has", but "have"
    for "You" (the terminal game calls its player "You"), "takes" but "take"."""
    if name.casefold() == "you":
        return _SECOND_PERSON.get(third, third)
    return third


def verb(name: str, third: str) -> str:
    """``name`` and a verb that agrees with it: "Ben has", but "You have"."""
    return f"{name} {third_person(name, third)}"


def whom(name: str) -> str:
    """``name`` as an object: "Ben", but "you"."""
    return "you" if name.casefold() == "you" else name


def whose(name: str) -> str:
    """``name``'s possessive, standing alone: "Ben's", but "yours"."""
    return "yours" if name.casefold() == "you" else f"{name}'s"


def _verbing(action: Action) -> str:
    return {
        "discard": "discarding",
        "meld": "melding",
        "layoff": "laying off",
        "swap": "swapping",
    }.get(action.verb, action.verb)


# ---------------------------------------------------------------------- turn and phase
def enter_turn_refusal(h: HandState, p: int, action: Action) -> IllegalAction | None:
    """Why ``p`` may not start a turn now with ``action`` (a draw, a take or ``end``)."""
    if h.phase is Phase.RUMMY:
        if p == h.window_next:
            return None
        offered = h.window[0]
        # (second person only for the player spoken to: another called "You" is a name)
        who = whom(h.name(offered)) if offered == p else h.name(offered)
        return IllegalAction(
            "action.turn",
            f"{h.name(p)} may not {action.verb} now: a Rummy call is offered to {who}",
        )
    if p != h.turn:
        return IllegalAction(
            "action.turn",
            f"it is {h.name(h.turn)}'s turn, not {whose(h.name(p))}",
        )
    if h.phase is Phase.PLAY:
        if h.first_turn:
            return IllegalAction(
                "wrotham.first-turn",
                f"{verb(h.name(p), 'was')} dealt the extra card and "
                f"{third_person(h.name(p), 'does')} not draw on the "
                "first turn",
            )
        if isinstance(action, End):
            return IllegalAction(
                "end.stock",
                f"{verb(h.name(p), 'has')} already drawn this turn: 'end' is played instead "
                "of drawing, when the stock is empty",
            )
        return IllegalAction("draw.stock", f"{verb(h.name(p), 'has')} already drawn this turn")
    return None


def play_refusal(h: HandState, p: int, action: Action) -> IllegalAction | None:
    """Why ``p`` may not meld, lay off, swap or discard now (not in the play part of
    their turn), or None."""
    if h.phase is Phase.PLAY and p == h.turn:
        if h.call_layoff_only and not isinstance(action, LayOff):
            return IllegalAction(
                "rummy.last-discard",
                f"{h.name(p)} called Rummy and must lay off {CARDS[h.target]} first",
            )
        return None
    if p != h.turn:
        if h.phase is Phase.RUMMY and p == h.to_act:
            return IllegalAction(
                "action.turn",
                f"{verb(h.name(p), 'is')} offered a Rummy call: call it (rummy) or pass",
            )
        return IllegalAction(
            "action.turn",
            f"it is {h.name(h.to_act)}'s turn to act, not {whose(h.name(p))}",
        )
    # the player whose turn it is, before drawing: also while a Rummy call is offered to
    # others before they draw ([rummy.who]), which their draw would end
    # each by the rule that places it after the draw ([joker.swap]: "after drawing")
    if isinstance(action, Discard):
        rule = "discard.one"
    elif isinstance(action, Swap):
        rule = "joker.swap"
    else:
        rule = "meld.any-number"
    return IllegalAction(rule, f"{h.name(p)} must draw before {_verbing(action)}")


def held_rest(h: HandState, p: int, cards: Sequence[int]) -> list[int] | IllegalAction:
    """``p``'s hand after removing ``cards``, or the refusal (action.card) if ``p`` lacks
    one of them."""
    rest = h.hands[p][:]
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            held = h.hands[p].count(c)
            if held:  # named more often than held
                times = "once" if held == 1 else f"{held} times"
                return IllegalAction(
                    "action.card",
                    f"{verb(h.name(p), 'holds')} {CARDS[c]} {times}, not {cards.count(c)} times",
                )
            return IllegalAction("action.card", f"{verb(h.name(p), 'does')} not hold {CARDS[c]}")
    return rest


def pile_depth(h: HandState, count: int | None, card: int | None) -> int | IllegalAction:
    """The depth of a take's target: ``count``, or the topmost copy of ``card``."""
    if not h.pile:
        return IllegalAction("draw.discard", "the discard pile is empty")
    if count is not None:
        if count > len(h.pile):
            held = f"{len(h.pile)} card" + ("s" if len(h.pile) != 1 else "")
            return IllegalAction("draw.discard", f"the pile holds {held}, not {count}")
        return count
    for depth in range(1, len(h.pile) + 1):
        if h.pile[-depth] == card:
            return depth
    shown = CARDS[card] if card is not None else "such card"
    return IllegalAction("action.card", f"there is no {shown} in the discard pile")


# ---------------------------------------------------------------------- pile takes
def take_obligation(h: HandState, depth: int) -> str:
    """The rule that obliges the taker to meld the target of a take of ``depth``, or ''."""
    if depth > 1:
        return "take.must-meld"
    if h.stock_locked():
        return "end.stock-take"
    if h.rules.top_card_must_meld:
        return "take.must-meld-top"
    return ""


def whole_hand_goes_down(
    h: HandState,
    p: int,
    counts: list[int],
    melds: Sequence[TableMeld],
    forbidden: int,
    *,
    keep_target: bool = False,
    melded: bool | None = None,
) -> bool:
    """Whether ``counts`` (the cards ``p`` would hold) can all go on the table in this
    turn under the all-at-once rule ([wrotham.all-at-once], decisions 26 and 41): laid off
    on ``melds`` or in new melds, leaving at most one card to discard (exactly one with
    [out.discard-required]) that is not ``forbidden``. ``keep_target``: ``forbidden``
    is a pile target that must start a new meld ([take.new-meld]); ``melded``: whether
    ``p`` has a meld of their own by then (default: now), without which a lay-off needs a
    new meld put down first ([layoff.own-meld-first]). Every check of that rule asks
    this, so what it lists or accepts always leaves a way to go on. ``counts`` is
    restored."""
    rules = h.rules
    if melded is None:
        melded = h.has_melded[p]
    return can_meld_all(
        counts,
        1,
        forbidden,
        rules.ace,
        melds,
        exact=rules.going_out is GoingOut.DISCARD_REQUIRED,
        keep=forbidden if keep_target else -1,
        meld_first=rules.layoff_needs_own_meld and not melded,
    )


def take_allowed(h: HandState, p: int, depth: int, for_call: bool = False) -> bool:
    """Whether the target at ``depth`` could be melded after the take (or Rummy call)
    with the cards ``p`` would then hold ([take.must-meld], [rummy.take], [take.new-meld]
    where :meth:`~rummykit.state.HandState.new_meld_rule` says so), and, under the
    all-at-once rule, with the whole hand going down this turn ([wrotham.all-at-once])."""
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
    new_meld = h.new_meld_rule(depth, for_call)
    reach = h.reach_for(p, 0, for_call, new_meld=new_meld)
    # (under the all-at-once rule too: a whole hand that goes down melds the target with
    # the cards held, so this quick test only spares the search where it would fail)
    if not reach.can_meld(target, counts, h.melds, total, h.fits()):
        return False
    if h.all_at_once:  # then the whole hand must go down this turn
        if for_call:
            for c in h.hands[p]:
                counts[c] += 1
        counts[target] += 1
        return whole_hand_goes_down(h, p, counts, h.melds, target, keep_target=new_meld)
    return True


def last_discard_call_refusal(h: HandState, p: int) -> IllegalAction | None:
    """Why ``p`` may not call the last discard in mode ``last-discard`` now, or None: it
    must fit a table meld as it is, and ``p`` must be allowed to lay it off
    ([rummy.last-discard]). Under the all-at-once rule the lay-off puts a card on the
    table in a turn that then ends at once, so only a player with no other card (a
    floater) may call ([wrotham.all-at-once], docs/rules-decisions.md 41)."""
    target = h.pile[-1]
    if table_cost(target, [0] * 53, h.melds, h.rules.ace)[0] != 1:
        return IllegalAction(
            "rummy.last-discard", f"{CARDS[target]} cannot be laid off on a table meld"
        )
    if not h.reach_for(p, 0, True).layoff_allowed:  # the card lays off: not by them
        return IllegalAction(
            "layoff.own-meld-first",
            f"{h.name(p)} has not melded this hand, so may not lay off {CARDS[target]}, "
            "which a call of the last discard does",
        )
    if h.all_at_once and h.hands[p]:
        return IllegalAction(
            "wrotham.all-at-once",
            f"in deal {h.number} nobody may lay off a card unless their whole hand goes down "
            f"in the same turn, and a call of the last discard ends the turn with "
            f"{CARDS[target]} laid off",
        )
    return None


def top_take_trap(h: HandState, p: int) -> bool:
    """Whether taking the top card alone would leave ``p`` nothing to discard (a floater,
    or a hand of copies of that card) with no way to meld it ([discard.same-card])."""
    top = h.pile[-1]
    hand = h.hands[p]
    if any(c != top for c in hand):
        return False
    return same_card_trap(h, p, [*hand, top], h.melds, top)


def same_card_trap(
    h: HandState,
    p: int,
    rest: Sequence[int],
    melds: Sequence[TableMeld],
    card: int | None = None,
    melded: bool | None = None,
) -> bool:
    """Whether ``rest`` is only copies of ``card`` (default: the card taken from the pile
    top this turn), which may not be discarded, with no way to put one of them on the
    table ([discard.same-card]). ``melded``: whether ``p`` then has a meld of their own
    (default: now), which [layoff.own-meld-first] asks before a lay-off.

    Once a copy is on the table the turn has changed the table, so the restriction lifts
    (docs/rules-decisions.md) and any other copy may be discarded.
    """
    if card is None:
        card = h.same_card
    if card < 0 or not rest or any(c != card for c in rest):
        return False
    rules = h.rules
    if rules.joker_swap and swap_possible(card, melds):
        return False  # the joker it frees can be discarded
    if rules.layoff_needs_own_meld and not (h.has_melded[p] if melded is None else melded):
        return True
    if not any(table_cost(card, [0] * 53, [m], rules.ace)[0] == 1 for m in melds):
        return True
    return len(rest) == 1 and rules.going_out is GoingOut.DISCARD_REQUIRED


def same_card_error(h: HandState, p: int, card: int) -> IllegalAction:
    """The refusal of a play that would leave ``p`` only undiscardable copies of ``card``."""
    return IllegalAction(
        "discard.same-card",
        f"{h.name(p)} would hold only {CARDS[card]}, taken from the pile this turn, "
        "which may not be discarded",
    )


def target_reachable(
    h: HandState, p: int, rest: list[int], melds: Sequence[TableMeld], made: int
) -> bool:
    """Whether the pending target can still be melded from ``rest`` (target included)."""
    counts = [0] * 53
    for c in rest:
        counts[c] += 1
    if counts[h.target] == 0:
        return False
    counts[h.target] -= 1
    melded = h.has_melded[p] or made > h.melds_made
    new_meld = h.target_new_meld
    if h.all_at_once:
        counts[h.target] += 1
        return whole_hand_goes_down(
            h, p, counts, melds, h.target, keep_target=new_meld, melded=melded
        )
    reach = h.reach_for(p, made, melded=melded, new_meld=new_meld)
    return reach.can_meld(h.target, counts, melds, len(rest) - 1)


def _pending_rule(h: HandState) -> str:
    return h.pending_rule if h.pending_rule != "rummy.take" else "take.must-meld"


# ---------------------------------------------------------------------- the table
def table_play_refusal(
    h: HandState,
    p: int,
    rest: list[int],
    melds: list[TableMeld],
    used: list[int],
    new_meld: bool,
) -> IllegalAction | None:
    """Why a meld or lay-off that leaves ``rest`` in hand and ``melds`` on the table is
    refused, or None ([take.new-meld], [out.discard-required], [discard.same-card],
    [wrotham.all-at-once], [take.must-meld])."""
    rules = h.rules
    if not new_meld and h.pending and h.target in used and h.target_new_meld:
        return IllegalAction(
            "take.new-meld",
            f"{CARDS[h.target]}, taken from the pile, must start a new meld: "
            "laying it off does not do",
        )
    if not rest and rules.going_out is GoingOut.DISCARD_REQUIRED:
        return IllegalAction(
            "out.discard-required", f"{h.name(p)} must keep a card to discard to go out"
        )
    melded = h.has_melded[p] or new_meld
    if h.same_card not in used and same_card_trap(h, p, rest, melds, melded=melded):
        return same_card_error(h, p, h.same_card)
    if h.all_at_once:
        counts = [0] * 53
        for c in rest:
            counts[c] += 1
        if not whole_hand_goes_down(h, p, counts, melds, h.same_card, melded=melded):
            return IllegalAction(
                "wrotham.all-at-once",
                f"in deal {h.number} nobody may meld before they can meld their whole hand at once",
            )
    if h.pending and h.target not in used:
        made = h.melds_made + (1 if new_meld else 0)
        if not target_reachable(h, p, rest, melds, made):
            return IllegalAction(
                _pending_rule(h),
                f"{h.name(p)} must still meld {CARDS[h.target]}, and this would make it impossible",
            )
    return None


def swap_refusal(
    h: HandState, p: int, card: int, rest: list[int], melds: list[TableMeld]
) -> IllegalAction | None:
    """Why swapping ``card`` for a joker, leaving ``rest`` (the joker included) and
    ``melds``, is refused, or None."""
    if h.pending and card == h.target and h.target_new_meld:
        return IllegalAction(
            "take.new-meld",
            f"{CARDS[card]}, taken from the pile, must start a new meld: a swap does not do",
        )
    if card != h.same_card and same_card_trap(h, p, rest, melds):
        return same_card_error(h, p, h.same_card)
    if h.all_at_once:  # the swap puts a card on the table: the rest must all go down too
        counts = [0] * 53
        for c in rest:
            counts[c] += 1
        if not whole_hand_goes_down(h, p, counts, melds, h.same_card):
            return IllegalAction(
                "wrotham.all-at-once",
                f"in deal {h.number} nobody may put a card on the table before they can "
                "meld their whole hand at once",
            )
    if h.pending and card != h.target and not target_reachable(h, p, rest, melds, h.melds_made):
        return IllegalAction(
            _pending_rule(h),
            f"{h.name(p)} must still meld {CARDS[h.target]}, and this would make it impossible",
        )
    return None


def discard_refusal(h: HandState, p: int, card: int) -> IllegalAction | None:
    """Why ``p`` may not discard ``card`` now (in the play phase), or None."""
    if h.pending:
        return IllegalAction(
            _pending_rule(h), f"{h.name(p)} must meld {CARDS[h.target]} before discarding"
        )
    if card == h.same_card:
        return IllegalAction(
            "discard.same-card", f"{h.name(p)} took {CARDS[card]} from the pile this turn"
        )
    hand = h.hands[p]
    rules = h.rules
    if len(hand) == 1:
        if rules.going_out is GoingOut.FLOATING_UNPLAYABLE:
            reach = h.reach_for(p)
            if (
                reach.layoff_allowed
                and not reach.layoff_needs_meld_first
                and table_cost(card, [0] * 53, h.melds, rules.ace)[0] == 1
            ):
                return IllegalAction(
                    "out.unplayable-discard",
                    f"{CARDS[card]} can be laid off on the table, so it may not be the last "
                    "discard",
                )
    elif h.all_at_once and h.tabled:  # a meld, a lay-off or a swap this turn
        return IllegalAction(
            "wrotham.all-at-once",
            f"{verb(h.name(p), 'has')} begun to meld and must meld all but one card",
        )
    return None
