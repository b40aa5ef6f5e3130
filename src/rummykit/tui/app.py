"""The ``rummykit play`` application: the table, the prompt, the bots' turns, the dialogs.

The screen (80x24 and up) shows the players (cards held, totals), every table meld
numbered with who laid each card, the whole discard pile, the stock, the log of what
everybody did, and the person's hand. Commands are typed at the prompt (see
:mod:`rummykit.tui.commands`); function keys do the common things. In a terminal
smaller than :data:`MIN_SIZE` the table gives way to a notice asking for a larger one.

Every text a person chose (a name, a seed, a save file's path) is shown as it is, as
:class:`rich.text.Text`, never read as markup.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Footer, Input, RichLog, Static
from textual.worker import Worker, get_current_worker

from rummykit import Phase
from rummykit.actions import Action, Discard, Draw, Take
from rummykit.errors import RummyError
from rummykit.tui.commands import common_prefix, complete, parse_command
from rummykit.tui.hints import hint_line
from rummykit.tui.melds_box import MeldsBox
from rummykit.tui.render import (
    deal_text,
    hand_text,
    melds_text,
    pile_text,
    players_text,
    prompt_text,
    score_sheet,
    sheet_columns,
)
from rummykit.tui.screens import GameOverScreen, HelpScreen, RummyOffer, ScoreSheetScreen
from rummykit.tui.session import Event, LogLine, Session
from rummykit.tui.words import win_text

__all__ = ["CRASH_REPORT", "MIN_SIZE", "CommandInput", "GameLog", "PlayApp"]

#: The file, beside the save file, that holds the traceback of an unexpected error.
CRASH_REPORT = "last-crash.txt"

#: The smallest terminal (columns, rows) the table is drawn in: room for the players
#: of a full table, a few melds, a long discard pile, the hand and the prompt. In a
#: smaller one the melds and the pile would be pushed out of sight without a word.
MIN_SIZE = (60, 20)

#: The style of a refusal or of a warning on the message line.
ERROR_STYLE = "bold red"

_T = TypeVar("_T")


async def _in_daemon_thread(choose: Callable[[], _T]) -> _T:
    """``choose()``, run in a daemon thread of its own while the app goes on.

    A bot may think for seconds and cannot be stopped halfway. Quitting must not wait
    for it: the worker awaiting this is cancelled, its choice is dropped (the game was
    saved after the last action), and neither the event loop's shutdown nor the
    interpreter's exit waits for a daemon thread, as they would for
    :func:`asyncio.to_thread`'s executor.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[_T] = loop.create_future()

    def settle(done: Callable[[], object]) -> None:
        if not future.done():  # cancelled: nobody waits for the choice any more
            done()

    def think() -> None:
        done: Callable[[], object]
        try:
            done = functools.partial(future.set_result, choose())
        except BaseException as e:  # handed to the coroutine that awaits the choice
            done = functools.partial(future.set_exception, e)
        with contextlib.suppress(RuntimeError):  # the loop is closed: the app has quit
            loop.call_soon_threadsafe(settle, done)

    threading.Thread(target=think, name="rummykit-bot", daemon=True).start()
    return await future


class _CommandSuggester(Suggester):
    """Suggests the first completion of the prompt, in grey (→ accepts it)."""

    def __init__(self, app: PlayApp) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.play_app = app

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        for line in self.play_app.completions(value):
            if line.lower().startswith(value.lower()) and len(line) > len(value):
                return line  # accepting it also fixes the case (7h -> 7H)
        return None


class CommandInput(Input):
    """The prompt: Tab completes, ↑/↓ walk through earlier commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "complete", show=False),
        Binding("up", "history(-1)", show=False),
        Binding("down", "history(1)", show=False),
    ]

    def __init__(self, app: PlayApp) -> None:
        super().__init__(
            placeholder="type a command (help, or F1)",
            suggester=_CommandSuggester(app),
            id="cmd",
        )
        self.play_app = app
        self.history: list[str] = []
        self.history_at = 0

    def action_complete(self) -> None:
        """Completes the last word, or lists the choices when there are several."""
        lines = self.play_app.completions(self.value)
        if not lines:
            self.play_app.bell()
            return
        if len(lines) == 1:
            self.value = lines[0] + " "
        else:
            prefix = common_prefix(lines)
            if len(prefix) > len(self.value):
                self.value = prefix
            words = [line.rsplit(" ", 1)[-1] for line in lines]
            self.play_app.say("choices: " + " ".join(words), "dim")
        self.cursor_position = len(self.value)

    def action_history(self, step: int) -> None:
        """Recalls an earlier (or later) command."""
        if not self.history:
            return
        self.history_at = max(0, min(len(self.history), self.history_at + step))
        self.value = self.history[self.history_at] if self.history_at < len(self.history) else ""
        self.cursor_position = len(self.value)

    def remember(self, text: str) -> None:
        """Adds a submitted command to the history."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self.history_at = len(self.history)


class GameLog(RichLog):
    """The log column: each line wrapped to the column's width (however narrow), and
    wrapped again when the width changes (a resized terminal); scrolled to its newest
    line, unless the player scrolled up, also when it grows shorter (a message of three
    lines below it)."""

    def __init__(self) -> None:
        # min_width=1: RichLog draws a line at least min_width wide (78 by default),
        # wider than the column, which cut lines off at every usual terminal size
        super().__init__(id="log", wrap=True, min_width=1, markup=False, auto_scroll=True)
        self.texts: list[Text] = []
        self._wrapped_at = 0
        #: whether the log shows its newest line (the player has not scrolled up)
        self.following = True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.following = new_value >= self.max_scroll_y

    def add(self, text: Text) -> None:
        """Adds a line at the end."""
        self.texts.append(text)
        self.write(text)

    def reset(self) -> None:
        """Empties the log (it follows its newest line again)."""
        self.texts = []
        self.clear()
        self.following = True

    @on(events.Resize)
    def _wrap_again(self) -> None:
        """Wraps the lines again to the new width."""
        width = self.scrollable_content_region.width
        if self._size_known and width != self._wrapped_at and self.texts:
            self.clear()
            for text in self.texts:
                self.write(text)
            self.following = True  # written again from the top, it shows its end
        elif self.following:  # shorter or taller: the newest line stays in sight
            self.scroll_end(animate=False)
        self._wrapped_at = width


class PlayApp(App[None]):
    """A game of rummy against bots, in the terminal."""

    TITLE = "rummykit"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-background; color: $text; text-style: bold; }
    #players-box { height: auto; max-height: 5; scrollbar-size-vertical: 1; }
    #middle { height: 1fr; }
    #table { width: 1fr; }
    #melds-box { height: 1fr; }
    #melds-more { height: 1; display: none; color: $text-muted; }
    #pile { height: auto; max-height: 9; border-top: solid $secondary; }
    #log {
        width: 36%; min-width: 26; border-left: solid $secondary;
        scrollbar-size: 1 1; scrollbar-gutter: stable; overflow-x: hidden;
    }
    #hand { height: auto; border-top: solid $secondary; }
    #message { height: auto; max-height: 3; }
    #too-small {
        display: none; height: 1fr; padding: 1 2;
        content-align: center middle; text-align: center; text-style: bold;
    }
    #cmd { height: 1; border: none; padding: 0 1; }
    .error { color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "help"),
        Binding("f2", "hint", "hint"),
        Binding("f3", "undo", "undo"),
        Binding("f4", "sort", "sort"),
        Binding("f5", "draw", "draw"),
        Binding("f6", "sheet", "scores"),
        Binding("f7", "again", "again", show=False),
        Binding("ctrl+q", "quit", "quit", priority=True),
        Binding("pageup", "melds(-1)", show=False),
        Binding("pagedown", "melds(1)", show=False),
    ]

    def __init__(
        self,
        session: Session,
        *,
        delay: float = 0.6,
        sort_by: str = "suit",
        command: str = "rummykit",
    ) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.sort_by = sort_by
        #: How the person started rummykit (hints name commands they can run).
        self.command = command
        #: The unexpected error that stopped the app, if one did.
        self.crash: BaseException | None = None
        #: Where the crash's traceback was written, if it could be.
        self.crash_report: Path | None = None
        self.marked: list[str] = []
        self.last_error: RummyError | None = None
        self._bot_worker: Worker[None] | None = None
        self._dialog_open = False
        self._logged: list[LogLine] = []
        self._final_shown = False
        #: A warning shown before every message until the person acts again (the game
        #: could not be saved; ctrl+q once more quits without saving).
        self._notice: Text | None = None
        #: Whether the save file was failing at the last redraw (warned once per failure).
        self._save_failing = False
        #: Whether ctrl+q (or quit) was pressed once while the game is not saved.
        self._quit_armed = False

    # ------------------------------------------------------------------ crashes
    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: remembered in :attr:`crash`, its traceback written to a
        report beside the save file, and the app exits (with return code 1) without
        printing the traceback over the terminal; ``rummykit play`` says one line."""
        if self.crash is None:
            self.crash = error
            self.crash_report = self._write_crash_report(error)
        super()._handle_exception(error)
        self._exit_renderables.clear()

    def _write_crash_report(self, error: BaseException) -> Path | None:
        save = self.session.save_path
        if save is None:
            return None
        report = save.with_name(CRASH_REPORT)
        lines = traceback.format_exception(type(error), error, error.__traceback__)
        try:
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text("".join(lines), encoding="utf-8")
        except OSError:
            return None
        return report

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="too-small")
        with VerticalScroll(id="players-box"):  # 8 players may take more than 5 lines
            yield Static(id="players")
        with Horizontal(id="middle"):
            with Vertical(id="table"):
                more = Static(id="melds-more")
                with MeldsBox(more):
                    yield Static(id="melds")
                yield more
                yield Static(id="pile")
            yield GameLog()
        yield Static(id="hand")
        yield Static(id="message")
        yield CommandInput(self)
        yield Footer()

    def on_mount(self) -> None:
        self._fit_size(*self.size)
        self.refresh_table()
        self.query_one(CommandInput).focus()
        if self.session.over:
            self.say(prompt_text(self.session.view()))
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        """Shows the table, or the notice when the terminal is too small for it."""
        self._fit_size(event.size.width, event.size.height)

    def _fit_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        for selector in ("#players-box", "#middle", "#hand"):
            self.query_one(selector).display = not small
        notice = self.query_one("#too-small", Static)
        notice.display = small
        if small:
            notice.update(
                Text(
                    f"The terminal is {width}x{height}: too small for the table. Enlarge "
                    f"the terminal to at least {MIN_SIZE[0]}x{MIN_SIZE[1]} (or make its "
                    "font smaller) to see the melds, the pile and your hand.",
                    style="yellow",
                )
            )

    # ------------------------------------------------------------------ drawing
    def refresh_table(self) -> None:
        """Redraws everything from the person's view."""
        s = self.session
        view = s.view()
        deal = deal_text(s.game.rules, view.hand_number)
        title = f" rummykit · {s.game.rules.name} · {deal or f'hand {view.hand_number}'}"
        target = s.game.rules.target
        if target is not None:
            title += f" · to {target}"
        if s.seed_shown:
            title += f" · seed {s.game.seed}"
        if s.save_error is not None:
            title += " · NOT SAVED (see the end)"
        elif s.save_path is not None:
            title += f" · saved to {s.save_path.name}"
        # Text, not a string: a name, seed or path may hold [brackets] (not markup)
        self.query_one("#title", Static).update(Text(title))
        self._watch_save()
        self.query_one("#players", Static).update(
            players_text(view, s.levels, s.human, s.game.hand_seats)
        )
        self.query_one("#melds", Static).update(melds_text(view))
        self.query_one("#pile", Static).update(pile_text(view))
        hand = Text(f"Hand by {self.sort_by} ({len(view.hand or ())}): ", style="bold")
        must = str(view.must_meld) if view.must_meld is not None else ""
        hand.append_text(hand_text(view.hand or (), self.sort_by, self.marked, must))
        self.query_one("#hand", Static).update(hand)
        self._sync_log()

    def _sync_log(self) -> None:
        log = self.query_one(GameLog)
        lines = self.session.log
        n = len(self._logged)
        if len(lines) < n or lines[:n] != self._logged:
            log.reset()
            n = 0
        for line in lines[n:]:
            log.add(self._log_text(line))
        self._logged = list(lines)

    def _log_text(self, line: LogLine) -> Text:
        style = {
            "call": "bold yellow",
            "hand": "bold green",
            "undo": "dim italic",
            "pass": "dim",
            "table": "dim",
        }.get(line.kind, "bold" if line.seat == self.session.human else "")
        return Text(line.text, style=style)

    def say(self, text: str, style: str = "") -> None:
        """Shows a message above the prompt (after the warning, while there is one)."""
        message = Text(text, style=style)
        if self._notice is not None:
            message = Text.assemble(self._notice, " ", message) if text else self._notice
        self.query_one("#message", Static).update(message)

    def warn(self, text: str) -> None:
        """Shows a warning on the message line (and rings the bell); it stays before the
        messages that follow until the person acts again (:meth:`person_acts`)."""
        self._notice = Text(f"✗ {text}", style=ERROR_STYLE)
        self.say("")
        self.bell()

    def person_acts(self) -> None:
        """The person did something: a warning shown is read, a first ctrl+q forgotten."""
        self._quit_armed = False
        if self._notice is not None:
            self._notice = None
            self.say_prompt()

    def _watch_save(self) -> None:
        """Warns on the message line, once, when the game stops being saved."""
        s = self.session
        failing = s.save_error is not None
        if failing and not self._save_failing:
            self.warn(
                f"NOT SAVED: {self._save_problem()}; quitting loses the game (ctrl+q asks first)."
            )
        self._save_failing = failing

    def _save_problem(self) -> str:
        """Why the game is not saved, its file's path shortened (the message line holds
        three lines; the whole path is printed when the game ends)."""
        s = self.session
        problem = s.save_error or ""
        if s.save_path is not None:
            problem = problem.replace(str(s.save_path), short_path(s.save_path))
        return problem

    def _unsaved(self) -> str | None:
        """Why quitting now would lose the game, or None when it is saved."""
        s = self.session
        if s.save_error is not None:
            return f"The game is NOT SAVED ({self._save_problem()})"
        if s.save_path is None and not s.over:
            return "The game is not saved (--no-save): it cannot be continued later"
        return None

    def request_quit(self) -> None:
        """Quits; while the game is not saved, only when asked twice in a row."""
        why = self._unsaved()
        if why is None or self._quit_armed:
            self.exit()
            return
        self.warn(f"{why}. Press ctrl+q again (or type quit) to quit without saving.")
        self._quit_armed = True

    async def action_quit(self) -> None:
        """Ctrl+Q: quits (asking first while the game is not saved)."""
        self.request_quit()

    def say_prompt(self) -> None:
        """Shows what the person should do now (dim while a bot plays), over any message."""
        s = self.session
        self.say(prompt_text(s.view()), "" if s.over or s.human_to_act else "dim")

    def show_error(self, error: RummyError) -> None:
        """Shows a refusal with its rule id (and rings the bell)."""
        self.last_error = error
        self.say(f"✗ [{error.rule}] {error.message}", ERROR_STYLE)
        self.bell()

    def completions(self, text: str) -> list[str]:
        """Completions of the prompt's text in the current position."""
        return complete(text, self.session.view())

    # ------------------------------------------------------------------ turns
    @property
    def bots_busy(self) -> bool:
        """Whether a bot is taking its turn (waiting out the delay or thinking)."""
        return self._bot_worker is not None

    def advance(self) -> None:
        """Lets the bots play until the person is to act (or a dialog waits)."""
        s = self.session
        if self._dialog_open:
            return
        if s.over:
            self.say(prompt_text(s.view()))
            if not self._final_shown:
                self._final_shown = True
                self._show_sheet(final=True)
            return
        if s.human_to_act:
            view = s.view()
            if self.last_error is None:
                self.say(prompt_text(view))
            if view.phase is Phase.RUMMY:
                self._offer_call()
            return
        if self._bot_worker is not None:
            return
        self.say(prompt_text(s.view()), "dim")
        self._bot_worker = self.run_worker(self._bot_turn(), group="bots", exit_on_error=True)

    async def _bot_turn(self) -> None:
        s = self.session
        hand = s.hand
        start = len(hand.history)
        if self.delay > 0:
            await asyncio.sleep(self.delay)
        seat = s.to_act
        trouble = None
        try:
            seat, action = await _in_daemon_thread(s.bot_choice())
        except Exception as e:  # a bot's bug must not end the person's game
            trouble = type(e).__name__  # its text may name the bot's hidden cards
        me = get_current_worker()
        if me is not self._bot_worker or s.hand is not hand or len(hand.history) != start:
            return  # undone meanwhile: this choice belongs to an old position
        self._bot_worker = None
        if trouble is not None:
            action = s.game.view(seat).legal_actions[0]
            self._bot_trouble(seat, trouble, action)
        try:
            event = s.apply(seat, action)
        except RummyError as e:
            fallback = s.game.view(seat).legal_actions[0]
            # not the action or the engine's message: they may name hidden cards
            self._bot_trouble(seat, f"its choice was refused [{e.rule}]", fallback)
            event = s.apply(seat, fallback)
        self.after_event(event)

    def _bot_trouble(self, seat: int, what: str, instead: Action) -> None:
        s = self.session
        s.note(seat, f"({s.names[seat]}'s bot failed: {what}; it plays {instead})")

    def cancel_bots(self) -> None:
        """Forgets a bot's turn in progress (after an undo)."""
        if self._bot_worker is not None:
            self._bot_worker.cancel()
            self._bot_worker = None

    def after_event(self, event: Event) -> None:
        """Redraws after an action; shows the score sheet when a hand ended."""
        if event.seat == self.session.human:
            if isinstance(event.action, Draw) and event.drawn is not None:
                self.marked = [str(event.drawn)]
            elif isinstance(event.action, Take):
                view = self.session.view()  # the person's seat in the hand is view.seat
                mine = view.known[view.seat] if view.seat is not None else ()
                self.marked = [str(c) for c in mine]
            elif isinstance(event.action, Discard):
                self.marked = []
        if event.result is not None:
            self.marked = []
        self.refresh_table()
        if event.result is not None:
            self._final_shown = self.session.over
            self._show_sheet(final=self.session.over, ended=True)
            return
        self.advance()

    def play(self, action: Action) -> bool:
        """Plays the person's action; a refusal shows its rule and changes nothing."""
        try:
            event = self.session.play(action)
        except RummyError as e:
            self.show_error(e)
            return False
        self.last_error = None
        self.say("")
        self.after_event(event)
        return True

    def _offer_call(self) -> None:
        s = self.session
        others = [  # what the others did last; not a note (an undo, a bot that failed)
            line.text for line in s.log if line.seat not in (-1, s.human) and line.kind != "undo"
        ]
        self._dialog_open = True
        self.push_screen(RummyOffer(s.view(), others[-1] if others else ""), self._answer_call)

    def _answer_call(self, answer: str | None) -> None:
        self._dialog_open = False
        try:
            command = parse_command(answer or "pass", self.session.view())
        except RummyError as e:  # a notation error, or "rummy" when several calls are open
            self.show_error(e)
            self.advance()
            return
        if command.action is not None and not self.play(command.action):
            self.advance()

    def _show_sheet(self, final: bool = False, ended: bool = False) -> None:
        """The score sheet: after a hand (``ended``: how it ended in detail), at the end
        of the game (``final``), or during a hand (F6: the hand's figures so far)."""
        game = self.session.game
        index = len(game.results) - 1
        now = None
        won = win_text([game.players[s] for s in game.winners])
        if final and won:
            title = f"Game over: {won}"
        elif final:
            title = "Game over"
        elif ended and index >= 0:
            deal = deal_text(game.rules, index + 1)
            title = f"{deal[:1].upper()}{deal[1:]} is over" if deal else f"Hand {index + 1} is over"
        else:
            now = self.session.view()
            deal = deal_text(game.rules, now.hand_number)
            title = f"Scores · {deal or f'hand {now.hand_number}'} in progress"
        detail = index if index >= 0 and now is None else None
        self._dialog_open = True
        human = self.session.human
        hands = len(game.results)
        laid = [score_sheet(game, human, detail, now, sheet_columns(self.size.width))]

        def sheet(columns: int) -> Text:
            """The sheet laid out again for a new terminal width, while the game is as it
            was when it opened (a bot's move in flight then may end the hand meanwhile:
            the sheet stays as it opened)."""
            if len(game.results) == hands:
                laid[0] = score_sheet(game, human, detail, now, columns)
            return laid[0]

        if final:
            self.say(prompt_text(self.session.view()))
            self.push_screen(GameOverScreen(title, sheet), self._game_over_answered)
        else:
            self.push_screen(ScoreSheetScreen(title, sheet), self._sheet_closed)

    def _game_over_answered(self, answer: str | None) -> None:
        self._sheet_closed(None)
        if answer == "again":
            self.action_again()
        elif answer == "quit":
            self.request_quit()

    def _sheet_closed(self, _: str | None) -> None:
        self._dialog_open = False
        self.refresh_table()
        self.advance()

    # ------------------------------------------------------------------ input
    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Runs a typed command."""
        box = self.query_one(CommandInput)
        text = event.value.strip()
        box.value = ""
        if not text:
            return
        box.remember(text)
        armed = self._quit_armed
        self.person_acts()
        self.last_error = None
        try:
            command = parse_command(text, self.session.view())
        except RummyError as e:  # a notation error, or an ambiguous command (several calls)
            self.show_error(e)
            return
        if command.action is not None:
            self.play(command.action)
            return
        meta = command.meta or ""
        if meta.startswith("sort"):
            by = meta.split()[1] if " " in meta else None
            self.action_sort(by)
        elif meta == "hint":
            self.action_hint()
        elif meta == "undo":
            self.action_undo()
        elif meta == "help":
            self.action_help()
        elif meta == "scores":
            self.action_sheet()
        elif meta == "quit":
            self._quit_armed = armed
            self.request_quit()
        elif meta == "again":
            self.action_again()

    # ------------------------------------------------------------------ actions
    def action_help(self) -> None:
        """Shows the commands and keys."""
        self.person_acts()
        self.push_screen(HelpScreen(self.command))

    def action_hint(self) -> None:
        """Shows what the hint bot would do now, and why."""
        self.person_acts()
        s = self.session
        if s.over:
            self.say("hint: the game is over; again (F7) plays a new one", "cyan")
            return
        if not s.human_to_act:
            if s.human not in s.game.hand_seats:  # tied leaders play this hand alone
                self.say("hint: you sit this hand out; the tied leaders play it", "cyan")
            else:
                self.say("hint: wait for your turn", "cyan")
            return
        self.say("hint: " + hint_line(s.view()), "cyan")

    def action_undo(self) -> None:
        """Takes back the person's last action, when nothing would be revealed."""
        self.person_acts()
        try:
            undone = self.session.undo()
        except RummyError as e:
            self.show_error(e)
            return
        self.cancel_bots()
        self.marked = []
        self.last_error = None
        self.refresh_table()
        self.advance()
        self.say(f"undone: {undone}")

    def action_sort(self, by: str | None = None) -> None:
        """Sorts the hand by suit or by rank (toggles without an argument)."""
        self.person_acts()
        self.sort_by = by or ("rank" if self.sort_by == "suit" else "suit")
        self.last_error = None
        self.say_prompt()
        self.refresh_table()

    def action_draw(self) -> None:
        """Draws from the stock."""
        self.person_acts()
        self.play(Draw())

    def action_again(self) -> None:
        """Once the game is over: a new game, same players and options, a new deal."""
        if not self.session.over:
            self.say("again: the game is not over yet (quit, then play --new, starts over)")
            self.bell()
            return
        self.cancel_bots()
        self.session = self.session.rematch()
        self.session.save()
        self.marked = []
        self.last_error = None
        self._logged = []
        self.query_one(GameLog).reset()
        self._final_shown = False
        self.refresh_table()
        self.say("A new game.")
        self.advance()

    def action_melds(self, step: int) -> None:
        """Scrolls the melds a page up (-1) or down (1), when they do not all fit."""
        self.query_one(MeldsBox).scroll_page(step)

    def action_sheet(self) -> None:
        """Shows the score sheet."""
        self.person_acts()
        if not self._dialog_open:
            self._show_sheet(final=self.session.over)


def short_path(path: Path, room: int = 40) -> str:
    """``path`` in at most ``room`` characters: its last parts after an ellipsis.

    >>> short_path(Path("/home/ana/games/rummy/2026/november/club-night/game.json"))
    '…/2026/november/club-night/game.json'
    >>> short_path(Path("/tmp/game.json"))
    '/tmp/game.json'
    """
    whole = str(path)
    if len(whole) <= room:
        return whole
    kept = path.name
    if len(kept) + 2 > room:
        return "…" + kept[-(room - 1) :]
    for part in reversed(path.parts[:-1]):
        if len(kept) + len(part) + 3 > room:
            break
        kept = f"{part}/{kept}"
    return f"…/{kept}"
