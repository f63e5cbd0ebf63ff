"""A `$ref` in an `x-` extension is a vendor's annotation, no reference of the document: a
component schema reached only through one is used by no operation, and its changes are compared
as an unused component's are. Bungie 2.0.0 -> 2.18.0 (APIs.guru) names each manifest
definition from a property's `x-mapped-definition` (`classHash` -> `DestinyClassDefinition`):
read as used, the definitions were compared by no one, and 208 changes of their classes went
unsaid (`DestinyClassDefinition.class_type: DestinyDestinyClass | None -> int | None`...)."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.diff.same import refs_in
from generator.drift.report import exit_code

Doc = dict[str, Any]


def _doc() -> Doc:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/c": {"get": {"operationId": "getC", "tags": ["c"], "responses": {
                "200": {"description": "ok", "content": {"application/json": {"schema": {
                    "$ref": "#/components/schemas/Character"}}}}}}}},
            "components": {"schemas": {
                "Character": {"type": "object", "properties": {"classHash": {
                    "type": "integer",
                    "x-mapped-definition": {"$ref": "#/components/schemas/ClassDefinition"}}}},
                "ClassDefinition": {"type": "object", "properties": {
                    "classType": {"type": "string"}, "name": {"type": "string"}}}}}}


def test_a_component_reached_only_through_an_extension_is_compared_as_unused() -> None:
    new = copy.deepcopy(_doc())
    del new["components"]["schemas"]["ClassDefinition"]["properties"]["classType"]
    changes = diff_with_client(_doc(), new)
    (removed,) = changes
    assert removed.pointer == "/components/schemas/ClassDefinition/properties/classType"
    assert removed.message.endswith("(no operation uses the schema: nothing sent or received "
                                    "changes)")
    assert removed.client == "models.ClassDefinition.class_type: removed (was str | None)"
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0


def test_refs_in_leaves_extensions_out_but_not_a_property_named_like_one() -> None:
    schema = {"properties": {"x-id": {"$ref": "#/a"}, "b": {"x-see": {"$ref": "#/b"}}},
              "x-also": {"$ref": "#/c"}}
    assert sorted(refs_in(schema)) == ["#/a", "#/b", "#/c"]
    assert sorted(refs_in(schema, extensions=False)) == ["#/a"]
