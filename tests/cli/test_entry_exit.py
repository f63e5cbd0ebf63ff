"""The command's entry (`command.entry`, the console script and `python -m generator`) ends the
process once the command is done, without Python's shutdown freeing every object one by one:
what the command printed is all there, the exit code is the command's, the package is written
whole, and what was registered to run at exit runs; an object left for the shutdown to free is
not freed one by one (its `__del__` never runs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support import FEATURE_SPECS, ROOT

ENTRY = """
import atexit, sys
atexit.register(lambda: print("ran at exit", flush=True))

class Left:
    def __del__(self):
        print("shut down the slow way", flush=True)

left = Left()
sys.argv = ["openapi-clientgen", *{args!r}]
from generator.command import entry
entry()
"""


def _entry(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENTRY.format(args=args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)


def test_a_command_that_succeeds_ends_at_once_with_everything_printed_and_written(
        tmp_path: Path) -> None:
    out = tmp_path / "pkg"
    result = _entry(["generate", "--no-cache", "--spec", str(FEATURE_SPECS / "defaults.yaml"),
                     "--out", str(out), "--package", "pkg"])
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}" in result.stdout + result.stderr
    assert "shut down the slow way" not in result.stdout and "ran at exit" in result.stdout
    assert (out / "PROVENANCE.json").is_file() and (out / "__init__.py").is_file()


def test_a_command_that_fails_ends_with_its_code_and_its_message(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    result = _entry(["generate", "--no-cache", "--spec", str(missing), "--out",
                     str(tmp_path / "pkg"), "--package", "pkg"])
    assert result.returncode == 2, (result.returncode, result.stderr)  # (an input error)
    assert str(missing) in result.stderr
    assert "shut down the slow way" not in result.stdout and "ran at exit" in result.stdout
    assert not (tmp_path / "pkg").exists()


def test_python_dash_m_generator_uses_the_entry() -> None:
    main = (ROOT / "generator" / "__main__.py").read_text(encoding="utf-8")
    assert "entry()" in main
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0 and result.stdout.strip(), result.stderr
