"""The two simplest levels: ``random`` and ``greedy``.

>>> from rummykit import Game, Rules
>>> from rummykit.players import play
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=2)
>>> play(game, [GreedyBot(seed=1), RandomBot(seed=2)]).over
True
"""

from __future__ import annotations

from rummykit import Phase
from rummykit.actions import (
    Action,
    CallRummy,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pass,
    Take,
)
from rummykit.bots.base import Bot
from rummykit.bots.cycles import step_off
from rummykit.bots.evaluate import Values
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, code_of
from rummykit.reach import new_meld_cost, table_cost
from rummykit.rules import Ace
from rummykit.view import PlayerView

__all__ = ["GreedyBot", "RandomBot", "connections", "greedy_discard"]


class RandomBot(Bot):
    """Uniformly random legal actions (a baseline for tests and tournaments)."""

    level = "random"

    def choose(self, view: PlayerView) -> Action:
        return self.rng_for(view).choice(view.legal_actions)


def connections(card: int, counts: list[int], values: Values) -> int:
    """How many held cards could share a meld with ``card`` (same rank, or the same suit
    within two places); a joker counts for two."""
    if card == JOKER_CODE:
        return 4
    links = 2 * counts[JOKER_CODE]
    rank, suit = RANK_OF[card], SUIT_OF[card]
    for s in range(4):
        if s != suit and counts[code_of(s, rank)]:
            links += 1
    positions = (1, 14) if rank == 1 and values.ace is not Ace.LOW else (rank,)
    for p in positions:
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 1 <= q <= values.top or values.ace is Ace.AROUND:
                r = (q - 1) % 13 + 1
                if counts[code_of(suit, r)] and code_of(suit, r) != card:
                    links += 1
    return links


def greedy_discard(hand: list[int], options: list[int], values: Values) -> int:
    """The card of ``options`` that helps least and costs most: highest value, fewest links."""
    counts = [0] * 53
    for c in hand:
        counts[c] += 1
    return max(options, key=lambda c: (values.hand[c] - 6 * connections(c, counts, values), -c))


class GreedyBot(Bot):
    """Melds and lays off whatever it can, takes the pile top when it makes a meld at once,
    and discards its worst card. When the hand goes round in circles (see
    :mod:`rummykit.bots.cycles`) it does not repeat what it did one cycle ago: it plays
    another discard (or draw) at random."""

    level = "greedy"

    def choose(self, view: PlayerView) -> Action:
        action = self._pick(view)
        return step_off(view, action, self.rng_for(view)) or action

    def _pick(self, view: PlayerView) -> Action:
        """The greedy choice."""
        actions = view.legal_actions
        values = self.values(view.rules)
        assert view.hand is not None
        hand = [int(c) for c in view.hand]
        if view.phase is Phase.RUMMY:
            calls = [a for a in actions if isinstance(a, CallRummy)]
            return min(calls, key=lambda a: a.count or 0) if calls else Pass()
        if view.phase is Phase.DRAW:
            counts = [0] * 53
            for c in hand:
                counts[c] += 1
            top = view.pile[-1] if view.pile else None
            melds = [m.meld for m in view.melds]
            for a in actions:
                if isinstance(a, Take) and a.count == 1 and top is not None:
                    fits = table_cost(int(top), [0] * 53, melds, values.ace)[0] == 1
                    if fits or new_meld_cost(int(top), counts, values.ace) <= 3:
                        return a
            for a in actions:
                if isinstance(a, Draw | End):
                    return a
            return actions[0]
        melds_ = [a for a in actions if isinstance(a, Meld)]
        if melds_:
            return max(melds_, key=lambda a: len(a.cards))
        layoffs = [a for a in actions if isinstance(a, LayOff)]
        if layoffs:
            return layoffs[0]
        discards = [int(a.card) for a in actions if isinstance(a, Discard)]
        if discards:
            card = greedy_discard(hand, discards, values)
            return next(a for a in actions if isinstance(a, Discard) and a.card == card)
        return actions[0]
