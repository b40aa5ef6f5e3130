"""Legal actions: every action the player to act may take, computed per phase.

Generated actions are canonical: melds list their cards from low to high with every joker
declared, lay-offs move one card. :meth:`Hand.apply` accepts every other spelling of the
same move (cards in any order, several cards in one lay-off, bare jokers where only one
reading exists, ``take <card>``).
"""

from __future__ import annotations

from dataclasses import replace

from rummykit.actions import (
    DISCARDS,
    DRAW,
    END,
    PASS,
    Action,
    EndOfRun,
    JokerAs,
    LayOff,
    Meld,
    Swap,
    call,
    take,
)
from rummykit.cards import CARDS, JOKER_CODE, Rank
from rummykit.errors import IllegalAction
from rummykit.hand import Hand, Phase
from rummykit.melds import (
    group_options,
    max_position,
    meld_from_key,
    rank_at,
    run_options,
    swap_joker,
)
from rummykit.reach import Reach, can_meld_all, table_cost
from rummykit.rules import Ace, GoingOut, PileDraw, Rules, RummyCall
from rummykit.turns import discard_refusal, take_allowed, take_obligation, top_take_trap

__all__ = ["callable_depths", "callers", "draw_action", "legal_actions", "top_take_allowed"]

_MELD_CACHE: dict[tuple[Ace, tuple[int, ...]], Meld] = {}


def _meld_action(ace: Ace, key: tuple[int, ...]) -> Meld:
    action = _MELD_CACHE.get((ace, key))
    if action is None:
        _, jokers, meld = meld_from_key(key, ace)
        tokens: list[object] = []
        ji = 0
        for k in key:
            if k < 100:
                tokens.append(CARDS[k])
            else:
                tokens.append(jokers[ji])
                ji += 1
        if not meld.is_run:  # naturals first, then jokers
            tokens.sort(key=lambda t: isinstance(t, JokerAs))
        action = Meld(tuple(tokens))  # type: ignore[arg-type]
        _MELD_CACHE[(ace, key)] = action
    return action


def legal_actions(h: Hand) -> list[Action]:
    """Every legal action of the player to act (an empty list once the hand is over)."""
    if h.phase is Phase.OVER:
        return []
    if h.phase is Phase.RUMMY:
        p = h.window[0]
        return [call(d) for d in callable_depths(h, p)] + [PASS]
    if h.phase is Phase.DRAW:
        return _draw_actions(h)
    return _play_actions(h)


def draw_action(h: Hand) -> Action:
    """The stock draw of the draw phase: ``draw``, or ``end`` when the stock is gone."""
    return DRAW if h.stock or h.can_turn_over() else END


def top_take_allowed(h: Hand) -> bool:
    """Whether the player to draw may take the top pile card: what :func:`legal_actions`
    decides for ``take`` at depth 1, without looking deeper."""
    pile = h.pile
    if not pile:
        return False
    p = h.turn
    if h.all_at_once:
        ob = take_obligation(h, p, 1)
        return (not ob or take_allowed(h, p, 1, ob)) and not top_take_trap(h, p)
    if h.rules.top_card_must_meld or h.stock_locked():
        hand = h.hands[p]
        counts = [0] * 53
        for c in hand:
            counts[c] += 1
        if not h.reach_for(p, 0).can_meld(pile[-1], counts, h.melds, len(hand), h.fits()):
            return False
    return not top_take_trap(h, p)


def _draw_actions(h: Hand) -> list[Action]:
    acts: list[Action] = [draw_action(h)]
    pile = h.pile
    if not pile:
        return acts
    if top_take_allowed(h):
        acts.append(take(1))
    if h.rules.pile_draw is PileDraw.TOP_ONLY:
        return acts
    p = h.turn
    if h.all_at_once:
        for d in range(2, len(pile) + 1):
            ob = take_obligation(h, p, d)
            if not ob or take_allowed(h, p, d, ob):
                acts.append(take(d))
        return acts
    hand = h.hands[p]
    reach = h.reach_for(p, 0)
    fits = h.fits()
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    total = len(hand)
    for d in range(2, len(pile) + 1):
        counts[pile[-d + 1]] += 1
        total += 1
        if reach.can_meld(pile[-d], counts, h.melds, total, fits):
            acts.append(take(d))
    return acts


def _base_calls(h: Hand) -> list[tuple[int, bool]]:
    """(depth, needs a lay-off) for every pile card callable from the pile alone."""
    if h._reach_base is not None:
        return h._reach_base
    rules = h.rules
    pile = h.pile
    base: list[tuple[int, bool]] = []
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        if pile and table_cost(pile[-1], [0] * 53, h.melds, rules.ace)[0] == 1:
            base.append((1, True))
    else:
        counts = [0] * 53
        fits = h.fits()
        with_layoff, no_layoff = _call_reaches(h)
        for d in range(1, len(pile) + 1):
            target = pile[-d]
            if with_layoff.can_meld(target, counts, h.melds, d - 1, fits):
                needs_layoff = not no_layoff.can_meld(target, counts, h.melds, d - 1, fits)
                base.append((d, needs_layoff))
            counts[target] += 1
    h._reach_base = base
    return base


_CALL_REACHES: dict[int, tuple[Rules, Reach, Reach]] = {}


def _call_reaches(h: Hand) -> tuple[Reach, Reach]:
    """The paths a Rummy call may use, with and without lay-offs (cached per rules)."""
    cached = _CALL_REACHES.get(id(h.rules))
    if cached is None or cached[0] is not h.rules:
        free = h.reach_for(h.turn, 0, True)  # the seat does not matter for these flags
        cached = (
            h.rules,
            replace(free, layoff_allowed=True, layoff_needs_meld_first=False),
            replace(free, layoff_allowed=False, layoff_needs_meld_first=False),
        )
        _CALL_REACHES[id(h.rules)] = cached
    return cached[1], cached[2]


def callable_depths(h: Hand, p: int) -> list[int]:
    """The depths of the pile cards ``p`` may call Rummy on now."""
    may_lay_off = not (h.rules.layoff_needs_own_meld and not h.has_melded[p])
    depths = [d for d, lay in _base_calls(h) if may_lay_off or not lay]
    if h.all_at_once:
        depths = [d for d in depths if take_allowed(h, p, d, "rummy.take", for_call=True)]
    return depths


def callers(h: Hand, order: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of ``order`` that have a Rummy call open now."""
    base = _base_calls(h)
    if not base:
        return ()
    return tuple(p for p in order if callable_depths(h, p))


def _play_actions(h: Hand) -> list[Action]:
    p = h.turn
    rules = h.rules
    ace = rules.ace
    hand = h.hands[p]
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    distinct = sorted(set(hand))
    acts: list[Action] = []
    careful = h.pending or h.all_at_once or h.same_card >= 0  # candidates need the full check
    keep_one = rules.going_out is GoingOut.DISCARD_REQUIRED
    if h.call_layoff_only:
        return [a for a in _layoffs(h, [h.target]) if _ok(h, p, a)]
    limit = rules.melds_per_turn
    if limit is None or h.melds_made < limit or h.all_at_once:
        keys: list[tuple[int, ...]] = []
        if not h.all_at_once or can_meld_all(counts[:], 1, h.same_card, ace, h.melds):
            keys = group_options(counts, counts[JOKER_CODE], distinct)
            keys += run_options(counts, counts[JOKER_CODE], ace)
        for key in keys:
            if keep_one and len(key) == len(hand):
                continue
            meld_action: Action = _meld_action(ace, key)
            if careful and not _ok(h, p, meld_action):
                continue
            acts.append(meld_action)
    if h.melds and not (rules.layoff_needs_own_meld and not h.has_melded[p]):
        for action in _layoffs(h, distinct):
            if keep_one and len(hand) == 1:
                continue
            if careful and not _ok(h, p, action):
                continue
            acts.append(action)
    if rules.joker_swap:
        for i, m in enumerate(h.melds):
            if JOKER_CODE not in m.cards:
                continue
            for c in distinct:
                if c != JOKER_CODE and swap_joker(m, c, p) is not None:
                    swap = Swap(CARDS[c], i + 1)
                    if careful and not _ok(h, p, swap):
                        continue
                    acts.append(swap)
    if h.pending:
        return acts
    if h.same_card < 0 and len(hand) > 1 and not h.all_at_once:
        acts.extend(DISCARDS[c] for c in distinct)  # nothing restricts the discard
    else:
        acts.extend(DISCARDS[c] for c in distinct if discard_refusal(h, p, c) is None)
    return acts


def _ok(h: Hand, p: int, action: Action) -> bool:
    try:
        h.check(action, p)
    except IllegalAction:
        return False
    return True


_LAYOFF_CACHE: dict[tuple[int, int, EndOfRun | None], LayOff] = {}
_JOKER_LAYOFF_CACHE: dict[tuple[int, int, EndOfRun | None], LayOff] = {}


def _layoff(card: int, number: int, end: EndOfRun | None) -> LayOff:
    key = (card, number, end)
    action = _LAYOFF_CACHE.get(key)
    if action is None:
        action = _LAYOFF_CACHE[key] = LayOff((CARDS[card],), number, end)
    return action


def _joker_layoff(stands_for: int, number: int, end: EndOfRun | None) -> LayOff:
    """A joker laid off as natural ``stands_for`` (a card code) or, for a group, as rank
    ``-stands_for``."""
    key = (stands_for, number, end)
    action = _JOKER_LAYOFF_CACHE.get(key)
    if action is None:
        joker = (
            JokerAs(card=CARDS[stands_for])
            if stands_for >= 0
            else JokerAs(rank=Rank.from_number(-stands_for))
        )
        action = _JOKER_LAYOFF_CACHE[key] = LayOff((joker,), number, end)
    return action


def _layoffs(h: Hand, cards: list[int]) -> list[Action]:
    """Single-card lay-offs of ``cards`` (distinct, in ascending order) on every table meld
    they fit: by meld, then by card (a joker last), then low end before high end."""
    out: list[Action] = []
    ace = h.rules.ace
    top = max_position(ace)
    held = set(cards)
    joker = JOKER_CODE in held
    for i, m in enumerate(h.melds):
        number = i + 1
        n = len(m.cards)
        if not m.is_run:
            if n >= 4:
                continue
            suits = m.group_suits()
            rank = m.rank
            for suit in range(4):
                code = suit * 13 + rank - 1
                if code in held and not suits >> suit & 1:
                    out.append(_layoff(code, number, None))
            if joker:
                out.append(_joker_layoff(-rank, number, None))
            continue
        if n >= 13:
            continue
        ends = []
        if m.lo > 1 or ace is Ace.AROUND:
            ends.append((EndOfRun.LOW, m.suit * 13 + rank_at(m.lo - 1) - 1))
        if m.hi < top:
            ends.append((EndOfRun.HIGH, m.suit * 13 + rank_at(m.hi + 1) - 1))
        # a twelve-card run takes the same card at both ends: the end must be named
        both = len(ends) == 2 and ends[0][1] == ends[1][1]
        fitting = [(code, end) for end, code in ends if code in held]
        if len(fitting) == 2 and fitting[1][0] < fitting[0][0]:
            fitting.reverse()  # by card, as the cards come
        for code, end in fitting:
            out.append(_layoff(code, number, end if both else None))
        if joker:
            for end, code in ends:
                out.append(_joker_layoff(code, number, end if both else None))
    return out
