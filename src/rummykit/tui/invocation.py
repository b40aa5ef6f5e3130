"""How the person started rummykit, so that hints name a command they can run again.

``make run`` starts ``.venv/bin/rummykit``, which is not on the ``PATH``: a hint saying
``rummykit play --resume`` would fail. :func:`command_name` gives the command as it was
typed, made runnable from the current directory::

    >>> command_name("rummykit", path="")
    'rummykit'
    >>> command_name("/work/.venv/bin/rummykit", cwd="/work", path="")
    '.venv/bin/rummykit'
    >>> command_name("/x/rummykit/__main__.py", executable="/usr/bin/python3",
    ...              cwd="/home", path="/usr/bin")
    'python3 -m rummykit'
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys

__all__ = ["command_name", "runnable"]


def runnable(program: str, *, cwd: str | None = None, path: str | None = None) -> str:
    """``program`` (a file) as a shell word that runs it from ``cwd``.

    Its bare name when the ``PATH`` (``path``; default ``$PATH``) finds this very file,
    else a path relative to ``cwd`` when it lies below it, else its absolute path.
    Symbolic links are not followed: ``.venv/bin/python`` stays the virtual
    environment's interpreter.
    """
    here = os.path.abspath(cwd if cwd is not None else os.getcwd())
    full = os.path.normpath(os.path.join(here, program))
    name = os.path.basename(full)
    found = shutil.which(name, path=path)
    if found is not None and os.path.normpath(os.path.join(here, found)) == full:
        return shlex.quote(name)
    rel = os.path.relpath(full, here)
    if not rel.startswith(os.pardir):
        return shlex.quote(rel if os.sep in rel else os.path.join(os.curdir, rel))
    return shlex.quote(full)


def command_name(
    argv0: str | None = None,
    *,
    executable: str | None = None,
    cwd: str | None = None,
    path: str | None = None,
) -> str:
    """The command that runs rummykit the way it runs now (``sys.argv[0]`` by default).

    A bare name found on the ``PATH`` stays as it is; a script given by its path is
    named so that it runs from the current directory; ``python -m rummykit`` is named
    with the interpreter that runs it.
    """
    arg = sys.argv[0] if argv0 is None else argv0
    if not arg or arg in ("-c", "-m") or os.path.basename(arg) == "__main__.py":
        python = executable if executable is not None else sys.executable
        shown = runnable(python, cwd=cwd, path=path) if python else "python"
        return f"{shown} -m rummykit"
    if os.sep not in arg and (os.altsep is None or os.altsep not in arg):
        return shlex.quote(arg)
    return runnable(arg, cwd=cwd, path=path)
