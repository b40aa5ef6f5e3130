"""RULES.md 3.1 (kinds of meld) and [joker.declare]: groups, runs, aces at either end,
the joker's declaration, and two packs.

Unless a test says otherwise Ana plays first in a three-player 500 Rum hand: she holds
seven cards and has just drawn an eighth (``drawn``), ready to meld.
"""

from __future__ import annotations

import pytest

from .kit import act, cards_of, drawn, held, make_hand, melds, refuse

FIVE = "Ana Ben Caro Dan Eva"  # five players: two packs (500-rum)


# ---------------------------------------------------------------- [meld.group]
def test_meld_group_allows_three_of_a_rank() -> None:
    hand = drawn("500-rum", "9H 9C 9D 2S 5S JD KH", draw="4H")
    act(hand, "Ana: meld 9H 9C 9D")
    assert melds(hand) == ["9C 9D 9H"]
    assert held(hand, "Ana") == cards_of("2S 5S JD KH 4H")
    assert [m.owners for m in hand.melds] == [(0, 0, 0)]


def test_meld_group_allows_four_of_a_rank() -> None:
    hand = drawn("500-rum", "9H 9C 9D 9S 5S JD KH", draw="4H")
    act(hand, "Ana: meld 9S 9H 9C 9D")
    assert melds(hand) == ["9C 9D 9H 9S"]


def test_meld_group_refuses_two_cards() -> None:
    hand = drawn("500-rum", "9H 9C 2D 4S 5S JD KH", draw="7H")
    refuse(hand, "Ana: meld 9H 9C", "meld.group")


def test_meld_group_refuses_four_kings_and_a_joker() -> None:
    # RULES.md 3.3: "four kings and a joker is no group [meld.group]".
    hand = drawn("500-rum", "KC KD KH KS JK 2S 5D", draw="7H")
    refuse(hand, "Ana: meld KC KD KH KS JK", "meld.group")
    refuse(hand, "Ana: meld KC KD KH KS JK=K", "meld.group")


def test_meld_group_allows_three_kings_and_a_joker() -> None:
    hand = drawn("500-rum", "KC KD KH JK 2S 5D 8C", draw="7H")
    act(hand, "Ana: meld KC KD KH JK")
    assert melds(hand) == ["KC KD KH JK=K"]


def test_meld_group_refuses_a_suit_twice_with_two_packs() -> None:
    # Five players: two packs. "6H 6H 6S is not a group".
    hand = drawn("500-rum", "6H 6H 6S 2C 9D QS 4C", draw="JD", names=FIVE)
    refuse(hand, "Ana: meld 6H 6H 6S", "meld.group")


def test_meld_group_with_two_packs_allows_different_suits() -> None:
    hand = drawn("500-rum", "6H 6H 6S 6D 9D QS 4C", draw="JD", names=FIVE)
    act(hand, "Ana: meld 6H 6S 6D")
    assert melds(hand) == ["6D 6H 6S"]
    assert held(hand, "Ana") == cards_of("6H 9D QS 4C JD")


def test_meld_group_lay_off_refuses_a_suit_the_group_holds_with_two_packs() -> None:
    hand = drawn("500-rum", "6H 6H 6S 6D 6C 6C QS", draw="JD", names=FIVE)
    act(hand, "Ana: meld 6H 6S 6D")
    refuse(hand, "Ana: layoff 6H to 1", "layoff.extend")
    act(hand, "Ana: layoff 6C to 1")
    assert melds(hand) == ["6D 6H 6S 6C"]
    # "there is no fifth king": a group never exceeds four cards
    refuse(hand, "Ana: layoff 6C to 1", "layoff.extend")


# ---------------------------------------------------------------- [meld.run]
def test_meld_run_allows_three_consecutive_cards_of_a_suit_in_any_order() -> None:
    hand = drawn("500-rum", "8H 6H 7H 2S 5S JD KC", draw="4D")
    act(hand, "Ana: meld 8H 6H 7H")
    assert melds(hand) == ["6H 7H 8H"]
    assert hand.melds[0].is_run


def test_meld_run_allows_a_long_run() -> None:
    hand = drawn("500-rum", "4S 5S 6S 7S 8S 9S 2H", draw="QD")
    act(hand, "Ana: meld 4S 5S 6S 7S 8S 9S")
    assert melds(hand) == ["4S 5S 6S 7S 8S 9S"]


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("6H 7H 8S", "mixed suits"),
        ("6H 7H 9H", "a gap"),
        ("6H 7H", "two cards"),
    ],
)
def test_meld_run_refuses_cards_that_are_not_a_run(cards: str, why: str) -> None:
    hand = drawn("500-rum", "6H 7H 8S 9H 2C 4D QC", draw="KS")
    refuse(hand, f"Ana: meld {cards}", "meld.run")


def test_meld_run_refuses_the_same_card_twice_with_two_packs() -> None:
    hand = drawn("500-rum", "6H 6H 7H 8H 2C 4D QC", draw="KS", names=FIVE)
    refuse(hand, "Ana: meld 6H 6H 7H 8H", "meld.run")
    act(hand, "Ana: meld 6H 7H 8H")
    assert melds(hand) == ["6H 7H 8H"]


def test_meld_run_refuses_fourteen_cards_with_two_packs() -> None:
    # A run holds at most 13 cards (A..K or 2..A); two packs give A 2 .. K A.
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = drawn("500-rum", hearts, draw="AH", names="Ana Ben", packs=2)
    refuse(hand, f"Ana: meld {hearts} AH", "meld.run")


@pytest.mark.parametrize(
    "order",
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"],
)
def test_meld_run_allows_thirteen_natural_cards(order: str) -> None:
    # RULES.md [meld.run]: "A run holds at most 13 cards (A..K or 2..A)". One pack has one
    # AH, so the thirteen hearts are a valid run whichever way they are written; there is
    # no joker to declare.
    hand = drawn("500-rum", order, draw="5C", names="Ana Ben")
    act(hand, f"Ana: meld {order}")
    assert len(hand.melds) == 1 and len(hand.melds[0].cards) == 13
    assert held(hand, "Ana") == ["5C"]


# ---------------------------------------------------------------- aces at either end
QKA = "QH KH AH"
A23 = "AH 2H 3H"
KA2 = "KH AH 2H"

ACE_CASES = [
    # (preset, options, cards, refused with or None)
    ("500-rum", {}, QKA, None),
    ("500-rum", {}, A23, None),
    ("500-rum", {}, KA2, "meld.run"),
    ("500-rum-classic", {}, QKA, None),
    ("500-rum-classic", {}, KA2, "meld.run"),
    ("remik-500", {}, QKA, None),
    ("remik-500", {}, KA2, "meld.run"),
    ("rummy", {}, QKA, "meld.run"),
    ("rummy", {}, A23, None),
    ("rummy", {}, KA2, "meld.run"),
    ("block-rummy", {}, QKA, "meld.run"),
    ("rummy", {"ace": "low-or-high"}, QKA, None),
    ("rummy", {"ace": "around"}, KA2, None),
    ("500-rum", {"ace": "low"}, QKA, "meld.run"),
    ("500-rum", {"ace": "around"}, KA2, None),
    ("500-rum", {"ace": "around"}, "QH KH AH 2H 3H", None),
]


@pytest.mark.parametrize(("preset", "options", "cards", "rule"), ACE_CASES)
def test_meld_run_aces_at_either_end_by_preset(
    preset: str, options: dict[str, str], cards: str, rule: str | None
) -> None:
    hand = drawn(preset, _seven(cards), draw="9S", **options)
    if rule is None:
        act(hand, f"Ana: meld {cards}")
        assert melds(hand) == [cards]
    else:
        refuse(hand, f"Ana: meld {cards}", rule)


def _seven(cards: str) -> str:
    """The cards of a meld text (``JK=8H`` is a ``JK``) and unrelated fillers: a hand of
    seven, for three players."""
    fill = ["5C", "8D", "JS", "7S", "3D", "TC"]
    have = ["JK" if c.startswith("JK") else c for c in cards.split()]
    return " ".join(have + fill[: 7 - len(have)])


def test_meld_run_ace_around_with_a_joker_in_the_corner() -> None:
    hand = drawn("500-rum", "KH JK 2H 5C 8D JS 3S", draw="9S", ace="around")
    act(hand, "Ana: meld KH JK 2H")
    assert melds(hand) == ["KH JK=AH 2H"]
    hand = drawn("500-rum", "KH JK 2H 5C 8D JS 3S", draw="9S")
    refuse(hand, "Ana: meld KH JK 2H", "meld.run")


def test_layoff_extend_ace_on_a_twelve_card_run_needs_the_end_named() -> None:
    # RULES.md [layoff.extend]: an ace that fits both ends of a twelve-card run goes to the
    # end the player names.
    twelve = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = drawn("500-rum", f"{twelve} AH", draw="5C", names="Ana Ben")
    act(hand, f"Ana: meld {twelve}")
    refuse(hand, "Ana: layoff AH to 1", "layoff.extend")
    low = hand.clone()
    act(low, "Ana: layoff AH to 1 low")
    assert melds(low) == [f"AH {twelve}"]
    act(hand, "Ana: layoff AH to 1 high")
    assert melds(hand) == [f"{twelve} AH"]


def test_layoff_extend_ace_on_a_twelve_card_run_when_aces_are_low() -> None:
    twelve = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = drawn("500-rum", f"{twelve} AH", draw="5C", names="Ana Ben", ace="low")
    act(hand, f"Ana: meld {twelve}")
    refuse(hand, "Ana: layoff AH to 1 high", "layoff.extend")
    act(hand, "Ana: layoff AH to 1")
    assert melds(hand) == [f"AH {twelve}"]


def test_layoff_extend_a_king_on_a_run_from_its_ace_names_the_end_with_ace_around() -> None:
    # ace=around, A..Q on the table: KH makes A..K (the ace low) or K A..Q (the ace
    # inside, scoring high), so the end must be named, and the lay-offs listed name it
    # (the engine listed "layoff KH to 1", which it then refused: found by a bot)
    twelve = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    hand = drawn("500-rum", f"{twelve} KH", draw="5C", names="Ana Ben", ace="around")
    act(hand, f"Ana: meld {twelve}")
    texts = [str(a) for a in hand.legal_actions() if str(a).startswith("layoff")]
    assert texts == ["layoff KH to 1 low", "layoff KH to 1 high"]
    refuse(hand, "Ana: layoff KH to 1", "layoff.extend")
    for text in texts:
        each = hand.clone()
        act(each, f"Ana: {text}")
    act(hand, "Ana: layoff KH to 1 low")
    assert melds(hand) == [f"KH {twelve}"]


@pytest.mark.parametrize("card", ["4H", "JK=4H", "JK"])
def test_layoff_extend_another_card_round_the_corner_needs_no_end(card: str) -> None:
    # [layoff.extend] asks the end only of an ace: with ace=around, the one card that
    # completes a twelve-card run with the ace inside makes the same thirteen cards at
    # either end (the ace scores high both ways), so it is laid off without one
    twelve = "5H 6H 7H 8H 9H TH JH QH KH AH 2H 3H"
    held = card if card.startswith("4") else "JK"
    hand = drawn("500-rum", f"{twelve} {held}", draw="4C", names="Ana Ben", ace="around")
    act(hand, f"Ana: meld {twelve}")
    texts = [str(a) for a in hand.legal_actions() if str(a).startswith("layoff")]
    assert texts == [f"layoff {'JK=4H' if held == 'JK' else held} to 1"]
    made = {}
    for end in ("", " low", " high"):  # naming an end is accepted too: the same cards
        played = hand.clone()
        act(played, f"Ana: layoff {card} to 1{end}")
        made[end] = sorted(played.melds[0].cards)
        if not end:  # unnamed, it goes on at the high end: the run starts where it did
            assert played.melds[0].lo == hand.melds[0].lo
    assert len(made[""]) == 13 and made[""] == made[" low"] == made[" high"]


@pytest.mark.parametrize(
    ("options", "run", "card", "rule"),
    [
        ({}, "QH KH AH", "2H", "layoff.extend"),
        ({}, "AH 2H 3H", "KH", "layoff.extend"),
        ({"ace": "around"}, "QH KH AH", "2H", None),
        ({"ace": "around"}, "AH 2H 3H", "KH", None),
        ({"ace": "low"}, "JH QH KH", "AH", "layoff.extend"),
        ({}, "JH QH KH", "AH", None),
    ],
)
def test_layoff_extend_turning_the_corner_only_with_ace_around(
    options: dict[str, str], run: str, card: str, rule: str | None
) -> None:
    hand = drawn("500-rum", f"{run} {card} 5C 8D 7S", draw="TC", **options)
    act(hand, f"Ana: meld {run}")
    if rule is None:
        act(hand, f"Ana: layoff {card} to 1")
        assert len(hand.melds[0].cards) == 4
    else:
        refuse(hand, f"Ana: layoff {card} to 1", rule)


# ---------------------------------------------------------------- [meld.min-natural]
def test_meld_min_natural_refuses_three_jokers_wrotham() -> None:
    # Wrotham has three jokers; its first player holds eight cards and does not draw.
    hand = make_hand(
        "wrotham", "Ana Ben", {"Ana": "JK JK JK 2C 5D 8H JS 4S"}, upcard="KD", dealer="Ben"
    )
    refuse(hand, "Ana: meld JK JK JK", "meld.min-natural")
    refuse(hand, "Ana: meld JK=5H JK=6H JK=7H", "meld.min-natural")
    refuse(hand, "Ana: meld JK=7 JK=7 JK=7", "meld.min-natural")


def test_meld_min_natural_refuses_jokers_alone_with_two_packs() -> None:
    hand = drawn("500-rum", "JK JK JK JK 2C 5D 8H", draw="JS", names=FIVE)
    refuse(hand, "Ana: meld JK JK JK", "meld.min-natural")
    refuse(hand, "Ana: meld JK=3S JK=4S JK=5S JK=6S", "meld.min-natural")


def test_meld_min_natural_allows_one_natural_and_two_jokers() -> None:
    hand = drawn("500-rum", "9C JK JK 2D 5S 8H QD", draw="4S")
    act(hand, "Ana: meld 9C JK=9 JK=9")
    assert melds(hand) == ["9C JK=9 JK=9"]


# ---------------------------------------------------------------- [joker.declare]
def test_joker_declare_bare_joker_allowed_in_a_group_of_two_naturals() -> None:
    hand = drawn("500-rum", "9C 9D JK 2S 5S JD KH", draw="4H")
    act(hand, "Ana: meld 9C 9D JK")
    assert melds(hand) == ["9C 9D JK=9"]


def test_joker_declare_bare_joker_allowed_in_the_gap_of_a_run() -> None:
    hand = drawn("500-rum", "TH JK QH 2S 5S 8D 4C", draw="6C")
    act(hand, "Ana: meld TH JK QH")
    assert melds(hand) == ["TH JK=JH QH"]


@pytest.mark.parametrize(
    ("cards", "options"),
    [
        ("6H 7H JK", {}),  # 5H or 8H
        ("JK 2H 3H", {}),  # AH or 4H
        ("QH KH JK", {}),  # JH or a high AH
        ("6H JK JK", {}),  # a group of sixes or a run
    ],
)
def test_joker_declare_refuses_a_bare_joker_that_reads_two_ways(
    cards: str, options: dict[str, str]
) -> None:
    hand = drawn("500-rum", _seven(cards), draw="9S", **options)
    refuse(hand, f"Ana: meld {cards}", "joker.declare")


def test_joker_declare_bare_joker_after_a_king_when_aces_are_low() -> None:
    hand = drawn("500-rum", _seven("QH KH JK"), draw="9S", ace="low")
    act(hand, "Ana: meld QH KH JK")
    assert melds(hand) == ["JK=JH QH KH"]


@pytest.mark.parametrize(
    ("cards", "table"),
    [
        ("6H 7H JK=8H", "6H 7H JK=8H"),
        ("6H 7H JK=5H", "JK=5H 6H 7H"),
        ("JK=4H 2H 3H", "2H 3H JK=4H"),
        ("JK=AH 2H 3H", "JK=AH 2H 3H"),
        ("QH KH JK=AH", "QH KH JK=AH"),
        ("6H JK=6 JK=6", "6H JK=6 JK=6"),
        ("6H JK=7H JK=8H", "6H JK=7H JK=8H"),
    ],
)
def test_joker_declare_declarations_make_one_meld(cards: str, table: str) -> None:
    hand = drawn("500-rum", _seven(cards), draw="9S")
    act(hand, f"Ana: meld {cards}")
    assert melds(hand) == [table]


@pytest.mark.parametrize(
    ("cards", "options"),
    [
        ("7H 8H 9H JK=TS", {}),  # another suit
        ("7H 8H 9H JK=QH", {}),  # not next to the run
        ("QH KH JK=AH", {"ace": "low"}),  # an ace cannot be high here
        ("9C 9D JK=8", {}),  # another rank
    ],
)
def test_joker_declare_refuses_a_card_the_meld_cannot_take(
    cards: str, options: dict[str, str]
) -> None:
    hand = drawn("500-rum", _seven(cards), draw="9S", **options)
    refuse(hand, f"Ana: meld {cards}", "joker.declare")


def test_joker_declare_joker_may_stand_for_a_card_the_player_holds() -> None:
    hand = drawn("500-rum", "6H 7H JK 8H 2C 5D JS", draw="QC")
    act(hand, "Ana: meld 6H 7H JK=8H")
    assert melds(hand) == ["6H 7H JK=8H"]
    assert "8H" in held(hand, "Ana")


def test_joker_declare_declaration_never_changes() -> None:
    # The joker stays the 8H: the natural 8H cannot be laid off in its place (no swap in
    # 500 Rum), the 9H goes after it.
    hand = drawn("500-rum", "6H 7H JK 8H 9H 5D JS", draw="QC")
    act(hand, "Ana: meld 6H 7H JK=8H")
    refuse(hand, "Ana: layoff 8H to 1", "layoff.extend")
    act(hand, "Ana: layoff 9H to 1")
    assert melds(hand) == ["6H 7H JK=8H 9H"]


def test_joker_declare_lay_off_bare_joker_on_a_group() -> None:
    hand = drawn("500-rum", "9C 9D 9H JK 5S JD KH", draw="4H")
    act(hand, "Ana: meld 9C 9D 9H", "Ana: layoff JK to 1")
    assert melds(hand) == ["9C 9D 9H JK=9"]


def test_joker_declare_lay_off_bare_joker_on_a_run_that_has_two_ends() -> None:
    hand = drawn("500-rum", "6H 7H 8H JK 5S JD KC", draw="4D")
    act(hand, "Ana: meld 6H 7H 8H")
    refuse(hand, "Ana: layoff JK to 1", "joker.declare")
    refuse(hand, "Ana: layoff JK=TH to 1", "layoff.extend")
    act(hand, "Ana: layoff JK=9H to 1")
    assert melds(hand) == ["6H 7H 8H JK=9H"]


def test_joker_declare_lay_off_bare_joker_on_a_run_ending_with_a_high_ace() -> None:
    hand = drawn("500-rum", "QH KH AH JK 5S 8D 2C", draw="4D")
    act(hand, "Ana: meld QH KH AH", "Ana: layoff JK to 1")
    assert melds(hand) == ["JK=JH QH KH AH"]


def test_meld_run_identical_runs_may_sit_in_two_melds_with_two_packs() -> None:
    hand = drawn("500-rum", "6H 7H 8H 6H 7H 8H 2C", draw="QS", names=FIVE)
    act(hand, "Ana: meld 6H 7H 8H", "Ana: meld 8H 7H 6H")
    assert melds(hand) == ["6H 7H 8H", "6H 7H 8H"]


def test_layoff_extend_joker_as_an_ace_on_a_twelve_card_run_names_the_end() -> None:
    twelve = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = drawn("500-rum", f"{twelve} JK", draw="5C", names="Ana Ben")
    act(hand, f"Ana: meld {twelve}")
    refuse(hand, "Ana: layoff JK to 1", "layoff.extend")  # AH either way: name the end
    refuse(hand, "Ana: layoff JK=AH to 1", "layoff.extend")
    low = hand.clone()
    act(low, "Ana: layoff JK=AH to 1 low")
    assert melds(low) == [f"JK=AH {twelve}"]
    act(hand, "Ana: layoff JK=AH to 1 high")
    assert melds(hand) == [f"{twelve} JK=AH"]


@pytest.mark.parametrize("preset", ["500-rum", "remik-500"])
def test_layoff_extend_a_bare_joker_that_is_the_same_ace_at_either_end_names_the_end(
    preset: str,
) -> None:
    # docs/rules-decisions.md 5: a bare joker on a run with two open ends is refused with
    # joker.declare unless both readings are the same card; here both are AH, so
    # declaring it (JK=AH) would not help: the end is missing, as for a natural ace.
    # (remik values score the joker as the card: AH low 1, high 11)
    twelve = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    hand = drawn(preset, f"{twelve} JK", draw="5C", names="Ana Ben", hand_size=13)
    act(hand, f"Ana: meld {twelve}")
    error = refuse(hand, "Ana: layoff JK to 1", "layoff.extend")
    assert "AH" in error.message and "name the end" in error.message
    act(hand, "Ana: layoff JK to 1 low")
    assert melds(hand) == [f"JK=AH {twelve}"]


@pytest.mark.parametrize(
    ("options", "cards", "reason"),
    [
        ({"ace": "low"}, "QH KH AH", "aces are low"),
        ({"ace": "low"}, "KH AH 2H", "turns the corner"),
        ({"ace": "low-or-high"}, "KH AH 2H", "turns the corner"),
        ({"ace": "low"}, "JK KH AH", "aces are low"),
        ({}, "6H 7H 9H", ""),
    ],
)
def test_meld_run_a_refused_run_gives_the_reason(
    options: dict[str, str], cards: str, reason: str
) -> None:
    # the note says which ace rule would have taken the cards, and only then
    hand = drawn("500-rum", _seven(cards), draw="9S", **options)
    error = refuse(hand, f"Ana: meld {cards}", "meld.run")
    notes = ("aces are low", "turns the corner")
    assert [n for n in notes if n in error.message] == ([reason] if reason else [])


def test_meld_group_with_a_joker_refuses_a_suit_twice_with_two_packs() -> None:
    hand = drawn("500-rum", "6H 6H JK 2C 9D QS 4C", draw="JD", names=FIVE)
    refuse(hand, "Ana: meld 6H 6H JK", "meld.group")


def test_joker_declare_joker_may_stand_for_a_card_melded_elsewhere() -> None:
    hand = drawn("500-rum", "8H 8D 8C 6H 7H JK 2S", draw="KC")
    act(hand, "Ana: meld 8H 8D 8C", "Ana: meld 6H 7H JK=8H")
    assert melds(hand) == ["8C 8D 8H", "6H 7H JK=8H"]


def test_joker_declare_group_with_two_jokers() -> None:
    hand = drawn("500-rum", "9C 9D JK JK 2S 5D KH", draw="4C")
    act(hand, "Ana: meld 9C 9D JK JK")  # two naturals of a rank: only a group
    assert melds(hand) == ["9C 9D JK=9 JK=9"]
