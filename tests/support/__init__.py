"""Shared test helpers: repository paths, provider constants, importing and measuring.

The one importable support package of the suite (`from tests.support import ...`); its modules:
`servers` (scripted HTTP servers), `prism` (Stoplight Prism mock servers), `runtime_harness`
(throwaway client packages from templates/runtime), `sandbox` (a repository copy for CLI tests:
helpers and the `pristine`/`sandbox` fixtures, a pytest plugin of tests/conftest.py) and
`architecture` (the layering checker of tests/test_architecture.py) and `schedule` (the order
pytest-xdist hands out the test files in). conftest.py files hold fixtures and hooks only.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "generated"
SPECS = ROOT / "specs"
TEMPLATES = ROOT / "templates"
# Test data: the bad-input corpus, and one small document per OpenAPI feature.
BAD_DOCS = ROOT / "tests" / "bad_docs"
FEATURE_SPECS = ROOT / "tests" / "feature_specs"
# Real-world slips, one document per repair or skip class (tolerant generation).
IMPERFECT_DOCS = ROOT / "tests" / "imperfect_docs"

MANIFEST = SPECS / "providers.yaml"


def manifest_providers() -> dict[str, Any]:
    """The providers of specs/providers.yaml by name (`generator.manifest.Provider` entries): the
    one list of them every test derives its providers from (adding one is editing the manifest:
    see "Adding a provider" in docs/architecture.md)."""
    from generator.manifest import load_manifest

    return {provider.name: provider for provider in load_manifest(MANIFEST).providers}


PROVIDERS = tuple(sorted(manifest_providers()))
# A completion every provider's response model accepts (provider and wire-compat tests).
COMPLETION: dict[str, Any] = {
    "id": "cmpl-1",
    "object": "text_completion",
    "created": 1700000000,
    "model": "m",
    "choices": [{"index": 0, "text": "Hello!", "finish_reason": "stop", "logprobs": None}],
    "system_fingerprint": None,
    "service_tier": "default",
    "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
}


def resource_modules(package: Mapping[str, str] | Path) -> dict[str, str]:
    """`resources/<attribute>.py` -> text of each resource module of a generated package: its
    files in memory (relative path -> text) or its folder."""
    if isinstance(package, Path):
        return {f"resources/{path.name}": path.read_text(encoding="utf-8")
                for path in sorted((package / "resources").glob("*.py")) if path.stem != "__init__"}
    return {path: text for path, text in sorted(package.items())
            if path.startswith("resources/") and path != "resources/__init__.py"}


def resource_methods_in(files: Mapping[str, str]) -> dict[str, set[str]]:
    """Each resource class's methods in `files` (relative path -> text), as generation reads
    them for its count check (`coverage.resource_methods` of `namespace.read_modules`)."""
    from generator.names import namespace
    from generator.output import coverage

    return coverage.resource_methods(namespace.read_modules(files, files))


def resources_source(package: Mapping[str, str] | Path) -> str:
    """Every resource module of a package, one after the other: one text to search or parse
    (`ast.parse` reads it as one module)."""
    return "\n".join(resource_modules(package).values())


def import_from(folder: Path, name: str) -> ModuleType:
    """Import package `name` living in `folder` (fresh: earlier imports of it are dropped)."""
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


def run_generator_measured(args: list[str], timeout: float) -> tuple[int, str, int, float]:
    """`python -m generator *args`: (exit code, stderr, peak memory in bytes, seconds).

    Measured by `python -m bench.measure`, a small launcher: a command spawned straight from
    this (large) pytest process would report pytest's size (Linux keeps the RSS high-water
    mark across exec). The peak is the larger of ru_maxrss and the summed PSS of the process
    tree sampled every 20 ms (the generator validates in a forked child, and runs ruff)."""
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "bench.measure", "--", sys.executable, "-m", "generator", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    sample = json.loads(result.stdout)
    return sample["returncode"], sample["stderr"], sample["peak_kib"] * 1024, time.monotonic() - start


def subpackage_text(package: Path | dict[str, str], subpackage: str = "models") -> str:
    """The text of every module of a generated package's `models` (or `params`) subpackage, its
    `__init__.py` first, then the group modules by name: what one models.py used to hold.
    `package` is the package's folder or its files (relative path -> text)."""
    if isinstance(package, Path):
        files = {path.relative_to(package).as_posix(): path.read_text(encoding="utf-8")
                 for path in sorted((package / subpackage).glob("*.py"))}
    else:
        files = dict(package)
    init = f"{subpackage}/__init__.py"
    modules = sorted(name for name in files
                     if name.startswith(f"{subpackage}/") and name.endswith(".py") and name != init)
    return "".join(files[name] for name in [init, *modules])
