"""Group commit (actions of many tables logged in shared transactions) and the collector
that keeps garbage-collection pauses short."""

from __future__ import annotations

import asyncio
import gc

import pytest

import rummykit.server.collector as collector_module
from rummykit.server.collector import Collector
from rummykit.server.commits import GroupCommit
from rummykit.server.storage import ActionRow, GameRow, HandRow, SeatRow, Store, TableRow


def test_actions_that_arrive_during_a_commit_share_the_next_one() -> None:
    written: list[list[int]] = []

    async def write(batch: list[int]) -> None:
        await asyncio.sleep(0.01)  # a transaction takes a while
        written.append(batch)

    async def main() -> GroupCommit[int]:
        commits: GroupCommit[int] = GroupCommit(write)
        first = asyncio.ensure_future(commits.submit(0))
        await asyncio.sleep(0.002)  # its transaction is being written
        await asyncio.gather(first, *(commits.submit(i) for i in range(1, 50)))
        return commits

    commits = asyncio.run(main())
    assert written == [[0], list(range(1, 50))]
    assert commits.logged == 50 and commits.transactions == 2


def test_a_bad_action_fails_alone_and_the_others_of_its_transaction_are_logged() -> None:
    written: list[int] = []

    async def write(batch: list[int]) -> None:
        await asyncio.sleep(0)
        if 13 in batch:
            raise ValueError("seq 13 is taken")
        written.extend(batch)

    async def main() -> list[object]:
        commits: GroupCommit[int] = GroupCommit(write)
        return await asyncio.gather(*(commits.submit(i) for i in range(20)), return_exceptions=True)

    outcomes = asyncio.run(main())
    assert [i for i, o in enumerate(outcomes) if isinstance(o, ValueError)] == [13]
    assert sorted(written) == [i for i in range(20) if i != 13]


def test_a_database_failure_refuses_the_whole_transaction_without_retrying_each() -> None:
    tries: list[list[int]] = []

    async def write(batch: list[int]) -> None:
        tries.append(batch)
        await asyncio.sleep(0)
        raise ConnectionError("the database is gone")

    async def main() -> list[BaseException | None]:
        commits: GroupCommit[int] = GroupCommit(write, alone=lambda e: isinstance(e, KeyError))
        return await asyncio.gather(*(commits.submit(i) for i in range(5)), return_exceptions=True)

    outcomes = asyncio.run(main())
    assert all(isinstance(o, ConnectionError) for o in outcomes)
    assert tries == [[0, 1, 2, 3, 4]]  # one try, not one a piece


def test_a_stopped_writer_leaves_nobody_waiting() -> None:
    started = asyncio.Event()

    async def write(batch: list[int]) -> None:
        started.set()
        await asyncio.sleep(60)  # a write that never ends

    async def main() -> list[BaseException | None]:
        commits: GroupCommit[int] = GroupCommit(write)
        first = asyncio.ensure_future(commits.submit(0))
        await started.wait()
        later = [asyncio.ensure_future(commits.submit(i)) for i in (1, 2)]
        await asyncio.sleep(0)
        assert commits._writer is not None
        commits._writer.cancel()  # the server is stopping
        return await asyncio.wait_for(
            asyncio.gather(first, *later, return_exceptions=True), timeout=5
        )

    outcomes = asyncio.run(main())
    assert all(isinstance(o, RuntimeError) for o in outcomes), outcomes


def _action(table: str, seq: int) -> ActionRow:
    return ActionRow(
        seq=seq, game_id=f"g-{table}", hand=1, seat=0, action="draw", by="player", event={}
    )


def test_the_store_logs_many_tables_at_once_and_refuses_a_taken_seq(db_url: str) -> None:
    names = [f"t{i}" for i in range(8)]

    async def main() -> tuple[list[BaseException | None], dict[str, tuple[int, list[int]]], int]:
        store = await Store.open(db_url)
        try:
            for name in names:
                await store.create_table(
                    TableRow(
                        id=name,
                        code=name.upper(),
                        preset="500-rum",
                        options={},
                        clock=None,
                        status="waiting",
                    ),
                    [SeatRow(0, "open"), SeatRow(1, "open")],
                )
                game = GameRow(
                    id=f"g-{name}",
                    table_id=name,
                    number=1,
                    preset="500-rum",
                    options={},
                    players=["Ana", "Ben"],
                    seed=1,
                    first_seq=1,
                )
                await store.start_game(name, game, HandRow(1, "Ana", {}))
            await store.append_action("t0", _action("t0", 1))
            before = store.commits.transactions
            await asyncio.gather(*(store.append_action(n, _action(n, 2)) for n in names))
            shared = store.commits.transactions - before
            taken = [store.append_action(n, _action(n, 3)) for n in names]
            taken.append(store.append_action("t0", _action("t0", 1)))  # seq 1 again
            outcomes = await asyncio.gather(*taken, return_exceptions=True)
            logs = {}
            for name in names:
                state = await store.load_table(name)
                logs[name] = (state.table.seq, [a.seq for a in state.actions])
            return outcomes, logs, shared
        finally:
            await store.close()

    outcomes, logs, transactions = asyncio.run(main())
    assert transactions < len(names)  # eight tables' actions, fewer commits
    assert outcomes[:-1] == [None] * len(names)
    assert isinstance(outcomes[-1], Exception)  # one owner writes each table
    assert logs["t0"] == (3, [1, 2, 3])
    assert all(logs[n] == (3, [2, 3]) for n in names[1:])


def test_the_collector_freezes_survivors_and_gives_everything_back_at_stop() -> None:
    async def main() -> tuple[int, int, int, float]:
        collector = Collector(full_every=0.05)
        collector.start()
        frozen = gc.get_freeze_count()
        await asyncio.sleep(0.2)  # a few whole-heap passes
        fulls = collector.fulls
        await collector.stop()
        return frozen, fulls, gc.get_freeze_count(), collector.longest

    frozen, fulls, after, longest = asyncio.run(main())
    assert frozen > 0 and fulls >= 2 and after == 0 and longest > 0


def test_the_collector_collects_early_when_frozen_objects_grow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a burst of short connections leaves cycles frozen after each generation-2 pass:
    # a full pass comes before the ten minutes once they are half as many again
    class Node:
        other: object = None

    monkeypatch.setattr(collector_module, "EARLY_AFTER", 0.0)

    async def main() -> tuple[int, int, bool, bool]:
        collector = Collector(full_every=600)
        collector.start()
        first = collector.fulls
        quiet = collector.due()
        kept = []
        for _ in range(3 * max(1, gc.get_freeze_count()) // 2 + 1000):
            a, b = Node(), Node()
            a.other, b.other = b, a
            kept.append(a)
        gc.collect(2)  # what survives is frozen, as after Python's own pass
        grown = collector.due()
        kept.clear()  # the cycles are garbage now, but frozen
        collector.full()
        await collector.stop()
        return first, collector.fulls, quiet, grown

    first, fulls, quiet, grown = asyncio.run(main())
    assert first == 1 and fulls == 2
    assert not quiet and grown


def test_the_collector_left_alone_when_told_so() -> None:
    async def main() -> tuple[bool, int]:
        collector = Collector(full_every=0)
        collector.start()
        on, frozen = collector.on, gc.get_freeze_count()
        await collector.stop()
        return on, frozen

    assert asyncio.run(main()) == (False, 0)


@pytest.mark.parametrize("every", [0.0, 600.0])
def test_a_cycle_made_after_the_freeze_is_still_collected(every: float) -> None:
    class Node:
        other: object = None

    async def main() -> bool:
        collector = Collector(full_every=every)
        collector.start()
        a, b = Node(), Node()
        a.other, b.other = b, a
        del a, b
        gc.collect(2)
        gone = not any(type(o) is Node for o in gc.get_objects())
        await collector.stop()
        return gone

    assert asyncio.run(main())
