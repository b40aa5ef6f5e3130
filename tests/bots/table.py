"""Fixed positions for the bot tests: deal exactly the cards that matter, play a few
actions, and look at the position through one seat's view (all a bot ever gets)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit import Card, Deal, Hand, PlayerView, Rules, parse_action, parse_cards
from rummykit.bots.evaluate import pack_counts
from rummykit.view import view_of_hand

__all__ = ["position", "view"]


def position(
    rules: Rules,
    hands: Sequence[str],
    *,
    upcard: str,
    stock: str = "",
    dealer: int | None = None,
    actions: Sequence[tuple[int, str]] = (),
) -> Hand:
    """A hand dealt with exactly ``hands`` (by seat), ``upcard`` and ``stock`` on top of
    the stock (the rest of the pack follows in code order), after ``actions``.

    By default the last seat deals, so seat 0 plays first.
    """
    n = len(hands)
    counts = pack_counts(rules, n)
    dealt = [parse_cards(h) for h in hands]
    up = Card.parse(upcard)
    top = parse_cards(stock)
    for c in [*(c for h in dealt for c in h), up, *top]:
        counts[c] -= 1
        assert counts[c] >= 0, f"{c} dealt twice"
    rest = [Card(c) for c in range(53) for _ in range(counts[c])]
    deal = Deal(tuple(tuple(h) for h in dealt), up, tuple(top + rest))
    hand = Hand(rules, [f"P{i}" for i in range(n)], n - 1 if dealer is None else dealer, deal)
    for seat, text in actions:
        hand.apply(parse_action(text), seat)
    return hand


def view(hand: Hand, seat: int | None = None) -> PlayerView:
    """The view of ``seat`` (default: the seat to act)."""
    seat = hand.to_act if seat is None else seat
    return view_of_hand(hand, seat, (0,) * hand.n, False, None)
