"""`check` never reads through a symbolic link (issue #22 item 2): a link in a checked package
to `/proc/self/environ` or to a file outside would print what it points to (a CI token) into the
log. A link is compared as its target string, as git records it; a loop or a dangling link is an
entry like any other; FIFOs are never opened.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.drift.check.tree import Unread, differing_files, read_tree
from tests.hostile_b.hostile import assert_orderly
from tests.support import ROOT

SECRET = "TOKEN-0f4e9c-never-printed"


def _links(folder: Path, outside: Path) -> None:
    (folder / "env.txt").symlink_to("/proc/self/environ")
    (folder / "secret.txt").symlink_to(outside)
    (folder / "loop").symlink_to("loop")
    (folder / "dangling").symlink_to(folder / "no-such-file")
    (folder / "up").symlink_to("..")  # a folder: never walked into


def test_read_tree_reads_no_link(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text(SECRET, encoding="utf-8")
    folder = tmp_path / "pkg"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "a.py").write_text("x = 1\r\n", encoding="utf-8")
    _links(folder, outside)
    os.mkfifo(folder / "pipe")  # opening it would block
    tree = read_tree(folder)
    assert set(tree) == {"sub/a.py", "env.txt", "secret.txt", "loop", "dangling", "up"}
    assert tree["sub/a.py"] == "x = 1\n"  # read as text mode reads it
    assert tree["secret.txt"] == f"symbolic link to {str(outside)!r} (not followed)\n"
    assert tree["env.txt"] == "symbolic link to '/proc/self/environ' (not followed)\n"
    assert SECRET not in "".join(tree.values())
    assert all(isinstance(tree[name], Unread) for name in ("env.txt", "loop", "dangling", "up"))


def test_read_tree_leaves_out_os_litter_but_not_a_link_of_its_name(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "._a.py").write_bytes(b"\x00\x05\x16\x07")
    (tmp_path / "Thumbs.db").symlink_to("/proc/self/environ")  # a link is never litter
    assert set(read_tree(tmp_path)) == {"a.py", "Thumbs.db"}


def test_a_link_always_differs_even_from_its_own_text(tmp_path: Path) -> None:
    (tmp_path / "a.txt").symlink_to("b.txt")
    actual = read_tree(tmp_path)
    expected = {"a.txt": str(actual["a.txt"])}  # a regular file with the very same text
    assert [status for _, status, _, _ in differing_files(expected, actual)] == ["changed"]


@pytest.mark.timeout(300)
def test_check_target_with_links_prints_no_target_content(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text(SECRET + "\n", encoding="utf-8")
    vendored = tmp_path / "vendor" / "ionos"
    shutil.copytree(ROOT / "generated" / "ionos", vendored,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (vendored / "README.md").unlink()
    (vendored / "README.md").symlink_to(outside)  # a generated file replaced by a link
    _links(vendored, outside)
    env = {**os.environ, "CI_TOKEN": SECRET}
    for extra in ([], ["--full"]):
        for form in ("github", "text", "json"):
            result = _check(vendored, env, "--format", form, *extra)
            assert_orderly(result)
            assert result.returncode == 1, result.stdout + result.stderr
            assert SECRET not in result.stdout + result.stderr
            assert "README.md" in result.stdout


def _check(vendored: Path, env: dict[str, str], *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "check", "--target", str(vendored),
                           "--provider", "ionos", *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
