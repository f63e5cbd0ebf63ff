"""A request tells its variants apart by a constant each model class stands for (Adyen's
`actionDetails`: `InstallAndroidAppDetails` or `UninstallAndroidAppDetails`, each with
`type: {enum: [UninstallAndroidApp], default: ...}`; a discriminator; a 3.1 `const`).

The runtime dumps request models without the fields the caller left unset, so
`action_details=models.Uninstall(app_id="a1")` was sent as `{"appId": "a1"}`: the server could
not tell an uninstall from an install, and the echoed answer parsed back as `Install`. Such a
constant is now written whether set or not, in nested models, lists and maps too. The client
calls a scripted server on 127.0.0.1.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_request_constants"


def _variant(tag: str) -> dict[str, Any]:
    return {"type": "object", "properties": {
        "appId": {"type": "string"}, "type": {"type": "string", "enum": [tag], "default": tag}}}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Actions", "version": "1"},
    "paths": {"/actions": {"post": {
        "operationId": "createAction",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "properties": {
                "details": {"oneOf": [{"$ref": "#/components/schemas/Install"},
                                      {"$ref": "#/components/schemas/Uninstall"}]},
                "batch": {"type": "array", "items": {"$ref": "#/components/schemas/Uninstall"}},
                "named": {"type": "object",
                          "additionalProperties": {"$ref": "#/components/schemas/Pinned"}},
                "free": {"type": "object"},
            }}}}},
        "parameters": [{"name": "format", "in": "query",
                        "schema": {"type": "string", "enum": ["json"], "default": "json"}}],
        "responses": {"204": {"description": "done"}},
    }}},
    "components": {"schemas": {
        "Install": _variant("InstallApp"),
        "Uninstall": _variant("UninstallApp"),
        "Pinned": {"type": "object", "properties": {"version": {"const": 2, "default": 2}}},
    }},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("request_constants")
    spec = root / "actions.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _sent(package: ModuleType, **arguments: Any) -> Any:
    with ScriptedServer([Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            client.default.create_action(**arguments)
        (request,) = server.requests
    return request.json()


def test_a_variants_constant_is_sent_though_left_unset(package: ModuleType) -> None:
    models = package.models
    sent = _sent(package, details=models.Uninstall(app_id="a1"),
                 batch=[models.Uninstall(app_id="b1")], named={"x": models.Pinned()})
    assert sent == {"details": {"appId": "a1", "type": "UninstallApp"},
                    "batch": [{"appId": "b1", "type": "UninstallApp"}],
                    "named": {"x": {"version": 2}}}


def test_fields_left_unset_that_are_no_constant_stay_out(package: ModuleType) -> None:
    assert _sent(package, details=package.models.Install()) == {"details": {"type": "InstallApp"}}
    assert _sent(package, batch=[]) == {"batch": []}


def test_a_model_in_a_free_form_value_gets_its_constant(package: ModuleType) -> None:
    sent = _sent(package, free={"x": package.models.Uninstall(app_id="f")})
    assert sent == {"free": {"x": {"appId": "f", "type": "UninstallApp"}}}


def test_a_dict_the_caller_gave_gets_no_constant_the_union_chose(package: ModuleType) -> None:
    """`details={"appId": "a1"}` validates as the union's first branch, `Install`: the caller
    chose no variant, and none is claimed for them (nor a parameter's one-value default)."""
    with ScriptedServer([Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            client.default.create_action(details={"appId": "a1"})
        (request,) = server.requests
    assert request.json() == {"details": {"appId": "a1"}}
    assert request.query == []
