"""The optional parts of rummykit, each an extra of the package (``pip install
'rummykit[EXTRA]'``), and the one way each says what to install when it is missing.

>>> print(install_hint("rl"))
pip install 'rummykit[rl]' (in a clone of rummykit: pip install '.[rl]')
"""

from __future__ import annotations

import importlib


def install_hint(extra: str) -> str:
    """The command that installs ``extra``, for a user of the package and in a clone."""
    return f"pip install 'rummykit[{extra}]' (in a clone of rummykit: pip install '.[{extra}]')"


def require(package: str, extra: str, *modules: str) -> None:
    """Imports ``modules`` for ``package``; an ImportError that names the extra and the
    missing module if one cannot be imported."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as e:
            missing = e.name or name
            raise ImportError(
                f"{package} needs the {extra} extra ({missing} is missing): {install_hint(extra)}"
            ) from e
