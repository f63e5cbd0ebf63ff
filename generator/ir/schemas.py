"""Schemas read and prepared for the models: what an inline schema is, and the input of
datamodel-code-generator made safe for it.

Queries (`is_nullable`, `object_properties`, `json_type`, ...) answer what the operation
builder asks of a schema. Preparations (`ascii_member_names`, `fitted_enum_lists`,
`hoist_deep_schemas`, `hoist_self_referencing_items`) change the working copy so that models.py's
generator takes it: every walk keeps its own stack (or a bound), as schemas may nest deeper than
Python's recursion limit.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from generator.document.keywords import subschemas
from generator.document.refs import Refs
from generator.document.tree import iter_children
from generator.names import identifiers as names
from generator.names.components import SCHEMAS_PREFIX

HOIST_DEPTH = 32  # inline schema levels models.py's generator takes in one piece (its limit: ~250)
ALL_OF_DEPTH = 32  # allOf levels merged into one object's properties (deeper ones are left out)
CLASS_KEYWORDS = ("properties", "enum", "oneOf", "anyOf", "allOf")  # what makes a schema a class


# ---- preparing the input of datamodel-code-generator ----------------------------------------


def ascii_member_names(node: dict[str, Any]) -> list[str] | None:
    """The `x-enum-varnames` an enum with non-ASCII values gets: ASCII member names (Python
    folds identifiers by NFKC, so members named from `ﬁ` and `fi` would collide in models.py).
    None for any other object, and for an enum that names its members itself."""
    values = node.get("enum")
    if (
        isinstance(values, list)
        and "x-enum-varnames" not in node
        and any(isinstance(v, str) and not v.isascii() for v in values)
    ):
        taken: set[str] = set()
        return [names.unique(names.python_name(str(v), fallback="value"), taken) for v in values]
    return None


# Extensions beside `enum` that datamodel-code-generator reads as a list of texts (its members'
# names, their descriptions): another shape fails its run for the whole package.
ENUM_LISTS = ("x-enum-varnames", "x-enumNames", "x-enum-descriptions")


def fitted_enum_lists(node: dict[str, Any]) -> dict[str, list[str | None] | None] | None:
    """The `ENUM_LISTS` extensions of `node` in the shape models.py's generator reads, where
    they have another: a mapping from value to text (Scalar's `x-enum-descriptions`) as the
    list in the enum's order, numbers as their text; None for one that says nothing it can
    read (a lone string), to be left out. None when every one fits already."""
    fitted: dict[str, list[str | None] | None] = {}
    for key in ENUM_LISTS:
        given = node.get(key)
        if key not in node or (isinstance(given, list)
                               and all(v is None or isinstance(v, str) for v in given)):
            continue
        if isinstance(given, dict):
            values = node.get("enum")
            fitted[key] = [_text(given.get(_key_of(value)))
                           for value in (values if isinstance(values, list) else [])]
        elif isinstance(given, list):
            fitted[key] = [_text(value) for value in given]
        else:
            fitted[key] = None
    return fitted or None


def _key_of(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _text(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return None


def hoist_deep_schemas(schemas: dict[str, Any], taken: set[str]) -> None:
    """Inline schemas nested deeper than `HOIST_DEPTH` become component schemas of their own
    (`<Name>Level32`, ...) referenced where they were: recursive and deeply nested schemas are
    legal, and each class is then generated from a schema of bounded depth."""
    pending = [(schema, 0, name) for name, schema in schemas.items()]
    while pending:
        schema, depth, owner = pending.pop()
        if not isinstance(schema, dict) or "$ref" in schema:
            continue
        for container, key in subschemas(schema):
            child = container[key]
            if not isinstance(child, dict) or "$ref" in child:
                continue
            if depth + 1 >= HOIST_DEPTH:
                name = names.unique(names.class_name(f"{owner}Level{HOIST_DEPTH}"), taken)
                schemas[name] = child
                container[key] = {"$ref": SCHEMAS_PREFIX + name}
                pending.append((child, 0, name))
            else:
                pending.append((child, depth + 1, owner))


def hoist_self_referencing_items(schemas: dict[str, Any], taken: set[str]) -> None:
    """The inline `items` of an array component that refer to the component itself (an array
    of maps or of arrays of itself) become a component of their own, `<Name>Item`: given them
    inline, models.py's generator types the array a bare `list` (which mypy --strict refuses
    and which checks nothing), while a named item schema is typed `list[<Name>Item]`."""
    for owner in list(schemas):
        schema = schemas[owner]
        items = schema.get("items") if isinstance(schema, dict) else None
        if not isinstance(items, dict) or "$ref" in items or not is_array(schema):
            continue
        if _refers_to(items, SCHEMAS_PREFIX + owner):
            name = names.unique(names.class_name(f"{owner}Item"), taken)
            schemas[name] = items
            schema["items"] = {"$ref": SCHEMAS_PREFIX + name}


def _refers_to(schema: dict[str, Any], ref: str) -> bool:
    return any(key == "$ref" and value == ref for _, key, value in _items_of(schema))


def _items_of(schema: dict[str, Any]) -> Any:
    """(container, key, value) of every entry of `schema`, however deep (its own included)."""
    for container in [schema, *(node for _, _, node in iter_children(schema))]:
        if isinstance(container, dict):
            for key, value in container.items():
                yield container, key, value


# ---- questions about one schema ---------------------------------------------------------------


def is_nullable(schema: Any, refs: Refs) -> bool:
    """3.0 `nullable`, 3.1 `type: [.., "null"]`, `const: null`, or a null branch of oneOf/anyOf
    (however deep, a union that contains itself included); beside a `$ref` too, as the models
    read it (`{$ref: User, nullable: true}`: `User | None`)."""
    return _some_branch(schema, refs, _allows_null)


def _some_branch(schema: Any, refs: Refs, holds: Callable[[dict[str, Any]], bool]) -> bool:
    """Whether `holds` is true of `schema` or of a branch of its `oneOf`/`anyOf`, however deep
    (references followed, each `$ref`'s own node asked too; a union that contains itself
    included)."""
    pending, seen = [schema], set()
    while pending:
        chain = _ref_chain(pending.pop(), refs)
        node = chain[-1]
        if not isinstance(node, dict) or id(node) in seen:
            continue
        seen.add(id(node))
        if any(holds(link) for link in chain):
            return True
        for keyword in ("oneOf", "anyOf"):
            branches = node.get(keyword)
            if isinstance(branches, list):
                pending.extend(branches)
    return False


def _ref_chain(node: Any, refs: Refs) -> list[Any]:
    """`node` and the nodes its `$ref`s lead to, the last one without a `$ref` (`Refs.resolve`,
    which drops what a `$ref`'s node says beside it: a 3.0 document's `nullable: true`)."""
    chain, seen = [node], set()
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"] not in seen:
        seen.add(node["$ref"])
        node = refs.target(node["$ref"])
        chain.append(node)
    return chain


def _allows_null(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    if node.get("nullable") is True or kind == "null":
        return True
    if isinstance(kind, list) and "null" in kind:
        return True
    # an `enum` listing null, no `type` refusing it (3.1: `enum: [new, done, null]`)
    enum = node.get("enum")
    if kind is None and isinstance(enum, list) and None in enum:
        return True
    return "const" in node and node["const"] is None


def object_properties(schema: Any, refs: Refs, depth: int = 0
                      ) -> tuple[dict[str, Any], set[str]] | None:
    """Properties and required names of an object schema (allOf merged, `ALL_OF_DEPTH` levels
    of it at most: the recursion is bounded); None if not an object.

    Each schema is merged once per level (a memo for the one call): members that reference the
    same schema, level after level (`allOf: [$ref: Next, $ref: Next]`), would otherwise cost
    2**depth."""
    return _object_properties(schema, refs, depth, {})


_Merged = tuple[dict[str, Any], set[str]] | None


# Keywords beside a `$ref` that add to the object it names: models.py's generator merges them
# (OpenAPI 3.1 reads them so; 3.0 says to ignore them, but the model has them either way).
_ADDED_BESIDE_REF = frozenset({"properties", "required", "allOf"})


def _object_properties(schema: Any, refs: Refs, depth: int,
                       memo: dict[tuple[int, int], tuple[Any, _Merged]]) -> _Merged:
    schema = _resolved_keeping_siblings(schema, refs)
    if not isinstance(schema, dict) or depth > ALL_OF_DEPTH:
        return None
    known = memo.get((id(schema), depth))
    if known is not None:
        return known[1]
    properties: dict[str, Any] = {}
    required: set[str] = set()
    found = False
    for part in schema.get("allOf") or []:
        merged = _object_properties(part, refs, depth + 1, memo)
        if merged is not None:
            found = True
            properties.update(merged[0])
            required |= merged[1]
    own = schema.get("properties")
    if isinstance(own, dict):
        found = True
        properties.update(own)
    elif _has_type(schema, "object"):
        found = found or not (schema.get("oneOf") or schema.get("anyOf"))
    required |= {r for r in schema.get("required") or [] if isinstance(r, str)}
    result = (properties, required) if found else None
    memo[(id(schema), depth)] = (schema, result)  # the schema kept: its id stays its own
    return result


def _resolved_keeping_siblings(schema: Any, refs: Refs) -> Any:
    """`refs.resolve(schema)`, except that a `$ref` beside keywords adding to its object
    (`_ADDED_BESIDE_REF`) is read as one more member of an `allOf` with them."""
    seen: set[str] = set()
    while isinstance(schema, dict) and isinstance(ref := schema.get("$ref"), str):
        if not _ADDED_BESIDE_REF.isdisjoint(schema):
            siblings = {key: value for key, value in schema.items() if key != "$ref"}
            return {**siblings, "allOf": [{"$ref": ref}, *(schema.get("allOf") or [])]}
        if ref in seen:
            break
        seen.add(ref)
        schema = refs.target(ref)
    return schema


def _has_type(schema: dict[str, Any], kind: str) -> bool:
    declared = schema.get("type")
    return declared == kind or (isinstance(declared, list) and kind in declared)


def json_type(schema: Any, refs: Refs) -> str | None:
    """The schema's one JSON type (`integer`, `string`...), or None when it has not one."""
    schema = refs.resolve(schema)
    kind = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kind, list):
        kinds = [k for k in kind if k != "null"]
        kind = kinds[0] if len(kinds) == 1 else None
    return kind if isinstance(kind, str) else None


def header_python_type(schema: Any, refs: Refs) -> str:
    """The python type a response header of `schema` is read as: int, float, bool or str."""
    schema = refs.resolve(schema)
    kind = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    return {"integer": "int", "number": "float", "boolean": "bool"}.get(str(kind), "str")


def is_array(schema: dict[str, Any]) -> bool:
    """`type: array`, alone or among others."""
    return _has_type(schema, "array")


def deserves_class(schema: Any) -> bool:
    """An inline schema that models.py would turn into a class (object, enum, union)."""
    if not isinstance(schema, dict) or "$ref" in schema:
        return False
    return any(key in schema for key in CLASS_KEYWORDS)


def branch_name(branch: dict[str, Any], parent: str, index: int) -> str:
    """The class of a oneOf/anyOf branch: the parent's name and the branch's `title`, or
    `<parent>Option<index>`."""
    title = branch.get("title")
    if isinstance(title, str) and names.class_name(title, fallback=""):
        return parent + names.class_name(title)
    return f"{parent}Option{index}"


def is_binary(schema: Any, refs: Refs) -> bool:
    """A file: `format: binary`, `contentMediaType` or `contentEncoding: binary` (Discord's 3.1
    uploads: the raw octets, where `base64` would be text), or an array of them (however
    deep)."""
    seen: set[int] = set()
    while True:
        schema = refs.resolve(schema)
        if not isinstance(schema, dict) or id(schema) in seen:
            return False
        if (schema.get("format") == "binary" or "contentMediaType" in schema
                or schema.get("contentEncoding") == "binary"):
            return True
        seen.add(id(schema))
        items = schema.get("items")
        if schema.get("type") != "array" or items is None:
            return False
        schema = items


def may_be_binary(schema: Any, refs: Refs) -> bool:
    """A file (`is_binary`), or a `oneOf`/`anyOf` one of whose branches is one, however deep
    (`oneOf: [{type: string, format: binary}, {type: string}]`: a file or a text)."""
    return _some_branch(schema, refs, lambda node: is_binary(node, refs))


# The types whose `anyOf: [{type: X, <constraints>}, {type: "null"}]` (FastAPI's
# `Optional[conint(ge=0)]`) models.py's generator makes a RootModel class of (`ItemB(root=2)`,
# which `item.b + 1` cannot add): read as `{type: [X, "null"], <constraints>}`, which it makes
# `Annotated[int | None, Field(ge=0)]`.
_FOLDED_TYPES = frozenset({"string", "integer", "number", "boolean", "array"})
_KEEPS_ITS_CLASS = frozenset({"$ref", "enum", "const", "anyOf", "oneOf", "allOf", "not",
                              "$dynamicRef", "properties"})
_NULL_BRANCH_KEYS = frozenset({"type", "description", "title"})


def nullable_scalar_union(schema: dict[str, Any]) -> bool:
    """Whether `schema` is a union of one plain typed schema (no class of its own: no enum,
    `$ref` or composition) and `{type: "null"}`, and nothing else of its own to combine."""
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and len(branches) == 2:
            return ("allOf" not in schema and ("anyOf" if key == "oneOf" else "oneOf") not in schema
                    and _plain_and_null(branches))
    return False


def _plain_and_null(branches: list[Any]) -> bool:
    if not all(isinstance(branch, dict) for branch in branches):
        return False
    others = [branch for branch in branches if not _is_null_branch(branch)]
    kind = others[0].get("type") if len(others) == 1 else None
    return (isinstance(kind, str) and kind in _FOLDED_TYPES
            and _KEEPS_ITS_CLASS.isdisjoint(others[0]))


def _is_null_branch(branch: dict[str, Any]) -> bool:
    return branch.get("type") == "null" and _NULL_BRANCH_KEYS.issuperset(branch)


def fold_nullable_scalar(schema: dict[str, Any], openapi_31: bool) -> None:
    """`schema` (a `nullable_scalar_union`) rewritten in place as its typed branch made
    nullable, the union's own keywords (a description, a default) kept over the branch's."""
    key = "anyOf" if "anyOf" in schema else "oneOf"
    typed = next(branch for branch in schema[key] if not _is_null_branch(branch))
    folded = {**typed, **{k: v for k, v in schema.items() if k != key}}
    if openapi_31:
        folded["type"] = [typed["type"], "null"]
    else:
        folded["nullable"] = True
    schema.clear()
    schema.update(folded)


# `{$ref: User, nullable: true}`: OpenAPI 3.0 says a `$ref`'s siblings are ignored (and 3.1 has no
# `nullable`), but documents write it to say "a User, or null" (a PATCH unassigning), and the
# models read it so (`User | None`): the arguments read it as they do (`is_nullable`)
NULLABLE_REF_PROBLEM = ("`nullable: true` beside a `$ref` (OpenAPI 3.0 ignores what a `$ref` has "
                        "beside it; 3.1 has no `nullable`)")
NULLABLE_REF_ACTION = "read as allowing null: the model's field and the method's argument alike"


def nullable_beside_ref(schema: dict[str, Any]) -> bool:
    """Whether `schema` is a `$ref` with `nullable: true` beside it (`NULLABLE_REF_PROBLEM`)."""
    return isinstance(schema.get("$ref"), str) and schema.get("nullable") is True


UNTYPED_ITEMS_PROBLEM = ("`items` without a `type`: JSON Schema lets any value that is no array "
                         "through (Slack's `objs_conversation` is written so, and its answers "
                         "are objects)")
UNTYPED_ITEMS_ACTION = "read as an array: the models expect one (write the `type` meant)"
# keywords whose value is a map of names to schemas: a map holding a schema named `items` is
# no schema itself
_NAME_MAPS = frozenset({"properties", "patternProperties", "schemas", "$defs", "definitions",
                        "dependentSchemas"})
_TYPING_KEYWORDS = ("type", "$ref", "allOf", "anyOf", "oneOf", "properties", "enum", "const")


def untyped_items(schema: dict[str, Any]) -> bool:
    """Whether `schema` gives `items` and nothing that says which type it has: the models read
    it as an array (`UNTYPED_ITEMS_PROBLEM`). A map of names may match too (`properties:
    {items: ...}`): `untyped_items_notes` drops those by where they are."""
    return isinstance(schema.get("items"), dict) and not any(
        keyword in schema for keyword in _TYPING_KEYWORDS)


MALFORMED_BESIDE_REF_PROBLEM = ("beside a `$ref`, a schema keyword whose value is not of its type "
                                "(such as an `allOf` that is no list): OpenAPI 3.0 ignores what a "
                                "`$ref` has beside it, so validation says nothing of it")
MALFORMED_BESIDE_REF_ACTION = "ignored, as OpenAPI 3.0 says: the `$ref` alone is read"
# The schema keywords beside a `$ref` the models read, with the JSON type each must have
# (none a parameter's or a request body's `$ref` has beside it: `required: true` is theirs)
_SHAPED_BESIDE_REF: dict[str, type | tuple[type, ...]] = {
    "allOf": list, "anyOf": list, "oneOf": list, "properties": dict, "items": dict,
    "additionalProperties": (dict, bool), "discriminator": dict}


def malformed_beside_ref(schema: dict[str, Any]) -> list[str]:
    """The keywords beside `schema`'s `$ref` whose value is not of the type the keyword takes
    (`MALFORMED_BESIDE_REF_PROBLEM`): the models' generator failed on them (a `Monster`'s
    `allOf: {'3': ...}` in a document 3.0 validation called valid)."""
    if not isinstance(schema.get("$ref"), str):
        return []
    return [keyword for keyword, kind in _SHAPED_BESIDE_REF.items()
            if keyword in schema and not isinstance(schema[keyword], kind)]


OBJECT_KEYWORDS_PROBLEM = ("`properties` beside a `type` that is no object: JSON Schema applies "
                           "them to objects only, which the `type` rules out")
OBJECT_KEYWORDS_ACTION = "read as its `type` says: the object keywords beside it are left out"
# the keywords that constrain objects alone (a schema of another type ignores them)
_OBJECT_ONLY = ("properties", "required", "additionalProperties", "patternProperties",
                "minProperties", "maxProperties", "propertyNames", "unevaluatedProperties",
                "dependentRequired", "dependentSchemas")


def object_keywords_beside_other_type(schema: dict[str, Any]) -> bool:
    """Whether `schema` gives `properties` and a `type` (or list of types) without `object`
    (`OBJECT_KEYWORDS_PROBLEM`; byautomata's `page` query parameter): the models made a class
    of it, the arguments its type. Only a schema's shape: each type one JSON Schema names,
    each property a schema, so that a value of that shape (a GeoJSON default, `{type:
    Feature, properties: {name: ...}}`) is never taken for one."""
    kind = schema.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else []
    properties = schema.get("properties")
    return (bool(kinds) and all(each in _OTHER_TYPES for each in kinds)
            and isinstance(properties, dict) and bool(properties)
            and all(isinstance(value, dict | bool) for value in properties.values()))


_OTHER_TYPES = frozenset({"string", "integer", "number", "boolean", "array", "null"})


def drop_object_keywords(schema: dict[str, Any]) -> None:
    """`schema` without the keywords that constrain objects alone (`_OBJECT_ONLY`)."""
    for keyword in _OBJECT_ONLY:
        schema.pop(keyword, None)


MERGED_ENUM_PROBLEM = ("`enum` holds `true` and `1` (or `false` and `0`): distinct JSON values, "
                       "which a Python enum takes for one member (True == 1)")
MERGED_ENUM_ACTION = ("read as one value: an answer's `true` reads as the member of `1`, and "
                      "`true` cannot be sent (give the enum one of the two)")


def merged_enum_members(schema: dict[str, Any]) -> bool:
    """Whether `schema`'s `enum` holds a boolean and a number equal to it in Python
    (`MERGED_ENUM_PROBLEM`): the model's Enum makes the second an alias of the first."""
    values = schema.get("enum")
    if not isinstance(values, list):
        return False
    booleans = {value for value in values if isinstance(value, bool)}
    return any(value in booleans for value in values
               if isinstance(value, int | float) and not isinstance(value, bool))


def is_name_map(pointer: str) -> bool:
    """Whether a JSON pointer ends at a map of names to schemas (`.../properties`)."""
    return pointer.rpartition("/")[2] in _NAME_MAPS


# A 3.0 union branch of `nullable: true` alone (Rust's schemars writes `anyOf: [{$ref: X},
# {nullable: true}]` for an `Option<X>`: Qdrant's document, 263 times): it has no type, so it
# allows any value, and the union's type was `X | Any`, which every argument fits
NULLABLE_BRANCH_PROBLEM = ("a branch of `nullable: true` alone has no type, so it allows any "
                           "value: the union's type said nothing")
NULLABLE_BRANCH_ACTION = "read as null: the union is nullable"
_NULLABLE_BRANCH_KEYS = frozenset({"nullable", "description", "title"})


def nullable_only_branches(schema: dict[str, Any]) -> bool:
    """Whether `schema` is a union with a branch of `nullable: true` alone beside others."""
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and len(branches) > 1 and any(
                _nullable_only(branch) for branch in branches):
            return not all(_nullable_only(branch) for branch in branches)
    return False


def _nullable_only(branch: Any) -> bool:
    return (isinstance(branch, dict) and branch.get("nullable") is True
            and _NULLABLE_BRANCH_KEYS.issuperset(branch))


def fold_nullable_branches(schema: dict[str, Any]) -> None:
    """`schema` (a `nullable_only_branches` union, in a 3.0 document) without those branches,
    made nullable."""
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if not isinstance(branches, list):
            continue
        kept = [branch for branch in branches if not _nullable_only(branch)]
        if kept and len(kept) < len(branches):  # (a list of such branches alone stays)
            schema[key] = kept
    schema["nullable"] = True


def items_beside_union(schema: dict[str, Any]) -> bool:
    """`oneOf: [{type: array}, {type: string}]` with `items` beside it, not in the array branch
    (Vercel's `domain`): `items` applies to an array alone, but models.py's generator reads the
    whole union as that array, and `domain="a.com"` was refused."""
    return "items" in schema and "type" not in schema and any(
        _array_without_items(branch)
        for key in ("oneOf", "anyOf") for branch in _branches(schema, key))


def move_items_into_array_branches(schema: dict[str, Any]) -> None:
    """`schema` (an `items_beside_union`) with its `items` moved into the array branches."""
    items = schema.pop("items")
    for key in ("oneOf", "anyOf"):
        for branch in _branches(schema, key):
            if _array_without_items(branch):  # a copy each: later stages rewrite in place
                branch["items"] = copy.deepcopy(items)


def _branches(schema: dict[str, Any], key: str) -> list[Any]:
    branches = schema.get(key)
    return branches if isinstance(branches, list) else []


def _array_without_items(branch: Any) -> bool:
    return isinstance(branch, dict) and branch.get("type") == "array" and "items" not in branch
