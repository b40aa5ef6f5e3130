"""Which discards feed the next player, and how well the heuristic can tell (issue 10).

In 2-player ``rummy`` the heuristic that sees the other hand wins 93% of games against
``greedy`` (benchmarks/oracle.py), and what it changes is only the discard danger: it
then knows which discards the next player melds with. This script measures how well the
honest danger tells those discards apart. It plays seeded games (``--bot`` in the first
seat, ``--against`` in the second), and at each of the first seat's discard decisions
(but the one that goes out) it takes every legal discard and records:

- whether it *feeds* the next player: two of that player's cards make a meld with it;
- the chance of that the heuristic works out from public information, as its danger
  does (:meth:`rummykit.bots.judge.Judge.danger`): pairs of unseen cards that meld
  with it, each in that hand with chance ``q``, ``1 - exp(-pairs q^2)``, with the hidden
  cards dealt uniformly (``uniform``) or weighted by what the player's discards and
  passed-up pile cards say (``inferred``, :func:`rummykit.bots.inference.card_weights`).

It reports, per model, the area under the ROC curve (the chance that a feeding discard
is rated above a safe one: 0.5 is blind, 1 is seeing the hand), the mean predicted
chance against the share that feed, and the log loss; and how many of the discards
the first seat did play fed the next player. ``--bot`` is a level, a variant of
``benchmarks/bot_variants.py`` or ``peek-hands`` (the heuristic shown the other hand,
``benchmarks/oracle.py``).

    python benchmarks/feeds.py --games 40
    python benchmarks/feeds.py --bot h-next-only --games 60
    python benchmarks/feeds.py --preset 500-rum --against heuristic --json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence

from bot_variants import register
from oracle import PeekBot

from rummykit import Game, Phase, Rules
from rummykit.actions import Action, Discard
from rummykit.bots import get_bot
from rummykit.bots.heuristic import HeuristicBot
from rummykit.bots.judge import Judge
from rummykit.players import Driver, Player
from rummykit.reach import new_meld_cost
from rummykit.view import PlayerView

#: The seat that discards and the next one (``--bot`` and ``--against``).
FIRST, NEXT = 0, 1

#: The models, by name: the chance that discarding a card feeds a seat, from the judge of
#: the plain heuristic and the judge with inference.
Model = Callable[[Judge, Judge, int, int], float]


def _uniform(plain: Judge, inferred: Judge, seat: int, card: int) -> float:
    return plain.feed_chance(card, seat)


def _inferred(plain: Judge, inferred: Judge, seat: int, card: int) -> float:
    return inferred.feed_chance(card, seat)


MODELS: dict[str, Model] = {"uniform": _uniform, "inferred": _inferred}


def auc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """The area under the ROC curve: the chance that a positive scores above a negative
    (ties count half), by ranks.

    >>> auc([0.1, 0.4, 0.35, 0.8], [False, False, True, True])
    0.75
    """
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    pos = sum(labels)
    neg = len(labels) - pos
    if not pos or not neg:
        return 0.5
    return (sum(r for r, y in zip(ranks, labels, strict=True) if y) - pos * (pos + 1) / 2) / (
        pos * neg
    )


class Feeds:
    """What :func:`collect` gathers."""

    def __init__(self) -> None:
        #: per candidate discard, whether it feeds the next player
        self.labels: list[bool] = []
        #: per model, its chance of that for each candidate
        self.predicted: dict[str, list[float]] = {name: [] for name in MODELS}
        #: per discard seat 1 played, whether it fed the next player
        self.played: list[bool] = []


class _Recorded:
    """A player whose last action is kept."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.last: Action | None = None

    def act(self, view: PlayerView) -> Action:
        self.last = self.player.act(view)
        return self.last


def _bot(name: str, game: Game, seed: str) -> Player:
    if name == "peek-hands":
        return PeekBot(lambda: game.hand, seed, stock=False)
    return get_bot(name, seed=seed)


def collect(
    preset: str, bot: str, against: str, games: int, seed: int, quiet: bool = True
) -> Feeds:
    """Plays the games and gathers, at each discard decision of the first seat (but the
    discard that goes out), whether each legal discard feeds the next player and each
    model's chance of that, and whether the discard played fed it."""
    rules = Rules.preset(preset)
    out = Feeds()
    judge_of = HeuristicBot()
    for g in range(games):
        game = Game(rules, ["a", "b"], seed=f"feeds/{seed}/{g}")
        first = _Recorded(_bot(bot, game, f"feeds/{g}/0"))
        players = [first, _bot(against, game, f"feeds/{g}/1")]
        driver = Driver(game, players, max_hand_actions=3000, max_hands=40)
        while not driver.done:
            view = game.view(game.to_act)
            discards = [a for a in view.legal_actions if isinstance(a, Discard)]
            deciding = game.to_act == FIRST and view.phase is Phase.PLAY and discards
            if deciding:  # rated now, kept if the step turns out to be a discard
                plain = judge_of.judge(view)
                inferred = Judge(view, plain.values, infer_danger=1.0)
                counts = [0] * 53
                for c in game.hand.hands[NEXT]:
                    counts[c] += 1
                labels = [new_meld_cost(int(a.card), counts, plain.ace) <= 3 for a in discards]
                chances = {
                    name: [model(plain, inferred, NEXT, int(a.card)) for a in discards]
                    for name, model in MODELS.items()
                }
            first.last = None
            if driver.step() is None:
                break
            played = first.last
            # a discard decision, not the one that goes out (no card is left to keep)
            if deciding and isinstance(played, Discard) and len(view.hand or ()) > 1:
                out.labels.extend(labels)
                for name in MODELS:
                    out.predicted[name].extend(chances[name])
                out.played.append(new_meld_cost(int(played.card), counts, rules.ace) <= 3)
        if not quiet:
            print(f"\r{g + 1}/{games} games, {len(out.labels)} discards", end="", file=sys.stderr)
    if not quiet:
        print(file=sys.stderr)
    return out


def summary(feeds: Feeds) -> dict[str, object]:
    """Per model: AUC, mean chance, log loss; the share of candidate discards that feed;
    and the share of the discards played that fed."""
    labels = feeds.labels
    n = len(labels)
    out: dict[str, object] = {
        "discards": n,
        "feeding_share": round(sum(labels) / n, 4) if n else None,
    }
    for name, p in feeds.predicted.items():
        loss = -sum(
            math.log(max(1e-9, x if y else 1.0 - x)) for x, y in zip(p, labels, strict=True)
        )
        out[name] = {
            "auc": round(auc(p, labels), 4),
            "mean_prediction": round(sum(p) / n, 4) if n else None,
            "log_loss": round(loss / n, 4) if n else None,
        }
    played = feeds.played
    out["played"] = {
        "discards": len(played),
        "feeding_share": round(sum(played) / len(played), 4) if played else None,
    }
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--preset", default="rummy", help="the rules (default: rummy)")
    p.add_argument(
        "--bot", default="heuristic", help="who discards: a level, a variant or peek-hands"
    )
    p.add_argument("--against", default="greedy", help="the next player (default: greedy)")
    p.add_argument("--games", type=int, default=40, help="games (default: 40)")
    p.add_argument("--seed", type=int, default=7, help="seed of the games (default: 7)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    register()
    for level in (args.bot, args.against):
        if level != "peek-hands":
            get_bot(level)  # an unknown name stops here, with the list of names
    feeds = collect(args.preset, args.bot, args.against, args.games, args.seed, args.quiet)
    figures = summary(feeds)
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"{args.preset}, {args.bot} discarding before {args.against}: "
        f"{figures['discards']} discards, {figures['feeding_share']:.1%} feed"
    )
    for name in MODELS:
        m = figures[name]
        assert isinstance(m, dict)
        print(
            f"  {name:9} AUC {m['auc']:.3f}, mean chance {m['mean_prediction']:.3f}, "
            f"log loss {m['log_loss']:.4f}"
        )
    played = figures["played"]
    assert isinstance(played, dict)
    print(f"  played: {played['discards']} discards, {played['feeding_share']:.1%} fed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
