"""Minimal pairs for a method that loses or gains its `body` argument while both documents
declare the request body (`client._with_bodies_held`): an optional body that allows nothing
(a closed object without properties, `ir.bodies.holds_nothing`) is no argument, so code
passing `body=` breaks when a body becomes one, whatever the wire verdict."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code

CLOSED = {"type": "object", "additionalProperties": False, "properties": {}}
FREE = {"type": "object"}
REMOVED = ("client.items.search: argument body: removed (was {was}): the optional request "
           "body allows nothing now, and the method sends none")


def _doc(schema: dict[str, Any], required: bool | None = None,
         component: bool = False) -> dict[str, Any]:
    """`POST /items` (`client.items.search`) with a JSON body of `schema`, inline or as the
    component `Query`."""
    body: dict[str, Any] = {"content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Query"} if component else schema}}}
    if required is not None:
        body["required"] = required
    doc: dict[str, Any] = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/items": {"post": {"operationId": "search", "tags": ["items"],
                                      "requestBody": body,
                                      "responses": {"200": {"description": "ok"}}}}}}
    if component:
        doc["components"] = {"schemas": {"Query": schema}}
    return doc


def test_a_free_form_body_made_closed_and_empty_loses_its_argument() -> None:
    """`search(body={...})` no longer runs: the method takes no body. The wire verdict stays
    the differ's (possibly breaking: additional properties disallowed), the client's is
    breaking, named on that change."""
    (change,) = diff_with_client(_doc(FREE), _doc(CLOSED))
    assert change.kind == "additional-properties-disallowed"
    assert change.client.endswith(REMOVED.format(was="Mapping[str, object] | NotGiven"))
    assert change.client_breaking
    assert exit_code([change], "breaking") == 0
    assert exit_code([change], "client-breaking") == 1


def test_a_component_body_made_closed_and_empty_names_the_method() -> None:
    """The change is at the component; the method whose body it is loses `body`."""
    (change,) = diff_with_client(_doc(FREE, component=True), _doc(CLOSED, component=True))
    assert change.pointer == "/components/schemas/Query"
    assert change.client.endswith(REMOVED.format(was="Mapping[str, object] | NotGiven"))
    assert change.client_breaking


def test_a_required_empty_body_made_optional_loses_its_argument() -> None:
    """A required body of a closed empty object is an argument (`{}` must be sent); made
    optional, it is not: named on `request-body-became-optional`."""
    (change,) = diff_with_client(_doc(CLOSED, required=True), _doc(CLOSED, required=False))
    assert change.kind == "request-body-became-optional"
    assert change.client.endswith(REMOVED.format(was="Mapping[str, object]"))
    assert change.client_breaking


def test_the_reverse_adds_an_optional_argument_breaking_no_call() -> None:
    (change,) = diff_with_client(_doc(CLOSED), _doc(FREE))
    assert change.client.endswith(
        "client.items.search: argument body: added (optional): Mapping[str, object] | "
        "NotGiven (the request body allowed nothing: the method took none)")
    assert not change.client_breaking


def test_a_body_removed_from_the_document_is_named_once() -> None:
    """The document's `request-body-removed` names the argument already."""
    old = _doc(FREE)
    new = copy.deepcopy(old)
    del new["paths"]["/items"]["post"]["requestBody"]
    (change,) = diff_with_client(old, new)
    assert change.kind == "request-body-removed"
    assert change.client.count("argument body") == 1


def test_keyword_arguments_lost_are_named_by_their_properties() -> None:
    """A spread body made closed and empty: each property's removal names its argument; no
    `body` argument is said to be lost (the method had none)."""
    changes = diff_with_client(_doc({"type": "object", "properties": {"q": {"type": "string"}}}),
                               _doc(CLOSED))
    assert not any("argument body" in c.client for c in changes)
    removed = next(c for c in changes if c.kind == "request-property-removed")
    assert (removed.client, removed.client_breaking) == (
        "client.items.search: argument q: removed (was str | NotGiven)", True)
