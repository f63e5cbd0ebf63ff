"""A component schema keeps its own class name when an inline shape met earlier would take it:
`Feature.state`, an inline enum, is named `FeatureState` by datamodel-code-generator's
full-path naming, and the component `FeatureState` was then `FeatureState1`. The clients name
the component's class by its own name, so they got the enum: Jira's `toggle_feature_for_project`
raised a bare `AttributeError` before sending (the body validated against an enum), Linode's
`get_databases_engine` returned a `dict` typed as an enum (a strict client refused a valid
answer). The shape now takes a numbered name and the component its own, in either order of
the schemas. The client calls a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import enum
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

FEATURE = {"type": "object", "properties": {
    "state": {"type": "string", "enum": ["ENABLED", "DISABLED", "COMING_SOON"]}}}
FEATURE_STATE = {"type": "object", "required": ["state"], "properties": {
    "state": {"type": "string", "enum": ["ENABLED", "DISABLED"]}}}
JSON_REF = {"application/json": {"schema": {"$ref": "#/components/schemas/FeatureState"}}}


def _document(component_first: bool) -> dict[str, Any]:
    schemas = [("Feature", FEATURE), ("FeatureState", FEATURE_STATE)]
    return {
        "openapi": "3.0.3", "info": {"title": "Names", "version": "1"},
        "paths": {"/features/{key}": {
            "put": {"operationId": "toggleFeature",
                    "parameters": [{"name": "key", "in": "path", "required": True,
                                    "schema": {"type": "string"}}],
                    "requestBody": {"required": True, "content": JSON_REF},
                    "responses": {"200": {"description": "ok", "content": JSON_REF}}},
            "get": {"operationId": "getFeature",
                    "parameters": [{"name": "key", "in": "path", "required": True,
                                    "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Feature"}}}}}},
        }},
        "components": {"schemas": dict(schemas[::-1] if component_first else schemas)},
    }


@pytest.fixture(scope="module", params=[False, True], ids=["inline-first", "component-first"])
def package(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    name = f"trial_names_kept_{int(request.param)}"
    root = tmp_path_factory.mktemp(name)
    spec = root / "names.json"
    spec.write_text(json.dumps(_document(request.param)), encoding="utf-8")
    for package_name, files in pipeline.build_packages(
            [pipeline.target_for_spec(spec, name)]).items():
        write.write(files, root / "out" / package_name)
    return import_from(root / "out", name)


def test_the_component_keeps_its_name_and_the_inline_enum_is_numbered(package: ModuleType) -> None:
    models = package.models
    assert issubclass(models.FeatureState, pydantic.BaseModel)
    assert set(models.FeatureState.model_fields) == {"state"}
    assert issubclass(models.FeatureState1, enum.Enum)
    assert [m.value for m in models.FeatureState1] == ["ENABLED", "DISABLED", "COMING_SOON"]
    assert models.Feature.model_fields["state"].annotation == models.FeatureState1 | None
    text = (Path(package.__file__).parent / "api.md").read_text("utf-8")
    assert "FeatureState1" in text


def test_the_method_sends_and_reads_the_component(package: ModuleType) -> None:
    answer = {"state": "DISABLED"}
    with ScriptedServer([Reply(200, body=answer), Reply(200, body={"state": "COMING_SOON"})]) as server:
        client = package.Client(base_url=server.url, max_retries=0,
                                strict_response_validation=True)
        with client:
            got = client.default.toggle_feature(key="k", state="DISABLED")
            assert isinstance(got, package.models.FeatureState) and got.state.value == "DISABLED"
            feature = client.default.get_feature(key="k")
            assert feature.state == package.models.FeatureState1("COMING_SOON")
        assert server.requests[0].json() == answer
