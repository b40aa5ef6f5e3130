"""Every rule id of RULES.md has tests named after it in this folder."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

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


def test_rule_ids_are_the_41_of_rules_md() -> None:
    assert len(RULE_IDS) == len(set(RULE_IDS)) == 41


def test_rule_ids_match_rules_md() -> None:
    if not RULES_MD.is_file():  # the shared specification sits next to the project
        pytest.skip(f"{RULES_MD} is missing: the rule ids cannot be checked against it")
    found = set(re.findall(r"\[([a-z-]+\.[a-z-]+)\]", RULES_MD.read_text()))
    assert found == set(RULE_IDS)


def test_rule_ids_are_all_in_the_shipped_rules_guide() -> None:
    # users have no RULES.md: docs/rules.md (installed, `rummykit docs rules`) is theirs,
    # and an id a refusal names must be found there
    guide = (HERE.parents[1] / "docs" / "rules.md").read_text()
    found = set(re.findall(r"\[([a-z-]+\.[a-z-]+)\]", guide))
    assert not set(RULE_IDS) - found


def _stem(name: str) -> str:
    """The prefix of the tests named after a rule id or a topic."""
    return "test_" + name.replace(".", "_").replace("-", "_") + "_"


#: Every stem a test name may start with.
STEMS = tuple(_stem(name) for name in (*RULE_IDS, *TOPICS))


def named_after(name: str, tests: list[str]) -> list[str]:
    """The ``tests`` named after the rule id or topic ``name``: those starting with its
    stem, less those whose name goes on into a longer known id (``test_end_stock_take_*``
    is about [end.stock-take], not [end.stock])."""
    stem = _stem(name)
    longer = [s for s in STEMS if s != stem and s.startswith(stem)]
    return [t for t in tests if t.startswith(stem) and not any(t.startswith(s) for s in longer)]


def test_rule_ids_a_longer_id_is_not_named_after_a_shorter_one() -> None:
    tests = ["test_end_stock_take_a", "test_take_must_meld_top_b", "test_end_stock_c"]
    assert named_after("end.stock", tests) == ["test_end_stock_c"]
    assert named_after("end.stock-take", tests) == ["test_end_stock_take_a"]
    assert named_after("take.must-meld", tests) == []
    assert named_after("take.must-meld-top", tests) == ["test_take_must_meld_top_b"]


def test_rule_ids_each_has_tests() -> None:
    names = defined_tests()
    for rule in RULE_IDS:
        assert named_after(rule, names), f"no test named after [{rule}]"
    for topic in TOPICS:
        assert named_after(topic, names), f"no test on {topic}"
