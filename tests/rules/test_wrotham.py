"""The Wrotham preset (RULES.md section 9 and seed notes 3): a 55-card pack with three
jokers, six deals, eight cards and no draw for the first player
(`wrotham.first-turn`), all seven cards at once in deals 4-6 (`wrotham.all-at-once`),
joker swaps; and the two extension options on other presets."""

from __future__ import annotations

import pytest

from rummykit import Deal, Game, Hand, Phase
from rummykit.events import HandEnd

from .kit import (
    act,
    complete_deal,
    held,
    make_game,
    make_hand,
    melds,
    refuse,
    rules_of,
    with_pile,
)

TWO = "Ana Ben"


def test_wrotham_pack_has_55_cards_and_three_jokers() -> None:
    rules = rules_of("wrotham")
    deal = Deal.shuffled(rules, 4, seed=2)
    every = [str(c) for h in deal.hands for c in h] + [str(deal.upcard)]
    every += [str(c) for c in deal.stock]
    assert len(every) == 55 and every.count("JK") == 3


def test_wrotham_first_player_gets_eight_cards_with_two_players() -> None:
    hand = make_hand("wrotham", TWO, {}, "QD")
    assert [len(h) for h in hand.hands] == [8, 7]  # not 10: seed notes 3


# ---------------------------------------------------------------- wrotham.first-turn
def test_wrotham_first_turn_no_draw_and_no_take() -> None:
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD")
    assert hand.phase is Phase.PLAY and hand.to_act == 0
    refuse(hand, "Ana: draw", "wrotham.first-turn")
    refuse(hand, "Ana: take 1", "wrotham.first-turn")
    assert not any(a.verb in ("draw", "take") for a in hand.legal_actions())


def test_wrotham_first_turn_refusal_speaks_to_a_player_called_you() -> None:
    # the terminal game's player: found by a review, "You were dealt ... and does not draw"
    hand = make_hand("wrotham", "You Ben", {"You": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD")
    error = refuse(hand, "You: take 2", "wrotham.first-turn")
    assert error.message == "You were dealt the extra card and do not draw on the first turn"


def test_wrotham_first_turn_melds_once_then_discards() -> None:
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD", stock="6C")
    act(hand, "Ana: meld 3C 4C 5C")
    refuse(hand, "Ana: meld 9D 9H 9S", "meld.one-per-turn")  # deals 1-3: one meld a turn
    act(hand, "Ana: discard 2H")
    assert len(hand.hands[0]) == 4 and hand.turn == 1


def test_wrotham_first_turn_only_the_very_first_turn() -> None:
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD", stock="6C 7C")
    act(hand, "Ana: discard 2H", "Ben: draw", f"Ben: discard {held(hand, 'Ben')[0]}")
    act(hand, "Ana: draw")
    assert "7C" in held(hand, "Ana")
    # Ben, the second player, draws on his first turn as usual
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD")
    act(hand, "Ana: discard 2H")
    assert hand.phase is Phase.DRAW
    act(hand, "Ben: draw")


def test_wrotham_first_turn_out_at_once_earns_the_rummy_bonus() -> None:
    # seed notes 6: the first player going out on turn 1 qualifies.
    hands = {"Ana": "2H 3H 4H 5H 6H 7H 8H KD", "Ben": "2C 5D 8S JS 3D 6S 9C"}
    hand = make_hand("wrotham", TWO, hands, "QD", rummy_bonus="double")
    act(hand, "Ana: meld 2H 3H 4H 5H 6H 7H 8H", "Ana: discard KD")
    # Ben's 2+5+8+10+3+6+9 = 43, doubled
    assert hand.out == 0 and hand.scores() == [86, 0]


# ---------------------------------------------------------------- wrotham.all-at-once
ANA8 = "3C 4C 5C 6C 9D 9H 9S KD"  # two melds and a discard


@pytest.mark.parametrize("deal", [4, 5, 6])
def test_wrotham_all_at_once_refuses_a_meld_that_cannot_lead_to_going_out(deal: int) -> None:
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD", number=deal)
    refuse(hand, "Ana: meld 3C 4C 5C", "wrotham.all-at-once")
    assert not any(a.verb == "meld" for a in hand.legal_actions())


@pytest.mark.parametrize("deal", [4, 5, 6])
def test_wrotham_all_at_once_going_out_with_several_melds(deal: int) -> None:
    hand = make_hand("wrotham", TWO, {"Ana": ANA8}, "QD", number=deal)
    act(hand, "Ana: meld 3C 4C 5C 6C")
    refuse(hand, "Ana: discard KD", "wrotham.all-at-once")  # she has begun: all or none
    act(hand, "Ana: meld 9D 9H 9S", "Ana: discard KD")  # one meld a turn is lifted
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_wrotham_all_at_once_not_in_the_first_three_deals(deal: int) -> None:
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 9D 9H 9S 2H KD"}, "QD", number=deal)
    act(hand, "Ana: meld 3C 4C 5C", "Ana: discard 2H")
    assert melds(hand) == ["3C 4C 5C"] and hand.phase is Phase.DRAW


def test_wrotham_all_at_once_lay_off_on_a_meld_of_the_same_turn() -> None:
    # Seed notes 3: a meld is allowed when the rest "can still all be melded or laid off
    # this turn": 3C 4C 5C, then 9D 9H 9S, then 6C 7C laid off on the clubs.
    hand = make_hand("wrotham", TWO, {"Ana": "3C 4C 5C 7C 9D 9H 9S 6C"}, "QD", number=4)
    act(hand, "Ana: meld 3C 4C 5C", "Ana: meld 9D 9H 9S", "Ana: layoff 6C 7C to 1")
    assert hand.ended_by is HandEnd.OUT


def test_wrotham_all_at_once_second_player_after_drawing() -> None:
    hands = {"Ana": "2C 5D 8S JS 3D 6S 9C KH", "Ben": "3H 4H 5H 6H TD TC TS"}
    hand = make_hand("wrotham", TWO, hands, "QD", stock="7H", number=5)
    act(hand, "Ana: discard KH", "Ben: draw")
    act(hand, "Ben: meld 3H 4H 5H 6H 7H", "Ben: meld TD TC TS")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1


def test_wrotham_all_at_once_refuses_a_lay_off_that_cannot_lead_to_going_out() -> None:
    # With going_out=floating Ana melds all eight cards and floats, so a meld stays on
    # the table in deal 4; Ben may not lay off on it unless he goes out that turn.
    hands = {"Ana": "2H 3H 4H 5H 6H 7H 8H 9H", "Ben": "TH 2C 5D 8S JS 3D 6S"}
    hand = make_hand("wrotham", TWO, hands, "QD", stock="KC", number=4, going_out="floating")
    act(hand, "Ana: meld 2H 3H 4H 5H 6H 7H 8H 9H")
    assert hand.ended_by is None and hand.turn == 1
    act(hand, "Ben: draw")
    refuse(hand, "Ben: layoff TH to 1", "wrotham.all-at-once")


def test_wrotham_all_at_once_a_lay_off_binds_the_player_to_go_out() -> None:
    # docs/rules-decisions.md 26: a player who has begun to put cards on the table must go
    # out. Ben's lay-off is allowed (the rest can all go down), but then he may not
    # discard with cards still in hand; he melds the rest and goes out.
    hands = {"Ana": "2H 3H 4H 5H 6H 7H 8H 9H", "Ben": "TH 2C 3C 4C 9D 9S 9C"}
    hand = make_hand("wrotham", TWO, hands, "QD", stock="KD", number=4, going_out="floating")
    act(hand, "Ana: meld 2H 3H 4H 5H 6H 7H 8H 9H", "Ben: draw", "Ben: layoff TH to 1")
    assert hand.turn_state().tabled and hand.melds_made == 0
    refuse(hand, "Ben: discard KD", "wrotham.all-at-once")
    assert not any(str(a).startswith("discard") for a in hand.legal_actions())
    act(hand, "Ben: meld 2C 3C 4C", "Ben: meld 9C 9D 9S", "Ben: discard KD")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1


def test_wrotham_all_at_once_refuses_a_swap_that_cannot_lead_to_going_out() -> None:
    # a joker swap puts a card on the table too: Ben's rest cannot all go down
    hands = {"Ana": "2H 3H 4H JK 6H 7H 8H 9H", "Ben": "5H 2C 5D 8S JS 3D 6S"}
    hand = make_hand("wrotham", TWO, hands, "QD", stock="KC", number=4, going_out="floating")
    act(hand, "Ana: meld 2H 3H 4H JK=5H 6H 7H 8H 9H", "Ben: draw")
    refuse(hand, "Ben: swap 5H in 1", "wrotham.all-at-once")
    assert "swap 5H in 1" not in [str(a) for a in hand.legal_actions()]
    act(hand, "Ben: discard KC")


def test_wrotham_all_at_once_a_swap_that_leads_to_going_out() -> None:
    # with 2C 3C 4C and 9C 9D 9S beside it, the joker won makes the going out: 5H goes in
    # the joker's place, the joker is laid off, and KD is the discard
    hands = {"Ana": "2H 3H 4H JK 6H 7H 8H 9H", "Ben": "5H 2C 3C 4C 9D 9S 9C"}
    hand = make_hand("wrotham", TWO, hands, "QD", stock="KD", number=4, going_out="floating")
    act(hand, "Ana: meld 2H 3H 4H JK=5H 6H 7H 8H 9H", "Ben: draw", "Ben: swap 5H in 1")
    refuse(hand, "Ben: discard KD", "wrotham.all-at-once")
    act(hand, "Ben: meld 2C 3C 4C JK=5C", "Ben: meld 9C 9D 9S", "Ben: discard KD")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1


# ---------------------------------------------------------------- six deals
def play_deal(game: Game, winner: str, loser_cards: str) -> None:
    """The first player of the deal (``winner``) melds 2H..8H and discards KD: out."""
    loser = next(n for n in game.players if n != winner)
    dealer = game.players[game.next_dealer]
    deal = complete_deal(
        game.rules,
        game.players,
        {winner: "2H 3H 4H 5H 6H 7H 8H KD", loser: loser_cards},
        "QD",
        dealer=dealer,
    )
    game.start_hand(deal)
    assert game.hand.to_act == game.players.index(winner)
    act(game, f"{winner}: meld 2H 3H 4H 5H 6H 7H 8H", f"{winner}: discard KD")


def test_wrotham_six_deals_then_the_highest_total_wins() -> None:
    game = make_game("wrotham", TWO, dealer="Ben")
    for number in range(1, 7):
        first = "Ana" if number % 2 else "Ben"
        # Ben's losing hand is worth 43, Ana's 44
        play_deal(game, first, "2C 5D 8S JS 3D 6S 9C" if first == "Ana" else "2C 5D 8S JS 3D 6S TC")
        assert game.over == (number == 6)
    assert game.totals == [3 * 43, 3 * 44] and game.winner == 1


def test_wrotham_six_deals_equal_totals_play_on_until_one_leads() -> None:
    # docs/rules-decisions.md 21: equal leading totals after the fixed deals mean more
    # deals, as [game.target] plays on after a tie.
    game = make_game("wrotham", TWO, dealer="Ben")
    for number in range(1, 7):
        first = "Ana" if number % 2 else "Ben"
        play_deal(game, first, "2C 5D 8S JS 3D 6S 9C")
    assert game.totals == [129, 129]
    assert not game.over and game.winner is None
    assert game.awaiting_deal  # a seventh deal follows


# ---------------------------------------------------------------- the extension options
def test_wrotham_first_turn_option_on_rummy() -> None:
    hand = make_hand("rummy", TWO, {}, "QD", first_player_extra_card=True)
    assert [len(h) for h in hand.hands] == [11, 10]
    refuse(hand, "Ana: draw", "wrotham.first-turn")


def test_wrotham_all_at_once_option_from_deal_one() -> None:
    hand = make_hand(
        "rummy", "Ana Ben Caro", {"Ana": "3C 4C 5C 9D 9H 9S 2H"}, "QD", all_at_once_from_deal=1
    )
    act(hand, "Ana: draw")  # 6C: she can meld 3C 4C 5C, 9D 9H 9S, lay 6C off, discard 2H
    refuse(hand, "Ana: meld 9D 9H 9S 2H", "meld.run")  # neither a group nor a run
    act(hand, "Ana: meld 3C 4C 5C")
    refuse(hand, "Ana: discard 2H", "wrotham.all-at-once")  # having begun, she must go out
    act(hand, "Ana: meld 9D 9H 9S")
    act(hand, "Ana: layoff 6C to 1")
    act(hand, "Ana: discard 2H")
    assert hand.ended_by is HandEnd.OUT


def test_wrotham_all_at_once_option_refuses_a_meld_that_leaves_two_cards() -> None:
    hand = make_hand(
        "rummy", "Ana Ben Caro", {"Ana": "3C 4C 5C 9D 9H 2S 2H"}, "QD", all_at_once_from_deal=1
    )
    act(hand, "Ana: draw")  # 6C: after 3C 4C 5C (+6C) the nines and twos would stay
    refuse(hand, "Ana: meld 3C 4C 5C", "wrotham.all-at-once")
    refuse(hand, "Ana: meld 3C 4C 5C 6C", "wrotham.all-at-once")
    act(hand, "Ana: discard 2H")


# ---------------------------------------------------------------- with the other options
# docs/rules-decisions.md 41: the whole hand must go down as the other options let it, so
# that no move the engine lists or accepts leaves a player with nothing legal (decision 6)
def legal(hand: Hand) -> list[str]:
    actions = [str(a) for a in hand.legal_actions()]
    assert actions or hand.is_over, "the player to act has no legal action"
    return actions


def test_wrotham_all_at_once_discard_required_is_never_stuck() -> None:
    # Ana holds 2C 3C 4C 9H 9S and draws 9D. Going out by melding everything would do
    # under going_out=any, but discard-required keeps a card for the discard: after
    # 2C 3C 4C the three nines could only all go down, so the meld is refused.
    hands = {"Ana": "2C 3C 4C 9H 9S", "Ben": "5H 6D JC QS KD"}
    options = {"hand_size": 5, "all_at_once_from_deal": 1}
    hand = make_hand("rummy", TWO, hands, "8D", stock="9D", going_out="any", **options)
    act(hand, "Ana: draw", "Ana: meld 2C 3C 4C", "Ana: meld 9D 9H 9S")
    assert hand.ended_by is HandEnd.OUT
    hand = make_hand("rummy", TWO, hands, "8D", stock="9D", going_out="discard-required", **options)
    act(hand, "Ana: draw")
    refuse(hand, "Ana: meld 2C 3C 4C", "wrotham.all-at-once")
    assert not any(a.startswith("meld") for a in legal(hand))
    act(hand, "Ana: discard 9D")
    # with exactly one card to spare the meld is allowed, and the discard ends the hand
    hands = {"Ana": "2C 3C 4C 9H 9S 9C", "Ben": "5H 6D JC QS KD 7S"}
    options["hand_size"] = 6
    hand = make_hand("rummy", TWO, hands, "8D", stock="KH", going_out="discard-required", **options)
    act(hand, "Ana: draw", "Ana: meld 2C 3C 4C")
    refuse(hand, "Ana: meld 9C 9H 9S KH", "meld.run")  # neither a group nor a run
    act(hand, "Ana: meld 9C 9H 9S")
    assert legal(hand) == ["discard KH"]
    act(hand, "Ana: discard KH")
    assert hand.ended_by is HandEnd.OUT and hand.out == 0


def floating_hearts(caro: str, **options: object) -> Hand:
    """Three players, deal 1 all at once, floating: Ana melds 3H..9H and floats, Ben
    discards 2S on the upcard TH, and Caro, holding ``caro``, is to act."""
    hands = {"Ana": "3H 4H 5H 6H 7H 8H", "Ben": "2S 5D 7S 8D 6C KC", "Caro": caro}
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        hands,
        "TH",
        stock="9H AD",
        rummy_call="off",
        going_out="floating",
        all_at_once_from_deal=1,
        hand_size=6,
        **options,
    )
    act(hand, "Ana: draw", "Ana: meld 3H 4H 5H 6H 7H 8H 9H", "Ben: draw", "Ben: discard 2S")
    assert hand.to_act == 2 and hand.hands[0] == []
    return hand


def test_wrotham_all_at_once_target_must_start_meld_is_never_stuck() -> None:
    # [take.new-meld]: TH, the target of take 2, could only be laid off on 3H..9H; the
    # whole hand would go down that way, but not with TH in a new meld
    hand = floating_hearts("3C 4C 5C 9S 9D 9C", target_must_start_meld=True)
    refuse(hand, "Caro: take 2", "take.new-meld")
    assert "take 2" not in legal(hand)
    # without the option the lay-off does, and Caro goes out
    hand = floating_hearts("3C 4C 5C 9S 9D 9C")
    act(hand, "Caro: take 2", "Caro: meld 3C 4C 5C", "Caro: meld 9S 9D 9C")
    act(hand, "Caro: layoff TH to 1", "Caro: discard 2S")
    assert hand.ended_by is HandEnd.OUT and hand.out == 2
    # with TH JH QH in the plan the take is allowed, and TH may not be laid off
    hand = floating_hearts("JH QH 2C 3C 4C 5C", target_must_start_meld=True)
    act(hand, "Caro: take 2")
    refuse(hand, "Caro: layoff TH to 1", "take.new-meld")
    assert "layoff TH to 1" not in legal(hand)
    act(hand, "Caro: meld TH JH QH", "Caro: meld 2C 3C 4C 5C")
    assert legal(hand) == ["discard 2S"]
    # TH TS TD would start a new meld, but the whole hand goes down only with TH laid
    # off (TS JS QS, TD JD QD, TH, 2S to discard): the all-at-once rule refuses the take
    hand = floating_hearts("TS JS QS TD JD QD", target_must_start_meld=True)
    refuse(hand, "Caro: take 2", "wrotham.all-at-once")
    assert "take 2" not in legal(hand)
    hand = floating_hearts("TS JS QS TD JD QD")
    act(hand, "Caro: take 2", "Caro: meld TS JS QS", "Caro: meld TD JD QD")
    act(hand, "Caro: layoff TH to 1", "Caro: discard 2S")
    assert hand.ended_by is HandEnd.OUT


def test_wrotham_all_at_once_layoff_needs_own_meld_is_never_stuck() -> None:
    # Ana melds 7H 8H 9H and floats. Ben (6H 5S) could go down by laying off 6H and the
    # top card TH and discarding 5S, but without a meld of his own he may not lay off.
    hands = {"Ana": "7H 8H 9H", "Ben": "6H 5S", "Caro": "KD QC"}
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro",
        hands,
        "TH",
        dealer="Caro",
        rummy_call="off",
        going_out="floating",
        all_at_once_from_deal=1,
        top_card_must_meld=True,
        layoff_needs_own_meld=True,
        first_player_extra_card=True,
        hand_size=2,
    )
    act(hand, "Ana: meld 7H 8H 9H")
    refuse(hand, "Ben: take 1", "take.must-meld-top")
    assert legal(hand) == ["draw"]


def two_runs(**options: object) -> Hand:
    """Two players, deal 1 all at once, floating: Ana melds 7H 8H 9H and 7S 8S 9S and
    floats; Ben holds 6H 6S 6D 5H 5S, and TH (the upcard) is the top of the pile."""
    hands = {"Ana": "7H 8H 9H 7S 8S 9S", "Ben": "6H 6S 6D 5H 5S"}
    hand = make_hand(
        "500-rum",
        TWO,
        hands,
        "TH",
        dealer="Ben",
        going_out="floating",
        all_at_once_from_deal=1,
        top_card_must_meld=True,
        first_player_extra_card=True,
        hand_size=5,
        **options,
    )
    act(hand, "Ana: meld 7H 8H 9H", "Ana: meld 7S 8S 9S")
    return hand


def test_wrotham_all_at_once_layoff_needs_own_meld_counts_for_the_whole_hand() -> None:
    # Ben goes down by lay-offs alone: 6H 5H and 6S 5S below the runs, TH above, 6D to
    # discard. With layoff_needs_own_meld he must meld first, and 6H 6S 6D (his only
    # meld) strands 5H 5S, so the take is refused: he could meld TH, but not with the
    # whole hand at once
    hand = two_runs()
    act(hand, "Ben: take 1", "Ben: layoff 6H 5H to 1", "Ben: layoff 6S 5S to 2")
    act(hand, "Ben: layoff TH to 1", "Ben: discard 6D")
    assert hand.ended_by is HandEnd.OUT and hand.out == 1
    hand = two_runs(layoff_needs_own_meld=True)
    refuse(hand, "Ben: take 1", "wrotham.all-at-once")
    assert legal(hand) == ["draw"]


def test_wrotham_all_at_once_last_discard_call_is_never_stuck() -> None:
    # [rummy.last-discard]: the caller lays the card off and the turn ends at once, so
    # under the all-at-once rule only a player with no other card (a floater) may call
    hands = {
        "Ana": "2H 3H 4H 5H 6H 7H 8H",
        "Ben": "TH 3C 5S 7D 9C JS KD",
        "Dan": "AC 4D 6S 8C TD QS 2S",
    }
    hand = make_hand(
        "500-rum",
        "Ana Ben Caro Dan",
        hands,
        "KC",
        stock="9H 5D",
        rummy_call="last-discard",
        going_out="floating",
        all_at_once_from_deal=1,
    )
    act(hand, "Ana: draw", "Ana: meld 2H 3H 4H 5H 6H 7H 8H 9H", "Ben: draw", "Ben: discard TH")
    assert hand.phase is Phase.RUMMY and hand.window == (3, 0)
    refuse(hand, "Dan: rummy 1", "wrotham.all-at-once")
    assert legal(hand) == ["pass"]
    act(hand, "Dan: pass")
    assert legal(hand) == ["rummy 1", "pass"]  # Ana floats: nothing else to go down
    act(hand, "Ana: rummy 1", "Ana: layoff TH to 1")
    assert melds(hand) == ["2H 3H 4H 5H 6H 7H 8H 9H TH"] and hand.hands[0] == []
    assert hand.to_act == 2 and hand.phase is Phase.DRAW


def test_wrotham_all_at_once_names_itself_when_a_called_card_could_be_melded() -> None:
    # KS QS JS lie in the pile, a meld of pile cards: the call is open, but Ben's hand
    # could not go down with it
    ana = {"Ana": "2C 4D 6H 8S TC QH AD"}
    hand = with_pile("500-rum", "Ana Ben Caro", ana, "3D KS QS JS", all_at_once_from_deal=1)
    assert hand.open_calls() == (3,) and legal(hand) == ["pass"]
    refuse(hand, "Ben: rummy 3", "wrotham.all-at-once")
    refuse(hand, "Ben: rummy 2", "rummy.take")  # QS alone: no meld


def test_wrotham_all_at_once_names_itself_when_the_target_could_be_melded() -> None:
    # Caro could meld 7H 8H 9H with the 9H of take 2, but not the rest of her hand
    # with it: the all-at-once rule refuses the take, not [take.must-meld]
    hands = {"Caro": "7H 8H 2C 4D 6S JC KD"}
    hand = make_hand("500-rum", "Ana Ben Caro", hands, "5C", stock="9H QS", all_at_once_from_deal=1)
    act(hand, "Ana: draw", "Ana: discard 9H", "Ben: draw", "Ben: discard QS")
    error = refuse(hand, "Caro: take 2", "wrotham.all-at-once")
    assert "could meld 9H" in error.message
    refuse(hand, "Caro: take 3", "take.must-meld")  # 5C: no meld at all
