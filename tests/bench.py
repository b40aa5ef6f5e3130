"""Loading the scripts of ``benchmarks/`` in tests: they import their siblings (``runs``,
``bot_variants``, ``oracle``) from beside them, and some add their variants to the level
registry. :func:`bench_scripts` gives a loader and undoes all of it afterwards."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

import rummykit.bots as bots

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def bench_scripts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], ModuleType]]:
    """``load(name)``: the module of ``benchmarks/<name>.py``, freshly executed."""
    monkeypatch.syspath_prepend(str(BENCH))
    saved = dict(bots.LEVELS)
    before = set(sys.modules)

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # as an import would: dataclasses look their module up
        spec.loader.exec_module(module)
        return module

    yield load
    bots.LEVELS.clear()
    bots.LEVELS.update(saved)
    for name in set(sys.modules) - before:  # the siblings the scripts imported
        if (getattr(sys.modules[name], "__file__", None) or "").startswith(str(BENCH)):
            del sys.modules[name]
