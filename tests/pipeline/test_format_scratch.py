"""Where ruff's scratch copy lives (generator/output/format.py): a RAM filesystem when the
system has one; when that folder is missing, unwritable or full, the system's temporary folder,
with the same bytes."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from generator.output import format as output_format

PACKAGE = {"__init__.py": "import sys, os\nx=[1,\n2]\n", "sub/m.py": "def f( a ):\n  return a\n"}


def _format() -> dict[str, str]:
    return output_format.format_packages({"pkg": dict(PACKAGE)})["pkg"]


def _scratch_parents(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The folder each scratch copy was made in."""
    made: list[str | None] = []
    real = tempfile.TemporaryDirectory

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(kwargs.get("dir"))
        return real(*args, **kwargs)

    # made through io/scratch.py (named with the PID), which calls the tempfile module's
    monkeypatch.setattr(tempfile, "TemporaryDirectory", spy)
    return made


def test_the_scratch_copy_is_in_the_memory_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(output_format, "_MEMORY_FOLDER", str(tmp_path))
    made = _scratch_parents(monkeypatch)
    formatted = _format()
    assert made == [str(tmp_path)]
    assert formatted["sub/m.py"] == "def f(a):\n    return a\n"
    assert list(tmp_path.iterdir()) == []  # nothing left behind


def test_a_missing_memory_folder_means_the_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _format()
    monkeypatch.setattr(output_format, "_MEMORY_FOLDER", str(tmp_path / "absent"))
    made = _scratch_parents(monkeypatch)
    assert _format() == expected
    assert made == [None]


def test_a_full_memory_folder_means_the_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _format()
    monkeypatch.setattr(output_format, "_MEMORY_FOLDER", str(tmp_path))
    real = output_format._write_scratch

    def full_in_memory(root: Path, packages: dict[str, dict[str, str]]) -> None:
        if root.parent == tmp_path:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(root, packages)

    monkeypatch.setattr(output_format, "_write_scratch", full_in_memory)
    made = _scratch_parents(monkeypatch)
    assert _format() == expected
    assert made == [str(tmp_path), None]
    assert list(tmp_path.iterdir()) == []


def test_a_full_temporary_folder_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def always_full(root: Path, packages: dict[str, dict[str, str]]) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output_format, "_write_scratch", always_full)
    with pytest.raises(OSError, match="No space left"):
        _format()


def test_a_memory_folder_without_room_for_the_copy_is_not_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ruff grows the files it formats: a RAM filesystem must have room for that up front (a
    full one inside ruff would fail the run instead of falling back)."""
    expected = _format()
    monkeypatch.setattr(output_format, "_MEMORY_FOLDER", str(tmp_path))
    real = output_format.os.statvfs

    class Nearly:
        def __init__(self, folder: str) -> None:
            status = real(folder)
            self.f_frsize = status.f_frsize
            size = sum(len(text) for text in PACKAGE.values())
            self.f_bavail = (2 * size) // status.f_frsize  # less than 3x the copy

    monkeypatch.setattr(output_format.os, "statvfs", Nearly)
    made = _scratch_parents(monkeypatch)
    assert _format() == expected
    assert made == [None]
