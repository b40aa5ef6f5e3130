"""run_tasks: every task played in one process or several, a deadline that lets the
tasks begun finish, and an interruption that ends the workers at once."""

from __future__ import annotations

import multiprocessing
import os
import time

import pytest

from rummykit.bots.parallel import run_tasks


def _square(n: int) -> int:
    return n * n


def _slow(n: int, seconds: float) -> int:
    time.sleep(seconds)
    return n


def _pid(n: int) -> int:
    return os.getpid()


def _fails(n: int) -> int:
    if n == 3:
        raise ValueError("task 3 fails")
    time.sleep(60 if n == 2 else 0.01)  # task 2 is being played when 3 fails
    return n


def _first_quick(n: int) -> int:
    time.sleep(0.01 if n == 0 else 60)
    return n


def _children_end(within: float = 10.0) -> bool:
    end = time.monotonic() + within
    while multiprocessing.active_children():  # joins the ended ones
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_task_is_played_once(jobs: int) -> None:
    got: list[int] = []
    assert run_tasks(_square, [(n,) for n in range(12)], jobs=jobs, finished=got.append)
    assert sorted(got) == [n * n for n in range(12)]


def test_one_job_plays_in_this_process_and_several_in_others() -> None:
    here: list[int] = []
    run_tasks(_pid, [(n,) for n in range(3)], jobs=1, finished=here.append)
    assert set(here) == {os.getpid()}
    there: list[int] = []
    run_tasks(_pid, [(n,) for n in range(6)], jobs=2, finished=there.append)
    assert os.getpid() not in there and 1 <= len(set(there)) <= 2


def test_a_passed_deadline_begins_nothing_in_one_process() -> None:
    got: list[int] = []
    done = run_tasks(_square, [(n,) for n in range(5)], jobs=1, finished=got.append, deadline=0.0)
    assert done is False and got == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_at_the_deadline_the_tasks_begun_finish_and_no_other_begins(jobs: int) -> None:
    got: list[int] = []
    tasks = [(n, 0.2) for n in range(60)]  # 12 s of work in one process, 6 s in two
    deadline = time.monotonic() + 0.5
    done = run_tasks(_slow, tasks, jobs=jobs, finished=got.append, deadline=deadline)
    assert done is False
    assert 0 < len(got) < 60
    # the tasks begin in order, and every task begun is finished and passed on
    assert sorted(got) == list(range(len(got)))


def test_a_deadline_not_reached_plays_everything() -> None:
    got: list[int] = []
    deadline = time.monotonic() + 600
    tasks = [(n,) for n in range(8)]
    assert run_tasks(_square, tasks, jobs=2, finished=got.append, deadline=deadline)
    assert len(got) == 8


def test_an_interruption_ends_the_workers_and_their_tasks() -> None:
    got: list[int] = []

    def interrupt(n: int) -> None:  # Ctrl-C arrives while task 1 plays for a minute
        got.append(n)
        raise KeyboardInterrupt

    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_tasks(_first_quick, [(n,) for n in range(10)], jobs=2, finished=interrupt)
    assert got == [0]
    assert _children_end(within=5.0)
    assert time.monotonic() - start < 30  # not the minute of task 1


def test_a_failing_task_stops_the_run_with_its_error() -> None:
    start = time.monotonic()
    with pytest.raises(ValueError, match="task 3 fails"):
        run_tasks(_fails, [(n,) for n in range(10)], jobs=2, finished=lambda n: None)
    assert _children_end(within=5.0)
    assert time.monotonic() - start < 30  # not the minute of task 2


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_workers_start_under_every_start_method(method: str) -> None:
    # the workers' start checks that their parent still lives only where they are this
    # process's children: under forkserver (Python 3.14's default on Linux) they are the
    # fork server's, and every one of them used to end at once (found by a review)
    from rummykit.bots.parallel import stop_workers, worker_pool

    pool = worker_pool(2, multiprocessing.get_context(method))
    try:
        # (functions a spawned process can import: not this test module's)
        assert list(pool.map(abs, [-1, -2, 3])) == [1, 2, 3]
        assert pool.submit(os.getpid).result() != os.getpid()
    finally:
        stop_workers(pool)
    assert _children_end()
