"""Acting on the decisions: the repairs applied to a copy of the document, the skipped
operations removed from it, and the record of both (`Outcome`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from generator.document.pointer import within
from generator.document.tree import copy_tree
from generator.problems import Problem, Repaired
from generator.tolerate.decisions import Decision, Outcome
from generator.tolerate.repairs import drop_removed
from generator.tolerate.skips import remove_operations
from generator.tolerate.touched import drop_removed_beside, touched_copy


def apply(data: dict[str, Any], decisions: Iterable[Decision], *,
          sharing: bool = False) -> Outcome:
    """A repaired copy of `data` without the skipped operations, and the record of both.
    `data` itself is not changed. `sharing`: the copy shares with `data` every part no
    decision can touch (`touched`), for callers that only read it (`diff`, and `generate`'s
    settle loop: the stages after it copy what they change); else it is a whole copy of its
    own, which the caller may change."""
    chosen = list(decisions)
    result = touched_copy(data, chosen) if sharing else copy_tree(data)
    skip_reasons = _skip_reasons(chosen)
    repairs = _repair(result, chosen, skip_reasons)
    if sharing:
        drop_removed_beside(result, data)
    else:
        drop_removed(result)
    changes_output = any(decision.changes_output for decision in chosen
                         if decision.category != "blocking")
    skipped = remove_operations(result, skip_reasons.items())
    return Outcome(result, repairs, skipped, changes_output)


def _skip_reasons(decisions: list[Decision]) -> dict[str, list[str]]:
    """Operation pointer -> the messages of the problems that skip it."""
    reasons: dict[str, list[str]] = {}
    for decision in decisions:
        if decision.category == "operation":
            for operation in decision.operations:
                reasons.setdefault(operation, []).append(decision.problem.message)
    return reasons


def _repair(result: dict[str, Any], decisions: list[Decision],
            skipped: dict[str, list[str]]) -> tuple[Repaired, ...]:
    """Each repair applied to `result` once (two problems may ask for the same), except inside
    an operation that is left out anyway; the record of each."""
    repairs: list[Repaired] = []
    applied: set[tuple[str, str]] = set()
    for decision in decisions:
        problem = decision.problem
        if decision.category != "repairable" or (problem.pointer, decision.action) in applied:
            continue
        applied.add((problem.pointer, decision.action))
        if any(within(problem.pointer, operation) for operation in skipped):
            continue
        if decision.fix is not None:
            decision.fix(result)
        repairs.append(Repaired(problem.file, problem.pointer, problem.line,
                                _with_guess(problem), decision.action, problem.origin))
    return tuple(repairs)


def _with_guess(problem: Problem) -> str:
    """The problem's words, with the hint when it guesses what was meant (`did you mean
    'Pet'?`): the repair reads the slip its own way, and the guess shows the fix the author
    likely wants. Other hints say how to fix it, which the repair stands in for."""
    if problem.hint.startswith("did you mean"):
        return f"{problem.message} ({problem.hint})"
    return problem.message
