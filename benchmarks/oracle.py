"""How much can a bot that sees every card win? Room above a level, by preset (issue 10).

Issue 10 asks each difficulty to beat the one below in more than 60% of games. In
``rummy`` no level has (BENCHMARKS.md): the question here is whether the game leaves
that much room. This script seats one *oracle*, a bot that reads the hidden cards from
the game itself (so never a level anyone can meet), against a level in every other
seat, over duplicate deals (every deal once with the oracle in each seat), and counts
its wins.

Oracles:

- ``none``: the plain ``heuristic``, the baseline in the same harness.
- ``peek-hands``: the heuristic shown every other hand. They count as known cards, so the
  discard danger weighs a card the next player melds with as it weighs a card taken from
  the pile; nothing else the heuristic does reads them.
- ``peek-stock``: shown the stock: a draw is valued with the very card it gives, and a
  card's outs are counted among the stock's cards only (the heuristic's chances of
  melding are tuned to unseen cards, so this part can mislead it).
- ``peek``: both.
- ``lookahead``: for each of ``peek``'s best moves (up to ``--width``) it plays the rest
  of the hand out on the true cards, itself as ``peek`` and every other seat by the bot
  sitting there, and plays the move whose hand ends best for it: its points minus the
  mean of the others'. Against levels whose choices depend only on the position and
  their seed (not the time-limited searches, which it refuses), one playout a move
  foresees the hand exactly but for its own later moves.

An oracle's wins are a lower bound on the room a preset leaves: a bot that sees every
card could use it better. If strengths multiply along a ladder (Bradley-Terry: a win's
odds are the ratio of the two strengths), ``k`` steps of 60% put the top level over the
bottom at odds ``1.5 ** k``: two steps over ``greedy`` at 69.2%, three at 77.1%. An
oracle that beats ``greedy`` by more shows that the game itself leaves room for such a
ladder.

    python benchmarks/oracle.py lookahead greedy --preset rummy --deals 200 --jobs 2
    python benchmarks/oracle.py peek greedy --preset 500-rum --deals 200 --log DIR
    python benchmarks/oracle.py peek greedy --preset rummy --log DIR --report

With ``--log DIR`` each game is appended to ``DIR/oracle-<preset>-<n>p-<oracle>-<level>
-s<seed>.jsonl`` (``lookahead-w<width>`` for ``lookahead``) as it ends, and the same
command again plays only the games missing.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from runs import append_line, read_lines, run_all

from rummykit import Game, Hand, Rules
from rummykit.actions import Action
from rummykit.bots import get_bot
from rummykit.bots.heuristic import CERTAIN, HeuristicBot
from rummykit.bots.judge import Judge
from rummykit.bots.montecarlo import reward
from rummykit.bots.policy import position_value
from rummykit.bots.tournament import MAX_HAND_ACTIONS, wilson
from rummykit.players import Driver, Player
from rummykit.view import PlayerView, view_of_hand

ORACLES = ("none", "peek", "peek-hands", "peek-stock", "lookahead")

#: Actions a lookahead playout plays before it is scored where it stands (a ``rummy``
#: hand can go round a long time).
PLAYOUT_STEPS = 2000


def reveal(judge: Judge, truth: Hand, hands: bool = True, stock: bool = True) -> Judge:
    """``judge`` told the true cards of ``truth``: with ``hands`` every other hand known,
    with ``stock`` the next draw's card known and outs counted among the stock's cards."""
    if hands:
        for seat in range(judge.n):
            if seat != judge.me:
                judge.known[seat] = list(truth.hands[seat])
        judge.hidden = [0] * 53
        judge.weighted = None
    if stock:
        counts = [0] * 53
        for c in truth.stock:
            counts[c] += 1
        judge.unseen = counts
        judge.outs_pool = counts
        judge.next_card = truth.stock[-1] if truth.stock else None  # drawn from its end
        judge.p_card = judge.out_chance(len(truth.stock))
    return judge


class PeekBot(HeuristicBot):
    """The heuristic with every card shown to it (see :func:`reveal`)."""

    level = "peek"

    def __init__(
        self,
        truth: Callable[[], Hand],
        seed: int | str = 0,
        name: str = "",
        *,
        hands: bool = True,
        stock: bool = True,
    ) -> None:
        super().__init__(seed, name=name)
        #: the hand being played, whose cards it reads
        self.truth = truth
        #: what it is shown: the other hands, the stock (see :func:`reveal`)
        self.shown = (hands, stock)

    def judge(self, view: PlayerView) -> Judge:
        return reveal(super().judge(view), self.truth(), *self.shown)


class LookaheadBot:
    """Plays each of :class:`PeekBot`'s best moves out on the true cards (see the module
    docstring) and keeps the best. ``others`` are the players at the table, by game seat:
    the playouts ask them for their moves."""

    def __init__(
        self, game: Game, seat: int, others: Sequence[Player | None], width: int, seed: str
    ) -> None:
        self.name = f"lookahead#{seat + 1}"
        self.game = game
        self.seat = seat
        self.others = others
        self.width = width
        self.peek = PeekBot(lambda: game.hand, seed)
        self.playouts = 0

    def act(self, view: PlayerView) -> Action:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        scored = self.peek.scored(view)
        if len(scored) == 1 or scored[0][1] >= CERTAIN / 2:
            return scored[0][0]
        truth = self.game.hand
        seat = self.game.seat_in_hand(self.seat)
        assert seat is not None
        best: tuple[float, int] | None = None
        for k, (action, _) in enumerate(scored[: self.width]):
            h = truth.clone()
            h.apply(action)
            value = self._play_out(h, seat)
            if best is None or value > best[0]:  # ties go to peek's order
                best = (value, k)
        assert best is not None
        return scored[best[1]][0]

    def _play_out(self, h: Hand, seat: int) -> float:
        """Plays ``h`` to its end (or :data:`PLAYOUT_STEPS`) and scores it for ``seat``."""
        self.playouts += 1
        seats = self.game.hand_seats
        totals = tuple(self.game.totals[s] for s in seats)
        self.peek.truth = lambda: h
        try:
            steps = 0
            while not h.is_over and steps < PLAYOUT_STEPS:
                who = h.to_act
                view = view_of_hand(h, who, totals, False, None)
                player = self.peek if who == seat else self.others[seats[who]]
                assert player is not None
                action = view.legal_actions[0] if len(view.legal_actions) == 1 else player.act(view)
                h.apply(action)
                steps += 1
        finally:
            self.peek.truth = lambda: self.game.hand
        return reward(position_value(h, self.peek.values(h.rules)), seat)


def play(task: tuple[str, int, str, str, int, int, int]) -> dict[str, Any]:
    """Game ``index`` of the match: deal ``index // players``, the oracle in seat
    ``index % players``."""
    preset, players, oracle, level, seed, index, width = task
    deal, seat = divmod(index, players)
    names = [f"{oracle if s == seat else level}#{s + 1}" for s in range(players)]
    game = Game(Rules.preset(preset), names, seed=f"oracle/{seed}/deal/{deal}")
    seats: list[Player | None] = [
        get_bot(level, seed=f"oracle/{seed}/{index}/{s}", name=names[s]) for s in range(players)
    ]
    bot_seed = f"oracle/{seed}/{index}/{seat}"
    if oracle == "none":
        seats[seat] = get_bot("heuristic", seed=bot_seed, name=names[seat])
    elif oracle.startswith("peek"):
        hands, stock = oracle != "peek-stock", oracle != "peek-hands"
        seats[seat] = PeekBot(
            lambda: game.hand, bot_seed, name=names[seat], hands=hands, stock=stock
        )
    else:
        seats[seat] = LookaheadBot(game, seat, list(seats), width, bot_seed)
    t = time.perf_counter()
    driver = Driver(game, seats, max_hand_actions=MAX_HAND_ACTIONS, max_hands=100)
    driver.run()
    gains = []
    for r in game.results:
        others = [s for i, s in enumerate(r.scores) if i != seat]
        gains.append(round(r.scores[seat] - sum(others) / len(others), 2))
    return {
        "index": index,
        "deal": deal,
        "seat": seat,
        "winners": list(game.winners),
        "gains": gains,
        "decisions": driver.decisions[seat],
        "seconds": round(time.perf_counter() - t, 2),
        "unfinished": driver.unfinished,
    }


def summary(games: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Of the finished games: the oracle's share of the wins (a shared win counts in
    part), its 95% interval (Wilson, taking games as independent), and its points a hand
    over the others' mean (with the standard error of the per-deal means: a deal's games
    share their cards)."""
    ended = [g for g in games if not g["unfinished"]]
    n = len(ended)
    wins = sum(1 / len(g["winners"]) for g in ended if g["seat"] in g["winners"])
    low, high = wilson(wins, n)
    by_deal: dict[int, list[float]] = {}
    for g in ended:
        by_deal.setdefault(g["deal"], []).extend(g["gains"])
    means = [sum(v) / len(v) for v in by_deal.values() if v]
    mean = sum(means) / len(means) if means else 0.0
    se = (
        math.sqrt(sum((m - mean) ** 2 for m in means) / (len(means) - 1) / len(means))
        if len(means) > 1
        else 0.0
    )
    return {
        "games": n,
        "win_rate": round(wins / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
        "even": round(1 / players, 4),
        "points_a_hand": round(mean, 2),
        "se": round(se, 2),
        "hands_a_game": round(sum(len(g["gains"]) for g in ended) / n, 2) if n else None,
        "ms_a_decision": round(
            1000 * sum(g["seconds"] for g in games) / max(1, sum(g["decisions"] for g in games)),
            1,
        ),
        "unfinished": len(games) - n,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("oracle", choices=ORACLES, help="the bot that sees every card")
    p.add_argument("level", help="the level in every other seat (greedy, heuristic, ...)")
    p.add_argument("--preset", default="rummy", help="the rules (default: rummy)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--deals", type=int, default=200, help="deals, each played once per seat")
    p.add_argument("--seed", type=int, default=7, help="match seed (default: 7)")
    p.add_argument("--width", type=int, default=4, help="moves lookahead plays out (default: 4)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default: 1)")
    p.add_argument("--log", type=Path, metavar="DIR", help="save each game in DIR; resume")
    p.add_argument("--report", action="store_true", help="only report the games in --log")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    level = get_bot(args.level)  # an unknown name stops here, with the list of names
    if args.oracle == "lookahead" and getattr(level, "time_limit", None) is not None:
        p.error(f"lookahead foresees only levels without a time limit, not {args.level}")
    Rules.preset(args.preset).check_players(args.players)
    done: list[dict[str, Any]] = []
    path = None
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
        oracle = f"lookahead-w{args.width}" if args.oracle == "lookahead" else args.oracle
        name = f"oracle-{args.preset}-{args.players}p-{oracle}-{args.level}-s{args.seed}"
        path = args.log / f"{name}.jsonl"
        done = read_lines(path, repair=not args.report)
    total = args.deals * args.players
    done = [g for g in done if g["index"] < total]
    have = {g["index"] for g in done}
    tasks = [
        (args.preset, args.players, args.oracle, args.level, args.seed, i, args.width)
        for i in range(total)
        if i not in have
    ]
    if not args.report and tasks:

        def finished(k: int, g: dict[str, Any]) -> None:
            done.append(g)
            if path is not None:
                append_line(path, g)
            if not args.quiet:
                rate = summary(done, args.players)["win_rate"] or 0.0
                print(
                    f"\r{k}/{len(tasks)} games, {args.oracle} {rate:.1%}", end="", file=sys.stderr
                )

        run_all(play, tasks, args.jobs, finished)
        if not args.quiet:
            print(file=sys.stderr)
    print(json.dumps({args.oracle: summary(done, args.players)}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
