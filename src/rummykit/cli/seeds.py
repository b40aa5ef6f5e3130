"""``--seed``: the one reading of a seed given on the command line, shared by every
command that deals games.

>>> parse_seed("007"), parse_seed("-3"), parse_seed("cup final"), parse_seed("²")
(7, -3, 'cup final', '²')
>>> parse_seed("-" + "0" * 5000 + "12"), parse_seed(str(2**256 - 1)) == 2**256 - 1
(-12, True)
"""

from __future__ import annotations

from rummykit.errors import RulesError
from rummykit.game import MAX_SEED_BITS, check_seed

__all__ = ["parse_seed"]

#: the digits of the largest seed, 2**256 - 1
_MAX_DIGITS = len(str(2**MAX_SEED_BITS - 1))


def parse_seed(text: str) -> int | str:
    """A whole number where ``text`` is ASCII digits, with a leading ``-`` or not (``007``
    is 7, ``-3`` is -3; ``+7`` and ``²`` stay texts), else the text itself. Raises
    :class:`~rummykit.errors.RulesError` (``seed``) for a seed no record could hold: a
    number of more than :data:`~rummykit.game.MAX_SEED_BITS` bits, or a text that is not
    valid Unicode."""
    digits = text.removeprefix("-")
    try:
        if not (digits.isascii() and digits.isdigit()):
            check_seed(text)
            return text
        significant = digits.lstrip("0") or "0"
        # a number of more digits than that is 2**256 or more: refused before int()
        seed = int(significant) if len(significant) <= _MAX_DIGITS else None
        if seed is None or seed.bit_length() > MAX_SEED_BITS:
            raise RulesError(
                "seed",
                f"a number is at most {MAX_SEED_BITS} bits, below 2**{MAX_SEED_BITS} (about "
                f"1.16e77, {_MAX_DIGITS} digits) in size, and this one has {len(significant)} "
                "digits",
            )
        if text.startswith("-"):
            seed = -seed
        return seed
    except RulesError as error:
        raise RulesError("seed", f"--seed: {error.message}") from None
