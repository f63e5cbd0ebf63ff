"""A long `generate` names its stages on a terminal (`io/progress`); a pipe, a file and a short
run see nothing: their stderr is the problems' and the summary's, which scripts read."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.io import progress
from tests.support import FEATURE_SPECS


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _generate(tmp_path: Path, stream: io.StringIO, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(sys, "stderr", stream)
    code = main(["generate", "--spec", str(FEATURE_SPECS / "enums.yaml"),
                 "--out", str(tmp_path / "pkg"), "--no-cache"])
    assert code == 0
    return stream.getvalue()


def test_a_long_run_on_a_terminal_names_each_stage(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "QUIET_SECONDS", 0.0)  # (every run is long enough)
    said = [line for line in _generate(tmp_path, _Terminal(), monkeypatch).splitlines()
            if line.startswith("... ")]
    assert [line.rsplit(" (", 1)[0] for line in said] == [
        "... pkg: reading the operations",
        "... pkg: making the models (datamodel-code-generator)",
        "... pkg: rendering the client",
        "... formatting (ruff) and compiling the packages",
        "... writing the packages"]
    assert all(line.endswith(" s so far)") for line in said)


@pytest.mark.parametrize("case", ["a pipe", "a short run"])
def test_a_pipe_or_a_short_run_sees_no_stage(case: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    if case == "a pipe":
        monkeypatch.setattr(progress, "QUIET_SECONDS", 0.0)
    else:
        monkeypatch.setattr(progress, "QUIET_SECONDS", 3600.0)
    stream = io.StringIO() if case == "a pipe" else _Terminal()
    assert "... " not in _generate(tmp_path, stream, monkeypatch)
