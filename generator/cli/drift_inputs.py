"""The two documents `diff` and `update` compare, made comparable the way `generate` makes a
document generatable: each side validated and its problems classified by the tolerate stage
(repairable / operation / blocking), the same way for both.

* A blocking problem on either side stops the comparison (exit 2, each problem located).
* Each side is repaired as `generate` would repair it, and a slip both sides share is repaired
  alike on both (a repair decided on one side is applied to the other wherever it holds the
  same value at the same place): a change that only a repair made is never reported. A slip
  on one side only is the document's change, and is compared as repaired (a `$ref` that now
  points to nothing reads as "any value": the response's type changed).
* An operation left out (its problem cannot be repaired) is left out of BOTH sides, and named:
  left out of one side only it would read as removed or added.
* The report's header names each side's repairs once.
* `strict`: any problem refuses, as before; `validate=False` (`--no-validate`): nothing is
  validated, nothing repaired.

Lives in cli/ because it joins validate and tolerate to drift, which may not import them.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from generator.document.lines import LineMap
from generator.document.loading import Document, Overlay, overlaid
from generator.document.pointer import resolve_pointer
from generator.drift.diff.same import equal_json
from generator.drift.json_lines import held_text
from generator.io.cache import Cache
from generator.problems import (
    GeneratorError,
    Problem,
    Repaired,
    Skipped,
    printable,
    shown_pointer,
)

if TYPE_CHECKING:
    from generator.tolerate import Decision
    from generator.validate.background import SpecValidation

# Problems that stop code generation but leave a document a valid OpenAPI description:
# they do not stop a diff and need no repair.
CODEGEN_ONLY = frozenset({"method-clash", "pattern-unusable", "hint-invalid",
                          "security-unsendable"})
SIDES = ("old", "new")
S = TypeVar("S")  # what a document is loaded from (a path), or the document itself
T = TypeVar("T")  # what a comparison of the pair gives (`compare_loaded`)
_LISTED = 5  # repairs named in the header per side, then "N more"


@dataclass(frozen=True)
class Tolerated:
    """What the tolerate stage did to one side: its repairs and the operations left out."""

    repairs: tuple[Repaired, ...] = ()
    skipped: tuple[Skipped, ...] = ()


@dataclass(frozen=True)
class Comparable:
    """The two documents as compared, and per side what was repaired or left out."""

    documents: dict[str, Document]
    tolerated: dict[str, Tolerated]
    validated: bool = True  # False with `--no-validate`: nothing was looked at
    # the two sides hold no object in common: loaded apart, not yet compared (a comparison
    # shares their unchanged parts, `drift.share`, and may be made again on them)
    apart: bool = False

    def header(self, every: bool = False) -> list[str]:
        """`old: 3 repaired, new: 4 repaired: ...` and the operations not compared, or nothing
        when neither side needed anything; the first `_LISTED` repairs of each side, then
        how many more (`every`: all of them, for the whole report `--report` writes)."""
        if not any(t.repairs or t.skipped for t in self.tolerated.values()):
            return []
        counts = ", ".join(f"{side}: {len(self.tolerated[side].repairs)} repaired"
                           for side in SIDES)
        lines = [f"{counts} (as `generate` repairs; a slip both sides share, alike on both):"]
        # a slip both sides share is named once, as `both`
        said = {side: {_said(r): r for r in self.tolerated[side].repairs} for side in SIDES}
        shared = said["old"].keys() & said["new"].keys()
        lines += _repair_lines("both", [said["new"][key] for key in shared], every)
        for side in SIDES:
            lines += _repair_lines(side, [r for key, r in said[side].items()
                                          if key not in shared], every)
        skipped = sorted({s.label for t in self.tolerated.values() for s in t.skipped})
        if skipped:
            lines.append(f"  not compared (left out of both sides): {', '.join(skipped)}")
        return [printable(line) for line in lines]

    def record(self) -> dict[str, object]:
        """The same for JSON: per side the repairs (pointer, problem, action) and the
        operations left out; nothing when the documents were not validated."""
        if not self.validated:
            return {}
        return {side: {"repairs": [{"pointer": r.pointer, "line": r.line, "problem": r.problem,
                                    "action": r.action} for r in tolerated.repairs],
                       "not_compared": [s.label for s in tolerated.skipped]}
                for side, tolerated in self.tolerated.items()}


def named_by_overlay(documents: Mapping[str, Document], overlay: Overlay | None
                     ) -> tuple[dict[str, dict[str, Any]] | None, list[Problem]]:
    """Each side with `overlay` applied, for naming the client's resources and methods as
    `generate` names them (`x-codegen-resource`, `x-codegen-method`), and a warning per action
    that matched nothing on a side (ignored there, as `generate` ignores it); (None, []) without
    an overlay. The documents compared stay as they are: the changes are theirs."""
    if overlay is None:
        return None, []
    named, unmatched = {}, []
    for side in SIDES:
        named[side], problems = overlaid(documents[side].data, overlay)
        unmatched += [replace(problem, severity="warning",
                              hint=f"in the {side} document: ignored there, as `generate` "
                                   "ignores it, when naming the client")
                      for problem in problems]
    return named, unmatched


def _said(repair: Repaired) -> tuple[str, str, str]:
    return repair.pointer, repair.action, repair.problem


def _repair_lines(side: str, repairs: Iterable[Repaired], every: bool = False) -> list[str]:
    items = sorted(repairs, key=lambda r: (r.pointer, r.action))
    listed = len(items) if every else _LISTED
    lines = [f"  {side}: {shown_pointer(r.pointer) or '/'}: {r.action} ({r.problem})"
             for r in items[:listed]]
    if len(items) > listed:
        lines.append(f"  {side}: ... and {len(items) - listed} more repair(s)")
    return lines


def comparable(documents: dict[str, Document], *, strict: bool, validate: bool,
               cache: Cache | None = None) -> Comparable:
    """Both documents validated (unless `validate` is false), their problems classified and
    acted on (`_for_side`); `GeneratorError` for a blocking problem (or,
    `strict`, for any problem), naming every one of them. openapi-spec-validator's verdicts
    come from `cache` when it has them (`generate` and `update` store them there)."""
    try:
        return load_comparable(documents, _as_loaded, strict=strict, validate=validate,
                               cache=cache)
    finally:
        gc.unfreeze()  # (`load_comparable` froze the heap for its children)


def _as_loaded(document: Document) -> Document:
    return document


def load_comparable(sources: Mapping[str, S], load: Callable[[S], Document], *, strict: bool,
                    validate: bool, cache: Cache | None = None) -> Comparable:
    """`comparable` of the two documents `load` makes of `sources` (`old`, `new`), each side
    validated beside the other: as soon as the old side is loaded, openapi-spec-validator
    starts on it in a forked child, which runs while the new side loads; then the new side's
    in another child while our own checks of both sides run here. On two cores that keeps both
    busy; the problems are the ones `validate` finds, in its order."""
    return compare_loaded(sources, load, _as_compared, strict=strict, validate=validate,
                          cache=cache, ahead=False)[0]


def _as_compared(pair: Comparable) -> None:
    return None


def compare_loaded(sources: Mapping[str, S], load: Callable[[S], Document],
                   compare: Callable[[Comparable], T], *, strict: bool, validate: bool,
                   cache: Cache | None = None, ahead: bool = True) -> tuple[Comparable, T]:
    """`load_comparable`'s pair and `compare(pair)`, the comparison made while
    openapi-spec-validator's verdicts are still being worked out in their children: on the
    pair our own checks alone make (`_ahead`), kept when the verdicts then add no problem to
    either side (the usual case: the pair is the very one they would have made), else made
    again on the pair every problem makes. `compare` may change a document's containers only
    to equal values (`drift.share`), and must have no effect but its value. `ahead=False`:
    compared once the verdicts are in (a comparison too cheap to be worth making twice)."""
    if not validate:
        loaded = {side: load(sources[side]) for side in SIDES}
        pair = Comparable(loaded, {side: Tolerated() for side in SIDES}, validated=False,
                          apart=True)
        return pair, compare(pair)
    with ExitStack() as stack:
        documents, verdicts, unlocated = _validating(sources, load, stack, cache)
        made = None
        ahead = ahead and any(verdict.pending for verdict in verdicts.values())  # not all cached
        if ahead:
            # the comparison forks a child of its own: not beside two validators still
            # running (the cores are busy with them; the three held ~30 MiB more at once)
            from generator.validate.background import first_ends

            first_ends(list(verdicts.values()))
        # (located once a validator has ended: each side's file is read for it)
        own = {side: _located(documents[side], unlocated[side]) for side in SIDES}
        if ahead:
            guessed = {side: _side_problems(own[side]) for side in SIDES}
            made = _ahead(documents, guessed, strict, compare)
        problems = {side: _side_problems(own[side], verdicts[side]) for side in SIDES}
    if made is not None and problems == guessed:
        return made.outcome()
    pair = _decided(documents, problems, strict, apart=made is None)
    return pair, compare(pair)


@dataclass(frozen=True)
class _Ahead(Generic[T]):
    """A comparison made before the verdicts were in: its pair, and its value or error."""

    pair: Comparable
    value: T | None = None
    error: Exception | None = None

    def outcome(self) -> tuple[Comparable, T]:
        if self.error is not None:
            raise self.error
        return self.pair, self.value  # type: ignore[return-value]  # (no error: a value)


def _ahead(documents: dict[str, Document], problems: dict[str, list[Problem]], strict: bool,
           compare: Callable[[Comparable], T]) -> _Ahead[T] | None:
    """`compare` of the pair `problems` make; None when they refuse it (the verdicts may add
    to what is refused: the error is raised once they are in). An error of the comparison is
    kept, to be raised only if this pair is the one compared."""
    try:
        pair = _decided(documents, problems, strict, apart=True)
    except GeneratorError:
        return None
    try:
        return _Ahead(pair, compare(pair))
    except Exception as error:  # noqa: BLE001  # raised by `outcome`, if this pair stands
        return _Ahead(pair, error=error)


def _validating(sources: Mapping[str, S], load: Callable[[S], Document], stack: ExitStack,
                cache: Cache | None) -> tuple[dict[str, Document], dict[str, SpecValidation],
                                              dict[str, list[Problem]]]:
    """Both documents loaded, openapi-spec-validator on each in a forked child (its verdict
    read later, within `stack`), and our own checks' problems of each, found here while the
    children run and left unlocated (`_unlocated`; `_decided` locates those it keeps).

    Each child imports openapi-spec-validator for itself: imported here, its ~26 MiB would stay
    in this process through the comparison, where the tree's memory peaks (GitHub's pair: ~15
    MiB more at that peak than the children's own imports cost at theirs). The old side's own
    checks run here after the new side's, not in a child of their own: a fourth process
    touching a whole document held ~50 MiB more while all four ran, for no time saved (the two
    cores are busy with the validators)."""
    from generator.validate import own_checks  # our checks: what code generation relies on
    from generator.validate.background import SpecValidation

    documents: dict[str, Document] = {}
    verdicts = {}
    for side in SIDES:
        documents[side] = load(sources[side])
        # the loaded documents live on: a child's collector must not walk them (its walks
        # would copy every page of them); the caller may unfreeze (`gc.unfreeze`)
        gc.freeze()
        verdicts[side] = stack.enter_context(SpecValidation([documents[side]], cache))
    found = {side: own_checks(_unlocated(documents[side])) for side in ("new", "old")}
    return documents, verdicts, found


def _unlocated(document: Document) -> Document:
    """`document` answering no line: a line found by a check costs a read of the whole file
    (`without_text`; 12 MB, two copies at once, in each process), and most problems are
    repaired and named without one. `_located` finds the lines of those kept."""
    return replace(document, lines=LineMap())


def _located(document: Document, problems: list[Problem]) -> list[Problem]:
    """Our own checks' `problems` of `document` with the lines `_unlocated` left out: each
    gets the line it would have been given (that of `line_at`, else of its pointer); the file
    is read once for all of them."""
    path = str(document.path)
    unlocated = [p.line is None and p.file == path and not p.origin for p in problems]
    if not any(unlocated):
        return problems
    with held_text(document.lines):
        return [replace(p, line=document.line_of(p.line_at or p.pointer)) if missing else p
                for p, missing in zip(problems, unlocated, strict=True)]


def _decided(documents: dict[str, Document], problems: dict[str, list[Problem]],
             strict: bool, apart: bool = False) -> Comparable:
    """The tolerate stage's decisions on each side's `problems`, acted on (`apart`: the
    documents were never compared, `Comparable.apart`)."""
    if strict:
        _refuse(documents, problems)
        return Comparable(documents, {side: Tolerated() for side in SIDES}, apart=apart)
    from generator import tolerate  # the stage `generate` decides with

    decisions = {side: tolerate.triage(documents[side].data, problems[side]) for side in SIDES}
    blocking = {side: [d.problem for d in decisions[side] if d.category == "blocking"]
                for side in SIDES}
    _refuse(documents, blocking)
    chosen = {side: _for_side(documents, side, decisions) for side in SIDES}
    # a side with nothing to act on is compared as loaded; a side repaired shares with it
    # what no repair touches (`tolerate.touched`): no copy of a 13 MB document, and the
    # comparison's `drift.share` merges the loaded new side into the old one, not copies
    repaired = {side: tolerate.apply(documents[side].data, chosen[side], sharing=True)
                if chosen[side] else tolerate.Outcome.untouched(documents[side].data)
                for side in SIDES}
    tolerated = {side: _own(repaired[side].repairs, repaired[side].skipped, documents[side])
                 for side in SIDES}
    return Comparable({side: tolerate.with_data(documents[side], repaired[side].data)
                       for side in SIDES}, tolerated, apart=apart)


def _for_side(documents: dict[str, Document], side: str,
              decisions: dict[str, list[Decision]]) -> list[Decision]:
    """The decisions acted on for `side`: its own, the other side's skips, and the other side's
    repairs of a value this side holds too (the same slip, repaired alike); a repair that moves
    a path first, since the other decisions' pointers name the moved paths."""
    other = "new" if side == "old" else "old"
    data, other_data = documents[side].data, documents[other].data
    shared = [d for d in decisions[other] if d.category == "operation" or (
        d.category == "repairable" and _same_value(data, other_data, d.problem.pointer))]
    every = [*decisions[side], *shared]
    return [*(d for d in every if d.moves_path), *(d for d in every if not d.moves_path)]


def _same_value(data: dict[str, Any], other: dict[str, Any], pointer: str) -> bool:
    if not pointer:
        return False  # a problem of the whole document: each side's own
    found, value = resolve_pointer(data, pointer)
    found_other, value_other = resolve_pointer(other, pointer)
    return found and found_other and equal_json(value, value_other)


def _own(repairs: Iterable[Repaired], skipped: Iterable[Skipped],
         document: Document) -> Tolerated:
    """The repairs this side's own problems asked for (the other side's, applied here too, are
    named under that side), and the operations left out of it."""
    return Tolerated(tuple(r for r in repairs if r.file == str(document.path)),
                     tuple(skipped))


def _side_problems(own: list[Problem], verdict: SpecValidation | None = None) -> list[Problem]:
    """One side's problems as `validate` finds them, from our own checks (`own`) and
    openapi-spec-validator's verdict (from `verdict`'s forked child, or the cache; None: ours
    alone), but for the code-generation-only ones and warnings."""
    from generator.validate import with_validator_problems

    found = with_validator_problems(own, verdict.problems() if verdict is not None else [])
    return [p for p in found if p.severity == "error" and p.code not in CODEGEN_ONLY]


def _refuse(documents: dict[str, Document], problems: dict[str, list[Problem]]) -> None:
    found: list[Problem] = []
    for side in SIDES:
        if problems[side]:
            found += [*problems[side], Problem(
                str(documents[side].path), "", None, "invalid OpenAPI document: not compared",
                "fix it, or pass --no-validate")]
    if found:
        raise GeneratorError(found)

