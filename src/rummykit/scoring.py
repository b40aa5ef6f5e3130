"""Card values and hand scores (RULES.md section 8).

>>> from rummykit.rules import Rules
>>> from rummykit.cards import Card
>>> values = CardValuer(Rules.preset("500-rum"))
>>> [values.in_hand(Card.parse(c)) for c in ("AS", "JK", "7D")]
[15, 15, 7]
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import JOKER_CODE, RANK_OF
from rummykit.melds import TableMeld, rank_at
from rummykit.rules import Ace, CardValues, Rules, RummyBonus, Scoring

__all__ = ["CardValuer", "hand_payments", "melded_points", "score_hand", "split_payments"]


class CardValuer:
    """The value of a card in hand and on the table under one ``card_values`` option."""

    def __init__(self, rules: Rules) -> None:
        kind = rules.card_values
        self.kind = kind
        ace_high = rules.ace is not Ace.LOW
        # value by rank number in hand (index 0 = joker)
        if kind is CardValues.FIVE_TEN_FIFTEEN:
            table = [15, 15] + [5] * 8 + [10] * 4
        elif kind is CardValues.BASIC:
            table = [15, 15 if ace_high else 1] + list(range(2, 10)) + [10] * 4
        else:  # standard and remik: ace and joker 15 in hand
            table = [15, 15] + list(range(2, 10)) + [10] * 4
        self._hand = tuple(table)
        if kind is CardValues.FIVE_TEN_FIFTEEN:
            self._low_ace = 5
        elif kind is CardValues.BASIC:
            self._low_ace = 15 if ace_high else 1
        else:
            self._low_ace = 1
        self._remik_ace = 11

    def in_hand(self, card: int) -> int:
        """Value of a card left in hand."""
        return self._hand[0 if card == JOKER_CODE else RANK_OF[card]]

    def melded(self, meld: TableMeld, index: int) -> int:
        """Value of the card at slot ``index`` of a table meld."""
        card = meld.cards[index]
        if meld.is_run:
            position = meld.lo + index
            rank = rank_at(position)
        else:
            position = 0
            rank = meld.rank
        if card == JOKER_CODE and self.kind is not CardValues.REMIK:
            return self._hand[0]
        if rank != 1:
            return self._hand[rank]
        if position == 1:  # the lowest card of a run: a low ace
            return self._low_ace
        return self._remik_ace if self.kind is CardValues.REMIK else self._hand[1]

    def hand_value(self, cards: Sequence[int]) -> int:
        """Total value of cards in hand."""
        table = self._hand
        return sum(table[0 if c == JOKER_CODE else RANK_OF[c]] for c in cards)


def score_hand(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    melds: Sequence[TableMeld],
    out: int,
    rummy: bool,
) -> list[int]:
    """Each player's score for a finished hand ([score.*]).

    ``out`` is the player who went out (-1 if nobody did); ``rummy`` whether they went out
    in one turn without having put a card down before ([score.rummy-bonus]).
    """
    valuer = CardValuer(rules)
    n = len(hands)
    in_hand = [valuer.hand_value(h) for h in hands]
    scores = [0] * n
    if rules.scoring is Scoring.MELDED_MINUS_HAND:
        for m in melds:
            for i, owner in enumerate(m.owners):
                scores[owner] += valuer.melded(m, i)
        for p in range(n):
            scores[p] -= in_hand[p]
        if out >= 0 and rummy:
            scores[out] = _bonus(rules.rummy_bonus, scores[out])
    elif rules.scoring is Scoring.WINNER_TAKES:
        if out >= 0:
            won = sum(in_hand[p] for p in range(n) if p != out)
            scores[out] = _bonus(rules.rummy_bonus, won) if rummy else won
        else:
            low = min(in_hand)
            winners = [p for p in range(n) if in_hand[p] == low]
            pot = sum(v - low for v in in_hand)
            for p in winners:
                scores[p] = pot // len(winners)
    else:  # penalty
        for p in range(n):
            if p != out:
                scores[p] = _bonus(rules.rummy_bonus, in_hand[p]) if rummy else in_hand[p]
    return scores


def _bonus(bonus: RummyBonus, score: int) -> int:
    if bonus is RummyBonus.DOUBLE:
        return score * 2
    if bonus is RummyBonus.PLUS10:
        return score + 10
    return score


def melded_points(rules: Rules, melds: Sequence[TableMeld], players: int) -> list[int]:
    """The points each seat has in front of it: every card it melded or laid off, at its
    table value ([layoff.owner]); the first tie-break of ``ties`` most-melded.

    >>> from rummykit.cards import parse_cards
    >>> nines = tuple(int(c) for c in parse_cards("9C 9D 9H"))
    >>> melded_points(Rules.preset("remik-500"), [TableMeld(False, -1, 9, 0, nines, (1, 1, 0))], 2)
    [9, 18]
    """
    valuer = CardValuer(rules)
    points = [0] * players
    for m in melds:
        for i, owner in enumerate(m.owners):
            points[owner] += valuer.melded(m, i)
    return points


def hand_payments(
    rules: Rules, hands: Sequence[Sequence[int]], out: int, chips: int = 1
) -> list[int]:
    """What each seat receives (+) or pays (-) for one hand under ``settlement`` per-hand
    ([game.settlement], seed 001's money play): every loser pays the hand's winner the
    value of the cards left in their hand, times ``chips``. ``out`` is the seat that went
    out, or -1: then the lowest hands win and each other seat pays the difference between
    its hand and the lowest. Equal lowest hands split each payment equally; odd chips stay
    with the payer. The amounts add up to 0.

    >>> from rummykit.cards import parse_cards
    >>> rules = Rules.preset("rummy")
    >>> hands = [[], [int(c) for c in parse_cards("9C 8D")], [int(c) for c in parse_cards("KS")]]
    >>> hand_payments(rules, hands, 0)
    [27, -17, -10]
    >>> hand_payments(rules, hands[1:], -1, chips=2)
    [-14, 14]
    """
    valuer = CardValuer(rules)
    values = [valuer.hand_value(h) for h in hands]
    if out >= 0:
        winners = [out]
        low = 0
    else:
        low = min(values)
        winners = [p for p, v in enumerate(values) if v == low]
    return split_payments([(v - low) * chips for v in values], winners)


def split_payments(owed: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat not in ``winners`` pays ``owed[seat]``, split equally between the
    winners (the odd chips stay with the payer); what each seat receives (+) or pays (-).

    >>> split_payments([0, 0, 7], [0, 1])
    [3, 3, -6]
    """
    net = [0] * len(owed)
    if not winners:
        return net
    k = len(winners)
    for p, amount in enumerate(owed):
        if p in winners:
            continue
        share = amount // k
        for w in winners:
            net[w] += share
        net[p] -= share * k
    return net
