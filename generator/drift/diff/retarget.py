"""A `$ref` that names another schema on the other side: what changed below it is the change of
the place holding the `$ref` (a property, an item, a branch), not of either component.

Schemas are compared by content, so a field whose `$ref` was re-pointed (`state: $ref StateA`
-> `$ref StateB`), or wrapped (`body: $ref Party` -> `oneOf [{party: $ref Party}, {error}]`),
has its contents compared across the two targets, and each change found there points where
its side's schema literally is: in `StateB` (new: it "lost enum values" it never had) or in
`Party` (unchanged: "property `id` was removed"). Such a change is moved to the place holding
the `$ref` on its side (`/components/schemas/Resp/properties/body`), which resolves there; the
location below it is `Found.reached` (what the message names), and the message says how the
reference changed. The client effect is that field's (`Found.retargeted`: the class it is typed
with changed), not the class it names. A change below a `$ref` that names the same schema on
both sides stays that schema's own (`Party.address: $ref Address`, changed, is `Address`'s).

A retargeted location is told from the walked fields alone: one side's field is a `$ref` (its
literal `pointer` is not where it is declared), and the other side's field at that location is
not a `$ref` to the same target. The differ records them for each schema comparison (below the
locations the walker cut too: `cuts.Compared.places`), then moves the changes whose pointer is
in such a target, innermost `$ref` first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from generator.document.pointer import fragment_pointer, split_pointer, within
from generator.drift.diff.merge import Found
from generator.drift.diff.same import refs_in
from generator.drift.diff.walk import Field, Key

# Retargeted locations: (old field, new field) per location, outermost first (a union's, then
# the branch compared at the same location: `differ.split_union`).
Places = dict[Key, list[tuple[Field, Field]]]


def record(places: Places, old_fields: Mapping[Key, Field],
           new_fields: Mapping[Key, Field]) -> None:
    """Add to `places` the locations of one comparison whose schema is a `$ref` on a side and
    not a `$ref` to the same schema on the other (the whole schema compared, `()`, left out: an
    answer's `$ref UserResponse` -> `$ref User` is the method's return,
    `client._with_return_classes`)."""
    for key, before in old_fields.items():
        after = new_fields.get(key)
        if (key and after is not None and before.pointer != after.pointer
                and (_is_ref(before) or _is_ref(after))):
            places.setdefault(key, []).append((before, after))


# Whether a pointer resolves in the document a side names ("old", "new").
Resolves = Callable[[str, str], bool]


def held_at_fields(found: list[Found], places: Places, resolves: Resolves) -> list[Found]:
    """`found` with each change below a retargeted `$ref` (`places`, by location) moved to the
    place holding it on the change's side; not where the new target replaced the old one
    (`_renamed`)."""
    if not places:
        return found
    # (asked once a pair: a component re-pointed and changed has many changes under it)
    moved = {(id(before), id(after)) for pairs in places.values() for before, after in pairs
             if not _renamed(before, after, resolves)}
    return [_held(f, places, moved) for f in found]


def _renamed(before: Field, after: Field, resolves: Resolves) -> bool:
    """Whether the old `$ref`'s target is gone from the new document and the new one's is not
    in the old (`ExtensionKey` -> `ExtensionKey_v2_1_0` in every holder: Mojaloop's
    api-snippets 17.7.5 -> 18.4.1): a component renamed, and changed, whose changes are said
    once, at the new one (`was`: the old place), not once per holder."""
    return (_is_ref(before) and _is_ref(after) and not resolves("new", before.pointer)
            and not resolves("old", after.pointer))


def _held(f: Found, places: Places, moved: set[tuple[int, int]]) -> Found:
    if f.key is None or f.reached:  # (one taken in through a member's `$ref`: `taken_in`)
        return f
    pointer, reached, place = f.pointer, "", None
    for length in range(len(f.key), 0, -1):  # (the innermost `$ref` first, then outwards)
        location = f.key[:length]
        for before, after in reversed(places.get(location, ())):
            here = before if f.side == "old" else after
            if (_is_ref(here) and within(pointer, here.pointer)
                    and (id(before), id(after)) in moved):
                reached = here.declared_at + (reached or pointer)[len(here.pointer):]
                pointer, place = here.declared_at, (location, before, after)
    if place is None:
        return f
    location, before, after = place
    note = _how_retargeted(location, before, after)
    return replace(f, pointer=pointer, reached="" if reached == pointer else reached,
                   retargeted=True, was=_old_place(f, before, pointer),
                   message=f.message + note, detail=f.detail + note if f.detail else f.detail)


def _is_ref(field: Field) -> bool:
    """Whether the location's schema is a `$ref` (its keywords are elsewhere)."""
    return bool(field.declared_at) and field.pointer != field.declared_at


def _old_place(f: Found, before: Field, pointer: str) -> str:
    """Where the old document holds the location (`Found.was`), for a change of the new side."""
    if f.side == "old":
        return f.was
    was = before.declared_at or before.pointer
    return "" if was == pointer else was


def _how_retargeted(place: Key, before: Field, after: Field) -> str:
    """` (`state` was a `$ref` to `StateA`, now to `StateB`)` and the like."""
    name = _tail_name(place)
    if _is_ref(before) and _is_ref(after):
        return f" (`{name}` was a `$ref` to `{_named(before)}`, now to `{_named(after)}`)"
    if _is_ref(before):
        holding = " holding it" * _references(after.source, before.pointer)
        return f" (`{name}` was a `$ref` to `{_named(before)}`, now {_inline(after)}{holding})"
    return f" (`{name}` was {_inline(before)}, now a `$ref` to `{_named(after)}`)"


def _references(schema: object, target: str) -> bool:
    """Whether the inline `schema` holds a `$ref` to `target` (a union wrapping the old
    `$ref`'s component), at any depth of its own (no `$ref` followed)."""
    return any(fragment_pointer(ref) == target for ref in refs_in(schema))


def _inline(field: Field) -> str:
    return "an inline union" if field.info.union else "an inline schema"


def _named(field: Field) -> str:
    """A `$ref`'s target as a message names it: a component's name, else its pointer."""
    tokens = split_pointer(field.pointer)
    if len(tokens) == 3 and tokens[:2] == ["components", "schemas"]:
        return tokens[2]
    return field.pointer


def _tail_name(place: Key) -> str:
    """The location's name from its last property on (`items[]`), the same wherever a reused
    comparison is re-rooted."""
    start = max((i for i, token in enumerate(place) if token.startswith(".")), default=0)
    return "".join(place[start:]).lstrip(".")
