"""Shared fixtures: the repository root, and importing a generated package from a folder."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "generated"
PROVIDERS = ("infomaniak", "ionos", "nebius")


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
