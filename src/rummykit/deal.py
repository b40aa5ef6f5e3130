"""A deal: the cards as dealt, from a seed or written out in a record ([deal.size])."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rummykit.cards import CARDS, Card, make_pack
from rummykit.errors import RecordError
from rummykit.rules import Rules

__all__ = ["Deal"]


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: each player's hand (by seat), the upcard, the stock (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    stock: tuple[Card, ...]

    @classmethod
    def shuffled(
        cls,
        rules: Rules,
        players: int,
        seed: int | str,
        dealer: int = 0,
        first_extra: bool | None = None,
    ) -> Deal:
        """A seeded random deal for ``players`` seats, dealt one at a time from the left
        of ``dealer``."""
        rules.check_players(players)
        pack = make_pack(rules.packs_for(players), rules.jokers)
        random.Random(seed).shuffle(pack)
        size = rules.hand_size_for(players)
        extra = rules.first_player_extra_card if first_extra is None else first_extra
        hands: list[list[Card]] = [[] for _ in range(players)]
        order = [(dealer + 1 + i) % players for i in range(players)]
        it = iter(pack)
        for _ in range(size):
            for seat in order:
                hands[seat].append(next(it))
        if extra:
            hands[order[0]].append(next(it))
        upcard = next(it)
        return cls(tuple(tuple(h) for h in hands), upcard, tuple(it))

    def check(self, rules: Rules, dealer: int, names: Sequence[str] = ()) -> None:
        """Raises :class:`RecordError` unless this deal is exactly the rules' pack and sizes.

        ``record.deal`` for a hand of the wrong size (or no hands at all), ``record.pack``
        for cards that are not exactly the pack. ``names``, one for each hand, name the
        hands in the messages (else their seats).
        """
        players = len(self.hands)
        if players == 0:
            raise RecordError("record.deal", "the deal holds no hands")
        size = rules.hand_size_for(players)
        first = (dealer + 1) % players
        for seat, cards in enumerate(self.hands):
            want = size + (1 if rules.first_player_extra_card and seat == first else 0)
            if len(cards) != want:
                raise RecordError(
                    "record.deal",
                    f"{names[seat] if seat < len(names) else f'seat {seat + 1}'} holds "
                    f"{len(cards)} cards; the rules deal {want}",
                )
        counts = [0] * 53
        for c in (*[c for h in self.hands for c in h], self.upcard, *self.stock):
            counts[c] += 1
        want_counts = [0] * 53
        for c in make_pack(rules.packs_for(players), rules.jokers):
            want_counts[c] += 1
        if counts != want_counts:
            extra = [f"{CARDS[c]}" for c in range(53) if counts[c] > want_counts[c]]
            missing = [f"{CARDS[c]}" for c in range(53) if counts[c] < want_counts[c]]
            parts = []
            if extra:
                parts.append("too many " + " ".join(extra))
            if missing:
                parts.append("missing " + " ".join(missing))
            raise RecordError(
                "record.pack", "the deal is not the pack the rules call for: " + "; ".join(parts)
            )
