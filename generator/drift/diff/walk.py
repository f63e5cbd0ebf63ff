"""The one schema walker: every schema flattened into fields, 3.0 and 3.1 spellings made equal.

Used by the differ (two documents) and by the comparison table (one operation per provider), so
both see the same normalisation and the same `$ref` handling.

* Schemas are compared by content, never by `$ref` name. `SchemaWalker` flattens a schema into
  fields keyed by their structural location (`.usage`, `.choices`, `[]`, `.text`...). Internal
  `$ref`s are followed (leniently, by `spec.refs.Refs.deref`); a `$ref` already being expanded on
  the current branch stops the walk there (recursive schemas terminate, the cut node is marked
  `recursive`).
* Normalisation makes 3.0 and 3.1 spellings compare equal: `nullable: true`, `type: [x,
  "null"]`, `oneOf`/`anyOf` with a `{type: "null"}` branch, `allOf: [$ref]` + `nullable`;
  `const` is a one-value enum; `null` is dropped from enums; 3.0 boolean
  `exclusiveMinimum/Maximum` become the 3.1 numeric form; a schema without `type` but with
  `properties` is an object, with `items` an array; `example` and `examples` are one list.
* `allOf` is merged (required = union). A `oneOf`/`anyOf` with a single non-null branch is that
  branch; one whose branches only list values (`const`, `enum`) is an enum of them. A real
  union (>= 2 non-null branches) merges the branches' properties into one key
  space (a property is required when every branch that declares it requires it), its type is
  the union of branch types, and the branches' shallow types are kept to compare branch
  multisets. A location declared by several members (a property in two branches, the items of
  two array branches, a property in two allOf members) is walked in every member and merged.

The operation helpers (which paths, parameters and media types the differ pairs) are in
``pairing``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from dataclasses import field as dataclass_field
from typing import Any

from generator.document.pointer import (
    escape_token,
    fragment_pointer,
    join_tokens,
    unescape_token,
)
from generator.document.refs import MAPPINGS, Refs
from generator.problems import GeneratorError, Problem

Json = Any
Key = tuple[str, ...]

MAX_DEPTH = 64  # a schema nested deeper is cut there, like a cycle (marked `recursive`)
# Locations one walk flattens before the walker stops expanding what it already expanded: a
# schema whose properties reference the next schema twice, level after level, has 2**depth
# locations. Past it (for the rest of the walker's life) a location whose schema was already
# walked is a `cut` field, and the differ compares its schema once, on its own (a schema any
# of the differ's walks expanded: `walk`'s `expanded`, so that each comparison of a cut pair
# expands what no other did, not all that schema reaches again).
FIELD_BUDGET = 10_000
# Shapes kept for reuse (a pure function of schema, stack and depth), then all let go: on GitHub's
# pair `diff`'s parent peaks ~13 MiB lower with 3 000 than with 10 000, for no CPU measured
# (with 50 000 the comparison alone peaked at 63 MiB, with 10 000 at 40).
SHAPE_MEMO = 3_000
# Schema meanings one walk builds: a schema reached by many different `$ref` paths (diamonds,
# level after level) is rebuilt per path, as its cycle check depends on the path. Past it the
# walk is refused (a located error), rather than answered from a schema cut short.
SHAPE_BUILDS = 50_000
MAX_LABEL = 2_000  # characters of a rendered type ("string | array[integer]")
# The constraint keywords a field carries; whether a change tightens one is in `rules`.
UPPER_BOUNDS = ("maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum")
LOWER_BOUNDS = ("minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum")
# `format` narrows what a string or number may be (`date-time`, `int32`); a change of it
# also changes the generated type (`str` -> `datetime`): compared as a constraint
OTHER_CONSTRAINTS = ("pattern", "multipleOf", "uniqueItems", "format")
_CONSTRAINTS = (*UPPER_BOUNDS, *LOWER_BOUNDS, *OTHER_CONSTRAINTS)  # (in the order kept)
_CONSTRAINT_SET = frozenset(_CONSTRAINTS)
_NO_DEFAULT: Json = object()


# The walker's records are kept by the tens of thousands to the end of a comparison (memoised
# shapes, their children, the flattened fields of each component): slots, not a `__dict__`
# each (GitHub's pair: the differ's peak 89 -> 82 MiB, and ~5% of its CPU in allocations).
# Not frozen, though never changed once made (a changed copy is `dataclasses.replace`'s): a
# frozen dataclass's `__init__` sets each of its 19 fields through `object.__setattr__`, 2.8
# against 0.8 us a record, and the walker makes one per field (56 000 on GitHub's pair).
# `unsafe_hash`: hashed as the frozen record was, from its fields.
@dataclass(slots=True, unsafe_hash=True)
class SchemaInfo:
    """What one flattened schema node means on the wire (version-independent)."""

    types: frozenset[str]  # shallow JSON types without "null"; empty = any
    label: str  # rendered type, e.g. "string | array[string]"
    nullable: bool
    required: bool  # required in its parent object (items/map values: True)
    enum: tuple[str, ...] | None  # JSON-encoded values, declared order, no null
    default: str | None  # JSON-encoded
    constraints: tuple[tuple[str, Json], ...]
    closed: bool  # additionalProperties: false (or unevaluatedProperties: false)
    open_declared: bool  # additionalProperties: true or a schema, said in so many words
    union: str  # "oneOf" / "anyOf" when >= 2 non-null branches, else ""
    branches: tuple[str, ...]  # sorted shallow labels of the union branches
    description: str | None
    title: str | None
    examples: str | None  # JSON-encoded list
    deprecated: bool
    recursive: bool  # the walk stopped here (cycle or depth)
    read_only: bool = False  # never sent: the generated request models leave it out
    write_only: bool = False  # never returned: the generated response models leave it out
    # (propertyName, the tag values it maps, sorted): how a union picks its branch
    discriminator: tuple[str, tuple[str, ...]] | None = None


@dataclass(frozen=True, slots=True)
class Field:
    """One structural location of a flattened schema, where it is, and what it means."""

    key: Key  # structural location: (".usage", ".prompt_tokens"), (".choices", "[]", ".text")
    pointer: str  # where the schema literally is: the target of its `$ref`, if it has one
    info: SchemaInfo
    declared_at: str = ""  # where the location is declared (a property's `$ref`, not its target)
    branch_pointers: tuple[tuple[str, str], ...] = ()  # (shallow label, pointer) per branch
    # The schema(s) declaring this location, as one JSON schema (for `subsume`).
    source: Json = dataclass_field(default=None, compare=False, hash=False)
    # Not expanded: its schema was already walked (past `FIELD_BUDGET`); what is below it is
    # compared by comparing `source` on its own.
    cut: bool = dataclass_field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class _Child:
    """A sub-schema to walk, or (``parts``) the same location declared by several members."""

    schema: Json
    pointer: str
    stack: frozenset[str]
    parts: tuple[_Child, ...] = ()
    mode: str = ""  # "all" (allOf members) or "any" (union branches) when parts are set


def _combine(a: _Child | None, b: _Child | None, mode: str) -> _Child | None:
    """One location declared by two members: both are walked, merged per ``mode``. A schema
    declaring it twice (the same object at the same place, through two members that
    reference it) is one part: X and X is X, and members referencing the same schema level
    after level would otherwise double the parts per level."""
    if a is None or b is None:
        return a or b
    every = (a.parts if a.mode == mode else (a,)) + (b.parts if b.mode == mode else (b,))
    distinct: dict[tuple[object, ...], _Child] = {}
    for part in every:
        distinct.setdefault(_part_identity(part), part)
    parts = tuple(distinct.values())
    if len(parts) == 1:
        return parts[0]
    return _Child(None, a.pointer, a.stack, parts, mode)


def _part_identity(part: _Child) -> tuple[object, ...]:
    """Parts are one when they are the same schema object at the same place, whatever `$ref`
    path reached it (the first one's path is kept for its cycle check)."""
    if part.parts:
        return ("parts", id(part))
    return (id(part.schema), part.pointer)


@dataclass(slots=True)
class _Shape:
    """One schema's meaning while it is being built: its own keywords, then allOf/oneOf/anyOf
    members merged in."""

    types: list[str] = field(default_factory=list)
    nullable: bool = False
    enum: list[Json] | None = None
    default: Json = _NO_DEFAULT
    constraints: dict[str, Json] = field(default_factory=dict)
    docs: dict[str, Json] = field(default_factory=dict)
    properties: dict[str, _Child] = field(default_factory=dict)
    required: set[str] = field(default_factory=set)
    items: _Child | None = None
    extra: _Child | None = None
    closed: bool = False
    open_declared: bool = False
    union: str = ""
    branches: list[tuple[str, str]] = field(default_factory=list)
    branch_labels: list[str] = field(default_factory=list)
    recursive: bool = False
    label: str = "any"
    pointer: str = ""  # literal pointer of the schema (after its `$ref`s)
    read_only: bool = False
    write_only: bool = False
    discriminator: tuple[str, tuple[str, ...]] | None = None


def canonical_json(value: Json) -> str:
    """One spelling of a JSON value (keys sorted): how values and schemas are compared."""
    return _CANONICAL.encode(value)


# what `json.dumps(value, sort_keys=True, ensure_ascii=False)` spells, without the encoder
# it makes on every call for those options (50 000 calls on GitHub's pair, most of them for
# one enum value); `encode` keeps no state between calls
_CANONICAL = json.JSONEncoder(sort_keys=True, ensure_ascii=False)


def without_docs(value: Json) -> Json:
    """`value` without its `description` keys, at any depth: two values that differ only in
    prose compare equal."""
    if isinstance(value, Mapping):
        return {k: without_docs(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [without_docs(v) for v in value]
    return value


def declared_types(node: Mapping[str, Json]) -> tuple[list[str], bool]:
    """(types without "null", nullable) a schema declares, 3.0 and 3.1 spellings alike; an object
    or array by its keywords when `type` is absent, [] for any type."""
    raw = node.get("type")
    listed = [raw] if isinstance(raw, str) else [t for t in raw or [] if isinstance(t, str)]
    types = [t for t in listed if t != "null"]
    if listed and not types:
        return ["null"], True  # `type: null` alone: only null (not "any type")
    if not types and "type" not in node:
        if "properties" in node or "additionalProperties" in node:
            types = ["object"]
        elif "items" in node:
            types = ["array"]
    return types, "null" in listed or node.get("nullable") is True


def constraints_of(node: Mapping[str, Json]) -> dict[str, Json]:
    """The bounds a schema sets (lengths, sizes, numbers, pattern, step, uniqueness), 3.0's
    boolean `exclusiveMaximum` read as 3.1's number; bounds every value meets left out."""
    if _CONSTRAINT_SET.isdisjoint(node):
        return {}  # most schemas set none: one look at the keys, not fourteen
    found = {
        k: node[k]
        for k in _CONSTRAINTS
        if k in node and not isinstance(node[k], bool)
    }
    for zero in ("minLength", "minItems", "minProperties"):
        if found.get(zero) == 0:
            del found[zero]  # the bound every value meets: no constraint
    if node.get("uniqueItems") is True:
        found["uniqueItems"] = True
    for exclusive, inclusive in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
        if node.get(exclusive) is True and inclusive in node:  # OpenAPI 3.0 boolean form
            found[exclusive] = found.pop(inclusive)
    return found


_SCHEMA_REF = "#/components/schemas/"


def discriminator_of(node: Mapping[str, Json]) -> tuple[str, tuple[str, ...]] | None:
    """The union's `discriminator`: its property and the tag values that pick a branch, those
    of `mapping` and, for a branch no mapping value names, its component's name (OpenAPI's
    implicit mapping: renaming that component changes the tag). None without one."""
    found = node.get("discriminator")
    if found is None or not isinstance(found, MAPPINGS) \
            or not isinstance(found.get("propertyName"), str):
        return None
    given = found.get("mapping")
    mapping: Mapping[str, Json] = given if isinstance(given, Mapping) else {}
    named = {str(value) for value in mapping.values()}
    tags = {str(key) for key in mapping}
    for keyword in ("oneOf", "anyOf"):
        for branch in node.get(keyword) or []:
            ref = branch.get("$ref") if isinstance(branch, Mapping) else None
            if isinstance(ref, str) and ref.startswith(_SCHEMA_REF) and ref not in named:
                tags.add(unescape_token(ref[len(_SCHEMA_REF):]))
    return found["propertyName"], tuple(sorted(tags))


def _examples(node: Mapping[str, Json]) -> list[Json] | None:
    if isinstance(node.get("examples"), list):
        return list(node["examples"])
    if "example" in node:
        return [node["example"]]
    return None


def _own_shape(node: Mapping[str, Json], pointer: str, stack: frozenset[str]) -> _Shape:
    """The keywords of one schema object, combinators not applied."""
    types, nullable = declared_types(node)
    shape = _Shape(types=types, nullable=nullable, constraints=constraints_of(node))
    _own_values(shape, node)
    if "x-unresolved-ref" in node:
        shape.types = ["ref:" + str(node["x-unresolved-ref"])]
    _own_children(shape, node, pointer, stack)
    return shape


def _own_values(shape: _Shape, node: Mapping[str, Json]) -> None:
    """The values a schema pins or documents: enum (or const), default, docs and examples."""
    if "const" in node:
        shape.enum = [node["const"]]
    elif isinstance(node.get("enum"), list):
        shape.enum = [v for v in node["enum"] if v is not None]
    if "default" in node:
        shape.default = node["default"]
    for doc_key in ("description", "title", "deprecated"):
        if doc_key in node:
            shape.docs[doc_key] = node[doc_key]
    shape.read_only = node.get("readOnly") is True
    shape.write_only = node.get("writeOnly") is True
    shape.discriminator = discriminator_of(node)
    examples = _examples(node)
    if examples is not None:
        shape.docs["examples"] = examples


def _own_children(shape: _Shape, node: Mapping[str, Json], pointer: str,
                  stack: frozenset[str]) -> None:
    """The subschemas a schema's own keywords hold: properties, items, additionalProperties."""
    properties = pointer + "/properties/"  # (`join_tokens`, the keyword needing no escape)
    for name, sub in (node.get("properties") or {}).items():
        shape.properties[str(name)] = _Child(sub, properties + escape_token(name), stack)
    if isinstance(node.get("required"), list):
        shape.required = {str(r) for r in node["required"]}
    # (`is not None` first: most schemas have neither, and `Mapping`'s check of None is a
    # call into Python)
    items = node.get("items")
    if items is not None and isinstance(items, MAPPINGS):
        shape.items = _Child(items, join_tokens(pointer, "items"), stack)
    extra = node.get("additionalProperties")
    declared = extra is not None and isinstance(extra, MAPPINGS)
    if declared and extra:
        shape.extra = _Child(extra, join_tokens(pointer, "additionalProperties"), stack)
    shape.closed = extra is False or node.get("unevaluatedProperties") is False
    shape.open_declared = extra is True or declared


def _intersect_types(a: list[str], b: list[str]) -> list[str]:
    if not a or not b:
        return a or b
    both = [t for t in a if t in b]
    if "integer" in a + b and "number" in a + b and "integer" not in both:
        both.append("integer")
    return both or a


def _merge_all(a: _Shape, b: _Shape) -> None:
    """allOf: ``b``'s constraints are added to ``a`` (``a``'s own keywords win)."""
    a.types = _intersect_types(a.types, b.types)
    a.nullable = a.nullable or b.nullable  # 3.0 idiom: {allOf: [$ref], nullable: true}
    if a.enum is None or b.enum is None:
        a.enum = a.enum if a.enum is not None else b.enum
    else:
        a.enum = [v for v in a.enum if v in b.enum]
    if a.default is _NO_DEFAULT:
        a.default = b.default
    a.constraints = {**b.constraints, **a.constraints}
    a.docs = {**b.docs, **a.docs}
    for name, child in b.properties.items():
        a.properties[name] = _combine(a.properties.get(name), child, "all") or child
    a.required |= b.required
    a.items = _combine(a.items, b.items, "all")
    a.extra = _combine(a.extra, b.extra, "all")
    a.closed = a.closed or b.closed
    a.open_declared = a.open_declared or b.open_declared
    if b.union and not a.union:
        a.union, a.branches, a.branch_labels = b.union, b.branches, b.branch_labels
    a.recursive = a.recursive or b.recursive
    a.discriminator = a.discriminator or b.discriminator
    a.read_only = a.read_only or b.read_only  # a member's flag holds for the whole
    a.write_only = a.write_only or b.write_only


def _merge_any(shapes: Sequence[_Shape]) -> _Shape:
    """oneOf/anyOf of >= 2 branches: one key space, types united."""
    merged = _Shape()
    for s in shapes:
        merged.types += [t for t in s.types if t not in merged.types]
        merged.nullable = merged.nullable or s.nullable
        for name, child in s.properties.items():
            merged.properties[name] = _combine(merged.properties.get(name), child, "any") or child
        merged.items = _combine(merged.items, s.items, "any")
        merged.extra = _combine(merged.extra, s.extra, "any")
        merged.recursive = merged.recursive or s.recursive
    merged.read_only = all(s.read_only for s in shapes)  # else some branch is sent
    merged.write_only = all(s.write_only for s in shapes)
    if all(s.enum is not None for s in shapes):
        merged.enum = [v for s in shapes for v in s.enum or []]
    merged.constraints = _loosest(shapes)
    merged.required = {
        name
        for name in merged.properties
        if all(name in s.required for s in shapes if name in s.properties)
    }
    merged.closed = all(s.closed for s in shapes)
    merged.open_declared = any(s.open_declared for s in shapes)
    return merged


def _loosest(shapes: Sequence[_Shape]) -> dict[str, Json]:
    """The constraints every branch of a union has, at the loosest branch's value: what holds for
    the whole union (so that a union of bounded branches merged into one bounded schema is no
    change)."""
    common = set.intersection(*(set(s.constraints) for s in shapes)) if shapes else set()
    out: dict[str, Json] = {}
    for keyword in sorted(common):
        values = [s.constraints[keyword] for s in shapes]
        if keyword in UPPER_BOUNDS:
            out[keyword] = max(values)
        elif keyword in LOWER_BOUNDS:
            out[keyword] = min(values)
        elif all(v == values[0] for v in values):
            out[keyword] = values[0]
    return out


def literal_pointer(refs: Refs, schema: Json, pointer: str) -> str:
    """Where the keywords of ``schema`` (at ``pointer``) literally are: its `$ref` chain's
    target."""
    seen: set[str] = set()
    while isinstance(schema, MAPPINGS) and isinstance(schema.get("$ref"), str):
        ref = schema["$ref"]
        target = fragment_pointer(ref)
        found, node = refs.lookup(ref)
        if target is None or not found or ref in seen:
            break
        seen.add(ref)
        schema, pointer = node, target
    return pointer


def source_of(child: _Child) -> Json:
    """The one JSON schema a (possibly merged) location stands for."""
    if not child.parts:
        return child.schema
    keyword = "allOf" if child.mode == "all" else "anyOf"
    return {keyword: [source_of(part) for part in child.parts]}


def _copy_shape(shape: _Shape) -> _Shape:
    """A copy whose containers the caller may change (merging does) without touching the
    memoised original; the values in them (children, JSON data) are shared, never changed."""
    # what `copy.copy` makes, without its reduce protocol (62 000 copies on GitHub's pair);
    # `dataclasses.replace` would read the fields' list on every call
    copied = _Shape.__new__(_Shape)
    for name in _SHAPE_SLOTS:  # (slots, not a `__dict__`: see `_Shape`)
        setattr(copied, name, getattr(shape, name))
    copied.types, copied.constraints = list(shape.types), dict(shape.constraints)
    copied.enum = None if shape.enum is None else list(shape.enum)
    copied.docs, copied.properties = dict(shape.docs), dict(shape.properties)
    copied.required, copied.branches = set(shape.required), list(shape.branches)
    copied.branch_labels = list(shape.branch_labels)
    return copied


_SHAPE_SLOTS = _Shape.__slots__
# The empty containers of every memoised shape: read only, as the shapes are (a shape to change
# is a copy, `_copy_shape`, with containers of its own). An empty set is 216 bytes: GitHub's
# pair memoised 30 000 shapes requiring nothing.
_NO_NAMES: set[str] = set()
_NO_TYPES: list[str] = []
_NO_BRANCHES: list[tuple[str, str]] = []
_NO_LABELS: list[str] = []


def _compacted(shape: _Shape) -> _Shape:
    """`shape`, to be memoised, with the shared empty containers for its empty ones."""
    if not shape.required:
        shape.required = _NO_NAMES
    if not shape.types:
        shape.types = _NO_TYPES
    if not shape.branches:
        shape.branches = _NO_BRANCHES
    if not shape.branch_labels:
        shape.branch_labels = _NO_LABELS
    return shape


def _shallow(shape: _Shape) -> str:
    return "|".join(shape.types) or "any"


def _is_null(shape: _Shape) -> bool:
    only_null = shape.types == ["null"] or not shape.types
    return shape.nullable and only_null and not shape.properties and shape.items is None


@dataclass
class _Progress:
    """One walk's count of locations and the literal pointers it expanded."""

    fields: int = 0
    expanded: set[str] = field(default_factory=set)


class _Spellings:
    """`canonical_json` of a list of examples, each example spelt once per walker: the same
    document example is met at every location and operation reaching its schema (GitHub's
    examples are whole objects). Kept by identity, with the value itself so that its id is not
    reused; a list is spelt as `json.dumps` spells it, its items joined by `, `."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[Json, str]] = {}
        # one object per distinct set of names (types, `$ref` stacks): GitHub's pair made
        # 51 000 of them, 1 700 distinct (11 MiB held to the comparison's end)
        self._sets: dict[frozenset[str], frozenset[str]] = {}

    def names(self, found: frozenset[str]) -> frozenset[str]:
        """`found`, or the equal set met before."""
        return self._sets.setdefault(found, found)

    def of_list(self, values: list[Json]) -> str:
        return "[" + ", ".join(self._of(value) for value in values) + "]"

    def _of(self, value: Json) -> str:
        if not isinstance(value, (dict, list)):
            return canonical_json(value)
        known = self._known.get(id(value))
        if known is None:
            known = self._known[id(value)] = (value, canonical_json(value))
        return known[1]


class SchemaWalker:
    """The one flattening walker: schema -> :class:`Field` per structural location."""

    def __init__(self, refs: Refs, name: str = "") -> None:
        self.refs = refs
        self.name = name  # the document, as a refusal names it
        self.degraded = False  # a walk passed FIELD_BUDGET: repeated schemas are cut from now on
        self._shapes: dict[tuple[int, str, frozenset[str], int], tuple[Json, _Shape]] = {}
        self._builds = 0  # shapes built in the current walk
        # `$ref`s whose subtree the differ knows equal on both sides (`same.Same`): a location
        # that is one of them is not expanded below (a `cut` field, never a walk's root).
        self.prune: Callable[[str], bool] | None = None
        self._spelt = _Spellings()

    def walk(
        self, schema: Json, pointer: str, stack: frozenset[str] = frozenset(),
        expanded: set[str] | None = None,
    ) -> list[Field]:
        """Every location of `schema`, each before the ones below it. `expanded`: the literal
        pointers expanded so far by the walks this one continues (the differ's, for the whole
        comparison), read and added to: past the budget, a schema one of them expanded is cut
        here too (its pair is compared on its own, once); the root is always expanded."""
        self._builds = 0
        fields: list[Field] = []
        progress = _Progress() if expanded is None else _Progress(expanded=expanded)
        self._walk(_Child(schema, pointer, stack), (), False, 0, progress, fields.append)
        return fields

    def flatten(
        self, schema: Json, pointer: str, stack: frozenset[str] = frozenset(),
        expanded: set[str] | None = None,
    ) -> dict[Key, Field]:
        return {f.key: f for f in self.walk(schema, pointer, stack, expanded)}

    def _walk(self, child: _Child, key: Key, required: bool, depth: int,
              progress: _Progress, found: Callable[[Field], None]) -> None:
        # each field handed to `found`, not yielded: a generator per level passed every field
        # up through all the levels above it (288 000 resumptions for GitHub's 57 000 fields)
        # a location of one schema reads its memoised shape (the walk changes no shape); a
        # merged one (`parts`) is a copy of its own
        shape = self.child_shape(child, depth) if child.parts else self._memoised(
            child.schema, child.pointer, child.stack, depth)
        progress.fields += 1
        self.degraded = self.degraded or progress.fields > FIELD_BUDGET
        cut = self._cut(child, shape, progress, bool(key)) or (bool(key)
                                                              and self._pruned(child, shape))
        found(Field(key, shape.pointer or child.pointer, _info(shape, required, self._spelt),
                    child.pointer,
                    tuple(shape.branches), source_of(child), cut))
        if shape.recursive or cut:
            return
        for name, sub in shape.properties.items():
            self._walk(sub, (*key, "." + name), name in shape.required, depth + 1, progress,
                       found)
        for segment, sub_or_none in (("[]", shape.items), ("{}", shape.extra)):
            if sub_or_none is not None:
                self._walk(sub_or_none, (*key, segment), True, depth + 1, progress, found)

    def _cut(self, child: _Child, shape: _Shape, progress: _Progress, below_root: bool) -> bool:
        """Whether this location's children are left out: past the budget, its (one) schema
        was already expanded in this walk (or in those it continues: `walk`'s `expanded`).
        Below the budget every location is expanded, and so is a walk's root."""
        if child.parts or not (shape.properties or shape.items or shape.extra):
            return False
        if not self.degraded:
            progress.expanded.add(shape.pointer)
            return False
        if below_root and shape.pointer in progress.expanded:
            return True
        progress.expanded.add(shape.pointer)
        return False

    def _pruned(self, child: _Child, shape: _Shape) -> bool:
        schema = child.schema
        if self.prune is None or child.parts or not (shape.properties or shape.items
                                                     or shape.extra):
            return False
        return (isinstance(schema, MAPPINGS) and len(schema) == 1
                and isinstance(schema.get("$ref"), str) and self.prune(schema["$ref"]))

    def child_shape(self, child: _Child, depth: int) -> _Shape:
        if not child.parts:
            return self.shape(child.schema, child.pointer, child.stack, depth)
        shapes = [self.child_shape(part, depth + 1) for part in child.parts]
        if child.mode == "all":
            merged = shapes[0]
            for other in shapes[1:]:
                _merge_all(merged, other)
        else:
            merged = _merge_any(shapes)
            merged.pointer = shapes[0].pointer
        merged.label = self._label(merged, depth)
        return merged

    def shape(self, schema: Json, pointer: str, stack: frozenset[str], depth: int) -> _Shape:
        """The meaning of one schema (its `$ref`s followed, allOf/oneOf/anyOf applied); each is
        built once per (schema, stack, depth): members that reference the same schema, level
        after level, would otherwise cost 2**depth. The caller gets its own copy."""
        return _copy_shape(self._memoised(schema, pointer, stack, depth))

    def _memoised(self, schema: Json, pointer: str, stack: frozenset[str], depth: int) -> _Shape:
        """`shape`'s memoised original: read only."""
        memo_key = (id(schema), pointer, stack, depth)
        known = self._shapes.get(memo_key)
        if known is None:
            if len(self._shapes) >= SHAPE_MEMO:
                self._shapes.clear()
            built = _compacted(self._build_shape(schema, pointer, stack, depth))
            known = self._shapes[memo_key] = (schema, built)
        return known[1]

    def _build_shape(self, schema: Json, pointer: str, stack: frozenset[str],
                     depth: int) -> _Shape:
        pointer = literal_pointer(self.refs, schema, pointer)
        node, stack, cycled = self.refs.deref(schema, stack)
        stack = self._spelt.names(stack)  # held by each child of the memoised shape
        if not isinstance(node, MAPPINGS):
            return _Shape(pointer=pointer)  # `true` / `{}`-like: any
        shape = _own_shape(node, pointer, stack)
        shape.pointer = pointer
        self._builds += 1
        if self._builds > SHAPE_BUILDS:
            raise GeneratorError([Problem(
                self.name, pointer, None,
                f"this schema is reached through more than {SHAPE_BUILDS} different `$ref` "
                "paths (references that fan out, level after level): too many to compare",
                "share fewer schemas between the members of each allOf or union")])
        if cycled or depth > MAX_DEPTH:
            shape.recursive = True
            shape.label = _shallow(shape)
            return shape
        for i, member in enumerate(node.get("allOf") or []):
            member_pointer = join_tokens(pointer, "allOf", str(i))
            _merge_all(shape, self.shape(member, member_pointer, stack, depth + 1))
        for keyword in ("oneOf", "anyOf"):
            if isinstance(node.get(keyword), list):
                self._apply_union(shape, node[keyword], keyword, pointer, stack, depth)
        shape.label = self._label(shape, depth)
        return shape

    def _apply_union(
        self, shape: _Shape, branches: list[Json], keyword: str, pointer: str,
        stack: frozenset[str], depth: int,
    ) -> None:
        built = [
            (self.shape(b, join_tokens(pointer, keyword, str(i)), stack, depth + 1),
             join_tokens(pointer, keyword, str(i)))
            for i, b in enumerate(branches)
        ]
        real = [(s, p) for s, p in built if not _is_null(s)]
        shape.nullable = shape.nullable or len(real) < len(built)
        if built and not real and not shape.types:
            shape.types = ["null"]  # every branch is null: only null
        if len(real) == 1:
            _merge_all(shape, real[0][0])
        elif all(_values_only(s) for s, _ in real):
            # an enum spelt as a union of `const`s (Discord's `ChannelTypes`): a value added is
            # an enum value added, as the client's `Literal` types it, not a new branch
            _merge_all(shape, _merge_any([s for s, _ in real]))
        elif real:
            own = shape.types[:]  # a branch without a type of its own has the schema's
            _merge_all(shape, _merge_any([s for s, _ in real]))
            shape.union = keyword
            shape.branches = [(_shallow(s) if s.types or not own else "|".join(own), p)
                              for s, p in real]
            shape.branch_labels = [s.label if s.types or not own else "|".join(own)
                                   for s, _ in real]

    def _label(self, shape: _Shape, depth: int) -> str:
        if shape.union:
            return _capped(" | ".join(shape.branch_labels))
        parts = []
        for t in shape.types:
            if t == "array" and shape.items is not None:
                items = self.child_shape(shape.items, depth + 1)
                parts.append(f"array[{items.label}]")
            else:
                parts.append(t)
        return _capped(" | ".join(parts)) or "any"


def _values_only(shape: _Shape) -> bool:
    """A union branch that only lists values: a `const` or an `enum`, nothing beside them."""
    return (shape.enum is not None and not shape.union and not shape.properties
            and shape.items is None and shape.extra is None)


def _capped(label: str) -> str:
    """A label of at most `MAX_LABEL` characters: a union of unions, level after level, would
    double it per level."""
    return label if len(label) <= MAX_LABEL else label[:MAX_LABEL - 3] + "..."


def _info(shape: _Shape, required: bool, spelt: _Spellings) -> SchemaInfo:
    docs = shape.docs
    return SchemaInfo(
        types=spelt.names(frozenset(shape.types)),
        label=shape.label,
        nullable=shape.nullable,
        required=required,
        enum=(None if shape.enum is None
              else tuple(dict.fromkeys(canonical_json(v) for v in shape.enum))),
        default=None if shape.default is _NO_DEFAULT else canonical_json(shape.default),
        constraints=tuple(sorted(shape.constraints.items())) if shape.constraints else (),
        closed=shape.closed,
        open_declared=shape.open_declared,
        union=shape.union,
        branches=tuple(sorted(label for label, _ in shape.branches)) if shape.branches else (),
        description=docs.get("description"),
        title=docs.get("title"),
        examples=spelt.of_list(docs["examples"]) if "examples" in docs else None,
        deprecated=docs.get("deprecated") is True,
        recursive=shape.recursive,
        read_only=shape.read_only,
        write_only=shape.write_only,
        discriminator=shape.discriminator,
    )


def display_name(key: Key) -> str:
    """``(".choices", "[]", ".text")`` -> ``choices[].text``."""
    return "".join(key).lstrip(".")


def is_property(key: Key) -> bool:
    """Whether the location is an object property (not the root, items or map values)."""
    return bool(key) and key[-1].startswith(".")


def prefixed(fields: Mapping[Key, Field], prefix: Key) -> dict[Key, Field]:
    """`fields` keyed (and each `Field.key` set) under `prefix`: a branch or cut location's
    walk, placed where it stands in the enclosing schema."""
    if not prefix:
        return dict(fields)
    return {prefix + k: replace(f, key=prefix + k) for k, f in fields.items()}


def container_kept(key: Key, other: Mapping[Key, Field]) -> bool:
    """A property added/removed is reported only where its parent object exists on both sides."""
    if not is_property(key):
        return False
    parent = other.get(key[:-1])
    return parent is not None and (not parent.info.types or "object" in parent.info.types)
