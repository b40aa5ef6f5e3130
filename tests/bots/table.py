"""Fixed positions for the bot tests: deal exactly the cards that matter, play a few
actions, and look at the position through one seat's view (all a bot ever gets)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit import Card, Deal, Hand, PlayerView, Rules, parse_action, parse_cards
from rummykit.bots.evaluate import pack_counts
from rummykit.view import view_of_hand

__all__ = ["TH_LIES_ON_THE_TABLE", "lay_off_danger", "position", "view"]


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


#: The rules of :func:`lay_off_danger`: no lay-off before one's own first meld.
TH_LIES_ON_THE_TABLE = Rules.preset("500-rum", hand_size=7, layoff_needs_own_meld=True)


def lay_off_danger() -> Hand:
    """P1 has melded 7H 8H 9H; P0, who may not lay off before melding, has drawn and holds
    TH (which P1 can lay off) beside safe cards of the same value."""
    return position(
        TH_LIES_ON_THE_TABLE,
        ["TH KC 4D 2S 6C QD 8D", "7H 8H 9H 2C 3D 5S JC"],
        upcard="5C",
        stock="AS 3C",
        dealer=0,
        actions=[(1, "draw"), (1, "meld 7H 8H 9H"), (1, "discard JC"), (0, "draw")],
    )
