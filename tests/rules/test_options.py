"""RULES.md section 9, options and presets: every preset fixes every option as the table
says; every option can be set on top of any preset; a configuration that makes no sense
(an unknown option or value, too many or too few players, a hand size that overdraws the
pack) is refused with a message naming the option."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rummykit import PRESETS, Deal, Game, Hand, Rules, RulesError, replay
from rummykit.actions import Meld
from rummykit.rules import OPTION_HELP

from .kit import complete_deal, record, rules_of

BASE_500 = {
    "jokers": 2,
    "packs": "auto",
    "hand_size": None,
    "ace": "low-or-high",
    "pile_draw": "any-depth",
    "top_card_must_meld": False,
    "target_must_start_meld": False,
    "melds_per_turn": None,
    "layoff_needs_own_meld": False,
    "joker_swap": False,
    "rummy_call": "pile",
    "going_out": "any",
    "stock_exhausted": "end",
    "stock_reuse_limit": None,
    "card_values": "standard",
    "scoring": "melded-minus-hand",
    "rummy_bonus": "none",
    "target": 500,
    "deals": None,
    "must_go_out_to_win": False,
    "settlement": False,
    "ties": "play-on",
}
BASE_RUMMY = {
    **BASE_500,
    "jokers": 0,
    "packs": 1,
    "ace": "low",
    "pile_draw": "top-only",
    "melds_per_turn": 1,
    "rummy_call": "off",
    "stock_exhausted": "turn-over",
    "card_values": "basic",
    "scoring": "winner-takes",
    "target": 100,
}
REMIK = {
    **BASE_500,
    "packs": 1,
    "joker_swap": True,
    "rummy_call": "off",
    "stock_exhausted": "last-card",
    "card_values": "remik",
    "settlement": "end",
    "ties": "leaders-play-on",
}
# RULES.md section 9, column by column
TABLE: dict[str, dict[str, Any]] = {
    "500-rum": BASE_500,
    "500-rum-classic": {
        **BASE_500,
        "jokers": 0,
        "top_card_must_meld": True,
        "rummy_call": "off",
        "settlement": "end",
    },
    "remik-500": REMIK,
    # Remik's three formats (RULES.md section 9, seed 004)
    "remik-single": {**REMIK, "target": None, "deals": 3, "ties": "share"},
    "remik-table": REMIK,
    "rummy": BASE_RUMMY,
    "block-rummy": {**BASE_RUMMY, "stock_reuse_limit": 0},
    "wrotham": {**BASE_RUMMY, "jokers": 3, "joker_swap": True, "target": None, "deals": 6},
}
PLAYERS = {
    "500-rum": (2, 8),
    "500-rum-classic": (2, 8),
    "remik-500": (2, 4),
    "remik-single": (2, 4),
    "remik-table": (2, 4),
    "rummy": (2, 6),
    "block-rummy": (2, 6),
    "wrotham": (2, 6),
}


@pytest.mark.parametrize("preset", list(TABLE))
def test_options_preset_table(preset: str) -> None:
    options = Rules.preset(preset).options()
    assert {k: options[k] for k in TABLE[preset]} == TABLE[preset]


def test_options_presets_are_exactly_the_eight() -> None:
    assert set(PRESETS) == set(TABLE)
    assert Rules.preset().name == "500-rum"  # the default


@pytest.mark.parametrize("preset", list(TABLE))
def test_options_players_allowed_by_preset(preset: str) -> None:
    low, high = PLAYERS[preset]
    rules = rules_of(preset)
    for n in range(low, high + 1):
        Game(rules, [f"P{i}" for i in range(n)], seed=1)
    for n in (low - 1, high + 1):
        with pytest.raises(RulesError) as info:
            Game(rules, [f"P{i}" for i in range(n)], seed=1)
        assert info.value.option == "players"
        assert preset in info.value.message and str(n) in info.value.message


def test_options_wrotham_extensions() -> None:
    options = Rules.preset("wrotham").options()
    assert options["first_player_extra_card"] is True
    assert options["all_at_once_from_deal"] == 4
    for preset in ("500-rum", "rummy"):
        assert Rules.preset(preset).options()["first_player_extra_card"] is False
        assert Rules.preset(preset).options()["all_at_once_from_deal"] is None


# ---------------------------------------------------------------- every option on any preset
VALUES: dict[str, list[Any]] = {
    "jokers": [0, 2, 3],
    "packs": ["auto", 1, 2],
    "hand_size": [None, 5],
    "ace": ["low", "low-or-high", "around"],
    "pile_draw": ["any-depth", "top-only"],
    "top_card_must_meld": [True, False],
    "target_must_start_meld": [True, False],
    "melds_per_turn": [None, 1, 2],
    "layoff_needs_own_meld": [True, False],
    "joker_swap": [True, False],
    "rummy_call": ["pile", "last-discard", "off"],
    "going_out": ["any", "discard-required", "floating", "floating-unplayable"],
    "stock_exhausted": ["end", "last-card", "turn-over", "reshuffle"],
    "stock_reuse_limit": [None, 0, 2],
    "card_values": ["standard", "5-10-15", "remik", "basic"],
    "scoring": ["melded-minus-hand", "winner-takes", "penalty"],
    "rummy_bonus": ["none", "double", "plus10"],
    "target": [100, 1500],
    "deals": [None, 3],
    "must_go_out_to_win": [True, False],
    "settlement": [False, "end", "per-hand"],
    "ties": ["play-on", "share", "leaders-play-on", "most-melded"],
    "chips_per_point": [1, 3],
}


@pytest.mark.parametrize("preset", list(TABLE))
@pytest.mark.parametrize("key", list(VALUES))
def test_options_every_option_on_any_preset(preset: str, key: str) -> None:
    for value in VALUES[key]:
        if preset == "remik-single" and key == "deals" and value is None:
            continue  # Remik's single game is 1 to 3 deals (the test below)
        no_target = preset in ("wrotham", "remik-single")
        extra = {"target": 100} if key == "deals" and value is None and no_target else {}
        rules = Rules.preset(preset, **{key: value}, **extra)
        assert rules.options()[key] == value
        assert rules.name == preset


def test_options_settlement_true_is_read_as_end() -> None:
    # records written before per-hand existed say true: settled at the end
    assert Rules.preset("500-rum", settlement=True).options()["settlement"] == "end"
    assert Rules.from_record("rummy", {"settlement": True}).changed_options() == {
        "settlement": "end"
    }


def test_options_every_option_key_of_the_table_exists() -> None:
    assert set(VALUES) <= set(Rules.preset().options())


def test_options_set_in_a_record() -> None:
    rules = rules_of("500-rum")
    deal = complete_deal(rules, "Ana Ben Caro", {}, "KS")
    options = {"rummy_call": "off", "going_out": "floating", "target": 200}
    doc = record("500-rum", "Ana Ben Caro", [("Caro", deal, ["Ana: draw"])], options)
    result = replay(doc)
    assert result.status == 0 and result.game is not None
    assert result.game.rules.options()["going_out"] == "floating"
    assert result.game.rules.target == 200


# ---------------------------------------------------------------- refused configurations
@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("going_out", "sometimes"),
        ("ace", "high"),
        ("jokers", 1),
        ("jokers", 4),
        ("packs", 3),
        ("packs", "two"),
        ("hand_size", 0),
        ("hand_size", "seven"),
        ("pile_draw", "bottom"),
        ("top_card_must_meld", "yes"),
        ("melds_per_turn", 0),
        ("rummy_call", "loud"),
        ("stock_exhausted", "never"),
        ("stock_reuse_limit", -1),
        ("card_values", "gold"),
        ("scoring", "golf"),
        ("rummy_bonus", "triple"),
        ("target", 0),
        ("target", "500"),
        ("deals", 0),
        ("must_go_out_to_win", 1),
        ("settlement", None),
        ("settlement", "weekly"),
        ("settlement", 1),
        ("ties", "coin-toss"),
        ("ties", True),
        ("chips_per_point", 0),
    ],
)
def test_options_refuses_a_value_naming_the_option(key: str, value: Any) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("500-rum", **{key: value})
    assert info.value.option == key
    assert key in info.value.message


def test_options_refuses_an_unknown_option_naming_it() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("rummy", wild_twos=True)
    assert info.value.option == "wild_twos" and "wild_twos" in info.value.message


def test_options_refuses_an_unknown_preset() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("gin")
    assert "gin" in info.value.message


def test_options_refuses_a_game_with_neither_target_nor_deals() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("500-rum", target=None)
    assert info.value.option == "target"
    with pytest.raises(RulesError) as info:
        Rules.preset("wrotham", deals=None)
    # the user set deals, not target: the message names both
    assert "target and deals" in str(info.value) and "both are null" in str(info.value)


def test_options_remik_single_plays_one_to_three_deals() -> None:
    # RULES.md section 9: remik-single is `deals` 1-3 (default 3), Remik's single game
    assert Rules.preset("remik-single").deals == 3
    for deals in (1, 2, 3):
        assert Rules.preset("remik-single", deals=deals).deals == deals
        assert Rules.from_record("remik-single", {"deals": deals}).deals == deals
    for deals in (4, 5, 6, 100):
        with pytest.raises(RulesError) as info:
            Rules.preset("remik-single", deals=deals)
        assert info.value.option == "deals"
        assert info.value.message == f"option deals: remik-single plays 1 to 3 deals, not {deals}"
    with pytest.raises(RulesError) as info:  # a game to a target is remik-500's
        Rules.preset("remik-single", deals=None, target=500)
    assert info.value.option == "deals" and "not null" in info.value.message
    with pytest.raises(RulesError) as info:  # every way of building rules is checked
        dataclasses.replace(Rules.preset("remik-single"), deals=4)
    assert info.value.option == "deals"
    doc = {"rules": "remik-single", "options": {"deals": 4}, "players": ["A", "B"], "hands": []}
    result = replay(doc)
    assert result.error is not None and result.error["rule"] == "record.rules"
    assert "option deals: remik-single plays 1 to 3 deals" in result.error["message"]
    # the other presets take any number of deals, remik-500 and remik-table included
    assert Rules.preset("remik-500", deals=4).deals == 4
    assert Rules.preset("remik-table", deals=5).deals == 5


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("500-rum", 8, {"packs": 1}),  # 8 * 7 + 1 > 54
        ("500-rum", 5, {"hand_size": 26}),  # 2 players fit in 54 cards, but 131 > 108
        ("rummy", 6, {"hand_size": 9}),  # 55 > 52
        ("wrotham", 6, {"hand_size": 9}),  # 6 * 9 + the extra card + the upcard > 55
        ("500-rum-classic", 4, {"hand_size": 13}),  # 53 > 52
    ],
)
def test_options_refuses_a_hand_size_that_overdraws_the_pack(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = Rules.preset(preset, **options)
    names = [f"P{i}" for i in range(players)]
    with pytest.raises(RulesError) as info:
        Game(rules, names, seed=1)
    assert info.value.option == "hand_size" and "hand_size" in info.value.message
    with pytest.raises(RulesError):
        Deal.shuffled(rules, players, seed=1)


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("500-rum", 2, {"hand_size": 26}),  # 53 of 54 cards: one stock card
        ("wrotham", 6, {"hand_size": 8}),  # 48 + 1 + 1 = 50 of 55
        ("500-rum", 4, {"packs": 1}),
    ],
)
def test_options_accepts_a_hand_size_that_fits(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = Rules.preset(preset, **options)
    deal = Deal.shuffled(rules, players, seed=1)
    hand = Hand(rules, [f"P{i}" for i in range(players)], 0, deal)
    extra = 1 if rules.first_player_extra_card else 0
    size = rules.hand_size_for(players)
    assert options.get("hand_size", size) == size
    assert sorted(map(len, hand.hands)) == [size] * (players - 1) + [size + extra]
    assert len(hand.pile) == 1 and hand.stock, "an upcard and at least one stock card"
    assert len(list(hand.iter_cards())) == rules.pack_size(players)


def test_options_record_with_a_bad_option_is_refused_naming_it() -> None:
    doc = {"rules": "500-rum", "options": {"going_out": "later"}, "players": ["A", "B"]}
    result = replay(doc)
    assert result.status == 2 and result.error is not None
    assert result.error["rule"] == "record.rules" and "going_out" in result.error["message"]


def test_options_record_with_too_many_players_is_refused() -> None:
    doc = {"rules": "remik-500", "players": ["A", "B", "C", "D", "E"], "hands": []}
    result = replay(doc)
    assert result.status == 2 and result.error is not None
    assert result.error["rule"] in ("record.players", "record.rules")
    assert "remik-500" in result.error["message"] and "5" in result.error["message"]


def test_options_record_with_an_overdrawing_hand_size_is_refused() -> None:
    doc = {"rules": "500-rum", "options": {"hand_size": 27}, "players": ["A", "B"]}
    result = replay(doc)
    assert result.status == 2 and result.error is not None
    assert "hand_size" in result.error["message"]


# ---------------------------------------------------------------- option types
#: Values of no option's type: every option refuses each of them, naming itself.
WRONG_FOR_EVERY_OPTION: list[Any] = [[], {}, [1], {"low": True}, 1.5, "²", 10**5000, b"1"]


@pytest.mark.parametrize("key", [*VALUES, "first_player_extra_card", "all_at_once_from_deal"])
def test_options_refuses_values_of_no_type_naming_the_option(key: str) -> None:
    for value in WRONG_FOR_EVERY_OPTION:
        with pytest.raises(RulesError) as info:
            Rules.preset("500-rum", **{key: value})
        assert info.value.option == key and key in info.value.message
        assert len(info.value.message) < 300  # huge values are not echoed


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("packs", 1.0),  # 1.0 == 1, but a pack count is a whole number
        ("packs", 2.0),
        ("packs", True),
        ("jokers", 2.0),
        ("jokers", False),
        ("hand_size", 7.0),
        ("hand_size", True),
        ("target", 500.0),
        ("deals", 6.0),
        ("melds_per_turn", 1.0),
        ("stock_reuse_limit", False),
        ("chips_per_point", True),
        ("target", 10**7),
        ("ace", 1),
        ("ace", None),
        ("going_out", True),
        ("joker_swap", 1),
        ("joker_swap", "true"),
        ("must_go_out_to_win", 0),
    ],
)
def test_options_refuses_a_value_of_the_wrong_type(key: str, value: Any) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("500-rum", **{key: value})
    assert info.value.option == key and f"option {key}" in info.value.message


@pytest.mark.parametrize(
    ("key", "value", "shown"),
    [("joker_swap", None, "null"), ("target", True, "true"), ("ace", False, "false")],
)
def test_options_quote_null_and_booleans_as_json_writes_them(
    key: str, value: Any, shown: str
) -> None:
    # records, the server and --set users write JSON: the message quotes their words,
    # not Python's None/True/False
    with pytest.raises(RulesError) as info:
        Rules.from_record("500-rum", {key: value})
    assert info.value.message.startswith(f"option {key}: {shown} is not")
    assert not any(word in info.value.message for word in ("None", "True", "False"))


def test_options_packs_float_no_longer_crashes_a_deal() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("500-rum", packs=1.0)
    assert info.value.option == "packs" and "1.0" in info.value.message


def test_options_every_way_of_building_rules_is_checked() -> None:
    with pytest.raises(RulesError) as info:
        dataclasses.replace(Rules.preset("500-rum"), packs=1.0)  # type: ignore[arg-type]
    assert info.value.option == "packs"
    with pytest.raises(RulesError) as info:
        dataclasses.replace(Rules.preset("500-rum"), ace="low")  # type: ignore[arg-type]
    assert info.value.option == "ace"


def test_options_refuses_keys_and_presets_that_are_not_text() -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset("500-rum").with_options({1: 2})  # type: ignore[dict-item]
    assert info.value.option == "1"
    with pytest.raises(RulesError) as info:
        Rules.preset(["500-rum"])  # type: ignore[arg-type]
    assert info.value.option == "rules"


# ---------------------------------------------------------------- hand sizes ([deal.size])
@pytest.mark.parametrize(
    ("preset", "hand_size"),
    [
        ("500-rum", 27),  # 2 players: 54 + an upcard > 54; 5 or more: 2 packs are too few
        ("500-rum-classic", 26),  # 52 cards: 2 hands of 26 leave no upcard
        ("rummy", 26),
        ("remik-500", 27),
        ("wrotham", 27),  # 27 + 28 (the first player) + 1 > 55
        ("500-rum", 1000),
    ],
)
def test_deal_size_refuses_a_hand_size_no_deal_allows(preset: str, hand_size: int) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, hand_size=hand_size)
    assert info.value.option == "hand_size"
    assert "hand_size" in info.value.message and "the most is" in info.value.message


def test_deal_size_leaves_a_stock() -> None:
    # found by a review: 3 hands of 17 and an upcard took the whole pack, and a hand
    # with no stock was dealt (nobody could draw)
    rules = Rules.preset("500-rum", jokers=0, packs=1, hand_size=17)
    Deal.shuffled(rules, 2, seed=1)
    with pytest.raises(RulesError) as info:
        rules.check_players(3)
    assert info.value.option == "hand_size"
    assert "stock of at least one" in info.value.message and "at most 16" in info.value.message
    Deal.shuffled(Rules.preset("500-rum", jokers=0, packs=1, hand_size=16), 3, seed=1)


def test_deal_size_refuses_options_no_table_can_play() -> None:
    # found by a review: accepted, though every player count was refused when a game
    # was set up (two players never get a call; leaders-play-on can leave two)
    with pytest.raises(RulesError) as info:
        Rules.preset("remik-500", pile_draw="top-only", rummy_call="pile", hand_size=1)
    assert info.value.option == "hand_size"
    assert "no table of 2 to 4 players can play these options" in info.value.message


def test_deal_size_names_the_most_cards_a_table_can_be_dealt() -> None:
    rules = Rules.preset("500-rum", hand_size=20)  # 2 players fit one pack, 5 fit two
    Deal.shuffled(rules, 2, seed=1)
    Deal.shuffled(rules, 5, seed=1)
    with pytest.raises(RulesError) as info:
        rules.check_players(6)  # 121 > 108
    assert info.value.option == "hand_size"
    message = info.value.message
    assert "6 hands of 20 cards" in message and "2 packs of 54 cards hold 108" in message
    assert "at most 17 cards each" in message


@pytest.mark.parametrize(
    ("preset", "options", "least"),
    [
        # top-only: at most one card more than dealt on a turn, and a meld needs 3
        ("rummy", {"hand_size": 1}, 2),
        ("block-rummy", {"hand_size": 1}, 2),
        ("500-rum", {"hand_size": 1, "pile_draw": "top-only", "rummy_call": "off"}, 2),
        # a card must also be kept for the final discard
        ("rummy", {"hand_size": 2, "going_out": "discard-required"}, 3),
    ],
)
def test_deal_size_refuses_a_hand_too_small_to_ever_meld(
    preset: str, options: dict[str, Any], least: int
) -> None:
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, **options)
    assert info.value.option == "hand_size"
    assert "never" in info.value.message and f"at least {least}" in info.value.message


@pytest.mark.parametrize(
    ("preset", "options", "least"),
    [
        ("rummy", {"hand_size": 2}, 2),  # draw a third card, meld all three: out
        # a card must also be kept for the final discard ([out.discard-required])
        ("rummy", {"hand_size": 3, "going_out": "discard-required"}, 3),
        ("wrotham", {"hand_size": 3, "going_out": "discard-required"}, 3),
        # all at once from deal 4: the whole hand may go down, three cards with the draw
        ("wrotham", {"hand_size": 2}, 2),
        ("wrotham", {"hand_size": 2, "deals": 3}, 2),
        ("500-rum", {"hand_size": 1}, 1),  # pile cards taken deep can make a meld
        ("rummy", {"hand_size": 1, "rummy_call": "pile"}, 1),  # so can a call on the pile
    ],
)
def test_deal_size_accepts_the_smallest_hands_that_can_meld(
    preset: str, options: dict[str, Any], least: int
) -> None:
    rules = Rules.preset(preset, **options)
    assert rules.min_hand_size() == least
    assert rules.hand_size == least
    Game(rules, ["A", "B", "C"], seed=1)
    # and one card fewer is refused, naming the least (a hand of none never deals)
    with pytest.raises(RulesError) as info:
        Rules.preset(preset, **{**options, "hand_size": least - 1})
    assert info.value.option == "hand_size"
    if least > 1:
        assert "never" in info.value.message and f"at least {least}" in info.value.message
    else:
        assert "must be at least 1" in info.value.message


def test_deal_size_a_call_on_the_pile_gathers_nothing_between_two_players() -> None:
    # [rummy.who]: the call goes to the players other than the one who played and the
    # next; at two there is none, so one card and top-only draws could never meld
    rules = Rules.preset("remik-single", hand_size=1, pile_draw="top-only", rummy_call="pile")
    Game(rules, ["A", "B", "C"], seed=1)  # three: a call can gather pile cards
    with pytest.raises(RulesError) as info:
        rules.check_players(2)
    assert info.value.option == "hand_size"
    assert "2 players" in info.value.message and "at least 2" in info.value.message
    with pytest.raises(RulesError):
        Game(rules, ["A", "B"], seed=1)
    assert rules.min_hand_size(2) == 2 and rules.min_hand_size(3) == rules.min_hand_size() == 1


def test_deal_size_a_game_whose_tie_play_off_could_never_end_is_refused() -> None:
    # three players may play one-card hands (a call gathers pile cards), but two tied
    # leaders playing off alone ([game.ties] leaders-play-on) could never meld; and no
    # table of two can, so no table of remik-500's at all: the rules are refused
    options = {"hand_size": 1, "pile_draw": "top-only", "rummy_call": "pile"}
    Game(Rules.preset("remik-500", ties="play-on", **options), ["A", "B", "C"], seed=1)
    with pytest.raises(RulesError) as info:
        Rules.preset("remik-500", **options)
    assert info.value.option == "hand_size"
    assert "2 players" in info.value.message and "leaders-play-on" in info.value.message


def test_deal_size_smallest_hand_melds_in_play() -> None:
    # the least hand size is not only allowed but playable: melds are made and hands end
    rules = Rules.preset("rummy", hand_size=2)
    game = Game(rules, ["A", "B", "C"], seed=2)
    rng = random.Random(2)
    melds = 0
    for _ in range(300):
        if game.over:
            break
        actions = game.legal_actions()
        made = [a for a in actions if isinstance(a, Meld)]
        action = made[0] if made else rng.choice(actions)
        melds += isinstance(action, Meld)
        game.apply(action)
    assert melds > 0 and game.results


def test_wrotham_all_at_once_smallest_hand_goes_down_whole() -> None:
    # [wrotham.all-at-once] keeps no card for the discard: two cards dealt and one drawn
    # go down together, so a hand of two is playable in every all-at-once deal
    rules = Rules.preset("wrotham", hand_size=2, all_at_once_from_deal=1)
    game = Game(rules, ["A", "B", "C"], seed=2)
    rng = random.Random(2)
    out_by_meld = 0
    while not game.over:
        actions = game.legal_actions()
        made = [a for a in actions if isinstance(a, Meld)]
        action = made[0] if made else rng.choice(actions)
        ended = len(game.results)
        game.apply(action)
        out_by_meld += isinstance(action, Meld) and len(game.results) > ended
    assert out_by_meld > 0 and len(game.results) == 6


# ---------------------------------------------------------------- explanations
def test_options_every_option_is_explained_with_its_values() -> None:
    assert set(OPTION_HELP) == set(Rules.preset().options())
    for key, info in OPTION_HELP.items():
        assert info.description and "\n" not in info.description, key
        assert info.values, key
    assert OPTION_HELP["ace"].values == "low, low-or-high, around"
    assert OPTION_HELP["packs"].values == '"auto", 1, 2'
    assert OPTION_HELP["joker_swap"].values == "true, false"
    assert OPTION_HELP["melds_per_turn"].values == "a whole number from 1 to 1,000,000, or null"
    assert "K A 2" in OPTION_HELP["ace"].description
