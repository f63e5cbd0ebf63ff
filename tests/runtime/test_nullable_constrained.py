"""A nullable constrained value written as a union with null (OpenAPI 3.1's
`anyOf: [{type: integer, minimum: 0}, {type: "null"}]`, FastAPI's `Optional[conint(ge=0)]`)
is a plain `int | None` with its constraint, as `type: [integer, "null"]` is.

datamodel-code-generator made a RootModel class of the typed branch: `item.b` was
`ItemB(root=2)`, `item.b == 2` was False, `item.b + 1` failed mypy, and a method's argument
wanted an `ItemB`. The client calls a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_nullable_constrained"
FIELDS = {
    "count": {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]},
    "code": {"anyOf": [{"type": "null"}, {"type": "string", "maxLength": 3}],
             "description": "the code"},
    "tags": {"oneOf": [{"type": "array", "items": {"type": "string"}, "maxItems": 2},
                       {"type": "null"}]},
    "kind": {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
    # a branch of several types is left as it is (its `type` list is no one type to fold)
    "either": {"anyOf": [{"type": ["integer", "string"]}, {"type": "null"}]},
}


def _document(version: str) -> dict[str, Any]:
    fields = FIELDS if version.startswith("3.1") else {
        "count": {"type": "integer", "minimum": 0, "nullable": True}}
    item = {"type": "object", "required": list(fields), "properties": fields}
    return {
        "openapi": version, "info": {"title": "Items", "version": "1"},
        "paths": {"/items": {"post": {
            "operationId": "createItem",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Item"}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Item"}}}}},
        }}},
        "components": {"schemas": {"Item": item}},
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, dict[str, str]]:
    root = tmp_path_factory.mktemp("nullable_constrained")
    spec = root / "items.json"
    spec.write_text(json.dumps(_document("3.1.0")), encoding="utf-8")
    packages = pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)])
    for name, files in packages.items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE), packages[PACKAGE]


def test_the_fields_are_plain_values_with_their_constraints(
        built: tuple[ModuleType, dict[str, str]]) -> None:
    _, files = built
    models = "".join(text for name, text in files.items() if name.startswith("models/_item"))
    assert "RootModel" not in models
    assert "count: Annotated[int | None, Field(ge=0)]" in models
    assert 'code: Annotated[str | None, Field(description="the code", max_length=3)]' in models
    assert "tags: Annotated[list[str] | None, Field(max_length=2)]" in models
    assert "kind: ItemKind | None" in models  # an enum keeps its class


def test_answers_and_arguments_take_plain_values(built: tuple[ModuleType, dict[str, str]]) -> None:
    package, _ = built
    answer = {"count": 2, "code": "abc", "tags": ["x"], "kind": None, "either": 1}
    with ScriptedServer([Reply(200, body=answer)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            item = client.default.create_item(count=3, code=None, tags=["y"], kind="a",
                                              either="e")
        (request,) = server.requests
    assert request.json() == {"count": 3, "code": None, "tags": ["y"], "kind": "a", "either": "e"}
    assert (item.count, item.code, item.tags) == (2, "abc", ["x"])
    assert item.count + 1 == 3
    with pytest.raises(pydantic.ValidationError):
        package.models.Item(count=-1, code=None, tags=None, kind=None, either=None)
    with pytest.raises(package.RequestValidationError, match="count"):
        package.Client(base_url=server.url).default.create_item(
            count=-1, code=None, tags=None, kind=None, either=None)


def test_the_30_spelling_gives_the_same_type(tmp_path: Any) -> None:
    spec = tmp_path / "items.json"
    spec.write_text(json.dumps(_document("3.0.3")), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "pkg30")])["pkg30"]
    assert "count: Annotated[int | None, Field(ge=0)]" in files["models/_item.py"]
