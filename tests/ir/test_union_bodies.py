"""A request body with a `oneOf`/`anyOf` beside its properties (`ir.bodies`): one argument,
`body`, typed as the branches' classes; a multipart one stays spread into keyword arguments,
whose properties name the parts sent as files (taken whole, a file would go as a text field)."""

from __future__ import annotations

from typing import Any

import pytest

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _document(media_type: str) -> dict[str, Any]:
    schema = {"type": "object", "properties": {"file": {"type": "string", "format": "binary"},
                                               "url": {"type": "string"}},
              "oneOf": [{"required": ["file"]}, {"required": ["url"]}]}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/up": {
        "post": {"operationId": "upload", "requestBody": {"required": True, "content": {
            media_type: {"schema": schema}}}, "responses": {"204": {"description": "ok"}}}}}}


def _operation(media_type: str) -> Any:
    api = ir.build(_document(media_type), OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    return operation


@pytest.mark.parametrize("media_type", ["application/json",
                                        "application/x-www-form-urlencoded"])
def test_a_union_body_is_one_argument(media_type: str) -> None:
    operation = _operation(media_type)
    assert not operation.body.expanded
    assert [(p.name, p.model_key, p.required) for p in operation.params] == [
        ("body", "", True)]


def test_a_multipart_union_body_stays_spread_with_its_file_parts() -> None:
    operation = _operation("multipart/form-data")
    assert operation.body.expanded and operation.body.file_fields == ("file",)
    assert [(p.name, p.required) for p in operation.params] == [("file", False),
                                                                ("url", False)]


def test_a_union_beside_properties_only_inherited_through_all_of_stays_spread() -> None:
    """dcg makes one class per branch only for a schema with `properties` of its own; one that
    has them only through `allOf` is a class of the `allOf` (the union left out), so its body
    is spread into keyword arguments as before, and `diff` spells it the same way
    (`document.schemas.branches_beside_properties`, read by both)."""
    document = _document("application/json")
    body = document["paths"]["/up"]["post"]["requestBody"]["content"]["application/json"]
    document["components"] = {"schemas": {"Base": {"type": "object", "properties": {
        "url": {"type": "string"}, "html": {"type": "string"}}}}}
    body["schema"] = {"type": "object", "allOf": [{"$ref": "#/components/schemas/Base"}],
                      "oneOf": [{"required": ["url"]}, {"required": ["html"]}]}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert operation.body.expanded
    assert sorted(p.name for p in operation.params) == ["html", "url"]


def _all_of_body(union: list[dict[str, Any]]) -> Any:
    document = _document("application/json")
    document["components"] = {"schemas": {
        "Slack": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["slack"]}}},
        "Linear": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["linear"]}}},
        "Setup": {"oneOf": union}}}
    body = document["paths"]["/up"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = {"allOf": [{"$ref": "#/components/schemas/Setup"},
                                {"type": "object", "properties": {"role": {"type": "string"}}}]}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    return operation


def test_a_body_whose_all_of_merges_in_a_union_is_one_argument() -> None:
    """GitBook's `createSiteChannel`: `allOf: [$ref: SiteChannelSetup (a oneOf), {properties:
    {role}}]` is a union of classes (each branch with `role`); spread, it took `role` alone."""
    operation = _all_of_body([{"$ref": "#/components/schemas/Slack"},
                              {"$ref": "#/components/schemas/Linear"}])
    assert not operation.body.expanded
    assert [(p.name, p.model_key) for p in operation.params] == [("body", "")]


def test_a_nullable_reference_merged_in_by_all_of_is_one_argument_too() -> None:
    """`oneOf: [$ref: X, {type: null}]` merged in: the body's class is a root model of X and
    the other part; spread, the arguments left out X's fields (`role` alone, typed `object`)."""
    operation = _all_of_body([{"$ref": "#/components/schemas/Slack"}, {"type": "null"}])
    assert not operation.body.expanded
    assert [(p.name, p.model_key) for p in operation.params] == [("body", "")]
