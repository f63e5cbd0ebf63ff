"""A discriminator without a mapping tags each schema with its name (OpenAPI's implicit
mapping), whatever class the schema's name makes: Bitbucket's `pullrequest` is the class
`Pullrequest`, and models.py's generator took the class name for the tag, so every real answer
failed strict validation and a model the caller made sent `"Pullrequest"`."""

from __future__ import annotations

import json
from pathlib import Path

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

DOCUMENT = {
    "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
    "paths": {"/pets/{id}": {"get": {
        "operationId": "getPet",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
            "oneOf": [{"$ref": "#/components/schemas/dog"},
                      {"$ref": "#/components/schemas/cat_pet"}],
            "discriminator": {"propertyName": "kind"}}}}}},
    }}},
    "components": {"schemas": {
        "dog": {"type": "object", "required": ["kind"],
                "properties": {"kind": {"type": "string"}, "bark": {"type": "boolean"}}},
        "cat_pet": {"type": "object", "required": ["kind"],
                    "properties": {"kind": {"type": "string"}, "meow": {"type": "boolean"}}},
    }},
}


def test_each_branch_is_tagged_with_its_schemas_name(tmp_path: Path) -> None:
    spec = tmp_path / "pets.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    generation = pipeline.generate_packages([pipeline.target_for_spec(spec, "tags_pkg")])
    write.write(generation.packages["tags_pkg"], tmp_path / "tags_pkg")
    package = import_from(tmp_path, "tags_pkg")
    replies = [Reply(200, body={"kind": "cat_pet", "meow": True}),
               Reply(200, body={"kind": "dog", "bark": False})]
    with ScriptedServer(replies) as server:
        client = package.Client(base_url=server.url, strict_response_validation=True)
        cat, dog = client.default.get_pet(id="1"), client.default.get_pet(id="2")
    assert isinstance(cat, package.models.CatPet) and cat.meow is True
    assert isinstance(dog, package.models.Dog) and dog.bark is False
    assert package.models.CatPet(kind="cat_pet", meow=True).kind == "cat_pet"
    with pytest.raises(pydantic.ValidationError):
        package.models.CatPet(kind="CatPet")  # the class's name is no tag the server knows
