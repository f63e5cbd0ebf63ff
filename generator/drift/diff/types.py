"""The Python annotations of the generated client, spelt from the intermediate model alone.

`drift` may not import `models/` or `render/` (docs/architecture.md), and reading the real
annotations would need a datamodel-code-generator run; so this module spells them from
`Api.models_input` (the schema document dcg is given, its component schemas already named as
models.py's classes, the IR's hoisted classes included), as the two places spell them:

* a model field, as models.py's classes type it (`Annotated[...]` left out): `str | None` for
  an optional or nullable field, `list[Label]`, `dict[str, Any]`, `datetime`;
* an argument, as the resource modules render it (generator/render/signatures.py with
  generator/models/params.py's rewrites): model classes qualified and taking their `TypedDict`
  form (`_models.Label | _params.LabelParam`), enum classes their plain values
  (`_models.Color | _typing.Literal["red", "green"]`), URL and UUID types a `str`, containers
  of widened members covariant (`_abc.Sequence[...]`), `| NotGiven` when it may be left out.

What only dcg decides is spelt by its rule: an inline object or enum inside a class's field
becomes the class `<Owner><Field>` (`CompletionRequest.stream_options` ->
`CompletionRequestStreamOptions`; dcg adds a digit when that name is taken, which this module
does not foresee). `tests/drift/test_client_types.py` proves the spellings agree with the
golden packages (tests/golden/) on the feature documents.
"""

from __future__ import annotations

import functools
import json
import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from generator.document.refs import MAPPINGS
from generator.document.schemas import branches_beside_properties, merged_union, merges_a_union
from generator.drift.diff.walk import LOWER_BOUNDS, UPPER_BOUNDS
from generator.names.aliases import _dcg_snake_case
from generator.names.hidden import hidden_builtins, unhidden

SCHEMAS_PREFIX = "#/components/schemas/"
# (type, format) -> (module, name) of what models.py imports for it; a plain type otherwise
_FORMATS = {
    ("string", "date-time"): ("datetime", "datetime"),
    ("string", "date"): ("datetime", "date"),
    ("string", "time"): ("datetime", "time"),
    ("string", "uuid"): ("uuid", "UUID"),
}
_SCALARS = frozenset({str, int, float, bool, type(None)})
_PLAIN = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
# the keywords dcg makes a root model's constraints of: the differ's bounds, `pattern` and
# `multipleOf` (`uniqueItems` left out, as dcg does; `format` is a type, not a constraint)
_CONSTRAINTS = frozenset({*UPPER_BOUNDS, *LOWER_BOUNDS, "pattern", "multipleOf"})
_BINARY = frozenset({"binary"})
MAX_DEPTH = 64  # a schema nested deeper is spelt `Any` (dcg would have hoisted it)
MAX_INLINED_TYPES = 1_000  # a root model larger than this stays named (models/fan_out.py)
# characters of a root model's widened argument type past which it stays the model alone, as
# models/params.py keeps a root past MAX_WIDENED_NODES unwidened (measured there in AST nodes;
# here in text, so the two bounds agree only roughly, on types no document writes by hand)
MAX_WIDENED_TEXT = 20_000


@dataclass(frozen=True)
class Node:
    """One member of a union: a builtin (`str`), an import (`pydantic.AnyUrl`), a model class,
    a literal, `None`, or a `list` / `dict` of a union."""

    kind: str  # "plain", "import", "class", "literal", "none", "list", "dict"
    name: str = ""  # plain / class name; the module of an import
    attr: str = ""  # an import's name
    items: tuple[Node, ...] = ()  # a list's or dict's value union
    values: tuple[str | int | float | bool, ...] = ()  # a literal's


ANY = Node("import", "typing", "Any")
_MISSING = object()  # (`Typing.schema`: a component whose schema is null is still found)
NONE = Node("none")


class Typing:
    """The annotations of one side's generated client."""

    def __init__(self, models_input: Mapping[str, Any]) -> None:
        components = models_input.get("components") or {}
        self.schemas: Mapping[str, Any] = components.get("schemas") or {}
        self.inline: dict[str, Mapping[str, Any]] = {}  # classes dcg makes of inline schemas
        # (component, branch index) -> the class dcg makes of that inline branch of the
        # component's own union (`Upgrade`'s `oneOf/1`: `UpgradeUpgrade1`)
        self.branch_classes: dict[tuple[str, int], str] = {}
        self.collapsing: set[str] = set()  # root models being inlined (a circular one stays)
        self.roots: dict[str, list[Node]] = {}  # each root model's type, worked out once
        # each class's fields and required names, worked out once: `allOf` parts shared level
        # after level (a fan-out) would otherwise be walked once per path, 2**levels times
        self._wires: dict[str, list[str]] = {}
        self._found: dict[tuple[str, str], tuple[Any, str]] = {}
        self._needed: dict[tuple[str, str], bool] = {}
        # each root model's widened argument spelling, by the roots being expanded around it
        self.widened: dict[tuple[str, frozenset[str]], tuple[list[str], bool]] = {}
        self._unions: dict[str, bool] = {}  # whether each class merges in a union, once
        self._kinds: dict[str, str] = {}  # each class's kind (`kind_of`), once its schema is known
        # `<Name>Item` -> the name dcg gives the inline item class of the root list `<Name>`
        self.item_names: dict[str, str] = {}
        # where each root model was written into its use (`--collapse-root-models`), and the
        # roots some use keeps named: a root inlined everywhere it is used has no class
        self.site: tuple[str, str] = ("", "")  # the field (or root model: "") being typed
        self.inlined_at: dict[str, dict[tuple[str, str], None]] = {}  # (an ordered set)
        self.kept: set[str] = set()
        # the type aliases dcg makes of a map's constrained values (`TypeAliasType`): named
        # as they are in arguments, never widened
        self.aliases: set[str] = set()
        # inline name (`<Owner><Field>`) -> the field's own name (`<Field>`), and the classes
        # dcg makes of a field's inline `allOf`, which it names so (`_all_of_members`)
        self.bare: dict[str, str] = {}
        self.all_of_classes: set[str] = set()
        self._early: frozenset[str] | None = None  # (`_referenced_early`)
        self.list_names: dict[str, str] = {}  # a list's items' inline name -> the list's
        self._merged: dict[str, dict[str, Any] | None] = {}  # (`merged`)

    def _resolve(self, schema: Any) -> Any:
        target = _target(schema)
        return self.schema(target) if target else schema

    def merges_union(self, name: str) -> bool:
        """Whether class `name`'s `allOf` merges in a union that makes classes: dcg makes it
        a root model of one class per branch (`document.schemas.merges_a_union`, the rule
        `ir.bodies` makes such a body one argument by), with no fields of its own."""
        if name not in self._unions:
            self._unions[name] = merges_a_union(self.schema(name), self._resolve, MAX_DEPTH)
        return self._unions[name]

    def _root_like(self, name: str) -> bool:
        """A root model of its branches' classes, which hold the fields."""
        return branches_beside_properties(self.schema(name)) or self.merges_union(name)

    def schema(self, name: str) -> Any:
        found = self.schemas.get(name, _MISSING)
        return self.inline.get(name) if found is _MISSING else found

    # ---- reading the classes ----------------------------------------------------------

    def kind_of(self, name: str) -> str:
        """"object" (a BaseModel), "enum" or "root" (a RootModel) for the class `name`."""
        found = self._kinds.get(name)
        if found is None:
            found = self._own_kind(name)
            if self.schema(name) is not None:  # (an inline class not met yet may be later)
                self._kinds[name] = found
        return found

    def _own_kind(self, name: str) -> str:
        schema = self.schema(name)
        if not isinstance(schema, MAPPINGS):
            return "object"
        if "enum" in schema and "properties" not in schema:
            return "root" if _single_value(schema["enum"]) else "enum"
        if self._root_like(name):
            return "root"
        if "properties" in schema or "allOf" in schema or _is_free_object(schema):
            return "object"
        return "root"

    def has_field(self, class_name: str, wire: str) -> bool:
        return self._property(class_name, wire)[0] is not None

    def wires(self, name: str, depth: int = 0) -> list[str]:
        """The wire names of the fields of class `name`, its `allOf` parts' included."""
        if name not in self._wires:
            self._wires[name] = []  # an `allOf` cycle ends here
            self._wires[name] = self._own_wires(name, depth)
        return self._wires[name]

    def _own_wires(self, name: str, depth: int) -> list[str]:
        schema = self.schema(name)
        if not isinstance(schema, MAPPINGS) or depth > MAX_DEPTH \
                or self._root_like(name):  # a root model: its branches have them
            return []
        merged = self.merged(name)
        if merged is not None:
            return [w for w in merged if isinstance(w, str)]
        found = list(schema.get("properties") or {})
        for part in schema.get("allOf") or ():
            target = _target(part)
            found += (self.wires(target, depth + 1) if target else
                      list(part.get("properties") or {}) if isinstance(part, Mapping) else [])
        return [w for w in dict.fromkeys(found) if isinstance(w, str)]

    def _property(self, class_name: str, wire: str, depth: int = 0) -> tuple[Any, str]:
        """The field's schema and the name dcg gives a class made of it: `<Owner><Field>`, or
        `<Field>` alone for a property of an inline `allOf` part (dcg's merged parts)."""
        key = (class_name, wire)
        if key not in self._found:
            self._found[key] = None, ""  # an `allOf` cycle ends here
            self._found[key] = self._own_property(class_name, wire, depth)
        return self._found[key]

    def _own_property(self, class_name: str, wire: str, depth: int) -> tuple[Any, str]:
        schema = self.schema(class_name)
        if not isinstance(schema, MAPPINGS) or depth > MAX_DEPTH \
                or self.merges_union(class_name):  # a root model: its branches have them
            return None, ""
        merged = self.merged(class_name)
        found = (merged if merged is not None else schema.get("properties") or {}).get(wire)
        if merged is not None:  # (named as an inline part's property is, below)
            return (found, self._part_property_name(class_name, wire)) \
                if isinstance(found, Mapping) else (None, "")
        parts = [part for part in schema.get("allOf") or () if isinstance(part, Mapping)]
        if isinstance(found, Mapping) and parts:
            # (a property beside an `allOf`: dcg reads it as one more inline part, linode's
            # `Linode: {allOf: [$ref LinodeBase], properties: {alerts: {...}}}` -> `Alerts`)
            return found, self._part_property_name(class_name, wire)
        if isinstance(found, Mapping):
            return found, self._named(class_name + _pascal(wire), _pascal(wire))
        for part in parts:  # an inline part's own property overrides an inherited one
            own = (part.get("properties") or {}).get(wire) if not _target(part) else None
            if isinstance(own, Mapping):
                return own, self._part_property_name(class_name, wire)
        for part in parts:
            target = _target(part)
            inherited = self._property(target, wire, depth + 1) if target else (None, "")
            if inherited[0] is not None:
                return inherited
        return None, ""

    def _part_property_name(self, class_name: str, wire: str) -> str:
        """The class dcg makes of an object property an `allOf` part of `class_name` declares:
        `<Name><Field>` for a field's inline `allOf` and a component referenced early
        (`_referenced_early`), else `<Field>`."""
        if class_name in self.all_of_classes or class_name in self._referenced_early():
            return self._named(class_name + _pascal(wire), _pascal(wire))
        return _pascal(wire)

    def merged(self, name: str) -> dict[str, Any] | None:
        """The properties of class `name` when dcg merges its `allOf` into one class instead
        of inheriting (its `merge_all_of_object`: not exactly one `$ref` part, and some
        property the parts declare differently: Figma's `TableNode`, seven traits and its own
        `type`), each property's declarations merged in part order; its inline classes are
        then `<Name><Field>` (`TableNodeStrokeAlign`, not the trait's `MinimalStrokesTrait
        StrokeAlign`). None where it does not."""
        if name not in self._merged:
            self._merged[name] = None
            schema = self.schema(name)
            parts = schema.get("allOf") if isinstance(schema, Mapping) else None
            if isinstance(parts, list) and sum(1 for p in parts if _target(p)) != 1:
                self._merged[name] = _merged_properties(
                    [self._resolve(part) for part in parts])
        return self._merged[name]

    def _referenced_early(self) -> frozenset[str]:
        """The component schemas another one whose name sorts before theirs references (a
        `$ref` anywhere in it). dcg parses the components in that order and reaches these
        through the reference first: the inline classes of their `allOf` parts are then named
        `<Name><Field>` (`ZedZ1`, `Mule.saddle` -> `MuleSaddle`), not `<Field>` as for a
        component parsed on its own (`Abc.a1` -> `A1`, Dog's `Collar`). Whatever titles the
        parts have (an allOf part's `title` seemed to decide it: it does not)."""
        if self._early is None:
            early: set[str] = set()
            for name, schema in self.schemas.items():
                early.update(target for target in _targets_in(schema) if target > name)
            self._early = frozenset(early)
        return self._early

    def _named(self, name: str, bare: str) -> str:
        """`name`, noting the name dcg gives the class when it names it after the field alone
        (`bare`: an inline `allOf` of a field is `<Field>`, where an object is `<Owner><Field>`)."""
        self.bare.setdefault(name, bare)
        return name

    def _required(self, class_name: str, wire: str, depth: int = 0) -> bool:
        key = (class_name, wire)
        if key not in self._needed:
            self._needed[key] = False  # an `allOf` cycle ends here
            self._needed[key] = self._own_required(class_name, wire, depth)
        return self._needed[key]

    def _own_required(self, class_name: str, wire: str, depth: int) -> bool:
        schema = self.schema(class_name)
        if not isinstance(schema, MAPPINGS) or depth > MAX_DEPTH:
            return False
        if wire in (schema.get("required") or ()):
            return True
        return any(self._required(_target(part) or "", wire, depth + 1) if _target(part) else
                   isinstance(part, Mapping) and wire in (part.get("required") or ())
                   for part in schema.get("allOf") or ())

    def field_union(self, class_name: str, wire: str) -> list[Node] | None:
        """The field's type as models.py gives it, or None when the class has no such field.
        An optional field is `| None` unless it has a default (dcg then writes `= default`)."""
        schema, inline_name = self._property(class_name, wire)
        if schema is None:
            return None
        outer, self.site = self.site, (class_name, wire)
        try:
            union = self.union(schema, inline_name, 0)
        finally:
            self.site = outer
        has_default = schema.get("default") is not None
        if not self._required(class_name, wire) and not has_default and NONE not in union:
            union = [*union, NONE]
        return union

    def union(self, schema: Any, inline_name: str, depth: int,
              contained: bool = False, part: bool = False) -> list[Node]:
        """The members `schema` is typed as; an inline class is named `inline_name`.
        `contained`: `schema` is a list's items, a map's values or a union's branch; `part`:
        an `allOf`'s one part (whose `$ref` takes no null from its target)."""
        if not isinstance(schema, MAPPINGS) or depth > MAX_DEPTH:
            return [ANY]
        target = _target(schema)
        if target is not None:
            nullable = [NONE] if schema.get("nullable") is True or (
                not part and self._null_target(target)) else []
            if self.kind_of(target) == "root":
                if self._collapses(target, contained):
                    inlined = self.root_union(target, depth)
                    if _size(inlined) <= MAX_INLINED_TYPES:  # dcg collapses (models/fan_out)
                        self.inlined_at.setdefault(target, {})[self.site] = None
                        return _unique([*inlined, *nullable])
                self.kept.add(target)
            return [Node("class", target), *nullable]
        members = self._members(schema, inline_name, depth)
        kinds = schema.get("type")
        if (schema.get("nullable") is True or isinstance(kinds, list) and "null" in kinds) \
                and NONE not in members:  # (3.1's `type: [object, "null"]` with properties)
            members.append(NONE)
        return _unique(members)

    def _null_target(self, name: str) -> bool:
        """Whether dcg types each `$ref` to the class `name` `| None` (its `ref-target` null):
        an object class whose schema takes null (`nullable: true`, or a `type` list holding
        null), an enum class `nullable: true`; not a root model (a collapsed one's null is in
        the type written out, a kept one's in its own `RootModel[... | None]`)."""
        schema = self.schema(name)
        if not isinstance(schema, MAPPINGS):
            return False
        kind = self.kind_of(name)
        kinds = schema.get("type")
        return (kind in ("object", "enum") and schema.get("nullable") is True) or (
            kind == "object" and isinstance(kinds, list) and "null" in kinds)

    def _collapses(self, name: str, contained: bool) -> bool:
        """Whether dcg writes the root model `name`'s type into a use (`--collapse-root-models`,
        its `keeps_root_model_named`), rather than naming the class: not a circular root, nor
        one whose type is another model (`RootModel[Item]`: a `$ref` alone), nor a root with
        constraints of its own (`maxLength`...) used as a list's items, a map's values or a
        union's branch, nor a constrained map."""
        schema = self.schema(name)
        if name in self.collapsing or not isinstance(schema, MAPPINGS) or _target(schema):
            return False
        if not _CONSTRAINTS & schema.keys():
            return True
        return not contained and schema.get("type") != "object" \
            and "additionalProperties" not in schema

    def _members(self, schema: Mapping[str, Any], inline_name: str, depth: int) -> list[Node]:
        if "const" in schema:
            return [Node("literal", values=(schema["const"],))] if _scalar(schema["const"]) \
                else [ANY]
        enum = schema.get("enum")
        if isinstance(enum, list) and enum and all(v is None for v in enum):
            return [NONE]  # (`enum: [null]`: dcg's `None`, no class)
        if _single_value(enum) and "properties" not in schema:
            return [Node("literal", values=(enum[0],))]  # dcg's single-value enum
        if branches_beside_properties(schema):
            return self._merged_branches(schema, inline_name)
        if "enum" in schema or schema.get("properties"):
            self.inline.setdefault(inline_name, schema)
            return [Node("class", inline_name)]
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list):
                return self._branches(schema, schema[key], inline_name, depth)
        if isinstance(schema.get("allOf"), list):
            return self._all_of_members(schema, inline_name, depth)
        kinds = _kinds(schema)
        if isinstance(kinds, list):
            return [m for kind in kinds for m in self._typed(schema, kind, inline_name, depth)]
        return self._typed(schema, kinds, inline_name, depth)

    def _branches(self, schema: Mapping[str, Any], branches: list[Any], inline_name: str,
                  depth: int) -> list[Node]:
        """A union's members. An inline branch dcg makes a class of (an object, or a branch
        with constraints of its own, a number's bounds, a string's `maxLength`...: the root
        model `str | LatitudeLatitude`) is named after the union, `<Name><Name>` for a
        component's, `<Owner><Field>` for a field's (a list's items: the list's name), then
        numbered among those branches (`HolderTwo | HolderTwo1`)."""
        base = (inline_name * 2 if self.schemas.get(inline_name) is schema
                else self.list_names.get(inline_name, inline_name))
        found: list[Node] = []
        count = 0  # the branches made classes so far: `<base>`, `<base>1`, `<base>2`...
        owner, wire = self.site
        own = not wire and self.schemas.get(owner) is schema  # a component's own union
        for index, branch in enumerate(branches):
            name = f"{base}{count or ''}"
            if _constrained_value(branch):
                self.inline.setdefault(name, branch)
                nodes = [Node("class", name)]
            else:
                nodes = self.union(branch, name, depth + 1, True)
            made = any(node.kind == "class" and node.name == name for node in nodes)
            if made and own:
                self.branch_classes[(owner, index)] = name
            count += made
            found += nodes
        return found

    def _all_of_members(self, schema: Mapping[str, Any], inline_name: str,
                        depth: int) -> list[Node]:
        """An `allOf`: its one part's type, the branches' classes of a union it merges in,
        else the class dcg merges the parts into."""
        all_of = schema["allOf"]
        union = merged_union(schema, self._resolve, MAX_DEPTH)
        if union is not None:
            return self._merged_all_of(*union, inline_name)
        if len(all_of) == 1 and not (isinstance(all_of[0], Mapping) and not _target(all_of[0])
                                     and "properties" in all_of[0]):
            return self.union(all_of[0], inline_name, depth + 1, part=True)
        # dcg names the class of a field's inline `allOf` after the field alone (`FRefPart`, a
        # list's items `FItem`), and its parts' inline classes after it (`FRefPartD1`)
        name = self.bare.get(inline_name, inline_name)
        if name in self.schemas or self.inline.get(name, schema) is not schema:
            # dcg numbers a name already taken (`Repository2` beside the component
            # `Repository`), which is not foreseen: the field's full name, never the other class
            name = inline_name
        if name not in self.schemas:
            self.inline.setdefault(name, schema)
            self.all_of_classes.add(name)
        return [Node("class", name)]

    def _merged_branches(self, schema: Mapping[str, Any], name: str) -> list[Node]:
        """dcg's reading of a `oneOf`/`anyOf` beside properties: one class per branch, the
        properties with the branch's own (and its `required`) merged in, named `<name>`,
        `<name>1`, `<name>2`..."""
        branches = next(schema[k] for k in ("oneOf", "anyOf") if schema.get(k))
        found = []
        for index, branch in enumerate(branches):
            own = self.schema(_target(branch) or "") if _target(branch) else branch
            own = own if isinstance(own, Mapping) else {}
            merged = {"type": "object",
                      "properties": {**(schema.get("properties") or {}),
                                     **(own.get("properties") or {})},
                      "required": [*(schema.get("required") or ()), *(own.get("required") or ())]}
            branch_name = f"{name}{index or ''}"
            self.inline.setdefault(branch_name, merged)
            found.append(Node("class", branch_name))
        return found

    def _merged_all_of(self, part: Mapping[str, Any], beside: list[Any],
                       name: str) -> list[Node]:
        """dcg's reading of an `allOf` that merges in a union (`merged_union`: the `part` holding
        it, the parts merged `beside`): one class per branch (a `{type: null}` one left out),
        each the branch with the other parts merged in. dcg first makes a class of the merged
        other parts and one of each inline branch, named `<name>`, `<name>1`..., then the
        branches' own, numbered on: `allOf: [oneOf: [$ref: A, $ref: B], {role}]` is `<name>1 |
        <name>2`, with inline branches A and B `<name>3 | <name>4` (checked against generated
        packages by tests/drift/test_merged_union_body.py). Only the first union is read: a
        schema merging several, or one deeper than a part's own `allOf`, is spelt by this rule
        all the same."""
        branches = [b for b in next(part[k] for k in ("oneOf", "anyOf") if part.get(k))
                    if not _null_only(b)]
        helpers = 1 + sum(1 for b in branches if _target(b) is None)
        members = []
        for index, branch in enumerate(branches):
            branch_name = f"{name}{helpers + index}"
            self.inline.setdefault(branch_name, {"allOf": [branch, *beside]})
            members.append(Node("class", branch_name))
        return members

    def _typed(self, schema: Mapping[str, Any], kind: Any, inline_name: str,
               depth: int) -> list[Node]:
        if kind == "null":
            return [NONE]
        if kind == "array":
            items = schema.get("items")
            # dcg names an inline item class by its list's singular (`Data` -> `Datum`,
            # `Items` -> `Item`), `<name>Item` where the name is no plural
            item_name = self.item_names.get(f"{inline_name}Item") or _singular(inline_name)
            if inline_name in self.bare:
                self.bare.setdefault(item_name, _singular(self.bare[inline_name]))
            self.list_names.setdefault(item_name, inline_name)
            if _constrained_value(items):  # its constraints are a root model's own
                self.inline.setdefault(item_name, items)
                return [Node("list", items=(Node("class", item_name),))]
            if isinstance(items, Mapping) and items.get("type") == "array":
                # a list's list names its items as its own items are named (no class between)
                self.item_names.setdefault(f"{item_name}Item", item_name)
            inner = self.union(items, item_name, depth + 1, True) if items else [ANY]
            return [Node("list", items=tuple(inner))]
        if kind == "object" or (kind is None and "additionalProperties" in schema):
            extra = schema.get("additionalProperties")
            if _constrained_value(extra):  # a type alias of the constrained type, no class
                alias = f"{inline_name}AdditionalProperty"
                self.inline.setdefault(alias, extra)
                self.aliases.add(alias)
                return [Node("dict", items=(Node("class", alias),))]
            # (an inline class of the values takes the map's own name)
            inner = (self.union(extra, inline_name, depth + 1, True)
                     if isinstance(extra, Mapping) and extra else [ANY])
            return [Node("dict", items=tuple(inner))]
        fmt = schema.get("format")
        if kind == "string" and fmt in _BINARY:
            return [Node("plain", "bytes")]
        found = _FORMATS.get((kind, fmt)) if isinstance(fmt, str) else None
        if found is not None:
            return [Node("import", found[0], found[1])]
        plain = _PLAIN.get(kind) if isinstance(kind, str) else None
        return [Node("plain", plain)] if plain else [ANY]

    def enum_values(self, name: str) -> tuple[Any, ...]:
        schema = self.schema(name)
        values = schema.get("enum") if isinstance(schema, Mapping) else None
        return tuple(v for v in values if v is not None) if isinstance(values, list) else ()

    def root_union(self, name: str, depth: int = 0) -> list[Node]:
        """The type the root model `name` wraps (its own name where it is circular)."""
        found = self.roots.get(name)
        if found is None:
            self.collapsing.add(name)
            schema = self.schema(name)
            # dcg names the branches of a component's union beside properties `<Name><Name>`
            inline_name = name * 2 if self._root_like(name) else name
            items = schema.get("items") if isinstance(schema, Mapping) else None
            if inline_name == name and isinstance(items, Mapping) and "$ref" not in items:
                # dcg names a root list's inline item class after the list's singular, as its
                # `get_singular_name` spells it: `Dreps` -> `DrepsDrep`, `Content` ->
                # `ContentContentItem` (a property's list items are hoisted as `<Name>Item`)
                self.item_names[f"{name}Item"] = name + _singular(name)
            outer, self.site = self.site, (name, "")
            try:
                found = self.roots[name] = self.union(schema, inline_name, depth + 1)
            finally:
                self.collapsing.discard(name)
                self.site = outer
        return found


@functools.cache
def _singular(name: str) -> str:
    """`name`'s singular as datamodel-code-generator spells it (its own function, so that the
    class names said are the ones models.py has), else `<name>Item`."""
    from datamodel_code_generator.reference import get_singular_name

    return str(get_singular_name(name))


# formats whose Python type takes no length or pattern (dcg drops those constraints there)
_UNCONSTRAINED_FORMATS = frozenset({"date-time", "date", "time", "uuid", "ipv4", "ipv6"})
_BOUNDS_OF = {
    "string": frozenset({"minLength", "maxLength", "pattern"}),
    "integer": frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
                          "multipleOf"}),
    "array": frozenset({"minItems", "maxItems", "uniqueItems"}),
}
_BOUNDS_OF["number"] = _BOUNDS_OF["integer"]


def _constrained_value(schema: Any) -> TypeGuard[Mapping[str, Any]]:
    """Whether dcg makes a list's items (a map's values) a root model (a type alias) of their
    own: a string, number or array inline with constraints its Python type takes
    (`list[BodyTag]`, `BodyTag(RootModel[str])` holding `max_length=3`), which `Field()` of
    the list could not say."""
    if not isinstance(schema, Mapping) or _COMPOSED & schema.keys():
        return False
    kind = schema.get("type")
    if not isinstance(kind, str) or schema.get("format") in _UNCONSTRAINED_FORMATS:
        return False
    return bool(_BOUNDS_OF.get(kind, frozenset()) & schema.keys())


_COMPOSED = frozenset({"$ref", "enum", "const", "properties", "oneOf", "anyOf", "allOf"})


def _scalar(value: Any) -> bool:
    """A value a `Literal[...]` can hold (and a `Node` can hash)."""
    return isinstance(value, str | int | float | bool)


def _size(union: list[Node], limit: int = MAX_INLINED_TYPES) -> int:
    """The types in `union`, counted up to just past `limit` (shared parts count each time,
    as they would be written out)."""
    total, stack = 0, list(union)
    while stack and total <= limit:
        node = stack.pop()
        total += 1
        stack.extend(node.items)
    return total


def _merged_properties(parts: list[Any]) -> dict[str, Any] | None:
    """The parts' own properties merged, each declaration's keywords over the earlier ones',
    when some property is declared differently by two parts; else None (dcg inherits)."""
    declared: dict[str, list[Any]] = {}
    for part in parts:
        for wire, prop in ((part.get("properties") or {}).items()
                           if isinstance(part, Mapping) else ()):
            declared.setdefault(wire, []).append(prop)
    if not any(len({json.dumps(p, sort_keys=True, default=repr) for p in props}) > 1
               for props in declared.values()):
        return None
    return {wire: functools.reduce(lambda a, b: {**a, **b} if isinstance(a, Mapping)
                                   and isinstance(b, Mapping) else b, props)
            for wire, props in declared.items()}


def _targets_in(schema: Any) -> set[str]:
    """The component schemas `$ref`s in `schema` name, at any depth (literal data too: a
    name more can only make a class name longer where dcg's is, never wrongly shorter)."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, MAPPINGS):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX):
                target = _target(node)
                if target is not None:
                    found.add(target)
            stack.extend(v for v in node.values() if _is_container(v))
        elif isinstance(node, list):
            stack.extend(v for v in node if _is_container(v))
    return found


def _is_container(value: Any) -> bool:
    """A mapping or a list: a plain dict or list answered without the ABC's check (most of a
    document's values are strings, which `isinstance(value, Mapping)` would ask the ABC of)."""
    kind = value.__class__
    return kind is dict or kind is list or (
        kind not in _SCALARS and isinstance(value, Mapping | list))


def _null_only(schema: Any) -> bool:
    """A `{type: null}` branch: `| None`, no class of its own."""
    return isinstance(schema, Mapping) and schema.get("type") == "null" and len(schema) == 1


def _kinds(schema: Mapping[str, Any]) -> Any:
    """A schema's `type`; `object` for one without a type whose `properties` are empty, which
    is dcg's free-form dict as `type: object` is (an inline object with no properties is no
    class: traccar 4.3 -> 5.6's `Position.network`, `dict[str, Any]`, said `PositionNetwork`)."""
    kinds = schema.get("type")
    return "object" if kinds is None and "properties" in schema else kinds


def _is_free_object(schema: Mapping[str, Any]) -> bool:
    """`type: object` and nothing to say which: a free-form object (`dict[str, Any]`). With a
    `oneOf`/`anyOf` it is a union of its branches (GitHub's `repository-rule`), which dcg
    makes a root model and collapses into its uses (`list[RepositoryRuleCreation | ...]`)."""
    extra = schema.get("additionalProperties")
    return schema.get("type") == "object" and "properties" not in schema \
        and extra in (None, True, {}) and "oneOf" not in schema and "anyOf" not in schema


def _target(schema: Any) -> str | None:
    ref = schema.get("$ref") if isinstance(schema, MAPPINGS) else None
    if isinstance(ref, str) and ref.startswith(SCHEMAS_PREFIX) \
            and "/" not in ref[len(SCHEMAS_PREFIX):]:
        return ref[len(SCHEMAS_PREFIX):]
    return None


@functools.cache  # a document names the same few fields (`id`, `url`...) in every schema
def _pascal(wire: str) -> str:
    """dcg's class name part for a field: `stream_options` -> `StreamOptions`."""
    words = [w for w in "".join(c if c.isalnum() else " " for c in wire).split() if w]
    return "".join(w[:1].upper() + w[1:] for w in words) or "Field"


def _unique(members: list[Node]) -> list[Node]:
    return list(dict.fromkeys(members))


def _literal(value: Any) -> str:
    """As ruff formats it: strings in double quotes."""
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


# ---- models.py's spelling -------------------------------------------------------------


# what `field_text` spells a member that is no model class as: builtins and imported names
_NOT_CLASSES = frozenset({*_PLAIN.values(), "bytes", "None", ANY.attr,
                          *(name for _, name in _FORMATS.values())})


def names_class(member: str) -> bool:
    """Whether a member `field_text` spelt (`Pet`, `str`, `list[Pet]`) is a models.py class."""
    return member.isidentifier() and member not in _NOT_CLASSES


def field_text(union: list[Node]) -> str:
    """`str | None`, `list[Label]`, `dict[str, Any]`, as models.py's fields are typed."""
    return " | ".join(_field_member(m) for m in union)


def _field_member(node: Node) -> str:
    if node.kind == "none":
        return "None"
    if node.kind in ("plain", "class"):
        return node.name
    if node.kind == "import":
        return node.attr
    if node.kind == "literal":
        return f"Literal[{', '.join(_literal(v) for v in node.values)}]"
    inner = field_text(list(node.items))
    return f"list[{inner}]" if node.kind == "list" else f"dict[str, {inner}]"


# ---- the resource modules' spelling ---------------------------------------------------


class _Arguments:
    """An argument's union rewritten as a signature reads it (models/params.py's `_source`)."""

    def __init__(self, typing: Typing) -> None:
        self.typing = typing
        self.expanding: set[str] = set()

    def text(self, union: list[Node]) -> tuple[str, bool]:
        """The spelling, and whether a model class in it was widened."""
        parts: list[str] = []
        widened = False
        for node in union:
            spelt, wide = self._member(node)
            widened |= wide
            parts.extend(spelt)
        return " | ".join(dict.fromkeys(parts)), widened

    def _member(self, node: Node) -> tuple[list[str], bool]:
        if node.kind == "none":
            return ["None"], False
        if node.kind == "plain":
            return [node.name], False
        if node.kind == "import":
            qualified = f"_{node.name}.{node.attr}"
            takes_str = node.attr == "UUID" or node.attr.endswith(("Url", "Dsn"))
            return ([qualified, "str"] if takes_str else [qualified]), False
        if node.kind == "literal":
            return [f"_typing.Literal[{', '.join(_literal(v) for v in node.values)}]"], False
        if node.kind == "class":
            return self._class(node.name)
        inner, widened = self.text(list(node.items))
        if node.kind == "list":
            return [f"{'_abc.Sequence' if widened else 'list'}[{inner}]"], widened
        return [f"{'_abc.Mapping' if widened else 'dict'}[str, {inner}]"], widened

    def _class(self, name: str) -> tuple[list[str], bool]:
        kind = self.typing.kind_of(name)
        if kind == "enum":
            values = self.typing.enum_values(name)
            literal = f"_typing.Literal[{', '.join(_literal(v) for v in values)}]"
            return [f"_models.{name}", *([literal] if values else [])], False
        if kind == "object":
            return [f"_models.{name}", f"_params.{name}Param"], True
        if name in self.expanding or name in self.typing.aliases:
            return [f"_models.{name}"], False  # (a recursive root model stays the model)
        key = (name, frozenset(self.expanding))  # roots reached many times are spelt once
        if key not in self.typing.widened:
            self.expanding.add(name)
            try:
                inner = self.text(self.typing.root_union(name))[0]
            finally:
                self.expanding.discard(name)
            # (a root model widened with its type: a list of it is a `Sequence`)
            self.typing.widened[key] = ([f"_models.{name}"], False) if (
                len(inner) > MAX_WIDENED_TEXT) else ([f"_models.{name}", inner], True)
        return self.typing.widened[key]


def argument_text(typing: Typing, param: Any, body: Any) -> str:
    """The annotation of `param` (an `ir.Param`) in the generated method's signature."""
    annotation = _argument_type(typing, param, body)
    optional = param.omittable
    return f"{annotation} | NotGiven" if optional else annotation


def _argument_type(typing: Typing, param: Any, body: Any) -> str:
    if param.location != "body" or param.model_key:
        union = typing.field_union(param.model_class, param.model_key)
        if union is None:
            return "object"
        if body is not None and param.location == "body" and param.model_key in body.file_fields:
            return "list[FileContent]" if union[0].kind == "list" else "FileContent"
        if not param.nullable:
            union = [m for m in union if m != NONE] or union
        return _Arguments(typing).text(union)[0]
    if param.model_class:
        kind = typing.kind_of(param.model_class)
        if (kind == "object" and not _has_fields(typing, param.model_class)) or (
                body is not None and body.kind == "multipart"):
            return "Mapping[str, object]"
        if kind == "root":  # the whole body's type: the root model's, widened
            return _Arguments(typing).text(typing.root_union(param.model_class))[0]
        return _Arguments(typing).text([Node("class", param.model_class)])[0]
    if body is not None and body.kind == "content":
        return "str" if body.is_text else "bytes"
    return "object"


def _has_fields(typing: Typing, name: str) -> bool:
    schema = typing.schema(name)
    return isinstance(schema, Mapping) and bool(schema.get("properties") or schema.get("allOf"))


@dataclass(frozen=True)
class Annotations:
    """One side's annotations, looked up by the changes: small enough to send from the child
    that builds the intermediate model (strings, not schemas)."""

    arguments: dict[tuple[str, str], str]  # (operation pointer, argument) -> its annotation
    fields: dict[tuple[str, str], str]  # (models.py class, field's wire name) -> its annotation
    # (class, wire name) -> the one object class the field holds (in a list or map too): where
    # a change deeper inside the field lands
    nested: dict[tuple[str, str], str] = field(default_factory=dict)
    # each enum class -> its members, (value as JSON, member name or None where not foreseen):
    # a value removed is a member gone, which code naming it breaks on
    enums: dict[str, tuple[tuple[str, str | None], ...]] = field(default_factory=dict)
    # each root model wrapping one object class (`RootModel[list[Item]]`) -> that class: where a
    # change under the schema's `items` lands
    roots: dict[str, str] = field(default_factory=dict)
    # each component root model dcg writes into every use (`Dialogporten's `ContinuationTokenSet
    # Of...`, an alias of `{}`), so models.py has no class of it -> the fields it is written
    # into, (class, wire name), through other such roots
    folded: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # the component schemas (as the document names them) `models: used` made no model of
    unused: frozenset[str] = frozenset()
    # (component class, branch index) -> the class of that inline branch of its own union
    branches: dict[tuple[str, int], str] = field(default_factory=dict)
    # each root model -> the type it wraps as models.py spells it (`list[Pet]`): what a method
    # answering it is annotated to return (`Models.class_annotation`), whose item may change
    # while the root's name does not
    root_types: dict[str, str] = field(default_factory=dict)

    @functools.cached_property
    def model_names(self) -> frozenset[str]:
        """The classes of models.py these annotations know: each with fields, each enum and
        each root model (made once: asked of every method's return)."""
        return frozenset({name for name, _ in self.fields} | set(self.enums)
                         | set(self.root_types))


def client_annotations(api: Any) -> Annotations:
    """Every argument's and every model field's annotation of `api` (an `ir.Api`)."""
    typing = Typing(api.models_input)
    arguments = {}
    for resource in api.resources:
        hidden = hidden_builtins(op.name for op in resource.operations)
        for operation in resource.operations:
            for param in operation.params:
                text = unhidden(argument_text(typing, param, operation.body), hidden)
                arguments[(operation.pointer, param.name)] = text
    fields: dict[tuple[str, str], str] = {}
    nested: dict[tuple[str, str], str] = {}
    roots: dict[str, str] = {}
    root_types: dict[str, str] = {}
    done: set[str] = set()
    while pending := [n for n in [*typing.schemas, *typing.inline] if n not in done]:
        for name in pending:  # typing a field may name an inline class, typed in turn
            done.add(name)
            _root_item(typing, name, roots)
            if typing.kind_of(name) == "root":
                root_types[name] = field_text(typing.root_union(name))
            for wire in typing.wires(name):
                union = typing.field_union(name, wire)
                if union is not None:
                    fields[(name, wire)] = field_text(union)
                    held = _object_classes(typing, union)
                    if len(held) == 1:
                        nested[(name, wire)] = held[0]
    enums = {name: enum_members(typing, name) for name in [*typing.schemas, *typing.inline]
             if typing.kind_of(name) == "enum"}
    return Annotations(arguments, fields, nested, enums, roots, _folded(typing),
                       frozenset(api.unused_schemas), dict(typing.branch_classes), root_types)


def _folded(typing: Typing) -> dict[str, tuple[tuple[str, str], ...]]:
    """The component root models that some field uses and every use writes out (dcg then
    drops the class), each with the fields it is written into: a use inside another such
    root is that root's uses."""
    folded = {name for name in typing.schemas
              if name in typing.inlined_at and name not in typing.kept}

    def uses(name: str) -> tuple[tuple[str, str], ...]:
        # each root met once (roots naming the next one twice, level after level, have
        # 2**levels paths to a field)
        found: dict[tuple[str, str], None] = {}
        seen, pending = {name}, [name]
        while pending:
            for owner, wire in typing.inlined_at[pending.pop()]:
                if not wire and owner in folded:
                    if owner not in seen:
                        seen.add(owner)
                        pending.append(owner)
                elif owner:
                    found[(owner, wire)] = None
        return tuple(found)

    return {name: uses(name) for name in sorted(folded)}


def _root_item(typing: Typing, name: str, roots: dict[str, str]) -> None:
    """Note in `roots` the one object class the root model `name` wraps, if it wraps one
    (typing its union names that class, an inline one typed in turn)."""
    if typing.kind_of(name) != "root":
        return
    held = _object_classes(typing, typing.root_union(name))
    if len(held) == 1 and held[0] != name and typing.schema(held[0]) is not None:
        roots[name] = held[0]


def enum_members(typing: Typing, name: str) -> tuple[tuple[str, str | None], ...]:
    """The enum class `name`'s members: each value (as JSON) and the member dcg names it, from
    `x-enum-varnames` (which the builder gives non-ASCII enums) or from the value itself."""
    schema = typing.schema(name)
    values = [v for v in schema.get("enum") or () if v is not None]
    given = schema.get("x-enum-varnames")
    names = given if isinstance(given, list) and len(given) == len(values) else None
    return tuple((json.dumps(value, ensure_ascii=False),
                  str(names[i]) if names else member_name(value))
                 for i, value in enumerate(values))


def _single_value(enum: object) -> TypeGuard[list[Any]]:
    """Whether `enum` holds one scalar: dcg writes it a `Literal`, no enum class (a component
    of it is a root model of that `Literal`, folded into the fields using it)."""
    return isinstance(enum, list) and len(enum) == 1 and _scalar(enum[0])


def member_name(value: Any) -> str | None:
    """dcg's member name for an enum value: snake_case, as it spells a field (its preset's
    `snake_case_field`: `InProgress` -> `in_progress`, `KOS` -> `kos`, `pt-br` -> `pt_br`),
    `field` before a leading digit or underscore (`1st` -> `field_1st`), `_` after a keyword or
    an attribute of the enum's base types (`class_`, `count_`, `mro_`); a non-negative integer
    `integer_<n>`. None for what it names by rules not foreseen here (a negative number, a
    float, a value of no letter or digit)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    if isinstance(value, int):
        return f"integer_{value}" if value >= 0 else None
    return _string_member(value)


@functools.lru_cache(maxsize=4096)  # (GitHub's document holds 10 000 enum values, few distinct)
def _string_member(value: str) -> str | None:
    if _RUN_OF_SEPARATORS.search(value.strip("_")):
        return None  # (`a--b`: dcg's `a__b`, where a field is `a_b`)
    spelt = _dcg_snake_case(value)
    if not spelt.strip("_") or not spelt.isascii():
        return None
    if spelt.startswith("_"):
        spelt = f"field{spelt}"
    elif spelt[0].isdigit():
        spelt = f"field_{spelt}"
    if keyword.iskeyword(spelt) or spelt in _MEMBER_CLASHES:
        spelt = f"{spelt}_"
    return spelt if spelt.isidentifier() else None


_RUN_OF_SEPARATORS = re.compile(r"[\W_]{2}")
# The names dcg keeps enum members off (`EnumFieldNameResolver`): `mro`, and the public
# attributes of `str`, `int`, `float` and `bytes` on the target Python (3.11).
_MEMBER_CLASHES = frozenset({
    "mro", "as_integer_ratio", "bit_count", "bit_length", "capitalize", "casefold", "center",
    "conjugate", "count", "decode", "denominator", "encode", "endswith", "expandtabs", "find",
    "format", "format_map", "from_bytes", "fromhex", "hex", "imag", "index", "is_integer",
    "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier", "islower",
    "isnumeric", "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower",
    "lstrip", "maketrans", "numerator", "partition", "real", "removeprefix", "removesuffix",
    "replace", "rfind", "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split",
    "splitlines", "startswith", "strip", "swapcase", "title", "to_bytes", "translate", "upper",
    "zfill",
})


def _object_classes(typing: Typing, union: list[Node]) -> list[str]:
    """The object classes a field's union holds, inside lists and maps too."""
    found: list[str] = []
    for node in union:
        if node.kind == "class" and typing.kind_of(node.name) == "object":
            found.append(node.name)
        elif node.kind in ("list", "dict"):
            found += _object_classes(typing, list(node.items))
    return list(dict.fromkeys(found))
