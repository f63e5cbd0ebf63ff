"""`models: used` (ir/usage.py): which component schemas the operations use, and the package
built without the others.

The rules, one document each: a `$ref` from an operation, through a shared component (a
response, a parameter) and from schema to schema; a discriminator's `mapping` (a `$ref` or a
bare name); a subtype extending a used base that has a discriminator; an operation's callback.
Not used: a webhook's payload (3.1's `webhooks`, GitHub's `x-webhooks`) and a schema nothing
names. The default (`models: all`) keeps every schema.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from generator import ir
from generator.ir.model import Api, BuildOptions

OPTIONS = BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL",
                       default_base_url="https://api.example.com")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _object(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties or {"id": {"type": "string"}}}


def _document(paths: dict[str, Any], schemas: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths,
            "components": {"schemas": schemas, **extra.pop("components", {})}, **extra}


def _get(answer: Any) -> dict[str, Any]:
    return {"get": {"operationId": "listPets", "responses": {"200": {
        "description": "ok", "content": {"application/json": {"schema": answer}}}}}}


def _build(document: dict[str, Any], models: str = "used") -> Api:
    return ir.build(document, dataclasses.replace(OPTIONS, models=models))


def _kept(api: Api) -> set[str]:
    return set(api.models_input["components"]["schemas"])


def test_a_schema_reached_from_an_operation_and_from_schema_to_schema_is_kept() -> None:
    api = _build(_document(_get(_ref("Pet")), {
        "Pet": _object(owner=_ref("Owner"), tags={"type": "array", "items": _ref("Tag")}),
        "Owner": _object(), "Tag": _object(), "Orphan": _object()}))
    assert _kept(api) == {"Pet", "Owner", "Tag"}
    assert api.unused_schemas == ("Orphan",)


def test_the_default_keeps_every_schema() -> None:
    document = _document(_get(_ref("Pet")), {"Pet": _object(), "Orphan": _object()})
    api = _build(document, models="all")
    assert _kept(api) == {"Pet", "Orphan"} and api.unused_schemas == ()


def test_a_schema_reached_through_a_shared_response_and_parameter_is_kept() -> None:
    paths = {"/pets/{id}": {"get": {
        "operationId": "getPet",
        "parameters": [{"$ref": "#/components/parameters/Id"}],
        "responses": {"200": {"$ref": "#/components/responses/PetAnswer"}}}}}
    api = _build(_document(paths, {"Pet": _object(), "PetId": {"type": "string"},
                                   "Orphan": _object()}, components={
        "parameters": {"Id": {"name": "id", "in": "path", "required": True,
                              "schema": _ref("PetId")}},
        "responses": {"PetAnswer": {"description": "ok", "content": {
            "application/json": {"schema": _ref("Pet")}}}}}))
    assert _kept(api) >= {"Pet", "PetId"} and "Orphan" not in _kept(api)


@pytest.mark.parametrize("mapped", ["#/components/schemas/cat", "cat"])
def test_a_discriminator_mapping_names_a_schema_used(mapped: str) -> None:
    """A mapping value names its schema by `$ref` or by its bare name, and the document's own
    name (`cat`), not the class name (`Cat`)."""
    pet = {"oneOf": [_ref("dog")], "discriminator": {
        "propertyName": "kind", "mapping": {"cat": mapped, "dog": "#/components/schemas/dog"}}}
    kinds = {"kind": {"type": "string"}}
    api = _build(_document(_get(_ref("pet")), {
        "pet": pet, "dog": _object(**kinds), "cat": _object(**kinds), "orphan": _object()}))
    assert {"Cat", "Dog", "Pet"} <= _kept(api) and api.unused_schemas == ("orphan",)


def test_a_subtype_of_a_used_base_with_a_discriminator_is_kept() -> None:
    """`Cat` extends `Pet`, whose discriminator leaves its mapping implicit: an answer typed
    `Pet` may be a `Cat`. A schema extending a base without a discriminator is not kept."""
    base = {**_object(kind={"type": "string"}), "discriminator": {"propertyName": "kind"}}
    api = _build(_document(_get(_ref("Pet")), {
        "Pet": base, "Cat": {"allOf": [_ref("Pet"), _object(purrs={"type": "boolean"})]},
        "Plain": _object(), "Extended": {"allOf": [_ref("Plain")]}}))
    assert _kept(api) == {"Pet", "Cat"}
    assert api.unused_schemas == ("Extended", "Plain")


def test_the_subtypes_of_a_subtype_are_kept() -> None:
    """`Cat` extends `Feline`, which extends the discriminated `Pet`: both may answer."""
    base = {**_object(kind={"type": "string"}), "discriminator": {"propertyName": "kind"}}
    api = _build(_document(_get(_ref("Pet")), {
        "Pet": base, "Feline": {"allOf": [_ref("Pet"), _object(claws={"type": "boolean"})]},
        "Cat": {"allOf": [_ref("Feline"), _object(purrs={"type": "boolean"})]},
        "Orphan": _object()}))
    assert _kept(api) == {"Pet", "Feline", "Cat"} and api.unused_schemas == ("Orphan",)


def test_a_property_named_like_example_data_is_followed() -> None:
    """A property `examples` whose property `value` is a `$ref`: a schema, not an Example
    Object's value (the walk skipped it once, and the field became `Any`)."""
    pet = _object(examples={"type": "object", "properties": {"value": _ref("Sample")}})
    api = _build(_document(_get(_ref("Pet")), {"Pet": pet, "Sample": _object()}))
    assert _kept(api) == {"Pet", "Sample"} and api.unused_schemas == ()


def test_only_the_documents_own_schemas_are_named() -> None:
    """The classes hoisted out of an unused schema (`TreeItem`) go with it, unnamed: the README
    names the document's schemas."""
    tree = {"type": "array", "items": {"type": "object",
                                       "additionalProperties": _ref("Tree")}}
    api = _build(_document(_get(_ref("Pet")), {"Pet": _object(), "Tree": tree}))
    assert _kept(api) == {"Pet"} and api.unused_schemas == ("Tree",)


def test_webhook_payloads_are_not_used_and_callbacks_are() -> None:
    paths = {"/subscribe": {"post": {
        "operationId": "subscribe", "responses": {"204": {"description": "ok"}},
        "callbacks": {"onEvent": {"{$request.body#/url}": {"post": {
            "requestBody": {"content": {"application/json": {"schema": _ref("Event")}}},
            "responses": {"200": {"description": "ok"}}}}}}}}}
    hook = {"post": {"requestBody": {"content": {"application/json": {"schema": _ref("Hook")}}},
                     "responses": {"200": {"description": "ok"}}}}
    document = _document(paths, {"Event": _object(), "Hook": _object(), "GitHubHook": _object()},
                         webhooks={"hook": hook})
    document["x-webhooks"] = {"gh": {"post": {**hook["post"], "requestBody": {"content": {
        "application/json": {"schema": _ref("GitHubHook")}}}}}}
    api = _build(document)
    assert _kept(api) == {"Event"}
    assert api.unused_schemas == ("GitHubHook", "Hook")


def test_a_ref_into_a_schema_uses_the_whole_schema() -> None:
    api = _build(_document(_get({"$ref": "#/components/schemas/Pet/properties/owner"}), {
        "Pet": _object(owner=_ref("Owner")), "Owner": _object(), "Orphan": _object()}))
    assert _kept(api) == {"Pet", "Owner"}
