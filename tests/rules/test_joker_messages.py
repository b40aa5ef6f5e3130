"""RULES.md [joker.declare]: a bare joker that can be read several ways is refused, and
the message lists every reading and how to write it, so that a player can fix the text
without guessing."""

from __future__ import annotations

import pytest

from .kit import act, drawn, melds, refuse


def _seven(cards: str) -> str:
    """The cards of a meld text and unrelated fillers: a hand of seven, for three players."""
    fill = ["5C", "8D", "JS", "7S", "3D", "TC"]
    have = ["JK" if c.startswith("JK") else c for c in cards.split()]
    return " ".join(have + fill[: 7 - len(have)])


#: Meld texts whose jokers can be read several ways, and the message each gets.
MESSAGES = [
    ("6H 7H JK", "JK could stand for 5H or 8H: write JK=5H or JK=8H"),
    ("JK 2H 3H", "JK could stand for AH or 4H: write JK=AH or JK=4H"),
    ("QH KH JK", "JK could stand for JH or AH: write JK=JH or JK=AH"),
    (
        "6H JK JK",
        "the 2 jokers could stand for 6s in a group, 4H and 5H, 5H and 7H or 7H and 8H: "
        "write JK=6 JK=6, JK=4H JK=5H, JK=5H JK=7H or JK=7H JK=8H",
    ),
    (
        "6H JK=7H JK",  # one joker declared: the readings differ in the other
        "the 2 jokers could stand for 5H and 7H or 7H and 8H: write JK=5H JK=7H or JK=7H JK=8H",
    ),
]


def readings(message: str) -> list[list[str]]:
    """The readings a message offers, each as the words to write for its jokers:
    "...: write JK=6 JK=6, JK=4H JK=5H or JK=5H JK=7H" gives three."""
    _, _, offered = message.rpartition(": write ")
    return [reading.split() for reading in offered.replace(" or ", ", ").split(", ")]


@pytest.mark.parametrize(("cards", "message"), MESSAGES)
def test_joker_declare_message_lists_the_readings(cards: str, message: str) -> None:
    hand = drawn("500-rum", _seven(cards), draw="9S")
    error = refuse(hand, f"Ana: meld {cards}", "joker.declare")
    assert error.message == message


@pytest.mark.parametrize("cards", [cards for cards, _ in MESSAGES])
def test_joker_declare_message_readings_can_be_written_back(cards: str) -> None:
    # every reading the message offers is a meld the engine accepts: the natural cards
    # with the reading's jokers (it names every joker, one declared already included)
    hand = drawn("500-rum", _seven(cards), draw="9S")
    error = refuse(hand, f"Ana: meld {cards}", "joker.declare")
    offered = readings(error.message)
    natural = [c for c in cards.split() if not c.startswith("JK")]
    jokers = len(cards.split()) - len(natural)
    assert len(offered) >= 2 and all(len(r) == jokers for r in offered), offered
    for reading in offered:
        hand = drawn("500-rum", _seven(cards), draw="9S")
        act(hand, f"Ana: meld {' '.join([*natural, *reading])}")
        (meld,) = melds(hand)
        assert sorted(meld.split()) == sorted([*natural, *reading])


def test_joker_declare_message_lay_off_lists_both_ends() -> None:
    hand = drawn("500-rum", "6H 7H 8H JK 5S JD KC", draw="4D")
    act(hand, "Ana: meld 6H 7H 8H")
    error = refuse(hand, "Ana: layoff JK to 1", "joker.declare")
    assert error.message == "JK could stand for 5H or 9H: write JK=5H or JK=9H"
    assert readings(error.message) == [["JK=5H"], ["JK=9H"]]
    act(hand, "Ana: layoff JK=5H to 1")


def test_joker_declare_message_lay_off_on_a_group_names_the_suit_it_holds() -> None:
    hand = drawn("500-rum", "9C 9D 9H JK 5S JD KC", draw="4D")
    act(hand, "Ana: meld 9C 9D 9H")
    error = refuse(hand, "Ana: layoff JK=9C to 1", "joker.declare")
    assert error.message == (
        "the group already holds 9C: a joker in the group stands for a 9 of a suit it lacks"
    )
    error = refuse(hand, "Ana: layoff JK=8S to 1", "joker.declare")
    assert error.message == "a joker in this group stands for a 9"
    act(hand, "Ana: layoff JK=9S to 1")
    assert sorted(melds(hand)[0].split()) == ["9C", "9D", "9H", "JK=9"]  # suit dropped (decision 4)


def test_joker_declare_message_names_a_suit_the_same_lay_off_holds() -> None:
    hand = drawn("500-rum", "9C 9D 9H JK 9S JD KC", draw="4D")
    act(hand, "Ana: meld 9C 9D 9H")
    error = refuse(hand, "Ana: layoff 9S JK=9S to 1", "joker.declare")
    assert error.message == (
        "the lay-off holds 9S: a joker in the group stands for a 9 of a suit it lacks"
    )
