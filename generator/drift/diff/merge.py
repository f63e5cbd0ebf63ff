"""One report per change: the changes found per operation, merged where they are one.

A change inside a shared component is found once per operation that uses it (the differ walks
each operation on its own); ``merge_shared`` keeps one change per (pointer, kind, severity,
side; for a response added or removed, its status too), listing the operations it affects in
``Change.operations``; its message names the component (``schema `Item` property `name`
became nullable``) when several operations share it, the operation otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.document.pointer import split_pointer
from generator.drift.diff.change import Change, Values, severity
from generator.drift.diff.walk import Key


@dataclass
class Found:
    """A change as found while walking one operation, before shared ones are merged."""

    pointer: str
    kind: str
    breaking: bool | None
    message: str  # "POST /v1/x: request body property `a` became nullable"
    detail: str  # "became nullable" (what changed, without operation and subject); "" if none
    op: str  # "POST /v1/x", "" outside operations
    side: str = "new"
    key: Key | None = None  # the schema location, while a schema is being judged
    values: Values = None  # (`Change.values`)
    sent: bool = False  # about what the API sends its consumer (`Change.sent`)
    was: str = ""  # where the old document has it, when elsewhere (`Change.was`)
    unused_breaks: bool | None = None  # (`Change.unused_breaks`)
    reached: str = ""  # where the change is, through the `$ref` at `pointer` (`Change.reached`)
    retargeted: bool = False  # (`Change.retargeted`)


def merge_shared(found: Iterable[Found]) -> list[Change]:
    """One :class:`Change` per distinct change, sorted by pointer then kind.

    A change inside a component (its pointer under ``/components/``) is found once per operation
    that uses it; those are merged into one change at the component, listing the operations. With
    one operation it reads as any other change ("POST /x: request body property `a` ..."); with
    several, it names the component and what changed in it.
    """
    groups: dict[tuple[str, str, str, str, str, str], list[Found]] = {}
    for f in found:
        groups.setdefault((f.pointer, f.kind, severity(f.breaking), f.side, f.reached,
                           _status(f)), []).append(f)
    changes = set()
    for (pointer, kind, level, side, reached, _), members in groups.items():
        operations = tuple(sorted({f.op for f in members if f.op}))
        first = min(members, key=lambda f: f.message)
        if len(operations) > 1 and first.detail:
            message = f"{component_subject(reached or pointer)} {first.detail}"
        elif len(operations) > 1:
            message = first.message.removeprefix(f"{first.op}: ")
        else:
            message = first.message
        changes.add(Change(pointer, kind, level, message, side, operations,
                           detail=first.detail, values=first.values,
                           sent=all(f.sent for f in members), was=first.was,
                           unused_breaks=first.unused_breaks, reached=reached,
                           retargeted=first.retargeted))
    return sorted(changes)


_STATUS_KINDS = frozenset({"response-added", "response-removed", "success-response-removed"})


def _status(found: Found) -> str:
    """The status of a response added or removed: a `components/responses` entry is one
    pointer for every operation answering with it, yet gained as a `204` by one operation and
    as a `405` by another (Gitea's `empty`) it is two changes; merged, the `204` went unsaid
    (with what it does to the method's return)."""
    if found.kind not in _STATUS_KINDS:
        return ""
    return found.message.removeprefix(f"{found.op}: ")


def component_subject(pointer: str) -> str:
    """``/components/schemas/Usage/properties/a/items`` -> "schema `Usage` property `a[]`"."""
    tokens = split_pointer(pointer)
    if len(tokens) < 3 or tokens[0] != "components":
        return f"`{pointer}`"
    section = {"schemas": "schema", "parameters": "parameter", "requestBodies": "request body",
               "responses": "response", "headers": "header"}.get(tokens[1], tokens[1])
    path, rest = "", tokens[3:]
    i = 0
    while i < len(rest):
        token = rest[i]
        if token == "properties" and i + 1 < len(rest):
            path += "." + rest[i + 1]
            i += 2
            continue
        if token in ("content", "allOf", "oneOf", "anyOf") and i + 1 < len(rest):
            i += 2  # a media type or a member: not part of the location's name
            continue
        path += {"items": "[]", "additionalProperties": "{}"}.get(token, "")
        i += 1
    subject = f"{section} `{tokens[2]}`"
    return subject + (f" property `{path.lstrip('.')}`" if path else "")
