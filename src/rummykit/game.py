"""A whole game: hands one after another, running totals, dealer rotation, the winner.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=7)
>>> game.hand.number, game.to_act == (game.hand.dealer + 1) % 3
(1, True)
>>> import random
>>> rng = random.Random(0)
>>> while not game.over:
...     game.apply(rng.choice(game.legal_actions()))
>>> game.winner is not None and max(game.totals) >= 500
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummykit.actions import Action
from rummykit.errors import IllegalAction, RulesError
from rummykit.hand import Deal, Hand, Phase
from rummykit.rules import Rules, Scoring

if TYPE_CHECKING:
    from rummykit.view import PlayerView

__all__ = ["Game", "HandResult"]


@dataclass(frozen=True)
class HandResult:
    """How a finished hand ended and what each seat scored."""

    ended_by: str  # "out" or "stock"
    out: int  # seat that went out, or -1
    scores: tuple[int, ...]


class Game:
    """A game of several hands between named players (seats in clockwise order).

    Hands are dealt from ``seed`` unless ``auto_deal`` is False, in which case each hand
    waits for :meth:`start_hand` with an explicit deal (as a record replay does).
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        *,
        seed: int | str = 0,
        dealer: int | None = None,
        auto_deal: bool = True,
    ) -> None:
        names = [str(p) for p in players]
        if len(set(names)) != len(names) or any(not n.strip() or ":" in n for n in names):
            raise RulesError("players", "players need distinct, non-empty names without ':'")
        rules.check_players(len(names))
        self.rules = rules
        self.players: tuple[str, ...] = tuple(names)
        self.seed = seed
        self.auto_deal = auto_deal
        n = len(names)
        if dealer is None:
            dealer = random.Random(f"{seed}/first-dealer").randrange(n)
        self.first_dealer = dealer
        self.totals: list[int] = [0] * n
        self.results: list[HandResult] = []
        self.deals: list[tuple[int, Deal]] = []
        self.hands: list[Hand] = []
        self.winner: int | None = None
        self.over = False
        if auto_deal:
            self.start_hand()

    # ------------------------------------------------------------------ hands
    @property
    def hand(self) -> Hand:
        """The current (or last) hand."""
        if not self.hands:
            raise RulesError("hands", "no hand has been dealt yet")
        return self.hands[-1]

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the deal passes to the left ([deal.rotation])."""
        if not self.deals:
            return self.first_dealer
        return (self.deals[-1][0] + 1) % len(self.players)

    @property
    def awaiting_deal(self) -> bool:
        """Whether the game waits for the next hand to be dealt."""
        return not self.over and (not self.hands or self.hands[-1].is_over)

    def start_hand(self, deal: Deal | None = None) -> Hand:
        """Deals the next hand (from the game's seed unless ``deal`` is given)."""
        if self.over:
            raise RulesError("hands", "the game is over")
        if self.hands and not self.hands[-1].is_over:
            raise RulesError("hands", "the current hand has not ended")
        dealer = self.next_dealer
        number = len(self.hands) + 1
        if deal is None:
            deal = Deal.shuffled(
                self.rules, len(self.players), f"{self.seed}/deal/{number}", dealer
            )
        hand = Hand(self.rules, self.players, dealer, deal, number=number, seed=self.seed)
        self.deals.append((dealer, deal))
        self.hands.append(hand)
        return hand

    # ------------------------------------------------------------------ play
    @property
    def to_act(self) -> int:
        """The seat to act now, or -1 (hand or game over)."""
        return -1 if self.awaiting_deal or self.over else self.hand.to_act

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act."""
        if self.over or self.awaiting_deal:
            return []
        return self.hand.legal_actions()

    def apply(self, action: Action, player: int | None = None) -> None:
        """Applies an action in the current hand; scores it and deals on when it ends.

        Raises :class:`~rummykit.errors.IllegalAction` and changes nothing if illegal.
        """
        if self.over:
            raise IllegalAction("end.out", "the game is over")
        hand = self.hand
        hand.apply(action, player)
        if hand.phase is Phase.OVER:
            self._hand_ended(hand)

    def _hand_ended(self, hand: Hand) -> None:
        scores = hand.scores()
        assert scores is not None and hand.ended_by is not None
        self.results.append(HandResult(hand.ended_by, hand.out, tuple(scores)))
        for p, s in enumerate(scores):
            self.totals[p] += s
        self.winner = self._decide()
        self.over = self.winner is not None
        if not self.over and self.auto_deal:
            self.start_hand()

    def _decide(self) -> int | None:
        rules = self.rules
        totals = self.totals
        low_wins = rules.scoring is Scoring.PENALTY
        best = min(totals) if low_wins else max(totals)
        leaders = [p for p, t in enumerate(totals) if t == best]
        if rules.deals is not None:  # a fixed number of deals instead of a target
            if len(self.results) < rules.deals:
                return None
            return leaders[0] if len(leaders) == 1 else None  # ties: play on
        target = rules.target
        assert target is not None
        if not any(t >= target for t in totals):
            return None
        if rules.must_go_out_to_win and not low_wins:
            out = self.results[-1].out
            return out if out >= 0 and totals[out] >= target else None
        return leaders[0] if len(leaders) == 1 else None

    def rewind(self, actions: int = 1) -> list[tuple[int, Action]]:
        """Takes back the last ``actions`` actions of the current hand and returns them
        (seat, action), oldest first: the hand is dealt again and played up to before them.

        Only a hand in progress can be rewound, and never to before its deal; a
        :class:`~rummykit.errors.RulesError` says why not and changes nothing.
        """
        if self.over or self.awaiting_deal:
            raise RulesError("hands", "only a hand in progress can be rewound")
        old = self.hand
        history = old.history
        if not 0 <= actions <= len(history):
            raise RulesError(
                "hands", f"cannot take back {actions} actions: the hand has {len(history)}"
            )
        keep = len(history) - actions
        dealer, deal = self.deals[-1]
        hand = Hand(self.rules, self.players, dealer, deal, number=old.number, seed=old.seed)
        for seat, action in history[:keep]:
            hand.apply(action, seat)
        self.hands[-1] = hand
        return list(history[keep:])

    def settlement(self) -> list[int] | None:
        """What each seat receives (+) or pays (-) when the game is over ([game.settlement])."""
        if not self.over or not self.rules.settlement or self.winner is None:
            return None
        chips = self.rules.chips_per_point
        w = self.winner
        low_wins = self.rules.scoring is Scoring.PENALTY
        pay = [
            0 if p == w else chips * (t - self.totals[w] if low_wins else self.totals[w] - t)
            for p, t in enumerate(self.totals)
        ]
        return [sum(pay) if p == w else -pay[p] for p in range(len(pay))]

    def clone(self) -> Game:
        """An independent copy of the game and its current hand."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.totals = self.totals[:]
        g.results = self.results[:]
        g.deals = self.deals[:]
        g.hands = [*self.hands[:-1], self.hands[-1].clone()] if self.hands else []
        return g

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (None: a spectator); see :mod:`rummykit.view`."""
        from rummykit.view import view_of

        return view_of(self, seat)
