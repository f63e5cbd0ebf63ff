"""`ir.build` takes schemas of any nesting depth: its walks keep their own stacks.

Python stops recursing near 1000 frames; a document may nest schemas deeper than that (a
legal, if unusual, shape). Built here in Python, and given to `ir.build` only: models.py's
generator has its own depth handling (`HOIST_DEPTH`), tested with the pipeline.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from generator import ir
from generator.ir.schemas import HOIST_DEPTH

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
DEPTHS = (1_000, 5_000)


def _nested(levels: int, wrap: Any) -> dict[str, Any]:
    """`levels` schemas, each inside the one before by `wrap(inner)`; the innermost a string
    enum with a non-ASCII value (so the enum naming walks all the way down)."""
    schema: dict[str, Any] = {"type": "string", "enum": ["ﬁ", "fi"]}
    for _ in range(levels):
        schema = wrap(schema)
    return schema


def _in_properties(inner: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"child": inner}}


def _in_items(inner: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": inner}


def _in_branches(inner: dict[str, Any]) -> dict[str, Any]:
    return {"oneOf": [{"type": "object", "properties": {"x": {"type": "string"}}}, inner]}


def _document(levels: int, wrap: Any) -> dict[str, Any]:
    """The deep schema as a component (with a name that must change, so refs are rewritten)
    and inline: a multipart body's property, a response and a parameter."""
    ref = {"$ref": "#/components/schemas/deep-one"}
    json_body = {"content": {"application/json": {"schema": ref}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "deep", "version": "1"},
        "paths": {
            "/deep": {
                "post": {
                    "operationId": "postDeep",
                    "requestBody": json_body,
                    "responses": {"200": {"description": "ok", "content": {
                        "application/json": {"schema": _nested(levels, wrap)}}}},
                },
                "put": {
                    "operationId": "putDeep",
                    "parameters": [{"name": "q", "in": "query", "schema": _nested(levels, wrap)}],
                    "requestBody": {"content": {"multipart/form-data": {"schema": {
                        "type": "object", "properties": {"file": _nested(levels, wrap)}}}}},
                    "responses": {"204": {"description": "ok"}},
                },
            },
        },
        "components": {"schemas": {"deep-one": _nested(levels, wrap)}},
    }


# Branch classes are named after their parents (`...Option2Option2`): names grow with depth,
# and naming them costs the square of it; 1000 levels prove the walk as well.
CASES = [*((wrap, levels) for wrap in (_in_properties, _in_items) for levels in DEPTHS),
         (_in_branches, DEPTHS[0])]


@pytest.mark.parametrize(("wrap", "levels"), CASES)
def test_deep_schemas_build_without_recursion_error(wrap: Any, levels: int) -> None:
    assert levels >= sys.getrecursionlimit()  # what a recursive walk could not take
    api = ir.build(_document(levels, wrap), OPTIONS)
    assert api.failed == ()
    assert sorted(op.name for r in api.resources for op in r.operations) == ["post_deep", "put_deep"]
    schemas = api.models_input["components"]["schemas"]
    assert "deep-one" not in schemas and "DeepOne" in schemas
    post = next(op for r in api.resources for op in r.operations if op.name == "post_deep")
    assert post.body is not None and post.body.model_class == "DeepOne"  # its ref rewritten
    # every schema models.py gets is at most HOIST_DEPTH inline levels deep
    assert all(_depth(schema) <= HOIST_DEPTH + 1 for schema in schemas.values())
    assert _innermost_enum(schemas)["x-enum-varnames"] == ["fi", "fi2"]


def _depth(schema: Any) -> int:
    """Inline schema levels below `schema` (refs not followed)."""
    deepest, stack = 0, [(schema, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        for child in _children(node):
            stack.append((child, level + 1))
    return deepest


def _children(node: Any) -> list[Any]:
    if not isinstance(node, dict) or "$ref" in node:
        return []
    found = list((node.get("properties") or {}).values()) + list(node.get("oneOf") or [])
    return [*found, node["items"]] if isinstance(node.get("items"), dict) else found


def _innermost_enum(schemas: dict[str, Any]) -> dict[str, Any]:
    for schema in schemas.values():
        stack = [schema]
        while stack:
            node = stack.pop()
            if isinstance(node, dict) and "enum" in node:
                return node
            stack.extend(_children(node))
    raise AssertionError("no enum left")


def _read_only_chain(links: int, inline_levels: int) -> dict[str, Any]:
    """A request body `C0` whose `next` leads through `links` component schemas to one with a
    required readOnly `id`, and a `deep` property holding one `inline_levels` levels down."""
    ref = "#/components/schemas/"
    owned = {"type": "object", "required": ["id"], "properties": {
        "id": {"type": "string", "readOnly": True}}}
    schemas: dict[str, Any] = {f"C{i}": {"type": "object", "properties": {
        "next": {"$ref": f"{ref}C{i + 1}"}}} for i in range(links)}
    schemas[f"C{links}"] = owned
    deep: dict[str, Any] = owned
    for _ in range(inline_levels):
        deep = _in_properties(deep)
    schemas["C0"]["properties"]["deep"] = deep
    return {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
            "components": {"schemas": schemas},
            "paths": {"/a": {"post": {"operationId": "a", "requestBody": {"content": {
                "application/json": {"schema": {"$ref": f"{ref}C0"}}}},
                "responses": {"204": {"description": "ok"}}}}}}


def test_read_only_however_far_builds_without_recursion_error() -> None:
    # each class naming one that holds a readOnly property is a `<Name>Request` of its own:
    # the chain of 3000 classes is made one after another (it raised RecursionError), and the
    # inline levels are stripped to `STRIP_DEPTH`, kept whole below
    links = 3_000
    assert links >= sys.getrecursionlimit()
    api = ir.build(_read_only_chain(links, DEPTHS[1]), OPTIONS)
    (operation,) = [op for r in api.resources for op in r.operations]
    assert operation.body is not None and operation.body.model_class == "C0Request"
    schemas = api.models_input["components"]["schemas"]
    assert schemas[f"C{links - 1}Request"]["properties"]["next"] == {
        "$ref": f"#/components/schemas/C{links}Request"}
    assert schemas[f"C{links}Request"]["properties"] == {}
