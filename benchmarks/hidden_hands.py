"""How much public play tells of a hidden hand (issue 10).

The heuristic, shown the other hand, wins 87% of 2-player ``rummy`` games against itself
(``benchmarks/oracle.py``). From public play it can only infer that hand: the inference
(:func:`rummykit.bots.inference.card_weights`) weighs each card by what the player's
discards and passed-up pile cards say, with factors set by hand. This script asks how
much more a model fitted to play can tell, and what is there to tell at all:

- it plays seeded games with ``--level`` in every seat and logs, every ``--every``
  actions, for the seat to act and each other seat: the unseen cards, that seat's true
  hidden cards, and per unseen card the counts of public events that touch it (that
  seat's discards and passed-up top cards of the same rank, or of the suit one or two
  ranks away, or the card itself, by how many of its draws ago: at most 1, 2-4, 5 or
  more, a passed card counted in its draws from the stock with a pile to pass;
  and the cards it is known to hold, by the same relations);
- it fits ``log weight = beta . counts`` to the games of ``--games`` by maximum
  likelihood (Newton's method; the hand treated as drawn with replacement in
  proportion to the weights, with a small ridge), and on the games of ``--test-games``
  (other seeds) it reports, in nats a hand, how much likelier the true hidden cards are
  than under a uniform deal (:func:`~rummykit.bots.inference.log_likelihood_ratio`) for
  the hand-set factors and for the fitted ones, beside what a uniform deal leaves to
  know (``log C(unseen, hidden)``).

    python benchmarks/hidden_hands.py --preset rummy
    python benchmarks/hidden_hands.py --preset rummy --level greedy --json
    python benchmarks/hidden_hands.py --save factors.json   # the factors, to play with
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from rummykit import Game, Rules
from rummykit.bots import HeuristicBot, get_bot
from rummykit.bots.determinize import unseen_counts
from rummykit.bots.inference import card_weights, log_likelihood_ratio, pile_before_draws
from rummykit.bots.judge import Judge
from rummykit.cards import JOKER_CODE, RANK_OF, SUIT_OF, Card
from rummykit.errors import NotationError
from rummykit.rules import Ace
from rummykit.view import PlayerView

#: How a card relates to another: the same rank, the same suit one or two ranks away
#: (round the corner: an ace is next to a king and a two), the same card.
RELATIONS = ("rank", "suit+-1", "suit+-2", "same")
#: How long ago an event was, in the player's draws since: at most 1, 2 to 4, 5 or more.
AGES = ("0-1", "2-4", "5+")
#: Events by age: discards and passed-up top cards; then cards known in hand.
EVENTS = ("discard", "passed")
FEATURES = tuple(
    [f"{e}/{r}/{a}" for e in EVENTS for r in RELATIONS for a in AGES]
    + [f"known/{r}" for r in RELATIONS]
)

#: Hands a game is logged for, and actions a game may take.
MAX_HANDS = 6
MAX_ACTIONS = 4000


def relation(x: int, d: int, ace: Ace) -> int:
    """The index in :data:`RELATIONS` of how natural ``x`` relates to natural ``d`` under
    the rule ``ace`` (where the ace may stand above the king, it is one from the king;
    only ``around`` makes the king one from the two), or -1."""
    if x >= JOKER_CODE or d >= JOKER_CODE:
        return -1
    if x == d:
        return 3
    if RANK_OF[x] == RANK_OF[d]:
        return 0
    if SUIT_OF[x] != SUIT_OF[d]:
        return -1
    if ace is Ace.AROUND:
        gap = min((RANK_OF[x] - RANK_OF[d]) % 13, (RANK_OF[d] - RANK_OF[x]) % 13)
    else:
        high = ace is not Ace.LOW
        gap = min(abs(p - q) for p in _positions(x, high) for q in _positions(d, high))
    return gap if gap in (1, 2) else -1


def _positions(card: int, high: bool) -> tuple[int, ...]:
    return (1, 14) if RANK_OF[card] == 1 and high else (RANK_OF[card],)


@cache
def relations(ace: Ace) -> NDArray[np.int64]:
    """:func:`relation` of every pair of codes under ``ace`` (jokers -1)."""
    return np.array([[relation(x, d, ace) for d in range(53)] for x in range(53)])


def _age(draws: int) -> int:
    return 0 if draws <= 1 else (1 if draws <= 4 else 2)


def _code(text: str) -> int | None:
    try:
        return int(Card.parse(text))
    except NotationError:
        return None


def features(view: PlayerView, seat: int) -> NDArray[np.float64]:
    """Per card code (53 rows), the counts of :data:`FEATURES` for ``seat``'s hidden hand,
    from ``view`` alone."""
    events: list[tuple[int, int, int]] = []  # (event kind, card, seat's draws by then)
    draws = 0
    for who, text in view.log:
        if who != seat:
            continue
        verb, _, rest = text.partition(" ")
        if verb == "discard":
            code = _code(rest)
            if code is not None:
                events.append((0, code, draws))
        elif verb in ("draw", "take", "rummy"):
            draws += 1
    passes = [pile for who, pile in pile_before_draws(view) if who == seat]
    for i, pile in enumerate(passes):  # the i-th draw from the stock with a pile to pass
        top = pile[-1] if pile else None
        if top is not None:
            events.append((1, top, draws - (len(passes) - i)))
    out = np.zeros((53, len(FEATURES)))
    rows = np.arange(53)
    table = relations(view.rules.ace)
    for kind, card, at in events:
        if card >= JOKER_CODE:
            continue
        rel = table[:, card]
        ok = rel >= 0
        cols = (kind * len(RELATIONS) + rel[ok]) * len(AGES) + _age(draws - at)
        np.add.at(out, (rows[ok], cols), 1.0)
    base = len(EVENTS) * len(RELATIONS) * len(AGES)
    for card in view.known[seat]:
        rel = table[:, int(card)]
        ok = rel >= 0
        np.add.at(out, (rows[ok], base + rel[ok]), 1.0)
    return out


@dataclass
class Position:
    """One seat's hidden hand as another seat sees the hand."""

    unseen: list[int]  # counts by code, as the viewer sees them
    features: NDArray[np.float64]
    hidden: list[int]  # the true hidden cards
    tuned: list[float]  # the hand-set weights (card_weights) of that seat


def positions(preset: str, players: int, level: str, seeds: range, every: int) -> list[Position]:
    """Hidden hands of games between ``level`` bots (a game for each of ``seeds``): every
    ``every`` actions, once the hand's log has seven entries, in the first
    :data:`MAX_HANDS` hands, each other seat's hand as the seat to act sees it. Hands are
    logged until the stock is first turned over: after that its order is public (where
    the pile is turned over unshuffled), its cards are known to lie there rather than in
    a hand, and the question is another one."""
    out: list[Position] = []
    for seed in seeds:
        game = Game(Rules.preset(preset), [f"P{i}" for i in range(players)], seed=seed)
        bots = [get_bot(level, seed=i) for i in range(players)]
        for step in range(MAX_ACTIONS):
            if game.over or len(game.hands) > MAX_HANDS:
                break
            seat = game.to_act
            view = game.view(seat)
            if step % every == 0 and len(view.log) > 6 and not view.stock_reuses:
                unseen = unseen_counts(view)
                tuned = card_weights(view)
                hand = game.hand  # its seats are the view's (seat is the game's)
                for other in range(len(hand.hands)):
                    if other == view.seat:
                        continue
                    hidden = list(hand.hands[other])
                    for card in hand.known[other]:
                        hidden.remove(card)
                    held = Counter(int(c) for c in hidden)
                    assert all(unseen[c] >= k for c, k in held.items())
                    if hidden:
                        out.append(
                            Position(
                                list(unseen),
                                features(view, other),
                                [int(c) for c in hidden],
                                tuned[other],
                            )
                        )
            game.apply(bots[seat].act(view), seat)
    return out


def fit(data: list[Position], ridge: float = 1.0, steps: int = 30) -> NDArray[np.float64]:
    """``beta`` of most likelihood: each hidden card drawn from the unseen ones with
    chance in proportion to ``exp(beta . counts)`` (a concave objective; Newton steps)."""
    beta = np.zeros(len(FEATURES))
    for _ in range(steps):
        grad = -ridge * beta
        hess = -ridge * np.eye(len(FEATURES))
        for p in data:
            f = p.features
            s = f @ beta
            w = np.asarray(p.unseen, dtype=float) * np.exp(s - s.max())
            share = w / w.sum()
            mean = share @ f
            k = len(p.hidden)
            grad += f[p.hidden].sum(axis=0) - k * mean
            hess -= k * ((f * share[:, None]).T @ f - np.outer(mean, mean))
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.abs(step).max()) < 1e-7:
            break
    return beta


def _mean_se(values: list[float]) -> tuple[float, float]:
    return statistics.mean(values), statistics.stdev(values) / math.sqrt(len(values))


def evaluate(data: list[Position], beta: NDArray[np.float64]) -> dict[str, Any]:
    """Nats a hand above a uniform deal, for the hand-set and the fitted weights."""
    tuned: list[float] = []
    fitted: list[float] = []
    uniform: list[float] = []
    for p in data:
        pool = [c for c in range(53) for _ in range(p.unseen[c])]
        tuned.append(log_likelihood_ratio(pool, p.tuned, p.hidden))
        fitted.append(log_likelihood_ratio(pool, list(np.exp(p.features @ beta)), p.hidden))
        uniform.append(math.log(math.comb(len(pool), len(p.hidden))))
    (t, t_se), (f, f_se) = _mean_se(tuned), _mean_se(fitted)
    gain, gain_se = _mean_se([b - a for a, b in zip(tuned, fitted, strict=True)])
    return {
        "hands": len(data),
        "uniform_nats": round(statistics.mean(uniform), 3),
        "hidden_cards": round(statistics.mean(len(p.hidden) for p in data), 2),
        "tuned": [round(t, 3), round(t_se, 3)],
        "fitted": [round(f, 3), round(f_se, 3)],
        "fitted_minus_tuned": [round(gain, 3), round(gain_se, 3)],
    }


#: The factors fitted to 2-player ``rummy`` heuristic play (``--save`` of this script),
#: played by :class:`FittedDangerBot` unless it is given others.
RUMMY_FACTORS = Path(__file__).parent / "results/2026-11-26/hidden/rummy-2p-heuristic.json"


class FittedDangerBot(HeuristicBot):
    """The heuristic with its danger over each hidden hand dealt by fitted factors (as
    ``infer_danger`` deals it by the hand-set ones): the variant ``h-fitted`` of
    ``benchmarks/bot_variants.py``, not a level."""

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        factors: str | Path = RUMMY_FACTORS,
    ) -> None:
        super().__init__(seed, budget, name)
        doc = json.loads(Path(factors).read_text(encoding="utf-8"))
        self.beta = np.array([math.log(doc["factors"][f]) for f in FEATURES])

    def judge(self, view: PlayerView) -> Judge:
        judge = super().judge(view)
        if judge.hidden_danger:
            rows = [
                [1.0] * 53 if s == judge.me else list(np.exp(features(view, s) @ self.beta))
                for s in range(judge.n)
            ]
            judge.weighted = judge.weigh_hidden(rows)
        return judge


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--preset", default="rummy", help="the rules (default: rummy)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--level", default="heuristic", help="who plays every seat (default: heuristic)")
    p.add_argument("--games", type=int, default=40, help="games to fit on (default: 40)")
    p.add_argument("--test-games", type=int, default=20, help="games to test on (default: 20)")
    p.add_argument("--every", type=int, default=3, help="log every N actions (default: 3)")
    p.add_argument("--save", metavar="FILE", help="write the figures and fitted factors as JSON")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.games < 1 or args.test_games < 1 or args.every < 1:
        p.error("--games, --test-games and --every must be at least 1")
    started = time.perf_counter()
    train = positions(
        args.preset, args.players, args.level, range(1000, 1000 + args.games), args.every
    )
    test = positions(
        args.preset, args.players, args.level, range(5000, 5000 + args.test_games), args.every
    )
    if len(train) < 2 or len(test) < 2:
        p.error("too few positions: play more games")
    if not args.quiet:
        print(f"{len(train)} hands to fit, {len(test)} to test", file=sys.stderr)
    beta = fit(train)
    doc = {
        "preset": args.preset,
        "players": args.players,
        "level": args.level,
        "games": args.games,
        "test_games": args.test_games,
        "factors": {name: round(math.exp(b), 3) for name, b in zip(FEATURES, beta, strict=True)},
        "test": evaluate(test, beta),
        "seconds": round(time.perf_counter() - started, 1),
    }
    if args.save:
        with open(args.save, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=2)
            out.write("\n")
    if args.json:
        print(json.dumps(doc, indent=2))
        return 0
    t = doc["test"]
    print(
        f"{args.preset}, {args.players} players, {args.level} in every seat: fitted on "
        f"{len(train)} hidden hands of {args.games} games, tested on {t['hands']} of "
        f"{args.test_games} others"
    )
    print(
        f"a uniform deal leaves {t['uniform_nats']:.2f} nats a hand to know "
        f"({t['hidden_cards']:.1f} hidden cards); the true hands are likelier than under it by"
    )
    print(f"  hand-set factors (card_weights): {t['tuned'][0]:+.3f} ± {t['tuned'][1]:.3f} nats")
    print(f"  fitted factors:                  {t['fitted'][0]:+.3f} ± {t['fitted'][1]:.3f} nats")
    print(
        f"  fitted - hand-set (paired):      {t['fitted_minus_tuned'][0]:+.3f} ± "
        f"{t['fitted_minus_tuned'][1]:.3f}"
    )
    print("fitted factors (a weight is their product over a card's events):")
    for name, factor in doc["factors"].items():
        print(f"  {name:18} {factor:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
