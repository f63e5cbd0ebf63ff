"""What is breaking, field by field: the rules the differ applies to a schema location that
exists in both documents.

A change breaks a REQUEST when the new server rejects what old callers send (a bound tightened,
a type narrowed, an enum value removed, a property became required...), and a RESPONSE when the
generated client rejects or mistypes what the new server sends (the reverse: a bound relaxed, a
type widened, a branch added...). How documents are matched and pointers chosen is in
`differ`'s docstring.

Decisions where the OpenAPI specification is silent
----------------------------------------------------
* Enum value added in a response: NON-BREAKING (``enum-value-added-response``) for the clients
  this project generates. datamodel-code-generator emits closed ``Enum``/``Literal`` types, but
  responses go through the tolerant parser (``templates/runtime/_parse.py``): when strict
  validation fails, an unlisted enum value is kept as a plain ``str`` instead of raising. Code
  that matches on the enum may still see a value it does not know, which is why the change is
  reported at all. Set ``RESPONSE_ENUM_ADDED_BREAKING = True`` for clients that parse strictly.
  Enum value removed from a response: non-breaking. Enum constraint added to a request field:
  breaking; removed from a request: non-breaking; the reverse for responses.
* Type narrowed in a RESPONSE (number -> integer): non-breaking, every value the new server
  sends was valid before. Type widened in a request: non-breaking (``type-widened``).
* Request property removed: breaking (the SDK silently drops the value). Response property
  removed: breaking, required or not.
* ``oneOf``/``anyOf`` branch added: request non-breaking, response breaking; branch removed:
  request breaking, response non-breaking -- unless ``subsume`` proves the other branches
  cover it (one branch replacing two it covers, an enum rewritten as single-value branches,
  ``array[A]`` becoming ``array[A] | array[B]`` in a request): then non-breaking. A switch
  between ``oneOf`` and ``anyOf`` is ignored (``oneOf`` is read as ``anyOf``, as pydantic
  unions do).
* A union's constraints are those every branch has, at the loosest branch's value, so that
  branches bounded alike merged into one bounded schema are no change.
* ``additionalProperties``: ``false`` added in a request is breaking
  (``additional-properties-disallowed``) when the old schema declared additional properties
  (``true`` or a schema); when it said nothing, possibly breaking: every value made of the
  declared properties still passes (a generated client sends only those, unless the caller adds
  undeclared keys through ``extra_body``). Removed is non-breaking; response changes are
  non-breaking (generated clients tolerate unknown keys). A map's value schema is compared
  recursively under ``/additionalProperties``.
* Array items are compared recursively under ``/items`` (display name ``[]``).
* Constraints (maxLength, maximum, minItems, pattern, multipleOf, uniqueItems, format, ...):
  tightened in a request breaking, relaxed non-breaking; in a response the opposite (generated
  models validate constraints, so a relaxed response bound can reject new data). A ``format``
  added tightens, removed relaxes; one format for another is a known widening (``int32`` ->
  ``int64``, ``email`` -> ``idn-email``), its reverse, or possibly breaking (``date`` ->
  ``date-time``: nothing tells how a server checks either). The generated type may change with
  it (``str`` -> ``datetime``): the change's client effect says so.
* ``readOnly`` gained by a request property, or ``writeOnly`` by a response property: breaking,
  the generated request (response) model leaves the property out, as if it were removed; lost:
  as if added (breaking for a required request property). The flags elsewhere (``readOnly``
  in a response...) change nothing sent or read: non-breaking.
* ``default`` changed, ``title``/``description``/``summary``/``example``/``deprecated`` changed,
  ``operationId`` changed: non-breaking (the wire contract is unchanged; a changed generated
  method name is caught by the regenerate-and-diff gate).
* Request body removed or added as required, media type removed (request, or a 2xx
  response): breaking; a removed request body none of whose media types had a schema is not
  (nothing was sent in it). Non-2xx response or its media type removed: non-breaking; any response
  added: non-breaking.
* Servers: the first server URL changing or any old URL disappearing is breaking
  (``server-changed``); only adding alternatives is ``server-added``, non-breaking. An
  effective security requirement (root or operation) that changed is breaking when some caller
  meeting an old alternative (its schemes, its scopes) meets no new one: a scope or a scheme
  now asked for, an alternative gone. An alternative added, a scope dropped, an empty
  alternative (``{}``) or no requirement at all are non-breaking. A security scheme's
  definition changed is breaking unless only its hints changed (``bearerFormat``, the scopes
  its flows list).
* Components: ``component-renamed`` (same content, new name), ``component-removed`` and
  ``component-added`` are non-breaking info; their wire effects are reported at operations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from generator.drift.diff.change import Values
from generator.drift.diff.walk import (
    LOWER_BOUNDS,
    UPPER_BOUNDS,
    Field,
    Json,
    Key,
    SchemaInfo,
    display_name,
    is_property,
)

Direction = Literal["request", "response"]
# (pointer, kind, breaking, message, detail, side, values): how a rule reports a change to the
# differ. breaking None: undecided ("possibly breaking"); detail: the message without operation
# and subject ("became nullable"); side: "old" when the pointer is into the old document;
# values: `Change.values`.
AddChange = Callable[[str, str, "bool | None", str, str, str, Values], None]

# Generated clients parse responses tolerantly (an unlisted enum value is kept as a str), so a
# response enum value added is not breaking for them; True for clients that parse strictly.
RESPONSE_ENUM_ADDED_BREAKING = False


@dataclass(frozen=True)
class Ctx:
    """Where a schema is compared, and which way its data flows."""

    op: str  # "POST /v1/completions"
    where: str  # "request body", "parameter `model`", "response 200"
    direction: Direction

    def subject(self, key: Key) -> str:
        return f"{self.where} property `{display_name(key)}`" if key else self.where


def _accepts(types: frozenset[str], t: str) -> bool:
    """Whether a value of JSON type `t` is valid for `types` (empty: any; integers are numbers)."""
    return not types or t in types or (t == "integer" and "number" in types)


def _covers(a: frozenset[str], b: frozenset[str]) -> bool:
    """Every value of a type in ``b`` is valid for ``a``."""
    if not b:
        return not a
    return all(_accepts(a, t) for t in b)


def _tightened(keyword: str, old: Json, new: Json) -> bool | None:
    """Whether changing the constraint `keyword` from `old` to `new` rejects more values;
    None when that cannot be told (one pattern for another: neither language is known to
    contain the other)."""
    if keyword in UPPER_BOUNDS:
        return new is not None and (old is None or new < old)
    if keyword in LOWER_BOUNDS:
        return new is not None and (old is None or new > old)
    if keyword == "pattern" and old is not None and new is not None:
        return None
    if keyword == "multipleOf" and old is not None and new is not None:
        return not float(new / old).is_integer() if old else None
    if keyword == "format" and old is not None and new is not None:
        return _format_tightened(old, new)
    return new is not None  # pattern / multipleOf / uniqueItems added (removed: relaxed)


# Formats whose values all are values of a wider one: (narrower, wider).
_FORMAT_WIDENINGS = frozenset({
    ("int32", "int64"), ("float", "double"), ("email", "idn-email"), ("hostname", "idn-hostname"),
    ("uri", "iri"), ("uri-reference", "iri-reference"),
})


# A missing format, and those naming the range any value has in practice (JSON parsers read
# integers as 64-bit, numbers as doubles): one for another narrows nothing anybody sends.
_PRACTICAL_FORMATS = frozenset({None, "int64", "double"})


def _format_tightened(old: Json, new: Json) -> bool | None:
    """Whether one `format` for another rejects more values: False for a known widening
    (`int32` -> `int64`), True for its reverse, None for any other pair (`date` and `uuid`
    share no values, but an unknown format is checked by nobody: neither is decided)."""
    if (old, new) in _FORMAT_WIDENINGS:
        return False
    if (new, old) in _FORMAT_WIDENINGS:
        return True
    return None


def unchanged(old: SchemaInfo, new: SchemaInfo) -> bool:
    """Whether `FieldDiff` finds nothing between fields meaning `old` and `new`: every rule
    compares a part of them, and equal parts report nothing (GitHub's pair: 27 800 of 28 200
    fields compared). Equal records are not quite that: comparing two records takes an object
    for equal to itself, where a rule's `==` does not for a NaN (PyYAML reads every `.nan` of
    a document as one object), so a record holding a value unequal to itself (a bound, a
    description, a title: the parts kept as the document spells them) goes to the rules."""
    return old == new and _equal_to_itself(new.description) and _equal_to_itself(new.title) \
        and all(_equal_to_itself(value) for _, value in new.constraints)


def _equal_to_itself(value: Json) -> bool:
    return bool(value == value)  # noqa: PLR0124  # (the point: a NaN is not)


class FieldDiff:
    """Compares one field present on both sides; every change found goes to `add`."""

    def __init__(self, add: AddChange, ctx: Ctx, old: Field, new: Field) -> None:
        self.report, self.ctx, self.old, self.new = add, ctx, old, new
        self.request = ctx.direction == "request"

    def add(self, kind: str, breaking: bool | None, message: str, pointer: str | None = None,
            side: str = "new", values: Values = None) -> None:
        # the field's name spelt only for a change (most fields compared have none)
        subject = self.ctx.subject(self.new.key)
        self.report(pointer or self.new.pointer, kind, breaking,
                    f"{self.ctx.op}: {subject} {message}", message, side, values)

    def run(self) -> None:
        self.required()
        self.nullable()
        if self.old.info.union or self.new.info.union:
            self.branches()
        else:
            self.types()
        self.enum()
        self.constraints()
        self.discriminator()
        self.access()
        self.closed()
        self.documentation()

    def required(self) -> None:
        old, new = self.old.info.required, self.new.info.required
        if not is_property(self.new.key) or old == new:
            return
        direction = self.ctx.direction
        at = self.new.declared_at or self.new.pointer  # required is its parent's keyword
        if new:
            self.add(f"{direction}-property-became-required", self.request, "became required", at)
        else:
            self.add(f"{direction}-property-became-optional", not self.request, "became optional",
                     at)

    def nullable(self) -> None:
        old, new = self.old.info.nullable, self.new.info.nullable
        if old == new or _takes_anything(self.new.info if old else self.old.info):
            return  # (a schema of any type, `{}`, takes null without saying so)
        direction = self.ctx.direction
        if new:
            self.add(f"{direction}-property-became-nullable", not self.request, "became nullable")
        else:
            self.add(f"{direction}-property-became-not-nullable", self.request,
                     "became not nullable")

    def types(self) -> None:
        old, new = self.old.info.types, self.new.info.types
        if _covers(old, new) and _covers(new, old):
            return
        change = f"type changed from {self.old.info.label} to {self.new.info.label}"
        if _covers(new, old):
            self.add("type-widened", not self.request, change)
        elif _covers(old, new):
            self.add("type-narrowed", self.request, change)
        else:
            self.add("type-changed", True, change)

    def branches(self) -> None:
        """Branch multisets; a non-union side counts as one branch per type."""
        old_labels, old_pointers = _branch_view(self.old)
        new_labels, new_pointers = _branch_view(self.new)
        union = _union_kind(self.new.info.union or self.old.info.union)
        old, new = Counter(old_labels), Counter(new_labels)
        for label, count in sorted((new - old).items()):
            for pointer in [p for lbl, p in new_pointers if lbl == label][-count:]:
                self.add(f"{union}-branch-added", not self.request, f"gained a branch ({label})",
                         pointer)
        for label, count in sorted((old - new).items()):
            for pointer in [p for lbl, p in old_pointers if lbl == label][-count:]:
                self.add(f"{union}-branch-removed", self.request, f"lost a branch ({label})",
                         pointer, side="old")

    def enum(self) -> None:
        old, new = self.old.info.enum, self.new.info.enum
        if old == new or (old is not None and new is not None and set(old) == set(new)):
            return
        direction = self.ctx.direction
        if old is None:
            self.add("enum-constraint-added", self.request,
                     f"is now restricted to {_values(new or ())}")
        elif new is None:
            self.add("enum-constraint-removed", not self.request, "is no longer an enum")
        else:
            added = [v for v in new if v not in old]
            removed = [v for v in old if v not in new]
            if added:
                breaking = RESPONSE_ENUM_ADDED_BREAKING and not self.request
                self.add(f"enum-value-added-{direction}", breaking,
                         f"gained enum value(s) {_values(added)}")
            if removed:
                self.add(f"enum-value-removed-{direction}", self.request,
                         f"lost enum value(s) {_values(removed)}")

    def constraints(self) -> None:
        old, new = dict(self.old.info.constraints), dict(self.new.info.constraints)
        for keyword in sorted(set(old) | set(new)):
            before, after = old.get(keyword), new.get(keyword)
            if before == after:
                continue
            if keyword == "format" and self.old.info.types != self.new.info.types:
                continue  # (`number`/`float` -> `integer`: the type's change says what breaks)
            if keyword == "format" and {before, after} <= _PRACTICAL_FORMATS:
                self.add("format-changed", False, f"format changed from {before} to {after} "
                         "(the range every value has in practice)")
                continue
            tightened = _tightened(keyword, before, after)
            change = f"{keyword} changed from {before} to {after}"
            if tightened is None:
                self.add(f"constraint-changed-{self.ctx.direction}", None,
                         change + " (neither is known to accept all the other does)")
                continue
            kind = f"constraint-{'tightened' if tightened else 'relaxed'}-{self.ctx.direction}"
            self.add(kind, tightened == self.request, change)

    def discriminator(self) -> None:
        """The tag a union is told apart by: another property breaks both ways (a server reads,
        a client picks by, the other one); a tag value removed breaks a request, one added a
        response only as an enum value added does (unknown tags parse as plain data)."""
        old, new = self.old.info.discriminator, self.new.info.discriminator
        if old == new or not (self.old.info.union and self.new.info.union):
            return  # gained or lost with the union itself: its branches say what changed
        if new is None and old is not None:
            self.add("discriminator-removed", False, f"is no longer told apart by `{old[0]}`")
            return
        if old is None and new is not None:
            # a request value must now carry a tag its server maps (does every old one? not
            # decided); a response is parsed by its tag when one maps, else as before
            self.add("discriminator-added", None if self.request else False,
                     f"is now told apart by `{new[0]}`")
            return
        if old is None or new is None:
            return
        if old[0] != new[0]:
            self.add("discriminator-property-changed", True,
                     f"is now told apart by `{new[0]}` (was `{old[0]}`)")
            return
        removed = [tag for tag in old[1] if tag not in new[1]]
        added = [tag for tag in new[1] if tag not in old[1]]
        if removed:
            self.add("discriminator-value-removed", self.request,
                     f"no longer takes {old[0]} {_values(removed)}")
        if added:
            self.add("discriminator-value-added",
                     RESPONSE_ENUM_ADDED_BREAKING and not self.request,
                     f"now also takes {new[0]} {_values(added)}")

    def access(self) -> None:
        """`readOnly` in a request and `writeOnly` in a response take a property out of the
        generated models (`<Name>Request`, `<Name>Response`): gaining one there is a property
        removed (breaking), losing one a property added; elsewhere the flag changes nothing
        that is sent or read, and is said as a non-breaking change."""
        if not is_property(self.new.key):
            return
        flags = (("readOnly", "read-only", self.old.info.read_only, self.new.info.read_only),
                 ("writeOnly", "write-only", self.old.info.write_only, self.new.info.write_only))
        for keyword, spelt, before, after in flags:
            if before == after:
                continue
            drops = self.request == (keyword == "readOnly")  # the direction the flag hides it in
            direction = self.ctx.direction
            if after:
                hidden = " (no longer " + ("sent" if self.request else "returned") + ")"
                self.add(f"{direction}-property-became-{spelt}", drops,
                         f"became {keyword}" + (hidden if drops else ""))
            else:
                # sent (returned) again, as a property added is: a required one is a value every
                # old request lacks (the generated method's argument is required now)
                required = drops and self.request and self.new.info.required
                shown = (" (now " + ("sent" if self.request else "returned")
                         + (", as required" if required else "") + ")") if drops else ""
                self.add(f"{direction}-property-no-longer-{spelt}", required,
                         f"is no longer {keyword}" + shown)

    def closed(self) -> None:
        old, new = self.old.info.closed, self.new.info.closed
        if old == new:
            return
        if not new:
            self.add("additional-properties-allowed", False, "now accepts additional properties")
        elif self.request and not self.old.info.open_declared:
            # The old schema never said undeclared keys were welcome: every value built from
            # its declared properties (what a generated client's arguments send) still passes;
            # only one carrying keys the document never named (`extra_body`) is rejected now.
            self.add("additional-properties-disallowed", None,
                     "no longer accepts additional properties (the old schema declared none: "
                     "only properties it never named are rejected)")
        else:
            self.add("additional-properties-disallowed", self.request,
                     "no longer accepts additional properties")

    def documentation(self) -> None:
        old, new = self.old.info, self.new.info
        for kind, before, after in (
            ("default-changed", old.default, new.default),
            ("example-changed", old.examples, new.examples),
        ):
            if before != after:
                self.add(kind, False, f"{kind.split('-')[0]} changed from {before or 'unset'} "
                                      f"to {after or 'unset'}", values=(before, after))
        if old.description != new.description:
            self.add("description-changed", False,
                     f"description changed ({_short(new.description)})")
        if old.title != new.title:  # (short: both said, as a rename is)
            self.add("title-changed", False, f"title changed from {_short(old.title, 40, 'unset')} "
                                             f"to {_short(new.title, 40, 'unset')}")
        if old.deprecated != new.deprecated:
            self.add("deprecation-changed", False, f"deprecated is now {new.deprecated}",
                     values=flag_values(old.deprecated, new.deprecated))


def _branch_view(f: Field) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    if f.info.union:
        return f.info.branches, list(f.branch_pointers)
    labels = tuple(sorted(f.info.types)) or ("any",)
    return labels, [(label, f.pointer) for label in labels]


def _short(text: str | None, limit: int = 60, empty: str = "removed") -> str:
    if not text:
        return empty
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _union_kind(keyword: str) -> str:
    return "any-of" if keyword == "anyOf" else "one-of"


def _values(values: Iterable[str]) -> str:
    return ", ".join(values)


def flag_values(before: object, after: object) -> Values:
    """A boolean flag's values as `Change.values` spells them (JSON text)."""
    return ("true" if before else "false", "true" if after else "false")


def _takes_anything(info: SchemaInfo) -> bool:
    """Whether a schema takes any value, null included: no type, no enum (or `const`), no
    union (an `enum` without `type` takes no null it does not list)."""
    return not info.types and info.enum is None and not info.union
