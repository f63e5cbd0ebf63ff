"""A `$ref` beside `properties` / `required` (OpenAPI 3.1 reads them together; 3.0 documents
write it too): the model has every property, so the method expanding the body must take each
as an argument. The arguments were the target's alone, so `create_pet(name=...)` could never
send the required `owner` and every call failed in the model's own check."""

from __future__ import annotations

import pytest

from generator import ir


def _document(version: str) -> dict[str, object]:
    ref = {"$ref": "#/components/schemas/NewPet"}
    return {
        "openapi": version, "info": {"title": "t", "version": "1"},
        "paths": {"/pets": {"post": {
            "operationId": "createPet",
            "requestBody": {"required": True, "content": {"application/json": {"schema": ref}}},
            "responses": {"204": {"description": "ok"}}}}},
        "components": {"schemas": {
            "NewPet": {"$ref": "#/components/schemas/Base", "required": ["owner"],
                       "properties": {"owner": {"type": "string"}, "age": {"type": "integer"}}},
            "Base": {"type": "object", "required": ["name"],
                     "properties": {"name": {"type": "string"}}},
        }},
    }


@pytest.mark.parametrize("version", ["3.1.0", "3.0.3"])
def test_properties_beside_a_ref_are_arguments_too(version: str) -> None:
    api = ir.build(_document(version), ir.BuildOptions(package="pkg", api_key_env="K",
                                                       base_url_env="B"))
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert {(p.name, p.required) for p in operation.params if p.location == "body"} == {
        ("name", True), ("owner", True), ("age", False)}
