"""Replacing a package reuses its unchanged files (issue #21): a file the old package holds
byte for byte is hard-linked into the new one, not written and fsynced again; only files of
ours are (listed in the old record, regular, one name, a fresh file's owner and permissions),
reached through no link. The swap stays atomic: a run killed at any moment leaves the old tree
or the new one.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import time
from pathlib import Path

import pytest

from generator.io import provenance, write

OLD = {"a.py": "A = 1\n", "sub/b.py": "B = 'é'\n", "c.py": "C = 1\n"}
NEW = {**OLD, "c.py": "C = 2\n"}


def packaged(files: dict[str, str]) -> dict[str, str]:
    return {**files, provenance.FILENAME: provenance.record(files, {"spec_sha256": "0" * 64}, {})}


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def inodes(folder: Path) -> dict[str, int]:
    return {relative: os.lstat(folder / relative).st_ino for relative in NEW}


def test_unchanged_files_are_linked_changed_ones_written(tmp_path: Path) -> None:
    dest, fresh = tmp_path / "pkg", tmp_path / "fresh"
    write.write(packaged(OLD), dest)
    before = inodes(dest)
    write.write(packaged(NEW), dest)
    write.write(packaged(NEW), fresh)
    after = inodes(dest)
    assert tree(dest) == tree(fresh)  # the bytes of a package written from nothing
    assert after["a.py"] == before["a.py"] and after["sub/b.py"] == before["sub/b.py"]
    assert after["c.py"] != before["c.py"]
    assert {os.lstat(dest / relative).st_nlink for relative in NEW} == {1}  # old tree gone
    assert {stat.S_IMODE(os.lstat(dest / r).st_mode) for r in NEW} == {
        stat.S_IMODE(os.lstat(fresh / r).st_mode) for r in NEW}
    assert [entry for entry in os.listdir(tmp_path) if entry.startswith(".")] == []


def _fsynced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths fsynced from now on."""
    synced: list[str] = []
    real_fsync = os.fsync

    def recording(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording)
    return synced


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="syncfs is Linux's")
def test_one_syncfs_makes_the_staged_package_durable(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A device flush per fsync made a package of thousands of files take seconds: the files
    are written, then their filesystem is synced once; only the swap's folder is fsynced."""
    dest = tmp_path / "pkg"
    write.write(packaged(OLD), dest)
    synced_filesystems: list[Path] = []
    real = write._synced_filesystem

    def recording(path: Path) -> bool:
        synced_filesystems.append(path)
        return real(path)

    monkeypatch.setattr(write, "_synced_filesystem", recording)
    synced = _fsynced(monkeypatch)
    write.write(packaged(NEW), dest)
    assert len(synced_filesystems) == 1 and synced_filesystems[0].parent == tmp_path
    assert [Path(path).name for path in synced] == [tmp_path.name]  # the swap's folder
    assert tree(dest) == {name: text.encode() for name, text in packaged(NEW).items()}


def test_without_syncfs_only_what_was_written_is_fsynced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "pkg"
    write.write(packaged(OLD), dest)
    monkeypatch.setattr(write, "_synced_filesystem", lambda path: False)
    synced = _fsynced(monkeypatch)
    write.write(packaged(NEW), dest)
    names = sorted(Path(path).name for path in synced)
    # the two files written, the staging folder and its `sub`, then the folder holding `dest`
    assert len(synced) == 5, synced
    assert {"PROVENANCE.json", "c.py", "sub", tmp_path.name} <= set(names), names


def test_files_not_plainly_ours_are_written_not_linked(tmp_path: Path) -> None:
    dest = tmp_path / "pkg"
    write.write(packaged(OLD), dest)
    os.link(dest / "a.py", tmp_path / "elsewhere.py")  # a second name outside the package
    (dest / "sub" / "b.py").chmod(0o600)  # permissions a fresh file does not get
    before = inodes(dest)
    write.write(packaged(NEW), dest)
    after = inodes(dest)
    assert after["a.py"] != before["a.py"] and after["sub/b.py"] != before["sub/b.py"]
    assert (tmp_path / "elsewhere.py").read_text(encoding="utf-8") == "A = 1\n"
    assert os.lstat(tmp_path / "elsewhere.py").st_nlink == 1
    assert stat.S_IMODE(os.lstat(dest / "sub" / "b.py").st_mode) == stat.S_IMODE(
        os.lstat(dest / "c.py").st_mode)


def test_a_linked_folder_is_not_reused_from_even_when_forced(tmp_path: Path) -> None:
    dest, outside = tmp_path / "pkg", tmp_path / "outside"
    write.write(packaged(OLD), dest)
    outside.mkdir()
    (outside / "b.py").write_text(OLD["sub/b.py"], encoding="utf-8")
    for name in os.listdir(dest / "sub"):
        os.unlink(dest / "sub" / name)
    os.rmdir(dest / "sub")
    os.symlink(outside, dest / "sub")
    kept = os.lstat(outside / "b.py").st_ino
    write.write(packaged(NEW), dest, force=True)
    assert os.lstat(dest / "sub" / "b.py").st_ino != kept
    assert not (dest / "sub").is_symlink()
    assert os.lstat(outside / "b.py").st_nlink == 1  # never linked from
    assert tree(outside) == {"b.py": OLD["sub/b.py"].encode()}


def test_a_record_not_ours_reuses_nothing(tmp_path: Path) -> None:
    dest = tmp_path / "pkg"
    write.write(packaged(OLD), dest)
    (dest / provenance.FILENAME).write_text("{}", encoding="utf-8")
    before = inodes(dest)
    write.write(packaged(NEW), dest, force=True)
    assert all(inodes(dest)[r] != before[r] for r in ("a.py", "sub/b.py"))


def test_a_run_killed_while_linking_leaves_the_old_tree_or_the_new(tmp_path: Path) -> None:
    dest = tmp_path / "pkg"
    many = {f"m{index}.py": f"M = {index}\n" for index in range(40)}
    write.write(packaged({**OLD, **many}), dest)
    old, new = tree(dest), tree_of(packaged({**NEW, **many}))
    interrupted = 0
    real = write._linked
    for attempt in range(6):
        pid = os.fork()
        if pid == 0:  # the child: a write slowed down at each link, killed at some moment
            write._linked = lambda *args: (time.sleep(0.002), real(*args))[1]  # type: ignore[assignment]
            try:
                write.write(packaged({**NEW, **many}), dest)
            finally:
                os._exit(0)
        time.sleep(0.01 + 0.015 * attempt)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        now = tree(dest)
        assert now in (old, new)
        interrupted += any(entry.startswith(".pkg.new-") for entry in os.listdir(tmp_path))
        if now == new:
            write.write(packaged({**OLD, **many}), dest)  # back to the old one for the next
    write.write(packaged({**NEW, **many}), dest)  # the next write clears what a kill left
    assert tree(dest) == new
    assert [entry for entry in os.listdir(tmp_path) if entry.startswith(".")] == []
    assert interrupted  # some kill landed while the new tree was being staged


def tree_of(files: dict[str, str]) -> dict[str, bytes]:
    return {relative: text.encode("utf-8") for relative, text in sorted(files.items())}
