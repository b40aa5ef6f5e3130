"""Small words of the terminal game's English: counts and verbs after a player's name.

The person is called "You" unless ``--name`` says otherwise, so every sentence built
with a player's name goes through :func:`agree` ("You have", "Ana has"), and every count
through :func:`plural` ("1 card", "7 cards"); lists of words go through :func:`listing`::

    >>> f"{plural(1, 'card')}; {plural(3, 'card')}"
    '1 card; 3 cards'
    >>> [f"{n} {agree(n, 'have')}" for n in ("You", "Ana")]
    ['You have', 'Ana has']
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["YOU", "agree", "listing", "plural", "win_text"]

#: The name that reads as the second person ("You pass", not "You passes").
YOU = "You"

_IRREGULAR = {"have": ("have", "has"), "be": ("are", "is"), "do": ("do", "does")}


def plural(n: int, noun: str) -> str:
    """``n`` and ``noun``, with an "s" unless ``n`` is 1 (every noun used here takes one).

    >>> plural(1, "card"), plural(0, "point"), plural(52, "card")
    ('1 card', '0 points', '52 cards')
    """
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def agree(name: str, verb: str) -> str:
    """``verb`` (its plain form) as it follows a player's name: "Ana calls", "You call".

    >>> agree("Ana", "pass"), agree("You", "win"), agree("Ben", "be"), agree("you", "be")
    ('passes', 'win', 'is', 'are')

    Any case of "you" is the second person, as the engine's messages take it
    (:func:`rummykit.checks.verb`).
    """
    you = name.casefold() == YOU.casefold()
    if verb in _IRREGULAR:
        second, third = _IRREGULAR[verb]
        return second if you else third
    if you:
        return verb
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    return verb + "s"


def listing(words: Sequence[str], last: str = "and") -> str:
    """Words as a sentence lists them, ``last`` before the last one.

    >>> listing(["You"]), listing(["You", "Ana"]), listing(["a", "b", "c"], "or")
    ('You', 'You and Ana', 'a, b or c')
    """
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def win_text(names: Sequence[str]) -> str:
    """Who won the game: one winner, or several who share the win ('' for nobody).

    >>> win_text(["You"]), win_text(["Ana"]), win_text(["You", "Ana"])
    ('You win', 'Ana wins', 'You and Ana share the win')
    """
    if len(names) == 1:
        return f"{names[0]} {agree(names[0], 'win')}"
    return f"{listing(names)} share the win" if names else ""
