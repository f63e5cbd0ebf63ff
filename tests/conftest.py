"""Shared fixtures: the repository root, and importing a generated package from a folder."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "generated"
PROVIDERS = ("infomaniak", "ionos", "nebius")
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


def import_from(folder: Path, name: str) -> ModuleType:
    """Import package `name` living in `folder` (fresh: earlier imports of it are dropped)."""
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No provider API keys or base URLs leak in from the environment."""
    for provider in PROVIDERS:
        monkeypatch.delenv(f"{provider.upper()}_API_KEY", raising=False)
        monkeypatch.delenv(f"{provider.upper()}_BASE_URL", raising=False)
    yield monkeypatch


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
