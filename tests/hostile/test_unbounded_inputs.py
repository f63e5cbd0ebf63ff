"""Inputs that say nothing of their size, or lie about it (issue #22, items 8 and 11).

A device (`/dev/zero`), a pipe (`/dev/stdin`), a named pipe nobody writes to, a record that is
a symlink to a device or nested thousands of levels deep: every command ends soon, within a
bounded amount of memory, saying what it refused and where, and leaves the folder as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hostile.support import assert_no_crash, run_cli
from tests.support import FEATURE_SPECS

MEMORY_LIMIT = 1_500_000_000
SPEC = FEATURE_SPECS / "enums.yaml"


def _refused(result_text: str, where: str, what: str) -> None:
    assert f"{where}: {what}" in result_text, result_text[-2000:]


def test_validate_refuses_a_device() -> None:
    result = run_cli("validate", "/dev/zero", memory_limit=MEMORY_LIMIT, timeout=60)
    assert_no_crash(result)
    assert result.returncode == 2  # an input error, as `diff` says it
    _refused(result.stderr, "/dev/zero", "is a device or a socket, not a file")


def test_diff_refuses_a_device() -> None:
    result = run_cli("diff", "/dev/zero", SPEC, memory_limit=MEMORY_LIMIT, timeout=60)
    assert_no_crash(result)
    assert result.returncode == 2
    _refused(result.stderr, "/dev/zero", "is a device or a socket, not a file")


def test_a_pipe_is_read_up_to_the_limit_and_no_further(tmp_path: Path) -> None:
    endless = b"x" * (65 * 1024 * 1024)  # past the 64 MB limit, which a pipe's size never says
    out = tmp_path / "piped"
    result = run_cli("generate", "--spec", "/dev/stdin", "--out", out, stdin=endless,
                     memory_limit=MEMORY_LIMIT, timeout=60)
    assert_no_crash(result)
    assert result.returncode == 2
    _refused(result.stderr, "/dev/stdin", "holds more than 67108864 bytes, the limit")
    assert not out.exists()


def test_a_document_given_through_a_pipe_is_generated(tmp_path: Path) -> None:
    out = tmp_path / "piped"
    result = run_cli("generate", "--spec", "/dev/stdin", "--out", out,
                     stdin=SPEC.read_bytes(), timeout=300)
    assert_no_crash(result)
    assert result.returncode == 0, result.stderr
    assert (out / "models" / "__init__.py").is_file()


def test_a_named_pipe_nobody_writes_to_reads_as_empty(tmp_path: Path) -> None:
    fifo = tmp_path / "spec.yaml"
    os.mkfifo(fifo)
    result = run_cli("validate", fifo, timeout=60)
    assert_no_crash(result)
    assert result.returncode == 1
    _refused(result.stderr, str(fifo), "file is empty")


def test_a_ref_to_a_named_pipe_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "other.yaml")
    spec = tmp_path / "spec.yaml"
    spec.write_text(_with_external_ref(SPEC.read_text()))
    result = run_cli("validate", spec, memory_limit=MEMORY_LIMIT, timeout=60)
    assert_no_crash(result)
    assert result.returncode == 1
    assert "spec.yaml:7: /components/schemas/Other/$ref: $ref 'other.yaml'" in result.stderr


def _with_external_ref(text: str) -> str:
    """The spec with one more component schema, given by a `$ref` to other.yaml."""
    return text.replace("  schemas:\n", "  schemas:\n    Other:\n      $ref: other.yaml\n", 1)


def _deep_record() -> str:
    return '{"inputs": ' + "[" * 100_000 + "]" * 100_000 + ', "toolkit": {}, "files": {}}\n'


@pytest.mark.parametrize("record", ["device", "deep"])
def test_a_record_that_is_not_ours_is_named_and_nothing_is_replaced(tmp_path: Path,
                                                                    record: str) -> None:
    out = tmp_path / "pkg"
    out.mkdir()
    provenance = out / "PROVENANCE.json"
    if record == "device":
        provenance.symlink_to("/dev/zero")
    else:
        provenance.write_text(_deep_record())
    before = sorted(os.listdir(out))
    result = run_cli("generate", "--spec", SPEC, "--out", out, memory_limit=MEMORY_LIMIT,
                     timeout=300)
    assert_no_crash(result)
    assert result.returncode == 1
    _refused(result.stderr, str(provenance), "not a record this generator wrote")
    assert sorted(os.listdir(out)) == before

    checked = run_cli("check", "--target", out, "--spec", SPEC, memory_limit=MEMORY_LIMIT,
                      timeout=300)
    assert_no_crash(checked)
    assert checked.returncode == 1
    assert "no readable PROVENANCE.json" in checked.stdout + checked.stderr
