"""Playing many independent tasks (games, deals) in one process or several, results as
they come, stoppable: at a deadline (the tasks begun finish, the rest are dropped) or by
Ctrl-C (everything stops at once).

Tournaments (:mod:`rummykit.bots.tournament`), paired measurements
(:mod:`rummykit.bots.paired`) and the benchmark scripts share it, so that a long run on
many cores can be given a time to end and can always be interrupted: a bare
``ProcessPoolExecutor`` left by an exception waits for every task queued in it, which for
a ladder of 400 games means hours.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

R = TypeVar("R")


def _ignore_interrupt() -> None:
    """Worker start: Ctrl-C reaches the whole process group; only the parent acts on it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_tasks(
    play: Callable[..., R],
    tasks: Iterable[tuple[Any, ...]],
    *,
    jobs: int,
    finished: Callable[[R], None],
    deadline: float | None = None,
) -> bool:
    """Calls ``play(*task)`` for each task, in order, in ``jobs`` processes (1: in this
    one), and ``finished(result)`` in this process as each result comes in.

    ``deadline`` (a :func:`time.monotonic` value): no task begins after it; the tasks
    already begun finish and are passed to ``finished`` (in several processes, the pool
    may have handed out one more task than it has processes). Returns whether every task
    was played. On an exception (Ctrl-C's ``KeyboardInterrupt``, or one raised by
    ``play`` or ``finished``) the tasks not begun are dropped, the worker processes are
    ended at once and the exception goes on. ``play`` must be picklable where ``jobs`` >
    1 (a module-level function).
    """
    todo = list(tasks)
    if jobs <= 1:
        for task in todo:
            if deadline is not None and time.monotonic() >= deadline:
                return False
            finished(play(*task))
        return True
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupt)
    try:
        pending: set[Future[R]] = {pool.submit(play, *t) for t in todo}
        complete = True
        while pending:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            done, pending = wait(pending, timeout=left, return_when=FIRST_COMPLETED)
            for future in done:
                finished(future.result())
            if deadline is not None and time.monotonic() >= deadline:
                deadline = None  # once: what is left now was begun
                dropped = {f for f in pending if f.cancel()}  # fails for those begun
                pending -= dropped
                complete = not dropped
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return complete


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drops the queued tasks and ends the workers without waiting for their tasks (what
    Python 3.14's ``terminate_workers`` does; before it, no public way)."""
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
