"""Locations the walker did not expand (`Field.cut`): what the differ compares on its own.

Past `walk.FIELD_BUDGET` the walker stops expanding a schema it already expanded in the same
walk (properties that reference the next schema twice, level after level, are 2**depth
locations). A location cut on either side is compared by comparing its two schemas once, under
its key; everything the two walks hold below it is left to that comparison, so that one side's
expanded subtree is not read as properties added or removed against the other's cut.
"""

from __future__ import annotations

from generator.drift.diff.walk import Field, Key


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

