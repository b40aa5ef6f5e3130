"""Bots play off the event loop: a thread for the quick levels, a process pool for the
search levels, so that a slow bot never delays another table (or its own table's
lobby, connections and clocks)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from rummykit import Action, PlayerView
from rummykit.bots import DIFFICULTIES, LEVEL_NAMES, get_bot, resolve_level
from rummykit.bots.parallel import stop_workers, worker_pool
from rummykit.players import Player
from rummykit.server.config import ServerConfig
from rummykit.server.logs import event as log_event

__all__ = ["BotRunner", "SeatBot"]


@dataclass
class SeatBot:
    """A bot at a seat (or standing in for a person): its level and the bot itself."""

    level: str
    player: Player


def _act(player: Player, view: PlayerView) -> tuple[Action, Player]:
    """In a worker process: the bot's choice, and the bot (its random state moved on)."""
    return player.act(view), player


class BotRunner:
    """Asks bots for their actions without blocking the event loop."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def levels(self) -> list[str]:
        """Every level a seat may ask for: the difficulties (easy ... expert), the ladder's
        levels, and the configuration's extra levels."""
        return [*LEVEL_NAMES, *self.config.extra_levels]

    def make(self, level: str, *, seed: str, name: str) -> SeatBot:
        """A bot of ``level`` (ValueError for an unknown level)."""
        factory = self.config.extra_levels.get(level, get_bot)
        return SeatBot(level, factory(level, seed=seed, name=name))

    async def decide(self, bot: SeatBot, view: PlayerView) -> Action:
        """The bot's action for ``view``, chosen in a worker thread or process."""
        # the level a difficulty plays in this game (expert plays rollout in 500 Rum)
        level = bot.level
        if level in DIFFICULTIES:
            level = resolve_level(level, view.rules, len(view.players))
        if self.config.processes > 0 and level in self.config.process_levels:
            loop = asyncio.get_running_loop()
            pool = self._workers()
            try:
                action, bot.player = await loop.run_in_executor(pool, _act, bot.player, view)
            except BrokenProcessPool:
                # a worker died (killed by the system for memory, say): the pool is of no
                # more use, to any table, so a fresh one replaces it and the bot asks again
                # (not once the server is stopping: nothing would stop the new one)
                if self._closed:
                    raise
                self._replace(pool)
                action, bot.player = await loop.run_in_executor(
                    self._workers(), _act, bot.player, view
                )
            return action
        return await asyncio.to_thread(bot.player.act, view)

    def _workers(self) -> ProcessPoolExecutor:
        """The worker processes, started at the first need."""
        if self._closed:
            raise BrokenProcessPool("the server is stopping: no more bot workers")
        if self._pool is None:
            # spawn: the server's threads (event loop, database) are not forked
            context = multiprocessing.get_context("spawn")
            self._pool = worker_pool(self.config.processes, mp_context=context)
        return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drops ``broken``, unless another table's bot has replaced it already."""
        if self._pool is broken:
            log_event(
                "bot.workers",
                None,
                None,
                "a bot worker process died: the workers are started again",
                level=logging.WARNING,
            )
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def open(self) -> None:
        """Lets bots use worker processes (again, after :meth:`close`)."""
        self._closed = False

    def close(self) -> None:
        """Ends the worker processes at once, decisions under way with them (a worker
        left running would outlive the server), and starts no other until :meth:`open`."""
        self._closed = True
        if self._pool is not None:
            pool, self._pool = self._pool, None
            stop_workers(pool)
