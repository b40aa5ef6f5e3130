"""What a person types at the prompt: short commands, game actions, and their completion.

Game actions are the record's action texts (NOTATION.md) with a few shortcuts: a verb
may be shortened (``d`` draw, ``t`` take, ``m`` meld, ``l`` layoff, ``sw`` swap, ``x``
discard, ``e`` end, ``r`` rummy, ``p`` pass), ``take`` alone takes the top card,
``rummy`` alone makes the only call there is, and ``to``/``in`` may be left out of a
lay-off or swap. Other commands steer the program (``hint``, ``undo``, ``sort``,
``scores`` (the score sheet), ``help``, ``quit``, and ``again`` for a new game once
this one is over)::

    >>> parse_command("l 6h 1").action
    LayOff(cards=(Card('6H'),), meld=1, end=None)
    >>> str(parse_command("m 7h 8h 9h").action)
    'meld 7H 8H 9H'
    >>> parse_command("u").meta
    'undo'

Text that is neither raises :class:`~rummykit.errors.NotationError` (``action.syntax``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rummykit.actions import MAX_NUMBER_DIGITS, Action, CallRummy, Take, parse_action
from rummykit.cards import Card, quote
from rummykit.errors import AmbiguousAction, NotationError
from rummykit.rules import PileDraw
from rummykit.tui.words import plural
from rummykit.view import PlayerView

__all__ = [
    "ACTION_VERBS",
    "META_COMMANDS",
    "Command",
    "common_prefix",
    "complete",
    "expand_verb",
    "normalize",
    "parse_command",
]

#: The game actions, in the order the completion offers them.
ACTION_VERBS = ("draw", "take", "meld", "layoff", "swap", "discard", "end", "rummy", "pass")
#: Commands that steer the program rather than play.
META_COMMANDS = ("hint", "undo", "sort", "scores", "help", "quit", "again")

# Short forms where a prefix would be ambiguous (d: draw or discard; s: swap or sort).
_ALIASES = {
    "d": "draw",
    "t": "take",
    "m": "meld",
    "l": "layoff",
    "lay": "layoff",
    "x": "discard",
    "s": "sort",
    "sw": "swap",
    "e": "end",
    "r": "rummy",
    "p": "pass",
    "h": "hint",
    "u": "undo",
    "?": "help",
    "q": "quit",
}
_ALL_VERBS = ACTION_VERBS + META_COMMANDS


@dataclass(frozen=True)
class Command:
    """A parsed command: a game ``action``, or a ``meta`` command name."""

    action: Action | None = None
    meta: str | None = None


def expand_verb(word: str) -> str:
    """The full verb for a short form or unambiguous prefix (``lay`` -> ``layoff``).

    Raises :class:`NotationError` if the word is no verb.

    >>> expand_verb("disc"), expand_verb("d")
    ('discard', 'draw')
    """
    w = word.lower()
    if w in _ALL_VERBS:
        return w
    if w in _ALIASES:
        return _ALIASES[w]
    matches = [v for v in _ALL_VERBS if v.startswith(w)]
    if len(matches) == 1:
        return matches[0]
    hint = f" ({' or '.join(matches)}?)" if matches else ""
    raise NotationError(
        f"unknown command {quote(word)}{hint}: type help (or F1) for the list of commands"
    )


def normalize(text: str) -> tuple[str, list[str]]:
    """The full verb and the argument words of a command, shortcuts written out."""
    words = text.split()
    if not words:
        raise NotationError("type a command (help lists them)")
    verb = expand_verb(words[0])
    args = words[1:]
    if verb == "layoff" and args:
        tail = args[-1].lower()
        end = [args.pop()] if tail in ("low", "high") else []
        if args and _digits(args[-1]) and (len(args) < 2 or args[-2].lower() != "to"):
            args.insert(len(args) - 1, "to")
        args += end
    elif verb == "swap" and len(args) == 2 and _digits(args[1]):
        args.insert(1, "in")
    return verb, args


def parse_command(text: str, view: PlayerView | None = None) -> Command:
    """Reads one line typed at the prompt (see the module's description).

    With a ``view``, ``rummy`` alone resolves to the only call the player may make.
    """
    verb, args = normalize(text)
    if verb in META_COMMANDS:
        if args and verb != "sort":
            raise NotationError(f"{verb} takes no argument")
        if verb == "sort" and args and args[0].lower() not in ("suit", "rank"):
            raise NotationError("sort by suit or by rank: sort suit, sort rank")
        return Command(meta=verb if not args else f"sort {args[0].lower()}")
    if verb == "take" and not args:
        return Command(action=Take(count=1))
    if verb in ("take", "rummy"):
        args = _pile_argument(verb, args, view)
    if verb == "rummy" and not args:
        calls = [a for a in view.legal_actions if isinstance(a, CallRummy)] if view else []
        if len(calls) == 1:
            return Command(action=calls[0])
        if not calls and view is not None:
            raise NotationError(
                "no Rummy call is open for you now: rummy is for when a call is offered "
                "to you (rummy 2, rummy 7H)"
            )
        if not calls:
            raise NotationError("rummy needs the depth or the card to call: rummy 2, rummy 7H")
        raise AmbiguousAction(
            "several calls are possible: " + ", ".join(str(c) for c in calls), tuple(calls)
        )
    return Command(action=parse_action(" ".join([verb, *args])))


_NUMBERS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _digits(text: str) -> bool:
    """Whether ``text`` is a number written in ASCII digits (what ``int`` reads alike)."""
    return text.isascii() and text.isdigit()


def _pile_argument(verb: str, args: list[str], view: PlayerView | None) -> list[str]:
    """The argument of ``take``/``rummy``, where a count and a card could be confused.

    ``take 7 cards`` (or ``take 1 card``) is a count. ``7c`` is the notation of the seven
    of clubs, not "7 cards": when the pile holds no such card, the text is refused with
    a message saying both readings instead of being read as a card that is not there.
    """
    # (ASCII digits only: "²".isdigit() is true, and int() refuses it)
    if len(args) == 2 and _digits(args[0]) and args[1].lower() in ("card", "cards"):
        return args[:1]
    if len(args) != 1 or view is None:
        return args
    word = args[0]
    count, suit = word[:-1], word[-1:]
    if not (_digits(count) and suit in "cC" and suit):
        return args
    if len(count.lstrip("0")) > MAX_NUMBER_DIGITS:  # no count nor card: the notation says so
        return args
    number = int(count)
    card = Card.parse(word) if 2 <= number <= 10 else None  # 12c: only a count is meant
    if card is not None and card in view.pile:
        return args
    if card is None:
        name = f"{word} is no card"
    else:
        written = "" if word == str(card) else f" ({card})"
        name = f"{word}{written} is the {_NUMBERS[number - 2]} of clubs, not in the pile"
    if number == 0:  # no count to suggest: "take 0" is refused too
        raise NotationError(f"{name}; {verb} takes one card or more from the pile: {verb} 1")
    raise NotationError(
        f"{name}; for {plural(number, 'card')} from the pile, type: {verb} {number}"
    )


# ---------------------------------------------------------------------- completion
def _card_matches(prefix: str, text: str) -> bool:
    p = prefix.upper()
    if p.startswith("10"):
        p = "T" + p[2:]
    return text.startswith(p)


def _hand_cards(view: PlayerView, used: list[str]) -> list[str]:
    """The hand's card texts not yet named in ``used`` (copies counted)."""
    left = Counter(str(c) for c in view.hand or ())
    for word in used:
        try:
            name = "JK" if word.upper().startswith("JK") else str(Card.parse(word))
        except NotationError:
            continue
        left[name] -= 1
    out: list[str] = []
    for c in view.hand or ():
        t = str(c)
        if left[t] > 0 and t not in out:
            out.append(t)
    return out


def _meld_numbers(view: PlayerView, with_joker: bool = False) -> list[str]:
    return [
        str(m.number)
        for m in view.melds
        if not with_joker or any(c.startswith("JK") for c in m.cards)
    ]


def _candidates(view: PlayerView, verb: str, args: list[str]) -> list[str]:
    """Possible next words after ``verb`` and the complete words ``args``."""
    if verb in ("take", "rummy"):
        if args or (verb == "rummy" and not any(a.verb == "rummy" for a in view.legal_actions)):
            return []  # (no call is open now)
        pile = [str(c) for c in reversed(view.pile)]
        if view.rules.pile_draw is PileDraw.TOP_ONLY and verb == "take":
            pile = pile[:1]  # [draw.top-only]
        return list(dict.fromkeys(pile))
    if verb == "discard":
        return [] if args else _hand_cards(view, [])
    if verb == "meld":
        return _hand_cards(view, args)
    if verb == "layoff":
        lowered = [a.lower() for a in args]
        if "to" in lowered:
            after = args[lowered.index("to") + 1 :]
            if not after:
                return _meld_numbers(view)
            return ["low", "high"] if len(after) == 1 else []
        cards = _hand_cards(view, args)
        return [*cards, "to"] if args else cards
    if verb == "swap":
        if not view.rules.joker_swap:
            return []
        if not args:
            return [c for c in _hand_cards(view, []) if c != "JK"]
        if len(args) == 1:
            return ["in"]
        return _meld_numbers(view, with_joker=True) if len(args) == 2 else []
    return []


def _verbs_now(view: PlayerView) -> list[str]:
    """The verbs worth offering first in the current phase."""
    legal = {a.verb for a in view.legal_actions}
    first = [v for v in ACTION_VERBS if v in legal]
    return first + [v for v in _ALL_VERBS if v not in first]


def complete(text: str, view: PlayerView) -> list[str]:
    """Every completion of ``text``: whole lines, the last word completed.

    The first word completes to verbs (the legal ones first), later words to cards in
    hand, pile cards, meld numbers, or ``to``/``in``, as the verb needs. Card names match
    in any case (``7h`` -> ``7H``); the words already typed stay as they are.

    >>> from rummykit import Game, Rules
    >>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=3)
    >>> complete("dr", game.view(game.to_act))
    ['draw']
    """
    words = text.split()
    trailing = text.endswith(" ") or not text
    if not words or (len(words) == 1 and not trailing):
        prefix = words[0].lower() if words else ""
        return [v for v in _verbs_now(view) if v.startswith(prefix)]
    try:
        verb = expand_verb(words[0])
    except NotationError:
        return []
    done = words[1:] if trailing else words[1:-1]
    partial = "" if trailing else words[-1]
    head = " ".join([words[0], *done])  # keep what was typed (the suggestion extends it)
    out: list[str] = []
    for cand in _candidates(view, verb, done):
        if not partial or _card_matches(partial, cand) or cand.startswith(partial.lower()):
            out.append(f"{head} {cand}")
    return out


def common_prefix(lines: list[str]) -> str:
    """The longest common beginning of several lines.

    >>> common_prefix(["meld 7H", "meld 7S"])
    'meld 7'
    """
    if not lines:
        return ""
    first, last = min(lines), max(lines)
    i = 0
    while i < len(first) and i < len(last) and first[i] == last[i]:
        i += 1
    return first[:i]
