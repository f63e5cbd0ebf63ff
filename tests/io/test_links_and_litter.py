"""A generated package's folder as the edit checks read it (issue #22 items 2 and 3).

- Nothing is read through a symbolic link: a link where a file was written (or a folder on the
  way to it) is a hand edit, even when what it points to holds the very bytes written, and
  replacing the folder is refused; a link to a pipe or to `/proc/self/environ` is never opened.
- OS litter (`.DS_Store`, `Thumbs.db`, `desktop.ini`, `._name`) is neither an edit nor a file
  of someone's that blocks `generate`: the folder is replaced and the litter kept in place.
- A tool's cache (`.ruff_cache` that `ruff check pkg` writes beside the package's ruff.toml,
  `.mypy_cache`, `.pytest_cache`: hidden folders tagged by a CACHEDIR.TAG) is neither: it blocks
  nothing, is no edit, and a regeneration drops it as it drops `__pycache__`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.io import provenance, write
from generator.problems import GeneratorError

CONTENT = {"a.py": "x = 1\n", "sub/b.py": "y = 2\n"}


def _package(extra: str = "") -> dict[str, str]:
    files = {path: text + extra for path, text in CONTENT.items()}
    return {**files, provenance.FILENAME: provenance.record(files, {"spec_sha256": "0"}, {})}


def _written(tmp_path: Path) -> Path:
    dest = tmp_path / "pkg"
    write.write(_package(), dest)
    return dest


def _refusal(dest: Path, files: dict[str, str]) -> str:
    with pytest.raises(GeneratorError) as refused:
        write.write(files, dest)
    return " ".join(problem.message for problem in refused.value.problems)


def _edits(dest: Path) -> list[str]:
    recorded = provenance.read(dest)
    assert recorded is not None
    return provenance.hand_edited(dest, recorded)


def test_a_link_holding_the_written_bytes_is_a_hand_edit(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    outside = tmp_path / "outside.py"
    outside.write_text(CONTENT["a.py"], encoding="utf-8")  # the very bytes written
    (dest / "a.py").unlink()
    (dest / "a.py").symlink_to(outside)
    assert _edits(dest) == ["a.py"]
    message = _refusal(dest, _package())
    assert "hand edits" in message and "a.py" in message
    assert (dest / "a.py").is_symlink()  # nothing replaced
    # the new package has those bytes too: a link is still lost work, never compared by content
    outside.write_text(_package(" # new")["a.py"], encoding="utf-8")
    assert "a.py" in _refusal(dest, _package(" # new"))


def test_a_linked_folder_is_never_walked_into(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "b.py").write_text(CONTENT["sub/b.py"], encoding="utf-8")
    (dest / "sub" / "b.py").unlink()
    (dest / "sub").rmdir()
    (dest / "sub").symlink_to(copy)
    assert _edits(dest) == ["sub", "sub/b.py"]
    recorded = provenance.read(dest)
    assert recorded is not None and provenance.modified_files(dest, recorded) == ["sub/b.py"]
    assert "sub" in _refusal(dest, _package())


@pytest.mark.timeout(30)
def test_links_to_pipes_and_secrets_are_never_opened(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    os.mkfifo(tmp_path / "pipe")  # opening it to read would block until a writer comes
    (dest / "a.py").unlink()
    (dest / "a.py").symlink_to(tmp_path / "pipe")
    (dest / "sub" / "b.py").unlink()
    (dest / "sub" / "b.py").symlink_to("/proc/self/environ")
    os.mkfifo(dest / "fifo")  # a pipe of its own: someone's, never opened either
    (dest / "loop").symlink_to("loop")
    assert _edits(dest) == ["a.py", "fifo", "loop", "sub/b.py"]
    assert provenance.read_regular(dest, "a.py") is None
    assert provenance.read_regular(dest, "sub/b.py") is None
    message = _refusal(dest, _package())
    assert "fifo" in message and "loop" in message and "a.py" in message


def test_os_litter_is_kept_and_blocks_nothing(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    litter = {".DS_Store": b"\0\0\0\1Bud1", "Thumbs.db": b"\xd0\xcf", "sub/desktop.ini": b"[x]",
              "sub/._b.py": b"\0\5\26\7"}
    for relative, data in litter.items():
        (dest / relative).write_bytes(data)
    assert _edits(dest) == []
    assert write.foreign_files(dest, provenance.read(dest)) == []
    write.write(_package(" # new"), dest)  # no --force needed
    assert (dest / "a.py").read_text(encoding="utf-8") == "x = 1\n # new"
    assert {relative: (dest / relative).read_bytes() for relative in litter} == litter
    assert _edits(dest) == []


def test_what_only_looks_like_litter_is_someones_file(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    (dest / ".DS_Store").write_bytes(b"x" * (provenance.MAX_LITTER_BYTES + 1))  # too large
    (dest / "Thumbs.db").symlink_to(tmp_path / "elsewhere")  # a link
    assert _edits(dest) == [".DS_Store", "Thumbs.db"]
    message = _refusal(dest, _package())
    assert ".DS_Store" in message and "Thumbs.db" in message


def test_an_unchanged_package_behind_a_link_to_a_device_is_refused_not_read(
    tmp_path: Path,
) -> None:
    """Writing the same package again skips a folder that already holds it; a record that is a
    link to `/dev/zero` (read whole, it never ends) must not be opened to decide that."""
    dest = _written(tmp_path)
    (dest / provenance.FILENAME).unlink()
    (dest / provenance.FILENAME).symlink_to("/dev/zero")
    with pytest.raises(GeneratorError):
        write.write(_package(), dest)
    assert (dest / provenance.FILENAME).is_symlink()  # nothing replaced


def test_a_link_to_a_folder_holding_the_package_is_not_taken_for_it(tmp_path: Path) -> None:
    real = _written(tmp_path)
    linked = tmp_path / "linked"
    linked.symlink_to(real, target_is_directory=True)
    with pytest.raises(GeneratorError) as refused:
        write.write(_package(), linked)
    assert "not a folder" in str(refused.value.problems[0].message)
    assert linked.is_symlink()


def test_the_same_package_again_leaves_the_folder_as_it_is(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    before = os.stat(dest / "a.py").st_mtime_ns
    (dest / "sub" / "b.py").chmod(0o444)  # a rewrite would replace the file: a new inode
    inode = os.stat(dest / "sub" / "b.py").st_ino
    write.write(_package(), dest)
    assert os.stat(dest / "a.py").st_mtime_ns == before
    assert os.stat(dest / "sub" / "b.py").st_ino == inode


def _each_file_alone(dest: Path, recorded: provenance.Recorded) -> list[str]:
    """`modified_files` as it was before the one-walk hashing: each recorded file looked at on
    its own (its path's every part `lstat`ed, then opened)."""
    return [relative for relative, sha in sorted(recorded.files.items())
            if provenance._entry_kind(dest, relative) != "missing"
            and provenance._package_file_sha256(dest, relative) != sha]


@pytest.mark.timeout(30)
def test_one_walk_finds_what_looking_at_each_file_alone_finds(tmp_path: Path) -> None:
    files = {f"f{n}.py": f"v = {n}\n" for n in range(8)}
    files |= {"deep/er/x.py": "x = 0\n", "deep/y.py": "y = 0\n", "gone/z.py": "z = 0\n"}
    package = {**files, provenance.FILENAME: provenance.record(files, {"spec_sha256": "0"}, {})}
    dest = tmp_path / "pkg"
    write.write(package, dest)
    (dest / "f0.py").write_text("edited\n", encoding="utf-8")  # an edit
    (dest / "f1.py").unlink()  # gone: no edit
    (dest / "f2.py").unlink()
    (dest / "f2.py").symlink_to(dest / "f3.py")  # a link, even to a file of the package
    (dest / "f4.py").unlink()
    os.mkfifo(dest / "f4.py")  # a pipe where a file was: never opened
    (dest / "f5.py").unlink()
    (dest / "f5.py").mkdir()  # a folder where a file was
    elsewhere = tmp_path / "elsewhere"
    (dest / "deep").rename(elsewhere)
    (dest / "deep").symlink_to(elsewhere)  # a folder on the way is a link
    (dest / "gone" / "z.py").unlink()
    (dest / "gone").rmdir()
    # a file where a folder was: what was written in it is gone, no edit of it
    (dest / "gone").write_text("a file where a folder was\n", encoding="utf-8")
    recorded = provenance.read(dest)
    assert recorded is not None
    found = provenance.modified_files(dest, recorded)
    assert found == _each_file_alone(dest, recorded)
    assert found == ["deep/er/x.py", "deep/y.py", "f0.py", "f2.py", "f4.py", "f5.py"]
    # `check`'s view, through the same walk: what vanished counts too, and what appeared
    on_disk = set(provenance.package_entries(dest)) - {provenance.FILENAME}
    alone = [relative for relative in sorted(on_disk | set(recorded.files))
             if relative not in recorded.files
             or provenance._package_file_sha256(dest, relative) != recorded.files[relative]]
    assert provenance.hand_edited(dest, recorded) == alone
    assert {"f1.py", "gone", "gone/z.py"} <= set(alone) and set(found) <= set(alone)


TAG = provenance.CACHEDIR_SIGNATURE + b"\n# This file is a cache directory tag.\n"


def _tool_caches(dest: Path) -> dict[str, bytes]:
    """A package's folder as ruff, mypy and pytest leave it: their caches, tagged, at the top
    and in a subpackage (run from there)."""
    caches = {".ruff_cache/0.17.5/8006102483298815258": b"\x00\x01bincode\xff",
              ".mypy_cache/3.12/a.data.json": b"{}", ".pytest_cache/v/cache/nodeids": b"[]",
              "sub/.mypy_cache/3.12/b.meta.json": b"{}"}
    for folder in (".ruff_cache", ".mypy_cache", ".pytest_cache", "sub/.mypy_cache"):
        (dest / folder).mkdir()
        (dest / folder / provenance.CACHEDIR_TAG).write_bytes(TAG)
    for relative, data in caches.items():
        (dest / relative).parent.mkdir(parents=True, exist_ok=True)
        (dest / relative).write_bytes(data)
    return caches


def test_tool_caches_are_no_edit_and_regeneration_drops_them(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    caches = _tool_caches(dest)
    assert _edits(dest) == []
    assert write.foreign_files(dest, provenance.read(dest)) == []
    write.write(_package(), dest)  # the same package: the folder is left as it is
    assert all((dest / relative).exists() for relative in caches)
    write.write(_package(" # new"), dest)  # no --force needed
    assert (dest / "a.py").read_text(encoding="utf-8") == "x = 1\n # new"
    assert sorted(path.name for path in dest.iterdir()) == ["PROVENANCE.json", "a.py", "sub"]
    assert not (dest / "sub" / ".mypy_cache").exists()


def test_what_only_looks_like_a_tool_cache_is_someones_work(tmp_path: Path) -> None:
    dest = _written(tmp_path)
    for name, tag in {".untagged_cache": None, ".wrong_cache": b"Signature: 0000\n",
                      "visible_cache": TAG}.items():
        (dest / name).mkdir()
        (dest / name / "data").write_bytes(b"someone's")
        if tag is not None:
            (dest / name / provenance.CACHEDIR_TAG).write_bytes(tag)
    (dest / ".linked_cache").mkdir()
    (dest / ".linked_cache" / provenance.CACHEDIR_TAG).symlink_to(tmp_path / "tag")
    (tmp_path / "tag").write_bytes(TAG)  # a tag reached through a link is not read
    (dest / ".linked_cache" / "data").write_bytes(b"someone's")
    expected = [".linked_cache/CACHEDIR.TAG", ".linked_cache/data", ".untagged_cache/data",
                ".wrong_cache/CACHEDIR.TAG", ".wrong_cache/data", "visible_cache/CACHEDIR.TAG",
                "visible_cache/data"]
    assert _edits(dest) == expected
    assert ".untagged_cache/data" in _refusal(dest, _package(" # new"))


@pytest.mark.timeout(60)
def test_the_cache_ruff_writes_beside_the_packages_ruff_toml_is_no_edit(tmp_path: Path) -> None:
    """What the trial did: `ruff check pkg` on a package shipping its ruff.toml."""
    files = {"a.py": "x = 1\n", "ruff.toml": "line-length = 100\n"}
    dest = tmp_path / "pkg"
    write.write({**files, provenance.FILENAME: provenance.record(files, {"spec_sha256": "0"}, {})},
                dest)
    env = {key: value for key, value in os.environ.items() if key != "RUFF_CACHE_DIR"}
    ruff = Path(sys.executable).parent / "ruff"
    subprocess.run([str(ruff), "check", "pkg"], cwd=tmp_path, env=env, check=True,
                   capture_output=True, timeout=60)
    assert (dest / ".ruff_cache" / provenance.CACHEDIR_TAG).is_file()
    assert _edits(dest) == []
    assert write.foreign_files(dest, provenance.read(dest)) == []
