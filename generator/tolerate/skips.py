"""Skipping operations: an operation that cannot be generated correctly is left out of the
package, and named with why, rather than generated wrong."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from generator.document.loading import Document
from generator.document.operations import count_operations
from generator.document.pointer import split_pointer
from generator.document.tree import copy_tree
from generator.problems import Problem, Skipped, operation_label
from generator.tolerate.decisions import Decision, Outcome
from generator.tolerate.locate import own_path_item


def skip(problem: Problem, operations: Iterable[str]) -> Decision:
    """The decision to skip `operations` (pointers, each once) because of `problem`."""
    chosen = tuple(dict.fromkeys(operations))
    labels = ", ".join(_label(pointer) for pointer in chosen)
    return Decision(problem, "operation", f"skips {labels}", operations=chosen)


def _label(operation_pointer: str) -> str:
    _, path, method = split_pointer(operation_pointer)
    return operation_label(method, path)


def remove_operations(data: dict[str, Any],
                      reasons: Iterable[tuple[str, Sequence[str]]]) -> tuple[Skipped, ...]:
    """The operations of `reasons` ((pointer, why) pairs) removed from `data` in place (a
    shared path item made the path's own first), and the record of each."""
    skipped = []
    for operation, why in reasons:
        _, path, method = split_pointer(operation)
        item = own_path_item(data, path)
        if item is not None:
            item.pop(method, None)
        skipped.append(Skipped(method, path, operation, tuple(dict.fromkeys(why))))
    return tuple(skipped)


def skip_operations(data: dict[str, Any], failed: Iterable[tuple[str, str]]) -> Outcome:
    """`data` without the operations code generation could not build, each named with why."""
    result = copy_tree(data)
    skipped = remove_operations(result, ((operation, (why,)) for operation, why in failed))
    return Outcome(result, (), skipped, changes_output=True)


def every_operation_skipped(document: Document, outcome: Outcome | None) -> list[Problem]:
    """Each skip of `document` and the refusal, when every one of its operations was skipped
    (a client without a single method is a refusal, not a package); else nothing."""
    operations = count_operations(document.data)
    skipped = outcome.skipped if outcome is not None else ()
    if not operations or len({skip.pointer for skip in skipped}) < operations:
        return []
    return [*(Problem(str(document.path), skip.pointer, document.line_of(skip.pointer),
                      f"skipped {skip.label}: {'; '.join(skip.reasons)}") for skip in skipped),
            Problem(str(document.path), "/paths", document.line_of("/paths"),
                    f"every one of its {operations} operations had to be skipped: the "
                    "client would have no methods; nothing was written",
                    "fix the problems named above")]
