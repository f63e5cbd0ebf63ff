"""A request body with a property named "" (legal JSON, `{"": "x"}`) is one argument, `body`
(`ir.bodies`): no keyword argument can name that property, and spread into keyword arguments
the property took the argument of a whole body (`Param.model_key` "" is what marks it), so the
method had `value: Item | ItemParam` (the whole body's type, documented "The request body.")
and sent what was passed as the value of "". The call below goes to a scripted server on
127.0.0.1."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator import ir, pipeline
from generator.io import write
from tests.support import import_from
from tests.support.servers import Reply, ScriptedServer

OPTIONS = ir.BuildOptions(package="pkg", api_key_env="PKG_API_KEY", base_url_env="PKG_BASE_URL")
PACKAGE = "trial_empty_property"


def _document() -> dict[str, Any]:
    schema = {"type": "object", "required": ["name"],
              "properties": {"name": {"type": "string"}, "": {"type": "string"}}}
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/items": {
        "post": {"operationId": "create", "requestBody": {"required": True, "content": {
            "application/json": {"schema": schema}}}, "responses": {"204": {"description": "ok"}}}}}}


def test_a_body_with_an_empty_property_name_is_one_argument() -> None:
    api = ir.build(_document(), OPTIONS)
    (operation,) = [op for resource in api.resources for op in resource.operations]
    assert not operation.body.expanded
    assert [(p.name, p.model_key, p.required) for p in operation.params] == [("body", "", True)]


def test_the_property_is_sent_as_given(
    tmp_path: Path, serve: Callable[..., ScriptedServer]
) -> None:
    spec = tmp_path / "items.json"
    spec.write_text(json.dumps(_document()), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, tmp_path / "out" / name)
    package = import_from(tmp_path / "out", PACKAGE)
    server = serve([Reply(204)])
    with package.Client(base_url=server.url, max_retries=0) as client:
        assert client.default.create(body={"name": "n", "": "empty"}) is None
    [request] = server.requests
    assert request.json() == {"name": "n", "": "empty"}
