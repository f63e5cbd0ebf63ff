"""A `$ref` re-pointed to another component, or wrapped in a union, is the change of the place
holding it, not of either component (`drift/diff/retarget.py`): Mojaloop's api-snippets 17.7.5
-> 18.4.1 wrapped `getPartiesResponse.body: $ref Party` in a `oneOf`, and `Party`, unchanged
but for `additionalProperties`, read as having lost all its properties."""

from __future__ import annotations

import copy
from typing import Any

from generator.document.pointer import resolve_pointer
from generator.drift.diff.change import Change
from generator.drift.diff.client import diff_with_client

Doc = dict[str, Any]
_PARTY = {"type": "object", "required": ["id"],
          "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}


def _ref(name: str) -> Doc:
    return {"$ref": f"#/components/schemas/{name}"}


def _doc(resp: Doc, **schemas: Doc) -> Doc:
    """`GET /t` and `GET /t2` answering `Resp`, `GET /p` answering `Party`."""
    def answer(schema: Doc) -> Doc:
        return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}

    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {
            "/t": {"get": {"operationId": "getT", "responses": answer(_ref("Resp"))}},
            "/t2": {"get": {"operationId": "getT2", "responses": answer(_ref("Resp"))}},
            "/p": {"get": {"operationId": "getP", "responses": answer(_ref("Party"))}},
        },
        "components": {"schemas": {"Party": copy.deepcopy(_PARTY), "Resp": resp, **schemas}},
    }


def _holding(body: Doc) -> Doc:
    return {"type": "object", "required": ["body"], "properties": {"body": body}}


_WRAPPED = {"oneOf": [
    {"type": "object", "required": ["party"], "properties": {"party": _ref("Party")}},
    {"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}]}


def _resolves(change: Change, old: Doc, new: Doc) -> bool:
    return resolve_pointer(old if change.side == "old" else new, change.pointer)[0]


def test_a_ref_wrapped_in_a_union_is_the_holders_change_not_the_components() -> None:
    # `Party` is the same on both sides: it was said to have lost `id` and `name` ("no effect
    # on the generated client"), at `/components/schemas/Party/properties/...`
    old, new = _doc(_holding(_ref("Party"))), _doc(_holding(_WRAPPED))
    changes = diff_with_client(old, new)
    assert not [c for c in changes if c.pointer.startswith("/components/schemas/Party")]
    removed = sorted((c for c in changes if c.kind == "response-property-removed"),
                     key=lambda c: c.message)
    assert [c.message for c in removed] == [
        f"schema `Resp` property `body.{name}` was removed (`body` was a `$ref` to `Party`, "
        "now an inline union holding it)" for name in ("id", "name")]
    for change in removed:  # (two changes, not merged into one at the same pointer)
        assert (change.pointer, change.side) == ("/components/schemas/Resp/properties/body",
                                                 "old")
        assert _resolves(change, old, new)
        assert change.severity == "breaking"  # (an answer's `body.id` may be gone: it is)
        assert change.operations == ("GET /t", "GET /t2")
        assert change.client == "models.Resp.body: Party -> RespBody | RespBody1"
        assert change.client_breaking


def test_a_ref_re_pointed_to_a_new_component_is_said_at_the_field() -> None:
    # `state: $ref StateA` -> `$ref StateB` (new): "schema `StateB` lost enum value(s)" and
    # `models.StateB: lost enum value(s)`, of a class that did not exist before
    state_a = {"type": "string", "enum": ["RECEIVED", "RESERVED", "COMMITTED", "ABORTED"]}
    old = _doc(_holding(_ref("StateA")), StateA=state_a)
    new = _doc(_holding(_ref("StateB")), StateA=state_a,
               StateB={"type": "string", "enum": ["RESERVED", "COMMITTED"]})
    changes = diff_with_client(old, new)
    (lost,) = [c for c in changes if c.kind == "enum-value-removed-response"]
    assert (lost.pointer, lost.side) == ("/components/schemas/Resp/properties/body", "new")
    assert lost.message == ('schema `Resp` property `body` lost enum value(s) "RECEIVED", '
                            '"ABORTED" (`body` was a `$ref` to `StateA`, now to `StateB`)')
    assert lost.client == "models.Resp.body: StateA -> StateB"
    assert lost.client_breaking  # (code naming `StateA` there breaks)
    # the field's class change is said once, by that change, not again on its own
    assert [c.kind for c in changes if c.pointer == lost.pointer] == [lost.kind]


def _subscriptions(inline: bool) -> Doc:
    """redo 2.2.480 -> 2.2.600 (OpenAPI 3.1): `Resp.body` a `$ref` to the object `Marketing`,
    whose `status` is an inline enum, or, if `inline`, the same object inline, the enum without
    "confirmed"; `Marketing` kept for `Sms`."""
    status = {"type": "string", "enum": ["subscribed", "confirmed", "unsubscribed"]}
    marketing = {"type": "object", "properties": {"status": status}}
    body = copy.deepcopy(marketing) if inline else _ref("Marketing")
    if inline:
        body["properties"]["status"]["enum"].remove("confirmed")
    doc = _doc(_holding(body), Marketing=marketing,
               Sms={"type": "object", "properties": {"marketing": _ref("Marketing")}})
    doc["openapi"] = "3.1.0"
    return doc


def test_an_enum_changed_where_a_ref_became_inline_names_the_old_class_too() -> None:
    # it said `models.RespBody.status: MarketingStatus | None -> RespBodyStatus | None`: the new
    # class's field with the old class's type, as if `RespBody` had had `MarketingStatus`
    # (and as if `Marketing`, kept and unchanged, had lost the value)
    changes = diff_with_client(_subscriptions(False), _subscriptions(True))
    (lost,) = [c for c in changes if c.kind == "enum-value-removed-response"]
    assert lost.pointer == "/components/schemas/Resp/properties/body/properties/status"
    assert lost.was == "/components/schemas/Marketing/properties/status"
    assert lost.client == ("models.RespBody.status (was models.Marketing.status): "
                           "MarketingStatus | None -> RespBodyStatus | None")
    (swapped,) = [c for c in changes if c.kind == "field-class-changed"]
    assert swapped.client == "models.Resp.body: Marketing -> RespBody"
    # the other way: the holder's field, whose `$ref` names the class (`retargeted`)
    (gained,) = [c for c in diff_with_client(_subscriptions(True), _subscriptions(False))
                 if c.kind == "enum-value-added-response"]
    assert gained.client == "models.Resp.body: RespBody -> Marketing"


def test_a_change_of_the_component_both_sides_reference_stays_the_components() -> None:
    old = _doc(_holding(_ref("Party")))
    new = _doc(_holding(_ref("Party")))
    del new["components"]["schemas"]["Party"]["properties"]["name"]
    changes = diff_with_client(old, new)
    (removed,) = [c for c in changes if c.kind == "response-property-removed"]
    assert removed.pointer == "/components/schemas/Party/properties/name"
    assert removed.message == "schema `Party` property `name` was removed"


def _extension(name: str, key: str, bound: bool) -> Doc:
    """`GET /e` answering the component `name`, whose `key` is a `$ref` to `key`."""
    key_schema: Doc = {"type": "string", "minLength": 1, **({"maxLength": 32} if bound else {})}
    inline: Doc = {"type": "string", **({"maxLength": 32} if bound else {})}
    return {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/e": {"get": {"operationId": "getE", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": _ref(name)}}}}}}},
        "components": {"schemas": {
            key: key_schema,
            name: {"type": "object", "required": ["key"],
                   "properties": {"key": _ref(key), "inl": inline}}}},
    }


def test_a_relaxed_bound_of_a_renamed_component_is_not_client_breaking() -> None:
    # `Key` -> `Key_v2` (and `Extension` -> `Extension_v2`) losing `maxLength`: the inline
    # `inl` said "type unchanged", `key` "client (breaks code) ...: str" (the old annotation
    # was not found)
    changes = diff_with_client(_extension("Extension", "Key", True),
                               _extension("Extension_v2", "Key_v2", False))
    relaxed = {c.pointer: c for c in changes if c.kind == "constraint-relaxed-response"}
    assert set(relaxed) == {"/components/schemas/Extension_v2/properties/inl",
                            "/components/schemas/Key_v2"}  # (a rename: once, at the new one)
    key = relaxed["/components/schemas/Key_v2"]
    assert key.client.startswith("models.ExtensionV2.key: maxLength changed from 32 to None; "
                                 "type unchanged: str")
    assert not any(c.client_breaking for c in relaxed.values())


def test_a_relaxed_bound_of_a_re_pointed_ref_is_said_at_the_field() -> None:
    old = _extension("Extension", "Key", True)
    new = _extension("Extension", "Key_v2", False)
    new["components"]["schemas"]["Key"] = copy.deepcopy(old["components"]["schemas"]["Key"])
    changes = diff_with_client(old, new)
    (key,) = [c for c in changes if c.kind == "constraint-relaxed-response"
              and "`key`" in c.message]
    assert key.pointer == "/components/schemas/Extension/properties/key"
    assert key.client == ("models.Extension.key: maxLength changed from 32 to None (`key` was "
                          "a `$ref` to `Key`, now to `Key_v2`); type unchanged: str")
    assert not key.client_breaking
