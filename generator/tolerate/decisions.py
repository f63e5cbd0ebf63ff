"""What the tolerate stage decides about a problem (`Decision`), and what comes of acting on
the decisions (`Outcome`): the document generation works from, with every repair and skip
named, so that the package's COVERAGE.md and records can say what was changed and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from generator.document.pointer import split_pointer
from generator.document.schemas import in_schema
from generator.problems import Problem, Repaired, Skipped
from generator.tolerate.repairs import Fix

Category = Literal["blocking", "operation", "repairable"]

# Schema keywords that datamodel-code-generator and our templates never read: dropping an
# invalid one leaves the generated code as it was.
_UNREAD_ANNOTATIONS = frozenset({
    "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$comment", "$id", "$schema", "$vocabulary",
    "externalDocs", "xml",
})


@dataclass(frozen=True)
class Decision:
    """What `generate` does about one problem: stop (*blocking*), skip operations
    (*operation*), or repair (*repairable*, `fix` applied to a copy, `action` said in
    COVERAGE.md)."""

    problem: Problem
    category: Category
    action: str  # "drops the invalid `default`", "skips GET /items", "stops"
    operations: tuple[str, ...] = ()  # pointers of the operations skipped
    fix: Fix | None = field(default=None, compare=False)  # the repair, applied to a copy
    moves_path: bool = False  # changes which pointers name what: applied in a round of its own

    @property
    def changes_output(self) -> bool:
        """Whether generated code can differ once it is applied: a skip does; a repair does
        unless it changes nothing, or only an annotation code generation does not read."""
        if self.category == "operation":
            return True
        if self.fix is None:
            return False
        tokens = split_pointer(self.problem.pointer)
        return not (tokens and tokens[-1] in _UNREAD_ANNOTATIONS and in_schema(tokens[:-1]))


@dataclass(frozen=True)
class Outcome:
    """The document `generate` works from, and what it took to get there: the repairs and
    skips so far, and whether any step since the flag was cleared changed what code
    generation reads (a package is generated again only then)."""

    data: dict[str, Any]
    repairs: tuple[Repaired, ...]
    skipped: tuple[Skipped, ...]
    changes_output: bool = False  # a step since the flag was cleared changed what codegen reads

    def then(self, step: Outcome) -> Outcome:
        """This outcome followed by `step` (applied to this one's data); a repair reported again
        in a later round is recorded once."""
        said = {(repair.pointer, repair.action) for repair in self.repairs}
        repairs = [*self.repairs, *(r for r in step.repairs if (r.pointer, r.action) not in said)]
        return Outcome(step.data, tuple(repairs), (*self.skipped, *step.skipped),
                       self.changes_output or step.changes_output)

    @classmethod
    def untouched(cls, data: dict[str, Any]) -> Outcome:
        """The outcome of a document nothing was done to (yet)."""
        return cls(data, (), ())
