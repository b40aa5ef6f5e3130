"""Games as records: the record a table's log holds, the hand headers written as each
hand is dealt, a finished game's result, and each seat's copy of a logged event.

The log is exactly a game record (NOTATION.md): the rules, the players, the seed, and for
each hand its dealer, its deal, every action in order and the stock's order after each
reshuffle. :func:`rebuild` replays it through :func:`rummykit.load_game`.
"""

from __future__ import annotations

from typing import Any

from rummykit import Game, Rules, load_game, write_record
from rummykit.server.storage import ActionRow, GameRow, HandRow
from rummykit.server.undo import is_undo

__all__ = ["event_for", "game_result", "hand_row", "rebuild", "record_of"]


def hand_row(game: Game) -> HandRow:
    """The current hand's dealer and deal, as the game's record writes them."""
    written = write_record(game)["hands"][-1]
    return HandRow(game.hand.number, written["dealer"], written["deal"])


def record_of(game: GameRow, hands: list[HandRow], log: list[ActionRow]) -> dict[str, Any]:
    """The record (NOTATION.md) that a game's rows hold: what :func:`rebuild` replays.

    Passes are written (a server logs every action, and a pass may be the last one);
    undos are not (the action an undo took back is no longer in the log).
    """
    players = game.players
    options = Rules.preset(game.preset, **game.options).changed_options()
    doc: dict[str, Any] = {"rules": game.preset}
    if options:
        doc["options"] = options
    doc["players"] = list(players)
    doc["seed"] = game.seed
    written = []
    for h in hands:
        rows = [a for a in log if a.hand == h.number and not is_undo(a)]
        entry: dict[str, Any] = {
            "dealer": h.dealer,
            "deal": h.deal,
            "actions": [f"{players[a.seat]}: {a.action}" for a in rows],
        }
        shuffles = [a.reshuffle for a in rows if a.reshuffle]
        if shuffles:
            entry["reshuffles"] = shuffles
        written.append(entry)
    doc["hands"] = written
    return doc


def rebuild(game: GameRow, hands: list[HandRow], log: list[ActionRow]) -> Game:
    """The game the rows hold, replayed action by action (raises the first error)."""
    return load_game(record_of(game, hands, log))


def game_result(game: Game) -> dict[str, Any]:
    """A finished game's result: the totals by name and the winner(s).

    >>> from rummykit import Game, Rules
    >>> game_result(Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=1))
    {'totals': {'Ana': 0, 'Ben': 0}, 'winners': [], 'winner': None, 'hands': 0}
    """
    names = game.players
    return {
        "totals": dict(zip(names, game.totals, strict=True)),
        "winners": [names[s] for s in game.winners],
        "winner": None if game.winner is None else names[game.winner],
        "hands": len(game.results),
    }


def event_for(row: ActionRow, seat: int | None) -> dict[str, Any]:
    """A logged event as ``seat`` may know it: the drawn card only for the drawer, or
    for everybody when it came from a turned-over stock (``drawn_public``): the same as
    :func:`rummykit.wire.event_to_json` of the event for that seat."""
    if seat == row.seat or row.event.get("drawn") is None or row.event.get("drawn_public"):
        return row.event
    return {**row.event, "drawn": None}
