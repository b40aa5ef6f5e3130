"""Plain-text tables of a game for people: each hand's table and the score sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummykit import Hand
from rummykit.cards import card_sort_key, format_cards
from rummykit.game import Game
from rummykit.melds import format_meld
from rummykit.rules import Settlement


def describe_hand(hand: Hand) -> str:
    """The table of one hand: melds with who laid them, pile, stock, hands left."""
    lines = [f"Hand {hand.number} (dealer {hand.name(hand.dealer)})"]
    for i, m in enumerate(hand.melds, start=1):
        owners = sorted({hand.name(o) for o in m.owners})
        lines.append(f"  meld {i:>2}: {format_meld(m):<40} by {', '.join(owners)}")
    lines.append(f"  pile   : {format_cards(hand.pile) or '-'}   stock: {len(hand.stock)}")
    for seat, cards in enumerate(hand.hands):
        lines.append(
            f"  {hand.name(seat):<10} {format_cards(sorted(cards, key=card_sort_key)) or '-'}"
        )
    if hand.is_over:
        how = f"{hand.name(hand.out)} went out" if hand.out is not None else "the stock ran out"
        lines.append(f"  ended: {how}")
    else:
        lines.append("  (the record stops inside this hand)")
    return "\n".join(lines)


def describe_game(game: Game, last: Callable[[Hand], str] = describe_hand) -> str:
    """Every hand's table, the last one by ``last`` (``rummykit replay`` hides the cards
    held in a hand in progress), then the score sheet: a player who sat a hand out
    (``ties`` leaders-play-on) is named under its table and has ``-`` for it; joint
    winners are all named.

    >>> from rummykit import Rules
    >>> text = describe_game(Game(Rules.preset("remik-single"), ["Ana", "Ben"], seed=1))
    >>> print(text[text.index("Score sheet") :])
    Score sheet
       hand      Ana      Ben
      total        0        0
    """
    names = game.players
    parts = []
    for i, (hand, seats) in enumerate(zip(game.hands, game.seatings, strict=True), start=1):
        text = (last if i == len(game.hands) else describe_hand)(hand)
        away = [names[p] for p in range(len(names)) if p not in seats]
        if away:  # tied leaders play on alone ([game.ties] leaders-play-on)
            text += f"\n  sat out: {', '.join(away)}"
        parts.append(text)
    width = max(8, *(len(n) for n in names))

    def row(label: str, values: Sequence[int | str]) -> str:
        return f"  {label:>5} " + " ".join(f"{v:>{width}}" for v in values)

    sheet = ["Score sheet", row("hand", names)]
    for i, (r, seats) in enumerate(zip(game.results, game.seatings, strict=False), start=1):
        sheet.append(row(str(i), [s if p in seats else "-" for p, s in enumerate(r.scores)]))
    sheet.append(row("total", game.totals))
    if len(game.winners) == 1:
        sheet.append(f"  winner: {names[game.winners[0]]}")
    elif game.winners:
        joint = " and ".join(names[w] for w in game.winners)
        sheet.append(f"  joint winners (equal totals share the win): {joint}")
    settle = game.settlement()
    # settled at the end: nothing is paid while the game goes on (per hand, it is paid)
    if settle is not None and (game.over or game.rules.settlement is Settlement.PER_HAND):
        sheet.append(
            "  settlement: " + ", ".join(f"{n} {s:+d}" for n, s in zip(names, settle, strict=True))
        )
    return "\n\n".join([*parts, "\n".join(sheet)])
