"""A schema of `items` and no `type` is read as an array, and named where it is written.

JSON Schema lets any value that is no array through such a schema (Slack's
`objs_conversation` is written so, and answers objects), while the models read it as an array:
the reading is the generator's, so it is said. A map of names holding a schema named `items`
(`properties: {items: ...}`) is no such schema.
"""

from __future__ import annotations

from generator import ir
from generator.problems import NOTE

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
DOCUMENT = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/c": {"get": {"operationId": "listC", "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"items": {"type": "array", "items": {
                "$ref": "#/components/schemas/conversation"}}}}}}}}}}},
    "components": {"schemas": {
        "conversation": {"items": {"type": "object", "properties": {"id": {"type": "string"}}}},
        "typed": {"type": "array", "items": {"type": "string"}},
        "wrapper": {"properties": {"items": {"items": {"type": "integer"}}}},
    }},
}


def test_items_without_a_type_are_named_where_written() -> None:
    api = ir.build(DOCUMENT, OPTIONS)
    noted = sorted(rename.pointer for rename in api.renames
                   if rename.kind == NOTE and rename.problem.startswith("`items` without a `type`"))
    assert noted == ["/components/schemas/conversation",
                     "/components/schemas/wrapper/properties/items"]
    assert {rename.action for rename in api.renames if rename.pointer in noted} == {
        "read as an array: the models expect one (write the `type` meant)"}
