"""A required parameter whose schema allows one value is sent with that value when the call
leaves it out (AWS's JSON APIs: `X-Amz-Target: {required: true, enum:
[secretsmanager.DeleteSecret]}` names the operation on the wire, and every call had to spell
it); a value given is sent as given, and a parameter of two values stays required. The client
calls a scripted server on 127.0.0.1."""

from __future__ import annotations

import inspect
import json
from types import ModuleType
from typing import Any

import pytest

from generator import pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

pytestmark = pytest.mark.timeout(120)

PACKAGE = "trial_only_value"

DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Secrets", "version": "1"},
    "paths": {"/": {"post": {
        "operationId": "DeleteSecret",
        "parameters": [
            {"name": "X-Amz-Target", "in": "header", "required": True,
             "schema": {"type": "string", "enum": ["secretsmanager.DeleteSecret"]}},
            {"name": "api-version", "in": "query", "required": True, "schema": {"const": 2}},
            {"name": "X-Region", "in": "header", "required": True,
             "schema": {"type": "string", "enum": ["eu", "us"]}},
        ],
        "responses": {"204": {"description": "done"}},
    }}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("only_value")
    spec = root / "secrets.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def _sent(package: ModuleType, **arguments: Any) -> Any:
    with ScriptedServer([Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            client.default.delete_secret(**arguments)
        (request,) = server.requests
    return request


def test_the_one_value_a_parameter_allows_is_sent_when_left_out(package: ModuleType) -> None:
    request = _sent(package, x_region="eu")
    assert request.headers["x-amz-target"] == "secretsmanager.DeleteSecret"
    assert request.query == [("api-version", "2")]
    assert request.headers["x-region"] == "eu"


def test_a_value_given_is_sent_as_given(package: ModuleType) -> None:
    request = _sent(package, x_region="us", x_amz_target="secretsmanager.DeleteSecret",
                    api_version=2)
    assert request.headers["x-amz-target"] == "secretsmanager.DeleteSecret"
    assert request.query == [("api-version", "2")]


def test_a_parameter_of_two_values_stays_required(package: ModuleType) -> None:
    with package.Client(base_url="http://127.0.0.1:9", max_retries=0) as client:
        signature = inspect.signature(client.default.delete_secret)
        with pytest.raises(TypeError, match="x_region"):
            client.default.delete_secret()  # type: ignore[call-arg]
    assert signature.parameters["x_region"].default is inspect.Parameter.empty
    for name in ("x_amz_target", "api_version"):
        assert signature.parameters[name].default is not inspect.Parameter.empty
    assert "Defaults to `'secretsmanager.DeleteSecret'`" in (
        client.default.delete_secret.__doc__ or "")
