"""Paired measurements of bot variants (issue 10): each change to a search bot is kept
only if it measurably helps, and this script is how it was measured.

A variant is a search bot with some settings changed (the playout policy, how far the
playouts go, the budget). Each one is played against a level (or another variant) with
:func:`rummykit.bots.paired.run_paired`: fixed deals, every seat rotation, mean point
difference per hand, the sequential test.

    python benchmarks/bot_variants.py --list
    python benchmarks/bot_variants.py mc-greedy-6 heuristic --deals 200
    python benchmarks/bot_variants.py mc-smart-end heuristic --log DIR --json
    python benchmarks/bot_variants.py policy-smart greedy --games 400 --log DIR   # games
    python benchmarks/bot_variants.py heuristic heuristic@a87bc55 --preset rummy   # a change

``LEVEL@COMMIT`` is a level as the code of a git commit had it: the module that defines
the level's class is read at that commit and loaded beside today's modules (which it
imports), so a change to one module is measured against the code before it. A change
that spans several modules is not: only the class's own module is the commit's.

Results are as reproducible as ``benchmarks/paired.py``'s: the same seed gives the same
deals and decisions (up to the search bots' 0.9 s limit per decision, which a slower
machine may reach in fewer playouts).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from hidden_hands import FittedDangerBot
from runs import append_line, read_lines

from rummykit import Phase
from rummykit.bots import LEVELS, Bot, HeuristicBot, ISMCTSBot, MonteCarloBot, RolloutBot
from rummykit.bots.heuristic import BasicBot
from rummykit.bots.paired import LINEUPS, DealResult, PairedResult, run_paired
from rummykit.bots.policy import PolicyBot
from rummykit.cli import runlog
from rummykit.cli.paired_cmd import load_deals

ROOT = Path(__file__).resolve().parents[1]

#: Name -> (bot class, settings). ``greedy``/``smart``: the playout policy; a number: the
#: turns a playout plays before it is scored (``end``: to the end of the hand); ``infer``:
#: dealing by inference from the public log; ``is-*`` at 1000 iterations: ``is-infer:1000``.
_DRAW = frozenset({Phase.DRAW, Phase.RUMMY})

VARIANTS: dict[str, tuple[type[Bot], dict[str, Any]]] = {
    "mc-greedy-6": (MonteCarloBot, {"smart": False, "turns": 6}),
    "mc-smart-6": (MonteCarloBot, {"smart": True, "turns": 6}),
    "mc-greedy-end": (MonteCarloBot, {"smart": False, "turns": 1000}),
    "mc-smart-end": (MonteCarloBot, {"smart": True, "turns": 1000}),
    "mc-greedy-24d": (MonteCarloBot, {"smart": False, "turns": 24, "discards_only": True}),
    "mc-greedy-6d": (MonteCarloBot, {"smart": False, "turns": 6, "discards_only": True}),
    "mc-worth-6": (MonteCarloBot, {"leaf": "worth", "turns": 6}),
    "mc-worth-4": (MonteCarloBot, {"leaf": "worth", "turns": 4}),
    "mc-worth-8d": (MonteCarloBot, {"leaf": "worth", "turns": 8, "discards_only": True}),
    "mc-worth-12d": (MonteCarloBot, {"leaf": "worth", "turns": 12, "discards_only": True}),
    "mc-cal-6": (MonteCarloBot, {"leaf": "calibrated", "turns": 6}),
    "mc-cal-8d": (MonteCarloBot, {"leaf": "calibrated", "turns": 8, "discards_only": True}),
    "mc-z1": (MonteCarloBot, {"confidence": 1.0}),
    "mc-z2": (MonteCarloBot, {"confidence": 2.0}),
    "mc-prior1": (MonteCarloBot, {"prior": 1.0}),
    "mc-prior2": (MonteCarloBot, {"prior": 2.0}),
    "is-worth-6": (ISMCTSBot, {"leaf": "worth", "turns": 6}),
    "is-greedy-6": (ISMCTSBot, {"smart": False, "turns": 6}),
    "is-smart-end": (ISMCTSBot, {"smart": True, "turns": 1000}),
    "mc-infer": (MonteCarloBot, {"infer": 1.0}),
    "mc-infer-half": (MonteCarloBot, {"infer": 0.5}),
    "is-old": (ISMCTSBot, {"turns": 6, "infer": 0.0}),  # the defaults, stated
    "is-infer": (ISMCTSBot, {"turns": None, "infer": 1.0}),
    "is-uniform": (ISMCTSBot, {"turns": None, "infer": 0.0}),
    "h-dead-old": (HeuristicBot, {"dead_share": (-1.0, 2.0)}),  # 2q - 1, basic's
    "h-measured": (HeuristicBot, {"dead_share": None}),  # the shares measured, by players
    "h-dead-soft": (HeuristicBot, {"dead_share": (-0.6, 1.6)}),
    "h-dead-half": (HeuristicBot, {"dead_share": (-0.3, 1.2)}),
    "h-dead-cal": (HeuristicBot, {"dead_share": (0.15, 0.5)}),
    "h-dead-cal4": (HeuristicBot, {"dead_share": (0.0, 0.35)}),
    "h-next-only": (HeuristicBot, {"hidden_danger": 0.0}),
    "h-hidden-1": (HeuristicBot, {"hidden_danger": 1.0}),
    "h-hidden-3": (HeuristicBot, {"hidden_danger": 3.0}),
    "h-hidden-6": (HeuristicBot, {"hidden_danger": 6.0}),
    "h-no-stock": (HeuristicBot, {"public_stock": False}),  # the stock order unused
    # the heuristic before the review of 2026-11-30: the shares for cards left over even
    # with an opponent on one card (end_caught), no danger from a pile card's partner
    "h-no-end": (HeuristicBot, {"end_caught": 0}),
    "h-no-touch": (HeuristicBot, {"known_touch": 0.0}),
    "h-before-1130": (HeuristicBot, {"end_caught": 0, "known_touch": 0.0}),
    "h-stock-held": (HeuristicBot, {"held_known": True}),  # drawn cards known in hands
    # the danger over hidden hands dealt by inference from each opponent's discards and
    # passed-up pile cards (the weights to that power)
    # playouts played by the heuristic itself (rummykit.bots.rollout): a rollout
    # improvement of the heuristic, which it overrules only when sure (``z1``)
    "mc-hr-end": (MonteCarloBot, {"rollout": "heuristic", "turns": 1000, "dead_share": None}),
    "mc-hr-4": (MonteCarloBot, {"rollout": "heuristic", "turns": 4, "dead_share": None}),
    "mc-hr-end-z1": (
        MonteCarloBot,
        {"rollout": "heuristic", "turns": 1000, "dead_share": None, "confidence": 1.0},
    ),
    "mc-hr-2z": (  # the heuristic's first two, the second played only when sure
        MonteCarloBot,
        {
            "rollout": "heuristic",
            "turns": 1000,
            "dead_share": None,
            "width": 2,
            "confidence": 1.0,
        },
    ),
    "mc-hr-draw": (
        MonteCarloBot,
        {"rollout": "heuristic", "turns": 1000, "dead_share": None, "phases": _DRAW},
    ),
    "h-infer": (HeuristicBot, {"infer_danger": 1.0}),
    # the danger dealt by factors fitted to 2-player rummy play (hidden_hands.py)
    "h-fitted": (FittedDangerBot, {}),
    "h-infer-half": (HeuristicBot, {"infer_danger": 0.5}),
    "h-infer-2": (HeuristicBot, {"infer_danger": 2.0}),
    # pile cards among the outs of cards left over (one pile card as this many unseen)
    "h-pile-1": (HeuristicBot, {"pile_outs": 1.0}),
    "h-pile-3": (HeuristicBot, {"pile_outs": 3.0}),
    "h-pile-6": (HeuristicBot, {"pile_outs": 6.0}),
    "h-tempo-0": (HeuristicBot, {"tempo": 0.0}),
    "h-tempo-8": (HeuristicBot, {"tempo": 8.0}),
    "h-tempo-3": (HeuristicBot, {"tempo": 3.0}),
    "h-tempo-5": (HeuristicBot, {"tempo": 5.0}),
    "h-tempo-12": (HeuristicBot, {"tempo": 12.0}),
    "h-tempo-18": (HeuristicBot, {"tempo": 18.0}),
    "h-tempo-20": (HeuristicBot, {"tempo": 20.0}),
    "h-tempo-24": (HeuristicBot, {"tempo": 24.0}),
    "h-pile-12": (HeuristicBot, {"pile_outs": 12.0}),
    # the heuristic before the blunders a review found were mended (2026-11-29): no
    # search for a way out this turn (seek_out), no care at the hand's end (endgame)
    "h-before": (HeuristicBot, {"seek_out": False, "endgame": False}),
    "h-no-seek": (HeuristicBot, {"seek_out": False}),
    "h-no-endgame": (HeuristicBot, {"endgame": False}),
    "basic-before": (BasicBot, {"seek_out": False, "endgame": False}),
    # the search on the heuristic with the measured shares; ``draw``: it may overrule the
    # heuristic only in the draw phase and a Rummy window (plays are the heuristic's)
    "mc-m": (MonteCarloBot, {"dead_share": None}),
    "mc-m-draw": (MonteCarloBot, {"dead_share": None, "phases": _DRAW}),
    "mc-m-play": (MonteCarloBot, {"dead_share": None, "phases": frozenset({Phase.PLAY})}),
    "mc-draw": (MonteCarloBot, {"phases": _DRAW}),
    # rollout scoring each playout by the chance its result gives of winning the game
    # (rummykit.bots.race), not by its points
    "rollout-race": (RolloutBot, {"race": True}),
    # rollout weighing each planned meld or lay-off against holding it this turn
    # (benchmarks/holds.py measures what that could gain)
    "rollout-hold": (RolloutBot, {"hold": True}),
    # the heuristic, searching only whether to hold each planned meld (rollout's search
    # and time limit, without its early stop, as first measured): against the heuristic
    # it measures that one ingredient in play
    "hold-only": (
        MonteCarloBot,
        {
            "rollout": "heuristic",
            "turns": 1000,
            "width": 1,
            "confidence": 1.0,
            "time_limit": 0.85,
            "hold": True,
        },
    ),
    # rollout's playouts cut after ten turn ends and scored by every seat's worth as the
    # heuristic values its hand, with the shares measured in play (rummykit.bots.leaf):
    # more rounds in the same time, each judged by the heuristic's own estimate
    "r-cal-10": (
        MonteCarloBot,
        {
            "rollout": "heuristic",
            "turns": 10,
            "width": 2,
            "confidence": 1.0,
            "time_limit": 0.85,
            "leaf": "calibrated",
        },
    ),
    "policy-greedy": (PolicyBot, {"smart": False}),
    "policy-smart": (PolicyBot, {"smart": True}),
}


def _factory(kind: type[Bot], settings: dict[str, Any]) -> Callable[..., Bot]:
    def make(seed: int | str = 0, budget: int | None = None, name: str = "") -> Bot:
        return kind(seed=seed, budget=budget, name=name, **settings)

    return make


def register() -> None:
    """Adds the variants to :data:`rummykit.bots.LEVELS` (in this process and the
    processes it forks)."""
    for name, (kind, settings) in VARIANTS.items():
        LEVELS.setdefault(name, (_factory(kind, settings), f"variant: {settings}"))


def _save(log: Path | None, match: str, deal: DealResult) -> None:
    if log is not None:
        runlog.append(log, match, deal.to_json())


def earlier(name: str) -> None:
    """Registers ``LEVEL@COMMIT`` in :data:`rummykit.bots.LEVELS`: the level's class (or
    the class of its ``functools.partial``) taken from its module as it was at ``COMMIT``,
    with the level's settings of today. Exits with a message if git cannot show it."""
    level, _, commit = name.partition("@")
    if level not in LEVELS:
        raise SystemExit(f"{name}: no level {level!r}")
    make = LEVELS[level][0]
    kind = make.func if isinstance(make, partial) else make
    if not isinstance(kind, type):
        raise SystemExit(f"{name}: level {level!r} is not made by a class")
    module = kind.__module__
    path = f"src/{module.replace('.', '/')}.py"
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{path}"], capture_output=True, text=True
    )
    if shown.returncode != 0:
        raise SystemExit(f"{name}: git cannot show {path} at {commit}: {shown.stderr.strip()}")
    old = types.ModuleType(f"{module}@{commit}")
    old.__file__ = f"{commit}:{path}"
    sys.modules[old.__name__] = old  # dataclasses look their module up
    exec(compile(shown.stdout, old.__file__, "exec"), old.__dict__)
    then = getattr(old, kind.__name__)
    factory = partial(then, *make.args, **make.keywords) if isinstance(make, partial) else then
    LEVELS[name] = (factory, f"{level} as at {commit}")


def _progress(quiet: bool, result: PairedResult) -> None:
    if not quiet:
        s = result.summary
        se = f"{s.se:.1f}" if s.n > 1 else "-"
        print(f"\rdeal {s.n}: {s.mean:+.2f} +- {se}   ", end="", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Runs one paired measurement of a variant and prints its figures."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("first", nargs="?", help="a variant or level (FIRST[:BUDGET])")
    p.add_argument("second", nargs="?", help="a variant or level (SECOND[:BUDGET])")
    p.add_argument("--list", action="store_true", help="list the variants")
    p.add_argument("--deals", type=int, default=200, help="most deals (default: 200)")
    p.add_argument("--first-look", type=int, default=25, help="first look (default: 25)")
    p.add_argument("--preset", default="500-rum", help="the rules (default: 500-rum)")
    p.add_argument("--players", type=int, default=2, help="seats (default: 2)")
    p.add_argument("--lineup", choices=LINEUPS, default="alternate")
    p.add_argument("--seed", type=int, default=7, help="seed of the deals (default: 7)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default: 1)")
    p.add_argument("--log", type=Path, metavar="DIR", help="save each deal in DIR; resume")
    p.add_argument("--games", type=int, help="play this many whole games (duplicate deals) instead")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = p.parse_args(argv)
    if args.list:
        for name, (kind, settings) in VARIANTS.items():
            print(f"{name}: {kind.__name__} {settings}")
        return 0
    if not args.first or not args.second:
        p.error("name two bots (variants or levels), or --list")
    register()
    for name in (args.first, args.second):
        level = name.partition(":")[0]
        if "@" in level and level not in LEVELS:
            earlier(level)
    if args.games:
        return _games(args)
    log = None
    match = (
        f"{args.first} vs {args.second}, {args.preset}, {args.players} players, "
        f"{args.lineup}, seed {args.seed}"
    )
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
        tag = f"{args.first}-{args.second}".replace(":", "_")
        log = args.log / f"{args.preset}-{args.players}p-{args.lineup}-{tag}-s{args.seed}.jsonl"
    try:
        result = run_paired(
            [args.first, args.second],
            rules=args.preset,
            players=args.players,
            lineup=args.lineup,
            seed=args.seed,
            max_deals=args.deals,
            first_look=args.first_look,
            jobs=args.jobs,
            known=load_deals(log, match) if log else [],
            progress=partial(_progress, args.quiet),
            on_deal=partial(_save, log, match),
        )
    except ValueError as exc:
        p.error(str(exc))
    if not args.quiet:
        print(file=sys.stderr)
    doc = result.to_json()
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        from rummykit.cli.paired_cmd import table

        print(table(doc))
    return 0


def _games(args: argparse.Namespace) -> int:
    """Whole games between the two bots (run_match), each saved in --log DIR as it ends;
    the same command resumes from the games saved there."""
    from rummykit.bots.tournament import GameResult, run_match

    path = None
    known: dict[int, GameResult] = {}
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
        tag = f"{args.first}-{args.second}".replace(":", "_")
        path = args.log / f"games-{args.preset}-{args.players}p-{tag}-s{args.seed}.jsonl"
        for n, obj in enumerate(read_lines(path), 1):
            try:
                game = GameResult.from_json(obj)
            except ValueError as exc:
                raise SystemExit(f"{path}:{n}: {exc}") from None
            if game.index < args.games:
                known[game.index] = game

    def save(r: GameResult) -> None:
        if path is not None:
            append_line(path, r.to_json())

    try:
        match = run_match(
            [args.first, args.second],
            games=args.games,
            rules=args.preset,
            players=args.players,
            seed=args.seed,
            jobs=args.jobs,
            known=list(known.values()),
            on_result=save,
        )
    except ValueError as exc:  # a log of another match
        raise SystemExit(f"{path}: {exc}") from None
    doc = match.to_json()
    print(json.dumps(doc, indent=2) if args.json else _game_table(doc))
    return 0


def _game_table(doc: dict[str, Any]) -> str:
    lines = [f"{doc['rules']}, {doc['players']} players, {doc['games']} games"]
    for name, f in doc["bots"].items():
        low, high = f["ci95"]
        lines.append(
            f"{name}: won {f['wins']} (+{f['draws']} drawn), {100 * f['win_rate']:.1f}% "
            f"[{100 * low:.1f}-{100 * high:.1f}%], {f['mean_hand_score']:.1f} points/hand, "
            f"{f['ms_per_decision']:.3f} ms/decision"
        )
    lines.append(f"unfinished: {doc['unfinished']}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
