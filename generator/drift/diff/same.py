"""Schemas that mean the same on both sides, told without walking them.

A provider's new version changes a few components; most operations reference only components
that did not change. Flattening both sides of each such schema, once per operation and media
type, is where the time of a large pair went (GitHub's 22.0.0 -> 23.0.0: about 5 700 schema
pairs, each walked in full). A schema pair whose JSON is equal, and every `$ref` reachable
from it resolves to equal JSON on both sides, flattens to equal fields: the differ finds no
change in it, so it is not walked (`Same.same`).

Each component's answer is computed once per comparison and reused for every path that reaches
it: `_closure_same` caches, per `$ref`, whether everything reachable from it is equal; a cycle
is walked once (the reachable set, not the paths through it, is visited). Equality is the
documents' own JSON equality (descriptions and examples included): a schema whose prose
changed is walked, and its prose change reported, as before.

Strings under a `$ref` key in literal data (an `example` that holds `{"$ref": ...}`) are looked
up too: a value that is not a reference resolves to nothing on both sides (equal), so looking
at more than the walker follows can only send a pair to the walk, never hide a change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from generator.document.refs import Refs
from generator.drift.diff.merge import Found
from generator.drift.diff.rules import Ctx
from generator.drift.diff.walk import Field, Key, SchemaWalker, canonical_json


class Same:
    """Whether an (old, new) schema pair is equal with everything it references."""

    def __init__(self, old_refs: Refs, new_refs: Refs) -> None:
        self.old_refs, self.new_refs = old_refs, new_refs
        self._targets: dict[str, tuple[str, ...] | None] = {}  # None: not equal on both sides
        self._closures: dict[str, bool] = {}

    def same(self, old: Any, new: Any) -> bool:
        """Equal JSON, and every `$ref` reachable from it equal on both sides."""
        if not equal_json(old, new):
            return False
        return all(self._closure_same(ref) for ref in refs_in(old))

    def closure_same(self, start: str) -> bool:
        """Whether `start`'s target, and all it reaches, is equal on both sides."""
        return self._closure_same(start)

    def _closure_same(self, start: str) -> bool:
        known = self._closures.get(start)
        if known is not None:
            return known
        seen, todo, answer = {start}, [start], True
        while todo and answer:
            ref = todo.pop()
            known = self._closures.get(ref) if ref != start else None
            if known is not None:  # all it reaches is known equal, or known not to be
                answer = known
                if known:
                    continue
                break
            inner = self._target_refs(ref)
            if inner is None:
                answer = False
                break
            for found in inner:
                if found not in seen:
                    seen.add(found)
                    todo.append(found)
        self._closures[start] = answer
        return answer

    def _target_refs(self, ref: str) -> tuple[str, ...] | None:
        """The `$ref`s in `ref`'s target when it is equal on both sides (or missing on both),
        else None."""
        if ref not in self._targets:
            found_old, old = self.old_refs.lookup(ref)
            found_new, new = self.new_refs.lookup(ref)
            equal = found_old == found_new and (not found_old or equal_json(old, new))
            self._targets[ref] = tuple(dict.fromkeys(refs_in(old))) if equal else None
        return self._targets[ref]


def equal_json(old: Any, new: Any) -> bool:
    """Whether two values are the same JSON, as the walker compares them (`canonical_json`):
    Python's `==` alone takes `1`, `1.0` and `true` for one another, which would hide a change of
    `const`, `default` or `enum`. Values nested past the interpreter's limit, or that JSON cannot
    spell, are not known equal: they are walked as before."""
    if old is new:
        return True
    try:
        return bool(old == new) and canonical_json(old) == canonical_json(new)
    except (RecursionError, TypeError, ValueError):
        return False


def refs_in(value: Any, extensions: bool = True) -> Iterator[str]:
    """Every string under a `$ref` key in `value`, at any depth (its own stack: documents may
    nest deeper than Python recursion goes); without `extensions`, none under an `x-` key (a
    vendor's annotation, no reference of the document's: Bungie's `x-mapped-definition`,
    `x-enum-reference`), a property of that name excepted."""
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, names = stack.pop()  # (names: a `properties` map, whose keys are no keywords)
        if isinstance(node, Mapping):
            ref = node.get("$ref")
            if isinstance(ref, str):
                yield ref
            stack.extend((v, k == "properties") for k, v in node.items()
                         if isinstance(v, (Mapping, list))
                         and (extensions or names or not str(k).startswith("x-")))
        elif isinstance(node, list):
            stack.extend((v, False) for v in node if isinstance(v, (Mapping, list)))


class Walked:
    """The changes found in an (old schema, new schema) pair at one place (`response 200`,
    `request body`...), kept for every other operation that reaches the same pair there: a
    component used by 300 operations is walked and judged once, not 300 times.

    Only what the pair alone decides is reused: a `$ref`-only schema is keyed by its two
    targets (every pointer a change names is under them), any other by the two objects and
    their pointers (a shared parameter's or response's schema). Each change found is the
    operation's label, `: `, and what changed; reused, it is re-rooted under the label of the
    operation that reaches it, so the report is the one a walk per operation makes."""

    def __init__(self) -> None:
        self._found: dict[tuple[object, ...], tuple[str, list[Found]]] = {}

    @staticmethod
    def key(ctx: Ctx, old: tuple[Any, str], new: tuple[Any, str]) -> tuple[object, ...]:
        """What the changes found in the pair depend on."""
        sides = tuple(_ref_only(schema) or (id(schema), pointer) for schema, pointer in (old, new))
        return (ctx.where, ctx.direction, *sides)

    def get(self, key: tuple[object, ...], op: str) -> list[Found] | None:
        """The changes found in the pair before, as `op` reaches it; None: not walked yet."""
        known = self._found.get(key)
        if known is None:
            return None
        label, found = known
        return [replace(f, op=op, message=op + f.message[len(label):]) for f in found]

    def keep(self, key: tuple[object, ...], op: str, found: list[Found]) -> None:
        """Keep `found` (the pair's changes as `op` reached it), when every one reads as the
        operation's label and what changed (else the pair is walked again where reached)."""
        if all(f.op == op and f.message.startswith(op + ": ") for f in found):
            self._found[key] = (op, [replace(f) for f in found])


def _ref_only(schema: Any) -> tuple[str, str] | None:
    if isinstance(schema, Mapping) and len(schema) == 1 and isinstance(schema.get("$ref"), str):
        return ("$ref", schema["$ref"])
    return None


class Flats:
    """Each side's flattening of a `$ref`-only schema, kept per target: a component reached
    from many operations and places is walked once per side. The walk of a `$ref` that
    resolves depends on its target alone, but for where the reference itself stands (the
    root field's `declared_at`), which is set for each caller. Not kept once a walker has
    passed its budget (`walk.FIELD_BUDGET`): from then on its walks cut what they repeat."""

    def __init__(self) -> None:
        self._fields: dict[tuple[int, str], dict[Key, Field]] = {}

    def flatten(self, walker: SchemaWalker, schema: Any, pointer: str,
                expanded: set[str] | None = None) -> dict[Key, Field]:
        """`walker.flatten(schema, pointer, expanded=expanded)`, from the one walk of its
        target when it has one."""
        ref = _ref_only(schema)
        if ref is None or walker.degraded or not walker.refs.lookup(ref[1])[0]:
            return walker.flatten(schema, pointer, expanded=expanded)
        key = (id(walker), ref[1])
        known = self._fields.get(key)
        if known is None:
            known = walker.flatten(schema, pointer, expanded=expanded)
            if walker.degraded:
                return known
            self._fields[key] = known
        root = known.get(())
        if root is None or root.declared_at == pointer:
            return known
        return {**known, (): replace(root, declared_at=pointer, source=schema)}


class Unkept(Flats):
    """Every schema walked where it is reached (`differ.diff(reuse=False)`)."""

    def flatten(self, walker: SchemaWalker, schema: Any, pointer: str,
                expanded: set[str] | None = None) -> dict[Key, Field]:
        """`walker.flatten(schema, pointer, expanded=expanded)`."""
        return walker.flatten(schema, pointer, expanded=expanded)
