"""Remik 500's multi-table tournament (RULES.md section 8.4, seed 004).

Many players sit at tables of ``table_size`` (2-4), each with ``starting_chips`` chips.
A round is one hand at every table. After it, at each table, the player with the highest
hand score wins the round and each other player pays them the difference between the
two hand scores times the round's point-chip ratio (``chip_ratios``), never more chips
than they hold. A player with no chips leaves; the tables are rebalanced (no two differ by
more than one player) and merged when the players left fit at fewer. The last player
left wins.

Seed 004's examples: Jan wins a round with 100 points at ratio 3, Dawid has 70 and
Robert 60: Dawid pays 90 chips and Robert 120.

>>> round_payments([100, 70, 60], [100, 70, 60], [0, 0, 0], ratio=3, chips=[1000] * 3)
[210, -90, -120]

A whole tournament of bots (any :class:`~rummykit.players.Player` plays, a person too):

>>> from rummykit.bots import get_bot
>>> names = [f"P{i}" for i in range(6)]
>>> t = Tournament(names, TournamentRules(table_size=3, starting_chips=100), seed=1)
>>> [len(table) for table in t.tables]
[3, 3]
>>> t.play({n: get_bot("greedy", seed=i) for i, n in enumerate(names)})[0].place
1
>>> t.over, sum(t.chips) == 600, len(t.active)
(True, True, 1)
>>> Tournament.from_record(t.to_record()).standings() == t.standings()
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummykit.errors import RecordError, RulesError, RummyError
from rummykit.game import Game
from rummykit.players import Driver, Player
from rummykit.record import game_summary, replay, write_record
from rummykit.rules import MAX_OPTION_NUMBER, Rules, Scoring
from rummykit.scoring import CardValuer, melded_points, split_payments

__all__ = [
    "GAME_OPTIONS",
    "TABLE_OPTIONS",
    "HandNeverEnded",
    "RoundResult",
    "Standing",
    "TableResult",
    "Tournament",
    "TournamentRules",
    "default_ratio",
    "rebalance",
    "round_payments",
    "round_winners",
]

#: A hand stopped after this many actions is an error (some rules allow endless hands).
MAX_HAND_ACTIONS = 5000

#: The options every table's game is played with, whatever the tournament's rules say: one
#: hand, no target, no settlement (the tournament moves the chips), equal hand scores
#: shared (the round's tie-break is the tournament's).
TABLE_OPTIONS: dict[str, Any] = {"target": None, "deals": 1, "ties": "share", "settlement": False}

#: The options of a whole game, which one-hand rounds settled in chips never use: those
#: :data:`TABLE_OPTIONS` sets, two that only matter with them, and Wrotham's all-at-once
#: rule, which counts deals (every round is the first deal of its table's game).
GAME_OPTIONS: tuple[str, ...] = (
    *TABLE_OPTIONS,
    "must_go_out_to_win",
    "chips_per_point",
    "all_at_once_from_deal",
)


class HandNeverEnded(RulesError):
    """A table's hand did not end within :data:`MAX_HAND_ACTIONS` actions (weak bots under
    rules that turn the pile over can play for ever); the rounds before it stand."""


def default_ratio(round_number: int) -> int:
    """The default point-chip ratio of a round (from 1): 1, 1, 2, 2, 3, 3, 4 ...

    >>> [default_ratio(r) for r in range(1, 8)]
    [1, 1, 2, 2, 3, 3, 4]
    """
    return (round_number + 1) // 2


@dataclass(frozen=True, kw_only=True)
class TournamentRules:
    """The options of a multi-table tournament (RULES.md 8.4) and the rules of its hands.

    ``chip_ratios`` lists the point-chip ratio of each round, the last repeating; None
    is the default 1, 1, 2, 2, 3, 3, 4 ... A wrong option raises
    :class:`~rummykit.errors.RulesError` naming it:

    >>> TournamentRules(table_size=5)
    Traceback (most recent call last):
    ...
    rummykit.errors.RulesError: option table_size: 5 is not from 2 to 4 (remik-500 seats 2 to 4)
    >>> TournamentRules(chip_ratios=(1, 2)).ratio(5)
    2
    """

    rules: Rules = field(default_factory=lambda: Rules.preset("remik-500"))
    table_size: int = 4
    starting_chips: int = 1000
    chip_ratios: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RulesError("rules", f"rules must be a Rules object, not {self.rules!r}")
        size = self.table_size
        low, high = max(2, self.rules.min_players), min(4, self.rules.max_players)
        if type(size) is not int or not low <= size <= high:
            raise RulesError(
                "table_size",
                f"option table_size: {size!r} is not from {low} to {high} "
                f"({self.rules.name} seats {self.rules.min_players} to {self.rules.max_players})",
            )
        chips = self.starting_chips
        if type(chips) is not int or not 1 <= chips <= MAX_OPTION_NUMBER:
            raise RulesError(
                "starting_chips",
                f"option starting_chips: {chips!r} is not a whole number from 1 to "
                f"{MAX_OPTION_NUMBER}",
            )
        ratios = self.chip_ratios
        if ratios is not None and (
            not isinstance(ratios, tuple)
            or not ratios
            or any(type(r) is not int or not 1 <= r <= MAX_OPTION_NUMBER for r in ratios)
        ):
            raise RulesError(
                "chip_ratios",
                f"option chip_ratios: {_shown(ratios)} is not a list of whole numbers from 1 "
                f"to {MAX_OPTION_NUMBER} (the ratio of each round, the last repeating)",
            )

    def ratio(self, round_number: int) -> int:
        """The point-chip ratio of round ``round_number`` (from 1)."""
        if self.chip_ratios is None:
            return default_ratio(round_number)
        return self.chip_ratios[min(round_number, len(self.chip_ratios)) - 1]

    def table_rules(self) -> Rules:
        """The rules of one table's game: the tournament's, with :data:`TABLE_OPTIONS`."""
        return self.rules.with_options(TABLE_OPTIONS)

    def to_json(self) -> dict[str, Any]:
        """The options as a tournament record writes them."""
        return {
            "table_size": self.table_size,
            "starting_chips": self.starting_chips,
            "chip_ratios": None if self.chip_ratios is None else list(self.chip_ratios),
        }


def round_payments(
    scores: Sequence[int],
    melded: Sequence[int],
    left: Sequence[int],
    *,
    ratio: int,
    chips: Sequence[int],
) -> list[int]:
    """The chips each player at one table wins (+) or pays (-) for a round (RULES.md 8.4).

    The highest hand score wins the round; equal highest scores go to the most points
    melded and laid off in the hand, then to the lowest value of cards left in hand
    ([game.ties] most-melded); players still equal share the round, each payment split
    between them (the odd chips staying with the payer). Every other player pays the
    difference between the winning score and theirs times ``ratio``, at most the chips
    they hold. Seed 004's second example (ratio 2): Rachela 60, Marek 0, Jerzy -10:

    >>> round_payments([60, 0, -10], [60, 0, 0], [0, 0, 10], ratio=2, chips=[500, 500, 100])
    [220, -120, -100]
    """
    best = max(scores)
    owed = [min((best - s) * ratio, chips[p]) for p, s in enumerate(scores)]
    return split_payments(owed, round_winners(scores, melded, left))


def round_winners(scores: Sequence[int], melded: Sequence[int], left: Sequence[int]) -> list[int]:
    """Who wins the round at one table (RULES.md 8.4): the highest hand score, then the
    most points melded and laid off in the hand, then the lowest cards left in hand;
    players still equal share it.

    >>> round_winners([34, 34, -5], [40, 40, 0], [6, 0, 5]), round_winners([9, 9], [9, 9], [0, 0])
    ([1], [0, 1])
    """
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    most = max(melded[p] for p in top)
    top = [p for p in top if melded[p] == most]
    lowest = min(left[p] for p in top)
    return [p for p in top if left[p] == lowest]


def rebalance(
    tables: Sequence[Sequence[int]], active: Sequence[int], table_size: int, byes: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """The tables of the next round for the ``active`` players, and who sits it out.

    Players who left are taken off their tables; tables are merged (the smallest broken
    up first) until the players fit at as few tables as ``table_size`` allows, and players
    move one at a time from the largest table to the smallest until no two differ by more
    than one. Everybody stays where they are otherwise. With tables of 2 and an odd
    number of players, one player sits the round out (a bye): the one with the fewest
    byes so far (``byes[player]``), then the first in the player list.

    >>> rebalance([[0, 1, 2, 3], [4, 5, 6, 7]], [0, 3, 5], 4, [0] * 8)
    ([[0, 3, 5]], [])
    >>> rebalance([[0, 1, 2, 3], [4, 5, 6, 7]], [0, 1, 2, 3, 4, 7], 4, [0] * 8)
    ([[0, 1, 2], [4, 7, 3]], [])
    >>> rebalance([[0, 1], [2, 3]], [0, 1, 2], 2, [0, 0, 0, 0])  # 0 sits out
    ([[1, 2]], [0])
    """
    alive = set(active)
    m = len(alive)
    count = max(1, m // 2) if table_size == 2 else math.ceil(m / table_size)
    spare = m - count * table_size  # > 0 only with tables of 2 and an odd count
    out = sorted(alive, key=lambda p: (byes[p], p))[: max(0, spare)]
    keep = [[p for p in t if p in alive and p not in out] for t in tables]
    keep = [t for t in keep if t]
    seated = {p for t in keep for p in t}
    pool = sorted(p for p in alive if p not in seated and p not in out)
    while len(keep) > count:
        smallest = min(len(t) for t in keep)
        last = max(i for i, t in enumerate(keep) if len(t) == smallest)
        pool = sorted([*pool, *keep.pop(last)])
    while len(keep) < count:
        keep.append([])
    for p in pool:
        min(keep, key=len).append(p)
    while max(len(t) for t in keep) - min(len(t) for t in keep) > 1:
        largest = max(keep, key=len)
        min(keep, key=len).append(largest.pop())
    return keep, sorted(out)


@dataclass(frozen=True)
class TableResult:
    """One table in one round: its players (tournament seats), its game (one hand), the
    chips each of them won or paid, and who won the round there (tournament seats: more
    than one where they share it)."""

    players: tuple[int, ...]
    game: Game
    chips: tuple[int, ...]
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """One round: its ratio, every table, who sat it out, and who left after it."""

    number: int
    ratio: int
    tables: tuple[TableResult, ...]
    byes: tuple[int, ...]
    #: chips of every player before the round (the first tie-break of players who leave)
    chips_before: tuple[int, ...]
    left: tuple[int, ...]


@dataclass(frozen=True)
class Standing:
    """A player's place: 1 for the winner; players who left in the same round with the
    same chips, melded points and last hand share a place."""

    place: int
    name: str
    chips: int
    #: the round after which the player left, None for the winner (or while still in)
    out_after: int | None
    melded: int


class Tournament:
    """A multi-table tournament between named players (RULES.md 8.4).

    ``seed`` decides the first seating and every deal. :meth:`play` plays it to the end
    with one :class:`~rummykit.players.Player` per name; :meth:`start_round` and
    :meth:`finish_round` let a caller play each table's game itself (people at a table).
    """

    def __init__(
        self,
        players: Sequence[str],
        rules: TournamentRules | None = None,
        *,
        seed: int | str = 0,
    ) -> None:
        names = list(players)
        if isinstance(players, str) or not all(isinstance(p, str) for p in names):
            raise RulesError("players", "players must be a list of names (strings)")
        if len(set(names)) != len(names):
            raise RulesError("players", "players need distinct names")
        if len(names) < 2:
            raise RulesError("players", "a tournament needs at least 2 players")
        if type(seed) not in (int, str):
            raise RulesError("seed", f"a seed is an int or a str, not {seed!r}")
        self.rules = rules if rules is not None else TournamentRules()
        self.names: tuple[str, ...] = tuple(names)
        self.seed = seed
        self._table_rules = self.rules.table_rules()
        n = len(names)
        for size in range(2, min(n, self.rules.table_size) + 1):  # tables shrink to 2
            self._table_rules.check_players(size)
        self.chips = [self.rules.starting_chips] * n
        self.melded = [0] * n
        #: value of the cards each player held at the end of the last hand they played
        self.left_in_hand = [0] * n
        self.byes = [0] * n
        self.out_after: list[int | None] = [None] * n
        self.rounds: list[RoundResult] = []
        order = list(range(n))
        random.Random(f"{seed}/seating").shuffle(order)
        count = max(1, n // 2) if self.rules.table_size == 2 else -(-n // self.rules.table_size)
        first: list[list[int]] = [order[i::count] for i in range(count)]
        self.tables, self.resting = rebalance(first, order, self.rules.table_size, self.byes)
        self._games: list[Game] | None = None

    # ------------------------------------------------------------------ state
    @property
    def active(self) -> list[int]:
        """The players still in the tournament."""
        return [p for p in range(len(self.names)) if self.out_after[p] is None]

    @property
    def over(self) -> bool:
        """Whether one player is left."""
        return len(self.active) <= 1

    @property
    def winner(self) -> int | None:
        """The last player left, once the tournament is over."""
        return self.active[0] if self.over else None

    # ------------------------------------------------------------------ rounds
    def start_round(self) -> list[Game]:
        """The games of the next round, one per table (each to be played to its end:
        one hand). Raises :class:`RulesError` when the tournament is over."""
        if self.over:
            raise RulesError("rounds", "the tournament is over")
        if self._games is None:
            number = len(self.rounds) + 1
            self._games = [
                Game(
                    self._table_rules,
                    [self.names[p] for p in table],
                    seed=f"{self.seed}/round/{number}/table/{i + 1}",
                )
                for i, table in enumerate(self.tables)
            ]
        return self._games

    def finish_round(self) -> RoundResult:
        """Settles the round whose games are all over: moves the chips, lets the players
        with none leave, and seats the next round. Raises :class:`RulesError` if a game
        is not over."""
        games = self.start_round()
        if not all(g.over for g in games):
            raise RulesError("rounds", "every table must finish its hand first")
        self._games = None
        return self._settle(games, self.tables, self.resting)

    def _settle(
        self, games: Sequence[Game], tables: Sequence[Sequence[int]], resting: Sequence[int]
    ) -> RoundResult:
        number = len(self.rounds) + 1
        ratio = self.rules.ratio(number)
        before = tuple(self.chips)
        results = []
        for table, game in zip(tables, games, strict=True):
            hand = game.hands[-1]
            rules = game.rules
            values = CardValuer(rules)
            melded = melded_points(rules, hand.melds, hand.n)
            left = [values.hand_value(h) for h in hand.hands]
            # the round goes to the best hand: under penalty scoring, the fewest points
            scores = [-s if rules.scoring is Scoring.PENALTY else s for s in game.totals]
            won = round_payments(
                scores, melded, left, ratio=ratio, chips=[self.chips[p] for p in table]
            )
            for i, p in enumerate(table):
                self.chips[p] += won[i]
                self.melded[p] += melded[i]
                self.left_in_hand[p] = left[i]
            winners = tuple(table[i] for i in round_winners(scores, melded, left))
            results.append(TableResult(tuple(table), game, tuple(won), winners))
        for p in resting:
            self.byes[p] += 1
        left_now = tuple(p for p in self.active if self.chips[p] == 0)
        for p in left_now:
            self.out_after[p] = number
        result = RoundResult(number, ratio, tuple(results), tuple(resting), before, left_now)
        self.rounds.append(result)
        self.tables, self.resting = rebalance(tables, self.active, self.rules.table_size, self.byes)
        return result

    def play_round(
        self, players: Mapping[str, Player], *, max_hand_actions: int = MAX_HAND_ACTIONS
    ) -> RoundResult:
        """Plays one round: every table's hand, each player acting through ``players``
        (by name; they only ever see their views)."""
        for game in self.start_round():
            driver = Driver(
                game, [players[name] for name in game.players], max_hand_actions=max_hand_actions
            )
            driver.run()
            if not game.over:
                raise HandNeverEnded(
                    "rounds",
                    f"round {len(self.rounds) + 1}: a hand at the table of "
                    f"{', '.join(game.players)} did not end in {max_hand_actions} actions",
                )
        return self.finish_round()

    def play(
        self,
        players: Mapping[str, Player],
        *,
        on_round: Callable[[Tournament, RoundResult], None] | None = None,
        max_rounds: int | None = None,
    ) -> list[Standing]:
        """Plays rounds until one player is left (or ``max_rounds`` were played) and
        returns the standings; ``on_round`` is called after each round."""
        missing = [n for n in self.names if n not in players]
        if missing:
            raise RulesError("players", f"no player plays for {', '.join(missing)}")
        while not self.over and (max_rounds is None or len(self.rounds) < max_rounds):
            result = self.play_round(players)
            if on_round is not None:
                on_round(self, result)
        return self.standings()

    # ------------------------------------------------------------------ results
    def standings(self) -> list[Standing]:
        """Every player's place, best first: the players still in by chips; then those
        who left, the latest first, each round's by the chips they held before it, then
        by the points they melded and laid off, then by the lowest last hand."""

        def key(p: int) -> tuple[int, int, int, int, int]:
            out = self.out_after[p]
            if out is None:
                return (0, 0, -self.chips[p], -self.melded[p], self.left_in_hand[p])
            before = self.rounds[out - 1].chips_before[p]
            return (1, -out, -before, -self.melded[p], self.left_in_hand[p])

        order = sorted(range(len(self.names)), key=lambda p: (key(p), p))
        standings: list[Standing] = []
        for i, p in enumerate(order):
            place = standings[-1].place if i and key(order[i - 1]) == key(p) else i + 1
            standings.append(
                Standing(place, self.names[p], self.chips[p], self.out_after[p], self.melded[p])
            )
        return standings

    # ------------------------------------------------------------------ records
    def to_record(self) -> dict[str, Any]:
        """The tournament record: its options, players and seed, and for each round
        each table's game record (NOTATION.md) with the chips won and paid there."""
        rules = self.rules.rules
        doc: dict[str, Any] = {
            "tournament": "remik-multi-table",
            "rules": rules.name,
        }
        if rules.changed_options():
            doc["options"] = rules.changed_options()
        doc.update(self.rules.to_json())
        doc["players"] = list(self.names)
        doc["seed"] = self.seed
        doc["rounds"] = [
            {
                "round": r.number,
                "ratio": r.ratio,
                "tables": [
                    {
                        "game": write_record(t.game),
                        "chips": {
                            self.names[p]: c for p, c in zip(t.players, t.chips, strict=True)
                        },
                    }
                    for t in r.tables
                ],
                "byes": [self.names[p] for p in r.byes],
                "left": [self.names[p] for p in r.left],
            }
            for r in self.rounds
        ]
        return doc

    @classmethod
    def from_record(cls, doc: Mapping[str, Any]) -> Tournament:
        """Replays a tournament record: every table's game is replayed and checked, and
        the chips moved again. Raises :class:`RecordError` (``record.tournament``, or the
        game record's own ``record.*``/rule id) naming the round and table."""
        try:
            return _replay(cls, doc)
        except RecordError:
            raise
        except RummyError as e:
            raise RecordError("record.tournament", e.message) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise RecordError(
                "record.tournament", f"not a tournament record: {type(e).__name__} {e}"
            ) from None


def _replay(cls: type[Tournament], doc: Mapping[str, Any]) -> Tournament:
    if not isinstance(doc, Mapping) or doc.get("tournament") != "remik-multi-table":
        raise RecordError("record.tournament", 'not a tournament record ("tournament" key)')
    for key in ("rules", "players", "rounds"):
        if key not in doc:
            raise RecordError("record.tournament", f'the record has no "{key}"')
    players = _list(doc, "players", "the record")
    rules = Rules.from_record(doc["rules"], doc.get("options"))
    ratios = doc.get("chip_ratios")
    options = TournamentRules(
        rules=rules,
        table_size=doc.get("table_size", 4),
        starting_chips=doc.get("starting_chips", 1000),
        chip_ratios=tuple(ratios) if isinstance(ratios, list) else ratios,
    )
    t = cls(players, options, seed=doc.get("seed", 0))
    names = list(t.names)
    for i, raw in enumerate(_list(doc, "rounds", "the record"), start=1):
        where = f"round {i}"
        if t.over:
            raise RecordError("record.tournament", f"{where} follows the end of the tournament")
        if not isinstance(raw, Mapping):
            raise RecordError("record.tournament", f"{where} must be an object")
        raw_tables = _list(raw, "tables", where)
        for j, tr in enumerate(raw_tables, start=1):
            if not isinstance(tr, Mapping) or not isinstance(tr.get("game"), Mapping):
                raise RecordError(
                    "record.tournament", f'{where}, table {j} must be an object with a "game"'
                )
        tables = [
            _seats(names, tr["game"].get("players"), f"{where}, table {j}")
            for j, tr in enumerate(raw_tables, start=1)
        ]
        byes = sorted(_seats(names, raw.get("byes", []), f"{where}, byes"))
        _check_seating(t, tables, byes, where)
        games = []
        for j, tr in enumerate(raw["tables"], start=1):
            result = replay(tr["game"])
            if result.error is not None or result.game is None:
                err = result.error or {}
                raise RecordError(
                    "record.tournament",
                    f"{where}, table {j}: {err.get('message')} [{err.get('rule')}]",
                )
            game = result.game
            if game.rules != t._table_rules or not game.over:
                raise RecordError(
                    "record.tournament",
                    f"{where}, table {j}: the game must be one finished hand of {t._table_rules}",
                )
            games.append(game)
        r = t._settle(games, tables, byes)
        for j, (tr, table) in enumerate(zip(raw["tables"], r.tables, strict=True), start=1):
            written = tr.get("chips")
            want = {names[p]: c for p, c in zip(table.players, table.chips, strict=True)}
            if written is not None and written != want:
                raise RecordError(
                    "record.tournament", f"{where}, table {j}: the chips moved are {want}"
                )
        _check_written(raw, {"round": i, "ratio": r.ratio, "left": [names[p] for p in r.left]})
    return t


#: What a JSON value that should have been a list is, in a message.
_JSON_KINDS: dict[type, str] = {
    type(None): "null",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true or false",
    dict: "an object",
}


def _list(raw: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """``raw[key]``, which must be a list (``where`` names ``raw`` in the message)."""
    value = raw.get(key)
    if not isinstance(value, list):
        got = _JSON_KINDS.get(type(value), "something else")
        raise RecordError("record.tournament", f'{where}: "{key}" must be a list, not {got}')
    return value


def _seats(names: list[str], players: object, where: str) -> list[int]:
    """The seats of the players named in ``players``, a list of the tournament's names."""
    if not isinstance(players, list):
        raise RecordError("record.tournament", f"{where}: the players must be a list of names")
    seats = []
    for n in players:
        if not isinstance(n, str) or n not in names:
            raise RecordError(
                "record.tournament", f"{where}: {json.dumps(n)} is not a player of the tournament"
            )
        seats.append(names.index(n))
    return seats


def _check_written(raw: Mapping[str, Any], right: Mapping[str, Any]) -> None:
    """Refuses a round whose written ``round``, ``ratio`` or ``left`` is not what replaying
    it gives (each may be left out)."""
    where = f"round {right['round']}"
    for key, want in right.items():
        if key in raw and raw[key] != want:
            raise RecordError(
                "record.tournament",
                f"{where}: {key} is {json.dumps(want)}, not {json.dumps(raw[key])}",
            )


def _check_seating(t: Tournament, tables: list[list[int]], byes: list[int], where: str) -> None:
    seated = sorted([p for table in tables for p in table] + byes)
    sizes = [len(table) for table in tables]
    if seated != sorted(t.active):
        raise RecordError(
            "record.tournament", f"{where}: every player still in must be seated once"
        )
    if (
        not sizes
        or min(sizes) < 2
        or max(sizes) > t.rules.table_size
        or max(sizes) - min(sizes) > 1
    ):
        raise RecordError(
            "record.tournament",
            f"{where}: tables of 2 to {t.rules.table_size} players, no two differing by more "
            "than one",
        )


def summary(t: Tournament) -> dict[str, Any]:
    """A JSON-ready summary: standings and, for each round, each table's replay summary,
    its ``winner``/``winners`` being the round's (the tournament's tie-break decides equal
    hand scores) and ``chips`` what each player there won or paid."""
    return {
        "winner": t.names[t.winner] if t.winner is not None else None,
        "standings": [s.__dict__.copy() for s in t.standings()],
        "rounds": [
            {
                "round": r.number,
                "ratio": r.ratio,
                "tables": [_table_summary(t, tr) for tr in r.tables],
                "left": [t.names[p] for p in r.left],
            }
            for r in t.rounds
        ],
    }


def _table_summary(t: Tournament, tr: TableResult) -> dict[str, Any]:
    winners = [t.names[p] for p in tr.winners]
    return {
        **game_summary(tr.game),
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "chips": {t.names[p]: c for p, c in zip(tr.players, tr.chips, strict=True)},
    }


def _shown(ratios: object) -> str:
    """Chip ratios as people write them (``1,2,3``), whatever was given."""
    if isinstance(ratios, (tuple, list)):
        return ",".join(str(r) for r in ratios) or "nothing"
    return repr(ratios)
