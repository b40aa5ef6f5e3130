"""The checks of the numbers the environments and the codec take: each refuses what is
not a number of the kind asked for with a ``ValueError`` that names the argument, when
it is given, not in the middle of a game.

>>> import numpy as np
>>> whole_number(np.int64(3), "seat"), finite_number(-1, "illegal_reward")
(3, -1.0)
>>> whole_number(True, "seat")
Traceback (most recent call last):
...
ValueError: seat must be a whole number, not True
>>> above_zero(10**400, "reward_scale")
Traceback (most recent call last):
...
ValueError: reward_scale must be a number above 0, not 1000000000...
"""

from __future__ import annotations

import math
import operator

import numpy as np

__all__ = ["above_zero", "check_max_steps", "finite_number", "seed_number", "whole_number"]

#: How much of a value a message quotes.
_QUOTED = 12


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _QUOTED else text[: _QUOTED - 2] + "..."


def whole_number(value: object, name: str) -> int:
    """``value`` as an int (numpy's integers too, not 1.5, True or "7"), else
    ``ValueError`` naming ``name``."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise ValueError(f"{name} must be a whole number, not {_shown(value)}")


def seed_number(seed: object) -> int | None:
    """``seed`` as an int from 0 (numpy's integers too, not 1.5, "7" or True), or None;
    else ``ValueError`` (``random.seed(-5)`` is seed 5: refused, as Gymnasium does)."""
    if seed is None:
        return None
    try:
        number = whole_number(seed, "seed")
    except ValueError:
        number = -1
    if number < 0:
        raise ValueError(f"seed must be a whole number from 0, not {_shown(seed)}")
    return number


def check_max_steps(max_steps: object) -> None:
    """Refuses a ``max_steps`` that is not a whole number from 1, or None (``ValueError``
    naming it)."""
    if max_steps is None:
        return
    try:
        steps = whole_number(max_steps, "max_steps")
    except ValueError:
        steps = 0
    if steps < 1:
        raise ValueError(
            f"max_steps must be a whole number from 1, or None, not {_shown(max_steps)}"
        )


def _finite(value: object) -> float | None:
    """``value`` as a finite float (numpy's numbers too, not True or "1"), or None."""
    if isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float
            return None
        if math.isfinite(number):
            return number
    return None


def finite_number(value: object, name: str) -> float:
    """``value`` as a float if it is a finite number, else ``ValueError`` naming ``name``."""
    number = _finite(value)
    if number is None:
        raise ValueError(f"{name} must be a finite number, not {_shown(value)}")
    return number


def above_zero(value: object, name: str) -> float:
    """``value`` as a float if it is a finite number above 0, else ``ValueError`` naming
    ``name`` (a reward divided by 0 or by a text would fail in the middle of a game)."""
    number = _finite(value)
    if number is None or number <= 0:
        raise ValueError(f"{name} must be a number above 0, not {_shown(value)}")
    return number
