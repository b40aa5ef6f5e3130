"""[end.dead]: with ``turn-over`` or ``reshuffle``, the pile is not turned over when no card
off the table can ever be melded or laid off again; an empty stock then ends the hand as
under [end.stock] (rules decision 38).

The position is one that bots reached in a game of ``rummy`` (2 players) and then drew
and discarded for 5,000 actions: each holds one card, the four melds on the table take
none of the other cards, and the clubs 2C-6C that lie in the pile could make a run only
for a player who holds two cards.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit import Hand, IllegalAction, Phase, Rules, parse_action, parse_cards
from rummykit.events import HandEnd
from rummykit.melds import TableMeld, lay_off, resolve_meld
from rummykit.reach import dead_hand

from .kit import act, refuse, turn_state

MELDS = ("7C 7D 7H 7S", "JD JH JS JC", "9C 9H 9S 9D", "AD 2D 3D 4D 5D 6D")
PILE = (
    "TD 8D 8C 6C 4S 6H KD QS KH 8H 3S 5C 3C 4H 2H 2C KC AH TH KS QH TC 6S QC 3H AS QD 5S 4C 8S TS"
)


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def table(texts: tuple[str, ...]) -> list[TableMeld]:
    out = []
    for text in texts:
        m = resolve_meld(codes(text), [], Rules.preset("rummy").ace)
        out.append(TableMeld(m.is_run, m.suit, m.rank, m.lo, m.cards, (1,) * len(m.cards)))
    return out


def position(
    ana: str = "AC",
    ben: str = "2S",
    pile: str = PILE,
    melds: tuple[str, ...] = MELDS,
    number: int = 1,
    **options: object,
) -> Hand:
    """Ana to draw the last stock card (5H) in the position above."""
    state = turn_state(reuse=3)
    return Hand.from_public(
        Rules.preset("rummy", **options),
        ["Ana", "Ben"],
        1,
        number,
        state,
        hands=[codes(ana), codes(ben)],
        stock=codes("5H"),
        pile=codes(pile),
        melds=table(melds),
        known=[[], []],
        seed=0,
    )


def test_end_dead_the_pile_is_not_turned_over_and_end_is_the_only_action() -> None:
    hand = position()
    act(hand, "Ana: draw", "Ana: discard 5H")
    assert not hand.stock and hand.turn == 1
    refuse(hand, "Ben: draw", "end.dead")
    # the top card cannot be melded, and an empty stock that stays empty obliges a meld
    refuse(hand, "Ben: take 5H", "end.stock-take")
    assert list(hand.legal_actions()) == [parse_action("end")]
    act(hand, "Ben: end")
    assert hand.phase is Phase.OVER and hand.ended_by is HandEnd.STOCK and hand.out is None
    # winner-takes with nobody out: Ana's AC (1) is the lowest hand and takes 2 - 1.
    assert hand.scores() == [1, 0]


def test_end_dead_is_the_same_when_the_pile_would_be_shuffled() -> None:
    hand = position(stock_exhausted="reshuffle")
    act(hand, "Ana: draw", "Ana: discard 5H")
    refuse(hand, "Ben: draw", "end.dead")


def test_end_dead_not_while_a_player_holds_enough_cards_for_a_meld_off_the_table() -> None:
    # Ben holds two cards: he could keep 2C 3C, say, and draw 4C: 2C-6C can still be melded
    hand = position(ben="2S 4S", pile=PILE.replace("4S ", ""))
    act(hand, "Ana: draw", "Ana: discard 5H", "Ben: draw")
    assert hand.phase is Phase.PLAY and len(hand.hands[1]) == 3
    assert hand.stock  # the pile was turned over


def test_end_dead_counts_the_card_kept_for_the_discard() -> None:
    # two cards in hand and one drawn make a meld, but not one and a card to discard:
    # dead with discard-required
    two = {"ben": "2S 4S", "pile": PILE.replace("4S ", "")}
    required = position(**two, going_out="discard-required")
    act(required, "Ana: draw", "Ana: discard 5H")
    refuse(required, "Ben: draw", "end.dead")
    # not in Wrotham's all-at-once deals, where the whole hand, all three, may go down
    # ([wrotham.all-at-once]): before them (deal 4) or in them (deal 5)
    for number in (4, 5):
        hand = position(**two, number=number, all_at_once_from_deal=5)
        act(hand, "Ana: draw", "Ana: discard 5H")
        assert parse_action("end") not in hand.legal_actions()
        assert parse_action("draw") in hand.legal_actions()
    pile = PILE.replace("4S ", "").replace("8S ", "")
    three = position(ben="2S 4S 8S", pile=pile, going_out="discard-required")
    act(three, "Ana: draw", "Ana: discard 5H", "Ben: draw")  # three cards are enough
    assert three.stock


def test_end_dead_not_while_a_card_can_be_laid_off() -> None:
    # the jacks are three on the table and JC lies in the pile
    melds = (*MELDS[:1], "JD JH JS", *MELDS[2:])
    hand = position(pile=PILE + " JC", melds=melds)
    act(hand, "Ana: draw", "Ana: discard 5H", "Ben: draw")
    assert hand.phase is Phase.PLAY and hand.stock


def test_end_dead_a_reuse_limit_still_ends_with_end_stock() -> None:
    hand = position(stock_reuse_limit=3)
    act(hand, "Ana: draw", "Ana: discard 5H")
    refuse(hand, "Ben: draw", "end.stock")


# ------------------------------------------------------------------ the test itself
ACE = Rules.preset("rummy").ace


def _melds_on(table: list[TableMeld], cards: list[int]) -> bool:
    """Whether ``cards`` (one to three) can go on the table: as a new meld, or laid off on
    one table meld (the engine's own meld and lay-off checks)."""
    if len(cards) >= 3:
        try:
            resolve_meld(cards, [], ACE)
            return True
        except IllegalAction:
            pass
    for meld in table:
        try:
            lay_off(meld, cards, [], None, 0, ACE)
            return True
        except IllegalAction:
            continue
    return False


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[list[int]], list[int], list[TableMeld]]:
    """A table of melds cut from the pack, a few cards off it, dealt to two hands of one
    or two cards and a pool (the stock and pile)."""
    free = list(range(52))
    table: list[TableMeld] = []
    for _ in range(draw(st.integers(2, 8))):
        if draw(st.booleans()):
            rank = draw(st.integers(0, 12))
            cards = [rank + 13 * s for s in range(4) if rank + 13 * s in free]
            cards = cards[: draw(st.integers(3, 4))]
        else:
            suit, lo = draw(st.integers(0, 3)), draw(st.integers(0, 10))
            cards = [suit * 13 + r for r in range(lo, min(13, lo + draw(st.integers(3, 6))))]
            if not all(c in free for c in cards):
                cards = []
        if len(cards) >= 3:
            table.append(resolve_meld(cards, [], ACE))
            free = [c for c in free if c not in cards]
    off = draw(st.lists(st.sampled_from(free), min_size=3, max_size=7, unique=True))
    sizes = draw(st.tuples(st.integers(1, 2), st.integers(1, 2)))
    hands = [off[: sizes[0]], off[sizes[0] : sizes[0] + sizes[1]]]
    return hands, off[sizes[0] + sizes[1] :], table


@settings(max_examples=300, deadline=None)
@given(positions(), st.booleans())
def test_end_dead_is_never_called_while_some_cards_could_reach_the_table(
    position: tuple[list[list[int]], list[int], list[TableMeld]], keep: bool
) -> None:
    """Soundness against brute force: in a dead hand, no player can ever hold cards that
    meld or lay off. A player holding k cards holds k + 1 after drawing (top-only draws)
    and, with ``keep`` (discard-required, all-at-once deals), must keep one of them for
    the discard: every set of that many cards off the table is tried."""
    hands, pool, table = position
    off = [c for h in hands for c in h] + pool
    dead = dead_hand(hands, pool, table, ACE, 2 + keep, False)
    spare = max(len(h) for h in hands) + 1 - keep
    reachable = any(
        _melds_on(table, list(cards))
        for size in range(1, min(spare, 3) + 1)
        for cards in combinations(off, size)
    )
    assert not (dead and reachable), (hands, pool, [m.cards for m in table])
    # and where two cards at most can leave a hand, nothing reachable means dead
    if spare == 2 and not reachable:
        assert dead
