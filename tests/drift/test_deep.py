"""Drift over documents nested 1,000 levels deep: `diff` and `compare` finish, no RecursionError.

A legal document may nest schemas (and extension values) that deep; the drift walks recurse, so
they run under `generator.document.tree.with_deep_stack`. The documents below put the nesting
where each walk reaches it: a security scheme's extension (compared whole), an enum value and
examples (compared as JSON), union branches and a request and response schema.
"""

from __future__ import annotations

from typing import Any

from generator.drift.diff.differ import diff
from generator.drift.diff.table import compare

LEVELS = 1000


def nested(leaf: dict[str, Any]) -> dict[str, Any]:
    schema = leaf
    for level in range(LEVELS):
        schema = {"type": "object", "description": f"level {level}", "properties": {"child": schema}}
    return schema


def document(leaf: dict[str, Any]) -> dict[str, Any]:
    deep = nested(leaf)
    request = {"type": "object", "properties": {"e": {"enum": [deep]}, "o": {"oneOf": [deep, {"type": "integer"}]}}}
    response = {"oneOf": [deep, {"type": "null"}]}
    return {
        "openapi": "3.1.0",
        "info": {"title": "deep", "version": "1"},
        "paths": {"/x": {"post": {
            "requestBody": {"content": {"application/json": {"schema": request, "example": deep}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": response, "examples": {"a": {"value": deep}}}}}},
        }}},
        "components": {
            "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "k", "x-deep": deep}},
            "schemas": {"Deep": deep},
        },
    }


def test_diff_of_documents_nested_a_thousand_levels_finishes() -> None:
    changes = diff(document({"type": "string"}), document({"type": "integer"}))
    kinds = {change.kind for change in changes}
    assert "security-changed" in kinds  # the scheme's deep extension value changed
    assert "example-changed" in kinds


def test_diff_of_a_deep_document_with_itself_finds_nothing() -> None:
    assert diff(document({"type": "string"}), document({"type": "string"})) == []


def test_compare_of_documents_nested_a_thousand_levels_finishes() -> None:
    table = compare({"a": document({"type": "string"}), "b": document({"type": "integer"})},
                    ("post", "/x"))
    assert table.startswith("# Provider comparison: post /x")
