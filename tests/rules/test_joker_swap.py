"""RULES.md 3.3 [joker.swap] (option ``joker_swap``: Remik 500 and Wrotham).
(Declarations, [joker.declare]: test_melds.py.)

Ana melds 6H 7H JK=8H on her first turn and discards 2C; Ben holds the 8H.
"""

from __future__ import annotations

import pytest

from rummykit import Hand

from .kit import act, held, make_hand, melds, pile, refuse, rules_of, turn_state

NAMES = "Ana Ben Caro"


def run_with_joker(preset: str = "remik-500", **options: object) -> Hand:
    hand = make_hand(
        preset,
        NAMES,
        {"Ana": "6H 7H JK 2C 4D QS KD", "Ben": "8H 9H TH 3C 5D 6S JC"},
        "KC",
        stock="8S 3S",
        **options,
    )
    act(hand, "Ana: draw", "Ana: meld 6H 7H JK=8H", "Ana: discard 2C")
    return hand


def test_joker_swap_holder_of_the_natural_card_takes_the_joker() -> None:
    hand = run_with_joker()
    act(hand, "Ben: draw", "Ben: swap 8H in 1")
    assert melds(hand) == ["6H 7H 8H"]
    assert hand.melds[0].owners == (0, 0, 1)  # the 8H scores for Ben, who put it down
    assert "JK" in held(hand, "Ben") and "8H" not in held(hand, "Ben")


def test_joker_swap_joker_is_the_players_to_use_at_once() -> None:
    hand = run_with_joker()
    act(hand, "Ben: draw", "Ben: swap 8H in 1", "Ben: meld 9H TH JK=JH", "Ben: discard 3S")
    assert melds(hand) == ["6H 7H 8H", "9H TH JK=JH"]


def test_joker_swap_joker_may_be_discarded() -> None:
    hand = run_with_joker()
    act(hand, "Ben: draw", "Ben: swap 8H in 1", "Ben: discard JK")
    assert pile(hand).endswith("JK")


def test_joker_swap_refuses_a_card_the_joker_does_not_stand_for() -> None:
    hand = run_with_joker()
    act(hand, "Ben: draw")
    refuse(hand, "Ben: swap 9H in 1", "joker.swap")


def test_joker_swap_refuses_before_drawing() -> None:
    hand = run_with_joker()
    refuse(hand, "Ben: swap 8H in 1", "joker.swap")  # "on their turn after drawing"


def test_joker_swap_refuses_when_the_option_is_off() -> None:
    hand = run_with_joker("500-rum")
    act(hand, "Ben: draw")
    refuse(hand, "Ben: swap 8H in 1", "joker.swap")
    assert not any(a.verb == "swap" for a in hand.legal_actions())


def test_joker_swap_as_an_option_on_500_rum() -> None:
    hand = run_with_joker("500-rum", joker_swap=True)
    act(hand, "Ben: draw", "Ben: swap 8H in 1")
    assert melds(hand) == ["6H 7H 8H"]


def test_joker_swap_in_a_group_takes_a_suit_the_group_lacks() -> None:
    hand = make_hand(
        "remik-500",
        NAMES,
        {"Ana": "9C 9D JK 2C 4D QS KD", "Ben": "8H 9H TH 3C 5D 6S JC"},
        "KC",
        stock="8S 3S",
    )
    act(hand, "Ana: draw", "Ana: meld 9C 9D JK", "Ana: discard 2C", "Ben: draw")
    refuse(hand, "Ben: swap 8H in 1", "joker.swap")  # not a nine
    act(hand, "Ben: swap 9H in 1")
    assert melds(hand) == ["9C 9D 9H"]
    assert "JK" in held(hand, "Ben")


def test_joker_swap_in_a_group_refuses_a_suit_the_group_holds_two_packs() -> None:
    names = "Ana Ben Caro Dan Eva"
    hand = make_hand(
        "500-rum",
        names,
        {"Ana": "9C 9D JK 2C 4D QS KD", "Ben": "9C 9H TH 3C 5D 6S JC"},
        "KC",
        stock="8S 3S",
        joker_swap=True,
    )
    act(hand, "Ana: draw", "Ana: meld 9C 9D JK", "Ana: discard 2C", "Ben: draw")
    refuse(hand, "Ben: swap 9C in 1", "joker.swap")
    act(hand, "Ben: swap 9H in 1")
    assert melds(hand) == ["9C 9D 9H"]


def test_joker_swap_of_the_take_target_fulfils_take_must_meld() -> None:
    # Ben discards the 8H; Ana and Caro play on; Ben takes the pile down to his 8H and
    # swaps it for Ana's joker: the target is on the table.
    hand = make_hand(
        "remik-500",
        NAMES,
        {"Ana": "6H 7H JK 2C 4D QS KD", "Ben": "2S 9D TH 3C 5D 6S JC"},
        "KC",
        stock="8S 8H 4S 9S",
    )
    act(hand, "Ana: draw", "Ana: meld 6H 7H JK=8H", "Ana: discard 2C")
    act(hand, "Ben: draw", "Ben: discard 8H", "Caro: draw", "Caro: discard 4S")
    act(hand, "Ana: draw", "Ana: discard 4D")
    act(hand, "Ben: take 3")
    refuse(hand, "Ben: discard 2S", "take.must-meld")
    act(hand, "Ben: swap 8H in 1", "Ben: discard JK")
    assert melds(hand) == ["6H 7H 8H"] and pile(hand).endswith("JK")


def joker_for_another_card(**options: object) -> Hand:
    """Ben melds 7H 8H JK=9H; Ana holds 9H and 6S, and the pile is AD 5S QC: taking it down
    to 5S, she can meld 5S only with the joker she wins by swapping her 9H for it."""
    hand = make_hand(
        "remik-500",
        "Ana Ben",
        {"Ana": "9H 6S 5S 2C QD KC 3D", "Ben": "7H 8H JK 4C TD JS QC"},
        "AD",
        stock="8C 2D",
        **options,
    )
    act(hand, "Ana: draw", "Ana: discard 5S")
    act(hand, "Ben: draw", "Ben: meld 7H 8H JK=9H", "Ben: discard QC")
    return hand


def test_joker_swap_of_another_card_wins_a_joker_for_take_must_meld() -> None:
    # docs/rules-decisions.md 6: [take.must-meld] looks at every way to meld the target,
    # a joker won by a swap of another held card included
    hand = joker_for_another_card()
    assert "take 2" in [str(a) for a in hand.legal_actions()]
    act(hand, "Ana: take 2")
    # the swap that wins the joker is allowed; a meld that uses up the 9H first is not
    refuse(hand, "Ana: discard 2C", "take.must-meld")
    act(hand, "Ana: swap 9H in 1", "Ana: meld 5S 6S JK=7S", "Ana: discard 2C")
    assert melds(hand) == ["7H 8H 9H", "5S 6S JK=7S"]


def test_joker_swap_of_another_card_refused_as_a_way_when_the_option_is_off() -> None:
    # the same cards without joker swaps: 5S has no partner but the 6S, so no take of it
    hand = joker_for_another_card(joker_swap=False)
    assert "take 2" not in [str(a) for a in hand.legal_actions()]
    refuse(hand, "Ana: take 2", "take.must-meld")


def test_joker_swap_won_joker_may_not_be_melded_away_from_the_target() -> None:
    # once the joker is won, melding it with QC QD would leave 5S with no way to the
    # table: refused with the take's rule; with the 5S it goes
    hand = joker_for_another_card()
    act(hand, "Ana: take 2", "Ana: swap 9H in 1")
    refuse(hand, "Ana: meld QC QD JK=QH", "take.must-meld")
    act(hand, "Ana: meld 5S 6S JK=7S")


@pytest.mark.parametrize("preset", ["remik-500", "wrotham"])
def test_joker_swap_is_on_in(preset: str) -> None:
    assert rules_of(preset).joker_swap is True


def test_joker_swap_refused_when_it_leaves_only_the_card_taken_from_the_top() -> None:
    # [discard.same-card]: Ana took the top JK and holds only 3H besides; swapping 3H for
    # the group's joker would leave her two jokers, neither of which she may discard and
    # neither of which any meld can take (the group is then full). Found by random play.
    from rummykit import Rules, parse_action
    from rummykit.cards import JOKER_CODE, parse_cards
    from rummykit.errors import IllegalAction
    from rummykit.hand import Phase
    from rummykit.melds import TableMeld

    rules = Rules.preset("500-rum", joker_swap=True, rummy_call="off")
    c = {str(x): int(x) for x in parse_cards("3C 3D 3S 3H")}
    group = TableMeld(False, -1, 3, 0, (c["3C"], c["3D"], c["3S"], JOKER_CODE), (1, 1, 1, 1))
    state = turn_state(phase=Phase.PLAY, took=1, target=JOKER_CODE, same_card=JOKER_CODE)
    hand = Hand.from_public(
        rules,
        ["Ana", "Ben"],
        1,
        1,
        state,
        hands=[[c["3H"], JOKER_CODE], [int(x) for x in parse_cards("9C 9D")]],
        stock=[int(x) for x in parse_cards("KS QS")],
        pile=[],
        melds=[group],
        known=[[JOKER_CODE], []],
    )
    with pytest.raises(IllegalAction) as err:
        hand.apply(parse_action("swap 3H in 1"))
    assert err.value.rule == "discard.same-card"
    assert parse_action("swap 3H in 1") not in hand.legal_actions()
    assert parse_action("discard 3H") in hand.legal_actions()
