"""`nullable: true` beside a `$ref` (`assignee: {$ref: User, nullable: true}`: 3.0 says a
`$ref`'s siblings are ignored, but documents write it to mean "a User, or null", and the model's
field is `User | None`). The method read it the other way: `update_task(assignee=None)`, the
document's evident way to unassign, was refused before sending (`RequestValidationError:
assignee: the spec does not allow null`), a required one was typed without `None`, while a
`null` answer validated. Now the argument takes None and sends `null`. The client calls a
scripted server on 127.0.0.1.
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

PACKAGE = "trial_ref_nullable_sibling"
USER = {"$ref": "#/components/schemas/User"}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Tasks", "version": "1"},
    "paths": {"/tasks/{id}": {"patch": {
        "operationId": "updateTask",
        "parameters": [{"name": "id", "in": "path", "required": True,
                        "schema": {"type": "string"}}],
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object", "required": ["assignee"], "properties": {
                "assignee": {**USER, "nullable": True},
                "reviewer": {**USER, "nullable": True},
                "owner": USER}}}}},
        "responses": {"204": {"description": "ok"}}}}},
    "components": {"schemas": {
        "User": {"type": "object", "properties": {"id": {"type": "string"}}}}},
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("ref_nullable")
    spec = root / "tasks.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def test_the_arguments_take_none_as_the_models_field_does(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert text.count("assignee: _models.User | _params.UserParam | None,") == 2
    assert text.count("reviewer: _models.User | _params.UserParam | None | NotGiven") == 2


def test_none_is_sent_as_null(package: ModuleType) -> None:
    with ScriptedServer([Reply(204), Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            client.default.update_task(id="1", assignee=None, reviewer=None)
            client.default.update_task(id="1", assignee={"id": "u"})
        assert server.requests[0].json() == {"assignee": None, "reviewer": None}
        assert server.requests[1].json() == {"assignee": {"id": "u"}}


def test_a_ref_alone_still_refuses_null(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client, pytest.raises(
                package.RequestValidationError, match="owner"):
            client.default.update_task(id="1", assignee=None, owner=None)
        assert server.requests == []
