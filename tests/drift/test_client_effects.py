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
    # a query parameter moved to a header (or respelt to the same argument name): the method
    # keeps the argument, the regenerated client sends it the new way; calls unchanged
    ("query-parameter-moved-to-a-header",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"][1].update({"in": "header"}),
     "parameter-removed",
     ("client.issues.add_labels: argument dry_run: unchanged (bool | NotGiven), sent as the "
      "header parameter `dry_run` by the regenerated client (was the query parameter `dry_run`; "
      "calls unchanged)"), False),
    ("query-parameter-respelt",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"][1].update(name="dryRun"),
     "parameter-added-optional",
     ("client.issues.add_labels: argument dry_run: unchanged (bool | NotGiven), sent as the "
      "query parameter `dryRun`"), False),
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
    # a format changes the generated type: the field is a `datetime` now
    ("model-field-format-added",
     lambda d: _schemas(d)["Issue"]["properties"]["state_reason"].update(format="date-time"),
     "constraint-tightened-response",
     "models.Issue.state_reason: str | None -> datetime | None", True),
    # readOnly: the expanded body's argument is gone from the method
    ("body-argument-became-read-only",
     lambda d: _schemas(d)["Labels"]["properties"]["labels"].update(readOnly=True),
     "request-property-became-read-only",
     "client.issues.add_labels: argument labels: became readOnly (no longer sent)", True),
    # the regenerated client sends the new spelling: no call changes
    ("query-argument-serialization-changed",
     lambda d: _op(d, "/issues/{number}/labels", "post")["parameters"][1].update(explode=False),
     "parameter-serialization-changed",
     ("client.issues.add_labels: argument dry_run: sent style=form, explode=false by the "
      "regenerated client"), False),
    # an optional answer field read as `str | None` already: null breaks no code reading it
    ("optional-model-field-became-nullable",
     lambda d: _schemas(d)["Issue"]["properties"]["state_reason"].update(nullable=True),
     "response-property-became-nullable",
     "models.Issue.state_reason: now accepts None; type unchanged: str | None", False),
    # a required one was `int`: code doing arithmetic on it no longer type-checks
    ("required-model-field-became-nullable",
     lambda d: _schemas(d)["Issue"]["properties"]["id"].update(nullable=True),
     "response-property-became-nullable", "models.Issue.id: now accepts None: int -> int | None",
     True),
    # an expanded body's arguments are required as their properties are, whether the body is
    # or not: the regenerated client sends `{}` when no argument is given, calls unchanged
    ("expanded-body-became-optional",
     lambda d: _op(d, "/issues/{number}/labels", "post")["requestBody"].update(required=False),
     "request-body-became-optional",
     ("client.issues.add_labels: request body (keyword arguments): now optional; the arguments "
      "unchanged, the regenerated client sends it only when an argument is given (calls "
      "unchanged)"), False),
    # the one success's headers are typed on the raw response
    ("typed-response-header-added",
     lambda d: _op(d, "/issues/{number}", "get")["responses"].update({"200": dict(
         _op(d, "/issues/{number}", "get")["responses"]["200"],  # (shared with add_labels)
         headers={"X-Poll-Interval": {"schema": {"type": "integer"}}})}),
     "response-header-added",
     "client.issues.get: with_raw_response: typed_headers['X-Poll-Interval']: ", False),
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


def test_a_required_nullable_answer_field_made_optional_is_not_client_breaking() -> None:
    """Required and nullable, the field is `int | None` already; left out, the model reads
    None, as it read a null: code reading it is unchanged (breaking on the wire only)."""
    old = copy.deepcopy(base())
    _schemas(old)["Issue"]["properties"]["id"]["nullable"] = True
    new = copy.deepcopy(old)
    _schemas(new)["Issue"]["required"] = []
    [change] = diff_with_client(old, new)
    assert (change.kind, change.severity) == ("response-property-became-optional", "breaking")
    assert change.client == "models.Issue.id: now optional; type unchanged: int | None"
    assert not change.client_breaking


def test_client_effect_in_every_format() -> None:
    changes = _changed(lambda d: _schemas(d)["Issue"]["properties"].pop("state_reason"))
    text = format_changes(changes, "text")
    assert "      client (breaks code): models.Issue.state_reason: removed" in text
    assert "client (breaks code): models.Issue.state_reason: removed" in format_changes(changes, "markdown")
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
    assert f"      client (breaks code): {moved}\n" in format_changes(changes, "text")
    assert f"client (breaks code): {moved}" in format_changes(changes, "markdown")
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


@pytest.mark.parametrize(("wire", "attribute"), [("timeout", "timeout"), ("self", "self"),
                                                  ("class", "class_"), ("1st", "field_1st")])
def test_a_field_is_named_by_its_attribute_not_as_an_argument(wire: str, attribute: str) -> None:
    """A model field keeps the names a method argument may not (`self`, `timeout`): it is
    named as models.py spells it (`names.aliases.model_field_name`), as api.md lists it."""
    old, new = base(), base()
    for doc, default in ((old, 5), (new, 10)):
        _schemas(doc)["Issue"]["properties"][wire] = {"type": "integer", "default": default}
    (change,) = diff_with_client(old, new)
    assert change.client == f"models.Issue.{attribute}: default 5 -> 10"


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


# ---- a method's return shape: its answer's model, or pages of items (`ir.paging`) ---------


def _pets(next_cursor: bool = False, hint: Doc | None = None) -> Doc:
    """`GET /pets` with a `cursor` query parameter, answering `PetList` (`data`: a list of
    `Pet`): paginated when the answer has a `next_cursor` (`paging.detect`), or a hint says so."""
    doc = base()
    operation: Doc = {
        "operationId": "list_pets", "tags": ["pets"],
        "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/PetList"}}}}}}
    if hint is not None:
        operation["x-codegen-pagination"] = hint
    doc["paths"]["/pets"] = {"get": operation}
    pet_list: Doc = {"type": "object", "required": ["data"], "properties": {
        "data": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}
    if next_cursor:
        pet_list["properties"]["next_cursor"] = {"type": "string", "nullable": True}
    _schemas(doc).update(PetList=pet_list, Pet={"type": "object", "properties": {
        "id": {"type": "integer"}}})
    return doc


PAGED = "client.pets.list_pets: now returns a paginated list of models.Pet (was models.PetList)"
UNPAGED = ("client.pets.list_pets: no longer paginated: returns models.PetList "
           "(was pages of models.Pet)")


def test_an_optional_next_cursor_added_turns_the_method_into_pages() -> None:
    """Found in a new user's trial: a new optional answer property is non-breaking on the wire,
    but `list_pets` then returns `SyncPage[Pet, PetList]`: `resp.data` fails. Named on the
    change that caused it, client-breaking, in every format."""
    changes = diff_with_client(_pets(), _pets(next_cursor=True))
    (added,) = changes
    assert (added.kind, added.severity) == ("response-property-added", "non-breaking")
    assert added.client == f"models.PetList.next_cursor: added: str | None; {PAGED}"
    assert added.client_breaking
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0
    assert f"; {PAGED}\n" in format_changes(changes, "text")
    assert PAGED in format_changes(changes, "markdown")
    (entry,) = json.loads(format_changes(changes, "json"))["changes"]
    assert entry["client"].endswith(PAGED) and entry["client_breaking"] is True


def test_the_next_cursor_removed_turns_the_pages_back_into_the_model() -> None:
    """The trial's petstore: iterating `list_pets()` would now iterate the model's fields."""
    (removed,) = diff_with_client(_pets(next_cursor=True), _pets())
    assert removed.kind == "response-property-removed"
    assert removed.client == f"models.PetList.next_cursor: removed (was str | None); {UNPAGED}"
    assert removed.client_breaking


def test_an_inline_list_answer_pages_items_of_its_own_type() -> None:
    """The trial's minimal pair: an inline answer whose `data` holds strings."""
    def inline(doc: Doc) -> Doc:
        content = doc["paths"]["/pets"]["get"]["responses"]["200"]["content"]
        content["application/json"]["schema"] = _schemas(doc).pop("PetList")
        return doc

    (added,) = diff_with_client(inline(_pets()), inline(_pets(next_cursor=True)))
    assert added.client.endswith("; client.pets.list_pets: now returns a paginated list of "
                                 "models.Pet (was models.PetsListPetsResponse)")
    for items, spelt in (({"type": "string"}, "str"),
                         ({"type": "string", "format": "date-time"}, "datetime")):
        old, new = inline(_pets()), inline(_pets(next_cursor=True))
        for doc in (old, new):
            content = doc["paths"]["/pets"]["get"]["responses"]["200"]["content"]
            content["application/json"]["schema"]["properties"]["data"]["items"] = items
        (added,) = diff_with_client(old, new)
        assert added.client.endswith(f"now returns a paginated list of {spelt} "
                                     "(was models.PetsListPetsResponse)")


def test_the_page_parameter_removed_names_the_return_shape_on_the_argument() -> None:
    new = _pets(next_cursor=True)
    new["paths"]["/pets"]["get"]["parameters"] = []
    (removed,) = [c for c in diff_with_client(_pets(next_cursor=True), new)
                  if c.kind == "parameter-removed"]
    assert removed.client == (f"client.pets.list_pets: argument cursor: removed (was str | "
                              f"NotGiven); {UNPAGED}")
    assert removed.client_breaking


def test_a_return_shape_no_change_explains_is_a_change_of_its_own() -> None:
    """An `x-codegen-pagination` hint added to the document: the differ sees no change of the
    wire, the generated method returns pages."""
    hint = {"style": "cursor", "items": "data", "param": "cursor"}
    changes = diff_with_client(_pets(), _pets(hint=hint))
    (own,) = changes
    assert (own.pointer, own.kind, own.severity) == ("/paths/~1pets/get", "return-shape-changed",
                                                     "non-breaking")
    assert own.operations == ("GET /pets",) and own.message.startswith("GET /pets: ")
    assert own.client == PAGED and own.client_breaking
    assert exit_code(changes, "client-breaking") == 1
    (back,) = diff_with_client(_pets(hint=hint), _pets())
    assert back.client == UNPAGED and back.client_breaking


def test_a_change_that_keeps_the_return_shape_names_none() -> None:
    """Still pages on both sides (an item's field changed), or never did: no shape named."""
    new = _pets(next_cursor=True)
    _schemas(new)["Pet"]["properties"]["name"] = {"type": "string"}
    (added,) = diff_with_client(_pets(next_cursor=True), new)
    assert "list_pets" not in added.client and not added.client_breaking
    new = _pets()
    _schemas(new)["PetList"]["properties"]["total"] = {"type": "integer"}
    (total,) = diff_with_client(_pets(), new)
    assert "list_pets" not in total.client and not total.client_breaking


# ---- an enum value removed: the enum class loses a member ---------------------------------


def _with_status(values: list[Any], component: bool = False) -> Doc:
    """`Issue.status`: an inline enum (the class `IssueStatus`), or a `$ref` to `Status`."""
    doc = base()
    enum = {"type": "string" if isinstance(values[0], str) else "integer", "enum": values}
    if component:
        _schemas(doc)["Status"] = enum
        enum = {"$ref": "#/components/schemas/Status"}
    _schemas(doc)["Issue"]["properties"]["status"] = enum
    return doc


def test_a_response_enum_value_removed_removes_the_class_member() -> None:
    """Found in a new user's trial: non-breaking on the wire, but `IssueStatus.closed` no
    longer exists: code naming it fails mypy and raises AttributeError."""
    changes = diff_with_client(_with_status(["open", "closed"]),
                               _with_status(["open", "pending"]))
    (removed,) = [c for c in changes if c.kind == "enum-value-removed-response"]
    assert removed.severity == "non-breaking"
    assert removed.client == ('models.Issue.status: lost enum value(s) "closed"; annotation '
                              'unchanged: IssueStatus | None; models.IssueStatus.closed: '
                              'member removed')
    assert removed.client_breaking and exit_code(changes, "client-breaking") == 1
    (added,) = [c for c in changes if c.kind == "enum-value-added-response"]
    assert "member" not in added.client and not added.client_breaking


def test_a_component_enum_value_removed_names_the_component_class_member() -> None:
    (removed,) = diff_with_client(_with_status(["open", "closed", "held"], component=True),
                                  _with_status(["open", "held"], component=True))
    assert removed.client == ('models.Status: lost enum value(s) "closed"; '
                              'models.Status.closed: member removed')
    assert removed.client_breaking


def test_a_component_enum_left_with_one_value_is_its_class_removed() -> None:
    """dcg writes an enum of one value a `Literal`, no enum class: a component of it is a root
    model folded into the fields using it, so `models.Status` is gone (the report said only
    `models.Status.closed: member removed`, as if `Status` were still an enum)."""
    (removed,) = diff_with_client(_with_status(["open", "closed"], component=True),
                                  _with_status(["open"], component=True))
    assert removed.client == (
        'models.Issue.status: Status | None -> Literal["open"] | None (models.py has no class '
        "for schema `Status`: its uses are typed with what it holds); models.Status: class "
        "removed")
    assert removed.client_breaking


def test_an_enum_in_an_operations_own_answer_names_its_class_member() -> None:
    """An inline answer (`PetsListPetsResponse`) whose inline field enum loses a value."""
    def answer(values: list[str]) -> Doc:
        doc = _pets()
        content = doc["paths"]["/pets"]["get"]["responses"]["200"]["content"]
        content["application/json"]["schema"] = {"type": "object", "properties": {
            "kind": {"type": "string", "enum": values}}}
        return doc

    (removed,) = diff_with_client(answer(["cat", "dog", "fox"]), answer(["cat", "dog"]))
    assert removed.pointer.startswith("/paths/~1pets/get/responses/200/")
    assert removed.client.endswith("; models.PetsListPetsResponseKind.fox: member removed")
    assert removed.client_breaking


def test_an_enum_left_with_one_value_is_a_class_removed() -> None:
    """dcg types a one-value inline enum `Literal[...]`: the class `IssueStatus` is gone."""
    (removed,) = diff_with_client(_with_status(["open", "closed"]), _with_status(["open"]))
    assert removed.client.endswith("; models.IssueStatus: class removed")
    assert removed.client_breaking


def test_members_are_named_as_dcg_names_them() -> None:
    """`pt-br` -> `pt_br`, `class` -> `class_`, `2` -> `integer_2` (the golden packages'
    enums; tests/drift/test_enum_members.py runs dcg on more); a name dcg makes by rules not
    foreseen here is said by its value."""
    (removed,) = diff_with_client(_with_status(["en", "pt-br", "class", "a--b", "fr"]),
                                  _with_status(["en", "fr"]))
    assert removed.client.endswith('; models.IssueStatus.pt_br: member removed; '
                                   'models.IssueStatus.class_: member removed; '
                                   'models.IssueStatus: member for "a--b" removed')
    (number,) = diff_with_client(_with_status([1, 2, 3]), _with_status([1, 3]))
    assert number.client.endswith("; models.IssueStatus.integer_2: member removed")


def test_a_request_enum_value_removed_was_and_is_client_breaking() -> None:
    """The argument's `Literal[...]` loses the value (breaking on the wire too), and the enum
    class its member."""
    def mode(values: list[str]) -> Doc:
        doc = base()
        _op(doc, "/issues/{number}/labels", "post")["parameters"].append(
            {"name": "mode", "in": "query", "schema": {"type": "string", "enum": values}})
        return doc

    (removed,) = diff_with_client(mode(["a", "b", "c"]), mode(["a", "c"]))
    assert (removed.kind, removed.severity) == ("enum-value-removed-request", "breaking")
    assert removed.client.startswith("client.issues.add_labels: argument mode: ")
    assert '_typing.Literal["a", "c"] | NotGiven' in removed.client
    assert removed.client.endswith("; models.IssuesAddLabelsParamsMode.b: member removed")
    assert removed.client_breaking


def test_a_defaults_effect_reads_the_values_not_the_message() -> None:
    """The effect is made of `Change.values` (JSON text), whatever the message's words."""
    from generator.drift.diff import client

    change = Change("/components/schemas/Pet/properties/status/default", "default-changed",
                    "non-breaking", "reworded: anything at all", detail="reworded",
                    values=('"from unset to x"', None))
    assert client._what(change) == "default removed (was 'from unset to x')"


def test_a_deprecation_is_read_from_its_values() -> None:
    old, new = base(), base()
    _op(new, "/issues/{number}", "get")["deprecated"] = True
    (change,) = diff_with_client(old, new)
    assert change.values == ("false", "true")
    assert change.client.endswith("now @deprecated (type checkers flag calls; a call warns)")
    (back,) = diff_with_client(new, old)
    assert back.values == ("true", "false") and back.client.endswith("no longer @deprecated")


@pytest.mark.parametrize(("component", "item_class"), [
    ("Pets", "PetsPet"), ("PetContent", "PetContentPetContentItem")])
def test_a_change_under_a_root_lists_items_names_the_item_class(
        tmp_path: Any, component: str, item_class: str) -> None:
    """A component that is a list of inline objects is a root model (`Pets(RootModel[
    list[PetsPet]])`), its items a class dcg names after the list's singular. A property added
    under `items` said `models.Pets.age: added`, a field of no class and no type."""
    from generator import pipeline

    def doc(*, age: bool) -> Doc:
        item = {"type": "object", "properties": {"name": {"type": "string"}}}
        if age:
            item["properties"]["age"] = {"type": "integer"}
        return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
                "paths": {"/pets": {"get": {"operationId": "list_pets", "responses": {"200": {
                    "description": "ok", "content": {"application/json": {"schema": {
                        "$ref": f"#/components/schemas/{component}"}}}}}}}},
                "components": {"schemas": {component: {"type": "array", "items": item}}}}

    [change] = diff_with_client(doc(age=False), doc(age=True))
    assert change.client == f"models.{item_class}.age: added: int | None"
    spec = tmp_path / "pets.json"
    spec.write_text(json.dumps(doc(age=True)), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pets")])["pets"]
    models = "".join(text for path, text in files.items() if path.startswith("models/"))
    assert f"class {item_class}(BaseModel)" in models and "    age: int | None = None" in models


def test_a_success_answer_moved_to_another_status_is_not_client_breaking() -> None:
    """`200` -> `201` with the same model: the method returns `models.Issue` before and after,
    so no code written against it breaks; the wire's verdict stays breaking (a client reading
    only `200` does not read `201`). Moved with another model, it is client-breaking still."""
    def moved(model: str) -> Callable[[Doc], None]:
        def mutate(doc: Doc) -> None:
            responses = _op(doc, "/issues/{number}", "get")["responses"]
            schema = {"$ref": f"#/components/schemas/{model}"}
            responses.pop("200")
            responses["201"] = {"description": "ok",
                                "content": {"application/json": {"schema": schema}}}
        return mutate

    [removed] = [c for c in _changed(moved("Issue")) if c.kind == "success-response-removed"]
    assert removed.severity == "breaking" and not removed.client_breaking
    assert removed.client == ("client.issues.get: returns models.Issue: unchanged "
                              "(the same answer, now documented as 201)")
    changed = _changed(moved("Labels"))
    [removed] = [c for c in changed if c.kind == "success-response-removed"]
    assert removed.client_breaking and exit_code(changed, "client-breaking") == 1


def test_a_field_of_a_component_renamed_and_changed_is_typed_from_the_old_class() -> None:
    """Dialogporten 1.40.0 -> 1.118.6 renamed `V1EndUserDialogTransmissionsQueriesSearch_Content`
    to `V1EndUserDialogsQueriesSearchTransmissions_Content` and made its optional `summary`
    nullable: the old client's field was `... | None` already, so nothing reading it breaks.
    The new class has no field in the old client: the old annotation is the old class's, read
    at the place the old document has it (it was reported as client-breaking, `now accepts
    None: V1CommonContentContentValue | None`, the old annotation missing)."""
    def doc(component: str, nullable: bool) -> Doc:
        d = base()
        summary: Doc = {"type": "string", **({"nullable": True} if nullable else {})}
        _schemas(d)[component] = {"type": "object", "properties": {
            "summary": summary, "extra": {"type": "integer"} if nullable else {"type": "string"}}}
        _op(d, "/issues/{number}", "get")["responses"]["200"] = {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": f"#/components/schemas/{component}"}}}}
        return d

    changes = diff_with_client(doc("OldContent", False), doc("NewContent", True))
    (nullable,) = [c for c in changes if c.kind == "response-property-became-nullable"]
    assert nullable.pointer == "/components/schemas/NewContent/properties/summary"
    assert nullable.client == ("models.NewContent.summary: now accepts None; type unchanged: "
                               "str | None")
    assert not nullable.client_breaking
    (retyped,) = [c for c in changes if c.kind == "type-changed"]
    assert retyped.client == "models.NewContent.extra: str | None -> int | None"
    assert retyped.client_breaking
    # the old class is gone: that is what breaks code naming it
    (removed,) = [c for c in changes if c.kind == "component-removed"]
    assert removed.client == "models.OldContent: class removed" and removed.client_breaking


def _union_doc(branches: str) -> Doc:
    """`GET /a` answers with an object whose `rule` is the union component `U` of `branches`."""
    answer = {"type": "object", "properties": {"rule": {"$ref": "#/components/schemas/U"}}}
    doc = _pets()
    doc["paths"]["/pets"]["get"]["responses"]["200"]["content"]["application/json"][
        "schema"] = answer
    _schemas(doc).update({name: {"type": "object", "properties": {
        name.lower(): {"type": "string"}}} for name in "ABC"})
    _schemas(doc)["U"] = {"oneOf": [{"$ref": f"#/components/schemas/{b}"} for b in branches]}
    return doc


def test_a_branch_of_a_union_component_names_its_uses_not_a_class() -> None:
    """dcg collapses a union component's root model: models.py has no `U` (its uses are typed
    `A | B`). A branch gained or lost names the fields whose annotation changed, not
    `models.U` (octokit/openapi-webhooks 12.0.3 -> 12.1.0: `repository-rule` gained
    `repository-rule-copilot-code-review`, said as `models.RepositoryRule: gained a branch`)."""
    (gained,) = diff_with_client(_union_doc("AB"), _union_doc("ABC"))
    assert gained.kind == "one-of-branch-added"
    assert gained.client == (
        "models.PetsListPetsResponse.rule: A | B | None -> A | B | C | None (schema `U` gained "
        "a branch (`C`); models.py has no class of its own for it, its uses are typed with its "
        "branches)")
    (lost,) = diff_with_client(_union_doc("ABC"), _union_doc("AB"))
    assert lost.client.startswith(
        "models.PetsListPetsResponse.rule: A | B | C | None -> A | B | None (schema `U` lost")


def test_a_branch_of_a_union_answered_as_a_list_names_the_method() -> None:
    """An answer that is a list of the union (GitHub's `timeline-issue-events`): no field
    holds it, the method's return does (`-> list[A | B]`, a root model's type)."""
    def listed(branches: str) -> Doc:
        doc = _union_doc(branches)
        doc["paths"]["/pets"]["get"]["responses"]["200"]["content"]["application/json"][
            "schema"] = {"type": "array", "items": {"$ref": "#/components/schemas/U"}}
        return doc

    (gained,) = diff_with_client(listed("AB"), listed("ABC"))
    assert gained.client == (
        "schema `U` gained a branch (`C`); models.py has no class of its own for it, its uses "
        "are typed with its branches: client.pets.list_pets")


def test_a_union_typed_object_is_spelt_as_its_branches() -> None:
    """`type: object` beside a `oneOf` and no properties (GitHub's `repository-rule`) is a
    union dcg collapses into its uses, not a free-form object class `U`."""
    def typed(branches: str) -> Doc:
        doc = _union_doc(branches)
        _schemas(doc)["U"]["type"] = "object"
        return doc

    (gained,) = diff_with_client(typed("AB"), typed("ABC"))
    assert gained.client.startswith(
        "models.PetsListPetsResponse.rule: A | B | None -> A | B | C | None (schema `U` gained")


def test_an_argument_that_no_longer_takes_a_class_says_so() -> None:
    """Dialogporten 1.40.0 -> 1.118.6: `status` of the create-dialog body went from
    `$ref: DialogsEntities_DialogStatus` to another enum component with two more values,
    nullable. Both wire changes (an enum value gained, nullable) are non-breaking; the argument
    no longer takes `models.DialogsEntitiesDialogStatus` (mypy rejects
    `status=DialogsEntitiesDialogStatus.draft`), which each change's client effect now says
    instead of only `now accepts None: A -> B`."""
    def doc(target: str) -> Doc:
        d = base()
        _schemas(d)["Labels"]["properties"]["status"] = (
            {"$ref": f"#/components/schemas/{target}"} if target == "Status" else
            {"nullable": True, "allOf": [{"$ref": f"#/components/schemas/{target}"}]})
        _schemas(d)["Status"] = {"type": "string", "enum": ["New", "Draft"]}
        _schemas(d)["StatusInput"] = {"type": "string", "enum": ["New", "Draft", "Awaiting"]}
        return d

    changes = [c for c in diff_with_client(doc("Status"), doc("StatusInput"))
               if c.pointer.startswith("/components/schemas/Labels/properties/status")]
    assert changes and all(c.client_breaking for c in changes)
    assert all(c.client.endswith(" (no longer takes models.Status)") for c in changes), [
        c.client for c in changes]


def _with_not_found(error: Doc) -> Doc:
    """Both operations answer 404 with the response component `NotFound` (body `error`)."""
    doc = base()
    doc["components"]["responses"] = {"NotFound": {"description": "missing", "content": {
        "application/json": {"schema": error}}}}
    for path, method in (("/issues/{number}/labels", "post"), ("/issues/{number}", "get")):
        _op(doc, path, method)["responses"]["404"] = {"$ref": "#/components/responses/NotFound"}
    return doc


def test_a_response_component_change_names_each_operations_class() -> None:
    """Directus 14.0.0 -> 15.2.0 removed `error` from its `NotFoundError` response component,
    which 75 operations answer with: each has its own class for it
    (`CollectionsDeleteCollectionError404`), which loses the field. It was said as `removed
    (shared by 75 operation(s))`, naming no class."""
    error = {"type": "object", "properties": {"error": {"type": "string"},
                                              "code": {"type": "integer"}}}
    smaller = {"type": "object", "properties": {"code": {"type": "integer"}}}
    (removed,) = diff_with_client(_with_not_found(error), _with_not_found(smaller))
    assert removed.pointer == ("/components/responses/NotFound/content/application~1json/"
                               "schema/properties/error")
    assert removed.client == ("models.IssuesGetError404.error: removed (was str | None); "
                              "models.IssuesAddLabelsError404.error: removed (was str | None)")
    assert removed.client_breaking


def test_an_error_response_added_is_not_said_to_be_returned() -> None:
    """A 4xx answer is raised (its body the error's `parsed_body`), not returned."""
    error = {"type": "object", "properties": {"error": {"type": "string"}}}
    new = _with_not_found(error)
    old = copy.deepcopy(new)
    del _op(old, "/issues/{number}", "get")["responses"]["404"]
    (added,) = diff_with_client(old, new)
    assert added.client == ("client.issues.get: response 404 (raised, its parsed_body a "
                            "models.IssuesGetError404): response added")


def test_a_bound_changed_with_the_type_says_what_it_changed() -> None:
    """Directus 14.0.0 -> 15.2.0: `Query.limit` went from `number` to `integer` with a
    `minimum`: two changes, whose client effects both read `models.Query.limit: float | None ->
    int | None`, the minimum's without a word of it."""
    def doc(limit: Doc) -> Doc:
        d = base()
        _schemas(d)["Issue"]["properties"]["limit"] = limit
        return d

    changes = diff_with_client(doc({"type": "number"}),
                               doc({"type": "integer", "minimum": -1}))
    effects = {c.kind: c.client for c in changes}
    assert effects["type-narrowed"] == "models.Issue.limit: float | None -> int | None"
    (bound,) = [text for kind, text in effects.items() if kind.startswith("constraint-")]
    assert bound == ("models.Issue.limit: minimum changed from None to -1; annotation "
                     "float | None -> int | None")


def test_a_side_whose_operations_clash_in_name_is_still_traced() -> None:
    """Directus 10.2.11 has `updateExtensions` twice (`PATCH /extensions/{name}` and `PATCH
    /extensions/{bundle}/{name}`): the builder refused that side, so every change of it read
    "not traced" and `path-removed` of `client.activity.create_comment` was not
    client-breaking. The later operation takes its path-based name, as `generate` names it."""
    old = base()
    old["paths"]["/issues/{number}/copy"] = {"post": {
        "operationId": "get", "tags": ["issues"], "parameters": [
            {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}],
        "responses": {"204": {"description": "done"}}}}
    new = copy.deepcopy(old)
    del new["paths"]["/issues/{number}/labels"]
    new["paths"]["/issues/{number}/copy"]["post"]["operationId"] = "copy"
    changes = {c.kind: c for c in diff_with_client(old, new)}
    removed = changes["path-removed"]
    assert removed.client == "client.issues.add_labels: method removed"
    assert removed.client_breaking
    assert changes["operation-id-changed"].client == (
        "client.issues.post_issues_by_number_copy: method renamed to client.issues.copy")


def test_a_parameter_component_change_names_the_argument() -> None:
    """Directus' `Export` parameter component gained an enum value: it was said as `gained enum
    value(s) "csv_utf8" (shared by 1 operation(s))`, naming no method; now the argument, as a
    parameter of the operation's own."""
    def doc(values: list[str]) -> Doc:
        d = base()
        d["components"]["parameters"] = {"Mode": {"name": "mode", "in": "query", "schema": {
            "type": "string", "enum": values}}}
        _op(d, "/issues/{number}/labels", "post")["parameters"].append(
            {"$ref": "#/components/parameters/Mode"})
        return d

    (gained,) = diff_with_client(doc(["a", "b"]), doc(["a", "b", "c"]))
    assert gained.pointer == "/components/parameters/Mode/schema"
    assert gained.client == (
        'client.issues.add_labels: argument mode: _models.IssuesAddLabelsParamsMode | '
        '_typing.Literal["a", "b"] | NotGiven -> _models.IssuesAddLabelsParamsMode | '
        '_typing.Literal["a", "b", "c"] | NotGiven')
    assert not gained.client_breaking


def _upgrade(extra: dict[str, Any]) -> dict[str, Any]:
    """GitBook's `BillingUpgrade`: a component that is a union of inline object branches."""
    checkout = {"type": "object", "required": ["result"],
                "properties": {"result": {"type": "string", "enum": ["checkout"]}}}
    upgraded = {"type": "object", "required": ["result"],
                "properties": {"result": {"type": "string", "enum": ["upgraded"]}, **extra}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/upgrade": {
        "post": {"operationId": "upgrade", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Upgrade"}}}}}}}},
        "components": {"schemas": {"Upgrade": {"oneOf": [checkout, upgraded]}}}}


def test_a_property_of_an_inline_branch_names_the_branchs_class() -> None:
    # it named `models.Upgrade.balance`, a root model without fields, and no type
    old, new = _upgrade({}), _upgrade({"balance": {"type": "integer"}})
    (added,) = diff_with_client(old, new)
    assert added.client == "models.UpgradeUpgrade1.balance: added: int | None"
    (removed,) = diff_with_client(new, old)
    assert removed.client == "models.UpgradeUpgrade1.balance: removed (was int | None)"
    assert removed.client_breaking


def _accounts(user: dict[str, Any], name: str = "User") -> dict[str, Any]:
    """Scalar Galaxy's `User`, which stopped taking in `Credentials` (`allOf`), and a token
    method whose body is `Credentials` itself."""
    def body(ref: str) -> dict[str, Any]:
        return {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}}

    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
        "/auth/token": {"post": {"operationId": "getToken", "requestBody": {"required": True, **body("Credentials")},
                                 "responses": {"204": {"description": "ok"}}}},
        "/me": {"get": {"operationId": "getMe", "responses": {"200": {"description": "ok", **body(name)}}}}},
        "components": {"schemas": {
            "Credentials": {"type": "object", "required": ["email"], "properties": {"email": {"type": "string"}}},
            name: user}}}


def test_a_component_no_longer_taken_in_is_the_holders_change_not_its_own() -> None:
    # it read as `Credentials` losing `email`: `get_token`'s argument and `models.Credentials`
    # said removed, both unchanged; `models.User`, which lost it, was not named
    name = {"type": "object", "properties": {"name": {"type": "string"}}}
    old = _accounts({"allOf": [name, {"$ref": "#/components/schemas/Credentials"}]})
    (removed,) = diff_with_client(old, _accounts(name))
    # (at the member that took it in: `User/properties/email` is in neither document)
    assert (removed.kind, removed.pointer) == ("response-property-removed",
                                               "/components/schemas/User/allOf/1")
    assert removed.client == "models.User.email: removed (was str)"


def test_a_holder_named_like_the_component_it_took_in_is_its_own() -> None:
    # `CredentialsUser` starts like `Credentials`: read as inside it, the change stayed there
    name = {"type": "object", "properties": {"name": {"type": "string"}}}
    old = _accounts({"allOf": [name, {"$ref": "#/components/schemas/Credentials"}]}, "CredentialsUser")
    (removed,) = diff_with_client(old, _accounts(name, "CredentialsUser"))
    assert removed.pointer == "/components/schemas/CredentialsUser/allOf/1"


def _answering(schema: str, with_email: bool = False) -> Doc:
    """`base()` with `GET /issues/{number}` answering `$ref schema`, and a component
    `Ticket` shaped like `Issue` (with an `email` too, if asked)."""
    doc = base()
    ticket = copy.deepcopy(_schemas(doc)["Issue"])
    if with_email:
        ticket["properties"]["email"] = {"type": "string"}
    _schemas(doc)["Ticket"] = ticket
    responses = _op(doc, "/issues/{number}", "get")["responses"]
    responses["200"] = copy.deepcopy(responses["200"])  # (add_labels' answer stays `Issue`)
    content = responses["200"]["content"]
    content["application/json"]["schema"] = {"$ref": f"#/components/schemas/{schema}"}
    return doc


GOT_TICKET = "client.issues.get: now returns models.Ticket (was models.Issue)"


def test_a_method_answering_another_alike_class_is_a_change_of_its_own() -> None:
    """`Issue` and `Ticket` hold the same fields: the differ compares schemas by content and
    finds nothing, yet `issue: Issue = client.issues.get(...)` no longer type-checks and an
    `isinstance(x, Issue)` is False: client-breaking, the wire unchanged."""
    changes = diff_with_client(_answering("Issue"), _answering("Ticket"))
    (own,) = changes
    assert (own.pointer, own.kind, own.severity) == ("/paths/~1issues~1{number}/get",
                                                     "return-class-changed", "non-breaking")
    assert own.operations == ("GET /issues/{number}",)
    assert own.client == GOT_TICKET and own.client_breaking
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0
    assert diff_with_client(_answering("Issue"), _answering("Issue")) == []


def test_a_property_the_new_answer_class_had_already_is_named_where_it_is() -> None:
    """`Ticket` had `email` on both sides: the answer gained it by answering `Ticket`. The
    change points at `Ticket`'s property (the old side's `Issue` never had it, and still
    has not), and its effect is the method's new class, not `Ticket` gaining a field."""
    (added,) = diff_with_client(_answering("Issue", True), _answering("Ticket", True))
    assert (added.kind, added.pointer) == ("response-property-added",
                                           "/components/schemas/Ticket/properties/email")
    assert added.client == GOT_TICKET and added.client_breaking


def _answering_a_list_of(schema: str) -> Doc:
    """`_answering(schema, True)` with `GET /issues/{number}` answering a list of it."""
    doc = _answering(schema, True)
    content = _op(doc, "/issues/{number}", "get")["responses"]["200"]["content"]
    content["application/json"]["schema"] = {
        "type": "array", "items": {"$ref": f"#/components/schemas/{schema}"}}
    return doc


def test_a_list_answer_whose_items_are_another_class_names_the_new_return() -> None:
    """The items' `$ref` switched (`Issue` -> `Ticket`): the answer's wrapper class keeps its
    name (`IssuesGetResponse`), the method's annotation does not (`list[models.Issue]` ->
    `list[models.Ticket]`): client-breaking, as a single answer's switch is."""
    changes = diff_with_client(_answering_a_list_of("Issue"), _answering_a_list_of("Ticket"))
    (added,) = changes
    assert added.kind == "response-property-added"
    # (`Ticket`'s `email` is the items' change, where their `$ref` is: `retarget`)
    assert added.pointer == ("/paths/~1issues~1{number}/get/responses/200/content/"
                             "application~1json/schema/items")
    assert added.client == ("models.IssuesGetResponse: list[Issue] -> list[Ticket]; "
                            "client.issues.get: now returns list[models.Ticket] "
                            "(was list[models.Issue])") and added.client_breaking
    assert exit_code(changes, "client-breaking") == 1


def _answering_shared(listed: bool) -> Doc:
    """`base()` with `GET /issues/{number}` answering the response component `Found`: an
    inline list of `Issue` (its own class, `IssuesGetResponse`), or, unless `listed`, a `$ref`
    to the object schema `Hook`, which only this side has (Gitea's `Hook` response)."""
    doc = base()
    schema: Doc = {"type": "array", "items": {"$ref": "#/components/schemas/Issue"}}
    if not listed:
        schema = {"$ref": "#/components/schemas/Hook"}
        _schemas(doc)["Hook"] = {"type": "object", "description": "a web hook",
                                 "properties": {"url": {"type": "string"}}}
    doc["components"]["responses"] = {"Found": {
        "description": "ok", "content": {"application/json": {"schema": schema}}}}
    _op(doc, "/issues/{number}", "get")["responses"] = {
        "200": {"$ref": "#/components/responses/Found"}}
    return doc


def test_a_shared_answer_list_become_a_ref_to_an_object_names_the_method_not_the_wire() -> None:
    """Gitea's `#/components/responses/Hook`: a list of `Branch`, then a `$ref` to a new
    `Hook` object. The differ reports the type change at the schema the `$ref` names, the old
    place its `was`: the method's new return is that change's (it said a change of its own,
    `the wire is unchanged`), not the description's, and `models.Hook`, new, is not said to
    have changed type."""
    changes = diff_with_client(_answering_shared(True), _answering_shared(False))
    assert not [c for c in changes if c.kind == "return-class-changed"]
    (retyped,) = [c for c in changes if c.kind == "type-changed"]
    assert (retyped.pointer, retyped.severity) == ("/components/schemas/Hook", "breaking")
    assert retyped.was == "/components/responses/Found/content/application~1json/schema"
    assert retyped.client == ("client.issues.get: now returns models.Hook "
                              "(was models.IssuesGetResponse)") and retyped.client_breaking
    (described,) = [c for c in changes if c.kind == "description-changed"]
    assert not described.client_breaking
    assert exit_code(changes, "client-breaking") == 1


def _owned_by(schema: str, *, listed: bool = False, with_email: bool = False) -> Doc:
    """`base()` whose `Issue` (an answer) and `Labels` (an expanded body) have an `owner`
    referencing `schema` (a list of it, if asked); `Owner` and `Person` are alike (`Person`
    has an `email` too, if asked)."""
    doc = base()
    person = {"type": "object", "properties": {"name": {"type": "string"}}}
    _schemas(doc)["Owner"] = copy.deepcopy(person)
    if with_email:
        person["properties"]["email"] = {"type": "string"}
    _schemas(doc)["Person"] = person
    owner: Doc = {"$ref": f"#/components/schemas/{schema}"}
    for holder in ("Issue", "Labels"):
        _schemas(doc)[holder]["properties"]["owner"] = (
            {"type": "array", "items": owner} if listed else owner)
    return doc


def test_a_field_whose_ref_names_an_alike_component_names_the_new_class() -> None:
    """`owner: $ref Owner` -> `$ref Person`, alike: the differ finds nothing (it compares by
    content), yet the field is `Person | None` now and the argument no longer takes
    `models.Owner`: a change of its own per property, client-breaking, the wire unchanged."""
    changes = diff_with_client(_owned_by("Owner"), _owned_by("Person"))
    assert [(c.pointer, c.kind, c.severity) for c in changes] == [
        ("/components/schemas/Issue/properties/owner", "field-class-changed", "non-breaking"),
        ("/components/schemas/Labels/properties/owner", "field-class-changed", "non-breaking")]
    issue, labels = changes
    assert issue.client == "models.Issue.owner: Owner | None -> Person | None"
    assert "; client.issues.add_labels: argument owner: _models.Owner | " in labels.client
    assert all(c.client_breaking for c in changes)
    assert exit_code(changes, "any") == 1 and exit_code(changes, "breaking") == 0


def test_a_list_fields_items_naming_another_class_are_named() -> None:
    """`list[Owner]` -> `list[Person]`, `Person` with one more property: the differ reports
    the property at the items, whose `$ref` is another (`retarget`), and its effect says the
    field's new class (not again as a change of its own)."""
    changes = diff_with_client(_owned_by("Owner", listed=True, with_email=True),
                               _owned_by("Person", listed=True, with_email=True))
    (added,) = [c for c in changes if c.kind == "response-property-added"]
    assert added.pointer == "/components/schemas/Issue/properties/owner/items"
    assert added.client == "models.Issue.owner: list[Owner] | None -> list[Person] | None"
    assert added.client_breaking
    assert not [c for c in changes if c.kind == "field-class-changed"]


def test_a_class_renamed_names_the_rename_not_the_method_again() -> None:
    old = _answering("Issue")
    new = copy.deepcopy(old)
    del _schemas(old)["Ticket"]
    _schemas(new)["Ticket"] = _schemas(new).pop("Issue")
    for operation in (_op(new, "/issues/{number}", "get"),
                      _op(new, "/issues/{number}/labels", "post")):
        operation["responses"]["200"]["content"]["application/json"]["schema"] = {
            "$ref": "#/components/schemas/Ticket"}
    (renamed,) = diff_with_client(old, new)
    assert renamed.kind == "component-renamed"
    assert renamed.client == "models.Ticket: class renamed (was models.Issue)"


def test_a_second_success_answer_names_the_union_the_method_now_returns() -> None:
    """A `202` beside the `200` (rclone 1.74.1 -> 1.75.0, 99 operations): the method returns
    `...Response200 | ...Response202`, the class `...Response` is gone; the wire's verdict is
    non-breaking, the client's is breaking (code naming the old class)."""
    def answering(*statuses: str) -> Doc:
        doc = base()
        schema = {"type": "object", "properties": {"job": {"type": "string"}}}
        _op(doc, "/issues/{number}", "get")["responses"] = {
            status: {"description": "ok", "content": {"application/json": {"schema": schema}}}
            for status in statuses}
        return doc

    changes = diff_with_client(answering("200"), answering("200", "202"))
    (added,) = [c for c in changes if c.kind == "response-added"]
    assert added.client_breaking and added.client.endswith(
        "client.issues.get: now returns models.IssuesGetResponse200 | "
        "models.IssuesGetResponse202 (was models.IssuesGetResponse)")
    assert exit_code(changes, "client-breaking") == 1 and exit_code(changes, "breaking") == 0


def test_the_methods_a_shared_answer_makes_return_another_class_are_capped() -> None:
    """A `202` `$ref`'d from `components/responses` added to many operations (rclone 1.75.0:
    99, one line of 12 633 characters): the methods now returning a union are named as the
    answers are, the first three, then how many more."""
    def doc(later: bool) -> Doc:
        job = {"type": "object", "properties": {"job": {"type": "string"}}}
        paths: Doc = {}
        for i in range(5):
            responses: Doc = {"200": {"description": "ok", "content": {
                "application/json": {"schema": job}}}}
            if later:
                responses["202"] = {"$ref": "#/components/responses/Later"}
            paths[f"/jobs{i}"] = {"get": {"operationId": f"get{i}", "responses": responses}}
        later_schema = {"type": "object", "properties": {"id": {"type": "string"}}}
        return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": paths,
                "components": {"responses": {"Later": {"description": "later", "content": {
                    "application/json": {"schema": later_schema}}}}}}

    (added,) = diff_with_client(doc(False), doc(True))
    assert added.client.count(": now returns ") == 3 and added.client_breaking
    assert added.client.endswith("(was models.Get2Response) (and 2 more)")


def _clashing(second_id: str) -> Doc:
    """Two operations, `GET /tasks/{id}/{index}/deps` first, both `get_deps` in the old
    document: `generate` keeps the first's name and names the second by its path."""
    doc = base()
    def answer() -> Doc:
        return {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}}}}
    path_param = [{"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
                  for n in ("id", "index")]
    doc["paths"] = {
        "/tasks/{id}/{index}/deps": {"get": {"operationId": second_id, "parameters": path_param,
                                             "responses": answer()}},
        "/tasks/{id}/deps": {"get": {"operationId": "get_deps", "parameters": path_param[:1],
                                     "responses": answer()}},
    }
    return doc


def test_a_method_renamed_by_a_clash_that_ended_is_named() -> None:
    """Airflow 3.0.0 -> 3.3.2: the clash between two `get_task_instance_dependencies` ended by
    renaming one operationId; the other's method, named by its path while they clashed, takes
    the operationId's name back: code calling the path-based name breaks, though nothing
    about that operation changed in the document."""
    changes = diff_with_client(_clashing("get_deps"), _clashing("get_deps_by_index"))
    by_pointer = {c.pointer: c for c in changes}
    own = by_pointer["/paths/~1tasks~1{id}~1deps/get"]
    assert (own.kind, own.severity) == ("method-renamed", "non-breaking") and own.client_breaking
    assert own.client.startswith("client.default.get_tasks_by_id_deps: method renamed to "
                                 "client.default.get_deps; client.default.get_deps: now returns ")
    renamed = by_pointer["/paths/~1tasks~1{id}~1{index}~1deps/get"]
    assert renamed.kind == "operation-id-changed"
    assert renamed.client.startswith(
        "client.default.get_deps: method renamed to client.default.get_deps_by_index")
    assert len(changes) == 2  # each answer's class, named after its method, said on the rename


def test_additional_properties_closed_or_opened_change_no_model_class() -> None:
    """Every model class keeps the properties it does not declare (`extra="allow"`), whatever
    `additionalProperties` says: Mojaloop's ~50 schemas closed were each `models.X: no longer
    accepts additional properties`, a change the regenerated client does not make (and
    under `items`, named after the list's root class, not the item's)."""
    closed = _changed(lambda d: _schemas(d)["Labels"].update(additionalProperties=False))
    (change,) = closed
    assert change.kind == "additional-properties-disallowed"
    assert (change.client, change.client_breaking) == (NO_EFFECT, False)
    opened = diff_with_client(_closed_labels(), base())
    assert [(c.kind, c.client) for c in opened] == [("additional-properties-allowed", NO_EFFECT)]
    # a schema for the additional properties types the class's extra values: a change of it
    typed = base()
    _schemas(typed)["Labels"]["additionalProperties"] = {"type": "integer"}
    (closing,) = diff_with_client(typed, _closed_labels())
    assert closing.client == "models.Labels: no longer accepts additional properties"


def _closed_labels() -> Doc:
    doc = base()
    _schemas(doc)["Labels"]["additionalProperties"] = False
    return doc


def test_two_methods_switching_to_one_class_are_each_named() -> None:
    """The second method's new return was left out: the first one's text, `(was models.X)`,
    was read as saying it already."""
    def answering(schema: str) -> Doc:
        doc = _answering(schema)
        for path in ("/issues/{number}", "/issues/{number}/labels"):
            for operation in doc["paths"][path].values():
                operation["responses"] = copy.deepcopy(operation["responses"])
                operation["responses"]["200"]["content"]["application/json"]["schema"] = {
                    "$ref": f"#/components/schemas/{schema}"}
        return doc

    changes = diff_with_client(answering("Issue"), answering("Ticket"))
    said = " ".join(c.client for c in changes)
    assert "client.issues.get: now returns models.Ticket (was models.Issue)" in said
    assert "client.issues.add_labels: now returns models.Ticket (was models.Issue)" in said


def test_an_expanded_body_made_required_breaks_the_wire_not_the_calls() -> None:
    """Open Payments' grant request: the body's `required: true` added. The method's keyword
    arguments were required as their properties are before and after: no call breaks, though
    a client that sent no body breaks on the wire."""
    old = base()
    _op(old, "/issues/{number}/labels", "post")["requestBody"]["required"] = False
    (change,) = diff_with_client(old, base())
    assert (change.kind, change.severity) == ("request-body-became-required", "breaking")
    assert change.client.endswith("sends it on every call (calls unchanged)")
    assert change.client_breaking is False
