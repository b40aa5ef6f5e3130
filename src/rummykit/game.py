"""A whole game: hands one after another, running totals, dealer rotation, the winner.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=7)
>>> game.hand.number, game.to_act == (game.hand.dealer + 1) % 3
(1, True)
>>> import random
>>> rng = random.Random(0)
>>> while not game.over:
...     _ = game.apply(rng.choice(game.legal_actions()))
>>> game.winner is not None and max(game.totals) >= 500
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.actions import Action
from rummykit.deal import Deal
from rummykit.errors import IllegalAction, RecordError, RulesError
from rummykit.events import Event, HandEnd, HandResult
from rummykit.hand import Hand
from rummykit.rules import Rules, Scoring, Settlement, Ties
from rummykit.scoring import CardValuer, hand_payments, melded_points, split_payments
from rummykit.state import Phase, new_seed
from rummykit.view import PlayerView, SeatFacts, facts_of_hand, view_of_hand

__all__ = ["Game", "HandEnd", "HandResult"]


class Game:
    """A game of several hands between named players (seats in clockwise order).

    Hands are dealt from ``seed`` unless ``auto_deal`` is False, in which case each hand
    waits for :meth:`start_hand` with an explicit deal (as a record replay does). Without
    a seed the game draws one from the operating system and keeps it in :attr:`seed`
    (records write it), so every game can be dealt again.

    Seats are the game's seats everywhere (``to_act``, ``apply``, events, results),
    also when a hand is dealt to only some players (``ties`` leaders-play-on): the
    :class:`Hand` then numbers its own seats 0..k-1 and :attr:`hand_seats` maps them to
    the game's (see :meth:`view`).
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        *,
        seed: int | str | None = None,
        dealer: int | None = None,
        auto_deal: bool = True,
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError("rules", f"rules must be a Rules object, not {rules!r}")
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise RulesError("players", "players must be a list of names (strings)")
        names = list(players)
        check_names(names)
        rules.check_players(len(names))
        if seed is not None:
            check_seed(seed)
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < len(names)):
            raise RulesError("dealer", f"the dealer is a seat from 0 to {len(names) - 1}")
        self.rules = rules
        self.players: tuple[str, ...] = tuple(names)
        self.seed: int | str = new_seed() if seed is None else seed
        self.auto_deal = auto_deal
        n = len(names)
        if dealer is None:
            dealer = random.Random(f"{self.seed}/first-dealer").randrange(n)
        self.first_dealer = dealer
        self.totals: list[int] = [0] * n
        #: each ended hand's result in game seats (a seat that sat it out scores 0)
        self.results: list[HandResult] = []
        #: (dealer's game seat, deal) of each hand; the deal's hands are by hand seat
        self.deals: list[tuple[int, Deal]] = []
        self.hands: list[Hand] = []
        #: the game seats dealt in to each hand, in clockwise order (hand seat = index)
        self.seatings: list[tuple[int, ...]] = []
        #: the seats still at the table: all of them, until tied leaders play on alone
        self.seated: tuple[int, ...] = tuple(range(n))
        #: points each seat has melded and laid off over the game ([game.ties] most-melded)
        self.melded: list[int] = [0] * n
        #: the value of the cards each seat held at the end of the last hand it played
        self.left_in_hand: list[int] = [0] * n
        #: chips won (+) or paid (-) hand by hand (``settlement`` per-hand)
        self.balance: list[int] = [0] * n
        #: the game's winners: empty while nobody has won, several for a shared win
        self.winners: tuple[int, ...] = ()
        #: the single winner, or None while nobody has won and when the win is shared
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
    def hand_seats(self) -> tuple[int, ...]:
        """The game seats dealt in to the current hand: ``hand_seats[s]`` is the game
        seat of the hand's seat ``s`` (all seats, unless tied leaders play on alone)."""
        return self.seatings[-1] if self.seatings else self.seated

    def seat_in_hand(self, seat: int) -> int | None:
        """The current hand's seat of game seat ``seat``, or None if it sits the hand out."""
        seats = self.hand_seats
        return seats.index(seat) if seat in seats else None

    @property
    def next_dealer(self) -> int:
        """The dealer of the next hand: the deal passes to the left ([deal.rotation]),
        to the next player still at the table."""
        if not self.deals:
            return self.first_dealer
        n = len(self.players)
        last = self.deals[-1][0]
        return next(s for s in ((last + i) % n for i in range(1, n + 1)) if s in self.seated)

    @property
    def awaiting_deal(self) -> bool:
        """Whether the game waits for the next hand to be dealt."""
        return not self.over and (not self.hands or self.hands[-1].is_over)

    def start_hand(
        self, deal: Deal | None = None, *, reshuffles: Sequence[Sequence[int]] = ()
    ) -> Hand:
        """Deals the next hand (from the game's seed unless ``deal`` is given) to the
        players still at the table (:attr:`seated`; ``deal.hands`` in that order).

        ``reshuffles`` are the orders, top first, that the stock takes each time it is
        rebuilt by shuffling the pile (a record keeps them); without them they are drawn
        from the game's seed.
        """
        if self.over:
            raise RulesError("hands", "the game is over")
        if self.hands and not self.hands[-1].is_over:
            raise RulesError("hands", "the current hand has not ended")
        seats = self.seated
        dealer = self.next_dealer
        local = seats.index(dealer)
        number = len(self.hands) + 1
        if deal is None:
            deal = Deal.shuffled(self.rules, len(seats), f"{self.seed}/deal/{number}", local)
        elif len(deal.hands) != len(seats):
            raise RecordError(
                "record.deal",
                f"hand {number} is dealt to {len(seats)} players "
                f"({', '.join(self.players[s] for s in seats)}), not {len(deal.hands)} (game.ties)",
            )
        hand = Hand(
            self.rules,
            [self.players[s] for s in seats],
            local,
            deal,
            number=number,
            seed=self.seed,
            reshuffles=reshuffles,
        )
        self.deals.append((dealer, deal))
        self.hands.append(hand)
        self.seatings.append(seats)
        return hand

    # ------------------------------------------------------------------ play
    @property
    def to_act(self) -> int:
        """The seat to act now, or -1 (hand or game over)."""
        if self.over or not self.hands:
            return -1
        local = self.hands[-1].to_act  # -1 once the hand is over
        if local < 0:
            return -1
        return self.seatings[-1][local] if self.seatings else local

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the seat to act (an immutable tuple)."""
        if self.over or not self.hands:
            return ()
        return self.hands[-1].legal_actions()  # () once the hand is over

    def over_refusal(self) -> IllegalAction:
        """Why nothing more can be played in this game, which is over: by the rule that
        ended its last hand (see :meth:`Hand.over_refusal`)."""
        rule = self.hands[-1].over_refusal().rule if self.hands else "end.out"
        return IllegalAction(rule, "the game is over")

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Applies an action in the current hand and returns what happened; scores the
        hand and deals on when it ends (the event says so).

        Raises :class:`~rummykit.errors.IllegalAction` and changes nothing if illegal
        (``action.turn`` for a seat that sits this hand out).
        """
        if self.over:
            raise self.over_refusal()
        if not self.hands or self.hands[-1].phase is Phase.OVER:
            raise IllegalAction("action.turn", "no hand is being played: deal the next one")
        hand = self.hands[-1]
        seats = self.seatings[-1] if self.seatings else self.seated
        mapped = len(seats) != len(self.players)
        local = player
        if mapped and type(player) is int:
            if player not in seats:
                who = self.players[player] if 0 <= player < len(self.players) else None
                raise IllegalAction(
                    "action.turn",
                    f"{who} sits this hand out (game.ties)"
                    if who
                    else f"there is no seat {player}",
                )
            local = seats.index(player)
        event = hand.apply(action, local)
        if mapped:
            event = _to_game_seats(event, seats, len(self.players))
        if hand.phase is Phase.OVER:
            self._hand_ended(hand, seats)
            dealt = self.hand.number if self.hand is not hand else None
            result = self.results[-1]
            event = event._replace(
                result=result,
                game_over=self.over,
                winner=self.winner,
                next_hand=dealt,
                winners=self.winners,
            )
        return event

    def _hand_ended(self, hand: Hand, seats: tuple[int, ...]) -> None:
        local = hand.result()
        assert local is not None
        n = len(self.players)
        scores = [0] * n
        for i, s in enumerate(local.scores):
            scores[seats[i]] = s
            self.totals[seats[i]] += s
        out = seats[local.out] if local.out is not None else None
        self.results.append(HandResult(local.ended_by, out, tuple(scores)))
        rules = self.rules
        valuer = CardValuer(rules)
        for i, points in enumerate(melded_points(rules, hand.melds, len(seats))):
            self.melded[seats[i]] += points
            self.left_in_hand[seats[i]] = valuer.hand_value(hand.hands[i])
        if rules.settlement is Settlement.PER_HAND:
            paid = hand_payments(
                rules, hand.hands, -1 if local.out is None else local.out, rules.chips_per_point
            )
            for i, amount in enumerate(paid):
                self.balance[seats[i]] += amount
        self.winners = self._decide()
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.over = bool(self.winners)
        if not self.over and self.auto_deal:
            self.start_hand()

    def _decide(self) -> tuple[int, ...]:
        """The winners if the game is over now ([game.target], [game.ties]); moves the
        tied leaders alone to the table under ``ties`` leaders-play-on."""
        rules = self.rules
        totals = self.totals
        seated = self.seated
        low_wins = rules.scoring is Scoring.PENALTY
        pick = min if low_wins else max
        best = pick(totals[s] for s in seated)
        leaders = tuple(s for s in seated if totals[s] == best)
        playing_off = len(seated) < len(self.players)  # only tied leaders are left
        if not playing_off:
            if rules.deals is not None:  # a fixed number of deals instead of a target
                if len(self.results) < rules.deals:
                    return ()
            else:
                target = rules.target
                assert target is not None
                if not any(totals[s] >= target for s in seated):
                    return ()
                if rules.must_go_out_to_win and not low_wins:
                    out = self.results[-1].out
                    return (out,) if out is not None and totals[out] >= target else ()
        if len(leaders) == 1:
            return leaders
        ties = rules.ties
        if ties is Ties.SHARE:
            return leaders
        if ties is Ties.MOST_MELDED:
            most = max(self.melded[s] for s in leaders)
            leaders = tuple(s for s in leaders if self.melded[s] == most)
            lowest = min(self.left_in_hand[s] for s in leaders)
            leaders = tuple(s for s in leaders if self.left_in_hand[s] == lowest)
            return leaders if len(leaders) == 1 else ()  # still equal: everybody plays on
        if ties is Ties.LEADERS_PLAY_ON:
            self.seated = leaders
        return ()  # play on

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
        seats = self.hand_seats
        hand = Hand(
            self.rules,
            old.names,
            seats.index(dealer),
            deal,
            number=old.number,
            seed=old.seed,
            reshuffles=[*old.shuffles, *old.planned[len(old.shuffles) :]],
        )
        for seat, action in history[:keep]:
            hand.apply(action, seat)
        self.hands[-1] = hand
        return [(seats[seat], action) for seat, action in history[keep:]]

    def settlement(self) -> list[int] | None:
        """What each seat has received (+) or paid (-) so far under the ``settlement``
        option ([game.settlement]), or None when the option is off. The amounts add up
        to 0.

        ``end``: nothing until the game is over; then each loser pays the winner the
        difference between their totals, times ``chips_per_point`` (a shared win splits
        each payment equally, the odd chips staying with the payer); a loser whose total
        is as good as the winner's or better (the winner had to go out,
        [game.must-go-out]) pays nothing (docs/rules-decisions.md 39). ``per-hand``: the sum
        of what each hand's losers paid its winner (:func:`rummykit.scoring.hand_payments`).
        """
        mode = self.rules.settlement
        if not mode:
            return None
        if mode is Settlement.PER_HAND:
            return self.balance[:]
        if not self.over:
            return [0] * len(self.players)
        chips = self.rules.chips_per_point
        best = self.totals[self.winners[0]]
        low_wins = self.rules.scoring is Scoring.PENALTY
        owed = [chips * max(0, t - best if low_wins else best - t) for t in self.totals]
        return split_payments(owed, self.winners)

    def clone(self) -> Game:
        """An independent copy of the game and its current hand."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.totals = self.totals[:]
        g.results = self.results[:]
        g.deals = self.deals[:]
        g.seatings = self.seatings[:]
        g.melded = self.melded[:]
        g.left_in_hand = self.left_in_hand[:]
        g.balance = self.balance[:]
        g.hands = [*self.hands[:-1], self.hands[-1].clone()] if self.hands else []
        return g

    def view(self, seat: int | None) -> PlayerView:
        """What game seat ``seat`` may know now (None: a spectator); see
        :mod:`rummykit.view`.

        The view is of the current hand. When the hand is dealt to only some players
        (:attr:`hand_seats`), the view's ``players``, seats, ``totals`` and winners are
        the hand's: only the players dealt in, numbered 0..k-1 in the same clockwise
        order (a bot plays such a hand like any other); a seat that sits it out sees it
        as a spectator. Raises :class:`~rummykit.errors.RulesError` for a seat that is not
        at the table.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.players)):
            raise RulesError("seat", f"there is no seat {seat!r} at this table")
        seats = self.hand_seats
        if len(seats) == len(self.players):
            totals = tuple(self.totals)
            return view_of_hand(self.hand, seat, totals, self.over, self.winner, self.winners)
        local = self.seat_in_hand(seat) if seat is not None else None
        totals = tuple(self.totals[s] for s in seats)
        winner = seats.index(self.winner) if self.winner in seats else None
        winners = tuple(seats.index(w) for w in self.winners if w in seats)
        return view_of_hand(self.hand, local, totals, self.over, winner, winners)

    def facts(self, seat: int) -> SeatFacts:
        """What game seat ``seat`` may know now, as card codes and numbers: the facts of
        :meth:`view` without its text (see :class:`~rummykit.view.SeatFacts`), cheaper
        to build. Seats, ``totals`` and the seat itself are the hand's, as in
        :meth:`view`; raises :class:`~rummykit.errors.RulesError` for a seat that is not
        at the table or sits this hand out."""
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise RulesError("seat", f"there is no seat {seat!r} at this table")
        seats = self.hand_seats
        if len(seats) == len(self.players):
            return facts_of_hand(self.hand, seat, tuple(self.totals), self.over)
        local = self.seat_in_hand(seat)
        if local is None:
            raise RulesError("seat", f"{self.players[seat]} sits this hand out (game.ties)")
        totals = tuple(self.totals[s] for s in seats)
        return facts_of_hand(self.hand, local, totals, self.over)


def _to_game_seats(event: Event, seats: tuple[int, ...], n: int) -> Event:
    """The event of a hand dealt to ``seats`` only, with the hand's seats made game seats."""
    result = event.result
    if result is not None:
        scores = [0] * n
        for i, s in enumerate(result.scores):
            scores[seats[i]] = s
        out = seats[result.out] if result.out is not None else None
        result = HandResult(result.ended_by, out, tuple(scores))
    return event._replace(
        seat=seats[event.seat],
        passed=tuple(seats[p] for p in event.passed),
        call_window=tuple(seats[p] for p in event.call_window),
        result=result,
    )


#: The largest seed a record holds, in bits (a number of at most 78 digits).
MAX_SEED_BITS = 256


def check_seed(seed: object) -> None:
    """Refuses a seed a record could not hold or give back (``seed``): a whole
    number of at most :data:`MAX_SEED_BITS` bits, or a text of Unicode characters (no
    lone surrogates, which no file can hold)."""
    if type(seed) is int:
        if seed.bit_length() > MAX_SEED_BITS:
            raise RulesError("seed", f"a seed has at most {MAX_SEED_BITS} bits")
        return
    if type(seed) is not str:
        raise RulesError("seed", f"a seed is a whole number or a text, not {type(seed).__name__}")
    try:
        seed.encode()
    except UnicodeEncodeError:
        raise RulesError(
            "seed", "a seed text must be valid Unicode (it holds a lone surrogate)"
        ) from None


def check_names(names: Sequence[str]) -> None:
    """Refuses names a record could not hold or give back ([record.players])."""
    for name in names:
        if not name or not name.strip():
            raise RulesError("players", "a player's name may not be empty")
        if name != name.strip():
            raise RulesError(
                "players", f"{name!r}: a player's name may not begin or end with a space"
            )
        if ":" in name:
            raise RulesError("players", f"{name!r}: a player's name may not hold ':'")
        if any(not c.isprintable() for c in name):
            raise RulesError("players", f"{name!r}: a player's name must be printable text")
    if len(set(names)) != len(names):
        raise RulesError("players", "players need distinct names")
