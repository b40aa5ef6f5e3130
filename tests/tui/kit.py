"""Helpers for the terminal game's tests: a fixed deal, scripted bots, typing at the prompt.

The scenario (500 Rum, three players, Ben deals so You play first):

- You hold 7H 8H 9H 6H 5C 5D 5S; the stock starts KS, QD, 3C; the upcard is 4D.
- You draw KS, meld 7H 8H 9H (meld 1) and discard 6H, which fits meld 1: the Rummy
  call is offered to Ben (Ana is next and needs no call). Ben calls, lays 6H off on
  meld 1 and discards 2C; Ana loses her turn.
- You draw QD, meld 5C 5D 5S and discard QD.
- Ana draws 3C and discards TH, which fits meld 1: the call is offered to You. You call
  (rummy 1), lay TH off on meld 1 and discard KS, your last card: you go out.
- Scores: You 24 + 15 + 10 = +49; Ana -48; Ben 6 - 52 = -46.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import RichLog

from rummykit import Deal, Game, Phase, Rules, parse_action
from rummykit.actions import Action, Pass
from rummykit.cards import Card, make_pack, parse_cards
from rummykit.tui.app import CommandInput, GameLog, PlayApp
from rummykit.tui.session import Session
from rummykit.view import PlayerView

NAMES = ("You", "Ana", "Ben")
HANDS = {
    "You": "7H 8H 9H 6H 5C 5D 5S",
    "Ana": "TH 2S 9C JC KD 4H QC",
    "Ben": "2C 3H AD 8S JD KC 6D",
}
UPCARD = "4D"
STOCK_TOP = "KS QD 3C"
ANA_SCRIPT = ("draw", "discard TH")
BEN_SCRIPT = ("rummy 1", "layoff 6H to 1", "discard 2C")


def scenario_deal() -> Deal:
    """The fixed deal of the scenario (the rest of the stock in pack order)."""
    hands = [parse_cards(HANDS[n]) for n in NAMES]
    top = parse_cards(STOCK_TOP)
    rest = make_pack(1, 2)
    for c in [c for h in hands for c in h] + [Card.parse(UPCARD), *top]:
        rest.remove(c)
    return Deal(tuple(tuple(h) for h in hands), Card.parse(UPCARD), (*top, *rest))


class ScriptedBot:
    """A bot that plays a fixed list of actions and passes on every Rummy call it is not
    told to make; after the script it plays its first legal action."""

    def __init__(self, name: str, script: Sequence[str]) -> None:
        self.name = name
        self.script = list(script)

    def act(self, view: PlayerView) -> Action:
        nxt = self.script[0] if self.script else ""
        if view.phase is Phase.RUMMY and not nxt.startswith("rummy"):
            return Pass()
        if not self.script:
            return view.legal_actions[0]
        return parse_action(self.script.pop(0))


def scenario_game(seed: int | str = 11, target: int = 500, names: Sequence[str] = NAMES) -> Game:
    """The scenario's game, first hand dealt from :func:`scenario_deal` (Ben deals);
    ``names`` renames the players (You, Ana, Ben) by seat."""
    rules = Rules.preset("500-rum", target=target)
    game = Game(rules, tuple(names), seed=seed, dealer=2, auto_deal=False)
    game.start_hand(scenario_deal())
    game.auto_deal = True
    return game


def scenario_session(
    save: Path | None = None,
    target: int = 500,
    names: Sequence[str] = NAMES,
    seed: int | str = 11,
) -> Session:
    """The scenario with scripted bots (levels recorded as heuristic); with ``target`` 40
    the hand ends the game (You win with 49). ``names`` renames the players by seat."""
    return Session(
        scenario_game(seed=seed, target=target, names=names),
        0,
        {1: "heuristic", 2: "heuristic"},
        save_path=save,
        bots={1: ScriptedBot(names[1], ANA_SCRIPT), 2: ScriptedBot(names[2], BEN_SCRIPT)},
    )


#: The person's actions through the whole scenario hand (the bots act in between).
WHOLE_HAND = (
    "draw",
    "meld 7H 8H 9H",
    "discard 6H",
    "draw",
    "meld 5C 5D 5S",
    "discard QD",
    "rummy 1",
    "layoff TH to 1",
    "discard KS",
)


def play_scenario(session: Session, actions: Sequence[str] = WHOLE_HAND) -> None:
    """Plays the person's ``actions`` of the scenario without a screen, the scripted
    bots acting whenever it is their turn (with ``target=40`` the game ends)."""
    for text in actions:
        while not session.human_to_act:
            session.bot_step()
        session.play(parse_action(text))


def keys(text: str) -> list[str]:
    """Pilot key names that type ``text``."""
    return ["space" if ch == " " else ch for ch in text]


async def settle(pilot: Pilot[None]) -> None:
    """Waits until no bot is playing."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    for _ in range(100):
        await pilot.pause()
        if not app.bots_busy:
            await pilot.pause()
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the bots did not finish")


async def type_command(pilot: Pilot[None], text: str, *, by_key: bool = False) -> None:
    """Puts a command in the prompt (typed key by key if ``by_key``: slower), presses
    Enter, then lets the bots play."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    if by_key:
        await pilot.press(*keys(text))
    else:
        box = app.query_one(CommandInput)
        box.value = text
        box.cursor_position = len(text)
    await pilot.press("enter")
    await settle(pilot)


def shown_log(app: PlayApp) -> str:
    """The log panel's text as shown (its wrapped lines joined again by spaces)."""
    log = app.query_one(RichLog)
    return " ".join(" ".join(strip.text.split()) for strip in log.lines)


def log_column(app: PlayApp) -> str:
    """What the log column shows on the screen now, its rows joined by spaces (a line
    wrapped over two rows reads whole; one cut off at the column's edge does not)."""
    region = app.query_one(GameLog).content_region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    # (without the scroll bar's thumb, drawn in the column's last cells)
    rows = [row[region.x : region.right].rstrip("▁▂▃▄▅▆▇█") for row in rows]
    return " ".join(" ".join(row.split()) for row in rows).strip()


def screen_text(app: PlayApp) -> str:
    """Everything the screen shows now (dialogs included), as plain text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, color_system=None
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()
