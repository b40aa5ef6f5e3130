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
pile         P            the pile, top first: card code + 1 (0: no card)
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

Scores are raw points (a network should scale them).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from rummykit import Phase, PlayerView, Rules, TableMeld, format_cards

__all__ = ["MELD_WIDTH", "SEAT_WIDTH", "TURN_WIDTH", "ObservationEncoder"]

#: Numbers per meld slot.
MELD_WIDTH = 32
#: Numbers per seat in the ``seats`` segment.
SEAT_WIDTH = 6
#: Numbers in the ``turn`` segment.
TURN_WIDTH = 16
#: Bound of the unbounded numbers (scores, hand numbers) in the observation space.
BIG = 1e9
_PHASES = (Phase.DRAW, Phase.PLAY, Phase.RUMMY, Phase.OVER)
_CACHE_LIMIT = 50_000


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
        sizes = {
            "hand": 53,
            "known": n * 53,
            "table": n * 53,
            "pile_cards": 53,
            "pile": self.pack_size,
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
        self._pile_cards = self.segments["pile_cards"][0]
        self._melds: dict[tuple[int, int], tuple[TableMeld, list[int], list[float]]] = {}
        self._tables: dict[int, tuple[tuple[TableMeld, ...], list[int], NDArray[np.float32]]] = {}

    def segment(self, name: str) -> slice:
        """The slice of a segment (``obs[encoder.segment("hand")]``)."""
        first, size = self.segments[name]
        return slice(first, first + size)

    def bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """The lowest and highest value of every number, for a ``Box`` space."""
        low = np.zeros(self.size, dtype=np.float32)
        high = np.full(self.size, float(self.pack_size), dtype=np.float32)
        high[self.segment("pile")] = 53
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
        if me is None or view.hand is None:
            raise ValueError("an observation is of a player's view, not a spectator's")
        if view.rules is not self.rules and (
            view.rules != self.rules or len(view.players) != self.players
        ):
            raise ValueError(f"the view is of {view.rules}, not of {self.rules}")
        n = self.players
        seg = self.segments
        idx: list[int] = list(view.hand)  # count indices, one per card
        known0 = seg["known"][0]
        for p, cards in enumerate(view.known):
            if cards:
                base = known0 + (p - me) % n * 53
                idx += [base + c for c in cards]
        pile = view.pile
        base = self._pile_cards
        idx += [base + c for c in pile]
        table_counts, meld_values = self._table(view, me)
        idx += table_counts
        obs = np.zeros(self.size, dtype=np.float32)
        obs[: self._counts] = np.bincount(idx, minlength=self._counts)
        if pile:
            first = seg["pile"][0]
            obs[first : first + len(pile)] = [c + 1 for c in reversed(pile)]
        if len(meld_values):
            first = seg["melds"][0]
            obs[first : first + len(meld_values)] = meld_values
        seats: list[float] = [0.0] * (n * SEAT_WIDTH)
        for p in range(n):
            b = (p - me) % n * SEAT_WIDTH
            seats[b] = view.hand_sizes[p]
            seats[b + 1] = view.totals[p]
            seats[b + 2] = view.has_melded[p]
            seats[b + 3] = view.played[p]
            seats[b + 4] = p == view.to_act
            seats[b + 5] = p == view.dealer
        must = view.must_meld
        same = view.same_card
        phase = view.phase
        seats += [
            phase is Phase.DRAW,
            phase is Phase.PLAY,
            phase is Phase.RUMMY,
            phase is Phase.OVER,
            view.to_act == me and not view.game_over,
            view.stock_size,
            len(pile),
            view.took,
            view.melds_made,
            0 if must is None else must + 1,
            0 if same is None else same + 1,
            view.stock_reuses,
            view.hand_number,
            me in view.call_order,
            len(view.melds),
            view.game_over,
        ]
        first = seg["seats"][0]  # the seats and the turn come last
        obs[first:] = seats
        return obs

    def _table(self, view: PlayerView, me: int) -> tuple[list[int], NDArray[np.float32]]:
        """The ``table`` count indices and the ``melds`` numbers of the view's melds,
        kept per observer until the table changes."""
        melds = tuple(m.meld for m in view.melds)
        hit = self._tables.get(me)
        if (
            hit is not None
            and len(hit[0]) == len(melds)
            and all(a is b for a, b in zip(hit[0], melds, strict=True))
        ):
            return hit[1], hit[2]
        counts: list[int] = []
        values: list[float] = []
        for m in melds:
            c, v = self._meld(m, me)
            counts.extend(c)
            values.extend(v)
        array = np.array(values, dtype=np.float32)
        self._tables[me] = (melds, counts, array)
        return counts, array

    def _meld(self, meld: TableMeld, me: int) -> tuple[list[int], list[float]]:
        """The count indices (``table``) and the slot numbers of one table meld, cached:
        a table meld never changes (a lay-off makes a new one)."""
        key = (id(meld), me)
        hit = self._melds.get(key)
        if hit is not None and hit[0] is meld:
            return hit[1], hit[2]
        n = self.players
        table0 = self.segments["table"][0]
        cards = meld.cards
        owners = [(o - me) % n for o in meld.owners]
        counts = [table0 + r * 53 + c for r, c in zip(owners, cards, strict=True)]
        slots = [float(c + 1) for c in cards] + [0.0] * (13 - len(cards))
        who = [float(r + 1) for r in owners] + [0.0] * (13 - len(cards))
        head = [
            1.0,
            float(meld.is_run),
            float(meld.suit + 1 if meld.is_run else 0),
            float(meld.rank),
            float(meld.lo),
            float(len(cards)),
        ]
        values = head + slots + who
        if len(self._melds) >= _CACHE_LIMIT:
            self._melds.clear()
        self._melds[key] = (meld, counts, values)  # holding the meld keeps its id unique
        return counts, values

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
    for m in view.melds:
        laid = " ".join(sorted(set(m.laid_by)))
        lines.append(f"meld {m.number} ({m.kind}, {laid}): {' '.join(m.cards)}")
    for p, name in enumerate(names):
        known = format_cards(view.known[p])
        lines.append(
            f"{name}: {view.hand_sizes[p]} cards, total {view.totals[p]}"
            + (f", known {known}" if known else "")
        )
    if view.must_meld is not None:
        lines.append(f"must meld {view.must_meld}")
    if view.call_order:
        lines.append("Rummy call offered to " + ", ".join(names[p] for p in view.call_order))
    if view.game_over:
        winner = "nobody" if view.winner is None else names[view.winner]
        lines.append(f"game over, winner {winner}")
    return "\n".join(lines)
