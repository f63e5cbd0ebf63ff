"""Format the package in memory, then swap it into place atomically.

Formatting runs the pinned ruff once over a scratch copy, with our own settings only
(`--isolated`), so a `pyproject.toml` near the output cannot change the bytes. Writing goes to
a temporary sibling folder that replaces the destination with one rename: an error, Ctrl-C or
kill at any moment leaves the destination exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .problems import GeneratorError, Problem

LINE_LENGTH = 100
RUFF_SETTINGS = ("--isolated", f"--line-length={LINE_LENGTH}", "--target-version=py311")
# Lint fixes applied to generated code: import sorting and unused imports only.
RUFF_FIXES = ("--select=I,F401", "--fix", "--exit-zero", "--quiet")


def _ruff() -> str:
    candidate = Path(sys.executable).parent / "ruff"
    return str(candidate) if candidate.exists() else "ruff"


def _run_ruff(args: list[str], where: Path) -> None:
    result = subprocess.run([_ruff(), *args], cwd=where, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        first = (result.stderr or result.stdout).strip().splitlines()
        raise GeneratorError(
            [Problem(str(where), "", None, f"ruff failed: {first[0] if first else result.returncode}",
                     "generated code did not parse; run with --debug and report it")]
        )


def format_packages(packages: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """Each package's .py files through `ruff check --fix` (imports) and `ruff format`."""
    with tempfile.TemporaryDirectory(prefix="clientgen-format-") as scratch:
        root = Path(scratch)
        for package, files in packages.items():
            for relative, text in files.items():
                target = root / package / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        _run_ruff(["check", *RUFF_SETTINGS, *RUFF_FIXES, "."], root)
        _run_ruff(["format", *RUFF_SETTINGS, "--quiet", "."], root)
        return {
            package: {
                relative: (root / package / relative).read_text(encoding="utf-8")
                for relative in files
            }
            for package, files in packages.items()
        }


def write(files: dict[str, str], dest: Path) -> None:
    """Replace `dest` with exactly `files`, atomically."""
    dest = dest.resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{dest.name}.new-", dir=dest.parent))
    try:
        for relative, text in sorted(files.items()):
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        _swap(staging, dest)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _swap(staging: Path, dest: Path) -> None:
    """Rename `staging` over `dest`; the old tree is moved aside first, then removed."""
    if not dest.exists():
        os.rename(staging, dest)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{dest.name}.old-", dir=dest.parent))
    os.rmdir(retired)
    os.rename(dest, retired)
    try:
        os.rename(staging, dest)
    except BaseException:
        os.rename(retired, dest)
        raise
    shutil.rmtree(retired, ignore_errors=True)
