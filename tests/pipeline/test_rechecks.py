"""Whether the first round of repairs uncovered a problem is checked beside the generation.

`tolerate.settle_own_problems` runs our own checks again after each round of repairs (a repair
can uncover a problem another one hid). `generate` runs the first round, then checks the
repaired document in a forked child while it generates (`pipeline._generate_beside_rechecks`):
a large document's checks take a second, and a repair rarely uncovers anything. When one does,
the rest is settled and the work done again, so the outcome is the one the rounds one after the
other give.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from generator import pipeline, tolerate, validate
from generator.document.loading import Document, load
from generator.io import forked
from generator.problems import GeneratorError
from generator.tolerate import Outcome
from generator.validate.background import SpecValidation
from tests.support import IMPERFECT_DOCS

REPAIRED = sorted(path.name for path in IMPERFECT_DOCS.glob("*.yaml"))
UNCOVERS = "query_string_and_skip.yaml"  # its path moves in a round of its own: the rest after


def _rounds_one_after_the_other(document: Document) -> Outcome:
    """The settle loop from the document as loaded, every round inline."""
    return tolerate.settle(document, Outcome.untouched(document.data),
                           validate.own_checks(document))


@pytest.mark.parametrize("name", REPAIRED)
def test_first_round_then_the_rest_is_the_settle_loop(name: str) -> None:
    document = load(IMPERFECT_DOCS / name)
    try:
        expected: Outcome | GeneratorError = _rounds_one_after_the_other(document)
    except GeneratorError as error:  # a blocking problem: the same one either way
        expected = error
    try:
        got: Outcome | GeneratorError = tolerate.settle_own_problems(document)
    except GeneratorError as error:
        got = error
    if isinstance(expected, GeneratorError):
        assert isinstance(got, GeneratorError) and got.problems == expected.problems
        return
    assert isinstance(got, Outcome)
    assert (got.data, got.repairs, got.skipped) == (expected.data, expected.repairs,
                                                    expected.skipped)


def _generated(name: str, out: str) -> pipeline.Generation:
    target = pipeline.target_for_spec(IMPERFECT_DOCS / name, out)
    return pipeline.generate_packages([target])


@pytest.mark.parametrize("name", [UNCOVERS, "default_wrong_type.yaml", "path_query_string.yaml"])
def test_the_packages_are_those_of_the_rounds_one_after_the_other(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    made = _generated(name, "pkg")
    document = load(IMPERFECT_DOCS / name)
    expected = _rounds_one_after_the_other(document)
    outcome = made.outcomes["pkg"]
    # the validator's repairs come after ours: ours are the first of them, in the same order
    assert outcome.repairs[:len(expected.repairs)] == expected.repairs
    assert outcome.skipped[:len(expected.skipped)] == expected.skipped
    inline = _generated_inline(name, monkeypatch)
    assert inline.packages == made.packages


def _generated_inline(name: str, monkeypatch: pytest.MonkeyPatch) -> pipeline.Generation:
    """The same generation where nothing can be forked: the rechecks and the validator inline."""
    with monkeypatch.context() as patched:
        patched.setattr(forked, "can_fork", lambda: False)
        patched.setattr("generator.validate.background.can_fork", lambda: False)
        return _generated(name, "pkg")


def test_a_repair_that_uncovers_a_problem_is_settled_further(
        monkeypatch: pytest.MonkeyPatch) -> None:
    further: list[str] = []
    settle_further = tolerate.settle_after_first_round

    def spy(document: Document, first: tolerate.FirstRound, found: list[Any]) -> Outcome:
        further.append(document.path.name)
        return settle_further(document, first, found)

    monkeypatch.setattr(pipeline.tolerate, "settle_after_first_round", spy)
    made = _generated(UNCOVERS, "pkg")
    assert further == [UNCOVERS]
    outcome = made.outcomes["pkg"]
    assert any("moves it to" in repair.action for repair in outcome.repairs)
    assert outcome.skipped, "what was found after the move, decided"


def test_the_repaired_document_is_checked_in_the_child_not_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Here: our own checks of the document as loaded only (the first round)."""
    checked: list[bool] = []
    own_checks = validate.own_checks
    loaded = load(IMPERFECT_DOCS / "default_wrong_type.yaml")

    def spy(document: Document, *, beside: bool = False) -> list[Any]:
        checked.append(document.data == loaded.data)
        return own_checks(document, beside=beside)

    monkeypatch.setattr(validate, "own_checks", spy)
    monkeypatch.setattr(importlib.import_module("generator.tolerate.settle"), "own_checks", spy)
    made = _generated("default_wrong_type.yaml", "pkg")
    assert made.outcomes["pkg"].repairs
    assert checked == [True]
    checked.clear()
    _generated_inline("default_wrong_type.yaml", monkeypatch)
    assert checked == [True, False], "without fork, the repaired document is checked here"


def test_the_verdict_on_a_document_settled_further_is_not_waited_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When a repair uncovered a problem, the first generation's document is settled further:
    openapi-spec-validator's verdict on it is not wanted (its child is stopped unasked); the
    verdict on the settled document is."""
    asked: list[int] = []
    problems = SpecValidation.problems

    def recorded(self: SpecValidation) -> Any:
        asked.append(len(self.docs))
        return problems(self)

    monkeypatch.setattr(SpecValidation, "problems", recorded)
    _generated(UNCOVERS, "pkg")
    assert asked == [1]
    asked.clear()
    _generated("default_wrong_type.yaml", "pkg")  # nothing uncovered: its one verdict
    assert asked == [1]
