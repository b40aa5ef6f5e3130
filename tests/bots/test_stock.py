"""The public order of a turned-over stock (``stock_exhausted = turn-over``, [end.stock]):
worked out from a view alone (``rummykit.bots.stock``), and used by the heuristic's draw
worth, its discard danger and unseen counts, and by determinization; and the public
cards (not order) of a stock the pile was shuffled into (``reshuffle``).

Three players, as in ``tests/rules/test_stock.py``: the stock is drawn and discarded card
by card, so the pile ends up as the upcard TC, then the stock from 3C 6C to QC KC; Ana is
to act when the stock is empty.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from rummykit import Card, Game, Hand, Phase, Rules
from rummykit.bots import HeuristicBot, get_bot
from rummykit.bots.determinize import determinize, unseen_counts
from rummykit.bots.evaluate import Values, pack_counts
from rummykit.bots.inference import card_weights
from rummykit.bots.judge import Judge
from rummykit.bots.stock import next_card, public_stock, replay_stock, reshuffled_cards
from rummykit.view import PlayerView, view_of_hand

from ..rules.kit import act, make_hand, run_down

NAMES = "Ana Ben Caro"
HANDS = {
    "Ana": "TH TS 7H 7D 2S 4S JC",
    "Ben": "9C 5D 9D QS JH JD AC",
    "Caro": "2D 5H 8H JS 3D 6H 9S",
}


def code(text: str) -> int:
    return int(Card.parse(text))


def empty(preset: str = "rummy", **options: object) -> Hand:
    hand = make_hand(preset, NAMES, HANDS, "TC", stock="3C 6C", bottom="QC KC", **options)
    run_down(hand)
    assert not hand.stock and hand.turn == 0
    return hand


def seen_by(hand: Hand, seat: int) -> PlayerView:
    return view_of_hand(hand, seat, (0,) * hand.n, False, None)


def turned_over() -> Hand:
    """Ana turns the pile over (and draws TC), Ben keeps the 3C he draws, Caro throws
    her 6C back."""
    hand = empty()
    act(hand, "Ana: draw", "Ana: discard 2S", "Ben: draw", "Ben: discard QS")
    act(hand, "Caro: draw", "Caro: discard 6C")
    return hand


def test_stock_turn_over_next_card_is_the_oldest_pile_card() -> None:
    hand = empty()
    view = seen_by(hand, 0)
    assert next_card(view) == code("TC") == hand.pile[0]
    assert public_stock(view) is None  # nothing turned over yet
    judge = Judge(view, Values(view.rules))
    base = judge.worth(judge.hand)
    with_tc = judge.worth([*judge.hand, code("TC")], discard=True)
    assert judge.draw_worth(base) == with_tc
    # TC makes a group with TH TS: the known draw is worth more than an unknown card
    blind = Judge(view, Values(view.rules), public_stock=False)
    assert blind.next_card is None and blind.draw_worth(base) < with_tc
    assert str(HeuristicBot(seed=1).act(view)) == "draw"
    act(hand, "Ana: draw")
    assert code("TC") in hand.hands[0]


def test_stock_turn_over_order_and_drawn_cards_are_public_for_every_seat() -> None:
    hand = turned_over()
    assert hand.reuse == 1
    for seat in range(3):
        stock = public_stock(seen_by(hand, seat))
        assert stock is not None
        assert list(stock.order) == hand.stock[::-1]  # top first
        assert stock.held[1] == ((code("3C"),) if seat != 1 else ())
        # the upcard TC was the pile's oldest card, so the new stock's top: everybody
        # saw Ana draw it when she turned the pile over
        assert stock.held[0] == ((code("TC"),) if seat != 0 else ())
        assert stock.held[2] == ()  # Caro threw her 6C back
        assert next_card(seen_by(hand, seat)) == hand.stock[-1]
    # the 3C counts as Ben's, not unseen; it leaves his known cards once discarded
    view = seen_by(hand, 0)
    assert unseen_counts(view)[code("3C")] == 0
    assert unseen_counts(view, public=False)[code("3C")] == 1
    judge = Judge(view, Values(view.rules), held_known=True)
    assert judge.known[1] == [code("3C")] and not view.known[1]
    assert judge.unseen[code("3C")] == 0
    plain = Judge(view, Values(view.rules))  # by default only draws use the public stock
    assert plain.known[1] == [] and plain.unseen[code("3C")] == 1
    assert plain.next_card == judge.next_card == hand.stock[-1]
    act(hand, "Ana: draw", "Ana: discard 4S", "Ben: draw", "Ben: discard 3C")
    stock = public_stock(seen_by(hand, 2))
    assert stock is not None and code("3C") not in stock.held[1]
    assert list(stock.order) == hand.stock[::-1]


def test_stock_turn_over_danger_can_count_the_cards_drawn_from_a_public_stock() -> None:
    # Ben, next after Ana, holds the 3C: a 4C would touch it
    view = seen_by(turned_over(), 0)
    values = Values(view.rules)
    judge = Judge(view, values, hidden_danger=0.0, held_known=True)
    blind = Judge(view, values, hidden_danger=0.0, public_stock=False)
    four = code("4C")
    assert judge.danger(four, judge.table) == blind.danger(four, blind.table) + 3.0
    # the stock's known cards are in nobody's hidden hand
    assert sum(judge.hidden) == sum(judge.unseen) - view.stock_size
    assert sum(judge.hidden) == sum(view.hand_sizes) - 7 - 1  # Ana's hand, Ben's 3C


def agrees(state: Hand, hand: Hand, view: PlayerView) -> None:
    """A determinized ``state`` agrees with what seat 0 sees of ``hand`` (``view``): its
    own cards, every hand's size, the whole pack once, the same legal actions."""
    assert sorted(state.hands[0]) == sorted(hand.hands[0])
    assert [len(h) for h in state.hands] == [len(h) for h in hand.hands]
    cards = Counter(c for h in state.hands for c in h)
    cards.update(state.stock)
    cards.update(state.pile)
    cards.update(c for m in state.melds for c in m.cards)
    assert cards == Counter({c: k for c, k in enumerate(pack_counts(view.rules, 3)) if k})
    assert sorted(map(str, state.legal_actions())) == sorted(map(str, view.legal_actions))


@pytest.mark.parametrize("weighted", [False, True])
def test_stock_turn_over_determinized_stock_is_the_public_order(weighted: bool) -> None:
    hand = turned_over()
    view = seen_by(hand, 0)
    stock = public_stock(view)
    assert stock is not None
    weights = card_weights(view) if weighted else None
    for k in range(5):
        state = determinize(view, random.Random(k), weights)
        assert state.stock == hand.stock  # the same cards in the same order
        assert code("3C") in state.hands[1]
        agrees(state, hand, view)


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [
        (Rules.preset("rummy", hand_size=20), 2, 3),  # a stock of 11: turned over often
        (Rules.preset("rummy"), 4, 5),
    ],
)
def test_stock_turn_over_replay_agrees_with_the_engine_in_played_hands(
    rules: Rules, players: int, seed: int
) -> None:
    game = Game(rules, [f"P{i}" for i in range(players)], seed=seed)
    bots = [get_bot("greedy", seed=i) for i in range(players)]
    turned = held = 0
    for _ in range(4000):
        if game.over:  # the next game
            seed += 1000
            game = Game(rules, [f"P{i}" for i in range(players)], seed=seed)
        h = game.hand
        for seat in range(players):
            view = game.view(seat)
            assert replay_stock(view) is not None
            stock = public_stock(view)
            if not h.reuse:
                assert stock is None
            else:
                assert stock is not None and list(stock.order) == h.stock[::-1]
                turned += 1
                for other in range(players):
                    mine = Counter(h.hands[other])
                    mine.subtract(stock.held[other])
                    assert min(mine.values(), default=0) >= 0
                    held += len(stock.held[other])
                # the engine's drawn cards, as the log replays them: the log does not
                # name the deal's upcard, which may be the one card the replay lacks
                replay = replay_stock(view)
                assert replay is not None and list(replay.stock) == list(view.open_stock)
                for other in range(players):
                    engine = Counter(int(c) for c in view.drawn_known[other])
                    assert engine - Counter(replay.held[other]) in (
                        Counter(),
                        Counter([game.deals[-1][1].upcard]),
                    )
            card = next_card(view)
            if card is not None:
                assert card == (h.stock[-1] if h.stock else h.pile[0])
        seat = game.to_act
        game.apply(bots[seat].act(game.view(seat)), seat)
    assert turned > 50 and held > 50


@pytest.mark.parametrize("options", [{"stock_exhausted": "reshuffle"}, {"stock_reuse_limit": 0}])
def test_stock_reshuffle_and_no_turn_over_keep_the_stock_unseen(options: dict[str, object]) -> None:
    hand = empty(**options)
    view = seen_by(hand, 0)
    assert next_card(view) is None and public_stock(view) is None
    if hand.can_turn_over():
        act(hand, "Ana: draw", "Ana: discard 2S")
        view = seen_by(hand, 1)
        assert hand.reuse == 1 and public_stock(view) is None and next_card(view) is None


def outside(stock: list[int], shuffled: tuple[int | None, ...]) -> int:
    """How many cards of ``stock`` are not among the named cards of ``shuffled``."""
    return sum((Counter(stock) - Counter(c for c in shuffled if c is not None)).values())


@pytest.mark.parametrize("weighted", [False, True])
def test_stock_reshuffle_determinized_stock_holds_only_the_shuffled_cards(weighted: bool) -> None:
    hand = empty(stock_exhausted="reshuffle")
    pile = Counter(hand.pile)
    assert reshuffled_cards(seen_by(hand, 0)) is None  # nothing shuffled yet
    act(hand, "Ana: draw", "Ana: discard 2S", "Ben: draw", "Ben: discard QS")
    act(hand, "Caro: draw", "Caro: discard 2D", "Ana: draw")
    assert hand.reuse == 1 and not Counter(hand.stock) - pile
    view = seen_by(hand, 0)
    shuffled = reshuffled_cards(view)
    # the pile as it was shuffled: the upcard TC, which the log does not name, then the
    # discards 3C ... KC
    assert shuffled is not None and shuffled[0] is None
    assert Counter(shuffled[1:]) == pile - Counter([code("TC")])
    weights = card_weights(view) if weighted else None
    spare = 0
    for k in range(40):
        state = determinize(view, random.Random(k), weights)
        # every card of the stock is one of the shuffled pile, or the one the upcard may be
        spare += outside(state.stock, shuffled)
        assert outside(state.stock, shuffled) <= 1
        agrees(state, hand, view)
    assert 0 < spare < 40  # the upcard's place is sometimes another card, mostly not


def test_stock_reshuffle_replay_agrees_with_the_engine_in_played_hands() -> None:
    rules = Rules.preset("rummy", hand_size=20, stock_exhausted="reshuffle")
    seed = 3
    game = Game(rules, ["P0", "P1"], seed=seed)
    bots = [get_bot("greedy", seed=i) for i in range(2)]
    checked = 0
    rng = random.Random(1)
    for _ in range(3000):
        if game.over:
            seed += 1000
            game = Game(rules, ["P0", "P1"], seed=seed)
        h = game.hand
        view = game.view(game.to_act)
        shuffled = reshuffled_cards(view)
        if not h.reuse:
            assert shuffled is None
        else:
            assert shuffled is not None
            spare = 1 if None in shuffled else 0
            assert outside(h.stock, shuffled) <= spare
            assert outside(determinize(view, rng).stock, shuffled) <= spare
            checked += 1
        game.apply(bots[game.to_act].act(view), game.to_act)
    assert checked > 100


def test_stock_500_rum_views_have_no_public_stock() -> None:
    game = Game(Rules.preset("500-rum"), ["A", "B"], seed=2)
    view = game.view(game.to_act)
    assert view.phase is Phase.DRAW
    assert public_stock(view) is None and next_card(view) is None


@pytest.mark.parametrize("level", ["montecarlo", "ismcts"])
def test_stock_turn_over_search_levels_decide_on_a_public_stock(level: str) -> None:
    hand = turned_over()
    view = seen_by(hand, 0)
    assert public_stock(view) is not None
    action = get_bot(level, seed=1, budget=12).act(view)
    assert action in view.legal_actions


def test_stock_turn_over_a_drawn_copy_beside_a_taken_one_is_held_too() -> None:
    """Two packs: Ben takes a TC from the pile, then draws the other TC from the
    turned-over stock. Both are his, publicly: the one taken is ``known``, the one drawn
    ``drawn_known``, and the bots count both (a review found the drawn one dropped)."""
    tc = code("TC")
    hands = {
        "Ben": "AS 3S 5S 7S 9S JS KS",
        "Caro": "TC 4H 6H 8H TH QH KH",
        "Ana": "2C 2D 3D 4D 5D 6D 7D",
    }
    hand = make_hand("rummy", "Ben Caro Ana", hands, "TC", packs=2, hand_size=7, jokers=0)
    act(hand, "Ben: take 1", "Ben: discard AS")
    act(hand, "Caro: draw", "Caro: discard TC", "Ana: draw", "Ana: discard 2D")
    run_down(hand)  # the pile holds the second TC; turned over, the stock brings it
    while True:
        name = hand.names[hand.turn]
        act(hand, f"{name}: draw")
        if hand.hands[hand.turn][-1] == tc:
            break
        act(hand, f"{name}: discard {Card(hand.hands[hand.turn][-1])}")
    assert name == "Ben" and hand.hands[0].count(tc) == 2
    act(hand, "Ben: discard 3S")
    view = seen_by(hand, 2)
    assert [int(c) for c in view.known[0]] == [tc] == [int(c) for c in view.drawn_known[0]]
    stock = public_stock(view)
    assert stock is not None and stock.held[0] == (tc,)
    assert unseen_counts(view)[tc] == 0
    for k in range(20):
        assert determinize(view, random.Random(k)).hands[0].count(tc) == 2


def test_stock_turn_over_a_view_without_the_order_is_played_as_hidden() -> None:
    """A view read from a wire document written before ``open_stock`` (or built without
    it) shows nothing of the stock: the bots deal the whole stock, and lose no card."""
    hand = turned_over()
    view = dataclasses.replace(seen_by(hand, 0), open_stock=(), drawn_known=())
    assert view.stock_size > 0 and view.stock_reuses == 1
    assert public_stock(view) is None
    state = determinize(view, random.Random(1))
    assert len(state.stock) == view.stock_size
    cards = [*state.stock, *state.pile, *(c for h in state.hands for c in h)]
    cards += [c for m in state.melds for c in m.cards]
    assert sorted(cards) == sorted(
        [*hand.stock, *hand.pile, *(c for h in hand.hands for c in h)]
        + [c for m in hand.melds for c in m.cards]
    )
