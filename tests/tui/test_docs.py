"""The user's documentation: every doc the README and the help name exists, the options
page agrees with the presets, and every rule id the engine names is explained."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummykit.cli import docs_cmd, main
from rummykit.tui.screens import help_text

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DOC_LINK = re.compile(r"docs/[\w.-]+\.md")


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["rules"], ["simulate"]])
def test_the_docs_the_help_names_exist(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    for link in DOC_LINK.findall(help_of(command, capsys)):
        assert (ROOT / link).is_file(), link


@pytest.mark.parametrize(
    "command", [[], ["play"], ["replay"], ["rules"], ["simulate"], ["serve"], ["tournament"]]
)
def test_rummykit_docs_shows_every_doc_a_help_names(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # a user who installed rummykit with pip has no docs/ folder: each docs/NAME.md a
    # --help names is shown by `rummykit docs NAME` (given as written there, or bare)
    for link in set(DOC_LINK.findall(help_of(command, capsys))):
        for topic in (link, Path(link).stem):
            assert main(["docs", topic]) == 0
            assert capsys.readouterr().out == (ROOT / link).read_text(encoding="utf-8")


def test_rummykit_docs_lists_every_guide_and_they_are_installed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["docs"]) == 0
    listed = capsys.readouterr().out
    for doc in DOCS.glob("*.md"):
        title = doc.read_text(encoding="utf-8").split("\n", 1)[0].lstrip("# ").replace("`", "")
        assert f"  {doc.stem} " in listed and title in listed
    # the package's docs are the repository's guides (a link in a clone, a copy in a
    # source distribution), and a wheel takes their files
    installed = ROOT / "src" / "rummykit" / "docs"
    for doc in DOCS.glob("*.md"):
        assert (installed / doc.name).read_text(encoding="utf-8") == doc.read_text(encoding="utf-8")
    assert '"docs/*.md"' in (ROOT / "pyproject.toml").read_text()
    assert main(["docs", "rules", "--path"]) == 0
    shown = Path(capsys.readouterr().out.strip())
    assert shown.read_text(encoding="utf-8") == (DOCS / "rules.md").read_text(encoding="utf-8")


def test_rummykit_docs_says_so_when_the_guides_were_not_installed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # a wheel built from a checkout without symbolic links has no guides: one clear line
    monkeypatch.setattr(docs_cmd, "_folder", lambda: tmp_path / "docs")
    for argv in (["docs"], ["docs", "rules"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("rummykit docs: the guides were not installed with this copy")


def test_rummykit_docs_names_the_guides_for_an_unknown_topic(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["docs", "poker"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("rummykit docs: no guide is called 'poker'; the guides are ")
    assert "rules, seed-notes" in captured.err


def test_the_docs_the_readme_and_the_games_help_name_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    links = set(DOC_LINK.findall(readme))
    assert {"docs/rules.md", "docs/options.md", "docs/notation.md"} <= links
    links |= set(DOC_LINK.findall(help_text().plain))
    for link in links:
        assert (ROOT / link).is_file(), link
    for doc in DOCS.glob("*.md"):  # links between the docs
        for target in re.findall(r"\]\(([\w.-]+\.md)", doc.read_text()):
            assert (DOCS / target).is_file(), f"{doc.name} -> {target}"


def _written(value: object) -> str:
    """An option's value as the options page writes it in its table."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return str(value)


def test_the_options_page_agrees_with_the_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json"]) == 0
    presets = json.loads(capsys.readouterr().out)
    page = (DOCS / "options.md").read_text()
    header = next(line for line in page.splitlines() if line.startswith("| option |"))
    names = [c.strip().strip("`") for c in header.strip("|").split("|")[1:]]
    assert names == list(presets)
    rows: dict[str, list[str]] = {}
    for line in page.splitlines():
        match = re.match(r"\| (?:\[`(\w+)`\]\(#\w+\)|(players)) \|(.*)\|$", line)
        if match:
            key = match.group(1) or match.group(2)
            rows[key] = [c.strip() for c in match.group(3).split("|")]
    options = [k for k in presets["500-rum"] if k != "descriptions"]
    assert sorted(rows) == sorted(options)
    for key in options:
        written = [_written(presets[p][key]) for p in presets]
        assert rows[key] == written, key
        assert f"#### `{key}`" in page or key == "players"


def test_every_rule_id_the_engine_names_is_explained() -> None:
    src = ROOT / "src" / "rummykit"
    ids = set()
    for path in src.rglob("*.py"):
        # rl: encodings for programs; server: its own ids (server.*) and log kinds,
        # documented in docs/protocol.md and docs/server.md
        if path.relative_to(src).parts[0] in ("rl", "server"):
            continue
        ids |= set(
            re.findall(
                r'"((?:pack|deal|meld|layoff|joker|draw|take|discard|end|rummy|out|score|'
                r'game|wrotham|action|undo)\.[a-z-]+)"',
                path.read_text(),
            )
        )
    assert len(ids) > 30
    rules = (DOCS / "rules.md").read_text()
    missing = sorted(i for i in ids if f"[{i}]" not in rules)
    assert not missing, missing
    notation = (DOCS / "notation.md").read_text()
    for path in src.rglob("*.py"):
        for rid in re.findall(r'"(record\.[a-z]+)"', path.read_text()):
            assert f"`{rid}`" in notation or rid == "record.wire", rid


def test_the_house_rule_and_the_reshuffle_section_are_there() -> None:
    rules = (DOCS / "rules.md").read_text()
    at = rules.index("**[end.stock-take]**")
    assert "house rule" in rules[at : at + 900]
    notation = (DOCS / "notation.md").read_text()
    assert "## Chance: stock reshuffles" in notation
