"""Scratch folders a run killed with SIGKILL left are removed by the next run (io/scratch.py).

A killed `generate` used to leave its formatting copy (`/dev/shm/clientgen-format-xxxxxxxx`, a
whole package held in memory until the machine restarts: 10 MB for OpenAI's) and the folder
datamodel-code-generator ran in. Each is now named with its process's PID; the next run
removes exactly those whose process is gone, nothing else.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.io import scratch
from generator.output import format


def _dead_pid() -> int:
    """The PID of a process that has ended (and been reaped)."""
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    return int(child.stdout)


def test_only_the_folders_of_ended_runs_are_removed(tmp_path: Path) -> None:
    dead = _dead_pid()
    stale = tmp_path / f"clientgen-format-{dead}-abcd_123"
    (stale / "pkg").mkdir(parents=True)
    (stale / "pkg" / "module.py").write_text("x = 1\n")
    alive = tmp_path / f"clientgen-format-{os.getppid()}-abcd_123"  # a running process's
    other_prefix = tmp_path / f"clientgen-dcg-{dead}-abcd_123"
    not_ours = tmp_path / f"clientgen-format-{dead}-notrandom-part"
    a_file = tmp_path / f"clientgen-format-{dead}-abcdefgh"
    link = tmp_path / f"clientgen-format-{dead}-linklink"
    for folder in (alive, other_prefix, not_ours):
        folder.mkdir()
    a_file.write_text("someone's file\n")
    link.symlink_to(alive)

    with scratch.scratch_folder("clientgen-format-", str(tmp_path)) as made:
        assert Path(made).name.startswith(f"clientgen-format-{os.getpid()}-")
        assert not stale.exists()
        assert all(path.exists() for path in (alive, other_prefix, not_ours, a_file, link))
    assert not Path(made).exists()


def test_formatting_removes_the_copy_a_killed_run_left(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy ruff formats is where a SIGKILL most often lands in a large package; the next
    formatting in the same folder removes it."""
    monkeypatch.setattr(format, "_MEMORY_FOLDER", str(tmp_path))
    left = tmp_path / f"{format.SCRATCH_PREFIX}{_dead_pid()}-k1lled_x"
    (left / "pkg").mkdir(parents=True)
    (left / "pkg" / "big.py").write_text("x = 1\n" * 1000)

    formatted = format.format_packages({"pkg": {"m.py": "x=1\n"}})

    assert formatted == {"pkg": {"m.py": "x = 1\n"}}
    assert list(tmp_path.iterdir()) == []


def test_the_room_in_memory_is_measured_after_the_killed_runs_copy_is_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed run's copy holds memory the RAM filesystem gives back only when it is removed:
    measured before the removal, it could send formatting to the (slower) disk for nothing."""
    monkeypatch.setattr(format, "_MEMORY_FOLDER", str(tmp_path))
    left = tmp_path / f"{format.SCRATCH_PREFIX}{_dead_pid()}-k1lled_x"
    left.mkdir()
    seen: list[bool] = []
    measure = format._has_room

    def has_room(folder: str, packages: dict[str, dict[str, str]]) -> bool:
        seen.append(left.exists())
        return measure(folder, packages)

    monkeypatch.setattr(format, "_has_room", has_room)
    assert format.format_packages({"pkg": {"m.py": "x=1\n"}}) == {"pkg": {"m.py": "x = 1\n"}}
    assert seen == [False]
