"""The wire form (rummykit.wire): views and events as JSON, checked against their JSON
Schemas, read back exactly, and holding nothing the seat may not know."""

from __future__ import annotations

import enum
import json
import random
import re
import typing
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from rummykit import PRESETS, Card, Game, Phase, Rules, parse_action
from rummykit.actions import Action, Draw, JokerAs
from rummykit.bots import GreedyBot
from rummykit.cards import CARDS, JOKER, JOKER_CODE
from rummykit.events import Event, HandEnd, HandResult
from rummykit.hand import Hand
from rummykit.rules import OPTION_KEYS
from rummykit.view import view_of_hand
from rummykit.wire import (
    VERSION,
    WireError,
    event_from_json,
    event_to_json,
    load_schema,
    view_from_json,
    view_to_json,
)
from tests.wire_kit import (
    CONFIGS,
    EVENT_SCHEMA,
    NAMES,
    VIEW_SCHEMA,
    all_views,
    config_id,
    play_to,
    positions,
)


# --------------------------------------------------------------------- the schemas
@pytest.mark.parametrize("name", ["player-view", "event"])
def test_schemas_are_draft_2020_12(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["version"] == {
        "description": "The wire form's version.",
        "const": VERSION,
    }


def test_the_schemas_as_shipped_accept_what_the_inlined_ones_do() -> None:
    shipped = Draft202012Validator(load_schema("player-view"))
    views = list(all_views())
    for view in views[:: max(1, len(views) // 300)]:
        doc = view_to_json(view)
        assert shipped.is_valid(doc) and VIEW_SCHEMA.is_valid(doc)
        doc["hand_sizes"] = [-1]
        assert not shipped.is_valid(doc) and not VIEW_SCHEMA.is_valid(doc)
    shipped = Draft202012Validator(load_schema("event"))
    doc = event_to_json(Event(hand=1, seat=0, action=parse_action("take QS")), 0)
    assert shipped.is_valid(doc) and EVENT_SCHEMA.is_valid(doc)
    doc["taken"] = ["QX"]
    assert not shipped.is_valid(doc) and not EVENT_SCHEMA.is_valid(doc)


def test_schema_enums_follow_the_engine() -> None:
    props = load_schema("player-view")["properties"]
    assert props["phase"]["enum"] == [p.value for p in Phase]
    rules = props["rules"]["properties"]
    assert rules["preset"]["enum"] == list(PRESETS)
    options = rules["options"]["properties"]
    assert list(options) == list(OPTION_KEYS) == rules["options"]["required"]
    hints = typing.get_type_hints(Rules)
    for key in OPTION_KEYS:
        enum_type = hints[key]
        if isinstance(enum_type, type) and issubclass(enum_type, enum.Enum):
            assert options[key]["enum"] == [m.value for m in enum_type], key
    result = load_schema("event")["properties"]["result"]["anyOf"][0]
    assert result["properties"]["ended_by"]["enum"] == [e.value for e in HandEnd]


def test_every_preset_s_options_fit_the_schema() -> None:
    for name, rules in PRESETS.items():
        doc = {"preset": name, "options": rules.options()}
        schema = load_schema("player-view")
        rules_schema = {"$schema": schema["$schema"], **schema["properties"]["rules"]}
        Draft202012Validator(rules_schema).validate(doc)


# --------------------------------------------------------------------- view round trips
@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[config_id(c) for c in CONFIGS])
def test_views_round_trip_and_fit_the_schema(index: int) -> None:
    checked = 0
    for position in positions(index):
        for view in position.views:
            doc = view_to_json(view)
            VIEW_SCHEMA.validate(doc)
            text = json.dumps(doc)
            assert json.loads(text) == doc
            back = view_from_json(json.loads(text))
            assert back == view
            assert back.melds == view.melds  # TableMeld fields, owners and all
            assert [m.meld.lo for m in back.melds] == [m.meld.lo for m in view.melds]
            assert view_to_json(back) == doc
            checked += 1
    assert checked >= 3 * 5


def test_positions_cover_the_wire_form() -> None:
    """The positions above hold every kind of field value the wire form has."""
    seen: Counter[str] = Counter()
    for view in all_views():
        doc = view_to_json(view)
        seen[f"phase:{doc['phase']}"] += 1
        seen["spectator"] += doc["seat"] is None
        seen["known"] += any(doc["known"])
        seen["must_meld"] += doc["must_meld"] is not None
        seen["same_card"] += doc["turn_state"]["same_card"] is not None
        seen["call_order"] += bool(doc["call_order"])
        seen["to_act null"] += doc["to_act"] is None
        seen["game_over"] += doc["game_over"]
        seen["restocked"] += doc["stock_reuses"] > 0
        seen["call_layoff_only"] += doc["turn_state"]["call_layoff_only"]
        for meld in doc["melds"]:
            seen[meld["kind"]] += 1
            seen["several owners"] += len(set(meld["laid_by"])) > 1
            for card in meld["cards"]:
                if card.startswith("JK="):
                    seen[f"joker in {meld['kind']}"] += 1
        for text in doc["legal_actions"]:
            seen[f"legal:{text.split()[0]}"] += 1
    for what in (
        "phase:draw", "phase:play", "phase:rummy", "phase:over", "spectator", "known",
        "must_meld", "same_card", "call_order", "to_act null", "game_over", "restocked",
        "call_layoff_only", "group", "run", "several owners", "joker in run",
        "joker in group", "legal:rummy", "legal:pass", "legal:meld", "legal:layoff",
        "legal:swap", "legal:take",
    ):  # fmt: skip
        assert seen[what] > 0, what


def test_a_view_document_by_field() -> None:
    game = Game(Rules.preset("500-rum"), ["Ana", "Ben", "Caro"], seed=5, dealer=0)
    doc = view_to_json(game.view(1))
    assert doc["version"] == 1 and doc["seat"] == 1 and doc["to_act"] == 1
    assert doc["players"] == ["Ana", "Ben", "Caro"]
    assert doc["rules"] == {"preset": "500-rum", "options": Rules.preset("500-rum").options()}
    assert doc["phase"] == "draw" and doc["hand_number"] == 1 and doc["dealer"] == 0
    assert doc["hand"] == [str(CARDS[c]) for c in sorted_hand(game.hand, 1)]
    assert doc["hand_sizes"] == [7, 7, 7] and doc["known"] == [[], [], []]
    assert doc["pile"] == [str(CARDS[game.hand.pile[-1]])]
    assert doc["legal_actions"][0] == "draw" and doc["log"] == []
    assert doc["turn_state"]["target"] is None and doc["turn_state"]["window_next"] is None
    assert view_to_json(game.view(None))["hand"] is None


def sorted_hand(hand: Hand, seat: int) -> list[Card]:
    view = view_of_hand(hand, seat, (0,) * hand.n, False, None)
    assert view.hand is not None
    return list(view.hand)


# --------------------------------------------------------------------- privacy
def hidden_from(game: Game, seat: int | None) -> tuple[list[list[int]], list[int]]:
    """What ``seat`` may not see: each seat's cards less those publicly known, taken or
    drawn from a stock of public order (its own hand is not hidden), and the stock
    unless its order is public."""
    hand = game.hand
    rest: list[list[int]] = []
    for s, cards in enumerate(hand.hands):
        left = list(cards)
        if s != seat:
            for c in [*hand.known[s], *hand.drawn_known[s]]:
                left.remove(c)
        rest.append(left if s != seat else [])
    return rest, [] if hand.stock_public() else list(hand.stock)


def visible_to(game: Game, seat: int | None) -> set[str]:
    hand = game.hand
    cards = [c for k in [*hand.known, *hand.drawn_known] for c in k] + list(hand.pile)
    if hand.stock_public():
        cards += hand.stock
    cards += [c for m in hand.melds for c in m.cards]
    if seat is not None:
        cards += hand.hands[seat]
    return {str(CARDS[c]) for c in cards}


def card_words(value: object) -> Iterator[str]:
    """Every card named in a document's strings, joker declarations left out."""
    if isinstance(value, dict):
        for key, v in value.items():
            if key not in ("log", "players", "rules"):
                yield from card_words(v)
    elif isinstance(value, list):
        for v in value:
            yield from card_words(v)
    elif isinstance(value, str):
        for word in value.split():
            if len(word) == 2 and word[0] in "A23456789TJQK" and word[1] in "CDHSK":
                yield word


def test_a_view_names_only_cards_its_seat_may_see() -> None:
    for index in range(len(CONFIGS)):
        for position in positions(index):
            n = position.game.hand.n
            for seat, view in zip([*range(n), None], position.views, strict=True):
                words = set(card_words(view_to_json(view)))
                assert words <= visible_to(position.game, seat)


@settings(max_examples=40)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
    seat_pick=st.integers(0, 4),
)
def test_a_view_is_the_same_whatever_the_hidden_cards(
    config: tuple[str, int, dict[str, Any]], seed: int, steps: int, seat_pick: int
) -> None:
    name, n, options = config
    game = Game(Rules.preset(name, **options), NAMES[:n], seed=seed)
    rng = random.Random(seed)
    play_to(game, steps, rng)
    seat = None if seat_pick >= n else seat_pick
    hand = game.hand
    view = game.view(seat)
    rest, stock = hidden_from(game, seat)
    pool = [c for cards in rest for c in cards] + stock
    shuffled = rng.sample(pool, len(pool))
    if shuffled == pool and len(set(pool)) > 1:
        shuffled = pool[1:] + pool[:1]
    assert shuffled != pool or len(set(pool)) <= 1
    # deal the hidden cards again: each seat keeps its known cards and its hand size
    hands: list[list[int]] = []
    at = 0
    for s, cards in enumerate(rest):
        mine = list(hand.hands[s]) if s == seat else [*hand.known[s], *hand.drawn_known[s]]
        hands.append(mine + shuffled[at : at + len(cards)])
        at += len(cards)
    new_stock = shuffled[at:] if stock else list(hand.stock)
    assert Counter(c for h in hands for c in h) + Counter(new_stock) == Counter(
        c for h in hand.hands for c in h
    ) + Counter(hand.stock)

    def doc_of(state: Hand) -> dict[str, Any]:
        return view_to_json(view_of_hand(state, seat, tuple(game.totals), game.over, game.winner))

    # stock_with lists the stock top first; the hand keeps it top last
    true_doc = doc_of(view.state_with(hand.hands, hand.stock[::-1]))
    other_doc = doc_of(view.state_with(hands, new_stock[::-1]))
    assert json.dumps(other_doc) == json.dumps(true_doc)
    # and the rebuilt state's view is the game's own, but for the history it lacks
    game_doc = view_to_json(view)
    assert {**game_doc, "log": []} == true_doc


# --------------------------------------------------------------------- events
cards_st = st.sampled_from(CARDS)
ACTIONS = [
    "draw", "end", "pass", "take 1", "take 3", "take 7H", "rummy 2", "rummy QS",
    "meld 6H 7H JK=8H", "meld 8C 8D JK=8", "layoff TH JH to 1", "layoff AS to 2 low",
    "swap 8H in 1", "discard KD",
]  # fmt: skip


@st.composite
def events(draw: st.DrawFn) -> Event:
    n = draw(st.integers(2, 6))
    seats = st.integers(0, n - 1)
    result = None
    if draw(st.booleans()):
        stock_end = draw(st.booleans())
        result = HandResult(
            HandEnd.STOCK if stock_end else HandEnd.OUT,
            None if stock_end else draw(seats),
            tuple(draw(st.lists(st.integers(-500, 500), min_size=n, max_size=n))),
        )
    # the game's winners once it is over: one seat (also the winner), or a shared win
    game_over = draw(st.booleans())
    winners: tuple[int, ...] = ()
    if game_over:
        winners = tuple(sorted(draw(st.sets(seats, min_size=1, max_size=n))))
    return Event(
        hand=draw(st.integers(1, 30)),
        seat=draw(seats),
        action=parse_action(draw(st.sampled_from(ACTIONS))),
        drawn=draw(st.none() | cards_st),
        taken=tuple(draw(st.lists(cards_st, max_size=5))),
        passed=tuple(draw(st.lists(seats, max_size=3))),
        restocked=draw(st.booleans()),
        stock_order=draw(st.none() | st.lists(cards_st, min_size=1, max_size=20).map(tuple)),
        call_window=tuple(draw(st.lists(seats, max_size=3))),
        result=result,
        game_over=game_over,
        winner=winners[0] if len(winners) == 1 else None,
        next_hand=draw(st.none() | st.integers(2, 31)),
        winners=winners,
    )


@given(event=events(), viewer=st.none() | st.integers(0, 5))
def test_events_round_trip_as_each_seat_knows_them(event: Event, viewer: int | None) -> None:
    doc = event_to_json(event, viewer)
    EVENT_SCHEMA.validate(doc)
    assert json.loads(json.dumps(doc)) == doc
    assert event_from_json(json.loads(json.dumps(doc))) == event.for_seat(viewer)
    assert "stock_order" not in doc
    if viewer == event.seat:
        assert doc["drawn"] == (None if event.drawn is None else str(event.drawn))
    else:
        assert doc["drawn"] is None


def test_a_reshuffled_stock_s_order_is_never_sent() -> None:
    order = tuple(Card.parse(c) for c in ["9S", "4D", "QC", "2H"])
    event = Event(
        hand=2, seat=1, action=parse_action("draw"), drawn=order[0], restocked=True,
        stock_order=order,
    )  # fmt: skip
    for viewer in (None, 0, 1, 2):
        doc = event_to_json(event, viewer)
        words = set(card_words(doc))
        assert words == ({"9S"} if viewer == 1 else set())
        assert doc["restocked"] is True
        assert event_from_json(doc).stock_order is None


def test_an_event_document_by_field() -> None:
    event = Event(
        hand=3,
        seat=2,
        action=parse_action("rummy 2"),
        taken=(Card.parse("7H"), Card.parse("JK")),
        passed=(0,),
        result=HandResult(HandEnd.OUT, 2, (-20, 5, 95)),
        game_over=True,
        winner=2,
    )
    assert event_to_json(event, None) == {
        "version": 1,
        "hand": 3,
        "seat": 2,
        "action": "rummy 2",
        "drawn": None,
        "taken": ["7H", "JK"],
        "passed": [0],
        "restocked": False,
        "call_window": [],
        "result": {"ended_by": "out", "out": 2, "scores": [-20, 5, 95]},
        "game_over": True,
        "winner": 2,
        "winners": [2],
        "next_hand": None,
        "drawn_public": False,
    }


def test_a_draw_from_a_turned_over_stock_names_its_card_to_everybody() -> None:
    drawn = Card.parse("7H")
    private = Event(hand=1, seat=1, action=Draw(), drawn=drawn)
    public = private._replace(drawn_public=True)
    for seat in (None, 0, 1, 2):
        doc = event_to_json(public, seat)
        assert (doc["drawn"], doc["drawn_public"]) == ("7H", True)
        assert event_from_json(doc) == public
        assert event_to_json(private, seat)["drawn"] == ("7H" if seat == 1 else None)
    # a document written before the field was added reads as a private draw
    old = event_to_json(private, 1)
    del old["drawn_public"]
    assert event_from_json(old) == private
    # only a draw that names its card can be public
    for bad in (
        {**event_to_json(private, 0), "drawn_public": True},
        {**event_to_json(public, 0), "action": "take 1"},
        {**event_to_json(public, 0), "drawn_public": 1},
    ):
        with pytest.raises(WireError, match=r"^drawn_public: "):
            event_from_json(bad)
        assert not EVENT_SCHEMA.is_valid(bad)  # the schema says so too


def test_joker_and_action_helpers_are_what_the_wire_writes() -> None:
    # the wire writes actions by their record text, which reads back to the same action
    samples: list[Action] = [parse_action(t) for t in ACTIONS]
    assert [str(a) for a in samples] == ACTIONS
    assert str(JokerAs(card=Card.parse("8H"))) == "JK=8H" and CARDS[JOKER_CODE] == JOKER


# --------------------------------------------------------------------- the documentation
DOCS = Path(__file__).resolve().parent.parent / "docs" / "wire.md"


def test_the_documented_examples_are_documents_the_code_reads_and_writes() -> None:
    blocks = re.findall(r"```json\n(.*?)```", DOCS.read_text(), re.S)
    assert len(blocks) == 5
    view_doc, *event_docs = (json.loads(b) for b in blocks)
    VIEW_SCHEMA.validate(view_doc)
    assert view_to_json(view_from_json(view_doc)) == view_doc
    for doc in event_docs:
        EVENT_SCHEMA.validate(doc)
        event = event_from_json(doc)
        assert event_to_json(event, event.seat if doc["drawn"] else None) == doc


def test_the_documentation_describes_every_field() -> None:
    described = set(re.findall(r"^\| `(\w+)` \|", DOCS.read_text(), re.M))
    view = view_to_json(next(all_views()))
    event = event_to_json(Event(hand=1, seat=0, action=parse_action("draw")), None)
    assert set(view) | set(view["turn_state"]) | set(event) <= described
    assert described <= set(view) | set(view["turn_state"]) | set(event)


# --------------------------------------------------------------------- events from play
EVENT_CONFIGS = [c for c in CONFIGS if c[1] >= 3] + [
    ("500-rum", 2, {"stock_exhausted": "reshuffle", "target": 200}),
]


@cache
def played_events(config_index: int) -> tuple[tuple[int, Event], ...]:
    """Every event of two seeded games, with the number of players."""
    name, n, options = EVENT_CONFIGS[config_index]
    found: list[tuple[int, Event]] = []
    for seed in range(2):
        game = Game(Rules.preset(name, **options), NAMES[:n], seed=seed)
        rng = random.Random(seed)
        bot = GreedyBot(seed=seed)
        for _ in range(400):
            if game.over:
                break
            legal = game.legal_actions()
            calls = [a for a in legal if a.verb == "rummy"]
            if calls and rng.random() < 0.7:
                action = rng.choice(calls)
            elif rng.random() < 0.5:
                action = bot.act(game.view(game.to_act))
            else:
                action = rng.choice(legal)
            found.append((n, game.apply(action)))
    return tuple(found)


@pytest.mark.parametrize(
    "index", range(len(EVENT_CONFIGS)), ids=[config_id(c) for c in EVENT_CONFIGS]
)
def test_events_of_real_play_round_trip_and_keep_secrets(index: int) -> None:
    for n, event in played_events(index):
        assert isinstance(event, Event)
        for viewer in [*range(n), None]:
            doc = event_to_json(event, viewer)
            EVENT_SCHEMA.validate(doc)
            assert json.loads(json.dumps(doc)) == doc
            assert event_from_json(doc) == event.for_seat(viewer)
            assert "stock_order" not in doc
            if event.drawn is not None and (viewer == event.seat or event.drawn_public):
                # a card drawn from a turned-over stock everybody saw: public
                assert doc["drawn"] == str(event.drawn)
            else:
                assert doc["drawn"] is None
                # what others learn of a draw: nothing but that it happened
                words = set(card_words(doc))
                assert words == {str(c) for c in event.taken} | set(
                    card_words({"a": str(event.action)})
                )


def test_events_of_real_play_cover_the_event_form() -> None:
    seen: Counter[str] = Counter()
    for index in range(len(EVENT_CONFIGS)):
        for _, event in played_events(index):
            seen["drawn"] += event.drawn is not None
            seen["taken"] += bool(event.taken)
            seen["passed"] += bool(event.passed)
            seen["call_window"] += bool(event.call_window)
            seen["restocked"] += event.restocked
            seen["drawn_public"] += event.drawn_public
            seen["stock_order"] += event.stock_order is not None
            seen["result"] += event.result is not None
            seen["next_hand"] += event.next_hand is not None
            seen["game_over"] += event.game_over
            if event.result is not None:
                seen[f"ended_by:{event.result.ended_by.value}"] += 1
    for what in (
        "drawn", "taken", "passed", "call_window", "restocked", "stock_order", "result",
        "next_hand", "game_over", "ended_by:out", "ended_by:stock", "drawn_public",
    ):  # fmt: skip
        assert seen[what] > 0, what
