"""The ``ismcts`` level: single-observer information-set Monte Carlo tree search.

One tree is grown over the bot's information set. Each iteration deals the unseen cards
anew (:func:`~rummykit.bots.determinize.determinize`), walks down the tree choosing among
the actions legal in that deal by UCB with availability counts, adds one node, plays on
with the fast policy for a few turns and backs the position's value up, each node scored
for the player who chose its action. The root's moves are the heuristic's candidates;
deeper nodes consider a short list of each position's legal actions.

>>> from rummykit import Game, Rules
>>> game = Game(Rules.preset("500-rum"), ["Ana", "Ben"], seed=4)
>>> bot = ISMCTSBot(seed=1, budget=12)
>>> bot.act(game.view(game.to_act)) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from rummykit import Hand
from rummykit.actions import Action
from rummykit.bots.base import Bot
from rummykit.bots.determinize import determinize
from rummykit.bots.evaluate import Values
from rummykit.bots.heuristic import HeuristicBot
from rummykit.bots.inference import card_weights
from rummykit.bots.montecarlo import HAND_END, LEAVES, SHORT_PLAYOUT, candidates, over_time
from rummykit.bots.policy import playout, short_list
from rummykit.view import PlayerView

__all__ = ["ISMCTSBot"]


class _Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSBot(Bot):
    """Information-set Monte Carlo tree search over samples of the unseen cards; ``budget``
    is the number of iterations per decision (default 300)."""

    level = "ismcts"
    default_budget = 300

    def __init__(
        self,
        seed: int | str = 0,
        budget: int | None = None,
        name: str = "",
        *,
        width: int = 4,
        margin: float = 30.0,
        branching: int = 4,
        depth: int = 6,
        turns: int | None = 6,
        explore: float = 0.7,
        scale: float = 40.0,
        time_limit: float | None = 0.9,
        smart: bool = False,
        discards_only: bool = False,
        infer: float = 0.0,
        leaf: str = "plain",
    ) -> None:
        super().__init__(seed, budget if budget is not None else self.default_budget, name)
        #: strength of the inference from the public log in dealing (0: uniform deals)
        self.infer = infer
        #: how a playout that stops early is scored (a name of montecarlo's LEAVES)
        self.leaf = LEAVES[leaf]
        self.width = width
        self.margin = margin
        self.branching = branching
        self.depth = depth
        self.turns = turns
        self.explore = explore
        self.scale = scale
        self.time_limit = time_limit
        self.smart = smart
        self.discards_only = discards_only
        self.heuristic = HeuristicBot(seed)

    def choose(self, view: PlayerView) -> Action:
        start = time.perf_counter()  # the limit counts the whole decision
        cands = candidates(self.heuristic, view, self.width, self.margin)
        if len(cands) == 1:
            return cands[0][0]
        assert view.seat is not None and self.budget is not None
        values = self.values(view.rules)
        rng = self.rng_for(view)
        root = _Node(-1)
        root_actions = [a for a, _ in cands]
        weights = card_weights(view, self.infer) if self.infer else None
        turns = self.turns
        if turns is None:  # as montecarlo's: six turn ends at two players, else the end
            turns = SHORT_PLAYOUT if len(view.players) == 2 else HAND_END
        looped = time.perf_counter()
        longest = 0.0  # the longest iteration: the next may take as long
        for done in range(1, self.budget + 1):
            began = time.perf_counter()
            det = determinize(view, rng, weights)
            self._iterate(root, root_actions, det, values, rng, turns)
            longest = max(longest, time.perf_counter() - began)
            if self.time_limit is not None and over_time(
                start, looped, done, self.time_limit, longest
            ):
                break
        best = max(
            range(len(root_actions)),
            key=lambda j: (
                root.children[root_actions[j]].visits if root_actions[j] in root.children else 0,
                -j,
            ),
        )
        return root_actions[best]

    def _iterate(
        self,
        root: _Node,
        root_actions: list[Action],
        h: Hand,
        values: Values,
        rng: random.Random,
        turns: int,
    ) -> None:
        node = root
        path = [root]
        depth = 0
        while not h.is_over and depth < self.depth:
            actions = root_actions if node is root else short_list(h, values, self.branching)
            player = h.to_act
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = untried[0] if node is root else rng.choice(untried)
                child = _Node(player)
                node.children[action] = child
                for a in actions:
                    c = node.children.get(a)
                    if c is not None:
                        c.avail += 1
                h.apply(action)
                path.append(child)
                break
            log_of = math.log
            best_val = -math.inf
            chosen: Action = actions[0]
            for a in actions:
                c = node.children[a]
                c.avail += 1
                val = c.total / c.visits + self.explore * math.sqrt(log_of(c.avail) / c.visits)
                if val > best_val:
                    best_val = val
                    chosen = a
            h.apply(chosen)
            node = node.children[chosen]
            path.append(node)
            depth += 1
        scores = playout(h, values, rng, turns, self.smart, self.discards_only, self.leaf)
        n = len(scores)
        for nd in path:
            nd.visits += 1
            if nd.player >= 0:
                others = (sum(scores) - scores[nd.player]) / max(1, n - 1)
                diff = (scores[nd.player] - others) / self.scale
                if values.low_wins:  # penalty points: fewer is better
                    diff = -diff
                nd.total += 1.0 / (1.0 + math.exp(-diff))
