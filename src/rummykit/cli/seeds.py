"""``--seed``: the one reading of a seed given on the command line, shared by every
command that deals games.

>>> parse_seed("007"), parse_seed("-3"), parse_seed("cup final"), parse_seed("²")
(7, -3, 'cup final', '²')
"""

from __future__ import annotations

from rummykit.errors import RulesError
from rummykit.game import MAX_SEED_BITS, check_seed

__all__ = ["parse_seed"]


def parse_seed(text: str) -> int | str:
    """A whole number where ``text`` is ASCII digits, with a leading ``-`` or not (``007``
    is 7, ``-3`` is -3; ``+7`` and ``²`` stay texts), else the text itself. Raises
    :class:`~rummykit.errors.RulesError` (``seed``) for a seed no record could hold: a
    number of more than :data:`~rummykit.game.MAX_SEED_BITS` bits, or a text that is not
    valid Unicode."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        check_seed(text)
        return text
    if len(digits) > MAX_SEED_BITS:  # more bits than that, before int() is asked
        raise RulesError(
            "seed", f"--seed: a number has at most {MAX_SEED_BITS} bits, not {len(digits)} digits"
        )
    seed = int(text)
    check_seed(seed)
    return seed
