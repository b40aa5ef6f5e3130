"""Plain-text tables of a game for people: each hand's table and the score sheet."""

from __future__ import annotations

from rummykit.cards import card_sort_key, format_cards
from rummykit.game import Game
from rummykit.hand import Hand
from rummykit.melds import format_meld


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
        how = f"{hand.name(hand.out)} went out" if hand.out >= 0 else "the stock ran out"
        lines.append(f"  ended: {how}")
    else:
        lines.append("  (the record stops inside this hand)")
    return "\n".join(lines)


def describe_game(game: Game) -> str:
    """Every hand's table, then the score sheet."""
    parts = [describe_hand(h) for h in game.hands]
    names = game.players
    width = max(8, *(len(n) for n in names))

    def row(label: str, values: tuple[int, ...] | list[int] | tuple[str, ...]) -> str:
        return f"  {label:>5} " + " ".join(f"{v:>{width}}" for v in values)

    sheet = ["Score sheet", row("hand", names)]
    for i, r in enumerate(game.results, start=1):
        sheet.append(row(str(i), r.scores))
    sheet.append(row("total", game.totals))
    if game.winner is not None:
        sheet.append(f"  winner: {names[game.winner]}")
    settle = game.settlement()
    if settle is not None:
        sheet.append(
            "  settlement: " + ", ".join(f"{n} {s:+d}" for n, s in zip(names, settle, strict=True))
        )
    return "\n\n".join([*parts, "\n".join(sheet)])
