"""What dcg and openapi-spec-validator both import is imported before the validator child is
forked when dcg surely runs in this process (no cache), so the child inherits it; with a cache,
where dcg's output may be found and pydantic never imported here, it is not."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from generator import models, pipeline
from generator.io.cache import Cache
from generator.validate import background
from tests.support import ROOT

SPEC = ROOT / "tests" / "feature_specs" / "defaults.yaml"


def _events(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """'shared' when the shared imports are made, 'fork' when the validator child is started
    (with whether pydantic's modules are loaded by then)."""
    events: list[str] = []
    real_import, real_enter = models.import_shared_dependencies, background.SpecValidation.__enter__

    def shared() -> None:
        events.append("shared")
        real_import()

    def enter(self: background.SpecValidation) -> background.SpecValidation:
        events.append(f"fork, pydantic.main loaded: {'pydantic.main' in sys.modules}")
        return real_enter(self)

    monkeypatch.setattr(models, "import_shared_dependencies", shared)
    monkeypatch.setattr(background.SpecValidation, "__enter__", enter)
    return events


def test_without_a_cache_the_shared_imports_come_before_the_fork(
        monkeypatch: pytest.MonkeyPatch) -> None:
    events = _events(monkeypatch)
    pipeline.generate_packages([pipeline.target_for_spec(SPEC, "pkg")], cache=None)
    assert events == ["shared", "fork, pydantic.main loaded: True"]


def test_with_a_cache_nothing_is_imported_ahead(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    events = _events(monkeypatch)
    pipeline.generate_packages([pipeline.target_for_spec(SPEC, "pkg")], cache=Cache(tmp_path))
    assert "shared" not in events and any(event.startswith("fork") for event in events)
