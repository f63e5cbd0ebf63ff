"""Semantic diff of two OpenAPI documents: every change to the wire contract, classed.

``diff(old, new)`` takes two loaded, JSON-compatible documents (OpenAPI 3.0 or 3.1, in any
mix) and returns a sorted list of :class:`Change`. ``format_changes`` renders them as text,
Markdown or JSON; ``exit_code`` turns them into a CI verdict.

How documents are compared
--------------------------
* Paths are matched by template *shape* (``/items/{id}`` and ``/items/{item_id}`` are the same
  endpoint); path parameters are matched by position, and a rename is reported once per path
  as ``path-parameter-renamed``.
* Schemas are compared by content, never by ``$ref`` name. Every schema is flattened by ONE
  walker (:func:`walk_schema`, also used by ``compare.py``) into fields keyed by their structural
  location (``.usage``, ``.choices``, ``[]``, ``.text``...). Internal ``$ref``s are followed; a
  ``$ref`` already being expanded on the current branch stops the walk there (recursive schemas
  terminate, the cut node is marked ``recursive``).
* Normalisation makes 3.0 and 3.1 spellings compare equal: ``nullable: true``, ``type: [x,
  "null"]``, ``oneOf``/``anyOf`` with a ``{type: "null"}`` branch, ``allOf: [$ref]`` +
  ``nullable``; ``const`` is a one-value enum; ``null`` is dropped from enums; 3.0 boolean
  ``exclusiveMinimum/Maximum`` become the 3.1 numeric form; a schema without ``type`` but with
  ``properties`` is an object, with ``items`` an array; ``example`` and ``examples`` are one list.
* ``allOf`` is compared by merged properties (required = union). A ``oneOf``/``anyOf`` with a
  single non-null branch is that branch. A real union (>= 2 non-null branches) merges the
  branches' properties into one key space (a property is required when every branch that
  declares it requires it), its type is the union of branch types, and the multiset of branch
  shallow types is compared to report branches added or removed (a non-union side counts as
  one branch per type, so ``string`` -> ``oneOf: [string, array]`` is a branch added). A
  location declared by several members (a property in two branches, the items of two array
  branches, a property in two allOf members) is walked in every member and merged.

Pointers
--------
``Change.pointer`` is an RFC 6901 pointer into the NEW document, or into the OLD one for
removals (path, operation, parameter, property, response, media type, branch). Pointers always
run along the operation path, also when the schema was reached through a ``$ref``:
``/paths/~1v1~1completions/post/requestBody/content/application~1json/schema/properties/stop``
even if ``schema`` is ``{$ref: '#/components/schemas/Req'}``. Such a pointer is not literally
resolvable without following the ``$ref`` -- it is the location users look for. Parameters,
request bodies and responses that are ``$ref``s are likewise reported at the operation.
Properties merged from ``allOf``/``oneOf`` members keep the member in the pointer
(``.../schema/allOf/1/properties/x``); a location declared by several members is reported at
the first one. Enum, constraint and documentation changes point at the
schema that carries them (the field), not at the keyword.

Decisions where the brief is silent
-----------------------------------
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
  request breaking, response non-breaking. A switch between ``oneOf`` and ``anyOf`` is ignored.
* ``additionalProperties``: ``false`` added in a request is breaking
  (``additional-properties-disallowed``), removed is non-breaking; response changes are
  non-breaking (generated clients tolerate unknown keys). A map's value schema is compared
  recursively under ``/additionalProperties``.
* Array items are compared recursively under ``/items`` (display name ``[]``).
* Constraints (maxLength, maximum, minItems, pattern, multipleOf, uniqueItems, ...): tightened in
  a request breaking, relaxed non-breaking; in a response the opposite (generated models
  validate constraints, so a relaxed response bound can reject new data).
* ``default`` changed, ``title``/``description``/``summary``/``example``/``deprecated`` changed,
  ``operationId`` changed: non-breaking (the wire contract is unchanged; a changed generated
  method name is caught by the regenerate-and-diff gate).
* Request body removed or added as required, media type removed (request, or a 2xx
  response): breaking. Non-2xx response or its media type removed: non-breaking; any response
  added: non-breaking.
* Servers: the first server URL changing or any old URL disappearing is breaking
  (``server-changed``); only adding alternatives is ``server-added``, non-breaking. Any change
  of an effective security requirement (root or operation) or of a security scheme definition
  is breaking.
* Components: ``component-renamed`` (same content, new name), ``component-removed`` and
  ``component-added`` are non-breaking info; their wire effects are reported at operations.

Not covered: webhooks, callbacks, links, response headers, parameter style/explode, request
and response encodings, ``prefixItems``/``patternProperties``/``not``/``if``, readOnly/
writeOnly, discriminator mappings, items or map values added to a schema that had none,
changes inside components no operation uses (except renames/removals as info).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from generator.spec.pointer import HTTP_METHODS

Json = Any
Direction = Literal["request", "response"]
Key = tuple[str, ...]

BREAKING = "breaking"
NON_BREAKING = "non-breaking"
RESPONSE_ENUM_ADDED_BREAKING = False
MAX_DEPTH = 64

_UPPER_BOUNDS = ("maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum")
_LOWER_BOUNDS = ("minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum")
_OTHER_CONSTRAINTS = ("pattern", "multipleOf", "uniqueItems")
_NO_DEFAULT: Json = object()


@dataclass(frozen=True, order=True)
class Change:
    pointer: str
    kind: str
    severity: str
    message: str


# --------------------------------------------------------------------------- pointers


def escape(token: str) -> str:
    """Escape one reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str) -> str:
    return pointer + "".join("/" + escape(t) for t in tokens)


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


# --------------------------------------------------------------------------- $ref resolution


class Resolver:
    """Follows internal ``$ref``s of one document."""

    def __init__(self, doc: Mapping[str, Json]) -> None:
        self.doc = doc

    def lookup(self, ref: str) -> Json | None:
        if not ref.startswith("#"):
            return None
        node: Json = self.doc
        for raw in ref[1:].split("/")[1:]:
            token = _unescape(raw)
            if isinstance(node, Mapping) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                return None
        return node

    def deref(
        self, node: Json, stack: frozenset[str] = frozenset()
    ) -> tuple[Json, frozenset[str], bool]:
        """Follow a ``$ref`` chain; siblings of ``$ref`` override the target's keywords.

        Returns (resolved node, stack plus the refs followed, whether a ref on the stack was hit).
        An unresolvable ref yields ``{"x-unresolved-ref": ref}``.
        """
        while isinstance(node, Mapping) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            siblings = {k: v for k, v in node.items() if k != "$ref"}
            target = self.lookup(ref)
            if not isinstance(target, Mapping):
                return {"x-unresolved-ref": ref, **siblings}, stack, False
            if ref in stack:
                return {**target, **siblings}, stack, True
            stack = stack | {ref}
            node = {**target, **siblings}
        return node, stack, False

    def object(self, node: Json) -> dict[str, Json]:
        """A dereferenced non-schema object (parameter, request body, response...)."""
        resolved, _, _ = self.deref(node)
        return dict(resolved) if isinstance(resolved, Mapping) else {}


# --------------------------------------------------------------------------- schema normalisation


@dataclass(frozen=True)
class SchemaInfo:
    """What one flattened schema node means on the wire (version-independent)."""

    types: frozenset[str]  # shallow JSON types without "null"; empty = any
    label: str  # rendered type, e.g. "string | array[string]"
    nullable: bool
    required: bool  # required in its parent object (items/map values: True)
    enum: tuple[str, ...] | None  # JSON-encoded values, declared order, no null
    default: str | None  # JSON-encoded
    constraints: tuple[tuple[str, Json], ...]
    closed: bool  # additionalProperties: false
    union: str  # "oneOf" / "anyOf" when >= 2 non-null branches, else ""
    branches: tuple[str, ...]  # sorted shallow labels of the union branches
    description: str | None
    title: str | None
    examples: str | None  # JSON-encoded list
    deprecated: bool
    recursive: bool  # the walk stopped here (cycle or depth)


@dataclass(frozen=True)
class Field:
    key: Key  # structural location: (".usage", ".prompt_tokens"), (".choices", "[]", ".text")
    pointer: str
    info: SchemaInfo
    branch_pointers: tuple[tuple[str, str], ...] = ()  # (shallow label, pointer) per branch


@dataclass(frozen=True)
class _Child:
    """A sub-schema to walk, or (``parts``) the same location declared by several members."""

    schema: Json
    pointer: str
    stack: frozenset[str]
    parts: tuple[_Child, ...] = ()
    mode: str = ""  # "all" (allOf members) or "any" (union branches) when parts are set


def _combine(a: _Child | None, b: _Child | None, mode: str) -> _Child | None:
    """One location declared by two members: both are walked, merged per ``mode``."""
    if a is None or b is None:
        return a or b
    parts = (a.parts if a.mode == mode else (a,)) + (b.parts if b.mode == mode else (b,))
    return _Child(None, a.pointer, a.stack, parts, mode)


@dataclass
class _Shape:
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
    union: str = ""
    branches: list[tuple[str, str]] = field(default_factory=list)
    branch_labels: list[str] = field(default_factory=list)
    recursive: bool = False
    label: str = "any"


def _dumps(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _declared_types(node: Mapping[str, Json]) -> tuple[list[str], bool]:
    raw = node.get("type")
    listed = [raw] if isinstance(raw, str) else [t for t in raw or [] if isinstance(t, str)]
    types = [t for t in listed if t != "null"]
    if not types and "type" not in node:
        if "properties" in node or "additionalProperties" in node:
            types = ["object"]
        elif "items" in node:
            types = ["array"]
    return types, "null" in listed or node.get("nullable") is True


def _constraints(node: Mapping[str, Json]) -> dict[str, Json]:
    found = {
        k: node[k]
        for k in (*_UPPER_BOUNDS, *_LOWER_BOUNDS, *_OTHER_CONSTRAINTS)
        if k in node and not isinstance(node[k], bool)
    }
    if node.get("uniqueItems") is True:
        found["uniqueItems"] = True
    for exclusive, inclusive in (("exclusiveMaximum", "maximum"), ("exclusiveMinimum", "minimum")):
        if node.get(exclusive) is True and inclusive in node:  # OpenAPI 3.0 boolean form
            found[exclusive] = found.pop(inclusive)
    return found


def _examples(node: Mapping[str, Json]) -> list[Json] | None:
    if isinstance(node.get("examples"), list):
        return list(node["examples"])
    if "example" in node:
        return [node["example"]]
    return None


def _own_shape(node: Mapping[str, Json], pointer: str, stack: frozenset[str]) -> _Shape:
    """The keywords of one schema object, combinators not applied."""
    types, nullable = _declared_types(node)
    shape = _Shape(types=types, nullable=nullable, constraints=_constraints(node))
    if "const" in node:
        shape.enum = [node["const"]]
    elif isinstance(node.get("enum"), list):
        shape.enum = [v for v in node["enum"] if v is not None]
    if "default" in node:
        shape.default = node["default"]
    for doc_key in ("description", "title", "deprecated"):
        if doc_key in node:
            shape.docs[doc_key] = node[doc_key]
    examples = _examples(node)
    if examples is not None:
        shape.docs["examples"] = examples
    if "x-unresolved-ref" in node:
        shape.types = ["ref:" + str(node["x-unresolved-ref"])]
    for name, sub in (node.get("properties") or {}).items():
        shape.properties[str(name)] = _Child(sub, join(pointer, "properties", str(name)), stack)
    if isinstance(node.get("required"), list):
        shape.required = {str(r) for r in node["required"]}
    if isinstance(node.get("items"), Mapping):
        shape.items = _Child(node["items"], join(pointer, "items"), stack)
    extra = node.get("additionalProperties")
    if isinstance(extra, Mapping) and extra:
        shape.extra = _Child(extra, join(pointer, "additionalProperties"), stack)
    shape.closed = extra is False
    return shape


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
    if b.union and not a.union:
        a.union, a.branches, a.branch_labels = b.union, b.branches, b.branch_labels
    a.recursive = a.recursive or b.recursive


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
    if all(s.enum is not None for s in shapes):
        merged.enum = [v for s in shapes for v in s.enum or []]
    merged.required = {
        name
        for name in merged.properties
        if all(name in s.required for s in shapes if name in s.properties)
    }
    merged.closed = all(s.closed for s in shapes)
    return merged


def _shallow(shape: _Shape) -> str:
    return "|".join(shape.types) or "any"


def _is_null(shape: _Shape) -> bool:
    return shape.nullable and not shape.types and not shape.properties and shape.items is None


class SchemaWalker:
    """The one flattening walker: schema -> :class:`Field` per structural location."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver

    def walk(
        self, schema: Json, pointer: str, stack: frozenset[str] = frozenset()
    ) -> Iterator[Field]:
        yield from self._walk(_Child(schema, pointer, stack), (), False, 0)

    def flatten(
        self, schema: Json, pointer: str, stack: frozenset[str] = frozenset()
    ) -> dict[Key, Field]:
        return {f.key: f for f in self.walk(schema, pointer, stack)}

    def _walk(self, child: _Child, key: Key, required: bool, depth: int) -> Iterator[Field]:
        shape = self.child_shape(child, depth)
        yield Field(key, child.pointer, _info(shape, required), tuple(shape.branches))
        if shape.recursive:
            return
        for name, sub in shape.properties.items():
            yield from self._walk(sub, (*key, "." + name), name in shape.required, depth + 1)
        for segment, sub_or_none in (("[]", shape.items), ("{}", shape.extra)):
            if sub_or_none is not None:
                yield from self._walk(sub_or_none, (*key, segment), True, depth + 1)

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
        merged.label = self._label(merged, depth)
        return merged

    def shape(self, schema: Json, pointer: str, stack: frozenset[str], depth: int) -> _Shape:
        node, stack, cycled = self.resolver.deref(schema, stack)
        if not isinstance(node, Mapping):
            return _Shape()  # `true` / `{}`-like: any
        shape = _own_shape(node, pointer, stack)
        if cycled or depth > MAX_DEPTH:
            shape.recursive = True
            shape.label = _shallow(shape)
            return shape
        for i, member in enumerate(node.get("allOf") or []):
            _merge_all(shape, self.shape(member, join(pointer, "allOf", str(i)), stack, depth + 1))
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
            (self.shape(b, join(pointer, keyword, str(i)), stack, depth + 1),
             join(pointer, keyword, str(i)))
            for i, b in enumerate(branches)
        ]
        real = [(s, p) for s, p in built if not _is_null(s)]
        shape.nullable = shape.nullable or len(real) < len(built)
        if len(real) == 1:
            _merge_all(shape, real[0][0])
        elif real:
            _merge_all(shape, _merge_any([s for s, _ in real]))
            shape.union = keyword
            shape.branches = [(_shallow(s), p) for s, p in real]
            shape.branch_labels = [s.label for s, _ in real]

    def _label(self, shape: _Shape, depth: int) -> str:
        if shape.union:
            return " | ".join(shape.branch_labels)
        parts = []
        for t in shape.types:
            if t == "array" and shape.items is not None:
                items = self.child_shape(shape.items, depth + 1)
                parts.append(f"array[{items.label}]")
            else:
                parts.append(t)
        return " | ".join(parts) or "any"


def _info(shape: _Shape, required: bool) -> SchemaInfo:
    docs = shape.docs
    return SchemaInfo(
        types=frozenset(shape.types),
        label=shape.label,
        nullable=shape.nullable,
        required=required,
        enum=None if shape.enum is None else tuple(dict.fromkeys(_dumps(v) for v in shape.enum)),
        default=None if shape.default is _NO_DEFAULT else _dumps(shape.default),
        constraints=tuple(sorted(shape.constraints.items())),
        closed=shape.closed,
        union=shape.union,
        branches=tuple(sorted(label for label, _ in shape.branches)),
        description=docs.get("description"),
        title=docs.get("title"),
        examples=_dumps(docs["examples"]) if "examples" in docs else None,
        deprecated=docs.get("deprecated") is True,
        recursive=shape.recursive,
    )


def walk_schema(schema: Json, doc: Mapping[str, Json], pointer: str) -> Iterator[Field]:
    """Flatten one schema of ``doc`` found at ``pointer`` (see :class:`SchemaWalker`)."""
    return SchemaWalker(Resolver(doc)).walk(schema, pointer)


def display_name(key: Key) -> str:
    """``(".choices", "[]", ".text")`` -> ``choices[].text``."""
    return "".join(key).lstrip(".")


def _is_property(key: Key) -> bool:
    return bool(key) and key[-1].startswith(".")


# --------------------------------------------------------------------------- operations


@dataclass(frozen=True)
class Param:
    name: str
    location: str
    required: bool
    raw: dict[str, Json]
    pointer: str

    def schema(self) -> tuple[Json, str]:
        if "schema" in self.raw:
            return self.raw["schema"], join(self.pointer, "schema")
        for media_type, media in sorted((self.raw.get("content") or {}).items()):
            if isinstance(media, Mapping) and "schema" in media:
                return media["schema"], join(self.pointer, "content", media_type, "schema")
        return {}, join(self.pointer, "schema")


def template_names(path: str) -> list[str]:
    return [part.split("}")[0] for part in path.split("{")[1:]]


def path_shape(path: str) -> str:
    out, depth = [], 0
    for ch in path:
        if ch == "{":
            depth += 1
            if depth == 1:
                out.append("{}")
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out).rstrip("/") or "/"


def operation_parameters(
    resolver: Resolver, path: str, path_item: Mapping[str, Json], method: str
) -> dict[tuple[str, str], Param]:
    """Effective parameters of an operation (operation level overrides path level).

    Keyed by (location, name); path parameters by ("path", position in the template) so a
    renamed path parameter still matches.
    """
    names = template_names(path)
    found: dict[tuple[str, str], Param] = {}
    base = join("", "paths", path)
    levels = ((path_item.get("parameters"), base), (_op(path_item, method).get("parameters"),
                                                      join(base, method)))
    for params, pointer in levels:
        for i, raw in enumerate(params or []):
            param = resolver.object(raw)
            name, location = str(param.get("name", "")), str(param.get("in", ""))
            if location == "path" and name in names:
                key = ("path", str(names.index(name)))
            else:
                key = (location, name.lower() if location == "header" else name)
            required = location == "path" or param.get("required") is True
            found[key] = Param(name, location, required, param,
                               join(pointer, "parameters", str(i)))
    return found


def _op(path_item: Mapping[str, Json], method: str) -> dict[str, Json]:
    op = path_item.get(method)
    return dict(op) if isinstance(op, Mapping) else {}


def pick_media(content: Mapping[str, Json]) -> tuple[str, dict[str, Json]] | None:
    """The JSON media type of a content map (application/json, then *+json, then the first)."""
    ordered = sorted(content)
    preferred = [m for m in ordered if m.split(";")[0].strip().lower() == "application/json"]
    plus_json = [m for m in ordered if m.split(";")[0].strip().lower().endswith("+json")]
    for media_type in preferred + plus_json + ordered:
        media = content[media_type]
        return media_type, dict(media) if isinstance(media, Mapping) else {}
    return None


def is_success(status: str) -> bool:
    return status.upper().startswith("2")


# --------------------------------------------------------------------------- the differ


@dataclass(frozen=True)
class _Ctx:
    op: str  # "POST /v1/completions"
    where: str  # "request body", "parameter `model`", "response 200"
    direction: Direction

    def subject(self, key: Key) -> str:
        return f"{self.where} property `{display_name(key)}`" if key else self.where


def _security(requirements: Json) -> frozenset[tuple[tuple[str, tuple[str, ...]], ...]]:
    out = set()
    for requirement in requirements or []:
        if isinstance(requirement, Mapping):
            out.add(tuple(sorted((str(k), tuple(sorted(v or []))) for k, v in requirement.items())))
    return frozenset(out)


def _server_urls(servers: Json) -> list[str]:
    urls = []
    for server in servers or []:
        url = str(server.get("url", ""))
        for name, variable in (server.get("variables") or {}).items():
            url = url.replace("{" + name + "}", str(variable.get("default", "")))
        urls.append(url.rstrip("/") or "/")
    return urls


def _without_docs(value: Json) -> Json:
    if isinstance(value, Mapping):
        return {k: _without_docs(v) for k, v in value.items() if k != "description"}
    if isinstance(value, list):
        return [_without_docs(v) for v in value]
    return value


def _old_ops_by_new(old: Mapping[str, Json], new: Mapping[str, Json]) -> dict[str, str]:
    old_paths = {path_shape(p): p for p in sorted(old.get("paths") or {})}
    mapping = {}
    for new_path in new.get("paths") or {}:
        old_path = old_paths.get(path_shape(new_path))
        if old_path is not None:
            for method in HTTP_METHODS:
                mapping[join("", "paths", new_path, method)] = join("", "paths", old_path, method)
    return mapping


class _Differ:
    def __init__(self, old: Mapping[str, Json], new: Mapping[str, Json]) -> None:
        self.old, self.new = old, new
        self.old_resolver, self.new_resolver = Resolver(old), Resolver(new)
        self.old_walker = SchemaWalker(self.old_resolver)
        self.new_walker = SchemaWalker(self.new_resolver)
        self.changes: list[Change] = []
        self.old_ops_by_new = _old_ops_by_new(old, new)

    def add(self, pointer: str, kind: str, breaking: bool, message: str) -> None:
        self.changes.append(Change(pointer, kind, BREAKING if breaking else NON_BREAKING, message))

    def run(self) -> list[Change]:
        self.servers("", self.old.get("servers"), self.new.get("servers"), "the API", root=True)
        if _security(self.old.get("security")) != _security(self.new.get("security")):
            self.add("/security", "security-changed", True,
                     "the global security requirement changed")
        self.security_schemes()
        self.paths()
        self.components()
        return sorted(set(self.changes))

    # ---- document level

    def servers(self, pointer: str, old: Json, new: Json, owner: str, root: bool = False) -> None:
        if not root and old is None and new is None:
            return
        old_urls, new_urls = _server_urls(old) or ["/"], _server_urls(new) or ["/"]
        if old_urls == new_urls:
            return
        where = join(pointer, "servers")
        if old_urls[0] != new_urls[0] or not set(old_urls) <= set(new_urls):
            self.add(where, "server-changed", True,
                     f"{owner}: server changed from {old_urls[0]} to {new_urls[0]}")
        else:
            added = ", ".join(u for u in new_urls if u not in old_urls)
            self.add(where, "server-added", False, f"{owner}: server {added} added")

    def security_schemes(self) -> None:
        old = (self.old.get("components") or {}).get("securitySchemes") or {}
        new = (self.new.get("components") or {}).get("securitySchemes") or {}
        for name in sorted(set(old) | set(new)):
            pointer = join("", "components", "securitySchemes", name)
            if name not in new:
                self.add(pointer, "security-scheme-removed", True,
                         f"security scheme `{name}` was removed")
            elif name not in old:
                self.add(pointer, "security-scheme-added", False,
                         f"security scheme `{name}` was added")
            elif _without_docs(self.old_resolver.object(old[name])) != _without_docs(
                self.new_resolver.object(new[name])
            ):
                self.add(pointer, "security-changed", True,
                         f"security scheme `{name}` changed")

    def components(self) -> None:
        old = (self.old.get("components") or {}).get("schemas") or {}
        new = (self.new.get("components") or {}).get("schemas") or {}
        added = sorted(set(new) - set(old))
        for name in sorted(set(old) - set(new)):
            fingerprint = self._fingerprint(self.old_walker, name)
            twin = next((a for a in added if self._fingerprint(self.new_walker, a) == fingerprint),
                        None)
            if twin is None:
                self.add(join("", "components", "schemas", name), "component-removed", False,
                         f"component schema `{name}` was removed")
            else:
                added.remove(twin)
                self.add(join("", "components", "schemas", twin), "component-renamed", False,
                         f"component schema `{name}` was renamed to `{twin}`")
        for name in added:
            self.add(join("", "components", "schemas", name), "component-added", False,
                     f"component schema `{name}` was added")

    @staticmethod
    def _fingerprint(walker: SchemaWalker, name: str) -> tuple[tuple[Key, SchemaInfo], ...]:
        ref = join("#", "components", "schemas", name)
        pointer = ref[1:]
        return tuple((f.key, f.info) for f in walker.walk({"$ref": ref}, pointer))

    # ---- paths and operations

    def paths(self) -> None:
        old = {path_shape(p): p for p in sorted(self.old.get("paths") or {})}
        new = {path_shape(p): p for p in sorted(self.new.get("paths") or {})}
        for shape in sorted(set(old) | set(new)):
            if shape not in new:
                self.add(join("", "paths", old[shape]), "path-removed", True,
                         f"path `{old[shape]}` was removed")
            elif shape not in old:
                self.add(join("", "paths", new[shape]), "path-added", False,
                         f"path `{new[shape]}` was added")
            else:
                self.path_item(old[shape], new[shape])

    def path_item(self, old_path: str, new_path: str) -> None:
        old_item = self.old_resolver.object(self.old["paths"][old_path])
        new_item = self.new_resolver.object(self.new["paths"][new_path])
        pointer = join("", "paths", new_path)
        for before, after in zip(template_names(old_path), template_names(new_path)):
            if before != after:
                self.add(pointer, "path-parameter-renamed", True,
                         f"`{old_path}` -> `{new_path}`: path parameter `{before}` "
                         f"renamed to `{after}`")
        self.servers(pointer, old_item.get("servers"), new_item.get("servers"), f"`{new_path}`")
        for method in HTTP_METHODS:
            label = f"{method.upper()} {new_path}"
            if method in old_item and method not in new_item:
                self.add(join("", "paths", old_path, method), "operation-removed", True,
                         f"{method.upper()} {old_path}: operation was removed")
            elif method in new_item and method not in old_item:
                self.add(join(pointer, method), "operation-added", False,
                         f"{label}: operation was added")
            elif method in new_item:
                self.operation(label, (old_path, old_item), (new_path, new_item), method)

    def operation(
        self, label: str, old: tuple[str, dict[str, Json]], new: tuple[str, dict[str, Json]],
        method: str,
    ) -> None:
        old_op, new_op = _op(old[1], method), _op(new[1], method)
        pointer = join("", "paths", new[0], method)
        self.docs(pointer, label, "operation", old_op, new_op, ("summary", "description"))
        if old_op.get("operationId") != new_op.get("operationId"):
            self.add(pointer, "operation-id-changed", False,
                     f"{label}: operationId changed from {old_op.get('operationId')} to "
                     f"{new_op.get('operationId')}")
        if bool(old_op.get("deprecated")) != bool(new_op.get("deprecated")):
            self.add(pointer, "deprecation-changed", False,
                     f"{label}: deprecated is now {bool(new_op.get('deprecated'))}")
        if ("security" in old_op or "security" in new_op) and _security(
            old_op.get("security", self.old.get("security"))
        ) != _security(new_op.get("security", self.new.get("security"))):
            self.add(join(pointer, "security"), "security-changed", True,
                     f"{label}: security requirement changed")
        self.servers(pointer, old_op.get("servers"), new_op.get("servers"), label)
        self.parameters(label, old, new, method)
        self.request_body(label, pointer, old_op, new_op)
        self.responses(label, pointer, old_op, new_op)

    def docs(
        self, pointer: str, label: str, what: str, old: Mapping[str, Json],
        new: Mapping[str, Json], keys: Iterable[str],
    ) -> None:
        for key in keys:
            if old.get(key) != new.get(key):
                self.add(pointer, f"{key}-changed", False, f"{label}: {what} {key} changed")

    def examples(
        self, pointer: str, label: str, what: str, old: Mapping[str, Json], new: Mapping[str, Json]
    ) -> None:
        if (old.get("example"), old.get("examples")) != (new.get("example"), new.get("examples")):
            self.add(pointer, "example-changed", False, f"{label}: {what} example changed")

    def parameters(
        self, label: str, old: tuple[str, dict[str, Json]], new: tuple[str, dict[str, Json]],
        method: str,
    ) -> None:
        old_params = operation_parameters(self.old_resolver, old[0], old[1], method)
        new_params = operation_parameters(self.new_resolver, new[0], new[1], method)
        for key in sorted(set(old_params) | set(new_params)):
            before, after = old_params.get(key), new_params.get(key)
            if after is None and before is not None:
                self.add(before.pointer, "parameter-removed", True,
                         f"{label}: {before.location} parameter `{before.name}` was removed")
            elif before is None and after is not None:
                kind = "parameter-added-required" if after.required else "parameter-added-optional"
                self.add(after.pointer, kind, after.required,
                         f"{label}: {after.location} parameter `{after.name}` was added"
                         + (" as required" if after.required else ""))
            elif before is not None and after is not None:
                self.parameter(label, before, after)

    def parameter(self, label: str, old: Param, new: Param) -> None:
        what = f"{new.location} parameter `{new.name}`"
        if old.required != new.required:
            kind = "parameter-became-required" if new.required else "parameter-became-optional"
            self.add(new.pointer, kind, new.required,
                     f"{label}: {what} became {'required' if new.required else 'optional'}")
        self.docs(new.pointer, label, what, old.raw, new.raw, ("description",))
        self.examples(new.pointer, label, what, old.raw, new.raw)
        if bool(old.raw.get("deprecated")) != bool(new.raw.get("deprecated")):
            self.add(new.pointer, "deprecation-changed", False,
                     f"{label}: {what} deprecated is now {bool(new.raw.get('deprecated'))}")
        (old_schema, old_ptr), (new_schema, new_ptr) = old.schema(), new.schema()
        self.schema(_Ctx(label, what, "request"), old_schema, old_ptr, new_schema, new_ptr)

    def request_body(
        self, label: str, pointer: str, old_op: Mapping[str, Json], new_op: Mapping[str, Json]
    ) -> None:
        old = self.old_resolver.object(old_op["requestBody"]) if "requestBody" in old_op else None
        new = self.new_resolver.object(new_op["requestBody"]) if "requestBody" in new_op else None
        old_ptr = self._old_op_pointer(pointer, "requestBody")
        new_ptr = join(pointer, "requestBody")
        if old is None and new is None:
            return
        if new is None:
            self.add(old_ptr, "request-body-removed", True, f"{label}: request body was removed")
            return
        required = new.get("required") is True
        if old is None:
            kind = "request-body-added-required" if required else "request-body-added-optional"
            self.add(new_ptr, kind, required, f"{label}: request body was added")
            return
        if (old.get("required") is True) != required:
            kind = "request-body-became-required" if required else "request-body-became-optional"
            self.add(new_ptr, kind, required,
                     f"{label}: request body became {'required' if required else 'optional'}")
        self.docs(new_ptr, label, "request body", old, new, ("description",))
        self.content(_Ctx(label, "request body", "request"), old, new, old_ptr, new_ptr)

    def _old_op_pointer(self, new_op_pointer: str, *tokens: str) -> str:
        """Operations are matched by path shape; the old pointer differs only in the path key."""
        return join(self.old_ops_by_new.get(new_op_pointer, new_op_pointer), *tokens)

    def responses(
        self, label: str, pointer: str, old_op: Mapping[str, Json], new_op: Mapping[str, Json]
    ) -> None:
        old = {str(k): v for k, v in (old_op.get("responses") or {}).items()}
        new = {str(k): v for k, v in (new_op.get("responses") or {}).items()}
        for status in sorted(set(old) | set(new)):
            old_ptr = self._old_op_pointer(pointer, "responses", status)
            new_ptr = join(pointer, "responses", status)
            if status not in new:
                kind = "success-response-removed" if is_success(status) else "response-removed"
                self.add(old_ptr, kind, is_success(status),
                         f"{label}: response {status} was removed")
            elif status not in old:
                self.add(new_ptr, "response-added", False, f"{label}: response {status} was added")
            else:
                before = self.old_resolver.object(old[status])
                after = self.new_resolver.object(new[status])
                what = f"response {status}"
                self.docs(new_ptr, label, what, before, after, ("description",))
                ctx = _Ctx(label, what, "response")
                self.content(ctx, before, after, old_ptr, new_ptr, is_success(status))

    def content(
        self, ctx: _Ctx, old: Mapping[str, Json], new: Mapping[str, Json], old_ptr: str,
        new_ptr: str, removal_breaks: bool = True,
    ) -> None:
        old_content = old.get("content") or {}
        new_content = new.get("content") or {}
        for media_type in sorted(set(old_content) | set(new_content)):
            before_ptr = join(old_ptr, "content", media_type)
            after_ptr = join(new_ptr, "content", media_type)
            if media_type not in new_content:
                self.add(before_ptr, "media-type-removed", removal_breaks,
                         f"{ctx.op}: {ctx.where} media type {media_type} was removed")
            elif media_type not in old_content:
                self.add(after_ptr, "media-type-added", False,
                         f"{ctx.op}: {ctx.where} media type {media_type} was added")
            else:
                before, after = old_content[media_type] or {}, new_content[media_type] or {}
                self.examples(after_ptr, ctx.op, f"{ctx.where} ({media_type})", before, after)
                self.schema(ctx, before.get("schema", {}), join(before_ptr, "schema"),
                            after.get("schema", {}), join(after_ptr, "schema"))

    # ---- schemas

    def schema(self, ctx: _Ctx, old: Json, old_ptr: str, new: Json, new_ptr: str) -> None:
        old_fields = self.old_walker.flatten(old, old_ptr)
        new_fields = self.new_walker.flatten(new, new_ptr)
        for key in sorted(set(old_fields) | set(new_fields)):
            before, after = old_fields.get(key), new_fields.get(key)
            if before is not None and after is not None:
                _FieldDiff(self, ctx, before, after).run()
            elif before is not None and _container_kept(key, new_fields):
                kind = f"{ctx.direction}-property-removed"
                self.add(before.pointer, kind, True, f"{ctx.op}: {ctx.subject(key)} was removed")
            elif after is not None and _container_kept(key, old_fields):
                self.property_added(ctx, after)

    def property_added(self, ctx: _Ctx, added: Field) -> None:
        message = f"{ctx.op}: {ctx.subject(added.key)} was added"
        if ctx.direction == "response":
            self.add(added.pointer, "response-property-added", False, message)
        elif added.info.required:
            self.add(added.pointer, "request-property-added-required", True,
                     message + " as required")
        else:
            self.add(added.pointer, "request-property-added-optional", False, message)


def _container_kept(key: Key, other: Mapping[Key, Field]) -> bool:
    """A property added/removed is reported only where its parent object exists on both sides."""
    if not _is_property(key):
        return False
    parent = other.get(key[:-1])
    return parent is not None and (not parent.info.types or "object" in parent.info.types)


def _accepts(types: frozenset[str], t: str) -> bool:
    return not types or t in types or (t == "integer" and "number" in types)


def _covers(a: frozenset[str], b: frozenset[str]) -> bool:
    """Every value of a type in ``b`` is valid for ``a``."""
    if not b:
        return not a
    return all(_accepts(a, t) for t in b)


def _tightened(keyword: str, old: Json, new: Json) -> bool:
    if keyword in _UPPER_BOUNDS:
        return new is not None and (old is None or new < old)
    if keyword in _LOWER_BOUNDS:
        return new is not None and (old is None or new > old)
    return new is not None  # pattern / multipleOf / uniqueItems added or changed


class _FieldDiff:
    """Compares one field present on both sides."""

    def __init__(self, differ: _Differ, ctx: _Ctx, old: Field, new: Field) -> None:
        self.differ, self.ctx, self.old, self.new = differ, ctx, old, new
        self.request = ctx.direction == "request"
        self.subject = ctx.subject(new.key)

    def add(self, kind: str, breaking: bool, message: str, pointer: str | None = None) -> None:
        self.differ.add(pointer or self.new.pointer, kind, breaking,
                        f"{self.ctx.op}: {self.subject} {message}")

    def run(self) -> None:
        self.required()
        self.nullable()
        if self.old.info.union or self.new.info.union:
            self.branches()
        else:
            self.types()
        self.enum()
        self.constraints()
        self.closed()
        self.documentation()

    def required(self) -> None:
        old, new = self.old.info.required, self.new.info.required
        if not _is_property(self.new.key) or old == new:
            return
        direction = self.ctx.direction
        if new:
            self.add(f"{direction}-property-became-required", self.request, "became required")
        else:
            self.add(f"{direction}-property-became-optional", not self.request, "became optional")

    def nullable(self) -> None:
        old, new = self.old.info.nullable, self.new.info.nullable
        if old == new:
            return
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
                self.add(f"{union}-branch-added", not self.request, f"gained a {label} branch",
                         pointer)
        for label, count in sorted((old - new).items()):
            for pointer in [p for lbl, p in old_pointers if lbl == label][-count:]:
                self.add(f"{union}-branch-removed", self.request, f"lost its {label} branch",
                         pointer)

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
            tightened = _tightened(keyword, before, after)
            kind = f"constraint-{'tightened' if tightened else 'relaxed'}-{self.ctx.direction}"
            self.add(kind, tightened == self.request, f"{keyword} changed from {before} to {after}")

    def closed(self) -> None:
        old, new = self.old.info.closed, self.new.info.closed
        if old != new:
            kind = "additional-properties-disallowed" if new else "additional-properties-allowed"
            self.add(kind, new and self.request,
                     "no longer accepts additional properties" if new
                     else "now accepts additional properties")

    def documentation(self) -> None:
        old, new = self.old.info, self.new.info
        for kind, before, after in (
            ("default-changed", old.default, new.default),
            ("example-changed", old.examples, new.examples),
        ):
            if before != after:
                self.add(kind, False, f"{kind.split('-')[0]} changed from {before or 'unset'} "
                                      f"to {after or 'unset'}")
        for kind, before, after in (
            ("description-changed", old.description, new.description),
            ("title-changed", old.title, new.title),
        ):
            if before != after:
                self.add(kind, False, f"{kind.split('-')[0]} changed ({_short(after)})")
        if old.deprecated != new.deprecated:
            self.add("deprecation-changed", False, f"deprecated is now {new.deprecated}")


def _branch_view(f: Field) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    if f.info.union:
        return f.info.branches, list(f.branch_pointers)
    labels = tuple(sorted(f.info.types)) or ("any",)
    return labels, [(label, f.pointer) for label in labels]


def _short(text: str | None, limit: int = 60) -> str:
    if not text:
        return "removed"
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _union_kind(keyword: str) -> str:
    return "any-of" if keyword == "anyOf" else "one-of"


def _values(values: Iterable[str]) -> str:
    return ", ".join(values)


# --------------------------------------------------------------------------- public API


def diff(old: Mapping[str, Json], new: Mapping[str, Json]) -> list[Change]:
    """All changes from ``old`` to ``new``, sorted by pointer then kind, without duplicates."""
    return _Differ(old, new).run()


def summary(changes: Iterable[Change]) -> dict[str, int]:
    items = list(changes)
    breaking = sum(1 for c in items if c.severity == BREAKING)
    return {"breaking": breaking, "non_breaking": len(items) - breaking}


def format_changes(changes: Iterable[Change], fmt: str = "text") -> str:
    """Render changes as ``text``, ``markdown`` or ``json`` (deterministic)."""
    ordered = sorted(changes)
    if fmt == "text":
        return _format_text(ordered)
    if fmt == "markdown":
        return _format_markdown(ordered)
    if fmt == "json":
        payload = {"changes": [asdict(c) for c in ordered], "summary": summary(ordered)}
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"unknown format {fmt!r}; expected text, markdown or json")


def _summary_line(changes: Sequence[Change]) -> str:
    counts = summary(changes)
    return f"{counts['breaking']} breaking, {counts['non_breaking']} non-breaking change(s)"


def _format_text(changes: Sequence[Change]) -> str:
    lines = [f"[{c.severity}] {c.kind} {c.pointer}\n    {c.message}" for c in changes]
    return "\n".join([*lines, _summary_line(changes)]) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _format_markdown(changes: Sequence[Change]) -> str:
    lines = ["## API changes", "", f"**{_summary_line(changes)}**", ""]
    if changes:
        lines += ["| severity | kind | pointer | change |", "|---|---|---|---|"]
        lines += [
            f"| {c.severity} | `{c.kind}` | `{_md_cell(c.pointer)}` | {_md_cell(c.message)} |"
            for c in changes
        ]
    return "\n".join(lines) + "\n"


def exit_code(changes: Iterable[Change], fail_on: str = "breaking") -> int:
    """1 when ``fail_on`` is hit ("breaking": any breaking change, "any": any change), else 0."""
    items = list(changes)
    if fail_on == "none":
        return 0
    if fail_on == "any":
        return int(bool(items))
    if fail_on == "breaking":
        return int(any(c.severity == BREAKING for c in items))
    raise ValueError(f"unknown fail_on {fail_on!r}; expected breaking, any or none")
