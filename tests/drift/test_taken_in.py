"""A property a schema took in through a member's `$ref` (`User: allOf [{id}, $ref
Credentials]`), and no longer does (or the reverse), is the schema's change, reported at the
member, whatever else changed in the component it took in (`drift/diff/taken_in.py`)."""

from __future__ import annotations

import copy
from typing import Any

from generator.document.pointer import resolve_pointer
from generator.drift.diff.change import Change
from generator.drift.diff.client import diff_with_client
from generator.drift.report import exit_code

Doc = dict[str, Any]
_CREDENTIALS = {"$ref": "#/components/schemas/Credentials"}
_NAMED = {"type": "object", "properties": {"id": {"type": "integer"}}}


def _doc(user: Doc, email: Doc | None = None, **more: Doc) -> Doc:
    """`GET /me` and `GET /users` answering `User`, `POST /token` taking `Credentials`."""
    def answer(schema: str) -> Doc:
        return {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{schema}"}}}}}

    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {
            "/me": {"get": {"operationId": "getMe", "responses": answer("User")}},
            "/users/{id}": {"get": {"operationId": "getUser", "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
                "responses": answer("User")}},
            "/token": {"post": {"operationId": "getToken", "requestBody": {
                "required": True, "content": {"application/json": {"schema": _CREDENTIALS}}},
                "responses": {"204": {"description": "ok"}}}},
        },
        "components": {"schemas": {
            "User": user,
            "Credentials": {"type": "object", "required": ["email"], "properties": {
                "email": email or {"type": "string"}}},
            **more}},
    }


def _taking_in() -> Doc:
    return _doc({"allOf": [_NAMED, _CREDENTIALS]})


def _resolves(change: Change, old: Doc, new: Doc) -> bool:
    found, _ = resolve_pointer(old if change.side == "old" else new, change.pointer)
    return found


def _one(changes: list[Change], kind: str) -> Change:
    (change,) = [c for c in changes if c.kind == kind]
    return change


def test_no_longer_taken_in_while_the_component_changed_is_the_holders() -> None:
    # with a description added to `Credentials.email` in the same release, it was reported as
    # `Credentials` losing `email` (it did not), "no effect on the generated client" (User's
    # field is gone), and `--fail-on client-breaking` passed
    old = _taking_in()
    new = _doc(_NAMED, email={"type": "string", "description": "the address"})
    changes = diff_with_client(old, new)
    removed = _one(changes, "response-property-removed")
    assert (removed.pointer, removed.side) == ("/components/schemas/User/allOf/1", "old")
    assert _resolves(removed, old, new)
    assert "`email` was removed" in removed.message
    assert "`#/components/schemas/Credentials`" in removed.message
    assert removed.client == "models.User.email: removed (was str)"
    assert removed.client_breaking
    assert exit_code(changes, "client-breaking") == 1
    # the component's own change stays its own
    described = _one(changes, "description-changed")
    assert described.pointer == "/components/schemas/Credentials/properties/email"


def test_several_operations_name_the_holders_property() -> None:
    changes = diff_with_client(_taking_in(), _doc(_NAMED))
    removed = _one(changes, "response-property-removed")
    assert len(removed.operations) == 2
    assert removed.message.startswith("schema `User` property `email` was removed")


def test_newly_taken_in_is_reported_at_the_member_on_the_new_side() -> None:
    old, new = _doc(_NAMED), _taking_in()
    added = _one(diff_with_client(old, new), "response-property-added")
    assert (added.pointer, added.side) == ("/components/schemas/User/allOf/1", "new")
    assert _resolves(added, old, new)
    assert added.client == "models.User.email: added: str"


def test_taken_in_through_another_component_is_at_the_holders_own_member() -> None:
    # `User: allOf [$ref Base]`, `Base: allOf [{id}, $ref Credentials]`: `User`'s member is
    # the one that takes `Credentials` in
    base = {"allOf": [_NAMED, _CREDENTIALS]}
    old = _doc({"allOf": [{"$ref": "#/components/schemas/Base"}]}, Base=base)
    new = _doc(copy.deepcopy(_NAMED), Base=base)
    changes = diff_with_client(old, new)
    removed = _one(changes, "response-property-removed")
    assert removed.pointer == "/components/schemas/User/allOf/0"
    assert _resolves(removed, old, new)
    assert removed.client == "models.User.email: removed (was str)"


def test_a_property_the_component_itself_lost_is_the_components() -> None:
    # `User` still takes `Credentials` in: the property went from `Credentials`
    old = _taking_in()
    new = copy.deepcopy(old)
    credentials = new["components"]["schemas"]["Credentials"]
    credentials["properties"] = {"name": {"type": "string"}}
    credentials["required"] = []
    removed = [c for c in diff_with_client(old, new) if c.kind == "response-property-removed"]
    assert [c.pointer for c in removed] == ["/components/schemas/Credentials/properties/email"]
