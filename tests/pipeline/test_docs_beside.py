"""A package of many operations has its README.md and api.md written in a forked child while
its modules render (unless this process is already large): the same bytes as written here."""

from __future__ import annotations

from typing import Any

import pytest

from generator import pipeline
from generator.io import forked
from tests.support import ROOT

SPECS = [ROOT / "tests" / "feature_specs" / name for name in ("defaults.yaml", "pagination.yaml")]


def _packages() -> list[dict[str, str]]:
    return [pipeline.build_packages([pipeline.target_for_spec(spec, "pkg")])["pkg"]
            for spec in SPECS]


def test_the_docs_written_beside_are_the_docs_written_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = forked.Forked.__init__

    def counted(self: forked.Forked[Any], call: Any) -> None:
        calls.append(getattr(call, "__name__", ""))
        real(self, call)

    monkeypatch.setattr(forked.Forked, "__init__", counted)
    here = _packages()
    assert "documents" not in calls  # a few operations: written here
    monkeypatch.setattr(pipeline, "DOCS_BESIDE_OPERATIONS", 0)
    monkeypatch.setattr(pipeline, "DOCS_BESIDE_MAX_MIB", 0)  # this process is larger: no child
    assert _packages() == here and "documents" not in calls
    monkeypatch.setattr(pipeline, "DOCS_BESIDE_MAX_MIB", 10**9)
    beside = _packages()
    assert calls.count("documents") == len(SPECS)
    assert beside == here
    assert all("README.md" in files and "api.md" in files for files in beside)
