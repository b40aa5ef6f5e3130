"""Card and action notation: what people type is read, and every text round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    JOKER,
    CallRummy,
    Card,
    Discard,
    EndOfRun,
    JokerAs,
    LayOff,
    Meld,
    NotationError,
    Rank,
    Suit,
    Swap,
    Take,
    parse_action,
    parse_cards,
    parse_player_action,
)
from rummykit.actions import Action

cards = st.integers(0, 52).map(Card)
naturals = st.integers(0, 51).map(Card)
jokers = st.one_of(
    st.just(JokerAs()),
    naturals.map(lambda c: JokerAs(card=c)),
    st.sampled_from(list(Rank)).map(lambda r: JokerAs(rank=r)),
)
meld_cards = st.lists(st.one_of(naturals, jokers), min_size=1, max_size=8).map(tuple)
actions: st.SearchStrategy[Action] = st.one_of(
    st.sampled_from([parse_action("draw"), parse_action("end"), parse_action("pass")]),
    st.integers(1, 108).map(lambda n: Take(count=n)),
    cards.map(lambda c: Take(card=c)),
    st.integers(1, 108).map(lambda n: CallRummy(count=n)),
    cards.map(lambda c: CallRummy(card=c)),
    meld_cards.map(Meld),
    st.builds(
        LayOff,
        meld_cards,
        st.integers(1, 40),
        st.one_of(st.none(), st.sampled_from(list(EndOfRun))),
    ),
    st.builds(Swap, naturals, st.integers(1, 40)),
    cards.map(Discard),
)


@given(cards)
def test_card_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card  # repr reads back


@given(actions)
def test_action_text_round_trips(action: Action) -> None:
    assert parse_action(str(action)) == action


def test_cards_accept_ten_and_lower_case() -> None:
    assert parse_cards("10h td 10S jk") == [
        Card.of(Rank.TEN, Suit.HEARTS),
        Card.of(Rank.TEN, Suit.DIAMONDS),
        Card.of(Rank.TEN, Suit.SPADES),
        JOKER,
    ]


def test_card_properties() -> None:
    seven = Card.parse("7H")
    assert (seven.rank, seven.suit, seven.is_joker) == (Rank.SEVEN, Suit.HEARTS, False)
    assert (JOKER.rank, JOKER.suit, JOKER.is_joker) == (None, None, True)


@pytest.mark.parametrize("text", ["1H", "7X", "", "H7", "JK7", "11D"])
def test_bad_cards_are_refused_with_the_text(text: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(text)
    assert err.value.rule == "action.syntax"
    assert repr(text) in err.value.message


def test_joker_declarations() -> None:
    assert parse_action("meld 6H 7H JK=8H") == Meld(
        (Card.parse("6H"), Card.parse("7H"), JokerAs(card=Card.parse("8H")))
    )
    assert parse_action("meld 9C 9D JK=9").cards[2] == JokerAs(rank=Rank.NINE)
    assert parse_action("meld 9C 9D jk=10").cards[2] == JokerAs(rank=Rank.TEN)


def test_layoff_with_end_and_several_cards() -> None:
    action = parse_action("layoff AH to 3 high")
    assert action == LayOff((Card.parse("AH"),), 3, EndOfRun.HIGH)
    assert str(parse_action("layoff 10h jh to 1")) == "layoff TH JH to 1"


def test_take_by_number_or_card() -> None:
    assert parse_action("take 3") == Take(count=3)
    assert parse_action("take 10H") == Take(card=Card.parse("TH"))
    assert parse_action("rummy 2") == CallRummy(count=2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "draw 2",
        "take",
        "take 0",
        "take 1 2",
        "meld",
        "layoff 7H",
        "layoff 7H to",
        "layoff 7H to x",
        "layoff 7H to 0",
        "swap JK in 1",
        "swap 7H 1",
        "discard",
        "discard 7H 8H",
        "meld 7H JK=JK",
        "meld 7H JK=X",
    ],
)
def test_bad_actions_are_refused_as_syntax(text: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert err.value.rule == "action.syntax"


def test_player_actions() -> None:
    assert parse_player_action("Ben: meld 7S 8S 9S") == ("Ben", parse_action("meld 7S 8S 9S"))
    with pytest.raises(NotationError):
        parse_player_action("draw")
    with pytest.raises(NotationError):
        parse_player_action(": draw")
