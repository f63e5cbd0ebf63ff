"""A `$ref` beside `properties` / `required` (OpenAPI 3.1 reads them together; 3.0 documents
write it too): the model has every property, so the method expanding the body must take each
as an argument. The arguments were the target's alone, so `create_pet(name=...)` could never
send the required `owner` and every call failed in the model's own check."""

from __future__ import annotations

import pytest

from generator import ir
from generator.problems import NOTE


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


def _nullable_ref_document(version: str) -> dict[str, object]:
    user = {"$ref": "#/components/schemas/User"}
    return {
        "openapi": version, "info": {"title": "t", "version": "1"},
        "paths": {"/tasks/{id}": {"patch": {
            "operationId": "updateTask",
            "parameters": [{"name": "id", "in": "path", "required": True,
                            "schema": {"type": "string"}},
                           {"name": "team", "in": "query",
                            "schema": {"$ref": "#/components/schemas/Team", "nullable": True}}],
            "requestBody": {"content": {"application/json": {"schema": {
                "$ref": "#/components/schemas/Task"}}}},
            "responses": {"204": {"description": "ok"}}}}},
        "components": {"schemas": {
            "User": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Team": {"type": "string", "enum": ["a", "b"]},
            "Task": {"type": "object", "required": ["assignee"], "properties": {
                "assignee": {**user, "nullable": True},
                "reviewer": {**user, "nullable": True, "description": "who reviews"},
                "owner": user}},
        }},
    }


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_nullable_beside_a_ref_lets_the_argument_take_none_as_the_model_does(
        version: str) -> None:
    """`{$ref: User, nullable: true}` (a PATCH unassigning): the models read it as `User | None`
    (in a 3.1 document too, where `nullable` is a 3.0 habit), but the argument refused None
    ("the spec does not allow null"), and a required one was typed without it. The reading
    is named where the document writes it; a `$ref` alone still refuses null."""
    api = ir.build(_nullable_ref_document(version),
                   ir.BuildOptions(package="pkg", api_key_env="K", base_url_env="B"))
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert {p.wire_name: p.nullable for p in operation.params} == {
        "id": False, "team": True, "assignee": True, "reviewer": True, "owner": False}
    notes = {note.pointer for note in api.renames if note.kind == NOTE}
    assert notes == {"/components/schemas/Task/properties/assignee",
                     "/components/schemas/Task/properties/reviewer",
                     "/paths/~1tasks~1{id}/patch/parameters/1/schema"}
    assert all("`nullable: true` beside a `$ref`" in note.problem for note in api.renames)
