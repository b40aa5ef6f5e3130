"""A small table builder for the rule tests: write only the cards that matter.

``make_hand(rules, "Ana Ben Caro", {"Ana": "7H 8H 9H ...", ...}, upcard="5C",
stock="2C KD")`` deals exactly those hands and that upcard, puts the given cards on top
of the stock and completes the pack with every remaining card in a fixed order (clubs,
diamonds, hearts, spades from ace to king, then the jokers), so that a test writes only
what it is about. By default the last name deals, so the first name plays first.

``act(hand, "Ana: draw", "Ana: discard 2C")`` applies actions by player name;
``refuse(hand, "Ana: discard 7H", "discard.same-card")`` checks that an action is refused
with that rule id and that the hand is exactly as it was before.

Shortcuts: ``drawn`` (the first player holds these cards and has drawn one more),
``with_pile`` (a given discard pile, every hand as dealt), ``run_down`` (draw and discard
until the stock is empty), ``make_game`` + ``complete_deal`` (whole games with explicit
deals) and ``record`` (a NOTATION.md record of such deals).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from rummykit import (
    Card,
    Deal,
    Game,
    Hand,
    IllegalAction,
    Phase,
    Rank,
    Rules,
    Suit,
    parse_action,
    parse_cards,
)
from rummykit.cards import make_pack
from rummykit.melds import format_meld
from rummykit.state import TurnState

__all__ = [
    "act",
    "cards_of",
    "complete_deal",
    "drawn",
    "held",
    "make_game",
    "make_hand",
    "melds",
    "pile",
    "record",
    "refuse",
    "rules_of",
    "run_down",
    "snapshot",
    "turn_state",
    "with_pile",
]


def _junk_order() -> tuple[int, ...]:
    ranks = (2, 5, 8, 11, 3, 6, 9, 12, 4, 7, 10, 13, 1)
    return tuple(
        Card.of(Rank.from_number(r), SUITS[(j + block) % 4])
        for block in range(4)
        for j, r in enumerate(ranks)
    )


SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
#: Filler cards in the order they complete a hand that the test did not write:
#: 2C 5D 8H JS 3C 6D 9H QS 4C 7D TH KS AC, then the same ranks one suit on.
JUNK_ORDER: tuple[int, ...] = _junk_order()


def _related(a: int, b: Card, near: int) -> bool:
    """Same rank, or the same suit at most ``near`` ranks apart (the ace low and high)."""
    ca, cb = Card(a), b
    if near < -1:
        return False
    if ca.rank is cb.rank:
        return True
    if ca.suit is not cb.suit:
        return False
    assert ca.rank is not None and cb.rank is not None
    gap = abs(ca.rank.number - cb.rank.number)
    return min(gap, 13 - gap) <= near


def rules_of(rules: Rules | str, **options: Any) -> Rules:
    """``rules`` itself, or the preset of that name with ``options`` on top."""
    if isinstance(rules, Rules):
        return rules.with_options(options) if options else rules
    return Rules.preset(rules, **options)


def _names(names: str | Sequence[str]) -> list[str]:
    return names.split() if isinstance(names, str) else list(names)


def complete_deal(
    rules: Rules,
    names: str | Sequence[str],
    hands: Mapping[str, str],
    upcard: str,
    stock: str = "",
    dealer: str | None = None,
    bottom: str = "",
) -> Deal:
    """The deal of exactly these hands and upcard, with ``stock`` on top of the stock and
    every other card of the pack below it in pack order (clubs A..K, diamonds, hearts,
    spades, jokers), then ``bottom``: the last cards of the stock, the very last at the
    end.

    A player left out of ``hands`` gets a hand of unrelated cards from :data:`JUNK_ORDER`
    (no joker, no two of a rank, no two of a suit within two ranks; a long hand relaxes
    this step by step, down to any remaining card); ``dealer`` (default: the last
    player) only decides who gets Wrotham's extra card."""
    seats = _names(names)
    if not set(hands) <= set(seats):
        raise ValueError(f"hands for {sorted(hands)}, but the players are {seats}")
    left = Counter(int(c) for c in make_pack(rules.packs_for(len(seats)), rules.jokers))
    dealt = {name: parse_cards(text) for name, text in hands.items()}
    up = Card.parse(upcard)
    top = parse_cards(stock)
    last = parse_cards(bottom)
    for c in [*(c for h in dealt.values() for c in h), up, *top, *last]:
        if left[int(c)] == 0:
            raise ValueError(f"{c} is used more often than the pack holds it")
        left[int(c)] -= 1
    first = (seats.index(dealer) + 1) % len(seats) if dealer is not None else 0
    for seat, name in enumerate(seats):
        if name in dealt:
            continue
        size = rules.hand_size_for(len(seats))
        size += int(rules.first_player_extra_card and seat == first)
        dealt[name] = []
        for gap in (2, 1, -1, -2):  # prefer no two cards of a suit within two ranks
            for code in JUNK_ORDER if gap > -2 else sorted(left.elements()):
                if len(dealt[name]) == size:
                    break
                if left[code] and not any(_related(code, c, gap) for c in dealt[name]):
                    left[code] -= 1
                    dealt[name].append(Card(code))
        if len(dealt[name]) != size:
            raise ValueError(f"not enough unrelated cards left to fill {name}'s hand")
    rest = [Card(code) for code in sorted(left.elements())]
    return Deal(tuple(tuple(dealt[n]) for n in seats), up, (*top, *rest, *last))


def make_hand(
    rules: Rules | str,
    names: str | Sequence[str],
    hands: Mapping[str, str],
    upcard: str,
    stock: str = "",
    *,
    dealer: str | None = None,
    bottom: str = "",
    number: int = 1,
    **options: Any,
) -> Hand:
    """A hand dealt as given (see :func:`complete_deal`); the last name deals by default."""
    r = rules_of(rules, **options)
    seats = _names(names)
    deal = complete_deal(r, seats, hands, upcard, stock, dealer, bottom)
    d = seats.index(dealer) if dealer is not None else len(seats) - 1
    return Hand(r, seats, d, deal, number=number, seed=0)


def make_game(
    rules: Rules | str,
    names: str | Sequence[str],
    *,
    dealer: str | None = None,
    **options: Any,
) -> Game:
    """A game that waits for explicit deals (``game.start_hand(complete_deal(...))``)."""
    r = rules_of(rules, **options)
    seats = _names(names)
    d = seats.index(dealer) if dealer is not None else len(seats) - 1
    return Game(r, seats, dealer=d, auto_deal=False)


def _seat(hand: Hand, name: str) -> int:
    return hand.names.index(name.strip())


def act(target: Hand | Game, *texts: str) -> None:
    """Applies ``"<player>: <action>"`` texts in order to a hand or a game."""
    for text in texts:
        name, _, action = text.partition(":")
        if isinstance(target, Game):  # game seats (a hand may be dealt to some only)
            target.apply(parse_action(action), target.players.index(name.strip()))
        else:
            target.apply(parse_action(action), _seat(target, name))


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything a refused action must leave unchanged."""
    return (
        [list(h) for h in hand.hands],
        list(hand.stock),
        list(hand.pile),
        [(format_meld(m), m.owners) for m in hand.melds],
        hand.phase,
        hand.turn,
        hand.to_act,
        hand.window,
        hand.pending,
        hand.target,
        hand.melds_made,
        hand.ended_by,
        hand.out,
        len(hand.history),
    )


def refuse(target: Hand | Game, text: str, rule: str | tuple[str, ...]) -> IllegalAction:
    """Asserts the action is refused with ``rule`` (or one of several acceptable ids) and
    changes nothing; returns the error."""
    hand = target.hand if isinstance(target, Game) else target
    before = snapshot(hand)
    totals = list(target.totals) if isinstance(target, Game) else None
    with pytest.raises(IllegalAction) as info:
        act(target, text)
    allowed = (rule,) if isinstance(rule, str) else rule
    assert info.value.rule in allowed, f"{text!r}: {info.value.rule} ({info.value.message})"
    assert snapshot(hand) == before, f"{text!r} changed the hand although it was refused"
    if isinstance(target, Game):
        assert list(target.totals) == totals
    return info.value


def cards_of(text: str) -> list[str]:
    """Card texts, sorted, for comparing hands."""
    return sorted(str(c) for c in parse_cards(text))


def held(hand: Hand, name: str) -> list[str]:
    """The cards ``name`` holds, sorted."""
    return sorted(str(Card(c)) for c in hand.hands[_seat(hand, name)])


def melds(hand: Hand) -> list[str]:
    """The table melds as notation (jokers declared), in table order."""
    return [format_meld(m) for m in hand.melds]


def pile(hand: Hand) -> str:
    """The discard pile, bottom first."""
    return " ".join(str(Card(c)) for c in hand.pile)


def drawn(
    rules: Rules | str,
    cards: str,
    draw: str,
    *,
    names: str | Sequence[str] = "Ana Ben Caro",
    upcard: str | None = None,
    **options: Any,
) -> Hand:
    """A hand where the first player holds ``cards`` and has just drawn ``draw`` from the
    stock (the others hold unrelated cards): ready to meld, lay off and discard. The
    upcard is by default the first card of :data:`JUNK_ORDER` that the player lacks."""
    seats = _names(names)
    if upcard is None:
        mine = {int(c) for c in parse_cards(f"{cards} {draw}")}
        upcard = str(Card(next(c for c in JUNK_ORDER if c not in mine)))
    hand = make_hand(rules, seats, {seats[0]: cards}, upcard, draw, **options)
    act(hand, f"{seats[0]}: draw")
    return hand


def with_pile(
    rules: Rules | str,
    names: str | Sequence[str],
    hands: Mapping[str, str],
    pile: str,
    stock: str = "",
    **options: Any,
) -> Hand:
    """A hand whose discard pile is ``pile`` (bottom first: the upcard, then discards).

    Each discard is made by the player in turn, who draws that very card from the stock
    and discards it at once, so every hand stays as dealt. After ``k`` discards the
    player to act is ``names[k % len(names)]``. ``stock`` lies under the drawn cards.
    """
    seats = _names(names)
    first, *discards = pile.split()
    hand = make_hand(rules, seats, hands, first, " ".join([*discards, *stock.split()]), **options)
    for i, card in enumerate(discards):
        name = seats[i % len(seats)]
        act(hand, f"{name}: draw", f"{name}: discard {card}")
    return hand


def run_down(hand: Hand, leave: int = 0) -> Hand:
    """Plays turns in which the player in turn draws from the stock and discards the card
    drawn, until ``leave`` cards are left in the stock (hands stay as they were; the pile
    grows by the stock cards in order, so ``bottom`` of :func:`make_hand` ends on top)."""
    while len(hand.stock) > leave:
        p = hand.turn if hand.phase is not Phase.RUMMY else hand.window_next
        name = hand.names[p]
        act(hand, f"{name}: draw")
        act(hand, f"{name}: discard {Card(hand.hands[p][-1])}")
    return hand


def record(
    preset: str,
    names: str | Sequence[str],
    hands: Sequence[tuple[str, Deal, Sequence[str]]],
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A game record (NOTATION.md) of ``(dealer, deal, actions)`` hands."""
    seats = _names(names)
    doc: dict[str, Any] = {"rules": preset}
    if options:
        doc["options"] = dict(options)
    doc["players"] = seats
    doc["hands"] = [
        {
            "dealer": dealer,
            "deal": {
                "hands": {n: [str(c) for c in h] for n, h in zip(seats, deal.hands, strict=True)},
                "upcard": str(deal.upcard),
                "stock": [str(c) for c in deal.stock],
            },
            "actions": list(actions),
        }
        for dealer, deal, actions in hands
    ]
    return doc


def turn_state(**changes: Any) -> TurnState:
    """The public turn state of a two-player hand in the middle of play, for
    :meth:`Hand.from_public`: the first player to act (draw phase), the second has
    melded; ``changes`` set any field."""
    state = TurnState(
        turn=0,
        phase=Phase.DRAW,
        took=0,
        target=-1,
        pending=False,
        pending_rule="",
        same_card=-1,
        melds_made=0,
        has_melded=(False, True),
        played=(False, True),
        played_at_start=False,
        window=(),
        window_next=-1,
        last_player=1,
        call_layoff_only=False,
        call_resume=-1,
        reuse=0,
        last_turn=False,
        first_turn=False,
    )
    return dataclasses.replace(state, **changes)
