"""ir.build's working copy: component schemas named as classes, every ref to a renamed one
following it (into its insides too, and in subtrees the document shares), non-ASCII enums'
members named; the document itself left as it was."""

from __future__ import annotations

import copy
import json
from pathlib import Path
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


def test_enum_extensions_in_another_shape_are_given_to_the_models_as_they_read_them() -> None:
    """datamodel-code-generator reads `x-enum-varnames`, `x-enumNames` and
    `x-enum-descriptions` as lists of texts; any other shape failed its run for the whole
    package (Scalar's Galaxy writes `x-enum-descriptions` as a mapping from value to text)."""
    data = _document()
    data["components"]["schemas"]["Level"] = {
        "type": "integer", "enum": [1, 2, 3],
        "x-enum-descriptions": {"1": "low", "3": "high"},  # by value: in the enum's order
        "x-enum-varnames": ["one", 2, {"x": 1}],  # a number as its text, an object as no name
        "x-enumNames": "levels"}  # a lone text names nothing: left out
    level = ir.build(data, OPTIONS).models_input["components"]["schemas"]["Level"]
    assert level["x-enum-descriptions"] == ["low", None, "high"]
    assert level["x-enum-varnames"] == ["one", "2", None]
    assert "x-enumNames" not in level
    assert data["components"]["schemas"]["Level"]["x-enumNames"] == "levels"


def test_a_document_with_enum_descriptions_by_value_generates(tmp_path: Path) -> None:
    from generator import pipeline
    from generator.io import write
    from tests.support import import_from

    spec = tmp_path / "galaxy.json"
    data = _document()
    data["components"]["schemas"]["Pet"]["properties"]["size"] = {
        "type": "string", "enum": ["s", "m"], "x-enum-descriptions": {"s": "small", "m": "medium"}}
    spec.write_text(json.dumps(data), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "galaxy")])["galaxy"]
    write.write(files, tmp_path / "galaxy")
    package = import_from(tmp_path, "galaxy")
    assert package.models.Pet.model_validate({"size": "m"}).size.value == "m"
