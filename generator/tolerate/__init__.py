"""The tolerate stage: every problem of a document decided (stop, skip an operation, or
repair it as the document evidently meant), and the document generation goes on from.

`triage` decides, `apply` acts on the decisions, `settle` does both until nothing is left;
`skip_operations` leaves out what code generation itself could not build. Each returns new
values: the caller's document is never changed.
"""

from generator.tolerate.act import apply
from generator.tolerate.decisions import Decision, Outcome
from generator.tolerate.settle import (
    MAX_REPAIR_ROUNDS,
    FirstRound,
    first_round,
    settle,
    settle_after_first_round,
    settle_own_problems,
    uncovers,
    with_data,
)
from generator.tolerate.skips import every_operation_skipped, skip_operations
from generator.tolerate.triage import triage

__all__ = [
    "MAX_REPAIR_ROUNDS", "Decision", "FirstRound", "Outcome", "apply", "every_operation_skipped",
    "first_round", "settle", "settle_after_first_round", "settle_own_problems", "skip_operations",
    "triage", "uncovers", "with_data",
]
