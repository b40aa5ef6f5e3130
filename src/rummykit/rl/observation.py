"""Observations: a player's view as a flat numpy vector, and as text for debugging.

An :class:`ObservationEncoder` turns a :class:`~rummykit.view.PlayerView` (and nothing
else: a view holds no hidden card, so neither can the vector) into a ``float32`` vector
of fixed length for a rules configuration and player count::

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> encoder = ObservationEncoder(game.rules, 2)
    >>> obs = encoder.encode(game.view(0))
    >>> obs.shape, obs.dtype, int(obs[encoder.segment("hand")].sum())
    ((976,), dtype('float32'), 13)
    >>> print(encoder.text(game.view(0)).splitlines()[0])
    hand 1, seen by Ana (seat 0); Ana to act, phase draw

Seats are *relative*: row 0 of every per-seat segment is the observer, row 1 the next
player clockwise, and so on, so that one policy can play any seat. Cards are codes
0..52 (suit * 13 + rank - 1; the joker 52). The segments, in order (``N`` players,
``P`` the pack size, ``M = P // 3`` the most melds):

============ ============ ===========================================================
segment      size         content
============ ============ ===========================================================
hand         53           how many of each card the observer holds
known        N * 53       cards each seat is publicly known to hold (taken from the
                          pile or a joker taken from the table, not yet put down)
table        N * 53       cards each seat has put down in melds (a joker as 52)
pile_cards   53           how many of each card lie in the discard pile
drawn_known  N * 53 or 0  cards each seat drew from a stock of public order and still
                          holds (only where the rules turn the pile over unshuffled)
pile         P            the pile, top first: card code + 1 (0: no card)
open_stock   P or 0       the stock, top first, where its order is public (the pile
                          turned over unshuffled): card code + 1 (0: no card, or
                          hidden); only where the rules turn the pile over unshuffled
melds        M * 32       per meld: present, is run, suit + 1 (runs), rank (groups),
                          lowest position (runs), length, then 13 slots of card code
                          + 1 (53 a joker, 0 empty) and 13 of who laid it (relative
                          seat + 1)
seats        N * 6        per seat: cards in hand, total score, has melded this hand,
                          has played this hand, is to act, is the dealer
turn         16           phase draw, play, rummy, over (one-hot); observer is to act;
                          stock size; pile size; pile cards taken this turn; melds
                          made this turn; card that must be melded (+1, 0: none);
                          card that may not be discarded (+1); stock reuses; hand
                          number; a Rummy call is offered to the observer; melds on
                          the table; game over
============ ============ ===========================================================

Scores are raw points (a network should scale them). The two segments of a stock of
public order (``stock_exhausted = turn-over``, as in ``rummy``) have size 0 under rules
that never make one, so the observations of those rules are laid out as before they
were added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from rummykit import Phase, PlayerView, Rules, SeatFacts, TableMeld, format_cards
from rummykit.rules import StockExhausted

__all__ = ["MELD_WIDTH", "SEAT_WIDTH", "TURN_WIDTH", "ObservationEncoder"]

_V = TypeVar("_V")

#: Numbers per meld slot.
MELD_WIDTH = 32
#: Numbers per seat in the ``seats`` segment.
SEAT_WIDTH = 6
#: Numbers in the ``turn`` segment.
TURN_WIDTH = 16
#: Bound of the unbounded numbers (scores, hand numbers) in the observation space.
BIG = 1e9
_PHASES = (Phase.DRAW, Phase.PLAY, Phase.RUMMY, Phase.OVER)
_CACHE_LIMIT = 4_096


class ObservationEncoder:
    """The observation layout of ``rules`` with ``players`` players (see the module).

    Raises :class:`~rummykit.errors.RulesError` if the rules do not allow that many
    players.
    """

    def __init__(self, rules: Rules, players: int) -> None:
        rules.check_players(players)
        self.rules = rules
        self.players = n = players
        self.pack_size = rules.pack_size(players)
        self.max_melds = self.pack_size // 3
        #: whether the rules ever make a stock of public order (the open-stock segments)
        self.open = (
            rules.stock_exhausted is StockExhausted.TURN_OVER and rules.stock_reuse_limit != 0
        )
        sizes = {
            "hand": 53,
            "known": n * 53,
            "table": n * 53,
            "pile_cards": 53,
            "drawn_known": n * 53 if self.open else 0,
            "pile": self.pack_size,
            "open_stock": self.pack_size if self.open else 0,
            "melds": self.max_melds * MELD_WIDTH,
            "seats": n * SEAT_WIDTH,
            "turn": TURN_WIDTH,
        }
        #: each segment's (first index, size), in order
        self.segments: dict[str, tuple[int, int]] = {}
        start = 0
        for name, size in sizes.items():
            self.segments[name] = (start, size)
            start += size
        #: the length of an observation
        self.size = start
        self._counts = self.segments["pile"][0]  # the count segments come first
        self._known = self.segments["known"][0]
        self._pile_cards = self.segments["pile_cards"][0]
        self._pile = self.segments["pile"][0]
        self._drawn = self.segments["drawn_known"][0]
        self._open_stock = self.segments["open_stock"][0]
        self._seats = self.segments["seats"][0]
        self._table_size = self.segments["table"][1]
        self._table_slice = self.segment("table")
        self._melds_slice = self.segment("melds")
        #: the seats in the order of their rows, for each observer
        self._rows = [tuple((me + r) % n for r in range(n)) for me in range(n)]
        self._melds: dict[int, tuple[TableMeld, list[tuple[list[int], NDArray[np.float32]]]]] = {}
        self._tables: dict[
            int, tuple[Sequence[object], Sequence[TableMeld], NDArray[np.float32]]
        ] = {}

    def segment(self, name: str) -> slice:
        """The slice of a segment (``obs[encoder.segment("hand")]``)."""
        first, size = self.segments[name]
        return slice(first, first + size)

    def bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """The lowest and highest value of every number, for a ``Box`` space."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.full(self.size, float(self.pack_size), dtype=np.float32)
        high[self.segment("pile")] = 53
        high[self.segment("open_stock")] = 53
        melds = self.segment("melds")
        per_meld = np.array(
            [1, 1, 4, 13, 25, 13] + [53] * 13 + [self.players] * 13, dtype=np.float32
        )
        high[melds] = np.tile(per_meld, self.max_melds)
        first, _ = self.segments["seats"]
        for r in range(self.players):
            base = first + r * SEAT_WIDTH
            high[base + 1] = BIG
            low[base + 1] = -BIG
            high[base + 2 : base + 6] = 1
        turn = self.segments["turn"][0]
        high[turn : turn + 5] = 1
        high[turn + 9 : turn + 11] = 53
        high[turn + 11 : turn + 13] = BIG
        high[turn + 13] = 1
        high[turn + 15] = 1
        return low, high

    # ------------------------------------------------------------------ encoding
    def encode(self, view: PlayerView) -> NDArray[np.float32]:
        """The observation of a player's view. Raises ``ValueError`` for a spectator's
        view (it has no observer) or a view of other rules."""
        me = view.seat
        hand = view.hand
        if me is None or hand is None:
            raise ValueError("an observation is of a player's view, not a spectator's")
        self._check_rules(view.rules, len(view.players))
        must = view.must_meld
        views = view.melds
        return self._encode(
            me,
            hand,
            view.known,
            view.drawn_known,
            view.pile,
            view.open_stock,
            views,
            lambda: [v.meld for v in views],
            view.hand_sizes,
            view.totals,
            view.has_melded,
            view.played,
            view.to_act,
            view.dealer,
            view.phase,
            view.game_over,
            view.stock_size,
            view.took,
            view.melds_made,
            -1 if must is None else must,
            view.turn_state.same_card,  # the code of view.same_card, -1 for none
            view.stock_reuses,
            view.hand_number,
            view.call_order,
        )

    def encode_facts(self, facts: SeatFacts) -> NDArray[np.float32]:
        """The observation of a seat's :class:`~rummykit.view.SeatFacts`: the same
        vector as :meth:`encode` gives for the seat's view (``Game.facts(seat)`` and
        ``Game.view(seat)``), from the same facts, built faster. Raises ``ValueError``
        for facts of other rules."""
        self._check_rules(facts.rules, len(facts.hand_sizes))
        state = facts.turn_state
        phase = facts.phase
        melds = facts.melds
        return self._encode(
            facts.seat,
            facts.hand,
            facts.known,
            facts.drawn_known,
            facts.pile,
            facts.open_stock,
            melds,
            lambda: melds,
            facts.hand_sizes,
            facts.totals,
            state.has_melded,
            state.played,
            facts.to_act,
            facts.dealer,
            phase,
            facts.game_over,
            facts.stock_size,
            state.took,
            state.melds_made,
            state.target if state.pending else -1,
            state.same_card,
            state.reuse,
            facts.hand_number,
            state.window if phase is Phase.RUMMY else (),
        )

    def encode_dealt_to(
        self, view: PlayerView, seats: Sequence[int], me: int, totals: Sequence[int]
    ) -> NDArray[np.float32]:
        """The observation of game seat ``me`` in a hand dealt to ``seats`` only (tied
        leaders playing on, [game.ties]). ``view`` is ``Game.view(me)``: the hand's own,
        its seats numbered 0..k-1, or a spectator's for a seat that sits the hand out.
        Every fact of a seat is put back at its game seat (a seat that sits out holds no
        cards), the melds' owners too, and ``totals`` are the game's, so the vector is
        laid out as in every other hand."""
        self._check_rules(view.rules, self.players)
        n = self.players

        def game_seat(local: int) -> int:
            return seats[local] if 0 <= local < len(seats) else -1

        def spread(values: Sequence[_V], empty: _V) -> list[_V]:
            out = [empty] * n
            for local, value in enumerate(values):
                out[seats[local]] = value
            return out

        melds = [
            TableMeld(m.is_run, m.suit, m.rank, m.lo, m.cards, tuple(seats[o] for o in m.owners))
            for m in (v.meld for v in view.melds)
        ]
        must = view.must_meld
        return self._encode(
            me,
            view.hand or (),
            spread(view.known, ()),
            spread(view.drawn_known, ()),
            view.pile,
            view.open_stock,
            melds,
            lambda: melds,
            spread(view.hand_sizes, 0),
            totals,
            spread(view.has_melded, False),
            spread(view.played, False),
            game_seat(view.to_act),
            game_seat(view.dealer),
            view.phase,
            view.game_over,
            view.stock_size,
            view.took,
            view.melds_made,
            -1 if must is None else must,
            view.turn_state.same_card,
            view.stock_reuses,
            view.hand_number,
            tuple(game_seat(c) for c in view.call_order),
        )

    def _check_rules(self, rules: Rules, players: int) -> None:
        if players != self.players:
            raise ValueError(
                f"the view is of {players} players, not {self.players}: a hand dealt to "
                "some players only is encoded by encode_dealt_to"
            )
        if rules is not self.rules and rules != self.rules:
            raise ValueError(f"the view is of {rules}, not of {self.rules}")

    def _encode(
        self,
        me: int,
        hand: Sequence[int],
        known: Sequence[Sequence[int]],
        drawn: Sequence[Sequence[int]],
        pile: Sequence[int],
        open_stock: Sequence[int],
        table_key: Sequence[object],
        table_melds: Callable[[], Sequence[TableMeld]],
        sizes: Sequence[int],
        totals: Sequence[int],
        melded: Sequence[bool],
        played: Sequence[bool],
        to_act: int,
        dealer: int,
        phase: Phase,
        over: bool,
        stock: int,
        took: int,
        made: int,
        must: int,
        same: int,
        reuses: int,
        number: int,
        calls: Sequence[int],
    ) -> NDArray[np.float32]:
        """The observation of ``me`` from the facts of its view (``must`` and ``same``
        are card codes, -1 for none)."""
        # the table (the table and melds segments) as this observer saw it last, zeros
        # elsewhere
        obs = self._table(table_key, table_melds, me).copy()
        # the count segments (hand, known, pile_cards) as one count of indices, the
        # table's counts (between them) added back after
        idx: list[int] = list(hand)
        known0 = self._known
        n = self.players
        for p, cards in enumerate(known):
            if cards:
                base = known0 + (p - me) % n * 53
                idx += [base + c for c in cards]
        if pile:
            base = self._pile_cards
            idx += [base + c for c in pile]
        for p, cards in enumerate(drawn):
            if cards:
                base = self._drawn + (p - me) % n * 53
                idx += [base + c for c in cards]
        table = self._table_slice
        counts = np.bincount(idx, minlength=self._counts)
        counts[table] = obs[table]
        obs[: self._counts] = counts
        if pile:
            first = self._pile
            obs[first : first + len(pile)] = [c + 1 for c in reversed(pile)]
        if open_stock:
            first = self._open_stock
            obs[first : first + len(open_stock)] = [c + 1 for c in open_stock]
        tail: list[float | int | bool] = []  # the seats, then the turn
        for p in self._rows[me]:
            tail += (sizes[p], totals[p], melded[p], played[p], p == to_act, p == dealer)
        tail += (
            phase is Phase.DRAW,
            phase is Phase.PLAY,
            phase is Phase.RUMMY,
            phase is Phase.OVER,
            to_act == me and not over,
            stock,
            len(pile),
            took,
            made,
            must + 1,
            same + 1,
            reuses,
            number,
            me in calls,
            len(table_key),
            over,
        )
        obs[self._seats :] = tail  # the seats and the turn come last
        return obs

    def _table(
        self, key: Sequence[object], melds_of: Callable[[], Sequence[TableMeld]], me: int
    ) -> NDArray[np.float32]:
        """An observation of zeros but for the ``table`` and ``melds`` segments, of the
        table ``me`` sees (``key``: the view's table, the same object while it does not
        change; ``melds_of()``: its melds), kept per observer and brought up to date meld
        by meld: a table meld never changes (a lay-off or a swap makes a new one), so
        only the melds that are not the ones ``me`` saw last are counted and written
        again."""
        hit = self._tables.get(me)
        if hit is not None and hit[0] is key:
            return hit[2]
        melds = melds_of()
        first = self._melds_slice.start
        if hit is None or len(hit[1]) > len(melds):  # the first look, or a new hand
            if hit is not None:  # the last hand's melds are seen no more
                self._melds.clear()
            out = np.zeros(self.size, dtype=np.float32)
            counts: list[int] = []
            for i, meld in enumerate(melds):
                c, row = self._meld(meld, me)
                counts += c
                at = first + i * MELD_WIDTH
                out[at : at + MELD_WIDTH] = row
            out[self._table_slice] = np.bincount(counts, minlength=self._table_size)
        else:
            _, old, out = hit
            seen = len(old)
            base = self._table_slice.start
            for i, meld in enumerate(melds):
                if i < seen:
                    was = old[i]
                    if was is meld:
                        continue
                    for k in self._meld(was, me)[0]:
                        out[base + k] -= 1
                c, row = self._meld(meld, me)
                for k in c:
                    out[base + k] += 1
                at = first + i * MELD_WIDTH
                out[at : at + MELD_WIDTH] = row
        self._tables[me] = (key, melds, out)
        return out

    def _meld(self, meld: TableMeld, me: int) -> tuple[list[int], NDArray[np.float32]]:
        """The ``table`` count indices (from the segment's start) and the slot numbers of
        one table meld seen by ``me``, cached: a table meld never changes. Made for every
        observer at once (only who laid each card differs)."""
        hit = self._melds.get(id(meld))
        if hit is not None and hit[0] is meld:
            return hit[1][me]
        n = self.players
        cards = meld.cards
        size = len(cards)
        head = [
            1.0,
            float(meld.is_run),
            float(meld.suit + 1 if meld.is_run else 0),
            float(meld.rank),
            float(meld.lo),
            float(size),
        ]
        base = np.array(
            head + [float(c + 1) for c in cards] + [0.0] * (26 - size), dtype=np.float32
        )
        rows = np.tile(base, (n, 1))
        owners = np.array(meld.owners)
        # who laid each card, seen from each observer: relative seat + 1
        rows[:, 19 : 19 + size] = (owners[None, :] - np.arange(n)[:, None]) % n + 1
        per_seat = []
        for seat in range(n):
            counts = [(o - seat) % n * 53 + c for o, c in zip(meld.owners, cards, strict=True)]
            per_seat.append((counts, rows[seat]))
        if len(self._melds) >= _CACHE_LIMIT:
            self._melds.clear()
        self._melds[id(meld)] = (meld, per_seat)  # holding the meld keeps its id unique
        return per_seat[me]

    # ------------------------------------------------------------------ text
    def text(self, view: PlayerView) -> str:
        """The view as a few lines of notation, for debugging (a spectator's view too)."""
        return view_text(view)


def view_text(view: PlayerView) -> str:
    """What a view holds, as a few lines of text in the record notation.

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> print(view_text(game.view(None)).splitlines()[0])
    hand 1, seen by a spectator; Ana to act, phase draw
    """
    names = view.players
    who = "a spectator" if view.seat is None else f"{names[view.seat]} (seat {view.seat})"
    acting = names[view.to_act] if 0 <= view.to_act < len(names) else "nobody"
    lines = [f"hand {view.hand_number}, seen by {who}; {acting} to act, phase {view.phase.value}"]
    if view.hand is not None:
        lines.append(f"hand: {format_cards(view.hand)}")
    lines.append(f"pile (top last): {format_cards(view.pile) or '-'}; stock {view.stock_size}")
    if view.open_stock:
        lines.append(f"stock (top first, turned over): {format_cards(view.open_stock)}")
    for m in view.melds:
        laid = " ".join(sorted(set(m.laid_by)))
        lines.append(f"meld {m.number} ({m.kind}, {laid}): {' '.join(m.cards)}")
    for p, name in enumerate(names):
        known = format_cards(view.known[p])
        drawn = format_cards(view.drawn_known[p]) if view.drawn_known else ""
        lines.append(
            f"{name}: {view.hand_sizes[p]} cards, total {view.totals[p]}"
            + (f", known {known}" if known else "")
            + (f", drawn {drawn}" if drawn else "")
        )
    if view.must_meld is not None:
        lines.append(f"must meld {view.must_meld}")
    if view.call_order:
        lines.append("Rummy call offered to " + ", ".join(names[p] for p in view.call_order))
    if view.game_over:
        winner = "nobody" if view.winner is None else names[view.winner]
        lines.append(f"game over, winner {winner}")
    return "\n".join(lines)
