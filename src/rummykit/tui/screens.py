"""Dialogs over the table: the Rummy call offered to the person, the score sheet, help."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummykit.actions import CallRummy
from rummykit.rules import RummyCall
from rummykit.tui.hints import hint_line
from rummykit.tui.render import cards_text, sheet_columns
from rummykit.view import PlayerView

__all__ = [
    "HELP_KEYS",
    "HELP_TEXT",
    "GameOverScreen",
    "HelpScreen",
    "RummyOffer",
    "ScoreSheetScreen",
    "help_text",
    "literal",
]

HELP_TEXT = """\
[b]Commands[/b] (Tab completes them; short forms in brackets)
  draw (d)            the top card of the stock
  take (t) / take 3   the pile's top card / down to its 3rd card
  take 7H             the pile down to 7H (for 7 cards: take 7, not 7C)
  meld 7H 8H 9H (m)   a meld; a joker as JK=TH (run) or JK=9 (group)
  layoff 6H to 1 (l)  add cards to table meld 1 (also: l 6H 1)
  swap 7H in 2 (sw)   put 7H in place of meld 2's joker, take the joker
  discard 7H (x)      end your turn (your last card: you go out)
  end (e)             the stock is empty, you take nothing: hand over
  rummy N (r), pass   in the box that offers a call: its number, or p / n
  hint (h) undo (u) sort \\[suit|rank] (s) scores help (?) quit (q) again
[b]Keys[/b] F1 help F2 hint F3 undo F4 sort F5 draw F6 scores F7 again ^q quit
  Tab completes, → takes the suggestion, ↑↓ history, PgUp PgDn melds
A refused action names its rule, as [b]\\[discard.one][/b], and changes
nothing. Undo takes back your last action while nobody has acted since,
never a draw from the stock. The game is saved after every action:
[b]{command} play --resume[/b] continues it. Rules by id: [b]{command} docs rules[/b];
options: [b]{command} docs options[/b] or [b]{command} rules[/b]."""

#: The line under the help, always in view.
HELP_KEYS = "↑ ↓ PgUp PgDn: scroll · Escape or Enter: close"


#: A line of two columns in the help: a command (or key) and what it does.
_TWO_COLUMNS = re.compile(r"(  \S.*?\S)( {2,})(\S.*)$")


def help_text(command: str = "rummykit", width: int | None = None) -> Text:
    r"""The help box's text, naming the command as the person runs it. With ``width`` (the
    columns the box has), a line of two columns that is wider goes on two or more: the
    command, then what it does, indented, instead of wrapping across the columns.

    >>> print("\n".join(help_text(width=40).plain.splitlines()[1:6]))
      draw (d)
          the top card of the stock
      take (t) / take 3
          the pile's top card / down to its 3rd
          card
    """
    text = Text.from_markup(HELP_TEXT.format(command=escape(command)))
    if width is None:
        return text
    lines = text.split("\n", allow_blank=True)
    # where one command's line does not fit, every one goes on two, alike
    split = any(len(line) > width and _TWO_COLUMNS.match(line.plain) for line in lines)
    out = Text()
    for n, line in enumerate(lines):
        found = _TWO_COLUMNS.match(line.plain)
        if n:
            out.append("\n")
        if found is not None and split:
            out.append_text(line[: found.end(1)])
            for part in textwrap.wrap(found.group(3), max(10, width - 6)):
                out.append("\n      " + part)
            continue
        if len(line) > width and line.plain.startswith("  "):  # a list: under its start
            out.append("\n".join(textwrap.wrap(line.plain, width, subsequent_indent="    ")))
        else:
            out.append_text(line)  # (prose wraps by itself)
    return out


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

    #: The most lines a dialog's scrolling part shows, however tall the terminal.
    SCROLL_LINES: ClassVar[int] = 18
    #: Lines beyond one for each widget around the scrolling part.
    EXTRA_LINES: ClassVar[int] = 0

    def action_close(self) -> None:
        """Closes the dialog with no answer."""
        self.dismiss(None)

    def on_resize(self) -> None:
        """Keeps the whole box in the terminal: the scrolling part gives up lines, so
        that the lines around it (title, keys) stay in view."""
        for scroll in self.query(VerticalScroll):
            box = scroll.parent
            if box is None:
                continue
            others = sum(1 for w in box.children if w is not scroll) + self.EXTRA_LINES
            room = self.size.height - 2 - others  # 2: the box's border
            scroll.styles.max_height = max(3, min(self.SCROLL_LINES, room))


class HelpScreen(_Dialog):
    """The list of commands and keys; it scrolls where the terminal is too small, and
    the line saying how to scroll and close it stays in view."""

    def __init__(self, command: str = "rummykit") -> None:
        super().__init__()
        self.command = command

    def compose(self) -> ComposeResult:
        with Vertical():
            yield VerticalScroll(Static(help_text(self.command), id="help-text"), id="help")
            yield Static(HELP_KEYS, classes="keys")

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """Lays the help out for the box's width (a narrow terminal's)."""
        width = self.query_one("#help", VerticalScroll).scrollable_content_region.width
        if width > 0:
            self.query_one("#help-text", Static).update(help_text(self.command, width))


def literal(text: str | Text) -> Text:
    """``text`` shown as it is: a name, a seed or a path may hold square brackets, which
    a plain string given to a widget would read as markup (``[/]`` even stops the app)."""
    return text if isinstance(text, Text) else Text(text)


class _SheetDialog(_Dialog):
    """A dialog around a score sheet: as tall as the terminal lets it be, shown from its
    end (the totals, and who won), and scrolled by PgUp and PgDn whatever has the focus."""

    SCROLL_LINES: ClassVar[int] = 10_000  # all the room the terminal gives

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pageup", "scroll_sheet(-1)", "scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_sheet(1)", "scroll down", show=False, priority=True),
    ]

    def __init__(self, title: str | Text, sheet: Text | Callable[[int], Text]) -> None:
        super().__init__()
        self.title_text = literal(title)
        #: the sheet for a number of columns (a fixed sheet: the same for any)
        self.sheet_for = sheet if callable(sheet) else lambda _columns: sheet
        self.columns = 0  # laid out when composed, in the app's terminal

    def sheet_widget(self) -> Static:
        """The sheet, laid out for the terminal's width."""
        self.columns = sheet_columns(self.app.size.width)
        return Static(self.sheet_for(self.columns), id="sheet")

    def on_mount(self) -> None:
        self.call_after_refresh(self._to_totals)

    def on_resize(self) -> None:
        """Lays the sheet out again for the new width (Textual runs the dialog's own
        handler too, which fits the box's height)."""
        columns = sheet_columns(self.app.size.width)
        if columns != self.columns:
            self.columns = columns
            self.query_one("#sheet", Static).update(self.sheet_for(columns))

    def _to_totals(self) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_end(animate=False)

    def action_scroll_sheet(self, direction: int) -> None:
        """Scrolls the sheet a page down (1) or up (-1)."""
        scroll = self.query_one("#sheet-scroll", VerticalScroll)
        if direction > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)


class ScoreSheetScreen(_SheetDialog):
    """The score sheet after a hand (or at the end of the game)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield VerticalScroll(self.sheet_widget(), id="sheet-scroll")
            yield Static("Enter or Escape: continue · PgUp/PgDn: scroll", classes="keys")


class GameOverScreen(_SheetDialog):
    """The final score sheet with the choice of what next: play again (same players
    and options, a new deal) or quit. The answer is ``"again"``, ``"quit"``, or None
    (Escape: look at the final table; ``again`` at the prompt or F7 plays again)."""

    DEFAULT_CSS = """
    GameOverScreen OptionList, GameOverScreen OptionList:focus {
        height: auto; border: none; padding: 0;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # (not n: on the Rummy box n passes, and here it would start a game at once)
        Binding("a", "answer('again')", "play again"),
        Binding("q", "answer('quit')", "quit"),
    ]
    EXTRA_LINES = 1  # the list of choices is two lines high
    # focus the choices when the screen shows (Textual's own lookup does not raise when
    # the app closes while the screen is still being mounted, as a query in on_mount did)
    AUTO_FOCUS = "#next"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            yield VerticalScroll(self.sheet_widget(), id="sheet-scroll")
            yield OptionList(
                Option("a  play again: same players and options, a new deal", id="again"),
                Option("q  quit", id="quit"),
                id="next",
            )
            yield Static(
                "a/q or ↑↓ Enter · PgUp/PgDn: scroll · Escape: look at the table first",
                classes="keys",
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Answers with the chosen option."""
        self.dismiss(event.option.id)

    def action_answer(self, text: str) -> None:
        """Answers with ``text``."""
        self.dismiss(text)


def _describe_call(view: PlayerView, action: CallRummy) -> Text:
    pile = list(view.pile)
    depth = action.count or next((d for d in range(1, len(pile) + 1) if pile[-d] == action.card), 1)
    taken = pile[len(pile) - depth :]
    out = Text(f"{action}: take ")
    out.append_text(cards_text(taken))
    if view.rules.rummy_call is RummyCall.LAST_DISCARD:  # laid off, no discard after
        out.append(" and lay it off")
        return out
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
        # the melds beside the box scroll, as at the prompt (the list of calls is short)
        Binding("pageup", "app.melds(-1)", show=False, priority=True),
        Binding("pagedown", "app.melds(1)", show=False, priority=True),
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
                yield Static(Text(f"after {self.last}"))
            options = [
                Option(Text(f"{i}  ").append_text(_describe_call(self.view, a)), id=str(a))
                for i, a in enumerate(self.calls, start=1)
            ]
            options.append(Option("p  pass: let the call go", id="pass"))
            yield OptionList(*options, id="calls")
            yield Static("", id="hint")
            yield Static(
                "1-9 or ↑↓ Enter: call · p/Esc: pass\nh: hint · PgUp/PgDn: melds", classes="keys"
            )

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
        self.query_one("#hint", Static).update(Text("hint: " + hint_line(self.view)))
