"""Generation runs its own stages with the cycle collector off (they build trees and make no
cycles), turns it back on, at `GENERATION_GC_THRESHOLDS`, for the libraries that do make cycles
(dcg, openapi-spec-validator), and leaves it as it found it."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from generator import pipeline, render
from generator.document.loading import load
from generator.document.tree import GENERATION_GC_THRESHOLDS, cyclic_gc_paused
from generator.models import run
from generator.validate import background
from generator.validate import openapi as spec_validator
from tests.support import ROOT

SPEC = ROOT / "tests" / "feature_specs" / "defaults.yaml"

Seen = list[tuple[str, bool, tuple[int, ...]]]


def _recorded(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, seen: Seen) -> None:
    real = getattr(module, name)

    def recording(*args: Any, **kwargs: Any) -> Any:
        seen.append((name, gc.isenabled(), gc.get_threshold()))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, recording)


def test_dcg_runs_with_the_collector_and_the_other_stages_without(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Seen = []
    _recorded(monkeypatch, run, "_run_dcg", seen)  # dcg's run in this process (no cache)
    _recorded(monkeypatch, render, "package_views", seen)  # one of our stages
    before = gc.get_threshold()
    assert gc.isenabled()
    pipeline.generate_packages([pipeline.target_for_spec(SPEC, "pkg")], cache=None)
    assert seen == [("_run_dcg", True, GENERATION_GC_THRESHOLDS),
                    ("package_views", False, before)]
    assert gc.isenabled() and gc.get_threshold() == before


def test_the_collector_is_back_on_where_a_stage_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(*_: Any) -> Any:
        raise RuntimeError("a stage fails")

    monkeypatch.setattr(render, "package_views", failing)
    with pytest.raises(RuntimeError, match="a stage fails"):
        pipeline.generate_packages([pipeline.target_for_spec(SPEC, "pkg")], cache=None)
    assert gc.isenabled()


def test_openapi_spec_validator_runs_with_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Seen = []
    _recorded(monkeypatch, spec_validator, "spec_problems", seen)
    with cyclic_gc_paused():  # as in a generation, and in the child it forks
        assert background._each_spec_problems([load(SPEC)]) == [[]]
        assert not gc.isenabled()
    assert seen == [("spec_problems", True, GENERATION_GC_THRESHOLDS)]


class _Node:
    """An object in a reference cycle: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_what_a_library_leaves_in_cycles_is_collected_as_its_run_ends() -> None:
    import weakref

    from generator.document.tree import cyclic_gc_resumed

    with cyclic_gc_paused():
        with cyclic_gc_resumed(collect_after=True):
            gc.disable()  # as if no pass of the run's own had come round to it
            left = weakref.ref(_Node())
            assert left() is not None
        assert left() is None  # collected as the run ended, not after all our work
        assert not gc.isenabled() and gc.get_freeze_count() == 0
        kept = weakref.ref(_Node())
        gc.freeze()  # a caller's frozen objects stay frozen
        try:
            with cyclic_gc_resumed(collect_after=True):
                pass
            assert gc.get_freeze_count() > 0 and kept() is not None
        finally:
            gc.unfreeze()
    assert gc.isenabled()
