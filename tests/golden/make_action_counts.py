"""Writes ``tests/golden/action_counts.json``: the exact legal actions of fixed positions.

This is the engine's "perft": a few hundred positions, each reached from a fresh game by a
seeded random walk, with the exact list of its legal actions. ``tests/test_action_counts.py``
rebuilds every position and checks that the engine still lists the same actions, so any
change in action generation (a missing lay-off, an extra pile depth, a joker meld counted
twice) shows up as a failing position with the actions added and missing.

A position is described so that it can be rebuilt without this script:

- ``preset``, ``options``: ``Rules.preset(preset, **options)``;
- ``players``: the number of seats (named ``P0``, ``P1``, ...);
- ``game_seed``: ``Game(rules, names, seed=game_seed, dealer=0)``;
- ``rng_seed``, ``actions_played``: ``rng = random.Random(rng_seed)``, then this many times:
  sort the legal actions' texts (``str(action)``), pick one with ``rng.choice`` from the
  sorted texts and apply the legal action with that text. Choosing from the sorted texts
  keeps the walk the same when the engine lists its actions in another order.

For each position the file records the seat to act, the number of legal actions and the
sha256 of their sorted texts (one per line, joined by ``"\\n"``), and the sorted texts
themselves when there are at most 60 of them (so a diff of the file reads well). The
``phase`` and ``hand`` fields only help a reader; the test does not check them.

Positions are chosen deterministically: checkpoints along random games of every preset
(2 to 8 players), and targeted searches (the first position over a range of seeds where
the pile is deep, a joker is in hand or on the table, a Rummy call is offered, the stock
is empty, ...) under option variants. Each position says ``why`` it is there.

When to regenerate: only deliberately, when a change to action generation is meant to
change the legal actions (a rule fixed, an option added). Run this script, then review
the diff of ``action_counts.json`` position by position before committing it; a change you
did not expect there is a bug. Never regenerate just to make the test pass.

Usage (from the repository root)::

    .venv/bin/python tests/golden/make_action_counts.py          # writes the file
    .venv/bin/python tests/golden/make_action_counts.py --check  # compares, writes nothing

To take the goldens from another checkout of the engine (e.g. a git worktree of an older
commit), put its ``src`` first: ``PYTHONPATH=/path/to/worktree/src .venv/bin/python ...``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummykit import JOKER, PRESETS, Game, PlayerView, Rules

#: Sorted action lists up to this length are stored in full; longer ones as count + hash.
FULL_LIST_MAX = 60
DEFAULT_OUTPUT = Path(__file__).with_name("action_counts.json")
FORMAT = 1

Options = Mapping[str, Any]


# ---------------------------------------------------------------------- the walk
def new_game(preset: str, options: Options, players: int, game_seed: int) -> Game:
    """A fresh game of the position's description (seats ``P0``..; dealer seat 0)."""
    rules = Rules.preset(preset, **dict(options))
    return Game(rules, [f"P{i}" for i in range(players)], seed=game_seed, dealer=0)


def step(game: Game, rng: random.Random) -> str:
    """One step of the walk: a random choice among the sorted texts of the legal actions.
    Returns the text of the action applied."""
    actions = game.legal_actions()
    texts = [str(a) for a in actions]
    if len(set(texts)) != len(texts):  # the walk would depend on the engine's order
        raise SystemExit(f"two legal actions share a text: {sorted(texts)}")
    chosen = rng.choice(sorted(texts))
    game.apply(actions[texts.index(chosen)])
    return chosen


def action_texts(game: Game) -> list[str]:
    """The sorted texts of the legal actions."""
    return sorted(str(a) for a in game.legal_actions())


def texts_hash(texts: Sequence[str]) -> str:
    """The sha256 of sorted action texts, one per line."""
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


@dataclass(frozen=True)
class Setup:
    """A rules configuration and a number of players."""

    preset: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    def with_options(self, **options: Any) -> Setup:
        merged = dict(self.options) | options
        return Setup(self.preset, self.players, tuple(sorted(merged.items())))

    def label(self) -> str:
        opts = ",".join(f"{k}={_short(v)}" for k, v in self.options)
        return f"{self.preset}{'[' + opts + ']' if opts else ''}-{self.players}p"


def _short(value: Any) -> str:
    return "null" if value is None else str(value).lower()


def setup(preset: str, players: int, **options: Any) -> Setup:
    return Setup(preset, players, tuple(sorted(options.items())))


@dataclass
class Collector:
    """Builds the list of positions, refusing duplicate descriptions and ids."""

    positions: list[dict[str, Any]] = field(default_factory=list)
    seen: set[tuple[Any, ...]] = field(default_factory=set)
    misses: list[str] = field(default_factory=list)

    def record(self, category: str, why: str, s: Setup, seed: int, k: int, game: Game) -> bool:
        key = (s.preset, s.options, s.players, seed, seed, k)
        if key in self.seen or game.over or game.to_act < 0:
            return False
        texts = action_texts(game)
        if not texts:
            return False
        self.seen.add(key)
        entry: dict[str, Any] = {
            "id": f"{category}/{s.label()}/s{seed}/k{k}",
            "category": category,
            "why": why,
            "preset": s.preset,
            "options": dict(s.options),
            "players": s.players,
            "game_seed": seed,
            "rng_seed": seed,
            "actions_played": k,
            "to_act": game.to_act,
            "phase": game.hand.phase.value,
            "hand": game.hand.number,
            "count": len(texts),
            "sha256": texts_hash(texts),
        }
        if len(texts) <= FULL_LIST_MAX:
            entry["actions"] = texts
        self.positions.append(entry)
        return True

    # ------------------------------------------------------------------ choosing
    def checkpoints(self, category: str, why: str, s: Setup, seed: int, ks: Iterable[int]) -> None:
        """Positions after each of ``ks`` random actions of one walk (those the game reaches)."""
        wanted = sorted(set(ks))
        game = new_game(s.preset, dict(s.options), s.players, seed)
        rng = random.Random(seed)
        k = 0
        for target in wanted:
            while k < target and not game.over:
                step(game, rng)
                k += 1
            if game.over:
                break
            self.record(category, f"{why}, after {k} random actions", s, seed, k, game)

    def first_hits(
        self,
        category: str,
        why: str,
        s: Setup,
        test: Callable[[Game, PlayerView], bool],
        *,
        seeds: Iterable[int] = range(1, 60),
        hits: int = 1,
        max_steps: int = 300,
        also: Sequence[Options] = (),
    ) -> None:
        """The first ``hits`` positions (one per seed, seeds in order) that pass ``test``,
        each walk stopping at its first hit within ``max_steps`` actions. For each hit,
        ``also`` lists option changes under which the same walk is recorded as well (when
        it reaches the same number of actions), so that variants can be compared."""
        found = 0
        for seed in seeds:
            game = new_game(s.preset, dict(s.options), s.players, seed)
            rng = random.Random(seed)
            played: list[str] = []
            for k in range(max_steps + 1):
                if game.over:
                    break
                if test(game, game.view(game.to_act)):
                    variants = [
                        (s.with_options(**extra), same_walk(s.with_options(**extra), seed, played))
                        for extra in also
                    ]
                    if all(g is not None for _, g in variants) and self.record(
                        category, why, s, seed, k, game
                    ):
                        found += 1
                        for v, g in variants:
                            assert g is not None
                            self.record(category, f"{why} (same walk, {_opts(v)})", v, seed, k, g)
                    break
                played.append(step(game, rng))
            if found >= hits:
                return
        self.misses.append(f"{category}: {why} ({s.label()}): {found} of {hits} found")


def same_walk(s: Setup, seed: int, played: Sequence[str]) -> Game | None:
    """The walk of ``seed`` under ``s`` if it plays exactly ``played``, else None (the
    variant's walk went another way, so its position would compare nothing)."""
    game = new_game(s.preset, dict(s.options), s.players, seed)
    rng = random.Random(seed)
    for text in played:
        if game.over or step(game, rng) != text:
            return None
    return game


def _opts(s: Setup) -> str:
    return ", ".join(f"{k}={_short(v)}" for k, v in s.options) or "preset options"


# ---------------------------------------------------------------------- predicates
Test = Callable[[Game, PlayerView], bool]


def phase_is(name: str) -> Test:
    return lambda game, view: view.phase.value == name


def both(*tests: Test) -> Test:
    return lambda game, view: all(t(game, view) for t in tests)


def pile_at_least(n: int) -> Test:
    return lambda game, view: len(view.pile) >= n


def joker_in_hand(game: Game, view: PlayerView) -> bool:
    return view.hand is not None and JOKER in view.hand


def joker_on_table(game: Game, view: PlayerView) -> bool:
    return any(c.startswith("JK") for m in view.melds for c in m.cards)


def melds_at_least(n: int) -> Test:
    return lambda game, view: len(view.melds) >= n


def hand_at_most(n: int) -> Test:
    return lambda game, view: view.hand is not None and len(view.hand) <= n


def hand_at_least(n: int) -> Test:
    return lambda game, view: view.hand is not None and len(view.hand) >= n


def ace_in_hand(game: Game, view: PlayerView) -> bool:
    return view.hand is not None and any(str(c).startswith("A") for c in view.hand)


def stock_at_most(n: int) -> Test:
    return lambda game, view: view.stock_size <= n


stock_empty = stock_at_most(0)


def verb_legal(verb: str) -> Test:
    return lambda game, view: any(str(a).startswith(verb + " ") for a in view.legal_actions)


def actions_over(n: int) -> Test:
    return lambda game, view: len(view.legal_actions) > n


def took_at_least(n: int) -> Test:
    return lambda game, view: view.took >= n


def target_layoff_legal(game: Game, view: PlayerView) -> bool:
    """The pile card that must be melded this turn can be laid off on a table meld."""
    target = view.must_meld
    return target is not None and any(
        str(a).startswith("layoff ") and str(target) in str(a).split() for a in view.legal_actions
    )


def melded_this_turn(game: Game, view: PlayerView) -> bool:
    return view.melds_made >= 1


def not_melded_yet(game: Game, view: PlayerView) -> bool:
    return not view.has_melded[view.to_act]


def hand_number_at_least(n: int) -> Test:
    return lambda game, view: view.hand_number >= n


def after_a_pass(game: Game, view: PlayerView) -> bool:
    """A Rummy call offered to a seat after another seat passed on the same discard."""
    history = game.hand.history
    return view.phase.value == "rummy" and bool(history) and str(history[-1][1]) == "pass"


PLAY = phase_is("play")
DRAW = phase_is("draw")
RUMMY = phase_is("rummy")


# ---------------------------------------------------------------------- the positions
def build() -> Collector:
    c = Collector()
    big = {
        "500-rum": (6, 8),
        "500-rum-classic": (5, 7),
        "remik-500": (),
        "rummy": (5, 6),
        "block-rummy": (6,),
        "wrotham": (5, 6),
    }

    # Every preset at 2, 3 and 4 players (and more where allowed): checkpoints of walks.
    for name, rules in PRESETS.items():
        for n in (2, 3, 4):
            s = setup(name, n)
            c.checkpoints("preset", f"{name}, {n} players", s, 1, (0, 12, 60))
            c.checkpoints("preset", f"{name}, {n} players", s, 2, (45,))
        for n in big.get(name, (rules.max_players,)):
            if rules.min_players <= n <= rules.max_players:
                c.checkpoints("preset", f"{name}, {n} players", setup(name, n), 3, (1, 20, 60))

    # A deep discard pile: every preset, with the player to draw (and some in play).
    for name in PRESETS:
        for n in (2, 4):
            c.first_hits(
                "deep-pile",
                f"pile of 8+ cards, {n} players, draw",
                setup(name, n),
                both(DRAW, pile_at_least(8)),
                max_steps=400,
            )
    for s in (setup("500-rum", 3), setup("500-rum-classic", 3), setup("remik-500", 3)):
        c.first_hits(
            "deep-pile",
            "pile of 12+ cards, any-depth draw",
            s,
            both(DRAW, pile_at_least(12)),
            max_steps=500,
        )
        c.first_hits(
            "deep-pile",
            "pile of 10+ cards, in play",
            s,
            both(PLAY, pile_at_least(10)),
            max_steps=500,
        )
    c.first_hits(
        "deep-pile",
        "pile of 12+ cards, top-only draw",
        setup("500-rum", 3, pile_draw="top-only"),
        both(DRAW, pile_at_least(12)),
        max_steps=500,
    )
    c.first_hits(
        "deep-pile",
        "pile of 12+ cards, any-depth draw",
        setup("rummy", 3, pile_draw="any-depth"),
        both(DRAW, pile_at_least(12)),
        max_steps=500,
    )

    # Jokers in hand and on the table.
    for s in (
        setup("500-rum", 2),
        setup("500-rum", 3),
        setup("500-rum", 4),
        setup("remik-500", 2),
        setup("remik-500", 4),
        setup("wrotham", 3),
        setup("500-rum", 3, jokers=3),
        setup("500-rum", 6),
    ):
        c.first_hits(
            "joker", "joker in the hand of the player in play", s, both(PLAY, joker_in_hand), hits=2
        )
    for s in (
        setup("500-rum", 2),
        setup("500-rum", 3),
        setup("remik-500", 3),
        setup("wrotham", 2),
        setup("wrotham", 4),
        setup("500-rum", 3, ace="around"),
    ):
        c.first_hits(
            "joker", "meld with a joker on the table, in play", s, both(PLAY, joker_on_table)
        )
    for s in (setup("500-rum", 2), setup("remik-500", 3)):
        c.first_hits(
            "joker",
            "joker on the table and in hand, in play",
            s,
            both(PLAY, joker_on_table, joker_in_hand),
            max_steps=500,
        )
    for s in (
        setup("remik-500", 2),
        setup("remik-500", 3),
        setup("remik-500", 4),
        setup("wrotham", 3),
        setup("500-rum", 3, joker_swap=True),
    ):
        c.first_hits(
            "joker-swap",
            "a joker swap is legal",
            s,
            both(PLAY, verb_legal("swap")),
            hits=2 if s.preset == "500-rum" else 1,
            max_steps=500,
            also=({"joker_swap": False},),
        )

    # Rummy call windows (3+ players).
    for call in ("pile", "last-discard"):
        for n in (3, 4, 5, 6):
            s = setup("500-rum", n, rummy_call=call)
            c.first_hits("rummy-call", f"rummy window, {n} players, {call} call", s, RUMMY, hits=2)
        c.first_hits(
            "rummy-call",
            f"rummy window after a pass, 4 players, {call} call",
            setup("500-rum", 4, rummy_call=call),
            after_a_pass,
            hits=2,
            max_steps=500,
        )
        for name in ("500-rum-classic", "remik-500", "rummy"):
            c.first_hits(
                "rummy-call",
                f"rummy window, {name}, 3 players, {call} call",
                setup(name, 3, rummy_call=call),
                RUMMY,
            )
    c.first_hits(
        "rummy-call",
        "rummy window, 500-rum, ace around, 3 players",
        setup("500-rum", 3, ace="around"),
        RUMMY,
    )

    # Option variants.
    for ace in ("low", "low-or-high", "around"):
        for name in ("500-rum", "rummy"):
            c.first_hits(
                "ace",
                f"ace {ace}: an ace in hand, melds on the table",
                setup(name, 3, ace=ace),
                both(PLAY, ace_in_hand, melds_at_least(1)),
                hits=2,
            )
        c.checkpoints(
            "ace", f"ace {ace}, 500-rum, 2 players", setup("500-rum", 2, ace=ace), 5, (30,)
        )

    for going_out in ("any", "discard-required", "floating", "floating-unplayable"):
        for s in (setup("500-rum", 3, going_out=going_out), setup("rummy", 2, going_out=going_out)):
            c.first_hits(
                "going-out",
                f"going_out {going_out}: 2 cards or fewer in play",
                s,
                both(PLAY, hand_at_most(2)),
                hits=2,
                max_steps=400,
            )
    for going_out in ("floating", "floating-unplayable"):
        for s in (setup("500-rum", 3, going_out=going_out), setup("rummy", 3, going_out=going_out)):
            c.first_hits(
                "going-out",
                f"going_out {going_out}: an empty hand, floating",
                s,
                hand_at_most(0),
                max_steps=500,
            )

    for exhausted in ("end", "last-card", "turn-over", "reshuffle"):
        # With last-card the hand ends on the last stock card: the stock never stands empty.
        stock_state = "down to one card" if exhausted == "last-card" else "empty"
        stock_test = stock_at_most(1 if exhausted == "last-card" else 0)
        for s in (
            setup("500-rum", 2, stock_exhausted=exhausted),
            setup("rummy", 3, stock_exhausted=exhausted),
            setup("remik-500", 4, stock_exhausted=exhausted),
        ):
            c.first_hits(
                "stock",
                f"stock_exhausted {exhausted}: the stock is {stock_state}",
                s,
                both(DRAW, stock_test),
                max_steps=600,
            )
    c.first_hits(
        "stock",
        "block-rummy: the stock is empty (no reuse)",
        setup("block-rummy", 3),
        both(DRAW, stock_empty),
        max_steps=600,
    )
    c.first_hits(
        "stock",
        "stock_reuse_limit 1: the stock is empty",
        setup("rummy", 2, stock_reuse_limit=1),
        both(DRAW, stock_empty),
        hits=2,
        max_steps=600,
    )

    for name in ("500-rum", "rummy"):
        c.first_hits(
            "layoff",
            "layoff_needs_own_meld: melds on the table, none of mine",
            setup(name, 3, layoff_needs_own_meld=True),
            both(PLAY, melds_at_least(2), not_melded_yet, hand_at_least(3)),
            hits=2,
            also=({"layoff_needs_own_meld": False},),
        )

    for s in (setup("500-rum", 3), setup("500-rum-classic", 4), setup("500-rum", 2)):
        c.first_hits(
            "take",
            "target_must_start_meld: the pile card taken can be laid off",
            s.with_options(target_must_start_meld=False),
            both(PLAY, target_layoff_legal),
            hits=1 if s.players == 3 else 2,
            seeds=range(1, 300),
            max_steps=400,
            also=({"target_must_start_meld": True},),
        )
    c.first_hits(
        "take",
        "top_card_must_meld: took 2+ pile cards, in play",
        setup("500-rum", 3, top_card_must_meld=False),
        both(PLAY, took_at_least(2)),
        hits=2,
        also=({"top_card_must_meld": True},),
    )

    for name in ("500-rum", "rummy"):
        c.first_hits(
            "melds-per-turn",
            "melds_per_turn: melded this turn, and another meld is legal",
            setup(name, 3, melds_per_turn=None),
            both(PLAY, melded_this_turn, verb_legal("meld")),
            hits=2,
            max_steps=400,
            also=({"melds_per_turn": 1}, {"melds_per_turn": 2}),
        )

    for s in (
        setup("500-rum", 3, jokers=0),
        setup("500-rum", 3, packs=2),
        setup("500-rum", 3, hand_size=10),
        setup("rummy", 4, jokers=2),
        setup("500-rum", 2, pile_draw="top-only"),
    ):
        c.checkpoints("options", _opts(s), s, 4, (6, 33, 90))

    # Long action lists (kept as count + hash): many melds and lay-offs with jokers.
    for s in (
        setup("500-rum", 2),
        setup("500-rum", 2, jokers=3),
        setup("500-rum", 2, jokers=3, ace="around"),
        setup("500-rum", 3, hand_size=13),
    ):
        c.first_hits(
            "large",
            f"more than {FULL_LIST_MAX} legal actions",
            s,
            actions_over(FULL_LIST_MAX),
            hits=2,
        )

    # Wrotham's all-at-once rule (top-only pile, no Rummy calls only).
    for n in (2, 3, 4):
        s = setup("wrotham", n, all_at_once_from_deal=1)
        c.checkpoints(
            "all-at-once", f"wrotham all at once from deal 1, {n} players", s, 6, (0, 1, 9, 30, 80)
        )
        c.first_hits(
            "all-at-once", "all at once: a joker in hand, in play", s, both(PLAY, joker_in_hand)
        )
    c.first_hits(
        "all-at-once",
        "wrotham deal 4 (all at once from deal 4), in play",
        setup("wrotham", 3),
        both(PLAY, hand_number_at_least(4)),
        max_steps=1500,
        seeds=range(1, 6),
    )
    c.first_hits(
        "all-at-once",
        "all at once, rummy preset, in play",
        setup("rummy", 3, all_at_once_from_deal=1),
        both(PLAY, melds_at_least(0)),
        seeds=range(7, 9),
    )
    return c


def document(c: Collector) -> dict[str, Any]:
    """The golden file's JSON document."""
    return {
        "about": (
            "Exact legal actions of fixed positions (see make_action_counts.py). "
            "Regenerate only deliberately, reviewing the diff."
        ),
        "format": FORMAT,
        "walk": (
            "Game(Rules.preset(preset, **options), ['P0', ...], seed=game_seed, dealer=0); "
            "rng = random.Random(rng_seed); actions_played times: apply the legal action "
            "whose text is rng.choice(sorted(str(a) for a in game.legal_actions()))"
        ),
        "full_list_max": FULL_LIST_MAX,
        "positions": c.positions,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(
            "Write the golden legal actions of fixed positions (tests/golden/"
            "action_counts.json). Regenerate only when action generation is meant to "
            "change, and review the diff."
        )
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=DEFAULT_OUTPUT, help="the file to write"
    )
    parser.add_argument(
        "--check", action="store_true", help="compare with the file instead of writing it"
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    collected = build()
    for miss in collected.misses:
        print(f"not found: {miss}", file=sys.stderr)
    doc = document(collected)
    text = json.dumps(doc, indent=1) + "\n"
    counts: dict[str, int] = {}
    for p in collected.positions:
        counts[p["category"]] = counts.get(p["category"], 0) + 1
    summary = ", ".join(f"{k} {v}" for k, v in counts.items())
    print(
        f"{len(collected.positions)} positions ({summary}) in {time.perf_counter() - started:.1f}s"
    )
    if args.check:
        same = args.output.exists() and args.output.read_text() == text
        print("same as the file" if same else f"differs from {args.output}")
        return 0 if same else 1
    args.output.write_text(text)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
