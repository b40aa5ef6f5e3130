"""Files written whole (:mod:`rummykit.files`): saved games, tournament records, logs."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from rummykit.files import write_atomically


def test_a_file_is_replaced_whole_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "game.json"
    write_atomically(path, "first\n")
    write_atomically(path, "second\n")
    assert path.read_text() == "second\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]


def test_a_file_keeps_its_permissions_a_link_its_target_a_new_one_the_umask(
    tmp_path: Path,
) -> None:
    # a reread found the temporary file's 0600 left on records and logs, and a link
    # replaced by a file, where writing it whole used to write through
    target = tmp_path / "real.json"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomically(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    mask = os.umask(0o027)
    try:
        write_atomically(tmp_path / "fresh.json", "x\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "fresh.json").stat().st_mode) == 0o640


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (not on Windows)")
def test_a_path_that_is_no_regular_file_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    # a record sent to /dev/full, or to a named pipe, must not rename a file over it
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    read: list[str] = []
    reader = threading.Thread(target=lambda: read.append(pipe.read_text()), daemon=True)
    reader.start()
    write_atomically(pipe, "through the pipe\n")
    reader.join(10)
    assert read == ["through the pipe\n"]
    assert stat.S_ISFIFO(pipe.stat().st_mode)
