"""Each change names what it does to the generated client (generator/drift/diff/client.py),
read from the intermediate model of the side its pointer names: minimal pairs, one per kind of
change, and `--fail-on client-breaking`."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from generator.document.overlay import apply_overlay
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
    # PEP 702: the method is decorated, calls are flagged and warn, none breaks
    ("operation-deprecated",
     lambda d: _op(d, "/issues/{number}", "get").update(deprecated=True),
     "deprecation-changed", "client.issues.get: now @deprecated (type checkers flag calls", False),
    # a parameter's deprecation shows in the docstring only
    ("parameter-deprecated",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"][1].update(deprecated=True),
     "deprecation-changed", NO_EFFECT, False),
    # the wire is the same, but the method takes the new operationId's name: calls break
    ("method-renamed-by-its-operation-id",
     lambda d: _op(d, "/issues/{number}", "get").update(operationId="fetch"),
     "operation-id-changed", "client.issues.get: method renamed to client.issues.fetch", True),
    # an operationId spelt otherwise that names the method alike changes no code
    ("operation-id-respelt",
     lambda d: _op(d, "/issues/{number}/labels", "post").update(operationId="addLabels"),
     "operation-id-changed", NO_EFFECT, False),
    # the first tag names the resource: the method moves, and calls of the old one break
    ("method-moved-by-its-tag",
     lambda d: _op(d, "/issues/{number}", "get").update(tags=["tickets"]),
     "tags-changed", "client.issues.get: method moved to client.tickets.get", True),
    # a tag after the first names nothing in the generated client
    ("second-tag-added",
     lambda d: _op(d, "/issues/{number}", "get").update(tags=["issues", "tickets"]),
     "tags-changed", NO_EFFECT, False),
    # the same URL on the wire; the keyword-only argument takes the new name: calls break
    ("path-parameter-renamed",
     lambda d: _rename_path_parameter(d, "num"),
     "path-parameter-renamed", "client.issues.get: argument number renamed to num", True),
    # a new spelling that makes the same argument name changes no code
    ("path-parameter-respelt",
     lambda d: _rename_path_parameter(d, "Number"),
     "path-parameter-renamed", NO_EFFECT, False),
    # a model field carries its default (`state_reason: str | None = 'open'`): named, a
    # behaviour change that breaks no code
    ("model-field-default-added",
     lambda d: _schemas(d)["Issue"]["properties"]["state_reason"].update(default="open"),
     "default-changed", "models.Issue.state_reason: default added: 'open'", False),
    # an argument's default is not in the signature (`= NOT_GIVEN`) and is never sent
    ("argument-default-added",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"][1]["schema"].update(
         default=True),
     "default-changed", NO_EFFECT, False),
]


def _rename_path_parameter(doc: Doc, name: str) -> None:
    """`/issues/{number}` -> `/issues/{<name>}`, its parameter renamed with it."""
    item = doc["paths"].pop("/issues/{number}")
    # (a copy: `base` shares the parameter with `add_labels`, whose path keeps `{number}`)
    item["get"]["parameters"] = [dict(item["get"]["parameters"][0], name=name)]
    doc["paths"][f"/issues/{{{name}}}"] = item


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


def test_a_moved_method_in_every_format() -> None:
    """A tag change sends nothing different (non-breaking on the wire) but moves the method:
    text, Markdown and JSON name the move, and `--fail-on client-breaking` fails on it alone."""
    changes = _changed(lambda d: _op(d, "/issues/{number}", "get").update(tags=["tickets"]))
    assert [(c.kind, c.severity) for c in changes] == [("tags-changed", "non-breaking")]
    moved = "client.issues.get: method moved to client.tickets.get"
    assert f"      client: {moved}\n" in format_changes(changes, "text")
    assert f"client: {moved}" in format_changes(changes, "markdown")
    (entry,) = json.loads(format_changes(changes, "json"))["changes"]
    assert entry["client"] == moved and entry["client_breaking"] is True
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0


def test_a_renamed_path_parameter_pairs_the_operations() -> None:
    """`/issues/{number}` -> `/issues/{num}` is one endpoint: one change, non-breaking on the
    wire, client-breaking for the argument; no method reads as removed or added."""
    changes = _changed(lambda d: _rename_path_parameter(d, "num"))
    assert [(c.kind, c.severity, c.client_breaking) for c in changes] == [
        ("path-parameter-renamed", "non-breaking", True)]
    assert "method" not in changes[0].client
    assert exit_code(changes, "breaking") == 0 and exit_code(changes, "client-breaking") == 1


def test_both_path_parameters_of_a_path_renamed_are_one_change() -> None:
    """A path renaming two template parameters is one change naming both arguments."""
    def two(doc: Doc, first: str, second: str) -> None:
        doc["paths"][f"/issues/{{{first}}}/comments/{{{second}}}"] = {"get": {
            "operationId": "get_comment", "tags": ["issues"], "responses": {"204": {
                "description": "x"}},
            "parameters": [{"name": n, "in": "path", "required": True,
                            "schema": {"type": "integer"}} for n in (first, second)]}}

    old, new = base(), base()
    two(old, "number", "comment_id")
    two(new, "issue", "id")
    (change,) = diff_with_client(old, new)
    assert change.message.endswith(": path parameter `number` renamed to `issue`, "
                                   "path parameter `comment_id` renamed to `id`")
    assert change.client == ("client.issues.get_comment: argument number renamed to issue; "
                             "client.issues.get_comment: argument comment_id renamed to id")


def test_a_changed_default_names_both_values_as_python_spells_them() -> None:
    old, new = base(), base()
    _schemas(old)["Issue"]["properties"]["state_reason"]["default"] = "available to all"
    _schemas(new)["Issue"]["properties"]["state_reason"]["default"] = "sold"
    (change,) = diff_with_client(old, new)
    assert change.client == "models.Issue.state_reason: default 'available to all' -> 'sold'"
    assert not change.client_breaking
    (removed,) = diff_with_client(old, base())
    assert removed.client == "models.Issue.state_reason: default removed (was 'available to all')"


def _pinned(doc: Doc) -> Doc:
    """`doc` with a provider-like overlay applied (`specs/<provider>/overlay.yaml`): `GET
    /issues/{number}` is `client.tickets.fetch` whatever its tags and operationId say."""
    overlay = {"overlay": "1.0.0", "info": {"title": "hints", "version": "1"}, "actions": [{
        "target": "$.paths['/issues/{number}'].get",
        "update": {"x-codegen-resource": "tickets", "x-codegen-method": "fetch"}}]}
    named, problems = apply_overlay(doc, overlay, "overlay.yaml")
    assert problems == []
    return named


def test_an_overlay_names_the_methods_as_the_generated_client_does() -> None:
    """With the overlay (`diff --overlay`, `update PROVIDER`) a change names the overlay's
    method, and a tag change the overlay overrides moves nothing; the changes themselves are
    the documents' own (compared without the overlay)."""
    old, new = base(), base()
    _op(new, "/issues/{number}", "get").update(tags=["tracker"], operationId="show")
    _op(new, "/issues/{number}", "get")["parameters"] = [
        {"name": "number", "in": "path", "required": True, "schema": {"type": "string"}}]
    bare = {c.kind: c for c in diff_with_client(old, new)}
    named = {c.kind: c for c in diff_with_client(old, new, {"old": _pinned(old),
                                                            "new": _pinned(new)})}
    assert sorted(named) == sorted(bare) == ["operation-id-changed", "tags-changed",
                                             "type-changed"]
    assert bare["tags-changed"].client == "client.issues.get: method moved to client.tracker.show"
    assert bare["tags-changed"].client_breaking
    for kind in ("tags-changed", "operation-id-changed"):
        assert named[kind].client == NO_EFFECT and not named[kind].client_breaking
    assert bare["type-changed"].client.startswith("client.tracker.show: argument number: ")
    assert named["type-changed"].client == "client.tickets.fetch: argument number: int -> str"


def _with_state(default: str, referenced: bool = True) -> Doc:
    """`Issue.state` a `$ref` to the enum component `State`, whose own `default` is `default`
    (`referenced=False`: `State` is only a wrapped `allOf` member's, reported at the field)."""
    doc = base()
    _schemas(doc)["State"] = {"type": "string", "enum": ["open", "closed"], "default": default}
    ref = {"$ref": "#/components/schemas/State"}
    _schemas(doc)["Issue"]["properties"]["state"] = ref if referenced else {
        "allOf": [ref], "description": "wrapped"}
    return doc


def test_a_component_default_names_the_fields_that_take_it() -> None:
    """datamodel-code-generator gives a field the default of the schema it references
    (`state: State | None = State.open`): a change of the component's default is reported at
    the component and names those fields; a field wrapping the `$ref` is reported (and named)
    at the field itself, once."""
    (direct,) = diff_with_client(_with_state("open"), _with_state("closed"))
    assert direct.pointer == "/components/schemas/State"
    assert direct.client == "models.Issue.state: default 'open' -> 'closed'"
    assert not direct.client_breaking
    wrapped = diff_with_client(_with_state("open", False), _with_state("closed", False))
    assert [(c.pointer, c.client) for c in wrapped] == [
        ("/components/schemas/Issue/properties/state",
         "models.Issue.state: default 'open' -> 'closed'")]


def test_a_method_renamed_on_a_renamed_path_is_traced_to_its_old_name() -> None:
    """The old method is looked up at the old path (`/issues/{number}`), paired with the new
    one by shape: the operationId change names both methods, the rename both arguments."""
    def renamed(doc: Doc) -> None:
        _rename_path_parameter(doc, "num")
        _op(doc, "/issues/{num}", "get").update(operationId="fetch")

    found = {c.kind: c.client for c in _changed(renamed)}
    assert found == {
        "operation-id-changed": "client.issues.get: method renamed to client.issues.fetch",
        "path-parameter-renamed": "client.issues.get: argument number renamed to num"}
