"""`ruff check` then `ruff format` run in turn in their own processes while this process
checks that the generated code compiles (generator/output/format.py): `ruff format` starts
once `ruff check` is done, not once the compile check is (GitHub's takes 0.8 s). A ruff that
fails is said after the check; a check that fails stops ruff."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.output import format as output_format
from generator.problems import GeneratorError

PACKAGE = {"__init__.py": "import sys, os\nx=[1,\n2]\n"}


def _fake_ruff(tmp_path: Path, fail: str = "") -> Path:
    """A ruff that records each step it runs (`check`, `format`) in `steps`, failing `fail`."""
    fake = tmp_path / "bin" / "ruff"
    fake.parent.mkdir()
    log = tmp_path / "steps"
    fake.write_text(f'#!/bin/sh\necho "$1" >> {log}\n'
                    f'if [ "$1" = "{fail}" ]; then echo "error: $1 broke" >&2; exit 2; fi\n',
                    encoding="utf-8")
    fake.chmod(0o755)
    return log


def _steps(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").split() if log.exists() else []


def test_ruff_format_runs_while_the_compile_check_still_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = _fake_ruff(tmp_path)
    monkeypatch.setattr(output_format, "_ruff", lambda: str(tmp_path / "bin" / "ruff"))
    seen: list[list[str]] = []

    def slow_check(packages: object, verbatim: object) -> None:
        deadline = time.monotonic() + 30  # (a bound, not a measure: it waits for an event)
        while _steps(log) != ["check", "format"] and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append(_steps(log))

    monkeypatch.setattr(output_format, "_check_all_compile", slow_check)
    formatted = output_format.format_packages({"pkg": dict(PACKAGE)})
    assert seen == [["check", "format"]]  # both ruff steps ran before the check ended
    assert formatted == {"pkg": PACKAGE}  # (this ruff changes nothing)


@pytest.mark.parametrize("step", ["check", "format"])
def test_a_ruff_step_that_fails_is_said_after_the_compile_check(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    log = _fake_ruff(tmp_path, fail=step)
    monkeypatch.setattr(output_format, "_ruff", lambda: str(tmp_path / "bin" / "ruff"))
    with pytest.raises(GeneratorError, match=f"ruff failed: error: {step} broke"):
        output_format.format_packages({"pkg": dict(PACKAGE)})
    assert _steps(log) == ["check", "format"][: 1 + (step == "format")]


def test_a_compile_check_that_fails_is_said_first(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_ruff(tmp_path)
    monkeypatch.setattr(output_format, "_ruff", lambda: str(tmp_path / "bin" / "ruff"))
    with pytest.raises(GeneratorError, match="generated code does not compile"):
        output_format.format_packages({"pkg": {"m.py": "def f(a, a):\n    pass\n"}})
