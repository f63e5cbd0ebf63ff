"""Fixtures shared by the whole suite (helpers and constants live in tests/support/)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support import PROVIDERS

# `pristine` and `sandbox`: a regenerated copy of the repository for CLI tests (tests/cli/).
pytest_plugins = ["tests.support.sandbox"]


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """No provider API keys or base URLs leak in from the environment."""
    for provider in PROVIDERS:
        monkeypatch.delenv(f"{provider.upper()}_API_KEY", raising=False)
        monkeypatch.delenv(f"{provider.upper()}_BASE_URL", raising=False)
    yield monkeypatch
