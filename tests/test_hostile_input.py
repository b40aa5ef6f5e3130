"""Hostile input: any text given to the notation parsers, and any document given as a game
record, is answered with a :class:`~rummykit.errors.RummyError` naming the rule
(``action.syntax``, ``record.*``), never with another exception."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import NotationError, RecordError, RummyError, load_game, parse_record, replay
from rummykit.actions import (
    Action,
    CallRummy,
    EndOfRun,
    JokerAs,
    LayOff,
    Meld,
    Swap,
    Take,
    parse_action,
    parse_player_action,
)
from rummykit.cards import JOKER, Card, Rank, parse_cards

ROOT = Path(__file__).resolve().parents[1]
HUGE = "9" * 5000


# ---------------------------------------------------------------- action text
@pytest.mark.parametrize(
    "text",
    [
        "take ²",
        "take ①",
        "take \uff13",  # a full-width digit
        "rummy ²",
        "layoff 7H to ①",
        "layoff 7H to ²",
        "swap 7H in ①",
        f"take {HUGE}",
        f"rummy {HUGE}",
        f"layoff 7H to {HUGE}",
        f"swap 7H in {HUGE}",
        "take 0",
        "layoff 7H to 0",
        "take 1234567",  # seven digits: no pile is that deep
        "meld",
        "meld JK=",
        "meld JK=X",
        "meld JK=7X",
        "meld JK=JK",
        "meld JK=²",
        "meld JK=①H",
        "meld JK=11",
        "meld JK=7HH",
        "layoff JK=7 to",
        "layoff to 1",
        "layoff 7H to 1 low high",
        "swap JK in 1",
        "swap JK=7H in 1",
        "discard",
        "discard 7H 8H",
        "draw 3",
        "frobnicate",
        "",
        "   ",
        "\x00",
        "take \ud800",
        "meld \ud800H",
    ],
)
def test_parse_action_refuses_with_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.rule == "action.syntax"
    assert len(info.value.message) < 200  # huge input is quoted shortly


def test_parse_action_quotes_the_offending_text() -> None:
    with pytest.raises(NotationError, match="'²'"):
        parse_action("take ²")
    with pytest.raises(NotationError, match="meld number"):
        parse_action("layoff 7H to ①")
    with pytest.raises(NotationError, match="too large"):
        parse_action(f"take {HUGE}")


def test_parse_action_still_reads_what_people_type() -> None:
    assert parse_action("take 3") == Take(count=3)
    assert parse_action("take 003") == Take(count=3)
    assert parse_action("rummy 10h") == CallRummy(card=Card.parse("TH"))
    assert parse_action("layoff 7H to 12 low") == LayOff((Card.parse("7H"),), 12, EndOfRun.LOW)
    assert parse_action("meld 9C 9D JK=10") == Meld(
        (Card.parse("9C"), Card.parse("9D"), JokerAs(rank=Rank.TEN))
    )
    assert parse_action("swap 7h IN 2") == Swap(Card.parse("7H"), 2)


@pytest.mark.parametrize("text", ["²", "①", "X", "", "7", "H7", "JK=7H", "10", HUGE, "\ud800"])
def test_card_parse_refuses_with_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)
    with pytest.raises(NotationError):
        parse_cards(f"7H {text}" if text.strip() else "7H X")


@pytest.mark.parametrize("text", ["²", "1", "11", "", "JK", "7H", HUGE])
def test_rank_parse_refuses_with_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Rank.parse(text)


@pytest.mark.parametrize("text", ["JK=", "JK=²", "JK=JK", "JK=7X", "JK7", "7H", "JK=" + HUGE])
def test_joker_parse_refuses_with_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        JokerAs.parse(text)


@pytest.mark.parametrize("value", [None, 7, ["7H"], b"7H"])
def test_parsers_refuse_what_is_not_text(value: Any) -> None:
    for parse in (parse_action, parse_player_action, Card.parse, Rank.parse, JokerAs.parse):
        with pytest.raises(NotationError):
            parse(value)


def test_actions_with_bad_fields_are_refused() -> None:
    seven = Card.parse("7H")
    bad: list[Any] = [
        lambda: Meld(()),
        lambda: LayOff((), 1),
        lambda: LayOff((seven,), 0),
        lambda: LayOff((seven,), True),
        lambda: Swap(seven, 0),
        lambda: Swap(JOKER, 1),
        lambda: Take(),
        lambda: Take(count=0),
        lambda: Take(count=2, card=seven),
        lambda: CallRummy(count=-1),
        lambda: JokerAs(card=JOKER),
        lambda: JokerAs(card=seven, rank=Rank.SEVEN),
    ]
    for make in bad:
        with pytest.raises(NotationError) as info:
            make()
        assert info.value.rule == "action.syntax"


# A strategy of valid action texts, written the ways people type them.
plain_cards = st.sampled_from(["7H", "7h", "10H", "TD", "AS", "KC", "2D", "JK"])
cards_text = plain_cards | st.sampled_from(["JK=8H", "JK=8", "jk=10s", "JK=T", "JK=10"])
numbers = st.integers(1, 120).map(str)
valid_actions = st.one_of(
    st.sampled_from(["draw", "end", "pass", "DRAW"]),
    st.builds(lambda v, a: f"{v} {a}", st.sampled_from(["take", "rummy"]), numbers | plain_cards),
    st.builds(lambda cs: "meld " + " ".join(cs), st.lists(cards_text, min_size=1, max_size=5)),
    st.builds(
        lambda cs, n, end: f"layoff {' '.join(cs)} to {n}{end}",
        st.lists(cards_text, min_size=1, max_size=3),
        numbers,
        st.sampled_from(["", " low", " HIGH"]),
    ),
    st.builds(lambda c, n: f"swap {c} in {n}", st.sampled_from(["7H", "10d", "AS"]), numbers),
    st.builds(lambda c: f"discard {c}", plain_cards),
)
odd_chars = st.sampled_from(
    ["²", "①", "\uff13", "\u0663", "0", "9", "=", " ", "\t", "\ud800", "\x00", "ß"]
)


@st.composite
def mutated_actions(draw: st.DrawFn) -> str:
    """A valid action text with a few characters inserted, replaced or deleted."""
    text = draw(valid_actions)
    for _ in range(draw(st.integers(0, 3))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.sampled_from(["insert", "replace", "delete", "huge"]))
        char = draw(odd_chars | st.characters())
        if how == "insert":
            text = text[:i] + char + text[i:]
        elif how == "replace":
            text = text[:i] + char + text[i + 1 :]
        elif how == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + HUGE + text[i:]
    return text


def _round_trips_or_refuses(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert isinstance(action, Action)
    assert parse_action(str(action)) == action


@given(valid_actions)
def test_parse_action_reads_valid_texts_that_round_trip(text: str) -> None:
    action = parse_action(text)
    assert parse_action(str(action)) == action


@given(st.text() | mutated_actions())
def test_parse_action_round_trips_or_raises_notation_error(text: str) -> None:
    _round_trips_or_refuses(text)
    _round_trips_or_refuses(text.upper())


@given(st.text(max_size=30) | mutated_actions())
def test_parse_player_action_raises_only_notation_error(text: str) -> None:
    try:
        name, action = parse_player_action("Ana: " + text)
    except NotationError:
        return
    assert name == "Ana" and parse_action(str(action)) == action


# ---------------------------------------------------------------- game records
EXAMPLE = json.loads((ROOT / "examples" / "three-players.json").read_text("utf-8"))
CASES = sorted((ROOT / "tests" / "cases").glob("*.json"))
BIG_SEED = '{"rules": "500-rum", "players": ["A", "B"], "seed": 1' + "0" * 5000 + "}"


def _refused_by_everyone(doc: Any, rule: str) -> str:
    """Checks that replay, parse_record and load_game all refuse ``doc`` with ``rule``."""
    result = replay(doc)
    assert result.status == 2
    assert result.to_json() == {"ok": False, "error": result.error}
    assert result.error is not None and result.error["rule"] == rule
    for read in (parse_record, load_game):
        with pytest.raises(RecordError) as info:
            read(doc)
        assert info.value.rule == rule
    return str(result.error["message"])


@pytest.mark.parametrize(
    ("doc", "words"),
    [
        ("[" * 100_000, "nest"),
        ('{"a": ' * 100_000, "nest"),
        ("[" * 70 + "]" * 70, "nest"),  # readable, but deeper than a record may be
        (BIG_SEED, "digits"),
        ('{"rules": "500-rum", "options": {"target": 1' + "0" * 5000 + "}}", "digits"),
        (b'{"rules": "500-rum", "players": ["A\xff"]}', "UTF-8"),
        (b"\xff\xfe{\x00}\x00", "UTF-8"),
        ('{"rules": "500-rum", "players": ["A", "B"], "seed": NaN}', "NaN"),
        ('{"rules": "500-rum", "options": {"target": Infinity}}', "Infinity"),
        # JSON, but read as infinity: a record that keeps it could not be written back
        ('{"rules": "500-rum", "players": ["A", "B"], "date": 1e999}', "too large"),
        ('{"rules": "500-rum", "players": ["A", "B"], "date": -2E+400}', "too large"),
        # where a record that is not JSON breaks off, line and column, whatever its line ends
        ('{"rules": "500-rum",\r\n "players": ["A", "B"] xx}', "line 2, column 24"),
        ('{"rules": "500-rum",\r "players": ["A", "B"] xx}', "line 2, column 24"),
        ('{"rules": "500-rum", "players": ["A", "B"] xx}', "line 1, column 44"),
        ("", "not JSON"),
        ('"a text"', "object"),
    ],
)
def test_record_json_hostile_documents(doc: str | bytes, words: str) -> None:
    assert words in _refused_by_everyone(doc, "record.json")


def test_record_json_a_utf8_byte_order_mark_is_accepted() -> None:
    text = json.dumps(EXAMPLE).encode("utf-8")
    assert replay(b"\xef\xbb\xbf" + text).status == 0
    assert replay(text).status == 0


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"players": [1, 2, 3]}, "record.players"),
        ({"players": [["Ana"], "Ben", "Caro"]}, "record.players"),
        ({"players": {"Ana": 1}}, "record.players"),
        ({"players": ["Ana", "Ben", "Ca\x1b[2Jro"]}, "record.players"),  # a terminal escape
        ({"players": ["Ana", "Ben", "\ud800"]}, "record.players"),
        ({"players": ["Ana", "Ben", " Caro"]}, "record.players"),  # the game refuses it too
        ({"players": ["Ana", "Ben", "Ca\u00a0ro"]}, "record.players"),  # not printable
        ({"rules": ["500-rum"]}, "record.rules"),
        ({"rules": {"name": "500-rum"}}, "record.rules"),
        ({"rules": None}, "record.rules"),
        ({"options": [["target", 100]]}, "record.rules"),
        ({"options": "fast"}, "record.rules"),
        ({"options": {"target": [100]}}, "record.rules"),
        ({"options": {"target": 1.5}}, "record.rules"),
        ({"options": {"ace": {"low": True}}}, "record.rules"),
        ({"options": {"ace": ["low"]}}, "record.rules"),
        ({"options": {"joker_swap": "true"}}, "record.rules"),
        ({"options": {"packs": 1.0}}, "record.rules"),
        ({"options": {"hand_size": 7.0}}, "record.rules"),
        ({"hands": {"1": []}}, "record.hands"),
        ({"hands": "none"}, "record.hands"),
        ({"hands": ["a hand"]}, "record.hands"),
        ({"hands": [[]]}, "record.hands"),
    ],
)
def test_record_wrong_json_types_are_refused(change: dict[str, Any], rule: str) -> None:
    _refused_by_everyone({**EXAMPLE, **change}, rule)


@pytest.mark.parametrize("seed", [[1], {"a": 1}, 1.5, True, None, 2**300, "\udcff"], ids=repr)
def test_record_a_seed_no_game_can_use_is_kept_and_ignored(seed: object) -> None:
    # NOTATION.md: further keys ("event", "date", "seed", ...) are kept and ignored; a
    # seed rummykit cannot use (a lone surrogate: no file can hold it) reads as none
    doc = {**EXAMPLE, "seed": seed}
    without = {k: v for k, v in EXAMPLE.items() if k != "seed"}
    result = replay(doc)
    assert result.status == 0 and result.to_json() == replay(without).to_json()
    record = parse_record(doc)
    assert record.seed == 0 and record.extra["seed"] == seed
    assert load_game(doc).seed == load_game(without).seed == 0


def test_record_without_hands_is_refused_and_a_tournament_record_is_named() -> None:
    # NOTATION.md lists "hands" ([] before the first deal); a file without it is not a
    # game's record, and one with a tournament's "rounds" says which command reads it
    missing = {k: v for k, v in EXAMPLE.items() if k != "hands"}
    assert '"hands" is missing' in _refused_by_everyone(missing, "record.hands")
    cup = {**missing, "rounds": [], "table_size": 2}
    assert "tournament --replay" in _refused_by_everyone(cup, "record.hands")
    assert replay({**missing, "hands": []}).status == 0  # a game not yet dealt


@pytest.mark.parametrize(
    ("path", "value", "rule"),
    [
        (("dealer",), ["Ana"], "record.deal"),
        (("dealer",), {"Ana": 1}, "record.deal"),
        (("deal",), [], "record.deal"),
        (("deal", "hands"), [["7H"]], "record.deal"),
        (("deal", "hands", "Ana"), "4C 3C 6C 5S JK 4H QD", "record.deal"),
        (("deal", "hands", "Ana"), {"0": "4C"}, "record.deal"),
        (("deal", "hands", "Ana"), [4, 3, 6, 5, 52, 4, 12], "record.deal"),
        (("deal", "upcard"), 3, "record.deal"),
        (("deal", "upcard"), ["4S"], "record.deal"),
        (("deal", "stock"), {"0": "AH"}, "record.deal"),
        (("deal", "stock"), "AH AD", "record.deal"),
        (("actions",), {"0": "Ben: draw"}, "record.hands"),
        (("actions",), "Ben: draw", "record.hands"),
        (("actions",), [1, 2], "record.hands"),
        (("actions",), [["Ben: draw"]], "record.hands"),
    ],
)
def test_record_wrong_json_types_in_a_hand_are_refused(
    path: tuple[str, ...], value: Any, rule: str
) -> None:
    doc = copy.deepcopy(EXAMPLE)
    where = doc["hands"][0]
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    _refused_by_everyone(doc, rule)


@pytest.mark.parametrize(
    ("action", "words"),
    [("take ²", "'²'"), ("layoff 7H to ①", "meld number"), (f"take {HUGE}", "too large")],
)
def test_record_hostile_action_texts_are_action_syntax(action: str, words: str) -> None:
    doc = copy.deepcopy(EXAMPLE)
    doc["hands"][0]["actions"] = [f"Ben: {action}"]
    result = replay(doc)
    assert result.status == 1 and result.error is not None
    assert result.error["rule"] == "action.syntax" and words in result.error["message"]
    assert len(result.error["message"]) < 200
    with pytest.raises(RummyError) as info:
        load_game(doc)
    assert info.value.rule == "action.syntax"


def test_record_options_with_keys_that_are_not_text_are_refused() -> None:
    result = replay({"rules": "500-rum", "options": {1: 2}, "players": ["A", "B"]})
    assert result.error is not None and result.error["rule"] == "record.rules"


# Values that break what a record expects: wrong types, huge or deep values, odd text.
hostile_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**120), 10**120),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["²", "①", "JK=", "Ben: take ²", "Ana: layoff 7H to ①", "\ud800", HUGE]),
    st.integers(60, 80).map(lambda n: _nested(n)),
    st.lists(st.text(max_size=4), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def _nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) into a JSON value, the value itself included."""
    found = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):  # a few cards of each list are enough
            found += _paths(v, (*prefix, i))
    return found


def _answered(doc: Any) -> None:
    """replay answers with a status and load_game raises only RummyError subclasses."""
    result = replay(doc)
    assert result.status in (0, 1, 2)
    out = result.to_json()
    assert out["ok"] is (result.status == 0)
    if result.status == 2:
        assert out["error"]["rule"].startswith("record.")
    with contextlib.suppress(RummyError):  # any other exception fails the test
        load_game(doc)


RECORDS = [EXAMPLE] + [json.loads(p.read_text("utf-8")) for p in CASES[:12]]


@given(
    st.sampled_from(RECORDS),
    st.data(),
    st.sampled_from(["replace", "delete", "insert"]),
    hostile_values,
)
def test_record_mutated_records_raise_only_rummy_errors(
    record: dict[str, Any], data: st.DataObject, how: str, value: Any
) -> None:
    doc = copy.deepcopy(record)
    path = data.draw(st.sampled_from(_paths(doc)[1:]))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "insert" and isinstance(parent, list):
        parent.insert(last, value)
    else:
        parent[last] = value
    _answered(doc)
    try:
        text = json.dumps(doc)
    except ValueError:  # a lone surrogate cannot always be written
        return
    _answered(text)


@given(st.sampled_from(RECORDS), st.data())
def test_record_mutated_bytes_raise_only_rummy_errors(
    record: dict[str, Any], data: st.DataObject
) -> None:
    raw = bytearray(json.dumps(record).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    _answered(bytes(raw))


def test_record_seed_a_game_refuses_what_its_record_could_not_hold() -> None:
    # a seed the game took would be written into its record; one the reader refuses
    # (too many bits, a text no file holds) is refused by the game, naming the seed
    from rummykit import Game, Rules, RulesError
    from rummykit.record import write_record

    for seed in (2**256, -(2**256), "\udcff"):
        with pytest.raises(RulesError) as info:
            Game(Rules.preset(), ["Ana", "Ben"], seed=seed)
        assert info.value.option == "seed"
    game = Game(Rules.preset(), ["Ana", "Ben"], seed=2**256 - 1)
    assert replay(json.dumps(write_record(game))).status == 0


def test_record_deal_names_the_hand_and_player_of_a_wrong_size() -> None:
    doc = copy.deepcopy(EXAMPLE)
    hand = doc["hands"][0]["deal"]
    name = next(iter(hand["hands"]))
    hand["stock"].append(hand["hands"][name].pop())
    result = replay(json.dumps(doc))
    assert result.status == 2 and result.error is not None
    assert result.error["rule"] == "record.deal"
    assert result.error["message"].startswith(f"hand 1: {name} holds ")


def test_record_deal_without_a_player_s_hand_names_the_player() -> None:
    # only where tied leaders play on ([game.ties] leaders-play-on) may a hand leave
    # players out; elsewhere the missing hand is named, not taken for a play-off
    doc = copy.deepcopy(EXAMPLE)
    hand = doc["hands"][0]["deal"]
    name = [p for p in doc["players"] if p != doc["hands"][0]["dealer"]][-1]
    hand["stock"].extend(hand["hands"].pop(name))
    result = replay(json.dumps(doc))
    assert result.status == 2 and result.error is not None
    assert result.error == {
        "rule": "record.deal",
        "message": f"hand 1: the deal holds no hand for '{name}'",
    }


def test_record_reshuffle_that_is_not_cards_is_record_reshuffle() -> None:
    doc = copy.deepcopy(EXAMPLE)
    doc["hands"][0]["reshuffles"] = [["ZZ"]]
    result = replay(json.dumps(doc))
    assert result.error is not None and result.error["rule"] == "record.reshuffle"


def test_record_deal_without_hands_is_refused() -> None:
    from rummykit import Deal, Rules

    with pytest.raises(RecordError) as info:
        Deal((), Card.parse("7H"), ()).check(Rules.preset(), 0)
    assert info.value.rule == "record.deal"
