"""Playing many independent tasks (games, deals) in one process or several, results as
they come, stoppable: at a deadline (the tasks begun finish, no other begins) or by
Ctrl-C (everything stops at once).

Tournaments (:mod:`rummykit.bots.tournament`), paired measurements
(:mod:`rummykit.bots.paired`) and the benchmark scripts share it, so that a long run on
many cores can be given a time to end and can always be interrupted: a bare
``ProcessPoolExecutor`` left by an exception waits for every task queued in it, which for
a ladder of 400 games means hours.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import multiprocessing.context
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

R = TypeVar("R")


def worker_started(parent: int | None) -> None:
    """A worker process's start: Ctrl-C reaches the whole process group, and only the
    parent acts on it (it ends the workers). With ``parent``, the pid of the process
    that starts the workers itself (``fork``, ``spawn``), a worker also dies with that
    process on Linux, even when it is killed outright, where it would wait on it for
    ever; the thread that starts them must then outlive the pool (the kernel ties this
    to the thread). SIGTERM keeps its default: the pool ends its workers with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is None:
        return
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            pr_set_pdeathsig = 1
            ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before this process could ask
        os._exit(1)


def worker_pool(
    workers: int, mp_context: multiprocessing.context.BaseContext | None = None
) -> ProcessPoolExecutor:
    """A process pool whose workers start with :func:`worker_started` (dying with this
    process where they are its own children: not under ``forkserver``, Python 3.14's
    default on Linux, whose workers are the fork server's)."""
    context = mp_context or multiprocessing.get_context()
    own = context.get_start_method() in ("fork", "spawn")
    return ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=worker_started,
        initargs=(os.getpid() if own else None,),
    )


def run_tasks(
    play: Callable[..., R],
    tasks: Iterable[tuple[Any, ...]],
    *,
    jobs: int,
    finished: Callable[[R], None],
    deadline: float | None = None,
) -> bool:
    """Calls ``play(*task)`` for each task, begun in order, in ``jobs`` processes (1: in
    this one), and ``finished(result)`` in this process as each result comes in.

    ``deadline`` (a :func:`time.monotonic` value): no task begins after it; the tasks
    begun finish and are passed to ``finished``, so the run ends at most one task's
    length after it. Returns whether every task was played. On an exception (Ctrl-C's
    ``KeyboardInterrupt``, or one raised by ``play`` or ``finished``) the worker
    processes are ended at once, their tasks lost, and the exception goes on. ``play``
    must be picklable where ``jobs`` > 1 (a module-level function).
    """
    todo = deque(tasks)
    jobs = min(jobs, len(todo))  # no process without a task to play

    def may_begin() -> bool:
        return bool(todo) and (deadline is None or time.monotonic() < deadline)

    if jobs <= 1:
        while may_begin():
            finished(play(*todo.popleft()))
        return not todo
    pool = worker_pool(jobs)
    try:
        # a task handed to the pool is as good as begun (it cannot be taken back), so
        # only as many are handed out as there are processes to begin them at once
        running: set[Future[R]] = set()
        while True:
            while len(running) < jobs and may_begin():
                running.add(pool.submit(play, *todo.popleft()))
            if not running:
                break
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                finished(future.result())
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown()
    return not todo


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Ends the workers without waiting for their tasks (what Python 3.14's
    ``terminate_workers`` does; before it, no public way). The pool's own thread reaps
    them, and this waits (a few seconds at most) until it has: before Python 3.12, that
    thread closing its wake-up pipe while the interpreter exits could race the exit's
    own wake-up call ("Exception ignored ... OSError: [Errno 9] Bad file descriptor"
    printed as the process ends)."""
    processes = list((pool._processes or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # typeshed types it wrongly
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    if isinstance(manager, threading.Thread) and manager is not threading.current_thread():
        manager.join(timeout=5)
