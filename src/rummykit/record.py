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

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rummykit.actions import Pass, parse_player_action
from rummykit.cards import Card
from rummykit.errors import IllegalAction, NotationError, RecordError, RulesError, RummyError
from rummykit.game import Game
from rummykit.hand import Deal
from rummykit.rules import Rules

__all__ = ["ReplayResult", "load_game", "parse_record", "replay", "write_record"]

_KNOWN_KEYS = ("rules", "options", "players", "hands")


@dataclass
class HandRecord:
    """One hand of a record: dealer seat, deal, and action texts."""

    dealer: int
    deal: Deal
    actions: list[str]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Record:
    """A parsed record: valid rules, players and deals (actions not yet checked)."""

    rules: Rules
    players: list[str]
    hands: list[HandRecord]
    extra: dict[str, Any] = field(default_factory=dict)


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise RecordError("record.deal", f"{where} must be a list of cards")
    try:
        return [Card.parse(c) for c in value]
    except NotationError as e:
        raise RecordError("record.deal", f"{where}: {e.message}") from None


def parse_record(doc: str | bytes | Mapping[str, Any]) -> Record:
    """Reads and validates a record (JSON text or an already parsed object).

    Raises :class:`RecordError` (``record.json``, ``record.rules``, ``record.players``,
    ``record.deal``, ``record.pack``, ``record.hands``) naming what is wrong.
    """
    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as e:
            raise RecordError("record.json", f"not JSON: {e.msg} at line {e.lineno}") from None
    if not isinstance(doc, Mapping):
        raise RecordError("record.json", "a record is a JSON object")
    if "rules" not in doc:
        raise RecordError("record.rules", 'the record names no rules ("rules": "500-rum")')
    try:
        rules = Rules.from_record(doc["rules"], doc.get("options"))
    except RulesError as e:
        raise RecordError("record.rules", e.message) from None
    players = doc.get("players")
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) and p.strip() and ":" not in p for p in players)
        or len(set(players)) != len(players)
    ):
        raise RecordError(
            "record.players", "\"players\" must be a list of distinct names (without ':')"
        )
    try:
        rules.check_players(len(players))
    except RulesError as e:
        rule = "record.players" if e.option == "players" else "record.rules"
        raise RecordError(rule, e.message) from None
    raw_hands = doc.get("hands", [])
    if not isinstance(raw_hands, list):
        raise RecordError("record.hands", '"hands" must be a list')
    hands = [_parse_hand(h, i + 1, players, rules) for i, h in enumerate(raw_hands)]
    extra = {k: v for k, v in doc.items() if k not in _KNOWN_KEYS}
    return Record(rules, list(players), hands, extra)


def _parse_hand(raw: Any, number: int, players: list[str], rules: Rules) -> HandRecord:
    where = f"hand {number}"
    if not isinstance(raw, Mapping):
        raise RecordError("record.hands", f"{where} is not an object")
    dealer = raw.get("dealer")
    if dealer not in players:
        raise RecordError("record.deal", f"{where}: the dealer {dealer!r} is not a player")
    deal = raw.get("deal")
    if not isinstance(deal, Mapping):
        raise RecordError("record.deal", f"{where} has no deal")
    by_name = deal.get("hands")
    if not isinstance(by_name, Mapping) or set(by_name) != set(players):
        raise RecordError("record.deal", f"{where}: the deal must hold a hand for each player")
    upcard = (
        _cards([deal.get("upcard")], f"{where} upcard")[0]
        if isinstance(deal.get("upcard"), str)
        else None
    )
    if upcard is None:
        raise RecordError("record.deal", f"{where}: the deal has no upcard")
    the_deal = Deal(
        hands=tuple(tuple(_cards(by_name[p], f"{where} hand of {p}")) for p in players),
        upcard=upcard,
        stock=tuple(_cards(deal.get("stock", []), f"{where} stock")),
    )
    seat = players.index(dealer)
    the_deal.check(rules, seat)
    actions = raw.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record.hands", f'{where}: "actions" must be a list of texts')
    extra = {k: v for k, v in raw.items() if k not in ("dealer", "deal", "actions")}
    return HandRecord(seat, the_deal, list(actions), extra)


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
    """``{"ok": true, "hands": [...], "totals": {...}, "winner": ...}`` for a game."""
    names = game.players
    hands: list[dict[str, Any]] = []
    for i, _ in enumerate(game.hands):
        if i < len(game.results):
            r = game.results[i]
            hands.append(
                {
                    "ended_by": r.ended_by,
                    "out": names[r.out] if r.out >= 0 else None,
                    "scores": dict(zip(names, r.scores, strict=True)),
                }
            )
        else:
            hands.append({"ended_by": None, "out": None, "scores": None})
    out: dict[str, Any] = {
        "ok": True,
        "hands": hands,
        "totals": dict(zip(names, game.totals, strict=True)),
        "winner": names[game.winner] if game.winner is not None else None,
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
            seed=record.extra.get("seed", 0),
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
        if hand_rec.dealer != game.next_dealer:
            return _record_error(
                f"hand {h_index}: the deal passes to the left, so {names[game.next_dealer]} "
                "deals (deal.rotation)",
                "record.deal",
            )
        try:
            game.start_hand(hand_rec.deal)
        except RummyError as e:
            return ReplayResult(None, {"rule": e.rule, "message": e.message}, 2)
        for index, text in enumerate(hand_rec.actions):
            try:
                name, action = parse_player_action(text)
                if name not in names:
                    raise NotationError(f"no player is called {name!r}")
                if game.hand.is_over:
                    raise IllegalAction(
                        "end.out", f"hand {h_index} is over: nothing more can be played"
                    )
                game.apply(action, names.index(name))
            except RummyError as e:
                err = {
                    "hand": h_index,
                    "index": index,
                    "action": text,
                    "rule": e.rule,
                    "message": e.message,
                }
                return ReplayResult(game, err, 1)
    return ReplayResult(game, None, 0)


def _record_error(message: str, rule: str = "record.hands") -> ReplayResult:
    return ReplayResult(None, {"rule": rule, "message": message}, 2)


def load_game(doc: str | bytes | Mapping[str, Any]) -> Game:
    """The game a record holds, ready to continue (raises the first error it finds)."""
    result = replay(doc)
    if result.error is not None:
        err = result.error
        where = (
            f"hand {err['hand']}, action {err['index']} ({err['action']!r}): "
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
    for (dealer, deal), hand in zip(game.deals, game.hands, strict=True):
        hands.append(
            {
                "dealer": names[dealer],
                "deal": {
                    "hands": {names[s]: [str(c) for c in deal.hands[s]] for s in range(len(names))},
                    "upcard": str(deal.upcard),
                    "stock": [str(c) for c in deal.stock],
                },
                "actions": [f"{names[s]}: {a}" for s, a in hand.history if not isinstance(a, Pass)],
            }
        )
    doc["hands"] = hands
    if extra:
        doc.update(extra)
    return doc
