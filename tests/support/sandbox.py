"""A sandbox repository for CLI tests: specs/, generated/ and docs/ copied and regenerated.

Helpers (`run_cli`, `sandbox_args`, `snapshot`) and the fixtures `pristine` (one regeneration
per session) and `sandbox` (a fresh copy per test); tests/conftest.py registers this module as a
pytest plugin, so the fixtures reach every test. Used by tests/cli/test_drift_cli.py and
tests/cli/test_update.py.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import ROOT

TIMEOUT = 300  # seconds, per CLI run (a full regeneration of three packages takes a few)


def _command_of_run_cli() -> str:
    """How the generator names itself in advice when `run_cli` runs it (`check.generator_command`):
    this interpreter, relative to the root where it lies under it, `-m generator`."""
    python = Path(sys.executable)
    shown = python.relative_to(ROOT) if python.is_relative_to(ROOT) else python
    return f"{shlex.quote(str(shown))} -m generator"


COMMAND = _command_of_run_cli()


def run_cli(*args: str | Path, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """`python -m generator ARGS` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False,
    )


def sandbox_args(box: Path) -> list[str]:
    """The CLI options that point a command at the sandbox's manifest and generated/."""
    return ["--manifest", str(box / "specs" / "providers.yaml"), "--output", str(box / "generated")]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (caches excluded), by relative path."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture(scope="session")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """specs/, generated/ and docs/ copied, then regenerated with the current generator."""
    box = tmp_path_factory.mktemp("repo")
    for name in ("specs", "generated", "docs"):
        shutil.copytree(ROOT / name, box / name, ignore=shutil.ignore_patterns("__pycache__"))
    generated = run_cli("generate", "--manifest", box / "specs" / "providers.yaml", "--out", box / "generated")
    assert generated.returncode == 0, generated.stderr
    compared = run_cli("compare", "--manifest", box / "specs" / "providers.yaml",
                       "--out", box / "docs" / "providers.md")
    assert compared.returncode == 0, compared.stderr
    return box


@pytest.fixture
def sandbox(pristine: Path, tmp_path: Path) -> Iterator[Path]:
    """A fresh copy of `pristine` for one test to change as it likes."""
    box = tmp_path / "repo"
    shutil.copytree(pristine, box)
    yield box
