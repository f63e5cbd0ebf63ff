"""Format generated packages in memory with the pinned ruff, and refuse code that does not compile.

ruff runs once over a scratch copy, with our own settings only (`--isolated`), so a
`pyproject.toml` near the output cannot change the bytes.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable, Collection
from pathlib import Path

from generator.problems import GeneratorError, Problem
from generator.render.style import LINE_LENGTH

RUFF_SETTINGS = ("--isolated", f"--line-length={LINE_LENGTH}", "--target-version=py311")
# Lint fixes applied to generated code: ruff's safe fixes for its default rules (the ones
# `ruff check` on a vendored package applies) and import sorting. What datamodel-code-generator
# writes for some documents trips a few (`Decimal("0")`, a union member twice), so the package
# passes `ruff check` by construction; unsafe fixes stay off: nothing changes meaning.
RUFF_FIXES = ("--extend-select=I", "--fix", "--exit-zero", "--quiet")


def _ruff() -> str:
    candidate = Path(sys.executable).parent / "ruff"
    return str(candidate) if candidate.exists() else "ruff"


def _run_ruff(args: list[str], where: Path, meanwhile: Callable[[], None] | None = None) -> None:
    """ruff with `args` in `where`; `meanwhile` runs here while ruff works in its process."""
    try:
        process = subprocess.Popen(
            [_ruff(), *args], cwd=where, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    except OSError as error:  # not installed, not executable
        raise GeneratorError(
            [
                Problem(
                    _ruff(),
                    "",
                    None,
                    f"cannot run the formatter: {error.strerror or error}",
                    "install the pinned dev dependencies (ruff) into this Python environment",
                )
            ]
        ) from error
    with process:
        try:
            if meanwhile is not None:
                meanwhile()
        except BaseException:
            process.kill()
            raise
        stdout, stderr = process.communicate()
    if process.returncode != 0:
        first = (stderr or stdout).strip().splitlines()
        raise GeneratorError(
            [
                Problem(
                    str(where),
                    "",
                    None,
                    f"ruff failed: {first[0] if first else process.returncode}",
                    "generated code did not parse; run with --debug and report it",
                )
            ]
        )


def format_packages(
    packages: dict[str, dict[str, str]], verbatim: Collection[str] = ()
) -> dict[str, dict[str, str]]:
    """Each package's .py files through `ruff check --fix` (safe fixes) and `ruff format`, then
    compiled. Files named in `verbatim` (the runtime, copied from templates/runtime/, whose
    formatting a test checks) pass through untouched: their text does not depend on the spec."""
    with tempfile.TemporaryDirectory(prefix="clientgen-format-") as scratch:
        root = Path(scratch)
        for package, files in packages.items():
            for relative, text in files.items():
                if relative in verbatim:
                    continue
                target = root / package / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        # Formatting and import fixes keep the code's meaning, so the compile check can read
        # the unformatted text, here, while ruff works in its own process.
        _run_ruff(["check", *RUFF_SETTINGS, *RUFF_FIXES, "."], root,
                  meanwhile=lambda: _check_all_compile(packages, verbatim))
        _run_ruff(["format", *RUFF_SETTINGS, "--quiet", "."], root)
        return {
            package: {
                relative: text if relative in verbatim
                else (root / package / relative).read_text(encoding="utf-8")
                for relative, text in files.items()
            }
            for package, files in packages.items()
        }


def _check_all_compile(packages: dict[str, dict[str, str]], verbatim: Collection[str]) -> None:
    for package, files in packages.items():
        for relative, text in files.items():
            if relative.endswith(".py") and relative not in verbatim:
                _check_compiles(f"{package}/{relative}", text)


def _check_compiles(name: str, text: str) -> None:
    """ruff parses, but does not catch what only the compiler does (a duplicate argument, a
    misplaced `return`, ...): nothing that does not compile is written."""
    try:
        compile(text, name, "exec", dont_inherit=True)
    except SyntaxError as error:
        raise GeneratorError(
            [
                Problem(
                    name,
                    "",
                    error.lineno,
                    f"generated code does not compile: {error.msg}",
                    "a generator bug: nothing was written; run with --debug and report it "
                    "with the spec",
                )
            ]
        ) from error


