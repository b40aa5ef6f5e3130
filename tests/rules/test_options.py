"""RULES.md section 9, options and presets: every preset fixes every option as the table
says; every option can be set on top of any preset; a configuration that makes no sense
(an unknown option or value, too many or too few players, a hand size that overdraws the
pack) is refused with a message naming the option."""

from __future__ import annotations

from typing import Any

import pytest

from rummykit import PRESETS, Deal, Game, Hand, Rules, RulesError, replay

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
# RULES.md section 9, column by column
TABLE: dict[str, dict[str, Any]] = {
    "500-rum": BASE_500,
    "500-rum-classic": {
        **BASE_500,
        "jokers": 0,
        "top_card_must_meld": True,
        "rummy_call": "off",
        "settlement": True,
    },
    "remik-500": {
        **BASE_500,
        "packs": 1,
        "joker_swap": True,
        "rummy_call": "off",
        "stock_exhausted": "last-card",
        "card_values": "remik",
        "settlement": True,
    },
    "rummy": BASE_RUMMY,
    "block-rummy": {**BASE_RUMMY, "stock_reuse_limit": 0},
    "wrotham": {**BASE_RUMMY, "jokers": 3, "joker_swap": True, "target": None, "deals": 6},
}
PLAYERS = {
    "500-rum": (2, 8),
    "500-rum-classic": (2, 8),
    "remik-500": (2, 4),
    "rummy": (2, 6),
    "block-rummy": (2, 6),
    "wrotham": (2, 6),
}


@pytest.mark.parametrize("preset", list(TABLE))
def test_options_preset_table(preset: str) -> None:
    options = Rules.preset(preset).options()
    assert {k: options[k] for k in TABLE[preset]} == TABLE[preset]


def test_options_presets_are_exactly_the_six() -> None:
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
    "settlement": [True, False],
    "chips_per_point": [1, 3],
}


@pytest.mark.parametrize("preset", list(TABLE))
@pytest.mark.parametrize("key", list(VALUES))
def test_options_every_option_on_any_preset(preset: str, key: str) -> None:
    for value in VALUES[key]:
        extra = {"target": 100} if key == "deals" and value is None and preset == "wrotham" else {}
        rules = Rules.preset(preset, **{key: value}, **extra)
        assert rules.options()[key] == value
        assert rules.name == preset


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
    with pytest.raises(RulesError):
        Rules.preset("wrotham", deals=None)


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("500-rum", 2, {"hand_size": 27}),  # 54 + an upcard > 54
        ("500-rum", 8, {"packs": 1}),  # 8 * 7 + 1 > 54
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
    Hand(rules, [f"P{i}" for i in range(players)], 0, deal)


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
