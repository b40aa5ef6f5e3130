"""The package's shape: no import loops, the engine's internals stay inside the engine,
and the core runs on the standard library alone (``pip install rummykit`` installs no
dependency; the terminal game and tournaments come as extras)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "rummykit"

#: Modules that hold the hand's data and the rules' insides: only the engine uses them.
INTERNAL = {"rummykit.state", "rummykit.checks", "rummykit.turns", "rummykit.hand"}
#: Packages outside the engine, which must go through its public names.
OUTSIDE = ("rummykit.bots", "rummykit.tui", "rummykit.cli", "rummykit.rl", "rummykit.server")
#: Modules that need an extra (``rummykit[tui]``, ``rummykit[rl]``, ``rummykit[server]``).
WITH_EXTRAS = ("rummykit.tui", "rummykit.rl", "rummykit.server")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path) -> Iterator[tuple[str, int, list[str]]]:
    """Every rummykit module ``name`` imports, anywhere in the file (functions and
    ``TYPE_CHECKING`` blocks included), with the line and the names imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("rummykit"):
                    yield alias.name, node.lineno, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base.startswith("rummykit"):
                yield base, node.lineno, [a.name for a in node.names]


def graph() -> dict[str, set[str]]:
    mods = modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        for target, _, names in imports_of(name, path):
            # ``from rummykit.bots import heuristic`` imports the submodule too
            for sub in names:
                if f"{target}.{sub}" in mods:
                    edges[name].add(f"{target}.{sub}")
            if target in mods and target != name:
                edges[name].add(target)
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_find_cycle_finds_a_loop() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_loops_in_the_package() -> None:
    cycle = find_cycle(graph())
    assert cycle is None, "import loop: " + " -> ".join(cycle or [])


def test_outside_the_engine_nothing_imports_its_internals() -> None:
    offenders = [
        f"{name} line {line}: imports {target}"
        for name, path in modules().items()
        if name.startswith(OUTSIDE)
        for target, line, _ in imports_of(name, path)
        if target in INTERNAL
    ]
    assert offenders == []


def test_the_core_imports_with_the_standard_library_alone() -> None:
    core = [
        name
        for name in modules()
        if not name.startswith(WITH_EXTRAS) and name != "rummykit.__main__"
    ]
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(SRC)!r})\n"
        "import importlib\n"
        f"for name in {core!r}:\n"
        "    importlib.import_module(name)\n"
        "from rummykit import Game, Rules\n"
        "import random\n"
        "g = Game(Rules.preset('500-rum'), ['A', 'B'], seed=1)\n"
        "rng = random.Random(1)\n"
        "while not g.over:\n"
        "    g.apply(rng.choice(g.legal_actions()))\n"
        "ours = {'rummykit', '__main__', '__mp_main__'}\n"
        "outside = sorted({m.split('.')[0] for m in sys.modules}\n"
        "                 - set(sys.stdlib_module_names) - ours)\n"
        "print(','.join(outside))\n"
    )
    # -I: isolated (no user site, no PYTHON* variables); -S: no site-packages at all
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


@pytest.mark.parametrize("command", [["replay", "--help"], ["rules", "500-rum"]])
def test_the_command_line_runs_without_the_extras(command: list[str]) -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(SRC)!r}); sys.argv = ['rummykit', *{command!r}]\n"
        "from rummykit.cli import main\n"
        "try:\n"
        "    code = main(sys.argv[1:])\n"
        "except SystemExit as e:\n"
        "    code = e.code\n"
        "raise SystemExit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("command", "extra"), [("play", "tui"), ("simulate", "sim")])
def test_a_command_whose_extra_is_missing_says_what_to_install(command: str, extra: str) -> None:
    script = (
        f"import sys; sys.path.insert(0, {str(SRC)!r})\n"
        "from rummykit.cli import main\n"
        f"raise SystemExit(main([{command!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert f"pip install 'rummykit[{extra}]'" in done.stderr
    assert f"in a clone of rummykit: pip install '.[{extra}]'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("package", "extra", "blocked"),
    [
        ("rummykit.server", "server", "msgspec"),
        ("rummykit.server", "server", "starlette"),
        ("rummykit.tui", "tui", "textual"),
        ("rummykit.rl", "rl", "gymnasium"),
    ],
)
def test_a_package_without_its_extra_says_what_to_install(
    package: str, extra: str, blocked: str
) -> None:
    # imported as a library (not through the command line), each part that needs an
    # extra names the extra and the missing module instead of a bare ModuleNotFoundError
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] == {blocked!r}:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"import {package}\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, cwd=SRC
    )
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError:") and f"pip install 'rummykit[{extra}]'" in last
    assert f"({blocked} is missing)" in last
