"""Game records (NOTATION.md): read, write, replay.

A record is a JSON document: the rules, the players, and for each hand its dealer, its
exact deal and every action in order. :func:`replay` checks every action and returns the
``rummykit replay --json`` result; :func:`write_record` writes a game (finished or not) so
that reading it back and writing again gives the same document.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("rummy"), ["Ana", "Ben"], seed=1)
>>> doc = write_record(game)
>>> write_record(load_game(doc)) == doc
True
"""

from __future__ import annotations

import errno
import json
import math
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rummykit.actions import Pass, parse_player_action
from rummykit.cards import CARDS, Card, quote
from rummykit.errors import IllegalAction, NotationError, RecordError, RulesError, RummyError
from rummykit.game import Game, check_names, check_seed
from rummykit.hand import Deal
from rummykit.rules import Rules, Ties

__all__ = [
    "ReplayResult",
    "load_game",
    "parse_record",
    "read_file",
    "read_json",
    "replay",
    "write_record",
]

#: The keys of a record that rummykit reads; any others are kept and ignored.
RECORD_KEYS = ("rules", "options", "players", "hands")
#: The keys of a record's hand that rummykit reads.
HAND_KEYS = ("dealer", "deal", "actions", "reshuffles")

#: Deepest nesting of arrays and objects a record may have. A record needs 4 levels; the
#: cap keeps hostile documents from exhausting the stack when read or written again.
MAX_DEPTH = 64
#: Most digits of a number in a record (Python refuses to read past 4300 digits).
MAX_DIGITS = 100
#: Most bytes of a record file read (the longest games' records are a few hundred KiB).
MAX_FILE_BYTES = 64 * 2**20


@dataclass
class HandRecord:
    """One hand of a record: dealer seat, deal, and action texts."""

    dealer: int
    deal: Deal
    actions: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    #: the stock's order, top first, each time it was rebuilt by shuffling the pile
    reshuffles: list[list[Card]] = field(default_factory=list)
    #: the seats of the players dealt in, clockwise (all of them unless tied leaders
    #: play on alone, [game.ties]); ``deal.hands`` is in this order
    seats: tuple[int, ...] = ()


@dataclass
class Record:
    """A parsed record: valid rules, players and deals (actions not yet checked)."""

    rules: Rules
    players: list[str]
    hands: list[HandRecord]
    extra: dict[str, Any] = field(default_factory=dict)
    #: the game's seed: the record's ``seed`` where rummykit can use it, else 0
    seed: int | str = 0


def _cards(value: Any, where: str, rule: str = "record.deal") -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError(rule, f"{where} must be a list of cards")
    try:
        return [Card.parse(c) for c in value]
    except NotationError as e:
        raise RecordError(rule, f"{where}: {e.message}") from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(
            "record.json",
            f"a number of {len(text.lstrip('-'))} digits is too long (at most {MAX_DIGITS})",
        )
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e999: JSON, but no number a record could be written with again
        raise RecordError("record.json", f"the number {text[:40]} is too large to keep")
    return value


def _place(text: str, pos: int) -> str:
    r"""Where ``pos`` is in ``text``, as "line L, column C", lines ended by LF, CRLF or CR.

    >>> _place('{"a": 1,\r  x}', 11)
    'line 2, column 3'
    """
    lines = text[:pos].replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return f"line {len(lines)}, column {len(lines[-1]) + 1}"


def _parse_constant(text: str) -> Any:
    raise RecordError("record.json", f"not JSON: {text} is not a JSON number")


def _check_depth(value: Any) -> None:
    """Raises ``record.json`` when lists and objects nest deeper than :data:`MAX_DEPTH`."""
    todo: list[tuple[Any, int]] = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise RecordError(
                "record.json", f"lists and objects nest more than {MAX_DEPTH} levels deep"
            )
        todo.extend((child, depth + 1) for child in children)


def read_file(name: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the record file ``name`` (``"-"``: standard input), reading no more
    than ``limit`` and one: more is refused with :class:`RecordError` ``record.json``
    (``/dev/zero`` or a file that is no record would fill the memory). Raises
    ``OSError`` as ``open`` does, and for an empty name (``Path("")`` is the folder)."""
    if str(name) == "-":
        data = sys.stdin.buffer.read(limit + 1)
    elif not str(name):
        raise FileNotFoundError(errno.ENOENT, "no file name given", "")
    else:
        with open(name, "rb") as f:
            data = f.read(limit + 1)
    if len(data) > limit:
        raise RecordError(
            "record.json", f"{name} holds more than {limit // 2**20} MiB: no record is as long"
        )
    return data


def read_json(text: str | bytes) -> Any:
    """Parses the JSON text of a record (bytes must be UTF-8), refusing hostile input.

    Raises :class:`RecordError` ``record.json`` for text that is not JSON, bytes that are
    not UTF-8, ``NaN``, ``Infinity`` or a number too large for a float (``1e999``), whole
    numbers over :data:`MAX_DIGITS` digits, and nesting deeper than :data:`MAX_DEPTH`.
    Use it wherever a record file is read.

    >>> read_json('{"rules": "rummy"}')
    {'rules': 'rummy'}
    >>> read_json("   ")
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: not JSON: the text is empty
    >>> read_json("[" * 100000)
    Traceback (most recent call last):
    ...
    rummykit.errors.RecordError: not JSON: lists and objects nest too deeply
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(
                "record.json",
                f"not UTF-8 text: byte 0x{e.object[e.start]:02x} at position {e.start}",
            ) from None
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise RecordError("record.json", "not JSON: the text is empty")
    try:
        doc = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
        )
    except json.JSONDecodeError as e:
        raise RecordError("record.json", f"not JSON: {e.msg} at {_place(text, e.pos)}") from None
    except RecursionError:
        raise RecordError("record.json", "not JSON: lists and objects nest too deeply") from None
    except ValueError as e:  # e.g. a float literal the interpreter cannot read
        raise RecordError("record.json", f"not JSON: {e}") from None
    _check_depth(doc)
    return doc


def _usable_seed(doc: Mapping[str, Any]) -> int | str:
    """The record's ``seed`` where a game can use it, else 0, as when there is none.

    NOTATION.md keeps and ignores a record's further keys, ``seed`` among them: one that
    is no seed rummykit can use (null, a fraction, a list, more than 256 bits) is kept
    with the other keys and refuses nothing. rummykit uses the seed only to deal a hand
    after the record's last and to draw a reshuffle a record written before rummykit 0.2
    does not give; every seed it writes is usable.
    """
    seed = doc.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return 0
    try:
        check_seed(seed)
    except RulesError:
        return 0
    return seed


def parse_record(doc: str | bytes | Mapping[str, Any]) -> Record:
    """Reads and validates a record (JSON text or an already parsed object).

    Raises :class:`RecordError` (``record.json``, ``record.rules``, ``record.players``,
    ``record.deal``, ``record.pack``, ``record.hands``) naming what is
    wrong; never another exception, whatever the document holds.
    """
    if isinstance(doc, (str, bytes, bytearray)):
        doc = read_json(doc)
    elif isinstance(doc, Mapping):
        _check_depth(doc)
    if not isinstance(doc, Mapping):
        raise RecordError("record.json", "a record is a JSON object")
    # what `rummykit tournament --record` writes: said before its rules or players are
    # read, for a tournament seats more players (8 by default) than a game does
    if "hands" not in doc and "rounds" in doc:
        raise RecordError(
            "record.hands",
            "this is a tournament record, not a game's: replay it with "
            "rummykit tournament --replay",
        )
    if "rules" not in doc:
        raise RecordError("record.rules", 'the record names no rules ("rules": "500-rum")')
    try:
        rules = Rules.from_record(doc["rules"], doc.get("options"))
    except RulesError as e:
        raise RecordError("record.rules", e.message) from None
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("record.players", '"players" must be a list of names')
    try:
        check_names(players)
    except RulesError as e:
        raise RecordError("record.players", f'"players": {e.message}') from None
    try:
        rules.check_players(len(players))
    except RulesError as e:
        rule = "record.players" if e.option == "players" else "record.rules"
        raise RecordError(rule, e.message) from None
    if "hands" not in doc:
        raise RecordError("record.hands", '"hands" is missing (a game not yet dealt has [])')
    raw_hands = doc["hands"]
    if not isinstance(raw_hands, list):
        raise RecordError("record.hands", '"hands" must be a list')
    hands = [_parse_hand(h, i + 1, players, rules) for i, h in enumerate(raw_hands)]
    for i, raw in enumerate(raw_hands[:-1], start=1):  # (every one a Mapping by now)
        if "actions" not in raw:  # as if empty: it would not have ended
            raise RecordError(
                "record.hands", f'hand {i} has no "actions": only the last hand may be unfinished'
            )
    extra = {k: v for k, v in doc.items() if k not in RECORD_KEYS}
    return Record(rules, list(players), hands, extra, _usable_seed(doc))


def _parse_hand(raw: Any, number: int, players: list[str], rules: Rules) -> HandRecord:
    where = f"hand {number}"
    if not isinstance(raw, Mapping):
        raise RecordError("record.hands", f"{where} is not an object")
    dealer = raw.get("dealer")
    if dealer not in players:
        raise RecordError(
            "record.deal", f"{where}: the dealer must be one of the players, not {quote(dealer)}"
        )
    deal = raw.get("deal")
    if not isinstance(deal, Mapping):
        raise RecordError("record.deal", f"{where} has no deal")
    by_name = deal.get("hands")
    if not isinstance(by_name, Mapping) or not by_name:
        raise RecordError("record.deal", f"{where}: the deal must hold a hand for each player")
    strangers = [quote(p) for p in by_name if p not in players]
    if strangers:
        raise RecordError(
            "record.deal",
            f"{where}: the deal holds a hand for {', '.join(strangers)}, not a player",
        )
    # a hand dealt to some players only (tied leaders playing on, [game.ties])
    seats = tuple(s for s, p in enumerate(players) if p in by_name)
    if len(seats) < len(players) and rules.ties is not Ties.LEADERS_PLAY_ON:
        missing = ", ".join(quote(p) for p in players if p not in by_name)
        raise RecordError("record.deal", f"{where}: the deal holds no hand for {missing}")
    if dealer not in by_name:
        raise RecordError(
            "record.deal", f"{where}: the dealer {quote(dealer)} is not dealt in to this hand"
        )
    upcard = (
        _cards([deal.get("upcard")], f"{where} upcard")[0]
        if isinstance(deal.get("upcard"), str)
        else None
    )
    if upcard is None:
        raise RecordError("record.deal", f"{where}: the deal has no upcard")
    dealt = [players[s] for s in seats]
    the_deal = Deal(
        hands=tuple(tuple(_cards(by_name[p], f"{where} hand of {p}")) for p in dealt),
        upcard=upcard,
        stock=tuple(_cards(deal.get("stock", []), f"{where} stock")),
    )
    seat = players.index(dealer)
    try:
        rules.check_players(len(dealt))
    except RulesError as e:
        raise RecordError("record.deal", f"{where}: {e.message}") from None
    try:
        the_deal.check(rules, dealt.index(dealer), dealt)
    except RecordError as e:
        raise RecordError(e.rule, f"{where}: {e.message}") from None
    actions = raw.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record.hands", f'{where}: "actions" must be a list of texts')
    raw_shuffles = raw.get("reshuffles", [])
    if not isinstance(raw_shuffles, list):
        raise RecordError("record.reshuffle", f'{where}: "reshuffles" must be a list of stocks')
    reshuffles = [
        _cards(order, f"{where} reshuffle {i + 1}", "record.reshuffle")
        for i, order in enumerate(raw_shuffles)
    ]
    extra = {k: v for k, v in raw.items() if k not in HAND_KEYS}
    return HandRecord(seat, the_deal, list(actions), extra, reshuffles, seats)


@dataclass
class ReplayResult:
    """The outcome of a replay: the game as far as it went and the first error, if any."""

    game: Game | None
    error: dict[str, Any] | None
    status: int  # 0 all legal, 1 an illegal action, 2 not a valid record

    def to_json(self) -> dict[str, Any]:
        """The object ``rummykit replay --json`` prints (NOTATION.md)."""
        if self.error is not None:
            return {"ok": False, "error": self.error}
        assert self.game is not None
        return game_summary(self.game)


def game_summary(game: Game) -> dict[str, Any]:
    """``{"ok": true, "hands": [...], "totals": {...}, "winner": ..., "winners": [...]}``
    for a game, and ``"settlement"`` when the option is on (NOTATION.md). A hand's
    ``scores`` name only the players dealt in to it.

    >>> from rummykit import Game, Rules
    >>> summary = game_summary(Game(Rules.preset("remik-single"), ["Ana", "Ben"], seed=1))
    >>> summary["hands"], summary["winners"], summary["settlement"]
    ([{'ended_by': None, 'out': None, 'scores': None}], [], {'Ana': 0, 'Ben': 0})
    """
    names = game.players
    hands: list[dict[str, Any]] = []
    for i, seats in enumerate(game.seatings):
        if i < len(game.results):
            r = game.results[i]
            hands.append(
                {
                    "ended_by": r.ended_by.value,
                    "out": names[r.out] if r.out is not None else None,
                    "scores": {names[s]: r.scores[s] for s in seats},
                }
            )
        else:
            hands.append({"ended_by": None, "out": None, "scores": None})
    out: dict[str, Any] = {
        "ok": True,
        "hands": hands,
        "totals": dict(zip(names, game.totals, strict=True)),
        "winner": names[game.winner] if game.winner is not None else None,
        "winners": [names[w] for w in game.winners],
    }
    settle = game.settlement()
    if settle is not None:
        out["settlement"] = dict(zip(names, settle, strict=True))
    return out


def replay(doc: str | bytes | Mapping[str, Any]) -> ReplayResult:
    """Replays a record, checking every action; stops at the first illegal one."""
    try:
        record = parse_record(doc)
        game = Game(
            record.rules,
            record.players,
            seed=record.seed,
            dealer=record.hands[0].dealer if record.hands else None,
            auto_deal=False,
        )
    except RummyError as e:
        rule = e.rule if e.rule.startswith("record.") else "record.rules"
        return ReplayResult(None, {"rule": rule, "message": e.message}, 2)
    names = record.players
    for h_index, hand_rec in enumerate(record.hands, start=1):
        if game.over:
            return _record_error(f"hand {h_index} follows the end of the game")
        if not game.awaiting_deal:
            return _record_error(f"hand {h_index} follows a hand that has not ended")
        if hand_rec.seats != game.seated:
            at_table = ", ".join(names[s] for s in game.seated)
            return _record_error(
                f"hand {h_index} must be dealt to the players at the table: {at_table} (game.ties)",
                "record.deal",
            )
        if hand_rec.dealer != game.next_dealer:
            return _record_error(
                f"hand {h_index}: the deal passes to the left, so {names[game.next_dealer]} "
                "deals (deal.rotation)",
                "record.deal",
            )
        try:
            game.start_hand(hand_rec.deal, reshuffles=hand_rec.reshuffles)
        except RummyError as e:
            return ReplayResult(None, {"rule": e.rule, "message": e.message}, 2)
        for index, text in enumerate(hand_rec.actions):
            try:
                name, action = parse_player_action(text)
                if name not in names:
                    raise NotationError(f"no player is called {quote(name)}")
                if game.hand.is_over:
                    over = game.hand.over_refusal()
                    raise IllegalAction(over.rule, f"hand {h_index}: {over.message}")
                game.apply(action, names.index(name))
            except RecordError as e:
                # the record's own data at fault (a reshuffle's order): not a valid record,
                # answered as every status-2 error is, with the rule and the message only
                return ReplayResult(game, {"rule": e.rule, "message": e.message}, 2)
            except RummyError as e:
                err = {
                    "hand": h_index,
                    "index": index,
                    "action": text,
                    "rule": e.rule,
                    "message": e.message,
                }
                return ReplayResult(game, err, 1)
        unused = _unused_reshuffles(h_index, len(hand_rec.reshuffles), len(game.hand.shuffles))
        if unused is not None:
            return _record_error(unused, "record.reshuffle")
    return ReplayResult(game, None, 0)


def _unused_reshuffles(number: int, written: int, used: int) -> str | None:
    """Why hand ``number``'s ``reshuffles`` (``written`` entries) hold more stocks than
    the ``used`` times its actions reshuffled the stock, or None. An entry is the outcome
    of a reshuffle that happened (NOTATION.md); one that no reshuffle used is chance the
    record claims and the game never drew, so the record is refused rather than the entry
    dropped (it would be lost when the record is written again)."""
    if written <= used:
        return None
    times = {1: "once", 2: "twice"}.get(used, f"{used} times")
    done = "never reshuffled the stock" if used == 0 else f"reshuffled the stock {times}"
    stocks = f"{written} stock{'s' if written > 1 else ''}"
    return (
        f'hand {number}: "reshuffles" holds {stocks}, but its actions {done}: '
        f"reshuffle {used + 1} is never used (an entry is the order a reshuffle that "
        "happened gave the stock)"
    )


def _record_error(message: str, rule: str = "record.hands") -> ReplayResult:
    return ReplayResult(None, {"rule": rule, "message": message}, 2)


def load_game(doc: str | bytes | Mapping[str, Any]) -> Game:
    """The game a record holds, ready to continue (raises the first error it finds)."""
    result = replay(doc)
    if result.error is not None:
        err = result.error
        where = (
            f"hand {err['hand']}, action {err['index'] + 1} ({quote(err['action'])}): "
            if "hand" in err
            else ""
        )
        cls = RecordError if result.status == 2 else IllegalAction
        raise cls(err["rule"], where + err["message"])
    assert result.game is not None
    game = result.game
    game.auto_deal = True
    if game.awaiting_deal and not game.over:
        game.start_hand()
    return game


def write_record(game: Game, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game, finished or in progress, as a JSON-ready object."""
    names = game.players
    doc: dict[str, Any] = {"rules": game.rules.name}
    options = game.rules.changed_options()
    if options:
        doc["options"] = options
    doc["players"] = list(names)
    doc["seed"] = game.seed
    hands = []
    for (dealer, deal), hand, seats in zip(game.deals, game.hands, game.seatings, strict=True):
        written: dict[str, Any] = {
            "dealer": names[dealer],
            "deal": {
                "hands": {names[s]: [str(c) for c in deal.hands[i]] for i, s in enumerate(seats)},
                "upcard": str(deal.upcard),
                "stock": [str(c) for c in deal.stock],
            },
            "actions": [
                f"{hand.names[s]}: {a}" for s, a in hand.history if not isinstance(a, Pass)
            ],
        }
        if hand.shuffles:  # chance made visible: the order each reshuffle gave the stock
            written["reshuffles"] = [[str(CARDS[c]) for c in order] for order in hand.shuffles]
        hands.append(written)
    doc["hands"] = hands
    if extra:
        doc.update(extra)
    return doc
