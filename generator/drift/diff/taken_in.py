"""Where a schema takes in what another component declares: the member (`allOf`, `oneOf`,
`anyOf`) whose `$ref` leads there.

A property a schema gained or lost by referencing a component, or no longer, is its change, not
the component's (`User: allOf [{id}, $ref Credentials]` became `User: {id}`: `User` lost
`email`; `Credentials` still declares it). The differ reports it at that member, the place in
the schema that resolves in the document (`/components/schemas/User/allOf/1`), and names the
property below it through the `$ref` (`Change.reached`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.document.pointer import join_tokens, resolve_pointer, within
from generator.document.refs import Refs
from generator.drift.diff.walk import Json, literal_pointer

_COMPOSED = ("allOf", "oneOf", "anyOf")


@dataclass(frozen=True)
class TakenIn:
    """A location a schema takes in through one of its members' `$ref`s."""

    member: str  # the member holding the `$ref` (`/components/schemas/User/allOf/1`)
    reached: str  # the location through it (`/components/schemas/User/allOf/1/properties/email`)
    owner: str  # the component declaring it (`/components/schemas/Credentials`)


def member_taking_in(refs: Refs, pointer: str, owner: str) -> str | None:
    """The member of the schema at `pointer` (searched through inline members) whose `$ref`
    chain reaches the component `owner`, or None where none does."""
    found, schema = resolve_pointer(refs.data, pointer)
    return _member_in(refs, schema, pointer, owner, set()) if found else None


def _member_in(refs: Refs, schema: Json, pointer: str, owner: str, seen: set[str]) -> str | None:
    if not isinstance(schema, Mapping):
        return None
    for keyword in _COMPOSED:
        members = schema.get(keyword)
        if not isinstance(members, list):
            continue
        for index, member in enumerate(members):
            at = join_tokens(pointer, keyword, str(index))
            if _reaches(refs, member, at, owner, seen):
                return at
    return None


def _reaches(refs: Refs, schema: Json, pointer: str, owner: str, seen: set[str]) -> bool:
    """Whether `schema` (at `pointer`) is `owner`, inside it, or takes it in through its own
    members (a cycle is walked once: `seen`)."""
    target = literal_pointer(refs, schema, pointer)
    if within(target, owner):
        return True
    if target in seen:
        return False
    seen.add(target)
    found, node = resolve_pointer(refs.data, target)
    return found and _member_in(refs, node, target, owner, seen) is not None
