"""A large package's modules are read back (the check that no module binds a name twice, and
the methods each resource class defines) in a forked child while ruff and the compile check
format the packages (`pipeline._formatted_and_read_back`): the packages, their coverage records
included, are the ones read back here, and a name bound twice still fails the generation."""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

import pytest

from generator import pipeline
from generator.io.forked import Forked
from generator.names import namespace
from generator.problems import GeneratorError
from tests.support import FEATURE_SPECS

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the child is forked (Linux)")

SPECS = ("names.yaml", "pagination.yaml")


def _targets() -> list[pipeline.Target]:
    return [pipeline.target_for_spec(FEATURE_SPECS / name, f"pkg{index}")
            for index, name in enumerate(SPECS)]


def _forks_recorded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the calls `pipeline` forks from now on."""
    forked: list[str] = []

    def recording(call: Any, **options: Any) -> Forked[Any]:
        forked.append(call.__name__)
        return Forked(call, **options)

    monkeypatch.setattr(pipeline, "Forked", recording)
    return forked


def test_packages_read_back_in_a_child_are_the_ones_read_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    here = pipeline.generate_packages(_targets(), cache=None)
    forked = _forks_recorded(monkeypatch)
    assert "read_back" not in forked
    monkeypatch.setattr(pipeline, "READ_BESIDE_CHARS", 0)  # every package counts as large
    beside = pipeline.generate_packages(_targets(), cache=None)
    assert forked.count("read_back") == 1
    assert beside.packages == here.packages
    assert beside.outcomes == here.outcomes
    assert any("COVERAGE.md" in files for files in beside.packages.values())


def test_a_small_package_is_read_back_here(monkeypatch: pytest.MonkeyPatch) -> None:
    forked = _forks_recorded(monkeypatch)
    pipeline.generate_packages(_targets(), cache=None)
    assert "read_back" not in forked


def test_a_name_bound_twice_fails_the_generation_when_read_in_a_child(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real_plan = namespace.plan

    def colliding(operations: Any) -> namespace.Plan:
        chosen = real_plan(operations)
        return dataclasses.replace(chosen, constants=dict.fromkeys(chosen.constants, "_SAME"))

    monkeypatch.setattr(namespace, "plan", colliding)
    monkeypatch.setattr(pipeline, "READ_BESIDE_CHARS", 0)
    forked = _forks_recorded(monkeypatch)
    with pytest.raises(GeneratorError, match=r"generator bug: names bound twice: resources/\w+\.py: _SAME"):
        pipeline.generate_packages(_targets()[:1], cache=None)
    assert forked.count("read_back") == 1
