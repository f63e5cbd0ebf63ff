"""A `$ref` to a schema inside another place (APIs.guru's bundles: into an operation's answer,
into a component's property) gives one class, named from the place it is defined.

datamodel-code-generator named such a target by the pointer's last segment (`Field1`,
`Owner`), and made it a second class beside the one its own place got: DigitalOcean's
`volumes.list()` answered a `Field1` where `droplets.list()` answered the same links as its
own class."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from generator.ir.ref_targets import pointing_inside
from tests.support import import_from

OBJECT_ID = {"type": "object", "properties": {"id": {"type": "integer"}}}
LINKS = {"type": "object", "properties": {"links": {"type": "object", "properties": {
    "next": {"type": "string"}}}}}


def _answer(schema: dict[str, Any]) -> dict[str, Any]:
    return {"200": {"description": "ok", "content": {"application/json": {"schema": schema}}}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Refs", "version": "1"},
    "paths": {
        "/droplets": {"get": {"operationId": "droplets_list", "responses": _answer(
            {"allOf": [{"type": "object", "properties": {"droplets": {
                "type": "array", "items": OBJECT_ID}}}, LINKS]})}},
        "/volumes": {"get": {"operationId": "volumes_list", "responses": _answer(
            {"allOf": [{"type": "object", "properties": {"volumes": {
                "type": "array", "items": OBJECT_ID}}},
                {"$ref": "#/paths/~1droplets/get/responses/200/content/application~1json"
                         "/schema/allOf/1"}]})}},
        "/owner": {"get": {"operationId": "get_owner", "responses": _answer(
            {"$ref": "#/components/schemas/Thing/properties/owner"})}},
        "/meta": {"get": {"operationId": "get_meta", "responses": _answer(
            {"$ref": "#/components/responses/Listed/content/application~1json/schema/properties"
                     "/meta"})}},
        "/listed": {"get": {"operationId": "get_listed",
                            "responses": {"200": {"$ref": "#/components/responses/Listed"}}}},
    },
    "components": {
        "responses": {"Listed": {"description": "ok", "content": {"application/json": {
            "schema": {"type": "object", "properties": {"meta": {
                "type": "object", "properties": {"total": {"type": "integer"}}}}}}}}},
        "schemas": {"Thing": {"type": "object", "properties": {"owner": {
            "type": "object", "properties": {"login": {"type": "string"}}}}}},
    },
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("ref_targets")
    spec = root / "refs.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, "refs")]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", "refs")


def _returned(package: ModuleType, method: str) -> Any:
    import importlib
    import typing

    module = importlib.import_module(f"{package.__name__}.resources.default")
    return typing.get_type_hints(getattr(module.Default, method), vars(module))["return"]


def test_a_target_inside_an_answer_is_one_class_named_from_its_operation(
        package: ModuleType) -> None:
    models = package.models
    links = models.DropletsListResponseAllOf1
    assert issubclass(models.DropletsListResponse, links)
    assert issubclass(models.VolumesListResponse, links)
    assert not hasattr(models, "Field1")


def test_a_target_inside_a_component_is_the_class_its_place_has(package: ModuleType) -> None:
    models = package.models
    assert _returned(package, "get_owner") is models.ThingOwner
    assert models.Thing.model_fields["owner"].annotation == models.ThingOwner | None
    assert not hasattr(models, "Owner")
    meta = models.ListedResponseMeta
    assert _returned(package, "get_meta") is meta
    assert models.GetListedResponse.model_fields["meta"].annotation == meta | None


@pytest.mark.parametrize(("ref", "inside"), [
    ("#/components/schemas/Thing/properties/owner", True),
    ("#/components/schemas/Thing/allOf/0/items", True),
    ("#/paths/~1x/get/responses/200/content/application~1json/schema", True),
    ("#/paths/~1x/parameters/0/schema", True),
    ("#/components/schemas/Thing", False),  # a component schema itself
    ("#/components/schemas/Thing/properties", False),  # a map of schemas, no schema
    ("#/components/schemas/Thing/allOf/first", False),
    ("#/paths/~1x/get/parameters/0", False),  # a parameter object
    ("#/paths/~1x/get/responses/200/content/application~1json/example", False),
    ("other.yaml#/components/schemas/Thing/properties/owner", False),  # another file's
    ("#", False), ("#/", False),  # the whole document
])
def test_only_schemas_inside_another_place_are_moved(ref: str, inside: bool) -> None:
    assert (pointing_inside(ref) is not None) is inside


def test_the_package_names_no_class_by_a_pointers_last_segment(package: ModuleType) -> None:
    names = set(package.models.__all__)
    assert not names & {"Field1", "Owner", "Meta", "Links"}, names
