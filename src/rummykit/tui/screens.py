"""Dialogs over the table: the Rummy call offered to the person, the score sheet, help."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummykit.actions import CallRummy
from rummykit.tui.hints import hint_line
from rummykit.tui.render import cards_text
from rummykit.view import PlayerView

__all__ = ["HELP_TEXT", "HelpScreen", "RummyOffer", "ScoreSheetScreen"]

HELP_TEXT = """\
[b]Commands[/b] (Tab completes them; short forms in brackets)
  draw (d)            take the top card of the stock
  take N / take 7H    take the pile down to its Nth card / down to 7H
  take (t)            take the top card of the pile
  meld 7H 8H 9H (m)   meld; a joker as JK=TH (run) or JK=9 (group)
  layoff 6H to 1 (l)  add cards to table meld 1 (also: l 6H 1)
  swap 7H in 2 (sw)   put 7H in place of meld 2's joker, take it
  discard 7H (x)      end your turn (your last card: you go out)
  end (e)             the stock is empty and you do not take
  rummy N (r)         call Rummy when it is offered; or pass (p)
  hint (h)  undo (u)  sort \\[suit|rank] (s)  help (?)  quit (q)

[b]Keys[/b]
  F1 help  F2 hint  F3 undo  F4 sort  F5 draw  F6 scores
  Tab complete  → accept the grey suggestion  ↑ ↓ earlier commands
  ctrl+q quit

A refused action names the rule that forbids it, as
[b]\\[discard.one][/b], and changes nothing. Undo takes back your last
action while nobody else has acted since, never a draw from the
stock (you have seen that card). The game is saved after every
action: [b]rummykit play --resume[/b] continues it and
[b]rummykit replay FILE[/b] shows it.

Escape or Enter: close"""


class _Dialog(ModalScreen[str | None]):
    """A centred box that closes with Escape."""

    DEFAULT_CSS = """
    _Dialog { align: center middle; }
    _Dialog > Vertical {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    _Dialog VerticalScroll { height: auto; max-height: 18; }
    _Dialog .title { text-style: bold; }
    _Dialog .keys { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("enter", "close", "close", show=False),
    ]

    def action_close(self) -> None:
        """Closes the dialog with no answer."""
        self.dismiss(None)


class HelpScreen(_Dialog):
    """The list of commands and keys."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield VerticalScroll(Static(Text.from_markup(HELP_TEXT), id="help-text"))


class ScoreSheetScreen(_Dialog):
    """The score sheet after a hand (or at the end of the game)."""

    def __init__(self, title: str, sheet: Text) -> None:
        super().__init__()
        self.title_text = title
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield VerticalScroll(Static(self.sheet, id="sheet"))
            yield Static("Enter or Escape: continue", classes="keys")


def _describe_call(view: PlayerView, action: CallRummy) -> Text:
    pile = list(view.pile)
    depth = action.count or next((d for d in range(1, len(pile) + 1) if pile[-d] == action.card), 1)
    taken = pile[len(pile) - depth :]
    out = Text(f"{action}: take ")
    out.append_text(cards_text(taken))
    out.append(", meld " if len(taken) > 1 else " and meld it")
    if len(taken) > 1:
        out.append_text(cards_text(taken[:1]))
    return out


class RummyOffer(_Dialog):
    """A Rummy call is open for the person: pick a call, or pass (the answer is its text).

    It sits at the right, over the log, so the melds, the pile and the hand stay in view.
    """

    DEFAULT_CSS = """
    RummyOffer { align: right middle; }
    RummyOffer > Vertical { width: 42; }
    RummyOffer OptionList, RummyOffer OptionList:focus {
        height: auto; max-height: 8; border: none; padding: 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,p,n", "answer('pass')", "pass"),
        Binding("h", "hint", "hint"),
        *[Binding(str(i), f"pick({i})", show=False) for i in range(1, 10)],
    ]

    def __init__(self, view: PlayerView, last: str) -> None:
        super().__init__()
        self.view = view
        self.last = last
        self.calls = [a for a in view.legal_actions if isinstance(a, CallRummy)]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("RUMMY! A call is open for you", classes="title")
            if self.last:
                yield Static(f"after {self.last}")
            options = [
                Option(Text(f"{i}  ").append_text(_describe_call(self.view, a)), id=str(a))
                for i, a in enumerate(self.calls, start=1)
            ]
            options.append(Option("p  pass: let the call go", id="pass"))
            yield OptionList(*options, id="calls")
            yield Static("", id="hint")
            yield Static("1-9 or ↑↓ Enter: call · p/Esc: pass\nh: hint", classes="keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Answers with the chosen option."""
        self.dismiss(event.option.id)

    def action_pick(self, number: int) -> None:
        """Answers with the ``number``-th call."""
        if 1 <= number <= len(self.calls):
            self.dismiss(str(self.calls[number - 1]))

    def action_answer(self, text: str) -> None:
        """Answers with ``text``."""
        self.dismiss(text)

    def action_hint(self) -> None:
        """Shows what the hint bot would do."""
        self.query_one("#hint", Static).update("hint: " + hint_line(self.view))
