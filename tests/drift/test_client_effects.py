"""Each change names what it does to the generated client (generator/drift/diff/client.py),
read from the intermediate model of the side its pointer names: minimal pairs, one per kind of
change, and `--fail-on client-breaking`."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from generator.drift.diff.change import Change
from generator.drift.diff.client import NO_EFFECT, diff_with_client
from generator.drift.report import exit_code, format_changes

Doc = dict[str, Any]


def base() -> Doc:
    """Issues: `POST /issues/{number}/labels` (a query parameter, an expanded body) returning
    an `Issue`; `GET /issues/{number}`."""
    number = {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}
    issue = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Issue"}}},
             "description": "ok"}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {
            "/issues/{number}/labels": {"post": {
                "operationId": "add_labels", "tags": ["issues"],
                "parameters": [number, {"name": "dry_run", "in": "query",
                                        "schema": {"type": "boolean"}}],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Labels"}}}},
                "responses": {"200": issue}}},
            "/issues/{number}": {"get": {
                "operationId": "get", "tags": ["issues"], "parameters": [number],
                "responses": {"200": issue}}},
        },
        "components": {"schemas": {
            "Labels": {"type": "object", "required": ["labels"], "properties": {
                "labels": {"type": "array", "items": {"type": "string"}}}},
            "Issue": {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "integer"}, "state_reason": {"type": "string"},
                "title": {"type": "string", "description": "the title"}}},
        }},
    }


def _changed(mutate: Callable[[Doc], None]) -> list[Change]:
    new = copy.deepcopy(base())
    mutate(new)
    return diff_with_client(base(), new)


def _op(doc: Doc, path: str, method: str) -> Doc:
    return doc["paths"][path][method]


def _schemas(doc: Doc) -> Doc:
    return doc["components"]["schemas"]


CASES: list[tuple[str, Callable[[Doc], None], str, str, bool]] = [
    ("body-argument-type-changed",
     lambda d: _schemas(d)["Labels"]["properties"].update(
         labels={"type": "array", "items": {"type": "integer"}}),
     "type-changed", "client.issues.add_labels: argument labels: ", True),
    ("query-argument-removed",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"].pop(),
     "parameter-removed", "client.issues.add_labels: argument dry_run: ", True),
    ("model-field-became-required",
     lambda d: _schemas(d)["Issue"].update(required=["id", "state_reason"]),
     "response-property-became-required", "models.Issue.state_reason: no longer optional", False),
    ("model-field-removed",
     lambda d: _schemas(d)["Issue"]["properties"].pop("state_reason"),
     "response-property-removed", "models.Issue.state_reason: removed", True),
    ("method-removed", lambda d: d["paths"].pop("/issues/{number}"),
     "path-removed", "client.issues.get: method removed", True),
    ("method-added",
     lambda d: d["paths"]["/issues/{number}"].update(delete={
         "operationId": "delete", "tags": ["issues"], "responses": {"204": {"description": "x"}},
         "parameters": [{"name": "number", "in": "path", "required": True,
                         "schema": {"type": "integer"}}]}),
     "operation-added", "client.issues.delete: method added", False),
    ("description-changed",
     lambda d: _schemas(d)["Issue"]["properties"]["title"].update(description="new words"),
     "description-changed", NO_EFFECT, False),
    # the wire is the same, but the method takes the new operationId's name: calls break
    ("method-renamed-by-its-operation-id",
     lambda d: _op(d, "/issues/{number}", "get").update(operationId="fetch"),
     "operation-id-changed", "client.issues.get: method renamed to client.issues.fetch", True),
    # an operationId spelt otherwise that names the method alike changes no code
    ("operation-id-respelt",
     lambda d: _op(d, "/issues/{number}/labels", "post").update(operationId="addLabels"),
     "operation-id-changed", NO_EFFECT, False),
]


@pytest.mark.parametrize(("mutate", "kind", "effect", "client_breaking"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_change_names_its_effect_on_the_client(
        mutate: Callable[[Doc], None], kind: str, effect: str, client_breaking: bool) -> None:
    changes = _changed(mutate)
    found = [c for c in changes if c.kind == kind]
    assert len(found) == 1, changes
    assert found[0].client.startswith(effect), found[0]
    assert found[0].client_breaking is client_breaking
    assert exit_code(changes, "client-breaking") == int(client_breaking)


def test_client_effect_in_every_format() -> None:
    changes = _changed(lambda d: _schemas(d)["Issue"]["properties"].pop("state_reason"))
    text = format_changes(changes, "text")
    assert "      client: models.Issue.state_reason: removed" in text
    assert "client: models.Issue.state_reason: removed" in format_changes(changes, "markdown")
    json_report = format_changes(changes, "json")
    assert '"client": "models.Issue.state_reason: removed (was str | None)"' in json_report
    assert '"client_breaking": true' in json_report


def test_a_breaking_wire_change_with_no_client_effect_is_not_client_breaking() -> None:
    """A tightened bound of a request argument breaks callers on the wire, and is named on the
    argument; a server URL changing breaks the wire but no code written against the client."""
    changes = _changed(lambda d: d.update(servers=[{"url": "https://elsewhere.example"}]))
    (server,) = [c for c in changes if c.kind == "server-changed"]
    assert server.severity == "breaking" and not server.client_breaking
    assert exit_code(changes, "client-breaking") == 0 and exit_code(changes, "breaking") == 1


def _body_and_answer() -> Doc:
    """`Labels` is both `add_labels`' expanded body and what `GET /labels` answers with."""
    doc = base()
    doc["paths"]["/labels"] = {"get": {
        "operationId": "list_labels", "tags": ["issues"],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Labels"}}}}}}}
    _schemas(doc)["Labels"]["properties"]["color"] = {"type": "string"}
    return doc


def test_a_schema_both_body_and_answer_names_the_argument_and_the_model_field() -> None:
    """Found in a new user's trial: a property of such a schema removed is two changes, one per
    direction. The request side's names the argument callers pass; the response side's names the
    model field code reads off the answers (not the argument again). A change of the property's
    type, one change for both directions, names both."""
    new = _body_and_answer()
    _schemas(new)["Labels"]["properties"].pop("color")
    changes = diff_with_client(_body_and_answer(), new)
    (request,) = [c for c in changes if c.kind == "request-property-removed"]
    (response,) = [c for c in changes if c.kind == "response-property-removed"]
    assert request.client.startswith("client.issues.add_labels: argument color: removed")
    assert "models.Labels" not in request.client
    assert response.client == "models.Labels.color: removed (was str | None)"
    retyped = _body_and_answer()
    _schemas(retyped)["Labels"]["properties"]["color"] = {"type": "integer"}
    (typed,) = [c for c in diff_with_client(_body_and_answer(), retyped) if c.kind == "type-changed"]
    assert typed.client.startswith("client.issues.add_labels: argument color: str | NotGiven -> int")
    assert typed.client.endswith("; models.Labels.color: str | None -> int | None")
    # a schema only ever sent as an expanded body names the argument alone, as before
    (body_only,) = [c for c in _changed(lambda d: _schemas(d)["Labels"]["properties"].update(
        labels={"type": "array", "items": {"type": "integer"}})) if c.kind == "type-changed"]
    assert "models.Labels" not in body_only.client
