"""The validator's time budget (#22.4): a validation that does not finish within
OPENAPI_CLIENTGEN_VALIDATION_BUDGET seconds is stopped; generation goes on without its verdict and says
so, `validate` reports it and exits 1; nothing is cached for it; a document whose verdict was in
keeps it.

The slow validator is openapi-spec-validator replaced (before the fork, so in the child) by one
that sleeps far longer than the budget: the outcome does not depend on the machine's speed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator import pipeline
from generator.cli.main import main
from generator.document.loading import Document, load
from generator.io.cache import Cache
from generator.problems import GeneratorError, Problem
from generator.validate import background
from generator.validate.background import BUDGET_VARIABLE, TIMEOUT_CODE, SpecValidation
from generator.validate.openapi import spec_problems
from tests.support import BAD_DOCS, FEATURE_SPECS, ROOT

SLOW = FEATURE_SPECS / "all_of.yaml"
QUICK = BAD_DOCS / "validator_only.yaml"
NEVER = 3600.0  # seconds the slow validator sleeps: it never finishes within a test's budget
REAL = background._spec_problems


def _slow_for(slow_paths: set[Path]) -> object:
    real = REAL

    def validate(doc: Document) -> list[Problem]:
        if doc.path in slow_paths:
            time.sleep(NEVER)
        return real(doc)

    return validate


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.timeout(60)
def test_a_validation_past_its_budget_is_stopped_and_said(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    monkeypatch.setattr(background, "_spec_problems", _slow_for({SLOW}))
    store = Cache(tmp_path / "cache")
    slow, quick = load(SLOW), load(QUICK)
    # ample for the quick document (validated in well under a second, even on a busy machine)
    with SpecValidation([quick, slow], store, budget=10) as verdict:
        pid = verdict.pid
        found = verdict.problems()
    assert not _alive(pid)  # killed and reaped
    assert found[:-1] == spec_problems(quick)  # its verdict was in: kept
    stopped = found[-1]
    assert (stopped.file, stopped.code) == (str(slow.path), TIMEOUT_CODE)
    assert stopped.message.startswith("validation: not finished within 10 s")
    assert BUDGET_VARIABLE in stopped.hint
    # the quick verdict is cached, the missing one is not
    assert background.cached_spec_problems(quick, store) == spec_problems(quick)
    monkeypatch.setattr(background, "_spec_problems", _slow_for(set()))
    assert background.cached_spec_problems(slow, store) == spec_problems(slow) == []


@pytest.mark.timeout(60)
def test_generation_goes_on_without_the_verdict_and_says_so(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setattr(background, "_spec_problems", _slow_for({SLOW}))
    monkeypatch.setenv(BUDGET_VARIABLE, "0.5")
    target = pipeline.target_for_spec(SLOW, "pkg", None)
    generation = pipeline.generate_packages([target], cache=None)
    repairs = generation.outcomes["pkg"].repairs
    said = [repair for repair in repairs if "not finished within 0.5 s" in repair.problem]
    assert len(said) == 1
    assert "without openapi-spec-validator's verdict" in said[0].action
    coverage = generation.packages["pkg"]["COVERAGE.md"]
    assert "not finished within 0.5 s" in coverage


@pytest.mark.timeout(60)
def test_a_strict_target_stops_at_a_missing_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(background, "_spec_problems", _slow_for({SLOW}))
    monkeypatch.setenv(BUDGET_VARIABLE, "0.5")
    with pytest.raises(GeneratorError) as caught:
        pipeline.build_packages([pipeline.target_for_spec(SLOW, "pkg", strict=True)], cache=None)
    assert [problem.code for problem in caught.value.problems] == [TIMEOUT_CODE]


@pytest.mark.timeout(60)
def test_validate_reports_the_missing_verdict_and_exits_1(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    monkeypatch.setattr(background, "_spec_problems", _slow_for({SLOW}))
    monkeypatch.setenv(BUDGET_VARIABLE, "0.5")
    assert main(["validate", "--no-cache", str(SLOW)]) == 1
    output = capsys.readouterr()
    shown = output.out + output.err
    assert "validation: not finished within 0.5 s" in shown
    assert "valid" not in shown.replace("validation", "").replace("validator", "")


@pytest.mark.timeout(120)
def test_a_real_validation_with_a_tiny_budget_is_reported_by_the_command() -> None:
    # the child's import of openapi-spec-validator alone takes longer than a millisecond
    result = subprocess.run(
        [sys.executable, "-m", "generator", "validate", "--no-cache",
         str(ROOT / "specs" / "ionos" / "openapi.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=100, check=False,
        env={**os.environ, BUDGET_VARIABLE: "0.001"})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "validation: not finished within 0.001 s" in result.stdout + result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("value", ["soon", "0", "-5", "nan", "inf"])
def test_a_budget_that_is_not_seconds_is_a_usage_error(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str],
                                                       value: str) -> None:
    monkeypatch.setenv(BUDGET_VARIABLE, value)
    assert main(["validate", "--no-cache", str(QUICK)]) == 2
    output = capsys.readouterr()
    assert f"{BUDGET_VARIABLE}={value!r} is not a number of seconds above 0" in (
        output.out + output.err)


def test_the_default_budget_is_generous(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BUDGET_VARIABLE, raising=False)
    assert background.validation_budget() == background.DEFAULT_BUDGET == 120.0
    monkeypatch.setenv(BUDGET_VARIABLE, " 7.5 ")
    assert background.validation_budget() == 7.5


@pytest.mark.timeout(120)
def test_a_package_made_without_the_verdict_is_not_cached(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache")
    target = pipeline.target_for_spec(SLOW, "pkg", None)
    monkeypatch.setattr(background, "_spec_problems", _slow_for({SLOW}))
    monkeypatch.setenv(BUDGET_VARIABLE, "0.5")
    first = pipeline.generate_packages([target], cache=store)
    assert any(background.verdict_missing(r.problem) for r in first.outcomes["pkg"].repairs)
    monkeypatch.setattr(background, "_spec_problems", _slow_for(set()))
    again = pipeline.generate_packages([target], cache=store)
    outcome = again.outcomes.get("pkg")
    assert outcome is None or not any(background.verdict_missing(r.problem)
                                      for r in outcome.repairs)
    assert "COVERAGE.md" not in again.packages["pkg"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("verdict", [QUICK, SLOW], ids=["with-problems", "valid"])
def test_a_cached_verdict_is_no_timeout_when_the_child_looks_it_up(
        verdict: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A child that reads the cache may be stopped by a budget shorter than its lookup (it
    hashes the whole document first): the verdict the cache holds is the answer all the same,
    an empty one (a valid document) too."""
    store = Cache(tmp_path / "cache")
    document = load(verdict)
    cold = background.cached_spec_problems(document, store)
    monkeypatch.setattr(background, "_spec_problems", _slow_for({verdict}))
    monkeypatch.setattr(background, "verdict_key", _slowly(background.verdict_key))
    with SpecValidation([document], store, budget=0.05, look_up_in_child=True) as found:
        assert found.problems() == cold


def _slowly(key: object) -> object:
    """`verdict_key`, taking a second in a forked child (a large document's hash, shrunk)."""
    parent = os.getpid()

    def slow(doc: Document) -> str | None:
        if os.getpid() != parent:
            time.sleep(1.0)
        return key(doc)  # type: ignore[operator, no-any-return]

    return slow


def test_a_fork_that_fails_validates_here(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    """No child can be made (a pids limit, no memory): the cache is read and the document
    validated here, and no descriptor is left open."""
    def refuse(**_: object) -> int:
        raise OSError(11, "Resource temporarily unavailable")

    store = Cache(tmp_path / "cache")
    document = load(QUICK)
    monkeypatch.setattr(background, "fork_child", refuse)
    before = len(os.listdir("/proc/self/fd"))
    with SpecValidation([document], store, look_up_in_child=True) as found:
        assert found.pid == 0
        assert found.problems() == spec_problems(document)
    assert len(os.listdir("/proc/self/fd")) == before
