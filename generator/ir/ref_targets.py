"""Schemas a `$ref` finds inside another place, made component schemas named from that place.

APIs.guru's bundled documents point into operations and into other schemas
(`#/paths/~1v2~1volumes/get/responses/200/content/application~1json/schema/allOf/1`,
`#/components/schemas/Thing/properties/owner`). datamodel-code-generator named such a target
by its pointer's last segment (`Field1`, `Owner`, `ItemsModel21`: 304 of DigitalOcean's 2,805
classes), and made a second class of it beside the one its own place got (`Thing.owner` a
`ThingOwner`, the method returning it an `Owner`). Each target is moved into
`components/schemas` under a name from its place (`VolumesListResponseAllOf1`, `ThingOwner`),
its place and every `$ref` to it pointing there: one class, named where it is defined.
"""

from __future__ import annotations

from typing import Any

from generator.document.keywords import SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_VALUES
from generator.document.pointer import (
    HTTP_METHODS,
    fragment_pointer,
    join_tokens,
    resolve_pointer,
    split_pointer,
)
from generator.names import identifiers as names
from generator.names.components import SCHEMAS_PREFIX

# where a schema sits in a place that holds one (`.../content/<media>/schema`), by the kind of
# place: what its class is named after
_ROLES = {"responses": "Response", "requestBody": "Body", "requestBodies": "Body",
          "parameters": "Param", "headers": "Header"}
_PARTS = {"items": "Item", "additionalProperties": "Value", "not": "Not"}


# the places that hold a schema under `schema`: a media type, a parameter, a header
_HOLDERS = frozenset({"content", "parameters", "headers"})


def pointing_inside(ref: object) -> str | None:
    """The pointer a local `$ref` names when it is a schema inside another place (below a
    component schema, or below or at the `schema` of an operation's or a component's
    parameter, header or media type); None for a component schema itself, anything else, or
    another file's."""
    pointer = fragment_pointer(ref) if isinstance(ref, str) else None
    if pointer is None:
        return None
    tokens = split_pointer(pointer)
    if not tokens:  # `#`: the whole document
        return None
    if tokens[:2] == ["components", "schemas"]:
        return pointer if len(tokens) > 3 and _inner_parts(tokens[3:]) is not None else None
    if tokens[0] not in ("paths", "webhooks", "components") or "schema" not in tokens[2:]:
        return None
    at = tokens.index("schema", 2)
    holder = tokens[at - 2] if at >= 2 else ""
    return (pointer if holder in _HOLDERS and _inner_parts(tokens[at + 1:]) is not None
            else None)


def _inner_parts(tokens: list[str]) -> list[str] | None:
    """The name parts of the steps `tokens` take from a schema to a schema inside it (a
    keyword, then a name or an index where it holds several): a property by its name, items,
    values, branches by their keyword and index (`AllOf1`); None when they are no such steps."""
    parts, index = [], 0
    while index < len(tokens):
        token, following = tokens[index], tokens[index + 1:index + 2]
        if token in SCHEMA_MAPS and following:
            parts.append(names.pascal_case(following[0]))
        elif token in SCHEMA_LISTS and following and following[0].isdigit():
            parts.append(names.pascal_case(token) + following[0])
        elif token in SCHEMA_VALUES:
            parts.append(_PARTS.get(token) or names.pascal_case(token))
            index += 1
            continue
        else:
            return None
        index += 2
    return parts


def hoist_targets(working: dict[str, Any], referring: list[dict[str, Any]],
                  taken: set[str]) -> None:
    """Each schema the `$ref`s of `referring` (nodes of `working`) point inside another place
    moved into `components/schemas` under a name from its place (added to `taken`), its place
    and those refs pointing to it. The deepest first: a target inside another moves out of it
    before that one moves."""
    by_target: dict[str, list[dict[str, Any]]] = {}
    for node in referring:
        target = pointing_inside(node.get("$ref"))
        if target is not None:
            by_target.setdefault(target, []).append(node)
    schemas = working.setdefault("components", {}).setdefault("schemas", {})
    for target in sorted(by_target, key=lambda pointer: (-len(split_pointer(pointer)), pointer)):
        name = _moved(working, target, schemas, taken)
        if name is not None:
            for node in by_target[target]:
                node["$ref"] = SCHEMAS_PREFIX + name


def _moved(working: dict[str, Any], target: str, schemas: dict[str, Any],
           taken: set[str]) -> str | None:
    """The target moved into `schemas` under a new name (its place now a `$ref` to it); None
    when it is no schema object to move (not found, a bare `$ref`, a boolean schema)."""
    tokens = split_pointer(target)
    found, schema = resolve_pointer(working, target)
    parent_found, parent = resolve_pointer(working, join_tokens("", *tokens[:-1]))
    if (not found or not parent_found or not isinstance(schema, dict)
            or set(schema) == {"$ref"}):
        return None
    name = names.unique(names.class_name(_place_name(working, tokens)), taken)
    schemas[name] = schema
    key: Any = int(tokens[-1]) if isinstance(parent, list) else tokens[-1]
    parent[key] = {"$ref": SCHEMAS_PREFIX + name}
    return name


def _place_name(working: dict[str, Any], tokens: list[str]) -> str:
    """`ThingOwner` for `components/schemas/Thing/properties/owner`,
    `VolumesListResponseAllOf1` for `.../get/responses/200/content/.../schema/allOf/1`."""
    if tokens[:2] == ["components", "schemas"]:
        return tokens[2] + "".join(_inner_parts(tokens[3:]) or ())
    at = tokens.index("schema", 2)
    owner = _owner_name(working, tokens[:at])
    role = next((_ROLES[token] for token in reversed(tokens[:at]) if token in _ROLES), "")
    return owner + role + "".join(_inner_parts(tokens[at + 1:]) or ())


def _owner_name(working: dict[str, Any], tokens: list[str]) -> str:
    """What a place holding a schema is named after: its operation's id (else its method and
    path), or the component's name."""
    if tokens[0] == "components":
        return names.pascal_case(tokens[2])
    if tokens[2] not in HTTP_METHODS:  # a path's own parameters
        return names.pascal_case(tokens[1])
    _, operation = resolve_pointer(working, join_tokens("", *tokens[:3]))
    operation_id = operation.get("operationId") if isinstance(operation, dict) else None
    if isinstance(operation_id, str) and names.pascal_case(operation_id):
        return names.pascal_case(operation_id)
    return names.pascal_case(f"{tokens[2]} {tokens[1]}")
