"""The settle loop: decisions acted on, round after round, until our own checks find nothing
left to decide.

A repair can uncover a problem another one hid (a dropped keyword leaves its schema empty, a
moved path names its parameters anew), so after each round our own checks run again on the
repaired document; `MAX_REPAIR_ROUNDS` rounds settle any real document. openapi-spec-validator
is not run again: its verdict costs seconds on large documents, and what it found is decided.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from generator.document.loading import Document
from generator.problems import GeneratorError, Problem
from generator.tolerate.act import apply
from generator.tolerate.decisions import Decision, Outcome
from generator.tolerate.triage import triage
from generator.validate import own_checks

MAX_REPAIR_ROUNDS = 3

_Said = tuple[str, str, str]  # (pointer, code, message): one problem, across rounds


def settle(document: Document, outcome: Outcome, problems: list[Problem]) -> Outcome:
    """`outcome` (so far, for `document`) with `problems` decided and acted on, and whatever
    the repairs uncover, until our own checks find nothing new: the document generation can
    go on from, every repair and skip named. A blocking problem, or problems that survive
    `MAX_REPAIR_ROUNDS`, raise `GeneratorError` (nothing is generated from a document that
    cannot be made sound)."""
    decided: set[_Said] = set()
    for _ in range(MAX_REPAIR_ROUNDS):
        # A problem decided in an earlier round (a repair that keeps the text as it is, say)
        # keeps that decision.
        problems = _undecided(problems, decided)
        if not problems:
            return outcome
        decisions = _round(outcome, problems)
        decided.update(_said(decision.problem) for decision in decisions)
        outcome = outcome.then(apply(outcome.data, decisions))
        problems = own_checks(with_data(document, outcome.data))
    left = _undecided(problems, decided)
    if left:
        raise GeneratorError([*left, Problem(
            str(document.path), "", None,
            f"still invalid after {MAX_REPAIR_ROUNDS} rounds of repairs",
            "run `validate` and fix these in the spec or its overlay")])
    return outcome


def _round(outcome: Outcome, problems: list[Problem]) -> list[Decision]:
    """This round's decisions; a blocking one stops. A repair that moves a path goes in a
    round of its own: the other problems' pointers name the old paths, and are found again."""
    decisions = triage(outcome.data, problems)
    blocking = [decision.problem for decision in decisions if decision.category == "blocking"]
    if blocking:
        raise GeneratorError(blocking)
    if any(decision.moves_path for decision in decisions):
        return [decision for decision in decisions if decision.moves_path]
    return decisions


def _said(problem: Problem) -> _Said:
    return (problem.pointer, problem.code, problem.message)


def _undecided(problems: list[Problem], decided: set[_Said]) -> list[Problem]:
    return [problem for problem in problems
            if problem.severity != "warning" and _said(problem) not in decided]


def with_data(document: Document, data: dict[str, Any]) -> Document:
    """`document` as the tolerate stage left it: repaired data, its overlay's problems decided
    (they are in the outcome's repairs, not to be found again)."""
    return dataclasses.replace(document, data=data, overlay_problems=())


def settle_own_problems(document: Document) -> Outcome:
    """Our own checks of `document` decided and acted on: what openapi-spec-validator then
    sees is the repaired document."""
    return settle(document, Outcome.untouched(document.data), own_checks(document))
