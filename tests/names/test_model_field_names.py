"""`names.aliases.model_field_name` spells the attribute datamodel-code-generator gives each
property (what `diff` names a model field by, without generating the models), proved against a
real generation of the tricky names: camelCase, acronyms, digits, keywords, pydantic's own
attributes, leading underscores, Unicode letters."""

from __future__ import annotations

import pydantic
import pytest
import yaml

from generator.names.aliases import BASE_MODEL_ATTRIBUTES, model_field_name
from tests.support import import_from
from tests.tolerate.test_tolerant_generation import run_cli

NAMES = [
    "self", "timeout", "class", "1st", "9", "model_config", "userName", "x-y", "größe",
    "größeWert", "ÆON", "model_dump", "model_validate_x", "model_fields_set", "schema", "json",
    "copy", "dict", "validate", "fields", "extra_body", "_private", "__dunder__", "_", "type",
    "id", "max_retries", "HTTPCode", "HTTP2Code", "S3Bucket", "sha256Sum", "x509cert", "v2beta",
    "page2", "ipv4Address", "camelCaseID", "ALLCAPS", "Content-Type", "a.b", "with space",
    "match", "case", "print", "list",
]

@pytest.fixture(scope="module")
def generated_fields(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """wire name -> the attribute of the generated model."""
    root = tmp_path_factory.mktemp("fields")
    document = {
        "openapi": "3.0.3", "info": {"title": "t", "version": "1"},
        "paths": {"/job": {"get": {"operationId": "getJob", "responses": {"200": {
            "description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Job"}}}}}}}},
        "components": {"schemas": {"Job": {
            "type": "object", "properties": {name: {"type": "string"} for name in NAMES}}}},
    }
    spec = root / "fields.yaml"
    spec.write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    result = run_cli("generate", "--spec", spec, "--out", root / "fieldspkg", "--no-cache")
    assert result.returncode == 0, result.stderr
    job = import_from(root, "fieldspkg").models.Job
    return {info.alias or attribute: attribute for attribute, info in job.model_fields.items()}

@pytest.mark.parametrize("wire", NAMES)
def test_the_attribute_is_the_one_generation_gives(wire: str,
                                                   generated_fields: dict[str, str]) -> None:
    assert model_field_name(wire) == generated_fields[wire]

def test_the_base_model_attributes_are_pydantics() -> None:
    public = {name for name in dir(pydantic.BaseModel) if not name.startswith("_")}
    assert public == BASE_MODEL_ATTRIBUTES

def test_not_an_argument_name() -> None:
    """A model field is not a method argument: `self` and `timeout` keep their names there."""
    assert (model_field_name("self"), model_field_name("timeout")) == ("self", "timeout")

