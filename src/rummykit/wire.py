"""Views and events as JSON: the wire form a game server sends to its clients.

:func:`view_to_json` writes a :class:`~rummykit.view.PlayerView` and :func:`event_to_json`
an :class:`~rummykit.events.Event` as plain JSON documents (dicts of str, int, bool,
None and lists), and :func:`view_from_json` / :func:`event_from_json` read them back.
Cards, melds and actions are written in the project's notation (``"7H"``, ``"JK=8H"``,
``"take 2"``), seats as numbers (``null`` where there is none), enums by their value.
Each document carries ``"version": 1``. ``docs/wire.md`` describes every field, and the
JSON Schemas in ``rummykit/schemas/`` (see :func:`load_schema`) describe the documents.

A document holds only what its seat may know: a view is already stripped by the
engine, and an event is passed through :meth:`Event.for_seat` before it is written.

>>> import json
>>> from rummykit import Card, Draw, Game, Rules
>>> from rummykit.events import Event
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
>>> doc = view_to_json(game.view(0))
>>> doc["version"], doc["seat"], doc["players"], len(doc["hand"]), doc["stock_size"]
(1, 0, ['Ana', 'Ben'], 13, 27)
>>> view_from_json(json.loads(json.dumps(doc))) == game.view(0)
True
>>> event = Event(hand=1, seat=1, action=Draw(), drawn=Card.parse("7H"))
>>> event_to_json(event, 1)["drawn"], event_to_json(event, 0)["drawn"]
('7H', None)
>>> view_from_json({"version": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rummykit.wire.WireError: seat: missing
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, NoReturn, TypeVar

from rummykit import Phase, TurnState
from rummykit.actions import Action, Draw, parse_action
from rummykit.cards import CARDS, JOKER_CODE, RANK_OF, SUIT_OF, Card, code_of
from rummykit.errors import NotationError, RecordError, RulesError
from rummykit.events import Event, HandEnd, HandResult
from rummykit.melds import TableMeld, card_text, rank_at
from rummykit.rules import OPTION_KEYS, PRESETS, Rules, StockExhausted
from rummykit.view import MeldView, PlayerView

__all__ = [
    "VERSION",
    "WireError",
    "event_from_json",
    "event_to_json",
    "load_schema",
    "view_from_json",
    "view_to_json",
]

#: The version of the wire form that this module writes and reads.
VERSION = 1

_T = TypeVar("_T")
_CARD = re.compile(r"(?:[A2-9TJQK][CDHS]|JK)\Z")
_RANKS = "A23456789TJQK"

_VIEW_KEYS = (
    "version", "seat", "players", "rules", "hand_number", "dealer", "phase", "to_act",
    "turn", "hand", "hand_sizes", "known", "stock_size", "pile", "melds", "totals", "log",
    "must_meld", "took", "melds_made", "has_melded", "played", "stock_reuses",
    "call_order", "legal_actions", "game_over", "winner", "turn_state",
)  # fmt: skip
_TURN_KEYS = (
    "target", "pending", "pending_rule", "same_card", "played_at_start", "window",
    "window_next", "last_player", "call_layoff_only", "call_resume", "last_turn",
    "first_turn",
)  # fmt: skip
#: turn-state fields added within version 1: written always, read as false where missing
_TURN_ADDED = ("tabled",)
#: fields of views and events added within version 1: written always; where missing,
#: ``winners`` is read as ``[winner]``, or ``[]`` when ``winner`` is null
_ADDED = ("winners",)
#: fields of views added within version 1: written always; where missing, read as
#: nothing public (``open_stock`` empty, ``drawn_known`` an empty list for each seat)
_VIEW_ADDED = ("open_stock", "drawn_known")
#: fields of events added within version 1: written always; ``drawn_public`` read as
#: false where missing
_EVENT_ADDED = ("drawn_public",)
_EVENT_KEYS = (
    "version", "hand", "seat", "action", "drawn", "taken", "passed", "restocked",
    "call_window", "result", "game_over", "winner", "next_hand",
)  # fmt: skip


class WireError(RecordError):
    """A wire document that cannot be read (rule id ``record.wire``); ``field`` is the
    path of the offending field (``"melds[0].cards[2]"``, ``""`` for the whole document).

    >>> WireError("pile[3]", "'7X' is not a card").to_json()
    {'rule': 'record.wire', 'message': "pile[3]: '7X' is not a card"}
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__("record.wire", f"{field}: {message}" if field else message)
        self.field = field


def load_schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a wire document: ``"player-view"`` or ``"event"``.

    >>> load_schema("event")["title"]
    'rummykit event, wire form version 1'
    """
    if name not in ("player-view", "event"):
        raise ValueError(f"no schema {name!r}; schemas are player-view, event")
    path = resources.files("rummykit").joinpath("schemas").joinpath(f"{name}.schema.json")
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


# --------------------------------------------------------------------- writing
def _cards(cards: Sequence[int]) -> list[str]:
    return [str(CARDS[c]) for c in cards]


def _code(code: int) -> str | None:
    return str(CARDS[code]) if code >= 0 else None


def _seat(seat: int) -> int | None:
    return seat if seat >= 0 else None


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The wire form of a view (a JSON-ready dict; see ``docs/wire.md``)."""
    ts = view.turn_state
    return {
        "version": VERSION,
        "seat": view.seat,
        "players": list(view.players),
        "rules": {"preset": view.rules.name, "options": view.rules.options()},
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "phase": view.phase.value,
        "to_act": _seat(view.to_act),
        "turn": view.turn,
        "hand": None if view.hand is None else _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "known": [_cards(k) for k in view.known],
        "stock_size": view.stock_size,
        "pile": _cards(view.pile),
        "melds": [
            {
                "number": m.number,
                "kind": m.kind,
                "cards": list(m.cards),
                "laid_by": list(m.meld.owners),
            }
            for m in view.melds
        ],
        "totals": list(view.totals),
        "log": [{"seat": seat, "action": text} for seat, text in view.log],
        "must_meld": None if view.must_meld is None else str(view.must_meld),
        "took": view.took,
        "melds_made": view.melds_made,
        "has_melded": list(view.has_melded),
        "played": list(view.played),
        "stock_reuses": view.stock_reuses,
        "call_order": list(view.call_order),
        "legal_actions": [str(a) for a in view.legal_actions],
        "game_over": view.game_over,
        "winner": view.winner,
        "winners": list(view.winners),
        "open_stock": _cards(view.open_stock),
        # one list a seat (a view built with the field's default holds none)
        "drawn_known": [_cards(d) for d in view.drawn_known] or [[] for _ in view.players],
        "turn_state": {
            "target": _code(ts.target),
            "pending": ts.pending,
            "pending_rule": ts.pending_rule or None,
            "same_card": _code(ts.same_card),
            "played_at_start": ts.played_at_start,
            "window": list(ts.window),
            "window_next": _seat(ts.window_next),
            "last_player": _seat(ts.last_player),
            "call_layoff_only": ts.call_layoff_only,
            "call_resume": _seat(ts.call_resume),
            "last_turn": ts.last_turn,
            "first_turn": ts.first_turn,
            "tabled": ts.tabled,
        },
    }


def event_to_json(event: Event, seat: int | None) -> dict[str, Any]:
    """The wire form of ``event`` as ``seat`` may know it (None: a spectator).

    The event is passed through :meth:`Event.for_seat` first: the drawn card is written
    only for the seat that drew it (for everybody when it came from a turned-over stock,
    ``drawn_public``), and a reshuffled stock's order never.
    """
    e = event.for_seat(seat)
    result = e.result
    return {
        "version": VERSION,
        "hand": e.hand,
        "seat": e.seat,
        "action": str(e.action),
        "drawn": None if e.drawn is None else str(e.drawn),
        "taken": _cards(e.taken),
        "passed": list(e.passed),
        "restocked": e.restocked,
        "call_window": list(e.call_window),
        "result": None
        if result is None
        else {"ended_by": result.ended_by.value, "out": result.out, "scores": list(result.scores)},
        "game_over": e.game_over,
        "winner": e.winner,
        # an event made with winner alone (as before winners existed) has that winner
        "winners": list(e.winners or (() if e.winner is None else (e.winner,))),
        "next_hand": e.next_hand,
        "drawn_public": e.drawn_public,
    }


# --------------------------------------------------------------------- reading
def _fail(path: str, message: str) -> NoReturn:
    raise WireError(path, message)


def _obj(
    value: object, path: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    """``value`` as an object with exactly ``keys``, and any of ``optional``."""
    if not isinstance(value, dict):
        _fail(path, f"must be an object, not {type(value).__name__}")
    prefix = f"{path}." if path else ""
    for key in keys:
        if key not in value:
            _fail(prefix + key, "missing")
    for key in value:
        if key not in keys and key not in optional:
            _fail(prefix + str(key), "is not a field of this document")
    return value


def _int(value: object, path: str, low: int | None = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        _fail(path, f"must be at least {low}, not {value}")
    return value


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, f"must be true or false, not {value!r}")
    return value


def _str(value: object, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, f"must be a string, not {value!r}")
    return value


def _list(value: object, path: str, item: Callable[[object, str], _T]) -> tuple[_T, ...]:
    if not isinstance(value, list):
        _fail(path, f"must be a list, not {type(value).__name__}")
    return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(value))


def _optional(value: object, path: str, item: Callable[[object, str], _T]) -> _T | None:
    return None if value is None else item(value, path)


def _card(value: object, path: str) -> Card:
    text = _str(value, path)
    if not _CARD.match(text):
        _fail(path, f"{text!r} is not a card (as 7H, TD or JK)")
    return Card.parse(text)


def _seats(n: int) -> Callable[[object, str], int]:
    def seat(value: object, path: str) -> int:
        s = _int(value, path)
        if s >= n:
            _fail(path, f"there is no seat {s} among {n} players")
        return s

    return seat


def _action(value: object, path: str) -> Action:
    text = _str(value, path)
    try:
        action = parse_action(text)
    except NotationError as e:
        raise WireError(path, e.message) from None
    if str(action) != text:  # as cards: T for ten, upper case, one space
        _fail(path, f"{text!r} is not written as the wire form writes it: {str(action)!r}")
    return action


def _rule_id(value: object, path: str) -> str:
    text = _str(value, path)
    if not text:
        _fail(path, "a rule id, or null for none")
    return text


def _enum(value: object, path: str, choices: Sequence[str]) -> str:
    text = _str(value, path)
    if text not in choices:
        _fail(path, f"{text!r} is not one of {', '.join(choices)}")
    return text


def _check_version(doc: dict[str, Any]) -> None:
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        _fail("version", f"this reader knows version {VERSION}, not {version!r}")


def _rules(value: object, path: str) -> Rules:
    d = _obj(value, path, ("preset", "options"))
    name = _enum(d["preset"], f"{path}.preset", list(PRESETS))
    options = _obj(d["options"], f"{path}.options", OPTION_KEYS)
    try:
        rules = Rules.preset(name, **options)
    except RulesError as e:
        raise WireError(f"{path}.options.{e.option}", e.message) from None
    written = rules.options()
    for key, value in options.items():  # an older record form (settlement: true) is not
        if type(value) is not type(written[key]) or value != written[key]:
            _fail(f"{path}.options.{key}", f"{value!r} is written {written[key]!r}")
    return rules


def _meld(value: object, path: str, number: int, players: Sequence[str]) -> MeldView:
    """A table meld rebuilt exactly from its kind, its cards and who laid each one."""
    d = _obj(value, path, ("number", "kind", "cards", "laid_by"))
    if _int(d["number"], f"{path}.number") != number:
        _fail(f"{path}.number", f"must be {number}, the meld's place on the table")
    is_run = _enum(d["kind"], f"{path}.kind", ("group", "run")) == "run"
    texts = _list(d["cards"], f"{path}.cards", _str)
    owners = _list(d["laid_by"], f"{path}.laid_by", _seats(len(players)))
    if not texts or len(owners) != len(texts):
        _fail(f"{path}.laid_by", "must name one seat for each card of a meld")
    # each slot as (card code or joker, the code or rank number it stands for)
    slots: list[tuple[int, int]] = []
    for i, text in enumerate(texts):
        where = f"{path}.cards[{i}]"
        if text.startswith("JK="):
            decl = text[3:]
            if is_run and _CARD.match(decl) and decl != "JK":
                slots.append((JOKER_CODE, int(Card.parse(decl))))
            elif not is_run and len(decl) == 1 and decl in _RANKS:
                slots.append((JOKER_CODE, _RANKS.index(decl) + 1))
            else:
                _fail(where, f"{text!r} is not a joker declared for a {d['kind']}")
        else:
            code = int(_card(text, where))
            if code == JOKER_CODE:
                _fail(where, "a joker on the table is written with what it stands for")
            slots.append((code, code if is_run else RANK_OF[code]))
    if is_run:
        suit, lo = SUIT_OF[slots[0][1]], RANK_OF[slots[0][1]]
        wanted = [code_of(suit, rank_at(lo + i)) for i in range(len(slots))]
        meld = TableMeld(True, suit, 0, lo, tuple(c for c, _ in slots), owners)
    else:
        wanted = [slots[0][1]] * len(slots)
        meld = TableMeld(False, -1, slots[0][1], 0, tuple(c for c, _ in slots), owners)
    if [s for _, s in slots] != wanted:
        _fail(f"{path}.cards", f"{' '.join(texts)} is not a {d['kind']}")
    return MeldView(
        number=number,
        kind="run" if is_run else "group",
        cards=tuple(card_text(meld, j) for j in range(len(texts))),
        laid_by=tuple(players[o] for o in owners),
        meld=meld,
    )


def _log_entry(n: int) -> Callable[[object, str], tuple[int, str]]:
    def entry(value: object, path: str) -> tuple[int, str]:
        d = _obj(value, path, ("seat", "action"))
        seat = _seats(n)(d["seat"], f"{path}.seat")
        _action(d["action"], f"{path}.action")
        return seat, d["action"]

    return entry


def view_from_json(doc: object) -> PlayerView:
    """Reads the wire form of a view back: ``view_from_json(view_to_json(v)) == v``.

    Raises :class:`WireError` (a :class:`~rummykit.errors.RecordError`, rule
    ``record.wire``) naming the field of a document that is not a valid view.
    """
    if not isinstance(doc, dict):
        _fail("", f"a view must be an object, not {type(doc).__name__}")
    _check_version(doc)
    d = _obj(doc, "", _VIEW_KEYS, (*_ADDED, *_VIEW_ADDED))
    players = _list(d["players"], "players", _str)
    n = len(players)
    if n == 0:
        _fail("players", "must name at least one player")
    seat, seats = _seats(n), _list_of_seats(n)

    def per_seat(key: str, item: Callable[[object, str], _T]) -> tuple[_T, ...]:
        values = _list(d[key], key, item)
        if len(values) != n:
            _fail(key, f"must hold one entry for each of the {n} players")
        return values

    ts = _obj(d["turn_state"], "turn_state", _TURN_KEYS, _TURN_ADDED)
    phase = Phase(_enum(d["phase"], "phase", [p.value for p in Phase]))
    turn, took = seat(d["turn"], "turn"), _int(d["took"], "took")
    melds_made, reuses = (
        _int(d["melds_made"], "melds_made"),
        _int(d["stock_reuses"], "stock_reuses"),
    )
    has_melded, played = per_seat("has_melded", _bool), per_seat("played", _bool)
    target = _optional(ts["target"], "turn_state.target", _card)
    same = _optional(ts["same_card"], "turn_state.same_card", _card)
    turn_state = TurnState(
        turn=turn,
        phase=phase,
        took=took,
        target=-1 if target is None else int(target),
        pending=_bool(ts["pending"], "turn_state.pending"),
        pending_rule=_optional(ts["pending_rule"], "turn_state.pending_rule", _rule_id) or "",
        same_card=-1 if same is None else int(same),
        melds_made=melds_made,
        has_melded=has_melded,
        played=played,
        played_at_start=_bool(ts["played_at_start"], "turn_state.played_at_start"),
        window=seats(ts["window"], "turn_state.window"),
        window_next=_none_is(-1, _optional(ts["window_next"], "turn_state.window_next", seat)),
        last_player=_none_is(-1, _optional(ts["last_player"], "turn_state.last_player", seat)),
        call_layoff_only=_bool(ts["call_layoff_only"], "turn_state.call_layoff_only"),
        call_resume=_none_is(-1, _optional(ts["call_resume"], "turn_state.call_resume", seat)),
        reuse=reuses,
        last_turn=_bool(ts["last_turn"], "turn_state.last_turn"),
        first_turn=_bool(ts["first_turn"], "turn_state.first_turn"),
        tabled=_bool(ts.get("tabled", False), "turn_state.tabled"),
    )
    melds = _list(d["melds"], "melds", lambda v, p: v)
    rules = _rules(d["rules"], "rules")
    stock_size = _int(d["stock_size"], "stock_size")
    open_stock = _open_stock(d, rules, reuses, stock_size)
    drawn_known = per_seat("drawn_known", _card_list) if "drawn_known" in d else ((),) * n
    if any(drawn_known) and not (reuses and _turned_over(rules)):
        _fail("drawn_known", "must be empty lists until the pile is turned over (turn-over)")
    game_over = _bool(d["game_over"], "game_over")
    winner = _optional(d["winner"], "winner", seat)
    return PlayerView(
        seat=_optional(d["seat"], "seat", seat),
        players=players,
        rules=rules,
        hand_number=_int(d["hand_number"], "hand_number", 1),
        dealer=seat(d["dealer"], "dealer"),
        phase=phase,
        to_act=_none_is(-1, _optional(d["to_act"], "to_act", seat)),
        turn=turn,
        hand=_optional(d["hand"], "hand", _card_list),
        hand_sizes=per_seat("hand_sizes", _int),
        known=per_seat("known", _card_list),
        stock_size=stock_size,
        pile=_card_list(d["pile"], "pile"),
        melds=tuple(_meld(m, f"melds[{i}]", i + 1, players) for i, m in enumerate(melds)),
        totals=per_seat("totals", lambda v, p: _int(v, p, None)),
        log=_list(d["log"], "log", _log_entry(n)),
        must_meld=_optional(d["must_meld"], "must_meld", _card),
        took=took,
        melds_made=melds_made,
        has_melded=has_melded,
        played=played,
        stock_reuses=reuses,
        call_order=seats(d["call_order"], "call_order"),
        legal_actions=_list(d["legal_actions"], "legal_actions", _action),
        game_over=game_over,
        winner=winner,
        turn_state=turn_state,
        winners=_winners(d, game_over, winner, _list_of_seats(n)),
        open_stock=open_stock,
        drawn_known=drawn_known,
    )


def _turned_over(rules: Rules) -> bool:
    """Whether ``rules`` rebuild an empty stock by turning the pile over unshuffled."""
    return rules.stock_exhausted is StockExhausted.TURN_OVER


def _open_stock(d: dict[str, Any], rules: Rules, reuses: int, size: int) -> tuple[Card, ...]:
    """``open_stock``, checked against the rules, ``stock_reuses`` and ``stock_size``
    (empty where a document written before the field lacks it)."""
    if "open_stock" not in d:
        return ()
    order = _card_list(d["open_stock"], "open_stock")
    if order and not (_turned_over(rules) and reuses and len(order) == size):
        _fail(
            "open_stock",
            "must be empty, or, once the pile was turned over (turn-over), the whole stock "
            "(stock_size cards)",
        )
    return order


def _winners(
    d: dict[str, Any],
    game_over: bool,
    winner: int | None,
    seats: Callable[[object, str], tuple[int, ...]],
) -> tuple[int, ...]:
    """``winners``, checked against ``game_over`` and ``winner`` (read from ``winner``
    where a document written before the field lacks it)."""
    if "winners" not in d:
        return () if winner is None else (winner,)
    winners = seats(d["winners"], "winners")
    if len(set(winners)) != len(winners):
        _fail("winners", "names a seat twice")
    if bool(winners) != game_over:
        _fail("winners", "names the winners once the game is over, and nobody before")
    if (winner is None) != (len(winners) != 1) or (winner is not None and winners != (winner,)):
        _fail("winners", "holds the winner alone, or every seat of a shared win")
    return winners


def _none_is(default: int, value: int | None) -> int:
    return default if value is None else value


def _card_list(value: object, path: str) -> tuple[Card, ...]:
    return _list(value, path, _card)


def _list_of_seats(n: int) -> Callable[[object, str], tuple[int, ...]]:
    return lambda value, path: _list(value, path, _seats(n))


def _any_seat(value: object, path: str) -> int:
    return _int(value, path)


def event_from_json(doc: object) -> Event:
    """Reads the wire form of an event back, as the seat it was written for knows it:
    ``event_from_json(event_to_json(e, s)) == e.for_seat(s)``.

    Raises :class:`WireError` (rule ``record.wire``) naming the offending field.
    """
    if not isinstance(doc, dict):
        _fail("", f"an event must be an object, not {type(doc).__name__}")
    _check_version(doc)
    d = _obj(doc, "", _EVENT_KEYS, (*_ADDED, *_EVENT_ADDED))
    result: HandResult | None = None
    if d["result"] is not None:
        r = _obj(d["result"], "result", ("ended_by", "out", "scores"))
        ended_by = HandEnd(_enum(r["ended_by"], "result.ended_by", [e.value for e in HandEnd]))
        out = _optional(r["out"], "result.out", _any_seat)
        if (out is None) != (ended_by is HandEnd.STOCK):
            _fail("result.out", "names the seat that went out, and is null when the stock ended")
        scores = _list(r["scores"], "result.scores", lambda v, p: _int(v, p, None))
        result = HandResult(ended_by, out, scores)
    game_over = _bool(d["game_over"], "game_over")
    winner = _optional(d["winner"], "winner", _any_seat)
    action = _action(d["action"], "action")
    drawn = _optional(d["drawn"], "drawn", _card)
    drawn_public = _bool(d.get("drawn_public", False), "drawn_public")
    if drawn_public and (drawn is None or not isinstance(action, Draw)):
        _fail("drawn_public", "is true only for a draw that names the card drawn")
    return Event(
        hand=_int(d["hand"], "hand", 1),
        seat=_any_seat(d["seat"], "seat"),
        action=action,
        drawn=drawn,
        taken=_card_list(d["taken"], "taken"),
        passed=_list(d["passed"], "passed", _any_seat),
        restocked=_bool(d["restocked"], "restocked"),
        call_window=_list(d["call_window"], "call_window", _any_seat),
        result=result,
        game_over=game_over,
        winner=winner,
        next_hand=_optional(d["next_hand"], "next_hand", lambda v, p: _int(v, p, 1)),
        winners=_winners(d, game_over, winner, lambda v, p: _list(v, p, _any_seat)),
        drawn_public=drawn_public,
    )
