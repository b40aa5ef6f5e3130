"""Each level's choice in fixed positions where the right move is clear."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import CallRummy, Card, Discard, Draw, Game, Hand, Meld, Phase, Rules, Take
from rummykit.bots import BasicBot, HeuristicBot, cycles, get_bot
from rummykit.bots.cycles import cycle_period, recycling
from rummykit.bots.evaluate import MEASURED_SHARES, Values
from rummykit.bots.judge import FIRST_MODEL, TEMPO, Judge
from rummykit.bots.tournament import BotSpec, play_one, run_match
from rummykit.cards import JOKER_CODE
from rummykit.events import HandEnd
from rummykit.players import Driver
from rummykit.reach import new_meld_cost
from rummykit.rules import Ace

from .table import TH_LIES_ON_THE_TABLE, lay_off_danger, position, view

#: Levels that must find the clear move (random is a baseline), with small budgets.
SMART = [("greedy", None), ("heuristic", None), ("montecarlo", 24), ("ismcts", 24)]
CAREFUL = SMART[1:]
SEVEN = Rules.preset("500-rum", hand_size=7)


@pytest.mark.parametrize(("level", "budget"), SMART)
def test_melds_a_run_it_holds(level: str, budget: int | None) -> None:
    hand = position(
        SEVEN,
        ["5H 6H 7H 2C 9D QS KD", "3C 4D 8S TC JD AH 9C"],
        upcard="2S",
        stock="3S",
        actions=[(0, "draw")],
    )
    action = get_bot(level, seed=1, budget=budget).act(view(hand))
    assert isinstance(action, Meld)
    assert sorted(map(str, action.cards)) == ["5H", "6H", "7H"]


@pytest.mark.parametrize(("level", "budget"), SMART)
def test_takes_the_pile_card_that_completes_a_meld(level: str, budget: int | None) -> None:
    hand = position(
        SEVEN,
        ["8C 8D 2H 4S 6C JD KH", "3C 4D 9S TC QD AH 9C"],
        upcard="8S",
        stock="5S",
    )
    action = get_bot(level, seed=1, budget=budget).act(view(hand))
    assert action == Take(count=1)


@pytest.mark.parametrize(("level", "budget"), CAREFUL)
def test_does_not_discard_what_the_next_player_can_lay_off(level: str, budget: int | None) -> None:
    # P1 melds 7H 8H 9H; P0 may not lay off before melding, and holds TH (which P1 can
    # lay off) beside safe cards of the same value.
    hand = lay_off_danger()
    v = view(hand)
    assert v.seat == 0 and Discard(Card.parse("TH")) in v.legal_actions
    action = get_bot(level, seed=1, budget=budget).act(v)
    assert isinstance(action, Discard)
    assert str(action.card) != "TH"


#: The Rummy call is worth about 13 points here: with 24 playouts a search level passes
#: on some seeds (montecarlo, seed 2), with 100 on none of seeds 1 to 8.
CALLERS = [("greedy", None), ("heuristic", None), ("montecarlo", 100), ("ismcts", 100)]


@pytest.mark.parametrize(("level", "budget"), CALLERS)
def test_calls_rummy_when_the_pile_gives_points(level: str, budget: int | None) -> None:
    # P0 melds 7H 8H 9H; P1 discards TH, which lies on that run: P0 may call.
    hand = position(
        Rules.preset("500-rum"),
        ["7H 8H 9H 2C 4C 6D QS", "TH 3S 5D 9C JD KS 2D", "AD 3D 5C 7C 9S JS KC"],
        upcard="4S",
        stock="8C KH",
        actions=[(0, "draw"), (0, "meld 7H 8H 9H"), (0, "discard QS"), (1, "draw")],
    )
    hand.apply(Discard(Card.parse("TH")), 1)
    v = view(hand)
    assert v.seat == 0 and any(isinstance(a, CallRummy) for a in v.legal_actions)
    action = get_bot(level, seed=1, budget=budget).act(v)
    assert isinstance(action, CallRummy)


def test_random_picks_a_legal_action() -> None:
    hand = position(SEVEN, ["8C 8D 2H 4S 6C JD KH", "3C 4D 9S TC QD AH 9C"], upcard="8S")
    v = view(hand)
    assert get_bot("random", seed=3).act(v) in v.legal_actions


@pytest.mark.parametrize("kind", [BasicBot, HeuristicBot])
def test_heuristic_breaks_a_pile_cycle(kind: type[HeuristicBot]) -> None:
    # two basic heuristic bots, each left with part of a set of twos, passed the same
    # three twos between them through the pile for ever (remik-500, seed 2): now they
    # draw. (The heuristic that counts the danger of its discards to hidden hands steers
    # clear of that position; the basic one meets it.)
    game = Game(Rules.preset("remik-500"), ["A", "B"], seed=2)
    bot = kind(seed=1)
    cycled = 0
    while not game.over and len(game.hands) < 3:
        view = game.view(game.to_act)
        cycled += recycling(view)
        game.apply(bot.act(view))
        assert len(game.hand.history) < 400
    assert len(game.hands) == 3 or game.over
    if kind is BasicBot:
        assert cycled > 0  # the position that used to cycle was met, and left


def test_recycling_reads_the_public_log() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=2)
    view = game.view(game.to_act)
    assert not recycling(view)
    me, other = view.seat, 1 - view.seat
    a, b, c = "5C", str(view.pile[-1]), "9H"  # b is the top card of the real pile
    log = [(me, f"discard {a}")]
    for mine, theirs in ((c, b), (b, a), (a, c)):
        log += [(other, "take 1"), (other, f"discard {theirs}"), (me, "take 1")]
        log += [(me, f"discard {mine}")]
    log += [(other, "take 1"), (other, f"discard {b}")]
    # a and c came back to me once each, and b, which I discarded, is on top
    assert recycling(dataclasses.replace(view, log=tuple(log)))
    # one take-back is not a cycle yet
    assert not recycling(dataclasses.replace(view, log=tuple(log[:8] + log[-2:])))
    # nor is taking a top card this player never discarded
    other_top = tuple((seat, text.replace(b, "KD")) for seat, text in log)
    assert not recycling(dataclasses.replace(view, log=other_top))


def test_where_melds_score_nothing_cards_left_over_cost_their_value_and_tempo() -> None:
    rummy = Judge(
        Game(Rules.preset("rummy"), ["A", "B"], seed=1).view(0), Values(Rules.preset("rummy"))
    )
    rum = Game(Rules.preset("500-rum"), ["A", "B"], seed=1)
    five = Judge(rum.view(0), Values(Rules.preset("500-rum")))
    assert not rummy.values.melds_score and five.values.melds_score
    # where melds score: a + b q of its value with the shares measured in play (a card
    # left over is mostly discarded, at no cost) by default, 2q - 1 in the basic level
    first = Judge(rum.view(0), Values(Rules.preset("500-rum")), dead_share=FIRST_MODEL)
    assert first.kept(10, 1.0) == 10 and first.kept(10, 0.0) == -10
    assert BasicBot().dead_share == FIRST_MODEL and HeuristicBot().dead_share is None
    a, b = MEASURED_SHARES[2][1]
    assert five.dead_share == (a, b)
    assert five.kept(10, 1.0) == pytest.approx(10 * (a + b))
    assert five.kept(10, 0.0) == pytest.approx(10 * a)
    assert rummy.kept(10, 1.0) == 0 and rummy.kept(10, 0.0) == -2 * (10 + TEMPO)
    view = Game(Rules.preset("rummy"), ["A", "B"], seed=1).view(0)
    slow = Judge(view, Values(Rules.preset("rummy")), tempo=0.0)
    assert slow.kept(10, 0.0) == -20 and slow.kept(10, 0.5) == -10
    assert HeuristicBot().tempo == TEMPO and HeuristicBot(tempo=3.0).tempo == 3.0
    # the option reaches the judge: the worths it gives the actions change
    assert HeuristicBot(tempo=0.0).scored(view) != HeuristicBot().scored(view)


def test_cycle_period_reads_the_public_log() -> None:
    a = [(0, "draw"), (0, "discard 5C"), (1, "take 1"), (1, "discard 9H")]
    b = [(0, "draw"), (0, "discard 6C"), (1, "draw"), (1, "discard 9H")]
    assert cycle_period(a + b + a + b) == 8
    assert cycle_period(b + a + b + a + b) == 8
    assert cycle_period(a + b + a) == 0  # seen once and a half: not yet a cycle
    assert cycle_period(a + b + b) == 4  # the last round repeats the one before
    assert cycle_period(a + b) == 0
    assert cycle_period([(0, "draw")] * 7) == 0  # too short to tell


@pytest.mark.parametrize(("other", "game"), [("greedy", 5), ("greedy", 24)])
def test_heuristic_leaves_a_hand_going_round_in_circles(
    other: str, game: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rummy, pile turned over without shuffling: in these games of the heuristic against
    # greedy the players draw and discard the same cards in the same order for ever,
    # unless the heuristic, seeing the public log repeat, does not do again what it did
    # one cycle ago. (Two heuristic bots did so in game 2 until the worth of a stock draw
    # was mended on 2026-11-26; since, none of the first 200 games of seed 7 does.)
    specs = [BotSpec.of("heuristic"), BotSpec.of(other)]
    result = play_one(specs, Rules.preset("rummy"), 2, 7, game, max_hand_actions=1500)
    assert not result.unfinished and result.winner is not None
    monkeypatch.setattr(cycles, "cycle_period", lambda log: 0)  # greedy's, too
    monkeypatch.setattr(cycles, "stalled", lambda view: False)
    stuck = play_one(specs, Rules.preset("rummy"), 2, 7, game, max_hand_actions=1500)
    assert stuck.unfinished


def _greedy_rummy_hand(seed: int) -> Hand:
    game = Game(Rules.preset("rummy"), ["Ana", "Ben", "Caro", "Dan"], seed=seed)
    bots = [get_bot("greedy", seed=f"{seed}/{seat}") for seat in range(4)]
    for _ in range(3000):
        if game.hand.is_over:
            break
        seat = game.hand.to_act
        game.apply(bots[seat].choose(game.view(seat)))
    return game.hand


@pytest.mark.parametrize("seed", [8, 39, 44])
def test_greedy_leaves_a_hand_going_round_in_circles(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # four greedy bots in rummy: in these deals every player declines what they draw,
    # and the pile, turned over without shuffling, brings the same cards round in the
    # same order for ever, though melds could still be made (the hand is not dead)
    hand = _greedy_rummy_hand(seed)
    assert hand.is_over and hand.ended_by is HandEnd.OUT
    monkeypatch.setattr(cycles, "cycle_period", lambda log: 0)
    monkeypatch.setattr(cycles, "stalled", lambda view: False)
    stuck = _greedy_rummy_hand(seed)
    assert not stuck.is_over and not stuck.dead()


def test_a_standoff_of_pairs_is_broken_at_random() -> None:
    # 4-player rummy, two basic bots against two greedy ones (game 145 of the match with
    # seed 7): in hand 6 each basic bot holds a pair of aces, and each greedy bot a three
    # (one card); nobody can progress unless somebody breaks a pair, which no best (or
    # second-best) move does, and the hand went round for 5,000 actions. Random steps
    # off the cycle let it end.
    specs = [BotSpec.of("basic"), BotSpec.of("greedy")]
    result = play_one(specs, Rules.preset("rummy"), 4, 7, 145, max_hand_actions=5000)
    assert not result.unfinished and result.winner is not None
    assert len(result.hand_scores) > 5


def test_step_off_plays_another_action_of_the_same_kind() -> None:
    game = Game(Rules.preset("rummy"), ["A", "B"], seed=3)
    game.apply(game.legal_actions()[0])  # A draws (or takes): A now discards
    view = game.view(game.to_act)
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    mine = [(view.seat, str(discards[0]))]
    turn = [(1 - view.seat, "draw"), (1 - view.seat, "discard 9H"), (view.seat, "draw")]
    # one cycle ago this seat played discards[0] here: the log repeats with period 4
    log = (*turn, *mine, *turn, *mine, *turn)
    looping = dataclasses.replace(view, log=log)
    assert cycles.step_off(view, discards[0], random.Random(1)) is None
    assert cycles.step_off(looping, discards[1], random.Random(1)) is None
    picked = {cycles.step_off(looping, discards[0], random.Random(k)) for k in range(40)}
    assert picked <= set(discards[1:]) and len(picked) > 1


def test_a_repeated_draw_steps_off_to_the_top_card_where_takes_go_deeper() -> None:
    # 500 Rum lets a player take deep into the pile; a draw that would go round a cycle
    # again becomes a take of the top card, never a deeper take (docs/bots.md, Cycles)
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=3)
    for _ in range(4):  # two turns each way: the pile holds a few cards
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Draw)))
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Discard)))
    view = game.view(game.to_act)
    takes = [a for a in view.legal_actions if isinstance(a, Take)]
    assert len(takes) > 1  # deeper takes are legal here
    me, other = view.seat, 1 - view.seat
    turn = [(me, "draw"), (me, "discard 5C"), (other, "draw"), (other, "discard 9H")]
    looping = dataclasses.replace(view, log=(*turn, *turn, *turn, *turn))
    steps = {cycles.step_off(looping, Draw(), random.Random(k)) for k in range(40)}
    assert steps == {None, Take(count=1)}


def test_a_hand_has_stalled_after_two_passes_with_nothing_put_on_the_table() -> None:
    game = Game(Rules.preset("rummy"), ["A", "B"], seed=3)
    view = game.view(0)
    cards = view.stock_size + len(view.pile)
    turn = ((0, "draw"), (0, "discard 9H"), (1, "take 1"), (1, "discard 5C"))
    two_passes = turn * (cards + 2)  # more than 2 * cards + 2 draws and takes
    assert cycles.stalled(dataclasses.replace(view, log=two_passes))
    assert not cycles.stalled(dataclasses.replace(view, log=two_passes[: 2 * cards]))
    melded = (*two_passes, (0, "draw"), (0, "meld 7C 8C 9C"), *turn)
    assert not cycles.stalled(dataclasses.replace(view, log=melded))
    laid_off = (*two_passes, (0, "draw"), (0, "layoff TC to 1"), *turn)
    assert not cycles.stalled(dataclasses.replace(view, log=laid_off))


def test_two_heuristic_bots_finish_their_rummy_games() -> None:
    match = run_match(["heuristic", "heuristic:1"], games=10, rules="rummy", seed=7)
    assert match.unfinished == 0


def test_discard_danger_counts_the_hidden_cards_of_every_opponent() -> None:
    # nobody has shown a card; JS is on the pile, so fewer unseen cards meld with TS
    # than with TH, of the same value: TS is the safer discard
    hand = position(
        SEVEN,
        ["TS TH 2C 4D 6C QD KH", "3C 4S 8S 9C 2D AH 5C", "3D 5D 7D 8C AS 6S 2H"],
        upcard="JS",
        stock="7C",
        actions=[(0, "draw")],
    )
    v = view(hand)
    values = Values(SEVEN)
    ts, th = (int(Card.parse(c)) for c in ("TS", "TH"))
    judge = Judge(v, values)
    assert 0 < judge.danger(ts, judge.table) < judge.danger(th, judge.table)
    blind = Judge(v, values, hidden_danger=False)
    assert blind.danger(ts, blind.table) == blind.danger(th, blind.table) == 0


def test_discard_danger_can_follow_what_an_opponent_discarded() -> None:
    # P1 threw away 7S and passed up nothing else: under inference its hidden hand is less
    # likely to hold the other sevens, so 7H is a safer discard than under a uniform deal,
    # while KH, whose partners P1 said nothing about, is not made safer
    hand = position(
        SEVEN,
        ["7H KH 2C 4D 9C QD 5S", "7S 3C 8S TC JD AH 2D"],
        upcard="6D",
        stock="9D 4H",
        actions=[(0, "draw"), (0, "discard 9D"), (1, "draw"), (1, "discard 7S"), (0, "draw")],
    )
    v = view(hand)
    values = Values(SEVEN)
    seven, king = (int(Card.parse(c)) for c in ("7H", "KH"))
    uniform = Judge(v, values)
    inferred = Judge(v, values, infer_danger=1.0)
    assert inferred.danger(seven, inferred.table) < uniform.danger(seven, uniform.table)
    assert inferred.danger(king, inferred.table) >= uniform.danger(king, uniform.table)
    # without danger over hidden hands there is nothing for inference to weigh
    blind = Judge(v, values, hidden_danger=0.0, infer_danger=1.0)
    assert blind.weighted is None


def test_feed_chance_stays_a_chance_under_inference() -> None:
    # late in a rummy hand the inference's weights on the cards of one rank add up to less
    # than 1, and counting their pairs as same * (same - 1) / 2 made the chance negative
    game = Game(Rules.preset("rummy"), ["a", "b"], seed=4)
    driver = Driver(game, [get_bot("heuristic", seed=1), get_bot("greedy", seed=2)])
    for _ in range(40):
        assert driver.step() is not None
    while not (game.to_act == 0 and game.hand.phase is Phase.PLAY):
        assert driver.step() is not None  # the hand goes on to that point
    v = game.view(0)
    assert v.hand is not None
    judge = Judge(v, Values(v.rules), infer_danger=1.0)
    chances = [judge.feed_chance(int(c), 1) for c in v.hand]
    assert all(0.0 <= x < 1.0 for x in chances) and max(chances) > 0


def _pairs_by_hand(card: int, present: list[int], ace: Ace) -> int:
    """The pairs of ``present`` cards that make a meld with ``card``, one by one."""
    found = 0
    for i, a in enumerate(present):
        for b in present[i + 1 :]:
            counts = [0] * 53
            counts[a] = counts[b] = 1
            found += new_meld_cost(card, counts, ace) <= 3
    return found


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(["rummy", "500-rum"]),
    st.integers(0, 51),
    st.lists(st.booleans(), min_size=52, max_size=52),
    st.lists(st.floats(0.0, 1.0), min_size=53, max_size=53),
)
def test_partners_are_the_pairs_that_meld(
    preset: str, card: int, present: list[bool], weights: list[float]
) -> None:
    rules = Rules.preset(preset)
    game = Game(rules, ["a", "b"], seed=1)
    judge = Judge(game.view(game.to_act), Values(rules))
    unseen = [int(p and c != card) for c, p in enumerate(present)] + [0]
    cards = [c for c in range(52) if unseen[c]]
    assert judge._partners(card, unseen) == _pairs_by_hand(card, cards, judge.ace)
    assert judge._partners(card, weights) >= 0.0  # weights: never below no pair at all


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 51), st.lists(st.integers(0, 2), min_size=53, max_size=53))
def test_meld_group_partners_of_one_rank_are_two_cards_of_two_other_suits(
    card: int, counts: list[int]
) -> None:
    # two packs and jokers: the pairs of the rank that make a group with the card are two
    # cards of two different other suits ([meld.group]: never two copies of one card),
    # or one card of another suit and a joker
    rules = Rules.preset("500-rum", packs=2)
    game = Game(rules, ["a", "b"], seed=1)
    judge = Judge(game.view(game.to_act), Values(rules))
    rank_mates = [c for c in range(52) if c % 13 == card % 13 and c != card]
    without = [0 if c in rank_mates else k for c, k in enumerate(counts)]
    by_suit = [counts[c] for c in rank_mates]
    two_suits = sum(a * b for i, a in enumerate(by_suit) for b in by_suit[i + 1 :])
    group = judge._partners(card, counts) - judge._partners(card, without)
    assert group == two_suits + counts[52] * sum(by_suit)


def test_pile_cards_can_count_among_the_outs_of_cards_left_over() -> None:
    # P0 holds 7H 7D; 7S lies in the pile under 2D, where a take can dig it out
    hand = position(
        SEVEN,
        ["7H 7D 2C 4S 9C QD KH", "3C 4D 8S TC JD AH 9D"],
        upcard="7S",
        stock="5C",
        actions=[(0, "draw"), (0, "discard 2C"), (1, "draw"), (1, "discard 9D")],
    )
    v = view(hand)
    values = Values(SEVEN)
    plain = Judge(v, values)
    counted = Judge(v, values, pile_outs=3.0)
    pair = [int(Card.parse(c)) for c in ("7H", "7D")]
    assert counted.worth(pair) > plain.worth(pair)
    lone = [int(Card.parse("KH"))]  # nothing in the pile melds with it
    assert counted.worth(lone) == plain.worth(lone)
    # where only the top card may be taken, the pile is not counted
    top_only = Rules.preset("rummy", hand_size=7)
    deal = ["7H 7D 2C 4S 9C QD KH", "3C 4D 8S TC JD AH 9D"]
    hidden = Judge(view(position(top_only, deal, upcard="7S")), Values(top_only), pile_outs=3.0)
    assert hidden.outs_pool is hidden.unseen


@pytest.mark.parametrize("preset", ["500-rum", "rummy"])
def test_a_meld_with_cards_under_the_pile_top_is_a_danger_only_where_takes_go_deep(
    preset: str,
) -> None:
    # the pile holds 8H and 9H under 3S: discarding 7H lets the next player meld 7H 8H 9H
    # only where a take may go below the top (500 Rum), never in rummy's top-only takes.
    # At 2 players the only other seat is the next, so the pile term alone depends on it.
    rules = Rules.preset(preset, hand_size=7)
    hand = position(
        rules,
        ["7H 2C 4D 6C QD KH 3S", "9H 3C 4S 8S TC JD AH"],
        upcard="8H",
        stock="5D 2S 7C",
        actions=[(0, "draw"), (0, "discard 3S"), (1, "draw"), (1, "discard 9H"), (0, "draw")],
    )
    judge = Judge(view(hand), Values(rules))
    seven = int(Card.parse("7H"))
    term = 0.6 * (judge.values.hand[seven] + 6.0)
    found = judge.danger(seven, judge.table)
    deep = judge.deep
    judge.deep = not deep
    other = judge.danger(seven, judge.table)
    assert deep is (preset == "500-rum")
    assert (found - other if deep else other - found) == pytest.approx(term)


def test_meld_group_two_copies_of_one_card_are_no_partners() -> None:
    # with two packs a group's suits differ: 7D 7D does not make a group with 7H, while
    # 7D 7C does; a joker makes one with either seven
    judge = Judge(view(lay_off_danger()), Values(TH_LIES_ON_THE_TABLE))
    seven = int(Card.parse("7H"))
    unseen = [0] * 53
    unseen[int(Card.parse("7D"))] = 2
    assert judge._partners(seven, unseen) == 0
    unseen[int(Card.parse("7D"))], unseen[int(Card.parse("7C"))] = 1, 1
    assert judge._partners(seven, unseen) == 1
    unseen[JOKER_CODE] = 1  # a joker: with 7D or with 7C
    assert judge._partners(seven, unseen) == 3
