"""Two blunders of the heuristic found by a review of its decisions (2026-11-30), each
mended where it was found and kept as a switch to measure it (``end_caught`` and
``known_touch`` of :class:`~rummykit.bots.HeuristicBot`, 0: as before)."""

from __future__ import annotations

from rummykit import Card, Rules, parse_cards
from rummykit.bots import HeuristicBot
from rummykit.bots.judge import END_CAUGHT, FIRST_MODEL, Judge
from rummykit.hand import Hand

from .table import view
from .test_going_out import _at


def _facing(preset: str, cards: str, theirs: str, known: str = "") -> Hand:
    """Seat 0 to discard, holding ``cards``; the other player holds ``theirs``, of which
    ``known`` were seen taken from the pile."""
    hand = _at(Rules.preset(preset), cards, [])
    hand.hands[1] = [int(c) for c in parse_cards(theirs)]
    hand.known[1] = [int(c) for c in parse_cards(known)]
    hand._clear_caches()
    return hand


def test_with_an_opponent_on_one_card_the_highest_dead_card_goes() -> None:
    # where melds score, a card left over was valued as the shares measured over whole
    # hands (most are thrown at no cost), so among dead cards the heuristic kept the
    # highest: with the other player about to go out, the ace (15) is caught, the 5 not
    position = view(_facing("500-rum", "AC JC 5D JD 8S", "2H"), 0)
    assert str(HeuristicBot(seed=1).act(position)) == "discard AC"
    assert str(HeuristicBot(seed=1, end_caught=0).act(position)) == "discard 5D"
    remik = view(_facing("remik-500", "9C JD QD 3S 5S 6S KH", "2H"), 0)
    assert str(HeuristicBot(seed=1).act(remik)) == "discard KH"
    assert str(HeuristicBot(seed=1, end_caught=0).act(remik)) == "discard 3S"


def test_the_end_values_hold_only_once_an_opponent_may_go_out_at_once() -> None:
    bot = HeuristicBot(seed=1)
    rules = Rules.preset("500-rum")
    for theirs, caught in [("2H", True), ("2H 9D", END_CAUGHT >= 2), ("2H 9D 4C", False)]:
        position = view(_facing("500-rum", "AC JC 5D JD 8S", theirs), 0)
        judge = Judge(position, bot.values(rules))
        assert (judge.dead_share == FIRST_MODEL) is caught, theirs
    # where melds score nothing, the model is the same at every stage
    rummy = view(_facing("rummy", "AC JC 5D JD 8S", "2H"), 0)
    assert Judge(rummy, bot.values(Rules.preset("rummy"))).dead_share != FIRST_MODEL


def test_a_card_that_melds_with_the_next_players_pile_card_and_one_more_is_kept() -> None:
    # 2-player rummy: the other player took 8H from the pile, so likely holds a partner
    # for it (here 6H 9H would do): 7H was thrown, and the review saw it melded at once
    hand = _facing("rummy", "9C TC AD 4H 7H 4S 2S", "8H 2C 3D 5S KS QD JC", known="8H")
    position = view(hand, 0)
    assert position.known[1] == (Card.parse("8H"),)
    assert str(HeuristicBot(seed=1).act(position)) == "discard AD"
    assert str(HeuristicBot(seed=1, known_touch=0).act(position)) == "discard 7H"
