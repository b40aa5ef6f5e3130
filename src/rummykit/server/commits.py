"""Group commit: the actions of every table logged together, one transaction at a time.

Each table's task waits for its action to be in the database before acknowledging it
(the durability point). Written one by one, every action costs a transaction and a
synced write of its own, and with SQLite the writers queue for its single write lock.
:class:`GroupCommit` gathers the actions that arrive while a transaction is being
written and writes them all in the next one, so a busy server commits far less often
than it logs, and an action waits at most for the transaction before its own::

    async def write(batch: list[Append]) -> None: ...  # one transaction for them all
    commits = GroupCommit(write)
    await commits.submit(append)  # back once it is committed

If a transaction fails because the database refused one of its actions (``alone``
says which failures those are: a sequence number already taken), each action is written
again alone, so that only the bad one is refused; any other failure (the database is
unreachable) refuses the whole transaction at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

__all__ = ["GroupCommit"]

_Item = TypeVar("_Item")


class GroupCommit(Generic[_Item]):
    """Writes submitted actions in as few transactions as they allow (see the module)."""

    def __init__(
        self,
        write: Callable[[list[_Item]], Awaitable[None]],
        alone: Callable[[Exception], bool] = lambda _: True,
    ) -> None:
        self._write = write
        self._alone = alone
        self._waiting: list[tuple[_Item, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        #: transactions written and actions logged (for tests and the health page)
        self.transactions = 0
        self.logged = 0

    async def submit(self, item: _Item) -> None:
        """Returns once ``item`` is committed; raises what its write raised."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name="group commit")
        await future

    async def _drain(self) -> None:
        batch: list[tuple[_Item, asyncio.Future[None]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                await self._commit(batch)
        finally:  # even when cancelled, nobody is left without an answer
            stopped = RuntimeError("the log's writer stopped")
            for _, future in [*batch, *self._waiting]:
                _settle(future, stopped)
            self._waiting = []

    async def _commit(self, batch: list[tuple[_Item, asyncio.Future[None]]]) -> None:
        self.transactions += 1
        try:
            await self._write([item for item, _ in batch])
        except Exception as failure:
            if len(batch) == 1 or not self._alone(failure):
                for _, future in batch:  # the database's trouble: every one is refused
                    _settle(future, failure)
                return
            for one in batch:  # an action the database refused: only it fails
                await self._commit([one])
            return
        self.logged += len(batch)
        for _, future in batch:
            _settle(future, None)


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():  # its table stopped waiting (cancelled)
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
