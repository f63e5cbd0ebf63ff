"""Locations the walker did not expand (`Field.cut`): what the differ compares on its own.

Past `walk.FIELD_BUDGET` the walker stops expanding a schema it already expanded, in the same
walk or in any other of the comparison (properties that reference the next schema twice, level
after level, are 2**depth locations; Stripe's expandable fields, `anyOf: [string, $ref]` in
every component, reach 485 components from each operation). A location cut on either side is
compared by comparing its two schemas on their own, under its key; everything the two walks
hold below it is left to that comparison, so that one side's expanded subtree is not read as
properties added or removed against the other's cut.

That comparison expands its two roots and cuts again below them what was expanded before: it
finds the pair's own changes (`Compared.found`) and the cut locations it leaves (`below`), which
the differ compares in turn, each pair once per operation and place, from a work list (not by
recursing: a chain of components is hundreds of pairs long). A pair is compared once for the
whole comparison (`Compared`, kept by `pair_identity`); another operation or location reaching
it takes its changes re-rooted there (`Compared.rerooted`): each shared component is walked once
per side, not once per path or operation reaching it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from generator.drift.diff.merge import Found
from generator.drift.diff.rules import Ctx
from generator.drift.diff.walk import Field, Key

Below = list[tuple[Key, Field, Field]]  # cut locations left to compare: (key, old, new)


def split_cuts(old_fields: dict[Key, Field], new_fields: dict[Key, Field]) -> list[Key]:
    """The cut locations present on both sides, sorted; every location below a cut location
    (on either side) is removed from both maps, in place."""
    cuts = {key for fields in (old_fields, new_fields) for key, f in fields.items() if f.cut}
    if not cuts:
        return []
    # a key's prefixes of the cut keys' lengths only: the others cannot be cut keys (GitHub's
    # pair: 55 000 keys against a few cut keys of one or two lengths)
    lengths = sorted({len(key) for key in cuts})
    for fields in (old_fields, new_fields):
        for key in [k for k in fields if _below(k, cuts, lengths)]:
            del fields[key]
    return sorted(key for key in cuts if key in old_fields and key in new_fields)


def _below(key: Key, cuts: set[Key], lengths: list[int]) -> bool:
    """Whether a proper prefix of `key` is one of `cuts` (whose lengths are `lengths`)."""
    return any(key[:length] in cuts for length in lengths if length < len(key))


def cut_pair(op: str, direction: str, where: str, before: Field, after: Field
             ) -> tuple[str, ...]:
    """What makes two cut locations one comparison: the operation and the place in it (the
    changes found name them), and the two schemas compared."""
    return (op, direction, where, before.pointer, after.pointer)


def walked_from(location: Field) -> tuple[object, str]:
    """(schema, pointer) to walk a cut location's schema from, on its own."""
    return location.source, location.declared_at or location.pointer


def pair_identity(ctx: Ctx, before: Field, after: Field) -> tuple[object, ...]:
    """What the changes found below a cut pair depend on, whatever operation reaches it: the
    place (messages name it), the direction (the verdicts), and each side's schema (its
    literal pointer, and the `$ref` reaching it, or the object itself)."""
    return (ctx.where, ctx.direction, *((f.pointer, _reference(f.source)) for f in (before, after)))


def _reference(source: Any) -> object:
    if isinstance(source, Mapping) and len(source) == 1 and isinstance(source.get("$ref"), str):
        return source["$ref"]
    return id(source)  # (a document's object: `Compared.pair` keeps it alive)


@dataclass(slots=True)
class Compared:
    """A cut pair's comparison, as first made: at `key`, for the operation `op`."""

    key: Key
    op: str
    found: list[Found]
    below: Below
    split: list[Key]  # the unions under it compared branch by branch (`split_union`)
    pair: tuple[Field, Field]
    # the locations under it whose `$ref` names another schema on the other side (`retarget`)
    places: dict[Key, list[tuple[Field, Field]]] = field(default_factory=dict)

    def reusable(self, ctx: Ctx) -> bool:
        """Whether every change reads as the operation, the location and what changed (then
        it can be said of another operation and location), and is under `key`."""
        return all(f.op == self.op and f.key is not None and f.key[:len(self.key)] == self.key
                   and f.message.startswith(f"{self.op}: {ctx.subject(f.key)}")
                   for f in self.found)

    def kept(self) -> Compared:
        """A copy to keep: the changes handed to an operation are changed where its schema
        is judged (`differ`'s `judge`)."""
        return replace(self, found=[replace(f) for f in self.found])

    def rerooted(self, ctx: Ctx, op: str, key: Key) -> Compared:
        """The same comparison as `op` reaches it at `key`: each change's operation, location
        and message, the locations left to compare and the unions split, moved there."""
        cut = len(self.key)

        def moved(at: Key) -> Key:
            return key + at[cut:]

        found = []
        for f in self.found:
            was = f.key or ()  # (never None: `reusable`)
            said = len(f"{self.op}: {ctx.subject(was)}")
            at = moved(was)
            found.append(replace(f, op=op, key=at,
                                 message=f"{op}: {ctx.subject(at)}{f.message[said:]}"))
        return Compared(key, op, found, [(moved(k), b, a) for k, b, a in self.below],
                        [moved(k) for k in self.split], self.pair,
                        {moved(k): pairs for k, pairs in self.places.items()})
