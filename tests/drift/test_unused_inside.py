"""A component schema whose class no operation of the old document reads: one referenced only
at a place inside it (linode 4.0.15 -> 4.151.1: every list answer took `page`, `pages`,
`results` as `$ref: .../PaginationEnvelope/properties/page`), which a new operation then uses
whole. It read as used, yet no comparison walked its class, which lost `data` and made `page`,
`pages` and `results` optional: nothing was said. Compared on its own now, what an operation
said about a place inside it left to that operation."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code

Doc = dict[str, Any]
PAGE = {"$ref": "#/components/schemas/Envelope/properties/page"}


def _answer(schema: Doc) -> Doc:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


def _doc(envelope: Doc, whole: bool = False) -> Doc:
    paths: Doc = {"/l": {"get": {"operationId": "list", "tags": ["l"], "responses": _answer(
        {"type": "object", "properties": {"page": PAGE}})}}}
    if whole:
        paths["/e"] = {"get": {"operationId": "envelope", "tags": ["l"], "responses": _answer(
            {"$ref": "#/components/schemas/Envelope"})}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths,
            "components": {"schemas": {"Envelope": envelope}}}


OLD_ENVELOPE = {"type": "object", "required": ["page", "data"], "properties": {
    "page": {"type": "integer"}, "data": {"type": "array", "items": {"type": "object"}}}}
NEW_ENVELOPE = {"type": "object", "properties": {"page": {"type": "integer"}}}


def test_a_schema_whose_class_the_old_operations_never_read_is_compared() -> None:
    unused = "no operation uses the schema: nothing sent or received changes"
    new_only = "no operation of the old document uses the schema: its class compared on its own"
    for whole, why in ((False, unused), (True, new_only)):
        changes = diff_with_client(_doc(OLD_ENVELOPE), _doc(NEW_ENVELOPE, whole))
        found = {c.kind: c for c in changes if c.pointer.startswith(
            "/components/schemas/Envelope/")}
        assert sorted(found) == ["response-property-became-optional",
                                 "response-property-removed"]
        removed = found["response-property-removed"]
        assert removed.message == f"schema `Envelope`: model property `data` was removed ({why})"
        assert removed.client == "models.Envelope.data: removed (was list[dict[str, Any]])"
        assert found["response-property-became-optional"].client == (
            "models.Envelope.page: now optional: int -> int | None")
        assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0


def test_a_place_an_operation_references_is_said_once_by_it() -> None:
    new = copy.deepcopy(OLD_ENVELOPE)
    new["properties"]["page"] = {"type": "string"}
    (retyped,) = diff_with_client(_doc(OLD_ENVELOPE), _doc(new))
    assert (retyped.kind, retyped.severity, retyped.operations) == (
        "type-changed", "breaking", ("GET /l",))
