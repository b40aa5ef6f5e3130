"""``--bots``: the one reading of a comma-separated list of bots, shared by the commands
that seat them (``play``, ``simulate``, ``tournament``).

>>> split_bots("greedy, hard ,expert:50")
['greedy', 'hard', 'expert:50']
>>> split_bots("  ")
[]
>>> split_bots("greedy,,random")
Traceback (most recent call last):
...
ValueError: --bots 'greedy,,random': entry 2 of 3 is empty; name a bot between every two commas
"""

from __future__ import annotations

__all__ = ["split_bots"]


def split_bots(text: str) -> list[str]:
    """The entries of ``text``, each stripped of spaces; none for a blank ``text``.
    Raises ``ValueError`` naming the list and the entry where one is empty (a comma
    doubled, or at either end), which would otherwise quietly seat fewer bots."""
    if not text.strip():
        return []
    items = [item.strip() for item in text.split(",")]
    for i, item in enumerate(items, 1):
        if not item:
            raise ValueError(
                f"--bots {text!r}: entry {i} of {len(items)} is empty; name a bot between "
                "every two commas"
            )
    return items
