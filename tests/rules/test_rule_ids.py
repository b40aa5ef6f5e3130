"""Every rule id of RULES.md has tests named after it in this folder."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES_MD = HERE.parents[2] / "shared" / "RULES.md"

#: The ids of RULES.md, in its order (checked against the file when it is there).
RULE_IDS = (
    "pack.decks",
    "deal.size",
    "deal.rotation",
    "meld.group",
    "meld.run",
    "meld.min-natural",
    "layoff.extend",
    "layoff.owner",
    "layoff.choose",
    "layoff.own-meld-first",
    "joker.declare",
    "joker.swap",
    "draw.stock",
    "draw.discard",
    "take.must-meld",
    "take.must-meld-top",
    "take.new-meld",
    "draw.top-only",
    "meld.any-number",
    "meld.one-per-turn",
    "discard.one",
    "discard.same-card",
    "end.out",
    "end.stock",
    "end.stock-take",
    "rummy.when",
    "rummy.who",
    "rummy.take",
    "rummy.last-discard",
    "rummy.off",
    "out.discard-required",
    "out.floating",
    "out.unplayable-discard",
    "score.melded-minus-hand",
    "score.winner-takes",
    "score.penalty",
    "score.rummy-bonus",
    "game.target",
    "game.must-go-out",
    "game.settlement",
    "game.ties",
)
#: Other things the rules define that have tests of their own (option values, presets).
TOPICS = (
    "card_values",
    "stock_last_card",
    "stock_turn_over",
    "stock_reshuffle",
    "stock_reuse_limit",
    "wrotham_first_turn",
    "wrotham_all_at_once",
    "options",
)


def defined_tests() -> list[str]:
    names: list[str] = []
    for path in HERE.glob("test_*.py"):
        tree = ast.parse(path.read_text())
        names += [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    return names


def test_rule_ids_match_rules_md() -> None:
    if RULES_MD.is_file():  # the shared specification sits next to the project
        found = set(re.findall(r"\[([a-z-]+\.[a-z-]+)\]", RULES_MD.read_text()))
        assert found == set(RULE_IDS)
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 41


def test_rule_ids_each_has_tests() -> None:
    names = defined_tests()
    for rule in RULE_IDS:
        stem = "test_" + rule.replace(".", "_").replace("-", "_") + "_"
        assert any(n.startswith(stem) for n in names), f"no test named after [{rule}]"
    for topic in TOPICS:
        assert any(n.startswith(f"test_{topic}_") for n in names), f"no test on {topic}"
