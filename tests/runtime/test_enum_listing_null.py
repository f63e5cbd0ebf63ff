"""A 3.1 `enum` that lists null, with no `type` to refuse it (`status: {enum: [new, done,
null]}`): null is one of its values. Before, the argument was typed without `None` and a call
giving `status=None` was refused before sending (`RequestValidationError: status: the spec does
not allow null`); a success answer of such a schema was typed without `None` too. Now the
argument takes None and sends `null`; the method's answer is `... | None`. A `type` that refuses
null (`type: string, enum: [a, null]`) still refuses it. The client calls a scripted server
on 127.0.0.1.
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

PACKAGE = "trial_enum_listing_null"
STATUS = {"enum": ["new", "in-progress", None]}
DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Enum null", "version": "1"},
    "paths": {
        "/orders": {"post": {
            "operationId": "createOrder",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": {
                    "status": STATUS,
                    "typed": {"type": "string", "enum": ["a", None]},
                }}}}},
            "responses": {"204": {"description": "ok"}},
        }},
        "/status": {"get": {
            "operationId": "getStatus",
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": STATUS}}}},
        }},
    },
}


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    root = tmp_path_factory.mktemp("enum_null")
    spec = root / "enum_null.json"
    spec.write_text(json.dumps(DOCUMENT), encoding="utf-8")
    for name, files in pipeline.build_packages([pipeline.target_for_spec(spec, PACKAGE)]).items():
        write.write(files, root / "out" / name)
    return import_from(root / "out", PACKAGE)


def test_the_argument_and_the_answer_take_none(package: ModuleType) -> None:
    text = (Path(package.__file__).parent / "resources" / "default.py").read_text("utf-8")
    assert '_typing.Literal["new", "in-progress"]\n        | None\n        | NotGiven' in text
    assert text.count(") -> _models.GetStatusResponse | None:") == 2  # sync and async


def test_none_is_sent_as_null_and_null_read_as_none(package: ModuleType) -> None:
    with ScriptedServer([Reply(204), Reply(200, body=b"null",
                                           headers={"Content-Type": "application/json"})]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client:
            assert client.default.create_order(status=None) is None
            assert client.default.get_status() is None
        assert server.requests[0].json() == {"status": None}


def test_a_type_that_refuses_null_still_refuses_it(package: ModuleType) -> None:
    with ScriptedServer([Reply(204)]) as server:
        with package.Client(base_url=server.url, max_retries=0) as client, pytest.raises(
                package.RequestValidationError, match="typed"):
            client.default.create_order(typed=None)
        assert server.requests == []
