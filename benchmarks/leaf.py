"""What cards in hand come to by the hand's end, against what the heuristic expects (issue 10).

The heuristic (and the search levels' ``worth`` leaf) counts a card left over with chance
``q`` of being melded at ``2q - 1`` times its value: +1 if it gets melded, -1 if it is
still held when the hand ends. This script measures what such cards actually come to in
heuristic self-play: at every draw decision it records each card of the hand (in the
best melds, laid off on the table, or left over with its ``q``), and at the hand's end
counts +1 if that seat melded or laid it off, -1 if it is still in that seat's hand, and
0 if it went elsewhere (discarded). The shares of :func:`rummykit.bots.leaf.calibrated_value`
come from its output.

    python benchmarks/leaf.py --players 2 --hands 150
    python benchmarks/leaf.py --players 4 --hands 80 --preset remik-500 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rummykit import Game, Phase, Rules
from rummykit.bots import HeuristicBot
from rummykit.bots.evaluate import best_melds, outs_of, table_fits
from rummykit.bots.judge import Judge
from rummykit.cards import JOKER_CODE

#: Hands stop (uncounted) after this many actions.
MAX_ACTIONS = 3000


@dataclass
class Bucket:
    """Cards of one kind: how many, and how they ended."""

    cards: int = 0
    melded: int = 0
    held: int = 0
    q: float = 0.0  # sum of the predicted chances

    @property
    def realized(self) -> float:
        return (self.melded - self.held) / self.cards if self.cards else 0.0

    def to_json(self) -> dict[str, Any]:
        n = max(1, self.cards)
        return {
            "cards": self.cards,
            "mean_q": round(self.q / n, 3),
            "model": round(2 * self.q / n - 1, 3),
            "realized": round(self.realized, 3),
            "melded": round(self.melded / n, 3),
            "held": round(self.held / n, 3),
        }


@dataclass
class Calibration:
    """Buckets: ``meld`` (cards of the best melds in hand), ``fit`` (cards that lie on the
    table), and ``q0`` to ``q9`` (cards left over, by tenths of their chance)."""

    buckets: dict[str, Bucket] = field(default_factory=dict)

    def add(self, kind: str, q: float, outcome: int) -> None:
        b = self.buckets.setdefault(kind, Bucket())
        b.cards += 1
        b.q += q
        b.melded += outcome == 1
        b.held += outcome == -1


def measure(preset: str, players: int, hands: int, progress: bool) -> Calibration:
    """Plays ``hands`` first hands of heuristic self-play (seeds 1000 on) and buckets
    every card held at a draw decision by what it came to."""
    rules = Rules.preset(preset)
    out = Calibration()
    for g in range(hands):
        game = Game(rules, [f"P{i}" for i in range(players)], seed=1000 + g)
        bots = [HeuristicBot(seed=i) for i in range(players)]
        hand = game.hand
        seen: list[tuple[str, float, int, int]] = []  # kind, q, seat, card
        for _ in range(MAX_ACTIONS):
            if hand.is_over:
                break
            view = game.view(game.to_act)
            if view.phase is Phase.DRAW and view.seat is not None:
                judge = Judge(view, bots[view.seat].values(rules))
                plan = best_melds(judge.hand, judge.values)
                for m in plan.melds:
                    seen.extend(("meld", 1.0, view.seat, c) for c in m)
                dead = list(plan.deadwood)
                for c in table_fits(dead, judge.table, judge.ace):
                    dead.remove(c)
                    seen.append(("fit", 1.0, view.seat, c))
                held = [0] * 53
                for c in dead:
                    held[c] += 1
                for c in dead:
                    outs = outs_of(c, held, judge.unseen, judge.table, judge.values)
                    q = 0.85 if c == JOKER_CODE else judge.chance(outs)
                    seen.append((f"q{min(9, int(q * 10))}", q, view.seat, c))
            game.apply(bots[game.to_act].act(view), game.to_act)
        if not hand.is_over:
            continue
        melded = [Counter[int]() for _ in range(players)]
        for meld in hand.melds:
            for i, c in enumerate(meld.cards):
                melded[meld.owners[i]][c] += 1
        kept = [Counter(cards) for cards in hand.hands]
        for kind, q, seat, c in seen:
            outcome = 1 if melded[seat][c] else (-1 if kept[seat][c] else 0)
            out.add(kind, q, outcome)
        if progress:
            print(f"\rhand {g + 1}/{hands}", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--hands", type=int, default=150, help="hands to play (default: 150)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    cal = measure(args.preset, args.players, args.hands, not args.quiet)
    doc = {
        "preset": args.preset,
        "players": args.players,
        "hands": args.hands,
        "buckets": {k: cal.buckets[k].to_json() for k in sorted(cal.buckets)},
    }
    if args.json:
        print(json.dumps(doc, indent=2))
        return 0
    print(f"{args.preset}, {args.players} players, {args.hands} hands of heuristic self-play")
    print("kind   cards  mean q  model 2q-1  realized  melded  held")
    for kind, b in doc["buckets"].items():
        print(
            f"{kind:5} {b['cards']:6d}  {b['mean_q']:6.2f}  {b['model']:+10.2f}  "
            f"{b['realized']:+8.3f}  {b['melded']:6.2f}  {b['held']:4.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
