"""A change inside a component schema no operation uses is reported: code can use its class
(`models.Label`) directly. Nothing sent or received changes, so it is non-breaking on the wire;
judged as an answer (what reading the model sees), a change that breaks code using the class is
client-breaking (`docs/drift.md`, "Components no operation uses")."""

from __future__ import annotations

import copy
from typing import Any

from generator.drift.diff.client import diff_with_client
from generator.drift.diff.differ import diff
from generator.drift.report import exit_code

Doc = dict[str, Any]
REF = "#/components/schemas/"
UNUSED = " (no operation uses the schema: nothing sent or received changes)"


def base() -> Doc:
    """`GET /a` answering `Used`; `Label` (holding an `Owner`) no operation uses."""
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/a": {"get": {"operationId": "get_a", "tags": ["a"], "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": REF + "Used"}}}}}}}},
        "components": {"schemas": {
            "Used": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Label": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "color": {"type": "string"},
                "owner": {"$ref": REF + "Owner"}}},
            "Owner": {"type": "object", "properties": {"login": {"type": "string"}}},
        }},
    }


def _changed() -> Doc:
    new = copy.deepcopy(base())
    schemas = new["components"]["schemas"]
    del schemas["Label"]["properties"]["color"]
    schemas["Label"]["properties"]["size"] = {"type": "integer"}
    schemas["Owner"]["properties"]["login"] = {"type": "integer"}
    schemas["Used"]["properties"]["a"] = {"type": "integer"}
    return new


def test_a_change_in_a_component_no_operation_uses_is_reported_with_its_class() -> None:
    changes = {c.pointer: c for c in diff_with_client(base(), _changed())}
    removed = changes["/components/schemas/Label/properties/color"]
    assert removed.message == "schema `Label`: model property `color` was removed" + UNUSED
    assert (removed.severity, removed.side) == ("non-breaking", "old")
    assert (removed.client, removed.client_breaking) == (
        "models.Label.color: removed (was str | None)", True)
    added = changes["/components/schemas/Label/properties/size"]
    assert (added.client, added.client_breaking) == ("models.Label.size: added: int | None",
                                                     False)
    # reached only through `Label`: reported once, at its own component
    owner = changes["/components/schemas/Owner/properties/login"]
    assert owner.message == ("schema `Owner`: model property `login` type changed from string "
                             "to integer" + UNUSED)
    assert (owner.client, owner.client_breaking) == (
        "models.Owner.login: str | None -> int | None", True)
    # a component an operation uses is judged by the operation, as before
    used = changes["/components/schemas/Used/properties/a"]
    assert used.severity == "breaking" and UNUSED not in used.message
    assert used.unused_breaks is None


def test_the_wire_verdict_and_the_client_verdict_of_an_unused_component() -> None:
    new = base()
    del new["components"]["schemas"]["Label"]["properties"]["color"]
    changes = diff_with_client(base(), new)
    assert [c.severity for c in changes] == ["non-breaking"]
    assert exit_code(changes, "breaking") == 0
    assert exit_code(changes, "client-breaking") == 1


def test_unused_components_are_compared_alike_without_reuse() -> None:
    assert diff(base(), _changed(), reuse=False) == diff(base(), _changed())


def test_a_component_used_on_one_side_only_is_left_to_the_operations() -> None:
    """`Label` answered by `GET /a` on the old side only: what changed in it is the
    operation's answer changing (reported there), not an unused schema's change."""
    old = base()
    old["paths"]["/a"]["get"]["responses"]["200"]["content"]["application/json"]["schema"] = {
        "$ref": REF + "Label"}
    new = copy.deepcopy(old)
    new["paths"]["/a"]["get"]["responses"]["200"]["content"]["application/json"]["schema"] = {
        "$ref": REF + "Used"}
    del new["components"]["schemas"]["Label"]["properties"]["color"]
    assert not [c for c in diff(old, new) if UNUSED in c.message]


RECEIVED = " (a subtype of a discriminated schema in use: an answer may be one)"


def _polymorphic(cat_meows: str, square_side: str) -> Doc:
    """`GET /pet` answers `Pet`, whose discriminator maps `cat` to `Cat` (no `$ref` reaches
    it); `GET /shape` answers `Shape`, which `Polygon` extends, which `Square` extends; `Stray`
    extends an undiscriminated `Plain` nothing uses."""
    def answer(name: str) -> Doc:
        return {"get": {"operationId": f"get_{name.lower()}", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": REF + name}}}}}}}

    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/pet": answer("Pet"), "/shape": answer("Shape")},
        "components": {"schemas": {
            "Pet": {"type": "object", "properties": {"kind": {"type": "string"}},
                    "discriminator": {"propertyName": "kind", "mapping": {"cat": REF + "Cat"}}},
            "Cat": {"type": "object", "properties": {"kind": {"type": "string"},
                                                     "meows": {"type": cat_meows}}},
            "Shape": {"type": "object", "properties": {"kind": {"type": "string"}},
                      "discriminator": {"propertyName": "kind"}},
            "Polygon": {"allOf": [{"$ref": REF + "Shape"},
                                  {"type": "object", "properties": {"sides": {"type": "integer"}}}]},
            "Square": {"allOf": [{"$ref": REF + "Polygon"},
                                 {"type": "object", "properties": {"side": {"type": square_side}}}]},
            "Plain": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Stray": {"allOf": [{"$ref": REF + "Plain"},
                                {"type": "object", "properties": {"b": {"type": square_side}}}]},
        }},
    }


def test_a_subtype_an_answer_may_be_is_judged_as_received() -> None:
    """`Cat` (named by `Pet`'s mapping) and `Square` (extending `Polygon`, extending the
    discriminated `Shape`) are no `$ref` of any operation's, yet an answer typed `Pet` or
    `Shape` may be one: their changes are judged as answers, breaking on the wire. `Stray`
    extends a schema without a discriminator nothing uses: nothing received changes."""
    changes = {c.pointer: c for c in diff(_polymorphic("boolean", "number"),
                                          _polymorphic("string", "string"))}
    cat = changes["/components/schemas/Cat/properties/meows"]
    square = changes["/components/schemas/Square/allOf/1/properties/side"]
    stray = changes["/components/schemas/Stray/allOf/1/properties/b"]
    assert cat.message.endswith(RECEIVED) and cat.severity == "breaking"
    assert square.message.endswith(RECEIVED) and square.severity == "breaking"
    assert stray.message.endswith(UNUSED) and stray.severity == "non-breaking"
