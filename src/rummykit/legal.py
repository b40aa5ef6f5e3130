"""Legal actions: every action the player to act may take, computed per phase.

Generated actions are canonical: melds list their cards from low to high with every joker
declared, lay-offs move one card. :meth:`Hand.apply` accepts every other spelling of the
same move (cards in any order, several cards in one lay-off, bare jokers where only one
reading exists, ``take <card>``).
"""

from __future__ import annotations

from typing import Protocol

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
from rummykit.checks import (
    discard_refusal,
    last_discard_call_refusal,
    same_card_error,
    take_allowed,
    take_obligation,
    top_take_trap,
    whole_hand_goes_down,
)
from rummykit.errors import IllegalAction
from rummykit.melds import (
    TableMeld,
    group_options,
    max_position,
    meld_from_key,
    rank_at,
    run_options,
    swap_joker,
)
from rummykit.reach import table_cost
from rummykit.rules import Ace, GoingOut, PileDraw, RummyCall
from rummykit.state import HandState, Phase

__all__ = [
    "Checker",
    "callable_depths",
    "callers",
    "draw_action",
    "legal_actions",
    "open_call_depths",
    "take_refusal",
    "top_take_allowed",
]

#: meld actions by (the ace rule's value, meld key): the rule's value, not its ``Ace``
#: member, so that the key holds only numbers and strings and Python's garbage collector
#: stops tracking it, as it does every key of the engine's caches (BENCHMARKS.md, "Caches
#: the collector walks")
_MELD_CACHE: dict[tuple[str, tuple[int, ...]], Meld] = {}


def _meld_action(ace: Ace, rule: str, key: tuple[int, ...]) -> Meld:
    """The interned meld action of ``key`` under ``ace`` (``rule``: its value)."""
    action = _MELD_CACHE.get((rule, key))
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
        _MELD_CACHE[(rule, key)] = action
    return action


class Checker(Protocol):
    """What :func:`legal_actions` needs to try a candidate action in full: a function
    that raises :class:`IllegalAction` if ``p`` may not take ``action`` now."""

    def __call__(self, action: Action, p: int, /) -> None: ...


def legal_actions(h: HandState, check: Checker) -> list[Action]:
    """Every legal action of the player to act (an empty list once the hand is over).

    ``check`` tries a candidate in full where a quick test does not settle it (a pending
    pile target, the all-at-once rule, the same-card rule): it is the same check that
    applying the action makes, so the list and ``apply`` cannot disagree.
    """
    if h.phase is Phase.OVER:
        return []
    if h.phase is Phase.RUMMY:
        p = h.window[0]
        return [call(d) for d in callable_depths(h, p)] + [PASS]
    if h.phase is Phase.DRAW:
        return _draw_actions(h)
    return _play_actions(h, check)


def take_refusal(h: HandState, p: int, depth: int) -> IllegalAction | None:
    """Why ``p``, about to draw, may not take the pile down to ``depth``, or None
    ([draw.top-only], [discard.same-card], [take.must-meld] and the rules like it)."""
    if depth > 1 and h.rules.pile_draw is PileDraw.TOP_ONLY:
        return IllegalAction("draw.top-only", "only the top card of the pile may be taken")
    target = h.pile[-depth]
    # a take that obliges a meld names that duty first: the same-card rule (decision 7)
    # decides only takes no rule of the pile refuses
    obligation = take_obligation(h, depth)
    if obligation and not take_allowed(h, p, depth):
        return _take_error(h, p, depth, obligation)
    if depth == 1 and top_take_trap(h, p):
        return same_card_error(h, p, target)
    return None


def _take_error(h: HandState, p: int, depth: int, obligation: str) -> IllegalAction:
    """The refusal of a take whose target could not be melded, naming the rule that
    forbids it: ``obligation`` if the target could not be melded in any way,
    [take.new-meld] if only a lay-off or a swap could meld it, [wrotham.all-at-once] if
    it could be melded, but not with the whole hand going down this turn."""
    target = h.pile[-depth]
    cards = f"{depth} card{'s' if depth > 1 else ''}"
    counts = [0] * 53
    for c in h.hands[p]:
        counts[c] += 1
    for c in h.pile[len(h.pile) - depth + 1 :]:
        counts[c] += 1
    total = len(h.hands[p]) + depth - 1
    fits = h.fits()
    if not h.reach_for(p, 0, new_meld=False).can_meld(target, counts, h.melds, total, fits):
        return IllegalAction(
            obligation,
            f"{h.name(p)} could not meld {CARDS[target]}, which a take of {cards} must meld "
            "this turn",
        )
    if h.new_meld_rule(depth) and not h.reach_for(p, 0).can_meld(
        target, counts, h.melds, total, fits
    ):
        return IllegalAction(
            "take.new-meld",
            f"{CARDS[target]}, taken from the pile, must start a new meld this turn: "
            f"{h.name(p)} could only lay it off",
        )
    if h.all_at_once:
        return IllegalAction(
            "wrotham.all-at-once",
            f"{h.name(p)} could meld {CARDS[target]}, which a take of {cards} must meld "
            f"this turn, but not with the whole hand at once, as deal {h.number} requires",
        )
    return IllegalAction(obligation, f"{h.name(p)} could not meld {CARDS[target]} this turn")


def draw_action(h: HandState) -> Action:
    """The stock draw of the draw phase: ``draw``, or ``end`` when the stock is gone."""
    return DRAW if h.stock or h.can_turn_over() else END


def top_take_allowed(h: HandState) -> bool:
    """Whether the player to draw may take the top pile card: what :func:`legal_actions`
    decides for ``take`` at depth 1 (the same check ``apply`` makes), without looking
    deeper."""
    return bool(h.pile) and take_refusal(h, h.turn, 1) is None


def _draw_actions(h: HandState) -> list[Action]:
    acts: list[Action] = [draw_action(h)]
    pile = h.pile
    if not pile:
        return acts
    if top_take_allowed(h):
        acts.append(take(1))
    if h.rules.pile_draw is PileDraw.TOP_ONLY:
        return acts
    p = h.turn
    if h.all_at_once:  # take_refusal of each depth, without the refusals' messages
        acts.extend(take(d) for d in range(2, len(pile) + 1) if take_allowed(h, p, d))
        return acts
    # checks.take_allowed for every depth at once: the same reach and counts, the pile
    # cards above each target added one at a time instead of recounted per depth (the
    # golden counts in tests/golden pin that both agree)
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


def _base_calls(h: HandState) -> list[tuple[int, bool]]:
    """(depth, needs a lay-off) for every pile card callable from the pile alone."""
    if h.calls_cache is not None:
        return h.calls_cache
    rules = h.rules
    pile = h.pile
    base: list[tuple[int, bool]] = []
    if rules.rummy_call is RummyCall.LAST_DISCARD:
        if pile and table_cost(pile[-1], [0] * 53, h.melds, rules.ace)[0] == 1:
            base.append((1, True))
    else:
        counts = [0] * 53
        fits = h.fits()
        with_layoff, no_layoff = h.call_reaches()
        for d in range(1, len(pile) + 1):
            target = pile[-d]
            if with_layoff.can_meld(target, counts, h.melds, d - 1, fits):
                needs_layoff = not no_layoff.can_meld(target, counts, h.melds, d - 1, fits)
                base.append((d, needs_layoff))
            counts[target] += 1
    h.calls_cache = base
    return base


def _public_depths(h: HandState, p: int) -> list[int]:
    """The depths of the pile cards open to a Rummy call by ``p``, judged from what every
    player knows (the pile, the table, whether ``p`` has melded)."""
    may_lay_off = not (h.rules.layoff_needs_own_meld and not h.has_melded[p])
    return [d for d, lay in _base_calls(h) if may_lay_off or not lay]


def open_call_depths(h: HandState, p: int) -> list[int]:
    """The depths of the pile cards open to a Rummy call by ``p`` as every player can
    judge them: :func:`callable_depths` without the all-at-once rule's look at ``p``'s
    hidden hand (what may be shown to others)."""
    return _public_depths(h, p)


def callable_depths(h: HandState, p: int) -> list[int]:
    """The depths of the pile cards ``p`` may call Rummy on now. Under the all-at-once
    rule this also asks whether ``p``'s hidden hand could then be melded whole (in mode
    ``last-discard``: whether ``p`` holds no other card, :func:`last_discard_call_refusal`)."""
    depths = _public_depths(h, p)
    if h.all_at_once:
        if h.rules.rummy_call is RummyCall.LAST_DISCARD:
            return [d for d in depths if last_discard_call_refusal(h, p) is None]
        depths = [d for d in depths if take_allowed(h, p, d, for_call=True)]
    return depths


def callers(h: HandState, order: tuple[int, ...]) -> tuple[int, ...]:
    """The seats of ``order`` offered the Rummy call now: those for whom a call is open
    as far as anybody can tell. It never depends on a hidden card ([rummy.when]): under
    the all-at-once rule a seat whose hand turns out not to meld whole is still asked,
    and can only pass."""
    if not _base_calls(h):
        return ()
    return tuple(p for p in order if _public_depths(h, p))


def _play_actions(h: HandState, check: Checker) -> list[Action]:
    p = h.turn
    rules = h.rules
    ace = rules.ace
    rule = ace.value
    hand = h.hands[p]
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    distinct = sorted(set(hand))
    acts: list[Action] = []
    careful = h.pending or h.all_at_once or h.same_card >= 0  # candidates need the full check
    # With only the same-card rule in force, a candidate the quick tests pass can be
    # refused only for leaving nothing but copies of that card ([discard.same-card]),
    # so a play that leaves another card needs no full check
    full = h.pending or h.all_at_once
    same = h.same_card
    others = len(hand) - counts[same] if same >= 0 else 0
    # With a pending target (and not the all-at-once rule), a play that puts the target
    # down meets the obligation: it too needs the full check only for the same-card rule
    # (or, a lay-off, when the target must start a new meld [take.new-meld])
    target = h.target if h.pending and not h.all_at_once else -1
    keep_one = rules.going_out is GoingOut.DISCARD_REQUIRED
    if h.call_layoff_only:
        return [a for a in _layoffs(h, [h.target]) if _ok(check, p, a)]
    limit = rules.melds_per_turn
    if limit is None or h.melds_made < limit or h.all_at_once:
        keys: list[tuple[int, ...]] = []
        if not h.all_at_once or _whole_hand_may_go_down(h, p, counts):
            keys = group_options(counts, counts[JOKER_CODE], distinct)
            keys += run_options(counts, counts[JOKER_CODE], ace)
        if h.all_at_once:  # every meld needs the whole-hand search: see _whole_hand_melds
            allowed = _whole_hand_melds(h, p, check, keys, len(hand) - keep_one)
            acts.extend(_meld_action(ace, rule, key) for key in keys if key in allowed)
        else:
            for key in keys:
                if keep_one and len(key) == len(hand):
                    continue
                meld_action: Action = _meld_action(ace, rule, key)
                if (
                    careful
                    and (full or len(key) >= others)
                    and (target not in key or (same >= 0 and len(key) >= others))
                    and not _ok(check, p, meld_action)
                ):
                    continue
                acts.append(meld_action)
    if h.melds and not (rules.layoff_needs_own_meld and not h.has_melded[p]):
        lay_target = -1 if h.target_new_meld else target
        held = set(distinct)
        for code, action in _layoff_spots(h):
            if code not in held:
                continue
            if keep_one and len(hand) == 1:
                continue
            if (
                careful
                and (full or others <= 1)
                and (code != lay_target or (same >= 0 and others <= 1))
                and not _ok(check, p, action)
            ):
                continue
            acts.append(action)
    if rules.joker_swap:
        for i, m in enumerate(h.melds):
            if JOKER_CODE not in m.cards:
                continue
            for c in distinct:
                if c != JOKER_CODE and swap_joker(m, c, p) is not None:
                    swap = Swap(CARDS[c], i + 1)
                    if careful and not _ok(check, p, swap):
                        continue
                    acts.append(swap)
    if h.pending:
        return acts
    if len(hand) > 1 and not h.all_at_once:
        # nothing restricts the discard but the same-card rule (checks.discard_refusal)
        acts.extend(DISCARDS[c] for c in distinct if c != same)
    else:
        acts.extend(DISCARDS[c] for c in distinct if discard_refusal(h, p, c) is None)
    return acts


def _whole_hand_melds(
    h: HandState, p: int, check: Checker, keys: list[tuple[int, ...]], longest: int
) -> set[tuple[int, ...]]:
    """The meld keys of ``keys`` (of at most ``longest`` cards) that ``p`` may put down
    under the all-at-once rule, each checked in full, shortest first. A meld refused
    because the rest of the hand could not then go down ([wrotham.all-at-once]) makes
    every meld that holds it refused too, unchecked: were the hand left by the bigger
    meld to go down, the one left by the smaller would, the difference laid off on it
    (the same plan; the other checks only refuse more)."""
    ace = h.rules.ace
    rule = ace.value
    allowed: set[tuple[int, ...]] = set()
    hopeless: list[int] = []  # the card masks (_key_mask) of melds refused so
    for key in sorted(keys, key=len):
        if len(key) > longest:
            continue
        mask = _key_mask(key)
        if mask and any(m & mask == m for m in hopeless):
            continue  # holds a meld refused for the whole hand: refused too
        try:
            check(_meld_action(ace, rule, key), p)
        except IllegalAction as e:
            if mask and e.rule == "wrotham.all-at-once":
                hopeless.append(mask)
            continue
        allowed.add(key)
    return allowed


def _key_mask(key: tuple[int, ...]) -> int:
    """A meld key (melds.group_options, melds.run_options) as a bit set, so that one
    meld's cards are within another's when its bits are: bits 0..51 the natural cards,
    52..103 a run's jokers by the card they stand for, then three bits a rank for a
    group's jokers. 0 for a key that holds a card twice (two packs), which is not
    compared."""
    mask = 0
    for k in key:
        if k < 100:
            bit = 1 << k
        elif k < 200:
            bit = 1 << (k - 48)  # 100 + code: bits 52..103
        else:
            slot = 104 + 3 * (k - 201)  # 201 + rank index: the rank's first free slot
            bit = 1 << slot
            while mask & bit and bit < 1 << (slot + 2):
                bit <<= 1
        if mask & bit:
            return 0
        mask |= bit
    return mask


def _whole_hand_may_go_down(h: HandState, p: int, counts: list[int]) -> bool:
    """Whether ``p``'s whole hand (``counts``) can go down this turn: what any meld of
    theirs needs under the all-at-once rule (checks.whole_hand_goes_down, with the
    pending target's duties), so that no meld is tried when it cannot."""
    if h.pending:
        return whole_hand_goes_down(
            h, p, counts[:], h.melds, h.target, keep_target=h.target_new_meld
        )
    return whole_hand_goes_down(h, p, counts[:], h.melds, h.same_card)


def _ok(check: Checker, p: int, action: Action) -> bool:
    try:
        check(action, p)
    except IllegalAction:
        return False
    return True


#: lay-off actions by (card code, or for a joker what it stands for; meld number; the
#: end's value): the end's value, not its ``EndOfRun`` member, as every cache key here
_LAYOFF_CACHE: dict[tuple[int, int, str | None], LayOff] = {}
_JOKER_LAYOFF_CACHE: dict[tuple[int, int, str | None], LayOff] = {}


def _layoff(card: int, number: int, end: EndOfRun | None) -> LayOff:
    key = (card, number, None if end is None else end.value)
    action = _LAYOFF_CACHE.get(key)
    if action is None:
        action = _LAYOFF_CACHE[key] = LayOff((CARDS[card],), number, end)
    return action


def _joker_layoff(stands_for: int, number: int, end: EndOfRun | None) -> LayOff:
    """A joker laid off as natural ``stands_for`` (a card code) or, for a group, as rank
    ``-stands_for``."""
    key = (stands_for, number, None if end is None else end.value)
    action = _JOKER_LAYOFF_CACHE.get(key)
    if action is None:
        joker = (
            JokerAs(card=CARDS[stands_for])
            if stands_for >= 0
            else JokerAs(rank=Rank.from_number(-stands_for))
        )
        action = _JOKER_LAYOFF_CACHE[key] = LayOff((joker,), number, end)
    return action


def _layoffs(h: HandState, cards: list[int]) -> list[Action]:
    """Single-card lay-offs of ``cards`` (distinct, in ascending order) on every table meld
    they fit: by meld, then by card (a joker last), then low end before high end."""
    held = set(cards)
    return [action for code, action in _layoff_spots(h) if code in held]


#: (table, its lay-off spots) by the table's identity and the ace rule (a table is never
#: changed in place: a play makes a new list), and (meld, its spots) by the meld's
#: identity, number and the ace rule (a meld never changes: a lay-off makes a new one);
#: cleared when they grow past _SPOTS_LIMIT and 4 * _SPOTS_LIMIT entries. Kept small: a
#: play works with the table in front of it, and every entry is a few objects Python's
#: garbage collector walks through; at 4,096 the bots' playouts filled them with about
#: 110,000 such objects, and the longest full collection of a ``rollout`` decision took
#: 105 to 122 ms of CPU instead of 35 to 42 (BENCHMARKS.md), no engine decision faster
_SPOTS: dict[tuple[int, str], tuple[list[TableMeld], list[tuple[int, LayOff]]]] = {}
_MELD_SPOTS: dict[tuple[int, int, str], tuple[TableMeld, list[tuple[int, LayOff]]]] = {}
_SPOTS_LIMIT = 256


def _layoff_spots(h: HandState) -> list[tuple[int, LayOff]]:
    """Every single-card lay-off the table takes, as (card code, action), in the order of
    :func:`_layoffs` (a joker's lay-offs under the joker's code)."""
    melds, ace = h.melds, h.rules.ace
    rule = ace.value
    hit = _SPOTS.get((id(melds), rule))
    if hit is not None and hit[0] is melds:
        return hit[1]
    spots: list[tuple[int, LayOff]] = []
    if len(_MELD_SPOTS) >= _SPOTS_LIMIT * 4:
        _MELD_SPOTS.clear()
    for i, m in enumerate(melds):
        key = (id(m), i + 1, rule)
        known = _MELD_SPOTS.get(key)
        if known is None or known[0] is not m:
            known = _MELD_SPOTS[key] = (m, _meld_spots(m, i + 1, ace))
        spots += known[1]
    if len(_SPOTS) >= _SPOTS_LIMIT:
        _SPOTS.clear()
    _SPOTS[id(melds), rule] = (melds, spots)  # holding the table keeps its id unique
    return spots


def _meld_spots(m: TableMeld, number: int, ace: Ace) -> list[tuple[int, LayOff]]:
    """The lay-offs of :func:`_layoff_spots` on one meld, table meld ``number``."""
    spots: list[tuple[int, LayOff]] = []
    n = len(m.cards)
    if not m.is_run:
        if n >= 4:
            return spots
        suits = m.group_suits()
        rank = m.rank
        for suit in range(4):
            if not suits >> suit & 1:
                code = suit * 13 + rank - 1
                spots.append((code, _layoff(code, number, None)))
        spots.append((JOKER_CODE, _joker_layoff(-rank, number, None)))
        return spots
    if n >= 13:
        return spots
    ends = []
    if m.lo > 1 or ace is Ace.AROUND:
        ends.append((EndOfRun.LOW, m.suit * 13 + rank_at(m.lo - 1) - 1))
    if m.hi < max_position(ace):
        ends.append((EndOfRun.HIGH, m.suit * 13 + rank_at(m.hi + 1) - 1))
    # a twelve-card run takes the same card at both ends: an ace must name the end (it
    # scores low first, high last), and so must a card added to a run that starts with
    # its ace (A..Q and a king: A..K, the ace low, or K A..Q, the ace inside); any other
    # card makes the same thirteen round the corner either way, so it goes on at the
    # high end, unnamed ([layoff.extend]; melds.lay_off decides alike)
    both = len(ends) == 2 and ends[0][1] == ends[1][1]
    if both and rank_at(m.lo - 1) != 1 and rank_at(m.lo) != 1:
        ends, both = ends[1:], False
    fitting = [(code, end) for end, code in ends]
    if len(fitting) == 2 and fitting[1][0] < fitting[0][0]:
        fitting.reverse()  # by card, as the cards come
    for code, end in fitting:
        spots.append((code, _layoff(code, number, end if both else None)))
    for end, code in ends:
        spots.append((JOKER_CODE, _joker_layoff(code, number, end if both else None)))
    return spots
