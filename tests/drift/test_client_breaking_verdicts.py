"""`client_breaking` where the generated client's classes change while the wire does not, and
where the wire breaks while the client's code does not (generator/drift/diff/client.py):

* a `$ref` swapped for an alike inline schema, or back: the field's (argument's) class is
  another one, the inline schema's class gone or new (`field-class-changed`);
* an answer's bound, length, pattern... relaxed: breaking on the wire, the annotation kept;
* a component schema that takes null as a whole: the fields, arguments and methods typed with
  it change, not its class (and `types.py` spells `X | None` for a `$ref` to it, as dcg does);
* the JSON report's summary counts the client-breaking changes.

Minimal pairs, each checked against what the generated packages show."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from generator import ir
from generator.drift.diff.client import diff_with_client
from generator.drift.diff.types import client_annotations
from generator.drift.report import exit_code, format_changes
from tests.drift.test_folded_roots import _generated_fields

Doc = dict[str, Any]
REF = "#/components/schemas/"
BODY = "/paths/~1items/post/requestBody/content/application~1json/schema"
ANSWER = "/paths/~1items/post/responses/200/content/application~1json/schema"


def _document(body: Doc | None = None, answer: Doc | None = None,
              schemas: Doc | None = None) -> Doc:
    """`POST /items` (`createItem`) sending `body` (an object, so each property is an
    argument) and answering `answer`."""
    operation: Doc = {"operationId": "createItem", "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": answer or {
            "type": "object", "properties": {"id": {"type": "string"}}}}}}}}
    if body is not None:
        operation["requestBody"] = {"required": True, "content": {"application/json": {
            "schema": body}}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
            "paths": {"/items": {"post": operation}},
            "components": {"schemas": schemas or {}}}


def _holding(name: str, schema: Doc) -> Doc:
    return {"type": "object", "properties": {name: schema}}


KIND = {"type": "string", "enum": ["a", "b"]}
ADDR = {"type": "object", "properties": {"street": {"type": "string"}}}


@pytest.mark.parametrize(("schema", "component", "old_class"), [
    (KIND, "Kind", "CreateItemBodyX"), (ADDR, "Addr", "CreateItemBodyX")])
def test_an_inline_body_property_swapped_for_an_alike_ref_names_both_classes(
        schema: Doc, component: str, old_class: str) -> None:
    """`kind: {enum: [a, b]}` -> `$ref Kind` with the same values (an object likewise): the
    differ compares by content and saw only `Kind` added; the generated field and argument
    name `Kind` now, and the inline schema's class `CreateItemBodyX` is gone from models.py."""
    old = _document(body=_holding("x", schema))
    new = _document(body=_holding("x", {"$ref": REF + component}),
                    schemas={component: copy.deepcopy(schema)})
    changes = diff_with_client(old, new)
    (swapped,) = [c for c in changes if c.kind == "field-class-changed"]
    assert swapped.pointer == f"{BODY}/properties/x" and swapped.severity == "non-breaking"
    assert swapped.operations == ("POST /items",)
    assert f"its inline schema became a `$ref` to `{component}`" in swapped.message
    assert swapped.client.startswith(
        f"models.CreateItemBody.x: {old_class} | None -> {component} | None; "
        f"client.default.create_item: argument x: _models.{old_class} | ")
    assert swapped.client.endswith(f"; models.{old_class}: class removed")
    assert swapped.client_breaking and exit_code(changes, "client-breaking") == 1
    assert exit_code(changes, "breaking") == 0


def test_an_answers_ref_swapped_for_the_same_schema_inline_is_reported() -> None:
    """`p: $ref P` -> the same object inline (`P` still used elsewhere): no change at all by
    content, yet the field is `GetItResponseP | None`, no longer `P | None`."""
    p = {"type": "object", "properties": {"a": {"type": "string"}}}
    schemas = {"P": p, "Q": _holding("p", {"$ref": REF + "P"})}
    old = _document(answer=_holding("p", {"$ref": REF + "P"}), schemas=schemas)
    new = _document(answer=_holding("p", copy.deepcopy(p)), schemas=copy.deepcopy(schemas))
    (swapped,) = diff_with_client(old, new)
    assert (swapped.kind, swapped.pointer) == ("field-class-changed", f"{ANSWER}/properties/p")
    assert "its `$ref` to `P` became an inline schema" in swapped.message
    assert swapped.client == "models.CreateItemResponse.p: P | None -> CreateItemResponseP | None"
    assert swapped.client_breaking


def test_a_nested_inline_class_and_a_parameter_are_placed_where_they_are_written() -> None:
    """An inline object two levels down in an answer, and a query parameter's inline enum,
    each swapped for a `$ref`: the change is at the property under its owner's, and at the
    parameter's schema, naming its argument."""
    def document(x: Doc, kind: Doc, schemas: Doc) -> Doc:
        doc = _document(answer=_holding("n", _holding("x", x)), schemas=schemas)
        doc["paths"]["/items"]["post"]["parameters"] = [
            {"name": "kind", "in": "query", "schema": kind}]
        return doc

    old = document(ADDR, KIND, {})
    new = document({"$ref": REF + "Addr"}, {"$ref": REF + "Kind"}, {"Addr": ADDR, "Kind": KIND})
    swapped = {c.pointer: c for c in diff_with_client(old, new) if c.kind == "field-class-changed"}
    assert set(swapped) == {f"{ANSWER}/properties/n/properties/x",
                            "/paths/~1items/post/parameters/0/schema"}
    nested = swapped[f"{ANSWER}/properties/n/properties/x"]
    assert "response 200 property `n.x`" in nested.message
    assert nested.client == ("models.CreateItemResponseN.x: CreateItemResponseNX | None -> "
                             "Addr | None; models.CreateItemResponseNX: class removed")
    parameter = swapped["/paths/~1items/post/parameters/0/schema"]
    assert parameter.message.startswith("POST /items: parameter `kind`: the generated argument")
    assert parameter.client.startswith("client.default.create_item: argument kind: "
                                       "_models.CreateItemParamsKind | ")
    assert all(c.client_breaking for c in swapped.values())


def test_a_ref_kept_or_a_union_reordered_is_no_class_change() -> None:
    """The same `$ref` on both sides, or the same inline schema: nothing to say; nor for a
    union's branches reordered (`X | Y` -> `Y | X`: the same classes)."""
    for schema in ({"$ref": REF + "Addr"}, ADDR):
        doc = _document(body=_holding("x", schema), schemas={"Addr": ADDR})
        assert diff_with_client(doc, copy.deepcopy(doc)) == []
    schemas = {"X": ADDR, "Y": {"type": "object", "properties": {"n": {"type": "integer"}}}}
    old, new = ({"oneOf": [{"$ref": REF + name} for name in names]}
                for names in (("X", "Y"), ("Y", "X")))
    assert diff_with_client(_document(body=_holding("v", old), schemas=schemas),
                            _document(body=_holding("v", new), schemas=schemas)) == []


@pytest.mark.parametrize(("old", "new", "said"), [
    ({"type": "number", "minimum": 1}, {"type": "number", "minimum": 0.01},
     "minimum changed from 1 to 0.01; type unchanged: float | None"),
    ({"type": "string", "maxLength": 10}, {"type": "string", "maxLength": 20},
     "maxLength changed from 10 to 20; type unchanged: str | None"),
    ({"type": "array", "items": {"type": "string"}, "maxItems": 3},
     {"type": "array", "items": {"type": "string"}, "maxItems": 30},
     "maxItems changed from 3 to 30; type unchanged: list[str] | None"),
    ({"type": "string", "pattern": "^[a-z]+$"}, {"type": "string"},
     "pattern changed from ^[a-z]+$ to None; type unchanged: str | None"),
    ({"type": "number", "maximum": 10, "exclusiveMaximum": True},
     {"type": "number", "maximum": 10}, "exclusiveMaximum changed from 10 to None"),
])
def test_an_answers_bound_relaxed_breaks_the_wire_not_the_clients_code(
        old: Doc, new: Doc, said: str) -> None:
    """Plaid's `WalletTransactionAmount.value` (`minimum` 1 -> 0.01): the old model rejects a
    new value (and the lax parsing builds it unvalidated); the annotation is the same, so no
    code written against the regenerated client breaks."""
    changes = diff_with_client(_document(answer=_holding("v", old)),
                               _document(answer=_holding("v", new)))
    relaxed = [c for c in changes if c.kind == "constraint-relaxed-response"]
    assert relaxed and all(c.severity == "breaking" for c in relaxed)
    assert any(c.client.startswith(f"models.CreateItemResponse.v: {said}") for c in relaxed)
    assert not any(c.client_breaking for c in changes)
    assert exit_code(changes, "breaking") == 1 and exit_code(changes, "client-breaking") == 0


def test_a_bound_of_a_whole_answer_or_typed_header_relaxed_is_not_client_breaking() -> None:
    """A root list answer's `maxItems`, an object's `maxProperties`, a typed header's
    `maximum`: the method's return and `typed_headers` read the types they read."""
    def document(count: int) -> Doc:
        doc = _document(answer={"type": "array", "items": {"type": "string"},
                                "maxItems": count})
        doc["paths"]["/items"]["post"]["responses"]["200"]["headers"] = {
            "X-Rate": {"schema": {"type": "integer", "maximum": count}}}
        doc["paths"]["/o"] = {"get": {"operationId": "getO", "responses": {"200": {
            "description": "ok", "content": {"application/json": {"schema": {
                "$ref": REF + "Obj"}}}}}}}
        doc["components"]["schemas"]["Obj"] = {**ADDR, "maxProperties": count}
        return doc

    changes = diff_with_client(document(3), document(30))
    assert len(changes) == 3 and all(c.severity == "breaking" for c in changes)
    assert {c.client for c in changes} == {
        ("client.default.create_item: returns models.CreateItemResponse: maxItems changed "
         "from 3 to 30"),
        ("client.default.create_item: with_raw_response: typed_headers['X-Rate']: maximum "
         "changed from 3 to 30"),
        "models.Obj: maxProperties changed from 3 to 30"}
    assert exit_code(changes, "client-breaking") == 0


def test_a_bound_that_retypes_the_answer_stays_client_breaking() -> None:
    """A `maxLength` on a list's items makes them a class of their own (`list[str]` ->
    `list[CreateItemResponseTag]`): code reading the field breaks."""
    tags = {"type": "array", "items": {"type": "string"}}
    bounded = {"type": "array", "items": {"type": "string", "maxLength": 5}}
    changes = diff_with_client(_document(answer=_holding("tags", bounded)),
                               _document(answer=_holding("tags", {**bounded, "items": {
                                   "type": "string", "maxLength": 50}})))
    assert not any(c.client_breaking for c in changes)  # (the items' class is the same)
    changes = diff_with_client(_document(answer=_holding("tags", tags)),
                               _document(answer=_holding("tags", bounded)))
    assert any(c.client_breaking for c in changes)


def _parent(nullable: bool) -> Doc:
    """`Parent` sent (its properties arguments) and answered: a required `voa: $ref X` (an
    object) and an optional `e: $ref E` (an enum), each nullable as asked; `GET /x` answers
    `X` itself."""
    schemas = {"Parent": {"type": "object", "required": ["voa"], "properties": {
                   "voa": {"$ref": REF + "X"}, "e": {"$ref": REF + "E"}}},
               "X": copy.deepcopy(ADDR), "E": copy.deepcopy(KIND)}
    if nullable:
        schemas["X"]["nullable"] = schemas["E"]["nullable"] = True
    doc = _document(body={"$ref": REF + "Parent"}, answer={"$ref": REF + "Parent"},
                    schemas=schemas)
    doc["paths"]["/x"] = {"get": {"operationId": "getX", "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": {"$ref": REF + "X"}}}}}}}
    return doc


def test_a_component_that_became_nullable_names_what_is_typed_with_it() -> None:
    """A class takes no None (`models.X: now accepts None` named nothing real): the required
    field `voa: X` is `X | None` now (client-breaking: code reading `voa.street` no longer
    type-checks), the method answering `X` returns `X | None`; the optional `e` took None
    already (not client-breaking); the arguments take None (not client-breaking)."""
    changes = {(c.pointer, c.kind.split("-")[0]): c
               for c in diff_with_client(_parent(False), _parent(True))}
    voa = changes[("/components/schemas/X", "response")]
    assert voa.client == ("models.Parent.voa: now accepts None: X -> X | None; "
                          "client.default.get_x: now returns models.X | None (was models.X)")
    assert voa.client_breaking
    e = changes[("/components/schemas/E", "response")]
    assert e.client == "models.Parent.e: now accepts None; type unchanged: E | None"
    assert e.severity == "breaking" and not e.client_breaking
    sent = changes[("/components/schemas/X", "request")]
    assert sent.client.startswith("client.default.create_item: argument voa: now accepts None: "
                                  "_models.X | _params.XParam -> _models.X | _params.XParam | None")
    assert not sent.client_breaking


def test_a_ref_switched_to_an_alike_nullable_component_names_both_classes() -> None:
    """`o: $ref Owner` -> `$ref Person`, `Person` alike but nullable (GitHub 23.0.0's
    `pull-request-review-comment.user`: `simple-user` -> `nullable-simple-user`): the field is
    `Person | None` now, said once, with both classes."""
    def document(target: str) -> Doc:
        schemas = {"Owner": ADDR, "Person": {**ADDR, "nullable": True}, "Holder": {
            "type": "object", "required": ["o"], "properties": {"o": {"$ref": REF + target}}}}
        return _document(answer={"$ref": REF + "Holder"}, schemas=schemas)

    changes = diff_with_client(document("Owner"), document("Person"))
    assert [c.client for c in changes] == [
        "models.Holder.o: now accepts None: Owner -> Person | None"]
    assert changes[0].client_breaking


def test_a_ref_to_a_nullable_class_is_spelt_as_the_generated_code(tmp_path: Path) -> None:
    """dcg types each `$ref` to an object class that takes null, or an enum class `nullable:
    true`, `| None` (in a list's items and a map's values too); not one `allOf` part, nor a
    root model's use (its own type says it)."""
    x = {**ADDR, "nullable": True}
    schemas = {"X": x, "E": {**KIND, "nullable": True},
               "R": {"type": "string", "maxLength": 5, "nullable": True},
               "Parent": {"type": "object", "required": ["voa", "e", "l"], "properties": {
                   "voa": {"$ref": REF + "X"}, "e": {"$ref": REF + "E"},
                   "l": {"type": "array", "items": {"$ref": REF + "R"}},
                   "lx": {"type": "array", "items": {"$ref": REF + "X"}},
                   "m": {"type": "object", "additionalProperties": {"$ref": REF + "X"}},
                   "ao": {"allOf": [{"$ref": REF + "X"}]}}}}
    document = _document(body={"$ref": REF + "Parent"}, answer={"$ref": REF + "Parent"},
                         schemas=schemas)
    options = ir.BuildOptions(package="client", api_key_env="API_KEY", base_url_env="BASE_URL")
    spelt = client_annotations(ir.build(copy.deepcopy(document), options, tolerate=True))
    generated = {key: text for key, text in _generated_fields(document, tmp_path).items()
                 if key[0] == "Parent"}
    assert {key: spelt.fields.get(key) for key in generated} == generated
    assert generated[("Parent", "voa")] == "X | None"
    assert generated[("Parent", "lx")] == "list[X | None] | None"


def test_the_json_summary_counts_the_client_breaking_changes() -> None:
    """Text and Markdown say how many changes break code written against the client; JSON's
    summary too, beside the severities."""
    changes = diff_with_client(_document(body=_holding("x", KIND)),
                               _document(body=_holding("x", {"$ref": REF + "Kind"}),
                                         schemas={"Kind": KIND}))
    summary = json.loads(format_changes(changes, "json"))["summary"]
    assert summary == {"breaking": 0, "possibly_breaking": 0, "non_breaking": 2,
                       "client_breaking": 1}
    assert "; 1 break(s) code written against the generated client" in format_changes(changes)
