"""Meld now or hold (issue 10): is holding a planned meld back ever worth more?

The heuristic plays every meld and lay-off of its plan as soon as it can (unless it
would open a Rummy call), and the search levels take those moves as certain: they never
weigh holding the cards instead. This script measures what weighing it could gain.

At every play decision of heuristic self-play where the heuristic plays a meld or
lay-off of its plan (one that no taken card obliges, and not a discard that goes out),
the acting seat's view is dealt ``--deals`` times, the same deals for both moves. On
each deal the meld, and the discard the heuristic would play holding every meld of its
plan this turn (:meth:`HeuristicBot.held`), are each played on, then the rest of the
hand with the heuristic choosing for every seat (:func:`rummykit.bots.rollout.
heuristic_playout`). A move's reward is its seat's points less the others' mean.

For each position it reports holding's mean gain over melding and its standard error.
The deals are also split in two halves: holding is chosen where the first half puts its
gain a standard error above 0 (as the ``rollout`` level overrules the heuristic), and the
second half measures what that choice gained, free of the choice's own luck. Their sum
over the hands is what a search that also tries holding
(``MonteCarloBot(hold=True)``, the variant ``rollout-hold`` of ``bot_variants.py``)
could gain with this many playouts, in points a hand, as far as its own dealing can
tell. The choice is also measured on deals of the true hidden hands, only the stock
shuffled anew (``deals / 2`` of them): what holding really gains where the search
would hold, free of what uniform dealing gets wrong about the others' hands.

    python benchmarks/holds.py --hands 40 --deals 120
    python benchmarks/holds.py --preset remik-500 --players 4 --hands 20 --json
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from dataclasses import asdict, dataclass
from typing import Any, TextIO

from rummykit import Game, Hand, Phase, Rules
from rummykit.bots import HeuristicBot
from rummykit.bots.determinize import determinize
from rummykit.bots.montecarlo import candidates, reward
from rummykit.bots.paired import summarize
from rummykit.bots.rollout import heuristic_playout
from rummykit.bots.stock import public_stock
from rummykit.view import PlayerView

#: Hands stop (their positions still counted) after this many actions.
MAX_ACTIONS = 3000
#: A playout plays to the hand's end (as the ``rollout`` level's do).
HAND_END = 1000


@dataclass
class Position:
    """One meld decision: holding's gain over melding on all deals, and on each half."""

    hand: int
    seat: int
    deals: int
    gain: float
    se: float
    first_half: float
    first_se: float
    second_half: float
    #: holding's mean gain over melding on ``deals // 2`` deals of the true hidden hands,
    #: only the stock shuffled anew (None: not measured)
    true_gain: float | None = None

    @property
    def chosen(self) -> bool:
        """Whether a search that overrules a standard error above 0 would hold."""
        return self.first_half > self.first_se


def weigh(
    view: PlayerView,
    bot: HeuristicBot,
    deals: int,
    rng: random.Random,
    truth: Hand | None = None,
) -> Position | None:
    """Holding's gain over melding in ``view`` (None where the heuristic's move is not a
    meld of its plan that holding could replace); with ``truth`` (the hand ``view``
    sees), also on deals of its true hidden hands with the stock shuffled, which is how
    likely each stock order is once every hand is known."""
    cands = candidates(bot, view, 1, 0.0, hold=True)  # as MonteCarloBot(hold=True)
    if len(cands) < 2:
        return None
    (meld, _), (hold, _) = cands
    assert view.seat is not None
    values = bot.values(view.rules)
    seat = view.seat

    def gain_on(deal: Hand) -> float:
        rewards = []
        for action in (meld, hold):
            h = deal.clone()
            h.apply(action)
            scores = heuristic_playout(h, values, bot, HAND_END)
            assert scores is not None  # no deadline
            rewards.append(reward(scores, seat))
        return rewards[1] - rewards[0]

    gains = [gain_on(determinize(view, rng)) for _ in range(deals)]
    half = deals // 2
    whole, first = summarize(gains), summarize(gains[:half])
    second = summarize(gains[half:]).mean
    true_gain = None
    if truth is not None:
        shuffle = public_stock(view) is None  # a public order stays as it is
        true_gains = []
        for _ in range(half):
            deal = truth.clone()
            if shuffle:
                rng.shuffle(deal.stock)
            true_gains.append(gain_on(deal))
        true_gain = summarize(true_gains).mean
    return Position(
        view.hand_number,
        seat,
        deals,
        whole.mean,
        whole.se,
        first.mean,
        first.se,
        second,
        true_gain,
    )


def measure(
    preset: str,
    players: int,
    hands: int,
    deals: int,
    seed: int,
    progress: bool,
    log: TextIO | None = None,
) -> list[Position]:
    """The meld decisions of ``hands`` first hands of heuristic self-play (game seeds
    ``seed`` on), each weighed on ``deals`` deals and written to ``log`` as it is."""
    rules = Rules.preset(preset)
    out: list[Position] = []
    for g in range(hands):
        game = Game(rules, [f"P{i}" for i in range(players)], seed=seed + g)
        bots = [HeuristicBot(seed=i) for i in range(players)]
        searcher = HeuristicBot(seed="holds")
        rng = random.Random(f"holds/{seed + g}")
        hand = game.hand
        for _ in range(MAX_ACTIONS):
            if hand.is_over:
                break
            view = game.view(game.to_act)
            if view.phase is Phase.PLAY:
                pos = weigh(view, searcher, deals, rng, hand)
                if pos is not None:
                    pos.hand = g
                    out.append(pos)
                    if log is not None:
                        log.write(json.dumps(asdict(pos)) + "\n")
                        log.flush()
            game.apply(bots[game.to_act].act(view), game.to_act)
        if progress:
            print(f"\rhand {g + 1}/{hands}: {len(out)} positions", end="", file=sys.stderr)
    if progress:
        print(file=sys.stderr)
    return out


def summary(
    positions: list[Position], hands: int, players: int = 2, z: float = 2.0
) -> dict[str, Any]:
    """How often holding is better or worse by ``z`` standard errors, and what holding
    where the first half of the deals says so gains on the second half, a hand (every
    seat's holds together) and a seat's hand (what one seat that holds gains, as a bot
    that holds would against others that do not)."""
    n = len(positions)
    chosen = [p for p in positions if p.chosen]
    gained = [p.second_half for p in chosen]
    per_hand = [0.0] * hands
    for p in chosen:
        per_hand[p.hand] += p.second_half
    by_hand = summarize(per_hand)
    true = [p.true_gain for p in chosen if p.true_gain is not None]
    true_hand = [0.0] * hands
    for p in chosen:
        true_hand[p.hand] += p.true_gain or 0.0
    true_by_hand = summarize(true_hand)
    return {
        "positions": n,
        "positions_a_hand": round(n / hands, 2) if hands else 0.0,
        "hold_better": sum(p.gain > z * p.se for p in positions),
        "meld_better": sum(p.gain < -z * p.se for p in positions),
        "mean_gain_of_holding": round(sum(p.gain for p in positions) / n, 2) if n else 0.0,
        "held_by_search": len(chosen),
        "gain_where_held": round(sum(gained) / len(gained), 2) if gained else 0.0,
        "gain_a_hand": round(by_hand.mean, 2),
        "gain_a_hand_se": round(by_hand.se, 2),
        "true_gain_where_held": round(sum(true) / len(true), 2) if true else None,
        "true_gain_a_hand": round(true_by_hand.mean, 2) if true else None,
        "true_gain_a_hand_se": round(true_by_hand.se, 2) if true else None,
        "true_gain_a_seat": round(true_by_hand.mean / players, 2) if true else None,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--hands", type=int, default=40, help="hands of self-play (default: 40)")
    p.add_argument("--deals", type=int, default=120, help="deals a position (default: 120)")
    p.add_argument("--seed", type=int, default=1000, help="first game seed (default: 1000)")
    p.add_argument("--log", metavar="FILE", help="write every position to FILE (JSON lines)")
    p.add_argument(
        "--summarize",
        metavar="FILE",
        help="summarize the positions of an earlier --log FILE (with that run's --preset, "
        "--players, --hands, --deals and --seed) instead of playing",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.hands < 1 or args.deals < 4:
        p.error("--hands must be at least 1 and --deals at least 4")
    if args.summarize:  # the positions of an earlier run's log
        with open(args.summarize, encoding="utf-8") as f:
            positions = [Position(**json.loads(line)) for line in f if line.strip()]
    else:
        with contextlib.ExitStack() as stack:
            log = stack.enter_context(open(args.log, "w", encoding="utf-8")) if args.log else None
            positions = measure(
                args.preset, args.players, args.hands, args.deals, args.seed, not args.quiet, log
            )
    doc = {
        "preset": args.preset,
        "players": args.players,
        "hands": args.hands,
        "deals": args.deals,
        "seed": args.seed,
        **summary(positions, args.hands, args.players),
    }
    if args.json:
        print(json.dumps(doc, indent=2))
        return 0
    print(
        f"{args.preset}, {args.players} players: {doc['positions']} meld decisions in "
        f"{args.hands} hands of heuristic self-play, {args.deals} deals each"
    )
    print(
        f"  holding better by 2 SE: {doc['hold_better']}; melding better: {doc['meld_better']}; "
        f"mean gain of holding {doc['mean_gain_of_holding']:+.2f}"
    )
    print(
        f"  a search would hold {doc['held_by_search']} times, gaining "
        f"{doc['gain_where_held']:+.2f} each on fresh deals: "
        f"{doc['gain_a_hand']:+.2f} +- {doc['gain_a_hand_se']:.2f} points a hand"
    )
    if doc["true_gain_a_hand"] is not None:
        print(
            f"  on the true hidden hands: {doc['true_gain_where_held']:+.2f} each, "
            f"{doc['true_gain_a_hand']:+.2f} +- {doc['true_gain_a_hand_se']:.2f} points a hand, "
            f"{doc['true_gain_a_seat']:+.2f} a seat"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
