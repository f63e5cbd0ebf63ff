"""The settle loop: decisions acted on, round after round, until our own checks find nothing
left to decide.

A repair can uncover a problem another one hid (a dropped keyword leaves its schema empty, a
moved path names its parameters anew), so after each round our own checks run again on the
repaired document; `MAX_REPAIR_ROUNDS` rounds settle any real document. openapi-spec-validator
is not run again: its verdict costs seconds on large documents, and what it found is decided.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from generator.document.loading import Document
from generator.problems import GeneratorError, Problem
from generator.tolerate.act import apply
from generator.tolerate.decisions import Decision, Outcome
from generator.tolerate.triage import triage
from generator.validate import own_checks

MAX_REPAIR_ROUNDS = 3

_Said = tuple[str, str, str]  # (pointer, code, message): one problem, across rounds


def settle(document: Document, outcome: Outcome, problems: list[Problem],
           decided: AbstractSet[_Said] = frozenset(), rounds: int = MAX_REPAIR_ROUNDS) -> Outcome:
    """`outcome` (so far, for `document`) with `problems` decided and acted on, and whatever
    the repairs uncover, until our own checks find nothing new: the document generation can
    go on from, every repair and skip named. A blocking problem, or problems that survive
    `MAX_REPAIR_ROUNDS`, raise `GeneratorError` (nothing is generated from a document that
    cannot be made sound). `decided` and `rounds`: what earlier rounds decided, and the rounds
    left (`settle_after_first_round`)."""
    decided = set(decided)
    for _ in range(rounds):
        # A problem decided in an earlier round (a repair that keeps the text as it is, say)
        # keeps that decision.
        problems = _undecided(problems, decided)
        if not problems:
            return outcome
        decisions = _round(outcome, problems)
        decided.update(_said(decision.problem) for decision in decisions)
        outcome = outcome.then(apply(outcome.data, decisions, sharing=True))
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
    first = first_round(document)
    if first is None:
        return Outcome.untouched(document.data)
    repaired = with_data(document, first.outcome.data)
    return settle_after_first_round(document, first, own_checks(repaired))


@dataclass(frozen=True)
class FirstRound:
    """`settle_own_problems`'s first round: the problems our own checks found in the document
    as loaded, decided (`decided`) and acted on (`outcome`). Whether the repairs uncovered
    anything is for our own checks of `outcome.data` to say (`uncovers`), which `generate`
    runs beside its work: a repair rarely uncovers anything, and on a large document the
    checks take half a second (GitHub's)."""

    outcome: Outcome
    decided: frozenset[_Said]


def first_round(document: Document) -> FirstRound | None:
    """The first round of `settle_own_problems`, or None when our own checks find nothing to
    decide in `document` (then it is settled as it is)."""
    # nothing else runs yet: on a large document, the slowest checks take the other core
    problems = _undecided(own_checks(document, beside=True), set())
    if not problems:
        return None
    decisions = _round(Outcome.untouched(document.data), problems)
    outcome = Outcome.untouched(document.data).then(apply(document.data, decisions, sharing=True))
    return FirstRound(outcome, frozenset(_said(decision.problem) for decision in decisions))


def uncovers(first: FirstRound, rechecked: list[Problem]) -> bool:
    """Whether our own checks of the first round's repaired document (`rechecked`) found a
    problem it did not decide: then settling goes on (`settle_after_first_round`)."""
    return bool(_undecided(rechecked, set(first.decided)))


def settle_after_first_round(document: Document, first: FirstRound,
                             rechecked: list[Problem]) -> Outcome:
    """`settle_own_problems`'s outcome from its first round and our own checks of the document
    that round repaired (`rechecked`): the rounds after the first."""
    return settle(document, first.outcome, rechecked, first.decided, MAX_REPAIR_ROUNDS - 1)
