"""A game between one person and bots, without any screen: the model behind ``rummykit play``.

A :class:`Session` owns the :class:`~rummykit.game.Game`, knows which seat is the person
and which bot plays each other seat, applies actions, keeps a log, saves the game record
after every action, and undoes the person's last action when that reveals nothing::

    >>> s = Session.start(seed=5, save_path=None)
    >>> s.names, s.levels
    (('You', 'Ana', 'Ben'), {1: 'heuristic', 2: 'heuristic'})
    >>> while not s.human_to_act:
    ...     _ = s.bot_step()
    >>> s.view().phase.value in ("draw", "rummy")
    True
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummykit.actions import Action, CallRummy, Draw, Pass
from rummykit.bots import DEFAULT_LEVEL, LEVELS, get_bot
from rummykit.cards import CARDS, Card
from rummykit.errors import IllegalAction, RecordError, RulesError, RummyError
from rummykit.game import Game, HandResult
from rummykit.hand import Hand
from rummykit.players import Player
from rummykit.record import load_game, write_record
from rummykit.rules import Rules
from rummykit.view import PlayerView

__all__ = [
    "BOT_NAMES",
    "DEFAULT_SAVE",
    "Event",
    "LogLine",
    "Session",
    "UndoRefused",
    "agree",
    "default_save_path",
]

#: Names given to the bots, in seat order after the person.
BOT_NAMES = ("Ana", "Ben", "Caro", "Dani", "Eli", "Fay", "Gus", "Hal")
#: Where a game is saved unless ``--save`` says otherwise (``~`` expanded at run time).
DEFAULT_SAVE = "~/.rummykit/last-game.json"
#: The key of a record that remembers who is a person and which level each bot plays.
RECORD_KEY = "play"


def default_save_path() -> Path:
    """The default save file: ``$RUMMYKIT_SAVE`` if set, else ``~/.rummykit/last-game.json``."""
    return Path(os.environ.get("RUMMYKIT_SAVE") or DEFAULT_SAVE).expanduser()


def agree(name: str, verb: str) -> str:
    """``verb`` after a player's name: "Ana calls", but "You call".

    >>> agree("Ana", "pass"), agree("You", "win")
    ('passes', 'win')
    """
    if name == "You":
        return verb
    return verb + ("es" if verb.endswith("s") else "s")


class UndoRefused(RummyError):
    """Undo is not possible now; ``rule`` is ``undo.<why>`` (nothing, hand, others, stock)."""


@dataclass(frozen=True)
class LogLine:
    """One line of the game log: who did what (``seat`` -1 for the table itself)."""

    hand: int
    seat: int
    text: str
    kind: str = "action"  # "action", "call", "pass", "undo", "hand"


@dataclass(frozen=True)
class Event:
    """What one applied action did."""

    seat: int
    action: Action
    hand_number: int
    drawn: Card | None  # the card the person drew from the stock
    result: HandResult | None  # set when the action ended the hand


def _check_level(level: str) -> str:
    if level not in LEVELS:
        raise RulesError("bots", f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
    return level


class Session:
    """One person (seat ``human``) against bots (every other seat) in one game."""

    def __init__(
        self,
        game: Game,
        human: int,
        levels: Mapping[int, str],
        *,
        save_path: Path | None = None,
        bots: Mapping[int, Player] | None = None,
        budget: int | None = None,
    ) -> None:
        self.game = game
        self.human = human
        self.levels = {s: _check_level(lv) for s, lv in sorted(levels.items())}
        self.save_path = save_path
        self.budget = budget
        self.bots: dict[int, Player] = {
            s: get_bot(lv, seed=f"{game.seed}/bot/{s}", budget=budget, name=game.players[s])
            for s, lv in self.levels.items()
        }
        if bots:
            self.bots.update(bots)
        self.log: list[LogLine] = []
        self.save_error: str | None = None
        self._rebuild_log()

    # ------------------------------------------------------------------ building
    @classmethod
    def start(
        cls,
        preset: str = "500-rum",
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] | None = None,
        *,
        players: int | None = None,
        seed: int | str | None = None,
        name: str = "You",
        save_path: Path | None = None,
        budget: int | None = None,
    ) -> Session:
        """A new game: the person in seat 0, then one bot per level of ``bots``.

        ``players`` (if given) sets the number of seats; missing bot levels repeat the last
        one. Without ``bots``, every opponent is :data:`~rummykit.bots.DEFAULT_LEVEL` and
        there are three players unless ``players`` says otherwise. Raises
        :class:`~rummykit.errors.RulesError` for an impossible configuration.
        """
        rules = Rules.preset(preset, **dict(options or {}))
        if not bots:
            bots = [DEFAULT_LEVEL] * ((players if players is not None else 3) - 1)
        levels = [_check_level(b) for b in bots] or [DEFAULT_LEVEL]
        n = players if players is not None else len(levels) + 1
        if n < rules.min_players or n > rules.max_players:
            raise RulesError(
                "players",
                f"{preset} is for {rules.min_players} to {rules.max_players} players, not {n}",
            )
        if len(levels) > n - 1:
            raise RulesError("bots", f"{len(levels)} bot levels for {n - 1} opponents")
        levels += [levels[-1]] * (n - 1 - len(levels))
        others = [b for b in BOT_NAMES if b != name][: n - 1]
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        game = Game(rules, [name, *others], seed=seed)
        return cls(
            game,
            0,
            {i + 1: lv for i, lv in enumerate(levels)},
            save_path=save_path,
            budget=budget,
        )

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        name: str | None = None,
        default_level: str = DEFAULT_LEVEL,
        save_path: Path | None = None,
        budget: int | None = None,
    ) -> Session:
        """Continues the game a record file holds (saving on to ``save_path``).

        The person is the seat the record's ``"play"`` entry names (``name`` overrides,
        else the first player); bots keep the levels it names (``default_level`` for the
        others). Raises :class:`~rummykit.errors.RecordError` or ``OSError``.
        """
        text = path.read_text("utf-8")
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError("record.json", f"{path}: not JSON: {e.msg}") from None
        game = load_game(doc)
        meta = doc.get(RECORD_KEY) if isinstance(doc, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        who = name or meta.get("human") or game.players[0]
        if who not in game.players:
            raise RecordError(
                "record.players", f"no player is called {who!r} ({', '.join(game.players)})"
            )
        human = game.players.index(who)
        saved = meta.get("bots") if isinstance(meta.get("bots"), dict) else {}
        assert isinstance(saved, dict)
        levels = {
            s: str(saved.get(p, default_level)) for s, p in enumerate(game.players) if s != human
        }
        return cls(game, human, levels, save_path=save_path, budget=budget)

    # ------------------------------------------------------------------ state
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat."""
        return self.game.players

    @property
    def hand(self) -> Hand:
        """The current hand."""
        return self.game.hand

    @property
    def to_act(self) -> int:
        """The seat to act, or -1 when the game is over."""
        return self.game.to_act

    @property
    def human_to_act(self) -> bool:
        """Whether the person is to act (a turn, or a Rummy call offered to them)."""
        return not self.game.over and self.game.to_act == self.human

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.game.over

    def view(self) -> PlayerView:
        """What the person may know now."""
        return self.game.view(self.human)

    # ------------------------------------------------------------------ acting
    def play(self, action: Action) -> Event:
        """Applies the person's action. Raises :class:`IllegalAction`, changing nothing."""
        if self.game.over:
            raise IllegalAction("end.out", "the game is over")
        if self.game.to_act != self.human:
            who = self.names[self.game.to_act]
            raise IllegalAction("action.turn", f"it is {who}'s turn to act, not yours")
        return self.apply(self.human, action)

    def bot_choice(self) -> tuple[int, Action]:
        """The seat to act (a bot) and the action its bot picks from its view."""
        seat = self.game.to_act
        if seat < 0 or seat == self.human:
            raise IllegalAction("action.turn", "no bot is to act")
        return seat, self.bots[seat].act(self.game.view(seat))

    def bot_step(self) -> Event:
        """Lets the bot to act play one action."""
        seat, action = self.bot_choice()
        return self.apply(seat, action)

    def apply(self, seat: int, action: Action) -> Event:
        """Applies ``action`` for ``seat``, logs and saves. Raises :class:`IllegalAction`."""
        game = self.game
        before_hand = game.hand
        before = list(before_hand.hands[seat])
        results = len(game.results)
        game.apply(action, seat)
        drawn: Card | None = None
        if isinstance(action, Draw) and seat == self.human:
            after = list(before_hand.hands[seat])
            for c in before:
                after.remove(c)
            drawn = CARDS[after[0]] if after else None
        result = game.results[-1] if len(game.results) > results else None
        event = Event(seat, action, before_hand.number, drawn, result)
        self._log_event(event)
        self.save()
        return event

    def _log_event(self, e: Event) -> None:
        name = self.names[e.seat]
        if isinstance(e.action, Pass):
            self.log.append(
                LogLine(e.hand_number, e.seat, f"{name} {self._verb(e.seat, 'pass')}", "pass")
            )
        elif isinstance(e.action, CallRummy):
            self.log.append(
                LogLine(e.hand_number, e.seat, self._call_text(e.seat, e.action), "call")
            )
        else:
            text = f"{name}: {e.action}"
            if e.drawn is not None:
                text += f" ({e.drawn})"
            self.log.append(LogLine(e.hand_number, e.seat, text))
        if e.result is not None:
            self.log.append(LogLine(e.hand_number, -1, self.describe_result(e.result), "hand"))

    def _verb(self, seat: int, verb: str) -> str:
        return agree(self.names[seat], verb)

    def _call_text(self, seat: int, action: Action) -> str:
        return f"{self.names[seat]} {self._verb(seat, 'call')} RUMMY! {action}"

    def describe_result(self, result: HandResult) -> str:
        """One line saying how a hand ended."""
        if result.ended_by == "out" and result.out >= 0:
            return f"{self.names[result.out]} went out"
        return "the stock ran out: the hand is over"

    def _rebuild_log(self) -> None:
        """The log of the current hand, from its history (after a resume or an undo)."""
        number = self.hand.number
        self.log = [line for line in self.log if line.hand != number or line.kind == "hand"]
        for seat, action in self.hand.history:
            if isinstance(action, Pass):
                continue
            text = f"{self.names[seat]}: {action}"
            kind = "action"
            if isinstance(action, CallRummy):
                text, kind = self._call_text(seat, action), "call"
            self.log.append(LogLine(self.hand.number, seat, text, kind))

    # ------------------------------------------------------------------ undo
    def undo_point(self) -> int:
        """The index in the hand's history of the person's action that undo would take back.

        Raises :class:`UndoRefused` when undo would reveal something or change what
        another player did: the action was a draw from the stock (its card would be
        seen and put back), another player has acted since, or the hand is over.
        """
        if self.game.over:
            raise UndoRefused("undo.hand", "the game is over")
        history = self.hand.history
        mine = [i for i, (s, _) in enumerate(history) if s == self.human]
        if not mine:
            raise UndoRefused("undo.nothing", "you have not acted in this hand yet")
        last = mine[-1]
        since = [s for s, _ in history[last + 1 :] if s != self.human]
        if since:
            raise UndoRefused(
                "undo.others", f"{self.names[since[0]]} has acted since your last action"
            )
        if isinstance(history[last][1], Draw):
            raise UndoRefused(
                "undo.stock",
                "a card drawn from the stock stays drawn (you have seen it)",
            )
        return last

    def undo(self) -> Action:
        """Takes back the person's last action by replaying the hand up to before it.

        Returns the action taken back; raises :class:`UndoRefused` (see :meth:`undo_point`).
        """
        index = self.undo_point()
        undone = self.game.rewind(len(self.hand.history) - index)[0][1]
        hand = self.hand
        self._rebuild_log()
        self.log.append(LogLine(hand.number, self.human, f"(undo: {undone})", "undo"))
        self.save()
        return undone

    # ------------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        """The game record (NOTATION.md) with a ``"play"`` entry naming person and bots."""
        meta = {
            "human": self.names[self.human],
            "bots": {self.names[s]: lv for s, lv in self.levels.items()},
        }
        return write_record(self.game, {RECORD_KEY: meta})

    def save(self) -> None:
        """Writes the record to :attr:`save_path` (atomically); remembers a failure."""
        path = self.save_path
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".rummykit-", suffix=".json", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.record(), f, indent=1)
                f.write("\n")
            os.replace(tmp, path)
            self.save_error = None
        except OSError as e:
            self.save_error = f"cannot save to {path}: {e.strerror or e}"
