"""Invariants over random legal play, for every preset and every player count it allows.

Each example deals a hand from a seed that hypothesis picks, plays uniformly random legal
actions and checks, after every action: cards are conserved, every listed action applies
to a copy, random refused actions leave the state unchanged, views hide what they must;
at the end of the hand: it ended, and the scores follow the formula (computed here
independently of the engine, the bonus for going out in one turn included). Records of
games round-trip, finished or not. The option variants get the same checks.

The examples a test runs scale with the hypothesis profile (tests/conftest.py): the
numbers below are the default profile's, and ``HYPOTHESIS_PROFILE=thorough`` runs about
17 times as many.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import (
    CallRummy,
    Card,
    Deal,
    Discard,
    Draw,
    End,
    Game,
    IllegalAction,
    LayOff,
    Meld,
    Pass,
    PlayerView,
    Rules,
    Swap,
    Take,
    load_game,
    write_record,
)
from rummykit.actions import Action, JokerAs
from rummykit.cards import JOKER_CODE
from rummykit.events import HandEnd
from rummykit.hand import Hand
from rummykit.rules import PRESETS, Ace, CardValues, RummyBonus, Scoring
from rummykit.view import SeatFacts
from tests.public_watch import Watcher

COMBOS = [
    (name, n)
    for name, rules in PRESETS.items()
    for n in range(rules.min_players, rules.max_players + 1)
]
# Turning the pile over without limit can go on for ever with stubborn players (seed 001
# says so); the termination property is checked with a limit there.
BOUNDED = {"stock_reuse_limit": 3}
MAX_STEPS = 4000


def scaled(examples: int) -> int:
    """``examples`` under the default profile (60 examples a test), more under a larger
    one: a fixed ``max_examples`` would keep the thorough profile from enlarging a test."""
    return max(examples, examples * settings.default.max_examples // 60)


def rules_for(name: str) -> Rules:
    rules = Rules.preset(name)
    if rules.stock_reuse_limit is None and rules.stock_exhausted.value in (
        "turn-over",
        "reshuffle",
    ):
        rules = rules.with_options(BOUNDED)
    return rules


def snapshot(h: Hand) -> tuple[Any, ...]:
    return (
        [sorted(x) for x in h.hands],
        h.stock[:],
        h.pile[:],
        [(m.cards, m.owners, m.lo) for m in h.melds],
        [sorted(k) for k in h.known],
        h.phase,
        h.turn,
        h.window,
        h.target,
        h.pending,
        h.same_card,
        h.melds_made,
        len(h.history),
    )


def random_candidates(h: Hand, rng: random.Random) -> list[Action]:
    """Actions of every kind, mostly illegal, to check that refusals change nothing."""
    p = h.to_act
    pool = [Card(c) for c in range(53)]
    hand = [Card(c) for c in h.hands[p]] if p >= 0 else []
    out: list[Action] = [Discard(rng.choice(pool)), Take(count=rng.randint(1, 6))]
    if len(hand) >= 3:
        picked = rng.sample(hand, 3)
        out.append(Meld(tuple(JokerAs() if c == JOKER_CODE else c for c in picked)))
    if hand:
        out.append(LayOff((rng.choice(hand),), rng.randint(1, 4)))
        out.append(Swap(rng.choice([c for c in pool if c != JOKER_CODE]), rng.randint(1, 3)))
    return out


def check_view(h: Hand, view: PlayerView, seat: int | None, watch: Watcher) -> None:
    if seat is None:
        assert view.hand is None
    else:
        assert Counter(view.hand or ()) == Counter(Card(c) for c in h.hands[seat])
    # what a view says others hold, it may say only of cards seen going into their hands
    # (tests/public_watch.py follows that from the positions, not from the engine)
    for q, (known, drawn) in enumerate(zip(view.known, view.drawn_known, strict=True)):
        # (together: a card in both would show a second, hidden copy of two packs)
        assert not Counter(known) + Counter(drawn) - watch.known[q], f"seat {q}'s cards shown"
    assert len(view.known) == len(view.drawn_known) == h.n
    assert view.stock_size == len(h.stock)
    assert not hasattr(view, "stock")
    # the stock's order only where it is public (a turned-over pile), top first
    if watch.stock_public:
        assert view.open_stock == tuple(Card(c) for c in reversed(h.stock))
    else:
        assert view.open_stock == ()
    # the log names only cards shown face up this hand
    for q, text in view.log:
        assert watch.named_in(text) <= watch.shown, f"the log shows a hidden card: {q} {text}"
    # legal actions only for the seat to act, and only its own
    if seat is None or seat != h.to_act:
        assert view.legal_actions == ()
    else:
        assert list(view.legal_actions) == list(h.legal_actions())
    public = Counter(Card(c) for c in h.pile)
    for m in h.melds:
        public.update(Card(c) for c in m.cards)
    seen = Counter(view.pile)
    for mv in view.melds:
        seen.update(Card(c) for c in mv.meld.cards)
    assert seen == public


def check_facts(h: Hand, facts: SeatFacts, seat: int, watch: Watcher) -> None:
    """The research environment's facts (``Game.facts``) hide what the view hides."""
    assert facts.hand == tuple(sorted(h.hands[seat]))
    for q, (known, drawn) in enumerate(zip(facts.known, facts.drawn_known, strict=True)):
        assert not Counter(known) + Counter(drawn) - watch.known[q], f"seat {q}'s cards shown"
    assert facts.open_stock == (tuple(reversed(h.stock)) if watch.stock_public else ())
    assert facts.hand_sizes == tuple(map(len, h.hands))


def value_in_hand(rules: Rules, card: int) -> int:
    if card == JOKER_CODE:
        return 15
    rank = card % 13 + 1
    if rank == 1:
        if rules.card_values is CardValues.BASIC and rules.ace is Ace.LOW:
            return 1
        return 15
    if rules.card_values is CardValues.FIVE_TEN_FIFTEEN:
        return 5 if rank < 10 else 10
    return rank if rank < 10 else 10


def value_on_table(rules: Rules, meld: Any, i: int) -> int:
    card = meld.cards[i]
    rank = (meld.lo + i - 1) % 13 + 1 if meld.is_run else meld.rank
    low_ace = meld.is_run and meld.lo + i == 1
    if rules.card_values is CardValues.REMIK:
        if rank == 1:
            return 1 if low_ace else 11
        return rank if rank < 10 else 10
    if card == JOKER_CODE:
        return 15
    if rank == 1 and low_ace:
        return {CardValues.STANDARD: 1, CardValues.FIVE_TEN_FIFTEEN: 5}.get(
            rules.card_values, value_in_hand(rules, card)
        )
    return value_in_hand(rules, card)


TABLE_PLAYS = (Meld, LayOff, Swap, CallRummy)


def went_out_in_one_turn(h: Hand) -> bool:
    """Whether the player who went out put no card on the table before the turn they went
    out in (whose play began with their last draw or take): [score.rummy-bonus], read
    from the hand's history alone."""
    if h.out is None:
        return False
    mine = [(i, a) for i, (seat, a) in enumerate(h.history) if seat == h.out]
    start = max((i for i, a in mine if isinstance(a, (Draw, Take))), default=-1)
    return not any(isinstance(a, TABLE_PLAYS) for i, a in mine if i < start)


def with_bonus(rules: Rules, score: int) -> int:
    if rules.rummy_bonus is RummyBonus.DOUBLE:
        return 2 * score
    if rules.rummy_bonus is RummyBonus.PLUS10:
        return score + 10
    return score


def expected_scores(h: Hand, owners: list[tuple[int, ...]] | None = None) -> list[int]:
    """The hand's scores by the formula; ``owners`` gives who put each table card down
    (as followed by a :class:`Watcher`), else the engine's own record of it."""
    rules = h.rules
    in_hand = [sum(value_in_hand(rules, c) for c in cards) for cards in h.hands]
    bonus = went_out_in_one_turn(h)
    if rules.scoring is Scoring.MELDED_MINUS_HAND:
        scores = [-v for v in in_hand]
        for m, laid_by in zip(h.melds, owners or [m.owners for m in h.melds], strict=True):
            for i, owner in enumerate(laid_by):
                scores[owner] += value_on_table(rules, m, i)
        if h.out is not None and bonus:
            scores[h.out] = with_bonus(rules, scores[h.out])
        return scores
    if rules.scoring is Scoring.WINNER_TAKES:
        if h.out is not None:
            won = sum(in_hand) - in_hand[h.out]
            won = with_bonus(rules, won) if bonus else won
            return [won if p == h.out else 0 for p in range(h.n)]
        low = min(in_hand)
        ties = in_hand.count(low)
        pot = sum(v - low for v in in_hand)
        return [pot // ties if v == low else 0 for v in in_hand]
    penalty = [with_bonus(rules, v) if bonus else v for v in in_hand]
    return [0 if p == h.out else penalty[p] for p in range(h.n)]


def play_one_hand(name: str | Rules, n: int, seed: int, deep_checks: bool) -> Hand:
    rules = rules_for(name) if isinstance(name, str) else name
    game = Game(rules, [f"P{i}" for i in range(n)], seed=seed)
    hand = game.hand
    total = Counter(hand.iter_cards())
    rng = random.Random(seed)
    watch = Watcher(hand)
    steps = 0
    while not hand.is_over:
        steps += 1
        assert steps < MAX_STEPS, "the hand did not end"
        legal = hand.legal_actions()
        assert legal, f"no legal action in phase {hand.phase}"
        if deep_checks:
            for action in rng.sample(legal, min(4, len(legal))):
                hand.clone().apply(action)  # every listed action applies
            for action in random_candidates(hand, rng):
                before = snapshot(hand)
                try:
                    hand.clone().apply(action)
                    canonical = not isinstance(action, LayOff) or JOKER_CODE not in action.cards
                    if isinstance(action, (Discard, Take, Swap, LayOff)) and canonical:
                        assert action in legal, f"{action} applies but is not listed"
                except IllegalAction:
                    hand_copy = hand.clone()
                    with pytest.raises(IllegalAction):
                        hand_copy.apply(action)
                    assert snapshot(hand_copy) == before
                    assert action not in legal
            seat = rng.choice([None, *range(n)])
            check_view(hand, game.view(seat), seat, watch)
            if seat is not None:
                check_facts(hand, game.facts(seat), seat, watch)
        actor = hand.to_act
        game.apply(rng.choice(legal))
        watch.after(hand, actor)
        assert Counter(hand.iter_cards()) == total, "a card appeared or vanished"
    assert hand.scores() == expected_scores(hand, watch.owners(hand))
    return hand


@pytest.mark.parametrize(("name", "players"), COMBOS, ids=[f"{c}-{n}p" for c, n in COMBOS])
@settings(max_examples=scaled(6))
@given(seed=st.integers(0, 2**32))
def test_random_hand_invariants(name: str, players: int, seed: int) -> None:
    play_one_hand(name, players, seed, deep_checks=True)


@pytest.mark.parametrize(("name", "players"), COMBOS, ids=[f"{c}-{n}p" for c, n in COMBOS])
@settings(max_examples=scaled(15))
@given(seed=st.integers(0, 2**32))
def test_every_hand_ends_and_scores_follow_the_formula(name: str, players: int, seed: int) -> None:
    hand = play_one_hand(name, players, seed, deep_checks=False)
    assert isinstance(hand.ended_by, HandEnd)
    assert (hand.out is not None) == (hand.ended_by is HandEnd.OUT)


# options a record must carry that the presets leave at their defaults, on top of any preset
RECORD_OPTIONS: list[dict[str, Any]] = [
    {},
    {"settlement": "end", "chips_per_point": 3},
    {"stock_exhausted": "reshuffle", "stock_reuse_limit": 2, "hand_size": 10},
    {"rummy_bonus": "plus10", "must_go_out_to_win": True},
    {"ties": "leaders-play-on", "first_player_extra_card": True},
]


def same_play_ahead(game: Game, again: Game, rng: random.Random, actions: int) -> None:
    """Plays both games on with the same random actions, over hands still to be dealt,
    checking that each offers the same actions and ends up with the same results."""
    for _ in range(actions):
        if game.over:
            break
        legal = game.legal_actions()
        assert again.legal_actions() == legal, "the resumed game offers other actions"
        action = rng.choice(legal)
        game.apply(action)
        again.apply(action)
    assert again.over == game.over and again.totals == game.totals
    assert write_record(again) == write_record(game)


def stubborn(hand: Hand, legal: list[Action], rng: random.Random) -> Action:
    """A player who never lets the hand end once the stock is empty for good: takes the
    pile's top card whenever that is allowed instead of ``end``, else plays at random.
    [end.stock-take] is what makes such players end the hand all the same. (While the
    stock may still be rebuilt, players who only ever take the top card can go on for
    ever under any rules, as they could with cards in the stock.)"""
    if hand.stock_locked():
        takes = [a for a in legal if isinstance(a, Take) and a.count == 1]
        if takes:
            return takes[0]
        legal = [a for a in legal if not isinstance(a, End)] or legal
    return rng.choice(legal)


@pytest.mark.parametrize(("name", "players"), COMBOS, ids=[f"{c}-{n}p" for c, n in COMBOS])
@settings(max_examples=scaled(4))
@given(seed=st.integers(0, 2**32))
def test_end_stock_take_ends_the_hand_of_stubborn_players(
    name: str, players: int, seed: int
) -> None:
    game = Game(rules_for(name), [f"P{i}" for i in range(players)], seed=seed)
    hand, rng = game.hand, random.Random(seed)
    for _ in range(MAX_STEPS):
        if hand.is_over:
            break
        game.apply(stubborn(hand, list(hand.legal_actions()), rng))
    assert hand.is_over, f"still going after {MAX_STEPS} actions: {hand.public_log()[-6:]}"


UNBOUNDED = [
    name
    for name, rules in PRESETS.items()
    if rules.stock_reuse_limit is None and rules.stock_exhausted.value in ("turn-over", "reshuffle")
]


@pytest.mark.parametrize("name", UNBOUNDED)
@settings(max_examples=scaled(10))
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_every_hand_of_the_unbounded_presets_ends(name: str, players: int, seed: int) -> None:
    # the presets themselves, the pile turned over without limit: random players end the
    # hand by going out, or [end.dead] ends it when no play can ever reach the table
    game = Game(Rules.preset(name), [f"P{i}" for i in range(players)], seed=seed)
    hand, rng = game.hand, random.Random(seed)
    for _ in range(10 * MAX_STEPS):
        if hand.is_over:
            break
        game.apply(rng.choice(hand.legal_actions()))
    assert hand.is_over and isinstance(hand.ended_by, HandEnd)


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=scaled(5))
@given(
    seed=st.integers(0, 2**32),
    stop=st.integers(0, 400),
    players=st.sampled_from([2, 3, 4]),
    options=st.sampled_from(RECORD_OPTIONS),
)
def test_records_round_trip(
    name: str, seed: int, stop: int, players: int, options: dict[str, Any]
) -> None:
    rules = rules_for(name).with_options(options)
    players = min(max(players, rules.min_players), rules.max_players)
    game = Game(rules, ["Ana", "Ben", "Caro", "Dan"][:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(stop):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    # passes on a Rummy call are not written, so a call that everyone declined would be
    # offered again after resuming: resume after the call instead
    while not game.over and game.hand.history and isinstance(game.hand.history[-1][1], Pass):
        game.apply(rng.choice(game.legal_actions()))
    doc = write_record(game)
    again = load_game(doc)
    assert write_record(again) == doc
    # what the record holds is the game itself, not only what it writes again
    assert again.rules == game.rules and again.seed == game.seed
    assert again.totals == game.totals and again.over == game.over
    # the resumed game goes on as the first would, its next hands dealt the same
    same_play_ahead(game, again, random.Random(seed + 1), 600)


@pytest.mark.parametrize("name", list(PRESETS))
@settings(max_examples=scaled(3))
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3]))
def test_records_of_finished_games_round_trip(name: str, seed: int, players: int) -> None:
    # a game of one hand (a target of 1 point, or one deal): its results, the winners and
    # the settlement of chips are written and read back
    rules = rules_for(name)
    rules = rules.with_options({"target": 1} if rules.target is not None else {"deals": 1})
    game = Game(rules, ["Ana", "Ben", "Caro"][:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(20 * MAX_STEPS):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.over
    doc = write_record(game)
    again = load_game(doc)
    assert again.over and write_record(again) == doc
    assert again.totals == game.totals and again.winners == game.winners
    assert [r.scores for r in again.results] == [r.scores for r in game.results]


VARIANTS: list[dict[str, Any]] = [
    {"target_must_start_meld": True},
    {"layoff_needs_own_meld": True},
    {"going_out": "floating"},
    {"going_out": "floating-unplayable"},
    {"going_out": "discard-required"},
    {"joker_swap": True},
    {"rummy_call": "last-discard"},
    {"top_card_must_meld": True, "melds_per_turn": 1},
    {"ace": "around"},
    {"stock_exhausted": "reshuffle", "stock_reuse_limit": 2},
    {"stock_exhausted": "last-card", "jokers": 3},
    {"card_values": "5-10-15", "scoring": "penalty", "rummy_bonus": "double"},
    # (with deep takes or calls, random players would check 30-card hands, and the
    # all-at-once check is an exact search: slow, so this keeps Wrotham's pile rules)
    {
        "all_at_once_from_deal": 1,
        "first_player_extra_card": True,
        "pile_draw": "top-only",
        "rummy_call": "off",
    },
    {"joker_swap": True, "going_out": "floating", "layoff_needs_own_meld": True},
    # small hands go out in one turn often: the bonus under each scoring
    {"hand_size": 3, "rummy_bonus": "plus10"},
    {"hand_size": 3, "scoring": "winner-takes", "rummy_bonus": "double"},
    {"hand_size": 4, "scoring": "penalty", "rummy_bonus": "plus10"},
    {"pile_draw": "top-only"},
    {"card_values": "remik"},
    {"card_values": "basic", "ace": "low"},
    {"melds_per_turn": 1},
    {"packs": 2, "hand_size": 9},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[",".join(v) for v in VARIANTS])
@pytest.mark.parametrize("players", [2, 3, 5])
@settings(max_examples=scaled(4))
@given(seed=st.integers(0, 2**32))
def test_option_variants_play_to_the_end(options: dict[str, Any], players: int, seed: int) -> None:
    # the checks of every preset's hands: cards, listed and refused actions, views, scores
    play_one_hand(Rules.preset("500-rum", **options), players, seed, deep_checks=True)


@pytest.mark.parametrize("bonus", ["double", "plus10"])
@pytest.mark.parametrize("scoring", ["melded-minus-hand", "winner-takes", "penalty"])
def test_score_rummy_bonus_follows_the_formula(scoring: str, bonus: str) -> None:
    # random play of 3-card hands: the first hands gone out in one turn, and the first
    # gone out after an earlier play, score as the formula says (found within the seeds)
    rules = Rules.preset("500-rum", hand_size=3, scoring=scoring, rummy_bonus=bonus)
    seen = {True: 0, False: 0}
    for seed in range(300):
        hand = play_one_hand(rules, 2, seed, deep_checks=False)
        if hand.out is not None:
            seen[went_out_in_one_turn(hand)] += 1  # play_one_hand checked the scores
        if min(seen.values()) >= 3:
            break
    assert min(seen.values()) >= 3, seen


# ---------------------------------------------------------------- nobody is ever stuck
# docs/rules-decisions.md 6 and 41: whatever the options, a player to act always has a
# legal action (a draw, an end, a pass, or a play that keeps the duties of the turn). The
# options below narrow what may be played and combine in many ways; each example deals
# one small hand under a random set of them and plays random legal actions, weighted
# towards plays and takes, checking every position reached and every position one listed
# play or take away (a stuck position can only come after a play or a take: draws, ends
# and passes are always open). Seeded, so a failure names its example.
NARROWING: dict[str, list[Any]] = {
    "all_at_once_from_deal": [1, 1, 1, 1, None],
    "going_out": ["any", "discard-required", "discard-required", "floating", "floating-unplayable"],
    "target_must_start_meld": [True, True, False],
    "layoff_needs_own_meld": [True, False],
    "top_card_must_meld": [True, True, False],
    "rummy_call": ["pile", "last-discard", "last-discard", "off"],
    "joker_swap": [True, False],
    "first_player_extra_card": [True, False],
    "melds_per_turn": [None, 1],
    "stock_exhausted": ["end", "turn-over"],
    "hand_size": [2, 3, 3, 4, 5],
    "jokers": [0, 2],
}
PLAYS = (Meld, LayOff, Swap, Take, CallRummy)
WEIGHTS = {Meld: 8, LayOff: 8, Swap: 4, Take: 4, CallRummy: 6}
STUCK_BLOCKS, STUCK_EXAMPLES, STUCK_STEPS = 4, 200, 45
DEEPEST = 3  # deeper takes make hands whose all-at-once search is slow


def narrowed_hand(example: int) -> tuple[Hand, random.Random, str]:
    rng = random.Random(f"stuck/{example}")
    options = {key: rng.choice(values) for key, values in NARROWING.items()}
    players = rng.choice([2, 3, 4])
    rules = Rules.preset("500-rum", stock_reuse_limit=1, **options)
    dealer = players - 1
    deal = Deal.shuffled(rules, players, seed=example, dealer=dealer)
    hand = Hand(rules, [f"P{i}" for i in range(players)], dealer, deal, seed=example)
    return hand, rng, f"example {example}, {players} players, {options}"


def shallow(action: Take | CallRummy) -> bool:
    return action.count is not None and action.count <= DEEPEST


def assert_not_stuck(hand: Hand, how: str) -> None:
    if not hand.is_over:
        assert hand.legal_actions(), f"{how}: nothing legal after {hand.public_log()[-4:]}"


@pytest.mark.parametrize("block", range(STUCK_BLOCKS))
def test_the_player_to_act_always_has_a_legal_action(block: int) -> None:
    for example in range(block * STUCK_EXAMPLES, (block + 1) * STUCK_EXAMPLES):
        hand, rng, how = narrowed_hand(example)
        for _ in range(STUCK_STEPS):
            if hand.is_over:
                break
            assert_not_stuck(hand, how)
            legal = hand.legal_actions()
            for action in legal:
                if isinstance(action, PLAYS):
                    after = hand.clone()
                    after.apply(action)
                    assert_not_stuck(after, f"{how}, then {action}")
            short = [a for a in legal if not isinstance(a, (Take, CallRummy)) or shallow(a)]
            hand.apply(rng.choices(short, [WEIGHTS.get(type(a), 1) for a in short])[0])
