"""The wire form (rummykit.wire) refusing bad documents, naming the field, as its JSON
Schemas do, and reading documents written before a field was added within version 1."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from rummykit import Event, parse_action
from rummykit.errors import RecordError
from rummykit.wire import WireError, event_from_json, event_to_json, view_from_json, view_to_json
from tests.rules.kit import act, complete_deal, make_game
from tests.rules.test_ties import HANDS as TIE_HANDS
from tests.rules.test_ties import NAMES as TIE_NAMES
from tests.rules.test_ties import TURNS as TIE_TURNS
from tests.rules.test_ties import play_off, tied_game
from tests.wire_kit import EVENT_SCHEMA, VIEW_SCHEMA, all_views


# --------------------------------------------------------------------- bad documents
def a_view_doc() -> dict[str, Any]:
    for view in all_views():
        doc = view_to_json(view)
        melds = doc["melds"]
        if melds and len(melds[0]["cards"]) == 3 and doc["seat"] is not None and doc["hand"]:
            return doc
    raise AssertionError("no position with a three-card meld")


def damaged(doc: dict[str, Any], path: list[str | int], value: object) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    if value is KeyError:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return out


# (where, the value put there (KeyError: the field removed), the field named, whether
# the schema refuses it too: some checks need the whole document, as seats < players)
BAD_VIEWS: list[tuple[list[str | int], object, str, bool]] = [
    (["version"], 2, "version", True),
    (["seat"], KeyError, "seat", True),
    (["seat"], 9, "seat", False),
    (["seat"], True, "seat", True),
    (["players"], "Ana", "players", True),
    (["players"], [], "players", True),
    (["rules", "preset"], "gin", "rules.preset", True),
    (["rules", "options", "ace"], "sideways", "rules.options.ace", True),
    (["rules", "options", "ace"], KeyError, "rules.options.ace", True),
    (["rules", "options", "colour"], "red", "rules.options.colour", True),
    (["phase"], "nap", "phase", True),
    (["hand", 0], "7X", "hand[0]", True),
    (["hand", 0], 7, "hand[0]", True),
    (["hand", 0], "10H", "hand[0]", True),
    (["hand_sizes"], [7], "hand_sizes", False),
    (["known"], {}, "known", True),
    (["pile"], None, "pile", True),
    (["melds", 0, "number"], 5, "melds[0].number", False),
    (["melds", 0, "kind"], "set", "melds[0].kind", True),
    (["melds", 0, "cards", 0], "JK", "melds[0].cards[0]", True),
    (["melds", 0, "cards", 0], "JK=Z", "melds[0].cards[0]", True),
    (["melds", 0, "cards"], ["2C", "9D", "5S"], "melds[0].cards", False),
    (["melds", 0, "laid_by"], [0], "melds[0].laid_by", False),
    (["melds", 0, "extra"], 1, "melds[0].extra", True),
    (["log"], [{"seat": 0, "action": "dance"}], "log[0].action", True),
    (["log"], [[0, "draw"]], "log[0]", True),
    (["legal_actions"], ["meld"], "legal_actions[0]", True),
    (["totals", 0], 1.5, "totals[0]", True),
    (["turn_state", "target"], "ZZ", "turn_state.target", True),
    (["turn_state", "window_next"], -1, "turn_state.window_next", True),
    (["turn_state", "turn"], 0, "turn_state.turn", True),
    (["turn_state", "tabled"], 1, "turn_state.tabled", True),
    (["stock_order"], [], "stock_order", True),
    # true == 1 in Python: the version must be the number 1
    (["version"], True, "version", True),
    # the record form of before per-hand settlement; the wire writes "end"
    (["rules", "options", "settlement"], True, "rules.options.settlement", True),
    (["turn_state", "pending_rule"], "", "turn_state.pending_rule", True),
    # action texts are read as the wire writes them, as cards are
    (["log"], [{"seat": 0, "action": "discard 10h"}], "log[0].action", False),
    (["legal_actions"], ["discard 7h"], "legal_actions[0]", False),
    (["legal_actions"], ["discard  7H"], "legal_actions[0]", True),
    # nobody has won a game that is not over; a seat is named once
    (["winners"], [0], "winners", False),
    (["winners"], [0, 0], "winners", True),
]


@pytest.mark.parametrize(("path", "value", "field", "schema_refuses"), BAD_VIEWS)
def test_a_bad_view_is_refused_naming_the_field(
    path: list[str | int], value: object, field: str, schema_refuses: bool
) -> None:
    doc = damaged(a_view_doc(), path, value)
    with pytest.raises(WireError) as info:
        view_from_json(doc)
    assert info.value.field == field
    assert info.value.rule == "record.wire" and isinstance(info.value, RecordError)
    assert info.value.message.startswith(field + ": ")
    assert VIEW_SCHEMA.is_valid(doc) is not schema_refuses


def open_stock_doc() -> dict[str, Any]:
    """A seat's view document with a turned-over stock of public order, and cards drawn
    from it that a seat still holds."""
    for view in all_views():
        if view.open_stock and any(view.drawn_known) and view.seat is not None:
            return view_to_json(view)
    raise AssertionError("no position with a turned-over stock")


def test_a_view_document_of_before_the_open_stock_reads_nothing_public() -> None:
    # open_stock and drawn_known were added within version 1: older documents load
    doc = open_stock_doc()
    del doc["open_stock"], doc["drawn_known"]
    assert VIEW_SCHEMA.is_valid(doc)
    view = view_from_json(doc)
    assert view.open_stock == () and view.drawn_known == ((),) * len(view.players)


def test_the_open_stock_and_drawn_cards_are_checked_against_the_rules() -> None:
    doc = open_stock_doc()
    view = view_from_json(doc)
    assert view.open_stock and view.stock_reuses
    bad: list[tuple[dict[str, Any], str]] = [
        ({**doc, "open_stock": doc["open_stock"][1:]}, "open_stock"),  # not the whole stock
        ({**doc, "stock_reuses": 0, "drawn_known": [[] for _ in doc["players"]]}, "open_stock"),
        ({**doc, "open_stock": [], "stock_reuses": 0}, "drawn_known"),  # nothing turned over
    ]
    shuffled = copy.deepcopy(doc)
    shuffled["rules"]["options"]["stock_exhausted"] = "reshuffle"  # the order is secret
    bad.append((shuffled, "open_stock"))
    for damaged_doc, field in bad:
        with pytest.raises(WireError) as info:
            view_from_json(damaged_doc)
        assert info.value.field == field


def test_a_view_built_without_drawn_cards_writes_a_list_for_each_seat() -> None:
    view = dataclasses.replace(next(all_views()), drawn_known=())
    doc = view_to_json(view)
    VIEW_SCHEMA.validate(doc)
    assert view_from_json(doc).drawn_known == ((),) * len(view.players)


def test_a_view_document_of_before_tabled_reads_it_as_false() -> None:
    # turn_state.tabled was added within version 1: a document written before it loads
    doc = a_view_doc()
    assert doc["turn_state"]["tabled"] is False
    del doc["turn_state"]["tabled"]
    assert view_from_json(doc).turn_state.tabled is False
    assert VIEW_SCHEMA.is_valid(doc)  # the schema agrees with the reader
    doc["turn_state"]["tabled"] = True
    assert view_from_json(doc).turn_state.tabled is True


def test_a_document_of_before_winners_reads_them_from_winner() -> None:
    # winners was added within version 1: a document written before it loads
    won = event_to_json(Event(1, 2, parse_action("end"), game_over=True, winner=2), 0)
    assert won["winners"] == [2]
    playing = a_view_doc()
    assert playing["winners"] == []
    for doc, read, schema, winners in (
        (won, event_from_json, EVENT_SCHEMA, (2,)),
        (playing, view_from_json, VIEW_SCHEMA, ()),
    ):
        del doc["winners"]
        assert read(doc).winners == winners
        assert schema.is_valid(doc)  # the schema agrees with the reader


def test_a_shared_win_names_every_winner_in_views_and_events() -> None:
    # ties share (remik-single): Ben and Caro end on 58 each; winner alone cannot say so
    game = make_game("remik-single", TIE_NAMES, deals=1)
    game.start_hand(complete_deal(game.rules, TIE_NAMES, TIE_HANDS, "5C", "3S 5S 7S"))
    act(game, *TIE_TURNS[:-1])
    event = game.apply(parse_action("discard 7S"), 2)
    assert game.winners == (1, 2) and game.winner is None
    for seat in (0, 1, None):
        doc = event_to_json(event, seat)
        assert doc["game_over"] and doc["winner"] is None and doc["winners"] == [1, 2]
        assert event_from_json(doc).winners == (1, 2)
        doc = view_to_json(game.view(seat))
        assert doc["game_over"] and doc["winner"] is None and doc["winners"] == [1, 2]
        assert view_from_json(doc).winners == (1, 2)
        VIEW_SCHEMA.validate(doc)
    doc["winners"] = [1]  # a single winner is in winner too
    with pytest.raises(WireError) as info:
        view_from_json(doc)
    assert info.value.field == "winners"


def test_a_play_off_view_numbers_its_winners_as_its_players() -> None:
    # leaders-play-on: Ben (game seat 1) and Caro (2) play hand 2 alone; Caro wins it
    game = tied_game("remik-500", target=50)
    play_off(game)
    assert game.winners == (2,)
    doc = view_to_json(game.view(2))
    assert doc["players"] == ["Ben", "Caro"] and doc["seat"] == 1
    assert doc["winner"] == 1 and doc["winners"] == [1]
    assert view_to_json(game.view(0))["winners"] == [1]  # Ana watches: Caro is seat 1


def test_a_view_document_that_is_not_an_object_is_refused() -> None:
    docs: list[object] = [None, [], "view", 3]
    for doc in docs:
        with pytest.raises(WireError):
            view_from_json(doc)
        with pytest.raises(WireError):
            event_from_json(doc)


BAD_EVENTS: list[tuple[str, object, str, bool]] = [
    ("version", None, "version", True),
    ("hand", 0, "hand", True),
    ("seat", -1, "seat", True),
    ("action", "take 0", "action", False),
    ("drawn", "JKR", "drawn", True),
    ("taken", ["7H", None], "taken[1]", True),
    ("passed", [0, "1"], "passed[1]", True),
    ("restocked", 1, "restocked", True),
    ("result", {"ended_by": "out", "out": None, "scores": []}, "result.out", False),
    ("result", {"ended_by": "time", "out": None, "scores": []}, "result.ended_by", True),
    ("result", {"ended_by": "stock", "out": None}, "result.scores", True),
    ("next_hand", 0, "next_hand", True),
    ("stock_order", ["7H"], "stock_order", True),
    ("version", True, "version", True),
    ("action", "discard th", "action", False),
    ("winners", [1], "winners", False),
]


@pytest.mark.parametrize(("key", "value", "field", "schema_refuses"), BAD_EVENTS)
def test_a_bad_event_is_refused_naming_the_field(
    key: str, value: object, field: str, schema_refuses: bool
) -> None:
    doc = event_to_json(Event(hand=1, seat=0, action=parse_action("draw")), 0)
    doc[key] = value
    with pytest.raises(WireError) as info:
        event_from_json(doc)
    assert info.value.field == field and info.value.rule == "record.wire"
    assert EVENT_SCHEMA.is_valid(doc) is not schema_refuses


def test_wire_errors_survive_pickling() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(WireError("pile[0]", "'7X' is not a card")))
    assert isinstance(error, WireError) and error.field == "pile[0]"
    assert error.to_json() == {"rule": "record.wire", "message": "pile[0]: '7X' is not a card"}
