"""Short garbage-collector pauses on a busy server.

Python's cycle collector now and then examines every object the process holds; with a
thousand live tables (their games, logs, sockets and tasks: about half a million
objects) one such pass stops the server for a few hundred milliseconds, and every
action that arrives meanwhile waits. The :class:`Collector` keeps those passes short:

- once the tables are restored, and after each full pass, the objects that survived
  are *frozen* (:func:`gc.freeze`): later passes look only at objects made since, which
  is where garbage cycles mostly come from;
- every ``full_every`` seconds it unfreezes everything and collects once over the whole
  heap, so cycles among old objects (a table dropped from memory) are still freed;
- sooner (at most once every :data:`EARLY_AFTER` seconds) when the objects frozen since
  the last full pass are :data:`GROWTH` times as many as it left: a burst of short
  connections leaves their cycles frozen after each pass, and memory would otherwise
  grow with them until the next full pass (about 1 MB a thousand connections).

One long pause every ten minutes instead of one every few seconds. ``full_every=0``
leaves Python's collector as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from typing import Any

__all__ = ["EARLY_AFTER", "GROWTH", "Collector"]

#: How many times the objects frozen after a full pass the frozen objects may grow to
#: before the next full pass comes early.
GROWTH = 1.5
#: The fewest seconds between two full passes that come early.
EARLY_AFTER = 60.0


class Collector:
    """Freezes surviving objects after each full pass; a whole-heap pass every
    ``full_every`` seconds. Start it in the event loop, stop it at shutdown."""

    def __init__(self, full_every: float) -> None:
        self.full_every = full_every
        #: whole-heap passes run, and the longest (seconds)
        self.fulls = 0
        self.longest = 0.0
        self._task: asyncio.Task[None] | None = None
        self._on = False
        #: when the last full pass ended (time.monotonic()), and the objects it froze
        self._last = 0.0
        self._left = 0

    @property
    def on(self) -> bool:
        """Whether it manages the collector now."""
        return self._on

    def start(self) -> None:
        """Collects and freezes what lives now, then keeps collections short."""
        if self.full_every <= 0 or self._on:
            return
        self._on = True
        self.full()
        gc.callbacks.append(self._after)
        self._task = asyncio.create_task(self._every(), name="full collections")

    async def stop(self) -> None:
        """Gives Python's collector back everything (nothing stays frozen)."""
        if not self._on:
            return
        self._on = False
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._after)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        gc.unfreeze()

    def full(self) -> None:
        """One pass over every object, then what survived is frozen."""
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.fulls += 1
        self.longest = max(self.longest, time.perf_counter() - started)
        self._last = time.monotonic()
        self._left = gc.get_freeze_count()

    def due(self) -> bool:
        """Whether a full pass is due: ``full_every`` seconds since the last, or
        :data:`EARLY_AFTER` seconds and the frozen objects grown :data:`GROWTH` times."""
        since = time.monotonic() - self._last
        if since >= self.full_every:
            return True
        return since >= EARLY_AFTER and gc.get_freeze_count() > GROWTH * self._left

    async def _every(self) -> None:
        while True:
            await asyncio.sleep(min(self.full_every, 5.0))
            if self.due():
                self.full()

    def _after(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            gc.freeze()  # the survivors of this pass are not examined by the next
