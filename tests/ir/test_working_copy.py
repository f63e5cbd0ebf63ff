"""ir.build's working copy: component schemas named as classes, every ref to a renamed one
following it (into its insides too, and in subtrees the document shares), non-ASCII enums'
members named; the document itself left as it was."""

from __future__ import annotations

import copy
from typing import Any

from generator import ir

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")


def _document() -> dict[str, Any]:
    shared = {"$ref": "#/components/schemas/pet-list/items"}  # one object in two places
    return {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {"/pets": {"get": {
            "operationId": "listPets",
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/pet-list"}}}}}}}},
        "components": {"schemas": {
            "pet-list": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}},
            "Pet": {"type": "object", "properties": {
                "kind": {"type": "string", "enum": ["ﬁ", "fi"]},
                "named": {"type": "string", "enum": ["é"], "x-enum-varnames": ["E"]},
                "first": shared, "again": shared}},
        }},
    }


def test_the_working_copy_names_classes_and_follows_them_and_leaves_the_document() -> None:
    data = _document()
    before = copy.deepcopy(data)
    working = ir.build(data, OPTIONS).models_input
    assert data == before
    schemas = working["components"]["schemas"]
    assert list(schemas) == ["Pet", "PetList"]
    response = working["paths"]["/pets"]["get"]["responses"]["200"]
    assert response["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PetList"}
    pet = schemas["Pet"]["properties"]
    assert pet["first"] == {"$ref": "#/components/schemas/PetList/items"}
    assert pet["first"] is pet["again"], "a subtree the document shares stays shared"
    assert pet["kind"]["x-enum-varnames"] == ["fi", "fi2"]
    assert pet["named"]["x-enum-varnames"] == ["E"], "an enum naming its members keeps them"
    assert "x-enum-varnames" not in data["components"]["schemas"]["Pet"]["properties"]["kind"]
