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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummykit import Hand
from rummykit.actions import Action, Draw
from rummykit.bots import DEFAULT_LEVEL, get_bot, resolve_level
from rummykit.cards import Card
from rummykit.errors import IllegalAction, RecordError, RulesError, RummyError
from rummykit.events import Event, HandResult
from rummykit.files import write_atomically
from rummykit.game import Game
from rummykit.players import Driver, Player
from rummykit.record import HAND_KEYS, RECORD_KEYS, load_game, read_file, read_json, write_record
from rummykit.rules import Rules
from rummykit.tui.log import (
    LogLine,
    Note,
    call_targets,
    event_lines,
    hand_header,
    position,
    replay_log,
    table_after,
)
from rummykit.tui.words import agree, plural
from rummykit.view import PlayerView

__all__ = [
    "BOT_NAMES",
    "DEFAULT_SAVE",
    "Event",
    "LevelsKept",
    "LogLine",
    "Note",
    "Session",
    "UndoRefused",
    "agree",
    "default_save_path",
    "unfinished_game",
    "write_atomically",
]

#: Names given to the bots, in seat order after the person.
BOT_NAMES = ("Ana", "Ben", "Caro", "Dani", "Eli", "Fay", "Gus", "Hal")
#: Where a game is saved unless ``--save`` says otherwise (``~`` expanded at run time).
DEFAULT_SAVE = "~/.rummykit/last-game.json"
#: The key of a record that remembers who is a person and which level each bot plays.
RECORD_KEY = "play"


def default_save_path() -> Path:
    """The default save file: ``$RUMMYKIT_SAVE`` if set, else ``~/.rummykit/last-game.json``."""
    return Path(os.path.expanduser(os.environ.get("RUMMYKIT_SAVE") or DEFAULT_SAVE))


class UndoRefused(RummyError):
    """Undo is not possible now; ``rule`` is ``undo.<why>`` (nothing, hand, others, stock)."""


class LevelsKept(RulesError):
    """Levels asked for a resumed game would change those its record names (``bots``)."""


def _check_players(rules: Rules, preset: str, n: int) -> None:
    if n < rules.min_players or n > rules.max_players:
        raise RulesError(
            "players",
            f"{preset} is for {rules.min_players} to {rules.max_players} players, not {n}",
        )


def _check_level(level: str) -> str:
    try:
        resolve_level(level)
    except ValueError as e:
        budget = (  # simulate's LEVEL:BUDGET
            "; a search's effort is set for every bot with --budget N" if ":" in level else ""
        )
        raise RulesError("bots", f"{e}{budget}") from None
    return level


class _BotSeat:
    """The player the driver seats for a bot: it asks whichever bot the session has for
    that seat now (so that a bot can be replaced, as tests do)."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.seat = seat
        self.name = session.bots[seat].name

    def act(self, view: PlayerView) -> Action:
        """The bot's action."""
        return self.session.bots[self.seat].act(view)


@dataclass(frozen=True)
class Kept:
    """The further keys of a record (``"event"``, ``"date"``, comments), of the whole
    record and of each hand, which a game resumed from it saves again unchanged."""

    top: dict[str, Any] = field(default_factory=dict)
    hands: tuple[dict[str, Any], ...] = ()

    @classmethod
    def of(cls, doc: object, seed: int | str = 0) -> Kept:
        """The further keys of a record document (already read as a valid record) whose
        game was dealt from ``seed``. A ``"seed"`` the game could not use (and so dealt
        from ``seed`` instead, as NOTATION.md's further keys are ignored) is kept too."""
        if not isinstance(doc, dict):
            return cls()
        written = {*RECORD_KEYS, "seed", RECORD_KEY}
        top = {k: v for k, v in doc.items() if k not in written}
        if "seed" in doc and (type(doc["seed"]), doc["seed"]) != (type(seed), seed):
            top["seed"] = doc["seed"]
        raw = doc.get("hands")
        hands = tuple(
            {k: v for k, v in h.items() if k not in HAND_KEYS} if isinstance(h, dict) else {}
            for h in (raw if isinstance(raw, list) else ())
        )
        return cls(top, hands)

    def into(self, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` with these keys added where it does not write them itself (and the
        record's own ``"seed"`` where the game could not use it)."""
        for key, value in self.top.items():
            if key == "seed":
                doc[key] = value
            else:
                doc.setdefault(key, value)
        for written, extra in zip(doc["hands"], self.hands, strict=False):
            for key, value in extra.items():
                written.setdefault(key, value)
        return doc


class Session:
    """One person (seat ``human``) against bots (every other seat) in one game.

    Every action goes through a :class:`~rummykit.players.Driver` (:attr:`driver`): the
    person's with :meth:`play`, a bot's with :meth:`bot_step` or, after the bot has
    chosen in the background (:meth:`bot_choice`), :meth:`apply`.
    """

    def __init__(
        self,
        game: Game,
        human: int,
        levels: Mapping[int, str],
        *,
        save_path: Path | None = None,
        bots: Mapping[int, Player] | None = None,
        budget: int | None = None,
        kept: Kept | None = None,
        notes: Sequence[Note] = (),
        seed_chosen: bool = False,
    ) -> None:
        self.game = game
        #: whether the person chose the seed: whoever knows it knows every deal, so a
        #: seed drawn at random is shown only once the game is over (:attr:`seed_shown`)
        self.seed_chosen = seed_chosen
        #: the keys of a resumed record that rummykit does not write itself, saved again
        #: as they were (NOTATION.md: further keys are kept and ignored)
        self.kept = kept or Kept()
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
        #: the notes of the program in the log (undos, bots that failed), which the log
        #: rebuilt after an undo or a resume shows again, and the record keeps
        self.notes: list[Note] = list(notes)
        #: the card(s) the Rummy call open now is on, for the log line of the next action
        self._call_on: tuple[Card, ...] = ()
        self.save_error: str | None = None
        #: The game's loop: it applies every action, the person's (submitted) and the
        #: bots', and hands each event to :meth:`_record` (log, save).
        self.driver = Driver(
            game,
            [None if s == human else _BotSeat(self, s) for s in range(len(game.players))],
            listeners=[self._record],
        )
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
        if players is not None:  # before a list of that many opponents is made
            _check_players(rules, preset, players)
        if not bots:
            bots = [DEFAULT_LEVEL] * ((players if players is not None else 3) - 1)
        levels = [_check_level(b) for b in bots] or [DEFAULT_LEVEL]
        n = players if players is not None else len(levels) + 1
        _check_players(rules, preset, n)
        if len(levels) > n - 1:
            raise RulesError(
                "bots", f"{plural(len(levels), 'bot level')} for {plural(n - 1, 'opponent')}"
            )
        levels += [levels[-1]] * (n - 1 - len(levels))
        others = [b for b in BOT_NAMES if b != name][: n - 1]
        chosen = seed is not None
        game = Game(rules, [name, *others], seed=seed)  # None: 63 random bits
        return cls(
            game,
            0,
            {i + 1: lv for i, lv in enumerate(levels)},
            save_path=save_path,
            budget=budget,
            seed_chosen=chosen,
        )

    @classmethod
    def resume(
        cls,
        path: Path,
        *,
        name: str | None = None,
        bots: Sequence[str] = (),
        save_path: Path | None = None,
        budget: int | None = None,
    ) -> Session:
        """Continues the game a record file holds (saving on to ``save_path``).

        The person is the seat the record's ``"play"`` entry names (``name`` overrides,
        else the first player). Each bot plays the level the entry names for it: a
        resumed game is played by the bots its record says played it. ``bots`` gives
        levels to the opponents in seat order, as for a new game (missing ones repeat
        the last); it may only give those the record names no level for (a record
        written by hand, or the seat ``name`` left), the others
        :data:`~rummykit.bots.DEFAULT_LEVEL`. Raises
        :class:`~rummykit.errors.RecordError`, ``OSError``, or
        :class:`~rummykit.errors.RulesError` (``bots``): :class:`LevelsKept` for a level
        that would change one the record names.
        """
        doc = read_json(read_file(path))
        game = load_game(doc)
        meta = doc.get(RECORD_KEY) if isinstance(doc, dict) else None
        meta = meta if isinstance(meta, dict) else {}
        who = name or meta.get("human") or game.players[0]
        if who not in game.players:
            raise RecordError(
                "record.players", f"no player is called {who!r} ({', '.join(game.players)})"
            )
        human = game.players.index(who)
        levels = _resumed_levels(game.players, human, meta.get("bots"), bots)
        notes = _read_notes(meta.get("notes"), game)
        kept = Kept.of(doc, game.seed)
        return cls(game, human, levels, save_path=save_path, budget=budget, kept=kept, notes=notes)

    def rematch(self, seed: int | str | None = None) -> Session:
        """A new game with the same players, bot levels, rules and save file, dealt from
        a new ``seed`` (by default a random one other than this game's)."""
        chosen = seed is not None and seed != self.game.seed
        # not chosen: the game draws 63 random bits (never this game's but once in 10**19)
        game = Game(self.game.rules, self.names, seed=seed if chosen else None)
        return Session(
            game,
            self.human,
            self.levels,
            save_path=self.save_path,
            budget=self.budget,
            seed_chosen=chosen,
        )

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
    def seed_shown(self) -> bool:
        """Whether the screen may show the seed: the person chose it, or the game is over
        (whoever knows it knows every hidden card)."""
        return self.seed_chosen or self.game.over

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
            raise IllegalAction("end.out", "the game is over (again plays a new one)")
        if self.game.to_act != self.human:
            who = self.names[self.game.to_act]
            raise IllegalAction("action.turn", f"it is {who}'s turn to act, not yours")
        return self.apply(self.human, action)

    def bot_choice(self) -> Callable[[], tuple[int, Action]]:
        """The choice of the bot to act, to be made anywhere (a worker thread): a call
        that returns its seat and the action its bot picks from its view as it is now.
        The view is taken here, so the call never reads the game, which an undo may
        rewind while the bot thinks."""
        seat = self.game.to_act
        if seat < 0 or seat == self.human:
            raise IllegalAction("action.turn", "no bot is to act")
        bot, view = self.bots[seat], self.game.view(seat)
        return lambda: (seat, bot.act(view))

    def bot_step(self) -> Event:
        """Lets the bot to act choose and play one action (through the driver), at once.

        The terminal game instead makes :meth:`bot_choice` in a worker thread and applies
        the choice with :meth:`apply`, so that the screen stays live while a bot thinks.
        """
        if self.game.to_act < 0 or self.game.to_act == self.human:
            raise IllegalAction("action.turn", "no bot is to act")
        event = self.driver.step()
        assert event is not None
        return event.for_seat(self.human)

    def apply(self, seat: int, action: Action) -> Event:
        """Applies ``action`` for ``seat`` through the driver, which logs and saves it
        (:meth:`_record`); returns the event as the person may know it. Raises
        :class:`IllegalAction`, changing nothing."""
        return self.driver.submit(seat, action).for_seat(self.human)

    def _record(self, event: Event) -> None:
        """The driver's listener: the event's log lines, the next hand's header, a save."""
        game = self.game
        after = table_after(game, event, self._call_on)
        self._call_on = call_targets(game)
        reshuffle = game.rules.stock_exhausted.value == "reshuffle"
        self.log += event_lines(event, after, self.names, self.human, reshuffle=reshuffle)
        if event.next_hand is not None:
            self.log.append(hand_header(game.hand.number, game.hand.dealer, self.names))
        self.save()

    def note(self, seat: int, text: str) -> None:
        """Adds a note of the program (``seat``: whose it is) to the log, where the game
        stands now. It stays there when the log is rebuilt (a later undo, a resume) and
        the record keeps it; it is saved with the next save (the caller's)."""
        after, passes = position(self.hand.history)
        note = Note(self.hand.number, seat, text, after, passes)
        self.notes.append(note)
        self.log.append(note.line())

    def describe_result(self, result: HandResult) -> str:
        """One line saying how a hand ended."""
        if result.out is not None:
            return f"{self.names[result.out]} went out"
        return "the stock ran out: the hand is over"

    def _rebuild_log(self) -> None:
        """The whole log, in order, by replaying the game's actions (after a resume or
        an undo): the same lines as when they were played, passes not written in a
        record aside."""
        self.log = replay_log(self.game, self.human, self.notes)
        self._call_on = call_targets(self.game)

    # ------------------------------------------------------------------ undo
    def undo_point(self) -> int:
        """The index in the hand's history of the person's action that undo would take back.

        Raises :class:`UndoRefused` when undo would reveal something or change what
        another player did: the action was a draw from the stock (its card would be
        seen and put back), another player has acted since, or the hand is over (the game
        is, or a new hand is dealt and nobody has acted in it yet); or
        when the person sits the hand out ([game.ties]).
        """
        if self.game.over:
            raise UndoRefused("undo.hand", "the game is over")
        me = self.game.seat_in_hand(self.human)
        if me is None:
            raise UndoRefused(
                "undo.nothing", "you sit this hand out (game.ties): nothing in it is yours"
            )
        history = self.hand.history  # by the hand's own seats
        mine = [i for i, (s, _) in enumerate(history) if s == me]
        if not history and len(self.game.hands) > 1:  # as the server says it (undo.hand)
            raise UndoRefused(
                "undo.hand", "a new hand is dealt: nothing of the last one comes back"
            )
        if not mine:
            raise UndoRefused("undo.nothing", "you have not acted in this hand yet")
        last = mine[-1]
        since = [s for s, _ in history[last + 1 :] if s != me]
        if since:
            who = self.names[self.game.hand_seats[since[0]]]
            raise UndoRefused(
                "undo.others", f"{who} {agree(who, 'have')} acted since your last action"
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
        # the notes made after the actions taken back stay, where the hand stands now
        now = position(self.hand.history)
        number = self.hand.number
        self.notes = [
            Note(n.hand, n.seat, n.text, *now)
            if n.hand == number and (n.after, n.passes) > now
            else n
            for n in self.notes
        ]
        self._rebuild_log()
        self.note(self.human, f"(undo: {undone})")
        self.save()
        return undone

    # ------------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        """The game record (NOTATION.md) with a ``"play"`` entry naming person and bots."""
        meta: dict[str, Any] = {
            "human": self.names[self.human],
            "bots": {self.names[s]: lv for s, lv in self.levels.items()},
        }
        if self.notes:
            meta["notes"] = [
                {"hand": n.hand, "after": n.after, "player": self.names[n.seat], "text": n.text}
                for n in self.notes
            ]
        return self.kept.into(write_record(self.game, {RECORD_KEY: meta}))

    def save(self) -> None:
        """Writes the record to :attr:`save_path` safely; remembers a failure.

        The record goes to a temporary file in the same directory, is flushed to the
        disk, and then replaces the save file in one step, so that a crash or a full
        disk leaves either the old record or the new one, never half of one. On any
        failure the temporary file is removed and :attr:`save_error` says why.
        """
        path = self.save_path
        if path is None:
            return
        try:
            write_atomically(path, json.dumps(self.record(), indent=1) + "\n")
            self.save_error = None
        except OSError as e:
            self.save_error = f"cannot save to {path}: {e.strerror or e}"


def _resumed_levels(
    players: Sequence[str], human: int, saved: object, given: Sequence[str]
) -> dict[int, str]:
    """The level of each bot seat of a resumed game: the one its record names
    (``saved``: the ``"play"`` entry's ``"bots"``), else the one ``given`` for it (the
    opponents in seat order, missing ones repeating the last), else the default.
    Raises :class:`LevelsKept` where ``given`` would change a level the record names,
    :class:`~rummykit.errors.RulesError` (``bots``) for an unknown level or more levels
    than there are opponents."""
    named = saved if isinstance(saved, dict) else {}
    seats = [s for s in range(len(players)) if s != human]
    wanted = [_check_level(lv) for lv in given]
    if len(wanted) > len(seats):
        raise RulesError(
            "bots", f"{plural(len(wanted), 'bot level')} for {plural(len(seats), 'opponent')}"
        )
    if wanted:
        wanted += [wanted[-1]] * (len(seats) - len(wanted))
    levels: dict[int, str] = {}
    recorded: list[int] = []
    changed: list[str] = []
    for i, s in enumerate(seats):
        level = named.get(players[s])
        if level is None:
            levels[s] = wanted[i] if wanted else DEFAULT_LEVEL
            continue
        levels[s] = str(level)
        recorded.append(s)
        if wanted and wanted[i] != levels[s]:
            changed.append(f"{players[s]} {wanted[i]}")
    if changed:
        keeps = ", ".join(f"{players[s]} {levels[s]}" for s in recorded)
        raise LevelsKept(
            "bots",
            f"the record names the opponents' levels ({keeps}) and a resumed game keeps "
            f"them (its record says who played it), so the levels asked for "
            f"({', '.join(changed)}) cannot be used",
        )
    return levels


def _read_notes(raw: object, game: Game) -> list[Note]:
    """The notes a record's ``"play"`` entry holds (:meth:`Session.record`), in order.

    Notes are the program's remarks, not the game: one that does not name a hand of
    the game, a player and a text is left out rather than refusing the record."""
    notes: list[Note] = []
    for item in raw if isinstance(raw, list) else ():
        if not isinstance(item, dict):
            continue
        hand, after = item.get("hand"), item.get("after", 0)
        player, text = item.get("player"), item.get("text")
        if (
            type(hand) is int
            and 1 <= hand <= len(game.hands)
            and type(after) is int
            and after >= 0
            and player in game.players
            and isinstance(text, str)
        ):
            notes.append(Note(hand, game.players.index(player), text, after))
    return notes


def unfinished_game(path: Path) -> tuple[str, bool] | None:
    """What starting a new game saved to ``path`` would lose, or ``None`` if nothing.

    ``None`` when there is no file there or it holds a finished game; otherwise a short
    description and whether ``play --resume`` can continue it: an unfinished game (its
    hand and totals; true), or a file that is not a game record rummykit can read (which
    it will not overwrite either; false).
    """
    try:
        data = read_file(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        return f"a file that cannot be read ({e.strerror or e})", False
    except RummyError as e:
        return f"a file that is not a game record ({e.message})", False
    try:
        game = load_game(read_json(data))
    except RummyError as e:
        return (
            f"a file that is not a game record rummykit can continue ([{e.rule}] {e.message})",
            False,
        )
    if game.over:
        return None
    totals = ", ".join(f"{n} {t:+d}" for n, t in zip(game.players, game.totals, strict=True))
    return f"an unfinished game (hand {game.hand.number}; {totals})", True
