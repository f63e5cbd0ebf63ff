"""A `default` beside an `allOf` that misfits its member's type, in a request body (ShipEngine's
`packages[].insured_value: {default: [{currency: usd, amount: 0}], allOf: [{type: object}]}`,
under `create_label`, `create_shipments`, `estimate_rates`...).

openapi-spec-validator checks no default under a request body, and our own check left a
composed schema to it: the default stayed, datamodel-code-generator's model validates an
object field's default (`validate_default=True`), so every call that left the field out
raised `RequestValidationError: ...insured_value: Input should be a valid dictionary` and
nothing could be sent. The default is now dropped as a repair, named at its pointer, and the
call goes out without the field. The client calls a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_all_of_default_misfit"
MONEY = {"type": "object", "required": ["currency", "amount"],
         "properties": {"currency": {"type": "string"}, "amount": {"type": "number"}}}
PACKAGE_SCHEMA = {"type": "object", "required": ["weight"], "properties": {
    "weight": {"type": "number"},
    "insured_value": {"default": [{"currency": "usd", "amount": 0}], "allOf": [MONEY]},
}}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Labels", "version": "1"},
    "paths": {"/labels": {"post": {
        "operationId": "createLabel",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["packages"],
            "properties": {"packages": {"type": "array", "items": PACKAGE_SCHEMA}}}}}},
        "responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"type": "object", "properties": {"label_id": {"type": "string"}}}}}}},
    }}},
}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, dict[str, str]]:
    root = tmp_path_factory.mktemp("all_of_default")
    spec = root / "labels.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    packages = pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)])
    for name, files in packages.items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE), packages[PACKAGE]


def test_the_misfit_default_is_dropped_and_named(built: tuple[ModuleType, dict[str, str]]) -> None:
    _, files = built
    assert "/insured_value/default" in files["COVERAGE.md"]
    assert "is not of type 'object'" in files["COVERAGE.md"]
    assert "validate_default" not in "".join(
        text for name, text in files.items() if name.startswith("models/"))


def test_a_call_leaving_the_field_out_is_sent(built: tuple[ModuleType, dict[str, str]]) -> None:
    package, _ = built
    with ScriptedServer([Reply(200, body={"label_id": "se-1"})]) as server:
        with package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
            label = client.default.create_label(packages=[{"weight": 2.5}])
        (request,) = server.requests
    assert label.label_id == "se-1"
    assert request.json() == {"packages": [{"weight": 2.5}]}


def test_a_value_given_is_still_checked_and_sent(built: tuple[ModuleType, dict[str, str]]) -> None:
    package, _ = built
    with ScriptedServer([Reply(200, body={})], repeat_last=True) as server:
        with package.Client(base_url=server.url, api_key="k", max_retries=0) as client:
            client.default.create_label(
                packages=[{"weight": 1, "insured_value": {"currency": "usd", "amount": 10}}])
            with pytest.raises(package.RequestValidationError, match="insured_value"):
                client.default.create_label(packages=[{"weight": 1, "insured_value": [1]}])
        assert [r.json() for r in server.requests] == [
            {"packages": [{"weight": 1, "insured_value": {"currency": "usd", "amount": 10}}]}]


def test_a_fitting_default_beside_an_all_of_is_kept(tmp_path: Path) -> None:
    fitting = json.loads(json.dumps(DOCUMENT))
    schema = fitting["paths"]["/labels"]["post"]["requestBody"]["content"]["application/json"]
    prop = schema["schema"]["properties"]["packages"]["items"]["properties"]["insured_value"]
    prop["default"] = {"currency": "usd", "amount": 0}
    spec = tmp_path / "fitting.json"
    spec.write_text(json.dumps(fitting), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "fitting")])["fitting"]
    assert "insured_value/default" not in files.get("COVERAGE.md", "")
    assert '"currency": "usd"' in "".join(
        text for name, text in files.items() if name.startswith("models/"))


# An object default that lacks a required property or holds one of another type: the model
# builds it when its module is imported (`A.model_validate({"currency": "usd"})`), so the
# package raised pydantic's ValidationError at the first call (or import) of its models.
OBJECT_DEFAULTS: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Defaults", "version": "1"},
    "paths": {"/p": {"post": {
        "operationId": "createPackage",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "a": {"default": {"currency": "usd"}, "allOf": [MONEY]},
                "b": {**MONEY, "default": {}},
                "c": {"type": "object", "properties": {"x": {"type": "integer"}},
                      "default": {"x": "notint"}},
                "d": {**MONEY, "default": {"currency": "eur", "amount": 1}},
            }}}}},
        "responses": {"204": {"description": "ok"}},
    }}},
}


def test_object_defaults_that_misfit_are_dropped_and_the_package_imports(tmp_path: Path) -> None:
    spec = tmp_path / "defaults.json"
    spec.write_text(json.dumps(OBJECT_DEFAULTS), encoding="utf-8")
    files = pipeline.build_packages([pipeline.target_for_spec(spec, "object_defaults")])
    coverage = files["object_defaults"]["COVERAGE.md"]
    for name, message in (("a", "'amount' is a required property"),
                          ("b", "'currency' is a required property"),
                          ("c", "'notint' is not of type 'integer'")):
        assert f"/properties/{name}/default" in coverage
        assert message in coverage
    assert "/properties/d/default" not in coverage  # a default that fits stays
    write.write(files["object_defaults"], tmp_path / "out" / "object_defaults")
    package = import_from(tmp_path / "out", "object_defaults")
    with ScriptedServer([Reply(204)], repeat_last=True) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            assert client.default.create_package() is None
            assert client.default.create_package(b={"currency": "usd", "amount": 2}) is None
        assert [r.json() for r in server.requests] == [{}, {"b": {"currency": "usd", "amount": 2}}]
