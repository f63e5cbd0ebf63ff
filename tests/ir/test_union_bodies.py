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


def test_a_body_whose_all_of_merges_in_only_required_lists_stays_spread() -> None:
    """`allOf: [$ref: Contact, {anyOf: [{required: [email]}, {required: [phone]}]}]` ("give one
    of them") is no union: dcg's body class is a plain subclass of Contact, and its properties
    stay keyword arguments, as they were before unions merged in by `allOf` were one argument."""
    document = _document("application/json")
    document["components"] = {"schemas": {"Contact": {
        "type": "object", "required": ["name"],
        "properties": {"name": {"type": "string"}, "email": {"type": "string"},
                       "phone": {"type": "string"}}}}}
    body = document["paths"]["/up"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = {"allOf": [{"$ref": "#/components/schemas/Contact"},
                                {"anyOf": [{"required": ["email"]}, {"required": ["phone"]}]}]}
    api = ir.build(document, OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert operation.body.expanded
    assert sorted(p.name for p in operation.params) == ["email", "name", "phone"]


# `allOf: [$ref: Contact, <part>]` bodies: whether dcg makes the body a union (a root model)
MERGED_PARTS: dict[str, dict[str, Any]] = {
    "any_of_required": {"anyOf": [{"required": ["email"]}, {"required": ["phone"]}]},
    "one_of_typed_required": {"oneOf": [{"type": "object", "required": ["email"]},
                                        {"type": "object", "required": ["phone"]}]},
    "one_of_scalars": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
    "properties_beside_required": {"properties": {"x": {"type": "string"}},
                                   "anyOf": [{"required": ["email"]}, {"required": ["phone"]}]},
    "one_of_refs": {"oneOf": [{"$ref": "#/components/schemas/Slack"},
                              {"$ref": "#/components/schemas/Linear"}]},
    "one_of_inline_objects": {"oneOf": [{"properties": {"a": {"type": "string"}}},
                                        {"properties": {"b": {"type": "string"}}}]},
    "ref_or_required": {"anyOf": [{"$ref": "#/components/schemas/Slack"}, {"required": ["phone"]}]},
}


def test_a_merged_in_body_is_one_argument_exactly_where_dcg_makes_it_a_union(tmp_path: Any) -> None:
    import json
    import re

    from generator import pipeline

    schemas = {
        "Contact": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "email": {"type": "string"}, "phone": {"type": "string"}}},
        "Slack": {"type": "object", "required": ["type"],
                  "properties": {"type": {"type": "string", "enum": ["slack"]}}},
        "Linear": {"type": "object", "required": ["type"],
                   "properties": {"type": {"type": "string", "enum": ["linear"]}}}}
    paths = {f"/{name}": {"post": {"operationId": name, "tags": ["s"], "requestBody": {
        "required": True, "content": {"application/json": {"schema": {
            "allOf": [{"$ref": "#/components/schemas/Contact"}, part]}}}},
        "responses": {"204": {"description": "ok"}}}} for name, part in MERGED_PARTS.items()}
    spec = tmp_path / "merged.json"
    spec.write_text(json.dumps({"openapi": "3.0.3", "info": {"title": "m", "version": "1"},
                                "components": {"schemas": schemas}, "paths": paths}))
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "merged")])["merged"]
    models = "".join(text for path, text in files.items() if path.startswith("models/"))
    source = files["resources/s.py"]
    found = {}
    for name in MERGED_PARTS:
        signature = source[source.index(f"    def {name}("):].split(") ->", 1)[0]
        body_class = "S" + "".join(word.capitalize() for word in name.split("_")) + "Body"
        declared = re.search(rf"^class {body_class}\(\s*(\w+)", models, re.MULTILINE)
        assert declared is not None, body_class
        found[name] = ("\n        body: " in signature, declared[1] == "RootModel")
    assert all(one_argument == union for one_argument, union in found.values()), found
    assert {name for name, (one_argument, _) in found.items() if one_argument} == {
        "properties_beside_required", "one_of_refs", "one_of_inline_objects", "ref_or_required"}
