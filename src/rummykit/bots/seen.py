"""The cards one player's view shows: its own hand, the pile, the table, and every card
known to be in another hand. Everything else in the pack is unseen to that player."""

from __future__ import annotations

from rummykit.view import PlayerView

__all__ = ["shown_cards"]


def shown_cards(view: PlayerView) -> list[int]:
    """Card codes of every card ``view`` shows (copies repeated)."""
    shown: list[int] = [int(c) for c in view.hand or ()]
    shown.extend(int(c) for c in view.pile)
    for m in view.melds:
        shown.extend(m.meld.cards)
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            shown.extend(int(c) for c in known)
    return shown
