"""Going out this turn (rummykit.bots.going_out) and the blunders a review of the
heuristic's play found at the end of hands (2026-11-29): each position in which the
heuristic as it was (``seek_out`` and ``endgame`` off) played the blunder, and what it
plays now."""

from __future__ import annotations

import pytest

from rummykit import Card, Draw, Game, Hand, Rules, Take
from rummykit.actions import Action, Discard, Meld
from rummykit.bots import BasicBot, HeuristicBot, get_bot
from rummykit.bots.going_out import may_go_out, out_line

from .table import position, view

SHORT = Rules.preset("500-rum", hand_size=3)


def _play_line(hand: Hand, line: list[Action]) -> Hand:
    seat = hand.to_act
    for action in line:
        hand.apply(action, seat)
    assert hand.is_over and hand.out == seat
    return hand


def test_a_take_that_goes_out_is_taken_where_the_heuristic_drew() -> None:
    # AH 3H QH with 2H on the pile: take it, meld AH 2H 3H, throw QH, out; the others
    # are caught with their cards (the heuristic as it was drew: 17.7 against 7.5)
    hand = position(SHORT, ["AH 3H QH", "QC 3D 3S"], upcard="2H", stock="9D")
    line = out_line(view(hand), Take(count=1))
    assert line is not None and line[0] == Take(count=1)
    _play_line(hand.clone(), line)
    before = HeuristicBot(seed=1, seek_out=False, endgame=False)
    assert before.act(view(hand)) != Take(count=1)
    for bot in (HeuristicBot(seed=1), BasicBot(seed=1), get_bot("expert", seed=1, budget=8)):
        assert bot.act(view(hand)) == Take(count=1)


def test_the_melds_that_go_out_are_played_rather_than_the_melds_worth_most() -> None:
    # AC JK JK (aces) and TD TH TS score most, but leave 7C 7S; 7C 7S JK JK and
    # TD TH TS leave AC to throw: out, catching the other hand
    rules = Rules.preset("500-rum", hand_size=7)
    hand = position(
        rules,
        ["AC 7C TD TH 7S TS JK", "2C 3D 5S 8C 9D JH KS"],
        upcard="4D",
        stock="JK",
        actions=[(0, "draw")],
    )
    before = HeuristicBot(seed=1, seek_out=False, endgame=False).act(view(hand))
    assert isinstance(before, Meld) and "AC" in map(str, before.cards)
    bot = HeuristicBot(seed=1)
    while not hand.is_over and hand.to_act == 0:
        hand.apply(bot.act(view(hand)), 0)
    assert hand.is_over and hand.out == 0


def test_out_line_keeps_the_rules_of_a_turn() -> None:
    # two melds and 2C after the draw: out in one turn where melds are free, not under
    # one meld a turn
    cards = ["5H 6H 7H 9C 9D 9S", "3C 4D 8S TC JD AH"]
    free = position(Rules.preset("500-rum", hand_size=6), cards, upcard="KD", stock="2C")
    free.apply(Draw(), 0)
    line = out_line(view(free))
    assert line is not None and line[-1] == Discard(Card.parse("2C"))
    _play_line(free.clone(), line)
    one = Rules.preset("rummy", hand_size=6)
    limited = position(one, cards, upcard="KD", stock="2C")
    limited.apply(Draw(), 0)
    assert may_go_out([int(c) for c in limited.hands[0]], [], one.ace)  # the cards could
    assert out_line(view(limited)) is None  # the rules of a turn do not let them
    # a player who floats plays on: no line ends the hand
    floating = Rules.preset("500-rum", hand_size=6, going_out="floating")
    afloat = position(floating, cards, upcard="KD", stock="2C")
    afloat.apply(Draw(), 0)
    assert out_line(view(afloat)) is None


#: (preset, players, seed, decision, the hand then, the blunder, what it plays now):
#: positions of games of the heuristic as it was against itself (seeds as the review's:
#: seat i's bot seeded ``seed * 10 + i``), each the review's example of one kind
REVIEWED = [
    # a deeper take instead of the one that goes out
    ("500-rum", 2, 1229, 34, "6C 6S", "take 7", "take 2"),
    # holds back a lay-off (a Rummy call would open), then throws that very card
    ("500-rum", 4, 2172, 57, "JD QD QH 5S", "discard 5S", "layoff 5S to 6"),
    # a held lay-off and a discard would go out
    ("500-rum", 4, 2058, 53, "5C 7H", "discard 7H", "layoff 5C to 4"),
    # holds a meld back while the next players hold one card and two
    ("500-rum", 4, 8100, 42, "JC QC KD 4S 5S 6S", "discard KD", "meld 4S 5S 6S"),
    # throws a joker (its danger was nothing)
    ("remik-500", 4, 4193, 4, "AC 6C 4D 7H KH 5S 8S JK", "discard JK", "discard 5S"),
]


@pytest.mark.parametrize(("preset", "players", "seed", "step", "cards", "blunder", "now"), REVIEWED)
def test_the_reviewed_blunders_are_mended(
    preset: str, players: int, seed: int, step: int, cards: str, blunder: str, now: str
) -> None:
    game = Game(Rules.preset(preset), [f"P{i}" for i in range(players)], seed=seed)
    bots = [HeuristicBot(seed=seed * 10 + i, seek_out=False, endgame=False) for i in range(players)]
    for _ in range(step - 1):
        seat = game.to_act
        game.apply(bots[seat].act(game.view(seat)), seat)
    seat = game.to_act
    v = game.view(seat)
    assert " ".join(map(str, v.hand)) == cards  # the review's position
    assert str(bots[seat].act(v)) == blunder
    assert str(HeuristicBot(seed=seed * 10 + seat).act(v)) == now
